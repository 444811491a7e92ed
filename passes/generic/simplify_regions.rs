//! Region simplification, what MLIR's greedy rewrite driver runs after each
//! sweep of its worklist (`simplifyRegions`): unreachable blocks go, dead
//! code goes (ops and non-entry block arguments no live value needs, even
//! in cycles through branches), and, when asked, identical blocks merge and
//! block arguments that receive the same value on every edge are replaced
//! by it.
//!
//! Guarantees: only what nothing live reads is erased (ops with effects,
//! terminators, entry block arguments and the arguments of successors of
//! terminators that are not `cf` branches always stay); merged blocks are
//! equal op by op up to values defined outside them, which become block
//! arguments passed by every predecessor. Declines merging blocks holding
//! ops with regions, blocks whose values are used elsewhere, and blocks
//! reached from terminators whose operands cannot be extended.
//!
//! ```mlir
//! ^bb1(%0: i32):  // %0 unused
//!   return
//! // becomes
//! ^bb1:
//!   return
//! ```

use fixedbitset::FixedBitSet;
use fold::cf::{branch, predecessors, set_forwarded};
use fold::Rewriter;
use ir::{BlockId, Context, OpId, RegionId, ValueDef, ValueId};
use pass::effect_free;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Simplify the regions of `root` (and everything nested); true if
/// anything changed that MLIR counts as a change. `merge_blocks` adds
/// identical block merging and redundant argument removal (MLIR's
/// `region-simplify=aggressive`).
pub fn simplify_regions(ctx: &mut Context, root: OpId, merge_blocks: bool) -> bool {
    let regions = ctx.op(root).regions.to_vec();
    let mut changed = erase_unreachable_blocks(ctx, &regions);
    changed |= region_dce(ctx, &regions);
    if merge_blocks {
        changed |= merge_identical_blocks(ctx, &regions);
        changed |= drop_redundant_arguments(ctx, &regions);
    }
    changed
}

/// The regions of the ops of `region`'s blocks.
fn nested_regions(ctx: &Context, region: RegionId) -> Vec<RegionId> {
    let mut out = Vec::new();
    for &b in &ctx.region(region).blocks {
        for o in ctx.block_ops(b) {
            out.extend(ctx.op(o).regions.iter().copied());
        }
    }
    out
}

/// The successors of `b`'s terminator (none without one).
fn successors(ctx: &Context, b: BlockId) -> Vec<BlockId> {
    ctx.block_terminator(b)
        .map(|t| ctx.op(t).successors.to_vec())
        .unwrap_or_default()
}

/// The blocks reachable from `region`'s entry, in post-order (successors
/// in order, each block after the blocks it reaches first).
fn post_order(ctx: &Context, region: RegionId) -> Vec<BlockId> {
    let Some(&entry) = ctx.region(region).blocks.first() else {
        return Vec::new();
    };
    // A block alone in its region can only branch to itself.
    if ctx.region(region).blocks.len() == 1 {
        return vec![entry];
    }
    let mut out = Vec::new();
    let mut visited = HashSet::default();
    visited.insert(entry);
    let mut stack = vec![(entry, successors(ctx, entry), 0)];
    while let Some((b, succs, next)) = stack.last_mut() {
        match succs.get(*next) {
            Some(&s) => {
                *next += 1;
                if visited.insert(s) {
                    let ss = successors(ctx, s);
                    stack.push((s, ss, 0));
                }
            }
            None => {
                out.push(*b);
                stack.pop();
            }
        }
    }
    out
}

// --------------------------------------------------------- unreachable

/// Erase the blocks no path from their region's entry reaches; true if
/// any went.
pub fn erase_unreachable_blocks(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut erased = false;
    let mut worklist = regions.to_vec();
    while let Some(r) = worklist.pop() {
        let blocks = ctx.region(r).blocks.clone();
        if blocks.len() > 1 {
            let reached: HashSet<BlockId> = post_order(ctx, r).into_iter().collect();
            for &b in blocks.iter().filter(|b| !reached.contains(b)) {
                let ops: Vec<OpId> = ctx.block_ops(b).collect();
                // Values of dead blocks may be used by other dead blocks only.
                for &o in ops.iter().rev() {
                    ctx.erase_op(o);
                }
                ctx.detach_block(b);
                erased = true;
            }
        }
        worklist.extend(nested_regions(ctx, r));
    }
    erased
}

// ----------------------------------------------------------- region DCE

