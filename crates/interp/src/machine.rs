//! The evaluation core: functions, regions, blocks and branches, the value
//! environment, argument binding, limits, and the dispatch of ops to their
//! evaluator (`dispatch`).

use crate::dispatch::{evaluator, Control, Evaluator};
use crate::value::{Arg, Event, InterpError, Outcome, ShapeVal, SizeVal, Trace, Value};
use crate::Limits;
use analysis::strict_extents::StrictExtents;
use ir::dialect::func::FAILURE_MESSAGES;
use ir::{Attr, BlockId, Context, OpId, OpKind, RegionId, TypeKind, ValueId};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Why evaluation stopped early.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The function fails with this message (its own error result).
    Fail(String),
    /// The function did something MLIR leaves undefined (division by zero,
    /// an out-of-range extent, an error value where none can be held).
    Undefined(String),
    /// The function cannot be evaluated.
    Error(InterpError),
}

impl From<InterpError> for Stop {
    fn from(e: InterpError) -> Self {
        Stop::Error(e)
    }
}

pub(crate) type Step<T> = Result<T, Stop>;

/// The state of one run.
pub(crate) struct Machine<'c> {
    pub(crate) ctx: &'c Context,
    pub(crate) module: OpId,
    /// Values of the function being evaluated (a call swaps in a fresh map).
    env: FxHashMap<ValueId, Value>,
    depth: usize,
    steps: u64,
    pub(crate) limits: Limits,
    /// The observable events so far, in order.
    pub(crate) events: Vec<Event>,
    /// What is known of the module's StableHLO, MHLO and CHLO ops, made at
    /// the first one met.
    pub(crate) host_knowledge: std::cell::OnceCell<hlo::Knowledge>,
    /// What strict symbolic shapes knows of the function being evaluated
    /// (a call swaps in its callee's), and of each function met so far.
    pub(crate) strict: Rc<StrictExtents>,
    strict_of: FxHashMap<OpId, Rc<StrictExtents>>,
}

/// The terminator a region ended with and its operand values.
pub(crate) struct Exit {
    pub(crate) op: OpId,
    pub(crate) values: Vec<Value>,
}

/// Where execution goes after an op.
enum Flow {
    /// On to the next op of the block.
    Next,
    /// To the op's successor at this index, with these block arguments.
    Jump(usize, Vec<Value>),
    /// Out of the region, with the terminator's operand values.
    Leave(Vec<Value>),
}

/// [`trace_function`](crate::trace_function) with explicit [`Limits`].
pub fn trace_function_with_limits(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Arg],
    limits: Limits,
) -> Result<Trace, InterpError> {
    let func =
        find_function(ctx, module, name, None).ok_or_else(|| InterpError::FunctionNotFound {
            name: name.to_string(),
            near: nearest_function(ctx, module, name),
        })?;
    run_op(ctx, module, func, args, limits)
}

