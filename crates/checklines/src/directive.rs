//! Reading a check file: finding directives (`PREFIX:`, `PREFIX-NEXT:`, …,
//! comments) and grouping them into positive checks, each carrying the
//! `DAG`/`NOT` directives before it.

use std::collections::BTreeSet;

use regex::Regex;

use crate::pattern::{Kind, Pattern, Src};
use crate::source::{Diagnostic, Failure, FailureKind, Severity, SourceText};
use crate::Options;

/// A positive check (or the implicit end-of-input check) and the `DAG` and
/// `NOT` directives (implicit ones first) that come before it.
pub(crate) struct CheckString {
    pub(crate) pat: Pattern,
    pub(crate) dag_not: Vec<Pattern>,
}

/// What follows a prefix.
enum Suffix {
    Directive {
        kind: Kind,
        literal: bool,
    },
    Comment,
    /// `-NOT` combined with another suffix.
    BadNot,
    /// `-COUNT-n` without a valid positive `n`.
    BadCount,
    /// `PREFIX_NEXT:` and the like.
    Misspelled,
}

/// Classify the text `rest` after a prefix; with the remaining text after
/// the directive's `:`. `None`: not a directive.
fn classify(rest: &str, comment: bool) -> Option<(Suffix, &str)> {
    if comment {
        // A comment prefix with a suffix (`COM-NOT:`) is no directive.
        return rest.strip_prefix(':').map(|r| (Suffix::Comment, r));
    }
    if let Some(r) = rest.strip_prefix(':') {
        return Some((directive(Kind::Plain { count: 1 }, false), r));
    }
    if rest.starts_with('{') {
        return modifiers(Kind::Plain { count: 1 }, rest);
    }
    let (rest, misspelled) = match (rest.strip_prefix('-'), rest.strip_prefix('_')) {
        (Some(r), _) => (r, false),
        (None, Some(r)) => (r, true),
        (None, None) => return None,
    };
    let found = if let Some(r) = rest.strip_prefix("COUNT-") {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let count = r[..digits].parse::<usize>().ok().filter(|&n| n > 0);
        match count {
            Some(count) if count <= i32::MAX as usize => {
                modifiers(Kind::Plain { count }, &r[digits..])
                    .or(Some((Suffix::BadCount, &r[digits..])))
            }
            _ => Some((Suffix::BadCount, r)),
        }
    } else if ["DAG", "NEXT", "SAME", "EMPTY"]
        .iter()
        .any(|d| rest.starts_with(&format!("{d}-NOT:")) || rest.starts_with(&format!("NOT-{d}:")))
    {
        Some((Suffix::BadNot, rest))
    } else {
        let kinds = [
            ("NEXT", Kind::Next),
            ("SAME", Kind::Same),
            ("NOT", Kind::Not),
            ("DAG", Kind::Dag),
            ("LABEL", Kind::Label),
            ("EMPTY", Kind::Empty),
        ];
        kinds
            .iter()
            .find_map(|(name, kind)| rest.strip_prefix(name).map(|r| (*kind, r)))
            .and_then(|(kind, r)| modifiers(kind, r))
    };
    match found {
        Some((Suffix::Directive { .. }, r)) if misspelled => Some((Suffix::Misspelled, r)),
        other => other,
    }
}

fn directive(kind: Kind, literal: bool) -> Suffix {
    Suffix::Directive { kind, literal }
}

/// `:` or `{LITERAL, ...}:` after a directive name.
fn modifiers(kind: Kind, rest: &str) -> Option<(Suffix, &str)> {
    if let Some(r) = rest.strip_prefix(':') {
        return Some((directive(kind, false), r));
    }
    let mut r = rest.strip_prefix('{')?;
    loop {
        r = r.trim_start().strip_prefix("LITERAL")?.trim_start();
        match r.strip_prefix(',') {
            Some(next) => r = next,
            None => break,
        }
    }
    r.strip_prefix("}:").map(|r| (directive(kind, true), r))
}

