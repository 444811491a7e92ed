//! Strict symbolic shapes: where each extent of a shape comes from, and the
//! checks a broadcast makes under the assumption.
//!
//! A function that assumes strict symbolic shapes
//! ([`ir::dialect::func::STRICT_SYMBOLIC_SHAPES`]) assumes that a dimension
//! its arguments' types leave dynamic (`?`) is not the broadcasting 1, and
//! checks the assumption lazily, where it matters: at a broadcast
//! (`shape.broadcast`, `shape.is_broadcastable`,
//! `shape.cstr_broadcastable`). In each dimension of the broadcast, the
//! *strict* extents that reach it — those dynamic in an argument's type
//! (*symbolic*) and static ones other than 1 — must all be equal when one
//! of them is symbolic, else the op fails with [`STRICT_FAILURE`], one
//! message for every such check, as torch-mlir gives one.
//! A symbolic extent against a static 1 is kept; against an extent of
//! unknown origin (read from an extent tensor, computed) the usual rule
//! applies. Where the checks pass and no extent of unknown origin takes
//! part, the result is the strict extent, with no choice to make.
//!
//! What reaches a dimension is the extents it was broadcast from, through
//! any chain of broadcasts ([`Leaf`]): a check of `broadcast(a, b)` and
//! `c` compares what a check of `a`, `b` and `c` compares, so a pass may
//! flatten, widen or merge broadcast checks as it does in general mode,
//! and the message stays the one the function can fail with.
//!
//! This module is the one definition of that meaning: the interpreter, the
//! lowering to std form and the e-graph all read [`StrictExtents`]. It
//! knows the dimensions of a shape value of known rank through `shape_of`
//! of an entry-block argument (and of any ranked tensor, for its static
//! dimensions), `const_shape`, casts, `broadcast`, `concat`, `split_at` at
//! a constant index and the results of `shape.assuming`. A function that
//! does not assume strict symbolic shapes has no strict extents: every
//! broadcast keeps its general meaning.

use crate::ranks::{constant_int, ops_of_unknown_shape};
use ir::dialect::func::strict_symbolic_shapes;
use ir::{Context, OpId, OpKind, TypeKind, ValueId};
use rustc_hash::FxHashMap;

/// What an extent of a shape in a strict function is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// This number, from a type or a constant.
    Static(i64),
    /// A dimension an entry-block argument's type leaves dynamic.
    Symbolic,
    /// Anything else.
    Unknown,
}

impl Extent {
    /// Whether strict symbolic shapes compares this extent for equality at
    /// a broadcast: symbolic, or static and not 1.
    pub fn is_strict(self) -> bool {
        match self {
            Extent::Static(value) => value != 1,
            Extent::Symbolic => true,
            Extent::Unknown => false,
        }
    }
}

/// An extent a shape is made of: extent `index` of shape `shape` (the
/// `shape_of` or `const_shape` that made it), and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub shape: ValueId,
    pub index: usize,
    pub extent: Extent,
}

/// What reaches one dimension of a shape: the extents it was broadcast
/// from (one, unless a broadcast made it), static 1s left out.
pub type Dimension = Vec<Leaf>;

/// The check strict symbolic shapes makes in one dimension of a broadcast:
/// the strict extents that reach it are all equal, the first (a static one
/// if there is one) standing for them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrictCheck {
    /// The dimension of the broadcast's result, from the front.
    pub dimension: usize,
    /// The strict extents that reach the dimension, the result first.
    pub strict: Vec<Leaf>,
    /// The operands whose extent in the dimension is not the strict one:
    /// an extent of unknown origin reaches it, and the usual rule decides.
    pub loose: Vec<usize>,
}

/// The failure of a broadcast whose strict extents differ in a dimension.
pub const STRICT_FAILURE: &str =
    "strict symbolic shapes: broadcast needs equal extents where one is dynamic";

/// The known extents of the shapes of one function (empty unless it
/// assumes strict symbolic shapes).
#[derive(Default)]
pub struct StrictExtents {
    /// The entry-block arguments (none unless the function is strict).
    args: Vec<ValueId>,
    shapes: FxHashMap<ValueId, Vec<Dimension>>,
}

impl StrictExtents {
    /// Read `func` (a function-like op).
    pub fn new(ctx: &Context, func: OpId) -> Self {
        let mut analysis = StrictExtents::default();
        if !strict_symbolic_shapes(ctx, func) {
            return analysis;
        }
        let args: Vec<ValueId> = ctx
            .op(func)
            .regions
            .first()
            .and_then(|&r| ctx.region(r).blocks.first())
            .map(|&b| ctx.block(b).args.to_vec())
            .unwrap_or_default();
        ctx.walk_nested(func, &mut |op| analysis.read(ctx, &args, op));
        analysis.args = args;
        analysis
    }

