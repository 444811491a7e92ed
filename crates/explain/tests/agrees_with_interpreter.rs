//! The explanation of every example, evaluated on the inputs
//! `--verify-semantics` samples, agrees with the interpreter: an input
//! satisfies the requirements exactly when the source function succeeds,
//! with the same results; and the first requirement it breaks carries the
//! message the constrained function fails with.

use driver::{Engine, Plan, Stage};
use explain::expr::{Concrete, Input};
use explain::{Explanation, Verdict};
use interp::{Arg, Canonical, Outcome};
use std::path::{Path, PathBuf};

/// Inputs drawn per function.
const SAMPLES: usize = 400;

fn examples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("examples/ is readable")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The source module, and the constrained one with its explanations.
struct Explained {
    source: driver::Module,
    lowered: driver::Module,
    explanations: Vec<Explanation>,
}

fn explain_text(name: &str, text: &str) -> Option<Explained> {
    let mut engine = Engine::new();
    let source = engine.parse(name, text.to_string()).ok()?;
    let mut lowered = engine.parse(name, text.to_string()).ok()?;
    if pass::stage::current_stage(&lowered.ctx, lowered.root) == Some(Stage::ErrorMonadic) {
        let plan = Plan::LowerTo {
            from: None,
            to: Stage::Constrained,
            failure: passes::FailureMode::Abort,
        };
        let mut run = engine.plan(&lowered, plan).ok()?;
        engine
            .run(
                &mut lowered,
                &mut run,
                &mut pass::NoInstrumentation,
                &mut |_, _, _| {},
                false,
            )
            .ok()?;
    }
    let explanations = explain::explain_module(&lowered.ctx, lowered.root, Some(&engine.sources));
    Some(Explained {
        source,
        lowered,
        explanations,
    })
}

fn input(arg: &Arg) -> Input {
    match arg {
        Arg::Shape(s) => Input::Shape(s.clone()),
        Arg::Scalar(v) => Input::Scalar(*v),
        Arg::Dense { shape, .. } => Input::Shape(shape.clone()),
    }
}

fn same_results(values: &[interp::Value], concrete: &[Concrete]) -> bool {
    values.len() == concrete.len()
        && values
            .iter()
            .zip(concrete)
            .all(|(v, c)| match (v.canonical(), c) {
                (Canonical::Shape(a), Concrete::Shape(b)) => a == *b,
                (Canonical::Scalar(a), Concrete::Int(b)) => a == i128::from(*b),
                _ => false,
            })
}

/// What a comparison saw.
#[derive(Default)]
struct Tally {
    complete: Vec<String>,
    partial: usize,
    /// What made explanations partial: op names, and how often.
    left_out: std::collections::BTreeMap<String, usize>,
    compared: usize,
    failing: usize,
    messages: usize,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} complete explanations, {} partial (leaving out {:?}), {} inputs compared, {} failing, {} messages checked",
            self.complete.len(),
            self.partial,
            self.left_out,
            self.compared,
            self.failing,
            self.messages
        )
    }
}

/// Compare the explanations of module `text` with the interpreter on
/// `samples` inputs per function; panics at the first disagreement.
fn compare(name: &str, text: &str, samples: usize, tally: &mut Tally) {
    let Some(explained) = explain_text(name, text) else {
        return;
    };
    for e in &explained.explanations {
        if !e.is_complete() {
            tally.partial += 1;
            for u in &e.unexplained {
                *tally.left_out.entry(u.op.clone()).or_default() += 1;
            }
            continue;
        }
        tally.complete.push(e.name.clone());
        let ctx = &explained.source.ctx;
        // Lowering may add functions (the shape functions of tensor ops).
        let Some(f) = interp::find_function(ctx, explained.source.root, &e.name) else {
            continue;
        };
        let Some(inputs) = validate::sample::function_inputs(ctx, f, samples, 7) else {
            continue;
        };
        for args in inputs {
            let values: Vec<Input> = args.iter().map(input).collect();
            let verdict = e.evaluate(&values);
            let outcome = interp::run_function(ctx, explained.source.root, &e.name, &args);
            let Ok(outcome) = outcome else { continue };
            let at = format!(
                "{name} @{} on {args:?}: {verdict:?} vs {outcome:?}\n{}",
                e.name,
                explain::render(e, 80)
            );
            match (&outcome, &verdict) {
                (Outcome::Undefined(_), _) | (_, Verdict::Undefined) => continue,
                (Outcome::Ok(values), Verdict::Holds(results)) => {
                    assert!(same_results(values, results), "{at}");
                }
                (Outcome::Error(_), Verdict::Fails(n)) => {
                    tally.failing += 1;
                    let lowered = interp::run_function(
                        &explained.lowered.ctx,
                        explained.lowered.root,
                        &e.name,
                        &args,
                    );
                    if let (Ok(Outcome::Error(m)), Some(expected)) =
                        (lowered, &e.requires[*n].message)
                    {
                        assert_eq!(&m, expected, "{at}: requirement {n}");
                        tally.messages += 1;
                    }
                }
                _ => panic!("{at}"),
            }
            tally.compared += 1;
        }
    }
}

#[test]
fn explanations_of_the_examples_agree_with_the_interpreter() {
    let mut tally = Tally::default();
    for path in examples() {
        let text = std::fs::read_to_string(&path).expect("an example is readable");
        compare(&path.display().to_string(), &text, SAMPLES, &mut tally);
    }
    for name in [
        "matmul",
        "batch_matmul",
        "broadcast_elementwise",
        "concat",
        "conv2d_nhwc",
    ] {
        assert!(
            tally.complete.iter().any(|c| c == name),
            "@{name} is not fully explained"
        );
    }
    eprintln!("examples: {tally}");
    assert!(
        tally.compared > 5_000 && tally.failing > 1_000,
        "too few comparisons"
    );
}

#[test]
fn explanations_of_random_shape_functions_agree_with_the_interpreter() {
    let mut tally = Tally::default();
    let functions = shapegen::stage1::functions(0, 400);
    for f in &functions {
        compare(&format!("{}.mlir", f.name), &f.text, 48, &mut tally);
    }
    eprintln!("random: {tally}");
    assert!(
        tally.complete.len() * 2 > functions.len(),
        "fewer than half explained fully"
    );
    assert!(tally.compared > 5_000, "too few comparisons");
}
