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
//! - `reify/`: value bounds made IR (`reify-bounds`,
//!   `reify-result-shapes`).
//!
//! [`all`] is the one table of passes; [`DEFAULT_PLAN`] is what
//! `--lower-to` runs, naming each pass by its declared constant. A pass is
//! declared once ([`pass::PassDecl`]); adding one is its file, one line in
//! [`all`] and its `tests/passes/<flag>.mlir`.

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
use reify::reify_bounds::ReifyBounds;
use reify::reify_host_shapes::ReifyHostShapes;
use reify::reify_result_shapes::ReifyResultShapes;

/// Every pass: the one table.
pub fn all() -> [PassInfo; 17] {
    [
        info::<Canonicalize>(),
        info::<CanonicalizeConstraints>(),
        info::<ConvertShapeToStd>(),
        info::<Cse>(),
        info::<DischargeAsserts>(),
        info::<HoistConstraints>(),
        info::<InferShapes>(),
        info::<Inline>(),
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
            cleanup: &[
                ReifyHostShapes::NAME,
                Canonicalize::NAME,
                HoistConstraints::NAME,
                CanonicalizeConstraints::NAME,
                Canonicalize::NAME,
                Cse::NAME,
            ],
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

/// The plan of `--lower-to` for checks that fail as `failure` says.
pub fn lowering_plan(failure: FailureMode) -> &'static LoweringPlan {
    match failure {
        FailureMode::Abort => &DEFAULT_PLAN,
        FailureMode::Status => &STATUS_PLAN,
    }
}
