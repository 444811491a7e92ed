//! `hoist-constraints`: move every check as early as it can safely go, and
//! merge the `shape.assuming` regions they guard.
//!
//! A constraint (`shape.cstr_*`, `shape.assuming_all`, `shape.const_witness`)
//! and the pure computation of its operands move out of a `shape.assuming`
//! region to just before it, repeatedly, as long as their operands are
//! defined outside the region. Only ops that are defined on every input
//! move (constants, `arith` integer ops other than division, `shape_of`,
//! `rank`, `concat`, `num_elements`, `any`, `shape_eq`, `is_broadcastable`,
//! `tensor.from_elements`), and `split_at` and `get_extent` whose index
//! value bounds (crate `value-bounds`) prove in range just before the
//! region, from the requires that ran before it (`0 ≤ i < rank` checked
//! earlier: `get_extent %s, %i` is defined there); other `split_at`s and
//! `get_extent`s, `broadcast`, divisions, element reads and host ops stay
//! behind the checks that make them defined.
//!
//! No check crosses an op with side effects ([`ir::effects`]: a call to a
//! function not known pure, a host op not declared pure): a check after
//! one in its region stays there (the ops computing its operands still
//! move), and regions merge only where no check would cross one.
//!
//! Regions merge two ways, under the conjunction of their witnesses:
//! - a region whose last op is another `shape.assuming`, whose results it
//!   yields unchanged and whose witness is defined outside, takes that
//!   region's body;
//! - a region and the next one of its block, when the ops between them
//!   that compute the second's witness (constraints and ops defined there,
//!   none using the first's results) can move before the first without a
//!   check crossing an effect in the first's body or between the two: they
//!   move, and one region holds the first body, the other ops between
//!   (in their order) and the second body, yielding what is used after.
//!
//! A `cstr_broadcastable` checks the shapes its operands are made of: a
//! broadcast of shapes is defined only where they broadcast, so
//! `cstr_broadcastable (broadcast %a, %b), %c` checks `%a, %b, %c`, seen
//! through `shape.broadcast`s and what regions yield, where they are all
//! defined; the check then no longer waits for the broadcast or its region.
//!
//! Every `shape.assuming_all` ends canonical: flattened (an operand that is
//! itself a conjunction is replaced by its operands), without duplicates,
//! and sorted by where its witnesses are defined (outer blocks first, then
//! program order), so equal conjunctions are equal ops and `cse` merges
//! them.
//!
//! Why this keeps the meaning: a constraint fails where it stands, so
//! reaching a region means every witness before it held; running a check
//! earlier, across ops without side effects, can only make a failing
//! function fail with another of its messages, and running defined ops
//! earlier changes nothing. Each region's body runs under at least the
//! witnesses it ran under before, and ops with side effects keep their
//! order among themselves and with every check.
//!
//! Precondition: constrained form. Postcondition: constrained form; no
//! movable op is left in a region it could leave; no region is directly
//! nested in another, or followed by one, it could merge with. Declines:
//! multi-block regions, ops with regions, anything that is not defined on
//! every input, moving a check across an op with side effects.
//!
//! ```mlir
//! %w1 = shape.cstr_require %ok, "requires rank 2 operands"
//! %r = shape.assuming %w1 -> (tensor<?xindex>) {
//!   %eq = arith.cmpi eq, %n, %m : index
//!   %w2 = shape.cstr_require %eq, "ranks must match"
//!   %s = shape.assuming %w2 -> (tensor<?xindex>) { ... }
//!   shape.assuming_yield %s : tensor<?xindex>
//! }
//! // becomes
//! %w1 = shape.cstr_require %ok, "requires rank 2 operands"
//! %eq = arith.cmpi eq, %n, %m : index
//! %w2 = shape.cstr_require %eq, "ranks must match"
//! %w = shape.assuming_all %w1, %w2
//! %r = shape.assuming %w -> (tensor<?xindex>) { ... }
//! ```

