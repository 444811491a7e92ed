//! Affine constraint sets over integer columns, the engine under value
//! bounds (after MLIR's `ValueBoundsConstraintSet`).
//!
//! A [`ConstraintSet`] is a conjunction of affine equalities and
//! inequalities over numbered integer [`Column`]s; what a column stands for
//! (an SSA value, a dimension of a shaped value) is the caller's business.
//! Columns are removed by **Fourier–Motzkin elimination** with integer
//! tightening (coefficients made coprime, constants rounded toward the
//! feasible side), equalities first by substitution. This was chosen over a
//! simplex because the sets are small (a function's index values), the
//! queries want bounds *as expressions* in chosen columns (which is what
//! projection gives directly), and exactness is easy to track: projection
//! over-approximates the integer shadow in general, so every answer is
//! sound, and it is exact in the common unit-coefficient case
//! ([`ConstraintSet::is_exact`]).
//!
//! Queries: [`ConstraintSet::bound`] gives lower, upper (inclusive) or
//! equality bounds of a column as affine expressions in the columns a
//! predicate keeps; [`ConstraintSet::constant_bound`] the constant ones;
//! [`ConstraintSet::is_empty`] and [`ConstraintSet::implies_nonnegative`]
//! decide feasibility and implication. `⌊e/d⌋` enters through
//! [`ConstraintSet::add_floor_div`], a fresh column bounded on both sides.

mod affine;
mod set;

pub use affine::{gcd, Affine, Column};
pub use set::{BoundKind, ConstraintSet};

#[cfg(test)]
mod tests;
