//! `shape` folders and canonicalization patterns (MLIR's `Shape.cpp` and
//! `ShapeCanonicalization.td`), including the patterns the dialect roots at
//! `tensor.cast` and `tensor.extract`.
//!
//! Declines where MLIR would crash or build invalid IR: a negative constant
//! dimension (`get_extent`, `dim`), a split point out of `[-rank, rank]`,
//! `div` by zero, `shape_of` of a static tensor into `!shape.shape`, a
//! rewrite that would leave `broadcast`/`cstr_broadcastable` without enough
//! operands, and casts to or from unranked tensors. Also declines `add`,
//! `mul`, `div` and `num_elements` with a `!shape.size` result that
//! overflows (undefined: no value is the right one); with an `index` result
//! they wrap, as MLIR's folders do.
//! Unlike MLIR, a `cstr_require` of a false constant does not fold to
//! `shape.const_witness false`: it stays an assertion where it stands.

use crate::{
    constant, extent_tensor_type, extents, index_attr, index_tensor_attr, index_type, int_of,
    is_poison, operand_type, poison, result_type, same_typed_value, static_shape, Folded, Rewriter,
    Site,
};
use ir::attrs::attr_name;
use ir::{Attr, Context, OpId, OpKind, OperationState, Type, TypeKind, ValueId};

/// MLIR's `ShapedType::kDynamic`.
const DYNAMIC: i64 = ir::types::DYNAMIC;

fn is_shape_type(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Shape)
}

/// `tensor<N x index>` / `tensor<? x index>`: the length (`DYNAMIC` for `?`).
fn extent_tensor_len(ctx: &Context, t: Type) -> Option<i64> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, elem, .. }
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) =>
        {
            Some(shape[0])
        }
        _ => None,
    }
}

/// The constant operands as extents (`None` where not a constant shape).
fn const_extents(ctx: &Context, consts: &[Option<Attr>]) -> Vec<Option<Vec<i64>>> {
    consts
        .iter()
        .map(|a| a.as_ref().and_then(|a| extents(ctx, a)))
        .collect()
}

/// A constant integer (size or index) operand.
fn const_int(consts: &[Option<Attr>], i: usize) -> Option<i128> {
    consts.get(i)?.as_ref().and_then(int_of)
}

/// A constant dimension operand, refused when negative (MLIR reads a
/// `const_size` as unsigned and an `arith.constant` as signed; a negative
/// one crashes it).
fn const_dim(consts: &[Option<Attr>], i: usize) -> Option<usize> {
    usize::try_from(const_int(consts, i)?).ok()
}

