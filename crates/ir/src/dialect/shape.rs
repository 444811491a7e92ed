//! `shape` dialect: op definitions, custom syntax and verifiers.
//!
//! Most ops use MLIR's declarative formats. `const_shape`, `assuming`,
//! `reduce`, `func` and `function_library` have hand-written syntax (as in
//! MLIR's `Shape.cpp`); `debug_print` and `split_at` exist only in generic
//! form. Verifiers reproduce MLIR's ODS type constraints, the
//! `InferTypeOpInterface` compatibility checks and the ops' own checks, with
//! MLIR's wording. [`verify_operation_attribute`] is the dialect's check of
//! the `shape.lib` attribute on any op.

use crate::asm::{AsmParser, PResult, UnresolvedOperand};
use crate::attrs::{Attr, DenseValues, Scalar};
use crate::context::{Context, OpId, OperationState};
use crate::dialect::checks::{check_edge_to_parent, check_parent};
use crate::dialect::{
    ensure_terminator, i1, index, parse_optional_arrow_types, print_optional_arrow_types, shape,
    size, type_str, value_shape, witness,
};
use crate::op_def::{
    attr, many, one, op, opt_attr, AttrKind, Effect, FormRole, OpDef, ResultNames,
};
use crate::printer::OpPrinter;
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::OpKind;