use ir::builder::InsertPoint;
use ir::dialect::arith::CmpIPredicate::{self, Sge, Sle, Slt};
use ir::effects::{Effect, Effects};
use ir::{Context, OpId, OpKind, OperationState, TypeKind, ValueDef, ValueId};
use pass::{PassDecl, PassResult, Statistics};
use rustc_hash::{FxHashMap, FxHashSet};

pub struct HoistConstraints;

impl PassDecl for HoistConstraints {
    const NAME: &'static str = "hoist-constraints";
    const SUMMARY: &'static str =
        "Move constraints as early as they can go and merge assuming regions";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        hoist_constraints(ctx, op);
        Ok(())
    }
}

/// Constraints, the ops that combine or make witnesses, and ops defined on
/// every input: they may run before any check.
fn movable(ctx: &Context, op: OpId) -> bool {
    let kind = ctx.kind(op);
    let constraint = kind.is_constraint()
        || matches!(kind, OpKind::ShapeAssumingAll | OpKind::ShapeConstWitness);
    constraint || pass::defined_everywhere(ctx, op)
}

/// Whether `op`, not defined on every input, is defined just before `at`
/// given the checks that ran before it: a `get_extent` or `split_at` whose
/// index is in range. (A `broadcast` whose shapes an earlier check found
/// broadcastable stays: canonicalize drops a broadcastable check that a
/// later one of more shapes subsumes, which would leave it unguarded.)
fn defined_before(ctx: &Context, op: OpId, at: OpId) -> bool {
    match ctx.kind(op) {
        OpKind::ShapeGetExtent | OpKind::ShapeSplitAt => index_in_range_before(ctx, op, at),
        _ => false,
    }
}

/// The ops that ran before `at` once it is reached: those before it in its
/// block, then those before the op holding that block, and so on out.
fn ops_before(ctx: &Context, at: OpId) -> impl Iterator<Item = OpId> + '_ {
    std::iter::successors(Some(at), |&o| ctx.parent_op(o))
        .flat_map(|o| std::iter::successors(ctx.op(o).prev, |&p| ctx.op(p).prev))
}

/// Whether `op`, a `shape.get_extent` or `shape.split_at`, is defined
/// just before `at`: its index is in range (`0 ≤ i < rank`, or
/// `-rank ≤ i ≤ rank` for a split) given the requires that ran before
/// `at`.
fn index_in_range_before(ctx: &Context, op: OpId, at: OpId) -> bool {
    let [shape, index] = ctx.op(op).operands.as_slice() else {
        return false;
    };
    let mut bounds = value_bounds::ValueBounds::new(ctx, |_| false);
    for o in ops_before(ctx, at) {
        if ctx.kind(o) == OpKind::ShapeCstrRequire {
            if let Some(&p) = ctx.op(o).operands.first() {
                bounds.assume(p);
            }
        }
    }
    let rank = bounds.rank(*shape);
    let i = bounds.value(*index);
    let holds = |b: &mut value_bounds::ValueBounds<'_>,
                 l: &bounds::Affine,
                 p: CmpIPredicate,
                 r: &bounds::Affine| { b.cmpi(l, p, r) == Some(true) };
    if ctx.kind(op) == OpKind::ShapeGetExtent {
        holds(&mut bounds, &i, Sge, &bounds::Affine::constant(0))
            && holds(&mut bounds, &i, Slt, &rank)
    } else {
        let Some(low) = rank.scale(-1) else {
            return false;
        };
        holds(&mut bounds, &i, Sge, &low) && holds(&mut bounds, &i, Sle, &rank)
    }
}

/// The block of `assuming`'s body, if it has exactly one.
fn body(ctx: &Context, assuming: OpId) -> Option<ir::BlockId> {
    let r = *ctx.op(assuming).regions.first()?;
    match ctx.region(r).blocks.as_slice() {
        [b] => Some(*b),
        _ => None,
    }
}

