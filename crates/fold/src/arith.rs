//! `arith` folders and patterns: constant folding of integer ops with
//! checked arithmetic (on scalars of at most 64 bits; `index` is 64 bits),
//! the algebraic identities MLIR folds (`x + 0`, `x * 1`, `x * 0`, `x - x`,
//! `x & x`, `xori(xori(x, a), a)`, `select` with a constant or repeated
//! choice or over `x == y`/`x != y` of its choices, `cmpi` of a value with
//! itself or of an `i1` with a constant, constants moved to the right of a
//! `cmpi`, cast round trips), poison propagation; and MLIR's patterns:
//! redundant inner selects, selects on a negated condition, `select(p,
//! false, true)` as a negation and `select(p, 1, 0)` as `extui`, a negated
//! comparison as the opposite one, and additions, subtractions and
//! multiplications by constants reassociated (overflow flags intersected,
//! as MLIR merges them). Declines division by zero, signed division
//! overflow, shifts by the width or more, and anything on floats, vectors
//! and tensors.

use crate::{
    constant, int_attr, int_of, int_width, is_poison, poison, result_type, same_typed_value,
    unsigned, wrap, Folded, Rewriter, Site,
};
use ir::{Attr, Context, OpId, OpKind, OperationState, Type, TypeKind, ValueId};

use ir::dialect::arith::CmpIPredicate;

/// An integer operand: its value (sign-extended) and the type's width.
#[derive(Clone, Copy)]
struct Int {
    v: i128,
    w: u32,
}

impl Int {
    fn u(self) -> u128 {
        unsigned(self.v, self.w)
    }
}

/// Integer constant operand `i` of width at most 64 bits.
fn int_operand(ctx: &Context, op: OpId, consts: &[Option<Attr>], i: usize) -> Option<Int> {
    let a = consts.get(i)?.as_ref()?;
    let w = int_width(ctx, crate::operand_type(ctx, op, i)?)?;
    if w == 0 || w > 64 {
        return None;
    }
    Some(Int {
        v: wrap(int_of(a)?, w),
        w,
    })
}

fn is_const_poison(consts: &[Option<Attr>], i: usize) -> bool {
    consts
        .get(i)
        .and_then(Option::as_ref)
        .is_some_and(is_poison)
}

/// True if operand `i` is the integer constant `v` (sign-extended).
fn is_int(ctx: &Context, op: OpId, consts: &[Option<Attr>], i: usize, v: i128) -> bool {
    int_operand(ctx, op, consts, i).is_some_and(|x| x.v == wrap(v, x.w))
}

pub(crate) fn fold(ctx: &mut Context, site: Site) -> Option<Folded> {
    let Site { op, kind, consts } = site;
    let ty = result_type(ctx, op)?;
    let operands = ctx.op(op).operands.to_vec();
    match kind {
        OpKind::ArithSelect => fold_select(ctx, op, &operands, consts),
        OpKind::ArithCmpi => fold_cmpi(ctx, op, &operands, consts),
        OpKind::ArithIndexCast
        | OpKind::ArithIndexCastui
        | OpKind::ArithExtsi
        | OpKind::ArithExtui
        | OpKind::ArithTrunci => fold_int_cast(ctx, op, kind, ty, consts),
        ir::arith_ring_ops!()
        | ir::arith_division_ops!()
        | ir::arith_logic_ops!()
        | ir::arith_shift_ops!()
        | ir::arith_min_max_ops!() => fold_int_binary(ctx, op, kind, ty, &operands, consts),
        _ => None,
    }
}

/// A binary integer op (`kind` one of those [`eval_binary`] computes).
fn fold_int_binary(
    ctx: &mut Context,
    op: OpId,
    kind: OpKind,
    ty: Type,
    operands: &[ValueId],
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let &[lhs, rhs] = operands else {
        return None;
    };
    if is_const_poison(consts, 0) || is_const_poison(consts, 1) {
        return constant(poison());
    }
    if let Some(f) = fold_identity(ctx, op, kind, ty, lhs, rhs, consts) {
        return Some(f);
    }
    let a = int_operand(ctx, op, consts, 0)?;
    let b = int_operand(ctx, op, consts, 1)?;
    let v = eval_binary(kind, a, b)?;
    constant(int_attr(ctx, ty, v))
}

