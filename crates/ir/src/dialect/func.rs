//! `func` dialect: `func.func`, `func.return`, `func.call`.

use crate::asm::{Argument, AsmParser, PResult};
use crate::attrs::{Attr, NamedAttr};
use crate::context::{Context, OpId, OperationState};
use crate::op_def::{attr, many, one, op, opt_attr, AttrKind, OpDef};
use crate::printer::OpPrinter;
use crate::types::{Type, TypeKind};
use crate::OpKind;

/// The discardable attribute of a function lowered with
/// `convert-shape-to-std{failure=status}`: its failure messages, code `k`
/// (its leading `i32` result) at position `k - 1`.
pub const FAILURE_MESSAGES: &str = "shape_opt.failure_messages";

/// The discardable unit attribute, on a function or on a module around it
/// (then for its public functions, the entry points a runtime calls), that
/// assumes strict symbolic shapes: every dimension an argument's type
/// leaves dynamic (`?`) is not the broadcasting 1. The assumption is
/// checked lazily, never trusted: a broadcast of such extents needs them
/// equal, and fails with a message naming the assumption where they are
/// not (`analysis::strict_extents` defines the checks).
pub const STRICT_SYMBOLIC_SHAPES: &str = "shape_opt.strict_symbolic_shapes";

/// Whether function `func` assumes strict symbolic shapes: it carries
/// [`STRICT_SYMBOLIC_SHAPES`], or it is public and an op around it does.
pub fn strict_symbolic_shapes(ctx: &Context, func: OpId) -> bool {
    let public = ctx.attr(func, "sym_visibility").is_none();
    ctx.attr(func, STRICT_SYMBOLIC_SHAPES).is_some()
        || public
            && std::iter::successors(ctx.parent_op(func), |&o| ctx.parent_op(o))
                .any(|o| ctx.attr(o, STRICT_SYMBOLIC_SHAPES).is_some())
}

/// Whether `op`, pure by its definition, may fail: a `shape.broadcast` or
/// `shape.is_broadcastable` in a function that assumes strict symbolic
/// shapes checks the assumption. Passes treat it as a check: it is not
/// erased when unused, and does not cross an op with side effects.
pub fn fails_under_strict_shapes(ctx: &Context, op: OpId) -> bool {
    matches!(
        ctx.kind(op),
        OpKind::ShapeBroadcast | OpKind::ShapeIsBroadcastable
    ) && std::iter::successors(ctx.parent_op(op), |&o| ctx.parent_op(o))
        .find(|&o| ctx.kind(o) == OpKind::FuncFunc)
        .is_some_and(|f| strict_symbolic_shapes(ctx, f))
}

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::FuncFunc)
            .summary("An operation with a name containing a single SSACFG region")
            .allocation_scope()
            .attrs([
                attr("sym_name", AttrKind::SymbolName),
                attr("function_type", AttrKind::TypeAttr),
                opt_attr("sym_visibility", AttrKind::Str),
                opt_attr("arg_attrs", AttrKind::Any),
                opt_attr("res_attrs", AttrKind::Any),
                opt_attr("no_inline", AttrKind::Unit),
            ])
            .regions(["body"])
            .isolated()
            .custom(parse_function_like, print_function_like)
            .verify(verify_func),
        op(OpKind::FuncReturn)
            .summary("Function return operation")
            .operands([many("operands")])
            .format("attr-dict ($operands^ `:` type($operands))?")
            .terminator()
            .verify(verify_return),
        op(OpKind::FuncCall)
            .summary("Call operation")
            .operands([many("operands")])
            .results([many("results")])
            .attrs([
                attr("callee", AttrKind::SymbolRef),
                opt_attr("arg_attrs", AttrKind::Any),
                opt_attr("res_attrs", AttrKind::Any),
                opt_attr("no_inline", AttrKind::Unit),
            ])
            .format("$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)"),
        op(OpKind::FuncCallIndirect)
            .summary("Indirect call operation")
            .operands([one("callee"), many("callee_operands")])
            .results([many("results")])
            .attrs([
                opt_attr("arg_attrs", AttrKind::Any),
                opt_attr("res_attrs", AttrKind::Any),
            ])
            .custom(parse_call_indirect, print_call_indirect)
            .verify(verify_call_indirect),
        op(OpKind::FuncConstant)
            .constant_like("value")
            .summary("Constant")
            .results([one("result")])
            .attrs([attr("value", AttrKind::SymbolRef)])
            .format("attr-dict $value `:` type(results)")
            .result_names(|_, _, names| names.set(0, "f"))
            .pure(),
    ]
}

