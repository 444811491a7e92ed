//! `Session` and `Module`: parse once, then map host ops, run pipelines,
//! lower and evaluate on the parsed module, each without the GIL.

use crate::errors::{diagnostic_error, shielded};
use crate::input::{semantics_samples, source_text, stage};
use crate::observer::Observer;
use crate::values;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shape_opt::ir::printer::PrintOptions;
use shape_opt::pass::stage::current_stage;
use shape_opt::{AfterPassFn, OnStageFn};
use std::sync::atomic::{AtomicU64, Ordering};

/// Tells sessions apart, so that a module is only used with its own.
static SESSIONS: AtomicU64 = AtomicU64::new(0);

/// Parses modules and runs shape-opt on them.
///
/// A session keeps the text of every module it parsed, so that its
/// diagnostics can show the source line; a module is used with the session
/// that parsed it. Its methods release the GIL while they work; threads may
/// lower, run and evaluate with one session at once, while ``parse``,
/// ``declare_pure`` and setting options need it alone (``RuntimeError``:
/// already borrowed). Pipelines change the module in place: after a
/// failure the module holds the IR as the failing pass left it (as in
/// MLIR).
#[pyclass(module = "shape_opt")]
pub struct Session {
    inner: shape_opt::Session,
    id: u64,
}

/// A parsed module: the IR a session works on, changed in place by its
/// pipelines. ``str(module)`` is its text.
#[pyclass(module = "shape_opt")]
pub struct Module {
    inner: shape_opt::Module,
    session: u64,
}

