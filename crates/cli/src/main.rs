//! `shape-opt`: the command line, shaped like `mlir-opt`.

use clap::{CommandFactory, Parser};
use cli::constraint_graph_files::{self, ConstraintGraphFiles};
use cli::{process_buffer, write_output, DriverOptions, IrPrinting};
use driver::FailureMode;
use ir::printer::PrintOptions;
use ir::OpKind;
use std::process::ExitCode;

/// The IR allocates many small objects; mimalloc is markedly faster at that
/// than the system allocator (see docs/perf.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "shape-opt",
    version = cli::VERSION,
    about = "Staged lowering compiler for MLIR shape functions"
)]
struct Args {
    /// Input file (`-` for stdin).
    #[arg(default_value = "-")]
    input: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    output: String,
    /// Split the input at `// -----` and process each part on its own.
    #[arg(long = "split-input-file", alias = "mlir-split-input-file")]
    split_input_file: bool,
    /// Accept operations of unknown dialects (in generic form).
    #[arg(
        long = "allow-unregistered-dialect",
        alias = "mlir-allow-unregistered-dialect"
    )]
    allow_unregistered_dialect: bool,
    /// Take the input's one top-level op as the root, without wrapping it in
    /// a `builtin.module` (an error when the input holds more or fewer ops).
    #[arg(long = "no-implicit-module")]
    no_implicit_module: bool,
    /// Print every op in generic form.
    #[arg(long = "mlir-print-op-generic", alias = "print-op-generic")]
    print_op_generic: bool,
    /// Print locations.
    #[arg(long = "mlir-print-debuginfo", alias = "print-debuginfo")]
    print_debuginfo: bool,
    /// Print locations, attributes and types in full where they are used,
    /// without `#loc`/`#map` aliases.
    #[arg(long = "mlir-print-local-scope", alias = "print-local-scope")]
    print_local_scope: bool,
    /// Print dense elements attributes of more than N elements (splats
    /// excepted) as `dense_resource<__elided__>`.
    #[arg(
        long = "mlir-elide-elementsattrs-if-larger",
        alias = "elide-elementsattrs-if-larger",
        value_name = "N"
    )]
    elide_elementsattrs_if_larger: Option<u64>,
    /// Check diagnostics against `expected-*` annotations in the input.
    #[arg(long = "verify-diagnostics", alias = "mlir-verify-diagnostics")]
    verify_diagnostics: bool,
    /// Deepest nesting of regions, types and attributes accepted.
    #[arg(long = "max-nesting", default_value_t = 512)]
    max_nesting: usize,
    /// Largest input accepted, in bytes (suffixes K, M, G; 0: no limit).
    #[arg(long = "max-input-size", value_name = "BYTES", default_value_t = cli::input::DEFAULT_MAX_INPUT_SIZE, value_parser = cli::input::parse_byte_size)]
    max_input_size: u64,
    /// The pass pipeline to run, in MLIR's textual syntax
    /// (`builtin.module(symbol-dce)`).
    #[arg(long = "pass-pipeline", short = 'p')]
    pass_pipeline: Option<String>,
    /// Print, for each function, what it requires of its inputs and what it
    /// returns, as mathematics (after lowering error-monadic input to
    /// constrained form and canonicalising its constraints), instead of the
    /// IR.
    #[arg(long = "explain")]
    explain: bool,
    /// Write a self-contained HTML report of the run to FILE (a directory
    /// with an index.html for a module of many functions): the forms side
    /// by side, every pass with its diff, the constraints drawn, the
    /// preconditions, and sampled inputs at every stage. Needs `-p` or
    /// `--lower-to`.
    #[arg(
        long = "report",
        value_name = "FILE",
        conflicts_with = "split_input_file"
    )]
    report: Option<std::path::PathBuf>,
    /// With --report: inputs to try on every function of as many
    /// parameters, as `shape-run --arg`s separated by spaces (`'[2,3] [3,4]'`).
    #[arg(long = "report-args", value_name = "ARGS", requires = "report")]
    report_args: Option<String>,
    /// Run the default pipeline of every stage from the input's form up to
    /// this one.
    #[arg(long = "lower-to", value_name = "STAGE", value_parser = ["constrained", "asserting", "std"], conflicts_with = "pass_pipeline")]
    lower_to: Option<String>,
    /// With --lower-to: start from this form instead of the latest one the
    /// input is legal in (e.g. `error-monadic` to give a program of tensor
    /// ops, legal std form, its built-in shape functions and checks).
    #[arg(long = "lower-from", value_name = "STAGE", value_parser = ["error-monadic", "constrained", "asserting", "std"], requires = "lower_to")]
    lower_from: Option<String>,
    /// With --lower-to: what a failed check does in std form: `abort`
    /// (`cf.assert`), or `status` (each function returns a leading `i32`
    /// status, 0 or the number of the check that failed first, with its
    /// messages in `shape_opt.failure_messages`).
    #[arg(long = "shape-failure", value_name = "MODE", value_parser = failure_mode_parser(), default_value = driver::failure_spelling(FailureMode::default()), requires = "lower_to")]
    shape_failure: FailureMode,
    /// With --mlir-timing: `tree` (each pass under its pipeline) or `list`
    /// (one line per pass, slowest first).
    #[arg(long = "mlir-timing-display", alias = "timing-display", value_name = "DISPLAY", value_parser = ["list", "tree"], default_value = "tree")]
    timing_display: String,
    /// With --mlir-timing: how the report is written, `text` (a table) or
    /// `json` (MLIR's JSON list of entries).
    #[arg(long = "mlir-output-format", alias = "output-format", value_name = "FORMAT", value_parser = ["text", "json"], default_value = "text")]
    output_format: String,
    /// With --mlir-pass-statistics: `pipeline` (each pass under its
    /// pipeline) or `list` (one entry per pass, by name).
    #[arg(long = "mlir-pass-statistics-display", alias = "pass-statistics-display", value_name = "DISPLAY", value_parser = ["list", "pipeline"], default_value = "pipeline")]
    statistics_display: String,
    /// Print the registered dialects, and exit.
    #[arg(long = "show-dialects")]
    show_dialects: bool,
    /// Note the op an error is at, in generic form (`see current
    /// operation: ...`).
    #[arg(long = "mlir-print-op-on-diagnostic", alias = "print-op-on-diagnostic", default_value_t = false, action = clap::ArgAction::Set, num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    print_op_on_diagnostic: bool,
    /// Print diagnostics without their notes.
    #[arg(
        long = "mlir-disable-diagnostic-notes",
        alias = "disable-diagnostic-notes"
    )]
    disable_diagnostic_notes: bool,
    /// Check that the output, parsed again, prints the same (in custom and
    /// in generic form).
    #[arg(long = "verify-roundtrip")]
    verify_roundtrip: bool,
    /// Write MLIR bytecode (the binary format `mlir-opt --emit-bytecode`
    /// writes) instead of text. Input in bytecode is read whatever this says.
    #[arg(
        long = "emit-bytecode",
        conflicts_with_all = ["split_input_file", "explain", "print_shape_facts"]
    )]
    emit_bytecode: bool,
    /// Print the module after a pass that failed.
    #[arg(long = "mlir-print-ir-after-failure", alias = "print-ir-after-failure")]
    print_ir_after_failure: bool,
    /// When the pipeline fails, write the module it started from (with
    /// locations) and the pipeline, in MLIR's reproducer format, to FILE.
    #[arg(
        long = "mlir-pass-pipeline-crash-reproducer",
        alias = "pass-pipeline-crash-reproducer",
        value_name = "FILE"
    )]
    crash_reproducer: Option<String>,
    /// Run the pipeline a reproducer carries (its `mlir_reproducer`
    /// metadata) on the module it holds.
    #[arg(long = "run-reproducer", conflicts_with_all = ["pass_pipeline", "lower_to"])]
    run_reproducer: bool,
    /// How diagnostics are printed: `text` (MLIR's `file:line:col: error:
    /// ...` with the source line), or `json` (one object per line:
    /// severity, file, line, column, message and notes, for editors and CI).
    #[arg(long = "diagnostics-format", value_name = "FORMAT", value_parser = ["text", "json"], default_value = "text")]
    diagnostics_format: String,
    /// Print the pipeline about to run to stderr, as one textual pipeline
    /// (with --lower-to: every pass of every stage it runs on this input),
    /// which `-p` takes back.
    #[arg(long = "dump-pass-pipeline")]
    dump_pass_pipeline: bool,
    /// Assume strict symbolic shapes: no dimension an argument's type
    /// leaves dynamic is the broadcasting 1, so a broadcast of such an
    /// extent needs it equal to the others (no select). Checked where a
    /// broadcast meets it; marks the module
    /// `shape_opt.strict_symbolic_shapes`.
    #[arg(long = "assume-strict-symbolic-shapes")]
    assume_strict_symbolic_shapes: bool,
    /// Host ops and functions without side effects, which checks may then
    /// cross when passes move or merge them: op names (`chlo.broadcast_add`),
    /// dialects of unregistered ops (`mhlo.`: every op of it), functions
    /// (`@name`: calls to it), comma-separated.
    #[arg(long = "pure-ops", value_name = "OPS")]
    pure_ops: Option<ir::effects::PureOps>,
    /// Treat StableHLO, MHLO and CHLO ops as opaque: no built-in shape
    /// rules (`reify-host-shapes`, the interpreter) and no known effects.
    #[arg(long = "no-hlo-knowledge")]
    no_hlo_knowledge: bool,
    /// With `--lower-to`: check the requirements of StableHLO, MHLO and
    /// CHLO ops (contracting extents, element counts, broadcasts...) as
    /// constraints before them (`insert-host-checks`).
    #[arg(long = "check-host-requirements")]
    insert_host_checks: bool,
    /// Print a completion script of this command line for SHELL, and exit.
    #[arg(long = "generate-completions", value_name = "SHELL", value_enum)]
    generate_completions: Option<clap_complete::Shell>,
    /// Print this command line's man page (roff), and exit.
    #[arg(long = "generate-man-page")]
    generate_man_page: bool,
    /// List the registered passes with their summaries, and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
    /// Run the verifier after each pass.
    #[arg(long = "verify-each", default_value_t = true, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true")]
    verify_each: bool,
    /// Print the IR before every pass (to stderr).
    #[arg(long = "mlir-print-ir-before-all", alias = "print-ir-before-all")]
    print_ir_before_all: bool,
    /// Print the IR after every pass (to stderr).
    #[arg(long = "mlir-print-ir-after-all", alias = "print-ir-after-all")]
    print_ir_after_all: bool,
    /// Print the IR before the named passes (comma-separated or repeated).
    #[arg(
        long = "mlir-print-ir-before",
        alias = "print-ir-before",
        value_name = "PASS",
        value_delimiter = ','
    )]
    print_ir_before: Vec<String>,
    /// Print the IR after the named passes (comma-separated or repeated).
    #[arg(
        long = "mlir-print-ir-after",
        alias = "print-ir-after",
        value_name = "PASS",
        value_delimiter = ','
    )]
    print_ir_after: Vec<String>,
    /// When printing the IR after a pass, print it only if the pass changed it.
    #[arg(long = "mlir-print-ir-after-change", alias = "print-ir-after-change")]
    print_ir_after_change: bool,
    /// When printing the IR around a pass, print the whole module.
    #[arg(long = "mlir-print-ir-module-scope", alias = "print-ir-module-scope")]
    print_ir_module_scope: bool,
    /// Write the IR after each pass to one file per pass run under DIR.
    #[arg(
        long = "mlir-print-ir-tree-dir",
        alias = "print-ir-tree-dir",
        value_name = "DIR"
    )]
    print_ir_tree_dir: Option<std::path::PathBuf>,
    /// Translation validation: run every function on N sampled inputs
    /// (default 32) with the reference interpreter before and after every
    /// pass, and fail at the first input where they disagree (other
    /// results, a failure gone, or other events — calls of declarations,
    /// unregistered ops — before the result or failure). Prints how many
    /// inputs were compared, and warns of functions compared on none.
    /// At most 100,000.
    #[arg(long = "verify-semantics", value_name = "N", num_args = 0..=1, require_equals = true, default_missing_value = "32", value_parser = parse_sample_count)]
    verify_semantics: Option<usize>,
    /// With --verify-semantics: stop sampling after this many seconds of
    /// it on one input, warning that the rest was not compared (0: no
    /// limit).
    #[arg(long = "verify-semantics-timeout", value_name = "SECONDS", default_value_t = 60.0, requires = "verify_semantics", value_parser = parse_seconds)]
    verify_semantics_timeout: f64,
    /// With --verify-semantics: stop sampling after this many interpreter
    /// steps over all its runs on one input, warning that the rest was not
    /// compared (0: no limit).
    #[arg(
        long = "verify-semantics-max-steps",
        value_name = "N",
        default_value_t = 1_000_000_000,
        requires = "verify_semantics"
    )]
    verify_semantics_max_steps: u64,
    /// With --verify-semantics: fail (exit 1) when a function could not be
    /// evaluated on any sampled input, or nothing was compared, instead of
    /// warning.
    #[arg(
        long = "verify-semantics-require-inputs",
        requires = "verify_semantics"
    )]
    verify_semantics_require_inputs: bool,
    /// Print the shape facts `infer-shapes` knows as comments before each op.
    #[arg(long = "mlir-print-shape-facts", alias = "print-shape-facts")]
    print_shape_facts: bool,
    /// Report the wall time of every pass (to stderr).
    #[arg(long = "mlir-timing", alias = "timing")]
    timing: bool,
    /// Print what each pass counted (e-graph sizes, stop reasons...).
    #[arg(long = "mlir-pass-statistics", alias = "pass-statistics")]
    pass_statistics: bool,
    /// Threads for function pipelines (0: one per core).
    #[arg(long = "threads", alias = "mlir-threads", default_value_t = 0)]
    threads: usize,
    /// Run everything on one thread (same as `--threads=1`).
    #[arg(long = "mlir-disable-threading", alias = "disable-threading")]
    disable_threading: bool,
    /// Print what passes proved (e.g. a constraint that always holds, and
    /// why) as `file:line:col: remark: ...` on stderr.
    #[arg(long = "remarks", alias = "mlir-remarks")]
    remarks: bool,
    /// Log filter for `tracing` events (`info`, `pass=debug`, ...), as in
    /// `RUST_LOG`, which is read when this is not given.
    #[arg(long = "log-level", alias = "mlir-log-level", value_name = "FILTER")]
    log_level: Option<String>,
    /// Write Graphviz pictures of each function's constraints, as
    /// `canonicalize-constraints` sees them, to DIR (created if missing):
    /// `<function>.before.dot` and `<function>.after.dot` (the witness DAG)
    /// and `<function>.egraph.dot` (its e-graph).
    #[arg(long = "dump-constraint-graph", value_name = "DIR")]
    dump_constraint_graph: Option<std::path::PathBuf>,
}

