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
//! `get_extent`s, `broadcast`, divisions and element reads stay behind the
//! checks that make them defined. Then a region whose last op is another `shape.assuming`, whose
//! results it yields unchanged and whose witness is defined outside, takes
//! that region's body under the conjunction of both witnesses. Every
//! `shape.assuming_all` ends canonical: flattened (an operand that is
//! itself a conjunction is replaced by its operands), without duplicates,
//! and sorted by where its witnesses are defined (outer blocks first, then
//! program order), so equal conjunctions are equal ops and `cse` merges
//! them.
//!
//! Why this keeps the meaning: a constraint fails where it stands, so
//! reaching a region means every witness before it held; running a check
//! earlier can only make a failing function fail with another of its
//! messages, and running defined ops earlier changes nothing. Each region's
//! body runs under at least the witnesses it ran under before.
//!
//! Precondition: constrained form. Postcondition: constrained form; no
//! movable op is left in a region it could leave; no region is directly
//! nested in another it could merge with. Declines: multi-block regions,
//! ops with regions, anything that is not defined on every input.
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

use diag::Diagnostic;
use ir::{Context, OpId, OperationState, TypeKind, ValueDef, ValueId};
use pass::{no_options, Pass, PassInfo, PassRegistry};

pub struct HoistConstraints;

pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "hoist-constraints",
        summary: "Move constraints as early as they can go and merge assuming regions",
        anchor: None,
        build: |options| {
            no_options("hoist-constraints", options)?;
            Ok(Box::new(HoistConstraints))
        },
    });
}

impl Pass for HoistConstraints {
    fn name(&self) -> &'static str {
        "hoist-constraints"
    }
    fn run(&self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        hoist_constraints(ctx, op);
        Ok(())
    }
}

/// Constraints, and ops defined on every input: they may run before any
/// check.
fn movable(ctx: &Context, op: OpId) -> bool {
    let constraint = matches!(
        ctx.op_name(op),
        "shape.cstr_eq"
            | "shape.cstr_broadcastable"
            | "shape.cstr_require"
            | "shape.assuming_all"
            | "shape.const_witness"
    );
    constraint || pass::defined_everywhere(ctx, op)
}

