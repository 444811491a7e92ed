//! `memref` dialect: the ops real producers' shape IR uses (buffers made,
//! read, written, viewed and freed), with MLIR 22's custom syntax and
//! verifiers.
//!
//! Modelled: `alloc`, `alloca`, `cast`, `collapse_shape`, `copy`,
//! `dealloc`, `dim`, `expand_shape`, `get_global`, `global`, `load`,
//! `rank`, `reinterpret_cast`, `store`, `subview`. The other ops of the
//! dialect (`view`, `transpose`, `atomic_rmw`, `prefetch`, ...) are not
//! modelled: in generic form, with `--allow-unregistered-dialect`, they
//! are kept as opaque ops.
//!
//! Memory effects are those of MLIR: `alloc`/`alloca` allocate, `load`
//! reads, `store`/`copy`/`dealloc` write; `cast`, `dim`, `rank`,
//! `get_global` and the view ops (`subview`, `reinterpret_cast`,
//! `expand_shape`, `collapse_shape`) are pure.
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
    all_index, check_dynamic_sizes, check_in_bounds, constrain, operand_type, reassociation,
    result_type, shapes_compatible, verify_offsets_sizes_strides,
};
use crate::dialect::tensor::{slice_attrs, static_list};
use crate::dialect::{index, lookup_symbol, nearest_symbol_table, type_str};
use crate::format::{ParsedOperands, Var};
use crate::layout::{memory_space, memref_str, Layout, MemRef, Strided};
use crate::op_def::{attr, many, one, op, opt_attr, AttrKind, MemoryEffects, OpDef, TypeClass};
use crate::printer::OpPrinter;
use crate::types::{Signedness, Type, TypeKind, DYNAMIC};
use crate::verifier::unprefixed;

pub fn ops() -> Vec<OpDef> {
    vec![
        alloc_like("memref.alloc", "memory allocation operation"),
        alloc_like("memref.alloca", "stack memory allocation operation"),
        op("memref.cast")
            .cast()
            .summary("memref cast operation")
            .operands([one("source")])
            .results([one("dest")])
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .pure()
            .result_names(result_names)
            .verify(verify_cast),
        op("memref.collapse_shape")
            .summary("operation to produce a memref with a smaller rank.")
            .operands([one("src").class(TypeClass::MemRef)])
            .results([one("result").class(TypeClass::MemRef)])
            .attrs([attr("reassociation", AttrKind::Any)])
            .format("$src $reassociation attr-dict `:` type($src) `into` type($result)")
            .pure()
            .result_names(result_names)
            .verify(verify_collapse_shape),
        op("memref.copy")
            .summary("copies the data from the source to the destination memref")
            .operands([one("source"), one("target")])
            .format("$source `,` $target attr-dict `:` type($source) `to` type($target)")
            .memory(MemoryEffects::Writes)
            .verify(verify_copy),
        op("memref.dealloc")
            .summary("memory deallocation operation")
            .operands([one("memref")])
            .format("$memref attr-dict `:` type($memref)")
            .memory(MemoryEffects::Writes)
            .verify(verify_dealloc),
        op("memref.dim")
            .summary("dimension index operation")
            .operands([one("source"), one("index").fixed(index)])
            .results([one("result").fixed(index)])
            .format("attr-dict $source `,` $index `:` type($source)")
            .pure()
            .result_names(result_names)
            .verify(verify_dim),
        op("memref.expand_shape")
            .summary("operation to produce a memref with a higher rank.")
            .operands([
                one("src").class(TypeClass::MemRef),
                many("output_shape").fixed(index),
            ])
            .results([one("result").class(TypeClass::MemRef)])
            .attrs([
                attr("reassociation", AttrKind::Any),
                attr("static_output_shape", AttrKind::DenseI64Array),
            ])
            .format(
                "$src $reassociation `output_shape` \
                 custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` \
                 type($src) `into` type($result)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_expand_shape),
        op("memref.get_global")
            .summary("get the memref pointing to a global variable")
            .results([one("result").class(TypeClass::MemRef)])
            .attrs([attr("name", AttrKind::SymbolRef)])
            .format("$name `:` type($result) attr-dict")
            .pure()
            .verify(verify_get_global),
        op("memref.global")
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
        op("memref.load")
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
        op("memref.rank")
            .summary("rank operation")
            .operands([one("memref")])
            .results([one("result").fixed(index)])
            .format("$memref attr-dict `:` type($memref)")
            .pure()
            .verify(verify_rank),
        op("memref.reinterpret_cast")
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
        op("memref.store")
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
        op("memref.subview")
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
    ]
}

/// `memref.alloc` and `memref.alloca`: sizes of the dynamic dimensions in
/// parentheses, values of the layout's symbols in brackets.
fn alloc_like(name: &'static str, summary: &'static str) -> OpDef {
    op(name)
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
fn result_names(ctx: &Context, op: OpId) -> Vec<Option<String>> {
    let name = ctx.op_name(op).strip_prefix("memref.");
    vec![name.map(str::to_string)]
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

fn ranked_operand<'c>(
    ctx: &'c Context,
    op: OpId,
    i: usize,
    description: &str,
) -> Result<MemRef<'c>, String> {
    let t = operand_type(ctx, op, i)?;
    ranked(ctx, t, &format!("operand #{i}"), description)
}

fn ranked_result<'c>(ctx: &'c Context, op: OpId, description: &str) -> Result<MemRef<'c>, String> {
    let t = result_type(ctx, op)?;
    ranked(ctx, t, "result #0", description)
}

fn memref_operand(ctx: &Context, op: OpId, i: usize) -> Result<Type, String> {
    let t = operand_type(ctx, op, i)?;
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
    if ctx.op_name(op) == "memref.alloca" {
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
    let src = memref_operand(ctx, op, 0)?;
    let dst = result_type(ctx, op)?;
    constrain(
        ctx,
        dst,
        "result #0",
        is_memref(ctx, dst),
        RANKED_OR_UNRANKED,
    )?;
    if !cast_compatible(ctx, src, dst) {
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
    let src = operand_type(ctx, op, 0)?;
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
    let idx = operand_type(ctx, op, i)?;
    constrain(ctx, idx, &format!("operand #{i}"), is_index(idx), "index")?;
    let r = result_type(ctx, op)?;
    constrain(ctx, r, "result #0", is_index(r), "index")
}

fn verify_rank(ctx: &Context, op: OpId) -> Result<(), String> {
    memref_operand(ctx, op, 0)?;
    let r = result_type(ctx, op)?;
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
    if result_type(ctx, op)? != memref.elem {
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
    if operand_type(ctx, op, 0)? != memref.elem {
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
    let rt = result_type(ctx, op)?;
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
    let global = lookup_symbol(ctx, table, name).filter(|&g| ctx.op_name(g) == "memref.global");
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
    let rt = result_type(ctx, op)?;
    let result = ranked(ctx, rt, "result #0", ANY_MEMREF)?;
    let rank = source.shape.len();
    verify_offsets_sizes_strides(ctx, op, [rank; 3])?;
    let st = operand_type(ctx, op, 0)?;
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
    let rt = result_type(ctx, op)?;
    let result = ranked(ctx, rt, "result #0", STRIDED)?;
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
    let rt = result_type(ctx, op)?;
    let src = ranked_operand(ctx, op, 0, STRIDED)?;
    let result = ranked(ctx, rt, "result #0", STRIDED)?;
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
    let rt = result_type(ctx, op)?;
    let src = ranked_operand(ctx, op, 0, STRIDED)?;
    let result = ranked(ctx, rt, "result #0", STRIDED)?;
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
