//! `--verify-semantics`: run every function on sampled inputs before and
//! after each pass, and stop at the first input where the two disagree.
//!
//! The evaluation itself is an [`Evaluator`] making a [`Run`] (the
//! reference interpreter, [`Interpreter`], or a stand-in in tests). What is
//! compared is a run's observable events (calls of declarations, ops of no
//! registered dialect) and then its results or failure
//! ([`interp::Trace::compare`]): the events must be the same up to where
//! the source ends or fails, so a check may move earlier among pure ops
//! (a failing input may then fail with another of its messages) but not
//! across an event.
//!
//! Foreign code is no blind spot: an op of no registered dialect, with
//! regions or not, is an uninterpreted function of its operands, name,
//! attributes and regions (`interp`'s `effects`), and a parameter of a
//! foreign type (`!torch.vtensor<[?,?],f32>`) a sampled handle
//! ([`crate::sample`]), so the checks around producers' ops are compared
//! like any others. What stays out of reach is a registered op the
//! interpreter has no semantics for (`math.sqrt`; folders fold them, so an
//! uninterpreted reading would report their folds as changes) and a
//! parameter type with no value to give (a memref).
//!
//! An input the evaluator cannot run before the pass is skipped; one it
//! could run before but not after is a failure, since the pass produced
//! something the reference semantics does not cover.
//! Functions a pass removed (inlined, dead) are not compared, nor are
//! declarations.
//!
//! Sampling is bounded: at most [`MAX_SAMPLES`] inputs per function, a
//! run's steps scale with its function's size ([`steps_for`]: a loop that
//! never ends costs a fraction of a second, not the interpreter's default
//! 10^7 steps), and every run draws from one [`interp::Budget`] of time
//! and total steps (and an interrupt) given with
//! [`SemanticsCheck::with_budget`]. Once the budget is spent, nothing more
//! is run or compared: what was compared stands, and
//! [`SemanticsCheck::stopped`] says why the rest was not (the CLI warns).
//!
//! Coverage is kept per function ([`FunctionCoverage`]): how many inputs
//! were evaluated and compared, and why the others could not be; a function
//! compared on no input at all is what [`SemanticsCheck::uncovered`] lists
//! (the CLI warns, or fails with `--verify-semantics-require-inputs`).

use crate::sample::{params, samples, unsampleable};
use diag::{DiagLoc, Diagnostic, Severity};
use interp::Arg as SampleArg;
use interp::{Budget, Limits, Spent, Verdict};
use ir::{Context, OpId, OpKind};
use pass::Instrumentation;
use std::collections::HashMap;

/// The most inputs sampled per function (`--verify-semantics=N` takes no
/// larger `N`): the draw covers every family of shapes long before it.
pub const MAX_SAMPLES: usize = 100_000;

/// The work all sampled runs of one pipeline may do together: the
/// defaults of `--verify-semantics-timeout` and
/// `--verify-semantics-max-steps`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SamplingBudget {
    /// Wall time (`None`: no limit).
    pub time: Option<std::time::Duration>,
    /// Interpreter steps over every run (`None`: no limit).
    pub steps: Option<u64>,
}

impl Default for SamplingBudget {
    /// A minute, and 10^9 steps (about as long on one core).
    fn default() -> Self {
        SamplingBudget {
            time: Some(std::time::Duration::from_secs(60)),
            steps: Some(1_000_000_000),
        }
    }
}

impl SamplingBudget {
    /// The budget from now on, stopped early by `interrupt`.
    pub fn start(&self, interrupt: interp::Interrupt) -> Budget {
        Budget::new(self.time, self.steps, interrupt)
    }
}

/// The fewest and the most steps one sampled run may take.
const STEPS_PER_RUN: std::ops::RangeInclusive<u64> = 100_000..=10_000_000;
/// Steps a sampled run may take per op of its function.
const STEPS_PER_OP: u64 = 1_000;

/// The step limit of one run of a function of `ops` ops (nested ones
/// counted): 1,000 per op, from 10^5 to 10^7. Sampled
/// inputs are small (extents up to 7, ranks up to 4), so a run that
/// terminates takes far fewer steps; one that does not is cut off in time
/// proportional to its function.
pub fn steps_for(ops: usize) -> u64 {
    (ops as u64)
        .saturating_mul(STEPS_PER_OP)
        .clamp(*STEPS_PER_RUN.start(), *STEPS_PER_RUN.end())
}

