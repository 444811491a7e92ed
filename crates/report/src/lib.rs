//! `shape-opt --report=FILE.html`: what a lowering did, as one
//! self-contained HTML file (or, for a large module, a directory with an
//! `index.html` that loads each function on demand), readable offline.
//!
//! For each function the report shows:
//! 1. **the forms side by side**: its source and the function as each
//!    stage left it, every printed op knowing the source lines its
//!    locations name (a call site names the shape function's line and the
//!    caller's), so selecting an op highlights its counterparts;
//! 2. **the pass timeline**: every pass that ran on it, with its time, and
//!    the function's IR after it as a diff against before (passes that
//!    changed nothing folded away);
//! 3. **the constraints**: `canonicalize-constraints`' pictures (witness
//!    DAG before and after, e-graph) drawn as SVG, and each check removed
//!    or merged with the reason the pass gave (its remark);
//! 4. **the precondition**: the `--explain` text;
//! 5. **try it**: sampled inputs (those `--verify-semantics` draws, and any
//!    given) with the interpreter's outcome at every stage;
//! 6. **facts on hover**: in error-monadic form, the partial shapes and
//!    bounds `infer-shapes` knows at each op.
//!
//! [`Recorder`] collects all this while the pipeline runs: it is the
//! pipeline's instrumentation and stage callback, and [`Events`] receives
//! the remarks and pictures passes send through `tracing`. [`write()`] lays
//! the result out (see `html.rs`).

mod html;
pub mod locs;

use interp::Arg;
use ir::{Context, OpId, OpKind};
use pass::stage::Stage;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

pub use html::write;

/// What a run's passes sent through `tracing` while the report recorded
/// it, tagged with the pass that was running.
#[derive(Debug, Default)]
pub struct Events {
    pass: String,
    remarks: Vec<Remark>,
    pictures: Vec<Picture>,
}

/// A remark: what a pass proved at a line (a check removed, merged).
#[derive(Clone, Debug)]
pub struct Remark {
    pub pass: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// A constraint picture (Graphviz DOT) of a function at a stage of
/// `canonicalize-constraints` (`before`, `egraph`, `after`).
#[derive(Clone, Debug)]
pub struct Picture {
    pub function: String,
    pub stage: String,
    pub dot: String,
}

impl Events {
    /// A remark event of the running pass.
    pub fn remark(&mut self, line: u32, col: u32, message: String) {
        let pass = self.pass.clone();
        self.remarks.push(Remark {
            pass,
            line,
            col,
            message,
        });
    }

    /// A picture event.
    pub fn picture(&mut self, function: String, stage: String, dot: String) {
        self.pictures.push(Picture {
            function,
            stage,
            dot,
        });
    }
}

/// Events shared between the `tracing` layer that fills them and the
/// recorder.
pub type SharedEvents = Arc<Mutex<Events>>;

/// A line of a function as printed at some point: without locations, the
/// source lines they name, and what is known there (a tooltip).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub lines: Vec<u32>,
    pub facts: Option<String>,
}

/// A line of a diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiffLine {
    Same(String),
    Added(String),
    Removed(String),
    /// Lines left out between two hunks.
    Gap,
}

/// A pass run that covered a function.
#[derive(Clone, Debug)]
pub struct Step {
    pub pass: String,
    pub micros: u128,
    /// The function's IR after it against before; `None` if unchanged.
    pub diff: Option<Vec<DiffLine>>,
}

/// A sampled input and the interpreter's outcome on it at every stage.
#[derive(Clone, Debug)]
pub struct Sample {
    pub args: String,
    /// (form, outcome), in stage order.
    pub outcomes: Vec<(String, String)>,
}

/// Everything the report says about one function.
#[derive(Clone, Debug, Default)]
pub struct FunctionReport {
    pub name: String,
    /// The first and last line of its source, if it has one.
    pub source: Option<(u32, u32)>,
    /// (form, lines), in stage order.
    pub forms: Vec<(String, Vec<Line>)>,
    pub steps: Vec<Step>,
    pub removed: Vec<Remark>,
    pub pictures: Vec<Picture>,
    pub explanation: Option<String>,
    pub samples: Vec<Sample>,
}

/// The report of one run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The input's name, as locations give it.
    pub file: String,
    /// The input's lines.
    pub source: Vec<String>,
    pub functions: Vec<FunctionReport>,
    /// Each pass's total time and statistics, as `--mlir-timing` and
    /// `--mlir-pass-statistics` give them, by pass name.
    pub pass_summaries: HashMap<String, String>,
    /// Wall time of the whole run, in milliseconds.
    pub millis: u128,
}

