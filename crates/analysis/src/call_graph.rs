//! MLIR's call graph and symbol lookups, as the inliner asks them: the
//! callables with bodies and the calls between them (built once; inlining
//! does not update the edges, as in MLIR), symbol tables filled as lookups
//! need them, and the symbol uses and tables under an op.

use crate::symbols::{is_private, symbol_name, symbol_refs};
use ir::{Attr, BlockId, Context, OpId, OpKind};
use std::collections::HashMap;

pub fn is_call(ctx: &Context, op: OpId) -> bool {
    ctx.kind(op) == OpKind::FuncCall
}

pub fn is_symbol_table(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.symbol_table)
}

/// The blocks of `op`'s first region (a callable's body).
pub fn body_blocks(ctx: &Context, op: OpId) -> Vec<BlockId> {
    ctx.op(op)
        .regions
        .first()
        .map(|&r| ctx.region(r).blocks.clone())
        .unwrap_or_default()
}

/// Symbol tables by op, filled as lookups need them (MLIR's
/// `SymbolTableCollection`). Inlining adds no symbols and erases none
/// before the end, so the tables stay valid.
#[derive(Default)]
pub struct Symbols {
    pub tables: HashMap<OpId, HashMap<String, OpId>>,
}

impl Symbols {
    pub fn lookup_in(&mut self, ctx: &Context, table: OpId, name: &str) -> Option<OpId> {
        let entries = self.tables.entry(table).or_insert_with(|| {
            let mut entries = HashMap::new();
            for b in body_blocks(ctx, table) {
                for o in ctx.block_ops(b) {
                    if let Some(name) = symbol_name(ctx, o) {
                        entries.entry(name).or_insert(o);
                    }
                }
            }
            entries
        });
        entries.get(name).copied()
    }

    /// `@root::@nested...` looked up from the nearest symbol table around
    /// `from` (`from` included), and only there, as MLIR does.
    pub fn lookup(
        &mut self,
        ctx: &Context,
        from: OpId,
        root: &str,
        nested: &[String],
    ) -> Option<OpId> {
        let mut table = Some(from);
        while let Some(t) = table.filter(|&t| !is_symbol_table(ctx, t)) {
            table = ctx.parent_op(t);
        }
        let mut found = self.lookup_in(ctx, table?, root)?;
        for name in nested {
            if !is_symbol_table(ctx, found) {
                return None;
            }
            found = self.lookup_in(ctx, found, name)?;
        }
        Some(found)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// From the external node to a top-level callable.
    Abstract,
    Call,
    /// From a callable to a callable nested in its body.
    Child,
}

/// A call-graph node: a callable with a body, or (`op: None`) the external
/// caller, which has an edge to every top-level callable.
pub struct Node {
    pub op: Option<OpId>,
    /// In insertion order, without duplicates (LLVM's `SetVector`).
    pub edges: Vec<(usize, Edge)>,
}

pub const EXTERNAL: usize = 0;

/// MLIR's `CallGraph`, built once: edges are not updated by inlining (as in
/// MLIR, whose recursion checks read the original edges). Calls that do not
/// resolve to a node get no edge (MLIR's unknown-callee node is a leaf that
/// changes neither the components' order nor any decision).
pub struct CallGraph {
    pub nodes: Vec<Node>,
    pub by_op: HashMap<OpId, usize>,
}

impl CallGraph {
    pub fn build(ctx: &Context, root: OpId, symbols: &mut Symbols) -> Self {
        let mut graph = CallGraph {
            nodes: vec![Node {
                op: None,
                edges: Vec::new(),
            }],
            by_op: HashMap::new(),
        };
        // Nodes first, so that calls can refer to callables defined later.
        graph.visit(ctx, symbols, root, None, false);
        graph.visit(ctx, symbols, root, None, true);
        graph
    }

    pub fn visit(
        &mut self,
        ctx: &Context,
        symbols: &mut Symbols,
        op: OpId,
        mut parent: Option<usize>,
        resolve: bool,
    ) {
        if is_call(ctx, op) {
            if let (true, Some(p)) = (resolve, parent) {
                if let Some(target) = self.resolve(ctx, symbols, op) {
                    self.add_edge(p, target, Edge::Call);
                }
            }
            return;
        }
        if ir::dialect::is_function(ctx, op) {
            if body_blocks(ctx, op).is_empty() {
                return;
            }
            parent = Some(self.node_for(op, parent));
        }
        for &r in &ctx.op(op).regions {
            for &b in &ctx.region(r).blocks {
                for nested in ctx.block_ops(b) {
                    self.visit(ctx, symbols, nested, parent, resolve);
                }
            }
        }
    }

    pub fn node_for(&mut self, op: OpId, parent: Option<usize>) -> usize {
        if let Some(&n) = self.by_op.get(&op) {
            return n;
        }
        let n = self.nodes.len();
        self.nodes.push(Node {
            op: Some(op),
            edges: Vec::new(),
        });
        self.by_op.insert(op, n);
        match parent {
            Some(p) => self.add_edge(p, n, Edge::Child),
            None => self.add_edge(EXTERNAL, n, Edge::Abstract),
        }
        n
    }

