//! Real-world shape IR (`tests/realworld/`, see its README): shape
//! functions of ONNX operators and PyTorch meta functions, written in the
//! styles MLIR producers emit, each with inputs and the answer the
//! operator's specification gives (`// INPUT: @f [2,3] [3,4] -> [2,4]`,
//! `-> error`, `-> error "message"`).
//!
//! For every function:
//! - **lowering**: its `// -----` chunk goes through `cli::process_buffer`
//!   with `--lower-to=std --verify-semantics`; it must succeed, the
//!   semantics check must have compared some sampled input of the function
//!   (a function none of whose samples the interpreter evaluates is not
//!   checked), and the output must hold no `shape` op, type or attribute
//!   and no leftover `@tensor_empty` instance;
//! - **interpreter**: the reference interpreter on the chunk as written must
//!   give each input's specified answer: the same results, a failure (with
//!   the stated message, if any). A disagreement is a wrong answer in the
//!   corpus or a bug of ours, and fails the test whatever the lists say;
//! - **mlir-runner**: the std form, run by `mlir-runner` (the
//!   `common::runner` harness, data tensors built from their elements), must
//!   give each input's specified answer. Host ops (unregistered ops nothing
//!   reads) are dropped before running: no runner can execute them, and
//!   nothing they do reaches a result. Where upstream `mlir-opt` lowers a
//!   function fully (`common::runner::UPSTREAM_TO_STD`), its std form must
//!   give the specified answers too, which checks the answers against real
//!   MLIR independently of shape-opt. Skipped, saying why, when the tools
//!   are absent; fails instead under `SHAPE_OPT_REQUIRE_MLIR=1`.
//!
//! Every function must pass all of it: a function that fails the lowering,
//! or that the interpreter cannot evaluate on an input, fails the test.

mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use cli::{process_buffer, split_chunks, DriverOptions};
use common::observed::Observed;
use common::runner::{Arg as RunArg, Lowered, Tools, UPSTREAM_TO_STD};
use interp::Canonical;
use pass::stage::Stage;
use shape_opt::Session;

/// The corpus directory.
const DIR: &str = "tests/realworld";

/// Functions the corpus must have at least.
const MIN_FUNCTIONS: usize = 32;

/// Sampled inputs per function and pass for `--verify-semantics`.
const SAMPLES: usize = 16;

/// How a function `--verify-semantics` could not check is reported.
const COMPARED_NONE: &str = "--verify-semantics compared no input";

/// One function of the corpus and its inputs.
struct Function {
    /// The file, relative to the package root.
    file: String,
    name: String,
    /// Its `// -----` chunk, with the file's line numbers.
    chunk: Vec<u8>,
    inputs: Vec<Input>,
}

/// One `// INPUT:` line.
struct Input {
    line: usize,
    /// The arguments as written.
    text: String,
    args: Vec<InputArg>,
    expected: Expected,
}

/// An argument of an INPUT line, in `shape-run --arg` syntax.
#[derive(Clone, Debug)]
enum InputArg {
    /// `[2,3]` (a tensor of this shape, or the extents of a shape or extent
    /// tensor argument) or `6` (a scalar): what `interp::Arg` reads.
    Plain(interp::Arg),
    /// `dense<[4,-1]>`: a 1-D integer data tensor holding these elements.
    Dense { text: String, elements: Vec<i64> },
}

/// The specified answer of an input.
#[derive(Clone, Debug, PartialEq)]
enum Expected {
    /// These results, in order (`[2,3]` a shape, `6` a size or index).
    Returns(Vec<Canonical>),
    /// A failure; with a message, that message.
    Fails(Option<String>),
}

impl InputArg {
    fn parse(text: &str) -> Result<InputArg, String> {
        match text
            .strip_prefix("dense<")
            .and_then(|t| t.strip_suffix('>'))
        {
            Some(list) => Ok(InputArg::Dense {
                text: text.to_string(),
                elements: parse_list(list)?,
            }),
            None => text.parse().map(InputArg::Plain),
        }
    }

