//! `tensor` dialect: op definitions, custom syntax and verifiers.
//!
//! Most ops use declarative formats; the mixed static/dynamic index lists of
//! the slice, pad, expand and pack ops go through the
//! `custom<DynamicIndexList>` directive implemented here. Ops whose operand
//! or result types derive from a tensor's element type (`extract`, `insert`,
//! `from_elements`, `splat`) and `generate` (which prints two spaces before
//! its body when it has no dynamic extents) have hand-written syntax.
//! `tensor.pack`/`tensor.unpack` no longer exist in MLIR 22 (they became
//! `linalg.pack`/`linalg.unpack`); they are defined with the syntax of the
//! tensor dialect documentation.

use crate::asm::{AsmParser, PResult, UnresolvedOperand};
use crate::attrs::{Attr, NamedAttr, Scalar};
use crate::context::{Context, OpId, OperationState, RegionId, ValueId};
use crate::dialect::checks::{
    all_index, check_dynamic_sizes, check_in_bounds, constrain, reassociation,
    required_operand_type, required_result_type, shapes_compatible, verify_offsets_sizes_strides,
};
use crate::dialect::{ensure_terminator, index, type_str};
use crate::format::{parse_format, print_format, Format, ParsedOperands, Var};
use crate::location::Location;
use crate::op_def::{
    attr, many, maybe, one, op, opt_attr, registry, AttrKind, Effect, OpDef, Reshape, ResultNames,
};
use crate::print_attr::{write_dims, AttrPrinter};
use crate::printer::{print_op, OpPrinter, PrintOptions};
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::OpKind;
use std::sync::OnceLock;

/// The format of a slice op's offsets, sizes and strides.
macro_rules! slice_lists {
    () => {
        "custom<DynamicIndexList>($offsets, $static_offsets) \
         custom<DynamicIndexList>($sizes, $static_sizes) \
         custom<DynamicIndexList>($strides, $static_strides)"
    };
}

fn i64_ty(ctx: &mut Context) -> Type {
    crate::dialect::i64(ctx)
}

