//! `lower-to-asserting` keeps what every function computes, error messages
//! included, and gives output `mlir-opt` 22 reads.
//!
//! Messages are compared exactly: the pass runs under a
//! `validate::SemanticsCheck` whose evaluator ([`SameMessage`]) accepts a
//! failure only for a failure with the same text, so that stage 2 and
//! stage 3 fail alike. Checked on:
//!
//! - the 500 random stage-1 functions of `shapegen::stage1`, lowered by
//!   `lower-to-constrained,hoist-constraints,canonicalize-constraints`
//!   (and, in the most nested form, by `lower-to-constrained` alone), then
//!   `lower-to-asserting`; each must also refine its stage-1 form on the
//!   generator's sampled inputs (`Outcome::refined_by`), and be legal in
//!   asserting form;
//! - the functions of `tests/passes/lower-to-asserting.mlir`;
//! - every example (`examples/*.mlir`, `examples/stage2/*.mlir`), lowered to
//!   asserting form; `mlir-opt` must parse and verify the output (skipped,
//!   saying why, when it is absent).

mod common;

use interp::{Arg, Outcome, Trace, Verdict};
use shape_opt::{Module, Session, Stage};
use shapegen::stage1 as gen_stage1;
use std::cell::Cell;
use std::rc::Rc;
use validate::check::{Evaluator, Interpreter, Run, SemanticsCheck};

/// Inputs each function runs on under the check.
const INPUTS: usize = 32;
/// The random functions lowered.
const FUNCTIONS: usize = 500;
/// The stage-2 pipelines the random functions go through first.
const CONSTRAINED_PIPELINES: [&str; 2] = [
    "builtin.module(lower-to-constrained,hoist-constraints,canonicalize-constraints)",
    "builtin.module(lower-to-constrained)",
];

/// The interpreter, with failures kept only as failures of the same
/// message; counts the failures it compared.
struct SameMessage {
    failures: Rc<Cell<usize>>,
}

impl Evaluator for SameMessage {
    type Outcome = Trace;
    fn run(&self, run: &Run) -> Result<Trace, String> {
        Interpreter.run(run)
    }
    fn compare(&self, before: &Trace, after: &Trace) -> Verdict {
        let verdict = Interpreter.compare(before, after);
        match (&before.outcome, &after.outcome) {
            (Outcome::Error(b), Outcome::Error(a)) if verdict == Verdict::Kept => {
                self.failures.set(self.failures.get() + 1);
                match a == b {
                    true => Verdict::Kept,
                    false => Verdict::Changed,
                }
            }
            _ => verdict,
        }
    }
    fn fails(&self, outcome: &Trace) -> bool {
        Interpreter.fails(outcome)
    }
}

/// What checking one module found.
#[derive(Default)]
struct Checked {
    /// Function runs compared before and after the pass.
    runs: usize,
    /// Of which failures (compared by message).
    failures: usize,
}

/// Run `lower-to-asserting` on `module` under the exact check; then it must
/// be legal in asserting form.
fn lower_checking_messages(session: &Session, module: &mut Module) -> Result<Checked, String> {
    let failures = Rc::new(Cell::new(0));
    let evaluator = SameMessage {
        failures: Rc::clone(&failures),
    };
    let mut check = SemanticsCheck::new(evaluator, INPUTS);
    let mut manager =
        pass::PassManager::parse("builtin.module(lower-to-asserting)", session.registry())
            .map_err(|e| e.message)?;
    manager.options = session.policy().run;
    manager
        .run(&mut module.ctx, module.root, &mut check)
        .map_err(|d| d.message)?;
    pass::stage::check_legality(&module.ctx, module.root, Stage::Asserting)
        .map_err(|d| format!("not legal in asserting form: {}", d.message))?;
    Ok(Checked {
        runs: check.compared,
        failures: failures.get(),
    })
}

/// Inputs sampled (from `seed`) from the parameter types of `@name`.
fn sample_inputs(module: &Module, name: &str, seed: u64) -> Vec<Vec<Arg>> {
    let ctx = &module.ctx;
    let func = interp::find_function(ctx, module.root, name).expect("the function exists");
    validate::sample::function_inputs(ctx, func, 8, seed).expect("parameters can be sampled")
}

