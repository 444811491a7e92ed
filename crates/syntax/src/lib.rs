//! MLIR text → IR. [`parse_source`] returns the top-level module and every
//! diagnostic; it never panics, whatever bytes it is given.

pub mod lexer;
pub mod parallel;
pub mod parser;
pub mod reproducer;

pub use parser::{ParseOptions, Parser};

use diag::{Diagnostic, SourceFile};
use ir::{Context, OpId};

/// Parse `text` (buffer `file` in the caller's source map, named `name`) into
/// `ctx`. Returns the top-level `builtin.module` (explicit, or wrapping the
/// top-level ops; without [`ParseOptions::implicit_module`], the input's one
/// op) when parsing succeeded, and the diagnostics.
pub fn parse_source(
    ctx: &mut Context,
    file: u32,
    name: &str,
    text: &[u8],
    options: &ParseOptions,
) -> (Option<OpId>, Vec<Diagnostic>) {
    // Invalid UTF-8 becomes U+FFFD, which no token accepts: a diagnostic.
    let text = String::from_utf8_lossy(text);
    let lines = parser::line_starts(&text);
    let buffer = Buffer {
        file,
        name,
        text: &text,
        lines: &lines,
    };
    parse_text(ctx, buffer, options)
}

/// [`parse_source`] of a buffer already in a source map (no second UTF-8
/// check, the buffer's line table reused).
pub fn parse_source_file(
    ctx: &mut Context,
    file: u32,
    source: &SourceFile,
    options: &ParseOptions,
) -> (Option<OpId>, Vec<Diagnostic>) {
    let buffer = Buffer {
        file,
        name: &source.name,
        text: &source.text,
        lines: source.line_starts(),
    };
    parse_text(ctx, buffer, options)
}

/// A buffer to parse: its file number and name in the source map, its
/// text and the offsets where its lines start.
#[derive(Clone, Copy)]
pub(crate) struct Buffer<'a> {
    pub file: u32,
    pub name: &'a str,
    pub text: &'a str,
    pub lines: &'a [u32],
}

fn parse_text(
    ctx: &mut Context,
    buffer: Buffer,
    options: &ParseOptions,
) -> (Option<OpId>, Vec<Diagnostic>) {
    let Buffer {
        file,
        name,
        text,
        lines,
    } = buffer;
    if u32::try_from(text.len()).is_err() {
        let loc = diag::DiagLoc::FileLineCol {
            file: name.to_string(),
            line: 1,
            col: 1,
        };
        return (
            None,
            vec![Diagnostic::error(loc, "input larger than 4 GiB")],
        );
    }
    if options.implicit_module && text.len() >= options.parallel_min_bytes {
        if let Some(module) = parallel::parse_parallel(ctx, buffer, options) {
            return (Some(module), Vec::new());
        }
    }
    // Printed MLIR averages well over 40 bytes per operation.
    ctx.reserve(text.len() / 40);
    let mut p = Parser::for_range(
        ctx,
        text,
        0,
        std::borrow::Cow::Borrowed(lines),
        file,
        name,
        options.clone(),
    );
    let result = p.parse_top_level();
    let diags = std::mem::take(&mut p.diags);
    match result {
        Ok(m) if diags.iter().all(|d| !d.is_error()) => (Some(m), diags),
        _ => (None, diags),
    }
}

/// A type alone, as MLIR prints it (`tensor<?xindex>`, `!shape.shape`):
/// for hosts that build IR directly rather than through text. On failure,
/// the message says what was expected and at which column of `text`.
pub fn parse_type(ctx: &mut Context, text: &str) -> Result<ir::Type, String> {
    parse_alone(ctx, text, |p| {
        use ir::asm::AsmParser;
        p.parse_optional_type()
    })
}

/// An attribute alone, as MLIR prints it (`0 : index`, `"f"`,
/// `array<i32: 1, 2>`), its types interned in `ctx`. Failures as
/// [`parse_type`]'s.
pub fn parse_attribute(ctx: &mut Context, text: &str) -> Result<ir::Attr, String> {
    parse_alone(ctx, text, |p| {
        use ir::asm::AsmParser;
        p.parse_optional_attribute(None)
    })
}

/// What `parse` finds in the whole of `text` (nothing may follow it).
fn parse_alone<T>(
    ctx: &mut Context,
    text: &str,
    parse: impl FnOnce(&mut Parser) -> ir::asm::PResult<Option<T>>,
) -> Result<T, String> {
    let mut p = Parser::new(ctx, text, 0, "", ParseOptions::default());
    let parsed = parse(&mut p);
    let rest = p.remaining_offset();
    let first_error = |p: &mut Parser| {
        let diagnostic = p.diags.drain(..).find(Diagnostic::is_error);
        diagnostic.map(|d| {
            let column = match d.loc {
                diag::DiagLoc::Span(span) => span.offset + 1,
                _ => 1,
            };
            format!("{} (column {column})", d.message)
        })
    };
    match parsed {
        Ok(Some(value)) if rest.is_none() => Ok(value),
        Ok(Some(_)) => Err(format!(
            "unexpected text after it (column {})",
            rest.unwrap_or(0) + 1
        )),
        Ok(None) => Err("nothing to parse (column 1)".to_string()),
        Err(_) => Err(first_error(&mut p).unwrap_or_else(|| "invalid syntax".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` parsed as a type and printed back.
    fn type_round_trip(text: &str) -> Result<String, String> {
        let mut ctx = Context::new();
        let ty = parse_type(&mut ctx, text)?;
        Ok(ir::print_attr::AttrPrinter::new(&ctx).type_to_string(ty))
    }

    #[test]
    fn parenthesised_function_results_are_lists_or_function_types() {
        for (text, printed) in [
            ("(i32) -> (i64, f32)", "(i32) -> (i64, f32)"),
            ("(i32) -> ((i64) -> f32)", "(i32) -> ((i64) -> f32)"),
            (
                "(i32) -> ((i64) -> (f32, index))",
                "(i32) -> ((i64) -> (f32, index))",
            ),
            (
                "() -> ((!shape.shape) -> ((i1) -> i1))",
                "() -> ((!shape.shape) -> ((i1) -> i1))",
            ),
            ("(i32) -> (i64)", "(i32) -> i64"),
        ] {
            assert_eq!(type_round_trip(text).as_deref(), Ok(printed), "{text}");
        }
        assert!(type_round_trip("(i32) -> ((i64) ->)").is_err());
        assert!(type_round_trip("(i32) -> (i64,)").is_err());
    }
}
