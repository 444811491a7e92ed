//! `memref` folders and canonicalization patterns: static `rank` and `dim`,
//! `dim` of a dynamic size an `alloc`/`alloca` was given, a `memref.cast`
//! folded into the `cast`, `load`, `store`, `dealloc`, `dim`, `dma_start`,
//! `dma_wait`, `prefetch`, `atomic_rmw` and `extract_strided_metadata`
//! that use it, trivial `subview`s, `expand_shape`/`collapse_shape`
//! undone, `assume_alignment` of the same `assume_alignment`,
//! `memory_space_cast` of a `memory_space_cast`, identity and composed
//! `transpose`s; unused allocations and reallocations (only stored into
//! and freed) erased, self and empty copies erased, constant sizes of an
//! allocation or a `view` moved into its type, a `view` of a cast
//! allocation made of the allocation, an `alloca_scope` inlined where its
//! stack allocations cannot outlive it, the statically known offset,
//! sizes and strides of an `extract_strided_metadata` made constants, and
//! `tensor.dim` of a `bufferization.to_tensor` read from the buffer.
//!
//! Declines out-of-range `dim` indices, casts from unranked memrefs (MLIR
//! keeps them) and cast chains whose ends are not cast compatible (MLIR
//! would fold them into an op its verifier rejects).

use crate::{
    constant, index_attr, int_of, operand_type, reshape_round_trip, result_type, same_typed_value,
    Folded, Rewriter, Site,
};
use ir::dialect::memref::cast_compatible;
use ir::layout::MemRef;
use ir::op_def::MemoryEffects;
use ir::{Attr, Context, OpId, OpKind, OperationState, Type, TypeKind, ValueId};

const DYNAMIC: i64 = ir::types::DYNAMIC;

pub(crate) fn fold(ctx: &mut Context, site: Site) -> Option<Folded> {
    let Site { op, kind, consts } = site;
    match kind {
        OpKind::MemrefRank => {
            let rank = MemRef::of(ctx, operand_type(ctx, op, 0)?)?.shape.len();
            constant(index_attr(ctx, rank as i64))
        }
        OpKind::MemrefDim => {
            fold_dim(ctx, op, consts).or_else(|| fold_cast_operands(ctx, op, 0..1))
        }
        OpKind::MemrefCast => fold_cast_of_cast(ctx, op),
        OpKind::MemrefLoad | OpKind::MemrefDealloc => fold_cast_operands(ctx, op, 0..1),
        OpKind::MemrefStore => fold_cast_operands(ctx, op, 1..2),
        OpKind::MemrefSubview => {
            let source = ctx.operand(op, 0)?;
            let shape = MemRef::of(ctx, ctx.value_type(source))?.shape.to_vec();
            let list = |name| ir::dialect::tensor::static_list(ctx, op, name);
            let trivial = ctx.op(op).operands.len() == 1
                && list("static_offsets").iter().all(|&o| o == 0)
                && list("static_strides").iter().all(|&s| s == 1)
                && list("static_sizes") == shape;
            trivial.then(|| same_typed_value(ctx, op, source)).flatten()
        }
        OpKind::MemrefExpandShape => reshape_round_trip(ctx, op, OpKind::MemrefCollapseShape),
        OpKind::MemrefCollapseShape => reshape_round_trip(ctx, op, OpKind::MemrefExpandShape),
        OpKind::MemrefDmaStart | OpKind::MemrefDmaWait | OpKind::MemrefPrefetch => {
            fold_cast_operands(ctx, op, 0..ctx.op(op).operands.len())
        }
        OpKind::MemrefAtomicRmw => fold_cast_operands(ctx, op, 1..2),
        OpKind::MemrefAssumeAlignment => {
            let source = ctx.operand(op, 0)?;
            let inner = ctx
                .defining_op(source)
                .filter(|&d| ctx.kind(d) == OpKind::MemrefAssumeAlignment)?;
            (ctx.attr(inner, "alignment") == ctx.attr(op, "alignment"))
                .then(|| same_typed_value(ctx, op, source))
                .flatten()
        }
        OpKind::MemrefMemorySpaceCast => {
            let inner = ctx
                .defining_op(ctx.operand(op, 0)?)
                .filter(|&d| ctx.kind(d) == OpKind::MemrefMemorySpaceCast)?;
            let source = ctx.operand(inner, 0)?;
            ctx.set_operand(op, 0, source);
            Some(Folded::InPlace)
        }
        OpKind::MemrefTranspose => fold_transpose(ctx, op),
        OpKind::MemrefView => {
            let source = ctx.operand(op, 0)?;
            let ty = ctx.value_type(source);
            let static_shape = MemRef::of(ctx, ty).is_some_and(|m| !m.shape.contains(&DYNAMIC));
            (result_type(ctx, op)? == ty && static_shape)
                .then(|| same_typed_value(ctx, op, source))
                .flatten()
        }
        _ => None,
    }
}

