//! `reify-result-shapes`: compute each dynamic dimension a tensor op makes
//! from the op's operands, one dimension at a time (after MLIR's
//! generalisation of `ReifyRankedShapedTypeOpInterface`).
//!
//! Every `tensor.dim %r, %c` with a constant `%c`, where `%r` is the result
//! of a `tensor` op and dimension `c` of its type is dynamic, is replaced
//! by the equality bound of `dim(%r, c)` computed with the stop condition
//! "any target not about `%r`" (dimensions the types fix read as
//! constants), materialised as `arith`/`tensor.dim`/`tensor.extract` ops
//! right before the `tensor.dim`; the `tensor.dim`s this makes are looked
//! at again, as MLIR's pattern driver does (a dimension of a `tensor.cast`
//! of a `tensor.empty` becomes the `tensor.empty`'s size operand).
//!
//! Precondition: none beyond verified IR. Postcondition: the same values;
//! no `tensor.dim` reads a dynamic dimension of a `tensor` op's result that
//! has an equality bound in terms of other values. Declines: dimensions
//! with no equality bound (`tensor.collapse_shape` of two dynamic
//! dimensions, `tensor.pack` tiled by a dynamic tile where the destination
//! is the only way), dynamic dimension indices, results of non-`tensor`
//! ops. The ops making `%r` are left for dead-code elimination.
//!
//! ```mlir
//! %p = tensor.pad %t low[%l, 0] high[2, %h] { ... } : tensor<?x3xf32> to tensor<?x?xf32>
//! %d = tensor.dim %p, %c0 : tensor<?x?xf32>
//! // becomes
//! %dim = tensor.dim %t, %c0 : tensor<?x3xf32>
//! %0 = arith.addi %l, %dim : index
//! %1 = arith.addi %0, %c2 : index
//! ```

use ir::{Context, OpId, OpKind, TypeKind};
use pass::{PassDecl, PassResult, Statistics};
use value_bounds::{compute_bound, fixed_by_type, materialize, BoundKind, Target};

pub struct ReifyResultShapes;

impl PassDecl for ReifyResultShapes {
    const NAME: &'static str = "reify-result-shapes";
    const SUMMARY: &'static str =
        "Compute the dynamic result dimensions of tensor ops from their operands";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        reify_result_shapes(ctx, op);
        Ok(())
    }
}

/// The dimension a `tensor.dim` reads, when it is a dynamic dimension of
/// the result of a `tensor` op.
fn dynamic_result_dim(ctx: &Context, dim_op: OpId) -> Option<Target> {
    let &[r, index] = ctx.op(dim_op).operands.as_slice() else {
        return None;
    };
    let producer = ctx.defining_op(r)?;
    if !ctx.op_name(producer).starts_with("tensor.") {
        return None;
    }
    let d = fold::constant_value(ctx, index)
        .as_ref()
        .and_then(fold::int_of)
        .and_then(|d| usize::try_from(d).ok())?;
    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ctx.value_type(r)) else {
        return None;
    };
    (*shape.get(d)? == ir::types::DYNAMIC).then_some(Target::Dim(r, d))
}

/// How many times the `tensor.dim`s are looked at again: those a
/// replacement made may read results of `tensor` ops in turn (a `tensor.cast`
/// of a `tensor.empty`); each round goes one op further up the chain.
const MAX_ROUNDS: usize = 16;

/// Replace every `tensor.dim` under `root` that reads a dynamic result
/// dimension of a `tensor` op by its equality bound in terms of the op's
/// operands, and again for the `tensor.dim`s that made (up to
/// `MAX_ROUNDS` times); the number replaced.
pub fn reify_result_shapes(ctx: &mut Context, root: OpId) -> usize {
    let mut replaced = 0;
    for _ in 0..MAX_ROUNDS {
        let round = reify_once(ctx, root);
        replaced += round;
        if round == 0 {
            break;
        }
    }
    replaced
}

/// One round of [`reify_result_shapes`] over the `tensor.dim`s under
/// `root` now.
fn reify_once(ctx: &mut Context, root: OpId) -> usize {
    let mut dims = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if ctx.kind(op) == OpKind::TensorDim {
            dims.push(op);
        }
    });
    let mut replaced = 0;
    for dim_op in dims {
        let Some(target) = dynamic_result_dim(ctx, dim_op) else {
            continue;
        };
        let r = target.value();
        let stop = |t: Target| t.value() != r && !fixed_by_type(ctx, t);
        let bound = compute_bound(ctx, BoundKind::Equal, target, stop);
        if bound.is_empty() {
            continue;
        }
        if let Some(value) = materialize(ctx, dim_op, BoundKind::Equal, &bound) {
            let old = ctx.op(dim_op).results[0];
            ctx.replace_all_uses(old, value);
            ctx.erase_op(dim_op);
            replaced += 1;
        }
    }
    replaced
}