/// One run an [`Evaluator`] makes: function `name` of `module` on `args`,
/// within `limits`.
pub struct Run<'a> {
    /// The context holding the module.
    pub ctx: &'a Context,
    /// The module the function is in.
    pub module: OpId,
    /// The function's symbol name.
    pub name: &'a str,
    /// The input.
    pub args: &'a [SampleArg],
    /// The limits of the run.
    pub limits: &'a Limits,
}

/// Evaluates a function on concrete arguments.
pub trait Evaluator {
    /// What a function does on one input: its events and results or error.
    type Outcome: std::fmt::Display;
    /// Make the run `run`; `Err` (saying why) when the function cannot be
    /// evaluated.
    fn run(&self, run: &Run) -> Result<Self::Outcome, String>;
    /// How `after` (the transformed function's outcome) compares with
    /// `before`.
    fn compare(&self, before: &Self::Outcome, after: &Self::Outcome) -> Verdict;
    /// Whether the outcome is a failure: the input is rejected.
    fn fails(&self, outcome: &Self::Outcome) -> bool;
}

/// The reference interpreter as an [`Evaluator`].
pub struct Interpreter;

/// Runs compare as [`interp::Trace::compare`] says: the same events up to
/// where the source ends or fails, then equal canonical results (a
/// `!shape.shape` equals the extent tensor of the same extents), a failure
/// for a failure whatever its message, anything after the events that led
/// the source into undefined behaviour.
impl Evaluator for Interpreter {
    type Outcome = interp::Trace;
    fn run(&self, run: &Run) -> Result<interp::Trace, String> {
        let Run {
            ctx,
            module,
            name,
            args,
            limits,
        } = *run;
        interp::trace_function_with_limits(ctx, module, name, args, limits.clone())
            .map_err(|e| e.to_string())
    }
    fn compare(&self, before: &interp::Trace, after: &interp::Trace) -> Verdict {
        before.compare(after)
    }
    fn fails(&self, outcome: &interp::Trace) -> bool {
        matches!(outcome.outcome, interp::Outcome::Error(_))
    }
}

/// How the runs of one pass compared, over every input of every function.
///
/// A pass that keeps meaning has only `kept` runs. `weakened` counts inputs
/// that failed before and no longer fail there (including a failure turned
/// into undefined behaviour, or moved after an event): the one thing a
/// lowering must never do. `fails_early` counts inputs that fail before an
/// event the source performed before failing (a check moved across a side
/// effect). `strengthened` counts inputs that newly fail, `changed` the
/// other disagreements (a different value or event, or not evaluable after
/// the pass).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassTally {
    pub kept: usize,
    /// Inputs on which the function failed before the pass.
    pub failing_before: usize,
    pub weakened: usize,
    pub fails_early: usize,
    pub strengthened: usize,
    pub changed: usize,
}

impl PassTally {
    /// Every input compared.
    pub fn compared(&self) -> usize {
        self.kept + self.weakened + self.fails_early + self.strengthened + self.changed
    }
}

impl std::ops::AddAssign for PassTally {
    fn add_assign(&mut self, other: PassTally) {
        self.kept += other.kept;
        self.failing_before += other.failing_before;
        self.weakened += other.weakened;
        self.fails_early += other.fails_early;
        self.strengthened += other.strengthened;
        self.changed += other.changed;
    }
}

/// How well one function was covered over the whole pipeline.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionCoverage {
    /// The function's symbol.
    pub name: String,
    /// Where it is defined.
    pub loc: DiagLoc,
    /// Inputs sampled for it (the same ones before every pass).
    pub sampled: usize,
    /// The most inputs it could be evaluated on before one pass.
    pub evaluated: usize,
    /// Inputs compared before and after a pass, summed over the passes.
    pub compared: usize,
    /// Why an input could not be evaluated (the first reason met), or why
    /// no input could be sampled.
    pub not_evaluated: Option<String>,
}

