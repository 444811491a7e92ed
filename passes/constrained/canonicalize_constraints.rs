//! `canonicalize-constraints`: decide each constraint with an e-graph
//! (see the crate doc): proven true → `shape.const_witness true`, proven
//! false → a compile-time error, unknown → kept, its facts learnt.
//!
//! Deciding reads the analysis ([`egraph::language::Facts`]): a
//! `cstr_require` is decided when its predicate's class is a constant (a
//! comparison its operands' bounds or divisors decide folds to one); a
//! `cstr_eq` fails when its operands' partial shapes do not merge
//! ([`lattice::PartialShape::merge`]), a `cstr_broadcastable` when those of
//! known rank do not broadcast ([`lattice::PartialShape::broadcast_merge`]).
//! Messages print shapes as `[3, ?]` (`?`: an extent not known to be one
//! value; `[*]`: an unknown rank) and bounds as the lattice does (`3`,
//! `1..4`, `0..?`, `?`). Learning a kept `cstr_require` of a comparison
//! narrows its operands' bounds ([`lattice::Comparison::assume`]).
//!
//! A result of a `shape.assuming` is, to the e-graph, the value its region
//! yields (with what the ops computing it inside the region say of it):
//! the result exists only if the witness held, and the facts of the
//! region's checks then hold too, so what is known of the yielded value
//! is known of the result.
//!
//! A kept `cstr_broadcastable` also teaches that, in each dimension, the
//! extents known not to be 1 (constants, and under strict symbolic shapes
//! the dynamic dimensions of arguments, checked on entry) are one value:
//! broadcasting arguments whose extents are all dynamic is then their
//! equality, and later checks of it hold.
//!
//! A `cstr_broadcastable` left unknown merges into an earlier kept one of
//! the same message that checks a subset of its shapes, and a `cstr_eq`
//! into an earlier kept one sharing one of its shapes: the earlier one is
//! widened to check them all, when no op with side effects
//! ([`ir::effects`]: a call to a function not known pure, a host op not
//! declared pure) runs between the two (the shapes it adds are then checked
//! earlier, and a check never moves across an effect) and the added shapes
//! are defined there, or computed by ops defined on every input that can
//! move there with it (`shape_of`, extent arithmetic). The earliest such
//! check is widened, and the later kept ones it could have absorbed go
//! too, their shapes added to it: so `cstr_broadcastable(a, b)`,
//! `cstr_broadcastable(c, d)` and `cstr_broadcastable(broadcast(a, b),
//! broadcast(c, d))` fuse into the first, widened to `cstr_broadcastable(a,
//! b, c, d)` (where `a, b` and `c, d` broadcast, their broadcasts do
//! exactly when all four do), the shapes reaching the last check through
//! `shape.broadcast`s of any number of operands and results of
//! `shape.assuming`, the checks combined by `shape.assuming_all` or nested
//! regions; and `cstr_eq(a, b)`, `cstr_eq(c, d)`, `cstr_eq(b, c)` fuse into
//! `cstr_eq(a, b, c, d)`.
//!
//! Precondition: constrained form. Postcondition: no constraint is implied
//! by the constraints before it (as far as the rules, the analysis and the
//! iteration and node budgets show), none is statically false; what each
//! function computes is unchanged. Declines: facts from constraints inside
//! regions other than `shape.assuming` (they may not run); arithmetic on
//! integers other than `index` and `i1` (opaque values).
//!
//! ```mlir
//! %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
//! %w2 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
//! // becomes
//! %w1 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
//! %w2 = shape.const_witness true
//! ```

use diag::Diagnostic;
use egg::{Analysis, Id, Runner, StopReason, Symbol};
use egraph::constraint_graph::{self, Picture};
use egraph::language::{self, partial_shape, Divisor, Facts, Graph, ShapeAnalysis, ShapeLang};
use egraph::{rules, ITERATION_LIMIT, NODE_LIMIT};
use ir::dialect::arith::CmpIPredicate;
use ir::effects::{Effect, Effects};
use ir::op_def::ShapeRole;
use ir::{Attr, Context, OpId, OpKind, TypeKind, ValueId};
use lattice::{Interval, PartialShape};
use pass::{loc_of, PassDecl, PassRegistry, Statistics};
use std::collections::{HashMap, HashSet};

/// The pass, with its budgets: each saturation stops after
/// `max-iterations` iterations or at `max-nodes` e-nodes.
pub struct CanonicalizeConstraints {
    pub limits: Limits,
}

