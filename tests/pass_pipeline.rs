//! The pass manager from the command-line driver: textual pipelines, pipeline
//! errors, and the generic passes against `mlir-opt` 22 on the same input.

mod common;

use cli::{process_buffer, DriverOptions, IrPrinting};
use std::path::PathBuf;

const INPUT: &str = "func.func private @dead()\nfunc.func private @chain()\nfunc.func private @dead_caller() {\n  call @chain() : () -> ()\n  return\n}\nfunc.func private @used()\nfunc.func @main() {\n  call @used() : () -> ()\n  return\n}\n";

fn run(pipeline: &str, text: &str) -> cli::Outcome {
    let options = DriverOptions {
        pipeline: Some(pipeline.to_string()),
        ir_printing: IrPrinting {
            after_all: true,
            ..Default::default()
        },
        timing: true,
        ..Default::default()
    };
    process_buffer("t.mlir", text, &options)
}

#[test]
fn symbol_dce_through_a_pipeline() {
    let out = run("builtin.module(symbol-dce)", INPUT);
    assert!(out.success, "{}", out.diagnostics);
    assert_eq!(
        out.output(),
        "module {\n  func.func private @used()\n  func.func @main() {\n    call @used() : () -> ()\n    return\n  }\n}\n\n"
    );
    assert!(out
        .log
        .contains("// -----// IR Dump After symbol-dce //----- //"));
    assert!(
        out.log.contains("symbol-dce\n"),
        "timing report names the pass: {}",
        out.log
    );
}

#[test]
fn pipeline_errors_point_into_the_pipeline() {
    let out = run("builtin.module(symbol-dec)", INPUT);
    assert!(!out.success);
    assert!(out.output().is_empty());
    assert_eq!(
        out.diagnostics,
        "<pipeline>:1:16: error: 'symbol-dec' does not refer to a registered pass; did you mean 'symbol-dce'?\nbuiltin.module(symbol-dec)\n               ^\n"
    );
    let out = run("builtin.module(symbol-dce", INPUT);
    assert!(out
        .diagnostics
        .starts_with("<pipeline>:1:26: error: expected ',' or ')'"));
}

#[test]
fn symbol_dce_matches_mlir_opt() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let reference = common::run(
        &mlir_opt,
        &["-p", "builtin.module(symbol-dce)"],
        INPUT.as_bytes(),
    )
    .expect("mlir-opt runs symbol-dce");
    assert_eq!(run("builtin.module(symbol-dce)", INPUT).output(), reference);
}

/// Every case of the round-trip and upstream corpora: our `cse` gives what
/// `mlir-opt`'s does (cases whose plain printing differs are left to the
/// round-trip test).
#[test]
fn cse_matches_mlir_opt_on_the_corpora() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let mut files = common::mlir_files("tests/roundtrip");
    files.retain(|f| !f.ends_with("debuginfo.mlir") && !f.to_string_lossy().contains("generic"));
    files.extend(common::mlir_files("tests/upstream"));
    let options = |pipeline: Option<&str>| DriverOptions {
        allow_unregistered_dialect: true,
        pipeline: pipeline.map(str::to_string),
        ..Default::default()
    };
    let (mut compared, mut same) = (0, 0);
    let mut failures = Vec::new();
    for file in files {
        let text = std::fs::read(&file).expect("corpus file");
        for (i, case) in cli::split_chunks(&text).into_iter().enumerate() {
            let flags = ["--allow-unregistered-dialect"];
            let Ok(plain) = common::run(&mlir_opt, &flags, &case) else {
                continue;
            };
            if process_buffer("c.mlir", case.as_slice(), &options(None)).output() != plain {
                continue;
            }
            let Ok(reference) = common::run(
                &mlir_opt,
                &["--allow-unregistered-dialect", "-p", "builtin.module(cse)"],
                &case,
            ) else {
                continue;
            };
            compared += 1;
            let ours = process_buffer(
                "c.mlir",
                case.as_slice(),
                &options(Some("builtin.module(cse)")),
            );
            if ours.output() == reference {
                same += 1;
            } else {
                failures.push(format!(
                    "{}#{i}\n{reference}---\n{}",
                    file.display(),
                    ours.output()
                ));
            }
        }
    }
    eprintln!("cse: {same}/{compared} cases as mlir-opt");
    for f in failures.iter().take(3) {
        eprintln!("{f}");
    }
    assert!(compared > 400);
    assert_eq!(same, compared);
}

