//! `math` dialect: the unary floating-point functions (`math.tanh`,
//! `math.exp`, ...), spelled like `arith.negf` with an optional fastmath flag.

use crate::op_def::{one, op, opt_attr, AttrKind, OpDef};

/// Unary float functions of the `math` dialect.
const UNARY: &[&str] = &[
    "math.absf",
    "math.atan",
    "math.cbrt",
    "math.ceil",
    "math.cos",
    "math.erf",
    "math.exp",
    "math.exp2",
    "math.expm1",
    "math.floor",
    "math.log",
    "math.log10",
    "math.log1p",
    "math.log2",
    "math.round",
    "math.roundeven",
    "math.rsqrt",
    "math.sin",
    "math.sqrt",
    "math.tan",
    "math.tanh",
    "math.trunc",
];

pub fn ops() -> Vec<OpDef> {
    UNARY
        .iter()
        .map(|&name| {
            op(name)
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
