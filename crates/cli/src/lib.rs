//! Library entry points behind the `shape-opt` binary: read a buffer, split
//! it (`// -----`), parse, verify and print each part, and render
//! diagnostics. Embedders call [`process_buffer`] directly.

pub mod constraint_graph_files;
pub mod dump_dir;
pub mod input;
pub mod remarks;
pub mod report_events;
pub mod stderr;
pub mod verify_diagnostics;

use diag::{DiagLoc, Diagnostic, SourceMap};
use driver::{Engine, Plan, PlanError, Run};
use ir::printer::{print_op_pieces, PrintOptions};
use ir::{Context, OpId};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// What to do with one input buffer.
/// What `--version` prints after the tool's name: this version, and the
/// MLIR whose textual IR it reads and prints.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (reads and prints the textual IR of MLIR 22, as mlir-opt 22)"
);

/// How an MLIR bytecode file starts (`mlir-opt --emit-bytecode`).
const MLIR_BYTECODE_MAGIC: &[u8] = b"ML\xefR";

/// What `--report` writes, and what it shares with its `tracing` layer.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    pub path: std::path::PathBuf,
    pub events: report::SharedEvents,
    /// `--report-args`: inputs to try on every function they fit.
    pub args: Vec<interp::Arg>,
}

#[derive(Clone, Debug, Default)]
pub struct DriverOptions {
    pub split_input_file: bool,
    pub allow_unregistered_dialect: bool,
    /// `--no-implicit-module`: the input is one op, the root, printed
    /// without a `module` around it.
    pub no_implicit_module: bool,
    pub print: PrintOptions,
    /// Deepest nesting accepted by the parser (0 = the parser's default).
    pub max_nesting: usize,
    pub verify_diagnostics: bool,
    /// Do not free the IR after printing (for a process about to exit).
    pub leak_ir_at_exit: bool,
    /// The pass pipeline to run between parsing and printing
    /// (`builtin.module(symbol-dce)`); none: parse, verify, print.
    pub pipeline: Option<String>,
    /// `--report=FILE`: write an HTML report of the run there; `events`
    /// is where the `tracing` layer puts the remarks and pictures.
    pub report: Option<ReportOptions>,
    /// `--explain`: print what each function requires and returns (see the
    /// `explain` crate) instead of the IR; without a pipeline, a module in
    /// error-monadic form is lowered to constrained form first.
    pub explain: bool,
    /// `--lower-to`: run the default pipeline of every stage up to this one
    /// (ignored when `pipeline` is given).
    pub lower_to: Option<pass::stage::Stage>,
    /// `--lower-from`: the form `lower_to` starts from, instead of the
    /// latest one the input is legal in.
    pub lower_from: Option<pass::stage::Stage>,
    /// `--shape-failure`: what a failed check does in std form (abort, or
    /// return a status).
    pub shape_failure: passes::FailureMode,
    /// `--assume-strict-symbolic-shapes`: every function assumes, and
    /// checks on entry, that no dynamic dimension of an argument is 1.
    pub strict_symbolic_shapes: bool,
    /// `--mlir-timing-display=list|tree`: how `--mlir-timing` lays out passes.
    pub timing_display: pass::manager::Layout,
    /// `--mlir-output-format=text|json`: how `--mlir-timing` writes its report.
    pub timing_format: pass::manager::OutputFormat,
    /// `--mlir-pass-statistics-display=list|pipeline`.
    pub statistics_display: pass::manager::Layout,
    /// `--mlir-print-op-on-diagnostic`: an error at an op notes the op in
    /// generic form (`see current operation: ...`).
    pub print_op_on_diagnostic: bool,
    /// `--mlir-disable-diagnostic-notes`: diagnostics without their notes.
    pub disable_diagnostic_notes: bool,
    /// `--verify-roundtrip`: the output, parsed again, prints the same, in
    /// custom and in generic form.
    pub verify_roundtrip: bool,
    /// `--mlir-pass-pipeline-crash-reproducer=FILE`: when the pipeline
    /// fails, write the module it started from, with the pipeline in MLIR's
    /// reproducer metadata (`--run-reproducer` replays it).
    pub crash_reproducer: Option<String>,
    /// `--diagnostics-format=json`: each diagnostic as one line of JSON
    /// ([`diag::SourceMap::render_json`]) instead of MLIR's text.
    pub diagnostics_json: bool,
    /// `--dump-pass-pipeline`: print the pipeline about to run (what
    /// `--lower-to` expands to) to the log, as one textual pipeline.
    pub dump_pass_pipeline: bool,
    /// Skip the verifier after each pass (`--verify-each=false`).
    pub no_verify_each: bool,
    /// Threads for function pipelines (`--threads`; 0 = every core,
    /// 1 = `--mlir-disable-threading`).
    pub threads: usize,
    /// IR printing around passes (`--mlir-print-ir-*`).
    pub ir_printing: IrPrinting,
    /// `--verify-semantics=N`: run every function on N sampled inputs before
    /// and after each pass; a disagreement fails the pipeline. A summary of
    /// what was compared goes to the log, with a warning per function that
    /// could be evaluated on no input.
    pub verify_semantics: Option<usize>,
    /// `--verify-semantics-require-inputs`: a function `verify_semantics`
    /// could compare on no input (or nothing compared at all) is an error.
    pub verify_semantics_require_inputs: bool,
    /// `--verify-semantics-timeout`, `--verify-semantics-max-steps`: the
    /// work sampling may do on one input (each part of
    /// `--split-input-file`), after which it stops with a warning.
    pub verify_semantics_budget: validate::check::SamplingBudget,
    /// `--mlir-print-shape-facts`: each op's inferred shape facts as comments.
    pub print_shape_facts: bool,
    /// `--mlir-timing`: per-pass wall times.
    pub timing: bool,
    /// `--mlir-pass-statistics`: what each pass counted.
    pub pass_statistics: bool,
    /// `--pure-ops`: host ops (names, dialects) and functions declared pure,
    /// which checks may then cross ([`ir::effects`]).
    pub pure_ops: ir::effects::PureOps,
    /// `--no-hlo-knowledge`: StableHLO, MHLO and CHLO ops are opaque (no
    /// built-in shape rules, no known effects).
    pub no_hlo_knowledge: bool,
    /// `--check-host-requirements`: `--lower-to` checks the requirements of
    /// StableHLO, MHLO and CHLO ops as constraints.
    pub insert_host_checks: bool,
}

