//! Diagnostics as the C API gives them: `ShapeOptDiagnostic`, with its
//! position resolved against the session's source buffers.

use crate::text::{OwnedText, ShapeOptStringRef};
use engine::diag::{Diagnostic, Severity};
use engine::Session;
use std::ffi::{c_int, c_uint};

/// `ShapeOptDiagnostic`.
#[derive(Debug)]
pub struct ShapeOptDiagnostic {
    severity: Severity,
    file: OwnedText,
    line: u32,
    column: u32,
    message: OwnedText,
    notes: Vec<ShapeOptDiagnostic>,
}

impl ShapeOptDiagnostic {
    /// `diagnostic` with its position (`file`, `line`, `column`) in the
    /// buffers of `session`.
    pub fn new(diagnostic: &Diagnostic, session: &Session) -> Self {
        let (file, line, column) = session.position(diagnostic).unwrap_or_default();
        ShapeOptDiagnostic {
            severity: diagnostic.severity,
            file: OwnedText::new(file),
            line,
            column,
            message: OwnedText::new(diagnostic.message.as_str()),
            notes: diagnostic
                .notes
                .iter()
                .map(|note| ShapeOptDiagnostic::new(note, session))
                .collect(),
        }
    }
}

/// The `ShapeOptSeverity` of a severity.
fn severity_code(severity: Severity) -> c_int {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Note => 2,
        Severity::Remark => 3,
    }
}

/// The diagnostic behind `d`, if it is not NULL.
///
/// # Safety
/// `d` is NULL or a diagnostic this library lent and still holds.
unsafe fn get<'a>(d: *const ShapeOptDiagnostic) -> Option<&'a ShapeOptDiagnostic> {
    // SAFETY: the caller's contract.
    unsafe { d.as_ref() }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetSeverity(d: *const ShapeOptDiagnostic) -> c_int {
    unsafe { get(d) }.map_or(severity_code(Severity::Error), |d| {
        severity_code(d.severity)
    })
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetFile(
    d: *const ShapeOptDiagnostic,
) -> ShapeOptStringRef {
    unsafe { get(d) }.map_or_else(crate::text::empty, |d| d.file.lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetLine(d: *const ShapeOptDiagnostic) -> c_uint {
    unsafe { get(d) }.map_or(0, |d| d.line)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetColumn(d: *const ShapeOptDiagnostic) -> c_uint {
    unsafe { get(d) }.map_or(0, |d| d.column)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetMessage(
    d: *const ShapeOptDiagnostic,
) -> ShapeOptStringRef {
    unsafe { get(d) }.map_or_else(crate::text::empty, |d| d.message.lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetNumNotes(d: *const ShapeOptDiagnostic) -> usize {
    unsafe { get(d) }.map_or(0, |d| d.notes.len())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptDiagnosticGetNote(
    d: *const ShapeOptDiagnostic,
    index: usize,
) -> *const ShapeOptDiagnostic {
    unsafe { get(d) }
        .and_then(|d| d.notes.get(index))
        .map_or(std::ptr::null(), |note| note as *const _)
}
