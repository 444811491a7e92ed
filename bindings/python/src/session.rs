//! `Session` and `Module`: parse once, then map host ops, run pipelines,
//! lower and evaluate on the parsed module, each without the GIL.
//!
//! Both are safe to share between threads and callbacks, as
//! [`crate::sharing`] says: a session's state and each module's IR are
//! locked by the work that uses them, threads wait their turn with the
//! GIL released, and a callback that uses the session running it raises
//! `ReentrancyError`. Every entry point checks its arguments (a
//! `ValueError` or `TypeError`) before it reads any IR.

use crate::errors::{interruptible, shielded, Diagnosed};
use crate::explain::{explain_module, report_module, Explanation};
use crate::input::{semantics_samples, source_text, stage};
use crate::observer::Observer;
use crate::sharing::{Access, SessionId, Shared};
use crate::values;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use shape_opt::interp::{Arg, Interrupt};
use shape_opt::ir::printer::PrintOptions;
use shape_opt::pass::stage::current_stage;
use shape_opt::pass::{render_pipeline_error, PassManager};
use shape_opt::{AfterPassFn, FailureMode, OnStageFn, Stage};

/// Parses modules and runs shape-opt on them.
///
/// A session keeps the text of every module it parsed, so that its
/// diagnostics can show the source line; a module is used with the session
/// that parsed it. Pipelines change the module in place: after a failure
/// the module holds the IR as the failing pass left it (as in MLIR).
///
/// Sessions and modules may be shared between threads: calls that change
/// a session (``parse``, ``declare_pure``, setting options) or a module
/// (``lower``, ``run_pipeline``, ``map_op`` on it) wait for the calls
/// using it to end, other calls run at once, and every call releases the
/// GIL while it works or waits. A callback (``on_stage``, ``after_pass``)
/// that uses the session running it, or a module of that session, raises
/// :class:`ReentrancyError`.
#[pyclass(module = "shape_opt", frozen)]
pub struct Session {
    state: Shared<shape_opt::Session>,
    /// Stops the session's runs (Ctrl-C, [`interruptible`]).
    interrupt: Interrupt,
}

/// A parsed module: the IR a session works on, changed in place by its
/// pipelines. ``str(module)`` is its text.
#[pyclass(module = "shape_opt", frozen)]
pub struct Module {
    ir: Shared<shape_opt::Module>,
    /// The name it was parsed under, which its locations give.
    name: String,
}

/// A textual pipeline that parses and names registered passes and
/// options only: the argument of [`Session::run_pipeline_on`].
pub struct Pipeline<'a>(&'a str);

impl Session {
    /// A session with these options; `failure` is what a failed check
    /// does in the std form it lowers to.
    pub fn with_options(
        allow_unregistered_dialects: bool,
        verify_semantics: Option<usize>,
        failure: FailureMode,
    ) -> Session {
        let mut inner = shape_opt::Session::new();
        inner.policy_mut().run.allow_unregistered = allow_unregistered_dialects;
        inner.policy_mut().verify_semantics = verify_semantics;
        inner.policy_mut().failure = failure;
        Session {
            interrupt: inner.interrupt(),
            state: Shared::new(SessionId::fresh(), inner),
        }
    }

    /// `work` on this session's state, without the GIL.
    fn with_state<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(Access<'_, shape_opt::Session>) -> T + Send,
    ) -> PyResult<T> {
        let state = self.state.access()?;
        shielded(py, || work(state))
    }

    /// `work` on this session (read) and `module`, without the GIL; an
    /// error it reports is a `DiagnosticError`. A `ValueError` unless
    /// this session parsed `module`.
    pub fn with_module<T: Send>(
        &self,
        py: Python<'_>,
        module: &Module,
        work: impl FnOnce(
                &shape_opt::Session,
                Access<'_, shape_opt::Module>,
            ) -> Result<T, shape_opt::Error>
            + Send,
    ) -> PyResult<T> {
        if module.ir.owner() != self.state.owner() {
            return Err(PyValueError::new_err(
                "the module was parsed by another Session",
            ));
        }
        let ir = module.ir.access()?;
        let state = self.state.access()?;
        interruptible(py, &self.interrupt, || {
            let session = state.read();
            work(&session, ir).map_err(|e| Diagnosed::new(&session, &e))
        })?
        .map_err(|diagnosed| diagnosed.into_err(py))
    }

