//! `reify-bounds`: materialise the bounds `test.reify_bound` ops ask for,
//! in terms of the enclosing function's arguments (after MLIR's
//! `reifyBound`, driven as upstream's `test-affine-reify-value-bounds`).
//!
//! `"test.reify_bound"(%v) {dim = N, type = "EQ" | "LB" | "UB"} : (T) ->
//! index` asks for a bound of `%v` (or of its dimension `N`); without a
//! `type` the pass option `type=eq|lb|ub` decides (default `eq`). The op is
//! replaced by the bound computed in terms of the function's arguments and
//! their dynamic dimensions, materialised before it as `arith` ops
//! (several lower bounds: their maximum; several upper ones: their
//! minimum). `"test.reify_constant_bound"` asks for a constant bound and
//! becomes an `arith.constant`. Upper bounds are **inclusive** here
//! (`%iv` of `scf.for %iv = %lb to %ub` has upper bound `%ub - 1`), where
//! upstream's test pass reports exclusive ones (`%ub`).
//!
//! Precondition: the ops are in a `func.func` or `shape.func` (unregistered
//! ops: `--allow-unregistered-dialect`). Postcondition: no such op is left.
//! Declines nothing silently: a bound that cannot be shown is an error at
//! the op ("could not reify bound").
//!
//! ```mlir
//! %p = tensor.pad %t low[%l] high[%h] { ... } : tensor<?xf32> to tensor<?xf32>
//! %b = "test.reify_bound"(%p) {dim = 0} : (tensor<?xf32>) -> index
//! // becomes
//! %dim = tensor.dim %t, %c0 : tensor<?xf32>
//! %0 = arith.addi %h, %l : index
//! %1 = arith.addi %0, %dim : index
//! ```

use crate::reify::{enclosing_function_arguments, parse_kind};
use diag::Diagnostic;
use ir::{Context, OpId};
use pass::{loc_of, PassDecl, PassRegistry, PassResult, Statistics};
use value_bounds::{about_values, compute_bound, constant_bound, materialize, BoundKind};
use value_bounds::{Target, TargetExpr};

/// The op asking for a bound in terms of the function's arguments.
const REIFY_BOUND: &str = "test.reify_bound";
/// The op asking for a constant bound.
const REIFY_CONSTANT_BOUND: &str = "test.reify_constant_bound";

pub struct ReifyBounds {
    /// The kind of bound of ops without a `type`.
    pub kind: BoundKind,
}

/// A kind of bound as option `type` spells it (`lb`, `ub`, `eq`).
#[derive(Clone, Copy, Debug)]
pub struct BoundType(pub BoundKind);

impl pass::OptionValue for BoundType {
    const TYPE: &'static str = "'lb' | 'ub' | 'eq'";
    fn parse_value(text: &str) -> Option<Self> {
        parse_kind(text).map(BoundType)
    }
    fn spell(&self) -> String {
        match self.0 {
            BoundKind::Lower => "lb",
            BoundKind::Upper => "ub",
            BoundKind::Equal => "eq",
        }
        .to_string()
    }
}

pass::pass_options! {
    /// Options of `reify-bounds`.
    pub struct ReifyBoundsOptions {
        /// The kind of bound of ops without a `type` attribute.
        kind: BoundType = BoundType(BoundKind::Equal), "type";
    }
}

impl PassDecl for ReifyBounds {
    const NAME: &'static str = "reify-bounds";
    const SUMMARY: &'static str = "Replace test.reify_bound ops by the bounds they ask for, as IR";
    type Options = ReifyBoundsOptions;
    fn new(options: ReifyBoundsOptions, _: &PassRegistry) -> Result<Self, String> {
        Ok(ReifyBounds {
            kind: options.kind.0,
        })
    }
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        reify_bounds(ctx, op, self.kind)
    }
}

/// What a `test.reify_*` op asks for: the target and the kind of bound.
fn request(ctx: &Context, op: OpId, default: BoundKind) -> Result<(Target, BoundKind), String> {
    let &[v] = ctx.op(op).operands.as_slice() else {
        return Err(format!("'{}' takes one operand", ctx.op_name(op)));
    };
    let kind = match ctx.attr(op, "type") {
        None => default,
        Some(a) => a
            .as_str()
            .and_then(parse_kind)
            .ok_or("'type' must be \"EQ\", \"LB\" or \"UB\"")?,
    };
    let target = match ctx.attr(op, "dim") {
        None => Target::Value(v),
        Some(a) => {
            let d = a.as_int().and_then(|d| usize::try_from(d).ok());
            let rank = ctx.type_kind(ctx.value_type(v)).shape().map(<[_]>::len);
            match (d, rank) {
                (Some(d), Some(rank)) if d < rank => Target::Dim(v, d),
                _ => return Err("'dim' must be a dimension of a ranked operand".into()),
            }
        }
    };
    Ok((target, kind))
}

/// Replace every `test.reify_bound` and `test.reify_constant_bound` under
/// `root` by the bound it asks for; an error at the first that has none.
pub fn reify_bounds(ctx: &mut Context, root: OpId, default: BoundKind) -> Result<(), Diagnostic> {
    let mut requests = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if matches!(ctx.op_name(op), REIFY_BOUND | REIFY_CONSTANT_BOUND) {
            requests.push(op);
        }
    });
    for op in requests {
        let error = |ctx: &Context, message: String| Diagnostic::error(loc_of(ctx, op), message);
        let (target, kind) = request(ctx, op, default).map_err(|m| error(ctx, m))?;
        let bound = match ctx.op_name(op) {
            // No constant bound: none to materialize (reported below).
            REIFY_CONSTANT_BOUND => constant_bound(ctx, kind, target)
                .map(|constant| {
                    vec![TargetExpr {
                        terms: Vec::new(),
                        constant,
                    }]
                })
                .unwrap_or_default(),
            _ => {
                let Some(args) = enclosing_function_arguments(ctx, op) else {
                    return Err(error(ctx, "not inside a function".into()));
                };
                compute_bound(ctx, kind, target, about_values(ctx, &args))
            }
        };
        let Some(value) = materialize(ctx, op, kind, &bound) else {
            return Err(error(ctx, "could not reify bound".into()));
        };
        if let Some(&old) = ctx.op(op).results.first() {
            ctx.replace_all_uses(old, value);
        }
        ctx.erase_op(op);
    }
    Ok(())
}
