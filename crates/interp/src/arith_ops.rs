//! The `arith` dialect on scalars: integer and `index` ops with MLIR's
//! two's-complement wrapping and division semantics (division by zero fails
//! the function: it is undefined behaviour in MLIR), casts, comparisons,
//! `select`, constants (scalar, dense, and `dense_resource` whose blob
//! holds their integer elements), and basic float arithmetic.
//! Every op but `constant` also applies elementwise to tensors whose
//! elements are known (`arith.index_cast %shape : tensor<2xi64> to
//! tensor<2xindex>`).

use crate::dispatch::{kinds_of_other_dialects, unmodeled_arith_ops};
use crate::machine::show;
use crate::machine::{Machine, Step, Stop};
use crate::tensor_ops::{elements_of, make_tensor, tensor_shape};
use crate::value::Value;
use ir::attrs::DenseValues;
use ir::dialect::arith::CmpIPredicate;
use ir::types::FloatKind;
use ir::{Attr, OpId, OpKind, TypeKind};

/// What `dispatch` does not send to `scalar`: `constant` (evaluated
/// apart), the `arith` ops it gives no semantics, and the other dialects.
macro_rules! not_evaluated_on_scalars {
    () => {
        OpKind::ArithConstant | unmodeled_arith_ops!() | kinds_of_other_dialects!(arith)
    };
}

/// `v` truncated to `width` bits and sign-extended (the stored form).
pub(crate) fn wrap(v: i128, width: u32) -> i128 {
    match width {
        0 => 0,
        w if w >= 128 => v,
        w => {
            let shift = 128 - w;
            (v << shift) >> shift
        }
    }
}

/// `v` read as an unsigned `width`-bit number.
pub(crate) fn unsigned(v: i128, width: u32) -> u128 {
    match width {
        w if w >= 128 => v as u128,
        w => (v as u128) & ((1u128 << w) - 1),
    }
}

/// `floor(a / b)`; `None` when `b` is 0. Wraps on `MIN / -1`.
pub(crate) fn floor_div(a: i128, b: i128) -> Option<i128> {
    let q = a
        .checked_div(b)
        .or_else(|| (b == -1).then(|| a.wrapping_neg()))?;
    let inexact = a.wrapping_rem(b) != 0;
    Some(match inexact && ((a < 0) != (b < 0)) {
        true => q - 1,
        false => q,
    })
}

/// `ceil(a / b)`; `None` when `b` is 0.
fn ceil_div(a: i128, b: i128) -> Option<i128> {
    let q = a
        .checked_div(b)
        .or_else(|| (b == -1).then(|| a.wrapping_neg()))?;
    let inexact = a.wrapping_rem(b) != 0;
    Some(match inexact && ((a < 0) == (b < 0)) {
        true => q + 1,
        false => q,
    })
}

/// The integer held by an `index` or integer value.
pub(crate) fn int_value(v: &Value) -> Option<i128> {
    match v {
        Value::Index(i) => Some((*i).into()),
        Value::Int { value, .. } => Some(*value),
        _ => None,
    }
}

/// An integer of type `kind` (index or integer) holding `v` (wrapped).
fn int_result(m: &Machine, op: OpId, kind: &TypeKind, v: i128) -> Step<Value> {
    match kind {
        TypeKind::Index => Ok(Value::Index(wrap(v, 64) as i64)),
        TypeKind::Integer { width, .. } if *width <= 128 => Ok(Value::Int {
            value: wrap(v, *width),
            width: *width,
        }),
        _ => Err(m.unsupported(op, "only index and integers of up to 128 bits")),
    }
}

/// `v`, an operand of `op`, as an integer and its width (`index` is 64
/// bits wide).
fn int_of(m: &Machine, op: OpId, v: &Value) -> Step<(i128, u32)> {
    match v {
        Value::Index(v) => Ok(((*v).into(), 64)),
        Value::Int { value, width } => Ok((*value, *width)),
        Value::Tensor { .. } | Value::ExtentTensor(_) => {
            Err(m.unsupported(op, "a tensor where a scalar is expected"))
        }
        other => Err(m.malformed(op, format!("expected an integer, got {other}"))),
    }
}

/// Operand `i` as an integer and its width (`index` is 64 bits wide).
pub(crate) fn int_operand(m: &Machine, op: OpId, i: usize) -> Step<(i128, u32)> {
    int_of(m, op, m.operand(op, i)?)
}