    /// Whether dimension `dim` of tensor `t` is symbolic: `t` is an
    /// entry-block argument of a strict function, dynamic there in its type.
    pub fn is_symbolic(&self, ctx: &Context, t: ValueId, dim: usize) -> bool {
        self.args.contains(&t)
            && matches!(
                tensor_extents(ctx, &self.args, t)
                    .as_deref()
                    .and_then(|e| e.get(dim)),
                Some(Extent::Symbolic)
            )
    }

    /// Whether nothing is known: the function does not assume strict
    /// symbolic shapes, or has no shape of known extents.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// The rank of shape `v`, if the analysis knows its extents.
    pub fn rank(&self, v: ValueId) -> Option<usize> {
        self.shapes.get(&v).map(Vec::len)
    }

    fn read(&mut self, ctx: &Context, args: &[ValueId], op: OpId) {
        let data = ctx.op(op);
        let kind = ctx.kind(op);
        if kind == OpKind::ShapeAssumingYield {
            // The results of the `shape.assuming` are the values yielded.
            if let Some(assuming) = ctx.parent_op(op) {
                let pairs: Vec<(ValueId, ValueId)> = data
                    .operands
                    .iter()
                    .copied()
                    .zip(ctx.op(assuming).results.iter().copied())
                    .collect();
                for (yielded, result) in pairs {
                    if let Some(d) = self.shapes.get(&yielded).cloned() {
                        self.shapes.insert(result, d);
                    }
                }
            }
            return;
        }
        let Some(&result) = data.results.first() else {
            return;
        };
        let operands = data.operands.as_slice();
        let known = |v: &ValueId| self.shapes.get(v);
        let leaves = |extents: Vec<Extent>| -> Vec<Dimension> {
            extents
                .into_iter()
                .enumerate()
                .map(|(index, extent)| {
                    let leaf = Leaf {
                        shape: result,
                        index,
                        extent,
                    };
                    leaf_dimension(leaf)
                })
                .collect()
        };
        let dimensions: Option<Vec<Dimension>> = match (kind, operands) {
            (OpKind::ShapeShapeOf, [t]) => tensor_extents(ctx, args, *t).map(leaves),
            (OpKind::ShapeConstShape, _) => ctx
                .attr(op, "shape")
                .and_then(|a| fold::extents(ctx, a))
                .map(|e| leaves(e.into_iter().map(Extent::Static).collect())),
            (
                OpKind::TensorCast
                | OpKind::ShapeToExtentTensor
                | OpKind::ShapeFromExtentTensor
                | OpKind::ShapeDebugPrint,
                [x],
            ) => known(x).cloned(),
            (OpKind::ShapeBroadcast, _) => operands
                .iter()
                .map(known)
                .collect::<Option<Vec<_>>>()
                .map(|shapes| {
                    aligned(&shapes)
                        .into_iter()
                        .map(|column| column.into_iter().flat_map(|(_, d)| d.clone()).collect())
                        .collect()
                }),
            (OpKind::ShapeConcat, [a, b]) => known(a)
                .zip(known(b))
                .map(|(a, b)| [a.as_slice(), b.as_slice()].concat()),
            (OpKind::ShapeSplitAt, [s, i]) => {
                let parts = known(s).zip(constant_int(ctx, *i)).and_then(|(s, i)| {
                    let rank = i64::try_from(s.len()).ok()?;
                    let at = usize::try_from(if i < 0 { i + rank } else { i }).ok()?;
                    (at <= s.len()).then(|| (s[..at].to_vec(), s[at..].to_vec()))
                });
                if let (Some((head, tail)), Some(&tail_result)) = (parts, data.results.get(1)) {
                    self.shapes.insert(tail_result, tail);
                    Some(head)
                } else {
                    None
                }
            }
            // Everything else makes no shape whose extents are known here.
            (
                OpKind::ShapeShapeOf
                | OpKind::ShapeConcat
                | OpKind::ShapeSplitAt
                | OpKind::TensorCast
                | OpKind::ShapeToExtentTensor
                | OpKind::ShapeFromExtentTensor
                | OpKind::ShapeDebugPrint
                | OpKind::ShapeAny
                | ops_of_unknown_shape!(),
                _,
            ) => None,
        };
        if let Some(dimensions) = dimensions {
            self.shapes.insert(result, dimensions);
        }
    }

    /// The checks broadcast-family op `op` (`shape.broadcast`,
    /// `shape.is_broadcastable`, `shape.cstr_broadcastable`) makes before
    /// anything else, in order of its result's dimensions, failing with
    /// [`STRICT_FAILURE`]: none for any other op, or where an operand's
    /// extents are not known.
    pub fn checks(&self, ctx: &Context, op: OpId) -> Vec<StrictCheck> {
        let broadcasts = matches!(
            ctx.kind(op),
            OpKind::ShapeBroadcast | OpKind::ShapeIsBroadcastable | OpKind::ShapeCstrBroadcastable
        );
        if !broadcasts || self.shapes.is_empty() {
            return Vec::new();
        }
        let Some(shapes) = ctx
            .op(op)
            .operands
            .iter()
            .map(|v| self.shapes.get(v))
            .collect::<Option<Vec<_>>>()
        else {
            return Vec::new();
        };
        aligned(&shapes)
            .into_iter()
            .enumerate()
            .filter_map(|(dimension, column)| check_of(dimension, &column))
            .collect()
    }
}