/// `lhs, rhs : L, R -> T` of the binary arithmetic ops.
const BINARY: &str = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
/// Optional operands of the terminators.
const TERMINATOR: &str = "attr-dict ($operands^ `:` type($operands))?";

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::ShapeAdd)
            .commutative()
            .summary("Addition of sizes and indices")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .format(BINARY)
            .pure()
            .verify(verify_size_arith),
        op(OpKind::ShapeAny)
            .defined_everywhere()
            .commutative()
            .summary("Return any combination of the input shapes")
            .operands([many("inputs")])
            .results([one("result")])
            .format("$inputs attr-dict `:` type($inputs) `->` type($result)")
            .pure()
            .verify(verify_any),
        op(OpKind::ShapeAssuming)
            .form_role(FormRole::Witness)
            .effect(Effect::None)
            .summary("Execute the region")
            .operands([one("witness").fixed(witness)])
            .results([many("results")])
            .regions(["doRegion"])
            .single_block()
            .implicit_terminator(OpKind::ShapeAssumingYield)
            .custom(parse_assuming, print_assuming)
            .verify(verify_assuming),
        op(OpKind::ShapeAssumingAll)
            .form_role(FormRole::Witness)
            .commutative()
            .summary("Return a logical AND of all witnesses")
            .operands([many("inputs").fixed(witness)])
            .results([one("result").fixed(witness)])
            .format("$inputs attr-dict")
            .pure()
            .verify(verify_assuming_all),
        op(OpKind::ShapeAssumingYield)
            .form_role(FormRole::Witness)
            .summary("Yield operation")
            .operands([many("operands")])
            .format(TERMINATOR)
            .terminator()
            .verify(verify_assuming_yield),
        op(OpKind::ShapeBroadcast)
            .commutative()
            .summary("Returns the broadcasted output shape of two or more inputs")
            .operands([many("shapes")])
            .results([one("result")])
            .attrs([opt_attr("error", AttrKind::Str)])
            .format("$shapes attr-dict `:` type($shapes) `->` type($result)")
            .pure()
            .verify(verify_broadcast),
        op(OpKind::ShapeConcat)
            .defined_everywhere()
            .summary("Concatenates two shapes")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .format(BINARY)
            .pure()
            .verify(verify_concat),
        op(OpKind::ShapeConstShape)
            .defined_everywhere()
            .constant_like("shape")
            .summary("Creates a constant shape or extent tensor")
            .results([one("result")])
            .attrs([attr("shape", AttrKind::Any)])
            .custom(parse_const_shape, print_const_shape)
            .pure()
            .verify(verify_const_shape),
        op(OpKind::ShapeConstSize)
            .defined_everywhere()
            .constant_like("value")
            .summary("Creates a constant of type `shape.size`")
            .results([one("result").fixed(size)])
            .attrs([attr("value", AttrKind::Typed(index))])
            .format("$value attr-dict")
            .pure()
            .verify(verify_const_size)
            .result_names(const_size_names),
        op(OpKind::ShapeConstWitness)
            .form_role(FormRole::Witness)
            .constant_like("passing")
            .summary("An operation that returns a statically known witness value")
            .results([one("result").fixed(witness)])
            .attrs([attr("passing", AttrKind::Bool)])
            .format("$passing attr-dict")
            .pure()
            .verify(verify_const_witness),
        op(OpKind::ShapeCstrBroadcastable)
            .form_role(FormRole::Constraint)
            .commutative()
            .effect(Effect::Fails)
            .summary("Determines if 2+ shapes can be successfully broadcasted")
            .operands([many("shapes")])
            .results([one("result").fixed(witness)])
            .format("$shapes attr-dict `:` type($shapes)")
            .verify(verify_cstr_broadcastable),
        op(OpKind::ShapeCstrEq)
            .form_role(FormRole::Constraint)
            .commutative()
            .effect(Effect::Fails)
            .summary("Determines if all input shapes are equal")
            .operands([many("shapes")])
            .results([one("result").fixed(witness)])
            .format("$shapes attr-dict `:` type($shapes)")
            .verify(verify_cstr_eq),
        op(OpKind::ShapeCstrRequire)
            .form_role(FormRole::Constraint)
            .effect(Effect::Fails)
            .summary("Represents a runtime assertion that an i1 is `true`")
            .operands([one("pred").fixed(i1)])
            .results([one("result").fixed(witness)])
            .attrs([attr("msg", AttrKind::Str)])
            .format("$pred `,` $msg attr-dict")
            .verify(verify_cstr_require),
        op(OpKind::ShapeDebugPrint)
            .summary("Prints the input shape or size")
            .operands([one("input")])
            .results([one("output")])
            .verify(verify_debug_print),
        op(OpKind::ShapeDim)
            .summary("Gets the specified extent from the shape of a shaped input")
            .operands([one("value"), one("index")])
            .results([one("extent")])
            .format(
                "$value `,` $index attr-dict `:` type($value) `,` type($index) `->` type($extent)",
            )
            .pure()
            .verify(verify_dim),
        op(OpKind::ShapeDiv)
            .summary("Division of sizes and indices")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .format(BINARY)
            .pure()
            .verify(verify_size_arith),
        op(OpKind::ShapeFromExtentTensor)
            .summary("Creates a shape from a tensor of extents")
            .operands([one("input")])
            .results([one("result").fixed(shape)])
            .format("$input attr-dict `:` type($input)")
            .pure()
            .verify(verify_from_extent_tensor),
        op(OpKind::ShapeFromExtents)
            .summary("Creates a shape from extents")
            .operands([many("extents")])
            .results([one("shape").fixed(shape)])
            .format("$extents attr-dict `:` type($extents)")
            .pure()
            .verify(verify_from_extents),
        op(OpKind::ShapeFunc)
            .summary("Shape function")
            .allocation_scope()
            .attrs([
                attr("sym_name", AttrKind::SymbolName),
                attr("function_type", AttrKind::TypeAttr),
                opt_attr("arg_attrs", AttrKind::Any),
                opt_attr("res_attrs", AttrKind::Any),
                opt_attr("sym_visibility", AttrKind::Str),
            ])
            .regions(["body"])
            .isolated()
            .custom(
                super::func::parse_function_like,
                super::func::print_function_like,
            )
            .verify(verify_func),
        op(OpKind::ShapeFunctionLibrary)
            .summary("Represents shape functions and corresponding ops")
            .attrs([
                attr("sym_name", AttrKind::SymbolName),
                opt_attr("sym_visibility", AttrKind::Str),
                attr("mapping", AttrKind::Any),
            ])
            .regions(["body"])
            .isolated()
            .symbol_table()
            .no_terminator()
            .custom(parse_function_library, print_function_library)
            .verify(verify_function_library),
        op(OpKind::ShapeGetExtent)
            .summary("Gets the specified extent from a shape or extent tensor")
            .operands([one("shape"), one("dim")])
            .results([one("extent")])
            .format("$shape `,` $dim attr-dict `:` type($shape) `,` type($dim) `->` type($extent)")
            .pure()
            .verify(verify_get_extent),
        op(OpKind::ShapeIndexToSize)
            .summary("Converts a standard index to a shape size")
            .operands([one("arg").fixed(index)])
            .results([one("result").fixed(size)])
            .format("$arg attr-dict")
            .pure()
            .verify(verify_index_to_size),
        op(OpKind::ShapeIsBroadcastable)
            .defined_everywhere()
            .commutative()
            .effect(Effect::None)
            .summary("Determines if 2+ shapes can be successfully broadcasted")
            .operands([many("shapes")])
            .results([one("result").fixed(i1)])
            .format("$shapes attr-dict `:` type($shapes)")
            .verify(verify_shapes_to_i1),
        op(OpKind::ShapeMax)
            .commutative()
            .summary("Elementwise maximum")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .format(BINARY)
            .pure()
            .verify(verify_max_min),
        op(OpKind::ShapeMeet)
            .form_role(FormRole::ErrorValue)
            .commutative()
            .effect(Effect::Fails)
            .summary("Returns the least general shape or size of its operands")
            .operands([one("arg0"), one("arg1")])
            .results([one("result")])
            .attrs([opt_attr("error", AttrKind::Str)])
            .format(
                "$arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:` \
                 type($arg0) `,` type($arg1) `->` type($result)",
            )
            .verify(verify_meet),
        op(OpKind::ShapeMin)
            .commutative()
            .summary("Elementwise minimum")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .format(BINARY)
            .pure()
            .verify(verify_max_min),
        op(OpKind::ShapeMul)
            .commutative()
            .summary("Multiplication of sizes and indices")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .format(BINARY)
            .pure()
            .verify(verify_size_arith),
        op(OpKind::ShapeNumElements)
            .defined_everywhere()
            .summary("Returns the number of elements for a given shape")
            .operands([one("shape")])
            .results([one("result")])
            .format("$shape attr-dict `:` type($shape) `->` type($result)")
            .pure()
            .verify(verify_shape_to_size),
        op(OpKind::ShapeRank)
            .defined_everywhere()
            .summary("Gets the rank of a shape")
            .operands([one("shape")])
            .results([one("rank")])
            .format("$shape attr-dict `:` type($shape) `->` type($rank)")
            .pure()
            .verify(verify_shape_to_size),
        op(OpKind::ShapeReduce)
            .effect(Effect::None)
            .summary("Returns an expression reduced over a shape or extent tensor")
            .operands([one("shape"), many("initVals")])
            .results([many("result")])
            .regions(["region"])
            .single_block()
            .implicit_terminator(OpKind::ShapeYield)
            .custom(parse_reduce, print_reduce)
            .verify(verify_reduce),
        op(OpKind::ShapeReturn)
            .summary("Shape function return operation")
            .operands([many("operands")])
            .format(TERMINATOR)
            .terminator()
            .verify(verify_return),
        op(OpKind::ShapeShapeEq)
            .defined_everywhere()
            .commutative()
            .summary("Returns whether the input shapes or extent tensors are equal")
            .operands([many("shapes")])
            .results([one("result").fixed(i1)])
            .format("$shapes attr-dict `:` type($shapes)")
            .pure()
            .verify(verify_shapes_to_i1),
        op(OpKind::ShapeShapeOf)
            .defined_everywhere()
            .summary("Returns shape of a value or shaped type operand")
            .operands([one("arg")])
            .results([one("result")])
            .format("$arg attr-dict `:` type($arg) `->` type($result)")
            .pure()
            .verify(verify_shape_of),
        op(OpKind::ShapeSizeToIndex)
            .cast()
            .summary("Casts between index types of the shape and standard dialect")
            .operands([one("arg")])
            .results([one("result").fixed(index)])
            .format("$arg attr-dict `:` type($arg)")
            .pure()
            .verify(verify_size_to_index),
        op(OpKind::ShapeSplitAt)
            .summary("Splits a shape at a given index")
            .operands([one("operand"), one("index")])
            .results([one("head"), one("tail")])
            .pure()
            .verify(verify_split_at)
            .result_names(split_at_names),
        op(OpKind::ShapeToExtentTensor)
            .cast()
            .summary("Creates a dimension tensor from a shape")
            .operands([one("input")])
            .results([one("result")])
            .format("$input attr-dict `:` type($input) `->` type($result)")
            .pure()
            .verify(verify_to_extent_tensor),
        op(OpKind::ShapeValueAsShape)
            .form_role(FormRole::ErrorValue)
            .summary("Returns value as a shape")
            .operands([one("arg")])
            .results([one("result")])
            .format("$arg attr-dict `:` type($arg) `->` type($result)")
            .pure()
            .verify(verify_value_as_shape),
        op(OpKind::ShapeValueOf)
            .form_role(FormRole::ErrorValue)
            .summary("Returns value of a !shape.value_shape operand")
            .operands([one("arg").fixed(value_shape)])
            .results([one("result")])
            .format("$arg attr-dict `:` type($result)")
            .pure()
            .verify(verify_value_of),
        op(OpKind::ShapeWithShape)
            .form_role(FormRole::ErrorValue)
            .summary("Returns ValueShape with given shape")
            .operands([one("operand"), one("shape")])
            .results([one("result").fixed(value_shape)])
            .format("operands attr-dict `:` type($operand) `,` type($shape)")
            .pure()
            .verify(verify_with_shape),
        op(OpKind::ShapeYield)
            .summary("Returns the value to parent op")
            .operands([many("operands")])
            .format(TERMINATOR)
            .terminator()
            .verify(verify_yield),
    ]
}

// ------------------------------------------------------------ result names

/// `%c<N>` for `shape.const_size N`.
fn const_size_names(ctx: &Context, op: OpId, names: &mut ResultNames) {
    if let Some(v) = ctx.attr(op, "value").and_then(Attr::as_int) {
        names.set_fmt(0, format_args!("c{v}"));
    }
}

