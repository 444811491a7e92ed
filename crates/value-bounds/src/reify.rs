//! Bounds as expressions in chosen targets, and as IR (MLIR's
//! `reifyBound`).

use crate::set::ValueBounds;
use crate::Target;
use bounds::{Affine, BoundKind};
use ir::builder::{Build, OpBuilder};
use ir::{Attr, Context, OpId, OpKind, TypeKind, ValueId};
use std::fmt;

/// `constant + Σ coefficient·target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetExpr {
    /// The terms, each target once.
    pub terms: Vec<(Target, i64)>,
    /// The constant part.
    pub constant: i64,
}

impl TargetExpr {
    /// The value, when the expression has no term.
    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// The value at a point (`None` on overflow).
    pub fn eval(&self, value_of: impl Fn(Target) -> i64) -> Option<i64> {
        self.terms.iter().try_fold(self.constant, |sum, &(t, a)| {
            sum.checked_add(a.checked_mul(value_of(t))?)
        })
    }

    /// Shown with `name` naming each target's value.
    pub fn display<'a>(&'a self, name: &'a dyn Fn(ValueId) -> String) -> impl fmt::Display + 'a {
        Shown { expr: self, name }
    }
}

struct Shown<'a> {
    expr: &'a TargetExpr,
    name: &'a dyn Fn(ValueId) -> String,
}

impl fmt::Display for Shown<'_> {
    /// `dim(%t, 0) + 2*%n - 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for &(t, a) in &self.expr.terms {
            let what = match t {
                Target::Value(v) => (self.name)(v),
                Target::Dim(v, d) => format!("dim({}, {d})", (self.name)(v)),
                Target::Rank(v) => format!("rank({})", (self.name)(v)),
                Target::Extent(v, i) => format!("extent({}, {i})", (self.name)(v)),
            };
            match (first, a < 0) {
                (true, false) => {}
                (true, true) => f.write_str("-")?,
                (false, false) => f.write_str(" + ")?,
                (false, true) => f.write_str(" - ")?,
            }
            match a.unsigned_abs() {
                1 => f.write_str(&what)?,
                m => write!(f, "{m}*{what}")?,
            }
            first = false;
        }
        match (first, self.expr.constant) {
            (true, c) => write!(f, "{c}"),
            (false, 0) => Ok(()),
            (false, c) if c < 0 => write!(f, " - {}", c.unsigned_abs()),
            (false, c) => write!(f, " + {c}"),
        }
    }
}

/// The `kind` bounds of `target` in terms of the targets `stop` accepts
/// (other than `target` itself): for a lower bound `target ≥` each (their
/// maximum), for an upper bound `target ≤` each (their minimum, inclusive),
/// for equality at most one. Empty when none can be shown.
pub fn compute_bound(
    ctx: &Context,
    kind: BoundKind,
    target: Target,
    stop: impl Fn(Target) -> bool,
) -> Vec<TargetExpr> {
    let mut set = ValueBounds::new(ctx, &stop);
    let column = set.explained(target);
    set.process();
    let (constraints, targets) = set.parts();
    let kept = |c: usize| targets[c].is_some_and(|t| t != target && stop(t));
    constraints
        .bound(kind, column, kept)
        .iter()
        .filter_map(|a| in_targets(a, targets))
        .collect()
}

/// Whether `target` is a dimension its value's type fixes (better read as
/// the constant it is than as a target to stop at).
pub fn fixed_by_type(ctx: &Context, target: Target) -> bool {
    match target {
        Target::Dim(v, d) => ctx
            .type_kind(ctx.value_type(v))
            .shape()
            .and_then(|s| s.get(d))
            .is_some_and(|&n| n != ir::types::DYNAMIC),
        _ => false,
    }
}

/// A stop condition: the targets about one of `values` (typically a
/// function's arguments), except the dimensions their types fix.
pub fn about_values<'a>(ctx: &'a Context, values: &'a [ValueId]) -> impl Fn(Target) -> bool + 'a {
    move |t| !fixed_by_type(ctx, t) && values.contains(&t.value())
}

/// The constant `kind` bound of `target`, everything explained that can be.
pub fn constant_bound(ctx: &Context, kind: BoundKind, target: Target) -> Option<i64> {
    let bounds = compute_bound(ctx, kind, target, |_| false);
    let mut constants = bounds.iter().filter_map(TargetExpr::as_constant);
    match kind {
        BoundKind::Lower => constants.max(),
        BoundKind::Upper => constants.min(),
        BoundKind::Equal => constants.next(),
    }
}

/// `a` over the targets its columns stand for, terms sorted by target
/// (`None` when a column is local).
fn in_targets(a: &Affine, targets: &[Option<Target>]) -> Option<TargetExpr> {
    let mut terms = a
        .terms()
        .iter()
        .map(|&(c, k)| Some((targets[c]?, k)))
        .collect::<Option<Vec<_>>>()?;
    terms.sort();
    Some(TargetExpr {
        terms,
        constant: a.constant_part(),
    })
}

