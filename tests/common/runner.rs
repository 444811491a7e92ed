//! Interop harness: lower a stage-2 shape function with the real `mlir-opt`
//! and run it with `mlir-runner` on concrete inputs.
//!
//! ```ignore
//! let Some(tools) = Tools::find() else { return }; // skipped (or fails under SHAPE_OPT_REQUIRE_MLIR=1)
//! let f = tools.lower(Path::new("examples/stage2/matmul.mlir"), "matmul")?;
//! let r = f.run(&[Arg::Shaped(vec![2, 3]), Arg::Shaped(vec![3, 7])])?;
//! assert_eq!(r, RunResult::Printed(vec![Value::Extents(vec![2, 7])]));
//! ```
//!
//! [`Tools::lower`] runs the upstream shape lowering ([`SHAPE_TO_STD`]) once
//! per function and checks that no `shape` op is left; [`Tools::load_std`]
//! takes a std-form module lowered elsewhere (by `shape-opt --lower-to=std`)
//! instead. [`Lowered::bind`] turns the interpreter's arguments into
//! arguments of the lowered function's parameters. [`Lowered::run`] then
//! appends a `@main` to the std-form module that builds the arguments (a
//! `tensor.empty` of the given shape, or a `tensor.from_elements` of the given
//! extents or data tensor elements, cast to the parameter type), calls the function and prints each
//! result on its own line with the C runner utils (`printI64`, `printComma`,
//! `printNewline`): an `index` or `i1`, the elements of an extent tensor, the
//! extents of any other ranked tensor. That module goes through [`TO_LLVM`] and one
//! `mlir-runner` process per input, so one input that aborts cannot hide
//! the others; [`Lowered::run_many`] spreads many inputs over the cores.
//! [`Tools::run_batch`] instead runs many calls, of many functions, in one
//! process (a fresh one after each abort).
//!
//! A failed `cf.assert` prints its message with `puts` and calls `abort`.
//! `mlir-runner` runs under `stdbuf -oL`: otherwise the message stays in the
//! stdout buffer that `abort` discards. A run counts as
//! [`RunResult::Aborted`] only if it died of SIGABRT (exit 134) *and* its
//! last line is the message of one of the module's `cf.assert`s; any other
//! failure is a harness error (`Err`).

use std::collections::BTreeSet;
use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::LazyLock;

use super::{missing, mlir_tool};

/// Upstream lowering of constrained (stage-2) shape functions to std form.
pub const SHAPE_TO_STD: &[&str] = &[
    "--convert-shape-constraints",
    "--canonicalize",
    "--shape-to-shape-lowering",
    "--convert-shape-to-std",
];

/// The flags of a pipeline file: one `mlir-opt` flag a line, blank lines
/// and `#` comments skipped (the format `scripts/benchlib.py` reads too).
fn pipeline_flags(file: &'static str) -> Vec<&'static str> {
    file.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

/// The whole upstream pipeline from constrained form to std form that
/// `scripts/bench-vs-mlir` times and the differential tests run:
/// `tests/upstream-to-std.pipeline` ([`SHAPE_TO_STD`] between
/// canonicalizations, then `cse`).
pub static UPSTREAM_TO_STD: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| pipeline_flags(include_str!("../upstream-to-std.pipeline")));

/// Lowering of std-form tensor code to the LLVM dialect, for `mlir-runner`:
/// the `mlir-opt` flags of `tests/llvm-lowering.pipeline` (which says why
/// they are these).
pub static TO_LLVM: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| pipeline_flags(include_str!("../llvm-lowering.pipeline")));

/// How [`Tools::lower_source`]'s error starts when upstream left `shape` ops.
pub const LEFT_SHAPE_OPS: &str = "upstream left shape ops";

/// How [`Tools::load_std`]'s error starts when its module is not std form.
pub const NOT_STD: &str = "shape ops or types left in the std-form module";

/// One concrete argument of a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A tensor of this shape (contents undefined), for a tensor parameter.
    Shaped(Vec<i64>),
    /// The extent tensor holding these extents, for a `tensor<?xindex>` parameter.
    Extents(Vec<i64>),
    /// An `index` value.
    Index(i64),
    /// An `i1` value.
    Bool(bool),
    /// A 1-D tensor of integers (or `index`) holding these elements: a
    /// data tensor, e.g. the target shape of a reshape.
    Elements(Vec<i64>),
}

