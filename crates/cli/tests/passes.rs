//! The per-pass data-driven tests, `tests/passes/*.mlir`: each file's
//! `// RUN:` lines run the built `shape-opt` on the file, and, when a line
//! pipes into `FileCheck`, the output is checked against the file's check
//! lines with `checklines` (and the real FileCheck when installed; no LLVM
//! needed); `--verify-diagnostics` lines check themselves. Every line runs
//! with `--verify-semantics` added: each pass must keep what every function
//! computes on sampled inputs.

#[path = "../../../tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/passes");

/// Split a RUN command into words, honouring single and double quotes.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in command.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (_, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(word);
    }
    out
}

/// One RUN line: shape-opt's arguments, and FileCheck's if it pipes there.
struct Run {
    shape_opt: Vec<String>,
    filecheck: Option<Vec<String>>,
}

fn runs(file: &Path, text: &str) -> Vec<Run> {
    let path = file.to_string_lossy();
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix("// RUN:"))
        .map(|command| {
            let command = command.replace("%s", &path);
            let (tool, check) = match command.split_once('|') {
                Some((t, c)) => (t.to_string(), Some(c.to_string())),
                None => (command, None),
            };
            let mut tool = words(&tool);
            assert_eq!(
                tool.first().map(String::as_str),
                Some("shape-opt"),
                "{path}: RUN must start with shape-opt"
            );
            tool.remove(0);
            let filecheck = check.map(|c| {
                let mut c = words(&c);
                assert_eq!(
                    c.first().map(String::as_str),
                    Some("FileCheck"),
                    "{path}: only FileCheck may follow a pipe"
                );
                c.remove(0);
                c
            });
            Run {
                shape_opt: tool,
                filecheck,
            }
        })
        .collect()
}

#[test]
fn every_run_line_of_every_pass_test_holds() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DIR)
        .expect("tests/passes")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let mut ran = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let lines = runs(file, &text);
        assert!(!lines.is_empty(), "{} has no RUN line", file.display());
        for run in lines {
            let out = Command::new(env!("CARGO_BIN_EXE_shape-opt"))
                .arg("--verify-semantics")
                .args(&run.shape_opt)
                .output()
                .expect("shape-opt runs");
            assert!(
                out.status.success(),
                "shape-opt {:?} failed:\n{}",
                run.shape_opt,
                String::from_utf8_lossy(&out.stderr)
            );
            if let Some(args) = &run.filecheck {
                // The check file is the test file itself (`FileCheck %s`).
                let args: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
                if let Err(e) = common::filecheck(file, &out.stdout, &args) {
                    panic!("check lines {args:?} failed for {}:\n{e}", file.display());
                }
            }
            ran += 1;
        }
    }
    assert!(ran >= 5, "{ran} RUN lines");
}
