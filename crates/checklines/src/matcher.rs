//! Matching check strings against the input, as FileCheck does: `LABEL`s
//! first cut the input into regions, then each region's checks match in
//! order, with `DAG` groups, `NOT` exclusions and the line constraints of
//! `NEXT`, `SAME` and `EMPTY`.

use std::ops::Range;

use crate::directive::CheckString;
use crate::pattern::{Found, Kind, MatchError, Pattern, Src, Vars};
use crate::source::{Diagnostic, Severity, SourceText};
use crate::Options;

/// One run over an input: the buffers, the variables, the diagnostics.
pub(crate) struct Run<'a> {
    pub(crate) check: &'a SourceText,
    pub(crate) implicit: &'a [SourceText],
    pub(crate) input: &'a SourceText,
    pub(crate) options: &'a Options,
    pub(crate) vars: Vars,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl Run<'_> {
    /// Match every check; false (with diagnostics) when one fails. A failed
    /// check skips the rest of its `LABEL` region, as in FileCheck.
    pub(crate) fn check_input(&mut self, checks: &[CheckString]) -> bool {
        let input_len = self.input.text.len();
        let mut buffer_start = 0;
        let mut failed = false;
        let (mut i, mut j) = (0, 0);
        loop {
            let mut region = if j == checks.len() {
                buffer_start..input_len
            } else {
                let label = &checks[j];
                if label.pat.kind != Kind::Label {
                    j += 1;
                    continue;
                }
                let Some(m) = self.check_string(label, buffer_start..input_len, true) else {
                    return false;
                };
                let end = m.pos + m.len;
                let region = buffer_start..end;
                buffer_start = end;
                j += 1;
                region
            };
            if i != 0 && self.options.enable_var_scope {
                self.vars.retain(|name, _| name.starts_with('$'));
            }
            while i < j {
                match self.check_string(&checks[i], region.clone(), false) {
                    Some(m) => {
                        region.start = m.pos + m.len;
                        i += 1;
                    }
                    None => {
                        failed = true;
                        i = j;
                    }
                }
            }
            if j == checks.len() {
                return !failed;
            }
        }
    }

    /// Match one check string in `region`; in label-scan mode only its own
    /// pattern. The match spans all `COUNT` repetitions.
    fn check_string(
        &mut self,
        cs: &CheckString,
        region: Range<usize>,
        scan: bool,
    ) -> Option<Found> {
        let mut nots = Vec::new();
        let last_pos = if scan {
            region.start
        } else {
            self.check_dag(cs, region.clone(), &mut nots)?
        };
        let count = cs.pat.kind.count();
        let mut end = last_pos;
        let mut first = last_pos;
        for n in 1..=count {
            let m = self.find(&cs.pat, end..region.end)?;
            let Some(m) = m else {
                let progress = if count > 1 {
                    format!(" ({n} out of {count})")
                } else {
                    String::new()
                };
                self.not_found(&cs.pat, end, &progress);
                return None;
            };
            if n == 1 {
                first = m.pos;
            }
            end = m.pos + m.len;
        }
        if !scan {
            let skipped = last_pos..first;
            if !self.check_line(&cs.pat, skipped.clone(), first) || !self.check_not(&nots, skipped)
            {
                return None;
            }
        }
        Some(Found {
            pos: first,
            len: end - first,
        })
    }

    /// Match the `DAG` groups of `cs` from the start of `region`, collecting
    /// the `NOT`s after the last group into `nots`; the offset where the
    /// check's own search starts.
    fn check_dag<'c>(
        &mut self,
        cs: &'c CheckString,
        region: Range<usize>,
        nots: &mut Vec<&'c Pattern>,
    ) -> Option<usize> {
        let mut start = region.start;
        // Non-overlapping matches of the current group, sorted.
        let mut group: Vec<Range<usize>> = Vec::new();
        for (k, pat) in cs.dag_not.iter().enumerate() {
            if pat.kind == Kind::Not {
                nots.push(pat);
                continue;
            }
            let mut from = start;
            let m = loop {
                let Some(m) = self.find(pat, from..region.end)? else {
                    self.not_found(pat, from, "");
                    return None;
                };
                let range = m.pos..m.pos + m.len;
                // The first earlier match that ends after this one starts.
                match group.iter().position(|g| range.start < g.end) {
                    Some(g) if group[g].start < range.end => from = group[g].end,
                    Some(g) => break (g, range),
                    None => break (group.len(), range),
                }
            };
            group.insert(m.0, m.1);
            let group_ends = cs
                .dag_not
                .get(k + 1)
                .is_none_or(|next| next.kind == Kind::Not);
            if group_ends {
                if !nots.is_empty() {
                    let first = group.first().map_or(start, |g| g.start);
                    if !self.check_not(nots, start..first) {
                        return None;
                    }
                    nots.clear();
                }
                start = group.iter().map(|g| g.end).max().unwrap_or(start);
                group.clear();
            }
        }
        Some(start)
    }

    /// The line constraints of `NEXT`/`EMPTY` (exactly one newline skipped)
    /// and `SAME` (none); `first` is where the match starts.
    fn check_line(&mut self, pat: &Pattern, skipped: Range<usize>, first: usize) -> bool {
        // From where the previous match ended to where this one starts.
        let text = self.input.text.as_bytes().get(skipped.clone());
        debug_assert!(text.is_some(), "the skipped text lies within the input");
        let text = text.unwrap_or_default();
        let newlines = memchr::memchr_iter(b'\n', text).count();
        let name = pat.kind.describe(&pat.prefix);
        let message = match pat.kind {
            Kind::Next | Kind::Empty if newlines == 0 => "is on the same line as previous match",
            Kind::Next | Kind::Empty if newlines > 1 => {
                "is not on the line after the previous match"
            }
            Kind::Same if newlines != 0 => "is not on the same line as the previous match",
            _ => return true,
        };
        self.error_at_pattern(pat, format!("{name}: {message}"));
        self.note(first, 1, "'next' match was here");
        self.note(skipped.start, 1, "previous match ended here");
        if newlines > 1 {
            if let Some(nl) = memchr::memchr(b'\n', text) {
                self.note(
                    skipped.start + nl + 1,
                    1,
                    "non-matching line after previous match is here",
                );
            }
        }
        false
    }

    /// No pattern of `nots` may match in `range`; all are tried.
    fn check_not(&mut self, nots: &[&Pattern], range: Range<usize>) -> bool {
        let mut ok = true;
        for &pat in nots {
            match self.find(pat, range.clone()) {
                Some(Some(m)) => {
                    self.error_at_pattern(
                        pat,
                        format!(
                            "{}: excluded string found in input",
                            pat.kind.describe(&pat.prefix)
                        ),
                    );
                    self.note(m.pos, m.len, "found here");
                    ok = false;
                }
                Some(None) => {}
                None => ok = false,
            }
        }
        ok
    }

    /// Find `pat` in `range`; `None` (after reporting) when it cannot be
    /// matched at all (undefined variable, regex too big).
    fn find(&mut self, pat: &Pattern, range: Range<usize>) -> Option<Option<Found>> {
        match pat.find(self.input.text.as_bytes(), range, &mut self.vars) {
            Ok(found) => Some(found),
            Err(MatchError::Undefined(names)) => {
                for (at, name) in names {
                    let d = self.source(pat).diag(
                        at,
                        1,
                        Severity::Error,
                        format!("undefined variable: {name}"),
                    );
                    self.diagnostics.push(d);
                }
                None
            }
            Err(MatchError::Regex(message)) => {
                self.error_at_pattern(pat, format!("invalid regex: {message}"));
                None
            }
        }
    }

    fn source(&self, pat: &Pattern) -> &SourceText {
        match pat.src {
            Src::CheckFile => self.check,
            Src::CommandLine(i) => self.implicit.get(i).unwrap_or(self.check),
        }
    }

    fn error_at_pattern(&mut self, pat: &Pattern, message: String) {
        let d = self.source(pat).diag(pat.at, 1, Severity::Error, message);
        self.diagnostics.push(d);
    }

    fn note(&mut self, at: usize, width: usize, message: &str) {
        let d = self.input.diag(at, width, Severity::Note, message);
        self.diagnostics.push(d);
    }

    /// `pat` not found from `from` on (`progress`: which `COUNT` match).
    fn not_found(&mut self, pat: &Pattern, from: usize, progress: &str) {
        let name = pat.kind.describe(&pat.prefix);
        self.error_at_pattern(
            pat,
            format!("{name}: expected string not found in input{progress}"),
        );
        self.note(from, 1, "scanning from here");
        // The values of the variables it uses.
        for name in pat.uses() {
            if let Some(value) = self.vars.get(name) {
                let message = format!("with \"{name}\" equal to \"{value}\"");
                let d = self.input.diag(from, 1, Severity::Note, message);
                self.diagnostics.push(d);
            }
        }
    }
}
