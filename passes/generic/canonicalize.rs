//! `canonicalize`: fold ops and apply the canonicalization patterns of
//! every dialect until nothing changes (MLIR's greedy rewrite driver).
//!
//! Precondition: none (runs on the regions of any op, normally the
//! module). Postcondition, when it converges: no op folds or matches a
//! pattern of `fold::apply_patterns`; no trivially dead op is left;
//! constants are unique per (dialect, value, type) within each region
//! isolated from above (or of an unregistered op, or of the top-level op),
//! and sit at the start of its entry block, in the order MLIR's
//! `OperationFolder` leaves them. Each iteration walks the IR (pre-order
//! with `top-down`, else post-order) into a worklist and processes it LIFO:
//! erase if dead, else fold (materializing constants right before the op),
//! else try the patterns; whatever changed is queued again (created or
//! moved ops, users of replaced values, producers left with one use or
//! none, and their ancestors). After each sweep the regions are simplified
//! (`simplify_regions`, unless `region-simplify=disabled`): unreachable
//! blocks and dead code go, dead block arguments too, and with
//! `region-simplify=aggressive` identical blocks merge and arguments every
//! edge passes alike are replaced. At most `max-iterations` iterations run;
//! with `test-convergence` not converging is an error. Declines: what the
//! folders and patterns decline (see the `fold` crate).
//!
//! ```mlir
//! %c2 = shape.const_size 2
//! %c3 = shape.const_size 3
//! %0 = shape.add %c2, %c3 : !shape.size, !shape.size -> !shape.size
//! // becomes
//! %c5 = shape.const_size 5
//! ```

use crate::generic::simplify_regions::simplify_regions;
use diag::Diagnostic;
use fold::{Event, FoldResult, Folded, Rewriter};
use ir::{Attr, BlockId, Context, OpId, RegionId, Type, ValueId};
use pass::{trivially_dead, Limit, PassDecl, PassRegistry, PassResult, Statistics};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// How much the driver simplifies the control flow of regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionSimplify {
    Disabled,
    Normal,
    Aggressive,
}

pass::option_enum!(RegionSimplify, "'disabled' | 'normal' | 'aggressive'", {
    "disabled" => RegionSimplify::Disabled,
    "normal" => RegionSimplify::Normal,
    "aggressive" => RegionSimplify::Aggressive,
});

pass::pass_options! {
    /// The driver's options, with `mlir-opt`'s defaults.
    #[derive(PartialEq, Eq)]
    pub struct Config {
        /// Seed the worklist in pre-order (else post-order).
        top_down: bool = true, "top-down";
        /// Fail if the rewrite has not converged after `max-iterations`.
        test_convergence: bool = false, "test-convergence";
        /// Iterations over the whole IR at most.
        max_iterations: Limit = Limit(Some(10)), "max-iterations";
        /// Pattern applications per iteration at most.
        max_num_rewrites: Limit = Limit(None), "max-num-rewrites";
        /// How much the control flow of regions is simplified.
        region_simplify: RegionSimplify = RegionSimplify::Normal, "region-simplify";
    }
}

pub struct Canonicalize {
    config: Config,
}

impl PassDecl for Canonicalize {
    const NAME: &'static str = "canonicalize";
    const SUMMARY: &'static str = "Canonicalize operations";
    type Options = Config;
    fn new(options: Config, _: &PassRegistry) -> Result<Self, String> {
        Ok(Canonicalize { config: options })
    }
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        let converged = canonicalize(ctx, op, &self.config);
        if self.config.test_convergence && !converged {
            let loc = pass::loc_of(ctx, op);
            let limit = self
                .config
                .max_iterations
                .0
                .map_or("unlimited".to_string(), |n| n.to_string());
            return Err(Diagnostic::error(
                loc,
                format!("canonicalization did not converge within {limit} iterations"),
            ));
        }
        Ok(())
    }
}

/// Canonicalize the regions of `root`; true if it converged (the last
/// iteration changed nothing).
pub fn canonicalize(ctx: &mut Context, root: OpId, config: &Config) -> bool {
    let mut driver = Driver {
        root,
        config,
        worklist: Vec::new(),
        queued: Vec::new(),
    };
    let mut iteration = 0u64;
    loop {
        iteration += 1;
        if config.max_iterations.0.is_some_and(|max| iteration > max) {
            return false;
        }
        driver.populate(ctx);
        let mut changed = driver.process(ctx);
        if config.region_simplify != RegionSimplify::Disabled {
            let merge = config.region_simplify == RegionSimplify::Aggressive;
            changed |= simplify_regions(ctx, root, merge);
        }
        if !changed {
            return true;
        }
    }
}

