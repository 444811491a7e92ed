//! Analyses that passes query, apart from any pass: each computes facts of
//! the IR as it is and changes nothing.
//!
//! - [`ranks`]: which shapes have a rank known at a point of a function,
//!   from their types, how they were made and the checks before the point
//!   (used by `convert-shape-to-std` to emit straight-line code);
//! - [`call_graph`]: MLIR's call graph and symbol lookups (used by
//!   `inline`), on [`symbols`];
//! - [`errors`]: error reachability in error-monadic functions — which
//!   values may be error values and which values' errors matter (used by
//!   `lower-to-constrained`).
//! - [`shape_facts`]: static shape facts — the partial shape, size or
//!   boolean known of each value, and the ops certain to fail (used by
//!   `infer-shapes` and `--mlir-print-shape-facts`).
//! - [`strict_extents`]: under strict symbolic shapes, where each extent
//!   of a shape comes from and the checks a broadcast makes (used by the
//!   interpreter, `convert-shape-to-std` and `canonicalize-constraints`).
//!
//! Value bounds are the `value-bounds` crate's.

pub mod call_graph;
pub mod errors;
pub mod ranks;
pub mod shape_facts;
pub mod strict_extents;
pub mod symbols;
