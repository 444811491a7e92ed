//! `scf` dialect: structured control flow (`scf.for`, `scf.if`, `scf.while`,
//! `scf.forall`, `scf.parallel`, `scf.execute_region`, `scf.index_switch`)
//! and their terminators, with custom syntax and verifiers.
//!
//! Loop and branch regions may omit an empty `scf.yield` (or `scf.reduce`,
//! `scf.forall.in_parallel`) in text: the parsers add it back.

use super::arith::{parse_attr_dict, parse_operand_list, parse_type_list, resolve_all};
use super::cf::op_newline;
use super::checks::check_edge_to_parent;
use super::{
    i32_array, parse_delimited_operands, parse_optional_arrow_types, print_optional_arrow_types,
    type_str,
};
use crate::asm::{Argument, AsmParser, PResult, UnresolvedOperand};
use crate::attrs::{Attr, Scalar};
use crate::context::{set_named_attr, Context, OpId, OperationState, RegionId, ValueId};
use crate::op_def::{attr, many, one, op, opt_attr, AttrKind, Effect, OpDef};
use crate::printer::OpPrinter;
use crate::types::{Type, TypeKind, DYNAMIC};
use crate::OpKind;

pub fn ops() -> Vec<OpDef> {
    vec![
        op(OpKind::ScfFor)
            .effect(Effect::None)
            .summary("for operation")
            .allocation_scope()
            .operands([
                one("lowerBound"),
                one("upperBound"),
                one("step"),
                many("initArgs"),
            ])
            .results([many("results")])
            .attrs([opt_attr("unsignedCmp", AttrKind::Unit)])
            .regions(["region"])
            .single_block()
            .implicit_terminator(OpKind::ScfYield)
            .custom(parse_for, print_for)
            .verify(verify_for),
        op(OpKind::ScfIf)
            .effect(Effect::None)
            .summary("if-then-else operation")
            .operands([one("condition").fixed(super::i1)])
            .results([many("results")])
            .regions(["thenRegion", "elseRegion"])
            .single_block()
            .implicit_terminator(OpKind::ScfYield)
            .custom(parse_if, print_if)
            .verify(verify_if),
        op(OpKind::ScfYield)
            .summary("loop yield and termination operation")
            .operands([many("results")])
            .format("attr-dict ($results^ `:` type($results))?")
            .terminator()
            .verify(verify_yield),
        op(OpKind::ScfWhile)
            .summary("a generic 'while' loop")
            .operands([many("inits")])
            .results([many("results")])
            .regions(["before", "after"])
            .custom(parse_while, print_while)
            .verify(verify_while),
        op(OpKind::ScfCondition)
            .summary("loop continuation condition")
            .operands([one("condition").fixed(super::i1), many("args")])
            .format("`(` $condition `)` attr-dict ($args^ `:` type($args))?")
            .terminator()
            .verify(verify_condition),
        op(OpKind::ScfForall)
            .effect(Effect::None)
            .summary("evaluate a block multiple times in parallel")
            .allocation_scope()
            .operands([
                many("dynamicLowerBound"),
                many("dynamicUpperBound"),
                many("dynamicStep"),
                many("outputs"),
            ])
            .results([many("results")])
            .attrs([
                attr("staticLowerBound", AttrKind::DenseI64Array),
                attr("staticUpperBound", AttrKind::DenseI64Array),
                attr("staticStep", AttrKind::DenseI64Array),
                opt_attr("mapping", AttrKind::Any),
            ])
            .regions(["region"])
            .single_block()
            .implicit_terminator(OpKind::ScfForallInParallel)
            .custom(parse_forall, print_forall)
            .verify(verify_forall),
        op(OpKind::ScfForallInParallel)
            .summary("terminates a `forall` block")
            .regions(["region"])
            .terminator()
            .no_terminator()
            .single_block()
            .graph_regions()
            .custom(parse_in_parallel, print_in_parallel)
            .verify(verify_in_parallel),
        op(OpKind::ScfExecuteRegion)
            .effect(Effect::None)
            .summary("operation that executes its region exactly once")
            .results([many("results")])
            .attrs([opt_attr("no_inline", AttrKind::Unit)])
            .regions(["region"])
            .custom(parse_execute_region, print_execute_region)
            .verify(verify_execute_region),
        op(OpKind::ScfParallel)
            .effect(Effect::None)
            .summary("parallel for operation")
            .allocation_scope()
            .operands([
                many("lowerBound"),
                many("upperBound"),
                many("step"),
                many("initVals"),
            ])
            .results([many("results")])
            .regions(["region"])
            .single_block()
            .implicit_terminator(OpKind::ScfReduce)
            .custom(parse_parallel, print_parallel)
            .verify(verify_parallel),
        op(OpKind::ScfReduce)
            .summary("reduce operation for scf.parallel")
            .operands([many("operands")])
            .regions(["reductions"])
            .variadic_regions()
            .terminator()
            .custom(parse_reduce, print_reduce)
            .verify(verify_reduce),
        op(OpKind::ScfReduceReturn)
            .summary("terminator for reduce operation")
            .operands([one("result")])
            .format("$result attr-dict `:` type($result)")
            .terminator()
            .verify(verify_reduce_return),
        op(OpKind::ScfIndexSwitch)
            .effect(Effect::None)
            .summary("switch-case operation on an index argument")
            .operands([one("arg").fixed(super::index)])
            .results([many("results")])
            .attrs([attr("cases", AttrKind::DenseI64Array)])
            .regions(["defaultRegion", "caseRegions"])
            .variadic_regions()
            .single_block()
            .custom(parse_index_switch, print_index_switch)
            .verify(verify_index_switch),
    ]
}

