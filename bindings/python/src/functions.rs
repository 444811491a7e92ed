//! The one-call functions: `lower`, `run_pipeline` and `evaluate` on text,
//! each in a session of its own. Each checks its arguments (`ValueError`,
//! `TypeError`) before it reads the text.

use crate::input::{failure_mode, semantics_samples, source_text, stage};
use crate::observer::Observer;
use crate::session::Session;
use crate::values;
use pyo3::prelude::*;
use shape_opt::FailureMode;

/// Lower the IR ``text`` (``str``, or UTF-8 ``bytes``) through the default
/// pipeline of every stage up to ``to`` (``"error-monadic"``,
/// ``"constrained"``, ``"asserting"`` or ``"std"``) and return the result
/// as text.
///
/// ``on_stage(stage, ir)`` is called in every form reached, with the IR
/// once that stage's passes have run (the last call sees the result), and
/// ``after_pass(pass, ir)`` after every pass; an exception they raise
/// silences them and is raised when the run ends.
/// ``verify_semantics`` (``True`` or a number of sampled inputs per
/// function, at most 100000) checks after every pass that each function
/// still computes what it did. ``failure="status"`` makes failed checks of
/// the std form return a leading ``i32`` status (0, or the number of the
/// check that failed first, its message in the function's
/// ``shape_opt.failure_messages``) instead of aborting; ``"abort"`` is the
/// default. ``allow_unregistered_dialects`` accepts host ops as opaque
/// ops; ``name`` names the text in diagnostics.
///
/// Raises ``ValueError`` for an unknown stage or failure mode or a
/// ``verify_semantics`` count out of range, :class:`DiagnosticError` when
/// the text does not parse, verify or lower.
#[pyfunction]
#[pyo3(signature = (
    text, to = "std", on_stage = None, verify_semantics = None, *,
    after_pass = None, allow_unregistered_dialects = false, name = "<string>",
    failure = "abort"
))]
#[allow(clippy::too_many_arguments)]
pub fn lower(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    to: &str,
    on_stage: Option<&Bound<'_, PyAny>>,
    verify_semantics: Option<&Bound<'_, PyAny>>,
    after_pass: Option<&Bound<'_, PyAny>>,
    allow_unregistered_dialects: bool,
    name: &str,
    failure: &str,
) -> PyResult<String> {
    let target = stage(to)?;
    let failure = failure_mode(failure)?;
    let samples = semantics_samples(verify_semantics)?;
    let on_stage = Observer::new(on_stage, "on_stage")?;
    let after_pass = Observer::new(after_pass, "after_pass")?;
    let text = source_text(name, text)?;
    let session = Session::with_options(allow_unregistered_dialects, samples, failure);
    let module = session.parse_text(py, text, name)?;
    session.lower_module(py, &module, target, on_stage, after_pass)?;
    module.print(py, false, false)
}

/// Run the textual ``pipeline`` (``"builtin.module(cse,symbol-dce)"``) on
/// the IR ``text`` and return the result as text. ``after_pass(pass, ir)``
/// is called after every pass with the IR of the op the pass ran on as
/// text. Other arguments as for :func:`lower`.
///
/// Raises ``ValueError`` (with the ``<pipeline>:1:col: error: ...``
/// diagnostic) for a pipeline that does not parse or names what is not
/// registered, :class:`DiagnosticError` when the text does not parse or
/// verify, or the pipeline cannot run on it or fails.
#[pyfunction]
#[pyo3(signature = (
    text, pipeline, after_pass = None, *,
    verify_semantics = None, allow_unregistered_dialects = false, name = "<string>"
))]
pub fn run_pipeline(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    pipeline: &str,
    after_pass: Option<&Bound<'_, PyAny>>,
    verify_semantics: Option<&Bound<'_, PyAny>>,
    allow_unregistered_dialects: bool,
    name: &str,
) -> PyResult<String> {
    let samples = semantics_samples(verify_semantics)?;
    let after_pass = Observer::new(after_pass, "after_pass")?;
    let session = Session::with_options(allow_unregistered_dialects, samples, FailureMode::Abort);
    let pipeline = session.check_pipeline(py, pipeline)?;
    let text = source_text(name, text)?;
    let module = session.parse_text(py, text, name)?;
    session.run_pipeline_on(py, &module, pipeline, after_pass)?;
    module.print(py, false, false)
}

/// Evaluate the function ``func`` of the IR ``text`` on ``args`` with the
/// reference interpreter: a list of ints is a shape, an int a scalar, a
/// str an argument as ``shape-run --arg`` reads it (``"dense<[3, -1]>"``).
///
/// One result is returned bare (a shape as a list of ints, a scalar as an
/// int), several as a tuple. Raises :class:`ShapeError` with the
/// interpreter's message when the function fails,
/// :class:`UndefinedBehaviorError` (a :class:`ShapeError`) when it does
/// what MLIR leaves undefined, :class:`DiagnosticError` when the text does
/// not parse or the function cannot be evaluated (no such function,
/// arguments that do not fit it), ``ValueError`` for an argument that does
/// not read or an int out of ``i64``'s range.
#[pyfunction]
#[pyo3(signature = (
    text, func, args = None, *, allow_unregistered_dialects = false, name = "<string>"
))]
pub fn evaluate(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    func: &str,
    args: Option<&Bound<'_, PyAny>>,
    allow_unregistered_dialects: bool,
    name: &str,
) -> PyResult<Py<PyAny>> {
    let args = values::args(args)?;
    let text = source_text(name, text)?;
    let session = Session::with_options(allow_unregistered_dialects, None, FailureMode::Abort);
    let module = session.parse_text(py, text, name)?;
    session.evaluate_module(py, &module, func, args)
}