/// One printed result, read back according to the result's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A 1-D `index` tensor (an extent tensor): its elements; any other
    /// ranked tensor: its extents.
    Extents(Vec<i64>),
    /// An `index`.
    Index(i64),
    /// An `i1`.
    Bool(bool),
    /// An `i32` (a status).
    I32(i64),
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunResult {
    /// Returned normally with these results, in order.
    Printed(Vec<Value>),
    /// A `cf.assert` failed with this message.
    Aborted { message: String },
}

/// The external tools the harness drives.
pub struct Tools {
    opt: PathBuf,
    runner: PathBuf,
    stdbuf: PathBuf,
    c_runner_utils: PathBuf,
}

impl Tools {
    /// The tools, or `None` (skip) when one is missing and not required.
    pub fn find() -> Option<Tools> {
        let opt = mlir_tool("mlir-opt")?;
        let runner = mlir_tool("mlir-runner")?;
        let stdbuf =
            find_on_path("stdbuf").or_else(|| missing("stdbuf not found", "install coreutils"))?;
        let lib_dir = runner.parent().unwrap_or(Path::new(".")).join("../lib");
        let c_runner_utils = find_library(&lib_dir, "libmlir_c_runner_utils.so").or_else(|| {
            missing(
                &format!(
                    "libmlir_c_runner_utils.so* not found in {}",
                    lib_dir.display()
                ),
                "install libmlir-22-dev",
            )
        })?;
        Some(Tools {
            opt,
            runner,
            stdbuf,
            c_runner_utils,
        })
    }

    /// Lower function `func` of `file` with [`SHAPE_TO_STD`] (the whole file,
    /// once), ready to [`Lowered::run`] on many inputs.
    pub fn lower(&self, file: &Path, func: &str) -> Result<Lowered<'_>, String> {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        self.lower_source(&text, func)
    }

    /// [`Tools::lower`] on MLIR text. `Err` names the `shape` ops (and
    /// types) upstream left behind, if any.
    pub fn lower_source(&self, source: &str, func: &str) -> Result<Lowered<'_>, String> {
        self.lower_source_with(SHAPE_TO_STD, source, func)
    }

    /// [`Tools::lower_source`] with the `mlir-opt` flags `passes` instead of
    /// [`SHAPE_TO_STD`].
    pub fn lower_source_with(
        &self,
        passes: &[&str],
        source: &str,
        func: &str,
    ) -> Result<Lowered<'_>, String> {
        let module = self.mlir_opt(passes, source)?;
        let left: Vec<&str> = module
            .lines()
            .filter(|l| !l.trim_start().starts_with("cf.assert") && l.contains("shape."))
            .collect();
        if !left.is_empty() {
            return Err(format!("{LEFT_SHAPE_OPS}:\n{}", left.join("\n")));
        }
        self.load_std(module, func)
    }

    /// Function `func` of `module`, a std-form module lowered elsewhere
    /// (e.g. by `shape-opt --lower-to=std`; top-level ops without the
    /// `module { ... }` around them are put in one), ready to
    /// [`Lowered::run`]. `Err` (starting with [`NOT_STD`]) lists the lines
    /// that still hold a `shape` op or type; discardable attributes named
    /// `shape.*` may stay.
    pub fn load_std(&self, module: String, func: &str) -> Result<Lowered<'_>, String> {
        if func == "main" {
            return Err("the function may not be called `main`: the wrapper needs the name".into());
        }
        let module = if module.lines().any(|l| l.starts_with("module")) {
            module
        } else {
            format!("module {{\n{module}}}\n")
        };
        let left = shape_ops_left(&module);
        if !left.is_empty() {
            return Err(format!("{NOT_STD}:\n{}", left.join("\n")));
        }
        let (params, results) = signature(&module, func)?;
        let assert_messages = module
            .lines()
            .filter(|l| l.trim_start().starts_with("cf.assert"))
            .filter_map(|l| Some(l[l.find('"')? + 1..l.rfind('"')?].to_string()))
            .collect();
        let failure_messages = failure_messages(&module, func);
        Ok(Lowered {
            tools: self,
            module,
            func: func.to_string(),
            params,
            results,
            assert_messages,
            failure_messages,
        })
    }

    fn mlir_opt(&self, passes: &[&str], input: &str) -> Result<String, String> {
        let out = execute(Command::new(&self.opt).args(passes), input)?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            Err(format!(
                "mlir-opt {}:\n{}",
                passes.join(" "),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }
}

/// A function lowered to std form, runnable on concrete inputs.
pub struct Lowered<'t> {
    tools: &'t Tools,
    module: String,
    func: String,
    params: Vec<Type>,
    results: Vec<Type>,
    assert_messages: Vec<String>,
    /// The messages of a function lowered to return a status
    /// (`shape_opt.failure_messages`), code `k` at `k - 1`.
    failure_messages: Option<Vec<String>>,
}

