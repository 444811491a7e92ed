//! The shape rule of each covered op, as the StableHLO specification states
//! it (MHLO shares StableHLO's names and attributes; CHLO's `broadcast_*`
//! ops broadcast their operands as NumPy does).
//!
//! A rule gives one [`Shape`] per result and the [`Check`]s the op states
//! on its operands. It reads ranks from the operands' types (a rule that
//! needs a rank the types do not show declines the op: `None`), static
//! attributes from the op, and shape operands (`dynamic_reshape`'s
//! `output_shape`, ...) as [`Size::Elem`]s, so it is the same for every
//! value the operands take.

use crate::attrs::{self, ConvDims};
use crate::expr::{Check, Requirement, Shape, Size};
use crate::ops::HloOp;
use ir::{Context, OpId, TypeKind, ValueId};

/// What an op computes of its results' shapes and what it requires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// One shape per result, in order.
    pub results: Vec<Shape>,
    /// The op's requirements on its operands, in the order the
    /// specification states them.
    pub checks: Vec<Check>,
}

/// The rank of `v`'s type, if it is a ranked tensor.
fn rank(ctx: &Context, v: ValueId) -> Option<usize> {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// The static extents of `v`'s type, if it is a tensor of static shape.
fn static_shape(ctx: &Context, v: ValueId) -> Option<Vec<i64>> {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } if shape.iter().all(|&d| d >= 0) => {
            Some(shape.clone())
        }
        _ => None,
    }
}

/// The elements of operand `i`, a 1-D tensor of static length, one by one.
fn elements(ctx: &Context, op: OpId, i: usize) -> Option<Vec<Size>> {
    match ctx.type_kind(ctx.value_type(ctx.operand(op, i)?)) {
        TypeKind::RankedTensor { shape, .. } => match shape.as_slice() {
            [n] if *n >= 0 => Some((0..*n as usize).map(|k| Size::elem(i, k)).collect()),
            _ => None,
        },
        _ => None,
    }
}

fn consts(extents: &[i64]) -> Shape {
    Shape::Extents(extents.iter().map(|&e| Size::Const(e)).collect())
}

/// The shape an integer tensor operand holds: an extent tensor
/// (`tensor<?xindex>`, made by shape ops) as a whole; another integer
/// tensor element by element when its length is static (the elements are
/// typically numbers cast one by one), as a whole otherwise.
fn held_shape(ctx: &Context, op: OpId, i: usize) -> Option<Shape> {
    let v = ctx.operand(op, i)?;
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::RankedTensor { shape, elem, .. }
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) =>
        {
            Some(Shape::Value(i))
        }
        TypeKind::RankedTensor { shape, .. } => match shape.as_slice() {
            [n] if *n >= 0 => Some(Shape::Extents(
                (0..*n as usize).map(|k| Size::elem(i, k)).collect(),
            )),
            [_] => Some(Shape::Value(i)),
            _ => None,
        },
        _ => None,
    }
}

/// The shape of operand `i` as a whole (a shape op computes it, so
/// whatever is known of it is kept together).
fn operand_shape(ctx: &Context, op: OpId, i: usize) -> Option<Shape> {
    ctx.operand(op, i).map(|_| Shape::Of(i))
}

/// Whether `dims` are distinct dimensions below `bound`.
fn distinct_below(dims: &[i64], bound: usize) -> bool {
    dims.iter()
        .enumerate()
        .all(|(i, &d)| usize::try_from(d).is_ok_and(|d| d < bound) && !dims[..i].contains(&d))
}

/// An extent padded by `low` and `high` at its edges and `interior`
/// between each two of its elements.
fn padded(extent: Size, low: Size, high: Size, interior: Size) -> Size {
    let gaps = extent.clone().minus(Size::Const(1)).max(Size::Const(0));
    extent.plus(low.plus(high)).plus(gaps.times(interior))
}

/// The checks that the first `inputs` operands of a variadic reduction
/// (`reduce`, `reduce_window`) have one shape.
fn inputs_alike(name: &str, inputs: usize) -> Vec<Check> {
    (1..inputs)
        .map(|i| {
            check(
                Requirement::SameShape(Shape::Of(0), Shape::Of(i)),
                format!("{name}: input {i} must have the shape of input 0"),
            )
        })
        .collect()
}