fn split_at_names(_: &Context, _: OpId, names: &mut ResultNames) {
    names.set(0, "head");
    names.set(1, "tail");
}

// ------------------------------------------------------------ custom syntax

/// `shape.const_shape {attrs} [1, 2] : T`
fn parse_const_shape(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let at = p.offset();
    let extents = match p.parse_attribute(None)? {
        Attr::Array(items) => items
            .iter()
            .map(|a| match a {
                Attr::Int { value, .. } => Some(*value as i64 as i128),
                _ => None,
            })
            .collect::<Option<Vec<i128>>>(),
        _ => None,
    };
    let Some(extents) = extents else {
        return Err(p.error_at(at, "expected an array of integer extents"));
    };
    let elem = index(p.ctx());
    let ty = p.ctx().intern_type(TypeKind::RankedTensor {
        shape: vec![extents.len() as i64],
        elem,
        encoding: None,
    });
    let values = match extents.as_slice() {
        [first, rest @ ..] if rest.iter().all(|v| v == first) => {
            DenseValues::Splat(Scalar::Int(*first))
        }
        _ => DenseValues::Elements(extents.into_iter().map(Scalar::Int).collect()),
    };
    state
        .props
        .push(("shape".into(), Attr::Dense { ty, values }));
    p.expect_punct(":")?;
    let ty = p.parse_type()?;
    state.result_types.push(ty);
    super::move_inherent_attrs(state);
    Ok(())
}

/// The most extents a `const_shape` given by a splat (`dense<1> :
/// tensor<Nxindex>`, whose length costs nothing to write) may claim: its
/// custom form lists every extent, so a longer one would print as more
/// text than any input we read. A shape whose extents are listed has no
/// limit but the input's size.
pub const MAX_SPLAT_SHAPE_EXTENTS: usize = 1 << 20;

/// The extents of a `const_shape`'s `shape` attribute; `None` when it has
/// none (or is a splat longer than [`MAX_SPLAT_SHAPE_EXTENTS`]).
fn const_shape_extents(ctx: &Context, op: OpId) -> Option<Vec<i128>> {
    let a = ctx.attr(op, "shape")?;
    let Attr::Dense { ty, values } = a else {
        return None;
    };
    let n = match ctx.type_kind(*ty).shape() {
        Some([n]) if *n >= 0 => usize::try_from(*n).ok()?,
        _ => return None,
    };
    if matches!(values, DenseValues::Splat(_)) && n > MAX_SPLAT_SHAPE_EXTENTS {
        return None;
    }
    a.int_elements(n)
}

/// The length a splat `shape` attribute claims past
/// [`MAX_SPLAT_SHAPE_EXTENTS`].
fn overlong_splat_shape(ctx: &Context, op: OpId) -> Option<i64> {
    match ctx.attr(op, "shape")? {
        Attr::Dense {
            ty,
            values: DenseValues::Splat(_),
        } => match ctx.type_kind(*ty).shape() {
            Some(&[n]) if usize::try_from(n).is_ok_and(|n| n > MAX_SPLAT_SHAPE_EXTENTS) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

fn print_const_shape(p: &mut OpPrinter, op: OpId) {
    p.push(" ");
    p.attr_dict(op, &["shape"], false);
    p.push("[");
    let extents = const_shape_extents(p.ctx, op);
    debug_assert!(
        extents.is_some(),
        "a verified 'shape.const_shape' has its extents"
    );
    let extents = extents.unwrap_or_default();
    let text: Vec<String> = extents.iter().map(|e| e.to_string()).collect();
    p.push(&text.join(", "));
    p.push("] : ");
    if let Some(&r) = p.ctx.op(op).results.first() {
        p.ty(p.ctx.value_type(r));
    }
}

/// `shape.assuming %w -> (T) { ... } {attrs}`
fn parse_assuming(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let w = witness(p.ctx());
    let v = p.resolve_operand(&cond, w)?;
    state.operands.push(v);
    state.result_types = parse_optional_arrow_types(p)?.into();
    let r = p.ctx().create_region();
    p.parse_region(r, &[], false)?;
    ensure_terminator(p.ctx(), r, OpKind::ShapeAssumingYield, &state.loc);
    state.regions.push(r);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_assuming(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    let yields_results = !data.results.is_empty();
    p.push(" ");
    if let Some(&w) = data.operands.first() {
        p.operand(w);
    }
    if yields_results {
        p.push(" -> (");
        p.types_of(&data.results);
        p.push(")");
    }
    p.push(" ");
    if let Some(&r) = data.regions.first() {
        p.region(r, false, yields_results);
    }
    p.attr_dict(op, &[], false);
}

/// `shape.reduce(%shape, %init...) : T -> R { ^bb0(...): ... } {attrs}`
fn parse_reduce(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let at = p.offset();
    p.expect_punct("(")?;
    let mut operands: Vec<UnresolvedOperand> = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            operands.push(p.parse_operand()?);
            if p.parse_optional_punct(")") {
                break;
            }
            p.expect_punct(",")?;
        }
    }
    p.expect_punct(":")?;
    let shape_ty = p.parse_type()?;
    state.result_types = parse_optional_arrow_types(p)?.into();
    let Some((shape_operand, inits)) = operands.split_first() else {
        return Err(p.error_at(at, "expected at least one operand"));
    };
    if inits.len() != state.result_types.len() {
        return Err(p.error_at(
            at,
            &format!(
                "{} operands present, but expected {}",
                inits.len(),
                state.result_types.len()
            ),
        ));
    }
    let v = p.resolve_operand(shape_operand, shape_ty)?;
    state.operands.push(v);
    for (o, &t) in inits.iter().zip(&state.result_types.clone()) {
        let v = p.resolve_operand(o, t)?;
        state.operands.push(v);
    }
    let r = p.ctx().create_region();
    p.parse_region(r, &[], false)?;
    state.regions.push(r);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_reduce(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    let Some((&shape_value, inits)) = data.operands.split_first() else {
        return;
    };
    // MLIR prints `(%s, )` when there are no initial values.
    p.push("(");
    p.operand(shape_value);
    p.push(", ");
    p.operands(inits);
    p.push(") : ");
    p.ty(ctx.value_type(shape_value));
    let tys: Vec<Type> = data.results.iter().map(|&r| ctx.value_type(r)).collect();
    print_optional_arrow_types(p, &tys);
    p.push(" ");
    if let Some(&r) = data.regions.first() {
        p.region(r, true, true);
    }
    p.attr_dict(op, &[], false);
}

/// ` @name` from the `sym_name` property.
fn print_symbol_name(p: &mut OpPrinter, op: OpId) {
    let mut s = String::from(" ");
    if let Some(Attr::String(name)) = p.ctx.attr(op, "sym_name") {
        crate::print_attr::write_symbol_name(&mut s, &String::from_utf8_lossy(name));
    }
    p.push(&s);
}

/// `shape.function_library @name attributes {..} { funcs } mapping {op = @fn}`
fn parse_function_library(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let Some(name) = p.parse_optional_symbol_name() else {
        return Err(p.error("expected valid '@'-identifier for symbol name"));
    };
    state
        .props
        .push(("sym_name".into(), Attr::String(name.into_bytes())));
    super::parse_attributes_and_body(p, state)?;
    p.expect_keyword("mapping")?;
    let at = p.offset();
    let none = p.ctx().intern_type(TypeKind::None);
    match p.parse_attribute(Some(none))? {
        mapping @ Attr::Dict(_) => state.props.push(("mapping".into(), mapping)),
        _ => return Err(p.error_at(at, "invalid kind of attribute specified")),
    }
    super::move_inherent_attrs(state);
    Ok(())
}

fn print_function_library(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    print_symbol_name(p, op);
    p.attr_dict(op, &["sym_name", "mapping"], true);
    p.push(" ");
    if let Some(&r) = ctx.op(op).regions.first() {
        // MLIR elides only a trailing op that is a terminator.
        let ends_in_terminator = ctx.region(r).blocks.first().is_some_and(|&b| {
            ctx.block_terminator(b)
                .is_some_and(|t| ctx.op_def(t).is_some_and(|d| d.traits.terminator))
        });
        p.region(r, false, !ends_in_terminator);
    }
    p.push(" mapping ");
    if let Some(m) = ctx.attr(op, "mapping") {
        p.attr(m);
    }
}

// ------------------------------------------------------------ type predicates

type Pred = fn(&Context, Type) -> bool;

fn is_shape(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Shape)
}
fn is_size(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Size)
}
fn is_index(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Index)
}
fn is_value_shape(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::ValueShape)
}
fn is_witness(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Witness)
}
fn is_i1(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            width: 1,
            signedness: crate::types::Signedness::Signless
        }
    )
}
fn is_integer_or_index(ctx: &Context, t: Type) -> bool {
    ctx.type_kind(t).is_integer_like()
}
/// A ranked tensor of rank 1 whose elements satisfy `elem`.
fn is_1d_tensor_of(ctx: &Context, t: Type, elem: Pred) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { shape, elem: e, .. }
        if shape.len() == 1 && elem(ctx, *e))
}
/// `tensor<?xindex>` / `tensor<3xindex>`.
fn is_extent_tensor(ctx: &Context, t: Type) -> bool {
    is_1d_tensor_of(ctx, t, is_index)
}
fn is_shaped(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. }
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
            | TypeKind::Vector { .. }
    )
}
fn is_size_or_index(ctx: &Context, t: Type) -> bool {
    is_size(ctx, t) || is_index(ctx, t)
}
fn is_shape_or_extent_tensor(ctx: &Context, t: Type) -> bool {
    is_shape(ctx, t) || is_extent_tensor(ctx, t)
}
fn is_shape_or_size(ctx: &Context, t: Type) -> bool {
    is_shape(ctx, t) || is_size(ctx, t)
}
fn is_any_shape_or_size(ctx: &Context, t: Type) -> bool {
    is_shape_or_extent_tensor(ctx, t) || is_size_or_index(ctx, t)
}
fn is_shaped_or_value_shape(ctx: &Context, t: Type) -> bool {
    is_shaped(ctx, t) || is_value_shape(ctx, t)
}
fn is_index_tensor(ctx: &Context, t: Type) -> bool {
    ctx.type_kind(t).is_tensor()
        && ctx
            .type_kind(t)
            .element_type()
            .is_some_and(|e| is_index(ctx, e))
}
fn is_int_1d_tensor_or_value_shape(ctx: &Context, t: Type) -> bool {
    is_1d_tensor_of(ctx, t, is_integer_or_index) || is_value_shape(ctx, t)
}

