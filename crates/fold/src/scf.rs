//! Folders and canonicalization patterns of the `scf` dialect (MLIR's
//! `scf.if`, `scf.for`, `scf.while`, `scf.execute_region` and
//! `scf.index_switch` canonicalizers), beside the patterns every region
//! branch op gets (`region_branch`).
//!
//! - `scf.if`: a negated condition swaps the branches (fold); consecutive
//!   `scf.if`s on one condition (or its negation) merge; an `scf.if` whose
//!   then-block is only another `scf.if` takes the conjunction; uses of the
//!   condition inside a branch read the constant it has there; results
//!   whose yields come from outside become `arith.select`s (or the value
//!   both yield); an empty `else` goes; a constant condition inlines the
//!   branch taken; results yielding `true`/`false` become the condition or
//!   its negation.
//! - `scf.for`: a loop that runs zero times is its initial values, once is
//!   its body, and an empty loop yielding values from outside is those
//!   values (trip counts as MLIR computes them, on constant bounds or an
//!   upper bound `addi %lb, c` without wrap-around).
//! - `scf.while`: the after region knows the condition held (a forwarded
//!   condition is `true`, a comparison it repeats is decided); condition
//!   arguments that are the before block's arguments in another order are
//!   put in order.
//! - `scf.execute_region` (not `no_inline`): a single block is inlined; in a
//!   function (or another `scf.execute_region`) several blocks become
//!   branches to a block taking the results.
//! - `scf.index_switch` on a constant inlines the case taken.
//!
//! Declines unknown trip counts, zero or negative steps, and everything the
//! corresponding MLIR pattern declines; new ops keep no discardable
//! attribute where MLIR builds them afresh.

use crate::{bool_constant, constant_int, constant_value, int_width, is_one, region_branch};
use crate::{unsigned, Folded, Rewriter};
use ir::dialect::arith::CmpIPredicate;
use ir::{Attr, BlockId, Context, Location, OpId, OpKind, OperationState, RegionId, Type, ValueId};

pub(crate) fn fold(ctx: &mut Context, op: OpId, kind: OpKind) -> Option<Folded> {
    match kind {
        OpKind::ScfIf => swap_negated_if(ctx, op),
        _ => None,
    }
}

pub fn apply_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    let own = match kind {
        OpKind::ScfIf => {
            combine_ifs(rw, op)
                || combine_nested_ifs(rw, op)
                || propagate_condition(rw, op)
                || trivial_if_to_select(rw, op)
                || remove_empty_else(rw, op)
                || remove_static_condition(rw, op)
                || yield_condition_or_value(rw, op)
        }
        OpKind::ScfFor => simplify_trivial_loop(rw, op),
        OpKind::ScfWhile => {
            forward_condition_truth(rw, op)
                || decide_repeated_comparison(rw, op)
                || align_before_args(rw, op)
                || move_if_down(rw, op)
        }
        OpKind::ScfExecuteRegion => inline_single_block(rw, op) || inline_blocks(rw, op),
        OpKind::ScfIndexSwitch => fold_constant_case(rw, op),
        _ => false,
    };
    own || (region_branch::is_region_branch(kind) && region_branch::apply_patterns(rw, op))
}

// ---------------------------------------------------------------- helpers

fn region(ctx: &Context, op: OpId, i: usize) -> Option<RegionId> {
    ctx.op(op).regions.get(i).copied()
}

/// The single block of region `i` of `op`.
fn block(ctx: &Context, op: OpId, i: usize) -> Option<BlockId> {
    match ctx.region(region(ctx, op, i)?).blocks[..] {
        [b] => Some(b),
        _ => None,
    }
}

/// The terminator of `block` if it is of kind `kind`.
fn terminator(ctx: &Context, block: BlockId, kind: OpKind) -> Option<OpId> {
    ctx.block_terminator(block).filter(|&t| ctx.kind(t) == kind)
}

fn results(ctx: &Context, op: OpId) -> Vec<ValueId> {
    ctx.op(op).results.to_vec()
}

fn operands(ctx: &Context, op: OpId) -> Vec<ValueId> {
    ctx.op(op).operands.to_vec()
}

fn loc(ctx: &Context, op: OpId) -> Location {
    ctx.op(op).loc.clone()
}

/// True if `v` is defined in region `r` itself (not deeper).
fn defined_in(ctx: &Context, v: ValueId, r: RegionId) -> bool {
    ctx.value_block(v)
        .is_some_and(|b| ctx.block(b).parent == Some(r))
}

/// Create, right before `anchor`, an op of kind `kind` of `operands` and
/// result types, with two new empty regions; returns it and its regions.
fn create_with_regions(
    rw: &mut Rewriter,
    anchor: OpId,
    kind: OpKind,
    loc: Location,
    operands: &[ValueId],
    types: Vec<Type>,
) -> (OpId, [RegionId; 2]) {
    let regions = [rw.ctx.create_region(), rw.ctx.create_region()];
    let mut state = OperationState::new(kind, loc);
    state.operands = operands.iter().copied().collect();
    state.result_types = types.into();
    state.regions = regions.into();
    (rw.create_before(anchor, state), regions)
}