/// The check that dimension `d` of the padded result, `size`, is not
/// negative (padding may be negative).
fn result_not_negative(name: &str, d: usize, size: &Size) -> Check {
    check(
        Requirement::LessEq(Size::Const(0), size.clone()),
        format!("{name}: dimension {d} of the result must not be negative"),
    )
}

fn check(requirement: Requirement, message: String) -> Check {
    Check {
        requirement,
        message,
    }
}

/// The rule of `op` (named by `kind`), if it is covered and its types and
/// attributes give one.
pub fn rule_of(ctx: &Context, op: OpId, kind: HloOp) -> Option<Rule> {
    let data = ctx.op(op);
    let name = ctx.op_name(op);
    let operands = data.operands.len();
    let results = data.results.len();
    let same_as_operand = |i: usize| -> Option<Rule> {
        Some(Rule {
            results: vec![operand_shape(ctx, op, i)?; results],
            checks: Vec::new(),
        })
    };
    match kind {
        HloOp::Elementwise => {
            let mut rule = same_as_operand(0)?;
            for i in 1..operands {
                rule.checks.push(check(
                    Requirement::SameShape(Shape::Of(0), Shape::Of(i)),
                    format!("{name}: operand {i} must have the shape of operand 0"),
                ));
            }
            Some(rule)
        }
        HloOp::SameAsFirst => same_as_operand(0),
        HloOp::Select | HloOp::Clamp => {
            // select(pred, on_true, on_false), clamp(min, operand, max): the
            // middle operand's shape; the others equal it or are scalars.
            let main = 1;
            let mut rule = same_as_operand(main)?;
            for i in (0..operands).filter(|&i| i != main) {
                let scalar = ctx.operand(op, i).and_then(|v| rank(ctx, v)) == Some(0);
                if !scalar || kind == HloOp::Select && i == 2 {
                    rule.checks.push(check(
                        Requirement::SameShape(Shape::Of(main), Shape::Of(i)),
                        format!("{name}: operand {i} must have the shape of operand {main}"),
                    ));
                }
            }
            Some(rule)
        }
        HloOp::ChloBroadcast => chlo_broadcast(ctx, op, name),
        HloOp::BroadcastInDim | HloOp::DynamicBroadcastInDim => {
            let (target, sizes) = match kind {
                HloOp::BroadcastInDim => {
                    let extents = static_shape(ctx, *data.results.first()?)?;
                    (
                        consts(&extents),
                        Some(extents.into_iter().map(Size::Const).collect()),
                    )
                }
                _ => (held_shape(ctx, op, 1)?, elements(ctx, op, 1)),
            };
            let dims = attrs::ints(ctx, op, "broadcast_dimensions")?;
            let mut checks = Vec::new();
            if let (Some(r), Some(sizes)) = (rank(ctx, *data.operands.first()?), &sizes) {
                if r != dims.len() || !distinct_below(&dims, sizes.len()) {
                    return None;
                }
                for (i, &d) in dims.iter().enumerate() {
                    let to = sizes.get(usize::try_from(d).ok()?)?.clone();
                    checks.push(check(
                        Requirement::OneOrEqual(Size::dim(0, i), to),
                        format!(
                            "{name}: dimension {i} of the operand must be 1 or the extent of result dimension {d}"
                        ),
                    ));
                }
            }
            Some(Rule {
                results: vec![target],
                checks,
            })
        }
        HloOp::Reshape | HloOp::DynamicReshape => {
            let target = match kind {
                HloOp::Reshape => consts(&static_shape(ctx, *data.results.first()?)?),
                _ => held_shape(ctx, op, 1)?,
            };
            let mut checks = Vec::new();
            if kind == HloOp::DynamicReshape {
                for (k, s) in elements(ctx, op, 1)
                    .unwrap_or_default()
                    .into_iter()
                    .enumerate()
                {
                    checks.push(check(
                        Requirement::LessEq(Size::Const(0), s),
                        format!("{name}: extent {k} of the output shape must be non-negative"),
                    ));
                }
            }
            checks.push(check(
                Requirement::SameElementCount(Shape::Of(0), target.clone()),
                format!("{name}: the operand and the result must have as many elements"),
            ));
            Some(Rule {
                results: vec![target],
                checks,
            })
        }
        HloOp::Reduce => {
            // `inputs..., init_values...`: the inputs without `dimensions`.
            let inputs = operands / 2;
            let r = rank(ctx, *data.operands.first()?)?;
            let dims = attrs::ints(ctx, op, "dimensions")?;
            distinct_below(&dims, r).then_some(())?;
            let kept: Vec<Size> = (0..r)
                .filter(|d| !dims.contains(&(*d as i64)))
                .map(|d| Size::dim(0, d))
                .collect();
            let checks = inputs_alike(name, inputs);
            Some(Rule {
                results: vec![Shape::Extents(kept); results],
                checks,
            })
        }
        HloOp::Transpose => {
            let perm = attrs::ints(ctx, op, "permutation")?;
            let r = rank(ctx, *data.operands.first()?)?;
            (r == perm.len() && distinct_below(&perm, r)).then_some(())?;
            let sizes = perm
                .iter()
                .map(|&p| Some(Size::dim(0, usize::try_from(p).ok()?)))
                .collect::<Option<Vec<_>>>()?;
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks: Vec::new(),
            })
        }
        HloOp::Concatenate => {
            let dim = usize::try_from(attrs::int(ctx, op, "dimension")?).ok()?;
            let r = rank(ctx, *data.operands.first()?)?;
            (dim < r).then_some(())?;
            let mut checks = Vec::new();
            for i in 1..operands {
                (rank(ctx, *data.operands.get(i)?)? == r).then_some(())?;
                for d in (0..r).filter(|&d| d != dim) {
                    checks.push(check(
                        Requirement::Equal(Size::dim(i, d), Size::dim(0, d)),
                        format!(
                            "{name}: dimension {d} of operand {i} must equal that of operand 0"
                        ),
                    ));
                }
            }
            let sizes = (0..r)
                .map(|d| match d == dim {
                    true => (1..operands).fold(Size::dim(0, d), |s, i| s.plus(Size::dim(i, d))),
                    false => Size::dim(0, d),
                })
                .collect();
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks,
            })
        }
        HloOp::Slice => {
            let start = attrs::ints(ctx, op, "start_indices")?;
            let limit = attrs::ints(ctx, op, "limit_indices")?;
            let strides = attrs::ints(ctx, op, "strides")?;
            let r = rank(ctx, *data.operands.first()?)?;
            (start.len() == r && limit.len() == r && strides.len() == r).then_some(())?;
            let mut sizes = Vec::new();
            let mut checks = Vec::new();
            for d in 0..r {
                let (s, l, st) = (start[d], limit[d], strides[d]);
                (0 <= s && s <= l && st > 0).then_some(())?;
                sizes.push(Size::Const(l - s).ceil_div(Size::Const(st)));
                // A limit of 0 is within any extent.
                if l == 0 {
                    continue;
                }
                checks.push(check(
                    Requirement::LessEq(Size::Const(l), Size::dim(0, d)),
                    format!("{name}: the limit of dimension {d} must not exceed its extent"),
                ));
            }
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks,
            })
        }
        HloOp::DynamicSlice => {
            let sizes = attrs::ints(ctx, op, "slice_sizes")?;
            let r = rank(ctx, *data.operands.first()?)?;
            // One start index (a scalar operand) per dimension.
            (sizes.len() == r && operands == r + 1 && sizes.iter().all(|&s| s >= 0))
                .then_some(())?;
            let checks = sizes
                .iter()
                .enumerate()
                .map(|(d, &s)| {
                    check(
                        Requirement::LessEq(Size::Const(s), Size::dim(0, d)),
                        format!(
                            "{name}: the slice size of dimension {d} must not exceed its extent"
                        ),
                    )
                })
                .collect();
            Some(Rule {
                results: vec![consts(&sizes)],
                checks,
            })
        }
        HloOp::Pad => {
            let low = attrs::ints(ctx, op, "edge_padding_low")?;
            let high = attrs::ints(ctx, op, "edge_padding_high")?;
            let interior = attrs::ints(ctx, op, "interior_padding")?;
            let r = rank(ctx, *data.operands.first()?)?;
            (low.len() == r && high.len() == r && interior.len() == r).then_some(())?;
            (interior.iter().all(|&i| i >= 0)).then_some(())?;
            let mut sizes = Vec::new();
            let mut checks = Vec::new();
            for d in 0..r {
                let size = padded(
                    Size::dim(0, d),
                    Size::Const(low[d]),
                    Size::Const(high[d]),
                    Size::Const(interior[d]),
                );
                if low[d] < 0 || high[d] < 0 {
                    checks.push(result_not_negative(name, d, &size));
                }
                sizes.push(size);
            }
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks,
            })
        }
        HloOp::ReduceWindow => reduce_window(ctx, op, name),
        HloOp::RealDynamicSlice => {
            // Per dimension `d`: 0 <= start <= limit <= extent, stride >= 1;
            // the result is ceil((limit - start) / stride).
            let r = rank(ctx, *data.operands.first()?)?;
            for i in 1..=3 {
                (elements(ctx, op, i)?.len() == r).then_some(())?;
            }
            let start = |d| Size::elem(1, d);
            let limit = |d| Size::elem(2, d);
            let stride = |d| Size::elem(3, d);
            let mut checks = Vec::new();
            for d in 0..r {
                let bounds = [
                    (Size::Const(0), start(d), "start"),
                    (start(d), limit(d), "limit"),
                    (limit(d), Size::dim(0, d), "extent"),
                ];
                for (lo, hi, what) in bounds {
                    checks.push(check(
                        Requirement::LessEq(lo, hi),
                        format!(
                            "{name}: dimension {d} must have 0 <= start <= limit <= extent \
                             (its {what} is out of order)"
                        ),
                    ));
                }
                checks.push(check(
                    Requirement::LessEq(Size::Const(1), stride(d)),
                    format!("{name}: the stride of dimension {d} must be positive"),
                ));
            }
            let sizes = (0..r)
                .map(|d| limit(d).minus(start(d)).ceil_div(stride(d)))
                .collect();
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks,
            })
        }
        HloOp::DynamicPad => {
            let r = rank(ctx, *data.operands.first()?)?;
            for i in 2..=4 {
                (elements(ctx, op, i)?.len() == r).then_some(())?;
            }
            let mut sizes = Vec::new();
            let mut checks = Vec::new();
            for d in 0..r {
                let (low, high, interior) = (Size::elem(2, d), Size::elem(3, d), Size::elem(4, d));
                let size = padded(Size::dim(0, d), low, high, interior.clone());
                checks.push(check(
                    Requirement::LessEq(Size::Const(0), interior),
                    format!("{name}: the interior padding of dimension {d} must not be negative"),
                ));
                checks.push(result_not_negative(name, d, &size));
                sizes.push(size);
            }
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks,
            })
        }
        HloOp::Iota | HloOp::DynamicIota => {
            // `iota_dimension` names a dimension of the result.
            let dim = attrs::int(ctx, op, "iota_dimension")?;
            let r = rank(ctx, *data.results.first()?);
            (dim >= 0 && r.is_none_or(|r| (dim as usize) < r)).then_some(())?;
            let result = match kind {
                HloOp::Iota => consts(&static_shape(ctx, data.results[0])?),
                _ => held_shape(ctx, op, 0)?,
            };
            Some(Rule {
                results: vec![result],
                checks: Vec::new(),
            })
        }
        HloOp::GetDimensionSize => {
            let dim = usize::try_from(attrs::int(ctx, op, "dimension")?).ok()?;
            (dim < rank(ctx, *data.operands.first()?)?).then_some(())?;
            Some(Rule {
                results: vec![Shape::Extents(Vec::new())],
                checks: Vec::new(),
            })
        }
        HloOp::DotGeneral => dot_general(ctx, op, name),
        HloOp::Dot => {
            let (lr, rr) = (
                rank(ctx, *data.operands.first()?)?,
                rank(ctx, *data.operands.get(1)?)?,
            );
            ((1..=2).contains(&lr) && (1..=2).contains(&rr)).then_some(())?;
            let mut sizes: Vec<Size> = (0..lr - 1).map(|d| Size::dim(0, d)).collect();
            sizes.extend((1..rr).map(|d| Size::dim(1, d)));
            Some(Rule {
                results: vec![Shape::Extents(sizes)],
                checks: vec![check(
                    Requirement::Equal(Size::dim(0, lr - 1), Size::dim(1, 0)),
                    format!("{name}: the contracting dimensions must be equal"),
                )],
            })
        }
        HloOp::Convolution => convolution(ctx, op, name),
        HloOp::Broadcast => {
            let sizes = attrs::ints(ctx, op, "broadcast_sizes")?;
            sizes.iter().all(|&s| s >= 0).then_some(())?;
            let r = rank(ctx, *data.operands.first()?)?;
            let mut all: Vec<Size> = sizes.iter().map(|&s| Size::Const(s)).collect();
            all.extend((0..r).map(|d| Size::dim(0, d)));
            Some(Rule {
                results: vec![Shape::Extents(all)],
                checks: Vec::new(),
            })
        }
        HloOp::ShapeAssertion => {
            let message = attrs::string(ctx, op, "error_message")
                .unwrap_or("shape assertion failed")
                .to_string();
            Some(Rule {
                results: Vec::new(),
                checks: vec![check(Requirement::Holds(0), message)],
            })
        }
    }
}