/// Whether `op`, a `shape.get_extent` or `shape.split_at`, is defined
/// just before `at`: its index is in range (`0 ≤ i < rank`, or
/// `-rank ≤ i ≤ rank` for a split) given the requires that ran before
/// `at` (in its block and the enclosing ones, before it).
fn index_in_range_before(ctx: &Context, op: OpId, at: OpId) -> bool {
    let name = ctx.op_name(op);
    if name != "shape.get_extent" && name != "shape.split_at" {
        return false;
    }
    let [shape, index] = ctx.op(op).operands.as_slice() else {
        return false;
    };
    let mut bounds = value_bounds::ValueBounds::new(ctx, |_| false);
    for before in std::iter::successors(Some(at), |&o| ctx.parent_op(o)) {
        let mut earlier = ctx.op(before).prev;
        while let Some(o) = earlier {
            if ctx.op_name(o) == "shape.cstr_require" {
                if let Some(&p) = ctx.op(o).operands.first() {
                    bounds.assume(p);
                }
            }
            earlier = ctx.op(o).prev;
        }
    }
    let rank = bounds.rank(*shape);
    let i = bounds.value(*index);
    let holds = |b: &mut value_bounds::ValueBounds<'_>,
                 l: &bounds::Affine,
                 p: &str,
                 r: &bounds::Affine| { b.compare(l, p, r) == Some(true) };
    if name == "shape.get_extent" {
        holds(&mut bounds, &i, "sge", &bounds::Affine::constant(0))
            && holds(&mut bounds, &i, "slt", &rank)
    } else {
        let Some(low) = rank.scale(-1) else {
            return false;
        };
        holds(&mut bounds, &i, "sge", &low) && holds(&mut bounds, &i, "sle", &rank)
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

/// Move the movable ops of `assuming`'s body whose operands are all
/// defined outside it to just before it; returns how many moved.
fn hoist_out_of(ctx: &mut Context, assuming: OpId) -> usize {
    let Some(block) = body(ctx, assuming) else {
        return 0;
    };
    let mut moved = 0;
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    for op in ops {
        let free = ctx
            .op(op)
            .operands
            .iter()
            .all(|&v| !defined_inside(ctx, v, assuming));
        if free && (movable(ctx, op) || index_in_range_before(ctx, op, assuming)) {
            ctx.move_op_before(op, assuming);
            moved += 1;
        }
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
    let Some(inner_block) = (ctx.op_name(inner) == "shape.assuming")
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
    // The conjunction, before the outer region (both witnesses dominate it).
    let witnesses = flattened(ctx, &[outer_witness, inner_witness]);
    let loc = ctx.op(assuming).loc.clone();
    let mut all = OperationState::new("shape.assuming_all", loc);
    all.operands.extend(witnesses);
    all.result_types.push(ctx.intern_type(TypeKind::Witness));
    let all = ctx.create_op(all);
    ctx.insert_op_before(assuming, all);
    if let Some(w) = ctx.result(all, 0) {
        ctx.set_operand(assuming, 0, w);
    }
    // The inner body moves up; its yield replaces the outer one.
    let inner_ops: Vec<OpId> = ctx.block_ops(inner_block).collect();
    for op in inner_ops {
        ctx.move_op_before(op, yield_op);
    }
    ctx.erase_op(yield_op);
    ctx.erase_op(inner);
    true
}

/// `witnesses` with every `shape.assuming_all` among them replaced by its
/// operands, without duplicates, in canonical order: where they are
/// defined (see [`definition_order`]).
fn flattened(ctx: &Context, witnesses: &[ValueId]) -> Vec<ValueId> {
    let mut out: Vec<ValueId> = Vec::new();
    for &w in witnesses {
        let parts = match ctx.defining_op(w) {
            Some(d) if ctx.op_name(d) == "shape.assuming_all" => {
                flattened(ctx, &ctx.op(d).operands)
            }
            _ => vec![w],
        };
        for p in parts {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out.sort_by_cached_key(|&w| definition_order(ctx, w));
    out
}

/// A sort key for values that all dominate one point: values of outer
/// blocks first; within a block, arguments in order, then op results in
/// program order.
fn definition_order(ctx: &Context, v: ValueId) -> (usize, usize, u32) {
    let depth = |block: ir::BlockId| {
        let mut depth = 0;
        let mut op = ctx.block(block).parent.and_then(|r| ctx.region(r).parent);
        while let Some(o) = op {
            depth += 1;
            op = ctx.parent_op(o);
        }
        depth
    };
    match ctx.value(v).def {
        ValueDef::BlockArg { block, index } => (depth(block), 0, index),
        ValueDef::OpResult { op, index } => {
            let position = std::iter::successors(Some(op), |&o| ctx.op(o).prev).count();
            let depth = ctx.op(op).parent.map_or(0, depth);
            (depth, position, index)
        }
    }
}

/// Give every `shape.assuming_all` under `op` its canonical operands:
/// flattened, without duplicates, sorted. Returns how many changed.
fn canonicalize_conjunctions(ctx: &mut Context, op: OpId) -> usize {
    let mut conjunctions = Vec::new();
    ctx.walk_nested(op, &mut |o| {
        if ctx.op_name(o) == "shape.assuming_all" {
            conjunctions.push(o);
        }
    });
    let mut changed = 0;
    for all in conjunctions {
        let canonical = flattened(ctx, &ctx.op(all).operands);
        if canonical.as_slice() != ctx.op(all).operands.as_slice() {
            ctx.set_operands(all, &canonical);
            changed += 1;
        }
    }
    changed
}

/// Hoist and merge everywhere under `op` until nothing changes; returns
/// how many ops moved or regions merged.
pub fn hoist_constraints(ctx: &mut Context, op: OpId) -> usize {
    let mut changes = 0;
    loop {
        let mut assumings = Vec::new();
        ctx.walk_nested(op, &mut |o| {
            if ctx.op_name(o) == "shape.assuming" {
                assumings.push(o);
            }
        });
        let mut round = 0;
        for &a in assumings.iter().rev() {
            round += hoist_out_of(ctx, a);
        }
        for &a in &assumings {
            if ctx.op(a).parent.is_some() && merge_nested(ctx, a) {
                round += 1;
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