/// Static offsets/sizes/strides attributes of the slice ops.
pub(crate) fn slice_attrs() -> [crate::op_def::AttrSpec; 3] {
    [
        attr("static_offsets", AttrKind::DenseI64Array),
        attr("static_sizes", AttrKind::DenseI64Array),
        attr("static_strides", AttrKind::DenseI64Array),
    ]
}

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::TensorBitcast)
            .summary("tensor bitcast operation")
            .operands([one("source")])
            .results([one("dest")])
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .pure()
            .verify(verify_bitcast),
        op(OpKind::TensorCast)
            .cast()
            .summary("tensor cast operation")
            .operands([one("source")])
            .results([one("dest")])
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .pure()
            .result_names(result_names)
            .verify(verify_cast),
        op(OpKind::TensorCollapseShape)
            .summary("operation to produce a tensor with a smaller rank")
            .operands([one("src")])
            .results([one("result")])
            .reassociative_reshape(Reshape::Collapse)
            .result_names(result_names)
            .verify(verify_collapse_shape),
        op(OpKind::TensorConcat)
            .summary("tensor concatenation operation")
            .operands([many("inputs")])
            .results([one("result")])
            .attrs([attr("dim", AttrKind::Typed(i64_ty))])
            .format("`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)")
            .pure()
            .result_names(result_names)
            .verify(verify_concat),
        op(OpKind::TensorDim)
            .summary("dimension index operation")
            .operands([one("source"), one("index").fixed(index)])
            .results([one("result").fixed(index)])
            .format("attr-dict $source `,` $index `:` type($source)")
            .pure()
            .result_names(result_names)
            .verify(verify_dim),
        op(OpKind::TensorEmpty)
            .summary("empty tensor operation")
            .operands([many("dynamicSizes").fixed(index)])
            .results([one("result")])
            .format("`(` $dynamicSizes `)` attr-dict `:` type($result)")
            .pure()
            .verify(verify_empty),
        op(OpKind::TensorExpandShape)
            .summary("operation to produce a tensor with a higher rank")
            .operands([one("src"), many("output_shape").fixed(index)])
            .results([one("result")])
            .reassociative_reshape(Reshape::Expand)
            .result_names(result_names)
            .verify(verify_expand_shape),
        op(OpKind::TensorExtract)
            .summary("element extraction operation")
            .operands([one("tensor"), many("indices").fixed(index)])
            .results([one("result")])
            .custom(parse_extract, print_extract)
            .pure()
            .result_names(result_names)
            .verify(verify_extract),
        op(OpKind::TensorExtractSlice)
            .summary("extract slice operation")
            .operands([
                one("source"),
                many("offsets").fixed(index),
                many("sizes").fixed(index),
                many("strides").fixed(index),
            ])
            .results([one("result")])
            .attrs(slice_attrs())
            .format(concat!(
                "$source `` ",
                slice_lists!(),
                " attr-dict `:` type($source) `to` type($result)"
            ))
            .pure()
            .result_names(result_names)
            .verify(verify_extract_slice),
        op(OpKind::TensorFromElements)
            .defined_everywhere()
            .summary("tensor from elements operation.")
            .operands([many("elements")])
            .results([one("result")])
            .custom(parse_from_elements, print_from_elements)
            .pure()
            .result_names(result_names)
            .verify(verify_from_elements),
        op(OpKind::TensorGather)
            .summary("gather a subset of a tensor at specified indices")
            .operands([one("source"), one("indices")])
            .results([one("result")])
            .attrs([
                attr("gather_dims", AttrKind::DenseI64Array),
                opt_attr("unique", AttrKind::Unit),
            ])
            .format(
                "$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` \
                 (`unique` $unique^)? attr-dict `:` functional-type(operands, results)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_gather),
        op(OpKind::TensorGenerate)
            .effect(Effect::None)
            .summary("creates a dynamically sized tensor from elements")
            .operands([many("dynamicExtents").fixed(index)])
            .results([one("result")])
            .regions(["body"])
            .single_block()
            .implicit_terminator(OpKind::TensorYield)
            .custom(parse_generate, print_generate)
            .result_names(result_names)
            .verify(verify_generate),
        op(OpKind::TensorInsert)
            .summary("element insertion operation")
            .operands([one("scalar"), one("dest"), many("indices").fixed(index)])
            .results([one("result")])
            .custom(parse_insert, print_insert)
            .pure()
            .result_names(result_names)
            .verify(verify_insert),
        op(OpKind::TensorInsertSlice)
            .summary("insert_slice operation")
            .operands([
                one("source"),
                one("dest"),
                many("offsets").fixed(index),
                many("sizes").fixed(index),
                many("strides").fixed(index),
            ])
            .results([one("result").same_as("dest")])
            .attrs(slice_attrs())
            .format(concat!(
                "$source `into` $dest `` ",
                slice_lists!(),
                " attr-dict `:` type($source) `into` type($dest)"
            ))
            .pure()
            .result_names(result_names)
            .verify(verify_insert_slice),
        op(OpKind::TensorPack)
            .summary("tensor pack operation")
            .operands([
                one("source"),
                one("dest"),
                maybe("padding_value"),
                many("inner_tiles").fixed(index),
            ])
            .results([one("result").same_as("dest")])
            .attrs([
                opt_attr("outer_dims_perm", AttrKind::DenseI64Array),
                attr("inner_dims_pos", AttrKind::DenseI64Array),
                attr("static_inner_tiles", AttrKind::DenseI64Array),
            ])
            .format(
                "$source (`padding_value` `(` $padding_value^ `:` type($padding_value) `)`)? \
                 (`outer_dims_perm` `=` $outer_dims_perm^)? \
                 `inner_dims_pos` `=` $inner_dims_pos \
                 `inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) \
                 `into` $dest attr-dict `:` type($source) `->` type($dest)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_pack),
        op(OpKind::TensorPad)
            .summary("tensor pad operation")
            .operands([
                one("source"),
                many("low").fixed(index),
                many("high").fixed(index),
            ])
            .results([one("result")])
            .attrs([
                attr("static_low", AttrKind::DenseI64Array),
                attr("static_high", AttrKind::DenseI64Array),
                opt_attr("nofold", AttrKind::Unit),
            ])
            .regions(["region"])
            .single_block()
            .implicit_terminator(OpKind::TensorYield)
            .custom(parse_pad, print_pad)
            .pure()
            .result_names(result_names)
            .verify(verify_pad),
        op(OpKind::TensorParallelInsertSlice)
            .summary(
                "specify the tensor slice update of a single thread of a parent \
                 ParallelCombiningOpInterface op",
            )
            .operands([
                one("source"),
                one("dest"),
                many("offsets").fixed(index),
                many("sizes").fixed(index),
                many("strides").fixed(index),
            ])
            .attrs(slice_attrs())
            .format(concat!(
                "$source `into` $dest `` ",
                slice_lists!(),
                " attr-dict `:` type($source) `into` type($dest)"
            ))
            .verify(verify_parallel_insert_slice),
        op(OpKind::TensorRank)
            .summary("rank operation")
            .operands([one("tensor")])
            .results([one("result").fixed(index)])
            .format("$tensor attr-dict `:` type($tensor)")
            .pure()
            .result_names(result_names)
            .verify(verify_rank),
        op(OpKind::TensorReshape)
            .summary("tensor reshape operation")
            .operands([one("source"), one("shape")])
            .results([one("result")])
            .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
            .pure()
            .result_names(result_names)
            .verify(verify_reshape),
        op(OpKind::TensorScatter)
            .summary("scatter a tensor into a destination tensor at specified indices")
            .operands([one("source"), one("dest"), one("indices")])
            .results([one("result")])
            .attrs([
                attr("scatter_dims", AttrKind::DenseI64Array),
                opt_attr("unique", AttrKind::Unit),
            ])
            .format(
                "$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` \
                 (`unique` $unique^)? attr-dict `:` functional-type(operands, results)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_scatter),
        op(OpKind::TensorSplat)
            .summary("tensor splat or broadcast operation")
            .operands([one("input"), many("dynamicSizes").fixed(index)])
            .results([one("aggregate")])
            .custom(parse_splat, print_splat)
            .pure()
            .result_names(result_names)
            .verify(verify_splat),
        op(OpKind::TensorUnpack)
            .summary("tensor unpack operation")
            .operands([one("source"), one("dest"), many("inner_tiles").fixed(index)])
            .results([one("result").same_as("dest")])
            .attrs([
                opt_attr("outer_dims_perm", AttrKind::DenseI64Array),
                attr("inner_dims_pos", AttrKind::DenseI64Array),
                attr("static_inner_tiles", AttrKind::DenseI64Array),
            ])
            .format(
                "$source (`outer_dims_perm` `=` $outer_dims_perm^)? \
                 `inner_dims_pos` `=` $inner_dims_pos \
                 `inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) \
                 `into` $dest attr-dict `:` type($source) `->` type($dest)",
            )
            .pure()
            .result_names(result_names)
            .verify(verify_unpack),
        op(OpKind::TensorYield)
            .summary("yield a value from a region")
            .operands([one("value")])
            .format("$value attr-dict `:` type($value)")
            .terminator()
            .verify(verify_yield),
    ]
}

/// `%cast`, `%extracted_slice`...: the names MLIR's tensor ops suggest.
fn result_names(ctx: &Context, op: OpId, names: &mut ResultNames) {
    let name = match ctx.kind(op) {
        OpKind::TensorCast => "cast",
        OpKind::TensorCollapseShape => "collapsed",
        OpKind::TensorConcat => "concat",
        OpKind::TensorDim => "dim",
        OpKind::TensorExpandShape => "expanded",
        OpKind::TensorExtract => "extracted",
        OpKind::TensorExtractSlice => "extracted_slice",
        OpKind::TensorFromElements => "from_elements",
        OpKind::TensorGather => "gather",
        OpKind::TensorGenerate => "generated",
        OpKind::TensorInsert => "inserted",
        OpKind::TensorInsertSlice => "inserted_slice",
        OpKind::TensorPack => "pack",
        OpKind::TensorPad => "padded",
        OpKind::TensorRank => "rank",
        OpKind::TensorReshape => "reshape",
        OpKind::TensorScatter => "scatter",
        OpKind::TensorSplat => "splat",
        OpKind::TensorUnpack => "unpack",
        _ => return,
    };
    names.set(0, name);
}

// ------------------------------------------------------- DynamicIndexList

/// Parse the `custom<name>(...)` directives this dialect's formats use;
/// `None` if `name` is not one of them.
pub fn parse_directive(
    name: &str,
    def: &OpDef,
    p: &mut dyn AsmParser,
    _state: &mut OperationState,
    parsed: &mut ParsedOperands,
    attrs: &mut Vec<NamedAttr>,
    args: &[Var],
) -> Option<PResult<()>> {
    (name == "DynamicIndexList").then(|| parse_dynamic_index_list(def, p, parsed, attrs, args))
}

/// `[%a, 4, %b]`: SSA values go to the operand group, and the static array
/// gets `i64::MIN` in their place.
fn parse_dynamic_index_list(
    def: &OpDef,
    p: &mut dyn AsmParser,
    parsed: &mut ParsedOperands,
    attrs: &mut Vec<NamedAttr>,
    args: &[Var],
) -> PResult<()> {
    let (Some(&Var::Operand(oi)), Some(&Var::Attr(ai))) = (args.first(), args.get(1)) else {
        return Err(p.internal_error("DynamicIndexList expects an operand group and an attribute"));
    };
    let Some(spec) = def.attrs.get(ai) else {
        return Err(p.internal_error("unknown DynamicIndexList attribute"));
    };
    let mut operands = Vec::new();
    let mut statics = Vec::new();
    p.expect_punct("[")?;
    if !p.parse_optional_punct("]") {
        loop {
            if let Some(o) = p.parse_optional_operand()? {
                operands.push(o);
                statics.push(Scalar::Int(DYNAMIC.into()));
            } else {
                statics.push(Scalar::Int(p.parse_integer()?));
            }
            if p.parse_optional_punct("]") {
                break;
            }
            p.expect_punct(",")?;
        }
    }
    if oi >= def.operands.len() {
        return Err(p.internal_error("unknown DynamicIndexList operand group"));
    }
    for operand in operands {
        parsed.push_operand(oi, operand);
    }
    let elem = i64_ty(p.ctx());
    attrs.push((
        crate::attrs::attr_name(spec.name),
        Attr::DenseArray {
            elem,
            values: statics,
        },
    ));
    Ok(())
}

/// Print a `custom<name>(...)` directive; false if `name` is not one of this dialect's.
pub fn print_directive(name: &str, def: &OpDef, p: &mut OpPrinter, op: OpId, args: &[Var]) -> bool {
    if name != "DynamicIndexList" {
        return false;
    }
    // The format compiled from the op's definition names these.
    let (Some(&Var::Operand(oi)), Some(spec)) = (
        args.first(),
        args.get(1).and_then(|a| match a {
            Var::Attr(ai) => def.attrs.get(*ai),
            _ => None,
        }),
    ) else {
        debug_assert!(
            false,
            "DynamicIndexList names an operand group and an attribute"
        );
        return true;
    };
    let ctx = p.ctx;
    let values = def.operand_group(ctx, op, oi);
    let statics = static_list(ctx, op, spec.name);
    print_mixed_list(p, &statics, values);
    true
}

/// `[v0, 4, v1]` from a static list and the values of its dynamic entries.
fn print_mixed_list(p: &mut OpPrinter, statics: &[i64], values: &[ValueId]) {
    let mut dynamic = values.iter();
    p.push("[");
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.push(", ");
        }
        match (s == DYNAMIC).then(|| dynamic.next()).flatten() {
            Some(&v) => p.operand(v),
            None => p.push(&s.to_string()),
        }
    }
    p.push("]");
}

