//! Strict symbolic shapes: where each extent of a shape comes from, and the
//! checks a broadcast makes under the assumption.
//!
//! A function that assumes strict symbolic shapes
//! ([`ir::dialect::func::STRICT_SYMBOLIC_SHAPES`]) assumes that a dimension
//! its arguments' types leave dynamic (`?`) is not the broadcasting 1, and
//! checks the assumption lazily, where it matters: at a broadcast
//! (`shape.broadcast`, `shape.is_broadcastable`,
//! `shape.cstr_broadcastable`). In each dimension of the broadcast, the
//! *strict* extents — those dynamic in an argument's type (*symbolic*) and
//! static ones other than 1 — must all be equal when one of them is
//! symbolic, else the op fails with [`StrictCheck::message`]. A symbolic
//! extent against a static 1 is kept; against an extent of unknown origin
//! (read from an extent tensor, computed) the usual rule applies. Where the
//! checks pass, the result is the strict extent, with no choice to make.
//!
//! This module is the one definition of that meaning: the interpreter, the
//! lowering to std form and the e-graph all read [`StrictExtents`]. It
//! knows the extents of a shape value of known rank, per dimension
//! ([`Extent`]), through `shape_of` of an entry-block argument (and of any
//! ranked tensor, for its static dimensions), `const_shape`, casts,
//! `broadcast`, `concat`, `split_at` at a constant index and the results of
//! `shape.assuming`. A function that does not assume strict symbolic shapes
//! has no strict extents: every broadcast keeps its general meaning.
//!
//! The checks are a function of the op and of how its operands were made,
//! never of their order or repetition: a check's message names the
//! arguments its extents come from (in argument order, then the constants),
//! and the dimension of the broadcast's result.

use crate::ranks::constant_int;
use ir::dialect::func::strict_symbolic_shapes;
use ir::{Context, OpId, OpKind, TypeKind, ValueId};
use rustc_hash::FxHashMap;

/// What an extent of a shape in a strict function is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// This number, from a type or a constant; `arg`: the entry-block
    /// argument whose type gives it.
    Static { value: i64, arg: Option<usize> },
    /// Dimension `dim` of entry-block argument `arg`, dynamic in its type.
    Symbolic { arg: usize, dim: usize },
    /// Anything else.
    Unknown,
}

impl Extent {
    /// Whether strict symbolic shapes compares this extent for equality at
    /// a broadcast: symbolic, or static and not 1.
    pub fn is_strict(self) -> bool {
        match self {
            Extent::Static { value, .. } => value != 1,
            Extent::Symbolic { .. } => true,
            Extent::Unknown => false,
        }
    }

    /// How a message names where the extent comes from: its argument, or
    /// its value.
    fn name(self) -> String {
        match self {
            Extent::Static { arg: Some(arg), .. } | Extent::Symbolic { arg, .. } => {
                format!("%arg{arg}")
            }
            Extent::Static { value, arg: None } => value.to_string(),
            Extent::Unknown => "?".to_string(),
        }
    }
}

/// An extent of a broadcast's operand: operand `operand`, at `index` in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandExtent {
    pub operand: usize,
    pub index: usize,
}

/// The check strict symbolic shapes makes in one dimension of a broadcast:
/// every extent of `strict` equals the first, which is the dimension's
/// result (a static extent other than 1 first, if there is one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrictCheck {
    /// The dimension of the broadcast's result.
    pub dimension: usize,
    /// The strict extents of the dimension, the result first.
    pub strict: Vec<OperandExtent>,
    /// The dimension's other extents that are not a static 1: of unknown
    /// origin, each 1 or the result for the usual rule to hold.
    pub others: Vec<OperandExtent>,
    /// The failure when the strict extents differ.
    pub message: String,
}

/// The known extents of the shapes of one function (empty unless it
/// assumes strict symbolic shapes).
#[derive(Default)]
pub struct StrictExtents {
    /// The entry-block arguments (none unless the function is strict).
    args: Vec<ValueId>,
    shapes: FxHashMap<ValueId, Vec<Extent>>,
}

