//! `convert-shape-to-std{failure=status}`: checks that return a status
//! instead of aborting.
//!
//! Each function that checks something (a `cf.assert`, or a call of a
//! function that does), and each function of a shape library, gets a
//! leading `i32` result: `0` on success, else the 1-based number of the
//! check that failed first, in the order the checks appear in the function.
//! The function carries its table of messages, code `k` at position `k - 1`,
//! as `shape_opt.failure_messages = ["...", ...]`.
//!
//! The checks are tested in groups. Consecutive asserts with only
//! speculatable ops between them (no effect, no undefined behaviour on any
//! operands: see `speculate`) form one group, tested at its last assert by
//! the conjunction of their conditions; the failing check's number is
//! computed from the conditions (a chain of `arith.select`s, the first
//! failure winning) only where the group failed. A call of a function that
//! returns a status is a group of its own: a status `s != 0` of the callee
//! is the caller's code `s + n`, where the callee's table sits after the
//! caller's first `n` messages.
//!
//! What follows a group in its block counts only when the group passed.
//! When those ops are all speculatable, they stay where they are and the
//! block's `return` selects the status and gives the results they compute
//! (no branch): a caller reads no result of a failed call, and computing
//! them did nothing undefined. Otherwise they move into the `then` region
//! of an `scf.if` on the conjunction, whose `else` yields the code and the
//! placeholders, so nothing a check guards runs once it has failed. The
//! placeholders are `0` for integers, `index` and floats, `dense<0>` for a
//! tensor of static shape (of integers or floats), an empty tensor (every
//! dynamic extent 0) for any other ranked tensor, that cast to the
//! unranked type for an unranked one, and `ub.poison` for a result of any
//! other type (memrefs, vectors, types of other dialects): a caller reads
//! no result of a failed call, so no function is refused for the types it
//! returns. A function that checks nothing keeps straight-line code and
//! returns `0`.
//!
//! A call already written with the status (a host calling the function
//! through a declaration of its status signature) is left as it is, and
//! does not make its caller return a status. A check inside a nested
//! region (`scf.if`, `scf.for`) cannot return from its function: such a
//! function is an error at the check.

use super::speculate::speculatable_between;
use analysis::call_graph::{CallGraph, Symbols};
use analysis::ranks::constant_int;
use diag::Diagnostic;
use ir::attrs::{DenseValues, Scalar};
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::func::{function_type, FAILURE_MESSAGES};
use ir::{Attr, BlockId, Context, OpId, OpKind, Type, TypeKind, ValueId};
use pass::error_at;
use rustc_hash::{FxHashMap, FxHashSet};

/// Give a status to every function of `functions` (the functions with a
/// body under `root`) that checks something or is one of `library`.
pub fn return_statuses(
    ctx: &mut Context,
    root: OpId,
    functions: &[OpId],
    library: &FxHashSet<OpId>,
) -> Result<(), Diagnostic> {
    let by_name: FxHashMap<String, OpId> = functions
        .iter()
        .filter_map(|&f| Some((symbol(ctx, f)?.to_string(), f)))
        .collect();
    let original: FxHashMap<OpId, Vec<Type>> = functions
        .iter()
        .map(|&f| (f, function_type(ctx, f).unwrap_or_default().1))
        .collect();
    // Callees first: a caller's table holds its callees'.
    let order = callees_first(ctx, root, functions, &by_name)?;
    let mut tables: FxHashMap<OpId, Vec<Attr>> = FxHashMap::default();
    for f in order {
        erase_asserts_that_hold(ctx, f);
        let checks = checks_of(ctx, f, &by_name, &original, &tables);
        if checks.is_empty() && !library.contains(&f) {
            continue;
        }
        let table = rewrite(ctx, f, &checks, &tables)?;
        tables.insert(f, table);
    }
    Ok(())
}

/// A check of a function: a `cf.assert`, or a call of a function that
/// returns a status.
#[derive(Clone, Copy)]
enum Check {
    Assert(OpId),
    Call { call: OpId, callee: OpId },
}

fn symbol(ctx: &Context, f: OpId) -> Option<&str> {
    ctx.attr(f, "sym_name").and_then(Attr::as_str)
}

/// The function `call` calls, among `by_name`.
fn callee(ctx: &Context, call: OpId, by_name: &FxHashMap<String, OpId>) -> Option<OpId> {
    let name = ctx.attr(call, "callee").and_then(Attr::as_symbol)?;
    by_name.get(name).copied()
}

