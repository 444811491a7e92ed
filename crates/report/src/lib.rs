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
//! the result out in files (see `html.rs`), [`lay_out`] for any sink.

mod html;

use interp::Arg;
use ir::{Context, OpId, OpKind};
use pass::stage::Stage;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

pub use html::{lay_out, write, Part};

/// What a run's passes sent through `tracing` while the report recorded
/// it, tagged with the pass that was running on the thread that sent it
/// (pieces of a module are lowered on several threads at once).
#[derive(Debug, Default)]
pub struct Events {
    passes: HashMap<std::thread::ThreadId, String>,
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
    /// The pass now running on this thread.
    fn set_pass(&mut self, pass: &str) {
        let running = self.passes.entry(std::thread::current().id()).or_default();
        running.clear();
        running.push_str(pass);
    }

    /// A remark event of the pass running on this thread.
    pub fn remark(&mut self, line: u32, col: u32, message: String) {
        let pass = self
            .passes
            .get(&std::thread::current().id())
            .cloned()
            .unwrap_or_default();
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
/// recorders.
pub type SharedEvents = Arc<Mutex<Events>>;

/// A line of a function's form: its text (an index into the function's
/// [`FunctionReport::texts`]), the source lines its locations name, and
/// what is known there (a tooltip).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: u32,
    pub lines: Vec<u32>,
    pub facts: Option<String>,
}

/// The function as a stage (or the run's input or output) left it.
#[derive(Clone, Debug)]
pub struct Form {
    pub label: String,
    pub lines: Vec<Line>,
}

/// A pass run that covered a function: the function's IR before and after
/// it, as indices into [`FunctionReport::versions`] (equal if the pass
/// changed nothing).
#[derive(Clone, Debug)]
pub struct Step {
    pub pass: String,
    pub micros: u128,
    pub before: usize,
    pub after: usize,
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
    /// Every distinct line the function was printed with (without
    /// locations), once: forms and versions index into it.
    pub texts: Vec<String>,
    /// In stage order.
    pub forms: Vec<Form>,
    /// The function's IR after each pass that changed it (before the
    /// first, too), as lines of [`FunctionReport::texts`]; empty once the
    /// function is gone.
    pub versions: Vec<Vec<u32>>,
    pub steps: Vec<Step>,
    pub removed: Vec<Remark>,
    pub pictures: Vec<Picture>,
    pub explanation: Option<String>,
    pub samples: Vec<Sample>,
}

impl FunctionReport {
    /// The text of version `v`, a line each.
    pub fn version_lines(&self, v: usize) -> impl Iterator<Item = &str> {
        self.versions[v]
            .iter()
            .map(|&t| self.texts[t as usize].as_str())
    }
}

/// The report of one run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The input's name, as locations give it.
    pub file: String,
    /// The input's lines.
    pub source: Vec<String>,
    pub functions: Vec<FunctionReport>,
    /// Each pass's total time over its runs and statistics, as
    /// `--mlir-timing` and `--mlir-pass-statistics` give them, by pass
    /// name.
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

/// What every recorder of a run shares: the input, its functions, and the
/// inputs to try on each.
pub struct Setup<'s> {
    file: String,
    source: Vec<String>,
    sources: Option<&'s diag::SourceMap>,
    events: SharedEvents,
    /// The input's functions in order, with their source lines.
    functions: Vec<(String, Option<(u32, u32)>)>,
    inputs: HashMap<String, Vec<Vec<Arg>>>,
    started: Instant,
}

impl<'s> Setup<'s> {
    /// The setup of a report on the module `root` of `ctx`, read from
    /// `file` whose text `sources` holds; `extra` are inputs to try on
    /// every function they fit (`--report-args`).
    pub fn new(
        ctx: &Context,
        root: OpId,
        file: &str,
        sources: Option<&'s diag::SourceMap>,
        events: SharedEvents,
        extra: &[Arg],
    ) -> Self {
        let started = Instant::now();
        let source = sources
            .and_then(|s| (0..).map_while(|id| s.file(id)).find(|f| f.name == file))
            .map(|f| f.text.lines().map(str::to_string).collect())
            .unwrap_or_default();
        let mut setup = Setup {
            file: file.to_string(),
            source,
            sources,
            events,
            functions: Vec::new(),
            inputs: HashMap::new(),
            started,
        };
        let functions = functions(ctx, root);
        let count = samples_per_function(functions.len());
        for (n, &f) in functions.iter().enumerate() {
            let name = symbol(ctx, f);
            let range = setup.source_range(ctx, f);
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
            setup.inputs.insert(name.clone(), inputs);
            setup.functions.push((name, range));
        }
        setup
    }

