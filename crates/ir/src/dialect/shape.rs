//! `shape` dialect: op definitions, custom syntax and verifiers.

use crate::asm::{AsmParser, PResult};
use crate::attrs::NamedAttr;
use crate::context::{OpId, OperationState};
use crate::format::{ParsedOperands, Var};
use crate::op_def::OpDef;
use crate::printer::OpPrinter;

pub fn ops() -> Vec<OpDef> {
    vec![]
}

/// Parse the `custom<name>(...)` directives this dialect's formats use;
/// `None` if `name` is not one of them.
pub fn parse_directive(
    _name: &str,
    _def: &OpDef,
    _p: &mut dyn AsmParser,
    _state: &mut OperationState,
    _parsed: &mut ParsedOperands,
    _attrs: &mut Vec<NamedAttr>,
    _args: &[Var],
) -> Option<PResult<()>> {
    None
}

/// Print a `custom<name>(...)` directive; false if `name` is not one of this dialect's.
pub fn print_directive(
    _name: &str,
    _def: &OpDef,
    _p: &mut OpPrinter,
    _op: OpId,
    _args: &[Var],
) -> bool {
    false
}