/// CHLO's implicitly broadcasting ops: the NumPy broadcast of the operand
/// shapes. A `broadcast_dimensions` attribute other than NumPy's
/// alignment (the lower-ranked operand's dimensions at the end) declines.
fn chlo_broadcast(ctx: &Context, op: OpId, name: &str) -> Option<Rule> {
    let operands = ctx.op(op).operands.clone();
    if let Some(dims) = attrs::ints(ctx, op, "broadcast_dimensions") {
        let ranks: Vec<usize> = operands
            .iter()
            .map(|&v| rank(ctx, v))
            .collect::<Option<_>>()?;
        let max = ranks.iter().copied().max()?;
        let min = ranks.iter().copied().min()?;
        let numpy: Vec<i64> = ((max - min)..max).map(|d| d as i64).collect();
        (dims == numpy || (max == min && dims.is_empty())).then_some(())?;
    }
    let shapes: Vec<Shape> = (0..operands.len())
        .map(|i| operand_shape(ctx, op, i))
        .collect::<Option<_>>()?;
    Some(Rule {
        results: vec![Shape::Broadcast(shapes.clone()); ctx.op(op).results.len()],
        checks: vec![check(
            Requirement::Broadcastable(shapes),
            format!("{name}: the operand shapes must be broadcastable"),
        )],
    })
}

