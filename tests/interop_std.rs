//! Interop of the whole pipeline: every example of `examples/` is
//! lowered by shape-opt itself (`--lower-to=std`, through
//! `cli::process_buffer`), wrapped with a `@main` that builds tensors of
//! given shapes and prints the results, compiled by `mlir-opt` 22 and run
//! by `mlir-runner` (`common::runner`, one process per input), on at least
//! 20 inputs each. Every run must give what the reference interpreter
//! computes on the example as written (stage 1; stage 2 for the
//! constrained-form examples): the same results, or an abort with the same
//! message.
//!
//! Each example has a row in [`EXAMPLES`]: its file, its function, its
//! inputs (drawn by a hand-written generator that reaches every failure the
//! function has and passing inputs too, or sampled from the signature by
//! `validate::sample` for the stage-2 examples), the failure messages the
//! inputs must reach, and, for a program whose ops the interpreter cannot
//! run, the chain of library shape functions that stands for it.
//!
//! The forms of each input compared:
//! - **stage 1**, the interpreter on the example: the reference;
//! - **constrained**, the interpreter on `--lower-to=constrained`: must keep
//!   stage 1's meaning ([`verdict`]); and the interpreter on
//!   `--lower-to=asserting` must give exactly what the constrained form
//!   gives. This needs no MLIR tool, and is what checks the generators
//!   (with the coverage of [`Example::failures`]);
//! - **std**, `mlir-runner` on `--lower-to=std`: must keep stage 1's
//!   meaning, and equal the constrained form exactly: both word their
//!   failures from the same constraints.
//!
//! A lowered form keeps stage 1's meaning when it returns the same values,
//! or fails with the same message (every stage words a failure alike:
//! `error=` texts travel with the checks, and what an op without one fails
//! with is `ir::dialect::shape::failure`'s text at every stage). One
//! exception, allowed by the architecture's invariants: an input that fails
//! several requirements may fail with another of them when a lowering
//! checks it earlier (stage 1 fails at the first failing `shape.meet`, but
//! at a failed `shape.broadcast` only when its error reaches the result,
//! while the lowering checks the broadcast where it stands). The other
//! message must be one stage 1 fails some input with; such inputs are
//! counted and shown, not failed. Where the interpreter says the input is
//! undefined in MLIR, nothing is compared.
//!
//! The std part needs `lower-to-asserting` and `convert-shape-to-std`
//! an example in [`MUST_RUN_TO_STD`] whose lowering fails fails
//! the test, with the diagnostics; the others say why they were not run.
//! `constrained_form_runs_under_upstream_lowering` runs the constrained form
//! through upstream's shape lowering where upstream can lower it, which
//! checks the harness and the generators against real MLIR independently of
//! those passes. The MLIR tests are skipped (saying why) when the tools are
//! absent, and fail instead under `SHAPE_OPT_REQUIRE_MLIR=1`.

mod common;

use std::collections::BTreeSet;
use std::time::Instant;

use cli::{process_buffer, DriverOptions};
use common::observed::{verdict, Observed, Verdict};
use common::runner::{Tools, LEFT_SHAPE_OPS};
use interp::{Arg, Canonical, Outcome};
use ir::dialect::shape::failure;
use pass::stage::Stage;
use passes::FailureMode;
use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};
use shape_opt::{Module, Session};
use validate::sample::EXTENTS;

/// The examples that must lower to std form and run; the others are tried
/// and, when their lowering fails, skipped with the reason. Every example
/// is listed: until `lower-to-asserting` and `convert-shape-to-std` are
/// registered, the std test fails, saying so.
const MUST_RUN_TO_STD: &[&str] = &[
    "matmul.mlir",
    "batch_matmul.mlir",
    "broadcast_elementwise.mlir",
    "concat.mlir",
    "conv2d_nhwc.mlir",
    "reshape.mlir",
    "reduce_axis.mlir",
    "tensor_program.mlir",
    "broadcast_chain.mlir",
    "stage2/batch_matmul.mlir",
    "stage2/broadcast_binary.mlir",
    "stage2/broadcast_ternary.mlir",
    "stage2/pad_rank.mlir",
    "stage2/predicates.mlir",
    "stage2/reduce.mlir",
    "stage2/reshape.mlir",
    "stage2/same_shape.mlir",
    "stage2/split_at.mlir",
];

/// Examples of `examples/` that have no row, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "tensor_ops.mlir",
        "mlir-opt 22 crashes in the runnable pipeline on its std form, and every \
         failure of its shape functions is undefined behaviour of a tensor op \
         on the example as written, which the harness does not compare; \
         tests/passes/reify-shape-library-tensor.mlir checks its instances",
    ),
    (
        "matmul_program.mlir",
        "its `foo.matmul` ops have no lowering, so no runner can execute it; \
     tests/reify.rs checks its shape-function instances",
    ),
    (
        "status/matmul_status.mlir",
        "a host program with its own @main, lowered with statuses: \
         the_status_example_runs_under_mlir_runner runs it",
    ),
];

/// Inputs per example (the matmul has more: [`MATMUL_INPUTS`]).
const INPUTS: usize = 24;
/// Inputs of the matmul (at least 50 pairs).
const MATMUL_INPUTS: usize = 60;
/// Passing inputs each example must have.
const MIN_PASSING: usize = 4;

/// Extents other than 1: two different ones never broadcast.
const STIFF_EXTENTS: [i64; 4] = [0, 2, 3, 7];

/// How an example's inputs are made.
#[derive(Clone, Copy)]
enum Inputs {
    /// `count` inputs, the `n`-th drawn by `draw(rng, n)`.
    Drawn {
        count: usize,
        draw: fn(&mut TestRng, usize) -> Vec<Arg>,
    },
    /// [`INPUTS`] inputs sampled from the function's parameter types.
    Sampled,
}

/// The reference a program's runs are compared with when the interpreter
/// cannot run the program itself: a function of the module (stage 1 or
/// constrained) and the inputs.
type Chain = fn(&Module, &[Arg]) -> Result<Outcome, String>;