fn defined_inside(ctx: &Context, v: ValueId, region_holder: OpId) -> bool {
    let block = ctx.value_block(v);
    let holder = block.and_then(|b| ctx.block_parent_op(b));
    holder.is_some_and(|h| h == region_holder || ctx.is_ancestor(region_holder, h))
}

/// Whether `v` is defined where `user` is: an argument of a block holding
/// `user` (or an op around it), or the result of an op before it there.
fn dominates(ctx: &Context, places: &Places, v: ValueId, user: OpId) -> bool {
    let (block, def) = match ctx.value(v).def {
        ValueDef::BlockArg { block, .. } => (Some(block), None),
        ValueDef::OpResult { op, .. } => (ctx.op(op).parent, Some(op)),
    };
    let holder = std::iter::successors(Some(user), |&o| ctx.parent_op(o))
        .find(|&o| block.is_some() && ctx.op(o).parent == block);
    let place = |o: OpId| places.ops.get(&o).map(|&(_, i)| i);
    match (holder, def) {
        (Some(_), None) => true,
        (Some(holder), Some(d)) => place(d) < place(holder),
        (None, _) => false,
    }
}

/// Make every `shape.cstr_broadcastable` under `root` check the shapes its
/// operands are made of (through `shape.broadcast`s, and what
/// `shape.assuming` regions yield), where they are all defined at the
/// check: a broadcast of shapes is defined only where they broadcast, so
/// `cstr_broadcastable (broadcast %a, %b), %c` checks `%a, %b, %c`; the
/// check then depends neither on the broadcast nor on the region that made
/// it. Returns how many changed.
fn read_shapes_at_source(ctx: &mut Context, root: OpId) -> usize {
    fn sources(ctx: &Context, v: ValueId, out: &mut Vec<ValueId>) {
        let Some(d) = ctx.defining_op(v) else {
            return out.push(v);
        };
        match ctx.kind(d) {
            OpKind::ShapeBroadcast => {
                for &o in &ctx.op(d).operands {
                    sources(ctx, o, out);
                }
            }
            OpKind::ShapeAssuming => {
                let index = ctx.op(d).results.iter().position(|&r| r == v);
                let yielded = body(ctx, d)
                    .and_then(|b| ctx.block_terminator(b))
                    .zip(index)
                    .and_then(|(t, i)| ctx.operand(t, i));
                match yielded {
                    Some(y) => sources(ctx, y, out),
                    None => out.push(v),
                }
            }
            _ => out.push(v),
        }
    }
    let mut checks = Vec::new();
    ctx.walk_nested(root, &mut |o| {
        if ctx.kind(o) == OpKind::ShapeCstrBroadcastable {
            checks.push(o);
        }
    });
    let places = Places::of(ctx, root);
    let mut changed = 0;
    for cstr in checks {
        let mut shapes: Vec<ValueId> = Vec::new();
        for &operand in &ctx.op(cstr).operands {
            let mut found = Vec::new();
            sources(ctx, operand, &mut found);
            if found != [operand] && !found.iter().all(|&s| dominates(ctx, &places, s, cstr)) {
                found = vec![operand];
            }
            for s in found {
                if !shapes.contains(&s) {
                    shapes.push(s);
                }
            }
        }
        // One shape is trivially broadcastable, but the op takes two or
        // more: deciding it is canonicalize-constraints' business.
        if shapes.len() > 1 && shapes.as_slice() != ctx.op(cstr).operands.as_slice() {
            ctx.set_operands(cstr, &shapes);
            changed += 1;
        }
    }
    changed
}

