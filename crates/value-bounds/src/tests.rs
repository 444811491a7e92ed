//! Bounds of small functions, read back as expressions and as IR.

use super::*;
use bounds::Affine;
use ir::{Context, OpId, OpKind, ValueId};

/// The parsed module and the values named by `name = ` comments' order:
/// every result of every op of the first function, in order.
fn parse(text: &str) -> (Context, OpId, Vec<ValueId>, Vec<ValueId>) {
    let (ctx, module) = filetests::ir_check::parse(text);
    let mut func = None;
    ctx.walk_nested(module, &mut |op| {
        if func.is_none() && ctx.kind(op) == OpKind::FuncFunc {
            func = Some(op);
        }
    });
    let func = func.unwrap();
    let entry = ctx.region(ctx.op(func).regions[0]).blocks[0];
    let args = ctx.block(entry).args.clone();
    let mut results = Vec::new();
    ctx.walk_nested(func, &mut |op| {
        results.extend(ctx.op(op).results.iter().copied())
    });
    (ctx, func, args, results)
}

fn show(ctx: &Context, args: &[ValueId], e: &TargetExpr) -> String {
    let name = |v: ValueId| match args.iter().position(|&a| a == v) {
        Some(i) => format!("%arg{i}"),
        None => format!("{v:?}"),
    };
    let _ = ctx;
    let shown = e.display(&name).to_string();
    shown
}

fn in_args(args: &[ValueId]) -> impl Fn(Target) -> bool + '_ {
    move |t| args.contains(&t.value())
}

#[test]
fn arithmetic_in_terms_of_arguments() {
    let (ctx, _, args, values) = parse(
        "func.func @f(%a: index, %b: index) -> index {
           %c2 = arith.constant 2 : index
           %c3 = arith.constant 3 : index
           %x = arith.addi %a, %c2 : index
           %y = arith.muli %x, %c3 : index
           %z = arith.subi %y, %b : index
           %q = arith.floordivsi %z, %c3 : index
           return %q : index
         }",
    );
    let z = values[4];
    let eq = compute_bound(&ctx, BoundKind::Equal, Target::Value(z), in_args(&args));
    assert_eq!(eq.len(), 1);
    assert_eq!(show(&ctx, &args, &eq[0]), "3*%arg0 - %arg1 + 6");
    // ⌊(3a - b + 6) / 3⌋ has no affine form in a and b, but its constant
    // bounds follow from those of a and b when they have some.
    let q = values[5];
    assert!(compute_bound(&ctx, BoundKind::Equal, Target::Value(q), in_args(&args)).is_empty());
}

#[test]
fn for_induction_variable_and_min_upper_bound() {
    let (ctx, _, args, values) = parse(
        "func.func @f(%n: index) {
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           %c16 = arith.constant 16 : index
           %m = arith.minsi %n, %c16 : index
           scf.for %iv = %c0 to %m step %c1 {
             %k = arith.addi %iv, %c1 : index
           }
           return
         }",
    );
    let m = values[3];
    assert_eq!(
        constant_bound(&ctx, BoundKind::Upper, Target::Value(m)),
        Some(16)
    );
    // The induction variable is the first operand of %k's addition.
    let k = values[4];
    let iv = ctx.op(ctx.defining_op(k).unwrap()).operands[0];
    assert_eq!(
        constant_bound(&ctx, BoundKind::Lower, Target::Value(iv)),
        Some(0)
    );
    assert_eq!(
        constant_bound(&ctx, BoundKind::Upper, Target::Value(iv)),
        Some(15)
    );
    assert_eq!(
        constant_bound(&ctx, BoundKind::Upper, Target::Value(k)),
        Some(16)
    );
    let ub = compute_bound(&ctx, BoundKind::Upper, Target::Value(iv), in_args(&args));
    let shown: Vec<String> = ub.iter().map(|e| show(&ctx, &args, e)).collect();
    assert_eq!(shown, ["15", "%arg0 - 1"]);
}

