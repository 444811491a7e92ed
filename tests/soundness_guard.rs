//! Soundness guard: no pass may weaken a shape function.
//!
//! Every example (`examples/*.mlir` and `examples/stage2/*.mlir`; a
//! program of tensor ops, legal std already, from stage 1) is lowered to std through the default stage
//! plans, and every registered pass is also run alone on each form the
//! example takes on the way. Around every pass run, each function is
//! interpreted on the same sampled inputs before and after
//! ([`validate::check::SemanticsCheck`]), and the inputs on which it fails
//! are compared.
//!
//! The guard: an input that failed before a pass fails after it
//! (`weakened` = 0), and an input that gave a value gives the same value
//! (`changed` = 0). A pass may make more inputs fail (`strengthened`); the
//! tally shows how many. `remove-shape-constraints` drops constraints on
//! request, as upstream's pass of that name does; it is exempt, and the
//! test requires that the guard catches it weakening some function, so a
//! guard that sees nothing fails too.

mod common;

use ir::{Context, OpId};
use pass::stage::Stage;
use pass::stage_pipeline::{StagePipeline, DEFAULT_PLANS};
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

/// The examples, by path.
fn examples() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["examples", "examples/stage2"] {
        for path in common::mlir_files(dir) {
            if path.parent() != Some(std::path::Path::new(dir)) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("example is readable");
            out.push((path.display().to_string(), text));
        }
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
    // A program of tensor ops gets its checks from the shape library.
    let from = (pass::stage::current_stage(&module.ctx, module.root) == Some(Stage::Std))
        .then_some(Stage::ErrorMonadic);
    let mut forms = vec![text.to_string()];
    let mut stages = match StagePipeline::for_module(
        &module.ctx,
        module.root,
        (from, Stage::Std),
        &DEFAULT_PLANS,
        session.registry(),
        session.options,
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
            ..session.options
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
    session.options.allow_unregistered = true;
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
        "{:<28} {:>9} {:>9} {:>9} {:>12} {:>8}",
        "pass", "compared", "failing", "weakened", "strengthened", "changed"
    );
    for (pass, t) in &totals.per_pass {
        println!(
            "{pass:<28} {:>9} {:>9} {:>9} {:>12} {:>8}",
            t.compared(),
            t.failing_before,
            t.weakened,
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
    }
    let passes = session.registry().passes().len();
    let checked = totals.per_pass.len();
    assert!(
        checked + 2 >= passes,
        "only {checked} of {passes} passes ran on an example"
    );
}
