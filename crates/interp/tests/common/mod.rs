//! Parsing MLIR text and running a function of it, for the tests.

// Each test file uses part of it.
#![allow(dead_code)]

use interp::{Arg, InterpError, Outcome, Trace};

/// Parsed and verified IR.
pub struct Parsed {
    pub ctx: ir::Context,
    pub root: ir::OpId,
}

/// Parse and verify `text` (ops of unregistered dialects allowed); panics
/// (failing the test) on a diagnostic.
pub fn parse(text: &str) -> Parsed {
    let mut ctx = ir::Context::new();
    let options = syntax::ParseOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let (root, diags) = syntax::parse_source(&mut ctx, 0, "test.mlir", text.as_bytes(), &options);
    let root = root.unwrap_or_else(|| panic!("parse failed: {diags:?}"));
    if let Err(e) = ir::verifier::verify(&ctx, root, true) {
        panic!("verification failed: {e:?}");
    }
    Parsed { ctx, root }
}

/// Arguments from their command-line spelling (`"[2,3]"`, `"6"`).
pub fn args(spelled: &[&str]) -> Vec<Arg> {
    spelled.iter().map(|a| a.parse().unwrap()).collect()
}

impl Parsed {
    pub fn run(&self, name: &str, spelled: &[&str]) -> Result<Outcome, InterpError> {
        interp::run_function(&self.ctx, self.root, name, &args(spelled))
    }
    pub fn trace(&self, name: &str, spelled: &[&str]) -> Result<Trace, InterpError> {
        interp::trace_function(&self.ctx, self.root, name, &args(spelled))
    }
    /// The events and outcome (`call @log(42); error: ...`), or
    /// `interp error: ...`.
    pub fn show_trace(&self, name: &str, spelled: &[&str]) -> String {
        match self.trace(name, spelled) {
            Ok(trace) => trace.to_string(),
            Err(e) => format!("interp error: {e}"),
        }
    }
    /// The outcome as `shape-run` prints it, or `interp error: ...`.
    pub fn show(&self, name: &str, spelled: &[&str]) -> String {
        match self.run(name, spelled) {
            Ok(outcome) => outcome.to_string(),
            Err(e) => format!("interp error: {e}"),
        }
    }
}
