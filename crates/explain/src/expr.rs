//! Symbolic sizes, shapes and conditions over a function's inputs, built
//! with light simplification, and their values on concrete inputs.
//!
//! An input is a shape (of a tensor, a `!shape.shape` or an extent tensor)
//! or a scalar (`index`, `!shape.size`, an integer). A shape whose rank is
//! not known is a [`Seg::Slice`] of its input; an extent of it is
//! [`Term::Extent`], counted from the front (`i >= 0`) or from the back
//! (`i < 0`, `rank + i`).
//!
//! Sizes stay symbolic: where the number of extents comes from the input
//! (a `split_at` index, the extent of an extent tensor's type, a splat
//! constant, a rank a requirement fixes), a shape spells them out one by
//! one only up to [`MAX_SPELLED_EXTENTS`]; past it they stay a
//! [`Seg::Slice`], [`Seg::Take`] or [`Seg::Drop`] with the number as a
//! term. [`Size`] counts an expression's nodes, so that the walk can bound
//! what it keeps.

use ir::dialect::arith::CmpIPredicate;

/// The most extents an expression spells out one by one when their number
/// comes from the input rather than from the ops that name them: more stay
/// one slice, `take` or `drop`.
pub const MAX_SPELLED_EXTENTS: i64 = 64;

/// `n` as a number of extents to spell one by one: `None` if it is
/// negative or more than [`MAX_SPELLED_EXTENTS`].
pub fn spelled_count(n: i64) -> Option<usize> {
    (0..=MAX_SPELLED_EXTENTS)
        .contains(&n)
        .then(|| usize::try_from(n).ok())
        .flatten()
}

/// An integer-valued expression: an extent, a rank, a scalar input, or
/// arithmetic on them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    Int(i64),
    /// The scalar input of this index.
    Scalar(usize),
    /// The rank of the shape input of this index.
    Rank(usize),
    /// Extent `i` of the shape input `input` (from the back when `i < 0`).
    Extent {
        input: usize,
        i: i64,
    },
    Bin(BinOp, Box<Term>, Box<Term>),
    /// `if cond then a else b`.
    Select(Box<Cond>, Box<Term>, Box<Term>),
    /// The number of extents of a shape.
    Length(Box<Shape>),
    /// The product of a shape's extents.
    Product(Box<Shape>),
    /// Extent `i` of a shape, counted from the front (`get_extent`).
    At(Box<Shape>, Box<Term>),
}

/// A binary operation on integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Signed division rounding toward zero (`arith.divsi`).
    Div,
    /// Signed division rounding down (`arith.floordivsi`).
    FloorDiv,
    /// Signed division rounding up (`arith.ceildivsi`).
    CeilDiv,
    /// Signed remainder (`arith.remsi`).
    Rem,
    Min,
    Max,
}

/// A shape: its extents, one segment after another.
pub type Shape = Vec<Seg>;

/// A run of extents of a [`Shape`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seg {
    /// One extent.
    One(Term),
    /// Extents `from ..= rank + to_back - 1` of the shape input `input`
    /// (`from >= 0`, `to_back <= 0`): all of them when both are 0.
    Slice {
        input: usize,
        from: i64,
        to_back: i64,
    },
    /// The broadcast of these shapes (numpy rules).
    Broadcast(Vec<Shape>),
    /// The extents of a shape before index `k` (from the back when `k <
    /// 0`), as the head of `split_at`.
    Take(Box<Shape>, Term),
    /// The extents of a shape from index `k` on, as the tail of
    /// `split_at`.
    Drop(Box<Shape>, Term),
}

/// A condition on the inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cond {
    Bool(bool),
    Cmp(Pred, Term, Term),
    /// These shapes are equal.
    ShapeEq(Vec<Shape>),
    /// These shapes broadcast together.
    Broadcastable(Vec<Shape>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Not(Box<Cond>),
}

/// A comparison: MLIR's `arith.cmpi` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pred(pub u8);

impl Pred {
    pub const EQ: Pred = Pred(CmpIPredicate::Eq as u8);
    pub const SGE: Pred = Pred(CmpIPredicate::Sge as u8);

