//! A Python callable that watches a run (`on_stage`, `after_pass`): it
//! gets a name and the IR as text. The run goes on without the GIL and the
//! observer takes it back for each call; the first exception it raises
//! silences it and is raised when the run ends.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use shape_opt::ir::printer::print_op;
use shape_opt::ir::{Context, OpId};

pub struct Observer {
    callback: Py<PyAny>,
    raised: Option<PyErr>,
}

impl Observer {
    /// An observer calling `callback`, which must be callable; none for `None`.
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
        }))
    }

    /// Call back with `name` and `op` printed in custom form, unless an
    /// earlier call raised.
    pub fn observe(&mut self, name: &str, ctx: &Context, op: OpId) {
        if self.raised.is_some() {
            return;
        }
        let ir = print_op(ctx, op, Default::default());
        Python::attach(|py| {
            if let Err(e) = self.callback.call1(py, (name, ir)) {
                self.raised = Some(e);
            }
        });
    }

    /// The exception the callback raised, if it did.
    pub fn finish(observer: Option<Observer>) -> PyResult<()> {
        match observer.and_then(|o| o.raised) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