/// The values of the operand group called `name` (empty when the op has
/// no such group).
pub fn named_group<'c>(ctx: &'c Context, op: OpId, name: &str) -> &'c [ValueId] {
    let Some(def) = crate::op_def::def_of(ctx, op) else {
        return &[];
    };
    match def.operands.iter().position(|s| s.name == name) {
        Some(i) => def.operand_group(ctx, op, i),
        None => &[],
    }
}

/// A `array<i64: ...>` attribute as integers (empty when missing).
pub fn static_list(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr(op, name)
        .and_then(|a| a.int_elements(0))
        .map(|v| v.into_iter().map(|x| x as i64).collect())
        .unwrap_or_default()
}

/// One entry of a mixed static/dynamic list (`[%a, 4]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mixed {
    /// A constant held in the static attribute.
    Static(i64),
    /// An `index` operand, where the static attribute holds `DYNAMIC`.
    Dynamic(ValueId),
}

/// The mixed list of static attribute `static_name` whose dynamic entries
/// are the operand group `group` in order (`static_low`/`low` of
/// `tensor.pad`, `static_sizes`/`sizes` of the slices, ...). `None` when
/// the dynamic entries and operands do not match up.
pub fn mixed_list(ctx: &Context, op: OpId, static_name: &str, group: &str) -> Option<Vec<Mixed>> {
    let mut dynamic = named_group(ctx, op, group).iter();
    let list = static_list(ctx, op, static_name)
        .into_iter()
        .map(|x| match x {
            DYNAMIC => dynamic.next().copied().map(Mixed::Dynamic),
            x => Some(Mixed::Static(x)),
        })
        .collect::<Option<Vec<_>>>()?;
    dynamic.next().is_none().then_some(list)
}

// ------------------------------------------------------ hand-written syntax

/// Comma-separated SSA operands, possibly none.
fn parse_operand_list(p: &mut dyn AsmParser) -> PResult<Vec<UnresolvedOperand>> {
    let mut v = Vec::new();
    if let Some(o) = p.parse_optional_operand()? {
        v.push(o);
        while p.parse_optional_punct(",") {
            v.push(p.parse_operand()?);
        }
    }
    Ok(v)
}

fn resolve_all(
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    operands: &[UnresolvedOperand],
    ty: Type,
) -> PResult<()> {
    for o in operands {
        let v = p.resolve_operand(o, ty)?;
        state.operands.push(v);
    }
    Ok(())
}

/// A ranked tensor type; returns it and its element type.
fn parse_ranked_tensor(p: &mut dyn AsmParser, op_name: OpKind) -> PResult<(Type, Type)> {
    let at = p.offset();
    let ty = p.parse_type()?;
    match p.ctx().type_kind(ty) {
        TypeKind::RankedTensor { elem, .. } => Ok((ty, *elem)),
        _ => {
            let shown = AttrPrinter::new(p.ctx()).type_to_string(ty);
            Err(p.error_at(
                at,
                &format!(
                    "custom op '{op_name}' invalid kind of type specified: expected builtin.tensor, but found '{shown}'"
                ),
            ))
        }
    }
}

/// The number of elements of a static `shape`, without overflow: in
/// `i128`, saturating (exact unless three extents are near `i64::MAX`).
fn element_count(shape: &[i64]) -> i128 {
    shape
        .iter()
        .fold(1i128, |n, &d| n.saturating_mul(i128::from(d)))
}

/// Add the implicit `tensor.yield` a body may leave out, at the op's location.
fn ensure_yield(ctx: &mut Context, region: RegionId, loc: &Location) {
    ensure_terminator(ctx, region, OpKind::TensorYield, loc);
}

/// `tensor.pad`'s declarative format; its parser also adds the implicit
/// `tensor.yield` a body may leave out.
const PAD_FORMAT: &str = "$source (`nofold` $nofold^)? \
     `low` `` custom<DynamicIndexList>($low, $static_low) \
     `high` `` custom<DynamicIndexList>($high, $static_high) \
     $region attr-dict `:` type($source) `to` type($result)";

fn pad_syntax() -> Option<(&'static OpDef, &'static Format)> {
    static FORMAT: OnceLock<Option<Format>> = OnceLock::new();
    let def = registry().of(OpKind::TensorPad)?;
    let format = FORMAT
        .get_or_init(|| Format::compile(def, PAD_FORMAT).ok())
        .as_ref()?;
    Some((def, format))
}

fn parse_pad(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let Some((def, format)) = pad_syntax() else {
        return Err(p.internal_error("bad tensor.pad format"));
    };
    parse_format(def, format, p, state)?;
    if let Some(&r) = state.regions.first() {
        ensure_yield(p.ctx(), r, &state.loc);
    }
    Ok(())
}

fn print_pad(p: &mut OpPrinter, op: OpId) {
    if let Some((def, format)) = pad_syntax() {
        print_format(def, format, p, op);
    }
}

/// `%t[%i, %j] {attrs} : T`
fn parse_extract(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let tensor = p.parse_operand()?;
    p.expect_punct("[")?;
    let indices = parse_operand_list(p)?;
    p.expect_punct("]")?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let (ty, elem) = parse_ranked_tensor(p, OpKind::TensorExtract)?;
    resolve_all(p, state, &[tensor], ty)?;
    let idx = index(p.ctx());
    resolve_all(p, state, &indices, idx)?;
    state.result_types.push(elem);
    Ok(())
}

fn print_extract(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let operands = &ctx.op(op).operands;
    let Some((&tensor, indices)) = operands.split_first() else {
        return;
    };
    p.push(" ");
    p.operand(tensor);
    p.push("[");
    p.operands(indices);
    p.push("]");
    p.attr_dict(op, &[], false);
    p.push(" : ");
    p.ty(ctx.value_type(tensor));
}

