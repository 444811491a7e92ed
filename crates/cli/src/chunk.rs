//! One chunk of an input buffer (the whole buffer, or a part of
//! `--split-input-file`) through the engine, in named steps: decode it,
//! parse and verify it, plan what the options ask to run, run it watched
//! as they ask, print the result, and report the time each step took.

use crate::ir_dump::IrPrinter;
use crate::printing::{print_with_shape_facts, verify_roundtrip};
use crate::DriverOptions;
use diag::{DiagLoc, Diagnostic, SourceMap};
use driver::{explain_plan, Engine, Module, Observers, Plan, PlanError, Run, RunOutcome};
use ir::printer::{print_op_pieces, PrintOptions};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use validate::check::{Interpreter, SemanticsCheck};

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
) -> Result<Printed, Vec<Diagnostic>> {
    let started = Instant::now();
    options.configure(engine);
    let mut module = if bytecode::is_bytecode(&text) {
        engine.parse_bytecode(name, &text)?
    } else {
        engine.parse(name, decode(text))?
    };
    let parsed = started.elapsed();
    let mut run = plan(engine, &module, options)?;
    match &mut run {
        Some(run) => run_pipeline(engine, name, &mut module, run, options, log, compared)?,
        None => without_pipeline(options, log)?,
    }
    if run.is_none() && !options.explain {
        // Nothing renders a diagnostic into the input any more: its text
        // need not be held while the output is made (a fifth of the peak
        // memory of a large module).
        engine.sources.drop_texts();
    }
    let printing = Instant::now();
    let pieces = print(engine, &module, options)?;
    report_steps(run.as_ref(), parsed, printing, options, log);
    if options.leak_ir_at_exit {
        // Freeing millions of small allocations is pure cost in a process
        // about to exit (clang's `-disable-free`).
        std::mem::forget(module);
    }
    Ok(pieces)
}

