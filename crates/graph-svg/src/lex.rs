//! The tokens of DOT text: punctuation, edge operators and IDs (bare,
//! quoted or HTML-like), with comments and whitespace skipped.

use std::iter::Peekable;
use std::str::CharIndices;

/// One token of DOT text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// `{`, `}`, `[`, `]`, `=`, `;`, `,` or `:`.
    Punct(char),
    /// `->` or `--`.
    EdgeOp,
    /// An ID; `quoted` for a quoted or HTML-like one, which is never a
    /// keyword.
    Id { text: String, quoted: bool },
}

/// The tokens of `text`, or what stopped the lexer and where.
pub(crate) fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut chars = text.char_indices().peekable();
    let mut out = Vec::new();
    while let Some(&(at, c)) = chars.peek() {
        match c {
            _ if c.is_whitespace() => {
                chars.next();
            }
            '#' => skip_while(&mut chars, |c| c != '\n'),
            '/' => skip_comment(&mut chars, at)?,
            '{' | '}' | '[' | ']' | '=' | ';' | ',' | ':' => {
                chars.next();
                out.push(Token::Punct(c));
            }
            '"' => out.push(quoted(&mut chars, at)?),
            '<' => out.push(html(&mut chars, at)?),
            '-' if is_edge_op(text, at) => {
                chars.next();
                chars.next();
                out.push(Token::EdgeOp);
            }
            _ if is_id_char(c) || c == '-' => out.push(bare(&mut chars)),
            _ => return Err(format!("unexpected {c:?} at byte {at}")),
        }
    }
    Ok(out)
}

fn is_edge_op(text: &str, at: usize) -> bool {
    matches!(text.get(at..at + 2), Some("->" | "--"))
}

fn is_id_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || !c.is_ascii()
}

fn skip_while(chars: &mut Peekable<CharIndices<'_>>, keep: impl Fn(char) -> bool) {
    while chars.next_if(|&(_, c)| keep(c)).is_some() {}
}

/// A `//` or `/* */` comment.
fn skip_comment(chars: &mut Peekable<CharIndices<'_>>, at: usize) -> Result<(), String> {
    chars.next();
    match chars.next().map(|(_, c)| c) {
        Some('/') => {
            skip_while(chars, |c| c != '\n');
            Ok(())
        }
        Some('*') => {
            let mut previous = ' ';
            for (_, c) in chars.by_ref() {
                if previous == '*' && c == '/' {
                    return Ok(());
                }
                previous = c;
            }
            Err(format!("unterminated comment at byte {at}"))
        }
        _ => Err(format!("unexpected '/' at byte {at}")),
    }
}

/// A quoted string: `\"` is a quote, a backslash before a newline joins
/// the lines, and any other backslash is kept with the character after it
/// (labels give those their meaning).
fn quoted(chars: &mut Peekable<CharIndices<'_>>, at: usize) -> Result<Token, String> {
    chars.next();
    let mut text = String::new();
    while let Some((_, c)) = chars.next() {
        match c {
            '"' => return Ok(Token::Id { text, quoted: true }),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('"') => text.push('"'),
                Some('\n') => {}
                Some(next) => {
                    text.push('\\');
                    text.push(next);
                }
                None => break,
            },
            _ => text.push(c),
        }
    }
    Err(format!("unterminated string at byte {at}"))
}

/// An HTML-like string `<...>` with balanced angle brackets, kept as its
/// raw text.
fn html(chars: &mut Peekable<CharIndices<'_>>, at: usize) -> Result<Token, String> {
    chars.next();
    let mut text = String::new();
    let mut depth = 1usize;
    for (_, c) in chars.by_ref() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return Ok(Token::Id { text, quoted: true });
        }
        text.push(c);
    }
    Err(format!("unterminated HTML string at byte {at}"))
}

/// A bare ID: a name or a numeral (which may start with `-`).
fn bare(chars: &mut Peekable<CharIndices<'_>>) -> Token {
    let mut text = String::new();
    if let Some((_, '-')) = chars.peek() {
        text.push('-');
        chars.next();
    }
    while let Some((_, c)) = chars.next_if(|&(_, c)| is_id_char(c)) {
        text.push(c);
    }
    Token::Id {
        text,
        quoted: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str, quoted: bool) -> Token {
        Token::Id {
            text: text.to_string(),
            quoted,
        }
    }

    #[test]
    fn lexes_the_petgraph_subset() {
        let tokens = tokens(r#"0 -> 12 [ label = "a\"b\lc" style=bold ] // x"#).unwrap();
        assert_eq!(
            tokens,
            [
                id("0", false),
                Token::EdgeOp,
                id("12", false),
                Token::Punct('['),
                id("label", false),
                Token::Punct('='),
                id(r#"a"b\lc"#, true),
                id("style", false),
                Token::Punct('='),
                id("bold", false),
                Token::Punct(']'),
            ]
        );
    }

    #[test]
    fn reports_unterminated_strings_and_stray_characters() {
        assert!(tokens("\"abc").is_err());
        assert!(tokens("\"abc\\").is_err());
        assert!(tokens("<a<b>").is_err());
        assert!(tokens("/* x").is_err());
        assert!(tokens("a ! b").is_err());
    }
}
