//! Constraint canonicalisation with an e-graph (`egg`).
//!
//! [`canonicalize_constraints()`] puts the pure shape, size, index and
//! predicate values of each function into an e-graph ([`ShapeLang`]), with
//! an analysis that folds constants and knows the extents of shapes whose
//! rank is known (the shape of a `tensor<2x?xf32>` is the list `[2, d]`).
//! The `cstr`/`assuming` skeleton stays in the IR. Constraints are decided
//! in program order: a constraint fails where it stands, so at each one
//! every constraint before it held, and its facts (`cstr_eq a, b`: `a ≡ b`;
//! `cstr_require (eq x, y)`: `x ≡ y`) are unions in the e-graph. Each
//! constraint is then
//! - **proven true** (its operands are one class, its predicate the
//!   constant true, or a broadcastable set it is a subset of was checked
//!   before): replaced by `shape.const_witness true`, with a `remark`
//!   tracing event naming why;
//! - **proven false** (known extents conflict, its predicate is the
//!   constant false): a compile-time error at the constraint quoting its
//!   message, with a note at the op that made the conflicting value;
//! - **unknown**: kept, and its facts join the e-graph.
//!
//! Rules ([`rules`]) are grouped by family and named; no blanket
//! commutativity. Budgets (pass options `max-iterations`, `max-nodes`;
//! defaults [`ITERATION_LIMIT`] and [`NODE_LIMIT`]): a saturation that hits
//! one stops, and that only leaves constraints unknown. egg runs in its
//! deterministic mode. How saturations stopped and the largest e-graph are
//! pass statistics (`--mlir-pass-statistics`, and under the pass in
//! `--mlir-timing`).

pub mod canonicalize_constraints;
pub mod constraint_graph;
pub mod language;
pub mod rules;

pub use canonicalize_constraints::{
    canonicalize_constraints, register, CanonicalizeConstraints, Limits,
};
pub use language::{Facts, ShapeLang};

/// Saturation stops after this many iterations (the constraint is then
/// decided on what is known).
pub const ITERATION_LIMIT: usize = 12;
/// Saturation stops when the e-graph has this many nodes.
pub const NODE_LIMIT: usize = 20_000;
