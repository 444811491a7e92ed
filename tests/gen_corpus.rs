//! The benchmark corpus (`crates/cli/examples/gen_corpus`): every family in
//! both stages is MLIR that `mlir-opt` 22 parses and verifies, lowers with
//! `shape-opt --lower-to=std` under `--verify-semantics`, and in stage 2
//! also goes through `mlir-opt`'s own shape lowering to std, the pipeline
//! `scripts/bench-vs-mlir` times. Without `mlir-opt` the `mlir-opt` checks
//! are skipped with the reason printed (a failure under
//! `SHAPE_OPT_REQUIRE_MLIR=1`).

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use cli::{process_buffer, DriverOptions};
use shapegen::corpus::{self, Family, Stage};

/// Functions per generated module: two rounds of the mixed family's five,
/// every variant of each family.
const FUNCTIONS: usize = 10;

/// Every family in every stage, named as on the command line.
fn corpora() -> Vec<(String, String)> {
    let mut all = Vec::new();
    for family in Family::ALL {
        for stage in Stage::ALL {
            let name = format!("{} {}", family.name(), stage.name());
            all.push((name, corpus::module(FUNCTIONS, family, stage)));
        }
    }
    all
}

/// `mlir-opt FLAGS -` on `text`: its output, or its errors.
fn mlir_opt(tool: &Path, flags: &[&str], text: &str) -> Result<String, String> {
    let mut child = Command::new(tool)
        .args(flags)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", tool.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn command_line_names_round_trip() {
    for family in Family::ALL {
        assert_eq!(Family::from_name(family.name()), Some(family));
    }
    for stage in Stage::ALL {
        assert_eq!(Stage::from_name(stage.name()), Some(stage));
    }
}

#[test]
fn legacy_stage2_layout_is_the_broadcast_family() {
    assert_eq!(
        corpus::legacy_module(25, "stage2"),
        corpus::module(25, Family::Broadcast, Stage::Constrained)
    );
}

#[test]
fn every_corpus_lowers_to_std_keeping_its_meaning() {
    let options = DriverOptions {
        lower_to: Some(pass::stage::Stage::Std),
        verify_semantics: Some(16),
        ..Default::default()
    };
    for (name, text) in corpora() {
        let out = process_buffer(&name, text.as_str(), &options);
        assert!(
            out.success,
            "shape-opt --lower-to=std --verify-semantics on `{name}`:\n{}",
            out.diagnostics
        );
    }
}

/// Strict symbolic shapes on the 1,000-function broadcast corpus of the
/// benchmarks: every function keeps its meaning in the mode
/// (`--verify-semantics`, whose interpreter checks the assumption), no
/// broadcast of dynamic extents takes a select, and nothing is checked on
/// entry.
#[test]
fn broadcast_corpus_in_strict_mode_keeps_its_meaning_without_selects() {
    let options = DriverOptions {
        lower_to: Some(pass::stage::Stage::Std),
        strict_symbolic_shapes: true,
        verify_semantics: Some(8),
        ..Default::default()
    };
    let text = corpus::module(1000, Family::Broadcast, Stage::Constrained);
    let out = process_buffer("broadcast stage2", text.as_str(), &options);
    assert!(out.success, "{}", out.diagnostics);
    let std = out.output();
    assert_eq!(std.matches("func.func @").count(), 1000);
    assert!(!std.contains("arith.select"), "{std}");
    assert!(!std.contains("shape_opt.strict_symbolic_shapes"));
    assert!(std.contains(
        "\"strict symbolic shapes: broadcast needs equal extents where one is dynamic\""
    ));
    assert!(!std.contains("is 1\""));
}

#[test]
fn mlir_opt_parses_every_corpus_and_lowers_stage2() {
    let Some(tool) = common::mlir_tool("mlir-opt") else {
        return;
    };
    for (name, text) in corpora() {
        if let Err(errors) = mlir_opt(&tool, &[], &text) {
            panic!("mlir-opt rejects `{name}`:\n{errors}");
        }
    }
    for family in Family::ALL {
        let text = corpus::module(FUNCTIONS, family, Stage::Constrained);
        let lowered =
            mlir_opt(&tool, &common::runner::UPSTREAM_TO_STD, &text).unwrap_or_else(|errors| {
                panic!("mlir-opt cannot lower `{}`:\n{errors}", family.name())
            });
        let left: Vec<&str> = lowered.lines().filter(|l| l.contains("shape.")).collect();
        assert!(
            left.is_empty(),
            "mlir-opt left shape ops in `{}`:\n{}",
            family.name(),
            left.join("\n")
        );
    }
}