/// `functions` ordered so that each comes after the functions it calls
/// (the call graph's components under `root`, callees first); a recursive
/// call among them is an error at it (a status table would hold itself).
fn callees_first(
    ctx: &Context,
    root: OpId,
    functions: &[OpId],
    by_name: &FxHashMap<String, OpId>,
) -> Result<Vec<OpId>, Diagnostic> {
    let graph = CallGraph::build(ctx, root, &mut Symbols::default());
    let wanted: FxHashSet<OpId> = functions.iter().copied().collect();
    let mut order = Vec::new();
    for component in graph.components() {
        let members: Vec<OpId> = component
            .iter()
            .filter_map(|&n| graph.nodes[n].op)
            .filter(|f| wanted.contains(f))
            .collect();
        for &f in &members {
            if let Some(call) = call_within(ctx, f, &members, by_name) {
                let message =
                    "status mode: a recursive call cannot return a status table of its own";
                return Err(error_at(ctx, call, message));
            }
        }
        order.extend(members);
    }
    // Functions the graph does not reach keep their place, after the rest.
    let placed: FxHashSet<OpId> = order.iter().copied().collect();
    order.extend(functions.iter().filter(|f| !placed.contains(f)));
    Ok(order)
}

/// A call in `f` of one of `component` (the functions of its call-graph
/// component, `f` included): a recursive call.
fn call_within(
    ctx: &Context,
    f: OpId,
    component: &[OpId],
    by_name: &FxHashMap<String, OpId>,
) -> Option<OpId> {
    let mut found = None;
    ctx.walk_nested(f, &mut |o| {
        if found.is_none()
            && ctx.kind(o) == OpKind::FuncCall
            && callee(ctx, o, by_name).is_some_and(|g| component.contains(&g))
        {
            found = Some(o);
        }
    });
    found
}

/// The checks of `f`, in the order they appear: its asserts, and its calls
/// of functions given a status (`tables`) that do not already take it.
fn checks_of(
    ctx: &Context,
    f: OpId,
    by_name: &FxHashMap<String, OpId>,
    original: &FxHashMap<OpId, Vec<Type>>,
    tables: &FxHashMap<OpId, Vec<Attr>>,
) -> Vec<Check> {
    let mut checks = Vec::new();
    ctx.walk_nested(f, &mut |o| match ctx.kind(o) {
        OpKind::CfAssert => checks.push(Check::Assert(o)),
        OpKind::FuncCall => {
            let Some(g) = callee(ctx, o, by_name).filter(|g| tables.contains_key(g)) else {
                return;
            };
            if original.get(&g) == Some(&ctx.types_of(&ctx.op(o).results)) {
                checks.push(Check::Call { call: o, callee: g });
            }
        }
        // No other op fails: in std form only asserts and calls can.
        ir::arith_ops!()
        | ir::bufferization_ops!()
        | ir::builtin_ops!()
        | OpKind::CfBr
        | OpKind::CfCondBr
        | OpKind::CfSwitch
        | OpKind::FuncCallIndirect
        | OpKind::FuncConstant
        | OpKind::FuncFunc
        | OpKind::FuncReturn
        | ir::math_ops!()
        | ir::memref_ops!()
        | ir::scf_ops!()
        | ir::shape_ops!()
        | ir::tensor_ops!()
        | ir::ub_ops!()
        | OpKind::Unregistered => {}
    });
    checks
}

/// Erase the `cf.assert`s in `f` of the constant true: they never fail,
/// and take no number.
fn erase_asserts_that_hold(ctx: &mut Context, f: OpId) {
    let mut holding = Vec::new();
    ctx.walk_nested(f, &mut |o| {
        let condition = ctx.op(o).operands.first().copied();
        if ctx.kind(o) == OpKind::CfAssert
            && condition.is_some_and(|c| constant_int(ctx, c) == Some(1))
        {
            holding.push(o);
        }
    });
    for o in holding {
        ctx.erase_op(o);
    }
}

