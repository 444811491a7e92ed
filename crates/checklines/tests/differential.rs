//! Differential test of the matcher against the real FileCheck on the
//! upstream test files (`tests/upstream/`): every RUN line that pipes
//! `mlir-opt` into FileCheck is run with the real `mlir-opt` 22, and its
//! output, plus mutants of it (a line deleted, duplicated, swapped with the
//! next, a token changed), is checked by both; the verdicts must be equal.
//! Needs `mlir-opt` (skipped otherwise, as every MLIR interop test); without
//! FileCheck only checklines' verdicts are reported.

use std::path::{Path, PathBuf};
use std::process::Command;

const UPSTREAM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/upstream");

/// Mutant positions per RUN line (spread over the output).
const POSITIONS: usize = 24;

/// The RUN lines of a test file, continuation lines (`\` at the end) joined.
fn run_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let Some((_, command)) = line.split_once("RUN:") else {
            continue;
        };
        let mut command = pending.take().unwrap_or_default() + command.trim();
        if command.ends_with('\\') {
            command.pop();
            pending = Some(command + " ");
        } else {
            lines.push(command);
        }
    }
    lines
}

/// `command`'s output with `mlir-opt` and the `%s`/`%t` substitutions, run
/// by bash with pipefail; `None` when it fails (a test pass `mlir-opt` 22
/// lacks, say).
fn produce(command: &str, file: &Path, temp: &Path, mlir_opt: &Path) -> Option<Vec<u8>> {
    let command = command
        .replace("%s", &file.to_string_lossy())
        .replace("%t", &temp.to_string_lossy())
        .split(' ')
        .map(|word| {
            if word == "mlir-opt" {
                mlir_opt.to_string_lossy().into_owned()
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let out = Command::new("bash")
        .args(["-o", "pipefail", "-c", &command])
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
}

/// FileCheck's arguments on a RUN line, without the check file (`%s`).
fn check_args(args: &str) -> Vec<String> {
    args.split_whitespace()
        .filter(|a| *a != "%s")
        .map(|a| a.trim_matches(['"', '\'']).to_string())
        .collect()
}

/// `line` with its first word changed: the word's last character moved to
/// the next digit or letter.
fn change_token(line: &str) -> Option<String> {
    let start = line.find(|c: char| c.is_ascii_alphanumeric())?;
    let len = line[start..]
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(line.len() - start);
    let last = start + len - 1;
    let c = line.as_bytes()[last];
    let changed = match c {
        b'9' => b'0',
        b'z' => b'a',
        b'Z' => b'A',
        _ => c + 1,
    };
    Some(format!(
        "{}{}{}",
        &line[..last],
        changed as char,
        &line[last + 1..]
    ))
}

/// The output and its mutants, each with a name.
fn inputs(output: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = output.lines().collect();
    let mut all = vec![("output".to_string(), output.to_string())];
    let n = lines.len();
    let join = |ls: Vec<&str>| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
    let mut positions: Vec<usize> = (0..POSITIONS).map(|k| k * n / POSITIONS).collect();
    positions.dedup();
    for i in positions.into_iter().filter(|&i| i < n) {
        let mut deleted = lines.clone();
        deleted.remove(i);
        all.push((format!("line {} deleted", i + 1), join(deleted)));
        let mut duplicated = lines.clone();
        duplicated.insert(i, lines[i]);
        all.push((format!("line {} duplicated", i + 1), join(duplicated)));
        if i + 1 < n {
            let mut swapped = lines.clone();
            swapped.swap(i, i + 1);
            all.push((
                format!("lines {} and {} swapped", i + 1, i + 2),
                join(swapped),
            ));
        }
        if let Some(changed) = change_token(lines[i]) {
            let mut token = lines.clone();
            token[i] = &changed;
            all.push((format!("line {} token changed", i + 1), join(token)));
        }
    }
    all
}

#[derive(Default)]
struct Tally {
    run_lines: usize,
    skipped: Vec<String>,
    both_pass: usize,
    both_fail: usize,
    ours_only: [usize; 2],
    disagreements: Vec<String>,
}

#[test]
fn verdicts_equal_filecheck_on_upstream_tests() {
    let Some(mlir_opt) = filetests::mlir_tool("mlir-opt") else {
        return;
    };
    let filecheck = filetests::reference_filecheck();
    if filecheck.is_none() {
        eprintln!(
            "skipping the FileCheck half: FileCheck not found; reporting checklines' verdicts only"
        );
    }
    let temp: PathBuf =
        std::env::temp_dir().join(format!("checklines-diff-{}", std::process::id()));
    let mut tally = Tally::default();
    for file in filetests::mlir_files(UPSTREAM) {
        let text = std::fs::read_to_string(&file).expect("upstream test file");
        let _ = std::fs::remove_file(&temp);
        for line in run_lines(&text) {
            let Some((producer, args)) = line.rsplit_once("| FileCheck") else {
                continue;
            };
            let name = format!(
                "{}: {line}",
                file.strip_prefix(UPSTREAM).unwrap_or(&file).display()
            );
            let Some(output) = produce(producer, &file, &temp, &mlir_opt) else {
                tally.skipped.push(name);
                let _ = std::fs::remove_file(&temp);
                continue;
            };
            tally.run_lines += 1;
            let args = check_args(args);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            for (what, input) in inputs(&String::from_utf8_lossy(&output)) {
                let (ours, theirs) = filetests::filecheck_both(&file, input.as_bytes(), &args);
                match theirs {
                    None => tally.ours_only[usize::from(ours.is_ok())] += 1,
                    Some(theirs) if theirs.is_ok() != ours.is_ok() => {
                        tally.disagreements.push(format!(
                            "{name} ({what}):\n--- checklines: {ours:?}\n--- FileCheck: {theirs:?}"
                        ))
                    }
                    Some(_) if ours.is_ok() => tally.both_pass += 1,
                    Some(_) => tally.both_fail += 1,
                }
            }
        }
    }
    let _ = std::fs::remove_file(&temp);
    eprintln!(
        "checklines vs FileCheck on {} upstream RUN lines: {} inputs both pass, {} both fail, {} disagree; \
         without FileCheck: {} pass, {} fail; not runnable with mlir-opt 22: {:?}",
        tally.run_lines,
        tally.both_pass,
        tally.both_fail,
        tally.disagreements.len(),
        tally.ours_only[1],
        tally.ours_only[0],
        tally.skipped
    );
    assert!(tally.run_lines > 0, "no upstream RUN line could be run");
    assert!(
        tally.disagreements.is_empty(),
        "{}",
        tally.disagreements.join("\n\n")
    );
}
