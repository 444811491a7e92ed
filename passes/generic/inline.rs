//! `inline`: inline function calls, as MLIR's inliner (`mlir-opt --inline`).
//!
//! Precondition: runs on an op holding symbol tables (normally the module).
//! A call is a `func.call` whose flat `@callee` names, in the nearest symbol
//! table, a `func.func` with a body.
//!
//! Postcondition: the functions with a body (`func.func`, `shape.func`) are
//! visited bottom-up over the strongly connected components of the call
//! graph (callees first, in LLVM's `scc_iterator` order, so `a → b → c`
//! inlines fully). In each component every inlinable call is replaced by a
//! copy of the callee's body: a single-block body goes where the call was,
//! its `func.return` operands replacing the call's results; a multi-block
//! body splits the caller's block after the call, each `func.return`
//! becoming a `cf.br` to the continuation block, whose arguments replace the
//! results. Calls in an inlined body are tried in turn; an inline history
//! keeps a function from being inlined into its own copy. Inlined ops and
//! block arguments get `callsite(callee at caller)` locations (none when the
//! call's location is unknown). A private (or `nested`, when all its uses
//! are in the IR) function whose last use was inlined, or that has no use
//! when its component is visited, is erased; public ones and declarations
//! stay. Before each round of inlining a component its functions are
//! simplified by `default-pipeline`; rounds repeat while calls get inlined,
//! at most `max-iterations` times.
//!
//! Declines (as MLIR does): calls whose callee is unresolved, nested
//! (`@lib::@f`) or a declaration; calls of a function that calls itself or
//! the caller (a longer cycle is unrolled a bounded number of times, as by
//! mlir-opt), or made from inside the callee; a multi-block callee where the
//! call's parent op has single-block regions (`scf.if`, `shape.assuming`)
//! and is not the same kind of op as the callee; `no_inline` calls and
//! callees; callees holding unregistered ops; calls in unregistered ops;
//! calls whose operand or result types differ from the callee's. Also
//! declined, as our verifier lets them through where mlir-opt's does not:
//! calls of a `shape.func`, and of a single block not ending in `return`;
//! and calls from or of a function that assumes strict symbolic shapes
//! (`shape_opt.strict_symbolic_shapes`, on it or a module around it): what
//! its broadcasts check depends on which values are its arguments.
//!
//! `default-pipeline` is `canonicalize` by default, as in mlir-opt; while
//! no `canonicalize` pass is registered that default simplifies nothing.
//! Any other pipeline of registered passes runs as given; an empty one
//! simplifies nothing (`--inline='default-pipeline='`).
//!
//! ```mlir
//! func.func private @double(%x: index) -> index {   // erased
//!   %0 = arith.addi %x, %x : index
//!   return %0 : index
//! }
//! func.func @f(%a: index) -> index {
//!   %0 = call @double(%a) : (index) -> index        // becomes
//!   return %0 : index                               //   %0 = arith.addi %a, %a : index
//! }
//! ```

pub use analysis::call_graph::body_blocks;
use analysis::call_graph::{
    is_call, referenced_nodes, symbol_tables, CallGraph, Edge, Symbols, EXTERNAL,
};
use analysis::symbols::is_private;
use diag::{DiagLoc, Diagnostic};
use ir::builder::InsertPoint;
use ir::{
    Attr, BlockId, Context, Location, OpId, OpKind, OperationState, RegionId, TypeKind, ValueId,
};
use pass::{NoInstrumentation, PassDecl, PassManager, PassRegistry, PassResult, Statistics};
use std::collections::{HashMap, HashSet};

/// mlir-opt's default simplification pipeline.
const DEFAULT_PIPELINE: &str = "canonicalize";
const DEFAULT_MAX_ITERATIONS: usize = 4;

pass::pass_options! {
    /// Options of `inline`, with mlir-opt's defaults.
    pub struct InlineOptions {
        /// The pipeline run on each function before it is inlined into.
        default_pipeline: String = DEFAULT_PIPELINE.to_string(), "default-pipeline";
        /// Rounds of simplify-then-inline per call-graph component.
        max_iterations: usize = DEFAULT_MAX_ITERATIONS, "max-iterations";
    }
}

pub struct Inline {
    max_iterations: usize,
    /// The simplification pipeline (`default-pipeline`), if it does anything.
    pipeline: Option<String>,
    /// The passes the pipeline may name: those of the registry the pass
    /// was built under.
    registry: PassRegistry,
}

