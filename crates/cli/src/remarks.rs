//! Remarks (see [`pass::remark`]) as diagnostics: a `tracing` layer that
//! turns each remark event into a [`Diagnostic`] of severity remark, and
//! either prints it MLIR-style (`--remarks`) or collects it for
//! `--verify-diagnostics`.

use diag::{DiagLoc, Diagnostic, Severity};
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

/// The fields of a remark event.
#[derive(Default)]
pub(crate) struct RemarkFields {
    pub(crate) file: String,
    pub(crate) line: u32,
    pub(crate) col: u32,
    pub(crate) message: String,
}

impl tracing::field::Visit for RemarkFields {
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        let value = u32::try_from(value).unwrap_or(u32::MAX);
        match field.name() {
            "line" => self.line = value,
            "col" => self.col = value,
            _ => {}
        }
    }
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        if field.name() == "file" {
            self.file = value.to_string();
        }
    }
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.message = format!("{value:?}");
        }
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
