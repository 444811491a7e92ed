//! `arith` dialect: op definitions, custom syntax and verifiers.
//!
//! Every op has a hand-written custom form (the flag suffixes `overflow<..>`,
//! `exact` and `fastmath<..>` are elided when default, which the declarative
//! engine cannot express). Properties with default values (`overflowFlags`,
//! `fastmath`) are always stored, as MLIR prints them in generic form.

use super::type_str;
use crate::asm::{AsmParser, PResult, UnresolvedOperand};
use crate::attrs::{attr_name, Attr, DenseValues, NamedAttr};
use crate::context::{set_named_attr, Context, OpId, OperationState};
use crate::op_def::{attr, one, op, opt_attr, AttrKind, OpDef, ResultNames};
use crate::printer::OpPrinter;
use crate::types::{Signedness, Type, TypeKind};
use crate::OpKind;

mod cmpi_predicate;
pub use cmpi_predicate::CmpIPredicate;

/// The binary ops on signless integers and `index`.
pub const INT_BINARY_OPS: &[OpKind] = &[
    OpKind::ArithAddi,
    OpKind::ArithSubi,
    OpKind::ArithMuli,
    OpKind::ArithDivsi,
    OpKind::ArithDivui,
    OpKind::ArithRemsi,
    OpKind::ArithRemui,
    OpKind::ArithCeildivsi,
    OpKind::ArithCeildivui,
    OpKind::ArithFloordivsi,
    OpKind::ArithMaxsi,
    OpKind::ArithMinsi,
    OpKind::ArithMaxui,
    OpKind::ArithMinui,
    OpKind::ArithAndi,
    OpKind::ArithOri,
    OpKind::ArithXori,
    OpKind::ArithShli,
    OpKind::ArithShrsi,
    OpKind::ArithShrui,
];

/// The binary ops MLIR marks `Commutative`.
const COMMUTATIVE_BINARY_OPS: &[OpKind] = &[
    OpKind::ArithAddi,
    OpKind::ArithMuli,
    OpKind::ArithAndi,
    OpKind::ArithOri,
    OpKind::ArithXori,
    OpKind::ArithMaxsi,
    OpKind::ArithMaxui,
    OpKind::ArithMinsi,
    OpKind::ArithMinui,
    OpKind::ArithAddf,
    OpKind::ArithMulf,
    OpKind::ArithMaximumf,
    OpKind::ArithMinimumf,
    OpKind::ArithMaxnumf,
    OpKind::ArithMinnumf,
];

/// The ops [`binary`] and [`cast`] build that are defined on every input
/// (see [`crate::op_def::Traits::defined_everywhere`]): the integer binary
/// ops other than divisions, remainders and shifts, and `index_cast`.
const DEFINED_EVERYWHERE_OPS: &[OpKind] = &[
    OpKind::ArithAddi,
    OpKind::ArithSubi,
    OpKind::ArithMuli,
    OpKind::ArithAndi,
    OpKind::ArithOri,
    OpKind::ArithXori,
    OpKind::ArithMaxsi,
    OpKind::ArithMinsi,
    OpKind::ArithMaxui,
    OpKind::ArithMinui,
    OpKind::ArithIndexCast,
];

/// The casts with MLIR's `CastOpInterface` (those between integers and
/// `index`, and `bitcast`; the conversions to, from and between floats
/// never cast a type to itself, so folding has nothing to do with them).
const CAST_INTERFACE_OPS: &[OpKind] = &[
    OpKind::ArithIndexCast,
    OpKind::ArithIndexCastui,
    OpKind::ArithExtsi,
    OpKind::ArithExtui,
    OpKind::ArithTrunci,
    OpKind::ArithBitcast,
];

/// `arith.cmpi` predicates, in enum order (the stored `i64` is the index).
pub const CMPI_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
/// `arith.cmpf` predicates, in enum order.
const CMPF_PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];
/// `arith.truncf` rounding modes, in enum order.
const ROUNDING_MODES: &[&str] = &[
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];
/// Fast-math flags in bit order (`reassoc` = 1, `nnan` = 2, ...).
const FASTMATH_FLAGS: &[&str] = &["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];
const FASTMATH_ALL: u32 = 0x7f;

/// Which optional suffix an op's custom form carries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flags {
    Plain,
    /// `overflow<nsw, nuw>`, stored as `overflowFlags` (always present).
    Overflow,
    /// `exact`, stored as the unit `isExact`.
    Exact,
    /// `fastmath<...>`, stored as `fastmath` (always present).
    Fastmath,
    /// `fastmath<...>` stored only when written (extf).
    OptFastmath,
    /// `[rounding mode] [fastmath<...>]`, both stored only when written (truncf).
    Rounding,
}

