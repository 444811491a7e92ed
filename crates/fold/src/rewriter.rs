//! The mutation API patterns use, recording what changed (MLIR's
//! `PatternRewriter` with its listener) so that a driver can revisit it.

use ir::{Context, OpId, OperationState, ValueId};

/// One change made through a [`Rewriter`], in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An op was created and inserted, or moved.
    Inserted(OpId),
    /// An op was changed in place (operands, attributes).
    Modified(OpId),
    /// An op was erased; `revisit` are the producers of its operands left
    /// with at most one use (MLIR revisits those: they may now be dead or
    /// foldable).
    Erased { op: OpId, revisit: Vec<OpId> },
}

/// Wraps the context; every change made through it is recorded as an [`Event`].
pub struct Rewriter<'c> {
    pub ctx: &'c mut Context,
    events: Vec<Event>,
}

impl<'c> Rewriter<'c> {
    pub fn new(ctx: &'c mut Context) -> Self {
        Rewriter {
            ctx,
            events: Vec::new(),
        }
    }

    /// The changes since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Create an op from `state` right before `anchor`.
    pub fn create_before(&mut self, anchor: OpId, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.insert_before(anchor, op);
        op
    }

    /// Insert (or move) the existing op `op` right before `anchor`.
    pub fn insert_before(&mut self, anchor: OpId, op: OpId) {
        self.ctx.insert_op_before(anchor, op);
        self.events.push(Event::Inserted(op));
    }

    /// Note that `op` was changed in place.
    pub fn modified(&mut self, op: OpId) {
        self.events.push(Event::Modified(op));
    }

    /// Redirect the uses of `from` to `to`; each user counts as modified
    /// (most recent use first, as MLIR walks use lists).
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let mut users: Vec<OpId> = self.ctx.value(from).uses.iter().map(|u| u.op).collect();
        users.dedup();
        self.ctx.replace_all_uses(from, to);
        for user in users.into_iter().rev() {
            self.modified(user);
        }
    }

    /// Replace the results of `op` (those given; the others must be unused)
    /// and erase it.
    pub fn replace_op(&mut self, op: OpId, replacements: &[Option<ValueId>]) {
        let results = self.ctx.op(op).results.to_vec();
        for (r, with) in results.into_iter().zip(replacements) {
            if let Some(with) = with {
                self.replace_all_uses(r, *with);
            }
        }
        self.erase_op(op);
    }

    /// Replace every result of `op` by the matching value and erase it.
    pub fn replace_op_with_values(&mut self, op: OpId, replacements: &[ValueId]) {
        let replacements: Vec<Option<ValueId>> = replacements.iter().map(|&v| Some(v)).collect();
        self.replace_op(op, &replacements);
    }

    /// Create an op from `state` before `op`, replace `op`'s results by its
    /// results and erase `op`; returns the new op.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState) -> OpId {
        let new = self.create_before(op, state);
        let results = self.ctx.op(new).results.to_vec();
        self.replace_op_with_values(op, &results);
        new
    }

    /// Erase `op` and everything nested in it; its results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        let mut nested = vec![op];
        self.ctx.walk_nested(op, &mut |o| nested.push(o));
        let mut revisit = Vec::new();
        for &o in &nested {
            for &v in &self.ctx.op(o).operands {
                let Some(def) = self.ctx.defining_op(v) else {
                    continue;
                };
                if self.ctx.value(v).uses.len() <= 1 && !revisit.contains(&def) {
                    revisit.push(def);
                }
            }
        }
        self.ctx.erase_op(op);
        self.events.push(Event::Erased { op, revisit });
    }
}
