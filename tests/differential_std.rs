//! Differential suite: random stage-1 and stage-2 shape functions
//! lowered to std form run under `mlir-runner` as the interpreter says.
//!
//! [`STAGE1_FUNCTIONS`] functions come from `shapegen::stage1`;
//! [`STAGE2_FUNCTIONS`] more are stage-1 functions of other seeds lowered
//! by `--lower-to=constrained` (there is no stage-2 generator). Each runs
//! in the interpreter on [`REFERENCE_INPUTS`] inputs sampled from its
//! signature (`validate::sample`); the first [`INPUTS`] of them are run in
//! std form. The forms compared with the interpreter on the source
//! function, by `common::observed::verdict` (the same results, or the same
//! failure message — or another message the source fails some sampled
//! input with, checked earlier; inputs undefined in MLIR not run):
//! - **ours**: `--lower-to=std` (`cli::process_buffer`) of both kinds. A
//!   function it rejects at compile time must fail on every sampled input;
//! - **upstream**: `mlir-opt`'s own lowering ([`runner::UPSTREAM_TO_STD`]) of the stage-2
//!   functions. Its asserts carry upstream's messages, not ours: a failure
//!   compares as a failure whatever its message, results as results.
//!   Functions it leaves `shape` ops in are counted, not run.
//!
//! - **ours, status**: `--lower-to=std --shape-failure=status` of
//!   [`STATUS_FUNCTIONS`] more stage-1 functions (those the abort-mode
//!   lowering accepts): no `cf.assert` may be left, and each run must give
//!   exactly what the interpreter gives on the abort-mode std form: the
//!   same results, or a nonzero status naming the message of the first
//!   `cf.assert` that fails there (`common::runner::Lowered` reads the
//!   status back as a failure). No run aborts, so every failing input
//!   runs.
//!
//! Runs are batched (`common::runner::Tools::run_batch`): the inputs on
//! which the source returns all run in one process per core and form;
//! since an abort ends a process, only [`FAILING_RUNS`] failing inputs per
//! form, spread evenly, run (one process each); the others are counted.

mod common;

use std::time::Instant;

use cli::{process_buffer, DriverOptions};
use common::observed::{verdict, Observed, Verdict};
use common::runner::{self, Lowered, RunResult, Tools, LEFT_SHAPE_OPS};
use interp::Arg;
use pass::stage::Stage;
use passes::FailureMode;
use shape_opt::Session;
use shapegen::stage1 as gen_stage1;

/// Random stage-1 functions.
const STAGE1_FUNCTIONS: usize = 160;
/// Random stage-2 functions (stage-1 functions lowered to constrained form).
const STAGE2_FUNCTIONS: usize = 160;
/// Random stage-1 functions lowered with checks that return a status.
const STATUS_FUNCTIONS: usize = 500;
/// The seeds of the first stage-1 function, of the first one lowered to
/// stage 2, and of the first one lowered with statuses.
const STAGE1_SEED: u64 = 10_001;
const STAGE2_SEED: u64 = 20_001;
const STATUS_SEED: u64 = 30_001;
/// Inputs run in std form, per function.
const INPUTS: usize = 4;
/// Inputs the source runs on in the interpreter (the first [`INPUTS`] are
/// run in std form; all of them give the messages a failure may have).
const REFERENCE_INPUTS: usize = 32;
/// Failing inputs run per form (one process each, about 0.15 s): with the
/// one batch per core and form of the inputs that return, 186
/// `mlir-runner` processes in all on 2 cores.
const FAILING_RUNS: usize = 60;

/// A source function and what the interpreter makes of it.
struct Case {
    name: String,
    text: String,
    /// The inputs run in std form.
    inputs: Vec<Vec<Arg>>,
    /// The interpreter on each of [`REFERENCE_INPUTS`] inputs.
    reference: Vec<Observed>,
    /// Whether a failure must have the reference's message exactly (the
    /// reference is then the abort-mode std form's, whose first failing
    /// check is the one a status must name).
    exact: bool,
}

