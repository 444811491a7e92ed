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
    /// A value of a type of no registered dialect (`!hip.buffer`,
    /// `!torch.vtensor<[?,3],f32>`): an opaque handle, known only by its
    /// number (drawn for a host op's result; a parameter's position, or
    /// the number given, for an argument) and, when its type shows one,
    /// its shape (see `foreign`).
    Host {
        /// Which handle it is.
        id: u64,
        /// Its extents, when its type shows a shape.
        shape: Option<Vec<i64>>,
    },
    /// `ub.poison`, of any type: it may be handed on (yielded, returned,
    /// passed to a block or a call), but an op that computes from it is
    /// undefined behaviour.
    Poison,
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
            Value::Host { id, shape } => Canonical::Handle {
                id: *id,
                shape: shape.clone(),
            },
            Value::Poison => Canonical::Poison,
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
    /// A handle of a foreign type: which one, and its shape when its type
    /// shows one.
    Handle {
        /// Which handle it is.
        id: u64,
        /// Its extents, when its type shows a shape.
        shape: Option<Vec<i64>>,
    },
    /// An invalid shape or size, with its message.
    Invalid(String),
    /// A poison value (`ub.poison`) a function returned.
    Poison,
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
            (Handle { id: i, shape: s1 }, Handle { id: j, shape: s2 }) => i == j && s1 == s2,
            (Invalid(a), Invalid(b)) => a == b,
            (Poison, Poison) => true,
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
            Canonical::Handle { id, shape: None } => write!(f, "handle({id})"),
            Canonical::Handle {
                id,
                shape: Some(shape),
            } => {
                write!(f, "handle({id}, ")?;
                write_list(f, shape)?;
                f.write_str(")")
            }
            Canonical::Invalid(m) => write!(f, "invalid({m})"),
            Canonical::Poison => f.write_str("poison"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.canonical().fmt(f)
    }
}

fn json_list<T>(items: &[T], item: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = items.iter().map(item).collect();
    format!("[{}]", parts.join(","))
}

impl Canonical {
    /// JSON: a shape is an array of extents, a scalar a number, a tensor
    /// `{"shape":[..],"elements":[..]|null}`, a witness `{"witness":bool}`,
    /// a handle `{"handle":3,"shape":[..]|null}`, an invalid value
    /// `{"invalid":"message"}`, poison `{"poison":true}`; non-finite floats
    /// are `null`.
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
            Canonical::Handle { id, shape } => format!(
                "{{\"handle\":{id},\"shape\":{}}}",
                shape
                    .as_ref()
                    .map_or("null".into(), |s| json_list(s, i64::to_string))
            ),
            Canonical::Invalid(m) => format!("{{\"invalid\":{}}}", diag::json_string(m)),
            Canonical::Poison => "{\"poison\":true}".into(),
        }
    }
}

/// An argument given on the command line or by a test: a shape `[2,3]`
/// (for tensor, `!shape.value_shape`, `!shape.shape` and `tensor<?xindex>`
/// arguments), a scalar (for `index`, `!shape.size`, integers), or the
/// elements of an integer tensor `dense<[4, -1]>` (for tensors of integers
/// or `index` whose values the function reads: the target shape of a
/// reshape, the bounds of a slice).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// `[2,3]`: extents (or the values of an extent tensor).
    Shape(Vec<i64>),
    /// `6`: a scalar.
    Scalar(i64),
    /// `dense<[[1, 2], [3, 4]]>`: a tensor of these elements (row-major) and
    /// this shape, nested as MLIR's `dense` attributes are; `dense<5>` is a
    /// tensor of rank 0, or a splat where the parameter's shape is static.
    Dense {
        /// The extents the nesting gives.
        shape: Vec<i64>,
        /// Row-major elements.
        elements: Vec<i64>,
    },
}

/// Deepest nesting of brackets `dense<...>` accepts.
const MAX_DENSE_RANK: usize = 32;

/// A 64-bit integer (or `true`/`false`) as written in an argument.
fn parse_number(t: &str) -> Result<i64, String> {
    match t.trim() {
        "true" => Ok(1),
        "false" => Ok(0),
        t => t
            .parse::<i64>()
            .map_err(|_| format!("'{t}' is not a 64-bit integer")),
    }
}

