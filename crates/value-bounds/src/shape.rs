//! `shape`: sizes and their arithmetic, ranks and extents of shapes made,
//! split, joined and broadcast, and values passing through
//! `shape.assuming`.

use crate::arith::{add_bound, extremum, mul_bound, one_of, quotient};
use crate::{BoundsOp, Target, ValueBounds};
use bounds::{Affine, BoundKind};
use ir::{OpId, OpKind, TypeKind};

pub(crate) fn bounds_op(kind: OpKind) -> Option<&'static dyn BoundsOp> {
    Some(match kind {
        OpKind::ShapeConstSize => &crate::arith::Constant,
        OpKind::ShapeIndexToSize | OpKind::ShapeSizeToIndex | OpKind::ShapeToExtentTensor => {
            &Forward
        }
        OpKind::ShapeAdd => &Add,
        OpKind::ShapeMul => &Mul,
        OpKind::ShapeDiv => &Div,
        OpKind::ShapeMax => &Max,
        OpKind::ShapeMin => &Min,
        OpKind::ShapeRank => &Rank,
        OpKind::ShapeGetExtent => &GetExtent,
        OpKind::ShapeDim => &Dim,
        OpKind::ShapeShapeOf => &ShapeOf,
        OpKind::ShapeConstShape => &ConstShape,
        OpKind::ShapeFromExtents => &FromExtents,
        OpKind::ShapeSplitAt => &SplitAt,
        OpKind::ShapeConcat => &Concat,
        OpKind::ShapeBroadcast => &Broadcast,
        OpKind::ShapeNumElements => &NumElements,
        OpKind::ShapeAssuming => &Assuming,
        // No bounds from this dialect's other ops; the other dialects' ops
        // are another module's (`interface::bounds_op`).
        ir::arith_ops!()
        | ir::control_and_memory_ops!()
        | ir::shape_witness_result_ops!()
        | OpKind::ShapeAssumingYield
        | OpKind::ShapeFromExtentTensor
        | OpKind::ShapeAny
        | OpKind::ShapeMeet
        | ir::shape_comparison_ops!()
        | ir::shape_value_shape_ops!()
        | ir::shape_structure_ops!()
        | ir::tensor_ops!()
        | OpKind::Unregistered => return None,
    })
}

/// The constant value of `e` once the set is explained, if it has one.
pub(crate) fn constant_of(b: &mut ValueBounds<'_>, e: &Affine) -> Option<i64> {
    b.constant_bound_of(BoundKind::Equal, e)
}

/// An operand's number of extents as a constant.
fn constant_rank(b: &mut ValueBounds<'_>, s: ir::ValueId) -> Option<usize> {
    let rank = b.rank(s);
    constant_of(b, &rank).and_then(|r| usize::try_from(r).ok())
}

/// `target` equals the same target of `from`, a value passed through.
pub(crate) fn same_as(target: Target, from: ir::ValueId, b: &mut ValueBounds<'_>) {
    let x = b.expr(target);
    let same = match target {
        Target::Value(_) => b.value(from),
        _ => {
            let forwarded = target.forwarded(b.ctx(), from);
            b.expr(forwarded)
        }
    };
    b.add(BoundKind::Equal, &x, &same);
}

/// The result is the first operand, passed through.
pub(crate) struct Forward;
impl BoundsOp for Forward {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some(&from) = b.ctx().op(op).operands.first() {
            same_as(target, from, b);
        }
    }
}

struct Add;
impl BoundsOp for Add {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        add_bound(op, target, b);
    }
}

struct Mul;
impl BoundsOp for Mul {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        mul_bound(op, target, b);
    }
}

struct Div;
impl BoundsOp for Div {
    /// `shape.div` rounds toward negative infinity.
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        quotient(op, target, b, 0, false);
    }
}

/// The operands of `op` as sizes, when `target` is its value.
fn size_operands(
    op: OpId,
    target: Target,
    b: &mut ValueBounds<'_>,
) -> Option<(Affine, Vec<Affine>)> {
    let Target::Value(_) = target else {
        return None;
    };
    let operands = b.ctx().op(op).operands.clone();
    let x = b.expr(target);
    Some((x, operands.into_iter().map(|o| b.value(o)).collect()))
}

struct Max;
impl BoundsOp for Max {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some((x, operands)) = size_operands(op, target, b) {
            extremum(b, &x, &operands, true);
        }
    }
}

struct Min;
impl BoundsOp for Min {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some((x, operands)) = size_operands(op, target, b) {
            extremum(b, &x, &operands, false);
        }
    }
}

