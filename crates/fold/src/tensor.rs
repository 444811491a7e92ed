//! `tensor` folders and canonicalization patterns: static `dim` and `rank`,
//! `extract` from constants and `from_elements`, constant `from_elements`
//! and `splat`, `reshape` chains and no-op reshapes, chained casts, `dim`
//! and `extract` through a cast, `dim` of a reshape, `extract` of an
//! effect-free `generate` (its body at the indices), constant extents of a
//! `generate` into its type. Declines out-of-range indices (undefined
//! behaviour), negative constant extents, and casts whose shapes cannot
//! join.

use crate::{
    constant, index_attr, index_type, int_of, operand_type, reshape_round_trip, result_type,
    same_typed_value, static_shape, Folded, Rewriter, Site,
};
use ir::attrs::{DenseValues, Scalar};
use ir::{Attr, Context, OpId, OpKind, OperationState, Type, TypeKind, ValueId};

const DYNAMIC: i64 = ir::types::DYNAMIC;

pub(crate) fn fold(ctx: &mut Context, site: Site) -> Option<Folded> {
    let Site { op, kind, consts } = site;
    match kind {
        OpKind::TensorDim => fold_dim(ctx, op, consts),
        OpKind::TensorRank => {
            let rank = static_shape(ctx, operand_type(ctx, op, 0)?)?.len();
            constant(index_attr(ctx, rank as i64))
        }
        OpKind::TensorExtract => fold_extract(ctx, op, consts),
        OpKind::TensorFromElements => {
            let ty = result_type(ctx, op)?;
            let scalars: Option<Vec<Scalar>> = consts
                .iter()
                .map(|a| a.as_ref().and_then(scalar_of))
                .collect();
            constant(dense(ty, scalars?))
        }
        OpKind::TensorSplat => {
            let ty = result_type(ctx, op)?;
            let static_ty = static_shape(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC));
            let s = consts.first()?.as_ref().and_then(scalar_of)?;
            (static_ty && consts.len() == 1)
                .then(|| {
                    constant(Attr::Dense {
                        ty,
                        values: DenseValues::Splat(s),
                    })
                })
                .flatten()
        }
        OpKind::TensorReshape => fold_reshape(ctx, op, consts),
        OpKind::TensorExtractSlice => {
            let source = ctx.operand(op, 0)?;
            is_identity_slice(ctx, op, source, 1)
                .then(|| same_typed_value(ctx, op, source))
                .flatten()
        }
        OpKind::TensorInsertSlice => fold_insert_slice(ctx, op),
        OpKind::TensorExpandShape => reshape_round_trip(ctx, op, OpKind::TensorCollapseShape),
        OpKind::TensorCollapseShape => reshape_round_trip(ctx, op, OpKind::TensorExpandShape),
        _ => None,
    }
}

/// The static offsets, sizes and strides of a slice op, and its dynamic ones
/// (the operands from `first_dynamic` on).
fn slice_params(
    ctx: &Context,
    op: OpId,
    first_dynamic: usize,
) -> Option<(Vec<Attr>, Vec<ValueId>)> {
    let attrs = ["static_offsets", "static_sizes", "static_strides"]
        .iter()
        .map(|n| ctx.attr(op, n).cloned())
        .collect::<Option<Vec<Attr>>>()?;
    let dynamic = ctx.op(op).operands.get(first_dynamic..)?.to_vec();
    Some((attrs, dynamic))
}