/// Run `pipeline` on `text` with a tree dump into a fresh directory; the
/// dump directory and its module directory.
fn tree_dump(tag: &str, pipeline: &str, name: &str, text: &[u8]) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("shape-opt-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = DriverOptions {
        pipeline: Some(pipeline.to_string()),
        ir_printing: IrPrinting {
            tree_dir: Some(dir.clone()),
            ..Default::default()
        },
        ..Default::default()
    };
    let out = process_buffer(name, text, &options);
    assert!(out.success, "{}", out.diagnostics);
    let module = dir.join("builtin_module_no-symbol-name");
    (dir, module)
}

/// Each dump exists and `mlir-opt` parses it.
fn assert_dumps_parse(files: &[PathBuf]) {
    for f in files {
        assert!(f.is_file(), "{} missing", f.display());
    }
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        for f in files {
            let text = std::fs::read(f).unwrap();
            common::run(&mlir_opt, &[], &text)
                .unwrap_or_else(|e| panic!("mlir-opt rejects {}: {e}", f.display()));
        }
    }
}

#[test]
fn ir_tree_dir_has_one_file_per_pass_run() {
    let pipeline = "builtin.module(symbol-dce,func.func(cse),cse)";
    let (dir, module) = tree_dump("tree", pipeline, "t.mlir", INPUT.as_bytes());
    // After symbol-dce two functions are left; `func.func(cse)` runs on each.
    assert_dumps_parse(&[
        module.join("0_symbol-dce.mlir"),
        module.join("func_func_used").join("1_cse.mlir"),
        module.join("func_func_main").join("2_cse.mlir"),
        module.join("3_cse.mlir"),
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `n` functions with common subexpressions (for `cse` to remove), nested
/// regions, and calls between them.
fn many_functions(n: usize) -> String {
    let mut s = String::from("module {\n");
    for i in 0..n {
        let rank = 1 + i % 4;
        let ty = format!("tensor<{}f32>", "?x".repeat(rank));
        s.push_str(&format!(
            "  func.func @f{i}(%a: {ty}, %b: {ty}) -> !shape.shape {{\n    %0 = shape.shape_of %a : {ty} -> !shape.shape\n    %1 = shape.shape_of %a : {ty} -> !shape.shape\n    %2 = shape.shape_of %b : {ty} -> !shape.shape\n    %3 = shape.cstr_broadcastable %0, %2 : !shape.shape, !shape.shape\n    %4 = shape.assuming %3 -> (!shape.shape) {{\n      %5 = shape.broadcast %0, %2 : !shape.shape, !shape.shape -> !shape.shape\n      %6 = shape.broadcast %1, %2 : !shape.shape, !shape.shape -> !shape.shape\n      %7 = shape.concat %5, %6 : !shape.shape, !shape.shape -> !shape.shape\n      shape.assuming_yield %7 : !shape.shape\n    }}\n"
        ));
        if i > 0 {
            let prev_rank = 1 + (i - 1) % 4;
            let prev = format!("tensor<{}f32>", "?x".repeat(prev_rank));
            let sizes = vec!["%c2"; prev_rank].join(", ");
            s.push_str(&format!(
                "    %c2 = arith.constant 2 : index\n    %8 = tensor.empty({sizes}) : {prev}\n    %9 = func.call @f{}(%8, %8) : ({prev}, {prev}) -> !shape.shape\n",
                i - 1
            ));
        }
        s.push_str("    return %4 : !shape.shape\n  }\n");
    }
    s.push_str("}\n");
    s
}

#[test]
fn function_pipelines_print_the_same_on_one_and_two_threads() {
    let text = many_functions(5000);
    let run = |threads| {
        let options = DriverOptions {
            pipeline: Some("builtin.module(func.func(canonicalize,cse),cse)".to_string()),
            threads,
            timing: true,
            ..Default::default()
        };
        process_buffer("many.mlir", text.as_str(), &options)
    };
    let (one, two) = (run(1), run(2));
    assert!(
        one.success && two.success,
        "{}{}",
        one.diagnostics,
        two.diagnostics
    );
    assert_eq!(one.output(), two.output());
    // cse did work: one shape_of of %a and one broadcast per function are gone.
    assert_eq!(one.output().matches("shape.shape_of").count(), 2 * 5000);
    assert_eq!(one.output().matches("shape.broadcast").count(), 5000);
    for report in [&one.log, &two.log] {
        assert!(report.contains("'func.func' Pipeline"), "{report}");
        assert!(report.contains("    cse\n"), "{report}");
        assert!(report.contains("    canonicalize\n"), "{report}");
        assert!(report.contains("  Parser\n") && report.contains("  Output\n"));
    }
}

#[test]
fn ir_printing_filters_by_pass_change_and_scope() {
    let text = "func.func @f(%a: index) -> index {\n  %0 = arith.addi %a, %a : index\n  %1 = arith.addi %a, %a : index\n  %2 = arith.muli %0, %1 : index\n  return %2 : index\n}\nfunc.func @g(%a: index) -> index {\n  return %a : index\n}\n";
    let run = |printing: IrPrinting| {
        let options = DriverOptions {
            pipeline: Some("builtin.module(func.func(cse),symbol-dce)".to_string()),
            ir_printing: printing,
            ..Default::default()
        };
        let out = process_buffer("t.mlir", text, &options);
        assert!(out.success, "{}", out.diagnostics);
        out.log
    };
    let after_cse = run(IrPrinting {
        after: vec!["cse".into()],
        ..Default::default()
    });
    assert_eq!(after_cse.matches("IR Dump After cse //").count(), 2);
    assert!(!after_cse.contains("symbol-dce"));
    assert!(after_cse.contains("// -----// IR Dump After cse //----- //\nfunc.func @f"));
    // Only @f changes under cse.
    let changed = run(IrPrinting {
        after_all: true,
        after_change: true,
        ..Default::default()
    });
    assert_eq!(changed.matches("IR Dump After").count(), 1, "{changed}");
    let scoped = run(IrPrinting {
        before: vec!["cse".into()],
        module_scope: true,
        ..Default::default()
    });
    assert!(
        scoped.contains(
            "// -----// IR Dump Before cse ('func.func' operation: @g) //----- //\nmodule {"
        ),
        "{scoped}"
    );
}

/// One dump per pass run of
/// `inline,canonicalize,cse` on the matmul example, each of which `mlir-opt`
/// parses.
#[test]
fn tree_dumps_of_the_matmul_example_parse_with_mlir_opt() {
    let input = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/matmul.mlir");
    let pipeline = "builtin.module(inline,canonicalize,cse)";
    let (dir, module) = tree_dump("matmul", pipeline, input, &std::fs::read(input).unwrap());
    let files: Vec<PathBuf> = ["0_inline", "1_canonicalize", "2_cse"]
        .iter()
        .map(|f| module.join(format!("{f}.mlir")))
        .collect();
    let mut found: Vec<PathBuf> = std::fs::read_dir(&module)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    found.sort();
    assert_eq!(found, files);
    assert_dumps_parse(&files);
    std::fs::remove_dir_all(&dir).unwrap();
}