fn flags_of(kind: OpKind) -> Flags {
    match kind {
        OpKind::ArithAddi
        | OpKind::ArithSubi
        | OpKind::ArithMuli
        | OpKind::ArithShli
        | OpKind::ArithTrunci => Flags::Overflow,
        OpKind::ArithDivsi | OpKind::ArithDivui | OpKind::ArithShrui | OpKind::ArithShrsi => {
            Flags::Exact
        }
        OpKind::ArithAddf
        | OpKind::ArithSubf
        | OpKind::ArithMulf
        | OpKind::ArithDivf
        | OpKind::ArithRemf
        | OpKind::ArithMaximumf
        | OpKind::ArithMinimumf
        | OpKind::ArithMaxnumf
        | OpKind::ArithMinnumf
        | OpKind::ArithNegf
        | OpKind::ArithCmpf => Flags::Fastmath,
        OpKind::ArithExtf => Flags::OptFastmath,
        k if k.dialect() == Some("math") => Flags::OptFastmath,
        OpKind::ArithTruncf => Flags::Rounding,
        _ => Flags::Plain,
    }
}

/// The properties an `arith` op of `kind` has when its flag suffix is
/// left out (`overflowFlags = none`, `fastmath = none`), for passes that
/// create ops.
pub fn default_properties(kind: OpKind) -> thin_vec::ThinVec<NamedAttr> {
    match flags_of(kind) {
        Flags::Overflow => thin_vec::thin_vec![(attr_name("overflowFlags"), overflow_attr(&[]))],
        Flags::Fastmath => thin_vec::thin_vec![(attr_name("fastmath"), fastmath_attr(&[]))],
        _ => thin_vec::ThinVec::new(),
    }
}

/// The inherent attributes an `arith` (or `math`) op of `kind` keeps for
/// its flag suffix; all optional, or with a default (bytecode writes them
/// as such).
pub fn flag_properties(kind: OpKind) -> &'static [&'static str] {
    flag_attr_names(flags_of(kind))
}

/// Names of the inherent attributes the flag suffix stands for.
fn flag_attr_names(flags: Flags) -> &'static [&'static str] {
    match flags {
        Flags::Plain => &[],
        Flags::Overflow => &["overflowFlags"],
        Flags::Exact => &["isExact"],
        Flags::Fastmath | Flags::OptFastmath => &["fastmath"],
        Flags::Rounding => &["fastmath", "roundingmode"],
    }
}

/// What an element type must be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Elem {
    /// Signless integer or index.
    Int,
    Float,
}

/// A binary op with same-typed operands and result.
fn binary(kind: OpKind, elem: Elem) -> OpDef {
    let flags = flags_of(kind);
    let attrs: Vec<_> = match flags {
        Flags::Overflow => vec![attr("overflowFlags", AttrKind::Any)],
        Flags::Exact => vec![opt_attr("isExact", AttrKind::Unit)],
        Flags::Fastmath => vec![attr("fastmath", AttrKind::Any)],
        _ => vec![],
    };
    let mut d = op(kind)
        .operands([one("lhs"), one("rhs")])
        .results([one("result")])
        .pure()
        .custom(parse_binary, print_binary)
        .verify(if elem == Elem::Int {
            verify_int_binary
        } else {
            verify_float_binary
        });
    d.attrs = attrs;
    if COMMUTATIVE_BINARY_OPS.contains(&kind) {
        d = d.commutative();
    }
    if DEFINED_EVERYWHERE_OPS.contains(&kind) {
        d = d.defined_everywhere();
    }
    d
}

/// A cast `%x : T to U`.
fn cast(kind: OpKind) -> OpDef {
    let mut d = op(kind)
        .operands([one("in")])
        .results([one("out")])
        .pure()
        .custom(parse_cast, print_cast)
        .verify(verify_cast);
    d.attrs = match flags_of(kind) {
        Flags::Overflow => vec![attr("overflowFlags", AttrKind::Any)],
        Flags::OptFastmath => vec![opt_attr("fastmath", AttrKind::Any)],
        Flags::Rounding => vec![
            opt_attr("roundingmode", AttrKind::Any),
            opt_attr("fastmath", AttrKind::Any),
        ],
        _ => vec![],
    };
    if CAST_INTERFACE_OPS.contains(&kind) {
        d = d.cast();
    }
    if DEFINED_EVERYWHERE_OPS.contains(&kind) {
        d = d.defined_everywhere();
    }
    d
}

