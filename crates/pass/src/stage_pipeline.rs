//! Named pipelines (`--lower-to=constrained|asserting|std`): one pass
//! manager per stage, from the form the input is in up to the one asked for.
//!
//! Each stage runs its clean-up passes, then the pass that lowers to the
//! next stage, as a [`LoweringPlan`] says (the default one is the `passes`
//! crate's, naming each pass by its declared constant). Legality ([`crate::stage`]) is checked at
//! every boundary: the input must be legal in the stage its manager starts
//! from, and the output of each lowering in the stage it lowers to; the
//! first illegal op is reported at its location, naming the lowering that
//! left it (the input is checked once, when the managers are made, unless
//! it changes before they run). A callback sees the IR in each form, once
//! that stage's clean-up passes have run (so the last one it sees is the
//! output), which is how embedders inspect it between stages. A plan whose
//! lowering pass is not registered fails before anything runs, naming the
//! pass.
//!
//! An input legal in no form is canonicalized once before its form is
//! decided: upstream's constrained functions often carry `!shape.size`
//! values that only convert between `index` and sizes
//! (`shape.size_to_index` of a `shape.const_size`), which canonicalize
//! folds, as `mlir-opt`'s own shape lowering starts with `--canonicalize`.
//! If it is still legal in no form, it is *general* input: the forms as
//! producers write them, e.g. `shape.cstr_broadcastable` and
//! `shape.assuming` on `!shape.shape` values, or `cf.assert` beside
//! `shape.meet`. It is lowered from the most general stage, error-monadic,
//! whose passes take witnesses on error values (`lower-to-constrained`
//! keeps each constraint, and a constraint given an error value fails with
//! that error, as the interpreter says); only the legality check at its
//! start is skipped, every later boundary is checked as usual.

use crate::manager::{loc_of, Instrumentation, PassManager, PassTiming, RunOptions};
use crate::stage::{check_legality, Stage};
use crate::PassRegistry;
use diag::Diagnostic;
use ir::{Context, OpId, Revision};

/// The default passes of one stage.
#[derive(Clone, Copy, Debug)]
pub struct StagePlan {
    pub stage: Stage,
    /// Passes run within the stage, in order.
    pub cleanup: &'static [&'static str],
    /// The pass that lowers to the next stage.
    pub lowering: Option<&'static str>,
}

/// How `--lower-to` lowers: each stage's plan, in lowering order, and the
/// pass that settles an input legal in no form before its form is decided.
#[derive(Clone, Copy, Debug)]
pub struct LoweringPlan {
    pub settle: &'static str,
    pub stages: [StagePlan; 4],
}

/// What runs in one stage.
struct Step {
    stage: Stage,
    /// The stage's clean-up passes.
    cleanup: PassManager,
    /// The pass that lowers to the next stage, and that stage (where its
    /// output must be legal); none in the last stage.
    lowering: Option<(PassManager, Stage)>,
}

impl Step {
    fn managers(&self) -> impl Iterator<Item = &PassManager> {
        std::iter::once(&self.cleanup).chain(self.lowering.as_ref().map(|(m, _)| m))
    }
}

/// The pass managers that take a module from one stage to another.
pub struct StagePipeline {
    /// Per stage, in lowering order.
    steps: Vec<Step>,
    /// For an input that mixes forms: canonicalize, run before the form is
    /// decided (the steps then start from it).
    settle: Option<PassManager>,
    /// The revision of the IR found legal in the first step's stage when
    /// the managers were made: unchanged, it is not checked again.
    legal_at: Option<Revision>,
}

impl StagePipeline {
    /// The managers that take `root` from the form it is in (see
    /// [`starting_stage`]; `from` names it instead, and the input must be
    /// legal in that form) to `target`, each running `plan`'s passes for its
    /// stage. A missing lowering pass is reported at the first op that needs
    /// it.
    pub fn for_module(
        ctx: &Context,
        root: OpId,
        (from, target): (Option<Stage>, Stage),
        plan: &LoweringPlan,
        registry: &PassRegistry,
        options: RunOptions,
    ) -> Result<Self, Diagnostic> {
        let mut settle = None;
        let mut legal_at = Some(ctx.revision());
        let from = match from {
            None => match starting_stage(ctx, root, target) {
                Ok(from) => from,
                Err(mixed) if mixes_forms(ctx, root) => {
                    let mut canonicalize =
                        PassManager::parse(&format!("builtin.module({})", plan.settle), registry)
                            .map_err(|_| mixed)?;
                    canonicalize.options = options;
                    settle = Some(canonicalize);
                    legal_at = None;
                    Stage::ErrorMonadic
                }
                Err(past) => return Err(past),
            },
            Some(from) if from > target => {
                return Err(Diagnostic::error(
                    loc_of(ctx, root),
                    format!("cannot lower from {from} form to {target} form, an earlier one"),
                ))
            }
            Some(from) => {
                check_legality(ctx, root, from).map_err(|d| {
                    Diagnostic::error(
                        d.loc,
                        format!("the input is not in {from} form: {}", d.message),
                    )
                })?;
                from
            }
        };
        let manager = |stage: Stage, elements: &str| {
            let text = format!("builtin.module({elements})");
            let mut manager = PassManager::parse(&text, registry).map_err(|e| {
                let message = format!("the default {stage} pipeline '{text}': {}", e.message);
                Diagnostic::error(loc_of(ctx, root), message)
            })?;
            manager.options = options;
            Ok::<PassManager, Diagnostic>(manager)
        };
        let mut steps = Vec::new();
        for plan in plan
            .stages
            .iter()
            .filter(|p| from <= p.stage && p.stage <= target)
        {
            let mut lowering = None;
            if plan.stage < target {
                let next = plan.stage.next().unwrap_or(target);
                let needs = |message: String| {
                    let loc = match check_legality(ctx, root, next) {
                        Err(d) => d.loc,
                        Ok(()) => loc_of(ctx, root),
                    };
                    Diagnostic::error(loc, message)
                };
                let Some(pass) = plan.lowering else {
                    return Err(needs(format!("no pass lowers {} form", plan.stage)));
                };
                // The pass's name, without the options the plan gives it.
                let name = pass.split('{').next().unwrap_or(pass);
                if registry.get(name).is_none() {
                    return Err(needs(format!(
                        "lowering {} form to {next} form needs pass '{name}', which is not registered",
                        plan.stage
                    )));
                }
                lowering = Some((manager(plan.stage, pass)?, next));
            }
            steps.push(Step {
                stage: plan.stage,
                cleanup: manager(plan.stage, &plan.cleanup.join(","))?,
                lowering,
            });
        }
        Ok(StagePipeline {
            steps,
            settle,
            legal_at,
        })
    }