/// [`run`] of the function op `func` of `module`, found already.
pub(crate) fn run_op(
    ctx: &Context,
    module: OpId,
    func: OpId,
    args: &[Arg],
    limits: Limits,
) -> Result<Trace, InterpError> {
    let name = ctx
        .attr(func, "sym_name")
        .and_then(Attr::as_str)
        .unwrap_or("");
    let params = entry_block(ctx, func)
        .map(|b| ctx.block(b).args.clone())
        .ok_or_else(|| InterpError::Unsupported {
            op: ctx.op_name(func).to_string(),
            at: at(ctx, func),
            message: format!("'{name}' is a declaration without a body"),
        })?;
    if params.len() != args.len() {
        return Err(InterpError::ArgumentCount {
            expected: params.len(),
            got: args.len(),
        });
    }
    let values = params
        .iter()
        .zip(args)
        .enumerate()
        .map(|(index, (&p, arg))| {
            bind_arg(ctx, ctx.value_type(p), index, arg, &limits)
                .map_err(|message| InterpError::BadArgument { index, message })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut machine = Machine {
        ctx,
        module,
        env: FxHashMap::default(),
        depth: 0,
        steps: 0,
        limits,
        events: Vec::new(),
        host_knowledge: std::cell::OnceCell::new(),
        strict: Rc::default(),
        strict_of: FxHashMap::default(),
    };
    let called = machine.call(func, values);
    // The steps since the last look at the budget count too.
    machine
        .limits
        .budget
        .charge(machine.steps % crate::budget::CHECK_EVERY);
    let outcome = match called {
        Ok(results) => match results.iter().find_map(Value::error) {
            Some(message) => Outcome::Error(message.to_string()),
            None => match without_status(ctx, func, results) {
                Ok(results) => Outcome::Ok(results),
                Err(message) => Outcome::Error(message),
            },
        },
        Err(Stop::Fail(message)) => Outcome::Error(message),
        Err(Stop::Undefined(message)) => Outcome::Undefined(message),
        Err(Stop::Error(e)) => return Err(e),
    };
    Ok(Trace {
        events: machine.events,
        outcome,
    })
}

/// What a function that returned `results` gives. A function lowered to
/// return a status (it carries [`FAILURE_MESSAGES`]) fails with the
/// message of its nonzero leading status, and otherwise gives the rest, as
/// the function it was lowered from did.
pub(crate) fn without_status(
    ctx: &Context,
    func: OpId,
    mut results: Vec<Value>,
) -> Result<Vec<Value>, String> {
    let Some(Attr::Array(messages)) = ctx.attr(func, FAILURE_MESSAGES) else {
        return Ok(results);
    };
    let status = match results.first() {
        Some(Value::Int { value, width: 32 }) => *value,
        _ => return Err("a status function returned no i32 status".to_string()),
    };
    if status == 0 {
        results.remove(0);
        return Ok(results);
    }
    let message = usize::try_from(status - 1)
        .ok()
        .and_then(|k| messages.get(k))
        .and_then(Attr::as_str);
    Err(message.map_or_else(
        || format!("status {status} names no failure message"),
        str::to_string,
    ))
}

/// `file:line:col: ` of `op`, or nothing.
pub(crate) fn at(ctx: &Context, op: OpId) -> String {
    match ctx.op(op).loc.file_line_col() {
        Some((file, line, col)) => format!("{file}:{line}:{col}: "),
        None => String::new(),
    }
}

pub(crate) fn entry_block(ctx: &Context, func: OpId) -> Option<BlockId> {
    let region = *ctx.op(func).regions.first()?;
    ctx.region(region).blocks.first().copied()
}

/// The ops directly in the body of `op` (a module or a library).
pub(crate) fn body_ops(ctx: &Context, op: OpId) -> impl Iterator<Item = OpId> + '_ {
    let blocks = ctx
        .op(op)
        .regions
        .first()
        .map(|&r| ctx.region(r).blocks.as_slice())
        .unwrap_or_default();
    blocks.iter().flat_map(move |&b| ctx.block_ops(b))
}

pub(crate) fn sym_name(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, "sym_name").and_then(Attr::as_str)
}

fn is_function(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.kind(op), OpKind::FuncFunc | OpKind::ShapeFunc)
}

/// The function `name`: a function of the module, or one of a
/// `shape.function_library` (only of the library `library`, if given).
pub(crate) fn find_function(
    ctx: &Context,
    module: OpId,
    name: &str,
    library: Option<&str>,
) -> Option<OpId> {
    let named = |o: &OpId| is_function(ctx, *o) && sym_name(ctx, *o) == Some(name);
    let top = match library {
        None => body_ops(ctx, module).find(named),
        Some(_) => None,
    };
    let in_library = || {
        body_ops(ctx, module)
            .filter(|&o| ctx.kind(o) == OpKind::ShapeFunctionLibrary)
            .filter(|&o| library.is_none() || sym_name(ctx, o) == library)
            .find_map(|lib| body_ops(ctx, lib).find(named))
    };
    match top {
        // A host's declaration of a library function is that function
        // (convert-shape-to-std defines the one by the other).
        Some(f) if entry_block(ctx, f).is_none() => in_library().or(Some(f)),
        Some(f) => Some(f),
        None => in_library(),
    }
}

/// The name of a function of the module or of its libraries closest to
/// `name`, if one is close enough to be what a misspelt `name` meant.
pub fn nearest_function(ctx: &Context, module: OpId, name: &str) -> Option<String> {
    let libraries = body_ops(ctx, module).filter(|&o| ctx.kind(o) == OpKind::ShapeFunctionLibrary);
    let functions = body_ops(ctx, module)
        .chain(libraries.flat_map(|lib| body_ops(ctx, lib)))
        .filter(|&o| is_function(ctx, o))
        .filter_map(|o| sym_name(ctx, o));
    diag::suggest::did_you_mean(name, functions).map(str::to_string)
}