pub fn ops() -> Vec<OpDef> {
    let mut v = vec![
        op(OpKind::ArithConstant)
            .defined_everywhere()
            .summary("integer or floating point constant")
            .results([one("result")])
            .attrs([attr("value", AttrKind::Any)])
            .pure()
            .constant_like("value")
            .custom(parse_constant, print_constant)
            .verify(verify_constant)
            .result_names(constant_names),
        op(OpKind::ArithCmpi)
            .defined_everywhere()
            .summary("integer comparison operation")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .attrs([attr("predicate", AttrKind::Enum(CMPI_PREDICATES))])
            .pure()
            .custom(parse_cmp, print_cmp)
            .verify(verify_cmp),
        op(OpKind::ArithCmpf)
            .summary("floating-point comparison operation")
            .operands([one("lhs"), one("rhs")])
            .results([one("result")])
            .attrs([
                attr("predicate", AttrKind::Enum(CMPF_PREDICATES)),
                attr("fastmath", AttrKind::Any),
            ])
            .pure()
            .custom(parse_cmp, print_cmp)
            .verify(verify_cmp),
        op(OpKind::ArithSelect)
            .defined_everywhere()
            .summary("select operation")
            .operands([one("condition"), one("true_value"), one("false_value")])
            .results([one("result")])
            .pure()
            .custom(parse_select, print_select)
            .verify(verify_select),
        op(OpKind::ArithNegf)
            .summary("floating point negation")
            .operands([one("operand")])
            .results([one("result")])
            .attrs([attr("fastmath", AttrKind::Any)])
            .pure()
            .custom(parse_unary, print_unary)
            .verify(verify_float_binary),
        op(OpKind::ArithAdduiExtended)
            .summary("extended unsigned integer addition operation returning sum and overflow bit")
            .operands([one("lhs"), one("rhs")])
            .results([one("sum"), one("overflow")])
            .pure()
            .commutative()
            .custom(parse_extended, print_extended)
            .verify(verify_extended)
            .result_names(|_, _, names| {
                names.set(0, "sum");
                names.set(1, "overflow");
            }),
    ];
    for name in [OpKind::ArithMulsiExtended, OpKind::ArithMuluiExtended] {
        v.push(
            op(name)
                .summary("extended integer multiplication operation")
                .operands([one("lhs"), one("rhs")])
                .results([one("low"), one("high")])
                .pure()
                .commutative()
                .custom(parse_extended, print_extended)
                .verify(verify_extended)
                .result_names(|_, _, names| {
                    names.set(0, "low");
                    names.set(1, "high");
                }),
        );
    }
    for &name in INT_BINARY_OPS {
        v.push(binary(name, Elem::Int));
    }
    for name in [
        OpKind::ArithAddf,
        OpKind::ArithSubf,
        OpKind::ArithMulf,
        OpKind::ArithDivf,
        OpKind::ArithRemf,
        OpKind::ArithMaximumf,
        OpKind::ArithMinimumf,
        OpKind::ArithMaxnumf,
        OpKind::ArithMinnumf,
    ] {
        v.push(binary(name, Elem::Float));
    }
    for name in [
        OpKind::ArithIndexCast,
        OpKind::ArithIndexCastui,
        OpKind::ArithExtui,
        OpKind::ArithExtsi,
        OpKind::ArithTrunci,
        OpKind::ArithSitofp,
        OpKind::ArithUitofp,
        OpKind::ArithFptosi,
        OpKind::ArithFptoui,
        OpKind::ArithExtf,
        OpKind::ArithTruncf,
        OpKind::ArithBitcast,
    ] {
        v.push(cast(name));
    }
    v
}

// ------------------------------------------------------------ shared helpers

/// Parse an optional `{...}` dictionary; entries naming one of `inherent`
/// become properties, the rest discardable attributes.
pub(crate) fn parse_attr_dict(
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    inherent: &[&str],
) -> PResult<()> {
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    store_attrs(state, attrs, inherent);
    Ok(())
}

/// Store parsed attributes: inherent ones as properties.
pub(crate) fn store_attrs(state: &mut OperationState, attrs: Vec<NamedAttr>, inherent: &[&str]) {
    for (n, a) in attrs {
        if inherent.contains(&&*n) {
            set_named_attr(&mut state.props, &n, a);
        } else {
            set_named_attr(&mut state.attrs, &n, a);
        }
    }
}

/// Comma-separated operands (at least one).
pub(crate) fn parse_operand_list(p: &mut dyn AsmParser) -> PResult<Vec<UnresolvedOperand>> {
    let mut v = vec![p.parse_operand()?];
    while p.parse_optional_punct(",") {
        v.push(p.parse_operand()?);
    }
    Ok(v)
}

/// Comma-separated types (at least one).
pub(crate) fn parse_type_list(p: &mut dyn AsmParser) -> PResult<Vec<Type>> {
    let mut v = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        v.push(p.parse_type()?);
    }
    Ok(v)
}

/// Resolve `names` against `types` (counts must match) into `state.operands`.
pub(crate) fn resolve_all(
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    names: &[UnresolvedOperand],
    types: &[Type],
) -> PResult<()> {
    if names.len() != types.len() {
        return Err(p.error(&format!(
            "{} operands present, but expected {}",
            names.len(),
            types.len()
        )));
    }
    for (n, &t) in names.iter().zip(types) {
        let v = p.resolve_operand(n, t)?;
        state.operands.push(v);
    }
    Ok(())
}

fn i64_attr(ctx: &mut Context, value: i128) -> Attr {
    Attr::Int {
        value,
        ty: super::i64(ctx),
    }
}

/// The element type of a vector or tensor, else the type itself.
fn element(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Vector { .. }
        | TypeKind::RankedTensor { .. }
        | TypeKind::UnrankedTensor { .. } => ctx.type_kind(t).element_type().unwrap_or(t),
        _ => t,
    }
}

/// `t` with its element type replaced by `elem` (scalars become `elem`).
fn with_element(ctx: &mut Context, t: Type, elem: Type) -> Type {
    let kind = match ctx.type_kind(t).clone() {
        TypeKind::Vector {
            shape, scalable, ..
        } => TypeKind::Vector {
            shape,
            scalable,
            elem,
        },
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => TypeKind::RankedTensor {
            shape,
            elem,
            encoding,
        },
        TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { elem },
        _ => return elem,
    };
    ctx.intern_type(kind)
}

