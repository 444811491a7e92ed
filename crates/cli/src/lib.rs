//! Library entry points behind the `shape-opt` and `shape-run` binaries:
//! read a buffer, split it (`// -----`), run each part through the engine
//! ([`driver::Engine`]) as the [`DriverOptions`] ask ([`process_chunk`]),
//! and collect the output, the dumps and the rendered diagnostics.
//! Embedders call [`process_buffer`] directly.

pub mod chunk;
pub mod constraint_graph_files;
pub mod dump_dir;
pub mod input;
pub mod ir_dump;
pub mod options;
pub mod output;
pub mod printing;
pub mod remarks;
pub mod split;
pub mod stderr;
pub mod verify_diagnostics;

pub use chunk::{process_chunk, Printed};
pub use ir_dump::IrPrinting;
pub use options::{DriverOptions, ReportOptions};
pub use output::{write_output, written};
pub use split::{split_chunks, SplitChunks, SPLIT_MARKER};

use driver::Engine;
use std::collections::BTreeMap;

/// What `--version` prints after the tool's name: this version, and the
/// MLIR whose textual IR it reads and prints.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (reads and prints the textual IR of MLIR 22, as mlir-opt 22)"
);

/// Result of processing a buffer: the printed output of every part that
/// succeeded (as pieces, to write without joining), the rendered
/// diagnostics, and whether everything succeeded.
pub struct Outcome {
    pub pieces: Vec<String>,
    /// With `--emit-bytecode`: the output, in place of `pieces`.
    pub bytecode: Option<Vec<u8>>,
    pub diagnostics: String,
    /// IR dumps and timing reports (mlir-opt writes these to stderr).
    pub log: String,
    /// With `--verify-semantics`: the sampled inputs compared, summed over
    /// every pass and chunk, by function name (a function no sampled input
    /// of which the interpreter could evaluate has none).
    pub compared: BTreeMap<String, usize>,
    pub success: bool,
}

impl Outcome {
    /// The whole printed output.
    pub fn output(&self) -> String {
        self.pieces.concat()
    }
}

/// The explanations of the functions of `text` (`shape-run --explain`):
/// parsed, lowered as `--explain` lowers it ([`driver::explain_plan`]),
/// explained; or the rendered diagnostics.
pub fn explain_text(
    name: &str,
    text: String,
    allow_unregistered: bool,
) -> Result<Vec<explain::Explanation>, String> {
    let mut engine = Engine::new();
    engine.policy.run.allow_unregistered = allow_unregistered;
    let mut module = engine
        .parse(name, text)
        .map_err(|ds| ds.iter().map(|d| engine.render(d)).collect::<String>())?;
    engine.explain(&mut module).map_err(|d| engine.render(&d))
}

/// Run `work` on a worker thread with a stack large enough for the deepest
/// input the parser accepts ([`driver::on_large_stack`]); `None` if it
/// panicked.
pub fn on_large_stack<R: Send>(work: impl FnOnce() -> R + Send) -> Option<R> {
    // The caller gets no value to observe after a panic, so no broken
    // invariant can be seen through it.
    let run = std::panic::AssertUnwindSafe(|| driver::on_large_stack(work));
    std::panic::catch_unwind(run).ok()
}

/// Process a whole input buffer as `mlir-opt` would (no passes yet). Runs on
/// a worker thread with a large stack; never panics on any input.
pub fn process_buffer(name: &str, text: impl Into<Vec<u8>>, options: &DriverOptions) -> Outcome {
    let text = text.into();
    on_large_stack(move || {
        with_threads(options.threads, || process_buffer_here(name, text, options))
    })
    .unwrap_or_else(|| Outcome {
        pieces: Vec::new(),
        bytecode: None,
        log: String::new(),
        compared: BTreeMap::new(),
        diagnostics: format!("{name}: error: internal error: processing thread failed\n"),
        success: false,
    })
}

