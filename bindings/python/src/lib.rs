//! `shape_opt._native`, the extension module behind the `shape_opt` Python
//! package: the embedding API of crate `shape-opt` for Python.
//!
//! - [`functions`]: `lower`, `run_pipeline`, `evaluate` on text;
//! - [`explain`]: `explain` and `report`, on text or a parsed module;
//! - [`session`]: `Session` and `Module` for parsing once and working on
//!   the module;
//! - [`errors`]: the exceptions and `Diagnostic`, and [`errors::shielded`],
//!   through which all Rust work runs (without the GIL, a panic an
//!   exception);
//! - [`sharing`]: how sessions and modules are shared between threads and
//!   with their callbacks (locks, and `ReentrancyError`);
//! - [`input`], [`values`], [`observer`]: what crosses between Python and
//!   Rust (text, stage names, arguments and results, callbacks).
//!
//! The Python side (`python/shape_opt`) re-exports this module and holds
//! the type stubs.

mod errors;
mod explain;
mod functions;
mod input;
mod observer;
mod session;
mod sharing;
mod values;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", shape_opt::VERSION)?;
    m.add("MLIR_VERSION", shape_opt::MLIR_VERSION)?;
    m.add_function(wrap_pyfunction!(functions::lower, m)?)?;
    m.add_function(wrap_pyfunction!(functions::run_pipeline, m)?)?;
    m.add_function(wrap_pyfunction!(functions::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(explain::explain, m)?)?;
    m.add_function(wrap_pyfunction!(explain::report, m)?)?;
    m.add_class::<explain::Explanation>()?;
    m.add_class::<explain::FunctionExplanation>()?;
    m.add_class::<explain::Requirement>()?;
    m.add_class::<session::Session>()?;
    m.add_class::<session::Module>()?;
    m.add_class::<errors::Diagnostic>()?;
    m.add_class::<values::Tensor>()?;
    m.add("DiagnosticError", py.get_type::<errors::DiagnosticError>())?;
    m.add("ShapeError", py.get_type::<errors::ShapeError>())?;
    m.add(
        "UndefinedBehaviorError",
        py.get_type::<errors::UndefinedBehaviorError>(),
    )?;
    m.add("ReentrancyError", py.get_type::<errors::ReentrancyError>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add_function(wrap_pyfunction!(errors::_panic_for_testing, m)?)?;
    Ok(())
}