/// `%callee(%a, %b) : (A, B) -> R`: operand and result types come from the callee's type.
fn parse_call_indirect(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let callee = p.parse_operand()?;
    p.expect_punct("(")?;
    let mut args = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            args.push(p.parse_operand()?);
            if p.parse_optional_punct(")") {
                break;
            }
            p.expect_punct(",")?;
        }
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect_punct(":")?;
    let fty = p.parse_type()?;
    let TypeKind::Function { inputs, results } = p.ctx().type_kind(fty).clone() else {
        return Err(p.error("expected function type"));
    };
    if inputs.len() != args.len() {
        return Err(p.error(&format!(
            "{} operands present, but expected {}",
            args.len(),
            inputs.len()
        )));
    }
    let callee = p.resolve_operand(&callee, fty)?;
    state.operands.push(callee);
    for (a, t) in args.iter().zip(&inputs) {
        let v = p.resolve_operand(a, *t)?;
        state.operands.push(v);
    }
    state.result_types = results.into();
    Ok(())
}

fn print_call_indirect(p: &mut OpPrinter, op: OpId) {
    let operands = p.ctx.op(op).operands.clone();
    let Some((&callee, args)) = operands.split_first() else {
        return;
    };
    p.push(" ");
    p.operand(callee);
    p.push("(");
    p.operands(args);
    p.push(")");
    p.attr_dict(op, &[], false);
    p.push(" : ");
    p.ty(p.ctx.value_type(callee));
}

fn verify_call_indirect(ctx: &Context, op: OpId) -> Result<(), String> {
    let operands = &ctx.op(op).operands;
    let Some(&callee) = operands.first() else {
        return Err("requires a callee operand".into());
    };
    let TypeKind::Function { inputs, results } = ctx.type_kind(ctx.value_type(callee)) else {
        return Err("callee must be of function type".into());
    };
    let args = ctx.types_of(&operands[1..]);
    let outs = ctx.types_of(&ctx.op(op).results);
    if &args != inputs || &outs != results {
        return Err("callee type does not match the operand and result types".into());
    }
    Ok(())
}

/// Parse `(args) -> results` of a function-like op. Returns entry arguments
/// (empty for declarations given as bare types), argument types and
/// attributes, result types and attributes.
pub struct Signature {
    pub args: Vec<Argument>,
    pub inputs: Vec<Type>,
    pub arg_attrs: Vec<Vec<NamedAttr>>,
    pub results: Vec<Type>,
    pub res_attrs: Vec<Vec<NamedAttr>>,
}

impl Signature {
    /// Whether the per-argument (or per-result) attributes `list` are
    /// stored: only when one is not empty.
    fn is_stored(list: &[Vec<NamedAttr>]) -> bool {
        list.iter().any(|a| !a.is_empty())
    }

    /// How many properties [`store_signature`] stores for it.
    pub fn num_props(&self) -> usize {
        1 + [&self.arg_attrs, &self.res_attrs]
            .into_iter()
            .filter(|list| Self::is_stored(list))
            .count()
    }
}

pub fn parse_signature(p: &mut dyn AsmParser) -> PResult<Signature> {
    let mut sig = Signature {
        args: Vec::new(),
        inputs: Vec::new(),
        arg_attrs: Vec::new(),
        results: Vec::new(),
        res_attrs: Vec::new(),
    };
    p.expect_punct("(")?;
    if !p.parse_optional_punct(")") {
        loop {
            if let Some(ty) = p.parse_optional_type()? {
                let mut attrs = Vec::new();
                p.parse_optional_attr_dict(&mut attrs)?;
                p.parse_optional_location()?;
                sig.inputs.push(ty);
                sig.arg_attrs.push(attrs);
            } else {
                let a = p.parse_argument(true, true)?;
                sig.inputs.push(a.ty);
                sig.arg_attrs.push(a.attrs.clone());
                sig.args.push(a);
            }
            if p.parse_optional_punct(")") {
                break;
            }
            p.expect_punct(",")?;
        }
    }
    if p.parse_optional_punct("->") {
        if p.parse_optional_punct("(") {
            if !p.parse_optional_punct(")") {
                loop {
                    sig.results.push(p.parse_type()?);
                    let mut attrs = Vec::new();
                    p.parse_optional_attr_dict(&mut attrs)?;
                    sig.res_attrs.push(attrs);
                    if p.parse_optional_punct(")") {
                        break;
                    }
                    p.expect_punct(",")?;
                }
            }
        } else {
            sig.results.push(p.parse_type()?);
            sig.res_attrs.push(Vec::new());
        }
    }
    Ok(sig)
}

/// Store a signature's types and per-argument attributes as properties
/// (moved, not copied); gives back its entry arguments.
pub fn store_signature(
    ctx: &mut Context,
    state: &mut OperationState,
    sig: Signature,
) -> Vec<Argument> {
    let Signature {
        args,
        inputs,
        arg_attrs,
        results,
        res_attrs,
    } = sig;
    let fty = ctx.intern_type(TypeKind::Function { inputs, results });
    state.props.push(("function_type".into(), Attr::Type(fty)));
    for (name, list) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
        if Signature::is_stored(&list) {
            let dicts = list
                .into_iter()
                .map(|mut a| {
                    a.sort_by(|x, y| x.0.cmp(&y.0));
                    Attr::Dict(a)
                })
                .collect();
            state.props.push((name.into(), Attr::Array(dicts)));
        }
    }
    args
}

