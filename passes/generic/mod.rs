//! Passes of every stage.

pub mod canonicalize;
pub mod cse;
pub mod inline;
pub mod simplify_regions;
pub mod symbol_dce;