/// Move the movable ops of `assuming`'s body whose operands are all
/// defined outside it to just before it; returns how many moved. A check
/// stays where it is once an op with side effects stands before it in the
/// body (pure ops still move past).
fn hoist_out_of(ctx: &mut Context, assuming: OpId, effects: &mut Effects) -> usize {
    let Some(block) = body(ctx, assuming) else {
        return 0;
    };
    let mut moved = 0;
    // Ops that stay, not yet known to be free of side effects; `blocked`
    // once one of them has some.
    let mut passed = Vec::new();
    let mut blocked = false;
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    for op in ops {
        let free = ctx
            .op(op)
            .operands
            .iter()
            .all(|&v| !defined_inside(ctx, v, assuming));
        if !(free && (movable(ctx, op) || defined_before(ctx, op, assuming))) {
            passed.push(op);
            continue;
        }
        if effects.own(ctx, op) == Effect::Fails {
            blocked = blocked || passed.drain(..).any(|p| effects.has_side_effects(ctx, p));
            if blocked {
                continue;
            }
        }
        ctx.move_op_before(op, assuming);
        moved += 1;
    }
    moved
}

/// If `assuming`'s body ends with another assuming whose results it yields
/// unchanged and whose witness is defined outside, take that one's body
/// under both witnesses. Returns whether it merged.
fn merge_nested(ctx: &mut Context, assuming: OpId) -> bool {
    let Some(block) = body(ctx, assuming) else {
        return false;
    };
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    let [.., inner, yield_op] = ops.as_slice() else {
        return false;
    };
    let (inner, yield_op) = (*inner, *yield_op);
    let Some(inner_block) = (ctx.kind(inner) == OpKind::ShapeAssuming)
        .then(|| body(ctx, inner))
        .flatten()
    else {
        return false;
    };
    let yields_inner = ctx.op(yield_op).operands.as_slice() == ctx.op(inner).results.as_slice();
    let Some(inner_witness) = ctx.operand(inner, 0) else {
        return false;
    };
    if !yields_inner || defined_inside(ctx, inner_witness, assuming) {
        return false;
    }
    let Some(outer_witness) = ctx.operand(assuming, 0) else {
        return false;
    };
    let all = conjunction(ctx, &[outer_witness, inner_witness], assuming);
    ctx.set_operand(assuming, 0, all);
    // The inner body moves up; its yield replaces the outer one.
    let inner_ops: Vec<OpId> = ctx.block_ops(inner_block).collect();
    for op in inner_ops {
        ctx.move_op_before(op, yield_op);
    }
    ctx.erase_op(yield_op);
    ctx.erase_op(inner);
    true
}

/// A `shape.assuming_all` of `witnesses`, made just before `at` (they must
/// all be defined there). Conjunctions of conjunctions are flattened once
/// nothing else changes ([`canonicalize_conjunctions`]).
fn conjunction(ctx: &mut Context, witnesses: &[ValueId], at: OpId) -> ValueId {
    let mut all = OperationState::new(OpKind::ShapeAssumingAll, ctx.op(at).loc.clone());
    all.operands.extend(witnesses.iter().copied());
    all.result_types.push(ctx.intern_type(TypeKind::Witness));
    let all = InsertPoint::Before(at).insert(ctx, all);
    ctx.op(all).results[0]
}

/// The effect of each region op met so far ([`Effects::of`] walks the
/// whole region; a merged region's is the join of its parts'). Hoisting
/// and merging never move an op with side effects out of a region, so a
/// region keeps the effect noted.
#[derive(Default)]
struct RegionEffects(FxHashMap<OpId, Effect>);

impl RegionEffects {
    fn of(&mut self, ctx: &Context, effects: &mut Effects, op: OpId) -> Effect {
        *self.0.entry(op).or_insert_with(|| effects.of(ctx, op))
    }
}

