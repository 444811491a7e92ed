//! Which std-form ops may run before the checks that guard them: ops with
//! no effect and no undefined behaviour whatever their operands (what MLIR
//! calls speculatable), so that status mode can test several checks at
//! once and compute a function's results before knowing whether its checks
//! passed.
//!
//! The answer is conservative: an op is speculatable only if it is one of
//! the kinds below and its operands cannot make it undefined. Divisions
//! (by zero), ops with overflow flags (poison), `tensor.extract` of a
//! dynamic shape or index, `tensor.dim` of an index not known in range and
//! a `tensor.cast` to a more static type (both undefined on a mismatch) are
//! not.

use analysis::ranks::constant_int;
use ir::{Context, OpId, OpKind, Type, TypeKind};

/// True if `op` may run whether or not the checks before it hold.
pub(super) fn speculatable(ctx: &Context, op: OpId) -> bool {
    if !ctx.op(op).regions.is_empty() || !fold::effect_free(ctx, op) {
        return false;
    }
    let kind = ctx.kind(op);
    let operands = &ctx.op(op).operands;
    if matches!(
        kind,
        OpKind::ArithConstant
            | OpKind::ArithCmpi
            | OpKind::ArithSelect
            | ir::arith_logic_ops!()
            | ir::arith_min_max_ops!()
            | ir::arith_int_width_ops!()
            | OpKind::ArithIndexCast
            | OpKind::ArithIndexCastui
            | OpKind::TensorFromElements
            | OpKind::UbPoison
    ) {
        return true;
    }
    if matches!(kind, ir::arith_ring_ops!()) {
        return has_default_flags(ctx, op);
    }
    let operand_type = |i: usize| operands.get(i).map(|&v| ctx.value_type(v));
    if kind == OpKind::TensorDim {
        let rank = operand_type(0)
            .and_then(|t| ranked_shape(ctx, t))
            .map(<[i64]>::len);
        let index = operands.get(1).and_then(|&i| constant_int(ctx, i));
        return matches!((rank, index), (Some(r), Some(i)) if (0..r as i64).contains(&i));
    }
    if kind == OpKind::TensorExtract {
        let shape = operand_type(0).and_then(|t| ranked_shape(ctx, t));
        let Some(shape) = shape.filter(|s| s.len() + 1 == operands.len()) else {
            return false;
        };
        return operands[1..]
            .iter()
            .zip(shape)
            .all(|(&i, &extent)| constant_int(ctx, i).is_some_and(|i| (0..extent).contains(&i)));
    }
    if kind == OpKind::TensorCast {
        let result = ctx.result(op, 0).map(|v| ctx.value_type(v));
        return matches!((operand_type(0), result), (Some(s), Some(r)) if no_more_static(ctx, s, r));
    }
    if kind == OpKind::TensorEmpty {
        return operands
            .iter()
            .all(|&v| constant_int(ctx, v).is_some_and(|n| n >= 0));
    }
    false
}

/// True if the ops of `op`'s block after `op` and before `end` (or its
/// terminator, for `None`) are all speculatable; false if `end` is not
/// after `op` in that block.
pub(super) fn speculatable_between(ctx: &Context, op: OpId, end: Option<OpId>) -> bool {
    let mut next = ctx.op(op).next;
    while let Some(o) = next {
        if Some(o) == end || (end.is_none() && ctx.op(o).next.is_none()) {
            return true;
        }
        if !speculatable(ctx, o) {
            return false;
        }
        next = ctx.op(o).next;
    }
    false
}

/// True if `op` carries the flags an op of its kind has by default (no
/// `nsw`/`nuw`: its overflow wraps instead of giving poison).
fn has_default_flags(ctx: &Context, op: OpId) -> bool {
    ir::dialect::arith::default_properties(ctx.kind(op))
        .iter()
        .all(|(name, value)| ctx.attr(op, name) == Some(value))
}

/// The extents of `ty` if it is a ranked tensor (a dynamic one negative).
fn ranked_shape(ctx: &Context, ty: Type) -> Option<&[i64]> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// True if a cast from `source` to `result` cannot fail: both ranked of
/// one rank, and every extent `result` fixes fixed to the same value in
/// `source`.
fn no_more_static(ctx: &Context, source: Type, result: Type) -> bool {
    match (ctx.type_kind(source), ctx.type_kind(result)) {
        (TypeKind::RankedTensor { shape: s, .. }, TypeKind::RankedTensor { shape: r, .. }) => {
            s.len() == r.len() && s.iter().zip(r).all(|(&s, &r)| r < 0 || s == r)
        }
        (_, TypeKind::UnrankedTensor { .. }) => true,
        _ => false,
    }
}
