//! POSIX extended regular expressions, as LLVM's `Regex` reads them in
//! newline-sensitive mode, translated to the `regex` crate's syntax.
//!
//! What differs and is translated: a backslash makes the next character
//! literal (`\n` is `n`, `\d` is `d`); inside brackets every character is
//! literal (a backslash too) and `]` first is a member; a negated bracket
//! never matches a newline; `{` not followed by a digit is literal; `^` and
//! `$` also match at line boundaries. Back-references (`\1`..`\9`) are
//! refused.

/// The `regex`-crate source for the POSIX ERE `ere`, for [`compile`].
pub(crate) fn translate(ere: &str) -> Result<String, String> {
    let mut out = String::with_capacity(ere.len() + 8);
    let mut chars = ere.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                None => return Err("trailing backslash (\\)".to_string()),
                Some(d @ '1'..='9') => {
                    return Err(format!("back-reference \\{d} is not supported"))
                }
                Some(d) => push_literal(&mut out, d),
            },
            '[' => bracket(&mut chars, &mut out)?,
            '{' if chars.peek().is_some_and(char::is_ascii_digit) => {
                out.push('{');
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(d) if d.is_ascii_digit() || d == ',' => out.push(d),
                        _ => return Err("invalid repetition count(s)".to_string()),
                    }
                }
                out.push('}');
            }
            // `(?` would be a `regex`-crate group flag; POSIX rejects it.
            '(' if chars.peek() == Some(&'?') => {
                return Err("repetition-operator operand invalid".to_string())
            }
            '.' | '*' | '+' | '?' | '|' | '(' | ')' | '^' | '$' => out.push(c),
            _ => push_literal(&mut out, c),
        }
    }
    Ok(out)
}

/// `c`, escaped for the `regex` crate where it is a metacharacter (in or
/// out of a class).
fn push_literal(out: &mut String, c: char) {
    out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
}

/// Translate a bracket expression; the `[` has been read.
fn bracket(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    out: &mut String,
) -> Result<(), String> {
    const UNBALANCED: &str = "brackets ([ ]) not balanced";
    let negated = chars.next_if_eq(&'^').is_some();
    out.push('[');
    if negated {
        out.push('^');
        out.push_str("\\n");
    }
    let mut first = true;
    loop {
        let c = chars.next().ok_or(UNBALANCED)?;
        if c == ']' && !first {
            break;
        }
        first = false;
        if c == '[' {
            if let Some(&kind @ (':' | '=' | '.')) = chars.peek() {
                chars.next();
                let mut name = String::new();
                loop {
                    let d = chars.next().ok_or(UNBALANCED)?;
                    if d == kind && chars.next_if_eq(&']').is_some() {
                        break;
                    }
                    name.push(d);
                }
                if kind == ':' {
                    out.push_str(&format!("[:{name}:]"));
                } else {
                    name.chars().for_each(|d| push_literal(out, d));
                }
                continue;
            }
        }
        push_literal(out, c);
        // A range `c-d`, unless the `-` is the last member.
        if chars.peek() == Some(&'-') {
            let mut ahead = chars.clone();
            ahead.next();
            if let Some(d) = ahead.next().filter(|&d| d != ']') {
                *chars = ahead;
                out.push('-');
                push_literal(out, d);
            }
        }
    }
    out.push(']');
    Ok(())
}

/// Compile translated regex source as LLVM's regexes are: on bytes, `.`
/// any byte but newline, `^`/`$` also at line boundaries.
pub(crate) fn compile(source: &str) -> Result<regex::bytes::Regex, regex::Error> {
    regex::bytes::RegexBuilder::new(source)
        .unicode(false)
        .multi_line(true)
        .build()
}

#[cfg(test)]
mod tests {
    use super::{compile, translate};

    fn matches(ere: &str, text: &str) -> bool {
        compile(&translate(ere).unwrap())
            .unwrap()
            .is_match(text.as_bytes())
    }

    #[test]
    fn backslash_makes_any_character_literal() {
        assert!(matches(r"a\nb", "anb"));
        assert!(matches(r"a\db", "adb"));
        assert!(!matches(r"a\db", "a1b"));
        assert!(matches(r"\[\.", "[."));
    }

    #[test]
    fn brackets_are_posix() {
        assert!(matches(r"a[\]]b", r"a\]b"));
        assert!(!matches(r"a[\]]b", "a]b"));
        assert!(matches("[]x]", "]"));
        assert!(matches("[^]x]", "y"));
        assert!(!matches("[^]x]", "]"));
        assert!(matches("[a-]", "-"));
        assert!(matches("[[:digit:]]+", "42"));
        assert!(!matches("a[^x]b", "a\nb"));
    }

    #[test]
    fn braces() {
        assert!(matches("a{2}", "aa"));
        assert!(!matches("^a{2}$", "a"));
        assert!(matches("a{b", "a{b"));
        assert!(matches("a}", "a}"));
    }

    #[test]
    fn errors() {
        assert!(translate(r"(a)\1").is_err());
        assert!(translate("[ab").is_err());
        assert!(translate("a\\").is_err());
        assert!(translate("(?i)a").is_err());
    }
}
