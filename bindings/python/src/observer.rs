//! A Python callable that watches a run (`on_stage`, `after_pass`): it
//! gets a name and the IR as text. The run goes on without the GIL and the
//! observer takes it back for each call, printing the IR before; the first
//! exception it raises silences it and is raised when the run ends. While
//! it runs, its thread is marked as calling back from the run's session,
//! and from those of the callbacks the run was started in ([`CallingBack`]),
//! so that using them raises `ReentrancyError` instead of waiting for the
//! locks their runs hold.

use crate::sharing::{CallingBack, SessionId};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use shape_opt::ir::printer::print_op;
use shape_opt::ir::{Context, OpId};

pub struct Observer {
    callback: Py<PyAny>,
    raised: Option<PyErr>,
    /// The sessions the thread that made the observer was calling back
    /// from: a callback nested in theirs must not use them either.
    nested_in: Vec<SessionId>,
}

impl Observer {
    /// An observer calling `callback`, which must be callable; none for
    /// `None`. Made on the thread that starts the run.
    pub fn new(callback: Option<&Bound<'_, PyAny>>, role: &str) -> PyResult<Option<Observer>> {
        let Some(callback) = callback.filter(|c| !c.is_none()) else {
            return Ok(None);
        };
        if !callback.is_callable() {
            let kind = callback.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "{role} must be callable, not {kind}"
            )));
        }
        Ok(Some(Observer {
            callback: callback.clone().unbind(),
            raised: None,
            nested_in: CallingBack::current(),
        }))
    }

    /// Call back with `name` and `op` printed in custom form, unless an
    /// earlier call raised; `session` is running the pass or stage.
    pub fn observe(&mut self, session: SessionId, name: &str, ctx: &Context, op: OpId) {
        if self.raised.is_some() {
            return;
        }
        let ir = print_op(ctx, op, Default::default());
        let marks = self.nested_in.iter().copied().chain([session]).collect();
        let _marked = CallingBack::enter(marks);
        Python::attach(|py| {
            if let Err(e) = self.callback.call1(py, (name, ir)) {
                self.raised = Some(e);
            }
        });
    }

    /// The callback after every pass that `observer` (if any) makes for a
    /// run of `session`: the pass's name and the op it ran on.
    pub fn after_pass(
        observer: &mut Option<Observer>,
        session: SessionId,
    ) -> Option<impl FnMut(&str, &Context, OpId) + Send + '_> {
        let observer = observer.as_mut()?;
        Some(move |pass: &str, ctx: &Context, op| observer.observe(session, pass, ctx, op))
    }

    /// The exception the callback raised, if it did.
    pub fn finish(observer: Option<Observer>) -> PyResult<()> {
        match observer.and_then(|o| o.raised) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
