//! Interop: every stage-2 example in `examples/stage2/` is lowered with the
//! real `mlir-opt` and run with `mlir-runner` on 24 concrete inputs each
//! (ranks 0–4, extents from {0, 1, 2, 3, 7}); what it printed, or the
//! assertion that aborted it, must match a hand-written oracle, and the
//! reference interpreter (crate `interp`) run on the stage-2 file itself
//! must give the same results or fail where the real run aborted.
//!
//! The oracles are small on purpose: they prove the harness
//! (`common::runner`) right, independently of the interpreter. Skipped when
//! the MLIR tools are absent; fails instead under
//! `SHAPE_OPT_REQUIRE_MLIR=1`.

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::runner::{Arg, RunResult, Tools, Value, LEFT_SHAPE_OPS};
use filetests::ir_check::parse_into;

const INPUTS_PER_EXAMPLE: usize = 24;
const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];
const BROADCAST_FAILED: &str = "required broadcastable shapes";
const EQ_FAILED: &str = "required equal shapes";

/// One example: `examples/stage2/{func}.mlir` defines `@{func}`; `make`
/// returns the `n`-th input and the oracle's expected outcome.
struct Case {
    func: &'static str,
    make: fn(&mut Rng, usize) -> (Vec<Arg>, RunResult),
}

const CASES: &[Case] = &[
    Case {
        func: "broadcast_binary",
        make: broadcast_binary,
    },
    Case {
        func: "broadcast_ternary",
        make: broadcast_ternary,
    },
    Case {
        func: "matmul",
        make: matmul,
    },
    Case {
        func: "batch_matmul",
        make: batch_matmul,
    },
    Case {
        func: "reshape",
        make: reshape,
    },
    Case {
        func: "reduce",
        make: reduce,
    },
    Case {
        func: "split_at",
        make: split_at,
    },
    Case {
        func: "last_dim",
        make: last_dim,
    },
    Case {
        func: "same_shape",
        make: same_shape,
    },
    Case {
        func: "predicates",
        make: predicates,
    },
    Case {
        func: "pad_rank",
        make: pad_rank,
    },
];

fn example(func: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/stage2/{func}.mlir"))
}

#[test]
fn every_stage2_example_has_a_case() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stage2");
    let files = common::mlir_files(dir);
    assert!(files.len() >= 8, "expected at least 8 examples in {dir}");
    for f in files {
        assert!(
            CASES.iter().any(|c| example(c.func) == f),
            "{} has no case in tests/interop_stage2.rs",
            f.display()
        );
    }
}

#[test]
fn stage2_examples_match_oracle_under_mlir_runner() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let mut failures = Vec::new();
    let (mut interpreted, mut undefined) = (0, 0);
    for case in CASES {
        let start = Instant::now();
        let lowered = match tools.lower(&example(case.func), case.func) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{}: lowering failed: {e}", case.func));
                continue;
            }
        };
        let mut rng = Rng(0x5eed ^ case.func.len() as u64);
        let (inputs, expected): (Vec<_>, Vec<_>) = (0..INPUTS_PER_EXAMPLE)
            .map(|n| (case.make)(&mut rng, n))
            .unzip();
        let actual = lowered.run_many(&inputs);
        let source = std::fs::read_to_string(example(case.func)).expect("example");
        let mut ctx = ir::Context::new();
        let module = parse_into(&mut ctx, case.func, &source, &Default::default());
        for (args, got) in inputs.iter().zip(&actual) {
            let Ok(got) = got else { continue };
            let interp_args: Vec<interp::Arg> = args.iter().map(interp_arg).collect();
            match interp::run_function(&ctx, module, case.func, &interp_args) {
                Ok(outcome) if same_as_run(&outcome, got) => interpreted += 1,
                Ok(interp::Outcome::Undefined(_)) => undefined += 1,
                other => failures.push(format!(
                    "@{}{args:?}: mlir-runner gave {got:?}, the interpreter {other:?}",
                    case.func
                )),
            }
        }
        let aborts = expected
            .iter()
            .filter(|e| matches!(e, RunResult::Aborted { .. }))
            .count();
        for ((args, want), got) in inputs.iter().zip(&expected).zip(actual) {
            if got.as_ref() != Ok(want) {
                failures.push(format!(
                    "@{}{args:?}: expected {want:?}, got {got:?}",
                    case.func
                ));
            }
        }
        let passes = inputs.len() - aborts;
        if !lowered.assert_messages().is_empty() && (aborts < 4 || passes < 4) {
            failures.push(format!(
                "{}: only {aborts} aborting and {passes} passing inputs; want 4 of each",
                case.func
            ));
        }
        eprintln!(
            "{:18} {} inputs ({aborts} abort) in {:.1}s",
            case.func,
            inputs.len(),
            start.elapsed().as_secs_f64()
        );
    }
    eprintln!("interpreter = mlir-runner on {interpreted} inputs ({undefined} undefined in MLIR, not compared)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(interpreted >= 20 * CASES.len(), "{interpreted}");
}