/// The dimension that is `leaf`: nothing reaches it when it is a static 1.
fn leaf_dimension(leaf: Leaf) -> Dimension {
    match leaf.extent {
        Extent::Static(1) => Vec::new(),
        _ => vec![leaf],
    }
}

/// Per dimension of the broadcast of `shapes` (aligned at the back), the
/// operands that reach it and what reaches it through each.
fn aligned<'s>(shapes: &[&'s Vec<Dimension>]) -> Vec<Vec<(usize, &'s Dimension)>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    (0..rank)
        .map(|dimension| {
            shapes
                .iter()
                .enumerate()
                .filter_map(|(operand, s)| {
                    Some((operand, s.get((dimension + s.len()).checked_sub(rank)?)?))
                })
                .collect()
        })
        .collect()
}

/// The check of `dimension`, whose operands bring `column`, if a symbolic
/// extent and another strict one reach it.
fn check_of(dimension: usize, column: &[(usize, &Dimension)]) -> Option<StrictCheck> {
    let mut strict: Vec<Leaf> = column
        .iter()
        .flat_map(|(_, d)| d.iter().copied())
        .filter(|l| l.extent.is_strict())
        .collect();
    let symbolic = strict.iter().any(|l| matches!(l.extent, Extent::Symbolic));
    if !symbolic || strict.len() < 2 {
        return None;
    }
    // The result: a static extent if there is one (a stable sort keeps
    // the order of the others).
    strict.sort_by_key(|l| !matches!(l.extent, Extent::Static(_)));
    let loose = column
        .iter()
        .filter(|(_, d)| d.iter().any(|l| l.extent == Extent::Unknown))
        .map(|&(operand, _)| operand)
        .collect();
    Some(StrictCheck {
        dimension,
        strict,
        loose,
    })
}
/// The extents of the shape of tensor `t`: of an entry-block argument,
/// symbolic where its type is dynamic; of any other ranked tensor, static
/// where its type is.
fn tensor_extents(ctx: &Context, args: &[ValueId], t: ValueId) -> Option<Vec<Extent>> {
    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ctx.value_type(t)) else {
        return None;
    };
    let arg = args.contains(&t);
    Some(
        shape
            .iter()
            .map(|&n| match (n == ir::types::DYNAMIC, arg) {
                (false, _) => Extent::Static(n),
                (true, true) => Extent::Symbolic,
                (true, false) => Extent::Unknown,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(index: usize, extent: Extent) -> Dimension {
        leaf_dimension(Leaf {
            shape: ValueId(0),
            index,
            extent,
        })
    }

    const A: Extent = Extent::Symbolic;
    const B: Extent = Extent::Symbolic;
    const ONE: Extent = Extent::Static(1);
    const FOUR: Extent = Extent::Static(4);

    fn column(dimensions: &[Dimension]) -> Vec<(usize, &Dimension)> {
        dimensions.iter().enumerate().collect()
    }

    #[test]
    fn two_symbolic_extents_need_to_be_equal() {
        let dims = [leaf(0, A), leaf(1, B)];
        let check = check_of(1, &column(&dims)).unwrap();
        assert_eq!(check.dimension, 1);
        assert_eq!(check.strict.len(), 2);
        assert!(check.loose.is_empty());
    }

    #[test]
    fn a_static_extent_other_than_one_is_the_result() {
        let dims = [leaf(0, A), leaf(1, FOUR), leaf(2, Extent::Unknown)];
        let check = check_of(0, &column(&dims)).unwrap();
        assert_eq!(check.strict[0].extent, FOUR);
        assert_eq!(check.loose, vec![2]);
    }

    #[test]
    fn no_check_without_a_symbolic_extent_or_a_second_strict_one() {
        let dims = [leaf(0, A), leaf(1, ONE), leaf(2, Extent::Unknown)];
        assert_eq!(check_of(0, &column(&dims)), None);
        let dims = [leaf(0, FOUR), leaf(1, FOUR)];
        assert_eq!(check_of(0, &column(&dims)), None);
    }

    #[test]
    fn extents_reach_a_dimension_through_broadcasts() {
        // A broadcast of [A] and [B], then with [FOUR]: all three reach it.
        let inner = [leaf(0, A), leaf(1, B)];
        let through: Dimension = inner.iter().flatten().copied().collect();
        let dims = [through, leaf(2, FOUR)];
        let check = check_of(0, &column(&dims)).unwrap();
        assert_eq!(check.strict.len(), 3);
        assert_eq!(check.strict[0].extent, FOUR);
    }
}
