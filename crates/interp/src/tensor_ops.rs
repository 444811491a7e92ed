//! The `tensor` dialect: shapes always, elements when they are known
//! (integer and `index` tensors the function builds or is given as
//! `dense<...>` arguments; the elements of argument tensors given by their
//! shape, `tensor.empty` and float tensors are not; neither are those of
//! `tensor.pack` and `tensor.unpack` results). An out-of-bounds
//! index or slice, negative padding or sizes, a tile that does not fit, or a
//! shape that does not fit a static result type is undefined behaviour in
//! MLIR and fails the function.

use crate::dispatch::kinds_of_other_dialects;
use crate::machine::{fits, is_extent_tensor_type, show, Machine, Step, Stop};
use crate::value::Value;
use ir::types::DYNAMIC;
use ir::{OpId, OpKind, TypeKind};

/// The shape of a tensor value.
pub(crate) fn tensor_shape(v: &Value) -> Option<Vec<i64>> {
    match v {
        Value::Tensor { shape, .. } => Some(shape.clone()),
        Value::ExtentTensor(e) => Some(vec![e.len() as i64]),
        _ => None,
    }
}

/// The elements of a tensor value, when known.
pub(crate) fn elements_of(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Tensor { elements, .. } => elements.clone(),
        Value::ExtentTensor(e) => Some(e.iter().map(|&x| Value::Index(x)).collect()),
        _ => None,
    }
}

/// Whether `indices` address an element of a tensor of `shape`.
fn in_bounds(shape: &[i64], indices: &[i64]) -> bool {
    shape.len() == indices.len() && shape.iter().zip(indices).all(|(&d, &i)| 0 <= i && i < d)
}

