//! `lower-to-constrained` on the walk-through's matmul and on every
//! stage-1 op of the shape dialect: each lowers, with `--verify-semantics` confirming the meaning, or is
//! rejected with an error at the op.

mod common;

use cli::{process_buffer, DriverOptions};
use filetests::ir_check::{parse, parse_into};
use interp::{Arg, Outcome};

const MATMUL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/matmul.mlir");

fn lower(text: &str) -> (ir::Context, ir::OpId) {
    let (mut ctx, module) = parse(text);
    let registry = shape_opt::registry();
    let mut pm = pass::PassManager::parse("builtin.module(lower-to-constrained)", &registry)
        .expect("pipeline");
    pm.run(&mut ctx, module, &mut pass::NoInstrumentation)
        .expect("lowers");
    (ctx, module)
}

/// The constraint messages from the outside in, each `shape.assuming`
/// nested in the one before, and the names of the innermost region's ops.
fn nesting(ctx: &ir::Context, f: ir::OpId) -> (Vec<String>, Vec<String>) {
    let mut messages = Vec::new();
    let mut block = ctx.region(ctx.op(f).regions[0]).blocks[0];
    loop {
        let ops: Vec<ir::OpId> = ctx.block_ops(block).collect();
        let witness = ops
            .iter()
            .find(|&&o| ctx.op_name(o).starts_with("shape.cstr_"));
        let assuming = ops.iter().find(|&&o| ctx.op_name(o) == "shape.assuming");
        match (witness, assuming) {
            (Some(&w), Some(&a)) => {
                let msg = ctx
                    .attr(w, "msg")
                    .and_then(ir::Attr::as_str)
                    .unwrap_or("")
                    .to_string();
                messages.push(msg);
                assert_eq!(
                    ctx.operand(a, 0),
                    ctx.result(w, 0),
                    "each assuming takes the witness before it"
                );
                block = ctx.region(ctx.op(a).regions[0]).blocks[0];
            }
            _ => {
                return (
                    messages,
                    ops.iter().map(|&o| ctx.op_name(o).to_string()).collect(),
                )
            }
        }
    }
}

#[test]
fn matmul_lowers_to_the_nested_form_and_keeps_its_meaning() {
    let text = std::fs::read_to_string(MATMUL).unwrap();
    let (ctx1, m1) = parse(&text);
    let (ctx2, m2) = lower(&text);
    pass::stage::check_legality(&ctx2, m2, pass::stage::Stage::Constrained)
        .expect("constrained form");
    let f = interp::find_function(&ctx2, m2, "matmul").expect("@matmul");
    // @matmul_shape1's structure: the rank meets, then (our explicit split
    // preconditions), then the inner-dimension meet guarding the concat.
    let (messages, innermost) = nesting(&ctx2, f);
    assert_eq!(
        messages,
        [
            "operands of shape.meet must be equal",
            "requires rank 2 operands",
            "split index out of range",
            "split index out of range",
            "inner dimensions required to match"
        ]
    );
    assert_eq!(innermost, ["shape.concat", "shape.assuming_yield"]);
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        let printed = ir::printer::print_op(&ctx2, m2, Default::default());
        common::run(&mlir_opt, &[], printed.as_bytes()).expect("mlir-opt accepts the lowering");
    }
    // Both forms on every pair of shapes of ranks 0-3, extents 1-4.
    let mut shapes: Vec<Vec<i64>> = vec![vec![]];
    for _ in 0..3 {
        let longer: Vec<Vec<i64>> = shapes
            .iter()
            .filter(|s| s.len() == shapes.last().map_or(0, Vec::len))
            .flat_map(|s| (1..=4).map(move |e| [s.clone(), vec![e]].concat()))
            .collect();
        shapes.extend(longer);
    }
    let (mut pairs, mut ok, mut same_message, mut static_message) = (0, 0, 0, 0);
    for a in &shapes {
        for b in &shapes {
            let args = [Arg::Shape(a.clone()), Arg::Shape(b.clone())];
            let one = interp::run_function(&ctx1, m1, "matmul", &args).unwrap();
            let two = interp::run_function(&ctx2, m2, "matmul", &args).unwrap();
            assert!(
                one.refined_by(&two) && two.refined_by(&one),
                "{a:?} x {b:?}: {one} vs {two}"
            );
            pairs += 1;
            match (&one, &two) {
                (Outcome::Ok(_), _) => ok += 1,
                (Outcome::Error(m1), Outcome::Error(m2)) if !m1.starts_with("meet of") => {
                    static_message += 1;
                    same_message += usize::from(m1 == m2);
                }
                _ => {}
            }
        }
    }
    assert!(pairs >= 200 && ok >= 50, "{pairs} pairs, {ok} ok");
    assert_eq!(
        same_message, static_message,
        "error= messages survive the lowering"
    );
    eprintln!("matmul: {pairs} pairs agree ({ok} ok; {static_message} failures with the same error= message)");
}

