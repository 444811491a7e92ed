//! `shape-to-shape-lowering`: express `shape.num_elements` through
//! `shape.reduce`.
//!
//! Precondition: none. Postcondition: no `shape.num_elements` is left; each
//! became a `shape.reduce` over its shape that multiplies the extents into
//! an initial 1 (`shape.const_size 1` for a `!shape.size` result,
//! `arith.constant 1 : index` for an `index` one). Declines: nothing else
//! is rewritten.
//!
//! ```mlir
//! %n = shape.num_elements %s : !shape.shape -> !shape.size
//! // becomes
//! %c1 = shape.const_size 1
//! %n = shape.reduce(%s, %c1) : !shape.shape -> !shape.size {
//! ^bb0(%i: index, %dim: !shape.size, %acc: !shape.size):
//!   %next = shape.mul %dim, %acc : !shape.size, !shape.size -> !shape.size
//!   shape.yield %next : !shape.size
//! }
//! ```

use ir::{Attr, Context, OpId, OpKind, OperationState, TypeKind};
use pass::{PassDecl, PassResult, Statistics};

pub struct ShapeToShapeLowering;

/// Rewrite one `shape.num_elements`.
fn lower_num_elements(ctx: &mut Context, op: OpId) {
    let (Some(shape), Some(result)) = (ctx.operand(op, 0), ctx.result(op, 0)) else {
        return;
    };
    let loc = ctx.op(op).loc.clone();
    let ty = ctx.value_type(result);
    let index = ctx.intern_type(TypeKind::Index);
    let one = Attr::Int {
        value: 1,
        ty: index,
    };
    let init_kind = if matches!(ctx.type_kind(ty), TypeKind::Size) {
        OpKind::ShapeConstSize
    } else {
        OpKind::ArithConstant
    };
    let mut init = OperationState::new(init_kind, loc.clone());
    init.props.push((ir::attrs::attr_name("value"), one));
    init.result_types.push(ty);
    let init = ctx.create_op(init);
    ctx.insert_op_before(op, init);
    let Some(init_value) = ctx.result(init, 0) else {
        return;
    };

    let region = ctx.create_region();
    let body = ctx.create_block();
    ctx.append_block(region, body);
    ctx.add_block_arg(body, index, Some(loc.clone()));
    let dim = ctx.add_block_arg(body, ty, Some(loc.clone()));
    let acc = ctx.add_block_arg(body, ty, Some(loc.clone()));
    let mut mul = OperationState::new(OpKind::ShapeMul, loc.clone());
    mul.operands.extend([dim, acc]);
    mul.result_types.push(ty);
    let mul = ctx.create_op(mul);
    ctx.append_op(body, mul);
    let mut yield_op = OperationState::new(OpKind::ShapeYield, loc.clone());
    yield_op.operands.extend(ctx.result(mul, 0));
    let yield_op = ctx.create_op(yield_op);
    ctx.append_op(body, yield_op);

    let mut reduce = OperationState::new(OpKind::ShapeReduce, loc);
    reduce.operands.extend([shape, init_value]);
    reduce.result_types.push(ty);
    reduce.regions.push(region);
    let reduce = ctx.create_op(reduce);
    ctx.insert_op_before(op, reduce);
    if let Some(new) = ctx.result(reduce, 0) {
        ctx.replace_all_uses(result, new);
    }
    ctx.erase_op(op);
}

impl PassDecl for ShapeToShapeLowering {
    const NAME: &'static str = "shape-to-shape-lowering";
    const SUMMARY: &'static str = "Legalize Shape dialect to be convertible to Arith";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        let mut targets = Vec::new();
        ctx.walk_nested(op, &mut |o| {
            if ctx.kind(o) == OpKind::ShapeNumElements {
                targets.push(o);
            }
        });
        for t in targets {
            lower_num_elements(ctx, t);
        }
        Ok(())
    }
}
