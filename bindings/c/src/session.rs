//! Sessions: creation, options, and the diagnostics of the last call.

use crate::diagnostics::ShapeOptDiagnostic;
use crate::guard::{guarded, Failure};
use crate::text::{borrow, OwnedText, ShapeOptStringRef};
use crate::ShapeOptStatus;
use engine::Session;
use std::ffi::c_uint;

/// `ShapeOptSession`: the Rust session and what the last call reported.
pub struct ShapeOptSession {
    pub session: Session,
    diagnostics: Vec<ShapeOptDiagnostic>,
    rendered: OwnedText,
    /// The registered passes, as the header lends them.
    passes: Vec<PassText>,
}

/// A pass's name, summary and anchor.
struct PassText {
    name: OwnedText,
    summary: OwnedText,
    anchor: OwnedText,
}

impl ShapeOptSession {
    /// Keep `result`'s diagnostics (none on success) for the caller.
    fn record<R>(&mut self, result: Result<R, Failure>) -> Option<R> {
        self.diagnostics.clear();
        self.rendered = OwnedText::default();
        match result {
            Ok(value) => Some(value),
            Err(failure) => {
                let session = &self.session;
                self.diagnostics = failure
                    .diagnostics
                    .iter()
                    .map(|d| ShapeOptDiagnostic::new(d, session))
                    .collect();
                let rendered = failure.rendered.unwrap_or_else(|| {
                    failure
                        .diagnostics
                        .iter()
                        .map(|d| session.render(d))
                        .collect()
                });
                self.rendered = OwnedText::new(rendered);
                None
            }
        }
    }
}

impl ShapeOptSession {
    /// Run `work` on the session with panics caught, and record its
    /// diagnostics here.
    pub fn call<R>(&mut self, work: impl FnOnce(&mut Session) -> Result<R, Failure>) -> Option<R> {
        let result = guarded(|| work(&mut self.session));
        self.record(result)
    }
}

/// The session behind `session`, if it is not NULL.
///
/// # Safety
/// `session` is NULL or a live session no other thread uses.
pub unsafe fn get<'a>(session: *mut ShapeOptSession) -> Option<&'a mut ShapeOptSession> {
    // SAFETY: the caller's contract.
    unsafe { session.as_mut() }
}

/// The status of a call that gave `result`.
pub fn status<R>(result: Option<R>) -> ShapeOptStatus {
    match result {
        Some(_) => ShapeOptStatus::Success,
        None => ShapeOptStatus::Failure,
    }
}

#[no_mangle]
pub extern "C" fn shapeOptSessionCreate() -> *mut ShapeOptSession {
    let created = guarded(|| {
        let session = Session::new();
        let passes = session
            .registry()
            .passes()
            .iter()
            .map(|p| PassText {
                name: OwnedText::new(p.name),
                summary: OwnedText::new(p.summary),
                anchor: OwnedText::new(p.anchor.unwrap_or("")),
            })
            .collect();
        Ok(ShapeOptSession {
            session,
            diagnostics: Vec::new(),
            rendered: OwnedText::default(),
            passes,
        })
    });
    created.map_or(std::ptr::null_mut(), |s| Box::into_raw(Box::new(s)))
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionDestroy(session: *mut ShapeOptSession) {
    if !session.is_null() {
        // SAFETY: created by `shapeOptSessionCreate` and not yet destroyed.
        drop(unsafe { Box::from_raw(session) });
    }
}

/// Change an option of the session behind `session`.
///
/// # Safety
/// As [`get`].
unsafe fn set_option(session: *mut ShapeOptSession, set: impl FnOnce(&mut Session)) {
    // SAFETY: the caller's contract.
    if let Some(this) = unsafe { get(session) } {
        this.call(|s| {
            set(s);
            Ok(())
        });
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionSetAllowUnregisteredDialects(
    session: *mut ShapeOptSession,
    allow: bool,
) {
    unsafe { set_option(session, |s| s.policy_mut().run.allow_unregistered = allow) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionSetVerifyEach(session: *mut ShapeOptSession, verify: bool) {
    unsafe { set_option(session, |s| s.policy_mut().run.verify_each = verify) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionSetThreads(session: *mut ShapeOptSession, threads: c_uint) {
    unsafe { set_option(session, |s| s.policy_mut().run.threads = threads as usize) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionSetVerifySemantics(
    session: *mut ShapeOptSession,
    samples: c_uint,
) {
    let samples = (samples > 0).then_some(samples as usize);
    unsafe { set_option(session, |s| s.policy_mut().verify_semantics = samples) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionSetStatusOnFailure(
    session: *mut ShapeOptSession,
    status: bool,
) {
    let failure = match status {
        true => engine::FailureMode::Status,
        false => engine::FailureMode::Abort,
    };
    unsafe { set_option(session, |s| s.policy_mut().failure = failure) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionDeclarePure(
    session: *mut ShapeOptSession,
    entry: ShapeOptStringRef,
) -> ShapeOptStatus {
    let entry = unsafe { borrow(entry, "pure op entry") };
    let Some(this) = (unsafe { get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    status(this.call(|s| Ok(s.declare_pure_ops(&[entry?])?)))
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionNumDiagnostics(session: *const ShapeOptSession) -> usize {
    // SAFETY: the caller's contract.
    unsafe { session.as_ref() }.map_or(0, |s| s.diagnostics.len())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionGetDiagnostic(
    session: *const ShapeOptSession,
    index: usize,
) -> *const ShapeOptDiagnostic {
    // SAFETY: the caller's contract.
    unsafe { session.as_ref() }
        .and_then(|s| s.diagnostics.get(index))
        .map_or(std::ptr::null(), |d| d as *const _)
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionRenderedDiagnostics(
    session: *const ShapeOptSession,
) -> ShapeOptStringRef {
    // SAFETY: the caller's contract.
    unsafe { session.as_ref() }.map_or_else(crate::text::empty, |s| s.rendered.lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionGetNumPasses(session: *const ShapeOptSession) -> usize {
    // SAFETY: the caller's contract.
    unsafe { session.as_ref() }.map_or(0, |s| s.passes.len())
}

/// A text of the `index`th pass of the session behind `session`.
///
/// # Safety
/// `session` is NULL or a live session.
unsafe fn pass_text(
    session: *const ShapeOptSession,
    index: usize,
    text: fn(&PassText) -> &OwnedText,
) -> ShapeOptStringRef {
    // SAFETY: the caller's contract.
    unsafe { session.as_ref() }
        .and_then(|s| s.passes.get(index))
        .map_or_else(crate::text::empty, |p| text(p).lend())
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionGetPassName(
    session: *const ShapeOptSession,
    index: usize,
) -> ShapeOptStringRef {
    unsafe { pass_text(session, index, |p| &p.name) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionGetPassSummary(
    session: *const ShapeOptSession,
    index: usize,
) -> ShapeOptStringRef {
    unsafe { pass_text(session, index, |p| &p.summary) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionGetPassAnchor(
    session: *const ShapeOptSession,
    index: usize,
) -> ShapeOptStringRef {
    unsafe { pass_text(session, index, |p| &p.anchor) }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptSessionAddSource(
    session: *mut ShapeOptSession,
    buffer_name: ShapeOptStringRef,
    text: ShapeOptStringRef,
) -> ShapeOptStatus {
    let name = unsafe { borrow(buffer_name, "buffer name") };
    let text = unsafe { borrow(text, "source text") };
    let Some(this) = (unsafe { get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    status(this.call(|s| {
        s.add_source(name?, text?);
        Ok(())
    }))
}
