//! The `tensor` dialect: shapes always, elements when they are known
//! (integer and `index` tensors the function builds; the elements of
//! argument tensors, `tensor.empty` and float tensors are not). An
//! out-of-bounds index or a shape that does not fit a static result type is
//! undefined behaviour in MLIR and fails the function.

use crate::machine::{fits, is_extent_tensor_type, show, Machine, Step, Stop};
use crate::value::Value;
use ir::types::DYNAMIC;
use ir::{OpId, TypeKind};

/// The shape of a tensor value.
pub(crate) fn tensor_shape(v: &Value) -> Option<Vec<i64>> {
    match v {
        Value::Tensor { shape, .. } => Some(shape.clone()),
        Value::ExtentTensor(e) => Some(vec![e.len() as i64]),
        _ => None,
    }
}

/// The elements of a tensor value, when known.
fn elements_of(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Tensor { elements, .. } => elements.clone(),
        Value::ExtentTensor(e) => Some(e.iter().map(|&x| Value::Index(x)).collect()),
        _ => None,
    }
}

/// The row-major position of `indices` in `shape`, if in bounds.
fn flat_index(shape: &[i64], indices: &[i64]) -> Option<usize> {
    if shape.len() != indices.len() {
        return None;
    }
    shape.iter().zip(indices).try_fold(0usize, |acc, (&d, &i)| {
        let (d, i) = (usize::try_from(d).ok()?, usize::try_from(i).ok()?);
        (i < d).then_some(acc * d + i)
    })
}

/// The multi-index of row-major position `flat` in `shape`.
fn multi_index(shape: &[i64], mut flat: usize) -> Vec<i64> {
    let mut index = vec![0; shape.len()];
    for (slot, &d) in index.iter_mut().zip(shape).rev() {
        let d = d.max(1) as usize;
        *slot = (flat % d) as i64;
        flat /= d;
    }
    index
}

/// A tensor of type `kind` with `shape` and `elements`: an extent tensor
/// when it is a 1-D tensor of `index` with known elements; float elements
/// are dropped. A shape the static type does not allow fails the function.
pub(crate) fn make_tensor(
    m: &Machine,
    op: OpId,
    kind: &TypeKind,
    shape: Vec<i64>,
    elements: Option<Vec<Value>>,
) -> Step<Value> {
    let elem = kind.element_type().map(|t| m.ctx.type_kind(t));
    match kind {
        TypeKind::RankedTensor { shape: dims, .. } if !fits(dims, &shape) => {
            return Err(Stop::Undefined(format!(
                "'{}' produced a tensor of shape {}, which its type does not allow",
                m.ctx.op_name(op),
                show(&shape)
            )))
        }
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => {}
        _ => return Err(m.malformed(op, "the result is not a tensor")),
    }
    let keeps = matches!(elem, Some(TypeKind::Index | TypeKind::Integer { .. }));
    let elements = match elements.filter(|_| keeps) {
        Some(e) if e.len() != m.element_count(op, &shape)? => {
            return Err(m.malformed(op, "the element count does not match the shape"))
        }
        e => e,
    };
    if is_extent_tensor_type(m.ctx, kind) && shape.len() == 1 {
        let ints: Option<Vec<i64>> = elements.as_ref().and_then(|e| {
            e.iter()
                .map(|v| match v {
                    Value::Index(i) => Some(*i),
                    _ => None,
                })
                .collect()
        });
        if let Some(ints) = ints {
            return Ok(Value::ExtentTensor(ints));
        }
    }
    Ok(Value::Tensor { shape, elements })
}

impl<'c> Machine<'c> {
    fn tensor_operand(&self, op: OpId, i: usize) -> Step<(Vec<i64>, &Value)> {
        let v = self.operand(op, i)?;
        match tensor_shape(v) {
            Some(shape) => Ok((shape, v)),
            None => Err(self.malformed(op, format!("expected a tensor, got {v}"))),
        }
    }

    /// The `index` values of operand group `group`.
    fn indices(&self, op: OpId, group: usize) -> Step<Vec<i64>> {
        self.values_of(op, self.group(op, group)?)?
            .iter()
            .map(|v| match v {
                Value::Index(i) => Ok(*i),
                other => Err(self.malformed(op, format!("expected an index, got {other}"))),
            })
            .collect()
    }

