//! The directives of the `stage-forms` and `interp-cases` kinds, read from
//! a file's body: `// FORM: <stage>` in a `// -----` chunk, and
//! `// CASE: @func args... => outcome` lines. Malformed directives are
//! errors naming the file and line, never panics.

use std::path::Path;

/// What separates the chunks of a file, as `--split-input-file` reads it.
pub const CHUNK_MARKER: &str = "// -----";

/// A chunk of a `stage-forms` file and the stage its `// FORM:` line names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormChunk {
    /// The stage's name, as `pass::stage::Stage::from_name` reads it.
    pub form: String,
    /// The chunk, after as many empty lines as precede it in the file.
    pub chunk: String,
}

/// The chunks of `body` that hold a `// FORM:` line, in order.
pub fn forms(body: &str) -> Vec<FormChunk> {
    let mut out = Vec::new();
    let mut lines_before = 0;
    let mut chunk = String::new();
    let mut finish = |chunk: &mut String, lines_before: usize| {
        let form = chunk
            .lines()
            .find_map(|l| l.strip_prefix("// FORM: "))
            .map(|f| f.trim().to_string());
        if let Some(form) = form {
            out.push(FormChunk {
                form,
                chunk: "\n".repeat(lines_before) + chunk,
            });
        }
        chunk.clear();
    };
    let mut line_no = 0;
    for line in body.split_inclusive('\n') {
        line_no += 1;
        if line.contains(CHUNK_MARKER) {
            finish(&mut chunk, lines_before);
            lines_before = line_no;
        } else {
            chunk.push_str(line);
        }
    }
    finish(&mut chunk, lines_before);
    out
}

/// One `// CASE: @func args... => outcome` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The function called, without its `@`.
    pub func: String,
    /// The arguments, one word each, as `shape-run` reads them.
    pub args: Vec<String>,
    /// The outcome, as `shape-run` prints it.
    pub expected: String,
    /// The 1-based line of the case in its file.
    pub line: usize,
}

/// Every `// CASE:` line of `body` (of the file at `file`, named in errors).
pub fn cases(file: &Path, body: &str) -> Result<Vec<Case>, String> {
    body.lines()
        .enumerate()
        .filter_map(|(i, l)| Some((i + 1, l.strip_prefix("// CASE: ")?)))
        .map(|(line, l)| {
            let at = || format!("{}:{line}", file.display());
            let (call, expected) = l
                .split_once(" => ")
                .ok_or_else(|| format!("{}: no ` => ` in `{l}`", at()))?;
            let mut words = call.split_whitespace();
            let func = words
                .next()
                .and_then(|f| f.strip_prefix('@'))
                .ok_or_else(|| format!("{}: no @function in `{l}`", at()))?;
            Ok(Case {
                func: func.to_string(),
                args: words.map(str::to_string).collect(),
                expected: expected.to_string(),
                line,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_chunks_keep_their_line_numbers() {
        let body = "\n// FORM: std\nfunc.func @a()\n// -----\nno form\n// -----\n// FORM: constrained\nx\n";
        let chunks = forms(body);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks[0].form, "std");
        assert_eq!(chunks[1].form, "constrained");
        assert_eq!(chunks[1].chunk, "\n\n\n\n\n\n// FORM: constrained\nx\n");
    }

    #[test]
    fn cases_name_their_line() {
        let body = "\n// CASE: @pad [2,3] 1 => ok 5, 7\nfunc.func @pad()\n";
        let case = &cases(Path::new("t.mlir"), body).unwrap()[0];
        assert_eq!(case.func, "pad");
        assert_eq!(case.args, ["[2,3]", "1"]);
        assert_eq!(case.expected, "ok 5, 7");
        assert_eq!(case.line, 2);
        let err = cases(Path::new("t.mlir"), "// CASE: pad => ok\n").unwrap_err();
        assert_eq!(err, "t.mlir:1: no @function in `pad => ok`");
    }
}
