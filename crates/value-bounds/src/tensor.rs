//! `tensor`: the dimensions of what tensor ops make (from their dynamic
//! size operands, padding, slices, reassociations, tilings and the
//! destination they write into), `tensor.dim`/`tensor.rank`, and the
//! elements of 1-D `index` tensors used as extent tensors
//! (`tensor.from_elements`, `tensor.extract`).
//!
//! Every fact holds wherever the op's result exists: a slice out of
//! bounds, negative padding, a tile that does not divide, an operand of
//! the wrong shape are undefined behaviour, so code that reads the result
//! may assume the op's requirements held.

use crate::shape::{constant_of, product, same_as, Forward};
use crate::{BoundsOp, Target, ValueBounds};
use bounds::{Affine, BoundKind};
use ir::dialect::tensor::{mixed_list, named_group, static_list, Mixed};
use ir::types::DYNAMIC;
use ir::{Context, OpId, OpKind, TypeKind, ValueId};

pub(crate) fn bounds_op(kind: OpKind) -> Option<&'static dyn BoundsOp> {
    Some(match kind {
        OpKind::TensorDim => &Dim,
        OpKind::TensorRank => &Rank,
        OpKind::TensorCast => &Forward,
        OpKind::TensorEmpty | OpKind::TensorSplat => &DynamicSizes("dynamicSizes"),
        OpKind::TensorGenerate => &DynamicSizes("dynamicExtents"),
        OpKind::TensorInsertSlice | OpKind::TensorUnpack => &SameAsDest,
        OpKind::TensorPad => &Pad,
        OpKind::TensorExtractSlice => &ExtractSlice,
        OpKind::TensorConcat => &Concat,
        OpKind::TensorCollapseShape => &CollapseShape,
        OpKind::TensorExpandShape => &ExpandShape,
        OpKind::TensorFromElements => &FromElements,
        OpKind::TensorExtract => &Extract,
        OpKind::TensorReshape => &Reshape,
        OpKind::TensorPack => &Pack,
        // No bounds from this dialect's other ops; the other dialects' ops
        // are another module's (`interface::bounds_op`).
        ir::arith_ops!()
        | ir::control_and_memory_ops!()
        | ir::shape_ops!()
        | OpKind::TensorBitcast
        | OpKind::TensorInsert
        | OpKind::TensorYield
        | OpKind::TensorParallelInsertSlice
        | OpKind::TensorGather
        | OpKind::TensorScatter
        | OpKind::Unregistered => return None,
    })
}

/// The static shape of `v`'s ranked tensor type.
fn static_shape(ctx: &Context, v: ValueId) -> Option<&[i64]> {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// Whether `v` is a 1-D tensor of `index`, which can be read as an extent
/// tensor.
fn is_extent_tensor(ctx: &Context, v: ValueId) -> bool {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::RankedTensor { shape, elem, .. } => {
            shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
        }
        _ => false,
    }
}

/// An `index` operand as a position, when it is a non-negative constant.
fn constant_position(b: &mut ValueBounds<'_>, v: ValueId) -> Option<usize> {
    let e = b.value(v);
    e.as_constant().and_then(|c| usize::try_from(c).ok())
}

/// An entry of a mixed static/dynamic list as an expression.
fn mixed(b: &mut ValueBounds<'_>, m: Mixed) -> Affine {
    match m {
        Mixed::Static(c) => Affine::constant(c),
        Mixed::Dynamic(v) => b.value(v),
    }
}

/// The first operand: the source of every op here that has one.
fn source(ctx: &Context, op: OpId) -> Option<ValueId> {
    ctx.op(op).operands.first().copied()
}

/// `tensor.dim %t, %c`: dimension `c` of `%t`.
struct Dim;
impl BoundsOp for Dim {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Value(_) = target else {
            return;
        };
        let (Some(t), Some(&i)) = (source(ctx, op), ctx.op(op).operands.get(1)) else {
            return;
        };
        let Some(d) = constant_position(b, i) else {
            return;
        };
        let x = b.expr(target);
        let dim = b.dim(t, d);
        b.add(BoundKind::Equal, &x, &dim);
    }
}

/// `tensor.rank` of a ranked tensor: its rank.
struct Rank;
impl BoundsOp for Rank {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Some(rank) = source(ctx, op)
            .and_then(|t| static_shape(ctx, t))
            .map(<[_]>::len)
        else {
            return;
        };
        let x = b.expr(target);
        b.add(BoundKind::Equal, &x, &Affine::constant(rank as i64));
    }
}

/// `tensor.empty`, `tensor.splat`, `tensor.generate`: each dynamic
/// dimension of the result is the next operand of the named group.
struct DynamicSizes(&'static str);
impl BoundsOp for DynamicSizes {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Dim(r, d) = target else {
            return;
        };
        let Some(shape) = static_shape(ctx, r) else {
            return;
        };
        if shape.get(d) != Some(&DYNAMIC) {
            return;
        }
        let k = shape[..d].iter().filter(|&&n| n == DYNAMIC).count();
        let Some(&size) = named_group(ctx, op, self.0).get(k) else {
            return;
        };
        let x = b.expr(target);
        let size = b.value(size);
        b.add(BoundKind::Equal, &x, &size);
    }
}

