//! The reference interpreter: the meaning of every op shape-opt handles, at
//! every stage, on concrete inputs.
//!
//! [`run_function`] evaluates one `func.func` (or a `shape.func` of a
//! `shape.function_library`) on [`Arg`]s and gives an [`Outcome`]: the
//! results, or the error the function fails with. A function fails when a
//! `shape.meet` fails (stage 1: every meet is a requirement, even when its
//! result is unused), when it returns an invalid shape or size, when a
//! constraint fails (stage 2: a `shape.cstr_*` is a runtime assertion, as
//! MLIR's `convert-shape-constraints` lowers it, and `shape.assuming` on a
//! failing witness fails), when a `cf.assert` fails (stages 3 and std), or on
//! undefined behaviour the interpreter detects (division by zero, an extent
//! tensor that cannot hold an error, an out-of-range index, an op that
//! computes from `ub.poison`, which may only be handed on). The first such
//! failure in execution order decides the message. [`canonical`] makes
//! results of different stages comparable, which is how passes are checked
//! to preserve semantics.
//!
//! Side effects are observable events: a `func.call` of a function declared
//! without a body, and an op of no registered dialect (not known to be
//! pure), are logged in order with their operand values, and their results
//! are drawn deterministically from the callee, the operands and the
//! event's position ([`trace_function`] gives the [`Trace`]: events, then
//! the outcome). An op of no registered dialect (`"stablehlo.reduce"`,
//! `"torch_c.to_builtin_tensor"`) is an uninterpreted function: its
//! results depend on its operands, its name, its attributes and its
//! regions (which are never run), so that ops with regions evaluate too;
//! one declared pure is no event, and equal ones give equal results. [`Trace::compare`] says how a transformed function's run
//! relates to the source's: the same events up to where the source ends or
//! fails, a failure for a failure. An unregistered op that a
//! `shape.function_library` maps is only defined where its shape function
//! succeeds, which also gives its results' shapes. A `func.func`
//! declaration named like a library function is that function (the host's
//! declaration of what `convert-shape-to-std` defines): calling it runs the
//! library function, its results bridged to the declared types.
//!
//! Arguments ([`Arg`]) are shapes (`[2,3]`: a tensor's shape, an extent
//! tensor's extents), scalars (`6`), or the elements of an integer tensor
//! (`dense<[4, -1]>`, any rank: ONNX-style shape operands the function
//! reads with `tensor.extract`). A value of a type of no registered
//! dialect is an opaque handle ([`Value::Host`]): a parameter of a type
//! that shows a shape (`!torch.vtensor<[?,3],f32>`, see [`foreign_shape`])
//! takes that shape (`[2,3]`) and is the handle of its position; one of
//! any other foreign type (`!torch.vtensor`, `!foo.bar`) takes the
//! handle's number (`5`).
//!
//! Guarantees: evaluation never panics and always terminates. Anything the
//! interpreter cannot evaluate (a registered op it has no semantics for,
//! such as `math.sqrt`, which folders fold, so an uninterpreted reading
//! of it would disagree with them; an unregistered op with successors; a
//! compile-time query; malformed IR, unknown tensor elements, a result it
//! cannot draw, a step, size or depth limit of [`Limits`]) is an
//! [`InterpError`], never a wrong [`Outcome`]. Arithmetic is checked:
//! `index` and integer ops wrap as in MLIR; `!shape.size` arithmetic that
//! overflows is undefined behaviour (sizes count what tensors that exist
//! have, and every lowering computes them with unchecked `index`
//! arithmetic), as is an `index` division by zero; a `!shape.size`
//! division by zero is an error.
//!
//! The op families live in one module each: `shape_ops` (the `shape`
//! dialect), `arith_ops`, `tensor_ops` and `control` (`cf.assert`, the
//! `scf` ops that run regions, `func.call`, `memref.alloca_scope`);
//! `effects` logs events and draws their results (and gives an
//! unregistered op's result shapes, where something does, in one place:
//! `Machine::given_result_shapes`); `foreign` reads the shapes foreign
//! types show; `machine` runs
//! functions, regions and branches; `dispatch` says which of them
//! evaluates each kind of op. That table and every step match on
//! [`ir::OpKind`] without a catch-all, each step naming the kinds it is
//! never sent (the other dialects by pattern), so that a kind added to
//! the IR fails to compile until each decides.

#![warn(missing_docs)]

mod arith_ops;
mod budget;
mod control;
mod dispatch;
mod effects;
mod foreign;
mod host_ops;
mod machine;
mod shape_ops;
mod tensor_ops;
mod value;

pub use budget::{Budget, Interrupt, Spent};

pub use value::{
    canonical, Arg, Canonical, Effect, Event, InterpError, Outcome, ShapeVal, SizeVal, Trace,
    Value, Verdict, Witness,
};

use ir::{Context, OpId};

/// Bounds that keep every evaluation finite.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Ops executed in one run.
    pub steps: u64,
    /// Elements of one tensor whose elements are kept.
    pub elements: usize,
    /// Nesting of regions and calls.
    pub depth: usize,
    /// Work shared with other runs: time, total steps, an interrupt.
    pub budget: Budget,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            steps: 10_000_000,
            elements: 1 << 20,
            depth: 128,
            budget: Budget::default(),
        }
    }
}

/// Evaluate the function `name` of `module` on `args` with the default
/// [`Limits`]: its [`Outcome`], without the events that led to it (see
/// [`trace_function`] for those). `name` is a `func.func` of the module or a
/// `shape.func` of one of its `shape.function_library` ops. Arguments are
/// bound by parameter type: a tensor type gets a tensor of the given shape
/// (it must fit a static type) or, for [`Arg::Dense`], of the given integer
/// elements, `!shape.value_shape` a value shape, `!shape.shape` a shape, a
/// 1-D tensor of `index` the extent tensor holding the given values,
/// `index`, `!shape.size` and integer types the scalar, a foreign type a
/// handle (of the given shape when the type shows one, else of the given
/// number).
pub fn run_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Arg],
) -> Result<Outcome, InterpError> {
    trace_function(ctx, module, name, args).map(|t| t.outcome)
}

/// [`run_function`] with explicit [`Limits`].
pub fn run_function_with_limits(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Arg],
    limits: Limits,
) -> Result<Outcome, InterpError> {
    trace_function_with_limits(ctx, module, name, args, limits).map(|t| t.outcome)
}

/// Evaluate the function `name` of `module` on `args` as [`run_function`]
/// does, keeping the observable events of the run (calls of functions
/// declared without a body, ops of no registered dialect) in the order
/// they happened: the [`Trace`] before and after a pass is what
/// [`Trace::compare`] compares.
pub fn trace_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Arg],
) -> Result<Trace, InterpError> {
    trace_function_with_limits(ctx, module, name, args, Limits::default())
}

/// [`run_function`] of the function op `func` of `module` (a `func.func`,
/// or a library's `shape.func`), which a caller running many functions
/// has found already: no lookup by name.
pub fn run_function_op(
    ctx: &Context,
    module: OpId,
    func: OpId,
    args: &[Arg],
) -> Result<Outcome, InterpError> {
    machine::run_op(ctx, module, func, args, Limits::default()).map(|t| t.outcome)
}

pub use foreign::{foreign_shape, is_foreign};
pub use machine::{nearest_function, trace_function_with_limits};

/// The `func.func` or library `shape.func` named `name` in `module`, if any.
pub fn find_function(ctx: &Context, module: OpId, name: &str) -> Option<OpId> {
    machine::find_function(ctx, module, name, None)
}