/// Merge `first`, a `shape.assuming`, with the next `shape.assuming` of its
/// block (`second`) into one region under both witnesses, when `second`'s
/// witness can be computed before `first`: the ops between them that
/// compute it (the constraints, the ops defined on every input, and those
/// the checks before `first` make defined) move before `first`, as long as
/// none uses `first`'s results and no check among them would cross an op
/// with side effects (in `first`'s body, or between the two before it).
/// The other ops between them move into the merged region, between the two
/// bodies; the values used after `second` leave through its yield. Returns
/// the merged op.
fn merge_sequential(
    ctx: &mut Context,
    first: OpId,
    effects: &mut Effects,
    known: &mut RegionEffects,
) -> Option<OpId> {
    let between: Vec<OpId> = std::iter::successors(ctx.op(first).next, |&o| ctx.op(o).next)
        .take_while(|&o| ctx.kind(o) != OpKind::ShapeAssuming)
        .collect();
    let second = ctx.op(between.last().copied().unwrap_or(first)).next?;
    if ctx.kind(second) != OpKind::ShapeAssuming {
        return None;
    }
    let (first_body, second_body) = (body(ctx, first)?, body(ctx, second)?);
    let (first_yield, second_yield) = (
        ctx.block_terminator(first_body)?,
        ctx.block_terminator(second_body)?,
    );
    let (first_witness, second_witness) = (ctx.operand(first, 0)?, ctx.operand(second, 0)?);
    // The ops between the two that compute `second`'s witness.
    let between_set: FxHashSet<OpId> = between.iter().copied().collect();
    let mut slice = FxHashSet::default();
    let mut pending = vec![second_witness];
    while let Some(v) = pending.pop() {
        match ctx.defining_op(v) {
            Some(d) if d == first => return None,
            Some(d) if between_set.contains(&d) && slice.insert(d) => {
                pending.extend(ctx.op(d).operands.iter().copied());
            }
            _ => {}
        }
    }
    // Each moves before `first`; a check must not cross an effect there.
    let mut crossed = Vec::new();
    for &op in &between {
        if !slice.contains(&op) {
            crossed.push(op);
            continue;
        }
        if !(movable(ctx, op) || defined_before(ctx, op, first)) {
            return None;
        }
        if effects.own(ctx, op) == Effect::Fails
            && (known.of(ctx, effects, first) == Effect::Any
                || crossed.drain(..).any(|c| effects.has_side_effects(ctx, c)))
        {
            return None;
        }
    }
    let (moving_up, rest): (Vec<OpId>, Vec<OpId>) =
        between.into_iter().partition(|o| slice.contains(o));
    // Values of the ops moving in that are used after `second`.
    let moving_in: FxHashSet<OpId> = rest.iter().copied().chain([second]).collect();
    let inside = |ctx: &Context, user: OpId| {
        std::iter::successors(Some(user), |&o| ctx.parent_op(o)).any(|o| moving_in.contains(&o))
    };
    let used_after =
        |ctx: &Context, v: ValueId| ctx.value(v).uses.iter().any(|u| !inside(ctx, u.op));
    let escaping: Vec<ValueId> = rest
        .iter()
        .flat_map(|&r| ctx.op(r).results.iter().copied())
        .filter(|&v| used_after(ctx, v))
        .collect();
    // `first`'s results still used after the merged region.
    let first_results = ctx.op(first).results.to_vec();
    let first_kept: Vec<bool> = first_results.iter().map(|&v| used_after(ctx, v)).collect();
    let merged_effect = [first, second]
        .iter()
        .chain(&rest)
        .map(|&o| known.of(ctx, effects, o))
        .max()
        .unwrap_or(Effect::None);
    for op in moving_up {
        ctx.move_op_before(op, first);
    }
    let all = conjunction(ctx, &[first_witness, second_witness], first);
    let first_yielded = ctx.op(first_yield).operands.to_vec();
    let mut yielded: Vec<ValueId> = first_yielded
        .iter()
        .zip(&first_kept)
        .filter(|(_, &kept)| kept)
        .map(|(&v, _)| v)
        .collect();
    yielded.extend(escaping.iter().copied());
    yielded.extend(ctx.op(second_yield).operands.iter().copied());
    // The merged region is `first`'s, the rest and `second`'s body added.
    let mut state = OperationState::new(OpKind::ShapeAssuming, ctx.op(first).loc.clone());
    state.operands.push(all);
    state.result_types = yielded.iter().map(|&v| ctx.value_type(v)).collect();
    state.regions.extend(ctx.take_regions(first));
    let merged = ir::builder::detached(ctx, state);
    InsertPoint::Before(first).place(ctx, merged);
    let second_ops: Vec<OpId> = ctx.block_ops(second_body).collect();
    for op in rest.into_iter().chain(second_ops) {
        if op != second_yield {
            ctx.move_op_before(op, first_yield);
        }
    }
    ctx.set_operands(first_yield, &yielded);
    // Uses of `first`'s results inside read what its body yielded; the
    // uses after the merged region of what it yields read its results.
    let results = ctx.op(merged).results.to_vec();
    let mut result = results.iter().copied();
    for ((&old, &inner), &kept) in first_results.iter().zip(&first_yielded).zip(&first_kept) {
        let outer = kept.then(|| result.next()).flatten();
        redirect(ctx, merged, old, Some(inner), outer);
    }
    let second_results = ctx.op(second).results.to_vec();
    for old in escaping.into_iter().chain(second_results) {
        let outer = result.next();
        redirect(ctx, merged, old, None, outer);
    }
    ctx.erase_op(first);
    ctx.erase_op(second);
    known.0.insert(merged, merged_effect);
    Some(merged)
}

