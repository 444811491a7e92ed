//! Printed IR lines and the source lines they came from.
//!
//! The report prints each function with its locations inline
//! (`--mlir-print-debuginfo --mlir-print-local-scope`): every op line ends
//! in `loc(...)`, which may nest call sites (`loc(callsite("f.mlir":8:10
//! at "f.mlir":14:8))`), and block arguments carry their own. A line is
//! shown without its locations, and remembers the lines of the input file
//! they name: an op inlined from a shape function names both the line
//! that wrote it and the line that called it.

/// A printed line: its text without locations, and the input lines it
/// came from (in order of first mention, without repeats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub lines: Vec<u32>,
}

/// `text` (printed with inline locations) line by line; only locations in
/// `file` count.
pub fn split(text: &str, file: &str) -> Vec<Line> {
    text.lines().map(|l| strip(l, file)).collect()
}

/// One line without its `loc(...)`s.
pub fn strip(line: &str, file: &str) -> Line {
    let mut text = String::with_capacity(line.len());
    let mut lines = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(" loc(") {
        text.push_str(&rest[..at]);
        let inner = &rest[at + 1..];
        let end = balanced_end(inner).unwrap_or(inner.len());
        positions(&inner[..end], file, &mut lines);
        rest = &inner[end..];
    }
    text.push_str(rest);
    Line { text, lines }
}

/// The length of `loc(...)` at the start of `s`, up to its closing
/// parenthesis (quotes respected); `None` if it does not close.
fn balanced_end(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match (quoted, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => quoted = false,
            (true, _) => {}
            (false, '"') => quoted = true,
            (false, '(') => depth += 1,
            (false, ')') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Every `"file":line:col` of `loc` whose file is `file`, added to `out`.
fn positions(loc: &str, file: &str, out: &mut Vec<u32>) {
    let quoted = format!("\"{}\":", file.replace('\\', "\\\\").replace('"', "\\\""));
    let mut rest = loc;
    while let Some(at) = rest.find(&quoted) {
        rest = &rest[at + quoted.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(line) = digits.parse::<u32>() {
            if !out.contains(&line) {
                out.push(line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_removed_and_their_lines_kept() {
        let l = strip(
            r#"    %2 = shape.meet %0, %1 : !shape.shape, !shape.shape -> !shape.shape loc(callsite("f.mlir":8:10 at "f.mlir":14:8))"#,
            "f.mlir",
        );
        assert_eq!(
            l.text,
            "    %2 = shape.meet %0, %1 : !shape.shape, !shape.shape -> !shape.shape"
        );
        assert_eq!(l.lines, vec![8, 14]);
    }

    #[test]
    fn block_arguments_and_other_files() {
        let l = strip(
            r#"func.func @f(%arg0: index loc("f.mlir":1:14), %arg1: index loc("g.mlir":3:1)) -> index {"#,
            "f.mlir",
        );
        assert_eq!(
            l.text,
            "func.func @f(%arg0: index, %arg1: index) -> index {"
        );
        assert_eq!(l.lines, vec![1]);
    }

    #[test]
    fn unbalanced_text_is_kept() {
        let l = strip("x loc(\"f.mlir\":1:2", "f.mlir");
        assert_eq!(l.text, "x");
        assert_eq!(l.lines, vec![1]);
    }
}
