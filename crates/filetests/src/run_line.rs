//! `// RUN:` lines: what they run, and running every one of a file.

use crate::header::Suite;
use crate::precise;
use std::path::Path;
use std::process::Command;

/// What a RUN line does with the output of `shape-opt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    /// Nothing: the run must succeed.
    Succeed,
    /// `| FileCheck %s ARGS`: the file's check lines, with FileCheck's
    /// flags.
    FileCheck(Vec<String>),
    /// `| precise-output`: the whole output, against the file's block.
    PreciseOutput,
}

/// One RUN line: `shape-opt`'s arguments and what checks its output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunLine {
    pub shape_opt: Vec<String>,
    pub then: Then,
}

impl RunLine {
    /// The RUN lines of `text` (the file at `path`, which `%s` names).
    pub fn all(path: &Path, text: &str) -> Result<Vec<RunLine>, String> {
        let name = path.to_string_lossy();
        text.lines()
            .filter_map(|l| l.trim_start().strip_prefix("// RUN:"))
            .map(|command| RunLine::parse(&command.replace("%s", &name)))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{name}: {e}"))
    }

    /// One RUN command (after `%s` is replaced).
    pub fn parse(command: &str) -> Result<RunLine, String> {
        let (tool, then) = match command.split_once('|') {
            Some((t, c)) => (t, Some(words(c))),
            None => (command, None),
        };
        let mut shape_opt = words(tool);
        if shape_opt.first().map(String::as_str) != Some("shape-opt") {
            return Err(format!("RUN must start with shape-opt: {command}"));
        }
        shape_opt.remove(0);
        let then = match then.as_deref() {
            None => Then::Succeed,
            Some([tool, args @ ..]) if tool == "FileCheck" => {
                // The check file is the test file itself (`FileCheck %s`).
                Then::FileCheck(args.iter().skip(1).cloned().collect())
            }
            Some([tool]) if tool == "precise-output" => Then::PreciseOutput,
            Some(_) => {
                return Err(format!(
                    "only FileCheck or precise-output may follow a pipe: {command}"
                ))
            }
        };
        Ok(RunLine { shape_opt, then })
    }
}

/// Split a command into words, honouring single and double quotes.
pub fn words(command: &str) -> Vec<String> {
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

/// Run every RUN line of `file`, a `run-lines` test (its header says so),
/// with the `shape-opt` binary at `shape_opt`, `extra` arguments first; how
/// many ran, or what failed.
pub fn run_file(shape_opt: &Path, file: &Path, extra: &[&str]) -> Result<usize, String> {
    crate::header::run(file, &mut ShapeOptRunLines { shape_opt, extra })
}

/// The runner of `run-lines` tests: the `shape-opt` binary and the
/// arguments it gets before each RUN line's.
pub struct ShapeOptRunLines<'a> {
    pub shape_opt: &'a Path,
    pub extra: &'a [&'a str],
}

impl Suite for ShapeOptRunLines<'_> {
    fn run_lines(&mut self, file: &Path, body: &str) -> Result<usize, String> {
        let lines = RunLine::all(file, body)?;
        if lines.is_empty() {
            return Err(format!("{} has no RUN line", file.display()));
        }
        for line in &lines {
            let out = Command::new(self.shape_opt)
                .args(self.extra)
                .args(&line.shape_opt)
                .output()
                .map_err(|e| format!("{}: {e}", self.shape_opt.display()))?;
            if !out.status.success() {
                return Err(format!(
                    "shape-opt {:?} failed:\n{}",
                    line.shape_opt,
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            match &line.then {
                Then::Succeed => {}
                Then::FileCheck(args) => {
                    let args: Vec<&str> = args.iter().map(String::as_str).collect();
                    crate::filecheck(file, &out.stdout, &args).map_err(|e| {
                        format!("check lines {args:?} failed for {}:\n{e}", file.display())
                    })?;
                }
                Then::PreciseOutput => {
                    precise::compare_or_bless(file, &String::from_utf8_lossy(&out.stdout))?
                }
            }
        }
        Ok(lines.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lines_say_what_checks_the_output() {
        let line = RunLine::parse("shape-opt f.mlir --pass-pipeline='builtin.module(cse)' | FileCheck f.mlir --check-prefix=A").unwrap();
        assert_eq!(
            line.shape_opt,
            ["f.mlir", "--pass-pipeline=builtin.module(cse)"]
        );
        assert_eq!(line.then, Then::FileCheck(vec!["--check-prefix=A".into()]));
        let line = RunLine::parse("shape-opt f.mlir --lower-to=std | precise-output").unwrap();
        assert_eq!(line.then, Then::PreciseOutput);
        assert!(RunLine::parse("mlir-opt f.mlir").is_err());
        assert!(RunLine::parse("shape-opt f.mlir | grep x").is_err());
    }
}