impl Session {
    /// A session with these options.
    pub fn with_options(
        allow_unregistered_dialects: bool,
        verify_semantics: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Session> {
        let mut inner = shape_opt::Session::new();
        inner.options.allow_unregistered = allow_unregistered_dialects;
        inner.verify_semantics = semantics_samples(verify_semantics)?;
        Ok(Session {
            inner,
            id: SESSIONS.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// What a failed check does in the std form it lowers to: `"abort"`
    /// or `"status"`.
    pub fn set_failure(&mut self, failure: &str) -> PyResult<()> {
        self.inner.shape_failure = match failure {
            "abort" => shape_opt::FailureMode::Abort,
            "status" => shape_opt::FailureMode::Status,
            other => {
                return Err(PyValueError::new_err(format!(
                    "failure must be 'abort' or 'status', not '{other}'"
                )))
            }
        };
        Ok(())
    }

    /// An error unless this session parsed `module`.
    fn check_owns(&self, module: &Module) -> PyResult<()> {
        match module.session == self.id {
            true => Ok(()),
            false => Err(PyValueError::new_err(
                "the module was parsed by another Session",
            )),
        }
    }

    /// Parse and verify `text` (named `name` in diagnostics).
    pub fn parse_text(
        &mut self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        name: &str,
    ) -> PyResult<Module> {
        let text = source_text(&self.inner, name, text)?;
        let inner = &mut self.inner;
        match shielded(py, || inner.parse(name, &text))? {
            Ok(parsed) => Ok(Module {
                inner: parsed,
                session: self.id,
            }),
            Err(e) => Err(diagnostic_error(py, &self.inner, &e)),
        }
    }

    /// Lower `module` to the stage named `to`, with observers.
    pub fn lower_module(
        &self,
        py: Python<'_>,
        module: &mut Module,
        to: &str,
        on_stage: Option<&Bound<'_, PyAny>>,
        after_pass: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.check_owns(module)?;
        let target = stage(to)?;
        let mut on_stage = Observer::new(on_stage, "on_stage")?;
        let mut after_pass = Observer::new(after_pass, "after_pass")?;
        let session = &self.inner;
        let ir = &mut module.inner;
        let lowered = shielded(py, || {
            let mut stage_seen = on_stage.as_mut().map(|o| {
                move |stage: shape_opt::Stage, ctx: &_, op| o.observe(stage.name(), ctx, op)
            });
            let mut pass_seen = after_pass
                .as_mut()
                .map(|o| move |pass: &str, ctx: &_, op| o.observe(pass, ctx, op));
            session.lower_to_observed(
                ir,
                target,
                stage_seen.as_mut().map(|f| f as &mut OnStageFn),
                pass_seen.as_mut().map(|f| f as &mut AfterPassFn),
            )
        })?;
        Observer::finish(on_stage)?;
        Observer::finish(after_pass)?;
        lowered.map_err(|e| diagnostic_error(py, session, &e))
    }

    /// Run the textual `pipeline` on `module`, with an observer.
    pub fn run_pipeline_on(
        &self,
        py: Python<'_>,
        module: &mut Module,
        pipeline: &str,
        after_pass: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.check_owns(module)?;
        let mut after_pass = Observer::new(after_pass, "after_pass")?;
        let session = &self.inner;
        let ir = &mut module.inner;
        let ran = shielded(py, || {
            let mut pass_seen = after_pass
                .as_mut()
                .map(|o| move |pass: &str, ctx: &_, op| o.observe(pass, ctx, op));
            let pass_seen = pass_seen.as_mut().map(|f| f as &mut shape_opt::AfterPassFn);
            session.run_pipeline(ir, pipeline, pass_seen)
        })?;
        Observer::finish(after_pass)?;
        ran.map_err(|e| diagnostic_error(py, session, &e))
    }

    /// Evaluate `func` of `module` on `args`.
    pub fn evaluate_module(
        &self,
        py: Python<'_>,
        module: &Module,
        func: &str,
        args: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        self.check_owns(module)?;
        let args = values::args(args)?;
        let session = &self.inner;
        let ir = &module.inner;
        let trace = shielded(py, || session.evaluate(ir, func, &args))?
            .map_err(|e| diagnostic_error(py, session, &e))?;
        values::outcome(py, trace.outcome)
    }
}

#[pymethods]
impl Session {
    /// A session. ``allow_unregistered_dialects`` accepts ops of dialects
    /// shape-opt does not define (host ops such as ``foo.matmul``) as opaque
    /// ops; ``verify_semantics`` (``True`` or a number of sampled inputs per
    /// function) checks after every pass that each function still computes
    /// what it did.
    #[new]
    #[pyo3(signature = (*, allow_unregistered_dialects = false, verify_semantics = None))]
    fn py_new(
        allow_unregistered_dialects: bool,
        verify_semantics: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Session> {
        Session::with_options(allow_unregistered_dialects, verify_semantics)
    }

    /// Whether ops of dialects shape-opt does not define are accepted.
    #[getter]
    fn get_allow_unregistered_dialects(&self) -> bool {
        self.inner.options.allow_unregistered
    }

    #[setter]
    fn set_allow_unregistered_dialects(&mut self, allow: bool) {
        self.inner.options.allow_unregistered = allow;
    }

    /// Sampled inputs per function checked after every pass, or ``None``.
    /// Set ``True`` for the command line's default, an int, or ``False``.
    #[getter]
    fn get_verify_semantics(&self) -> Option<usize> {
        self.inner.verify_semantics
    }

    #[setter]
    fn set_verify_semantics(&mut self, samples: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        self.inner.verify_semantics = semantics_samples(samples)?;
        Ok(())
    }

    /// Declare host ops and functions pure (free of side effects), so that
    /// passes may move checks across them: an op name (``"chlo.broadcast_add"``),
    /// a whole dialect (``"mhlo."``) or a function (``"@name"``). Holds for
    /// every module parsed, run or lowered from then on. Raises
    /// ``ValueError`` for an invalid entry, declaring none of them.
    #[pyo3(signature = (*entries))]
    fn declare_pure(&mut self, entries: Vec<String>) -> PyResult<()> {
        let entries: Vec<&str> = entries.iter().map(String::as_str).collect();
        self.inner.declare_pure_ops(&entries).map_err(|e| {
            let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
            PyValueError::new_err(messages.join("; "))
        })
    }

    /// Parse and verify ``text`` (``str``, or UTF-8 ``bytes``) into a
    /// :class:`Module`; ``name`` names it in diagnostics. Raises
    /// :class:`DiagnosticError`.
    #[pyo3(signature = (text, name = "<string>"))]
    fn parse(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>, name: &str) -> PyResult<Module> {
        self.parse_text(py, text, name)
    }

    /// Make ops named ``op_name`` (``"foo.matmul"``) map to the shape
    /// function ``function`` of the module's ``shape.function_library``,
    /// replacing any mapping of that op. Raises :class:`DiagnosticError`
    /// when the module has no library or the library no such function.
    fn map_op(
        &self,
        py: Python<'_>,
        mut module: PyRefMut<'_, Module>,
        op_name: &str,
        function: &str,
    ) -> PyResult<()> {
        self.check_owns(&module)?;
        let session = &self.inner;
        let ir = &mut module.inner;
        shielded(py, || {
            session.map_op_to_shape_function(ir, op_name, function)
        })?
        .map_err(|e| diagnostic_error(py, session, &e))
    }

    /// Lower ``module`` in place through the default pipeline of every
    /// stage up to ``to`` (``"error-monadic"``, ``"constrained"``,
    /// ``"asserting"`` or ``"std"``). ``on_stage(stage, ir)`` is called in
    /// every form reached, with the IR once that stage's passes have run
    /// (the last call sees the result), ``after_pass(pass, ir)`` after
    /// every pass; an exception they raise silences them and is
    /// raised when the run ends. Raises :class:`DiagnosticError`.
    #[pyo3(signature = (module, to = "std", on_stage = None, after_pass = None))]
    fn lower(
        &self,
        py: Python<'_>,
        mut module: PyRefMut<'_, Module>,
        to: &str,
        on_stage: Option<&Bound<'_, PyAny>>,
        after_pass: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.lower_module(py, &mut module, to, on_stage, after_pass)
    }

    /// Run a textual pipeline (``"builtin.module(cse,symbol-dce)"``) on
    /// ``module`` in place. ``after_pass(pass, ir)`` is called after every
    /// pass with the IR of the op the pass ran on (a ``func.func`` for a
    /// nested pipeline) as text. Raises :class:`DiagnosticError`.
    #[pyo3(signature = (module, pipeline, after_pass = None))]
    fn run_pipeline(
        &self,
        py: Python<'_>,
        mut module: PyRefMut<'_, Module>,
        pipeline: &str,
        after_pass: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.run_pipeline_on(py, &mut module, pipeline, after_pass)
    }

    /// Evaluate the function ``func`` (a ``func.func``, or a ``shape.func``
    /// of a ``shape.function_library``) of ``module`` on ``args`` with the
    /// reference interpreter: a list of ints is a shape, an int a scalar,
    /// a str an argument as ``shape-run --arg`` reads it
    /// (``"dense<[3, -1]>"``). One result is returned bare, several as a
    /// tuple. Raises :class:`ShapeError` when the function fails,
    /// :class:`UndefinedBehaviorError` when it does what MLIR leaves
    /// undefined, :class:`DiagnosticError` when it cannot be evaluated.
    #[pyo3(signature = (module, func, args = None))]
    fn evaluate(
        &self,
        py: Python<'_>,
        module: PyRef<'_, Module>,
        func: &str,
        args: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let no_args = pyo3::types::PyTuple::empty(py);
        self.evaluate_module(py, &module, func, args.unwrap_or(no_args.as_any()))
    }
}

#[pymethods]
impl Module {
    /// The module as text: custom form (as ``mlir-opt`` prints it) or
    /// ``generic`` form, with locations when ``debug_info``.
    #[pyo3(signature = (*, generic = false, debug_info = false))]
    pub fn print(&self, py: Python<'_>, generic: bool, debug_info: bool) -> PyResult<String> {
        let options = PrintOptions {
            generic,
            debug_info,
            ..Default::default()
        };
        let ir = &self.inner;
        shielded(py, || ir.print_with(options))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.print(py, false, false)
    }

    /// The latest stage the module is legal in (``"error-monadic"``,
    /// ``"constrained"``, ``"asserting"``, ``"std"``), or ``None``.
    #[getter]
    fn stage(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        let ir = &self.inner;
        let stage = shielded(py, || {
            shape_opt::on_large_stack(|| current_stage(&ir.ctx, ir.root))
        })?;
        Ok(stage.map(shape_opt::Stage::name))
    }
}