impl StrictExtents {
    /// Read `func` (a function-like op).
    pub fn new(ctx: &Context, func: OpId) -> Self {
        let mut analysis = StrictExtents::default();
        if !strict_symbolic_shapes(ctx, func) {
            return analysis;
        }
        analysis.args = ctx
            .op(func)
            .regions
            .first()
            .and_then(|&r| ctx.region(r).blocks.first())
            .map(|&b| ctx.block(b).args.to_vec())
            .unwrap_or_default();
        let args = std::mem::take(&mut analysis.args);
        ctx.walk_nested(func, &mut |op| analysis.read(ctx, &args, op));
        analysis.args = args;
        analysis
    }

    /// Whether dimension `dim` of tensor `t` is symbolic: `t` is an
    /// entry-block argument of a strict function, dynamic there in its type.
    pub fn is_symbolic(&self, ctx: &Context, t: ValueId, dim: usize) -> bool {
        self.args.contains(&t)
            && matches!(tensor_extents(ctx, &self.args, t).as_deref().and_then(|e| e.get(dim)),
                Some(Extent::Symbolic { .. }))
    }

    /// Whether nothing is known: the function does not assume strict
    /// symbolic shapes, or has no shape of known extents.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// The extents of shape `v`, if its rank is known.
    pub fn of(&self, v: ValueId) -> Option<&[Extent]> {
        self.shapes.get(&v).map(Vec::as_slice)
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
                    if let Some(e) = self.shapes.get(&yielded).cloned() {
                        self.shapes.insert(result, e);
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
        let extents: Option<Vec<Extent>> = match (kind, operands) {
            (OpKind::ShapeShapeOf, [t]) => tensor_extents(ctx, args, *t),
            (OpKind::ShapeConstShape, _) => ctx
                .attr(op, "shape")
                .and_then(|a| fold::extents(ctx, a))
                .map(|e| {
                    e.into_iter()
                        .map(|value| Extent::Static { value, arg: None })
                        .collect()
                }),
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
                .map(|shapes| broadcast_extents(&shapes)),
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
                | ir::arith_ops!()
                | ir::control_and_memory_ops!()
                | ir::shape_witness_ops!()
                | ir::shape_size_ops!()
                | OpKind::ShapeFromExtents
                | OpKind::ShapeMeet
                | OpKind::ShapeAny
                | ir::shape_query_ops!()
                | ir::shape_value_shape_ops!()
                | ir::shape_definition_ops!()
                | OpKind::ShapeYield
                | OpKind::TensorDim
                | OpKind::TensorRank
                | OpKind::TensorBitcast
                | ir::tensor_data_ops!()
                | OpKind::Unregistered,
                _,
            ) => None,
        };
        if let Some(extents) = extents {
            self.shapes.insert(result, extents);
        }
    }

    /// The checks broadcast-family op `op` (`shape.broadcast`,
    /// `shape.is_broadcastable`, `shape.cstr_broadcastable`) makes before
    /// anything else, in order of its result's dimensions: none for any
    /// other op, or where an operand's extents are not known.
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
        let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
        (0..rank)
            .filter_map(|dimension| {
                let column: Vec<(OperandExtent, Extent)> = shapes
                    .iter()
                    .enumerate()
                    .filter_map(|(operand, s)| {
                        let index = (dimension + s.len()).checked_sub(rank)?;
                        Some((OperandExtent { operand, index }, s[index]))
                    })
                    .collect();
                check_of(dimension, &column)
            })
            .collect()
    }
}

/// The check of one dimension whose extents are `column`, if it has a
/// symbolic extent and another strict one.
fn check_of(dimension: usize, column: &[(OperandExtent, Extent)]) -> Option<StrictCheck> {
    if !column
        .iter()
        .any(|(_, e)| matches!(e, Extent::Symbolic { .. }))
    {
        return None;
    }
    let mut strict: Vec<(OperandExtent, Extent)> =
        column.iter().copied().filter(|(_, e)| e.is_strict()).collect();
    if strict.len() < 2 {
        return None;
    }
    // The result: a static extent if there is one (stable sort keeps the
    // operands' order otherwise).
    strict.sort_by_key(|(_, e)| !matches!(e, Extent::Static { .. }));
    // Arguments in order, then constants: the same names whatever the
    // operands' order.
    let mut named: Vec<Extent> = column
        .iter()
        .map(|&(_, e)| e)
        .filter(|e| e.is_strict())
        .collect();
    named.sort_by_key(|e| match *e {
        Extent::Static { arg: Some(arg), .. } | Extent::Symbolic { arg, .. } => (0, arg as i64),
        Extent::Static { value, arg: None } => (1, value),
        Extent::Unknown => (2, 0),
    });
    let mut names: Vec<String> = named.into_iter().map(Extent::name).collect();
    names.dedup();
    let names = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    };
    Some(StrictCheck {
        dimension,
        strict: strict.iter().map(|&(at, _)| at).collect(),
        others: column
            .iter()
            .filter(|(_, e)| *e == Extent::Unknown)
            .map(|&(at, _)| at)
            .collect(),
        message: format!(
            "strict symbolic shapes: broadcast of {names} needs equal extents in dimension {dimension}"
        ),
    })
}

