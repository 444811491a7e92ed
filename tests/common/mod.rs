//! Shared helpers of the integration tests: running lowered code under
//! `mlir-runner` ([`runner`]) and comparing what forms of a function did
//! ([`observed`]). Finding the MLIR tools and checking output against
//! check lines come from the `filetests` crate, re-exported here.

#![allow(dead_code)]

pub mod observed;
pub mod runner;

#[allow(unused_imports)]
pub use filetests::{filecheck, filecheck_both, missing, mlir_files, mlir_tool, run};
