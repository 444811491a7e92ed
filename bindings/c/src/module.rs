//! Modules: parse, map ops to shape functions, print, run pipelines and
//! lower, with the host's callbacks.

use crate::guard::guarded;
use crate::session::{self, status, ShapeOptSession};
use crate::text::{borrow, borrow_source, lend, ShapeOptStringRef};
use crate::ShapeOptStatus;
use engine::diag::{DiagLoc, Diagnostic};
use engine::ir::printer::{print_op, PrintOptions};
use engine::ir::{Context, OpId};
use engine::{Module, Stage};
use std::ffi::{c_char, c_int, c_uint, c_void};

/// `ShapeOptModule`.
pub struct ShapeOptModule {
    pub module: Module,
}

/// `ShapeOptIR`: the IR lent to a callback.
pub struct ShapeOptIR {
    ctx: *const Context,
    op: OpId,
}

/// `ShapeOptStringCallback`.
pub type StringCallback = Option<unsafe extern "C" fn(ShapeOptStringRef, *mut c_void)>;
/// `ShapeOptPassCallback`.
pub type PassCallback =
    Option<unsafe extern "C" fn(ShapeOptStringRef, *const ShapeOptIR, *mut c_void)>;
/// `ShapeOptStageCallback` (the stage as its `ShapeOptStage` number).
pub type StageCallback = Option<unsafe extern "C" fn(c_int, *const ShapeOptIR, *mut c_void)>;

/// The host's user data, handed back to its callbacks on the worker
/// thread the work runs on.
#[derive(Clone, Copy)]
struct UserData(*mut c_void);

// SAFETY: the header tells the host that callbacks run on another thread,
// one at a time, during the call that was given them.
unsafe impl Send for UserData {}

impl UserData {
    fn get(self) -> *mut c_void {
        self.0
    }
}

/// Print options from `SHAPE_OPT_PRINT_*` flags.
fn print_options(flags: c_uint) -> PrintOptions {
    PrintOptions {
        generic: flags & 1 != 0,
        debug_info: flags & 2 != 0,
        ..Default::default()
    }
}