/// The identities MLIR's folders apply before (or without) constants.
fn fold_identity(
    ctx: &mut Context,
    op: OpId,
    kind: OpKind,
    ty: Type,
    lhs: ValueId,
    rhs: ValueId,
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let rhs_is = |v: i128| is_int(ctx, op, consts, 1, v);
    let keep_lhs = match kind {
        OpKind::ArithAddi
        | OpKind::ArithSubi
        | OpKind::ArithOri
        | OpKind::ArithXori
        | OpKind::ArithShli
        | OpKind::ArithShrsi
        | OpKind::ArithShrui => rhs_is(0),
        OpKind::ArithMuli
        | OpKind::ArithDivsi
        | OpKind::ArithDivui
        | OpKind::ArithCeildivsi
        | OpKind::ArithCeildivui
        | OpKind::ArithFloordivsi => rhs_is(1),
        OpKind::ArithAndi => rhs_is(-1),
        _ => false,
    };
    if keep_lhs {
        return same_typed_value(ctx, op, lhs);
    }
    let same = lhs == rhs;
    let zero = match kind {
        OpKind::ArithMuli | OpKind::ArithAndi => rhs_is(0),
        OpKind::ArithRemsi | OpKind::ArithRemui => rhs_is(1),
        OpKind::ArithSubi | OpKind::ArithXori => same,
        _ => false,
    };
    if zero && int_width(ctx, ty).is_some() {
        return constant(int_attr(ctx, ty, 0));
    }
    let idempotent = same
        && matches!(
            kind,
            OpKind::ArithAndi | OpKind::ArithOri | ir::arith_min_max_ops!()
        );
    if idempotent {
        return same_typed_value(ctx, op, lhs);
    }
    if kind == OpKind::ArithOri && rhs_is(-1) {
        return constant(int_attr(ctx, ty, -1));
    }
    // xori(xori(x, a), a) and xori(a, xori(x, a)) are x (either order inside).
    if kind == OpKind::ArithXori {
        for (inner, other) in [(lhs, rhs), (rhs, lhs)] {
            match operands_of(ctx, inner, OpKind::ArithXori).as_deref() {
                Some(&[x, a] | &[a, x]) if a == other => return same_typed_value(ctx, op, x),
                _ => {}
            }
        }
    }
    // subi(addi(a, b), b) is a; subi(addi(a, b), a) is b.
    if kind == OpKind::ArithSubi {
        match operands_of(ctx, lhs, OpKind::ArithAddi).as_deref() {
            Some(&[kept, dropped] | &[dropped, kept]) if dropped == rhs => {
                return same_typed_value(ctx, op, kept)
            }
            _ => {}
        }
    }
    // addi(subi(a, b), b) and addi(b, subi(a, b)) are a.
    if kind == OpKind::ArithAddi {
        for (sub, other) in [(lhs, rhs), (rhs, lhs)] {
            if let Some(&[a, b]) = operands_of(ctx, sub, OpKind::ArithSubi).as_deref() {
                if b == other {
                    return same_typed_value(ctx, op, a);
                }
            }
        }
    }
    None
}

