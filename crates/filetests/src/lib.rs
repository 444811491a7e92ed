//! The one runner of `.mlir` tests, ours (`tests/passes/`,
//! `tests/lowering/`) and the LLVM project's (`tests/upstream/`).
//!
//! A test file holds `// RUN:` lines. Each runs the `shape-opt` binary on
//! the file (`%s`), and its output is then
//! - checked against the file's check lines (`| FileCheck %s ...`), by
//!   `checklines` and also by the real `FileCheck` when it is installed;
//! - or compared whole with the file's precise-output block
//!   (`| precise-output`): the lines after `// PRECISE-OUTPUT:` at the end
//!   of the file, each the printed line behind `// `. With `BLESS=1` the
//!   runner rewrites that block instead of comparing (Cranelift's
//!   filetests' `precise-output`);
//! - or, with neither, only required to succeed (a `--verify-diagnostics`
//!   line checks itself).

pub mod check;
pub mod precise;
pub mod run_line;
pub mod tools;

pub use check::{filecheck, filecheck_both};
pub use run_line::{run_file, RunLine, Then};
pub use tools::{find_tool, missing, mlir_files, mlir_tool, reference_filecheck, run};
