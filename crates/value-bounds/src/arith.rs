//! `arith`: constants, `index` addition, subtraction, multiplication and
//! division by constants, max/min, select and casts.

use crate::{BoundsOp, Target, ValueBounds};
use bounds::{Affine, BoundKind};
use ir::{OpId, OpKind, TypeKind};

pub(crate) fn bounds_op(kind: OpKind) -> Option<&'static dyn BoundsOp> {
    Some(match kind {
        OpKind::ArithConstant => &Constant,
        OpKind::ArithAddi => &Add,
        OpKind::ArithSubi => &Sub,
        OpKind::ArithMuli => &Mul,
        OpKind::ArithFloordivsi => &FloorDiv,
        OpKind::ArithCeildivsi => &CeilDiv,
        OpKind::ArithDivsi | OpKind::ArithDivui => &DivOfNonNegative,
        OpKind::ArithRemsi | OpKind::ArithRemui => &RemOfNonNegative,
        OpKind::ArithMaxsi | OpKind::ArithMaxui => &Max,
        OpKind::ArithMinsi | OpKind::ArithMinui => &Min,
        OpKind::ArithSelect => &Select,
        OpKind::ArithIndexCast | OpKind::ArithIndexCastui => &IndexCast,
        // No bounds from this dialect's other ops; the other dialects' ops
        // are another module's (`interface::bounds_op`).
        OpKind::ArithCeildivui
        | ir::arith_logic_ops!()
        | ir::arith_shift_ops!()
        | ir::arith_extended_ops!()
        | ir::arith_float_ops!()
        | ir::arith_int_width_ops!()
        | ir::arith_float_conversion_ops!()
        | OpKind::ArithCmpi
        | OpKind::ArithCmpf
        | ir::control_and_memory_ops!()
        | ir::shape_ops!()
        | ir::tensor_ops!()
        | OpKind::Unregistered => return None,
    })
}

/// The operands of `op` as expressions, when `target` is an `index`
/// result (the only arithmetic assumed not to wrap).
pub(crate) fn index_operands(
    op: OpId,
    target: Target,
    b: &mut ValueBounds<'_>,
) -> Option<(Affine, Vec<Affine>)> {
    let ctx = b.ctx();
    let Target::Value(v) = target else {
        return None;
    };
    if !matches!(
        ctx.type_kind(ctx.value_type(v)),
        TypeKind::Index | TypeKind::Size
    ) {
        return None;
    }
    let operands = ctx.op(op).operands.clone();
    let x = b.expr(target);
    Some((x, operands.into_iter().map(|o| b.value(o)).collect()))
}

/// The result and both operands of a binary op on `index` values.
pub(crate) fn binary_operands(
    op: OpId,
    target: Target,
    b: &mut ValueBounds<'_>,
) -> Option<(Affine, Affine, Affine)> {
    let (x, operands) = index_operands(op, target, b)?;
    let [l, r]: [Affine; 2] = operands.try_into().ok()?;
    Some((x, l, r))
}

/// `result = a + b`.
pub(crate) fn add_bound(op: OpId, target: Target, b: &mut ValueBounds<'_>) {
    if let Some((x, l, r)) = binary_operands(op, target, b) {
        if let Some(sum) = l.add(&r) {
            b.add(BoundKind::Equal, &x, &sum);
        }
    }
}

/// `result = a · b` when one side is a constant.
pub(crate) fn mul_bound(op: OpId, target: Target, b: &mut ValueBounds<'_>) {
    if let Some((x, l, r)) = binary_operands(op, target, b) {
        let product = match (l.as_constant(), r.as_constant()) {
            (Some(k), _) => r.scale(k),
            (_, Some(k)) => l.scale(k),
            _ => None,
        };
        if let Some(product) = product {
            b.add(BoundKind::Equal, &x, &product);
        }
    }
}

/// `result = ⌊(a + shift·(d - 1)) / d⌋` for a constant divisor `d > 0`
/// (`shift` 0 for floor, 1 for ceiling division); `require_nonnegative`
/// for truncating divisions, which agree with floor division only there.
pub(crate) fn div_bound(
    op: OpId,
    target: Target,
    b: &mut ValueBounds<'_>,
    shift: i64,
    require_nonnegative: bool,
) -> Option<(Affine, Affine, Affine, i64)> {
    let (x, a, d) = binary_operands(op, target, b)?;
    let d = d.as_constant().filter(|&d| d > 0)?;
    if require_nonnegative && b.constant_bound_of(BoundKind::Lower, &a)? < 0 {
        return None;
    }
    let q = b.floor_div(&a.offset(shift * (d - 1))?, d)?;
    Some((x, a, q, d))
}

/// The constant bounds of `values`: the least lower and the greatest
/// upper bound over all of them (the hull of what a choice among them can
/// give).
fn hull(b: &mut ValueBounds<'_>, values: &[Affine]) -> (Option<i64>, Option<i64>) {
    let mut lower = Some(i64::MAX);
    let mut upper = Some(i64::MIN);
    for v in values {
        // One projection gives both bounds of `v`.
        let (low, high) = b.constant_range_of(v);
        lower = lower.zip(low).map(|(a, c)| a.min(c));
        upper = upper.zip(high).map(|(a, c)| a.max(c));
    }
    (lower, upper)
}

