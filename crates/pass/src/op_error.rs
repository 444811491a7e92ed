//! Errors at an op, worded the way MLIR words an op's errors:
//! `'op.name' op message`, at the op's location.

use crate::loc_of;
use diag::Diagnostic;
use ir::{Context, OpId};

/// `'op.name' op {message}` at `op`.
pub fn error_at(ctx: &Context, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(
        loc_of(ctx, op),
        format!("'{}' op {message}", ctx.op_name(op)),
    )
}

/// A broken internal invariant at `op` ([`Diagnostic::internal_error`]:
/// a debug build stops, a release build reports `internal error: 'op.name'
/// op {message}`).
#[track_caller]
pub fn internal_error_at(ctx: &Context, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::internal_error(
        loc_of(ctx, op),
        format!("'{}' op {message}", ctx.op_name(op)),
    )
}
