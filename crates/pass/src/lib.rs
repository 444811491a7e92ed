//! The pass infrastructure: the pass trait and how a pass is declared,
//! the registry, MLIR's textual pipelines, the pass manager, stages and
//! their legality, and the split lowering. The passes themselves live in
//! the `passes` crate, one file each, listed in its one table.
//!
//! A [`Pass`] transforms the IR under one op; a pass is declared once with
//! [`PassDecl`]. A [`PassRegistry`] knows every pass by its flag name.
//! A [`PassManager`] runs a textual pipeline
//! (`builtin.module(func.func(cse),symbol-dce)`): nested pipelines run on
//! the ops of their anchor name found directly in the regions of the current
//! op; the verifier runs after every pass unless turned off; instrumentation
//! hooks see the IR before and after each pass, and per-pass wall times are
//! recorded.

pub mod declare;
pub mod events;
pub mod manager;
pub mod op_error;
pub mod pipeline;
pub mod split_lowering;
pub mod stage;
pub mod stage_pipeline;

pub use declare::{
    info, Limit, NoOptions, OptionInfo, OptionValue, PassDecl, PassOptions, PassResult,
};
use diag::Diagnostic;
pub use fold::effect_free;
use ir::{Context, OpId};
pub use manager::{
    loc_of, loc_of_location, origin_notes, render_pipeline_error, statistics_report, timing_report,
    verify, verify_changed, Both, Instrumentation, NoInstrumentation, PassManager, PassTiming,
    RunOptions, Shared,
};
pub use op_error::{error_at, internal_error_at};

/// A transformation of the IR under one op.
pub trait Pass: Send + Sync {
    /// The flag name (`symbol-dce`).
    fn name(&self) -> &'static str;
    /// Run on `op` (an op of the pass's anchor), counting what was done in
    /// `statistics` (MLIR's pass statistics).
    fn run_counted(
        &self,
        ctx: &mut Context,
        op: OpId,
        statistics: &mut Statistics,
    ) -> Result<(), Diagnostic>;
}

/// How a statistic combines over the runs of a pass (one per function).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Sum,
    Max,
}

/// One named count a pass reports (`--mlir-pass-statistics`, and under
/// the pass in `--mlir-timing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistic {
    pub name: &'static str,
    pub description: &'static str,
    pub value: u64,
    pub combine: Combine,
}

/// The statistics of one pass, in the order first reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statistics(pub Vec<Statistic>);

impl Statistics {
    /// Add `value` to the counter `name`.
    pub fn add(&mut self, name: &'static str, description: &'static str, value: u64) {
        self.record(name, description, value, Combine::Sum);
    }

    /// Raise the counter `name` to at least `value`.
    pub fn max(&mut self, name: &'static str, description: &'static str, value: u64) {
        self.record(name, description, value, Combine::Max);
    }

    fn record(
        &mut self,
        name: &'static str,
        description: &'static str,
        value: u64,
        combine: Combine,
    ) {
        self.merge(&Statistics(vec![Statistic {
            name,
            description,
            value,
            combine,
        }]));
    }

    /// Combine another run's statistics into these.
    pub fn merge(&mut self, other: &Statistics) {
        for s in &other.0 {
            match self.0.iter_mut().find(|t| t.name == s.name) {
                Some(t) => {
                    t.value = match t.combine {
                        Combine::Sum => t.value.saturating_add(s.value),
                        Combine::Max => t.value.max(s.value),
                    }
                }
                None => self.0.push(s.clone()),
            }
        }
    }
}

/// Builds a pass from its `{key=value}` options, under the registry the
/// pipeline is parsed with.
pub type PassBuilder = fn(&[(String, String)], &PassRegistry) -> Result<Box<dyn Pass>, String>;

/// What the registry knows of a pass.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub name: &'static str,
    pub summary: &'static str,
    /// The op the pass runs on; `None` runs on any op.
    pub anchor: Option<&'static str>,
    /// Its options, with types and defaults.
    pub options: fn() -> Vec<OptionInfo>,
    pub build: PassBuilder,
}

