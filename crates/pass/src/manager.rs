//! The pass manager: runs a pipeline built from MLIR's textual syntax.
//!
//! A nested pipeline (`func.func(cse)`) runs on the ops of its anchor name
//! found directly in the regions of the current op. When those ops are
//! isolated from above (functions) and more than one thread is allowed, the
//! body of each is taken out into a context of its own
//! ([`Context::check_out`]), the pipeline runs on all of them at once on a
//! rayon pool, and the bodies are checked back in, in their original order
//! — so the output does not depend on the number of threads. The verifier
//! runs after every pass unless turned off (IR a pass left unchanged since
//! it was last verified is not walked again: it verifies as it did);
//! [`Instrumentation`] hooks see the IR around each pass (hooks that read
//! the IR make function pipelines run in place, one function at a time, so
//! that they see the whole module); every pass run is timed and traced
//! (a `tracing` span per pass).

use crate::pipeline::{did_you_mean, parse_pipeline, Element, PipelineError};
use crate::{Pass, PassInfo, PassRegistry, Statistic, Statistics};
use diag::{DiagLoc, Diagnostic};
use ir::{Context, OpId, OpKind};
use rayon::prelude::*;
use std::time::{Duration, Instant};

enum Node {
    Nest {
        anchor: String,
        nodes: Vec<Node>,
    },
    /// A pass, and the op it must run on (if it is anchored).
    Pass(Box<dyn Pass>, Option<&'static str>),
}

/// Hooks around each pass run (IR printing, dumps, embedding callbacks).
pub trait Instrumentation {
    /// True if the hooks read the IR. Function pipelines then run in place,
    /// one function after another, so that each hook sees the whole module.
    fn reads_ir(&self) -> bool {
        true
    }
    /// True if the hooks read what each pass changed from the context's
    /// change log ([`Context::changes`]): the pipeline turns it on.
    fn reads_changes(&self) -> bool {
        false
    }
    fn before(&mut self, _pass: &str, _ctx: &Context, _op: OpId) {}
    fn after(&mut self, _pass: &str, _ctx: &Context, _op: OpId) {}
    /// A failure found by the hooks (e.g. a pass changed what a function
    /// computes): the pipeline stops with it after the current pass.
    fn take_failure(&mut self) -> Option<Diagnostic> {
        None
    }
}

/// Two sets of hooks, run in order.
pub struct Both<'a>(
    pub &'a mut dyn Instrumentation,
    pub &'a mut dyn Instrumentation,
);

impl Instrumentation for Both<'_> {
    fn reads_ir(&self) -> bool {
        self.0.reads_ir() || self.1.reads_ir()
    }
    fn reads_changes(&self) -> bool {
        self.0.reads_changes() || self.1.reads_changes()
    }
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.0.before(pass, ctx, op);
        self.1.before(pass, ctx, op);
    }
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.0.after(pass, ctx, op);
        self.1.after(pass, ctx, op);
    }
    fn take_failure(&mut self) -> Option<Diagnostic> {
        self.0.take_failure().or_else(|| self.1.take_failure())
    }
}

/// Hooks kept in a `RefCell` shared with another callback that needs the
/// same state (a stage callback).
pub struct Shared<'r, I>(pub &'r std::cell::RefCell<I>);

impl<I: Instrumentation> Instrumentation for Shared<'_, I> {
    fn reads_ir(&self) -> bool {
        self.0.borrow().reads_ir()
    }
    fn reads_changes(&self) -> bool {
        self.0.borrow().reads_changes()
    }
    fn before(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.0.borrow_mut().before(pass, ctx, op);
    }
    fn after(&mut self, pass: &str, ctx: &Context, op: OpId) {
        self.0.borrow_mut().after(pass, ctx, op);
    }
    fn take_failure(&mut self) -> Option<Diagnostic> {
        self.0.borrow_mut().take_failure()
    }
}

/// No hooks: lets function pipelines run in parallel.
pub struct NoInstrumentation;

impl Instrumentation for NoInstrumentation {
    fn reads_ir(&self) -> bool {
        false
    }
}

/// Time spent in one step: a pass run, or a whole nested pipeline
/// (`'func.func' Pipeline`).
#[derive(Clone, Debug)]
pub struct PassTiming {
    pub name: String,
    /// Nesting depth in the pipeline (for the timing tree).
    pub depth: usize,
    pub time: Duration,
    /// What the pass counted on this run (empty for pipelines).
    pub statistics: Statistics,
}

