//! `convert-shape-to-std` against real execution: every function of
//! `tests/passes/convert-shape-to-std.mlir`, and the stage-3 matmul of
//! `tests/interp/`, lowered by the pass, compiled by `mlir-opt` 22 (the
//! runner's `TO_LLVM` pipeline) and run by `mlir-runner` on sampled inputs
//! (`validate::sample`); what it prints must be what the interpreter gives
//! for the function before lowering, and where the interpreter fails, the
//! run must abort at a `cf.assert` with the same message. Inputs on which
//! the input function is undefined (a broadcast of shapes that do not
//! broadcast...) are not compared. Skipped when the MLIR tools are absent;
//! fails instead under `SHAPE_OPT_REQUIRE_MLIR=1`.
//!
//! Also: `--lower-to=std` refuses, at the op, a shape op the lowering
//! leaves.

mod common;

use std::path::Path;

use cli::{process_buffer, split_chunks, DriverOptions};
use common::runner::{RunResult, Tools};
use filetests::ir_check::parse_into;
use ir::Attr;

/// Inputs drawn per function.
const INPUTS: usize = 24;
/// Inputs the matmul runs on.
const MATMUL_INPUTS: usize = 60;

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The functions of `source` (`func.func` and library `shape.func`),
/// parsed into `ctx`: their names, and whether they assert.
fn functions(ctx: &mut ir::Context, name: &str, source: &str) -> (ir::OpId, Vec<(String, bool)>) {
    let module = parse_into(ctx, name, source, &Default::default());
    let mut found = Vec::new();
    ctx.walk_nested(module, &mut |op| {
        if matches!(ctx.op_name(op), "func.func" | "shape.func") {
            if let Some(n) = ctx.attr(op, "sym_name").and_then(Attr::as_str) {
                let mut asserts = false;
                ctx.walk_nested(op, &mut |o| asserts |= ctx.op_name(o) == "cf.assert");
                found.push((n.to_string(), asserts));
            }
        }
    });
    (module, found)
}

/// The sampled inputs of function `name`.
fn inputs(ctx: &ir::Context, module: ir::OpId, name: &str, count: usize) -> Vec<Vec<interp::Arg>> {
    let f = interp::find_function(ctx, module, name).expect("the function");
    validate::sample::function_inputs(ctx, f, count, 0x57d).expect("sampleable parameters")
}

/// How one function fared.
#[derive(Default)]
struct Tally {
    compared: usize,
    aborted: usize,
    undefined: usize,
    /// Whether the function has a `cf.assert`.
    asserts: bool,
}

/// Lower `source` with the pass, run every function on its inputs under
/// `mlir-runner` and compare with the interpreter; failures are pushed.
fn check(
    tools: &Tools,
    name: &str,
    source: &str,
    count: usize,
    failures: &mut Vec<String>,
) -> Vec<(String, Tally)> {
    let options = DriverOptions {
        pipeline: Some("builtin.module(convert-shape-to-std)".into()),
        ..Default::default()
    };
    let out = process_buffer(name, source, &options);
    if !out.success {
        failures.push(format!("{name}: the pass failed:\n{}", out.diagnostics));
        return Vec::new();
    }
    let std_module = out.output();
    let mut ctx = ir::Context::new();
    let (module, names) = functions(&mut ctx, name, source);
    let mut tallies = Vec::new();
    for (func, asserts) in names {
        let lowered = match tools.load_std(std_module.clone(), &func) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{name} @{func}: {e}"));
                continue;
            }
        };
        let args = inputs(&ctx, module, &func, count);
        let bound: Vec<_> = args
            .iter()
            .map(|a| lowered.bind(a).expect("arguments fit the lowered function"))
            .collect();
        let runs = lowered.run_many(&bound);
        let mut tally = Tally {
            asserts,
            ..Tally::default()
        };
        for (a, run) in args.iter().zip(runs) {
            let expected = interp::run_function(&ctx, module, &func, a)
                .unwrap_or_else(|e| panic!("@{func}{a:?}: the interpreter cannot run it: {e:?}"));
            let same = match (&expected, &run) {
                (interp::Outcome::Undefined(_), _) => {
                    tally.undefined += 1;
                    continue;
                }
                (interp::Outcome::Ok(values), Ok(RunResult::Printed(printed))) => {
                    let printed: Vec<_> = printed.iter().map(|v| v.canonical()).collect();
                    interp::canonical(values) == printed
                }
                (interp::Outcome::Error(want), Ok(RunResult::Aborted { message })) => {
                    tally.aborted += 1;
                    want == message
                }
                _ => false,
            };
            tally.compared += 1;
            if !same {
                failures.push(format!(
                    "{name} @{func}{a:?}: the interpreter gives {expected:?}, mlir-runner {run:?}"
                ));
            }
        }
        tallies.push((func, tally));
    }
    tallies
}

