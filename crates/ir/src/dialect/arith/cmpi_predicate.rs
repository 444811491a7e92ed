//! The comparison an `arith.cmpi` makes, as a type: read from the op, its
//! name, its meaning on integers, and the predicates it becomes when the
//! operands are exchanged or the result negated.

use super::CMPI_PREDICATES;
use crate::{Context, OpId, OpKind};

/// An `arith.cmpi` predicate, in the order of the dialect's enum: the
/// `predicate` attribute holds the position in [`CmpIPredicate::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpIPredicate {
    /// `lhs == rhs`.
    Eq,
    /// `lhs != rhs`.
    Ne,
    /// `lhs < rhs`, signed.
    Slt,
    /// `lhs <= rhs`, signed.
    Sle,
    /// `lhs > rhs`, signed.
    Sgt,
    /// `lhs >= rhs`, signed.
    Sge,
    /// `lhs < rhs`, unsigned.
    Ult,
    /// `lhs <= rhs`, unsigned.
    Ule,
    /// `lhs > rhs`, unsigned.
    Ugt,
    /// `lhs >= rhs`, unsigned.
    Uge,
}

use CmpIPredicate::*;

impl CmpIPredicate {
    /// Every predicate, in the enum's order.
    pub const ALL: [CmpIPredicate; 10] = [Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge];

    /// The predicate of `op` if it is an `arith.cmpi` whose `predicate`
    /// attribute is one of the enum's.
    pub fn of(ctx: &Context, op: OpId) -> Option<Self> {
        if ctx.kind(op) != OpKind::ArithCmpi {
            return None;
        }
        let index = ctx.attr(op, "predicate")?.as_int()?;
        Self::ALL.get(usize::try_from(index).ok()?).copied()
    }

    /// The predicate named `name` (`slt`).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The `predicate` attribute of an `arith.cmpi` with this predicate
    /// (its index, as an `i64`).
    pub fn attr(self, ctx: &mut Context) -> crate::Attr {
        crate::Attr::Int {
            value: self as i128,
            ty: crate::dialect::i64(ctx),
        }
    }

    /// Its name in the custom syntax (`slt`).
    pub fn name(self) -> &'static str {
        CMPI_PREDICATES[self as usize]
    }

    /// Whether it compares the operands as unsigned numbers.
    pub fn is_unsigned(self) -> bool {
        matches!(self, Ult | Ule | Ugt | Uge)
    }

    /// The signed predicate of the same order (`ult` gives `slt`); a
    /// signed predicate, `eq` and `ne` give themselves.
    pub fn signed(self) -> Self {
        match self {
            Ult => Slt,
            Ule => Sle,
            Ugt => Sgt,
            Uge => Sge,
            signed => signed,
        }
    }

    /// Whether `lhs ⋈ rhs` holds for integers of `width` bits (`index` is
    /// 64), given in their stored form: sign-extended from `width` bits to
    /// `i128`. Signed predicates compare the values, unsigned ones the
    /// low `width` bits.
    pub fn eval(self, lhs: i128, rhs: i128, width: u32) -> bool {
        let unsigned = |v: i128| match width {
            w if w >= 128 => v as u128,
            w => (v as u128) & ((1u128 << w) - 1),
        };
        let (ua, ub) = (unsigned(lhs), unsigned(rhs));
        match self {
            Eq => lhs == rhs,
            Ne => lhs != rhs,
            Slt => lhs < rhs,
            Sle => lhs <= rhs,
            Sgt => lhs > rhs,
            Sge => lhs >= rhs,
            Ult => ua < ub,
            Ule => ua <= ub,
            Ugt => ua > ub,
            Uge => ua >= ub,
        }
    }

    /// The predicate that holds of `rhs, lhs` when this one holds of
    /// `lhs, rhs` (`slt` gives `sgt`; `eq` and `ne` give themselves).
    pub fn swapped(self) -> Self {
        match self {
            Eq => Eq,
            Ne => Ne,
            Slt => Sgt,
            Sle => Sge,
            Sgt => Slt,
            Sge => Sle,
            Ult => Ugt,
            Ule => Uge,
            Ugt => Ult,
            Uge => Ule,
        }
    }

    /// The predicate that holds exactly when this one does not (`slt`
    /// gives `sge`).
    pub fn negated(self) -> Self {
        match self {
            Eq => Ne,
            Ne => Eq,
            Slt => Sge,
            Sle => Sgt,
            Sgt => Sle,
            Sge => Slt,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
        }
    }
}