/// The nested lists of `text` (the inside of `dense<...>`): their shape
/// and row-major elements.
fn parse_nested(text: &str) -> Result<(Vec<i64>, Vec<i64>), String> {
    /// One element or list at `rest`: its shape, elements appended to `out`.
    fn item(rest: &mut &str, depth: usize, out: &mut Vec<i64>) -> Result<Vec<i64>, String> {
        *rest = rest.trim_start();
        let Some(inner) = rest.strip_prefix('[') else {
            let end = rest.find([',', ']']).unwrap_or(rest.len());
            out.push(parse_number(&rest[..end])?);
            *rest = &rest[end..];
            return Ok(Vec::new());
        };
        if depth == MAX_DENSE_RANK {
            return Err(format!("more than {MAX_DENSE_RANK} nested lists"));
        }
        *rest = inner.trim_start();
        if let Some(after) = rest.strip_prefix(']') {
            *rest = after;
            return Ok(vec![0]);
        }
        let mut inner_shape: Option<Vec<i64>> = None;
        let mut count = 0i64;
        loop {
            let shape = item(rest, depth + 1, out)?;
            if inner_shape.as_ref().is_some_and(|s| *s != shape) {
                return Err("the lists of one level differ in shape".into());
            }
            inner_shape = Some(shape);
            count += 1;
            *rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix(',') {
                *rest = after;
            } else if let Some(after) = rest.strip_prefix(']') {
                *rest = after;
                break;
            } else {
                return Err("a list ends with ']'".into());
            }
        }
        // `[]` has shape `[0]`.
        let mut shape = vec![count];
        shape.extend(inner_shape.unwrap_or_default());
        Ok(shape)
    }
    let mut rest = text;
    let mut elements = Vec::new();
    let shape = item(&mut rest, 0, &mut elements)?;
    match rest.trim().is_empty() {
        true => Ok((shape, elements)),
        false => Err(format!("unexpected '{}' after the elements", rest.trim())),
    }
}

impl std::str::FromStr for Arg {
    type Err = String;
    /// `[2,3]`, `[ 2, 3 ]`, `[]`, `6`, `-1`, `dense<[4, -1]>`,
    /// `dense<[[1, 2], [3, 4]]>`, `dense<7>`.
    fn from_str(s: &str) -> Result<Arg, String> {
        let s = s.trim();
        if let Some(rest) = s.strip_prefix("dense<") {
            let inner = rest
                .strip_suffix('>')
                .ok_or_else(|| format!("'{s}': elements end with '>'"))?;
            let (shape, elements) = parse_nested(inner).map_err(|e| format!("'{s}': {e}"))?;
            return Ok(Arg::Dense { shape, elements });
        }
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
                    .map(parse_number)
                    .collect::<Result<_, _>>()
                    .map(Arg::Shape)
            }
            None => parse_number(s).map(Arg::Scalar),
        }
    }
}