/// `%v into %t[%i, %j] {attrs} : T`
fn parse_insert(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let scalar = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    p.expect_punct("[")?;
    let indices = parse_operand_list(p)?;
    p.expect_punct("]")?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let (ty, elem) = parse_ranked_tensor(p, OpKind::TensorInsert)?;
    resolve_all(p, state, &[scalar], elem)?;
    resolve_all(p, state, &[dest], ty)?;
    let idx = index(p.ctx());
    resolve_all(p, state, &indices, idx)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_insert(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let operands = &ctx.op(op).operands;
    let (Some(&scalar), Some(&dest)) = (operands.first(), operands.get(1)) else {
        return;
    };
    p.push(" ");
    p.operand(scalar);
    p.push(" into ");
    p.operand(dest);
    p.push("[");
    p.operands(operands.get(2..).unwrap_or(&[]));
    p.push("]");
    p.attr_dict(op, &[], false);
    p.push(" : ");
    p.ty(ctx.value_type(dest));
}

/// `%a, %b {attrs} : T` (every element has T's element type).
fn parse_from_elements(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let at = p.offset();
    let elements = parse_operand_list(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let (ty, elem) = parse_ranked_tensor(p, OpKind::TensorFromElements)?;
    let Some(shape) = p.ctx().type_kind(ty).shape().map(<[i64]>::to_vec) else {
        return Err(p.internal_error("a ranked tensor type without a shape"));
    };
    if shape.contains(&DYNAMIC) {
        let shown = AttrPrinter::new(p.ctx()).type_to_string(ty);
        return Err(p.error_at(
            at,
            &format!(
                "custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got '{shown}'"
            ),
        ));
    }
    let count = element_count(&shape);
    if usize::try_from(count).ok() != Some(elements.len()) {
        return Err(p.error_at(
            at,
            &format!(
                "custom op 'tensor.from_elements' number of operands and types do not match: got {} operands and {count} types",
                elements.len()
            ),
        ));
    }
    resolve_all(p, state, &elements, elem)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_from_elements(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    p.push(" ");
    p.operands(&ctx.op(op).operands);
    p.attr_dict(op, &[], false);
    p.push(" : ");
    if let Some(&r) = ctx.op(op).results.first() {
        p.ty(ctx.value_type(r));
    }
}

/// `%v[%n, %m] {attrs} : T`
fn parse_splat(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let input = p.parse_operand()?;
    let mut sizes = Vec::new();
    if p.parse_optional_punct("[") {
        sizes = parse_operand_list(p)?;
        p.expect_punct("]")?;
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let (ty, elem) = parse_ranked_tensor(p, OpKind::TensorSplat)?;
    resolve_all(p, state, &[input], elem)?;
    let idx = index(p.ctx());
    resolve_all(p, state, &sizes, idx)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_splat(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let Some((&input, sizes)) = ctx.op(op).operands.split_first() else {
        return;
    };
    p.push(" ");
    p.operand(input);
    if !sizes.is_empty() {
        p.push("[");
        p.operands(sizes);
        p.push("]");
    }
    p.attr_dict(op, &[], false);
    p.push(" : ");
    if let Some(&r) = ctx.op(op).results.first() {
        p.ty(ctx.value_type(r));
    }
}

/// `%n, %m { ^bb0(...): ... } {attrs} : T`
fn parse_generate(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let extents = parse_operand_list(p)?;
    let body = p.ctx().create_region();
    p.parse_region(body, &[], false)?;
    ensure_yield(p.ctx(), body, &state.loc);
    state.regions.push(body);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let (ty, _) = parse_ranked_tensor(p, OpKind::TensorGenerate)?;
    let idx = index(p.ctx());
    resolve_all(p, state, &extents, idx)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_generate(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    p.push(" ");
    p.operands(&ctx.op(op).operands);
    p.push(" ");
    if let Some(&r) = ctx.op(op).regions.first() {
        p.region(r, true, true);
    }
    p.attr_dict(op, &[], false);
    p.push(" : ");
    if let Some(&r) = ctx.op(op).results.first() {
        p.ty(ctx.value_type(r));
    }
}

// ------------------------------------------------------------ verifiers

/// `tensor<2x?xf32, enc>` for a shape, element type and encoding.
fn tensor_str(ctx: &Context, shape: &[i64], elem: Type, encoding: Option<&Attr>) -> String {
    let ap = AttrPrinter::new(ctx);
    let mut s = String::from("tensor<");
    write_dims(&mut s, shape);
    ap.write_type(&mut s, elem);
    if let Some(e) = encoding {
        s.push_str(", ");
        ap.write_attr(&mut s, e);
    }
    s.push('>');
    s
}

/// A ranked tensor's shape, element type and encoding.
struct Ranked<'a> {
    shape: &'a [i64],
    elem: Type,
    encoding: Option<&'a Attr>,
}

fn ranked(ctx: &Context, t: Type) -> Option<Ranked<'_>> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor {
            shape,
            elem,
            encoding,
        } => Some(Ranked {
            shape,
            elem: *elem,
            encoding: encoding.as_ref(),
        }),
        _ => None,
    }
}

fn is_tensor(ctx: &Context, t: Type) -> bool {
    ctx.type_kind(t).is_tensor()
}

/// The ranked tensor type of operand `i`, checked as ODS would.
fn ranked_operand(ctx: &Context, op: OpId, i: usize) -> Result<(Type, Ranked<'_>), String> {
    let t = required_operand_type(ctx, op, i)?;
    match ranked(ctx, t) {
        Some(r) => Ok((t, r)),
        None => Err(format!(
            "operand #{i} must be ranked tensor of any type values, but got '{}'",
            type_str(ctx, t)
        )),
    }
}

fn ranked_result(ctx: &Context, op: OpId) -> Result<(Type, Ranked<'_>), String> {
    let t = required_result_type(ctx, op)?;
    match ranked(ctx, t) {
        Some(r) => Ok((t, r)),
        None => Err(format!(
            "result #0 must be ranked tensor of any type values, but got '{}'",
            type_str(ctx, t)
        )),
    }
}

fn tensor_shape(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

fn bit_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        _ => None,
    }
}

fn cast_operands(ctx: &Context, op: OpId) -> Result<(Type, Type), String> {
    let src = required_operand_type(ctx, op, 0)?;
    let dst = required_result_type(ctx, op)?;
    let any = "tensor of any type values";
    constrain(ctx, src, "operand #0", is_tensor(ctx, src), any)?;
    constrain(ctx, dst, "result #0", is_tensor(ctx, dst), any)?;
    Ok((src, dst))
}

fn cast_incompatible(ctx: &Context, src: Type, dst: Type) -> String {
    format!(
        "operand type '{}' and result type '{}' are cast incompatible",
        type_str(ctx, src),
        type_str(ctx, dst)
    )
}

fn verify_bitcast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (src, dst) = cast_operands(ctx, op)?;
    let (se, de) = (
        ctx.type_kind(src).element_type(),
        ctx.type_kind(dst).element_type(),
    );
    let widths_match = match (se, de) {
        (Some(a), Some(b)) => {
            a == b || bit_width(ctx, a).is_some_and(|w| Some(w) == bit_width(ctx, b))
        }
        _ => false,
    };
    if !widths_match || !shapes_compatible(tensor_shape(ctx, src), tensor_shape(ctx, dst)) {
        return Err(cast_incompatible(ctx, src, dst));
    }
    Ok(())
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (src, dst) = cast_operands(ctx, op)?;
    if ctx.type_kind(src).element_type() != ctx.type_kind(dst).element_type()
        || !shapes_compatible(tensor_shape(ctx, src), tensor_shape(ctx, dst))
    {
        return Err(cast_incompatible(ctx, src, dst));
    }
    Ok(())
}

