//! One directive's pattern: parsed from its text (fixed string, or a regex
//! built from literal text, `{{regex}}` blocks and `[[VAR:regex]]` /
//! `[[VAR]]` substitution blocks), and matched against a range of input.

use std::collections::HashMap;
use std::ops::Range;

use regex::bytes::Regex;

use crate::ere::{self, compile};
use crate::Options;

/// Values of string variables, by name (a leading `$` is part of the name).
pub(crate) type Vars = HashMap<String, String>;

/// The directive a pattern belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `PREFIX:` (`count` 1) or `PREFIX-COUNT-n:`.
    Plain {
        count: usize,
    },
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    /// The implicit check at the end of input that carries trailing
    /// `DAG`/`NOT` directives.
    Eof,
}

impl Kind {
    /// The directive's name in messages, as FileCheck spells it.
    pub(crate) fn describe(self, prefix: &str) -> String {
        let suffix = match self {
            Kind::Plain { count } if count > 1 => "-COUNT",
            Kind::Plain { .. } => "",
            Kind::Next => "-NEXT",
            Kind::Same => "-SAME",
            Kind::Not => "-NOT",
            Kind::Dag => "-DAG",
            Kind::Label => "-LABEL",
            Kind::Empty => "-EMPTY",
            Kind::Eof => return "implicit EOF".to_string(),
        };
        format!("{prefix}{suffix}")
    }

    pub(crate) fn count(self) -> usize {
        match self {
            Kind::Plain { count } => count,
            _ => 1,
        }
    }
}

/// Which buffer a pattern's text is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Src {
    CheckFile,
    /// The n-th `--implicit-check-not`.
    CommandLine(usize),
}

/// A parsed pattern and where its text starts.
#[derive(Clone)]
pub(crate) struct Pattern {
    pub(crate) kind: Kind,
    pub(crate) prefix: String,
    pub(crate) src: Src,
    /// Byte offset of the pattern text in its buffer.
    pub(crate) at: usize,
    body: Body,
}

#[derive(Clone)]
enum Body {
    Fixed(String),
    Regex(RegexBody),
    /// `CHECK-EMPTY`: the next empty line.
    EmptyLine,
    /// Matches the end of the range.
    Eof,
}

#[derive(Clone)]
struct RegexBody {
    pieces: Vec<Piece>,
    /// `defs[k]` is defined by the capture group named `d{k}`.
    defs: Vec<String>,
    /// The compiled regex when there is no variable use to substitute.
    compiled: Option<Regex>,
}

#[derive(Clone)]
enum Piece {
    /// Literal text.
    Lit(String),
    /// `regex`-crate source.
    Re(String),
    /// `[[NAME]]`, its name at byte `at` of the buffer.
    Use { name: String, at: usize },
}

/// A match, as byte offsets in the whole input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) pos: usize,
    pub(crate) len: usize,
}

/// Why a pattern could not be matched at all.
pub(crate) enum MatchError {
    /// Variables used before any definition: (offset of the name, name).
    Undefined(Vec<(usize, String)>),
    /// The regex with substituted values does not compile (too big).
    Regex(String),
}

/// A malformed pattern: message and where.
pub(crate) struct ParseError {
    pub(crate) at: usize,
    pub(crate) message: String,
}

fn error(at: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        at,
        message: message.into(),
    }
}

impl Pattern {
    /// Parse `text` (from byte `at` of its buffer; leading whitespace
    /// already skipped) as the pattern of a `kind` directive. `literal` is
    /// the `{LITERAL}` modifier.
    pub(crate) fn parse(
        kind: Kind,
        prefix: &str,
        src: Src,
        text: &str,
        at: usize,
        literal: bool,
        options: &Options,
    ) -> Result<Pattern, ParseError> {
        let keep_whitespace = options.strict_whitespace && options.match_full_lines;
        let text = if keep_whitespace {
            text
        } else {
            text.trim_end_matches([' ', '\t'])
        };
        if text.is_empty() && kind != Kind::Empty {
            return Err(error(
                at,
                format!("found empty check string with prefix '{prefix}:'"),
            ));
        }
        if !text.is_empty() && kind == Kind::Empty {
            return Err(error(
                at,
                format!("found non-empty check string for empty check with prefix '{prefix}:'"),
            ));
        }
        let full_line = options.match_full_lines && kind != Kind::Not;
        let body = if kind == Kind::Empty {
            Body::EmptyLine
        } else if literal
            || (!full_line && (text.len() < 2 || !(text.contains("{{") || text.contains("[["))))
        {
            Body::Fixed(text.to_string())
        } else {
            let space = if options.strict_whitespace { "" } else { " *" };
            let (start, end) = if full_line {
                (format!("^{space}"), format!("{space}$"))
            } else {
                Default::default()
            };
            Body::Regex(RegexBody::parse(text, at, start, &end)?)
        };
        Ok(Pattern {
            kind,
            prefix: prefix.to_string(),
            src,
            at,
            body,
        })
    }

