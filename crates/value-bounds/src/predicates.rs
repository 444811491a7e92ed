//! `i1` predicates over bounded values: assuming one holds adds its
//! constraints, deciding one asks whether the set implies it or its
//! negation.

use crate::set::{constant_index, ValueBounds};
use bounds::{Affine, BoundKind};
use ir::dialect::arith::CmpIPredicate;
use ir::{OpKind, TypeKind, ValueId};

/// How deep `and`/`or`/`xor` trees are followed.
const MAX_DEPTH: usize = 32;

/// How many of the checks before a condition [`decide_given`] assumes: the
/// latest ones. A query then costs the same in a function of thousands of
/// checks as in a short one (assuming them all made deciding every check
/// of a function quadratic in their number, or worse); a condition that
/// only a check further back implies stays undecided, and is kept.
pub const MAX_ESTABLISHED: usize = 64;

/// Decide `condition` (an `i1`) given that the latest [`MAX_ESTABLISHED`]
/// of `established` hold (checks that ran before it, in order), with every
/// target explained: see [`ValueBounds::decide`].
pub fn decide_given(
    ctx: &ir::Context,
    condition: ValueId,
    established: &[ValueId],
) -> Option<bool> {
    let mut bounds = ValueBounds::new(ctx, |_| false);
    let latest = established.len().saturating_sub(MAX_ESTABLISHED);
    for &e in &established[latest..] {
        bounds.assume(e);
    }
    bounds.decide(condition)
}

