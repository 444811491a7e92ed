//! Canonicalization patterns of the `cf` dialect: an assertion of a
//! constant true holds and goes (MLIR's `cf.assert` canonicalizer). An
//! assertion of false stays: it is the program's failure.

use crate::{constant_value, Rewriter};
use ir::{Attr, OpId};

pub fn apply_patterns(rw: &mut Rewriter, op: OpId, name: &str) -> bool {
    match name {
        "cf.assert" => erase_assert_of_true(rw, op),
        _ => false,
    }
}

fn erase_assert_of_true(rw: &mut Rewriter, op: OpId) -> bool {
    let holds = rw
        .ctx
        .operand(op, 0)
        .and_then(|p| constant_value(rw.ctx, p))
        .is_some_and(|a| matches!(a, Attr::Bool(true)) || matches!(a, Attr::Int { value: 1, .. }));
    if holds {
        rw.erase_op(op);
    }
    holds
}
