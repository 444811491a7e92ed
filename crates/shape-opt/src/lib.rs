//! The embedding API: what a host compiler written in Rust uses to run
//! shape-opt inside itself.
//!
//! A [`Session`] is the one engine the command line drives too
//! ([`driver::Engine`]): it owns the pass registry (every pass, plus any
//! the host registers) and the source buffers diagnostics point into. With it a
//! host parses text into a [`Module`] (or builds one through [`ir`]), adds
//! its own op → shape-function mappings to the module's
//! `shape.function_library` ([`Session::map_op_to_shape_function`]), runs a
//! textual pipeline with a callback after every pass
//! ([`Session::run_pipeline`]) or the default pipelines up to a stage with a
//! callback in every form reached ([`Session::lower_to`]), and prints the
//! result ([`Module::print_with`]: custom or generic form, with or without
//! locations). [`Session::evaluate`] runs a function on concrete shapes
//! with the reference interpreter. [`Session::explain`] says what each
//! function requires of its inputs and what it returns, as
//! `shape-opt --explain` does ([`explain::render_module`] gives its text),
//! and [`Session::report`] runs a pipeline or a lowering and writes the
//! HTML report `shape-opt --report` writes. The host declares which of
//! its ops (and functions) are pure ([`Session::declare_pure_ops`]), so
//! that checks may move across them. How runs go is the engine's [`RunPolicy`]
//! ([`Session::policy_mut`]): with [`RunPolicy::verify_semantics`] set,
//! every pass is checked to keep what each function computes on sampled
//! inputs. Every failure is an [`Error`] holding MLIR-style diagnostics.
//!
//! Parsing, verifying, passes and printing recurse as deep as the IR nests
//! (up to the parser's `max_nesting`), so every method that does them runs
//! its work on a thread of its own with a large stack ([`on_large_stack`]):
//! a host may call them from any thread, whatever its stack size.
//!
//! ```
//! let mut session = shape_opt::Session::new();
//! let mut module = session
//!     .parse("f.mlir", "func.func @f(%a: index) -> index { return %a : index }")
//!     .unwrap();
//! session
//!     .run_pipeline(&mut module, "builtin.module(cse)", None)
//!     .unwrap();
//! assert!(module.print().contains("func.func @f"));
//! ```

pub use diag;
pub use driver::FailureMode;
pub use driver::{on_large_stack, Module, Plan, RunPolicy, WORKER_STACK};
pub use explain;
pub use interp;
pub use ir;
pub use pass;
pub use pass::stage::Stage;
pub use syntax;
pub use validate::check::{SamplingBudget, MAX_SAMPLES};

use diag::{DiagLoc, Diagnostic};
use driver::{Engine, Observers, ReportOptions, RunOutcome};
use interp::Interrupt;
use ir::effects::PureOps;
use ir::{Attr, Context, OpId, OpKind};
use pass::{Instrumentation, PassInfo, PassRegistry};
use std::path::{Path, PathBuf};

/// This library's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The major version of MLIR whose textual IR shape-opt reads and writes
/// (`mlir-opt` of that version parses what it prints, and the reverse).
pub const MLIR_VERSION: &str = "22";

/// A failure: the diagnostics, and their rendering (`file:line:col: error:
/// ...` with the source line) for display.
#[derive(Debug)]
pub struct Error {
    pub diagnostics: Vec<Diagnostic>,
    rendered: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.rendered)
    }
}

impl std::error::Error for Error {}

/// Registered passes, source buffers, and how pipelines run: the engine,
/// with errors rendered for a host.
pub struct Session {
    engine: Engine,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// A host's callback after every pass run: the pass's name and the IR
/// (the op the pass ran on).
pub type AfterPassFn<'a> = dyn FnMut(&str, &Context, OpId) + Send + 'a;

/// A host's callback in every form reached, once that stage's passes have
/// run (the last call sees the result): the stage and the module.
pub type OnStageFn<'a> = dyn FnMut(Stage, &Context, OpId) + Send + 'a;

/// A host's [`AfterPassFn`], as the last observer of a run.
struct AfterPass<'a, 'b>(&'a mut AfterPassFn<'b>);

impl Instrumentation for AfterPass<'_, '_> {
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        (self.0)(pass, ctx, op);
    }
}

/// Every pass shape-opt has (the `passes` crate's table).
pub fn registry() -> PassRegistry {
    passes::registry()
}

