//! Shape IR as producers write it (`examples/general/`): constraints and
//! `shape.assuming` on `!shape.shape` values, shape code in
//! `scf.execute_region` and `scf.if`. Each file lowers with
//! `--lower-to=std --verify-semantics`, and the std code, run by
//! `mlir-runner` on passing and failing inputs, gives what the interpreter
//! gives on the source: the same shape, or an abort with the same message
//! (every check kept). The MLIR part is skipped (saying why) when the tools
//! are absent, and fails instead under `SHAPE_OPT_REQUIRE_MLIR=1`.

mod common;

use cli::{process_buffer, DriverOptions};
use common::observed::Observed;
use common::runner::Tools;
use filetests::ir_check::parse_into;
use interp::Arg;
use pass::stage::Stage;

/// (file, function, inputs): each input must be run, failing ones included.
const CASES: &[(&str, &str, &[&[&str]])] = &[
    (
        "stated_constraints.mlir",
        "broadcast_stated",
        &[
            &["[2,3]", "[2,3]"],
            &["[1,3]", "[4,1]"],
            &["[2,3]", "[4,4]"],
            &["[2,3]", "[2,4]"],
        ],
    ),
    (
        "stated_constraints.mlir",
        "matmul_stated",
        &[
            &["[2,3]", "[3,4]"],
            &["[2,3]", "[4,4]"],
            &["[5,1]", "[1,7]"],
        ],
    ),
    (
        "execute_region.mlir",
        "broadcast_region",
        &[
            &["[2,3]", "[1,3]"],
            &["[2,3]", "[4,4]"],
            &["[7,1]", "[1,1]"],
        ],
    ),
    (
        "execute_region.mlir",
        "matmul_maybe_transposed",
        &[
            &["[2,3]", "[3,4]", "0"],
            &["[2,3]", "[4,3]", "1"],
            &["[2,3]", "[4,4]", "0"],
            &["[2,3]", "[3,4]", "1"],
        ],
    ),
];

fn path(file: &str) -> String {
    format!("{}/examples/general/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn lower(file: &str) -> String {
    let text = std::fs::read(path(file)).unwrap();
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        verify_semantics: Some(64),
        ..Default::default()
    };
    let out = process_buffer(file, text, &options);
    assert!(out.success, "{file}: {}", out.diagnostics);
    out.output()
}

/// What the interpreter gives on the source.
fn reference(file: &str, func: &str, args: &[Arg]) -> Observed {
    let text = std::fs::read_to_string(path(file)).unwrap();
    let mut ctx = ir::Context::new();
    let module = parse_into(&mut ctx, file, &text, &Default::default());
    let outcome = interp::run_function(&ctx, module, func, args)
        .unwrap_or_else(|e| panic!("@{func} {args:?}: {e}"));
    Observed::of_outcome(&outcome)
}

fn args(texts: &[&str]) -> Vec<Arg> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn general_input_lowers_to_std_keeping_every_check() {
    for (file, _, _) in CASES {
        let printed = lower(file);
        assert!(!printed.contains("shape."), "{file}:\n{printed}");
        assert!(printed.contains("cf.assert"), "{file}:\n{printed}");
    }
}

#[test]
fn general_input_runs_under_mlir_runner_as_the_interpreter_says() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let (mut runs, mut aborted) = (0, 0);
    for (file, func, inputs) in CASES {
        let lowered = tools.load_std(lower(file), func).unwrap();
        for input in *inputs {
            let input = args(input);
            let expected = reference(file, func, &input);
            let bound = lowered.bind(&input).unwrap();
            let run = lowered.run(&bound).unwrap();
            let got = Observed::of_run(&run);
            assert_eq!(got, expected, "@{func} {input:?}");
            runs += 1;
            aborted += usize::from(matches!(got, Observed::Failed(_)));
        }
    }
    assert!(aborted >= 5, "only {aborted} of {runs} runs failed");
}