/// Run `work` on a rayon pool of `threads` threads (parsing, verifying,
/// printing and function pipelines all use the current pool); 0 keeps the
/// global pool, one thread per core.
fn with_threads<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> R {
    let pool = match threads {
        0 => None,
        n => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .stack_size(driver::WORKER_STACK)
            .build()
            .ok(),
    };
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

/// [`process_buffer`] on the current thread: a bad pipeline is reported
/// once, before any input is read; then each chunk in turn.
fn process_buffer_here(name: &str, text: Vec<u8>, options: &DriverOptions) -> Outcome {
    let mut outcome = Outcome {
        pieces: Vec::new(),
        bytecode: None,
        diagnostics: String::new(),
        log: String::new(),
        compared: BTreeMap::new(),
        success: true,
    };
    let mut engine = Engine::new();
    if let Some(text) = &options.pipeline {
        if let Err(e) = pass::PassManager::parse(text, engine.registry()) {
            outcome.diagnostics = pass::render_pipeline_error(text, &e);
            outcome.success = false;
            return outcome;
        }
    }
    let chunks: Box<dyn Iterator<Item = Vec<u8>>> = match options.split_input_file {
        true => Box::new(SplitChunks::new(&text)),
        false => Box::new(std::iter::once(text)),
    };
    for chunk in chunks {
        match options.verify_diagnostics {
            true => verify_chunk(&mut engine, name, chunk, options, &mut outcome),
            false => print_chunk(&mut engine, name, chunk, options, &mut outcome),
        }
    }
    outcome
}

impl Outcome {
    /// Add a chunk's output: mlir-opt ends each module with a blank line
    /// (none with --mlir-print-local-scope) and joins parts with the
    /// marker.
    fn emit(&mut self, out: Printed, print: &ir::printer::PrintOptions) {
        let out = match out {
            Printed::Text(pieces) => pieces,
            Printed::Bytecode(bytes) => {
                self.bytecode = Some(bytes);
                return;
            }
        };
        if !self.pieces.is_empty() {
            self.pieces.push(format!("{SPLIT_MARKER}\n"));
        }
        self.pieces.extend(out);
        if !print.local_scope {
            self.pieces.push("\n".to_string());
        }
    }
}

/// Process `chunk`: its output, or its diagnostics rendered.
fn print_chunk(
    engine: &mut Engine,
    name: &str,
    chunk: Vec<u8>,
    options: &DriverOptions,
    outcome: &mut Outcome,
) {
    let (log, compared) = (&mut outcome.log, &mut outcome.compared);
    match process_chunk(engine, name, chunk, options, log, compared) {
        Ok(out) => outcome.emit(out, &options.print),
        Err(diags) => {
            outcome.success = false;
            for d in &diags {
                let rendered = chunk::render(&engine.sources, d, options);
                outcome.diagnostics.push_str(&rendered);
            }
        }
    }
}

/// `--verify-diagnostics`: process `chunk`, its diagnostics and remarks
/// checked against its `expected-*` annotations.
fn verify_chunk(
    engine: &mut Engine,
    name: &str,
    chunk: Vec<u8>,
    options: &DriverOptions,
    outcome: &mut Outcome,
) {
    let expected = verify_diagnostics::expectations(&chunk);
    // Remarks are diagnostics here: collected on this thread, so the chunk
    // runs on it alone.
    let remarks = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let collector = tracing_subscriber::layer::SubscriberExt::with(
        tracing_subscriber::registry(),
        remarks::Remarks::Collect(remarks.clone()).layer(),
    );
    let here = DriverOptions {
        threads: 1,
        ..options.clone()
    };
    let (log, compared) = (&mut outcome.log, &mut outcome.compared);
    let result = tracing::subscriber::with_default(collector, || {
        process_chunk(engine, name, chunk, &here, log, compared)
    });
    let mut got = match result {
        Ok(out) => {
            outcome.emit(out, &options.print);
            Vec::new()
        }
        Err(d) => d,
    };
    // A panic while collecting (reported on its own) leaves the remarks
    // collected so far.
    got.append(
        &mut remarks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    if let Err(msg) = verify_diagnostics::check(&engine.sources, name, &expected, &got) {
        outcome.diagnostics.push_str(&msg);
        outcome.success = false;
    }
}