/// One example: `examples/{file}` defines `@{func}`.
#[derive(Clone, Copy)]
struct Example {
    file: &'static str,
    func: &'static str,
    inputs: Inputs,
    /// The stage-1 failure messages the inputs must reach (each by at
    /// least one input).
    failures: &'static [&'static str],
    /// What `func` computes, where the interpreter cannot run it.
    chain: Option<Chain>,
}

const fn drawn(
    file: &'static str,
    func: &'static str,
    count: usize,
    draw: fn(&mut TestRng, usize) -> Vec<Arg>,
    failures: &'static [&'static str],
) -> Example {
    Example {
        file,
        func,
        inputs: Inputs::Drawn { count, draw },
        failures,
        chain: None,
    }
}

/// A constrained-form example of `examples/stage2/`, on sampled inputs.
const fn sampled(file: &'static str, func: &'static str) -> Example {
    Example {
        file,
        func,
        inputs: Inputs::Sampled,
        failures: &[],
        chain: None,
    }
}

const EXAMPLES: &[Example] = &[
    drawn(
        "matmul.mlir",
        "matmul",
        MATMUL_INPUTS,
        matmul,
        &[
            "requires rank 2 operands",
            "inner dimensions required to match",
            // The meet of the two ranks has no `error=`.
            failure::MEET,
        ],
    ),
    drawn(
        "batch_matmul.mlir",
        "batch_matmul",
        INPUTS,
        batch_matmul,
        &[
            "batch matmul requires an lhs of rank >= 2",
            "batch matmul requires an rhs of rank >= 2",
            "batch dimensions must broadcast",
            "contracting dimensions required to match",
        ],
    ),
    drawn(
        "broadcast_elementwise.mlir",
        "broadcast_elementwise",
        INPUTS,
        broadcast_elementwise,
        &[
            "a + b: shapes must broadcast",
            "(a + b) * c: shapes must broadcast",
            "(a + b) * c - d: shapes must broadcast",
        ],
    ),
    drawn(
        "concat.mlir",
        "concat",
        INPUTS,
        concat,
        &[
            "concat requires operands of equal rank",
            "concat requires operands of rank >= 1",
            "concat requires equal trailing dimensions",
        ],
    ),
    drawn(
        "conv2d_nhwc.mlir",
        "conv2d_nhwc",
        INPUTS,
        conv2d_nhwc,
        &[
            "stride must be positive",
            "input channels must match the filter's",
            "output height must be positive",
            "output width must be positive",
        ],
    ),
    drawn(
        "reshape.mlir",
        "reshape",
        INPUTS,
        reshape,
        &["reshape must keep the number of elements"],
    ),
    drawn(
        "reduce_axis.mlir",
        "reduce_axis",
        INPUTS,
        reduce_axis,
        &["reduction axis out of range"],
    ),
    Example {
        chain: Some(tensor_program_chain),
        ..drawn(
            "tensor_program.mlir",
            "program",
            INPUTS,
            tensor_program,
            // "slice exceeds dimension 1" cannot fail in @program: the
            // slice takes all the columns of its source.
            &[
                "padding must be non-negative",
                "slice offsets and sizes must be non-negative",
                "slice exceeds dimension 0",
                "concatenated tensors must have equal trailing dimensions",
            ],
        )
    },
    drawn(
        "broadcast_chain.mlir",
        "broadcast_chain",
        INPUTS,
        broadcast_chain,
        &["operands must be broadcastable"],
    ),
    sampled("stage2/batch_matmul.mlir", "batch_matmul"),
    sampled("stage2/broadcast_binary.mlir", "broadcast_binary"),
    sampled("stage2/broadcast_ternary.mlir", "broadcast_ternary"),
    sampled("stage2/last_dim.mlir", "last_dim"),
    // Sampled inputs rarely give two rank-2 shapes whose inner extents match.
    drawn(
        "stage2/matmul.mlir",
        "matmul",
        MATMUL_INPUTS,
        matmul,
        &["requires rank 2 operands", "shapes must be equal"],
    ),
    sampled("stage2/pad_rank.mlir", "pad_rank"),
    sampled("stage2/predicates.mlir", "predicates"),
    sampled("stage2/reduce.mlir", "reduce"),
    sampled("stage2/reshape.mlir", "reshape"),
    sampled("stage2/same_shape.mlir", "same_shape"),
    sampled("stage2/split_at.mlir", "split_at"),
    sampled("general/stated_constraints.mlir", "broadcast_stated"),
    sampled("general/stated_constraints.mlir", "matmul_stated"),
    sampled("general/execute_region.mlir", "broadcast_region"),
];

