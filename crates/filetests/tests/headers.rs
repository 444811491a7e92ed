//! Every `.mlir` file under `tests/` opens with its header (`// test:
//! <kind>`), and the directives of its kind read without error. Prints the
//! totals, by kind, of the files and of the cases their directives hold.

use filetests::header::{body, kind_of, Kind};
use filetests::{cases, forms, mlir_files, RunLine};
use std::collections::BTreeMap;

const TESTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests");

#[test]
fn every_test_file_names_its_kind() {
    let files = mlir_files(TESTS);
    assert!(files.len() >= 150, "{} test files", files.len());
    let mut errors = Vec::new();
    let mut totals: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{e}"));
        let body = body(&text);
        let directives = kind_of(file, &text).and_then(|kind| {
            let count = match kind {
                Kind::RunLines => RunLine::all(file, &body)?.len(),
                Kind::StageForms => forms(&body).len(),
                Kind::InterpCases => cases(file, &body)?.len(),
                Kind::Upstream => body.matches("// RUN:").count(),
                Kind::Roundtrip | Kind::Input => 0,
            };
            Ok((kind, count))
        });
        match directives {
            Ok((kind, count)) => {
                let total = totals.entry(kind.name()).or_default();
                total.0 += 1;
                total.1 += count;
            }
            Err(e) => errors.push(e),
        }
    }
    for (kind, (files, cases)) in &totals {
        eprintln!("{kind}: {files} files, {cases} directives");
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