/// How a pipeline runs.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Verify after every pass (`--verify-each`, on by default).
    pub verify_each: bool,
    pub allow_unregistered: bool,
    /// Threads for function pipelines: 1 runs everything in place on the
    /// calling thread; 0 uses the current rayon pool (the global one, one
    /// thread per core, unless the caller installed another); N builds a
    /// pool of N threads.
    pub threads: usize,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            verify_each: true,
            allow_unregistered: false,
            threads: 0,
        }
    }
}

/// Stack of the pool's threads: passes recurse over nesting the parser
/// accepted on its own large stack.
const POOL_STACK: usize = 256 << 20;

/// Runs a pipeline.
pub struct PassManager {
    /// The textual pipeline it was built from.
    source: String,
    nodes: Vec<Node>,
    root_anchor: Option<String>,
    pub options: RunOptions,
    /// Every step timed so far, in the order steps started.
    pub timings: Vec<PassTiming>,
    /// True once a function pipeline ran on several threads (the timing
    /// report then sums pass times over threads).
    pub ran_in_parallel: bool,
    pool: Option<rayon::ThreadPool>,
}

impl PassManager {
    /// Build from a textual pipeline to run on a module; errors point into
    /// `text`.
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<Self, PipelineError> {
        Self::parse_on(text, registry, &OpKind::BuiltinModule.to_string())
    }

    /// Build from a textual pipeline to run on a root op named `root`: a
    /// pipeline that is one nest on `root`, or on `any` op (MLIR's
    /// op-agnostic pass manager), runs its passes on the root itself.
    pub fn parse_on(
        text: &str,
        registry: &PassRegistry,
        root: &str,
    ) -> Result<Self, PipelineError> {
        let elements = parse_pipeline(text)?;
        let mut root_anchor = None;
        let elements = match elements.as_slice() {
            [Element::Nest {
                anchor, elements, ..
            }] if anchor == root || anchor == "any" => {
                root_anchor = (anchor != "any").then(|| anchor.clone());
                elements.clone()
            }
            _ => elements,
        };
        let nodes = build(&elements, registry, root_anchor.as_deref())?;
        Ok(PassManager {
            source: text.to_string(),
            nodes,
            root_anchor,
            options: RunOptions::default(),
            timings: Vec::new(),
            ran_in_parallel: false,
            pool: None,
        })
    }

    /// The textual pipeline it was built from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Run on `root` (normally the top-level module).
    pub fn run(
        &mut self,
        ctx: &mut Context,
        root: OpId,
        instrument: &mut dyn Instrumentation,
    ) -> Result<(), Diagnostic> {
        if let Some(anchor) = &self.root_anchor {
            if ctx.op_name(root) != anchor {
                return Err(Diagnostic::error(
                    loc_of(ctx, root),
                    format!(
                        "pipeline anchored on '{anchor}' cannot run on '{}'",
                        ctx.op_name(root)
                    ),
                ));
            }
        }
        if instrument.reads_changes() {
            ctx.track_changes();
        }
        if self.options.threads > 1 && self.pool.is_none() {
            self.pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.options.threads)
                .stack_size(POOL_STACK)
                .build()
                .ok();
        }
        let pool = match self.options.threads {
            1 => Pool::Sequential,
            0 => Pool::Current,
            _ => self.pool.as_ref().map_or(Pool::Current, Pool::Own),
        };
        let mut runner = Runner {
            options: self.options,
            pool,
            timings: Vec::new(),
            ran_in_parallel: false,
        };
        let result = runner.run_nodes(&self.nodes, ctx, root, 0, instrument);
        self.ran_in_parallel |= runner.ran_in_parallel;
        self.timings.append(&mut runner.timings);
        result
    }
}

/// Where function pipelines run.
#[derive(Clone, Copy)]
enum Pool<'a> {
    /// In place, one after another.
    Sequential,
    /// On the rayon pool the caller runs in.
    Current,
    Own(&'a rayon::ThreadPool),
}

impl Pool<'_> {
    fn install<R: Send>(self, work: impl FnOnce() -> R + Send) -> R {
        match self {
            Pool::Own(pool) => pool.install(work),
            Pool::Sequential | Pool::Current => work(),
        }
    }
}