/// The permutation of a `memref.transpose`: the source dimension of each
/// result dimension.
fn permutation_of(ctx: &Context, op: OpId) -> Option<Vec<u32>> {
    let Some(Attr::Opaque(text)) = ctx.attr(op, "permutation") else {
        return None;
    };
    let map = ir::affine::AffineMap::parse(text)?;
    map.results
        .iter()
        .map(|e| match e {
            ir::affine::Expr::Dim(d) => Some(*d),
            _ => None,
        })
        .collect()
}

/// An identity `transpose` to its own type is its source; a `transpose`
/// of a `transpose` transposes the first's source by the composed
/// permutation (MLIR's `TransposeOp::fold`).
fn fold_transpose(ctx: &mut Context, op: OpId) -> Option<Folded> {
    let source = ctx.operand(op, 0)?;
    let outer = permutation_of(ctx, op)?;
    if outer.iter().copied().eq(0..outer.len() as u32) {
        if let Some(f) = same_typed_value(ctx, op, source) {
            return Some(f);
        }
    }
    let inner_op = ctx
        .defining_op(source)
        .filter(|&d| ctx.kind(d) == OpKind::MemrefTranspose)?;
    let inner = permutation_of(ctx, inner_op)?;
    let composed: Option<Vec<u32>> = outer
        .iter()
        .map(|&d| inner.get(d as usize).copied())
        .collect();
    let composed = composed?;
    let dims: Vec<String> = (0..composed.len()).map(|i| format!("d{i}")).collect();
    let results: Vec<String> = composed.iter().map(|d| format!("d{d}")).collect();
    let map = ir::affine::AffineMap::parse(&format!(
        "({}) -> ({})",
        dims.join(", "),
        results.join(", ")
    ))?;
    let inner_source = ctx.operand(inner_op, 0)?;
    ctx.set_operand(op, 0, inner_source);
    ctx.set_prop(op, "permutation", Attr::Opaque(map.text()));
    Some(Folded::InPlace)
}

/// A static size, or the dynamic size an `alloc`/`alloca` was given.
fn fold_dim(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    let index = usize::try_from(consts.get(1)?.as_ref().and_then(int_of)?).ok()?;
    let source = ctx.operand(op, 0)?;
    let shape = MemRef::of(ctx, ctx.value_type(source))?.shape.to_vec();
    let size = *shape.get(index)?;
    if size != DYNAMIC {
        return constant(index_attr(ctx, size));
    }
    let def = ctx.defining_op(source)?;
    if !matches!(ctx.kind(def), OpKind::MemrefAlloc | OpKind::MemrefAlloca) {
        return None;
    }
    let nth = shape[..index].iter().filter(|&&d| d == DYNAMIC).count();
    let sizes = ctx.op_def(def)?.operand_group(ctx, def, 0);
    same_typed_value(ctx, op, *sizes.get(nth)?)
}