fn path(file: &str) -> String {
    format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn example(file: &str) -> Example {
    *EXAMPLES
        .iter()
        .find(|e| e.file == file)
        .unwrap_or_else(|| panic!("no row for {file}"))
}

/// An example read, parsed, and evaluated by the interpreter on its inputs.
struct Prepared {
    example: Example,
    source: String,
    /// Whether every function assumes strict symbolic shapes
    /// (`--assume-strict-symbolic-shapes`), in stage 1 and when lowered.
    strict: bool,
    inputs: Vec<Vec<Arg>>,
    /// What stage 1 gives on each input.
    reference: Vec<Observed>,
}

impl Prepared {
    fn new(example: Example) -> Prepared {
        Prepared::with_strictness(example, false)
    }

    /// [`Prepared::new`], assuming strict symbolic shapes if `strict`.
    fn with_strictness(example: Example, strict: bool) -> Prepared {
        let source = std::fs::read_to_string(path(example.file))
            .unwrap_or_else(|e| panic!("{}: {e}", example.file));
        let mut stage1 = parse(example.file, &source);
        if strict {
            stage1.assume_strict_symbolic_shapes();
        }
        let inputs = match example.inputs {
            Inputs::Drawn { count, draw } => {
                let mut rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
                (0..count).map(|n| draw(&mut rng, n)).collect()
            }
            Inputs::Sampled => sample(&stage1, example.func),
        };
        let reference = inputs
            .iter()
            .map(|args| {
                evaluate(&example, &stage1, args).unwrap_or_else(|e| {
                    panic!(
                        "{}: stage 1 cannot be evaluated on {args:?}: {e}",
                        example.file
                    )
                })
            })
            .collect();
        Prepared {
            example,
            source,
            strict,
            inputs,
            reference,
        }
    }

    /// Whether stage 1 fails some input with `message`.
    fn stage1_fails_with(&self, message: &str) -> bool {
        self.reference
            .iter()
            .any(|o| matches!(o, Observed::Failed(m) if m == message))
    }

    /// The example lowered by shape-opt to `stage`, printed.
    fn lower(&self, stage: Stage) -> Result<String, String> {
        self.lower_failing(stage, FailureMode::Abort)
    }

    /// [`Prepared::lower`] with checks that fail as `failure` says.
    fn lower_failing(&self, stage: Stage, failure: FailureMode) -> Result<String, String> {
        let options = DriverOptions {
            lower_to: Some(stage),
            shape_failure: failure,
            strict_symbolic_shapes: self.strict,
            verify_semantics: Some(32),
            ..Default::default()
        };
        let out = process_buffer(self.example.file, self.source.as_bytes(), &options);
        if out.success {
            Ok(out.output())
        } else {
            let missing = out.diagnostics.contains("which is not registered");
            Err(format!(
                "shape-opt --lower-to={stage} {} failed{}:\n{}",
                self.example.file,
                if missing {
                    " (a lowering pass is not registered: lower-to-asserting and \
                     convert-shape-to-std lower them)"
                } else {
                    ""
                },
                out.diagnostics
            ))
        }
    }

    /// The interpreter on the example lowered to `stage`.
    fn interpreted(&self, stage: Stage) -> Result<Vec<Observed>, String> {
        self.interpret(&self.lower(stage)?)
    }

    /// The interpreter on `text`, a lowering of the example.
    fn interpret(&self, text: &str) -> Result<Vec<Observed>, String> {
        let module = parse(self.example.file, text);
        self.inputs
            .iter()
            .map(|args| evaluate(&self.example, &module, args))
            .collect()
    }

    /// Compare what a lowered `form` did on each input (`None`: not run)
    /// with stage 1, into `tally`.
    fn compare(&self, form: &str, lowered: &[Option<Observed>], tally: &mut Tally) {
        for ((args, reference), lowered) in self.inputs.iter().zip(&self.reference).zip(lowered) {
            let Some(lowered) = lowered else { continue };
            let line = || {
                format!(
                    "{} @{}{args:?}: stage 1 gives {reference:?}, {form} {lowered:?}",
                    self.example.file, self.example.func
                )
            };
            match verdict(reference, lowered, |m| self.stage1_fails_with(m)) {
                Verdict::Same => tally.compared += 1,
                Verdict::Undefined => tally.undefined += 1,
                Verdict::CheckedEarlier => {
                    tally.compared += 1;
                    tally.checked_earlier.push(line());
                }
                Verdict::Differs => tally.failures.push(line()),
            }
        }
    }
}

impl Prepared {
    /// Compare what `form` did on each input (`None`: not run) with what
    /// `earlier` (a form it was lowered from) did: it must be the same,
    /// failure messages included, wherever `earlier` is defined.
    fn compare_exactly(
        &self,
        form: &str,
        got: &[Option<Observed>],
        earlier_form: &str,
        earlier: &[Observed],
        tally: &mut Tally,
    ) {
        for ((args, earlier), got) in self.inputs.iter().zip(earlier).zip(got) {
            match (earlier, got) {
                (Observed::Undefined(_), _) | (_, None) => {}
                (earlier, Some(got)) if earlier == got => {}
                (earlier, Some(got)) => tally.failures.push(format!(
                    "{} @{}{args:?}: {earlier_form} gives {earlier:?}, {form} {got:?}",
                    self.example.file, self.example.func
                )),
            }
        }
    }
}

/// Comparisons of lowered forms with stage 1.
#[derive(Default)]
struct Tally {
    compared: usize,
    undefined: usize,
    /// Inputs that fail with another of their stage-1 requirements.
    checked_earlier: Vec<String>,
    failures: Vec<String>,
}

impl Tally {
    /// Print the counts (and the inputs whose requirements were checked in
    /// another order), then fail on any failure.
    fn finish(self, form: &str) {
        eprintln!(
            "{form} = stage 1 on {} inputs ({} undefined in MLIR, not compared); \
             {} fail with another of their requirements, checked earlier{}",
            self.compared,
            self.undefined,
            self.checked_earlier.len(),
            if self.checked_earlier.is_empty() {
                ""
            } else {
                ":"
            }
        );
        for line in &self.checked_earlier {
            eprintln!("  {line}");
        }
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
    }
}

fn parse(name: &str, text: &str) -> Module {
    Session::new()
        .parse(name, text)
        .unwrap_or_else(|e| panic!("{name} does not parse:\n{e}"))
}

/// The reference value of the example's function on `args` in `module`.
fn evaluate(example: &Example, module: &Module, args: &[Arg]) -> Result<Observed, String> {
    let outcome = match example.chain {
        Some(chain) => chain(module, args)?,
        None => run(module, example.func, args)?,
    };
    Ok(Observed::of_outcome(&outcome))
}

fn run(module: &Module, func: &str, args: &[Arg]) -> Result<Outcome, String> {
    interp::run_function(&module.ctx, module.root, func, args)
        .map_err(|e| format!("@{func}{args:?}: {e}"))
}

/// [`INPUTS`] inputs sampled from the parameter types of `@func`.
fn sample(module: &Module, func: &str) -> Vec<Vec<Arg>> {
    let ctx = &module.ctx;
    let op = interp::find_function(ctx, module.root, func).expect("the function exists");
    validate::sample::function_inputs(ctx, op, INPUTS, 0x5eed).expect("parameters can be sampled")
}

#[test]
fn every_example_has_a_row() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    let prefix = format!("{dir}/");
    for file in common::mlir_files(dir) {
        let name = file.to_string_lossy();
        let name = name.strip_prefix(&prefix).unwrap_or(&name);
        let has_row = EXAMPLES.iter().any(|e| e.file == name);
        let excused = NOT_RUN.iter().any(|(f, _)| *f == name);
        assert!(
            has_row != excused,
            "examples/{name}: needs exactly one of a row in EXAMPLES or an entry in NOT_RUN"
        );
    }
    for file in MUST_RUN_TO_STD {
        example(file);
    }
}

