//! `--verify-semantics` from the command line: the report of what it
//! compared, the warning (or, with `--verify-semantics-require-inputs`, the
//! error) for a function it could compare on no input, and events compared
//! before results and failures.

use std::process::Output;

mod common;

use common::stderr;

fn shape_opt(args: &[&str], stdin: &str) -> Output {
    common::run(env!("CARGO_BIN_EXE_shape-opt"), args, stdin)
}

/// One function the interpreter evaluates, one it cannot (`math.sqrt`), one
/// it can on some inputs only.
const MIXED: &str = r#"func.func @fine(%a: tensor<?xindex>) -> tensor<?xindex> {
  return %a : tensor<?xindex>
}
func.func @never(%x: f32) -> f32 {
  %y = math.sqrt %x : f32
  return %y : f32
}
func.func @sometimes(%k: index) -> index {
  %c2 = arith.constant 2 : index
  %small = arith.cmpi ult, %k, %c2 : index
  %r = scf.if %small -> (index) {
    scf.yield %k : index
  } else {
    %s = arith.index_cast %k : index to i64
    %f = arith.bitcast %s : i64 to f64
    %i = arith.fptosi %f : f64 to i64
    %j = arith.index_cast %i : i64 to index
    scf.yield %j : index
  }
  return %r : index
}
"#;