pub(crate) fn fold(ctx: &mut Context, site: Site) -> Option<Folded> {
    let Site { op, kind, consts } = site;
    let operands = ctx.op(op).operands.to_vec();
    let shapes = const_extents(ctx, consts);
    let all_shapes = || shapes.iter().cloned().collect::<Option<Vec<Vec<i64>>>>();
    match kind {
        OpKind::ShapeAny => constant(consts.last()?.clone()?),
        OpKind::ShapeAdd => fold_add(ctx, op, consts),
        OpKind::ShapeMul => {
            let (a, b) = (const_int(consts, 0)?, const_int(consts, 1)?);
            let product = i128::from(a as i64) * i128::from(b as i64);
            constant(index_attr(ctx, size_result(ctx, op, product)?))
        }
        OpKind::ShapeDiv => {
            let (a, b) = (const_int(consts, 0)? as i64, const_int(consts, 1)? as i64);
            if b == 0 {
                return None;
            }
            let (a, b) = (i128::from(a), i128::from(b));
            let (q, r) = (a / b, a % b);
            let q = if q < 0 && r != 0 { q - 1 } else { q };
            constant(index_attr(ctx, size_result(ctx, op, q)?))
        }
        OpKind::ShapeAssumingAll => fold_assuming_all(ctx, op, consts),
        OpKind::ShapeBroadcast => fold_broadcast(ctx, op, &operands, &shapes),
        OpKind::ShapeConcat => {
            let mut all = all_shapes()?;
            let rhs = all.pop()?;
            let mut lhs = all.pop()?;
            lhs.extend(rhs);
            constant(index_tensor_attr(ctx, &lhs))
        }
        OpKind::ShapeCstrBroadcastable => fold_cstr_broadcastable(ctx, &operands, &shapes),
        OpKind::ShapeCstrEq => {
            let all = all_shapes()?;
            all.iter()
                .all(|s| Some(s) == all.first())
                .then(|| constant(Attr::Bool(true)))
                .flatten()
        }
        // Only a requirement known to hold folds: a false one stays, so
        // that it still fails where it stands, with its message (a
        // `const_witness false` fails only where an `assuming` uses it, after
        // ops that may be undefined on the inputs the requirement rejects).
        // `mlir-opt` folds both.
        OpKind::ShapeCstrRequire => match consts.first()? {
            Some(a @ Attr::Bool(true)) => constant(a.clone()),
            _ => None,
        },
        OpKind::ShapeDim => {
            let shape = static_shape(ctx, operand_type(ctx, op, 0)?)?;
            let extent = *shape.get(const_dim(consts, 1)?)?;
            (extent != DYNAMIC)
                .then(|| constant(index_attr(ctx, extent)))
                .flatten()
        }
        OpKind::ShapeFromExtents => {
            let ints: Option<Vec<i64>> = (0..consts.len())
                .map(|i| const_int(consts, i).map(|v| v as i64))
                .collect();
            constant(index_tensor_attr(ctx, &ints?))
        }
        OpKind::ShapeFromExtentTensor => {
            let e = shapes.first()?.clone()?;
            constant(index_tensor_attr(ctx, &e))
        }
        OpKind::ShapeGetExtent => {
            let e = shapes.first()?.clone()?;
            let extent = *e.get(const_dim(consts, 1)?)?;
            constant(index_attr(ctx, extent))
        }
        OpKind::ShapeIndexToSize | OpKind::ShapeSizeToIndex => match consts.first()?.clone()? {
            a @ Attr::Int { .. } => constant(a),
            a if is_poison(&a) => constant(a),
            _ => None,
        },
        OpKind::ShapeIsBroadcastable => (operands.len() < 2)
            .then(|| constant(Attr::Bool(true)))
            .flatten(),
        OpKind::ShapeMax | OpKind::ShapeMin => {
            let (l, r) = (*operands.first()?, *operands.get(1)?);
            (l == r).then(|| same_typed_value(ctx, op, l)).flatten()
        }
        OpKind::ShapeNumElements => {
            let e = shapes.first()?.clone()?;
            let n = match is_index_result(ctx, op) {
                true => e.iter().fold(1i64, |acc, &x| acc.wrapping_mul(x)),
                false => e.iter().try_fold(1i64, |acc, &x| acc.checked_mul(x))?,
            };
            constant(index_attr(ctx, n))
        }
        OpKind::ShapeRank => {
            let e = shapes.first()?.clone()?;
            constant(index_attr(ctx, e.len() as i64))
        }
        OpKind::ShapeShapeEq => {
            let all = all_shapes()?;
            let same = all.iter().all(|s| Some(s) == all.first());
            constant(Attr::Bool(same))
        }
        OpKind::ShapeShapeOf => {
            let shape = static_shape(ctx, operand_type(ctx, op, 0)?)?;
            let len = extent_tensor_len(ctx, result_type(ctx, op)?)?;
            if shape.contains(&DYNAMIC) || len != shape.len() as i64 {
                return None;
            }
            constant(index_tensor_attr(ctx, &shape))
        }
        OpKind::ShapeSplitAt => fold_split_at(ctx, &shapes, consts),
        OpKind::ShapeToExtentTensor => {
            let e = shapes.first()?.clone()?;
            constant(index_tensor_attr(ctx, &e))
        }
        _ => None,
    }
}

fn fold_add(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    if const_int(consts, 1) == Some(0) {
        if let Some(f) = same_typed_value(ctx, op, ctx.operand(op, 0)?) {
            return Some(f);
        }
    }
    let poisoned = consts.iter().flatten().any(is_poison);
    if poisoned {
        return constant(poison());
    }
    let (a, b) = (const_int(consts, 0)?, const_int(consts, 1)?);
    let sum = i128::from(a as i64) + i128::from(b as i64);
    constant(index_attr(ctx, size_result(ctx, op, sum)?))
}

fn is_index_result(ctx: &Context, op: OpId) -> bool {
    result_type(ctx, op).is_some_and(|t| matches!(ctx.type_kind(t), TypeKind::Index))
}

/// `value` as the result of the size arithmetic `op`: wrapped to 64 bits
/// for an `index` result, as MLIR's folders do; `None` (no fold) for a
/// `!shape.size` result it does not fit, which is an invalid size, not a
/// number (the interpreter's semantics, which `--verify-semantics` holds
/// passes to).
fn size_result(ctx: &Context, op: OpId, value: i128) -> Option<i64> {
    match is_index_result(ctx, op) {
        true => Some(value as i64),
        false => i64::try_from(value).ok(),
    }
}

/// Trailing constant witnesses are dropped; a failing one is the result;
/// all passing makes a passing witness.
fn fold_assuming_all(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    let mut keep = ctx.op(op).operands.to_vec();
    while let Some(Some(Attr::Bool(passing))) = consts.get(keep.len().wrapping_sub(1)) {
        keep.pop();
        if !passing {
            return constant(Attr::Bool(false));
        }
    }
    if keep.is_empty() {
        return constant(Attr::Bool(true));
    }
    if keep.len() == consts.len() {
        return None;
    }
    ctx.set_operands(op, &keep);
    Some(Folded::InPlace)
}