fn create_value(
    rw: &mut Rewriter,
    anchor: OpId,
    kind: OpKind,
    loc: Location,
    operands: &[ValueId],
) -> ValueId {
    let ty = rw.ctx.value_type(operands[operands.len() - 1]);
    let mut state = OperationState::new(kind, loc);
    state.operands = operands.iter().copied().collect();
    state.result_types = ir::TypeList::from_slice(&[ty]);
    let op = rw.create_before(anchor, state);
    rw.ctx.op(op).results[0]
}

/// Create `scf.yield` of `values` at the end of `block`.
fn append_yield(rw: &mut Rewriter, block: BlockId, loc: Location, values: &[ValueId]) {
    let mut state = OperationState::new(OpKind::ScfYield, loc);
    state.operands = values.iter().copied().collect();
    rw.create_at_end(block, state);
}

/// Replace the `scf.yield` `y` by one of `values` (at the end of its block).
fn replace_yield(rw: &mut Rewriter, y: OpId, values: &[ValueId]) {
    let Some(block) = rw.ctx.op(y).parent else {
        return;
    };
    let l = loc(rw.ctx, y);
    append_yield(rw, block, l, values);
    rw.erase_op(y);
}

/// The types of `values`.
fn types(ctx: &Context, values: &[ValueId]) -> Vec<Type> {
    values.iter().map(|&v| ctx.value_type(v)).collect()
}

/// Inline the single block of `r` before `op` (its arguments taking
/// `args`) and replace `op` by what its terminator yields (MLIR's
/// `replaceOpWithRegion`).
pub(crate) fn replace_op_with_region(
    rw: &mut Rewriter,
    op: OpId,
    r: RegionId,
    args: &[ValueId],
) -> bool {
    let &[b] = &rw.ctx.region(r).blocks[..] else {
        return false;
    };
    let Some(t) = rw.ctx.block_terminator(b) else {
        return false;
    };
    let values = operands(rw.ctx, t);
    if values.len() != rw.ctx.op(op).results.len() {
        return false;
    }
    rw.inline_block_before(b, op, args);
    rw.replace_op_with_values(op, &values);
    rw.erase_op(t);
    true
}

// ------------------------------------------------------------------ scf.if

/// `scf.if (xori %c, true)` swaps its branches and tests `%c`.
fn swap_negated_if(ctx: &mut Context, op: OpId) -> Option<Folded> {
    let (then_r, else_r) = (region(ctx, op, 0)?, region(ctx, op, 1)?);
    if ctx.region(else_r).blocks.is_empty() {
        return None;
    }
    let xor = ctx
        .defining_op(ctx.operand(op, 0)?)
        .filter(|&x| ctx.kind(x) == OpKind::ArithXori)?;
    let &[lhs, rhs] = &ctx.op(xor).operands[..] else {
        return None;
    };
    if !is_one(ctx, rhs) {
        return None;
    }
    ctx.set_operand(op, 0, lhs);
    let then_blocks = ctx.region(then_r).blocks.clone();
    for (i, b) in ctx.region(else_r).blocks.clone().into_iter().enumerate() {
        ctx.insert_block_at(then_r, i, b);
    }
    for (i, b) in then_blocks.into_iter().enumerate() {
        ctx.insert_block_at(else_r, i, b);
    }
    Some(Folded::InPlace)
}

/// An `scf.if` taken apart.
struct If {
    cond: ValueId,
    then_r: RegionId,
    else_r: RegionId,
}

fn as_if(ctx: &Context, op: OpId) -> Option<If> {
    if ctx.kind(op) != OpKind::ScfIf {
        return None;
    }
    Some(If {
        cond: ctx.operand(op, 0)?,
        then_r: region(ctx, op, 0)?,
        else_r: region(ctx, op, 1)?,
    })
}

/// The last block of `r` (MLIR's `thenBlock`/`elseBlock`), if any.
fn last_block(ctx: &Context, r: RegionId) -> Option<BlockId> {
    ctx.region(r).blocks.last().copied()
}

fn yield_in(ctx: &Context, r: RegionId) -> Option<OpId> {
    terminator(ctx, last_block(ctx, r)?, OpKind::ScfYield)
}

/// `op` as an `scf.if` with results, and the `scf.yield`s ending its
/// `then` and `else` regions.
fn if_with_results(ctx: &Context, op: OpId) -> Option<(If, [OpId; 2])> {
    let o = as_if(ctx, op)?;
    if ctx.op(op).results.is_empty() {
        return None;
    }
    let yields = [yield_in(ctx, o.then_r)?, yield_in(ctx, o.else_r)?];
    Some((o, yields))
}

/// `xori %x, true` negating `of`.
fn negates(ctx: &Context, v: ValueId, of: ValueId) -> bool {
    ctx.defining_op(v)
        .filter(|&x| ctx.kind(x) == OpKind::ArithXori)
        .is_some_and(|x| match ctx.op(x).operands[..] {
            [l, r] => l == of && is_one(ctx, r),
            _ => false,
        })
}

