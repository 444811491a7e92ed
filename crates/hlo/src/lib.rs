//! Built-in shape knowledge of StableHLO, MHLO and CHLO ops, read in
//! generic form as ops of unregistered dialects: for each covered op, the
//! shape of each result as a function of its operands' shapes, the values
//! of its shape operands and its attributes, and the checks the op states
//! (the StableHLO specification's constraints that concern shapes).
//!
//! Every consumer asks the one query [`rule`]: the interpreter evaluates
//! it (covered ops' results get the shapes it gives), `reify-host-shapes`
//! builds it as IR in place of `shape.shape_of` and `tensor.dim` of a
//! covered op's result (so the e-graph, value bounds and `--explain` see
//! through the op), and `insert-host-checks` states its checks as
//! constraints. `docs/host-ops.md` tabulates the covered ops and their
//! rules.
//!
//! The knowledge is on by default; [`ir::Context::knows_foreign_ops`]
//! turns it off (`shape-opt --no-hlo-knowledge`). An op a
//! `shape.function_library` maps to a shape function (by the module's
//! libraries' `mapping`, or its own `shape.fn` attribute) is the user's:
//! [`rule`] gives nothing for it.
//!
//! ```mlir
//! %r = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers =
//!        #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
//!                       lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}>
//!        : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
//! // results: [dim(#0, 0), dim(#0, 1), dim(#1, 2)]
//! // requires dim(#0, 0) = dim(#1, 0), dim(#0, 2) = dim(#1, 1)
//! ```

pub mod attrs;
pub mod expr;
pub mod ops;
pub mod reify;
mod rules;

pub use expr::{broadcast, Check, Operands, Requirement, Shape, Size};
pub use ops::HloOp;
pub use rules::Rule;

use ir::dialect::shape::SHAPE_FN;
use ir::{Attr, Context, OpId, OpKind};

/// The family of `op`, if it is a covered op this context knows, not
/// mapped to a shape function by the user.
pub fn family(ctx: &Context, op: OpId) -> Option<HloOp> {
    if !ctx.knows_foreign_ops() || ctx.op_def(op).is_some() {
        return None;
    }
    let name = ctx.op_name(op);
    let family = match ops::split(name)? {
        (_, "custom_call") => {
            (attrs::call_target(ctx, op)? == "shape_assertion").then_some(HloOp::ShapeAssertion)?
        }
        _ => HloOp::from_name(name)?,
    };
    (!mapped_by_user(ctx, op)).then_some(family)
}

/// The shape rule of `op` ([`family`]), when its types and attributes give
/// one.
pub fn rule(ctx: &Context, op: OpId) -> Option<Rule> {
    let family = family(ctx, op)?;
    let rule = rules::rule_of(ctx, op, family)?;
    (rule.results.len() == ctx.op(op).results.len()).then_some(rule)
}

/// Whether the user maps `op` to a shape function: its `shape.fn`
/// attribute, or the `mapping` of a `shape.function_library` of the
/// module it is in.
fn mapped_by_user(ctx: &Context, op: OpId) -> bool {
    if ctx.attr(op, SHAPE_FN).is_some() {
        return true;
    }
    let mut module = op;
    while let Some(parent) = ctx.parent_op(module) {
        module = parent;
    }
    let name = ctx.op_name(op);
    let Some(&region) = ctx.op(module).regions.first() else {
        return false;
    };
    ctx.region(region).blocks.iter().any(|&b| {
        ctx.block_ops(b).any(|o| {
            ctx.kind(o) == OpKind::ShapeFunctionLibrary
                && matches!(ctx.attr(o, "mapping"),
                    Some(Attr::Dict(mapping)) if mapping.iter().any(|(key, _)| &**key == name))
        })
    })
}
