//! The C API from C: `examples/c/lower.c` and the programs of `tests/`
//! built with the system C compiler against `libshape_opt` (shared and
//! static), and the header compiled as strict C and as C++.
//! `tests/explain_report.c` explains and reports on every example as the
//! `shape-opt` binary does.
//!
//! `cargo test` does not build a package's cdylib and staticlib for its
//! integration tests (they cannot link them), nor another package's
//! binaries, so the first test to need the library builds it (and
//! `shape-opt`) with cargo, into this profile's directory.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// This profile's directory (`target/<profile>`), where the test binary is.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/<test binary>
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    dir.to_path_buf()
}

/// Where `libshape_opt.{so,a}` and the `shape-opt` binary are, built up
/// to date (once per run).
fn library_dir() -> PathBuf {
    static BUILT: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    let dir = profile_dir();
    let built = BUILT.get_or_init(|| {
        let target = dir.parent().expect("target/");
        let mut cargo = Command::new(env!("CARGO"));
        cargo
            .args(["build", "--quiet", "--lib", "--bin", "shape-opt"])
            .args(["-p", "shape-opt-c", "-p", "shape-opt-cli", "--target-dir"])
            .arg(target)
            .current_dir(root());
        if dir.file_name().is_some_and(|p| p == "release") {
            cargo.arg("--release");
        }
        let out = cargo.output().map_err(|e| format!("{cargo:?}: {e}"))?;
        match out.status.success() {
            true => Ok(()),
            false => Err(format!(
                "{cargo:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            )),
        }
    });
    if let Err(e) = built {
        panic!("could not build libshape_opt: {e}");
    }
    dir
}

/// A scratch directory of this test binary's.
fn scratch(name: &str) -> PathBuf {
    let dir = profile_dir().join("c-api-tests").join(name);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The C compiler: `$CC`, else `cc`.
fn c_compiler() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".into())
}

/// How a program links the library.
#[derive(Clone, Copy, Debug)]
enum Linkage {
    Shared,
    Static,
}

/// Compile and link the C program `source` against the library, into the
/// scratch directory `test` (one per test: tests run in parallel); the
/// executable's path.
fn build(source: &Path, linkage: Linkage, test: &str) -> PathBuf {
    let lib = library_dir();
    let stem = source.file_stem().unwrap().to_string_lossy();
    let exe = scratch(test).join(format!("{stem}-{linkage:?}"));
    let mut cc = Command::new(c_compiler());
    cc.args([
        "-std=c99",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-O1",
    ])
    .arg("-I")
    .arg(root().join("bindings/c/include"))
    .arg(source)
    .arg("-o")
    .arg(&exe);
    match linkage {
        Linkage::Shared => {
            cc.arg(format!("-L{}", lib.display()))
                .arg("-lshape_opt")
                .arg(format!("-Wl,-rpath,{}", lib.display()));
        }
        // What `cargo rustc -- --print native-static-libs` lists on Linux.
        Linkage::Static => {
            cc.arg(lib.join("libshape_opt.a")).args([
                "-lgcc_s",
                "-lutil",
                "-lrt",
                "-lpthread",
                "-lm",
                "-ldl",
            ]);
        }
    }
    let out = cc.output().expect("the C compiler runs");
    assert!(
        out.status.success(),
        "{cc:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// What `shape-opt --lower-to=std examples/matmul.mlir` prints, from the
/// command line's own code path.
fn shape_opt_lower_to_std(path: &str) -> String {
    let text = std::fs::read(root().join(path)).unwrap();
    let options = cli::DriverOptions {
        lower_to: Some(pass::stage::Stage::Std),
        ..Default::default()
    };
    let outcome = cli::process_buffer(path, text, &options);
    assert!(outcome.success, "{}", outcome.diagnostics);
    outcome.pieces.concat()
}

#[test]
fn lower_c_prints_what_shape_opt_prints_and_evaluates() {
    let expected = format!(
        "{}[2,3] [3,4]: ok [2, 4]\n[2,3] [5,4]: error: inner dimensions required to match\n",
        shape_opt_lower_to_std("examples/matmul.mlir")
    );
    for linkage in [Linkage::Shared, Linkage::Static] {
        let exe = build(&root().join("examples/c/lower.c"), linkage, "lower");
        let out = Command::new(&exe)
            .arg("examples/matmul.mlir")
            .current_dir(root())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{linkage:?}: {stderr}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{linkage:?}"
        );
        for stage in ["error-monadic", "constrained", "asserting", "std"] {
            assert!(
                stderr.contains(&format!("reached the {stage} form")),
                "{stderr}"
            );
        }
    }
}

#[test]
fn lower_c_reports_diagnostics_and_fails() {
    let dir = scratch("bad-input");
    let bad = dir.join("bad.mlir");
    std::fs::write(&bad, "func.func @f() -> index {\n  return %t : index\n}\n").unwrap();
    let exe = build(
        &root().join("examples/c/lower.c"),
        Linkage::Shared,
        "bad-input",
    );
    let out = Command::new(&exe).arg(&bad).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("bad.mlir:2:10: error:"), "{stderr}");
    assert!(out.stdout.is_empty());
}

/// Build `tests/<name>.c` against both linkages and run it: every case it
/// prints must be `ok`, and it must print at least `cases` of them.
fn every_case_holds(name: &str, cases: usize) {
    for linkage in [Linkage::Shared, Linkage::Static] {
        let source = root().join(format!("bindings/c/tests/{name}.c"));
        let exe = build(&source, linkage, name);
        let out = Command::new(&exe).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{linkage:?}:\n{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !stdout.contains("FAILED") && stdout.lines().count() >= cases,
            "{stdout}"
        );
    }
}

#[test]
fn the_c_api_rejects_bad_input_and_misuse_with_diagnostics() {
    every_case_holds("robustness", 19);
}

#[test]
fn ir_crosses_the_c_api_op_by_op() {
    every_case_holds("ir_handoff", 24);
}

#[test]
fn the_header_compiles_as_strict_c_and_as_cpp() {
    let header = root().join("bindings/c/include/shape_opt.h");
    for (compiler, args) in [
        (c_compiler(), vec!["-x", "c", "-std=c99"]),
        ("c++".to_string(), vec!["-x", "c++", "-std=c++17"]),
    ] {
        let out = Command::new(&compiler)
            .args(&args)
            .args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only"])
            .arg(&header)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{compiler}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Every `.mlir` file under `examples/`, relative to the repository root
/// (as both front ends name it in locations), in order.
fn examples() -> Vec<String> {
    let files = filetests::tools::example_files(&root());
    assert!(files.len() > 20, "{} examples", files.len());
    files
}

/// `shape-opt args` run from the repository root.
fn shape_opt(args: &[&str]) -> std::process::Output {
    let exe = library_dir().join("shape-opt");
    let out = Command::new(&exe).args(args).current_dir(root()).output();
    out.unwrap_or_else(|e| panic!("{}: {e}", exe.display()))
}

#[test]
fn explain_and_report_give_what_shape_opt_gives_on_every_example() {
    let exe = build(
        &root().join("bindings/c/tests/explain_report.c"),
        Linkage::Shared,
        "explain_report",
    );
    let dir = scratch("explain_report");
    let untimed = |page: &Path| {
        let html = std::fs::read_to_string(page).expect("the report is written");
        filetests::report_page::untimed(&html).expect("the report's data reads")
    };
    for (n, path) in examples().iter().enumerate() {
        let text = std::fs::read_to_string(root().join(path)).unwrap();
        let c = |args: &[&str]| {
            let out = Command::new(&exe).args(args).current_dir(root()).output();
            out.expect("the C program runs")
        };
        let cli = shape_opt(&["--explain", "--allow-unregistered-dialect", path]);
        let from_c = c(&["explain", path, &text]);
        assert!(cli.status.success(), "{path}");
        assert!(
            from_c.status.success(),
            "{path}: {}",
            String::from_utf8_lossy(&from_c.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&from_c.stdout),
            String::from_utf8_lossy(&cli.stdout),
            "{path}"
        );
        let (cli_page, c_page) = (
            dir.join(format!("{n}-cli.html")),
            dir.join(format!("{n}-c.html")),
        );
        let flag = format!("--report={}", cli_page.display());
        let cli = shape_opt(&[
            "--lower-to=std",
            "--allow-unregistered-dialect",
            &flag,
            path,
        ]);
        let c_page_text = c_page.display().to_string();
        let from_c = c(&["report", path, &text, &c_page_text]);
        // Both fail alike (a host declaration that does not match its
        // library), and both write the report all the same.
        assert_eq!(from_c.status.success(), cli.status.success(), "{path}");
        assert!(
            untimed(&cli_page) == untimed(&c_page),
            "{path}: the reports differ"
        );
    }
}
