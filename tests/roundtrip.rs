//! Print fixpoint on the round-trip corpus (`tests/roundtrip/`): every case
//! there is exactly what `mlir-opt` 22 prints; parsing it and printing it
//! again must give the same bytes, in custom and in generic form.

use cli::{process_buffer, split_chunks, DriverOptions};
use ir::printer::PrintOptions;
use std::path::Path;

/// Run every case of `file`; returns (passed, failures).
fn fixpoint(file: &Path, generic: bool) -> (usize, Vec<String>) {
    let text = std::fs::read(file).expect("corpus file is readable");
    let options = DriverOptions {
        allow_unregistered_dialect: true,
        print: PrintOptions {
            generic,
            debug_info: false,
        },
        ..Default::default()
    };
    let mut passed = 0;
    let mut failures = Vec::new();
    for (i, chunk) in split_chunks(&text).into_iter().enumerate() {
        let expected = String::from_utf8_lossy(&chunk)
            .trim_start_matches('\n')
            .to_string();
        let out = process_buffer("case.mlir", expected.as_bytes(), &options);
        let got = out.output;
        if out.success && got.trim_end() == expected.trim_end() {
            passed += 1;
        } else {
            failures.push(format!(
                "{}#{i}:\n--- expected\n{}\n--- got\n{}{}",
                file.display(),
                expected.trim_end(),
                got.trim_end(),
                out.diagnostics
            ));
        }
    }
    (passed, failures)
}

fn run_dir(dir: &str, generic: bool) {
    let mut total_pass = 0;
    let mut all_failures = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter(|p| !p.ends_with("debuginfo.mlir"))
        .collect();
    files.sort();
    for f in &files {
        let (p, fails) = fixpoint(f, generic);
        eprintln!("{}: {} passed, {} failed", f.display(), p, fails.len());
        total_pass += p;
        all_failures.extend(fails);
    }
    if let Ok(show) = std::env::var("SHOW_FAILURES") {
        for f in all_failures.iter().take(show.parse().unwrap_or(5)) {
            eprintln!("{f}\n");
        }
    }
    assert!(
        all_failures.is_empty(),
        "{} of {} round-trip cases differ (SHOW_FAILURES=N shows them)",
        all_failures.len(),
        total_pass + all_failures.len()
    );
}

#[test]
fn custom_form_is_a_print_fixpoint() {
    run_dir("tests/roundtrip", false);
}

#[test]
fn generic_form_is_a_print_fixpoint() {
    run_dir("tests/roundtrip/generic", true);
}
