//! Precise output: the whole output of a RUN line, kept at the end of the
//! test file after a `// PRECISE-OUTPUT:` line, each output line behind
//! `// ` (an empty one as `//`). `BLESS=1` rewrites the block from the
//! output instead of comparing.

use std::path::Path;

/// The line that opens the block.
pub const MARKER: &str = "// PRECISE-OUTPUT:";

/// Whether expected outputs are rewritten (`BLESS=1`).
pub fn blessing() -> bool {
    std::env::var("BLESS").is_ok_and(|v| v == "1")
}

/// `text` without its block, and the output the block holds (`None` when
/// there is no block).
pub fn split(text: &str) -> (&str, Option<String>) {
    let Some(at) = text.find(&format!("\n{MARKER}\n")) else {
        return (text, None);
    };
    let block = &text[at + MARKER.len() + 2..];
    let expected = block
        .lines()
        .map(|l| l.strip_prefix("// ").unwrap_or(l.trim_start_matches("//")))
        .map(|l| format!("{l}\n"))
        .collect();
    (&text[..=at], Some(expected))
}

/// `text` with its block holding `output`.
pub fn with_block(text: &str, output: &str) -> String {
    let (body, _) = split(text);
    let mut out = body.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(MARKER);
    out.push('\n');
    for line in output.lines() {
        if line.is_empty() {
            out.push_str("//\n");
        } else {
            out.push_str("// ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Compare `output` with the block of `file`, or with `BLESS=1` write it
/// there.
pub fn compare_or_bless(file: &Path, output: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    if blessing() {
        let blessed = with_block(&text, output);
        if blessed != text {
            std::fs::write(file, blessed).map_err(|e| format!("{}: {e}", file.display()))?;
        }
        return Ok(());
    }
    let expected = split(&text).1.ok_or_else(|| {
        format!(
            "{} has no {MARKER} block (run with BLESS=1)",
            file.display()
        )
    })?;
    let normalized: String = output.lines().map(|l| format!("{l}\n")).collect();
    if normalized == expected {
        return Ok(());
    }
    let first = normalized
        .lines()
        .zip(expected.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| normalized.lines().count().min(expected.lines().count()));
    Err(format!(
        "{}: the output differs from its precise-output block at output line {} (BLESS=1 rewrites the block):\n--- expected\n{}--- got\n{}",
        file.display(),
        first + 1,
        expected,
        normalized
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_round_trips_through_its_comments() {
        let test = "// RUN: shape-opt %s | precise-output\nfunc.func @f() {\n  return\n}\n";
        let output = "module {\n\n  func.func @f() {\n  }\n}\n";
        let blessed = with_block(test, output);
        assert!(blessed.starts_with(test));
        assert!(blessed.contains("\n// PRECISE-OUTPUT:\n// module {\n//\n//   func.func @f() {\n"));
        assert_eq!(split(&blessed), (test, Some(output.to_string())));
        assert_eq!(with_block(&blessed, output), blessed);
    }
}