/// The source of a `memref.cast` producing `v`, unless it is unranked.
fn cast_source(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let def = ctx.defining_op(v)?;
    let source = ctx
        .operand(def, 0)
        .filter(|_| ctx.kind(def) == OpKind::MemrefCast)?;
    MemRef::of(ctx, ctx.value_type(source)).map(|_| source)
}

/// MLIR's `foldMemRefCast`: the operands in `range` that a ranked
/// `memref.cast` produced read its source instead.
fn fold_cast_operands(
    ctx: &mut Context,
    op: OpId,
    range: std::ops::Range<usize>,
) -> Option<Folded> {
    let mut changed = false;
    for i in range {
        if let Some(source) = ctx.operand(op, i).and_then(|v| cast_source(ctx, v)) {
            ctx.set_operand(op, i, source);
            changed = true;
        }
    }
    changed.then_some(Folded::InPlace)
}

/// `cast(cast(x))` reads `x` when `x` casts to the result directly.
fn fold_cast_of_cast(ctx: &mut Context, op: OpId) -> Option<Folded> {
    let source = cast_source(ctx, ctx.operand(op, 0)?)?;
    if !cast_compatible(ctx, ctx.value_type(source), result_type(ctx, op)?) {
        return None;
    }
    ctx.set_operand(op, 0, source);
    Some(Folded::InPlace)
}

pub(crate) fn apply_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    match kind {
        OpKind::MemrefAlloc | OpKind::MemrefAlloca => constant_sizes(rw, op) || dead_alloc(rw, op),
        OpKind::MemrefRealloc => dead_alloc(rw, op),
        OpKind::MemrefAllocaScope => inline_alloca_scope(rw, op),
        OpKind::MemrefCopy => empty_or_self_copy(rw, op),
        OpKind::MemrefCollapseShape => collapse_of_expand(rw, op),
        OpKind::MemrefExtractStridedMetadata => constant_metadata(rw, op),
        OpKind::MemrefView => view_constant_sizes(rw, op) || view_of_cast_alloc(rw, op),
        _ => false,
    }
}

/// Whether `op`, nested in an `alloca_scope`, may itself allocate on the
/// stack of the scope (MLIR's `isOpItselfPotentialAutomaticAllocation`):
/// an `alloca`, an op of no definition, or one whose memory effects are not
/// declared; not an op whose effects are those of its regions.
fn may_allocate_on_stack(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.op_def(op) else {
        return true;
    };
    match def.traits.memory {
        _ if ctx.kind(op) == OpKind::MemrefAlloca => true,
        MemoryEffects::Unknown => {
            let recursive =
                def.traits.effect == ir::op_def::Effect::None && !ctx.op(op).regions.is_empty();
            !recursive && !def.traits.terminator
        }
        _ => false,
    }
}

/// An `alloca_scope` whose body allocates nothing on the stack, or that is
/// the last op (before the terminator) of the one block of an allocation
/// scope, gives way to its body (MLIR's `AllocaScopeInliner`).
fn inline_alloca_scope(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(&body) = ctx.op(op).regions.first() else {
        return false;
    };
    let mut allocates = false;
    let mut stack: Vec<OpId> = ctx
        .region(body)
        .blocks
        .iter()
        .flat_map(|&b| ctx.block_ops(b))
        .collect();
    while let Some(o) = stack.pop() {
        if may_allocate_on_stack(ctx, o) {
            allocates = true;
            break;
        }
        if ctx.op_def(o).is_some_and(|d| d.traits.allocation_scope) {
            continue;
        }
        for &r in &ctx.op(o).regions {
            for &b in &ctx.region(r).blocks {
                stack.extend(ctx.block_ops(b));
            }
        }
    }
    if allocates {
        let in_scope = ctx
            .parent_op(op)
            .and_then(|p| ctx.op_def(p))
            .is_some_and(|d| d.traits.allocation_scope);
        let block = ctx.op(op).parent;
        let terminator = block.and_then(|b| ctx.block_terminator(b));
        let last = terminator.is_some_and(|t| {
            ctx.op(op).next == Some(t) && ctx.op_def(t).is_none_or(|d| d.traits.terminator)
        });
        let one_block = block
            .and_then(|b| ctx.block(b).parent)
            .is_some_and(|r| ctx.region(r).blocks.len() == 1);
        if !(in_scope && last && one_block) {
            return false;
        }
    }
    crate::scf::replace_op_with_region(rw, op, body, &[])
}