fn is_part_of_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Parse the (canonicalised) check file into check strings; `implicit` are
/// the `--implicit-check-not` buffers.
pub(crate) fn read(
    check: &SourceText,
    implicit: &[SourceText],
    options: &Options,
) -> Result<Vec<CheckString>, Failure> {
    let text = check.text.as_str();
    let fail = |at: usize, message: String| {
        Failure::one(
            FailureKind::CheckFile,
            check.diag(at, 1, Severity::Error, message),
        )
    };
    let implicit_nots = implicit_nots(implicit, options)?;
    let prefix_re = prefix_regex(options)?;
    let mut checks: Vec<CheckString> = Vec::new();
    let mut dag_not = implicit_nots.clone();
    let mut unused: BTreeSet<&str> = options.prefixes.iter().map(String::as_str).collect();
    let mut pos = 0;
    while let Some(m) = prefix_re.find_at(text, pos) {
        let (at, prefix) = (m.start(), m.as_str());
        pos = at + 1;
        if at > 0 && is_part_of_word(text.as_bytes()[at - 1]) {
            continue;
        }
        let comment = options.comment_prefixes.iter().any(|c| c == prefix);
        let Some((suffix, after)) = classify(&text[m.end()..], comment) else {
            continue;
        };
        let after_at = text.len() - after.len();
        let eol = text[after_at..]
            .find(['\n', '\r'])
            .map_or(text.len(), |e| after_at + e);
        pos = eol;
        let Some((kind, literal)) = directive_of(suffix, prefix, &text[at..after_at])
            .map_err(|message| fail(at, message))?
        else {
            continue;
        };
        unused.remove(prefix);
        let keep_leading = options.strict_whitespace && options.match_full_lines;
        let pattern_at = if keep_leading {
            after_at
        } else {
            eol - text[after_at..eol].trim_start_matches([' ', '\t']).len()
        };
        let pat = Pattern::parse(
            kind,
            prefix,
            Src::CheckFile,
            &text[pattern_at..eol],
            pattern_at,
            literal,
            options,
        )
        .map_err(|e| fail(e.at, e.message))?;
        check_placement(kind, prefix, &pat, checks.is_empty()).map_err(|m| fail(at, m))?;
        if matches!(kind, Kind::Dag | Kind::Not) {
            dag_not.push(pat);
        } else {
            let dag_not = std::mem::replace(&mut dag_not, implicit_nots.clone());
            checks.push(CheckString { pat, dag_not });
        }
    }
    if !dag_not.is_empty() {
        checks.push(CheckString {
            pat: Pattern::eof(
                options.prefixes.first().map_or("", String::as_str),
                text.len(),
            ),
            dag_not,
        });
    }
    check_prefixes_used(&unused, options)?;
    Ok(checks)
}

/// The patterns of the `--implicit-check-not` buffers.
fn implicit_nots(implicit: &[SourceText], options: &Options) -> Result<Vec<Pattern>, Failure> {
    implicit
        .iter()
        .enumerate()
        .map(|(i, src)| {
            let start = "-implicit-check-not='".len();
            let pattern = &src.text[start..src.text.len() - 1];
            Pattern::parse(
                Kind::Not,
                "IMPLICIT-CHECK",
                Src::CommandLine(i),
                pattern,
                start,
                false,
                options,
            )
            .map_err(|e| {
                Failure::one(
                    FailureKind::CheckFile,
                    src.diag(e.at, 1, Severity::Error, e.message),
                )
            })
        })
        .collect()
}

/// A regex finding any check or comment prefix, the longest first, so that
/// the leftmost match is the longest there.
fn prefix_regex(options: &Options) -> Result<Regex, Failure> {
    let mut all: Vec<&String> = options
        .prefixes
        .iter()
        .chain(&options.comment_prefixes)
        .collect();
    all.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let alternation: Vec<String> = all.iter().map(|p| regex::escape(p)).collect();
    Regex::new(&alternation.join("|"))
        .map_err(|e| Failure::one(FailureKind::Usage, Diagnostic::bare(e.to_string())))
}

/// The directive a prefix's `suffix` names (its kind, and whether its
/// pattern is literal); `None` for a comment; the error for a malformed
/// one (`spelled` is the prefix and suffix as written).
fn directive_of(
    suffix: Suffix,
    prefix: &str,
    spelled: &str,
) -> Result<Option<(Kind, bool)>, String> {
    match suffix {
        Suffix::Comment => Ok(None),
        Suffix::BadNot => Err(format!("unsupported -NOT combo on prefix '{prefix}'")),
        Suffix::BadCount => Err(format!(
            "invalid count in -COUNT specification on prefix '{prefix}'"
        )),
        Suffix::Misspelled => Err(format!("misspelled directive '{spelled}'")),
        Suffix::Directive { kind, literal } => Ok(Some((kind, literal))),
    }
}

/// A `LABEL` defines and uses no variables; `NEXT`, `SAME` and `EMPTY`
/// need a check before them (`first`: there is none yet).
fn check_placement(kind: Kind, prefix: &str, pat: &Pattern, first: bool) -> Result<(), String> {
    if kind == Kind::Label && pat.has_variables() {
        return Err(format!(
            "found '{prefix}-LABEL:' with variable definition or use"
        ));
    }
    let name = match kind {
        Kind::Next => "NEXT",
        Kind::Same => "SAME",
        Kind::Empty => "EMPTY",
        _ => "",
    };
    if !name.is_empty() && first {
        return Err(format!(
            "found '{prefix}-{name}' without previous '{prefix}: line"
        ));
    }
    Ok(())
}

/// FileCheck's error when a prefix was never used (`unused` are those not
/// seen), unless unused prefixes are allowed.
fn check_prefixes_used(unused: &BTreeSet<&str>, options: &Options) -> Result<(), Failure> {
    let none_found = unused.len() == options.prefixes.len();
    let some_unused = !options.allow_unused_prefixes && !unused.is_empty();
    if (none_found || some_unused)
        && (options.implicit_check_not.is_empty() || !options.default_prefixes())
    {
        let list: Vec<String> = unused.iter().map(|p| format!("'{p}:'")).collect();
        let plural = if list.len() > 1 { "es" } else { "" };
        return Err(Failure::one(
            FailureKind::CheckFile,
            Diagnostic::bare(format!(
                "no check strings found with prefix{plural} {}",
                list.join(", ")
            )),
        ));
    }
    Ok(())
}
