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

use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::{Attr, Context, OpId, OpKind, TypeKind};
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
    let init_value = OpBuilder::new(ctx, InsertPoint::Before(op), loc.clone()).build1(
        init_kind,
        &[],
        ty,
        vec![("value", one)],
    );

    let region = ctx.create_region();
    let body = ctx.create_block();
    ctx.append_block(region, body);
    ctx.add_block_arg(body, index, Some(loc.clone()));
    let dim = ctx.add_block_arg(body, ty, Some(loc.clone()));
    let acc = ctx.add_block_arg(body, ty, Some(loc.clone()));
    let mut in_body = OpBuilder::new(ctx, InsertPoint::End(body), loc.clone());
    let product = in_body.build1(OpKind::ShapeMul, &[dim, acc], ty, vec![]);
    in_body.build(OpKind::ShapeYield, &[product], &[], vec![], vec![]);

    let reduced = OpBuilder::new(ctx, InsertPoint::Before(op), loc).build(
        OpKind::ShapeReduce,
        &[shape, init_value],
        &[ty],
        vec![],
        vec![region],
    );
    if let Some(&new) = reduced.first() {
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
