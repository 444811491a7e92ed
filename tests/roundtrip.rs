//! Print fixpoint on the round-trip corpus (`tests/roundtrip/`): every case
//! there is exactly what `mlir-opt` 22 prints (checked against `mlir-opt`
//! when it is installed); parsing it and printing it again must give the
//! same bytes, in custom and in generic form, and with locations.

mod common;

use cli::{process_buffer, split_chunks, DriverOptions};

/// Cases we knowingly do not reprint yet, by function name, with the reason.
/// The test fails if one of them starts passing (then delete it here).
const KNOWN_GAPS: &[(&str, &str)] = &[
    (
        "dense_complex",
        "dense elements of complex type are not modelled",
    ),
    (
        "distinct_attr",
        "distinct attributes and their #distinct aliases are not modelled",
    ),
];

fn known_gap(case: &str) -> Option<&'static str> {
    KNOWN_GAPS
        .iter()
        .find(|(name, _)| {
            case.contains(&format!("@{name}(")) || case.contains(&format!("sym_name = \"{name}\""))
        })
        .map(|(_, why)| *why)
}
use ir::printer::PrintOptions;
use std::path::Path;

/// The print fixpoint of every case of `roundtrip` files: how many passed,
/// and what the others printed.
struct Fixpoint {
    options: DriverOptions,
    passed: usize,
    failures: Vec<String>,
}

impl filetests::Suite for Fixpoint {
    fn roundtrip(&mut self, file: &Path, body: &str) -> Result<usize, String> {
        let mut cases = 0;
        for (i, chunk) in split_chunks(body.as_bytes()).into_iter().enumerate() {
            cases += 1;
            let expected = String::from_utf8_lossy(&chunk)
                .trim_start_matches('\n')
                .to_string();
            let out = process_buffer("case.mlir", expected.as_bytes(), &self.options);
            let got = out.output();
            let same = out.success && got.trim_end() == expected.trim_end();
            if let Some(why) = known_gap(&expected) {
                assert!(
                    !same,
                    "{}#{i} now passes: remove it from KNOWN_GAPS ({why})",
                    file.display()
                );
                eprintln!("{}#{i}: known gap: {why}", file.display());
            } else if same {
                self.passed += 1;
            } else {
                self.failures.push(format!(
                    "{}#{i}:\n--- expected\n{}\n--- got\n{}{}",
                    file.display(),
                    expected.trim_end(),
                    got.trim_end(),
                    out.diagnostics
                ));
            }
        }
        Ok(cases)
    }
}

/// Run every case of `file`; returns (passed, failures).
fn fixpoint(file: &Path, print: PrintOptions) -> (usize, Vec<String>) {
    let mut suite = Fixpoint {
        options: DriverOptions {
            allow_unregistered_dialect: true,
            print,
            ..Default::default()
        },
        passed: 0,
        failures: Vec::new(),
    };
    filetests::header::run(file, &mut suite).unwrap_or_else(|e| panic!("{e}"));
    (suite.passed, suite.failures)
}

fn run_dir(dir: &str, generic: bool) {
    let mut total_pass = 0;
    let mut all_failures = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter(|p| !p.ends_with("debuginfo.mlir"))
        .collect();
    files.sort();
    for f in &files {
        let (p, fails) = fixpoint(
            f,
            PrintOptions {
                generic,
                ..Default::default()
            },
        );
        eprintln!("{}: {} passed, {} failed", f.display(), p, fails.len());
        total_pass += p;
        all_failures.extend(fails);
    }
    if let Ok(show) = std::env::var("SHOW_FAILURES") {
        for f in all_failures.iter().take(show.parse().unwrap_or(5)) {
            eprintln!("{f}\n");
        }
    }
    assert!(
        all_failures.is_empty(),
        "{} of {} round-trip cases differ (SHOW_FAILURES=N shows them)",
        all_failures.len(),
        total_pass + all_failures.len()
    );
}

/// Each corpus file is what `mlir-opt` 22 prints for it, with the flags
/// the corpus is printed with (`just bless`): the corpus is MLIR's text,
/// resources sections and graph regions included.
#[test]
fn the_corpus_is_what_mlir_opt_prints() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let mut compared = 0;
    for file in common::mlir_files("tests/roundtrip") {
        let text = std::fs::read(&file).expect("corpus file is readable");
        let name = file.to_string_lossy();
        let mut flags = vec!["--split-input-file", "--allow-unregistered-dialect"];
        if name.contains("generic") {
            flags.push("--mlir-print-op-generic");
        }
        if name.ends_with("debuginfo.mlir") {
            flags.push("--mlir-print-debuginfo");
        }
        let theirs = common::run(&mlir_opt, &flags, &text).expect("mlir-opt prints the corpus");
        // The file is its header line, then what mlir-opt prints.
        let printed = String::from_utf8_lossy(&text);
        let printed = filetests::header::body(&printed);
        assert_eq!(theirs, printed.trim_start_matches('\n'), "{name}");
        compared += 1;
    }
    assert!(compared >= 20, "{compared} corpus files");
}

#[test]
fn custom_form_is_a_print_fixpoint() {
    run_dir("tests/roundtrip", false);
}

#[test]
fn generic_form_is_a_print_fixpoint() {
    run_dir("tests/roundtrip/generic", true);
}

#[test]
fn debuginfo_form_is_a_print_fixpoint() {
    let print = PrintOptions {
        debug_info: true,
        ..Default::default()
    };
    let (passed, failures) = fixpoint(Path::new("tests/roundtrip/debuginfo.mlir"), print);
    for f in failures.iter().take(3) {
        eprintln!("{f}\n");
    }
    assert!(
        failures.is_empty(),
        "{} of {} debuginfo cases differ",
        failures.len(),
        passed + failures.len()
    );
}

/// Comment lines before ops (`--mlir-print-shape-facts` uses them) keep the
/// text valid: stripping them gives the plain print, and `mlir-opt` parses it.
#[test]
fn comments_before_ops_keep_the_text_valid() {
    let text = r#"func.func @f(%a: tensor<2x?xf32>) -> index {
  %0 = shape.shape_of %a : tensor<2x?xf32> -> tensor<2xindex>
  %c1 = arith.constant 1 : index
  %1 = tensor.extract %0[%c1] : tensor<2xindex>
  return %1 : index
}
"#;
    let (ctx, module) = filetests::ir_check::parse(text);
    let comment = |ctx: &ir::Context, op: ir::OpId| {
        (ctx.op_name(op) == "shape.shape_of").then(|| "shape: {2,?}\nsecond line".to_string())
    };
    let printed =
        ir::printer::print_op_with_comments(&ctx, module, PrintOptions::default(), &comment);
    assert!(
        printed.contains("    // shape: {2,?}\n    // second line\n    %0 = shape.shape_of"),
        "{printed}"
    );
    let plain = ir::printer::print_op(&ctx, module, PrintOptions::default());
    let stripped: String = printed
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(stripped, plain);
    if let Some(mlir_opt) = common::mlir_tool("mlir-opt") {
        let reprinted = common::run(&mlir_opt, &[], printed.as_bytes()).unwrap();
        assert_eq!(reprinted.trim_end(), plain.trim_end());
    }
}
