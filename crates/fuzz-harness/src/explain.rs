//! Every front end's explanation of any bytes, and the report: `shape-opt
//! --explain`, `shape-run --explain` judging sampled arguments, and the
//! HTML report of the lowering `--explain` makes, laid out in memory.
//!
//! Each must finish (the target runs under an address-space limit, so a
//! walk that allocates per extent of a huge number is a crash), never
//! panic, and reject an input only with an `error:` diagnostic.

use cli::{process_buffer, DriverOptions};
use driver::{Engine, Module, Plan};
use explain::expr::Input;
use interp::Arg;
use pass::stage::Stage;
use std::cell::RefCell;

/// Sampled arguments each explanation judges.
const JUDGED_INPUTS: usize = 4;

/// Explain `data` as `shape-opt --explain` and `shape-run --explain` do,
/// and lay out the report of its lowering.
pub fn explain(data: &[u8]) {
    let options = DriverOptions {
        explain: true,
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let out = process_buffer(crate::INPUT_NAME, data, &options);
    if !out.success {
        crate::assert_reported(&out.diagnostics, data);
        return;
    }
    // `process_buffer` accepted the bytes, so they are text.
    let text = String::from_utf8_lossy(data).into_owned();
    cli::on_large_stack(|| {
        judge(&text, data);
        report(&text);
    })
    .expect("the explanation thread finished");
}

/// `shape-run --explain`: the explanations of `text` (lowered as
/// `--explain` lowers it), each judging arguments sampled for its function.
fn judge(text: &str, data: &[u8]) {
    let explanations = match cli::explain_text(crate::INPUT_NAME, text.to_string(), true) {
        Ok(explanations) => explanations,
        Err(diagnostics) => return crate::assert_reported(&diagnostics, data),
    };
    let Some(source) = parse(&mut Engine::new(), text) else {
        return;
    };
    for e in &explanations {
        let Some(f) = interp::find_function(&source.ctx, source.root, &e.name) else {
            continue;
        };
        let samples = validate::sample::function_inputs(&source.ctx, f, JUDGED_INPUTS, 0);
        for args in samples.into_iter().flatten() {
            let inputs: Vec<Input> = args
                .iter()
                .map(|arg| match arg {
                    Arg::Shape(s) | Arg::Dense { shape: s, .. } => Input::Shape(s.clone()),
                    Arg::Scalar(x) => Input::Scalar(*x),
                })
                .collect();
            e.evaluate(&inputs);
        }
    }
}

/// The report of `text` lowered to constrained form, as `--report` records
/// a run (the input, each stage, the output), laid out in memory.
fn report(text: &str) {
    let mut engine = Engine::new();
    let Some(mut module) = parse(&mut engine, text) else {
        return;
    };
    let setup = report::Setup::new(
        &module.ctx,
        module.root,
        crate::INPUT_NAME,
        Some(&engine.sources),
        report::SharedEvents::default(),
        &[],
    );
    let recorder = RefCell::new(report::Recorder::new(&setup));
    let record = |label: &str, module: &Module| {
        let stage = pass::stage::current_stage(&module.ctx, module.root);
        recorder
            .borrow_mut()
            .form(label, stage, &module.ctx, module.root);
    };
    record("input", &module);
    let plan = Plan::LowerTo {
        from: None,
        to: Stage::Constrained,
    };
    if let Ok(mut run) = engine.plan(&module, plan) {
        // A failed lowering is reported as the CLI reports it; the report
        // shows what ran.
        let observers = driver::Observers {
            first: &mut pass::NoInstrumentation,
            last: &mut pass::Shared(&recorder),
            on_stage: &mut |stage, ctx, root| recorder.borrow_mut().stage(stage, ctx, root),
            every_step: true,
        };
        let _ = engine.run(&mut module, &mut run, observers);
    }
    record("output", &module);
    let report = recorder.into_inner().finish(&[]);
    report::lay_out(&report, &|_, file| {
        assert!(!file.is_empty(), "an empty file of the report");
        Ok(())
    })
    .expect("a report laid out in memory");
}

/// `text` parsed and verified as the front ends do (unregistered dialects
/// allowed).
fn parse(engine: &mut Engine, text: &str) -> Option<Module> {
    engine.policy.run.allow_unregistered = true;
    engine.parse(crate::INPUT_NAME, text.to_string()).ok()
}
