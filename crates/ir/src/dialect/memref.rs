//! `memref` dialect: every op of MLIR 22's dialect (buffers made, read,
//! written, viewed, cast, reshaped and freed; DMA, prefetches, atomics,
//! allocation scopes, alignment and aliasing assumptions), with its custom
//! syntax and verifiers.
//!
//! Memory effects are those of MLIR: `alloc`/`alloca` allocate; `load`
//! and `reshape` (its shape operand) read; `store`, `copy`, `dealloc`,
//! `realloc` (it frees its source), `prefetch`, `atomic_rmw` and
//! `generic_atomic_rmw` write; `dma_start` and `dma_wait` declare none
//! (MLIR does not attach its memory-effect interface to them), so may do
//! anything; `cast`, `dim`, `rank`,
//! `get_global`, the view ops (`subview`, `reinterpret_cast`,
//! `expand_shape`, `collapse_shape`, `transpose`, `view`,
//! `memory_space_cast`), `assume_alignment`, `distinct_objects` and the
//! metadata reads (`extract_strided_metadata`,
//! `extract_aligned_pointer_as_index`) are pure; `alloca_scope` does what
//! the ops of its region do.
//!
//! Layouts are checked where they are known ([`crate::layout`]): no
//! layout or a strided one. An op on a memref whose layout is another
//! affine map is accepted without its layout checks (MLIR may find the
//! map strided or not), and the strides of unit dimensions are not
//! compared in rank-reduced subviews: the verifiers accept some ops MLIR
//! rejects, never the other way round.

use crate::asm::{AsmParser, PResult};
use crate::attrs::{Attr, NamedAttr};
use crate::context::{Context, OpId, OperationState};
use crate::dialect::checks::{
    all_index, check_dynamic_sizes, check_edge_to_parent, check_in_bounds, constrain,
    reassociation, required_operand_type, required_result_type, shapes_compatible,
    verify_offsets_sizes_strides,
};
use crate::dialect::tensor::{slice_attrs, static_list};
use crate::dialect::{
    index, lookup_symbol, nearest_symbol_table, parse_delimited_operands,
    parse_optional_arrow_types, type_str,
};
use crate::format::{ParsedOperands, Var};
use crate::layout::{memory_space, memref_str, memref_str_with, Layout, MemRef, Strided};
use crate::op_def::{
    attr, many, maybe, one, op, opt_attr, AttrKind, Effect, MemoryEffects, OpDef, Reshape,
    ResultNames, TypeClass,
};
use crate::printer::OpPrinter;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};
use crate::verifier::{at_op, inference_failure, unprefixed};
use crate::OpKind;

