//! The `mlir-opt` pass plugin (`bindings/mlir-plugin`), built by its
//! script against this profile's `libshape_opt.a` and loaded by `mlir-opt`
//! 22:
//! - `shape-opt-lower{to=std}` prints, byte for byte, what `shape-opt
//!   --lower-to=std` prints (`cli::process_buffer`), on every example, with
//!   and without locations;
//! - the matmul's shape library, a host declaration of its lowered
//!   signature and a `@main` calling it go to the LLVM dialect in one
//!   `mlir-opt` run (`shape-opt-lower`, then the rest of
//!   [`TO_LLVM`]), and run under `mlir-runner` with the interpreter's
//!   answers, on passing and failing inputs;
//! - IR crosses the boundary both ways unchanged (an empty shape-opt
//!   pipeline on `tests/mlir_plugin/round_trip.mlir`: blocks out of
//!   dominance order, successors, every kind of location, properties and
//!   attributes of registered and unregistered ops), as `mlir-opt` alone
//!   prints it, in custom and generic form;
//! - shape-opt's diagnostics come out at the input's `file:line:col`, with
//!   their notes, so `-verify-diagnostics` works through the plugin
//!   (`tests/mlir_plugin/always_fails.mlir`);
//! - `shape-opt{pipeline=...}` and the per-pass `shape-opt-<name>` run
//!   shape-opt pipelines; a bad pipeline or option is an MLIR error, never
//!   a crash;
//! - `shape-opt-lower{explain=FILE report=FILE}` writes, on every example,
//!   what `shape-opt --explain` prints and the page `shape-opt
//!   --lower-to=std --report` writes (the `shape-opt` binary, built by
//!   cargo; the pages compared but for their times and the e-graph
//!   pictures, which show the in-memory numbers of values).
//!
//! Skipped, saying why, without cmake, MLIR's CMake config or the MLIR
//! tools; failed instead under `SHAPE_OPT_REQUIRE_MLIR=1`.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use cli::{process_buffer, DriverOptions};
use common::observed::Observed;
use common::runner::{Arg, Tools, TO_LLVM};
use common::{missing, mlir_tool, run};
use ir::printer::PrintOptions;
use pass::stage::Stage;
use shape_opt::Session;

/// The repository root: `mlir-opt` runs there, on relative paths, so that
/// both tools name the input alike in locations.
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The matmul example, its function, and the host's declaration of the
/// function's lowered signature.
const MATMUL: &str = "examples/matmul.mlir";
const MATMUL_FUNC: &str = "matmul";
const MATMUL_DECLARATION: &str =
    "func.func private @matmul(tensor<*xf32>, tensor<*xf32>) -> tensor<?xindex>";

/// The built plugin and the `mlir-opt` that loads it.
struct Plugin {
    opt: PathBuf,
    library: PathBuf,
}

impl Plugin {
    /// The plugin, built once per run; `None` (skip) when a tool is missing
    /// and not required.
    fn get() -> Option<&'static Plugin> {
        static PLUGIN: OnceLock<Option<Plugin>> = OnceLock::new();
        PLUGIN.get_or_init(Plugin::build).as_ref()
    }

    /// `bindings/mlir-plugin/build.sh` for this test binary's profile, into
    /// its target directory (the nested cargo build finds the lock free:
    /// cargo releases it before running tests).
    fn build() -> Option<Plugin> {
        let opt = mlir_tool("mlir-opt")?;
        let cmake_runs = Command::new("cmake")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !cmake_runs {
            return missing("cmake not found", "install cmake");
        }
        let mlir_dir = opt.parent()?.join("../lib/cmake/mlir");
        if !mlir_dir.join("MLIRConfig.cmake").is_file() {
            return missing(
                &format!("no MLIRConfig.cmake in {}", mlir_dir.display()),
                "install libmlir-22-dev",
            );
        }
        let (profile_dir, profile) = profile();
        let target = profile_dir.parent().expect("target/");
        let script = Path::new(ROOT).join("bindings/mlir-plugin/build.sh");
        let out = Command::new(&script)
            .arg(profile)
            .env("CARGO", env!("CARGO"))
            .env("CARGO_TARGET_DIR", target)
            .env("MLIR_DIR", &mlir_dir)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", script.display()));
        assert!(
            out.status.success(),
            "{} {profile} failed:\n{}",
            script.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let library = PathBuf::from(stdout.lines().last().expect("the plugin's path"));
        assert!(library.is_file(), "no plugin at {}", library.display());
        Some(Plugin { opt, library })
    }

    /// `--load-pass-plugin=<the plugin>`.
    fn load(&self) -> String {
        format!("--load-pass-plugin={}", self.library.display())
    }

    /// `mlir-opt` with the plugin loaded and `args`, in the repository root.
    fn opt(&self, args: &[&str]) -> Output {
        Command::new(&self.opt)
            .arg(self.load())
            .args(args)
            .current_dir(ROOT)
            .output()
            .expect("mlir-opt runs")
    }
}

