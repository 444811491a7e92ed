//! Error reachability of error-monadic shape functions: which
//! `!shape.shape`/`!shape.size` values may be error values, and which
//! values' errors matter (reach a result, a meet, a constraint or a host
//! op). `lower-to-constrained` checks an error where it is made only when
//! it matters, and keeps side effects before the checks they preceded.

use ir::{Context, OpId, OpKind, Type, TypeKind, ValueId};
use rustc_hash::FxHashSet;

/// Whether a value of type `t` can be an error value.
pub fn carries_errors(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Shape | TypeKind::Size)
}

/// Whether ops of `kind` turn valid operands into an error value on bad
/// input.
pub fn produces_errors(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::ShapeSplitAt
            | OpKind::ShapeGetExtent
            | OpKind::ShapeDim
            | OpKind::ShapeDiv
            | OpKind::ShapeBroadcast
            | OpKind::ShapeFromExtents
            | OpKind::ShapeMax
            | OpKind::ShapeMin
    )
}

/// Whether the `i1` result of ops of `kind` does not carry their operands'
/// errors.
pub fn swallows_errors(kind: OpKind) -> bool {
    matches!(kind, OpKind::ShapeShapeEq | OpKind::ShapeIsBroadcastable)
}

/// Which values' errors matter: those that reach a result of the function
/// or a meet (every meet is a requirement), through ops that propagate
/// errors. And which values may be errors at all.
pub struct Errors {
    /// Values whose errors reach a result, a meet, a constraint or a
    /// host op.
    pub relevant: FxHashSet<ValueId>,
    /// Values that may be errors.
    pub possible: FxHashSet<ValueId>,
}

/// `ops`: every op of the function, in program order (nested ones after
/// the op holding them). Both sets are fixpoints: values flow around loops
/// (`scf.for` iteration arguments) and out of regions through their
/// terminators.
///
/// With `through_selects` false, an `arith.select` passes on no operand's
/// error: what is needed then is needed whichever operand is chosen.
pub fn analyse(ctx: &Context, ops: &[OpId], through_selects: bool) -> Errors {
    let mut possible = FxHashSet::default();
    let mut relevant = FxHashSet::default();
    loop {
        let before = (possible.len(), relevant.len());
        for &op in ops {
            let kind = ctx.kind(op);
            let data = ctx.op(op);
            let from_operand = data.operands.iter().any(|v| possible.contains(v));
            let from_region = region_values(ctx, op).any(|v| possible.contains(&v));
            if (produces_errors(kind) || from_operand || from_region) && !swallows_errors(kind) {
                possible.extend(data.results.iter().copied().filter(|&r| {
                    carries_errors(ctx, ctx.value_type(r)) || kind == OpKind::ShapeWithShape
                }));
                // What enters a region may be an error inside it.
                possible.extend(
                    block_args(ctx, op).filter(|&a| carries_errors(ctx, ctx.value_type(a))),
                );
            }
        }
        for &op in ops.iter().rev() {
            let kind = ctx.kind(op);
            let data = ctx.op(op);
            // Results, meets, constraints (one given an error fails), what
            // a `shape.reduce` body yields (its accumulators, which reach
            // the reduce's results), and what a region gives its op when
            // that op's results or the region's arguments matter.
            // A host op cannot take an error value either.
            let seeds = matches!(
                kind,
                OpKind::FuncReturn
                    | OpKind::ShapeReturn
                    | OpKind::ShapeMeet
                    | OpKind::ShapeYield
                    | OpKind::ShapeCstrEq
                    | OpKind::ShapeCstrBroadcastable
                    | OpKind::Unregistered
            );
            let reached = data.results.iter().any(|r| relevant.contains(r))
                || block_args(ctx, op).any(|a| relevant.contains(&a));
            let gives_to_holder = is_terminator(ctx, op)
                && ctx.parent_op(op).is_some_and(|holder| {
                    ctx.op(holder).results.iter().any(|r| relevant.contains(r))
                        || block_args(ctx, holder).any(|a| relevant.contains(&a))
                });
            let passes_on =
                !swallows_errors(kind) && (through_selects || kind != OpKind::ArithSelect);
            if seeds || gives_to_holder || (reached && passes_on) {
                relevant.extend(data.operands.iter().copied());
            }
        }
        if (possible.len(), relevant.len()) == before {
            return Errors { relevant, possible };
        }
    }
}

/// Whether `op` is a terminator.
pub fn is_terminator(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.terminator)
}

/// The arguments of the blocks of `op`'s regions.
pub fn block_args(ctx: &Context, op: OpId) -> impl Iterator<Item = ValueId> + '_ {
    ctx.op(op)
        .regions
        .iter()
        .flat_map(|&r| ctx.region(r).blocks.iter())
        .flat_map(|&b| ctx.block(b).args.iter().copied())
}

/// What the terminators of `op`'s regions give back to it.
pub fn region_values(ctx: &Context, op: OpId) -> impl Iterator<Item = ValueId> + '_ {
    ctx.op(op)
        .regions
        .iter()
        .flat_map(|&r| ctx.region(r).blocks.iter())
        .filter_map(|&b| ctx.block(b).last)
        .filter(|&t| is_terminator(ctx, t))
        .flat_map(|t| ctx.op(t).operands.iter().copied())
}