/// Make the uses of `old` inside `merged` read `inner` and the others
/// `outer` (a use without its replacement stays).
fn redirect(
    ctx: &mut Context,
    merged: OpId,
    old: ValueId,
    inner: Option<ValueId>,
    outer: Option<ValueId>,
) {
    let replacements: Vec<(OpId, usize, ValueId)> = ctx
        .value(old)
        .uses
        .iter()
        .filter_map(|u| {
            let replacement = match ctx.is_ancestor(merged, u.op) {
                true => inner?,
                false => outer?,
            };
            Some((u.op, u.operand as usize, replacement))
        })
        .collect();
    for (user, operand, replacement) in replacements {
        ctx.set_operand(user, operand, replacement);
    }
}

/// Where each op and block under a root stands, for sorting values that
/// all dominate one point: the nesting depth of its block, and its place
/// there.
#[derive(Default)]
struct Places {
    ops: FxHashMap<OpId, (usize, usize)>,
    blocks: FxHashMap<ir::BlockId, usize>,
}

impl Places {
    fn of(ctx: &Context, root: OpId) -> Self {
        let mut places = Places::default();
        places.add(ctx, root, 0);
        places
    }

    fn add(&mut self, ctx: &Context, op: OpId, depth: usize) {
        for &r in &ctx.op(op).regions {
            for &b in &ctx.region(r).blocks {
                self.blocks.insert(b, depth);
                for (i, o) in ctx.block_ops(b).enumerate() {
                    self.ops.insert(o, (depth, i + 1));
                    self.add(ctx, o, depth + 1);
                }
            }
        }
    }

    /// Values of outer blocks first; within a block, arguments in order,
    /// then op results in program order. A value from outside the walked
    /// op (its function's caller cannot give one, but a nested walk can)
    /// sorts first: the key only orders, it decides nothing.
    fn key(&self, ctx: &Context, v: ValueId) -> (usize, usize, u32) {
        match ctx.value(v).def {
            ValueDef::BlockArg { block, index } => {
                (self.blocks.get(&block).copied().unwrap_or(0), 0, index)
            }
            ValueDef::OpResult { op, index } => {
                let (depth, place) = self.ops.get(&op).copied().unwrap_or_default();
                (depth, place, index)
            }
        }
    }
}

/// `witnesses` with every `shape.assuming_all` among them replaced by its
/// operands (through any depth of conjunctions), without duplicates, in
/// canonical order ([`Places::key`]).
fn flattened(ctx: &Context, witnesses: &[ValueId], places: &Places) -> Vec<ValueId> {
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    let mut pending: Vec<ValueId> = witnesses.iter().rev().copied().collect();
    while let Some(w) = pending.pop() {
        if !seen.insert(w) {
            continue;
        }
        match ctx.defining_op(w) {
            Some(d) if ctx.kind(d) == OpKind::ShapeAssumingAll => {
                pending.extend(ctx.op(d).operands.iter().rev());
            }
            _ => out.push(w),
        }
    }
    out.sort_by_cached_key(|&w| places.key(ctx, w));
    out
}

