//! The `shape` dialect, following the dialect's documentation.
//!
//! Stage 1 (error-monadic): `!shape.shape` and `!shape.size` values carry
//! errors; an op given an invalid operand gives that operand's error (the
//! first invalid operand in operand order decides). Results of types that
//! cannot carry errors (`index`, extent tensors) fail the function instead.
//! `shape.meet` is a requirement: when it fails (or is given an invalid
//! operand) the function fails there, with its `error` text or a message
//! naming the conflicting values.
//!
//! Stage 2 (constrained): `shape.cstr_*` are runtime assertions evaluated
//! where they stand (as MLIR's `convert-shape-constraints` lowers them): a
//! failing one fails the function with its discardable `msg` attribute (or
//! `error`), `cstr_require`'s own message, or a message saying what was
//! required. `shape.assuming` on a failing witness (e.g. `const_witness
//! false`) fails with the witness's message.

use crate::arith_ops::{floor_div, int_value};
use crate::dispatch::kinds_of_other_dialects;
use crate::machine::{show, Machine, Step, Stop};
use crate::tensor_ops::{make_tensor, tensor_shape};
use crate::value::{ShapeVal, SizeVal, Value};
use analysis::strict_extents::STRICT_FAILURE;
use ir::dialect::shape::{
    constraint_message, failure, FALSE_WITNESS_MESSAGE, HOST_WITNESS_MESSAGE,
};
use ir::{OpId, OpKind, TypeKind};

/// The arithmetic of a size op (`shape.add`...) on 64-bit operands,
/// exact: the result, or `None` for a division by zero.
pub(crate) type SizeArith = fn(i128, i128) -> Option<i128>;

/// `apply(a, b)` on sizes or indices, for an op of kind `kind`: `index`
/// results wrap as `arith` does and divide by zero undefined; a
/// `!shape.size` divided by zero is an error. A `!shape.size` that
/// overflows is undefined: sizes count the extents and elements of tensors
/// that exist, and every lowering (ours, upstream's) computes them with
/// `index` arithmetic, unchecked.
pub(crate) fn size_arith(
    kind: OpKind,
    apply: SizeArith,
    a: SizeVal,
    b: SizeVal,
    wrap: bool,
) -> Step<SizeVal> {
    let (a, b) = match (a, b) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return Ok(Err(e)),
    };
    let wide = match apply(a.into(), b.into()) {
        Some(v) => v,
        None if wrap => return Err(Stop::Undefined(failure::DIVISION_BY_ZERO.into())),
        None => return Ok(Err(failure::DIVISION_BY_ZERO.into())),
    };
    match (i64::try_from(wide), wrap) {
        (Ok(v), _) => Ok(Ok(v)),
        (Err(_), true) => Ok(Ok(wide as i64)),
        (Err(_), false) => Err(Stop::Undefined(format!("{kind} of {a} and {b} overflows"))),
    }
}

/// `shape.add`'s arithmetic.
fn add_sizes(a: i128, b: i128) -> Option<i128> {
    Some(a + b)
}

/// `shape.mul`'s arithmetic.
fn mul_sizes(a: i128, b: i128) -> Option<i128> {
    Some(a * b)
}

/// The broadcast of `shapes` (numpy rules), or why there is none.
pub(crate) fn broadcast(shapes: Vec<ShapeVal>, error: Option<&str>) -> ShapeVal {
    let mut result: Vec<i64> = Vec::new();
    for shape in shapes {
        let shape = shape?;
        let rank = result.len().max(shape.len());
        let padded = |s: &[i64], i: usize| match (i + s.len()).checked_sub(rank) {
            Some(j) => s[j],
            None => 1,
        };
        let mut next = Vec::with_capacity(rank);
        for i in 0..rank {
            let (a, b) = (padded(&result, i), padded(&shape, i));
            next.push(match (a, b) {
                _ if a == b || b == 1 => a,
                (1, _) => b,
                _ => return Err(error.unwrap_or(failure::BROADCAST).to_string()),
            });
        }
        result = next;
    }
    Ok(result)
}

/// `split_at(shape, index)`: negative indices count from the back; the
/// index must lie in `[-rank, rank]`.
pub(crate) fn split_at(shape: ShapeVal, index: SizeVal) -> (ShapeVal, ShapeVal) {
    let split = || -> Result<(Vec<i64>, Vec<i64>), String> {
        let (shape, index) = (shape?, index?);
        let rank = shape.len() as i64;
        let at = if index < 0 { index + rank } else { index };
        if !(0..=rank).contains(&at) {
            return Err(failure::SPLIT_INDEX.to_string());
        }
        let (head, tail) = shape.split_at(at as usize);
        Ok((head.to_vec(), tail.to_vec()))
    };
    match split() {
        Ok((head, tail)) => (Ok(head), Ok(tail)),
        Err(e) => (Err(e.clone()), Err(e)),
    }
}