/// What one pipeline run carries along.
struct Runner<'a> {
    options: RunOptions,
    pool: Pool<'a>,
    timings: Vec<PassTiming>,
    ran_in_parallel: bool,
}

impl Runner<'_> {
    fn run_nodes(
        &mut self,
        nodes: &[Node],
        ctx: &mut Context,
        op: OpId,
        depth: usize,
        instrument: &mut dyn Instrumentation,
    ) -> Result<(), Diagnostic> {
        for node in nodes {
            match node {
                Node::Nest { anchor, nodes } => {
                    let slot = self.timings.len();
                    self.timings.push(PassTiming {
                        name: format!("'{anchor}' Pipeline"),
                        depth,
                        time: Duration::ZERO,
                        statistics: Statistics::default(),
                    });
                    let start = Instant::now();
                    let targets = nested_ops(ctx, op, anchor);
                    let parallel = !matches!(self.pool, Pool::Sequential)
                        && rayon::current_num_threads() > 1
                        && targets.len() > 1
                        && !instrument.reads_ir()
                        && targets.iter().all(|&t| runs_alone(ctx, t));
                    if parallel {
                        self.run_in_parallel(nodes, ctx, &targets, depth + 1)?;
                    } else {
                        for target in targets {
                            self.run_nodes(nodes, ctx, target, depth + 1, instrument)?;
                        }
                    }
                    self.timings[slot].time = start.elapsed();
                }
                Node::Pass(pass, anchor) => {
                    if let Some(anchor) = anchor.filter(|&a| a != ctx.op_name(op)) {
                        return Err(Diagnostic::error(
                            loc_of(ctx, op),
                            format!(
                                "pass '{}' runs on '{anchor}' ops, not on '{}'",
                                pass.name(),
                                ctx.op_name(op)
                            ),
                        ));
                    }
                    self.run_pass(pass.as_ref(), ctx, op, depth, instrument)?
                }
            }
        }
        Ok(())
    }

    fn run_pass(
        &mut self,
        pass: &dyn Pass,
        ctx: &mut Context,
        op: OpId,
        depth: usize,
        instrument: &mut dyn Instrumentation,
    ) -> Result<(), Diagnostic> {
        let _span = tracing::info_span!("pass", name = pass.name(), op = ctx.op_name(op)).entered();
        instrument.before(pass.name(), ctx, op);
        let start = Instant::now();
        let mut statistics = Statistics::default();
        pass.run_counted(ctx, op, &mut statistics)?;
        let time = start.elapsed();
        tracing::debug!(?time, "pass done");
        self.timings.push(PassTiming {
            name: pass.name().to_string(),
            depth,
            time,
            statistics,
        });
        if self.options.verify_each {
            ir::verifier::verify_changed(ctx, op, self.options.allow_unregistered).map_err(
                |e| {
                    Diagnostic::error(
                        loc_of_location(&e.loc),
                        format!("{} (after pass '{}')", e.message, pass.name()),
                    )
                },
            )?;
        }
        instrument.after(pass.name(), ctx, op);
        match instrument.take_failure() {
            Some(failure) => Err(failure),
            None => Ok(()),
        }
    }

    /// Copy each target into a context of its own, run `nodes` on all of
    /// them on the pool, and put the results back in order. The first
    /// failure in target order is reported, whatever the scheduling.
    fn run_in_parallel(
        &mut self,
        nodes: &[Node],
        ctx: &mut Context,
        targets: &[OpId],
        depth: usize,
    ) -> Result<(), Diagnostic> {
        let pool = self.pool;
        self.ran_in_parallel = true;
        let options = self.options;
        // Isolated from above and verified, no target refers outside itself.
        let bodies = ctx.check_out_all(targets).map_err(|t| {
            Diagnostic::internal_error(
                loc_of(ctx, t),
                format!("the body of '{}' refers outside it", ctx.op_name(t)),
            )
        })?;
        let done: Vec<_> = pool.install(|| {
            bodies
                .into_par_iter()
                .map(|mut body| {
                    let mut runner = Runner {
                        options,
                        pool,
                        timings: Vec::new(),
                        ran_in_parallel: true,
                    };
                    let result = runner.run_nodes(
                        nodes,
                        &mut body.ctx,
                        body.root,
                        depth,
                        &mut NoInstrumentation,
                    );
                    (body, result, runner.timings)
                })
                .collect()
        });
        // Every body goes back, even after a failure, so that the IR stays
        // whole for whoever reports the error.
        let mut first_error = None;
        for (body, result, mut timings) in done {
            self.timings.append(&mut timings);
            ctx.check_in(body);
            if let Err(e) = result {
                first_error.get_or_insert(e);
            }
        }
        first_error.map_or(Ok(()), Err)
    }
}