impl Session {
    /// A session with every pass of shape-opt registered ([`registry`]).
    pub fn new() -> Self {
        Session {
            engine: Engine::new(),
        }
    }

    /// How this session's runs go: verification after each pass,
    /// unregistered dialects, threads, the semantics check and its budget,
    /// what a failed check does in std form.
    pub fn policy(&self) -> &RunPolicy {
        &self.engine.policy
    }

    /// The run policy, to change.
    pub fn policy_mut(&mut self) -> &mut RunPolicy {
        &mut self.engine.policy
    }

    /// The handle that stops this session's current run from another
    /// thread (a host's Ctrl-C): raise it, and the run ends with an
    /// "interrupted" error after the pass or evaluation step in progress.
    /// It stays raised until cleared.
    pub fn interrupt(&self) -> Interrupt {
        self.engine.policy.interrupt.clone()
    }

    /// Declare host ops and functions pure: without side effects, so that
    /// passes that move or merge checks may move them across these ops, as
    /// the host's own passes do ([`ir::effects`]). Each entry is an op name
    /// of an unregistered dialect (`chlo.broadcast_add`), such a dialect
    /// (`mhlo.`: all its ops) or a function (`@name`: calls to it). The
    /// declarations hold for every module the session parses, runs a
    /// pipeline on or lowers from then on; an invalid entry declares
    /// nothing.
    pub fn declare_pure_ops(&mut self, entries: &[&str]) -> Result<(), Error> {
        let mut declared: PureOps = self.engine.pure_ops().clone();
        for entry in entries {
            declared.declare(entry).map_err(plain_error)?;
        }
        self.engine.set_pure_ops(declared);
        Ok(())
    }

    /// Use (or not, with `false`) the built-in shape rules and effects of
    /// StableHLO, MHLO and CHLO ops for every module this session parses,
    /// runs a pipeline on or lowers from then on (on by default).
    pub fn set_hlo_knowledge(&mut self, on: bool) {
        self.engine.set_knows_foreign_ops(on);
    }

    /// Register a pass of the host's (replacing one of the same name).
    pub fn register_pass(&mut self, info: PassInfo) {
        self.engine.register_pass(info);
    }

    pub fn registry(&self) -> &PassRegistry {
        self.engine.registry()
    }