fn is_signless_int_like(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(element(ctx, t)),
        TypeKind::Index
            | TypeKind::Integer {
                signedness: Signedness::Signless,
                ..
            }
    )
}

fn is_float_like(ctx: &Context, t: Type) -> bool {
    let e = element(ctx, t);
    match ctx.type_kind(e) {
        TypeKind::Float(_) => true,
        // Small float types (f8E4M3FN, ...) are kept opaque.
        TypeKind::Opaque(s) => s.starts_with('f'),
        _ => false,
    }
}

fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(element(ctx, t)) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

fn float_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(element(ctx, t)) {
        TypeKind::Float(k) => Some(k.bit_width()),
        TypeKind::Opaque(s) if s.starts_with("f8") => Some(8),
        _ => None,
    }
}

// ------------------------------------------------------------------- flags

/// Keywords between `<` and `>`, comma separated.
fn parse_keyword_list(p: &mut dyn AsmParser) -> PResult<Vec<String>> {
    p.expect_punct("<")?;
    let mut words = vec![p.parse_keyword()?];
    while p.parse_optional_punct(",") {
        words.push(p.parse_keyword()?);
    }
    p.expect_punct(">")?;
    Ok(words)
}

/// Words inside the `<...>` of an enum attribute's text.
fn enum_words(a: &Attr) -> Vec<&str> {
    let Attr::Opaque(text) = a else {
        return Vec::new();
    };
    let inner = text
        .split_once('<')
        .map(|(_, r)| r.trim_end_matches('>'))
        .unwrap_or("");
    inner
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty() && *w != "none")
        .collect()
}

fn overflow_text(words: &[impl AsRef<str>]) -> &'static str {
    let nsw = words.iter().any(|w| w.as_ref() == "nsw");
    let nuw = words.iter().any(|w| w.as_ref() == "nuw");
    match (nsw, nuw) {
        (true, true) => "nsw, nuw",
        (true, false) => "nsw",
        (false, true) => "nuw",
        (false, false) => "none",
    }
}

fn fastmath_bits(words: &[impl AsRef<str>]) -> u32 {
    let mut bits = 0;
    for w in words {
        let w = w.as_ref();
        if w == "fast" {
            bits |= FASTMATH_ALL;
        } else if let Some(i) = FASTMATH_FLAGS.iter().position(|f| *f == w) {
            bits |= 1 << i;
        }
    }
    bits
}

fn fastmath_text(bits: u32) -> String {
    if bits == 0 {
        return "none".into();
    }
    if bits == FASTMATH_ALL {
        return "fast".into();
    }
    FASTMATH_FLAGS
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, f)| *f)
        .collect::<Vec<_>>()
        .join(",")
}

fn overflow_attr(words: &[String]) -> Attr {
    Attr::Opaque(["#arith.overflow<", overflow_text(words), ">"].concat())
}

fn fastmath_attr(words: &[String]) -> Attr {
    Attr::Opaque(format!(
        "#arith.fastmath<{}>",
        fastmath_text(fastmath_bits(words))
    ))
}

fn check_words(p: &mut dyn AsmParser, words: &[String], allowed: &[&str]) -> PResult<()> {
    match words.iter().find(|w| !allowed.contains(&w.as_str())) {
        Some(w) => Err(p.error(&format!(
            "expected one of [{}], got '{w}'",
            allowed.join(", ")
        ))),
        None => Ok(()),
    }
}

/// Parse the flag suffix of `flags` into properties.
fn parse_flags(p: &mut dyn AsmParser, state: &mut OperationState, flags: Flags) -> PResult<()> {
    let fastmath_allowed = [
        "none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast",
    ];
    match flags {
        Flags::Plain => {}
        Flags::Overflow => {
            let words = if p.parse_optional_keyword("overflow") {
                let w = parse_keyword_list(p)?;
                check_words(p, &w, &["none", "nsw", "nuw"])?;
                w
            } else {
                Vec::new()
            };
            set_named_attr(&mut state.props, "overflowFlags", overflow_attr(&words));
        }
        Flags::Exact => {
            if p.parse_optional_keyword("exact") {
                set_named_attr(&mut state.props, "isExact", Attr::Unit);
            }
        }
        Flags::Fastmath | Flags::OptFastmath | Flags::Rounding => {
            if flags == Flags::Rounding {
                let at = p.offset();
                if let Some(k) = p.parse_optional_any_keyword() {
                    if k == "fastmath" {
                        let w = parse_keyword_list(p)?;
                        check_words(p, &w, &fastmath_allowed)?;
                        set_named_attr(&mut state.props, "fastmath", fastmath_attr(&w));
                        return Ok(());
                    }
                    let Some(i) = ROUNDING_MODES.iter().position(|m| *m == k) else {
                        return Err(p.error_at(at, &format!("invalid rounding mode '{k}'")));
                    };
                    let ty = super::i32(p.ctx());
                    set_named_attr(
                        &mut state.props,
                        "roundingmode",
                        Attr::Int {
                            value: i as i128,
                            ty,
                        },
                    );
                }
            }
            if p.parse_optional_keyword("fastmath") {
                let w = parse_keyword_list(p)?;
                check_words(p, &w, &fastmath_allowed)?;
                set_named_attr(&mut state.props, "fastmath", fastmath_attr(&w));
            } else if flags == Flags::Fastmath {
                set_named_attr(&mut state.props, "fastmath", fastmath_attr(&[]));
            }
        }
    }
    Ok(())
}