/// Shared checks of `collapse_shape` and `expand_shape`.
fn verify_reshape_like(
    ctx: &Context,
    expanded_ty: Type,
    collapsed_ty: Type,
    groups: &[Vec<i64>],
) -> Result<(), String> {
    let any_ranked = "ranked tensor of any type values";
    let (Some(expanded), Some(collapsed)) = (ranked(ctx, expanded_ty), ranked(ctx, collapsed_ty))
    else {
        let t = if ranked(ctx, expanded_ty).is_none() {
            expanded_ty
        } else {
            collapsed_ty
        };
        return Err(format!(
            "type must be {any_ranked}, but got '{}'",
            type_str(ctx, t)
        ));
    };
    let (er, cr) = (expanded.shape.len(), collapsed.shape.len());
    if er < cr {
        return Err(format!(
            "expected the expanded type, '{}' to have a higher (or same) rank than the collapsed type, '{}'.",
            type_str(ctx, expanded_ty),
            type_str(ctx, collapsed_ty)
        ));
    }
    if cr != groups.len() {
        return Err(format!(
            "expected collapsed rank ({cr}) to equal the number of reassociation maps ({}).",
            groups.len()
        ));
    }
    let num_dims = groups
        .iter()
        .flatten()
        .copied()
        .max()
        .map_or(0, |m| m.saturating_add(1));
    if !groups.is_empty() && num_dims != er as i64 {
        return Err(format!(
            "expected reassociation map #0 to have size equal to the expanded rank ({er}), but it is  {num_dims}."
        ));
    }
    let mut next = 0;
    for (i, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Err(format!(
                    "expected reassociation map #{i} to be valid and contiguous."
                ));
            }
            next += 1;
        }
    }
    if !groups.is_empty() && next != num_dims {
        return Err(format!(
            "expected reassociation map #{} to be valid and contiguous.",
            groups.len() - 1
        ));
    }
    let mut start = 0usize;
    let mut inferred = Vec::with_capacity(groups.len());
    for (i, g) in groups.iter().enumerate() {
        let dims = expanded.shape.get(start..start + g.len()).unwrap_or(&[]);
        start += g.len();
        let dynamic = dims.contains(&DYNAMIC);
        let product: i64 = dims.iter().filter(|&&d| d != DYNAMIC).product();
        let c = collapsed.shape.get(i).copied().unwrap_or(DYNAMIC);
        if dynamic {
            if c != DYNAMIC {
                return Err(format!(
                    "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
            inferred.push(DYNAMIC);
        } else {
            if c != product {
                return Err(format!(
                    "expected dimension {i} of collapsed type to be static value of {product}"
                ));
            }
            inferred.push(product);
        }
    }
    if collapsed.elem != expanded.elem || collapsed.shape != inferred.as_slice() {
        return Err(format!(
            "expected collapsed type to be '{}', but got '{}'",
            tensor_str(ctx, &inferred, expanded.elem, None),
            type_str(ctx, collapsed_ty)
        ));
    }
    Ok(())
}

fn verify_collapse_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    let groups = reassociation(ctx, op)?;
    if groups.iter().any(Vec::is_empty) {
        return Err("reassociation indices must not be empty".into());
    }
    let src = required_operand_type(ctx, op, 0)?;
    let dst = required_result_type(ctx, op)?;
    verify_reshape_like(ctx, src, dst, &groups)
}

fn verify_expand_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    let groups = reassociation(ctx, op)?;
    let src = required_operand_type(ctx, op, 0)?;
    let dst = required_result_type(ctx, op)?;
    all_index(ctx, op, 1)?;
    let statics = static_list(ctx, op, "static_output_shape");
    if let Some(r) = ranked(ctx, dst) {
        if statics.len() != r.shape.len() {
            return Err(format!(
                "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
                r.shape.len(),
                statics.len()
            ));
        }
    }
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    let values = ctx.op(op).operands.len().saturating_sub(1);
    if values != dynamic {
        return Err(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
    verify_reshape_like(ctx, dst, src, &groups)
}

fn verify_concat(ctx: &Context, op: OpId) -> Result<(), String> {
    let n = ctx.op(op).operands.len();
    let mut inputs = Vec::with_capacity(n);
    for i in 0..n {
        inputs.push(ranked_operand(ctx, op, i)?.1);
    }
    let (rt, result) = ranked_result(ctx, op)?;
    if inputs.is_empty() {
        return Err("requires at least one input".into());
    }
    let rank = result.shape.len();
    if inputs.iter().any(|t| t.shape.len() != rank) {
        return Err("rank of concatenated inputs must match result rank".into());
    }
    if inputs.iter().any(|t| t.elem != result.elem) {
        return Err("inputs and result element type must match".into());
    }
    let dim = ctx
        .attr(op, "dim")
        .and_then(Attr::as_int)
        .ok_or("requires attribute 'dim'")?;
    let Some(dim) = usize::try_from(dim).ok().filter(|&d| d < rank) else {
        return Err("concatenation dim must be less than the tensor rank".into());
    };
    let mut sizes = vec![DYNAMIC; rank];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i == dim {
            let mut total = Some(0i64);
            for t in &inputs {
                let d = t.shape.get(i).copied().unwrap_or(DYNAMIC);
                total = total.and_then(|s| (d != DYNAMIC).then(|| s.saturating_add(d)));
            }
            *size = total.unwrap_or(DYNAMIC);
            continue;
        }
        for t in &inputs {
            let d = t.shape.get(i).copied().unwrap_or(DYNAMIC);
            if d == DYNAMIC {
                continue;
            }
            if *size == DYNAMIC {
                *size = d;
            } else if *size != d {
                return Err(format!(
                    "static concatenation size mismatch along non-concatenated dimension {i}"
                ));
            }
        }
    }
    let mismatch = sizes
        .iter()
        .zip(result.shape)
        .any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b);
    if mismatch {
        return Err(format!(
            "result type '{}'does not match inferred shape '{}' static sizes",
            type_str(ctx, rt),
            tensor_str(ctx, &sizes, result.elem, None)
        ));
    }
    Ok(())
}

