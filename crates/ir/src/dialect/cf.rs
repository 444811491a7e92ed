//! `cf` dialect: `cf.assert`, `cf.br`, `cf.cond_br`, `cf.switch`.
//!
//! Successor operands are the op's operands (split into groups by
//! `operandSegmentSizes` where there are several); the custom forms spell
//! them after each successor as `^bb1(%a, %b : T, U)`.

use super::arith::{parse_attr_dict, parse_operand_list, parse_type_list, resolve_all};
use super::{i32_array, type_str};
use crate::asm::{AsmParser, PResult, UnresolvedOperand};
use crate::attrs::{Attr, DenseValues, NamedAttr, Scalar};
use crate::context::{set_named_attr, BlockId, Context, OpId, OperationState, ValueId};
use crate::format::{ParsedOperands, Var};
use crate::op_def::{attr, many, one, op, opt_attr, AttrKind, Effect, OpDef};
use crate::printer::OpPrinter;
use crate::types::{Type, TypeKind};
use crate::OpKind;

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::CfAssert)
            .effect(Effect::Fails)
            .summary("Assert operation with message attribute")
            .operands([one("arg").fixed(super::i1)])
            .attrs([attr("msg", AttrKind::Str)])
            .format("$arg `,` $msg attr-dict"),
        op(OpKind::CfBr)
            .summary("Branch operation")
            .operands([many("destOperands")])
            .successors(["dest"])
            .terminator()
            .custom(parse_br, print_br)
            .verify(verify_br),
        op(OpKind::CfCondBr)
            .summary("Conditional branch operation")
            .operands([
                one("condition"),
                many("trueDestOperands"),
                many("falseDestOperands"),
            ])
            .attrs([opt_attr("branch_weights", AttrKind::Any)])
            .successors(["trueDest", "falseDest"])
            .terminator()
            .custom(parse_cond_br, print_cond_br)
            .verify(verify_cond_br),
        op(OpKind::CfSwitch)
            .summary("Switch operation")
            .operands([one("flag"), many("defaultOperands"), many("caseOperands")])
            .attrs([
                opt_attr("case_values", AttrKind::Any),
                attr("case_operand_segments", AttrKind::Any),
            ])
            .successors(["defaultDestination", "caseDestinations"])
            .terminator()
            .custom(parse_switch, print_switch)
            .verify(verify_switch),
    ]
}

/// Parse the `custom<name>(...)` directives this dialect's formats use;
/// `None` if `name` is not one of them.
pub fn parse_directive(
    _name: &str,
    _def: &OpDef,
    _p: &mut dyn AsmParser,
    _state: &mut OperationState,
    _parsed: &mut ParsedOperands,
    _attrs: &mut Vec<NamedAttr>,
    _args: &[Var],
) -> Option<PResult<()>> {
    None
}

/// Print a `custom<name>(...)` directive; false if `name` is not one of this dialect's.
pub fn print_directive(
    _name: &str,
    _def: &OpDef,
    _p: &mut OpPrinter,
    _op: OpId,
    _args: &[Var],
) -> bool {
    false
}

// ----------------------------------------------------------------- helpers

/// Integer elements of an `array<...>`/`dense<...>` attribute as counts
/// (segment sizes, which the verifier checks are not negative).
fn counts(a: Option<&Attr>) -> Vec<usize> {
    a.and_then(|a| a.int_elements(0))
        .unwrap_or_default()
        .into_iter()
        .map(|n| usize::try_from(n).unwrap_or(0))
        .collect()
}

/// A successor and its operands: `^bb1` or `^bb1(%a, %b : T, U)`.
struct ParsedSuccessor {
    block: BlockId,
    operands: Vec<UnresolvedOperand>,
    types: Vec<Type>,
}

fn parse_successor_and_operands(p: &mut dyn AsmParser) -> PResult<ParsedSuccessor> {
    let block = p.parse_successor()?;
    let mut s = ParsedSuccessor {
        block,
        operands: Vec::new(),
        types: Vec::new(),
    };
    if p.parse_optional_punct("(") {
        s.operands = parse_operand_list(p)?;
        p.expect_punct(":")?;
        s.types = parse_type_list(p)?;
        p.expect_punct(")")?;
    }
    Ok(s)
}

/// Resolve a successor's operands into `state` and record the successor.
fn add_successor(
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    s: &ParsedSuccessor,
) -> PResult<usize> {
    resolve_all(p, state, &s.operands, &s.types)?;
    state.successors.push(s.block);
    Ok(s.operands.len())
}