impl Lowered<'_> {
    /// The std-form module (the output of [`SHAPE_TO_STD`], or the module
    /// given to [`Tools::load_std`]).
    pub fn std_module(&self) -> &str {
        &self.module
    }

    /// What a call that printed `values` did: for a function returning a
    /// status, a nonzero status is the failure of its message, a zero one
    /// the other results.
    fn outcome(&self, mut values: Vec<Value>) -> Result<RunResult, String> {
        let Some(messages) = &self.failure_messages else {
            return Ok(RunResult::Printed(values));
        };
        match values.first() {
            Some(Value::I32(0)) => {
                values.remove(0);
                Ok(RunResult::Printed(values))
            }
            Some(&Value::I32(code)) => usize::try_from(code - 1)
                .ok()
                .and_then(|k| messages.get(k))
                .map(|m| RunResult::Aborted { message: m.clone() })
                .ok_or_else(|| format!("status {code} names no message")),
            _ => Err("no status printed".to_string()),
        }
    }

    /// The messages of the module's `cf.assert`s, in order.
    pub fn assert_messages(&self) -> &[String] {
        &self.assert_messages
    }

    /// `Err` unless the function takes `given` arguments.
    fn check_arity(&self, given: usize) -> Result<(), String> {
        if given == self.params.len() {
            return Ok(());
        }
        Err(format!(
            "@{} takes {} arguments, got {given}",
            self.func,
            self.params.len()
        ))
    }

    /// The interpreter's arguments (`interp::run_function` takes them for
    /// the function before lowering) as arguments of this function, each
    /// as [`Lowered::bind_arg`] binds it.
    pub fn bind(&self, args: &[interp::Arg]) -> Result<Vec<Arg>, String> {
        self.check_arity(args.len())?;
        (0..args.len())
            .map(|i| self.bind_arg(i, &args[i]))
            .collect()
    }

    /// The interpreter's argument `arg` as argument `i` of this function: a
    /// shape for an extent tensor parameter gives its [`Arg::Extents`], for
    /// any other tensor a tensor of that shape, a scalar for an `index` an
    /// [`Arg::Index`], for an `i1` an [`Arg::Bool`].
    pub fn bind_arg(&self, i: usize, arg: &interp::Arg) -> Result<Arg, String> {
        let param = self
            .params
            .get(i)
            .ok_or_else(|| format!("@{} has no argument {i}", self.func))?;
        match (arg, param) {
            (interp::Arg::Scalar(v), Type::Index) => Ok(Arg::Index(*v)),
            (interp::Arg::Scalar(v @ (0 | 1)), Type::I1) => Ok(Arg::Bool(*v == 1)),
            (interp::Arg::Shape(s), ty @ Type::Tensor { .. }) if ty.is_extent_tensor() => {
                Ok(Arg::Extents(s.clone()))
            }
            (interp::Arg::Shape(s), Type::Tensor { .. }) => Ok(Arg::Shaped(s.clone())),
            _ => Err(format!("cannot pass {arg} as {}", param.text())),
        }
    }

    /// The ops of `@main` that build `args`, call the function on them and
    /// print its results (`%c0` and `%c1` defined before them).
    fn call_ops(&self, args: &[Arg]) -> Result<String, String> {
        self.check_arity(args.len())?;
        let mut ops = String::new();
        for (i, (arg, param)) in args.iter().zip(&self.params).enumerate() {
            build_arg(&mut ops, i, arg, param)?;
        }
        let operands: Vec<String> = (0..args.len()).map(|i| format!("%a{i}")).collect();
        let names: Vec<String> = (0..self.results.len()).map(|i| format!("%r{i}")).collect();
        let defs = if names.is_empty() {
            String::new()
        } else {
            format!("{} = ", names.join(", "))
        };
        ops += &format!(
            "    {defs}func.call @{}({}) : ({}) -> ({})\n",
            self.func,
            operands.join(", "),
            type_list(&self.params),
            type_list(&self.results)
        );
        for (i, ty) in self.results.iter().enumerate() {
            print_result(&mut ops, i, ty)?;
        }
        Ok(ops)
    }

    /// The std-form module with a `@main` that calls the function on `args`
    /// and prints its results.
    pub fn wrapper(&self, args: &[Arg]) -> Result<String, String> {
        self.wrap(&self.module, args)
    }

    /// `module` with a `@main` that calls the function on `args` and prints
    /// its results at its end: the std-form module ([`Lowered::wrapper`]),
    /// or one that holds the function in a form the `mlir-opt` run of
    /// [`Lowered::run_module`] lowers (it must lower to this signature).
    pub fn wrap(&self, module: &str, args: &[Arg]) -> Result<String, String> {
        let main = format!("{MAIN_HEADER}{}{MAIN_FOOTER}", self.call_ops(args)?);
        let end = module.rfind('}').ok_or("no module to wrap")?;
        Ok(format!("{}{main}{}", &module[..end], &module[end..]))
    }

    /// Run the function on `args` in a fresh `mlir-runner` process.
    pub fn run(&self, args: &[Arg]) -> Result<RunResult, String> {
        self.run_module(&TO_LLVM, &self.wrapper(args)?, &format!("{args:?}"))
    }

    /// `module`, a [`Lowered::wrap`]ped call of the function, taken to the
    /// LLVM dialect by one `mlir-opt` run with the arguments `to_llvm` (e.g.
    /// [`TO_LLVM`]), and run in a fresh `mlir-runner` process; `what` names
    /// the call in errors.
    pub fn run_module(
        &self,
        to_llvm: &[&str],
        module: &str,
        what: &str,
    ) -> Result<RunResult, String> {
        let llvm = self.tools.mlir_opt(to_llvm, module)?;
        let out = self.tools.execute_main(&llvm)?;
        let mut runs =
            read_runs(&out, &[self]).map_err(|stdout| runner_failure(what, &out, &stdout))?;
        runs.pop().ok_or_else(|| "no run".into())
    }

    /// [`Lowered::run`] on every input, spread over the available cores;
    /// the results are in the order of `inputs`.
    pub fn run_many(&self, inputs: &[Vec<Arg>]) -> Vec<Result<RunResult, String>> {
        super::on_every_core(inputs, |args| self.run(args))
    }
}

