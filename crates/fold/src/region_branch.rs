//! The canonicalization patterns MLIR gives every region branch op
//! (`RegionBranchOpInterface`): `scf.for`, `scf.if`, `scf.while`,
//! `scf.execute_region` and `scf.index_switch`. Their operands and
//! terminator operands flow into *successor inputs* (loop-carried block
//! arguments, op results); the patterns look only at that flow:
//!
//! - an input that can only ever hold one value from outside the op (a
//!   loop result yielding its iteration argument unchanged, an `scf.if`
//!   result both branches yield alike) is replaced by that value;
//! - an input fed the same values on every edge as an earlier input of the
//!   same block or op is replaced by it;
//! - a set of inputs that must go together (an iteration argument and its
//!   result) is removed, with the operands feeding it, once all are unused.
//!
//! Declines ops whose operand and input counts disagree, and values defined
//! inside the op as replacements for its results.

use crate::Rewriter;
use ir::{BlockId, Context, OpId, OpKind, ValueDef, ValueId};

/// An operand position feeding successor inputs: of the op itself or of a
/// terminator in its regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Slot {
    op: OpId,
    index: usize,
}

/// The flow of `op`: each operand slot and the inputs it feeds, in MLIR's
/// order of branch points (the op first, then its regions' terminators).
type Flow = Vec<(Slot, Vec<ValueId>)>;

/// The ops whose flow these patterns know.
pub fn is_region_branch(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::ScfFor
            | OpKind::ScfIf
            | OpKind::ScfWhile
            | OpKind::ScfExecuteRegion
            | OpKind::ScfIndexSwitch
    )
}

/// The blocks of the regions of `op` in order.
fn blocks_of(ctx: &Context, op: OpId) -> Vec<BlockId> {
    ctx.op(op)
        .regions
        .iter()
        .flat_map(|&r| ctx.region(r).blocks.clone())
        .collect()
}

/// The `scf.yield` ending `block`, if it ends so.
fn yield_of(ctx: &Context, block: BlockId) -> Option<OpId> {
    ctx.block_terminator(block)
        .filter(|&t| ctx.kind(t) == OpKind::ScfYield)
}

/// `op`'s operands from `first` on, each feeding the matching value of
/// every list of `into` (which must all be as long).
fn feed(ctx: &Context, flow: &mut Flow, op: OpId, first: usize, into: &[&[ValueId]]) -> Option<()> {
    let n = ctx.op(op).operands.len().checked_sub(first)?;
    if into.iter().any(|l| l.len() != n) {
        return None;
    }
    for i in 0..n {
        let slot = Slot {
            op,
            index: first + i,
        };
        flow.push((slot, into.iter().map(|l| l[i]).collect()));
    }
    Some(())
}

fn flow(ctx: &Context, op: OpId) -> Option<Flow> {
    let mut flow = Flow::new();
    let results = ctx.op(op).results.to_vec();
    let blocks = blocks_of(ctx, op);
    match ctx.kind(op) {
        OpKind::ScfFor => {
            let &[body] = &blocks[..] else {
                return None;
            };
            let iter_args = ctx.block(body).args.get(1..)?.to_vec();
            feed(ctx, &mut flow, op, 3, &[&iter_args, &results])?;
            let y = yield_of(ctx, body)?;
            feed(ctx, &mut flow, y, 0, &[&iter_args, &results])?;
        }
        OpKind::ScfWhile => {
            let &[before, after] = &blocks[..] else {
                return None;
            };
            let before_args = ctx.block(before).args.clone();
            let after_args = ctx.block(after).args.clone();
            feed(ctx, &mut flow, op, 0, &[&before_args])?;
            let cond = ctx
                .block_terminator(before)
                .filter(|&t| ctx.kind(t) == OpKind::ScfCondition)?;
            feed(ctx, &mut flow, cond, 1, &[&results, &after_args])?;
            let y = yield_of(ctx, after)?;
            feed(ctx, &mut flow, y, 0, &[&before_args])?;
        }
        OpKind::ScfIf | OpKind::ScfExecuteRegion | OpKind::ScfIndexSwitch => {
            for b in blocks {
                if let Some(y) = yield_of(ctx, b) {
                    feed(ctx, &mut flow, y, 0, &[&results])?;
                }
            }
        }
        _ => return None,
    }
    Some(flow)
}

