//! The explanation of every example, evaluated on the inputs
//! `--verify-semantics` samples, agrees with the interpreter: an input
//! satisfies the requirements exactly when the source function succeeds,
//! with the same results; and the first requirement it breaks carries the
//! message the constrained function fails with. Functions holding numbers
//! far past any rank are explained at once, in a few lines, and agree too.

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
        };
        let mut run = engine.plan(&lowered, plan).ok()?;
        engine.run_unobserved(&mut lowered, &mut run).result.ok()?;
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
    /// Inputs the function is defined on but the explanation is not.
    undefined: usize,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} complete explanations, {} partial (leaving out {:?}), {} inputs compared, {} failing, {} messages checked, {} undefined by the explanation only",
            self.complete.len(),
            self.partial,
            self.left_out,
            self.compared,
            self.failing,
            self.messages,
            self.undefined
        )
    }
}

/// Compare the explanations of module `text` with the interpreter on
/// `samples` inputs per function and on `extra`; panics at the first
/// disagreement.
fn compare(name: &str, text: &str, samples: usize, extra: &[Vec<Arg>], tally: &mut Tally) {
    let Some(explained) = explain_text(name, text) else {
        return;
    };
    compare_explained(name, &explained, samples, extra, tally);
}

fn compare_explained(
    name: &str,
    explained: &Explained,
    samples: usize,
    extra: &[Vec<Arg>],
    tally: &mut Tally,
) {
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
        let Some(mut inputs) = validate::sample::function_inputs(ctx, f, samples, 7) else {
            continue;
        };
        inputs.extend_from_slice(extra);
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
                (Outcome::Undefined(_), _) => continue,
                (_, Verdict::Undefined) => {
                    tally.undefined += 1;
                    continue;
                }
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
        compare(&path.display().to_string(), &text, SAMPLES, &[], &mut tally);
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
        compare(&format!("{}.mlir", f.name), &f.text, 48, &[], &mut tally);
    }
    eprintln!("random: {tally}");
    assert!(
        tally.complete.len() * 2 > functions.len(),
        "fewer than half explained fully"
    );
    assert!(tally.compared > 5_000, "too few comparisons");
}

/// A shape of `n` extents (1 to 5, repeating).
fn long(n: i64) -> Arg {
    Arg::Shape((0..n).map(|i| i % 5 + 1).collect())
}

/// `@f(%a)` splitting `%a` at `k`, in error-monadic form.
fn split_at(k: i64) -> String {
    format!(
        "func.func @f(%a: !shape.shape) -> (!shape.shape, !shape.shape) {{
  %n = shape.const_size {k}
  %h, %t = \"shape.split_at\"(%a, %n) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}}"
    )
}

/// `@f(%a)` taking extent `k` of `%a`, in error-monadic form.
fn get_extent(k: i64) -> String {
    format!(
        "func.func @f(%a: !shape.shape) -> !shape.size {{
  %n = shape.const_size {k}
  %e = shape.get_extent %a, %n : !shape.shape, !shape.size -> !shape.size
  return %e : !shape.size
}}"
    )
}