pass::pass_options! {
    /// Budgets of one saturation. Hitting one leaves constraints unknown.
    #[derive(Copy, PartialEq, Eq)]
    pub struct Limits {
        /// Saturation iterations at most.
        iterations: usize = ITERATION_LIMIT, "max-iterations";
        /// E-graph nodes at most.
        nodes: usize = NODE_LIMIT, "max-nodes";
    }
}

impl PassDecl for CanonicalizeConstraints {
    const NAME: &'static str = "canonicalize-constraints";
    const SUMMARY: &'static str =
        "Decide constraints with an e-graph: remove the proven, reject the false";
    type Options = Limits;
    fn new(limits: Limits, _: &PassRegistry) -> Result<Self, String> {
        Ok(CanonicalizeConstraints { limits })
    }
    fn apply(
        &self,
        ctx: &mut Context,
        op: OpId,
        statistics: &mut Statistics,
    ) -> Result<(), Diagnostic> {
        canonicalize_constraints(ctx, op, self.limits, statistics).map(|_| ())
    }
}

/// What was decided about one constraint.
enum Verdict {
    True(String),
    False(String, Option<ValueId>),
    Unknown,
}

/// The constant dimension a `tensor.dim` reads.
fn dim_index(ctx: &Context, dim_op: OpId) -> Option<usize> {
    let index = *ctx.op(dim_op).operands.get(1)?;
    let d = fold::constant_value(ctx, index)?;
    usize::try_from(fold_int(&d)?).ok()
}

