//! `--verify-semantics`: run every function on sampled inputs before and
//! after each pass, and stop at the first input where the two disagree.
//!
//! The evaluation itself is an [`Evaluator`] (the reference interpreter),
//! so that this crate depends only on the IR and the pass manager. An input
//! the evaluator cannot run before the pass is skipped; one it could run
//! before but not after is a failure, since the pass produced something the
//! reference semantics does not cover. Functions a pass removed (inlined,
//! dead) are not compared.

use crate::sample::{params, samples};
use diag::Diagnostic;
use interp::Arg as SampleArg;
use ir::{Context, OpId};
use pass::Instrumentation;
use std::collections::BTreeMap;

/// Evaluates a function on concrete arguments.
pub trait Evaluator {
    /// What a function computes on one input: its results or its error.
    type Outcome: std::fmt::Display;
    /// Run function `name` of `module`; `Err` when it cannot be evaluated.
    fn run(
        &self,
        ctx: &Context,
        module: OpId,
        name: &str,
        args: &[SampleArg],
    ) -> Result<Self::Outcome, String>;
    /// Whether `after` (the transformed function's outcome) keeps the
    /// meaning of `before`.
    fn kept(&self, before: &Self::Outcome, after: &Self::Outcome) -> bool;
    /// Whether the outcome is a failure: the input is rejected.
    fn fails(&self, outcome: &Self::Outcome) -> bool;
}

/// The reference interpreter as an [`Evaluator`].
pub struct Interpreter;

/// Outcomes compare as [`interp::Outcome::refined_by`] says: equal
/// canonical results (a `!shape.shape` equals the extent tensor of the same
/// extents), a failure for a failure whatever its message, anything where
/// the function was undefined before.
impl Evaluator for Interpreter {
    type Outcome = interp::Outcome;
    fn run(
        &self,
        ctx: &Context,
        module: OpId,
        name: &str,
        args: &[SampleArg],
    ) -> Result<interp::Outcome, String> {
        interp::run_function(ctx, module, name, args).map_err(|e| e.to_string())
    }
    fn kept(&self, before: &interp::Outcome, after: &interp::Outcome) -> bool {
        before.refined_by(after)
    }
    fn fails(&self, outcome: &interp::Outcome) -> bool {
        matches!(outcome, interp::Outcome::Error(_))
    }
}

/// How the runs of one pass compared, over every input of every function.
///
/// A pass that keeps meaning has only `kept` runs. `weakened` counts inputs
/// that failed before and no longer do (including a failure turned into
/// undefined behaviour): the one thing a lowering must never do.
/// `strengthened` counts inputs that newly fail, `changed` the other
/// disagreements (a different value, or not evaluable after the pass).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassTally {
    pub kept: usize,
    /// Inputs on which the function failed before the pass.
    pub failing_before: usize,
    pub weakened: usize,
    pub strengthened: usize,
    pub changed: usize,
}

impl PassTally {
    /// Every input compared.
    pub fn compared(&self) -> usize {
        self.kept + self.weakened + self.strengthened + self.changed
    }
}

impl std::ops::AddAssign for PassTally {
    fn add_assign(&mut self, other: PassTally) {
        self.kept += other.kept;
        self.failing_before += other.failing_before;
        self.weakened += other.weakened;
        self.strengthened += other.strengthened;
        self.changed += other.changed;
    }
}

/// What a function computed before the running pass.
struct Recorded<O> {
    name: String,
    runs: Vec<(Vec<SampleArg>, O)>,
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
    /// [`SemanticsCheck::compared`] by function name: a function no input
    /// of which could be evaluated (every sample skipped) was not checked.
    pub compared_by_function: BTreeMap<String, usize>,
    /// Per pass name, in the order passes first ran.
    pub tallies: Vec<(String, PassTally)>,
}

impl<E: Evaluator> SemanticsCheck<E> {
    pub fn new(evaluator: E, count: usize) -> Self {
        SemanticsCheck {
            evaluator,
            count,
            recorded: Vec::new(),
            failure: None,
            compared: 0,
            compared_by_function: BTreeMap::new(),
            tallies: Vec::new(),
        }
    }
}

/// The outermost op enclosing `op` (the module a function lives in).
fn root_of(ctx: &Context, mut op: OpId) -> OpId {
    while let Some(p) = ctx.parent_op(op) {
        op = p;
    }
    op
}

