//! Translation validation: a pass must not change what a function computes.
//!
//! [`sample`] draws concrete inputs from a function's signature (shapes,
//! scalars, the elements of integer tensors that follow shape rules, and
//! handles of foreign types, shaped when their type shows a shape);
//! [`check::SemanticsCheck`] is the pass-manager instrumentation that runs
//! every function on them before and after each pass (through an
//! [`check::Evaluator`], the reference interpreter), compares the events
//! and then the results or failures, stops the pipeline at the first
//! disagreement, and reports which functions it could compare on how many
//! inputs.
pub mod check;
pub mod sample;
