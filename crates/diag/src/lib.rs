//! Diagnostics shared by every shape-opt crate.
//!
//! A [`Diagnostic`] has a severity, a location, a message and attached notes.
//! A [`SourceMap`] knows the buffers that were read and turns byte offsets into
//! `file:line:col` positions; [`SourceMap::render`] prints a diagnostic the way
//! `mlir-opt` does (`file:line:col: error: message`) followed by the source line
//! and a caret under the column.

pub mod suggest;

use std::fmt::Write as _;

/// How serious a diagnostic is; the spelling matches MLIR's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A position in a buffer known to a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: u32,
    pub offset: u32,
}

/// Where a diagnostic points: a byte position in a source buffer, a
/// `file:line:col` position that is not backed by a buffer (from a `loc(...)`
/// attribute), or nowhere.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum DiagLoc {
    #[default]
    Unknown,
    Span(Span),
    FileLineCol {
        file: String,
        line: u32,
        col: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: DiagLoc,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn new(severity: Severity, loc: DiagLoc, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    pub fn error(loc: DiagLoc, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }
    /// A broken internal invariant at `loc`: a bug. A debug build stops
    /// here (at the caller); a release build reports `internal error:
    /// {message}` rather than go on to a wrong result.
    #[track_caller]
    pub fn internal_error(loc: DiagLoc, message: impl std::fmt::Display) -> Self {
        debug_assert!(false, "internal error: {message}");
        Self::error(loc, format!("internal error: {message}"))
    }
    pub fn with_note(mut self, loc: DiagLoc, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Byte offsets where the lines of `text` start; the two halves of a
/// large text are scanned on two threads of the current rayon pool.
pub fn line_starts(text: &str) -> Vec<u32> {
    const LARGE: usize = 8 << 20;
    let bytes = text.as_bytes();
    fn after_newlines(from: usize, part: &[u8]) -> impl Iterator<Item = u32> + '_ {
        memchr::memchr_iter(b'\n', part).map(move |i| (from + i) as u32 + 1)
    }
    if bytes.len() < LARGE {
        return std::iter::once(0).chain(after_newlines(0, bytes)).collect();
    }
    let middle = bytes.len() / 2;
    let (mut starts, rest): (Vec<u32>, Vec<u32>) = rayon::join(
        || {
            std::iter::once(0)
                .chain(after_newlines(0, &bytes[..middle]))
                .collect()
        },
        || after_newlines(middle, &bytes[middle..]).collect(),
    );
    starts.extend(rest);
    starts
}

/// One source buffer.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<u32>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let line_starts = line_starts(&text);
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// 1-based line and column of a byte offset (columns count bytes, as MLIR's do).
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        (line as u32 + 1, offset.saturating_sub(start) + 1)
    }

    /// The text of a 1-based line without its newline.
    pub fn line_text(&self, line: u32) -> &str {
        if line == 0 || line as usize > self.line_starts.len() {
            return "";
        }
        let idx = line as usize - 1;
        let start = self.line_starts.get(idx).copied().unwrap_or(0) as usize;
        let end = self
            .line_starts
            .get(idx + 1)
            .map(|e| *e as usize - 1)
            .unwrap_or(self.text.len());
        self.text.get(start..end.max(start)).unwrap_or("")
    }

    /// Byte offsets where the buffer's lines start.
    pub fn line_starts(&self) -> &[u32] {
        &self.line_starts
    }

    /// Number of lines in the buffer.
    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }
}

/// The buffers a run has read, addressed by the `file` index of a [`Span`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, file: SourceFile) -> u32 {
        self.files.push(file);
        self.files.len() as u32 - 1
    }
    pub fn file(&self, id: u32) -> Option<&SourceFile> {
        self.files.get(id as usize)
    }

    /// Free the text of every buffer, keeping names and line indexes:
    /// positions stay exact, but a diagnostic rendered afterwards shows no
    /// source line. For a caller done with diagnostics that point into the
    /// text, e.g. one that only prints the module it parsed and verified.
    pub fn drop_texts(&mut self) {
        for f in &mut self.files {
            f.text = String::new();
        }
    }

    /// `file:line:col` of a location, if it has one.
    pub fn position(&self, loc: &DiagLoc) -> Option<(String, u32, u32)> {
        match loc {
            DiagLoc::Unknown => None,
            DiagLoc::Span(span) => {
                let f = self.file(span.file)?;
                let (l, c) = f.line_col(span.offset);
                Some((f.name.clone(), l, c))
            }
            DiagLoc::FileLineCol { file, line, col } => Some((file.clone(), *line, *col)),
        }
    }

    /// Render a diagnostic and its notes as `mlir-opt` does, with the source
    /// line and a caret when the location is in a known buffer (for a note,
    /// only when it points elsewhere than what came before it).
    pub fn render(&self, diag: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_one(&mut out, diag, true);
        let mut previous = self.position(&diag.loc);
        for note in &diag.notes {
            let here = self.position(&note.loc);
            self.render_one(&mut out, note, here != previous);
            previous = here;
        }
        out
    }

    /// `diag`'s own line, and with `show_source` its source line and caret.
    fn render_one(&self, out: &mut String, diag: &Diagnostic, show_source: bool) {
        let Some((file, line, col)) = self.position(&diag.loc) else {
            let _ = writeln!(
                out,
                "loc(unknown): {}: {}",
                diag.severity.as_str(),
                diag.message
            );
            return;
        };
        let _ = writeln!(
            out,
            "{file}:{line}:{col}: {}: {}",
            diag.severity.as_str(),
            diag.message
        );
        let source = match &diag.loc {
            DiagLoc::Span(span) => self.file(span.file),
            // The newest buffer of that name (the current split chunk).
            DiagLoc::FileLineCol { file, .. } => self.files.iter().rev().find(|f| &f.name == file),
            DiagLoc::Unknown => None,
        };
        let Some(f) = source.filter(|f| show_source && line >= 1 && line <= f.line_count()) else {
            return;
        };
        let text = f.line_text(line);
        let _ = writeln!(out, "{text}");
        let pad: String = text
            .bytes()
            .take((col as usize).saturating_sub(1))
            .map(|b| if b == b'\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "{pad}^");
    }
}

