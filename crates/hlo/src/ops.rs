//! The ops whose shapes are known: one [`HloOp`] per family of ops that
//! share a rule, and the names of each, for the three dialects that share
//! them (`stablehlo.X` and `mhlo.X` are one op; CHLO adds its implicitly
//! broadcasting `chlo.broadcast_X`).

/// A family of ops with one shape rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HloOp {
    /// Unary and binary elementwise ops, `compare`, `convert`: the shape of
    /// operand 0, which every operand has.
    Elementwise,
    /// Ops whose results have operand 0's shape and that state nothing of
    /// their other operands here (`reverse`, `sort`, `dynamic_update_slice`,
    /// `map`, `reduce_precision`, CHLO's unary math ops).
    SameAsFirst,
    /// `select(pred, on_true, on_false)`: `on_true`'s shape; `pred` a
    /// scalar or of that shape.
    Select,
    /// `clamp(min, operand, max)`: `operand`'s shape; `min`, `max` scalars
    /// or of that shape.
    Clamp,
    /// `chlo.broadcast_*`: the broadcast of the operand shapes.
    ChloBroadcast,
    BroadcastInDim,
    DynamicBroadcastInDim,
    /// `broadcast`: `broadcast_sizes` then the operand's extents.
    Broadcast,
    Reshape,
    DynamicReshape,
    Reduce,
    Transpose,
    Concatenate,
    Slice,
    DynamicSlice,
    /// `real_dynamic_slice(operand, start, limit, strides)`: slice bounds
    /// as operand values.
    RealDynamicSlice,
    Pad,
    /// `dynamic_pad(operand, value, low, high, interior)`: padding as
    /// operand values.
    DynamicPad,
    /// `reduce_window`: a window slid over every dimension (pooling).
    ReduceWindow,
    Iota,
    DynamicIota,
    GetDimensionSize,
    Dot,
    DotGeneral,
    Convolution,
    /// `custom_call @shape_assertion` (JAX): a check with its message.
    ShapeAssertion,
}

/// Elementwise ops whose operands all have one shape.
const ELEMENTWISE: &[&str] = &[
    "abs",
    "add",
    "and",
    "atan2",
    "bitcast_convert",
    "cbrt",
    "ceil",
    "compare",
    "complex",
    "convert",
    "cosine",
    "count_leading_zeros",
    "divide",
    "exponential",
    "exponential_minus_one",
    "floor",
    "imag",
    "is_finite",
    "log",
    "log_plus_one",
    "logistic",
    "maximum",
    "minimum",
    "multiply",
    "negate",
    "not",
    "or",
    "popcnt",
    "power",
    "real",
    "remainder",
    "round_nearest_afz",
    "round_nearest_even",
    "rsqrt",
    "shift_left",
    "shift_right_arithmetic",
    "shift_right_logical",
    "sign",
    "sine",
    "sqrt",
    "subtract",
    "tan",
    "tanh",
    "xor",
];

/// Ops with operand 0's shape.
const SAME_AS_FIRST: &[&str] = &[
    "reverse",
    "sort",
    "dynamic_update_slice",
    "map",
    "reduce_precision",
    "batch_norm_inference",
    "optimization_barrier",
    // CHLO's unary ops.
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "bessel_i1e",
    "conj",
    "constant_like",
    "cosh",
    "digamma",
    "erf",
    "erf_inv",
    "erfc",
    "is_inf",
    "is_neg_inf",
    "is_pos_inf",
    "lgamma",
    "sinh",
];

/// The dialect and the name within it of an op named `name`, if it is of
/// one of [`ir::effects::KNOWN_DIALECTS`].
pub fn split(name: &str) -> Option<(&str, &str)> {
    let (dialect, op) = name.split_once('.')?;
    ir::effects::KNOWN_DIALECTS
        .contains(&dialect)
        .then_some((dialect, op))
}

impl HloOp {
    /// The family of the op named `name`, if covered. `custom_call` is
    /// covered only as `@shape_assertion`, which [`crate::Knowledge::family`] reads
    /// from its `call_target_name`.
    pub fn from_name(name: &str) -> Option<HloOp> {
        let (dialect, op) = split(name)?;
        if dialect == "chlo" {
            return match op.strip_prefix("broadcast_") {
                Some(_) => Some(HloOp::ChloBroadcast),
                None => SAME_AS_FIRST.contains(&op).then_some(HloOp::SameAsFirst),
            };
        }
        Some(match op {
            _ if ELEMENTWISE.contains(&op) => HloOp::Elementwise,
            _ if SAME_AS_FIRST.contains(&op) => HloOp::SameAsFirst,
            "select" => HloOp::Select,
            "clamp" => HloOp::Clamp,
            "broadcast_in_dim" => HloOp::BroadcastInDim,
            "dynamic_broadcast_in_dim" => HloOp::DynamicBroadcastInDim,
            "broadcast" => HloOp::Broadcast,
            "reshape" => HloOp::Reshape,
            "dynamic_reshape" => HloOp::DynamicReshape,
            "reduce" => HloOp::Reduce,
            "transpose" => HloOp::Transpose,
            "concatenate" => HloOp::Concatenate,
            "slice" => HloOp::Slice,
            "dynamic_slice" => HloOp::DynamicSlice,
            "real_dynamic_slice" => HloOp::RealDynamicSlice,
            "pad" => HloOp::Pad,
            "dynamic_pad" => HloOp::DynamicPad,
            "reduce_window" => HloOp::ReduceWindow,
            "iota" => HloOp::Iota,
            "dynamic_iota" => HloOp::DynamicIota,
            "get_dimension_size" => HloOp::GetDimensionSize,
            "dot" => HloOp::Dot,
            "dot_general" => HloOp::DotGeneral,
            "convolution" => HloOp::Convolution,
            _ => return None,
        })
    }
}
