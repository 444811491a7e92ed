//! Soundness guard: no pass may weaken a shape function, or move a check
//! across a side effect.
//!
//! Every example (`examples/*.mlir` and `examples/stage2/*.mlir`; a
//! program of tensor ops, legal std already, from stage 1) and every
//! function with side effects of `tests/soundness_guard/` (calls of
//! declarations, unregistered ops: events), and a selection of real
//! producers' IR (`PRODUCERS`), is lowered to std through the
//! default stage plans, and every registered pass is also run alone on each
//! form the input takes on the way. Around every pass run, each function
//! is interpreted on the same sampled inputs before and after
//! ([`validate::check::SemanticsCheck`]), and the events, then the results
//! or failures, are compared.
//!
//! The guard: an input that failed before a pass fails after it, after the
//! same events (`weakened` = 0), fails no earlier than an event it
//! performed before failing (`fails_early` = 0), and an input that gave a
//! value gives the same value after the same events (`changed` = 0). A pass
//! may make more inputs fail (`strengthened`); the tally shows how many.
//! `remove-shape-constraints` drops constraints on request, as upstream's
//! pass of that name does; it is exempt, and the test requires that the
//! guard catches it weakening some function, so a guard that sees nothing
//! fails too. No pass may move a check before an event (`tests/soundness_guard/`
//! holds functions with side effects in every form, and checks around
//! foreign ops as producers emit them: `stablehlo`, `chlo`, `mhlo` and
//! `torch_c` ops in generic form, one with a region, on
//! `!torch.vtensor<[?,?],f32>` parameters).
//!
//! That the guard sees around foreign ops is tested too: two deliberately
//! wrong passes (one drops the checks, one moves a check before an op with
//! a region) are caught on those functions.

mod common;

use ir::{Context, OpId, OpKind};
use pass::stage::Stage;
use pass::stage_pipeline::StagePipeline;
use pass::{PassManager, RunOptions};
use shape_opt::Session;
use validate::check::{Interpreter, PassTally, SemanticsCheck};

/// Inputs per function and pass run.
const SAMPLES: usize = 48;

/// The pass whose purpose is to drop constraints.
const WEAKENS_BY_DESIGN: &str = "remove-shape-constraints";

/// Tallies of every pass run, summed per pass.
#[derive(Default)]
struct Totals {
    per_pass: Vec<(String, PassTally)>,
    /// Pass runs that ended in a disagreement, for the report.
    disagreements: Vec<String>,
    /// Examples the stage pipeline does not take, with why.
    not_lowered: Vec<String>,
}

impl Totals {
    fn add(&mut self, check: SemanticsCheck<Interpreter>) {
        for (pass, tally) in check.tallies {
            match self.per_pass.iter_mut().find(|(p, _)| *p == pass) {
                Some((_, total)) => *total += tally,
                None => self.per_pass.push((pass, tally)),
            }
        }
    }
}

/// Real producers' IR (`tests/producers/`) guarded too: one model of each
/// kind of check, as torch-mlir, IREE and JAX emit it (StableHLO, CHLO and
/// `torch_c` ops, foreign parameter types, JAX's `shape_assertion`).
const PRODUCERS: [&str; 6] = [
    "tests/producers/torch-before-softmax.mlir",
    "tests/producers/torch-before-broadcast.mlir",
    "tests/producers/torch-after-layer_norm.mlir",
    "tests/producers/iree-before-attention.mlir",
    "tests/producers/iree-input-broadcast.mlir",
    "tests/producers/jax-before-softmax.mlir",
];

/// The examples, the functions with side effects and the producers' IR,
/// by path.
fn examples() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["examples", "examples/stage2", "tests/soundness_guard"] {
        for path in common::mlir_files(dir) {
            if path.parent() != Some(std::path::Path::new(dir)) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("example is readable");
            out.push((path.display().to_string(), text));
        }
    }
    for path in PRODUCERS {
        let text = std::fs::read_to_string(path).expect("the producers' corpus is readable");
        out.push((path.to_string(), text));
    }
    out.sort();
    out
}

