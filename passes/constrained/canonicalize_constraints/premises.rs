//! Remark premises: for a constraint proven true, the smallest set of the
//! checks before it that the proof needs, named in the remark
//! (`, given the check at 10:13 ("...")`).
//!
//! Guarantees: only what remarks say depends on this; the IR does not.
//! The checks named prove the constraint on their own (by a fresh e-graph
//! or by value bounds), and dropping any one of them would not.

use super::build::{yielded, Builder};
use super::{decide_by_bounds, line_col, Limits, Verdict};
use ir::{Context, OpId, OpKind, ValueId};
use pass::Statistics;
use std::collections::{HashMap, HashSet};

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
            if !ctx.kind(o).is_constraint() {
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

/// Remark that `target` is always true (`why`), naming the checks among
/// `before` it follows from; `ops` are the ops of `function`, in order.
pub(super) fn remark_proven(
    ctx: &Context,
    (ops, function): (&[OpId], OpId),
    limits: Limits,
    target: OpId,
    why: &str,
    before: &[OpId],
) {
    let given = Premises {
        ops,
        function,
        limits,
        by_bounds: Default::default(),
    }
    .implying(ctx, target, before);
    pass::remark(
        ctx,
        target,
        format_args!(
            "'{}' op is always true: {why}{}",
            ctx.op_name(target),
            describe_premises(ctx, &given)
        ),
    );
}