/// This test binary's profile directory (`target/<profile>`) and the
/// profile's name (`debug` or `release`).
fn profile() -> (PathBuf, &'static str) {
    // target/<profile>/deps/<test binary>
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let profile = match dir.file_name() {
        Some(p) if p == "release" => "release",
        _ => "debug",
    };
    (dir.to_path_buf(), profile)
}

/// The `shape-opt` binary of this profile, built by cargo (once per run;
/// the root package's tests get no other package's binaries).
fn shape_opt_binary() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let (dir, profile) = profile();
            let mut cargo = Command::new(env!("CARGO"));
            cargo
                .args([
                    "build",
                    "--quiet",
                    "-p",
                    "shape-opt-cli",
                    "--bin",
                    "shape-opt",
                ])
                .arg("--target-dir")
                .arg(dir.parent().expect("target/"))
                .current_dir(ROOT);
            if profile == "release" {
                cargo.arg("--release");
            }
            let out = cargo.output().expect("cargo runs");
            assert!(out.status.success(), "{cargo:?}:\n{}", stderr(&out));
            dir.join("shape-opt")
        })
        .clone()
}

/// `--pass-pipeline=builtin.module(<passes>)`.
fn pipeline(passes: &[&str]) -> String {
    format!("--pass-pipeline=builtin.module({})", passes.join(","))
}