/// Inputs in order of first appearance, each with the slots feeding it.
fn inputs(flow: &Flow) -> Vec<(ValueId, Vec<Slot>)> {
    let mut out: Vec<(ValueId, Vec<Slot>)> = Vec::new();
    for (slot, ins) in flow {
        for &v in ins {
            match out.iter_mut().find(|(x, _)| *x == v) {
                Some((_, slots)) => slots.push(*slot),
                None => out.push((v, vec![*slot])),
            }
        }
    }
    out
}

fn value_at(ctx: &Context, s: Slot) -> ValueId {
    ctx.op(s.op).operands[s.index]
}

/// The values from outside the flow that can reach `input`.
fn reachable(ctx: &Context, ins: &[(ValueId, Vec<Slot>)], input: ValueId) -> Vec<ValueId> {
    let mut found = Vec::new();
    let mut visited = Vec::new();
    let mut work = vec![input];
    while let Some(v) = work.pop() {
        match ins.iter().find(|(x, _)| *x == v) {
            None => {
                if !found.contains(&v) {
                    found.push(v);
                }
            }
            Some((_, slots)) => {
                for &s in slots {
                    let w = value_at(ctx, s);
                    if !visited.contains(&w) {
                        visited.push(w);
                        work.push(w);
                    }
                }
            }
        }
    }
    found
}

/// `a` may stand for the input `b` of `op`: defined outside `op`, or an
/// argument of the very block `b` is an argument of.
fn defined_before(ctx: &Context, op: OpId, a: ValueId, b: ValueId) -> bool {
    let a_block = ctx.value_block(a);
    if a_block.and_then(|blk| ctx.block_parent_op(blk)) != Some(op) {
        return true;
    }
    match (ctx.value(a).def, ctx.value(b).def) {
        (ValueDef::BlockArg { block: x, .. }, ValueDef::BlockArg { block: y, .. }) => x == y,
        _ => false,
    }
}

/// Inputs with a single value from outside take that value.
fn make_inputs_dead(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(flow) = flow(rw.ctx, op) else {
        return false;
    };
    let ins = inputs(&flow);
    let mut changed = false;
    for (v, _) in &ins {
        if !rw.ctx.has_uses(*v) {
            continue;
        }
        let &[only] = &reachable(rw.ctx, &ins, *v)[..] else {
            continue;
        };
        if !defined_before(rw.ctx, op, only, *v) {
            continue;
        }
        rw.replace_all_uses(*v, only);
        changed = true;
    }
    changed
}

/// The number of a block argument or op result.
fn number(ctx: &Context, v: ValueId) -> (u32, bool) {
    match ctx.value(v).def {
        ValueDef::OpResult { index, .. } => (index, false),
        ValueDef::BlockArg { index, .. } => (index, true),
    }
}

/// The owner of a value: its block or defining op.
fn owner(ctx: &Context, v: ValueId) -> (Option<BlockId>, Option<OpId>) {
    match ctx.value(v).def {
        ValueDef::OpResult { op, .. } => (None, Some(op)),
        ValueDef::BlockArg { block, .. } => (Some(block), None),
    }
}

