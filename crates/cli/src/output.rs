//! Where a tool's output goes: stdout, or a file replaced atomically (a
//! special file written in place), and the exit code once it is written.

/// The exit code after writing a tool's output to `target`: success, also
/// when the reader of a pipe went away (`shape-opt ... | head`), quietly as
/// any Unix filter; otherwise failure, the error reported.
pub fn written(tool: &str, target: &str, result: std::io::Result<()>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            crate::stderr_println!("{tool}: could not write '{target}': {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Write `pieces` to `path` (`-`: stdout).
///
/// Regular files (and new ones) are replaced atomically: a new temporary
/// file next to the target (created exclusively, under a random name, so it
/// never follows a link or takes another's file), then a rename; on failure
/// the temporary file is removed and the target is untouched. Anything else
/// (`/dev/null`, a pipe, a terminal) is written in place — renaming over it
/// would replace the device.
pub fn write_output(path: &str, pieces: &[impl AsRef<[u8]>]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    let write_all = |w: &mut dyn Write| -> std::io::Result<()> {
        for p in pieces {
            w.write_all(p.as_ref())?;
        }
        w.flush()
    };
    if path == "-" {
        return write_all(&mut std::io::stdout().lock());
    }
    let regular_or_new = match std::fs::metadata(path) {
        Ok(m) => m.is_file(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(e),
    };
    if !regular_or_new {
        let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
        return write_all(&mut f);
    }
    let target = std::path::Path::new(path);
    let directory = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(target.file_name().unwrap_or_default());
    prefix.push(".");
    let mut temporary = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        // As a file created by `File::create`: the umask decides.
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(directory)?;
    write_all(&mut std::io::BufWriter::new(temporary.as_file_mut()))?;
    temporary.persist(target).map(drop).map_err(|e| e.error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_to_a_special_file_keeps_the_file() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("shape-opt-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("out");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping: mkfifo unavailable");
            return;
        }
        let reader_path = fifo.clone();
        let reader = std::thread::spawn(move || std::fs::read(reader_path).unwrap());
        write_output(fifo.to_str().unwrap(), &["module {\n", "}\n"]).unwrap();
        assert_eq!(reader.join().unwrap(), b"module {\n}\n");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        let regular = dir.join("regular.mlir");
        write_output(regular.to_str().unwrap(), &["x"]).unwrap();
        assert_eq!(std::fs::read(&regular).unwrap(), b"x");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
