//! Canonicalization patterns of the `cf` dialect (MLIR's `cf.assert`,
//! `cf.br`, `cf.cond_br` and `cf.switch` canonicalizers), and the view of
//! branch terminators the driver's region simplification shares
//! ([`branch`], [`set_forwarded`], [`predecessors`]).
//!
//! - `cf.assert` of a constant true goes; an assertion of false stays: it
//!   is the program's failure.
//! - `cf.br` to a block whose only predecessor it is merges the two
//!   blocks; a branch to a block holding nothing but a `cf.br` goes
//!   straight to that branch's destination (not into a self-loop).
//! - `cf.cond_br` on a constant becomes a `cf.br`; pass-through
//!   successors collapse; two edges to one block become a `cf.br` (with an
//!   `arith.select` per differing operand when the block has no other
//!   predecessor); a `cf.cond_br` on the condition that already decided
//!   its block's only incoming edge becomes a `cf.br`; uses of the
//!   condition in a successor reached by one edge only read the constant
//!   it has there.
//! - `cf.switch` with only a default becomes a `cf.br`; cases identical to
//!   the default go; a constant flag picks its destination; pass-through
//!   successors collapse; a switch on the flag that decided its block's
//!   only incoming edge is decided (or loses the cases that edge excludes).
//!
//! Rebuilt branches keep no discardable attribute, and only a `cf.cond_br`
//! whose successors collapse keeps its weights, as in MLIR. Declines blocks with more than the branch in them, block
//! arguments used elsewhere, and self-loops.

use crate::{bool_constant, constant_int, constant_value, int_width, wrap, Rewriter};
use ir::attrs::{DenseValues, Scalar};
use ir::types::Signedness;
use ir::{Attr, BlockId, Context, Location, OpId, OpKind, OperationState, Type, TypeKind, ValueId};

pub fn apply_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    match kind {
        OpKind::CfAssert => erase_assert_of_true(rw, op),
        OpKind::CfBr => br_to_single_predecessor(rw, op) || pass_through_br(rw, op),
        OpKind::CfCondBr => {
            constant_condition(rw, op)
                || pass_through_cond_br(rw, op)
                || identical_successors(rw, op)
                || decided_by_predecessor(rw, op)
                || propagate_condition(rw, op)
        }
        OpKind::CfSwitch => {
            switch_with_only_default(rw, op)
                || drop_cases_matching_default(rw, op)
                || constant_flag(rw, op)
                || pass_through_switch(rw, op)
                || switch_decided_by_predecessor(rw, op)
                || switch_narrowed_by_predecessor(rw, op)
        }
        _ => false,
    }
}

fn erase_assert_of_true(rw: &mut Rewriter, op: OpId) -> bool {
    let holds = rw
        .ctx
        .operand(op, 0)
        .and_then(|p| constant_value(rw.ctx, p))
        .is_some_and(|a| matches!(a, Attr::Bool(true)) || matches!(a, Attr::Int { value: 1, .. }));
    if holds {
        rw.erase_op(op);
    }
    holds
}

// ------------------------------------------------------------ branch view

/// A branch terminator taken apart (MLIR's `BranchOpInterface`).
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    /// The operand that is not forwarded: the condition or the flag.
    pub lead: Option<ValueId>,
    /// Each successor and the operands forwarded to its arguments.
    pub targets: Vec<(BlockId, Vec<ValueId>)>,
}

/// The integers of an `array<i32: ...>` property of segment sizes (which
/// the verifier checks are not negative); `None` if it is missing or not.
fn sizes(ctx: &Context, op: OpId, name: &str) -> Option<Vec<usize>> {
    ctx.attr(op, name)?
        .int_elements(0)?
        .into_iter()
        .map(|n| usize::try_from(n).ok())
        .collect()
}

/// `op` as a branch, if it is `cf.br`, `cf.cond_br` or `cf.switch` with
/// consistent operand segments.
pub fn branch(ctx: &Context, op: OpId) -> Option<Branch> {
    let data = ctx.op(op);
    let operands = data.operands.as_slice();
    let successors = data.successors.as_slice();
    let (lead, groups): (Option<ValueId>, Vec<&[ValueId]>) = match ctx.kind(op) {
        OpKind::CfBr => (None, vec![operands]),
        OpKind::CfCondBr => {
            let seg = sizes(ctx, op, "operandSegmentSizes")?;
            let [1, t, f] = seg[..] else {
                return None;
            };
            (
                Some(*operands.first()?),
                vec![operands.get(1..1 + t)?, operands.get(1 + t..1 + t + f)?],
            )
        }
        OpKind::CfSwitch => {
            let seg = sizes(ctx, op, "operandSegmentSizes")?;
            let [1, d, _] = seg[..] else {
                return None;
            };
            let mut groups = vec![operands.get(1..1 + d)?];
            let mut start = 1 + d;
            for n in sizes(ctx, op, "case_operand_segments")? {
                groups.push(operands.get(start..start + n)?);
                start += n;
            }
            (Some(*operands.first()?), groups)
        }
        _ => return None,
    };
    if groups.len() != successors.len() {
        return None;
    }
    let targets = successors
        .iter()
        .zip(groups)
        .map(|(&b, g)| (b, g.to_vec()))
        .collect();
    Some(Branch { lead, targets })
}