/// Whether `shape` fits the (possibly dynamic) dimensions `dims`.
pub(crate) fn fits(dims: &[i64], shape: &[i64]) -> bool {
    dims.len() == shape.len()
        && dims
            .iter()
            .zip(shape)
            .all(|(&d, &s)| d == ir::types::DYNAMIC || d == s)
}

/// `[2, 3]`
pub(crate) fn show(shape: &[i64]) -> String {
    format!("{:?}", shape)
}

/// The element type of a 1-D tensor of `index`: whether `kind` is an
/// extent tensor type.
pub(crate) fn is_extent_tensor_type(ctx: &Context, kind: &TypeKind) -> bool {
    match kind {
        TypeKind::RankedTensor { shape, elem, .. } => {
            shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
        }
        TypeKind::UnrankedTensor { elem } => matches!(ctx.type_kind(*elem), TypeKind::Index),
        _ => false,
    }
}

/// The integer element type (its width; `index` is 64 bits) of a tensor
/// type, if it has one.
pub(crate) fn int_element_width(ctx: &Context, kind: &TypeKind) -> Option<u32> {
    match kind.element_type().map(|t| ctx.type_kind(t)) {
        Some(TypeKind::Index) => Some(64),
        Some(TypeKind::Integer { width, .. }) if *width <= 128 => Some(*width),
        _ => None,
    }
}

/// `v` as an integer of `width` bits (stored sign-extended), if it fits
/// as a signed or an unsigned number.
fn fit_width(v: i64, width: u32) -> Option<i128> {
    if width == 0 || width > 128 {
        return None;
    }
    let value = i128::from(v);
    let fits = width >= 64 || (-(1i128 << (width - 1)) <= value && value < (1i128 << width));
    fits.then(|| crate::arith_ops::wrap(value, width))
}