impl Case {
    /// `@name` of `text` in the interpreter on sampled inputs.
    fn new(name: &str, text: String, seed: u64) -> Case {
        let inputs = sample_inputs(name, &text, seed);
        let reference = interpret(name, &text, &inputs);
        Case {
            name: name.to_string(),
            text,
            inputs: inputs.into_iter().take(INPUTS).collect(),
            reference,
            exact: false,
        }
    }

    /// `@name` of `text` with, as reference, the interpreter on its
    /// abort-mode `--lower-to=std` on the same inputs; `None` when that
    /// lowering rejects it.
    fn against_abort_mode(name: &str, text: String, seed: u64) -> Option<Case> {
        let mut case = Case::new(name, text, seed);
        let std = case.lower(Stage::Std, FailureMode::Abort).ok()?;
        let inputs = sample_inputs(name, &case.text, seed);
        case.reference = interpret(name, &std, &inputs);
        case.exact = true;
        Some(case)
    }

    /// Whether `message` is one of the source's requirements: it fails
    /// some sampled input with it, or a stage-1 op states it (`error =
    /// "..."`). A lowering may check any requirement earlier, so an input
    /// that fails two of them may fail with either. For an exact case,
    /// none is.
    fn fails_with(&self, message: &str) -> bool {
        !self.exact
            && (self
                .reference
                .iter()
                .any(|o| matches!(o, Observed::Failed(m) if m == message))
                || self.text.contains(&format!("error = \"{message}\"")))
    }

    /// `--lower-to=stage` by shape-opt, checks failing as `failure` says:
    /// the output, or the diagnostics.
    fn lower(&self, stage: Stage, failure: FailureMode) -> Result<String, String> {
        let options = DriverOptions {
            lower_to: Some(stage),
            shape_failure: failure,
            ..Default::default()
        };
        let out = process_buffer(&format!("{}.mlir", self.name), self.text.as_str(), &options);
        if out.success {
            Ok(out.output())
        } else {
            Err(out.diagnostics)
        }
    }
}

