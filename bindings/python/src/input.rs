//! What Python hands over: the IR (text as `str` or `bytes`, read as the
//! command line reads a file, or a module or operation of MLIR's Python
//! bindings), the `Context` of those bindings that IR goes back to, the
//! names of stages and failure modes, and the sample count of
//! `verify_semantics`, each checked as it crosses (a malformed one is a
//! `ValueError` saying why, the wrong type a `TypeError`).

use crate::errors::Diagnosed;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PySlice, PyString, PyType};
use shape_opt::pass::OptionValue;
use shape_opt::{FailureMode, Stage};

/// Sampled inputs per function for `verify_semantics=True`, as
/// `--verify-semantics` without a count.
const DEFAULT_SEMANTICS_SAMPLES: usize = 32;

/// The most sampled inputs per function `verify_semantics` takes. It
/// mirrors the command line's limit (`--verify-semantics=N` refuses an N
/// above it: "at most 100000 samples per function"), which neither
/// `shape-opt` nor `validate` exports yet.
const MAX_SEMANTICS_SAMPLES: usize = 100_000;

/// The IR of `source` as text: a module or operation of MLIR's Python
/// bindings as its own printer gives it ([`mlir_operation`],
/// [`mlir_text`]), else `str` or `bytes` ([`text`]). `name` names the text
/// in diagnostics.
pub fn source_text(name: &str, source: &Bound<'_, PyAny>) -> PyResult<String> {
    match mlir_operation(source)? {
        Some(operation) => mlir_text(&operation),
        None => text(name, source),
    }
}

/// The operation of an object of MLIR's Python bindings (upstream
/// `mlir.ir`, `torch_mlir.ir`, `iree.compiler.ir`): its `operation`
/// attribute, which a `Module`, an `Operation` and an op view
/// (`func.FuncOp`) all have, when that prints itself (`get_asm`). `None`
/// for any other object.
fn mlir_operation<'py>(source: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = source.py();
    if !source.hasattr(intern!(py, "operation"))? {
        return Ok(None);
    }
    let operation = source.getattr(intern!(py, "operation"))?;
    Ok(operation
        .hasattr(intern!(py, "get_asm"))?
        .then_some(operation))
}

/// `operation` printed by its bindings: the custom form (MLIR falls back
/// to the generic form for an op that does not verify), with the
/// locations the caller's module holds (`enable_debug_info`). Every op so
/// keeps its location, and diagnostics point where MLIR's own would: into
/// the file the module was parsed from, at the Python line that built the
/// op, or nowhere for `Location.unknown()`, rather than into a printout
/// the caller never saw. (Once the core reads MLIR bytecode,
/// `operation.write_bytecode` is the other way across, and it is taken
/// here.)
fn mlir_text(operation: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = operation.py();
    let options = PyDict::new(py);
    options.set_item(intern!(py, "enable_debug_info"), true)?;
    options.set_item(intern!(py, "print_generic_op_form"), false)?;
    operation
        .call_method(intern!(py, "get_asm"), (), Some(&options))?
        .extract()
}

/// The text of `source`: a `str` must be Unicode (a lone surrogate is a
/// `DiagnosticError` at its position); `bytes` are UTF-8, and what is not
/// becomes U+FFFD, which the parser reports where it stands, as
/// `shape-opt` does with a file.
fn text(name: &str, source: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        let bytes = bytes.as_bytes().to_vec();
        return Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()));
    }
    let Ok(text) = source.cast::<PyString>() else {
        let kind = source.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "the IR must be str, bytes or a module or operation of MLIR's Python \
             bindings (whose `operation` has `get_asm`), not {kind}"
        )));
    };
    match text.to_cow() {
        Ok(text) => Ok(text.into_owned()),
        Err(not_unicode) => {
            let py = source.py();
            let start: usize = not_unicode.value(py).getattr("start")?.extract()?;
            let prefix = text.get_item(PySlice::new(py, 0, start as isize, 1))?;
            let line: u32 = prefix.call_method1("count", ("\n",))?.extract()?;
            let line_start: isize = prefix.call_method1("rfind", ("\n",))?.extract()?;
            let column = start as isize - line_start;
            let code: u32 = py
                .import("builtins")?
                .getattr("ord")?
                .call1((text.get_item(start)?,))?
                .extract()?;
            let at = (line + 1, u32::try_from(column).unwrap_or(u32::MAX));
            let message =
                format!("the text holds a lone surrogate U+{code:04X}, which is not Unicode");
            Err(Diagnosed::in_input(name, at, message).into_err(py))
        }
    }
}