/// Lower one example to std under the check; the text of every form it
/// took on the way.
fn lower_checked(
    session: &mut Session,
    name: &str,
    text: &str,
    totals: &mut Totals,
) -> Vec<String> {
    let mut module = session
        .parse(name, text)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    // A program of tensor ops (std form that is also legal error-monadic
    // form: no asserts yet) gets its checks from the shape library.
    let (ctx, root) = (&module.ctx, module.root);
    let from = (pass::stage::current_stage(ctx, root) == Some(Stage::Std)
        && pass::stage::check_legality(ctx, root, Stage::ErrorMonadic).is_ok())
    .then_some(Stage::ErrorMonadic);
    let mut forms = vec![text.to_string()];
    let mut stages = match StagePipeline::for_module(
        &module.ctx,
        module.root,
        (from, Stage::Std),
        &passes::DEFAULT_PLAN,
        session.registry(),
        session.policy().run,
    ) {
        Ok(stages) => stages,
        Err(d) => {
            totals.not_lowered.push(format!("{name}: {}", d.message));
            return forms;
        }
    };
    let mut check = SemanticsCheck::new(Interpreter, SAMPLES);
    // The first form reached is the source's own.
    let mut reached = 0;
    let mut keep_form = |_: Stage, ctx: &Context, root: OpId| {
        if reached > 0 {
            forms.push(ir::printer::print_op(ctx, root, Default::default()));
        }
        reached += 1;
    };
    if let Err(d) = stages.run(&mut module.ctx, module.root, &mut check, &mut keep_form) {
        totals
            .disagreements
            .push(format!("{name} (stage pipeline): {}", d.message));
    }
    totals.add(check);
    forms
}

/// Run every registered pass alone on one form of an example.
fn each_pass_alone(session: &mut Session, name: &str, form: &str, totals: &mut Totals) {
    let passes: Vec<(&str, Option<&str>)> = session
        .registry()
        .passes()
        .iter()
        .map(|p| (p.name, p.anchor))
        .collect();
    for (pass, anchor) in passes {
        let pipeline = match anchor {
            Some(op) => format!("builtin.module({op}({pass}))"),
            None => format!("builtin.module({pass})"),
        };
        let Ok(mut manager) = PassManager::parse(&pipeline, session.registry()) else {
            continue;
        };
        manager.options = RunOptions {
            verify_each: true,
            ..session.policy().run
        };
        let mut module = session
            .parse(name, form)
            .unwrap_or_else(|e| panic!("{name}: our own output does not parse: {e}"));
        let mut check = SemanticsCheck::new(Interpreter, SAMPLES);
        let ran = manager.run(&mut module.ctx, module.root, &mut check);
        if let Err(d) = ran {
            if d.message.contains("changed what") {
                totals
                    .disagreements
                    .push(format!("{name} ({pass}): {}", d.message));
            }
        }
        totals.add(check);
    }
}