/// A named type constraint, described as ODS describes it.
type Constraint = (Pred, &'static str);

const SIZE_OR_INDEX: Constraint = (is_size_or_index, "size or index");
const SHAPE_OR_EXTENT_TENSOR: Constraint = (is_shape_or_extent_tensor, "shape or extent tensor");
const SHAPE_OR_SIZE: Constraint = (is_shape_or_size, "shape or size");
const ANY_SHAPE_OR_SIZE: Constraint = (is_any_shape_or_size, "any shape or size");
const SHAPED: Constraint = (is_shaped, "shaped of any type values");
// ODS's description of these unions really ends in "or ".
const SHAPED_OR_VALUE_SHAPE: Constraint =
    (is_shaped_or_value_shape, "shaped of any type values or ");
const INT_1D_TENSOR_OR_VALUE_SHAPE: Constraint = (
    is_int_1d_tensor_or_value_shape,
    "1D tensor of integer or index values or ",
);
const INDEX_1D_TENSOR: Constraint = (is_extent_tensor, "1D tensor of index values");
const INDEX_TENSOR: Constraint = (is_index_tensor, "tensor of index values");
const INDEX: Constraint = (is_index, "index");
const I1: Constraint = (is_i1, "1-bit signless integer");
// The shape dialect's own types have an empty description.
const SHAPE: Constraint = (is_shape, "");
const SIZE: Constraint = (is_size, "");
const VALUE_SHAPE: Constraint = (is_value_shape, "");
const WITNESS: Constraint = (is_witness, "");

/// Each operand `i` (in order) must satisfy `constraints[i]`.
fn check_operands(ctx: &Context, op: OpId, constraints: &[Constraint]) -> Result<(), String> {
    for (i, (pred, desc)) in constraints.iter().enumerate() {
        if let Some(t) = ctx.operand_type(op, i) {
            if !pred(ctx, t) {
                return Err(format!(
                    "operand #{i} must be {desc}, but got '{}'",
                    type_str(ctx, t)
                ));
            }
        }
    }
    Ok(())
}

/// Every operand (one variadic group) must satisfy `c`.
fn check_variadic_operands(
    ctx: &Context,
    op: OpId,
    (pred, desc): Constraint,
) -> Result<(), String> {
    for (i, &v) in ctx.op(op).operands.iter().enumerate() {
        let t = ctx.value_type(v);
        if !pred(ctx, t) {
            return Err(format!(
                "operand #{i} must be variadic of {desc}, but got '{}'",
                type_str(ctx, t)
            ));
        }
    }
    Ok(())
}

fn check_results(ctx: &Context, op: OpId, constraints: &[Constraint]) -> Result<(), String> {
    for (i, (pred, desc)) in constraints.iter().enumerate() {
        if let Some(t) = ctx.result_type(op, i) {
            if !pred(ctx, t) {
                return Err(format!(
                    "result #{i} must be {desc}, but got '{}'",
                    type_str(ctx, t)
                ));
            }
        }
    }
    Ok(())
}

/// `InferTypeOpInterface`: the result type must be compatible with the inferred one.
fn check_inferred(
    ctx: &Context,
    op: OpId,
    inferred: Type,
    compatible: fn(&Context, Type, Type) -> bool,
) -> Result<(), String> {
    let Some(actual) = ctx.result_type(op, 0) else {
        return Ok(());
    };
    if compatible(ctx, inferred, actual) {
        return Ok(());
    }
    Err(incompatible(
        &type_str(ctx, inferred),
        &type_str(ctx, actual),
    ))
}

// ------------------------------------------------------------ verifiers

/// Some operand is of a type that can hold an error value.
fn error_propagation_possible(ctx: &Context, op: OpId) -> bool {
    ctx.op(op).operands.iter().any(|&v| {
        let t = ctx.value_type(v);
        is_size(ctx, t) || is_shape(ctx, t) || is_value_shape(ctx, t)
    })
}

/// MLIR's `verifySizeOrIndexOp`.
fn verify_size_or_index_result(ctx: &Context, op: OpId) -> Result<(), String> {
    let result_is_size = ctx.result_type(op, 0).is_some_and(|t| is_size(ctx, t));
    if error_propagation_possible(ctx, op) && !result_is_size {
        return Err("if at least one of the operands can hold error values then the result must be of type `size` to propagate them".into());
    }
    Ok(())
}

/// MLIR's `verifyShapeOrExtentTensorOp`.
fn verify_shape_or_extent_tensor_result(ctx: &Context, op: OpId) -> Result<(), String> {
    let result_is_shape = ctx.result_type(op, 0).is_some_and(|t| is_shape(ctx, t));
    if error_propagation_possible(ctx, op) && !result_is_shape {
        return Err("if at least one of the operands can hold error values then the result must be of type `shape` to propagate them".into());
    }
    Ok(())
}

/// add, div, mul.
fn verify_size_arith(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SIZE_OR_INDEX, SIZE_OR_INDEX])?;
    check_results(ctx, op, &[SIZE_OR_INDEX])?;
    verify_size_or_index_result(ctx, op)
}

