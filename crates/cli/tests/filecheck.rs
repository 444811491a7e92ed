//! The LLVM project's own RUN lines, with `shape-opt` in place of `mlir-opt`,
//! checked by `checklines` (and by the real `FileCheck` too when installed,
//! which must agree) (`tests/upstream/`). No LLVM needed. Only RUN lines
//! whose passes shape-opt implements are here; README lists the count per
//! file. Lines of semantics-preserving passes also run with
//! `--verify-semantics` (`remove-shape-constraints` drops checks on
//! purpose, so its lines do not).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SHAPE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/upstream/mlir/test/Dialect/Shape"
);

/// The `shape-opt` binary cargo built for these tests.
fn shape_opt() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_shape-opt"))
}

/// Run `shape-opt args < file` (then more shape-opt stages), check the last
/// output against the file's check lines with `check_args`; panic with the
/// messages on failure.
fn run_line(file: &str, stages: &[&[&str]], check_args: &[&str]) {
    let path = Path::new(SHAPE).join(file);
    let mut input = std::fs::read(&path).expect("upstream file");
    for args in stages {
        let out = Command::new(shape_opt())
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().map(|mut s| s.write_all(&input));
                c.wait_with_output()
            })
            .expect("shape-opt runs");
        assert!(
            out.status.success(),
            "shape-opt {args:?} failed on {file}:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        input = out.stdout;
    }
    if let Err(e) = filetests::filecheck(&path, &input, check_args) {
        panic!("check lines failed on {file}:\n{e}");
    }
}

#[test]
fn ops_mlir_both_run_lines() {
    run_line("ops.mlir", &[&[], &[]], &[]);
    run_line("ops.mlir", &[&["-mlir-print-op-generic"], &[]], &[]);
}

#[test]
fn invalid_mlir_verify_diagnostics() {
    let out = Command::new(shape_opt())
        .args(["-split-input-file", "-verify-diagnostics"])
        .arg(Path::new(SHAPE).join("invalid.mlir"))
        .output()
        .expect("shape-opt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn remove_shape_constraints_replace_run_line() {
    run_line(
        "remove-shape-constraints.mlir",
        &[&[
            "-allow-unregistered-dialect",
            "-split-input-file",
            "-remove-shape-constraints",
        ]],
        &["--dump-input=fail", "--check-prefixes=REPLACE,CHECK-BOTH"],
    );
}

#[test]
fn shape_to_shape_run_line() {
    run_line(
        "shape-to-shape.mlir",
        &[&[
            "-shape-to-shape-lowering",
            "-split-input-file",
            "--verify-semantics",
        ]],
        &[],
    );
}

#[test]
fn canonicalize_both_run_lines() {
    for options in ["test-convergence", "test-convergence top-down=0"] {
        let flag = format!("-canonicalize=\"{options}\"");
        run_line(
            "canonicalize.mlir",
            &[&[
                "-split-input-file",
                "-allow-unregistered-dialect",
                "--verify-semantics",
                &flag,
            ]],
            &[],
        );
    }
}

#[test]
fn remove_shape_constraints_canon_run_line() {
    run_line(
        "remove-shape-constraints.mlir",
        &[&[
            "-allow-unregistered-dialect",
            "-split-input-file",
            "-remove-shape-constraints",
            "-canonicalize",
        ]],
        &["--dump-input=fail", "--check-prefixes=CANON,CHECK-BOTH"],
    );
}

#[test]
fn unranked_tensor_lowering_run_line() {
    run_line(
        "unranked-tensor-lowering.mlir",
        &[&[
            "-split-input-file",
            "--verify-semantics",
            "-canonicalize",
            "-cse",
        ]],
        &[],
    );
}