/// Extent `dim` of `shape`.
pub(crate) fn get_extent(shape: ShapeVal, dim: SizeVal) -> SizeVal {
    let (shape, dim) = (shape?, dim?);
    usize::try_from(dim)
        .ok()
        .and_then(|d| shape.get(d).copied())
        .ok_or_else(|| failure::EXTENT_INDEX.to_string())
}

/// Elementwise `pick` (maximum or minimum) of two shapes of equal rank.
fn max_min_shapes(a: ShapeVal, b: ShapeVal, pick: fn(i64, i64) -> i64) -> ShapeVal {
    let (a, b) = (a?, b?);
    if a.len() != b.len() {
        return Err(failure::RANKS.to_string());
    }
    Ok(a.iter().zip(&b).map(|(&x, &y)| pick(x, y)).collect())
}

/// The value an error of type `kind` is, if the type can carry one.
fn invalid(kind: &TypeKind, message: &str) -> Option<Value> {
    let m = message.to_string();
    match kind {
        TypeKind::Shape => Some(Value::Shape(Err(m))),
        TypeKind::Size => Some(Value::Size(Err(m))),
        TypeKind::ValueShape => Some(Value::ValueShape {
            shape: Err(m),
            value: None,
        }),
        _ => None,
    }
}

fn i1(b: bool) -> Value {
    Value::Int {
        value: i128::from(b),
        width: 1,
    }
}

/// Integer elements of a `dense` attribute.
pub(crate) fn dense_ints(m: &Machine, op: OpId, name: &str) -> Step<Vec<i128>> {
    let attr = m
        .attr(op, name)
        .ok_or_else(|| m.malformed(op, format!("no '{name}' attribute")))?;
    let count = match attr {
        ir::Attr::Dense { ty, .. } => match m.ctx.type_kind(*ty).shape() {
            Some(shape) => m.element_count(op, shape)?,
            None => 1,
        },
        _ => 0,
    };
    attr.int_elements(count)
        .ok_or_else(|| m.malformed(op, format!("'{name}' is not a dense integer attribute")))
}