/// A harness argument as the interpreter takes it (the generators make no
/// data tensors).
fn interp_arg(a: &Arg) -> interp::Arg {
    match a {
        Arg::Shaped(s) | Arg::Extents(s) => interp::Arg::Shape(s.clone()),
        Arg::Index(i) => interp::Arg::Scalar(*i),
        Arg::Bool(b) => interp::Arg::Scalar(i64::from(*b)),
        Arg::Elements(e) => panic!("no stage-2 example takes a data tensor, got {e:?}"),
    }
}

/// The interpreter's outcome is what the real run did: the same printed
/// values, or a failure where it aborted (messages differ: mlir-opt words
/// its own assertions).
fn same_as_run(outcome: &interp::Outcome, run: &RunResult) -> bool {
    use interp::Canonical;
    match (outcome, run) {
        (interp::Outcome::Ok(values), RunResult::Printed(printed)) => {
            let printed: Vec<Canonical> = printed.iter().map(Value::canonical).collect();
            interp::canonical(values) == printed
        }
        (interp::Outcome::Error(_), RunResult::Aborted { .. }) => true,
        _ => false,
    }
}

#[test]
fn harness_reports_misuse_as_errors() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let lowered = tools
        .lower(&example("matmul"), "matmul")
        .expect("matmul lowers");
    assert_eq!(
        lowered.assert_messages(),
        [
            "requires rank 2 operands",
            "requires rank 2 operands",
            EQ_FAILED
        ]
    );
    for args in [
        vec![Arg::Shaped(vec![2, 3])],
        vec![Arg::Index(2), Arg::Shaped(vec![3])],
        vec![Arg::Shaped(vec![-1]), Arg::Shaped(vec![3])],
    ] {
        assert!(lowered.run(&args).is_err(), "{args:?} should be rejected");
    }
    let missing = tools.lower(&example("matmul"), "no_such_function");
    assert!(missing.is_err());
}

/// The shape ops upstream `mlir-opt` 22 lowers (`index_to_size` only when
/// `--canonicalize` cancels it against `size_to_index`). Each must appear in
/// an example, so the oracle test runs it.
const LOWERABLE: &[&str] = &[
    "shape_of",
    "broadcast",
    "split_at",
    "get_extent",
    "rank",
    "num_elements",
    "shape_eq",
    "is_broadcastable",
    "add",
    "mul",
    "any",
    "dim",
    "const_shape",
    "const_size",
    "size_to_index",
    "index_to_size",
    "to_extent_tensor",
    "reduce",
    "yield",
    "cstr_broadcastable",
    "cstr_eq",
    "cstr_require",
    "assuming",
    "assuming_yield",
    "assuming_all",
    "const_witness",
];

