//! Passes and the pass manager.
//!
//! A [`Pass`] transforms the IR under one op. A [`PassRegistry`] knows every
//! pass by its flag name (each passes crate registers its own, explicitly).
//! A [`PassManager`] runs a textual pipeline
//! (`builtin.module(func.func(cse),symbol-dce)`): nested pipelines run on
//! the ops of their anchor name found directly in the regions of the current
//! op; the verifier runs after every pass unless turned off; instrumentation
//! hooks see the IR before and after each pass, and per-pass wall times are
//! recorded.

pub mod cse;
pub mod inline;
pub mod pipeline;
pub mod remove_shape_constraints;
pub mod shape_to_shape_lowering;
pub mod symbol_dce;

use diag::{DiagLoc, Diagnostic};
use ir::{Context, OpId};
use pipeline::{did_you_mean, parse_pipeline, Element, PipelineError};
use std::time::{Duration, Instant};

/// A transformation of the IR under one op.
pub trait Pass: Send + Sync {
    /// The flag name (`symbol-dce`).
    fn name(&self) -> &'static str;
    /// Run on `op` (an op of the pass's anchor).
    fn run(&self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic>;
}

/// Builds a pass from its `{key=value}` options.
pub type PassBuilder = fn(&[(String, String)]) -> Result<Box<dyn Pass>, String>;

/// What the registry knows of a pass.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub name: &'static str,
    pub summary: &'static str,
    /// The op the pass runs on; `None` runs on any op.
    pub anchor: Option<&'static str>,
    pub build: PassBuilder,
}

/// Every pass by name.
#[derive(Default)]
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl PassRegistry {
    /// The registry of the passes every stage uses.
    pub fn with_generic_passes() -> Self {
        let mut r = PassRegistry::default();
        cse::register(&mut r);
        inline::register(&mut r);
        remove_shape_constraints::register(&mut r);
        shape_to_shape_lowering::register(&mut r);
        symbol_dce::register(&mut r);
        r
    }
    pub fn register(&mut self, info: PassInfo) {
        self.passes.retain(|p| p.name != info.name);
        self.passes.push(info);
        self.passes.sort_by_key(|p| p.name);
    }
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.name == name)
    }
    /// All passes, sorted by name.
    pub fn passes(&self) -> &[PassInfo] {
        &self.passes
    }
}

/// Reject options a pass does not take.
pub fn no_options(name: &str, options: &[(String, String)]) -> Result<(), String> {
    match options.first() {
        None => Ok(()),
        Some((k, _)) => Err(format!("pass '{name}' has no option '{k}'")),
    }
}

/// True if `op` has no effect beyond its results: a pure op, or a
/// registered op with regions (`scf.for`, `scf.if`) whose nested ops are
/// all pure.
pub fn effect_free(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.op_def(op) else {
        return false;
    };
    if def.traits.isolated_from_above || def.traits.symbol_table {
        return false;
    }
    if ctx.op(op).regions.is_empty() {
        return def.traits.pure;
    }
    let mut free = true;
    ctx.walk_nested(op, &mut |o| {
        free &= ctx.op_def(o).is_some_and(|d| d.traits.pure)
    });
    free
}

pub fn trivially_dead(ctx: &Context, op: OpId) -> bool {
    let data = ctx.op(op);
    !ctx.op_def(op).is_some_and(|d| d.traits.terminator)
        && data.results.iter().all(|&v| !ctx.has_uses(v))
        && effect_free(ctx, op)
}

/// Erase the trivially dead ops under `op`, repeating until none is left
/// (what MLIR's greedy rewrite driver does after its patterns); returns how
/// many went.
pub fn erase_dead_ops(ctx: &mut Context, op: OpId) -> usize {
    let mut erased = 0;
    loop {
        let mut dead = Vec::new();
        ctx.walk_nested(op, &mut |o| {
            if trivially_dead(ctx, o) {
                dead.push(o);
            }
        });
        // Erase users before what they use (later ops first).
        let before = erased;
        for &o in dead.iter().rev() {
            if ctx.op(o).parent.is_some() && trivially_dead(ctx, o) {
                ctx.erase_op(o);
                erased += 1;
            }
        }
        if erased == before {
            return erased;
        }
    }
}

enum Node {
    Nest { anchor: String, nodes: Vec<Node> },
    Pass(Box<dyn Pass>),
}

/// Hooks around each pass run (IR printing, dumps).
pub trait Instrumentation {
    fn before(&mut self, _pass: &str, _ctx: &Context, _op: OpId) {}
    fn after(&mut self, _pass: &str, _ctx: &Context, _op: OpId) {}
}

/// Wall time of one pass run.
#[derive(Clone, Debug)]
pub struct PassTiming {
    pub pass: &'static str,
    /// Nesting depth in the pipeline (for the timing tree).
    pub depth: usize,
    pub time: Duration,
}

/// Runs a pipeline.
pub struct PassManager {
    nodes: Vec<Node>,
    root_anchor: Option<String>,
    /// Verify after every pass (`--verify-each`, on by default).
    pub verify_each: bool,
    pub allow_unregistered: bool,
    pub timings: Vec<PassTiming>,
}