fn dot_general(ctx: &Context, op: OpId, name: &str) -> Option<Rule> {
    let data = ctx.op(op);
    let dims = attrs::dot_dims(ctx, op)?;
    let (lr, rr) = (
        rank(ctx, *data.operands.first()?)?,
        rank(ctx, *data.operands.get(1)?)?,
    );
    // Each side's batching and contracting dimensions: distinct, in range.
    let in_range = |batch: &[usize], contracting: &[usize], r: usize| {
        let all: Vec<i64> = batch.iter().chain(contracting).map(|&d| d as i64).collect();
        distinct_below(&all, r)
    };
    (dims.lhs_batch.len() == dims.rhs_batch.len()
        && dims.lhs_contracting.len() == dims.rhs_contracting.len()
        && in_range(&dims.lhs_batch, &dims.lhs_contracting, lr)
        && in_range(&dims.rhs_batch, &dims.rhs_contracting, rr))
    .then_some(())?;
    let mut sizes: Vec<Size> = dims.lhs_batch.iter().map(|&d| Size::dim(0, d)).collect();
    let free = |r: usize, batch: &[usize], contracting: &[usize]| -> Vec<usize> {
        (0..r)
            .filter(|d| !batch.contains(d) && !contracting.contains(d))
            .collect()
    };
    sizes.extend(
        free(lr, &dims.lhs_batch, &dims.lhs_contracting)
            .into_iter()
            .map(|d| Size::dim(0, d)),
    );
    sizes.extend(
        free(rr, &dims.rhs_batch, &dims.rhs_contracting)
            .into_iter()
            .map(|d| Size::dim(1, d)),
    );
    let mut checks = Vec::new();
    for (l, r) in dims.lhs_batch.iter().zip(&dims.rhs_batch) {
        checks.push(check(
            Requirement::Equal(Size::dim(0, *l), Size::dim(1, *r)),
            format!("{name}: batching dimension {l} of lhs must equal dimension {r} of rhs"),
        ));
    }
    for (l, r) in dims.lhs_contracting.iter().zip(&dims.rhs_contracting) {
        checks.push(check(
            Requirement::Equal(Size::dim(0, *l), Size::dim(1, *r)),
            format!("{name}: contracting dimension {l} of lhs must equal dimension {r} of rhs"),
        ));
    }
    Some(Rule {
        results: vec![Shape::Extents(sizes)],
        checks,
    })
}