/// The tensor a `dense<...>` argument gives a parameter of tensor type
/// `kind` (of integer or `index` elements): a rank-0 value is a splat where
/// the type's shape is static.
fn bind_dense(
    ctx: &Context,
    kind: &TypeKind,
    shape: &[i64],
    elements: &[i64],
    limits: &Limits,
) -> Result<Value, String> {
    let width = int_element_width(ctx, kind).ok_or_else(|| {
        "elements given for a tensor whose elements are not integers or index".to_string()
    })?;
    let dims = kind.shape();
    let splat = match dims {
        Some(dims) if shape.is_empty() && !dims.is_empty() => {
            if dims.contains(&ir::types::DYNAMIC) {
                return Err("a single element given for a tensor of dynamic shape".into());
            }
            let [element] = elements[..] else {
                return Err(format!(
                    "{} elements given for a rank-0 value",
                    elements.len()
                ));
            };
            let count = dims
                .iter()
                .try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?))
                .filter(|&n| n <= limits.elements)
                .ok_or_else(|| format!("more than {} elements", limits.elements))?;
            Some((dims.to_vec(), vec![element; count]))
        }
        _ => None,
    };
    let (shape, elements) = splat.unwrap_or_else(|| (shape.to_vec(), elements.to_vec()));
    if elements.len() > limits.elements {
        return Err(format!("more than {} elements", limits.elements));
    }
    let count = shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
    if count != Some(elements.len()) {
        return Err(format!(
            "{} elements do not make a tensor of shape {}",
            elements.len(),
            show(&shape)
        ));
    }
    if dims.is_some_and(|dims| !fits(dims, &shape)) {
        return Err(format!(
            "elements of shape {} do not fit the parameter's shape",
            show(&shape)
        ));
    }
    let is_index = matches!(
        kind.element_type().map(|t| ctx.type_kind(t)),
        Some(TypeKind::Index)
    );
    if is_index && shape.len() == 1 {
        return Ok(Value::ExtentTensor(elements));
    }
    let values = elements
        .iter()
        .map(|&v| match is_index {
            true => Ok(Value::Index(v)),
            false => fit_width(v, width)
                .map(|value| Value::Int { value, width })
                .ok_or_else(|| format!("{v} does not fit i{width}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::Tensor {
        shape,
        elements: Some(values),
    })
}

/// The value an argument gives parameter number `index`, of type `ty`. A
/// handle (of a foreign type) whose type shows a shape is given by its
/// shape and is the handle numbered `index`; one whose type shows none is
/// given by its number.
fn bind_arg(
    ctx: &Context,
    ty: ir::Type,
    index: usize,
    arg: &Arg,
    limits: &Limits,
) -> Result<Value, String> {
    let kind = ctx.type_kind(ty);
    let type_name = || ir::print_attr::AttrPrinter::new(ctx).type_to_string(ty);
    let non_negative = |s: &[i64]| match s.iter().find(|&&d| d < 0) {
        Some(d) => Err(format!("extent {d} is negative")),
        None => Ok(s.to_vec()),
    };
    match (kind, arg) {
        (TypeKind::Shape, Arg::Shape(s)) => Ok(Value::Shape(Ok(non_negative(s)?))),
        (TypeKind::ValueShape, Arg::Shape(s)) => Ok(Value::ValueShape {
            shape: Ok(non_negative(s)?),
            value: None,
        }),
        (TypeKind::RankedTensor { shape: dims, .. }, Arg::Shape(s))
            if is_extent_tensor_type(ctx, kind) =>
        {
            match fits(dims, &[s.len() as i64]) {
                true => Ok(Value::ExtentTensor(s.clone())),
                false => Err(format!("{} extents do not fit {}", s.len(), show(dims))),
            }
        }
        (TypeKind::RankedTensor { shape: dims, .. }, Arg::Shape(s)) => {
            let s = non_negative(s)?;
            match fits(dims, &s) {
                true => Ok(Value::Tensor {
                    shape: s,
                    elements: None,
                }),
                false => Err(format!(
                    "shape {} does not fit the parameter's static shape",
                    show(&s)
                )),
            }
        }
        (TypeKind::UnrankedTensor { .. }, Arg::Shape(s)) => Ok(Value::Tensor {
            shape: non_negative(s)?,
            elements: None,
        }),
        (
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. },
            Arg::Dense { shape, elements },
        ) => bind_dense(ctx, kind, shape, elements, limits),
        (TypeKind::Index, Arg::Scalar(v)) => Ok(Value::Index(*v)),
        (TypeKind::Size, Arg::Scalar(v)) if *v >= 0 => Ok(Value::Size(Ok(*v))),
        (TypeKind::Size, Arg::Scalar(v)) => Err(format!("size {v} is negative")),
        (TypeKind::Integer { width, .. }, Arg::Scalar(v)) => match fit_width(*v, *width) {
            Some(value) => Ok(Value::Int {
                value,
                width: *width,
            }),
            None => Err(format!("{v} does not fit i{width}")),
        },
        (TypeKind::Float(_), Arg::Scalar(v)) => Ok(Value::Float(*v as f64)),
        (TypeKind::Opaque(_), Arg::Shape(s)) => match crate::foreign::foreign_shape(kind) {
            Some(dims) if fits(&dims, s) => Ok(Value::Host {
                id: index as u64,
                shape: Some(non_negative(s)?),
            }),
            Some(_) => Err(format!(
                "shape {} does not fit the parameter's type {}",
                show(s),
                type_name()
            )),
            None => Err(format!(
                "a shape given for a parameter of type {}, which shows none: give the handle's number",
                type_name()
            )),
        },
        (TypeKind::Opaque(_), Arg::Scalar(v)) => match crate::foreign::foreign_shape(kind) {
            Some(_) => Err(format!(
                "a scalar given for a parameter of type {}, which shows a shape: give the shape",
                type_name()
            )),
            None => u64::try_from(*v)
                .map(|id| Value::Host { id, shape: None })
                .map_err(|_| format!("handle number {v} is negative")),
        },
        (_, Arg::Shape(_)) => Err(format!(
            "a shape given for a parameter of type {}",
            type_name()
        )),
        (_, Arg::Scalar(_)) => Err(format!(
            "a scalar given for a parameter of type {}",
            type_name()
        )),
        (_, Arg::Dense { .. }) => Err(format!(
            "elements given for a parameter of type {}",
            type_name()
        )),
    }
}

impl<'c> Machine<'c> {
    // ----- errors -----

    /// The op cannot be evaluated: malformed IR or unknowable values.
    pub(crate) fn malformed(&self, op: OpId, message: impl Into<String>) -> Stop {
        Stop::Error(InterpError::Malformed {
            op: self.ctx.op_name(op).to_string(),
            at: at(self.ctx, op),
            message: message.into(),
        })
    }