    /// The implicit end-of-input check.
    pub(crate) fn eof(prefix: &str, at: usize) -> Pattern {
        Pattern {
            kind: Kind::Eof,
            prefix: prefix.to_string(),
            src: Src::CheckFile,
            at,
            body: Body::Eof,
        }
    }

    /// Whether the pattern defines or uses a variable.
    pub(crate) fn has_variables(&self) -> bool {
        match &self.body {
            Body::Regex(r) => !r.defs.is_empty() || r.uses().next().is_some(),
            _ => false,
        }
    }

    /// Names of the variables the pattern uses, in order.
    pub(crate) fn uses(&self) -> Vec<&str> {
        match &self.body {
            Body::Regex(r) => r.uses().collect(),
            _ => Vec::new(),
        }
    }

    /// The first match in `input[range]`; defines the pattern's variables.
    pub(crate) fn find(
        &self,
        input: &[u8],
        range: Range<usize>,
        vars: &mut Vars,
    ) -> Result<Option<Found>, MatchError> {
        let start = range.start;
        // Searches stay within the input, after where the last match ended.
        let hay = input.get(range);
        debug_assert!(hay.is_some(), "a search range within the input");
        let hay = hay.unwrap_or_default();
        let found = match &self.body {
            Body::Eof => Some((hay.len(), 0)),
            Body::Fixed(s) => memchr::memmem::find(hay, s.as_bytes()).map(|p| (p, s.len())),
            // The newline ending the previous line, then an empty line; the
            // match starts after that newline, as FileCheck's does.
            Body::EmptyLine => memchr::memchr_iter(b'\n', hay)
                .find(|&i| matches!(hay.get(i + 1), None | Some(b'\n')))
                .map(|i| (i + 1, 0)),
            Body::Regex(r) => r.find(hay, vars)?,
        };
        Ok(found.map(|(pos, len)| Found {
            pos: start + pos,
            len,
        }))
    }
}

impl RegexBody {
    /// Build the regex of `text` (at byte `at`) between `start` and `end`
    /// (the `--match-full-lines` anchors, or nothing).
    fn parse(text: &str, at: usize, start: String, end: &str) -> Result<RegexBody, ParseError> {
        let mut body = RegexBody {
            pieces: Vec::new(),
            defs: Vec::new(),
            compiled: None,
        };
        body.pieces.push(Piece::Re(start));
        let mut i = 0;
        while i < text.len() {
            let rest = &text[i..];
            if let Some(block) = rest.strip_prefix("{{") {
                let len = block
                    .find("}}")
                    .ok_or_else(|| error(at + i, "found start of regex string with no end '}}'"))?;
                let re = checked_regex(&block[..len], at + i + 2)?;
                body.pieces.push(Piece::Re(format!("(?:{re})")));
                i += len + 4;
            } else if let Some(block) = rest.strip_prefix("[[") {
                let len = substitution_end(block).map_err(|(off, m)| error(at + i + 2 + off, m))?;
                body.substitution(&block[..len], at + i + 2)?;
                i += len + 4;
            } else {
                // Literal text up to the next block.
                let first = rest.chars().next().map_or(1, char::len_utf8);
                let len = ["{{", "[["]
                    .iter()
                    .filter_map(|b| rest[first..].find(b).map(|p| p + first))
                    .min()
                    .unwrap_or(rest.len());
                body.pieces.push(Piece::Lit(rest[..len].to_string()));
                i += len;
            }
        }
        body.pieces.push(Piece::Re(end.to_string()));
        body.pieces
            .retain(|p| !matches!(p, Piece::Re(s) if s.is_empty()));
        if body.uses().next().is_none() {
            let source: String = body.pieces.iter().map(|p| p.regex(&Vars::new())).collect();
            body.compiled = Some(compile(&source).map_err(|e| error(at, e.to_string()))?);
        }
        Ok(body)
    }