fn float_of(m: &Machine, op: OpId, v: &Value) -> Step<f64> {
    match v {
        Value::Float(f) => Ok(*f),
        other => Err(m.malformed(op, format!("expected a float, got {other}"))),
    }
}

/// `v` rounded to the precision of the float type `kind` where it is
/// narrower than `f64` and natively available.
fn float_result(kind: &TypeKind, v: f64) -> Value {
    match kind {
        TypeKind::Float(FloatKind::F32) => Value::Float(v as f32 as f64),
        _ => Value::Float(v),
    }
}

/// The integer binary op of kind `kind` on `a`, `b` of `width` bits (an
/// error: undefined behaviour); `None` if `kind` is not one of the
/// dialect's integer binary ops.
fn int_binary(kind: OpKind, a: i128, b: i128, width: u32) -> Option<Result<i128, String>> {
    let (ua, ub) = (unsigned(a, width), unsigned(b, width));
    let zero = || "division by zero".to_string();
    let nonzero = |q: Option<i128>| q.ok_or_else(zero);
    let shift = || match ub < u128::from(width) {
        true => Ok(ub as u32),
        false => Err(format!(
            "shift amount {ub} is not less than the bit width {width}"
        )),
    };
    Some(match kind {
        OpKind::ArithAddi => Ok(a.wrapping_add(b)),
        OpKind::ArithSubi => Ok(a.wrapping_sub(b)),
        OpKind::ArithMuli => Ok(a.wrapping_mul(b)),
        OpKind::ArithDivsi => nonzero((b != 0).then(|| a.wrapping_div(b))),
        OpKind::ArithRemsi => nonzero((b != 0).then(|| a.wrapping_rem(b))),
        OpKind::ArithFloordivsi => nonzero(floor_div(a, b)),
        OpKind::ArithCeildivsi => nonzero(ceil_div(a, b)),
        OpKind::ArithDivui => ua.checked_div(ub).map(|q| q as i128).ok_or_else(zero),
        OpKind::ArithRemui => ua.checked_rem(ub).map(|r| r as i128).ok_or_else(zero),
        OpKind::ArithCeildivui => ua
            .checked_div(ub)
            .map(|q| (q + u128::from(ua % ub != 0)) as i128)
            .ok_or_else(zero),
        OpKind::ArithMaxsi => Ok(a.max(b)),
        OpKind::ArithMinsi => Ok(a.min(b)),
        OpKind::ArithMaxui => Ok(ua.max(ub) as i128),
        OpKind::ArithMinui => Ok(ua.min(ub) as i128),
        OpKind::ArithAndi => Ok(a & b),
        OpKind::ArithOri => Ok(a | b),
        OpKind::ArithXori => Ok(a ^ b),
        OpKind::ArithShli => shift().map(|s| a.wrapping_shl(s)),
        OpKind::ArithShrsi => shift().map(|s| a >> s),
        OpKind::ArithShrui => shift().map(|s| (ua >> s) as i128),
        // The other ops of the dialect, and of no other dialect, are
        // integer binary ops.
        OpKind::ArithCmpi
        | OpKind::ArithSelect
        | OpKind::ArithIndexCast
        | OpKind::ArithIndexCastui
        | OpKind::ArithExtsi
        | OpKind::ArithExtui
        | OpKind::ArithTrunci
        | OpKind::ArithAddf
        | OpKind::ArithSubf
        | OpKind::ArithMulf
        | OpKind::ArithDivf
        | OpKind::ArithMaximumf
        | OpKind::ArithMinimumf
        | OpKind::ArithNegf
        | OpKind::ArithSitofp
        | OpKind::ArithUitofp
        | not_evaluated_on_scalars!() => return None,
    })
}

/// `pick` (`f64::max` or `f64::min`) of `a` and `b`, NaN if either is,
/// as `maximumf` and `minimumf` compute it.
fn nan_propagating(a: f64, b: f64, pick: fn(f64, f64) -> f64) -> f64 {
    match a.is_nan() || b.is_nan() {
        true => f64::NAN,
        false => pick(a, b),
    }
}

