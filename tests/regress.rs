//! Fuzzing regressions: every file of `tests/regress/<target>/` is an input
//! a fuzz target (fuzz/, docs/fuzzing.md) once failed on, replayed through
//! that target's check of `crates/fuzz-harness` — on stable Rust, without a
//! fuzzer. Each check panics on a bug, so each input must now pass it.
//!
//! Inputs of bugs still open are in `tests/regress/<target>/open/`
//! (described in tests/regress/README.md): each must still fail its check,
//! so that a fix is noticed and the input moves up to the replayed ones.
//!
//! The targets' seeds go through the same checks: the examples for `parse`,
//! `round_trip` and `explain`, and for `pipeline` the empty input (every
//! choice 0) and [`PIPELINE_INPUTS`] random byte strings (each a generated
//! function).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use shapegen::SplitMix64;

/// The check of a fuzz target.
type Check = fn(&[u8]);

/// Random byte strings `pipeline` replays besides its saved inputs.
const PIPELINE_INPUTS: usize = 24;
/// Their length: more than the generator draws from.
const PIPELINE_INPUT_LEN: usize = 256;

/// The files of `dir` (under the repository root) that are not `.md`,
/// sorted, with their bytes; none when `dir` does not exist (git keeps no
/// empty directory of regressions).
fn files(dir: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => panic!("{}: {e}", dir.display()),
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file() && path.extension().is_none_or(|x| x != "md"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let data = std::fs::read(&path).expect("a readable input");
            (path.display().to_string(), data)
        })
        .collect()
}

/// Run `check` on every saved input of `target` and on `seeds`; fail
/// naming each input it panics on.
fn replay(target: &str, check: Check, seeds: Vec<(String, Vec<u8>)>) {
    let mut inputs = files(&format!("tests/regress/{target}"));
    inputs.extend(seeds);
    let failed: Vec<&str> = inputs
        .iter()
        .filter(|(_, data)| catch_unwind(AssertUnwindSafe(|| check(data))).is_err())
        .map(|(name, _)| name.as_str())
        .collect();
    eprintln!("{target}: {} inputs replayed", inputs.len());
    assert!(
        failed.is_empty(),
        "{target} fails on:\n{}",
        failed.join("\n")
    );
}

/// The example functions, seeds of the MLIR-text targets.
fn examples() -> Vec<(String, Vec<u8>)> {
    let mut all = files("examples");
    all.extend(files("examples/stage2"));
    all.retain(|(name, _)| name.ends_with(".mlir"));
    assert!(!all.is_empty(), "no examples found");
    all
}

#[test]
fn parse_regressions() {
    replay("parse", fuzz_harness::parse, examples());
}

#[test]
fn round_trip_regressions() {
    replay("round_trip", fuzz_harness::round_trip, examples());
}

#[test]
fn explain_regressions() {
    replay("explain", fuzz_harness::explain, examples());
}

/// The examples as bytecode, seeds of the `bytecode` target.
fn examples_as_bytecode() -> Vec<(String, Vec<u8>)> {
    let options = cli::DriverOptions {
        emit_bytecode: true,
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    examples()
        .into_iter()
        .map(|(name, text)| {
            let out = cli::process_buffer(&name, text, &options);
            let bytes = out
                .bytecode
                .unwrap_or_else(|| panic!("{name}: {}", out.diagnostics));
            (format!("{name} as bytecode"), bytes)
        })
        .collect()
}

#[test]
fn bytecode_regressions() {
    replay("bytecode", fuzz_harness::bytecode, examples_as_bytecode());
}

#[test]
fn pipeline_regressions() {
    let mut random = SplitMix64::new(0xf022);
    let seeds = (0..PIPELINE_INPUTS)
        .map(|i| {
            let bytes = (0..PIPELINE_INPUT_LEN)
                .map(|_| random.next_u64() as u8)
                .collect();
            (format!("random input {i}"), bytes)
        })
        .chain([("empty input".to_string(), Vec::new())])
        .collect();
    replay("pipeline", fuzz_harness::pipeline, seeds);
}

#[test]
fn open_bugs_still_fail() {
    let targets: [(&str, Check); 5] = [
        ("parse", fuzz_harness::parse),
        ("bytecode", fuzz_harness::bytecode),
        ("round_trip", fuzz_harness::round_trip),
        ("pipeline", fuzz_harness::pipeline),
        ("explain", fuzz_harness::explain),
    ];
    for (target, check) in targets {
        for (name, data) in files(&format!("tests/regress/{target}/open")) {
            assert!(
                catch_unwind(AssertUnwindSafe(|| check(&data))).is_err(),
                "{name} passes now: the bug is fixed; move the file to tests/regress/{target}/ \
                 and update tests/regress/README.md"
            );
        }
    }
}