/// What a function computed before the running pass.
struct Recorded<O> {
    name: String,
    runs: Vec<(Vec<SampleArg>, O)>,
    /// The step limit of a run before the pass.
    steps: u64,
}

/// The instrumentation behind `--verify-semantics=N`.
pub struct SemanticsCheck<E: Evaluator> {
    evaluator: E,
    /// Inputs per function.
    count: usize,
    recorded: Vec<Recorded<E::Outcome>>,
    failure: Option<Diagnostic>,
    /// Function runs compared so far (for reports).
    pub compared: usize,
    /// Pass runs checked so far.
    pub pass_runs: usize,
    /// Per pass name, in the order passes first ran.
    pub tallies: Vec<(String, PassTally)>,
    /// Per function, in the order functions were first met.
    pub coverage: Vec<FunctionCoverage>,
    /// Position of each function's entry in `coverage`.
    coverage_index: HashMap<String, usize>,
    budget: Budget,
    stopped: Option<Spent>,
}

impl<E: Evaluator> SemanticsCheck<E> {
    /// Compare on `count` inputs per function (at most [`MAX_SAMPLES`]),
    /// with no budget but the per-run step limits.
    pub fn new(evaluator: E, count: usize) -> Self {
        SemanticsCheck {
            evaluator,
            count: count.min(MAX_SAMPLES),
            recorded: Vec::new(),
            failure: None,
            compared: 0,
            pass_runs: 0,
            tallies: Vec::new(),
            coverage: Vec::new(),
            coverage_index: HashMap::new(),
            budget: Budget::default(),
            stopped: None,
        }
    }

    /// Draw every run from `budget` (see the module doc).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Why sampling stopped before it was done, if it did: the budget
    /// was spent.
    pub fn stopped(&self) -> Option<Spent> {
        self.stopped
    }

    /// A warning that sampling stopped before it was done, if it did.
    pub fn stopped_diagnostic(&self) -> Option<Diagnostic> {
        self.stopped.map(|spent| {
            Diagnostic::new(
                Severity::Warning,
                DiagLoc::Unknown,
                format!(
                    "verify-semantics stopped early, as {spent}: the {} made stand, the rest were not made (see --verify-semantics-timeout and --verify-semantics-max-steps)",
                    plural(self.compared, "comparison")
                ),
            )
        })
    }

    /// The limits of one run of a function of `steps` steps at most.
    fn limits(&self, steps: u64) -> Limits {
        Limits {
            steps,
            budget: self.budget.clone(),
            ..Limits::default()
        }
    }

    /// Whether an evaluation that failed did so because the budget is
    /// spent (then nothing more is run).
    fn budget_ended(&mut self) -> bool {
        if let Some(spent) = self.budget.spent() {
            self.stopped.get_or_insert(spent);
        }
        self.stopped.is_some()
    }

    /// The coverage entry of function `name` (defined at `loc`).
    fn coverage_of(&mut self, name: &str, loc: DiagLoc) -> &mut FunctionCoverage {
        let next = self.coverage.len();
        let i = *self.coverage_index.entry(name.to_string()).or_insert(next);
        if i == next {
            self.coverage.push(FunctionCoverage {
                name: name.to_string(),
                loc,
                sampled: 0,
                evaluated: 0,
                compared: 0,
                not_evaluated: None,
            });
        }
        &mut self.coverage[i]
    }

    /// The functions that could not be evaluated on any input before any
    /// pass, so that nothing about them was compared.
    pub fn uncovered(&self) -> impl Iterator<Item = &FunctionCoverage> {
        self.coverage.iter().filter(|c| c.evaluated == 0)
    }

    /// One diagnostic of `severity` per function of [`Self::uncovered`],
    /// at the function, naming why it could not be evaluated (the op that
    /// stopped the evaluator and its location).
    pub fn uncovered_diagnostics(&self, severity: Severity) -> Vec<Diagnostic> {
        self.uncovered()
            .map(|c| {
                let why = c.not_evaluated.as_deref().unwrap_or("no input was sampled");
                let message = match c.sampled {
                    0 => format!("verify-semantics: @{} was compared on no input: {why}", c.name),
                    n => format!(
                        "verify-semantics: @{} could not be evaluated on any of its {n} sampled inputs: {why}",
                        c.name
                    ),
                };
                Diagnostic::new(severity, c.loc.clone(), message)
            })
            .collect()
    }