/// What has been proved live so far (everything else is assumed dead):
/// ops and block arguments by index, sized for the context's entities
/// when made (ops made later are not live).
struct LiveMap {
    ops: FixedBitSet,
    args: FixedBitSet,
    changed: bool,
}

impl LiveMap {
    fn new(ctx: &Context) -> Self {
        LiveMap {
            ops: FixedBitSet::with_capacity(ctx.num_ops()),
            args: FixedBitSet::with_capacity(ctx.num_values()),
            changed: false,
        }
    }
    fn op_live(&self, op: OpId) -> bool {
        self.ops.contains(op.index())
    }
    fn value_live(&self, ctx: &Context, v: ValueId) -> bool {
        match ctx.value(v).def {
            ValueDef::OpResult { op, .. } => self.op_live(op),
            ValueDef::BlockArg { .. } => self.args.contains(v.index()),
        }
    }
    fn set_value_live(&mut self, ctx: &Context, v: ValueId) {
        match ctx.value(v).def {
            ValueDef::OpResult { op, .. } => self.set_op_live(op),
            ValueDef::BlockArg { .. } => self.changed |= !self.args.put(v.index()),
        }
    }
    fn set_op_live(&mut self, op: OpId) {
        self.changed |= !self.ops.put(op.index());
    }
}

fn is_terminator(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.terminator)
}

/// The successor argument operand `operand` of branch `op` flows into.
fn successor_arg(ctx: &Context, op: OpId, operand: usize) -> Option<ValueId> {
    let b = branch(ctx, op)?;
    let mut i = operand.checked_sub(usize::from(b.lead.is_some()))?;
    for (dest, forwarded) in &b.targets {
        if i < forwarded.len() {
            return ctx.block(*dest).args.get(i).copied();
        }
        i -= forwarded.len();
    }
    None
}

/// A use of `v` by a live op proves it live, unless the use only forwards
/// it to a successor argument not (yet) proved live.
fn process_value(ctx: &Context, live: &mut LiveMap, v: ValueId) {
    let proved = ctx.value(v).uses.iter().any(|u| {
        if is_terminator(ctx, u.op) {
            if let Some(arg) = successor_arg(ctx, u.op, u.operand as usize) {
                if !live.value_live(ctx, arg) {
                    return false;
                }
            }
        }
        live.op_live(u.op)
    });
    if proved {
        live.set_value_live(ctx, v);
    }
}

fn propagate_region(ctx: &Context, live: &mut LiveMap, region: RegionId) {
    let entry = ctx.region(region).blocks.first().copied();
    for b in post_order(ctx, region) {
        // Last op first, along the links (nothing changes meanwhile).
        let mut op = ctx.block(b).last;
        while let Some(o) = op {
            propagate_op(ctx, live, o);
            op = ctx.op(o).prev;
        }
        if Some(b) == entry {
            continue;
        }
        for &a in &ctx.block(b).args {
            if !live.value_live(ctx, a) {
                process_value(ctx, live, a);
            }
        }
    }
}

fn propagate_op(ctx: &Context, live: &mut LiveMap, op: OpId) {
    for &r in &ctx.op(op).regions {
        propagate_region(ctx, live, r);
    }
    let last_in_block = ctx.op(op).next.is_none();
    if is_terminator(ctx, op) || (last_in_block && !ctx.op(op).successors.is_empty()) {
        live.set_op_live(op);
        // Only `cf` branches say which operand feeds which argument.
        if branch(ctx, op).is_none() {
            for &s in &ctx.op(op).successors {
                for &a in &ctx.block(s).args {
                    live.set_value_live(ctx, a);
                }
            }
        }
        return;
    }
    if live.op_live(op) {
        return;
    }
    if !effect_free(ctx, op) {
        live.set_op_live(op);
        return;
    }
    for &r in &ctx.op(op).results {
        process_value(ctx, live, r);
    }
}

/// Drop the operands `op` forwards to successor arguments not proved live.
fn erase_dead_successor_operands(ctx: &mut Context, live: &LiveMap, op: OpId) {
    let Some(b) = branch(ctx, op) else {
        return;
    };
    let forwarded: Vec<Vec<ValueId>> = b
        .targets
        .iter()
        .map(|(dest, operands)| {
            let args = &ctx.block(*dest).args;
            operands
                .iter()
                .enumerate()
                .filter(|&(i, _)| args.get(i).is_some_and(|&a| live.value_live(ctx, a)))
                .map(|(_, &v)| v)
                .collect()
        })
        .collect();
    let same = forwarded.iter().zip(&b.targets).all(|(f, t)| *f == t.1);
    if !same {
        set_forwarded(&mut Rewriter::new(ctx), op, &forwarded);
    }
}

