//! Check merging: a `cstr_broadcastable` or `cstr_eq` the e-graph leaves
//! unknown merges into an earlier kept one of the same kind and message
//! that, widened with its shapes, checks what it checks
//! ([`Builder::absorbing_check`]); the ops computing the added shapes move
//! before the widened check ([`Placement`]).
//!
//! Guarantees: a widened check fails exactly when one of the checks it
//! absorbs would have; no check moves back past an op with side effects,
//! and only ops defined on every input move, to a place that dominates
//! every use, so each function computes what it did.

use super::build::{leaf_values, Builder};
use super::{line_col, Changes};
use egg::Id;
use ir::{Context, OpId, OpKind, ValueId};
use std::collections::HashMap;

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

/// The checks of one function kept so far and where its ops stand: what a
/// later check left unknown may merge into.
pub(super) struct Merging {
    placement: Placement,
    kept: Vec<KeptCheck>,
}

impl Merging {
    /// Nothing kept yet among `ops`, the ops of a function in program order.
    pub(super) fn new(ops: &[OpId]) -> Self {
        Merging {
            placement: Placement {
                position: ops.iter().enumerate().map(|(i, &o)| (o, i)).collect(),
                moved: HashMap::new(),
            },
            kept: Vec::new(),
        }
    }

    /// Merge the `cstr_broadcastable` or `cstr_eq` `o`, left unknown, into
    /// an earlier kept check ([`Builder::absorbing_check`], after the op
    /// with side effects at `barrier`), recording in `changes` what that
    /// widens, moves and removes; else keep it.
    pub(super) fn merge_or_keep(
        &mut self,
        b: &mut Builder,
        o: OpId,
        barrier: Option<usize>,
        changes: &mut Changes,
    ) {
        match b.absorbing_check(o, &self.kept, &self.placement, barrier) {
            Some(absorption) => self.merge(b, o, absorption, changes),
            None => self.keep(b, o),
        }
    }

    /// Widen the kept check `absorption` names to absorb `o` and the later
    /// kept checks it lists.
    fn merge(&mut self, b: &mut Builder, o: OpId, absorption: Absorption, changes: &mut Changes) {
        let ctx = b.ctx;
        let Absorption {
            check: k,
            shapes,
            moves: moved,
            absorbed,
        } = absorption;
        let kept = &mut self.kept;
        let gone: Vec<OpId> = absorbed.iter().map(|&a| kept[a].op).collect();
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
            b.statistics
                .add("merged", "checks merged into an earlier one", 1);
            changes.widened.retain(|(w, _)| *w != g);
            changes.proven.push(g);
        }
        // Later than the one widened: its index stays.
        for &a in absorbed.iter().rev() {
            kept.remove(a);
        }
        kept[k].classes = shapes.iter().map(|&v| b.id(v)).collect();
        kept[k].shapes = shapes.clone();
        changes.widened.retain(|(w, _)| *w != kept[k].op);
        changes.widened.push((kept[k].op, shapes));
        for m in moved {
            self.placement.moved.insert(m, kept[k].op);
            changes.moves.push((m, kept[k].op));
        }
    }

    /// Keep `o` as a runtime check later ones may merge into.
    fn keep(&mut self, b: &mut Builder, o: OpId) {
        let ctx = b.ctx;
        b.statistics
            .add("kept", "constraints left as runtime checks", 1);
        let shapes: Vec<ValueId> = match ctx.kind(o) {
            OpKind::ShapeCstrBroadcastable => ctx
                .op(o)
                .operands
                .iter()
                .flat_map(|&v| leaf_values(ctx, v))
                .collect(),
            _ => ctx.op(o).operands.to_vec(),
        };
        let classes = shapes.iter().map(|&v| b.id(v)).collect();
        self.kept.push(KeptCheck {
            op: o,
            shapes,
            classes,
        });
    }
}