/// True if the body of `op` can be taken out and transformed on its own:
/// registered as isolated from above, without operands or results.
fn runs_alone(ctx: &Context, op: OpId) -> bool {
    let data = ctx.op(op);
    ctx.op_def(op).is_some_and(|d| d.traits.isolated_from_above)
        && data.operands.is_empty()
        && data.results.is_empty()
}

/// How a report lays out its steps (`--mlir-timing-display`,
/// `--mlir-pass-statistics-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The pipeline's tree, each step under its pipeline, in the order run.
    #[default]
    Tree,
    /// One line per name, whatever its nesting: timings slowest first,
    /// statistics by name.
    List,
}

/// `steps` as `layout` shows them, times and statistics of one line added up.
fn laid_out(steps: &[&PassTiming], layout: Layout) -> Vec<PassTiming> {
    match layout {
        Layout::Tree => merge_steps(steps),
        Layout::List => {
            let flat: Vec<PassTiming> = steps
                .iter()
                .map(|t| PassTiming {
                    depth: 0,
                    ..(*t).clone()
                })
                .collect();
            merge_steps(&flat.iter().collect::<Vec<_>>())
        }
    }
}

/// Steps with the same name at the same depth, their times and statistics
/// added up, in the order first run.
fn merge_steps(steps: &[&PassTiming]) -> Vec<PassTiming> {
    let mut merged: Vec<PassTiming> = Vec::new();
    for t in steps {
        match merged
            .iter_mut()
            .find(|m| m.depth == t.depth && m.name == t.name)
        {
            Some(m) => {
                m.time += t.time;
                m.statistics.merge(&t.statistics);
            }
            None => merged.push((*t).clone()),
        }
    }
    merged
}

const RULE: &str =
    "===-------------------------------------------------------------------------===";

/// A statistic's line: `(S) 12 name - description`.
fn statistic_line(s: &Statistic) -> String {
    format!("(S) {} {} - {}", s.value, s.name, s.description)
}

/// How a timing report is written (`--mlir-output-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// MLIR's text table.
    #[default]
    Text,
    /// MLIR's JSON: a list of `{"wall": {"duration", "percentage"},
    /// "name"}` objects, each nested pass under its pipeline's `"passes"`
    /// in the tree layout, `Total` last.
    Json,
}

/// The report: one line per step name at each depth (times of repeated runs
/// added up), indented by nesting, with percentages of the total; a pass's
/// statistics follow its line (text only).
pub fn timing_report(
    steps: &[&PassTiming],
    summed_over_threads: bool,
    layout: Layout,
    format: OutputFormat,
) -> String {
    let total: Duration = steps.iter().filter(|t| t.depth == 0).map(|t| t.time).sum();
    let mut lines = laid_out(steps, layout);
    if layout == Layout::List {
        lines.sort_by_key(|step| std::cmp::Reverse(step.time));
    }
    match format {
        OutputFormat::Text => text_timing(&lines, total, summed_over_threads),
        OutputFormat::Json => json_timing(&lines, total, layout),
    }
}

/// `time` in percent of `total` (0 when nothing took any time).
fn percent(time: Duration, total: Duration) -> f64 {
    if total.is_zero() {
        0.0
    } else {
        100.0 * time.as_secs_f64() / total.as_secs_f64()
    }
}

/// MLIR's text table of `lines`.
fn text_timing(lines: &[PassTiming], total: Duration, summed_over_threads: bool) -> String {
    let column = if summed_over_threads {
        "----Time (passes in parallel pipelines summed over threads)----"
    } else {
        "----Wall Time----"
    };
    let mut s = format!(
        "{RULE}\n                         ... Execution time report ...\n{RULE}\n  Total Execution Time: {:.4} seconds\n\n  {column}  ----Name----\n",
        total.as_secs_f64()
    );
    for step in lines {
        let indent = "  ".repeat(step.depth);
        s.push_str(&format!(
            "  {:>8.4} ({:>5.1}%)  {indent}{}\n",
            step.time.as_secs_f64(),
            percent(step.time, total),
            step.name
        ));
        for stat in &step.statistics.0 {
            s.push_str(&format!("{:19}  {indent}  {}\n", "", statistic_line(stat)));
        }
    }
    s.push_str(&format!("  {:>8.4} (100.0%)  Total\n", total.as_secs_f64()));
    s
}