#[test]
fn every_case_runs_under_mlir_runner_as_the_interpreter_says() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let mut failures = Vec::new();
    let text = read("tests/passes/convert-shape-to-std.mlir");
    let mut functions = 0;
    for (i, chunk) in split_chunks(text.as_bytes()).into_iter().enumerate() {
        let chunk = String::from_utf8(chunk).expect("UTF-8");
        let name = format!("convert-shape-to-std.mlir#{i}");
        for (func, tally) in check(&tools, &name, &chunk, INPUTS, &mut failures) {
            eprintln!(
                "{func:22} {} compared ({} aborted), {} undefined",
                tally.compared, tally.aborted, tally.undefined
            );
            if tally.compared < 10 {
                failures.push(format!("@{func}: only {} inputs compared", tally.compared));
            }
            let passed = tally.compared - tally.aborted;
            if tally.asserts && (tally.aborted == 0 || passed == 0) {
                failures.push(format!(
                    "@{func}: {passed} passing and {} aborting inputs; want both",
                    tally.aborted
                ));
            }
            functions += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(functions >= 25, "{functions} functions");
}

#[test]
fn the_stage3_matmul_runs_without_loops() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let source = read("tests/interp/matmul-stage3.mlir");
    let mut failures = Vec::new();
    let tallies = check(
        &tools,
        "matmul-stage3.mlir",
        &source,
        MATMUL_INPUTS,
        &mut failures,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let [(_, tally)] = tallies.as_slice() else {
        panic!("one function expected");
    };
    let passed = tally.compared - tally.aborted;
    assert!(
        tally.compared >= 50 && tally.aborted >= 10 && passed >= 3,
        "{} compared, {} aborted",
        tally.compared,
        tally.aborted
    );
    let options = DriverOptions {
        pipeline: Some("builtin.module(convert-shape-to-std)".into()),
        ..Default::default()
    };
    let std_module = process_buffer("matmul-stage3.mlir", source, &options).output();
    assert!(
        !std_module.contains("scf.for") && !std_module.contains("tensor.generate"),
        "{std_module}"
    );
}

#[test]
fn lower_to_std_names_a_shape_op_left_over() {
    // The lowering takes functions; a shape op elsewhere stays, and the
    // std stage's legality check reports it at its location.
    let source = "\"foo.container\"() ({\n  %0 = shape.const_shape [1] : tensor<1xindex>\n  \"foo.use\"(%0) : (tensor<1xindex>) -> ()\n}) : () -> ()\n";
    let options = DriverOptions {
        allow_unregistered_dialect: true,
        lower_to: Some(pass::stage::Stage::Std),
        ..Default::default()
    };
    let out = process_buffer("left.mlir", source, &options);
    assert!(!out.success);
    assert!(
        out.diagnostics.contains("left.mlir:2:8: error: 'shape.const_shape' op is not legal in std form (shape dialect ops) (after the asserting stage's passes)"),
        "{}",
        out.diagnostics
    );
    assert!(out.output().is_empty());
}

/// `--lower-to=std` leaves nothing of the reification of registered ops
/// behind: no `shape.fn` attribute and no private instance of a shape
/// function, in any example (their checks are inlined where the ops stand).
/// The host ops of `matmul_program.mlir` keep theirs: the link says what
/// shape the op gives. The examples of `examples/status/` are hosts of
/// functions returning a status, lowered so.
#[test]
fn lower_to_std_leaves_no_shape_function_instance() {
    let files = common::mlir_files("examples");
    assert!(files.len() >= 20, "{files:?}");
    for file in files {
        let text = std::fs::read(&file).unwrap();
        let status = file.parent().is_some_and(|d| d.ends_with("status"));
        let options = DriverOptions {
            allow_unregistered_dialect: true,
            lower_to: Some(pass::stage::Stage::Std),
            shape_failure: match status {
                true => passes::FailureMode::Status,
                false => passes::FailureMode::Abort,
            },
            ..Default::default()
        };
        let out = process_buffer(&file.display().to_string(), text, &options);
        assert!(out.success, "{}: {}", file.display(), out.diagnostics);
        let printed = out.output();
        if file.ends_with("matmul_program.mlir") {
            let linked = printed
                .lines()
                .filter(|l| l.contains("\"foo.matmul\""))
                .count();
            assert_eq!(printed.matches("shape.fn = @").count(), linked, "{printed}");
            continue;
        }
        // A status example's host declares the runner's print functions.
        let left_over: &[&str] = match status {
            true => &["shape.fn"],
            false => &["shape.fn", "func.func private"],
        };
        for left in left_over {
            assert!(
                !printed.contains(left),
                "{}: {left} left\n{printed}",
                file.display()
            );
        }
    }
}