fn i32_array(ctx: &mut Context, values: &[usize]) -> Attr {
    let elem = ctx.intern_type(TypeKind::Integer {
        width: 32,
        signedness: Signedness::Signless,
    });
    Attr::DenseArray {
        elem,
        values: values.iter().map(|&n| Scalar::Int(n as i128)).collect(),
    }
}

/// The operand list and segment properties of a branch of kind `kind`.
fn encode(
    ctx: &mut Context,
    kind: OpKind,
    lead: Option<ValueId>,
    forwarded: &[Vec<ValueId>],
) -> (Vec<ValueId>, Vec<(&'static str, Attr)>) {
    let mut operands: Vec<ValueId> = lead.into_iter().collect();
    operands.extend(forwarded.iter().flatten());
    let lens: Vec<usize> = forwarded.iter().map(Vec::len).collect();
    let props = match kind {
        OpKind::CfCondBr => vec![(
            "operandSegmentSizes",
            i32_array(ctx, &[1, lens[0], lens[1]]),
        )],
        OpKind::CfSwitch => {
            let cases = &lens[1..];
            vec![
                ("case_operand_segments", i32_array(ctx, cases)),
                (
                    "operandSegmentSizes",
                    i32_array(ctx, &[1, lens[0], cases.iter().sum()]),
                ),
            ]
        }
        OpKind::CfBr => Vec::new(),
        other => {
            debug_assert!(false, "{other} is not a branch");
            Vec::new()
        }
    };
    (operands, props)
}

/// Give the branch `op` new forwarded operands, one list per successor
/// (in place: MLIR's `SuccessorOperands` updates).
pub fn set_forwarded(rw: &mut Rewriter, op: OpId, forwarded: &[Vec<ValueId>]) {
    let kind = rw.ctx.kind(op);
    let Some(b) = branch(rw.ctx, op) else {
        return;
    };
    if forwarded.len() != b.targets.len() {
        return;
    }
    let (operands, props) = encode(rw.ctx, kind, b.lead, forwarded);
    for (n, v) in props {
        rw.ctx.set_prop(op, n, v);
    }
    rw.set_operands(op, &operands);
}

/// A new branch of kind `kind` (built as MLIR's builders do: no
/// discardable attribute, no weights), detached.
pub fn branch_state(
    ctx: &mut Context,
    kind: OpKind,
    loc: Location,
    lead: Option<ValueId>,
    targets: &[(BlockId, Vec<ValueId>)],
) -> OperationState {
    let forwarded: Vec<Vec<ValueId>> = targets.iter().map(|(_, o)| o.clone()).collect();
    let (operands, props) = encode(ctx, kind, lead, &forwarded);
    let mut state = OperationState::new(kind, loc);
    state.operands = operands.into();
    state.successors = targets.iter().map(|(b, _)| *b).collect();
    for (n, v) in props {
        state.props.push((ir::attrs::attr_name(n), v));
    }
    state
}

/// Replace `op` by `cf.br ^dest(operands)`.
fn replace_with_br(rw: &mut Rewriter, op: OpId, dest: BlockId, operands: Vec<ValueId>) {
    let loc = rw.ctx.op(op).loc.clone();
    let state = branch_state(rw.ctx, OpKind::CfBr, loc, None, &[(dest, operands)]);
    rw.replace_op_with_new(op, state);
}

/// The branch edges into `block`: each terminator of its region and the
/// index of the successor slot naming `block`.
pub fn predecessors(ctx: &Context, block: BlockId) -> Vec<(OpId, usize)> {
    let Some(region) = ctx.block(block).parent else {
        return Vec::new();
    };
    let mut preds = Vec::new();
    for &b in &ctx.region(region).blocks {
        if let Some(t) = ctx.block_terminator(b) {
            for (i, &s) in ctx.op(t).successors.iter().enumerate() {
                if s == block {
                    preds.push((t, i));
                }
            }
        }
    }
    preds
}

/// The block of the only edge into `block` (MLIR's `getSinglePredecessor`).
pub fn single_predecessor(ctx: &Context, block: BlockId) -> Option<BlockId> {
    match predecessors(ctx, block)[..] {
        [(t, _)] => ctx.op(t).parent,
        _ => None,
    }
}

/// The block every edge into `block` comes from (MLIR's `getUniquePredecessor`).
fn unique_predecessor(ctx: &Context, block: BlockId) -> Option<BlockId> {
    let preds = predecessors(ctx, block);
    let first = ctx.op(preds.first()?.0).parent?;
    preds
        .iter()
        .all(|&(t, _)| ctx.op(t).parent == Some(first))
        .then_some(first)
}

/// If `succ` holds nothing but a `cf.br` whose arguments it only forwards,
/// the destination that branch leads to and the operands it would get
/// (MLIR's `collapseBranch`).
fn collapse(ctx: &Context, succ: BlockId, operands: &[ValueId]) -> Option<(BlockId, Vec<ValueId>)> {
    let br = ctx.block(succ).first?;
    if ctx.op(br).next.is_some() || ctx.kind(br) != OpKind::CfBr {
        return None;
    }
    let args = &ctx.block(succ).args;
    if args
        .iter()
        .any(|&a| ctx.value(a).uses.iter().any(|u| u.op != br))
    {
        return None;
    }
    let dest = *ctx.op(br).successors.first()?;
    if dest == succ {
        return None;
    }
    // Nor into a cycle of unconditional branches.
    let mut visited = vec![succ, dest];
    let mut next = ctx
        .block_terminator(dest)
        .filter(|&t| ctx.kind(t) == OpKind::CfBr);
    while let Some(t) = next {
        let d = *ctx.op(t).successors.first()?;
        if visited.contains(&d) {
            return None;
        }
        visited.push(d);
        next = ctx
            .block_terminator(d)
            .filter(|&t| ctx.kind(t) == OpKind::CfBr);
    }
    let forwarded = ctx
        .op(br)
        .operands
        .iter()
        .map(|&v| match args.iter().position(|&a| a == v) {
            Some(i) => operands.get(i).copied(),
            None => Some(v),
        })
        .collect::<Option<Vec<ValueId>>>()?;
    Some((dest, forwarded))
}

// ------------------------------------------------------------------ cf.br

/// `cf.br ^bb1(...)` into a block with no other predecessor: the blocks merge.
fn br_to_single_predecessor(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (Some(&succ), Some(block)) = (ctx.op(op).successors.first(), ctx.op(op).parent) else {
        return false;
    };
    if succ == block || predecessors(ctx, succ).len() != 1 {
        return false;
    }
    let operands = ctx.op(op).operands.to_vec();
    // Arguments of the successor passed to itself would outlive it.
    if operands
        .iter()
        .any(|&v| ctx.value_block(v) == Some(succ) && ctx.defining_op(v).is_none())
    {
        return false;
    }
    rw.erase_op(op);
    rw.merge_blocks(succ, block, &operands);
    true
}

fn pass_through_br(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let Some(&dest) = ctx.op(op).successors.first() else {
        return false;
    };
    if Some(dest) == ctx.op(op).parent {
        return false;
    }
    let operands = ctx.op(op).operands.to_vec();
    let Some((dest, forwarded)) = collapse(ctx, dest, &operands) else {
        return false;
    };
    replace_with_br(rw, op, dest, forwarded);
    true
}

// ------------------------------------------------------------- cf.cond_br

fn constant_condition(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(b) = branch(rw.ctx, op) else {
        return false;
    };
    let Some(c) = b.lead.and_then(|c| constant_int(rw.ctx, c)) else {
        return false;
    };
    let [taken, other] = &b.targets[..] else {
        return false;
    };
    let (dest, operands) = if c != 0 { taken } else { other };
    replace_with_br(rw, op, *dest, operands.clone());
    true
}

fn pass_through_cond_br(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(b) = branch(rw.ctx, op) else {
        return false;
    };
    let mut changed = false;
    let targets: Vec<(BlockId, Vec<ValueId>)> = b
        .targets
        .iter()
        .map(|(dest, operands)| match collapse(rw.ctx, *dest, operands) {
            Some(t) => {
                changed = true;
                t
            }
            None => (*dest, operands.clone()),
        })
        .collect();
    if !changed {
        return false;
    }
    let loc = rw.ctx.op(op).loc.clone();
    let mut state = branch_state(rw.ctx, OpKind::CfCondBr, loc, b.lead, &targets);
    if let Some(w) = rw.ctx.attr(op, "branch_weights") {
        state
            .props
            .push((ir::attrs::attr_name("branch_weights"), w.clone()));
    }
    rw.replace_op_with_new(op, state);
    true
}

/// `cf.cond_br %c, ^bb1(A), ^bb1(B)`: one destination.
fn identical_successors(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(b) = branch(rw.ctx, op) else {
        return false;
    };
    let (Some(cond), [(dest, t), (other, f)]) = (b.lead, &b.targets[..]) else {
        return false;
    };
    if dest != other {
        return false;
    }
    if t == f {
        replace_with_br(rw, op, *dest, t.clone());
        return true;
    }
    if unique_predecessor(rw.ctx, *dest) != rw.ctx.op(op).parent {
        return false;
    }
    let loc = rw.ctx.op(op).loc.clone();
    let merged: Vec<ValueId> = t
        .iter()
        .zip(f)
        .map(|(&a, &b)| {
            if a == b {
                return a;
            }
            let mut state = OperationState::new(OpKind::ArithSelect, loc.clone());
            state.operands = [cond, a, b].into_iter().collect();
            state.result_types.push(rw.ctx.value_type(a));
            let select = rw.create_before(op, state);
            rw.ctx.op(select).results[0]
        })
        .collect();
    replace_with_br(rw, op, *dest, merged);
    true
}

/// A `cf.cond_br` whose block is entered only from a `cf.cond_br` on the
/// same condition already knows which way it goes.
fn decided_by_predecessor(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (Some(b), Some(block)) = (branch(ctx, op), ctx.op(op).parent) else {
        return false;
    };
    let Some(pred) = single_predecessor(ctx, block).and_then(|p| ctx.block_terminator(p)) else {
        return false;
    };
    if ctx.kind(pred) != OpKind::CfCondBr {
        return false;
    }
    let Some(p) = branch(ctx, pred) else {
        return false;
    };
    if p.lead != b.lead || b.targets.len() != 2 {
        return false;
    }
    let taken = if p.targets.first().map(|t| t.0) == Some(block) {
        0
    } else {
        1
    };
    let (dest, operands) = b.targets[taken].clone();
    replace_with_br(rw, op, dest, operands);
    true
}

/// Uses of the condition directly in a successor entered by this edge
/// alone read `true` (`false`) instead.
fn propagate_condition(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(b) = branch(rw.ctx, op) else {
        return false;
    };
    let Some(cond) = b.lead else {
        return false;
    };
    let loc = rw.ctx.op(op).loc.clone();
    let mut replaced = false;
    for (value, (dest, _)) in [true, false].into_iter().zip(&b.targets) {
        if single_predecessor(rw.ctx, *dest).is_none() {
            continue;
        }
        let uses: Vec<ir::context::Use> = rw.ctx.value(cond).uses.iter().rev().copied().collect();
        let mut constant = None;
        for u in uses {
            if rw.ctx.op(u.op).parent != Some(*dest) {
                continue;
            }
            let c = *constant.get_or_insert_with(|| bool_constant(rw, op, loc.clone(), value));
            rw.ctx.set_operand(u.op, u.operand as usize, c);
            rw.modified(u.op);
            replaced = true;
        }
    }
    replaced
}

// -------------------------------------------------------------- cf.switch

/// The case values of a switch, wrapped to the flag's width.
fn case_values(ctx: &Context, op: OpId, flag: ValueId) -> Option<Vec<i128>> {
    let n = ctx.op(op).successors.len().saturating_sub(1);
    if n == 0 {
        return Some(Vec::new());
    }
    let w = int_width(ctx, ctx.value_type(flag))?;
    let values = ctx.attr(op, "case_values")?.int_elements(n)?;
    (values.len() == n).then(|| values.into_iter().map(|v| wrap(v, w)).collect())
}

/// A switch taken apart: flag, default target, and cases (value, target).
struct Switch {
    flag: ValueId,
    default: (BlockId, Vec<ValueId>),
    cases: Vec<(i128, (BlockId, Vec<ValueId>))>,
}

fn switch(ctx: &Context, op: OpId) -> Option<Switch> {
    let b = branch(ctx, op)?;
    let flag = b.lead?;
    let values = case_values(ctx, op, flag)?;
    let mut targets = b.targets.into_iter();
    let default = targets.next()?;
    Some(Switch {
        flag,
        default,
        cases: values.into_iter().zip(targets).collect(),
    })
}

/// Replace `op` by a switch on `s` (MLIR's builder: `case_values` only if
/// there are cases, a vector of the flag's type).
fn replace_with_switch(rw: &mut Rewriter, op: OpId, s: Switch) {
    let loc = rw.ctx.op(op).loc.clone();
    let mut targets = vec![s.default];
    targets.extend(s.cases.iter().map(|(_, t)| t.clone()));
    let mut state = branch_state(rw.ctx, OpKind::CfSwitch, loc, Some(s.flag), &targets);
    if !s.cases.is_empty() {
        let elem: Type = rw.ctx.value_type(s.flag);
        let ty = rw.ctx.intern_type(TypeKind::Vector {
            shape: vec![s.cases.len() as i64],
            scalable: vec![false],
            elem,
        });
        let values = s.cases.iter().map(|(v, _)| Scalar::Int(*v)).collect();
        state.props.push((
            ir::attrs::attr_name("case_values"),
            Attr::Dense {
                ty,
                values: DenseValues::Elements(values),
            },
        ));
    }
    rw.replace_op_with_new(op, state);
}

/// Branch to where the switch `s` goes on `value`.
fn fold_switch(rw: &mut Rewriter, op: OpId, s: Switch, value: i128) {
    let (dest, operands) = s
        .cases
        .into_iter()
        .find(|(v, _)| *v == value)
        .map_or(s.default, |(_, t)| t);
    replace_with_br(rw, op, dest, operands);
}

fn switch_with_only_default(rw: &mut Rewriter, op: OpId) -> bool {
    match switch(rw.ctx, op) {
        Some(s) if s.cases.is_empty() => {
            replace_with_br(rw, op, s.default.0, s.default.1);
            true
        }
        _ => false,
    }
}

fn drop_cases_matching_default(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(mut s) = switch(rw.ctx, op) else {
        return false;
    };
    let before = s.cases.len();
    s.cases.retain(|(_, t)| *t != s.default);
    if s.cases.len() == before {
        return false;
    }
    replace_with_switch(rw, op, s);
    true
}

fn constant_flag(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(s) = switch(rw.ctx, op) else {
        return false;
    };
    let Some(w) = int_width(rw.ctx, rw.ctx.value_type(s.flag)) else {
        return false;
    };
    let Some(value) = constant_int(rw.ctx, s.flag).map(|v| wrap(v, w)) else {
        return false;
    };
    fold_switch(rw, op, s, value);
    true
}

fn pass_through_switch(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(mut s) = switch(rw.ctx, op) else {
        return false;
    };
    let mut changed = false;
    for (_, t) in s.cases.iter_mut() {
        if let Some(c) = collapse(rw.ctx, t.0, &t.1) {
            *t = c;
            changed = true;
        }
    }
    if let Some(c) = collapse(rw.ctx, s.default.0, &s.default.1) {
        s.default = c;
        changed = true;
    }
    if !changed {
        return false;
    }
    replace_with_switch(rw, op, s);
    true
}

/// The switch ending the only predecessor of `op`'s block, if it switches
/// on the same flag as `op`.
fn predecessor_switch(ctx: &Context, op: OpId, s: &Switch) -> Option<(BlockId, Switch)> {
    let block = ctx.op(op).parent?;
    let pred = ctx.block_terminator(single_predecessor(ctx, block)?)?;
    if ctx.kind(pred) != OpKind::CfSwitch {
        return None;
    }
    let p = switch(ctx, pred)?;
    (p.flag == s.flag).then_some((block, p))
}

/// A switch entered by a case edge of a switch on the same flag is decided.
fn switch_decided_by_predecessor(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(s) = switch(rw.ctx, op) else {
        return false;
    };
    let Some((block, p)) = predecessor_switch(rw.ctx, op, &s) else {
        return false;
    };
    if p.default.0 == block {
        return false;
    }
    match p.cases.iter().find(|(_, t)| t.0 == block) {
        Some(&(value, _)) => fold_switch(rw, op, s, value),
        None => replace_with_br(rw, op, s.default.0, s.default.1),
    }
    true
}

/// A switch entered by the default edge of a switch on the same flag
/// loses the cases that edge excludes.
fn switch_narrowed_by_predecessor(rw: &mut Rewriter, op: OpId) -> bool {
    let Some(mut s) = switch(rw.ctx, op) else {
        return false;
    };
    let Some((block, p)) = predecessor_switch(rw.ctx, op, &s) else {
        return false;
    };
    if p.default.0 != block {
        return false;
    }
    let excluded: Vec<i128> = p
        .cases
        .iter()
        .filter(|(_, t)| t.0 != block)
        .map(|(v, _)| *v)
        .collect();
    let before = s.cases.len();
    s.cases.retain(|(v, _)| !excluded.contains(v));
    if s.cases.len() == before {
        return false;
    }
    replace_with_switch(rw, op, s);
    true
}
