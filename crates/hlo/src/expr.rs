//! The language shape rules are written in: sizes and shapes as
//! expressions over an op's operands, the requirements an op states, and
//! their evaluation on concrete operands.
//!
//! One rule serves every consumer: the interpreter evaluates it
//! ([`Size::eval`], [`Shape::eval`], [`Requirement::holds`]), the
//! reification pass builds it as IR (`crate::reify`), and `--explain` and
//! the e-graph see what reification built. Evaluation is checked: an
//! overflow, a division by zero or a value that is not known (an element
//! of a shape operand whose elements the caller does not have) makes the
//! expression unknown (`None`), never a wrong number.

use std::fmt;

/// An `index`-valued expression over an op's operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Size {
    /// A number known when the rule is built (an attribute, a static
    /// extent of a type).
    Const(i64),
    /// Extent `dim` of operand `operand` (a ranked tensor).
    Dim {
        operand: usize,
        dim: usize,
    },
    /// Element `index` of operand `operand`: a 1-D integer tensor that holds
    /// a shape (`dynamic_reshape`'s `output_shape`), or a 0-D integer
    /// tensor (`index` 0; `dynamic_slice`'s start indices).
    Elem {
        operand: usize,
        index: usize,
    },
    Add(Box<Size>, Box<Size>),
    Sub(Box<Size>, Box<Size>),
    Mul(Box<Size>, Box<Size>),
    /// Division rounding down, of a non-negative number by a positive one
    /// (unknown otherwise).
    FloorDiv(Box<Size>, Box<Size>),
    /// Division rounding up, of a non-negative number by a positive one.
    CeilDiv(Box<Size>, Box<Size>),
    Max(Box<Size>, Box<Size>),
    /// `then` if `cond_lhs < cond_rhs`, else `otherwise`.
    IfLess {
        cond_lhs: Box<Size>,
        cond_rhs: Box<Size>,
        then: Box<Size>,
        otherwise: Box<Size>,
    },
}

/// A shape-valued expression over an op's operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A shape of known rank: one size per dimension.
    Extents(Vec<Size>),
    /// The shape of operand `0` (any rank).
    Of(usize),
    /// The elements of operand `0`, a 1-D integer tensor holding a shape.
    Value(usize),
    /// The broadcast of the shapes (NumPy rules: aligned at the end, an
    /// extent 1 stretches). Every operand of a rule's broadcast is required
    /// broadcastable by the same rule.
    Broadcast(Vec<Shape>),
}

/// A condition an op states on its operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Requirement {
    Equal(Size, Size),
    /// `lhs <= rhs`.
    LessEq(Size, Size),
    /// `lhs == 1 || lhs == rhs` (an extent that broadcasts to `rhs`).
    OneOrEqual(Size, Size),
    /// `lhs` is a multiple of `rhs` (`rhs > 0`).
    Divisible(Size, Size),
    /// The two shapes are equal (ranks included).
    SameShape(Shape, Shape),
    /// The shapes broadcast.
    Broadcastable(Vec<Shape>),
    /// The shapes hold as many elements.
    SameElementCount(Shape, Shape),
    /// Operand `0`, an `i1` tensor of one element, is true (JAX's
    /// `shape_assertion`).
    Holds(usize),
}

/// A requirement with the message a failure of it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub requirement: Requirement,
    pub message: String,
}

/// What an evaluation knows of an op's operands.
pub trait Operands {
    /// The shape of operand `i`, if it is a tensor whose shape is known.
    fn shape(&self, i: usize) -> Option<Vec<i64>>;
    /// Extent `d` of operand `i`, if known (by default, from its shape).
    fn dim(&self, i: usize, d: usize) -> Option<i64> {
        self.shape(i)?.get(d).copied()
    }
    /// The elements of operand `i` (row-major), if it is an integer tensor
    /// whose elements are known.
    fn elements(&self, i: usize) -> Option<Vec<i64>>;
}