/// The value of a binary integer op on constants, `None` where MLIR declines.
fn eval_binary(kind: OpKind, a: Int, b: Int) -> Option<i128> {
    let w = a.w;
    let signed_min = -(1i128 << (w - 1));
    let overflows = |x: Int, y: Int| x.v == signed_min && y.v == -1;
    Some(match kind {
        OpKind::ArithAddi => a.v.checked_add(b.v)?,
        OpKind::ArithSubi => a.v.checked_sub(b.v)?,
        OpKind::ArithMuli => a.v.checked_mul(b.v)?,
        OpKind::ArithDivsi if b.v == 0 || overflows(a, b) => return None,
        OpKind::ArithDivsi => a.v / b.v,
        OpKind::ArithDivui | OpKind::ArithCeildivui | OpKind::ArithRemui if b.u() == 0 => {
            return None
        }
        OpKind::ArithDivui => (a.u() / b.u()) as i128,
        OpKind::ArithCeildivui => a.u().div_ceil(b.u()) as i128,
        OpKind::ArithRemui => (a.u() % b.u()) as i128,
        OpKind::ArithCeildivsi | OpKind::ArithFloordivsi if b.v == 0 || overflows(a, b) => {
            return None
        }
        OpKind::ArithCeildivsi => {
            let q = a.v / b.v;
            if a.v % b.v != 0 && ((a.v < 0) == (b.v < 0)) {
                q + 1
            } else {
                q
            }
        }
        OpKind::ArithFloordivsi => {
            let q = a.v / b.v;
            if a.v % b.v != 0 && ((a.v < 0) != (b.v < 0)) {
                q - 1
            } else {
                q
            }
        }
        OpKind::ArithRemsi if b.v == 0 => return None,
        OpKind::ArithRemsi => a.v % b.v,
        OpKind::ArithAndi => a.v & b.v,
        OpKind::ArithOri => a.v | b.v,
        OpKind::ArithXori => a.v ^ b.v,
        OpKind::ArithShli | OpKind::ArithShrsi | OpKind::ArithShrui if b.u() >= w as u128 => {
            return None
        }
        OpKind::ArithShli => a.v << b.u(),
        OpKind::ArithShrsi => a.v >> b.u(),
        OpKind::ArithShrui => (a.u() >> b.u()) as i128,
        OpKind::ArithMaxsi => a.v.max(b.v),
        OpKind::ArithMinsi => a.v.min(b.v),
        OpKind::ArithMaxui => a.u().max(b.u()) as i128,
        OpKind::ArithMinui => a.u().min(b.u()) as i128,
        other => {
            debug_assert!(false, "{other} is not a binary integer op");
            return None;
        }
    })
}

fn fold_select(
    ctx: &mut Context,
    op: OpId,
    operands: &[ValueId],
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let [cond, t, f] = operands else {
        return None;
    };
    if t == f {
        return same_typed_value(ctx, op, *t);
    }
    match consts.first()? {
        Some(Attr::Bool(true)) => return same_typed_value(ctx, op, *t),
        Some(Attr::Bool(false)) => return same_typed_value(ctx, op, *f),
        _ => {}
    }
    // A poison choice gives way to the other.
    if is_const_poison(consts, 1) {
        return same_typed_value(ctx, op, *f);
    }
    if is_const_poison(consts, 2) {
        return same_typed_value(ctx, op, *t);
    }
    // select(c, true, false) is c.
    let is_bool = |i: usize, b: bool| matches!(consts.get(i), Some(Some(Attr::Bool(x))) if *x == b);
    if is_bool(1, true) && is_bool(2, false) {
        return same_typed_value(ctx, op, *cond);
    }
    // select(x == y, x, y) is y; select(x != y, x, y) is x (either order).
    let cmp = ctx.defining_op(*cond)?;
    let pred = CmpIPredicate::of(ctx, cmp)?;
    let &[l, r] = &ctx.op(cmp).operands[..] else {
        return None;
    };
    let same_pair = (l == *t && r == *f) || (r == *t && l == *f);
    match pred {
        CmpIPredicate::Eq if same_pair => same_typed_value(ctx, op, *f),
        CmpIPredicate::Ne if same_pair => same_typed_value(ctx, op, *t),
        _ => None,
    }
}

