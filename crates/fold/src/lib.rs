//! Op folders and canonicalization patterns of the dialects shape-opt knows:
//! MLIR's `fold` hooks and `getCanonicalizationPatterns`, one file per
//! dialect (`arith`, `cf`, `memref`, `scf`, `shape`, `tensor`), plus the
//! patterns MLIR gives every region branch op (`region_branch`), for the
//! greedy driver of the `canonicalize` pass.
//!
//! - [`fold`] looks at one op and its constant operands and says what its
//!   results are: existing values or constant attributes ([`FoldResult`]),
//!   or that it changed the op in place ([`Folded::InPlace`]: constants of a
//!   commutative op moved last, operands dropped).
//! - [`materialize_constant`] turns a folded attribute into the constant op
//!   of the folded op's dialect (`shape.const_shape`, `shape.const_size`,
//!   `shape.const_witness`, `arith.constant`, `ub.poison`).
//! - [`apply_patterns`] tries the canonicalization patterns rooted at one op;
//!   every change goes through a [`Rewriter`], which records what the driver
//!   must revisit (ops created, moved, modified or erased; blocks split,
//!   merged, inlined or erased; block arguments and op results dropped).
//!
//! Guarantees: nothing here panics on any IR the verifier accepts (operand
//! counts and types are checked, never assumed); a value a folder returns
//! has the type of the result it replaces; arithmetic is checked. Folders
//! decline (return `None`) rather than fold what MLIR leaves alone or what
//! is undefined: division by zero, signed overflow of a division, shifts by
//! the bit width or more, out-of-range or negative extents indices
//! (`shape.get_extent`, `shape.split_at`, `shape.dim`), integers wider than
//! 64 bits, and rewrites after which `mlir-opt` itself crashes or rejects
//! the IR.

pub mod arith;
pub mod cf;
pub mod memref;
mod region_branch;
mod rewriter;
pub mod scf;
pub mod shape;
pub mod tensor;

pub use rewriter::{Event, Rewriter};

use ir::attrs::{attr_name, DenseValues, Scalar};
use ir::op_def::ConstantLike;
use ir::types::Signedness;
use ir::{Attr, Context, Location, OpId, OpKind, OperationState, Type, TypeKind, ValueId};

/// What one result of a folded op becomes.
#[derive(Clone, Debug, PartialEq)]
pub enum FoldResult {
    /// An existing value (of the result's type).
    Value(ValueId),
    /// A constant, to be materialized by the op's dialect.
    Attr(Attr),
}

/// The outcome of a successful [`fold`].
#[derive(Clone, Debug, PartialEq)]
pub enum Folded {
    /// The op was updated in place (its results stay).
    InPlace,
    /// One replacement per result.
    Results(Vec<FoldResult>),
}

/// The text of the attribute standing for `ub.poison`'s value.
const POISON: &str = "#ub.poison";

/// The constant value of `ub.poison`.
pub fn poison() -> Attr {
    Attr::Opaque(POISON.to_string())
}

pub fn is_poison(a: &Attr) -> bool {
    matches!(a, Attr::Opaque(s) if s == POISON)
}

/// The value of a constant-like op (MLIR's `ConstantLike` trait), if `op` is one.
pub fn constant_attr(ctx: &Context, op: OpId) -> Option<Attr> {
    match ctx.op_def(op)?.traits.constant_like? {
        ConstantLike::Attr(name) => ctx.attr(op, name).map(|a| normalize(ctx, a)),
        ConstantLike::Poison => Some(poison()),
    }
}

/// Whether `op` is a constant ([`constant_attr`] is some), without making
/// its value.
fn is_constant(ctx: &Context, op: OpId) -> bool {
    match ctx.op_def(op).and_then(|d| d.traits.constant_like) {
        Some(ConstantLike::Attr(name)) => ctx.attr(op, name).is_some(),
        Some(ConstantLike::Poison) => true,
        None => false,
    }
}

/// The constant value of `v`, if its defining op is constant-like.
pub fn constant_value(ctx: &Context, v: ValueId) -> Option<Attr> {
    constant_attr(ctx, ctx.defining_op(v)?)
}

/// One canonical spelling per constant: `i1` integers become booleans.
fn normalize(ctx: &Context, a: &Attr) -> Attr {
    match a {
        Attr::Int { value, ty } if int_width(ctx, *ty) == Some(1) => Attr::Bool(value & 1 != 0),
        _ => a.clone(),
    }
}

/// The constant values of the operands of `op` (`None` where not constant).
pub fn operand_constants(ctx: &Context, op: OpId) -> Vec<Option<Attr>> {
    ctx.op(op)
        .operands
        .iter()
        .map(|&v| constant_value(ctx, v))
        .collect()
}

/// An op MLIR marks `Commutative`: the fold driver moves its constant
/// operands last.
fn is_commutative(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.commutative)
}

