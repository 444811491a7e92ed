//! Runtime values, arguments, outcomes, and the comparable
//! ([`Canonical`]) form of results across stages.

use std::fmt;

/// A `!shape.shape`: its extents, or the error it carries (the message).
pub type ShapeVal = Result<Vec<i64>, String>;
/// A `!shape.size`: its value, or the error it carries (the message).
pub type SizeVal = Result<i64, String>;
/// A `!shape.witness`: passing, or failing with the constraint's message.
pub type Witness = Result<(), String>;

/// The value of an SSA value during evaluation.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `!shape.shape`.
    Shape(ShapeVal),
    /// `!shape.size`.
    Size(SizeVal),
    /// `index` (64 bits, as on the host).
    Index(i64),
    /// A signless integer of `width` bits, stored sign-extended.
    Int {
        /// The value, sign-extended from `width` bits.
        value: i128,
        /// The bit width (1 for `i1`).
        width: u32,
    },
    /// Any float type, as an `f64`.
    Float(f64),
    /// A 1-D tensor of `index` whose elements are known: an extent tensor.
    ExtentTensor(Vec<i64>),
    /// Any other tensor: its shape, and its elements (row-major) when they
    /// are known (tensors of integers built by the function; never floats).
    Tensor {
        /// The extents.
        shape: Vec<i64>,
        /// Row-major elements, when known.
        elements: Option<Vec<Value>>,
    },
    /// `!shape.value_shape`: a shape (or the error of a non-conformant
    /// `shape.with_shape`) and, when known, the value's elements.
    ValueShape {
        /// The shape, or the error of a non-conformant `shape.with_shape`.
        shape: ShapeVal,
        /// The value's elements (row-major), when known.
        value: Option<Vec<i64>>,
    },
    /// `!shape.witness`.
    Witness(Witness),
}

impl Value {
    /// The error this value carries, if it is an invalid shape, size or
    /// value shape.
    pub fn error(&self) -> Option<&str> {
        match self {
            Value::Shape(Err(m))
            | Value::Size(Err(m))
            | Value::ValueShape { shape: Err(m), .. } => Some(m),
            _ => None,
        }
    }

    /// The comparable form of this value (see [`Canonical`]).
    pub fn canonical(&self) -> Canonical {
        match self {
            Value::Shape(Ok(s)) | Value::ExtentTensor(s) => Canonical::Shape(s.clone()),
            Value::Size(Ok(v)) | Value::Index(v) => Canonical::Scalar(i128::from(*v)),
            // `true` is 1 however it was built (`arith.constant true` holds -1).
            Value::Int { value, width: 1 } => Canonical::Scalar(*value & 1),
            Value::Int { value, .. } => Canonical::Scalar(*value),
            Value::Float(f) => Canonical::Float(*f),
            Value::Tensor { shape, elements } => Canonical::Tensor {
                shape: shape.clone(),
                elements: elements
                    .as_ref()
                    .map(|e| e.iter().map(Value::canonical).collect()),
            },
            Value::ValueShape {
                shape: Ok(shape),
                value,
            } => Canonical::Tensor {
                shape: shape.clone(),
                elements: value
                    .as_ref()
                    .map(|v| v.iter().map(|&x| Canonical::Scalar(x.into())).collect()),
            },
            Value::Witness(w) => Canonical::Witness(w.is_ok()),
            Value::Shape(Err(m))
            | Value::Size(Err(m))
            | Value::ValueShape { shape: Err(m), .. } => Canonical::Invalid(m.clone()),
        }
    }
}

/// Comparable form of a result across stages: a `!shape.shape` `[2, 4]`,
/// an extent tensor `[2, 4]` and a `tensor<2xindex>` holding 2 and 4 are
/// all `Shape([2, 4])`; a `!shape.size` 6, an `index` 6 and an `i32` 6 are
/// all `Scalar(6)`; a `!shape.value_shape` and a tensor of the same shape
/// (and elements) are the same `Tensor`.
#[derive(Clone, Debug)]
pub enum Canonical {
    /// A shape, extent tensor or 1-D `index` tensor of known elements.
    Shape(Vec<i64>),
    /// A size, `index` or integer.
    Scalar(i128),
    /// A float.
    Float(f64),
    /// Any other tensor or a value shape: its shape and, when known, its elements.
    Tensor {
        /// The extents.
        shape: Vec<i64>,
        /// Row-major elements, when known.
        elements: Option<Vec<Canonical>>,
    },
    /// A witness: passing or not.
    Witness(bool),
    /// An invalid shape or size, with its message.
    Invalid(String),
}