/// The start of the `@main` the harness appends: the printing functions,
/// and `%c0`, `%c1` for the printing loops.
const MAIN_HEADER: &str =
    "  func.func private @printI64(i64)\n  func.func private @printComma()\n  \
     func.func private @printNewline()\n  func.func @main() {\n    \
     %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n";
const MAIN_FOOTER: &str = "    return\n  }\n";

impl Tools {
    /// Each call (a function lowered by [`Tools::load_std`] or
    /// [`Tools::lower_source`], and its arguments) run in order in one
    /// `mlir-runner` process: the functions' modules joined into one whose
    /// `@main` makes each call in an `scf.execute_region` of its own. An
    /// abort ends the process: the calls after an aborted one run in a
    /// fresh process, so there is one process per abort, plus one. A
    /// harness error is the result of every call of the process it ended.
    pub fn run_batch(&self, calls: &[(&Lowered<'_>, Vec<Arg>)]) -> Vec<Result<RunResult, String>> {
        let mut results = Vec::with_capacity(calls.len());
        while results.len() < calls.len() {
            let rest = &calls[results.len()..];
            match self.run_prefix(rest) {
                Ok(runs) => results.extend(runs.into_iter().map(Ok)),
                Err(e) => results.extend(rest.iter().map(|_| Err(e.clone()))),
            }
        }
        results
    }

    /// The calls of `calls` up to the first that aborts (or all), run in
    /// one process.
    fn run_prefix(&self, calls: &[(&Lowered<'_>, Vec<Arg>)]) -> Result<Vec<RunResult>, String> {
        let mut preamble = Vec::new();
        let mut bodies = String::new();
        let mut joined = BTreeSet::new();
        for (lowered, _) in calls {
            if !joined.insert(lowered.func.as_str()) {
                continue;
            }
            let module = &lowered.module;
            let start = module
                .lines()
                .position(|l| l.starts_with("module"))
                .ok_or("no module")?;
            for line in module.lines().take(start) {
                if !preamble.contains(&line) {
                    preamble.push(line);
                }
            }
            let body: Vec<&str> = module.lines().skip(start + 1).collect();
            let end = body
                .iter()
                .rposition(|l| l.starts_with('}'))
                .ok_or("no end of module")?;
            for line in &body[..end] {
                bodies += line;
                bodies.push('\n');
            }
        }
        let mut main = String::from(MAIN_HEADER);
        for (lowered, args) in calls {
            main += "    scf.execute_region {\n";
            main += &lowered.call_ops(args)?;
            main += "      scf.yield\n    }\n";
        }
        main += MAIN_FOOTER;
        let module = format!("{}\nmodule {{\n{bodies}{main}}}\n", preamble.join("\n"));
        let llvm = self.mlir_opt(&TO_LLVM, &module)?;
        let out = self.execute_main(&llvm)?;
        let lowered: Vec<&Lowered<'_>> = calls.iter().map(|(l, _)| *l).collect();
        read_runs(&out, &lowered).map_err(|stdout| {
            let what = format!("a batch of {} calls", calls.len());
            runner_failure(&what, &out, &stdout)
        })
    }

    /// A std-form module with a `@main` (e.g. [`Lowered::wrapper`]'s, with
    /// functions of the test's own added) lowered to LLVM and its `@main`
    /// run: what the process printed and how it ended, whatever that was.
    pub fn run_main(&self, module: &str) -> Result<Output, String> {
        let llvm = self.mlir_opt(&TO_LLVM, module)?;
        self.execute_main(&llvm)
    }

    /// `mlir-runner` on an LLVM-dialect module with a `@main`.
    fn execute_main(&self, llvm: &str) -> Result<Output, String> {
        let libs = format!("--shared-libs={}", self.c_runner_utils.display());
        execute(
            Command::new(&self.stdbuf)
                .arg("-oL")
                .arg(&self.runner)
                .args(["-e", "main", "--entry-point-result=void", &libs]),
            llvm,
        )
    }
}

/// What a `@main` calling `calls` in order printed, read back: the results
/// of each call that returned, and the abort of the one that failed a
/// `cf.assert` (the last, then). `Err` holds stdout when the output is not
/// that.
fn read_runs(out: &Output, calls: &[&Lowered<'_>]) -> Result<Vec<RunResult>, String> {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let sigabrt = out.status.signal() == Some(6) || out.status.code() == Some(134);
    let mut lines = stdout.lines().peekable();
    let mut runs = Vec::new();
    for lowered in calls {
        let rest: Vec<&str> = lines.clone().collect();
        if let [message] = rest.as_slice() {
            if sigabrt && lowered.assert_messages.iter().any(|m| m == message) {
                runs.push(RunResult::Aborted {
                    message: message.to_string(),
                });
                return Ok(runs);
            }
        }
        let values = lowered
            .results
            .iter()
            .map(|ty| parse_value(lines.next()?, ty))
            .collect::<Option<Vec<_>>>();
        match values.map(|v| lowered.outcome(v)) {
            Some(Ok(run)) => runs.push(run),
            _ => return Err(stdout),
        }
    }
    if out.status.success() && lines.peek().is_none() {
        Ok(runs)
    } else {
        Err(stdout)
    }
}

/// The harness error of an `mlir-runner` process that ran `what`.
fn runner_failure(what: &str, out: &Output, stdout: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let head: Vec<&str> = stderr.lines().take(20).collect();
    format!(
        "mlir-runner on {what} ended with {}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        head.join("\n")
    )
}

/// A parameter or result type, as far as the wrapper needs to know it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Type {
    Index,
    I1,
    I32,
    /// `text` as printed; `dims` is `None` when unranked, `None` entries are `?`.
    Tensor {
        text: String,
        dims: Option<Vec<Option<i64>>>,
        elem: String,
    },
}

impl Type {
    fn parse(text: &str) -> Result<Type, String> {
        let text = text.trim();
        match text {
            "index" => return Ok(Type::Index),
            "i1" => return Ok(Type::I1),
            "i32" => return Ok(Type::I32),
            _ => {}
        }
        let body = text
            .strip_prefix("tensor<")
            .and_then(|t| t.strip_suffix('>'))
            .filter(|b| !b.contains(','))
            .ok_or_else(|| format!("unsupported type `{text}`"))?;
        let (dims, elem) = match body.strip_prefix("*x") {
            Some(elem) => (None, elem),
            None => {
                let mut dims = Vec::new();
                let mut rest = body;
                while let Some((dim, tail)) = rest.split_once('x') {
                    let dim = match dim {
                        "?" => None,
                        _ => match dim.parse::<i64>() {
                            Ok(n) => Some(n),
                            Err(_) => break,
                        },
                    };
                    dims.push(dim);
                    rest = tail;
                }
                (Some(dims), rest)
            }
        };
        Ok(Type::Tensor {
            text: text.to_string(),
            dims,
            elem: elem.to_string(),
        })
    }

    fn text(&self) -> &str {
        match self {
            Type::Index => "index",
            Type::I1 => "i1",
            Type::I32 => "i32",
            Type::Tensor { text, .. } => text,
        }
    }

    /// A 1-D tensor of `index`.
    fn is_extent_tensor(&self) -> bool {
        matches!(self, Type::Tensor { dims: Some(dims), elem, .. } if dims.len() == 1 && elem == "index")
    }
}

impl Value {
    /// The interpreter's comparable form of the value (`interp::Canonical`):
    /// extents are a shape, an `index` or `i1` a scalar.
    pub fn canonical(&self) -> interp::Canonical {
        match self {
            Value::Extents(e) => interp::Canonical::Shape(e.clone()),
            Value::Index(i) => interp::Canonical::Scalar(i128::from(*i)),
            Value::Bool(b) => interp::Canonical::Scalar(i128::from(*b)),
            Value::I32(i) => interp::Canonical::Scalar(i128::from(*i)),
        }
    }
}

/// The lines of `module` that hold a `shape` op (an op name starting with
/// `shape.`) or a `!shape.*` type.
fn shape_ops_left(module: &str) -> Vec<&str> {
    module
        .lines()
        .filter(|line| {
            let statement = line.trim_start();
            let op = match statement.split_once(" = ") {
                Some((results, op)) if results.starts_with('%') => op,
                _ => statement,
            };
            op.trim_start_matches('"').starts_with("shape.") || line.contains("!shape.")
        })
        .collect()
}

fn type_list(types: &[Type]) -> String {
    types.iter().map(Type::text).collect::<Vec<_>>().join(", ")
}

/// Parameter and result types of `@func` in mlir-opt's printed `module`.
fn signature(module: &str, func: &str) -> Result<(Vec<Type>, Vec<Type>), String> {
    let needle = format!("@{func}(");
    let line = module
        .lines()
        .find(|l| l.trim_start().starts_with("func.func") && l.contains(&needle))
        .ok_or_else(|| format!("no function @{func} in the lowered module"))?;
    let after = &line[line.find(&needle).unwrap_or(0) + needle.len()..];
    let close = matching_paren(after).ok_or_else(|| format!("cannot read `{line}`"))?;
    let params = split_top_level(&after[..close])
        .into_iter()
        .map(|p| Type::parse(p.split_once(':').map_or(p, |(_, t)| t)))
        .collect::<Result<_, _>>()?;
    let rest = after[close + 1..].trim().trim_end_matches('{').trim();
    let rest = rest.split(" attributes {").next().unwrap_or(rest).trim();
    let results = match rest.strip_prefix("->") {
        None => Vec::new(),
        Some(r) => {
            let r = r.trim();
            let r = r
                .strip_prefix('(')
                .and_then(|r| r.strip_suffix(')'))
                .unwrap_or(r);
            split_top_level(r)
                .into_iter()
                .map(Type::parse)
                .collect::<Result<_, _>>()?
        }
    };
    Ok((params, results))
}

/// The strings of `shape_opt.failure_messages = [...]` on the line of
/// function `@func`, if it has one (MLIR's escapes `\"`, `\\` and `\XX`
/// read back).
fn failure_messages(module: &str, func: &str) -> Option<Vec<String>> {
    let needle = format!("@{func}(");
    let line = module
        .lines()
        .find(|l| l.trim_start().starts_with("func.func") && l.contains(&needle))?;
    let list = line.split("shape_opt.failure_messages = [").nth(1)?;
    let mut messages = Vec::new();
    let mut chars = list.chars();
    loop {
        match chars.next()? {
            ']' => return Some(messages),
            '"' => {
                let mut bytes = Vec::new();
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            c @ ('"' | '\\') => bytes.push(c as u8),
                            'n' => bytes.push(b'\n'),
                            'r' => bytes.push(b'\r'),
                            't' => bytes.push(b'\t'),
                            hi => {
                                let lo = chars.next()?;
                                let hex: String = [hi, lo].iter().collect();
                                bytes.push(u8::from_str_radix(&hex, 16).ok()?);
                            }
                        },
                        c => bytes.extend(c.to_string().as_bytes()),
                    }
                }
                messages.push(String::from_utf8_lossy(&bytes).into_owned());
            }
            _ => {}
        }
    }
}

/// Byte offset of the `)` closing a list whose `(` was just consumed.
fn matching_paren(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' | '>' | ']' | '}' => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    None
}