/// The pipeline to simplify with: `None` when empty, and for `canonicalize`
/// while no such pass is registered.
fn simplification_pipeline(text: &str, registry: &PassRegistry) -> Result<Option<String>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    match PassManager::parse(text, registry) {
        Ok(_) => Ok(Some(text.to_string())),
        Err(_) if text.trim() == DEFAULT_PIPELINE => Ok(None),
        Err(e) => Err(format!("invalid default-pipeline '{text}': {}", e.message)),
    }
}

/// A function-local simplification run on a callable op.
pub type Simplify<'a> = &'a mut dyn FnMut(&mut Context, OpId) -> Result<(), Diagnostic>;

/// How [`inline_calls_with`] runs.
pub struct InlineConfig<'a> {
    /// Rounds of simplify-then-inline per call-graph component (at least one).
    pub max_iterations: usize,
    /// Run on each function of a component before each round (MLIR's
    /// `default-pipeline`); `None` inlines only.
    pub simplify: Option<Simplify<'a>>,
}

impl Default for InlineConfig<'_> {
    fn default() -> Self {
        InlineConfig {
            max_iterations: DEFAULT_MAX_ITERATIONS,
            simplify: None,
        }
    }
}

impl PassDecl for Inline {
    const NAME: &'static str = "inline";
    const SUMMARY: &'static str = "Inline function calls";
    type Options = InlineOptions;
    fn new(options: InlineOptions, registry: &PassRegistry) -> Result<Self, String> {
        Ok(Inline {
            max_iterations: options.max_iterations,
            pipeline: simplification_pipeline(&options.default_pipeline, registry)?,
            registry: registry.clone(),
        })
    }
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        let mut config = InlineConfig {
            max_iterations: self.max_iterations,
            simplify: None,
        };
        let mut manager = match &self.pipeline {
            Some(text) => Some(
                PassManager::parse(text, &self.registry)
                    .map_err(|e| Diagnostic::error(DiagLoc::Unknown, e.message))?,
            ),
            None => None,
        };
        let mut run_pipeline;
        if let Some(pm) = manager.as_mut() {
            // The pass manager running `inline` verifies the result; the
            // simplification of one function runs in place.
            pm.options.verify_each = false;
            pm.options.threads = 1;
            run_pipeline = |ctx: &mut Context, f: OpId| pm.run(ctx, f, &mut NoInstrumentation);
            config.simplify = Some(&mut run_pipeline);
        }
        inline_calls_with(ctx, op, config).map(|_| ())
    }
}

/// Inline the calls under `op` without simplification and with mlir-opt's
/// default iteration count; returns how many calls were inlined.
pub fn inline_calls(ctx: &mut Context, op: OpId) -> Result<usize, Diagnostic> {
    inline_calls_with(ctx, op, InlineConfig::default())
}

/// Inline the calls under `op` (see the module doc); returns how many calls
/// were inlined. Errors come from the simplification only.
pub fn inline_calls_with(
    ctx: &mut Context,
    op: OpId,
    mut config: InlineConfig,
) -> Result<usize, Diagnostic> {
    let mut symbols = Symbols::default();
    let graph = CallGraph::build(ctx, op, &mut symbols);
    let uses = UseList::new(ctx, op, &graph, &mut symbols);
    let mut inliner = Inliner {
        graph,
        symbols,
        uses,
        dead: Vec::new(),
        inlined: 0,
    };
    for component in inliner.graph.components() {
        let mut nodes: Vec<usize> = component.into_iter().filter(|&n| n != EXTERNAL).collect();
        if nodes.is_empty() {
            continue;
        }
        let mut rounds = 0;
        loop {
            inliner.simplify(ctx, &nodes, &mut config)?;
            if !inliner.inline_component(ctx, &mut nodes) {
                break;
            }
            rounds += 1;
            if rounds >= config.max_iterations {
                break;
            }
        }
    }
    for &n in &inliner.dead {
        if let Some(f) = inliner.graph.nodes[n].op {
            ctx.erase_op(f);
        }
    }
    Ok(inliner.inlined)
}

/// The references one node makes to discardable nodes.
#[derive(Default)]
struct User {
    /// Referenced from the callable op's own attributes (counted once).
    top: HashSet<usize>,
    /// Referenced from ops in its body, with counts.
    inner: HashMap<usize, i64>,
}