/// Floats are equal when they are the same number, `-0.0` and `0.0` apart,
/// and every NaN equals every NaN (a result being NaN is what matters).
impl PartialEq for Canonical {
    fn eq(&self, other: &Canonical) -> bool {
        use Canonical::*;
        match (self, other) {
            (Shape(a), Shape(b)) => a == b,
            (Scalar(a), Scalar(b)) => a == b,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
            (
                Tensor {
                    shape: s1,
                    elements: e1,
                },
                Tensor {
                    shape: s2,
                    elements: e2,
                },
            ) => s1 == s2 && e1 == e2,
            (Witness(a), Witness(b)) => a == b,
            (Invalid(a), Invalid(b)) => a == b,
            _ => false,
        }
    }
}

/// The comparable forms of `values` (see [`Canonical`]).
pub fn canonical(values: &[Value]) -> Vec<Canonical> {
    values.iter().map(Value::canonical).collect()
}

/// `[a, b, c]`
fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_str("[")?;
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{x}")?;
    }
    f.write_str("]")
}

impl fmt::Display for Canonical {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Canonical::Shape(s) => write_list(f, s),
            Canonical::Scalar(v) => write!(f, "{v}"),
            Canonical::Float(v) => write!(f, "{v:?}"),
            Canonical::Tensor { shape, elements } => {
                f.write_str("tensor<")?;
                for (i, d) in shape.iter().enumerate() {
                    if i > 0 {
                        f.write_str("x")?;
                    }
                    write!(f, "{d}")?;
                }
                f.write_str(">")?;
                match elements {
                    Some(e) => {
                        f.write_str(" ")?;
                        write_list(f, e)
                    }
                    None => Ok(()),
                }
            }
            Canonical::Witness(w) => write!(f, "witness({w})"),
            Canonical::Invalid(m) => write!(f, "invalid({m})"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.canonical().fmt(f)
    }
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_list<T>(items: &[T], item: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = items.iter().map(item).collect();
    format!("[{}]", parts.join(","))
}

impl Canonical {
    /// JSON: a shape is an array of extents, a scalar a number, a tensor
    /// `{"shape":[..],"elements":[..]|null}`, a witness `{"witness":bool}`,
    /// an invalid value `{"invalid":"message"}`; non-finite floats are `null`.
    pub fn to_json(&self) -> String {
        match self {
            Canonical::Shape(s) => json_list(s, i64::to_string),
            Canonical::Scalar(v) => v.to_string(),
            Canonical::Float(v) if v.is_finite() => format!("{v:?}"),
            Canonical::Float(_) => "null".into(),
            Canonical::Tensor { shape, elements } => format!(
                "{{\"shape\":{},\"elements\":{}}}",
                json_list(shape, i64::to_string),
                elements
                    .as_ref()
                    .map_or("null".into(), |e| json_list(e, Canonical::to_json))
            ),
            Canonical::Witness(w) => format!("{{\"witness\":{w}}}"),
            Canonical::Invalid(m) => format!("{{\"invalid\":{}}}", json_string(m)),
        }
    }
}

/// An argument given on the command line or by a test: a shape `[2,3]`
/// (for tensor, `!shape.value_shape`, `!shape.shape` and `tensor<?xindex>`
/// arguments) or a scalar (for `index`, `!shape.size`, integers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `[2,3]`: extents (or the values of an extent tensor).
    Shape(Vec<i64>),
    /// `6`: a scalar.
    Scalar(i64),
}