/// When and how to print the IR around passes, as `mlir-opt`'s
/// `--mlir-print-ir-*` flags ask.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    /// Pass names to print before / after (`--mlir-print-ir-before=cse`).
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// Print after a pass only if it changed the IR.
    pub after_change: bool,
    /// Print the whole module, not just the op the pass ran on.
    pub module_scope: bool,
    /// `--mlir-print-ir-tree-dir`: one file per pass run under this directory.
    pub tree_dir: Option<std::path::PathBuf>,
    /// `--mlir-print-ir-after-failure`: the module after a pass that failed.
    pub after_failure: bool,
}

impl IrPrinting {
    fn prints_before(&self, pass: &str) -> bool {
        self.before_all || self.before.iter().any(|p| p == pass)
    }
    fn prints_after(&self, pass: &str) -> bool {
        self.after_all || self.after.iter().any(|p| p == pass)
    }
    /// True if any IR is printed or dumped.
    pub fn active(&self) -> bool {
        self.before_all
            || self.after_all
            || !self.before.is_empty()
            || !self.after.is_empty()
            || self.tree_dir.is_some()
    }
}

/// Prints the IR around passes to a log, as `mlir-opt` does on stderr, and
/// with a tree directory writes the IR after each pass to
/// `DIR/<op>_<symbol>/.../<N>_<pass>.mlir` (one directory per enclosing
/// op, as `mlir-opt --mlir-print-ir-tree-dir` lays it out; each file holds
/// the whole module).
struct IrPrinter<'a> {
    options: &'a IrPrinting,
    print: PrintOptions,
    log: &'a mut String,
    runs: usize,
    /// The IR before the running pass, when only changes are printed.
    before_text: Option<String>,
    /// The pass running (or that ran last).
    pass: String,
    /// The tree directory, opened at the first file written.
    tree: Option<dump_dir::DumpDir>,
    tree_error: Option<String>,
}

/// A path component for `op`: its name and symbol, with nothing that could
/// leave the dump directory (`/`, `..`).
fn tree_component(ctx: &Context, op: OpId) -> String {
    format!(
        "{}_{}",
        ctx.op_name(op),
        symbol_of(ctx, op).unwrap_or("no-symbol-name")
    )
    .chars()
    .map(|c| {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            c
        } else {
            '_'
        }
    })
    .collect()
}

fn symbol_of(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, "sym_name").and_then(ir::Attr::as_str)
}

