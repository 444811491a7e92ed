//! Constraint canonicalisation with an e-graph (`egg`).
//!
//! The `canonicalize-constraints` pass (in the `passes` crate) puts the pure shape, size, index and
//! predicate values of each function into an e-graph ([`ShapeLang`]). The
//! `cstr`/`assuming` skeleton stays in the IR. An e-class analysis
//! ([`Facts`], see [`language`]) carries, for each class:
//! - **bounds**: a [`lattice::Interval`] `lo..=hi` of an `index` (a
//!   constant is a one-value interval), from constants, from what values are
//!   (extents of tensors, ranks: `0..?`), through `+ - * max min` (checked:
//!   a possible overflow leaves the result unbounded, as index arithmetic
//!   wraps); comparisons the bounds decide fold to `0`/`1`;
//! - **divisibility**: a [`language::Divisor`] (`x = 4k`: 4), through
//!   products (only its power of two where the product may wrap), sums and
//!   element counts; a multiple of 4 is not 6;
//! - **partial shape**: the extents of a shape of known rank (the shape of a
//!   `tensor<2x?xf32>` is the list `[2, d]`, with `d` in `0..?`), read as a
//!   [`lattice::PartialShape`] by [`language::partial_shape`].
//!
//! Constraints are decided in program order: a constraint fails where it
//! stands, so at each one every constraint before it held, and its facts
//! are in the e-graph (`cstr_eq a, b`: `a ≡ b`; `cstr_require (eq x, y)`:
//! `x ≡ y`; `cstr_require (sle 1, d)`: `d` in `1..?`). Each constraint is
//! then
//! - **proven true** (its operands are one class, its predicate the
//!   constant true — the remark quotes the bounds that decided a comparison
//!   —, or a broadcastable set it is a subset of was checked before):
//!   replaced by `shape.const_witness true`, with a `remark` tracing event
//!   naming why;
//! - **proven false** (the partial shapes do not merge or broadcast, its
//!   predicate is the constant false): a compile-time error at the
//!   constraint quoting its message and the facts (`the shapes are [3] and
//!   [4]`, `the operands of `slt` are 0..? and 0`), with a note at the op
//!   that made the conflicting value;
//! - **unknown**: kept, and its facts join the e-graph.
//!
//! Rules ([`rules`]) are grouped by family and named; no blanket
//! commutativity; some apply where the analysis decides them (`max(x, y)`
//! is `y` when `x`'s bounds are below `y`'s). Budgets (pass options
//! `max-iterations`, `max-nodes`; defaults [`ITERATION_LIMIT`] and
//! [`NODE_LIMIT`]): a saturation that hits one stops, and that only leaves
//! constraints unknown. egg runs in its deterministic mode. How saturations
//! stopped and the largest e-graph are pass statistics
//! (`--mlir-pass-statistics`, and under the pass in `--mlir-timing`).

pub mod constraint_graph;
pub mod language;
pub mod rules;

pub use language::{Facts, ShapeLang};

/// Saturation stops after this many iterations (the constraint is then
/// decided on what is known).
pub const ITERATION_LIMIT: usize = 12;
/// Saturation stops when the e-graph has this many nodes.
pub const NODE_LIMIT: usize = 20_000;