fn fold_broadcast(
    ctx: &mut Context,
    op: OpId,
    operands: &[ValueId],
    shapes: &[Option<Vec<i64>>],
) -> Option<Folded> {
    match operands {
        [single] => same_typed_value(ctx, op, *single),
        [_, _] => {
            let (l, r) = (shapes[0].as_ref()?, shapes[1].as_ref()?);
            let b = broadcast_shapes(l, r)?;
            constant(index_tensor_attr(ctx, &b))
        }
        _ => None,
    }
}

/// The broadcast of two shapes (MLIR's `getBroadcastedShape`), `None` if
/// they are incompatible.
fn broadcast_shapes(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = long.to_vec();
    let offset = long.len() - short.len();
    for (i, &s) in short.iter().enumerate() {
        let l = long[offset + i];
        let (x, y) = if a.len() >= b.len() { (l, s) } else { (s, l) };
        out[offset + i] = if x == DYNAMIC || y == DYNAMIC {
            if x > 1 {
                x
            } else if y > 1 || x == 1 {
                y
            } else if y == 1 {
                x
            } else {
                DYNAMIC
            }
        } else if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return None;
        };
    }
    Some(out)
}

/// MLIR's `staticallyKnownBroadcastable`: in every column (from the back),
/// either all extents are 1 but one dynamic, or all non-1 extents are one
/// same static value.
fn statically_broadcastable(shapes: &[Vec<i64>]) -> bool {
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    (0..rank).all(|i| {
        let mut seen_dynamic = false;
        let mut non_one: Option<i64> = None;
        for s in shapes {
            let dim = if i >= s.len() { 1 } else { s[s.len() - i - 1] };
            if dim == 1 {
                continue;
            }
            if dim == DYNAMIC {
                if seen_dynamic || non_one.is_some() {
                    return false;
                }
                seen_dynamic = true;
            }
            if non_one.is_some_and(|d| d != dim) {
                return false;
            }
            non_one = Some(dim);
        }
        true
    })
}

/// The extents of a shape known statically: a constant, or `shape_of` a
/// ranked value (MLIR's `getShapeVec`).
fn known_extents(ctx: &Context, v: ValueId) -> Option<Vec<i64>> {
    if let Some(a) = crate::constant_value(ctx, v) {
        return extents(ctx, &a);
    }
    let def = ctx.defining_op(v)?;
    if ctx.kind(def) != OpKind::ShapeShapeOf {
        return None;
    }
    static_shape(ctx, operand_type(ctx, def, 0)?)
}

fn fold_cstr_broadcastable(
    ctx: &Context,
    operands: &[ValueId],
    shapes: &[Option<Vec<i64>>],
) -> Option<Folded> {
    let non_scalars = shapes
        .iter()
        .filter(|s| s.as_ref().is_none_or(|s| !s.is_empty()))
        .count();
    let known_all: Option<Vec<Vec<i64>>> = shapes.iter().cloned().collect();
    let passing = non_scalars <= 1
        || known_all.is_some_and(|s| statically_broadcastable(&s))
        || operands
            .iter()
            .map(|&v| known_extents(ctx, v))
            .collect::<Option<Vec<_>>>()
            .is_some_and(|s| statically_broadcastable(&s));
    passing.then(|| constant(Attr::Bool(true))).flatten()
}

fn fold_split_at(
    ctx: &mut Context,
    shapes: &[Option<Vec<i64>>],
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let shape = shapes.first()?.as_ref()?;
    let split = const_int(consts, 1)?;
    let rank = shape.len() as i128;
    if split < -rank || split > rank {
        return None;
    }
    let at = usize::try_from(if split < 0 { split + rank } else { split }).ok()?;
    let (head, tail) = shape.split_at(at);
    let (head, tail) = (index_tensor_attr(ctx, head), index_tensor_attr(ctx, tail));
    Some(Folded::Results(vec![
        crate::FoldResult::Attr(head),
        crate::FoldResult::Attr(tail),
    ]))
}

/// The op `shape` materializes for `attr` of type `ty`: `const_shape`,
/// `const_size`, `const_witness`, `ub.poison`, else what `arith` does.
pub(crate) fn constant_op(
    ctx: &mut Context,
    attr: &Attr,
    ty: Type,
) -> Option<(OpKind, Option<&'static str>, Attr)> {
    if is_poison(attr) {
        return Some((OpKind::UbPoison, None, Attr::Unit));
    }
    match (ctx.type_kind(ty), attr) {
        (TypeKind::Shape, Attr::Dense { .. }) => {
            extents(ctx, attr)?;
            Some((OpKind::ShapeConstShape, Some("shape"), attr.clone()))
        }
        (TypeKind::Size, Attr::Int { value, .. }) => {
            let value = Attr::Int {
                value: *value,
                ty: index_type(ctx),
            };
            Some((OpKind::ShapeConstSize, Some("value"), value))
        }
        (TypeKind::Witness, Attr::Bool(_)) => {
            Some((OpKind::ShapeConstWitness, Some("passing"), attr.clone()))
        }
        (TypeKind::Shape | TypeKind::Size | TypeKind::Witness, _) => None,
        (_, Attr::Dense { ty: own, .. }) if extent_tensor_len(ctx, ty).is_some() => (*own == ty
            && extents(ctx, attr).is_some())
        .then(|| (OpKind::ShapeConstShape, Some("shape"), attr.clone())),
        _ => crate::arith::constant_op(ctx, attr, ty),
    }
}