/// mimalloc's `mi_option_arena_eager_commit` (see its `mimalloc.h`).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
/// mimalloc's `mi_option_purge_delay`, in milliseconds (see its `mimalloc.h`).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
/// How long freed memory stays with the process before mimalloc returns it.
const PURGE_DELAY_MS: std::ffi::c_long = 1000;

/// Committing whole arenas up front makes the kernel zero memory the IR never
/// touches (a third of the run time on a 50 MB input). Memory freed (the
/// parser's pieces once moved into the module, the input once parsed,
/// printing's scratch) is kept for a second before it goes back to the
/// kernel, so that what is allocated next reuses it instead of faulting in
/// fresh zeroed pages: on a 50 MB input, 18% fewer page faults and about 9%
/// less wall time, for 27 MB more peak memory (about 320 MB, 70% of
/// mlir-opt's).
/// The options must be set before the first allocation, so this runs as a
/// process constructor, before the Rust runtime allocates anything.
extern "C" fn set_allocator_options() {
    #[allow(unsafe_code)]
    // SAFETY: setting an allocator option is a plain store into mimalloc's
    // option table; it is valid at any time, including before main.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
    }
}

#[cfg(target_os = "linux")]
#[used]
#[allow(unsafe_code)] // a process constructor: the linker's .init_array
#[link_section = ".init_array"]
static SET_ALLOCATOR_OPTIONS: extern "C" fn() = set_allocator_options;