/// Values of one function in the e-graph.
struct Builder<'a> {
    ctx: &'a Context,
    graph: Graph,
    ids: HashMap<ValueId, Id>,
    /// The dimensions of arguments checked not to be 1 on entry (strict
    /// symbolic shapes): an entry-block argument and a dimension of it.
    strict: HashSet<(ValueId, usize)>,
    /// The classes of the extents of `strict` dimensions met so far.
    not_one: Vec<Id>,
    /// Operand sets checked broadcastable so far (as classes).
    broadcastable: Vec<Vec<Id>>,
    limits: Limits,
    statistics: &'a mut Statistics,
    /// E-nodes at the last saturation.
    saturated_nodes: usize,
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
    fn id(&mut self, v: ValueId) -> Id {
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
                            if self.strict.contains(&(v, i)) {
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
            self.graph.set_analysis_data(class, data);
        }
    }

    /// Add the value(s) `op` computes.
    fn op(&mut self, op: OpId) {
        let ctx = self.ctx;
        let data = ctx.op(op);
        let operands: Vec<Id> = data.operands.clone().iter().map(|&v| self.id(v)).collect();
        // The verifier gives these ops their operands; an op without them
        // is left opaque (nothing is known of it), never read as e-class 0.
        let bin = || match operands.as_slice() {
            &[a, b] => Some([a, b]),
            _ => {
                debug_assert!(false, "a verified binary op has two operands");
                None
            }
        };
        let unary = || {
            debug_assert!(!operands.is_empty(), "a verified op has its operand");
            operands.first().copied()
        };
        let int = |a: &Attr| fold_int(a);
        // Integers other than `index` and `i1` are opaque: arithmetic on
        // them wraps at another width, and an `i1` is signed (`true` is -1).
        let kind = |v: Option<&ValueId>| v.map(|&v| ctx.type_kind(ctx.value_type(v)));
        let (result, operand) = (kind(data.results.first()), kind(data.operands.first()));
        let index = matches!(result, Some(TypeKind::Index));
        let extent_tensor = |kind: Option<&TypeKind>| match kind {
            Some(TypeKind::RankedTensor { shape, elem, .. }) => {
                shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
            }
            _ => false,
        };
        let boolean = matches!(result, Some(TypeKind::Integer { width: 1, .. }));
        let node = match ctx.kind(op) {
            OpKind::ArithConstant if index => {
                ctx.attr(op, "value").and_then(int).map(ShapeLang::Int)
            }
            OpKind::ArithConstant if boolean => ctx
                .attr(op, "value")
                .and_then(int)
                .map(|b| ShapeLang::Int(b & 1)),
            // A constant extent tensor is the list of its extents.
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
            OpKind::TensorCast
            | OpKind::ShapeAny
            | OpKind::ShapeToExtentTensor
            | OpKind::ShapeFromExtentTensor => {
                if let (Some(&r), Some(&o)) = (data.results.first(), operands.first()) {
                    self.ids.insert(r, o);
                }
                return;
            }
            OpKind::ShapeShapeOf => {
                let id = data.operands.first().map(|&t| self.shape_of(t));
                if let (Some(&r), Some(id)) = (data.results.first(), id) {
                    self.ids.insert(r, id);
                }
                return;
            }
            OpKind::TensorFromElements => {
                Some(ShapeLang::List(operands.clone().into_boxed_slice()))
            }
            // An extent of a ranked tensor is the extent its shape has.
            OpKind::TensorDim => {
                let (&[t, _], Some(d)) = (data.operands.as_slice(), dim_index(ctx, op)) else {
                    return;
                };
                let shape = self.shape_of(t);
                let extent = match self.graph.id_to_node(shape) {
                    ShapeLang::List(items) => items.get(d).copied(),
                    _ => None,
                };
                if let (Some(&r), Some(extent)) = (data.results.first(), extent) {
                    self.ids.insert(r, extent);
                }
                return;
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
            OpKind::ShapeSplitAt => {
                let Some(b) = bin() else { return };
                let (head, tail) = (
                    self.graph.add(ShapeLang::Head(b)),
                    self.graph.add(ShapeLang::Tail(b)),
                );
                if let [h, t] = data.results.as_slice() {
                    self.ids.insert(*h, head);
                    self.ids.insert(*t, tail);
                }
                return;
            }
            _ => None,
        };
        if let (Some(node), Some(&r)) = (node, data.results.first()) {
            // The id of this node (messages quote it), not its class's.
            let id = self.graph.add_uncanonical(node);
            self.ids.insert(r, id);
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
        if !self.graph.clean && !self.deferred() {
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
        let graph = std::mem::take(&mut self.graph);
        let runner = Runner::default()
            .with_egraph(graph)
            .with_iter_limit(self.limits.iterations)
            .with_node_limit(self.limits.nodes)
            .run(rules::all());
        let nodes = runner.egraph.total_number_of_nodes();
        let classes = runner.egraph.number_of_classes();
        tracing::debug!(stop = ?runner.stop_reason, nodes, classes, "saturated");
        let (stop, why) = match runner.stop_reason {
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
        self.graph = runner.egraph;
        self.saturated_nodes = nodes;
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

    fn class(&self, id: Id) -> Id {
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
    fn decide(&mut self, cstr: OpId) -> Verdict {
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
    fn learn(&mut self, cstr: OpId) {
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

    /// `shapes` broadcast: in each dimension (aligned at the back), the
    /// extents known not to be 1 are all the broadcast extent, so one
    /// class. Under strict symbolic shapes, broadcasting shapes whose
    /// extents are all dynamic is then their equality (lists of one
    /// rank whose extents are one class each are one class).
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

/// The dimensions of `f`'s entry-block arguments that strict symbolic
/// shapes checks not to be 1 on entry (none when `f` does not assume them).
fn strict_extents(ctx: &Context, f: OpId) -> HashSet<(ValueId, usize)> {
    let args = ctx
        .op(f)
        .regions
        .first()
        .and_then(|&r| ctx.region(r).blocks.first())
        .map(|&b| ctx.block(b).args.clone())
        .unwrap_or_default();
    ir::dialect::func::strict_dimensions(ctx, f)
        .into_iter()
        .filter_map(|d| Some((*args.get(d.arg)?, d.dim)))
        .collect()
}

/// The value the region of a `shape.assuming` yields as its result `v`,
/// if `v` is one.
fn yielded(ctx: &Context, v: ValueId) -> Option<ValueId> {
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
fn leaf_values(ctx: &Context, v: ValueId) -> Vec<ValueId> {
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

/// Whether `op` certainly runs once the function starts: every region from
/// the function down to it has a single block, and every op holding one is
/// a `shape.assuming` (whose body runs when it is reached).
fn certain(ctx: &Context, op: OpId, function: OpId) -> bool {
    let single_block = |o: OpId| {
        ctx.op(o)
            .regions
            .iter()
            .all(|&r| ctx.region(r).blocks.len() == 1)
    };
    let mut p = ctx.parent_op(op);
    while let Some(q) = p {
        if !single_block(q) {
            return false;
        }
        if q == function {
            return true;
        }
        if ctx.kind(q) != OpKind::ShapeAssuming {
            return false;
        }
        p = ctx.parent_op(q);
    }
    false
}

/// Where the ops of a function stand: their place in program order
/// (pre-order), and the ops the pass decided to move before a kept check
/// (moved when it is done), which then stand just before it.
struct Placement {
    position: HashMap<OpId, usize>,
    moved: HashMap<OpId, OpId>,
}

/// At most this many ops move before a check to widen it with a later
/// one's shapes.
const MOVED_PER_WIDENING: usize = 32;

impl Placement {
    /// The op whose place `op` has: the check it moves before, or itself.
    fn location(&self, op: OpId) -> OpId {
        self.moved.get(&op).copied().unwrap_or(op)
    }

    /// A sort key of `op`'s place within its block: just before the check
    /// it moves before, or where it is.
    fn key(&self, op: OpId) -> (Option<usize>, bool) {
        let at = self.location(op);
        (self.position.get(&at).copied(), at == op)
    }

    /// Whether `v` is defined at `at`: in a block that holds `at`, before it.
    fn visible(&self, ctx: &Context, v: ValueId, at: OpId) -> bool {
        let holds_at = |block: ir::BlockId| {
            std::iter::successors(Some(at), |&o| ctx.parent_op(o))
                .any(|o| ctx.op(o).parent == Some(block))
        };
        match ctx.value(v).def {
            ir::ValueDef::BlockArg { block, .. } => holds_at(block),
            ir::ValueDef::OpResult { op, .. } => {
                ctx.op(self.location(op)).parent.is_some_and(holds_at)
                    && self.key(op) < self.key(at)
            }
        }
    }

    /// Whether the place just before `check` dominates `op`'s: `check` is
    /// in a block holding `op` (or an op around it), before it.
    fn dominates(&self, ctx: &Context, check: OpId, op: OpId) -> bool {
        let block = ctx.op(check).parent;
        let at = self.location(op);
        std::iter::successors(Some(at), |&o| ctx.parent_op(o))
            .find(|&o| ctx.op(o).parent == block)
            .is_some_and(|holder| {
                let key = if holder == at {
                    self.key(op)
                } else {
                    self.key(holder)
                };
                self.key(check) < key
            })
    }

    /// The ops to move before `check` so that `v` is defined there (in the
    /// order to move them), added to `out`: the ops computing it, when each
    /// is defined on every input ([`pass::defined_everywhere`], so pure)
    /// and its place is dominated by `check`'s, so every use stays
    /// dominated. `None` if `v` cannot be made defined there.
    fn moves_for(&self, ctx: &Context, v: ValueId, check: OpId, out: &mut Vec<OpId>) -> Option<()> {
        if self.visible(ctx, v, check) {
            return Some(());
        }
        let d = ctx.defining_op(v)?;
        if out.contains(&d) {
            return Some(());
        }
        let movable = out.len() < MOVED_PER_WIDENING
            && pass::defined_everywhere(ctx, d)
            && self.dominates(ctx, check, d);
        if !movable {
            return None;
        }
        for &operand in &ctx.op(d).operands {
            self.moves_for(ctx, operand, check, out)?;
        }
        out.push(d);
        Some(())
    }
}

/// A `cstr_broadcastable` or `cstr_eq` kept so far: the shapes it checks
/// (for a broadcast, those its operands are made of), and their classes.
struct KeptCheck {
    op: OpId,
    shapes: Vec<ValueId>,
    classes: Vec<Id>,
}

/// How an earlier check absorbs a later one: its index in the kept
/// checks, the shapes it then checks, the ops that move before it, and the
/// kept checks after it (indices, in order) it makes redundant too.
struct Absorption {
    check: usize,
    shapes: Vec<ValueId>,
    moves: Vec<OpId>,
    absorbed: Vec<usize>,
}

impl Builder<'_> {
    /// `values` without those of a class met before (in `classes` or
    /// earlier in `values`), and the classes of those left.
    fn distinct(
        &mut self,
        values: impl IntoIterator<Item = ValueId>,
        classes: &[Id],
    ) -> (Vec<ValueId>, Vec<Id>) {
        let mut out = (Vec::new(), Vec::new());
        for v in values {
            let id = self.id(v);
            let class = self.class(id);
            if !classes.iter().any(|&c| self.class(c) == class) && !out.1.contains(&class) {
                out.0.push(v);
                out.1.push(class);
            }
        }
        out
    }

    /// For a `cstr_broadcastable` or `cstr_eq` left unknown: the earliest
    /// kept one of the same kind and message that, widened, checks what it
    /// checks: a broadcast check of a subset of its shapes (broadcastable
    /// together is broadcastable in part), an equality sharing one of its
    /// shapes (equalities chain). It must stand after the op with side
    /// effects at `barrier` (the last before `cstr`): widening it moves the
    /// checks of the added shapes there, and no check may cross an effect
    /// ([`ir::effects`]). The added shapes must be defined there, or made so
    /// by moving there the pure ops that compute them
    /// ([`Placement::moves_for`]). Widened, it makes this one redundant, and
    /// so every later kept check it could have absorbed too, once their own
    /// shapes are added to it: `cstr_broadcastable(a, b)`,
    /// `cstr_broadcastable(c, d)` and `cstr_broadcastable(broadcast(a, b),
    /// broadcast(c, d))` become `cstr_broadcastable(a, b, c, d)`, since
    /// where `a, b` and `c, d` broadcast, their broadcasts do exactly when
    /// all four do (in each dimension, at most one extent other than 1).
    fn absorbing_check(
        &mut self,
        cstr: OpId,
        kept: &[KeptCheck],
        placement: &Placement,
        barrier: Option<usize>,
    ) -> Option<Absorption> {
        let ctx = self.ctx;
        let kind = ctx.kind(cstr);
        let broadcast = kind == OpKind::ShapeCstrBroadcastable;
        let operands = ctx.op(cstr).operands.clone();
        let (values, classes) = match broadcast {
            true => self.distinct(operands.iter().flat_map(|&o| leaf_values(ctx, o)), &[]),
            false => self.distinct(operands.iter().copied(), &[]),
        };
        let message = |o: OpId| ctx.attr(o, "msg").cloned();
        let candidates: Vec<usize> = (0..kept.len())
            .filter(|&index| {
                let k = &kept[index];
                let after_effects =
                    barrier.is_none_or(|e| placement.position.get(&k.op).is_some_and(|&p| p > e));
                let known = k.classes.iter().map(|&c| self.class(c));
                after_effects
                    && ctx.kind(k.op) == kind
                    && message(k.op) == message(cstr)
                    && match broadcast {
                        true => known.into_iter().all(|c| classes.contains(&c)),
                        false => known.into_iter().any(|c| classes.contains(&c)),
                    }
            })
            .collect();
        for (n, &index) in candidates.iter().enumerate() {
            let k = &kept[index];
            let known: Vec<Id> = k.classes.iter().map(|&c| self.class(c)).collect();
            let (mut shapes, added) = match broadcast {
                // Its own shapes stay, even one of a class `values` holds
                // another of: that equality may be what it taught.
                true => {
                    let own = k.shapes.iter().filter(|s| !values.contains(s));
                    (values.iter().chain(own).copied().collect(), values.clone())
                }
                false => {
                    let (added, _) = self.distinct(values.iter().copied(), &known);
                    let shapes: Vec<ValueId> = k.shapes.iter().chain(&added).copied().collect();
                    (shapes, added)
                }
            };
            let mut moves = Vec::new();
            if !added
                .iter()
                .all(|&v| placement.moves_for(ctx, v, k.op, &mut moves).is_some())
            {
                continue;
            }
            // The later ones go too, with all their shapes (for the same
            // reason as its own) checked by it, where those can move there.
            let mut absorbed = Vec::new();
            for &later in &candidates[n + 1..] {
                let more: Vec<ValueId> = kept[later]
                    .shapes
                    .iter()
                    .filter(|s| !shapes.contains(s))
                    .copied()
                    .collect();
                let mut with_more = moves.clone();
                if more
                    .iter()
                    .all(|&v| placement.moves_for(ctx, v, k.op, &mut with_more).is_some())
                {
                    moves = with_more;
                    shapes.extend(more);
                    absorbed.push(later);
                }
            }
            return Some(Absorption {
                check: index,
                shapes,
                moves,
                absorbed,
            });
        }
        None
    }
}

impl<'a> Builder<'a> {
    /// An empty e-graph for the constraints of function `f`.
    fn new(ctx: &'a Context, f: OpId, limits: Limits, statistics: &'a mut Statistics) -> Self {
        Builder {
            ctx,
            graph: Graph::default(),
            ids: HashMap::new(),
            strict: strict_extents(ctx, f),
            not_one: Vec::new(),
            broadcastable: Vec::new(),
            limits,
            statistics,
            saturated_nodes: 0,
        }
    }
}

/// The checks before a constraint, for naming those it follows from.
struct Premises<'o> {
    /// The ops of the function, in order.
    ops: &'o [OpId],
    function: OpId,
    limits: Limits,
    /// Whether the value bounds decide the target true, by the conditions
    /// established (many trials establish the same ones).
    by_bounds: std::cell::RefCell<HashMap<Vec<ValueId>, bool>>,
}

impl Premises<'_> {
    /// Whether the e-graph proves `target` true from the checks `given`
    /// alone (`None` if it proves it false).
    fn egraph_proves(&self, ctx: &Context, target: OpId, given: &[OpId]) -> Option<bool> {
        let mut scratch = Statistics::default();
        let mut b = Builder::new(ctx, self.function, self.limits, &mut scratch);
        // Ops that compute nothing the checks read add nothing to the proof.
        let read = ops_computing(ctx, given.iter().copied().chain([target]));
        for &o in self.ops {
            if o == target {
                break;
            }
            if ctx.shape_role(o) != ShapeRole::Constraint {
                if read.contains(&o) {
                    b.op(o);
                }
            } else if given.contains(&o) {
                b.learn(o);
            }
        }
        match b.decide(target) {
            Verdict::True(_) => Some(true),
            Verdict::Unknown => Some(false),
            Verdict::False(..) => None,
        }
    }

    /// Whether `target` is proven true from the checks `given`, some of
    /// the checks `all`: by the e-graph (if `egraph`) or by value bounds.
    /// Fewer established conditions never let the bounds decide more, so
    /// they are asked only if all the checks let them decide.
    fn proves(
        &self,
        ctx: &Context,
        target: OpId,
        (given, all): (&[OpId], &[OpId]),
        egraph: bool,
    ) -> bool {
        let by_egraph = if egraph {
            self.egraph_proves(ctx, target, given)
        } else {
            Some(false)
        };
        match by_egraph {
            Some(true) => true,
            Some(false) if ctx.kind(target) == OpKind::ShapeCstrRequire => {
                self.bounds_prove(ctx, target, all) && self.bounds_prove(ctx, target, given)
            }
            _ => false,
        }
    }

    /// Whether the value bounds decide the `shape.cstr_require` `target`
    /// true given the conditions the requires among `given` establish.
    fn bounds_prove(&self, ctx: &Context, target: OpId, given: &[OpId]) -> bool {
        let established: Vec<ValueId> = given
            .iter()
            .filter(|&&g| ctx.kind(g) == OpKind::ShapeCstrRequire)
            .filter_map(|&g| ctx.op(g).operands.first().copied())
            .collect();
        *self
            .by_bounds
            .borrow_mut()
            .entry(established)
            .or_insert_with_key(|established| {
                matches!(decide_by_bounds(ctx, target, established), Verdict::True(_))
            })
    }

    /// A least set of the checks `before` (in order) that proves `target`,
    /// found by dropping each one the proof does not need; empty when it
    /// needs none (its operands alone decide it). Only the checks
    /// [related](related_checks) to `target` are tried when they prove it
    /// together, which they do whenever unrelated checks cannot bear on
    /// it: then the set is the one trying them all would give. Fewer
    /// checks never let the e-graph prove more either: if all of them do
    /// not, only the value bounds can, which read only the requires.
    fn implying(&self, ctx: &Context, target: OpId, before: &[OpId]) -> Vec<OpId> {
        if self.proves(ctx, target, (&[], before), true) {
            return Vec::new();
        }
        let egraph = self.egraph_proves(ctx, target, before) == Some(true);
        let related = related_checks(ctx, target, before);
        let mut candidates = if self.proves(ctx, target, (&related, before), egraph) {
            related
        } else if egraph || self.proves(ctx, target, (before, before), false) {
            before.to_vec()
        } else {
            // Decided by facts the graph had gathered in another order:
            // name them all.
            return before.to_vec();
        };
        if !egraph {
            candidates.retain(|&c| ctx.kind(c) == OpKind::ShapeCstrRequire);
        }
        let mut given = candidates.clone();
        for &c in candidates.iter().rev() {
            let without: Vec<OpId> = given.iter().copied().filter(|&g| g != c).collect();
            if self.proves(ctx, target, (&without, before), egraph) {
                given = without;
            }
        }
        given
    }
}

/// The ops the operands of `checks` are computed by, through the ops that
/// define them, with everything nested in those that hold regions.
fn ops_computing(ctx: &Context, checks: impl Iterator<Item = OpId>) -> HashSet<OpId> {
    let mut ops = HashSet::new();
    let mut stack: Vec<OpId> = checks
        .flat_map(|c| ctx.op(c).operands.iter())
        .filter_map(|&v| ctx.defining_op(v))
        .collect();
    while let Some(o) = stack.pop() {
        if !ops.insert(o) {
            continue;
        }
        stack.extend(
            ctx.op(o)
                .operands
                .iter()
                .filter_map(|&v| ctx.defining_op(v)),
        );
        ctx.walk_nested(o, &mut |nested| stack.push(nested));
    }
    ops
}

/// The checks of `before` that share a computed value with `target`, or
/// with a check that does, and so on: the values each operand is computed
/// from, through the ops that define them and what `shape.assuming`
/// regions yield, up to the function's arguments. Constants connect nothing (any two checks may compare with
/// the same `2`).
fn related_checks(ctx: &Context, target: OpId, before: &[OpId]) -> Vec<OpId> {
    let computed_from = |op: OpId| {
        let mut values: HashSet<ValueId> = HashSet::new();
        let mut stack: Vec<ValueId> = ctx.op(op).operands.to_vec();
        while let Some(v) = stack.pop() {
            let defining = ctx.defining_op(v);
            let constant = defining
                .and_then(|d| ctx.op_def(d))
                .is_some_and(|d| d.traits.constant_like.is_some());
            if constant || !values.insert(v) {
                continue;
            }
            if let Some(d) = defining {
                stack.extend(ctx.op(d).operands.iter().copied());
            }
            stack.extend(yielded(ctx, v));
        }
        values
    };
    let mut reached = computed_from(target);
    let mut checks: Vec<(OpId, Option<HashSet<ValueId>>)> = before
        .iter()
        .map(|&c| (c, Some(computed_from(c))))
        .collect();
    let mut grew = true;
    while grew {
        grew = false;
        for (_, values) in &mut checks {
            if values.as_ref().is_some_and(|v| !v.is_disjoint(&reached)) {
                reached.extend(values.take().unwrap_or_default());
                grew = true;
            }
        }
    }
    checks
        .into_iter()
        .filter(|(_, values)| values.is_none())
        .map(|(c, _)| c)
        .collect()
}

/// `, given the check at 10:13 ("requires rank 2 operands")`, for remarks.
fn describe_premises(ctx: &Context, given: &[OpId]) -> String {
    let named: Vec<String> = given
        .iter()
        .map(|&g| {
            let message = ir::dialect::shape::constraint_message(ctx, g);
            format!("{} ({})", line_col(ctx, g), diag::json_string(message))
        })
        .collect();
    match named.as_slice() {
        [] => String::new(),
        [one] => format!(", given the check at {one}"),
        more => format!(", given the checks at {}", more.join(", ")),
    }
}

/// Decide every constraint of every function under `op` within `limits`,
/// counting in `statistics`; returns how many were proven true and removed.
pub fn canonicalize_constraints(
    ctx: &mut Context,
    op: OpId,
    limits: Limits,
    statistics: &mut Statistics,
) -> Result<usize, Diagnostic> {
    let mut removed = 0;
    for f in pass::functions_under(ctx, op) {
        constraint_graph::trace(ctx, f, Picture::WitnessDagBefore);
        let mut ops = Vec::new();
        ctx.walk_nested(f, &mut |o| ops.push(o));
        let mut proven = Vec::new();
        let mut widened: Vec<(OpId, Vec<ValueId>)> = Vec::new();
        // Ops to move before a kept check, in order.
        let mut moves: Vec<(OpId, OpId)> = Vec::new();
        {
            let mut placement = Placement {
                position: ops.iter().enumerate().map(|(i, &o)| (o, i)).collect(),
                moved: HashMap::new(),
            };
            let mut kept: Vec<KeptCheck> = Vec::new();
            // The predicates of the requires that ran before: each held,
            // or execution would not be past it.
            let mut established: Vec<ValueId> = Vec::new();
            // The checks whose facts decisions may use: those learnt, and
            // the requires that ran before (value bounds assume them).
            let mut premises: Vec<OpId> = Vec::new();
            let mut b = Builder::new(ctx, f, limits, &mut *statistics);
            // The op with side effects met last: no check moves back past it.
            let mut effects = Effects::new();
            let mut barrier = None;
            for (i, &o) in ops.iter().enumerate() {
                if ctx.shape_role(o) != ShapeRole::Constraint {
                    // The walk meets the ops of regions too.
                    if effects.own(ctx, o) == Effect::Any {
                        barrier = Some(i);
                    }
                    b.op(o);
                    continue;
                }
                if !certain(ctx, o, f) {
                    continue;
                }
                let verdict = match b.decide(o) {
                    Verdict::Unknown if ctx.kind(o) == OpKind::ShapeCstrRequire => {
                        decide_by_bounds(ctx, o, &established)
                    }
                    verdict => verdict,
                };
                match verdict {
                    Verdict::True(why) => {
                        if pass::remarks_enabled() {
                            let given = Premises {
                                ops: &ops,
                                function: f,
                                limits,
                                by_bounds: Default::default(),
                            }
                            .implying(ctx, o, &premises);
                            pass::remark(
                                ctx,
                                o,
                                format_args!(
                                    "'{}' op is always true: {why}{}",
                                    ctx.op_name(o),
                                    describe_premises(ctx, &given)
                                ),
                            );
                        }
                        proven.push(o);
                    }
                    Verdict::False(why, culprit) => {
                        let message = ctx
                            .attr(o, "msg")
                            .and_then(Attr::as_str)
                            .map(|m| format!("{m}: "))
                            .unwrap_or_default();
                        let mut d = Diagnostic::error(
                            loc_of(ctx, o),
                            format!("'{}' op always fails: {message}{why}", ctx.op_name(o)),
                        );
                        d.notes = pass::origin_notes(ctx, o, "the check that fails");
                        if let Some(def) = culprit.and_then(|v| ctx.defining_op(v)) {
                            d.notes.push(Diagnostic::new(
                                diag::Severity::Note,
                                loc_of(ctx, def),
                                "the conflicting value is computed here",
                            ));
                        }
                        return Err(d);
                    }
                    Verdict::Unknown if ctx.kind(o) != OpKind::ShapeCstrRequire => {
                        match b.absorbing_check(o, &kept, &placement, barrier) {
                            Some(Absorption {
                                check: k,
                                shapes,
                                moves: moved,
                                absorbed,
                            }) => {
                                let gone: Vec<OpId> =
                                    absorbed.iter().map(|&a| kept[a].op).collect();
                                for &g in gone.iter().chain([&o]) {
                                    pass::remark(
                                        ctx,
                                        g,
                                        format_args!(
                                            "'{}' op is merged into the check at {}",
                                            ctx.op_name(g),
                                            line_col(ctx, kept[k].op)
                                        ),
                                    );
                                    b.statistics.add(
                                        "merged",
                                        "checks merged into an earlier one",
                                        1,
                                    );
                                    widened.retain(|(w, _)| *w != g);
                                    proven.push(g);
                                }
                                // Later than the one widened: its index stays.
                                for &a in absorbed.iter().rev() {
                                    kept.remove(a);
                                }
                                kept[k].classes = shapes.iter().map(|&v| b.id(v)).collect();
                                kept[k].shapes = shapes.clone();
                                widened.retain(|(w, _)| *w != kept[k].op);
                                widened.push((kept[k].op, shapes));
                                for m in moved {
                                    placement.moved.insert(m, kept[k].op);
                                    moves.push((m, kept[k].op));
                                }
                            }
                            None => {
                                b.statistics
                                    .add("kept", "constraints left as runtime checks", 1);
                                let shapes = match ctx.kind(o) {
                                    OpKind::ShapeCstrBroadcastable => ctx
                                        .op(o)
                                        .operands
                                        .iter()
                                        .flat_map(|&v| leaf_values(ctx, v))
                                        .collect(),
                                    _ => ctx.op(o).operands.to_vec(),
                                };
                                let classes = shapes.iter().map(|&v| b.id(v)).collect();
                                kept.push(KeptCheck {
                                    op: o,
                                    shapes,
                                    classes,
                                });
                            }
                        }
                        b.learn(o)
                    }
                    Verdict::Unknown => {
                        b.statistics
                            .add("kept", "constraints left as runtime checks", 1);
                        b.learn(o)
                    }
                }
                if ctx.kind(o) == OpKind::ShapeCstrRequire {
                    established.extend(ctx.op(o).operands.first().copied());
                }
                premises.push(o);
            }
            constraint_graph::trace(ctx, f, Picture::EGraph(&b.graph));
        }
        statistics.add("functions", "functions decided", 1);
        statistics.add(
            "removed",
            "constraints removed (proven true, or merged into an earlier check)",
            proven.len() as u64,
        );
        for (op, check) in moves {
            ctx.move_op_before(op, check);
        }
        for (check, shapes) in widened {
            ctx.set_operands(check, &shapes);
        }
        for c in proven {
            replace_with_true(ctx, c);
            removed += 1;
        }
        constraint_graph::trace(ctx, f, Picture::WitnessDagAfter);
    }
    Ok(removed)
}

/// Decide a `cstr_require` the e-graph left unknown with value bounds
/// (crate `value-bounds`), assuming the predicates of the requires that ran
/// before it: the linear facts of sums, differences, divisions, maxima,
/// ranks and extents of shapes that intervals alone do not relate
/// (`axis < rank` proves `1 ≤ rank - axis`).
fn decide_by_bounds(ctx: &Context, cstr: OpId, established: &[ValueId]) -> Verdict {
    let Some(&p) = ctx.op(cstr).operands.first() else {
        return Verdict::Unknown;
    };
    match value_bounds::decide_given(ctx, p, established) {
        Some(true) => {
            Verdict::True("its condition follows from the value bounds of what it compares".into())
        }
        Some(false) => Verdict::False(
            "its condition contradicts the value bounds of what it compares".into(),
            Some(p),
        ),
        None => Verdict::Unknown,
    }
}

/// Where `op` is, as `line:col`.
fn line_col(ctx: &Context, op: OpId) -> String {
    ctx.op(op).loc.file_line_col().map_or_else(
        || "an unknown location".into(),
        |(_, l, c)| format!("{l}:{c}"),
    )
}

fn replace_with_true(ctx: &mut Context, cstr: OpId) {
    ir::builder::replace_with_const_witness(ctx, cstr, true);
}
