//! The per-op interface: what an op knows about the targets its results
//! define, and the registry from op kinds to implementations.

use crate::{Target, ValueBounds};
use ir::{OpId, OpKind};

/// Our form of MLIR's `ValueBoundsOpInterface`: an op adds to the set what holds
/// about `target` (always about one of `op`'s results, or a block argument
/// of one of its regions) in terms of other targets, through
/// [`ValueBounds::add`] and the expression makers of [`ValueBounds`].
/// Adding nothing is always sound; adding something that may not hold is
/// the one thing an implementation must never do.
pub trait BoundsOp: Sync {
    /// Add the bounds of `target` that `op` implies.
    fn populate(&self, op: OpId, target: Target, bounds: &mut ValueBounds<'_>);
}

/// The implementation for ops of kind `kind`, if it has one.
pub fn bounds_op(kind: OpKind) -> Option<&'static dyn BoundsOp> {
    crate::arith::bounds_op(kind)
        .or_else(|| crate::shape::bounds_op(kind))
        .or_else(|| crate::scf::bounds_op(kind))
        .or_else(|| crate::tensor::bounds_op(kind))
}