pub fn ops() -> Vec<OpDef> {
    vec![
        alloc_like(OpKind::MemrefAlloc, "memory allocation operation"),
        alloc_like(OpKind::MemrefAlloca, "stack memory allocation operation"),
        op(OpKind::MemrefAllocaScope)
            .summary("explicitly delimited scope for stack allocation")
            .results([many("results")])
            .regions(["bodyRegion"])
            .effect(Effect::None)
            .allocation_scope()
            .single_block()
            .implicit_terminator(OpKind::MemrefAllocaScopeReturn)
            .custom(parse_alloca_scope, print_alloca_scope)
            .verify(verify_alloca_scope),
        op(OpKind::MemrefAllocaScopeReturn)
            .summary("terminator for alloca_scope operation")
            .operands([many("results")])
            .parents(&[OpKind::MemrefAllocaScope])
            .terminator()
            .format("attr-dict ($results^ `:` type($results))?"),
        op(OpKind::MemrefAssumeAlignment)
            .summary("assumption that gives alignment information to the input memref")
            .operands([one("memref").class(TypeClass::MemRef)])
            .results([one("result").same_as("memref")])
            .attrs([attr("alignment", AttrKind::Typed(super::i32))])
            .format("$memref `,` $alignment attr-dict `:` type($memref)")
            .pure()
            .result_names(|_, _, names| names.set(0, "assume_align"))
            .verify(verify_assume_alignment),
        op(OpKind::MemrefAtomicRmw)
            .summary("atomic read-modify-write operation")
            .operands([
                one("value"),
                one("memref").class(TypeClass::MemRef),
                many("indices").fixed(index),
            ])
            .results([one("result")])
            .attrs([attr("kind", AttrKind::Enum(ATOMIC_RMW_KINDS))])
            .format(
                "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` \
                 type($memref) `)` `->` type($result)",
            )
            .memory(MemoryEffects::Writes)
            .verify(verify_atomic_rmw),
        op(OpKind::MemrefAtomicYield)
            .summary("yield operation for GenericAtomicRMWOp")
            .operands([one("result")])
            .parents(&[OpKind::MemrefGenericAtomicRmw])
            .terminator()
            .format("$result attr-dict `:` type($result)")
            .verify(verify_atomic_yield),
        op(OpKind::MemrefCast)
            .cast()
            .summary("memref cast operation")
            .operands([one("source")])
            .results([one("dest")])
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .pure()
            .result_names(result_names)
            .verify(verify_cast),
        op(OpKind::MemrefCollapseShape)
            .summary("operation to produce a memref with a smaller rank.")
            .operands([one("src").class(TypeClass::MemRef)])
            .results([one("result").class(TypeClass::MemRef)])
            .reassociative_reshape(Reshape::Collapse)
            .result_names(result_names)
            .verify(verify_collapse_shape),
        op(OpKind::MemrefCopy)
            .summary("copies the data from the source to the destination memref")
            .operands([one("source"), one("target")])
            .format("$source `,` $target attr-dict `:` type($source) `to` type($target)")
            .memory(MemoryEffects::Writes)
            .verify(verify_copy),
        op(OpKind::MemrefDealloc)
            .summary("memory deallocation operation")
            .operands([one("memref")])
            .format("$memref attr-dict `:` type($memref)")
            .memory(MemoryEffects::Writes)
            .verify(verify_dealloc),
        op(OpKind::MemrefDim)
            .summary("dimension index operation")
            .operands([one("source"), one("index").fixed(index)])
            .results([one("result").fixed(index)])
            .format("attr-dict $source `,` $index `:` type($source)")
            .pure()
            .result_names(result_names)
            .verify(verify_dim),
        op(OpKind::MemrefDistinctObjects)
            .summary("assumption that acesses to specific memrefs will never alias")
            .operands([many("operands")])
            .results([many("results")])
            .pure()
            .custom(parse_distinct_objects, print_distinct_objects)
            .verify(verify_distinct_objects),
        op(OpKind::MemrefDmaStart)
            .summary("non-blocking DMA operation that starts a transfer")
            .operands([many("operands")])
            .custom(parse_dma_start, print_dma_start)
            .verify(verify_dma_start),
        op(OpKind::MemrefDmaWait)
            .summary("blocking DMA operation that waits for transfer completion")
            .operands([
                one("tagMemRef").class(TypeClass::MemRef),
                many("tagIndices").fixed(index),
                one("numElements").fixed(index),
            ])
            .format(
                "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)",
            )
            .verify(verify_dma_wait),
        op(OpKind::MemrefExpandShape)
            .summary("operation to produce a memref with a higher rank.")
            .operands([
                one("src").class(TypeClass::MemRef),
                many("output_shape").fixed(index),
            ])
            .results([one("result").class(TypeClass::MemRef)])
            .reassociative_reshape(Reshape::Expand)
            .result_names(result_names)
            .verify(verify_expand_shape),
        op(OpKind::MemrefExtractAlignedPointerAsIndex)
            .summary("Extracts a memref's underlying aligned pointer as an index")
            .operands([one("source").class(TypeClass::BufferLike)])
            .results([one("aligned_pointer")])
            .format("$source `:` type($source) `->` type(results) attr-dict")
            .pure()
            .result_names(|_, _, names| names.set(0, "intptr"))
            .verify(verify_extract_aligned_pointer),
        op(OpKind::MemrefExtractStridedMetadata)
            .summary("Extracts a buffer base with offset and strides")
            .operands([one("source").class(TypeClass::MemRef)])
            .results([one("base_buffer"), one("offset"), many("sizes_and_strides")])
            .format("$source `:` type($source) `->` type(results) attr-dict")
            .pure()
            .result_names(strided_metadata_names)
            .verify(verify_extract_strided_metadata),
        op(OpKind::MemrefGenericAtomicRmw)
            .summary("atomic read-modify-write operation with a region")
            .operands([
                one("memref").class(TypeClass::MemRef),
                many("indices").fixed(index),
            ])
            .results([one("result")])
            .regions(["atomic_body"])
            .single_block()
            .memory(MemoryEffects::Writes)
            .custom(parse_generic_atomic_rmw, print_generic_atomic_rmw)
            .verify(verify_generic_atomic_rmw),
        op(OpKind::MemrefGetGlobal)
            .summary("get the memref pointing to a global variable")
            .results([one("result").class(TypeClass::MemRef)])
            .attrs([attr("name", AttrKind::SymbolRef)])
            .format("$name `:` type($result) attr-dict")
            .pure()
            .verify(verify_get_global),
        op(OpKind::MemrefGlobal)
            .summary("declare or define a global memref variable")
            .attrs([
                attr("sym_name", AttrKind::SymbolName),
                opt_attr("sym_visibility", AttrKind::Str),
                attr("type", AttrKind::TypeAttr),
                opt_attr("initial_value", AttrKind::Any),
                opt_attr("constant", AttrKind::Unit),
                opt_attr("alignment", AttrKind::Any),
            ])
            .format(
                "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` \
                 custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
            )
            .verify(verify_global),
        op(OpKind::MemrefLoad)
            .summary("load operation")
            .operands([
                one("memref").class(TypeClass::MemRef),
                many("indices").fixed(index),
            ])
            .results([one("result").element_of("memref")])
            .attrs(access_attrs())
            .format("$memref `[` $indices `]` attr-dict `:` type($memref)")
            .memory(MemoryEffects::Reads)
            .verify(verify_load),
        op(OpKind::MemrefMemorySpaceCast)
            .cast()
            .summary("memref memory space cast operation")
            .operands([one("source").class(TypeClass::BufferLike)])
            .results([one("dest").class(TypeClass::BufferLike)])
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .pure()
            .result_names(|_, _, names| names.set(0, "memspacecast"))
            .verify(verify_memory_space_cast),
        op(OpKind::MemrefPrefetch)
            .summary("prefetch operation")
            .operands([one("memref"), many("indices").fixed(index)])
            .attrs([
                attr("isWrite", AttrKind::Bool),
                attr("localityHint", AttrKind::Typed(super::i32)),
                attr("isDataCache", AttrKind::Bool),
            ])
            .memory(MemoryEffects::Writes)
            .custom(parse_prefetch, print_prefetch)
            .verify(verify_prefetch),
        op(OpKind::MemrefRank)
            .summary("rank operation")
            .operands([one("memref")])
            .results([one("result").fixed(index)])
            .format("$memref attr-dict `:` type($memref)")
            .pure()
            .verify(verify_rank),
        op(OpKind::MemrefRealloc)
            .summary("memory reallocation operation")
            .operands([
                one("source").class(TypeClass::MemRef),
                maybe("dynamicResultSize").fixed(index),
            ])
            .results([one("result").class(TypeClass::MemRef)])
            .attrs([opt_attr("alignment", AttrKind::Any)])
            .format(
                "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` \
                 type($result)",
            )
            .memory(MemoryEffects::Writes)
            .verify(verify_realloc),
        op(OpKind::MemrefReinterpretCast)
            .summary("memref reinterpret cast operation")
            .operands([
                one("source"),
                many("offsets").fixed(index),
                many("sizes").fixed(index),
                many("strides").fixed(index),
            ])
            .results([one("result").class(TypeClass::MemRef)])
            .attrs(slice_attrs())
            .format(
                "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) \
                 `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) \
                 `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) \
                 attr-dict `:` type($source) `to` type($result)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_reinterpret_cast),
        op(OpKind::MemrefReshape)
            .summary("memref reshape operation")
            .operands([one("source"), one("shape")])
            .results([one("result")])
            .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
            .memory(MemoryEffects::Reads)
            .result_names(result_names)
            .verify(verify_reshape),
        op(OpKind::MemrefStore)
            .summary("store operation")
            .operands([
                one("value").element_of("memref"),
                one("memref").class(TypeClass::MemRef),
                many("indices").fixed(index),
            ])
            .attrs(access_attrs())
            .format("$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)")
            .memory(MemoryEffects::Writes)
            .verify(verify_store),
        op(OpKind::MemrefSubview)
            .summary("memref subview operation")
            .operands([
                one("source").class(TypeClass::MemRef),
                many("offsets").fixed(index),
                many("sizes").fixed(index),
                many("strides").fixed(index),
            ])
            .results([one("result").class(TypeClass::MemRef)])
            .attrs(slice_attrs())
            .format(
                "$source `` custom<DynamicIndexList>($offsets, $static_offsets) \
                 custom<DynamicIndexList>($sizes, $static_sizes) \
                 custom<DynamicIndexList>($strides, $static_strides) \
                 attr-dict `:` type($source) `to` type($result)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_subview),
        op(OpKind::MemrefTranspose)
            .summary("`transpose` produces a new strided memref (metadata-only)")
            .operands([one("in").class(TypeClass::MemRef)])
            .results([one("result").class(TypeClass::MemRef)])
            .attrs([attr("permutation", AttrKind::Any)])
            .pure()
            .custom(parse_transpose, print_transpose)
            .result_names(result_names)
            .verify(verify_transpose),
        op(OpKind::MemrefView)
            .summary("memref view operation")
            .operands([
                one("source").class(TypeClass::MemRef),
                one("byte_shift").fixed(index),
                many("sizes").fixed(index),
            ])
            .results([one("result").class(TypeClass::MemRef)])
            .format(
                "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` \
                 type($result)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_view),
    ]
}

/// The kinds of `memref.atomic_rmw` (MLIR's `arith::AtomicRMWKind`), in
/// the order of their values.
const ATOMIC_RMW_KINDS: &[&str] = &[
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

/// `memref.alloc` and `memref.alloca`: sizes of the dynamic dimensions in
/// parentheses, values of the layout's symbols in brackets.
fn alloc_like(kind: OpKind, summary: &'static str) -> OpDef {
    op(kind)
        .summary(summary)
        .operands([
            many("dynamicSizes").fixed(index),
            many("symbolOperands").fixed(index),
        ])
        .results([one("memref").class(TypeClass::MemRef)])
        .attrs([opt_attr("alignment", AttrKind::Any)])
        .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
        .memory(MemoryEffects::Allocates)
        .result_names(result_names)
        .verify(verify_alloc_like)
}

/// The optional attributes of `load` and `store`.
fn access_attrs() -> [crate::op_def::AttrSpec; 2] {
    [
        opt_attr("nontemporal", AttrKind::Any),
        opt_attr("alignment", AttrKind::Any),
    ]
}

/// `%alloc`, `%subview`...: the names MLIR's memref ops suggest.
fn result_names(ctx: &Context, op: OpId, names: &mut ResultNames) {
    if let Some(name) = ctx.op_name(op).strip_prefix("memref.") {
        names.set(0, name);
    }
}

// ------------------------------------------------------- custom directives

/// Parse the `custom<name>(...)` directives of this dialect's formats;
/// `None` if `name` is not one of them.
pub fn parse_directive(
    name: &str,
    _def: &OpDef,
    p: &mut dyn AsmParser,
    _state: &mut OperationState,
    _parsed: &mut ParsedOperands,
    attrs: &mut Vec<NamedAttr>,
    _args: &[Var],
) -> Option<PResult<()>> {
    (name == "GlobalMemrefOpTypeAndInitialValue").then(|| parse_global_type_and_value(p, attrs))
}

/// `memref<2xf32>`, then `= uninitialized` or `= <elements>` (of the
/// tensor type with the memref's shape and element type) if present.
fn parse_global_type_and_value(p: &mut dyn AsmParser, attrs: &mut Vec<NamedAttr>) -> PResult<()> {
    let at = p.offset();
    let ty = p.parse_type()?;
    let static_memref = MemRef::of(p.ctx(), ty).filter(|m| !m.shape.contains(&DYNAMIC));
    let Some(memref) = static_memref else {
        let shown = type_str(p.ctx(), ty);
        return Err(p.error_at(
            at,
            &format!(
                "custom op 'memref.global' type should be static shaped memref, but got '{shown}'"
            ),
        ));
    };
    let tensor = TypeKind::RankedTensor {
        shape: memref.shape.to_vec(),
        elem: memref.elem,
        encoding: None,
    };
    attrs.push((crate::attrs::attr_name("type"), Attr::Type(ty)));
    if !p.parse_optional_punct("=") {
        return Ok(());
    }
    let value = if p.parse_optional_keyword("uninitialized") {
        Attr::Unit
    } else {
        let tensor = p.ctx().intern_type(tensor);
        p.parse_attribute(Some(tensor))?
    };
    attrs.push((crate::attrs::attr_name("initial_value"), value));
    Ok(())
}

/// Print a `custom<name>(...)` directive; false if `name` is not one of this dialect's.
pub fn print_directive(
    name: &str,
    _def: &OpDef,
    p: &mut OpPrinter,
    op: OpId,
    _args: &[Var],
) -> bool {
    if name != "GlobalMemrefOpTypeAndInitialValue" {
        return false;
    }
    let ctx = p.ctx;
    if let Some(&Attr::Type(t)) = ctx.attr(op, "type") {
        p.ty(t);
    }
    match ctx.attr(op, "initial_value") {
        None => {}
        Some(Attr::Unit) => p.push(" = uninitialized"),
        Some(value) => {
            p.push(" = ");
            p.attr_without_type(value);
        }
    }
    true
}

// ------------------------------------------------------------ verifiers

/// ODS descriptions of the memref type constraints.
const ANY_MEMREF: &str = "memref of any type values";
const RANKED_OR_UNRANKED: &str = "ranked or unranked memref of any type values";
const STRIDED: &str = "strided memref of any type values";

fn is_memref(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
    )
}

/// `t` as a ranked memref, checked against the ODS constraint
/// `description` of `what` (`operand #0`).
fn ranked<'c>(
    ctx: &'c Context,
    t: Type,
    what: &str,
    description: &str,
) -> Result<MemRef<'c>, String> {
    MemRef::of(ctx, t).ok_or_else(|| {
        format!(
            "{what} must be {description}, but got '{}'",
            type_str(ctx, t)
        )
    })
}

/// `t` as a ranked memref of a strided layout (ODS `AnyStridedMemRef`),
/// checked as the constraint of `what` (`operand #0`).
fn strided<'c>(ctx: &'c Context, t: Type, what: &str) -> Result<MemRef<'c>, String> {
    let m = ranked(ctx, t, what, STRIDED)?;
    constrain(ctx, t, what, Layout::of(m.layout).may_be_strided(), STRIDED)?;
    Ok(m)
}

fn ranked_operand<'c>(
    ctx: &'c Context,
    op: OpId,
    i: usize,
    description: &str,
) -> Result<MemRef<'c>, String> {
    let t = required_operand_type(ctx, op, i)?;
    ranked(ctx, t, &format!("operand #{i}"), description)
}

fn ranked_result<'c>(ctx: &'c Context, op: OpId, description: &str) -> Result<MemRef<'c>, String> {
    let t = required_result_type(ctx, op)?;
    ranked(ctx, t, "result #0", description)
}

fn memref_operand(ctx: &Context, op: OpId, i: usize) -> Result<Type, String> {
    let t = required_operand_type(ctx, op, i)?;
    constrain(
        ctx,
        t,
        &format!("operand #{i}"),
        is_memref(ctx, t),
        RANKED_OR_UNRANKED,
    )?;
    Ok(t)
}