/// Symbol use counts of the private callables (MLIR's `CGUseList`): a
/// callable whose count drops to zero can be erased.
struct UseList {
    discardable: HashMap<usize, i64>,
    users: HashMap<usize, User>,
}

impl UseList {
    fn new(ctx: &Context, root: OpId, graph: &CallGraph, symbols: &mut Symbols) -> Self {
        let mut tables = Vec::new();
        symbol_tables(ctx, root, ctx.op(root).parent.is_none(), &mut tables);
        let mut discardable = HashMap::new();
        let mut always_live = HashSet::new();
        for (table, all_uses_visible) in tables {
            for b in body_blocks(ctx, table) {
                for o in ctx.block_ops(b) {
                    match graph.by_op.get(&o) {
                        Some(&n) => {
                            // Not public, and no use can hide outside the IR.
                            let visibility = ctx.attr(o, "sym_visibility").and_then(Attr::as_str);
                            if visibility.is_some_and(|v| v != "public")
                                && (all_uses_visible || is_private(ctx, o))
                            {
                                discardable.insert(n, 0);
                            }
                        }
                        None => referenced_nodes(ctx, graph, symbols, o, &mut |n, _| {
                            always_live.insert(n);
                        }),
                    }
                }
            }
        }
        discardable.retain(|n, _| !always_live.contains(n));
        let mut uses = UseList {
            discardable,
            users: HashMap::new(),
        };
        for n in 1..graph.nodes.len() {
            uses.recompute(ctx, graph, symbols, n);
        }
        uses
    }

    fn recompute(&mut self, ctx: &Context, graph: &CallGraph, symbols: &mut Symbols, node: usize) {
        let Some(op) = graph.nodes[node].op else {
            return;
        };
        if let Some(old) = self.users.remove(&node) {
            self.decrement(&old);
        }
        let mut user = User::default();
        let discardable = &mut self.discardable;
        referenced_nodes(ctx, graph, symbols, op, &mut |n, by| {
            let Some(count) = discardable.get_mut(&n) else {
                return;
            };
            if by != op {
                *user.inner.entry(n).or_default() += 1;
            } else if !user.top.insert(n) {
                return;
            }
            *count += 1;
        });
        self.users.insert(node, user);
    }

    fn decrement(&mut self, user: &User) {
        for &n in &user.top {
            *self.discardable.entry(n).or_default() -= 1;
        }
        for (&n, &c) in &user.inner {
            *self.discardable.entry(n).or_default() -= c;
        }
    }

    /// `call` (in `node`) is going away.
    fn drop_call(
        &mut self,
        ctx: &Context,
        graph: &CallGraph,
        symbols: &mut Symbols,
        node: usize,
        call: OpId,
    ) {
        let user = self.users.entry(node).or_default();
        let discardable = &mut self.discardable;
        referenced_nodes(ctx, graph, symbols, call, &mut |n, _| {
            if let Some(c) = user.inner.get_mut(&n) {
                *c -= 1;
                *discardable.entry(n).or_default() -= 1;
            }
        });
    }

    /// A copy of `callee`'s body now lives in `caller`.
    fn merge(&mut self, callee: usize, caller: usize) {
        let inner: Vec<(usize, i64)> = self
            .users
            .get(&callee)
            .map(|u| u.inner.iter().map(|(&n, &c)| (n, c)).collect())
            .unwrap_or_default();
        let user = self.users.entry(caller).or_default();
        for (n, c) in inner {
            *user.inner.entry(n).or_default() += c;
            *self.discardable.entry(n).or_default() += c;
        }
    }

    fn erase(&mut self, graph: &CallGraph, node: usize) {
        for &(child, kind) in &graph.nodes[node].edges {
            if kind == Edge::Child {
                self.erase(graph, child);
            }
        }
        if let Some(user) = self.users.remove(&node) {
            self.decrement(&user);
        }
        self.discardable.remove(&node);
    }

    fn count(&self, node: usize) -> Option<i64> {
        self.discardable.get(&node).copied()
    }
}

#[derive(Clone, Copy)]
struct ResolvedCall {
    call: OpId,
    /// The node the call is in, and the one it calls.
    source: usize,
    target: usize,
}

