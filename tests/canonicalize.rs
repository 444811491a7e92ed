//! `canonicalize` against `mlir-opt --canonicalize` on every `// -----`
//! case of the round-trip corpus and the upstream shape tests that
//! `mlir-opt` canonicalizes successfully. Both outputs are re-parsed and
//! printed by shape-opt, so only what canonicalization did is compared.

mod common;

use cli::{process_buffer, DriverOptions};

fn options(pipeline: Option<&str>) -> DriverOptions {
    DriverOptions {
        allow_unregistered_dialect: true,
        pipeline: pipeline.map(str::to_string),
        ..Default::default()
    }
}

/// `text` parsed and printed by shape-opt (`None` if it does not parse).
fn normalized(text: &[u8]) -> Option<String> {
    let out = process_buffer("n.mlir", text, &options(None));
    out.success.then(|| out.output())
}

#[test]
fn canonicalize_matches_mlir_opt_on_the_corpora() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let mut files = common::mlir_files("tests/roundtrip");
    files.retain(|f| !f.ends_with("debuginfo.mlir"));
    files.extend(common::mlir_files("tests/upstream/mlir/test/Dialect/Shape"));
    let (mut compared, mut same) = (0, 0);
    let mut mismatches = Vec::new();
    for file in files {
        let text = std::fs::read(&file).expect("corpus file");
        for (i, case) in cli::split_chunks(&text).into_iter().enumerate() {
            let flags = ["--allow-unregistered-dialect", "--canonicalize"];
            let Ok(reference) = common::run(&mlir_opt, &flags, &case) else {
                continue;
            };
            let Some(reference) = normalized(reference.as_bytes()) else {
                continue;
            };
            compared += 1;
            let ours = process_buffer(
                "c.mlir",
                case.as_slice(),
                &options(Some("builtin.module(canonicalize)")),
            );
            let ours = normalized(ours.output().as_bytes()).unwrap_or(ours.diagnostics);
            if ours == reference {
                same += 1;
            } else {
                mismatches.push(format!(
                    "{}#{i}\n--- mlir-opt\n{reference}--- shape-opt\n{ours}",
                    file.display()
                ));
            }
        }
    }
    eprintln!("canonicalize: {same}/{compared} cases as mlir-opt");
    for m in &mismatches {
        eprintln!("{m}");
    }
    assert!(compared > 700, "only {compared} cases compared");
    assert_eq!(same, compared, "{same}/{compared} cases match");
}

/// Every integer literal of the corpora replaced by edge values (zero, ±1,
/// the 64-bit extremes, widths): canonicalization may decline, never panic.
#[test]
fn canonicalize_survives_edge_constants() {
    const EDGES: &[&str] = &[
        "0",
        "-1",
        "1",
        "-9223372036854775808",
        "9223372036854775807",
        "64",
        "-128",
        "4294967296",
    ];
    let mut files = common::mlir_files("tests/roundtrip");
    files.extend(common::mlir_files("tests/upstream/mlir/test/Dialect/Shape"));
    let mut runs = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("corpus file");
        for (k, edge) in EDGES.iter().enumerate() {
            let mutated = replace_integers(&text, edge, k);
            let options = DriverOptions {
                split_input_file: true,
                ..options(Some("builtin.module(canonicalize)"))
            };
            let out = process_buffer("e.mlir", mutated.as_bytes(), &options);
            assert!(
                !out.diagnostics.contains("internal error"),
                "{} with {edge}: {}",
                file.display(),
                out.diagnostics
            );
            runs += 1;
        }
    }
    assert!(runs > 50);
}

/// `text` with every other (by `phase`) decimal literal that follows
/// `constant `, `[` or `, ` replaced by `edge`.
fn replace_integers(text: &str, edge: &str, phase: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut n = phase;
    while let Some(i) = rest.find(|c: char| c.is_ascii_digit()) {
        let (before, from) = rest.split_at(i);
        let len = from
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(from.len());
        let (literal, after) = from.split_at(len);
        let in_context = [" constant ", "[", ", "]
            .iter()
            .any(|p| before.ends_with(p));
        let standalone = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '.');
        out.push_str(before);
        n += 1;
        out.push_str(if in_context && standalone && n.is_multiple_of(2) {
            edge
        } else {
            literal
        });
        rest = after;
    }
    out.push_str(rest);
    out
}