fn fold_cmpi(
    ctx: &mut Context,
    op: OpId,
    operands: &[ValueId],
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let pred = CmpIPredicate::of(ctx, op)?;
    let ty = result_type(ctx, op)?;
    if int_width(ctx, ty) != Some(1) {
        return None; // vectors and tensors of i1
    }
    let &[l, r] = operands else {
        return None;
    };
    if l == r {
        // `x ⋈ x` holds for every `x` exactly when it holds for any one.
        return constant(Attr::Bool(pred.eval(0, 0, 1)));
    }
    let is_i1 = |ctx: &Context, v: ValueId| int_width(ctx, ctx.value_type(v)) == Some(1);
    if is_int(ctx, op, consts, 1, 0) && pred == CmpIPredicate::Ne {
        // extsi/extui(%x : i1) != 0 is %x; so is %x : i1 != 0.
        let widened = ctx
            .defining_op(l)
            .filter(|&d| matches!(ctx.kind(d), OpKind::ArithExtsi | OpKind::ArithExtui))
            .and_then(|d| ctx.operand(d, 0))
            .filter(|&x| is_i1(ctx, x));
        if let Some(x) = widened {
            return same_typed_value(ctx, op, x);
        }
        if is_i1(ctx, l) {
            return same_typed_value(ctx, op, l);
        }
    }
    if pred == CmpIPredicate::Eq && is_i1(ctx, l) && crate::is_one(ctx, r) {
        return same_typed_value(ctx, op, l);
    }
    // A constant moves to the right, the predicate mirrored.
    if matches!(consts, [Some(_), None]) {
        let value = pred.swapped() as i128;
        if let Some(Attr::Int { ty, .. }) = ctx.attr(op, "predicate").cloned() {
            ctx.set_prop(op, "predicate", Attr::Int { value, ty });
        }
        ctx.set_operands(op, &[r, l]);
        return Some(Folded::InPlace);
    }
    let a = int_operand(ctx, op, consts, 0)?;
    let b = int_operand(ctx, op, consts, 1)?;
    debug_assert_eq!(a.w, b.w, "arith.cmpi operands of one type");
    constant(Attr::Bool(pred.eval(a.v, b.v, a.w)))
}

fn fold_int_cast(
    ctx: &mut Context,
    op: OpId,
    kind: OpKind,
    ty: Type,
    consts: &[Option<Attr>],
) -> Option<Folded> {
    if is_const_poison(consts, 0) {
        return constant(poison());
    }
    // cast(cast(x)) back to x's type, where the inner cast loses nothing.
    let input = ctx.operand(op, 0)?;
    if let Some(inner) = ctx.defining_op(input) {
        let source = ctx.operand(inner, 0);
        let round_trip = matches!(
            (kind, ctx.kind(inner)),
            (OpKind::ArithIndexCast, OpKind::ArithIndexCast)
                | (OpKind::ArithIndexCastui, OpKind::ArithIndexCastui)
                | (OpKind::ArithTrunci, OpKind::ArithExtsi | OpKind::ArithExtui)
        );
        if let Some(source) = source.filter(|_| round_trip) {
            if ctx.value_type(source) == ty {
                return same_typed_value(ctx, op, source);
            }
        }
    }
    let a = int_operand(ctx, op, consts, 0)?;
    if !(1..=64).contains(&int_width(ctx, ty)?) {
        return None;
    }
    let zero_extends = matches!(kind, OpKind::ArithExtui | OpKind::ArithIndexCastui);
    let v = if zero_extends { a.u() as i128 } else { a.v };
    constant(int_attr(ctx, ty, v))
}

/// The `arith` canonicalization patterns shape-opt has: MLIR's `select`
/// patterns and the negation of a comparison.
pub(crate) fn apply_patterns(rw: &mut Rewriter, op: OpId, kind: OpKind) -> bool {
    match kind {
        OpKind::ArithSelect => {
            redundant_inner_select(rw, op, 2)
                || redundant_inner_select(rw, op, 1)
                || select_of_negation(rw, op)
                || select_false_true(rw, op)
                || select_to_extui(rw, op)
        }
        OpKind::ArithXori => negated_comparison(rw, op),
        OpKind::ArithAddi => reassociate(rw, op, ADDI_PATTERNS) || add_negated(rw, op),
        OpKind::ArithSubi => reassociate(rw, op, SUBI_PATTERNS) || sub_of_sub_by_its_lhs(rw, op),
        OpKind::ArithMuli => reassociate(rw, op, MULI_PATTERNS),
        _ => false,
    }
}

