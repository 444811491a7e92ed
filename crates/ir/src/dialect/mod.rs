//! The dialects shape-opt knows: op definitions, custom syntax and verifiers.
//!
//! Each dialect file exports `ops() -> Vec<OpDef>`; [`all_ops`] gathers them
//! for the registry. Custom format directives (`custom<Name>(...)`) are
//! dispatched by name through [`parse_custom_directive`] and
//! [`print_custom_directive`] to the dialects that define some (`memref`,
//! `tensor`); a dialect without custom directives has no hook.

use crate::asm::{AsmParser, PResult};
use crate::attrs::NamedAttr;
use crate::context::{Context, OpId, OperationState};
use crate::format::{ParsedOperands, Var};
use crate::op_def::OpDef;
use crate::printer::OpPrinter;
use crate::types::{Signedness, Type, TypeKind};
use crate::OpKind;

pub mod arith;
pub mod bufferization;
pub mod builtin;
pub mod cf;
pub(crate) mod checks;
pub mod func;
pub mod math;
pub mod memref;
pub mod scf;
pub mod shape;
pub mod tensor;
pub mod ub;

/// Names of the registered dialects.
pub const DIALECTS: &[&str] = &[
    "builtin",
    "func",
    "cf",
    "scf",
    "arith",
    "math",
    "shape",
    "tensor",
    "ub",
    "memref",
    "bufferization",
];

pub fn all_ops() -> Vec<OpDef> {
    let mut v = builtin::ops();
    v.extend(func::ops());
    v.extend(arith::ops());
    v.extend(cf::ops());
    v.extend(scf::ops());
    v.extend(shape::ops());
    v.extend(tensor::ops());
    v.extend(math::ops());
    v.extend(ub::ops());
    v.extend(memref::ops());
    v.extend(bufferization::ops());
    v
}

/// Whether `op` is a function: a `func.func` or a `shape.func`.
pub fn is_function(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.kind(op), OpKind::FuncFunc | OpKind::ShapeFunc)
}

/// Whether `op` is a function declaration: a function (see
/// [`is_function`]) whose body region holds no block.
pub fn is_declaration(ctx: &Context, op: OpId) -> bool {
    is_function(ctx, op)
        && ctx
            .op(op)
            .regions
            .iter()
            .all(|&r| ctx.region(r).blocks.is_empty())
}

/// The namespaces of the dialects `mlir-opt` 22 registers
/// (`mlir-opt --show-dialects`), shape-opt's and the others.
pub const MLIR_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "shard",
    "smt",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "test_dyn",
    "test_irdl_to_cpp",
    "tosa",
    "transform",
    "ub",
    "vector",
    "wasmssa",
    "x86vector",
    "xegpu",
    "xevm",
];

/// Dialects that accept operations they do not define (as MLIR's `shape` does).
pub fn allows_unknown_ops(dialect: &str) -> bool {
    dialect == "shape"
}

/// The ops MLIR 22 has in the registered dialects that shape-opt does
/// not define (sorted): each is kept as an opaque op, as an op of an
/// unregistered dialect is (with `--allow-unregistered-dialect`). Any
/// other name in a registered dialect is not an op, as in MLIR.
const UNMODELLED_OPS: &[&str] = &[
    "arith.scaling_extf",
    "arith.scaling_truncf",
    "bufferization.dealloc",
    "math.absi",
    "math.acos",
    "math.acosh",
    "math.asin",
    "math.asinh",
    "math.atan2",
    "math.atanh",
    "math.clampf",
    "math.copysign",
    "math.cosh",
    "math.ctlz",
    "math.ctpop",
    "math.cttz",
    "math.erfc",
    "math.fma",
    "math.fpowi",
    "math.ipowi",
    "math.isfinite",
    "math.isinf",
    "math.isnan",
    "math.isnormal",
    "math.powf",
    "math.sincos",
    "math.sinh",
    "ub.unreachable",
];

/// Ops MLIR 22 renamed, by their old name: the new name.
const RENAMED_OPS: &[(&str, OpKind)] =
    &[("bufferization.to_memref", OpKind::BufferizationToBuffer)];