/// A slice of all of `whole` (offsets 0, sizes its static shape, strides 1).
fn is_identity_slice(ctx: &Context, op: OpId, whole: ValueId, first_dynamic: usize) -> bool {
    let Some((attrs, dynamic)) = slice_params(ctx, op, first_dynamic) else {
        return false;
    };
    let Some(shape) = static_shape(ctx, ctx.value_type(whole)) else {
        return false;
    };
    let ints: Vec<Option<Vec<i128>>> = attrs.iter().map(|a| a.int_elements(0)).collect();
    let all = |i: usize, v: i128| ints[i].as_ref().is_some_and(|x| x.iter().all(|&e| e == v));
    let sizes = ints[1].as_ref().is_some_and(|x| {
        x.len() == shape.len() && x.iter().zip(&shape).all(|(&a, &b)| a == b as i128)
    });
    dynamic.is_empty() && !shape.contains(&DYNAMIC) && all(0, 0) && sizes && all(2, 1)
}

/// `insert_slice` of all of `dest`, or of what was just extracted from the
/// same place of `dest`.
fn fold_insert_slice(ctx: &Context, op: OpId) -> Option<Folded> {
    let (source, dest) = (ctx.operand(op, 0)?, ctx.operand(op, 1)?);
    if ctx.value_type(source) == ctx.value_type(dest) && is_identity_slice(ctx, op, dest, 2) {
        return same_typed_value(ctx, op, source);
    }
    let extract = ctx.defining_op(source)?;
    let same_place = ctx.kind(extract) == OpKind::TensorExtractSlice
        && ctx.operand(extract, 0) == Some(dest)
        && slice_params(ctx, extract, 1).is_some()
        && slice_params(ctx, extract, 1) == slice_params(ctx, op, 2);
    same_place
        .then(|| same_typed_value(ctx, op, dest))
        .flatten()
}

/// A scalar constant as a dense element.
fn scalar_of(a: &Attr) -> Option<Scalar> {
    match a {
        Attr::Float { bits, .. } => Some(Scalar::Float(*bits)),
        _ => int_of(a).map(Scalar::Int),
    }
}

/// `dense<...> : ty`, a splat when all elements are equal (as MLIR prints it).
fn dense(ty: Type, elements: Vec<Scalar>) -> Attr {
    let values = match elements.as_slice() {
        [first, rest @ ..] if rest.iter().all(|s| s == first) => DenseValues::Splat(*first),
        _ => DenseValues::Elements(elements),
    };
    Attr::Dense { ty, values }
}

fn fold_dim(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    let index = usize::try_from(consts.get(1)?.as_ref().and_then(int_of)?).ok()?;
    let source = ctx.operand(op, 0)?;
    let shape = match ctx.type_kind(ctx.value_type(source)) {
        TypeKind::RankedTensor { shape, .. } => shape.clone(),
        _ => return None,
    };
    let extent = *shape.get(index)?;
    if extent != DYNAMIC {
        return constant(index_attr(ctx, extent));
    }
    // The matching dynamic extent of a `tensor.generate`.
    let def = ctx.defining_op(source)?;
    if ctx.kind(def) != OpKind::TensorGenerate {
        return None;
    }
    let nth = shape[..index].iter().filter(|&&d| d == DYNAMIC).count();
    let extent = *ctx.op(def).operands.get(nth)?;
    same_typed_value(ctx, op, extent)
}

fn fold_extract(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    let elem_ty = result_type(ctx, op)?;
    if let Some(Some(Attr::Dense {
        values: DenseValues::Splat(s),
        ..
    })) = consts.first()
    {
        return constant(element_attr(ctx, *s, elem_ty));
    }
    let indices: Option<Vec<i128>> = consts
        .iter()
        .skip(1)
        .map(|a| a.as_ref().and_then(int_of))
        .collect();
    let indices = indices?;
    let tensor = ctx.operand(op, 0)?;
    let shape = static_shape(ctx, ctx.value_type(tensor))?;
    let flat = flat_index(&shape, &indices)?;
    if let Some(def) = ctx.defining_op(tensor) {
        if ctx.kind(def) == OpKind::TensorFromElements {
            let element = *ctx.op(def).operands.get(flat)?;
            return same_typed_value(ctx, op, element);
        }
    }
    match consts.first()? {
        Some(Attr::Dense {
            values: DenseValues::Elements(elements),
            ..
        }) => constant(element_attr(ctx, *elements.get(flat)?, elem_ty)),
        _ => None,
    }
}