    /// Parse and verify `text` (named `name` in diagnostics).
    pub fn parse_text(&self, py: Python<'_>, text: String, name: &str) -> PyResult<Module> {
        let parsed = self.with_state(py, |state| {
            let mut session = state.write();
            session
                .parse(name, &text)
                .map_err(|e| Diagnosed::new(&session, &e))
        })?;
        match parsed {
            Ok(parsed) => Ok(Module {
                ir: Shared::new(self.state.owner(), parsed),
                name: name.to_string(),
            }),
            Err(diagnosed) => Err(diagnosed.into_err(py)),
        }
    }

    /// `pipeline`, once it parses and names only registered passes and
    /// options; else a `ValueError` with its diagnostic. Every module a
    /// session parses is a `builtin.module`, the root it is checked on.
    pub fn check_pipeline<'a>(&self, py: Python<'_>, pipeline: &'a str) -> PyResult<Pipeline<'a>> {
        let malformed = self.with_state(py, |state| {
            PassManager::parse(pipeline, state.read().registry()).err()
        })?;
        match malformed {
            None => Ok(Pipeline(pipeline)),
            Some(e) => Err(PyValueError::new_err(
                render_pipeline_error(pipeline, &e).trim_end().to_string(),
            )),
        }
    }

    /// Lower `module` to `target`, with observers.
    pub fn lower_module(
        &self,
        py: Python<'_>,
        module: &Module,
        target: Stage,
        mut on_stage: Option<Observer>,
        mut after_pass: Option<Observer>,
    ) -> PyResult<()> {
        let id = self.state.owner();
        let lowered = self.with_module(py, module, |session, ir| {
            let mut stage_seen = on_stage
                .as_mut()
                .map(|o| move |stage: Stage, ctx: &_, op| o.observe(id, stage.name(), ctx, op));
            let mut pass_seen = Observer::after_pass(&mut after_pass, id);
            session.lower_to_observed(
                &mut ir.write(),
                target,
                stage_seen.as_mut().map(|f| f as &mut OnStageFn),
                pass_seen.as_mut().map(|f| f as &mut AfterPassFn),
            )
        });
        Observer::finish(on_stage)?;
        Observer::finish(after_pass)?;
        lowered
    }

    /// Run `pipeline` on `module`, with an observer.
    pub fn run_pipeline_on(
        &self,
        py: Python<'_>,
        module: &Module,
        Pipeline(pipeline): Pipeline<'_>,
        mut after_pass: Option<Observer>,
    ) -> PyResult<()> {
        let id = self.state.owner();
        let ran = self.with_module(py, module, |session, ir| {
            let mut pass_seen = Observer::after_pass(&mut after_pass, id);
            let pass_seen = pass_seen.as_mut().map(|f| f as &mut AfterPassFn);
            session.run_pipeline(&mut ir.write(), pipeline, pass_seen)
        });
        Observer::finish(after_pass)?;
        ran
    }

    /// Evaluate `func` of `module` on `args`.
    pub fn evaluate_module(
        &self,
        py: Python<'_>,
        module: &Module,
        func: &str,
        args: Vec<Arg>,
    ) -> PyResult<Py<PyAny>> {
        let trace = self.with_module(py, module, |session, ir| {
            session.evaluate(&ir.read(), func, &args)
        })?;
        values::outcome(py, trace.outcome)
    }
}