impl PassManager {
    /// Build from a textual pipeline; errors point into `text`.
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<Self, PipelineError> {
        let elements = parse_pipeline(text)?;
        let mut root_anchor = None;
        let elements = match elements.as_slice() {
            [Element::Nest {
                anchor, elements, ..
            }] if anchor == "builtin.module" => {
                root_anchor = Some(anchor.clone());
                elements.clone()
            }
            _ => elements,
        };
        let nodes = build(&elements, registry)?;
        Ok(PassManager {
            nodes,
            root_anchor,
            verify_each: true,
            allow_unregistered: false,
            timings: Vec::new(),
        })
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
        let nodes = std::mem::take(&mut self.nodes);
        let result = self.run_nodes(&nodes, ctx, root, 0, instrument);
        self.nodes = nodes;
        result
    }

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
                    for target in nested_ops(ctx, op, anchor) {
                        self.run_nodes(nodes, ctx, target, depth + 1, instrument)?;
                    }
                }
                Node::Pass(pass) => {
                    instrument.before(pass.name(), ctx, op);
                    let start = Instant::now();
                    pass.run(ctx, op)?;
                    self.timings.push(PassTiming {
                        pass: pass.name(),
                        depth,
                        time: start.elapsed(),
                    });
                    if self.verify_each {
                        ir::verifier::verify(ctx, op, self.allow_unregistered).map_err(|e| {
                            Diagnostic::error(
                                loc_of_location(&e.loc),
                                format!("{} (after pass '{}')", e.message, pass.name()),
                            )
                        })?;
                    }
                    instrument.after(pass.name(), ctx, op);
                }
            }
        }
        Ok(())
    }

    /// The timing report: one line per pass run, indented by nesting, with
    /// the total, like `mlir-opt --mlir-timing`.
    pub fn timing_report(&self) -> String {
        let total: Duration = self.timings.iter().map(|t| t.time).sum();
        let mut s = String::from(
            "===-------------------------------------------------------------------------===\n                         ... Execution time report ...\n===-------------------------------------------------------------------------===\n  Total Execution Time\n\n  ----Wall Time----  ----Name----\n",
        );
        let mut merged: Vec<(usize, &'static str, Duration)> = Vec::new();
        for t in &self.timings {
            match merged
                .iter_mut()
                .find(|(d, p, _)| *d == t.depth && *p == t.pass)
            {
                Some(m) => m.2 += t.time,
                None => merged.push((t.depth, t.pass, t.time)),
            }
        }
        for (depth, pass, time) in merged {
            let pct = if total.is_zero() {
                0.0
            } else {
                100.0 * time.as_secs_f64() / total.as_secs_f64()
            };
            s.push_str(&format!(
                "  {:>8.4} ({:>5.1}%)  {}{}\n",
                time.as_secs_f64(),
                pct,
                "  ".repeat(depth),
                pass
            ));
        }
        s.push_str(&format!("  {:>8.4} (100.0%)  Total\n", total.as_secs_f64()));
        s
    }
}

/// Ops named `anchor` directly in the regions of `op`.
fn nested_ops(ctx: &Context, op: OpId, anchor: &str) -> Vec<OpId> {
    let mut out = Vec::new();
    for &r in &ctx.op(op).regions {
        for &b in &ctx.region(r).blocks {
            out.extend(ctx.block_ops(b).filter(|&o| ctx.op_name(o) == anchor));
        }
    }
    out
}

fn loc_of_location(loc: &ir::Location) -> DiagLoc {
    match loc.file_line_col() {
        Some((f, l, c)) => DiagLoc::FileLineCol {
            file: f.to_string(),
            line: l,
            col: c,
        },
        None => DiagLoc::Unknown,
    }
}

fn loc_of(ctx: &Context, op: OpId) -> DiagLoc {
    loc_of_location(&ctx.op(op).loc)
}

fn build(elements: &[Element], registry: &PassRegistry) -> Result<Vec<Node>, PipelineError> {
    let mut nodes = Vec::new();
    for e in elements {
        match e {
            Element::Nest {
                anchor, elements, ..
            } => nodes.push(Node::Nest {
                anchor: anchor.clone(),
                nodes: build(elements, registry)?,
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
                let pass = (info.build)(options).map_err(|message| PipelineError {
                    offset: *offset,
                    message,
                })?;
                nodes.push(Node::Pass(pass));
            }
        }
    }
    Ok(nodes)
}

/// Render a pipeline error as `file:1:col: error:` with the pipeline text and a caret.
pub fn render_pipeline_error(text: &str, e: &PipelineError) -> String {
    format!(
        "<pipeline>:1:{}: error: {}\n{}\n{}^\n",
        e.offset + 1,
        e.message,
        text,
        " ".repeat(e.offset)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_passes_get_a_suggestion() {
        let r = PassRegistry::with_generic_passes();
        let e = PassManager::parse("builtin.module(symbol-dec)", &r)
            .err()
            .unwrap();
        assert_eq!(e.offset, 15);
        assert!(
            e.message.contains("did you mean 'symbol-dce'"),
            "{}",
            e.message
        );
        let rendered = render_pipeline_error("builtin.module(symbol-dec)", &e);
        assert!(rendered.starts_with("<pipeline>:1:16: error:"));
    }
}
