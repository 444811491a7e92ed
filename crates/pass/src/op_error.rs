//! Errors at an op, worded the way MLIR words an op's errors:
//! `'op.name' op message`, at the op's location.

use crate::loc_of;
use diag::Diagnostic;
use ir::{Context, OpId};

/// `'op.name' op {message}` at `op`.
pub fn error_at(ctx: &Context, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
    let d = Diagnostic::error(
        loc_of(ctx, op),
        format!("'{}' op {message}", ctx.op_name(op)),
    );
    with_current_op(ctx, op, d)
}

/// `d` with MLIR's note `see current operation: <op>` (the op in generic
/// form, on a line of its own when it spans several) first among its
/// notes, when the context asks for it (`--mlir-print-op-on-diagnostic`).
pub fn with_current_op(ctx: &Context, op: OpId, mut d: Diagnostic) -> Diagnostic {
    if ctx.print_op_on_diagnostic() {
        let text = ir::printer::print_op_for_diagnostic(ctx, op);
        let gap = if text.contains('\n') { "\n" } else { "" };
        let note = Diagnostic::new(
            diag::Severity::Note,
            loc_of(ctx, op),
            format!("see current operation: {gap}{text}"),
        );
        d.notes.insert(0, note);
    }
    d
}

/// A broken internal invariant at `op` ([`Diagnostic::internal_error`]:
/// a debug build stops, a release build reports `internal error: 'op.name'
/// op {message}`).
#[track_caller]
pub fn internal_error_at(ctx: &Context, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
    let d = Diagnostic::internal_error(
        loc_of(ctx, op),
        format!("'{}' op {message}", ctx.op_name(op)),
    );
    with_current_op(ctx, op, d)
}
