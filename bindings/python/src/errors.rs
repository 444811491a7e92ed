//! What a failure looks like in Python: the exception classes, the
//! `Diagnostic` objects a `DiagnosticError` carries, and [`shielded`], the
//! one way Rust work runs (without the GIL, a panic turned into
//! `InternalError`).
//!
//! Which exception says what, at every entry point:
//!
//! - `TypeError` (Python's): an argument of the wrong type (`lower(42)`,
//!   a callback that is not callable).
//! - `ValueError` (Python's): an argument malformed on its own, whatever
//!   the IR: a stage or failure mode that does not exist, a pipeline that
//!   does not parse or names no registered pass or option, an evaluation
//!   argument that does not read (`"dense<[3"`) or an int out of `i64`'s
//!   range, a `verify_semantics` count out of range, an invalid pure
//!   declaration, a module of another session. Its text is the
//!   diagnostic (for a pipeline, `<pipeline>:1:col: error: ...` with a
//!   caret). Arguments are checked before any IR is read.
//! - `DiagnosticError`: the IR, or the IR together with the arguments:
//!   the text does not parse or verify (lone surrogates and bad UTF-8
//!   included), a pass or lowering fails on it, a pipeline does not fit
//!   the module's root op, no function of that name, arguments that do
//!   not fit its signature, no library to map an op to.
//! - `ShapeError`, and its `UndefinedBehaviorError`: the evaluated
//!   function failed, or did what MLIR leaves undefined.
//! - `ReentrancyError` (a `RuntimeError`): a callback used the session
//!   running it ([`crate::sharing`]).
//! - `InternalError` (a `RuntimeError`): a bug in shape-opt.
//! - `KeyboardInterrupt` (Python's), or whatever a signal handler
//!   raises: a run (lowering, a pipeline, an evaluation) stops within
//!   about 50 ms of Ctrl-C ([`interruptible`]); other runs of the same
//!   session at that moment fail with `DiagnosticError: interrupted`.
//!
//! An exception raised by a callback is raised unchanged, once the run
//! ends.

use crate::sharing::CallingBack;
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;
use shape_opt::diag::{DiagLoc, Diagnostic as RustDiagnostic, SourceMap};
use shape_opt::interp::Interrupt;
use std::panic::{catch_unwind, AssertUnwindSafe};