fn verify_dim(ctx: &Context, op: OpId) -> Result<(), String> {
    let src = required_operand_type(ctx, op, 0)?;
    let ok = match ctx.type_kind(src) {
        TypeKind::RankedTensor { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedTensor { .. } => true,
        _ => false,
    };
    constrain(
        ctx,
        src,
        "operand #0",
        ok,
        "non-0-ranked or unranked tensor",
    )?;
    let idx = required_operand_type(ctx, op, 1)?;
    let is_index = |t: Type| matches!(ctx.type_kind(t), TypeKind::Index);
    constrain(ctx, idx, "operand #1", is_index(idx), "index")?;
    let r = required_result_type(ctx, op)?;
    constrain(ctx, r, "result #0", is_index(r), "index")
}

fn verify_empty(ctx: &Context, op: OpId) -> Result<(), String> {
    all_index(ctx, op, 0)?;
    let (_, r) = ranked_result(ctx, op)?;
    check_dynamic_sizes(r.shape, ctx.op(op).operands.len())
}

fn verify_extract(ctx: &Context, op: OpId) -> Result<(), String> {
    let (_, t) = ranked_operand(ctx, op, 0)?;
    all_index(ctx, op, 1)?;
    if required_result_type(ctx, op)? != t.elem {
        return Err("failed to verify that result type matches element type of tensor".into());
    }
    if ctx.op(op).operands.len() - 1 != t.shape.len() {
        return Err("incorrect number of indices for extract_element".into());
    }
    Ok(())
}

fn verify_insert(ctx: &Context, op: OpId) -> Result<(), String> {
    let (dt, dest) = ranked_operand(ctx, op, 1)?;
    all_index(ctx, op, 2)?;
    if required_operand_type(ctx, op, 0)? != dest.elem {
        return Err("failed to verify that scalar type matches element type of dest".into());
    }
    if required_result_type(ctx, op)? != dt {
        return Err("failed to verify that result type matches type of dest".into());
    }
    if ctx.op(op).operands.len() - 2 != dest.shape.len() {
        return Err("incorrect number of indices".into());
    }
    Ok(())
}

fn verify_from_elements(ctx: &Context, op: OpId) -> Result<(), String> {
    let (rt, r) = ranked_result(ctx, op)?;
    constrain(
        ctx,
        rt,
        "result #0",
        !r.shape.contains(&DYNAMIC),
        "statically shaped tensor of any type values",
    )?;
    let count = element_count(r.shape);
    let operands = &ctx.op(op).operands;
    if usize::try_from(count).ok() != Some(operands.len())
        || operands.iter().any(|&v| ctx.value_type(v) != r.elem)
    {
        return Err("failed to verify that operand types match result element type".into());
    }
    Ok(())
}

/// `isRankReducedType`: `candidate` is `shape` with some unit dims dropped.
fn check_rank_reduced(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    candidate: &Ranked,
) -> Result<(), String> {
    if candidate.shape.len() > shape.len() {
        return Err("expected rank to be smaller or equal to the other rank. ".into());
    }
    let mut reduced = 0;
    for &d in shape {
        if candidate.shape.get(reduced) == Some(&d) {
            reduced += 1;
        } else if d != 1 {
            reduced = usize::MAX;
            break;
        }
    }
    if reduced != candidate.shape.len() {
        return Err(format!(
            "expected type to be '{}' or a rank-reduced version. (size mismatch) ",
            tensor_str(ctx, shape, elem, None)
        ));
    }
    if candidate.elem != elem {
        return Err(format!(
            "expected element type to be '{}'",
            type_str(ctx, elem)
        ));
    }
    Ok(())
}

fn verify_extract_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    let (_, src) = ranked_operand(ctx, op, 0)?;
    all_index(ctx, op, 1)?;
    let (_, result) = ranked_result(ctx, op)?;
    let rank = src.shape.len();
    verify_offsets_sizes_strides(ctx, op, [rank; 3])?;
    let sizes = static_list(ctx, op, "static_sizes");
    check_rank_reduced(ctx, &sizes, src.elem, &result)?;
    check_in_bounds(ctx, op, src.shape)
}

/// Shared checks of `insert_slice` and `parallel_insert_slice`.
fn verify_insert_slice_like(ctx: &Context, op: OpId) -> Result<(), String> {
    let (_, src) = ranked_operand(ctx, op, 0)?;
    let (_, dest) = ranked_operand(ctx, op, 1)?;
    all_index(ctx, op, 2)?;
    let rank = dest.shape.len();
    verify_offsets_sizes_strides(ctx, op, [rank; 3])?;
    let sizes = static_list(ctx, op, "static_sizes");
    check_rank_reduced(ctx, &sizes, dest.elem, &src)?;
    check_in_bounds(ctx, op, dest.shape)
}

fn verify_insert_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    let dest = required_operand_type(ctx, op, 1)?;
    if required_result_type(ctx, op)? != dest {
        return Err("failed to verify that all of {dest, result} have same type".into());
    }
    verify_insert_slice_like(ctx, op)
}

fn verify_parallel_insert_slice(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_insert_slice_like(ctx, op)?;
    match ctx.parent_op(op) {
        Some(parent) if ctx.kind(parent) == OpKind::ScfForallInParallel => Ok(()),
        Some(parent) => {
            let options = PrintOptions {
                generic: true,
                ..Default::default()
            };
            Err(format!(
                "expected InParallelOpInterface parent, got:\n{}",
                print_op(ctx, parent, options).trim_end()
            ))
        }
        None => Err("expected InParallelOpInterface parent, got:".into()),
    }
}

fn gather_scatter_dims(
    ctx: &Context,
    op: OpId,
    attr_name: &str,
    indices: &Ranked,
    rank: usize,
    kind: &str,
    of: &str,
) -> Result<Vec<i64>, String> {
    let dims = static_list(ctx, op, attr_name);
    if dims.is_empty() {
        return Err(format!("{kind}_dims must be non-empty"));
    }
    if dims.len() > rank {
        return Err(format!("{kind}_dims overflow {of} rank"));
    }
    if indices.shape.last().copied() != Some(dims.len() as i64) {
        return Err(format!(
            "{kind}_dims length must match the size of last dimension of indices"
        ));
    }
    for &d in &dims {
        if d < 0 {
            return Err(format!("{kind}_dims value must be non-negative"));
        }
        if d >= rank as i64 {
            return Err(format!("{kind}_dims value must be smaller than {of} rank"));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("{kind}_dims values must be strictly increasing"));
    }
    Ok(dims)
}

/// Gather's result shape (scatter's source shape), full or rank-reduced.
fn gathered_shape(indices: &Ranked, source: &Ranked, dims: &[i64], reduced: bool) -> Vec<i64> {
    // The leading dimensions of the indices (none for rank-0 indices).
    let mut shape: Vec<i64> = indices
        .shape
        .split_last()
        .map(|(_, lead)| lead.to_vec())
        .unwrap_or_default();
    for (i, &d) in source.shape.iter().enumerate() {
        if dims.binary_search(&(i as i64)).is_ok() {
            if !reduced {
                shape.push(1);
            }
        } else {
            shape.push(d);
        }
    }
    shape
}

fn is_int_or_index_tensor(ctx: &Context, t: &Ranked) -> bool {
    matches!(
        ctx.type_kind(t.elem),
        TypeKind::Index
            | TypeKind::Integer {
                signedness: crate::types::Signedness::Signless,
                ..
            }
    )
}

