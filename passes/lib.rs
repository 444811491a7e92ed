//! Every shape-opt pass, one file each named after its flag, in the folder
//! of its stage or role:
//!
//! - `generic/`: passes of every stage (`canonicalize`, `cse`, `inline`,
//!   `symbol-dce`);
//! - `monadic/`: error-monadic shape functions (`reify-shape-library`,
//!   `infer-shapes`);
//! - `constrained/`: constraints and witnesses (`hoist-constraints`,
//!   `canonicalize-constraints`, `remove-shape-constraints`);
//! - `asserting/`: asserting code (`discharge-asserts`);
//! - `lowering/`: from one form to the next (`lower-to-constrained`,
//!   `lower-to-asserting`, `convert-shape-to-std`,
//!   `shape-to-shape-lowering`);
//! - `reify/`: value bounds and host ops' shapes and requirements made IR
//!   (`reify-bounds`, `reify-result-shapes`, `reify-host-shapes`,
//!   `insert-host-checks`).
//!
//! [`all`] is the one table of passes; [`DEFAULT_PLAN`] is what
//! `--lower-to` runs, naming each pass by its declared constant. A pass is
//! declared once: a struct and its `impl` of [`pass::PassDecl`] (name,
//! summary, anchor, options declared with `pass::pass_options!` — or
//! `pass::no_options!()` for a unit struct taking none — and `apply`).
//! Adding one is that file, named after its flag (or a folder with that
//! name and a `mod.rs`), one `info::<ThePass>()` line in [`all`] and its
//! `tests/passes/<flag>.mlir`.

pub mod asserting;
pub mod constrained;
pub mod generic;
pub mod lowering;
pub mod monadic;
pub mod reify;

use asserting::discharge_asserts::DischargeAsserts;
use constrained::canonicalize_constraints::CanonicalizeConstraints;
use constrained::hoist_constraints::HoistConstraints;
use constrained::remove_shape_constraints::RemoveShapeConstraints;
use generic::canonicalize::Canonicalize;
use generic::cse::Cse;
use generic::inline::Inline;
use generic::symbol_dce::SymbolDce;
use lowering::convert_shape_to_std::ConvertShapeToStd;
pub use lowering::convert_shape_to_std::FailureMode;
use lowering::lower_to_asserting::LowerToAsserting;
use lowering::lower_to_constrained::LowerToConstrained;
use lowering::shape_to_shape_lowering::ShapeToShapeLowering;
use monadic::infer_shapes::InferShapes;
use monadic::reify_shape_library::ReifyShapeLibrary;
use pass::stage::Stage;
use pass::stage_pipeline::{LoweringPlan, StagePlan};
use pass::{info, PassDecl, PassInfo, PassRegistry};
use reify::insert_host_checks::InsertHostChecks;
use reify::reify_bounds::ReifyBounds;
use reify::reify_host_shapes::ReifyHostShapes;
use reify::reify_result_shapes::ReifyResultShapes;

/// Every pass: the one table.
pub fn all() -> Vec<PassInfo> {
    vec![
        info::<Canonicalize>(),
        info::<CanonicalizeConstraints>(),
        info::<ConvertShapeToStd>(),
        info::<Cse>(),
        info::<DischargeAsserts>(),
        info::<HoistConstraints>(),
        info::<InferShapes>(),
        info::<Inline>(),
        info::<InsertHostChecks>(),
        info::<LowerToAsserting>(),
        info::<LowerToConstrained>(),
        info::<ReifyBounds>(),
        info::<ReifyHostShapes>(),
        info::<ReifyResultShapes>(),
        info::<ReifyShapeLibrary>(),
        info::<RemoveShapeConstraints>(),
        info::<ShapeToShapeLowering>(),
        info::<SymbolDce>(),
    ]
}

/// The registry of every pass.
pub fn registry() -> PassRegistry {
    PassRegistry::from_table(all())
}

/// The constrained stage's clean-up, its first pass only with
/// `--check-host-requirements` ([`lowering_plan`]).
const CONSTRAINED_CLEANUP: &[&str] = &[
    InsertHostChecks::NAME,
    ReifyHostShapes::NAME,
    HoistConstraints::NAME,
    CanonicalizeConstraints::NAME,
    Canonicalize::NAME,
    Cse::NAME,
];

/// What `--lower-to` runs: each stage's clean-up, then its lowering.
pub const DEFAULT_PLAN: LoweringPlan = LoweringPlan {
    settle: Canonicalize::NAME,
    stages: [
        StagePlan {
            stage: Stage::ErrorMonadic,
            cleanup: &[
                ReifyShapeLibrary::NAME,
                Inline::NAME,
                InferShapes::NAME,
                Canonicalize::NAME,
                Cse::NAME,
            ],
            lowering: Some(LowerToConstrained::NAME),
        },
        StagePlan {
            stage: Stage::Constrained,
            cleanup: match CONSTRAINED_CLEANUP.split_first() {
                Some((_, without_host_checks)) => without_host_checks,
                None => &[],
            },
            lowering: Some(LowerToAsserting::NAME),
        },
        StagePlan {
            stage: Stage::Asserting,
            cleanup: &[Canonicalize::NAME, Cse::NAME, DischargeAsserts::NAME],
            lowering: Some(ConvertShapeToStd::NAME),
        },
        StagePlan {
            stage: Stage::Std,
            cleanup: &[Canonicalize::NAME, Cse::NAME],
            lowering: None,
        },
    ],
};

/// [`DEFAULT_PLAN`] with checks that return a status (`--shape-failure=status`).
pub const STATUS_PLAN: LoweringPlan = {
    let mut plan = DEFAULT_PLAN;
    plan.stages[2].lowering = Some("convert-shape-to-std{failure=status}");
    plan
};

/// `plan` with the requirements of StableHLO, MHLO and CHLO ops stated
/// as constraints first in the constrained stage (`--check-host-requirements`).
const fn with_host_checks(mut plan: LoweringPlan) -> LoweringPlan {
    plan.stages[1].cleanup = CONSTRAINED_CLEANUP;
    plan
}

/// [`DEFAULT_PLAN`] with the host ops' requirements checked.
pub const HOST_CHECKS_PLAN: LoweringPlan = with_host_checks(DEFAULT_PLAN);

/// [`STATUS_PLAN`] with the host ops' requirements checked.
pub const STATUS_HOST_CHECKS_PLAN: LoweringPlan = with_host_checks(STATUS_PLAN);

/// The plan of `--lower-to` for checks that fail as `failure` says, with
/// the host ops' requirements checked too when `host_checks`.
pub fn lowering_plan(failure: FailureMode, host_checks: bool) -> &'static LoweringPlan {
    match (failure, host_checks) {
        (FailureMode::Abort, false) => &DEFAULT_PLAN,
        (FailureMode::Status, false) => &STATUS_PLAN,
        (FailureMode::Abort, true) => &HOST_CHECKS_PLAN,
        (FailureMode::Status, true) => &STATUS_HOST_CHECKS_PLAN,
    }
}
