//! The four forms a shape function goes through, as legality specs over
//! the one IR: which ops and types each form forbids.
//!
//! | form | forbids |
//! |------|---------|
//! | error-monadic (1) | witnesses: `!shape.witness`, `shape.cstr_*`, `shape.assuming*`, `shape.const_witness`; `cf.assert` |
//! | constrained (2) | values that carry errors: `!shape.shape`, `!shape.size`, `!shape.value_shape`, and the ops only they have (`shape.meet`, `shape.with_shape`, `shape.value_as_shape`, `shape.value_of`) |
//! | asserting (3) | what constrained forbids, and witnesses |
//! | std | what asserting forbids, and every `shape` op and type |
//!
//! A module's form is the latest one it is legal in ([`current_stage`]): a
//! function of plain `arith` is legal everywhere, so it is in std form
//! already. Host ops and the casts that bridge shape values to them keep
//! their types in every form ([`keeps_host_types`]). [`check_legality`] reports the first illegal op (in pre-order)
//! at its location, or the op whose operand, result or block argument has
//! an illegal type.

use crate::manager::loc_of;
use diag::Diagnostic;
use ir::{Context, OpId, OpKind, Revision, TypeKind, ValueId};
use rayon::prelude::*;

/// A form of shape functions, in lowering order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    ErrorMonadic,
    Constrained,
    Asserting,
    Std,
}

impl Stage {
    /// Every stage, in lowering order.
    pub const ALL: [Stage; 4] = [
        Stage::ErrorMonadic,
        Stage::Constrained,
        Stage::Asserting,
        Stage::Std,
    ];

