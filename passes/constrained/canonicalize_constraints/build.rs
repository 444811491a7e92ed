//! IR → e-graph: the [`Builder`] adds the values one function computes to
//! an e-graph of [`ShapeLang`] (a value met first is opaque, a result of
//! `shape.assuming` is the value its region yields), saturates it within
//! the pass's budgets, decides each constraint from the graph and its
//! analysis ([`Builder::decide`]) and learns what a kept one says
//! ([`Builder::learn`]).
//!
//! Guarantees: every node added stands for the value it was made from on
//! every input where that value is defined, so a verdict of true or false
//! holds on every input that reaches the constraint; what the graph cannot
//! show is [`Verdict::Unknown`]. Ops the language does not model are
//! opaque, never misread.

use super::{Limits, Verdict};
use analysis::strict_extents::StrictExtents;
use egg::{Analysis, Id, Runner, StopReason, Symbol};
use egraph::language::{self, partial_shape, Divisor, Facts, Graph, ShapeAnalysis, ShapeLang};
use egraph::rules;
use ir::dialect::arith::CmpIPredicate;
use ir::{Attr, Context, OpId, OpKind, TypeKind, ValueId};
use lattice::{Interval, PartialShape};
use pass::Statistics;
use std::collections::HashMap;

/// The constant dimension a `tensor.dim` reads.
fn dim_index(ctx: &Context, dim_op: OpId) -> Option<usize> {
    let index = *ctx.op(dim_op).operands.get(1)?;
    let d = fold::constant_value(ctx, index)?;
    usize::try_from(fold_int(&d)?).ok()
}

/// Values of one function in the e-graph.
pub(super) struct Builder<'a> {
    pub(super) ctx: &'a Context,
    pub(super) graph: Graph,
    ids: HashMap<ValueId, Id>,
    /// What strict symbolic shapes knows of the function's shapes: which
    /// extents are symbolic, and the checks of each broadcast.
    strict: StrictExtents,
    /// The classes of the symbolic extents met so far: strict symbolic
    /// shapes compares them at a broadcast, as it does constants other than
    /// 1.
    not_one: Vec<Id>,
    /// Operand sets checked broadcastable so far (as classes).
    broadcastable: Vec<Vec<Id>>,
    limits: Limits,
    pub(super) statistics: &'a mut Statistics,
    /// E-nodes at the last saturation.
    saturated_nodes: usize,
    /// Whether the graph may hold something the last saturation did not
    /// see (a node added, classes united, facts learnt), or that saturation
    /// stopped short of a fixpoint. When false, saturating again would
    /// stop after one iteration that changes nothing, and is not run.
    unsaturated: bool,
}

/// E-graphs up to this many e-nodes are saturated before every decision.
/// A larger one (a function of thousands of constraints) is saturated
/// again only once it has grown by a quarter: a saturation costs time in
/// the size of the whole graph, so saturating before each of its
/// constraints made the pass quadratic; so did rebuilding it (restoring
/// congruence) after each constraint learnt, which waits as long. Decisions
/// in between read the facts and equalities found so far, which are sound
/// but may miss some; what they cannot decide stays a runtime check.
const EAGER_SATURATION_NODES: usize = 1024;