/// The offset, sizes and strides an `extract_strided_metadata` reads that
/// its source type gives statically become constants for their users, then
/// a ranked `memref.cast` source is read through (MLIR's
/// `ExtractStridedMetadataOp::fold`, which creates the constants: a
/// pattern here).
fn constant_metadata(rw: &mut Rewriter, op: OpId) -> bool {
    let replaced = constants_for_metadata(rw, op);
    let cast = fold_cast_operands(rw.ctx, op, 0..1).is_some();
    if cast {
        rw.modified(op);
    }
    replaced || cast
}

fn constants_for_metadata(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(source) = ctx.operand(op, 0) else {
        return false;
    };
    let Some(memref) = MemRef::of(ctx, ctx.value_type(source)) else {
        return false;
    };
    let rank = memref.shape.len();
    let Some(layout) = memref.strides_and_offset() else {
        return false;
    };
    let results = ctx.op(op).results.to_vec();
    if results.len() != 2 + 2 * rank {
        return false;
    }
    let known = std::iter::once(layout.offset)
        .chain(memref.shape.iter().copied())
        .chain(layout.strides.iter().copied());
    let replace: Vec<(ValueId, i64)> = results[1..]
        .iter()
        .zip(known)
        .filter(|&(&r, v)| v != DYNAMIC && ctx.has_uses(r))
        .map(|(&r, v)| (r, v))
        .collect();
    if replace.is_empty() {
        return false;
    }
    let loc = ctx.op(op).loc.clone();
    for (r, v) in replace {
        let attr = index_attr(rw.ctx, v);
        let ty = rw.ctx.value_type(r);
        let Some(c) = crate::materialize_constant(rw.ctx, "arith", &attr, ty, loc.clone()) else {
            return false;
        };
        rw.insert_before(op, c);
        let Some(value) = rw.ctx.result(c, 0) else {
            return false;
        };
        rw.replace_all_uses(r, value);
    }
    true
}

/// Dynamic sizes of a `view` given as constants become static sizes of
/// its type; a `memref.cast` gives the users the type they had (MLIR's
/// `ViewOpShapeFolder`).
fn view_constant_sizes(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(old_ty) = result_type(rw.ctx, op) else {
        return false;
    };
    let operands = rw.ctx.op(op).operands.to_vec();
    let Some((new_ty, kept)) = static_sized_type(rw.ctx, old_ty, &operands[2..]) else {
        return false;
    };
    let data = rw.ctx.op(op);
    let mut state = OperationState::new(OpKind::MemrefView, data.loc.clone());
    state
        .operands
        .extend(operands[..2].iter().chain(&kept).copied());
    state.attrs = data.attrs.clone();
    state.result_types.push(new_ty);
    replace_with_cast_back(rw, op, state, old_ty)
}

/// The ranked memref type `old_ty` with the dynamic sizes that `sizes`
/// gives as non-negative constants made static; that type and the sizes
/// left dynamic.
fn static_sized_type(
    ctx: &mut Context,
    old_ty: Type,
    sizes: &[ValueId],
) -> Option<(Type, Vec<ValueId>)> {
    let memref = MemRef::of(ctx, old_ty)?;
    let (elem, layout, memory_space) = (
        memref.elem,
        memref.layout.cloned(),
        memref.memory_space.cloned(),
    );
    let (shape, kept) = crate::static_sizes(ctx, memref.shape, sizes)?;
    let ty = ctx.intern_type(TypeKind::MemRef {
        shape,
        elem,
        layout,
        memory_space,
    });
    Some((ty, kept))
}