#[test]
fn no_pass_weakens_any_example() {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let mut totals = Totals::default();
    let examples = examples();
    assert!(examples.len() >= 20, "examples found: {}", examples.len());
    for (name, text) in &examples {
        let forms = lower_checked(&mut session, name, text, &mut totals);
        for form in forms {
            each_pass_alone(&mut session, name, &form, &mut totals);
        }
    }

    println!(
        "{:<28} {:>9} {:>9} {:>9} {:>11} {:>12} {:>8}",
        "pass", "compared", "failing", "weakened", "fails early", "strengthened", "changed"
    );
    for (pass, t) in &totals.per_pass {
        println!(
            "{pass:<28} {:>9} {:>9} {:>9} {:>11} {:>12} {:>8}",
            t.compared(),
            t.failing_before,
            t.weakened,
            t.fails_early,
            t.strengthened,
            t.changed
        );
    }
    for d in &totals.disagreements {
        println!("disagreement: {d}");
    }
    assert!(
        totals.not_lowered.is_empty(),
        "examples that do not lower: {:#?}",
        totals.not_lowered
    );

    let compared: usize = totals.per_pass.iter().map(|(_, t)| t.compared()).sum();
    let failing: usize = totals.per_pass.iter().map(|(_, t)| t.failing_before).sum();
    assert!(
        failing * 10 >= compared,
        "too few failing inputs to guard anything: {failing} of {compared}"
    );
    for (pass, t) in &totals.per_pass {
        if pass == WEAKENS_BY_DESIGN {
            assert!(
                t.weakened > 0,
                "the guard did not see {pass} drop constraints"
            );
            continue;
        }
        assert!(t.compared() > 0, "{pass}: nothing compared");
        assert_eq!(t.weakened, 0, "{pass} made failing inputs pass");
        assert_eq!(t.changed, 0, "{pass} changed a value");
        assert_eq!(t.fails_early, 0, "{pass} moved a check across an event");
    }
    let passes = session.registry().passes().len();
    let checked = totals.per_pass.len();
    assert!(
        checked + 2 >= passes,
        "only {checked} of {passes} passes ran on an example"
    );
}

/// The inputs with side effects do perform events on the sampled inputs,
/// some of them before a failure: the guard compares events, not only
/// outcomes.
#[test]
fn the_functions_with_side_effects_perform_events() {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let (mut with_events, mut events_then_failure) = (0, 0);
    let inputs: Vec<_> = examples()
        .into_iter()
        .filter(|(name, _)| name.starts_with("tests/soundness_guard/"))
        .collect();
    assert!(inputs.len() >= 3, "{inputs:?}");
    for (name, text) in &inputs {
        let module = session
            .parse(name, text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (ctx, root) = (&module.ctx, module.root);
        for f in pass::functions_under(ctx, root) {
            let Some(symbol) = ctx.attr(f, "sym_name").and_then(ir::Attr::as_str) else {
                continue;
            };
            let Some(samples) = validate::sample::function_inputs(ctx, f, SAMPLES, 1) else {
                continue;
            };
            for args in samples {
                let Ok(trace) = interp::trace_function(ctx, root, symbol, &args) else {
                    continue;
                };
                with_events += usize::from(!trace.events.is_empty());
                events_then_failure += usize::from(
                    !trace.events.is_empty() && matches!(trace.outcome, interp::Outcome::Error(_)),
                );
            }
        }
    }
    assert!(with_events >= 50, "{with_events}");
    assert!(events_then_failure >= 10, "{events_then_failure}");
}

/// A deliberately wrong pass: every `shape.cstr_*` becomes
/// `shape.const_witness true` (the checks are dropped).
struct DropChecks;

impl pass::Pass for DropChecks {
    fn name(&self) -> &'static str {
        "test-drop-checks"
    }
    fn run_counted(
        &self,
        ctx: &mut Context,
        op: OpId,
        _: &mut pass::Statistics,
    ) -> pass::PassResult {
        let mut checks = Vec::new();
        ctx.walk_nested(op, &mut |o| {
            if matches!(
                ctx.kind(o),
                OpKind::ShapeCstrBroadcastable | OpKind::ShapeCstrEq | OpKind::ShapeCstrRequire
            ) {
                checks.push(o);
            }
        });
        for check in checks {
            ir::builder::replace_with_const_witness(ctx, check, true);
        }
        Ok(())
    }
}

/// A deliberately wrong pass: the last `shape.cstr_*` of a function moves
/// before its first `shape.assuming`, across whatever that region does.
struct HoistLastCheck;