/// One JSON entry's fields before its end: `{"wall": {...}, "name": "..."`.
fn json_entry(name: &str, time: Duration, total: Duration) -> String {
    format!(
        "{{\"wall\": {{\"duration\": {:>8.4}, \"percentage\": {:>5.1}}}, \"name\": {}",
        time.as_secs_f64(),
        percent(time, total),
        diag::json_string(name)
    )
}

/// Close the open JSON tree entries (their depths in `open`) at `depth`
/// or deeper, innermost first.
fn close_json_entries(s: &mut String, open: &mut Vec<usize>, depth: usize) {
    while let Some(d) = open.pop_if(|d| *d >= depth) {
        s.push_str(&format!("{:indent$}{{}}]}},\n", "", indent = 2 * d));
    }
}

/// MLIR's JSON timing report of `lines`, laid out as `mlir-opt` 22 writes
/// it: in the list one entry per line; in the tree each entry opens a
/// `"passes"` list its nested steps go in, closed by an empty object.
fn json_timing(lines: &[PassTiming], total: Duration, layout: Layout) -> String {
    let mut s = String::from("[\n");
    let mut open: Vec<usize> = Vec::new();
    for step in lines {
        let entry = json_entry(&step.name, step.time, total);
        match layout {
            Layout::List => s.push_str(&format!("{entry}}},\n")),
            Layout::Tree => {
                close_json_entries(&mut s, &mut open, step.depth);
                let indent = 2 * step.depth;
                s.push_str(&format!("{:indent$}{entry}, \"passes\": [\n", ""));
                open.push(step.depth);
            }
        }
    }
    close_json_entries(&mut s, &mut open, 0);
    s.push_str(&json_entry("Total", total, total));
    s.push_str("}\n]\n");
    s
}

/// MLIR's pass statistics report: the pipeline tree, each pass with the
/// statistics it counted (added up over its runs).
pub fn statistics_report(steps: &[&PassTiming], layout: Layout) -> String {
    let mut s =
        format!("{RULE}\n                         ... Pass statistics report ...\n{RULE}\n");
    let mut lines = laid_out(steps, layout);
    if layout == Layout::List {
        lines.retain(|step| !step.statistics.0.is_empty());
        lines.sort_by(|a, b| a.name.cmp(&b.name));
    }
    for step in lines {
        let indent = "  ".repeat(step.depth);
        s.push_str(&format!("{indent}{}\n", step.name));
        for stat in &step.statistics.0 {
            s.push_str(&format!("{indent}  {}\n", statistic_line(stat)));
        }
    }
    s
}

fn nested_ops(ctx: &Context, op: OpId, anchor: &str) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in &ctx.op(op).regions {
        for &b in &ctx.region(r).blocks {
            out.extend(ctx.block_ops(b).filter(|&o| ctx.op_name(o) == anchor));
        }
    }
    out
}

/// A location as a diagnostic location (file, line, column when known).
pub fn loc_of_location(loc: &ir::Location) -> DiagLoc {
    match loc.file_line_col() {
        Some((f, l, c)) => DiagLoc::FileLineCol {
            file: f.to_string(),
            line: l,
            col: c,
        },
        None => DiagLoc::Unknown,
    }
}

/// Verify `op` and everything under it; the errors as diagnostics (the
/// first failure and its follow-ups, at the failing op).
pub fn verify(ctx: &Context, op: OpId, allow_unregistered: bool) -> Result<(), Vec<Diagnostic>> {
    ir::verifier::verify(ctx, op, allow_unregistered).map_err(|e| verify_diagnostics(ctx, e))
}

/// [`verify`], remembered: the pipeline's passes do not verify `op` again
/// until the IR changes ([`ir::verifier::verify_changed`]).
pub fn verify_changed(
    ctx: &mut Context,
    op: OpId,
    allow_unregistered: bool,
) -> Result<(), Vec<Diagnostic>> {
    ir::verifier::verify_changed(ctx, op, allow_unregistered)
        .map_err(|e| verify_diagnostics(ctx, e))
}

