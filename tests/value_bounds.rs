//! Value bounds of the tensor ops checked by the interpreter, and `reify-result-shapes` compared with `mlir-opt
//! --resolve-ranked-shaped-type-result-dims`.
//!
//! The functions of `tests/passes/reify-result-shapes.mlir` (one or two
//! tensor ops each, every op of the list) return `tensor.dim`s of their
//! results. For each, the equality, lower and upper bounds of that
//! dimension in terms of the function's arguments are computed, then the function runs on many inputs — drawn at random,
//! plus a few that make the undefined-unless ops (`tensor.pack`) defined —
//! and every bound must hold on the dimension the interpreter computes.
//! Inputs where the function is undefined are skipped.

mod common;

use interp::{Arg, Outcome, Value};
use ir::{Context, OpId, ValueId};
use value_bounds::{about_values, compute_bound, BoundKind, Target, TargetExpr};

const FILE: &str = "tests/passes/reify-result-shapes.mlir";

/// Inputs that make a function defined where random ones rarely do.
const CHOSEN: &[(&str, &[&str])] = &[
    ("pack_unpack", &["[16,12]", "[3,2,8,4]", "4", "[16,12]"]),
    ("pack_unpack", &["[8,7]", "[1,1,8,7]", "7", "[8,7]"]),
    ("pack_unpack", &["[0,0]", "[0,0,8,3]", "3", "[0,0]"]),
    ("reshape", &["[6]", "2", "3"]),
    ("reshape", &["[0]", "0", "5"]),
];

/// The bounds claimed about one returned dimension.
struct Claim {
    result: usize,
    kind: BoundKind,
    bound: TargetExpr,
}

fn functions(ctx: &Context, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if ctx.op_name(op) == "func.func" {
            out.push(op);
        }
    });
    out
}

fn entry_args(ctx: &Context, f: OpId) -> Vec<ValueId> {
    let entry = ctx.region(ctx.op(f).regions[0]).blocks[0];
    ctx.block(entry).args.clone()
}

/// What the bounds say about each value `f` returns that is a `tensor.dim`
/// of a constant index.
fn claims(ctx: &Context, f: OpId) -> Vec<Claim> {
    let args = entry_args(ctx, f);
    let entry = ctx.region(ctx.op(f).regions[0]).blocks[0];
    let ret = ctx.block_terminator(entry).unwrap();
    let mut out = Vec::new();
    for (result, &v) in ctx.op(ret).operands.iter().enumerate() {
        let dim = ctx.defining_op(v).unwrap();
        assert_eq!(ctx.op_name(dim), "tensor.dim");
        let [r, index] = ctx.op(dim).operands[..] else {
            unreachable!()
        };
        let d = fold::int_of(&fold::constant_value(ctx, index).unwrap()).unwrap() as usize;
        let target = Target::Dim(r, d);
        let stop = about_values(ctx, &args);
        let kinds = [BoundKind::Equal, BoundKind::Lower, BoundKind::Upper]
            .map(|kind| (kind, compute_bound(ctx, kind, target, &stop)));
        for (kind, bounds) in kinds {
            out.extend(bounds.iter().map(|b| Claim {
                result,
                kind,
                bound: b.clone(),
            }));
        }
    }
    out
}

/// The value of `t` on the arguments `values` of a function with
/// arguments `args`.
fn target_value(args: &[ValueId], values: &[Arg], t: Target) -> i64 {
    let i = args.iter().position(|&a| a == t.value()).unwrap();
    match (t, &values[i]) {
        (Target::Value(_), Arg::Scalar(n)) => *n,
        (Target::Dim(_, d), Arg::Shape(s)) => s[d],
        (Target::Extent(_, k), Arg::Shape(s)) => s[k],
        (t, a) => panic!("{t:?} of {a:?}"),
    }
}

/// A deterministic draw of arguments for `f`: dynamic dimensions and
/// scalars from a few small values (scalars also negative).
fn random_inputs(ctx: &Context, f: OpId, count: usize) -> Vec<Vec<Arg>> {
    let types = validate::sample::input_types(ctx, f).unwrap();
    let mut random = splitmix::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: usize| random.below(n);
    const SIZES: [i64; 7] = [0, 1, 2, 3, 4, 8, 16];
    (0..count)
        .map(|_| {
            types
                .iter()
                .map(|&t| match ctx.type_kind(t).shape() {
                    Some(shape) => Arg::Shape(
                        shape
                            .iter()
                            .map(|&n| if n < 0 { SIZES[next(7)] } else { n })
                            .collect(),
                    ),
                    None => Arg::Scalar(SIZES[next(7)] - i64::from(next(5) == 0)),
                })
                .collect()
        })
        .collect()
}

