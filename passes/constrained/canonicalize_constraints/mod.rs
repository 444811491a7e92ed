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
//! extents known not to be 1 (constants) are one value; under strict
//! symbolic shapes (`analysis::strict_extents`) so are the dynamic
//! dimensions of arguments with them, which its checks found equal:
//! broadcasting arguments whose extents are all dynamic is then their
//! equality, and later checks of it hold. A broadcast check is proven only
//! if its strict checks hold too (its strict extents are one class).
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

mod build;
mod merge;
mod premises;

use build::Builder;
use diag::Diagnostic;
use egraph::constraint_graph::{self, Picture};
use egraph::{ITERATION_LIMIT, NODE_LIMIT};
use ir::effects::{Effect, Effects};
use ir::{Attr, Context, OpId, OpKind, ValueId};
use merge::Merging;
use pass::{loc_of, PassDecl, PassRegistry, PassResult, Statistics};

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
    fn apply(&self, ctx: &mut Context, op: OpId, statistics: &mut Statistics) -> PassResult {
        canonicalize_constraints(ctx, op, self.limits, statistics).map(|_| ())
    }
}

/// What was decided about one constraint.
enum Verdict {
    True(String),
    False(String, Option<ValueId>),
    Unknown,
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
        let changes = decide_function(ctx, f, limits, statistics)?;
        statistics.add("functions", "functions decided", 1);
        statistics.add(
            "removed",
            "constraints removed (proven true, or merged into an earlier check)",
            changes.proven.len() as u64,
        );
        removed += changes.apply(ctx);
        constraint_graph::trace(ctx, f, Picture::WitnessDagAfter);
    }
    Ok(removed)
}

/// What deciding the constraints of one function changes, made once all
/// are decided.
#[derive(Default)]
struct Changes {
    /// The constraints proven true or merged into an earlier check.
    proven: Vec<OpId>,
    /// The checks widened, with all the shapes they then check.
    widened: Vec<(OpId, Vec<ValueId>)>,
    /// Ops to move before a kept check, in order.
    moves: Vec<(OpId, OpId)>,
}

impl Changes {
    /// Move, widen and replace with a true witness; returns how many
    /// constraints went.
    fn apply(self, ctx: &mut Context) -> usize {
        for (op, check) in self.moves {
            ctx.move_op_before(op, check);
        }
        for (check, shapes) in self.widened {
            ctx.set_operands(check, &shapes);
        }
        let removed = self.proven.len();
        for c in self.proven {
            replace_with_true(ctx, c);
        }
        removed
    }
}

/// Decide the constraints of function `f` in program order, each given the
/// facts of those kept before it; the error of the first one that always
/// fails.
fn decide_function(
    ctx: &Context,
    f: OpId,
    limits: Limits,
    statistics: &mut Statistics,
) -> Result<Changes, Diagnostic> {
    let mut ops = Vec::new();
    ctx.walk_nested(f, &mut |o| ops.push(o));
    let mut changes = Changes::default();
    let mut merging = Merging::new(&ops);
    // The predicates of the requires that ran before: each held,
    // or execution would not be past it.
    let mut established: Vec<ValueId> = Vec::new();
    // The checks whose facts decisions may use: those learnt, and
    // the requires that ran before (value bounds assume them).
    let mut premises: Vec<OpId> = Vec::new();
    let mut b = Builder::new(ctx, f, limits, statistics);
    // The op with side effects met last: no check moves back past it.
    let mut effects = Effects::new();
    let mut barrier = None;
    for (i, &o) in ops.iter().enumerate() {
        if !ctx.kind(o).is_constraint() {
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
            // Proven broadcastable, but strict symbolic shapes checks more.
            Verdict::True(_) if !b.strict_checks_hold(o) => Verdict::Unknown,
            verdict => verdict,
        };
        match verdict {
            Verdict::True(why) => {
                if pass::remarks_enabled() {
                    premises::remark_proven(ctx, (&ops, f), limits, o, &why, &premises);
                }
                changes.proven.push(o);
            }
            Verdict::False(why, culprit) => return Err(always_fails(ctx, o, &why, culprit)),
            Verdict::Unknown => {
                if ctx.kind(o) == OpKind::ShapeCstrRequire {
                    b.statistics
                        .add("kept", "constraints left as runtime checks", 1);
                } else {
                    merging.merge_or_keep(&mut b, o, barrier, &mut changes);
                }
                b.learn(o)
            }
        }
        if ctx.kind(o) == OpKind::ShapeCstrRequire {
            established.extend(ctx.op(o).operands.first().copied());
        }
        premises.push(o);
    }
    constraint_graph::trace(ctx, f, Picture::EGraph(&b.graph));
    Ok(changes)
}

/// The error of constraint `o`, which always fails (`why`), with notes on
/// where it comes from and where `culprit`, the conflicting value, is
/// computed.
fn always_fails(ctx: &Context, o: OpId, why: &str, culprit: Option<ValueId>) -> Diagnostic {
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
    d
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
