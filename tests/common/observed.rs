//! What a form of a function did on one input, and when a lowered form
//! keeps the meaning of stage 1 (tests/interop_std.rs says why).
//!
//! A lowered form keeps stage 1's meaning when it returns the same values,
//! or fails with the same message. One exception, allowed by the
//! architecture's invariants: an input that fails several requirements may
//! fail with another of them when a lowering checks it earlier; the other
//! message must be one stage 1 fails some input with
//! ([`Verdict::CheckedEarlier`]). Where the interpreter says the input is
//! undefined in MLIR, nothing is compared.

use super::runner::RunResult;
use interp::{Canonical, Outcome};

/// What a form of a function did on one input, comparable across forms.
#[derive(Clone, Debug, PartialEq)]
pub enum Observed {
    /// Returned these values (a tensor other than an extent tensor as its
    /// shape: that is what the runner prints of it).
    Returned(Vec<Canonical>),
    /// Failed with this message.
    Failed(String),
    /// Undefined in MLIR (the interpreter only): anything keeps it.
    Undefined(String),
}

impl Observed {
    /// What the interpreter's `outcome` shows.
    pub fn of_outcome(outcome: &Outcome) -> Observed {
        match outcome {
            Outcome::Ok(values) => Observed::Returned(
                interp::canonical(values)
                    .into_iter()
                    .map(|c| match c {
                        Canonical::Tensor { shape, .. } => Canonical::Shape(shape),
                        other => other,
                    })
                    .collect(),
            ),
            Outcome::Error(message) => Observed::Failed(message.clone()),
            Outcome::Undefined(message) => Observed::Undefined(message.clone()),
        }
    }

    /// What an `mlir-runner` run shows.
    pub fn of_run(run: &RunResult) -> Observed {
        match run {
            RunResult::Printed(values) => {
                Observed::Returned(values.iter().map(|v| v.canonical()).collect())
            }
            RunResult::Aborted { message } => Observed::Failed(message.clone()),
        }
    }
}

/// How a lowered form's observation compares with stage 1's.
pub enum Verdict {
    /// The same values, or the same failure.
    Same,
    /// Stage 1 is undefined in MLIR: not compared.
    Undefined,
    /// Both fail, with different messages of the function's requirements
    /// (stage 1 fails other inputs with the lowered form's message): a
    /// lowering checked that requirement earlier.
    CheckedEarlier,
    Differs,
}

/// `lowered` against `reference`, stage 1 of a function that fails some
/// input with each message `stage1_fails_with` holds.
pub fn verdict(
    reference: &Observed,
    lowered: &Observed,
    stage1_fails_with: impl Fn(&str) -> bool,
) -> Verdict {
    match (reference, lowered) {
        (Observed::Undefined(_), _) => Verdict::Undefined,
        _ if reference == lowered => Verdict::Same,
        (Observed::Failed(_), Observed::Failed(got)) if stage1_fails_with(got) => {
            Verdict::CheckedEarlier
        }
        _ => Verdict::Differs,
    }
}