// ----------------------------------------------------------------- helpers

fn types_str(ctx: &Context, ts: &[Type]) -> String {
    ts.iter()
        .map(|&t| type_str(ctx, t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An argument `%name` whose type is given by the op's syntax elsewhere.
fn arg(name: UnresolvedOperand, ty: Type) -> Argument {
    Argument {
        name,
        ty,
        attrs: Vec::new(),
        loc: None,
    }
}

/// `(%a = %x, %b = %y)`: region arguments and their initial values.
fn parse_assignment_list(
    p: &mut dyn AsmParser,
) -> PResult<(Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    p.expect_punct("(")?;
    parse_assignments(p)
}

/// The rest of an assignment list after its `(`.
fn parse_assignments(
    p: &mut dyn AsmParser,
) -> PResult<(Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    let mut args = Vec::new();
    let mut inits = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok((args, inits));
    }
    loop {
        args.push(p.parse_operand()?);
        p.expect_punct("=")?;
        inits.push(p.parse_operand()?);
        if p.parse_optional_punct(")") {
            break;
        }
        p.expect_punct(",")?;
    }
    Ok((args, inits))
}

/// `prefix(%a = %x, ...)`, nothing if there are no initial values.
fn print_assignment_list(p: &mut OpPrinter, prefix: &str, args: &[ValueId], inits: &[ValueId]) {
    if inits.is_empty() {
        return;
    }
    p.push(prefix);
    p.push("(");
    for (i, (&a, &v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.push(", ");
        }
        p.operand(a);
        p.push(" = ");
        p.operand(v);
    }
    p.push(")");
}

/// `(%a, %b)`: comma-separated operands in parentheses (possibly empty).
fn new_region(p: &mut dyn AsmParser, state: &mut OperationState) -> RegionId {
    let r = p.ctx().create_region();
    state.regions.push(r);
    r
}

/// The entry block arguments of region `i` of `op`.
fn entry_args(ctx: &Context, op: OpId, i: usize) -> Vec<ValueId> {
    ctx.op(op)
        .regions
        .get(i)
        .and_then(|&r| ctx.region(r).blocks.first())
        .map(|&b| ctx.block(b).args.clone())
        .unwrap_or_default()
}

/// The terminator of the single block of region `i` of `op`.
fn region_terminator(ctx: &Context, op: OpId, i: usize) -> Option<OpId> {
    let r = *ctx.op(op).regions.get(i)?;
    let b = *ctx.region(r).blocks.first()?;
    ctx.block_terminator(b)
}

/// Every `scf.yield` ending a block of `region` must yield `expected`.
/// The `scf.yield`s ending the blocks of `region`, a region of `op`, give
/// `op`'s results (`RegionBranchOpInterface`).
fn check_yields(ctx: &Context, op: OpId, region: RegionId) -> Result<(), String> {
    for &b in &ctx.region(region).blocks {
        match ctx.block_terminator(b) {
            Some(t) if ctx.kind(t) == crate::OpKind::ScfYield => check_edge_to_parent(ctx, op, t)?,
            _ => {}
        }
    }
    Ok(())
}

fn i64_array(ctx: &mut Context, values: &[i64]) -> Attr {
    Attr::DenseArray {
        elem: super::i64(ctx),
        values: values.iter().map(|&v| Scalar::Int(v as i128)).collect(),
    }
}

fn i64_elements(a: Option<&Attr>) -> Vec<i64> {
    a.and_then(|a| a.int_elements(0))
        .unwrap_or_default()
        .into_iter()
        .map(|v| i64::try_from(v).unwrap_or(DYNAMIC))
        .collect()
}

/// Operands of `op` split by `operandSegmentSizes` into `n` groups. The
/// verifier checks that the sizes cover the operands before the op's own
/// checks run.
fn segments(ctx: &Context, op: OpId, n: usize) -> Vec<Vec<ValueId>> {
    let operands = &ctx.op(op).operands;
    let sizes = ctx
        .attr(op, "operandSegmentSizes")
        .and_then(|a| a.int_elements(0))
        .unwrap_or_default();
    let mut out = Vec::with_capacity(n);
    let mut start = 0;
    for i in 0..n {
        let len = sizes
            .get(i)
            .and_then(|&s| usize::try_from(s).ok())
            .unwrap_or(0);
        out.push(operands.get(start..start + len).unwrap_or(&[]).to_vec());
        start += len;
    }
    debug_assert_eq!(start, operands.len(), "segment sizes cover the operands");
    out
}

// ----------------------------------------------------------------- scf.for

fn parse_for(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    if p.parse_optional_keyword("unsigned") {
        set_named_attr(&mut state.props, "unsignedCmp", Attr::Unit);
    }
    let iv = p.parse_operand()?;
    p.expect_punct("=")?;
    let lb = p.parse_operand()?;
    p.expect_keyword("to")?;
    let ub = p.parse_operand()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand()?;
    let (iter_args, inits) = if p.parse_optional_keyword("iter_args") {
        parse_assignment_list(p)?
    } else {
        (Vec::new(), Vec::new())
    };
    let result_types = parse_optional_arrow_types(p)?;
    if result_types.len() != inits.len() {
        return Err(p.error("mismatch in number of loop-carried values and defined values"));
    }
    let iv_ty = if p.parse_optional_punct(":") {
        p.parse_type()?
    } else {
        super::index(p.ctx())
    };
    resolve_all(p, state, &[lb, ub, step], &[iv_ty; 3])?;
    resolve_all(p, state, &inits, &result_types)?;
    let mut args = vec![arg(iv, iv_ty)];
    args.extend(
        iter_args
            .into_iter()
            .zip(&result_types)
            .map(|(n, &t)| arg(n, t)),
    );
    let r = new_region(p, state);
    p.parse_region(r, &args, false)?;
    super::ensure_terminator(p.ctx(), r, OpKind::ScfYield, &state.loc);
    parse_attr_dict(p, state, &["unsignedCmp"])?;
    state.result_types = result_types.into();
    Ok(())
}

fn print_for(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    if ctx.attr(op, "unsignedCmp").is_some() {
        p.push(" unsigned");
    }
    let args = entry_args(ctx, op, 0);
    let (Some(&iv), Some(bounds)) = (args.first(), data.operands.get(..3)) else {
        return;
    };
    p.push(" ");
    p.operand(iv);
    p.push(" = ");
    p.operand(bounds[0]);
    p.push(" to ");
    p.operand(bounds[1]);
    p.push(" step ");
    p.operand(bounds[2]);
    let inits = data.operands.get(3..).unwrap_or(&[]);
    print_assignment_list(p, " iter_args", args.get(1..).unwrap_or(&[]), inits);
    if !inits.is_empty() {
        p.push(" -> (");
        p.types(&ctx.types_of(inits));
        p.push(")");
    }
    p.push(" ");
    let iv_ty = ctx.value_type(iv);
    if !matches!(ctx.type_kind(iv_ty), TypeKind::Index) {
        p.push(" : ");
        p.ty(iv_ty);
        p.push(" ");
    }
    if let Some(&r) = data.regions.first() {
        p.region(r, false, !inits.is_empty());
    }
    p.attr_dict(op, &["unsignedCmp"], false);
}

fn verify_for(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let Some(bounds) = data.operands.get(..3) else {
        return Ok(());
    };
    let bound_ty = ctx.value_type(bounds[0]);
    if !ctx.type_kind(bound_ty).is_integer_like() {
        return Err(format!(
            "operand #0 must be signless integer or index, but got '{}'",
            type_str(ctx, bound_ty)
        ));
    }
    if bounds.iter().any(|&b| ctx.value_type(b) != bound_ty) {
        return Err(
            "failed to verify that all of {lowerBound, upperBound, step} have same type".into(),
        );
    }
    let inits = ctx.types_of(data.operands.get(3..).unwrap_or(&[]));
    let results = ctx.result_types(op);
    if inits.len() != results.len() {
        return Err("mismatch in number of loop-carried values and defined values".into());
    }
    let args = entry_args(ctx, op, 0);
    let Some(&iv) = args.first() else {
        return Err("expected body to have at least one argument".into());
    };
    if ctx.value_type(iv) != bound_ty {
        return Err("expected induction variable to be same type as bounds and step".into());
    }
    if args.len() != inits.len() + 1 {
        return Err("mismatch in number of basic block args and defined values".into());
    }
    for (i, ((&a, &init), &res)) in args[1..].iter().zip(&inits).zip(&results).enumerate() {
        if init != res {
            return Err(format!(
                "types mismatch between {i}th iter operand and defined value"
            ));
        }
        if ctx.value_type(a) != res {
            return Err(format!(
                "types mismatch between {i}th iter region arg and defined value"
            ));
        }
    }
    if let Some(y) = region_terminator(ctx, op, 0) {
        let yielded = ctx.types_of(&ctx.op(y).operands);
        if yielded.len() != results.len() {
            return Err(format!(
                "mismatch in number of iter_args and yielded values: {} vs {}",
                results.len(),
                yielded.len()
            ));
        }
        for (i, (&a, &y)) in results.iter().zip(&yielded).enumerate() {
            if a != y {
                return Err(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'",
                    type_str(ctx, a),
                    type_str(ctx, y)
                ));
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ scf.if

fn parse_if(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = super::i1(p.ctx());
    resolve_all(p, state, &[cond], &[i1])?;
    state.result_types = parse_optional_arrow_types(p)?.into();
    let then_r = new_region(p, state);
    p.parse_region(then_r, &[], false)?;
    super::ensure_terminator(p.ctx(), then_r, OpKind::ScfYield, &state.loc);
    let else_r = new_region(p, state);
    if p.parse_optional_keyword("else") {
        p.parse_region(else_r, &[], false)?;
        super::ensure_terminator(p.ctx(), else_r, OpKind::ScfYield, &state.loc);
    }
    parse_attr_dict(p, state, &[])
}

fn print_if(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    p.push(" ");
    if let Some(&c) = data.operands.first() {
        p.operand(c);
    }
    let has_results = !data.results.is_empty();
    if has_results {
        p.push(" -> (");
        p.types(&ctx.result_types(op));
        p.push(")");
    }
    p.push(" ");
    if let Some(&r) = data.regions.first() {
        p.region(r, false, has_results);
    }
    if let Some(&r) = data.regions.get(1) {
        if !ctx.region(r).blocks.is_empty() {
            p.push(" else ");
            p.region(r, false, has_results);
        }
    }
    p.attr_dict(op, &[], false);
}

fn verify_if(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let results = ctx.result_types(op);
    if !results.is_empty()
        && data
            .regions
            .get(1)
            .is_none_or(|&r| ctx.region(r).blocks.is_empty())
    {
        return Err("must have an else block if defining values".into());
    }
    for &r in &data.regions {
        check_yields(ctx, op, r)?;
    }
    Ok(())
}

// --------------------------------------------------------------- scf.yield

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), String> {
    const PARENTS: &[OpKind] = &[
        OpKind::ScfExecuteRegion,
        OpKind::ScfFor,
        OpKind::ScfIf,
        OpKind::ScfIndexSwitch,
        OpKind::ScfWhile,
    ];
    super::checks::check_parent(ctx, op, PARENTS)
}

// --------------------------------------------------------------- scf.while

fn parse_while(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let (args, inits) = if p.parse_optional_punct("(") {
        parse_assignments(p)?
    } else {
        (Vec::new(), Vec::new())
    };
    p.expect_punct(":")?;
    let at = p.offset();
    let fty = p.parse_type()?;
    let (ins, outs) = match p.ctx().type_kind(fty) {
        TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => return Err(p.error_at(at, "expected function type")),
    };
    if ins.len() != inits.len() {
        return Err(p.error_at(at, "expected as many input types as operands"));
    }
    resolve_all(p, state, &inits, &ins)?;
    let args: Vec<Argument> = args
        .into_iter()
        .zip(&ins)
        .map(|(n, &t)| arg(n, t))
        .collect();
    let before = new_region(p, state);
    p.parse_region(before, &args, false)?;
    p.expect_keyword("do")?;
    let after = new_region(p, state);
    p.parse_region(after, &[], false)?;
    if p.parse_optional_keyword("attributes") {
        parse_attr_dict(p, state, &[])?;
    }
    state.result_types = outs.into();
    Ok(())
}

fn print_while(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    print_assignment_list(p, " ", &entry_args(ctx, op, 0), &data.operands);
    p.push(" : (");
    p.types(&ctx.types_of(&data.operands));
    p.push(") -> ");
    p.result_types(&ctx.result_types(op));
    p.push(" ");
    if let Some(&r) = data.regions.first() {
        p.region(r, false, true);
    }
    p.push(" do ");
    if let Some(&r) = data.regions.get(1) {
        p.region(r, true, true);
    }
    p.attr_dict(op, &[], true);
}

fn verify_while(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let inits = ctx.types_of(&data.operands);
    let results = ctx.result_types(op);
    let before_args = ctx.types_of(&entry_args(ctx, op, 0));
    if before_args != inits {
        return Err(format!(
            "expects the types of the `before` region arguments ({}) to match the operands ({})",
            types_str(ctx, &before_args),
            types_str(ctx, &inits)
        ));
    }
    let Some(cond) = region_terminator(ctx, op, 0) else {
        return Ok(());
    };
    if ctx.kind(cond) != OpKind::ScfCondition {
        return Err("expects the 'before' region to terminate with 'scf.condition'".into());
    }
    let forwarded = ctx.types_of(ctx.op(cond).operands.get(1..).unwrap_or(&[]));
    if forwarded != results {
        return Err(format!(
            "expects the types forwarded by 'scf.condition' ({}) to match the results ({})",
            types_str(ctx, &forwarded),
            types_str(ctx, &results)
        ));
    }
    let after_args = ctx.types_of(&entry_args(ctx, op, 1));
    if after_args != results {
        return Err(format!(
            "expects the types of the `after` region arguments ({}) to match the results ({})",
            types_str(ctx, &after_args),
            types_str(ctx, &results)
        ));
    }
    if let Some(y) = region_terminator(ctx, op, 1) {
        if ctx.kind(y) != OpKind::ScfYield {
            return Err("expects the 'after' region to terminate with 'scf.yield'".into());
        }
        let yielded = ctx.types_of(&ctx.op(y).operands);
        if yielded != inits {
            return Err(format!(
                "expects the types yielded by the 'after' region ({}) to match the operands ({})",
                types_str(ctx, &yielded),
                types_str(ctx, &inits)
            ));
        }
    }
    Ok(())
}

fn verify_condition(ctx: &Context, op: OpId) -> Result<(), String> {
    match ctx.parent_op(op) {
        Some(p) if ctx.kind(p) == OpKind::ScfWhile => Ok(()),
        _ => Err("expects parent op 'scf.while'".into()),
    }
}

// -------------------------------------------------------------- scf.forall

/// `(%a, 4, ...)`: each entry a dynamic value or a static integer.
fn parse_dynamic_index_list(
    p: &mut dyn AsmParser,
    dynamic: &mut Vec<UnresolvedOperand>,
) -> PResult<Vec<i64>> {
    let mut statics = Vec::new();
    p.expect_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok(statics);
    }
    loop {
        if let Some(o) = p.parse_optional_operand()? {
            dynamic.push(o);
            statics.push(DYNAMIC);
        } else {
            let at = p.offset();
            let v = p.parse_integer()?;
            let v = i64::try_from(v).map_err(|_| p.error_at(at, "integer value too large"))?;
            statics.push(v);
        }
        if p.parse_optional_punct(")") {
            break;
        }
        p.expect_punct(",")?;
    }
    Ok(statics)
}

fn print_dynamic_index_list(p: &mut OpPrinter, statics: &[i64], dynamic: &[ValueId]) {
    p.push("(");
    let mut dyn_it = dynamic.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.push(", ");
        }
        if s == DYNAMIC {
            match dyn_it.next() {
                Some(&v) => p.operand(v),
                None => p.push("<<missing>>"),
            }
        } else {
            p.push(&s.to_string());
        }
    }
    p.push(")");
}

fn parse_forall(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let ivs = parse_delimited_operands(p, "(", ")")?;
    let (mut dyn_lb, mut dyn_ub, mut dyn_step) = (Vec::new(), Vec::new(), Vec::new());
    let (lb, ub, step);
    if p.parse_optional_keyword("in") {
        ub = parse_dynamic_index_list(p, &mut dyn_ub)?;
        lb = vec![0; ub.len()];
        step = vec![1; ub.len()];
    } else {
        p.expect_punct("=")?;
        lb = parse_dynamic_index_list(p, &mut dyn_lb)?;
        p.expect_keyword("to")?;
        ub = parse_dynamic_index_list(p, &mut dyn_ub)?;
        p.expect_keyword("step")?;
        step = parse_dynamic_index_list(p, &mut dyn_step)?;
    }
    let (out_args, outs) = if p.parse_optional_keyword("shared_outs") {
        parse_assignment_list(p)?
    } else {
        (Vec::new(), Vec::new())
    };
    let result_types = parse_optional_arrow_types(p)?;
    if result_types.len() != outs.len() {
        return Err(p.error("mismatch between out operands and types"));
    }
    let index = super::index(p.ctx());
    for group in [&dyn_lb, &dyn_ub, &dyn_step] {
        resolve_all(p, state, group, &vec![index; group.len()])?;
    }
    resolve_all(p, state, &outs, &result_types)?;
    let mut args: Vec<Argument> = ivs.into_iter().map(|n| arg(n, index)).collect();
    args.extend(
        out_args
            .into_iter()
            .zip(&result_types)
            .map(|(n, &t)| arg(n, t)),
    );
    let r = new_region(p, state);
    p.parse_region(r, &args, false)?;
    ensure_in_parallel(p.ctx(), r);
    parse_attr_dict(p, state, &["mapping"])?;
    for (name, values) in [
        ("staticLowerBound", &lb),
        ("staticUpperBound", &ub),
        ("staticStep", &step),
    ] {
        let a = i64_array(p.ctx(), values);
        set_named_attr(&mut state.props, name, a);
    }
    let seg = i32_array(
        p.ctx(),
        &[dyn_lb.len(), dyn_ub.len(), dyn_step.len(), outs.len()],
    );
    set_named_attr(&mut state.props, "operandSegmentSizes", seg);
    state.result_types = result_types.into();
    Ok(())
}

/// End the body of a `scf.forall` with an empty `scf.forall.in_parallel`
/// unless it already has one.
fn ensure_in_parallel(ctx: &mut Context, region: RegionId) {
    let block = match ctx.region(region).blocks.first() {
        Some(&b) => b,
        None => {
            let b = ctx.create_block();
            ctx.append_block(region, b);
            b
        }
    };
    if ctx
        .block_terminator(block)
        .is_some_and(|t| ctx.kind(t) == OpKind::ScfForallInParallel)
    {
        return;
    }
    // While the op is parsed its region has no parent yet: an unknown
    // location (MLIR gives the op's).
    let loc = ctx
        .region(region)
        .parent
        .map(|o| ctx.op(o).loc.clone())
        .unwrap_or_default();
    let body = ctx.create_region();
    let b = ctx.create_block();
    ctx.append_block(body, b);
    let mut state = OperationState::new(OpKind::ScfForallInParallel, loc);
    state.regions.push(body);
    let t = ctx.create_op(state);
    ctx.append_op(block, t);
}

fn print_forall(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    let groups = segments(ctx, op, 4);
    let lb = i64_elements(ctx.attr(op, "staticLowerBound"));
    let ub = i64_elements(ctx.attr(op, "staticUpperBound"));
    let step = i64_elements(ctx.attr(op, "staticStep"));
    let rank = ub.len();
    let args = entry_args(ctx, op, 0);
    p.push(" (");
    p.operands(args.get(..rank).unwrap_or(&[]));
    p.push(")");
    let empty = Vec::new();
    let group = |i: usize| groups.get(i).unwrap_or(&empty);
    if lb.iter().all(|&v| v == 0) && step.iter().all(|&v| v == 1) {
        p.push(" in ");
        print_dynamic_index_list(p, &ub, group(1));
    } else {
        p.push(" = ");
        print_dynamic_index_list(p, &lb, group(0));
        p.push(" to ");
        print_dynamic_index_list(p, &ub, group(1));
        p.push(" step ");
        print_dynamic_index_list(p, &step, group(2));
    }
    print_assignment_list(p, " shared_outs", args.get(rank..).unwrap_or(&[]), group(3));
    p.push(" ");
    if !data.results.is_empty() {
        p.push("-> (");
        p.types(&ctx.result_types(op));
        p.push(") ");
    }
    if let Some(&r) = data.regions.first() {
        p.region(r, false, !data.results.is_empty());
    }
    p.attr_dict(
        op,
        &[
            "operandSegmentSizes",
            "staticLowerBound",
            "staticUpperBound",
            "staticStep",
        ],
        false,
    );
}

fn verify_forall(ctx: &Context, op: OpId) -> Result<(), String> {
    let groups = segments(ctx, op, 4);
    let lb = i64_elements(ctx.attr(op, "staticLowerBound"));
    let ub = i64_elements(ctx.attr(op, "staticUpperBound"));
    let step = i64_elements(ctx.attr(op, "staticStep"));
    if lb.len() != ub.len() || step.len() != ub.len() {
        return Err("requires the same number of lower bounds, upper bounds and steps".into());
    }
    for (name, statics, dynamic) in [
        ("lower bound", &lb, groups.first()),
        ("upper bound", &ub, groups.get(1)),
        ("step", &step, groups.get(2)),
    ] {
        let n = statics.iter().filter(|&&v| v == DYNAMIC).count();
        if dynamic.map_or(0, Vec::len) != n {
            return Err(format!(
                "expected {n} dynamic {name} values, found {}",
                dynamic.map_or(0, Vec::len)
            ));
        }
    }
    let outs = ctx.types_of(groups.get(3).map(Vec::as_slice).unwrap_or(&[]));
    let results = ctx.result_types(op);
    if outs != results {
        return Err("expects the types of the outputs to match the results".into());
    }
    let args = ctx.types_of(&entry_args(ctx, op, 0));
    if args.len() != ub.len() + outs.len() {
        return Err(format!(
            "region expects {} arguments",
            ub.len() + outs.len()
        ));
    }
    let index_ok = args[..ub.len()]
        .iter()
        .all(|&t| matches!(ctx.type_kind(t), TypeKind::Index));
    if !index_ok {
        return Err("expects all induction variables to be of 'index' type".into());
    }
    if args[ub.len()..] != outs[..] {
        return Err("type mismatch between shared_outs and region arguments".into());
    }
    Ok(())
}

fn parse_in_parallel(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let r = new_region(p, state);
    p.parse_region(r, &[], false)?;
    if p.ctx().region(r).blocks.is_empty() {
        let b = p.ctx().create_block();
        p.ctx().append_block(r, b);
    }
    parse_attr_dict(p, state, &[])
}

fn print_in_parallel(p: &mut OpPrinter, op: OpId) {
    p.push(" ");
    if let Some(&r) = p.ctx.op(op).regions.first() {
        p.region(r, false, true);
    }
    p.attr_dict(op, &[], false);
}

fn verify_in_parallel(ctx: &Context, op: OpId) -> Result<(), String> {
    match ctx.parent_op(op) {
        Some(p) if ctx.kind(p) == OpKind::ScfForall => Ok(()),
        _ => Err("expects parent op 'scf.forall'".into()),
    }
}

// ------------------------------------------------------- scf.execute_region

fn parse_execute_region(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    state.result_types = parse_optional_arrow_types(p)?.into();
    if p.parse_optional_keyword("no_inline") {
        set_named_attr(&mut state.props, "no_inline", Attr::Unit);
    }
    let r = new_region(p, state);
    p.parse_region(r, &[], false)?;
    parse_attr_dict(p, state, &["no_inline"])
}

fn print_execute_region(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    print_optional_arrow_types(p, &ctx.result_types(op));
    p.push(" ");
    if ctx.attr(op, "no_inline").is_some() {
        p.push("no_inline ");
    }
    if let Some(&r) = ctx.op(op).regions.first() {
        p.region(r, false, true);
    }
    p.attr_dict(op, &["no_inline"], false);
}

fn verify_execute_region(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(&r) = ctx.op(op).regions.first() else {
        return Ok(());
    };
    if ctx.region(r).blocks.is_empty() {
        return Err("region needs to have at least one block".into());
    }
    if !entry_args(ctx, op, 0).is_empty() {
        return Err("region cannot have any arguments".into());
    }
    check_yields(ctx, op, r)
}

// ------------------------------------------------------------ scf.parallel

fn parse_parallel(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let ivs = parse_delimited_operands(p, "(", ")")?;
    p.expect_punct("=")?;
    let lbs = parse_delimited_operands(p, "(", ")")?;
    p.expect_keyword("to")?;
    let ubs = parse_delimited_operands(p, "(", ")")?;
    p.expect_keyword("step")?;
    let steps = parse_delimited_operands(p, "(", ")")?;
    let inits = if p.parse_optional_keyword("init") {
        parse_delimited_operands(p, "(", ")")?
    } else {
        Vec::new()
    };
    let result_types = parse_optional_arrow_types(p)?;
    let index = super::index(p.ctx());
    for group in [&lbs, &ubs, &steps] {
        resolve_all(p, state, group, &vec![index; group.len()])?;
    }
    resolve_all(p, state, &inits, &result_types)?;
    let args: Vec<Argument> = ivs.into_iter().map(|n| arg(n, index)).collect();
    let r = new_region(p, state);
    p.parse_region(r, &args, false)?;
    super::ensure_terminator(p.ctx(), r, OpKind::ScfReduce, &state.loc);
    parse_attr_dict(p, state, &[])?;
    let seg = i32_array(p.ctx(), &[lbs.len(), ubs.len(), steps.len(), inits.len()]);
    set_named_attr(&mut state.props, "operandSegmentSizes", seg);
    state.result_types = result_types.into();
    Ok(())
}

fn print_parallel(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let groups = segments(ctx, op, 4);
    let empty = Vec::new();
    let group = |i: usize| groups.get(i).unwrap_or(&empty);
    p.push(" (");
    p.operands(&entry_args(ctx, op, 0));
    p.push(") = (");
    p.operands(group(0));
    p.push(") to (");
    p.operands(group(1));
    p.push(") step (");
    p.operands(group(2));
    p.push(")");
    if !group(3).is_empty() {
        p.push(" init (");
        p.operands(group(3));
        p.push(")");
    }
    print_optional_arrow_types(p, &ctx.result_types(op));
    p.push(" ");
    if let Some(&r) = ctx.op(op).regions.first() {
        p.region(r, false, true);
    }
    p.attr_dict(op, &["operandSegmentSizes"], false);
}

fn verify_parallel(ctx: &Context, op: OpId) -> Result<(), String> {
    let groups = segments(ctx, op, 4);
    let n = groups.first().map_or(0, Vec::len);
    if n == 0 {
        return Err("needs at least one tuple element for lowerBound, upperBound and step".into());
    }
    if groups.get(1).map_or(0, Vec::len) != n || groups.get(2).map_or(0, Vec::len) != n {
        return Err("expects the same number of lower bounds, upper bounds and steps".into());
    }
    let args = entry_args(ctx, op, 0);
    if args.len() != n {
        return Err(format!(
            "expects the same number of induction variables: {} as bound and step values: {n}",
            args.len()
        ));
    }
    if args
        .iter()
        .any(|&a| !matches!(ctx.type_kind(ctx.value_type(a)), TypeKind::Index))
    {
        return Err("expects arguments for the induction variable to be of index type".into());
    }
    let inits = ctx.types_of(groups.get(3).map(Vec::as_slice).unwrap_or(&[]));
    let results = ctx.result_types(op);
    if inits != results {
        return Err("expects the types of the init values to match the results".into());
    }
    if let Some(t) = region_terminator(ctx, op, 0) {
        if ctx.kind(t) == OpKind::ScfReduce {
            let reduced = ctx.types_of(&ctx.op(t).operands);
            if reduced.len() != results.len() {
                return Err(format!(
                    "expects number of results: {} to be the same as number of reductions: {}",
                    results.len(),
                    reduced.len()
                ));
            }
            if reduced != results {
                return Err("expects the types of the reduced values to match the results".into());
            }
        }
    }
    Ok(())
}

// -------------------------------------------------------------- scf.reduce

fn parse_reduce(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    if p.parse_optional_punct("(") {
        let names = parse_operand_list(p)?;
        p.expect_punct(":")?;
        let tys = parse_type_list(p)?;
        p.expect_punct(")")?;
        resolve_all(p, state, &names, &tys)?;
    }
    if p.peek_region() {
        loop {
            let r = new_region(p, state);
            p.parse_region(r, &[], false)?;
            if !p.parse_optional_punct(",") {
                break;
            }
        }
    }
    parse_attr_dict(p, state, &[])
}

fn print_reduce(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    if !data.operands.is_empty() {
        p.push("(");
        p.operands(&data.operands);
        p.push(" : ");
        p.types(&ctx.types_of(&data.operands));
        p.push(")");
    }
    p.push(" ");
    for (i, &r) in data.regions.iter().enumerate() {
        if i > 0 {
            p.push(", ");
        }
        p.region(r, true, true);
    }
    p.attr_dict(op, &[], false);
}

fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    match ctx.parent_op(op) {
        Some(p) if ctx.kind(p) == OpKind::ScfParallel => {}
        _ => return Err("expects parent op 'scf.parallel'".into()),
    }
    if data.regions.len() != data.operands.len() {
        return Err(format!(
            "expects {} reduction regions, one per operand, but found {}",
            data.operands.len(),
            data.regions.len()
        ));
    }
    for (i, (&v, &r)) in data.operands.iter().zip(&data.regions).enumerate() {
        let t = ctx.value_type(v);
        let Some(&b) = ctx.region(r).blocks.first() else {
            return Err(format!("reduction region #{i} is empty"));
        };
        let args = ctx.types_of(&ctx.block(b).args);
        if args.len() != 2 || args.iter().any(|&a| a != t) {
            return Err(format!(
                "expected two block arguments with type {} in the reduction region #{i}",
                type_str(ctx, t)
            ));
        }
        if let Some(term) = ctx.block_terminator(b) {
            if ctx.kind(term) != OpKind::ScfReduceReturn {
                return Err(format!(
                    "reduction region #{i} must be terminated by 'scf.reduce.return'"
                ));
            }
        }
    }
    Ok(())
}