impl std::fmt::Display for CmpIPredicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::CmpIPredicate;
    use crate::attrs::Attr;
    use crate::context::{Context, OperationState};
    use crate::location::Location;

    /// Values of `i8` in stored form, and the same of `i128`.
    const I8: [i128; 7] = [-128, -2, -1, 0, 1, 2, 127];
    const I128: [i128; 5] = [i128::MIN, -1, 0, 1, i128::MAX];

    fn pairs() -> impl Iterator<Item = (i128, i128, u32)> {
        let of = |values: &'static [i128], width| {
            values
                .iter()
                .flat_map(move |&a| values.iter().map(move |&b| (a, b, width)))
        };
        of(&I8, 8).chain(of(&I128, 128))
    }

    #[test]
    fn names_follow_the_enum_order() {
        let names: Vec<&str> = CmpIPredicate::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, super::CMPI_PREDICATES);
        for p in CmpIPredicate::ALL {
            assert_eq!(CmpIPredicate::from_name(p.name()), Some(p));
            assert_eq!(p.to_string(), p.name());
        }
        assert_eq!(CmpIPredicate::from_name("oeq"), None);
    }

    #[test]
    fn evaluation_swapping_and_negation_agree() {
        for p in CmpIPredicate::ALL {
            for (a, b, w) in pairs() {
                let holds = p.eval(a, b, w);
                assert_eq!(p.swapped().eval(b, a, w), holds, "{p} {a} {b} i{w}");
                assert_eq!(p.negated().eval(a, b, w), !holds, "{p} {a} {b} i{w}");
                if a >= 0 && b >= 0 {
                    assert_eq!(p.signed().eval(a, b, w), holds, "{p} {a} {b} i{w}");
                }
            }
            assert_eq!(p.swapped().swapped(), p);
            assert_eq!(p.negated().negated(), p);
            assert!(!p.signed().is_unsigned());
        }
        use CmpIPredicate::*;
        assert!(Ult.eval(1, -1, 8) && !Slt.eval(1, -1, 8));
        assert!(Ugt.eval(-1, i128::MAX, 128));
        assert!(Uge.eval(-128, 127, 8) && Sle.eval(-128, 127, 8));
    }

    #[test]
    fn read_from_the_op() {
        let mut ctx = Context::new();
        let (i64, index) = (
            crate::dialect::i64(&mut ctx),
            crate::dialect::index(&mut ctx),
        );
        let block = ctx.create_block();
        let a = ctx.add_block_arg(block, index, None);
        let cmpi = |ctx: &mut Context, name: &'static str, predicate: i128| {
            let mut state = OperationState::new(name, Location::Unknown);
            let value = Attr::Int {
                value: predicate,
                ty: i64,
            };
            crate::context::set_named_attr(&mut state.props, "predicate", value);
            state.operands.extend([a, a]);
            let i1 = crate::dialect::i1(ctx);
            state.result_types.push(i1);
            ctx.create_op(state)
        };
        for (i, p) in CmpIPredicate::ALL.into_iter().enumerate() {
            let op = cmpi(&mut ctx, "arith.cmpi", i as i128);
            assert_eq!(CmpIPredicate::of(&ctx, op), Some(p));
        }
        let out_of_range = cmpi(&mut ctx, "arith.cmpi", 10);
        assert_eq!(CmpIPredicate::of(&ctx, out_of_range), None);
        let cmpf = cmpi(&mut ctx, "arith.cmpf", 2);
        assert_eq!(CmpIPredicate::of(&ctx, cmpf), None);
    }
}
