//! The one engine: what the `shape-opt` and `shape-run` binaries and the
//! embedding API (`shape_opt::Session`) drive, so that every front end
//! parses, verifies, lowers and prints the same way.
//!
//! An [`Engine`] owns the pass registry, the source buffers diagnostics
//! point into, the run policy ([`RunPolicy`]) and the host ops declared
//! pure. Front ends only translate their own inputs (flags, a session's
//! settings, C or Python arguments) into a [`RunPolicy`]; the engine alone
//! decides from it whether modules assume strict symbolic shapes, what a
//! failed check does, which checks watch the passes and in what order
//! next to the front end's [`Observers`], and whether a lowering goes in
//! pieces. It parses and verifies text into a [`Module`]
//! ([`Engine::parse`]), turns a textual pipeline or a `--lower-to` target
//! into a [`Run`] ([`Engine::plan`]), and runs it ([`Engine::run`]); a
//! lowering of independent functions nothing watches pass by pass goes in
//! pieces on every thread (`pass::split_lowering`), with the same output.
//!
//! What `--explain` and `--report` do is here too ([`mod@explain`],
//! [`mod@report`]), so that every front end explains a module and writes
//! its report the same way.
//!
//! Parsing, verifying, passes and printing recurse as deep as the IR nests,
//! so front ends call the engine on a large stack ([`on_large_stack`]).

pub mod explain;
pub mod report;

pub use crate::explain::explain_plan;
pub use crate::report::{collecting_events, ReportOptions};
use diag::{DiagLoc, Diagnostic, SourceFile, SourceMap};
pub use interp::Interrupt;
use ir::effects::PureOps;
use ir::{Context, OpId};
use pass::split_lowering::{Lowered, PieceWatcher};
pub use pass::stage::Stage;
use pass::stage_pipeline::StagePipeline;
use pass::{Instrumentation, PassInfo, PassManager, PassRegistry, PassTiming, RunOptions};
pub use passes::FailureMode;
use validate::check::{Interpreter, SamplingBudget, SemanticsCheck};

/// Parsed or built IR: a context and its top-level `builtin.module`.
pub struct Module {
    pub ctx: Context,
    pub root: OpId,
}

impl Module {
    /// Assume strict symbolic shapes in every function of the module
    /// (`--assume-strict-symbolic-shapes`): mark the module with
    /// [`ir::dialect::func::STRICT_SYMBOLIC_SHAPES`].
    pub fn assume_strict_symbolic_shapes(&mut self) {
        let name = ir::dialect::func::STRICT_SYMBOLIC_SHAPES;
        self.ctx
            .set_discardable_attr(self.root, name, ir::Attr::Unit);
    }

    /// The module in MLIR's custom form (what `mlir-opt` prints).
    pub fn print(&self) -> String {
        self.print_with(Default::default())
    }

    /// The module in custom or generic form, with or without locations
    /// (`--mlir-print-op-generic`, `--mlir-print-debuginfo`).
    pub fn print_with(&self, options: ir::printer::PrintOptions) -> String {
        on_large_stack(|| ir::printer::print_op(&self.ctx, self.root, options))
    }
}

/// Stack size of the threads [`on_large_stack`] starts: the recursion of
/// the parser, the verifier, the passes and the printer is bounded by the
/// parser's nesting limit, and this leaves room for the deepest input it
/// accepts (only the pages touched are ever committed).
pub const WORKER_STACK: usize = 512 << 20;

/// Run `work` on a new thread with a [`WORKER_STACK`]-byte stack and return
/// its result; a panic in `work` resumes on the caller's thread. If no
/// thread can be started, `work` runs on the caller's thread.
pub fn on_large_stack<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    let mut pending = Some(work);
    let finished = std::thread::scope(|scope| {
        let slot = &mut pending;
        std::thread::Builder::new()
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || slot.take().map(|work| work()))
            .ok()
            .map(|handle| handle.join())
    });
    match (finished, pending) {
        (Some(Ok(Some(result))), _) => result,
        (Some(Err(panic)), _) => std::panic::resume_unwind(panic),
        (_, Some(work)) => work(),
        (_, None) => unreachable!("a thread that took the work either returned or panicked"),
    }
}