// ---------------------------------------------------------------- patterns

/// A new op state: an op of kind `kind` at `op`'s location.
fn state_at(ctx: &Context, op: OpId, kind: OpKind) -> OperationState {
    OperationState::new(kind, ctx.op(op).loc.clone())
}

/// Replace `op` by an op of its kind with `operands`, its result types and,
/// if `keep_attrs`, its attributes.
fn rebuild(rw: &mut Rewriter, op: OpId, operands: Vec<ValueId>, keep_attrs: bool) -> bool {
    let kind = rw.ctx.kind(op);
    let data = rw.ctx.op(op);
    let mut state = OperationState::new(kind, data.loc.clone());
    state.operands = operands.into();
    state.result_types = data.results.iter().map(|&r| rw.ctx.value_type(r)).collect();
    if keep_attrs {
        state.props = data.props.clone();
        state.attrs = data.attrs.clone();
    }
    rw.replace_op_with_new(op, state);
    true
}

/// The producer of `v` if it is an op of kind `kind`.
fn producer(ctx: &Context, v: ValueId, kind: OpKind) -> Option<OpId> {
    ctx.defining_op(v).filter(|&d| ctx.kind(d) == kind)
}

/// A passing `shape.const_witness` replacing `op`.
fn replace_with_passing_witness(rw: &mut Rewriter, op: OpId) -> bool {
    let mut state = state_at(rw.ctx, op, OpKind::ShapeConstWitness);
    state.props.push((attr_name("passing"), Attr::Bool(true)));
    state
        .result_types
        .push(rw.ctx.intern_type(TypeKind::Witness));
    rw.replace_op_with_new(op, state);
    true
}

pub(crate) fn apply_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    match kind {
        OpKind::ShapeAssuming => {
            assuming_remove_unused_results(rw, op) || assuming_with_true(rw, op)
        }
        OpKind::ShapeAssumingAll => {
            merge_assuming_alls(rw, op, &ops)
                || forward_single_witness(rw, op, &ops)
                || drop_subsumed_broadcastables(rw, op, &ops)
                || assuming_all_of_cstr_eq(rw, op, &ops)
                || remove_duplicate_operands(rw, op, &ops)
        }
        OpKind::ShapeBroadcast => {
            concretize_broadcast_result(rw, op, &ops)
                || fold_constant_broadcast_operands(rw, op, &ops)
                || forward_single_broadcast_operand(rw, op, &ops)
                || drop_cast_extent_tensor_operands(rw, op, &ops)
                || remove_duplicate_operands(rw, op, &ops)
                || remove_empty_shape_operands(rw, op, &ops, 1)
        }
        OpKind::ShapeCstrBroadcastable => {
            drop_cast_extent_tensor_operands(rw, op, &ops)
                || (all_equal(&ops) && replace_with_passing_witness(rw, op))
                || remove_duplicate_operands(rw, op, &ops)
                || remove_empty_shape_operands(rw, op, &ops, 2)
        }
        OpKind::ShapeCstrEq => all_equal(&ops) && replace_with_passing_witness(rw, op),
        OpKind::ShapeIndexToSize => cast_round_trip(rw, op, &ops, OpKind::ShapeSizeToIndex),
        OpKind::ShapeSizeToIndex => cast_round_trip(rw, op, &ops, OpKind::ShapeIndexToSize),
        OpKind::ShapeIsBroadcastable => remove_duplicate_operands(rw, op, &ops),
        OpKind::ShapeRank => rank_of_shape_of(rw, op, &ops),
        OpKind::ShapeShapeOf => {
            shape_of_static_to_dynamic(rw, op, &ops) || shape_of_reshape(rw, op, &ops)
        }
        _ => false,
    }
}

/// The shape dialect's patterns rooted at `tensor` ops.
pub(crate) fn apply_tensor_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    match kind {
        OpKind::TensorCast => cast_of_const_shape(rw, op, &ops) || cast_of_shape_of(rw, op, &ops),
        OpKind::TensorExtract => extract_of_shape_of(rw, op, &ops),
        _ => false,
    }
}

fn all_equal(vs: &[ValueId]) -> bool {
    vs.iter().all(|v| Some(v) == vs.first())
}

