//! Finding the MLIR tools, and running a tool on an input.
//!
//! Tests that need `mlir-opt` (or `mlir-runner`) call [`mlir_tool`]: it
//! returns the tool's path, or `None` after printing why the test is
//! skipped. With `SHAPE_OPT_REQUIRE_MLIR=1` (as CI sets it) a missing tool
//! fails the test instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Directories searched for the MLIR tools, in order.
fn candidate_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Ok(d) = std::env::var("SHAPE_OPT_MLIR_BIN") {
        dirs.push(PathBuf::from(d));
    }
    dirs.push(PathBuf::from("/usr/lib/llvm-22/bin"));
    if let Ok(path) = std::env::var("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    dirs
}

/// Path of an LLVM tool in the candidate directories.
pub fn find_tool(name: &str) -> Option<PathBuf> {
    candidate_dirs()
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Whether CI asked for the MLIR tools (`SHAPE_OPT_REQUIRE_MLIR=1`).
pub fn tools_required() -> bool {
    std::env::var("SHAPE_OPT_REQUIRE_MLIR").is_ok_and(|v| v == "1")
}

/// Path of an MLIR tool, or `None` (skip) when it is absent and not required.
pub fn mlir_tool(name: &str) -> Option<PathBuf> {
    find_tool(name).or_else(|| {
        missing(
            &format!("{name} not found"),
            "install mlir-22-tools / llvm-22-tools, or set SHAPE_OPT_MLIR_BIN",
        )
    })
}

/// `None` after printing why the test is skipped, or a panic when
/// `SHAPE_OPT_REQUIRE_MLIR=1` requires what is missing.
pub fn missing<T>(what: &str, hint: &str) -> Option<T> {
    assert!(
        !tools_required(),
        "{what} and SHAPE_OPT_REQUIRE_MLIR=1: {hint}"
    );
    eprintln!("skipping: {what} ({hint})");
    None
}

/// The real `FileCheck`, for differential checks of `checklines`; `None`
/// (said once) when absent and not required.
pub fn reference_filecheck() -> Option<&'static PathBuf> {
    static TOOL: OnceLock<Option<PathBuf>> = OnceLock::new();
    TOOL.get_or_init(|| {
        let tool = find_tool("FileCheck");
        if tool.is_none() {
            assert!(
                !tools_required(),
                "FileCheck not found and SHAPE_OPT_REQUIRE_MLIR=1: install llvm-22-tools"
            );
            eprintln!("FileCheck not found: check lines are matched by checklines alone");
        }
        tool
    })
    .as_ref()
}

/// Run `tool args` on `input`; Ok(stdout) on success, Err(stderr) on failure.
pub fn run(tool: &PathBuf, args: &[&str], input: &[u8]) -> Result<String, String> {
    use std::io::Write;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input);
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Every `.mlir` file under `dir`, sorted.
pub fn mlir_files(dir: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every `.mlir` file under `root`/examples, as a path relative to `root`
/// (`examples/matmul.mlir`, as front ends name it in locations), sorted.
pub fn example_files(root: &Path) -> Vec<String> {
    let mut files: Vec<String> = mlir_files(&root.join("examples").to_string_lossy())
        .into_iter()
        .filter_map(|p| {
            p.strip_prefix(root)
                .ok()
                .map(|rel| rel.display().to_string())
        })
        .collect();
    files.sort();
    files
}