/// The generators reach every failure listed and pass often enough,
/// `--lower-to=constrained` keeps the meaning of every example on every
/// input, and `--lower-to=asserting` gives exactly what the constrained
/// form gives (the interpreter on each form; no MLIR tool needed).
#[test]
fn inputs_cover_every_failure_and_lowered_forms_agree() {
    let mut tally = Tally::default();
    for &example in EXAMPLES {
        let prepared = Prepared::new(example);
        let inputs = prepared.inputs.len();
        if inputs < 20 {
            tally
                .failures
                .push(format!("{}: only {inputs} inputs", example.file));
        }
        let passing = prepared
            .reference
            .iter()
            .filter(|o| matches!(o, Observed::Returned(_)))
            .count();
        if passing < MIN_PASSING {
            tally
                .failures
                .push(format!("{}: only {passing} passing inputs", example.file));
        }
        for wanted in example.failures {
            let reached = prepared
                .reference
                .iter()
                .any(|o| matches!(o, Observed::Failed(m) if m == wanted));
            if !reached {
                tally
                    .failures
                    .push(format!("{}: no input fails with {wanted:?}", example.file));
            }
        }
        match (
            prepared.interpreted(Stage::Constrained),
            prepared.interpreted(Stage::Asserting),
        ) {
            (Ok(constrained), Ok(asserting)) => {
                let constrained_run: Vec<_> = constrained.iter().cloned().map(Some).collect();
                prepared.compare("constrained", &constrained_run, &mut tally);
                let asserting: Vec<_> = asserting.into_iter().map(Some).collect();
                prepared.compare_exactly(
                    "asserting",
                    &asserting,
                    "constrained",
                    &constrained,
                    &mut tally,
                );
            }
            (Err(e), _) | (_, Err(e)) => tally.failures.push(e),
        }
        eprintln!(
            "{:32} {inputs} inputs: {passing} pass, {} fail",
            example.file,
            inputs - passing
        );
    }
    tally.finish("constrained");
}

/// The constrained form of each example with drawn inputs, lowered by
/// upstream `mlir-opt` (where upstream can: not `shape.concat`, not a
/// function library) and run by `mlir-runner`: results equal stage 1's,
/// failures fail (upstream words `cstr_eq` and `cstr_broadcastable`
/// failures its own way). This checks the harness and the generators
/// against real MLIR without our std lowering (tests/interop_stage2.rs
/// runs upstream on the stage-2 examples).
#[test]
fn constrained_form_runs_under_upstream_lowering() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let (mut tally, mut lowered_by_upstream) = (Tally::default(), Vec::new());
    for &example in EXAMPLES
        .iter()
        .filter(|e| matches!(e.inputs, Inputs::Drawn { .. }))
    {
        let prepared = Prepared::new(example);
        let text = match prepared.lower(Stage::Constrained) {
            Ok(text) => text,
            Err(e) => {
                tally.failures.push(e);
                continue;
            }
        };
        let lowered = match tools.lower_source(&text, example.func) {
            Ok(lowered) => lowered,
            Err(e) if e.starts_with(LEFT_SHAPE_OPS) => {
                let first = e.lines().nth(1).unwrap_or("").trim();
                eprintln!("{:32} upstream cannot lower: {first}", example.file);
                continue;
            }
            Err(e) => {
                tally.failures.push(format!("{}: {e}", example.file));
                continue;
            }
        };
        lowered_by_upstream.push(example.file);
        // Upstream's own messages: compare failing, not the message.
        let observed: Vec<Option<Observed>> = run_all(&lowered, &prepared, &mut tally.failures)
            .into_iter()
            .zip(&prepared.reference)
            .map(|(got, reference)| match (got, reference) {
                (Some(Observed::Failed(_)), Observed::Failed(want)) => {
                    Some(Observed::Failed(want.clone()))
                }
                (got, _) => got,
            })
            .collect();
        prepared.compare("upstream's std form", &observed, &mut tally);
    }
    eprintln!("upstream lowered the constrained form of {lowered_by_upstream:?}");
    assert!(
        lowered_by_upstream.len() >= 3,
        "upstream should lower at least 3 examples: {lowered_by_upstream:?}"
    );
    tally.finish("upstream's std form");
}

/// Every example lowered to std by shape-opt runs
/// under `mlir-runner`, keeps stage 1's meaning, and gives exactly what the
/// constrained form gives.
#[test]
fn examples_lowered_to_std_run_like_the_interpreter() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let mut tally = Tally::default();
    for &example in EXAMPLES {
        let start = Instant::now();
        let prepared = Prepared::new(example);
        let std = match prepared.lower(Stage::Std) {
            Ok(text) => text,
            Err(e) if MUST_RUN_TO_STD.contains(&example.file) => {
                tally.failures.push(e);
                continue;
            }
            Err(e) => {
                eprintln!("{:32} not run: {e}", example.file);
                continue;
            }
        };
        let (constrained, lowered) = match (
            prepared.interpreted(Stage::Constrained),
            tools.load_std(std, example.func),
        ) {
            (Ok(constrained), Ok(lowered)) => (constrained, lowered),
            (Err(e), _) | (_, Err(e)) => {
                tally.failures.push(format!("{}: {e}", example.file));
                continue;
            }
        };
        let observed = run_all(&lowered, &prepared, &mut tally.failures);
        prepared.compare("mlir-runner", &observed, &mut tally);
        prepared.compare_exactly(
            "mlir-runner",
            &observed,
            "constrained",
            &constrained,
            &mut tally,
        );
        eprintln!(
            "{:32} {} inputs in {:.1}s",
            example.file,
            prepared.inputs.len(),
            start.elapsed().as_secs_f64()
        );
    }
    tally.finish("mlir-runner");
}