    /// The `arith.cmpi` predicate.
    pub fn cmpi(self) -> CmpIPredicate {
        CmpIPredicate::ALL[usize::from(self.0)]
    }
}

impl From<CmpIPredicate> for Pred {
    fn from(p: CmpIPredicate) -> Pred {
        Pred(p as u8)
    }
}

/// The size of an expression: its nodes (each term, segment and
/// condition, and each shape of a broadcast or comparison, counts one).
pub trait Size {
    /// Take one from `left` per node until it runs out: whether the
    /// expression fits. Stops at the first node past it, so it costs at most
    /// `left` steps.
    fn spend(&self, left: &mut usize) -> bool;

    /// The number of nodes, if at most `limit`.
    fn size_within(&self, limit: usize) -> Option<usize> {
        let mut left = limit;
        self.spend(&mut left).then_some(limit - left)
    }
}

/// Take one node from `left`, if any is left.
fn take_one(left: &mut usize) -> bool {
    match left.checked_sub(1) {
        Some(rest) => {
            *left = rest;
            true
        }
        None => false,
    }
}

impl Size for Term {
    fn spend(&self, left: &mut usize) -> bool {
        take_one(left)
            && match self {
                Term::Int(_) | Term::Scalar(_) | Term::Rank(_) | Term::Extent { .. } => true,
                Term::Bin(_, a, b) => a.spend(left) && b.spend(left),
                Term::Select(c, a, b) => c.spend(left) && a.spend(left) && b.spend(left),
                Term::Length(s) | Term::Product(s) => s.spend(left),
                Term::At(s, i) => s.spend(left) && i.spend(left),
            }
    }
}

impl Size for [Seg] {
    fn spend(&self, left: &mut usize) -> bool {
        take_one(left) && self.iter().all(|seg| seg.spend(left))
    }
}

impl Size for Seg {
    fn spend(&self, left: &mut usize) -> bool {
        take_one(left)
            && match self {
                Seg::One(t) => t.spend(left),
                Seg::Slice { .. } => true,
                Seg::Broadcast(shapes) => shapes.iter().all(|s| s.spend(left)),
                Seg::Take(s, k) | Seg::Drop(s, k) => s.spend(left) && k.spend(left),
            }
    }
}

impl Size for Cond {
    fn spend(&self, left: &mut usize) -> bool {
        take_one(left)
            && match self {
                Cond::Bool(_) => true,
                Cond::Cmp(_, a, b) => a.spend(left) && b.spend(left),
                Cond::ShapeEq(shapes) | Cond::Broadcastable(shapes) => {
                    shapes.iter().all(|s| s.spend(left))
                }
                Cond::And(cs) | Cond::Or(cs) => cs.iter().all(|c| c.spend(left)),
                Cond::Not(c) => c.spend(left),
            }
    }
}

/// A concrete input: a shape, or a scalar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Shape(Vec<i64>),
    Scalar(i64),
}

/// A concrete value of a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Concrete {
    Shape(Vec<i64>),
    Int(i64),
}

impl Term {
    /// `op(a, b)`, folded when both are constants or one is neutral.
    pub fn bin(op: BinOp, a: Term, b: Term) -> Term {
        if let (Term::Int(x), Term::Int(y)) = (&a, &b) {
            if let Some(v) = apply(op, *x, *y) {
                return Term::Int(v);
            }
        }
        match (op, &a, &b) {
            (BinOp::Add | BinOp::Sub, _, Term::Int(0)) => a,
            (BinOp::Add, Term::Int(0), _) => b,
            (BinOp::Mul | BinOp::Div | BinOp::FloorDiv | BinOp::CeilDiv, _, Term::Int(1)) => a,
            (BinOp::Mul, Term::Int(1), _) => b,
            (BinOp::Min | BinOp::Max, x, y) if x == y => a,
            _ => Term::Bin(op, Box::new(a), Box::new(b)),
        }
    }

    /// `if cond then a else b`, folded when the condition is known or both
    /// arms agree.
    pub fn select(cond: Cond, a: Term, b: Term) -> Term {
        match cond {
            Cond::Bool(true) => a,
            Cond::Bool(false) => b,
            _ if a == b => a,
            c => Term::Select(Box::new(c), Box::new(a), Box::new(b)),
        }
    }