/// `[visibility] @name(args) -> results [attributes {...}] [{ body }]`:
/// the syntax `func.func` and `shape.func` share. Inherent attributes
/// written in the `attributes` dictionary become properties.
pub fn parse_function_like(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let visibility = ["private", "public", "nested"]
        .into_iter()
        .find(|vis| p.parse_optional_keyword(vis));
    let Some(name) = p.parse_optional_symbol_name() else {
        return Err(p.error("expected valid '@'-identifier for symbol name"));
    };
    let sig = parse_signature(p)?;
    // Exactly the room the properties take: a module keeps a list per
    // function.
    state
        .props
        .reserve_exact(usize::from(visibility.is_some()) + 1 + sig.num_props());
    if let Some(vis) = visibility {
        state
            .props
            .push(("sym_visibility".into(), Attr::string(vis)));
    }
    state
        .props
        .push(("sym_name".into(), Attr::String(name.into_bytes())));
    // Declarations may give bare types; a body needs every argument named.
    let all_named = sig.args.len() == sig.inputs.len();
    let args = store_signature(p.ctx(), state, sig);
    if p.parse_optional_keyword("attributes") {
        p.parse_optional_attr_dict(&mut state.attrs)?;
    }
    let r = p.ctx().create_region();
    if p.peek_region() {
        if !all_named {
            return Err(p.error("expected named arguments for a function with a body"));
        }
        p.parse_region(r, &args, true)?;
    }
    state.regions.push(r);
    super::move_inherent_attrs(state);
    Ok(())
}

/// The attributes of a function-like op that its custom form spells,
/// found in one walk over its attributes (properties first, as
/// [`Context::attr`] finds them).
#[derive(Default)]
struct SpelledAttrs<'a> {
    visibility: Option<&'a Attr>,
    name: Option<&'a Attr>,
    function_type: Option<&'a Attr>,
    arg_attrs: Option<&'a Attr>,
    res_attrs: Option<&'a Attr>,
}

impl<'a> SpelledAttrs<'a> {
    fn of(ctx: &'a Context, op: OpId) -> Self {
        let data = ctx.op(op);
        let mut found = SpelledAttrs::default();
        for (name, value) in data.props.iter().chain(data.attrs.iter()) {
            let slot = match &**name {
                "sym_visibility" => &mut found.visibility,
                "sym_name" => &mut found.name,
                "function_type" => &mut found.function_type,
                "arg_attrs" => &mut found.arg_attrs,
                "res_attrs" => &mut found.res_attrs,
                _ => continue,
            };
            slot.get_or_insert(value);
        }
        found
    }
}

/// `(types) -> results` with per-argument attributes, as function-like ops print it.
fn print_signature<'a>(
    p: &mut OpPrinter,
    attrs: &SpelledAttrs<'a>,
    entry_args: Option<&[crate::ValueId]>,
) {
    let ctx = p.ctx;
    let signature = attrs
        .function_type
        .and_then(Attr::as_type)
        .map(|t| ctx.type_kind(t));
    let (inputs, results) = match signature {
        Some(TypeKind::Function { inputs, results }) => (&inputs[..], &results[..]),
        _ => (&[][..], &[][..]),
    };
    // The attribute dictionary of each argument (or result).
    let dicts = |list: Option<&'a Attr>| match list {
        Some(Attr::Array(items)) => &items[..],
        _ => &[],
    };
    let arg_attrs = dicts(attrs.arg_attrs);
    let res_attrs = dicts(attrs.res_attrs);
    p.push("(");
    for (i, ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.push(", ");
        }
        if let Some(&a) = entry_args.and_then(|a| a.get(i)) {
            p.operand(a);
            p.push(": ");
        }
        p.ty(*ty);
        if let Some(attrs) = dict_at(arg_attrs, i) {
            p.push(" {");
            p.named_attrs(attrs);
            p.push("}");
        }
        if let Some(&a) = entry_args.and_then(|a| a.get(i)) {
            p.arg_location(a);
        }
    }
    p.push(")");
    if results.is_empty() {
        return;
    }
    p.push(" -> ");
    let any_attrs = (0..res_attrs.len()).any(|i| dict_at(res_attrs, i).is_some());
    let wrap = results.len() > 1
        || any_attrs
        || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
    if wrap {
        p.push("(");
    }
    for (i, ty) in results.iter().enumerate() {
        if i > 0 {
            p.push(", ");
        }
        p.ty(*ty);
        if let Some(attrs) = dict_at(res_attrs, i) {
            p.push(" {");
            p.named_attrs(attrs);
            p.push("}");
        }
    }
    if wrap {
        p.push(")");
    }
}

