//! Buffers (check file, input, command line), whitespace canonicalisation,
//! and diagnostics rendered as LLVM's `SourceMgr` renders them.

use std::fmt;

/// Apply FileCheck's canonicalisation to a whole buffer: a `\r` before a
/// `\n` is dropped and, unless `strict_whitespace`, every run of spaces and
/// tabs becomes one space. Newlines are kept, so line numbers do not move.
pub(crate) fn canonicalize(text: &str, strict_whitespace: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            ' ' | '\t' if !strict_whitespace => {
                out.push(' ');
                while chars.next_if(|&n| n == ' ' || n == '\t').is_some() {}
            }
            _ => out.push(c),
        }
    }
    out
}

/// A named buffer and the byte offsets where its lines start.
pub(crate) struct SourceText {
    name: String,
    pub(crate) text: String,
    line_starts: Vec<usize>,
}

impl SourceText {
    pub(crate) fn new(name: &str, text: String) -> SourceText {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceText {
            name: name.to_string(),
            text,
            line_starts,
        }
    }

    /// A diagnostic at byte `offset`, underlining `width` bytes (at least
    /// the caret).
    pub(crate) fn diag(
        &self,
        offset: usize,
        width: usize,
        severity: Severity,
        message: impl Into<String>,
    ) -> Diagnostic {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let end = self.text[start..]
            .find(['\n', '\r'])
            .map_or(self.text.len(), |e| start + e);
        Diagnostic {
            severity,
            message: message.into(),
            location: Some(Location {
                file: self.name.clone(),
                line,
                column: offset - start + 1,
                source_line: self.text[start..end].to_string(),
                width: width.max(1),
            }),
        }
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Note,
}

/// Where a diagnostic points: 1-based line and byte column, the line's text,
/// and how many bytes to underline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub source_line: String,
    pub width: usize,
}

/// One message, as FileCheck prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub location: Option<Location>,
}

impl Diagnostic {
    /// A diagnostic that points nowhere (command-line and setup errors).
    pub(crate) fn bare(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            location: None,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Note => "note",
        };
        let Some(loc) = &self.location else {
            return writeln!(f, "{severity}: {}", self.message);
        };
        writeln!(
            f,
            "{}:{}:{}: {severity}: {}",
            loc.file, loc.line, loc.column, self.message
        )?;
        writeln!(f, "{}", loc.source_line)?;
        // Underline within the line only, as SourceMgr does.
        let room = (loc.source_line.len() + 1).saturating_sub(loc.column);
        let tildes = loc.width.min(room.max(1)) - 1;
        writeln!(f, "{}^{}", " ".repeat(loc.column - 1), "~".repeat(tildes))
    }
}

/// Why a check did not pass; FileCheck's exit code follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The options are invalid (FileCheck exits with 2).
    Usage,
    /// The check file is malformed or has no checks (exit 2).
    CheckFile,
    /// The input is empty and `allow_empty` is off (exit 2).
    EmptyInput,
    /// The check lines do not match the input (exit 1).
    Mismatch,
}

/// A failed check: what kind, and every diagnostic FileCheck would print
/// (errors, each followed by its notes), in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    pub diagnostics: Vec<Diagnostic>,
}

impl Failure {
    pub(crate) fn one(kind: FailureKind, diagnostic: Diagnostic) -> Failure {
        Failure {
            kind,
            diagnostics: vec![diagnostic],
        }
    }

    /// FileCheck's exit status for this failure (1 or 2).
    pub fn exit_code(&self) -> i32 {
        match self.kind {
            FailureKind::Mismatch => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagnostics.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

impl std::error::Error for Failure {}
