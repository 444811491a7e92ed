//! What Python hands over: the IR text (`str`, or `bytes` read as the
//! command line reads a file), the names of stages and failure modes, and
//! the sample count of `verify_semantics`, each checked as it crosses (a malformed one is a
//! `ValueError` saying why, the wrong type a `TypeError`).

use crate::errors::Diagnosed;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PySlice, PyString};
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

/// The text of `source`: a `str` must be Unicode (a lone surrogate is a
/// `DiagnosticError` at its position); `bytes` are UTF-8, and what is not
/// becomes U+FFFD, which the parser reports where it stands, as
/// `shape-opt` does with a file.
pub fn source_text(name: &str, source: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        let bytes = bytes.as_bytes().to_vec();
        return Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()));
    }
    let Ok(text) = source.cast::<PyString>() else {
        let kind = source.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "the IR text must be str or bytes, not {kind}"
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
