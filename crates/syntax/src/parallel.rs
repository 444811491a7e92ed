//! Parallel parsing of large modules.
//!
//! A module printed by `mlir-opt` (or written by hand) is `module {`, one
//! top-level op per line start, `}`. The body is cut at lines that start,
//! outside any bracket, with an op name; the pieces are parsed on all cores
//! into separate contexts, in waves of a few pieces per thread, and appended
//! in order to the first piece's context (each wave while the next one
//! parses), which becomes the caller's once every piece has parsed.
//!
//! Guarantee: the result is the module the sequential parser builds, or
//! `None`. Any doubt — the file does not have that shape, a piece does not
//! parse on its own (a continuation line taken for an op, a value used
//! across pieces), aliases or file metadata — gives `None`, and the caller
//! parses sequentially (which also produces the diagnostics).

use crate::lexer::{Lexer, Tok};
use crate::parser::{ParseOptions, Parser};
use crate::Buffer;
use ir::{BlockId, Context, Location, OpId, OpKind, OperationState};
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::Mutex;

/// The module's position and where the pieces of its body start and end.
struct Layout {
    module_at: usize,
    /// Start of each piece (the first is the first top-level op).
    starts: Vec<usize>,
    body_end: usize,
}

/// Find `module {` ... `}` and cut its body into about `pieces` pieces, each
/// starting at a line indented like the first top-level op and starting
/// with an op name. The cut is a guess checked by parsing: a cut inside a
/// nested construct leaves a piece with unbalanced brackets, which fails.
fn layout(text: &str, pieces: usize) -> Option<Layout> {
    let bytes = text.as_bytes();
    let mut lex = Lexer::new(text);
    let (first, module_at) = lex.next_token();
    if first != Tok::Ident("module") || lex.next_token().0 != Tok::Punct("{") {
        return None;
    }
    let (op, first_at) = lex.next_token();
    if !matches!(op, Tok::Ident(_) | Tok::Str(_)) {
        return None;
    }
    // The module must be the last thing in the file (no metadata, no trailing text).
    let trimmed = text.trim_end();
    if !trimmed.ends_with('}') || trimmed.ends_with("#-}") {
        return None;
    }
    let body_end = trimmed.len() - 1;
    let line_of = |at: usize| {
        bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
    };
    let indent = &bytes[line_of(first_at)..first_at];
    if !indent.iter().all(|&b| b == b' ') || body_end <= first_at {
        return None;
    }
    let mut starts = vec![first_at];
    for k in 1..pieces {
        let target = first_at + (body_end - first_at) * k / pieces;
        let mut at = line_of(target);
        // The next line at the same indentation that starts an op.
        while at < body_end {
            let next = bytes[at..body_end]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(body_end, |p| at + p + 1);
            let line = &bytes[next.min(body_end)..body_end];
            let cut = next + indent.len();
            if line.starts_with(indent)
                && line
                    .get(indent.len())
                    .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_' || b == b'"')
            {
                if cut > *starts.last()? {
                    starts.push(cut);
                }
                break;
            }
            at = next;
        }
    }
    Some(Layout {
        module_at,
        starts,
        body_end,
    })
}

/// The body is parsed in this many waves. While a wave is parsed, the one
/// before it is moved into the module's context, so at most two waves'
/// arenas are held twice; the last wave is moved with nothing beside it.
const WAVES: usize = 16;

/// Pieces per thread in a wave: the threads share a wave's pieces and the
/// move of the wave before it, so that none waits long for the others.
const PIECES_PER_THREAD: usize = 4;

/// A piece parsed into a context of its own, the block of its ops, and
/// those ops in order (listed while they are in cache).
type Piece = Option<(Context, BlockId, Vec<OpId>)>;

/// The module's body so far: the first piece's context, holding the pieces
/// joined to it, the block of the module's ops, and those ops in order.
type Body = Option<(Context, BlockId, Vec<OpId>)>;

