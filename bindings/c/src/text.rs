//! Strings across the boundary: borrowed in as `ShapeOptStringRef`,
//! owned out as [`OwnedText`] (NUL-terminated, lent as a string ref).

use engine::diag::{DiagLoc, Diagnostic};
use std::ffi::c_char;

/// `ShapeOptStringRef`: `length` bytes at `data`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ShapeOptStringRef {
    pub data: *const c_char,
    pub length: usize,
}

/// The caller's string as UTF-8, or a diagnostic naming `what` it is.
///
/// # Safety
/// `text.data` points at `text.length` readable bytes that outlive `'a`
/// (or `text.length` is 0).
pub unsafe fn borrow<'a>(text: ShapeOptStringRef, what: &str) -> Result<&'a str, Diagnostic> {
    let bytes: &[u8] = match (text.data.is_null(), text.length) {
        (_, 0) => &[],
        (true, _) => {
            let message = format!("{what}: a NULL string of length {}", text.length);
            return Err(Diagnostic::error(DiagLoc::Unknown, message));
        }
        // SAFETY: the caller's contract.
        (false, n) => unsafe { std::slice::from_raw_parts(text.data.cast::<u8>(), n) },
    };
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        Diagnostic::error(
            DiagLoc::Unknown,
            format!("{what}: invalid UTF-8 at byte {at}"),
        )
    })
}

/// The caller's MLIR source `text` named `name`, as UTF-8; invalid
/// UTF-8 is an error at the line and column of its first bad byte.
///
/// # Safety
/// As [`borrow`].
pub unsafe fn borrow_source<'a>(
    text: ShapeOptStringRef,
    name: &str,
) -> Result<&'a str, Diagnostic> {
    // SAFETY: the caller's contract.
    let bytes: &[u8] = match unsafe { borrow(text, name) } {
        Ok(text) => return Ok(text),
        // SAFETY: as above; `borrow` failed on the contents, so they are readable.
        Err(_) if !text.data.is_null() => unsafe {
            std::slice::from_raw_parts(text.data.cast::<u8>(), text.length)
        },
        Err(e) => return Err(e),
    };
    let valid = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |s| s.len());
    let before = &bytes[..valid];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = before.len()
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
        + 1;
    let loc = DiagLoc::FileLineCol {
        file: name.to_string(),
        line: u32::try_from(line).unwrap_or(u32::MAX),
        col: u32::try_from(column).unwrap_or(u32::MAX),
    };
    Err(Diagnostic::error(loc, "input is not valid UTF-8"))
}

/// Text this library owns and lends: kept with a NUL after it, so that
/// its string ref is also a C string.
#[derive(Debug, Default)]
pub struct OwnedText(String);

impl OwnedText {
    pub fn new(text: impl Into<String>) -> Self {
        let mut text = text.into();
        text.push('\0');
        OwnedText(text)
    }

    /// The text without its NUL.
    pub fn as_str(&self) -> &str {
        self.0.strip_suffix('\0').unwrap_or(&self.0)
    }

    pub fn lend(&self) -> ShapeOptStringRef {
        lend(self.as_str())
    }
}

/// A string ref to `text`, valid while `text` is.
pub fn lend(text: &str) -> ShapeOptStringRef {
    ShapeOptStringRef {
        data: text.as_ptr().cast(),
        length: text.len(),
    }
}

/// The empty string ref.
pub fn empty() -> ShapeOptStringRef {
    lend("")
}