impl Machine<'_> {
    /// Every operand as a shape.
    fn shape_operands(&self, op: OpId) -> Step<Vec<ShapeVal>> {
        (0..self.ctx.op(op).operands.len())
            .map(|i| self.shape_operand(op, i))
            .collect()
    }

    /// Every operand as a shape that must be valid (constraints, predicates):
    /// the extents, or the first operand's error.
    fn valid_shapes(&self, op: OpId) -> Step<Result<Vec<Vec<i64>>, String>> {
        Ok(self.shape_operands(op)?.into_iter().collect())
    }

    /// Whether operand `i` is a size (rather than a shape).
    fn is_size(&self, op: OpId, i: usize) -> Step<bool> {
        Ok(matches!(
            self.operand(op, i)?,
            Value::Size(_) | Value::Index(_)
        ))
    }

    fn one_shape(&self, op: OpId, shape: ShapeVal) -> Step<Vec<Value>> {
        Ok(vec![self.shape_result(
            op,
            self.result_kind(op, 0)?,
            shape,
        )?])
    }

    fn one_size(&self, op: OpId, size: SizeVal) -> Step<Vec<Value>> {
        Ok(vec![self.size_result(
            op,
            self.result_kind(op, 0)?,
            size,
        )?])
    }

    /// The shape of a shaped value (tensor or value shape).
    fn shape_of(&self, op: OpId, v: &Value) -> Step<ShapeVal> {
        match v {
            Value::ValueShape { shape, .. } => Ok(shape.clone()),
            other => tensor_shape(other)
                .map(Ok)
                .ok_or_else(|| self.malformed(op, format!("expected a shaped value, got {other}"))),
        }
    }

    fn meet(&self, op: OpId) -> Step<Vec<Value>> {
        let failed = || {
            Stop::Fail(
                self.str_attr(op, "error")
                    .unwrap_or(failure::MEET)
                    .to_string(),
            )
        };
        let kind = self.result_kind(op, 0)?;
        if self.is_size(op, 0)? {
            let (a, b) = (self.size_operand(op, 0)?, self.size_operand(op, 1)?);
            let (a, b) = (a.map_err(Stop::Fail)?, b.map_err(Stop::Fail)?);
            if a != b {
                return Err(failed());
            }
            return Ok(vec![self.size_result(op, kind, Ok(a))?]);
        }
        let (a, b) = (self.shape_operand(op, 0)?, self.shape_operand(op, 1)?);
        let (a, b) = (a.map_err(Stop::Fail)?, b.map_err(Stop::Fail)?);
        if a != b {
            return Err(failed());
        }
        Ok(vec![self.shape_result(op, kind, Ok(a))?])
    }

    /// `op`'s results, and their arithmetic by `apply`.
    fn size_arith(&self, op: OpId, kind: OpKind, apply: SizeArith) -> Step<Vec<Value>> {
        let (a, b) = (self.size_operand(op, 0)?, self.size_operand(op, 1)?);
        let wrap = matches!(self.result_kind(op, 0)?, TypeKind::Index);
        let result = size_arith(kind, apply, a, b, wrap)?;
        self.one_size(op, result)
    }

    /// `shape.max` or `shape.min` (by `pick`) of two sizes or two shapes.
    fn max_min(&self, op: OpId, pick: fn(i64, i64) -> i64) -> Step<Vec<Value>> {
        if self.is_size(op, 0)? {
            let (a, b) = (self.size_operand(op, 0)?, self.size_operand(op, 1)?);
            return self.one_size(op, a.and_then(|a| Ok(pick(a, b?))));
        }
        let (a, b) = (self.shape_operand(op, 0)?, self.shape_operand(op, 1)?);
        self.one_shape(op, max_min_shapes(a, b, pick))
    }

    /// A constraint that `holds` (or the error of an invalid operand).
    fn constraint(&self, op: OpId, holds: Result<bool, String>) -> Step<Vec<Value>> {
        match holds.map_err(Stop::Fail)? {
            true => Ok(vec![Value::Witness(Ok(()))]),
            false => Err(Stop::Fail(constraint_message(self.ctx, op).to_string())),
        }
    }

    fn reduce(&mut self, op: OpId) -> Step<Vec<Value>> {
        let mut accs = self.values_of(op, self.group(op, 1)?)?;
        let extents = match self.shape_operand(op, 0)? {
            Ok(e) => e,
            Err(message) => {
                let kinds = (0..self.ctx.op(op).results.len()).map(|i| self.result_kind(op, i));
                return kinds
                    .map(|k| invalid(k?, &message).ok_or_else(|| Stop::Undefined(message.clone())))
                    .collect();
            }
        };
        let extent_is_size = self
            .ctx
            .op(op)
            .regions
            .first()
            .and_then(|&r| self.ctx.region(r).blocks.first())
            .and_then(|&b| self.ctx.block(b).args.get(1))
            .is_some_and(|&v| matches!(self.kind_of(v), TypeKind::Size));
        for (i, &e) in extents.iter().enumerate() {
            let extent = match extent_is_size {
                true => Value::Size(Ok(e)),
                false => Value::Index(e),
            };
            let mut args = vec![Value::Index(i as i64), extent];
            args.extend(accs);
            accs = self.run_body(op, 0, args, OpKind::ShapeYield)?;
        }
        Ok(accs)
    }

    fn with_shape(&self, op: OpId) -> Step<Vec<Value>> {
        let operand = self.operand(op, 0)?;
        let new_shape = self.shape_operand(op, 1)?;
        let value = match operand {
            Value::ValueShape { value, .. } => value.clone(),
            Value::ExtentTensor(e) => Some(e.clone()),
            Value::Tensor {
                elements: Some(e), ..
            } => e
                .iter()
                .map(int_value)
                .map(|v| v.and_then(|v| i64::try_from(v).ok()))
                .collect(),
            _ => None,
        };
        let shape = match (self.shape_of(op, operand)?, new_shape) {
            (Err(e), _) | (_, Err(e)) => Err(e),
            (Ok(old), Ok(new)) if value.is_some() && old != new => Err(format!(
                "a value of shape {} does not conform to shape {}",
                show(&old),
                show(&new)
            )),
            (Ok(_), Ok(new)) => Ok(new),
        };
        Ok(vec![Value::ValueShape { shape, value }])
    }

    fn value_as_shape(&self, op: OpId) -> Step<Vec<Value>> {
        let unknown = || self.unsupported(op, "the elements of the value are not known");
        let values: Vec<i128> = match self.operand(op, 0)? {
            Value::ValueShape { shape: Err(e), .. } => return self.one_shape(op, Err(e.clone())),
            Value::ValueShape {
                shape: Ok(s),
                value,
            } if s.len() == 1 => value
                .as_ref()
                .ok_or_else(unknown)?
                .iter()
                .map(|&v| v.into())
                .collect(),
            Value::ExtentTensor(e) => e.iter().map(|&v| v.into()).collect(),
            Value::Tensor { shape, elements } if shape.len() == 1 => elements
                .as_ref()
                .ok_or_else(unknown)?
                .iter()
                .map(|v| int_value(v).ok_or_else(|| self.malformed(op, "non-integer elements")))
                .collect::<Step<_>>()?,
            other => {
                let msg = format!("{other} is not a 1-D tensor of extents");
                return self.one_shape(op, Err(msg));
            }
        };
        let shape = values
            .iter()
            .map(|&v| i64::try_from(v).ok().filter(|&v| v >= 0).ok_or(v))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|v| format!("value element {v} is not an extent"));
        self.one_shape(op, shape)
    }

    fn value_of(&self, op: OpId) -> Step<Vec<Value>> {
        let Value::ValueShape { shape, value } = self.operand(op, 0)? else {
            return Err(self.malformed(op, "expected a !shape.value_shape"));
        };
        let shape = shape.clone().map_err(Stop::Undefined)?;
        let kind = self.result_kind(op, 0)?;
        let elem = kind.element_type().map(|t| self.ctx.type_kind(t));
        let elements = match (value, elem) {
            (Some(v), Some(TypeKind::Index)) => Some(v.iter().map(|&x| Value::Index(x)).collect()),
            (Some(v), Some(TypeKind::Integer { width, .. })) => Some(
                v.iter()
                    .map(|&x| Value::Int {
                        value: crate::arith_ops::wrap(x.into(), *width),
                        width: *width,
                    })
                    .collect(),
            ),
            _ => None,
        };
        Ok(vec![make_tensor(self, op, kind, shape, elements)?])
    }
}

