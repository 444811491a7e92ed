//! The interpreter on the tensor ops of `tests/interp/tensor-ops.mlir`:
//! every `// CASE: @func args... => outcome` line is run as `shape-run`
//! would (parsed by a `shape_opt::Session`, the outcome printed the same
//! way), and the dimensions of every passing case are compared with what
//! the real MLIR computes: `mlir-opt` reifies the result dimensions
//! (`--resolve-ranked-shaped-type-result-dims --canonicalize`), and
//! `tests/common/runner.rs` runs the result with `mlir-runner`. Failing
//! cases are undefined behaviour, which compiled code does not detect; they
//! are only run by the interpreter.

mod common;

use common::runner::{RunResult, Tools};
use std::path::Path;
use std::process::Command;

const FILE: &str = "tests/interp/tensor-ops.mlir";

/// One `// CASE:` line.
struct Case {
    func: String,
    args: Vec<interp::Arg>,
    expected: String,
}

fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter_map(|l| l.strip_prefix("// CASE: "))
        .map(|l| {
            let (call, expected) = l
                .split_once(" => ")
                .unwrap_or_else(|| panic!("no ` => ` in `{l}`"));
            let mut words = call.split_whitespace();
            let func = words.next().and_then(|f| f.strip_prefix('@'));
            let func = func.unwrap_or_else(|| panic!("no @function in `{l}`"));
            let args = words.map(|a| a.parse().unwrap_or_else(|e| panic!("`{a}`: {e}")));
            Case {
                func: func.to_string(),
                args: args.collect(),
                expected: expected.to_string(),
            }
        })
        .collect()
}

fn read_file() -> String {
    std::fs::read_to_string(FILE).unwrap_or_else(|e| panic!("{FILE}: {e}"))
}

#[test]
fn every_case_has_its_outcome() {
    let text = read_file();
    let module = shape_opt::Session::new()
        .parse(FILE, &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let cases = cases(&text);
    assert!(cases.len() >= 20, "only {} cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let outcome = interp::run_function(&module.ctx, module.root, &case.func, &case.args);
        let shown = match outcome {
            Ok(outcome) => outcome.to_string(),
            Err(e) => format!("interp error: {e}"),
        };
        if shown != case.expected {
            wrong.push(format!(
                "@{} {:?}:\n  expected {}\n  got      {shown}",
                case.func, case.args, case.expected
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `text` with the ops MLIR 22 moved to `linalg` renamed, its result
/// dimensions reified by `mlir-opt`.
fn reified_by_mlir(text: &str) -> Option<String> {
    let opt = common::mlir_tool("mlir-opt")?;
    let renamed = text
        .replace("tensor.pack ", "linalg.pack ")
        .replace("tensor.unpack ", "linalg.unpack ");
    let input = Path::new(env!("CARGO_TARGET_TMPDIR")).join("interp_tensor_ops.mlir");
    std::fs::write(&input, renamed).expect("write the input of mlir-opt");
    let out = Command::new(opt)
        .args(["--resolve-ranked-shaped-type-result-dims", "--canonicalize"])
        .arg(&input)
        .output()
        .expect("mlir-opt runs");
    assert!(
        out.status.success(),
        "mlir-opt:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn passing_cases_agree_with_mlir_runner() {
    let Some(tools) = Tools::find() else { return };
    let text = read_file();
    let Some(reified) = reified_by_mlir(&text) else {
        return;
    };
    let module = shape_opt::Session::new()
        .parse(FILE, &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut compared = 0;
    for case in cases(&text) {
        let Ok(interp::Outcome::Ok(values)) =
            interp::run_function(&module.ctx, module.root, &case.func, &case.args)
        else {
            continue;
        };
        let lowered = tools
            .load_std(reified.clone(), &case.func)
            .unwrap_or_else(|e| panic!("@{}: {e}", case.func));
        let args = lowered.bind(&case.args).expect("arguments bind");
        let printed = match lowered.run(&args) {
            Ok(RunResult::Printed(printed)) => printed,
            other => panic!("@{} {:?}: mlir-runner gave {other:?}", case.func, case.args),
        };
        let theirs: Vec<_> = printed.iter().map(|v| v.canonical()).collect();
        assert_eq!(
            interp::canonical(&values),
            theirs,
            "@{} {:?}",
            case.func,
            case.args
        );
        compared += 1;
    }
    eprintln!("{compared} cases compared with mlir-runner");
    assert!(compared >= 10, "only {compared} cases compared");
}