    /// Add the substitution block `block` (between `[[` and `]]`, at byte
    /// `at`): a definition or a use.
    fn substitution(&mut self, block: &str, at: usize) -> Result<(), ParseError> {
        if block.starts_with('#') {
            return Err(error(
                at,
                "numeric substitution blocks ([[#...]]) are not supported by checklines",
            ));
        }
        let colon = block.find(':');
        let head = &block[..colon.unwrap_or(block.len())];
        if let Some(space) = head.find([' ', '\t']) {
            return Err(error(at + space, "unexpected whitespace"));
        }
        let name_len = variable_name_len(block).map_err(|m| error(at, m))?;
        let (name, rest) = block.split_at(name_len);
        if name.starts_with('@') {
            return Err(error(
                at,
                "pseudo variables (@LINE) are not supported by checklines",
            ));
        }
        match colon {
            Some(_) => {
                let Some(ere) = rest.strip_prefix(':') else {
                    return Err(error(at, "invalid name in string variable definition"));
                };
                let re = checked_regex(ere, at + name_len + 1)?;
                self.pieces
                    .push(Piece::Re(format!("(?P<d{}>{re})", self.defs.len())));
                self.defs.push(name.to_string());
            }
            None if !rest.is_empty() => {
                return Err(error(at, "invalid name in string variable use"));
            }
            None if self.defs.iter().any(|d| d == name) => {
                return Err(error(
                    at,
                    "using a variable defined earlier in the same pattern (a back-reference) \
                     is not supported by checklines",
                ));
            }
            None => {
                self.pieces.push(Piece::Use {
                    name: name.to_string(),
                    at,
                });
            }
        }
        Ok(())
    }

    fn uses(&self) -> impl Iterator<Item = &str> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Use { name, .. } => Some(name.as_str()),
            Piece::Lit(_) | Piece::Re(_) => None,
        })
    }

    /// First match in `hay` as (offset, length); defines the variables.
    fn find(&self, hay: &[u8], vars: &mut Vars) -> Result<Option<(usize, usize)>, MatchError> {
        let substituted;
        let re = match &self.compiled {
            Some(re) => re,
            None => {
                let mut text = String::new();
                let mut undefined = Vec::new();
                for piece in &self.pieces {
                    match piece {
                        Piece::Use { name, at } => match vars.get(name) {
                            Some(value) => text.push_str(value),
                            None => undefined.push((*at, name.clone())),
                        },
                        // Substituted text is literal: no regex unless needed.
                        Piece::Lit(s) => text.push_str(s),
                        Piece::Re(_) => {}
                    }
                }
                if !undefined.is_empty() {
                    return Err(MatchError::Undefined(undefined));
                }
                if !self.pieces.iter().any(|p| matches!(p, Piece::Re(_))) {
                    let found = memchr::memmem::find(hay, text.as_bytes());
                    return Ok(found.map(|p| (p, text.len())));
                }
                let source: String = self.pieces.iter().map(|p| p.regex(vars)).collect();
                substituted = compile(&source).map_err(|e| MatchError::Regex(e.to_string()))?;
                &substituted
            }
        };
        if self.defs.is_empty() {
            return Ok(re.find(hay).map(|m| (m.start(), m.len())));
        }
        let Some(caps) = re.captures(hay) else {
            return Ok(None);
        };
        for (k, name) in self.defs.iter().enumerate() {
            if let Some(value) = caps.name(&format!("d{k}")) {
                let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
                vars.insert(name.clone(), value);
            }
        }
        Ok(caps.get(0).map(|m| (m.start(), m.len())))
    }
}

impl Piece {
    /// The piece as `regex`-crate source, a use with its value in `vars`.
    fn regex(&self, vars: &Vars) -> String {
        match self {
            Piece::Lit(s) => regex::escape(s),
            Piece::Re(s) => s.clone(),
            Piece::Use { name, .. } => regex::escape(vars.get(name).map_or("", String::as_str)),
        }
    }
}

/// The POSIX ERE `ere` (at byte `at`) translated, and checked to compile.
fn checked_regex(ere: &str, at: usize) -> Result<String, ParseError> {
    let invalid = |m: String| error(at, format!("invalid regex: {m}"));
    let re = ere::translate(ere).map_err(invalid)?;
    compile(&re).map_err(|e| invalid(e.to_string()))?;
    Ok(re)
}

/// Length of a substitution block's body: up to the first `]]` outside
/// brackets, a backslash escaping the next character. Errors carry the
/// offset they point at.
fn substitution_end(block: &str) -> Result<usize, (usize, &'static str)> {
    let bytes = block.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b']' if depth == 0 && bytes.get(i + 1) == Some(&b']') => return Ok(i),
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' if depth == 0 => return Err((i, "missing closing \"]\" for regex variable")),
            b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    Err((0, "Invalid substitution block, no ]] found"))
}

/// Length of the variable name at the start of `block`: an optional `$`
/// (global) or `@` (pseudo), then `[A-Za-z_][A-Za-z0-9_]*`.
fn variable_name_len(block: &str) -> Result<usize, &'static str> {
    let bytes = block.as_bytes();
    let sigil = usize::from(matches!(bytes.first(), Some(b'$' | b'@')));
    match bytes.get(sigil) {
        None => Err("empty variable name"),
        Some(c) if !(c.is_ascii_alphabetic() || *c == b'_') => Err("invalid variable name"),
        Some(_) => Ok(sigil
            + bytes[sigil..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count()),
    }
}