impl Builder<'_> {
    fn opaque(&mut self, v: ValueId) -> Id {
        self.graph
            .add(ShapeLang::Opaque(Symbol::from(format!("v{}", v.0))))
    }

    /// The id of `v`: a result of `shape.assuming` is the value its region
    /// yields (it exists only if the witness held, and so do the facts of
    /// the region's checks); a value met first is opaque.
    pub(super) fn id(&mut self, v: ValueId) -> Id {
        if let Some(&id) = self.ids.get(&v) {
            return id;
        }
        let id = match yielded(self.ctx, v) {
            Some(y) => self.id(y),
            None => self.opaque(v),
        };
        self.ids.insert(v, id);
        id
    }

    /// The shape of a value of type `ty`: the list of its extents when the
    /// rank is known (a symbol per unknown extent); its extents are
    /// non-negative.
    fn shape_of(&mut self, v: ValueId) -> Id {
        let shape = match self.ctx.type_kind(self.ctx.value_type(v)) {
            TypeKind::RankedTensor { shape, .. } => Some(shape.clone()),
            _ => None,
        };
        match shape {
            Some(dims) => {
                let items: Vec<Id> = dims
                    .iter()
                    .enumerate()
                    .map(|(i, &d)| match d >= 0 {
                        true => self.graph.add(ShapeLang::Int(d)),
                        false => {
                            let symbol = Symbol::from(format!("v{}_{i}", v.0));
                            let extent = self.graph.add(ShapeLang::Opaque(symbol));
                            let facts = Facts::integer(Interval::NON_NEGATIVE, Divisor::default());
                            self.learn_facts(extent, facts);
                            if self.strict.is_symbolic(self.ctx, v, i) {
                                self.not_one.push(extent);
                            }
                            extent
                        }
                    })
                    .collect();
                self.graph.add(ShapeLang::List(items.into_boxed_slice()))
            }
            None => {
                let symbol = Symbol::from(format!("shape_of_v{}", v.0));
                let shape = self.graph.add(ShapeLang::Opaque(symbol));
                self.learn_facts(shape, Facts::shape(None, Interval::NON_NEGATIVE));
                shape
            }
        }
    }

    /// Adds `facts` (known by other means than the class's nodes) to the
    /// class of `id`, as a merge of facts would.
    fn learn_facts(&mut self, id: Id, facts: Facts) {
        let class = self.class(id);
        let mut data = self.graph[class].data.clone();
        if ShapeAnalysis.merge(&mut data, facts).0 {
            self.unsaturated = true;
            self.graph.set_analysis_data(class, data);
        }
    }

    /// Add the value(s) `op` computes.
    pub(super) fn op(&mut self, op: OpId) {
        let data = self.ctx.op(op);
        let operands: Vec<Id> = data.operands.clone().iter().map(|&v| self.id(v)).collect();
        if self.alias_results(op, &operands) {
            return;
        }
        let node = self.node(op, &operands);
        if let (Some(node), Some(&r)) = (node, data.results.first()) {
            // The id of this node (messages quote it), not its class's.
            let id = self.graph.add_uncanonical(node);
            self.ids.insert(r, id);
        }
    }

    /// For the ops whose results are what the e-graph already has (casts,
    /// `shape_of`, a `tensor.dim` of a ranked tensor, the halves of a
    /// `split_at`): give the results those ids; false for other ops.
    fn alias_results(&mut self, op: OpId, operands: &[Id]) -> bool {
        let ctx = self.ctx;
        let data = ctx.op(op);
        match ctx.kind(op) {
            OpKind::TensorCast
            | OpKind::ShapeAny
            | OpKind::ShapeToExtentTensor
            | OpKind::ShapeFromExtentTensor => {
                if let (Some(&r), Some(&o)) = (data.results.first(), operands.first()) {
                    self.ids.insert(r, o);
                }
            }
            OpKind::ShapeShapeOf => {
                let id = data.operands.first().map(|&t| self.shape_of(t));
                if let (Some(&r), Some(id)) = (data.results.first(), id) {
                    self.ids.insert(r, id);
                }
            }
            // An extent of a ranked tensor is the extent its shape has.
            OpKind::TensorDim => {
                let (&[t, _], Some(d)) = (data.operands.as_slice(), dim_index(ctx, op)) else {
                    return true;
                };
                let shape = self.shape_of(t);
                let extent = match self.graph.id_to_node(shape) {
                    ShapeLang::List(items) => items.get(d).copied(),
                    _ => None,
                };
                if let (Some(&r), Some(extent)) = (data.results.first(), extent) {
                    self.ids.insert(r, extent);
                }
            }
            OpKind::ShapeSplitAt => {
                let Some(b) = binary(operands) else {
                    return true;
                };
                let (head, tail) = (
                    self.graph.add(ShapeLang::Head(b)),
                    self.graph.add(ShapeLang::Tail(b)),
                );
                if let [h, t] = data.results.as_slice() {
                    self.ids.insert(*h, head);
                    self.ids.insert(*t, tail);
                }
            }
            _ => return false,
        }
        true
    }

    /// The node of the value `op` computes from `operands` (their ids), if
    /// the language has one. Integers other than `index` and `i1` are
    /// opaque: arithmetic on them wraps at another width, and an `i1` is
    /// signed (`true` is -1).
    fn node(&mut self, op: OpId, operands: &[Id]) -> Option<ShapeLang> {
        let ctx = self.ctx;
        let data = ctx.op(op);
        let kind = |v: Option<&ValueId>| v.map(|&v| ctx.type_kind(ctx.value_type(v)));
        let (result, operand) = (kind(data.results.first()), kind(data.operands.first()));
        let index = matches!(result, Some(TypeKind::Index));
        let boolean = matches!(result, Some(TypeKind::Integer { width: 1, .. }));
        let bin = || binary(operands);
        let unary = || {
            debug_assert!(!operands.is_empty(), "a verified op has its operand");
            operands.first().copied()
        };
        match ctx.kind(op) {
            OpKind::ArithConstant | OpKind::ShapeConstShape => self.constant(op, result),
            OpKind::TensorFromElements => {
                Some(ShapeLang::List(operands.to_vec().into_boxed_slice()))
            }
            OpKind::ShapeRank => unary().map(ShapeLang::Rank),
            OpKind::ShapeGetExtent => bin().map(ShapeLang::Extent),
            // An element of an extent tensor is one of its extents.
            OpKind::TensorExtract if index => bin().map(ShapeLang::Extent),
            OpKind::ShapeConcat => bin().map(ShapeLang::Concat),
            OpKind::ShapeBroadcast if operands.len() == 2 => bin().map(ShapeLang::Broadcast),
            OpKind::ShapeNumElements => unary().map(ShapeLang::NumElements),
            OpKind::ArithAddi if index => bin().map(ShapeLang::Add),
            OpKind::ArithSubi if index => bin().map(ShapeLang::Sub),
            OpKind::ArithMuli if index => bin().map(ShapeLang::Mul),
            OpKind::ArithMaxsi if index => bin().map(ShapeLang::Max),
            OpKind::ArithMinsi if index => bin().map(ShapeLang::Min),
            OpKind::ArithAndi if boolean => bin().map(ShapeLang::And),
            OpKind::ArithOri if boolean => bin().map(ShapeLang::Or),
            OpKind::ArithCmpi if matches!(operand, Some(TypeKind::Index)) => {
                let predicate = CmpIPredicate::of(ctx, op);
                bin().and_then(|b| predicate.and_then(|p| ShapeLang::cmpi(p, b)))
            }
            _ => None,
        }
    }

    /// The node of the constant `op` (an `arith.constant` or
    /// `shape.const_shape` whose result has type `result`): an `index`, an
    /// `i1` (0 or 1), or the list of a constant extent tensor's extents.
    fn constant(&mut self, op: OpId, result: Option<&TypeKind>) -> Option<ShapeLang> {
        let ctx = self.ctx;
        let extent_tensor = |kind: Option<&TypeKind>| match kind {
            Some(TypeKind::RankedTensor { shape, elem, .. }) => {
                shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
            }
            _ => false,
        };
        let int = |a: &Attr| fold_int(a);
        match ctx.kind(op) {
            OpKind::ArithConstant if matches!(result, Some(TypeKind::Index)) => {
                ctx.attr(op, "value").and_then(int).map(ShapeLang::Int)
            }
            OpKind::ArithConstant if matches!(result, Some(TypeKind::Integer { width: 1, .. })) => {
                ctx.attr(op, "value")
                    .and_then(int)
                    .map(|b| ShapeLang::Int(b & 1))
            }
            OpKind::ShapeConstShape | OpKind::ArithConstant if extent_tensor(result) => ctx
                .attr(
                    op,
                    if ctx.kind(op) == OpKind::ArithConstant {
                        "value"
                    } else {
                        "shape"
                    },
                )
                .and_then(|a| dense(ctx, a))
                .map(|e| {
                    let items: Vec<Id> = e
                        .into_iter()
                        .map(|x| self.graph.add(ShapeLang::Int(x)))
                        .collect();
                    ShapeLang::List(items.into_boxed_slice())
                }),
            _ => None,
        }
    }

    /// Whether the graph is large and has not grown by a quarter since its
    /// last saturation: it is then neither saturated nor rebuilt.
    fn deferred(&self) -> bool {
        let nodes = self.graph.total_number_of_nodes();
        nodes > EAGER_SATURATION_NODES && nodes < self.saturated_nodes + self.saturated_nodes / 4
    }

    /// Restore the graph's invariants (congruence, analysis of parents),
    /// unless that is deferred.
    fn rebuild(&mut self) {
        if self.graph.clean {
            return;
        }
        // A rebuilt graph is clean: remember that it changed.
        self.unsaturated = true;
        if !self.deferred() {
            self.graph.rebuild();
        }
    }

    fn saturate(&mut self) {
        if self.deferred() {
            self.statistics.add(
                "saturations-deferred",
                "decisions in a large e-graph that did not saturate it again",
                1,
            );
            return;
        }
        // Unchanged since it reached a fixpoint, it is at one still.
        let at_fixpoint = !self.unsaturated && self.graph.clean;
        let stop_reason = match at_fixpoint || self.rebuilt_matches_no_rule() {
            true => Some(StopReason::Saturated),
            false => {
                let graph = std::mem::take(&mut self.graph);
                let runner = Runner::default()
                    .with_egraph(graph)
                    .with_iter_limit(self.limits.iterations)
                    .with_node_limit(self.limits.nodes)
                    .run(rules::all());
                self.graph = runner.egraph;
                runner.stop_reason
            }
        };
        self.unsaturated = !matches!(stop_reason, Some(StopReason::Saturated));
        let nodes = self.graph.total_number_of_nodes();
        let classes = self.graph.number_of_classes();
        tracing::debug!(stop = ?stop_reason, nodes, classes, "saturated");
        let (stop, why) = match stop_reason {
            Some(StopReason::Saturated) => ("saturated", "saturations that reached a fixpoint"),
            Some(StopReason::IterationLimit(_)) => (
                "stopped-at-iteration-limit",
                "saturations stopped by max-iterations (constraints left unknown)",
            ),
            Some(StopReason::NodeLimit(_)) => (
                "stopped-at-node-limit",
                "saturations stopped by max-nodes (constraints left unknown)",
            ),
            _ => (
                "stopped-otherwise",
                "saturations stopped for another reason",
            ),
        };
        let s = &mut *self.statistics;
        s.add(stop, why, 1);
        s.max(
            "max-egraph-nodes",
            "most e-nodes in one function's e-graph",
            nodes as u64,
        );
        s.max(
            "max-egraph-classes",
            "most e-classes in one function's e-graph",
            classes as u64,
        );
        self.saturated_nodes = nodes;
    }

    /// Rebuild the graph; then whether a saturation would stop at a fixpoint
    /// after one iteration that changes nothing: the graph is within the
    /// budgets of an iteration and no rule matches in it. A saturation
    /// rebuilds first too, and its rebuild after an iteration with no match
    /// leaves the graph as it was.
    fn rebuilt_matches_no_rule(&mut self) -> bool {
        self.graph.rebuild();
        self.limits.iterations > 0
            && self.graph.total_size() <= self.limits.nodes
            && rules::all()
                .iter()
                .all(|rule| rule.search_with_limit(&self.graph, 1).is_empty())
    }

    /// The classes of the shapes a broadcast value is made of (its own
    /// class otherwise).
    fn leaves(&mut self, v: ValueId) -> Vec<Id> {
        leaf_values(self.ctx, v)
            .into_iter()
            .map(|l| {
                let id = self.id(l);
                self.class(id)
            })
            .collect()
    }

    /// The classes of the shapes `cstr`'s operands are made of.
    fn leaves_of(&mut self, cstr: OpId) -> Vec<Id> {
        let operands = self.ctx.op(cstr).operands.clone();
        operands.iter().flat_map(|&v| self.leaves(v)).collect()
    }

    pub(super) fn class(&self, id: Id) -> Id {
        self.graph.find(id)
    }

    /// The facts that decide the predicate `id` was made as, for messages:
    /// the operands of its comparison, unless both are constants (which
    /// speak for themselves).
    fn why(&self, id: Id) -> String {
        let node = self.graph.id_to_node(id);
        let Some((comparison, [a, b])) = node.comparison() else {
            return String::new();
        };
        let (a, b) = (&self.graph[a].data, &self.graph[b].data);
        match language::decide(comparison, a, b) {
            Some(_) if a.constant().is_none() || b.constant().is_none() => format!(
                " (the operands of `{node}` are {} and {})",
                describe(a),
                describe(b)
            ),
            _ => String::new(),
        }
    }

    /// Decide `cstr` (facts of earlier constraints already in the graph).
    pub(super) fn decide(&mut self, cstr: OpId) -> Verdict {
        let ctx = self.ctx;
        let operands = ctx.op(cstr).operands.clone();
        let ids: Vec<Id> = operands.iter().map(|&v| self.id(v)).collect();
        self.saturate();
        let classes: Vec<Id> = ids.iter().map(|&i| self.class(i)).collect();
        let same = classes.windows(2).all(|w| w[0] == w[1]);
        match ctx.kind(cstr) {
            OpKind::ShapeCstrRequire => {
                let Some(&p) = ids.first() else {
                    return Verdict::Unknown;
                };
                match self.graph[p].data.constant() {
                    Some(1) => Verdict::True(format!("its condition is known true{}", self.why(p))),
                    Some(_) => Verdict::False(
                        format!("its condition is known false{}", self.why(p)),
                        operands.first().copied(),
                    ),
                    None => Verdict::Unknown,
                }
            }
            OpKind::ShapeCstrEq => {
                if same {
                    return Verdict::True("its operands are known equal".into());
                }
                // Equal shapes have one partial shape: the merge of theirs.
                let mut merged = PartialShape::dynamic(None);
                for (j, &c) in classes.iter().enumerate() {
                    let shape = partial_shape(&self.graph, c);
                    match merged.merge(&shape) {
                        Ok(m) => merged = m,
                        Err(_) => {
                            return Verdict::False(
                                format!("the shapes are {} and {}", show(&merged), show(&shape)),
                                operands.get(j).copied(),
                            )
                        }
                    }
                }
                Verdict::Unknown
            }
            OpKind::ShapeCstrBroadcastable => {
                if same {
                    return Verdict::True("its operands are known equal".into());
                }
                // `broadcast(a, b)` is defined only where `a` and `b`
                // broadcast: checking it with `c` checks `{a, b, c}`.
                let mut set = self.leaves_of(cstr);
                set.sort();
                set.dedup();
                if set.len() == 1 {
                    return Verdict::True("its operands are known equal".into());
                }
                if self
                    .broadcastable
                    .iter()
                    .any(|s| set.iter().all(|c| s.iter().any(|x| self.class(*x) == *c)))
                {
                    return Verdict::True("a broadcastable superset was checked before".into());
                }
                if self.extents_agree(&set) {
                    return Verdict::True(
                        "in each dimension its extents other than 1 are known equal".into(),
                    );
                }
                let shapes: Vec<PartialShape> =
                    set.iter().map(|&c| partial_shape(&self.graph, c)).collect();
                match broadcast_conflict(&shapes) {
                    Some(why) => Verdict::False(why, operands.last().copied()),
                    None => Verdict::Unknown,
                }
            }
            other => {
                debug_assert!(false, "'{other}' is not a constraint");
                Verdict::Unknown
            }
        }
    }

    /// Whether the shapes `set` (classes) all have known ranks and, in each
    /// dimension (aligned at the back), every extent not known to be 1 is
    /// one class: they then broadcast.
    fn extents_agree(&self, set: &[Id]) -> bool {
        let lists: Option<Vec<Vec<Id>>> = set
            .iter()
            .map(|&s| {
                self.graph[self.class(s)]
                    .nodes
                    .iter()
                    .find_map(|n| match n {
                        ShapeLang::List(items) => {
                            Some(items.iter().map(|&i| self.class(i)).collect())
                        }
                        _ => None,
                    })
            })
            .collect();
        let Some(lists) = lists else {
            return false;
        };
        let rank = lists.iter().map(Vec::len).max().unwrap_or(0);
        (1..=rank).all(|back| {
            let mut extents = lists
                .iter()
                .filter_map(|l| l.len().checked_sub(back).map(|j| l[j]))
                .filter(|&e| self.graph[e].data.constant() != Some(1));
            let first = extents.next();
            extents.all(|e| Some(e) == first)
        })
    }

    /// Learn what `cstr` (kept, so it held if execution got past it) says.
    pub(super) fn learn(&mut self, cstr: OpId) {
        let ctx = self.ctx;
        let ids: Vec<Id> = ctx
            .op(cstr)
            .operands
            .clone()
            .iter()
            .map(|&v| self.id(v))
            .collect();
        match ctx.kind(cstr) {
            OpKind::ShapeCstrEq => {
                for w in ids.windows(2) {
                    self.graph.union(w[0], w[1]);
                }
            }
            OpKind::ShapeCstrBroadcastable => {
                let leaves = self.leaves_of(cstr);
                self.unite_extents_not_one(&leaves);
                self.broadcastable.push(leaves);
            }
            OpKind::ShapeCstrRequire => {
                if let Some(&p) = ids.first() {
                    self.holds(p);
                }
            }
            other => debug_assert!(false, "'{other}' is not a constraint"),
        }
        self.rebuild();
    }

    /// Whether the checks strict symbolic shapes makes at broadcast check
    /// `cstr` hold on every input: in each dimension it checks, the strict
    /// extents are one class. Without this, proving `cstr` true would drop
    /// those checks.
    pub(super) fn strict_checks_hold(&mut self, cstr: OpId) -> bool {
        let checks = self.strict.checks(self.ctx, cstr);
        checks.iter().all(|check| {
            let classes: Option<Vec<Id>> = check
                .strict
                .iter()
                .map(|leaf| {
                    let id = self.id(leaf.shape);
                    let shape = self.class(id);
                    let extent = self.graph[shape].nodes.iter().find_map(|n| match n {
                        ShapeLang::List(items) => items.get(leaf.index).copied(),
                        _ => None,
                    })?;
                    Some(self.class(extent))
                })
                .collect();
            classes.is_some_and(|c| c.windows(2).all(|w| w[0] == w[1]))
        })
    }

    /// `shapes` broadcast: in each dimension (aligned at the back), the
    /// extents known not to be 1 are all the broadcast extent, so one
    /// class. Under strict symbolic shapes, whose checks at the broadcast
    /// passed, broadcasting shapes whose extents are all dynamic is then
    /// their equality (lists of one rank whose extents are one class each
    /// are one class).
    fn unite_extents_not_one(&mut self, shapes: &[Id]) {
        if self.not_one.is_empty() {
            return;
        }
        let lists: Vec<Vec<Id>> = shapes
            .iter()
            .filter_map(|&s| {
                let class = self.class(s);
                self.graph[class].nodes.iter().find_map(|n| match n {
                    ShapeLang::List(items) => Some(items.to_vec()),
                    _ => None,
                })
            })
            .collect();
        let rank = lists.iter().map(Vec::len).max().unwrap_or(0);
        for back in 1..=rank {
            let extents: Vec<Id> = lists
                .iter()
                .filter_map(|l| l.len().checked_sub(back).map(|j| l[j]))
                .filter(|&e| self.known_not_one(e))
                .collect();
            for pair in extents.windows(2) {
                let (a, b) = (self.class(pair[0]), self.class(pair[1]));
                let constants = (self.graph[a].data.constant(), self.graph[b].data.constant());
                // Two different constants: the check fails, nothing to learn.
                if !matches!(constants, (Some(x), Some(y)) if x != y) {
                    self.graph.union(a, b);
                }
            }
        }
    }

    /// Whether extent `e` is known not to be 1: a constant other than 1,
    /// or a dimension checked on entry.
    fn known_not_one(&self, e: Id) -> bool {
        let class = self.class(e);
        match self.graph[class].data.constant() {
            Some(n) => n != 1,
            None => self.not_one.iter().any(|&x| self.class(x) == class),
        }
    }

    /// `p` (an `i1` class) is true: so are both sides of an `and`, the
    /// operands of an `eq` are one class, and the operands of another
    /// comparison narrow to the values for which it holds (`sle 1, %d`:
    /// `%d` is at least 1).
    fn holds(&mut self, p: Id) {
        let mut pending = vec![p];
        let mut seen = Vec::new();
        while let Some(p) = pending.pop() {
            // Facts read below are up to date (as far as the last rebuild).
            self.rebuild();
            let class = self.class(p);
            if seen.contains(&class) {
                continue;
            }
            seen.push(class);
            let nodes = self.graph[class].nodes.clone();
            let one = self.graph.add(ShapeLang::Int(1));
            self.graph.union(class, one);
            for node in nodes {
                match node {
                    ShapeLang::Eq([a, b]) => {
                        self.graph.union(a, b);
                    }
                    ShapeLang::And([a, b]) => pending.extend([a, b]),
                    _ => {
                        let Some((comparison, [a, b])) = node.comparison() else {
                            continue;
                        };
                        let (ia, ib) = (self.graph[a].data.interval, self.graph[b].data.interval);
                        // Never holding means the code after is unreachable.
                        if let Some((ia, ib)) = comparison.assume(ia, ib) {
                            self.learn_facts(a, Facts::integer(ia, Divisor::default()));
                            self.learn_facts(b, Facts::integer(ib, Divisor::default()));
                        }
                    }
                }
            }
        }
    }
}