/// `alignment`, when present: a positive power of two of type `i64`.
fn check_alignment(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(a) = ctx.attr(op, "alignment") else {
        return Ok(());
    };
    let ok = match a {
        Attr::Int { value, ty } => {
            matches!(
                ctx.type_kind(*ty),
                TypeKind::Integer {
                    width: 64,
                    signedness: Signedness::Signless
                }
            ) && *value > 0
                && (*value as u128).is_power_of_two()
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0".into())
    }
}

fn verify_alloc_like(ctx: &Context, op: OpId) -> Result<(), String> {
    let memref = ranked_result(ctx, op, ANY_MEMREF)?;
    all_index(ctx, op, 0)?;
    check_alignment(ctx, op)?;
    let def = ctx.op_def(op).ok_or("requires a definition")?;
    if ctx.kind(op) == OpKind::MemrefAlloca {
        let mut scoped = false;
        let mut cur = ctx.parent_op(op);
        while let Some(o) = cur {
            scoped |= ctx.op_def(o).is_some_and(|d| d.traits.allocation_scope);
            cur = ctx.parent_op(o);
        }
        if !scoped {
            return Err("requires an ancestor op with AutomaticAllocationScope trait".into());
        }
    }
    check_dynamic_sizes(memref.shape, def.operand_group(ctx, op, 0).len())?;
    let symbols = Layout::of(memref.layout).num_symbols();
    let given = def.operand_group(ctx, op, 1).len();
    if given != symbols {
        return Err(format!(
            "symbol operand count does not equal memref symbol count: expected {symbols}, got {given}"
        ));
    }
    Ok(())
}

/// MLIR's `memref.cast` compatibility: same element type and memory
/// space; between ranked types the same rank, sizes that agree where both
/// are static, and layouts that are equal or strided with offsets and
/// strides agreeing where both are static (strides of unit dimensions are
/// free); ranked to unranked or back, not unranked to unranked.
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    let (ka, kb) = (ctx.type_kind(a), ctx.type_kind(b));
    if ka.shape().is_none() && kb.shape().is_none() {
        // Unranked to unranked is not a cast, even to the same type.
        return false;
    }
    if a == b {
        return true;
    }
    if ka.element_type() != kb.element_type() || memory_space(ctx, a) != memory_space(ctx, b) {
        return false;
    }
    match (MemRef::of(ctx, a), MemRef::of(ctx, b)) {
        (Some(x), Some(y)) => {
            if x.layout != y.layout {
                let agree = |p: i64, q: i64| p == DYNAMIC || q == DYNAMIC || p == q;
                match (x.strides_and_offset(), y.strides_and_offset()) {
                    (Some(sx), Some(sy)) => {
                        let strides_agree = sx.strides.len() == sy.strides.len()
                            && (0..sx.strides.len()).all(|i| {
                                x.shape.get(i) == Some(&1)
                                    || y.shape.get(i) == Some(&1)
                                    || agree(sx.strides[i], sy.strides[i])
                            });
                        if !agree(sx.offset, sy.offset) || !strides_agree {
                            return false;
                        }
                    }
                    // An affine map this reader cannot take apart: MLIR
                    // may find it strided.
                    _ => {
                        let opaque =
                            |m: &MemRef| matches!(Layout::of(m.layout), Layout::AffineMap { .. });
                        if !opaque(&x) && !opaque(&y) {
                            return false;
                        }
                    }
                }
            }
            shapes_compatible(Some(x.shape), Some(y.shape))
        }
        _ => is_memref(ctx, a) && is_memref(ctx, b),
    }
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_cast_like(ctx, op, cast_compatible)
}

/// A cast from a memref operand to a memref result that `compatible`
/// accepts (`memref.cast`, `memref.memory_space_cast`).
fn verify_cast_like(
    ctx: &Context,
    op: OpId,
    compatible: fn(&Context, Type, Type) -> bool,
) -> Result<(), String> {
    let src = memref_operand(ctx, op, 0)?;
    let dst = required_result_type(ctx, op)?;
    constrain(
        ctx,
        dst,
        "result #0",
        is_memref(ctx, dst),
        RANKED_OR_UNRANKED,
    )?;
    if !compatible(ctx, src, dst) {
        return Err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_str(ctx, src),
            type_str(ctx, dst)
        ));
    }
    Ok(())
}

fn verify_copy(ctx: &Context, op: OpId) -> Result<(), String> {
    let src = memref_operand(ctx, op, 0)?;
    let dst = memref_operand(ctx, op, 1)?;
    let (ks, kd) = (ctx.type_kind(src), ctx.type_kind(dst));
    if ks.element_type() != kd.element_type() {
        return Err("requires the same element type for all operands".into());
    }
    if !shapes_compatible(ks.shape(), kd.shape()) {
        return Err("requires the same shape for all operands".into());
    }
    Ok(())
}

fn verify_dealloc(ctx: &Context, op: OpId) -> Result<(), String> {
    memref_operand(ctx, op, 0).map(drop)
}

