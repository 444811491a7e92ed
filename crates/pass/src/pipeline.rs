//! MLIR's textual pass pipelines: `builtin.module(func.func(cse,canonicalize),inline{max-depth=3})`.
//!
//! Grammar: `pipeline := element (',' element)*`, `element := name ('{' options '}')? ('(' pipeline ')')?`;
//! an element with a parenthesised body is a nested pipeline anchored on the
//! op it names, otherwise it is a pass. Options are `key=value` separated by
//! spaces; values may be quoted or braced. Errors carry the byte offset in
//! the pipeline text.

/// One element of a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// Run `elements` on every op named `anchor` nested in the current op.
    Nest {
        anchor: String,
        elements: Vec<Element>,
        offset: usize,
    },
    /// Run pass `name` with `options`.
    Pass {
        name: String,
        options: Vec<(String, String)>,
        offset: usize,
    },
}

/// A pipeline syntax error at a byte offset of the pipeline text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    pub offset: usize,
    pub message: String,
}

struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn error<T>(&self, message: impl Into<String>) -> Result<T, PipelineError> {
        Err(PipelineError {
            offset: self.pos,
            message: message.into(),
        })
    }
    fn name(&mut self) -> Result<String, PipelineError> {
        self.skip_ws();
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || b"_-.$".contains(&c) {
                self.pos += 1;
            } else {
                break;
            }
        }
        if start == self.pos {
            return self.error("expected pass or pipeline name");
        }
        Ok(String::from_utf8_lossy(&self.text[start..self.pos]).into_owned())
    }
    /// A value up to a space or `}` at depth 0; quotes and braces nest.
    fn value(&mut self) -> Result<String, PipelineError> {
        let start = self.pos;
        let mut depth = 0i32;
        while let Some(c) = self.peek() {
            match c {
                b'"' | b'\'' => {
                    self.pos += 1;
                    while self.peek().is_some_and(|q| q != c) {
                        self.pos += 1;
                    }
                    if !self.eat(c) {
                        return self.error("unterminated quoted option value");
                    }
                    continue;
                }
                b'{' | b'(' | b'[' => depth += 1,
                b'}' | b')' | b']' if depth == 0 => break,
                b'}' | b')' | b']' => depth -= 1,
                c if c.is_ascii_whitespace() && depth == 0 => break,
                _ => {}
            }
            self.pos += 1;
        }
        let v = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
        Ok(v.trim_matches(|c| c == '"' || c == '\'').to_string())
    }
    fn options(&mut self) -> Result<Vec<(String, String)>, PipelineError> {
        let mut out = Vec::new();
        loop {
            self.skip_ws();
            if self.eat(b'}') {
                return Ok(out);
            }
            if self.peek().is_none() {
                return self.error("expected '}' to close the pass options");
            }
            let key = self.name()?;
            let value = if self.eat(b'=') {
                self.value()?
            } else {
                "true".to_string()
            };
            out.push((key, value));
        }
    }
    fn elements(&mut self, nested: bool) -> Result<Vec<Element>, PipelineError> {
        let mut out = Vec::new();
        self.skip_ws();
        if nested && self.eat(b')') {
            return Ok(out);
        }
        loop {
            self.skip_ws();
            let offset = self.pos;
            let name = self.name()?;
            let options = if self.eat(b'{') {
                self.options()?
            } else {
                Vec::new()
            };
            if self.eat(b'(') {
                if !options.is_empty() {
                    return Err(PipelineError {
                        offset,
                        message: format!("'{name}' anchors a nested pipeline and takes no options"),
                    });
                }
                let elements = self.elements(true)?;
                out.push(Element::Nest {
                    anchor: name,
                    elements,
                    offset,
                });
            } else {
                out.push(Element::Pass {
                    name,
                    options,
                    offset,
                });
            }
            if self.eat(b',') {
                continue;
            }
            if nested {
                if self.eat(b')') {
                    return Ok(out);
                }
                return self.error("expected ',' or ')' in pass pipeline");
            }
            self.skip_ws();
            if self.peek().is_some() {
                return self.error("expected ',' between pipeline elements");
            }
            return Ok(out);
        }
    }
}

/// Parse a textual pipeline.
pub fn parse_pipeline(text: &str) -> Result<Vec<Element>, PipelineError> {
    let mut c = Cursor {
        text: text.as_bytes(),
        pos: 0,
    };
    c.skip_ws();
    if c.peek().is_none() {
        return Ok(Vec::new());
    }
    c.elements(false)
}

pub use diag::suggest::{did_you_mean, edit_distance};

/// `elements` as a textual pipeline, one element a line as `mlir-opt
/// --dump-pass-pipeline` lays it out (each nest's elements indented by two
/// more spaces); [`parse_pipeline`] reads it back.
pub fn print_pipeline(elements: &[Element]) -> String {
    let mut out = String::new();
    print_elements(elements, Some(0), &mut out);
    out
}

/// `elements` as a textual pipeline on one line, with no space.
pub fn print_pipeline_inline(elements: &[Element]) -> String {
    let mut out = String::new();
    print_elements(elements, None, &mut out);
    out
}

/// Print `elements`, one a line at `indent` spaces, or all on one line.
fn print_elements(elements: &[Element], indent: Option<usize>, out: &mut String) {
    let (newline, pad) = match indent {
        Some(n) => ("\n", " ".repeat(n)),
        None => ("", String::new()),
    };
    for (i, element) in elements.iter().enumerate() {
        if i > 0 {
            out.push(',');
            out.push_str(newline);
        }
        out.push_str(&pad);
        match element {
            Element::Nest {
                anchor, elements, ..
            } => {
                out.push_str(anchor);
                out.push('(');
                out.push_str(newline);
                print_elements(elements, indent.map(|n| n + 2), out);
                out.push_str(newline);
                out.push_str(&pad);
                out.push(')');
            }
            Element::Pass { name, options, .. } => {
                out.push_str(name);
                if !options.is_empty() {
                    let options: Vec<String> = options
                        .iter()
                        .map(|(k, v)| match v.contains([' ', ',', '{', '}', '(', ')']) {
                            true => format!("{k}=\"{v}\""),
                            false => format!("{k}={v}"),
                        })
                        .collect();
                    out.push_str(&format!("{{{}}}", options.join(" ")));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_nested_pipelines_with_options() {
        let p = parse_pipeline(
            "builtin.module(func.func(canonicalize, cse),inline{max-depth=3 mode=\"a b\"})",
        )
        .unwrap();
        assert_eq!(
            p,
            vec![Element::Nest {
                anchor: "builtin.module".into(),
                offset: 0,
                elements: vec![
                    Element::Nest {
                        anchor: "func.func".into(),
                        offset: 15,
                        elements: vec![
                            Element::Pass {
                                name: "canonicalize".into(),
                                options: vec![],
                                offset: 25
                            },
                            Element::Pass {
                                name: "cse".into(),
                                options: vec![],
                                offset: 39
                            },
                        ],
                    },
                    Element::Pass {
                        name: "inline".into(),
                        options: vec![
                            ("max-depth".into(), "3".into()),
                            ("mode".into(), "a b".into())
                        ],
                        offset: 44
                    },
                ],
            }]
        );
    }

    #[test]
    fn errors_point_into_the_text() {
        let e = parse_pipeline("builtin.module(cse").unwrap_err();
        assert_eq!(e.offset, 18);
        let e = parse_pipeline("cse,,").unwrap_err();
        assert_eq!(e.offset, 4);
        assert!(parse_pipeline("a{x=1").is_err());
    }
}