/// Print the flag suffix (with its leading space) of `op`.
fn print_flags(p: &mut OpPrinter, op: OpId, flags: Flags) {
    let ctx = p.ctx;
    match flags {
        Flags::Plain => {}
        Flags::Overflow => {
            if let Some(a) = ctx.attr(op, "overflowFlags") {
                let text = overflow_text(&enum_words(a));
                if text != "none" {
                    p.push(" overflow<");
                    p.push(text);
                    p.push(">");
                }
            }
        }
        Flags::Exact => {
            if ctx.attr(op, "isExact").is_some() {
                p.push(" exact");
            }
        }
        Flags::Fastmath | Flags::OptFastmath | Flags::Rounding => {
            if flags == Flags::Rounding {
                if let Some(Attr::Int { value, .. }) = ctx.attr(op, "roundingmode") {
                    if let Some(m) = usize::try_from(*value)
                        .ok()
                        .and_then(|i| ROUNDING_MODES.get(i))
                    {
                        p.push(" ");
                        p.push(m);
                    }
                }
            }
            if let Some(a) = ctx.attr(op, "fastmath") {
                let text = fastmath_text(fastmath_bits(&enum_words(a)));
                if text != "none" {
                    p.push(&format!(" fastmath<{text}>"));
                }
            }
        }
    }
}

/// ` {attrs}` without the flag properties of `flags` (and `extra`).
fn print_attrs(p: &mut OpPrinter, op: OpId, flags: Flags, extra: &[&str]) {
    let mut elided: Vec<&str> = flag_attr_names(flags).to_vec();
    elided.extend_from_slice(extra);
    p.attr_dict(op, &elided, false);
}

fn parse_attrs(p: &mut dyn AsmParser, state: &mut OperationState, flags: Flags) -> PResult<()> {
    let names = flag_attr_names(flags);
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    // An inherent attribute spelled in the dictionary wins over the default.
    store_attrs(state, attrs, names);
    Ok(())
}

// ----------------------------------------------------------------- syntax

/// `%a, %b [flags] {attrs} : T`
fn parse_binary(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let flags = flags_of(state.kind());
    let lhs = p.parse_operand()?;
    p.expect_punct(",")?;
    let rhs = p.parse_operand()?;
    parse_flags(p, state, flags)?;
    parse_attrs(p, state, flags)?;
    p.expect_punct(":")?;
    let t = p.parse_type()?;
    resolve_all(p, state, &[lhs, rhs], &[t, t])?;
    state.result_types.push(t);
    Ok(())
}

fn print_binary(p: &mut OpPrinter, op: OpId) {
    let flags = flags_of(p.ctx.kind(op));
    let data = p.ctx.op(op);
    p.push(" ");
    p.operands(&data.operands);
    print_flags(p, op, flags);
    print_attrs(p, op, flags, &[]);
    if let Some(&r) = data.results.first() {
        p.push(" : ");
        p.ty(p.ctx.value_type(r));
    }
}

/// `%a [fastmath] {attrs} : T`
pub(crate) fn parse_unary(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let flags = flags_of(state.kind());
    let x = p.parse_operand()?;
    parse_flags(p, state, flags)?;
    parse_attrs(p, state, flags)?;
    p.expect_punct(":")?;
    let t = p.parse_type()?;
    resolve_all(p, state, &[x], &[t])?;
    state.result_types.push(t);
    Ok(())
}

pub(crate) fn print_unary(p: &mut OpPrinter, op: OpId) {
    print_binary(p, op)
}

/// `%x [flags] {attrs} : T to U`
fn parse_cast(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let flags = flags_of(state.kind());
    let x = p.parse_operand()?;
    parse_flags(p, state, flags)?;
    parse_attrs(p, state, flags)?;
    p.expect_punct(":")?;
    let from = p.parse_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    resolve_all(p, state, &[x], &[from])?;
    state.result_types.push(to);
    Ok(())
}

fn print_cast(p: &mut OpPrinter, op: OpId) {
    let flags = flags_of(p.ctx.kind(op));
    let data = p.ctx.op(op);
    p.push(" ");
    p.operands(&data.operands);
    print_flags(p, op, flags);
    print_attrs(p, op, flags, &[]);
    if let (Some(&i), Some(&r)) = (data.operands.first(), data.results.first()) {
        p.push(" : ");
        p.ty(p.ctx.value_type(i));
        p.push(" to ");
        p.ty(p.ctx.value_type(r));
    }
}