    /// The result type's shape with its dynamic sizes taken, in order, from
    /// operand group `group`.
    fn shape_with_dynamic_sizes(&self, op: OpId, group: usize) -> Step<(&'c TypeKind, Vec<i64>)> {
        let kind = self.result_kind(op, 0)?;
        let dims = kind
            .shape()
            .ok_or_else(|| self.malformed(op, "the result is not a ranked tensor"))?;
        let mut dynamic = self.indices(op, group)?.into_iter();
        let shape = dims.iter().map(|&d| match d {
            DYNAMIC => dynamic
                .next()
                .ok_or_else(|| self.malformed(op, "too few dynamic sizes")),
            d => Ok(d),
        });
        let shape = shape.collect::<Step<Vec<i64>>>()?;
        match shape.iter().find(|&&d| d < 0) {
            Some(d) => Err(Stop::Undefined(format!("negative dimension size {d}"))),
            None => Ok((kind, shape)),
        }
    }

    /// Static values of `attr` with the dynamic ones from operand group `group`.
    fn mixed(&self, op: OpId, attr: &str, group: usize) -> Step<Vec<i64>> {
        let statics = self
            .attr(op, attr)
            .and_then(|a| a.int_elements(0))
            .ok_or_else(|| self.malformed(op, format!("no '{attr}' array")))?;
        let mut dynamic = self.indices(op, group)?.into_iter();
        statics
            .into_iter()
            .map(|s| match i64::try_from(s) {
                Ok(DYNAMIC) => dynamic
                    .next()
                    .ok_or_else(|| self.malformed(op, "too few operands")),
                Ok(v) => Ok(v),
                Err(_) => Err(self.malformed(op, "a static value out of range")),
            })
            .collect()
    }

    fn generate(&mut self, op: OpId) -> Step<Value> {
        let (kind, shape) = self.shape_with_dynamic_sizes(op, 0)?;
        let count = self.element_count(op, &shape)?;
        let mut elements = Vec::with_capacity(count);
        for flat in 0..count {
            let index = multi_index(&shape, flat)
                .into_iter()
                .map(Value::Index)
                .collect();
            let mut yielded = self.run_body(op, 0, index, "tensor.yield")?;
            match (yielded.pop(), yielded.is_empty()) {
                (Some(v), true) => elements.push(v),
                _ => return Err(self.malformed(op, "the body must yield one value")),
            }
        }
        make_tensor(self, op, kind, shape, Some(elements))
    }

    fn concat(&self, op: OpId) -> Step<Value> {
        let dim = self.attr(op, "dim").and_then(ir::Attr::as_int);
        let dim = dim
            .and_then(|d| usize::try_from(d).ok())
            .ok_or_else(|| self.malformed(op, "no valid 'dim'"))?;
        let inputs = (0..self.ctx.op(op).operands.len())
            .map(|i| self.tensor_operand(op, i))
            .collect::<Step<Vec<_>>>()?;
        let first = inputs
            .first()
            .map(|(s, _)| s.clone())
            .ok_or_else(|| self.malformed(op, "no inputs"))?;
        let mut shape = first.clone();
        let along = shape
            .get_mut(dim)
            .ok_or_else(|| self.malformed(op, "'dim' out of range"))?;
        *along = 0;
        for (s, _) in &inputs {
            let same_elsewhere = s.len() == first.len()
                && s.iter()
                    .zip(&first)
                    .enumerate()
                    .all(|(i, (a, b))| i == dim || a == b);
            if !same_elsewhere {
                return Err(Stop::Undefined(format!(
                    "tensor.concat of shapes {} and {} along dimension {dim}",
                    show(&first),
                    show(s)
                )));
            }
            *along = along.saturating_add(s[dim]);
        }
        let parts: Option<Vec<Vec<Value>>> = inputs.iter().map(|(_, v)| elements_of(v)).collect();
        let elements = match parts {
            Some(parts) => {
                self.element_count(op, &shape)?;
                let outer: i64 = shape[..dim].iter().product();
                let inner: i64 = shape[dim + 1..].iter().product();
                let mut out = Vec::new();
                for o in 0..outer.max(0) as usize {
                    for ((s, _), part) in inputs.iter().zip(&parts) {
                        let chunk = (s[dim] * inner) as usize;
                        out.extend_from_slice(&part[o * chunk..(o + 1) * chunk]);
                    }
                }
                Some(out)
            }
            None => None,
        };
        make_tensor(self, op, self.result_kind(op, 0)?, shape, elements)
    }