#[test]
fn examples_cover_every_lowerable_shape_op() {
    let code: Vec<String> = CASES
        .iter()
        .flat_map(|c| {
            let text = std::fs::read_to_string(example(c.func)).unwrap_or_default();
            text.lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    for op in LOWERABLE {
        let name = format!("shape.{op}");
        let uses = |line: &String| {
            line.match_indices(&name).any(|(at, _)| {
                !line[at + name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            })
        };
        assert!(code.iter().any(uses), "no stage-2 example uses shape.{op}");
    }
}

/// Functions `@f(params) -> result { %r = op; return %r }` that upstream
/// `mlir-opt` 22 does not lower: op (or form), params, result type, op.
const NOT_LOWERABLE: &[(&str, &str, &str, &str)] = &[
    (
        "div on index",
        "%a: index, %b: index",
        "index",
        "shape.div %a, %b : index, index -> index",
    ),
    (
        "concat",
        "%a: tensor<?xindex>, %b: tensor<?xindex>",
        "tensor<?xindex>",
        "shape.concat %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>",
    ),
    (
        "from_extents",
        "%a: index, %b: index",
        "!shape.shape",
        "shape.from_extents %a, %b : index, index",
    ),
    (
        "from_extent_tensor",
        "%a: tensor<?xindex>",
        "!shape.shape",
        "shape.from_extent_tensor %a : tensor<?xindex>",
    ),
    (
        "meet on index",
        "%a: index, %b: index",
        "index",
        "shape.meet %a, %b : index, index -> index",
    ),
    (
        "max",
        "%a: !shape.size, %b: !shape.size",
        "!shape.size",
        "shape.max %a, %b : !shape.size, !shape.size -> !shape.size",
    ),
    (
        "min",
        "%a: !shape.size, %b: !shape.size",
        "!shape.size",
        "shape.min %a, %b : !shape.size, !shape.size -> !shape.size",
    ),
    (
        "value_as_shape",
        "%a: tensor<?xindex>",
        "tensor<?xindex>",
        "shape.value_as_shape %a : tensor<?xindex> -> tensor<?xindex>",
    ),
    (
        "index_to_size alone",
        "%a: index",
        "!shape.size",
        "shape.index_to_size %a",
    ),
    (
        "debug_print",
        "%a: !shape.shape",
        "!shape.shape",
        "\"shape.debug_print\"(%a) : (!shape.shape) -> !shape.shape",
    ),
    (
        "shape_of to !shape.shape",
        "%a: tensor<*xf32>",
        "!shape.shape",
        "shape.shape_of %a : tensor<*xf32> -> !shape.shape",
    ),
    (
        "add on !shape.size",
        "%a: !shape.size, %b: !shape.size",
        "!shape.size",
        "shape.add %a, %b : !shape.size, !shape.size -> !shape.size",
    ),
    (
        "with_shape",
        "%a: tensor<?xf32>, %s: tensor<?xindex>",
        "!shape.value_shape",
        "shape.with_shape %a, %s : tensor<?xf32>, tensor<?xindex>",
    ),
    (
        "value_of",
        "%a: !shape.value_shape",
        "tensor<?xf32>",
        "shape.value_of %a : tensor<?xf32>",
    ),
    (
        "returned witness",
        "%a: tensor<?xindex>, %b: tensor<?xindex>",
        "!shape.witness",
        "shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>",
    ),
];

#[test]
fn upstream_leaves_shape_ops_it_cannot_lower() {
    let Some(tools) = Tools::find() else {
        return;
    };
    for (what, params, result, op) in NOT_LOWERABLE {
        let source = format!(
            "func.func @f({params}) -> {result} {{\n  %r = {op}\n  return %r : {result}\n}}\n"
        );
        match tools.lower_source(&source, "f") {
            Err(e) if e.starts_with(LEFT_SHAPE_OPS) => {}
            Err(e) => panic!("{what}: expected shape ops left, got: {e}"),
            Ok(_) => panic!("{what}: upstream lowered it after all:\n{source}"),
        }
    }
}

/// A deterministic xorshift generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn extent(&mut self) -> i64 {
        EXTENTS[self.below(EXTENTS.len())]
    }

    /// A shape of rank `lo..=hi`.
    fn shape(&mut self, lo: usize, hi: usize) -> Vec<i64> {
        let rank = lo + self.below(hi - lo + 1);
        (0..rank).map(|_| self.extent()).collect()
    }

    /// A shape that broadcasts with `base`: some leading dimensions dropped,
    /// some others replaced by 1.
    fn broadcastable_with(&mut self, base: &[i64]) -> Vec<i64> {
        let drop = self.below(base.len() + 1);
        base[drop..]
            .iter()
            .map(|&e| if self.below(3) == 0 { 1 } else { e })
            .collect()
    }

    /// `base` with one extent changed or one dimension appended: a shape
    /// that is almost, but not, equal to `base`.
    fn perturbed(&mut self, base: &[i64]) -> Vec<i64> {
        let mut s = base.to_vec();
        if s.is_empty() || self.below(3) == 0 {
            s.push(self.extent());
        } else {
            let i = self.below(s.len());
            s[i] = EXTENTS[(EXTENTS.iter().position(|&e| e == s[i]).unwrap_or(0) + 1) % 5];
        }
        s
    }
}

/// numpy broadcasting: right-aligned, extent 1 stretches, others must agree.
fn broadcast(shapes: &[&[i64]]) -> Option<Vec<i64>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    (0..rank)
        .map(|i| {
            let mut out = 1;
            for s in shapes {
                if let Some(&e) = (i + s.len()).checked_sub(rank).and_then(|j| s.get(j)) {
                    match (out, e) {
                        (_, 1) => {}
                        (1, _) => out = e,
                        _ if out != e => return None,
                        _ => {}
                    }
                }
            }
            Some(out)
        })
        .collect()
}