fn verify_dim(ctx: &Context, op: OpId) -> Result<(), String> {
    let src = required_operand_type(ctx, op, 0)?;
    let ok = match ctx.type_kind(src) {
        TypeKind::MemRef { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedMemRef { .. } => true,
        _ => false,
    };
    constrain(
        ctx,
        src,
        "operand #0",
        ok,
        "unranked.memref of any type values or non-0-ranked.memref of any type values",
    )?;
    index_operand_and_result(ctx, op, 1)
}

/// Operand `i` and the result are `index` values.
fn index_operand_and_result(ctx: &Context, op: OpId, i: usize) -> Result<(), String> {
    let is_index = |t: Type| matches!(ctx.type_kind(t), TypeKind::Index);
    let idx = required_operand_type(ctx, op, i)?;
    constrain(ctx, idx, &format!("operand #{i}"), is_index(idx), "index")?;
    let r = required_result_type(ctx, op)?;
    constrain(ctx, r, "result #0", is_index(r), "index")
}

fn verify_rank(ctx: &Context, op: OpId) -> Result<(), String> {
    memref_operand(ctx, op, 0)?;
    let r = required_result_type(ctx, op)?;
    constrain(
        ctx,
        r,
        "result #0",
        matches!(ctx.type_kind(r), TypeKind::Index),
        "index",
    )
}

fn verify_load(ctx: &Context, op: OpId) -> Result<(), String> {
    let memref = ranked_operand(ctx, op, 0, ANY_MEMREF)?;
    all_index(ctx, op, 1)?;
    if required_result_type(ctx, op)? != memref.elem {
        return Err("failed to verify that result type matches element type of 'memref'".into());
    }
    check_alignment(ctx, op)?;
    let indices = ctx.op(op).operands.len() - 1;
    if indices != memref.shape.len() {
        return Err(format!(
            "incorrect number of indices for load, expected {} but got {indices}",
            memref.shape.len()
        ));
    }
    Ok(())
}

fn verify_store(ctx: &Context, op: OpId) -> Result<(), String> {
    let memref = ranked_operand(ctx, op, 1, ANY_MEMREF)?;
    all_index(ctx, op, 2)?;
    if required_operand_type(ctx, op, 0)? != memref.elem {
        return Err(
            "failed to verify that type of 'value' matches element type of 'memref'".into(),
        );
    }
    check_alignment(ctx, op)?;
    if ctx.op(op).operands.len() != 2 + memref.shape.len() {
        return Err("store index operand count not equal to memref rank".into());
    }
    Ok(())
}

fn verify_get_global(ctx: &Context, op: OpId) -> Result<(), String> {
    let rt = required_result_type(ctx, op)?;
    let static_memref = MemRef::of(ctx, rt).is_some_and(|m| !m.shape.contains(&DYNAMIC));
    constrain(
        ctx,
        rt,
        "result #0",
        static_memref,
        "statically shaped memref of any type values",
    )?;
    let Some(name) = ctx.attr(op, "name").and_then(Attr::as_symbol) else {
        return Err(
            "attribute 'name' failed to satisfy constraint: flat symbol reference attribute".into(),
        );
    };
    // A function checked out on its own has no symbol table in reach.
    let Some(table) = nearest_symbol_table(ctx, op) else {
        return Ok(());
    };
    let global = lookup_symbol(ctx, table, name).filter(|&g| ctx.kind(g) == OpKind::MemrefGlobal);
    let Some(global) = global else {
        return Err(format!("'{name}' does not reference a valid global memref"));
    };
    match ctx.attr(global, "type") {
        Some(&Attr::Type(t)) if t != rt => {
            let mut sym = String::new();
            crate::print_attr::write_symbol_name(&mut sym, name);
            Err(format!(
                "result type '{}' does not match type '{}' of the global memref {sym}",
                type_str(ctx, rt),
                type_str(ctx, t)
            ))
        }
        _ => Ok(()),
    }
}

fn verify_global(ctx: &Context, op: OpId) -> Result<(), String> {
    let ty = match ctx.attr(op, "type") {
        Some(&Attr::Type(t)) if MemRef::of(ctx, t).is_some() => t,
        _ => {
            return Err(
                "attribute 'type' failed to satisfy constraint: memref type attribute".into(),
            )
        }
    };
    check_alignment(ctx, op)?;
    let Some(memref) = MemRef::of(ctx, ty).filter(|m| !m.shape.contains(&DYNAMIC)) else {
        return Err(format!(
            "type should be static shaped memref, but got '{}'",
            type_str(ctx, ty)
        ));
    };
    let initial = ctx.attr(op, "initial_value");
    match (initial, initial.and_then(Attr::elements_type)) {
        (None | Some(Attr::Unit), _) => Ok(()),
        (_, Some(init)) => {
            let kind = ctx.type_kind(init);
            let shape = kind.shape().unwrap_or_default();
            if shape != memref.shape {
                let list = |s: &[i64]| s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
                return Err(format!(
                    "initial value shape expected to be {} but was {}",
                    list(memref.shape),
                    list(shape)
                ));
            }
            match kind.element_type() {
                Some(e) if e != memref.elem => Err(format!(
                    "initial value element expected to be of type '{}', but was of type '{}'",
                    type_str(ctx, memref.elem),
                    type_str(ctx, e)
                )),
                _ => Ok(()),
            }
        }
        // `sparse<...>` and other elements attributes kept as text.
        (Some(Attr::Opaque(_)), None) => Ok(()),
        (Some(other), None) => Err(format!(
            "initial value should be a unit or elements attribute, but got {}",
            crate::print_attr::AttrPrinter::new(ctx).attr_to_string(other)
        )),
    }
}

/// `expected result type to be 'T' or a rank-reduced version. (why), but got 'R'`.
fn subview_mismatch(ctx: &Context, expected: &str, why: &str, got: Type) -> String {
    unprefixed(format_args!(
        "expected result type to be '{expected}' or a rank-reduced version. ({why}), but got '{}'",
        type_str(ctx, got)
    ))
}

/// Positions of `expected` dims kept in `got` (the others have size 1
/// and are dropped), every way such a matching exists, up to `limit`.
fn rank_reductions(expected: &[i64], got: &[i64], limit: usize) -> Vec<Vec<usize>> {
    fn go(
        e: &[i64],
        g: &[i64],
        from: usize,
        kept: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if kept.len() == g.len() {
            if e[from..].iter().all(|&d| d == 1) {
                out.push(kept.clone());
            }
            return;
        }
        for i in from..e.len() {
            if e[i] == g[kept.len()] {
                kept.push(i);
                go(e, g, i + 1, kept, out, limit);
                kept.pop();
            }
            if e[i] != 1 {
                break;
            }
        }
    }
    let mut out = Vec::new();
    go(expected, got, 0, &mut Vec::new(), &mut out, limit);
    out
}

fn verify_subview(ctx: &Context, op: OpId) -> Result<(), String> {
    let source = ranked_operand(ctx, op, 0, ANY_MEMREF)?;
    all_index(ctx, op, 1)?;
    let rt = required_result_type(ctx, op)?;
    let result = ranked(ctx, rt, "result #0", ANY_MEMREF)?;
    let rank = source.shape.len();
    verify_offsets_sizes_strides(ctx, op, [rank; 3])?;
    let st = required_operand_type(ctx, op, 0)?;
    if source.memory_space != result.memory_space {
        return Err(unprefixed(format_args!(
            "different memory spaces specified for base memref type '{}' and subview memref type '{}'",
            type_str(ctx, st),
            type_str(ctx, rt)
        )));
    }
    let offsets = static_list(ctx, op, "static_offsets");
    let sizes = static_list(ctx, op, "static_sizes");
    let strides = static_list(ctx, op, "static_strides");
    if let Some(base) = source.strides_and_offset() {
        let offset = offsets
            .iter()
            .zip(&base.strides)
            .fold(base.offset, |acc, (&o, &s)| {
                stride_add(acc, stride_mul(o, s))
            });
        let layout = Strided {
            strides: base
                .strides
                .iter()
                .zip(&strides)
                .map(|(&a, &b)| stride_mul(a, b))
                .collect(),
            offset,
        };
        let expected = memref_str(ctx, &sizes, source.elem, Some(&layout), source.memory_space);
        if result.shape.len() > sizes.len() {
            return Err(unprefixed(format_args!(
                "expected result rank to be smaller or equal to the source rank, but got '{}'",
                type_str(ctx, rt)
            )));
        }
        let reductions = rank_reductions(&sizes, result.shape, 64);
        if reductions.is_empty() {
            return Err(subview_mismatch(
                ctx,
                &expected,
                "mismatch of result sizes",
                rt,
            ));
        }
        if result.elem != source.elem {
            return Err(unprefixed(format_args!(
                "expected result element type to be '{}', but got '{}'",
                type_str(ctx, source.elem),
                type_str(ctx, rt)
            )));
        }
        if let Some(got) = result.strides_and_offset() {
            let fits = |kept: &Vec<usize>| {
                got.offset == layout.offset
                    && kept.iter().enumerate().all(|(j, &i)| {
                        result.shape.get(j) == Some(&1)
                            || got.strides.get(j) == layout.strides.get(i)
                    })
            };
            if !reductions.iter().any(fits) {
                return Err(subview_mismatch(
                    ctx,
                    &expected,
                    "mismatch of result layout",
                    rt,
                ));
            }
        }
    }
    check_in_bounds(ctx, op, source.shape)
}

/// `size = 4` or `size = dynamic` in `reinterpret_cast` messages.
fn static_or_dynamic(x: i64) -> String {
    if x == DYNAMIC {
        "dynamic".into()
    } else {
        x.to_string()
    }
}

fn verify_reinterpret_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let st = memref_operand(ctx, op, 0)?;
    all_index(ctx, op, 1)?;
    let rt = required_result_type(ctx, op)?;
    let result = strided(ctx, rt, "result #0")?;
    verify_offsets_sizes_strides(ctx, op, [1, result.shape.len(), result.shape.len()])?;
    let pair = || {
        format!(
            "'{}' and result memref type '{}'",
            type_str(ctx, st),
            type_str(ctx, rt)
        )
    };
    if memory_space(ctx, st) != result.memory_space {
        return Err(unprefixed(format_args!(
            "different memory spaces specified for source type {}",
            pair()
        )));
    }
    if ctx.type_kind(st).element_type() != Some(result.elem) {
        return Err(unprefixed(format_args!(
            "different element types specified for source type {}",
            pair()
        )));
    }
    let sizes = static_list(ctx, op, "static_sizes");
    for (i, (&got, &want)) in result.shape.iter().zip(&sizes).enumerate() {
        if got != DYNAMIC && got != want {
            return Err(unprefixed(format_args!(
                "expected result type with size = {} instead of {got} in dim = {i}",
                static_or_dynamic(want)
            )));
        }
    }
    let Some(layout) = result.strides_and_offset() else {
        return Ok(());
    };
    let offset = static_list(ctx, op, "static_offsets")
        .first()
        .copied()
        .unwrap_or(DYNAMIC);
    if layout.offset != DYNAMIC && layout.offset != offset {
        return Err(unprefixed(format_args!(
            "expected result type with offset = {} instead of {}",
            static_or_dynamic(offset),
            layout.offset
        )));
    }
    let strides = static_list(ctx, op, "static_strides");
    for (i, (&got, &want)) in layout.strides.iter().zip(&strides).enumerate() {
        if got != DYNAMIC && got != want {
            return Err(unprefixed(format_args!(
                "expected result type with stride = {} instead of {got} in dim = {i}",
                static_or_dynamic(want)
            )));
        }
    }
    Ok(())
}