impl Size {
    pub fn dim(operand: usize, dim: usize) -> Size {
        Size::Dim { operand, dim }
    }
    pub fn elem(operand: usize, index: usize) -> Size {
        Size::Elem { operand, index }
    }
    pub fn plus(self, rhs: Size) -> Size {
        match (self, rhs) {
            (Size::Const(0), x) | (x, Size::Const(0)) => x,
            (Size::Const(a), Size::Const(b)) if a.checked_add(b).is_some() => Size::Const(a + b),
            (a, b) => Size::Add(Box::new(a), Box::new(b)),
        }
    }
    pub fn minus(self, rhs: Size) -> Size {
        match (self, rhs) {
            (x, Size::Const(0)) => x,
            (Size::Const(a), Size::Const(b)) if a.checked_sub(b).is_some() => Size::Const(a - b),
            (a, b) => Size::Sub(Box::new(a), Box::new(b)),
        }
    }
    pub fn times(self, rhs: Size) -> Size {
        match (self, rhs) {
            (Size::Const(1), x) | (x, Size::Const(1)) => x,
            (Size::Const(a), Size::Const(b)) if a.checked_mul(b).is_some() => Size::Const(a * b),
            (a, b) => Size::Mul(Box::new(a), Box::new(b)),
        }
    }
    pub fn floor_div(self, rhs: Size) -> Size {
        match (self, rhs) {
            (x, Size::Const(1)) => x,
            (a, b) => Size::FloorDiv(Box::new(a), Box::new(b)),
        }
    }
    pub fn ceil_div(self, rhs: Size) -> Size {
        match (self, rhs) {
            (x, Size::Const(1)) => x,
            (a, b) => Size::CeilDiv(Box::new(a), Box::new(b)),
        }
    }
    pub fn max(self, rhs: Size) -> Size {
        Size::Max(Box::new(self), Box::new(rhs))
    }
    /// `then` if `self < rhs`, else `otherwise`.
    pub fn if_less(self, rhs: Size, then: Size, otherwise: Size) -> Size {
        Size::IfLess {
            cond_lhs: Box::new(self),
            cond_rhs: Box::new(rhs),
            then: Box::new(then),
            otherwise: Box::new(otherwise),
        }
    }

    /// The value on `operands`, if known and free of overflow.
    pub fn eval(&self, operands: &dyn Operands) -> Option<i64> {
        let both = |a: &Size, b: &Size| Some((a.eval(operands)?, b.eval(operands)?));
        match self {
            Size::Const(c) => Some(*c),
            Size::Dim { operand, dim } => operands.dim(*operand, *dim),
            Size::Elem { operand, index } => operands.elements(*operand)?.get(*index).copied(),
            Size::Add(a, b) => both(a, b).and_then(|(a, b)| a.checked_add(b)),
            Size::Sub(a, b) => both(a, b).and_then(|(a, b)| a.checked_sub(b)),
            Size::Mul(a, b) => both(a, b).and_then(|(a, b)| a.checked_mul(b)),
            Size::FloorDiv(a, b) => match both(a, b)? {
                (a, b) if a >= 0 && b > 0 => Some(a / b),
                _ => None,
            },
            Size::CeilDiv(a, b) => match both(a, b)? {
                (a, b) if a >= 0 && b > 0 => Some(a / b + i64::from(a % b != 0)),
                _ => None,
            },
            Size::Max(a, b) => both(a, b).map(|(a, b)| a.max(b)),
            Size::IfLess {
                cond_lhs,
                cond_rhs,
                then,
                otherwise,
            } => match both(cond_lhs, cond_rhs)? {
                (l, r) if l < r => then.eval(operands),
                _ => otherwise.eval(operands),
            },
        }
    }
}

impl Shape {
    /// The extents on `operands`, if known. A broadcast of shapes that do
    /// not broadcast is unknown.
    pub fn eval(&self, operands: &dyn Operands) -> Option<Vec<i64>> {
        match self {
            Shape::Extents(sizes) => sizes.iter().map(|s| s.eval(operands)).collect(),
            Shape::Of(i) => operands.shape(*i),
            Shape::Value(i) => operands.elements(*i),
            Shape::Broadcast(shapes) => {
                let shapes: Option<Vec<Vec<i64>>> =
                    shapes.iter().map(|s| s.eval(operands)).collect();
                broadcast(&shapes?)
            }
        }
    }

    /// The rank, when the expression fixes it.
    pub fn rank(&self) -> Option<usize> {
        match self {
            Shape::Extents(sizes) => Some(sizes.len()),
            _ => None,
        }
    }
}

/// The NumPy broadcast of `shapes`, if they broadcast.
pub fn broadcast(shapes: &[Vec<i64>]) -> Option<Vec<i64>> {
    let rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![1i64; rank];
    for shape in shapes {
        let offset = rank - shape.len();
        for (i, &e) in shape.iter().enumerate() {
            let slot = &mut out[offset + i];
            match (*slot, e) {
                (_, 1) => {}
                (1, e) => *slot = e,
                (s, e) if s == e => {}
                _ => return None,
            }
        }
    }
    Some(out)
}

