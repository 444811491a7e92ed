//! Tokens of MLIR text. The lexer works on bytes and never panics: any byte
//! it cannot start a token with becomes an [`Tok::Error`] token.

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// `%name` (the text after `%`).
    Percent(String),
    /// `^name`
    Caret(String),
    /// `@name` or `@"name"`
    At(String),
    /// `#name` (alias or dialect attribute prefix)
    Hash(String),
    /// `!name` (alias or dialect type prefix)
    Bang(String),
    /// A bare identifier (may contain `.` and `$`).
    Ident(String),
    /// An integer literal as written (decimal or `0x` hex).
    Int(String),
    /// A float literal as written.
    Float(String),
    /// A string literal with escapes decoded.
    Str(Vec<u8>),
    Punct(&'static str),
    Eof,
    /// A malformed token; the message says why.
    Error(String),
}

const PUNCTS: &[&str] = &[
    "->", "::", "{-#", "#-}", "...", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "?",
    "*", "+", "-", "|",
];

pub struct Lexer<'a> {
    pub src: &'a [u8],
    pub pos: usize,
}

fn is_id_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}
fn is_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.'
}
fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"$._-".contains(&b)
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        Lexer { src, pos: 0 }
    }

    fn peek_byte(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    /// Skip whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        loop {
            match self.peek_byte(0) {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b'/' if self.peek_byte(1) == b'/' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> String {
        let start = self.pos;
        while self.pos < self.src.len() && f(self.src[self.pos]) {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.src[start..self.pos]).into_owned()
    }

    /// Lex one token; returns it with its start offset.
    pub fn next_token(&mut self) -> (Tok, usize) {
        self.skip_trivia();
        let start = self.pos;
        let Some(&c) = self.src.get(self.pos) else {
            return (Tok::Eof, start);
        };
        let tok = match c {
            b'%' | b'^' | b'#' | b'!' | b'@' => {
                if c == b'#' && self.peek_byte(1) == b'-' && self.peek_byte(2) == b'}' {
                    self.pos += 3;
                    return (Tok::Punct("#-}"), start);
                }
                self.pos += 1;
                let name = if c == b'@' && self.peek_byte(0) == b'"' {
                    match self.string() {
                        Ok(s) => String::from_utf8_lossy(&s).into_owned(),
                        Err(e) => return (Tok::Error(e), start),
                    }
                } else if c == b'#' || c == b'!' {
                    self.take_while(is_id_char)
                } else {
                    self.take_while(is_suffix_char)
                };
                if name.is_empty() {
                    return (
                        Tok::Error(format!("invalid identifier after '{}'", c as char)),
                        start,
                    );
                }
                match c {
                    b'%' => Tok::Percent(name),
                    b'^' => Tok::Caret(name),
                    b'#' => Tok::Hash(name),
                    b'!' => Tok::Bang(name),
                    _ => Tok::At(name),
                }
            }
            b'"' => match self.string() {
                Ok(s) => Tok::Str(s),
                Err(e) => Tok::Error(e),
            },
            c if is_id_start(c) => Tok::Ident(self.take_while(is_id_char)),
            c if c.is_ascii_digit() => self.number(),
            _ => {
                for p in PUNCTS {
                    if self.src[self.pos..].starts_with(p.as_bytes()) {
                        self.pos += p.len();
                        return (Tok::Punct(p), start);
                    }
                }
                self.pos += 1;
                // Skip the rest of a multi-byte UTF-8 sequence.
                while self.pos < self.src.len() && (self.src[self.pos] & 0xC0) == 0x80 {
                    self.pos += 1;
                }
                Tok::Error("unexpected character".to_string())
            }
        };
        (tok, start)
    }

    fn number(&mut self) -> Tok {
        let start = self.pos;
        if self.peek_byte(0) == b'0'
            && self.peek_byte(1) == b'x'
            && self.peek_byte(2).is_ascii_hexdigit()
        {
            self.pos += 2;
            self.take_while(|b| b.is_ascii_hexdigit());
            return Tok::Int(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned());
        }
        self.take_while(|b| b.is_ascii_digit());
        if self.peek_byte(0) != b'.' {
            return Tok::Int(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned());
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
        Tok::Float(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned())
    }

    fn string(&mut self) -> Result<Vec<u8>, String> {
        self.pos += 1; // opening quote
        let mut out = Vec::new();
        loop {
            let Some(&b) = self.src.get(self.pos) else {
                return Err("expected '\"' in string literal".into());
            };
            self.pos += 1;
            match b {
                b'"' => return Ok(out),
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
                            let l = self.peek_byte(0);
                            if !l.is_ascii_hexdigit() {
                                return Err("unknown escape in string literal".into());
                            }
                            self.pos += 1;
                            let hex = |x: u8| (x as char).to_digit(16).unwrap_or(0) as u8;
                            out.push(hex(h) * 16 + hex(l));
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
    fn toks(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s.as_bytes());
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
                Tok::Percent("0".into()),
                Tok::Punct(":"),
                Tok::Int("2".into()),
                Tok::Punct("="),
                Tok::Ident("shape.foo".into()),
                Tok::At("f".into()),
                Tok::Punct("("),
                Tok::Float("1.5e+3".into()),
                Tok::Punct(","),
                Tok::Punct("-"),
                Tok::Int("2".into()),
                Tok::Punct(")"),
                Tok::Punct("->"),
                Tok::Bang("shape.size".into()),
                Tok::Str(b"a\"".to_vec()),
            ]
        );
    }
    #[test]
    fn bad_bytes_are_error_tokens() {
        assert!(matches!(toks("\u{00e9}")[0], Tok::Error(_)));
        assert!(matches!(toks("\"abc")[0], Tok::Error(_)));
    }
}