/// MLIR's `verifyCollapsedShape`: `collapsed` is `expanded` with each
/// reassociation group of dimensions merged into one.
fn verify_collapsed_shape(
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<i64>],
    multiple_dynamic: bool,
) -> Result<(), String> {
    if collapsed.len() != groups.len() {
        return Err(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next = 0i64;
    for (i, group) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &d in group {
            if d != next {
                return Err("reassociation indices must be contiguous".into());
            }
            next += 1;
            let Some(&size) = usize::try_from(d).ok().and_then(|d| expanded.get(d)) else {
                return Err(format!("reassociation index {d} is out of bounds"));
            };
            if size == DYNAMIC {
                if dynamic && !multiple_dynamic {
                    return Err(
                        "at most one dimension in a reassociation group may be dynamic".into(),
                    );
                }
                dynamic = true;
            }
        }
        if (collapsed[i] == DYNAMIC) != dynamic {
            return Err(format!(
                "collapsed dim ({i}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if !dynamic {
            let size = group
                .iter()
                .try_fold(1i64, |acc, &d| acc.checked_mul(expanded[d as usize]));
            if size != Some(collapsed[i]) {
                return Err(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({})",
                    collapsed[i],
                    size.map_or("?".to_string(), |s| s.to_string())
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Err("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next != expanded.len() as i64 {
        return Err(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    Ok(())
}

/// Product of strides, sizes or offsets: unknown when either factor is
/// (or when it overflows).
fn stride_mul(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_mul(b).unwrap_or(DYNAMIC)
    }
}

/// Sum of offsets: unknown when either term is (or when it overflows).
fn stride_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_add(b).unwrap_or(DYNAMIC)
    }
}

/// The strides after collapsing `groups` of `src` (MLIR's
/// `computeCollapsedLayoutMap`); `None` if the groups are not contiguous.
fn collapsed_strides(shape: &[i64], src: &Strided, groups: &[Vec<i64>]) -> Option<Vec<i64>> {
    let size = |d: i64| usize::try_from(d).ok().and_then(|d| shape.get(d).copied());
    let stride = |d: i64| {
        usize::try_from(d)
            .ok()
            .and_then(|d| src.strides.get(d).copied())
    };
    let mut strides = Vec::with_capacity(groups.len());
    for g in groups {
        let mut dims: &[i64] = g;
        while dims.len() > 1 && dims.last().and_then(|&d| size(d)) == Some(1) {
            dims = &dims[..dims.len() - 1];
        }
        let last = *dims.last()?;
        strides.push(if size(last)? != DYNAMIC || dims.len() == 1 {
            stride(last)?
        } else {
            DYNAMIC
        });
    }
    for (g, &result_stride) in groups.iter().zip(&strides) {
        let mut inner = result_stride;
        for &d in g.iter().skip(1).rev() {
            inner = stride_mul(inner, size(d)?);
            if size(d)? == 1 {
                continue;
            }
            let outer = stride(d - 1)?;
            if inner != DYNAMIC && outer != DYNAMIC && inner != outer {
                return None;
            }
        }
    }
    Some(strides)
}

/// The strides after expanding `src` into `shape` by `groups` (MLIR's
/// `computeExpandedLayoutMap`): each group's last dimension keeps the
/// source stride, the ones before it multiply by the sizes after them.
fn expanded_strides(shape: &[i64], src: &Strided, groups: &[Vec<i64>]) -> Vec<i64> {
    let mut strides = vec![DYNAMIC; shape.len()];
    for (g, &src_stride) in groups.iter().zip(&src.strides) {
        let mut stride = src_stride;
        for &d in g.iter().rev() {
            let Some(d) = usize::try_from(d).ok().filter(|&d| d < shape.len()) else {
                continue;
            };
            strides[d] = stride;
            stride = stride_mul(stride, shape[d]);
        }
    }
    strides
}

/// `'memref.expand_shape'`/`'memref.collapse_shape'`: the result type
/// must be the one the source layout gives, compared as MLIR compares
/// them (a strided layout equal to the row-major one is no layout).
fn check_reshaped_type(
    ctx: &Context,
    what: &str,
    got: &MemRef,
    expected_layout: Option<Strided>,
    src: &MemRef,
) -> Result<(), String> {
    let expected = match &expected_layout {
        None => memref_str(ctx, got.shape, src.elem, None, src.memory_space),
        Some(l) if *l == Strided::row_major(got.shape) => {
            memref_str(ctx, got.shape, src.elem, None, src.memory_space)
        }
        Some(l) => memref_str(ctx, got.shape, src.elem, Some(l), src.memory_space),
    };
    // An affine-map layout this reader cannot take apart is not compared.
    let Some(got_layout) = got.strides_and_offset() else {
        return Ok(());
    };
    let got_layout = (got_layout != Strided::row_major(got.shape)).then_some(got_layout);
    let found = memref_str(
        ctx,
        got.shape,
        got.elem,
        got_layout.as_ref(),
        got.memory_space,
    );
    if expected != found {
        return Err(format!(
            "expected {what} type to be '{expected}' but found '{found}'"
        ));
    }
    Ok(())
}

fn verify_collapse_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    let rt = required_result_type(ctx, op)?;
    let src = strided(ctx, required_operand_type(ctx, op, 0)?, "operand #0")?;
    let result = strided(ctx, rt, "result #0")?;
    let groups = reassociation(ctx, op)?;
    verify_collapsed_shape(result.shape, src.shape, &groups, true)?;
    let layout = match Layout::of(src.layout) {
        Layout::Identity => None,
        Layout::Strided(s) => Some(
            collapsed_strides(src.shape, &s, &groups)
                .map(|strides| Strided {
                    strides,
                    offset: s.offset,
                })
                .ok_or("invalid source layout map or collapsing non-contiguous dims")?,
        ),
        Layout::AffineMap { .. } | Layout::Other => return Ok(()),
    };
    check_reshaped_type(ctx, "collapsed", &result, layout, &src)
}

fn verify_expand_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    let rt = required_result_type(ctx, op)?;
    let src = strided(ctx, required_operand_type(ctx, op, 0)?, "operand #0")?;
    let result = strided(ctx, rt, "result #0")?;
    all_index(ctx, op, 1)?;
    let groups = reassociation(ctx, op)?;
    verify_collapsed_shape(src.shape, result.shape, &groups, true)?;
    let statics = static_list(ctx, op, "static_output_shape");
    if statics.len() != result.shape.len() {
        return Err(format!(
            "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
            result.shape.len(),
            statics.len()
        ));
    }
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    let values = ctx.op(op).operands.len().saturating_sub(1);
    if values != dynamic {
        return Err(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
    let layout = match Layout::of(src.layout) {
        Layout::Identity => None,
        Layout::Strided(s) => Some(Strided {
            strides: expanded_strides(result.shape, &s, &groups),
            offset: s.offset,
        }),
        Layout::AffineMap { .. } | Layout::Other => return Ok(()),
    };
    check_reshaped_type(ctx, "expanded", &result, layout, &src)
}

/// `%base_buffer, %offset, %sizes:N, %strides:N` of
/// `memref.extract_strided_metadata`.
fn strided_metadata_names(ctx: &Context, op: OpId, names: &mut ResultNames) {
    let n = ctx.op(op).results.len();
    let rank = n.saturating_sub(2) / 2;
    for (i, name) in [
        (0, "base_buffer"),
        (1, "offset"),
        (2, "sizes"),
        (2 + rank, "strides"),
    ] {
        if i < n && (i < 2 || rank > 0) {
            names.set(i, name);
        }
    }
}

// ------------------------------------------------------------ custom forms

/// ` -> (T)` if the scope has results, then the region (its terminator
/// shown only then), then the attributes; two spaces after the op name, as
/// MLIR prints it.
fn print_alloca_scope(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    p.push(" ");
    let results = ctx.types_of(&ctx.op(op).results);
    if !results.is_empty() {
        p.push(" -> (");
        p.types(&results);
        p.push(")");
    }
    p.push(" ");
    if let Some(&r) = ctx.op(op).regions.first() {
        p.region(r, false, !results.is_empty());
    }
    p.attr_dict(op, &[], false);
}

fn parse_alloca_scope(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    state.result_types = parse_optional_arrow_types(p)?.into();
    let r = p.ctx().create_region();
    state.regions.push(r);
    p.parse_region(r, &[], false)?;
    let loc = state.loc.clone();
    super::ensure_terminator(p.ctx(), r, OpKind::MemrefAllocaScopeReturn, &loc);
    p.parse_optional_attr_dict(&mut state.attrs)
}

/// `%a, %b {attrs} : T, U`; the results have the operands' types.
fn parse_distinct_objects(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let names = match p.parse_optional_operand()? {
        Some(first) => {
            let mut names = vec![first];
            while p.parse_optional_punct(",") {
                names.push(p.parse_operand()?);
            }
            names
        }
        None => Vec::new(),
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let types = match names.is_empty() {
        true => Vec::new(),
        false => super::arith::parse_type_list(p)?,
    };
    super::arith::resolve_all(p, state, &names, &types)?;
    state.result_types = types.into();
    Ok(())
}

fn print_distinct_objects(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let operands = &ctx.op(op).operands;
    if !operands.is_empty() {
        p.push(" ");
        p.operands(operands);
    }
    p.attr_dict(op, &[], false);
    p.push(" : ");
    p.types(&ctx.types_of(operands));
}

/// The operand groups of a `memref.dma_start`, from the ranks of its
/// memrefs: source, its indices, destination, its indices, the number of
/// elements, tag, its indices, then the stride and the elements per
/// stride if given; `None` where the operands do not have that form.
struct DmaOperands {
    src_indices: std::ops::Range<usize>,
    dst: usize,
    dst_indices: std::ops::Range<usize>,
    num_elements: usize,
    tag: usize,
    tag_indices: std::ops::Range<usize>,
    strided: bool,
}

impl DmaOperands {
    fn of(ctx: &Context, op: OpId) -> Option<DmaOperands> {
        let operands = &ctx.op(op).operands;
        let rank = |i: usize| {
            let t = ctx.value_type(*operands.get(i)?);
            MemRef::of(ctx, t).map(|m| m.shape.len())
        };
        let src_rank = rank(0)?;
        let dst = 1 + src_rank;
        let dst_rank = rank(dst)?;
        let num_elements = dst + 1 + dst_rank;
        let tag = num_elements + 1;
        let tag_rank = rank(tag)?;
        let end = tag + 1 + tag_rank;
        let strided = match operands.len() {
            n if n == end => false,
            n if n == end + 2 => true,
            _ => return None,
        };
        Some(DmaOperands {
            src_indices: 1..dst,
            dst,
            dst_indices: dst + 1..num_elements,
            num_elements,
            tag,
            tag_indices: tag + 1..end,
            strided,
        })
    }
}

/// `%src[%i], %dst[%j], %n, %tag[%k] (, %stride, %per_stride)? {attrs}
/// : src_type, dst_type, tag_type`.
fn parse_dma_start(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let name_at = p.name_offset();
    let src = p.parse_operand()?;
    let src_indices = parse_delimited_operands(p, "[", "]")?;
    p.expect_punct(",")?;
    let dst = p.parse_operand()?;
    let dst_indices = parse_delimited_operands(p, "[", "]")?;
    p.expect_punct(",")?;
    let num_elements = p.parse_operand()?;
    p.expect_punct(",")?;
    let tag = p.parse_operand()?;
    let tag_indices = parse_delimited_operands(p, "[", "]")?;
    let mut strides = Vec::new();
    while p.parse_optional_punct(",") {
        strides.push(p.parse_operand()?);
    }
    if !strides.is_empty() && strides.len() != 2 {
        return Err(p.error_at(
            name_at,
            "custom op 'memref.dma_start' expected two stride related operands",
        ));
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let types = super::arith::parse_type_list(p)?;
    let &[src_ty, dst_ty, tag_ty] = types.as_slice() else {
        return Err(p.error_at(
            name_at,
            "custom op 'memref.dma_start' fewer/more types expected",
        ));
    };
    let index = index(p.ctx());
    let groups: [(&[_], Type); 7] = [
        (std::slice::from_ref(&src), src_ty),
        (&src_indices, index),
        (std::slice::from_ref(&dst), dst_ty),
        (&dst_indices, index),
        (std::slice::from_ref(&num_elements), index),
        (std::slice::from_ref(&tag), tag_ty),
        (&tag_indices, index),
    ];
    for (names, ty) in groups.into_iter().chain([(strides.as_slice(), index)]) {
        for name in names {
            let v = p.resolve_operand(name, ty)?;
            state.operands.push(v);
        }
    }
    Ok(())
}

fn print_dma_start(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let operands = &ctx.op(op).operands;
    let Some(d) = DmaOperands::of(ctx, op) else {
        // Not of the form the verifier accepts: printed in generic form.
        return;
    };
    let indexed = |p: &mut OpPrinter, v: usize, indices: &std::ops::Range<usize>| {
        p.operand(operands[v]);
        p.push("[");
        p.operands(&operands[indices.clone()]);
        p.push("]");
    };
    p.push(" ");
    indexed(p, 0, &d.src_indices);
    p.push(", ");
    indexed(p, d.dst, &d.dst_indices);
    p.push(", ");
    p.operand(operands[d.num_elements]);
    p.push(", ");
    indexed(p, d.tag, &d.tag_indices);
    if d.strided {
        p.push(", ");
        p.operands(&operands[d.tag_indices.end..]);
    }
    p.attr_dict(op, &[], false);
    p.push(" : ");
    p.types(&ctx.types_of(&[operands[0], operands[d.dst], operands[d.tag]]));
}

/// `%m[%i] : memref<...> { ^bb0(%current: T): ... } {attrs}`; the result
/// has the memref's element type.
fn parse_generic_atomic_rmw(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let memref = p.parse_operand()?;
    let indices = parse_delimited_operands(p, "[", "]")?;
    p.expect_punct(":")?;
    let at = p.offset();
    let ty = p.parse_type()?;
    let Some(elem) = MemRef::of(p.ctx(), ty).map(|m| m.elem) else {
        let shown = type_str(p.ctx(), ty);
        return Err(p.error_at(
            at,
            &format!("custom op 'memref.generic_atomic_rmw' invalid kind of type specified: expected builtin.memref, but found '{shown}'"),
        ));
    };
    let v = p.resolve_operand(&memref, ty)?;
    state.operands.push(v);
    let index = index(p.ctx());
    for i in &indices {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    let r = p.ctx().create_region();
    state.regions.push(r);
    p.parse_region(r, &[], false)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.result_types.push(elem);
    Ok(())
}

fn print_generic_atomic_rmw(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let operands = &ctx.op(op).operands;
    p.push(" ");
    p.operand(operands[0]);
    p.push("[");
    p.operands(&operands[1..]);
    p.push("] : ");
    p.ty(ctx.value_type(operands[0]));
    p.push(" ");
    if let Some(&r) = ctx.op(op).regions.first() {
        p.region(r, true, true);
    }
    p.attr_dict(op, &[], false);
}

/// `%m[%i], read, locality<3>, data : memref<...>` (no attributes are
/// read, as in MLIR, though other attributes are printed).
fn parse_prefetch(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let name_at = p.name_offset();
    let memref = p.parse_operand()?;
    let indices = parse_delimited_operands(p, "[", "]")?;
    p.expect_punct(",")?;
    let read_or_write = p.parse_keyword()?;
    p.expect_punct(",")?;
    p.expect_keyword("locality")?;
    p.expect_punct("<")?;
    let i32 = super::i32(p.ctx());
    let hint = p.parse_attribute(Some(i32))?;
    p.expect_punct(">")?;
    p.expect_punct(",")?;
    let cache = p.parse_keyword()?;
    p.expect_punct(":")?;
    let ty = p.parse_type()?;
    let v = p.resolve_operand(&memref, ty)?;
    state.operands.push(v);
    let index = index(p.ctx());
    for i in &indices {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    let is_write = match read_or_write.as_str() {
        "read" => false,
        "write" => true,
        _ => {
            return Err(p.error_at(
                name_at,
                "custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'",
            ))
        }
    };
    let is_data = match cache.as_str() {
        "data" => true,
        "instr" => false,
        _ => {
            return Err(p.error_at(
                name_at,
                "custom op 'memref.prefetch' cache type has to be 'data' or 'instr'",
            ))
        }
    };
    state
        .props
        .push(("isDataCache".into(), Attr::Bool(is_data)));
    state.props.push(("isWrite".into(), Attr::Bool(is_write)));
    state.props.push(("localityHint".into(), hint));
    Ok(())
}

fn print_prefetch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let operands = &ctx.op(op).operands;
    let flag = |name: &str| matches!(ctx.attr(op, name), Some(Attr::Bool(true)));
    p.push(" ");
    p.operand(operands[0]);
    p.push("[");
    p.operands(&operands[1..]);
    p.push("], ");
    p.push(if flag("isWrite") { "write" } else { "read" });
    p.push(", locality<");
    if let Some(hint) = ctx.attr(op, "localityHint").and_then(Attr::as_int) {
        p.push(&hint.to_string());
    }
    p.push(">, ");
    p.push(if flag("isDataCache") { "data" } else { "instr" });
    p.attr_dict(op, &["localityHint", "isWrite", "isDataCache"], false);
    p.push(" : ");
    p.ty(ctx.value_type(operands[0]));
}

/// `%in (d0, d1) -> (d1, d0) {attrs} : source to result`.
fn parse_transpose(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let input = p.parse_operand()?;
    let permutation = p.parse_affine_map()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let src = memref_type(p, OpKind::MemrefTranspose)?;
    let v = p.resolve_operand(&input, src)?;
    state.operands.push(v);
    p.expect_keyword("to")?;
    let dst = memref_type(p, OpKind::MemrefTranspose)?;
    state.result_types.push(dst);
    state.props.push(("permutation".into(), permutation));
    Ok(())
}

/// A ranked memref type, or MLIR's error for another kind of type.
fn memref_type(p: &mut dyn AsmParser, op_name: OpKind) -> PResult<Type> {
    let at = p.offset();
    let ty = p.parse_type()?;
    if MemRef::of(p.ctx(), ty).is_none() {
        let shown = type_str(p.ctx(), ty);
        return Err(p.error_at(
            at,
            &format!("custom op '{op_name}' invalid kind of type specified: expected builtin.memref, but found '{shown}'"),
        ));
    }
    Ok(ty)
}

fn print_transpose(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let Some(&input) = ctx.op(op).operands.first() else {
        return;
    };
    p.push(" ");
    p.operand(input);
    p.push(" ");
    if let Some(Attr::Opaque(map)) = ctx.attr(op, "permutation") {
        let body = map
            .strip_prefix("affine_map<")
            .and_then(|m| m.strip_suffix('>'));
        p.push(body.unwrap_or(map));
    }
    p.attr_dict(op, &["permutation"], false);
    p.push(" : ");
    p.ty(ctx.value_type(input));
    p.push(" to ");
    if let Some(&r) = ctx.op(op).results.first() {
        p.ty(ctx.value_type(r));
    }
}

// ------------------------------------------- verifiers of the other ops

/// ODS descriptions of further memref type constraints.
const INT_OR_FLOAT_MEMREF: &str = "memref of signless integer or floating-point values";
const INT_OR_FLOAT: &str = "signless integer or floating-point";
const ONE_D_MEMREF: &str = "1D memref of any type values";

fn is_signless_int_or_float(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        } | TypeKind::Float(_)
    )
}

/// MLIR's `MemRefLayoutAttrInterface::isIdentity`: no layout, or the one
/// strided layout whose affine map is the identity (`strided<[1]>` of a
/// rank-1 memref).
fn has_identity_layout(m: &MemRef) -> bool {
    match Layout::of(m.layout) {
        Layout::Identity => true,
        Layout::Strided(s) => s.offset == 0 && s.strides == [1],
        Layout::AffineMap { .. } | Layout::Other => false,
    }
}

/// A rank-1 memref, checked against the ODS constraint of `what`.
fn one_d<'c>(
    ctx: &'c Context,
    t: Type,
    what: &str,
    description: &str,
) -> Result<MemRef<'c>, String> {
    let m = ranked(ctx, t, what, description)?;
    constrain(ctx, t, what, m.shape.len() == 1, description)?;
    Ok(m)
}

fn verify_assume_alignment(ctx: &Context, op: OpId) -> Result<(), String> {
    let alignment = match ctx.attr(op, "alignment") {
        Some(&Attr::Int { value, .. }) if value > 0 => value,
        _ => return Err("attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive".into()),
    };
    ranked_operand(ctx, op, 0, ANY_MEMREF)?;
    if required_result_type(ctx, op)? != required_operand_type(ctx, op, 0)? {
        return Err("requires the same type for all operands and results".into());
    }
    if !(alignment as u128).is_power_of_two() {
        return Err("alignment must be power of 2".into());
    }
    Ok(())
}

fn verify_atomic_rmw(ctx: &Context, op: OpId) -> Result<(), String> {
    let kind = match ctx.attr(op, "kind") {
        Some(&Attr::Int { value, .. }) => usize::try_from(value)
            .ok()
            .and_then(|k| ATOMIC_RMW_KINDS.get(k).copied()),
        _ => None,
    };
    let Some(kind) = kind else {
        return Err("attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15".into());
    };
    let value = required_operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        value,
        "operand #0",
        is_signless_int_or_float(ctx, value),
        INT_OR_FLOAT,
    )?;
    let memref = ranked_operand(ctx, op, 1, INT_OR_FLOAT_MEMREF)?;
    let mt = required_operand_type(ctx, op, 1)?;
    constrain(
        ctx,
        mt,
        "operand #1",
        is_signless_int_or_float(ctx, memref.elem),
        INT_OR_FLOAT_MEMREF,
    )?;
    all_index(ctx, op, 2)?;
    let result = required_result_type(ctx, op)?;
    constrain(
        ctx,
        result,
        "result #0",
        is_signless_int_or_float(ctx, result),
        INT_OR_FLOAT,
    )?;
    if value != result {
        return Err("failed to verify that all of {value, result} have same type".into());
    }
    if value != memref.elem {
        return Err("failed to verify that value type matches element type of memref".into());
    }
    if ctx.op(op).operands.len() - 2 != memref.shape.len() {
        return Err("expects the number of subscripts to be equal to memref rank".into());
    }
    let float = matches!(ctx.type_kind(value), TypeKind::Float(_));
    match kind {
        "addf" | "maximumf" | "minimumf" | "mulf" if !float => {
            Err(format!("with kind '{kind}' expects a floating-point type"))
        }
        "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "xori" | "andi" if float => {
            Err(format!("with kind '{kind}' expects an integer type"))
        }
        _ => Ok(()),
    }
}

fn verify_atomic_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    let parent = ctx
        .parent_op(op)
        .and_then(|p| ctx.op(p).results.first().copied());
    let (Some(parent), Some(&value)) = (parent, ctx.op(op).operands.first()) else {
        return Ok(());
    };
    let (yielded, expected) = (ctx.value_type(value), ctx.value_type(parent));
    if yielded != expected {
        return Err(format!(
            "types mismatch between yield op: '{}' and its parent: '{}'",
            type_str(ctx, yielded),
            type_str(ctx, expected)
        ));
    }
    Ok(())
}

fn verify_alloca_scope(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(&r) = ctx.op(op).regions.first() else {
        return Ok(());
    };
    let Some(&entry) = ctx.region(r).blocks.first() else {
        return Ok(());
    };
    if !ctx.block(entry).args.is_empty() {
        return Err("region should have no arguments".into());
    }
    match ctx.block_terminator(entry) {
        Some(t) if ctx.kind(t) == crate::OpKind::MemrefAllocaScopeReturn => {
            check_edge_to_parent(ctx, op, t)
        }
        _ => Ok(()),
    }
}

fn verify_distinct_objects(ctx: &Context, op: OpId) -> Result<(), String> {
    let variadic = "variadic of memref of any type values";
    for (i, &v) in ctx.op(op).operands.iter().enumerate() {
        let t = ctx.value_type(v);
        ranked(ctx, t, &format!("operand #{i}"), variadic)?;
    }
    for (i, &v) in ctx.op(op).results.iter().enumerate() {
        let t = ctx.value_type(v);
        ranked(ctx, t, &format!("result #{i}"), variadic)?;
    }
    let data = ctx.op(op);
    if ctx.types_of(&data.operands) != ctx.types_of(&data.results) {
        return Err("operand types and result types must match".into());
    }
    if data.operands.is_empty() {
        return Err("expected at least one operand".into());
    }
    Ok(())
}

fn verify_dma_start(ctx: &Context, op: OpId) -> Result<(), String> {
    let operands = &ctx.op(op).operands;
    let n = operands.len();
    if n < 4 {
        return Err("expected at least 4 operands".into());
    }
    let ty = |i: usize| operands.get(i).map(|&v| ctx.value_type(v));
    let rank = |i: usize| {
        ty(i)
            .and_then(|t| MemRef::of(ctx, t))
            .map(|m| m.shape.len())
    };
    let all_index = |range: std::ops::Range<usize>| {
        range
            .into_iter()
            .all(|i| ty(i).is_some_and(|t| matches!(ctx.type_kind(t), TypeKind::Index)))
    };
    let Some(src_rank) = rank(0) else {
        return Err("expected source to be of memref type".into());
    };
    if n < src_rank + 4 {
        return Err(format!("expected at least {} operands", src_rank + 4));
    }
    if !all_index(1..1 + src_rank) {
        return Err("expected source indices to be of index type".into());
    }
    let dst = 1 + src_rank;
    let Some(dst_rank) = rank(dst) else {
        return Err("expected destination to be of memref type".into());
    };
    let mut expected = src_rank + dst_rank + 4;
    if n < expected {
        return Err(format!("expected at least {expected} operands"));
    }
    if !all_index(dst + 1..dst + 1 + dst_rank) {
        return Err("expected destination indices to be of index type".into());
    }
    let num_elements = dst + 1 + dst_rank;
    if !all_index(num_elements..num_elements + 1) {
        return Err("expected num elements to be of index type".into());
    }
    let tag = num_elements + 1;
    let Some(tag_rank) = rank(tag) else {
        return Err("expected tag to be of memref type".into());
    };
    expected += tag_rank;
    if n < expected {
        return Err(format!("expected at least {expected} operands"));
    }
    if !all_index(tag + 1..tag + 1 + tag_rank) {
        return Err("expected tag indices to be of index type".into());
    }
    if n != expected && n != expected + 2 {
        return Err("incorrect number of operands".into());
    }
    if n == expected + 2 && !all_index(expected..n) {
        return Err("expected stride and num elements per stride to be of type index".into());
    }
    Ok(())
}

fn verify_dma_wait(ctx: &Context, op: OpId) -> Result<(), String> {
    let tag = ranked_operand(ctx, op, 0, ANY_MEMREF)?;
    all_index(ctx, op, 1)?;
    let indices = ctx.op(op).operands.len().saturating_sub(2);
    if indices != tag.shape.len() {
        return Err(format!(
            "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {}, but got {indices}",
            tag.shape.len()
        ));
    }
    Ok(())
}

fn verify_extract_aligned_pointer(ctx: &Context, op: OpId) -> Result<(), String> {
    memref_operand(ctx, op, 0)?;
    let r = required_result_type(ctx, op)?;
    constrain(
        ctx,
        r,
        "result #0",
        matches!(ctx.type_kind(r), TypeKind::Index),
        "index",
    )
}

fn verify_extract_strided_metadata(ctx: &Context, op: OpId) -> Result<(), String> {
    let source = strided(ctx, required_operand_type(ctx, op, 0)?, "operand #0")?;
    let base = ctx.types().lookup(&TypeKind::MemRef {
        shape: Vec::new(),
        elem: source.elem,
        layout: None,
        memory_space: source.memory_space.cloned(),
    });
    let index = ctx.types().lookup(&TypeKind::Index);
    let mut inferred: Vec<Option<Type>> = vec![base, index];
    inferred.extend(std::iter::repeat_n(index, 2 * source.shape.len()));
    let got = ctx.types_of(&ctx.op(op).results);
    let same =
        inferred.len() == got.len() && inferred.iter().zip(&got).all(|(a, b)| *a == Some(*b));
    if same {
        return Ok(());
    }
    let list = |types: Vec<String>| {
        types
            .into_iter()
            .map(|t| format!("'{t}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let expected = std::iter::once(memref_str(ctx, &[], source.elem, None, source.memory_space))
        .chain(std::iter::repeat_n(
            "index".to_string(),
            1 + 2 * source.shape.len(),
        ))
        .collect();
    Err(inference_failure(format_args!(
        "inferred type(s) {} are incompatible with return type(s) of operation {}",
        list(expected),
        list(got.iter().map(|&t| type_str(ctx, t)).collect())
    )))
}

fn verify_generic_atomic_rmw(ctx: &Context, op: OpId) -> Result<(), String> {
    let memref = ranked_operand(ctx, op, 0, INT_OR_FLOAT_MEMREF)?;
    let mt = required_operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        mt,
        "operand #0",
        is_signless_int_or_float(ctx, memref.elem),
        INT_OR_FLOAT_MEMREF,
    )?;
    all_index(ctx, op, 1)?;
    let result = required_result_type(ctx, op)?;
    constrain(
        ctx,
        result,
        "result #0",
        is_signless_int_or_float(ctx, result),
        INT_OR_FLOAT,
    )?;
    if result != memref.elem {
        return Err("failed to verify that result type matches element type of memref".into());
    }
    let Some(&r) = ctx.op(op).regions.first() else {
        return Ok(());
    };
    let args = ctx
        .region(r)
        .blocks
        .first()
        .map(|&b| ctx.block(b).args.clone())
        .unwrap_or_default();
    if args.len() != 1 {
        return Err("expected single number of entry block arguments".into());
    }
    if ctx.value_type(args[0]) != result {
        return Err("expected block argument of the same type result type".into());
    }
    let mut effectful = None;
    ctx.walk_nested(op, &mut |o| {
        let free = ctx.op_def(o).is_some_and(|d| {
            d.traits.memory == MemoryEffects::None
                || (d.traits.effect == Effect::None && !ctx.op(o).regions.is_empty())
        });
        if !free && effectful.is_none() {
            effectful = Some(o);
        }
    });
    match effectful {
        Some(o) => Err(at_op(
            o,
            "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
        )),
        None => Ok(()),
    }
}

/// MLIR's `memref.memory_space_cast` compatibility: between ranked
/// memrefs, the same element type, layout and shape; between unranked
/// ones, the same element type.
fn memory_space_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::MemRef {
                shape,
                elem,
                layout,
                ..
            },
            TypeKind::MemRef {
                shape: s2,
                elem: e2,
                layout: l2,
                ..
            },
        ) => elem == e2 && layout == l2 && shape == s2,
        (TypeKind::UnrankedMemRef { elem, .. }, TypeKind::UnrankedMemRef { elem: e2, .. }) => {
            elem == e2
        }
        _ => false,
    }
}

fn verify_memory_space_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_cast_like(ctx, op, memory_space_cast_compatible)
}