/// Give every `shape.assuming_all` under `op` its canonical operands:
/// flattened, without duplicates, sorted. A conjunction only other
/// conjunctions use is flattened into them (and then is dead). Returns how
/// many changed.
fn canonicalize_conjunctions(ctx: &mut Context, op: OpId) -> usize {
    let is_conjunction = |ctx: &Context, o: OpId| ctx.kind(o) == OpKind::ShapeAssumingAll;
    let mut conjunctions = Vec::new();
    ctx.walk_nested(op, &mut |o| {
        let used_elsewhere = ctx.op(o).results.iter().any(|&r| {
            let uses = &ctx.value(r).uses;
            uses.is_empty() || uses.iter().any(|u| !is_conjunction(ctx, u.op))
        });
        if is_conjunction(ctx, o) && used_elsewhere {
            conjunctions.push(o);
        }
    });
    let places = Places::of(ctx, op);
    let mut changed = 0;
    for all in conjunctions {
        let operands = ctx.op(all).operands.to_vec();
        let canonical = flattened(ctx, &operands, &places);
        if canonical != operands {
            ctx.set_operands(all, &canonical);
            changed += 1;
            // The conjunctions flattened into it, now unused, go (a chain
            // of them at once, not one per dead-code sweep).
            let mut pending = operands;
            while let Some(w) = pending.pop() {
                match ctx.defining_op(w) {
                    Some(d) if ctx.kind(d) == OpKind::ShapeAssumingAll && !ctx.has_uses(w) => {
                        pending.extend(ctx.op(d).operands.iter().copied());
                        ctx.erase_op(d);
                    }
                    _ => {}
                }
            }
        }
    }
    changed
}