fn verify_reduce_return(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(reduce) = ctx.parent_op(op) else {
        return Ok(());
    };
    if ctx.kind(reduce) != OpKind::ScfReduce {
        return Err("expects parent op 'scf.reduce'".into());
    }
    let Some(region) = ctx.op(op).parent.and_then(|b| ctx.block(b).parent) else {
        return Ok(());
    };
    let data = ctx.op(reduce);
    let Some(i) = data.regions.iter().position(|&r| r == region) else {
        return Ok(());
    };
    if let (Some(&operand), Some(&v)) = (data.operands.get(i), ctx.op(op).operands.first()) {
        let expected = ctx.value_type(operand);
        if ctx.value_type(v) != expected {
            return Err(format!(
                "must have type {} (the type of the reduction inputs)",
                type_str(ctx, expected)
            ));
        }
    }
    Ok(())
}

// -------------------------------------------------------- scf.index_switch

fn parse_index_switch(p: &mut dyn AsmParser, state: &mut OperationState) -> PResult<()> {
    let arg_name = p.parse_operand()?;
    let index = super::index(p.ctx());
    resolve_all(p, state, &[arg_name], &[index])?;
    parse_attr_dict(p, state, &["cases"])?;
    if p.parse_optional_punct("->") {
        state.result_types = parse_type_list(p)?.into();
    }
    let default = new_region(p, state);
    let mut cases = Vec::new();
    while p.parse_optional_keyword("case") {
        let at = p.offset();
        let v = p.parse_integer()?;
        cases.push(i64::try_from(v).map_err(|_| p.error_at(at, "integer value too large"))?);
        let r = new_region(p, state);
        p.parse_region(r, &[], false)?;
    }
    p.expect_keyword("default")?;
    p.parse_region(default, &[], false)?;
    let a = i64_array(p.ctx(), &cases);
    set_named_attr(&mut state.props, "cases", a);
    Ok(())
}