/// The entries of dictionary `i` of `dicts` (per-argument or per-result
/// attributes), when it is a non-empty dictionary.
fn dict_at(dicts: &[Attr], i: usize) -> Option<&[NamedAttr]> {
    match dicts.get(i) {
        Some(Attr::Dict(entries)) if !entries.is_empty() => Some(entries),
        _ => None,
    }
}

/// The printer `func.func` and `shape.func` share (see [`parse_function_like`]).
pub fn print_function_like(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let attrs = SpelledAttrs::of(ctx, op);
    if let Some(vis) = attrs.visibility.and_then(|a| a.as_str()) {
        p.push(" ");
        p.push(vis);
    }
    let mut s = String::from(" ");
    if let Some(Attr::String(name)) = attrs.name {
        crate::print_attr::write_symbol_name(&mut s, &String::from_utf8_lossy(name));
    }
    p.push(&s);
    let region = ctx.op(op).regions.first().copied();
    let entry = region.and_then(|r| ctx.region(r).blocks.first().copied());
    let args = entry.map(|b| &ctx.block(b).args[..]);
    print_signature(p, &attrs, args);
    p.attr_dict(
        op,
        &[
            "sym_name",
            "function_type",
            "sym_visibility",
            "arg_attrs",
            "res_attrs",
        ],
        true,
    );
    if let (Some(r), Some(_)) = (region, entry) {
        p.push(" ");
        p.region(r, false, true);
    }
}

/// The input and result types of a function-like op's `function_type`.
pub fn function_type(ctx: &Context, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    signature_types(ctx, op).map(|(inputs, results)| (inputs.to_vec(), results.to_vec()))
}

/// [`function_type`], borrowed.
fn signature_types(ctx: &Context, op: OpId) -> Option<(&[Type], &[Type])> {
    let t = ctx.attr(op, "function_type")?.as_type()?;
    match ctx.type_kind(t) {
        TypeKind::Function { inputs, results } => Some((inputs, results)),
        _ => None,
    }
}

fn verify_func(ctx: &Context, op: OpId) -> Result<(), String> {
    let (inputs, _) = signature_types(ctx, op).ok_or("requires a 'function_type' attribute")?;
    verify_function_like(ctx, op, inputs)
}

/// What every function-like op checks: the entry block's arguments match
/// the signature's `inputs`, and a declaration (no body) is private.
pub fn verify_function_like(ctx: &Context, op: OpId, inputs: &[Type]) -> Result<(), String> {
    let Some(&r) = ctx.op(op).regions.first() else {
        return Ok(());
    };
    let Some(&entry) = ctx.region(r).blocks.first() else {
        if ctx.attr(op, "sym_visibility").and_then(|a| a.as_str()) != Some("private") {
            return Err("symbol declaration cannot have public visibility".into());
        }
        return Ok(());
    };
    let args = &ctx.block(entry).args;
    if args.len() != inputs.len() {
        return Err(format!(
            "entry block must have {} arguments to match function signature",
            inputs.len()
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(inputs).enumerate() {
        if ctx.value_type(a) != t {
            return Err(format!(
                "type of entry block argument #{i} must match the type of the corresponding argument in function signature"
            ));
        }
    }
    Ok(())
}

fn verify_return(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(func) = ctx.parent_op(op) else {
        return Ok(());
    };
    if ctx.kind(func) != OpKind::FuncFunc {
        return Err("expects parent op 'func.func'".into());
    }
    verify_returned_types(ctx, op, func)
}

/// That the operands of `op`, a return of the function-like `func`, are
/// what its signature says it returns.
pub fn verify_returned_types(ctx: &Context, op: OpId, func: OpId) -> Result<(), String> {
    let Some((_, results)) = signature_types(ctx, func) else {
        return Ok(());
    };
    let operands = &ctx.op(op).operands;
    if operands.len() != results.len() {
        return Err(format!(
            "has {} operands, but enclosing function (@{}) returns {}",
            operands.len(),
            ctx.attr(func, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or(""),
            results.len()
        ));
    }
    for (i, (&v, &t)) in operands.iter().zip(results).enumerate() {
        if ctx.value_type(v) != t {
            let ap = crate::print_attr::AttrPrinter::new(ctx);
            return Err(format!(
                "type of return operand {i} ({}) doesn't match function result type ({}) in function @{}",
                ap.type_to_string(ctx.value_type(v)),
                ap.type_to_string(t),
                ctx.attr(func, "sym_name").and_then(|a| a.as_str()).unwrap_or("")
            ));
        }
    }
    Ok(())
}