/// One stage-1 function using the op, and whether it lowers.
struct Snippet {
    op: &'static str,
    body: &'static str,
    lowers: bool,
}

const SNIPPETS: &[Snippet] = &[
    Snippet { op: "shape.add", lowers: true, body: "func.func @f(%a: !shape.size, %b: !shape.size) -> !shape.size {\n  %0 = shape.add %a, %b : !shape.size, !shape.size -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.any", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {\n  %0 = shape.any %a, %b : !shape.shape, !shape.shape -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.broadcast", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {\n  %0 = shape.broadcast %a, %b : !shape.shape, !shape.shape -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.concat", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {\n  %0 = shape.concat %a, %b : !shape.shape, !shape.shape -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.const_shape", lowers: true, body: "func.func @f() -> !shape.shape {\n  %0 = shape.const_shape [2, 3] : !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.const_size", lowers: true, body: "func.func @f() -> !shape.size {\n  %0 = shape.const_size 4\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.debug_print", lowers: true, body: "func.func @f(%a: !shape.shape) -> !shape.shape {\n  %0 = \"shape.debug_print\"(%a) : (!shape.shape) -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.dim", lowers: true, body: "func.func @f(%t: tensor<*xf32>, %i: !shape.size) -> !shape.size {\n  %0 = shape.dim %t, %i : tensor<*xf32>, !shape.size -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.div", lowers: true, body: "func.func @f(%a: !shape.size, %b: !shape.size) -> !shape.size {\n  %0 = shape.div %a, %b : !shape.size, !shape.size -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.from_extent_tensor", lowers: true, body: "func.func @f(%t: tensor<?xindex>) -> !shape.shape {\n  %0 = shape.from_extent_tensor %t : tensor<?xindex>\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.from_extents", lowers: true, body: "func.func @f(%a: !shape.size, %b: !shape.size) -> !shape.shape {\n  %0 = shape.from_extents %a, %b : !shape.size, !shape.size\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.get_extent", lowers: true, body: "func.func @f(%a: !shape.shape, %i: !shape.size) -> !shape.size {\n  %0 = shape.get_extent %a, %i : !shape.shape, !shape.size -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.index_to_size", lowers: true, body: "func.func @f(%i: index) -> !shape.size {\n  %0 = shape.index_to_size %i\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.is_broadcastable", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> i1 {\n  %0 = shape.is_broadcastable %a, %b : !shape.shape, !shape.shape\n  return %0 : i1\n}" },
    Snippet { op: "shape.max", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {\n  %0 = shape.max %a, %b : !shape.shape, !shape.shape -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.meet", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> !shape.shape {\n  %0 = shape.meet %a, %b, error = \"differ\" : !shape.shape, !shape.shape -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.min", lowers: true, body: "func.func @f(%a: !shape.size, %b: !shape.size) -> !shape.size {\n  %0 = shape.min %a, %b : !shape.size, !shape.size -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.mul", lowers: true, body: "func.func @f(%a: !shape.size, %b: !shape.size) -> !shape.size {\n  %0 = shape.mul %a, %b : !shape.size, !shape.size -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.num_elements", lowers: true, body: "func.func @f(%a: !shape.shape) -> !shape.size {\n  %0 = shape.num_elements %a : !shape.shape -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.rank", lowers: true, body: "func.func @f(%a: !shape.shape) -> !shape.size {\n  %0 = shape.rank %a : !shape.shape -> !shape.size\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.reduce", lowers: true, body: "func.func @f(%a: !shape.shape) -> !shape.size {\n  %c1 = shape.const_size 1\n  %0 = shape.reduce(%a, %c1) : !shape.shape -> !shape.size {\n  ^bb0(%i: index, %e: !shape.size, %acc: !shape.size):\n    %n = shape.add %e, %acc : !shape.size, !shape.size -> !shape.size\n    shape.yield %n : !shape.size\n  }\n  return %0 : !shape.size\n}" },
    Snippet { op: "shape.shape_eq", lowers: true, body: "func.func @f(%a: !shape.shape, %b: !shape.shape) -> i1 {\n  %0 = shape.shape_eq %a, %b : !shape.shape, !shape.shape\n  return %0 : i1\n}" },
    Snippet { op: "shape.shape_of", lowers: true, body: "func.func @f(%t: tensor<?x3xf32>) -> !shape.shape {\n  %0 = shape.shape_of %t : tensor<?x3xf32> -> !shape.shape\n  return %0 : !shape.shape\n}" },
    Snippet { op: "shape.size_to_index", lowers: true, body: "func.func @f(%a: !shape.size) -> index {\n  %0 = shape.size_to_index %a : !shape.size\n  return %0 : index\n}" },
    Snippet { op: "shape.split_at", lowers: true, body: "func.func @f(%a: !shape.shape, %i: !shape.size) -> (!shape.shape, !shape.shape) {\n  %h, %t = \"shape.split_at\"(%a, %i) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)\n  return %h, %t : !shape.shape, !shape.shape\n}" },
    Snippet { op: "shape.to_extent_tensor", lowers: true, body: "func.func @f(%a: !shape.shape) -> tensor<?xindex> {\n  %0 = shape.to_extent_tensor %a : !shape.shape -> tensor<?xindex>\n  return %0 : tensor<?xindex>\n}" },
    Snippet { op: "shape.func / shape.return / shape.function_library", lowers: true, body: "shape.function_library @lib {\n  shape.func @g(%v: !shape.value_shape) -> !shape.shape {\n    %0 = shape.shape_of %v : !shape.value_shape -> !shape.shape\n    shape.return %0 : !shape.shape\n  }\n} mapping {foo.op = @g}" },
    Snippet { op: "shape.with_shape", lowers: false, body: "func.func @f(%t: tensor<?xf32>, %s: !shape.shape) -> tensor<?xf32> {\n  %0 = shape.with_shape %t, %s : tensor<?xf32>, !shape.shape\n  %1 = shape.value_of %0 : tensor<?xf32>\n  return %1 : tensor<?xf32>\n}" },
    Snippet { op: "shape.value_of", lowers: true, body: "func.func @f(%v: !shape.value_shape) -> tensor<?xf32> {\n  %0 = shape.value_of %v : tensor<?xf32>\n  return %0 : tensor<?xf32>\n}" },
    Snippet { op: "shape.value_as_shape", lowers: false, body: "func.func @f(%v: !shape.value_shape) -> !shape.shape {\n  %0 = shape.value_as_shape %v : !shape.value_shape -> !shape.shape\n  return %0 : !shape.shape\n}" },
];

#[test]
fn every_stage1_op_lowers_or_is_rejected_at_the_op() {
    for s in SNIPPETS {
        let options = DriverOptions {
            pipeline: Some("builtin.module(lower-to-constrained)".to_string()),
            verify_semantics: Some(32),
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let out = process_buffer("snippet.mlir", s.body, &options);
        match s.lowers {
            true => assert!(out.success, "{}: {}", s.op, out.diagnostics),
            false => assert!(
                !out.success && out.diagnostics.starts_with("snippet.mlir:"),
                "{} must be rejected at the op: {}",
                s.op,
                out.diagnostics
            ),
        }
    }
}

/// A program using `foo.matmul` twice, with the
/// library, reifies and lowers; each instance keeps the library's meaning.
#[test]
fn a_program_with_two_matmuls_reifies_and_lowers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/matmul_program.mlir");
    let options = DriverOptions {
        pipeline: Some("builtin.module(reify-shape-library,lower-to-constrained)".to_string()),
        verify_semantics: Some(48),
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let out = process_buffer(path, std::fs::read(path).unwrap(), &options);
    assert!(out.success, "{}", out.diagnostics);
    let text = out.output();
    assert_eq!(
        text.matches("shape.fn = @foo_matmul_matmul_shape_").count(),
        2
    );
    let (ctx, module) = {
        let mut ctx = ir::Context::new();
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let module = parse_into(&mut ctx, "out.mlir", &text, &options);
        (ctx, module)
    };
    pass::stage::check_legality(&ctx, module, pass::stage::Stage::Constrained)
        .expect("constrained form");
    // The lowered instance computes what the stage-1 library function does.
    let (lib_ctx, lib) = parse(&std::fs::read_to_string(MATMUL).unwrap());
    for (a, b) in [
        (vec![2, 3], vec![3, 4]),
        (vec![2, 3], vec![4, 4]),
        (vec![2], vec![2, 2]),
    ] {
        let args = [Arg::Shape(a), Arg::Shape(b)];
        let want = interp::run_function(&lib_ctx, lib, "matmul", &args).unwrap();
        let got = interp::run_function(&ctx, module, "foo_matmul_matmul_shape_0", &args).unwrap();
        assert!(
            want.refined_by(&got) && got.refined_by(&want),
            "{want} vs {got}"
        );
    }
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        common::run(
            &mlir_opt,
            &["--allow-unregistered-dialect"],
            text.as_bytes(),
        )
        .expect("mlir-opt accepts it");
    }
}

/// `--lower-to=constrained` gives the matmul
/// the walk-through's `@matmul_shape2` checks (rank checks before any
/// split, one region guarded by the inner-dimension check, no duplicate or
/// implied check), and running the constrained stage's passes again
/// changes nothing. Since value bounds prove the split indices in range
/// once the ranks are checked, the splits leave the region that
/// `@matmul_shape2` keeps them in, and the inner-dimension check with
/// them: one region, holding the result.
#[test]
fn matmul_reaches_matmul_shape2_and_stays_there() {
    let run = |pipeline: Option<&str>, lower_to, text: &str| {
        let options = DriverOptions {
            pipeline: pipeline.map(str::to_string),
            lower_to,
            verify_semantics: Some(48),
            ..Default::default()
        };
        let out = process_buffer("m.mlir", text, &options);
        assert!(out.success, "{}", out.diagnostics);
        out.output()
    };
    let text = std::fs::read_to_string(MATMUL).unwrap();
    let lowered = run(None, Some(pass::stage::Stage::Constrained), &text);
    let checks: Vec<&str> = lowered.lines().filter(|l| l.contains("cstr_")).collect();
    assert_eq!(
        checks.len(),
        3,
        "two rank checks and the inner one:\n{lowered}"
    );
    assert_eq!(lowered.matches("assuming_all").count(), 1, "{lowered}");
    assert_eq!(
        lowered.matches("assuming %").count(),
        1,
        "one region:\n{lowered}"
    );
    let first_split = lowered.find("split_at").expect("splits");
    assert!(
        lowered
            .find("requires rank 2 operands")
            .expect("rank check")
            < first_split
    );
    let inner = lowered.find("inner dimensions required to match");
    assert!(inner.expect("inner check") > first_split);
    // Idempotent, and the same on one and two threads.
    let again = run(
        Some("builtin.module(hoist-constraints,canonicalize-constraints,canonicalize,cse)"),
        None,
        &lowered,
    );
    assert_eq!(again, lowered);
    for _ in 0..3 {
        assert_eq!(
            run(None, Some(pass::stage::Stage::Constrained), &text),
            lowered
        );
    }
}
