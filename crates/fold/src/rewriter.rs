//! The mutation API patterns use, recording what changed (MLIR's
//! `PatternRewriter` with its listener) so that a driver can revisit it.

use ir::{BlockId, Context, OpId, OperationState, RegionId, ValueId};

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

    /// Create an op from `state` at the end of `block`.
    pub fn create_at_end(&mut self, block: BlockId, state: OperationState) -> OpId {
        let op = self.ctx.create_op(state);
        self.ctx.append_op(block, op);
        self.events.push(Event::Inserted(op));
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

    /// Move `op` right before `anchor` (possibly from another block).
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) {
        self.insert_before(anchor, op);
    }

    /// Give `op` new operands in place.
    pub fn set_operands(&mut self, op: OpId, operands: &[ValueId]) {
        self.ctx.set_operands(op, operands);
        self.modified(op);
    }

    /// Move the ops of `src` right before `anchor`, its arguments replaced
    /// by `args` (MLIR's `inlineBlockBefore`); `src` is left detached.
    pub fn inline_block_before(&mut self, src: BlockId, anchor: OpId, args: &[ValueId]) {
        self.replace_block_args(src, args);
        let ops: Vec<OpId> = self.ctx.block_ops(src).collect();
        for op in ops {
            self.insert_before(anchor, op);
        }
        self.ctx.detach_block(src);
    }

    /// Move the ops of `src` to the end of `dest`, its arguments replaced by
    /// `args` (MLIR's `mergeBlocks`); `src` is left detached.
    pub fn merge_blocks(&mut self, src: BlockId, dest: BlockId, args: &[ValueId]) {
        self.replace_block_args(src, args);
        let ops: Vec<OpId> = self.ctx.block_ops(src).collect();
        for op in ops {
            self.ctx.append_op(dest, op);
            self.events.push(Event::Inserted(op));
        }
        self.ctx.detach_block(src);
    }

    fn replace_block_args(&mut self, block: BlockId, args: &[ValueId]) {
        let own = self.ctx.block(block).args.clone();
        for (&a, &v) in own.iter().zip(args) {
            self.replace_all_uses(a, v);
        }
    }

    /// Split the block of `op` before it: `op` and the ops after it move to
    /// a new block placed right after (MLIR's `splitBlock`).
    pub fn split_block_before(&mut self, op: OpId) -> Option<BlockId> {
        let block = self.ctx.op(op).parent?;
        let tail = self.ctx.create_block();
        self.ctx.insert_block_after(block, tail);
        let mut next = Some(op);
        while let Some(o) = next {
            next = self.ctx.op(o).next;
            self.ctx.append_op(tail, o);
            self.events.push(Event::Inserted(o));
        }
        Some(tail)
    }

    /// Move every block of `src` into `dest`, before block `before` (at the
    /// end if `None`), keeping their order.
    pub fn inline_region_before(&mut self, src: RegionId, dest: RegionId, before: Option<BlockId>) {
        let blocks = self.ctx.region(src).blocks.clone();
        for b in blocks {
            let at = before
                .and_then(|x| self.ctx.region(dest).blocks.iter().position(|&y| y == x))
                .unwrap_or(self.ctx.region(dest).blocks.len());
            self.ctx.insert_block_at(dest, at, b);
        }
    }

    /// Erase the ops of `block` (last first) and detach it. Its values
    /// may only be used in it (or in blocks erased with it).
    pub fn erase_block(&mut self, block: BlockId) {
        let ops: Vec<OpId> = self.ctx.block_ops(block).collect();
        for &op in ops.iter().rev() {
            self.erase_op(op);
        }
        self.ctx.detach_block(block);
    }

    /// Erase the arguments of `block` whose index `erase` selects; they
    /// must be unused. The op owning the block counts as modified.
    pub fn erase_block_args(&mut self, block: BlockId, erase: &[bool]) {
        for i in (0..erase.len()).rev() {
            if erase[i] {
                self.ctx.erase_block_arg(block, i);
            }
        }
        if let Some(owner) = self.ctx.block_parent_op(block) {
            self.modified(owner);
        }
    }

    /// Replace `op` by a copy without the results `erase` selects (they
    /// must be unused): same operands, attributes and successors, its
    /// regions moved over (MLIR's `eraseOpResults`). Returns the new op.
    pub fn erase_op_results(&mut self, op: OpId, erase: &[bool]) -> OpId {
        let data = self.ctx.op(op).clone();
        let kept: Vec<ValueId> = data
            .results
            .iter()
            .zip(erase.iter().chain(std::iter::repeat(&false)))
            .filter(|(_, &e)| !e)
            .map(|(&r, _)| r)
            .collect();
        let regions: Vec<RegionId> = data
            .regions
            .iter()
            .map(|_| self.ctx.create_region())
            .collect();
        let mut state = OperationState::new(data.name.to_string(), data.loc.clone());
        state.operands = data.operands.clone();
        state.result_types = kept.iter().map(|&r| self.ctx.value_type(r)).collect();
        state.props = data.props.clone();
        state.attrs = data.attrs.clone();
        state.successors = data.successors.clone();
        state.regions = regions.as_slice().into();
        let new = self.create_before(op, state);
        for (&old, &new_region) in data.regions.iter().zip(&regions) {
            self.inline_region_before(old, new_region, None);
        }
        let new_results = self.ctx.op(new).results.to_vec();
        let mut next = new_results.into_iter();
        let replacements: Vec<Option<ValueId>> = data
            .results
            .iter()
            .map(|r| if kept.contains(r) { next.next() } else { None })
            .collect();
        self.replace_op(op, &replacements);
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