/// An op implementing MLIR's `CastOpInterface`: a cast to its own type folds away.
fn is_cast(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.cast)
}

/// True if `op` has no effect beyond its results (MLIR's
/// `wouldOpBeTriviallyDead` without the use check): a pure op, or a
/// registered op with regions (`scf.for`, `scf.if`) whose nested ops are
/// all effect free in turn. Unregistered ops, isolated ops and symbol
/// tables never are, nor a broadcast that checks strict symbolic shapes.
pub fn effect_free(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.op_def(op) else {
        return false;
    };
    if def.traits.isolated_from_above || def.traits.symbol_table {
        return false;
    }
    if def.traits.pure {
        return !ir::dialect::func::fails_under_strict_shapes(ctx, op);
    }
    let regions = &ctx.op(op).regions;
    !regions.is_empty()
        && regions.iter().all(|&r| {
            ctx.region(r)
                .blocks
                .iter()
                .all(|&b| ctx.block_ops(b).all(|o| effect_free(ctx, o)))
        })
}

/// The op a dialect's folder is given: the op, its kind, and the constant
/// value of each operand (`None` where it is not a constant).
#[derive(Clone, Copy)]
pub(crate) struct Site<'c> {
    pub op: OpId,
    pub kind: OpKind,
    pub consts: &'c [Option<Attr>],
}

/// Fold `op`: its own folder first, then the folds every op of its kind
/// gets (identity casts, constants of commutative ops moved last). Constant
/// ops are never folded (they would fold to themselves).
pub fn fold(ctx: &mut Context, op: OpId) -> Option<Folded> {
    if is_constant(ctx, op) {
        return None;
    }
    let consts = operand_constants(ctx, op);
    let kind = ctx.kind(op);
    let site = Site {
        op,
        kind,
        consts: &consts,
    };
    let own = match kind.dialect() {
        Some("arith") => arith::fold(ctx, site),
        Some("shape") => shape::fold(ctx, site),
        Some("tensor") => tensor::fold(ctx, site),
        Some("memref") => memref::fold(ctx, site),
        Some("scf") => scf::fold(ctx, op, kind),
        Some("builtin") => fold_unrealized_cast(ctx, op, kind),
        _ => None,
    };
    if own.is_some() {
        return own;
    }
    if is_cast(ctx, op) {
        if let Some(f) = fold_identity_cast(ctx, op) {
            return Some(f);
        }
    }
    if is_commutative(ctx, op) {
        return move_constants_last(ctx, op, &consts);
    }
    None
}

/// A cast whose operand types are its result types is its operands.
fn fold_identity_cast(ctx: &Context, op: OpId) -> Option<Folded> {
    let data = ctx.op(op);
    if data.operands.len() != data.results.len() || data.operands.is_empty() {
        return None;
    }
    let same = data
        .operands
        .iter()
        .zip(&data.results)
        .all(|(&a, &r)| ctx.value_type(a) == ctx.value_type(r));
    same.then(|| values(&data.operands))
}

/// `unrealized_conversion_cast(unrealized_conversion_cast(x : A -> B) : B -> A)` is `x`.
fn fold_unrealized_cast(ctx: &Context, op: OpId, kind: OpKind) -> Option<Folded> {
    if kind != OpKind::BuiltinUnrealizedConversionCast {
        return None;
    }
    let data = ctx.op(op);
    let first = *data.operands.first()?;
    let producer = ctx.defining_op(first)?;
    let inner = ctx.op(producer);
    let chained = ctx.kind(producer) == OpKind::BuiltinUnrealizedConversionCast
        && inner.results.as_slice() == data.operands.as_slice()
        && inner.operands.len() == data.results.len()
        && inner
            .operands
            .iter()
            .zip(&data.results)
            .all(|(&a, &r)| ctx.value_type(a) == ctx.value_type(r));
    chained.then(|| values(&inner.operands))
}