/// What to run on a module.
#[derive(Clone, Copy, Debug)]
pub enum Plan<'a> {
    /// A textual pipeline (`builtin.module(func.func(cse),symbol-dce)`).
    Pipeline(&'a str),
    /// The default passes of every stage from `from` (or the form the
    /// module is in) up to `to`, checks failing as [`RunPolicy::failure`]
    /// says.
    LowerTo { from: Option<Stage>, to: Stage },
}

/// How the engine runs what it is given: the one set of run settings every
/// front end translates its inputs into.
#[derive(Clone, Debug, Default)]
pub struct RunPolicy {
    /// Verification after each pass, unregistered dialects, and threads
    /// (1: every pass on the calling thread, and no lowering in pieces).
    pub run: RunOptions,
    /// What a failed check does in the std form a lowering gives
    /// (`--shape-failure`): abort (`cf.assert`, the default), or return a
    /// status.
    pub failure: FailureMode,
    /// Every module parsed assumes, and checks on entry to each function,
    /// that no dynamic dimension of an argument is 1
    /// (`--assume-strict-symbolic-shapes`;
    /// [`Module::assume_strict_symbolic_shapes`]).
    pub strict_symbolic_shapes: bool,
    /// Check after every pass that each function computes what it did
    /// before on this many sampled inputs (`--verify-semantics=N`): a pass
    /// that changes a result fails the run. The check watches each pass
    /// after the front end's first observers and before its last ones, and
    /// no lowering goes in pieces then.
    pub verify_semantics: Option<usize>,
    /// The time and interpreter steps the sampling of one run may take
    /// (`--verify-semantics-timeout`, `--verify-semantics-max-steps`); once
    /// spent, sampling stops and what was compared stands.
    pub verify_semantics_budget: SamplingBudget,
    /// Lowerings check the requirements of StableHLO, MHLO and CHLO ops as
    /// constraints (`--check-host-requirements`, `insert-host-checks`).
    pub insert_host_checks: bool,
    /// Raised from another thread, stops a run between passes and any
    /// sampling in it: the run fails with "interrupted".
    pub interrupt: Interrupt,
}

/// How `mode` is spelled where a front end takes it (`abort`, `status`):
/// as the `failure` option of `convert-shape-to-std` spells it.
pub fn failure_spelling(mode: FailureMode) -> &'static str {
    let spells_mode = |s: &str| <FailureMode as pass::OptionValue>::parse_value(s) == Some(mode);
    let mut spellings = FailureMode::SPELLINGS.iter().copied();
    spellings.find(|s| spells_mode(s)).unwrap_or_default()
}

/// What a front end watches a run with, around the checks the
/// [`RunPolicy`] asks for.
pub struct Observers<'a> {
    /// Hooks that see each pass before the engine's checks (IR dumps).
    pub first: &'a mut dyn Instrumentation,
    /// Hooks that see each pass after the engine's checks (a host's
    /// callback, a report).
    pub last: &'a mut dyn Instrumentation,
    /// Sees the module in every form a lowering reaches.
    pub on_stage: &'a mut dyn FnMut(Stage, &Context, OpId),
    /// Every stage must reach `on_stage` and every pass be timed: no
    /// lowering in pieces (which reaches no stage and times no pass).
    pub every_step: bool,
}

/// What a run gave: its result, and the semantics check that watched it
/// (with [`RunPolicy::verify_semantics`]), for its summary.
pub struct RunOutcome {
    pub result: Result<(), Diagnostic>,
    pub semantics: Option<SemanticsCheck<Interpreter>>,
}

/// The checks a [`RunPolicy`] asks for: a raised interrupt, then the
/// semantics check.
struct PolicyChecks<'a> {
    interrupt: &'a Interrupt,
    semantics: Option<&'a mut SemanticsCheck<Interpreter>>,
}