    fn extract_slice(&self, op: OpId) -> Step<Value> {
        let (source_shape, source) = self.tensor_operand(op, 0)?;
        let offsets = self.mixed(op, "static_offsets", 1)?;
        let sizes = self.mixed(op, "static_sizes", 2)?;
        let strides = self.mixed(op, "static_strides", 3)?;
        let n = source_shape.len();
        if offsets.len() != n || sizes.len() != n || strides.len() != n {
            return Err(self.malformed(op, "offsets, sizes and strides must match the rank"));
        }
        for d in 0..n {
            let last = offsets[d]
                .checked_add(sizes[d].saturating_sub(1).saturating_mul(strides[d]))
                .unwrap_or(i64::MAX);
            let in_bounds = offsets[d] >= 0
                && sizes[d] >= 0
                && strides[d] >= 1
                && (sizes[d] == 0 || last < source_shape[d]);
            if !in_bounds {
                return Err(Stop::Undefined(format!(
                    "tensor.extract_slice out of bounds in dimension {d} of a tensor of shape {}",
                    show(&source_shape)
                )));
            }
        }
        let elements = match elements_of(source) {
            Some(all) => {
                let count = self.element_count(op, &sizes)?;
                let pick = |flat| {
                    let index = multi_index(&sizes, flat);
                    let at: Vec<i64> = (0..n).map(|d| offsets[d] + index[d] * strides[d]).collect();
                    flat_index(&source_shape, &at).and_then(|i| all.get(i).cloned())
                };
                Some(
                    (0..count)
                        .map(pick)
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| self.malformed(op, "slice element out of range"))?,
                )
            }
            None => None,
        };
        // A rank-reducing slice drops unit dimensions the result type lacks.
        let kind = self.result_kind(op, 0)?;
        let shape = match kind.shape() {
            Some(dims) if dims.len() < sizes.len() => {
                let mut drops = sizes.len() - dims.len();
                let mut kept = Vec::new();
                for &s in &sizes {
                    let expected = dims.get(kept.len()).copied();
                    if drops > 0 && s == 1 && expected != Some(1) {
                        drops -= 1;
                    } else {
                        kept.push(s);
                    }
                }
                kept
            }
            _ => sizes,
        };
        make_tensor(self, op, kind, shape, elements)
    }

    /// Operand 0 with its elements (row-major) laid out in `shape`; the
    /// element counts must agree.
    fn reshaped(&self, op: OpId, shape: Vec<i64>) -> Step<Value> {
        let (old, v) = self.tensor_operand(op, 0)?;
        let count = |s: &[i64]| s.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
        if shape.iter().any(|&d| d < 0) || count(&old) != count(&shape) {
            return Err(Stop::Undefined(format!(
                "'{}' of a tensor of shape {} into shape {}",
                self.ctx.op_name(op),
                show(&old),
                show(&shape)
            )));
        }
        make_tensor(self, op, self.result_kind(op, 0)?, shape, elements_of(v))
    }

    /// `tensor.collapse_shape`: each reassociation group becomes one
    /// dimension, the product of its extents.
    fn collapse(&self, op: OpId) -> Step<Value> {
        let (old, _) = self.tensor_operand(op, 0)?;
        let groups = self
            .attr(op, "reassociation")
            .and_then(ir::Attr::as_array)
            .ok_or_else(|| self.malformed(op, "no 'reassociation'"))?;
        let extent = |d: &ir::Attr| {
            let d = usize::try_from(d.as_int()?).ok()?;
            old.get(d).copied()
        };
        let product = |g: &ir::Attr| {
            g.as_array()?
                .iter()
                .try_fold(1i64, |acc, d| acc.checked_mul(extent(d)?))
        };
        let shape = groups.iter().map(product).collect::<Option<Vec<_>>>();
        let shape = shape.ok_or_else(|| self.malformed(op, "bad 'reassociation'"))?;
        self.reshaped(op, shape)
    }

    fn insert(&self, op: OpId) -> Step<Value> {
        let scalar = self.operand(op, 0)?.clone();
        let (shape, dest) = self.tensor_operand(op, 1)?;
        let indices = self.indices(op, 2)?;
        let at = flat_index(&shape, &indices).ok_or_else(|| {
            Stop::Undefined(format!(
                "tensor.insert at {} out of bounds of shape {}",
                show(&indices),
                show(&shape)
            ))
        })?;
        let elements = elements_of(dest).map(|mut e| {
            e[at] = scalar;
            e
        });
        make_tensor(self, op, self.result_kind(op, 0)?, shape, elements)
    }
}

