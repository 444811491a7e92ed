//! The `inline` pass: `tests/passes/inline.mlir` checked by its check lines
//! (`checklines`, and the real FileCheck when installed), and every piece of it compared with `mlir-opt` 22's
//! `--inline` (outputs re-printed by our printer must be equal), with
//! `mlir-opt` accepting what we print.

mod common;

use cli::{process_buffer, DriverOptions};
use ir::dialect::func::STRICT_SYMBOLIC_SHAPES;
use ir::printer::PrintOptions;

const FILE: &str = "tests/passes/inline.mlir";

/// The RUN lines of the file and the driver options they stand for.
const RUN_LINES: [(&str, bool, &str); 2] = [
    (
        "// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --inline='default-pipeline=' | FileCheck %s\n",
        false,
        "",
    ),
    (
        "// RUN: shape-opt %s --allow-unregistered-dialect --split-input-file --inline='default-pipeline=' -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC\n",
        true,
        "--check-prefix=LOC",
    ),
];

fn options(pipeline: Option<String>, debug_info: bool, split: bool) -> DriverOptions {
    DriverOptions {
        split_input_file: split,
        allow_unregistered_dialect: true,
        pipeline,
        print: PrintOptions {
            debug_info,
            ..Default::default()
        },
        ..Default::default()
    }
}

fn inline_pipeline(pass_options: &str) -> Option<String> {
    Some(format!("builtin.module(inline{{{pass_options}}})"))
}

#[test]
fn inline_mlir_passes_filecheck() {
    let text = std::fs::read_to_string(FILE).expect("test file");
    for (run, debug_info, check_args) in RUN_LINES {
        assert!(text.contains(run), "{FILE} should have the RUN line {run}");
        let out = process_buffer(
            FILE,
            text.as_str(),
            &options(inline_pipeline("default-pipeline="), debug_info, true),
        );
        assert!(out.success, "{}", out.diagnostics);
        let args: Vec<&str> = check_args.split_whitespace().collect();
        let file = std::path::Path::new(FILE);
        if let Err(e) = common::filecheck(file, out.output().as_bytes(), &args) {
            panic!("check lines {check_args} failed on {FILE}:\n{e}");
        }
    }
}

/// How runs compared with mlir-opt's.
#[derive(Default)]
struct Comparison {
    compared: usize,
    same: usize,
    /// Runs where the pass changed the IR.
    changed: usize,
    failures: Vec<String>,
}

/// Compare each piece of `inputs` under each of `option_sets` (the inline
/// pass's options), with and without debug info.
fn compare_with_mlir_opt(
    mlir_opt: &std::path::PathBuf,
    inputs: &[Vec<u8>],
    option_sets: &[&str],
) -> Comparison {
    let mut c = Comparison::default();
    for piece in inputs {
        for &pass_options in option_sets {
            for debug_info in [false, true] {
                let flag = format!("--inline={pass_options}");
                let mut args = vec!["--allow-unregistered-dialect", flag.as_str()];
                if debug_info {
                    args.push("-mlir-print-debuginfo");
                }
                let Ok(reference) = common::run(mlir_opt, &args, piece) else {
                    continue;
                };
                c.compared += 1;
                // mlir-opt names stdin `<stdin>`; so do we.
                let reference = process_buffer(
                    "<stdin>",
                    reference.as_str(),
                    &options(None, debug_info, false),
                );
                let ours = process_buffer(
                    "<stdin>",
                    piece.as_slice(),
                    &options(inline_pipeline(pass_options), debug_info, false),
                );
                let accepted = common::run(mlir_opt, &args[..1], ours.output().as_bytes());
                let unchanged = process_buffer(
                    "<stdin>",
                    piece.as_slice(),
                    &options(None, debug_info, false),
                );
                c.changed += usize::from(ours.output() != unchanged.output());
                if ours.output() == reference.output() && accepted.is_ok() {
                    c.same += 1;
                } else {
                    c.failures.push(format!(
                        "--inline={pass_options} debuginfo={debug_info}\n{}\n--- mlir-opt:\n{}--- ours:\n{}{}\n{:?}",
                        String::from_utf8_lossy(piece),
                        reference.output(),
                        ours.output(),
                        ours.diagnostics,
                        accepted.err()
                    ));
                }
            }
        }
    }
    c
}

