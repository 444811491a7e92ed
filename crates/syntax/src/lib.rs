//! MLIR text → IR. [`parse_source`] returns the top-level module and every
//! diagnostic; it never panics, whatever bytes it is given.

pub mod lexer;
pub mod parallel;
pub mod parser;

pub use parser::{ParseOptions, Parser};

use diag::Diagnostic;
use ir::{Context, OpId};

/// Parse `text` (buffer `file` in the caller's source map, named `name`) into
/// `ctx`. Returns the top-level `builtin.module` (explicit, or wrapping the
/// top-level ops) when parsing succeeded, and the diagnostics.
pub fn parse_source(
    ctx: &mut Context,
    file: u32,
    name: &str,
    text: &[u8],
    options: &ParseOptions,
) -> (Option<OpId>, Vec<Diagnostic>) {
    // Invalid UTF-8 becomes U+FFFD, which no token accepts: a diagnostic.
    let text = String::from_utf8_lossy(text);
    if text.len() >= options.parallel_min_bytes {
        if let Some(module) = parallel::parse_parallel(ctx, file, name, &text, options) {
            return (Some(module), Vec::new());
        }
    }
    // Printed MLIR averages well over 40 bytes per operation.
    ctx.reserve(text.len() / 40);
    let mut p = Parser::new(ctx, &text, file, name, options.clone());
    let result = p.parse_top_level();
    let diags = std::mem::take(&mut p.diags);
    match result {
        Ok(m) if diags.iter().all(|d| !d.is_error()) => (Some(m), diags),
        _ => (None, diags),
    }
}
