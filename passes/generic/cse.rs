//! `cse`: eliminate common subexpressions.
//!
//! Precondition: none (runs on any op, normally the module or a function).
//! Postcondition: no pure op without regions computes the same thing (same
//! name, operands, attributes and result types) as a pure op that dominates
//! it (later in its block, in blocks it dominates, in regions nested below);
//! uses of the later one go to the earlier one, which survives. Like MLIR's
//! CSE, an op met with no uses and no side effects (its regions included)
//! is erased on the way; this is not repeated to a fixpoint.
//! Declines: ops with regions as candidates, ops with side effects or
//! unknown effects (unregistered ops), anything across isolated-from-above
//! boundaries.
//!
//! ```mlir
//! %0 = arith.addi %a, %b : index
//! %1 = arith.addi %a, %b : index   // erased; uses of %1 now use %0
//! ```

use ir::{Context, OpId};
use pass::{trivially_dead, PassDecl, PassResult, Statistics};
use rustc_hash::{FxHashMap as HashMap, FxHasher};
use std::hash::{Hash, Hasher};

pub struct Cse;

/// The candidates met so far in the blocks that dominate the current op,
/// by the hash of what makes two of them equal ([`fingerprint`]); and, in
/// order, the keys added, so that a scope (a block and those it dominates,
/// a nested region) takes out what it added when it ends (rather than
/// each scope copying what it sees).
#[derive(Default)]
struct Known {
    ops: HashMap<u64, OpId>,
    added: Vec<u64>,
}

impl Known {
    /// The candidate equal to `op` (of hash `hash`), else the key where `op`
    /// goes: candidates of one hash take the keys after it in turn. A scope
    /// takes out what it added last first, so the keys stay in turn.
    fn find(&self, ctx: &Context, op: OpId, hash: u64) -> Result<OpId, u64> {
        let mut key = hash;
        while let Some(&other) = self.ops.get(&key) {
            if same(ctx, op, other) {
                return Ok(other);
            }
            key = key.wrapping_add(1);
        }
        Err(key)
    }
}

/// The hash of what a candidate computes (name, operands, attributes and
/// result types), if `op` is one: pure, without regions, with results, not
/// a terminator.
fn fingerprint(ctx: &Context, op: OpId) -> Option<u64> {
    let def = ctx.op_def(op)?;
    let data = ctx.op(op);
    if !def.traits.pure
        || def.traits.terminator
        || !data.regions.is_empty()
        || data.results.is_empty()
    {
        return None;
    }
    let mut hasher = FxHasher::default();
    data.name.hash(&mut hasher);
    data.operands.as_slice().hash(&mut hasher);
    data.props.as_slice().hash(&mut hasher);
    data.attrs.as_slice().hash(&mut hasher);
    for &v in &data.results {
        ctx.value_type(v).hash(&mut hasher);
    }
    Some(hasher.finish())
}

/// Whether the candidates `a` and `b` compute the same thing.
fn same(ctx: &Context, a: OpId, b: OpId) -> bool {
    let (x, y) = (ctx.op(a), ctx.op(b));
    let same_type = |(&v, &w): (&ir::ValueId, &ir::ValueId)| ctx.value_type(v) == ctx.value_type(w);
    x.name == y.name
        && x.operands == y.operands
        && x.props == y.props
        && x.attrs == y.attrs
        && x.results.len() == y.results.len()
        && x.results.iter().zip(&y.results).all(same_type)
}

pub fn eliminate_common_subexpressions(ctx: &mut Context, op: OpId) -> usize {
    let mut erased = 0;
    for r in ctx.op(op).regions.clone() {
        erased += cse_region(ctx, r, &mut Known::default());
    }
    erased
}

/// CSE in `region`, whose ops also see what `known` holds; `known` is
/// left as it was.
fn cse_region(ctx: &mut Context, region: ir::RegionId, known: &mut Known) -> usize {
    let blocks = ctx.region(region).blocks.clone();
    let Some(&entry) = blocks.first() else {
        return 0;
    };
    let idom = immediate_dominators(ctx, &blocks);
    cse_dominated(ctx, (&blocks, &idom), entry, known)
}

/// CSE in `block`, then in each block it immediately dominates (each seeing
/// what `block` added); `known` is left as it was.
fn cse_dominated(
    ctx: &mut Context,
    (blocks, idom): (&[ir::BlockId], &[Option<ir::BlockId>]),
    block: ir::BlockId,
    known: &mut Known,
) -> usize {
    let mark = known.added.len();
    let mut erased = cse_block(ctx, block, known);
    for (&b, &d) in blocks.iter().zip(idom) {
        if d == Some(block) && b != block {
            erased += cse_dominated(ctx, (blocks, idom), b, known);
        }
    }
    for hash in known.added.drain(mark..) {
        known.ops.remove(&hash);
    }
    erased
}

