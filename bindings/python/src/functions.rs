//! The one-call functions: `lower`, `run_pipeline` and `evaluate` on IR
//! (text, or a module or operation of MLIR's Python bindings), each in a
//! session of its own. Each checks its arguments (`ValueError`,
//! `TypeError`) before it reads the IR.

use crate::input::{failure_mode, semantics_samples, source_text, stage, MlirContext};
use crate::observer::Observer;
use crate::session::{Module, Session};
use crate::values;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;
use shape_opt::FailureMode;

/// The IR of `module` as a function returns it: its text (custom form, no
/// locations), or with a `context`, a `Module` of that context's bindings
/// parsed from the text with its locations, so that the caller's module
/// keeps them.
pub fn returned_ir(
    py: Python<'_>,
    module: &Module,
    context: Option<MlirContext<'_>>,
) -> PyResult<Py<PyAny>> {
    match context {
        None => module.print(py, false, false)?.into_py_any(py),
        Some(context) => context.module(&module.print(py, false, true)?),
    }
}

/// Lower the IR ``text`` through the default pipeline of every stage up to
/// ``to`` (``"error-monadic"``, ``"constrained"``, ``"asserting"`` or
/// ``"std"``) and return the result as text, or with ``context`` (a
/// ``Context`` of MLIR's Python bindings) as a ``Module`` of those
/// bindings in that context, with the locations of the ops it came from.
///
/// ``text`` is a ``str``, UTF-8 ``bytes``, or a module or operation of
/// MLIR's Python bindings (``mlir.ir``, ``torch_mlir.ir``,
/// ``iree.compiler.ir``: any object whose ``operation`` has ``get_asm``),
/// which is printed with its locations, so that diagnostics point where
/// MLIR's own would.
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
/// ``verify_semantics`` count out of range, ``TypeError`` for a
/// ``context`` that is no MLIR ``Context``, :class:`DiagnosticError` when
/// the IR does not parse, verify or lower, and what the bindings'
/// ``Module.parse`` raises (``MLIRError``) when the context does not take
/// the result (host ops in a context that does not allow unregistered
/// dialects).
#[pyfunction]
#[pyo3(signature = (
    text, to = "std", on_stage = None, verify_semantics = None, *,
    after_pass = None, allow_unregistered_dialects = false, name = "<string>",
    failure = "abort", context = None
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
    context: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let target = stage(to)?;
    let failure = failure_mode(failure)?;
    let samples = semantics_samples(verify_semantics)?;
    let on_stage = Observer::new(on_stage, "on_stage")?;
    let after_pass = Observer::new(after_pass, "after_pass")?;
    let context = MlirContext::new(context)?;
    let text = source_text(name, text)?;
    let session = Session::with_options(allow_unregistered_dialects, samples, failure);
    let module = session.parse_text(py, text, name)?;
    session.lower_module(py, &module, target, on_stage, after_pass)?;
    returned_ir(py, &module, context)
}

/// Run the textual ``pipeline`` (``"builtin.module(cse,symbol-dce)"``) on
/// the IR ``text`` and return the result as text, or with ``context`` as a
/// ``Module`` of that context's bindings. ``after_pass(pass, ir)`` is
/// called after every pass with the IR of the op the pass ran on as text.
/// ``text`` and the other arguments as for :func:`lower`.
///
/// Raises ``ValueError`` (with the ``<pipeline>:1:col: error: ...``
/// diagnostic) for a pipeline that does not parse or names what is not
/// registered, :class:`DiagnosticError` when the IR does not parse or
/// verify, or the pipeline cannot run on it or fails; ``context`` as for
/// :func:`lower`.
#[pyfunction]
#[pyo3(signature = (
    text, pipeline, after_pass = None, *,
    verify_semantics = None, allow_unregistered_dialects = false, name = "<string>",
    context = None
))]
#[allow(clippy::too_many_arguments)]
pub fn run_pipeline(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    pipeline: &str,
    after_pass: Option<&Bound<'_, PyAny>>,
    verify_semantics: Option<&Bound<'_, PyAny>>,
    allow_unregistered_dialects: bool,
    name: &str,
    context: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let samples = semantics_samples(verify_semantics)?;
    let after_pass = Observer::new(after_pass, "after_pass")?;
    let context = MlirContext::new(context)?;
    let session = Session::with_options(allow_unregistered_dialects, samples, FailureMode::Abort);
    let pipeline = session.check_pipeline(py, pipeline)?;
    let text = source_text(name, text)?;
    let module = session.parse_text(py, text, name)?;
    session.run_pipeline_on(py, &module, pipeline, after_pass)?;
    returned_ir(py, &module, context)
}

/// Evaluate the function ``func`` of the IR ``text`` (as for
/// :func:`lower`: text, or a module or operation of MLIR's Python
/// bindings) on ``args`` with the reference interpreter: a list of ints is
/// a shape, an int a scalar, a str an argument as ``shape-run --arg``
/// reads it (``"dense<[3, -1]>"``).
///
/// One result is returned bare (a shape as a list of ints, a scalar as an
/// int), several as a tuple. Raises :class:`ShapeError` with the
/// interpreter's message when the function fails,
/// :class:`UndefinedBehaviorError` (a :class:`ShapeError`) when it does
/// what MLIR leaves undefined, :class:`DiagnosticError` when the IR does
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