/// A `view` of a `memref.cast` of an `alloc` views the allocation itself
/// (MLIR's `ViewOpMemrefCastFolder`).
fn view_of_cast_alloc(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let alloc = ctx
        .operand(op, 0)
        .and_then(|v| ctx.defining_op(v))
        .filter(|&c| ctx.kind(c) == OpKind::MemrefCast)
        .and_then(|c| ctx.operand(c, 0))
        .filter(|&v| {
            ctx.defining_op(v)
                .is_some_and(|a| ctx.kind(a) == OpKind::MemrefAlloc)
        });
    let (Some(alloc), Some(ty)) = (alloc, result_type(ctx, op)) else {
        return false;
    };
    let mut state = OperationState::new(OpKind::MemrefView, ctx.op(op).loc.clone());
    state.operands.push(alloc);
    state
        .operands
        .extend(ctx.op(op).operands.iter().skip(1).copied());
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
    true
}

/// `tensor.dim` of a `bufferization.to_tensor` is the `memref.dim` of its
/// buffer (a pattern the bufferization dialect registers).
pub(crate) fn dim_of_to_tensor(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    let ctx = &*rw.ctx;
    if kind != OpKind::TensorDim {
        return false;
    }
    let (Some(tensor), Some(index)) = (ctx.operand(op, 0), ctx.operand(op, 1)) else {
        return false;
    };
    let Some(buffer) = ctx
        .defining_op(tensor)
        .filter(|&d| ctx.kind(d) == OpKind::BufferizationToTensor)
        .and_then(|d| ctx.operand(d, 0))
    else {
        return false;
    };
    let Some(ty) = result_type(ctx, op) else {
        return false;
    };
    let mut state = OperationState::new(OpKind::MemrefDim, ctx.op(op).loc.clone());
    state.operands.extend([buffer, index]);
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
    true
}

/// An allocation only stored into and freed is never read: it goes, with
/// its stores and deallocations.
fn dead_alloc(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(memref) = ctx.result(op, 0) else {
        return false;
    };
    let users: Vec<OpId> = ctx.value(memref).uses.iter().map(|u| u.op).collect();
    let only_written = users.iter().all(|&u| match ctx.kind(u) {
        OpKind::MemrefStore => ctx.operand(u, 0) != Some(memref),
        OpKind::MemrefDealloc => true,
        _ => false,
    });
    if !only_written {
        return false;
    }
    let mut users = users;
    users.dedup();
    for u in users {
        rw.erase_op(u);
    }
    rw.erase_op(op);
    true
}

/// A copy to itself, or of no element, does nothing.
fn empty_or_self_copy(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (Some(source), Some(target)) = (ctx.operand(op, 0), ctx.operand(op, 1)) else {
        return false;
    };
    let empty = |v: ValueId| {
        ctx.type_kind(ctx.value_type(v))
            .shape()
            .is_some_and(|s| s.contains(&0))
    };
    if source == target || empty(source) || empty(target) {
        rw.erase_op(op);
        return true;
    }
    false
}

/// Dynamic sizes given as non-negative constants become static sizes of
/// the allocated type; a `memref.cast` gives the users the type they had.
fn constant_sizes(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (Some(def), Some(old_ty)) = (ctx.op_def(op), result_type(ctx, op)) else {
        return false;
    };
    let sizes = def.operand_group(ctx, op, 0).to_vec();
    let symbols = def.operand_group(ctx, op, 1).to_vec();
    let Some((new_ty, kept)) = static_sized_type(rw.ctx, old_ty, &sizes) else {
        return false;
    };
    let (kind, data) = (rw.ctx.kind(op), rw.ctx.op(op));
    let mut state = OperationState::new(kind, data.loc.clone());
    state.operands.extend(kept.iter().chain(&symbols).copied());
    state.props = data.props.clone();
    state.attrs = data.attrs.clone();
    let segments = ir::dialect::i32_array(rw.ctx, &[kept.len(), symbols.len()]);
    ir::context::set_named_attr(&mut state.props, "operandSegmentSizes", segments);
    state.result_types.push(new_ty);
    replace_with_cast_back(rw, op, state, old_ty)
}

