//! Helpers of the unit tests that work on IR written as MLIR text: [`parse`]
//! (parse or panic, the panic message holding the rendered diagnostics) and
//! [`check`] (parse, run something on the module, print it, and compare
//! with an `expect-test` expectation, which `UPDATE_EXPECT=1` rewrites in
//! place).

use diag::{SourceFile, SourceMap};
use expect_test::Expect;
use ir::printer::{print_op, PrintOptions};
use ir::{Context, OpId};
use syntax::ParseOptions;

/// The name diagnostics give the text of [`parse`].
pub const FILE_NAME: &str = "t.mlir";

/// `text` parsed into a new context: the context and the top-level module.
/// Panics with the diagnostics, rendered as `mlir-opt` prints them, when
/// the parser has any to give.
pub fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new();
    let module = parse_into(&mut ctx, FILE_NAME, text, &ParseOptions::default());
    (ctx, module)
}

/// [`parse`] into the context `ctx`, the text named `name` in diagnostics,
/// with the parser's `options`: the top-level module.
pub fn parse_into(ctx: &mut Context, name: &str, text: &str, options: &ParseOptions) -> OpId {
    let (module, diags) = syntax::parse_source(ctx, 0, name, text.as_bytes(), options);
    match module {
        Some(module) if diags.is_empty() => module,
        _ => {
            let mut sources = SourceMap::new();
            sources.add(SourceFile::new(name, text));
            let rendered: String = diags.iter().map(|d| sources.render(d)).collect();
            panic!("the test's IR does not parse:\n{rendered}")
        }
    }
}

/// Parse `input`, run `transform` on the module, and compare the printed
/// module with `expected` (`UPDATE_EXPECT=1` writes it there instead).
pub fn check(input: &str, transform: impl FnOnce(&mut Context, OpId), expected: Expect) {
    let (mut ctx, module) = parse(input);
    transform(&mut ctx, module);
    expected.assert_eq(&print_op(&ctx, module, PrintOptions::default()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_prints_what_the_transform_left() {
        check(
            "func.func @f() {\n  return\n}\n",
            |_, _| {},
            expect_test::expect![[r#"
                module {
                  func.func @f() {
                    return
                  }
                }
            "#]],
        );
    }

    #[test]
    fn a_parse_error_panics_with_the_rendered_diagnostic() {
        let panic = std::panic::catch_unwind(|| parse("}")).expect_err("a parse error panics");
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        assert!(message.contains("t.mlir:1:1: error:"), "{message}");
    }
}