#[test]
fn the_report_says_how_many_inputs_were_compared() {
    let out = shape_opt(
        &[
            "--verify-semantics",
            "-cse",
            "tests/interp/matmul-stage2.mlir",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "verify-semantics: 1 function, 1 pass run, 32 comparisons; each function on all its 32 sampled inputs\n"
    );
    let out = shape_opt(
        &[
            "--verify-semantics=8",
            "-cse",
            "-canonicalize",
            "tests/interp/matmul-stage2.mlir",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "verify-semantics: 1 function, 2 pass runs, 16 comparisons; each function on all its 8 sampled inputs\n"
    );
}

#[test]
fn a_function_compared_on_no_input_is_a_warning_naming_the_op() {
    let out = shape_opt(&["--verify-semantics", "-cse", "-"], MIXED);
    assert!(out.status.success(), "{}", stderr(&out));
    let log = stderr(&out);
    let lines: Vec<&str> = log.lines().collect();
    assert!(
        lines[0].starts_with("verify-semantics: 3 functions, 1 pass run, "),
        "{log}"
    );
    assert!(
        lines[1].starts_with("verify-semantics: @sometimes on 2 of its 5 sampled inputs; the others cannot be evaluated: <stdin>:15:10: cannot evaluate 'arith.bitcast'"),
        "{log}"
    );
    assert!(
        log.contains("<stdin>:4:1: warning: verify-semantics: @never could not be evaluated on any of its 5 sampled inputs: <stdin>:5:8: cannot evaluate 'math.sqrt': no semantics for this op\n"),
        "{log}"
    );

    let strict = shape_opt(
        &[
            "--verify-semantics",
            "--verify-semantics-require-inputs",
            "-cse",
            "-",
        ],
        MIXED,
    );
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
    assert!(
        stderr(&strict).contains("<stdin>:4:1: error: verify-semantics: @never could not be evaluated on any of its 5 sampled inputs: <stdin>:5:8: cannot evaluate 'math.sqrt'"),
        "{}",
        stderr(&strict)
    );
    assert!(strict.stdout.is_empty(), "nothing is written on failure");
    // Where every function is compared, the option changes nothing.
    let fine = shape_opt(
        &[
            "--verify-semantics",
            "--verify-semantics-require-inputs",
            "-cse",
            "tests/interp/matmul-stage2.mlir",
        ],
        "",
    );
    assert!(fine.status.success(), "{}", stderr(&fine));
}

#[test]
fn nothing_compared_is_said_and_required_inputs_need_the_check() {
    let none = shape_opt(
        &["--verify-semantics", "tests/interp/matmul-stage2.mlir"],
        "",
    );
    assert!(none.status.success());
    assert_eq!(
        stderr(&none),
        "verify-semantics: no pass ran, so nothing was compared\n"
    );
    let strict = shape_opt(
        &[
            "--verify-semantics",
            "--verify-semantics-require-inputs",
            "tests/interp/matmul-stage2.mlir",
        ],
        "",
    );
    assert_eq!(strict.status.code(), Some(1));
    assert!(stderr(&strict).contains("error: verify-semantics: no pass ran"));
    let declarations_only = shape_opt(
        &[
            "--verify-semantics",
            "--verify-semantics-require-inputs",
            "-cse",
            "-",
        ],
        "func.func private @log(i64)\n",
    );
    assert_eq!(declarations_only.status.code(), Some(1));
    assert!(
        stderr(&declarations_only)
            .contains("error: verify-semantics: no function was compared on any input"),
        "{}",
        stderr(&declarations_only)
    );
    let alone = shape_opt(
        &[
            "--verify-semantics-require-inputs",
            "-cse",
            "tests/interp/matmul-stage2.mlir",
        ],
        "",
    );
    assert_eq!(alone.status.code(), Some(1));
    assert!(
        stderr(&alone).contains("--verify-semantics"),
        "{}",
        stderr(&alone)
    );
}

#[test]
fn events_are_compared_before_the_outcome() {
    // Dropping the checks lets both calls through where the source logged
    // nothing and failed.
    let out = shape_opt(
        &[
            "--verify-semantics",
            "-remove-shape-constraints",
            "tests/shape_run/effects.mlir",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("error: pass 'remove-shape-constraints' changed what @f computes: on ("),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("`call @log(42); call @log(7); ok` after: a failure is gone"),
        "{}",
        stderr(&out)
    );
    // Passes that keep the calls and checks in order pass.
    let kept = shape_opt(
        &[
            "--verify-semantics=64",
            "--verify-semantics-require-inputs",
            "-cse",
            "-canonicalize",
            "-inline",
            "-symbol-dce",
            "tests/shape_run/effects.mlir",
        ],
        "",
    );
    assert!(kept.status.success(), "{}", stderr(&kept));
}

#[test]
fn integer_tensor_arguments_are_sampled_with_elements() {
    // The reshape of tests/shape_run/data.mlir reads its target shape
    // (that the sampled targets make it both succeed and fail is checked
    // in crates/validate): every input is compared.
    let out = shape_opt(
        &[
            "--verify-semantics=64",
            "--verify-semantics-require-inputs",
            "-canonicalize",
            "-cse",
            "tests/shape_run/data.mlir",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("each function on all its 64 sampled inputs"),
        "{}",
        stderr(&out)
    );
}

/// A torch-style shape check around ops of no registered dialect: a
/// `!torch.vtensor<[?,?],f32>` parameter bridged to a builtin tensor, a
/// broadcast check, and a `stablehlo.add` it protects.
const TORCH: &str = r#"func.func @add(%a: !torch.vtensor<[?,?],f32>, %b: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?],f32> {
  %ta = "torch_c.to_builtin_tensor"(%a) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
  %tb = "torch_c.to_builtin_tensor"(%b) : (!torch.vtensor<[?,?],f32>) -> tensor<?x?xf32>
  %sa = shape.shape_of %ta : tensor<?x?xf32> -> tensor<2xindex>
  %sb = shape.shape_of %tb : tensor<?x?xf32> -> tensor<2xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<2xindex>, tensor<2xindex>
  %r = shape.assuming %w -> (!torch.vtensor<[?,?],f32>) {
    %s = "stablehlo.add"(%ta, %tb) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %v = "torch_c.from_builtin_tensor"(%s) : (tensor<?x?xf32>) -> !torch.vtensor<[?,?],f32>
    shape.assuming_yield %v : !torch.vtensor<[?,?],f32>
  }
  return %r : !torch.vtensor<[?,?],f32>
}
"#;

#[test]
fn foreign_parameters_and_ops_are_compared_on_every_input() {
    // Before, the parameter "could not be sampled" and the function was
    // compared on no input; now every sampled input is compared.
    let out = shape_opt(
        &[
            "--allow-unregistered-dialect",
            "--verify-semantics",
            "--verify-semantics-require-inputs",
            "-cse",
            "-canonicalize",
            "-",
        ],
        TORCH,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "verify-semantics: 1 function, 2 pass runs, 64 comparisons; each function on all its 32 sampled inputs\n"
    );
    // Dropping the check lets the protected op run where the source
    // failed (`stablehlo.add` of two shapes: undefined, by its rule):
    // caught.
    let out = shape_opt(
        &[
            "--allow-unregistered-dialect",
            "--verify-semantics",
            "-remove-shape-constraints",
            "-",
        ],
        TORCH,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("error: pass 'remove-shape-constraints' changed what @add computes: on ([")
            && stderr(&out).contains("stablehlo.add: operand 1 must have the shape of operand 0")
            && stderr(&out).contains("a failure is gone"),
        "{}",
        stderr(&out)
    );
}
