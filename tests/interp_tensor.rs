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

/// One `// CASE:` line, its arguments read as `shape-run` reads them.
struct Case {
    func: String,
    args: Vec<interp::Arg>,
    expected: String,
}

/// The `interp-cases` file's body and cases.
#[derive(Default)]
struct CaseFile {
    body: String,
    cases: Vec<Case>,
}

impl filetests::Suite for CaseFile {
    fn interp_cases(&mut self, file: &Path, body: &str) -> Result<usize, String> {
        for case in filetests::cases(file, body)? {
            let args = case
                .args
                .iter()
                .map(|a| {
                    a.parse()
                        .map_err(|e| format!("{}:{}: `{a}`: {e}", file.display(), case.line))
                })
                .collect::<Result<_, String>>()?;
            self.cases.push(Case {
                func: case.func,
                args,
                expected: case.expected,
            });
        }
        self.body = body.to_string();
        Ok(self.cases.len())
    }
}

fn read_file() -> CaseFile {
    let mut file = CaseFile::default();
    filetests::header::run(Path::new(FILE), &mut file).unwrap_or_else(|e| panic!("{e}"));
    file
}

#[test]
fn every_case_has_its_outcome() {
    let CaseFile { body, cases } = read_file();
    let module = shape_opt::Session::new()
        .parse(FILE, &body)
        .unwrap_or_else(|e| panic!("{e}"));
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
    let CaseFile { body, cases } = read_file();
    let Some(reified) = reified_by_mlir(&body) else {
        return;
    };
    let module = shape_opt::Session::new()
        .parse(FILE, &body)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut compared = 0;
    for case in cases {
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