/// A text chunk as a string: invalid UTF-8 is replaced (valid UTF-8 moves
/// into the source map without a copy).
fn decode(text: Vec<u8>) -> String {
    String::from_utf8(text).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// What the options ask to run on `module`, made ready: the pipeline,
/// else `--lower-to`, else what `--explain` runs first; `None` for nothing.
fn plan(
    engine: &Engine,
    module: &Module,
    options: &DriverOptions,
) -> Result<Option<Run>, Vec<Diagnostic>> {
    let plan = match (&options.pipeline, options.lower_to) {
        (Some(text), _) => Plan::Pipeline(text),
        (None, Some(to)) => Plan::LowerTo {
            from: options.lower_from,
            to,
        },
        (None, None) if options.explain => match explain_plan(module) {
            Some(plan) => plan,
            None => return Ok(None),
        },
        (None, None) => return Ok(None),
    };
    let run = engine.plan(module, plan).map_err(|e| match e {
        PlanError::Module(d) => vec![d],
        e @ PlanError::Pipeline { .. } => vec![Diagnostic::error(
            DiagLoc::Unknown,
            e.render(&engine.sources),
        )],
    })?;
    Ok(Some(run))
}

/// Run `run` on `module` watched as the options ask, then report: where
/// `--report` went, `--verify-semantics`' summary, the IR after a failure,
/// a crash reproducer noted on the failure.
fn run_pipeline(
    engine: &Engine,
    name: &str,
    module: &mut Module,
    run: &mut Run,
    options: &DriverOptions,
    log: &mut String,
    compared: &mut BTreeMap<String, usize>,
) -> Result<(), Vec<Diagnostic>> {
    if options.dump_pass_pipeline {
        log.push_str(&run.describe());
    }
    // The module before the pipeline, kept for a reproducer of its failure.
    let reproducer = options
        .crash_reproducer
        .as_ref()
        .map(|file| (file, reproducer_text(module, run, options)));
    let mut printer = IrPrinter::new(&options.ir_printing, options.print, log);
    let (outcome, written) = run_recorded(engine, name, module, run, options, &mut printer);
    if let Some(Ok(path)) = &written {
        let line = format!("report written to {}\n", path.display());
        printer.log().push_str(&line);
    }
    // The report comes out whether or not the pipeline failed.
    let semantics = match &outcome.semantics {
        Some(check) => {
            summarise_semantics(check, &engine.sources, options, printer.log(), compared)
        }
        None => Ok(()),
    };
    if outcome.result.is_err() {
        printer.dump_after_failure(module);
    }
    outcome
        .result
        .map_err(|d| vec![note_reproducer(d, reproducer)])?;
    semantics?;
    if let Some(Err(d)) = written {
        return Err(vec![d]);
    }
    match printer.take_tree_error() {
        Some(e) => Err(vec![Diagnostic::error(DiagLoc::Unknown, e)]),
        None => Ok(()),
    }
}

/// `--mlir-pass-pipeline-crash-reproducer`'s file: the module with
/// locations, and the pipeline in MLIR's reproducer metadata.
fn reproducer_text(module: &Module, run: &Run, options: &DriverOptions) -> String {
    let print = PrintOptions {
        debug_info: true,
        ..options.print
    };
    let config = syntax::reproducer::Reproducer {
        pipeline: run.pipeline_text(),
        disable_threading: options.threads == 1,
        verify_each: !options.no_verify_each,
    };
    module.print_with(print) + &config.metadata()
}

/// The failure `d`, with a note of where its reproducer was written (or
/// why it could not be).
fn note_reproducer(mut d: Diagnostic, reproducer: Option<(&String, String)>) -> Diagnostic {
    if let Some((file, text)) = reproducer {
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
    d
}

/// Whether the options ask for every pass timed or counted.
fn times_every_pass(options: &DriverOptions) -> bool {
    options.timing || options.pass_statistics
}

/// Run `run`, recorded for `--report` if asked ([`Engine::run_reported`]:
/// the IR dumps watch first, the report's recorder last, and the report
/// is written whether or not the run failed).
fn run_recorded(
    engine: &Engine,
    name: &str,
    module: &mut Module,
    run: &mut Run,
    options: &DriverOptions,
    printer: &mut IrPrinter,
) -> (RunOutcome, Option<Result<std::path::PathBuf, Diagnostic>>) {
    let every_step = times_every_pass(options);
    match &options.report {
        Some(wanted) => {
            let (outcome, written) =
                engine.run_reported(name, module, run, wanted, printer, every_step);
            (outcome, Some(written))
        }
        None => (run_watched(engine, module, run, options, printer), None),
    }
}

/// Run `run` on the engine: the IR dumps watch, and every stage reached
/// is logged.
fn run_watched(
    engine: &Engine,
    module: &mut Module,
    run: &mut Run,
    options: &DriverOptions,
    printer: &mut IrPrinter,
) -> RunOutcome {
    let observers = Observers {
        first: printer,
        last: &mut pass::NoInstrumentation,
        on_stage: &mut |stage, _, _| {
            tracing::info!(stage = stage.name(), "stage reached");
        },
        every_step: times_every_pass(options),
    };
    engine.run(module, run, observers)
}

/// `--verify-semantics` after a pipeline: the inputs compared added to
/// `compared`, and the report ([`report_semantics`]).
fn summarise_semantics(
    check: &SemanticsCheck<Interpreter>,
    sources: &SourceMap,
    options: &DriverOptions,
    log: &mut String,
    compared: &mut BTreeMap<String, usize>,
) -> Result<(), Vec<Diagnostic>> {
    tracing::info!(compared = check.compared, "semantics verified");
    for c in &check.coverage {
        *compared.entry(c.name.clone()).or_default() += c.compared;
    }
    report_semantics(check, sources, options, log)
}

/// `--verify-semantics`'s report after a pipeline: the summary, and a
/// warning per function compared on no input (naming the op that stopped
/// the interpreter), into `log`; with `--verify-semantics-require-inputs`
/// those functions, or
/// a run that compared nothing, are errors instead.
fn report_semantics(
    check: &SemanticsCheck<Interpreter>,
    sources: &SourceMap,
    options: &DriverOptions,
    log: &mut String,
) -> Result<(), Vec<Diagnostic>> {
    let require_inputs = options.verify_semantics_require_inputs;
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

/// Without a pipeline, `--verify-semantics` compares nothing: said in the
/// log, or an error with `--verify-semantics-require-inputs`.
fn without_pipeline(options: &DriverOptions, log: &mut String) -> Result<(), Vec<Diagnostic>> {
    if options.verify_semantics.is_none() {
        return Ok(());
    }
    let nothing = "verify-semantics: no pass ran, so nothing was compared";
    if options.verify_semantics_require_inputs {
        return Err(vec![Diagnostic::error(DiagLoc::Unknown, nothing)]);
    }
    log.push_str(nothing);
    log.push('\n');
    Ok(())
}

/// The chunk's output: what `--explain` says, the IR with its shape facts,
/// or the IR; checked with `--verify-roundtrip`.
/// What a chunk printed: text in pieces, or with `--emit-bytecode`, a
/// bytecode file.
pub enum Printed {
    Text(Vec<String>),
    Bytecode(Vec<u8>),
}

fn print(
    engine: &mut Engine,
    module: &Module,
    options: &DriverOptions,
) -> Result<Printed, Vec<Diagnostic>> {
    if options.emit_bytecode {
        let bytes = bytecode::write(&module.ctx, module.root);
        if options.verify_roundtrip {
            verify_roundtrip(engine, &module.print(), Some(&bytes)).map_err(|d| vec![d])?;
        }
        return Ok(Printed::Bytecode(bytes));
    }
    let pieces = if options.explain {
        let explained = explain::explain_module(&module.ctx, module.root, Some(&engine.sources));
        let mut text = explain::render_module(&explained);
        // The output's last newline is the one every chunk ends with
        // (`Outcome::emit`).
        text.pop();
        vec![text]
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
        let text = pieces.concat();
        let bytes = bytecode::write(&module.ctx, module.root);
        verify_roundtrip(engine, &text, Some(&bytes)).map_err(|d| vec![d])?;
    }
    Ok(Printed::Text(pieces))
}

/// `--mlir-pass-statistics` and `--mlir-timing`'s reports into `log`: the
/// passes of `run`, between parsing (`parsed` long) and printing (from
/// `printing` until now).
fn report_steps(
    run: Option<&Run>,
    parsed: Duration,
    printing: Instant,
    options: &DriverOptions,
    log: &mut String,
) {
    let (steps, parallel) = run.map(Run::timings).unwrap_or_default();
    if options.pass_statistics {
        let display = options.statistics_display;
        log.push_str(&pass::manager::statistics_report(&steps, display));
    }
    if !options.timing {
        return;
    }
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
    let (display, format) = (options.timing_display, options.timing_format);
    log.push_str(&pass::manager::timing_report(
        &all, parallel, display, format,
    ));
}

/// `d` as MLIR's text, or with `json` as one line of JSON; without its
/// notes under `--mlir-disable-diagnostic-notes`.
pub(crate) fn render(sources: &SourceMap, d: &Diagnostic, options: &DriverOptions) -> String {
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
