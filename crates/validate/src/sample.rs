//! Concrete inputs to run a function on: for each parameter a shape (a
//! tensor, `!shape.shape`, `!shape.value_shape` or extent-tensor argument,
//! or a handle of a foreign type whose text shows a shape,
//! `!torch.vtensor<[?,?],f32>`), a scalar (`index`, `!shape.size`,
//! integers, floats; an `i1` is 0 or 1; the number of a handle of any
//! other foreign type, `!torch.vtensor`, `!foo.bar`: its parameter's
//! position, so that distinct parameters are distinct handles), or the
//! elements of an integer tensor (`dense<...>`, for tensors of
//! integers or `index` other than extent tensors: the shape operands of
//! ONNX-style Reshape, Expand and Slice). Only types with no value to
//! give (memrefs, vectors, tuples...) cannot be sampled. Shapes are drawn from ranks 0–4 and extents {0, 1, 2, 3, 7}
//! — in four families, so that the function's own constraints both hold
//! and fail: every shape the same, the same with extents of 1 mixed in
//! (broadcastable), chained shapes where each starts with the extent the
//! previous one ended with (matmul-like), and independent random shapes.
//! Static dimensions of tensor types are always respected.
//!
//! The elements of a short 1-D integer tensor (at most 8, its length the
//! rank of another argument's shape when dynamic) follow the rules shapes
//! obey, in five families: small values from {-1, 0, 1, 2, 3, 7}; a
//! reshape target whose product is the element count of another argument
//! (its factors spread over the positions, sometimes one of them -1, to be
//! inferred); another argument's shape (last extents, or padded with 1s in
//! front as broadcasting pads, sometimes an extent made 1); positions within
//! another argument's shape, from -extent to extent (slice bounds); and
//! random values in -8..=8. Longer or higher-rank tensors get small values;
//! those of more than 4096 elements, or of none in more than one
//! dimension, are given by their shape alone.
//! Values that do not fit the element type become 0 or 1. The draw is
//! deterministic: the workspace's generator (`splitmix`) from a seed per
//! function.

use interp::Arg as SampleArg;
use ir::{Context, OpId, Type, TypeKind};
use splitmix::SplitMix64;

/// The extents samples are made of.
pub const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];
/// The largest rank sampled for a parameter of unknown rank.
pub const MAX_RANK: usize = 4;

/// The longest static extent tensor a parameter may have to be sampled
/// (its values are a shape of that rank).
const MAX_EXTENT_TENSOR_LENGTH: usize = 4096;

/// Small values drawn as elements of integer tensors.
pub const ELEMENTS: [i64; 6] = [-1, 0, 1, 2, 3, 7];
/// Integer tensors of at most this many elements (and rank 1) get elements
/// that follow shape rules.
const MAX_SHAPE_LIKE: usize = 8;
/// Integer tensors of more elements are given by their shape alone.
const MAX_DATA_ELEMENTS: usize = 4096;

/// What a parameter's type allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A shape of this rank, with these static extents.
    Ranked(Vec<Option<i64>>),
    /// A shape of any rank.
    AnyRank,
    /// An `index`, `!shape.size` or float.
    Scalar,
    /// An integer of this bit width (a drawn extent that does not fit
    /// becomes its lowest bit).
    Integer(u32),
    /// A tensor of integers (or of `index`, but not an extent tensor) whose
    /// elements the function may read: its dimensions (`None`: of unknown
    /// rank, sampled 1-D) and the elements' bit width (64 for `index`).
    Data {
        dims: Option<Vec<Option<i64>>>,
        width: u32,
    },
    /// A handle of a foreign type that shows no shape (`!torch.vtensor`,
    /// `!foo.bar`): given by its number, the parameter's position.
    Handle,
}

/// The parameters of a function of input types `inputs`; `None` if one of
/// them cannot be sampled (a memref, a vector, a tuple...). A foreign type
/// (of no registered dialect) is a handle: one that shows a shape
/// (`!torch.vtensor<[?,3],f32>`) is sampled as a tensor of that shape is,
/// any other is [`Param::Handle`].
pub fn params(ctx: &Context, inputs: &[Type]) -> Option<Vec<Param>> {
    inputs.iter().map(|&t| param(ctx, t)).collect()
}

