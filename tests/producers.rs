//! Real producers' shape IR (`tests/producers/`, see its README): what
//! torch-mlir, IREE and JAX emit around StableHLO, CHLO and `torch_c` ops,
//! before and after their own shape clean-up.
//!
//! For every file:
//! - it lowers to std with `--verify-semantics`, and every function of it
//!   is compared on sampled inputs (none "compared on no input", none
//!   "could not be evaluated": opaque ops are uninterpreted functions,
//!   foreign parameters sampled handles, StableHLO ops take their rules'
//!   shapes); the output holds no `shape` op;
//! - it lowers with `--shape-failure=status` too (a placeholder for every
//!   result type a failing path returns);
//! - no op of `stablehlo`, `chlo`, `mhlo`, `torch` or `torch_c` is lost or
//!   duplicated: the output holds each as often as the input;
//! - `mlir-opt` 22 parses the std output (skipped, saying why, without the
//!   tool; required under `SHAPE_OPT_REQUIRE_MLIR=1`).
//!
//! And per model: the constraints `--lower-to=constrained` keeps of the
//! "before" IR are at most what the producer's own passes kept ("after"),
//! and in all fewer, by the margins `docs/conformance.md` reports.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cli::{process_buffer, DriverOptions};
use pass::stage::Stage;

/// The corpus directory.
const DIR: &str = "tests/producers";

/// Sampled inputs per function and pass for `--verify-semantics`.
const SAMPLES: usize = 8;

/// The dialects of the producers' ops, which must all survive.
const FOREIGN: [&str; 5] = ["stablehlo", "chlo", "mhlo", "torch", "torch_c"];

fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DIR)
        .expect("the corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    assert!(files.len() >= 50, "the corpus has {} files", files.len());
    files
}

fn lower(path: &Path, options: &DriverOptions) -> cli::Outcome {
    let text = std::fs::read(path).expect("readable");
    process_buffer(&path.display().to_string(), text, options)
}

/// How many times each op of a foreign dialect occurs in `text` (ops of
/// unregistered dialects print in generic form: `"dialect.op"(`).
fn foreign_ops(text: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let mut rest = text;
    while let Some(open) = rest.find('"') {
        let string = &rest[open + 1..];
        // The closing quote: the first one no backslash escapes.
        let mut close = None;
        let mut escaped = false;
        for (i, c) in string.char_indices() {
            match c {
                '\\' => escaped = !escaped,
                '"' if !escaped => {
                    close = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(close) = close else {
            break;
        };
        let name = &string[..close];
        rest = &string[close + 1..];
        let foreign = name
            .split_once('.')
            .is_some_and(|(dialect, _)| FOREIGN.contains(&dialect));
        if foreign && rest.starts_with('(') {
            *counts.entry(name.to_string()).or_insert(0) += 1;
        }
    }
    counts
}

/// The `shape.cstr_*` ops in printed IR.
fn constraints(text: &str) -> usize {
    text.lines().filter(|l| l.contains("shape.cstr_")).count()
}

#[test]
fn every_function_lowers_and_is_compared_on_every_input() {
    let mlir_opt = filetests::tools::mlir_tool("mlir-opt");
    let mut problems = Vec::new();
    for path in corpus() {
        let name = path.display().to_string();
        let options = DriverOptions {
            allow_unregistered_dialect: true,
            lower_to: Some(Stage::Std),
            verify_semantics: Some(SAMPLES),
            ..Default::default()
        };
        let out = lower(&path, &options);
        if !out.success {
            problems.push(format!("{name}: {}", out.diagnostics));
            continue;
        }
        for bad in [
            "compared on no input",
            "could not be evaluated",
            "cannot be evaluated",
        ] {
            if out.log.contains(bad) || out.diagnostics.contains(bad) {
                problems.push(format!("{name}: {}{}", out.log, out.diagnostics));
            }
        }
        if out.compared.is_empty() || out.compared.values().any(|&n| n == 0) {
            problems.push(format!("{name}: compared {:?}", out.compared));
        }
        let std = out.output();
        if std.contains("shape.") {
            problems.push(format!("{name}: a shape op is left"));
        }
        let source = std::fs::read_to_string(&path).expect("readable");
        if foreign_ops(&source) != foreign_ops(&std) {
            problems.push(format!(
                "{name}: foreign ops {:?} became {:?}",
                foreign_ops(&source),
                foreign_ops(&std)
            ));
        }
        if let Some(mlir_opt) = &mlir_opt {
            let file = std::env::temp_dir().join(format!(
                "shape-opt-producers-{}-{}",
                std::process::id(),
                path.file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("out.mlir")
            ));
            std::fs::write(&file, &std).expect("writable");
            let parsed = std::process::Command::new(mlir_opt)
                .args(["--allow-unregistered-dialect", "-o", "/dev/null"])
                .arg(&file)
                .output()
                .expect("mlir-opt runs");
            let _ = std::fs::remove_file(&file);
            if !parsed.status.success() {
                problems.push(format!(
                    "{name}: mlir-opt rejects the output: {}",
                    String::from_utf8_lossy(&parsed.stderr)
                ));
            }
        }
        let status = DriverOptions {
            shape_failure: passes::FailureMode::Status,
            verify_semantics: None,
            ..options
        };
        let out = lower(&path, &status);
        if !out.success {
            problems.push(format!("{name}: status mode: {}", out.diagnostics));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fewer_checks_are_left_than_the_producers_leave() {
    let options = DriverOptions {
        allow_unregistered_dialect: true,
        lower_to: Some(Stage::Constrained),
        ..Default::default()
    };
    // Per producer: (checks the producer's own passes left, what
    // shape-opt leaves of the IR before them).
    let mut totals: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for path in corpus() {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let Some((producer, model)) = file
            .strip_suffix(".mlir")
            .and_then(|f| f.split_once("-before-"))
        else {
            continue;
        };
        if producer == "jax" {
            // JAX checks on entry, requirements on the inputs; IREE drops
            // them (see docs/conformance.md): not a comparison of provers.
            continue;
        }
        let after = path.with_file_name(format!("{producer}-after-{model}.mlir"));
        let theirs = constraints(&std::fs::read_to_string(&after).expect("its after file"));
        let out = lower(&path, &options);
        assert!(out.success, "{file}: {}", out.diagnostics);
        let ours = constraints(&out.output());
        assert!(
            ours <= theirs,
            "{file}: shape-opt leaves {ours}, {producer} {theirs}"
        );
        let total = totals.entry(producer.to_string()).or_default();
        total.0 += theirs;
        total.1 += ours;
    }
    assert_eq!(
        totals,
        BTreeMap::from([("iree".to_string(), (10, 2)), ("torch".to_string(), (9, 4))]),
        "(the producer's checks, shape-opt's)"
    );
}