/// The candidate is one of the two gathered shapes (same element type and encoding as `like`).
fn check_gathered(
    ctx: &Context,
    what: &str,
    got_ty: Type,
    got: &Ranked,
    like: &Ranked,
    full: &[i64],
    reduced: &[i64],
) -> Result<(), String> {
    let same = got.elem == like.elem
        && got.encoding == like.encoding
        && (got.shape == full || got.shape == reduced);
    if !same {
        return Err(format!(
            "{what} type mismatch: expected '{}' or its rank-reduced variant '{}' (got: '{}')",
            tensor_str(ctx, full, like.elem, like.encoding),
            tensor_str(ctx, reduced, like.elem, like.encoding),
            type_str(ctx, got_ty)
        ));
    }
    Ok(())
}

fn verify_gather(ctx: &Context, op: OpId) -> Result<(), String> {
    let (_, source) = ranked_operand(ctx, op, 0)?;
    let (it, indices) = ranked_operand(ctx, op, 1)?;
    if !is_int_or_index_tensor(ctx, &indices) {
        return Err(format!(
            "operand #1 must be ranked tensor of signless integer or index values, but got '{}'",
            type_str(ctx, it)
        ));
    }
    let (rt, result) = ranked_result(ctx, op)?;
    let dims = gather_scatter_dims(
        ctx,
        op,
        "gather_dims",
        &indices,
        source.shape.len(),
        "gather",
        "source",
    )?;
    let full = gathered_shape(&indices, &source, &dims, false);
    let reduced = gathered_shape(&indices, &source, &dims, true);
    check_gathered(ctx, "result", rt, &result, &source, &full, &reduced)
}

fn verify_scatter(ctx: &Context, op: OpId) -> Result<(), String> {
    let (st, source) = ranked_operand(ctx, op, 0)?;
    let (_, dest) = ranked_operand(ctx, op, 1)?;
    let (it, indices) = ranked_operand(ctx, op, 2)?;
    if !is_int_or_index_tensor(ctx, &indices) {
        return Err(format!(
            "operand #2 must be ranked tensor of signless integer or index values, but got '{}'",
            type_str(ctx, it)
        ));
    }
    ranked_result(ctx, op)?;
    let dims = gather_scatter_dims(
        ctx,
        op,
        "scatter_dims",
        &indices,
        dest.shape.len(),
        "scatter",
        "dest",
    )?;
    if ctx.attr(op, "unique").is_none() {
        return Err("requires 'unique' attribute to be set".into());
    }
    let full = gathered_shape(&indices, &dest, &dims, false);
    let reduced = gathered_shape(&indices, &dest, &dims, true);
    check_gathered(ctx, "source", st, &source, &dest, &full, &reduced)
}

/// The single block of `op`'s region `i`, with its terminator.
fn body(ctx: &Context, op: OpId) -> Option<crate::BlockId> {
    let r = *ctx.op(op).regions.first()?;
    ctx.region(r).blocks.first().copied()
}

/// The type `tensor.yield` yields at the end of the body, if it ends in one.
fn yielded_type(ctx: &Context, block: crate::BlockId) -> Option<Type> {
    let t = ctx.block_terminator(block)?;
    if ctx.kind(t) != OpKind::TensorYield {
        return None;
    }
    ctx.operand_type(t, 0)
}

fn verify_generate(ctx: &Context, op: OpId) -> Result<(), String> {
    all_index(ctx, op, 0)?;
    let (_, result) = ranked_result(ctx, op)?;
    check_dynamic_sizes(result.shape, ctx.op(op).operands.len())?;
    let Some(block) = body(ctx, op) else {
        return Ok(());
    };
    let args = &ctx.block(block).args;
    if args
        .iter()
        .any(|&a| !matches!(ctx.type_kind(ctx.value_type(a)), TypeKind::Index))
    {
        return Err("all body arguments must be index".into());
    }
    if args.len() != result.shape.len() {
        return Err("must have one body argument per input dimension".into());
    }
    if yielded_type(ctx, block) != Some(result.elem) {
        return Err(
            "body must be terminated with a `yield` operation of the tensor element type".into(),
        );
    }
    Ok(())
}

fn verify_pad(ctx: &Context, op: OpId) -> Result<(), String> {
    let (st, source) = ranked_operand(ctx, op, 0)?;
    all_index(ctx, op, 1)?;
    let (rt, result) = ranked_result(ctx, op)?;
    let low = static_list(ctx, op, "static_low");
    let high = static_list(ctx, op, "static_high");
    let rank = source.shape.len();
    if low.len() != rank || high.len() != rank {
        return Err(format!(
            "failed to infer expectedType from sourceType '{}', specified resultType is '{}'",
            type_str(ctx, st),
            type_str(ctx, rt)
        ));
    }
    let inferred: Vec<i64> = (0..rank)
        .map(|i| {
            let (d, l, h) = (source.shape[i], low[i], high[i]);
            if d == DYNAMIC || l == DYNAMIC || h == DYNAMIC {
                DYNAMIC
            } else {
                d.saturating_add(l).saturating_add(h)
            }
        })
        .collect();
    let mismatch = result.shape.len() != rank
        || result
            .shape
            .iter()
            .zip(&inferred)
            .any(|(&r, &e)| r != e && e != DYNAMIC);
    if mismatch {
        return Err(format!(
            "specified type '{}' does not match the inferred type '{}'",
            type_str(ctx, rt),
            tensor_str(ctx, &inferred, source.elem, None)
        ));
    }
    let Some(block) = body(ctx, op) else {
        return Ok(());
    };
    let args = &ctx.block(block).args;
    if args.len() != result.shape.len() {
        return Err(format!(
            "expected the block to have {} arguments",
            result.shape.len()
        ));
    }
    for (i, &a) in args.iter().enumerate() {
        if !matches!(ctx.type_kind(ctx.value_type(a)), TypeKind::Index) {
            return Err(format!("expected block argument {} to be an index", i + 1));
        }
    }
    if yielded_type(ctx, block) != Some(result.elem) {
        return Err("expected yield type to match shape element type".into());
    }
    Ok(())
}

fn verify_rank(ctx: &Context, op: OpId) -> Result<(), String> {
    let t = required_operand_type(ctx, op, 0)?;
    constrain(
        ctx,
        t,
        "operand #0",
        is_tensor(ctx, t),
        "tensor of any type values",
    )?;
    let r = required_result_type(ctx, op)?;
    constrain(
        ctx,
        r,
        "result #0",
        matches!(ctx.type_kind(r), TypeKind::Index),
        "index",
    )
}

fn verify_reshape(ctx: &Context, op: OpId) -> Result<(), String> {
    let (src, dst) = cast_operands(ctx, op)?;
    let shape_ty = required_operand_type(ctx, op, 1)?;
    let shape_ok =
        ranked(ctx, shape_ty).filter(|r| r.shape.len() == 1 && is_int_or_index_tensor(ctx, r));
    let Some(shape) = shape_ok else {
        return Err(format!(
            "operand #1 must be 1D tensor of signless integer or index values, but got '{}'",
            type_str(ctx, shape_ty)
        ));
    };
    let shape_len = shape.shape.first().copied().unwrap_or(DYNAMIC);
    if ctx.type_kind(src).element_type() != ctx.type_kind(dst).element_type() {
        return Err(
            "element types of source and destination tensor types should be the same".into(),
        );
    }
    let Some(result) = ranked(ctx, dst) else {
        return Ok(());
    };
    if let Some(source) = ranked(ctx, src) {
        let is_static = |s: &[i64]| !s.contains(&DYNAMIC);
        if is_static(source.shape)
            && is_static(result.shape)
            && element_count(source.shape) != element_count(result.shape)
        {
            return Err(
                "source and destination tensor should have the same number of elements".into(),
            );
        }
    }
    if shape_len == DYNAMIC {
        return Err(
            "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type"
                .into(),
        );
    }
    if shape_len != result.shape.len() as i64 {
        return Err("length of shape operand differs from the result's tensor rank".into());
    }
    Ok(())
}

