//! The values of covered ops' integer results, where the specification
//! determines them from the operands: the shape computations producers
//! write with StableHLO ops (JAX's `get_dimension_size`, `reshape`,
//! `concatenate`, `multiply` on `tensor<i32>`; MHLO's `slice` of an extent
//! tensor). Each element of such a result is a [`Size`] over the
//! operands' extents and elements, the language of the shape rules, so the
//! interpreter evaluates it and `reify-host-shapes` builds it as IR.
//!
//! Covered, on integer tensors of static shape: `get_dimension_size` (the
//! extent), `constant`, `convert`, `reshape` and `dynamic_reshape` (the
//! same elements in the same order), `broadcast_in_dim` and
//! `dynamic_broadcast_in_dim` of one element, `concatenate` and `slice`
//! of 1-D tensors, and the elementwise `add`, `subtract`, `multiply`,
//! `maximum`, `minimum`, `negate`, `divide` of non-negative numbers,
//! `compare` (signed, as 1 or 0) and `select`.
//! Anything else (comparisons, floats, other layouts) is left to the draw
//! of an uninterpreted function.

use crate::attrs;
use crate::expr::Size;
use crate::ops::split;
use ir::{Context, OpId, TypeKind, ValueId};

/// Most elements of a result whose values are given.
pub const MAX_ELEMENTS: usize = 64;

/// The static shape of `v`'s type, if it is an integer (or `index`) tensor
/// of static shape of at most [`MAX_ELEMENTS`] elements.
fn integer_shape(ctx: &Context, v: ValueId) -> Option<Vec<i64>> {
    let TypeKind::RankedTensor { shape, elem, .. } = ctx.type_kind(ctx.value_type(v)) else {
        return None;
    };
    let integer = matches!(
        ctx.type_kind(*elem),
        TypeKind::Integer { .. } | TypeKind::Index
    );
    let count = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?;
    (integer && count <= MAX_ELEMENTS).then(|| shape.clone())
}

fn count(shape: &[i64]) -> usize {
    shape.iter().map(|&d| d as usize).product()
}

/// The elements of result 0 of `op` (row-major), each as a size over the
/// operands, when `op` is covered here (whether it is known at all is
/// [`crate::Knowledge::elements`]'s question).
pub(crate) fn elements(ctx: &Context, op: OpId) -> Option<Vec<Size>> {
    let data = ctx.op(op);
    let &[result] = data.results.as_slice() else {
        return None;
    };
    let shape = integer_shape(ctx, result)?;
    let n = count(&shape);
    let (_, name) = split(ctx.op_name(op))?;
    let operand_shape = |i: usize| data.operands.get(i).and_then(|&v| integer_shape(ctx, v));
    let each = |f: &dyn Fn(usize) -> Size| Some((0..n).map(f).collect());
    let binary = |f: fn(Size, Size) -> Size| -> Option<Vec<Size>> {
        (operand_shape(0)? == shape && operand_shape(1)? == shape).then_some(())?;
        each(&|k| f(Size::elem(0, k), Size::elem(1, k)))
    };
    match name {
        "get_dimension_size" => {
            let d = usize::try_from(attrs::int(ctx, op, "dimension")?).ok()?;
            (n == 1).then(|| vec![Size::dim(0, d)])
        }
        "constant" => {
            let values = attrs::ints(ctx, op, "value")?;
            (values.len() == n).then(|| values.into_iter().map(Size::Const).collect())
        }
        "convert" | "reshape" | "dynamic_reshape" => {
            (count(&operand_shape(0)?) == n).then_some(())?;
            each(&|k| Size::elem(0, k))
        }
        "broadcast_in_dim" | "dynamic_broadcast_in_dim" => {
            (count(&operand_shape(0)?) == 1).then_some(())?;
            each(&|_| Size::elem(0, 0))
        }
        "concatenate" => {
            let mut sizes = Vec::with_capacity(n);
            for (i, _) in data.operands.iter().enumerate() {
                let [len] = operand_shape(i)?[..] else {
                    return None;
                };
                sizes.extend((0..len as usize).map(|k| Size::elem(i, k)));
            }
            (sizes.len() == n && shape.len() == 1).then_some(sizes)
        }
        "slice" => {
            let start = *attrs::ints(ctx, op, "start_indices")?.first()?;
            let stride = *attrs::ints(ctx, op, "strides")?.first()?;
            let [_] = operand_shape(0)?[..] else {
                return None;
            };
            (start >= 0 && stride > 0 && shape.len() == 1).then_some(())?;
            each(&|k| Size::elem(0, (start + stride * k as i64) as usize))
        }
        "add" => binary(Size::plus),
        "subtract" => binary(Size::minus),
        "multiply" => binary(Size::times),
        "maximum" => binary(Size::max),
        "minimum" => binary(|a, b| {
            Size::Const(0).minus(Size::Const(0).minus(a).max(Size::Const(0).minus(b)))
        }),
        "divide" => binary(Size::floor_div),
        "compare" => {
            let unsigned = matches!(ctx.attr(op, "compare_type"),
                Some(ir::Attr::Opaque(t)) if t.contains("UNSIGNED"));
            (!unsigned).then_some(())?;
            let direction = attrs::comparison_direction(ctx, op)?;
            binary(match direction {
                "EQ" => |a: Size, b: Size| equal(a, b),
                "NE" => |a: Size, b: Size| Size::Const(1).minus(equal(a, b)),
                "LT" => |a: Size, b: Size| a.if_less(b, Size::Const(1), Size::Const(0)),
                "GE" => |a: Size, b: Size| a.if_less(b, Size::Const(0), Size::Const(1)),
                "GT" => |a: Size, b: Size| b.if_less(a, Size::Const(1), Size::Const(0)),
                "LE" => |a: Size, b: Size| b.if_less(a, Size::Const(0), Size::Const(1)),
                _ => return None,
            })
        }
        "select" => {
            let pred = operand_shape(0)?;
            (operand_shape(1)? == shape && operand_shape(2)? == shape).then_some(())?;
            let scalar = count(&pred) == 1;
            (scalar || pred == shape).then_some(())?;
            each(&|k| {
                let p = Size::elem(0, if scalar { 0 } else { k });
                Size::Const(0).if_less(p, Size::elem(1, k), Size::elem(2, k))
            })
        }
        "negate" => {
            (operand_shape(0)? == shape).then_some(())?;
            each(&|k| Size::Const(0).minus(Size::elem(0, k)))
        }
        _ => None,
    }
}

/// 1 where `a = b`, else 0.
fn equal(a: Size, b: Size) -> Size {
    a.clone().if_less(
        b.clone(),
        Size::Const(0),
        b.if_less(a, Size::Const(0), Size::Const(1)),
    )
}