/// Give `f` its status: returns the table of messages.
fn rewrite(
    ctx: &mut Context,
    f: OpId,
    checks: &[Check],
    tables: &FxHashMap<OpId, Vec<Attr>>,
) -> Result<Vec<Attr>, Diagnostic> {
    let body = ctx.op(f).regions.first().copied();
    let entry = body.and_then(|r| ctx.region(r).blocks.first().copied());
    let (Some(body), Some(entry)) = (body, entry) else {
        return Ok(Vec::new());
    };
    for check in checks {
        let op = match *check {
            Check::Assert(op) | Check::Call { call: op, .. } => op,
        };
        if ctx.op(op).parent.and_then(|b| ctx.block(b).parent) != Some(body) {
            let message =
                "status mode: a check inside a nested region cannot return from its function";
            return Err(error_at(ctx, op, message));
        }
    }
    let (inputs, results) = function_type(ctx, f).unwrap_or_default();
    let i32 = ir::dialect::i32(ctx);
    let zero = constant_before(ctx, entry, 0, i32);
    // Every return gives the status 0 first.
    let mut returns = Vec::new();
    ctx.walk_nested(f, &mut |o| {
        if ctx.kind(o) == OpKind::FuncReturn {
            returns.push(o);
        }
    });
    for r in returns {
        let mut operands = vec![zero];
        operands.extend(ctx.op(r).operands.iter().copied());
        ctx.set_operands(r, &operands);
    }
    let mut placeholders = Placeholders {
        f,
        entry,
        results: results.clone(),
        made: None,
    };
    let mut with_status = vec![i32];
    with_status.extend(results.iter().copied());
    let mut table = Vec::new();
    for group in groups(ctx, checks) {
        match group {
            Group::Asserts(asserts) => {
                let mut failures = Vec::with_capacity(asserts.len());
                for &assert in &asserts {
                    let message = ctx.attr(assert, "msg").cloned();
                    table.push(message.unwrap_or(Attr::String(Vec::new())));
                    let code = constant_before(ctx, entry, table.len() as i128, i32);
                    failures.push(Failure {
                        passed: ctx.op(assert).operands[0],
                        code,
                    });
                }
                let last = asserts[asserts.len() - 1];
                guard_rest(ctx, last, &failures, &mut placeholders, &with_status)?;
                for &assert in &asserts {
                    ctx.erase_op(assert);
                }
            }
            Group::Call { call, callee } => {
                let offset = table.len() as i128;
                table.extend(tables.get(&callee).cloned().unwrap_or_default());
                let (status, call) = call_with_status(ctx, call, i32);
                let next = ctx.op(call).next;
                let Some(next) = next else {
                    return Err(error_at(
                        ctx,
                        call,
                        "status mode: a call that ends its block",
                    ));
                };
                let mut b = OpBuilder::before(ctx, next);
                let passed = b.cmpi(ir::dialect::arith::CmpIPredicate::Eq, status, zero);
                let shift = b.constant_int(offset, i32);
                let code = b.build1(OpKind::ArithAddi, &[status, shift], i32, vec![]);
                let failure = Failure { passed, code };
                guard_rest(
                    ctx,
                    code_op(ctx, code),
                    &[failure],
                    &mut placeholders,
                    &with_status,
                )?;
            }
        }
    }
    finish(ctx, f, inputs, with_status, table)
}

/// A check as the guard reads it: whether it passed, and its code.
#[derive(Clone, Copy)]
struct Failure {
    passed: ValueId,
    code: ValueId,
}

/// Checks tested together: consecutive asserts with only speculatable ops
/// between them (so every condition can be computed before any is
/// tested), or one call of a function that returns a status.
enum Group {
    Asserts(Vec<OpId>),
    Call { call: OpId, callee: OpId },
}

/// `checks` in groups, in order.
fn groups(ctx: &Context, checks: &[Check]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for &check in checks {
        match (check, groups.last_mut()) {
            (Check::Assert(assert), Some(Group::Asserts(asserts)))
                if asserts
                    .last()
                    .is_some_and(|&prev| speculatable_between(ctx, prev, Some(assert))) =>
            {
                asserts.push(assert);
            }
            (Check::Assert(assert), _) => groups.push(Group::Asserts(vec![assert])),
            (Check::Call { call, callee }, _) => groups.push(Group::Call { call, callee }),
        }
    }
    groups
}

/// The conjunction of the `failures`' conditions (at least one), made
/// before `at`.
fn conjunction(ctx: &mut Context, at: OpId, failures: &[Failure]) -> ValueId {
    let mut b = OpBuilder::before(ctx, at);
    let i1 = ir::dialect::i1(b.ctx);
    let first = failures[0].passed;
    failures[1..].iter().fold(first, |all, f| {
        b.build1(OpKind::ArithAndi, &[all, f.passed], i1, vec![])
    })
}