fn param(ctx: &Context, t: Type) -> Option<Param> {
    let dims = |shape: &[i64]| shape.iter().map(|&d| (d >= 0).then_some(d)).collect();
    let width = |elem: Type| match ctx.type_kind(elem) {
        TypeKind::Index => Some(64),
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    match ctx.type_kind(t) {
        TypeKind::UnrankedTensor { elem } => Some(match width(*elem) {
            Some(width) => Param::Data { dims: None, width },
            None => Param::AnyRank,
        }),
        TypeKind::Shape | TypeKind::ValueShape => Some(Param::AnyRank),
        TypeKind::Index | TypeKind::Size | TypeKind::Float(_) => Some(Param::Scalar),
        TypeKind::Integer { width, .. } => Some(Param::Integer(*width)),
        TypeKind::RankedTensor { shape, elem, .. } => {
            // A 1-d tensor of index is an extent tensor: its values are a shape.
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) {
                return Some(match usize::try_from(shape[0]) {
                    Ok(n) if n <= MAX_EXTENT_TENSOR_LENGTH => Param::Ranked(vec![None; n]),
                    // Too long to give an input: the function is not sampled.
                    Ok(_) => return None,
                    Err(_) => Param::AnyRank,
                });
            }
            Some(match width(*elem) {
                Some(width) => Param::Data {
                    dims: Some(dims(shape)),
                    width,
                },
                None => Param::Ranked(dims(shape)),
            })
        }
        kind if interp::is_foreign(kind) => Some(match interp::foreign_shape(kind) {
            Some(shape) => Param::Ranked(dims(&shape)),
            None => Param::Handle,
        }),
        _ => None,
    }
}

/// The first parameter type of `inputs` that cannot be sampled, if any.
pub fn unsampleable(ctx: &Context, inputs: &[Type]) -> Option<Type> {
    inputs.iter().copied().find(|&t| param(ctx, t).is_none())
}