    /// The value of this term on `inputs`; `None` where it is undefined (an
    /// extent out of range, a division by zero, an overflow).
    pub fn eval(&self, inputs: &[Input]) -> Option<i64> {
        match self {
            Term::Int(v) => Some(*v),
            Term::Scalar(i) => match inputs.get(*i)? {
                Input::Scalar(v) => Some(*v),
                Input::Shape(_) => None,
            },
            Term::Rank(i) => i64::try_from(shape_input(inputs, *i)?.len()).ok(),
            Term::Extent { input, i } => {
                let shape = shape_input(inputs, *input)?;
                let at = if *i < 0 { shape.len() as i64 + i } else { *i };
                shape.get(usize::try_from(at).ok()?).copied()
            }
            Term::Bin(op, a, b) => apply(*op, a.eval(inputs)?, b.eval(inputs)?),
            Term::Select(c, a, b) => match c.eval(inputs)? {
                true => a.eval(inputs),
                false => b.eval(inputs),
            },
            Term::Length(s) => i64::try_from(eval_shape(s, inputs)?.len()).ok(),
            Term::Product(s) => eval_shape(s, inputs)?
                .iter()
                .try_fold(1i64, |acc, &e| acc.checked_mul(e)),
            Term::At(s, i) => eval_shape(s, inputs)?
                .get(usize::try_from(i.eval(inputs)?).ok()?)
                .copied(),
        }
    }
}

impl Term {
    /// A lower bound of the term's value, when one is evident: ranks and
    /// extents are never negative.
    pub fn least(&self) -> Option<i64> {
        match self {
            Term::Int(v) => Some(*v),
            Term::Rank(_)
            | Term::Extent { .. }
            | Term::At(..)
            | Term::Length(_)
            | Term::Product(_) => Some(0),
            Term::Bin(BinOp::Add, a, b) => a.least()?.checked_add(b.least()?),
            Term::Bin(BinOp::Sub, a, b) => a.least()?.checked_sub(b.most()?),
            Term::Bin(BinOp::Mul, a, b) => {
                let (x, y) = (a.least()?, b.least()?);
                (x >= 0 && y >= 0).then(|| x.checked_mul(y)).flatten()
            }
            Term::Bin(BinOp::Max, a, b) => match (a.least(), b.least()) {
                (Some(x), Some(y)) => Some(x.max(y)),
                (x, y) => x.or(y),
            },
            Term::Bin(BinOp::Min, a, b) => Some(a.least()?.min(b.least()?)),
            _ => None,
        }
    }

    /// An upper bound of the term's value, when one is evident.
    pub fn most(&self) -> Option<i64> {
        match self {
            Term::Int(v) => Some(*v),
            Term::Bin(BinOp::Add, a, b) => a.most()?.checked_add(b.most()?),
            Term::Bin(BinOp::Sub, a, b) => a.most()?.checked_sub(b.least()?),
            Term::Bin(BinOp::Min, a, b) => match (a.most(), b.most()) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, y) => x.or(y),
            },
            Term::Bin(BinOp::Max, a, b) => Some(a.most()?.max(b.most()?)),
            _ => None,
        }
    }
}

/// The value of `a p b` when the bounds of `a` and `b` decide it.
fn decide(p: CmpIPredicate, a: &Term, b: &Term) -> Option<bool> {
    use CmpIPredicate as P;
    let le = |x: &Term, y: &Term| -> Option<bool> {
        if x.most()? <= y.least()? {
            Some(true)
        } else {
            None
        }
    };
    let gt = |x: &Term, y: &Term| -> Option<bool> {
        if x.least()? > y.most()? {
            Some(true)
        } else {
            None
        }
    };
    match p {
        P::Sle => le(a, b).or_else(|| gt(a, b).map(|_| false)),
        P::Sge => le(b, a).or_else(|| gt(b, a).map(|_| false)),
        P::Slt => gt(b, a).or_else(|| le(b, a).map(|_| false)),
        P::Sgt => gt(a, b).or_else(|| le(a, b).map(|_| false)),
        P::Eq => (gt(a, b).is_some() || gt(b, a).is_some()).then_some(false),
        P::Ne => (gt(a, b).is_some() || gt(b, a).is_some()).then_some(true),
        _ => None,
    }
}

