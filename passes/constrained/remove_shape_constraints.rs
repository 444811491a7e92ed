//! `remove-shape-constraints`: replace every `shape.cstr_*` by a passing
//! witness.
//!
//! Precondition: none. Postcondition: no `shape.cstr_broadcastable`,
//! `shape.cstr_eq` or `shape.cstr_require` is left; each became a
//! `shape.const_witness true` at its place, so the code they guarded runs
//! unconditionally; ops left without effect or use are erased, as MLIR's
//! rewrite driver does. This removes checks on purpose (for callers that
//! have proven them elsewhere); it declines to fold the assuming regions,
//! which is canonicalization's job.
//!
//! ```mlir
//! %0 = shape.cstr_eq %a, %b : !shape.shape, !shape.shape
//! // becomes
//! %0 = shape.const_witness true
//! ```

use ir::{Context, OpId};
use pass::{PassDecl, PassResult, Statistics};

pub struct RemoveShapeConstraints;

/// Replace the constraints under `op`; returns how many.
pub fn remove_shape_constraints(ctx: &mut Context, op: OpId) -> usize {
    let mut constraints = Vec::new();
    ctx.walk_nested(op, &mut |o| {
        if ctx.kind(o).is_constraint() {
            constraints.push(o);
        }
    });
    for &c in &constraints {
        ir::builder::replace_with_const_witness(ctx, c, true);
    }
    // Constraints only the removed ones used (assuming_all, extra witnesses) are dead now.
    pass::erase_dead_ops(ctx, op);
    constraints.len()
}

impl PassDecl for RemoveShapeConstraints {
    const NAME: &'static str = "remove-shape-constraints";
    const SUMMARY: &'static str = "Replace all cstr_ ops with a true witness";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        remove_shape_constraints(ctx, op);
        Ok(())
    }
}