/// Erase what `live` did not prove live; true if an op went.
fn delete_dead(ctx: &mut Context, live: &LiveMap, regions: &[RegionId]) -> bool {
    let mut erased = false;
    for &r in regions {
        let blocks = ctx.region(r).blocks.clone();
        let Some(&entry) = blocks.first() else {
            continue;
        };
        for b in post_order(ctx, r) {
            if blocks.len() > 1 {
                if let Some(t) = ctx.block_terminator(b) {
                    erase_dead_successor_operands(ctx, live, t);
                }
            }
            let ops: Vec<OpId> = ctx.block_ops(b).collect();
            for &op in ops.iter().rev() {
                if live.op_live(op) {
                    let nested = ctx.op(op).regions.to_vec();
                    erased |= delete_dead(ctx, live, &nested);
                } else {
                    ctx.erase_op(op);
                    erased = true;
                }
            }
        }
        for &b in blocks.iter().filter(|&&b| b != entry) {
            let args = ctx.block(b).args.clone();
            for (i, &a) in args.iter().enumerate().rev() {
                if !live.value_live(ctx, a) {
                    ctx.erase_block_arg(b, i);
                }
            }
        }
    }
    erased
}

/// MLIR's `runRegionDCE`: assume everything dead, prove liveness backwards
/// to a fixpoint, erase the rest. True if an op was erased (removed block
/// arguments alone do not count, as in MLIR).
fn region_dce(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut live = LiveMap::new(ctx);
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(ctx, &mut live, r);
        }
        if !live.changed {
            break;
        }
    }
    delete_dead(ctx, &live, regions)
}

// ------------------------------------------------------ block merging

/// A block summarized for comparison: its ops' results numbered after its
/// arguments, and a key that equal blocks share.
struct BlockData {
    block: BlockId,
    /// Per op with results, the number of its first result.
    order: HashMap<OpId, usize>,
    key: Vec<String>,
}

/// What must agree between two ops for their blocks to merge: name,
/// attributes and result types (operands are compared apart).
fn op_key(ctx: &Context, op: OpId) -> String {
    let data = ctx.op(op);
    let types: Vec<u32> = data.results.iter().map(|&r| ctx.value_type(r).0).collect();
    format!(
        "{}|{:?}|{:?}|{:?}|{}|{}|{}",
        data.name,
        data.props,
        data.attrs,
        types,
        data.operands.len(),
        data.regions.len(),
        data.successors.len()
    )
}

impl BlockData {
    fn new(ctx: &Context, block: BlockId) -> Self {
        let mut order = HashMap::default();
        let mut next = ctx.block(block).args.len();
        let mut key = Vec::new();
        for op in ctx.block_ops(block) {
            let n = ctx.op(op).results.len();
            if n > 0 {
                order.insert(op, next);
                next += n;
            }
            key.push(op_key(ctx, op));
        }
        BlockData { block, order, key }
    }

    /// The number of a value defined in this block.
    fn order_of(&self, ctx: &Context, v: ValueId) -> Option<usize> {
        match ctx.value(v).def {
            ValueDef::BlockArg { index, .. } => Some(index as usize),
            ValueDef::OpResult { op, index } => {
                self.order.get(&op).map(|&first| first + index as usize)
            }
        }
    }
}

/// True if a value of `op` is used outside `block`.
fn used_outside(ctx: &Context, op: OpId, block: BlockId) -> bool {
    ctx.op(op).results.iter().any(|&r| {
        ctx.value(r)
            .uses
            .iter()
            .any(|u| ctx.op(u.op).parent != Some(block))
    })
}

/// `operand` may become a successor operand of the predecessors of
/// `block`: it is not a result of the terminator of one of them.
fn valid_successor_arg(ctx: &Context, block: BlockId, operand: ValueId) -> bool {
    let Some(def_block) = ctx.value_block(operand) else {
        return true;
    };
    if ctx.defining_op(operand) != ctx.block_terminator(def_block) {
        return true;
    }
    !predecessors(ctx, block)
        .iter()
        .any(|&(t, _)| ctx.op(t).parent == Some(def_block))
}