fn shape_input(inputs: &[Input], i: usize) -> Option<&[i64]> {
    match inputs.get(i)? {
        Input::Shape(s) => Some(s),
        Input::Scalar(_) => None,
    }
}

/// `op(x, y)` on 64-bit integers; `None` on overflow or division by zero.
fn apply(op: BinOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::Div => x.checked_div(y),
        BinOp::FloorDiv => {
            let q = x.checked_div(y)?;
            Some(if (x % y != 0) && ((x < 0) != (y < 0)) {
                q - 1
            } else {
                q
            })
        }
        BinOp::CeilDiv => {
            let q = x.checked_div(y)?;
            Some(if (x % y != 0) && ((x < 0) == (y < 0)) {
                q + 1
            } else {
                q
            })
        }
        BinOp::Rem => x.checked_rem(y),
        BinOp::Min => Some(x.min(y)),
        BinOp::Max => Some(x.max(y)),
    }
}

/// The extents of `shape` on `inputs`; `None` where undefined (a slice
/// longer than its input, shapes that do not broadcast).
pub fn eval_shape(shape: &[Seg], inputs: &[Input]) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    for seg in shape {
        match seg {
            Seg::One(t) => out.push(t.eval(inputs)?),
            Seg::Slice {
                input,
                from,
                to_back,
            } => {
                let s = shape_input(inputs, *input)?;
                let end = s.len() as i64 + to_back;
                if *from > end {
                    return None;
                }
                out.extend_from_slice(
                    s.get(usize::try_from(*from).ok()?..usize::try_from(end).ok()?)?,
                );
            }
            Seg::Broadcast(shapes) => {
                let shapes: Option<Vec<_>> = shapes.iter().map(|s| eval_shape(s, inputs)).collect();
                out.extend(broadcast(&shapes?)?);
            }
            Seg::Take(s, k) | Seg::Drop(s, k) => {
                let all = eval_shape(s, inputs)?;
                let at = split_index(all.len(), k.eval(inputs)?)?;
                let (head, tail) = all.split_at(at);
                out.extend_from_slice(if matches!(seg, Seg::Take(..)) {
                    head
                } else {
                    tail
                });
            }
        }
    }
    Some(out)
}

/// Where `split_at` at `k` splits a shape of `len` extents: `k`, or `len
/// + k` for a negative `k`; `None` out of `-len..=len`.
pub fn split_index(len: usize, k: i64) -> Option<usize> {
    let len = i64::try_from(len).ok()?;
    let at = if k < 0 { len + k } else { k };
    (0..=len)
        .contains(&at)
        .then(|| usize::try_from(at).ok())
        .flatten()
}

/// The numpy broadcast of `shapes`: aligned at the back, an extent 1
/// stretches; `None` if two extents differ and neither is 1.
pub fn broadcast(shapes: &[Vec<i64>]) -> Option<Vec<i64>> {
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![1; rank];
    for s in shapes {
        for (k, &e) in s.iter().rev().enumerate() {
            let slot = &mut out[rank - 1 - k];
            match (*slot, e) {
                (_, 1) => {}
                (1, e) => *slot = e,
                (a, e) if a == e => {}
                _ => return None,
            }
        }
    }
    Some(out)
}