/// The status of `failures` tested in order: the code of the first whose
/// condition does not hold, else `passed` (a `select` a check).
fn first_failure(b: &mut OpBuilder, failures: &[Failure], passed: ValueId) -> ValueId {
    let i32 = ir::dialect::i32(b.ctx);
    failures.iter().rev().fold(passed, |status, f| {
        b.build1(
            OpKind::ArithSelect,
            &[f.passed, status, f.code],
            i32,
            vec![],
        )
    })
}

/// The op defining `value` (an op result).
fn code_op(ctx: &Context, value: ValueId) -> OpId {
    ctx.defining_op(value)
        .unwrap_or_else(|| unreachable!("a code is an op's result"))
}

/// Make the ops after `op` in its block count only when the `failures`'
/// conditions all hold, the block's
/// terminator (a `func.return` or `scf.yield` of the status and results)
/// giving the code of the first failure otherwise.
///
/// When those ops are all speculatable, they stay where they are: the
/// terminator selects the status and gives the results they compute,
/// which a caller does not read on failure (no branch). Otherwise they
/// move into the `then` region of an `scf.if` on their conjunction whose
/// `else` computes the failing code (the cold path) and yields it with
/// the placeholders.
fn guard_rest(
    ctx: &mut Context,
    op: OpId,
    failures: &[Failure],
    placeholders: &mut Placeholders,
    types: &[Type],
) -> Result<(), Diagnostic> {
    let Some(block) = ctx.op(op).parent else {
        return Ok(());
    };
    let terminator = ctx.block_terminator(block);
    let kind = terminator.map(|t| ctx.kind(t));
    let (Some(terminator), Some(kind @ (OpKind::FuncReturn | OpKind::ScfYield))) =
        (terminator, kind)
    else {
        let message = "status mode: a check in a block that does not end in a return";
        return Err(error_at(ctx, op, message));
    };
    let loc = ctx.op(op).loc.clone();
    let mut values = ctx.op(terminator).operands.to_vec();
    if speculatable_between(ctx, op, None) {
        let mut b = OpBuilder::new(ctx, InsertPoint::Before(terminator), loc);
        values[0] = first_failure(&mut b, failures, values[0]);
        ctx.set_operands(terminator, &values);
        return Ok(());
    }
    let passed = conjunction(ctx, op, failures);
    let placeholders = placeholders.values(ctx);
    let rest = ctx
        .split_block_after(op)
        .unwrap_or_else(|| unreachable!("a check is followed by its block's terminator"));
    ctx.detach_block(rest);
    let then = ctx.create_region();
    ctx.append_block(then, rest);
    ctx.erase_op(terminator);
    OpBuilder::new(ctx, InsertPoint::End(rest), loc.clone()).build(
        OpKind::ScfYield,
        &values,
        &[],
        vec![],
        vec![],
    );
    let otherwise = ctx.create_region();
    let failed = ctx.create_block();
    ctx.append_block(otherwise, failed);
    let mut cold = OpBuilder::new(ctx, InsertPoint::End(failed), loc.clone());
    let last = failures[failures.len() - 1];
    let code = first_failure(&mut cold, &failures[..failures.len() - 1], last.code);
    let mut failure = vec![code];
    failure.extend_from_slice(&placeholders);
    cold.build(OpKind::ScfYield, &failure, &[], vec![], vec![]);
    let mut b = OpBuilder::new(ctx, InsertPoint::End(block), loc);
    let guarded = b.build(
        OpKind::ScfIf,
        &[passed],
        types,
        vec![],
        vec![then, otherwise],
    );
    b.build(kind, &guarded, &[], vec![], vec![]);
    Ok(())
}

/// Give `f` the signature with the leading status and its `table`.
fn finish(
    ctx: &mut Context,
    f: OpId,
    inputs: Vec<Type>,
    with_status: Vec<Type>,
    table: Vec<Attr>,
) -> Result<Vec<Attr>, Diagnostic> {
    let signature = ctx.intern_type(TypeKind::Function {
        inputs,
        results: with_status,
    });
    ctx.set_prop(f, "function_type", Attr::Type(signature));
    ctx.set_discardable_attr(f, FAILURE_MESSAGES, Attr::Array(table.clone()));
    Ok(table)
}