/// MLIR's `Commutative` trait fold: constant operands move last (stable).
fn move_constants_last(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Folded> {
    let operands = &ctx.op(op).operands;
    if operands.len() < 2 || consts.len() != operands.len() {
        return None;
    }
    let first_constant = consts.iter().position(Option::is_some)?;
    // The order changes only if an operand that is not constant follows a
    // constant one; most ops are in order already, and allocate nothing.
    if consts[first_constant..].iter().all(Option::is_some) {
        return None;
    }
    let with_constness = || {
        operands
            .iter()
            .copied()
            .zip(consts.iter().map(Option::is_some))
    };
    let reordered: Vec<ValueId> = with_constness()
        .filter(|&(_, constant)| !constant)
        .chain(with_constness().filter(|&(_, constant)| constant))
        .map(|(v, _)| v)
        .collect();
    ctx.set_operands(op, &reordered);
    Some(Folded::InPlace)
}

/// Replace every result by the matching value.
pub(crate) fn values(vs: &[ValueId]) -> Folded {
    Folded::Results(vs.iter().map(|&v| FoldResult::Value(v)).collect())
}

/// `expand_shape(collapse_shape(x))` and `collapse_shape(expand_shape(x))`
/// (of tensors or memrefs) back to `x`'s type are `x`: `op`'s operand
/// comes from an op of kind `inverse` whose operand has `op`'s type.
pub(crate) fn reshape_round_trip(ctx: &Context, op: OpId, inverse: OpKind) -> Option<Folded> {
    let def = ctx.defining_op(ctx.operand(op, 0)?)?;
    let source = ctx.operand(def, 0).filter(|_| ctx.kind(def) == inverse)?;
    same_typed_value(ctx, op, source)
}

/// Replace the single result by `v`, if it has the result's type.
pub(crate) fn same_typed_value(ctx: &Context, op: OpId, v: ValueId) -> Option<Folded> {
    let r = ctx.result(op, 0)?;
    (ctx.value_type(r) == ctx.value_type(v)).then(|| values(&[v]))
}

/// Replace the single result by a constant.
pub(crate) fn constant(a: Attr) -> Option<Folded> {
    Some(Folded::Results(vec![FoldResult::Attr(a)]))
}

/// Try the canonicalization patterns rooted at `op`, in MLIR's order; true
/// if one applied.
pub fn apply_patterns(rw: &mut Rewriter, op: OpId) -> bool {
    let kind = rw.ctx.kind(op);
    match kind.dialect() {
        Some("arith") => arith::apply_patterns(rw, op, kind),
        Some("cf") => cf::apply_patterns(rw, op, kind),
        Some("memref") => memref::apply_patterns(rw, op, kind),
        Some("scf") => scf::apply_patterns(rw, op, kind),
        Some("shape") => shape::apply_patterns(rw, op, kind),
        Some("tensor") => {
            // Patterns are registered op by op in name order: the shape
            // dialect's patterns rooted at tensor ops come first.
            shape::apply_tensor_patterns(rw, op, kind)
                || tensor::apply_patterns(rw, op, kind)
                || memref::dim_of_to_tensor(rw, op, kind)
        }
        _ => false,
    }
}

/// Create (detached) the constant op that `dialect` uses for `attr` of type
/// `ty`, or `None` if it has none (MLIR's `Dialect::materializeConstant`).
pub fn materialize_constant(
    ctx: &mut Context,
    dialect: &str,
    attr: &Attr,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let (kind, prop, value) = match dialect {
        "shape" => shape::constant_op(ctx, attr, ty)?,
        "arith" | "tensor" | "memref" | "ub" | "builtin" => arith::constant_op(ctx, attr, ty)?,
        _ => return None,
    };
    let mut state = OperationState::new(kind, loc);
    if let Some(prop) = prop {
        state.props.push((attr_name(prop), value));
    }
    state.result_types.push(ty);
    Some(ctx.create_op(state))
}

// ----------------------------------------------------------------- helpers

/// Bit width of an integer or index type (`index` is 64 bits, as MLIR folds it).
pub(crate) fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Index => Some(64),
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

/// `v` wrapped to `width` bits, sign-extended (how signless integers are stored).
pub(crate) fn wrap(v: i128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return v;
    }
    let shift = 128 - width;
    (v << shift) >> shift
}

/// The unsigned reading of the `width`-bit integer `v`.
pub(crate) fn unsigned(v: i128, width: u32) -> u128 {
    if width >= 128 {
        return v as u128;
    }
    (v as u128) & ((1u128 << width) - 1)
}

/// An integer constant of type `ty`, stored the way the parser stores it.
pub(crate) fn int_attr(ctx: &Context, ty: Type, v: i128) -> Attr {
    match int_width(ctx, ty) {
        Some(1) => Attr::Bool(v & 1 != 0),
        Some(w) => {
            let value = match ctx.type_kind(ty) {
                TypeKind::Integer {
                    signedness: Signedness::Unsigned,
                    ..
                } => unsigned(v, w) as i128,
                _ => wrap(v, w),
            };
            Attr::Int { value, ty }
        }
        None => Attr::Int { value: v, ty },
    }
}

pub(crate) fn index_type(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Index)
}

/// An `index` constant.
pub fn index_attr(ctx: &mut Context, v: i64) -> Attr {
    let ty = index_type(ctx);
    Attr::Int {
        value: v as i128,
        ty,
    }
}

/// `tensor<N x index>`.
pub(crate) fn extent_tensor_type(ctx: &mut Context, n: i64) -> Type {
    let elem = index_type(ctx);
    ctx.intern_type(TypeKind::RankedTensor {
        shape: vec![n],
        elem,
        encoding: None,
    })
}