/// `elements` (row-major, of `shape`) as nested lists: `[[1, 2], [3, 4]]`.
/// Elements that do not fill the shape (a hand-built [`Arg::Dense`]) print
/// as evenly as they split, a negative extent as none.
fn write_nested(f: &mut fmt::Formatter<'_>, shape: &[i64], elements: &[i64]) -> fmt::Result {
    let Some((&outer, inner)) = shape.split_first() else {
        return match elements.first() {
            Some(e) => write!(f, "{e}"),
            None => f.write_str("[]"),
        };
    };
    let rows = usize::try_from(outer).unwrap_or(0);
    let chunk = elements.len().checked_div(rows).unwrap_or(0);
    f.write_str("[")?;
    for i in 0..rows {
        if i > 0 {
            f.write_str(", ")?;
        }
        let row = elements.get(i * chunk..(i + 1) * chunk).unwrap_or_default();
        write_nested(f, inner, row)?;
    }
    f.write_str("]")
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Shape(s) => write_list(f, s),
            Arg::Scalar(v) => write!(f, "{v}"),
            Arg::Dense { shape, elements } => {
                f.write_str("dense<")?;
                write_nested(f, shape, elements)?;
                f.write_str(">")
            }
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
            Outcome::Error(m) => format!("{{\"ok\":false,\"error\":{}}}", diag::json_string(m)),
            Outcome::Undefined(m) => format!(
                "{{\"ok\":false,\"undefined\":true,\"error\":{}}}",
                diag::json_string(m)
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

/// What an observable event is: a call of a function declared without a
/// body, or an op of no registered dialect.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// `func.call @log(...)` of a declaration: the callee's symbol, as
    /// printed without its `@` (`log`, or `lib::@f` for a nested one).
    Call(String),
    /// An op of no registered dialect (`"foo.print"`): an uninterpreted
    /// function of its name, attributes and regions (and operands).
    Op {
        /// Its name.
        name: String,
        /// Its attributes as printed (`{dimensions = array<i64: 1>}`),
        /// without the `shape.fn` link to a shape function; empty when it
        /// has none.
        attributes: String,
        /// A digest of its regions (see `effects`), when it has any.
        regions: Option<u64>,
    },
}

impl Effect {
    /// The effect of an op named `name` without attributes or regions.
    pub fn op(name: impl Into<String>) -> Effect {
        Effect::Op {
            name: name.into(),
            attributes: String::new(),
            regions: None,
        }
    }
}

impl fmt::Display for Effect {
    /// `call @log`, `op foo.print`, `op foo.sum {axis = 1 : i64}
    /// regions#0123456789abcdef`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Call(callee) => write!(f, "call @{callee}"),
            Effect::Op {
                name,
                attributes,
                regions,
            } => {
                write!(f, "op {name}")?;
                if !attributes.is_empty() {
                    write!(f, " {attributes}")?;
                }
                match regions {
                    Some(digest) => write!(f, " regions#{digest:016x}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// One observable event of a run: what happened, on which values, and the
/// results the interpreter drew for it (a function of the effect, the
/// arguments' [`Canonical`] forms and the event's position in the run).
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The call or op.
    pub effect: Effect,
    /// Its operand values.
    pub args: Vec<Value>,
    /// Its results, as drawn.
    pub results: Vec<Value>,
}

impl Event {
    /// The same effect on arguments of equal canonical forms (results
    /// follow from these and the position).
    pub fn same_as(&self, other: &Event) -> bool {
        self.effect == other.effect && canonical(&self.args) == canonical(&other.args)
    }

    /// `{"call":"log","args":[42],"results":[]}` or `{"op":"foo.print",...}`
    /// (with `"attributes":"{...}"` and `"regions":"<digest in hex>"` after
    /// the name when the op has them).
    pub fn to_json(&self) -> String {
        let head = match &self.effect {
            Effect::Call(callee) => format!("\"call\":{}", diag::json_string(callee)),
            Effect::Op {
                name,
                attributes,
                regions,
            } => {
                let mut head = format!("\"op\":{}", diag::json_string(name));
                if !attributes.is_empty() {
                    head.push_str(&format!(
                        ",\"attributes\":{}",
                        diag::json_string(attributes)
                    ));
                }
                if let Some(digest) = regions {
                    head.push_str(&format!(",\"regions\":\"{digest:016x}\""));
                }
                head
            }
        };
        format!(
            "{{{head},\"args\":{},\"results\":{}}}",
            json_list(&canonical(&self.args), Canonical::to_json),
            json_list(&canonical(&self.results), Canonical::to_json)
        )
    }
}

impl fmt::Display for Event {
    /// `call @log(42)`, `call @next(3) -> 5`, `op foo.print([2, 3])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.effect)?;
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        f.write_str(")")?;
        for (i, r) in self.results.iter().enumerate() {
            f.write_str(if i == 0 { " -> " } else { ", " })?;
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// What a run did: the events it performed, in order, and how it ended.
/// A failure (or undefined behaviour) happens after every event of the
/// list.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The observable events, in execution order.
    pub events: Vec<Event>,
    /// The results, or the failure that ended the run.
    pub outcome: Outcome,
}

/// How the run of a transformed function compares with the source's on one
/// input ([`Trace::compare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same events, then equal results, a failure for a failure
    /// (whatever the message), or anything after the events that led the
    /// source into undefined behaviour.
    Kept,
    /// The source failed and the transformed function does not fail there:
    /// it returns, turns the failure into undefined behaviour, or performs
    /// events the source never reached before failing (a check moved after
    /// a side effect).
    Weakened,
    /// The source returned and the transformed function fails, after
    /// performing only events the source performed (a check moved earlier
    /// that now rejects more inputs).
    Strengthened,
    /// Both fail (or the source is undefined and the transformed function
    /// fails), but the transformed function fails before an event the
    /// source performed first: a check moved across a side effect.
    FailsEarly,
    /// Any other difference: other results, other events, or a newly
    /// undefined run.
    Changed,
}

impl Trace {
    /// How `after` (what a transformed function does) compares with `self`:
    /// the events must be the same up to where `self` ends, fails or goes
    /// undefined (see [`Verdict`]); moving a check among pure ops is
    /// allowed, so failures compare whatever their messages.
    pub fn compare(&self, after: &Trace) -> Verdict {
        let common = self
            .events
            .iter()
            .zip(&after.events)
            .take_while(|(a, b)| a.same_as(b))
            .count();
        let same_events = common == self.events.len() && common == after.events.len();
        // `after` stopped where it ended, before the rest of `self`'s events.
        let after_cut_short = common == after.events.len() && common < self.events.len();
        let after_fails = !matches!(after.outcome, Outcome::Ok(_));
        match &self.outcome {
            Outcome::Undefined(_) if common == self.events.len() => Verdict::Kept,
            Outcome::Undefined(_) | Outcome::Error(_) if after_cut_short && after_fails => {
                Verdict::FailsEarly
            }
            Outcome::Undefined(_) => Verdict::Changed,
            Outcome::Error(_) => match &after.outcome {
                Outcome::Error(_) if same_events => Verdict::Kept,
                Outcome::Error(_) if common == self.events.len() => Verdict::Weakened,
                Outcome::Error(_) => Verdict::Changed,
                Outcome::Ok(_) | Outcome::Undefined(_) => Verdict::Weakened,
            },
            Outcome::Ok(_) => match &after.outcome {
                Outcome::Ok(_) if same_events && self.outcome.refined_by(&after.outcome) => {
                    Verdict::Kept
                }
                Outcome::Error(_) if common == after.events.len() => Verdict::Strengthened,
                _ => Verdict::Changed,
            },
        }
    }

    /// Whether `after` keeps the meaning of `self` ([`Verdict::Kept`]).
    pub fn refined_by(&self, after: &Trace) -> bool {
        self.compare(after) == Verdict::Kept
    }

    /// [`Outcome::to_json`] with the events added:
    /// `{"ok":false,"error":"...","events":[...]}` (see [`Event::to_json`]).
    pub fn to_json(&self) -> String {
        let outcome = self.outcome.to_json();
        let open = outcome.strip_suffix('}').unwrap_or(&outcome);
        format!(
            "{open},\"events\":{}}}",
            json_list(&self.events, Event::to_json)
        )
    }
}

impl fmt::Display for Trace {
    /// The events then the outcome, separated by `; `:
    /// `call @log(42); error: msg`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.events {
            write!(f, "{e}; ")?;
        }
        write!(f, "{}", self.outcome)
    }
}

/// Why a function could not be evaluated at all (as opposed to an
/// [`Outcome::Error`], which is the function's own result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterpError {
    /// No `func.func` or `shape.func` of that name.
    /// No function of that name; the closest name, if one is close.
    FunctionNotFound {
        /// The name asked for.
        name: String,
        /// The closest function name.
        near: Option<String>,
    },
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
    /// The run's [`crate::Budget`], shared with other runs, is spent.
    Stopped(crate::Spent),
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::FunctionNotFound { name, near } => {
                write!(f, "no function named '{name}'")?;
                match near {
                    Some(near) => write!(f, "; did you mean '{near}'?"),
                    None => Ok(()),
                }
            }
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
            InterpError::Stopped(why) => write!(f, "stopped: {why}"),
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
    fn dense_args_parse_and_print_back() {
        let dense = |shape: &[i64], elements: &[i64]| Arg::Dense {
            shape: shape.to_vec(),
            elements: elements.to_vec(),
        };
        assert_eq!("dense<[4,-1]>".parse(), Ok(dense(&[2], &[4, -1])));
        assert_eq!(
            " dense< [ [1, 2] , [3,4] ] > ".parse(),
            Ok(dense(&[2, 2], &[1, 2, 3, 4]))
        );
        assert_eq!("dense<7>".parse(), Ok(dense(&[], &[7])));
        assert_eq!("dense<[]>".parse(), Ok(dense(&[0], &[])));
        assert_eq!("dense<[[], []]>".parse(), Ok(dense(&[2, 0], &[])));
        assert_eq!("dense<[true, false]>".parse(), Ok(dense(&[2], &[1, 0])));
        for bad in [
            "dense<[1, 2]",
            "dense<[[1, 2], [3]]>",
            "dense<[[1], 2]>",
            "dense<[1 2]>",
            "dense<[1,]>",
            "dense<[1]] >",
            "dense<>",
            "dense<[1, 99999999999999999999]>",
        ] {
            assert!(bad.parse::<Arg>().is_err(), "{bad}");
        }
        let deep = format!("dense<{}1{}>", "[".repeat(40), "]".repeat(40));
        assert!(deep.parse::<Arg>().unwrap_err().contains("nested"));
        for arg in [
            dense(&[2], &[4, -1]),
            dense(&[2, 3], &[1, 2, 3, 4, 5, 6]),
            dense(&[], &[5]),
            dense(&[0], &[]),
            dense(&[2, 0], &[]),
            dense(&[1, 1, 2], &[8, 9]),
        ] {
            assert_eq!(arg.to_string().parse::<Arg>(), Ok(arg.clone()), "{arg}");
        }
        assert_eq!(
            dense(&[2, 2], &[1, 2, 3, 4]).to_string(),
            "dense<[[1, 2], [3, 4]]>"
        );
    }

    #[test]
    fn traces_compare_events_up_to_the_failure() {
        let log = |v: i128| Event {
            effect: Effect::Call("log".into()),
            args: vec![Value::Int {
                value: v,
                width: 64,
            }],
            results: vec![],
        };
        let trace = |events: &[i128], outcome: Outcome| Trace {
            events: events.iter().map(|&v| log(v)).collect(),
            outcome,
        };
        let ok = || Outcome::Ok(vec![Value::Index(1)]);
        let fail = || Outcome::Error("no".into());
        let undefined = || Outcome::Undefined("ub".into());
        use Verdict::*;
        for (before, after, verdict) in [
            // The same events and outcome (failures whatever their message).
            (
                trace(&[42], fail()),
                trace(&[42], Outcome::Error("other".into())),
                Kept,
            ),
            (trace(&[42, 7], ok()), trace(&[42, 7], ok()), Kept),
            // A failure moved before an event the source performed.
            (trace(&[42], fail()), trace(&[], fail()), FailsEarly),
            (trace(&[42], undefined()), trace(&[], fail()), FailsEarly),
            (trace(&[42], fail()), trace(&[], undefined()), FailsEarly),
            // A failure moved after an event, or gone.
            (trace(&[42], fail()), trace(&[42, 7], fail()), Weakened),
            (trace(&[42], fail()), trace(&[42, 7], ok()), Weakened),
            (trace(&[42], fail()), trace(&[42], undefined()), Weakened),
            // A new failure, after the source's events so far.
            (trace(&[42, 7], ok()), trace(&[42], fail()), Strengthened),
            (trace(&[42, 7], ok()), trace(&[42, 7], fail()), Strengthened),
            // Undefined behaviour allows anything after the events before it.
            (trace(&[42], undefined()), trace(&[42, 1, 2], ok()), Kept),
            (trace(&[42], undefined()), trace(&[43], ok()), Changed),
            // Other events, results, or a new undefined run.
            (trace(&[42], ok()), trace(&[43], ok()), Changed),
            (trace(&[42], ok()), trace(&[], ok()), Changed),
            (
                trace(&[42], ok()),
                trace(&[42], Outcome::Ok(vec![Value::Index(2)])),
                Changed,
            ),
            (trace(&[42], fail()), trace(&[43], fail()), Changed),
            (trace(&[42], ok()), trace(&[43], fail()), Changed),
            (trace(&[42], ok()), trace(&[42], undefined()), Changed),
        ] {
            assert_eq!(before.compare(&after), verdict, "{before} / {after}");
            assert_eq!(before.refined_by(&after), verdict == Kept);
        }
        // Events compare in canonical form: a shape and an extent tensor
        // of the same extents are the same argument.
        let shape = Event {
            effect: Effect::op("foo.print"),
            args: vec![Value::Shape(Ok(vec![2, 3]))],
            results: vec![],
        };
        let extents = Event {
            args: vec![Value::ExtentTensor(vec![2, 3])],
            ..shape.clone()
        };
        assert!(shape.same_as(&extents));
        assert_eq!(shape.to_string(), "op foo.print([2, 3])");
        assert_eq!(
            extents.to_json(),
            r#"{"op":"foo.print","args":[[2,3]],"results":[]}"#
        );
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