/// The extents of the shape of tensor `t`: of an entry-block argument,
/// symbolic where its type is dynamic; of any other ranked tensor, static
/// where its type is.
fn tensor_extents(ctx: &Context, args: &[ValueId], t: ValueId) -> Option<Vec<Extent>> {
    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ctx.value_type(t)) else {
        return None;
    };
    let arg = args.iter().position(|&a| a == t);
    Some(
        shape
            .iter()
            .enumerate()
            .map(|(dim, &n)| match (n == ir::types::DYNAMIC, arg) {
                (false, _) => Extent::Static { value: n, arg },
                (true, Some(arg)) => Extent::Symbolic { arg, dim },
                (true, None) => Extent::Unknown,
            })
            .collect(),
    )
}

/// The extents of the broadcast of `shapes` where its strict checks pass:
/// per dimension, the strict extent that is the result; a static 1 if all
/// are; unknown where an extent of unknown origin takes part.
fn broadcast_extents(shapes: &[&Vec<Extent>]) -> Vec<Extent> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    (0..rank)
        .map(|dimension| {
            let column: Vec<Extent> = shapes
                .iter()
                .filter_map(|s| s.get((dimension + s.len()).checked_sub(rank)?).copied())
                .collect();
            if column.contains(&Extent::Unknown) {
                return Extent::Unknown;
            }
            let static_result = column
                .iter()
                .find(|e| matches!(e, Extent::Static { value, .. } if *value != 1));
            let symbolic = column
                .iter()
                .find(|e| matches!(e, Extent::Symbolic { .. }));
            static_result
                .or(symbolic)
                .copied()
                .unwrap_or(Extent::Static {
                    value: 1,
                    arg: None,
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(extents: &[Extent]) -> Vec<(OperandExtent, Extent)> {
        extents
            .iter()
            .enumerate()
            .map(|(operand, &e)| (OperandExtent { operand, index: 0 }, e))
            .collect()
    }

    const A: Extent = Extent::Symbolic { arg: 0, dim: 0 };
    const B: Extent = Extent::Symbolic { arg: 1, dim: 0 };
    const ONE: Extent = Extent::Static {
        value: 1,
        arg: None,
    };
    const FOUR: Extent = Extent::Static {
        value: 4,
        arg: Some(2),
    };

    #[test]
    fn two_symbolic_extents_need_to_be_equal() {
        let check = check_of(1, &column(&[A, B])).unwrap();
        assert_eq!(
            check.message,
            "strict symbolic shapes: broadcast of %arg0 and %arg1 needs equal extents in dimension 1"
        );
        assert_eq!(check.strict.len(), 2);
        assert!(check.others.is_empty());
    }

    #[test]
    fn a_static_extent_other_than_one_is_the_result() {
        let check = check_of(0, &column(&[A, FOUR, Extent::Unknown])).unwrap();
        assert_eq!(check.strict[0].operand, 1);
        assert_eq!(check.others, vec![OperandExtent { operand: 2, index: 0 }]);
    }

    #[test]
    fn no_check_without_a_symbolic_extent_or_a_second_strict_one() {
        assert_eq!(check_of(0, &column(&[A, ONE, Extent::Unknown])), None);
        assert_eq!(check_of(0, &column(&[FOUR, FOUR])), None);
    }

    #[test]
    fn broadcast_results_are_the_strict_extent() {
        let shapes = [&vec![A, B], &vec![FOUR]];
        assert_eq!(broadcast_extents(&shapes), vec![A, FOUR]);
        let shapes = [&vec![ONE], &vec![Extent::Unknown]];
        assert_eq!(broadcast_extents(&shapes), vec![Extent::Unknown]);
    }
}
