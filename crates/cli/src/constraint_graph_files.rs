//! `--dump-constraint-graph=DIR`: a `tracing` layer that writes the
//! pictures `canonicalize-constraints` sends (events on target [`TARGET`]
//! with the fields `function`, `stage` and `dot`: the Graphviz DOT text of
//! the function at that stage) to `DIR/<function>.<stage>.dot`.
//!
//! File names keep `[A-Za-z0-9_.-]` of the function's and the stage's
//! names and replace any other character by `_`, and files are written
//! through [`DumpDir`] (no link followed), so no file lands outside `DIR`. A name met again in the same run (functions of one name in
//! several inputs or libraries, the pass run twice) is numbered:
//! `f.before.dot`, then `f-2.before.dot`, and so on, in the order the
//! pictures arrive. A layer cannot fail: the first write error is kept for
//! the caller to report ([`ConstraintGraphFiles::first_error`]), and
//! nothing more is written after it.

use crate::dump_dir::DumpDir;
use pass::events::PictureFields;
use std::collections::HashSet;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

pub use pass::CONSTRAINT_GRAPH_TARGET as TARGET;

/// The layer; clones share what was written.
#[derive(Clone)]
pub struct ConstraintGraphFiles {
    dir: Arc<DumpDir>,
    written: Arc<Mutex<Written>>,
}

#[derive(Default)]
struct Written {
    names: HashSet<String>,
    first_error: Option<String>,
}

impl ConstraintGraphFiles {
    /// Pictures go to `dir`, created (with its parents) if missing.
    pub fn new(dir: &Path) -> Result<Self, String> {
        Ok(ConstraintGraphFiles {
            dir: Arc::new(DumpDir::create(dir)?),
            written: Arc::default(),
        })
    }

    /// The first file that could not be written, and why.
    pub fn first_error(&self) -> Option<String> {
        self.lock().first_error.clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Written> {
        self.written.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self, function: &str, stage: &str, dot: &str) {
        let mut written = self.lock();
        if written.first_error.is_some() {
            return;
        }
        let name = file_name(function, stage, &written.names);
        match self.dir.write(&[], &name, dot.as_bytes()) {
            Ok(()) => {
                written.names.insert(name);
            }
            Err(e) => written.first_error = Some(e),
        }
    }
}

/// `<function>.<stage>.dot`, made safe, numbered if `taken`.
fn file_name(function: &str, stage: &str, taken: &HashSet<String>) -> String {
    let (function, stage) = (file_name_safe(function), file_name_safe(stage));
    let mut name = format!("{function}.{stage}.dot");
    let mut number = 1;
    while taken.contains(&name) {
        number += 1;
        name = format!("{function}-{number}.{stage}.dot");
    }
    name
}

/// `text` with every character but `[A-Za-z0-9_.-]` replaced by `_`.
fn file_name_safe(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_ascii_alphanumeric() || "_.-".contains(c) {
            true => c,
            false => '_',
        })
        .collect()
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for ConstraintGraphFiles {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let mut fields = PictureFields::default();
        event.record(&mut fields);
        self.write(&fields.function, &fields.stage, &fields.dot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_stay_in_the_directory_and_are_numbered_when_taken() {
        let mut taken = HashSet::new();
        assert_eq!(file_name("matmul", "before", &taken), "matmul.before.dot");
        assert_eq!(
            file_name("../../etc/x", "after", &taken),
            ".._.._etc_x.after.dot"
        );
        assert_eq!(
            file_name("a b\\c:é", "egraph", &taken),
            "a_b_c__.egraph.dot"
        );
        assert_eq!(file_name("f", "../up", &taken), "f..._up.dot");
        taken.insert("f.before.dot".to_string());
        assert_eq!(file_name("f", "before", &taken), "f-2.before.dot");
        taken.insert("f-2.before.dot".to_string());
        assert_eq!(file_name("f", "before", &taken), "f-3.before.dot");
        assert_eq!(file_name("f", "after", &taken), "f.after.dot");
    }
}