/// Sampled inputs per function: fewer on large modules, so that the report
/// stays cheap next to the lowering.
fn samples_per_function(functions: usize) -> usize {
    match functions {
        0..=100 => 16,
        101..=1000 => 6,
        _ => 3,
    }
}

/// Collects the report while a pipeline runs: the instrumentation of its
/// passes and the callback of its stages.
pub struct Recorder<'s> {
    report: Report,
    events: SharedEvents,
    sources: Option<&'s diag::SourceMap>,
    index: HashMap<String, usize>,
    /// Each function's text (without locations) after the last pass.
    last: HashMap<String, String>,
    inputs: Vec<(String, Vec<Vec<Arg>>)>,
    started: Instant,
    pass_started: Instant,
}

impl<'s> Recorder<'s> {
    /// A recorder for the module `root` of `ctx`, read from `file` whose
    /// text `sources` holds; `extra` are inputs to try on every function
    /// they fit (`--report-args`).
    pub fn new(
        ctx: &Context,
        root: OpId,
        file: &str,
        sources: Option<&'s diag::SourceMap>,
        events: SharedEvents,
        extra: &[Arg],
    ) -> Self {
        let text = sources
            .and_then(|s| (0..).map_while(|id| s.file(id)).find(|f| f.name == file))
            .map(|f| f.text.lines().map(str::to_string).collect())
            .unwrap_or_default();
        let mut recorder = Recorder {
            report: Report {
                file: file.to_string(),
                source: text,
                ..Report::default()
            },
            events,
            sources,
            index: HashMap::new(),
            last: HashMap::new(),
            inputs: Vec::new(),
            started: Instant::now(),
            pass_started: Instant::now(),
        };
        let functions = functions(ctx, root);
        let count = samples_per_function(functions.len());
        for (n, &f) in functions.iter().enumerate() {
            let name = symbol(ctx, f);
            let range = recorder.source_range(ctx, f);
            let i = recorder.function(&name);
            recorder.report.functions[i].source = range;
            let mut inputs =
                validate::sample::function_inputs(ctx, f, count, n as u64).unwrap_or_default();
            let arity = ctx
                .region(ctx.op(f).regions[0])
                .blocks
                .first()
                .map_or(0, |&b| ctx.block(b).args.len());
            if !extra.is_empty() && extra.len() == arity {
                inputs.insert(0, extra.to_vec());
            }
            recorder.inputs.push((name, inputs));
        }
        recorder
    }

    /// The index of the function named `name`, added if new.
    fn function(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.report.functions.push(FunctionReport {
            name: name.to_string(),
            ..FunctionReport::default()
        });
        let i = self.report.functions.len() - 1;
        self.index.insert(name.to_string(), i);
        i
    }

    /// The lines of the input function `f` spans: from its own line to the
    /// line after the last op in it (its closing brace).
    fn source_range(&self, ctx: &Context, f: OpId) -> Option<(u32, u32)> {
        let line_of = |op: OpId| match ctx.op(op).loc.file_line_col() {
            Some((file, line, _)) if file == self.report.file => Some(line),
            _ => None,
        };
        let first = line_of(f)?;
        let mut last = first;
        ctx.walk_nested(f, &mut |op| last = last.max(line_of(op).unwrap_or(last)));
        let closes = self
            .report
            .source
            .get(last as usize)
            .is_some_and(|l| l.trim_start().starts_with('}'));
        Some((first, last + u32::from(closes)))
    }

    /// The stage callback: the module reached `stage`.
    pub fn stage(&mut self, stage: Stage, ctx: &Context, root: OpId) {
        self.form(stage.name(), Some(stage), ctx, root);
    }