impl Instrumentation for PolicyChecks<'_> {
    fn reads_ir(&self) -> bool {
        self.semantics.is_some()
    }
    fn reads_changes(&self) -> bool {
        self.semantics.as_ref().is_some_and(|c| c.reads_changes())
    }
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        if let Some(check) = &mut self.semantics {
            check.before(pass, ctx, op);
        }
    }
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        if let Some(check) = &mut self.semantics {
            check.after(pass, ctx, op);
        }
    }
    fn take_failure(&mut self) -> Option<Diagnostic> {
        if self.interrupt.is_raised() {
            return Some(interrupted());
        }
        self.semantics.as_mut().and_then(|c| c.take_failure())
    }
}

/// The error of a run stopped by [`RunPolicy::interrupt`].
pub fn interrupted() -> Diagnostic {
    Diagnostic::error(DiagLoc::Unknown, "interrupted")
}

/// A plan made ready for one module.
pub enum Run {
    Passes(PassManager),
    Stages {
        stages: StagePipeline,
        from: Option<Stage>,
        to: Stage,
        plan: &'static pass::stage_pipeline::LoweringPlan,
    },
}

impl Run {
    /// What it runs as one textual pipeline, laid out as `mlir-opt
    /// --dump-pass-pipeline` does, after a line that counts the passes of
    /// the module: running that pipeline with `-p` gives the same output.
    pub fn describe(&self) -> String {
        let elements = self.elements();
        let passes = match elements.as_slice() {
            [pass::pipeline::Element::Nest { elements, .. }] => elements.len(),
            _ => elements.len(),
        };
        format!(
            "Pass Manager with {passes} passes:\n{}\n",
            pass::pipeline::print_pipeline(&elements)
        )
    }

    /// What it runs as one textual pipeline on one line.
    pub fn pipeline_text(&self) -> String {
        pass::pipeline::print_pipeline_inline(&self.elements())
    }

    fn elements(&self) -> Vec<pass::pipeline::Element> {
        match self {
            Run::Passes(manager) => {
                pass::pipeline::parse_pipeline(manager.source()).unwrap_or_default()
            }
            Run::Stages { stages, .. } => vec![pass::pipeline::Element::Nest {
                anchor: ir::OpKind::BuiltinModule.build_name().to_string(),
                elements: stages.elements(),
                offset: 0,
            }],
        }
    }

    /// The steps run, and whether a function pipeline ran on several
    /// threads.
    pub fn timings(&self) -> (Vec<&PassTiming>, bool) {
        match self {
            Run::Passes(manager) => (manager.timings.iter().collect(), manager.ran_in_parallel),
            Run::Stages { stages, .. } => (stages.timings().collect(), stages.ran_in_parallel()),
        }
    }
}

/// Why a plan cannot run.
#[derive(Debug)]
pub enum PlanError {
    /// The pipeline text does not parse or names what is not registered.
    Pipeline {
        text: String,
        error: pass::pipeline::PipelineError,
    },
    /// The module cannot be lowered as asked (its form, a missing pass).
    Module(Diagnostic),
}

impl PlanError {
    /// The error as `mlir-opt` words it (`<pipeline>:1:16: error: ...` for
    /// a pipeline).
    pub fn render(&self, sources: &SourceMap) -> String {
        match self {
            PlanError::Pipeline { text, error } => pass::render_pipeline_error(text, error),
            PlanError::Module(d) => sources.render(d),
        }
    }

    /// The error as one diagnostic.
    pub fn into_diagnostic(self) -> Diagnostic {
        match self {
            PlanError::Pipeline { error, .. } => Diagnostic::error(DiagLoc::Unknown, error.message),
            PlanError::Module(d) => d,
        }
    }
}

