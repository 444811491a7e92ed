//! `arith` folders: constant folding of integer ops with checked arithmetic
//! (on scalars of at most 64 bits; `index` is 64 bits), the algebraic
//! identities MLIR folds (`x + 0`, `x * 1`, `x * 0`, `x - x`, `x & x`,
//! `select` with a constant or repeated choice, `cmpi` of a value with
//! itself, cast round trips), and poison propagation. Declines division by
//! zero, signed division overflow, shifts by the width or more, and
//! anything on floats.

use crate::{
    constant, int_attr, int_of, int_width, is_poison, poison, result_type, same_typed_value,
    unsigned, wrap, Folded, Rewriter,
};
use ir::{Attr, Context, OpId, Type, ValueId};

use ir::dialect::arith::CMPI_PREDICATES as CMPI;

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

pub(crate) fn fold(
    ctx: &mut Context,
    op: OpId,
    name: &str,
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let ty = result_type(ctx, op)?;
    let operands = ctx.op(op).operands.to_vec();
    match name {
        "arith.select" => fold_select(ctx, op, &operands, consts),
        "arith.cmpi" => fold_cmpi(ctx, op, &operands, consts),
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui"
        | "arith.trunci" => fold_int_cast(ctx, op, name, ty, consts),
        _ if operands.len() == 2 => fold_int_binary(ctx, op, name, ty, &operands, consts),
        _ => None,
    }
}

fn fold_int_binary(
    ctx: &mut Context,
    op: OpId,
    name: &str,
    ty: Type,
    operands: &[ValueId],
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let int_op = matches!(
        name,
        "arith.addi"
            | "arith.subi"
            | "arith.muli"
            | "arith.divsi"
            | "arith.divui"
            | "arith.ceildivsi"
            | "arith.ceildivui"
            | "arith.floordivsi"
            | "arith.remsi"
            | "arith.remui"
            | "arith.andi"
            | "arith.ori"
            | "arith.xori"
            | "arith.shli"
            | "arith.shrsi"
            | "arith.shrui"
            | "arith.maxsi"
            | "arith.minsi"
            | "arith.maxui"
            | "arith.minui"
    );
    if !int_op {
        return None;
    }
    if is_const_poison(consts, 0) || is_const_poison(consts, 1) {
        return constant(poison());
    }
    let (lhs, rhs) = (operands[0], operands[1]);
    if let Some(f) = fold_identity(ctx, op, name, ty, lhs, rhs, consts) {
        return Some(f);
    }
    let a = int_operand(ctx, op, consts, 0)?;
    let b = int_operand(ctx, op, consts, 1)?;
    let v = eval_binary(name, a, b)?;
    constant(int_attr(ctx, ty, v))
}

/// The identities MLIR's folders apply before (or without) constants.
fn fold_identity(
    ctx: &mut Context,
    op: OpId,
    name: &str,
    ty: Type,
    lhs: ValueId,
    rhs: ValueId,
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let rhs_is = |v: i128| is_int(ctx, op, consts, 1, v);
    let keep_lhs = match name {
        "arith.addi" | "arith.subi" | "arith.ori" | "arith.xori" | "arith.shli" | "arith.shrsi"
        | "arith.shrui" => rhs_is(0),
        "arith.muli" | "arith.divsi" | "arith.divui" | "arith.ceildivsi" | "arith.ceildivui"
        | "arith.floordivsi" => rhs_is(1),
        "arith.andi" => rhs_is(-1),
        _ => false,
    };
    if keep_lhs {
        return same_typed_value(ctx, op, lhs);
    }
    let same = lhs == rhs;
    let zero = match name {
        "arith.muli" | "arith.andi" => rhs_is(0),
        "arith.remsi" | "arith.remui" => rhs_is(1),
        "arith.subi" | "arith.xori" => same,
        _ => false,
    };
    if zero && int_width(ctx, ty).is_some() {
        return constant(int_attr(ctx, ty, 0));
    }
    let idempotent = same
        && matches!(
            name,
            "arith.andi"
                | "arith.ori"
                | "arith.maxsi"
                | "arith.minsi"
                | "arith.maxui"
                | "arith.minui"
        );
    if idempotent {
        return same_typed_value(ctx, op, lhs);
    }
    if name == "arith.ori" && rhs_is(-1) {
        return constant(int_attr(ctx, ty, -1));
    }
    // subi(addi(a, b), b) is a; subi(addi(a, b), a) is b.
    if name == "arith.subi" {
        if let Some(d) = ctx
            .defining_op(lhs)
            .filter(|&d| ctx.op_name(d) == "arith.addi")
        {
            match ctx.op(d).operands.as_slice() {
                [a, b] if *b == rhs => return same_typed_value(ctx, op, *a),
                [a, b] if *a == rhs => return same_typed_value(ctx, op, *b),
                _ => {}
            }
        }
    }
    // addi(subi(a, b), b) and addi(b, subi(a, b)) are a.
    if name == "arith.addi" {
        for (sub, other) in [(lhs, rhs), (rhs, lhs)] {
            if let Some(d) = ctx.defining_op(sub) {
                let data = ctx.op(d);
                if ctx.op_name(d) == "arith.subi" && data.operands.get(1) == Some(&other) {
                    return same_typed_value(ctx, op, data.operands[0]);
                }
            }
        }
    }
    None
}