/// The ops of the `shape` dialect, by family.
impl Machine<'_> {
    /// `shape.any` of sizes or of shapes: its first operand, or the error
    /// of the first invalid one.
    fn any(&self, op: OpId) -> Step<Vec<Value>> {
        if self.is_size(op, 0)? {
            let sizes = (0..self.ctx.op(op).operands.len()).map(|i| self.size_operand(op, i));
            let sizes: Vec<SizeVal> = sizes.collect::<Step<_>>()?;
            let first = sizes
                .into_iter()
                .collect::<Result<Vec<_>, _>>()
                .map(|s| s[0]);
            return self.one_size(op, first);
        }
        let first = self
            .shape_operands(op)?
            .into_iter()
            .collect::<Result<Vec<_>, _>>();
        self.one_shape(op, first.map(|mut s| s.swap_remove(0)))
    }

    /// `shape.const_shape`.
    fn const_shape(&self, op: OpId) -> Step<Vec<Value>> {
        let extents = dense_ints(self, op, "shape")?;
        let shape = extents.iter().map(|&e| i64::try_from(e).map_err(|_| e));
        let shape = shape.collect::<Result<Vec<_>, _>>();
        let shape =
            shape.map_err(|e| self.malformed(op, format!("extent {e} does not fit i64")))?;
        self.one_shape(op, Ok(shape))
    }

    /// `shape.const_size`.
    fn const_size(&self, op: OpId) -> Step<Vec<Value>> {
        let v = self.attr(op, "value").and_then(ir::Attr::as_int);
        let v = v.and_then(|v| i64::try_from(v).ok());
        let v = v.ok_or_else(|| self.malformed(op, "no integer 'value'"))?;
        self.one_size(op, Ok(v))
    }

    /// `shape.const_witness`.
    fn const_witness(&self, op: OpId) -> Step<Vec<Value>> {
        match self.attr(op, "passing").and_then(ir::Attr::as_int) {
            Some(1) => Ok(vec![Value::Witness(Ok(()))]),
            Some(_) => Ok(vec![Value::Witness(Err(FALSE_WITNESS_MESSAGE.into()))]),
            None => Err(self.malformed(op, "no boolean 'passing'")),
        }
    }

    /// `shape.assuming`: its body under a passing witness; a failing one
    /// fails the function with its message.
    fn assuming(&mut self, op: OpId) -> Step<Vec<Value>> {
        match self.operand(op, 0)? {
            Value::Witness(Ok(())) => self.run_body(op, 0, Vec::new(), OpKind::ShapeAssumingYield),
            Value::Witness(Err(message)) => Err(Stop::Fail(message.clone())),
            _ => Err(self.malformed(op, "expected a witness")),
        }
    }

    /// `shape.assuming_all`: the first failing witness, or a passing one.
    fn assuming_all(&self, op: OpId) -> Step<Vec<Value>> {
        let mut result = Ok(());
        for v in self.operands(op)? {
            match v {
                Value::Witness(w) => result = result.and(w),
                _ => return Err(self.malformed(op, "expected witnesses")),
            }
        }
        Ok(vec![Value::Witness(result)])
    }

    /// `shape.cstr_broadcastable`.
    fn cstr_broadcastable(&self, op: OpId) -> Step<Vec<Value>> {
        let shapes = self.valid_shapes(op)?;
        if shapes.is_ok() {
            self.fail_strict_checks(op)?;
        }
        self.constraint(
            op,
            shapes.map(|s| broadcast(s.into_iter().map(Ok).collect(), None).is_ok()),
        )
    }

    /// `shape.cstr_eq`.
    fn cstr_eq(&self, op: OpId) -> Step<Vec<Value>> {
        let shapes = self.valid_shapes(op)?;
        self.constraint(op, shapes.map(|s| s.windows(2).all(|w| w[0] == w[1])))
    }

    /// The failure of broadcast-family op `op` under strict symbolic
    /// shapes, if one of its checks
    /// ([`analysis::strict_extents::StrictExtents::checks`]) finds the
    /// values of the extents it compares unequal.
    fn strict_failure(&self, op: OpId) -> Option<String> {
        let fails = self.strict.checks(self.ctx, op).iter().any(|check| {
            let values: Vec<Option<i64>> = check
                .strict
                .iter()
                .map(|leaf| self.extent_of(leaf.shape, leaf.index))
                .collect();
            values.windows(2).any(|w| w[0] != w[1])
        });
        fails.then(|| STRICT_FAILURE.to_string())
    }

    /// Fail as the first failing check of strict symbolic shapes at `op`
    /// does, if one does.
    fn fail_strict_checks(&self, op: OpId) -> Step<()> {
        match self.strict_failure(op) {
            Some(message) => Err(Stop::Fail(message)),
            None => Ok(()),
        }
    }

    /// `shape.broadcast`: under strict symbolic shapes, a failing check
    /// (of valid operands) gives an error value of `!shape.shape`, and fails
    /// where the result is an extent tensor (which holds no error).
    fn broadcast(&self, op: OpId) -> Step<Vec<Value>> {
        let shapes = self.shape_operands(op)?;
        // An operand's error goes on as it is.
        let failure = match shapes.iter().all(Result::is_ok) {
            true => self.strict_failure(op),
            false => None,
        };
        let shape = match failure {
            Some(message) if matches!(self.result_kind(op, 0)?, TypeKind::Shape) => Err(message),
            Some(message) => return Err(Stop::Fail(message)),
            None => broadcast(shapes, self.str_attr(op, "error")),
        };
        self.one_shape(op, shape)
    }

    /// `shape.is_broadcastable`: an `i1`.
    fn is_broadcastable(&self, op: OpId) -> Step<Vec<Value>> {
        let shapes = self.valid_shapes(op)?;
        if shapes.is_ok() {
            self.fail_strict_checks(op)?;
        }
        let ok = shapes.is_ok_and(|s| broadcast(s.into_iter().map(Ok).collect(), None).is_ok());
        Ok(vec![i1(ok)])
    }

    /// `shape.shape_eq`: an `i1`; every invalid shape is the one error
    /// value, equal to itself.
    fn shape_eq(&self, op: OpId) -> Step<Vec<Value>> {
        let shapes: Vec<Option<Vec<i64>>> = self
            .shape_operands(op)?
            .into_iter()
            .map(Result::ok)
            .collect();
        Ok(vec![i1(shapes.windows(2).all(|w| w[0] == w[1]))])
    }

    /// `shape.from_extents`: a negative extent makes an invalid shape.
    fn shape_from_extents(&self, op: OpId) -> Step<Vec<Value>> {
        let sizes = (0..self.ctx.op(op).operands.len()).map(|i| self.size_operand(op, i));
        let sizes = sizes.collect::<Step<Vec<SizeVal>>>()?;
        let shape = sizes
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .and_then(|s| match s.iter().find(|&&e| e < 0) {
                Some(_) => Err(failure::NEGATIVE_EXTENT.to_string()),
                None => Ok(s),
            });
        Ok(vec![Value::Shape(shape)])
    }

    /// `shape.from_extent_tensor`.
    fn shape_from_extent_tensor(&self, op: OpId) -> Step<Vec<Value>> {
        match self.operand(op, 0)? {
            Value::ExtentTensor(e) => Ok(vec![Value::Shape(Ok(e.clone()))]),
            _ => Err(self.malformed(op, "expected an extent tensor")),
        }
    }

    /// `shape.to_extent_tensor`: an invalid shape is undefined here.
    fn to_extent_tensor(&self, op: OpId) -> Step<Vec<Value>> {
        let shape = self.shape_operand(op, 0)?;
        let kind = self.result_kind(op, 0)?;
        let extents = shape.map_err(Stop::Undefined)?;
        let elements = extents.iter().map(|&e| Value::Index(e)).collect();
        let length = vec![extents.len() as i64];
        Ok(vec![make_tensor(self, op, kind, length, Some(elements))?])
    }

    /// `shape.num_elements`: wrapping as an `index`; a `!shape.size` count
    /// that overflows is undefined, as `size_arith` says.
    fn num_elements(&self, op: OpId) -> Step<Vec<Value>> {
        let wrap = matches!(self.result_kind(op, 0)?, TypeKind::Index);
        let shape = self.shape_operand(op, 0)?;
        let count = match shape {
            Ok(s) => Ok(s.iter().try_fold(1i64, |acc, &e| match wrap {
                true => Ok(acc.wrapping_mul(e)),
                false => acc.checked_mul(e).ok_or_else(|| {
                    Stop::Undefined(format!("the element count of {} overflows", show(&s)))
                }),
            })?),
            Err(e) => Err(e),
        };
        self.one_size(op, count)
    }

    /// `shape.split_at`: the head and the tail.
    fn split_at(&self, op: OpId) -> Step<Vec<Value>> {
        let (head, tail) = split_at(self.shape_operand(op, 0)?, self.size_operand(op, 1)?);
        let head = self.shape_result(op, self.result_kind(op, 0)?, head)?;
        Ok(vec![
            head,
            self.shape_result(op, self.result_kind(op, 1)?, tail)?,
        ])
    }

    /// `shape.index_to_size`: a negative index is no size, undefined (MLIR
    /// folds it to a negative constant size).
    fn index_to_size(&self, op: OpId) -> Step<Vec<Value>> {
        match self.index_operand(op, 0)? {
            v if v >= 0 => Ok(vec![Value::Size(Ok(v))]),
            v => Err(Stop::Undefined(format!(
                "index {v} is negative and not a size"
            ))),
        }
    }

    /// `shape.size_to_index`: an invalid size is undefined here.
    fn size_to_index(&self, op: OpId) -> Step<Vec<Value>> {
        let size = self.size_operand(op, 0)?.map_err(Stop::Undefined)?;
        Ok(vec![Value::Index(size)])
    }
}