/// Registered passes, source buffers, and how pipelines run.
pub struct Engine {
    registry: PassRegistry,
    /// Every buffer parsed, for rendering diagnostics.
    pub sources: SourceMap,
    /// How plans run: checks, failure mode, strictness, threads.
    pub policy: RunPolicy,
    /// The deepest nesting the parser accepts; 0 is its default.
    pub max_nesting: usize,
    /// Wrap the input's top-level ops in a `builtin.module` (on by
    /// default); off, the input must be one op, which is the root
    /// (`--no-implicit-module`).
    pub implicit_module: bool,
    /// Errors at an op note the op, printed (`--mlir-print-op-on-diagnostic`).
    pub print_op_on_diagnostic: bool,
    /// The host ops and functions declared pure.
    pure_ops: PureOps,
    /// Whether the built-in knowledge of StableHLO, MHLO and CHLO ops is
    /// used ([`ir::Context::knows_foreign_ops`]; on by default).
    knows_foreign_ops: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with every pass of shape-opt registered.
    pub fn new() -> Self {
        Engine {
            registry: passes::registry(),
            sources: SourceMap::new(),
            policy: RunPolicy::default(),
            max_nesting: 0,
            implicit_module: true,
            print_op_on_diagnostic: false,
            pure_ops: PureOps::default(),
            knows_foreign_ops: true,
        }
    }

    pub fn registry(&self) -> &PassRegistry {
        &self.registry
    }

    /// Register a pass of the host's (replacing one of the same name).
    pub fn register_pass(&mut self, info: PassInfo) {
        self.registry.register(info);
    }

    /// The host ops and functions declared pure ([`ir::effects`]).
    pub fn pure_ops(&self) -> &PureOps {
        &self.pure_ops
    }

    /// Declare these host ops and functions pure, for every module parsed,
    /// run or lowered from then on.
    pub fn set_pure_ops(&mut self, pure_ops: PureOps) {
        self.pure_ops = pure_ops;
    }

    /// Use (or not) the built-in shape rules and effects of StableHLO,
    /// MHLO and CHLO ops, for every module parsed, run or lowered from then
    /// on (`--no-hlo-knowledge` turns them off).
    pub fn set_knows_foreign_ops(&mut self, on: bool) {
        self.knows_foreign_ops = on;
    }

    /// Where `--lower-to` starts to check host ops' requirements on a module
    /// already past constrained form (those checks are constraints): the
    /// constrained stage, when the module is legal there too and the target
    /// is at or past it; `None` otherwise (the form found is the start).
    fn host_checks_start(&self, module: &Module, to: Stage) -> Option<Stage> {
        if !self.policy.insert_host_checks {
            return None;
        }
        let found = pass::stage_pipeline::starting_stage(&module.ctx, module.root, to).ok()?;
        (found > Stage::Constrained
            && pass::stage::check_legality(&module.ctx, module.root, Stage::Constrained).is_ok())
        .then_some(Stage::Constrained)
    }

    /// What the engine declares of host ops, given to a module's context.
    fn declare_host_ops(&self, ctx: &mut Context) {
        ctx.set_pure_ops(self.pure_ops.clone());
        ctx.set_knows_foreign_ops(self.knows_foreign_ops);
    }

    /// Render `d` with the source line it points at.
    pub fn render(&self, d: &Diagnostic) -> String {
        self.sources.render(d)
    }

