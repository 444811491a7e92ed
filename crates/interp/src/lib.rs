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
//! tensor that cannot hold an error, an out-of-range index). The first such
//! failure in execution order decides the message. [`canonical`] makes
//! results of different stages comparable, which is how passes are checked
//! to preserve semantics.
//!
//! Guarantees: evaluation never panics and always terminates. Anything the
//! interpreter cannot evaluate (an unknown op, malformed IR, unknown tensor
//! elements, a step, size or depth limit of [`Limits`]) is an
//! [`InterpError`], never a wrong [`Outcome`]. Arithmetic is checked:
//! `index` and integer ops wrap as in MLIR; `!shape.size` arithmetic that
//! overflows is undefined behaviour (sizes count what tensors that exist
//! have, and every lowering computes them with unchecked `index`
//! arithmetic), as is an `index` division by zero; a `!shape.size`
//! division by zero is an error.
//!
//! The op families live in one module each: `shape_ops` (the `shape`
//! dialect), `arith_ops`, `tensor_ops` and `control` (`cf`, `scf`, `func`);
//! `machine` runs functions, regions and branches.

#![warn(missing_docs)]

mod arith_ops;
mod control;
mod machine;
mod shape_ops;
mod tensor_ops;
mod value;

pub use value::{
    canonical, Arg, Canonical, InterpError, Outcome, ShapeVal, SizeVal, Value, Witness,
};

use ir::{Context, OpId};

/// Bounds that keep every evaluation finite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Ops executed in one run.
    pub steps: u64,
    /// Elements of one tensor whose elements are kept.
    pub elements: usize,
    /// Nesting of regions and calls.
    pub depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            steps: 10_000_000,
            elements: 1 << 20,
            depth: 128,
        }
    }
}

/// Evaluate the function `name` of `module` on `args` with the default
/// [`Limits`]. `name` is a `func.func` of the module or a `shape.func` of one
/// of its `shape.function_library` ops. Arguments are bound by parameter
/// type: a tensor type gets a tensor of the given shape (it must fit a static
/// type), `!shape.value_shape` a value shape, `!shape.shape` a shape, a 1-D
/// tensor of `index` the extent tensor holding the given values, `index`,
/// `!shape.size` and integer types the scalar.
pub fn run_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Arg],
) -> Result<Outcome, InterpError> {
    run_function_with_limits(ctx, module, name, args, Limits::default())
}

/// [`run_function`] with explicit [`Limits`].
pub fn run_function_with_limits(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Arg],
    limits: Limits,
) -> Result<Outcome, InterpError> {
    machine::run(ctx, module, name, args, limits)
}

/// The `func.func` or library `shape.func` named `name` in `module`, if any.
pub fn find_function(ctx: &Context, module: OpId, name: &str) -> Option<OpId> {
    machine::find_function(ctx, module, name, None)
}