    pub fn add_edge(&mut self, from: usize, to: usize, kind: Edge) {
        let edges = &mut self.nodes[from].edges;
        if !edges.contains(&(to, kind)) {
            edges.push((to, kind));
        }
    }

    /// The node a call's `callee` resolves to.
    pub fn resolve(&self, ctx: &Context, symbols: &mut Symbols, call: OpId) -> Option<usize> {
        let Some(Attr::SymbolRef { root, nested }) = ctx.attr(call, "callee") else {
            return None;
        };
        let callee = symbols.lookup(ctx, call, root, nested)?;
        self.by_op.get(&callee).copied()
    }

    /// The node of the nearest callable around `op`.
    pub fn enclosing(&self, ctx: &Context, op: OpId) -> Option<usize> {
        let mut at = ctx.parent_op(op);
        while let Some(p) = at {
            if let Some(&n) = self.by_op.get(&p) {
                return Some(n);
            }
            at = ctx.parent_op(p);
        }
        None
    }

    /// The strongly connected components reachable from the external node,
    /// callees before callers, each listed as LLVM's `scc_iterator` lists
    /// it (Tarjan's algorithm, iterative, children in edge order).
    pub fn components(&self) -> Vec<Vec<usize>> {
        const DONE: u32 = u32::MAX;
        let mut number: Vec<Option<u32>> = vec![None; self.nodes.len()];
        let mut count = 1;
        number[EXTERNAL] = Some(count);
        let mut on_stack = vec![EXTERNAL];
        // (node, next edge, lowest number reached)
        let mut visits: Vec<(usize, usize, u32)> = vec![(EXTERNAL, 0, count)];
        let mut out = Vec::new();
        while let Some(top) = visits.last_mut() {
            if let Some(&(child, _)) = self.nodes[top.0].edges.get(top.1) {
                top.1 += 1;
                match number[child] {
                    Some(n) => top.2 = top.2.min(n),
                    None => {
                        count += 1;
                        number[child] = Some(count);
                        on_stack.push(child);
                        visits.push((child, 0, count));
                    }
                }
                continue;
            }
            let (node, _, low) = *top;
            visits.pop();
            if let Some(parent) = visits.last_mut() {
                parent.2 = parent.2.min(low);
            }
            if number[node] != Some(low) {
                continue;
            }
            let mut component = Vec::new();
            while let Some(n) = on_stack.pop() {
                number[n] = Some(DONE);
                component.push(n);
                if n == node {
                    break;
                }
            }
            out.push(component);
        }
        out
    }
}

/// Every symbol reference held by `op` or an op nested in it, without
/// looking into nested symbol tables (MLIR's `SymbolTable::getSymbolUses`),
/// as (user, root, nested).
pub fn symbol_uses(ctx: &Context, op: OpId, f: &mut dyn FnMut(OpId, &str, &[String])) {
    let data = ctx.op(op);
    for (_, a) in data.props.iter().chain(data.attrs.iter()) {
        symbol_refs(a, &mut |root, nested| f(op, root, nested));
    }
    if is_symbol_table(ctx, op) {
        return;
    }
    for &r in &data.regions {
        for &b in &ctx.region(r).blocks {
            for nested in ctx.block_ops(b) {
                symbol_uses(ctx, nested, f);
            }
        }
    }
}

/// The call-graph nodes `op` refers to, resolved from `op`'s parent, with
/// the referring op.
pub fn referenced_nodes(
    ctx: &Context,
    graph: &CallGraph,
    symbols: &mut Symbols,
    op: OpId,
    f: &mut dyn FnMut(usize, OpId),
) {
    let Some(from) = ctx.parent_op(op) else {
        return;
    };
    symbol_uses(ctx, op, &mut |user, root, nested| {
        if let Some(n) = symbols
            .lookup(ctx, from, root, nested)
            .and_then(|s| graph.by_op.get(&s).copied())
        {
            f(n, user);
        }
    });
}

/// The symbol tables at and under `op`, inner ones first, each with whether
/// all uses of its symbols are in the IR (`visible`: true at a top-level
/// op; a private or unnamed table, or one nested in a non-table op, keeps
/// its symbols' uses inside), as MLIR's `SymbolTable::walkSymbolTables`.
pub fn symbol_tables(ctx: &Context, op: OpId, visible: bool, out: &mut Vec<(OpId, bool)>) {
    let table = is_symbol_table(ctx, op);
    let visible = match table {
        true => visible || symbol_name(ctx, op).is_none() || is_private(ctx, op),
        false => true,
    };
    for &r in &ctx.op(op).regions {
        for &b in &ctx.region(r).blocks {
            for nested in ctx.block_ops(b) {
                symbol_tables(ctx, nested, visible, out);
            }
        }
    }
    if table {
        out.push((op, visible));
    }
}
