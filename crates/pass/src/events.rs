//! The fields of the `tracing` events passes send, as a subscriber reads
//! them back: a remark ([`crate::remark`], on [`crate::REMARK_TARGET`])
//! and a constraint picture (on [`crate::CONSTRAINT_GRAPH_TARGET`]).
//! Every layer that receives them (printed remarks, picture files, a
//! report) reads them through these.

/// The fields of a remark event.
#[derive(Default)]
pub struct RemarkFields {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
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

/// The string fields of a picture event: the function, the stage of
/// `canonicalize-constraints` it was drawn at, and its Graphviz DOT text.
#[derive(Default)]
pub struct PictureFields {
    pub function: String,
    pub stage: String,
    pub dot: String,
}

impl tracing::field::Visit for PictureFields {
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        let slot = match field.name() {
            "function" => &mut self.function,
            "stage" => &mut self.stage,
            "dot" => &mut self.dot,
            _ => return,
        };
        *slot = value.to_string();
    }

    /// Every field of a picture is a string (`record_str`).
    fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
}