impl std::str::FromStr for Arg {
    type Err = String;
    /// `[2,3]`, `[ 2, 3 ]`, `[]`, `6`, `-1`.
    fn from_str(s: &str) -> Result<Arg, String> {
        let s = s.trim();
        let number = |t: &str| {
            t.trim()
                .parse::<i64>()
                .map_err(|_| format!("'{}' is not a 64-bit integer", t.trim()))
        };
        match s.strip_prefix('[') {
            Some(rest) => {
                let inner = rest
                    .strip_suffix(']')
                    .ok_or_else(|| format!("'{s}': a shape ends with ']'"))?;
                if inner.trim().is_empty() {
                    return Ok(Arg::Shape(Vec::new()));
                }
                inner
                    .split(',')
                    .map(number)
                    .collect::<Result<_, _>>()
                    .map(Arg::Shape)
            }
            None => number(s).map(Arg::Scalar),
        }
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Shape(s) => write_list(f, s),
            Arg::Scalar(v) => write!(f, "{v}"),
        }
    }
}

/// What a function evaluated to: its results, or the error it failed with
/// (a failed requirement, assertion or constraint, an invalid result, or
/// undefined behaviour such as a division by zero).
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The function returned these values.
    Ok(Vec<Value>),
    /// The function failed with this message: a failed requirement,
    /// assertion or constraint, or an invalid result.
    Error(String),
    /// The function did something MLIR leaves undefined (division by zero,
    /// an out-of-range extent, a reshape that changes the element count):
    /// any behaviour refines it.
    Undefined(String),
}

impl Outcome {
    /// Same kind (ok / error) and, when ok, equal canonical results; error
    /// messages are not compared (a stage may word a requirement
    /// differently).
    /// Undefined behaviour on either side agrees with anything.
    pub fn agrees_with(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::Undefined(_), _) | (_, Outcome::Undefined(_)) => true,
            _ => self.refined_by(other),
        }
    }

    /// Whether `after` (what a transformed function computes) keeps the
    /// meaning of `self`: equal canonical results, a failure for a failure
    /// (whatever the message), anything where `self` is undefined.
    pub fn refined_by(&self, after: &Outcome) -> bool {
        match (self, after) {
            (Outcome::Undefined(_), _) => true,
            (Outcome::Ok(a), Outcome::Ok(b)) => canonical(a) == canonical(b),
            (Outcome::Error(_), Outcome::Error(_)) => true,
            _ => false,
        }
    }

    /// `{"ok":true,"results":[...]}` or `{"ok":false,"error":"..."}` (see
    /// [`Canonical::to_json`] for the results).
    pub fn to_json(&self) -> String {
        match self {
            Outcome::Ok(values) => format!(
                "{{\"ok\":true,\"results\":{}}}",
                json_list(&canonical(values), Canonical::to_json)
            ),
            Outcome::Error(m) => format!("{{\"ok\":false,\"error\":{}}}", json_string(m)),
            Outcome::Undefined(m) => format!(
                "{{\"ok\":false,\"undefined\":true,\"error\":{}}}",
                json_string(m)
            ),
        }
    }
}

impl fmt::Display for Outcome {
    /// `ok [2, 4]`, `ok 6`, `ok [2, 4], 6`, `ok` (no results), `error: msg`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ok(values) => {
                f.write_str("ok")?;
                for (i, v) in values.iter().enumerate() {
                    f.write_str(if i == 0 { " " } else { ", " })?;
                    write!(f, "{v}")?;
                }
                Ok(())
            }
            Outcome::Error(m) => write!(f, "error: {m}"),
            Outcome::Undefined(m) => write!(f, "error: undefined behaviour: {m}"),
        }
    }
}

/// Why a function could not be evaluated at all (as opposed to an
/// [`Outcome::Error`], which is the function's own result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterpError {
    /// No `func.func` or `shape.func` of that name.
    FunctionNotFound(String),
    /// The number of arguments does not match the function's parameters.
    ArgumentCount {
        /// The function's parameter count.
        expected: usize,
        /// The number of arguments given.
        got: usize,
    },
    /// An argument does not fit its parameter's type.
    BadArgument {
        /// The argument's position, from 0.
        index: usize,
        /// What is wrong with it.
        message: String,
    },
    /// An op (or a use of it) the interpreter does not evaluate.
    Unsupported {
        /// The op's name.
        op: String,
        /// `file:line:col: ` of the op, or empty.
        at: String,
        /// What is not supported.
        message: String,
    },
    /// IR the interpreter cannot make sense of (what the verifier should
    /// have rejected, or values it cannot know such as argument elements).
    Malformed {
        /// The op's name.
        op: String,
        /// `file:line:col: ` of the op, or empty.
        at: String,
        /// What is wrong.
        message: String,
    },
    /// A step, size or nesting limit was reached.
    Limit(String),
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::FunctionNotFound(name) => write!(f, "no function named '{name}'"),
            InterpError::ArgumentCount { expected, got } => write!(
                f,
                "the function takes {expected} argument{}, {got} given",
                if *expected == 1 { "" } else { "s" }
            ),
            InterpError::BadArgument { index, message } => {
                write!(f, "argument {}: {message}", index + 1)
            }
            InterpError::Unsupported { op, at, message } => {
                write!(f, "{at}cannot evaluate '{op}': {message}")
            }
            InterpError::Malformed { op, at, message } => write!(f, "{at}'{op}': {message}"),
            InterpError::Limit(message) => write!(f, "limit reached: {message}"),
        }
    }
}