    /// The interpreter does not evaluate this op (or this use of it).
    pub(crate) fn unsupported(&self, op: OpId, message: impl Into<String>) -> Stop {
        Stop::Error(InterpError::Unsupported {
            op: self.ctx.op_name(op).to_string(),
            at: at(self.ctx, op),
            message: message.into(),
        })
    }

    // ----- values -----

    pub(crate) fn get(&self, op: OpId, v: ValueId) -> Step<&Value> {
        self.env
            .get(&v)
            .ok_or_else(|| self.malformed(op, "an operand is used before it is defined"))
    }

    pub(crate) fn operand(&self, op: OpId, i: usize) -> Step<&Value> {
        let v = self
            .ctx
            .operand(op, i)
            .ok_or_else(|| self.malformed(op, format!("operand #{i} is missing")))?;
        self.get(op, v)
    }

    /// The values of `vs`, cloned.
    pub(crate) fn values_of(&self, op: OpId, vs: &[ValueId]) -> Step<Vec<Value>> {
        vs.iter().map(|&v| self.get(op, v).cloned()).collect()
    }

    /// All operand values of `op`, cloned.
    pub(crate) fn operands(&self, op: OpId) -> Step<Vec<Value>> {
        self.values_of(op, &self.ctx.op(op).operands)
    }