struct Rank;
impl BoundsOp for Rank {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let s = b.ctx().op(op).operands[0];
        let x = b.expr(target);
        let rank = b.rank(s);
        b.add(BoundKind::Equal, &x, &rank);
    }
}

struct GetExtent;
impl BoundsOp for GetExtent {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (s, i) = (ctx.op(op).operands[0], ctx.op(op).operands[1]);
        let index = b.value(i);
        let Some(i) = index.as_constant().and_then(|i| usize::try_from(i).ok()) else {
            return;
        };
        let x = b.expr(target);
        let extent = b.extent(s, i);
        b.add(BoundKind::Equal, &x, &extent);
    }
}

struct Dim;
impl BoundsOp for Dim {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (t, i) = (ctx.op(op).operands[0], ctx.op(op).operands[1]);
        if !ctx.type_kind(ctx.value_type(t)).is_tensor() {
            return;
        }
        let index = b.value(i);
        let Some(i) = index.as_constant().and_then(|i| usize::try_from(i).ok()) else {
            return;
        };
        let x = b.expr(target);
        let dim = b.dim(t, i);
        b.add(BoundKind::Equal, &x, &dim);
    }
}

struct ShapeOf;
impl BoundsOp for ShapeOf {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let t = ctx.op(op).operands[0];
        let x = b.expr(target);
        match target {
            Target::Extent(_, i) if ctx.type_kind(ctx.value_type(t)).is_tensor() => {
                let dim = b.dim(t, i);
                b.add(BoundKind::Equal, &x, &dim);
            }
            Target::Rank(_) | Target::Dim(_, 0) => {
                if let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ctx.value_type(t)) {
                    b.add(BoundKind::Equal, &x, &Affine::constant(shape.len() as i64));
                }
            }
            _ => {}
        }
    }
}

struct ConstShape;
impl BoundsOp for ConstShape {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Some(extents) = ctx.attr(op, "shape").and_then(|a| a.int_elements(0)) else {
            return;
        };
        let x = b.expr(target);
        let value = match target {
            Target::Rank(_) | Target::Dim(_, 0) => Some(extents.len() as i128),
            Target::Extent(_, i) => extents.get(i).copied(),
            _ => None,
        };
        if let Some(v) = value.and_then(|v| i64::try_from(v).ok()) {
            b.add(BoundKind::Equal, &x, &Affine::constant(v));
        }
    }
}

struct FromExtents;
impl BoundsOp for FromExtents {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let extents = b.ctx().op(op).operands.clone();
        let x = b.expr(target);
        match target {
            Target::Rank(_) => b.add(
                BoundKind::Equal,
                &x,
                &Affine::constant(extents.len() as i64),
            ),
            Target::Extent(_, i) => {
                if let Some(&e) = extents.get(i) {
                    let e = b.value(e);
                    b.add(BoundKind::Equal, &x, &e);
                }
            }
            _ => {}
        }
    }
}

struct SplitAt;
impl BoundsOp for SplitAt {
    /// With `n` the index made non-negative (`i`, or `rank + i` for a
    /// negative constant `i`): both results exist only for `0 ≤ n ≤ rank`;
    /// the head has `n` extents, the tail `rank - n`, from extent `n` on.
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (s, i) = (ctx.op(op).operands[0], ctx.op(op).operands[1]);
        let is_tail = ctx.op(op).results.get(1) == Some(&target.value());
        let rank = b.rank(s);
        let index = b.value(i);
        let split = match index.as_constant() {
            Some(c) if c < 0 => rank.offset(c),
            Some(_) => Some(index),
            None if b
                .constant_bound_of(BoundKind::Lower, &index)
                .is_some_and(|l| l >= 0) =>
            {
                Some(index)
            }
            None => None,
        };
        let Some(split) = split else {
            return;
        };
        b.add(BoundKind::Lower, &split, &Affine::constant(0));
        b.add(BoundKind::Upper, &split, &rank);
        let x = b.expr(target);
        match (target, is_tail) {
            (Target::Rank(_) | Target::Dim(_, 0), false) => b.add(BoundKind::Equal, &x, &split),
            (Target::Rank(_) | Target::Dim(_, 0), true) => {
                if let Some(rest) = rank.sub(&split) {
                    b.add(BoundKind::Equal, &x, &rest);
                }
            }
            (Target::Extent(_, k), false) => {
                let extent = b.extent(s, k);
                b.add(BoundKind::Equal, &x, &extent);
            }
            (Target::Extent(_, k), true) => {
                if let Some(n) = constant_of(b, &split).and_then(|n| usize::try_from(n).ok()) {
                    let extent = b.extent(s, n + k);
                    b.add(BoundKind::Equal, &x, &extent);
                }
            }
            _ => {}
        }
    }
}