impl pass::Pass for HoistLastCheck {
    fn name(&self) -> &'static str {
        "test-hoist-last-check"
    }
    fn run_counted(
        &self,
        ctx: &mut Context,
        op: OpId,
        _: &mut pass::Statistics,
    ) -> pass::PassResult {
        let (mut first_assuming, mut last_check) = (None, None);
        ctx.walk_nested(op, &mut |o| match ctx.kind(o) {
            OpKind::ShapeAssuming => {
                first_assuming.get_or_insert(o);
            }
            OpKind::ShapeCstrBroadcastable | OpKind::ShapeCstrEq | OpKind::ShapeCstrRequire => {
                last_check = Some(o)
            }
            _ => {}
        });
        if let (Some(assuming), Some(check)) = (first_assuming, last_check) {
            ctx.move_op_before(check, assuming);
        }
        Ok(())
    }
}

/// The guard sees around foreign ops. Before ops of no registered dialect
/// were uninterpreted functions and foreign parameters sampled handles,
/// the interpreter could not evaluate the functions of
/// `tests/soundness_guard/foreign_constrained.mlir` on any input that
/// reaches a foreign op (a parameter of type `!torch.vtensor<[?,?],f32>`
/// "cannot be sampled"; `"stablehlo.reduce"` and `"xla.map"`, ops of no
/// registered dialect with regions, "cannot be evaluated"), which are the
/// inputs where the two wrong passes below make a difference: both went
/// through. Now dropping the checks is caught as a failure gone
/// (`weakened`), and moving the check after `"xla.map"` (of a dialect
/// nothing is known of: an event) before it as a failure before an event
/// the source performed first (`fails_early`).
#[test]
fn a_check_dropped_or_moved_around_foreign_ops_is_caught() {
    const FILE: &str = "tests/soundness_guard/foreign_constrained.mlir";
    let text = std::fs::read_to_string(FILE).expect("the foreign-op functions are readable");
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let mut registry = passes::registry();
    let drop_checks: pass::PassBuilder = |_, _| Ok(Box::new(DropChecks));
    let hoist_last_check: pass::PassBuilder = |_, _| Ok(Box::new(HoistLastCheck));
    for (name, build) in [
        ("test-drop-checks", drop_checks),
        ("test-hoist-last-check", hoist_last_check),
    ] {
        registry.register(pass::PassInfo {
            name,
            summary: "test only: a wrong transformation",
            anchor: OpKind::FuncFunc.name(),
            options: Vec::new,
            build,
        });
    }
    let weakened: fn(&PassTally) -> usize = |t| t.weakened;
    let fails_early: fn(&PassTally) -> usize = |t| t.fails_early;
    for (pass, function, caught) in [
        ("test-drop-checks", "torch_broadcast_add", weakened),
        (
            "test-hoist-last-check",
            "check_after_a_region_op",
            fails_early,
        ),
    ] {
        let mut module = session
            .parse(FILE, &text)
            .unwrap_or_else(|e| panic!("{FILE}: {e}"));
        let mut manager =
            PassManager::parse(&format!("builtin.module(func.func({pass}))"), &registry)
                .expect("pipeline");
        manager.options = RunOptions {
            verify_each: true,
            ..session.policy().run
        };
        let mut check = SemanticsCheck::new(Interpreter, SAMPLES);
        let failure = manager
            .run(&mut module.ctx, module.root, &mut check)
            .expect_err("the wrong pass is caught");
        assert!(
            failure.message.starts_with(&format!(
                "pass '{pass}' changed what @{function} computes: on ("
            )),
            "{}",
            failure.message
        );
        let mut tally = PassTally::default();
        for (_, t) in &check.tallies {
            tally += *t;
        }
        assert!(caught(&tally) > 0, "{pass}: {tally:?}");
        // Every function was evaluated on every sampled input.
        assert!(check.uncovered().next().is_none(), "{pass}");
        for coverage in &check.coverage {
            assert_eq!(
                (coverage.sampled, coverage.evaluated),
                (SAMPLES, SAMPLES),
                "{pass}: {coverage:?}"
            );
        }
    }
}
