//! Library entry points behind the `shape-opt` binary: read a buffer, split
//! it (`// -----`), parse, verify and print each part, and render
//! diagnostics. Embedders call [`process_buffer`] directly.

pub mod verify_diagnostics;

use diag::{DiagLoc, Diagnostic, SourceFile, SourceMap};
use ir::printer::{concat_pieces, print_op_pieces, PrintOptions};
use ir::Context;
use syntax::ParseOptions;

/// What to do with one input buffer.
#[derive(Clone, Debug, Default)]
pub struct DriverOptions {
    pub split_input_file: bool,
    pub allow_unregistered_dialect: bool,
    pub print: PrintOptions,
    /// Deepest nesting accepted by the parser (0 = the parser's default).
    pub max_nesting: usize,
    pub verify_diagnostics: bool,
}

/// The marker `--split-input-file` splits on.
pub const SPLIT_MARKER: &str = "// -----";

/// Split `text` at lines that contain `// -----`. Each chunk is returned with
/// the newlines of the text before it prepended, so line numbers stay those
/// of the whole file.
pub fn split_chunks(text: &[u8]) -> Vec<Vec<u8>> {
    let mut chunks = Vec::new();
    let mut current = Vec::new();
    let mut lines_before = 0usize;
    let mut lines_seen = 0usize;
    for line in text.split_inclusive(|&b| b == b'\n') {
        if line
            .windows(SPLIT_MARKER.len())
            .any(|w| w == SPLIT_MARKER.as_bytes())
        {
            let mut chunk = vec![b'\n'; lines_before];
            chunk.append(&mut current);
            chunks.push(chunk);
            lines_seen += 1;
            lines_before = lines_seen;
            continue;
        }
        current.extend_from_slice(line);
        lines_seen += 1;
    }
    let mut chunk = vec![b'\n'; lines_before];
    chunk.append(&mut current);
    chunks.push(chunk);
    chunks
}

/// Result of processing a buffer: the printed output of every part that
/// succeeded, the rendered diagnostics, and whether everything succeeded.
pub struct Outcome {
    pub output: String,
    pub diagnostics: String,
    pub success: bool,
}

/// Parse, verify and print one chunk. Returns the text or the diagnostics.
pub fn process_chunk(
    sources: &mut SourceMap,
    name: &str,
    text: Vec<u8>,
    options: &DriverOptions,
) -> Result<String, Vec<Diagnostic>> {
    // Valid UTF-8 moves into the source map without a copy.
    let text = String::from_utf8(text)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let file = sources.add(SourceFile::new(name, text));
    let mut ctx = Context::new();
    let parse_options = ParseOptions {
        allow_unregistered_dialect: options.allow_unregistered_dialect,
        max_nesting: if options.max_nesting == 0 {
            ParseOptions::default().max_nesting
        } else {
            options.max_nesting
        },
        ..ParseOptions::default()
    };
    let Some(source) = sources.file(file) else {
        return Err(Vec::new());
    };
    let (module, diags) = syntax::parse_source_file(&mut ctx, file, source, &parse_options);
    let Some(module) = module else {
        return Err(diags);
    };
    if let Err(e) = ir::verifier::verify(&ctx, module, options.allow_unregistered_dialect) {
        let loc = match e.loc.file_line_col() {
            Some((f, l, c)) => DiagLoc::FileLineCol {
                file: f.to_string(),
                line: l,
                col: c,
            },
            None => DiagLoc::Unknown,
        };
        return Err(vec![Diagnostic::error(loc, e.message)]);
    }
    let pieces = print_op_pieces(&ctx, module, options.print);
    // The IR is not needed for joining: free it first (lower peak memory).
    drop(ctx);
    Ok(concat_pieces(pieces))
}

/// Stack size of the thread that parses, verifies and prints: recursion is
/// bounded by `max_nesting`, and this leaves room for the deepest input the
/// parser accepts whatever the caller's own stack is.
const WORKER_STACK: usize = 512 << 20;

/// Process a whole input buffer as `mlir-opt` would (no passes yet). Runs on
/// a worker thread with a large stack; never panics on any input.
pub fn process_buffer(name: &str, text: impl Into<Vec<u8>>, options: &DriverOptions) -> Outcome {
    let text = text.into();
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || process_buffer_here(name, text, options))
            .ok()
            .and_then(|h| h.join().ok())
            .unwrap_or_else(|| Outcome {
                output: String::new(),
                diagnostics: format!("{name}: error: internal error: processing thread failed\n"),
                success: false,
            })
    })
}

fn process_buffer_here(name: &str, text: Vec<u8>, options: &DriverOptions) -> Outcome {
    let chunks = if options.split_input_file {
        split_chunks(&text)
    } else {
        vec![text]
    };
    let mut sources = SourceMap::new();
    // mlir-opt ends each module with a blank line and joins parts with the marker.
    let mut output = String::new();
    let mut emit = |out: String| {
        if !output.is_empty() {
            output.push_str(SPLIT_MARKER);
            output.push('\n');
        }
        if output.is_empty() {
            output = out;
        } else {
            output.push_str(&out);
        }
        output.push('\n');
    };
    let mut diagnostics = String::new();
    let mut success = true;
    for chunk in chunks {
        if options.verify_diagnostics {
            let expected = verify_diagnostics::expectations(&chunk);
            let got = match process_chunk(&mut sources, name, chunk, options) {
                Ok(out) => {
                    emit(out);
                    Vec::new()
                }
                Err(d) => d,
            };
            if let Err(msg) = verify_diagnostics::check(&sources, name, &expected, &got) {
                diagnostics.push_str(&msg);
                success = false;
            }
            continue;
        }
        match process_chunk(&mut sources, name, chunk, options) {
            Ok(out) => emit(out),
            Err(diags) => {
                success = false;
                for d in &diags {
                    diagnostics.push_str(&sources.render(d));
                }
            }
        }
    }
    Outcome {
        output,
        diagnostics,
        success,
    }
}

/// Regular files (and new ones) are replaced atomically: a temporary file
/// next to the target, then a rename. Anything else (`/dev/null`, a pipe, a
/// terminal) is written in place — renaming over it would replace the device.
pub fn write_output(path: &str, bytes: &[u8]) -> std::io::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        std::io::Write::write_all(&mut out, bytes)?;
        return std::io::Write::flush(&mut out);
    }
    let regular_or_new = match std::fs::metadata(path) {
        Ok(m) => m.is_file(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(e),
    };
    if !regular_or_new {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, bytes));
    }
    let tmp = format!("{path}.tmp{}", std::process::id());
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_line_numbers() {
        let chunks = split_chunks(b"a\n// -----\nb\nc\n// -----\nd");
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[0], b"a\n");
        assert_eq!(chunks[1], b"\n\nb\nc\n");
        assert_eq!(chunks[2], b"\n\n\n\n\nd");
    }

    #[test]
    fn output_to_a_special_file_keeps_the_file() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("shape-opt-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("out");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping: mkfifo unavailable");
            return;
        }
        let reader_path = fifo.clone();
        let reader = std::thread::spawn(move || std::fs::read(reader_path).unwrap());
        write_output(fifo.to_str().unwrap(), b"module {\n}\n").unwrap();
        assert_eq!(reader.join().unwrap(), b"module {\n}\n");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        let regular = dir.join("regular.mlir");
        write_output(regular.to_str().unwrap(), b"x").unwrap();
        assert_eq!(std::fs::read(&regular).unwrap(), b"x");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