/// Every pass by name.
#[derive(Clone, Default)]
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl PassRegistry {
    /// The registry of the passes `table` lists.
    pub fn from_table(table: impl IntoIterator<Item = PassInfo>) -> Self {
        let mut r = PassRegistry::default();
        for info in table {
            r.register(info);
        }
        r
    }
    /// Add `info`, replacing a pass of the same name.
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

pub use ir::dialect::is_function;

/// The functions ([`is_function`]) under `op`, and `op` itself if it is
/// one, in program order.
pub fn functions_under(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    if is_function(ctx, op) {
        out.push(op);
    }
    ctx.walk_nested(op, &mut |o| {
        if is_function(ctx, o) {
            out.push(o);
        }
    });
    out
}

/// The `tracing` target of remarks.
pub const REMARK_TARGET: &str = "remark";

/// The `tracing` target of the constraint pictures `canonicalize-constraints`
/// sends (`shape-opt --dump-constraint-graph` writes them to files).
pub const CONSTRAINT_GRAPH_TARGET: &str = "constraint_graph";

/// Send a remark about `op` (a fact a pass established, and why): a
/// `tracing` event on [`REMARK_TARGET`] with the op's `file`, `line` and
/// `col`. `shape-opt --remarks` prints them MLIR-style, and
/// `--verify-diagnostics` checks them against `expected-remark`s.
pub fn remark(ctx: &Context, op: OpId, message: std::fmt::Arguments) {
    let (file, line, col) = ctx.op(op).loc.file_line_col().map_or_else(
        || ("?".to_string(), 0, 0),
        |(f, l, c)| (f.to_string(), l, c),
    );
    tracing::info!(target: REMARK_TARGET, file, line, col, "{message}");
}

/// Whether remarks are wanted (`--remarks`): a pass may skip the work of
/// explaining what it proved when nobody reads it.
pub fn remarks_enabled() -> bool {
    tracing::enabled!(target: REMARK_TARGET, tracing::Level::INFO)
}

/// True if `op` gives its results on every input of a constrained or
/// asserting shape function and has no effect, so it may run before any
/// check: its definition says so ([`ir::op_def::Traits::defined_everywhere`]:
/// constants, `arith` integer ops other than division, `shape_of`, `rank`,
/// `concat`, `num_elements`, `any`, `shape_eq`, `is_broadcastable`,
/// `tensor.from_elements`). `split_at`, `get_extent`, `broadcast`, divisions
/// and element reads are undefined on some inputs; ops with regions are
/// not considered.
pub fn defined_everywhere(ctx: &Context, op: OpId) -> bool {
    ctx.op(op).regions.is_empty() && ctx.op_def(op).is_some_and(|d| d.traits.defined_everywhere)
}

/// True if `op` may be erased: nothing uses its results, and it has no
/// effect ([`effect_free`]) or only reads memory or allocates memory its
/// unused results refer to (`memref.load`, `memref.alloc`), as MLIR's
/// `isOpTriviallyDead` decides.
pub fn trivially_dead(ctx: &Context, op: OpId) -> bool {
    let data = ctx.op(op);
    let Some(def) = ctx.op_def(op) else {
        return false;
    };
    // Uses first: most ops have some, and effects may walk nested regions.
    !def.traits.terminator
        && data.results.iter().all(|&v| !ctx.has_uses(v))
        && (effect_free(ctx, op)
            || (data.regions.is_empty() && def.traits.memory.erasable_when_unused()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_add_up_or_keep_the_largest_over_runs() {
        let run = |nodes, kept| {
            let mut s = Statistics::default();
            s.add("kept", "kept", kept);
            s.max("nodes", "nodes", nodes);
            s
        };
        let mut total = run(7, 2);
        total.merge(&run(3, 5));
        total.merge(&run(9, 0));
        let values: Vec<(&str, u64)> = total.0.iter().map(|s| (s.name, s.value)).collect();
        assert_eq!(values, [("kept", 7), ("nodes", 9)]);
        let step = |depth, name: &str| PassTiming {
            name: name.into(),
            depth,
            time: std::time::Duration::ZERO,
            statistics: total.clone(),
        };
        let (outer, inner) = (step(0, "'func.func' Pipeline"), step(1, "p"));
        let report = statistics_report(&[&outer, &inner, &inner], manager::Layout::Tree);
        assert!(
            report.contains("\n  p\n    (S) 14 kept - kept\n    (S) 9 nodes - nodes\n"),
            "{report}"
        );
        let list = statistics_report(&[&outer, &inner, &inner], manager::Layout::List);
        assert!(
            list.ends_with("\np\n  (S) 14 kept - kept\n  (S) 9 nodes - nodes\n"),
            "{list}"
        );
    }

    #[test]
    fn these_ops_are_defined_everywhere() {
        let registry = ir::op_def::registry();
        let mut names: Vec<&str> = registry
            .names()
            .filter(|n| registry.get(n).is_some_and(|d| d.traits.defined_everywhere))
            .collect();
        names.sort_unstable();
        let mut expected = vec![
            "shape.shape_of",
            "shape.rank",
            "shape.concat",
            "shape.num_elements",
            "shape.any",
            "shape.shape_eq",
            "shape.is_broadcastable",
            "shape.const_shape",
            "shape.const_size",
            "tensor.from_elements",
            "arith.constant",
            "arith.addi",
            "arith.subi",
            "arith.muli",
            "arith.cmpi",
            "arith.andi",
            "arith.ori",
            "arith.xori",
            "arith.select",
            "arith.maxsi",
            "arith.minsi",
            "arith.maxui",
            "arith.minui",
            "arith.index_cast",
        ];
        expected.sort_unstable();
        assert_eq!(names, expected);
    }

    /// Does nothing, on any op.
    struct Nothing;
    impl PassDecl for Nothing {
        const NAME: &'static str = "do-nothing";
        const SUMMARY: &'static str = "Do nothing";
        crate::no_options!();
        fn apply(&self, _: &mut Context, _: OpId, _: &mut Statistics) -> PassResult {
            Ok(())
        }
    }

    /// Marks each function it runs on with `visited`.
    struct Mark;
    impl PassDecl for Mark {
        const NAME: &'static str = "mark";
        const SUMMARY: &'static str = "Mark functions";
        const ANCHOR: Option<ir::OpKind> = Some(ir::OpKind::FuncFunc);
        crate::no_options!();
        fn apply(&self, ctx: &mut Context, op: OpId, _: &mut Statistics) -> PassResult {
            ctx.set_discardable_attr(op, "visited", ir::Attr::Unit);
            Ok(())
        }
    }

    fn registry() -> PassRegistry {
        PassRegistry::from_table([info::<Nothing>(), info::<Mark>()])
    }

    #[test]
    fn unknown_passes_and_options_get_a_suggestion() {
        let r = registry();
        let e = PassManager::parse("builtin.module(do-nothin)", &r)
            .err()
            .unwrap();
        assert_eq!(e.offset, 15);
        assert!(
            e.message.contains("did you mean 'do-nothing'"),
            "{}",
            e.message
        );
        let rendered = render_pipeline_error("builtin.module(do-nothin)", &e);
        assert!(rendered.starts_with("<pipeline>:1:16: error:"));
        let e = PassManager::parse("builtin.module(do-nothing{x=1})", &r)
            .err()
            .unwrap();
        assert!(
            e.message.contains("pass 'do-nothing' has no option 'x'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn anchored_passes_run_only_on_their_op() {
        let r = registry();
        let e = PassManager::parse("builtin.module(do-nothing,mark)", &r)
            .err()
            .unwrap();
        assert_eq!(e.offset, 26);
        assert!(e
            .message
            .contains("nest it: builtin.module(func.func(mark))"));
        let mut ctx = Context::new();
        let text = "func.func @f() {\n  return\n}\n";
        let (module, _) =
            syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
        let module = module.unwrap();
        let mut pm = PassManager::parse("builtin.module(func.func(mark))", &r).unwrap();
        pm.run(&mut ctx, module, &mut NoInstrumentation).unwrap();
        let printed = ir::printer::print_op(&ctx, module, Default::default());
        assert!(
            printed.contains("func.func @f() attributes {visited}"),
            "{printed}"
        );
        // Without a root anchor the mismatch shows when the pass would run.
        let mut pm = PassManager::parse("mark", &r).unwrap();
        let e = pm
            .run(&mut ctx, module, &mut NoInstrumentation)
            .unwrap_err();
        assert!(e
            .message
            .contains("runs on 'func.func' ops, not on 'builtin.module'"));
    }
}