/// Hoist and merge everywhere under `op` until nothing changes; returns
/// how many ops moved, checks read their shapes at the source, or regions
/// merged.
pub fn hoist_constraints(ctx: &mut Context, op: OpId) -> usize {
    let mut effects = Effects::new();
    let mut known = RegionEffects::default();
    let mut changes = 0;
    loop {
        let mut round = read_shapes_at_source(ctx, op);
        let mut assumings = Vec::new();
        ctx.walk_nested(op, &mut |o| {
            if ctx.kind(o) == OpKind::ShapeAssuming {
                assumings.push(o);
            }
        });
        for &a in assumings.iter().rev() {
            round += hoist_out_of(ctx, a, &mut effects);
        }
        for &a in &assumings {
            if ctx.op(a).parent.is_some() && merge_nested(ctx, a) {
                round += 1;
            }
        }
        for &a in &assumings {
            let mut current = Some(a).filter(|&a| ctx.op(a).parent.is_some());
            while let Some(merged) =
                current.and_then(|c| merge_sequential(ctx, c, &mut effects, &mut known))
            {
                round += 1;
                current = Some(merged);
            }
        }
        if round == 0 {
            changes += canonicalize_conjunctions(ctx, op);
            // Conjunctions a merge made redundant go with the dead code.
            pass::erase_dead_ops(ctx, op);
            return changes;
        }
        changes += round;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What makes moving ops across effects sound: every op the passes
    /// may run before a check ([`pass::defined_everywhere`]) has no effect.
    #[test]
    fn ops_defined_everywhere_have_no_effect() {
        let text = r#"
func.func @f(%t: tensor<?xf32>, %s: tensor<?xindex>, %i: index, %j: i64) {
  %0 = shape.shape_of %t : tensor<?xf32> -> tensor<?xindex>
  %1 = shape.rank %s : tensor<?xindex> -> index
  %2 = shape.concat %s, %0 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %3 = shape.num_elements %s : tensor<?xindex> -> index
  %4 = shape.any %s, %0 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %5 = shape.shape_eq %s, %0 : tensor<?xindex>, tensor<?xindex>
  %6 = shape.is_broadcastable %s, %0 : tensor<?xindex>, tensor<?xindex>
  %7 = shape.const_shape [1, 2] : tensor<2xindex>
  %8 = shape.const_size 3
  %9 = tensor.from_elements %i, %1 : tensor<2xindex>
  %c = arith.constant 1 : index
  %10 = arith.addi %i, %c : index
  %11 = arith.subi %i, %c : index
  %12 = arith.muli %i, %c : index
  %13 = arith.cmpi slt, %i, %c : index
  %14 = arith.andi %13, %5 : i1
  %15 = arith.ori %13, %5 : i1
  %16 = arith.xori %13, %5 : i1
  %17 = arith.select %13, %i, %c : index
  %18 = arith.maxsi %i, %c : index
  %19 = arith.minsi %i, %c : index
  %20 = arith.maxui %i, %c : index
  %21 = arith.minui %i, %c : index
  %22 = arith.index_cast %j : i64 to index
  return
}
"#;
        let mut ctx = Context::new();
        let (module, diags) =
            syntax::parse_source(&mut ctx, 0, "f.mlir", text.as_bytes(), &Default::default());
        let module = module.unwrap_or_else(|| panic!("{diags:?}"));
        let mut defined = 0;
        let mut effects = Effects::new();
        ctx.walk_nested(module, &mut |o| {
            if pass::defined_everywhere(&ctx, o) {
                defined += 1;
                assert_eq!(effects.of(&ctx, o), Effect::None, "{}", ctx.op_name(o));
            }
        });
        assert_eq!(defined, 24);
    }

    /// `n` regions one after the other, each checking shapes computed just
    /// before it and using the previous region's result.
    fn chain(n: usize) -> String {
        let mut text = String::from("func.func @f(%a: index, %b: index) -> index {\n  %c1 = arith.constant 1 : index\n  %r0 = arith.constant 0 : index\n");
        for i in 1..=n {
            text += &format!(
                "  %k{i} = arith.constant {i} : index\n  %d{i} = arith.addi %a, %k{i} : index\n  \
                 %s{i} = tensor.from_elements %d{i}, %b : tensor<2xindex>\n  \
                 %u{i} = tensor.from_elements %b, %d{i} : tensor<2xindex>\n  \
                 %w{i} = shape.cstr_broadcastable %s{i}, %u{i} : tensor<2xindex>, tensor<2xindex>\n  \
                 %r{i} = shape.assuming %w{i} -> (index) {{\n    \
                 %v{i} = arith.addi %r{}, %c1 : index\n    shape.assuming_yield %v{i} : index\n  }}\n",
                i - 1
            );
        }
        text + &format!("  return %r{n} : index\n}}\n")
    }

    /// Merging a chain of regions one after the other takes time linear in
    /// its length (flattening the growing conjunction, or yielding every
    /// earlier result, at each merge was quadratic): four times the regions
    /// may take at most eight times as long.
    #[test]
    fn a_chain_of_regions_merges_in_linear_time() {
        let run = |n: usize| {
            let mut ctx = Context::new();
            let text = chain(n);
            let (module, diags) =
                syntax::parse_source(&mut ctx, 0, "f.mlir", text.as_bytes(), &Default::default());
            let module = module.unwrap_or_else(|| panic!("{diags:?}"));
            let started = std::time::Instant::now();
            hoist_constraints(&mut ctx, module);
            let took = started.elapsed().as_secs_f64();
            let mut regions = 0;
            ctx.walk_nested(module, &mut |o| {
                regions += usize::from(ctx.op_name(o) == "shape.assuming")
            });
            assert_eq!(regions, 1);
            took
        };
        let (small, large) = (run(300), run(1_200));
        assert!(
            large < 8.0 * small.max(0.05),
            "300 regions: {small:.2} s; 1,200: {large:.2} s"
        );
    }
}