    /// The interpreter's argument. A data tensor is handed to
    /// `interp::Arg`'s own parser: `Err` while it has no syntax for one.
    fn interp(&self) -> Result<interp::Arg, String> {
        match self {
            InputArg::Plain(arg) => Ok(arg.clone()),
            InputArg::Dense { text, .. } => text.parse(),
        }
    }

    /// The runner's argument for parameter `i` of `lowered`.
    fn run_arg(&self, lowered: &Lowered<'_>, i: usize) -> Result<RunArg, String> {
        match self {
            InputArg::Plain(arg) => lowered.bind_arg(i, arg),
            InputArg::Dense { elements, .. } => Ok(RunArg::Elements(elements.clone())),
        }
    }
}

/// `[4,-1]` → its numbers.
fn parse_list(text: &str) -> Result<Vec<i64>, String> {
    let inner = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("`{text}` is not a list `[...]`"))?;
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .map_err(|_| format!("`{n}` is not a 64-bit integer"))
        })
        .collect()
}

/// `text` split at the spaces outside brackets.
fn words(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0usize, None);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '<' => depth += 1,
            ']' | '>' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth == 0 => {
                if let Some(s) = start.take() {
                    out.push(&text[s..i]);
                }
                continue;
            }
            _ => {}
        }
        start.get_or_insert(i);
    }
    out.extend(start.map(|s| &text[s..]));
    out
}

impl Expected {
    fn parse(text: &str) -> Result<Expected, String> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("error") {
            let rest = rest.trim();
            if rest.is_empty() {
                return Ok(Expected::Fails(None));
            }
            let message = rest
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .ok_or_else(|| format!("`{rest}`: a message is written in double quotes"))?;
            return Ok(Expected::Fails(Some(message.to_string())));
        }
        words(text)
            .into_iter()
            .map(|w| match w.starts_with('[') {
                true => parse_list(w).map(Canonical::Shape),
                false => w
                    .parse::<i128>()
                    .map(Canonical::Scalar)
                    .map_err(|_| format!("`{w}` is neither a shape nor a number")),
            })
            .collect::<Result<_, _>>()
            .map(Expected::Returns)
    }

    /// Whether `observed` is this answer; `Err` says how it differs.
    fn check(&self, observed: &Observed) -> Result<(), String> {
        let fine = match (self, observed) {
            (Expected::Returns(values), Observed::Returned(got)) => values == got,
            (Expected::Fails(None), Observed::Failed(_)) => true,
            (Expected::Fails(Some(message)), Observed::Failed(got)) => message == got,
            _ => false,
        };
        match fine {
            true => Ok(()),
            false => Err(format!("specified {self}, got {}", show(observed))),
        }
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Returns(values) => {
                let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
                write!(f, "{}", shown.join(" "))
            }
            Expected::Fails(None) => f.write_str("error"),
            Expected::Fails(Some(message)) => write!(f, "error \"{message}\""),
        }
    }
}

fn show(observed: &Observed) -> String {
    match observed {
        Observed::Returned(values) => {
            let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
            shown.join(" ")
        }
        Observed::Failed(message) => format!("error \"{message}\""),
        Observed::Undefined(message) => format!("undefined behaviour ({message})"),
    }
}

/// The functions of `file`: one per chunk that has INPUT lines (a chunk
/// may define helpers too).
fn functions_of(file: &str) -> Vec<Function> {
    let text = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut out = Vec::new();
    for chunk in split_chunks(&text) {
        let source = String::from_utf8_lossy(&chunk).into_owned();
        let mut function: Option<Function> = None;
        for (n, line) in source.lines().enumerate() {
            let Some(input) = line.trim().strip_prefix("// INPUT:") else {
                continue;
            };
            let at = format!("{file}:{}", n + 1);
            let (call, expected) = input
                .split_once("->")
                .unwrap_or_else(|| panic!("{at}: an INPUT line is `@f ARGS -> ANSWER`"));
            let mut call = words(call.trim()).into_iter();
            let name = call
                .next()
                .and_then(|f| f.strip_prefix('@'))
                .unwrap_or_else(|| panic!("{at}: an INPUT line starts with `@function`"));
            let f = function.get_or_insert_with(|| Function {
                file: file.to_string(),
                name: name.to_string(),
                chunk: chunk.clone(),
                inputs: Vec::new(),
            });
            assert_eq!(f.name, name, "{at}: one tested function per chunk");
            let args: Vec<&str> = call.collect();
            f.inputs.push(Input {
                line: n + 1,
                text: args.join(" "),
                args: args
                    .iter()
                    .map(|a| InputArg::parse(a).unwrap_or_else(|e| panic!("{at}: {e}")))
                    .collect(),
                expected: Expected::parse(expected).unwrap_or_else(|e| panic!("{at}: {e}")),
            });
        }
        out.extend(function);
    }
    out
}