/// The row-major position of `indices` in `shape`, if in bounds (and
/// representable: a tensor whose elements are known always is).
fn flat_index(shape: &[i64], indices: &[i64]) -> Option<usize> {
    if !in_bounds(shape, indices) {
        return None;
    }
    shape.iter().zip(indices).try_fold(0usize, |acc, (&d, &i)| {
        let (d, i) = (usize::try_from(d).ok()?, usize::try_from(i).ok()?);
        acc.checked_mul(d)?.checked_add(i)
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

/// Offsets, sizes and strides of a slice, one of each per dimension.
struct Slice {
    offsets: Vec<i64>,
    sizes: Vec<i64>,
    strides: Vec<i64>,
}

/// The shape of a slice of `sizes` as a type of dimensions `dims` holds it:
/// a rank-reducing slice drops the unit sizes the type lacks.
fn rank_reduced(sizes: &[i64], dims: &[i64]) -> Vec<i64> {
    let Some(mut drops) = sizes.len().checked_sub(dims.len()).filter(|&n| n > 0) else {
        return sizes.to_vec();
    };
    let mut kept = Vec::new();
    for &s in sizes {
        let expected = dims.get(kept.len()).copied();
        if drops > 0 && s == 1 && expected != Some(1) {
            drops -= 1;
        } else {
            kept.push(s);
        }
    }
    kept
}

/// How `tensor.pack` tiles a tensor (and `tensor.unpack` untiles it).
struct Tiling {
    /// The dimensions tiled, in the order of the inner tiles.
    inner_dims_pos: Vec<usize>,
    /// The tile size of each of them.
    tiles: Vec<i64>,
    /// The order of the outer dimensions (empty: unchanged).
    outer_dims_perm: Vec<usize>,
}

/// The packed shape of a tensor of shape `unpacked`: each tiled extent
/// becomes the number of tiles (rounded up), the outer dimensions are
/// permuted, and the tile sizes follow. `None` when a position is out of
/// range or the permutation has the wrong length.
fn packed_shape(unpacked: &[i64], tiling: &Tiling) -> Option<Vec<i64>> {
    let mut outer = unpacked.to_vec();
    for (&d, &tile) in tiling.inner_dims_pos.iter().zip(&tiling.tiles) {
        let extent = outer.get_mut(d)?;
        *extent = extent.checked_add(tile - 1)? / tile;
    }
    if !tiling.outer_dims_perm.is_empty() {
        if tiling.outer_dims_perm.len() != outer.len() {
            return None;
        }
        outer = tiling
            .outer_dims_perm
            .iter()
            .map(|&d| outer.get(d).copied())
            .collect::<Option<_>>()?;
    }
    outer.extend_from_slice(&tiling.tiles);
    Some(outer)
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
            let mut yielded = self.run_body(op, 0, index, OpKind::TensorYield)?;
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

    /// The offsets, sizes and strides of a slice op, from the operand groups
    /// starting at `first_group`; one of each per dimension of a tensor of
    /// rank `rank`.
    fn slice(&self, op: OpId, first_group: usize, rank: usize) -> Step<Slice> {
        let slice = Slice {
            offsets: self.mixed(op, "static_offsets", first_group)?,
            sizes: self.mixed(op, "static_sizes", first_group + 1)?,
            strides: self.mixed(op, "static_strides", first_group + 2)?,
        };
        match [&slice.offsets, &slice.sizes, &slice.strides].map(Vec::len) == [rank; 3] {
            true => Ok(slice),
            false => Err(self.malformed(op, "offsets, sizes and strides must match the rank")),
        }
    }

    /// Check that `slice` lies within a tensor of `shape`: non-negative
    /// offsets and sizes, positive strides, and the last element of every
    /// non-empty dimension in bounds (undefined behaviour otherwise).
    fn check_in_bounds(&self, op: OpId, shape: &[i64], slice: &Slice) -> Step<()> {
        for (d, &extent) in shape.iter().enumerate() {
            let (offset, size, stride) = (slice.offsets[d], slice.sizes[d], slice.strides[d]);
            let last = offset
                .checked_add(size.saturating_sub(1).saturating_mul(stride))
                .unwrap_or(i64::MAX);
            let in_bounds = offset >= 0 && size >= 0 && stride >= 1 && (size == 0 || last < extent);
            if !in_bounds {
                return Err(Stop::Undefined(format!(
                    "{} out of bounds in dimension {d} of a tensor of shape {}",
                    self.ctx.op_name(op),
                    show(shape)
                )));
            }
        }
        Ok(())
    }

    /// The row-major positions, in a tensor of `shape`, of the elements of
    /// `slice` (checked in bounds), in the slice's own row-major order.
    fn slice_positions(&self, op: OpId, shape: &[i64], slice: &Slice) -> Step<Vec<usize>> {
        let count = self.element_count(op, &slice.sizes)?;
        let position = |flat| {
            let index = multi_index(&slice.sizes, flat);
            let at: Vec<i64> = (0..index.len())
                .map(|d| slice.offsets[d] + index[d] * slice.strides[d])
                .collect();
            flat_index(shape, &at)
        };
        (0..count)
            .map(position)
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| self.malformed(op, "slice element out of range"))
    }

    fn extract_slice(&self, op: OpId) -> Step<Value> {
        let (source_shape, source) = self.tensor_operand(op, 0)?;
        let slice = self.slice(op, 1, source_shape.len())?;
        self.check_in_bounds(op, &source_shape, &slice)?;
        let elements = match elements_of(source) {
            Some(all) => Some(
                self.slice_positions(op, &source_shape, &slice)?
                    .into_iter()
                    .map(|i| all[i].clone())
                    .collect(),
            ),
            None => None,
        };
        let kind = self.result_kind(op, 0)?;
        let shape = match kind.shape() {
            Some(dims) => rank_reduced(&slice.sizes, dims),
            None => slice.sizes,
        };
        make_tensor(self, op, kind, shape, elements)
    }

    /// `tensor.insert_slice`: `dest` with the slice replaced by `source`,
    /// whose shape must be the slice's sizes (less the unit dimensions its
    /// type drops).
    fn insert_slice(&self, op: OpId) -> Step<Value> {
        let (source_shape, source) = self.tensor_operand(op, 0)?;
        let (dest_shape, dest) = self.tensor_operand(op, 1)?;
        let slice = self.slice(op, 2, dest_shape.len())?;
        self.check_in_bounds(op, &dest_shape, &slice)?;
        let source_dims = self
            .kind_of(self.ctx.op(op).operands[0])
            .shape()
            .ok_or_else(|| self.malformed(op, "the source is not a ranked tensor"))?;
        let expected = rank_reduced(&slice.sizes, source_dims);
        if source_shape != expected {
            return Err(Stop::Undefined(format!(
                "tensor.insert_slice of a tensor of shape {} into a slice of sizes {}",
                show(&source_shape),
                show(&slice.sizes)
            )));
        }
        let elements = match (elements_of(source), elements_of(dest)) {
            (Some(part), Some(mut all)) => {
                let positions = self.slice_positions(op, &dest_shape, &slice)?;
                for (at, v) in positions.into_iter().zip(part) {
                    all[at] = v;
                }
                Some(all)
            }
            _ => None,
        };
        make_tensor(self, op, self.result_kind(op, 0)?, dest_shape, elements)
    }

    /// `tensor.pad`: `low + source + high` in every dimension; the source's
    /// elements where they land, the body's value (run on the result index)
    /// elsewhere. Negative padding is undefined behaviour.
    fn pad(&mut self, op: OpId) -> Step<Value> {
        let (source_shape, source) = self.tensor_operand(op, 0)?;
        let source_elements = elements_of(source);
        let low = self.mixed(op, "static_low", 1)?;
        let high = self.mixed(op, "static_high", 2)?;
        if low.len() != source_shape.len() || high.len() != source_shape.len() {
            return Err(self.malformed(op, "low and high padding must match the rank"));
        }
        let padding = low.iter().zip(&high).enumerate();
        if let Some((d, (l, h))) = padding.clone().find(|(_, (&l, &h))| l < 0 || h < 0) {
            return Err(Stop::Undefined(format!(
                "tensor.pad with negative padding (low {l}, high {h}) in dimension {d}"
            )));
        }
        let shape = padding
            .map(|(d, (&l, &h))| l.checked_add(source_shape[d])?.checked_add(h))
            .collect::<Option<Vec<i64>>>()
            .ok_or_else(|| Stop::Undefined("tensor.pad to an extent beyond i64".into()))?;
        let kind = self.result_kind(op, 0)?;
        let Some(inner) = source_elements else {
            return make_tensor(self, op, kind, shape, None);
        };
        let count = self.element_count(op, &shape)?;
        let mut elements = Vec::with_capacity(count);
        for flat in 0..count {
            let index = multi_index(&shape, flat);
            let in_source: Vec<i64> = index.iter().zip(&low).map(|(i, l)| i - l).collect();
            let element = match flat_index(&source_shape, &in_source) {
                Some(at) => inner[at].clone(),
                None => {
                    let args = index.into_iter().map(Value::Index).collect();
                    let mut yielded = self.run_body(op, 0, args, OpKind::TensorYield)?;
                    match (yielded.pop(), yielded.is_empty()) {
                        (Some(v), true) => v,
                        _ => return Err(self.malformed(op, "the body must yield one value")),
                    }
                }
            };
            elements.push(element);
        }
        make_tensor(self, op, kind, shape, Some(elements))
    }

    /// The tiling of a `tensor.pack` or `tensor.unpack` whose tile sizes are
    /// operand group `tiles_group`; tile sizes must be positive.
    fn tiling(&self, op: OpId, tiles_group: usize) -> Step<Tiling> {
        let positions = |name: &str| -> Step<Vec<usize>> {
            let Some(attr) = self.attr(op, name) else {
                return Ok(Vec::new());
            };
            let values = attr
                .int_elements(0)
                .ok_or_else(|| self.malformed(op, format!("bad '{name}'")))?;
            values
                .into_iter()
                .map(|v| {
                    usize::try_from(v).map_err(|_| self.malformed(op, format!("bad '{name}'")))
                })
                .collect()
        };
        let tiling = Tiling {
            inner_dims_pos: positions("inner_dims_pos")?,
            tiles: self.mixed(op, "static_inner_tiles", tiles_group)?,
            outer_dims_perm: positions("outer_dims_perm")?,
        };
        if tiling.tiles.len() != tiling.inner_dims_pos.len() {
            return Err(self.malformed(op, "one tile size per tiled dimension expected"));
        }
        match tiling.tiles.iter().find(|&&t| t <= 0) {
            Some(t) => Err(Stop::Undefined(format!(
                "'{}' with tile size {t}",
                self.ctx.op_name(op)
            ))),
            None => Ok(tiling),
        }
    }

    /// The packed shape of `unpacked` under `tiling`, which must be well
    /// formed for its rank.
    fn packed(&self, op: OpId, unpacked: &[i64], tiling: &Tiling) -> Step<Vec<i64>> {
        packed_shape(unpacked, tiling)
            .ok_or_else(|| self.malformed(op, "inner_dims_pos or outer_dims_perm out of range"))
    }

    /// `tensor.pack`: the result is `dest`, whose shape must be the packed
    /// shape of the source. Without a padding value, a tile that does not
    /// divide its dimension is undefined behaviour.
    fn pack(&self, op: OpId) -> Step<Value> {
        let (source_shape, _) = self.tensor_operand(op, 0)?;
        let (dest_shape, _) = self.tensor_operand(op, 1)?;
        let tiling = self.tiling(op, 3)?;
        let expected = self.packed(op, &source_shape, &tiling)?;
        if self.group(op, 2)?.is_empty() {
            let partial = tiling.inner_dims_pos.iter().zip(&tiling.tiles);
            if let Some((&d, t)) = partial.clone().find(|(&d, &t)| source_shape[d] % t != 0) {
                return Err(Stop::Undefined(format!(
                    "tensor.pack without a padding value: tile {t} does not divide extent {} of dimension {d}",
                    source_shape[d]
                )));
            }
        }
        self.check_packed(op, &expected, &dest_shape, "destination")?;
        make_tensor(self, op, self.result_kind(op, 0)?, dest_shape, None)
    }

    /// `tensor.unpack`: the result is `dest`; the source must be the packed
    /// shape of `dest`. As MLIR's verifier and lowering have it, the last
    /// tile of a dimension may be partial (the unpacked extent need not be
    /// a multiple of the tile: the padding is dropped).
    fn unpack(&self, op: OpId) -> Step<Value> {
        let (source_shape, _) = self.tensor_operand(op, 0)?;
        let (dest_shape, _) = self.tensor_operand(op, 1)?;
        let tiling = self.tiling(op, 2)?;
        let expected = self.packed(op, &dest_shape, &tiling)?;
        self.check_packed(op, &expected, &source_shape, "source")?;
        make_tensor(self, op, self.result_kind(op, 0)?, dest_shape, None)
    }

    /// Undefined behaviour unless the packed operand `what` has shape `expected`.
    fn check_packed(&self, op: OpId, expected: &[i64], actual: &[i64], what: &str) -> Step<()> {
        match expected == actual {
            true => Ok(()),
            false => Err(Stop::Undefined(format!(
                "'{}' with a {what} of shape {}, expected {}",
                self.ctx.op_name(op),
                show(actual),
                show(expected)
            ))),
        }
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

    /// Undefined behaviour unless `indices` address an element of a
    /// tensor of `shape`.
    fn check_index(&self, op: OpId, shape: &[i64], indices: &[i64]) -> Step<()> {
        match in_bounds(shape, indices) {
            true => Ok(()),
            false => Err(Stop::Undefined(format!(
                "{} at {} out of bounds of shape {}",
                self.ctx.op_name(op),
                show(indices),
                show(shape)
            ))),
        }
    }

    fn insert(&self, op: OpId) -> Step<Value> {
        let scalar = self.operand(op, 0)?.clone();
        let (shape, dest) = self.tensor_operand(op, 1)?;
        let indices = self.indices(op, 2)?;
        self.check_index(op, &shape, &indices)?;
        let elements = elements_of(dest).and_then(|mut e| {
            *e.get_mut(flat_index(&shape, &indices)?)? = scalar;
            Some(e)
        });
        make_tensor(self, op, self.result_kind(op, 0)?, shape, elements)
    }
}

/// The ops of the `tensor` dialect that read or build elements one by one.
impl Machine<'_> {
    /// `tensor.dim`: an extent; a dimension out of range is undefined.
    fn dim(&self, op: OpId) -> Step<Value> {
        let (shape, _) = self.tensor_operand(op, 0)?;
        let dim = self.index_operand(op, 1)?;
        let extent = usize::try_from(dim).ok().and_then(|d| shape.get(d));
        let extent = extent.ok_or_else(|| {
            Stop::Undefined(format!(
                "tensor.dim {dim} out of range for a tensor of rank {}",
                shape.len()
            ))
        })?;
        Ok(Value::Index(*extent))
    }

    /// `tensor.extract`: the element, when the tensor's are known.
    fn extract(&self, op: OpId) -> Step<Value> {
        let (shape, tensor) = self.tensor_operand(op, 0)?;
        let indices = self.indices(op, 1)?;
        self.check_index(op, &shape, &indices)?;
        let at = flat_index(&shape, &indices);
        let element = match tensor {
            Value::ExtentTensor(e) => at.and_then(|at| e.get(at)).map(|&x| Value::Index(x)),
            Value::Tensor {
                elements: Some(e), ..
            } => at.and_then(|at| e.get(at)).cloned(),
            _ => None,
        };
        element.ok_or_else(|| self.unsupported(op, "the tensor's elements are not known"))
    }

    /// `tensor.splat`: elements known when the scalar is an integer.
    fn splat(&self, op: OpId) -> Step<Value> {
        let scalar = self.operand(op, 0)?.clone();
        let (kind, shape) = self.shape_with_dynamic_sizes(op, 1)?;
        let elements = match scalar {
            Value::Index(_) | Value::Int { .. } => {
                Some(vec![scalar; self.element_count(op, &shape)?])
            }
            _ => None,
        };
        make_tensor(self, op, kind, shape, elements)
    }

    /// `tensor.reshape` to the shape its second operand holds.
    fn reshape(&self, op: OpId) -> Step<Value> {
        let shape = match self.operand(op, 1)? {
            Value::ExtentTensor(e) => e.clone(),
            Value::Tensor {
                elements: Some(e), ..
            } => e
                .iter()
                .map(|v| crate::arith_ops::int_value(v).and_then(|v| i64::try_from(v).ok()))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| self.malformed(op, "the shape operand is not integers"))?,
            _ => return Err(self.unsupported(op, "the shape operand's elements are not known")),
        };
        self.reshaped(op, shape)
    }
}

/// Evaluate the `tensor` op `op` (of kind `kind`): its results.
pub(crate) fn exec(m: &mut Machine, op: OpId, kind: OpKind) -> Step<Vec<Value>> {
    let value = match kind {
        OpKind::TensorDim => m.dim(op)?,
        OpKind::TensorRank => Value::Index(m.tensor_operand(op, 0)?.0.len() as i64),
        OpKind::TensorExtract => m.extract(op)?,
        OpKind::TensorFromElements => {
            let kind = m.result_kind(op, 0)?;
            let shape = kind
                .shape()
                .ok_or_else(|| m.malformed(op, "the result is not a ranked tensor"))?;
            make_tensor(m, op, kind, shape.to_vec(), Some(m.operands(op)?))?
        }
        OpKind::TensorGenerate => m.generate(op)?,
        OpKind::TensorCast => {
            let (shape, v) = m.tensor_operand(op, 0)?;
            make_tensor(m, op, m.result_kind(op, 0)?, shape, elements_of(v))?
        }
        OpKind::TensorEmpty => {
            let (kind, shape) = m.shape_with_dynamic_sizes(op, 0)?;
            make_tensor(m, op, kind, shape, None)?
        }
        OpKind::TensorSplat => m.splat(op)?,
        OpKind::TensorConcat => m.concat(op)?,
        OpKind::TensorExtractSlice => m.extract_slice(op)?,
        OpKind::TensorInsertSlice => m.insert_slice(op)?,
        OpKind::TensorPad => m.pad(op)?,
        OpKind::TensorPack => m.pack(op)?,
        OpKind::TensorUnpack => m.unpack(op)?,
        OpKind::TensorInsert => m.insert(op)?,
        OpKind::TensorCollapseShape => m.collapse(op)?,
        OpKind::TensorExpandShape => {
            let shape = m.mixed(op, "static_output_shape", 1)?;
            m.reshaped(op, shape)?
        }
        OpKind::TensorReshape => m.reshape(op)?,
        // `dispatch` sends no other op here: the dialect's terminator ends
        // a region, the ops on scattered indices and in parallel loops have
        // no semantics, and the other dialects have steps of their own.
        OpKind::TensorBitcast
        | OpKind::TensorGather
        | OpKind::TensorParallelInsertSlice
        | OpKind::TensorScatter
        | OpKind::TensorYield
        | kinds_of_other_dialects!(tensor) => {
            return Err(m.unsupported(op, "no semantics for this op"))
        }
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
        assert!(in_bounds(&[1 << 40, 1 << 40], &[1 << 39, 1 << 39]));
        assert_eq!(flat_index(&[1 << 40, 1 << 40], &[1 << 39, 1 << 39]), None);
    }

    #[test]
    fn rank_reduction_drops_the_unit_sizes_the_type_lacks() {
        assert_eq!(rank_reduced(&[1, 16, 4], &[16, 4]), vec![16, 4]);
        assert_eq!(rank_reduced(&[1, 1, 4], &[1, 4]), vec![1, 4]);
        assert_eq!(rank_reduced(&[4, 1], &[4]), vec![4]);
        assert_eq!(rank_reduced(&[2, 3], &[2, 3]), vec![2, 3]);
        assert_eq!(rank_reduced(&[2, 3], &[6, 1, 1]), vec![2, 3]);
    }

    fn tiling(inner_dims_pos: &[usize], tiles: &[i64], outer_dims_perm: &[usize]) -> Tiling {
        Tiling {
            inner_dims_pos: inner_dims_pos.to_vec(),
            tiles: tiles.to_vec(),
            outer_dims_perm: outer_dims_perm.to_vec(),
        }
    }

    #[test]
    fn packed_shapes() {
        // The examples of the op's documentation: NC to NCnc, CK to KCck,
        // and a padded tile.
        let nc = tiling(&[0, 1], &[8, 32], &[]);
        assert_eq!(packed_shape(&[128, 256], &nc), Some(vec![16, 8, 8, 32]));
        let ck = tiling(&[0, 1], &[8, 32], &[1, 0]);
        assert_eq!(packed_shape(&[128, 256], &ck), Some(vec![8, 16, 8, 32]));
        let padded = tiling(&[1], &[2], &[2, 1, 0]);
        assert_eq!(
            packed_shape(&[200, 127, 256], &padded),
            Some(vec![256, 64, 200, 2])
        );
        assert_eq!(packed_shape(&[0, 5], &nc), Some(vec![0, 1, 8, 32]));
        assert_eq!(packed_shape(&[128], &nc), None);
        assert_eq!(packed_shape(&[128, 256], &tiling(&[0], &[8], &[0])), None);
        assert_eq!(packed_shape(&[i64::MAX], &tiling(&[0], &[2], &[])), None);
    }
}
