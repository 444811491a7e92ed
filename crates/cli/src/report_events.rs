//! `--report`: a `tracing` layer that hands the remarks and constraint
//! pictures passes send to the report being recorded
//! ([`report::Events`]), which tags each with the pass running.

use crate::constraint_graph_files::PictureFields;
use crate::remarks::RemarkFields;
use report::SharedEvents;
use std::sync::PoisonError;
use tracing_subscriber::filter::{Filtered, Targets};
use tracing_subscriber::Layer;

/// The layer; it shares the events with the recorder.
pub struct ReportEvents(pub SharedEvents);

impl ReportEvents {
    /// This sink as a layer that sees only remark and picture events.
    pub fn layer<S: tracing::Subscriber>(self) -> Filtered<ReportEvents, Targets, S> {
        let targets = Targets::new()
            .with_target(pass::REMARK_TARGET, tracing::Level::INFO)
            .with_target(pass::CONSTRAINT_GRAPH_TARGET, tracing::Level::INFO);
        self.with_filter(targets)
    }
}

impl<S: tracing::Subscriber> Layer<S> for ReportEvents {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let mut events = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if event.metadata().target() == pass::REMARK_TARGET {
            let mut f = RemarkFields::default();
            event.record(&mut f);
            events.remark(f.line, f.col, f.message);
        } else {
            let mut f = PictureFields::default();
            event.record(&mut f);
            events.picture(f.function, f.stage, f.dot);
        }
    }
}