/// Row-major position of `indices` in a static `shape`, if in bounds.
fn flat_index(shape: &[i64], indices: &[i128]) -> Option<usize> {
    if shape.len() != indices.len() {
        return None;
    }
    let mut flat: usize = 0;
    for (&dim, &i) in shape.iter().zip(indices) {
        let dim = usize::try_from(dim).ok()?;
        let i = usize::try_from(i).ok().filter(|&i| i < dim)?;
        flat = flat.checked_mul(dim)?.checked_add(i)?;
    }
    Some(flat)
}

/// A dense element as a scalar attribute of type `ty`.
fn element_attr(ctx: &Context, s: Scalar, ty: Type) -> Attr {
    match s {
        Scalar::Int(v) => crate::int_attr(ctx, ty, v),
        Scalar::Float(bits) => Attr::Float { bits, ty },
    }
}

fn fold_reshape(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    let result_ty = result_type(ctx, op)?;
    if let Some(Some(Attr::Dense {
        values: DenseValues::Splat(s),
        ..
    })) = consts.first()
    {
        if static_shape(ctx, result_ty).is_some_and(|s| !s.contains(&DYNAMIC)) {
            return constant(Attr::Dense {
                ty: result_ty,
                values: DenseValues::Splat(*s),
            });
        }
    }
    let source = ctx.operand(op, 0)?;
    // reshape(reshape(x, s1), s2) reshapes x directly.
    if let Some(inner) = ctx.defining_op(source) {
        if ctx.kind(inner) == OpKind::TensorReshape {
            let inner_source = ctx.operand(inner, 0)?;
            ctx.set_operand(op, 0, inner_source);
            return Some(Folded::InPlace);
        }
    }
    let source_ty = ctx.value_type(source);
    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(source_ty) else {
        return None;
    };
    if source_ty != result_ty {
        return None;
    }
    if shape.len() == 1 {
        return same_typed_value(ctx, op, source);
    }
    // reshape(x, from_elements(dim(x, 0), ..., 5)) matching x's own type.
    let shape = shape.clone();
    let shape_def = ctx.defining_op(ctx.operand(op, 1)?)?;
    if ctx.kind(shape_def) != OpKind::TensorFromElements {
        return None;
    }
    let elements = ctx.op(shape_def).operands.to_vec();
    let noop = elements.len() == shape.len()
        && elements.iter().enumerate().all(|(i, &e)| {
            if let Some(c) = crate::constant_value(ctx, e).as_ref().and_then(int_of) {
                return c == shape[i] as i128;
            }
            let Some(dim) = ctx
                .defining_op(e)
                .filter(|&d| ctx.kind(d) == OpKind::TensorDim)
            else {
                return false;
            };
            let index = ctx
                .operand(dim, 1)
                .and_then(|v| crate::constant_value(ctx, v))
                .as_ref()
                .and_then(int_of);
            ctx.operand(dim, 0) == Some(source) && index == Some(i as i128)
        });
    noop.then(|| same_typed_value(ctx, op, source)).flatten()
}

pub(crate) fn apply_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    match kind {
        OpKind::TensorCast => chained_casts(rw, op, &ops),
        OpKind::TensorDim => dim_of_cast(rw, op, &ops) || dim_of_reshape(rw, op, &ops),
        OpKind::TensorExtract => extract_of_cast(rw, op, &ops) || extract_of_generate(rw, op, &ops),
        OpKind::TensorGenerate => static_generate(rw, op, &ops),
        _ => false,
    }
}

