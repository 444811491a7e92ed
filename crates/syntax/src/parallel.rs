//! Parallel parsing of large modules.
//!
//! A module printed by `mlir-opt` (or written by hand) is `module {`, one
//! top-level op per line start, `}`. The body is cut at lines that start,
//! outside any bracket, with an op name; the pieces are parsed on all cores
//! into separate contexts, which are then appended to the caller's context in
//! order.
//!
//! Guarantee: the result is the module the sequential parser builds, or
//! `None`. Any doubt — the file does not have that shape, a piece does not
//! parse on its own (a continuation line taken for an op, a value used
//! across pieces), aliases or file metadata — gives `None`, and the caller
//! parses sequentially (which also produces the diagnostics).

use crate::lexer::{Lexer, Tok};
use crate::parser::{ParseOptions, Parser};
use ir::{Context, Location, OpId, OperationState};
use rayon::prelude::*;
use std::borrow::Cow;

/// Byte ranges of the module body and the offsets where top-level ops may start.
struct Layout {
    module_at: usize,
    starts: Vec<usize>,
    body_end: usize,
}

/// Find `module {` ... `}` and the candidate op starts inside it, with a
/// byte scan that only tracks brackets, strings and comments.
fn layout(text: &str) -> Option<Layout> {
    let bytes = text.as_bytes();
    let mut lex = Lexer::new(text);
    let (first, module_at) = lex.next_token();
    if first != Tok::Ident("module") || lex.next_token().0 != Tok::Punct("{") {
        return None;
    }
    let mut depth = 0usize;
    let mut starts = Vec::new();
    let mut at_line_start = false;
    let mut i = lex.pos;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\n' => {
                at_line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let first_on_line = std::mem::replace(&mut at_line_start, false);
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                if depth == 0 && first_on_line {
                    starts.push(i);
                }
                i += 1;
                while let Some(&c) = bytes.get(i) {
                    i += 1;
                    match c {
                        b'\\' => i += 1,
                        b'"' => break,
                        b'\n' => return None,
                        _ => {}
                    }
                }
                continue;
            }
            b'{' | b'(' | b'[' => depth += 1,
            b'}' if depth == 0 => {
                // The module's closing brace: nothing but trivia may follow.
                let mut rest = Lexer::new(text);
                rest.pos = i + 1;
                if rest.next_token().0 != Tok::Eof {
                    return None;
                }
                return Some(Layout {
                    module_at,
                    starts,
                    body_end: i,
                });
            }
            b'}' | b')' | b']' => depth = depth.checked_sub(1)?,
            b'#' if bytes.get(i + 1) == Some(&b'-') => return None,
            c if depth == 0 && first_on_line && (c.is_ascii_alphabetic() || c == b'_') => {
                starts.push(i)
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Parse `text` in parallel when it is a large module of many top-level ops.
pub fn parse_parallel(
    ctx: &mut Context,
    file: u32,
    name: &str,
    text: &str,
    lines: &[u32],
    options: &ParseOptions,
) -> Option<OpId> {
    let layout = layout(text)?;
    let pieces = rayon::current_num_threads();
    if layout.starts.len() < pieces || pieces < 2 {
        return None;
    }
    // Group op starts into pieces of about equal size.
    let body = layout.body_end - layout.starts[0];
    let mut ranges = Vec::new();
    let mut begin = layout.starts[0];
    for &s in &layout.starts[1..] {
        if s - begin >= body / pieces {
            ranges.push((begin, s));
            begin = s;
        }
    }
    ranges.push((begin, layout.body_end));
    let parsed: Vec<Option<(Context, ir::BlockId)>> = ranges
        .par_iter()
        .enumerate()
        .map(|(i, &(start, end))| {
            let mut piece = Context::new();
            // The first piece becomes the module's context: room for all.
            piece.reserve(if i == 0 { text.len() } else { end - start } / 40);
            let block = {
                let mut p = Parser::for_range(
                    &mut piece,
                    text.get(..end)?,
                    start,
                    Cow::Borrowed(lines),
                    file,
                    name,
                    options.clone(),
                );
                p.parse_module_body_chunk().ok()?
            };
            Some((piece, block))
        })
        .collect();
    let mut pieces_ok = Vec::with_capacity(parsed.len());
    for p in parsed {
        pieces_ok.push(p?);
    }
    let mut pieces = pieces_ok.into_iter();
    let (first, first_block) = pieces.next()?;
    // An empty context simply becomes the first piece (no copy).
    let mut first_offsets = None;
    if ctx.num_ops() == 0 {
        *ctx = first;
    } else {
        first_offsets = Some(ctx.append(first));
    }
    let first_block = first_offsets.map_or(first_block, |o| o.block(first_block));
    let region = ctx.create_region();
    let block = ctx.create_block();
    ctx.append_block(region, block);
    let (line, col) = {
        let l = lines.partition_point(|&s| s as usize <= layout.module_at);
        let start = lines.get(l.wrapping_sub(1)).copied().unwrap_or(0) as usize;
        (l as u32, (layout.module_at - start) as u32 + 1)
    };
    let mut state = OperationState::new(
        "builtin.module",
        Location::FileLineCol {
            file: name.into(),
            line,
            col,
        },
    );
    state.regions.push(region);
    let module = ctx.create_op(state);
    let ops: Vec<OpId> = ctx.block_ops(first_block).collect();
    for o in ops {
        ctx.append_op(block, o);
    }
    for (piece, piece_block) in pieces {
        let ops: Vec<OpId> = piece.block_ops(piece_block).collect();
        let offsets = ctx.append(piece);
        for o in ops {
            ctx.append_op(block, offsets.op(o));
        }
    }
    Some(module)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(text: &str, parallel: bool) -> Option<String> {
        let mut ctx = Context::new();
        let options = ParseOptions {
            allow_unregistered_dialect: true,
            parallel_min_bytes: if parallel { 0 } else { usize::MAX },
            ..ParseOptions::default()
        };
        let (m, _) = crate::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &options);
        Some(ir::printer::print_op(&ctx, m?, Default::default()))
    }

    fn functions(n: usize) -> String {
        let mut s = String::from("module {\n");
        for i in 0..n {
            s.push_str(&format!(
                "  func.func @f{i}(%arg0: tensor<?x{i}xf32>) -> index {{\n    %c{i} = arith.constant {i} : index\n    %0 = tensor.dim %arg0, %c{i} : tensor<?x{i}xf32>\n    %1 = \"test.op\"(%0) {{a = [\"}}\", {i}]}} : (index) -> index\n    return %1 : index\n  }}\n"
            ));
        }
        s.push_str("}\n");
        s
    }

    #[test]
    fn parallel_parse_builds_the_sequential_module() {
        let text = functions(40);
        assert!(layout(&text).is_some());
        assert_eq!(print(&text, true), print(&text, false));
    }

    #[test]
    fn doubtful_layouts_fall_back() {
        // A value used across top-level ops, a continuation line, and text
        // after the module: each must give the sequential result.
        let cross = "module {\n  %0 = \"t.a\"() : () -> i32\n  \"t.b\"(%0) : (i32) -> ()\n  \"t.c\"(%0) : (i32) -> ()\n}\n";
        assert_eq!(print(cross, true), print(cross, false));
        let continued = format!(
            "module {{\n  func.func private @g()\n    attributes {{x}}\n{}",
            &functions(8)["module {\n".len()..]
        );
        assert_eq!(print(&continued, true), print(&continued, false));
        let trailing = format!("{}// trailing comment\n", functions(8));
        assert_eq!(print(&trailing, true), print(&trailing, false));
        assert!(layout(&format!("{}\"t.after\"() : () -> ()\n", functions(4))).is_none());
    }
}