    /// The report printed after the pipeline: a line of totals (saying how
    /// many inputs each function was compared on when it was on all it
    /// sampled), then a line per function that could be evaluated on some
    /// of its inputs only (those evaluated on none are
    /// [`Self::uncovered_diagnostics`]).
    pub fn summary(&self) -> String {
        let mut out = format!(
            "verify-semantics: {}, {}, {}",
            plural(self.coverage.len(), "function"),
            plural(self.pass_runs, "pass run"),
            plural(self.compared, "comparison")
        );

        let covered: Vec<&FunctionCoverage> =
            self.coverage.iter().filter(|c| c.evaluated > 0).collect();
        let partial: Vec<&FunctionCoverage> = covered
            .iter()
            .copied()
            .filter(|c| c.evaluated < c.sampled)
            .collect();
        let least = covered.iter().map(|c| c.sampled).min();
        let most = covered.iter().map(|c| c.sampled).max();
        match (least, most) {
            _ if self.stopped.is_some() => out.push_str("; stopped early"),
            (Some(least), Some(most)) if partial.is_empty() && least == most => out.push_str(
                &format!("; each function on all its {least} sampled inputs"),
            ),
            (Some(least), Some(most)) if partial.is_empty() => out.push_str(&format!(
                "; each function on all its sampled inputs ({least} to {most})"
            )),
            _ => {}
        }
        out.push('\n');
        for c in partial {
            out.push_str(&format!(
                "verify-semantics: @{} on {} of its {} sampled inputs",
                c.name, c.evaluated, c.sampled
            ));
            if let Some(why) = &c.not_evaluated {
                out.push_str(&format!("; the others cannot be evaluated: {why}"));
            }
            out.push('\n');
        }
        out
    }
}