fn remove_duplicate_operands(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let mut unique: Vec<ValueId> = Vec::new();
    for &v in ops {
        if !unique.contains(&v) {
            unique.push(v);
        }
    }
    unique.len() < ops.len() && rebuild(rw, op, unique, true)
}

/// Drop operands known to be empty shapes (`tensor<0xindex>`,
/// `const_shape []`), keeping at least `min` operands.
fn remove_empty_shape_operands(rw: &mut Rewriter, op: OpId, ops: &[ValueId], min: usize) -> bool {
    let ctx = &*rw.ctx;
    let non_empty: Vec<ValueId> = ops
        .iter()
        .copied()
        .filter(|&v| {
            let empty_type = extent_tensor_len(ctx, ctx.value_type(v)) == Some(0);
            let empty_const = producer(ctx, v, OpKind::ShapeConstShape)
                .and_then(|d| crate::constant_attr(ctx, d))
                .and_then(|a| extents(ctx, &a))
                .is_some_and(|e| e.is_empty());
            !empty_type && !empty_const
        })
        .collect();
    non_empty.len() < ops.len() && non_empty.len() >= min && rebuild(rw, op, non_empty, true)
}

/// Operands that are `tensor.cast`s to `tensor<?xindex>` are their sources.
fn drop_cast_extent_tensor_operands(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let mut changed = false;
    let new: Vec<ValueId> = ops
        .iter()
        .map(|&v| {
            let source = producer(ctx, v, OpKind::TensorCast).and_then(|c| {
                let loses_info = matches!(ctx.type_kind(ctx.value_type(v)),
                    TypeKind::RankedTensor { shape, .. } if shape.first() == Some(&DYNAMIC));
                let source = ctx.operand(c, 0)?;
                let ranked = matches!(
                    ctx.type_kind(ctx.value_type(source)),
                    TypeKind::RankedTensor { .. }
                );
                (loses_info && ranked).then_some(source)
            });
            changed |= source.is_some();
            source.unwrap_or(v)
        })
        .collect();
    changed && rebuild(rw, op, new, false)
}

fn concretize_broadcast_result(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let Some(result_ty) = result_type(ctx, op) else {
        return false;
    };
    if extent_tensor_len(ctx, result_ty) != Some(DYNAMIC) {
        return false;
    }
    let mut max_rank = 0;
    for &v in ops {
        match extent_tensor_len(ctx, ctx.value_type(v)) {
            Some(n) if n != DYNAMIC => max_rank = max_rank.max(n),
            _ => return false,
        }
    }
    let concrete = extent_tensor_type(rw.ctx, max_rank);
    let mut state = state_at(rw.ctx, op, OpKind::ShapeBroadcast);
    state.operands = ops.iter().copied().collect();
    state.result_types.push(concrete);
    let new = rw.create_before(op, state);
    let Some(new_result) = rw.ctx.result(new, 0) else {
        return false;
    };
    replace_with_cast(rw, op, new_result, result_ty);
    true
}

/// Replace `op` by `tensor.cast value : T to ty`.
fn replace_with_cast(rw: &mut Rewriter, op: OpId, value: ValueId, ty: Type) {
    let mut cast = state_at(rw.ctx, op, OpKind::TensorCast);
    cast.operands.push(value);
    cast.result_types.push(ty);
    rw.replace_op_with_new(op, cast);
}

/// A new `shape.const_shape` of `extents` with result type `ty`, before `at`.
fn create_const_shape(rw: &mut Rewriter, at: OpId, extents: &[i64], ty: Type) -> Option<ValueId> {
    let attr = index_tensor_attr(rw.ctx, extents);
    let mut state = state_at(rw.ctx, at, OpKind::ShapeConstShape);
    state.props.push((attr_name("shape"), attr));
    state.result_types.push(ty);
    let c = rw.create_before(at, state);
    rw.ctx.result(c, 0)
}

fn fold_constant_broadcast_operands(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let mut folded: Vec<i64> = Vec::new();
    let mut rest: Vec<ValueId> = Vec::new();
    for &v in ops {
        let known = producer(ctx, v, OpKind::ShapeConstShape)
            .and_then(|d| crate::constant_attr(ctx, d))
            .and_then(|a| extents(ctx, &a));
        match known.and_then(|e| broadcast_shapes(&folded, &e)) {
            Some(b) => folded = b,
            None => rest.push(v),
        }
    }
    if ops.len() - rest.len() < 2 {
        return false;
    }
    let ty = extent_tensor_type(rw.ctx, folded.len() as i64);
    let Some(c) = create_const_shape(rw, op, &folded, ty) else {
        return false;
    };
    rest.push(c);
    rebuild(rw, op, rest, false)
}