    /// Record the module as a form labelled `label`, in `stage` if it is
    /// legal in one: its functions' text, their outcomes on the samples,
    /// and (in constrained form, or the first form seen) their
    /// explanations.
    pub fn form(&mut self, label: &str, stage: Option<Stage>, ctx: &Context, root: OpId) {
        let file = self.report.file.clone();
        let named: Vec<(String, OpId)> = functions(ctx, root)
            .into_iter()
            .map(|f| (symbol(ctx, f), f))
            .collect();
        for (name, f) in &named {
            let (name, f) = (name.clone(), *f);
            let lines = match stage {
                Some(Stage::ErrorMonadic) => with_facts(ctx, f, &file),
                _ => printed(ctx, f, &file),
            };
            let i = self.function(&name);
            self.report.functions[i]
                .forms
                .push((label.to_string(), lines));
        }
        let by_name: HashMap<String, OpId> =
            named.iter().map(|(name, f)| (name.clone(), *f)).collect();
        for (name, inputs) in &self.inputs {
            let (Some(&i), Some(&f)) = (self.index.get(name), by_name.get(name)) else {
                continue;
            };
            let samples = &mut self.report.functions[i].samples;
            for (k, args) in inputs.iter().enumerate() {
                let outcome = match interp::run_function_op(ctx, root, f, args) {
                    Ok(o) => o.to_string(),
                    Err(e) => format!("cannot evaluate: {e}"),
                };
                if samples.len() <= k {
                    samples.push(Sample {
                        args: show_args(args),
                        outcomes: Vec::new(),
                    });
                }
                samples[k].outcomes.push((label.to_string(), outcome));
            }
        }
        let explains = stage == Some(Stage::Constrained)
            || self
                .report
                .functions
                .iter()
                .all(|f| f.explanation.is_none());
        if explains {
            for e in explain::explain_module(ctx, root, self.sources) {
                let i = self.function(&e.name);
                self.report.functions[i].explanation = Some(explain::render(&e, 80));
            }
        }
    }

    /// The report, once the run is over; `timings` are the passes' times
    /// and statistics.
    pub fn finish(mut self, timings: &[&pass::PassTiming]) -> Report {
        let events =
            std::mem::take(&mut *self.events.lock().unwrap_or_else(PoisonError::into_inner));
        for remark in events.remarks {
            let owner = self.report.functions.iter_mut().find(|f| {
                f.source
                    .is_some_and(|(first, last)| (first..=last).contains(&remark.line))
            });
            if let Some(f) = owner {
                f.removed.push(remark);
            }
        }
        for picture in events.pictures {
            let i = self.function(&picture.function);
            self.report.functions[i].pictures.push(picture);
        }
        for t in timings {
            let entry = self
                .report
                .pass_summaries
                .entry(t.name.clone())
                .or_default();
            let stats: Vec<String> = t
                .statistics
                .0
                .iter()
                .map(|s| format!("{} {}", s.name, s.value))
                .collect();
            *entry = format!(
                "{:.2} ms{}{}",
                t.time.as_secs_f64() * 1e3,
                if stats.is_empty() { "" } else { "; " },
                stats.join(", ")
            );
        }
        self.report.millis = self.started.elapsed().as_millis();
        self.report
    }

    /// The function ops `op` covers: itself, or those under it.
    fn covered(ctx: &Context, op: OpId) -> Vec<OpId> {
        match ctx.kind(op) {
            OpKind::FuncFunc | OpKind::ShapeFunc => vec![op],
            _ => functions(ctx, op),
        }
    }
}

/// The pipeline's hooks on a recorder it shares with the stage callback.
pub struct Hooks<'r, 's>(pub &'r RefCell<Recorder<'s>>);

impl pass::Instrumentation for Hooks<'_, '_> {
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.0.borrow_mut().before(pass, ctx, op);
    }

    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.0.borrow_mut().after(pass, ctx, op);
    }
}

impl Recorder<'_> {
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pass = pass.to_string();
        for f in Self::covered(ctx, op) {
            let name = symbol(ctx, f);
            self.last.entry(name).or_insert_with(|| plain(ctx, f));
        }
        self.pass_started = Instant::now();
    }

    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        let micros = self.pass_started.elapsed().as_micros();
        let mut seen = std::collections::HashSet::new();
        for f in Self::covered(ctx, op) {
            let name = symbol(ctx, f);
            let now = plain(ctx, f);
            let before = self
                .last
                .insert(name.clone(), now.clone())
                .unwrap_or_default();
            let diff = (before != now).then(|| diff(&before, &now));
            let i = self.function(&name);
            self.report.functions[i].steps.push(Step {
                pass: pass.to_string(),
                micros,
                diff,
            });
            seen.insert(name);
        }
        // A pass on the module may remove functions (inlined, dead): they
        // changed too. A pass on one function sees only that function.
        if matches!(ctx.kind(op), OpKind::FuncFunc | OpKind::ShapeFunc) {
            return;
        }
        let gone: Vec<String> = self
            .last
            .keys()
            .filter(|k| !seen.contains(*k))
            .cloned()
            .collect();
        for name in gone {
            let before = self.last.remove(&name).unwrap_or_default();
            let i = self.function(&name);
            self.report.functions[i].steps.push(Step {
                pass: pass.to_string(),
                micros,
                diff: Some(diff(&before, "")),
            });
        }
    }
}