impl ValueBounds<'_> {
    /// Assume `p` (an `i1`) is true: both sides of an `arith.andi`, and
    /// the comparison of an `arith.cmpi` (`ne` adds nothing; an unsigned
    /// comparison adds its signed meaning where the side it bounds is known
    /// non-negative). Anything else adds nothing.
    pub fn assume(&mut self, p: ValueId) {
        self.assume_at(p, 0);
    }

    fn assume_at(&mut self, p: ValueId, depth: usize) {
        let ctx = self.ctx();
        let Some(op) = ctx.defining_op(p).filter(|_| depth < MAX_DEPTH) else {
            return;
        };
        let operands = ctx.op(op).operands.clone();
        match ctx.kind(op) {
            OpKind::ArithAndi => {
                for o in operands {
                    self.assume_at(o, depth + 1);
                }
            }
            OpKind::ArithCmpi => {
                if let Some((c, true)) = self.selected_condition(op) {
                    return self.assume_at(c, depth + 1);
                }
                let Some((predicate, l, r)) = self.comparison(op) else {
                    return;
                };
                let strict = |e: &Affine| e.offset(-1);
                match predicate {
                    CmpIPredicate::Eq => self.add(BoundKind::Equal, &l, &r),
                    CmpIPredicate::Ne => {}
                    CmpIPredicate::Sle => self.add(BoundKind::Upper, &l, &r),
                    CmpIPredicate::Sge => self.add(BoundKind::Lower, &l, &r),
                    CmpIPredicate::Slt => {
                        if let Some(r) = strict(&r) {
                            self.add(BoundKind::Upper, &l, &r);
                        }
                    }
                    CmpIPredicate::Sgt => {
                        if let Some(l) = strict(&l) {
                            self.add(BoundKind::Lower, &l, &r);
                        }
                    }
                    CmpIPredicate::Ult => self.assume_unsigned_below(l, r, true),
                    CmpIPredicate::Ule => self.assume_unsigned_below(l, r, false),
                    CmpIPredicate::Ugt => self.assume_unsigned_below(r, l, true),
                    CmpIPredicate::Uge => self.assume_unsigned_below(r, l, false),
                }
            }
            // No other op's truth implies bounds.
            ir::arith_non_condition_ops!()
            | ir::control_and_memory_ops!()
            | ir::shape_ops!()
            | ir::tensor_ops!()
            | OpKind::Unregistered => {}
        }
    }

    /// Assume `small <u large` (`strict`) or `small ≤u large`: where
    /// `large ≥ 0` is known, `0 ≤ small < large` (or `≤ large`).
    fn assume_unsigned_below(&mut self, small: Affine, large: Affine, strict: bool) {
        if !self.implies(&large) {
            return;
        }
        let zero = Affine::constant(0);
        self.add(BoundKind::Lower, &small, &zero);
        let bound = match strict {
            true => large.offset(-1),
            false => Some(large),
        };
        if let Some(bound) = bound {
            self.add(BoundKind::Upper, &small, &bound);
        }
    }

    /// Whether `p` (an `i1`) holds at every point of the set (`Some(true)`),
    /// at none (`Some(false)`), or cannot be told: constants, `andi`,
    /// `ori`, `xori` with `true`, and `arith.cmpi` of bounded values
    /// (unsigned comparisons where both sides are known non-negative).
    pub fn decide(&mut self, p: ValueId) -> Option<bool> {
        self.decide_at(p, 0)
    }

    fn decide_at(&mut self, p: ValueId, depth: usize) -> Option<bool> {
        let ctx = self.ctx();
        if let Some(c) = constant_index(ctx, p) {
            return Some(c != 0);
        }
        let op = ctx.defining_op(p).filter(|_| depth < MAX_DEPTH)?;
        let operands = ctx.op(op).operands.clone();
        match ctx.kind(op) {
            kind @ (OpKind::ArithAndi | OpKind::ArithOri) => {
                let conjunction = kind == OpKind::ArithAndi;
                // and: false if any side is, true if all are; or: dually.
                let mut all = true;
                for o in operands {
                    match self.decide_at(o, depth + 1) {
                        Some(v) if v != conjunction => return Some(v),
                        Some(_) => {}
                        None => all = false,
                    }
                }
                all.then_some(conjunction)
            }
            OpKind::ArithXori => {
                let [a, b] = operands.as_slice() else {
                    return None;
                };
                let (a, b) = (*a, *b);
                Some(self.decide_at(a, depth + 1)? != self.decide_at(b, depth + 1)?)
            }
            OpKind::ArithCmpi => {
                if let Some((c, same)) = self.selected_condition(op) {
                    return self.decide_at(c, depth + 1).map(|v| v == same);
                }
                let (predicate, l, r) = self.comparison(op)?;
                if predicate.is_unsigned() {
                    let zero = Affine::constant(0);
                    let nonnegative = |s: &mut Self, e: &Affine| {
                        s.cmpi(e, CmpIPredicate::Sge, &zero) == Some(true)
                    };
                    if !(nonnegative(self, &l) && nonnegative(self, &r)) {
                        return None;
                    }
                }
                self.cmpi(&l, predicate.signed(), &r)
            }
            // No other op's truth is decided here.
            ir::arith_integer_arithmetic_ops!()
            | ir::arith_float_ops!()
            | ir::arith_cast_ops!()
            | OpKind::ArithConstant
            | OpKind::ArithCmpf
            | OpKind::ArithSelect
            | ir::control_and_memory_ops!()
            | ir::shape_ops!()
            | ir::tensor_ops!()
            | OpKind::Unregistered => None,
        }
    }

    /// For `cmpi eq|ne (select %c, k1, k2), k` (either side) with
    /// constants `k1 ≠ k2` and `k` one of them: `%c`, and whether the
    /// comparison means `%c` (`true`) or its negation (`false`). This is
    /// how a condition made a number (`select %c, 1, 0`) is required.
    fn selected_condition(&self, op: ir::OpId) -> Option<(ValueId, bool)> {
        let ctx = self.ctx();
        let [l, r] = ctx.op(op).operands.as_slice() else {
            return None;
        };
        let equal = match CmpIPredicate::of(ctx, op)? {
            CmpIPredicate::Eq => true,
            CmpIPredicate::Ne => false,
            _ => return None,
        };
        let selection = |v: ValueId| {
            let s = ctx
                .defining_op(v)
                .filter(|&s| ctx.kind(s) == OpKind::ArithSelect)?;
            let [c, a, b] = ctx.op(s).operands.as_slice() else {
                return None;
            };
            Some((*c, constant_index(ctx, *a)?, constant_index(ctx, *b)?))
        };
        let ((c, a, b), k) = match (selection(*l), selection(*r)) {
            (Some(s), _) => (s, constant_index(ctx, *r)?),
            (None, Some(s)) => (s, constant_index(ctx, *l)?),
            _ => return None,
        };
        if a == b || (k != a && k != b) {
            return None;
        }
        Some((c, (k == a) == equal))
    }

    /// The predicate and both sides of an `arith.cmpi` on `index` or
    /// integer values.
    fn comparison(&mut self, op: ir::OpId) -> Option<(CmpIPredicate, Affine, Affine)> {
        let ctx = self.ctx();
        let [l, r] = ctx.op(op).operands.as_slice() else {
            return None;
        };
        let (l, r) = (*l, *r);
        let integer = match ctx.type_kind(ctx.value_type(l)) {
            TypeKind::Index => true,
            TypeKind::Integer { width, .. } => *width > 1,
            _ => false,
        };
        if !integer {
            return None;
        }
        let predicate = CmpIPredicate::of(ctx, op)?;
        let (l, r) = (self.value(l), self.value(r));
        Some((predicate, l, r))
    }
}
