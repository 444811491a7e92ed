//! Dump directories (`--mlir-print-ir-tree-dir`, `--dump-constraint-graph`):
//! files written below a directory the user names, and never outside it.
//!
//! The directory itself is created with its parents (it is the user's
//! path, symbolic links and all) and opened once; everything below it is
//! reached from that handle one name at a time (`mkdirat`, `openat`,
//! `renameat`), never by resolving a path, so:
//! - a name below the directory must be a plain name — not empty, `.` or
//!   `..`, and without `/` or NUL —, else the write is an error;
//! - a subdirectory that turns out to be a symbolic link is an error: it is
//!   not followed (`O_NOFOLLOW`), whatever it points to;
//! - a file is written to a new temporary file in its directory (created
//!   exclusively, `O_EXCL`, under a name no other writer uses) and renamed
//!   over its name: a symbolic or hard link planted at that name is
//!   replaced, never written through, and no reader sees a partial file.

use rustix::fs::{AtFlags, Mode, OFlags};
use std::io::Write;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// An open dump directory.
pub struct DumpDir {
    path: PathBuf,
    handle: OwnedFd,
}

/// Distinguishes the temporary files of one process.
static TEMPORARY_FILES: AtomicU64 = AtomicU64::new(0);

/// Flags of every directory opened below the root: no symbolic links.
fn directory_flags() -> OFlags {
    OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC
}

/// `name` if it names an entry of a directory (and nothing further away).
fn plain_name(name: &str) -> Result<&str, String> {
    let plain = !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains('/')
        && !name.contains('\0');
    match plain {
        true => Ok(name),
        false => Err(format!("'{name}' is not a plain file name")),
    }
}

impl DumpDir {
    /// Create `path` (with its parents) if missing and open it.
    pub fn create(path: &Path) -> Result<Self, String> {
        let could_not = |e: std::io::Error| format!("could not create '{}': {e}", path.display());
        std::fs::create_dir_all(path).map_err(could_not)?;
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let handle =
            rustix::fs::open(path, flags, Mode::empty()).map_err(|e| could_not(e.into()))?;
        Ok(DumpDir {
            path: path.to_path_buf(),
            handle,
        })
    }

    /// Write `contents` to `dirs/.../file` below this directory, making the
    /// subdirectories that are missing. Errors name the file.
    pub fn write(&self, dirs: &[&str], file: &str, contents: &[u8]) -> Result<(), String> {
        let mut shown = self.path.clone();
        shown.extend(dirs);
        shown.push(file);
        self.write_below(dirs, file, contents)
            .map_err(|e| format!("could not write '{}': {e}", shown.display()))
    }

    fn write_below(&self, dirs: &[&str], file: &str, contents: &[u8]) -> Result<(), String> {
        let mut parent: Option<OwnedFd> = None;
        for &name in dirs {
            let name = plain_name(name)?;
            let at = parent.as_ref().map_or(self.handle.as_fd(), AsFd::as_fd);
            match rustix::fs::mkdirat(at, name, Mode::from_raw_mode(0o777)) {
                Ok(()) | Err(rustix::io::Errno::EXIST) => {}
                Err(e) => return Err(std::io::Error::from(e).to_string()),
            }
            let opened = rustix::fs::openat(at, name, directory_flags(), Mode::empty());
            parent = Some(opened.map_err(|e| match e {
                rustix::io::Errno::LOOP | rustix::io::Errno::NOTDIR => {
                    format!("'{name}' is a symbolic link or not a directory; not following it")
                }
                e => std::io::Error::from(e).to_string(),
            })?);
        }
        let at = parent.as_ref().map_or(self.handle.as_fd(), AsFd::as_fd);
        replace_file(at, plain_name(file)?, contents).map_err(|e| e.to_string())
    }
}

/// Write `contents` to a new temporary file in `dir` and rename it to `name`.
fn replace_file(dir: impl AsFd, name: &str, contents: &[u8]) -> std::io::Result<()> {
    let dir = dir.as_fd();
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let (temporary, handle) = loop {
        let number = TEMPORARY_FILES.fetch_add(1, Ordering::Relaxed);
        let temporary = format!(".{name}.{}-{number}.tmp", std::process::id());
        match rustix::fs::openat(dir, &temporary, flags, Mode::from_raw_mode(0o666)) {
            Ok(handle) => break (temporary, handle),
            Err(rustix::io::Errno::EXIST) => continue,
            Err(e) => return Err(e.into()),
        }
    };
    let written = std::fs::File::from(handle)
        .write_all(contents)
        .and_then(|()| rustix::fs::renameat(dir, &temporary, dir, name).map_err(Into::into));
    if written.is_err() {
        let _ = rustix::fs::unlinkat(dir, &temporary, AtFlags::empty());
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("shape-opt-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn writes_files_in_new_subdirectories_and_replaces_them() {
        let root = scratch("dump-plain");
        let dump = DumpDir::create(&root.join("a/b")).unwrap();
        dump.write(&["x", "y"], "1.mlir", b"one").unwrap();
        dump.write(&["x", "y"], "1.mlir", b"two").unwrap();
        let file = root.join("a/b/x/y/1.mlir");
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["1.mlir"], "no temporary file is left");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn never_writes_through_links_or_dot_dot() {
        let root = scratch("dump-links");
        let outside = root.join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        let secret = outside.join("secret");
        std::fs::write(&secret, "keep").unwrap();
        let dir = root.join("dump");
        let dump = DumpDir::create(&dir).unwrap();

        // A symbolic link at a file's name is replaced by the file.
        symlink(&secret, dir.join("f.dot")).unwrap();
        dump.write(&[], "f.dot", b"picture").unwrap();
        assert!(!dir.join("f.dot").is_symlink());
        assert_eq!(std::fs::read(dir.join("f.dot")).unwrap(), b"picture");

        // So is a hard link.
        std::fs::hard_link(&secret, dir.join("g.dot")).unwrap();
        dump.write(&[], "g.dot", b"picture").unwrap();

        // A symbolic link standing for a subdirectory is not followed.
        symlink(&outside, dir.join("sub")).unwrap();
        let error = dump.write(&["sub"], "h.dot", b"picture").unwrap_err();
        assert!(error.contains("'sub' is a symbolic link"), "{error}");

        for bad in ["..", ".", "", "a/b"] {
            let error = dump.write(&[bad], "h.dot", b"x").unwrap_err();
            assert!(error.contains("is not a plain file name"), "{error}");
            let error = dump.write(&[], bad, b"x").unwrap_err();
            assert!(error.contains("is not a plain file name"), "{error}");
        }
        assert_eq!(std::fs::read(&secret).unwrap(), b"keep");
        let outside_names: Vec<_> = std::fs::read_dir(&outside)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(outside_names, ["secret"]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
