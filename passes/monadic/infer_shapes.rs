//! `infer-shapes`: static shape inference for error-monadic and
//! constrained shape functions.
//!
//! [`infer_facts`] gives every shape, size, extent-tensor and index value of
//! a function a fact from the lattices of crate `lattice`: a partial shape
//! (`shape_of` of a `tensor<2x?xf32>` is `{2,?}`), a size, or a boolean,
//! derived forward from argument types and constants through every shape
//! op. Later passes call it; `--mlir-print-shape-facts` prints it.
//!
//! The pass then folds: a pure op whose results are all fully known becomes
//! a constant of the same type (`shape.const_shape`, `shape.const_size`,
//! `arith.constant`). And it rejects what must fail: a `shape.meet` whose
//! known operands conflict, or a `shape.cstr_*` whose known operands violate
//! it, is a compile-time error at that op quoting its `error=` (or `msg`)
//! text — when the op is certain to run whenever the function gets that far
//! (in the function body or in `shape.assuming` regions, not in branches or
//! loop bodies).
//!
//! Precondition: none. Postcondition: no foldable op is left; the function
//! computes what it did on every input. Declines: `shape.meet` (every meet
//! is a requirement, so it stays even with a known result), ops whose result
//! is invalid (they carry an error value), and results whose type cannot
//! hold the constant (e.g. `tensor<?xindex>`).
//!
//! ```mlir
//! %s = shape.shape_of %t : tensor<2x3xf32> -> !shape.shape
//! %r = shape.rank %s : !shape.shape -> !shape.size
//! // becomes
//! %s = shape.const_shape [2, 3] : !shape.shape
//! %r = shape.const_size 2
//! ```

use analysis::shape_facts::{extent_tensor_len, infer_facts, known_extents, Fact, Facts};
use diag::Diagnostic;
use ir::{Attr, Context, OpId, OpKind, Type, TypeKind, ValueId};
use lattice::{ShapeValue, SizeValue};
use pass::{PassDecl, PassResult, Statistics};

/// The constant `fact` as an attribute of type `ty`, if it is fully known
/// and `ty` can hold it.
fn constant_for(ctx: &mut Context, fact: &Fact, ty: Type) -> Option<Attr> {
    match (fact, ctx.type_kind(ty).clone()) {
        (Fact::Shape(s), kind) => {
            let extents: Vec<i64> = known_extents(s)?
                .into_iter()
                .map(i64::try_from)
                .collect::<Result<_, _>>()
                .ok()?;
            let fits = match kind {
                TypeKind::Shape => true,
                _ => extent_tensor_len(ctx, ty) == Some(Some(extents.len())),
            };
            fits.then(|| fold::index_tensor_attr(ctx, &extents))
        }
        (Fact::Size(SizeValue::Known(n)), TypeKind::Size | TypeKind::Index) => {
            Some(fold::index_attr(ctx, i64::try_from(*n).ok()?))
        }
        _ => None,
    }
}