    /// The lines of the input function `f` spans: from its own line to the
    /// line after the last op in it (its closing brace).
    fn source_range(&self, ctx: &Context, f: OpId) -> Option<(u32, u32)> {
        let line_of = |op: OpId| match ctx.op(op).loc.file_line_col() {
            Some((file, line, _)) if file == self.file => Some(line),
            _ => None,
        };
        let first = line_of(f)?;
        let mut last = first;
        ctx.walk_nested(f, &mut |op| last = last.max(line_of(op).unwrap_or(last)));
        let closes = self
            .source
            .get(last as usize)
            .is_some_and(|l| l.trim_start().starts_with('}'));
        Some((first, last + u32::from(closes)))
    }
}

/// A function as printed after the last pass that covered it: its text,
/// the op each line begins, and its version.
struct Last {
    text: String,
    owners: Vec<Option<OpId>>,
    version: usize,
}

/// Collects the report while a pipeline runs: the instrumentation of its
/// passes and the callback of its stages. A module lowered in pieces has a
/// recorder per piece, [absorbed](Recorder::absorb) into one at the end.
pub struct Recorder<'a, 's> {
    setup: &'a Setup<'s>,
    functions: Vec<FunctionReport>,
    index: HashMap<String, usize>,
    /// Each function's lines, by text: the inverse of its `texts`.
    text_ids: Vec<rustc_hash::FxHashMap<String, u32>>,
    last: HashMap<String, Last>,
    /// Where the context's change log stood when the running pass began,
    /// and when the last pass ended.
    changes_before: usize,
    changes_after: usize,
    pass_started: Instant,
}

impl<'a, 's> Recorder<'a, 's> {
    /// A recorder of the functions `setup` lists (and any passes make).
    pub fn new(setup: &'a Setup<'s>) -> Self {
        let mut recorder = Self::piece(setup);
        for (name, range) in &setup.functions {
            let i = recorder.function(name);
            recorder.functions[i].source = *range;
        }
        recorder
    }

    /// A recorder of one piece of the module: it knows only the functions
    /// it sees.
    pub fn piece(setup: &'a Setup<'s>) -> Self {
        Recorder {
            setup,
            functions: Vec::new(),
            index: HashMap::new(),
            text_ids: Vec::new(),
            last: HashMap::new(),
            changes_before: 0,
            changes_after: 0,
            pass_started: Instant::now(),
        }
    }

    /// The index of the function named `name`, added if new.
    fn function(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.functions.push(FunctionReport {
            name: name.to_string(),
            ..FunctionReport::default()
        });
        self.text_ids.push(rustc_hash::FxHashMap::default());
        let i = self.functions.len() - 1;
        self.index.insert(name.to_string(), i);
        i
    }

    /// The index of `text` among function `i`'s lines, added if new.
    fn text(&mut self, i: usize, text: &str) -> u32 {
        if let Some(&t) = self.text_ids[i].get(text) {
            return t;
        }
        let texts = &mut self.functions[i].texts;
        let t = texts.len() as u32;
        texts.push(text.to_string());
        self.text_ids[i].insert(text.to_string(), t);
        t
    }