/// `op` and the ops enclosing it, innermost first.
fn enclosing_chain(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut chain = vec![op];
    while let Some(p) = chain.last().and_then(|&o| ctx.parent_op(o)) {
        chain.push(p);
    }
    chain
}

impl IrPrinter<'_> {
    fn write_tree_file(&mut self, pass: &str, ctx: &Context, op: OpId) {
        let Some(dir) = &self.options.tree_dir else {
            return;
        };
        if self.tree_error.is_some() {
            return;
        }
        let chain = enclosing_chain(ctx, op);
        let components: Vec<String> = chain
            .iter()
            .rev()
            .map(|&o| tree_component(ctx, o))
            .collect();
        let components: Vec<&str> = components.iter().map(String::as_str).collect();
        let file = format!("{}_{pass}.mlir", self.runs);
        self.runs += 1;
        // The whole module, so that each file parses on its own (a function
        // alone may call functions it does not contain).
        let root = chain.last().copied().unwrap_or(op);
        let text = ir::printer::print_op(ctx, root, self.print);
        let tree = match self.tree.take() {
            Some(tree) => Ok(tree),
            None => dump_dir::DumpDir::create(dir),
        };
        let written = tree.and_then(|tree| {
            let written = tree.write(&components, &file, text.as_bytes());
            self.tree = Some(tree);
            written
        });
        if let Err(e) = written {
            self.tree_error = Some(e);
        }
    }

    /// The text printed for a pass run on `op`: the op itself, or the whole
    /// module with `--mlir-print-ir-module-scope`.
    fn scoped_text(&self, ctx: &Context, op: OpId) -> String {
        let shown = match self.options.module_scope {
            true => enclosing_chain(ctx, op).last().copied().unwrap_or(op),
            false => op,
        };
        ir::printer::print_op(ctx, shown, self.print)
    }

    fn dump(&mut self, when: &str, pass: &str, ctx: &Context, op: OpId, text: String) {
        let on = match self.options.module_scope {
            true => match symbol_of(ctx, op) {
                Some(sym) => format!(" ('{}' operation: @{sym})", ctx.op_name(op)),
                None => format!(" ('{}' operation)", ctx.op_name(op)),
            },
            false => String::new(),
        };
        self.log.push_str(&format!(
            "// -----// IR Dump {when} {pass}{on} //----- //\n{text}\n"
        ));
    }
}

impl pass::Instrumentation for IrPrinter<'_> {
    fn reads_ir(&self) -> bool {
        self.options.active()
    }
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        if self.options.after_failure {
            pass.clone_into(&mut self.pass);
        }
        if self.options.prints_before(pass) {
            let text = self.scoped_text(ctx, op);
            self.dump("Before", pass, ctx, op, text);
        }
        if self.options.after_change && self.options.prints_after(pass) {
            self.before_text = Some(self.scoped_text(ctx, op));
        }
    }
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        if self.options.prints_after(pass) {
            let text = self.scoped_text(ctx, op);
            let unchanged = self.before_text.take().is_some_and(|b| b == text);
            if !unchanged {
                self.dump("After", pass, ctx, op, text);
            }
        }
        self.write_tree_file(pass, ctx, op);
    }
}

/// The marker `--split-input-file` splits on.
pub const SPLIT_MARKER: &str = "// -----";

/// Split `text` at lines that contain `// -----`. Each chunk is returned with
/// the newlines of the text before it prepended, so line numbers stay those
/// of the whole file.
pub fn split_chunks(text: &[u8]) -> Vec<Vec<u8>> {
    SplitChunks::new(text).collect()
}

/// The chunks of [`split_chunks`], each made only when asked for: a chunk's
/// prepended newlines are as many as the lines before it, so holding every
/// chunk of a long file with many markers at once would take memory
/// quadratic in its length; one at a time takes at most twice the text.
pub struct SplitChunks<'a> {
    /// The text not yet split.
    rest: Option<&'a [u8]>,
    /// Lines before `rest`.
    lines_before: usize,
}

impl<'a> SplitChunks<'a> {
    pub fn new(text: &'a [u8]) -> Self {
        SplitChunks {
            rest: Some(text),
            lines_before: 0,
        }
    }
}