/// A flag of [`TO_LLVM`] (`--pass=options`) as a pipeline element
/// (`pass{options}`).
fn pipeline_element(flag: &str) -> String {
    let flag = flag.trim_start_matches('-');
    match flag.split_once('=') {
        Some((pass, options)) => format!("{pass}{{{options}}}"),
        None => flag.to_string(),
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn read(relative: &str) -> String {
    let path = Path::new(ROOT).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `examples/*.mlir` and `examples/stage2/*.mlir`, relative to the root.
fn examples() -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["examples", "examples/stage2"] {
        for entry in std::fs::read_dir(Path::new(ROOT).join(dir)).expect("examples/") {
            let name = entry.expect("a directory entry").file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".mlir") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    files
}

/// What `shape-opt` prints for `options` on the file `relative` (its
/// output, or its diagnostics when it fails).
fn shape_opt(relative: &str, options: &DriverOptions) -> Result<String, String> {
    let out = process_buffer(relative, read(relative), options);
    match out.success {
        true => Ok(out.output()),
        false => Err(out.diagnostics),
    }
}

/// `mlir-opt` ended with an error of its own: exit code 1, no crash.
fn assert_mlir_error(out: &Output, what: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{what}: {}\n{err}", out.status);
    assert!(!err.contains("Stack dump"), "{what} crashed:\n{err}");
}

#[test]
fn lowers_as_shape_opt_does_byte_for_byte() {
    let Some(plugin) = Plugin::get() else { return };
    let lower = pipeline(&["shape-opt-lower{to=std}"]);
    // The command of the README, exactly.
    let out = plugin.opt(&[&lower, MATMUL]);
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        ..Default::default()
    };
    let expected = shape_opt(MATMUL, &options).expect("shape-opt lowers the matmul");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), expected);
    // Failed checks returning a status, as `--shape-failure=status`.
    let out = plugin.opt(&[
        &pipeline(&["shape-opt-lower{to=std failure=status}"]),
        MATMUL,
    ]);
    let options = DriverOptions {
        lower_to: Some(Stage::Std),
        shape_failure: passes::FailureMode::Status,
        ..Default::default()
    };
    let expected = shape_opt(MATMUL, &options).expect("shape-opt lowers the matmul");
    assert!(
        expected.contains("shape_opt.failure_messages"),
        "{expected}"
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), expected);
    // Every example, unregistered ops allowed (through the MLIRContext),
    // with and without locations. With locations, shape-opt's output is
    // compared as mlir-opt prints it: the two printers number nested
    // location aliases (`callsite(#loc4 at #loc20)`) differently.
    for example in examples() {
        for debug_info in [false, true] {
            let options = DriverOptions {
                lower_to: Some(Stage::Std),
                allow_unregistered_dialect: true,
                print: PrintOptions {
                    debug_info,
                    ..Default::default()
                },
                ..Default::default()
            };
            let mut flags = vec!["--allow-unregistered-dialect"];
            if debug_info {
                flags.push("--mlir-print-debuginfo");
            }
            let out = plugin.opt(&[&[lower.as_str()], &flags[..], &[&example]].concat());
            let what = format!("{example} (locations: {debug_info})");
            match shape_opt(&example, &options) {
                Ok(printed) => {
                    let expected = match debug_info {
                        false => printed,
                        true => run(&plugin.opt, &flags, printed.as_bytes())
                            .unwrap_or_else(|e| panic!("mlir-opt on {what}:\n{e}")),
                    };
                    assert!(out.status.success(), "{what}:\n{}", stderr(&out));
                    assert_eq!(stdout(&out), expected, "{what}");
                }
                Err(diagnostics) => {
                    assert!(
                        !out.status.success(),
                        "{what}: shape-opt fails:\n{diagnostics}"
                    );
                }
            }
        }
    }
}

/// Inputs of the matmul: shapes of its two operands, passing and failing.
const MATMUL_INPUTS: &[(&[i64], &[i64])] = &[
    (&[2, 3], &[3, 4]),
    (&[1, 1], &[1, 1]),
    (&[0, 5], &[5, 0]),
    (&[7, 2], &[2, 9]),
    (&[1, 2], &[2, 1]),
    (&[2, 3], &[4, 5]),
    (&[5, 1], &[2, 3]),
    (&[2], &[2]),
    (&[], &[]),
    (&[2, 3, 4], &[2, 3, 4]),
    (&[2, 3, 4], &[4, 5]),
    (&[3], &[3, 3]),
];

#[test]
fn ir_crosses_the_boundary_unchanged() {
    let Some(plugin) = Plugin::get() else { return };
    let input = "tests/mlir_plugin/round_trip.mlir";
    let nothing = pipeline(&["shape-opt{pipeline='builtin.module()'}"]);
    for generic in [false, true] {
        let mut flags = vec!["--allow-unregistered-dialect", "--mlir-print-debuginfo"];
        if generic {
            flags.push("--mlir-print-op-generic");
        }
        let alone = Command::new(&plugin.opt)
            .args(&flags)
            .arg(input)
            .current_dir(ROOT)
            .output()
            .expect("mlir-opt runs");
        assert!(alone.status.success(), "{}", stderr(&alone));
        let through = plugin.opt(&[&[nothing.as_str()], &flags[..], &[input]].concat());
        assert!(through.status.success(), "{}", stderr(&through));
        assert_eq!(stdout(&through), stdout(&alone), "generic form: {generic}");
    }
}