fn constant(m: &Machine, op: OpId) -> Step<Value> {
    let kind = m.result_kind(op, 0)?;
    match m.attr(op, "value") {
        Some(Attr::Int { value, .. }) => int_result(m, op, kind, *value),
        Some(Attr::Bool(b)) => int_result(m, op, kind, (*b).into()),
        Some(Attr::Float { bits, .. }) => Ok(float_result(kind, f64::from_bits(*bits))),
        Some(Attr::Dense { .. } | Attr::DenseResource { .. }) if !kind.is_tensor() => {
            Err(m.unsupported(op, "constants that are not scalars or tensors"))
        }
        Some(Attr::DenseResource { key, .. }) => {
            let shape = kind
                .shape()
                .ok_or_else(|| m.malformed(op, "a dense constant of unranked type"))?
                .to_vec();
            let elem = kind.element_type().map(|t| m.ctx.type_kind(t));
            let elements = match elem {
                Some(elem) => resource_elements(m, op, key, elem, &shape)?,
                None => None,
            };
            make_tensor(m, op, kind, shape, elements)
        }
        Some(Attr::Dense { values, .. }) => {
            let shape = kind
                .shape()
                .ok_or_else(|| m.malformed(op, "a dense constant of unranked type"))?
                .to_vec();
            let elem = kind.element_type().map(|t| m.ctx.type_kind(t));
            let keeps = matches!(elem, Some(TypeKind::Index | TypeKind::Integer { .. }));
            let elements = match (keeps, values) {
                (true, DenseValues::Splat(_) | DenseValues::Elements(_)) => {
                    let count = m.element_count(op, &shape)?;
                    let ints = m
                        .attr(op, "value")
                        .and_then(|a| a.int_elements(count))
                        .ok_or_else(|| m.malformed(op, "integer elements expected"))?;
                    let elem = elem.ok_or_else(|| m.malformed(op, "no element type"))?;
                    let values = ints.into_iter().map(|v| int_result(m, op, elem, v));
                    Some(values.collect::<Step<Vec<_>>>()?)
                }
                _ => None,
            };
            make_tensor(m, op, kind, shape, elements)
        }
        _ => Err(m.unsupported(op, "this kind of constant")),
    }
}

/// The integer elements of type `elem` that the blob `key` holds for a
/// `dense_resource` constant of shape `shape`: little endian, a byte per
/// `i1`, 8 bytes per `index`, `width / 8` bytes per integer of 8 to 64
/// bits. `None` (unknown elements) for other element types, a key
/// without a blob, or a blob of another size.
fn resource_elements(
    m: &Machine,
    op: OpId,
    key: &str,
    elem: &TypeKind,
    shape: &[i64],
) -> Step<Option<Vec<Value>>> {
    let bytes = match elem {
        TypeKind::Index => 8,
        TypeKind::Integer { width: 1, .. } => 1,
        TypeKind::Integer { width, .. } if matches!(width, 8 | 16 | 32 | 64) => *width as usize / 8,
        _ => return Ok(None),
    };
    let count = m.element_count(op, shape)?;
    let Some(blob) = m.ctx.resources().blob(key) else {
        return Ok(None);
    };
    if Some(blob.data.len()) != count.checked_mul(bytes) {
        return Ok(None);
    }
    let values = blob.data.chunks(bytes).map(|chunk| {
        let unsigned = chunk
            .iter()
            .rev()
            .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
        let value = match bytes {
            1 if matches!(elem, TypeKind::Integer { width: 1, .. }) => i128::from(unsigned != 0),
            _ => unsigned as i128,
        };
        int_result(m, op, elem, value)
    });
    values.collect::<Step<Vec<Value>>>().map(Some)
}

