//! Evaluation with the reference interpreter: `shapeOptEvaluate` and the
//! `ShapeOptOutcome` it gives.

use crate::module::ShapeOptModule;
use crate::session::{self, ShapeOptSession};
use crate::text::{borrow, OwnedText, ShapeOptStringRef};
use engine::diag::{DiagLoc, Diagnostic};
use engine::interp::{Arg, Canonical, Outcome};
use std::ffi::c_int;

/// `ShapeOptOutcome`.
pub struct ShapeOptOutcome {
    /// `ShapeOptOutcomeKind`.
    kind: c_int,
    text: OwnedText,
    message: OwnedText,
    results: Vec<ResultValue>,
}

/// One result: as text, and its extents when it is a shape.
struct ResultValue {
    text: OwnedText,
    shape: Option<Vec<i64>>,
}

impl ShapeOptOutcome {
    fn new(outcome: &Outcome) -> Self {
        let (kind, message, values) = match outcome {
            Outcome::Ok(values) => (0, "", values.as_slice()),
            Outcome::Error(message) => (1, message.as_str(), &[][..]),
            Outcome::Undefined(message) => (2, message.as_str(), &[][..]),
        };
        let results = values
            .iter()
            .map(|value| {
                let canonical = value.canonical();
                let shape = match &canonical {
                    Canonical::Shape(extents) => Some(extents.clone()),
                    _ => None,
                };
                ResultValue {
                    text: OwnedText::new(canonical.to_string()),
                    shape,
                }
            })
            .collect();
        ShapeOptOutcome {
            kind,
            text: OwnedText::new(outcome.to_string()),
            message: OwnedText::new(message),
            results,
        }
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptEvaluate(
    session: *mut ShapeOptSession,
    module: *const ShapeOptModule,
    function: ShapeOptStringRef,
    args: *const ShapeOptStringRef,
    num_args: usize,
) -> *mut ShapeOptOutcome {
    // SAFETY: the caller's contract, for each pointer.
    let module = unsafe { module.as_ref() }
        .ok_or_else(|| Diagnostic::error(DiagLoc::Unknown, "the module is NULL"));
    let function = unsafe { borrow(function, "function name") };
    let values = unsafe { borrow_args(args, num_args) };
    let Some(this) = (unsafe { session::get(session) }) else {
        return std::ptr::null_mut();
    };
    let evaluated = this.call(|s| {
        let trace = s.evaluate(&module?.module, function?, &values?)?;
        Ok(ShapeOptOutcome::new(&trace.outcome))
    });
    evaluated.map_or(std::ptr::null_mut(), |o| Box::into_raw(Box::new(o)))
}

/// The caller's `num_args` arguments at `args`, each read as `shape-run
/// --arg` reads it, or why one cannot be.
///
/// # Safety
/// `args` is NULL or points at `num_args` string refs, each as
/// [`borrow`] requires.
pub unsafe fn borrow_args(
    args: *const ShapeOptStringRef,
    num_args: usize,
) -> Result<Vec<Arg>, Diagnostic> {
    let texts: &[ShapeOptStringRef] = match (args.is_null(), num_args) {
        (_, 0) => &[],
        (true, _) => {
            let message = "the arguments are NULL";
            return Err(Diagnostic::error(DiagLoc::Unknown, message));
        }
        // SAFETY: the caller's contract.
        (false, n) => unsafe { std::slice::from_raw_parts(args, n) },
    };
    texts
        .iter()
        .enumerate()
        .map(|(i, &text)| {
            let what = format!("argument {i}");
            // SAFETY: the caller's contract.
            let text = unsafe { borrow(text, &what) }?;
            text.parse::<Arg>().map_err(|e| {
                Diagnostic::error(DiagLoc::Unknown, format!("invalid {what} '{text}': {e}"))
            })
        })
        .collect()
}

/// The outcome behind `outcome`, if it is not NULL.
///
/// # Safety
/// `outcome` is NULL or a live outcome.
unsafe fn get<'a>(outcome: *const ShapeOptOutcome) -> Option<&'a ShapeOptOutcome> {
    // SAFETY: the caller's contract.
    unsafe { outcome.as_ref() }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeDestroy(outcome: *mut ShapeOptOutcome) {
    if !outcome.is_null() {
        // SAFETY: created by `shapeOptEvaluate` and not yet destroyed.
        drop(unsafe { Box::from_raw(outcome) });
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeGetKind(outcome: *const ShapeOptOutcome) -> c_int {
    unsafe { get(outcome) }.map_or(2, |o| o.kind)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeToString(
    outcome: *const ShapeOptOutcome,
) -> ShapeOptStringRef {
    unsafe { get(outcome) }.map_or_else(crate::text::empty, |o| o.text.lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeGetMessage(
    outcome: *const ShapeOptOutcome,
) -> ShapeOptStringRef {
    unsafe { get(outcome) }.map_or_else(crate::text::empty, |o| o.message.lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeGetNumResults(outcome: *const ShapeOptOutcome) -> usize {
    unsafe { get(outcome) }.map_or(0, |o| o.results.len())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeGetResult(
    outcome: *const ShapeOptOutcome,
    index: usize,
) -> ShapeOptStringRef {
    unsafe { get(outcome) }
        .and_then(|o| o.results.get(index))
        .map_or_else(crate::text::empty, |r| r.text.lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptOutcomeGetResultShape(
    outcome: *const ShapeOptOutcome,
    index: usize,
    extents: *mut *const i64,
) -> i64 {
    let shape = unsafe { get(outcome) }
        .and_then(|o| o.results.get(index))
        .and_then(|r| r.shape.as_deref());
    match shape {
        Some(shape) => {
            if !extents.is_null() {
                // SAFETY: a non-NULL pointer the caller gave for the result.
                unsafe { *extents = shape.as_ptr() };
            }
            i64::try_from(shape.len()).unwrap_or(i64::MAX)
        }
        None => -1,
    }
}