impl Iterator for SplitChunks<'_> {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        let rest = self.rest?;
        let mut lines = 0;
        let mut end = rest.len();
        let mut after = None;
        let mut start = 0;
        for line in rest.split_inclusive(|&b| b == b'\n') {
            if memchr::memmem::find(line, SPLIT_MARKER.as_bytes()).is_some() {
                end = start;
                after = Some(start + line.len());
                break;
            }
            start += line.len();
            lines += 1;
        }
        let mut chunk = Vec::with_capacity(self.lines_before + end);
        chunk.resize(self.lines_before, b'\n');
        chunk.extend_from_slice(&rest[..end]);
        self.rest = after.map(|a| &rest[a..]);
        // The chunk's lines and the marker's line.
        self.lines_before += lines + 1;
        Some(chunk)
    }
}

/// Result of processing a buffer: the printed output of every part that
/// succeeded (as pieces, to write without joining), the rendered
/// diagnostics, and whether everything succeeded.
pub struct Outcome {
    pub pieces: Vec<String>,
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

/// The module with each op's inferred shape facts as comment lines before
/// it (`--mlir-print-shape-facts`).
fn print_with_shape_facts(ctx: &Context, module: OpId, print: PrintOptions) -> String {
    use analysis::shape_facts::{infer_facts, Facts};
    let facts: rustc_hash::FxHashMap<OpId, Facts> = pass::functions_under(ctx, module)
        .into_iter()
        .map(|f| (f, infer_facts(ctx, f)))
        .collect();
    let comment = |ctx: &Context, op: OpId| {
        let mut scope = ctx.parent_op(op);
        while let Some(s) = scope {
            if let Some(f) = facts.get(&s) {
                return f.describe(ctx, op);
            }
            scope = ctx.parent_op(s);
        }
        None
    };
    ir::printer::print_op_with_comments(ctx, module, print, &comment)
}

/// `--verify-roundtrip`: `printed`, parsed again, prints the same; and
/// printed in generic form, parsed again, prints the same in custom form.
fn verify_roundtrip(engine: &mut Engine, printed: &str) -> Result<(), Diagnostic> {
    let failed = |what: &str, detail: String| {
        Diagnostic::error(
            DiagLoc::Unknown,
            format!("roundtrip verification failed: {what}: {detail}"),
        )
    };
    let reparse = |engine: &mut Engine, name: &str, text: String| {
        engine.parse(name, text).map_err(|diags| {
            let first = diags.first().map(|d| engine.render(d)).unwrap_or_default();
            failed(&format!("the {name} does not parse"), first)
        })
    };
    let custom = reparse(engine, "output", printed.to_string())?;
    let generic = PrintOptions {
        generic: true,
        ..PrintOptions::default()
    };
    let generic_text = custom.print_with(generic);
    let custom_text = custom.print_with(PrintOptions::default());
    let from_generic = reparse(engine, "generic output", generic_text)?.print();
    for (what, text) in [("custom form", custom_text), ("generic form", from_generic)] {
        if text != printed {
            let line = text
                .lines()
                .zip(printed.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| text.lines().count().min(printed.lines().count()));
            return Err(failed(
                what,
                format!("printing it again differs at line {}", line + 1),
            ));
        }
    }
    Ok(())
}

/// `d` as MLIR's text, or with `json` as one line of JSON; without its
/// notes under `--mlir-disable-diagnostic-notes`.
fn render(sources: &SourceMap, d: &Diagnostic, options: &DriverOptions) -> String {
    let bare;
    let d = match options.disable_diagnostic_notes {
        true => {
            bare = Diagnostic {
                notes: Vec::new(),
                ..d.clone()
            };
            &bare
        }
        false => d,
    };
    match options.diagnostics_json {
        true => sources.render_json(d),
        false => sources.render(d),
    }
}

/// `--verify-semantics`'s report after a pipeline: the summary, and a
/// warning per function compared on no input (naming the op that stopped
/// the interpreter), into `log`; with `require_inputs` those functions, or
/// a run that compared nothing, are errors instead.
fn report_semantics(
    check: &validate::check::SemanticsCheck<validate::check::Interpreter>,
    require_inputs: bool,
    sources: &SourceMap,
    options: &DriverOptions,
    log: &mut String,
) -> Result<(), Vec<Diagnostic>> {
    log.push_str(&check.summary());
    if let Some(d) = check.stopped_diagnostic() {
        log.push_str(&render(sources, &d, options));
    }
    let severity = match require_inputs {
        true => diag::Severity::Error,
        false => diag::Severity::Warning,
    };
    let mut uncovered = check.uncovered_diagnostics(severity);
    if require_inputs && check.compared == 0 && uncovered.is_empty() {
        uncovered.push(Diagnostic::error(
            DiagLoc::Unknown,
            "verify-semantics: no function was compared on any input",
        ));
    }
    if require_inputs && !uncovered.is_empty() {
        return Err(uncovered);
    }
    for d in &uncovered {
        log.push_str(&render(sources, d, options));
    }
    Ok(())
}

/// Parse, verify and print one chunk. Returns the text or the diagnostics;
/// IR dumps and reports go to `log`, and with `--verify-semantics` the
/// inputs compared per function are added to `compared`.
pub fn process_chunk(
    engine: &mut Engine,
    name: &str,
    text: Vec<u8>,
    options: &DriverOptions,
    log: &mut String,
    compared: &mut BTreeMap<String, usize>,
) -> Result<Vec<String>, Vec<Diagnostic>> {
    if text.starts_with(MLIR_BYTECODE_MAGIC) {
        let message = "this is MLIR bytecode, which shape-opt does not read: \
                       give it as text (`mlir-opt FILE` prints it)";
        let at = DiagLoc::FileLineCol {
            file: name.to_string(),
            line: 1,
            col: 1,
        };
        return Err(vec![Diagnostic::error(at, message)]);
    }
    // Valid UTF-8 moves into the source map without a copy.
    let text = String::from_utf8(text)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let started = std::time::Instant::now();
    engine.options = pass::RunOptions {
        verify_each: !options.no_verify_each,
        allow_unregistered: options.allow_unregistered_dialect,
        // The pool `process_buffer` installed for `--threads`.
        threads: usize::from(options.threads == 1),
    };
    engine.max_nesting = options.max_nesting;
    engine.implicit_module = !options.no_implicit_module;
    engine.print_op_on_diagnostic = options.print_op_on_diagnostic;
    let mut module = engine.parse(name, text)?;
    if options.strict_symbolic_shapes {
        module.assume_strict_symbolic_shapes();
    }
    let parsed = started.elapsed();
    let plan = match (&options.pipeline, options.lower_to) {
        (Some(text), _) => Some(Plan::Pipeline(text)),
        (None, Some(to)) => Some(Plan::LowerTo {
            from: options.lower_from,
            to,
            failure: options.shape_failure,
        }),
        (None, None) if options.explain => explain_plan(&module, options),
        (None, None) => None,
    };
    let mut pipeline = match plan {
        Some(plan) => Some(engine.plan(&module, plan).map_err(|e| match e {
            PlanError::Module(d) => vec![d],
            e @ PlanError::Pipeline { .. } => vec![Diagnostic::error(
                DiagLoc::Unknown,
                e.render(&engine.sources),
            )],
        })?),
        None => None,
    };
    if let (true, Some(pipeline)) = (options.dump_pass_pipeline, &pipeline) {
        log.push_str(&pipeline.describe());
    }
    // The module before the pipeline, kept for a reproducer of its failure.
    let reproducer = match (&options.crash_reproducer, &pipeline) {
        (Some(file), Some(run)) => {
            let print = PrintOptions {
                debug_info: true,
                ..options.print
            };
            let config = syntax::reproducer::Reproducer {
                pipeline: run.pipeline_text(),
                disable_threading: options.threads == 1,
                verify_each: !options.no_verify_each,
            };
            Some((file, module.print_with(print) + &config.metadata()))
        }
        _ => None,
    };
    if let Some(pipeline) = &mut pipeline {
        let mut printer = IrPrinter {
            options: &options.ir_printing,
            print: options.print,
            log,
            runs: 0,
            before_text: None,
            pass: String::new(),
            tree: None,
            tree_error: None,
        };
        let mut semantics = options.verify_semantics.map(|n| {
            let budget = options
                .verify_semantics_budget
                .start(interp::Interrupt::default());
            validate::check::SemanticsCheck::new(validate::check::Interpreter, n)
                .with_budget(budget)
        });
        let mut no_check = pass::NoInstrumentation;
        let check: &mut dyn pass::Instrumentation = match &mut semantics {
            Some(s) => s,
            None => &mut no_check,
        };
        let setup = options.report.as_ref().map(|r| {
            report::Setup::new(
                &module.ctx,
                module.root,
                name,
                Some(&engine.sources),
                r.events.clone(),
                &r.args,
            )
        });
        let recording = setup
            .as_ref()
            .map(|s| RefCell::new(report::Recorder::new(s)));
        let mut report_hooks = recording.as_ref().map(pass::Shared);
        let mut no_report = pass::NoInstrumentation;
        let report_hook: &mut dyn pass::Instrumentation = match &mut report_hooks {
            Some(h) => h,
            None => &mut no_report,
        };
        let mut checks = pass::Both(check, report_hook);
        let mut hooks = pass::Both(&mut printer, &mut checks);
        // Without instrumentation, independent functions lower in pieces on
        // every thread (pass::split_lowering); a report records each piece
        // on the thread that lowers it.
        let splittable = options.threads != 1
            && !options.timing
            && !options.pass_statistics
            && options.verify_semantics.is_none()
            && !options.ir_printing.active();
        // A textual pipeline reaches no stage: the report shows the module
        // before and after it.
        let staged = matches!(pipeline, Run::Stages { .. });
        let record_form = |label: &str, module: &driver::Module| {
            if let (Some(r), false) = (&recording, staged) {
                let stage = pass::stage::current_stage(&module.ctx, module.root);
                r.borrow_mut().form(label, stage, &module.ctx, module.root);
            }
        };
        record_form("input", &module);
        let mut piece_timings = Vec::new();
        let recorded_in_pieces = match (&setup, &recording) {
            (Some(setup), Some(recording)) if splittable => engine
                .run_in_pieces(&mut module, pipeline, &|| report::Recorder::piece(setup))
                .map(|(ran, pieces)| {
                    for piece in pieces {
                        recording.borrow_mut().absorb(piece.watcher);
                        piece_timings.extend(piece.timings);
                    }
                    ran
                }),
            _ => None,
        };
        let ran = recorded_in_pieces.unwrap_or_else(|| {
            engine.run(
                &mut module,
                pipeline,
                &mut hooks,
                &mut |stage, ctx, root| {
                    tracing::info!(stage = stage.name(), "stage reached");
                    if let Some(r) = &recording {
                        r.borrow_mut().stage(stage, ctx, root);
                    }
                },
                splittable && recording.is_none(),
            )
        });
        record_form("output", &module);
        let written = match (recording, &options.report) {
            (Some(recording), Some(r)) => {
                let (mut steps, _) = pipeline.timings();
                steps.extend(&piece_timings);
                let report = recording.into_inner().finish(&steps);
                Some(report::write(&report, &r.path).map_err(|e| {
                    Diagnostic::error(
                        DiagLoc::Unknown,
                        format!("could not write the report to '{}': {e}", r.path.display()),
                    )
                }))
            }
            _ => None,
        };
        if let Some(Ok(path)) = &written {
            printer
                .log
                .push_str(&format!("report written to {}\n", path.display()));
        }
        // The report comes out whether or not the pipeline failed.
        let report = match &semantics {
            Some(s) => {
                tracing::info!(compared = s.compared, "semantics verified");
                for c in &s.coverage {
                    *compared.entry(c.name.clone()).or_default() += c.compared;
                }
                let require = options.verify_semantics_require_inputs;
                report_semantics(s, require, &engine.sources, options, printer.log)
            }
            None => Ok(()),
        };
        if let (Err(_), true) = (&ran, options.ir_printing.after_failure) {
            printer.log.push_str(&format!(
                "// -----// IR Dump After {} Failed //----- //\n{}\n",
                printer.pass,
                module.print_with(options.print)
            ));
        }
        ran.map_err(|mut d| {
            if let Some((file, text)) = &reproducer {
                let note = match std::fs::write(file, text) {
                    Ok(()) => format!("reproducer generated at `{file}`"),
                    Err(e) => format!("could not write the reproducer to `{file}`: {e}"),
                };
                d.notes.push(Diagnostic::new(
                    diag::Severity::Note,
                    DiagLoc::Unknown,
                    note,
                ));
            }
            vec![d]
        })?;
        report?;
        if let Some(Err(d)) = written {
            return Err(vec![d]);
        }
        if let Some(e) = printer.tree_error.take() {
            return Err(vec![Diagnostic::error(DiagLoc::Unknown, e)]);
        }
    } else if options.verify_semantics.is_some() {
        let nothing = "verify-semantics: no pass ran, so nothing was compared";
        if options.verify_semantics_require_inputs {
            return Err(vec![Diagnostic::error(DiagLoc::Unknown, nothing)]);
        }
        log.push_str(nothing);
        log.push('\n');
    }
    let printing = std::time::Instant::now();
    let pieces = if options.explain {
        let explained = explain::explain_module(&module.ctx, module.root, Some(&engine.sources));
        let texts: Vec<String> = explained
            .iter()
            .map(|e| explain::render(e, EXPLAIN_WIDTH))
            .collect();
        // The pieces end in a newline of their own.
        vec![texts.join("\n").trim_end().to_string()]
    } else if options.print_shape_facts {
        vec![print_with_shape_facts(
            &module.ctx,
            module.root,
            options.print,
        )]
    } else {
        print_op_pieces(&module.ctx, module.root, options.print)
    };
    if options.verify_roundtrip {
        verify_roundtrip(engine, &pieces.concat()).map_err(|d| vec![d])?;
    }
    let (steps, parallel) = pipeline.as_ref().map(Run::timings).unwrap_or_default();
    if options.pass_statistics {
        log.push_str(&pass::manager::statistics_report(
            &steps,
            options.statistics_display,
        ));
    }
    if options.timing {
        let step = |name: &str, time| pass::PassTiming {
            name: name.to_string(),
            depth: 0,
            time,
            statistics: pass::Statistics::default(),
        };
        let (parser, output) = (step("Parser", parsed), step("Output", printing.elapsed()));
        let all: Vec<&pass::PassTiming> = std::iter::once(&parser)
            .chain(steps)
            .chain(std::iter::once(&output))
            .collect();
        log.push_str(&pass::manager::timing_report(
            &all,
            parallel,
            options.timing_display,
            options.timing_format,
        ));
    }
    if options.leak_ir_at_exit {
        // Freeing millions of small allocations is pure cost in a process
        // about to exit (clang's `-disable-free`).
        std::mem::forget(module);
    }
    Ok(pieces)
}

/// The line width `--explain` lays its text out in.
pub const EXPLAIN_WIDTH: usize = 80;

/// The explanations of the functions of `text` (`shape-run --explain`):
/// parsed, lowered as `--explain` lowers it, explained; or the rendered
/// diagnostics.
pub fn explain_text(
    name: &str,
    text: String,
    allow_unregistered: bool,
) -> Result<Vec<explain::Explanation>, String> {
    let mut engine = Engine::new();
    engine.options.allow_unregistered = allow_unregistered;
    let render = |engine: &Engine, ds: Vec<Diagnostic>| -> String {
        ds.iter().map(|d| engine.render(d)).collect()
    };
    let mut module = engine.parse(name, text).map_err(|ds| render(&engine, ds))?;
    if let Some(plan) = explain_plan(&module, &DriverOptions::default()) {
        let mut run = engine
            .plan(&module, plan)
            .map_err(|e| e.render(&engine.sources))?;
        engine
            .run(
                &mut module,
                &mut run,
                &mut pass::NoInstrumentation,
                &mut |_, _, _| {},
                false,
            )
            .map_err(|d| render(&engine, vec![d]))?;
    }
    Ok(explain::explain_module(
        &module.ctx,
        module.root,
        Some(&engine.sources),
    ))
}

/// What `--explain` runs before it explains: the lowering to constrained
/// form, from error-monadic form (which computes the shapes of StableHLO,
/// MHLO and CHLO ops' results from their operands); from a later form,
/// only that (`reify-host-shapes`), so that what is explained reads
/// through producers' ops.
fn explain_plan(module: &driver::Module, options: &DriverOptions) -> Option<Plan<'static>> {
    match pass::stage::current_stage(&module.ctx, module.root) {
        Some(pass::stage::Stage::ErrorMonadic) => Some(Plan::LowerTo {
            from: None,
            to: pass::stage::Stage::Constrained,
            failure: options.shape_failure,
        }),
        _ if module.ctx.knows_foreign_ops() => Some(Plan::Pipeline(
            "builtin.module(func.func(reify-host-shapes))",
        )),
        _ => None,
    }
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

fn process_buffer_here(name: &str, text: Vec<u8>, options: &DriverOptions) -> Outcome {
    let chunks: Box<dyn Iterator<Item = Vec<u8>>> = if options.split_input_file {
        Box::new(SplitChunks::new(&text))
    } else {
        Box::new(std::iter::once(text))
    };
    let mut engine = Engine::new();
    engine.set_pure_ops(options.pure_ops.clone());
    engine.set_knows_foreign_ops(!options.no_hlo_knowledge);
    engine.insert_host_checks = options.insert_host_checks;
    // mlir-opt ends each module with a blank line (none with
    // --mlir-print-local-scope) and joins parts with the marker.
    let mut pieces: Vec<String> = Vec::new();
    let mut emit = |out: Vec<String>| {
        if !pieces.is_empty() {
            pieces.push(format!("{SPLIT_MARKER}\n"));
        }
        pieces.extend(out);
        if !options.print.local_scope {
            pieces.push("\n".to_string());
        }
    };
    let mut diagnostics = String::new();
    let mut log = String::new();
    let mut compared = BTreeMap::new();
    let mut success = true;
    if let Some(text) = &options.pipeline {
        // A bad pipeline is reported once, before any input is read.
        if let Err(e) = pass::PassManager::parse(text, engine.registry()) {
            return Outcome {
                pieces: Vec::new(),
                diagnostics: pass::render_pipeline_error(text, &e),
                log,
                compared,
                success: false,
            };
        }
    }
    for chunk in chunks {
        if options.verify_diagnostics {
            let expected = verify_diagnostics::expectations(&chunk);
            // Remarks are diagnostics here: collected on this thread, so
            // the chunk runs on it alone.
            let remarks = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let collector = tracing_subscriber::layer::SubscriberExt::with(
                tracing_subscriber::registry(),
                remarks::Remarks::Collect(remarks.clone()).layer(),
            );
            let here = DriverOptions {
                threads: 1,
                ..options.clone()
            };
            let result = tracing::subscriber::with_default(collector, || {
                process_chunk(&mut engine, name, chunk, &here, &mut log, &mut compared)
            });
            let mut got = match result {
                Ok(out) => {
                    emit(out);
                    Vec::new()
                }
                Err(d) => d,
            };
            // A panic while collecting (reported on its own) leaves the
            // remarks collected so far.
            got.append(
                &mut remarks
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
            );
            if let Err(msg) = verify_diagnostics::check(&engine.sources, name, &expected, &got) {
                diagnostics.push_str(&msg);
                success = false;
            }
            continue;
        }
        match process_chunk(&mut engine, name, chunk, options, &mut log, &mut compared) {
            Ok(out) => emit(out),
            Err(diags) => {
                success = false;
                for d in &diags {
                    diagnostics.push_str(&render(&engine.sources, d, options));
                }
            }
        }
    }
    Outcome {
        pieces,
        diagnostics,
        log,
        compared,
        success,
    }
}

/// Regular files (and new ones) are replaced atomically: a new temporary
/// file next to the target (created exclusively, under a random name, so it
/// never follows a link or takes another's file), then a rename; on failure
/// the temporary file is removed and the target is untouched. Anything else
/// (`/dev/null`, a pipe, a terminal) is written in place — renaming over it
/// would replace the device.
/// The exit code after writing a tool's output to `target`: success, also
/// when the reader of a pipe went away (`shape-opt ... | head`), quietly as
/// any Unix filter; otherwise failure, the error reported.
pub fn written(tool: &str, target: &str, result: std::io::Result<()>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            crate::stderr_println!("{tool}: could not write '{target}': {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

pub fn write_output(path: &str, pieces: &[String]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    let write_all = |w: &mut dyn Write| -> std::io::Result<()> {
        for p in pieces {
            w.write_all(p.as_bytes())?;
        }
        w.flush()
    };
    if path == "-" {
        return write_all(&mut std::io::stdout().lock());
    }
    let regular_or_new = match std::fs::metadata(path) {
        Ok(m) => m.is_file(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(e),
    };
    if !regular_or_new {
        let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
        return write_all(&mut f);
    }
    let target = std::path::Path::new(path);
    let directory = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(target.file_name().unwrap_or_default());
    prefix.push(".");
    let mut temporary = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        // As a file created by `File::create`: the umask decides.
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(directory)?;
    write_all(&mut std::io::BufWriter::new(temporary.as_file_mut()))?;
    temporary.persist(target).map(drop).map_err(|e| e.error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_line_numbers() {
        let chunks = split_chunks(b"a\n// -----\nb\nc\n// -----\nd");
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[0], b"a\n");
        assert_eq!(chunks[1], b"\n\nb\nc\n");
        assert_eq!(chunks[2], b"\n\n\n\n\nd");
    }

    #[test]
    fn output_to_a_special_file_keeps_the_file() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("shape-opt-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("out");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping: mkfifo unavailable");
            return;
        }
        let reader_path = fifo.clone();
        let reader = std::thread::spawn(move || std::fs::read(reader_path).unwrap());
        write_output(fifo.to_str().unwrap(), &["module {\n".into(), "}\n".into()]).unwrap();
        assert_eq!(reader.join().unwrap(), b"module {\n}\n");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        let regular = dir.join("regular.mlir");
        write_output(regular.to_str().unwrap(), &["x".into()]).unwrap();
        assert_eq!(std::fs::read(&regular).unwrap(), b"x");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
