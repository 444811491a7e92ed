//! What a failure looks like in Python: the exception classes, the
//! `Diagnostic` objects a `DiagnosticError` carries, and [`shielded`], the
//! one way Rust work runs (without the GIL, a panic turned into
//! `InternalError`).

use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use shape_opt::diag::{DiagLoc, Diagnostic as RustDiagnostic};
use std::panic::{catch_unwind, AssertUnwindSafe};

pyo3::create_exception!(
    shape_opt,
    DiagnosticError,
    PyException,
    "The input could not be parsed, verified, lowered or evaluated.\n\n\
     ``str(e)`` is the MLIR-style rendering (``file:line:col: error: ...`` with\n\
     the source line); ``e.diagnostics`` is a list of :class:`Diagnostic`."
);

pyo3::create_exception!(
    shape_opt,
    ShapeError,
    PyException,
    "The evaluated shape function failed: a failed requirement, assertion\n\
     or constraint, or an invalid result. ``str(e)`` is the interpreter's\n\
     message (``inner dimensions required to match``)."
);

pyo3::create_exception!(
    shape_opt,
    UndefinedBehaviorError,
    ShapeError,
    "The evaluated shape function did what MLIR leaves undefined (a division\n\
     by zero, an out-of-range extent, a reshape that changes the element\n\
     count): any behaviour refines it, so no result is defined.\n\
     ``str(e)`` is the interpreter's message."
);

pyo3::create_exception!(
    shape_opt,
    InternalError,
    PyRuntimeError,
    "shape-opt broke one of its own invariants (a Rust panic): a bug to\n\
     report, with the input. The session and modules involved may be left\n\
     in any state."
);

/// One diagnostic: where, how severe, what, and its notes.
#[pyclass(module = "shape_opt", frozen, get_all)]
pub struct Diagnostic {
    /// The file (the `name` given when parsing), or `None` without a location.
    file: Option<String>,
    /// 1-based line, or `None` without a location.
    line: Option<u32>,
    /// 1-based column, or `None` without a location.
    column: Option<u32>,
    /// `"error"`, `"warning"`, `"remark"` or `"note"`.
    severity: &'static str,
    message: String,
    /// Attached notes, each a `Diagnostic`.
    notes: Vec<Py<Diagnostic>>,
}

#[pymethods]
impl Diagnostic {
    /// `file:line:col: severity: message`, without the source line.
    fn __str__(&self) -> String {
        match (&self.file, self.line, self.column) {
            (Some(file), Some(line), Some(column)) => {
                format!(
                    "{file}:{line}:{column}: {}: {}",
                    self.severity, self.message
                )
            }
            _ => format!("{}: {}", self.severity, self.message),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Diagnostic {}>", self.__str__())
    }
}

impl Diagnostic {
    /// `diagnostic` with its position resolved by `session`'s source map.
    fn new(
        py: Python<'_>,
        session: &shape_opt::Session,
        diagnostic: &RustDiagnostic,
    ) -> PyResult<Py<Diagnostic>> {
        let (file, line, column) = match session.position(diagnostic) {
            Some((file, line, column)) => (Some(file), Some(line), Some(column)),
            None => (None, None, None),
        };
        let notes = diagnostic
            .notes
            .iter()
            .map(|note| Diagnostic::new(py, session, note))
            .collect::<PyResult<_>>()?;
        let converted = Diagnostic {
            file,
            line,
            column,
            severity: diagnostic.severity.as_str(),
            message: diagnostic.message.clone(),
            notes,
        };
        Py::new(py, converted)
    }
}

/// `error` as a `DiagnosticError`: its rendering as the message, its
/// diagnostics (positions from `session`) as `.diagnostics`.
pub fn diagnostic_error(
    py: Python<'_>,
    session: &shape_opt::Session,
    error: &shape_opt::Error,
) -> PyErr {
    raise_diagnostics(py, session, &error.to_string(), &error.diagnostics)
}

/// A `DiagnosticError` about the input `name` at `line:column`, found
/// before it reached the parser.
pub fn input_error(
    py: Python<'_>,
    session: &shape_opt::Session,
    name: &str,
    (line, col): (u32, u32),
    message: String,
) -> PyErr {
    let loc = DiagLoc::FileLineCol {
        file: name.to_string(),
        line,
        col,
    };
    let diagnostic = RustDiagnostic::error(loc, message);
    raise_diagnostics(py, session, &session.render(&diagnostic), &[diagnostic])
}

/// A `DiagnosticError` with this rendering and these diagnostics.
fn raise_diagnostics(
    py: Python<'_>,
    session: &shape_opt::Session,
    rendered: &str,
    diagnostics: &[RustDiagnostic],
) -> PyErr {
    let exception = DiagnosticError::new_err(rendered.trim_end().to_string());
    let attached = diagnostics
        .iter()
        .map(|d| Diagnostic::new(py, session, d))
        .collect::<PyResult<Vec<_>>>()
        .and_then(|list| exception.value(py).setattr("diagnostics", list));
    match attached {
        Ok(()) => exception,
        Err(e) => e,
    }
}

/// Run `work` without the GIL (other Python threads go on meanwhile), and
/// turn a panic in it into `InternalError` instead of aborting the caller.
pub fn shielded<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(|panic| {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            InternalError::new_err(format!("internal error: {message}"))
        })
}

/// Panic inside [`shielded`]: how the tests show that a panic becomes
/// `InternalError` and leaves the interpreter running (no input is known
/// to make shape-opt panic).
#[pyfunction]
pub fn _panic_for_testing(py: Python<'_>, message: &str) -> PyResult<()> {
    shielded(py, || panic!("{message}"))
}