/// Why the op `name`, which no definition covers, cannot be kept (MLIR's
/// words where MLIR rejects it too); `None` if it is kept as an opaque op.
pub fn unknown_op_error(name: &str, allow_unregistered: bool) -> Option<String> {
    let dialect = name.split('.').next().unwrap_or("");
    let registered = DIALECTS.contains(&dialect);
    if UNMODELLED_OPS.binary_search(&name).is_ok() {
        return (!allow_unregistered).then(|| {
            format!(
                "operation '{name}' is not modelled by shape-opt (it models only some ops of the '{dialect}' dialect); pass --allow-unregistered-dialect to keep it as an opaque op"
            )
        });
    }
    if registered && !allows_unknown_ops(dialect) {
        return Some(format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"));
    }
    (!registered && !allow_unregistered).then(|| {
        "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used".to_string()
    })
}

/// What follows MLIR's `custom op 'name' is unknown` (nothing when there
/// is nothing to add): the way to go on for an op of a dialect or an op
/// shape-opt does not model (its generic form, or shape-opt's passes run
/// inside `mlir-opt` by its pass plugin), the op's MLIR 22 name, or the
/// op of the dialect `name` is closest to.
pub fn unknown_custom_op_advice(name: &str) -> String {
    if let Some((_, new)) = RENAMED_OPS.iter().find(|(old, _)| *old == name) {
        return format!(": MLIR 22 names this op '{new}'");
    }
    let Some((dialect, _)) = name.split_once('.') else {
        return String::new();
    };
    let what = if !DIALECTS.contains(&dialect) {
        format!("the '{dialect}' dialect's custom syntax")
    } else if UNMODELLED_OPS.binary_search(&name).is_ok() {
        format!("this op of the '{dialect}' dialect")
    } else {
        let prefix = format!("{dialect}.");
        let ops = crate::op_def::registry().names();
        let same_dialect = ops.filter(|n| n.starts_with(&prefix));
        return match diag::suggest::did_you_mean(name, same_dialect) {
            Some(near) => format!("; did you mean '{near}'?"),
            None => String::new(),
        };
    };
    format!(
        ": shape-opt does not model {what}; give the op in generic form (as `mlir-opt --mlir-print-op-generic` prints it) with --allow-unregistered-dialect, or run shape-opt's passes inside mlir-opt with its pass plugin (`mlir-opt --load-pass-plugin=libShapeOptPlugin.so`)"
    )
}

/// A dialect's check of a discardable attribute named `<dialect>.*` on any op.
pub fn verify_dialect_attribute(
    ctx: &Context,
    op: OpId,
    name: &str,
    value: &crate::Attr,
) -> Result<(), String> {
    match name.split_once('.') {
        Some(("shape", _)) => shape::verify_operation_attribute(ctx, op, name, value),
        _ => Ok(()),
    }
}

/// The dialect whose prefix may be omitted inside the regions of `op_name`.
pub fn default_dialect(op_name: &str) -> Option<&'static str> {
    default_dialect_of(crate::op_def::registry().kind(op_name))
}

/// [`default_dialect`] of an op of kind `kind`.
pub fn default_dialect_of(kind: OpKind) -> Option<&'static str> {
    match kind {
        OpKind::BuiltinModule => Some("builtin"),
        OpKind::FuncFunc => Some("func"),
        OpKind::ShapeFunc | OpKind::ShapeFunctionLibrary => Some("shape"),
        _ => None,
    }
}

type DirectiveParser = fn(
    &str,
    &OpDef,
    &mut dyn AsmParser,
    &mut OperationState,
    &mut ParsedOperands,
    &mut Vec<NamedAttr>,
    &[Var],
) -> Option<PResult<()>>;
type DirectivePrinter = fn(&str, &OpDef, &mut OpPrinter, OpId, &[Var]) -> bool;

const DIRECTIVE_PARSERS: &[DirectiveParser] = &[memref::parse_directive, tensor::parse_directive];
const DIRECTIVE_PRINTERS: &[DirectivePrinter] = &[memref::print_directive, tensor::print_directive];

/// Parse `custom<name>(args)` by asking each dialect with custom
/// directives in turn (the other dialects' formats use none).
pub fn parse_custom_directive(
    name: &str,
    def: &OpDef,
    p: &mut dyn AsmParser,
    state: &mut OperationState,
    parsed: &mut ParsedOperands,
    attrs: &mut Vec<NamedAttr>,
    args: &[Var],
) -> PResult<()> {
    for parse in DIRECTIVE_PARSERS {
        if let Some(r) = parse(name, def, p, state, parsed, attrs, args) {
            return r;
        }
    }
    Err(p.internal_error(&format!("unknown custom directive '{name}'")))
}