fn print_index_switch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx;
    let data = ctx.op(op);
    p.push(" ");
    if let Some(&a) = data.operands.first() {
        p.operand(a);
    }
    p.attr_dict(op, &["cases"], false);
    if !data.results.is_empty() {
        p.push(" -> ");
        p.types(&ctx.result_types(op));
    }
    p.push(" ");
    let newline = op_newline(ctx, op);
    let cases = i64_elements(ctx.attr(op, "cases"));
    for (value, &r) in cases.iter().zip(data.regions.iter().skip(1)) {
        p.push(&newline);
        p.push(&format!("case {value} "));
        p.region(r, false, true);
    }
    p.push(&newline);
    p.push("default ");
    if let Some(&r) = data.regions.first() {
        p.region(r, false, !data.results.is_empty());
    }
}

fn verify_index_switch(ctx: &Context, op: OpId) -> Result<(), String> {
    let data = ctx.op(op);
    let cases = i64_elements(ctx.attr(op, "cases"));
    let n_case_regions = data.regions.len().saturating_sub(1);
    if cases.len() != n_case_regions {
        return Err(format!(
            "has {n_case_regions} case regions but {} case values",
            cases.len()
        ));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(dup) = cases.iter().find(|&&c| !seen.insert(c)) {
        return Err(format!("has duplicate case value: {dup}"));
    }
    let results = ctx.result_types(op);
    for (i, &r) in data.regions.iter().enumerate() {
        let what = if i == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", i - 1)
        };
        let Some(&b) = ctx.region(r).blocks.first() else {
            return Err(format!("{what} must have a block"));
        };
        match ctx.block_terminator(b) {
            Some(t) if ctx.kind(t) == OpKind::ScfYield => {
                let got = ctx.types_of(&ctx.op(t).operands);
                if got.len() != results.len() {
                    return Err(format!(
                        "expected each region to return {} values, but {what} returns {}",
                        results.len(),
                        got.len()
                    ));
                }
                if let Some(j) = got.iter().zip(&results).position(|(a, b)| a != b) {
                    return Err(format!(
                        "expected result #{j} of each region to be {}",
                        type_str(ctx, results[j])
                    ));
                }
            }
            _ => return Err(format!("expected {what} to end with `scf.yield`")),
        }
    }
    Ok(())
}