    /// Operand group `i` of `op` (variadic operands), by its definition.
    pub(crate) fn group(&self, op: OpId, i: usize) -> Step<&'c [ValueId]> {
        let def = self
            .ctx
            .op_def(op)
            .ok_or_else(|| self.unsupported(op, "unregistered op"))?;
        Ok(def.operand_group(self.ctx, op, i))
    }

    pub(crate) fn kind_of(&self, v: ValueId) -> &'c TypeKind {
        self.ctx.type_kind(self.ctx.value_type(v))
    }

    /// The type of result `i` of `op`.
    pub(crate) fn result_kind(&self, op: OpId, i: usize) -> Step<&'c TypeKind> {
        let v = self
            .ctx
            .result(op, i)
            .ok_or_else(|| self.malformed(op, format!("result #{i} is missing")))?;
        Ok(self.kind_of(v))
    }

    pub(crate) fn attr(&self, op: OpId, name: &str) -> Option<&'c Attr> {
        self.ctx.attr(op, name)
    }

    pub(crate) fn str_attr(&self, op: OpId, name: &str) -> Option<&'c str> {
        self.attr(op, name).and_then(Attr::as_str)
    }

    /// Extent `index` of shape `v` (a `!shape.shape` or extent tensor
    /// computed so far), if it has one.
    pub(crate) fn extent_of(&self, v: ValueId, index: usize) -> Option<i64> {
        match self.env.get(&v)? {
            Value::Shape(Ok(extents)) | Value::ExtentTensor(extents) => extents.get(index).copied(),
            _ => None,
        }
    }

    /// A shape operand (`!shape.shape` or extent tensor).
    pub(crate) fn shape_operand(&self, op: OpId, i: usize) -> Step<ShapeVal> {
        match self.operand(op, i)? {
            Value::Shape(s) => Ok(s.clone()),
            Value::ExtentTensor(e) => Ok(Ok(e.clone())),
            other => Err(self.malformed(op, format!("expected a shape, got {other}"))),
        }
    }

    /// A size operand (`!shape.size` or `index`).
    pub(crate) fn size_operand(&self, op: OpId, i: usize) -> Step<SizeVal> {
        match self.operand(op, i)? {
            Value::Size(s) => Ok(s.clone()),
            Value::Index(v) => Ok(Ok(*v)),
            other => Err(self.malformed(op, format!("expected a size, got {other}"))),
        }
    }

    /// An `i1` operand.
    pub(crate) fn bool_operand(&self, op: OpId, i: usize) -> Step<bool> {
        match self.operand(op, i)? {
            Value::Int { value, width: 1 } => Ok(*value != 0),
            other => Err(self.malformed(op, format!("expected an i1, got {other}"))),
        }
    }

    /// An `index` operand.
    pub(crate) fn index_operand(&self, op: OpId, i: usize) -> Step<i64> {
        match self.operand(op, i)? {
            Value::Index(v) => Ok(*v),
            other => Err(self.malformed(op, format!("expected an index, got {other}"))),
        }
    }

    /// `shape` as a value of type `kind`: a `!shape.shape`, or an extent
    /// tensor (which cannot hold an error: an invalid shape is undefined
    /// behaviour, as is a length its static type does not allow).
    pub(crate) fn shape_result(&self, op: OpId, kind: &TypeKind, shape: ShapeVal) -> Step<Value> {
        // A shape's extents are held like a tensor's elements (60
        // `shape.concat`s of a shape with itself would ask for 2^60).
        if let Ok(extents) = &shape {
            self.element_count(op, &[extents.len() as i64])?;
        }
        match kind {
            TypeKind::Shape => Ok(Value::Shape(shape)),
            TypeKind::RankedTensor { shape: dims, .. } if is_extent_tensor_type(self.ctx, kind) => {
                let extents = shape.map_err(Stop::Undefined)?;
                match fits(dims, &[extents.len() as i64]) {
                    true => Ok(Value::ExtentTensor(extents)),
                    false => Err(Stop::Undefined(format!(
                        "'{}' produced {} extents, which do not fit its result type",
                        self.ctx.op_name(op),
                        extents.len()
                    ))),
                }
            }
            _ => Err(self.malformed(op, "a shape result must be !shape.shape or tensor<?xindex>")),
        }
    }

    /// `size` as a value of type `kind`: a `!shape.size`, or an `index`
    /// (an invalid size there is undefined behaviour).
    pub(crate) fn size_result(&self, op: OpId, kind: &TypeKind, size: SizeVal) -> Step<Value> {
        match kind {
            TypeKind::Size => Ok(Value::Size(size)),
            TypeKind::Index => size.map(Value::Index).map_err(Stop::Undefined),
            _ => Err(self.malformed(op, "a size result must be !shape.size or index")),
        }
    }

    // ----- limits -----

    fn step(&mut self, op: OpId) -> Step<()> {
        self.steps += 1;
        if self.steps.is_multiple_of(crate::budget::CHECK_EVERY) {
            if let Some(spent) = self.limits.budget.charge(crate::budget::CHECK_EVERY) {
                return Err(Stop::Error(InterpError::Stopped(spent)));
            }
        }
        match self.steps > self.limits.steps {
            true => Err(Stop::Error(InterpError::Limit(format!(
                "more than {} ops executed (at '{}')",
                self.limits.steps,
                self.ctx.op_name(op)
            )))),
            false => Ok(()),
        }
    }

    /// Check that a tensor of `shape` may keep its elements; its element count.
    pub(crate) fn element_count(&self, op: OpId, shape: &[i64]) -> Step<usize> {
        let count = shape
            .iter()
            .try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
        match count {
            Some(n) if n <= self.limits.elements => Ok(n),
            Some(_) | None => Err(Stop::Error(InterpError::Limit(format!(
                "{}'{}' builds a tensor of shape {} (more than {} elements)",
                at(self.ctx, op),
                self.ctx.op_name(op),
                show(shape),
                self.limits.elements
            )))),
        }
    }

    // ----- functions, regions, blocks -----

    /// Call the function `func` on `args`: its return values.
    pub(crate) fn call(&mut self, func: OpId, args: Vec<Value>) -> Step<Vec<Value>> {
        let region = self.ctx.op(func).regions.first().copied();
        let region = region
            .filter(|&r| !self.ctx.region(r).blocks.is_empty())
            .ok_or_else(|| self.unsupported(func, "a declaration without a body"))?;
        let ctx = self.ctx;
        let strict = self
            .strict_of
            .entry(func)
            .or_insert_with(|| Rc::new(StrictExtents::new(ctx, func)))
            .clone();
        let saved_strict = std::mem::replace(&mut self.strict, strict);
        let saved = std::mem::take(&mut self.env);
        let exit = self.run_region(region, args);
        self.env = saved;
        self.strict = saved_strict;
        let exit = exit?;
        if matches!(
            self.ctx.kind(exit.op),
            OpKind::FuncReturn | OpKind::ShapeReturn
        ) {
            return Ok(exit.values);
        }
        let other = self.ctx.op_name(exit.op);
        Err(self.malformed(exit.op, format!("a function body ends in '{other}'")))
    }

    /// Run `region` from its entry block with `args`, following branches,
    /// until a terminator that leaves it.
    pub(crate) fn run_region(&mut self, region: RegionId, args: Vec<Value>) -> Step<Exit> {
        if self.depth >= self.limits.depth {
            return Err(Stop::Error(InterpError::Limit(format!(
                "regions and calls nested more than {} deep",
                self.limits.depth
            ))));
        }
        self.depth += 1;
        let exit = self.run_blocks(region, args);
        self.depth -= 1;
        exit
    }

    fn run_blocks(&mut self, region: RegionId, mut args: Vec<Value>) -> Step<Exit> {
        let owner = self.ctx.region(region).parent.unwrap_or(self.module);
        let mut block = *self
            .ctx
            .region(region)
            .blocks
            .first()
            .ok_or_else(|| self.malformed(owner, "a region without blocks is run"))?;
        'blocks: loop {
            let params = &self.ctx.block(block).args;
            if params.len() != args.len() {
                return Err(self.malformed(
                    owner,
                    format!(
                        "a block of {} arguments entered with {}",
                        params.len(),
                        args.len()
                    ),
                ));
            }
            for (&p, a) in params.iter().zip(args) {
                self.env.insert(p, a);
            }
            for op in self.ctx.block_ops(block) {
                self.step(op)?;
                let (target, target_args) = match self.exec(op)? {
                    Flow::Next => continue,
                    Flow::Jump(target, target_args) => (target, target_args),
                    Flow::Leave(values) => return Ok(Exit { op, values }),
                };
                block = *self
                    .ctx
                    .op(op)
                    .successors
                    .get(target)
                    .ok_or_else(|| self.malformed(op, "a successor is missing"))?;
                args = target_args;
                continue 'blocks;
            }
            return Err(self.malformed(owner, "a block ends without a terminator"));
        }
    }

    /// The successor a `cf.switch` takes (0: the default) and its operands.
    fn switch_target(&self, op: OpId) -> Step<(usize, Vec<Value>)> {
        let (flag, _) = crate::arith_ops::int_operand(self, op, 0)?;
        let cases = match self.attr(op, "case_values") {
            Some(a) => a
                .int_elements(0)
                .ok_or_else(|| self.malformed(op, "bad 'case_values'"))?,
            None => Vec::new(),
        };
        let Some(case) = cases.iter().position(|&c| c == flag) else {
            return Ok((0, self.values_of(op, self.group(op, 1)?)?));
        };
        let sizes = self
            .attr(op, "case_operand_segments")
            .and_then(|a| a.int_elements(0))
            .ok_or_else(|| self.malformed(op, "bad 'case_operand_segments'"))?;
        let sizes: Vec<usize> = sizes
            .iter()
            .map(|&s| usize::try_from(s).ok())
            .collect::<Option<_>>()
            .ok_or_else(|| self.malformed(op, "negative 'case_operand_segments'"))?;
        let start: usize = sizes.iter().take(case).sum();
        let size = *sizes
            .get(case)
            .ok_or_else(|| self.malformed(op, "a case without an operand segment"))?;
        let operands = self
            .group(op, 2)?
            .get(start..start + size)
            .ok_or_else(|| self.malformed(op, "case operands out of range"))?;
        Ok((case + 1, self.values_of(op, operands)?))
    }

    /// Run the single-block region `region` of `op` with `args`; the
    /// operands of the terminator, which must be of kind `terminator`.
    pub(crate) fn run_body(
        &mut self,
        op: OpId,
        region: usize,
        args: Vec<Value>,
        terminator: OpKind,
    ) -> Step<Vec<Value>> {
        let r = *self
            .ctx
            .op(op)
            .regions
            .get(region)
            .ok_or_else(|| self.malformed(op, format!("region #{region} is missing")))?;
        let exit = self.run_region(r, args)?;
        match self.ctx.kind(exit.op) == terminator {
            true => Ok(exit.values),
            false => Err(self.malformed(
                exit.op,
                format!("expected the region to end in '{terminator}'"),
            )),
        }
    }

    /// Call the function a `func.call` names; a function declared without
    /// a body is an observable event (see `effects`).
    pub(crate) fn call_symbol(&mut self, op: OpId) -> Step<Vec<Value>> {
        let (callee, symbol) = match self.attr(op, "callee") {
            Some(Attr::SymbolRef { root, nested }) => match nested.as_slice() {
                [] => (
                    find_function(self.ctx, self.module, root, None),
                    root.clone(),
                ),
                [name] => (
                    find_function(self.ctx, self.module, name, Some(root)),
                    format!("{root}::@{name}"),
                ),
                _ => (None, String::new()),
            },
            _ => return Err(self.malformed(op, "no callee")),
        };
        let callee = callee
            .ok_or_else(|| self.malformed(op, "the callee is not a function of the module"))?;
        let args = self.operands(op)?;
        match entry_block(self.ctx, callee) {
            // A library function called through the host's declaration of
            // its lowered signature: its results as the declaration types
            // them.
            Some(_) if self.ctx.kind(callee) == OpKind::ShapeFunc => {
                let results = self.call(callee, args)?;
                results
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| {
                        crate::shape_ops::bridge_value(self, op, v, self.result_kind(op, i)?)
                    })
                    .collect()
            }
            Some(_) => self.call(callee, args),
            None => self.perform(op, crate::value::Effect::Call(symbol), args, None),
        }
    }

    /// The first operand of `op` that is poison among those it computes
    /// from: every operand, but those it only hands on (what a terminator
    /// yields, a branch passes to a block, a call to its callee, a loop
    /// carries).
    fn poison_used(&self, op: OpId, evaluator: Evaluator) -> Option<usize> {
        let operands = &self.ctx.op(op).operands;
        let read = match evaluator {
            Evaluator::Exit
            | Evaluator::Br
            | Evaluator::Control(Control::Call | Control::While) => 0,
            // The condition or flag; the loop's bounds and step.
            Evaluator::CondBr | Evaluator::Switch => 1,
            Evaluator::Control(Control::For) => 3,
            Evaluator::Control(
                Control::Assert
                | Control::ExecuteRegion
                | Control::If
                | Control::IndexSwitch
                | Control::AllocaScope,
            )
            | Evaluator::Shape
            | Evaluator::Arith
            | Evaluator::Tensor
            | Evaluator::Bridge
            | Evaluator::Unregistered
            | Evaluator::Poison
            | Evaluator::None => operands.len(),
        };
        operands
            .iter()
            .take(read)
            .position(|v| matches!(self.env.get(v), Some(Value::Poison)))
    }

    /// Evaluate `op`: bind its results, or take the branch or leave the
    /// region it ends.
    fn exec(&mut self, op: OpId) -> Step<Flow> {
        let kind = self.ctx.kind(op);
        let evaluator = evaluator(kind);
        if let Some(i) = self.poison_used(op, evaluator) {
            return Err(Stop::Undefined(format!(
                "'{}' uses a poison value (operand #{i})",
                self.ctx.op_name(op)
            )));
        }
        let results = match evaluator {
            Evaluator::Shape => crate::shape_ops::exec(self, op, kind)?,
            Evaluator::Arith => crate::arith_ops::exec(self, op, kind)?,
            Evaluator::Tensor => crate::tensor_ops::exec(self, op, kind)?,
            Evaluator::Control(which) => crate::control::exec(self, op, which)?,
            Evaluator::Bridge => crate::shape_ops::bridge(self, op)?,
            Evaluator::Unregistered => self.unregistered(op)?,
            Evaluator::None => return Err(self.unsupported(op, "no semantics for this op")),
            Evaluator::Poison => vec![Value::Poison; self.ctx.op(op).results.len()],
            Evaluator::Br => return Ok(Flow::Jump(0, self.operands(op)?)),
            Evaluator::CondBr => {
                let taken = match self.bool_operand(op, 0)? {
                    true => 0,
                    false => 1,
                };
                let args = self.values_of(op, self.group(op, taken + 1)?)?;
                return Ok(Flow::Jump(taken, args));
            }
            Evaluator::Switch => {
                let (target, args) = self.switch_target(op)?;
                return Ok(Flow::Jump(target, args));
            }
            Evaluator::Exit => return Ok(Flow::Leave(self.operands(op)?)),
        };
        let ids = &self.ctx.op(op).results;
        if ids.len() != results.len() {
            return Err(self.malformed(
                op,
                format!("{} results expected, {} computed", ids.len(), results.len()),
            ));
        }
        for (&id, v) in ids.iter().zip(results) {
            self.env.insert(id, v);
        }
        Ok(Flow::Next)
    }
}
