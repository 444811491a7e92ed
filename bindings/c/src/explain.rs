//! What `shape-opt --explain` and `--report` give, for a module of the
//! host's: `shapeOptExplain` (the explanation's text, to a callback) and
//! `shapeOptReport` (the HTML report, written to a path).

use crate::evaluate::borrow_args;
use crate::module::{emit, module_mut, stage_of, StringCallback};
use crate::session::{self, status};
use crate::text::{borrow, ShapeOptStringRef};
use crate::{ShapeOptModule, ShapeOptSession, ShapeOptStatus};
use engine::Plan;
use std::ffi::{c_int, c_void};
use std::path::Path;

#[no_mangle]
pub unsafe extern "C" fn shapeOptExplain(
    session: *mut ShapeOptSession,
    module: *mut ShapeOptModule,
    callback: StringCallback,
    user_data: *mut c_void,
) -> ShapeOptStatus {
    let module = unsafe { module_mut(module) };
    let Some(this) = (unsafe { session::get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    let explained = this.call(|s| Ok(s.explain(module?)?));
    let text = explained.map(|e| engine::explain::render_module(&e));
    if let Some(text) = &text {
        unsafe { emit(callback, user_data, text) }
    }
    status(text)
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn shapeOptReport(
    session: *mut ShapeOptSession,
    module: *mut ShapeOptModule,
    buffer_name: ShapeOptStringRef,
    pipeline: ShapeOptStringRef,
    target: c_int,
    args: *const ShapeOptStringRef,
    num_args: usize,
    path: ShapeOptStringRef,
) -> ShapeOptStatus {
    let module = unsafe { module_mut(module) };
    let name = unsafe { borrow(buffer_name, "buffer name") };
    let pipeline = unsafe { borrow(pipeline, "pipeline") };
    let args = unsafe { borrow_args(args, num_args) };
    let path = unsafe { borrow(path, "report path") };
    let Some(this) = (unsafe { session::get(session) }) else {
        return ShapeOptStatus::Failure;
    };
    status(this.call(|s| {
        let plan = match pipeline? {
            "" => Plan::LowerTo {
                from: None,
                to: stage_of(target)?,
            },
            text => Plan::Pipeline(text),
        };
        Ok(s.report(module?, name?, plan, Path::new(path?), &args?)?)
    }))
}