/// `dense<[...]> : tensor<N x index>`, spelled as `shape.const_shape`'s parser stores it.
pub fn index_tensor_attr(ctx: &mut Context, extents: &[i64]) -> Attr {
    let ty = extent_tensor_type(ctx, extents.len() as i64);
    let values = match extents {
        [first, rest @ ..] if rest.iter().all(|v| v == first) => {
            DenseValues::Splat(Scalar::Int(*first as i128))
        }
        _ => DenseValues::Elements(extents.iter().map(|&e| Scalar::Int(e as i128)).collect()),
    };
    Attr::Dense { ty, values }
}

/// The extents held by a constant shape (a rank-1 integer `dense`
/// attribute); `None` for a splat longer than the verifier lets a
/// `shape.const_shape` be (a splat can claim any length at no cost in the
/// input; listed extents are in the input already and have no limit).
pub fn extents(ctx: &Context, a: &Attr) -> Option<Vec<i64>> {
    let Attr::Dense { ty, values } = a else {
        return None;
    };
    let n = match ctx.type_kind(*ty).shape() {
        Some(&[n]) => usize::try_from(n).ok()?,
        _ => return None,
    };
    if matches!(values, DenseValues::Splat(_)) && n > ir::dialect::shape::MAX_SPLAT_SHAPE_EXTENTS {
        return None;
    }
    let elems = a.int_elements(n)?;
    elems.into_iter().map(|e| i64::try_from(e).ok()).collect()
}

/// The integer held by a scalar constant.
pub fn int_of(a: &Attr) -> Option<i128> {
    match a {
        Attr::Int { value, .. } => Some(*value),
        Attr::Bool(b) => Some(*b as i128),
        _ => None,
    }
}

/// The value of an integer constant `v` (any width), sign-extended.
pub(crate) fn constant_int(ctx: &Context, v: ValueId) -> Option<i128> {
    let w = int_width(ctx, ctx.value_type(v))?;
    int_of(&constant_value(ctx, v)?).map(|x| wrap(x, w))
}

/// True if `v` is an integer constant whose bits read 1 (`true` for `i1`;
/// MLIR's `m_One`).
pub(crate) fn is_one(ctx: &Context, v: ValueId) -> bool {
    let Some(w) = int_width(ctx, ctx.value_type(v)) else {
        return false;
    };
    constant_int(ctx, v).is_some_and(|x| unsigned(x, w) == 1)
}

/// Create `arith.constant <value> : i1` right before `anchor`.
pub(crate) fn bool_constant(
    rw: &mut Rewriter,
    anchor: OpId,
    loc: Location,
    value: bool,
) -> ValueId {
    let ty = rw.ctx.intern_type(TypeKind::Integer {
        width: 1,
        signedness: Signedness::Signless,
    });
    let mut state = OperationState::new(OpKind::ArithConstant, loc);
    state.props.push((attr_name("value"), Attr::Bool(value)));
    state.result_types.push(ty);
    let c = rw.create_before(anchor, state);
    rw.ctx.op(c).results[0]
}

/// The shape `shape` takes when its dynamic sizes, given by `sizes` in
/// order, that are non-negative constants become static, and the sizes
/// left dynamic; `None` when none is such a constant (or `sizes` does not
/// match `shape`).
pub(crate) fn static_sizes(
    ctx: &Context,
    shape: &[i64],
    sizes: &[ValueId],
) -> Option<(Vec<i64>, Vec<ValueId>)> {
    let constant_size = |v: ValueId| {
        constant_value(ctx, v)
            .as_ref()
            .and_then(int_of)
            .and_then(|c| i64::try_from(c).ok())
            .filter(|&c| c >= 0)
    };
    if !sizes.iter().any(|&v| constant_size(v).is_some())
        || sizes.len() != shape.iter().filter(|&&d| d == ir::types::DYNAMIC).count()
    {
        return None;
    }
    let mut dynamic = sizes.iter();
    let mut kept = Vec::new();
    let new_shape = shape
        .iter()
        .map(|&d| {
            if d != ir::types::DYNAMIC {
                return d;
            }
            let Some(&v) = dynamic.next() else {
                return d;
            };
            constant_size(v).unwrap_or_else(|| {
                kept.push(v);
                d
            })
        })
        .collect();
    Some((new_shape, kept))
}

/// The type of the single result of `op`.
pub(crate) fn result_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.result_type(op, 0)
}

/// The type of operand `i` of `op`.
pub(crate) fn operand_type(ctx: &Context, op: OpId, i: usize) -> Option<Type> {
    ctx.operand_type(op, i)
}

/// The shape of a ranked tensor, memref or vector type.
pub(crate) fn static_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    ctx.type_kind(t).shape().map(<[i64]>::to_vec)
}

#[cfg(test)]
mod tests;