/// Every function of the corpus, file by file.
fn corpus() -> &'static [Function] {
    static CORPUS: OnceLock<Vec<Function>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        common::mlir_files(DIR)
            .iter()
            .flat_map(|path| functions_of(&path.to_string_lossy()))
            .collect()
    })
}

/// What `--lower-to=std --verify-semantics` made of a function's chunk.
struct Lowering {
    /// The std form, when the lowering succeeded.
    std: Option<String>,
    /// Why the function does not pass the lowering check (first problem
    /// first).
    problems: Vec<String>,
}

fn lower(f: &Function) -> Lowering {
    let options = DriverOptions {
        allow_unregistered_dialect: true,
        lower_to: Some(Stage::Std),
        verify_semantics: Some(SAMPLES),
        ..Default::default()
    };
    let out = process_buffer(&f.file, f.chunk.clone(), &options);
    if !out.success {
        let first = out.diagnostics.lines().next().unwrap_or("no diagnostic");
        return Lowering {
            std: None,
            problems: vec![format!("lowering: {first}")],
        };
    }
    let std = out.output();
    let mut problems = Vec::new();
    if out.compared.get(&f.name).copied().unwrap_or(0) == 0 {
        problems.push(format!(
            "{COMPARED_NONE} of @{}: the interpreter evaluated none of its samples",
            f.name
        ));
    }
    // Host ops (generic form) and the bridges to them keep shape types.
    let host_or_bridge = |l: &str| {
        l.contains("builtin.unrealized_conversion_cast")
            || l.contains("= \"")
            || l.trim_start().starts_with('"')
    };
    if let Some(line) = std
        .lines()
        .find(|l| l.contains("shape.") && !host_or_bridge(l))
    {
        problems.push(format!("the std form holds `{}`", line.trim()));
    }
    if let Some(line) = std.lines().find(|l| l.contains("@tensor_empty")) {
        problems.push(format!("the std form holds `{}`", line.trim()));
    }
    Lowering {
        std: Some(std),
        problems,
    }
}

/// The lowering of every function of [`corpus`], in order (computed once,
/// for both tests).
fn lowerings() -> &'static [Lowering] {
    static LOWERINGS: OnceLock<Vec<Lowering>> = OnceLock::new();
    LOWERINGS.get_or_init(|| common::on_every_core(corpus(), lower))
}

/// The interpreter on `f` as written, on each input: the inputs it cannot
/// evaluate (with why) and those whose outcome is not the specified answer.
fn interpret(f: &Function) -> (Vec<String>, Vec<String>) {
    let (mut not_evaluated, mut wrong) = (Vec::new(), Vec::new());
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let text = String::from_utf8_lossy(&f.chunk);
    let module = match session.parse(&f.file, &text) {
        Ok(m) => m,
        Err(e) => return (vec![format!("interpreter: cannot parse: {e}")], wrong),
    };
    for input in &f.inputs {
        let at = format!("{}:{}: @{} {}", f.file, input.line, f.name, input.text);
        let args: Result<Vec<interp::Arg>, String> =
            input.args.iter().map(InputArg::interp).collect();
        let outcome = args.and_then(|args| {
            interp::run_function(&module.ctx, module.root, &f.name, &args)
                .map_err(|e| e.to_string())
        });
        match outcome {
            Err(e) => not_evaluated.push(format!("interpreter: cannot evaluate {at}: {e}")),
            Ok(outcome) => {
                if let Err(e) = input.expected.check(&Observed::of_outcome(&outcome)) {
                    wrong.push(format!("interpreter on {at}: {e}"));
                }
            }
        }
    }
    (not_evaluated, wrong)
}