/// `s` split at the commas outside any brackets; empty for a blank `s`.
fn split_top_level(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '<' | '[' | '{' => depth += 1,
            ')' | '>' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() || !parts.is_empty() {
        parts.push(last);
    }
    parts
}

/// Append to `main` the ops defining `%a{i}`: `arg` as a value of `param`.
fn build_arg(main: &mut String, i: usize, arg: &Arg, param: &Type) -> Result<(), String> {
    let bad = || format!("argument {i}: cannot pass {arg:?} as {}", param.text());
    match (arg, param) {
        (Arg::Index(v), Type::Index) => {
            *main += &format!("    %a{i} = arith.constant {v} : index\n");
        }
        (Arg::Bool(v), Type::I1) => {
            *main += &format!("    %a{i} = arith.constant {v}\n");
        }
        (Arg::Shaped(shape), Type::Tensor { dims, elem, text }) => {
            if !fits(shape, dims.as_deref()) || shape.iter().any(|&e| e < 0) {
                return Err(bad());
            }
            let dims: String = shape.iter().map(|e| format!("{e}x")).collect();
            let literal = format!("tensor<{dims}{elem}>");
            *main += &format!("    %a{i}_t = tensor.empty() : {literal}\n");
            *main += &format!("    %a{i} = tensor.cast %a{i}_t : {literal} to {text}\n");
        }
        (Arg::Extents(values), Type::Tensor { dims, elem, text })
        | (Arg::Elements(values), Type::Tensor { dims, elem, text }) => {
            let len = i64::try_from(values.len()).map_err(|_| bad())?;
            let elem_fits = match arg {
                Arg::Extents(_) => elem == "index",
                _ => is_integer_type(elem),
            };
            if !elem_fits || !fits(&[len], dims.as_deref()) {
                return Err(bad());
            }
            let mut names = Vec::new();
            for (j, e) in values.iter().enumerate() {
                *main += &format!("    %a{i}_{j} = arith.constant {e} : {elem}\n");
                names.push(format!("%a{i}_{j}"));
            }
            let literal = format!("tensor<{len}x{elem}>");
            *main += &format!(
                "    %a{i}_t = tensor.from_elements {} : {literal}\n",
                names.join(", ")
            );
            *main += &format!("    %a{i} = tensor.cast %a{i}_t : {literal} to {text}\n");
        }
        _ => return Err(bad()),
    }
    Ok(())
}

