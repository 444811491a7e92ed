//! No panic crosses the boundary: work runs under `catch_unwind`, and a
//! panic becomes an `internal error:` diagnostic.

use engine::diag::{DiagLoc, Diagnostic};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Run `work`; a panic in it becomes an internal-error diagnostic.
pub fn guarded<R>(work: impl FnOnce() -> Result<R, Failure>) -> Result<R, Failure> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        let message = format!("internal error: {what}");
        Err(Failure::plain(Diagnostic::error(DiagLoc::Unknown, message)))
    })
}

/// Why a call failed: diagnostics, and their MLIR rendering when the
/// session rendered them with their source lines.
#[derive(Debug)]
pub struct Failure {
    pub diagnostics: Vec<Diagnostic>,
    pub rendered: Option<String>,
}

impl Failure {
    pub fn plain(diagnostic: Diagnostic) -> Self {
        Failure {
            diagnostics: vec![diagnostic],
            rendered: None,
        }
    }
}

impl From<engine::Error> for Failure {
    fn from(error: engine::Error) -> Self {
        Failure {
            rendered: Some(error.to_string()),
            diagnostics: error.diagnostics,
        }
    }
}

impl From<Diagnostic> for Failure {
    fn from(diagnostic: Diagnostic) -> Self {
        Failure::plain(diagnostic)
    }
}