/// A `Context` of MLIR's Python bindings (`context=`): the IR a function
/// returns goes back as a `Module` of the same bindings, in that context.
pub struct MlirContext<'py> {
    context: Bound<'py, PyAny>,
    /// The `Module` class of the bindings `context` belongs to.
    module: Bound<'py, PyAny>,
}

impl<'py> MlirContext<'py> {
    /// `context=`: `None`, or a `Context` of MLIR's Python bindings
    /// (upstream `mlir.ir`, `torch_mlir.ir`, `iree.compiler.ir`), whose
    /// `Module` is the one of the (loaded) Python module that defines the
    /// class `Context`. A package's `ir.Context` may subclass the
    /// bindings' own in another module (IREE's and upstream's do, to load
    /// their dialects), so the class's ancestors are searched too. A
    /// `TypeError` for any other object.
    pub fn new(context: Option<&Bound<'py, PyAny>>) -> PyResult<Option<MlirContext<'py>>> {
        let Some(context) = context else {
            return Ok(None);
        };
        let py = context.py();
        let loaded = py.import("sys")?.getattr("modules")?;
        for class in context.get_type().mro().iter() {
            let class = class.cast_into::<PyType>()?;
            if class.name()? != "Context" {
                continue;
            }
            let Ok(bindings) = loaded.get_item(class.module()?) else {
                continue;
            };
            if let Ok(module) = bindings.getattr(intern!(py, "Module")) {
                if module.hasattr(intern!(py, "parse"))? {
                    let context = context.clone();
                    return Ok(Some(MlirContext { context, module }));
                }
            }
        }
        let kind = context.get_type().name()?;
        Err(PyTypeError::new_err(format!(
            "context must be a Context of MLIR's Python bindings (mlir.ir.Context), not {kind}"
        )))
    }

    /// `text` parsed and verified by the bindings' `Module.parse` in this
    /// context; what that raises (`MLIRError`) is raised.
    pub fn module(&self, text: &str) -> PyResult<Py<PyAny>> {
        let py = self.context.py();
        let options = PyDict::new(py);
        options.set_item(intern!(py, "context"), &self.context)?;
        Ok(self
            .module
            .call_method(intern!(py, "parse"), (text,), Some(&options))?
            .unbind())
    }
}

/// The stage named `name` (`error-monadic`, `constrained`, `asserting`,
/// `std`).
pub fn stage(name: &str) -> PyResult<Stage> {
    Stage::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
        PyValueError::new_err(format!(
            "unknown stage '{name}': one of {}",
            names.join(", ")
        ))
    })
}

/// `verify_semantics` as a sample count: `False`, `None` or 0 is off,
/// `True` the command line's default, an int (or what `operator.index`
/// takes) that many inputs, up to [`MAX_SEMANTICS_SAMPLES`].
pub fn semantics_samples(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(value) = value else {
        return Ok(None);
    };
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(flag.is_true().then_some(DEFAULT_SEMANTICS_SAMPLES));
    }
    let py = value.py();
    let samples = py
        .import("operator")?
        .getattr("index")?
        .call1((value,))
        .map_err(|_| {
            PyTypeError::new_err("verify_semantics must be a bool or a number of sampled inputs")
        })?;
    if samples.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "verify_semantics must not be negative, not {samples}"
        )));
    }
    if samples.gt(MAX_SEMANTICS_SAMPLES)? {
        return Err(PyValueError::new_err(format!(
            "verify_semantics takes at most {MAX_SEMANTICS_SAMPLES} samples per function, \
             not {samples}"
        )));
    }
    let samples: usize = samples.extract()?;
    Ok((samples > 0).then_some(samples))
}

/// The failure mode named `name`: what a failed check does in std form,
/// spelled as the `failure` option of `convert-shape-to-std` spells it
/// (`"abort"` or `"status"`).
pub fn failure_mode(name: &str) -> PyResult<FailureMode> {
    <FailureMode as OptionValue>::parse_value(name).ok_or_else(|| {
        let spellings: Vec<String> = FailureMode::SPELLINGS
            .iter()
            .map(|s| format!("'{s}'"))
            .collect();
        PyValueError::new_err(format!(
            "failure must be {}, not '{name}'",
            spellings.join(" or ")
        ))
    })
}
