//! `ub` dialect: `ub.poison`, a value whose use is undefined behaviour.

use crate::op_def::{one, op, opt_attr, AttrKind, OpDef};
use crate::OpKind;

pub fn ops() -> Vec<OpDef> {
    vec![op(OpKind::UbPoison)
        .poison_constant()
        .summary("Poisoned constant operation")
        .results([one("result")])
        .attrs([opt_attr("value", AttrKind::Any)])
        .format("attr-dict (`<` $value^ `>`)? `:` type($result)")
        .pure()]
}