/// Status mode (`--shape-failure=status`) on every example: no
/// `cf.assert` is left; the interpreter on the status form gives exactly
/// what it gives on the abort-mode std form, on every input — in
/// particular never an undefined behaviour where the abort form has none,
/// so no op a failed check guards runs (a `tensor.dim` out of range would
/// be one); and `mlir-runner` gives exactly that too: the status names
/// the message of the check the abort form aborts at.
#[test]
fn examples_in_status_mode_run_like_abort_mode() {
    let tools = Tools::find();
    let mut tally = Tally::default();
    let mut statuses = 0;
    for &example in EXAMPLES {
        let prepared = Prepared::new(example);
        let forms = (
            prepared.lower(Stage::Std),
            prepared.lower_failing(Stage::Std, FailureMode::Status),
        );
        let (abort, status) = match forms {
            (Ok(abort), Ok(status)) => (abort, status),
            (Err(_), Err(_)) if !MUST_RUN_TO_STD.contains(&example.file) => continue,
            (Err(e), _) | (_, Err(e)) => {
                tally.failures.push(e);
                continue;
            }
        };
        if status.contains("cf.assert") {
            tally
                .failures
                .push(format!("{}: a cf.assert is left:\n{status}", example.file));
        }
        let (reference, interpreted) =
            match (prepared.interpret(&abort), prepared.interpret(&status)) {
                (Ok(reference), Ok(interpreted)) => (reference, interpreted),
                (Err(e), _) | (_, Err(e)) => {
                    tally.failures.push(format!("{}: {e}", example.file));
                    continue;
                }
            };
        for (args, (abort, status)) in prepared
            .inputs
            .iter()
            .zip(reference.iter().zip(&interpreted))
        {
            statuses += usize::from(matches!(abort, Observed::Failed(_)));
            if abort != status {
                tally.failures.push(format!(
                    "{} @{}{args:?}: abort mode gives {abort:?}, status mode {status:?}",
                    example.file, example.func
                ));
            }
        }
        let Some(tools) = &tools else { continue };
        match tools.load_std(status, example.func) {
            Ok(lowered) => {
                let observed = run_all(&lowered, &prepared, &mut tally.failures);
                prepared.compare_exactly(
                    "mlir-runner",
                    &observed,
                    "abort mode",
                    &reference,
                    &mut tally,
                );
            }
            Err(e) => tally.failures.push(format!("{}: {e}", example.file)),
        }
    }
    eprintln!("status mode: {statuses} failing inputs, each with the abort form's message");
    assert!(statuses > 20, "only {statuses} failing inputs");
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}

/// Strict symbolic shapes (`--assume-strict-symbolic-shapes`) on every
/// example, in both failure modes: lowered to std (with
/// `--verify-semantics` in the mode) and run under `mlir-runner`, the code
/// keeps the meaning the interpreter gives stage 1 in the mode, on inputs
/// that keep the assumption and on inputs that break it (a dynamic 1
/// meeting another extent in a broadcast), which fail with the
/// assumption's own message.
#[test]
fn examples_in_strict_mode_run_like_the_interpreter() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let mut tally = Tally::default();
    let (mut kept, mut broken) = (0, 0);
    // An example whose reference is a chain of other functions has no
    // entry of its own to check.
    for &example in EXAMPLES.iter().filter(|e| e.chain.is_none()) {
        let prepared = Prepared::with_strictness(example, true);
        for failure in [FailureMode::Abort, FailureMode::Status] {
            let std = match prepared.lower_failing(Stage::Std, failure) {
                Ok(text) => text,
                Err(e) if MUST_RUN_TO_STD.contains(&example.file) => {
                    tally.failures.push(e);
                    continue;
                }
                Err(_) => continue,
            };
            match tools.load_std(std, example.func) {
                Ok(lowered) => {
                    let observed = run_all(&lowered, &prepared, &mut tally.failures);
                    prepared.compare("mlir-runner (strict)", &observed, &mut tally);
                }
                Err(e) => tally.failures.push(format!("{}: {e}", example.file)),
            }
        }
        for reference in &prepared.reference {
            match reference {
                Observed::Failed(m) if m.starts_with("strict symbolic shapes:") => broken += 1,
                Observed::Returned(_) => kept += 1,
                _ => {}
            }
        }
    }
    eprintln!("strict mode: {kept} inputs pass, {broken} break the assumption");
    assert!(
        kept > 20 && broken > 20,
        "{kept} passing, {broken} breaking"
    );
    tally.finish("mlir-runner (strict)");
}

/// `examples/status/matmul_status.mlir`, a host checking the status of
/// the matmul shape function, lowered with `--shape-failure=status` and
/// run: status 0 and the extents for a 2x3 by 3x4 product, status 3 (the
/// inner dimensions) for 2x3 by 5x4, no abort.
#[test]
fn the_status_example_runs_under_mlir_runner() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let file = "status/matmul_status.mlir";
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        shape_failure: FailureMode::Status,
        ..Default::default()
    };
    let text = std::fs::read_to_string(path(file)).expect("the example exists");
    let out = process_buffer(file, text.as_bytes(), &options);
    assert!(out.success, "{}", out.diagnostics);
    let module = out.output();
    assert!(
        module.contains(r#"shape_opt.failure_messages = ["operands of shape.meet must be equal", "requires rank 2 operands", "inner dimensions required to match"]"#),
        "{module}"
    );
    let run = tools.run_main(&module).expect("the example compiles");
    assert!(run.status.success(), "{run:?}");
    assert_eq!(String::from_utf8_lossy(&run.stdout), "0\n2, 4, \n3\n");
}

