//! The options of the `shape-opt` library ([`DriverOptions`]): the command
//! line's flags as the library takes them, and their translation into the
//! engine's run policy ([`driver::RunPolicy`]), which alone decides how
//! passes run.

pub use driver::ReportOptions;
use driver::{Engine, RunPolicy};
use ir::printer::PrintOptions;
use pass::RunOptions;

/// What to do with one input buffer: the command line's flags, as the
/// library takes them. What decides how passes run is translated into the
/// engine's [`RunPolicy`] ([`DriverOptions::run_policy`]); the rest is
/// how the input is read and how the output, the dumps and the reports
/// come out.
#[derive(Clone, Debug, Default)]
pub struct DriverOptions {
    /// `--split-input-file`: each part between `// -----` lines on its own.
    pub split_input_file: bool,
    /// `--allow-unregistered-dialect`: ops of unknown dialects are accepted.
    pub allow_unregistered_dialect: bool,
    /// `--no-implicit-module`: the input is one op, the root, printed
    /// without a `module` around it.
    pub no_implicit_module: bool,
    /// How the output is printed (`--mlir-print-op-generic`, ...).
    pub print: PrintOptions,
    /// Deepest nesting accepted by the parser (0 = the parser's default).
    pub max_nesting: usize,
    /// `--verify-diagnostics`: the diagnostics are checked against the
    /// input's `expected-*` annotations instead of printed.
    pub verify_diagnostics: bool,
    /// Do not free the IR after printing (for a process about to exit).
    pub leak_ir_at_exit: bool,
    /// The pass pipeline to run between parsing and printing
    /// (`builtin.module(symbol-dce)`); none: parse, verify, print.
    pub pipeline: Option<String>,
    /// `--report=FILE`: write an HTML report of the run there; `events`
    /// is where the `tracing` layer puts the remarks and pictures.
    pub report: Option<ReportOptions>,
    /// `--explain`: print what each function requires and returns (see the
    /// `explain` crate) instead of the IR; without a pipeline, a module in
    /// error-monadic form is lowered to constrained form first.
    pub explain: bool,
    /// `--lower-to`: run the default pipeline of every stage up to this one
    /// (ignored when `pipeline` is given).
    pub lower_to: Option<pass::stage::Stage>,
    /// `--lower-from`: the form `lower_to` starts from, instead of the
    /// latest one the input is legal in.
    pub lower_from: Option<pass::stage::Stage>,
    /// `--shape-failure`: what a failed check does in std form (abort, or
    /// return a status).
    pub shape_failure: passes::FailureMode,
    /// `--assume-strict-symbolic-shapes`: every function assumes, and
    /// checks on entry, that no dynamic dimension of an argument is 1.
    pub strict_symbolic_shapes: bool,
    /// `--mlir-timing-display=list|tree`: how `--mlir-timing` lays out passes.
    pub timing_display: pass::manager::Layout,
    /// `--mlir-output-format=text|json`: how `--mlir-timing` writes its report.
    pub timing_format: pass::manager::OutputFormat,
    /// `--mlir-pass-statistics-display=list|pipeline`.
    pub statistics_display: pass::manager::Layout,
    /// `--mlir-print-op-on-diagnostic`: an error at an op notes the op in
    /// generic form (`see current operation: ...`).
    pub print_op_on_diagnostic: bool,
    /// `--mlir-disable-diagnostic-notes`: diagnostics without their notes.
    pub disable_diagnostic_notes: bool,
    /// `--verify-roundtrip`: the output, parsed again, prints the same, in
    /// custom and in generic form.
    pub verify_roundtrip: bool,
    /// `--emit-bytecode`: write MLIR bytecode instead of text.
    pub emit_bytecode: bool,
    /// `--mlir-pass-pipeline-crash-reproducer=FILE`: when the pipeline
    /// fails, write the module it started from, with the pipeline in MLIR's
    /// reproducer metadata (`--run-reproducer` replays it).
    pub crash_reproducer: Option<String>,
    /// `--diagnostics-format=json`: each diagnostic as one line of JSON
    /// ([`diag::SourceMap::render_json`]) instead of MLIR's text.
    pub diagnostics_json: bool,
    /// `--dump-pass-pipeline`: print the pipeline about to run (what
    /// `--lower-to` expands to) to the log, as one textual pipeline.
    pub dump_pass_pipeline: bool,
    /// Skip the verifier after each pass (`--verify-each=false`).
    pub no_verify_each: bool,
    /// Threads for function pipelines (`--threads`; 0 = every core,
    /// 1 = `--mlir-disable-threading`).
    pub threads: usize,
    /// IR printing around passes (`--mlir-print-ir-*`).
    pub ir_printing: crate::ir_dump::IrPrinting,
    /// `--verify-semantics=N`: run every function on N sampled inputs before
    /// and after each pass; a disagreement fails the pipeline. A summary of
    /// what was compared goes to the log, with a warning per function that
    /// could be evaluated on no input.
    pub verify_semantics: Option<usize>,
    /// `--verify-semantics-require-inputs`: a function `verify_semantics`
    /// could compare on no input (or nothing compared at all) is an error.
    pub verify_semantics_require_inputs: bool,
    /// `--verify-semantics-timeout`, `--verify-semantics-max-steps`: the
    /// work sampling may do on one input (each part of
    /// `--split-input-file`), after which it stops with a warning.
    pub verify_semantics_budget: validate::check::SamplingBudget,
    /// `--mlir-print-shape-facts`: each op's inferred shape facts as comments.
    pub print_shape_facts: bool,
    /// `--mlir-timing`: per-pass wall times.
    pub timing: bool,
    /// `--mlir-pass-statistics`: what each pass counted.
    pub pass_statistics: bool,
    /// `--pure-ops`: host ops (names, dialects) and functions declared pure,
    /// which checks may then cross ([`ir::effects`]).
    pub pure_ops: ir::effects::PureOps,
    /// `--no-hlo-knowledge`: StableHLO, MHLO and CHLO ops are opaque (no
    /// built-in shape rules, no known effects).
    pub no_hlo_knowledge: bool,
    /// `--check-host-requirements`: `--lower-to` checks the requirements of
    /// StableHLO, MHLO and CHLO ops as constraints.
    pub insert_host_checks: bool,
}

impl DriverOptions {
    /// The engine's run policy these options ask for, passes running on
    /// the pool [`crate::process_buffer`] installs for `--threads`.
    pub fn run_policy(&self) -> RunPolicy {
        RunPolicy {
            run: RunOptions {
                verify_each: !self.no_verify_each,
                allow_unregistered: self.allow_unregistered_dialect,
                threads: usize::from(self.threads == 1),
            },
            failure: self.shape_failure,
            strict_symbolic_shapes: self.strict_symbolic_shapes,
            verify_semantics: self.verify_semantics,
            verify_semantics_budget: self.verify_semantics_budget,
            insert_host_checks: self.insert_host_checks,
            interrupt: Default::default(),
        }
    }

    /// Give `engine` the settings these options ask for.
    pub fn configure(&self, engine: &mut Engine) {
        engine.policy = self.run_policy();
        engine.max_nesting = self.max_nesting;
        engine.implicit_module = !self.no_implicit_module;
        engine.print_op_on_diagnostic = self.print_op_on_diagnostic;
        engine.set_pure_ops(self.pure_ops.clone());
        engine.set_knows_foreign_ops(!self.no_hlo_knowledge);
    }
}
