//! Running the built binaries in the CLI's integration tests.

use std::process::{Command, Output, Stdio};

/// The repository's root (where `examples/` and `tests/` are).
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Run the binary `exe` with `args` from the repository's root, `stdin`
/// written to it (a run that stops before reading, on a usage error or
/// `--help`, closes the pipe: that is not an error).
pub fn run(exe: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(exe)
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{exe} runs: {e}"));
    if let Some(mut s) = child.stdin.take() {
        use std::io::Write;
        let _ = s.write_all(stdin.as_bytes());
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("{exe} exits: {e}"))
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