fn verify_prefetch(ctx: &Context, op: OpId) -> Result<(), String> {
    for flag in ["isWrite", "isDataCache"] {
        if !matches!(ctx.attr(op, flag), Some(Attr::Bool(_))) {
            return Err(format!(
                "attribute '{flag}' failed to satisfy constraint: bool attribute"
            ));
        }
    }
    let in_range = matches!(ctx.attr(op, "localityHint"), Some(&Attr::Int { value, ty })
        if (0..=3).contains(&value) && matches!(ctx.type_kind(ty), TypeKind::Integer { width: 32, signedness: Signedness::Signless }));
    if !in_range {
        return Err("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3".into());
    }
    let memref = ranked_operand(ctx, op, 0, ANY_MEMREF)?;
    all_index(ctx, op, 1)?;
    if ctx.op(op).operands.len() != 1 + memref.shape.len() {
        return Err("too few indices".into());
    }
    Ok(())
}

fn verify_realloc(ctx: &Context, op: OpId) -> Result<(), String> {
    let st = required_operand_type(ctx, op, 0)?;
    let source = one_d(ctx, st, "operand #0", ONE_D_MEMREF)?;
    all_index(ctx, op, 1)?;
    let rt = required_result_type(ctx, op)?;
    let result = one_d(ctx, rt, "result #0", ONE_D_MEMREF)?;
    check_alignment(ctx, op)?;
    let shown = |t: Type| type_str(ctx, t);
    if !has_identity_layout(&source) {
        return Err(unprefixed(format_args!(
            "unsupported layout for source memref type '{}'",
            shown(st)
        )));
    }
    if !has_identity_layout(&result) {
        return Err(unprefixed(format_args!(
            "unsupported layout for result memref type '{}'",
            shown(rt)
        )));
    }
    let pair = format!(
        "source memref type '{}' and result memref type '{}'",
        shown(st),
        shown(rt)
    );
    if source.memory_space != result.memory_space {
        return Err(unprefixed(format_args!(
            "different memory spaces specified for {pair}"
        )));
    }
    if source.elem != result.elem {
        return Err(unprefixed(format_args!(
            "different element types specified for {pair}"
        )));
    }
    let dynamic = result.shape.contains(&DYNAMIC);
    let given = ctx.op(op).operands.len() == 2;
    if dynamic && !given {
        return Err(unprefixed(format_args!(
            "missing dimension operand for result type '{}'",
            shown(rt)
        )));
    }
    if !dynamic && given {
        return Err(unprefixed(format_args!(
            "unnecessary dimension operand for result type '{}'",
            shown(rt)
        )));
    }
    Ok(())
}

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), String> {
    let st = memref_operand(ctx, op, 0)?;
    let shape_ty = required_operand_type(ctx, op, 1)?;
    let shape_desc = "1D memref of signless integer or index values";
    let shape = one_d(ctx, shape_ty, "operand #1", shape_desc)?;
    let int_or_index = matches!(
        ctx.type_kind(shape.elem),
        TypeKind::Index
            | TypeKind::Integer {
                signedness: Signedness::Signless,
                ..
            }
    );
    constrain(ctx, shape_ty, "operand #1", int_or_index, shape_desc)?;
    let rt = required_result_type(ctx, op)?;
    constrain(ctx, rt, "result #0", is_memref(ctx, rt), RANKED_OR_UNRANKED)?;
    if ctx.type_kind(st).element_type() != ctx.type_kind(rt).element_type() {
        return Err(
            "element types of source and destination memref types should be the same".into(),
        );
    }
    if MemRef::of(ctx, st).is_some_and(|s| !has_identity_layout(&s)) {
        return Err("source memref type should have identity affine map".into());
    }
    let Some(result) = MemRef::of(ctx, rt) else {
        return Ok(());
    };
    if !has_identity_layout(&result) {
        return Err("result memref type should have identity affine map".into());
    }
    match shape.shape[0] {
        DYNAMIC => Err("cannot use shape operand with dynamic length to reshape to statically-ranked memref type".into()),
        n if n != result.shape.len() as i64 => {
            Err("length of shape operand differs from the result's memref rank".into())
        }
        _ => Ok(()),
    }
}