/// Inputs of one owner fed the same value from every branch point as an
/// earlier one are replaced by it.
fn remove_duplicate_inputs(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(flow) = flow(rw.ctx, op) else {
        return false;
    };
    let mut ins = inputs(&flow);
    ins.sort_by_key(|(v, _)| number(rw.ctx, *v).0);
    let fed = |ctx: &Context, slots: &[Slot]| -> Vec<(OpId, ValueId)> {
        let mut m: Vec<(OpId, ValueId)> = slots.iter().map(|&s| (s.op, value_at(ctx, s))).collect();
        m.sort_by_key(|(o, _)| *o);
        m
    };
    let mut changed = false;
    for i in 0..ins.len() {
        for j in i + 1..ins.len() {
            let (a, b) = (ins[i].0, ins[j].0);
            if !rw.ctx.has_uses(b) || owner(rw.ctx, a) != owner(rw.ctx, b) {
                continue;
            }
            if fed(rw.ctx, &ins[i].1) == fed(rw.ctx, &ins[j].1) {
                rw.replace_all_uses(b, a);
                changed = true;
            }
        }
    }
    changed
}

/// Sets of inputs that go together (fed by a common slot), all unused,
/// are removed with their slots.
fn remove_dead_inputs(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(flow) = flow(rw.ctx, op) else {
        return false;
    };
    // Union the inputs each slot feeds.
    let ins = inputs(&flow);
    let mut class: Vec<usize> = (0..ins.len()).collect();
    fn find(class: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while class[r] != r {
            r = class[r];
        }
        class[i] = r;
        r
    }
    let index = |v: ValueId| ins.iter().position(|(x, _)| *x == v);
    for (_, fed) in &flow {
        let Some(first) = fed.first().and_then(|&v| index(v)) else {
            continue;
        };
        for &v in &fed[1..] {
            if let Some(k) = index(v) {
                let (a, b) = (find(&mut class, first), find(&mut class, k));
                class[b] = a;
            }
        }
    }
    let roots: Vec<usize> = (0..ins.len()).map(|i| find(&mut class, i)).collect();
    let dead: Vec<bool> = (0..ins.len())
        .map(|i| {
            (0..ins.len())
                .filter(|&k| roots[k] == roots[i])
                .all(|k| !rw.ctx.has_uses(ins[k].0))
        })
        .collect();
    if !dead.iter().any(|&d| d) {
        return false;
    }
    let removed: Vec<ValueId> = ins
        .iter()
        .zip(&dead)
        .filter(|(_, &d)| d)
        .map(|((v, _), _)| *v)
        .collect();
    // Operands feeding removed inputs go, op by op.
    let mut slots: Vec<Slot> = flow
        .iter()
        .filter(|(_, fed)| fed.iter().any(|v| removed.contains(v)))
        .map(|(s, _)| *s)
        .collect();
    slots.sort_by_key(|s| (s.op, s.index));
    let mut ops: Vec<OpId> = slots.iter().map(|s| s.op).collect();
    ops.dedup();
    for o in ops {
        let operands: Vec<ValueId> = rw
            .ctx
            .op(o)
            .operands
            .iter()
            .enumerate()
            .filter(|(i, _)| !slots.contains(&Slot { op: o, index: *i }))
            .map(|(_, &v)| v)
            .collect();
        rw.set_operands(o, &operands);
    }
    // Then block arguments, block by block.
    for b in blocks_of(rw.ctx, op) {
        let args = rw.ctx.block(b).args.clone();
        let erase: Vec<bool> = args.iter().map(|a| removed.contains(a)).collect();
        if erase.iter().any(|&e| e) {
            rw.erase_block_args(b, &erase);
        }
    }
    // Then results.
    let results = rw.ctx.op(op).results.to_vec();
    let erase: Vec<bool> = results.iter().map(|r| removed.contains(r)).collect();
    if erase.iter().any(|&e| e) {
        rw.erase_op_results(op, &erase);
    }
    true
}

/// The three patterns, in MLIR's order.
pub fn apply_patterns(rw: &mut Rewriter, op: OpId) -> bool {
    make_inputs_dead(rw, op) || remove_duplicate_inputs(rw, op) || remove_dead_inputs(rw, op)
}