#[pymethods]
impl Session {
    /// A session. ``allow_unregistered_dialects`` accepts ops of dialects
    /// shape-opt does not define (host ops such as ``foo.matmul``) as opaque
    /// ops; ``verify_semantics`` (``True`` or a number of sampled inputs per
    /// function, at most 100000) checks after every pass that each function
    /// still computes what it did. Raises ``ValueError`` for a count out of
    /// range, ``TypeError`` for one that is no bool or int.
    #[new]
    #[pyo3(signature = (*, allow_unregistered_dialects = false, verify_semantics = None))]
    fn py_new(
        allow_unregistered_dialects: bool,
        verify_semantics: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Session> {
        let samples = semantics_samples(verify_semantics)?;
        Ok(Session::with_options(
            allow_unregistered_dialects,
            samples,
            FailureMode::Abort,
        ))
    }

    /// Whether ops of dialects shape-opt does not define are accepted.
    #[getter]
    fn get_allow_unregistered_dialects(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_state(py, |state| state.read().policy().run.allow_unregistered)
    }

    #[setter]
    fn set_allow_unregistered_dialects(&self, py: Python<'_>, allow: bool) -> PyResult<()> {
        self.with_state(py, |state| {
            state.write().policy_mut().run.allow_unregistered = allow
        })
    }

    /// Sampled inputs per function checked after every pass, or ``None``.
    /// Set ``True`` for the command line's default, an int (at most
    /// 100000; ``ValueError`` beyond, or below 0), or ``False``.
    #[getter]
    fn get_verify_semantics(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_state(py, |state| state.read().policy().verify_semantics)
    }

    #[setter]
    fn set_verify_semantics(
        &self,
        py: Python<'_>,
        samples: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let samples = semantics_samples(samples)?;
        self.with_state(py, |state| {
            state.write().policy_mut().verify_semantics = samples
        })
    }

    /// Declare host ops and functions pure (free of side effects), so that
    /// passes may move checks across them: an op name (``"chlo.broadcast_add"``),
    /// a whole dialect (``"mhlo."``) or a function (``"@name"``). Holds for
    /// every module parsed, run or lowered from then on. Raises
    /// ``ValueError`` for an invalid entry, declaring none of them.
    #[pyo3(signature = (*entries))]
    fn declare_pure(&self, py: Python<'_>, entries: Vec<String>) -> PyResult<()> {
        let entries: Vec<&str> = entries.iter().map(String::as_str).collect();
        let declared = self.with_state(py, |state| {
            state.write().declare_pure_ops(&entries).map_err(|e| {
                let messages: Vec<&str> =
                    e.diagnostics.iter().map(|d| d.message.as_str()).collect();
                messages.join("; ")
            })
        })?;
        declared.map_err(PyValueError::new_err)
    }

    /// Parse and verify ``text`` into a :class:`Module`: a ``str``, UTF-8
    /// ``bytes``, or a module or operation of MLIR's Python bindings
    /// (printed with its locations, as :func:`lower` takes it); ``name``
    /// names the text in diagnostics. Raises :class:`DiagnosticError`,
    /// ``TypeError`` for an object of another type.
    #[pyo3(signature = (text, name = "<string>"))]
    fn parse(&self, py: Python<'_>, text: &Bound<'_, PyAny>, name: &str) -> PyResult<Module> {
        let text = source_text(name, text)?;
        self.parse_text(py, text, name)
    }

    /// Make ops named ``op_name`` (``"foo.matmul"``) map to the shape
    /// function ``function`` of the module's ``shape.function_library``,
    /// replacing any mapping of that op. Raises :class:`DiagnosticError`
    /// when the module has no library or the library no such function.
    fn map_op(
        &self,
        py: Python<'_>,
        module: &Module,
        op_name: &str,
        function: &str,
    ) -> PyResult<()> {
        self.with_module(py, module, |session, ir| {
            session.map_op_to_shape_function(&mut ir.write(), op_name, function)
        })
    }

    /// Lower ``module`` in place through the default pipeline of every
    /// stage up to ``to`` (``"error-monadic"``, ``"constrained"``,
    /// ``"asserting"`` or ``"std"``; ``ValueError`` for another name).
    /// ``on_stage(stage, ir)`` is called in every form reached, with the IR
    /// once that stage's passes have run (the last call sees the result),
    /// ``after_pass(pass, ir)`` after every pass; an exception they raise
    /// silences them and is raised when the run ends. Raises
    /// :class:`DiagnosticError` when the module cannot be lowered.
    #[pyo3(signature = (module, to = "std", on_stage = None, after_pass = None))]
    fn lower(
        &self,
        py: Python<'_>,
        module: &Module,
        to: &str,
        on_stage: Option<&Bound<'_, PyAny>>,
        after_pass: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let target = stage(to)?;
        let on_stage = Observer::new(on_stage, "on_stage")?;
        let after_pass = Observer::new(after_pass, "after_pass")?;
        self.lower_module(py, module, target, on_stage, after_pass)
    }

    /// Run a textual pipeline (``"builtin.module(cse,symbol-dce)"``) on
    /// ``module`` in place. ``after_pass(pass, ir)`` is called after every
    /// pass with the IR of the op the pass ran on (a ``func.func`` for a
    /// nested pipeline) as text. Raises ``ValueError`` (with the
    /// ``<pipeline>:1:col: error: ...`` diagnostic) for a pipeline that
    /// does not parse or names what is not registered,
    /// :class:`DiagnosticError` when it cannot run on the module or fails.
    #[pyo3(signature = (module, pipeline, after_pass = None))]
    fn run_pipeline(
        &self,
        py: Python<'_>,
        module: &Module,
        pipeline: &str,
        after_pass: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let after_pass = Observer::new(after_pass, "after_pass")?;
        let pipeline = self.check_pipeline(py, pipeline)?;
        self.run_pipeline_on(py, module, pipeline, after_pass)
    }

    /// Evaluate the function ``func`` (a ``func.func``, or a ``shape.func``
    /// of a ``shape.function_library``) of ``module`` on ``args`` with the
    /// reference interpreter: a list of ints is a shape, an int a scalar,
    /// a str an argument as ``shape-run --arg`` reads it
    /// (``"dense<[3, -1]>"``). One result is returned bare, several as a
    /// tuple. Raises :class:`ShapeError` when the function fails,
    /// :class:`UndefinedBehaviorError` when it does what MLIR leaves
    /// undefined, :class:`DiagnosticError` when it cannot be evaluated (no
    /// such function, arguments that do not fit it), ``ValueError`` for an
    /// argument that does not read or an int out of ``i64``'s range.
    #[pyo3(signature = (module, func, args = None))]
    fn evaluate(
        &self,
        py: Python<'_>,
        module: &Module,
        func: &str,
        args: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let args = values::args(args)?;
        self.evaluate_module(py, module, func, args)
    }

    /// What each function of ``module`` requires of its inputs and what it
    /// returns, as :func:`explain` says it; ``module`` is first lowered in
    /// place as ``shape-opt --explain`` lowers it (from error-monadic to
    /// constrained form). Raises :class:`DiagnosticError` when it cannot
    /// be lowered.
    fn explain(&self, py: Python<'_>, module: &Module) -> PyResult<Explanation> {
        explain_module(self, py, module)
    }

    /// Run the lowering to ``to`` or the textual ``pipeline`` on ``module``
    /// in place and write the HTML report of the run to ``path``, as
    /// :func:`report` does; returns the page written. Raises as
    /// :func:`report` does.
    #[pyo3(signature = (module, path, to = None, *, pipeline = None, args = None))]
    fn report(
        &self,
        py: Python<'_>,
        module: &Module,
        path: std::path::PathBuf,
        to: Option<&str>,
        pipeline: Option<&str>,
        args: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<std::path::PathBuf> {
        report_module(self, py, module, path, to, pipeline, args)
    }
}

impl Module {
    /// The name it was parsed under.
    pub fn name(&self) -> &str {
        &self.name
    }
}

#[pymethods]
impl Module {
    /// The module as text: custom form (as ``mlir-opt`` prints it) or
    /// ``generic`` form, with locations when ``debug_info``. Waits for a
    /// run on the module in another thread to end.
    #[pyo3(signature = (*, generic = false, debug_info = false))]
    pub fn print(&self, py: Python<'_>, generic: bool, debug_info: bool) -> PyResult<String> {
        let options = PrintOptions {
            generic,
            debug_info,
            ..Default::default()
        };
        let ir = self.ir.access()?;
        shielded(py, || ir.read().print_with(options))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.print(py, false, false)
    }

    /// The latest stage the module is legal in (``"error-monadic"``,
    /// ``"constrained"``, ``"asserting"``, ``"std"``), or ``None``.
    #[getter]
    fn stage(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        let ir = self.ir.access()?;
        let stage = shielded(py, || {
            let ir = ir.read();
            shape_opt::on_large_stack(|| current_stage(&ir.ctx, ir.root))
        })?;
        Ok(stage.map(Stage::name))
    }
}