    /// A new version of function `i`: `text`, a line each.
    fn version(&mut self, i: usize, text: &str) -> usize {
        let lines = text.lines().map(|l| self.text(i, l)).collect();
        let versions = &mut self.functions[i].versions;
        versions.push(lines);
        versions.len() - 1
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
        let facts = |f| {
            (stage == Some(Stage::ErrorMonadic)).then(|| analysis::shape_facts::infer_facts(ctx, f))
        };
        let changed = changed_functions(ctx, self.changes_after);
        for f in functions(ctx, root) {
            let name = symbol(ctx, f);
            let i = self.function(&name);
            // What the last pass printed, unless the function changed since.
            let unchanged = changed.as_ref().is_some_and(|c| !c.contains(&f));
            let (text, owners) = match self.last.get(&name).filter(|_| unchanged) {
                Some(last) => (last.text.clone(), last.owners.clone()),
                None => print(ctx, f),
            };
            let facts = facts(f);
            let mut lines = Vec::new();
            for (line, owner) in text.lines().zip(owners) {
                let mut sources = Vec::new();
                if let Some(op) = owner {
                    source_lines(&ctx.op(op).loc, &self.setup.file, &mut sources);
                }
                lines.push(Line {
                    text: self.text(i, line),
                    lines: sources,
                    facts: owner.and_then(|op| facts.as_ref()?.describe(ctx, op)),
                });
            }
            self.functions[i].forms.push(Form {
                label: label.to_string(),
                lines,
            });
            let Some(inputs) = self.setup.inputs.get(&name) else {
                continue;
            };
            let samples = &mut self.functions[i].samples;
            for (k, args) in inputs.iter().enumerate() {
                let outcome = run_sample(ctx, root, f, args);
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
            || self.functions.iter().all(|f| f.explanation.is_none());
        if explains {
            for f in functions(ctx, root) {
                if let Some(e) = explain::explain_function(ctx, f, self.setup.sources) {
                    let i = self.function(&symbol(ctx, f));
                    self.functions[i].explanation = Some(explain::render(&e, explain::LINE_WIDTH));
                }
            }
        }
    }

    /// Take in what the recorder of a piece of the module saw.
    pub fn absorb(&mut self, piece: Recorder) {
        for (from, ids) in piece.functions.into_iter().zip(piece.text_ids) {
            let i = self.function(&from.name);
            let into = &mut self.functions[i];
            if into.texts.is_empty() && into.versions.is_empty() && into.samples.is_empty() {
                let source = into.source.or(from.source);
                *into = FunctionReport { source, ..from };
                self.text_ids[i] = ids;
                continue;
            }
            let texts: Vec<u32> = from.texts.iter().map(|t| self.text(i, t)).collect();
            let into = &mut self.functions[i];
            let offset = into.versions.len();
            into.versions.extend(
                from.versions
                    .into_iter()
                    .map(|v| v.into_iter().map(|t| texts[t as usize]).collect()),
            );
            into.steps.extend(from.steps.into_iter().map(|s| Step {
                before: s.before + offset,
                after: s.after + offset,
                ..s
            }));
            into.forms.extend(from.forms.into_iter().map(|f| {
                Form {
                    lines: f
                        .lines
                        .into_iter()
                        .map(|l| Line {
                            text: texts[l.text as usize],
                            ..l
                        })
                        .collect(),
                    ..f
                }
            }));
            for (k, sample) in from.samples.into_iter().enumerate() {
                match into.samples.get_mut(k) {
                    Some(s) => s.outcomes.extend(sample.outcomes),
                    None => into.samples.push(sample),
                }
            }
            into.explanation = from.explanation.or(into.explanation.take());
        }
    }

    /// The report, once the run is over; `timings` are the passes' times
    /// and statistics.
    pub fn finish(self, timings: &[&pass::PassTiming]) -> Report {
        let mut report = Report {
            file: self.setup.file.clone(),
            source: self.setup.source.clone(),
            functions: self.functions,
            pass_summaries: HashMap::new(),
            millis: 0,
        };
        let events = std::mem::take(
            &mut *self
                .setup
                .events
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        // Each remark goes to the function whose source lines hold it:
        // functions do not overlap, so the last to start at or before it.
        let mut by_first_line: Vec<(u32, u32, usize)> = report
            .functions
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.source.map(|(first, last)| (first, last, i)))
            .collect();
        by_first_line.sort_unstable();
        for remark in events.remarks {
            let after = by_first_line.partition_point(|&(first, ..)| first <= remark.line);
            let owner = after
                .checked_sub(1)
                .map(|k| by_first_line[k])
                .filter(|&(_, last, _)| remark.line <= last);
            if let Some((.., i)) = owner {
                report.functions[i].removed.push(remark);
            }
        }
        for picture in events.pictures {
            if let Some(&i) = self.index.get(&picture.function) {
                report.functions[i].pictures.push(picture);
            }
        }
        let mut totals: Vec<(String, std::time::Duration, pass::Statistics)> = Vec::new();
        for t in timings {
            match totals.iter_mut().find(|(name, ..)| *name == t.name) {
                Some((_, time, statistics)) => {
                    *time += t.time;
                    statistics.merge(&t.statistics);
                }
                None => totals.push((t.name.clone(), t.time, t.statistics.clone())),
            }
        }
        for (name, time, statistics) in totals {
            let stats: Vec<String> = statistics
                .0
                .iter()
                .map(|s| format!("{} {}", s.name, s.value))
                .collect();
            let summary = format!(
                "{:.2} ms{}{}",
                time.as_secs_f64() * 1e3,
                if stats.is_empty() { "" } else { "; " },
                stats.join(", ")
            );
            report.pass_summaries.insert(name, summary);
        }
        report.millis = self.setup.started.elapsed().as_millis();
        report
    }

    /// The function ops `op` covers: itself, or those under it.
    fn covered(ctx: &Context, op: OpId) -> Vec<OpId> {
        match ctx.kind(op) {
            OpKind::FuncFunc | OpKind::ShapeFunc => vec![op],
            _ => functions(ctx, op),
        }
    }
}

impl pass::Instrumentation for Recorder<'_, '_> {
    fn reads_changes(&self) -> bool {
        true
    }

    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.setup
            .events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .set_pass(pass);
        for f in Self::covered(ctx, op) {
            let name = symbol(ctx, f);
            if !self.last.contains_key(&name) {
                let (text, owners) = print(ctx, f);
                let i = self.function(&name);
                let version = self.version(i, &text);
                self.last.insert(
                    name,
                    Last {
                        text,
                        owners,
                        version,
                    },
                );
            }
        }
        self.changes_before = ctx.changes().map_or(0, <[OpId]>::len);
        self.pass_started = Instant::now();
    }

    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        let micros = self.pass_started.elapsed().as_micros();
        let changed = changed_functions(ctx, self.changes_before);
        let mut seen = std::collections::HashSet::new();
        for f in Self::covered(ctx, op) {
            let name = symbol(ctx, f);
            let i = self.function(&name);
            let untouched = changed.as_ref().is_some_and(|c| !c.contains(&f));
            if let (true, Some(last)) = (untouched, self.last.get(&name)) {
                debug_assert_eq!(last.text, print(ctx, f).0, "a change the log missed");
                let version = last.version;
                self.functions[i].steps.push(Step {
                    pass: pass.to_string(),
                    micros,
                    before: version,
                    after: version,
                });
                seen.insert(name);
                continue;
            }
            let (now, owners) = print(ctx, f);
            let before = self.last.get(&name).map(|l| (l.text == now, l.version));
            let (before, after) = match before {
                Some((true, v)) => (v, v),
                Some((false, v)) => (v, self.version(i, &now)),
                None => {
                    let v = self.version(i, "");
                    (v, self.version(i, &now))
                }
            };
            self.last.insert(
                name.clone(),
                Last {
                    text: now,
                    owners,
                    version: after,
                },
            );
            self.functions[i].steps.push(Step {
                pass: pass.to_string(),
                micros,
                before,
                after,
            });
            seen.insert(name);
        }
        self.changes_after = ctx.changes().map_or(0, <[OpId]>::len);
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
            let Some(last) = self.last.remove(&name) else {
                continue;
            };
            let i = self.function(&name);
            let after = self.version(i, "");
            self.functions[i].steps.push(Step {
                pass: pass.to_string(),
                micros,
                before: last.version,
                after,
            });
        }
    }
}

