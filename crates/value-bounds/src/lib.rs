//! Bounds of index values and dimension sizes, after MLIR's design
//! (`ValueBoundsOpInterface`) over our IR.
//!
//! A [`ValueBounds`] is a constraint set (crate `bounds`) whose columns
//! stand for [`Target`]s: `index`-like SSA values, dimensions of shaped
//! values, and the rank and extents of shape values (`!shape.shape` and
//! extent tensors). Asking for a target's column queues it; processing the
//! queue asks the op defining each queued target to add what it knows
//! about it ([`BoundsOp::populate`], implemented per op, one file per
//! dialect), which in turn names further targets, until the caller's stop
//! condition holds for every target still unexplained or a step budget
//! runs out. Queries then project the set onto the targets of interest:
//! [`compute_bound`] gives lower, upper (inclusive) or equality bounds as
//! affine expressions in the stopped targets, [`constant_bound`] constant
//! ones, [`ValueBounds::implies`] decides a comparison, and
//! [`materialize`] turns a bound into `arith` ops (MLIR's
//! `reifyBound`).
//!
//! What an op adds holds wherever its results exist: an op whose operands
//! are out of its domain (a `shape.split_at` past the rank, a slice out of
//! bounds) fails or is undefined before any of its results is read, so
//! code that reads them may assume it succeeded. This is the constrained,
//! asserting and std forms' semantics; error-monadic code, where such ops
//! give error values, must not be asked. `index` arithmetic is assumed
//! not to wrap, as in MLIR; fixed-width integers take part only through
//! constants and casts.

mod arith;
mod interface;
mod predicates;
mod reify;
mod scf;
mod set;
mod shape;
mod tensor;

#[cfg(test)]
mod tests;

pub use bounds::BoundKind;
pub use interface::{bounds_op, BoundsOp};
pub use predicates::{decide_given, MAX_ESTABLISHED};
pub use reify::{
    about_values, compute_bound, constant_bound, fixed_by_type, materialize, TargetExpr,
};
pub use set::ValueBounds;

use ir::{Context, TypeKind, ValueId};

/// What a column of the constraint set stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// An `index`, integer or `!shape.size` value.
    Value(ValueId),
    /// Dimension `d` of a shaped value (for an extent tensor, dimension 0
    /// is its number of extents).
    Dim(ValueId, usize),
    /// The number of extents of a `!shape.shape` value (that of an extent
    /// tensor is `Dim(v, 0)`, see [`Target::rank_of`]).
    Rank(ValueId),
    /// Extent `i` of a shape value: of a `!shape.shape`, or element `i` of
    /// a 1-D tensor of `index` used as an extent tensor.
    Extent(ValueId, usize),
}

impl Target {
    /// The SSA value the target is about.
    pub fn value(self) -> ValueId {
        match self {
            Target::Value(v) | Target::Dim(v, _) | Target::Rank(v) | Target::Extent(v, _) => v,
        }
    }

    /// The same kind of target about another value (for ops that pass a
    /// value through: casts, `shape.assuming` results).
    pub fn with_value(self, v: ValueId) -> Target {
        match self {
            Target::Value(_) => Target::Value(v),
            Target::Dim(_, d) => Target::Dim(v, d),
            Target::Rank(_) => Target::Rank(v),
            Target::Extent(_, i) => Target::Extent(v, i),
        }
    }

    /// The same target about `to`, a value the op passes through (a
    /// cast, `shape.to_extent_tensor`, a `shape.assuming` result): as
    /// [`Target::with_value`], except that the number of extents moves
    /// between `Rank` of a `!shape.shape` and `Dim(_, 0)` of an extent
    /// tensor.
    pub fn forwarded(self, ctx: &Context, to: ValueId) -> Target {
        match (self, ctx.type_kind(ctx.value_type(to))) {
            (Target::Dim(_, 0), TypeKind::Shape) => Target::Rank(to),
            (Target::Rank(_), _) => Target::rank_of(ctx, to),
            _ => self.with_value(to),
        }
    }

    /// The number of extents of shape value `s`: `Dim(s, 0)` for an
    /// extent tensor, `Rank(s)` for a `!shape.shape`.
    pub fn rank_of(ctx: &Context, s: ValueId) -> Target {
        match ctx.type_kind(ctx.value_type(s)) {
            TypeKind::RankedTensor { .. } => Target::Dim(s, 0),
            _ => Target::Rank(s),
        }
    }
}