#[test]
fn shapes_split_broadcast_and_pass_through_assuming() {
    let (ctx, _, _, values) = parse(
        r#"func.func @f(%a: tensor<?x3xf32>, %b: tensor<2x?x1xf32>) -> index {
           %c1 = arith.constant 1 : index
           %sa = shape.shape_of %a : tensor<?x3xf32> -> tensor<2xindex>
           %sb = shape.shape_of %b : tensor<2x?x1xf32> -> tensor<3xindex>
           %w = shape.cstr_broadcastable %sa, %sb : tensor<2xindex>, tensor<3xindex>
           %r = shape.assuming %w -> (tensor<?xindex>) {
             %bc = shape.broadcast %sa, %sb : tensor<2xindex>, tensor<3xindex> -> tensor<?xindex>
             shape.assuming_yield %bc : tensor<?xindex>
           }
           %head, %tail = "shape.split_at"(%r, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
           %e = shape.get_extent %tail, %c1 : tensor<?xindex>, index -> index
           %n = shape.rank %tail : tensor<?xindex> -> index
           return %e : index
         }"#,
    );
    let (e, n) = (values[values.len() - 2], values[values.len() - 1]);
    assert_eq!(
        constant_bound(&ctx, BoundKind::Equal, Target::Value(n)),
        Some(2)
    );
    // Extent 2 of the broadcast is one of 3 (from %a) and 1 (from %b).
    assert_eq!(
        constant_bound(&ctx, BoundKind::Lower, Target::Value(e)),
        Some(1)
    );
    assert_eq!(
        constant_bound(&ctx, BoundKind::Upper, Target::Value(e)),
        Some(3)
    );
    // Extent 0 of the tail is dim 0 of %a or dim 1 of %b: both are sizes.
    let tail = values[values.len() - 3];
    assert_eq!(
        constant_bound(&ctx, BoundKind::Lower, Target::Extent(tail, 0)),
        Some(0)
    );
    assert_eq!(
        constant_bound(&ctx, BoundKind::Upper, Target::Extent(tail, 0)),
        None
    );
}

#[test]
fn materialized_bounds_are_arith() {
    let (mut ctx, func, args, values) = parse(
        "func.func @f(%t: tensor<?xf32>, %n: index) -> index {
           %c0 = arith.constant 0 : index
           %c4 = arith.constant 4 : index
           %d = tensor.dim %t, %c0 : tensor<?xf32>
           %s = shape.shape_of %t : tensor<?xf32> -> tensor<1xindex>
           %e = shape.get_extent %s, %c0 : tensor<1xindex>, index -> index
           %x = arith.addi %e, %n : index
           %y = arith.minsi %x, %c4 : index
           return %y : index
         }",
    );
    let y = *values.last().unwrap();
    let ub = compute_bound(&ctx, BoundKind::Upper, Target::Value(y), in_args(&args));
    let shown: Vec<String> = ub.iter().map(|e| show(&ctx, &args, e)).collect();
    assert_eq!(shown, ["4", "%arg1 + dim(%arg0, 0)"]);
    let ret = ctx
        .block_terminator(ctx.region(ctx.op(func).regions[0]).blocks[0])
        .unwrap();
    let v = materialize(&mut ctx, ret, BoundKind::Upper, &ub).unwrap();
    assert_eq!(ctx.kind(ctx.defining_op(v).unwrap()), OpKind::ArithMinsi);
    let text = ir::printer::print_op(&ctx, func, Default::default());
    assert!(text.contains("tensor.dim %arg0, %c0"), "{text}");
    assert!(text.contains("arith.addi %arg1, %dim_"), "{text}");
}

#[test]
fn assumed_predicates_decide_later_ones() {
    let (ctx, _, args, values) = parse(
        "func.func @f(%i: index, %n: index, %d: index) {
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           %lt = arith.cmpi ult, %i, %n : index
           %i1 = arith.addi %i, %c1 : index
           %fits = arith.cmpi sle, %i1, %n : index
           %nonneg = arith.cmpi sge, %i, %c0 : index
           %both = arith.andi %fits, %nonneg : i1
           %big = arith.cmpi sgt, %i, %n : index
           %pos = arith.cmpi sgt, %d, %c0 : index
           %as_number = arith.select %pos, %c1, %c0 : index
           %required = arith.cmpi eq, %as_number, %c1 : index
           %d1 = arith.subi %d, %c1 : index
           %d1_nonneg = arith.cmpi sge, %d1, %c0 : index
           return
         }",
    );
    let v = |i: usize| values[i];
    let (lt, both, big, required, d1_nonneg) = (v(2), v(6), v(7), v(10), v(12));
    // `i <u n` says nothing until `n` is known non-negative.
    let mut b = ValueBounds::new(&ctx, |_| false);
    b.assume(lt);
    assert_eq!(b.decide(both), None);
    let mut b = ValueBounds::new(&ctx, |_| false);
    let n = b.expr(Target::Value(args[1]));
    b.add(BoundKind::Lower, &n, &Affine::constant(0));
    b.assume(lt);
    assert_eq!(b.decide(both), Some(true));
    assert_eq!(b.decide(big), Some(false));
    // `select %pos, 1, 0 == 1` is `%pos`.
    let mut b = ValueBounds::new(&ctx, |_| false);
    assert_eq!(b.decide(d1_nonneg), None);
    b.assume(required);
    assert_eq!(b.decide(d1_nonneg), Some(true));
}
mod tensor;