/// Print `custom<name>(args)` by asking each dialect with custom
/// directives in turn.
pub fn print_custom_directive(name: &str, def: &OpDef, p: &mut OpPrinter, op: OpId, args: &[Var]) {
    for print in DIRECTIVE_PRINTERS {
        if print(name, def, p, op, args) {
            return;
        }
    }
}

// ----- symbols -----

/// The op named `name` directly inside the first block of `table`'s regions.
pub(crate) fn lookup_symbol(ctx: &Context, table: OpId, name: &str) -> Option<OpId> {
    let r = *ctx.op(table).regions.first()?;
    let b = *ctx.region(r).blocks.first()?;
    ctx.block_ops(b)
        .find(|&o| ctx.attr(o, "sym_name").and_then(crate::Attr::as_str) == Some(name))
}

/// The closest op enclosing `op` that is a symbol table (`builtin.module`);
/// `None` when there is none in reach (a function checked out alone).
pub(crate) fn nearest_symbol_table(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op)?;
    loop {
        if ctx.op_def(cur).is_some_and(|d| d.traits.symbol_table) {
            return Some(cur);
        }
        cur = ctx.parent_op(cur)?;
    }
}

// ----- syntax helpers shared by the dialects -----

/// A type as text, for messages.
pub(crate) fn type_str(ctx: &Context, t: Type) -> String {
    crate::print_attr::AttrPrinter::new(ctx).type_to_string(t)
}

/// `-> T` or `-> (T, U)` if present (MLIR's `parseOptionalArrowTypeList`).
pub(crate) fn parse_optional_arrow_types(p: &mut dyn AsmParser) -> PResult<Vec<Type>> {
    if !p.parse_optional_punct("->") {
        return Ok(Vec::new());
    }
    if p.parse_optional_punct("(") {
        if p.parse_optional_punct(")") {
            return Ok(Vec::new());
        }
        let tys = arith::parse_type_list(p)?;
        p.expect_punct(")")?;
        return Ok(tys);
    }
    Ok(vec![p.parse_type()?])
}

/// `[attributes {...}] { body }`, what follows a symbol table's name
/// (`builtin.module`, `shape.function_library`): its discardable
/// attributes and its one region.
pub(crate) fn parse_attributes_and_body(
    p: &mut dyn AsmParser,
    state: &mut OperationState,
) -> PResult<()> {
    if p.parse_optional_keyword("attributes") {
        p.parse_optional_attr_dict(&mut state.attrs)?;
    }
    let r = p.ctx().create_region();
    p.parse_region(r, &[], true)?;
    state.regions.push(r);
    Ok(())
}

/// Operands between `open` and `close`, none or several separated by
/// commas (`(%a, %b)`, `[]`).
pub(crate) fn parse_delimited_operands(
    p: &mut dyn AsmParser,
    open: &str,
    close: &str,
) -> PResult<Vec<crate::asm::UnresolvedOperand>> {
    p.expect_punct(open)?;
    if p.parse_optional_punct(close) {
        return Ok(Vec::new());
    }
    let v = arith::parse_operand_list(p)?;
    p.expect_punct(close)?;
    Ok(v)
}

/// ` -> T` or ` -> (T, U)`; nothing without types (`printOptionalArrowTypeList`).
pub(crate) fn print_optional_arrow_types(p: &mut OpPrinter, tys: &[Type]) {
    if tys.is_empty() {
        return;
    }
    p.push(" -> ");
    p.result_types(tys);
}

/// `array<i32: ...>` of counts (segment sizes).
pub fn i32_array(ctx: &mut Context, values: &[usize]) -> crate::Attr {
    crate::Attr::DenseArray {
        elem: i32(ctx),
        values: values
            .iter()
            .map(|&n| crate::attrs::Scalar::Int(n as i128))
            .collect(),
    }
}

// ----- type builders shared by the dialects -----
pub fn index(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Index)
}
pub fn i1(ctx: &mut Context) -> Type {
    int(ctx, 1)
}
pub fn i32(ctx: &mut Context) -> Type {
    int(ctx, 32)
}
pub fn i64(ctx: &mut Context) -> Type {
    int(ctx, 64)
}
pub fn int(ctx: &mut Context, width: u32) -> Type {
    ctx.intern_type(TypeKind::Integer {
        width,
        signedness: Signedness::Signless,
    })
}
pub fn shape(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Shape)
}
pub fn size(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Size)
}
pub fn value_shape(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::ValueShape)
}
pub fn witness(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Witness)
}