fn forward_single_broadcast_operand(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let [single] = ops else {
        return false;
    };
    let ctx = &*rw.ctx;
    let Some(ty) = result_type(ctx, op) else {
        return false;
    };
    let from = ctx.value_type(*single);
    if from == ty {
        rw.replace_op_with_values(op, &[*single]);
    } else if is_shape_type(ctx, ty) {
        let mut state = state_at(ctx, op, OpKind::ShapeFromExtentTensor);
        state.operands.push(*single);
        state.result_types.push(ty);
        rw.replace_op_with_new(op, state);
    } else if extent_tensor_len(ctx, from).is_some() && extent_tensor_len(ctx, ty).is_some() {
        replace_with_cast(rw, op, *single, ty);
    } else {
        return false;
    }
    true
}

fn merge_assuming_alls(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let mut merged = Vec::new();
    for &v in ops {
        match producer(ctx, v, OpKind::ShapeAssumingAll) {
            Some(inner) => merged.extend(ctx.op(inner).operands.iter().copied()),
            None => merged.push(v),
        }
    }
    merged.len() != ops.len() && rebuild(rw, op, merged, false)
}

fn forward_single_witness(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    match ops {
        [w] if same_typed_value(rw.ctx, op, *w).is_some() => {
            rw.replace_op_with_values(op, &[*w]);
            true
        }
        _ => false,
    }
}

/// Whether `a` and `b` stand in one block with no op that has side effects
/// between them: a check may then stand for the other (moving a check
/// across a side effect would change what happens before a failure).
fn nothing_happens_between(ctx: &Context, a: OpId, b: OpId) -> bool {
    let parent = ctx.op(a).parent;
    if parent.is_none() || parent != ctx.op(b).parent {
        return false;
    }
    let walk = |from: OpId, to: OpId| {
        let mut cursor = ctx.op(from).next;
        while let Some(o) = cursor {
            if o == to {
                return Some(true);
            }
            if ir::effects::has_side_effects(ctx, o) {
                return Some(false);
            }
            cursor = ctx.op(o).next;
        }
        None
    };
    // In one block one reaches the other; if not, no rewrite.
    walk(a, b).or_else(|| walk(b, a)).unwrap_or(false)
}

/// `assuming_all` of `cstr_broadcastable`s: drop those whose shapes are a
/// subset of another's.
fn drop_subsumed_broadcastables(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let mut cstrs: Vec<OpId> = Vec::new();
    for &v in ops {
        let Some(c) = producer(ctx, v, OpKind::ShapeCstrBroadcastable) else {
            return false;
        };
        if !cstrs.contains(&c) {
            cstrs.push(c);
        }
    }
    if cstrs.len() <= 1 {
        return false;
    }
    let mut sets: Vec<(OpId, Vec<ValueId>)> = cstrs
        .iter()
        .map(|&c| (c, ctx.op(c).operands.to_vec()))
        .collect();
    sets.sort_by_key(|(_, s)| std::cmp::Reverse(s.len()));
    let mut dropped = Vec::new();
    let mut i = 0;
    while i < sets.len() {
        let (big_op, big) = (sets[i].0, sets[i].1.clone());
        let (keep, gone): (Vec<_>, Vec<_>) =
            sets.split_off(i + 1).into_iter().partition(|(c, s)| {
                !s.iter().all(|v| big.contains(v)) || !nothing_happens_between(ctx, *c, big_op)
            });
        dropped.extend(gone.into_iter().map(|(c, _)| c));
        sets.extend(keep);
        i += 1;
    }
    if dropped.is_empty() {
        return false;
    }
    let kept: Vec<ValueId> = sets
        .iter()
        .filter_map(|(c, _)| rw.ctx.result(*c, 0))
        .collect();
    rebuild(rw, op, kept, false);
    for c in dropped {
        let unused = rw.ctx.op(c).results.iter().all(|&r| !rw.ctx.has_uses(r));
        if unused && rw.ctx.op(c).parent.is_some() {
            rw.erase_op(c);
        }
    }
    true
}

/// `assuming_all` of `cstr_eq`s that share shapes is one `cstr_eq`.
fn assuming_all_of_cstr_eq(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let mut shapes: Vec<ValueId> = Vec::new();
    for &w in ops {
        let Some(eq) = producer(ctx, w, OpKind::ShapeCstrEq) else {
            return false;
        };
        let these = &ctx.op(eq).operands;
        let disjoint = these.iter().all(|s| !shapes.contains(s));
        if !shapes.is_empty() && !these.is_empty() && disjoint {
            return false;
        }
        shapes.extend(these.iter().copied());
    }
    let mut state = state_at(ctx, op, OpKind::ShapeCstrEq);
    state.operands = shapes.into();
    state
        .result_types
        .push(rw.ctx.intern_type(TypeKind::Witness));
    rw.replace_op_with_new(op, state);
    true
}