impl std::error::Error for InterpError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn args_parse() {
        assert_eq!("[2,3]".parse(), Ok(Arg::Shape(vec![2, 3])));
        assert_eq!(" [ 2 , 3 ] ".parse(), Ok(Arg::Shape(vec![2, 3])));
        assert_eq!("[]".parse(), Ok(Arg::Shape(vec![])));
        assert_eq!("-6".parse(), Ok(Arg::Scalar(-6)));
        assert!("[2,".parse::<Arg>().is_err());
        assert!("[2,,3]".parse::<Arg>().is_err());
        assert!("x".parse::<Arg>().is_err());
        assert!("99999999999999999999".parse::<Arg>().is_err());
        assert_eq!(Arg::Shape(vec![2, 3]).to_string(), "[2, 3]");
    }

    #[test]
    fn stages_compare_equal() {
        let a = [Value::Shape(Ok(vec![2, 4])), Value::Size(Ok(6))];
        let b = [Value::ExtentTensor(vec![2, 4]), Value::Index(6)];
        assert_eq!(canonical(&a), canonical(&b));
        assert!(Outcome::Ok(a.to_vec()).agrees_with(&Outcome::Ok(b.to_vec())));
        assert!(Outcome::Error("x".into()).agrees_with(&Outcome::Error("y".into())));
        assert!(!Outcome::Error("x".into()).agrees_with(&Outcome::Ok(vec![])));
        let vs = Value::ValueShape {
            shape: Ok(vec![2]),
            value: None,
        };
        let t = Value::Tensor {
            shape: vec![2],
            elements: None,
        };
        assert_eq!(vs.canonical(), t.canonical());
    }

    #[test]
    fn display_and_json() {
        let ok = Outcome::Ok(vec![Value::Shape(Ok(vec![2, 4]))]);
        assert_eq!(ok.to_string(), "ok [2, 4]");
        assert_eq!(ok.to_json(), r#"{"ok":true,"results":[[2,4]]}"#);
        let two = Outcome::Ok(vec![Value::Size(Ok(6)), Value::Int { value: 1, width: 1 }]);
        assert_eq!(two.to_string(), "ok 6, 1");
        assert_eq!(Outcome::Ok(vec![]).to_string(), "ok");
        let err = Outcome::Error("say \"no\"\n".into());
        assert_eq!(err.to_string(), "error: say \"no\"\n");
        assert_eq!(err.to_json(), r#"{"ok":false,"error":"say \"no\"\n"}"#);
        let t = Value::Tensor {
            shape: vec![2, 1],
            elements: Some(vec![Value::Int { value: 1, width: 8 }, Value::Index(2)]),
        };
        assert_eq!(t.to_string(), "tensor<2x1> [1, 2]");
        assert_eq!(
            t.canonical().to_json(),
            r#"{"shape":[2,1],"elements":[1,2]}"#
        );
        assert_eq!(
            Value::Witness(Ok(())).canonical().to_json(),
            r#"{"witness":true}"#
        );
        assert_eq!(Value::Float(f64::NAN).canonical().to_json(), "null");
        assert_eq!(Value::Float(1.5).to_string(), "1.5");
        assert_eq!(
            Value::Size(Err("bad\u{1}".into())).canonical().to_json(),
            r#"{"invalid":"bad\u0001"}"#
        );
    }
}