/// Append an empty `terminator` op (e.g. `scf.yield`), located at `loc`
/// (the op being parsed), to each block of `region` that does not end in a
/// terminator: the implicit terminator that custom syntax lets users omit.
pub fn ensure_terminator(
    ctx: &mut Context,
    region: crate::RegionId,
    terminator: OpKind,
    loc: &crate::Location,
) {
    let blocks = ctx.region(region).blocks.clone();
    let blocks = if blocks.is_empty() {
        let b = ctx.create_block();
        ctx.append_block(region, b);
        vec![b]
    } else {
        blocks
    };
    for b in blocks {
        let terminated = ctx
            .block_terminator(b)
            .is_some_and(|t| ctx.op_def(t).is_some_and(|d| d.traits.terminator));
        if !terminated {
            let t = ctx.create_op(OperationState::new(terminator, loc.clone()));
            ctx.append_op(b, t);
        }
    }
}

/// Attributes a custom form gave in its `{...}` dictionary that are
/// inherent to the op being built become properties.
pub fn move_inherent_attrs(state: &mut OperationState) {
    let Some(def) = crate::op_def::registry().get(&state.name) else {
        return;
    };
    if !state.attrs.iter().any(|(n, _)| def.is_inherent(n)) {
        return;
    }
    let (inherent, discardable): (thin_vec::ThinVec<NamedAttr>, thin_vec::ThinVec<NamedAttr>) =
        std::mem::take(&mut state.attrs)
            .into_iter()
            .partition(|(n, _)| def.is_inherent(n));
    state.props.extend(inherent);
    state.attrs = discardable;
}

/// True if the block's terminator has no operands and no attributes, so
/// custom syntax may leave it out.
pub fn terminator_is_elidable(ctx: &Context, region: crate::RegionId) -> bool {
    let blocks = &ctx.region(region).blocks;
    blocks.len() == 1
        && ctx.block_terminator(blocks[0]).is_some_and(|t| {
            let d = ctx.op(t);
            d.operands.is_empty() && d.attrs.is_empty() && d.props.is_empty()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registered_dialects_are_mlirs() {
        assert!(MLIR_DIALECTS.windows(2).all(|w| w[0] < w[1]));
        assert!(DIALECTS.iter().all(|d| MLIR_DIALECTS.contains(d)));
    }

    #[test]
    fn unmodelled_ops_are_sorted_and_defined_nowhere() {
        assert!(UNMODELLED_OPS.windows(2).all(|w| w[0] < w[1]));
        let registry = crate::op_def::registry();
        for name in UNMODELLED_OPS {
            assert!(registry.get(name).is_none(), "{name} is defined");
            let dialect = name.split('.').next().unwrap_or_default();
            assert!(DIALECTS.contains(&dialect), "{name}");
        }
    }

    #[test]
    fn unknown_ops_get_mlirs_error_or_stay_opaque() {
        assert_eq!(unknown_op_error("math.powf", true), None);
        assert!(unknown_op_error("math.powf", false)
            .is_some_and(|e| e.contains("pass --allow-unregistered-dialect")));
        assert!(unknown_op_error("math.nope", true)
            .is_some_and(|e| e.contains("does not allow unknown operations")));
        assert_eq!(unknown_op_error("shape.anything", false), None);
        assert_eq!(unknown_op_error("linalg.matmul", true), None);
    }

    #[test]
    fn unknown_custom_ops_say_how_to_go_on() {
        let linalg = unknown_custom_op_advice("linalg.matmul");
        assert!(
            linalg.starts_with(": shape-opt does not model the 'linalg' dialect's custom syntax; give the op in generic form"),
            "{linalg}"
        );
        assert!(linalg.contains("pass plugin"), "{linalg}");
        let powf = unknown_custom_op_advice("math.powf");
        assert!(powf.starts_with(": shape-opt does not model this op of the 'math' dialect"));
        assert_eq!(
            unknown_custom_op_advice("arith.constnat"),
            "; did you mean 'arith.constant'?"
        );
        assert_eq!(
            unknown_custom_op_advice("bufferization.to_memref"),
            ": MLIR 22 names this op 'bufferization.to_buffer'"
        );
        assert_eq!(unknown_custom_op_advice("arith.frobnicate"), "");
        assert_eq!(unknown_custom_op_advice("matmul"), "");
    }
}
