//! Translation validation: a pass must not change what a function computes.
//!
//! [`sample`] draws concrete inputs from a function's signature;
//! [`check::SemanticsCheck`] is the pass-manager instrumentation that runs
//! every function on them before and after each pass (through an
//! [`check::Evaluator`], the reference interpreter) and stops the pipeline
//! at the first disagreement.
pub mod check;
pub mod sample;