    /// Parse and verify `text`, named `name` in diagnostics; with
    /// [`RunPolicy::strict_symbolic_shapes`], the module assumes strict
    /// symbolic shapes.
    pub fn parse(&mut self, name: &str, text: String) -> Result<Module, Vec<Diagnostic>> {
        let file = self.sources.add(SourceFile::new(name, text));
        let Some(source) = self.sources.file(file) else {
            let message = "internal error: the buffer just added is missing";
            return Err(vec![Diagnostic::error(DiagLoc::Unknown, message)]);
        };
        let mut ctx = Context::new();
        self.declare_host_ops(&mut ctx);
        ctx.set_print_op_on_diagnostic(self.print_op_on_diagnostic);
        let defaults = syntax::ParseOptions::default();
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: self.policy.run.allow_unregistered,
            max_nesting: match self.max_nesting {
                0 => defaults.max_nesting,
                n => n,
            },
            implicit_module: self.implicit_module,
            ..defaults
        };
        let (root, diags) = syntax::parse_source_file(&mut ctx, file, source, &options);
        let root = root.ok_or(diags)?;
        pass::verify_changed(&mut ctx, root, self.policy.run.allow_unregistered)?;
        let mut module = Module { ctx, root };
        if self.policy.strict_symbolic_shapes {
            module.assume_strict_symbolic_shapes();
        }
        Ok(module)
    }

    /// Read the MLIR bytecode file `bytes` (as `mlir-opt --emit-bytecode`
    /// writes it) and verify it, as [`Engine::parse`] does text. A
    /// malformed file is one error that names the section and the byte.
    pub fn parse_bytecode(&mut self, name: &str, bytes: &[u8]) -> Result<Module, Vec<Diagnostic>> {
        let mut ctx = Context::new();
        self.declare_host_ops(&mut ctx);
        ctx.set_print_op_on_diagnostic(self.print_op_on_diagnostic);
        let options = bytecode::ReadOptions {
            allow_unregistered: self.policy.run.allow_unregistered,
            implicit_module: self.implicit_module,
            max_nesting: match self.max_nesting {
                0 => syntax::ParseOptions::default().max_nesting,
                n => n,
            },
        };
        let root = bytecode::read(&mut ctx, name, bytes, &options).map_err(|e| {
            let at = DiagLoc::FileLineCol {
                file: name.to_string(),
                line: 0,
                col: 0,
            };
            vec![Diagnostic::error(at, e.to_string())]
        })?;
        pass::verify_changed(&mut ctx, root, self.policy.run.allow_unregistered)?;
        let mut module = Module { ctx, root };
        if self.policy.strict_symbolic_shapes {
            module.assume_strict_symbolic_shapes();
        }
        Ok(module)
    }

    /// Make `plan` ready to run on `module`.
    pub fn plan(&self, module: &Module, plan: Plan) -> Result<Run, PlanError> {
        let options = self.policy.run;
        match plan {
            Plan::Pipeline(text) => {
                anchored_on_root(module, text)?;
                let root = module.ctx.op_name(module.root);
                let mut manager =
                    PassManager::parse_on(text, &self.registry, root).map_err(|error| {
                        PlanError::Pipeline {
                            text: text.to_string(),
                            error,
                        }
                    })?;
                manager.options = options;
                Ok(Run::Passes(manager))
            }
            Plan::LowerTo { from, to } => {
                let policy = &self.policy;
                let plan = passes::lowering_plan(policy.failure, policy.insert_host_checks);
                let from = from.or_else(|| self.host_checks_start(module, to));
                let stages = StagePipeline::for_module(
                    &module.ctx,
                    module.root,
                    (from, to),
                    plan,
                    &self.registry,
                    options,
                )
                .map_err(PlanError::Module)?;
                Ok(Run::Stages {
                    stages,
                    from,
                    to,
                    plan,
                })
            }
        }
    }

    /// Whether a lowering may go in pieces on every thread: more than one
    /// thread, no semantics check, and nothing (`watched`) that must see
    /// every pass or stage.
    pub fn may_lower_in_pieces(&self, watched: bool) -> bool {
        self.policy.run.threads != 1 && self.policy.verify_semantics.is_none() && !watched
    }

    /// Run `run` on `module`, watched by `observers` around the checks of
    /// the policy ([`RunPolicy`]); a lowering nothing watches pass by pass
    /// goes in pieces on every thread instead ([`Engine::may_lower_in_pieces`]).
    pub fn run(&self, module: &mut Module, run: &mut Run, observers: Observers) -> RunOutcome {
        let Observers {
            first,
            last,
            on_stage,
            every_step,
        } = observers;
        let watched = every_step || first.reads_ir() || last.reads_ir();
        if self.may_lower_in_pieces(watched) {
            if let Some((result, _)) = self.run_in_pieces(module, run, &|| pass::NoInstrumentation)
            {
                return RunOutcome {
                    result,
                    semantics: None,
                };
            }
        }
        let policy = &self.policy;
        let mut semantics = policy.verify_semantics.map(|samples| {
            let budget = policy
                .verify_semantics_budget
                .start(policy.interrupt.clone());
            SemanticsCheck::new(Interpreter, samples).with_budget(budget)
        });
        let mut checks = PolicyChecks {
            interrupt: &policy.interrupt,
            semantics: semantics.as_mut(),
        };
        let mut checked = pass::Both(&mut checks, last);
        let mut instrument = pass::Both(first, &mut checked);
        self.declare_host_ops(&mut module.ctx);
        let result = match run {
            Run::Passes(manager) => manager.run(&mut module.ctx, module.root, &mut instrument),
            Run::Stages { stages, .. } => {
                stages.run(&mut module.ctx, module.root, &mut instrument, on_stage)
            }
        };
        RunOutcome { result, semantics }
    }

    /// Run `run` on `module` with nothing watching it but the policy's
    /// checks.
    pub fn run_unobserved(&self, module: &mut Module, run: &mut Run) -> RunOutcome {
        let observers = Observers {
            first: &mut pass::NoInstrumentation,
            last: &mut pass::NoInstrumentation,
            on_stage: &mut |_, _, _| {},
            every_step: false,
        };
        self.run(module, run, observers)
    }

    /// Run the lowering `run` on `module` in pieces of independent
    /// functions on every thread (`pass::split_lowering`), each piece
    /// watched by a watcher `watch` makes. `None`, with `module`
    /// untouched, when `run` is a textual pipeline or the module does not
    /// split; otherwise the result and the pieces in order.
    pub fn run_in_pieces<W: PieceWatcher>(
        &self,
        module: &mut Module,
        run: &Run,
        watch: &(dyn Fn() -> W + Sync),
    ) -> Option<Lowered<W>> {
        let Run::Stages {
            stages,
            from,
            to,
            plan,
        } = run
        else {
            return None;
        };
        self.declare_host_ops(&mut module.ctx);
        // Where the plan found the module to start (each piece checks it).
        let from = from.or_else(|| stages.start());
        pass::split_lowering::lower_split(
            &mut module.ctx,
            module.root,
            (from, *to),
            plan,
            &self.registry,
            self.policy.run,
            watch,
        )
    }
}