fn immediate_dominators(ctx: &Context, blocks: &[ir::BlockId]) -> Vec<Option<ir::BlockId>> {
    let index = |b: ir::BlockId| blocks.iter().position(|&x| x == b);
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
    for (i, &b) in blocks.iter().enumerate() {
        if let Some(t) = ctx.block_terminator(b) {
            for &s in &ctx.op(t).successors {
                if let Some(j) = index(s) {
                    preds[j].push(i);
                }
            }
        }
    }
    // Dominator sets by iteration (regions are small), then the closest one.
    let all: Vec<bool> = vec![true; blocks.len()];
    let mut dom: Vec<Vec<bool>> = vec![all; blocks.len()];
    if let Some(first) = dom.first_mut() {
        *first = (0..blocks.len()).map(|i| i == 0).collect();
    }
    let mut changed = true;
    while changed {
        changed = false;
        for i in 1..blocks.len() {
            let mut new: Vec<bool> = if preds[i].is_empty() {
                vec![false; blocks.len()]
            } else {
                (0..blocks.len())
                    .map(|k| preds[i].iter().all(|&p| dom[p][k]))
                    .collect()
            };
            new[i] = true;
            if new != dom[i] {
                dom[i] = new;
                changed = true;
            }
        }
    }
    (0..blocks.len())
        .map(|i| {
            if i == 0 || preds[i].is_empty() {
                return None;
            }
            // The strict dominator dominated by all other strict dominators.
            let strict: Vec<usize> = (0..blocks.len()).filter(|&k| k != i && dom[i][k]).collect();
            strict
                .iter()
                .copied()
                .find(|&k| strict.iter().all(|&o| dom[k][o]))
                .map(|k| blocks[k])
        })
        .collect()
}

/// CSE in the ops of `block` (and their regions); what it adds to `known`
/// stays there, for the blocks it dominates.
fn cse_block(ctx: &mut Context, block: ir::BlockId, known: &mut Known) -> usize {
    let mut erased = 0;
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    for op in ops {
        if trivially_dead(ctx, op) {
            ctx.erase_op(op);
            erased += 1;
            continue;
        }
        if let Some(hash) = fingerprint(ctx, op) {
            match known.find(ctx, op, hash) {
                Ok(earlier) => {
                    let old = ctx.op(op).results.to_vec();
                    let new = ctx.op(earlier).results.to_vec();
                    for (o, n) in old.into_iter().zip(new) {
                        ctx.replace_all_uses(o, n);
                    }
                    ctx.erase_op(op);
                    erased += 1;
                    continue;
                }
                Err(free) => {
                    known.ops.insert(free, op);
                    known.added.push(free);
                }
            }
        }
        let isolated = ctx.op_def(op).is_some_and(|d| d.traits.isolated_from_above);
        for r in ctx.op(op).regions.clone() {
            erased += match isolated {
                true => cse_region(ctx, r, &mut Known::default()),
                false => cse_region(ctx, r, known),
            };
        }
    }
    erased
}

impl PassDecl for Cse {
    const NAME: &'static str = "cse";
    const SUMMARY: &'static str = "Eliminate common sub-expressions";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        eliminate_common_subexpressions(ctx, op);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cse(text: &str) -> String {
        let mut ctx = Context::new();
        let (m, d) =
            syntax::parse_source(&mut ctx, 0, "t.mlir", text.as_bytes(), &Default::default());
        let m = m.unwrap_or_else(|| panic!("{d:?}"));
        eliminate_common_subexpressions(&mut ctx, m);
        ir::printer::print_op(&ctx, m, Default::default())
    }

    #[test]
    fn merges_pure_duplicates_into_nested_regions_only() {
        let out = cse(
            "func.func @f(%a: index, %c: i1) -> index {\n  %0 = arith.addi %a, %a : index\n  %1 = arith.addi %a, %a : index\n  %2 = scf.if %c -> (index) {\n    %3 = arith.addi %a, %a : index\n    scf.yield %3 : index\n  } else {\n    %4 = arith.muli %a, %a : index\n    scf.yield %4 : index\n  }\n  %5 = arith.muli %a, %a : index\n  %6 = arith.addi %1, %2 : index\n  %7 = arith.addi %6, %5 : index\n  return %7 : index\n}\n",
        );
        assert_eq!(
            out,
            "module {\n  func.func @f(%arg0: index, %arg1: i1) -> index {\n    %0 = arith.addi %arg0, %arg0 : index\n    %1 = scf.if %arg1 -> (index) {\n      scf.yield %0 : index\n    } else {\n      %5 = arith.muli %arg0, %arg0 : index\n      scf.yield %5 : index\n    }\n    %2 = arith.muli %arg0, %arg0 : index\n    %3 = arith.addi %0, %1 : index\n    %4 = arith.addi %3, %2 : index\n    return %4 : index\n  }\n}\n"
        );
    }
}