#[test]
fn corpus_is_well_formed() {
    let corpus = corpus();
    let mut bad = Vec::new();
    let mut seen = BTreeMap::new();
    for f in corpus {
        if let Some(other) = seen.insert(f.name.as_str(), f.file.as_str()) {
            bad.push(format!("@{} is defined in {other} and {}", f.name, f.file));
        }
        let text = String::from_utf8_lossy(&f.chunk);
        let defined = [
            format!("func.func @{}(", f.name),
            format!("func @{}(", f.name),
        ];
        if !defined.iter().any(|d| text.contains(d.as_str())) {
            bad.push(format!(
                "{}: INPUT lines name @{}, which the chunk does not define",
                f.file, f.name
            ));
        }
        if !f
            .inputs
            .iter()
            .any(|i| matches!(i.expected, Expected::Returns(_)))
        {
            bad.push(format!("{}: @{} has no passing input", f.file, f.name));
        }
    }
    for path in common::mlir_files(DIR) {
        let file = path.to_string_lossy();
        let options = DriverOptions {
            split_input_file: true,
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let out = process_buffer(&file, std::fs::read(&path).unwrap(), &options);
        if !out.success {
            bad.push(format!(
                "shape-opt does not parse {file}:\n{}",
                out.diagnostics
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    let inputs: usize = corpus.iter().map(|f| f.inputs.len()).sum();
    let failing = corpus
        .iter()
        .flat_map(|f| &f.inputs)
        .filter(|i| matches!(i.expected, Expected::Fails(_)))
        .count();
    eprintln!(
        "{} functions, {inputs} inputs ({failing} failing)",
        corpus.len()
    );
    assert!(
        corpus.len() >= MIN_FUNCTIONS,
        "only {} functions",
        corpus.len()
    );
    assert!(
        failing * 3 >= inputs,
        "only {failing} of {inputs} inputs fail"
    );
}

#[test]
fn corpus_parses_and_verifies_under_mlir_opt() {
    let Some(mlir_opt) = common::mlir_tool("mlir-opt") else {
        return;
    };
    for path in common::mlir_files(DIR) {
        let text = std::fs::read(&path).unwrap();
        let args = ["--allow-unregistered-dialect", "--split-input-file"];
        if let Err(e) = common::run(&mlir_opt, &args, &text) {
            panic!("mlir-opt rejects {}:\n{e}", path.display());
        }
    }
}

#[test]
fn realworld_lowers_and_agrees_with_the_specification() {
    let corpus = corpus();
    let lowerings = lowerings();
    let mut failures = Vec::new();
    let mut wrong_answers = Vec::new();
    let mut report = String::new();
    for (f, lowering) in corpus.iter().zip(lowerings) {
        let (not_evaluated, wrong) = interpret(f);
        wrong_answers.extend(wrong);
        let mut problems = lowering.problems.clone();
        if let Some(first) = not_evaluated.first() {
            let more = not_evaluated.len() - 1;
            problems.push(match more {
                0 => first.clone(),
                _ => format!("{first} (and {more} more inputs)"),
            });
        }
        let status = match problems.first() {
            None => "lowers+verified".to_string(),
            Some(first) => {
                failures.push(format!(
                    "@{} ({}):\n  {}",
                    f.name,
                    f.file,
                    problems.join("\n  ")
                ));
                format!("FAILS: {first}")
            }
        };
        report += &format!("{:24} {status}\n", f.name);
    }
    eprint!("{report}");
    assert!(
        wrong_answers.is_empty(),
        "the interpreter disagrees with the specified answers:\n{}",
        wrong_answers.join("\n")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The std-form `module` without the host ops nothing reads (ops of
/// dialects shape-opt does not know, which no runner can execute and which
/// cannot change what a function returns) and the bridges to them.
fn drop_host_ops(module: &str) -> Result<String, String> {
    let mut session = Session::new();
    session.policy_mut().run.allow_unregistered = true;
    let mut parsed = session
        .parse("std.mlir", module)
        .map_err(|e| e.to_string())?;
    // Host ops first, then the bridges that fed them, and so on.
    loop {
        let ctx = &parsed.ctx;
        let mut host = Vec::new();
        ctx.walk_nested(parsed.root, &mut |op| {
            let unread = ctx.op(op).results.iter().all(|&r| !ctx.has_uses(r));
            if unread && pass::stage::keeps_host_types(ctx, op) {
                host.push(op);
            }
        });
        if host.is_empty() {
            return Ok(parsed.print());
        }
        for op in host {
            parsed.ctx.erase_op(op);
        }
    }
}

/// Run every input of `f` on `lowered` (one `mlir-runner` process per
/// abort, plus one): the number of runs and aborts, and the inputs whose
/// run is not the specified answer.
fn run_inputs(
    tools: &Tools,
    f: &Function,
    lowered: &Lowered<'_>,
    what: &str,
) -> (usize, usize, Vec<String>) {
    let mut wrong = Vec::new();
    let mut calls = Vec::new();
    let mut inputs = Vec::new();
    for input in &f.inputs {
        let args: Result<Vec<RunArg>, String> = input
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| a.run_arg(lowered, i))
            .collect();
        match args {
            Ok(args) => {
                calls.push((lowered, args));
                inputs.push(input);
            }
            Err(e) => wrong.push(format!("{}:{}: {what}: {e}", f.file, input.line)),
        }
    }
    let (mut runs, mut aborts) = (0, 0);
    for (input, result) in inputs.iter().zip(tools.run_batch(&calls)) {
        let at = format!("{}:{}: @{} {}", f.file, input.line, f.name, input.text);
        match result {
            Err(e) => wrong.push(format!("{what} on {at}: {e}")),
            Ok(run) => {
                runs += 1;
                let observed = Observed::of_run(&run);
                aborts += usize::from(matches!(observed, Observed::Failed(_)));
                if let Err(e) = input.expected.check(&observed) {
                    wrong.push(format!("{what} on {at}: {e}"));
                }
            }
        }
    }
    (runs, aborts, wrong)
}

#[test]
fn realworld_runs_under_mlir_runner_as_specified() {
    let Some(tools) = Tools::find() else {
        return;
    };
    let corpus = corpus();
    let lowerings = lowerings();
    let mut wrong = Vec::new();
    let (mut runs, mut aborts, mut not_lowered) = (0, 0, Vec::new());
    let mut upstream_lowered = Vec::new();
    let upstream_passes = [&["--allow-unregistered-dialect"], &UPSTREAM_TO_STD[..]].concat();
    for (f, lowering) in corpus.iter().zip(lowerings) {
        match &lowering.std {
            None => not_lowered.push(f.name.as_str()),
            Some(std) => {
                let lowered = drop_host_ops(std).and_then(|m| tools.load_std(m, &f.name));
                match lowered {
                    Err(e) => wrong.push(format!("@{}: shape-opt's std form: {e}", f.name)),
                    Ok(lowered) => {
                        let (r, a, w) = run_inputs(&tools, f, &lowered, "shape-opt's std form");
                        (runs, aborts) = (runs + r, aborts + a);
                        wrong.extend(w);
                    }
                }
            }
        }
        let source = String::from_utf8_lossy(&f.chunk);
        let upstream = tools
            .lower_source_with(&upstream_passes, &source, &f.name)
            .and_then(|l| drop_host_ops(l.std_module()))
            .and_then(|m| tools.load_std(m, &f.name));
        if let Ok(lowered) = upstream {
            let (_, _, w) = run_inputs(&tools, f, &lowered, "mlir-opt's std form");
            wrong.extend(w);
            upstream_lowered.push(f.name.as_str());
        }
    }
    eprintln!(
        "mlir-runner: {runs} runs of shape-opt's std form ({aborts} aborted); not lowered: {}; \
         upstream's std form also run for {}",
        not_lowered.join(", "),
        upstream_lowered.join(", ")
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