pyo3::create_exception!(
    shape_opt,
    DiagnosticError,
    PyException,
    "The IR could not be parsed, verified, lowered or evaluated (with the\n\
     arguments given: a function that is not there, arguments that do not\n\
     fit its signature).\n\n\
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

pyo3::create_exception!(
    shape_opt,
    ReentrancyError,
    PyRuntimeError,
    "An ``on_stage`` or ``after_pass`` callback used the session whose run\n\
     called it, or a module of that session: the run holds them until it\n\
     ends. Use another :class:`Session` inside callbacks, or act on what\n\
     the callback saw after the run."
);

/// One diagnostic: where, how severe, what, and its notes. Made without
/// the GIL (its position resolved while its session is locked), turned
/// into a Python object once the GIL is back.
#[pyclass(module = "shape_opt", frozen, get_all)]
#[derive(Clone)]
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
    notes: Vec<Diagnostic>,
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

/// Where a diagnostic is: `file`, `line`, `column`, if it has a location.
type Locate<'a> = &'a dyn Fn(&RustDiagnostic) -> Option<(String, u32, u32)>;

impl Diagnostic {
    /// `diagnostic` with its position (and its notes') found by `locate`.
    fn new(locate: Locate<'_>, diagnostic: &RustDiagnostic) -> Diagnostic {
        let (file, line, column) = match locate(diagnostic) {
            Some((file, line, column)) => (Some(file), Some(line), Some(column)),
            None => (None, None, None),
        };
        Diagnostic {
            file,
            line,
            column,
            severity: diagnostic.severity.as_str(),
            message: diagnostic.message.clone(),
            notes: diagnostic
                .notes
                .iter()
                .map(|note| Diagnostic::new(locate, note))
                .collect(),
        }
    }
}

/// A failure shape-opt reported about the IR, resolved against the
/// session that reported it (the rendering with source lines, the
/// positions) while that session is locked: a `DiagnosticError` once the
/// GIL is back ([`Diagnosed::into_err`]).
pub struct Diagnosed {
    rendered: String,
    diagnostics: Vec<Diagnostic>,
}

impl Diagnosed {
    /// `error`, rendered and located by `session`, whose buffers its
    /// locations point into.
    pub fn new(session: &shape_opt::Session, error: &shape_opt::Error) -> Diagnosed {
        let locate = |d: &RustDiagnostic| session.position(d);
        Diagnosed {
            rendered: error.to_string(),
            diagnostics: error
                .diagnostics
                .iter()
                .map(|d| Diagnostic::new(&locate, d))
                .collect(),
        }
    }

    /// An error about the input `name` at `line:column`, found before it
    /// reached the parser (so no buffer holds its text).
    pub fn in_input(name: &str, (line, col): (u32, u32), message: String) -> Diagnosed {
        let loc = DiagLoc::FileLineCol {
            file: name.to_string(),
            line,
            col,
        };
        let diagnostic = RustDiagnostic::error(loc, message);
        let sources = SourceMap::new();
        let locate = |d: &RustDiagnostic| sources.position(&d.loc);
        Diagnosed {
            rendered: sources.render(&diagnostic),
            diagnostics: vec![Diagnostic::new(&locate, &diagnostic)],
        }
    }

    /// The `DiagnosticError`: the rendering as its message, the
    /// diagnostics as `.diagnostics`.
    pub fn into_err(self, py: Python<'_>) -> PyErr {
        let exception = DiagnosticError::new_err(self.rendered.trim_end().to_string());
        match exception.value(py).setattr("diagnostics", self.diagnostics) {
            Ok(()) => exception,
            Err(e) => e,
        }
    }
}

/// Run `work` without the GIL (other Python threads go on meanwhile), and
/// turn a panic in it into `InternalError` instead of aborting the caller.
pub fn shielded<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(internal_error)
}

/// How often a thread waiting for [`interruptible`] work looks at
/// Python's signals.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// [`shielded`], on a thread of its own, while the calling thread waits
/// without the GIL and looks at Python's signals every [`SIGNAL_POLL`]: a
/// signal handler that raises (Ctrl-C's `KeyboardInterrupt`) raises
/// `interrupt`, which stops the session's run at its next pass or
/// evaluation step; the call then raises what the handler raised. The
/// work runs with the calling thread's callback marks
/// ([`CallingBack`]), so re-entry is refused as on the calling thread.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    interrupt: &Interrupt,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let marks = CallingBack::current();
    std::thread::scope(|scope| {
        let caller = std::thread::current();
        let worker = scope.spawn(move || {
            let _marked = CallingBack::enter(marks);
            let result = catch_unwind(AssertUnwindSafe(work));
            caller.unpark();
            result
        });
        while !worker.is_finished() {
            py.detach(|| std::thread::park_timeout(SIGNAL_POLL));
            if let Err(raised) = py.check_signals() {
                interrupt.raise();
                let _ = py.detach(|| worker.join());
                interrupt.clear();
                return Err(raised);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(result) => result.map_err(internal_error),
            Err(panic) => Err(internal_error(panic)),
        }
    })
}

/// `InternalError` for a panic caught in Rust work.
fn internal_error(panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into());
    InternalError::new_err(format!("internal error: {message}"))
}

/// Panic inside [`shielded`]: how the tests show that a panic becomes
/// `InternalError` and leaves the interpreter running (no input is known
/// to make shape-opt panic).
#[pyfunction]
pub fn _panic_for_testing(py: Python<'_>, message: &str) -> PyResult<()> {
    shielded(py, || panic!("{message}"))
}
