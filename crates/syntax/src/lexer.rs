//! Tokens of MLIR text. The lexer works on bytes and never panics: any byte
//! it cannot start a token with becomes an [`Tok::Error`] token.

/// A token; names and literals borrow from the source text.
use std::borrow::Cow;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// `%name` (the text after `%`).
    Percent(&'a str),
    /// `^name`
    Caret(&'a str),
    /// `@name` or `@"name"` (decoded)
    At(Cow<'a, str>),
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
    /// A string literal with escapes decoded.
    Str(Cow<'a, [u8]>),
    Punct(&'static str),
    Eof,
    /// A malformed token; the message says why.
    Error(String),
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
    pub src: &'a [u8],
    text: &'a str,
    pub pos: usize,
}

/// Bytes of a bare identifier: letters, digits, `_`, `$` and `.`.
const ID_CHAR: [bool; 256] = byte_class(b"_$.");
/// Bytes of a `%`, `^` or `@` name: those of an identifier and `-`.
const SUFFIX_CHAR: [bool; 256] = byte_class(b"_$.-");

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
        Lexer {
            src: text.as_bytes(),
            text,
            pos: 0,
        }
    }

    /// The source between two byte offsets, if they are character boundaries.
    pub fn text_between(&self, start: usize, end: usize) -> Option<&'a str> {
        self.text.get(start..end)
    }

    /// The source between two byte offsets (always on ASCII boundaries here).
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or("")
    }

    /// The byte `off` past the current one; 0 past the end of the input.
    fn peek_byte(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    /// Skip whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        self.pos = self.trivia_end(self.pos);
    }

    /// Where the whitespace and `//` comments from `pos` end.
    fn trivia_end(&self, mut pos: usize) -> usize {
        let src = self.src;
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

    /// Where the run of bytes `class` marks from `pos` ends.
    fn class_end(&self, pos: usize, class: &[bool; 256]) -> usize {
        let rest = self.src.get(pos..).unwrap_or_default();
        pos + rest
            .iter()
            .position(|&b| !class[b as usize])
            .unwrap_or(rest.len())
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> &'a str {
        let start = self.pos;
        let rest = self.src.get(start..).unwrap_or_default();
        self.pos += rest.iter().take_while(|&&b| f(b)).count();
        self.slice(start, self.pos)
    }

    /// Lex one token; returns it with its start offset.
    #[inline(always)]
    pub fn next_token(&mut self) -> (Tok<'a>, usize) {
        let start = self.trivia_end(self.pos);
        let src = self.src;
        let Some(&c) = src.get(start) else {
            self.pos = start;
            return (Tok::Eof, start);
        };
        let second = src.get(start + 1).copied().unwrap_or(0);
        let (tok, end) = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = self.class_end(start + 1, &ID_CHAR);
                (Tok::Ident(self.slice(start, end)), end)
            }
            b'%' | b'^' | b'!' | b'@' | b'#' => {
                if c == b'#' && second == b'-' && src.get(start + 2) == Some(&b'}') {
                    (Tok::Punct("#-}"), start + 3)
                } else if c == b'@' && second == b'"' {
                    self.pos = start + 1;
                    return (self.quoted_symbol(), start);
                } else {
                    let class = if c == b'#' || c == b'!' {
                        &ID_CHAR
                    } else {
                        &SUFFIX_CHAR
                    };
                    let end = self.class_end(start + 1, class);
                    let name = self.slice(start + 1, end);
                    let tok = match c {
                        _ if name.is_empty() => Self::invalid_identifier(c),
                        b'%' => Tok::Percent(name),
                        b'^' => Tok::Caret(name),
                        b'#' => Tok::Hash(name),
                        b'!' => Tok::Bang(name),
                        _ => Tok::At(Cow::Borrowed(name)),
                    };
                    (tok, end)
                }
            }
            b'(' => (Tok::Punct("("), start + 1),
            b')' => (Tok::Punct(")"), start + 1),
            b'[' => (Tok::Punct("["), start + 1),
            b']' => (Tok::Punct("]"), start + 1),
            b'{' if second == b'-' && src.get(start + 2) == Some(&b'#') => {
                (Tok::Punct("{-#"), start + 3)
            }
            b'{' => (Tok::Punct("{"), start + 1),
            b'}' => (Tok::Punct("}"), start + 1),
            b'<' => (Tok::Punct("<"), start + 1),
            b'>' => (Tok::Punct(">"), start + 1),
            b',' => (Tok::Punct(","), start + 1),
            b':' if second == b':' => (Tok::Punct("::"), start + 2),
            b':' => (Tok::Punct(":"), start + 1),
            b'=' => (Tok::Punct("="), start + 1),
            b'-' if second == b'>' => (Tok::Punct("->"), start + 2),
            _ => {
                // Literals, rarer punctuation and bad bytes.
                self.pos = start;
                return (self.other_token(), start);
            }
        };
        self.pos = end;
        (tok, start)
    }

    /// The error token of a sigil `c` that no name follows.
    #[cold]
    fn invalid_identifier(c: u8) -> Tok<'a> {
        Tok::Error(format!("invalid identifier after '{}'", c as char))
    }

    /// `@"name"` with the position after the `@`.
    #[cold]
    fn quoted_symbol(&mut self) -> Tok<'a> {
        match self.string() {
            Ok(s) => Tok::At(Cow::Owned(String::from_utf8_lossy(&s).into_owned())),
            Err(e) => Tok::Error(e),
        }
    }

    /// The token at the current position (past trivia) when it is not a
    /// name or common punctuation: a number, a string, other punctuation
    /// or an error.
    #[inline(never)]
    fn other_token(&mut self) -> Tok<'a> {
        let rest = self.src.get(self.pos..).unwrap_or_default();
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
                    Tok::Error("unexpected character".to_string())
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

    /// A string literal: borrowed when it has no escapes.
    fn string(&mut self) -> Result<Cow<'a, [u8]>, String> {
        self.pos += 1; // opening quote
        let start = self.pos;
        while let Some(&b) = self.src.get(self.pos) {
            match b {
                b'"' => {
                    self.pos += 1;
                    return Ok(Cow::Borrowed(&self.src[start..self.pos - 1]));
                }
                b'\\' | b'\n' => break,
                _ => self.pos += 1,
            }
        }
        let mut out = self.src[start..self.pos].to_vec();
        loop {
            let Some(&b) = self.src.get(self.pos) else {
                return Err("expected '\"' in string literal".into());
            };
            self.pos += 1;
            match b {
                b'"' => return Ok(Cow::Owned(out)),
                b'\n' => return Err("expected '\"' in string literal".into()),
                b'\\' => {
                    let Some(&e) = self.src.get(self.pos) else {
                        return Err("expected '\"' in string literal".into());
                    };
                    self.pos += 1;
                    match e {
                        b'"' | b'\\' => out.push(e),
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        h if h.is_ascii_hexdigit() => {
                            let hex = |x: u8| (x as char).to_digit(16);
                            let (Some(high), Some(low)) = (hex(h), hex(self.peek_byte(0))) else {
                                return Err("unknown escape in string literal".into());
                            };
                            self.pos += 1;
                            out.push((high * 16 + low) as u8);
                        }
                        _ => return Err("unknown escape in string literal".into()),
                    }
                }
                _ => out.push(b),
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
                Tok::At("f".into()),
                Tok::Punct("("),
                Tok::Float("1.5e+3"),
                Tok::Punct(","),
                Tok::Punct("-"),
                Tok::Int("2"),
                Tok::Punct(")"),
                Tok::Punct("->"),
                Tok::Bang("shape.size"),
                Tok::Str(b"a\"".to_vec().into()),
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
