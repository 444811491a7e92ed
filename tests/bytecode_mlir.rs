//! MLIR bytecode against `mlir-opt` 22, both ways, on every case of the
//! examples, the round-trip corpus and the upstream tests we carry, and on
//! a generated 5,000-function module:
//! - `mlir-opt --emit-bytecode`, then `shape-opt`, prints what `mlir-opt`
//!   prints from the text;
//! - `shape-opt --emit-bytecode`, then `mlir-opt`, prints what `shape-opt`
//!   prints.
//!
//! Skipped, saying why, without `mlir-opt` (a failure under
//! `SHAPE_OPT_REQUIRE_MLIR=1`).

mod common;

use cli::{process_buffer, DriverOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Cases that hold what shape-opt does not read or write in bytecode yet,
/// by a string of their text, with the reason.
const GAPS: &[(&str, &str)] = &[
    (
        "\"0x00000000\"",
        "mlir-opt 22 cannot read an empty blob back from bytecode, not even its own",
    ),
    ("complex<", "dense elements of complex type are not read"),
    ("distinct[", "distinct attributes are not read"),
    ("sparse<", "sparse elements are not read"),
    ("dense<[\"", "dense string elements are not read"),
    ("f8E", "small float constants are not read"),
    ("f4E", "small float constants are not read"),
    ("f6E", "small float constants are not read"),
    (
        "test.",
        "ops of MLIR's test dialect have properties in layouts shape-opt does not know",
    ),
];

fn gap(text: &str) -> Option<&'static str> {
    GAPS.iter()
        .find(|(s, _)| text.contains(s))
        .map(|(_, why)| *why)
}

fn options(emit_bytecode: bool) -> DriverOptions {
    DriverOptions {
        allow_unregistered_dialect: true,
        emit_bytecode,
        ..Default::default()
    }
}

/// `mlir-opt FLAGS input -o output`; the output's bytes, or stderr.
fn mlir_opt(tool: &Path, flags: &[&str], input: &[u8], scratch: &Path) -> Result<Vec<u8>, String> {
    let input_file = scratch.with_extension("in");
    let output_file = scratch.with_extension("out");
    std::fs::write(&input_file, input).map_err(|e| e.to_string())?;
    let out = Command::new(tool)
        .args(flags)
        .arg("--allow-unregistered-dialect")
        .arg(&input_file)
        .arg("-o")
        .arg(&output_file)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    std::fs::read(&output_file).map_err(|e| e.to_string())
}

/// Both directions on one case; `None` when it is not one to compare
/// (text either tool refuses, or a known gap), else the differences.
fn compare(tool: &Path, name: &str, text: &[u8], scratch: &Path) -> Option<Vec<String>> {
    if gap(&String::from_utf8_lossy(text)).is_some() {
        return None;
    }
    let theirs = mlir_opt(tool, &[], text, scratch).ok()?;
    let ours = process_buffer("case.mlir", text, &options(false));
    if !ours.success {
        return None;
    }
    let mut failures = Vec::new();
    let their_bytecode = mlir_opt(tool, &["--emit-bytecode"], text, scratch).ok()?;
    let read = process_buffer("case.mlirbc", their_bytecode, &options(false));
    if !read.success || read.output().as_bytes() != theirs.as_slice() {
        failures.push(format!(
            "{name}: mlir-opt's bytecode, read by shape-opt:\n{}{}--- mlir-opt prints\n{}",
            read.output(),
            read.diagnostics,
            String::from_utf8_lossy(&theirs)
        ));
    }
    let written = process_buffer("case.mlir", text, &options(true));
    let our_bytecode = written.bytecode.expect("--emit-bytecode gives bytecode");
    match mlir_opt(tool, &[], &our_bytecode, scratch) {
        Ok(printed) if printed == ours.output().as_bytes() => {}
        other => failures.push(format!(
            "{name}: shape-opt's bytecode, read by mlir-opt:\n{}--- shape-opt prints\n{}",
            match other {
                Ok(p) => String::from_utf8_lossy(&p).into_owned(),
                Err(e) => e,
            },
            ours.output()
        )),
    }
    Some(failures)
}

/// A directory of this process's own for the files of the test `tag`.
fn scratch_dir(tag: &str) -> PathBuf {
    let name = format!("shape-opt-bytecode-mlir-{}-{tag}", std::process::id());
    let dir = std::env::temp_dir().join(name);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn bytecode_round_trips_with_mlir_opt_on_every_case() {
    let Some(tool) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let cases = common::bytecode_cases();
    let dir = scratch_dir("cases");
    let indexed: Vec<(usize, &(String, Vec<u8>))> = cases.iter().enumerate().collect();
    let results = common::on_every_core(&indexed, |(i, (name, text))| {
        compare(&tool, name, text, &dir.join(format!("case{i}")))
    });
    std::fs::remove_dir_all(&dir).ok();
    let compared = results.iter().flatten().count();
    let failures: Vec<String> = results.into_iter().flatten().flatten().collect();
    eprintln!("{compared} of {} cases compared both ways", cases.len());
    assert!(compared > 850, "only {compared} cases compared");
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_generated_module_of_5000_functions_round_trips_with_mlir_opt() {
    let Some(tool) = common::mlir_tool("mlir-opt") else {
        return;
    };
    let text = shapegen::corpus::legacy_module(5000, "mixed");
    let dir = scratch_dir("generated");
    let failures = compare(
        &tool,
        "5,000 functions",
        text.as_bytes(),
        &dir.join("corpus"),
    );
    std::fs::remove_dir_all(&dir).ok();
    let failures = failures.expect("mlir-opt and shape-opt read the generated module");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