fn verify_any(ctx: &Context, op: OpId) -> Result<(), String> {
    check_variadic_operands(ctx, op, SHAPE_OR_EXTENT_TENSOR)?;
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])
}

fn verify_assuming(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[WITNESS])?;
    let data = ctx.op(op);
    let Some(&r) = data.regions.first() else {
        return Ok(());
    };
    let blocks = &ctx.region(r).blocks;
    if blocks.len() != 1 {
        return Err(
            "region #0 ('doRegion') failed to verify constraint: region with 1 blocks".into(),
        );
    }
    let Some(t) = ctx.block_terminator(blocks[0]) else {
        return Ok(());
    };
    if ctx.kind(t) != OpKind::ShapeAssumingYield {
        return Err(format!(
            "expects regions to end with 'shape.assuming_yield', found '{}'",
            ctx.op_name(t)
        ));
    }
    check_edge_to_parent(ctx, op, t)
}

fn verify_assuming_all(ctx: &Context, op: OpId) -> Result<(), String> {
    check_variadic_operands(ctx, op, WITNESS)?;
    check_results(ctx, op, &[WITNESS])?;
    if ctx.op(op).operands.is_empty() {
        return Err("no operands specified".into());
    }
    Ok(())
}

fn verify_assuming_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    check_parent(ctx, op, &[OpKind::ShapeAssuming])
}

fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), String> {
    check_string_attr(ctx, op, "error")?;
    check_variadic_operands(ctx, op, SHAPE_OR_EXTENT_TENSOR)?;
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])?;
    verify_shape_or_extent_tensor_result(ctx, op)
}

fn verify_concat(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_EXTENT_TENSOR, SHAPE_OR_EXTENT_TENSOR])?;
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])
}

fn verify_const_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    if let Some(n) = overlong_splat_shape(ctx, op) {
        return Err(format!(
            "splat shape of {n} extents: shape-opt holds at most {MAX_SPLAT_SHAPE_EXTENTS} extents given by a splat"
        ));
    }
    let Some(extents) = const_shape_extents(ctx, op).filter(|_| {
        matches!(ctx.attr(op, "shape"), Some(Attr::Dense { ty, .. })
            if ctx.type_kind(*ty).element_type().is_some_and(|e| is_index(ctx, e)))
    }) else {
        return Err(
            "attribute 'shape' failed to satisfy constraint: index elements attribute".into(),
        );
    };
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])?;
    let Some(actual) = ctx.result_type(op, 0) else {
        return Ok(());
    };
    // Inferred: `tensor<Nxindex>`; `!shape.shape` is compatible with it.
    let n = extents.len() as i64;
    let compatible = is_shape(ctx, actual)
        || matches!(ctx.type_kind(actual), TypeKind::RankedTensor { shape, elem, .. }
            if shape.as_slice() == [n] && is_index(ctx, *elem));
    if compatible {
        return Ok(());
    }
    Err(incompatible(&extent_tensor_text(n), &type_str(ctx, actual)))
}

/// `tensor<Nxindex>` as text (`?` for a dynamic N).
fn extent_tensor_text(n: i64) -> String {
    if n == DYNAMIC {
        "tensor<?xindex>".into()
    } else {
        format!("tensor<{n}xindex>")
    }
}

fn incompatible(inferred: &str, actual: &str) -> String {
    crate::verifier::inference_failure(format!(
        "inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{actual}'"
    ))
}

fn verify_const_size(ctx: &Context, op: OpId) -> Result<(), String> {
    match ctx.attr(op, "value") {
        Some(Attr::Int { ty, .. }) if is_index(ctx, *ty) => {}
        _ => return Err("attribute 'value' failed to satisfy constraint: index attribute".into()),
    }
    check_results(ctx, op, &[SIZE])
}

fn verify_const_witness(ctx: &Context, op: OpId) -> Result<(), String> {
    if !matches!(ctx.attr(op, "passing"), Some(Attr::Bool(_))) {
        return Err("attribute 'passing' failed to satisfy constraint: bool attribute".into());
    }
    check_results(ctx, op, &[WITNESS])
}

/// The optional or required string attribute `name` is a string.
fn check_string_attr(ctx: &Context, op: OpId, name: &str) -> Result<(), String> {
    match ctx.attr(op, name) {
        None | Some(Attr::String(_)) => Ok(()),
        Some(_) => Err(format!(
            "attribute '{name}' failed to satisfy constraint: string attribute"
        )),
    }
}

fn verify_cstr_broadcastable(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_cstr_eq(ctx, op)?;
    if ctx.op(op).operands.len() < 2 {
        return Err("required at least 2 input shapes".into());
    }
    Ok(())
}

fn verify_cstr_eq(ctx: &Context, op: OpId) -> Result<(), String> {
    check_variadic_operands(ctx, op, SHAPE_OR_EXTENT_TENSOR)?;
    check_results(ctx, op, &[WITNESS])
}

fn verify_cstr_require(ctx: &Context, op: OpId) -> Result<(), String> {
    check_string_attr(ctx, op, "msg")?;
    check_operands(ctx, op, &[I1])?;
    check_results(ctx, op, &[WITNESS])
}

fn verify_debug_print(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_SIZE])?;
    check_results(ctx, op, &[SHAPE_OR_SIZE])
}

fn verify_dim(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPED, SIZE_OR_INDEX])?;
    check_results(ctx, op, &[SIZE_OR_INDEX])
}

fn verify_from_extent_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[INDEX_1D_TENSOR])?;
    check_results(ctx, op, &[SHAPE])
}