/// `size_to_index(index_to_size(x))` and the reverse are `x`.
fn cast_round_trip(rw: &mut Rewriter, op: OpId, ops: &[ValueId], inner: OpKind) -> bool {
    let Some(source) = ops
        .first()
        .and_then(|&v| producer(rw.ctx, v, inner))
        .and_then(|d| rw.ctx.operand(d, 0))
    else {
        return false;
    };
    if same_typed_value(rw.ctx, op, source).is_none() {
        return false;
    }
    rw.replace_op_with_values(op, &[source]);
    true
}

/// `rank(shape_of(x))` of a ranked tensor `x` is a constant.
fn rank_of_shape_of(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let Some(shape_of) = ops
        .first()
        .and_then(|&v| producer(ctx, v, OpKind::ShapeShapeOf))
    else {
        return false;
    };
    let rank = match operand_type(ctx, shape_of, 0).map(|t| ctx.type_kind(t)) {
        Some(TypeKind::RankedTensor { shape, .. }) => shape.len() as i64,
        _ => return false,
    };
    let Some(ty) = result_type(ctx, op) else {
        return false;
    };
    let attr = index_attr(rw.ctx, rank);
    let Some((kind, prop, value)) = constant_op(rw.ctx, &attr, ty) else {
        return false;
    };
    let mut state = state_at(rw.ctx, op, kind);
    state.props.extend(prop.map(|p| (attr_name(p), value)));
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
    true
}

/// `shape_of` a static tensor into `tensor<?xindex>`: the constant shape, cast.
fn shape_of_static_to_dynamic(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let (Some(&arg), Some(ty)) = (ops.first(), result_type(ctx, op)) else {
        return false;
    };
    let Some(shape) = static_shape(ctx, ctx.value_type(arg)) else {
        return false;
    };
    if shape.contains(&DYNAMIC) || extent_tensor_len(ctx, ty) != Some(DYNAMIC) {
        return false;
    }
    let static_ty = extent_tensor_type(rw.ctx, shape.len() as i64);
    let Some(c) = create_const_shape(rw, op, &shape, static_ty) else {
        return false;
    };
    replace_with_cast(rw, op, c, ty);
    true
}

/// `shape_of(tensor.reshape(x, s))` is `s` (cast to the result type).
fn shape_of_reshape(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let Some(reshape) = ops
        .first()
        .and_then(|&v| producer(ctx, v, OpKind::TensorReshape))
    else {
        return false;
    };
    let (Some(shape), Some(ty)) = (ctx.operand(reshape, 1), result_type(ctx, op)) else {
        return false;
    };
    let from = ctx.value_type(shape);
    if from == ty {
        rw.replace_op_with_values(op, &[shape]);
        return true;
    }
    let (
        TypeKind::RankedTensor {
            shape: s1,
            elem: e1,
            ..
        },
        TypeKind::RankedTensor {
            shape: s2,
            elem: e2,
            ..
        },
    ) = (ctx.type_kind(from), ctx.type_kind(ty))
    else {
        return false;
    };
    let kind = if e1 == e2 {
        OpKind::TensorCast
    } else if s1 == s2 {
        OpKind::ArithIndexCast
    } else {
        return false;
    };
    let mut state = state_at(ctx, op, kind);
    state.operands.push(shape);
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
    true
}

/// `tensor.cast(const_shape)` to a static type is a `const_shape` of that type.
fn cast_of_const_shape(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let Some(c) = ops
        .first()
        .and_then(|&v| producer(ctx, v, OpKind::ShapeConstShape))
    else {
        return false;
    };
    let (Some(ty), Some(attr)) = (result_type(ctx, op), ctx.attr(c, "shape").cloned()) else {
        return false;
    };
    let static_ty = static_shape(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC));
    let same_len = extents(ctx, &attr).map(|e| e.len() as i64) == extent_tensor_len(ctx, ty);
    if !static_ty || !same_len {
        return false;
    }
    let mut state = state_at(ctx, op, OpKind::ShapeConstShape);
    state.props.push((attr_name("shape"), attr));
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
    true
}

/// `tensor.cast(shape_of(x))` to a compatible extent tensor is `shape_of(x)` of that type.
fn cast_of_shape_of(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let Some(ty) = result_type(ctx, op) else {
        return false;
    };
    let len = match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } if shape.len() == 1 => shape[0],
        _ => return false,
    };
    let Some(shape_of) = ops
        .first()
        .and_then(|&v| producer(ctx, v, OpKind::ShapeShapeOf))
    else {
        return false;
    };
    let Some(arg) = ctx.operand(shape_of, 0) else {
        return false;
    };
    let rank = match ctx.type_kind(ctx.value_type(arg)) {
        TypeKind::RankedTensor { shape, .. } => shape.len() as i64,
        _ => return false,
    };
    if len != DYNAMIC && len != rank {
        return false;
    }
    let mut state = state_at(ctx, op, OpKind::ShapeShapeOf);
    state.operands.push(arg);
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
    true
}

