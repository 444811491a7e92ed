//! The data-driven `.mlir` tests through the one runner (crate
//! `filetests`): per pass, `tests/passes/<flag>.mlir`, whole lowerings
//! with precise output, `tests/lowering/*.mlir`, and the diagnostics of
//! invalid input, `tests/syntax/*.mlir` and `tests/dialects/*.mlir` (those
//! of the latter are also `mlir-opt`'s, which `tests/dialects.rs`
//! checks). Every RUN line
//! runs the built `shape-opt` with `--verify-semantics` added: each pass
//! must keep what every function computes on sampled inputs. `BLESS=1`
//! rewrites the precise-output blocks.

use std::path::{Path, PathBuf};

const TESTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests");

fn run_all(dir: &str) -> usize {
    let files = filetests::mlir_files(&format!("{TESTS}/{dir}"));
    assert!(!files.is_empty(), "no test in tests/{dir}");
    let shape_opt = PathBuf::from(env!("CARGO_BIN_EXE_shape-opt"));
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in &files {
        match filetests::run_file(Path::new(&shape_opt), file, &["--verify-semantics"]) {
            Ok(n) => ran += n,
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn every_run_line_of_every_pass_test_holds() {
    let ran = run_all("passes");
    assert!(ran >= 24, "{ran} RUN lines");
}

#[test]
fn every_lowering_gives_its_precise_output() {
    let ran = run_all("lowering");
    assert!(ran >= 1, "{ran} RUN lines");
}

#[test]
fn every_invalid_input_gets_its_diagnostics() {
    let ran = run_all("syntax") + run_all("dialects");
    assert!(ran >= 5, "{ran} RUN lines");
}