    /// `diagnostic` as `mlir-opt` prints it: `file:line:col: error: ...`,
    /// the source line and a caret when the location is in a buffer this
    /// session parsed, then its notes.
    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        self.engine.render(diagnostic)
    }

    /// `file`, `line`, `column` of a diagnostic's location, if it has one.
    pub fn position(&self, diagnostic: &Diagnostic) -> Option<(String, u32, u32)> {
        self.engine.sources.position(&diagnostic.loc)
    }

    fn error(&self, diagnostics: Vec<Diagnostic>) -> Error {
        let rendered = diagnostics.iter().map(|d| self.engine.render(d)).collect();
        Error {
            diagnostics,
            rendered,
        }
    }

    /// Parse and verify `text` (named `name` in diagnostics).
    pub fn parse(&mut self, name: &str, text: &str) -> Result<Module, Error> {
        let engine = &mut self.engine;
        let parsed = on_large_stack(|| engine.parse(name, text.to_string()));
        parsed.map_err(|diags| self.error(diags))
    }

    /// Keep `text` as the source buffer named `name`, as [`Session::parse`]
    /// keeps what it parses: for a module the host built op by op
    /// ([`Session::adopt`]) whose locations name that buffer, diagnostics
    /// then show its source lines, [`Session::explain`] names parameters
    /// as it does, and [`Session::report`] shows it.
    pub fn add_source(&mut self, name: &str, text: &str) {
        let file = diag::SourceFile::new(name, text.to_string());
        self.engine.sources.add(file);
    }

    /// A module the host built op by op in `ctx` (through [`ir`], with
    /// [`syntax::parse_type`] and [`syntax::parse_attribute`] for its
    /// types and attributes), rooted at `root`: verified as [`Session::parse`]
    /// verifies what it parses.
    pub fn adopt(&self, ctx: Context, root: OpId) -> Result<Module, Error> {
        let allow_unregistered = self.policy().run.allow_unregistered;
        on_large_stack(|| pass::verify(&ctx, root, allow_unregistered))
            .map_err(|d| self.error(d))?;
        Ok(Module { ctx, root })
    }

    /// Make ops named `op_name` (e.g. `foo.matmul`) map to the shape
    /// function `function` of the module's `shape.function_library`: an
    /// entry of its `mapping`, replacing any for the same op. The library
    /// must exist and hold the function.
    pub fn map_op_to_shape_function(
        &self,
        module: &mut Module,
        op_name: &str,
        function: &str,
    ) -> Result<(), Error> {
        let ctx = &mut module.ctx;
        let library = top_level_ops(ctx, module.root)
            .find(|&o| ctx.kind(o) == OpKind::ShapeFunctionLibrary)
            .ok_or_else(|| plain_error("the module has no shape.function_library".into()))?;
        let defined = top_level_ops(ctx, library).any(|o| {
            ctx.kind(o) == OpKind::ShapeFunc
                && ctx.attr(o, "sym_name").and_then(Attr::as_str) == Some(function)
        });
        if !defined {
            return Err(plain_error(format!(
                "the shape.function_library has no shape.func @{function}"
            )));
        }
        let mut entries = match ctx.attr(library, "mapping") {
            Some(Attr::Dict(entries)) => entries.clone(),
            _ => Vec::new(),
        };
        let target = Attr::SymbolRef {
            root: function.into(),
            nested: Vec::new(),
        };
        entries.retain(|(name, _)| &**name != op_name);
        entries.push((ir::attrs::attr_name(op_name), target));
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        ctx.set_prop(library, "mapping", Attr::Dict(entries));
        let ctx = &module.ctx;
        on_large_stack(|| pass::verify(ctx, module.root, self.policy().run.allow_unregistered))
            .map_err(|d| self.error(d))
    }

    /// Run a textual pipeline (`builtin.module(func.func(cse),symbol-dce)`);
    /// `after_pass` (if any) sees the IR after every pass run. Without it,
    /// function pipelines may run on several threads.
    pub fn run_pipeline(
        &self,
        module: &mut Module,
        pipeline: &str,
        after_pass: Option<&mut AfterPassFn>,
    ) -> Result<(), Error> {
        self.run(module, Plan::Pipeline(pipeline), after_pass, None)
    }

    /// Run the default pipeline of every stage from the module's form up to
    /// `target`; `on_stage` sees the IR in every form reached, once that
    /// stage's passes have run (the last call sees the result).
    pub fn lower_to(
        &self,
        module: &mut Module,
        target: Stage,
        on_stage: &mut OnStageFn,
    ) -> Result<(), Error> {
        self.lower_to_observed(module, target, Some(on_stage), None)
    }

    /// [`Session::lower_to`] with optional observers: `on_stage` sees the
    /// IR in every form reached, `after_pass` after every pass run. With
    /// neither (and as the [`RunPolicy`] allows), independent functions
    /// lower in pieces on several threads, with the same result.
    pub fn lower_to_observed(
        &self,
        module: &mut Module,
        target: Stage,
        on_stage: Option<&mut OnStageFn>,
        after_pass: Option<&mut AfterPassFn>,
    ) -> Result<(), Error> {
        let plan = Plan::LowerTo {
            from: None,
            to: target,
        };
        self.run(module, plan, after_pass, on_stage)
    }

    /// What each function of `module` (with a body, in order) requires of
    /// its inputs and what it returns, as `shape-opt --explain` says it:
    /// the module is first lowered as `--explain` lowers it (from
    /// error-monadic form to constrained form; from a later form, the
    /// shapes of StableHLO, MHLO and CHLO ops' results reified) and is left
    /// in that form. Parameters are named as in the text this session
    /// parsed. [`explain::render_module`] lays the explanations out as the
    /// command line prints them, [`explain::spell`] gives each one's parts.
    pub fn explain(&self, module: &mut Module) -> Result<Vec<explain::Explanation>, Error> {
        let engine = &self.engine;
        on_large_stack(|| engine.explain(module)).map_err(|d| self.error(vec![d]))
    }

    /// Run `plan` on `module` and write the HTML report of the run to
    /// `path`, as `shape-opt --report=PATH` does with `-p` or `--lower-to`:
    /// the forms side by side, every pass with its diff, the constraints
    /// drawn, the preconditions, and sampled inputs (and `args`, on every
    /// function of as many parameters, as `--report-args`) at every stage.
    /// `name` is the name `module` was parsed under, whose text the report
    /// shows. A module of more than 200 functions gets a directory with an
    /// `index.html`; returns the page written. The report is written
    /// whether or not the run fails; the run's failure is then the error.
    pub fn report(
        &self,
        module: &mut Module,
        name: &str,
        plan: Plan,
        path: &Path,
        args: &[interp::Arg],
    ) -> Result<PathBuf, Error> {
        let mut run = self.ready(module, plan)?;
        let wanted = ReportOptions {
            path: path.to_path_buf(),
            events: Default::default(),
            args: args.to_vec(),
        };
        let engine = &self.engine;
        let (ran, written) = driver::collecting_events(&wanted.events, || {
            let unwatched = &mut pass::NoInstrumentation;
            engine.run_reported(name, module, &mut run, &wanted, unwatched, false)
        });
        self.outcome(ran)?;
        written.map_err(|d| self.error(vec![d]))
    }

    /// Evaluate the function `func` of `module` (a `func.func`, or a
    /// `shape.func` of a `shape.function_library`) on `args` with the
    /// reference interpreter: the calls and unregistered ops it ran, in
    /// order, and its results or the error it fails with. An error result
    /// is a result; `Err` means the function could not be evaluated (no
    /// such function, arguments that do not fit, an op the interpreter has
    /// no meaning for).
    pub fn evaluate(
        &self,
        module: &Module,
        func: &str,
        args: &[interp::Arg],
    ) -> Result<interp::Trace, Error> {
        let ctx = &module.ctx;
        let limits = interp::Limits {
            budget: interp::Budget::new(None, None, self.interrupt()),
            ..interp::Limits::default()
        };
        on_large_stack(|| interp::trace_function_with_limits(ctx, module.root, func, args, limits))
            .map_err(|e| plain_error(e.to_string()))
    }

    fn run(
        &self,
        module: &mut Module,
        plan: Plan,
        after_pass: Option<&mut AfterPassFn>,
        on_stage: Option<&mut OnStageFn>,
    ) -> Result<(), Error> {
        let engine = &self.engine;
        let mut run = self.ready(module, plan)?;
        let ran = on_large_stack(|| {
            let mut after_pass = after_pass.map(AfterPass);
            let mut unwatched = pass::NoInstrumentation;
            let last: &mut dyn Instrumentation = match &mut after_pass {
                Some(hook) => hook,
                None => &mut unwatched,
            };
            let every_step = on_stage.is_some();
            let mut unobserved = |_: Stage, _: &Context, _: OpId| {};
            let observers = Observers {
                first: &mut pass::NoInstrumentation,
                last,
                on_stage: on_stage.map_or(&mut unobserved, |f| f as _),
                every_step,
            };
            engine.run(module, &mut run, observers)
        });
        self.outcome(ran)
    }

    /// `plan` made ready for `module`, or its error.
    fn ready(&self, module: &Module, plan: Plan) -> Result<driver::Run, Error> {
        let engine = &self.engine;
        engine.plan(module, plan).map_err(|e| Error {
            rendered: e.render(&engine.sources),
            diagnostics: vec![e.into_diagnostic()],
        })
    }

    /// A run's result: its failure, or an interrupt that stopped its
    /// semantics check (a check stopped by its budget is a warning).
    fn outcome(&self, ran: RunOutcome) -> Result<(), Error> {
        let stopped = ran.semantics.as_ref().and_then(|s| s.stopped());
        match stopped {
            Some(interp::Spent::Interrupted) => return Err(self.error(vec![driver::interrupted()])),
            Some(spent) => tracing::warn!("verify-semantics stopped early, as {spent}"),
            None => {}
        }
        ran.result.map_err(|d| self.error(vec![d]))
    }
}

/// An error about no place in the input.
fn plain_error(message: String) -> Error {
    Error {
        rendered: format!("error: {message}\n"),
        diagnostics: vec![Diagnostic::error(DiagLoc::Unknown, message)],
    }
}

/// The ops directly in the first block of `op`'s first region.
fn top_level_ops(ctx: &Context, op: OpId) -> impl Iterator<Item = OpId> + '_ {
    let block = ctx
        .op(op)
        .regions
        .first()
        .and_then(|&r| ctx.region(r).blocks.first().copied());
    block.into_iter().flat_map(move |b| ctx.block_ops(b))
}