/// Constants kept by the folder during one population: by insertion
/// region, dialect, value and type.
#[derive(Default)]
struct ConstantTable {
    unique: HashMap<(RegionId, String, Attr, Type), OpId>,
    owned: HashSet<OpId>,
}

/// Where an op not in the worklist is (in [`Driver::queued`]).
const NOT_QUEUED: u32 = u32::MAX;

struct Driver<'a> {
    root: OpId,
    config: &'a Config,
    /// LIFO; erased entries are `None`.
    worklist: Vec<Option<OpId>>,
    /// By op index: the op's position in the worklist, or [`NOT_QUEUED`]
    /// (ops past the end are not queued either).
    queued: Vec<u32>,
}

impl Driver<'_> {
    /// Where `op` is in the worklist, taken out of the index.
    fn take_position(&mut self, op: OpId) -> Option<usize> {
        let slot = self.queued.get_mut(op.index())?;
        let position = std::mem::replace(slot, NOT_QUEUED);
        (position != NOT_QUEUED).then_some(position as usize)
    }

    /// Record that `op` is at `position` of the worklist.
    fn set_position(&mut self, op: OpId, position: usize) {
        if op.index() >= self.queued.len() {
            self.queued.resize(op.index() + 1, NOT_QUEUED);
        }
        self.queued[op.index()] = position as u32;
    }

    fn push(&mut self, op: OpId) {
        if self
            .queued
            .get(op.index())
            .is_some_and(|&p| p != NOT_QUEUED)
        {
            return;
        }
        self.set_position(op, self.worklist.len());
        self.worklist.push(Some(op));
    }

    fn pop(&mut self) -> Option<OpId> {
        while let Some(entry) = self.worklist.pop() {
            if let Some(op) = entry {
                self.take_position(op);
                return Some(op);
            }
        }
        None
    }

    fn remove(&mut self, op: OpId) {
        if let Some(i) = self.take_position(op) {
            if let Some(slot) = self.worklist.get_mut(i) {
                *slot = None;
            }
        }
    }

    /// Whether `op` is (still) nested in the root.
    fn in_root(&self, ctx: &Context, op: OpId) -> bool {
        let mut cur = op;
        while let Some(parent) = ctx.parent_op(cur) {
            if parent == self.root {
                return true;
            }
            cur = parent;
        }
        false
    }

    /// Queue `op` and the ancestors below the root, if it is nested in the
    /// root (MLIR's `addToWorklist`).
    fn add(&mut self, ctx: &Context, op: OpId) {
        if !self.in_root(ctx, op) {
            return;
        }
        let mut cur = op;
        while cur != self.root {
            self.push(cur);
            match ctx.parent_op(cur) {
                Some(parent) => cur = parent,
                None => return,
            }
        }
    }

    fn apply_events(&mut self, ctx: &Context, events: Vec<Event>) {
        for e in events {
            match e {
                Event::Inserted(o) | Event::Modified(o) => self.add(ctx, o),
                Event::Erased { op, revisit } => {
                    for d in revisit {
                        self.add(ctx, d);
                    }
                    self.remove(op);
                }
            }
        }
    }

    /// Seed the worklist for one iteration, uniquing and hoisting the
    /// constants met on the way.
    fn populate(&mut self, ctx: &mut Context) {
        while self.pop().is_some() {}
        let mut order = Vec::new();
        for &r in &ctx.op(self.root).regions {
            walk_region(ctx, r, self.config.top_down, &mut order);
        }
        let mut table = ConstantTable::default();
        let mut rw = Rewriter::new(ctx);
        for op in order {
            if !self.in_root(rw.ctx, op) {
                continue;
            }
            let kept = insert_known_constant(&mut rw, &mut table, op);
            let events = rw.take_events();
            self.apply_events(rw.ctx, events);
            if kept {
                self.push(op);
            }
        }
        if self.config.top_down {
            self.worklist.reverse();
            for (i, slot) in self.worklist.iter().enumerate() {
                if let Some(op) = *slot {
                    self.queued[op.index()] = i as u32;
                }
            }
        }
    }

    /// Process the worklist; true if the IR changed.
    fn process(&mut self, ctx: &mut Context) -> bool {
        let mut changed = false;
        let mut rewrites = 0u64;
        while self
            .config
            .max_num_rewrites
            .0
            .is_none_or(|max| rewrites < max)
        {
            let Some(op) = self.pop() else {
                break;
            };
            if !self.in_root(ctx, op) {
                continue;
            }
            let mut rw = Rewriter::new(ctx);
            let done = if trivially_dead(rw.ctx, op) {
                rw.erase_op(op);
                true
            } else {
                fold::fold(rw.ctx, op).is_some_and(|f| self.apply_fold(&mut rw, op, f))
            };
            if done {
                changed = true;
            } else if fold::apply_patterns(&mut rw, op) {
                changed = true;
                rewrites += 1;
            }
            let events = rw.take_events();
            self.apply_events(ctx, events);
        }
        changed
    }

    /// Replace `op` by what it folded to; false if a constant could not be
    /// materialized (the op is then left alone).
    fn apply_fold(&mut self, rw: &mut Rewriter, op: OpId, folded: Folded) -> bool {
        let results = match folded {
            Folded::InPlace => {
                rw.modified(op);
                return true;
            }
            Folded::Results(r) => r,
        };
        let result_values = rw.ctx.op(op).results.to_vec();
        if results.len() != result_values.len() {
            return false;
        }
        let dialect = rw
            .ctx
            .op_name(op)
            .split_once('.')
            .map_or(String::new(), |(d, _)| d.to_string());
        let loc = rw.ctx.op(op).loc.clone();
        let mut constants = Vec::new();
        let mut replacements: Vec<ValueId> = Vec::new();
        for (r, &old) in results.iter().zip(&result_values) {
            let ty = rw.ctx.value_type(old);
            let value = match r {
                FoldResult::Value(v) if result_values.contains(v) => {
                    rw.modified(op);
                    return true;
                }
                FoldResult::Value(v) => (rw.ctx.value_type(*v) == ty).then_some(*v),
                FoldResult::Attr(a) => {
                    fold::materialize_constant(rw.ctx, &dialect, a, ty, loc.clone()).and_then(|c| {
                        constants.push(c);
                        rw.ctx.result(c, 0)
                    })
                }
            };
            match value {
                Some(v) => replacements.push(v),
                None => return false,
            }
        }
        for c in constants {
            rw.insert_before(op, c);
        }
        rw.replace_op_with_values(op, &replacements);
        true
    }
}