/// `pred, %a, %b [fastmath] {attrs} : T`
fn parse_cmp(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let is_float = state.kind() == OpKind::ArithCmpf;
    let names = if is_float {
        CMPF_PREDICATES
    } else {
        CMPI_PREDICATES
    };
    let at = p.offset();
    let pred = match p.parse_optional_any_keyword() {
        Some(k) => k,
        None => match p.parse_optional_string() {
            Some(s) => String::from_utf8_lossy(&s).into_owned(),
            None => return Err(p.error("expected predicate")),
        },
    };
    let Some(index) = names.iter().position(|n| *n == pred) else {
        return Err(p.error_at(
            at,
            &format!(
                "invalid predicate '{pred}', expected one of [{}]",
                names.join(", ")
            ),
        ));
    };
    let a = i64_attr(p.ctx(), index as i128);
    set_named_attr(&mut state.props, "predicate", a);
    p.expect_punct(",")?;
    let lhs = p.parse_operand()?;
    p.expect_punct(",")?;
    let rhs = p.parse_operand()?;
    let flags = flags_of(state.kind());
    parse_flags(p, state, flags)?;
    let mut inherent = flag_attr_names(flags).to_vec();
    inherent.push("predicate");
    parse_attr_dict(p, state, &inherent)?;
    p.expect_punct(":")?;
    let t = p.parse_type()?;
    resolve_all(p, state, &[lhs, rhs], &[t, t])?;
    let i1 = super::i1(p.ctx());
    let rt = with_element(p.ctx(), t, i1);
    state.result_types.push(rt);
    Ok(())
}

fn print_cmp(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let kind = ctx.kind(op);
    let names = if kind == OpKind::ArithCmpf {
        CMPF_PREDICATES
    } else {
        CMPI_PREDICATES
    };
    let flags = flags_of(kind);
    p.push(" ");
    match ctx.attr(op, "predicate") {
        Some(Attr::Int { value, .. }) => {
            match usize::try_from(*value).ok().and_then(|i| names.get(i)) {
                Some(n) => p.push(n),
                None => p.push(&value.to_string()),
            }
        }
        Some(a) => p.attr(a),
        None => {}
    }
    p.push(", ");
    let data = ctx.op(op);
    p.operands(&data.operands);
    print_flags(p, op, flags);
    print_attrs(p, op, flags, &["predicate"]);
    if let Some(&a) = data.operands.first() {
        p.push(" : ");
        p.ty(ctx.value_type(a));
    }
}

/// `%c, %a, %b {attrs} : [C,] T`
fn parse_select(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let names = parse_operand_list(p)?;
    parse_attr_dict(p, state, &[])?;
    p.expect_punct(":")?;
    let first = p.parse_type()?;
    let (cond, t) = if p.parse_optional_punct(",") {
        (first, p.parse_type()?)
    } else {
        (super::i1(p.ctx()), first)
    };
    resolve_all(p, state, &names, &[cond, t, t])?;
    state.result_types.push(t);
    Ok(())
}

fn print_select(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    p.push(" ");
    p.operands(&data.operands);
    p.attr_dict(op, &[], false);
    p.push(" : ");
    if let Some(&c) = data.operands.first() {
        let ct = ctx.value_type(c);
        if !matches!(ctx.type_kind(ct), TypeKind::Integer { .. }) {
            p.ty(ct);
            p.push(", ");
        }
    }
    if let Some(&r) = data.results.first() {
        p.ty(ctx.value_type(r));
    }
}

/// `%a, %b {attrs} : T[, U]`
fn parse_extended(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let names = parse_operand_list(p)?;
    parse_attr_dict(p, state, &[])?;
    p.expect_punct(":")?;
    let t = p.parse_type()?;
    let second = if state.kind() == OpKind::ArithAdduiExtended {
        p.expect_punct(",")?;
        p.parse_type()?
    } else {
        t
    };
    resolve_all(p, state, &names, &[t, t])?;
    state.result_types.extend([t, second]);
    Ok(())
}

fn print_extended(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    p.push(" ");
    p.operands(&data.operands);
    p.attr_dict(op, &[], false);
    p.push(" : ");
    if ctx.kind(op) == OpKind::ArithAdduiExtended {
        p.types_of(&data.results);
    } else if let Some(&r) = data.results.first() {
        p.ty(ctx.value_type(r));
    }
}

/// The type a constant's value attribute carries.
fn value_type(ctx: &mut Context, a: &Attr) -> Option<Type> {
    match a {
        Attr::Bool(_) => Some(super::i1(ctx)),
        Attr::Int { ty, .. } | Attr::Float { ty, .. } => Some(*ty),
        _ => a.elements_type(),
    }
}

/// `{attrs} value`
fn parse_constant(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    parse_attr_dict(p, state, &["value"])?;
    let at = p.offset();
    let value = p.parse_attribute(None)?;
    let Some(t) = value_type(p.ctx(), &value) else {
        return Err(p.error_at(at, "expected a typed attribute for 'value'"));
    };
    set_named_attr(&mut state.props, "value", value);
    state.result_types.push(t);
    Ok(())
}

fn print_constant(p: &mut OpPrinter, op: OpId) {
    p.attr_dict(op, &["value"], false);
    if let Some(a) = p.ctx.attr(op, "value") {
        p.push(" ");
        p.attr(a);
    }
}

