//! `--explain` on the engine, as every front end gives it: what runs
//! before a module is explained ([`explain_plan`]), and a module lowered
//! that way and explained ([`Engine::explain`]). The text is
//! [`explain::render_module`]'s.

use crate::{Engine, Module, Plan};
use diag::Diagnostic;

/// What `--explain` runs before it explains: the lowering to constrained
/// form, from error-monadic form (which computes the shapes of StableHLO,
/// MHLO and CHLO ops' results from their operands); from a later form,
/// only that (`reify-host-shapes`), so that what is explained reads
/// through producers' ops.
pub fn explain_plan(module: &Module) -> Option<Plan<'static>> {
    match pass::stage::current_stage(&module.ctx, module.root) {
        Some(pass::stage::Stage::ErrorMonadic) => Some(Plan::LowerTo {
            from: None,
            to: pass::stage::Stage::Constrained,
        }),
        _ if module.ctx.knows_foreign_ops() => Some(Plan::Pipeline(
            "builtin.module(func.func(reify-host-shapes))",
        )),
        _ => None,
    }
}

impl Engine {
    /// The explanations of `module`'s functions, in order, after lowering
    /// it as `--explain` does ([`explain_plan`]; `module` is left in that
    /// form), parameters named as in the source this engine parsed; or
    /// the diagnostic of the failed lowering. Runs on the caller's thread
    /// (see [`crate::on_large_stack`]).
    pub fn explain(&self, module: &mut Module) -> Result<Vec<explain::Explanation>, Diagnostic> {
        if let Some(plan) = explain_plan(module) {
            let mut run = self.plan(module, plan).map_err(|e| e.into_diagnostic())?;
            self.run_unobserved(module, &mut run).result?;
        }
        Ok(explain::explain_module(
            &module.ctx,
            module.root,
            Some(&self.sources),
        ))
    }
}