/// `3 functions`, `1 function`.
fn plural(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// The outermost op enclosing `op` (the module a function lives in).
fn root_of(ctx: &Context, mut op: OpId) -> OpId {
    while let Some(p) = ctx.parent_op(op) {
        op = p;
    }
    op
}

/// Whether function op `f` has a body (is no declaration).
fn has_body(ctx: &Context, f: OpId) -> bool {
    ctx.op(f)
        .regions
        .first()
        .is_some_and(|&r| !ctx.region(r).blocks.is_empty())
}

/// The functions with a body at or directly under `op` (`func.func`, and
/// `shape.func` in function libraries), by symbol name.
fn functions(ctx: &Context, op: OpId) -> Vec<(String, OpId)> {
    let mut out = Vec::new();
    let mut visit = |o: OpId| {
        if matches!(ctx.kind(o), OpKind::FuncFunc | OpKind::ShapeFunc) && has_body(ctx, o) {
            if let Some(name) = ctx.attr(o, "sym_name").and_then(ir::Attr::as_str) {
                out.push((name.to_string(), o));
            }
        }
    };
    visit(op);
    ctx.walk_nested(op, &mut |o| {
        if matches!(ctx.kind(o), OpKind::FuncFunc | OpKind::ShapeFunc)
            && ctx.parent_op(o).is_some_and(|p| {
                matches!(
                    ctx.kind(p),
                    OpKind::BuiltinModule | OpKind::ShapeFunctionLibrary
                )
            })
        {
            visit(o);
        }
    });
    out
}

/// The ops of function `f`, nested ones counted.
fn ops_in(ctx: &Context, f: OpId) -> usize {
    let mut ops = 0;
    ctx.walk_nested(f, &mut |_| ops += 1);
    ops
}

/// A stable seed per function name, so that every pass sees the same inputs.
fn seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn show(args: &[SampleArg]) -> String {
    let parts: Vec<String> = args.iter().map(ToString::to_string).collect();
    format!("({})", parts.join(", "))
}

impl<E: Evaluator> Instrumentation for SemanticsCheck<E> {
    fn before(&mut self, _pass: &str, ctx: &Context, op: OpId) {
        let module = root_of(ctx, op);
        self.recorded.clear();
        for (name, f) in functions(ctx, op) {
            let types = crate::sample::input_types(ctx, f);
            debug_assert!(types.is_some(), "a verified function has a function type");
            // Without its type, a function is not evaluated.
            let Some(params) = types.as_deref().and_then(|types| params(ctx, types)) else {
                let coverage = self.coverage_of(&name, pass::loc_of(ctx, f));
                if coverage.not_evaluated.is_none() {
                    let unsampleable = types.as_deref().and_then(|t| unsampleable(ctx, t));
                    let ty = unsampleable.map_or("?".into(), |t| {
                        ir::print_attr::AttrPrinter::new(ctx).type_to_string(t)
                    });
                    coverage.not_evaluated =
                        Some(format!("a parameter of type {ty} cannot be sampled"));
                }
                continue;
            };
            if let Some(spent) = self.stopped {
                let coverage = self.coverage_of(&name, pass::loc_of(ctx, f));
                coverage
                    .not_evaluated
                    .get_or_insert_with(|| format!("sampling stopped before it, as {spent}"));
                continue;
            }
            let steps = steps_for(ops_in(ctx, f));
            let limits = self.limits(steps);
            let inputs = samples(&params, self.count, seed(&name));
            let sampled = inputs.len();
            let mut first_error = None;
            let mut runs = Vec::new();
            for args in inputs {
                if self.budget_ended() {
                    break;
                }
                let run = Run {
                    ctx,
                    module,
                    name: &name,
                    args: &args,
                    limits: &limits,
                };
                match self.evaluator.run(&run) {
                    Ok(outcome) => runs.push((args, outcome)),
                    Err(_) if self.budget_ended() => break,
                    Err(why) => {
                        first_error.get_or_insert(why);
                    }
                }
            }
            let coverage = self.coverage_of(&name, pass::loc_of(ctx, f));
            coverage.sampled = coverage.sampled.max(sampled);
            coverage.evaluated = coverage.evaluated.max(runs.len());
            if coverage.not_evaluated.is_none() {
                coverage.not_evaluated = first_error;
            }
            self.recorded.push(Recorded { name, runs, steps });
        }
    }

    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        let module = root_of(ctx, op);
        let now = functions(ctx, op);
        let mut tally = PassTally::default();
        self.pass_runs += 1;
        for recorded in std::mem::take(&mut self.recorded) {
            let Some(&(_, f)) = now.iter().find(|(n, _)| *n == recorded.name) else {
                continue;
            };
            // A lowering may take more steps than its source did.
            let limits = self.limits(recorded.steps.max(steps_for(ops_in(ctx, f))));
            for (args, before) in &recorded.runs {
                if self.budget_ended() {
                    break;
                }
                let after = self.evaluator.run(&Run {
                    ctx,
                    module,
                    name: &recorded.name,
                    args,
                    limits: &limits,
                });
                if after.is_err() && self.budget_ended() {
                    break;
                }
                if let Some(&i) = self.coverage_index.get(&recorded.name) {
                    self.coverage[i].compared += 1;
                }
                self.compared += 1;
                tally.failing_before += usize::from(self.evaluator.fails(before));
                let verdict = match &after {
                    Ok(after) => self.evaluator.compare(before, after),
                    Err(_) => Verdict::Changed,
                };
                *match verdict {
                    Verdict::Kept => &mut tally.kept,
                    Verdict::Weakened => &mut tally.weakened,
                    Verdict::FailsEarly => &mut tally.fails_early,
                    Verdict::Strengthened => &mut tally.strengthened,
                    Verdict::Changed => &mut tally.changed,
                } += 1;
                if verdict == Verdict::Kept || self.failure.is_some() {
                    continue;
                }
                let what = match (&after, verdict) {
                    (Err(why), _) => {
                        format!("gave `{before}` before and cannot be evaluated after: {why}")
                    }
                    (Ok(after), Verdict::FailsEarly) => format!(
                        "gave `{before}` before and `{after}` after: it fails before an event it performed before failing"
                    ),
                    (Ok(after), Verdict::Weakened) if !self.evaluator.fails(after) => {
                        format!("gave `{before}` before and `{after}` after: a failure is gone")
                    }
                    (Ok(after), Verdict::Weakened) => format!(
                        "gave `{before}` before and `{after}` after: it performs an event before failing that it did not"
                    ),
                    (Ok(after), _) => format!("gave `{before}` before and `{after}` after"),
                };
                self.failure = Some(Diagnostic::error(
                    pass::loc_of(ctx, f),
                    format!(
                        "pass '{pass}' changed what @{} computes: on {} it {what}",
                        recorded.name,
                        show(args)
                    ),
                ));
            }
        }
        match self.tallies.iter_mut().find(|(name, _)| name == pass) {
            Some((_, total)) => *total += tally,
            None => self.tallies.push((pass.to_string(), tally)),
        }
    }

    fn take_failure(&mut self) -> Option<Diagnostic> {
        self.failure.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stands in for the interpreter: a function "computes" its number of
    /// ops plus the rank of its first argument, so any op a pass removes
    /// shows as a change.
    struct CountOps;

    impl Evaluator for CountOps {
        type Outcome = usize;
        fn run(&self, run: &Run) -> Result<usize, String> {
            let (_, f) = functions(run.ctx, run.module)
                .into_iter()
                .find(|(n, _)| n == run.name)
                .ok_or("no such function")?;
            let mut ops = 0;
            run.ctx.walk_nested(f, &mut |_| ops += 1);
            match run.args.first() {
                Some(SampleArg::Shape(s)) => Ok(ops + s.len()),
                _ => Err("no shape argument".into()),
            }
        }
        fn compare(&self, before: &usize, after: &usize) -> Verdict {
            match before == after {
                true => Verdict::Kept,
                false => Verdict::Changed,
            }
        }
        fn fails(&self, _outcome: &usize) -> bool {
            false
        }
    }

    fn parse(text: &str) -> (Context, OpId) {
        let mut ctx = Context::new();
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let (module, diags) =
            syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &options);
        let module = module.unwrap_or_else(|| panic!("{diags:?}"));
        (ctx, module)
    }

    fn run(pipeline: &str) -> (Result<(), Diagnostic>, usize) {
        let (result, check) = run_check(pipeline);
        (result, check.compared)
    }

    fn run_check(pipeline: &str) -> (Result<(), Diagnostic>, SemanticsCheck<CountOps>) {
        let text = "func.func @f(%a: tensor<?x?xf32>) -> index {\n  %c0 = arith.constant 0 : index\n  %c0_0 = arith.constant 0 : index\n  %0 = tensor.dim %a, %c0 : tensor<?x?xf32>\n  return %0 : index\n}\nfunc.func private @unused(%a: tensor<?xf32>) {\n  return\n}\n";
        let (mut ctx, module) = parse(text);
        let registry = passes::registry();
        let mut pm = pass::PassManager::parse(pipeline, &registry).expect("pipeline");
        let mut check = SemanticsCheck::new(CountOps, 8);
        let result = pm.run(&mut ctx, module, &mut check);
        (result, check)
    }

    #[test]
    fn a_change_stops_the_pipeline_at_the_function() {
        let (result, compared) = run("builtin.module(symbol-dce,cse)");
        let e = result.expect_err("cse removes an op");
        assert!(
            e.message
                .starts_with("pass 'cse' changed what @f computes: on ("),
            "{}",
            e.message
        );
        assert!(
            matches!(e.loc, diag::DiagLoc::FileLineCol { line: 1, .. }),
            "{:?}",
            e.loc
        );
        // symbol-dce kept @f as it was, and removed @unused (not compared).
        assert!(compared >= 8, "{compared}");
    }

    #[test]
    fn compared_inputs_are_counted_per_function() {
        let (result, check) = run_check("builtin.module(symbol-dce,symbol-dce)");
        assert!(result.is_ok(), "{result:?}");
        // @unused is removed by the first run and never compared; @f's 8
        // inputs are compared after each run.
        let compared: Vec<(&str, usize)> = check
            .coverage
            .iter()
            .filter(|c| c.compared > 0)
            .map(|c| (c.name.as_str(), c.compared))
            .collect();
        assert_eq!(compared, [("f", 16)]);
        assert_eq!(check.compared, 16);
    }

    #[test]
    fn unchanged_functions_pass() {
        let (result, compared) = run("builtin.module(symbol-dce)");
        assert!(result.is_ok(), "{result:?}");
        assert_eq!(compared, 8);
    }

    /// A function that logs 42, then fails where a check a pass may move
    /// before that call does.
    const LOGS_THEN_FAILS: &str = include_str!("../../../tests/interp/logs-then-fails.mlir");

    /// A pass for the test: moves the last `shape.cstr_broadcastable` of
    /// every function before its first `shape.assuming` (a hoisting that
    /// moves a check across the call in that region).
    struct HoistPastCall;

    impl pass::Pass for HoistPastCall {
        fn name(&self) -> &'static str {
            "test-hoist-past-call"
        }
        fn run_counted(
            &self,
            ctx: &mut Context,
            op: OpId,
            _: &mut pass::Statistics,
        ) -> pass::PassResult {
            let (mut first_assuming, mut last_check) = (None, None);
            ctx.walk_nested(op, &mut |o| {
                if ctx.kind(o) == OpKind::ShapeAssuming {
                    first_assuming.get_or_insert(o);
                } else if ctx.kind(o) == OpKind::ShapeCstrBroadcastable {
                    last_check = Some(o);
                }
            });
            if let (Some(assuming), Some(check)) = (first_assuming, last_check) {
                ctx.move_op_before(check, assuming);
            }
            Ok(())
        }
    }

    fn registry_with_hoist() -> pass::PassRegistry {
        let mut registry = passes::registry();
        registry.register(pass::PassInfo {
            name: "test-hoist-past-call",
            summary: "test only",
            anchor: OpKind::FuncFunc.name(),
            options: Vec::new,
            build: |_, _| Ok(Box::new(HoistPastCall)),
        });
        registry
    }

    #[test]
    fn a_check_moved_before_a_call_is_caught() {
        let (mut ctx, module) = parse(LOGS_THEN_FAILS);
        let registry = registry_with_hoist();
        let mut pm =
            pass::PassManager::parse("builtin.module(func.func(test-hoist-past-call))", &registry)
                .expect("pipeline");
        let mut check = SemanticsCheck::new(Interpreter, 64);
        let e = pm
            .run(&mut ctx, module, &mut check)
            .expect_err("the check moved before @log(42)");
        assert!(
            e.message
                .starts_with("pass 'test-hoist-past-call' changed what @f computes: on ("),
            "{}",
            e.message
        );
        assert!(
            e.message.contains(
                "it gave `call @log(42); error: operands must be broadcastable` before and `error: operands must be broadcastable` after: it fails before an event it performed before failing"
            ),
            "{}",
            e.message
        );
        let (_, tally) = &check.tallies[0];
        assert!(tally.fails_early > 0, "{tally:?}");
        assert_eq!(tally.weakened + tally.changed, 0, "{tally:?}");
        // The declaration is not a function to compare.
        assert_eq!(check.coverage.len(), 1);
        assert_eq!(check.coverage[0].name, "f");
        assert_eq!(
            (
                check.coverage[0].sampled,
                check.coverage[0].evaluated,
                check.coverage[0].compared
            ),
            (64, 64, 64)
        );
        // The same pipeline without the move keeps every run.
        let (mut ctx, module) = parse(LOGS_THEN_FAILS);
        let mut pm = pass::PassManager::parse("builtin.module(cse,canonicalize)", &registry)
            .expect("pipeline");
        let mut check = SemanticsCheck::new(Interpreter, 64);
        pm.run(&mut ctx, module, &mut check).expect("nothing moves");
        let kept: usize = check.tallies.iter().map(|(_, t)| t.kept).sum();
        assert_eq!(kept, check.compared);
        assert!(check.compared >= 128);
    }

    #[test]
    fn sampled_reshape_targets_reach_every_outcome() {
        let text = include_str!("../../../tests/shape_run/data.mlir");
        let (ctx, module) = parse(text);
        let f = interp::find_function(&ctx, module, "reshape").expect("@reshape");
        let inputs =
            crate::sample::function_inputs(&ctx, f, 64, seed("reshape")).expect("sampleable");
        let mut outcomes = std::collections::BTreeMap::new();
        for args in &inputs {
            let run = Run {
                ctx: &ctx,
                module,
                name: "reshape",
                args,
                limits: &Limits::default(),
            };
            let outcome = match Interpreter.run(&run) {
                Ok(trace) => match trace.outcome {
                    interp::Outcome::Ok(_) => "ok".to_string(),
                    other => other.to_string(),
                },
                Err(e) => panic!("{args:?}: {e}"),
            };
            *outcomes.entry(outcome).or_insert(0) += 1;
        }
        let count = |o: &str| outcomes.get(o).copied().unwrap_or(0);
        assert!(count("ok") >= 8, "{outcomes:?}");
        assert!(
            count("error: reshape must keep the element count") >= 8,
            "{outcomes:?}"
        );
        assert!(
            count("error: at most one extent may be -1") >= 1,
            "{outcomes:?}"
        );
        assert!(
            count("error: extents must be non-negative") >= 1,
            "{outcomes:?}"
        );
    }

    #[test]
    fn coverage_names_the_functions_and_the_op_that_stopped_them() {
        let text = r#"func.func @full(%a: tensor<?xindex>) -> tensor<?xindex> {
  return %a : tensor<?xindex>
}
func.func @partial(%k: index) -> index {
  %c3 = arith.constant 3 : index
  %small = arith.cmpi ult, %k, %c3 : index
  %r = scf.if %small -> (index) {
    scf.yield %k : index
  } else {
    %s = arith.index_cast %k : index to i64
    %f = arith.bitcast %s : i64 to f64
    %x = "test.opaque"(%f) : (f64) -> index
    scf.yield %x : index
  }
  return %r : index
}
func.func @never(%x: f32) -> f32 {
  %y = math.sqrt %x : f32
  return %y : f32
}
func.func @unsampled(%m: memref<?xf32>) {
  return
}
func.func @foreign(%v: !torch.vtensor<[?,?],f32>, %t: !torch.vtensor) -> index {
  %r = "test.unknown_region"(%v, %t) ({
    "test.inner"() : () -> ()
  }) : (!torch.vtensor<[?,?],f32>, !torch.vtensor) -> index
  return %r : index
}
"#;
        let (mut ctx, module) = parse(text);
        let registry = passes::registry();
        let mut pm = pass::PassManager::parse("builtin.module(cse)", &registry).expect("pipeline");
        pm.options.allow_unregistered = true;
        let mut check = SemanticsCheck::new(Interpreter, 16);
        pm.run(&mut ctx, module, &mut check)
            .expect("cse keeps them");
        let names: Vec<&str> = check.uncovered().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["never", "unsampled"]);
        // An op of no registered dialect with a region, on parameters of
        // foreign types, used to stop the interpreter (and the sampler);
        // it is an uninterpreted function of handles now, compared on
        // every input.
        let foreign = check.coverage.iter().find(|c| c.name == "foreign");
        let foreign = foreign.expect("@foreign is covered");
        assert_eq!(
            (foreign.sampled, foreign.evaluated, foreign.compared),
            (16, 16, 16),
            "{foreign:?}"
        );
        let warnings: Vec<String> = check
            .uncovered_diagnostics(Severity::Warning)
            .into_iter()
            .map(|d| format!("{:?} {}", d.loc, d.message))
            .collect();
        assert!(warnings[0].contains("line: 17"), "{}", warnings[0]);
        assert!(
            warnings[0].contains("verify-semantics: @never could not be evaluated on any of its "),
            "{}",
            warnings[0]
        );
        assert!(
            warnings[0].contains("t.mlir:18:8: cannot evaluate 'math.sqrt'"),
            "{}",
            warnings[0]
        );
        assert!(
            warnings[1].ends_with(
                "verify-semantics: @unsampled was compared on no input: a parameter of type memref<?xf32> cannot be sampled"
            ),
            "{}",
            warnings[1]
        );
        let summary = check.summary();
        let lines: Vec<&str> = summary.lines().collect();
        assert_eq!(lines.len(), 2, "{summary}");
        assert!(
            lines[0].starts_with("verify-semantics: 5 functions, 1 pass run, "),
            "{summary}"
        );
        assert!(
            lines[1].starts_with("verify-semantics: @partial on 3 of its 5 sampled inputs; the others cannot be evaluated: t.mlir:11:10: cannot evaluate 'arith.bitcast'"),
            "{summary}"
        );
    }
}