/// A `tensor.generate` whose dynamic extents include non-negative
/// constants has them in its type (MLIR's `StaticTensorGenerate`): a new
/// `generate` of the other extents takes the body (its arguments and their
/// uses unchanged), and a `tensor.cast` gives the users the type they had.
fn static_generate(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let (Some(old_ty), Some(&body)) = (result_type(ctx, op), ctx.op(op).regions.first()) else {
        return false;
    };
    let TypeKind::RankedTensor {
        shape,
        elem,
        encoding,
    } = ctx.type_kind(old_ty).clone()
    else {
        return false;
    };
    let Some((shape, kept)) = crate::static_sizes(ctx, &shape, ops) else {
        return false;
    };
    let loc = ctx.op(op).loc.clone();
    let new_ty = rw.ctx.intern_type(TypeKind::RankedTensor {
        shape,
        elem,
        encoding,
    });
    let region = rw.ctx.create_region();
    let mut state = OperationState::new(OpKind::TensorGenerate, loc.clone());
    state.operands = kept.into_iter().collect();
    state.result_types.push(new_ty);
    state.regions.push(region);
    let generate = rw.create_before(op, state);
    rw.inline_region_before(body, region, None);
    let Some(generated) = rw.ctx.result(generate, 0) else {
        return false;
    };
    let mut cast = OperationState::new(OpKind::TensorCast, loc);
    cast.operands.push(generated);
    cast.result_types.push(old_ty);
    rw.replace_op_with_new(op, cast);
    true
}

/// `tensor.extract` of an effect-free `tensor.generate` is its body
/// computed at the indices (cloned before the extract).
fn extract_of_generate(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let Some((&tensor, indices)) = ops.split_first() else {
        return false;
    };
    let ctx = &*rw.ctx;
    let Some(generate) = ctx
        .defining_op(tensor)
        .filter(|&g| ctx.kind(g) == OpKind::TensorGenerate)
    else {
        return false;
    };
    if !crate::effect_free(ctx, generate) {
        return false;
    }
    let Some(body) = ctx
        .op(generate)
        .regions
        .first()
        .and_then(|&r| ctx.region(r).blocks.first().copied())
    else {
        return false;
    };
    let args = ctx.block(body).args.clone();
    let Some(y) = ctx.block_terminator(body) else {
        return false;
    };
    let Some(&yielded) = ctx.op(y).operands.first() else {
        return false;
    };
    if args.len() != indices.len() {
        return false;
    }
    let mut map: std::collections::HashMap<ValueId, ValueId> =
        args.iter().copied().zip(indices.iter().copied()).collect();
    let body_ops: Vec<OpId> = ctx.block_ops(body).filter(|&o| o != y).collect();
    for o in body_ops {
        let clone = rw.ctx.clone_operation(o, &mut map);
        rw.insert_before(op, clone);
    }
    let value = *map.get(&yielded).unwrap_or(&yielded);
    rw.replace_op_with_values(op, &[value]);
    true
}

/// The producer of `v` if it is a `tensor.cast`, with its source.
fn cast_source(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let def = ctx.defining_op(v)?;
    (ctx.kind(def) == OpKind::TensorCast)
        .then(|| ctx.operand(def, 0))
        .flatten()
}

/// A tensor type as (shape if ranked, element type).
type TensorShape = (Option<Vec<i64>>, Type);

fn tensor_shape(ctx: &Context, t: Type) -> Option<TensorShape> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, elem, .. } => Some((Some(shape.clone()), *elem)),
        TypeKind::UnrankedTensor { elem } => Some((None, *elem)),
        _ => None,
    }
}

/// The most precise type compatible with both (MLIR's `joinShapes`).
fn join(a: &TensorShape, b: &TensorShape) -> Option<TensorShape> {
    if a.1 != b.1 {
        return None;
    }
    match (&a.0, &b.0) {
        (None, _) => Some(b.clone()),
        (_, None) => Some(a.clone()),
        (Some(x), Some(y)) if x.len() == y.len() => {
            let dims: Option<Vec<i64>> = x
                .iter()
                .zip(y)
                .map(|(&p, &q)| match (p, q) {
                    (DYNAMIC, q) => Some(q),
                    (p, DYNAMIC) => Some(p),
                    (p, q) if p == q => Some(p),
                    _ => None,
                })
                .collect();
            Some((Some(dims?), a.1))
        }
        _ => None,
    }
}

