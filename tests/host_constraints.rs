//! Constraint IR as host compilers write it (`tests/host_constraints/*.mlir`:
//! mlir-hlo's broadcast lowering and merge-assuming style, ByteIR's shape
//! constraints, host ops in generic form, some declared pure): every case
//! goes through `--lower-to=constrained` with the file's `PURE-OPS`
//! declared, and must
//! - succeed, with `--verify-semantics` on (functions the interpreter can
//!   run are compared before and after every pass);
//! - keep no more `shape.cstr_*` ops and `shape.assuming` regions than the
//!   optimum its `OPTIMUM:` line states;
//! - print what `mlir-opt --allow-unregistered-dialect` parses and verifies
//!   (when mlir-opt is installed).
//!
//! - lower to std form, witnesses of the host included (they become
//!   `i1` bridges), in output `mlir-opt` verifies.
//!
//! The counts of `mlir-opt --canonicalize --cse` on each input are printed
//! beside ours (run with `--nocapture` to see the table).

mod common;

use cli::{process_buffer, DriverOptions};
use ir::effects::PureOps;
use pass::stage::Stage;
use shape_opt::Session;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/host_constraints");

/// One case of a file: its function's name, its text, its optimum.
struct Case {
    name: String,
    text: String,
    constraints: usize,
    regions: usize,
}

/// The `// PURE-OPS:` declaration of a file and its cases (split at
/// `// -----` lines).
fn cases(text: &str) -> (PureOps, Vec<Case>) {
    let declared = text
        .lines()
        .find_map(|l| l.strip_prefix("// PURE-OPS:"))
        .expect("a `// PURE-OPS:` line")
        .trim()
        .parse()
        .expect("valid declarations");
    let cases = text
        .split("\n// -----\n")
        .map(|piece| {
            let optimum = piece
                .lines()
                .find_map(|l| l.strip_prefix("// OPTIMUM: constraints="))
                .and_then(|rest| rest.split_once(" regions="))
                .unwrap_or_else(|| panic!("a case without `// OPTIMUM:`:\n{piece}"));
            let name = piece
                .lines()
                .filter_map(|l| l.split_once("func.func @"))
                .filter(|(_, rest)| rest.trim_end().ends_with('{'))
                .filter_map(|(_, rest)| rest.split_once('('))
                .map(|(name, _)| name.to_string())
                .next_back()
                .expect("a function");
            Case {
                name,
                text: piece.to_string(),
                constraints: optimum.0.trim().parse().expect("a count"),
                regions: optimum.1.trim().parse().expect("a count"),
            }
        })
        .collect();
    (declared, cases)
}

/// `shape.cstr_*` ops and `shape.assuming` regions in `text`.
fn count(text: &str) -> (usize, usize) {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let module = session
        .parse("out.mlir", text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (mut constraints, mut regions) = (0, 0);
    module.ctx.walk_nested(module.root, &mut |o| {
        let name = module.ctx.op_name(o);
        constraints += usize::from(name.starts_with("shape.cstr_"));
        regions += usize::from(name == "shape.assuming");
    });
    (constraints, regions)
}

fn lower(case: &Case, declared: &PureOps, to: Stage) -> cli::Outcome {
    let options = DriverOptions {
        allow_unregistered_dialect: true,
        lower_to: Some(to),
        pure_ops: declared.clone(),
        verify_semantics: Some(16),
        ..Default::default()
    };
    process_buffer(&format!("{}.mlir", case.name), case.text.as_str(), &options)
}

#[test]
fn host_constraint_ir_reaches_its_stated_optimum() {
    let mlir_opt = common::mlir_tool("mlir-opt");
    let files = common::mlir_files(DIR);
    assert!(!files.is_empty(), "no case files in {DIR}");
    let mut total = 0;
    let mut failures = Vec::new();
    println!(
        "{:30} {:>9} {:>9} {:>9}  --lower-to=std",
        "case", "optimum", "ours", "mlir-opt"
    );
    for file in &files {
        let (declared, cases) = cases(&std::fs::read_to_string(file).unwrap());
        for case in &cases {
            total += 1;
            let out = lower(case, &declared, Stage::Constrained);
            assert!(
                out.success,
                "{}: --lower-to=constrained failed:\n{}",
                case.name, out.diagnostics
            );
            let output = out.output();
            let ours = count(&output);
            let theirs = mlir_opt.as_ref().map(|tool| {
                let args = ["--allow-unregistered-dialect", "--canonicalize", "--cse"];
                let canonical = common::run(tool, &args, case.text.as_bytes())
                    .unwrap_or_else(|e| panic!("{}: mlir-opt on the input: {e}", case.name));
                if let Err(e) = common::run(tool, &[args[0]], output.as_bytes()) {
                    failures.push(format!("{}: mlir-opt rejects our output:\n{e}", case.name));
                }
                count(&canonical)
            });
            let std = lower(case, &declared, Stage::Std);
            let std_outcome = if std.success {
                if let Some(tool) = &mlir_opt {
                    let args = ["--allow-unregistered-dialect"];
                    if let Err(e) = common::run(tool, &args, std.output().as_bytes()) {
                        failures.push(format!(
                            "{}: mlir-opt rejects the std form:\n{e}",
                            case.name
                        ));
                    }
                }
                "lowered".to_string()
            } else {
                // Witnesses of the host included: they lower as bridges.
                failures.push(format!(
                    "{}: --lower-to=std refused it:\n{}",
                    case.name, std.diagnostics
                ));
                "refused".to_string()
            };
            let pair = |(c, r): (usize, usize)| format!("{c}/{r}");
            println!(
                "{:30} {:>9} {:>9} {:>9}  {std_outcome}",
                case.name,
                pair((case.constraints, case.regions)),
                pair(ours),
                theirs.map_or_else(|| "-".into(), pair),
            );
            if ours.0 > case.constraints || ours.1 > case.regions {
                failures.push(format!(
                    "{}: {} constraints and {} regions left, the optimum is {} and {}:\n{output}",
                    case.name, ours.0, ours.1, case.constraints, case.regions
                ));
            }
        }
    }
    assert!(total >= 20, "only {total} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