/// Where a constant sits in `op(inner(..), ..)`-shaped integer patterns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// `op(inner(x, c0), c1)` / `inner(x, c0)`: the constant on the right.
    Rhs,
    /// The constant on the left.
    Lhs,
}

/// `outer(inner, c1)` (or `outer(c1, inner)`) with `inner` built of `x`
/// and `c0` becomes `result` of `x` and a constant `c0 ∘ c1`.
struct Reassociation {
    /// The outer constant's side.
    outer: Side,
    /// The inner op's kind.
    inner_kind: OpKind,
    /// The inner constant's side.
    inner: Side,
    /// The new op and whether the constant is its left operand.
    result: OpKind,
    constant_lhs: bool,
    /// The new constant from (c0, c1).
    combine: fn(i128, i128) -> i128,
    /// The overflow flags of both ops intersect (else none).
    keep_flags: bool,
}

/// A [`Reassociation`] from what it matches (the outer constant's side,
/// the inner op's kind, the inner constant's side) and what it makes (the
/// new op's kind, whether the constant is its left operand).
const fn r(
    (outer, inner_kind, inner): (Side, OpKind, Side),
    (result, constant_lhs): (OpKind, bool),
    combine: fn(i128, i128) -> i128,
    keep_flags: bool,
) -> Reassociation {
    Reassociation {
        outer,
        inner_kind,
        inner,
        result,
        constant_lhs,
        combine,
        keep_flags,
    }
}

const ADD: OpKind = OpKind::ArithAddi;
const SUB: OpKind = OpKind::ArithSubi;
const MUL: OpKind = OpKind::ArithMuli;
use Side::{Lhs, Rhs};

/// MLIR's `AddIAddConstant`, `AddISubConstantRHS`, `AddISubConstantLHS`.
const ADDI_PATTERNS: &[Reassociation] = &[
    r((Rhs, ADD, Rhs), (ADD, false), |a, b| a + b, true),
    r((Rhs, SUB, Rhs), (ADD, false), |a, b| b - a, true),
    r((Rhs, SUB, Lhs), (SUB, true), |a, b| a + b, true),
];

/// MLIR's `SubIRHSAddConstant`, `SubILHSAddConstant`,
/// `SubIRHSSubConstantRHS`, `SubIRHSSubConstantLHS`,
/// `SubILHSSubConstantRHS`, `SubILHSSubConstantLHS`.
const SUBI_PATTERNS: &[Reassociation] = &[
    r((Rhs, ADD, Rhs), (ADD, false), |a, b| a - b, false),
    r((Lhs, ADD, Rhs), (SUB, true), |a, b| b - a, true),
    r((Rhs, SUB, Rhs), (SUB, false), |a, b| a + b, true),
    r((Rhs, SUB, Lhs), (SUB, true), |a, b| a - b, true),
    r((Lhs, SUB, Rhs), (SUB, true), |a, b| a + b, true),
    r((Lhs, SUB, Lhs), (ADD, false), |a, b| b - a, true),
];

/// MLIR's `MulIMulIConstant`.
const MULI_PATTERNS: &[Reassociation] = &[r(
    (Rhs, MUL, Rhs),
    (MUL, false),
    |a, b| a.wrapping_mul(b),
    true,
)];

/// The value of an integer constant `v` (at most 64 bits; `IntegerAttr`s
/// only, as MLIR's `APIntAttr`).
fn int_constant(ctx: &Context, v: ValueId) -> Option<Int> {
    let w = int_width(ctx, ctx.value_type(v))?;
    if w == 0 || w > 64 {
        return None;
    }
    match crate::constant_value(ctx, v)? {
        a @ (Attr::Int { .. } | Attr::Bool(_)) => Some(Int {
            v: wrap(int_of(&a)?, w),
            w,
        }),
        _ => None,
    }
}

/// The `nsw`/`nuw` flags of an integer op.
fn overflow_flags(ctx: &Context, op: OpId) -> (bool, bool) {
    match ctx.attr(op, "overflowFlags") {
        Some(Attr::Opaque(s)) => (s.contains("nsw"), s.contains("nuw")),
        _ => (false, false),
    }
}