#[test]
fn one_mlir_opt_run_to_llvm_runs_as_the_interpreter_says() {
    let Some(plugin) = Plugin::get() else { return };
    let Some(tools) = Tools::find() else { return };
    let library = read(MATMUL);
    let reference = Session::new()
        .parse(MATMUL, &library)
        .unwrap_or_else(|e| panic!("{MATMUL}:\n{e}"));
    // The host's module: the declaration, then (with `@main`) the library.
    let with_library = |module: &str| {
        let end = module.rfind('}').expect("a module");
        format!("{}{library}{}", &module[..end], &module[end..])
    };
    let host = format!("module {{\n  {MATMUL_DECLARATION}\n}}\n");
    // Lowered alone, the declaration gets the library's definition: its
    // signature and checks tell the harness how to call it and what an
    // abort may say.
    let load = plugin.load();
    let lower_only = [
        load.as_str(),
        "--pass-pipeline=builtin.module(shape-opt-lower)",
    ];
    let lowered = tools
        .lower_source_with(&lower_only, &with_library(&host), MATMUL_FUNC)
        .unwrap_or_else(|e| panic!("the plugin's std form of the host module:\n{e}"));
    assert!(
        !lowered.assert_messages().is_empty(),
        "the matmul's checks are lowered:\n{}",
        lowered.std_module()
    );
    let mut passes = vec!["shape-opt-lower{to=std}".to_string()];
    passes.extend(TO_LLVM.iter().map(|flag| pipeline_element(flag)));
    let to_llvm = [
        load.clone(),
        format!("--pass-pipeline=builtin.module({})", passes.join(",")),
    ];
    let to_llvm: Vec<&str> = to_llvm.iter().map(String::as_str).collect();
    let (mut passed, mut failed) = (0, 0);
    for (lhs, rhs) in MATMUL_INPUTS {
        let args = [
            interp::Arg::Shape(lhs.to_vec()),
            interp::Arg::Shape(rhs.to_vec()),
        ];
        let expected = interp::run_function(&reference.ctx, reference.root, MATMUL_FUNC, &args)
            .unwrap_or_else(|e| panic!("the interpreter on {args:?}: {e}"));
        let expected = Observed::of_outcome(&expected);
        let bound: Vec<Arg> = lowered.bind(&args).expect("tensor arguments");
        let module = with_library(&lowered.wrap(&host, &bound).expect("a @main"));
        let run = lowered
            .run_module(&to_llvm, &module, &format!("{args:?}"))
            .unwrap_or_else(|e| panic!("{args:?}:\n{e}"));
        let observed = Observed::of_run(&run);
        assert_eq!(observed, expected, "{args:?}");
        match observed {
            Observed::Returned(_) => passed += 1,
            _ => failed += 1,
        }
    }
    assert!(
        passed >= 4 && failed >= 4,
        "{passed} passing, {failed} failing inputs"
    );
}