struct Concat;
impl BoundsOp for Concat {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (l, r) = (ctx.op(op).operands[0], ctx.op(op).operands[1]);
        let x = b.expr(target);
        match target {
            Target::Rank(_) | Target::Dim(_, 0) => {
                let (rl, rr) = (b.rank(l), b.rank(r));
                if let Some(sum) = rl.add(&rr) {
                    b.add(BoundKind::Equal, &x, &sum);
                }
            }
            Target::Extent(_, k) => {
                if let Some(n) = constant_rank(b, l) {
                    let extent = if k < n {
                        b.extent(l, k)
                    } else {
                        b.extent(r, k - n)
                    };
                    b.add(BoundKind::Equal, &x, &extent);
                }
            }
            _ => {}
        }
    }
}

struct Broadcast;
impl BoundsOp for Broadcast {
    /// The result has as many extents as the longest operand, and each
    /// extent is one of the extents aligned with it (from the right).
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let operands = b.ctx().op(op).operands.clone();
        let x = b.expr(target);
        match target {
            Target::Rank(_) | Target::Dim(_, 0) => {
                let ranks: Vec<Affine> = operands.iter().map(|&s| b.rank(s)).collect();
                extremum(b, &x, &ranks, true);
            }
            Target::Extent(_, k) => {
                let Some(ranks) = operands
                    .iter()
                    .map(|&s| constant_rank(b, s))
                    .collect::<Option<Vec<usize>>>()
                else {
                    return;
                };
                // The broadcast of no shape is the rank-0 shape.
                let longest = ranks.iter().copied().max().unwrap_or(0);
                let aligned: Vec<Affine> = operands
                    .iter()
                    .zip(&ranks)
                    .filter_map(|(&s, &r)| (k + r).checked_sub(longest).map(|j| b.extent(s, j)))
                    .collect();
                if !aligned.is_empty() {
                    one_of(b, &x, &aligned);
                }
            }
            _ => {}
        }
    }
}

/// `x` is the product of `factors`: exact when at most one is not a
/// constant; otherwise non-negative, and at least each factor when all are
/// positive.
pub(crate) fn product(b: &mut ValueBounds<'_>, x: &Affine, factors: &[Affine]) {
    let mut constant: i64 = 1;
    let mut variable = Vec::new();
    for e in factors {
        match constant_of(b, e) {
            Some(c) => match constant.checked_mul(c) {
                Some(p) => constant = p,
                None => return,
            },
            None => variable.push(e.clone()),
        }
    }
    match variable.as_slice() {
        [] => b.add(BoundKind::Equal, x, &Affine::constant(constant)),
        [e] => {
            if let Some(product) = e.scale(constant) {
                b.add(BoundKind::Equal, x, &product);
            }
        }
        _ => {
            let lows: Vec<Option<i64>> = factors
                .iter()
                .map(|e| b.constant_bound_of(BoundKind::Lower, e))
                .collect();
            if lows.iter().all(|l| l.is_some_and(|l| l >= 0)) {
                b.add(BoundKind::Lower, x, &Affine::constant(0));
            }
            if lows.iter().all(|l| l.is_some_and(|l| l >= 1)) {
                for e in factors {
                    b.add(BoundKind::Lower, x, e);
                }
            }
        }
    }
}

struct NumElements;
impl BoundsOp for NumElements {
    /// The product of the extents ([`product`]).
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let s = b.ctx().op(op).operands[0];
        let Some(rank) = constant_rank(b, s) else {
            return;
        };
        let x = b.expr(target);
        let extents: Vec<Affine> = (0..rank).map(|i| b.extent(s, i)).collect();
        product(b, &x, &extents);
    }
}

struct Assuming;
impl BoundsOp for Assuming {
    /// Result `i` is what the region yields as `i`.
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Some(i) = ctx.op(op).results.iter().position(|&r| r == target.value()) else {
            return;
        };
        let Some(&region) = ctx.op(op).regions.first() else {
            return;
        };
        let Some(&block) = ctx.region(region).blocks.first() else {
            return;
        };
        let Some(yielded) = ctx
            .block_terminator(block)
            .and_then(|t| ctx.op(t).operands.get(i).copied())
        else {
            return;
        };
        same_as(target, yielded, b);
    }
}