/// `x` is one of `values`: it lies in their constant hull.
pub(crate) fn one_of(b: &mut ValueBounds<'_>, x: &Affine, values: &[Affine]) {
    let (lower, upper) = hull(b, values);
    if let Some(l) = lower {
        b.add(BoundKind::Lower, x, &Affine::constant(l));
    }
    if let Some(u) = upper {
        b.add(BoundKind::Upper, x, &Affine::constant(u));
    }
}

/// `x = max(values)` (`largest`) or `min(values)`: above (below) each of
/// them, and within their hull.
pub(crate) fn extremum(b: &mut ValueBounds<'_>, x: &Affine, values: &[Affine], largest: bool) {
    let kind = if largest {
        BoundKind::Lower
    } else {
        BoundKind::Upper
    };
    for v in values {
        b.add(kind, x, v);
    }
    one_of(b, x, values);
}

/// The result is the op's constant value.
pub(crate) struct Constant;
impl BoundsOp for Constant {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let v = b.ctx().op(op).results[0];
        let value = b.value(v);
        if value.as_constant().is_some() {
            b.bound(BoundKind::Equal, target, &value);
        }
    }
}

struct Add;
impl BoundsOp for Add {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        add_bound(op, target, b);
    }
}

struct Sub;
impl BoundsOp for Sub {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some((x, l, r)) = binary_operands(op, target, b) {
            if let Some(difference) = l.sub(&r) {
                b.add(BoundKind::Equal, &x, &difference);
            }
        }
    }
}

struct Mul;
impl BoundsOp for Mul {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        mul_bound(op, target, b);
    }
}

/// `result = a / d` rounded down (`shift` 0) or up (1), or truncated
/// (`require_nonnegative`): exact for a constant divisor; for any other
/// divisor known to be at least 1 and a dividend known non-negative,
/// `0 ≤ result ≤ a`.
pub(crate) fn quotient(
    op: OpId,
    target: Target,
    b: &mut ValueBounds<'_>,
    shift: i64,
    require_nonnegative: bool,
) {
    if let Some((x, _, q, _)) = div_bound(op, target, b, shift, require_nonnegative) {
        b.add(BoundKind::Equal, &x, &q);
        return;
    }
    let Some((x, a, d)) = binary_operands(op, target, b) else {
        return;
    };
    let positive = |b: &mut ValueBounds<'_>, e: &Affine, least| {
        b.constant_bound_of(BoundKind::Lower, e)
            .is_some_and(|l| l >= least)
    };
    if positive(b, &d, 1) && positive(b, &a, 0) {
        b.add(BoundKind::Lower, &x, &Affine::constant(0));
        b.add(BoundKind::Upper, &x, &a);
    }
}

struct FloorDiv;
impl BoundsOp for FloorDiv {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        quotient(op, target, b, 0, false);
    }
}

struct CeilDiv;
impl BoundsOp for CeilDiv {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        quotient(op, target, b, 1, false);
    }
}

struct DivOfNonNegative;
impl BoundsOp for DivOfNonNegative {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        quotient(op, target, b, 0, true);
    }
}

struct RemOfNonNegative;
impl BoundsOp for RemOfNonNegative {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        // a rem d = a - d·⌊a/d⌋ for a ≥ 0.
        if let Some((x, a, q, d)) = div_bound(op, target, b, 0, true) {
            if let Some(rest) = q.scale(d).and_then(|dq| a.sub(&dq)) {
                b.add(BoundKind::Equal, &x, &rest);
            }
        }
    }
}

struct Max;
impl BoundsOp for Max {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some((x, operands)) = index_operands(op, target, b) {
            extremum(b, &x, &operands, true);
        }
    }
}

struct Min;
impl BoundsOp for Min {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some((x, operands)) = index_operands(op, target, b) {
            extremum(b, &x, &operands, false);
        }
    }
}

struct Select;
impl BoundsOp for Select {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let Some((x, operands)) = index_operands(op, target, b) {
            one_of(b, &x, &operands[1..]);
        }
    }
}

struct IndexCast;
impl BoundsOp for IndexCast {
    /// Equal to the operand when the cast keeps the value: widening, or a
    /// value the narrower type holds (signed for `index_cast`, unsigned
    /// for `index_castui`).
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (Some(&source), Target::Value(result)) = (ctx.op(op).operands.first(), target) else {
            return;
        };
        let width = |v| match ctx.type_kind(ctx.value_type(v)) {
            TypeKind::Integer { width, .. } => *width,
            _ => 64,
        };
        let narrowest = width(source).min(width(result));
        let unsigned = ctx.kind(op) == OpKind::ArithIndexCastui;
        // The values both types read the same (the result's bits read
        // signed, as the bounds read every value).
        let high = match narrowest {
            w if w >= 64 => i64::MAX,
            w => (1i64 << (w - 1)) - 1,
        };
        let low = match (unsigned, narrowest) {
            (true, _) => 0,
            (false, w) if w >= 64 => i64::MIN,
            (false, w) => -(1i64 << (w - 1)),
        };
        let x = b.expr(target);
        let a = b.value(source);
        let fits = (low == i64::MIN
            || b.constant_bound_of(BoundKind::Lower, &a)
                .is_some_and(|l| l >= low))
            && (high == i64::MAX
                || b.constant_bound_of(BoundKind::Upper, &a)
                    .is_some_and(|u| u <= high));
        if fits {
            b.add(BoundKind::Equal, &x, &a);
        }
    }
}