/// Evaluate the `shape` op `op` (of kind `kind`): its results.
pub(crate) fn exec(m: &mut Machine, op: OpId, kind: OpKind) -> Step<Vec<Value>> {
    match kind {
        OpKind::ShapeAdd => m.size_arith(op, kind, add_sizes),
        OpKind::ShapeMul => m.size_arith(op, kind, mul_sizes),
        OpKind::ShapeDiv => m.size_arith(op, kind, floor_div),
        OpKind::ShapeAny => m.any(op),
        OpKind::ShapeAssuming => m.assuming(op),
        OpKind::ShapeAssumingAll => m.assuming_all(op),
        OpKind::ShapeBroadcast => m.broadcast(op),
        OpKind::ShapeConcat => {
            let (a, b) = (m.shape_operand(op, 0)?, m.shape_operand(op, 1)?);
            m.one_shape(op, a.and_then(|a| Ok([a, b?].concat())))
        }
        OpKind::ShapeConstShape => m.const_shape(op),
        OpKind::ShapeConstSize => m.const_size(op),
        OpKind::ShapeConstWitness => m.const_witness(op),
        OpKind::ShapeCstrBroadcastable => m.cstr_broadcastable(op),
        OpKind::ShapeCstrEq => m.cstr_eq(op),
        OpKind::ShapeCstrRequire => m.constraint(op, Ok(m.bool_operand(op, 0)?)),
        OpKind::ShapeDebugPrint => Ok(vec![m.operand(op, 0)?.clone()]),
        OpKind::ShapeDim => {
            let shape = m.shape_of(op, m.operand(op, 0)?)?;
            let dim = m.size_operand(op, 1)?;
            m.one_size(op, get_extent(shape, dim))
        }
        OpKind::ShapeFromExtentTensor => m.shape_from_extent_tensor(op),
        OpKind::ShapeFromExtents => m.shape_from_extents(op),
        OpKind::ShapeGetExtent => {
            let (shape, dim) = (m.shape_operand(op, 0)?, m.size_operand(op, 1)?);
            m.one_size(op, get_extent(shape, dim))
        }
        OpKind::ShapeIndexToSize => m.index_to_size(op),
        OpKind::ShapeIsBroadcastable => m.is_broadcastable(op),
        OpKind::ShapeMax => m.max_min(op, i64::max),
        OpKind::ShapeMin => m.max_min(op, i64::min),
        OpKind::ShapeMeet => m.meet(op),
        OpKind::ShapeNumElements => m.num_elements(op),
        OpKind::ShapeRank => {
            let shape = m.shape_operand(op, 0)?;
            m.one_size(op, shape.map(|s| s.len() as i64))
        }
        OpKind::ShapeReduce => m.reduce(op),
        OpKind::ShapeShapeEq => m.shape_eq(op),
        OpKind::ShapeShapeOf => {
            let shape = m.shape_of(op, m.operand(op, 0)?)?;
            m.one_shape(op, shape)
        }
        OpKind::ShapeSizeToIndex => m.size_to_index(op),
        OpKind::ShapeSplitAt => m.split_at(op),
        OpKind::ShapeToExtentTensor => m.to_extent_tensor(op),
        OpKind::ShapeValueAsShape => m.value_as_shape(op),
        OpKind::ShapeValueOf => m.value_of(op),
        OpKind::ShapeWithShape => m.with_shape(op),
        // `dispatch` sends no other op here: the dialect's functions,
        // libraries and terminators are evaluated as such, and the other
        // dialects have steps of their own.
        OpKind::ShapeAssumingYield
        | OpKind::ShapeFunc
        | OpKind::ShapeFunctionLibrary
        | OpKind::ShapeReturn
        | OpKind::ShapeYield
        | kinds_of_other_dialects!(shape) => Err(m.unsupported(op, "no semantics for this op")),
    }
}

