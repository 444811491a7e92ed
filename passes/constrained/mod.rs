//! Passes on constraints and witnesses.

pub mod canonicalize_constraints;
pub mod hoist_constraints;
pub mod remove_shape_constraints;