fn overflow_attr(nsw: bool, nuw: bool) -> Attr {
    let text = match (nsw, nuw) {
        (true, true) => "nsw, nuw",
        (true, false) => "nsw",
        (false, true) => "nuw",
        (false, false) => "none",
    };
    Attr::Opaque(format!("#arith.overflow<{text}>"))
}

/// Create `arith.constant value : ty` right before `anchor`.
fn int_constant_op(rw: &mut Rewriter, anchor: OpId, ty: Type, value: i128) -> ValueId {
    let attr = int_attr(rw.ctx, ty, value);
    let mut state = OperationState::new(OpKind::ArithConstant, rw.ctx.op(anchor).loc.clone());
    state.props.push((ir::attrs::attr_name("value"), attr));
    state.result_types.push(ty);
    let c = rw.create_before(anchor, state);
    rw.ctx.op(c).results[0]
}

/// Replace `op` by `kind(lhs, rhs)` with the given overflow flags.
fn replace_with_flagged(
    rw: &mut Rewriter,
    op: OpId,
    kind: OpKind,
    lhs: ValueId,
    rhs: ValueId,
    flags: (bool, bool),
) {
    let mut state = OperationState::new(kind, rw.ctx.op(op).loc.clone());
    state.operands = [lhs, rhs].into_iter().collect();
    state.result_types = ir::TypeList::from_slice(&[rw.ctx.value_type(rw.ctx.op(op).results[0])]);
    state.props.push((
        ir::attrs::attr_name("overflowFlags"),
        overflow_attr(flags.0, flags.1),
    ));
    rw.replace_op_with_new(op, state);
}

/// The first of `patterns` that matches `op`, applied.
fn reassociate(rw: &mut Rewriter, op: OpId, patterns: &[Reassociation]) -> bool {
    let ctx = &*rw.ctx;
    let &[l, rr] = &ctx.op(op).operands[..] else {
        return false;
    };
    let ty = ctx.value_type(ctx.op(op).results[0]);
    for p in patterns {
        let (inner_v, c1) = match p.outer {
            Side::Rhs => (l, rr),
            Side::Lhs => (rr, l),
        };
        let Some(c1) = int_constant(ctx, c1) else {
            continue;
        };
        let Some(inner) = ctx
            .defining_op(inner_v)
            .filter(|&d| ctx.kind(d) == p.inner_kind)
        else {
            continue;
        };
        let &[il, ir_] = &ctx.op(inner).operands[..] else {
            continue;
        };
        let (x, c0) = match p.inner {
            Side::Rhs => (il, ir_),
            Side::Lhs => (ir_, il),
        };
        let Some(c0) = int_constant(ctx, c0) else {
            continue;
        };
        let flags = if p.keep_flags {
            let (a, b) = (overflow_flags(ctx, inner), overflow_flags(ctx, op));
            (a.0 && b.0, a.1 && b.1)
        } else {
            (false, false)
        };
        let value = wrap((p.combine)(c0.v, c1.v), c1.w);
        let c = int_constant_op(rw, op, ty, value);
        let (lhs, rhs) = if p.constant_lhs { (c, x) } else { (x, c) };
        replace_with_flagged(rw, op, p.result, lhs, rhs, flags);
        return true;
    }
    false
}

/// `addi(x, muli(y, -1))` and `addi(muli(x, -1), y)` are subtractions.
fn add_negated(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let &[l, rr] = &ctx.op(op).operands[..] else {
        return false;
    };
    let negated = |v: ValueId| -> Option<ValueId> {
        let d = ctx
            .defining_op(v)
            .filter(|&d| ctx.kind(d) == OpKind::ArithMuli)?;
        match ctx.op(d).operands[..] {
            [y, m] if int_constant(ctx, m).is_some_and(|c| c.v == -1) => Some(y),
            _ => None,
        }
    };
    let (a, b) = match (negated(rr), negated(l)) {
        (Some(y), _) => (l, y),
        (None, Some(x)) => (rr, x),
        _ => return false,
    };
    replace_with_flagged(rw, op, OpKind::ArithSubi, a, b, (false, false));
    true
}

