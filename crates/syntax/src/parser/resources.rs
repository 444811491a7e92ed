//! `dense_resource<key>` attributes and the file metadata `{-# ... #-}`
//! that gives their blobs, read as `mlir-opt` 22 reads them.
//!
//! The metadata holds `dialect_resources` and `external_resources`, each a
//! list of named groups of `key: value` entries ([`ir::resources`] says what
//! is kept). Of the dialect groups, `builtin` holds the blobs of
//! `dense_resource` attributes; MLIR's test dialect takes blobs nobody can
//! refer to from here (they are checked, then dropped); any other dialect
//! of `mlir-opt` has no resources, and a name that is no dialect of it is
//! unknown: both are errors, as in MLIR. A later entry of a key replaces
//! the blob of an earlier one; several metadata sections may follow one
//! another. Errors have MLIR's words and positions (an unexpected token
//! reported at the end of the line before it, as MLIR reports it).
//!
//! One divergence: a blob whose data has alignment 0 is refused as not a
//! power of two, where `mlir-opt` accepts it and then aborts allocating it.

use super::Parser;
use crate::lexer::{unescape, unescape_text, Tok};
use ir::asm::{PResult, ParseError};
use ir::resources::{Blob, BlobError, ResourceValue};
use ir::{Attr, Type, TypeKind};

/// The dialect whose blobs `dense_resource` attributes hold.
const BUILTIN: &str = "builtin";
/// MLIR's test dialect: it takes blobs.
const TEST: &str = "test";
/// The dialect of `mlir-opt` 22 that has a resource handler but declares
/// no key.
const NO_KEYS: &str = "ml_program";

impl<'a> Parser<'a> {
    /// `dense_resource<key>`, then `: type` unless the context gives the
    /// type `ty`; the current token is `dense_resource`.
    pub(super) fn dense_resource(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let at = self.tok_start;
        self.bump();
        self.expect_token("<", "expected '<' after 'dense_resource'")?;
        let Some(key) = self.keyword_or_string() else {
            return Err(self.error_here("expected identifier key for 'resource' entry"));
        };
        self.expect_token(">", "expected '>'")?;
        let (ty, type_at) = match ty {
            Some(ty) => (ty, at),
            None => {
                let type_at = self.current_offset();
                self.expect_token(":", "expected ':'")?;
                (self.parse_type_required()?, type_at)
            }
        };
        let shaped = matches!(
            self.ctx.type_kind(ty),
            TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Vector { .. }
        );
        if !shaped {
            return Err(self.err_at(type_at, "`dense_resource` expected a shaped type"));
        }
        Ok(Attr::DenseResource { key, ty })
    }

    /// `{-# entry, ... #-}`; the current token is `{-#`.
    pub(super) fn file_metadata(&mut self) -> PResult<()> {
        self.bump();
        self.comma_list_until("#-}", |p| {
            let at = p.tok_start;
            let Tok::Ident(key) = p.tok else {
                return Err(p.error_here("expected identifier key in file metadata dictionary"));
            };
            p.bump();
            p.expect_token(":", "expected ':'")?;
            match key {
                "dialect_resources" => p.resource_groups(Parser::dialect_group),
                "external_resources" => p.resource_groups(Parser::external_group),
                _ => Err(p.err_at(
                    at,
                    format!("unknown key '{key}' in file metadata dictionary"),
                )),
            }
        })
    }

    /// `{ name: { entries }, ... }`, each group's entries read by `group`
    /// (called after the group's `{`, with its name and position).
    fn resource_groups(&mut self, group: fn(&mut Self, &str, usize) -> PResult<()>) -> PResult<()> {
        self.expect_token("{", "expected '{'")?;
        self.comma_list_until("}", |p| {
            let at = p.tok_start;
            let Tok::Ident(name) = p.tok else {
                return Err(p.error_here("expected identifier key for 'resource' entry"));
            };
            p.bump();
            p.expect_token(":", "expected ':'")?;
            p.expect_token("{", "expected '{'")?;
            group(p, name, at)
        })
    }