/// `%c42_i32`, `%c0` (index), `%true`/`%false`, else `%cst`.
fn constant_names(ctx: &Context, op: OpId, names: &mut ResultNames) {
    match ctx.attr(op, "value") {
        Some(Attr::Bool(b)) => names.set(0, if *b { "true" } else { "false" }),
        Some(Attr::Int { value, ty }) => match ctx.type_kind(*ty) {
            TypeKind::Index => names.set_fmt(0, format_args!("c{value}")),
            TypeKind::Integer { width: 1, .. } => {
                names.set(0, if *value != 0 { "true" } else { "false" })
            }
            TypeKind::Integer {
                signedness: Signedness::Signless,
                ..
            } => names.set_fmt(0, format_args!("c{value}_{}", type_str(ctx, *ty))),
            _ => names.set(0, "cst"),
        },
        _ => names.set(0, "cst"),
    }
}

// --------------------------------------------------------------- verifiers

fn verify_same_types(ctx: &Context, op: OpId, elem: Elem) -> Result<(), String> {
    let data = ctx.op(op);
    let Some(first) = data.results.first().map(|&r| ctx.value_type(r)) else {
        return Ok(());
    };
    let mut values = data.operands.iter().chain(&data.results);
    if values.any(|&v| ctx.value_type(v) != first) {
        return Err("requires the same type for all operands and results".into());
    }
    let ok = match elem {
        Elem::Int => is_signless_int_like(ctx, first),
        Elem::Float => is_float_like(ctx, first),
    };
    if !ok {
        let what = match elem {
            Elem::Int => "signless-integer-like",
            Elem::Float => "floating-point-like",
        };
        return Err(format!(
            "operand #0 must be {what}, but got '{}'",
            type_str(ctx, first)
        ));
    }
    Ok(())
}

fn verify_int_binary(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_same_types(ctx, op, Elem::Int)
}

pub(crate) fn verify_float_binary(ctx: &Context, op: OpId) -> Result<(), String> {
    verify_same_types(ctx, op, Elem::Float)
}

fn verify_extended(ctx: &Context, op: OpId) -> Result<(), String> {
    let ins = ctx.operand_types(op);
    let outs = ctx.result_types(op);
    let (Some(&t), Some(&r0), Some(&r1)) = (ins.first(), outs.first(), outs.get(1)) else {
        return Ok(());
    };
    if ins.iter().any(|&x| x != t) || r0 != t {
        return Err("requires the same type for all operands and results".into());
    }
    if !is_signless_int_like(ctx, t) {
        return Err(format!(
            "operand #0 must be signless-integer-like, but got '{}'",
            type_str(ctx, t)
        ));
    }
    if ctx.kind(op) == OpKind::ArithAdduiExtended {
        let expected = match ctx.type_kind(r1) {
            TypeKind::Integer { width: 1, .. } => true,
            _ => int_width(ctx, r1) == Some(1) && element(ctx, r1) != r1,
        };
        if !expected {
            return Err(format!(
                "result #1 must be bool-like, but got '{}'",
                type_str(ctx, r1)
            ));
        }
    } else if r1 != t {
        return Err("requires the same type for all operands and results".into());
    }
    Ok(())
}

fn verify_cmp(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let operand = |i: usize| data.operands.get(i).map(|&v| ctx.value_type(v));
    let (Some(a), Some(b)) = (operand(0), operand(1)) else {
        return Ok(());
    };
    if a != b {
        return Err("requires all operands to have the same type".into());
    }
    let is_float = ctx.kind(op) == OpKind::ArithCmpf;
    if is_float && !is_float_like(ctx, a) {
        return Err(format!(
            "operand #0 must be floating-point-like, but got '{}'",
            type_str(ctx, a)
        ));
    }
    if !is_float && !is_signless_int_like(ctx, a) {
        return Err(format!(
            "operand #0 must be signless-integer-like, but got '{}'",
            type_str(ctx, a)
        ));
    }
    if let Some(r) = data.results.first().map(|&v| ctx.value_type(v)) {
        let bool_elem = matches!(
            ctx.type_kind(element(ctx, r)),
            TypeKind::Integer { width: 1, .. }
        );
        if !bool_elem {
            return Err(format!(
                "result #0 must be bool-like, but got '{}'",
                type_str(ctx, r)
            ));
        }
        if !same_shape(ctx, a, r) {
            return Err("requires the same shape for all operands and results".into());
        }
    }
    Ok(())
}

/// True if `a` and `b` have the same container shape (or are both scalars).
fn same_shape(ctx: &Context, a: Type, b: Type) -> bool {
    let kind_shape = |t: Type| -> (u8, Option<&[i64]>) {
        match ctx.type_kind(t) {
            TypeKind::Vector { shape, .. } => (1, Some(shape)),
            TypeKind::RankedTensor { shape, .. } => (2, Some(shape)),
            TypeKind::UnrankedTensor { .. } => (3, None),
            TypeKind::MemRef { shape, .. } => (4, Some(shape)),
            _ => (0, None),
        }
    };
    kind_shape(a) == kind_shape(b)
}