impl<'a> Builder<'a> {
    /// An empty e-graph for the constraints of function `f`.
    pub(super) fn new(
        ctx: &'a Context,
        f: OpId,
        limits: Limits,
        statistics: &'a mut Statistics,
    ) -> Self {
        Builder {
            ctx,
            graph: Graph::default(),
            ids: HashMap::new(),
            strict: StrictExtents::new(ctx, f),
            not_one: Vec::new(),
            broadcastable: Vec::new(),
            limits,
            statistics,
            saturated_nodes: 0,
            unsaturated: true,
        }
    }
}

/// The two operands of a binary op. The verifier gives these ops their
/// operands; an op without them is left opaque (nothing is known of it),
/// never read as e-class 0.
fn binary(operands: &[Id]) -> Option<[Id; 2]> {
    match *operands {
        [a, b] => Some([a, b]),
        _ => {
            debug_assert!(false, "a verified binary op has two operands");
            None
        }
    }
}

/// The value the region of a `shape.assuming` yields as its result `v`,
/// if `v` is one.
pub(super) fn yielded(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let ir::ValueDef::OpResult { op, index } = ctx.value(v).def else {
        return None;
    };
    if ctx.kind(op) != OpKind::ShapeAssuming {
        return None;
    }
    let block = ctx
        .op(op)
        .regions
        .first()
        .and_then(|&r| ctx.region(r).blocks.first().copied())?;
    ctx.operand(ctx.block_terminator(block)?, index as usize)
}

