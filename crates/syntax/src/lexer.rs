//! Tokens of MLIR text. The lexer works on bytes and never panics: any byte
//! it cannot start a token with becomes an [`Tok::Error`] token.

use std::borrow::Cow;

/// A token; names and literals borrow from the source text, undecoded (a
/// token is a small `Copy` value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tok<'a> {
    /// `%name` (the text after `%`).
    Percent(&'a str),
    /// `^name`
    Caret(&'a str),
    /// `@name`, or `@"name"` as written from quote to quote (decoded by
    /// [`symbol_name`]).
    At(&'a str),
    /// `#name` (alias or dialect attribute prefix)
    Hash(&'a str),
    /// `!name` (alias or dialect type prefix)
    Bang(&'a str),
    /// A bare identifier (may contain `.` and `$`).
    Ident(&'a str),
    /// An integer literal as written (decimal or `0x` hex).
    Int(&'a str),
    /// A float literal as written.
    Float(&'a str),
    /// A string literal as written between its quotes (escapes checked,
    /// decoded by [`unescape`]).
    Str(&'a str),
    Punct(&'static str),
    Eof,
    /// A malformed token; the message says why.
    Error(&'static str),
}

/// The name of an `@` symbol token's text: quoted names decoded.
pub fn symbol_name(at: &str) -> Cow<'_, str> {
    match at.strip_prefix('"').and_then(|q| q.strip_suffix('"')) {
        Some(quoted) => unescape_text(quoted),
        None => Cow::Borrowed(at),
    }
}

/// The text a string literal's text between its quotes spells
/// ([`unescape`]), bytes that are not UTF-8 replaced by U+FFFD; borrowed
/// when it has no escapes.
pub fn unescape_text(raw: &str) -> Cow<'_, str> {
    match unescape(raw) {
        Cow::Borrowed(_) => Cow::Borrowed(raw),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// The bytes a string literal's text between its quotes spells: escapes
/// (`\"`, `\\`, `\n`, `\t`, two hex digits) decoded; borrowed when it
/// has none. The lexer has checked the escapes; any other `\` is kept.
pub fn unescape(raw: &str) -> Cow<'_, [u8]> {
    let raw = raw.as_bytes();
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let hex = |x: u8| (x as char).to_digit(16);
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        i += 1;
        let escaped = if b == b'\\' { raw.get(i) } else { None };
        match escaped {
            Some(&e @ (b'"' | b'\\')) => out.push(e),
            Some(b'n') => out.push(b'\n'),
            Some(b't') => out.push(b'\t'),
            Some(&h) => match (hex(h), raw.get(i + 1).and_then(|&l| hex(l))) {
                (Some(high), Some(low)) => {
                    out.push((high * 16 + low) as u8);
                    i += 1;
                }
                _ => {
                    out.push(b);
                    continue;
                }
            },
            None => {
                out.push(b);
                continue;
            }
        }
        i += 1;
    }
    Cow::Owned(out)
}

/// The punctuation token that starts `rest`, if any: the longest match,
/// chosen by the first byte (`{-#` before `{`, `->` before `-`, `::` before
/// `:`).
fn punct_at(rest: &[u8]) -> Option<&'static str> {
    Some(match rest {
        [b'-', b'>', ..] => "->",
        [b':', b':', ..] => "::",
        [b'{', b'-', b'#', ..] => "{-#",
        [b'.', b'.', b'.', ..] => "...",
        [b'(', ..] => "(",
        [b')', ..] => ")",
        [b'[', ..] => "[",
        [b']', ..] => "]",
        [b'{', ..] => "{",
        [b'}', ..] => "}",
        [b'<', ..] => "<",
        [b'>', ..] => ">",
        [b',', ..] => ",",
        [b':', ..] => ":",
        [b'=', ..] => "=",
        [b'?', ..] => "?",
        [b'*', ..] => "*",
        [b'+', ..] => "+",
        [b'-', ..] => "-",
        [b'|', ..] => "|",
        _ => return None,
    })
}

pub struct Lexer<'a> {
    text: &'a str,
    pub pos: usize,
}

/// Bytes of a bare identifier: letters, digits, `_`, `$` and `.`.
const ID_CHAR: [bool; 256] = byte_class(b"_$.");
/// Bytes of a `%`, `^` or `@` name: those of an identifier and `-`.
const SUFFIX_CHAR: [bool; 256] = byte_class(b"_$.-");

/// How many bytes `class` marks `bytes` starts with.
#[inline(always)]
fn run_len(bytes: &[u8], class: &[bool; 256]) -> usize {
    bytes
        .iter()
        .position(|&b| !class[usize::from(b)])
        .unwrap_or(bytes.len())
}

/// A lookup table of the ASCII letters and digits and `extra`.
const fn byte_class(extra: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    let mut i = 0;
    while i < extra.len() {
        table[extra[i] as usize] = true;
        i += 1;
    }
    table
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Self {
        Lexer { text, pos: 0 }
    }

    /// The source text's bytes. Taken from the text each time rather than
    /// kept apart, so that the compiler sees a byte read here and the char
    /// boundary check of a slice of the text at the same offset are of one
    /// load, and drops the check where the byte is ASCII.
    #[inline(always)]
    pub fn src(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The source between two byte offsets, if they are character boundaries.
    pub fn text_between(&self, start: usize, end: usize) -> Option<&'a str> {
        self.text.get(start..end)
    }

    /// The source between two byte offsets (always on ASCII boundaries here).
    #[inline(always)]
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or("")
    }

    /// The byte `off` past the current one; 0 past the end of the input.
    fn peek_byte(&self, off: usize) -> u8 {
        self.src().get(self.pos + off).copied().unwrap_or(0)
    }

    /// Skip whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        self.pos = self.trivia_end(self.pos);
    }

    /// Where the whitespace and `//` comments from `pos` end.
    fn trivia_end(&self, mut pos: usize) -> usize {
        let src = self.src();
        while let Some(&b) = src.get(pos) {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' => pos += 1,
                b'/' if src.get(pos + 1) == Some(&b'/') => {
                    let line = src.get(pos..).unwrap_or_default();
                    pos += line.iter().position(|&b| b == b'\n').unwrap_or(line.len());
                }
                _ => break,
            }
        }
        pos
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> &'a str {
        let start = self.pos;
        let rest = self.src().get(start..).unwrap_or_default();
        self.pos += rest.iter().take_while(|&&b| f(b)).count();
        self.slice(start, self.pos)
    }

    /// Lex one token; returns it with its start offset.
    #[inline(always)]
    pub fn next_token(&mut self) -> (Tok<'a>, usize) {
        let start = self.trivia_end(self.pos);
        let src = self.src();
        let Some((&c, after)) = src.get(start..).and_then(|rest| rest.split_first()) else {
            self.pos = start;
            return (Tok::Eof, start);
        };
        let (tok, end) = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = start + 1 + run_len(after, &ID_CHAR);
                (Tok::Ident(self.slice(start, end)), end)
            }
            b'%' | b'^' | b'!' | b'@' | b'#' => {
                if c == b'#' && after.starts_with(b"-}") {
                    (Tok::Punct("#-}"), start + 3)
                } else if c == b'@' && after.first() == Some(&b'"') {
                    self.pos = start + 1;
                    return (self.quoted_symbol(), start);
                } else {
                    let class = if c == b'#' || c == b'!' {
                        &ID_CHAR
                    } else {
                        &SUFFIX_CHAR
                    };
                    let end = start + 1 + run_len(after, class);
                    let name = self.slice(start + 1, end);
                    let tok = match c {
                        _ if name.is_empty() => Self::invalid_identifier(c),
                        b'%' => Tok::Percent(name),
                        b'^' => Tok::Caret(name),
                        b'#' => Tok::Hash(name),
                        b'!' => Tok::Bang(name),
                        _ => Tok::At(name),
                    };
                    (tok, end)
                }
            }
            b'(' => (Tok::Punct("("), start + 1),
            b')' => (Tok::Punct(")"), start + 1),
            b'[' => (Tok::Punct("["), start + 1),
            b']' => (Tok::Punct("]"), start + 1),
            b'{' if after.starts_with(b"-#") => (Tok::Punct("{-#"), start + 3),
            b'{' => (Tok::Punct("{"), start + 1),
            b'}' => (Tok::Punct("}"), start + 1),
            b'<' => (Tok::Punct("<"), start + 1),
            b'>' => (Tok::Punct(">"), start + 1),
            b',' => (Tok::Punct(","), start + 1),
            b':' if after.first() == Some(&b':') => (Tok::Punct("::"), start + 2),
            b':' => (Tok::Punct(":"), start + 1),
            b'=' => (Tok::Punct("="), start + 1),
            b'-' if after.first() == Some(&b'>') => (Tok::Punct("->"), start + 2),
            _ => {
                // Literals, rarer punctuation and bad bytes.
                self.pos = start;
                return (self.other_token(), start);
            }
        };
        self.pos = end;
        (tok, start)
    }

    /// The error token of a sigil `c` (`%`, `^`, `!`, `@` or `#`) that no
    /// name follows.
    #[cold]
    fn invalid_identifier(c: u8) -> Tok<'a> {
        Tok::Error(match c {
            b'%' => "invalid identifier after '%'",
            b'^' => "invalid identifier after '^'",
            b'!' => "invalid identifier after '!'",
            b'@' => "invalid identifier after '@'",
            _ => "invalid identifier after '#'",
        })
    }

    /// `@"name"` with the position after the `@`: the text from quote to
    /// quote.
    #[cold]
    fn quoted_symbol(&mut self) -> Tok<'a> {
        let start = self.pos;
        match self.string() {
            Ok(_) => Tok::At(self.slice(start, self.pos)),
            Err(e) => Tok::Error(e),
        }
    }

    /// The token at the current position (past trivia) when it is not a
    /// name or common punctuation: a number, a string, other punctuation
    /// or an error.
    #[inline(never)]
    fn other_token(&mut self) -> Tok<'a> {
        let rest = self.src().get(self.pos..).unwrap_or_default();
        match rest.first() {
            Some(b'"') => match self.string() {
                Ok(s) => Tok::Str(s),
                Err(e) => Tok::Error(e),
            },
            Some(b'0'..=b'9') => self.number(),
            _ => match punct_at(rest) {
                Some(p) => {
                    self.pos += p.len();
                    Tok::Punct(p)
                }
                None => {
                    // Skip the byte and the rest of its UTF-8 sequence.
                    let continuation = rest.iter().skip(1).take_while(|&&b| (b & 0xC0) == 0x80);
                    self.pos += 1 + continuation.count();
                    Tok::Error("unexpected character")
                }
            },
        }
    }

    fn number(&mut self) -> Tok<'a> {
        let start = self.pos;
        if self.peek_byte(0) == b'0'
            && self.peek_byte(1) == b'x'
            && self.peek_byte(2).is_ascii_hexdigit()
        {
            self.pos += 2;
            self.take_while(|b| b.is_ascii_hexdigit());
            return Tok::Int(self.slice(start, self.pos));
        }
        self.take_while(|b| b.is_ascii_digit());
        if self.peek_byte(0) != b'.' {
            return Tok::Int(self.slice(start, self.pos));
        }
        self.pos += 1;
        self.take_while(|b| b.is_ascii_digit());
        if matches!(self.peek_byte(0), b'e' | b'E') {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek_byte(0), b'+' | b'-') {
                self.pos += 1;
            }
            if self.peek_byte(0).is_ascii_digit() {
                self.take_while(|b| b.is_ascii_digit());
            } else {
                self.pos = save;
            }
        }
        Tok::Float(self.slice(start, self.pos))
    }

    /// A string literal: its text between the quotes, once its escapes
    /// are checked.
    fn string(&mut self) -> Result<&'a str, &'static str> {
        self.pos += 1; // opening quote
        let start = self.pos;
        loop {
            let Some(&b) = self.src().get(self.pos) else {
                return Err("expected '\"' in string literal");
            };
            self.pos += 1;
            match b {
                b'"' => return Ok(self.slice(start, self.pos - 1)),
                b'\n' => return Err("expected '\"' in string literal"),
                b'\\' => {
                    let Some(&e) = self.src().get(self.pos) else {
                        return Err("expected '\"' in string literal");
                    };
                    self.pos += 1;
                    match e {
                        b'"' | b'\\' | b'n' | b't' => {}
                        h if h.is_ascii_hexdigit() && self.peek_byte(0).is_ascii_hexdigit() => {
                            self.pos += 1;
                        }
                        _ => return Err("unknown escape in string literal"),
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn toks(s: &str) -> Vec<Tok<'_>> {
        let mut l = Lexer::new(s);
        let mut v = Vec::new();
        loop {
            let (t, _) = l.next_token();
            if t == Tok::Eof {
                return v;
            }
            v.push(t);
        }
    }
    #[test]
    fn lexes_mlir_tokens() {
        assert_eq!(
            toks("%0:2 = shape.foo @f(1.5e+3, -2) -> !shape.size // c\n\"a\\22\""),
            vec![
                Tok::Percent("0"),
                Tok::Punct(":"),
                Tok::Int("2"),
                Tok::Punct("="),
                Tok::Ident("shape.foo"),
                Tok::At("f"),
                Tok::Punct("("),
                Tok::Float("1.5e+3"),
                Tok::Punct(","),
                Tok::Punct("-"),
                Tok::Int("2"),
                Tok::Punct(")"),
                Tok::Punct("->"),
                Tok::Bang("shape.size"),
                Tok::Str("a\\22"),
            ]
        );
    }
    #[test]
    fn punctuation_takes_the_longest_match() {
        let puncts = |s| {
            toks(s)
                .into_iter()
                .map(|t| match t {
                    Tok::Punct(p) => p,
                    other => panic!("not punctuation: {other:?}"),
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            puncts("->-::: {-# #-} ... ()[]{}<>,=?*+|{"),
            [
                "->", "-", "::", ":", "{-#", "#-}", "...", "(", ")", "[", "]", "{", "}", "<", ">",
                ",", "=", "?", "*", "+", "|", "{"
            ]
        );
        assert!(matches!(toks("..")[0], Tok::Error(_)));
    }
    #[test]
    fn bad_bytes_are_error_tokens() {
        assert!(matches!(toks("\u{00e9}")[0], Tok::Error(_)));
        assert!(matches!(toks("\"abc")[0], Tok::Error(_)));
    }
}
