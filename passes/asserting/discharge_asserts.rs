//! `discharge-asserts`: erase each `cf.assert` whose condition value
//! bounds prove, given the asserts that ran before it.
//!
//! Walking each function in program order, an assert's condition is
//! decided by [`value_bounds::decide_given`]: value bounds that assume the
//! conditions of the asserts *established* at that point: those earlier
//! in the same block or in an enclosing block before the op holding it (an
//! assert that fails aborts, so execution past it means it held). Asserts
//! inside a region are established only within that region, and only for
//! regions of one block. What decides a condition: the bounds of `index`
//! values, dimensions, ranks and extents (crate `value-bounds`: sizes are
//! non-negative, a `select` or broadcast extent is one of its operands,
//! `a < rank` bounds `rank - a`, ...).
//!
//! It moves nothing: an erased assert held wherever it stood, so the side
//! effects around it (`ir::effects`) are untouched.
//!
//! Precondition: asserting or std form (assert conditions that the
//! program computes once; value bounds assume the ops whose results they
//! read succeeded, true of every op before the assert in this form).
//! Postcondition: no `cf.assert` whose condition holds on every input
//! that reaches it (as far as the bounds show) is left; every other op is
//! unchanged, and so is what each function computes and which message it
//! aborts with. Declines: asserts whose condition the bounds refute (they
//! are the program's behaviour, kept as they are), conditions that are not
//! `arith` comparisons, conjunctions and disjunctions of bounded values.
//!
//! ```mlir
//! %d = tensor.dim %t, %c0 : tensor<?xf32>
//! %n = arith.addi %d, %c1 : index
//! %ok = arith.cmpi sgt, %n, %c0 : index
//! cf.assert %ok, "extent must be positive"
//! // becomes (the comparison is left for canonicalize to erase)
//! %d = tensor.dim %t, %c0 : tensor<?xf32>
//! %n = arith.addi %d, %c1 : index
//! %ok = arith.cmpi sgt, %n, %c0 : index
//! ```

use ir::{BlockId, Context, OpId, OpKind, ValueId};
use pass::{PassDecl, PassResult, Statistics};

pub struct DischargeAsserts;

impl PassDecl for DischargeAsserts {
    const NAME: &'static str = "discharge-asserts";
    const SUMMARY: &'static str = "Erase the cf.asserts whose condition value bounds prove";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, statistics: &mut Statistics) -> PassResult {
        let mut proven = Vec::new();
        for f in pass::functions_under(ctx, op) {
            for &r in &ctx.op(f).regions {
                if let [block] = ctx.region(r).blocks.as_slice() {
                    discharge_block(ctx, *block, &mut Vec::new(), &mut proven);
                }
            }
        }
        statistics.add(
            "discharged",
            "asserts proven by value bounds and erased",
            proven.len() as u64,
        );
        for a in proven {
            ctx.erase_op(a);
        }
        Ok(())
    }
}

/// Decide the asserts of `block` (and of single-block regions within it)
/// in order, `established` holding the conditions known to hold on entry;
/// the asserts proven go to `proven`.
fn discharge_block(
    ctx: &Context,
    block: BlockId,
    established: &mut Vec<ValueId>,
    proven: &mut Vec<OpId>,
) {
    let on_entry = established.len();
    for op in ctx.block_ops(block) {
        if ctx.kind(op) == OpKind::CfAssert {
            let Some(&condition) = ctx.op(op).operands.first() else {
                continue;
            };
            if value_bounds::decide_given(ctx, condition, established) == Some(true) {
                pass::remark(
                    ctx,
                    op,
                    format_args!(
                        "'cf.assert' op is always true: its condition follows from value bounds"
                    ),
                );
                proven.push(op);
            }
            established.push(condition);
            continue;
        }
        for &r in &ctx.op(op).regions {
            if let [inner] = ctx.region(r).blocks.as_slice() {
                discharge_block(ctx, *inner, established, proven);
            }
        }
    }
    established.truncate(on_entry);
}