    /// The stage the input was found in when the managers were made, unless
    /// it is to be settled first (it was in no one form).
    pub fn start(&self) -> Option<Stage> {
        match self.settle {
            Some(_) => None,
            None => self.steps.first().map(|step| step.stage),
        }
    }

    /// Every pass it runs, in order, as the elements of one textual
    /// pipeline on the module (the canonicalization of an input in mixed
    /// forms first, then each stage's clean-up and lowering).
    pub fn elements(&self) -> Vec<crate::pipeline::Element> {
        let managers = self.settle.iter().chain(self.steps.iter().flat_map(|step| {
            std::iter::once(&step.cleanup).chain(step.lowering.iter().map(|(m, _)| m))
        }));
        managers
            .flat_map(|m| match crate::pipeline::parse_pipeline(m.source()) {
                Ok(mut nests) => match nests.pop() {
                    Some(crate::pipeline::Element::Nest { elements, .. }) => elements,
                    _ => Vec::new(),
                },
                Err(_) => Vec::new(),
            })
            .collect()
    }

    /// Run every stage on `root`; `on_stage` sees the IR in each form
    /// once that stage's clean-up passes have run.
    pub fn run(
        &mut self,
        ctx: &mut Context,
        root: OpId,
        instrument: &mut dyn Instrumentation,
        on_stage: &mut dyn FnMut(Stage, &Context, OpId),
    ) -> Result<(), Diagnostic> {
        // An input still legal in no form is general: the error-monadic
        // stage's passes take it as it is (see the module docs).
        let mut general = false;
        if let Some(mut canonicalize) = self.settle.take() {
            canonicalize.run(ctx, root, instrument)?;
            let target = self.steps.last().map_or(Stage::Std, |s| s.stage);
            match starting_stage(ctx, root, target) {
                Ok(from) => {
                    self.steps.retain(|s| s.stage >= from);
                    self.legal_at = Some(ctx.revision());
                }
                Err(_) => general = true,
            }
        }
        let checked = self.legal_at == Some(ctx.revision());
        if let Some(first) = self.steps.first().filter(|_| !general && !checked) {
            check_legality(ctx, root, first.stage)?;
        }
        for step in &mut self.steps {
            let _span = tracing::info_span!("stage", name = step.stage.name()).entered();
            let after_passes = |mut d: Diagnostic| {
                d.message = format!("{} (after the {} stage's passes)", d.message, step.stage);
                d
            };
            step.cleanup.run(ctx, root, instrument)?;
            if step.lowering.is_none() {
                check_legality(ctx, root, step.stage).map_err(after_passes)?;
            }
            on_stage(step.stage, ctx, root);
            if let Some((lowering, next)) = &mut step.lowering {
                lowering.run(ctx, root, instrument)?;
                check_legality(ctx, root, *next).map_err(after_passes)?;
            }
        }
        Ok(())
    }

    /// Every stage's steps run so far, in order.
    pub fn timings(&self) -> impl Iterator<Item = &PassTiming> {
        self.steps
            .iter()
            .flat_map(Step::managers)
            .flat_map(|m| m.timings.iter())
    }

    /// True once a function pipeline of any stage ran on several threads.
    pub fn ran_in_parallel(&self) -> bool {
        self.steps
            .iter()
            .flat_map(Step::managers)
            .any(|m| m.ran_in_parallel)
    }
}

/// Whether `root` is legal in no form at all.
fn mixes_forms(ctx: &Context, root: OpId) -> bool {
    Stage::ALL
        .into_iter()
        .all(|s| check_legality(ctx, root, s).is_err())
}

/// Where lowering `root` to `target` starts: the latest stage up to
/// `target` that everything under `root` is legal in. Otherwise an error:
/// at the first op that is illegal in `target` form when the input is past
/// it, or in error-monadic form when it mixes forms.
pub fn starting_stage(ctx: &Context, root: OpId, target: Stage) -> Result<Stage, Diagnostic> {
    let legal = |s: Stage| check_legality(ctx, root, s).is_ok();
    if let Some(s) = Stage::ALL
        .into_iter()
        .rev()
        .find(|&s| s <= target && legal(s))
    {
        return Ok(s);
    }
    let past = Stage::ALL.into_iter().find(|&s| s > target && legal(s));
    let shown = if past.is_some() {
        target
    } else {
        Stage::ErrorMonadic
    };
    let (loc, why) = match check_legality(ctx, root, shown) {
        Err(d) => (d.loc, d.message),
        Ok(()) => (loc_of(ctx, root), String::new()),
    };
    let message = match past {
        Some(p) => format!("the input is in {p} form, past {target} form: {why}"),
        None => format!("the input mixes forms: {why}"),
    };
    Err(Diagnostic::error(loc, message))
}
