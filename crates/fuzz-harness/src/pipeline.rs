//! The whole `--lower-to=std` pipeline on valid shape functions drawn from
//! the input bytes, with the reference interpreter as the oracle.
//!
//! The bytes drive `shapegen::stage1` (any bytes give a valid stage-1
//! function); a leading flag asks for its stage-2 form instead, made by
//! `--lower-to=constrained`. The source is lowered to std form through
//! [`cli::process_buffer`] with `--verify-semantics`, which runs the
//! interpreter before and after every pass. Independently of that, the
//! interpreter runs the source and the std output on sampled inputs:
//! - where the source returns, the std form returns the same values;
//! - where the source fails, the std form fails. Not necessarily with the
//!   same message: an input may fail several requirements, and a lowering
//!   may check another one first (tests/differential_std.rs compares
//!   messages, allowing that, on larger samples);
//! - a function rejected at compile time fails on every sampled input.
//!
//! Inputs where the source is undefined (an overflowing size among them),
//! or that the interpreter cannot run on the source, are not compared.

use arbitrary::Unstructured;
use cli::{process_buffer, DriverOptions};
use interp::{Arg, Outcome};
use pass::stage::Stage;
use shape_opt::{Module, Session};

/// The generated function's name.
const NAME: &str = "f";
/// Inputs `--verify-semantics` runs before and after every pass.
const SEMANTICS_INPUTS: usize = 8;
/// Inputs the source and its std form are compared on.
const INPUTS: usize = 16;

/// Lower a function drawn from `data` to std form and check that it keeps
/// its meaning.
pub fn pipeline(data: &[u8]) {
    let mut bytes = Unstructured::new(data);
    let stage2 = bytes.arbitrary::<bool>().unwrap_or(false);
    let seed = u64::from(bytes.arbitrary::<u32>().unwrap_or(0));
    let stage1 = shapegen::stage1::function_with(NAME, seed, bytes);
    let source = match stage2 {
        true => match lower(&stage1.text, Stage::Constrained, None) {
            Ok(text) => text,
            Err(diagnostics) => {
                Source::new(stage1.text, seed).assert_rejection(Stage::Constrained, &diagnostics);
                return;
            }
        },
        false => stage1.text,
    };
    let source = Source::new(source, seed);
    match lower(&source.text, Stage::Std, Some(SEMANTICS_INPUTS)) {
        Ok(std) => source.assert_kept_by(&std),
        Err(diagnostics) => source.assert_rejection(Stage::Std, &diagnostics),
    }
}

/// `--lower-to=stage` of `text`, with `--verify-semantics=n` when given:
/// the output, or the diagnostics.
fn lower(text: &str, stage: Stage, verify_semantics: Option<usize>) -> Result<String, String> {
    let options = DriverOptions {
        lower_to: Some(stage),
        verify_semantics,
        ..Default::default()
    };
    let out = process_buffer(crate::INPUT_NAME, text, &options);
    match out.success {
        true => Ok(out.output()),
        false => Err(out.diagnostics),
    }
}

/// Parse and verify `text`, which shape-opt printed or generated.
fn module(text: &str, what: &str) -> Module {
    Session::new()
        .parse(crate::INPUT_NAME, text)
        .unwrap_or_else(|e| panic!("{what} does not parse:\n{e}\n--- {what}:\n{text}"))
}

/// A source function, and the interpreter's outcome on each sampled input.
struct Source {
    text: String,
    /// Inputs the interpreter can run the source on, with its outcome.
    runs: Vec<(Vec<Arg>, Outcome)>,
}

impl Source {
    fn new(text: String, seed: u64) -> Source {
        let module = module(&text, "the source");
        let func = interp::find_function(&module.ctx, module.root, NAME)
            .unwrap_or_else(|| panic!("@{NAME} is missing from the source:\n{text}"));
        let inputs = validate::sample::function_inputs(&module.ctx, func, INPUTS, seed)
            .unwrap_or_else(|| panic!("cannot sample inputs of the source:\n{text}"));
        let runs = inputs
            .into_iter()
            .filter_map(|args| {
                let outcome = interp::run_function(&module.ctx, module.root, NAME, &args).ok()?;
                Some((args, outcome))
            })
            .collect();
        Source { text, runs }
    }

    /// A rejection by `--lower-to=stage`: reported, never a semantics
    /// check that failed, and of a function failing on every sampled input.
    fn assert_rejection(&self, stage: Stage, diagnostics: &str) {
        crate::assert_reported(diagnostics, self.text.as_bytes());
        assert!(
            !diagnostics.contains("changed what"),
            "--lower-to={stage:?} changed what the function computes:\n{diagnostics}\n--- source:\n{}",
            self.text
        );
        if let Some((args, outcome)) = self.runs.iter().find(|(_, o)| matches!(o, Outcome::Ok(_))) {
            panic!(
                "--lower-to={stage:?} rejected a function that returns on {args:?} ({outcome}):\n\
                 {diagnostics}\n--- source:\n{}",
                self.text
            );
        }
    }

    /// The std form `std` computes what the source does on every input
    /// compared.
    fn assert_kept_by(&self, std: &str) {
        let lowered = module(std, "the std output");
        for (args, before) in &self.runs {
            let after = interp::run_function(&lowered.ctx, lowered.root, NAME, args);
            let kept = match &after {
                Ok(after) => before.refined_by(after),
                Err(_) => matches!(before, Outcome::Undefined(_)),
            };
            assert!(
                kept,
                "--lower-to=std changed @{NAME} on {args:?}: `{before}` before, {} after\n\
                 --- source:\n{}\n--- std:\n{std}",
                match &after {
                    Ok(o) => format!("`{o}`"),
                    Err(e) => format!("not evaluable ({e})"),
                },
                self.text
            );
        }
    }
}