/// The window attributes of a convolution, defaults filled in.
struct Window {
    strides: Vec<i64>,
    padding: Vec<(i64, i64)>,
    lhs_dilation: Vec<i64>,
    rhs_dilation: Vec<i64>,
}

/// The window attributes of a convolution or a `reduce_window`: its
/// `padding` and, by the names `[strides, lhs_dilation, rhs_dilation]`,
/// the others (all ones when absent).
fn window(ctx: &Context, op: OpId, spatial: usize, names: [&str; 3]) -> Option<Window> {
    let or_ones = |name: &str| -> Option<Vec<i64>> {
        match attrs::ints(ctx, op, name) {
            Some(v) if v.len() == spatial && v.iter().all(|&x| x > 0) => Some(v),
            Some(_) => None,
            None => Some(vec![1; spatial]),
        }
    };
    let padding = match attrs::ints(ctx, op, "padding") {
        Some(p) if p.len() == 2 * spatial => p.chunks(2).map(|c| (c[0], c[1])).collect(),
        Some(_) => return None,
        None => vec![(0, 0); spatial],
    };
    let [strides, lhs_dilation, rhs_dilation] = names;
    Some(Window {
        strides: or_ones(strides)?,
        padding,
        lhs_dilation: or_ones(lhs_dilation)?,
        rhs_dilation: or_ones(rhs_dilation)?,
    })
}

