//! Partial shapes and the shape dialect's value lattice, for static
//! reasoning about shapes.
//!
//! - [`Dimension`] and [`PartialShape`] follow the partial-shape design of
//!   the seed document (004): a dimension is static or dynamic, a shape has
//!   dynamic rank or a list of dimensions; `merge` is the greatest lower
//!   bound in the refinement order (`refines`/`relaxes`), `broadcast_merge`
//!   applies numpy broadcasting as `shape.broadcast` documents it.
//! - [`Interval`] refines [`Dimension`] with bounds (`lo..=hi`) on an
//!   extent, rank or index: `meet` is the intersection, `join` the hull,
//!   arithmetic is checked, `broadcast_merge` applies numpy broadcasting to
//!   every pair of values, and a [`Comparison`] (`arith.cmpi`'s) is
//!   `decide`d on bounds or `assume`d to narrow them.
//! - [`SizeValue`] and [`ShapeValue`] are `!shape.size` and `!shape.shape`
//!   values (known, unknown, invalid) with `meet` (`shape.meet`) and `join`;
//!   [`ShapeValue::from_partial`] and [`ShapeValue::to_partial`] convert.
//!
//! Guarantees:
//! - No function panics, whatever its input: lookups return `Option`,
//!   parsing returns [`ParseError`], failed merges return [`MergeError`] or
//!   [`BroadcastError`], and `merge_into`/`broadcast_merge_into` leave the
//!   destination unchanged on failure. (Asking for a rank that cannot be
//!   allocated, e.g. `PartialShape::dynamic(Some(usize::MAX))`, fails as any
//!   `Vec` allocation does.)
//! - Dimension arithmetic is checked: a result that overflows `i64` (or hits
//!   the reserved `i64::MAX`) is dynamic, never a wrapped value; interval
//!   arithmetic returns `None` when some pair of values overflows.
//! - Interval operations are sound: every pair of values of the operands
//!   gives a value of the result, `decide` answers only what every pair
//!   gives, `assume` drops only values for which the comparison fails
//!   (property tests).
//! - `merge`, `meet` and `join` are commutative, associative and idempotent;
//!   `refines` is a partial order and `relaxes` its converse; `merge` and
//!   `meet` give greatest lower bounds and `join` least upper bounds; numpy
//!   broadcasting is commutative (all checked by property tests). `meet` is
//!   associative on lattice elements: which contradiction an invalid result
//!   names may depend on the grouping.
//! - `Display` prints the documents' informal notations (`{1,?,2}`, `?`,
//!   `[?, 2]`, `[*]`, `[invalid]`; intervals as `3`, `1..4`, `0..?`) and
//!   `FromStr` reads them back.

#![warn(missing_docs)]

mod dimension;
mod flat;
mod interval;
mod notation;
mod partial_shape;
mod value;

pub use dimension::Dimension;
pub use interval::{Comparison, Interval};
pub use notation::ParseError;
pub use partial_shape::{BroadcastError, MergeError, PartialShape};
pub use value::{ShapeValue, SizeValue};