fn verify_splat(ctx: &Context, op: OpId) -> Result<(), String> {
    let input = required_operand_type(ctx, op, 0)?;
    let scalar = matches!(
        ctx.type_kind(input),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
    );
    constrain(ctx, input, "operand #0", scalar, "integer/index/float type")?;
    all_index(ctx, op, 1)?;
    let (_, r) = ranked_result(ctx, op)?;
    if r.elem != input {
        return Err("failed to verify that operand type matches element type of result".into());
    }
    check_dynamic_sizes(r.shape, ctx.op(op).operands.len() - 1)
}

/// `isInvalidPackingPosSpecification`: too long, repeated or out of range.
fn invalid_positions(dims: &[i64], rank: usize) -> bool {
    let mut seen = std::collections::HashSet::new();
    dims.len() > rank
        || !dims.iter().all(|d| seen.insert(*d))
        || dims.iter().any(|&d| d < 0 || d >= rank as i64)
}

/// Checks shared by pack and unpack; `unpacked`/`packed` are the tensor
/// types of the plain and tiled sides.
fn verify_pack_like(
    ctx: &Context,
    op: OpId,
    unpacked: &Ranked,
    packed: &Ranked,
) -> Result<(), String> {
    let tiles = static_list(ctx, op, "static_inner_tiles");
    if tiles.contains(&0) {
        return Err("invalid zero tile factor".into());
    }
    let inner = static_list(ctx, op, "inner_dims_pos");
    let outer = static_list(ctx, op, "outer_dims_perm");
    let rank = unpacked.shape.len();
    if invalid_positions(&inner, rank) {
        return Err("invalid inner_dims_pos vector".into());
    }
    if invalid_positions(&outer, rank) {
        return Err("invalid outer_dims_perm vector".into());
    }
    if !outer.is_empty() && outer.len() != rank {
        return Err("outer_dims_perm must be a permutation or empty".into());
    }
    if tiles.len() > rank {
        return Err("tiling factors must be less than or equal to the input rank for pack or output rank for unpack".into());
    }
    if tiles.len() != inner.len() {
        return Err("tiling factors must equal the number of dimensions to tile".into());
    }
    let expected_rank = rank + tiles.len();
    if packed.shape.len() != expected_rank {
        return Err(format!(
            "packed rank != (unpacked rank + num tiling factors), got {} != {expected_rank}",
            packed.shape.len()
        ));
    }
    let tail = packed.shape.get(rank..).unwrap_or(&[]);
    if tail.iter().zip(&tiles).any(|(&s, &t)| s != t) {
        return Err(
            "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type"
                .into(),
        );
    }
    let mut expected = unpacked.shape.to_vec();
    for (&pos, &tile) in inner.iter().zip(&tiles) {
        let Some(d) = expected.get_mut(pos as usize) else {
            continue;
        };
        if *d == DYNAMIC {
            continue;
        }
        *d = if tile == DYNAMIC {
            DYNAMIC
        } else {
            div_ceil(*d, tile)
        };
    }
    if !outer.is_empty() {
        expected = outer
            .iter()
            .map(|&p| expected.get(p as usize).copied().unwrap_or(DYNAMIC))
            .collect();
    }
    expected.extend_from_slice(&tiles);
    if !shapes_compatible(Some(&expected), Some(packed.shape)) {
        return Err(format!(
            "expected '{}' for the packed domain value, got '{}'",
            tensor_str(ctx, &expected, unpacked.elem, None),
            tensor_str(ctx, packed.shape, unpacked.elem, None)
        ));
    }
    Ok(())
}

fn div_ceil(a: i64, b: i64) -> i64 {
    if b == 0 {
        return a;
    }
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn verify_pack(ctx: &Context, op: OpId) -> Result<(), String> {
    let (_, source) = ranked_operand(ctx, op, 0)?;
    let (_, dest) = ranked_operand(ctx, op, 1)?;
    verify_pack_like(ctx, op, &source, &dest)?;
    let padding = named_group(ctx, op, "padding_value");
    if let Some(&pad) = padding.first() {
        let pt = ctx.value_type(pad);
        if pt != source.elem {
            return Err(format!(
                "expected padding_value has '{}' but got: '{}'",
                type_str(ctx, source.elem),
                type_str(ctx, pt)
            ));
        }
        return Ok(());
    }
    // Without a padding value, every static tile must divide its dimension.
    let inner = static_list(ctx, op, "inner_dims_pos");
    let tiles = static_list(ctx, op, "static_inner_tiles");
    let outer = static_list(ctx, op, "outer_dims_perm");
    let rank = source.shape.len();
    let mut outer_sizes = dest.shape.get(..rank).unwrap_or(&[]).to_vec();
    if outer.len() == rank {
        let mut inverse = vec![DYNAMIC; rank];
        for (i, &p) in outer.iter().enumerate() {
            if let Some(slot) = inverse.get_mut(p as usize) {
                *slot = outer_sizes.get(i).copied().unwrap_or(DYNAMIC);
            }
        }
        outer_sizes = inverse;
    }
    for (&pos, &tile) in inner.iter().zip(&tiles) {
        let d = source.shape.get(pos as usize).copied().unwrap_or(DYNAMIC);
        if d == DYNAMIC {
            continue;
        }
        let partial = if tile == DYNAMIC {
            let o = outer_sizes.get(pos as usize).copied().unwrap_or(DYNAMIC);
            o != DYNAMIC && o != 0 && d % o != 0
        } else {
            tile != 0 && d % tile != 0
        };
        if partial {
            return Err("invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set".into());
        }
    }
    Ok(())
}

fn verify_unpack(ctx: &Context, op: OpId) -> Result<(), String> {
    let (_, source) = ranked_operand(ctx, op, 0)?;
    let (_, dest) = ranked_operand(ctx, op, 1)?;
    verify_pack_like(ctx, op, &dest, &source)
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    match ctx.parent_op(op).map(|p| ctx.kind(p)) {
        Some(OpKind::TensorGenerate | OpKind::TensorPad) => Ok(()),
        _ => Err("expects parent op to be one of 'tensor.generate, tensor.pad'".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_helpers() {
        assert_eq!(div_ceil(13, 8), 2);
        assert_eq!(div_ceil(16, 8), 2);
        assert!(invalid_positions(&[0, 0], 2));
        assert!(invalid_positions(&[2], 2));
        assert!(!invalid_positions(&[1, 0], 2));
        assert!(shapes_compatible(Some(&[DYNAMIC, 2]), Some(&[3, 2])));
        assert!(!shapes_compatible(Some(&[3]), Some(&[3, 2])));
    }
}
