//! Remarks (see [`pass::remark`]) as diagnostics: a `tracing` layer that
//! turns each remark event into a [`Diagnostic`] of severity remark, and
//! either prints it MLIR-style (`--remarks`) or collects it for
//! `--verify-diagnostics`.

use diag::{DiagLoc, Diagnostic, Severity};
use pass::events::RemarkFields;
use std::sync::{Arc, Mutex};
use tracing_subscriber::filter::{Filtered, Targets};
use tracing_subscriber::Layer;

/// Where remarks go.
pub enum Remarks {
    /// To stderr: `file:line:col: remark: message`.
    Print,
    /// Into a list.
    Collect(Arc<Mutex<Vec<Diagnostic>>>),
}

impl Remarks {
    /// This sink as a layer that sees only remark events.
    pub fn layer<S: tracing::Subscriber>(self) -> Filtered<Remarks, Targets, S> {
        self.with_filter(Targets::new().with_target(pass::REMARK_TARGET, tracing::Level::INFO))
    }
}

impl<S: tracing::Subscriber> Layer<S> for Remarks {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let mut f = RemarkFields::default();
        event.record(&mut f);
        match self {
            Remarks::Print => {
                crate::stderr_println!("{}:{}:{}: remark: {}", f.file, f.line, f.col, f.message)
            }
            Remarks::Collect(list) => {
                let loc = DiagLoc::FileLineCol {
                    file: f.file,
                    line: f.line,
                    col: f.col,
                };
                if let Ok(mut list) = list.lock() {
                    list.push(Diagnostic::new(Severity::Remark, loc, f.message));
                }
            }
        }
    }
}
