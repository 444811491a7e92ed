//! The header every `.mlir` file under `tests/` opens with, naming the kind
//! of test it is (as Cranelift's filetests say `test <kind>`), and
//! [`run`], the one entry point that reads it and hands the file to the
//! suite's runner of that kind.
//!
//! The first line of a test file is `// test: <kind>`, one of:
//! - `run-lines`: the file's `// RUN:` lines run `shape-opt` on it
//!   ([`crate::run_file`]);
//! - `stage-forms`: each `// -----` chunk with a `// FORM: <stage>` line is
//!   legal in that stage and in no later one ([`crate::forms`]);
//! - `interp-cases`: each `// CASE: @func args... => outcome` line is a call
//!   the interpreter makes, with the outcome it prints ([`crate::cases`]);
//! - `upstream`: a test of the LLVM project (`tests/upstream/`), whose
//!   `// RUN:` lines run `mlir-opt`: the suites compare shape-opt with
//!   `mlir-opt` on its cases and its check lines;
//! - `roundtrip`: each `// -----` chunk is what `mlir-opt` 22 prints of it;
//! - `input`: an input the suites reading its directory run as they say,
//!   with no checks of its own in the file.
//!
//! A file without the header, or with a kind not in this list, is an error
//! naming the file; so is a file of a kind its suite does not run.

use std::path::Path;

/// What opens the first line of every test file.
pub const PREFIX: &str = "// test:";

/// The kind of a test file, as its header names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    RunLines,
    StageForms,
    InterpCases,
    Upstream,
    Roundtrip,
    Input,
}

impl Kind {
    /// Every kind, in the order the header's documentation lists them.
    pub const ALL: [Kind; 6] = [
        Kind::RunLines,
        Kind::StageForms,
        Kind::InterpCases,
        Kind::Upstream,
        Kind::Roundtrip,
        Kind::Input,
    ];

    /// The kind's name in a header.
    pub fn name(self) -> &'static str {
        match self {
            Kind::RunLines => "run-lines",
            Kind::StageForms => "stage-forms",
            Kind::InterpCases => "interp-cases",
            Kind::Upstream => "upstream",
            Kind::Roundtrip => "roundtrip",
            Kind::Input => "input",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The kind `text` (the file at `file`) declares on its first line; the
/// error names the file.
pub fn kind_of(file: &Path, text: &str) -> Result<Kind, String> {
    let first = text.lines().next().unwrap_or_default();
    let name = first.strip_prefix(PREFIX).ok_or_else(|| {
        format!(
            "{}: the first line must be `{PREFIX} <kind>`, one of {}",
            file.display(),
            kind_names()
        )
    })?;
    Kind::from_name(name.trim()).ok_or_else(|| {
        format!(
            "{}: unknown test kind `{}`, expected one of {}",
            file.display(),
            name.trim(),
            kind_names()
        )
    })
}

fn kind_names() -> String {
    Kind::ALL.map(Kind::name).join(", ")
}

/// `text` with its header line emptied: the body the kinds read, with the
/// line numbers of the file.
pub fn body(text: &str) -> String {
    match text.split_once('\n') {
        Some((first, rest)) if first.starts_with(PREFIX) => format!("\n{rest}"),
        _ if text.starts_with(PREFIX) => String::new(),
        _ => text.to_string(),
    }
}

/// A suite's runner of each kind of test file it holds: each gets the file
/// and its [`body`], and returns how many cases it checked. A kind the suite
/// does not run keeps the default, an error naming the file.
pub trait Suite {
    fn run_lines(&mut self, file: &Path, _body: &str) -> Result<usize, String> {
        not_run(file, Kind::RunLines)
    }
    fn stage_forms(&mut self, file: &Path, _body: &str) -> Result<usize, String> {
        not_run(file, Kind::StageForms)
    }
    fn interp_cases(&mut self, file: &Path, _body: &str) -> Result<usize, String> {
        not_run(file, Kind::InterpCases)
    }
    fn upstream(&mut self, file: &Path, _body: &str) -> Result<usize, String> {
        not_run(file, Kind::Upstream)
    }
    fn roundtrip(&mut self, file: &Path, _body: &str) -> Result<usize, String> {
        not_run(file, Kind::Roundtrip)
    }
    fn input(&mut self, file: &Path, _body: &str) -> Result<usize, String> {
        not_run(file, Kind::Input)
    }
}

fn not_run(file: &Path, kind: Kind) -> Result<usize, String> {
    Err(format!(
        "{}: this suite does not run tests of kind `{}`",
        file.display(),
        kind.name()
    ))
}

/// Read `file`, and run it with `suite`'s runner of the kind its header
/// declares: how many cases it checked, or what failed.
pub fn run(file: &Path, suite: &mut impl Suite) -> Result<usize, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let body = body(&text);
    match kind_of(file, &text)? {
        Kind::RunLines => suite.run_lines(file, &body),
        Kind::StageForms => suite.stage_forms(file, &body),
        Kind::InterpCases => suite.interp_cases(file, &body),
        Kind::Upstream => suite.upstream(file, &body),
        Kind::Roundtrip => suite.roundtrip(file, &body),
        Kind::Input => suite.input(file, &body),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_names_the_kind() {
        let file = Path::new("t.mlir");
        assert_eq!(
            kind_of(file, "// test: run-lines\n// RUN: shape-opt %s\n"),
            Ok(Kind::RunLines)
        );
        for kind in Kind::ALL {
            let text = format!("{PREFIX} {}\n", kind.name());
            assert_eq!(kind_of(file, &text), Ok(kind));
        }
        let missing = kind_of(file, "// RUN: shape-opt %s\n").unwrap_err();
        assert!(
            missing.starts_with("t.mlir: the first line must be"),
            "{missing}"
        );
        let unknown = kind_of(file, "// test: fancy\n").unwrap_err();
        assert!(unknown.contains("unknown test kind `fancy`"), "{unknown}");
    }

    #[test]
    fn the_body_keeps_the_line_numbers() {
        assert_eq!(
            body("// test: input\nfunc.func @f()\n"),
            "\nfunc.func @f()\n"
        );
        assert_eq!(body("// test: input"), "");
        assert_eq!(body("func.func @f()\n"), "func.func @f()\n");
    }
}
