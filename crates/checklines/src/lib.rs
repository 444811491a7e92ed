//! A FileCheck-compatible matcher of check lines, so that data-driven tests
//! (`.mlir` files with `// CHECK:` lines) run without LLVM installed.
//!
//! [`check`] reads a check file the way LLVM's `FileCheck` does and matches
//! an input against it; [`Options::from_args`] reads FileCheck's flags.
//!
//! Supported: directives `PREFIX:`, `-NEXT:`, `-SAME:`, `-NOT:`, `-DAG:`,
//! `-LABEL:`, `-EMPTY:`, `-COUNT-n:` and the `{LITERAL}` modifier; several
//! prefixes (`--check-prefix`, `--check-prefixes`); comment prefixes
//! (`COM:`, `RUN:` by default, `--comment-prefixes`); `{{regex}}` blocks
//! (POSIX extended regexes, as LLVM reads them); string variables
//! `[[VAR:regex]]` / `[[VAR]]` (`$VAR` global); `--implicit-check-not`,
//! `--strict-whitespace`, `--match-full-lines`, `--allow-empty`,
//! `--allow-unused-prefixes`, `--enable-var-scope`. Reporting-only flags
//! (`--dump-input`, `-v`, `--color`) are accepted and ignored.
//!
//! Guarantees:
//! - Verdicts follow FileCheck's algorithm: whitespace canonicalisation of
//!   both buffers, `LABEL` regions, `DAG` groups with non-overlapping
//!   matches and `NOT`s checked between them, line checks of
//!   `NEXT`/`SAME`/`EMPTY`, an implicit end-of-input check for trailing
//!   `DAG`/`NOT`s, errors for malformed check files (empty patterns,
//!   misspelled or unsupported directives, `NEXT` first, variables in
//!   `LABEL`, unused prefixes) and for an empty input. The tests compare
//!   verdicts with the real FileCheck on the upstream test files and on
//!   mutated inputs.
//! - A [`Failure`] renders as FileCheck's messages: `file:line:col: error:`
//!   with the check line and a caret, then notes into the input (`scanning
//!   from here`, `found here`, variable values); [`Failure::exit_code`] is
//!   FileCheck's exit status.
//! - No panics on any check file, input or options.
//!
//! Not supported (reported as errors in the check file, never a silent
//! pass): numeric substitutions `[[#...]]` and `[[@LINE]]`, a use of a
//! variable defined earlier in the same pattern (a back-reference), and
//! regex back-references. Regexes match leftmost-first (the `regex` crate),
//! where POSIX takes the leftmost-longest match: only ambiguous
//! alternations (`{{a|ab}}`) can differ. FileCheck's fuzzy "possible
//! intended match" note and its input dump are not produced.

mod directive;
mod ere;
mod matcher;
mod options;
mod pattern;
mod source;

pub use options::Options;
pub use source::{Diagnostic, Failure, FailureKind, Location, Severity};

use source::{canonicalize, SourceText};

/// Check `input` against the directives of `check_file_text`, as
/// `FileCheck check-file < input` would with `options`.
pub fn check(check_file_text: &str, input: &str, options: &Options) -> Result<(), Failure> {
    options
        .validate()
        .map_err(|m| Failure::one(FailureKind::Usage, Diagnostic::bare(m)))?;
    let strict = options.strict_whitespace;
    let check = SourceText::new(
        &options.check_file_name,
        canonicalize(check_file_text, strict),
    );
    let implicit: Vec<SourceText> = options
        .implicit_check_not
        .iter()
        .map(|p| SourceText::new("command line", format!("-implicit-check-not='{p}'")))
        .collect();
    let checks = directive::read(&check, &implicit, options)?;
    if input.is_empty() && !options.allow_empty {
        return Err(Failure::one(
            FailureKind::EmptyInput,
            Diagnostic::bare(format!("'{}' is empty.", options.input_name)),
        ));
    }
    let input = SourceText::new(&options.input_name, canonicalize(input, strict));
    let mut run = matcher::Run {
        check: &check,
        implicit: &implicit,
        input: &input,
        options,
        vars: Default::default(),
        diagnostics: Vec::new(),
    };
    if run.check_input(&checks) {
        Ok(())
    } else {
        Err(Failure {
            kind: FailureKind::Mismatch,
            diagnostics: run.diagnostics,
        })
    }
}