impl SourceMap {
    /// `diag` as one line of JSON (`--diagnostics-format=json`):
    /// `{"severity":"error","file":"f.mlir","line":2,"column":10,
    /// "message":"...","notes":[...]}`, the notes alike; an unknown
    /// location has `file`, `line` and `column` null.
    pub fn render_json(&self, diag: &Diagnostic) -> String {
        let mut out = self.json_object(diag);
        out.push('\n');
        out
    }

    fn json_object(&self, diag: &Diagnostic) -> String {
        let (file, line, column) = match self.position(&diag.loc) {
            Some((file, line, col)) => (json_string(&file), line.to_string(), col.to_string()),
            None => ("null".into(), "null".into(), "null".into()),
        };
        let notes: Vec<String> = diag.notes.iter().map(|n| self.json_object(n)).collect();
        format!(
            "{{\"severity\":{},\"file\":{file},\"line\":{line},\"column\":{column},\"message\":{},\"notes\":[{}]}}",
            json_string(diag.severity.as_str()),
            json_string(&diag.message),
            notes.join(",")
        )
    }
}

/// A JSON string literal.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_text_has_the_line_starts_of_a_small_one() {
        // Lines of every length around the middle of the text.
        let text: String = (0..600_000).map(|i| "x".repeat(i % 29) + "\n").collect();
        assert!(text.len() >= 8 << 20);
        let expected: Vec<u32> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
            .collect();
        assert_eq!(line_starts(&text), expected);
        let ends_at_middle = format!("{}\n{}", "a".repeat((8 << 20) - 1), "b".repeat(8 << 20));
        assert_eq!(line_starts(&ends_at_middle), vec![0, 8 << 20]);
    }

    #[test]
    fn positions_outlive_the_text() {
        let mut sm = SourceMap::new();
        let id = sm.add(SourceFile::new("a.mlir", "abc\n  def\n"));
        sm.drop_texts();
        let span = DiagLoc::Span(Span {
            file: id,
            offset: 6,
        });
        assert_eq!(sm.position(&span), Some(("a.mlir".to_string(), 2, 3)));
        assert_eq!(sm.file(id).map(|f| f.line_text(2)), Some(""));
    }

    #[test]
    fn line_col_and_render() {
        let mut sm = SourceMap::new();
        let id = sm.add(SourceFile::new("a.mlir", "abc\n  def\n"));
        let f = sm.file(id).unwrap();
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(6), (2, 3));
        assert_eq!(f.line_text(2), "  def");
        let d = Diagnostic::error(
            DiagLoc::Span(Span {
                file: id,
                offset: 6,
            }),
            "bad",
        )
        .with_note(
            DiagLoc::Span(Span {
                file: id,
                offset: 1,
            }),
            "here",
        );
        assert_eq!(
            sm.render(&d),
            "a.mlir:2:3: error: bad\n  def\n  ^\na.mlir:1:2: note: here\nabc\n ^\n"
        );
    }

    /// As mlir-opt, a note where the diagnostic (or the note before it)
    /// points shows no source line again.
    #[test]
    fn notes_at_the_same_place_show_no_source_line() {
        let mut sm = SourceMap::new();
        let id = sm.add(SourceFile::new("a.mlir", "abc\n"));
        let at = DiagLoc::Span(Span {
            file: id,
            offset: 1,
        });
        let d = Diagnostic::error(at.clone(), "bad")
            .with_note(at.clone(), "same place")
            .with_note(
                DiagLoc::Span(Span {
                    file: id,
                    offset: 0,
                }),
                "elsewhere",
            );
        assert_eq!(
            sm.render(&d),
            "a.mlir:1:2: error: bad\nabc\n ^\na.mlir:1:2: note: same place\na.mlir:1:1: note: elsewhere\nabc\n^\n"
        );
    }

    #[test]
    fn offsets_past_the_end_do_not_panic() {
        let f = SourceFile::new("x", "ab");
        assert_eq!(f.line_col(100), (1, 101));
        assert_eq!(f.line_text(7), "");
    }

    /// A debug build stops at a broken invariant; a release build reports it.
    #[test]
    #[cfg_attr(debug_assertions, should_panic(expected = "internal error: no shape"))]
    fn internal_errors_stop_debug_builds_and_are_errors_in_release() {
        let d = Diagnostic::internal_error(DiagLoc::Unknown, "no shape");
        assert!(d.is_error());
        assert_eq!(d.message, "internal error: no shape");
    }
}

#[cfg(test)]
mod file_line_col_tests {
    use super::*;

    #[test]
    fn file_line_col_locations_show_their_source_line() {
        let mut sm = SourceMap::new();
        sm.add(SourceFile::new("f.mlir", "one\n  two\n"));
        let d = Diagnostic::error(
            DiagLoc::FileLineCol {
                file: "f.mlir".into(),
                line: 2,
                col: 3,
            },
            "bad",
        );
        assert_eq!(sm.render(&d), "f.mlir:2:3: error: bad\n  two\n  ^\n");
    }
}