/// @program of tensor_program.mlir in std form, written by hand: what
/// `--lower-to=std` should make of it, up to the form of the checks. The
/// `shape.fn` attribute the reified pad keeps is there on purpose: a
/// discardable `shape.*` attribute is legal in std form, and the harness
/// must take it.
const PROGRAM_BY_HAND: &str = r#"module {
  func.func @program(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %low: index, %high: index, %offset: index, %rows: index) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %lo_ok = arith.cmpi sge, %low, %c0 : index
    %hi_ok = arith.cmpi sge, %high, %c0 : index
    %ok = arith.andi %lo_ok, %hi_ok : i1
    cf.assert %ok, "padding must be non-negative"
    %padded = tensor.pad %x low[%low, %c0] high[%high, %c0] {
    ^bb0(%i: index, %j: index):
      tensor.yield %zero : f32
    } {shape.fn = @tensor_pad_pad_shape_0} : tensor<?x?xf32> to tensor<?x?xf32>
    %cols = tensor.dim %padded, %c1 : tensor<?x?xf32>
    %prows = tensor.dim %padded, %c0 : tensor<?x?xf32>
    %o_ok = arith.cmpi sge, %offset, %c0 : index
    %r_ok = arith.cmpi sge, %rows, %c0 : index
    %or_ok = arith.andi %o_ok, %r_ok : i1
    cf.assert %or_ok, "slice offsets and sizes must be non-negative"
    %end = arith.addi %offset, %rows : index
    %e_ok = arith.cmpi sle, %end, %prows : index
    cf.assert %e_ok, "slice exceeds dimension 0"
    %slice = tensor.extract_slice %padded[%offset, %c0] [%rows, %cols] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %yc = tensor.dim %y, %c1 : tensor<?x?xf32>
    %eq = arith.cmpi eq, %cols, %yc : index
    cf.assert %eq, "concatenated tensors must have equal trailing dimensions"
    %joined = tensor.concat dim(0) %slice, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    return %joined : tensor<?x?xf32>
  }
}
"#;

/// The harness on std forms lowered elsewhere, independently of our std
/// lowering: the walk-through's matmul in std form
/// (tests/interp/matmul-std.mlir, without `module`) and @program by hand
/// ([`PROGRAM_BY_HAND`]: a tensor result, printed as its shape) keep the
/// meaning of their stage-1 forms on the examples' inputs.
#[test]
fn harness_runs_std_forms_written_by_hand() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let matmul_std = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interp/matmul-std.mlir");
    let matmul_std = std::fs::read_to_string(matmul_std).expect("matmul-std.mlir");
    let mut tally = Tally::default();
    for (file, std) in [
        ("matmul.mlir", matmul_std.as_str()),
        ("tensor_program.mlir", PROGRAM_BY_HAND),
    ] {
        let prepared = Prepared::new(example(file));
        match tools.load_std(std.to_string(), prepared.example.func) {
            Ok(lowered) => {
                let observed = run_all(&lowered, &prepared, &mut tally.failures);
                prepared.compare("the std form by hand", &observed, &mut tally);
            }
            Err(e) => tally.failures.push(format!("{file}: {e}")),
        }
    }
    tally.finish("the std forms by hand");
}

/// On the matmul: its std form has no `shape` op
/// and no loop (the ranks are checked, so every extent is read at a known
/// place), and its inputs are at least 50 pairs of unranked tensors of
/// every rank from 0 to 4 reaching every failure: lhs of the wrong rank,
/// rhs of the wrong rank, both, and unequal inner dimensions. The runs
/// themselves are those of `examples_lowered_to_std_run_like_the_interpreter`.
#[test]
fn matmul_lowers_to_straight_line_std_code() {
    let prepared = Prepared::new(example("matmul.mlir"));
    assert!(prepared.inputs.len() >= 50);
    let rank = |arg: &Arg| match arg {
        Arg::Shape(s) => s.len(),
        Arg::Scalar(_) | Arg::Dense { .. } => usize::MAX,
    };
    let ranks: Vec<(usize, usize)> = prepared
        .inputs
        .iter()
        .map(|args| (rank(&args[0]), rank(&args[1])))
        .collect();
    let lhs_ranks: BTreeSet<usize> = ranks.iter().map(|&(l, _)| l).collect();
    let rhs_ranks: BTreeSet<usize> = ranks.iter().map(|&(_, r)| r).collect();
    assert_eq!(lhs_ranks, (0..=4).collect());
    assert_eq!(rhs_ranks, (0..=4).collect());
    let reaches = |what: &str, holds: fn(usize, usize) -> bool| {
        assert!(
            ranks.iter().any(|&(l, r)| holds(l, r)),
            "no matmul input with {what}"
        );
    };
    reaches("an lhs of the wrong rank", |l, r| l != 2 && r == 2);
    reaches("an rhs of the wrong rank", |l, r| l == 2 && r != 2);
    reaches("both of the same wrong rank", |l, r| l == r && l != 2);
    let Some(tools) = Tools::find() else {
        return;
    };
    let std = match prepared.lower(Stage::Std) {
        Ok(text) => text,
        Err(e) => panic!("{e}"),
    };
    assert!(!std.contains("scf.for"), "a loop in the matmul:\n{std}");
    let lowered = tools
        .load_std(std, "matmul")
        .unwrap_or_else(|e| panic!("{e}"));
    let messages: BTreeSet<&str> = lowered
        .assert_messages()
        .iter()
        .map(String::as_str)
        .collect();
    for message in [
        "requires rank 2 operands",
        "inner dimensions required to match",
    ] {
        assert!(messages.contains(message), "no assertion {message:?}");
    }
}

/// [`common::runner::Lowered::run_many`] on the example's inputs; harness
/// errors go to `failures` (and give `None`).
fn run_all(
    lowered: &common::runner::Lowered<'_>,
    prepared: &Prepared,
    failures: &mut Vec<String>,
) -> Vec<Option<Observed>> {
    let file = prepared.example.file;
    let mut bound = Vec::new();
    for args in &prepared.inputs {
        match lowered.bind(args) {
            Ok(b) => bound.push(b),
            Err(e) => {
                failures.push(format!("{file}: {e}"));
                return vec![None; prepared.inputs.len()];
            }
        }
    }
    lowered
        .run_many(&bound)
        .into_iter()
        .map(|r| match r {
            Ok(r) => Some(Observed::of_run(&r)),
            Err(e) => {
                failures.push(format!("{file}: {e}"));
                None
            }
        })
        .collect()
}

// ---- generators ------------------------------------------------------------

fn pick(rng: &mut TestRng, items: &[i64]) -> i64 {
    items[rng.random_range(0..items.len())]
}

fn extent(rng: &mut TestRng) -> i64 {
    pick(rng, &EXTENTS)
}

/// An extent that differs from `e` and is not 1 (so it conflicts with `e`
/// under broadcasting too).
fn conflicting(rng: &mut TestRng, e: i64) -> i64 {
    let others: Vec<i64> = STIFF_EXTENTS.into_iter().filter(|&x| x != e).collect();
    pick(rng, &others)
}

