//! Translation validation: a pass must not change what a function computes.
//!
//! [`sample`] draws concrete inputs from a function's signature.
pub mod sample;