/// `mlir-opt`'s spellings: single-dash long options (`-split-input-file`)
/// become `--` ones, and pass flags (`-symbol-dce`, `--cse`,
/// `-canonicalize="top-down=0"`) are taken out and returned as pipeline
/// elements, in order.
fn mlir_opt_arguments(raw: Vec<String>) -> (Vec<String>, Vec<String>) {
    let registry = passes::registry();
    let mut args = Vec::new();
    let mut passes: Vec<(Option<&str>, Vec<String>)> = Vec::new();
    let mut rest_are_inputs = false;
    for (i, a) in raw.into_iter().enumerate() {
        if i == 0 || rest_are_inputs || a == "-" || !a.starts_with('-') {
            args.push(a);
            continue;
        }
        if a == "--" {
            rest_are_inputs = true;
            args.push(a);
            continue;
        }
        let long = if a.starts_with("--") || a.len() == 2 {
            a
        } else {
            format!("-{a}")
        };
        let (name, value) = match long[2..].split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.trim_matches('"').to_string())),
            None => (long[2..].to_string(), None),
        };
        if let Some(info) = registry.get(&name).filter(|_| long.starts_with("--")) {
            let element = match value {
                Some(v) => format!("{name}{{{v}}}"),
                None => name,
            };
            // Passes anchored below the module nest under their op, as
            // mlir-opt nests them; consecutive ones share the nest.
            let anchor = info
                .anchor
                .filter(|&a| OpKind::from_name(a) != OpKind::BuiltinModule);
            match (anchor, passes.last_mut()) {
                (Some(a), Some((Some(prev), elements))) if *prev == a => elements.push(element),
                _ => passes.push((anchor, vec![element])),
            }
        } else {
            args.push(long);
        }
    }
    let pipeline = passes
        .into_iter()
        .map(|(anchor, elements)| match anchor {
            Some(a) => format!("{a}({})", elements.join(",")),
            None => elements.join(","),
        })
        .collect();
    (args, pipeline)
}