/// A shape of rank `ranks`, extents from `extents`.
fn shape_from(
    rng: &mut TestRng,
    ranks: std::ops::RangeInclusive<usize>,
    extents: &[i64],
) -> Vec<i64> {
    let rank = rng.random_range(ranks);
    (0..rank).map(|_| pick(rng, extents)).collect()
}

fn shape(rng: &mut TestRng, ranks: std::ops::RangeInclusive<usize>) -> Vec<i64> {
    shape_from(rng, ranks, &EXTENTS)
}

/// A rank other than 2, from 0 to 4.
fn not_two(rng: &mut TestRng) -> usize {
    [0, 1, 3, 4][rng.random_range(0..4)]
}

/// A shape that broadcasts with `base` to `base`: some leading dimensions
/// dropped, some others but the last made 1.
fn broadcastable_with(rng: &mut TestRng, base: &[i64]) -> Vec<i64> {
    let drop = rng.random_range(0..=base.len());
    let kept = base.len() - drop;
    base[drop..]
        .iter()
        .enumerate()
        .map(|(i, &e)| {
            if i + 1 < kept && rng.random_range(0..3) == 0 {
                1
            } else {
                e
            }
        })
        .collect()
}

/// `shape` with its last extent changed to one that conflicts with it.
fn with_conflicting_last(rng: &mut TestRng, shape: &[i64]) -> Vec<i64> {
    let mut s = shape.to_vec();
    match s.last_mut() {
        Some(last) => *last = conflicting(rng, *last),
        None => s.push(2),
    }
    s
}

fn shapes(list: &[&[i64]]) -> Vec<Arg> {
    list.iter().map(|s| Arg::Shape(s.to_vec())).collect()
}

/// [m, k] x [k, n] and its failures, in turn: passing, inner mismatch, lhs
/// of another rank, rhs of another rank, both of the same other rank, and
/// random ranks 0-4.
fn matmul(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let (m, k, cols) = (extent(rng), extent(rng), extent(rng));
    let (lhs, rhs) = match n % 6 {
        0 => (vec![m, k], vec![k, cols]),
        1 => (vec![m, k], vec![conflicting(rng, k), cols]),
        2 => {
            let rank = not_two(rng);
            (shape(rng, rank..=rank), vec![k, cols])
        }
        3 => {
            let rank = not_two(rng);
            (vec![m, k], shape(rng, rank..=rank))
        }
        4 => {
            let rank = not_two(rng);
            (shape(rng, rank..=rank), shape(rng, rank..=rank))
        }
        _ => (shape(rng, 0..=4), shape(rng, 0..=4)),
    };
    shapes(&[&lhs, &rhs])
}

/// [b..., m, k] x [c..., k, n]: passing with broadcast or equal batches, an
/// operand of rank < 2, conflicting batches, mismatched k, or both.
fn batch_matmul(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let batch = shape_from(rng, 1..=2, &STIFF_EXTENTS);
    let (m, k, cols) = (extent(rng), extent(rng), extent(rng));
    let lhs = [batch.clone(), vec![m, k]].concat();
    let rhs_batch = broadcastable_with(rng, &batch);
    let (lhs, rhs) = match n % 7 {
        0 => (lhs, [rhs_batch, vec![k, cols]].concat()),
        1 => (lhs, [batch, vec![k, cols]].concat()),
        2 => (shape(rng, 0..=1), [rhs_batch, vec![k, cols]].concat()),
        3 => (lhs, shape(rng, 0..=1)),
        4 => (
            lhs,
            [with_conflicting_last(rng, &batch), vec![k, cols]].concat(),
        ),
        5 => (lhs, [rhs_batch, vec![conflicting(rng, k), cols]].concat()),
        _ => {
            let rhs_batch = with_conflicting_last(rng, &batch);
            (lhs, [rhs_batch, vec![conflicting(rng, k), cols]].concat())
        }
    };
    shapes(&[&lhs, &rhs])
}

/// a [?, ?], b [*], c [?], d [*] around a common shape of rank 2-4:
/// broadcasting, or with b, c, d (or b and d) conflicting in the last
/// dimension.
fn broadcast_elementwise(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let full = shape_from(rng, 2..=4, &STIFF_EXTENTS);
    let last = full[full.len() - 1];
    let mut a = full[full.len() - 2..].to_vec();
    if rng.random_range(0..3) == 0 {
        a[0] = 1;
    }
    let mut b = broadcastable_with(rng, &full);
    let mut c = vec![if rng.random_bool(0.5) { last } else { 1 }];
    let mut d = broadcastable_with(rng, &full);
    match n % 5 {
        1 => b = with_conflicting_last(rng, &b),
        2 => c = vec![conflicting(rng, last)],
        3 => d = with_conflicting_last(rng, &d),
        4 => {
            b = with_conflicting_last(rng, &b);
            d = with_conflicting_last(rng, &d);
        }
        _ => {}
    }
    shapes(&[&a, &b, &c, &d])
}

/// [a0, t...] ++ [b0, t...]: passing, unequal ranks, rank 0, conflicting
/// trailing dimensions, or random shapes.
fn concat(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let tail = shape(rng, if n % 5 == 3 { 1..=3 } else { 0..=3 });
    let (a0, b0) = (extent(rng), extent(rng));
    let lhs = [vec![a0], tail.clone()].concat();
    let (lhs, rhs) = match n % 5 {
        0 => (lhs, [vec![b0], tail].concat()),
        1 => (lhs, [vec![b0], tail, vec![extent(rng)]].concat()),
        2 => (vec![], vec![]),
        3 => (lhs.clone(), with_conflicting_last(rng, &lhs)),
        _ => (shape(rng, 0..=3), shape(rng, 0..=3)),
    };
    shapes(&[&lhs, &rhs])
}