/// Blocks equal to a leader, and the operand slots (op index, operand
/// index) where they differ by values from outside.
struct Cluster {
    leader: BlockData,
    members: Vec<BlockId>,
    mismatched: std::collections::BTreeSet<(usize, usize)>,
}

impl Cluster {
    fn try_add(&mut self, ctx: &Context, data: &BlockData) -> bool {
        let (lb, rb) = (self.leader.block, data.block);
        if self.leader.key != data.key {
            return false;
        }
        let arg_types = |b: BlockId| -> Vec<ir::Type> {
            ctx.block(b)
                .args
                .iter()
                .map(|&a| ctx.value_type(a))
                .collect()
        };
        if arg_types(lb) != arg_types(rb) {
            return false;
        }
        let mut mismatched = Vec::new();
        for (i, (l, r)) in ctx.block_ops(lb).zip(ctx.block_ops(rb)).enumerate() {
            let (lo, ro) = (&ctx.op(l).operands, &ctx.op(r).operands);
            for (k, (&lv, &rv)) in lo.iter().zip(ro.iter()).enumerate() {
                if lv == rv {
                    continue;
                }
                if ctx.value_type(lv) != ctx.value_type(rv) {
                    return false;
                }
                let l_in = ctx.value_block(lv) == Some(lb);
                let r_in = ctx.value_block(rv) == Some(rb);
                if l_in != r_in {
                    return false;
                }
                if !l_in {
                    if !valid_successor_arg(ctx, lb, lv) || !valid_successor_arg(ctx, rb, rv) {
                        return false;
                    }
                    mismatched.push((i, k));
                    continue;
                }
                if self.leader.order_of(ctx, lv) != data.order_of(ctx, rv) {
                    return false;
                }
            }
            if used_outside(ctx, r, rb) || used_outside(ctx, l, lb) {
                return false;
            }
        }
        self.mismatched.extend(mismatched);
        self.members.push(rb);
        true
    }

    /// Merge the members into the leader; false if nothing was merged.
    fn merge(self, ctx: &mut Context) -> bool {
        if self.members.is_empty() {
            return false;
        }
        let leader = self.leader.block;
        if !self.mismatched.is_empty() {
            let updatable = |b: BlockId| {
                predecessors(ctx, b)
                    .iter()
                    .all(|&(t, _)| branch(ctx, t).is_some())
            };
            if !updatable(leader) || !self.members.iter().all(|&b| updatable(b)) {
                return false;
            }
            let blocks: Vec<BlockId> = std::iter::once(leader)
                .chain(self.members.iter().copied())
                .collect();
            let ops: Vec<Vec<OpId>> = blocks.iter().map(|&b| ctx.block_ops(b).collect()).collect();
            let old_args = ctx.block(leader).args.len();
            let mut new_args: Vec<Vec<ValueId>> = vec![Vec::new(); blocks.len()];
            for &(i, k) in &self.mismatched {
                for (c, block_ops) in ops.iter().enumerate() {
                    new_args[c].push(ctx.op(block_ops[i]).operands[k]);
                }
                let v = ctx.op(ops[0][i]).operands[k];
                let ty = ctx.value_type(v);
                let arg = ctx.add_block_arg(leader, ty, None);
                ctx.set_operand(ops[0][i], k, arg);
            }
            let new_args = prune_redundant_arguments(ctx, new_args, old_args, leader);
            let mut rw = Rewriter::new(ctx);
            for (c, &b) in blocks.iter().enumerate() {
                for (t, s) in predecessors(rw.ctx, b) {
                    let Some(br) = branch(rw.ctx, t) else {
                        continue;
                    };
                    let mut forwarded: Vec<Vec<ValueId>> =
                        br.targets.into_iter().map(|(_, o)| o).collect();
                    forwarded[s].extend(new_args[c].iter().copied());
                    set_forwarded(&mut rw, t, &forwarded);
                }
            }
        }
        for &b in &self.members {
            for (t, s) in predecessors(ctx, b) {
                ctx.set_successor(t, s, leader);
            }
            let ops: Vec<OpId> = ctx.block_ops(b).collect();
            for &o in ops.iter().rev() {
                ctx.erase_op(o);
            }
            ctx.detach_block(b);
        }
        true
    }
}