/// Every piece of tests/passes/inline.mlir, without simplification, with
/// one round only, and simplified by `cse`: as mlir-opt.
#[test]
fn inline_matches_mlir_opt_on_its_tests() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let text = std::fs::read(FILE).expect("test file");
    // mlir-opt knows nothing of strict symbolic shapes.
    let pieces: Vec<_> = cli::split_chunks(&text)
        .into_iter()
        .filter(|p| !String::from_utf8_lossy(p).contains(STRICT_SYMBOLIC_SHAPES))
        .collect();
    let option_sets = [
        "default-pipeline=",
        "default-pipeline= max-iterations=1",
        "default-pipeline=cse",
    ];
    let c = compare_with_mlir_opt(&mlir_opt, &pieces, &option_sets);
    eprintln!(
        "inline: {}/{} runs on {FILE} as mlir-opt ({} changed the IR)",
        c.same, c.compared, c.changed
    );
    for f in c.failures.iter().take(3) {
        eprintln!("{f}");
    }
    assert_eq!(c.compared, pieces.len() * option_sets.len() * 2);
    assert_eq!(c.same, c.compared);
}

/// The round-trip and upstream corpora (cases whose plain printing already
/// matches mlir-opt's): `inline` gives what mlir-opt's does.
#[test]
fn inline_matches_mlir_opt_on_the_corpora() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let mut files = common::mlir_files("tests/roundtrip");
    files.retain(|f| !f.to_string_lossy().contains("generic"));
    files.extend(common::mlir_files("tests/upstream"));
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read(&file).expect("corpus file");
        for case in cli::split_chunks(&text) {
            let plain = common::run(&mlir_opt, &["--allow-unregistered-dialect"], &case);
            let ours = process_buffer("<stdin>", case.as_slice(), &options(None, false, false));
            if plain.is_ok_and(|p| p == ours.output()) {
                cases.push(case);
            }
        }
    }
    let c = compare_with_mlir_opt(&mlir_opt, &cases, &["default-pipeline="]);
    eprintln!(
        "inline: {}/{} corpus runs as mlir-opt ({} changed the IR)",
        c.same, c.compared, c.changed
    );
    for f in c.failures.iter().take(3) {
        eprintln!("{f}");
    }
    assert!(c.compared > 400);
    assert_eq!(c.same, c.compared);
}

/// Calls mlir-opt's verifier rejects (a `shape.func` callee, mismatched
/// types, an unknown callee) are rejected before any pass, with its
/// message; a callee that never returns still inlines into valid IR, as
/// `mlir-opt --inline` inlines it.
#[test]
fn inline_sees_only_verified_calls_and_inlines_callees_that_never_return() {
    let options = options(inline_pipeline("default-pipeline="), false, false);
    let bad = "shape.func @sf(%a: index) -> index {\n  shape.return %a : index\n}\nfunc.func private @g(%a: index) -> index {\n  return %a : index\n}\nfunc.func @f(%x: index, %y: i32) -> index {\n  %0 = func.call @sf(%x) : (index) -> index\n  %1 = func.call @g(%y) : (i32) -> index\n  %2 = func.call @nope(%0) : (index) -> index\n  return %2 : index\n}\n";
    let out = process_buffer("t.mlir", bad, &options);
    assert!(!out.success);
    assert!(
        out.diagnostics.starts_with(
            "t.mlir:8:8: error: 'func.call' op 'sf' does not reference a valid function"
        ),
        "{}",
        out.diagnostics
    );
    let looping = "func.func private @loop(%a: index) -> index {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb1\n}\nfunc.func @f(%x: index) -> index {\n  %3 = func.call @loop(%x) : (index) -> index\n  return %3 : index\n}\n";
    let out = process_buffer("t.mlir", looping, &options);
    assert!(out.success, "{}", out.diagnostics);
    assert_eq!(
        out.output(),
        "module {\n  func.func @f(%arg0: index) -> index {\n    cf.br ^bb1\n  ^bb1:  // 2 preds: ^bb0, ^bb1\n    cf.br ^bb1\n  ^bb2(%0: index):  // no predecessors\n    return %0 : index\n  }\n}\n\n"
    );
}