/// The permutation of `memref.transpose`: for each result dimension, the
/// source dimension it is; `None` if the map is no permutation.
fn permutation(ctx: &Context, op: OpId) -> Result<crate::affine::AffineMap, String> {
    let map = match ctx.attr(op, "permutation") {
        Some(Attr::Opaque(text)) => crate::affine::AffineMap::parse(text),
        _ => None,
    };
    map.ok_or_else(|| {
        "attribute 'permutation' failed to satisfy constraint: AffineMap attribute".to_string()
    })
}

fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), String> {
    let map = permutation(ctx, op)?;
    let st = required_operand_type(ctx, op, 0)?;
    let source = strided(ctx, st, "operand #0")?;
    let rt = required_result_type(ctx, op)?;
    let result = strided(ctx, rt, "result #0")?;
    let dims: Option<Vec<usize>> = map
        .results
        .iter()
        .map(|e| match e {
            crate::affine::Expr::Dim(d) => Some(*d as usize),
            _ => None,
        })
        .collect();
    let is_permutation = map.num_symbols == 0
        && map.results.len() == map.num_dims
        && dims.as_ref().is_some_and(|d| {
            let mut sorted = d.clone();
            sorted.sort_unstable();
            sorted.iter().copied().eq(0..map.num_dims)
        });
    let Some(dims) = dims.filter(|_| is_permutation) else {
        return Err("expected a permutation map".into());
    };
    if map.num_dims != source.shape.len() {
        return Err("expected a permutation map of same rank as the input".into());
    }
    let Some(src) = source.strides_and_offset() else {
        return Ok(());
    };
    let sizes: Vec<i64> = dims.iter().map(|&d| source.shape[d]).collect();
    let expected = Strided {
        strides: dims.iter().map(|&d| src.strides[d]).collect(),
        offset: src.offset,
    };
    let expected_layout = canonical_layout(&sizes, &expected);
    let got_layout = match Layout::of(result.layout) {
        Layout::Identity => None,
        Layout::Strided(s) => canonical_layout(result.shape, &s),
        // An affine map this reader cannot take apart is not compared.
        Layout::AffineMap { .. } | Layout::Other => expected_layout.clone(),
    };
    let same = got_layout == expected_layout
        && result.shape == sizes.as_slice()
        && result.elem == source.elem
        && result.memory_space == source.memory_space;
    if same {
        return Ok(());
    }
    let canonical = memref_str_with(
        ctx,
        &sizes,
        source.elem,
        expected_layout.as_deref(),
        source.memory_space,
    );
    Err(format!(
        "result type '{}' is not equivalent to the canonical transposed input type '{canonical}'",
        type_str(ctx, rt)
    ))
}

