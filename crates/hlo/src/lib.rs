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
pub mod values;

pub use expr::{broadcast, Check, Operands, Requirement, Shape, Size};
pub use ops::HloOp;
pub use rules::Rule;

use ir::dialect::shape::SHAPE_FN;
use ir::{Attr, Context, OpId, OpKind};
use std::collections::HashSet;

/// What is known of the ops of one module: whether the knowledge is on,
/// and the op names the module's `shape.function_library`s map (the
/// user's, which win). Made once per module ([`Knowledge::of`]) by callers
/// that ask about many ops; the free functions make one per question.
#[derive(Clone, Debug, Default)]
pub struct Knowledge {
    on: bool,
    mapped: HashSet<String>,
}

impl Knowledge {
    /// The knowledge for the module `op` is in (or is).
    pub fn of(ctx: &Context, op: OpId) -> Knowledge {
        let mut module = op;
        while let Some(parent) = ctx.parent_op(module) {
            module = parent;
        }
        let mut mapped = HashSet::new();
        for &region in &ctx.op(module).regions {
            for &b in &ctx.region(region).blocks {
                for o in ctx.block_ops(b) {
                    if ctx.kind(o) != OpKind::ShapeFunctionLibrary {
                        continue;
                    }
                    if let Some(Attr::Dict(mapping)) = ctx.attr(o, "mapping") {
                        mapped.extend(mapping.iter().map(|(key, _)| key.to_string()));
                    }
                }
            }
        }
        Knowledge {
            on: ctx.knows_foreign_ops(),
            mapped,
        }
    }

    /// Whether `op` is an op of StableHLO, MHLO or CHLO known here: the
    /// knowledge is on, the op is read as unregistered, and the user maps
    /// it to no shape function (by a library or its `shape.fn` attribute).
    fn knows(&self, ctx: &Context, op: OpId) -> bool {
        let name = ctx.op_name(op);
        self.on
            && ctx.op_def(op).is_none()
            && ops::split(name).is_some()
            && ctx.attr(op, SHAPE_FN).is_none()
            && !self.mapped.contains(name)
    }

    /// The family of `op`, if it is a covered op known here.
    pub fn family(&self, ctx: &Context, op: OpId) -> Option<HloOp> {
        if !self.knows(ctx, op) {
            return None;
        }
        let name = ctx.op_name(op);
        match ops::split(name)? {
            (_, "custom_call") => {
                (attrs::call_target(ctx, op)? == "shape_assertion").then_some(HloOp::ShapeAssertion)
            }
            _ => HloOp::from_name(name),
        }
    }

    /// The shape rule of `op`, when it is covered and its types and
    /// attributes give one.
    pub fn rule(&self, ctx: &Context, op: OpId) -> Option<Rule> {
        let family = self.family(ctx, op)?;
        let rule = rules::rule_of(ctx, op, family)?;
        (rule.results.len() == ctx.op(op).results.len()).then_some(rule)
    }

    /// The elements of `op`'s integer result, when known: the shape
    /// computations the `values` module covers.
    pub fn elements(&self, ctx: &Context, op: OpId) -> Option<Vec<Size>> {
        self.knows(ctx, op).then(|| values::elements(ctx, op))?
    }
}

/// The family of `op` ([`Knowledge::family`]).
pub fn family(ctx: &Context, op: OpId) -> Option<HloOp> {
    Knowledge::of(ctx, op).family(ctx, op)
}

/// The shape rule of `op` ([`Knowledge::rule`]).
pub fn rule(ctx: &Context, op: OpId) -> Option<Rule> {
    Knowledge::of(ctx, op).rule(ctx, op)
}