/// `tensor.insert_slice`, `tensor.unpack` (and `tensor.pack`): the result
/// has the shape of the destination, operand 1.
struct SameAsDest;
impl BoundsOp for SameAsDest {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        if let (Target::Dim(..), Some(&dest)) = (target, b.ctx().op(op).operands.get(1)) {
            same_as(target, dest, b);
        }
    }
}

/// `tensor.pad`: `low + source + high` in every dimension, with both
/// paddings non-negative.
struct Pad;
impl BoundsOp for Pad {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (Target::Dim(_, d), Some(src)) = (target, source(ctx, op)) else {
            return;
        };
        let low = mixed_list(ctx, op, "static_low", "low").and_then(|l| l.get(d).copied());
        let high = mixed_list(ctx, op, "static_high", "high").and_then(|h| h.get(d).copied());
        let (Some(low), Some(high)) = (low, high) else {
            return;
        };
        let (low, high) = (mixed(b, low), mixed(b, high));
        let zero = Affine::constant(0);
        b.add(BoundKind::Lower, &low, &zero);
        b.add(BoundKind::Lower, &high, &zero);
        let x = b.expr(target);
        let dim = b.dim(src, d);
        if let Some(padded) = dim.add(&low).and_then(|e| e.add(&high)) {
            b.add(BoundKind::Equal, &x, &padded);
        }
    }
}

/// Which entries of `sizes` a rank-reducing slice keeps for a tensor of
/// static shape `kept_shape`: as MLIR decides it statically, the unit
/// sizes (constant 1) the type lacks are dropped, first ones first. `None`
/// when no such choice gives the type's rank.
fn kept_positions(sizes: &[Mixed], kept_shape: &[i64]) -> Option<Vec<usize>> {
    let mut drops = sizes.len().checked_sub(kept_shape.len())?;
    let mut kept = Vec::new();
    for (p, &size) in sizes.iter().enumerate() {
        let expected = kept_shape.get(kept.len()).copied();
        if drops > 0 && size == Mixed::Static(1) && expected != Some(1) {
            drops -= 1;
        } else {
            kept.push(p);
        }
    }
    (kept.len() == kept_shape.len()).then_some(kept)
}

/// `tensor.extract_slice`: each dimension of the result is its size (the
/// unit sizes a rank-reducing slice drops skipped). The slice lies in the
/// source: with stride `k ≥ 1` and size `s`, a non-empty slice ends at
/// `offset + k·(s - 1) ≤ dim - 1`, so `k·s - k + 1 ≤ dim` (which an empty
/// slice satisfies too); for a dynamic stride, `s ≤ dim`.
struct ExtractSlice;
impl BoundsOp for ExtractSlice {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (Target::Dim(r, d), Some(src)) = (target, source(ctx, op)) else {
            return;
        };
        let (Some(sizes), Some(strides), Some(shape)) = (
            mixed_list(ctx, op, "static_sizes", "sizes"),
            mixed_list(ctx, op, "static_strides", "strides"),
            static_shape(ctx, r),
        ) else {
            return;
        };
        let Some(p) = kept_positions(&sizes, shape).and_then(|kept| kept.get(d).copied()) else {
            return;
        };
        let (Some(&size), Some(&stride)) = (sizes.get(p), strides.get(p)) else {
            return;
        };
        let x = b.expr(target);
        let size = mixed(b, size);
        b.add(BoundKind::Equal, &x, &size);
        let extent = b.dim(src, p);
        let span = match stride {
            Mixed::Static(k) if k >= 1 => x.scale(k).and_then(|e| e.offset(1 - k)),
            _ => Some(x),
        };
        if let Some(span) = span {
            b.add(BoundKind::Upper, &span, &extent);
        }
    }
}

/// `tensor.concat`: along its axis the sum of the inputs' dimensions,
/// elsewhere each input's dimension (they all agree).
struct Concat;
impl BoundsOp for Concat {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Dim(_, d) = target else {
            return;
        };
        let Some(axis) = ctx.attr(op, "dim").and_then(|a| a.as_int()) else {
            return;
        };
        let inputs = ctx.op(op).operands.clone();
        let x = b.expr(target);
        let dims: Vec<Affine> = inputs.iter().map(|&t| b.dim(t, d)).collect();
        if usize::try_from(axis).ok() == Some(d) {
            let sum = dims
                .iter()
                .try_fold(Affine::constant(0), |sum, e| sum.add(e));
            if let Some(sum) = sum {
                b.add(BoundKind::Equal, &x, &sum);
            }
        } else {
            for e in &dims {
                b.add(BoundKind::Equal, &x, e);
            }
        }
    }
}

/// The reassociation groups of a collapse or expand: group `i` lists the
/// dimensions of the higher-rank side that make dimension `i` of the
/// lower-rank side.
fn reassociation(ctx: &Context, op: OpId) -> Option<Vec<Vec<usize>>> {
    let groups = ctx.attr(op, "reassociation")?.as_array()?;
    groups
        .iter()
        .map(|g| {
            g.as_array()?
                .iter()
                .map(|d| usize::try_from(d.as_int()?).ok())
                .collect()
        })
        .collect()
}