#[test]
fn tensor_op_bounds_hold_on_the_interpreter() {
    let text = std::fs::read_to_string(FILE).unwrap();
    let module = shape_opt::Session::new()
        .parse(FILE, &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let (ctx, root) = (&module.ctx, module.root);
    let mut report = Vec::new();
    for f in functions(ctx, root) {
        let name = ctx.attr(f, "sym_name").and_then(|a| a.as_str()).unwrap();
        let name = name.to_string();
        let args = entry_args(ctx, f);
        let claims = claims(ctx, f);
        let mut inputs = random_inputs(ctx, f, 400);
        inputs.extend(
            CHOSEN
                .iter()
                .filter(|(n, _)| *n == name)
                .map(|(_, a)| a.iter().map(|a| a.parse().unwrap()).collect()),
        );
        let (mut defined, mut checked) = (0, 0);
        for values in &inputs {
            let outcome = interp::run_function(ctx, root, &name, values).unwrap();
            let Outcome::Ok(results) = outcome else {
                continue;
            };
            defined += 1;
            for claim in &claims {
                let Value::Index(actual) = results[claim.result] else {
                    panic!("@{name}: result {} is not an index", claim.result);
                };
                let bound = claim
                    .bound
                    .eval(|t| target_value(&args, values, t))
                    .unwrap();
                let holds = match claim.kind {
                    BoundKind::Equal => actual == bound,
                    BoundKind::Lower => actual >= bound,
                    BoundKind::Upper => actual <= bound,
                };
                assert!(
                    holds,
                    "@{name} on {values:?}: result {} is {actual}, bound {:?} {:?} gives {bound}",
                    claim.result, claim.kind, claim.bound
                );
                checked += 1;
            }
        }
        assert!(defined > 0, "@{name}: no input was defined");
        report.push(format!(
            "@{name}: {} bounds, {defined} defined inputs, {checked} checks",
            claims.len()
        ));
    }
    println!("{}", report.join("\n"));
}

/// Which returned values of each function of printed MLIR `text` are still
/// `tensor.dim`s of something other than an argument ("unresolved").
fn unresolved(text: &str) -> Vec<(String, Vec<bool>)> {
    let mut out = Vec::new();
    let mut dims_of_ops: Vec<String> = Vec::new();
    let mut name = String::new();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("func.func @") {
            name = rest.split('(').next().unwrap().to_string();
            dims_of_ops.clear();
        } else if let Some((def, rest)) = line.split_once(" = tensor.dim ") {
            if !rest.starts_with("%arg") {
                dims_of_ops.push(def.to_string());
            }
        } else if let Some(rest) = line.strip_prefix("return ") {
            let values = rest.split(':').next().unwrap();
            let flags = values
                .split(',')
                .map(|v| dims_of_ops.contains(&v.trim().to_string()))
                .collect();
            out.push((name.clone(), flags));
        }
    }
    out
}

#[test]
fn reify_result_shapes_resolves_what_mlir_opt_resolves() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let text = std::fs::read_to_string(FILE).unwrap();
    let upstream_text = text
        .replace("tensor.pack", "linalg.pack")
        .replace("tensor.unpack", "linalg.unpack");
    let theirs = common::run(
        &mlir_opt,
        &[
            "--split-input-file",
            "--resolve-ranked-shaped-type-result-dims",
        ],
        upstream_text.as_bytes(),
    )
    .unwrap();
    let mut session = shape_opt::Session::new();
    let mut module = session.parse(FILE, &text).unwrap();
    session
        .run_pipeline(&mut module, "builtin.module(reify-result-shapes)", None)
        .unwrap_or_else(|e| panic!("{e}"));
    let ours = unresolved(&module.print());
    let theirs = unresolved(&theirs);
    assert_eq!(ours.len(), theirs.len());
    // (function, result): resolved by us only (+) or by mlir-opt only (-).
    let mut differences = Vec::new();
    for ((name, ours), (their_name, theirs)) in ours.iter().zip(&theirs) {
        assert_eq!(name, their_name);
        for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
            if o != t {
                differences.push(format!("{}{name}#{i}", if *o { '-' } else { '+' }));
            }
        }
    }
    assert_eq!(
        differences,
        ["-collapse_expand#1", "+reshape#0", "+reshape#1"],
        "as the test file's header says"
    );
}