/// The values of `func` that hold no error on any input: values of types
/// that cannot carry one, block arguments, and results of ops whose
/// operands hold none and that cannot fail on them (a total op, or one whose
/// operands are all fully known, or a `split_at`/`get_extent` of a known
/// rank at a known index, so the facts decided its outcome). A fold
/// may replace only such a value by a constant: `rank` of a broadcast that
/// may fail has a known rank, yet it is the broadcast's error then.
fn error_free_values(ctx: &Context, func: OpId, facts: &Facts) -> rustc_hash::FxHashSet<ValueId> {
    let carries_errors = |v: ValueId| {
        matches!(
            ctx.type_kind(ctx.value_type(v)),
            TypeKind::Shape | TypeKind::Size | TypeKind::ValueShape
        )
    };
    let known = |v: ValueId| {
        facts.get(v).is_some_and(|f| match f {
            Fact::Shape(s) => known_extents(s).is_some(),
            Fact::Size(n) => matches!(n, SizeValue::Known(_)),
            Fact::Bool(b) => b.is_some(),
        })
    };
    let mut free = rustc_hash::FxHashSet::default();
    let mut ops = vec![func];
    ctx.walk_nested(func, &mut |o| ops.push(o));
    for &o in &ops {
        for &r in ctx.op(o).regions.iter() {
            for &b in &ctx.region(r).blocks {
                free.extend(ctx.block(b).args.iter().copied());
            }
        }
        let data = ctx.op(o);
        let operands_free = data
            .operands
            .iter()
            .all(|&v| free.contains(&v) || !carries_errors(v));
        // `split_at` and `get_extent` fail only on an index out of range,
        // which a known rank and index decide.
        let ranked = |v: ValueId| matches!(facts.get(v), Some(Fact::Shape(ShapeValue::Ranked(_))));
        let decided = ir::dialect::shape::TOTAL_OPS.contains(&ctx.kind(o))
            || data.operands.iter().all(|&v| known(v))
            || matches!(ctx.kind(o), OpKind::ShapeSplitAt | OpKind::ShapeGetExtent)
                && matches!(data.operands.as_slice(), [s, i] if ranked(*s) && known(*i));
        for &r in data.results.iter() {
            let invalid = matches!(
                facts.get(r),
                Some(Fact::Shape(ShapeValue::Invalid(_)) | Fact::Size(SizeValue::Invalid(_)))
            );
            if !carries_errors(r) || (operands_free && decided && !invalid) {
                free.insert(r);
            }
        }
    }
    free
}

/// Fold the ops of `func` whose results are fully known and hold no error;
/// returns how many.
fn fold_known(ctx: &mut Context, func: OpId, facts: &Facts) -> usize {
    let error_free = error_free_values(ctx, func, facts);
    let mut candidates = Vec::new();
    ctx.walk_nested(func, &mut |o| {
        let data = ctx.op(o);
        let kind = ctx.kind(o);
        let already_constant = matches!(
            kind,
            OpKind::ShapeConstShape | OpKind::ShapeConstSize | OpKind::ArithConstant
        );
        if data.results.len() == 1
            && data.regions.is_empty()
            && !already_constant
            && kind != OpKind::ShapeMeet
            && fold::effect_free(ctx, o)
        {
            candidates.push(o);
        }
    });
    let mut folded = 0;
    for op in candidates {
        let Some(&result) = ctx.op(op).results.first() else {
            continue;
        };
        let Some(fact) = facts.get(result) else {
            continue;
        };
        if !error_free.contains(&result) {
            continue;
        }
        let ty = ctx.value_type(result);
        let Some(attr) = constant_for(ctx, fact, ty) else {
            continue;
        };
        let dialect = match ctx.type_kind(ty) {
            TypeKind::Index => "arith",
            _ => "shape",
        };
        let loc = ctx.op(op).loc.clone();
        let Some(constant) = fold::materialize_constant(ctx, dialect, &attr, ty, loc) else {
            continue;
        };
        ctx.insert_op_before(op, constant);
        if let Some(new) = ctx.result(constant, 0) {
            ctx.replace_all_uses(result, new);
        }
        ctx.erase_op(op);
        folded += 1;
    }
    folded
}

/// Infer, reject what must fail, fold what is known, for every function
/// under `op`; returns how many ops were folded.
pub fn infer_shapes(ctx: &mut Context, op: OpId) -> Result<usize, Diagnostic> {
    let mut folded = 0;
    for func in pass::functions_under(ctx, op) {
        let facts = infer_facts(ctx, func);
        if let Some(failure) = facts.failures.first() {
            let mut d = Diagnostic::error(
                pass::loc_of(ctx, failure.op),
                format!(
                    "'{}' op always fails: {}",
                    ctx.op_name(failure.op),
                    failure.message
                ),
            );
            d.notes = pass::origin_notes(ctx, failure.op, "the check that fails");
            return Err(d);
        }
        folded += fold_known(ctx, func, &facts);
    }
    Ok(folded)
}

pub struct InferShapes;

impl PassDecl for InferShapes {
    const NAME: &'static str = "infer-shapes";
    const SUMMARY: &'static str = "Infer partial shapes, fold what is known, reject what must fail";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        infer_shapes(ctx, op).map(|_| ())
    }
}