impl Cond {
    /// `a pred b`, folded when both are constants or the same term, and
    /// `min(x, k) = k` / `max(x, k) = x` written as `x >= k`.
    pub fn cmp(pred: Pred, a: Term, b: Term) -> Cond {
        use CmpIPredicate as P;
        if let (Term::Int(x), Term::Int(y)) = (&a, &b) {
            return Cond::Bool(pred.cmpi().eval(i128::from(*x), i128::from(*y), 64));
        }
        if a == b {
            return Cond::Bool(pred.cmpi().eval(0, 0, 64));
        }
        // Constants on the right.
        if matches!(a, Term::Int(_)) {
            return Cond::cmp(Pred::from(pred.cmpi().swapped()), b, a);
        }
        let p = pred.cmpi();
        // Unsigned order is signed order on values never negative.
        if p.is_unsigned() && a.least().is_some_and(|l| l >= 0) && b.least().is_some_and(|l| l >= 0)
        {
            return Cond::cmp(Pred::from(p.signed()), a, b);
        }
        if let Term::Int(k) = b {
            match p {
                P::Sgt if k < i64::MAX => return Cond::cmp(Pred::SGE, a, Term::Int(k + 1)),
                P::Slt if k > i64::MIN => {
                    return Cond::cmp(Pred(P::Sle as u8), a, Term::Int(k - 1))
                }
                P::Eq | P::Ne => {
                    if let Term::Select(c, x, y) = &a {
                        let arm = |t: &Term| Cond::cmp(Pred::EQ, t.clone(), Term::Int(k));
                        let c = (**c).clone();
                        let eq = Cond::or(vec![
                            Cond::and(vec![c.clone(), arm(x)]),
                            Cond::and(vec![Cond::negate(c), arm(y)]),
                        ]);
                        return if p == P::Eq { eq } else { Cond::negate(eq) };
                    }
                }
                _ => {}
            }
        }
        if let Some(known) = decide(p, &a, &b) {
            return Cond::Bool(known);
        }
        if pred == Pred::EQ {
            for (m, other) in [(&a, &b), (&b, &a)] {
                if let Term::Bin(op @ (BinOp::Min | BinOp::Max), x, y) = m {
                    for (kept, bound) in [(x, y), (y, x)] {
                        let bound_wins = if *op == BinOp::Min { bound } else { kept };
                        if **bound_wins == *other {
                            return Cond::cmp(Pred::SGE, (**kept).clone(), (**bound).clone());
                        }
                    }
                }
            }
        }
        Cond::Cmp(pred, a, b)
    }

    /// The conjunction, flattened, without `true`s; `false` if any is.
    pub fn and(conds: Vec<Cond>) -> Cond {
        Cond::junction(conds, true)
    }

    /// The disjunction, flattened, without `false`s; `true` if any is.
    pub fn or(conds: Vec<Cond>) -> Cond {
        Cond::junction(conds, false)
    }

    /// `and` (`all`) or `or` of `conds`: nested ones of the same kind
    /// flattened, the neutral constant and repeats dropped, the absorbing
    /// constant if any is it.
    fn junction(conds: Vec<Cond>, all: bool) -> Cond {
        let mut out = Vec::new();
        for c in conds {
            match c {
                Cond::Bool(b) if b == all => {}
                Cond::Bool(_) => return Cond::Bool(!all),
                Cond::And(cs) if all => out.extend(cs),
                Cond::Or(cs) if !all => out.extend(cs),
                c if !out.contains(&c) => out.push(c),
                _ => {}
            }
        }
        match (out.len(), all) {
            (0, _) => Cond::Bool(all),
            (1, _) => out.remove(0),
            (_, true) => Cond::And(out),
            (_, false) => Cond::Or(out),
        }
    }

    /// The negation, pushed into comparisons and constants.
    pub fn negate(c: Cond) -> Cond {
        match c {
            Cond::Bool(b) => Cond::Bool(!b),
            Cond::Not(inner) => *inner,
            Cond::Cmp(p, a, b) => Cond::Cmp(Pred::from(p.cmpi().negated()), a, b),
            c => Cond::Not(Box::new(c)),
        }
    }