/// `cast(cast(x))` is one cast when the middle type adds no runtime check.
fn chained_casts(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let (Some(&mid), Some(result_ty)) = (ops.first(), result_type(ctx, op)) else {
        return false;
    };
    let Some(source) = cast_source(ctx, mid) else {
        return false;
    };
    let shapes = [source, mid]
        .map(|v| tensor_shape(ctx, ctx.value_type(v)))
        .into_iter()
        .chain([tensor_shape(ctx, result_ty)])
        .collect::<Option<Vec<_>>>();
    let Some([s, m, r]) = shapes.as_deref() else {
        return false;
    };
    let all = join(s, m).and_then(|sm| join(&sm, r));
    if all.is_none() || all != join(s, r) {
        return false;
    }
    let mut state = OperationState::new(OpKind::TensorCast, ctx.op(op).loc.clone());
    state.operands.push(source);
    state.result_types.push(result_ty);
    rw.replace_op_with_new(op, state);
    true
}

/// Replace `op` by an op of its kind whose first operand is `first`.
fn with_first_operand(rw: &mut Rewriter, op: OpId, ops: &[ValueId], first: ValueId) -> bool {
    let kind = rw.ctx.kind(op);
    let data = rw.ctx.op(op);
    let mut state = OperationState::new(kind, data.loc.clone());
    state.operands.push(first);
    state.operands.extend(ops.iter().skip(1).copied());
    state.result_types = data.results.iter().map(|&r| rw.ctx.value_type(r)).collect();
    rw.replace_op_with_new(op, state);
    true
}

fn dim_of_cast(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    match ops.first().and_then(|&v| cast_source(rw.ctx, v)) {
        Some(source) => with_first_operand(rw, op, ops, source),
        None => false,
    }
}

fn extract_of_cast(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let source = ops.first().and_then(|&v| cast_source(ctx, v)).filter(|&s| {
        matches!(
            ctx.type_kind(ctx.value_type(s)),
            TypeKind::RankedTensor { .. }
        )
    });
    match source {
        Some(source) => with_first_operand(rw, op, ops, source),
        None => false,
    }
}

/// `dim(reshape(x, s), i)` is `extract(s, i)` (cast to `index`), placed after the `dim`.
fn dim_of_reshape(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let Some(reshape) = ops
        .first()
        .and_then(|&v| ctx.defining_op(v))
        .filter(|&d| ctx.kind(d) == OpKind::TensorReshape)
    else {
        return false;
    };
    let (Some(shape), Some(&index), Some(anchor)) =
        (ctx.operand(reshape, 1), ops.get(1), ctx.op(op).next)
    else {
        return false;
    };
    let Some(elem) = ctx.type_kind(ctx.value_type(shape)).element_type() else {
        return false;
    };
    let loc = ctx.op(op).loc.clone();
    let mut extract = OperationState::new(OpKind::TensorExtract, loc.clone());
    extract.operands.extend([shape, index]);
    extract.result_types.push(elem);
    let extract = rw.create_before(anchor, extract);
    let Some(mut value) = rw.ctx.result(extract, 0) else {
        return false;
    };
    let index_ty = index_type(rw.ctx);
    if elem != index_ty {
        let mut cast = OperationState::new(OpKind::ArithIndexCast, loc);
        cast.operands.push(value);
        cast.result_types.push(index_ty);
        let cast = rw.create_before(anchor, cast);
        match rw.ctx.result(cast, 0) {
            Some(v) => value = v,
            None => return false,
        }
    }
    rw.replace_op_with_values(op, &[value]);
    true
}