    /// The entries of the `dialect_resources` group of dialect `name`.
    fn dialect_group(&mut self, name: &str, at: usize) -> PResult<()> {
        if !ir::dialect::MLIR_DIALECTS.contains(&name) {
            return Err(self.err_at(at, format!("dialect '{name}' is unknown")));
        }
        if ![BUILTIN, TEST, NO_KEYS].contains(&name) {
            return Err(self.error_here(format!(
                "unexpected 'resource' section for dialect '{name}'"
            )));
        }
        self.comma_list_until("}", |p| {
            let key_at = p.tok_start;
            let Some(key) = p.keyword_or_string() else {
                return Err(p.error_here("expected identifier key for 'resource' entry"));
            };
            if name == NO_KEYS {
                let message = format!("unknown 'resource' key '{key}' for dialect '{name}'");
                return Err(p.err_at(key_at, message));
            }
            p.expect_token(":", "expected ':'")?;
            let (value_at, value) = p.resource_value()?;
            let blob = match value {
                Some(Tok::Str(_)) => p.blob(&key, value_at)?,
                _ => return Err(p.blob_error(&key, value_at, BlobError::NotHex)),
            };
            if name == BUILTIN {
                p.ctx.resources_mut().set_blob(&key, blob);
            }
            Ok(())
        })
    }

    /// The entries of the `external_resources` group `name`, kept as
    /// given.
    fn external_group(&mut self, name: &str, _at: usize) -> PResult<()> {
        self.comma_list_until("}", |p| {
            let Some(key) = p.keyword_or_string() else {
                return Err(p.error_here("expected identifier key for 'external_resources' entry"));
            };
            p.expect_token(":", "expected ':'")?;
            let (value_at, value) = p.resource_value()?;
            let value = match value {
                Some(Tok::Ident(b @ ("true" | "false"))) => ResourceValue::Bool(b == "true"),
                Some(Tok::Str(_)) if p.raw_string(value_at).starts_with(b"0x") => {
                    ResourceValue::Blob(p.blob(&key, value_at)?)
                }
                Some(Tok::Str(s)) => ResourceValue::String(unescape(s).into_owned()),
                _ => {
                    let message = format!("expected string value for key '{key}'");
                    return Err(p.err_at(value_at, message));
                }
            };
            p.ctx.resources_mut().add_external(name, &key, value);
            Ok(())
        })
    }

    /// The token that is an entry's value, and where it starts (MLIR
    /// takes any one token; `None` at the end of the text); a malformed
    /// token reports itself.
    fn resource_value(&mut self) -> PResult<(usize, Option<Tok<'a>>)> {
        let at = self.current_offset();
        match self.tok {
            Tok::Eof => Ok((at, None)),
            Tok::Error(_) => Err(self.err("")),
            _ => Ok((at, Some(self.bump()))),
        }
    }

    /// The blob the string literal at `at` spells, read from its source
    /// text (escapes are no hex digits).
    fn blob(&mut self, key: &str, at: usize) -> PResult<Blob> {
        let raw = self.raw_string(at).to_vec();
        Blob::from_hex(&raw).map_err(|e| self.blob_error(key, at, e))
    }

    fn blob_error(&mut self, key: &str, at: usize, e: BlobError) -> ParseError {
        let prefix = format!("expected hex string blob for key '{key}'");
        let message = match e {
            BlobError::NotHex => prefix,
            BlobError::NoAlignment => format!("{prefix} to encode alignment in first 4 bytes"),
            BlobError::Alignment(a) => format!(
                "{prefix} to encode alignment in first 4 bytes, but got non-power-of-2 value: {a}"
            ),
        };
        self.err_at(at, message)
    }

    /// The source text between the quotes of the string literal starting
    /// at `at` (the token just consumed).
    fn raw_string(&self, at: usize) -> &[u8] {
        let end = self.prev_end.saturating_sub(1);
        self.lex.src().get(at + 1..end).unwrap_or_default()
    }