/// The value of a binary integer op on constants, `None` where MLIR declines.
fn eval_binary(name: &str, a: Int, b: Int) -> Option<i128> {
    let w = a.w;
    let signed_min = -(1i128 << (w - 1));
    let overflows = |x: Int, y: Int| x.v == signed_min && y.v == -1;
    Some(match name {
        "arith.addi" => a.v.checked_add(b.v)?,
        "arith.subi" => a.v.checked_sub(b.v)?,
        "arith.muli" => a.v.checked_mul(b.v)?,
        "arith.divsi" if b.v == 0 || overflows(a, b) => return None,
        "arith.divsi" => a.v / b.v,
        "arith.divui" | "arith.ceildivui" | "arith.remui" if b.u() == 0 => return None,
        "arith.divui" => (a.u() / b.u()) as i128,
        "arith.ceildivui" => a.u().div_ceil(b.u()) as i128,
        "arith.remui" => (a.u() % b.u()) as i128,
        "arith.ceildivsi" | "arith.floordivsi" if b.v == 0 || overflows(a, b) => return None,
        "arith.ceildivsi" => {
            let q = a.v / b.v;
            if a.v % b.v != 0 && ((a.v < 0) == (b.v < 0)) {
                q + 1
            } else {
                q
            }
        }
        "arith.floordivsi" => {
            let q = a.v / b.v;
            if a.v % b.v != 0 && ((a.v < 0) != (b.v < 0)) {
                q - 1
            } else {
                q
            }
        }
        "arith.remsi" if b.v == 0 => return None,
        "arith.remsi" => a.v % b.v,
        "arith.andi" => a.v & b.v,
        "arith.ori" => a.v | b.v,
        "arith.xori" => a.v ^ b.v,
        "arith.shli" | "arith.shrsi" | "arith.shrui" if b.u() >= w as u128 => return None,
        "arith.shli" => a.v << b.u(),
        "arith.shrsi" => a.v >> b.u(),
        "arith.shrui" => (a.u() >> b.u()) as i128,
        "arith.maxsi" => a.v.max(b.v),
        "arith.minsi" => a.v.min(b.v),
        "arith.maxui" => a.u().max(b.u()) as i128,
        "arith.minui" => a.u().min(b.u()) as i128,
        _ => return None,
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
        Some(Attr::Bool(true)) => same_typed_value(ctx, op, *t),
        Some(Attr::Bool(false)) => same_typed_value(ctx, op, *f),
        _ => {
            // select(c, true, false) is c.
            let is_bool =
                |i: usize, b: bool| matches!(consts.get(i), Some(Some(Attr::Bool(x))) if *x == b);
            (is_bool(1, true) && is_bool(2, false))
                .then(|| same_typed_value(ctx, op, *cond))
                .flatten()
        }
    }
}

fn fold_cmpi(
    ctx: &mut Context,
    op: OpId,
    operands: &[ValueId],
    consts: &[Option<Attr>],
) -> Option<Folded> {
    let pred = ctx
        .attr(op, "predicate")
        .and_then(Attr::as_int)
        .and_then(|i| usize::try_from(i).ok())
        .and_then(|i| CMPI.get(i))?;
    let ty = result_type(ctx, op)?;
    if int_width(ctx, ty) != Some(1) {
        return None; // vectors and tensors of i1
    }
    if let [l, r] = operands {
        if l == r {
            let reflexive = matches!(*pred, "eq" | "sle" | "sge" | "ule" | "uge");
            return constant(Attr::Bool(reflexive));
        }
    }
    let a = int_operand(ctx, op, consts, 0)?;
    let b = int_operand(ctx, op, consts, 1)?;
    let result = match *pred {
        "eq" => a.v == b.v,
        "ne" => a.v != b.v,
        "slt" => a.v < b.v,
        "sle" => a.v <= b.v,
        "sgt" => a.v > b.v,
        "sge" => a.v >= b.v,
        "ult" => a.u() < b.u(),
        "ule" => a.u() <= b.u(),
        "ugt" => a.u() > b.u(),
        _ => a.u() >= b.u(),
    };
    constant(Attr::Bool(result))
}

fn fold_int_cast(
    ctx: &mut Context,
    op: OpId,
    name: &str,
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
            (name, ctx.op_name(inner)),
            ("arith.index_cast", "arith.index_cast")
                | ("arith.index_castui", "arith.index_castui")
                | ("arith.trunci", "arith.extsi" | "arith.extui")
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
    let v = match name {
        "arith.extui" | "arith.index_castui" => a.u() as i128,
        _ => a.v,
    };
    constant(int_attr(ctx, ty, v))
}

/// The `arith` canonicalization patterns shape-opt has: none beyond the
/// folders yet (see the crate's known gaps).
pub(crate) fn apply_patterns(_rw: &mut Rewriter, _op: OpId, _name: &str) -> bool {
    false
}

/// `arith.constant` for `attr` if it is buildable with type `ty` (its own
/// type is `ty`), else `ub.poison` for poison.
pub(crate) fn constant_op(
    ctx: &Context,
    attr: &Attr,
    ty: Type,
) -> Option<(&'static str, Option<&'static str>, Attr)> {
    if is_poison(attr) {
        return Some(("ub.poison", None, Attr::Unit));
    }
    let own_type = match attr {
        Attr::Int { ty, .. } | Attr::Float { ty, .. } | Attr::Dense { ty, .. } => *ty,
        Attr::Bool(_) if int_width(ctx, ty) == Some(1) => ty,
        _ => return None,
    };
    (own_type == ty).then(|| ("arith.constant", Some("value"), attr.clone()))
}