/// The functions at or directly under `op` (`func.func`, and `shape.func`
/// in function libraries), by symbol name.
fn functions(ctx: &Context, op: OpId) -> Vec<(String, OpId)> {
    let mut out = Vec::new();
    let mut visit = |o: OpId| {
        if matches!(ctx.op_name(o), "func.func" | "shape.func") {
            if let Some(name) = ctx.attr(o, "sym_name").and_then(ir::Attr::as_str) {
                out.push((name.to_string(), o));
            }
        }
    };
    visit(op);
    ctx.walk_nested(op, &mut |o| {
        if matches!(ctx.op_name(o), "func.func" | "shape.func")
            && ctx.parent_op(o).is_some_and(|p| {
                matches!(ctx.op_name(p), "builtin.module" | "shape.function_library")
            })
        {
            visit(o);
        }
    });
    out
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
            let Some(params) = crate::sample::input_types(ctx, f).and_then(|t| params(ctx, &t))
            else {
                continue;
            };
            let runs = samples(&params, self.count, seed(&name))
                .into_iter()
                .filter_map(|args| {
                    let outcome = self.evaluator.run(ctx, module, &name, &args).ok()?;
                    Some((args, outcome))
                })
                .collect();
            self.recorded.push(Recorded { name, runs });
        }
    }

    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        let module = root_of(ctx, op);
        let now = functions(ctx, op);
        let mut tally = PassTally::default();
        for recorded in std::mem::take(&mut self.recorded) {
            let Some(&(_, f)) = now.iter().find(|(n, _)| *n == recorded.name) else {
                continue;
            };
            *self
                .compared_by_function
                .entry(recorded.name.clone())
                .or_default() += recorded.runs.len();
            for (args, before) in &recorded.runs {
                self.compared += 1;
                let failed_before = self.evaluator.fails(before);
                tally.failing_before += usize::from(failed_before);
                let after = self.evaluator.run(ctx, module, &recorded.name, args);
                let verdict = match &after {
                    Ok(after) if self.evaluator.kept(before, after) => {
                        tally.kept += 1;
                        continue;
                    }
                    Ok(after) => {
                        if failed_before {
                            tally.weakened += 1;
                        } else if self.evaluator.fails(after) {
                            tally.strengthened += 1;
                        } else {
                            tally.changed += 1;
                        }
                        format!("gave `{before}` before and `{after}` after")
                    }
                    Err(why) => {
                        tally.changed += 1;
                        format!("gave `{before}` before and cannot be evaluated after: {why}")
                    }
                };
                if self.failure.is_none() {
                    self.failure = Some(Diagnostic::error(
                        pass::loc_of(ctx, f),
                        format!(
                            "pass '{pass}' changed what @{} computes: on {} it {verdict}",
                            recorded.name,
                            show(args)
                        ),
                    ));
                }
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
        fn run(
            &self,
            ctx: &Context,
            module: OpId,
            name: &str,
            args: &[SampleArg],
        ) -> Result<usize, String> {
            let (_, f) = functions(ctx, module)
                .into_iter()
                .find(|(n, _)| n == name)
                .ok_or("no such function")?;
            let mut ops = 0;
            ctx.walk_nested(f, &mut |_| ops += 1);
            match args.first() {
                Some(SampleArg::Shape(s)) => Ok(ops + s.len()),
                _ => Err("no shape argument".into()),
            }
        }
        fn kept(&self, before: &usize, after: &usize) -> bool {
            before == after
        }
        fn fails(&self, _outcome: &usize) -> bool {
            false
        }
    }

    fn run(pipeline: &str) -> (Result<(), Diagnostic>, usize) {
        let (result, check) = run_check(pipeline);
        (result, check.compared)
    }

    fn run_check(pipeline: &str) -> (Result<(), Diagnostic>, SemanticsCheck<CountOps>) {
        let text = "func.func @f(%a: tensor<?x?xf32>) -> index {\n  %c0 = arith.constant 0 : index\n  %c0_0 = arith.constant 0 : index\n  %0 = tensor.dim %a, %c0 : tensor<?x?xf32>\n  return %0 : index\n}\nfunc.func private @unused(%a: tensor<?xf32>) {\n  return\n}\n";
        let mut ctx = Context::new();
        let (module, _) =
            syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
        let module = module.expect("parses");
        let registry = pass::PassRegistry::with_generic_passes();
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
            e.message.starts_with(
                "pass 'cse' changed what @f computes: on ([2,2]) it gave `7` before and `6` after"
            ) || e
                .message
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
        let expected: BTreeMap<String, usize> = [("f".to_string(), 16)].into();
        assert_eq!(check.compared_by_function, expected);
        assert_eq!(check.compared, 16);
    }

    #[test]
    fn unchanged_functions_pass() {
        let (result, compared) = run("builtin.module(symbol-dce)");
        assert!(result.is_ok(), "{result:?}");
        assert_eq!(compared, 8);
    }
}