/// Give `text` to the host's callback.
///
/// # Safety
/// `callback` may be called with `user`.
pub unsafe fn emit(callback: StringCallback, user: *mut c_void, text: &str) {
    if let Some(callback) = callback {
        // SAFETY: the caller's contract.
        unsafe { callback(lend(text), user) }
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptParse(
    session: *mut ShapeOptSession,
    buffer_name: ShapeOptStringRef,
    text: ShapeOptStringRef,
) -> *mut ShapeOptModule {
    let name = unsafe { borrow(buffer_name, "buffer name") };
    let text = unsafe { borrow_source(text, name.as_deref().unwrap_or("<input>")) };
    let Some(this) = (unsafe { session::get(session) }) else {
        return std::ptr::null_mut();
    };
    let parsed = this.call(|s| Ok(s.parse(name?, text?)?));
    parsed.map_or(std::ptr::null_mut(), |module| {
        Box::into_raw(Box::new(ShapeOptModule { module }))
    })
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModuleDestroy(module: *mut ShapeOptModule) {
    if !module.is_null() {
        // SAFETY: created by `shapeOptParse` and not yet destroyed.
        drop(unsafe { Box::from_raw(module) });
    }
}

/// The module behind `module`, or an error.
///
/// # Safety
/// `module` is NULL or a live module no other thread uses.
pub unsafe fn module_mut<'a>(module: *mut ShapeOptModule) -> Result<&'a mut Module, Diagnostic> {
    // SAFETY: the caller's contract.
    unsafe { module.as_mut() }
        .map(|m| &mut m.module)
        .ok_or_else(|| Diagnostic::error(DiagLoc::Unknown, "the module is NULL"))
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptMapOpToShapeFunction(
    session: *mut ShapeOptSession,
    module: *mut ShapeOptModule,
    op_name: ShapeOptStringRef,
    function: ShapeOptStringRef,
) -> ShapeOptStatus {
    let module = unsafe { module_mut(module) };
    let op_name = unsafe { borrow(op_name, "op name") };
    let function = unsafe { borrow(function, "function name") };
    let Some(this) = (unsafe { session::get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    status(this.call(|s| Ok(s.map_op_to_shape_function(module?, op_name?, function?)?)))
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptModulePrint(
    module: *const ShapeOptModule,
    flags: c_uint,
    callback: StringCallback,
    user_data: *mut c_void,
) {
    // SAFETY: the caller's contract.
    let Some(module) = (unsafe { module.as_ref() }) else {
        return;
    };
    if let Ok(text) = guarded(|| Ok(module.module.print_with(print_options(flags)))) {
        unsafe { emit(callback, user_data, &text) }
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptIRPrint(
    ir: *const ShapeOptIR,
    flags: c_uint,
    callback: StringCallback,
    user_data: *mut c_void,
) {
    // SAFETY: lent to the callback that calls this, during that call.
    let Some(ir) = (unsafe { ir.as_ref() }) else {
        return;
    };
    // SAFETY: the context outlives the callback the IR was lent to.
    let ctx = unsafe { &*ir.ctx };
    if let Ok(text) = guarded(|| Ok(print_op(ctx, ir.op, print_options(flags)))) {
        unsafe { emit(callback, user_data, &text) }
    }
}

/// The host's per-pass callback as a Rust closure.
fn after_pass_hook(
    callback: unsafe extern "C" fn(ShapeOptStringRef, *const ShapeOptIR, *mut c_void),
    user: UserData,
) -> impl FnMut(&str, &Context, OpId) + Send {
    move |pass, ctx, op| {
        let ir = ShapeOptIR { ctx, op };
        // SAFETY: the host's callback, with its user data; `ir` lives
        // through the call.
        unsafe { callback(lend(pass), &ir, user.get()) }
    }
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptRunPipeline(
    session: *mut ShapeOptSession,
    module: *mut ShapeOptModule,
    pipeline: ShapeOptStringRef,
    after_pass: PassCallback,
    user_data: *mut c_void,
) -> ShapeOptStatus {
    let user = UserData(user_data);
    let module = unsafe { module_mut(module) };
    let pipeline = unsafe { borrow(pipeline, "pipeline") };
    let Some(this) = (unsafe { session::get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    status(this.call(|s| {
        let mut hook = after_pass.map(|callback| after_pass_hook(callback, user));
        let after_pass = hook.as_mut().map(|h| h as &mut engine::AfterPassFn);
        Ok(s.run_pipeline(module?, pipeline?, after_pass)?)
    }))
}

/// The stage numbered `code` (`ShapeOptStage`).
pub fn stage_of(code: c_int) -> Result<Stage, Diagnostic> {
    usize::try_from(code)
        .ok()
        .and_then(|i| Stage::ALL.get(i).copied())
        .ok_or_else(|| Diagnostic::error(DiagLoc::Unknown, format!("no stage numbered {code}")))
}

/// The `ShapeOptStage` number of `stage`.
fn stage_code(stage: Stage) -> c_int {
    Stage::ALL.iter().position(|&s| s == stage).unwrap_or(0) as c_int
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptLowerTo(
    session: *mut ShapeOptSession,
    module: *mut ShapeOptModule,
    target: c_int,
    on_stage: StageCallback,
    after_pass: PassCallback,
    user_data: *mut c_void,
) -> ShapeOptStatus {
    let user = UserData(user_data);
    let module = unsafe { module_mut(module) };
    let Some(this) = (unsafe { session::get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    status(this.call(|s| {
        let mut stage_hook = on_stage.map(|callback| {
            move |stage: Stage, ctx: &Context, op: OpId| {
                let ir = ShapeOptIR { ctx, op };
                // SAFETY: the host's callback, with its user data; `ir`
                // lives through the call.
                unsafe { callback(stage_code(stage), &ir, user.get()) }
            }
        });
        let mut pass_hook = after_pass.map(|callback| after_pass_hook(callback, user));
        let on_stage = stage_hook.as_mut().map(|h| h as &mut engine::OnStageFn);
        let after_pass = pass_hook.as_mut().map(|h| h as &mut engine::AfterPassFn);
        Ok(s.lower_to_observed(module?, stage_of(target)?, on_stage, after_pass)?)
    }))
}

#[no_mangle]
pub unsafe extern "C" fn shapeOptStageFromName(name: ShapeOptStringRef, stage: *mut c_int) -> bool {
    // SAFETY: the caller's contract.
    let found = unsafe { borrow(name, "stage") }
        .ok()
        .and_then(Stage::from_name);
    match (found, stage.is_null()) {
        (Some(found), false) => {
            // SAFETY: a non-NULL pointer the caller gave for the result.
            unsafe { *stage = stage_code(found) };
            true
        }
        _ => false,
    }
}

#[no_mangle]
pub extern "C" fn shapeOptStageGetName(stage: c_int) -> *const c_char {
    static NAMES: std::sync::OnceLock<Vec<std::ffi::CString>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Stage::ALL
            .iter()
            .filter_map(|s| std::ffi::CString::new(s.name()).ok())
            .collect()
    });
    let name = usize::try_from(stage).ok().and_then(|i| names.get(i));
    name.map_or(c"".as_ptr(), |name| name.as_ptr())
}