fn print_successor_and_operands(p: &mut OpPrinter, block: BlockId, operands: &[ValueId]) {
    p.successor(block);
    if operands.is_empty() {
        return;
    }
    p.push("(");
    p.operands(operands);
    p.push(" : ");
    let tys: Vec<Type> = operands.iter().map(|&v| p.ctx.value_type(v)).collect();
    p.types(&tys);
    p.push(")");
}

/// Operands of `op` split by its `operandSegmentSizes` (one group per
/// segment). The verifier checks that the sizes cover the operands before
/// the op's own checks run.
fn segments(ctx: &Context, op: OpId, n: usize) -> Vec<Vec<ValueId>> {
    let operands = &ctx.op(op).operands;
    let sizes = counts(ctx.attr(op, "operandSegmentSizes"));
    let mut out = Vec::with_capacity(n);
    let mut start = 0;
    for i in 0..n {
        let len = sizes.get(i).copied().unwrap_or(0);
        out.push(operands.get(start..start + len).unwrap_or(&[]).to_vec());
        start += len;
    }
    debug_assert_eq!(start, operands.len(), "segment sizes cover the operands");
    out
}

/// Check that `operands` match the arguments of successor `index`.
fn check_successor(
    ctx: &Context,
    index: usize,
    block: BlockId,
    operands: &[ValueId],
) -> Result<(), String> {
    let args = &ctx.block(block).args;
    if args.len() != operands.len() {
        return Err(format!(
            "branch has {} operands for successor #{index}, but target block has {}",
            operands.len(),
            args.len()
        ));
    }
    for (i, (&a, &v)) in args.iter().zip(operands).enumerate() {
        if ctx.value_type(a) != ctx.value_type(v) {
            return Err(format!(
                "type mismatch for bb argument #{i} of successor #{index}"
            ));
        }
    }
    Ok(())
}

fn expect_successors(ctx: &Context, op: OpId, n: usize) -> Result<(), String> {
    let got = ctx.op(op).successors.len();
    if got != n {
        return Err(format!("requires {n} successors but found {got}"));
    }
    Ok(())
}

/// A newline followed by the indentation the printer gives `op` (two
/// spaces per enclosing op), like MLIR's `printNewline`.
pub(crate) fn op_newline(ctx: &Context, op: OpId) -> String {
    let mut depth = 0;
    let mut cur = op;
    while let Some(parent) = ctx.parent_op(cur) {
        depth += 1;
        cur = parent;
    }
    format!("\n{}", " ".repeat(2 * depth))
}

// ------------------------------------------------------------------- cf.br

fn parse_br(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let s = parse_successor_and_operands(p)?;
    add_successor(p, state, &s)?;
    parse_attr_dict(p, state, &[])
}

fn print_br(p: &mut OpPrinter, op: OpId) {
    let data = p.ctx.op(op);
    if let Some(&b) = data.successors.first() {
        p.push(" ");
        print_successor_and_operands(p, b, &data.operands);
    }
    p.attr_dict(op, &[], false);
}

fn verify_br(ctx: &Context, op: OpId) -> Result<(), String> {
    expect_successors(ctx, op, 1)?;
    let data = ctx.op(op);
    match data.successors.first() {
        Some(&b) => check_successor(ctx, 0, b, &data.operands),
        None => Ok(()),
    }
}

// -------------------------------------------------------------- cf.cond_br

fn parse_cond_br(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = super::i1(p.ctx());
    resolve_all(p, state, &[cond], &[i1])?;
    if p.parse_optional_keyword("weights") {
        p.expect_punct("(")?;
        p.expect_punct("[")?;
        let mut weights = Vec::new();
        if !p.parse_optional_punct("]") {
            loop {
                weights.push(Scalar::Int(p.parse_integer()?));
                if p.parse_optional_punct("]") {
                    break;
                }
                p.expect_punct(",")?;
            }
        }
        p.expect_punct(")")?;
        let elem = super::i32(p.ctx());
        set_named_attr(
            &mut state.props,
            "branch_weights",
            Attr::DenseArray {
                elem,
                values: weights,
            },
        );
    }
    p.expect_punct(",")?;
    let t = parse_successor_and_operands(p)?;
    p.expect_punct(",")?;
    let f = parse_successor_and_operands(p)?;
    let nt = add_successor(p, state, &t)?;
    let nf = add_successor(p, state, &f)?;
    let seg = i32_array(p.ctx(), &[1, nt, nf]);
    set_named_attr(&mut state.props, "operandSegmentSizes", seg);
    parse_attr_dict(p, state, &["branch_weights"])
}

