//! `explain` and `report`: what `shape-opt --explain` says of each
//! function, as its text and as parts ([`Explanation`],
//! [`FunctionExplanation`], [`Requirement`]), and the HTML report
//! `shape-opt --report` writes. The one-call functions parse their text in
//! a session of their own; `Session.explain` and `Session.report` call
//! [`explain_module`] and [`report_module`] on a parsed module.

use crate::input::{source_text, stage};
use crate::session::{Module, Session};
use crate::values;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shape_opt::explain::{self as explanations, Spelled};
use shape_opt::{FailureMode, Plan};
use std::path::PathBuf;

/// What each function of a module requires of its inputs and what it
/// returns: ``text`` is what ``shape-opt --explain`` prints (also
/// ``str()``), ``functions`` the same per function, in parts.
#[pyclass(module = "shape_opt", frozen, get_all)]
#[derive(Clone)]
pub struct Explanation {
    /// The whole text, as ``shape-opt --explain`` prints it.
    text: String,
    /// Each function with a body, in order.
    functions: Vec<FunctionExplanation>,
}

/// One function's explanation: its ``name``, its parameters as the text
/// names them (``"lhs: [a, b]"``; extents of known rank get letters), its
/// requirements in the order it checks them, its ``results`` as
/// expressions over the parameters (``"[a, d]"``, ``"?"`` where one
/// could not be read), ``partial`` (what the explanation leaves out, or
/// ``None`` when it covers the whole function) and its ``text`` (its part
/// of :attr:`Explanation.text`).
#[pyclass(module = "shape_opt", frozen, get_all)]
#[derive(Clone)]
pub struct FunctionExplanation {
    name: String,
    params: Vec<String>,
    requires: Vec<Requirement>,
    results: Vec<String>,
    partial: Option<String>,
    text: String,
}

/// A requirement: its ``condition`` (``"b = c"``) and the ``message`` the
/// function fails with when it does not hold (``None`` for the domain of
/// an op, such as an index within the rank).
#[pyclass(module = "shape_opt", frozen, get_all)]
#[derive(Clone)]
pub struct Requirement {
    condition: String,
    message: Option<String>,
}

impl Explanation {
    fn new(explained: &[explanations::Explanation]) -> Self {
        let functions = explained.iter().map(FunctionExplanation::new).collect();
        Explanation {
            text: explanations::render_module(explained),
            functions,
        }
    }
}

impl FunctionExplanation {
    fn new(explained: &explanations::Explanation) -> Self {
        let Spelled {
            name,
            params,
            requires,
            results,
            partial,
        } = explanations::spell(explained);
        let requires = requires
            .into_iter()
            .map(|r| Requirement {
                condition: r.condition,
                message: r.message,
            })
            .collect();
        FunctionExplanation {
            name,
            params,
            requires,
            results,
            partial,
            text: explanations::render(explained, explanations::LINE_WIDTH),
        }
    }
}

#[pymethods]
impl Explanation {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        let names: Vec<&str> = self.functions.iter().map(|f| f.name.as_str()).collect();
        format!("<Explanation of {}>", names.join(", "))
    }
}

#[pymethods]
impl FunctionExplanation {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<FunctionExplanation of {}>", self.name)
    }
}

#[pymethods]
impl Requirement {
    fn __repr__(&self) -> String {
        match &self.message {
            Some(m) => format!("<Requirement {} {m:?}>", self.condition),
            None => format!("<Requirement {}>", self.condition),
        }
    }
}

/// `Session.explain`: `module` lowered as `--explain` lowers it, and
/// explained.
pub fn explain_module(session: &Session, py: Python<'_>, module: &Module) -> PyResult<Explanation> {
    let explained =
        session.with_module(py, module, |session, ir| session.explain(&mut ir.write()))?;
    Ok(Explanation::new(&explained))
}