impl Window {
    /// The extent a window of extent `window` slid over `input` gives in
    /// spatial dimension `i`: 0 where the dilated, padded input is empty or
    /// shorter than the dilated window, else how many strides fit.
    fn output(&self, i: usize, input: Size, window: Size) -> Size {
        let dilate = |x: Size, by: i64| {
            x.clone().if_less(
                Size::Const(1),
                Size::Const(0),
                x.minus(Size::Const(1))
                    .times(Size::Const(by))
                    .plus(Size::Const(1)),
            )
        };
        let (low, high) = self.padding[i];
        let padded =
            dilate(input, self.lhs_dilation[i]).plus(Size::Const(low).plus(Size::Const(high)));
        let window = dilate(window, self.rhs_dilation[i]);
        let out = padded
            .clone()
            .minus(window.clone())
            .floor_div(Size::Const(self.strides[i]))
            .plus(Size::Const(1));
        padded.clone().if_less(
            Size::Const(1),
            Size::Const(0),
            padded.if_less(window, Size::Const(0), out),
        )
    }
}

/// `reduce_window(inputs..., init_values...)`: every input's window
/// output (`window_dimensions`, `window_strides`, `base_dilations`,
/// `window_dilations`, `padding`), each result alike.
fn reduce_window(ctx: &Context, op: OpId, name: &str) -> Option<Rule> {
    let data = ctx.op(op);
    let inputs = data.operands.len() / 2;
    let r = rank(ctx, *data.operands.first()?)?;
    let windows = attrs::ints(ctx, op, "window_dimensions")?;
    (windows.len() == r && windows.iter().all(|&w| w > 0)).then_some(())?;
    let w = window(
        ctx,
        op,
        r,
        ["window_strides", "base_dilations", "window_dilations"],
    )?;
    let sizes: Vec<Size> = (0..r)
        .map(|d| w.output(d, Size::dim(0, d), Size::Const(windows[d])))
        .collect();
    let checks = inputs_alike(name, inputs);
    Some(Rule {
        results: vec![Shape::Extents(sizes); data.results.len()],
        checks,
    })
}