#[test]
fn diagnostics_come_out_at_the_inputs_lines_and_columns() {
    let Some(plugin) = Plugin::get() else { return };
    let file = "tests/mlir_plugin/always_fails.mlir";
    let lower = pipeline(&["shape-opt-lower{to=std}"]);
    let split = "--split-input-file";
    let out = plugin.opt(&[&lower, split, "--verify-diagnostics", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Where the always-failing `meet` is in the file, as mlir-opt prints it.
    let source = read(file);
    let (line, text) = source
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("%m = meet"))
        .expect("the failing meet");
    let column = text.find("meet").expect("meet") + 1;
    let expected = format!(
        "{file}:{}:{column}: error: 'shape.meet' op always fails: rank must be 3\n{text}\n",
        line + 1
    );
    let out = plugin.opt(&[&lower, split, file]);
    assert_mlir_error(&out, file);
    assert!(stderr(&out).starts_with(&expected), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(": note: the conflicting value is computed here"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn shape_opt_pipelines_run_and_bad_ones_are_mlir_errors() {
    let Some(plugin) = Plugin::get() else { return };
    let options = DriverOptions {
        pipeline: Some("builtin.module(lower-to-constrained,cse)".into()),
        ..Default::default()
    };
    let expected = shape_opt(MATMUL, &options).expect("shape-opt runs the pipeline");
    for passes in [
        "shape-opt{pipeline='builtin.module(lower-to-constrained,cse)'}",
        "shape-opt{pipeline='builtin.module(lower-to-constrained,cse)' verify-semantics=8}",
        "shape-opt-lower-to-constrained,shape-opt-cse",
    ] {
        let out = plugin.opt(&[&pipeline(&[passes]), MATMUL]);
        assert!(out.status.success(), "{passes}:\n{}", stderr(&out));
        assert_eq!(stdout(&out), expected, "{passes}");
    }
    for (passes, says) in [
        ("shape-opt", "shape-opt needs a pipeline"),
        (
            "shape-opt{pipeline='builtin.module(no-such-pass)'}",
            "no-such-pass",
        ),
        ("shape-opt{pipeline='builtin.module(cse'}", "error:"),
        ("shape-opt{pipeline='builtin.module(cse{bad=1})'}", "bad"),
        ("shape-opt-lower{to=nowhere}", "nowhere"),
        ("shape-opt-lower{no-such-option=1}", "no-such-option"),
        ("shape-opt-canonicalize{no-such-option=1}", "no-such-option"),
        ("shape-opt-lower{declare-pure=bad}", "'bad'"),
        ("func.func(shape-opt-lower)", "error:"),
    ] {
        let out = plugin.opt(&[&pipeline(&[passes]), MATMUL]);
        assert_mlir_error(&out, passes);
        assert!(stderr(&out).contains(says), "{passes}:\n{}", stderr(&out));
    }
}

/// Every `.mlir` file under `examples/`, relative to the root.
fn every_example() -> Vec<String> {
    filetests::tools::example_files(Path::new(ROOT))
}

#[test]
fn explain_and_report_write_what_shape_opt_writes() {
    let Some(plugin) = Plugin::get() else { return };
    let dir = profile().0.join("mlir-plugin-tests").join("explain-report");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let untimed = |page: &Path| {
        let html = std::fs::read_to_string(page).expect("the report is written");
        // The plugin builds the module op by op: its values are numbered
        // in memory in another order, which the e-graph pictures show.
        filetests::report_page::untimed_without_egraphs(&html).expect("the report's data reads")
    };
    let examples = every_example();
    assert!(examples.len() > 20, "{} examples", examples.len());
    for (n, example) in examples.iter().enumerate() {
        let (explained, plugin_page) = (
            dir.join(format!("{n}.txt")),
            dir.join(format!("{n}-plugin.html")),
        );
        let lower = format!(
            "shape-opt-lower{{to=std explain={} report={}}}",
            explained.display(),
            plugin_page.display()
        );
        let out = plugin.opt(&[
            &pipeline(&[&lower]),
            "--allow-unregistered-dialect",
            "-o",
            "/dev/null",
            example,
        ]);
        let options = DriverOptions {
            explain: true,
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let expected = shape_opt(example, &options).expect("shape-opt explains the example");
        let written = std::fs::read_to_string(&explained)
            .unwrap_or_else(|e| panic!("{example}: no explanation ({e}):\n{}", stderr(&out)));
        assert_eq!(written, expected, "{example}");
        let cli_page = dir.join(format!("{n}-cli.html"));
        let cli = Command::new(shape_opt_binary())
            .args(["--lower-to=std", "--allow-unregistered-dialect"])
            .arg(format!("--report={}", cli_page.display()))
            .arg(example)
            .current_dir(ROOT)
            .output()
            .expect("shape-opt runs");
        // Both fail alike (a host declaration that does not match its
        // library), and both write the report all the same.
        assert_eq!(
            out.status.success(),
            cli.status.success(),
            "{example}:\n{}",
            stderr(&out)
        );
        assert!(
            untimed(&cli_page) == untimed(&plugin_page),
            "{example}: the reports differ"
        );
    }
    // Files that cannot be written are MLIR errors, never a crash.
    for option in ["report", "explain"] {
        let lower = format!("shape-opt-lower{{{option}=/nonexistent/directory/x}}");
        let out = plugin.opt(&[&pipeline(&[&lower]), MATMUL]);
        assert_mlir_error(&out, &lower);
        let err = stderr(&out);
        assert!(err.contains("could not write the"), "{lower}:\n{err}");
    }
}
