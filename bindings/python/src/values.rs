//! Values across the border of `evaluate`: Python arguments to the
//! interpreter's [`Arg`]s, its results back to Python objects, and its
//! failures to `ShapeError`/`UndefinedBehaviorError`.

use crate::errors::{ShapeError, UndefinedBehaviorError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;
use shape_opt::interp::{Arg, Canonical, Outcome};

/// The arguments of a call (none for `None`): a list or tuple of ints is
/// a shape, an int (or bool) a scalar, a str what `shape-run --arg` takes
/// (`"[2,3]"`, `"6"`, `"dense<[3, -1]>"`). One that does not read, or an
/// int out of `i64`'s range, is a `ValueError`, one of another type a
/// `TypeError`, each naming the argument.
pub fn args(values: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Arg>> {
    let Some(values) = values else {
        return Ok(Vec::new());
    };
    if values.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "args must be a list of arguments, not a str",
        ));
    }
    values
        .try_iter()?
        .enumerate()
        .map(|(i, value)| {
            value
                .and_then(|v| arg(&v))
                .map_err(|e| argument_error(i, e, values.py()))
        })
        .collect()
}

/// `error` about the argument at `index`, numbered from 1 as the
/// interpreter numbers them, of the same exception type.
fn argument_error(index: usize, error: PyErr, py: Python<'_>) -> PyErr {
    let message = format!("argument {}: {}", index + 1, error.value(py));
    PyErr::from_type(error.get_type(py), message)
}

/// One argument.
fn arg(value: &Bound<'_, PyAny>) -> PyResult<Arg> {
    if let Ok(text) = value.cast::<PyString>() {
        return text.to_cow()?.parse::<Arg>().map_err(PyValueError::new_err);
    }
    if value.is_instance_of::<PyInt>() {
        return int(value).map(Arg::Scalar);
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        return value
            .try_iter()?
            .map(|extent| extent.and_then(|e| int(&e)))
            .collect::<PyResult<_>>()
            .map(Arg::Shape);
    }
    let kind = value.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "expected a shape (a list of ints), a scalar (an int) or a str such as 'dense<[3, -1]>', not {kind}"
    )))
}

/// An int of an argument (a scalar, an extent). Outside `i64` it is a
/// `ValueError` with what `shape-run --arg` says of its digits.
fn int(value: &Bound<'_, PyAny>) -> PyResult<i64> {
    if !value.is_instance_of::<PyInt>() {
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "a shape's extents are ints, not {kind}"
        )));
    }
    value.extract::<i64>().or_else(|out_of_range| {
        let digits = value.str()?;
        match digits.to_cow()?.parse::<Arg>() {
            Err(message) => Err(PyValueError::new_err(message)),
            Ok(_) => Err(out_of_range),
        }
    })
}

/// A tensor result other than a shape: its extents and, when the
/// interpreter knows them, its elements (row-major).
#[pyclass(module = "shape_opt", frozen, get_all)]
pub struct Tensor {
    /// The extents, a list of ints.
    shape: Vec<i64>,
    /// The elements in row-major order (ints, floats or nested results),
    /// or `None` when only the shape is known.
    elements: Option<Py<PyList>>,
}

#[pymethods]
impl Tensor {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let elements = match &self.elements {
            Some(list) => list.bind(py).repr()?.to_string(),
            None => "None".into(),
        };
        Ok(format!(
            "Tensor(shape={:?}, elements={elements})",
            self.shape
        ))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Tensor>() else {
            return Ok(false);
        };
        let other = other.get();
        let elements_equal = match (&self.elements, &other.elements) {
            (Some(a), Some(b)) => a.bind(py).eq(b.bind(py))?,
            (a, b) => a.is_none() && b.is_none(),
        };
        Ok(self.shape == other.shape && elements_equal)
    }
}

/// What an evaluation gives Python: one result bare, several (or none) as
/// a tuple; a failure as `ShapeError`, undefined behaviour as
/// `UndefinedBehaviorError`.
pub fn outcome(py: Python<'_>, outcome: Outcome) -> PyResult<Py<PyAny>> {
    let values = match outcome {
        Outcome::Ok(values) => values,
        Outcome::Error(message) => return Err(ShapeError::new_err(message)),
        Outcome::Undefined(message) => return Err(UndefinedBehaviorError::new_err(message)),
    };
    let mut results = values
        .iter()
        .map(|v| result(py, v.canonical()))
        .collect::<PyResult<Vec<_>>>()?;
    match results.len() {
        1 => Ok(results.remove(0)),
        _ => PyTuple::new(py, results)?.into_py_any(py),
    }
}

/// One result: a shape is a list of ints, a scalar an int, a float a
/// float, a witness a bool, another tensor a [`Tensor`], a handle of a
/// foreign type a [`Tensor`] of its shape (or its number when its type
/// shows none), poison `None`; an invalid shape or size is the failure it
/// carries.
fn result(py: Python<'_>, value: Canonical) -> PyResult<Py<PyAny>> {
    match value {
        Canonical::Shape(extents) => extents.into_py_any(py),
        Canonical::Scalar(n) => n.into_py_any(py),
        Canonical::Float(x) => x.into_py_any(py),
        Canonical::Witness(passing) => passing.into_py_any(py),
        Canonical::Tensor { shape, elements } => {
            let elements = match elements {
                Some(elements) => {
                    let converted = elements
                        .into_iter()
                        .map(|e| result(py, e))
                        .collect::<PyResult<Vec<_>>>()?;
                    Some(PyList::new(py, converted)?.unbind())
                }
                None => None,
            };
            Py::new(py, Tensor { shape, elements })?.into_py_any(py)
        }
        // A handle of a foreign type: its shape as a tensor's, when its
        // type shows one, else its number.
        Canonical::Handle {
            shape: Some(shape), ..
        } => Py::new(
            py,
            Tensor {
                shape,
                elements: None,
            },
        )?
        .into_py_any(py),
        Canonical::Handle { id, shape: None } => id.into_py_any(py),
        // A poison result is never read (a status mode's placeholder).
        Canonical::Poison => Ok(py.None()),
        Canonical::Invalid(message) => Err(ShapeError::new_err(message)),
    }
}