fn print_cond_br(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let groups = segments(ctx, op, 3);
    p.push(" ");
    if let Some(&c) = groups.first().and_then(|g| g.first()) {
        p.operand(c);
    }
    if let Some(w) = ctx.attr(op, "branch_weights") {
        p.push(" weights(");
        match w.int_elements(0) {
            Some(values) => {
                let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                p.push(&format!("[{}]", text.join(", ")));
            }
            None => p.attr(w),
        }
        p.push(")");
    }
    for (i, &b) in ctx.op(op).successors.iter().enumerate().take(2) {
        p.push(", ");
        let operands = groups.get(i + 1).map(Vec::as_slice).unwrap_or(&[]);
        print_successor_and_operands(p, b, operands);
    }
    p.attr_dict(op, &["branch_weights", "operandSegmentSizes"], false);
}

fn verify_cond_br(ctx: &Context, op: OpId) -> Result<(), String> {
    expect_successors(ctx, op, 2)?;
    let groups = segments(ctx, op, 3);
    if let Some(&c) = groups.first().and_then(|g| g.first()) {
        if !matches!(
            ctx.type_kind(ctx.value_type(c)),
            TypeKind::Integer { width: 1, .. }
        ) {
            return Err(format!(
                "operand #0 must be 1-bit signless integer, but got '{}'",
                type_str(ctx, ctx.value_type(c))
            ));
        }
    }
    if let Some(w) = ctx
        .attr(op, "branch_weights")
        .and_then(|w| w.int_elements(0))
    {
        if w.len() != 2 {
            return Err(format!(
                "expects number of region weights to match number of successors: {} vs 2",
                w.len()
            ));
        }
    }
    for (i, &b) in ctx.op(op).successors.iter().enumerate() {
        let operands = groups.get(i + 1).map(Vec::as_slice).unwrap_or(&[]);
        check_successor(ctx, i, b, operands)?;
    }
    Ok(())
}

// --------------------------------------------------------------- cf.switch

/// `%flag : T, [ default: ^bb(...), 42: ^bb(...) ]`
fn parse_switch(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let flag = p.parse_operand()?;
    p.expect_punct(":")?;
    let at = p.offset();
    let flag_ty = p.parse_type()?;
    if !matches!(p.ctx().type_kind(flag_ty), TypeKind::Integer { .. }) {
        let found = type_str(p.ctx(), flag_ty);
        return Err(p.error_at(
            at,
            &format!(
                "invalid kind of type specified: expected builtin.integer, but found '{found}'"
            ),
        ));
    }
    resolve_all(p, state, &[flag], &[flag_ty])?;
    p.expect_punct(",")?;
    p.expect_punct("[")?;
    p.expect_keyword("default")?;
    p.expect_punct(":")?;
    let default = parse_successor_and_operands(p)?;
    let n_default = add_successor(p, state, &default)?;
    let mut values = Vec::new();
    let mut case_sizes = Vec::new();
    let width = flag_width(p.ctx(), flag_ty);
    while p.parse_optional_punct(",") {
        values.push(Scalar::Int(to_signed(p.parse_integer()?, width)));
        p.expect_punct(":")?;
        let s = parse_successor_and_operands(p)?;
        case_sizes.push(add_successor(p, state, &s)?);
    }
    p.expect_punct("]")?;
    if !values.is_empty() {
        let ty = p.ctx().intern_type(TypeKind::Vector {
            shape: vec![values.len() as i64],
            scalable: vec![false],
            elem: flag_ty,
        });
        set_named_attr(
            &mut state.props,
            "case_values",
            Attr::Dense {
                ty,
                values: DenseValues::Elements(values),
            },
        );
    }
    let segs = i32_array(p.ctx(), &case_sizes);
    set_named_attr(&mut state.props, "case_operand_segments", segs);
    let total = case_sizes.iter().sum();
    let seg = i32_array(p.ctx(), &[1, n_default, total]);
    set_named_attr(&mut state.props, "operandSegmentSizes", seg);
    parse_attr_dict(p, state, &["case_values", "case_operand_segments"])
}

/// Bit width of a switch flag type (index counts as 64 bits).
fn flag_width(ctx: &Context, t: Type) -> u32 {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => *width,
        _ => 64,
    }
}

/// `v` truncated to `width` bits, read as signed (how the values are stored).
fn to_signed(v: i128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return v;
    }
    let shift = 128 - width;
    (v << shift) >> shift
}

/// `v` truncated to `width` bits, read as unsigned (how the custom form prints them).
fn to_unsigned(v: i128, width: u32) -> u128 {
    if width == 0 || width >= 128 {
        return v as u128;
    }
    (v as u128) & ((1u128 << width) - 1)
}

/// The case values of a switch, one per case successor.
fn case_values(ctx: &Context, op: OpId) -> Vec<i128> {
    let n = ctx.op(op).successors.len().saturating_sub(1);
    ctx.attr(op, "case_values")
        .and_then(|a| a.int_elements(n))
        .unwrap_or_default()
}