/// A verification failure as diagnostics.
fn verify_diagnostics(ctx: &Context, e: ir::verifier::VerifyError) -> Vec<Diagnostic> {
    let loc = loc_of_location(&e.loc);
    let mut first = Diagnostic::error(loc.clone(), e.message);
    first.notes = e
        .notes
        .into_iter()
        .map(|(at, n)| Diagnostic::new(diag::Severity::Note, loc_of_location(&at), n))
        .collect();
    std::iter::once(first)
        .chain(
            e.follow_up
                .into_iter()
                .map(|m| Diagnostic::error(loc.clone(), m)),
        )
        .map(|d| crate::op_error::with_current_op(ctx, e.op, d))
        .collect()
}

/// The diagnostic location of `op`.
pub fn loc_of(ctx: &Context, op: OpId) -> DiagLoc {
    loc_of_location(&ctx.op(op).loc)
}

/// Notes that point at where an op inlined or reified from a shape
/// function was written: a diagnostic at `callsite(A at B)` is reported at
/// the call `B`; the first note is at `A` and says the `what` is written
/// there, and calls in between (`callsite(callsite(A at B) at C)`) are
/// noted as "called from here".
pub fn origin_notes(ctx: &Context, op: OpId, what: &str) -> Vec<Diagnostic> {
    fn chain<'l>(loc: &'l ir::Location, out: &mut Vec<&'l ir::Location>) {
        match loc {
            ir::Location::CallSite(site) => {
                chain(&site.0, out);
                chain(&site.1, out);
            }
            other => out.push(other),
        }
    }
    let mut locations = Vec::new();
    chain(&ctx.op(op).loc, &mut locations);
    // Inlining a call that reification made repeats its site.
    let mut positions: Vec<DiagLoc> = locations.into_iter().map(loc_of_location).collect();
    positions.dedup();
    // The last is where the diagnostic itself is.
    positions.pop();
    positions
        .into_iter()
        .enumerate()
        .map(|(i, at)| {
            let message = match i {
                0 => format!("{what} is written here, in the shape function"),
                _ => "called from here".to_string(),
            };
            Diagnostic::new(diag::Severity::Note, at, message)
        })
        .collect()
}

/// The nodes of `elements`, nested under an op named `current` (when
/// known): a pass anchored on another op is an error at its name.
fn build(
    elements: &[Element],
    registry: &PassRegistry,
    current: Option<&str>,
) -> Result<Vec<Node>, PipelineError> {
    let mut nodes = Vec::new();
    for e in elements {
        match e {
            Element::Nest {
                anchor, elements, ..
            } => nodes.push(Node::Nest {
                anchor: anchor.clone(),
                nodes: build(elements, registry, Some(anchor))?,
            }),
            Element::Pass {
                name,
                options,
                offset,
            } => {
                let Some(info) = registry.get(name) else {
                    let hint = did_you_mean(name, registry.passes().iter().map(|p| p.name))
                        .map(|s| format!("; did you mean '{s}'?"))
                        .unwrap_or_default();
                    return Err(PipelineError {
                        offset: *offset,
                        message: format!("'{name}' does not refer to a registered pass{hint}"),
                    });
                };
                let PassInfo { build, anchor, .. } = *info;
                if let (Some(anchor), Some(current)) = (anchor, current) {
                    if anchor != current {
                        return Err(PipelineError {
                            offset: *offset,
                            message: format!(
                                "pass '{name}' runs on '{anchor}' ops, not on '{current}'; nest it: {current}({anchor}({name}))"
                            ),
                        });
                    }
                }
                let pass = build(options, registry).map_err(|message| PipelineError {
                    offset: *offset,
                    message,
                })?;
                nodes.push(Node::Pass(pass, anchor));
            }
        }
    }
    Ok(nodes)
}

/// Render a pipeline error as `<pipeline>:1:col: error:` with the pipeline
/// text and a caret under the offending character.
pub fn render_pipeline_error(text: &str, e: &PipelineError) -> String {
    format!(
        "<pipeline>:1:{}: error: {}\n{}\n{}^\n",
        e.offset + 1,
        e.message,
        text,
        " ".repeat(e.offset)
    )
}