fn shaped(shapes: &[&[i64]]) -> Vec<Arg> {
    shapes.iter().map(|s| Arg::Shaped(s.to_vec())).collect()
}

fn aborted(message: &str) -> RunResult {
    RunResult::Aborted {
        message: message.to_string(),
    }
}

fn extents(s: &[i64]) -> Value {
    Value::Extents(s.to_vec())
}

/// `Printed([broadcast])` or the broadcast assertion.
fn broadcast_outcome(shapes: &[&[i64]]) -> RunResult {
    broadcast(shapes).map_or_else(
        || aborted(BROADCAST_FAILED),
        |b| RunResult::Printed(vec![Value::Extents(b)]),
    )
}

fn index(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn broadcast_binary(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let a = rng.shape(0, 4);
    let b = match n % 2 {
        0 => rng.broadcastable_with(&a),
        _ => rng.shape(0, 4),
    };
    let (a, b) = if n % 4 < 2 { (a, b) } else { (b, a) };
    (shaped(&[&a, &b]), broadcast_outcome(&[&a, &b]))
}

fn broadcast_ternary(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let a = rng.shape(0, 4);
    let b = rng.broadcastable_with(&a);
    let c = match n % 3 {
        0 => rng.shape(0, 4),
        _ => rng.broadcastable_with(&a),
    };
    let shapes: [&[i64]; 3] = match n % 4 {
        0 => [&a, &b, &c],
        1 => [&c, &a, &b],
        2 => [&b, &c, &a],
        _ => [&b, &a, &c],
    };
    (shaped(&shapes), broadcast_outcome(&shapes))
}

fn matmul(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let (lhs, rhs) = match n % 4 {
        0 => (rng.shape(0, 4), rng.shape(0, 4)),
        1 => (rng.shape(2, 2), rng.shape(2, 2)),
        _ => {
            let lhs = rng.shape(2, 2);
            (lhs.clone(), vec![lhs[1], rng.extent()])
        }
    };
    let expected = if lhs.len() != 2 || rhs.len() != 2 {
        aborted("requires rank 2 operands")
    } else if lhs[1] != rhs[0] {
        aborted(EQ_FAILED)
    } else {
        RunResult::Printed(vec![extents(&[lhs[0], rhs[1]])])
    };
    (shaped(&[&lhs, &rhs]), expected)
}

fn batch_matmul(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let (lhs, rhs) = match n % 4 {
        0 => (rng.shape(0, 4), rng.shape(0, 4)),
        _ => {
            let batch = rng.shape(0, 2);
            let (m, k, cols) = (rng.extent(), rng.extent(), rng.extent());
            let rhs_batch = match n % 3 {
                0 => rng.shape(0, 2),
                _ => rng.broadcastable_with(&batch),
            };
            let rhs_k = if rng.below(4) == 0 { rng.extent() } else { k };
            (
                [batch, vec![m, k]].concat(),
                [rhs_batch, vec![rhs_k, cols]].concat(),
            )
        }
    };
    let expected = if lhs.len() < 2 || rhs.len() < 2 {
        aborted("batch matmul requires rank >= 2")
    } else {
        let (lb, lmk) = lhs.split_at(lhs.len() - 2);
        let (rb, rkn) = rhs.split_at(rhs.len() - 2);
        match broadcast(&[lb, rb]) {
            _ if lmk[1] != rkn[0] => aborted(EQ_FAILED),
            None => aborted(BROADCAST_FAILED),
            Some(b) => RunResult::Printed(vec![extents(&[b, vec![lmk[0], rkn[1]]].concat())]),
        }
    };
    (shaped(&[&lhs, &rhs]), expected)
}

fn reshape(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let src = rng.shape(0, 4);
    let dst = match n % 3 {
        0 => rng.shape(0, 4),
        1 => {
            let mut d = src.clone();
            d.reverse();
            d.retain(|&e| e != 1);
            d
        }
        _ => [src.as_slice(), &[1]].concat(),
    };
    let count: i64 = src.iter().product();
    let expected = if count == dst.iter().product::<i64>() {
        RunResult::Printed(vec![extents(&dst), Value::Index(count)])
    } else {
        aborted("reshape requires equal element counts")
    };
    (shaped(&[&src, &dst]), expected)
}

fn reduce(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let a = if n.is_multiple_of(5) {
        vec![]
    } else {
        rng.shape(0, 4)
    };
    let expected = match a.split_first() {
        None => aborted("stride of dimension 0 needs rank >= 1"),
        Some((_, rest)) => RunResult::Printed(vec![
            Value::Index(index(a.iter().filter(|&&e| e == 1).count())),
            Value::Index(rest.iter().product()),
        ]),
    };
    (shaped(&[&a]), expected)
}

fn split_at(rng: &mut Rng, _: usize) -> (Vec<Arg>, RunResult) {
    let a = rng.shape(0, 4);
    let rank = index(a.len());
    let i = index(rng.below(11)) - 5;
    let expected = if i < -rank || i > rank {
        aborted("split index out of range")
    } else {
        let at = usize::try_from(if i < 0 { i + rank } else { i }).unwrap_or(0);
        let (head, tail) = a.split_at(at);
        RunResult::Printed(vec![
            extents(head),
            extents(tail),
            Value::Index(tail.first().copied().unwrap_or(1)),
        ])
    };
    (vec![Arg::Shaped(a), Arg::Index(i)], expected)
}

fn last_dim(rng: &mut Rng, _: usize) -> (Vec<Arg>, RunResult) {
    let a = rng.shape(0, 4);
    let expected = match a.last() {
        None => aborted("rank must be at least 1"),
        Some(_) if a.len() > 3 => aborted("rank must be at most 3"),
        Some(&last) => RunResult::Printed(vec![Value::Index(index(a.len())), Value::Index(last)]),
    };
    (shaped(&[&a]), expected)
}

fn same_shape(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let a = rng.shape(0, 4);
    let other = |rng: &mut Rng, k: usize| match (n + k) % 3 {
        0 => rng.perturbed(&a),
        _ => a.clone(),
    };
    let (b, c) = (other(rng, 0), other(rng, 1));
    let expected = if a == b && b == c {
        RunResult::Printed(vec![extents(&a)])
    } else {
        aborted(EQ_FAILED)
    };
    (shaped(&[&a, &b, &c]), expected)
}

fn predicates(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let a = rng.shape(2, 2);
    let b = match n % 4 {
        0 => a.clone(),
        1 => rng.broadcastable_with(&a),
        2 => rng.perturbed(&a),
        _ => rng.shape(0, 4),
    };
    let expected = RunResult::Printed(vec![
        Value::Bool(a == b),
        Value::Bool(broadcast(&[&a, &b]).is_some()),
    ]);
    (shaped(&[&a, &b]), expected)
}

fn pad_rank(rng: &mut Rng, n: usize) -> (Vec<Arg>, RunResult) {
    let s = if n.is_multiple_of(5) {
        rng.shape(4, 4)
    } else {
        rng.shape(0, 4)
    };
    let expected = match 3usize.checked_sub(s.len()) {
        None => aborted("pad_rank needs rank <= 3"),
        Some(pad) => RunResult::Printed(vec![extents(&[vec![1; pad], s.clone()].concat())]),
    };
    (vec![Arg::Extents(s)], expected)
}