impl Requirement {
    /// Whether the requirement holds on `operands`; `None` when what it
    /// reads is not known.
    pub fn holds(&self, operands: &dyn Operands) -> Option<bool> {
        let sizes = |a: &Size, b: &Size| Some((a.eval(operands)?, b.eval(operands)?));
        match self {
            Requirement::Equal(a, b) => sizes(a, b).map(|(a, b)| a == b),
            Requirement::LessEq(a, b) => sizes(a, b).map(|(a, b)| a <= b),
            Requirement::OneOrEqual(a, b) => sizes(a, b).map(|(a, b)| a == 1 || a == b),
            Requirement::Divisible(a, b) => {
                sizes(a, b).map(|(a, b)| b > 0 && a.checked_rem(b) == Some(0))
            }
            Requirement::SameShape(a, b) => Some(a.eval(operands)? == b.eval(operands)?),
            Requirement::Broadcastable(shapes) => {
                let shapes: Option<Vec<Vec<i64>>> =
                    shapes.iter().map(|s| s.eval(operands)).collect();
                Some(broadcast(&shapes?).is_some())
            }
            Requirement::SameElementCount(a, b) => {
                let count = |s: &Shape| -> Option<Option<i64>> {
                    let extents = s.eval(operands)?;
                    Some(extents.iter().try_fold(1i64, |n, &e| n.checked_mul(e)))
                };
                match (count(a)?, count(b)?) {
                    (Some(x), Some(y)) => Some(x == y),
                    _ => None,
                }
            }
            Requirement::Holds(i) => match operands.elements(*i)?.as_slice() {
                [b] => Some(*b & 1 != 0),
                _ => None,
            },
        }
    }
}

impl fmt::Display for Size {
    /// `d0(%1)` for extent 0 of operand 1, `e0(%1)` for its element 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Const(c) => write!(f, "{c}"),
            Size::Dim { operand, dim } => write!(f, "dim(#{operand}, {dim})"),
            Size::Elem { operand, index } => write!(f, "#{operand}[{index}]"),
            Size::Add(a, b) => write!(f, "({a} + {b})"),
            Size::Sub(a, b) => write!(f, "({a} - {b})"),
            Size::Mul(a, b) => write!(f, "({a} * {b})"),
            Size::FloorDiv(a, b) => write!(f, "({a} floordiv {b})"),
            Size::CeilDiv(a, b) => write!(f, "({a} ceildiv {b})"),
            Size::Max(a, b) => write!(f, "max({a}, {b})"),
            Size::IfLess {
                cond_lhs,
                cond_rhs,
                then,
                otherwise,
            } => write!(f, "({cond_lhs} < {cond_rhs} ? {then} : {otherwise})"),
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, items: &mut dyn Iterator<Item = String>| {
            let items: Vec<String> = items.collect();
            write!(f, "{}", items.join(", "))
        };
        match self {
            Shape::Extents(sizes) => {
                write!(f, "[")?;
                list(f, &mut sizes.iter().map(ToString::to_string))?;
                write!(f, "]")
            }
            Shape::Of(i) => write!(f, "shape(#{i})"),
            Shape::Value(i) => write!(f, "value(#{i})"),
            Shape::Broadcast(shapes) => {
                write!(f, "broadcast(")?;
                list(f, &mut shapes.iter().map(ToString::to_string))?;
                write!(f, ")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(Vec<Vec<i64>>, Vec<Vec<i64>>);
    impl Operands for Fixed {
        fn shape(&self, i: usize) -> Option<Vec<i64>> {
            self.0.get(i).cloned()
        }
        fn elements(&self, i: usize) -> Option<Vec<i64>> {
            self.1.get(i).cloned()
        }
    }

    #[test]
    fn sizes_evaluate_with_checked_arithmetic() {
        let ops = Fixed(vec![vec![6, 4]], vec![vec![i64::MAX]]);
        assert_eq!(Size::dim(0, 0).times(Size::dim(0, 1)).eval(&ops), Some(24));
        assert_eq!(Size::dim(0, 0).ceil_div(Size::Const(4)).eval(&ops), Some(2));
        assert_eq!(
            Size::dim(0, 0).floor_div(Size::Const(4)).eval(&ops),
            Some(1)
        );
        assert_eq!(Size::elem(0, 0).plus(Size::Const(1)).eval(&ops), None);
        assert_eq!(Size::dim(0, 2).eval(&ops), None);
        assert_eq!(
            Size::dim(0, 0).floor_div(Size::Const(0)).eval(&ops),
            None,
            "division by zero is unknown"
        );
    }

    #[test]
    fn rules_print_as_formulas() {
        let shape = Shape::Broadcast(vec![
            Shape::Of(0),
            Shape::Extents(vec![Size::dim(1, 0).plus(Size::Const(2)), Size::elem(2, 1)]),
        ]);
        assert_eq!(
            shape.to_string(),
            "broadcast(shape(#0), [(dim(#1, 0) + 2), #2[1]])"
        );
    }

    #[test]
    fn broadcast_follows_numpy() {
        assert_eq!(broadcast(&[vec![2, 1], vec![3]]), Some(vec![2, 3]));
        assert_eq!(broadcast(&[vec![], vec![0]]), Some(vec![0]));
        assert_eq!(broadcast(&[vec![2], vec![3]]), None);
        assert_eq!(broadcast(&[vec![1, 0], vec![5, 1]]), Some(vec![5, 0]));
    }
}