/// The workspace's generator ([`SplitMix64`]) and the draws of samples.
struct Draw(SplitMix64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn extent(&mut self) -> i64 {
        EXTENTS[self.below(EXTENTS.len())]
    }
    fn shape(&mut self, rank: usize) -> Vec<i64> {
        (0..rank).map(|_| self.extent()).collect()
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// `shape` made to fit `param`: cut or extended to its rank (with fresh
/// extents), static extents imposed.
fn fit(shape: &[i64], param: &Param, draw: &mut Draw) -> Vec<i64> {
    match param {
        Param::Ranked(dims) => dims
            .iter()
            .enumerate()
            .map(|(i, d)| {
                d.unwrap_or_else(|| shape.get(i).copied().unwrap_or_else(|| draw.extent()))
            })
            .collect(),
        Param::AnyRank | Param::Scalar | Param::Integer(_) | Param::Data { .. } | Param::Handle => {
            shape.to_vec()
        }
    }
}

/// Draws in a row that found nothing new after which sampling stops.
const MAX_REPEATED_DRAWS: usize = 10_000;

/// Up to `count` distinct argument lists for `params`, drawn from `seed`.
pub fn samples(params: &[Param], count: usize, seed: u64) -> Vec<Vec<SampleArg>> {
    let mut draw = Draw(SplitMix64::new(seed));
    let mut out: Vec<Vec<SampleArg>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut since_new = 0;
    // Families can repeat themselves on small domains: bound the attempts,
    // and stop once a long run of them found nothing new (the domain is
    // exhausted: a function of one shape has 781 inputs to draw).
    for attempt in 0..count.saturating_mul(8) {
        if out.len() == count || since_new == MAX_REPEATED_DRAWS {
            break;
        }
        let args = sample(params, attempt % 4, &mut draw);
        since_new += 1;
        if seen.insert(args.clone()) {
            out.push(args);
            since_new = 0;
        }
    }
    out
}

fn sample(params: &[Param], family: usize, draw: &mut Draw) -> Vec<SampleArg> {
    let base = {
        let rank = draw.below(MAX_RANK + 1);
        draw.shape(rank)
    };
    let mut previous_last: Option<i64> = None;
    let drawn: Vec<Option<SampleArg>> = params
        .iter()
        .enumerate()
        .map(|(position, p)| {
            match p {
                Param::Scalar => return Some(SampleArg::Scalar(draw.extent())),
                // Distinct handles: each parameter's its own.
                Param::Handle => return Some(SampleArg::Scalar(position as i64)),
                Param::Integer(width) => {
                    return Some(SampleArg::Scalar(fit_width(draw.extent(), *width)))
                }
                Param::Data { .. } => return None,
                Param::Ranked(_) | Param::AnyRank => {}
            }
            let shape = match family {
                // Every shape the same.
                0 => base.clone(),
                // Broadcastable: extents of 1 mixed in.
                1 => base
                    .iter()
                    .map(|&e| if draw.below(3) == 0 { 1 } else { e })
                    .collect(),
                // Chained: starts with the extent the previous shape ended with.
                2 => {
                    let mut s = draw.shape(base.len().max(1));
                    if let Some(first) = previous_last {
                        s[0] = first;
                    }
                    s
                }
                _ => {
                    let rank = draw.below(MAX_RANK + 1);
                    draw.shape(rank)
                }
            };
            let shape = fit(&shape, p, draw);
            previous_last = shape.last().copied();
            Some(SampleArg::Shape(shape))
        })
        .collect();
    // Integer tensors follow the shapes of the other arguments.
    let shapes: Vec<Vec<i64>> = drawn
        .iter()
        .filter_map(|a| match a {
            Some(SampleArg::Shape(s)) => Some(s.clone()),
            _ => None,
        })
        .collect();
    params
        .iter()
        .zip(drawn)
        .map(|(p, arg)| arg.unwrap_or_else(|| data(p, &shapes, draw)))
        .collect()
}

/// An integer tensor for the [`Param::Data`] `p`, given the shapes
/// `shapes` of the other arguments.
fn data(p: &Param, shapes: &[Vec<i64>], draw: &mut Draw) -> SampleArg {
    let (dims, width) = match p {
        Param::Data { dims, width } => (dims.as_deref(), *width),
        _ => (None, 64),
    };
    // A short dynamic 1-D tensor is as long as another argument's rank.
    let rank_like = |draw: &mut Draw| match draw.pick(shapes) {
        Some(s) if draw.below(4) != 0 => s.len() as i64,
        _ => draw.below(MAX_RANK + 1) as i64,
    };
    let shape: Vec<i64> = match dims {
        Some([d]) => vec![d.unwrap_or_else(|| rank_like(draw))],
        Some(dims) => dims
            .iter()
            .map(|d| d.unwrap_or_else(|| draw.extent()))
            .collect(),
        None => vec![rank_like(draw)],
    };
    let count = shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
    // Many elements, or none in more than one dimension (which nested
    // lists cannot spell): the shape alone.
    let spellable = |&n: &usize| n <= MAX_DATA_ELEMENTS && (n > 0 || shape.len() <= 1);
    let Some(count) = count.filter(spellable) else {
        return SampleArg::Shape(shape);
    };
    let elements = match shape.len() == 1 && count <= MAX_SHAPE_LIKE {
        true => shape_like(count, shapes, draw),
        false => (0..count)
            .map(|_| ELEMENTS[draw.below(ELEMENTS.len())])
            .collect(),
    };
    SampleArg::Dense {
        shape,
        elements: elements.into_iter().map(|v| fit_width(v, width)).collect(),
    }
}

/// `len` values that follow shape rules, from one of five families (see
/// the module's doc) over the shapes `shapes` of the other arguments.
fn shape_like(len: usize, shapes: &[Vec<i64>], draw: &mut Draw) -> Vec<i64> {
    let other = draw.pick(shapes).cloned().unwrap_or_else(|| {
        let rank = draw.below(MAX_RANK + 1);
        draw.shape(rank)
    });
    let small = |draw: &mut Draw| ELEMENTS[draw.below(ELEMENTS.len())];
    let family = draw.below(5);
    let mut values: Vec<i64> = match family {
        0 => (0..len).map(|_| small(draw)).collect(),
        // A reshape target: the same element count, one extent maybe -1.
        1 => {
            let mut target = vec![1i64; len];
            let count = other.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
            match (count, len) {
                (_, 0) => {}
                (Some(0), _) => target[draw.below(len)] = 0,
                (Some(mut n), _) => {
                    let mut factor = 2;
                    while n > 1 {
                        if factor * factor > n {
                            factor = n;
                        }
                        if n % factor == 0 {
                            target[draw.below(len)] *= factor;
                            n /= factor;
                        } else {
                            factor += 1;
                        }
                    }
                    if draw.below(2) == 0 {
                        target[draw.below(len)] = -1;
                    }
                }
                (None, _) => target = (0..len).map(|_| small(draw)).collect(),
            }
            target
        }
        // Another shape: its last extents, or padded with 1s in front.
        2 => {
            let skip = other.len().saturating_sub(len);
            let mut target = vec![1; len.saturating_sub(other.len())];
            target.extend_from_slice(&other[skip..]);
            target
        }
        // Positions within another shape.
        3 => (0..len)
            .map(|i| {
                let extent = other.get(i).copied().unwrap_or(1).max(0);
                draw.below(2 * extent as usize + 1) as i64 - extent
            })
            .collect(),
        _ => (0..len).map(|_| draw.below(17) as i64 - 8).collect(),
    };
    if family != 1 && len > 0 && draw.below(3) == 0 {
        // An extent of 1 (broadcasting) or 0 somewhere.
        values[draw.below(len)] = draw.below(2) as i64;
    }
    values
}

/// `v` when it fits `width` bits (as a signed or unsigned number), else its
/// lowest bit.
fn fit_width(v: i64, width: u32) -> i64 {
    let fits = width >= 64 || (width > 0 && -(1i64 << (width - 1)) <= v && v < (1i64 << width));
    match fits {
        true => v,
        false => v.rem_euclid(2),
    }
}

/// The input types of function op `f`.
pub fn input_types(ctx: &Context, f: OpId) -> Option<Vec<Type>> {
    let ty = ctx.attr(f, "function_type").and_then(ir::Attr::as_type)?;
    match ctx.type_kind(ty) {
        TypeKind::Function { inputs, .. } => Some(inputs.clone()),
        _ => None,
    }
}

/// `count` inputs of function op `f`, drawn from `seed`; `None` when a
/// parameter type cannot be sampled.
pub fn function_inputs(
    ctx: &Context,
    f: OpId,
    count: usize,
    seed: u64,
) -> Option<Vec<Vec<SampleArg>>> {
    let params = params(ctx, &input_types(ctx, f)?)?;
    Some(samples(&params, count, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_respect_types_and_cover_every_family() {
        let params = [
            Param::Ranked(vec![Some(2), None]),
            Param::Ranked(vec![None, None]),
            Param::AnyRank,
            Param::Scalar,
        ];
        let all = samples(&params, 40, 7);
        assert_eq!(all.len(), 40);
        let mut chained = 0;
        let mut ranks = std::collections::BTreeSet::new();
        for args in &all {
            let [SampleArg::Shape(a), SampleArg::Shape(b), SampleArg::Shape(c), SampleArg::Scalar(s)] =
                args.as_slice()
            else {
                panic!("wrong kinds: {args:?}");
            };
            assert_eq!((a.len(), a[0], b.len()), (2, 2, 2));
            assert!(EXTENTS.contains(s));
            chained += usize::from(a[1] == b[0]);
            ranks.insert(c.len());
        }
        assert!(chained >= 10, "{chained}");
        assert_eq!(ranks.len(), MAX_RANK + 1);
        // Deterministic.
        assert_eq!(samples(&params, 40, 7), all);
    }

    #[test]
    fn integer_tensors_get_elements_that_follow_shape_rules() {
        // A reshape: `(tensor<?x?xf32>, tensor<2xi64>)`.
        let params = [
            Param::Ranked(vec![None, None]),
            Param::Data {
                dims: Some(vec![Some(2)]),
                width: 64,
            },
        ];
        let all = samples(&params, 64, 3);
        assert_eq!(all.len(), 64);
        let (mut same_count, mut inferred, mut zero, mut negative) = (0, 0, 0, 0);
        for args in &all {
            let [SampleArg::Shape(x), SampleArg::Dense { shape, elements }] = args.as_slice()
            else {
                panic!("wrong kinds: {args:?}");
            };
            assert_eq!(
                (x.len(), shape.as_slice(), elements.len()),
                (2, &[2][..], 2)
            );
            same_count += usize::from(elements[0] * elements[1] == x[0] * x[1]);
            inferred += usize::from(elements.contains(&-1));
            zero += usize::from(elements.contains(&0));
            negative += usize::from(elements.iter().any(|&e| e < -1));
        }
        assert!(same_count >= 10, "{same_count}");
        assert!(inferred >= 5, "{inferred}");
        assert!(zero >= 5, "{zero}");
        assert!(negative >= 2, "{negative}");
        assert_eq!(samples(&params, 64, 3), all);

        // A dynamic 1-D target is as long as a rank; i1 elements are 0 or
        // 1 (or -1: true); an unranked one is 1-D; a 2-D one is small
        // values, or its shape alone when it has no element.
        let params = [
            Param::AnyRank,
            Param::Data {
                dims: Some(vec![None]),
                width: 1,
            },
            Param::Data {
                dims: None,
                width: 32,
            },
            Param::Data {
                dims: Some(vec![Some(2), None]),
                width: 8,
            },
        ];
        let mut empty = 0;
        for args in samples(&params, 32, 9) {
            let [SampleArg::Shape(_), SampleArg::Dense {
                shape: b,
                elements: bits,
            }, SampleArg::Dense { shape: u, .. }, matrix] = args.as_slice()
            else {
                panic!("wrong kinds: {args:?}");
            };
            assert!(b.len() == 1 && b[0] <= MAX_RANK as i64, "{b:?}");
            assert!(bits.iter().all(|v| (-1..=1).contains(v)), "{bits:?}");
            assert_eq!(u.len(), 1);
            match matrix {
                SampleArg::Dense { shape, elements } => {
                    assert_eq!((shape.len(), shape[0]), (2, 2));
                    assert!(
                        elements.iter().all(|e| ELEMENTS.contains(e)),
                        "{elements:?}"
                    );
                }
                SampleArg::Shape(shape) => {
                    assert_eq!(shape, &[2, 0]);
                    empty += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(empty > 0 && empty < 16, "{empty}");
    }

    #[test]
    fn same_family_gives_equal_shapes() {
        let params = [Param::AnyRank, Param::AnyRank];
        let all = samples(&params, 20, 1);
        assert!(all
            .iter()
            .any(|a| a[0] == a[1] && a[0] != SampleArg::Shape(vec![])));
        assert!(all.iter().any(|a| a[0] != a[1]));
    }

    fn parse_type(ctx: &mut Context, text: &str) -> Type {
        syntax::parse_type(ctx, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn foreign_types_are_handles() {
        let mut ctx = Context::new();
        let types: Vec<Type> = [
            "!torch.vtensor<[?,3],f32>",
            "!torch.vtensor",
            "!foo.bar",
            "tensor<?x?xf32>",
        ]
        .iter()
        .map(|t| parse_type(&mut ctx, t))
        .collect();
        let params = params(&ctx, &types).expect("sampleable");
        assert_eq!(
            params,
            [
                Param::Ranked(vec![None, Some(3)]),
                Param::Handle,
                Param::Handle,
                Param::Ranked(vec![None, None])
            ]
        );
        let all = samples(&params, 32, 5);
        assert_eq!(all.len(), 32);
        let mut extents = std::collections::BTreeSet::new();
        for args in &all {
            let [SampleArg::Shape(v), SampleArg::Scalar(1), SampleArg::Scalar(2), SampleArg::Shape(t)] =
                args.as_slice()
            else {
                panic!("wrong kinds: {args:?}");
            };
            assert_eq!((v.len(), v[1], t.len()), (2, 3, 2));
            extents.insert(v[0]);
        }
        // The dynamic extent is drawn as a tensor's is.
        assert_eq!(extents.len(), EXTENTS.len(), "{extents:?}");
        // What has no value to give still cannot be sampled.
        let memref = parse_type(&mut ctx, "memref<?xf32>");
        assert_eq!(unsampleable(&ctx, &[types[0], memref]), Some(memref));
    }
}
