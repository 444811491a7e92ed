//! `--verify-diagnostics`: check the diagnostics a chunk produces against its
//! `// expected-error@+1 {{...}}` annotations (also `-warning`, `-remark`,
//! `-note`, with `@above`, `@below`, `@-N`, `@+N`), as mlir-opt does.

use diag::{Diagnostic, Severity, SourceMap};

/// One `expected-*` annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub severity: Severity,
    /// 1-based line the diagnostic must be reported on.
    pub line: u32,
    pub text: String,
    /// Line of the annotation itself (for error messages).
    pub at_line: u32,
}

/// Collect the annotations of `text`.
pub fn expectations(text: &[u8]) -> Vec<Expectation> {
    let text = String::from_utf8_lossy(text);
    let mut out = Vec::new();
    let mut pending_above: Vec<usize> = Vec::new();
    let mut last_code_line = 0u32;
    for (i, line) in text.lines().enumerate() {
        let line_no = i as u32 + 1;
        let mut rest = line;
        while let Some(pos) = rest.find("expected-") {
            rest = &rest[pos + "expected-".len()..];
            let (sev, after) = if let Some(a) = rest.strip_prefix("error") {
                (Severity::Error, a)
            } else if let Some(a) = rest.strip_prefix("warning") {
                (Severity::Warning, a)
            } else if let Some(a) = rest.strip_prefix("remark") {
                (Severity::Remark, a)
            } else if let Some(a) = rest.strip_prefix("note") {
                (Severity::Note, a)
            } else {
                continue;
            };
            let (target, after) = match after.trim_start().strip_prefix('@') {
                Some(a) => {
                    let end = a
                        .find(|c: char| c.is_whitespace() || c == '{')
                        .unwrap_or(a.len());
                    let spec = &a[..end];
                    let target = match spec {
                        "above" => Some(last_code_line),
                        "below" => None,
                        s => s
                            .parse::<i64>()
                            .ok()
                            .map(|d| (line_no as i64 + d).max(0) as u32),
                    };
                    (target, &a[end..])
                }
                None => (Some(line_no), after),
            };
            let Some(open) = after.find("{{") else {
                continue;
            };
            let Some(close) = after[open..].find("}}") else {
                continue;
            };
            let msg = after[open + 2..open + close].to_string();
            match target {
                Some(l) => out.push(Expectation {
                    severity: sev,
                    line: l,
                    text: msg,
                    at_line: line_no,
                }),
                None => {
                    pending_above.push(out.len());
                    out.push(Expectation {
                        severity: sev,
                        line: 0,
                        text: msg,
                        at_line: line_no,
                    });
                }
            }
        }
        // A line with text before any `//` is code (`@above`/`@below` point at code lines).
        let code_part = line.split("//").next().unwrap_or("");
        if !code_part.trim().is_empty() {
            for idx in pending_above.drain(..) {
                out[idx].line = line_no;
            }
            last_code_line = line_no;
        }
    }
    out
}

/// Compare produced diagnostics with expectations; an error message per mismatch.
pub fn check(
    sources: &SourceMap,
    name: &str,
    expected: &[Expectation],
    got: &[Diagnostic],
) -> Result<(), String> {
    let mut flat: Vec<&Diagnostic> = Vec::new();
    for d in got {
        flat.push(d);
        flat.extend(d.notes.iter());
    }
    let mut matched = vec![false; expected.len()];
    let mut errors = String::new();
    for d in flat {
        // A diagnostic without a source position matches no expected line.
        let line = sources.position(&d.loc).map(|p| p.1).unwrap_or(0);
        let hit = expected.iter().enumerate().position(|(i, e)| {
            !matched[i] && e.severity == d.severity && e.line == line && d.message.contains(&e.text)
        });
        match hit {
            Some(i) => matched[i] = true,
            None => errors.push_str(&format!(
                "{name}:{line}: error: unexpected {}: {}\n",
                d.severity.as_str(),
                d.message
            )),
        }
    }
    for (i, e) in expected.iter().enumerate() {
        if !matched[i] {
            errors.push_str(&format!(
                "{name}:{}: error: expected {} \"{}\" was not produced\n",
                e.at_line,
                e.severity.as_str(),
                e.text
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn annotations_resolve_lines() {
        let e = expectations(b"a\n// expected-error@+1 {{x}}\nb\nc // expected-error {{y}}\n// expected-note@above {{z}}\n// expected-error@below {{w}}\n\nd\n");
        let lines: Vec<_> = e.iter().map(|e| (e.line, e.text.as_str())).collect();
        assert_eq!(lines, vec![(3, "x"), (4, "y"), (4, "z"), (8, "w")]);
    }
}