fn verify_from_extents(ctx: &Context, op: OpId) -> Result<(), String> {
    check_variadic_operands(ctx, op, SIZE_OR_INDEX)?;
    check_results(ctx, op, &[SHAPE])
}

fn function_inputs(ctx: &Context, op: OpId) -> Option<Vec<Type>> {
    let t = ctx.attr(op, "function_type")?.as_type()?;
    match ctx.type_kind(t) {
        TypeKind::Function { inputs, .. } => Some(inputs.clone()),
        _ => None,
    }
}

/// `FunctionOpInterface`: entry block arguments match the signature; a
/// declaration is private.
fn verify_func(ctx: &Context, op: OpId) -> Result<(), String> {
    let inputs = function_inputs(ctx, op).ok_or(
        "attribute 'function_type' failed to satisfy constraint: type attribute of function type",
    )?;
    super::func::verify_function_like(ctx, op, &inputs)
}

fn verify_function_library(ctx: &Context, op: OpId) -> Result<(), String> {
    if !matches!(ctx.attr(op, "mapping"), Some(Attr::Dict(_))) {
        return Err(
            "attribute 'mapping' failed to satisfy constraint: dictionary of named attribute values"
                .into(),
        );
    }
    let one_block = ctx
        .op(op)
        .regions
        .first()
        .is_some_and(|&r| ctx.region(r).blocks.len() == 1);
    if !one_block {
        return Err("Operations with a 'SymbolTable' must have exactly one block".into());
    }
    Ok(())
}

fn verify_get_extent(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_EXTENT_TENSOR, SIZE_OR_INDEX])?;
    check_results(ctx, op, &[SIZE_OR_INDEX])?;
    verify_size_or_index_result(ctx, op)
}

fn verify_index_to_size(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[INDEX])?;
    check_results(ctx, op, &[SIZE])
}

/// is_broadcastable, shape_eq.
fn verify_shapes_to_i1(ctx: &Context, op: OpId) -> Result<(), String> {
    check_variadic_operands(ctx, op, SHAPE_OR_EXTENT_TENSOR)?;
    check_results(ctx, op, &[I1])
}

fn verify_max_min(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_SIZE, SHAPE_OR_SIZE])?;
    check_results(ctx, op, &[SHAPE_OR_SIZE])?;
    let (Some(l), Some(r)) = (ctx.operand_type(op, 0), ctx.operand_type(op, 1)) else {
        return Ok(());
    };
    // Inferred: the operand type if both agree, else `!shape.size`.
    if l == r {
        return check_inferred(ctx, op, l, |ctx, a, b| {
            (is_shape(ctx, a) && is_shape(ctx, b)) || (is_size(ctx, a) && is_size(ctx, b))
        });
    }
    match ctx.result_type(op, 0) {
        Some(t) if !is_size(ctx, t) => Err(incompatible("!shape.size", &type_str(ctx, t))),
        _ => Ok(()),
    }
}

/// The result type `shape.meet` infers from its operand types.
fn meet_inferred(ctx: &Context, types: &[Type]) -> Result<Type, String> {
    let Some((&first, rest)) = types.split_first() else {
        return Err("failed to infer returned types".into());
    };
    let mismatch = || "requires all sizes or shapes".to_string();
    let mut acc = first;
    for &t in rest {
        let (mut l, mut r) = (acc, t);
        if !is_shape_or_size(ctx, l) {
            std::mem::swap(&mut l, &mut r);
        }
        if is_size(ctx, l) {
            if !is_size_or_index(ctx, r) {
                return Err(mismatch());
            }
            acc = l;
        } else if is_index(ctx, l) {
            if !is_index(ctx, r) {
                return Err(mismatch());
            }
            acc = r;
        } else if is_shape(ctx, l) {
            if !is_shape_or_extent_tensor(ctx, r) {
                return Err(mismatch());
            }
            acc = l;
        } else if is_extent_tensor(ctx, l) {
            let rank = |t: Type| ctx.type_kind(t).shape().and_then(|s| s.first().copied());
            let (Some(r1), Some(r2)) = (rank(l), rank(r)) else {
                return Err(mismatch());
            };
            acc = if r1 == DYNAMIC {
                l
            } else if r2 == DYNAMIC {
                r
            } else if r1 != r2 {
                return Err("unequal shape cardinality".into());
            } else {
                l
            };
        }
    }
    Ok(acc)
}

/// `MeetOp::isCompatibleReturnTypes`.
fn meet_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    let (l, r) = if is_shape_or_size(ctx, a) {
        (a, b)
    } else {
        (b, a)
    };
    if is_size(ctx, l) {
        return is_size_or_index(ctx, r);
    }
    if is_shape(ctx, l) {
        return is_shape(ctx, r) || ctx.type_kind(r).is_tensor();
    }
    shapes_compatible(ctx, l, r)
}

/// MLIR's `verifyCompatibleShapes` for two types.
fn shapes_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    let (ka, kb) = (ctx.type_kind(a), ctx.type_kind(b));
    if !is_shaped(ctx, a) || !is_shaped(ctx, b) {
        return false;
    }
    match (ka.shape(), kb.shape()) {
        (Some(sa), Some(sb)) => {
            sa.len() == sb.len()
                && sa
                    .iter()
                    .zip(sb)
                    .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        _ => true,
    }
}

fn verify_meet(ctx: &Context, op: OpId) -> Result<(), String> {
    check_string_attr(ctx, op, "error")?;
    check_operands(ctx, op, &[ANY_SHAPE_OR_SIZE, ANY_SHAPE_OR_SIZE])?;
    check_results(ctx, op, &[ANY_SHAPE_OR_SIZE])?;
    let types = ctx.types_of(&ctx.op(op).operands);
    let inferred = meet_inferred(ctx, &types).map_err(crate::verifier::inference_failure)?;
    check_inferred(ctx, op, inferred, meet_compatible)
}

/// num_elements, rank.
fn verify_shape_to_size(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])?;
    check_results(ctx, op, &[SIZE_OR_INDEX])?;
    verify_size_or_index_result(ctx, op)
}

fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])?;
    let data = ctx.op(op);
    let Some(&r) = data.regions.first() else {
        return Ok(());
    };
    let blocks = &ctx.region(r).blocks;
    if blocks.len() != 1 {
        return Err(
            "region #0 ('region') failed to verify constraint: region with 1 blocks".into(),
        );
    }
    let args = &ctx.block(blocks[0]).args;
    let inits = data.operands.get(1..).unwrap_or_default();
    if args.len() != inits.len() + 2 {
        return Err(format!(
            "ReduceOp body is expected to have {} arguments",
            inits.len() + 2
        ));
    }
    if !is_index(ctx, ctx.value_type(args[0])) {
        return Err("argument 0 of ReduceOp body is expected to be of IndexType".into());
    }
    let extent = ctx.value_type(args[1]);
    let on_shape = data
        .operands
        .first()
        .is_some_and(|&s| is_shape(ctx, ctx.value_type(s)));
    if on_shape && !is_size(ctx, extent) {
        return Err("argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType".into());
    }
    if !on_shape && !is_index(ctx, extent) {
        return Err("argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor".into());
    }
    for (i, (&a, &init)) in args[2..].iter().zip(inits).enumerate() {
        if ctx.value_type(a) != ctx.value_type(init) {
            return Err(format!(
                "type mismatch between argument {} of ReduceOp body and initial value {i}",
                i + 2
            ));
        }
    }
    match ctx.block_terminator(blocks[0]) {
        Some(t) if ctx.kind(t) != OpKind::ShapeYield => Err(format!(
            "expects regions to end with 'shape.yield', found '{}'",
            ctx.op_name(t)
        )),
        _ => Ok(()),
    }
}