fn print_switch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let groups = segments(ctx, op, 3);
    let data = ctx.op(op);
    let newline = op_newline(ctx, op);
    p.push(" ");
    if let Some(&flag) = groups.first().and_then(|g| g.first()) {
        p.operand(flag);
        p.push(" : ");
        p.ty(ctx.value_type(flag));
    }
    p.push(", [");
    p.push(&newline);
    p.push("  default: ");
    if let Some(&b) = data.successors.first() {
        print_successor_and_operands(p, b, groups.get(1).map(Vec::as_slice).unwrap_or(&[]));
    }
    let values = case_values(ctx, op);
    let width = groups
        .first()
        .and_then(|g| g.first())
        .map_or(64, |&f| flag_width(ctx, ctx.value_type(f)));
    let sizes = counts(ctx.attr(op, "case_operand_segments"));
    let case_operands = groups.get(2).map(Vec::as_slice).unwrap_or(&[]);
    let mut start = 0;
    for (i, &b) in data.successors.iter().skip(1).enumerate() {
        p.push(",");
        p.push(&newline);
        p.push("  ");
        if let Some(&v) = values.get(i) {
            p.push(&to_unsigned(v, width).to_string());
        }
        p.push(": ");
        let len = sizes.get(i).copied().unwrap_or(0);
        print_successor_and_operands(p, b, case_operands.get(start..start + len).unwrap_or(&[]));
        start += len;
    }
    if data.successors.len() > 1 {
        p.push(&newline);
    }
    p.push("]");
    p.attr_dict(
        op,
        &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
        false,
    );
}

fn verify_switch(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let n_cases = data.successors.len().saturating_sub(1);
    if data.successors.is_empty() {
        return Err("requires at least 1 successor".into());
    }
    let groups = segments(ctx, op, 3);
    if let Some(&flag) = groups.first().and_then(|g| g.first()) {
        let t = ctx.value_type(flag);
        if !matches!(ctx.type_kind(t), TypeKind::Integer { .. }) {
            return Err(format!(
                "operand #0 must be integer, but got '{}'",
                type_str(ctx, t)
            ));
        }
    }
    let values_len = match ctx.attr(op, "case_values") {
        Some(Attr::Dense { ty, .. }) => {
            if let (Some(&flag), Some(elem)) = (
                groups.first().and_then(|g| g.first()),
                ctx.type_kind(*ty).element_type(),
            ) {
                if ctx.value_type(flag) != elem {
                    return Err(format!(
                        "'flag' type ({}) should match case value type ({})",
                        type_str(ctx, ctx.value_type(flag)),
                        type_str(ctx, elem)
                    ));
                }
            }
            ctx.type_kind(*ty)
                .shape()
                .and_then(|s| s.first().copied())
                .unwrap_or(0) as usize
        }
        Some(_) => return Err("'case_values' must be a vector of integers".into()),
        None => 0,
    };
    if values_len != n_cases {
        return Err(format!(
            "number of case values ({values_len}) should match number of case destinations ({n_cases})"
        ));
    }
    let sizes = ctx
        .attr(op, "case_operand_segments")
        .and_then(|a| a.int_elements(0))
        .unwrap_or_default();
    if sizes.len() != n_cases {
        return Err(format!(
            "number of case operand segments ({}) should match number of case destinations ({n_cases})",
            sizes.len()
        ));
    }
    // The segments must cover the case operands exactly: they are read
    // from them.
    if sizes.iter().any(|&n| n < 0) {
        return Err("'case_operand_segments' attribute cannot have negative elements".into());
    }
    let case_operands = groups.get(2).map(Vec::as_slice).unwrap_or(&[]);
    let total: i128 = sizes.iter().sum();
    if total != case_operands.len() as i128 {
        return Err(format!(
            "caseOperands count ({}) does not match with the total size ({total}) specified in attribute 'case_operand_segments'",
            case_operands.len()
        ));
    }
    // Each at most the total, the number of case operands.
    let sizes: Vec<usize> = sizes.iter().map(|&n| n as usize).collect();
    if let Some(&b) = data.successors.first() {
        check_successor(ctx, 0, b, groups.get(1).map(Vec::as_slice).unwrap_or(&[]))?;
    }
    let mut start = 0;
    for (i, &b) in data.successors.iter().skip(1).enumerate() {
        let len = sizes.get(i).copied().unwrap_or(0);
        let ops = case_operands.get(start..start + len).unwrap_or(&[]);
        check_successor(ctx, i + 1, b, ops)?;
        start += len;
    }
    Ok(())
}
