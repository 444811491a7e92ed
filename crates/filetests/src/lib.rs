//! The one runner of the `.mlir` tests under `tests/`: ours (`tests/passes/`,
//! `tests/lowering/`, ...) and the LLVM project's (`tests/upstream/`).
//!
//! Every test file opens with a header naming its kind (`// test: <kind>`,
//! see [`header`]); [`header::run`] reads it and hands the file to the
//! suite's runner of that kind. The directives of the `stage-forms` and
//! `interp-cases` kinds are read by [`directives`].
//!
//! A `run-lines` test holds `// RUN:` lines. Each runs the `shape-opt` binary on
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
//!
//! Unit tests on IR written as text use [`ir_check`]: one parse-or-panic
//! helper, and `check(input, transform, expect![[...]])`. Tests comparing
//! `--report` pages of two front ends blank their times with
//! [`report_page::untimed`].

pub mod check;
pub mod directives;
pub mod header;
pub mod ir_check;
pub mod precise;
pub mod report_page;
pub mod run_line;
pub mod tools;

pub use check::{filecheck, filecheck_both};
pub use directives::{cases, forms, Case, FormChunk};
pub use header::{Kind, Suite};
pub use run_line::{run_file, RunLine, ShapeOptRunLines, Then};
pub use tools::{find_tool, missing, mlir_files, mlir_tool, reference_filecheck, run};