/// `tensor.collapse_shape`: each dimension is the product of its group's
/// source dimensions (exact when at most one of them is not a constant).
struct CollapseShape;
impl BoundsOp for CollapseShape {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (Target::Dim(_, d), Some(src)) = (target, source(ctx, op)) else {
            return;
        };
        let Some(group) =
            reassociation(ctx, op).and_then(|mut g| (d < g.len()).then(|| g.swap_remove(d)))
        else {
            return;
        };
        let x = b.expr(target);
        let factors: Vec<Affine> = group.iter().map(|&j| b.dim(src, j)).collect();
        product(b, &x, &factors);
    }
}

/// `tensor.expand_shape`: each dimension is its entry of the output shape.
struct ExpandShape;
impl BoundsOp for ExpandShape {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Dim(_, d) = target else {
            return;
        };
        let Some(size) = mixed_list(ctx, op, "static_output_shape", "output_shape")
            .and_then(|shape| shape.get(d).copied())
        else {
            return;
        };
        let x = b.expr(target);
        let size = mixed(b, size);
        b.add(BoundKind::Equal, &x, &size);
    }
}

/// `tensor.from_elements` making a 1-D tensor of `index`: extent `i` is
/// element `i` (its dimensions are static).
struct FromElements;
impl BoundsOp for FromElements {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let Target::Extent(r, i) = target else {
            return;
        };
        if !is_extent_tensor(ctx, r) {
            return;
        }
        let Some(&element) = ctx.op(op).operands.get(i) else {
            return;
        };
        let x = b.expr(target);
        let element = b.value(element);
        b.add(BoundKind::Equal, &x, &element);
    }
}

/// `tensor.extract` of a 1-D tensor of `index` at a constant position:
/// that extent.
struct Extract;
impl BoundsOp for Extract {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (Target::Value(_), Some(t)) = (target, source(ctx, op)) else {
            return;
        };
        let (true, [i]) = (is_extent_tensor(ctx, t), &ctx.op(op).operands[1..]) else {
            return;
        };
        let Some(i) = constant_position(b, *i) else {
            return;
        };
        let x = b.expr(target);
        let extent = b.extent(t, i);
        b.add(BoundKind::Equal, &x, &extent);
    }
}

/// `tensor.reshape` by a 1-D tensor of `index`: dimension `i` is its
/// extent `i`.
struct Reshape;
impl BoundsOp for Reshape {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        let ctx = b.ctx();
        let (Target::Dim(_, d), Some(&shape)) = (target, ctx.op(op).operands.get(1)) else {
            return;
        };
        if !is_extent_tensor(ctx, shape) {
            return;
        }
        let x = b.expr(target);
        let extent = b.extent(shape, d);
        b.add(BoundKind::Equal, &x, &extent);
    }
}

/// `tensor.pack`: the shape of the destination; also, from the source,
/// each inner dimension is its tile, and each outer dimension (after
/// `outer_dims_perm`) is the source dimension, divided by its tile
/// rounding up when it is tiled by a constant.
struct Pack;
impl BoundsOp for Pack {
    fn populate(&self, op: OpId, target: Target, b: &mut ValueBounds<'_>) {
        SameAsDest.populate(op, target, b);
        let ctx = b.ctx();
        let (Target::Dim(_, d), Some(src)) = (target, source(ctx, op)) else {
            return;
        };
        let (Some(shape), Some(tiles)) = (
            static_shape(ctx, src),
            mixed_list(ctx, op, "static_inner_tiles", "inner_tiles"),
        ) else {
            return;
        };
        let rank = shape.len();
        let inner_dims_pos = static_list(ctx, op, "inner_dims_pos");
        let perm = static_list(ctx, op, "outer_dims_perm");
        let x = b.expr(target);
        if let Some(j) = d.checked_sub(rank) {
            if let Some(&tile) = tiles.get(j) {
                let tile = mixed(b, tile);
                b.add(BoundKind::Equal, &x, &tile);
            }
            return;
        }
        let p = match perm.is_empty() {
            true => Some(d),
            false => perm.get(d).and_then(|&p| usize::try_from(p).ok()),
        };
        let Some(p) = p.filter(|&p| p < rank) else {
            return;
        };
        let dim = b.dim(src, p);
        let outer = match inner_dims_pos
            .iter()
            .position(|&q| usize::try_from(q).ok() == Some(p))
        {
            None => Some(dim),
            Some(j) => {
                let tile = tiles.get(j).map(|&t| mixed(b, t));
                let tile = tile.and_then(|t| constant_of(b, &t)).filter(|&t| t >= 1);
                match tile.and_then(|t| Some((t, dim.offset(t - 1)?))) {
                    Some((t, rounded_up)) => b.floor_div(&rounded_up, t),
                    None => None,
                }
            }
        };
        if let Some(outer) = outer {
            b.add(BoundKind::Equal, &x, &outer);
        }
    }
}