/// `index` or a signless integer type (`i64`, `i32`, ...).
fn is_integer_type(elem: &str) -> bool {
    elem == "index"
        || elem
            .strip_prefix('i')
            .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a tensor of `shape` can be cast to a type with `dims`.
fn fits(shape: &[i64], dims: Option<&[Option<i64>]>) -> bool {
    dims.is_none_or(|dims| {
        dims.len() == shape.len()
            && dims
                .iter()
                .zip(shape)
                .all(|(d, e)| d.is_none_or(|d| d == *e))
    })
}

/// Append to `main` the ops printing result `%r{i}` of type `ty` on one line.
fn print_result(main: &mut String, i: usize, ty: &Type) -> Result<(), String> {
    let print = |v: &str| format!("func.call @printI64({v}) : (i64) -> ()");
    match ty {
        Type::Index => {
            *main += &format!("    %p{i} = arith.index_cast %r{i} : index to i64\n");
            *main += &format!("    {}\n", print(&format!("%p{i}")));
        }
        Type::I1 => {
            *main += &format!("    %p{i} = arith.extui %r{i} : i1 to i64\n");
            *main += &format!("    {}\n", print(&format!("%p{i}")));
        }
        Type::I32 => {
            *main += &format!("    %p{i} = arith.extsi %r{i} : i32 to i64\n");
            *main += &format!("    {}\n", print(&format!("%p{i}")));
        }
        ty @ Type::Tensor { text, .. } if ty.is_extent_tensor() => {
            *main += &format!(
                "    %n{i} = tensor.dim %r{i}, %c0 : {text}\n    \
                 scf.for %j{i} = %c0 to %n{i} step %c1 {{\n      \
                 %e{i} = tensor.extract %r{i}[%j{i}] : {text}\n      \
                 %p{i} = arith.index_cast %e{i} : index to i64\n      \
                 {}\n      \
                 func.call @printComma() : () -> ()\n    }}\n",
                print(&format!("%p{i}"))
            );
        }
        Type::Tensor {
            dims: Some(dims),
            text,
            ..
        } => {
            for d in 0..dims.len() {
                *main += &format!(
                    "    %d{i}_{d} = arith.constant {d} : index\n    \
                     %n{i}_{d} = tensor.dim %r{i}, %d{i}_{d} : {text}\n    \
                     %p{i}_{d} = arith.index_cast %n{i}_{d} : index to i64\n    \
                     {}\n    \
                     func.call @printComma() : () -> ()\n",
                    print(&format!("%p{i}_{d}"))
                );
            }
        }
        Type::Tensor { text, .. } => return Err(format!("cannot print a result of type {text}")),
    }
    *main += "    func.call @printNewline() : () -> ()\n";
    Ok(())
}

/// One printed line read back as a value of type `ty`.
fn parse_value(line: &str, ty: &Type) -> Option<Value> {
    let numbers = line
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| n.parse::<i64>().ok())
        .collect::<Option<Vec<i64>>>()?;
    match (ty, numbers.as_slice()) {
        (Type::Index, [n]) => Some(Value::Index(*n)),
        (Type::I1, [n @ (0 | 1)]) => Some(Value::Bool(*n == 1)),
        (Type::I32, [n]) => Some(Value::I32(*n)),
        (Type::Tensor { .. }, _) => Some(Value::Extents(numbers)),
        _ => None,
    }
}

/// Run `cmd` with `input` on stdin (written from a second thread, so a
/// chatty child cannot deadlock) and collect its output.
fn execute(cmd: &mut Command, input: &str) -> Result<Output, String> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin pipe")?;
    std::thread::scope(|s| {
        s.spawn(move || stdin.write_all(input.as_bytes()));
        child
            .wait_with_output()
            .map_err(|e| format!("{cmd:?}: {e}"))
    })
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// `dir/stem` or a versioned `dir/stem.N…`.
fn find_library(dir: &Path, stem: &str) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n == stem || n.starts_with(&format!("{stem}.")))
        })
        .collect();
    found.sort();
    found.into_iter().next()
}