/// Parse `text` in parallel when it is a large module of many top-level ops.
/// The module is read under `ctx`'s settings (pure host ops, foreign ops).
pub(crate) fn parse_parallel(
    ctx: &mut Context,
    buffer: Buffer,
    options: &ParseOptions,
) -> Option<OpId> {
    let threads = rayon::current_num_threads();
    if threads < 2 {
        return None;
    }
    let layout = layout(buffer.text, threads * PIECES_PER_THREAD * WAVES)?;
    if layout.starts.len() < 2 {
        return None;
    }
    let ranges: Vec<(usize, usize)> = layout
        .starts
        .iter()
        .zip(layout.starts[1..].iter().chain([&layout.body_end]))
        .map(|(&a, &b)| (a, b))
        .collect();
    // The contexts of pieces already moved into the module: their arenas
    // take the pieces of later waves, so that the memory is not freed and
    // zeroed again by the kernel for each wave.
    let spare: Mutex<Vec<Context>> = Mutex::new(Vec::new());
    let parse_wave = |wave: &[(usize, usize)], first_wave: bool| -> Vec<Piece> {
        wave.par_iter()
            .enumerate()
            .map(|(i, &(start, end))| {
                let reused = spare.lock().ok().and_then(|mut s| s.pop());
                let mut piece = reused.unwrap_or_default();
                // The first piece becomes the module's context: room for all.
                let room = match first_wave && i == 0 {
                    true => buffer.text.len(),
                    false => end - start,
                };
                piece.reserve(room / 40);
                let block = {
                    let mut p = Parser::for_range(
                        &mut piece,
                        buffer.text.get(..end)?,
                        start,
                        Cow::Borrowed(buffer.lines),
                        buffer.file,
                        buffer.name,
                        options.clone(),
                    );
                    p.parse_module_body_chunk().ok()?
                };
                let ops = piece.block_ops(block).collect();
                Some((piece, block, ops))
            })
            .collect()
    };
    // The module's ops so far, in a context of their own until every piece
    // has parsed (a piece that fails leaves `ctx` untouched).
    let mut body: Body = None;
    let absorb = |body: &mut Body, pieces: Vec<Piece>| -> Option<()> {
        for piece in pieces {
            let (mut piece, block, ops) = piece?;
            match body {
                // The first piece becomes the body's context (no copy).
                None => *body = Some((piece, block, ops)),
                Some((into, into_block, all)) => {
                    let offsets = into.append_into_block(&mut piece, block, *into_block);
                    all.extend(ops.into_iter().map(|o| offsets.op(o)));
                    if let Ok(mut spare) = spare.lock() {
                        spare.push(piece);
                    }
                }
            }
        }
        Some(())
    };
    let mut waves = ranges.chunks(threads * PIECES_PER_THREAD);
    let mut pending = parse_wave(waves.next()?, true);
    for wave in waves {
        let (absorbed, parsed) =
            rayon::join(|| absorb(&mut body, pending), || parse_wave(wave, false));
        absorbed?;
        pending = parsed;
    }
    absorb(&mut body, pending)?;
    let (mut parsed, body_block, mut top) = body?;
    drop(spare);
    // An empty context simply becomes the parsed one (no copy).
    let block = match ctx.num_ops() {
        0 => {
            parsed.copy_settings_from(ctx);
            *ctx = parsed;
            body_block
        }
        _ => {
            let block = ctx.create_block();
            let offsets = ctx.append_into_block(&mut parsed, body_block, block);
            top.iter_mut().for_each(|o| *o = offsets.op(*o));
            block
        }
    };
    let region = ctx.create_region();
    ctx.append_block(region, block);
    let (line, col) = {
        let l = buffer
            .lines
            .partition_point(|&s| s as usize <= layout.module_at);
        let start = buffer.lines.get(l.wrapping_sub(1)).copied().unwrap_or(0) as usize;
        (l as u32, (layout.module_at - start) as u32 + 1)
    };
    let mut state = OperationState::new(
        OpKind::BuiltinModule,
        Location::FileLineCol {
            file: buffer.name.into(),
            line,
            col,
        },
    );
    state.regions.push(region);
    let module = ctx.create_op(state);
    // The verifier and the printer read the module's ops without a walk.
    ctx.remember_block_ops(block, top);
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
        assert!(layout(&text, 2).is_some_and(|l| l.starts.len() == 2));
        assert_eq!(print(&text, true), print(&text, false));
    }

    #[test]
    fn the_module_parsed_in_pieces_keeps_the_callers_settings() {
        let mut ctx = Context::new();
        let mut pure = ir::effects::PureOps::default();
        assert!(pure.declare("test.op").is_ok());
        ctx.set_pure_ops(pure.clone());
        ctx.set_knows_foreign_ops(false);
        ctx.set_print_op_on_diagnostic(true);
        let options = ParseOptions {
            allow_unregistered_dialect: true,
            parallel_min_bytes: 0,
            ..ParseOptions::default()
        };
        let text = functions(40);
        let (m, _) = crate::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &options);
        assert!(m.is_some());
        assert_eq!(*ctx.pure_ops(), pure);
        assert!(!ctx.knows_foreign_ops());
        assert!(ctx.print_op_on_diagnostic());
    }

    #[test]
    fn doubtful_layouts_fall_back() {
        // A value used across top-level ops, a continuation line, and text
        // after the module: each must give the sequential result.
        let cross = r#"module {
  %0 = "t.a"() : () -> i32
  "t.b"(%0) : (i32) -> ()
  "t.c"(%0) : (i32) -> ()
}
"#;
        assert_eq!(print(cross, true), print(cross, false));
        let continued = format!(
            "module {{\n  func.func private @g()\n    attributes {{x}}\n{}",
            &functions(8)["module {\n".len()..]
        );
        assert_eq!(print(&continued, true), print(&continued, false));
        let trailing = format!("{}// trailing comment\n", functions(8));
        assert_eq!(print(&trailing, true), print(&trailing, false));
        assert!(layout(&format!("{}\"t.after\"() : () -> ()\n", functions(4)), 2).is_none());
    }
}
