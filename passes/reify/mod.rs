//! Passes that turn what is known of shapes into IR: from value bounds
//! (crate `value-bounds`), `reify-result-shapes` (the dynamic dimensions
//! tensor ops make, from their operands) and `reify-bounds` (the bounds
//! `test.reify_bound` ops ask for, in terms of the function's arguments);
//! from the built-in rules of StableHLO, MHLO and CHLO ops (crate `hlo`),
//! `reify-host-shapes` (their result shapes) and `insert-host-checks`
//! (their requirements, as constraints).

pub mod insert_host_checks;
pub mod reify_bounds;
pub mod reify_host_shapes;
pub mod reify_result_shapes;

use ir::{Context, OpId, ValueId};
use value_bounds::BoundKind;

/// A bound kind as written in options and attributes: `lb`, `ub` or `eq`,
/// in either case.
pub fn parse_kind(text: &str) -> Option<BoundKind> {
    match text.to_ascii_lowercase().as_str() {
        "lb" => Some(BoundKind::Lower),
        "ub" => Some(BoundKind::Upper),
        "eq" => Some(BoundKind::Equal),
        _ => None,
    }
}

/// The arguments of the function (`func.func` or `shape.func`) `op` is in.
pub fn enclosing_function_arguments(ctx: &Context, op: OpId) -> Option<Vec<ValueId>> {
    let mut at = ctx.parent_op(op);
    while let Some(f) = at {
        if pass::is_function(ctx, f) {
            let entry = ctx
                .op(f)
                .regions
                .first()
                .and_then(|&r| ctx.region(r).blocks.first())?;
            return Some(ctx.block(*entry).args.clone());
        }
        at = ctx.parent_op(f);
    }
    None
}
