//! Conformance against `mlir-opt` 22 on the LLVM project's own shape-dialect
//! tests (`tests/upstream/`, see its README):
//! - print fixpoint: for every case `mlir-opt` accepts, with M its output,
//!   shape-opt parsing M and printing gives M byte for byte;
//! - `ops.mlir`: our custom and generic output, fed to `mlir-opt`, prints
//!   what `mlir-opt` prints for the original;
//! - `invalid.mlir`: every case `mlir-opt` rejects, we reject on the same line.

mod common;

use cli::{process_buffer, split_chunks, DriverOptions};
use ir::printer::PrintOptions;

const UPSTREAM: &str = "tests/upstream";

fn options(generic: bool) -> DriverOptions {
    DriverOptions {
        allow_unregistered_dialect: true,
        print: PrintOptions {
            generic,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The cases of a file: its `// -----` chunks (with line numbers kept).
fn cases(path: &std::path::Path) -> Vec<Vec<u8>> {
    let text = std::fs::read(path).expect("corpus file");
    split_chunks(&text)
        .into_iter()
        .filter(|c| c.iter().any(|b| !b.is_ascii_whitespace()))
        .collect()
}

#[test]
fn upstream_print_fixpoint() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let (mut accepted, mut fixed) = (0, 0);
    let mut failures = Vec::new();
    for file in common::mlir_files(UPSTREAM) {
        for (i, case) in cases(&file).into_iter().enumerate() {
            let Ok(m) = common::run(&mlir_opt, &["--allow-unregistered-dialect"], &case) else {
                continue;
            };
            accepted += 1;
            let ours = process_buffer("m.mlir", m.as_bytes(), &options(false));
            if ours.success && ours.output() == m {
                fixed += 1;
            } else {
                failures.push(format!(
                    "{}#{i}\n--- mlir-opt\n{m}--- shape-opt\n{}{}",
                    file.display(),
                    ours.output(),
                    ours.diagnostics
                ));
            }
        }
    }
    eprintln!("upstream print fixpoint: {fixed}/{accepted} cases");
    for f in failures.iter().take(3) {
        eprintln!("{f}");
    }
    assert_eq!(
        fixed, accepted,
        "cases whose mlir-opt output we do not reprint identically"
    );
}

#[test]
fn upstream_ops_reprint_through_mlir_opt() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let path = std::path::Path::new(UPSTREAM).join("mlir/test/Dialect/Shape/ops.mlir");
    let original = std::fs::read(&path).expect("ops.mlir");
    let reference = common::run(&mlir_opt, &[], &original).expect("mlir-opt accepts ops.mlir");
    for generic in [false, true] {
        let ours = process_buffer("ops.mlir", original.as_slice(), &options(generic));
        assert!(
            ours.success,
            "ops.mlir must parse and verify: {}",
            ours.diagnostics
        );
        let again = common::run(&mlir_opt, &[], ours.output().as_bytes())
            .unwrap_or_else(|e| panic!("mlir-opt rejects our output (generic={generic}): {e}"));
        assert_eq!(again, reference, "generic={generic}");
    }
}

/// `file:LINE:col: error:` → LINE of the first error in a diagnostic text.
fn first_error_line(text: &str) -> Option<u32> {
    text.lines()
        .find(|l| l.contains(": error: "))
        .and_then(|l| {
            let mut parts = l.split(':');
            parts.next()?;
            parts.next()?.parse().ok()
        })
}

#[test]
fn upstream_invalid_cases_rejected_on_the_same_line() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let path = std::path::Path::new(UPSTREAM).join("mlir/test/Dialect/Shape/invalid.mlir");
    let (mut rejected, mut same_line) = (0, 0);
    let mut failures = Vec::new();
    for (i, case) in cases(&path).into_iter().enumerate() {
        let Err(theirs) = common::run(&mlir_opt, &["--allow-unregistered-dialect"], &case) else {
            continue;
        };
        rejected += 1;
        let ours = process_buffer("invalid.mlir", case.as_slice(), &options(false));
        let (want, got) = (
            first_error_line(&theirs),
            first_error_line(&ours.diagnostics),
        );
        if !ours.success && want.is_some() && want == got {
            same_line += 1;
        } else {
            failures.push(format!(
                "case {i}: mlir-opt:\n{theirs}shape-opt:\n{}",
                ours.diagnostics
            ));
        }
    }
    eprintln!("invalid.mlir: {same_line}/{rejected} rejected on the same line");
    for f in failures.iter().take(5) {
        eprintln!("{f}");
    }
    assert_eq!(same_line, rejected);
}

#[test]
fn upstream_ops_debuginfo_matches_mlir_opt() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let path = format!("{UPSTREAM}/mlir/test/Dialect/Shape/ops.mlir");
    let reference = common::run(&mlir_opt, &["--mlir-print-debuginfo", &path], b"")
        .expect("mlir-opt accepts ops.mlir");
    let options = DriverOptions {
        print: PrintOptions {
            debug_info: true,
            ..Default::default()
        },
        ..Default::default()
    };
    let text = std::fs::read(&path).expect("ops.mlir");
    let ours = process_buffer(&path, text, &options);
    assert!(ours.success, "{}", ours.diagnostics);
    assert_eq!(ours.output(), reference);
}