fn verify_return(ctx: &Context, op: OpId) -> Result<(), String> {
    check_parent(ctx, op, &[OpKind::ShapeFunc])?;
    match ctx.parent_op(op) {
        Some(func) => crate::dialect::func::verify_returned_types(ctx, op, func),
        None => Ok(()),
    }
}

fn verify_shape_of(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPED_OR_VALUE_SHAPE])?;
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])?;
    let (Some(arg), Some(actual)) = (ctx.operand_type(op, 0), ctx.result_type(op, 0)) else {
        return Ok(());
    };
    // Inferred: `!shape.shape` for a value shape, else `tensor<rank x index>`;
    // `!shape.shape` is compatible with everything, tensors by shape.
    if !is_value_shape(ctx, arg) && !is_shape(ctx, actual) {
        let rank = ctx
            .type_kind(arg)
            .shape()
            .map_or(DYNAMIC, |s| s.len() as i64);
        let actual_dim = ctx.type_kind(actual).shape().and_then(|s| match s {
            [d] => Some(*d),
            _ => None,
        });
        let compatible = actual_dim.is_some_and(|d| d == DYNAMIC || rank == DYNAMIC || d == rank);
        if !compatible {
            return Err(incompatible(
                &extent_tensor_text(rank),
                &type_str(ctx, actual),
            ));
        }
    }
    verify_shape_or_extent_tensor_result(ctx, op)
}

fn verify_size_to_index(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SIZE_OR_INDEX])?;
    check_results(ctx, op, &[INDEX])
}

fn verify_split_at(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_EXTENT_TENSOR, SIZE_OR_INDEX])?;
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR, SHAPE_OR_EXTENT_TENSOR])
}

fn verify_to_extent_tensor(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])?;
    check_results(ctx, op, &[INDEX_TENSOR])
}

fn verify_value_as_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[INT_1D_TENSOR_OR_VALUE_SHAPE])?;
    check_results(ctx, op, &[SHAPE_OR_EXTENT_TENSOR])
}

fn verify_value_of(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[VALUE_SHAPE])?;
    check_results(ctx, op, &[SHAPED])
}

fn verify_with_shape(ctx: &Context, op: OpId) -> Result<(), String> {
    check_operands(ctx, op, &[SHAPED_OR_VALUE_SHAPE, SHAPE_OR_EXTENT_TENSOR])?;
    check_results(ctx, op, &[VALUE_SHAPE])
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    check_parent(
        ctx,
        op,
        &[OpKind::ShapeReduce, OpKind::ShapeFunctionLibrary],
    )?;
    let Some(parent) = ctx.parent_op(op) else {
        return Ok(());
    };
    // MLIR verifies a `shape.reduce` before the ops in its body: leave a
    // broken reduce to report its own error.
    if ctx.kind(parent) == OpKind::ShapeReduce && verify_reduce(ctx, parent).is_err() {
        return Ok(());
    }
    let results = &ctx.op(parent).results;
    let operands = &ctx.op(op).operands;
    if results.len() != operands.len() {
        return Err("number of operands does not match number of results of its parent".into());
    }
    if results
        .iter()
        .zip(operands)
        .any(|(&r, &o)| ctx.value_type(r) != ctx.value_type(o))
    {
        return Err("types mismatch between yield op and its parent".into());
    }
    Ok(())
}

// ------------------------------------------------------------ error values

/// Ops that give a valid result whenever their operands are valid: in
/// error-monadic form, an error in their result can only come from an
/// operand. Every other op with a `!shape.shape` or `!shape.size` result
/// may make an error of its own (a broadcast that does not broadcast, a
/// meet of different values, an index out of range, a division by zero).
pub const TOTAL_OPS: &[OpKind] = &[
    OpKind::ShapeShapeOf,
    OpKind::ShapeConstShape,
    OpKind::ShapeConstSize,
    OpKind::ShapeRank,
    OpKind::ShapeConcat,
    OpKind::ShapeAny,
    OpKind::ShapeToExtentTensor,
    OpKind::ShapeFromExtentTensor,
    OpKind::ShapeSizeToIndex,
    OpKind::ArithConstant,
];

/// Whether `op` cannot make an error value of its own: an op of
/// [`TOTAL_OPS`], `shape.index_to_size` (a negative index is undefined, not
/// an error), or `shape.max`/`shape.min` of sizes (of shapes, they fail on
/// different ranks).
pub fn makes_no_error(ctx: &Context, op: OpId) -> bool {
    let kind = ctx.kind(op);
    TOTAL_OPS.contains(&kind)
        || kind == OpKind::ShapeIndexToSize
        || matches!(kind, OpKind::ShapeMax | OpKind::ShapeMin)
            && ctx.op(op).results.first().is_some_and(|&r| {
                !matches!(ctx.type_kind(ctx.value_type(r)), crate::TypeKind::Shape)
            })
}

// ------------------------------------------------------------ constraint messages

/// The discardable attribute by which an op names the instance of its
/// shape function that `reify-shape-library` outlined for it
/// (`{shape.fn = @foo_matmul_matmul_shape_0}`); it lives until
/// `convert-shape-to-std`, which drops it with the instances it leaves
/// unused.
pub const SHAPE_FN: &str = "shape.fn";

/// What stage-1 ops fail with when they carry no `error` attribute.
/// `lower-to-constrained` puts the same texts on the checks it makes, so a
/// function fails with one text at every stage (a runtime assertion cannot
/// quote the values it saw).
pub mod failure {
    /// `shape.meet` of different sizes or shapes.
    pub const MEET: &str = "operands of shape.meet must be equal";
    /// `shape.broadcast` of shapes that do not broadcast (also what
    /// `shape.cstr_broadcastable` fails with).
    pub const BROADCAST: &str = "operands must be broadcastable";
    /// `shape.split_at` outside `[-rank, rank]`.
    pub const SPLIT_INDEX: &str = "split index out of range";
    /// `shape.get_extent`/`shape.dim` outside `[0, rank)`.
    pub const EXTENT_INDEX: &str = "dimension index out of range";
    /// `shape.div` by zero.
    pub const DIVISION_BY_ZERO: &str = "division by zero";
    /// `shape.from_extents` or `index_to_size` of a negative extent.
    pub const NEGATIVE_EXTENT: &str = "extents must be non-negative";
    /// `shape.max`/`shape.min` of shapes of different ranks.
    pub const RANKS: &str = "ranks must match";
}