fn verify_select(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let operand = |i: usize| data.operands.get(i).map(|&v| ctx.value_type(v));
    let (Some(c), Some(t), Some(f)) = (operand(0), operand(1), operand(2)) else {
        return Ok(());
    };
    if t != f
        || data
            .results
            .first()
            .is_some_and(|&r| ctx.value_type(r) != t)
    {
        return Err(
            "failed to verify that all of {true_value, false_value, result} have same type".into(),
        );
    }
    let cond_is_i1 = matches!(ctx.type_kind(c), TypeKind::Integer { width: 1, .. });
    if cond_is_i1 {
        return Ok(());
    }
    let elem_i1 = matches!(
        ctx.type_kind(element(ctx, c)),
        TypeKind::Integer { width: 1, .. }
    ) && element(ctx, c) != c;
    if !elem_i1 {
        return Err(format!(
            "operand #0 must be bool-like, but got '{}'",
            type_str(ctx, c)
        ));
    }
    if !same_shape(ctx, c, t) {
        return Err("expected condition type to have the same shape as the result type".into());
    }
    Ok(())
}

fn incompatible(ctx: &Context, i: Type, o: Type) -> String {
    format!(
        "operand type '{}' and result type '{}' are cast incompatible",
        type_str(ctx, i),
        type_str(ctx, o)
    )
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), String> {
    let (Some(&i), Some(&o)) = (ctx.operand_types(op).first(), ctx.result_types(op).first()) else {
        return Ok(());
    };
    if !same_shape(ctx, i, o) {
        return Err("requires the same shape for all operands and results".into());
    }
    let kind = ctx.kind(op);
    let is_index = |t: Type| matches!(ctx.type_kind(element(ctx, t)), TypeKind::Index);
    let ints = |t: Type| int_width(ctx, t).is_some();
    let compat = |ok_in: bool, ok_out: bool, win: &str, wout: &str| -> Result<(), String> {
        if !ok_in {
            return Err(format!(
                "operand #0 must be {win}, but got '{}'",
                type_str(ctx, i)
            ));
        }
        if !ok_out {
            return Err(format!(
                "result #0 must be {wout}, but got '{}'",
                type_str(ctx, o)
            ));
        }
        Ok(())
    };
    match kind {
        OpKind::ArithIndexCast | OpKind::ArithIndexCastui => {
            let ok = (is_index(i) && ints(o)) || (ints(i) && is_index(o));
            if !ok {
                return Err(incompatible(ctx, i, o));
            }
            Ok(())
        }
        OpKind::ArithExtui | OpKind::ArithExtsi | OpKind::ArithTrunci => {
            compat(
                ints(i),
                ints(o),
                "signless-fixed-width-integer-like",
                "signless-fixed-width-integer-like",
            )?;
            let (wi, wo) = (int_width(ctx, i), int_width(ctx, o));
            if kind == OpKind::ArithTrunci {
                if wo >= wi {
                    return Err(incompatible(ctx, i, o));
                }
            } else if wo <= wi {
                return Err(incompatible(ctx, i, o));
            }
            Ok(())
        }
        OpKind::ArithExtf | OpKind::ArithTruncf => {
            compat(
                is_float_like(ctx, i),
                is_float_like(ctx, o),
                "floating-point-like",
                "floating-point-like",
            )?;
            let (wi, wo) = (float_width(ctx, i), float_width(ctx, o));
            if kind == OpKind::ArithTruncf {
                if wo >= wi {
                    return Err(incompatible(ctx, i, o));
                }
            } else if wo <= wi {
                return Err(incompatible(ctx, i, o));
            }
            Ok(())
        }
        OpKind::ArithSitofp | OpKind::ArithUitofp => compat(
            ints(i),
            is_float_like(ctx, o),
            "signless-fixed-width-integer-like",
            "floating-point-like",
        ),
        OpKind::ArithFptosi | OpKind::ArithFptoui => compat(
            is_float_like(ctx, i),
            ints(o),
            "floating-point-like",
            "signless-fixed-width-integer-like",
        ),
        _ => {
            // bitcast: same bit width.
            let w = |t: Type| int_width(ctx, t).or_else(|| float_width(ctx, t));
            match (w(i), w(o)) {
                (Some(a), Some(b)) if a == b => Ok(()),
                _ => Err(incompatible(ctx, i, o)),
            }
        }
    }
}

fn verify_constant(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(&r) = ctx.op(op).results.first() else {
        return Ok(());
    };
    let rt = ctx.value_type(r);
    let Some(value) = ctx.attr(op, "value") else {
        return Ok(());
    };
    let vt = match value {
        Attr::Bool(_) => {
            if matches!(ctx.type_kind(rt), TypeKind::Integer { width: 1, .. }) {
                rt
            } else {
                return Err("failed to verify that all of {value, result} have same type".into());
            }
        }
        Attr::Int { ty, .. } | Attr::Float { ty, .. } => *ty,
        _ => value
            .elements_type()
            .ok_or("value must be an integer, float, or elements attribute")?,
    };
    if let Attr::Dense {
        values: DenseValues::Strings(_),
        ..
    } = value
    {
        return Err("value must be an integer, float, or elements attribute".into());
    }
    if vt != rt {
        return Err("failed to verify that all of {value, result} have same type".into());
    }
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(rt) {
        if *signedness != Signedness::Signless {
            return Err("integer return type must be signless".into());
        }
    }
    Ok(())
}
