//! `scf`: the induction variable of `scf.for`, and the results of
//! `scf.if`.

use crate::arith::one_of;
use crate::{BoundsOp, Target, ValueBounds};
use bounds::BoundKind;
use ir::{OpId, OpKind};

pub(crate) fn bounds_op(kind: OpKind) -> Option<&'static dyn BoundsOp> {
    Some(match kind {
        OpKind::ScfFor => &For,
        OpKind::ScfIf => &If,
        // No bounds from this dialect's other ops; the other dialects' ops
        // are another module's (`interface::bounds_op`).
        ir::arith_ops!()
        | ir::bufferization_ops!()
        | ir::builtin_ops!()
        | ir::cf_ops!()
        | ir::func_ops!()
        | ir::math_ops!()
        | ir::memref_ops!()
        | OpKind::ScfCondition
        | OpKind::ScfExecuteRegion
        | OpKind::ScfForall
        | OpKind::ScfForallInParallel
        | OpKind::ScfIndexSwitch
        | OpKind::ScfParallel
        | OpKind::ScfReduce
        | OpKind::ScfReduceReturn
        | OpKind::ScfWhile
        | OpKind::ScfYield
        | ir::shape_ops!()
        | ir::tensor_ops!()
        | ir::ub_ops!()
        | OpKind::Unregistered => return None,
    })
}

struct For;
impl BoundsOp for For {
    /// Inside the body, `lower ≤ iv ≤ upper - 1` (the body runs only for
    /// such values; the step is not used).
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Value(iv) = target else {
            return;
        };
        let body = ctx
            .op(op)
            .regions
            .first()
            .and_then(|&r| ctx.region(r).blocks.first());
        if body.and_then(|&block| ctx.block(block).args.first()) != Some(&iv) {
            return;
        }
        let (lower, upper) = (ctx.op(op).operands[0], ctx.op(op).operands[1]);
        let x = b.expr(target);
        let lower = b.value(lower);
        let upper = b.value(upper);
        b.add(BoundKind::Lower, &x, &lower);
        if let Some(last) = upper.offset(-1) {
            b.add(BoundKind::Upper, &x, &last);
        }
    }
}

struct If;
impl BoundsOp for If {
    /// Result `i` is what one of the branches yields as `i`.
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Value(v) = target else {
            return;
        };
        let Some(i) = ctx.op(op).results.iter().position(|&r| r == v) else {
            return;
        };
        let yielded: Vec<_> = ctx
            .op(op)
            .regions
            .iter()
            .filter_map(|&r| ctx.region(r).blocks.first())
            .filter_map(|&block| ctx.block_terminator(block))
            .filter_map(|t| ctx.op(t).operands.get(i).copied())
            .collect();
        if yielded.len() != 2 {
            return;
        }
        let x = b.expr(target);
        let values: Vec<_> = yielded.into_iter().map(|y| b.value(y)).collect();
        one_of(b, &x, &values);
    }
}