/// Append the calls among `blocks` (the ops of each, owned by `source`)
/// that resolve to a node, in MLIR's order (a stack of blocks); with
/// `nested`, also those inside callables nested in them.
fn collect_calls(
    ctx: &Context,
    graph: &CallGraph,
    symbols: &mut Symbols,
    blocks: Vec<Vec<OpId>>,
    source: usize,
    nested: bool,
    out: &mut Vec<ResolvedCall>,
) {
    let mut work: Vec<(Vec<OpId>, usize)> = blocks.into_iter().map(|b| (b, source)).collect();
    while let Some((ops, source)) = work.pop() {
        for op in ops {
            if is_call(ctx, op) {
                let flat = ctx.attr(op, "callee").and_then(Attr::as_symbol).is_some();
                if let Some(target) = graph.resolve(ctx, symbols, op).filter(|_| flat) {
                    out.push(ResolvedCall {
                        call: op,
                        source,
                        target,
                    });
                }
                continue;
            }
            let own = graph.by_op.get(&op).copied();
            if nested || own.is_none() {
                for &r in &ctx.op(op).regions {
                    for &b in &ctx.region(r).blocks {
                        work.push((ctx.block_ops(b).collect(), own.unwrap_or(source)));
                    }
                }
            }
        }
    }
}

/// The ops of each block.
fn block_contents(ctx: &Context, blocks: &[BlockId]) -> Vec<Vec<OpId>> {
    blocks.iter().map(|&b| ctx.block_ops(b).collect()).collect()
}

/// `callsite(callee at caller)`, appending `caller` at the end of a chain
/// of call sites already in `callee`.
fn stack_locations(callee: &Location, caller: &Location) -> Location {
    let mut chain = Vec::new();
    let mut last = callee;
    while let Location::CallSite(site) = last {
        chain.push(&site.0);
        last = &site.1;
    }
    let mut loc = Location::CallSite(Box::new((last.clone(), caller.clone())));
    for inner in chain.into_iter().rev() {
        loc = Location::CallSite(Box::new((inner.clone(), loc)));
    }
    loc
}

/// Give every op and block argument in `blocks` (nested ones included) a
/// call-site location at `caller`.
pub fn remap_locations(ctx: &mut Context, blocks: &[BlockId], caller: &Location) {
    let mut cache: HashMap<Location, Location> = HashMap::new();
    let mut remap = |loc: Location| {
        cache
            .entry(loc)
            .or_insert_with_key(|l| stack_locations(l, caller))
            .clone()
    };
    let mut ops = Vec::new();
    let mut block_list = blocks.to_vec();
    for &b in blocks {
        for o in ctx.block_ops(b) {
            ops.push(o);
            ctx.walk_nested(o, &mut |n| ops.push(n));
        }
    }
    for &o in &ops {
        let loc = remap(ctx.op(o).loc.clone());
        ctx.set_loc(o, loc);
        for &r in &ctx.op(o).regions {
            block_list.extend(&ctx.region(r).blocks);
        }
    }
    for b in block_list {
        for a in ctx.block(b).args.clone() {
            let loc = remap(ctx.arg_loc(a).cloned().unwrap_or_default());
            ctx.set_arg_loc(a, loc);
        }
    }
}

/// True if every op in `blocks`, nested ones included, is registered (MLIR
/// inlines only ops whose dialect has an inliner interface).
fn all_registered(ctx: &Context, blocks: &[BlockId]) -> bool {
    let mut ok = true;
    for &b in blocks {
        for o in ctx.block_ops(b) {
            ok &= ctx.op_def(o).is_some();
            ctx.walk_nested(o, &mut |n| ok &= ctx.op_def(n).is_some());
        }
    }
    ok
}

fn push_unique(list: &mut Vec<usize>, n: usize) {
    if !list.contains(&n) {
        list.push(n);
    }
}

struct Inliner {
    graph: CallGraph,
    symbols: Symbols,
    uses: UseList,
    /// Nodes to erase at the end, in the order they died.
    dead: Vec<usize>,
    inlined: usize,
}

impl Inliner {
    /// Run the simplification on the component's callables (not those with
    /// nested callables, as MLIR), then recount their uses.
    fn simplify(
        &mut self,
        ctx: &mut Context,
        nodes: &[usize],
        config: &mut InlineConfig,
    ) -> Result<(), Diagnostic> {
        let Some(simplify) = config.simplify.as_mut() else {
            return Ok(());
        };
        for &n in nodes {
            let node = &self.graph.nodes[n];
            let Some(op) = node.op else {
                continue;
            };
            if node.edges.iter().any(|&(_, k)| k == Edge::Child)
                || !ctx.op_def(op).is_some_and(|d| d.traits.isolated_from_above)
            {
                continue;
            }
            simplify(ctx, op)?;
            self.uses.recompute(ctx, &self.graph, &mut self.symbols, n);
        }
        Ok(())
    }