/// Ops of `region` in pre-order (`top_down`) or post-order.
fn walk_region(ctx: &Context, region: RegionId, top_down: bool, out: &mut Vec<OpId>) {
    for &b in &ctx.region(region).blocks {
        for op in ctx.block_ops(b) {
            if top_down {
                out.push(op);
            }
            for &r in &ctx.op(op).regions {
                walk_region(ctx, r, top_down, out);
            }
            if !top_down {
                out.push(op);
            }
        }
    }
}

/// The region constants of `block` go to: the closest enclosing region of
/// an op isolated from above, unregistered, or at the top level.
fn insertion_region(ctx: &Context, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = ctx.block(block).parent?;
        let parent = ctx.region(region).parent?;
        let isolated = ctx
            .op_def(parent)
            .is_none_or(|d| d.traits.isolated_from_above);
        match ctx.op(parent).parent {
            Some(b) if !isolated => block = b,
            _ => return Some(region),
        }
    }
}

/// MLIR's `OperationFolder::insertKnownConstant`: a constant equal to one
/// already seen in its insertion region is replaced by it and erased
/// (false); otherwise it is recorded and moved to the front of the
/// region's entry block unless it already follows the constants there.
fn insert_known_constant(rw: &mut Rewriter, table: &mut ConstantTable, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let (Some(value), Some(block), Some(result)) = (
        fold::constant_attr(ctx, op),
        ctx.op(op).parent,
        ctx.result(op, 0),
    ) else {
        return true;
    };
    let Some(region) = insertion_region(ctx, block) else {
        return true;
    };
    let dialect = ctx
        .op_name(op)
        .split_once('.')
        .map_or(String::new(), |(d, _)| d.to_string());
    let key = (region, dialect, value, ctx.value_type(result));
    if let Some(&existing) = table.unique.get(&key) {
        if let Some(to) = rw.ctx.result(existing, 0) {
            rw.replace_all_uses(result, to);
            rw.erase_op(op);
            return false;
        }
    }
    let Some(&entry) = ctx.region(region).blocks.first() else {
        return true;
    };
    let after_constants = ctx.op(op).prev.is_some_and(|p| table.owned.contains(&p));
    let at_front = ctx.block(entry).first == Some(op);
    if block != entry || (!at_front && !after_constants) {
        if let Some(front) = ctx.block(entry).first {
            rw.ctx.move_op_before(op, front);
        }
    }
    table.unique.insert(key, op);
    table.owned.insert(op);
    true
}