/// MLIR's `pruneRedundantArguments`: a new argument that receives, from
/// every block of the cluster, the same value as an earlier new argument
/// is replaced by it. Returns the lists of values still to pass.
fn prune_redundant_arguments(
    ctx: &mut Context,
    new_args: Vec<Vec<ValueId>>,
    old_args: usize,
    block: BlockId,
) -> Vec<Vec<ValueId>> {
    let Some(first) = new_args.first() else {
        return new_args;
    };
    let mut first_index: HashMap<ValueId, usize> = HashMap::default();
    for (j, &v) in first.iter().enumerate() {
        first_index.entry(v).or_insert(j);
    }
    let mut replacement: Vec<Option<usize>> = vec![None; first.len()];
    for (j, v) in first.iter().enumerate() {
        let k = first_index[v];
        if k != j && new_args[1..].iter().all(|l| l[k] == l[j]) {
            replacement[j] = Some(k);
        }
    }
    let pruned = new_args
        .iter()
        .map(|l| {
            l.iter()
                .enumerate()
                .filter(|(j, _)| replacement[*j].is_none())
                .map(|(_, &v)| v)
                .collect()
        })
        .collect();
    let args = ctx.block(block).args.clone();
    for (j, r) in replacement.iter().enumerate().rev() {
        if let Some(k) = r {
            ctx.replace_all_uses(args[old_args + j], args[old_args + k]);
            ctx.erase_block_arg(block, old_args + j);
        }
    }
    pruned
}

/// True if an op of `block` has a region with blocks.
fn has_nonempty_region(ctx: &Context, block: BlockId) -> bool {
    ctx.block_ops(block).any(|o| {
        ctx.op(o)
            .regions
            .iter()
            .any(|&r| !ctx.region(r).blocks.is_empty())
    })
}

fn merge_blocks_of(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.region(region).blocks.clone();
    if blocks.len() < 2 {
        return false;
    }
    // Blocks (but the entry) grouped by their successor lists.
    let mut groups: Vec<(Vec<BlockId>, Vec<BlockId>)> = Vec::new();
    for &b in &blocks[1..] {
        let succs = successors(ctx, b);
        match groups.iter_mut().find(|(s, _)| *s == succs) {
            Some((_, members)) => members.push(b),
            None => groups.push((succs, vec![b])),
        }
    }
    let mut merged = false;
    for (_, members) in groups {
        if members.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in members {
            if has_nonempty_region(ctx, b) {
                continue;
            }
            let args_escape = ctx.block(b).args.iter().any(|&a| {
                ctx.value(a)
                    .uses
                    .iter()
                    .any(|u| ctx.op(u.op).parent != Some(b))
            });
            if args_escape {
                continue;
            }
            let data = BlockData::new(ctx, b);
            if !clusters.iter_mut().any(|c| c.try_add(ctx, &data)) {
                clusters.push(Cluster {
                    leader: data,
                    members: Vec::new(),
                    mismatched: Default::default(),
                });
            }
        }
        for c in clusters {
            merged |= c.merge(ctx);
        }
    }
    merged
}

/// MLIR's `mergeIdenticalBlocks` over `regions` and everything nested.
fn merge_identical_blocks(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut worklist: Vec<RegionId> = Vec::new();
    for &r in regions {
        if !worklist.contains(&r) {
            worklist.push(r);
        }
    }
    let mut changed = false;
    while let Some(r) = worklist.pop() {
        if merge_blocks_of(ctx, r) {
            worklist.push(r);
            changed = true;
        }
        for n in nested_regions(ctx, r) {
            if !worklist.contains(&n) {
                worklist.push(n);
            }
        }
    }
    changed
}

// ----------------------------------------------- redundant arguments

/// Arguments of `block` that every edge gives the same value are replaced
/// by it and dropped with the operands passing it.
fn drop_redundant_arguments_of(ctx: &mut Context, block: BlockId) -> bool {
    let preds = predecessors(ctx, block);
    let args = ctx.block(block).args.clone();
    let mut dropped = Vec::new();
    for (i, &arg) in args.iter().enumerate() {
        let mut common = None;
        let mut same = true;
        for &(t, s) in &preds {
            let Some(v) = branch(ctx, t).and_then(|b| b.targets.get(s)?.1.get(i).copied()) else {
                same = false;
                break;
            };
            match common {
                None => common = Some(v),
                Some(c) if c != v => {
                    same = false;
                    break;
                }
                Some(_) => {}
            }
        }
        if let (Some(c), true) = (common, same) {
            ctx.replace_all_uses(arg, c);
            dropped.push(i);
        }
    }
    let mut rw = Rewriter::new(ctx);
    for &i in dropped.iter().rev() {
        rw.ctx.erase_block_arg(block, i);
        for &(t, s) in &preds {
            let Some(b) = branch(rw.ctx, t) else {
                continue;
            };
            let mut forwarded: Vec<Vec<ValueId>> = b.targets.into_iter().map(|(_, o)| o).collect();
            forwarded[s].remove(i);
            set_forwarded(&mut rw, t, &forwarded);
        }
    }
    !dropped.is_empty()
}