#[test]
fn explanations_with_huge_constants_are_short_and_agree_with_the_interpreter() {
    let past_the_limit = explain::expr::MAX_SPELLED_EXTENTS + 6;
    let mut cases: Vec<(String, Vec<Vec<Arg>>)> = Vec::new();
    // (A negative `get_extent` index, or `i64::MAX`, fails at compile time.)
    for k in [1 << 40, 1 << 62] {
        cases.push((get_extent(k), vec![vec![long(100)]]));
    }
    for k in [1 << 40, i64::MAX, -(1 << 40), -i64::MAX] {
        cases.push((split_at(k), vec![vec![long(100)]]));
    }
    // Just past the extents spelled one by one: inputs long enough for
    // the split, and one too short.
    for k in [past_the_limit, -past_the_limit] {
        let around = [100, k.abs(), k.abs() - 1, 0];
        cases.push((split_at(k), around.map(|n| vec![long(n)]).to_vec()));
    }
    cases.push((get_extent(past_the_limit), vec![vec![long(100)]]));
    // The rank of an input met with a huge size, then a split at it.
    cases.push((
        "func.func @f(%a: !shape.shape) -> (!shape.shape, !shape.shape) {
  %r = shape.rank %a : !shape.shape -> !shape.size
  %c = shape.const_size 1099511627776
  %m = shape.meet %r, %c : !shape.size, !shape.size -> !shape.size
  %h, %t = \"shape.split_at\"(%a, %m) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}"
        .into(),
        vec![vec![long(100)]],
    ));
    // The largest of a size and a huge one, and a split there.
    cases.push((
        "func.func @f(%a: !shape.shape, %k: !shape.size) -> (!shape.shape, !shape.shape) {
  %c = shape.const_size 1099511627776
  %m = shape.max %k, %c : !shape.size, !shape.size -> !shape.size
  %h, %t = \"shape.split_at\"(%a, %m) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)
  return %h, %t : !shape.shape, !shape.shape
}"
        .into(),
        vec![vec![long(100), Arg::Scalar(3)]],
    ));
    // Extent tensors too long to spell: a parameter, and a constrained
    // split at a huge negative index.
    cases.push((
        "func.func @f(%b: tensor<1000xindex>) -> (!shape.shape, !shape.shape, !shape.size) {
  %c = shape.const_size -700
  %h, %t = \"shape.split_at\"(%b, %c) : (tensor<1000xindex>, !shape.size) -> (!shape.shape, !shape.shape)
  %n = shape.num_elements %h : !shape.shape -> !shape.size
  return %h, %t, %n : !shape.shape, !shape.shape, !shape.size
}"
        .into(),
        vec![vec![long(1000)]],
    ));
    cases.push((
        "func.func @f(%a: tensor<?xindex>) -> (tensor<?xindex>, tensor<?xindex>) {
  %n = arith.constant -1099511627776 : index
  %h, %t = \"shape.split_at\"(%a, %n) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %h, %t : tensor<?xindex>, tensor<?xindex>
}"
        .into(),
        vec![vec![long(100)]],
    ));
    cases.push((
        "func.func @f(%a: tensor<?xindex>) -> index {
  %n = arith.constant 9223372036854775807 : index
  %e = tensor.extract %a[%n] : tensor<?xindex>
  return %e : index
}"
        .into(),
        vec![vec![long(100)]],
    ));
    let mut tally = Tally::default();
    for (text, extra) in &cases {
        let started = std::time::Instant::now();
        let explained =
            explain_text("huge.mlir", text).unwrap_or_else(|| panic!("does not lower:\n{text}"));
        let [e] = &explained.explanations[..] else {
            panic!("one function:\n{text}");
        };
        let rendered = explain::render(e, 80);
        assert!(
            started.elapsed().as_secs() < 5 && rendered.len() < 600,
            "{:?}:\n{rendered}",
            started.elapsed()
        );
        assert!(e.is_complete(), "{rendered}");
        compare_explained("huge.mlir", &explained, 16, extra, &mut tally);
    }
    eprintln!("huge constants: {tally}");
    assert_eq!(
        tally.undefined, 0,
        "an explanation undefined where the function is not"
    );
    assert!(tally.messages > 100, "too few failures compared: {tally}");
}

#[test]
fn expressions_that_double_at_every_op_stay_bounded() {
    let mut text = String::from("func.func @f(%x0: index) -> index {\n");
    for i in 0..64 {
        text += &format!("  %x{} = arith.addi %x{i}, %x{i} : index\n", i + 1);
    }
    text += "  return %x64 : index\n}\n";
    let explained = explain_text("double.mlir", &text).expect("the function parses");
    let [e] = &explained.explanations[..] else {
        panic!("one function");
    };
    let rendered = explain::render(e, 80);
    assert!(!e.is_complete(), "{rendered}");
    assert!(
        rendered.contains("partial: leaves out arith.addi at")
            && rendered.contains("(an expression of more than 1000 terms)"),
        "{rendered}"
    );
}
