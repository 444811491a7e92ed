//! `reify-host-shapes`: compute the shapes of StableHLO, MHLO and CHLO ops'
//! results from their operands, with the ops' built-in shape rules (crate
//! `hlo`).
//!
//! Every `shape.shape_of %r` and every `tensor.dim %r, %c` (constant `%c`,
//! a dynamic dimension of `%r`'s type) where `%r` is a result of a covered
//! host op is replaced by the op's rule built as IR right before it:
//! `tensor.dim` of the op's operands, elements of its shape operands
//! (`tensor.extract` and `arith.index_cast`), `arith` for the arithmetic,
//! `tensor.from_elements`, `shape.shape_of` and `shape.broadcast` for whole
//! shapes. The `shape.shape_of`s and `tensor.dim`s this makes are looked at
//! again, so a chain of covered ops is seen through to the values it starts
//! from.
//!
//! Precondition: verified IR. Postcondition: the same values, on every
//! input on which the host ops give results (a covered op's result has the
//! shape its rule gives, which is what the interpreter computes); no
//! `shape.shape_of` or dynamic `tensor.dim` reads a covered op's result
//! whose rule IR can compute. The host ops are left in place (their other
//! users still need them; dead ones are left to `canonicalize`). Declines:
//! ops the user maps to a shape function (the library wins), rules that
//! read an operand of a foreign type, dimensions of a broadcast of unknown
//! rank, and everything when the knowledge is turned off
//! (`--no-hlo-knowledge`).
//!
//! ```mlir
//! %r = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
//! %0 = shape.shape_of %r : tensor<?x?xf32> -> tensor<2xindex>
//! // becomes
//! %e0 = tensor.extract %s[%c0] : tensor<2xi64>
//! %i0 = arith.index_cast %e0 : i64 to index
//! %e1 = tensor.extract %s[%c1] : tensor<2xi64>
//! %i1 = arith.index_cast %e1 : i64 to index
//! %0 = tensor.from_elements %i0, %i1 : tensor<2xindex>
//! ```

use diag::Diagnostic;
use ir::{Context, OpId, OpKind, TypeKind};
use pass::{NoOptions, PassDecl, PassRegistry, Statistics};

pub struct ReifyHostShapes;

impl PassDecl for ReifyHostShapes {
    const NAME: &'static str = "reify-host-shapes";
    const SUMMARY: &'static str =
        "Compute the result shapes of StableHLO, MHLO and CHLO ops from their operands";
    type Options = NoOptions;
    fn new(_: NoOptions, _: &PassRegistry) -> Result<Self, String> {
        Ok(ReifyHostShapes)
    }
    fn apply(
        &self,
        ctx: &mut Context,
        op: OpId,
        statistics: &mut Statistics,
    ) -> Result<(), Diagnostic> {
        let replaced = reify_host_shapes(ctx, op);
        statistics.add(
            "shapes-reified",
            "shape_of and dim ops of host ops' results computed from their operands",
            replaced as u64,
        );
        Ok(())
    }
}

/// How many times the queries are looked at again: each round sees one
/// covered op further up a chain.
const MAX_ROUNDS: usize = 16;

/// Replace every `shape.shape_of` and dynamic `tensor.dim` under `root` of
/// a covered host op's result by its rule over the op's operands, again
/// for those that made; the number replaced.
pub fn reify_host_shapes(ctx: &mut Context, root: OpId) -> usize {
    if !ctx.knows_foreign_ops() {
        return 0;
    }
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

/// The host op and result index `v` is a result of.
fn host_result(ctx: &Context, v: ir::ValueId) -> Option<(OpId, usize)> {
    let host = ctx.defining_op(v)?;
    let index = ctx.op(host).results.iter().position(|&r| r == v)?;
    hlo::family(ctx, host).map(|_| (host, index))
}

fn reify_once(ctx: &mut Context, root: OpId) -> usize {
    let mut queries = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if matches!(ctx.kind(op), OpKind::ShapeShapeOf | OpKind::TensorDim) {
            queries.push(op);
        }
    });
    let mut replaced = 0;
    for query in queries {
        let Some(&source) = ctx.op(query).operands.first() else {
            continue;
        };
        let Some((host, index)) = host_result(ctx, source) else {
            continue;
        };
        let old = ctx.op(query).results[0];
        let value = match ctx.kind(query) {
            OpKind::ShapeShapeOf => {
                let ty = ctx.value_type(old);
                hlo::reify_shape(ctx, host, index, query, ty)
            }
            _ => dynamic_dim(ctx, query).and_then(|d| hlo::reify_extent(ctx, host, index, d, query)),
        };
        if let Some(value) = value {
            ctx.replace_all_uses(old, value);
            ctx.erase_op(query);
            replaced += 1;
        }
    }
    replaced
}

/// The dimension a `tensor.dim` reads, when it is constant and dynamic in
/// its operand's type.
fn dynamic_dim(ctx: &Context, dim_op: OpId) -> Option<usize> {
    let &[source, index] = ctx.op(dim_op).operands.as_slice() else {
        return None;
    };
    let d = fold::constant_value(ctx, index)
        .as_ref()
        .and_then(fold::int_of)
        .and_then(|d| usize::try_from(d).ok())?;
    match ctx.type_kind(ctx.value_type(source)) {
        TypeKind::RankedTensor { shape, .. } => {
            (*shape.get(d)? == ir::types::DYNAMIC).then_some(d)
        }
        _ => None,
    }
}
