//! MLIR's pass-pipeline reproducer: a module followed by the file metadata
//! `{-# external_resources: { mlir_reproducer: { pipeline: "...",
//! disable_threading: true, verify_each: true } } #-}`, as
//! `mlir-opt --mlir-pass-pipeline-crash-reproducer` writes it and
//! `mlir-opt --run-reproducer` replays it.

use crate::lexer::{unescape_text, Lexer, Tok};

/// How a reproducer says to run its module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reproducer {
    /// The textual pass pipeline.
    pub pipeline: String,
    pub disable_threading: bool,
    pub verify_each: bool,
}

impl Reproducer {
    /// The file metadata that carries it, to follow the module's text.
    pub fn metadata(&self) -> String {
        let mut pipeline = String::new();
        for c in self.pipeline.chars() {
            match c {
                '"' | '\\' => {
                    pipeline.push('\\');
                    pipeline.push(c);
                }
                '\n' => pipeline.push_str("\\n"),
                c => pipeline.push(c),
            }
        }
        format!(
            "\n{{-#\n  external_resources: {{\n    mlir_reproducer: {{\n      pipeline: \"{pipeline}\",\n      disable_threading: {},\n      verify_each: {}\n    }}\n  }}\n#-}}\n",
            self.disable_threading, self.verify_each
        )
    }

    /// The reproducer configuration in the file metadata of `text`, if any:
    /// the `mlir_reproducer` entry of its `external_resources` (keys
    /// missing from it take `mlir-opt`'s defaults: threads, no verifier).
    pub fn find(text: &str) -> Option<Reproducer> {
        let mut lexer = Lexer::new(text);
        let mut tokens = std::iter::from_fn(move || match lexer.next_token().0 {
            Tok::Eof | Tok::Error(_) => None,
            tok => Some(tok),
        });
        // Up to the metadata's `mlir_reproducer: {`.
        tokens.by_ref().find(|t| *t == Tok::Punct("{-#"))?;
        tokens
            .by_ref()
            .find(|t| *t == Tok::Ident("mlir_reproducer"))?;
        if tokens.next()? != Tok::Punct(":") || tokens.next()? != Tok::Punct("{") {
            return None;
        }
        let mut reproducer = Reproducer {
            pipeline: String::new(),
            disable_threading: false,
            verify_each: false,
        };
        let mut pipeline = None;
        loop {
            let key = match tokens.next()? {
                Tok::Ident(key) => key,
                Tok::Punct("}") => break,
                _ => return None,
            };
            if tokens.next()? != Tok::Punct(":") {
                return None;
            }
            match (key, tokens.next()?) {
                ("pipeline", Tok::Str(s)) => {
                    pipeline = Some(unescape_text(s).into_owned());
                }
                ("disable_threading", Tok::Ident(b)) => reproducer.disable_threading = b == "true",
                ("verify_each", Tok::Ident(b)) => reproducer.verify_each = b == "true",
                _ => {}
            }
            match tokens.next()? {
                Tok::Punct(",") => {}
                Tok::Punct("}") => break,
                _ => return None,
            }
        }
        reproducer.pipeline = pipeline?;
        Some(reproducer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_metadata_written_is_read_back() {
        let written = Reproducer {
            pipeline: "builtin.module(inline{default-pipeline=\"cse\"},cse)".into(),
            disable_threading: true,
            verify_each: true,
        };
        let text = format!("module {{\n}}\n{}", written.metadata());
        assert_eq!(Reproducer::find(&text), Some(written));
        assert_eq!(Reproducer::find("module {\n}\n"), None);
    }
}