/// `--report` and `--report-args`, checked.
fn report_options(args: &Args) -> Result<Option<cli::ReportOptions>, String> {
    let Some(path) = &args.report else {
        return Ok(None);
    };
    if args.pass_pipeline.is_none() && args.lower_to.is_none() {
        return Err("--report needs a pipeline to report on: -p or --lower-to".into());
    }
    let args = match &args.report_args {
        Some(text) => split_args(text)
            .into_iter()
            .map(|a| {
                a.parse::<interp::Arg>()
                    .map_err(|e| format!("invalid --report-args '{a}': {e}"))
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    Ok(Some(cli::ReportOptions {
        path: path.clone(),
        events: Default::default(),
        args,
    }))
}

/// `[2, 3] dense<[1, 2]> 6` split at the spaces outside brackets.
fn split_args(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '[' | '<' => depth += 1,
            ']' | '>' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth <= 0 {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Send `tracing` events to stderr, filtered by `--log-level` or else
/// `RUST_LOG` (never the constraint pictures: they go to files), with
/// `--remarks` the passes' remarks in MLIR's form, and with
/// `--dump-constraint-graph` the constraint pictures to their files; with
/// none of them, no subscriber is installed (no cost).
fn init_logging(
    level: Option<&str>,
    remarks: bool,
    constraint_graphs: Option<ConstraintGraphFiles>,
    report: Option<report::SharedEvents>,
) -> Result<(), String> {
    use std::io::IsTerminal;
    use tracing_subscriber::filter::{filter_fn, FilterExt, Targets};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::{EnvFilter, Layer};
    let filter = match (level, std::env::var("RUST_LOG")) {
        (Some(l), _) => Some(EnvFilter::try_new(l).map_err(|e| e.to_string())?),
        (None, Ok(l)) => Some(EnvFilter::try_new(l).map_err(|e| format!("RUST_LOG: {e}"))?),
        (None, Err(_)) => None,
    };
    if filter.is_none() && !remarks && constraint_graphs.is_none() && report.is_none() {
        return Ok(());
    }
    let log = filter.map(|f| {
        // Pictures go to files, and remarks (with --remarks) are printed once.
        let no_pictures = filter_fn(move |meta| {
            meta.target() != constraint_graph_files::TARGET
                && !(remarks && meta.target() == pass::REMARK_TARGET)
        });
        tracing_subscriber::fmt::layer()
            .with_ansi(std::io::stderr().is_terminal())
            .with_writer(std::io::stderr)
            .with_filter(f.and(no_pictures))
    });
    let remarks = remarks.then(|| cli::remarks::Remarks::Print.layer());
    let constraint_graphs = constraint_graphs.map(|files| {
        files.with_filter(
            Targets::new().with_target(constraint_graph_files::TARGET, tracing::Level::INFO),
        )
    });
    let report = report.map(|events| driver::report::ReportEvents(events).layer());
    tracing_subscriber::registry()
        .with(log)
        .with(remarks)
        .with(constraint_graphs)
        .with(report)
        .try_init()
        .map_err(|e| e.to_string())
}

/// The completion script for `shell` or, without one, the man page, of
/// this command line.
fn command_line_help(shell: Option<clap_complete::Shell>) -> std::io::Result<String> {
    let mut text = Vec::new();
    match shell {
        Some(shell) => clap_complete::generate(shell, &mut Args::command(), "shape-opt", &mut text),
        None => clap_mangen::Man::new(Args::command()).render(&mut text)?,
    }
    Ok(String::from_utf8_lossy(&text).into_owned())
}

/// A report layout named on the command line (`list`, else the tree).
fn layout(name: &str) -> pass::manager::Layout {
    match name {
        "list" => pass::manager::Layout::List,
        _ => pass::manager::Layout::Tree,
    }
}

/// `--shape-failure`'s values, spelled as the pass option spells them.
fn failure_mode_parser() -> impl clap::builder::TypedValueParser<Value = FailureMode> {
    use clap::builder::TypedValueParser;
    let spellings = FailureMode::SPELLINGS.iter().copied();
    clap::builder::PossibleValuesParser::new(spellings).map(|spelling| {
        <FailureMode as pass::OptionValue>::parse_value(&spelling).unwrap_or_default()
    })
}

/// `--verify-semantics=N`: a sample count up to
/// [`validate::check::MAX_SAMPLES`].
fn parse_sample_count(text: &str) -> Result<usize, String> {
    let max = validate::check::MAX_SAMPLES;
    match text.parse::<usize>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!(
            "expected a sample count from 0 to {max} per function"
        )),
    }
}

/// A non-negative number of seconds, at most a year.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=31_536_000.0).contains(&s) => Ok(s),
        _ => Err("expected a number of seconds from 0 to 31536000".to_string()),
    }
}

/// The command line, and `mlir-opt`'s pass flags taken out of it as
/// pipeline elements; or the exit code of a usage error (1, like every
/// other user error, where clap's own convention is 2), `--help` or
/// `--version` (0).
fn parse_args() -> Result<(Args, Vec<String>), ExitCode> {
    let (raw, pass_flags) = mlir_opt_arguments(std::env::args().collect());
    let args = Args::try_parse_from(raw).map_err(|e| {
        let _ = e.print();
        match e.use_stderr() {
            true => ExitCode::FAILURE,
            false => ExitCode::SUCCESS,
        }
    })?;
    Ok((args, pass_flags))
}

/// Individual pass flags (`-cse`) make the pipeline, which `-p` or
/// `--lower-to` may then not give.
fn apply_pass_flags(args: &mut Args, pass_flags: &[String]) -> Result<(), ExitCode> {
    if pass_flags.is_empty() {
        return Ok(());
    }
    let other = match (&args.pass_pipeline, &args.lower_to) {
        (Some(_), _) => Some("--pass-pipeline"),
        (None, Some(_)) => Some("--lower-to"),
        (None, None) => None,
    };
    if let Some(other) = other {
        cli::stderr_println!(
            "shape-opt: error: '{other}' can't be used with individual pass options"
        );
        return Err(ExitCode::FAILURE);
    }
    // Without an implicit module, the passes run on whatever op is the
    // root, as mlir-opt's op-agnostic pass manager does.
    let root = match args.no_implicit_module {
        true => "any",
        false => OpKind::BuiltinModule.build_name(),
    };
    args.pass_pipeline = Some(format!("{root}({})", pass_flags.join(",")));
    Ok(())
}

/// What `--generate-completions`, `--generate-man-page`, `--show-dialects`
/// and `--list-passes` print instead of processing the input, if one of
/// them is given.
fn listing(args: &Args) -> Option<std::io::Result<String>> {
    if args.generate_completions.is_some() || args.generate_man_page {
        return Some(command_line_help(args.generate_completions));
    }
    if args.show_dialects {
        let mut dialects = ir::dialect::DIALECTS.to_vec();
        dialects.sort_unstable();
        return Some(Ok(format!("Available Dialects: {}\n", dialects.join(","))));
    }
    if !args.list_passes {
        return None;
    }
    let mut listing = String::from("Available passes:\n");
    for p in passes::registry().passes() {
        let anchor = p.anchor.map(|a| format!(" (on '{a}')")).unwrap_or_default();
        listing += &format!("  --{:<28} {}{anchor}\n", p.name, p.summary);
        for o in (p.options)() {
            listing += &format!(
                "    {:<28} {} = {}: {}\n",
                o.name, o.ty, o.default, o.summary
            );
        }
    }
    Some(Ok(listing))
}

/// `--run-reproducer`: run the pipeline the reproducer `text` carries, as
/// it says.
fn replay_reproducer(args: &mut Args, name: &str, text: &[u8]) -> Result<(), ExitCode> {
    let config = std::str::from_utf8(text)
        .ok()
        .and_then(syntax::reproducer::Reproducer::find);
    let Some(config) = config else {
        cli::stderr_println!("shape-opt: error: {name} holds no 'mlir_reproducer' configuration");
        return Err(ExitCode::FAILURE);
    };
    args.pass_pipeline = Some(config.pipeline);
    args.verify_each = config.verify_each;
    if config.disable_threading {
        args.disable_threading = true;
    }
    Ok(())
}

/// The library's options for what `args` ask.
/// The threads to run on (0: one per core).
fn threads(args: &Args) -> usize {
    // Remarks and pictures come out in the order passes send them: one
    // thread keeps that order the same from run to run.
    match args.disable_threading || args.remarks || args.dump_constraint_graph.is_some() {
        true => 1,
        false => args.threads,
    }
}

fn driver_options(args: &Args, report: Option<cli::ReportOptions>) -> DriverOptions {
    DriverOptions {
        split_input_file: args.split_input_file,
        allow_unregistered_dialect: args.allow_unregistered_dialect,
        no_implicit_module: args.no_implicit_module,
        print: PrintOptions {
            generic: args.print_op_generic,
            debug_info: args.print_debuginfo,
            local_scope: args.print_local_scope,
            elide_elements_above: args.elide_elementsattrs_if_larger,
        },
        max_nesting: args.max_nesting,
        verify_diagnostics: args.verify_diagnostics,
        leak_ir_at_exit: true,
        pipeline: args.pass_pipeline.clone(),
        explain: args.explain,
        report,
        lower_to: args
            .lower_to
            .as_deref()
            .and_then(pass::stage::Stage::from_name),
        lower_from: args
            .lower_from
            .as_deref()
            .and_then(pass::stage::Stage::from_name),
        shape_failure: args.shape_failure,
        strict_symbolic_shapes: args.assume_strict_symbolic_shapes,
        dump_pass_pipeline: args.dump_pass_pipeline,
        crash_reproducer: args.crash_reproducer.clone(),
        disable_diagnostic_notes: args.disable_diagnostic_notes,
        print_op_on_diagnostic: args.print_op_on_diagnostic,
        timing_display: layout(&args.timing_display),
        timing_format: match args.output_format.as_str() {
            "json" => pass::manager::OutputFormat::Json,
            _ => pass::manager::OutputFormat::Text,
        },
        statistics_display: layout(&args.statistics_display),
        verify_roundtrip: args.verify_roundtrip,
        emit_bytecode: args.emit_bytecode,
        diagnostics_json: args.diagnostics_format == "json",
        no_verify_each: !args.verify_each,
        threads: threads(args),
        ir_printing: ir_printing(args),
        print_shape_facts: args.print_shape_facts,
        verify_semantics: args.verify_semantics,
        verify_semantics_require_inputs: args.verify_semantics_require_inputs,
        verify_semantics_budget: validate::check::SamplingBudget {
            time: (args.verify_semantics_timeout > 0.0)
                .then(|| std::time::Duration::from_secs_f64(args.verify_semantics_timeout)),
            steps: (args.verify_semantics_max_steps > 0).then_some(args.verify_semantics_max_steps),
        },
        timing: args.timing,
        pass_statistics: args.pass_statistics,
        pure_ops: args.pure_ops.clone().unwrap_or_default(),
        no_hlo_knowledge: args.no_hlo_knowledge,
        insert_host_checks: args.insert_host_checks,
    }
}

/// The `--mlir-print-ir-*` flags.
fn ir_printing(args: &Args) -> IrPrinting {
    IrPrinting {
        before_all: args.print_ir_before_all,
        after_all: args.print_ir_after_all,
        before: args.print_ir_before.clone(),
        after: args.print_ir_after.clone(),
        after_change: args.print_ir_after_change,
        module_scope: args.print_ir_module_scope,
        tree_dir: args.print_ir_tree_dir.clone(),
        after_failure: args.print_ir_after_failure,
    }
}

fn main() -> ExitCode {
    let (mut args, pass_flags) = match parse_args() {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let constraint_graphs = match args.dump_constraint_graph.as_deref() {
        Some(dir) => match ConstraintGraphFiles::new(dir) {
            Ok(files) => Some(files),
            Err(e) => {
                cli::stderr_println!("shape-opt: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let report = match report_options(&args) {
        Ok(report) => report,
        Err(e) => {
            cli::stderr_println!("shape-opt: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = init_logging(
        args.log_level.as_deref(),
        args.remarks,
        constraint_graphs.clone(),
        report.as_ref().map(|r| r.events.clone()),
    ) {
        cli::stderr_println!("shape-opt: error: invalid --log-level: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(listing) = listing(&args) {
        let written = listing.and_then(|text| write_output("-", &[text]));
        return cli::written("shape-opt", "-", written);
    }
    if let Err(code) = apply_pass_flags(&mut args, &pass_flags) {
        return code;
    }
    let name = match args.input.as_str() {
        "-" => "<stdin>".to_string(),
        path => path.to_string(),
    };
    let text = match cli::input::read_input(&args.input, args.max_input_size, threads(&args) != 1) {
        Ok(text) => text,
        Err(e) => {
            cli::stderr_print!("{}", e.render(&name));
            return ExitCode::FAILURE;
        }
    };
    if args.run_reproducer {
        if let Err(code) = replay_reproducer(&mut args, &name, &text) {
            return code;
        }
    }
    let outcome = process_buffer(&name, text, &driver_options(&args, report));
    cli::stderr_print!("{}{}", outcome.log, outcome.diagnostics);
    if let Some(e) = constraint_graphs.and_then(|files| files.first_error()) {
        cli::stderr_println!("shape-opt: {e}");
        return ExitCode::FAILURE;
    }
    if !outcome.success {
        return ExitCode::FAILURE;
    }
    let written = match &outcome.bytecode {
        Some(bytes) => write_output(&args.output, &[bytes]),
        None => write_output(&args.output, &outcome.pieces),
    };
    cli::written("shape-opt", &args.output, written)
}