/// Make `arith` ops before `before` computing the bound `bounds` describe
/// (several: their maximum for a lower bound, minimum for an upper one),
/// as an `index`. Each target's value must dominate `before`; `None` when
/// `bounds` is empty or a target's value cannot be read as an `index`.
pub fn materialize(
    ctx: &mut Context,
    before: OpId,
    kind: BoundKind,
    bounds: &[TargetExpr],
) -> Option<ValueId> {
    let mut at = Builder { ctx, before };
    let values = bounds
        .iter()
        .map(|e| at.expr(e))
        .collect::<Option<Vec<_>>>()?;
    let combine = match kind {
        BoundKind::Lower => OpKind::ArithMaxsi,
        _ => OpKind::ArithMinsi,
    };
    values
        .into_iter()
        .reduce(|a, b| at.index_op(combine, &[a, b]))
}

/// Makes ops before one op.
struct Builder<'c> {
    ctx: &'c mut Context,
    before: OpId,
}

impl Builder<'_> {
    /// A builder before the op, at its location.
    fn here(&mut self) -> OpBuilder<'_> {
        OpBuilder::before(self.ctx, self.before)
    }

    fn index_op(&mut self, kind: OpKind, operands: &[ValueId]) -> ValueId {
        let index = ir::dialect::index(self.ctx);
        self.here().build1(kind, operands, index, Vec::new())
    }

    fn constant(&mut self, c: i64) -> ValueId {
        let index = ir::dialect::index(self.ctx);
        let value = Attr::Int {
            value: c.into(),
            ty: index,
        };
        self.here()
            .build1(OpKind::ArithConstant, &[], index, vec![("value", value)])
    }

    /// The target's value as an `index`.
    fn target(&mut self, t: Target) -> Option<ValueId> {
        let index = ir::dialect::index(self.ctx);
        let kind = self.ctx.type_kind(self.ctx.value_type(t.value())).clone();
        match (t, kind) {
            (Target::Value(v), TypeKind::Index) => Some(v),
            (Target::Value(v), TypeKind::Size) => {
                Some(
                    self.here()
                        .build1(OpKind::ShapeSizeToIndex, &[v], index, Vec::new()),
                )
            }
            (Target::Value(v), TypeKind::Integer { .. }) => {
                Some(self.index_op(OpKind::ArithIndexCast, &[v]))
            }
            (Target::Dim(v, d), k) if k.is_tensor() => {
                let d = self.constant(i64::try_from(d).ok()?);
                Some(self.index_op(OpKind::TensorDim, &[v, d]))
            }
            (Target::Extent(v, i), TypeKind::RankedTensor { .. }) => {
                let i = self.constant(i64::try_from(i).ok()?);
                Some(self.index_op(OpKind::TensorExtract, &[v, i]))
            }
            (Target::Extent(v, i), TypeKind::Shape) => {
                let i = self.constant(i64::try_from(i).ok()?);
                let size = ir::dialect::size(self.ctx);
                let extent = self
                    .here()
                    .build1(OpKind::ShapeGetExtent, &[v, i], size, Vec::new());
                Some(
                    self.here()
                        .build1(OpKind::ShapeSizeToIndex, &[extent], index, Vec::new()),
                )
            }
            (Target::Rank(v), TypeKind::Shape) => {
                let size = ir::dialect::size(self.ctx);
                let rank = self
                    .here()
                    .build1(OpKind::ShapeRank, &[v], size, Vec::new());
                Some(
                    self.here()
                        .build1(OpKind::ShapeSizeToIndex, &[rank], index, Vec::new()),
                )
            }
            _ => None,
        }
    }

    /// `constant + Σ k·target` as an `index`.
    fn expr(&mut self, e: &TargetExpr) -> Option<ValueId> {
        let mut sum: Option<ValueId> = None;
        for &(t, k) in &e.terms {
            let v = self.target(t)?;
            let (term, negative) = match k {
                1 => (v, false),
                -1 => (v, true),
                k => {
                    let c = self.constant(k.checked_abs()?);
                    (self.index_op(OpKind::ArithMuli, &[v, c]), k < 0)
                }
            };
            sum = Some(match (sum, negative) {
                (None, false) => term,
                (None, true) => {
                    let zero = self.constant(0);
                    self.index_op(OpKind::ArithSubi, &[zero, term])
                }
                (Some(s), false) => self.index_op(OpKind::ArithAddi, &[s, term]),
                (Some(s), true) => self.index_op(OpKind::ArithSubi, &[s, term]),
            });
        }
        Some(match (sum, e.constant) {
            (None, c) => self.constant(c),
            (Some(s), 0) => s,
            (Some(s), c) => {
                let c = self.constant(c);
                self.index_op(OpKind::ArithAddi, &[s, c])
            }
        })
    }
}