/// A pipeline given to run on `module` is, as `mlir-opt` requires, one
/// nest anchored on the module's op (or `any`): `func.func(cse)` names
/// ops the module is not. A pipeline that does not parse is left to
/// [`PassManager::parse`] to report.
fn anchored_on_root(module: &Module, text: &str) -> Result<(), PlanError> {
    let Ok(elements) = pass::pipeline::parse_pipeline(text) else {
        return Ok(());
    };
    let root = module.ctx.op_name(module.root);
    let message = match elements.as_slice() {
        [pass::pipeline::Element::Nest { anchor, .. }] if anchor == root || anchor == "any" => {
            return Ok(())
        }
        [pass::pipeline::Element::Nest { anchor, .. }] => {
            format!("can't run '{anchor}' pass manager on '{root}' op")
        }
        _ => "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'".to_string(),
    };
    Err(PlanError::Module(Diagnostic::error(
        pass::loc_of(&module.ctx, module.root),
        message,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_plans_runs_and_reports_each_stage() {
        let mut engine = Engine::new();
        let text = "func.func @f(%s: !shape.shape) -> !shape.size {\n  %r = shape.rank %s : !shape.shape -> !shape.size\n  return %r : !shape.size\n}\n";
        let mut module = engine.parse("f.mlir", text.to_string()).unwrap();
        let plan = Plan::LowerTo {
            from: None,
            to: Stage::Std,
        };
        let mut run = engine.plan(&module, plan).unwrap();
        let mut reached = Vec::new();
        let observers = Observers {
            first: &mut pass::NoInstrumentation,
            last: &mut pass::NoInstrumentation,
            on_stage: &mut |stage, _, _| reached.push(stage),
            every_step: true,
        };
        engine.run(&mut module, &mut run, observers).result.unwrap();
        assert_eq!(reached.first(), Some(&Stage::ErrorMonadic));
        assert_eq!(reached.last(), Some(&Stage::Std));
        assert!(!module.print().contains("shape."), "{}", module.print());
        let e = engine
            .plan(&module, Plan::Pipeline("builtin.module(cs)"))
            .err()
            .unwrap();
        assert!(e.render(&engine.sources).contains("did you mean 'cse'"));
        let e = engine
            .parse("bad.mlir", "func.func @f(".to_string())
            .err()
            .unwrap();
        assert!(engine.render(&e[0]).starts_with("bad.mlir:1:"));
    }
}