/// Evaluate the `tensor` op `op` (named `name`): its results.
pub(crate) fn exec(m: &mut Machine, op: OpId, name: &str) -> Step<Vec<Value>> {
    let value = match name {
        "tensor.dim" => {
            let (shape, _) = m.tensor_operand(op, 0)?;
            let dim = m.index_operand(op, 1)?;
            let extent = usize::try_from(dim).ok().and_then(|d| shape.get(d));
            let extent = extent.ok_or_else(|| {
                Stop::Undefined(format!(
                    "tensor.dim {dim} out of range for a tensor of rank {}",
                    shape.len()
                ))
            })?;
            Value::Index(*extent)
        }
        "tensor.rank" => Value::Index(m.tensor_operand(op, 0)?.0.len() as i64),
        "tensor.extract" => {
            let (shape, tensor) = m.tensor_operand(op, 0)?;
            let indices = m.indices(op, 1)?;
            let at = flat_index(&shape, &indices).ok_or_else(|| {
                Stop::Undefined(format!(
                    "tensor.extract at {} out of bounds of shape {}",
                    show(&indices),
                    show(&shape)
                ))
            })?;
            match tensor {
                Value::ExtentTensor(e) => Value::Index(e[at]),
                Value::Tensor {
                    elements: Some(e), ..
                } => e[at].clone(),
                _ => return Err(m.unsupported(op, "the tensor's elements are not known")),
            }
        }
        "tensor.from_elements" => {
            let kind = m.result_kind(op, 0)?;
            let shape = kind
                .shape()
                .ok_or_else(|| m.malformed(op, "the result is not a ranked tensor"))?;
            make_tensor(m, op, kind, shape.to_vec(), Some(m.operands(op)?))?
        }
        "tensor.generate" => m.generate(op)?,
        "tensor.cast" => {
            let (shape, v) = m.tensor_operand(op, 0)?;
            make_tensor(m, op, m.result_kind(op, 0)?, shape, elements_of(v))?
        }
        "tensor.empty" => {
            let (kind, shape) = m.shape_with_dynamic_sizes(op, 0)?;
            make_tensor(m, op, kind, shape, None)?
        }
        "tensor.splat" => {
            let scalar = m.operand(op, 0)?.clone();
            let (kind, shape) = m.shape_with_dynamic_sizes(op, 1)?;
            let elements = match scalar {
                Value::Index(_) | Value::Int { .. } => {
                    Some(vec![scalar; m.element_count(op, &shape)?])
                }
                _ => None,
            };
            make_tensor(m, op, kind, shape, elements)?
        }
        "tensor.concat" => m.concat(op)?,
        "tensor.extract_slice" => m.extract_slice(op)?,
        "tensor.insert" => m.insert(op)?,
        "tensor.collapse_shape" => m.collapse(op)?,
        "tensor.expand_shape" => {
            let shape = m.mixed(op, "static_output_shape", 1)?;
            m.reshaped(op, shape)?
        }
        "tensor.reshape" => {
            let shape = match m.operand(op, 1)? {
                Value::ExtentTensor(e) => e.clone(),
                Value::Tensor {
                    elements: Some(e), ..
                } => e
                    .iter()
                    .map(|v| crate::arith_ops::int_value(v).and_then(|v| i64::try_from(v).ok()))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| m.malformed(op, "the shape operand is not integers"))?,
                _ => return Err(m.unsupported(op, "the shape operand's elements are not known")),
            };
            m.reshaped(op, shape)?
        }
        _ => return Err(m.unsupported(op, "no semantics for this op")),
    };
    Ok(vec![value])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexing() {
        assert_eq!(flat_index(&[2, 3], &[1, 2]), Some(5));
        assert_eq!(flat_index(&[2, 3], &[2, 0]), None);
        assert_eq!(flat_index(&[2, 3], &[0, -1]), None);
        assert_eq!(flat_index(&[], &[]), Some(0));
        assert_eq!(multi_index(&[2, 3], 5), vec![1, 2]);
        assert_eq!(multi_index(&[2, 3], 0), vec![0, 0]);
    }
}