/// `subi(subi(a, b), a)` is `subi(0, b)`.
fn sub_of_sub_by_its_lhs(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let &[l, rr] = &ctx.op(op).operands[..] else {
        return false;
    };
    let Some(inner) = ctx
        .defining_op(l)
        .filter(|&d| ctx.kind(d) == OpKind::ArithSubi)
    else {
        return false;
    };
    let &[a, b] = &ctx.op(inner).operands[..] else {
        return false;
    };
    if a != rr || int_width(ctx, ctx.value_type(b)).is_none() {
        return false;
    }
    let (x, y) = (overflow_flags(ctx, inner), overflow_flags(ctx, op));
    let ty = ctx.value_type(b);
    let zero = int_constant_op(rw, op, ty, 0);
    replace_with_flagged(rw, op, OpKind::ArithSubi, zero, b, (x.0 && y.0, x.1 && y.1));
    true
}

/// The operands of the op defining `v` if it is of kind `kind`.
fn operands_of(ctx: &Context, v: ValueId, kind: OpKind) -> Option<Vec<ValueId>> {
    let d = ctx.defining_op(v).filter(|&d| ctx.kind(d) == kind)?;
    Some(ctx.op(d).operands.to_vec())
}

/// The integer bits of constant `v` if its type is an integer of at most
/// 64 bits (`i1` true reads 1).
fn constant_bits(ctx: &Context, v: ValueId) -> Option<(u128, u32)> {
    let w = int_width(ctx, ctx.value_type(v))?;
    if w == 0 || w > 64 {
        return None;
    }
    let c = int_of(&crate::constant_value(ctx, v)?)?;
    Some((unsigned(wrap(c, w), w), w))
}

/// True if `v` is a constant with every bit set (`true` for `i1`).
fn is_all_ones(ctx: &Context, v: ValueId) -> bool {
    constant_bits(ctx, v).is_some_and(|(b, w)| b == unsigned(-1, w))
}

/// Replace `op` by a new op of kind `kind` of `operands` (of `op`'s result type).
fn replace_with(rw: &mut Rewriter, op: OpId, kind: OpKind, operands: &[ValueId]) -> OpId {
    let mut state = OperationState::new(kind, rw.ctx.op(op).loc.clone());
    state.operands = operands.iter().copied().collect();
    state.result_types = ir::TypeList::from_slice(&[rw.ctx.value_type(rw.ctx.op(op).results[0])]);
    rw.replace_op_with_new(op, state)
}

/// `select(p, select(p, a, b), c)` is `select(p, a, c)` (`slot` 1);
/// `select(p, a, select(p, b, c))` is `select(p, a, c)` (`slot` 2).
fn redundant_inner_select(rw: &mut Rewriter, op: OpId, slot: usize) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    let [p, a, c] = ops[..] else {
        return false;
    };
    let Some(inner) = operands_of(rw.ctx, ops[slot], OpKind::ArithSelect) else {
        return false;
    };
    if inner.first() != Some(&p) {
        return false;
    }
    let new = if slot == 1 {
        [p, inner[1], c]
    } else {
        [p, a, inner[2]]
    };
    replace_with(rw, op, OpKind::ArithSelect, &new);
    true
}

/// `select(xori(p, -1), a, b)` is `select(p, b, a)`.
fn select_of_negation(rw: &mut Rewriter, op: OpId) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    let [c, a, b] = ops[..] else {
        return false;
    };
    let Some(&[p, ones]) = operands_of(rw.ctx, c, OpKind::ArithXori).as_deref() else {
        return false;
    };
    if !is_all_ones(rw.ctx, ones) {
        return false;
    }
    replace_with(rw, op, OpKind::ArithSelect, &[p, b, a]);
    true
}

/// Create `arith.constant true` right before `anchor`.
fn true_constant(rw: &mut Rewriter, anchor: OpId) -> ValueId {
    let loc = rw.ctx.op(anchor).loc.clone();
    crate::bool_constant(rw, anchor, loc, true)
}