/// [`REFERENCE_INPUTS`] inputs of `@name` of `text`, sampled from its
/// signature with `seed`.
fn sample_inputs(name: &str, text: &str, seed: u64) -> Vec<Vec<Arg>> {
    let module = Session::new()
        .parse(&format!("{name}.mlir"), text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (ctx, root) = (&module.ctx, module.root);
    let func = interp::find_function(ctx, root, name).expect("the function exists");
    validate::sample::function_inputs(ctx, func, REFERENCE_INPUTS, seed)
        .expect("parameters can be sampled")
}

/// `@name` of `text` in the interpreter on each of `inputs`.
fn interpret(name: &str, text: &str, inputs: &[Vec<Arg>]) -> Vec<Observed> {
    let module = Session::new()
        .parse(&format!("{name}.mlir"), text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (ctx, root) = (&module.ctx, module.root);
    inputs
        .iter()
        .map(|args| match interp::run_function(ctx, root, name, args) {
            Ok(outcome) => Observed::of_outcome(&outcome),
            Err(e) => panic!("@{name}{args:?} cannot be evaluated: {e}\n{text}"),
        })
        .collect()
}

/// Counts of one form, and its mismatches.
#[derive(Default)]
struct Tally {
    functions: usize,
    /// Rejected at compile time, failing on every sampled input.
    rejected: usize,
    /// Left with `shape` ops by upstream.
    not_lowered: usize,
    runs: usize,
    compared: usize,
    checked_earlier: usize,
    undefined: usize,
    /// Failing inputs beyond [`FAILING_RUNS`].
    failing_not_run: usize,
    mismatches: Vec<String>,
}

/// A lowered form of the cases.
struct Form<'c, 't> {
    name: &'static str,
    /// Whether failure messages are compared (not for upstream's).
    messages: bool,
    /// Whether failed checks return a status (and never end a process).
    statuses: bool,
    lowered: Vec<(&'c Case, Lowered<'t>)>,
    tally: Tally,
}

impl<'c, 't> Form<'c, 't> {
    fn new(name: &'static str, messages: bool) -> Self {
        Form {
            name,
            messages,
            statuses: false,
            lowered: Vec::new(),
            tally: Tally::default(),
        }
    }

    /// Our `--lower-to=std` of each case, checks failing as `failure`
    /// says, loaded; a function rejected at compile time must fail on
    /// every sampled input, and with statuses no `cf.assert` may be left.
    fn ours(name: &'static str, tools: &'t Tools, cases: &'c [Case], failure: FailureMode) -> Self {
        let mut form = Form::new(name, true);
        form.statuses = failure == FailureMode::Status;
        for case in cases {
            form.tally.functions += 1;
            match case.lower(Stage::Std, failure) {
                Ok(std) if failure == FailureMode::Status && std.contains("cf.assert") => {
                    form.mismatch(case, format!("a cf.assert is left:\n{std}"))
                }
                Ok(std) => form.load(case, tools.load_std(std, &case.name)),
                Err(_) if always_fails(case) => form.tally.rejected += 1,
                Err(e) => form.mismatch(case, format!("rejected at compile time:\n{e}")),
            }
        }
        form
    }

    /// `mlir-opt`'s [`runner::UPSTREAM_TO_STD`] lowering of each case, loaded.
    fn upstream(tools: &'t Tools, cases: &'c [Case]) -> Self {
        let mut form = Form::new("stage 2, upstream", false);
        for case in cases {
            form.tally.functions += 1;
            match tools.lower_source_with(&runner::UPSTREAM_TO_STD, &case.text, &case.name) {
                Err(e) if e.starts_with(LEFT_SHAPE_OPS) => form.tally.not_lowered += 1,
                loaded => form.load(case, loaded),
            }
        }
        form
    }

    fn load(&mut self, case: &'c Case, loaded: Result<Lowered<'t>, String>) {
        match loaded {
            Ok(lowered) => self.lowered.push((case, lowered)),
            Err(e) => self.mismatch(case, e),
        }
    }

    fn mismatch(&mut self, case: &Case, what: String) {
        self.tally.mismatches.push(format!(
            "{}: @{}: {what}\n--- source:\n{}",
            self.name, case.name, case.text
        ));
    }

    /// Run the inputs the source returns on, and [`FAILING_RUNS`] of those
    /// it fails, and compare.
    fn run(&mut self, tools: &Tools) {
        let (mut passing, mut failing) = (Vec::new(), Vec::new());
        for (case, lowered) in &self.lowered {
            for (args, reference) in case.inputs.iter().zip(&case.reference) {
                let list = match reference {
                    Observed::Returned(_) => &mut passing,
                    Observed::Failed(_) => &mut failing,
                    Observed::Undefined(_) => {
                        self.tally.undefined += 1;
                        continue;
                    }
                };
                match lowered.bind(args) {
                    Ok(bound) => list.push((*case, lowered, reference, bound)),
                    Err(e) => self.tally.mismatches.push(format!("@{}: {e}", case.name)),
                }
            }
        }
        // A failed check that returns a status does not end its process.
        let cap = if self.statuses {
            failing.len()
        } else {
            FAILING_RUNS
        };
        let selected: Vec<_> = (0..failing.len().min(cap))
            .map(|i| i * failing.len() / cap.min(failing.len()))
            .collect();
        self.tally.failing_not_run = failing.len() - selected.len();
        let failing: Vec<_> = selected.into_iter().map(|i| failing[i].clone()).collect();
        for list in [passing, failing] {
            let calls: Vec<(&Lowered<'_>, Vec<runner::Arg>)> =
                list.iter().map(|(_, l, _, b)| (*l, b.clone())).collect();
            for ((case, _, reference, args), run) in list.iter().zip(run_parallel(tools, &calls)) {
                self.tally.runs += 1;
                let observed = match run {
                    Ok(RunResult::Aborted { .. })
                        if !self.messages && matches!(reference, Observed::Failed(_)) =>
                    {
                        (*reference).clone()
                    }
                    Ok(run) => Observed::of_run(&run),
                    Err(e) => {
                        self.tally.mismatches.push(format!("@{}: {e}", case.name));
                        continue;
                    }
                };
                match verdict(reference, &observed, |m| case.fails_with(m)) {
                    Verdict::Same => self.tally.compared += 1,
                    Verdict::CheckedEarlier => {
                        self.tally.compared += 1;
                        self.tally.checked_earlier += 1;
                    }
                    Verdict::Undefined => self.tally.undefined += 1,
                    Verdict::Differs => self.tally.mismatches.push(format!(
                        "{}: @{}{args:?}: the interpreter gives {reference:?}, mlir-runner \
                         {observed:?}\n--- source:\n{}",
                        self.name, case.name, case.text
                    )),
                }
            }
        }
    }

    fn report(&self) {
        let t = &self.tally;
        eprintln!(
            "{:20} {} functions ({} rejected at compile time, {} not lowered), {} runs: \
             {} equal ({} failing with a requirement checked earlier), {} undefined inputs \
             not run, {} failing inputs not run, {} mismatches",
            self.name,
            t.functions,
            t.rejected,
            t.not_lowered,
            t.runs,
            t.compared,
            t.checked_earlier,
            t.undefined,
            t.failing_not_run,
            t.mismatches.len()
        );
    }
}

/// Whether the source fails (or is undefined) on every sampled input.
fn always_fails(case: &Case) -> bool {
    case.reference
        .iter()
        .all(|o| !matches!(o, Observed::Returned(_)))
}

/// `calls` cut into one batch per core, each run by
/// [`Tools::run_batch`]; the results in the order of `calls`.
fn run_parallel(
    tools: &Tools,
    calls: &[(&Lowered<'_>, Vec<runner::Arg>)],
) -> Vec<Result<RunResult, String>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = calls.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let workers: Vec<_> = calls
            .chunks(chunk)
            .map(|batch| s.spawn(move || tools.run_batch(batch)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The stage-1 cases, and the stage-2 ones made of other stage-1 functions
/// by `--lower-to=constrained` (those it rejects skipped).
fn cases() -> (Vec<Case>, Vec<Case>) {
    let stage1 = gen_stage1::functions(STAGE1_SEED, STAGE1_FUNCTIONS)
        .into_iter()
        .map(|f| Case::new(&f.name, f.text, f.seed))
        .collect();
    let stage2 = (STAGE2_SEED..)
        .filter_map(|seed| {
            let f = gen_stage1::function(&format!("f{seed}"), seed);
            let text = Case::new(&f.name, f.text, seed)
                .lower(Stage::Constrained, FailureMode::Abort)
                .ok()?;
            Some(Case::new(&f.name, text, seed))
        })
        .take(STAGE2_FUNCTIONS)
        .collect();
    (stage1, stage2)
}

#[test]
fn random_functions_run_in_std_form_as_the_interpreter_says() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let start = Instant::now();
    let (stage1, stage2) = cases();
    let status: Vec<Case> = gen_stage1::functions(STATUS_SEED, STATUS_FUNCTIONS)
        .into_iter()
        .filter_map(|f| Case::against_abort_mode(&f.name, f.text, f.seed))
        .collect();
    let mut forms = [
        Form::ours("stage 1, ours", &tools, &stage1, FailureMode::Abort),
        Form::ours("stage 2, ours", &tools, &stage2, FailureMode::Abort),
        Form::upstream(&tools, &stage2),
        Form::ours("stage 1, status", &tools, &status, FailureMode::Status),
    ];
    for form in &mut forms {
        form.run(&tools);
        form.report();
    }
    let mismatches: Vec<&String> = forms.iter().flat_map(|f| &f.tally.mismatches).collect();
    let runs: usize = forms.iter().map(|f| f.tally.runs).sum();
    eprintln!(
        "{} functions x {INPUTS} inputs, {runs} runs, {} mismatches in {:.1}s",
        stage1.len() + stage2.len() + status.len(),
        mismatches.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        mismatches.is_empty(),
        "{}",
        mismatches
            .iter()
            .map(|m| m.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