    /// The name used on the command line (`--lower-to=constrained`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::ErrorMonadic => "error-monadic",
            Stage::Constrained => "constrained",
            Stage::Asserting => "asserting",
            Stage::Std => "std",
        }
    }

    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The stage after this one.
    pub fn next(self) -> Option<Stage> {
        match self {
            Stage::ErrorMonadic => Some(Stage::Constrained),
            Stage::Constrained => Some(Stage::Asserting),
            Stage::Asserting => Some(Stage::Std),
            Stage::Std => None,
        }
    }

    /// Why an op of kind `kind` is illegal in this form, if it is;
    /// `dialect` is what its name says (an op no definition covers, such
    /// as an unknown `shape` op, has a dialect but no kind of its own).
    pub fn forbids_op(self, kind: OpKind, dialect: Option<&str>) -> Option<&'static str> {
        let witness_op = kind.is_witness_op();
        let error_value_op = kind.is_error_value_op();
        match self {
            Stage::ErrorMonadic if witness_op => Some("constraints and witnesses"),
            Stage::ErrorMonadic if kind == OpKind::CfAssert => Some("runtime assertions"),
            Stage::Constrained | Stage::Asserting if error_value_op => {
                Some("values that carry errors")
            }
            Stage::Asserting if witness_op => Some("constraints and witnesses"),
            Stage::Std if dialect == Some("shape") => Some("shape dialect ops"),
            _ => None,
        }
    }

    /// Why a value of type `kind` is illegal in this form, if it is.
    pub fn forbids_type(self, kind: &TypeKind) -> Option<&'static str> {
        let error_type = matches!(
            kind,
            TypeKind::Shape | TypeKind::Size | TypeKind::ValueShape
        );
        let witness = matches!(kind, TypeKind::Witness);
        match self {
            Stage::ErrorMonadic if witness => Some("witnesses"),
            Stage::Constrained | Stage::Asserting | Stage::Std if error_type => {
                Some("values that carry errors")
            }
            Stage::Asserting | Stage::Std if witness => Some("witnesses"),
            _ => None,
        }
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The first op under `root` (pre-order) illegal in `stage`, with why; the
/// walk stops there. The ops of a block of many (a module's functions) are
/// looked at on every thread of the current pool, the first in block order
/// found as the walk would.
fn first_illegal(ctx: &Context, root: OpId, stage: Stage) -> Option<(OpId, String)> {
    let at_or_under = |op: OpId| {
        illegal_op(ctx, op, stage)
            .map(|why| (op, why))
            .or_else(|| first_illegal(ctx, op, stage))
    };
    for &r in &ctx.op(root).regions {
        for &b in &ctx.region(r).blocks {
            let found = match ctx.block_ops(b).nth(MANY_OPS) {
                Some(_) => {
                    let ops: Vec<OpId> = ctx.block_ops(b).collect();
                    ops.par_iter().find_map_first(|&op| at_or_under(op))
                }
                None => ctx.block_ops(b).find_map(at_or_under),
            };
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// More ops than this in one block are checked on every thread.
const MANY_OPS: usize = 64;

/// Whether `op` keeps the types a host gave it in every form: a host op (of
/// a dialect shape-opt does not model, e.g. `"onnx.Reshape"(%x, %s) :
/// (tensor<?x?xf32>, !shape.shape) -> tensor<?xf32>`, or a call of a
/// function declared without a body), or the bridge to one,
/// `builtin.unrealized_conversion_cast` between an extent tensor and
/// `!shape.shape` (`index` and `!shape.size`). The lowerings leave both as
/// they are, so that the host's own conversion takes the shape over.
pub fn keeps_host_types(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_none() || ctx.kind(op) == BRIDGE || calls_external(ctx, op)
}

/// Whether `op` is a `func.call` of a function declared without a body in
/// the nearest symbol table around it: the host's function, whose signature
/// is the host's too.
pub fn calls_external(ctx: &Context, op: OpId) -> bool {
    ctx.kind(op) == OpKind::FuncCall
        && ir::effects::callee(ctx, op)
            .is_some_and(|f| ctx.kind(f) == OpKind::FuncFunc && ir::dialect::is_declaration(ctx, f))
}

/// The op that bridges a lowered shape value to a host op and back.
pub const BRIDGE: OpKind = OpKind::BuiltinUnrealizedConversionCast;

/// Whether every use of `v` is by an op that keeps host types: a block
/// argument the host passes in (a witness in a function's signature, say)
/// and only hands on to host ops or bridges keeps its type in every form.
pub fn only_hosts_use(ctx: &Context, v: ValueId) -> bool {
    ctx.value(v)
        .uses
        .iter()
        .all(|u| keeps_host_types(ctx, u.op))
}

fn illegal_op(ctx: &Context, op: OpId, stage: Stage) -> Option<String> {
    let kind = ctx.kind(op);
    // Only std form forbids ops by dialect: a registered op's is its kind's
    // (the start of its name), an unregistered op's what its name says.
    let dialect = match stage {
        Stage::Std => kind
            .dialect()
            .or_else(|| ctx.op_name(op).split_once('.').map(|(d, _)| d)),
        _ => None,
    };
    if let Some(why) = stage.forbids_op(kind, dialect) {
        let name = ctx.op_name(op);
        return Some(format!("'{name}' op is not legal in {stage} form ({why})"));
    }
    let data = ctx.op(op);
    let forbidden = |v: ValueId| {
        let ty = ctx.value_type(v);
        stage.forbids_type(ctx.type_kind(ty)).map(|why| (ty, why))
    };
    let mut found = None;
    for &v in data.operands.iter().chain(&data.results) {
        found = forbidden(v);
        if found.is_some() {
            break;
        }
    }
    if found.is_none() && !data.regions.is_empty() {
        let block_args = data
            .regions
            .iter()
            .flat_map(|&r| ctx.region(r).blocks.iter())
            .flat_map(|&b| ctx.block(b).args.iter());
        // Whether the host alone uses an argument is asked of those of
        // forbidden types only: it walks the uses.
        found = block_args
            .filter_map(|&a| forbidden(a).filter(|_| !only_hosts_use(ctx, a)))
            .next();
    }
    // Most ops have no value of a forbidden type: whether the op keeps host
    // types is asked of the others only.
    let (ty, why) = found.filter(|_| !keeps_host_types(ctx, op))?;
    let name = ctx.op_name(op);
    let ty = ir::print_attr::AttrPrinter::new(ctx).type_to_string(ty);
    Some(format!(
        "'{name}' op uses type {ty}, which is not legal in {stage} form ({why})"
    ))
}

/// Check that everything under `root` is legal in `stage`; otherwise an
/// error at the first illegal op.
/// A check that passed at the context's current revision is not walked
/// again (a lowering checks its output, and the stage pipeline then checks
/// the same IR).
pub fn check_legality(ctx: &Context, root: OpId, stage: Stage) -> Result<(), Diagnostic> {
    let this = Some((root, ctx.revision()));
    if PASSED.with(|passed| passed.get()[stage as usize] == this) {
        return Ok(());
    }
    match first_illegal(ctx, root, stage) {
        None => {
            PASSED.with(|passed| {
                let mut now = passed.get();
                now[stage as usize] = this;
                passed.set(now);
            });
            Ok(())
        }
        Some((op, why)) => Err(Diagnostic::error(loc_of(ctx, op), why)),
    }
}

thread_local! {
    /// Per stage, the root and revision of the last check on this thread
    /// that passed. Revisions of two contexts never compare equal, so an
    /// equal revision is the same IR, unchanged.
    static PASSED: std::cell::Cell<[Option<(OpId, Revision)>; 4]> =
        const { std::cell::Cell::new([None; 4]) };
}

/// The latest stage everything under `root` is legal in; `None` if it is
/// legal in none (it mixes forms, e.g. `shape.meet` and witnesses).
pub fn current_stage(ctx: &Context, root: OpId) -> Option<Stage> {
    Stage::ALL
        .into_iter()
        .rev()
        .find(|&s| first_illegal(ctx, root, s).is_none())
}