    /// One round over a component: inline what can be; true if anything was.
    fn inline_component(&mut self, ctx: &mut Context, nodes: &mut Vec<usize>) -> bool {
        let mut dead_here = Vec::new();
        let mut calls = Vec::new();
        for &n in nodes.iter() {
            if self.uses.count(n) == Some(0) {
                push_unique(&mut dead_here, n);
            } else if let Some(op) = self.graph.nodes[n].op {
                let blocks = block_contents(ctx, &body_blocks(ctx, op));
                collect_calls(
                    ctx,
                    &self.graph,
                    &mut self.symbols,
                    blocks,
                    n,
                    false,
                    &mut calls,
                );
            }
        }
        // Inline history: (callee, the entry it was inlined from); a call
        // brought in by inlining carries the entry of that inlining.
        let mut history: Vec<(usize, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut any = false;
        let mut i = 0;
        while let (Some(&c), Some(&from)) = (calls.get(i), call_history.get(i)) {
            i += 1;
            if dead_here.contains(&c.source)
                || in_history(c.target, from, &history)
                || !self.should_inline(ctx, c)
            {
                continue;
            }
            // MLIR moves the body of a callee at its last use; a copy and
            // erasing the callee come to the same.
            let last_use = self.uses.count(c.target) == Some(1);
            if !self.inline_call(ctx, c, &mut calls) {
                continue;
            }
            any = true;
            self.inlined += 1;
            call_history.resize(calls.len(), Some(history.len()));
            history.push((c.target, from));
            self.uses
                .drop_call(ctx, &self.graph, &mut self.symbols, c.source, c.call);
            self.uses.merge(c.target, c.source);
            ctx.erase_op(c.call);
            if last_use {
                self.uses.erase(&self.graph, c.target);
                push_unique(&mut dead_here, c.target);
            }
        }
        for n in dead_here {
            nodes.retain(|&x| x != n);
            push_unique(&mut self.dead, n);
        }
        any
    }

    /// MLIR's policy: no calls of a callee that calls itself or the caller,
    /// none from inside the callee, and a multi-block callee only where the
    /// call's region may hold several blocks.
    fn should_inline(&self, ctx: &Context, c: ResolvedCall) -> bool {
        let Some(callee) = self.graph.nodes[c.target].op else {
            return false;
        };
        if self.graph.nodes[c.target]
            .edges
            .iter()
            .any(|&(t, _)| t == c.target || t == c.source)
            || ctx.is_ancestor(callee, c.call)
            || [Some(callee), self.graph.nodes[c.source].op]
                .into_iter()
                .flatten()
                .any(|f| ir::dialect::func::strict_symbolic_shapes(ctx, f))
        {
            return false;
        }
        body_blocks(ctx, callee).len() < 2
            || ctx.parent_op(c.call).is_some_and(|p| {
                ctx.op_name(p) == ctx.op_name(callee)
                    || ctx.op_def(p).is_some_and(|d| !d.traits.single_block)
            })
    }

    /// What inlining `c` needs, if it is legal: a `func.func` callee with
    /// a body of registered ops, not marked `no_inline` (nor the call),
    /// whose types match the call's and whose single block ends in
    /// `func.return`, called in a registered op.
    fn inlinable(&self, ctx: &Context, c: ResolvedCall) -> Option<Inlinable> {
        let callee = self.graph.nodes[c.target].op?;
        let (Some(&body), Some(block), Some(parent)) = (
            ctx.op(callee).regions.first(),
            ctx.op(c.call).parent,
            ctx.parent_op(c.call),
        ) else {
            return None;
        };
        let blocks = ctx.region(body).blocks.clone();
        let &entry = blocks.first()?;
        let result_types = match ctx.attr(callee, "function_type").and_then(Attr::as_type) {
            Some(t) => match ctx.type_kind(t) {
                TypeKind::Function { results, .. } => results.clone(),
                _ => return None,
            },
            None => return None,
        };
        let operands = ctx.op(c.call).operands.to_vec();
        let results = ctx.op(c.call).results.to_vec();
        let types_match = operands.iter().map(|&v| ctx.value_type(v)).eq(ctx
            .block(entry)
            .args
            .iter()
            .map(|&a| ctx.value_type(a)))
            && results
                .iter()
                .map(|&v| ctx.value_type(v))
                .eq(result_types.iter().copied());
        // Our verifier does not check calls against their callee: a call of
        // a `shape.func` or a single block not ending in `func.return` is
        // declined here.
        let returns = blocks.len() > 1
            || ctx
                .block_terminator(entry)
                .is_some_and(|t| ctx.kind(t) == OpKind::FuncReturn);
        let legal = types_match
            && returns
            && ctx.kind(callee) == OpKind::FuncFunc
            && ctx.attr(c.call, "no_inline").is_none()
            && ctx.attr(callee, "no_inline").is_none()
            && ctx.op_def(parent).is_some()
            && all_registered(ctx, &blocks);
        legal.then_some(Inlinable {
            body,
            multi_block: blocks.len() > 1,
            block,
            operands,
            results,
        })
    }

    /// Inline one call if it is legal; calls in the inlined body are
    /// appended to `calls`.
    fn inline_call(
        &mut self,
        ctx: &mut Context,
        c: ResolvedCall,
        calls: &mut Vec<ResolvedCall>,
    ) -> bool {
        let Some(inlinable) = self.inlinable(ctx, c) else {
            return false;
        };
        // A multi-block body continues in the rest of the caller's block.
        let continuation = match inlinable.multi_block {
            false => None,
            true => match ctx.split_block_after(c.call) {
                Some(b) => Some(b),
                None => return false,
            },
        };
        let copy = ctx.create_region();
        ctx.clone_region_into(inlinable.body, copy, &mut HashMap::new());
        let new_blocks = ctx.region(copy).blocks.clone();
        let Some(&new_entry) = new_blocks.first() else {
            return false;
        };
        for (a, v) in ctx
            .block(new_entry)
            .args
            .clone()
            .into_iter()
            .zip(inlinable.operands)
        {
            ctx.replace_all_uses(a, v);
        }
        let loc = ctx.op(c.call).loc.clone();
        if loc != Location::Unknown {
            remap_locations(ctx, &new_blocks, &loc);
        }
        let results = inlinable.results;
        if let Some(continuation) = continuation {
            let into = (inlinable.block, continuation);
            splice_blocks(ctx, &new_blocks, into, results, &loc);
        } else if let Some(ret) = ctx.block_terminator(new_entry) {
            for (r, v) in results.into_iter().zip(ctx.op(ret).operands.to_vec()) {
                ctx.replace_all_uses(r, v);
            }
            ctx.erase_op(ret);
        }
        // The entry block's ops go where the call is; the call goes later.
        let placed = block_contents(ctx, &new_blocks);
        for &o in placed.first().into_iter().flatten() {
            ctx.insert_op_before(c.call, o);
        }
        // Calls in the inlined ops, now that they resolve from their place.
        let source = self.graph.enclosing(ctx, c.call).unwrap_or(c.source);
        collect_calls(
            ctx,
            &self.graph,
            &mut self.symbols,
            placed,
            source,
            true,
            calls,
        );
        true
    }
}

/// A call that may be inlined: its callee's body, whether that has
/// several blocks, the block holding the call, the call's operands and
/// results.
struct Inlinable {
    body: RegionId,
    multi_block: bool,
    block: BlockId,
    operands: Vec<ValueId>,
    results: Vec<ValueId>,
}

/// Splice the copied blocks `new_blocks` of a multi-block callee after
/// `block` (the call's), each `func.return` becoming a branch to
/// `continuation` (the rest of `block`), whose new arguments (at `loc`)
/// replace the call's `results`.
fn splice_blocks(
    ctx: &mut Context,
    new_blocks: &[BlockId],
    (block, continuation): (BlockId, BlockId),
    results: Vec<ValueId>,
    loc: &Location,
) {
    for r in results {
        let arg = ctx.add_block_arg(continuation, ctx.value_type(r), Some(loc.clone()));
        ctx.replace_all_uses(r, arg);
    }
    for &b in new_blocks {
        if let Some(ret) = ctx
            .block_terminator(b)
            .filter(|&t| ctx.kind(t) == OpKind::FuncReturn)
        {
            let mut br = OperationState::new(OpKind::CfBr, ctx.op(ret).loc.clone());
            br.operands = ctx.op(ret).operands.clone();
            br.successors.push(continuation);
            InsertPoint::Before(ret).insert(ctx, br);
            ctx.erase_op(ret);
        }
    }
    let mut after = block;
    for &b in new_blocks.iter().skip(1) {
        ctx.insert_block_after(after, b);
        after = b;
    }
}

/// True if `node` is on the inline history chain starting at `entry`.
fn in_history(node: usize, mut entry: Option<usize>, history: &[(usize, Option<usize>)]) -> bool {
    while let Some(&(n, from)) = entry.and_then(|i| history.get(i)) {
        if n == node {
            return true;
        }
        entry = from;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inline(text: &str) -> (usize, String) {
        let mut ctx = Context::new();
        let (m, d) =
            syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
        let m = m.unwrap_or_else(|| panic!("{d:?}"));
        let n = inline_calls(&mut ctx, m).unwrap_or_else(|e| panic!("{e:?}"));
        (n, ir::printer::print_op(&ctx, m, Default::default()))
    }

    #[test]
    fn inlines_a_chain_bottom_up_and_erases_private_callees() {
        let (n, out) = inline(
            "func.func private @c(%x: index) -> index {\n  %0 = arith.addi %x, %x : index\n  return %0 : index\n}\nfunc.func private @b(%x: index) -> index {\n  %0 = call @c(%x) : (index) -> index\n  return %0 : index\n}\nfunc.func @a(%x: index) -> index {\n  %0 = call @b(%x) : (index) -> index\n  return %0 : index\n}\n",
        );
        assert_eq!(n, 2);
        assert_eq!(
            out,
            "module {\n  func.func @a(%arg0: index) -> index {\n    %0 = arith.addi %arg0, %arg0 : index\n    return %0 : index\n  }\n}\n"
        );
    }

    #[test]
    fn multi_block_callee_branches_to_a_continuation() {
        let (n, out) = inline(
            "func.func private @pick(%c: i1, %x: index) -> index {\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  return %x : index\n^bb2:\n  %0 = arith.addi %x, %x : index\n  return %0 : index\n}\nfunc.func @f(%c: i1, %x: index) -> index {\n  %0 = call @pick(%c, %x) : (i1, index) -> index\n  %1 = arith.muli %0, %0 : index\n  return %1 : index\n}\n",
        );
        assert_eq!(n, 1);
        assert_eq!(
            out,
            "module {\n  func.func @f(%arg0: i1, %arg1: index) -> index {\n    cf.cond_br %arg0, ^bb1, ^bb2\n  ^bb1:  // pred: ^bb0\n    cf.br ^bb3(%arg1 : index)\n  ^bb2:  // pred: ^bb0\n    %0 = arith.addi %arg1, %arg1 : index\n    cf.br ^bb3(%0 : index)\n  ^bb3(%1: index):  // 2 preds: ^bb1, ^bb2\n    %2 = arith.muli %1, %1 : index\n    return %2 : index\n  }\n}\n"
        );
    }

    #[test]
    fn call_site_locations_stack() {
        let inner = Location::CallSite(Box::new((Location::Unknown, Location::Unknown)));
        let caller = Location::Name(Box::new(("c".into(), None)));
        assert_eq!(
            stack_locations(&inner, &caller),
            Location::CallSite(Box::new((
                Location::Unknown,
                Location::CallSite(Box::new((Location::Unknown, caller.clone())))
            )))
        );
    }

    #[test]
    fn options_are_checked_and_the_pipeline_may_name_any_registered_pass() {
        let registry = crate::registry();
        let build = |key: &str, value: &str| {
            pass::PassOptions::parse("inline", &[(key.into(), value.into())])
                .and_then(|options| Inline::new(options, &registry))
        };
        assert!(build("max-iterations", "x").is_err());
        let e = build("max-iteration", "1").err().unwrap();
        assert!(e.ends_with("did you mean 'max-iterations'?"), "{e}");
        assert!(build("default-pipeline", "nope").is_err());
        let pass = build("default-pipeline", "cse");
        assert!(pass.is_ok_and(|p| p.pipeline.as_deref() == Some("cse")));
        let pass = build("default-pipeline", "hoist-constraints");
        assert!(pass.is_ok_and(|p| p.pipeline.as_deref() == Some("hoist-constraints")));
    }
}