/// The values a broadcast value is made of: the operands of
/// `shape.broadcast`s (of any number of operands), seen through what
/// `shape.assuming` regions yield; the value itself otherwise.
pub(super) fn leaf_values(ctx: &Context, v: ValueId) -> Vec<ValueId> {
    if let Some(y) = yielded(ctx, v) {
        return leaf_values(ctx, y);
    }
    match ctx.defining_op(v) {
        Some(d) if ctx.kind(d) == OpKind::ShapeBroadcast => ctx
            .op(d)
            .operands
            .iter()
            .flat_map(|&o| leaf_values(ctx, o))
            .collect(),
        _ => vec![v],
    }
}

fn fold_int(a: &Attr) -> Option<i64> {
    match a {
        Attr::Int { value, .. } => i64::try_from(*value).ok(),
        Attr::Bool(b) => Some(i64::from(*b)),
        _ => None,
    }
}

fn dense(ctx: &Context, a: &Attr) -> Option<Vec<i64>> {
    let Attr::Dense { ty, .. } = a else {
        return None;
    };
    let n = usize::try_from(*ctx.type_kind(*ty).shape()?.first()?).ok()?;
    a.int_elements(n)?
        .into_iter()
        .map(|e| i64::try_from(e).ok())
        .collect()
}

/// A partial shape in the dialect's notation: `[3, ?]`, `[*]` for an
/// unknown rank.
fn show(shape: &PartialShape) -> String {
    match shape.dims() {
        Some(dims) => {
            let parts: Vec<String> = dims.iter().map(ToString::to_string).collect();
            format!("[{}]", parts.join(", "))
        }
        None => "[*]".into(),
    }
}

/// Facts of an integer class, for messages: its interval (`3`, `0..?`,
/// `?`), and a divisor it is known to have.
fn describe(facts: &Facts) -> String {
    match facts.divisor.get() {
        d if d > 1 && facts.constant().is_none() => {
            format!("{} (a multiple of {d})", facts.interval)
        }
        _ => facts.interval.to_string(),
    }
}

/// Why partial shapes cannot broadcast, if no shapes they describe can.
/// Shapes of unknown rank are left out: the others conflict whatever they
/// are.
fn broadcast_conflict(shapes: &[PartialShape]) -> Option<String> {
    let ranked = shapes.iter().filter(|s| s.rank().is_some());
    let mut merged = PartialShape::default();
    for shape in ranked {
        match merged.broadcast_merge(shape) {
            Ok(m) => merged = m,
            Err(_) => {
                let all: Vec<String> = shapes.iter().map(show).collect();
                return Some(format!("the shapes {} cannot broadcast", all.join(", ")));
            }
        }
    }
    None
}