fn convolution(ctx: &Context, op: OpId, name: &str) -> Option<Rule> {
    let data = ctx.op(op);
    let dims: ConvDims = attrs::conv_dims(ctx, op)?;
    let (lr, rr) = (
        rank(ctx, *data.operands.first()?)?,
        rank(ctx, *data.operands.get(1)?)?,
    );
    let spatial = dims.input_spatial.len();
    // Each of the input's, kernel's and output's dimension numbers:
    // distinct, in range.
    let distinct = |first: usize, second: usize, spatial: &[usize]| {
        let all: Vec<i64> = [first, second]
            .iter()
            .chain(spatial)
            .map(|&d| d as i64)
            .collect();
        distinct_below(&all, lr)
    };
    (lr == spatial + 2
        && rr == spatial + 2
        && dims.kernel_spatial.len() == spatial
        && dims.output_spatial.len() == spatial
        && distinct(dims.input_batch, dims.input_feature, &dims.input_spatial)
        && distinct(
            dims.kernel_input_feature,
            dims.kernel_output_feature,
            &dims.kernel_spatial,
        )
        && distinct(dims.output_batch, dims.output_feature, &dims.output_spatial))
    .then_some(())?;
    let w = window(
        ctx,
        op,
        spatial,
        ["window_strides", "lhs_dilation", "rhs_dilation"],
    )?;
    let groups = |n: &str| match attrs::int(ctx, op, n) {
        Some(g) if g > 0 => Some(g),
        Some(_) => None,
        None => Some(1),
    };
    let (features, batches) = (groups("feature_group_count")?, groups("batch_group_count")?);
    // Not both grouped.
    (features == 1 || batches == 1).then_some(())?;
    let mut sizes = vec![Size::Const(0); lr];
    *sizes.get_mut(dims.output_batch)? =
        Size::dim(0, dims.input_batch).floor_div(Size::Const(batches));
    *sizes.get_mut(dims.output_feature)? = Size::dim(1, dims.kernel_output_feature);
    for i in 0..spatial {
        let input = Size::dim(0, dims.input_spatial[i]);
        let kernel = Size::dim(1, dims.kernel_spatial[i]);
        *sizes.get_mut(dims.output_spatial[i])? = w.output(i, input, kernel);
    }
    let checks: Vec<Check> = vec![
        check(
            Requirement::Equal(
                Size::dim(0, dims.input_feature),
                Size::dim(1, dims.kernel_input_feature).times(Size::Const(features)),
            ),
            format!("{name}: the input features must be the kernel's input features times feature_group_count"),
        ),
        check(
            Requirement::Divisible(Size::dim(0, dims.input_batch), Size::Const(batches)),
            format!("{name}: the input batch must be a multiple of batch_group_count"),
        ),
        check(
            Requirement::Divisible(Size::dim(1, dims.kernel_output_feature), Size::Const(features)),
            format!("{name}: the kernel's output features must be a multiple of feature_group_count"),
        ),
        check(
            Requirement::Divisible(Size::dim(1, dims.kernel_output_feature), Size::Const(batches)),
            format!("{name}: the kernel's output features must be a multiple of batch_group_count"),
        ),
    ]
    .into_iter()
    .filter(|c| !matches!(c.requirement, Requirement::Divisible(_, Size::Const(1))))
    .collect();
    Some(Rule {
        results: vec![Shape::Extents(sizes)],
        checks,
    })
}