/// `builtin.unrealized_conversion_cast`, as the lowerings use it: the
/// bridge between a shape value and the host's type for it. A shape and its
/// extent tensor, a size and its `index`, a witness and its `i1` (false
/// fails as [`HOST_WITNESS_MESSAGE`] says) are the same value; a shape or
/// size that holds an error fails with it, as a host op given one would.
pub(crate) fn bridge(m: &Machine, op: OpId) -> Step<Vec<Value>> {
    let operands = m.operands(op)?;
    let mut results = Vec::with_capacity(operands.len());
    for (i, v) in operands.into_iter().enumerate() {
        results.push(bridge_value(m, op, v, m.result_kind(op, i)?)?);
    }
    Ok(results)
}

/// `v` as a value of type `to`, across the bridge between shape types and
/// their std-form types (`!shape.shape` and an extent tensor, `!shape.size`
/// and `index`, a witness and `i1`); an error value fails here.
pub(crate) fn bridge_value(m: &Machine, op: OpId, v: Value, to: &TypeKind) -> Step<Value> {
    Ok(match (v, to) {
        (Value::Shape(Err(e)) | Value::Size(Err(e)), _) => return Err(Stop::Fail(e)),
        (Value::Shape(Ok(e)), TypeKind::RankedTensor { .. }) => Value::ExtentTensor(e),
        (Value::ExtentTensor(e), TypeKind::Shape) => Value::Shape(Ok(e)),
        (Value::Size(Ok(n)), TypeKind::Index) => Value::Index(n),
        (Value::Index(n), TypeKind::Size) => Value::Size(Ok(n)),
        (Value::Witness(w), TypeKind::Integer { width: 1, .. }) => Value::Int {
            value: i128::from(w.is_ok()),
            width: 1,
        },
        (Value::Int { value, width: 1 }, TypeKind::Witness) => Value::Witness(match value {
            0 => Err(HOST_WITNESS_MESSAGE.to_string()),
            _ => Ok(()),
        }),
        (v @ Value::ExtentTensor(_), TypeKind::RankedTensor { .. })
        | (v @ Value::Index(_), TypeKind::Index) => v,
        _ => return Err(m.unsupported(op, "a conversion that is not a bridge of a shape value")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `size_arith` of `shape.add`, as `exec` applies it.
    fn add(a: SizeVal, b: SizeVal, wrap: bool) -> Step<SizeVal> {
        size_arith(OpKind::ShapeAdd, add_sizes, a, b, wrap)
    }

    /// `size_arith` of `shape.mul`, as `exec` applies it.
    fn mul(a: SizeVal, b: SizeVal, wrap: bool) -> Step<SizeVal> {
        size_arith(OpKind::ShapeMul, mul_sizes, a, b, wrap)
    }

    /// `size_arith` of `shape.div`, as `exec` applies it.
    fn div(a: SizeVal, b: SizeVal, wrap: bool) -> Step<SizeVal> {
        size_arith(OpKind::ShapeDiv, floor_div, a, b, wrap)
    }

    #[test]
    fn size_arithmetic() {
        let undefined = |r: Step<SizeVal>| matches!(r, Err(Stop::Undefined(_)));
        assert_eq!(add(Ok(2), Ok(3), false).ok(), Some(Ok(5)));
        assert_eq!(mul(Ok(2), Ok(3), false).ok(), Some(Ok(6)));
        assert_eq!(div(Ok(7), Ok(2), false).ok(), Some(Ok(3)));
        assert_eq!(div(Ok(-7), Ok(2), true).ok(), Some(Ok(-4)));
        assert_eq!(
            div(Ok(7), Ok(0), false).ok(),
            Some(Err("division by zero".into()))
        );
        assert!(undefined(div(Ok(7), Ok(0), true)));
        assert!(undefined(mul(Ok(i64::MAX), Ok(2), false)));
        assert_eq!(mul(Ok(i64::MAX), Ok(2), true).ok(), Some(Ok(-2)));
        assert_eq!(
            add(Err("a".into()), Err("b".into()), false).ok(),
            Some(Err("a".into()))
        );
        assert_eq!(div(Ok(i64::MIN), Ok(-1), true).ok(), Some(Ok(i64::MIN)));
    }

    #[test]
    fn broadcasting() {
        assert_eq!(
            broadcast(vec![Ok(vec![2, 2]), Ok(vec![3, 1, 2])], None),
            Ok(vec![3, 2, 2])
        );
        assert_eq!(
            broadcast(vec![Ok(vec![1, 4]), Ok(vec![5, 1])], None),
            Ok(vec![5, 4])
        );
        assert_eq!(broadcast(vec![], None), Ok(vec![]));
        assert_eq!(
            broadcast(vec![Ok(vec![2, 2]), Ok(vec![3, 2])], None),
            Err(failure::BROADCAST.into())
        );
        assert_eq!(
            broadcast(vec![Ok(vec![2]), Ok(vec![3])], Some("nope")),
            Err("nope".into())
        );
        assert_eq!(
            broadcast(vec![Ok(vec![2]), Err("bad".into())], None),
            Err("bad".into())
        );
        assert_eq!(broadcast(vec![Ok(vec![0]), Ok(vec![1])], None), Ok(vec![0]));
    }

    #[test]
    fn splitting_and_extents() {
        let s = || Ok(vec![4, 5, 6]);
        assert_eq!(split_at(s(), Ok(0)), (Ok(vec![]), Ok(vec![4, 5, 6])));
        assert_eq!(split_at(s(), Ok(1)), (Ok(vec![4]), Ok(vec![5, 6])));
        assert_eq!(split_at(s(), Ok(3)), (Ok(vec![4, 5, 6]), Ok(vec![])));
        assert_eq!(split_at(s(), Ok(-1)), (Ok(vec![4, 5]), Ok(vec![6])));
        assert_eq!(split_at(s(), Ok(-3)), (Ok(vec![]), Ok(vec![4, 5, 6])));
        assert!(split_at(s(), Ok(4)).0.is_err());
        assert!(split_at(s(), Ok(-4)).1.is_err());
        assert!(split_at(s(), Ok(i64::MIN)).1.is_err());
        assert_eq!(get_extent(s(), Ok(2)), Ok(6));
        assert!(get_extent(s(), Ok(3)).is_err());
        assert!(get_extent(s(), Ok(-1)).is_err());
        assert_eq!(
            max_min_shapes(Ok(vec![1, 5]), Ok(vec![3, 2]), i64::max),
            Ok(vec![3, 5])
        );
        assert_eq!(
            max_min_shapes(Ok(vec![1, 5]), Ok(vec![3, 2]), i64::min),
            Ok(vec![1, 2])
        );
        assert!(max_min_shapes(Ok(vec![1]), Ok(vec![3, 2]), i64::min).is_err());
    }
}