/// What a `shape.assuming` on a false witness (`shape.const_witness false`,
/// alone or in a `shape.assuming_all`) fails with.
pub const FALSE_WITNESS_MESSAGE: &str = "the witness is false";

/// What a witness of the host fails with where a region relies on it: the
/// `cf.assert` of its bridge to `i1` (`lower-to-asserting`), and the
/// interpreter on a bridge from a false `i1`.
pub const HOST_WITNESS_MESSAGE: &str = "a witness of the host does not hold";

/// The message a failing constraint (`shape.cstr_eq`,
/// `shape.cstr_broadcastable`, `shape.cstr_require`) fails with: its `msg`
/// attribute, else an `error` attribute, else what it requires. The
/// interpreter fails stage 2 with it and `lower-to-asserting` asserts with
/// it, so that stages 2 and 3 fail with the same text.
pub fn constraint_message(ctx: &Context, op: OpId) -> &str {
    let own = |name| ctx.attr(op, name).and_then(Attr::as_str);
    own("msg")
        .or_else(|| own("error"))
        .unwrap_or_else(|| match ctx.kind(op) {
            OpKind::ShapeCstrEq => "shapes must be equal",
            OpKind::ShapeCstrBroadcastable => failure::BROADCAST,
            _ => "requirement failed",
        })
}

// ------------------------------------------------------------ dialect attribute

fn symbol_ref_text(a: &Attr) -> String {
    let mut s = String::new();
    if let Attr::SymbolRef { root, nested } = a {
        crate::print_attr::write_symbol_name(&mut s, root);
        for n in nested {
            s.push_str("::");
            crate::print_attr::write_symbol_name(&mut s, n);
        }
    }
    s
}

/// `ShapeDialect::verifyOperationAttribute`: checks a discardable `shape.*`
/// attribute on any op. The error is reported at `op` without the usual
/// `'op' op` prefix (MLIR uses `emitError`, not `emitOpError`).
pub fn verify_operation_attribute(
    ctx: &Context,
    op: OpId,
    name: &str,
    value: &Attr,
) -> Result<(), String> {
    if name != "shape.lib" {
        return Ok(());
    }
    let is_table = ctx.op_def(op).is_some_and(|d| d.traits.symbol_table);
    if !is_table {
        return Err("shape.lib attribute may only be on op implementing SymbolTable".into());
    }
    let is_library = |o: OpId| ctx.kind(o) == OpKind::ShapeFunctionLibrary;
    match value {
        Attr::SymbolRef { root, nested } => {
            let found = super::lookup_symbol(ctx, op, root).filter(|_| nested.is_empty());
            match found {
                None => Err(format!(
                    "shape function library {} not found",
                    symbol_ref_text(value)
                )),
                Some(o) if is_library(o) => Ok(()),
                Some(_) => Err(format!(
                    "{} required to be shape function library",
                    symbol_ref_text(value)
                )),
            }
        }
        Attr::Array(items) => {
            let mut keys: Vec<&str> = Vec::new();
            for it in items {
                let Attr::SymbolRef { root, .. } = it else {
                    return Err("only SymbolRefAttr allowed in shape.lib attribute array".into());
                };
                let Some(lib) = super::lookup_symbol(ctx, op, root).filter(|&o| is_library(o))
                else {
                    return Err(format!(
                        "{} does not refer to FunctionLibraryOp",
                        symbol_ref_text(it)
                    ));
                };
                if let Some(Attr::Dict(mapping)) = ctx.attr(lib, "mapping") {
                    for (key, _) in mapping {
                        if keys.contains(&&**key) {
                            return Err(format!(
                                "only one op to shape mapping allowed, found multiple for `{key}`"
                            ));
                        }
                        keys.push(key);
                    }
                }
            }
            Ok(())
        }
        _ => Err(
            "only SymbolRefAttr or array of SymbolRefAttrs allowed as shape.lib attribute".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::Location;

    fn extent_tensor(ctx: &mut Context, n: i64) -> Type {
        let elem = index(ctx);
        ctx.intern_type(TypeKind::RankedTensor {
            shape: vec![n],
            elem,
            encoding: None,
        })
    }

    #[test]
    fn meet_inference_follows_mlir() {
        let mut ctx = Context::new();
        let (s, sz, i) = (shape(&mut ctx), size(&mut ctx), index(&mut ctx));
        let (t2, t3, td) = (
            extent_tensor(&mut ctx, 2),
            extent_tensor(&mut ctx, 3),
            extent_tensor(&mut ctx, DYNAMIC),
        );
        assert_eq!(meet_inferred(&ctx, &[i, sz]), Ok(sz));
        assert_eq!(meet_inferred(&ctx, &[t2, s]), Ok(s));
        assert_eq!(meet_inferred(&ctx, &[td, t3]), Ok(td));
        assert_eq!(meet_inferred(&ctx, &[t3, td]), Ok(td));
        assert_eq!(
            meet_inferred(&ctx, &[s, i]),
            Err("requires all sizes or shapes".into())
        );
        assert_eq!(
            meet_inferred(&ctx, &[t2, t3]),
            Err("unequal shape cardinality".into())
        );
    }

    /// A module holding one op named `inner` with symbol `name`.
    fn module_with(ctx: &mut Context, inner: &'static str, name: &str) -> OpId {
        let mut lib = OperationState::new(inner, Location::Unknown);
        lib.props.push(("sym_name".into(), Attr::string(name)));
        let lib = ctx.create_op(lib);
        let body = ctx.create_block();
        ctx.append_op(body, lib);
        let region = ctx.create_region();
        ctx.append_block(region, body);
        let mut module = OperationState::new("builtin.module", Location::Unknown);
        module.regions.push(region);
        ctx.create_op(module)
    }

    #[test]
    fn shape_lib_attribute_is_checked() {
        let mut ctx = Context::new();
        let m = module_with(&mut ctx, "shape.function_library", "lib");
        let check =
            |ctx: &Context, op, a: Attr| verify_operation_attribute(ctx, op, "shape.lib", &a);
        assert_eq!(check(&ctx, m, Attr::symbol("lib")), Ok(()));
        assert_eq!(
            check(&ctx, m, Attr::symbol("nope")),
            Err("shape function library @nope not found".into())
        );
        assert_eq!(
            check(
                &ctx,
                m,
                Attr::Array(vec![Attr::symbol("lib"), Attr::symbol("lib")])
            ),
            Ok(()),
            "a library without mapping entries has no duplicates"
        );
        assert!(check(&ctx, m, Attr::Array(vec![Attr::string("lib")]))
            .is_err_and(|e| e.contains("only SymbolRefAttr allowed")));
        let f = module_with(&mut ctx, "func.func", "fn");
        assert_eq!(
            check(&ctx, f, Attr::symbol("fn")),
            Err("@fn required to be shape function library".into())
        );
        let inner = ctx.op(f).regions[0];
        let func = ctx.block_ops(ctx.region(inner).blocks[0]).next();
        let func = func.expect("the module holds the function");
        assert!(check(&ctx, func, Attr::symbol("x")).is_err_and(|e| e.contains("SymbolTable")));
    }
}