/// input [N, H, W, C], filter [KH, KW, C, F], stride, pad: passing, or a
/// zero stride, other channels, a filter higher or wider than the padded
/// input, or a zero stride and other channels.
fn conv2d_nhwc(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let (batch, channels, filters) = (
        rng.random_range(1..=2),
        rng.random_range(1..=3),
        rng.random_range(1..=4),
    );
    let (kh, kw) = (rng.random_range(1..=4), rng.random_range(1..=4));
    let (mut h, mut w) = (rng.random_range(kh..=8), rng.random_range(kw..=8));
    let (mut stride, mut pad) = (rng.random_range(1..=3), rng.random_range(0..=2));
    let mut filter_channels = channels;
    match n % 8 {
        2 => filter_channels = channels + 1,
        3 => stride = 0,
        4 => (h, pad) = (kh - 1, 0),
        5 => (w, pad) = (kw - 1, 0),
        6 => (stride, filter_channels) = (0, channels + 2),
        _ => {}
    }
    vec![
        Arg::Shape(vec![batch, h, w, channels]),
        Arg::Shape(vec![kh, kw, filter_channels, filters]),
        Arg::Scalar(stride),
        Arg::Scalar(pad),
    ]
}

/// An operand and a target shape: the operand's extents reversed, the same
/// with a 1 appended, one extent changed (the count with it), or random.
fn reshape(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let operand = shape_from(rng, 0..=4, &[1, 2, 3, 7]);
    let target = match n % 4 {
        0 => operand.iter().rev().copied().collect(),
        1 => [operand.clone(), vec![1]].concat(),
        2 => {
            let mut t = operand.clone();
            match t.first_mut() {
                Some(first) => *first = if *first == 2 { 3 } else { 2 },
                None => t.push(2),
            }
            t
        }
        _ => shape(rng, 0..=4),
    };
    shapes(&[&operand, &target])
}

/// A shape of rank 0-4 and an axis from 0 to rank + 1 (the rank itself in
/// every third input: the first axis out of range).
fn reduce_axis(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let operand = if n.is_multiple_of(8) {
        vec![]
    } else {
        shape(rng, 1..=4)
    };
    let rank = operand.len() as i64;
    let axis = if n.is_multiple_of(3) {
        rank
    } else {
        rng.random_range(0..=rank + 1)
    };
    vec![Arg::Shape(operand), Arg::Scalar(axis)]
}

/// @program's x [r, c], y [r2, c], low, high, offset, rows: passing (the
/// slice within the padded rows), or negative padding, a negative offset
/// or row count, a slice past the padded rows, or y with other columns.
fn tensor_program(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let (r, c, r2) = (
        rng.random_range(0..=4),
        rng.random_range(0..=3),
        rng.random_range(0..=3),
    );
    let (mut low, mut high) = (rng.random_range(0..=2), rng.random_range(0..=2));
    let padded = low + r + high;
    let mut offset = rng.random_range(0..=padded);
    let mut rows = rng.random_range(0..=padded - offset);
    let mut y_cols = c;
    match n % 6 {
        2 if n.is_multiple_of(4) => low = -rng.random_range(1..=2),
        2 => high = -rng.random_range(1..=2),
        3 if n % 4 == 1 => offset = -1,
        3 => rows = -rng.random_range(1..=2),
        4 => rows = padded - offset + rng.random_range(1..=2),
        5 => y_cols = c + rng.random_range(1..=2),
        _ => {}
    }
    vec![
        Arg::Shape(vec![r, c]),
        Arg::Shape(vec![r2, y_cols]),
        Arg::Scalar(low),
        Arg::Scalar(high),
        Arg::Scalar(offset),
        Arg::Scalar(rows),
    ]
}

/// What @program of tensor_program.mlir computes, from the library's shape
/// functions in `module` (the interpreter does not run `tensor.pad`): the
/// shape of the pad, then of the slice of all its columns, then of the
/// concatenation; the first failure is the program's.
fn tensor_program_chain(module: &Module, args: &[Arg]) -> Result<Outcome, String> {
    let [x, y, low, high, offset, rows] = args else {
        return Err(format!("@program takes 6 arguments, got {args:?}"));
    };
    let zero = Arg::Scalar(0);
    let padded = match shape_result(run(
        module,
        "pad",
        &[
            x.clone(),
            low.clone(),
            zero.clone(),
            high.clone(),
            zero.clone(),
        ],
    )?)? {
        Ok(shape) => shape,
        Err(failed) => return Ok(failed),
    };
    let cols = Arg::Scalar(padded.get(1).copied().ok_or("@pad gave no rank-2 shape")?);
    let slice = match shape_result(run(
        module,
        "extract_slice",
        &[Arg::Shape(padded), offset.clone(), zero, rows.clone(), cols],
    )?)? {
        Ok(shape) => shape,
        Err(failed) => return Ok(failed),
    };
    run(module, "concat", &[Arg::Shape(slice), y.clone()])
}

/// The one shape a library function returned, or its outcome when it did
/// not return (it failed).
fn shape_result(outcome: Outcome) -> Result<Result<Vec<i64>, Outcome>, String> {
    match &outcome {
        Outcome::Ok(values) => match interp::canonical(values).as_slice() {
            [Canonical::Shape(shape)] => Ok(Ok(shape.clone())),
            _ => Err(format!("expected one shape, got {outcome}")),
        },
        _ => Ok(Err(outcome)),
    }
}

/// Six [?, ?] shapes around a common [p, q]: broadcastable (extents of 1
/// mixed in), or one of them conflicting in one dimension.
fn broadcast_chain(rng: &mut TestRng, n: usize) -> Vec<Arg> {
    let common = shape_from(rng, 2..=2, &STIFF_EXTENTS);
    let mut args: Vec<Vec<i64>> = (0..6)
        .map(|_| {
            common
                .iter()
                .map(|&e| if rng.random_range(0..3) == 0 { 1 } else { e })
                .collect()
        })
        .collect();
    if n % 2 == 1 {
        let (victim, dim) = (rng.random_range(0..6), rng.random_range(0..2));
        args[victim][dim] = conflicting(rng, common[dim]);
    }
    args.into_iter().map(Arg::Shape).collect()
}

#[test]
fn generators_are_deterministic() {
    for example in EXAMPLES {
        if let Inputs::Drawn { count, draw } = example.inputs {
            let draw_all = || {
                let mut rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
                (0..count).map(|n| draw(&mut rng, n)).collect::<Vec<_>>()
            };
            assert_eq!(draw_all(), draw_all(), "{}", example.file);
        }
    }
}