/// The layout MLIR's `canonicalizeStridedLayout` gives a memref of
/// `shape` with the strided layout `s`, as text (`None`: no layout): none
/// for the row-major layout with every stride and the offset static (or a
/// rank-0 layout at offset 0); `s` itself where its map is the identity
/// (`strided<[1]>`); else its affine map.
fn canonical_layout(shape: &[i64], s: &Strided) -> Option<String> {
    if shape.is_empty() && s.offset == 0 {
        return None;
    }
    if s.strides == [1] && s.offset == 0 {
        return Some(s.text());
    }
    let all_static = s.offset != DYNAMIC && !s.strides.contains(&DYNAMIC);
    if all_static && *s == Strided::row_major(shape) {
        return None;
    }
    Some(s.affine_map().map_or_else(|| s.text(), |m| m.text()))
}

fn verify_view(ctx: &Context, op: OpId) -> Result<(), String> {
    let st = required_operand_type(ctx, op, 0)?;
    let desc = "1D memref of 8-bit signless integer values";
    let base = one_d(ctx, st, "operand #0", desc)?;
    let i8 = matches!(
        ctx.type_kind(base.elem),
        TypeKind::Integer {
            width: 8,
            signedness: Signedness::Signless
        }
    );
    constrain(ctx, st, "operand #0", i8, desc)?;
    all_index(ctx, op, 1)?;
    let rt = required_result_type(ctx, op)?;
    let view = ranked(ctx, rt, "result #0", ANY_MEMREF)?;
    let shown = |t: Type| type_str(ctx, t);
    if !has_identity_layout(&base) {
        return Err(unprefixed(format_args!(
            "unsupported map for base memref type '{}'",
            shown(st)
        )));
    }
    if !has_identity_layout(&view) {
        return Err(unprefixed(format_args!(
            "unsupported map for result memref type '{}'",
            shown(rt)
        )));
    }
    if base.memory_space != view.memory_space {
        return Err(unprefixed(format_args!(
            "different memory spaces specified for base memref type '{}' and view memref type '{}'",
            shown(st),
            shown(rt)
        )));
    }
    let dynamic = view.shape.iter().filter(|&&d| d == DYNAMIC).count();
    let sizes = ctx.op(op).operands.len().saturating_sub(2);
    if sizes != dynamic {
        return Err(format!(
            "incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"
        ));
    }
    Ok(())
}

/// The reassociation groups of a `memref.expand_shape` or
/// `memref.collapse_shape`, if its attribute is well formed.
pub fn reassociation_of(ctx: &Context, op: OpId) -> Option<Vec<Vec<i64>>> {
    reassociation(ctx, op).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_reductions_drop_unit_dimensions_only() {
        assert_eq!(rank_reductions(&[4, 4], &[4, 4], 8), vec![vec![0, 1]]);
        assert_eq!(rank_reductions(&[1, 4], &[4], 8), vec![vec![1]]);
        assert_eq!(
            rank_reductions(&[1, 1, 8], &[1, 8], 8),
            vec![vec![0, 2], vec![1, 2]]
        );
        assert!(rank_reductions(&[2, 4], &[4], 8).is_empty());
        assert!(rank_reductions(&[4], &[4, 1], 8).is_empty());
    }

    #[test]
    fn collapsing_keeps_the_innermost_stride_of_each_group() {
        let s = Strided {
            strides: vec![8, 1],
            offset: 0,
        };
        assert_eq!(
            collapsed_strides(&[8, 4], &s, &[vec![0], vec![1]]),
            Some(vec![8, 1])
        );
        // A padded row (stride 8 for 4 elements) does not collapse.
        assert_eq!(collapsed_strides(&[8, 4], &s, &[vec![0, 1]]), None);
        let s = Strided {
            strides: vec![4, 1],
            offset: 3,
        };
        assert_eq!(collapsed_strides(&[8, 4], &s, &[vec![0, 1]]), Some(vec![1]));
    }

    #[test]
    fn expanding_multiplies_strides_by_inner_sizes() {
        let s = Strided {
            strides: vec![10000, 1, 100],
            offset: 0,
        };
        let groups = [vec![0], vec![1], vec![2, 3, 4]];
        assert_eq!(
            expanded_strides(&[2, 5, 4, 3, 2], &s, &groups),
            vec![10000, 1, 600, 200, 100]
        );
    }
}