/// `tensor.extract(shape_of(x), i)` is `tensor.dim(x, i)`.
fn extract_of_shape_of(rw: &mut Rewriter, op: OpId, ops: &[ValueId]) -> bool {
    let ctx = &*rw.ctx;
    let (Some(shape_of), Some(&index)) = (
        ops.first()
            .and_then(|&v| producer(ctx, v, OpKind::ShapeShapeOf)),
        ops.get(1),
    ) else {
        return false;
    };
    let Some(arg) = ctx.operand(shape_of, 0) else {
        return false;
    };
    if !ctx.type_kind(ctx.value_type(arg)).is_tensor() {
        return false;
    }
    let mut state = state_at(ctx, op, OpKind::TensorDim);
    state.operands.extend([arg, index]);
    state.result_types.push(index_type(rw.ctx));
    rw.replace_op_with_new(op, state);
    true
}

fn assuming_remove_unused_results(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(yield_op) = body_terminator(ctx, op) else {
        return false;
    };
    let results = ctx.op(op).results.to_vec();
    let yielded = ctx.op(yield_op).operands.to_vec();
    if yielded.len() != results.len() {
        return false;
    }
    let used: Vec<bool> = results.iter().map(|&r| ctx.has_uses(r)).collect();
    if used.iter().all(|&u| u) {
        return false;
    }
    let kept: Vec<ValueId> = yielded
        .iter()
        .zip(&used)
        .filter(|(_, &u)| u)
        .map(|(&v, _)| v)
        .collect();
    let Some(&witness) = ctx.op(op).operands.first() else {
        return false;
    };
    let mut new_yield = state_at(ctx, yield_op, OpKind::ShapeAssumingYield);
    new_yield.operands = kept.iter().copied().collect();
    rw.replace_op_with_new(yield_op, new_yield);

    let ctx = &mut *rw.ctx;
    let regions = ctx.take_regions(op);
    let mut state = state_at(ctx, op, OpKind::ShapeAssuming);
    state.operands.push(witness);
    state.result_types = kept.iter().map(|&v| ctx.value_type(v)).collect();
    state.regions = regions;
    let new = rw.create_before(op, state);
    let new_results: Vec<ValueId> = rw.ctx.op(new).results.to_vec();
    let mut new_results = new_results.into_iter();
    let replacements: Vec<Option<ValueId>> = used
        .iter()
        .map(|&u| if u { new_results.next() } else { None })
        .collect();
    rw.replace_op(op, &replacements);
    true
}

/// The terminator of the single block of `op`'s first region.
fn body_terminator(ctx: &Context, op: OpId) -> Option<OpId> {
    let r = *ctx.op(op).regions.first()?;
    let b = *ctx.region(r).blocks.first()?;
    ctx.block_terminator(b)
        .filter(|&t| ctx.kind(t) == OpKind::ShapeAssumingYield)
}

/// `shape.assuming` on a passing `const_witness`: its body, inlined.
fn assuming_with_true(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let passing = ctx
        .operand(op, 0)
        .and_then(|w| producer(ctx, w, OpKind::ShapeConstWitness))
        .and_then(|w| ctx.attr(w, "passing").cloned())
        == Some(Attr::Bool(true));
    let Some(yield_op) = body_terminator(ctx, op).filter(|_| passing) else {
        return false;
    };
    let yielded = ctx.op(yield_op).operands.to_vec();
    if yielded.len() != ctx.op(op).results.len() {
        return false;
    }
    let Some(block) = ctx.op(yield_op).parent else {
        return false;
    };
    let body: Vec<OpId> = ctx.block_ops(block).filter(|&o| o != yield_op).collect();
    for o in body {
        rw.insert_before(op, o);
    }
    rw.replace_op_with_values(op, &yielded);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcasting_follows_mlir() {
        assert_eq!(broadcast_shapes(&[1, 2], &[7, 1]), Some(vec![7, 2]));
        assert_eq!(broadcast_shapes(&[], &[1, 2, 3]), Some(vec![1, 2, 3]));
        assert_eq!(broadcast_shapes(&[2], &[7]), None);
        assert_eq!(broadcast_shapes(&[DYNAMIC], &[5]), Some(vec![5]));
        assert_eq!(broadcast_shapes(&[DYNAMIC], &[1]), Some(vec![DYNAMIC]));
        assert!(statically_broadcastable(&[
            vec![8, 1],
            vec![1, 8],
            vec![1, 1]
        ]));
        assert!(statically_broadcastable(&[
            vec![8, 1],
            vec![8, 1],
            vec![1, DYNAMIC]
        ]));
        assert!(!statically_broadcastable(&[
            vec![8, 1],
            vec![1, 8],
            vec![1, DYNAMIC]
        ]));
        assert!(statically_broadcastable(&[]));
    }
}