/// Replace `op` by the op `state` describes, created before it, and a
/// `memref.cast` of its result back to `old_ty` (the type users had).
fn replace_with_cast_back(
    rw: &mut Rewriter,
    op: OpId,
    state: OperationState,
    old_ty: Type,
) -> bool {
    let loc = rw.ctx.op(op).loc.clone();
    let created = rw.create_before(op, state);
    let Some(new) = rw.ctx.result(created, 0) else {
        return false;
    };
    let mut cast = OperationState::new(OpKind::MemrefCast, loc);
    cast.operands.push(new);
    cast.result_types.push(old_ty);
    rw.replace_op_with_new(op, cast);
    true
}

/// `collapse_shape(expand_shape(x))` where each collapsed group is made of
/// whole expanded groups collapses `x` directly (MLIR's
/// `ComposeCollapseOfExpandOp`, on memrefs of the identity layout).
fn collapse_of_expand(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(expand) = ctx
        .operand(op, 0)
        .and_then(|v| ctx.defining_op(v))
        .filter(|&d| ctx.kind(d) == OpKind::MemrefExpandShape)
    else {
        return false;
    };
    let (Some(source), Some(result)) = (ctx.operand(expand, 0), result_type(ctx, op)) else {
        return false;
    };
    let identity = |t: ir::Type| MemRef::of(ctx, t).is_some_and(|m| m.layout.is_none());
    if !identity(ctx.value_type(source)) || !identity(result) {
        return false;
    }
    let (Some(expanded), Some(collapsed)) = (
        ir::dialect::memref::reassociation_of(ctx, expand),
        ir::dialect::memref::reassociation_of(ctx, op),
    ) else {
        return false;
    };
    // The source dimension of every expanded dimension.
    let mut source_of = Vec::new();
    for (d, group) in expanded.iter().enumerate() {
        source_of.extend(group.iter().map(|_| d as i64));
    }
    let mut groups = Vec::with_capacity(collapsed.len());
    for group in &collapsed {
        let mut sources: Vec<i64> = Vec::new();
        for &e in group {
            let Some(&d) = usize::try_from(e).ok().and_then(|e| source_of.get(e)) else {
                return false;
            };
            if sources.last() != Some(&d) {
                sources.push(d);
            }
        }
        // Whole expanded groups only: every dimension of each source's group.
        let covered: usize = sources
            .iter()
            .filter_map(|&d| expanded.get(usize::try_from(d).ok()?))
            .map(Vec::len)
            .sum();
        if covered != group.len() {
            return false;
        }
        groups.push(sources);
    }
    if groups.iter().all(|g| g.len() == 1) {
        return false; // the same rank: the folder gives `x` when types agree
    }
    let i64t = rw.ctx.intern_type(TypeKind::Integer {
        width: 64,
        signedness: ir::types::Signedness::Signless,
    });
    let attr = Attr::Array(
        groups
            .into_iter()
            .map(|g| {
                Attr::Array(
                    g.into_iter()
                        .map(|d| Attr::Int {
                            value: i128::from(d),
                            ty: i64t,
                        })
                        .collect(),
                )
            })
            .collect(),
    );
    let mut state = OperationState::new(OpKind::MemrefCollapseShape, rw.ctx.op(op).loc.clone());
    state.operands.push(source);
    state.result_types.push(result);
    ir::context::set_named_attr(&mut state.props, "reassociation", attr);
    rw.replace_op_with_new(op, state);
    true
}