/// `arith.constant value : ty` at the start of `entry` (after the constants
/// already there).
fn constant_before(ctx: &mut Context, entry: BlockId, value: i128, ty: Type) -> ValueId {
    let first = ctx.block(entry).first;
    let at = first.map_or(InsertPoint::End(entry), InsertPoint::Before);
    let loc = first.map(|o| ctx.op(o).loc.clone()).unwrap_or_default();
    OpBuilder::new(ctx, at, loc).constant_int(value, ty)
}

/// Replace `call` by the same call with a leading `i32` result; the status
/// and the new call.
fn call_with_status(ctx: &mut Context, call: OpId, i32: Type) -> (ValueId, OpId) {
    let data = ctx.op(call).clone();
    let mut types = vec![i32];
    types.extend(ctx.types_of(&data.results));
    let mut state = ir::OperationState::new(OpKind::FuncCall, data.loc.clone());
    state.operands = data.operands.clone();
    state.result_types = types.into();
    state.props = data.props.clone();
    state.attrs = data.attrs.clone();
    let new = InsertPoint::Before(call).insert(ctx, state);
    let new_results = ctx.op(new).results.clone();
    for (old, new) in data.results.iter().zip(new_results.iter().skip(1)) {
        ctx.replace_all_uses(*old, *new);
    }
    ctx.erase_op(call);
    (new_results[0], new)
}

/// The placeholders of the results of function `f` (whose entry block is
/// `entry`), made at the start of `entry` the first time a guard needs
/// them.
struct Placeholders {
    f: OpId,
    entry: BlockId,
    results: Vec<Type>,
    made: Option<Vec<ValueId>>,
}

impl Placeholders {
    fn values(&mut self, ctx: &mut Context) -> Vec<ValueId> {
        if let Some(made) = &self.made {
            return made.clone();
        }
        let first = ctx.block(self.entry).first;
        let at = first.map_or(InsertPoint::End(self.entry), InsertPoint::Before);
        let loc = ctx.op(self.f).loc.clone();
        let mut b = OpBuilder::new(ctx, at, loc);
        let made: Vec<ValueId> = self
            .results
            .iter()
            .map(|&ty| match placeholder(&mut b, ty) {
                Some(value) => value,
                None => b.build1(OpKind::UbPoison, &[], ty, vec![]),
            })
            .collect();
        self.made = Some(made.clone());
        made
    }
}

/// The zero-like placeholder of type `ty`, if it has one (integers,
/// floats, tensors of them); every other type gets `ub.poison`.
fn placeholder(b: &mut OpBuilder, ty: Type) -> Option<ValueId> {
    let kind = b.ctx.type_kind(ty).clone();
    match kind {
        TypeKind::Index | TypeKind::Integer { .. } => Some(b.constant_int(0, ty)),
        TypeKind::Float(_) => Some(b.build1(
            OpKind::ArithConstant,
            &[],
            ty,
            vec![("value", Attr::Float { bits: 0, ty })],
        )),
        TypeKind::RankedTensor { shape, elem, .. } if shape.iter().all(|&d| d >= 0) => {
            let zero = match b.ctx.type_kind(elem) {
                TypeKind::Index | TypeKind::Integer { .. } => Scalar::Int(0),
                TypeKind::Float(_) => Scalar::float(0.0),
                _ => return None,
            };
            let values = DenseValues::Splat(zero);
            Some(b.build1(
                OpKind::ArithConstant,
                &[],
                ty,
                vec![("value", Attr::Dense { ty, values })],
            ))
        }
        TypeKind::RankedTensor { shape, .. } => {
            let dynamic = shape.iter().filter(|&&d| d < 0).count();
            let zero = b.constant_index(0);
            Some(b.build1(OpKind::TensorEmpty, &vec![zero; dynamic], ty, vec![]))
        }
        TypeKind::UnrankedTensor { elem } => {
            let ranked = b.ctx.intern_type(TypeKind::RankedTensor {
                shape: vec![0],
                elem,
                encoding: None,
            });
            let empty = b.build1(OpKind::TensorEmpty, &[], ranked, vec![]);
            Some(b.build1(OpKind::TensorCast, &[empty], ty, vec![]))
        }
        _ => None,
    }
}