    /// A bare identifier or a string (MLIR's `parseOptionalKeywordOrString`).
    pub(super) fn keyword_or_string(&mut self) -> Option<String> {
        match &self.tok {
            Tok::Ident(k) => {
                let k = k.to_string();
                self.bump();
                Some(k)
            }
            Tok::Str(s) => {
                let s = unescape_text(s).into_owned();
                self.bump();
                Some(s)
            }
            _ => None,
        }
    }

    /// Elements, each read by `element`, separated by commas and closed
    /// by `close` (MLIR's `parseCommaSeparatedListUntil`; none is fine).
    fn comma_list_until(
        &mut self,
        close: &'static str,
        mut element: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.eat_punct(close) {
            return Ok(());
        }
        element(self)?;
        while self.eat_punct(",") {
            element(self)?;
        }
        self.expect_token(close, &format!("expected ',' or '{close}'"))
    }

    /// Where MLIR reports an error at the current token: at the end of
    /// the text, on the character before it.
    fn current_offset(&self) -> usize {
        match self.tok {
            Tok::Eof => self.tok_start.saturating_sub(1),
            _ => self.tok_start,
        }
    }

    /// An error at the current token (MLIR's `emitError`); a malformed
    /// token reports itself.
    fn error_here(&mut self, message: impl Into<String>) -> ParseError {
        match &self.tok {
            Tok::Error(_) => self.err(""),
            _ => self.err_at(self.current_offset(), message),
        }
    }

    /// Consume `punct` or fail with `message` where MLIR's
    /// `emitWrongTokenError` puts it: after the last token before the
    /// current one when only blanks and comments separate them across
    /// lines, else at the current token.
    fn expect_token(&mut self, punct: &str, message: &str) -> PResult<()> {
        if self.eat_punct(punct) {
            return Ok(());
        }
        if matches!(self.tok, Tok::Error(_)) {
            return Err(self.err(""));
        }
        let src = self.lex.src();
        let original = self.current_offset();
        let mut end = original;
        let at = loop {
            while end > 0 && matches!(src[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                break original;
            }
            if !matches!(src[end - 1], b'\n' | b'\r') {
                break end;
            }
            end -= 1;
            let line_start = src[..end]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(0);
            if let Some(comment) = src[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + comment;
            }
        };
        Err(self.err_at(at, message))
    }
}

#[cfg(test)]
mod tests {
    use crate::ParseOptions;

    /// The diagnostics of parsing `text` (none when it parses).
    fn errors(text: &str) -> Vec<String> {
        let mut ctx = ir::Context::new();
        let options = ParseOptions::default();
        let (_, diags) = crate::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &options);
        diags.into_iter().map(|d| d.message).collect()
    }

    const VALID: &str = r#"func.func private @f() attributes {a = dense_resource<b> : tensor<2xi16>}
{-#
  dialect_resources: {
    builtin: {
      b: "0x020000000100FFFF",
      "q \"k\"": "0x04000000"
    }
  },
  external_resources: {
    g: {
      t: true,
      s: "x",
      d: "0x0100000001"
    }
  }
#-}
"#;

    /// Every prefix of a file with metadata, and every one-byte change of
    /// it to a character that matters to the metadata, parses or gives an
    /// error: never a panic.
    #[test]
    fn truncated_and_corrupted_metadata_is_an_error_never_a_panic() {
        assert_eq!(errors(VALID), Vec::<String>::new());
        for end in 0..VALID.len() {
            let prefix = &VALID[..end];
            let diags = errors(prefix);
            let in_metadata = prefix.contains("{-#") && !prefix.trim_end().ends_with("#-}");
            if in_metadata && end > VALID.find("{-#").unwrap_or(0) + 3 {
                assert!(!diags.is_empty(), "{prefix:?} parsed");
            }
        }
        for at in 0..VALID.len() {
            for c in ["\"", "}", "{", ":", ",", "#", "-", "0", "z", " "] {
                let mut text = VALID.to_string();
                text.replace_range(at..at + 1, c);
                let _ = errors(&text);
            }
        }
    }
}
