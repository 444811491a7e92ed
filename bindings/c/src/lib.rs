//! The C API of shape-opt: `libshape_opt` (shared and static) behind
//! `include/shape_opt.h`, which documents every function, the ownership
//! of what they return and their thread safety.
//!
//! Each entry point is a thin conversion around the Rust embedding API
//! (`shape_opt::Session`): it checks and borrows its arguments
//! ([`text`]), runs the work inside [`guard::guarded`] so that no panic
//! crosses the boundary (an internal error becomes a diagnostic), and
//! records the diagnostics of a failure on the session
//! ([`diagnostics`]), where the caller reads them.
//!
//! Safety contract of every `unsafe extern "C"` function here (as the
//! header states): each handle is NULL (then the call fails or does
//! nothing) or was returned by this library and not yet destroyed, and is
//! not used by another thread during the call; each `ShapeOptStringRef`
//! points at `length` readable bytes (or has length 0); callbacks and
//! their user data are valid for the call.
#![allow(unsafe_code, clippy::missing_safety_doc)]

mod diagnostics;
mod evaluate;
mod explain;
mod guard;
mod ir_build;
mod ir_view;
mod module;
mod session;
mod text;

pub use diagnostics::ShapeOptDiagnostic;
pub use evaluate::ShapeOptOutcome;
pub use module::{ShapeOptIR, ShapeOptModule};
pub use session::ShapeOptSession;
pub use text::ShapeOptStringRef;

use std::ffi::c_char;

/// The IR allocates many small objects: mimalloc, as in the `shape-opt`
/// binary (see README, benchmarks).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `ShapeOptStatus`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeOptStatus {
    Success = 0,
    Failure = 1,
}

/// NUL-terminated `shape_opt::VERSION`.
static VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

#[no_mangle]
pub extern "C" fn shapeOptVersion() -> *const c_char {
    debug_assert_eq!(&VERSION[..VERSION.len() - 1], engine::VERSION);
    VERSION.as_ptr().cast()
}

#[no_mangle]
pub extern "C" fn shapeOptMlirVersion() -> *const c_char {
    static MLIR_VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    MLIR_VERSION
        .get_or_init(|| format!("{}\0", engine::MLIR_VERSION))
        .as_ptr()
        .cast()
}
