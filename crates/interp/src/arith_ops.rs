//! The `arith` dialect on scalars: integer and `index` ops with MLIR's
//! two's-complement wrapping and division semantics (division by zero fails
//! the function: it is undefined behaviour in MLIR), casts, comparisons,
//! `select`, constants (scalar and dense), and basic float arithmetic.
//! Every op but `constant` also applies elementwise to tensors whose
//! elements are known (`arith.index_cast %shape : tensor<2xi64> to
//! tensor<2xindex>`).

use crate::machine::show;
use crate::machine::{Machine, Step, Stop};
use crate::tensor_ops::{elements_of, make_tensor, tensor_shape};
use crate::value::Value;
use ir::attrs::DenseValues;
use ir::dialect::arith::{CMPI_PREDICATES, INT_BINARY_OPS};
use ir::types::FloatKind;
use ir::{Attr, OpId, TypeKind};

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

/// The integer binary op `name` on `a`, `b` of `width` bits.
fn int_binary(name: &str, a: i128, b: i128, width: u32) -> Result<i128, String> {
    let (ua, ub) = (unsigned(a, width), unsigned(b, width));
    let zero = || "division by zero".to_string();
    let nonzero = |q: Option<i128>| q.ok_or_else(zero);
    Ok(match name {
        "arith.addi" => a.wrapping_add(b),
        "arith.subi" => a.wrapping_sub(b),
        "arith.muli" => a.wrapping_mul(b),
        "arith.divsi" => nonzero((b != 0).then(|| a.wrapping_div(b)))?,
        "arith.remsi" => nonzero((b != 0).then(|| a.wrapping_rem(b)))?,
        "arith.floordivsi" => nonzero(floor_div(a, b))?,
        "arith.ceildivsi" => nonzero(ceil_div(a, b))?,
        "arith.divui" => ua.checked_div(ub).ok_or_else(zero)? as i128,
        "arith.remui" => ua.checked_rem(ub).ok_or_else(zero)? as i128,
        "arith.ceildivui" => {
            let q = ua.checked_div(ub).ok_or_else(zero)?;
            (q + u128::from(ua % ub != 0)) as i128
        }
        "arith.maxsi" => a.max(b),
        "arith.minsi" => a.min(b),
        "arith.maxui" => ua.max(ub) as i128,
        "arith.minui" => ua.min(ub) as i128,
        "arith.andi" => a & b,
        "arith.ori" => a | b,
        "arith.xori" => a ^ b,
        "arith.shli" | "arith.shrsi" | "arith.shrui" => {
            if ub >= u128::from(width) {
                return Err(format!(
                    "shift amount {ub} is not less than the bit width {width}"
                ));
            }
            let s = ub as u32;
            match name {
                "arith.shli" => a.wrapping_shl(s),
                "arith.shrsi" => a >> s,
                _ => (ua >> s) as i128,
            }
        }
        _ => return Err(format!("no integer op named '{name}'")),
    })
}

/// `arith.cmpi` with predicate number `predicate`.
fn compare(predicate: usize, a: i128, b: i128, width: u32) -> Option<bool> {
    let (ua, ub) = (unsigned(a, width), unsigned(b, width));
    Some(match *CMPI_PREDICATES.get(predicate)? {
        "eq" => a == b,
        "ne" => a != b,
        "slt" => a < b,
        "sle" => a <= b,
        "sgt" => a > b,
        "sge" => a >= b,
        "ult" => ua < ub,
        "ule" => ua <= ub,
        "ugt" => ua > ub,
        _ => ua >= ub,
    })
}

