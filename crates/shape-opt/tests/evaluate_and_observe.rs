//! Evaluation, printing options, per-pass observation and semantic
//! checking through the embedding API.

use shape_opt::interp::{Arg, Outcome};
use shape_opt::ir::printer::PrintOptions;
use shape_opt::{Session, Stage};

const MATMUL: &str = include_str!("../../../examples/matmul.mlir");

#[test]
fn evaluates_a_library_function_before_and_after_lowering() {
    let mut session = Session::new();
    let mut module = session.parse("matmul.mlir", MATMUL).unwrap();
    let args = ["[2,3]", "[3,4]"].map(|a| a.parse::<Arg>().unwrap());
    let before = session.evaluate(&module, "matmul", &args).unwrap();
    assert_eq!(before.outcome.to_string(), "ok [2, 4]");
    let bad = ["[2,3]", "[5,4]"].map(|a| a.parse::<Arg>().unwrap());
    let failing = session.evaluate(&module, "matmul", &bad).unwrap();
    assert_eq!(
        failing.outcome,
        Outcome::Error("inner dimensions required to match".into())
    );
    session
        .lower_to_observed(&mut module, Stage::Std, None, None)
        .unwrap();
    let after = session.evaluate(&module, "matmul", &args).unwrap();
    assert_eq!(after.outcome.to_string(), "ok [2, 4]");
    let missing = session.evaluate(&module, "matmull", &args).unwrap_err();
    assert!(missing.to_string().contains("matmull"), "{missing}");
}

#[test]
fn lowering_reports_every_pass_and_stage_and_checks_semantics() {
    let mut session = Session::new();
    session.policy_mut().verify_semantics = Some(4);
    let mut module = session.parse("matmul.mlir", MATMUL).unwrap();
    let mut passes = Vec::new();
    let mut stages = Vec::new();
    let mut last = String::new();
    session
        .lower_to_observed(
            &mut module,
            Stage::Std,
            Some(&mut |stage, ctx, op| {
                stages.push(stage);
                last = shape_opt::ir::printer::print_op(ctx, op, PrintOptions::default());
            }),
            Some(&mut |pass, _, _| passes.push(pass.to_string())),
        )
        .unwrap();
    assert_eq!(stages, Stage::ALL.to_vec());
    // Each form is seen once its stage's passes have run: the last is the result.
    assert_eq!(last, module.print());
    assert!(
        passes.iter().any(|p| p == "convert-shape-to-std"),
        "{passes:?}"
    );
    let generic = module.print_with(PrintOptions {
        generic: true,
        debug_info: true,
        ..Default::default()
    });
    assert!(
        generic.contains("\"func.func\"") && generic.contains("loc("),
        "{generic}"
    );
    // The generic form with locations parses back to the same module.
    let again = session.parse("again.mlir", &generic).unwrap();
    assert_eq!(again.print(), module.print());
}

/// A function that never returns.
const ENDLESS: &str = include_str!("../../../tests/interp/endless-loop.mlir");

#[test]
fn an_interrupt_from_another_thread_stops_an_evaluation_and_a_run() {
    let mut session = Session::new();
    let mut module = session.parse("endless.mlir", ENDLESS).unwrap();
    let interrupt = session.interrupt();
    let raiser = interrupt.clone();
    let raised = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        raiser.raise();
    });
    let started = std::time::Instant::now();
    // The default step limit would take seconds; the interrupt ends it.
    let stopped = session
        .evaluate(&module, "f", &["3".parse::<Arg>().unwrap()])
        .unwrap_err();
    raised.join().unwrap();
    assert!(stopped.to_string().contains("interrupted"), "{stopped}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // Still raised: a run stops at its first pass.
    session.policy_mut().verify_semantics = Some(4);
    let run = session
        .run_pipeline(&mut module, "builtin.module(canonicalize)", None)
        .unwrap_err();
    assert!(run.to_string().contains("interrupted"), "{run}");
    interrupt.clear();
    session
        .run_pipeline(&mut module, "builtin.module(canonicalize)", None)
        .unwrap();
}

#[test]
fn sampling_stops_when_its_budget_is_spent_and_the_run_goes_on() {
    let mut session = Session::new();
    session.policy_mut().verify_semantics = Some(shape_opt::MAX_SAMPLES);
    session.policy_mut().verify_semantics_budget = shape_opt::SamplingBudget {
        time: None,
        steps: Some(10_000),
    };
    let mut module = session.parse("matmul.mlir", MATMUL).unwrap();
    let started = std::time::Instant::now();
    session
        .lower_to_observed(&mut module, Stage::Std, None, None)
        .unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(module.print().contains("cf.assert"));
}
