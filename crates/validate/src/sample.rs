//! Concrete inputs to run a function on: for each parameter a shape (a
//! tensor, `!shape.shape`, `!shape.value_shape` or extent-tensor argument)
//! or a scalar (`index`, `!shape.size`, integers), drawn from ranks 0–4 and
//! extents {0, 1, 2, 3, 7} — in four families, so that the function's own
//! constraints both hold and fail: every shape the same, the same with
//! extents of 1 mixed in (broadcastable), chained shapes where each starts
//! with the extent the previous one ended with (matmul-like), and
//! independent random shapes. Static dimensions of tensor types are always
//! respected. The draw is deterministic.

use interp::Arg as SampleArg;
use ir::{Context, OpId, Type, TypeKind};

/// The extents samples are made of.
pub const EXTENTS: [i64; 5] = [0, 1, 2, 3, 7];
/// The largest rank sampled for a parameter of unknown rank.
pub const MAX_RANK: usize = 4;

/// What a parameter's type allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A shape of this rank, with these static extents.
    Ranked(Vec<Option<i64>>),
    /// A shape of any rank.
    AnyRank,
    Scalar,
}

/// The parameters of a function of input types `inputs`; `None` if one of
/// them cannot be sampled (a float, a memref...).
pub fn params(ctx: &Context, inputs: &[Type]) -> Option<Vec<Param>> {
    inputs.iter().map(|&t| param(ctx, t)).collect()
}

fn param(ctx: &Context, t: Type) -> Option<Param> {
    let dims = |shape: &[i64]| shape.iter().map(|&d| (d >= 0).then_some(d)).collect();
    match ctx.type_kind(t) {
        TypeKind::Shape | TypeKind::ValueShape | TypeKind::UnrankedTensor { .. } => {
            Some(Param::AnyRank)
        }
        TypeKind::Index | TypeKind::Size | TypeKind::Integer { .. } => Some(Param::Scalar),
        TypeKind::RankedTensor { shape, elem, .. } => {
            // A 1-d tensor of index is an extent tensor: its values are a shape.
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) {
                return Some(match shape[0] {
                    n if n >= 0 => Param::Ranked(vec![None; n as usize]),
                    _ => Param::AnyRank,
                });
            }
            Some(Param::Ranked(dims(shape)))
        }
        _ => None,
    }
}

/// A small deterministic generator (splitmix64).
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn extent(&mut self) -> i64 {
        EXTENTS[self.below(EXTENTS.len())]
    }
    fn shape(&mut self, rank: usize) -> Vec<i64> {
        (0..rank).map(|_| self.extent()).collect()
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
        Param::AnyRank | Param::Scalar => shape.to_vec(),
    }
}

/// Up to `count` distinct argument lists for `params`, drawn from `seed`.
pub fn samples(params: &[Param], count: usize, seed: u64) -> Vec<Vec<SampleArg>> {
    let mut draw = Draw(seed);
    let mut out: Vec<Vec<SampleArg>> = Vec::new();
    // Families can repeat themselves on small domains: bound the attempts.
    for attempt in 0..count * 8 {
        if out.len() == count {
            break;
        }
        let args = sample(params, attempt % 4, &mut draw);
        if !out.contains(&args) {
            out.push(args);
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
    params
        .iter()
        .map(|p| {
            if *p == Param::Scalar {
                return SampleArg::Scalar(draw.extent());
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
            SampleArg::Shape(shape)
        })
        .collect()
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
    fn same_family_gives_equal_shapes() {
        let params = [Param::AnyRank, Param::AnyRank];
        let all = samples(&params, 20, 1);
        assert!(all
            .iter()
            .any(|a| a[0] == a[1] && a[0] != SampleArg::Shape(vec![])));
        assert!(all.iter().any(|a| a[0] != a[1]));
    }
}