/// `select(p, false, true)` on `i1` is `xori(p, true)`.
fn select_false_true(rw: &mut Rewriter, op: OpId) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    let [p, a, b] = ops[..] else {
        return false;
    };
    let is = |v: ValueId, x: bool| matches!(crate::constant_value(rw.ctx, v), Some(Attr::Bool(y)) if y == x);
    if !is(a, false) || !is(b, true) {
        return false;
    }
    let t = true_constant(rw, op);
    replace_with(rw, op, OpKind::ArithXori, &[p, t]);
    true
}

/// On integers wider than `i1`: `select(p, 1, 0)` is `extui(p)`,
/// `select(p, 0, 1)` is `extui(xori(p, true))`.
fn select_to_extui(rw: &mut Rewriter, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let ops = ctx.op(op).operands.to_vec();
    let [p, a, b] = ops[..] else {
        return false;
    };
    let ty = ctx.value_type(ctx.op(op).results[0]);
    if !matches!(ctx.type_kind(ty), TypeKind::Integer { width, .. } if *width > 1) {
        return false;
    }
    let bits = |v: ValueId| constant_bits(ctx, v).map(|(b, _)| b);
    let cond = match (bits(a), bits(b)) {
        (Some(1), Some(0)) => p,
        (Some(0), Some(1)) => {
            let t = true_constant(rw, op);
            let mut state = OperationState::new(OpKind::ArithXori, rw.ctx.op(op).loc.clone());
            state.operands = [p, t].into_iter().collect();
            state.result_types = ir::TypeList::from_slice(&[rw.ctx.value_type(p)]);
            let x = rw.create_before(op, state);
            rw.ctx.op(x).results[0]
        }
        _ => return false,
    };
    replace_with(rw, op, OpKind::ArithExtui, &[cond]);
    true
}

/// `xori(cmpi(pred, a, b), true)` is `cmpi(!pred, a, b)`.
fn negated_comparison(rw: &mut Rewriter, op: OpId) -> bool {
    let ops = rw.ctx.op(op).operands.to_vec();
    let [c, one] = ops[..] else {
        return false;
    };
    if !matches!(crate::constant_value(rw.ctx, one), Some(Attr::Bool(true))) {
        return false;
    }
    let Some((cmp, pred)) = rw
        .ctx
        .defining_op(c)
        .and_then(|d| Some((d, CmpIPredicate::of(rw.ctx, d)?)))
    else {
        return false;
    };
    let data = rw.ctx.op(cmp).clone();
    let mut state = OperationState::new(OpKind::ArithCmpi, rw.ctx.op(op).loc.clone());
    state.operands = data.operands.clone();
    state.result_types = ir::TypeList::from_slice(&[rw.ctx.value_type(rw.ctx.op(op).results[0])]);
    let pred_ty = match data.props.iter().find(|(n, _)| &**n == "predicate") {
        Some((_, Attr::Int { ty, .. })) => *ty,
        _ => return false,
    };
    state.props.push((
        ir::attrs::attr_name("predicate"),
        Attr::Int {
            value: pred.negated() as i128,
            ty: pred_ty,
        },
    ));
    rw.replace_op_with_new(op, state);
    true
}

/// `arith.constant` for `attr` if it is buildable with type `ty` (its own
/// type is `ty`), else `ub.poison` for poison.
pub(crate) fn constant_op(
    ctx: &Context,
    attr: &Attr,
    ty: Type,
) -> Option<(OpKind, Option<&'static str>, Attr)> {
    if is_poison(attr) {
        return Some((OpKind::UbPoison, None, Attr::Unit));
    }
    let own_type = match attr {
        Attr::Int { ty, .. } | Attr::Float { ty, .. } | Attr::Dense { ty, .. } => *ty,
        Attr::Bool(_) if int_width(ctx, ty) == Some(1) => ty,
        _ => return None,
    };
    (own_type == ty).then(|| (OpKind::ArithConstant, Some("value"), attr.clone()))
}
