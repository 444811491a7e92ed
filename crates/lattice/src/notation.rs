//! Parsing the informal notations (`{1,?,2}`, `[?, 2]`, `?`).

use std::fmt;

/// Text that is not in the informal notation of the type it was parsed as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: &'static str,
    text: String,
}

impl ParseError {
    pub(crate) fn new(kind: &'static str, text: &str) -> Self {
        ParseError {
            kind,
            text: text.to_owned(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse `{}` as {}", self.text, self.kind)
    }
}

impl std::error::Error for ParseError {}

/// Splits `open item, item close` into its trimmed items (none for an empty
/// list); `None` when the brackets are missing.
pub(crate) fn split_list(text: &str, open: char, close: char) -> Option<Vec<&str>> {
    let inner = text.trim().strip_prefix(open)?.strip_suffix(close)?.trim();
    if inner.is_empty() {
        return Some(Vec::new());
    }
    Some(inner.split(',').map(str::trim).collect())
}