/// The `arith` op `op` of kind `kind` (not `constant`) on the scalars
/// `operands`, giving a scalar of type `result`.
fn scalar(
    m: &Machine,
    op: OpId,
    kind: OpKind,
    operands: &[Value],
    result: &TypeKind,
) -> Step<Value> {
    let operand = |i: usize| {
        operands
            .get(i)
            .ok_or_else(|| m.malformed(op, format!("operand #{i} is missing")))
    };
    let int = |i: usize| int_of(m, op, operand(i)?);
    let float = |i: usize| float_of(m, op, operand(i)?);
    let float_binary = |f: fn(f64, f64) -> f64| Ok(float_result(result, f(float(0)?, float(1)?)));
    match kind {
        OpKind::ArithCmpi => {
            let ((a, width), (b, _)) = (int(0)?, int(1)?);
            let predicate =
                CmpIPredicate::of(m.ctx, op).ok_or_else(|| m.malformed(op, "unknown predicate"))?;
            Ok(Value::Int {
                value: predicate.eval(a, b, width).into(),
                width: 1,
            })
        }
        OpKind::ArithSelect => match operand(0)? {
            Value::Int { value, width: 1 } => {
                let pick = if *value != 0 { 1 } else { 2 };
                Ok(operand(pick)?.clone())
            }
            _ => Err(m.unsupported(op, "a condition that is not an i1")),
        },
        OpKind::ArithIndexCast
        | OpKind::ArithIndexCastui
        | OpKind::ArithExtsi
        | OpKind::ArithExtui
        | OpKind::ArithTrunci => {
            let (v, width) = int(0)?;
            let signed = matches!(
                kind,
                OpKind::ArithIndexCast | OpKind::ArithExtsi | OpKind::ArithTrunci
            );
            let v = if signed {
                v
            } else {
                unsigned(v, width) as i128
            };
            int_result(m, op, result, v)
        }
        OpKind::ArithAddf => float_binary(|a, b| a + b),
        OpKind::ArithSubf => float_binary(|a, b| a - b),
        OpKind::ArithMulf => float_binary(|a, b| a * b),
        OpKind::ArithDivf => float_binary(|a, b| a / b),
        OpKind::ArithMaximumf => float_binary(|a, b| nan_propagating(a, b, f64::max)),
        OpKind::ArithMinimumf => float_binary(|a, b| nan_propagating(a, b, f64::min)),
        OpKind::ArithNegf => Ok(Value::Float(-float(0)?)),
        // An integer read as a float of the result's type (rounded to it).
        OpKind::ArithSitofp => Ok(float_result(result, int(0)?.0 as f64)),
        OpKind::ArithUitofp => {
            let (v, width) = int(0)?;
            Ok(float_result(result, unsigned(v, width) as f64))
        }
        // The integer binary ops; `int_binary` refuses the rest, which
        // `dispatch` does not send here (`constant` is evaluated apart).
        ir::arith_ring_ops!()
        | ir::arith_logic_ops!()
        | ir::arith_shift_ops!()
        | ir::arith_division_ops!()
        | ir::arith_min_max_ops!()
        | not_evaluated_on_scalars!() => {
            let ((a, width), (b, _)) = (int(0)?, int(1)?);
            let v = int_binary(kind, a, b, width)
                .ok_or_else(|| m.unsupported(op, "no semantics for this op"))?;
            int_result(m, op, result, v.map_err(Stop::Undefined)?)
        }
    }
}

/// The op `op` elementwise on tensors of known elements
/// (of one shape; a scalar operand, such as the condition of a `select`,
/// applies to every element), giving a tensor of type `result`.
fn elementwise(m: &Machine, op: OpId, operands: &[Value], result: &TypeKind) -> Step<Value> {
    let kind = m.ctx.kind(op);
    let unknown = || m.unsupported(op, "elementwise on a tensor whose elements are not known");
    let mut shape: Option<Vec<i64>> = None;
    let mut columns = Vec::with_capacity(operands.len());
    for v in operands {
        let column = match tensor_shape(v) {
            Some(s) => {
                if let Some(known) = shape.as_ref().filter(|known| **known != s) {
                    return Err(Stop::Undefined(format!(
                        "'{kind}' on tensors of shapes {} and {}",
                        show(known),
                        show(&s)
                    )));
                }
                shape = Some(s);
                Some(elements_of(v).ok_or_else(unknown)?)
            }
            None => None,
        };
        columns.push(column);
    }
    // `exec` takes this path only when an operand is a tensor.
    let Some(shape) = shape else {
        debug_assert!(false, "elementwise evaluation without a tensor operand");
        return Err(m.malformed(op, "no tensor operand"));
    };
    let element = result
        .element_type()
        .map(|t| m.ctx.type_kind(t))
        .ok_or_else(|| m.malformed(op, "the result is not a tensor"))?;
    let count = m.element_count(op, &shape)?;
    let elements = (0..count)
        .map(|i| {
            let row: Vec<Value> = operands
                .iter()
                .zip(&columns)
                .map(|(v, column)| match column {
                    Some(c) => c.get(i).cloned().ok_or_else(unknown),
                    None => Ok(v.clone()),
                })
                .collect::<Step<_>>()?;
            scalar(m, op, kind, &row, element)
        })
        .collect::<Step<Vec<_>>>()?;
    make_tensor(m, op, result, shape, Some(elements))
}