fn constant(m: &Machine, op: OpId) -> Step<Value> {
    let kind = m.result_kind(op, 0)?;
    match m.attr(op, "value") {
        Some(Attr::Int { value, .. }) => int_result(m, op, kind, *value),
        Some(Attr::Bool(b)) => int_result(m, op, kind, (*b).into()),
        Some(Attr::Float { bits, .. }) => Ok(float_result(kind, f64::from_bits(*bits))),
        Some(Attr::Dense { .. }) if !kind.is_tensor() => {
            Err(m.unsupported(op, "constants that are not scalars or tensors"))
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

/// `name` (an `arith` op other than `constant`) on the scalars `operands`,
/// giving a scalar of type `result`.
fn scalar(m: &Machine, op: OpId, name: &str, operands: &[Value], result: &TypeKind) -> Step<Value> {
    let operand = |i: usize| {
        operands
            .get(i)
            .ok_or_else(|| m.malformed(op, format!("operand #{i} is missing")))
    };
    let int = |i: usize| int_of(m, op, operand(i)?);
    let float = |i: usize| float_of(m, op, operand(i)?);
    match name {
        "arith.cmpi" => {
            let ((a, width), (b, _)) = (int(0)?, int(1)?);
            let predicate = m.attr(op, "predicate").and_then(Attr::as_int);
            let holds = predicate
                .and_then(|p| compare(usize::try_from(p).ok()?, a, b, width))
                .ok_or_else(|| m.malformed(op, "unknown predicate"))?;
            Ok(Value::Int {
                value: holds.into(),
                width: 1,
            })
        }
        "arith.select" => match operand(0)? {
            Value::Int { value, width: 1 } => {
                let pick = if *value != 0 { 1 } else { 2 };
                Ok(operand(pick)?.clone())
            }
            _ => Err(m.unsupported(op, "a condition that is not an i1")),
        },
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui"
        | "arith.trunci" => {
            let (v, width) = int(0)?;
            let signed = matches!(name, "arith.index_cast" | "arith.extsi" | "arith.trunci");
            let v = if signed {
                v
            } else {
                unsigned(v, width) as i128
            };
            int_result(m, op, result, v)
        }
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.maximumf"
        | "arith.minimumf" => {
            let (a, b) = (float(0)?, float(1)?);
            let v = match name {
                "arith.addf" => a + b,
                "arith.subf" => a - b,
                "arith.mulf" => a * b,
                "arith.divf" => a / b,
                _ if a.is_nan() || b.is_nan() => f64::NAN,
                "arith.maximumf" => a.max(b),
                _ => a.min(b),
            };
            Ok(float_result(result, v))
        }
        "arith.negf" => Ok(Value::Float(-float(0)?)),
        _ if INT_BINARY_OPS.contains(&name) => {
            let ((a, width), (b, _)) = (int(0)?, int(1)?);
            let v = int_binary(name, a, b, width).map_err(Stop::Undefined)?;
            int_result(m, op, result, v)
        }
        _ => Err(m.unsupported(op, "no semantics for this op")),
    }
}

/// `name` elementwise on tensors of known elements (of one shape; a scalar
/// operand, such as the condition of a `select`, applies to every
/// element), giving a tensor of type `result`.
fn elementwise(
    m: &Machine,
    op: OpId,
    name: &str,
    operands: &[Value],
    result: &TypeKind,
) -> Step<Value> {
    let unknown = || m.unsupported(op, "elementwise on a tensor whose elements are not known");
    let mut shape = None;
    let mut columns = Vec::with_capacity(operands.len());
    for v in operands {
        let column = match tensor_shape(v) {
            Some(s) => {
                if shape.as_ref().is_some_and(|known| *known != s) {
                    return Err(Stop::Undefined(format!(
                        "'{name}' on tensors of shapes {} and {}",
                        show(shape.as_deref().unwrap_or_default()),
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
    let shape = shape.unwrap_or_default();
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
            scalar(m, op, name, &row, element)
        })
        .collect::<Step<Vec<_>>>()?;
    make_tensor(m, op, result, shape, Some(elements))
}

/// Evaluate the `arith` op `op` (named `name`): its results. Every op but
/// `constant` applies elementwise to tensors of known elements (`select`
/// only when its condition is a tensor).
pub(crate) fn exec(m: &mut Machine, op: OpId, name: &str) -> Step<Vec<Value>> {
    if name == "arith.constant" {
        return Ok(vec![constant(m, op)?]);
    }
    let operands = m.operands(op)?;
    let result = m.result_kind(op, 0)?;
    // A `select` on a scalar condition chooses a whole operand, whatever
    // its shape; on a tensor of conditions it chooses per element.
    let per_element = match name {
        "arith.select" => operands.first().is_some_and(|c| tensor_shape(c).is_some()),
        _ => operands.iter().any(|v| tensor_shape(v).is_some()),
    };
    match per_element {
        true => Ok(vec![elementwise(m, op, name, &operands, result)?]),
        false => Ok(vec![scalar(m, op, name, &operands, result)?]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let run = |name, a, b| int_binary(name, a, b, 64);
        assert_eq!(run("arith.divsi", -7, 2), Ok(-3));
        assert_eq!(run("arith.floordivsi", -7, 2), Ok(-4));
        assert_eq!(run("arith.ceildivsi", -7, 2), Ok(-3));
        assert_eq!(run("arith.ceildivsi", 7, 2), Ok(4));
        assert_eq!(run("arith.ceildivsi", -7, -2), Ok(4));
        assert_eq!(run("arith.floordivsi", 7, -2), Ok(-4));
        assert_eq!(run("arith.remsi", -7, 2), Ok(-1));
        assert_eq!(run("arith.divui", -1, 2), Ok(i64::MAX as i128));
        assert_eq!(run("arith.remui", 7, 4), Ok(3));
        assert_eq!(run("arith.ceildivui", 7, 2), Ok(4));
        assert_eq!(run("arith.divsi", 1, 0), Err("division by zero".into()));
        assert_eq!(run("arith.remui", 1, 0), Err("division by zero".into()));
        assert_eq!(run("arith.ceildivui", 1, 0), Err("division by zero".into()));
        assert_eq!(
            run("arith.floordivsi", 1, 0),
            Err("division by zero".into())
        );
        assert_eq!(floor_div(i128::MIN, -1), Some(i128::MIN));
        assert_eq!(ceil_div(i128::MIN, -1), Some(i128::MIN));
        assert_eq!(int_binary("arith.divsi", i128::MIN, -1, 128), Ok(i128::MIN));
    }

    #[test]
    fn bits_shifts_and_comparisons() {
        assert_eq!(
            int_binary("arith.shli", 1, 7, 8).map(|v| wrap(v, 8)),
            Ok(-128)
        );
        assert_eq!(int_binary("arith.shrui", -128, 7, 8), Ok(1));
        assert_eq!(int_binary("arith.shrsi", -128, 7, 8), Ok(-1));
        assert!(int_binary("arith.shli", 1, 8, 8).is_err());
        assert_eq!(int_binary("arith.maxui", -1, 3, 8), Ok(255));
        assert_eq!(int_binary("arith.minsi", -1, 3, 8), Ok(-1));
        assert_eq!(int_binary("arith.xori", 6, 3, 8), Ok(5));
        assert_eq!(compare(6, -1, 3, 8), Some(false)); // ult: 255 < 3
        assert_eq!(compare(2, -1, 3, 8), Some(true)); // slt
        assert_eq!(compare(10, 0, 0, 8), None);
        assert!(int_binary("arith.frob", 0, 0, 8).is_err());
        assert!(INT_BINARY_OPS
            .iter()
            .all(|n| int_binary(n, 1, 1, 8).is_ok()));
    }
}