/// Two adjacent `scf.if`s on one condition (or its negation) merge.
fn combine_ifs(rw: &mut Rewriter, next: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(prev) = ctx.op(next).prev else {
        return false;
    };
    let (Some(n), Some(p)) = (as_if(ctx, next), as_if(ctx, prev)) else {
        return false;
    };
    let next_else = last_block(ctx, n.else_r);
    let (mut next_then_b, mut next_else_b) = (None, None);
    if n.cond == p.cond {
        next_then_b = last_block(ctx, n.then_r);
        next_else_b = next_else;
    }
    if negates(ctx, n.cond, p.cond) || negates(ctx, p.cond, n.cond) {
        next_else_b = last_block(ctx, n.then_r);
        next_then_b = next_else;
    }
    if next_then_b.is_none() && next_else_b.is_none() {
        return false;
    }
    // Uses of the first if's results inside the second read its yields.
    if let (Some(py), Some(pe)) = (yield_in(ctx, p.then_r), yield_in(ctx, p.else_r)) {
        let (ty, ey) = (operands(ctx, py), operands(ctx, pe));
        let regions = |b: Option<BlockId>| b.and_then(|b| ctx.block(b).parent);
        let (then_reg, else_reg) = (regions(next_then_b), regions(next_else_b));
        let mut updates = Vec::new();
        for ((r, t), e) in results(ctx, prev).into_iter().zip(ty).zip(ey) {
            for u in ctx.value(r).uses.iter().rev() {
                let inside =
                    |reg: Option<RegionId>| reg.is_some_and(|reg| region_contains(ctx, reg, u.op));
                if inside(then_reg) {
                    updates.push((*u, t));
                } else if inside(else_reg) {
                    updates.push((*u, e));
                }
            }
        }
        for (u, v) in updates {
            rw.ctx.set_operand(u.op, u.operand as usize, v);
            rw.modified(u.op);
        }
    }
    let ctx = &*rw.ctx;
    let mut merged_types = types(ctx, &results(ctx, prev));
    merged_types.extend(types(ctx, &results(ctx, next)));
    let l = loc(ctx, next);
    let (combined, [c_then, c_else]) =
        create_with_regions(rw, next, OpKind::ScfIf, l, &[p.cond], merged_types);
    rw.inline_region_before(p.then_r, c_then, None);
    if let Some(nt) = next_then_b {
        merge_branch(rw, nt, c_then);
    }
    rw.inline_region_before(p.else_r, c_else, None);
    if let Some(ne) = next_else_b {
        if rw.ctx.region(c_else).blocks.is_empty() {
            if let Some(r) = rw.ctx.block(ne).parent {
                rw.inline_region_before(r, c_else, None);
            }
        } else {
            merge_branch(rw, ne, c_else);
        }
    }
    let all = results(rw.ctx, combined);
    let n_prev = rw.ctx.op(prev).results.len();
    rw.replace_op_with_values(prev, &all[..n_prev]);
    rw.replace_op_with_values(next, &all[n_prev..]);
    true
}