/// What a report runs: the textual `pipeline`, else the lowering to `to`
/// (`std` when neither is given); a `ValueError` for both, or an unknown
/// stage.
fn report_plan<'a>(to: Option<&str>, pipeline: Option<&'a str>) -> PyResult<Plan<'a>> {
    match (to, pipeline) {
        (Some(_), Some(_)) => Err(PyValueError::new_err(
            "a report runs either a pipeline or a lowering: give `pipeline` or `to`, not both",
        )),
        (_, Some(text)) => Ok(Plan::Pipeline(text)),
        (to, None) => Ok(Plan::LowerTo {
            from: None,
            to: stage(to.unwrap_or("std"))?,
        }),
    }
}

/// `Session.report`: run what `to` or `pipeline` ask on `module`, and
/// write the report to `path`; the page written.
pub fn report_module(
    session: &Session,
    py: Python<'_>,
    module: &Module,
    path: PathBuf,
    to: Option<&str>,
    pipeline: Option<&str>,
    args: Option<&Bound<'_, PyAny>>,
) -> PyResult<PathBuf> {
    let plan = report_plan(to, pipeline)?;
    if let Some(text) = pipeline {
        session.check_pipeline(py, text)?;
    }
    let args = values::args(args)?;
    let name = module.name();
    session.with_module(py, module, |session, ir| {
        session.report(&mut ir.write(), name, plan, &path, &args)
    })
}

/// What each function of the IR ``text`` (``str``, or UTF-8 ``bytes``)
/// requires of its inputs and what it returns, as ``shape-opt --explain``
/// says it: the text is first lowered as ``--explain`` lowers it (from
/// error-monadic to constrained form). Returns an :class:`Explanation`:
/// its ``text`` is what the command line prints, its ``functions`` the
/// same in parts. ``allow_unregistered_dialects`` accepts host ops as
/// opaque ops; ``name`` names the text in diagnostics.
///
/// Raises :class:`DiagnosticError` when the text does not parse, verify
/// or lower.
#[pyfunction]
#[pyo3(signature = (text, *, allow_unregistered_dialects = false, name = "<string>"))]
pub fn explain(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    allow_unregistered_dialects: bool,
    name: &str,
) -> PyResult<Explanation> {
    let text = source_text(name, text)?;
    let session = Session::with_options(allow_unregistered_dialects, None, FailureMode::Abort);
    let module = session.parse_text(py, text, name)?;
    explain_module(&session, py, &module)
}

/// Run shape-opt on the IR ``text`` (``str``, or UTF-8 ``bytes``) and
/// write the HTML report of the run to ``path``, as ``shape-opt
/// --report=PATH`` does: the forms side by side, every pass with its
/// diff, the constraints drawn, the preconditions, and sampled inputs at
/// every stage. What runs is the lowering to the stage ``to``
/// (``--lower-to``; ``"std"`` when neither is given) or the textual
/// ``pipeline`` (``-p``). ``args`` are inputs to try on every function
/// of as many parameters (``--report-args``; as :func:`evaluate` takes
/// them). A module of more than 200 functions gets a directory at
/// ``path`` with an ``index.html``. Returns the page written.
///
/// The report is written whether or not the run fails; a failure is then
/// raised. Raises ``ValueError`` for an unknown stage, both ``to`` and
/// ``pipeline``, a pipeline that does not parse or an argument that does
/// not read, :class:`DiagnosticError` when the text does not parse or
/// the run fails or the report cannot be written.
#[pyfunction]
#[pyo3(signature = (
    text, path, to = None, *, pipeline = None, args = None,
    allow_unregistered_dialects = false, name = "<string>"
))]
#[allow(clippy::too_many_arguments)]
pub fn report(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    path: PathBuf,
    to: Option<&str>,
    pipeline: Option<&str>,
    args: Option<&Bound<'_, PyAny>>,
    allow_unregistered_dialects: bool,
    name: &str,
) -> PyResult<PathBuf> {
    report_plan(to, pipeline)?;
    let text = source_text(name, text)?;
    let session = Session::with_options(allow_unregistered_dialects, None, FailureMode::Abort);
    let module = session.parse_text(py, text, name)?;
    report_module(&session, py, &module, path, to, pipeline, args)
}