impl pass::split_lowering::PieceWatcher for Recorder<'_, '_> {
    fn stage(&mut self, stage: Stage, ctx: &Context, root: OpId) {
        Recorder::stage(self, stage, ctx, root);
    }
}

/// The functions that changes logged since `mark` may have changed: every
/// function op enclosing an op the log names. `None` without a log.
fn changed_functions(ctx: &Context, mark: usize) -> Option<std::collections::HashSet<OpId>> {
    let changes = ctx.changes()?;
    let mut functions = std::collections::HashSet::new();
    let mut walked = std::collections::HashSet::new();
    for &op in changes.get(mark..).unwrap_or_default() {
        let mut at = Some(op);
        // An op walked before had its enclosing ops walked then.
        while let Some(o) = at.filter(|&o| walked.insert(o)) {
            if matches!(ctx.kind(o), OpKind::FuncFunc | OpKind::ShapeFunc) {
                functions.insert(o);
            }
            at = ctx.parent_op(o);
        }
    }
    Some(functions)
}

/// The functions with a body under `op`, in order (not looking inside
/// functions).
fn functions(ctx: &Context, op: OpId) -> Vec<OpId> {
    fn collect(ctx: &Context, op: OpId, out: &mut Vec<OpId>) {
        for &r in &ctx.op(op).regions {
            for &b in &ctx.region(r).blocks {
                for o in ctx.block_ops(b) {
                    if !matches!(ctx.kind(o), OpKind::FuncFunc | OpKind::ShapeFunc) {
                        collect(ctx, o, out);
                    } else if ctx
                        .op(o)
                        .regions
                        .first()
                        .is_some_and(|&r| !ctx.region(r).blocks.is_empty())
                    {
                        out.push(o);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    collect(ctx, op, &mut out);
    out
}

/// The name the report knows function `f` by: its symbol, after those of
/// the symbol tables other than modules that hold it, as a nested symbol
/// reference writes them (`lib::@twice` for `@twice` of
/// `shape.function_library @lib`), so that a library's function is not
/// taken for the module's of the same name.
fn symbol(ctx: &Context, f: OpId) -> String {
    let sym_name = |op| ctx.attr(op, "sym_name").and_then(ir::Attr::as_str);
    let mut name = sym_name(f).unwrap_or("").to_string();
    let mut at = ctx.parent_op(f);
    while let Some(op) = at {
        if let (Some(table), false) = (sym_name(op), ctx.kind(op) == OpKind::BuiltinModule) {
            name = format!("{table}::@{name}");
        }
        at = ctx.parent_op(op);
    }
    name
}

/// Function `f` printed as the report shows it (no locations, elements
/// attributes of more than 16 elements elided), and the op each line
/// begins.
fn print(ctx: &Context, f: OpId) -> (String, Vec<Option<OpId>>) {
    let options = ir::printer::PrintOptions {
        generic: false,
        debug_info: false,
        local_scope: true,
        elide_elements_above: Some(16),
    };
    ir::printer::print_op_with_line_ops(ctx, f, options)
}

/// The lines of `file` that `loc` names, in the order it names them (an
/// op inlined from a shape function: the line that wrote it, then the
/// line that called it), added to `out` without repeats.
fn source_lines(loc: &ir::Location, file: &str, out: &mut Vec<u32>) {
    let line = match loc {
        ir::Location::FileLineCol { file: f, line, .. } if **f == *file => Some(*line),
        ir::Location::FileRange(range) if *range.file == *file => Some(range.line),
        _ => None,
    };
    match line {
        Some(line) if !out.contains(&line) => out.push(line),
        Some(_) => {}
        None => {
            for child in loc.children() {
                source_lines(child, file, out);
            }
        }
    }
}

/// The most ops the interpreter runs for one sample at one form: far more
/// than a shape function takes on the small sampled shapes, far fewer than
/// the interpreter's own limit, which a report would reach on every sample
/// of a function that loops forever at every form.
const SAMPLE_STEPS: u64 = 10_000;

/// The interpreter's outcome of function `f` of `root` on `args`, run for
/// at most [`SAMPLE_STEPS`] ops, as the report shows it.
fn run_sample(ctx: &Context, root: OpId, f: OpId, args: &[Arg]) -> String {
    let limits = interp::Limits {
        steps: SAMPLE_STEPS,
        ..interp::Limits::default()
    };
    let name = ctx
        .attr(f, "sym_name")
        .and_then(ir::Attr::as_str)
        .unwrap_or("");
    // The interpreter takes limits with a name only: a library's function
    // that the module's of its name shadows is not run.
    if interp::find_function(ctx, root, name) != Some(f) {
        return format!("not run: another function is named @{name}");
    }
    match interp::run_function_with_limits(ctx, root, name, args, limits) {
        Ok(o) => o.to_string(),
        Err(e) => format!("cannot evaluate: {e}"),
    }
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