/// True if `op` sits in region `r` at any depth.
fn region_contains(ctx: &Context, r: RegionId, mut op: OpId) -> bool {
    loop {
        let Some(b) = ctx.op(op).parent else {
            return false;
        };
        if ctx.block(b).parent == Some(r) {
            return true;
        }
        match ctx.block_parent_op(b) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

/// Append the ops of `src` (ending in a yield) to the last block of `dest`
/// (ending in a yield too): one yield of both lists ends the result.
fn merge_branch(rw: &mut Rewriter, src: BlockId, dest: RegionId) {
    let Some(db) = last_block(rw.ctx, dest) else {
        return;
    };
    let (Some(y1), Some(y2)) = (
        terminator(rw.ctx, db, OpKind::ScfYield),
        terminator(rw.ctx, src, OpKind::ScfYield),
    ) else {
        return;
    };
    rw.merge_blocks(src, db, &[]);
    let mut values = operands(rw.ctx, y1);
    values.extend(operands(rw.ctx, y2));
    let l = loc(rw.ctx, y2);
    append_yield(rw, db, l, &values);
    rw.erase_op(y1);
    rw.erase_op(y2);
}

/// `scf.if %a { scf.if %b {...} }` becomes `scf.if (andi %a, %b) {...}`.
fn combine_nested_ifs(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(o) = as_if(ctx, op) else {
        return false;
    };
    let Some(then_b) = last_block(ctx, o.then_r) else {
        return false;
    };
    let Some(nested) = ctx.block(then_b).first else {
        return false;
    };
    let Some(outer_then_yield) = terminator(ctx, then_b, OpKind::ScfYield) else {
        return false;
    };
    if ctx.op(nested).next != Some(outer_then_yield) {
        return false;
    }
    let else_b = last_block(ctx, o.else_r);
    let only_yield = |b: BlockId| ctx.block(b).first == ctx.block_terminator(b);
    if else_b.is_some_and(|b| !only_yield(b)) {
        return false;
    }
    let Some(n) = as_if(ctx, nested) else {
        return false;
    };
    let nested_else = last_block(ctx, n.else_r);
    if nested_else.is_some_and(|b| !only_yield(b)) {
        return false;
    }
    let mut then_yield = operands(ctx, outer_then_yield);
    let else_yield = match else_b.and_then(|b| terminator(ctx, b, OpKind::ScfYield)) {
        Some(y) => operands(ctx, y),
        None => Vec::new(),
    };
    let Some(nested_then_b) = last_block(ctx, n.then_r) else {
        return false;
    };
    let Some(nested_then_yield) = terminator(ctx, nested_then_b, OpKind::ScfYield) else {
        return false;
    };
    let nested_results = results(ctx, nested);
    let mut to_select = Vec::new();
    for (i, slot) in then_yield.iter_mut().enumerate() {
        let v = *slot;
        if let Some(k) = nested_results.iter().position(|&r| r == v) {
            let nested_else_value = nested_else
                .and_then(|b| terminator(ctx, b, OpKind::ScfYield))
                .and_then(|y| ctx.operand(y, k));
            if nested_else_value.is_none() || nested_else_value != else_yield.get(i).copied() {
                return false;
            }
            let Some(t) = ctx.operand(nested_then_yield, k) else {
                return false;
            };
            *slot = t;
            continue;
        }
        if defined_in(ctx, v, o.then_r) {
            return false;
        }
        to_select.push(i);
    }
    if to_select.iter().any(|&i| i >= else_yield.len()) {
        return false;
    }
    let l = loc(ctx, op);
    let result_types = types(ctx, &results(ctx, op));
    let cond = create_value(rw, op, OpKind::ArithAndi, l.clone(), &[o.cond, n.cond]);
    let (new_if, [new_then, new_else]) =
        create_with_regions(rw, op, OpKind::ScfIf, l.clone(), &[cond], result_types);
    let new_block = rw.ctx.create_block();
    rw.ctx.append_block(new_then, new_block);
    let mut new_results = results(rw.ctx, new_if);
    for &i in &to_select {
        new_results[i] = create_value(
            rw,
            new_if,
            OpKind::ArithSelect,
            l.clone(),
            &[o.cond, then_yield[i], else_yield[i]],
        );
    }
    rw.merge_blocks(nested_then_b, new_block, &[]);
    replace_yield(rw, nested_then_yield, &then_yield);
    if !else_yield.is_empty() {
        let b = rw.ctx.create_block();
        rw.ctx.append_block(new_else, b);
        append_yield(rw, b, l, &else_yield);
    }
    rw.replace_op_with_values(op, &new_results);
    true
}

/// Inside the branches, the condition is a constant.
fn propagate_condition(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(o) = as_if(rw.ctx, op) else {
        return false;
    };
    if constant_value(rw.ctx, o.cond).is_some() {
        return false;
    }
    let l = loc(rw.ctx, op);
    let (mut t, mut f) = (None, None);
    let uses: Vec<ir::context::Use> = rw.ctx.value(o.cond).uses.iter().rev().copied().collect();
    let mut changed = false;
    for u in uses {
        let value = if region_contains(rw.ctx, o.then_r, u.op) {
            true
        } else if region_contains(rw.ctx, o.else_r, u.op) {
            false
        } else {
            continue;
        };
        let slot = if value { &mut t } else { &mut f };
        let c = *slot.get_or_insert_with(|| bool_constant(rw, op, l.clone(), value));
        rw.ctx.set_operand(u.op, u.operand as usize, c);
        rw.modified(u.op);
        changed = true;
    }
    changed
}

/// Results whose yields are both defined outside the `scf.if` become
/// `arith.select`s (or the common value); the rest stay with a new `scf.if`.
fn trivial_if_to_select(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some((o, [ty, ey])) = if_with_results(ctx, op) else {
        return false;
    };
    let (tv, ev) = (operands(ctx, ty), operands(ctx, ey));
    let inner =
        |t: ValueId, e: ValueId| defined_in(ctx, t, o.then_r) || defined_in(ctx, e, o.else_r);
    let kept: Vec<Type> = tv
        .iter()
        .zip(&ev)
        .filter(|(&t, &e)| inner(t, e))
        .map(|(&t, _)| ctx.value_type(t))
        .collect();
    if kept.len() == ctx.op(op).results.len() {
        return false;
    }
    let inner: Vec<bool> = tv.iter().zip(&ev).map(|(&t, &e)| inner(t, e)).collect();
    let l = loc(ctx, op);
    let (replacement, [rt, re]) =
        create_with_regions(rw, op, OpKind::ScfIf, l.clone(), &[o.cond], kept);
    rw.inline_region_before(o.then_r, rt, None);
    rw.inline_region_before(o.else_r, re, None);
    let new_results = results(rw.ctx, replacement);
    let (mut true_yields, mut false_yields) = (Vec::new(), Vec::new());
    let mut values = Vec::new();
    for ((&t, &e), &keep) in tv.iter().zip(&ev).zip(&inner) {
        if keep {
            values.push(new_results[true_yields.len()]);
            true_yields.push(t);
            false_yields.push(e);
        } else if t == e {
            values.push(t);
        } else {
            let s = create_value(
                rw,
                replacement,
                OpKind::ArithSelect,
                l.clone(),
                &[o.cond, t, e],
            );
            values.push(s);
        }
    }
    replace_yield(rw, ty, &true_yields);
    replace_yield(rw, ey, &false_yields);
    rw.replace_op_with_values(op, &values);
    true
}

/// An `else` holding only its yield goes (no results).
fn remove_empty_else(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(o) = as_if(ctx, op) else {
        return false;
    };
    if !ctx.op(op).results.is_empty() {
        return false;
    }
    let Some(else_b) = last_block(ctx, o.else_r) else {
        return false;
    };
    if ctx.block(else_b).first != ctx.block_terminator(else_b) {
        return false;
    }
    let data = ctx.op(op).clone();
    let mut state = OperationState::new(OpKind::ScfIf, data.loc);
    state.operands = data.operands.clone();
    state.props = data.props.clone();
    state.attrs = data.attrs.clone();
    state.regions = [rw.ctx.create_region(), rw.ctx.create_region()].into();
    let new_then = state.regions[0];
    rw.create_before(op, state);
    rw.inline_region_before(o.then_r, new_then, None);
    rw.erase_op(op);
    true
}

/// A constant condition inlines the branch taken.
fn remove_static_condition(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(o) = as_if(rw.ctx, op) else {
        return false;
    };
    let Some(Attr::Bool(c)) = constant_value(rw.ctx, o.cond) else {
        return false;
    };
    if c {
        return replace_op_with_region(rw, op, o.then_r, &[]);
    }
    if !rw.ctx.region(o.else_r).blocks.is_empty() {
        return replace_op_with_region(rw, op, o.else_r, &[]);
    }
    rw.erase_op(op);
    true
}

/// Results both branches yield alike are that value; results yielding
/// `true`/`false` (`false`/`true`) are the condition (its negation).
fn yield_condition_or_value(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some((o, [ty, ey])) = if_with_results(ctx, op) else {
        return false;
    };
    let (tv, ev) = (operands(ctx, ty), operands(ctx, ey));
    let l = loc(ctx, op);
    let mut changed = false;
    for ((t, e), r) in tv.into_iter().zip(ev).zip(results(ctx, op)) {
        let used = rw.ctx.has_uses(r);
        if t == e {
            if used {
                // MLIR replaces these uses without telling the driver.
                rw.ctx.replace_all_uses(r, t);
                changed = true;
            }
            continue;
        }
        let (Some(Attr::Bool(tb)), Some(Attr::Bool(eb))) =
            (constant_value(rw.ctx, t), constant_value(rw.ctx, e))
        else {
            continue;
        };
        if !tb && eb && used {
            let one = bool_constant(rw, op, l.clone(), true);
            let not = create_value(rw, op, OpKind::ArithXori, l.clone(), &[o.cond, one]);
            rw.ctx.replace_all_uses(r, not);
            changed = true;
        }
        if tb && !eb && used {
            rw.ctx.replace_all_uses(r, o.cond);
            changed = true;
        }
    }
    changed
}

// ----------------------------------------------------------------- scf.for

/// The trip count of a loop as MLIR computes it statically.
pub(crate) fn trip_count(ctx: &Context, op: OpId) -> Option<u128> {
    let [lb, ub, step] = ctx.op(op).operands.get(..3)? else {
        return None;
    };
    let (lb, ub, step) = (*lb, *ub, *step);
    let ty = ctx.value_type(lb);
    let w = int_width(ctx, ty)?;
    if ctx.value_type(ub) != ty || !(1..=64).contains(&w) {
        return None;
    }
    if lb == ub {
        return Some(0);
    }
    let signed = ctx.attr(op, "unsignedCmp").is_none();
    let step_c = constant_int(ctx, step);
    if step_c == Some(0) {
        return None;
    }
    let read = |v: i128| -> i128 {
        if signed {
            v
        } else {
            unsigned(v, w) as i128
        }
    };
    let diff: i128 = match (constant_int(ctx, lb), constant_int(ctx, ub)) {
        (Some(l), Some(u)) => {
            if read(u) <= read(l) {
                return Some(0);
            }
            read(u) - read(l)
        }
        (Some(_), None) | (None, Some(_)) => return None,
        // The difference reads as signed here whatever the loop compares.
        (None, None) => match ub_minus_lb(ctx, lb, ub, signed, w)? {
            c if c < 0 => return Some(0),
            c => c,
        },
    };
    let step_c = step_c?;
    if signed && step_c < 0 {
        return None;
    }
    let step_u = unsigned(step_c, w);
    let diff = diff as u128;
    Some(diff.div_ceil(step_u))
}

/// `c` if `ub` is `arith.addi %lb, c` that cannot wrap (`nsw` for signed
/// loops, `nuw` for unsigned ones).
fn ub_minus_lb(ctx: &Context, lb: ValueId, ub: ValueId, signed: bool, w: u32) -> Option<i128> {
    let add = ctx
        .defining_op(ub)
        .filter(|&a| ctx.kind(a) == OpKind::ArithAddi)?;
    let flags = match ctx.attr(add, "overflowFlags") {
        Some(Attr::Opaque(s)) => s.as_str(),
        _ => "",
    };
    if !flags.contains(if signed { "nsw" } else { "nuw" }) {
        return None;
    }
    let [l, c] = ctx.op(add).operands[..] else {
        return None;
    };
    if l != lb {
        return None;
    }
    constant_int(ctx, c).map(|c| crate::wrap(c, w))
}

/// Zero trips: the initial values; one trip: the body; an empty body
/// yielding values from outside: those values.
fn simplify_trivial_loop(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(trips) = trip_count(rw.ctx, op) else {
        return false;
    };
    let inits = rw.ctx.op(op).operands[3..].to_vec();
    if trips == 0 {
        rw.replace_op_with_values(op, &inits);
        return true;
    }
    let Some(body) = region(rw.ctx, op, 0) else {
        return false;
    };
    if trips == 1 {
        let mut args = vec![rw.ctx.op(op).operands[0]];
        args.extend(inits);
        return replace_op_with_region(rw, op, body, &args);
    }
    let Some(b) = block(rw.ctx, op, 0) else {
        return false;
    };
    let Some(y) = terminator(rw.ctx, b, OpKind::ScfYield) else {
        return false;
    };
    if rw.ctx.block(b).first != Some(y) {
        return false;
    }
    let yielded = operands(rw.ctx, y);
    if yielded.iter().any(|&v| region_defines(rw.ctx, body, v)) {
        return false;
    }
    rw.replace_op_with_values(op, &yielded);
    true
}

/// True if `v` is defined in region `r` at any depth.
fn region_defines(ctx: &Context, r: RegionId, v: ValueId) -> bool {
    let Some(b) = ctx.value_block(v) else {
        return false;
    };
    if ctx.block(b).parent == Some(r) {
        return true;
    }
    ctx.block_parent_op(b)
        .is_some_and(|p| region_contains(ctx, r, p))
}

// --------------------------------------------------------------- scf.while

/// The before block, its `scf.condition`, and the after block.
fn while_parts(ctx: &Context, op: OpId) -> Option<(BlockId, OpId, BlockId)> {
    let before = block(ctx, op, 0)?;
    let after = block(ctx, op, 1)?;
    let cond = terminator(ctx, before, OpKind::ScfCondition)?;
    Some((before, cond, after))
}

/// After arguments that receive the condition itself are `true`.
fn forward_condition_truth(rw: &mut Rewriter, op: OpId) -> bool {
    let Some((_, cond_op, after)) = while_parts(rw.ctx, op) else {
        return false;
    };
    let forwarded = operands(rw.ctx, cond_op);
    let Some((&cond, args)) = forwarded.split_first() else {
        return false;
    };
    let after_args = rw.ctx.block(after).args.clone();
    let l = loc(rw.ctx, op);
    let mut t = None;
    let mut replaced = false;
    for (&v, &a) in args.iter().zip(&after_args) {
        if v == cond && rw.ctx.has_uses(a) {
            let c = *t.get_or_insert_with(|| bool_constant(rw, op, l.clone(), true));
            rw.replace_all_uses(a, c);
            replaced = true;
        }
    }
    replaced
}

/// A comparison in the after region repeating the condition's comparison
/// on the forwarded operand is decided.
fn decide_repeated_comparison(rw: &mut Rewriter, op: OpId) -> bool {
    let Some((_, cond_op, after)) = while_parts(rw.ctx, op) else {
        return false;
    };
    let forwarded = operands(rw.ctx, cond_op);
    let Some((&cond, args)) = forwarded.split_first() else {
        return false;
    };
    let Some((cmp, pred)) = rw
        .ctx
        .defining_op(cond)
        .and_then(|c| Some((c, CmpIPredicate::of(rw.ctx, c)?)))
    else {
        return false;
    };
    let &[c0, c1] = &rw.ctx.op(cmp).operands[..] else {
        return false;
    };
    let cmp_ops = [c0, c1];
    let after_args = rw.ctx.block(after).args.clone();
    let mut changed = false;
    for (&v, &a) in args.iter().zip(&after_args) {
        for k in 0..2 {
            if v != cmp_ops[k] {
                continue;
            }
            let uses: Vec<ir::context::Use> = rw.ctx.value(a).uses.iter().rev().copied().collect();
            for u in uses {
                let user = u.op;
                if rw.ctx.op(user).parent.is_none() {
                    continue;
                }
                if rw.ctx.operand(user, 1 - k) != Some(cmp_ops[1 - k]) {
                    continue;
                }
                let Some(p2) = CmpIPredicate::of(rw.ctx, user) else {
                    continue;
                };
                let value = if p2 == pred {
                    true
                } else if p2 == pred.negated() {
                    false
                } else {
                    continue;
                };
                let l = loc(rw.ctx, user);
                let c = bool_constant(rw, op, l, value);
                rw.replace_op_with_values(user, &[c]);
                changed = true;
            }
        }
    }
    changed
}

/// Condition arguments that are the before block's arguments in another
/// order are put in order (results and after arguments follow).
fn align_before_args(rw: &mut Rewriter, op: OpId) -> bool {
    let Some((before, cond_op, after)) = while_parts(rw.ctx, op) else {
        return false;
    };
    let before_args = rw.ctx.block(before).args.clone();
    let cond_operands = operands(rw.ctx, cond_op);
    let Some((&cond, term_args)) = cond_operands.split_first() else {
        return false;
    };
    if before_args == term_args {
        return false;
    }
    let mut seen = Vec::new();
    for v in term_args {
        if seen.contains(v) {
            return false;
        }
        seen.push(*v);
    }
    if before_args.len() != term_args.len() {
        return false;
    }
    // mapping[j] = i: condition argument j is before argument i.
    let mut mapping = vec![0; term_args.len()];
    for (i, a) in before_args.iter().enumerate() {
        let Some(j) = term_args.iter().position(|v| v == a) else {
            return false;
        };
        mapping[j] = i;
    }
    let old_results = results(rw.ctx, op);
    if old_results.len() != mapping.len() {
        return false;
    }
    // The results follow the before arguments' order.
    let mut new_types = vec![rw.ctx.value_type(cond); mapping.len()];
    for (i, &j) in mapping.iter().enumerate() {
        new_types[j] = rw.ctx.value_type(old_results[i]);
    }
    let l_cond = loc(rw.ctx, cond_op);
    let mut new_cond = vec![cond];
    new_cond.extend(&before_args);
    let mut state = OperationState::new(OpKind::ScfCondition, l_cond);
    state.operands = new_cond.into_iter().collect();
    rw.replace_op_with_new(cond_op, state);
    let inits = operands(rw.ctx, op);
    let l = loc(rw.ctx, op);
    let (new_loop, [nb_r, na_r]) = create_with_regions(
        rw,
        op,
        OpKind::ScfWhile,
        l.clone(),
        &inits,
        new_types.clone(),
    );
    let (nb, na) = (rw.ctx.create_block(), rw.ctx.create_block());
    rw.ctx.append_block(nb_r, nb);
    rw.ctx.append_block(na_r, na);
    for &v in &inits {
        let ty = rw.ctx.value_type(v);
        rw.ctx.add_block_arg(nb, ty, None);
    }
    for &ty in &new_types {
        rw.ctx.add_block_arg(na, ty, None);
    }
    let new_before_args = rw.ctx.block(nb).args.clone();
    let new_after = rw.ctx.block(na).args.clone();
    let new_results = results(rw.ctx, new_loop);
    let after_map: Vec<ValueId> = mapping.iter().map(|&j| new_after[j]).collect();
    let result_map: Vec<ValueId> = mapping.iter().map(|&j| new_results[j]).collect();
    move_block_into(rw, before, nb, &new_before_args);
    move_block_into(rw, after, na, &after_map);
    rw.replace_op_with_values(op, &result_map);
    true
}

/// An `scf.if` right before the `scf.condition` and testing the same
/// condition (with an empty `else`) moves into the after region: the loop
/// exits with its `else` values, and the after region starts with its
/// `then` block, the before-region values that block uses passed as new
/// after arguments.
fn move_if_down(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some((before, cond_op, after)) = while_parts(ctx, op) else {
        return false;
    };
    let Some(if_op) = ctx.op(cond_op).prev else {
        return false;
    };
    let Some(o) = as_if(ctx, if_op) else {
        return false;
    };
    let cond_operands = operands(ctx, cond_op);
    if cond_operands.first() != Some(&o.cond) {
        return false;
    }
    let else_b = last_block(ctx, o.else_r);
    if else_b.is_some_and(|b| ctx.block(b).first != ctx.block_terminator(b)) {
        return false;
    }
    let if_results = results(ctx, if_op);
    let only_condition_uses = if_results
        .iter()
        .all(|&r| ctx.value(r).uses.iter().all(|u| u.op == cond_op));
    let (Some(then_b), true) = (last_block(ctx, o.then_r), only_condition_uses) else {
        return false;
    };
    let Some(then_yield) = terminator(ctx, then_b, OpKind::ScfYield) else {
        return false;
    };
    let else_yield = else_b.and_then(|b| terminator(ctx, b, OpKind::ScfYield));
    if !if_results.is_empty() && else_yield.is_none() {
        return false;
    }
    let after_args = ctx.block(after).args.clone();
    if after_args.len() + 1 != cond_operands.len() {
        return false;
    }
    for (idx, arg) in cond_operands[1..].iter().enumerate() {
        let Some(k) = if_results.iter().position(|r| r == arg) else {
            continue;
        };
        let (Some(then_value), Some(else_value)) = (
            rw.ctx.operand(then_yield, k),
            else_yield.and_then(|y| rw.ctx.operand(y, k)),
        ) else {
            continue;
        };
        rw.replace_all_uses(if_results[k], else_value);
        rw.replace_all_uses(after_args[idx], then_value);
    }
    // Values of the before block the then-branch uses.
    let mut extra: Vec<ValueId> = Vec::new();
    let then_r = o.then_r;
    rw.ctx.walk_nested(if_op, &mut |inner| {
        if !region_contains(rw.ctx, then_r, inner) {
            return;
        }
        for &v in &rw.ctx.op(inner).operands {
            if rw.ctx.value_block(v) == Some(before) && !extra.contains(&v) {
                extra.push(v);
            }
        }
    });
    let mut new_types = types(rw.ctx, &results(rw.ctx, op));
    new_types.extend(types(rw.ctx, &extra));
    let inits = operands(rw.ctx, op);
    let l = loc(rw.ctx, op);
    let (new_loop, [nb_r, na_r]) =
        create_with_regions(rw, op, OpKind::ScfWhile, l.clone(), &inits, new_types);
    for (old, new) in [(before, nb_r), (after, na_r)] {
        rw.ctx.insert_block_at(new, 0, old);
    }
    let new_args: Vec<ValueId> = extra
        .iter()
        .map(|&v| {
            let ty = rw.ctx.value_type(v);
            rw.ctx.add_block_arg(after, ty, Some(l.clone()))
        })
        .collect();
    rw.modified(new_loop);
    let mut cond_values = operands(rw.ctx, cond_op);
    cond_values.extend(&extra);
    rw.set_operands(cond_op, &cond_values);
    for (&v, &a) in extra.iter().zip(&new_args) {
        let uses: Vec<ir::context::Use> = rw.ctx.value(v).uses.iter().rev().copied().collect();
        for u in uses {
            if region_contains(rw.ctx, o.then_r, u.op) {
                rw.ctx.set_operand(u.op, u.operand as usize, a);
                rw.modified(u.op);
            }
        }
    }
    rw.erase_op(then_yield);
    if let Some(&first) = rw.ctx.block(after).first.as_ref() {
        rw.inline_block_before(then_b, first, &[]);
    } else {
        rw.merge_blocks(then_b, after, &[]);
    }
    rw.erase_op(if_op);
    let n = rw.ctx.op(op).results.len();
    let all = results(rw.ctx, new_loop);
    rw.replace_op_with_values(op, &all[..n]);
    true
}

/// Move the ops of `src` to the start of the empty block `dest`, `src`'s
/// arguments replaced by `args`.
fn move_block_into(rw: &mut Rewriter, src: BlockId, dest: BlockId, args: &[ValueId]) {
    rw.merge_blocks(src, dest, args);
}

// -------------------------------------------------------- execute_region

fn inlinable(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "no_inline").is_none()
}

/// A single block is inlined where the op stands.
fn inline_single_block(rw: &mut Rewriter, op: OpId) -> bool {
    if !inlinable(rw.ctx, op) {
        return false;
    }
    let Some(r) = region(rw.ctx, op, 0) else {
        return false;
    };
    if rw.ctx.region(r).blocks.len() != 1 {
        return false;
    }
    replace_op_with_region(rw, op, r, &[])
}

/// In a function (or another `scf.execute_region`), the blocks are spliced
/// into the enclosing region: the op's block branches into them and every
/// `scf.yield` branches to the rest of the block, which takes the results
/// as arguments.
fn inline_blocks(rw: &mut Rewriter, op: OpId) -> bool {
    if !inlinable(rw.ctx, op) {
        return false;
    }
    let Some(parent) = rw.ctx.parent_op(op) else {
        return false;
    };
    let function_like = matches!(
        rw.ctx.kind(parent),
        OpKind::FuncFunc | OpKind::ShapeFunc | OpKind::ScfExecuteRegion
    );
    let Some(r) = region(rw.ctx, op, 0) else {
        return false;
    };
    let Some(&entry) = rw.ctx.region(r).blocks.first() else {
        return false;
    };
    if !function_like {
        return false;
    }
    let Some(prev_block) = rw.ctx.op(op).parent else {
        return false;
    };
    let Some(dest) = rw.ctx.block(prev_block).parent else {
        return false;
    };
    let Some(post) = rw.split_block_before(op) else {
        return false;
    };
    let l = loc(rw.ctx, op);
    append_br(rw, prev_block, l, entry, &[]);
    for b in rw.ctx.region(r).blocks.clone() {
        if let Some(y) = terminator(rw.ctx, b, OpKind::ScfYield) {
            let values = operands(rw.ctx, y);
            let yl = loc(rw.ctx, y);
            let mut state = OperationState::new(OpKind::CfBr, yl);
            state.operands = values.into_iter().collect();
            state.successors.push(post);
            rw.create_before(y, state);
            rw.erase_op(y);
        }
    }
    rw.inline_region_before(r, dest, Some(post));
    let args: Vec<ValueId> = results(rw.ctx, op)
        .into_iter()
        .map(|v| {
            let ty = rw.ctx.value_type(v);
            rw.ctx.add_block_arg(post, ty, None)
        })
        .collect();
    rw.replace_op_with_values(op, &args);
    true
}

/// Append `cf.br ^dest(operands)` to `block`.
fn append_br(rw: &mut Rewriter, block: BlockId, l: Location, dest: BlockId, ops: &[ValueId]) {
    let mut state = OperationState::new(OpKind::CfBr, l);
    state.operands = ops.iter().copied().collect();
    state.successors.push(dest);
    rw.create_at_end(block, state);
}

// --------------------------------------------------------- index_switch

/// A constant switch value inlines the case taken (or the default).
fn fold_constant_case(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(arg) = rw.ctx.operand(op, 0) else {
        return false;
    };
    let Some(value) = constant_int(rw.ctx, arg) else {
        return false;
    };
    let Some(cases) = rw.ctx.attr(op, "cases").and_then(|a| a.int_elements(0)) else {
        debug_assert!(false, "a verified 'scf.index_switch' has its cases");
        return false;
    };
    let index = cases.iter().position(|&c| c == value).map_or(0, |i| i + 1);
    let Some(r) = region(rw.ctx, op, index) else {
        return false;
    };
    let Some(&source) = rw.ctx.region(r).blocks.first() else {
        return false;
    };
    let Some(t) = rw.ctx.block_terminator(source) else {
        return false;
    };
    let values = operands(rw.ctx, t);
    if values.len() != rw.ctx.op(op).results.len() {
        return false;
    }
    rw.inline_block_before(source, op, &[]);
    rw.erase_op(t);
    rw.replace_op_with_values(op, &values);
    true
}