/// MLIR's `dropRedundantArguments` over every block of `regions`, nested
/// ones included.
fn drop_redundant_arguments(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut worklist = regions.to_vec();
    let mut changed = false;
    while let Some(r) = worklist.pop() {
        for b in ctx.region(r).blocks.clone() {
            changed |= drop_redundant_arguments_of(ctx, b);
            for o in ctx.block_ops(b).collect::<Vec<_>>() {
                for &n in &ctx.op(o).regions {
                    if !worklist.contains(&n) {
                        worklist.push(n);
                    }
                }
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` simplified once (`merge` as `region-simplify=aggressive`):
    /// whether MLIR would count a change, and the module printed.
    fn simplified(text: &str, merge: bool) -> (bool, String) {
        let mut ctx = Context::new();
        let opts = syntax::ParseOptions {
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let (m, d) = syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &opts);
        let m = m.unwrap_or_else(|| panic!("{d:?}"));
        let changed = simplify_regions(&mut ctx, m, merge);
        (changed, ir::printer::print_op(&ctx, m, Default::default()))
    }

    #[test]
    fn dead_cycles_through_block_arguments_go() {
        let text = "func.func @f(%a: index) {\n  cf.br ^bb1(%a : index)\n^bb1(%x: index):\n  %y = arith.addi %x, %x : index\n  cf.br ^bb1(%y : index)\n}\n";
        let (changed, out) = simplified(text, false);
        assert!(changed);
        assert!(
            !out.contains("arith.addi") && out.contains("^bb1:"),
            "{out}"
        );
    }

    #[test]
    fn removed_arguments_alone_do_not_count_as_a_change() {
        let text = "func.func @f(%c: i1, %a: index) {\n  cf.cond_br %c, ^bb1(%a : index), ^bb2\n^bb1(%x: index):\n  return\n^bb2:\n  return\n}\n";
        let (changed, out) = simplified(text, false);
        assert!(!changed);
        assert!(out.contains("cf.cond_br %arg0, ^bb1, ^bb2"), "{out}");
    }

    #[test]
    fn effects_and_unknown_terminators_keep_their_values() {
        let text = "func.func @f(%a: index) {\n  \"foo.br\"(%a)[^bb1] : (index) -> ()\n^bb1:\n  \"foo.print\"(%a) : (index) -> ()\n  %u = arith.muli %a, %a : index\n  return\n}\n";
        let (changed, out) = simplified(text, false);
        assert!(changed);
        assert!(
            out.contains("\"foo.br\"(%arg0)") && out.contains("foo.print") && !out.contains("muli"),
            "{out}"
        );
    }

    #[test]
    fn identical_blocks_merge_only_when_asked() {
        let text = "func.func @f(%c: i1, %a: index, %b: index) -> index {\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  %x = arith.muli %a, %a : index\n  return %x : index\n^bb2:\n  %y = arith.muli %b, %b : index\n  return %y : index\n}\n";
        let (_, normal) = simplified(text, false);
        assert!(normal.contains("^bb2:"), "{normal}");
        let (changed, merged) = simplified(text, true);
        assert!(changed);
        assert!(
            merged.contains("cf.cond_br %arg0, ^bb1(%arg1 : index), ^bb1(%arg2 : index)")
                && !merged.contains("^bb2"),
            "{merged}"
        );
    }

    #[test]
    fn blocks_with_regions_do_not_merge() {
        let text = "func.func @f(%c: i1, %d: i1) {\n  cf.cond_br %c, ^bb1, ^bb2\n^bb1:\n  scf.if %d {\n    \"foo.x\"() : () -> ()\n  }\n  return\n^bb2:\n  scf.if %d {\n    \"foo.x\"() : () -> ()\n  }\n  return\n}\n";
        let (_, out) = simplified(text, true);
        assert!(out.contains("^bb2:"), "{out}");
    }
}