/// The functions with a body under `op`, in order.
fn functions(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ctx.walk_nested(op, &mut |o| {
        let has_body = ctx
            .op(o)
            .regions
            .first()
            .is_some_and(|&r| !ctx.region(r).blocks.is_empty());
        if matches!(ctx.kind(o), OpKind::FuncFunc | OpKind::ShapeFunc) && has_body {
            out.push(o);
        }
    });
    out
}

fn symbol(ctx: &Context, f: OpId) -> String {
    ctx.attr(f, "sym_name")
        .and_then(ir::Attr::as_str)
        .unwrap_or("")
        .to_string()
}

const WITH_LOCATIONS: ir::printer::PrintOptions = ir::printer::PrintOptions {
    generic: false,
    debug_info: true,
    local_scope: true,
    elide_elements_above: Some(16),
};

/// Function `f` printed, line by line, with the source lines of each.
fn printed(ctx: &Context, f: OpId, file: &str) -> Vec<Line> {
    locs::split(&ir::printer::print_op(ctx, f, WITH_LOCATIONS), file)
        .into_iter()
        .map(|l| Line {
            text: l.text,
            lines: l.lines,
            facts: None,
        })
        .collect()
}

/// Function `f` printed without locations (what diffs compare).
fn plain(ctx: &Context, f: OpId) -> String {
    let options = ir::printer::PrintOptions {
        debug_info: false,
        ..WITH_LOCATIONS
    };
    ir::printer::print_op(ctx, f, options)
}

/// Function `f` printed as [`printed`] does, each op with the shape facts
/// known there (which `--mlir-print-shape-facts` prints as comments).
fn with_facts(ctx: &Context, f: OpId, file: &str) -> Vec<Line> {
    let facts = analysis::shape_facts::infer_facts(ctx, f);
    let comment = |ctx: &Context, op: OpId| facts.describe(ctx, op);
    let text = ir::printer::print_op_with_comments(ctx, f, WITH_LOCATIONS, &comment);
    let mut out: Vec<Line> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    for l in locs::split(&text, file) {
        match l.text.trim_start().strip_prefix("//") {
            Some(fact) => pending.push(fact.trim().to_string()),
            None => out.push(Line {
                text: l.text,
                lines: l.lines,
                facts: (!pending.is_empty()).then(|| std::mem::take(&mut pending).join("\n")),
            }),
        }
    }
    out
}

/// Unchanged lines shown around a change in a pass's diff.
const CONTEXT: usize = 2;

/// `before` against `after`, line by line, with [`CONTEXT`] lines of
/// context.
fn diff(before: &str, after: &str) -> Vec<DiffLine> {
    let text = similar::TextDiff::from_lines(before, after);
    let mut out = Vec::new();
    for (n, group) in text.grouped_ops(CONTEXT).iter().enumerate() {
        if n > 0 {
            out.push(DiffLine::Gap);
        }
        for op in group {
            for change in text.iter_changes(op) {
                let line = change.value().trim_end_matches('\n').to_string();
                out.push(match change.tag() {
                    similar::ChangeTag::Equal => DiffLine::Same(line),
                    similar::ChangeTag::Insert => DiffLine::Added(line),
                    similar::ChangeTag::Delete => DiffLine::Removed(line),
                });
            }
        }
    }
    out
}

/// Arguments as `shape-run --arg`s read them: `[2, 3] [3, 4] 6`.
fn show_args(args: &[Arg]) -> String {
    args.iter()
        .map(|a| match a {
            Arg::Shape(s) => format!("{s:?}"),
            Arg::Scalar(v) => v.to_string(),
            Arg::Dense { shape, elements } => format!("dense{elements:?} of {shape:?}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs_keep_context_and_mark_changes() {
        let d = diff("a\nb\nc\n", "a\nx\nc\n");
        assert_eq!(
            d,
            vec![
                DiffLine::Same("a".into()),
                DiffLine::Removed("b".into()),
                DiffLine::Added("x".into()),
                DiffLine::Same("c".into()),
            ]
        );
        assert!(diff("a\n", "a\n").is_empty());
    }
}