/// Evaluate the `arith` op `op` (of kind `kind`): its results. Every op
/// but `constant` applies elementwise to tensors of known elements
/// (`select` only when its condition is a tensor).
pub(crate) fn exec(m: &mut Machine, op: OpId, kind: OpKind) -> Step<Vec<Value>> {
    if kind == OpKind::ArithConstant {
        return Ok(vec![constant(m, op)?]);
    }
    let operands = m.operands(op)?;
    let result = m.result_kind(op, 0)?;
    // A `select` on a scalar condition chooses a whole operand, whatever
    // its shape; on a tensor of conditions it chooses per element.
    let per_element = if kind == OpKind::ArithSelect {
        operands.first().is_some_and(|c| tensor_shape(c).is_some())
    } else {
        operands.iter().any(|v| tensor_shape(v).is_some())
    };
    match per_element {
        true => Ok(vec![elementwise(m, op, &operands, result)?]),
        false => Ok(vec![scalar(m, op, kind, &operands, result)?]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `int_binary` of an integer binary op.
    fn int_op(kind: OpKind, a: i128, b: i128, width: u32) -> Result<i128, String> {
        int_binary(kind, a, b, width).expect("an integer binary op")
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap(255, 8), -1);
        assert_eq!(wrap(128, 8), -128);
        assert_eq!(wrap(1, 1), -1);
        assert_eq!(unsigned(-1, 8), 255);
        assert_eq!(unsigned(-1, 128), u128::MAX);
        assert_eq!(wrap(i128::MAX, 128), i128::MAX);
    }

    #[test]
    fn divisions_follow_mlir() {
        let run = |kind, a, b| int_op(kind, a, b, 64);
        assert_eq!(run(OpKind::ArithDivsi, -7, 2), Ok(-3));
        assert_eq!(run(OpKind::ArithFloordivsi, -7, 2), Ok(-4));
        assert_eq!(run(OpKind::ArithCeildivsi, -7, 2), Ok(-3));
        assert_eq!(run(OpKind::ArithCeildivsi, 7, 2), Ok(4));
        assert_eq!(run(OpKind::ArithCeildivsi, -7, -2), Ok(4));
        assert_eq!(run(OpKind::ArithFloordivsi, 7, -2), Ok(-4));
        assert_eq!(run(OpKind::ArithRemsi, -7, 2), Ok(-1));
        assert_eq!(run(OpKind::ArithDivui, -1, 2), Ok(i64::MAX as i128));
        assert_eq!(run(OpKind::ArithRemui, 7, 4), Ok(3));
        assert_eq!(run(OpKind::ArithCeildivui, 7, 2), Ok(4));
        for kind in [
            OpKind::ArithDivsi,
            OpKind::ArithRemui,
            OpKind::ArithCeildivui,
            OpKind::ArithFloordivsi,
        ] {
            assert_eq!(run(kind, 1, 0), Err("division by zero".into()), "{kind}");
        }
        assert_eq!(floor_div(i128::MIN, -1), Some(i128::MIN));
        assert_eq!(ceil_div(i128::MIN, -1), Some(i128::MIN));
        assert_eq!(
            int_op(OpKind::ArithDivsi, i128::MIN, -1, 128),
            Ok(i128::MIN)
        );
    }

    #[test]
    fn bits_and_shifts() {
        assert_eq!(
            int_op(OpKind::ArithShli, 1, 7, 8).map(|v| wrap(v, 8)),
            Ok(-128)
        );
        assert_eq!(int_op(OpKind::ArithShrui, -128, 7, 8), Ok(1));
        assert_eq!(int_op(OpKind::ArithShrsi, -128, 7, 8), Ok(-1));
        assert!(int_op(OpKind::ArithShli, 1, 8, 8).is_err());
        assert_eq!(int_op(OpKind::ArithMaxui, -1, 3, 8), Ok(255));
        assert_eq!(int_op(OpKind::ArithMinsi, -1, 3, 8), Ok(-1));
        assert_eq!(int_op(OpKind::ArithXori, 6, 3, 8), Ok(5));
        assert_eq!(int_binary(OpKind::ArithCmpi, 0, 0, 8), None);
        for &kind in ir::dialect::arith::INT_BINARY_OPS {
            assert_eq!(int_binary(kind, 1, 1, 8).map(|v| v.is_ok()), Some(true));
            assert_eq!(
                crate::dispatch::evaluator(kind),
                crate::dispatch::Evaluator::Arith
            );
        }
    }
}