    /// Whether it holds on `inputs`; `None` where it is undefined.
    pub fn eval(&self, inputs: &[Input]) -> Option<bool> {
        match self {
            Cond::Bool(b) => Some(*b),
            Cond::Cmp(p, a, b) => {
                let (x, y) = (a.eval(inputs)?, b.eval(inputs)?);
                Some(p.cmpi().eval(i128::from(x), i128::from(y), 64))
            }
            Cond::ShapeEq(shapes) => {
                let values: Option<Vec<_>> = shapes.iter().map(|s| eval_shape(s, inputs)).collect();
                Some(values?.windows(2).all(|w| w[0] == w[1]))
            }
            Cond::Broadcastable(shapes) => {
                let values: Option<Vec<_>> = shapes.iter().map(|s| eval_shape(s, inputs)).collect();
                Some(broadcast(&values?).is_some())
            }
            Cond::And(cs) => cs
                .iter()
                .try_fold(true, |acc, c| Some(acc && c.eval(inputs)?)),
            Cond::Or(cs) => cs
                .iter()
                .try_fold(false, |acc, c| Some(acc || c.eval(inputs)?)),
            Cond::Not(c) => c.eval(inputs).map(|b| !b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Term {
        Term::Scalar(0)
    }

    #[test]
    fn min_and_max_against_a_bound_read_as_at_least() {
        let min = Term::bin(BinOp::Min, x(), Term::Int(2));
        assert_eq!(
            Cond::cmp(Pred::EQ, min, Term::Int(2)),
            Cond::Cmp(Pred::SGE, x(), Term::Int(2))
        );
        let max = Term::bin(BinOp::Max, x(), Term::Int(1));
        assert_eq!(
            Cond::cmp(Pred::EQ, max, x()),
            Cond::Cmp(Pred::SGE, x(), Term::Int(1))
        );
    }

    #[test]
    fn rewritten_conditions_keep_their_value() {
        let min = Term::bin(BinOp::Min, x(), Term::Int(2));
        let max = Term::bin(BinOp::Max, x(), Term::Int(1));
        for v in -3..5 {
            let inputs = [Input::Scalar(v)];
            let raw_min = Cond::Cmp(Pred::EQ, min.clone(), Term::Int(2));
            let raw_max = Cond::Cmp(Pred::EQ, max.clone(), x());
            assert_eq!(
                raw_min.eval(&inputs),
                Cond::cmp(Pred::EQ, min.clone(), Term::Int(2)).eval(&inputs)
            );
            assert_eq!(
                raw_max.eval(&inputs),
                Cond::cmp(Pred::EQ, max.clone(), x()).eval(&inputs)
            );
        }
    }

    #[test]
    fn floor_and_ceil_division_round_as_mlir_does() {
        assert_eq!(apply(BinOp::FloorDiv, -7, 2), Some(-4));
        assert_eq!(apply(BinOp::CeilDiv, 7, 2), Some(4));
        assert_eq!(apply(BinOp::CeilDiv, -7, 2), Some(-3));
        assert_eq!(apply(BinOp::Div, 1, 0), None);
    }

    #[test]
    fn sizes_count_nodes_and_stop_at_the_limit() {
        let sum = (0..100).fold(x(), |acc, _| Term::bin(BinOp::Add, acc, Term::Int(1)));
        assert_eq!(sum.size_within(1_000), Some(201));
        assert_eq!(sum.size_within(200), None);
        let shape = vec![Seg::One(x()), Seg::Take(Box::default(), Term::Int(1))];
        assert_eq!(shape.size_within(10), Some(6));
        let cond = Cond::Cmp(Pred::EQ, Term::Length(Box::new(shape)), x());
        assert_eq!(cond.size_within(10), Some(9));
    }

    #[test]
    fn counts_past_the_limit_are_not_spelled() {
        assert_eq!(spelled_count(0), Some(0));
        assert_eq!(spelled_count(MAX_SPELLED_EXTENTS), Some(64));
        for n in [MAX_SPELLED_EXTENTS + 1, 1 << 40, i64::MAX, -1, i64::MIN] {
            assert_eq!(spelled_count(n), None, "{n}");
        }
    }

    #[test]
    fn splits_far_out_of_range_are_undefined() {
        let a = vec![Seg::Slice {
            input: 0,
            from: 0,
            to_back: 0,
        }];
        let inputs = [Input::Shape(vec![2, 3])];
        for k in [1 << 40, i64::MAX, -(1 << 40), i64::MIN, 3, -3] {
            let head = vec![Seg::Take(Box::new(a.clone()), Term::Int(k))];
            assert_eq!(eval_shape(&head, &inputs), None, "{k}");
            assert_eq!(split_index(2, k), None, "{k}");
        }
        let tail = vec![Seg::Drop(Box::new(a), Term::Int(-1))];
        assert_eq!(eval_shape(&tail, &inputs), Some(vec![3]));
    }

    #[test]
    fn broadcast_follows_numpy() {
        assert_eq!(broadcast(&[vec![2, 1], vec![3]]), Some(vec![2, 3]));
        assert_eq!(broadcast(&[vec![2], vec![3]]), None);
        assert_eq!(broadcast(&[]), Some(vec![]));
    }
}
