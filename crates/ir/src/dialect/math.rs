//! `math` dialect: the unary floating-point functions (`math.tanh`,
//! `math.exp`, ...), spelled like `arith.negf` with an optional fastmath flag.

use crate::op_def::{one, op, opt_attr, AttrKind, OpDef};
use crate::OpKind;

/// Unary float functions of the `math` dialect.
const UNARY: &[OpKind] = &[
    OpKind::MathAbsf,
    OpKind::MathAtan,
    OpKind::MathCbrt,
    OpKind::MathCeil,
    OpKind::MathCos,
    OpKind::MathErf,
    OpKind::MathExp,
    OpKind::MathExp2,
    OpKind::MathExpm1,
    OpKind::MathFloor,
    OpKind::MathLog,
    OpKind::MathLog10,
    OpKind::MathLog1p,
    OpKind::MathLog2,
    OpKind::MathRound,
    OpKind::MathRoundeven,
    OpKind::MathRsqrt,
    OpKind::MathSin,
    OpKind::MathSqrt,
    OpKind::MathTan,
    OpKind::MathTanh,
    OpKind::MathTrunc,
];

pub fn ops() -> Vec<OpDef> {
    UNARY
        .iter()
        .map(|&kind| {
            op(kind)
                .summary("unary floating-point function")
                .operands([one("operand")])
                .results([one("result")])
                .attrs([opt_attr("fastmath", AttrKind::Any)])
                .pure()
                .custom(super::arith::parse_unary, super::arith::print_unary)
                .verify(super::arith::verify_float_binary)
        })
        .collect()
}