/// Lower one random function through `pipeline` and `lower-to-asserting`:
/// `None` when stage 2 rejected it at compile time (which
/// `tests/lower_to_constrained_random.rs` checks is right).
fn lower_random(
    session: &mut Session,
    function: &gen_stage1::Function,
    pipeline: &str,
) -> Result<Option<Checked>, String> {
    let name = function.name.as_str();
    let parse = |session: &mut Session| {
        session
            .parse(&format!("{name}.mlir"), &function.text)
            .map_err(|e| e.to_string())
    };
    let stage1 = parse(session)?;
    let mut lowered = parse(session)?;
    if session.run_pipeline(&mut lowered, pipeline, None).is_err() {
        return Ok(None);
    }
    let checked = lower_checking_messages(session, &mut lowered)?;
    for args in sample_inputs(&stage1, name, function.seed) {
        let run = |m: &Module| interp::run_function(&m.ctx, m.root, name, &args);
        let before = run(&stage1).map_err(|e| e.to_string())?;
        let after = run(&lowered).map_err(|e| format!("on {args:?}: {e}"))?;
        if !before.refined_by(&after) {
            return Err(format!(
                "on {args:?}: stage 1 gives `{before}`, stage 3 `{after}`"
            ));
        }
    }
    Ok(Some(checked))
}

#[test]
fn random_functions_fail_with_the_same_messages_in_asserting_form() {
    let mut session = Session::new();
    let functions = gen_stage1::functions(1, FUNCTIONS);
    for pipeline in CONSTRAINED_PIPELINES {
        let (mut lowered, mut total) = (0, Checked::default());
        for function in &functions {
            match lower_random(&mut session, function, pipeline) {
                Ok(None) => {}
                Ok(Some(checked)) => {
                    lowered += 1;
                    total.runs += checked.runs;
                    total.failures += checked.failures;
                }
                Err(e) => panic!(
                    "@{} through {pipeline} and lower-to-asserting: {e}\n{}",
                    function.name, function.text
                ),
            }
        }
        println!(
            "{pipeline}: {lowered} of {FUNCTIONS} functions lowered to asserting form; \
             {} runs compared, {} of them failures with the same message",
            total.runs, total.failures
        );
        assert!(lowered * 2 >= FUNCTIONS, "only {lowered} lowered");
        assert!(
            total.failures * 10 >= total.runs,
            "too few failures compared"
        );
    }
}

#[test]
fn pass_test_functions_fail_with_the_same_messages() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/passes/lower-to-asserting.mlir"
    );
    let text = std::fs::read(path).expect("the pass test exists");
    let mut session = Session::new();
    // Its RUN line allows host ops.
    session.policy_mut().run.allow_unregistered = true;
    let mut total = Checked::default();
    for chunk in cli::split_chunks(&text) {
        let chunk = String::from_utf8(chunk).expect("UTF-8");
        let mut module = session
            .parse("lower-to-asserting.mlir", &chunk)
            .unwrap_or_else(|e| panic!("{e}"));
        let checked = lower_checking_messages(&session, &mut module)
            .unwrap_or_else(|e| panic!("{e}\n{chunk}"));
        total.runs += checked.runs;
        total.failures += checked.failures;
    }
    println!(
        "{} runs compared, {} of them failures",
        total.runs, total.failures
    );
    assert!(total.failures >= 100, "{} failures", total.failures);
}

/// The `.mlir` files of `dir`, sorted.
fn mlir_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_example_lowers_to_asserting_form_that_mlir_opt_reads() {
    let root = env!("CARGO_MANIFEST_DIR");
    let files: Vec<_> = ["examples", "examples/stage2"]
        .iter()
        .flat_map(|d| mlir_files(&format!("{root}/{d}")))
        .collect();
    assert!(files.len() >= 14, "{files:?}");
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let mut outputs = Vec::new();
    for file in &files {
        let name = file.display().to_string();
        let text = std::fs::read_to_string(file).expect("readable");
        let mut module = session
            .parse(&name, &text)
            .unwrap_or_else(|e| panic!("{e}"));
        // Upstream's stage-2 examples spell some sizes `!shape.size`, which
        // `canonicalize` folds away; then the stages up to constrained run
        // as `--lower-to`'s (with the constrained stage's clean-up).
        session
            .run_pipeline(&mut module, "builtin.module(canonicalize)", None)
            .unwrap_or_else(|e| panic!("{e}"));
        session
            .lower_to(&mut module, Stage::Constrained, &mut |_, _, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        lower_checking_messages(&session, &mut module).unwrap_or_else(|e| panic!("{name}: {e}"));
        let printed = module.print();
        for leftover in ["shape.cstr", "assuming", "witness"] {
            assert!(!printed.contains(leftover), "{name}: {leftover}\n{printed}");
        }
        outputs.push((name, printed));
    }
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    for (name, printed) in outputs {
        common::run(
            &mlir_opt,
            &["--allow-unregistered-dialect"],
            printed.as_bytes(),
        )
        .unwrap_or_else(|e| {
            panic!("mlir-opt rejects the asserting form of {name}:\n{e}\n{printed}")
        });
    }
}
