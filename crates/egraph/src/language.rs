//! The e-graph language of shape computations and its analysis.
//!
//! Every class carries [`Facts`]: bounds ([`Interval`]) and a divisor
//! ([`Divisor`]) of an `index`/`i1` value — a constant is a one-value
//! interval —, and for a shape of known rank its extents (whose facts make
//! its [`partial_shape`]). They come from constants, from what values are
//! (ranks, and extents of tensors, are non-negative), through arithmetic,
//! and from the constraints learnt; comparisons the facts decide fold to
//! `0`/`1`.
//!
//! Index arithmetic wraps (two's complement, as `arith` and the interpreter
//! compute it), so the analysis computes exactly or says less: an interval
//! is computed with checked arithmetic and is unbounded when a pair of
//! values may overflow, and a divisor that a wrapped result would not keep
//! is reduced to the power of two that it does keep.

use egg::{define_language, Analysis, DidMerge, EGraph, Id, Symbol};
use ir::dialect::arith::CmpIPredicate;
use lattice::{Comparison, Dimension, Interval, PartialShape};

define_language! {
    /// Pure shape/size/index/predicate values. Extent lists stand for
    /// shapes of known rank; anything else is an opaque symbol.
    pub enum ShapeLang {
        Int(i64),
        "list" = List(Box<[Id]>),
        "rank" = Rank(Id),
        "extent" = Extent([Id; 2]),
        "concat" = Concat([Id; 2]),
        "broadcast" = Broadcast([Id; 2]),
        "head" = Head([Id; 2]),
        "tail" = Tail([Id; 2]),
        "num_elements" = NumElements(Id),
        "+" = Add([Id; 2]),
        "-" = Sub([Id; 2]),
        "*" = Mul([Id; 2]),
        "max" = Max([Id; 2]),
        "min" = Min([Id; 2]),
        "eq" = Eq([Id; 2]),
        "ne" = Ne([Id; 2]),
        "slt" = Slt([Id; 2]),
        "sle" = Sle([Id; 2]),
        "sgt" = Sgt([Id; 2]),
        "sge" = Sge([Id; 2]),
        "ult" = Ult([Id; 2]),
        "and" = And([Id; 2]),
        "or" = Or([Id; 2]),
        Opaque(Symbol),
    }
}

impl ShapeLang {
    /// The node comparing `operands` as `arith.cmpi predicate` does, if the
    /// language has one (it has no `ule`, `ugt`, `uge`).
    pub fn cmpi(predicate: CmpIPredicate, operands: [Id; 2]) -> Option<ShapeLang> {
        Some(match predicate {
            CmpIPredicate::Eq => ShapeLang::Eq(operands),
            CmpIPredicate::Ne => ShapeLang::Ne(operands),
            CmpIPredicate::Slt => ShapeLang::Slt(operands),
            CmpIPredicate::Sle => ShapeLang::Sle(operands),
            CmpIPredicate::Sgt => ShapeLang::Sgt(operands),
            CmpIPredicate::Sge => ShapeLang::Sge(operands),
            CmpIPredicate::Ult => ShapeLang::Ult(operands),
            CmpIPredicate::Ule | CmpIPredicate::Ugt | CmpIPredicate::Uge => return None,
        })
    }

    /// The comparison a predicate node makes, and its operands.
    pub fn comparison(&self) -> Option<(Comparison, [Id; 2])> {
        let (comparison, operands) = match self {
            ShapeLang::Eq(ab) => (Comparison::Eq, ab),
            ShapeLang::Ne(ab) => (Comparison::Ne, ab),
            ShapeLang::Slt(ab) => (Comparison::Lt, ab),
            ShapeLang::Sle(ab) => (Comparison::Le, ab),
            ShapeLang::Sgt(ab) => (Comparison::Gt, ab),
            ShapeLang::Sge(ab) => (Comparison::Ge, ab),
            ShapeLang::Ult(ab) => (Comparison::UnsignedLt, ab),
            _ => return None,
        };
        Some((comparison, *operands))
    }
}

/// The largest positive number known to divide an integer (gcd-style):
/// `1` knows nothing, and `0` stands for "every number divides it" (the
/// value is 0).
///
/// Ordered by divisibility: the divisor of a value two facts describe is
/// their [`Divisor::both`] (lcm), of a value that is one of two (a sum, a
/// maximum) their [`Divisor::either`] (gcd).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Divisor(u64);

impl Default for Divisor {
    /// Nothing known.
    fn default() -> Self {
        Divisor(1)
    }
}

impl Divisor {
    /// The divisor of the constant `value`: `|value|`.
    pub fn of(value: i64) -> Divisor {
        Divisor(value.unsigned_abs())
    }

    /// The divisor (`0` when the value is known to be 0).
    pub fn get(self) -> u64 {
        self.0
    }

    /// What divides a value that both divide: their lcm (on overflow the
    /// larger, which still divides it).
    pub fn both(self, other: Divisor) -> Divisor {
        if self.0 == 0 || other.0 == 0 {
            return Divisor(0);
        }
        let lcm = (self.0 / gcd(self.0, other.0)).checked_mul(other.0);
        Divisor(lcm.unwrap_or(self.0.max(other.0)))
    }

    /// What divides a sum or difference of multiples of each, or either
    /// one: their gcd.
    pub fn either(self, other: Divisor) -> Divisor {
        Divisor(gcd(self.0, other.0))
    }

    /// What divides a product of multiples of each: their product (on
    /// overflow the larger, which still divides it).
    pub fn product(self, other: Divisor) -> Divisor {
        Divisor(self.0.checked_mul(other.0).unwrap_or(self.0.max(other.0)))
    }

    /// What still divides a result after it wraps modulo 2^64: the largest
    /// power of two of the divisor.
    pub fn wrapped(self) -> Divisor {
        match self.0 {
            0 => self,
            d => Divisor(1 << d.trailing_zeros()),
        }
    }

    /// Whether some multiple lies in `interval`.
    pub fn has_multiple_in(self, interval: Interval) -> bool {
        let (lo, hi) = (i128::from(interval.lo()), i128::from(interval.hi()));
        match i128::from(self.0) {
            0 => interval.contains(0),
            d => (lo + (d - lo.rem_euclid(d)) % d) <= hi,
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Narrowings of its interval a class takes before it keeps the one it
/// has: facts that feed on themselves through a cycle of classes (`x = min(x
/// + 1, 10)`) would otherwise narrow one value at a time.
const NARROWING_LIMIT: u8 = 64;

/// What the analysis knows of a class.
///
/// For an integer (an `index`, or an `i1` predicate as 0/1): the
/// [`Interval`] it lies in and a [`Divisor`]. For a shape: the interval
/// every one of its extents lies in (extents of tensors are non-negative),
/// and the classes of its extents when its rank is known.
///
/// Facts of one class are merged: intervals intersect, divisors combine
/// (lcm), the first known extents stay. Intervals that do not intersect
/// mean the facts contradict each other: no execution reaches what they
/// describe (a constraint before it always fails), so any answer is sound;
/// the class keeps the interval it had rather than becoming empty.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// The bounds of an integer.
    pub interval: Interval,
    /// A divisor of an integer.
    pub divisor: Divisor,
    /// The bounds of every extent of a shape.
    pub extent_bounds: Interval,
    /// The extents of a shape of known rank.
    pub extents: Option<Vec<Id>>,
    /// Narrowings of the intervals so far (up to [`NARROWING_LIMIT`]).
    narrowings: u8,
}

impl PartialEq for Facts {
    /// The same knowledge (however often it was narrowed).
    fn eq(&self, other: &Facts) -> bool {
        self.interval == other.interval
            && self.divisor == other.divisor
            && self.extent_bounds == other.extent_bounds
            && self.extents == other.extents
    }
}

impl Eq for Facts {}

impl Facts {
    /// An integer in `interval` divisible by `divisor` (and by its value
    /// when there is only one).
    pub fn integer(interval: Interval, divisor: Divisor) -> Facts {
        let divisor = match interval.get() {
            Some(value) => divisor.both(Divisor::of(value)),
            None => divisor,
        };
        Facts {
            interval,
            divisor,
            ..Facts::default()
        }
    }

    /// The constant `value`.
    fn of_constant(value: i64) -> Facts {
        Facts::integer(Interval::point(value), Divisor::of(value))
    }

    /// A predicate: `0`/`1` when decided, either otherwise.
    fn predicate(decided: Option<bool>) -> Facts {
        match decided {
            Some(value) => Facts::of_constant(i64::from(value)),
            None => Facts::integer(Interval::new(0, 1).unwrap_or_default(), Divisor::default()),
        }
    }

    /// A shape with these extents (when its rank is known), each in
    /// `extent_bounds`.
    pub fn shape(extents: Option<Vec<Id>>, extent_bounds: Interval) -> Facts {
        Facts {
            extent_bounds,
            extents,
            ..Facts::default()
        }
    }

    /// The constant, if the interval holds one value.
    pub fn constant(&self) -> Option<i64> {
        self.interval.get()
    }

    /// Whether a value these facts describe may equal one `other`
    /// describes: a common multiple of both divisors in both intervals.
    fn may_equal(&self, other: &Facts) -> bool {
        self.interval
            .meet(other.interval)
            .is_some_and(|both| self.divisor.both(other.divisor).has_multiple_in(both))
    }
}

/// Narrows `bounds` to `by`, counting in `narrowings`. Kept as it is when
/// they contradict each other or after [`NARROWING_LIMIT`] narrowings (see
/// [`Facts`]).
fn narrow(bounds: &mut Interval, by: Interval, narrowings: &mut u8) {
    match bounds.meet(by) {
        Some(narrower) if narrower != *bounds && *narrowings < NARROWING_LIMIT => {
            *bounds = narrower;
            *narrowings += 1;
        }
        _ => {}
    }
}

/// Decides `comparison` on two integers' facts: on their intervals, and
/// for (in)equality on their divisors (a multiple of 4 is not 6).
pub fn decide(comparison: Comparison, lhs: &Facts, rhs: &Facts) -> Option<bool> {
    comparison
        .decide(lhs.interval, rhs.interval)
        .or_else(|| match comparison {
            Comparison::Eq | Comparison::Ne if !lhs.may_equal(rhs) => {
                Some(comparison == Comparison::Ne)
            }
            _ => None,
        })
}

/// The analysis: facts of constants, ranks, extents and arithmetic
/// (checked, see the module doc), comparisons decided on them, and extent
/// lists.
#[derive(Clone, Default)]
pub struct ShapeAnalysis;

pub type Graph = EGraph<ShapeLang, ShapeAnalysis>;

fn extents(egraph: &Graph, id: Id) -> Option<&[Id]> {
    egraph[id].data.extents.as_deref()
}

/// The extents of the broadcast of the shapes `a` and `b` (aligned at the
/// back), when both ranks are known and in each dimension the two extents
/// are one class or one of them is the constant 1 (the other is then the
/// broadcast extent). Where the shapes do not broadcast the broadcast has
/// no value, so nothing is claimed there.
fn broadcast_extents(egraph: &Graph, a: Id, b: Id) -> Option<Vec<Id>> {
    let (a, b) = (extents(egraph, a)?, extents(egraph, b)?);
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let offset = long.len() - short.len();
    let one = |x: Id| egraph[x].data.constant() == Some(1);
    long.iter()
        .enumerate()
        .map(|(i, &x)| match i.checked_sub(offset).map(|j| short[j]) {
            None => Some(x),
            Some(y) if egraph.find(x) == egraph.find(y) || one(y) => Some(x),
            Some(y) if one(x) => Some(y),
            Some(_) => None,
        })
        .collect()
}

/// The partial shape of a shape class: its rank when known, each extent
/// static when its interval holds one value (the lattice's dimensions are
/// static or dynamic).
pub fn partial_shape(egraph: &Graph, id: Id) -> PartialShape {
    match extents(egraph, id) {
        Some(e) => e
            .iter()
            .map(|&x| Dimension::from(egraph[x].data.interval))
            .collect(),
        None => PartialShape::dynamic(None),
    }
}

/// The extents a split at `index` gives (`head` when `head`), if known.
fn split_extents(egraph: &Graph, shape: Id, index: Id, head: bool) -> Option<Vec<Id>> {
    let e = extents(egraph, shape)?;
    let rank = i64::try_from(e.len()).ok()?;
    let i = egraph[index].data.constant()?;
    let at = if i < 0 { i + rank } else { i };
    let at = usize::try_from(at).ok().filter(|&a| a <= e.len())?;
    let (h, t) = e.split_at(at);
    Some(if head { h.to_vec() } else { t.to_vec() })
}

/// Facts of an arithmetic result: `interval` when no pair of operand
/// values overflows (`None` otherwise: the result wraps, and only the
/// power of two of `divisor` survives).
fn arithmetic(interval: Option<Interval>, divisor: Divisor) -> Facts {
    match interval {
        Some(interval) => Facts::integer(interval, divisor),
        None => Facts::integer(Interval::FULL, divisor.wrapped()),
    }
}

impl Analysis<ShapeLang> for ShapeAnalysis {
    type Data = Facts;

    fn make(egraph: &mut Graph, node: &ShapeLang) -> Facts {
        let g: &Graph = egraph;
        let facts = move |id: &Id| &g[*id].data;
        let interval = move |id: &Id| facts(id).interval;
        let divisor = move |id: &Id| facts(id).divisor;
        let bounds = move |id: &Id| facts(id).extent_bounds;
        let either = move |[a, b]: &[Id; 2]| divisor(a).either(divisor(b));
        match node {
            ShapeLang::Int(n) => Facts::of_constant(*n),
            ShapeLang::List(items) => {
                let hull = items.iter().map(interval).reduce(Interval::join);
                Facts::shape(Some(items.to_vec()), hull.unwrap_or_default())
            }
            ShapeLang::Concat([a, b]) => {
                let e = extents(g, *a).zip(extents(g, *b));
                Facts::shape(e.map(|(a, b)| [a, b].concat()), bounds(a).join(bounds(b)))
            }
            // Broadcasting picks each extent from an operand: where the
            // operands' extents are one class or one of them is 1, that is
            // known before any input is.
            ShapeLang::Broadcast([a, b]) => {
                Facts::shape(broadcast_extents(g, *a, *b), bounds(a).join(bounds(b)))
            }
            ShapeLang::Head([s, i]) => Facts::shape(split_extents(g, *s, *i, true), bounds(s)),
            ShapeLang::Tail([s, i]) => Facts::shape(split_extents(g, *s, *i, false), bounds(s)),
            ShapeLang::Rank(s) => match extents(g, *s).map(<[Id]>::len) {
                // A list in memory is shorter than `i64::MAX`.
                Some(rank) => Facts::of_constant(i64::try_from(rank).unwrap_or(i64::MAX)),
                None => Facts::integer(Interval::NON_NEGATIVE, Divisor::default()),
            },
            // One of the shape's extents, and that one when known (which
            // so learns the shape's bounds).
            ShapeLang::Extent([s, i]) => {
                let index = facts(i).constant().and_then(|i| usize::try_from(i).ok());
                let item = extents(g, *s).zip(index).and_then(|(e, i)| e.get(i));
                let (known, divides) = item.map_or((Interval::FULL, Divisor::default()), |x| {
                    (interval(x), divisor(x))
                });
                Facts::integer(known.meet(bounds(s)).unwrap_or(known), divides)
            }
            // The product of the extents (wrapping, as `arithmetic`).
            ShapeLang::NumElements(s) => match extents(g, *s) {
                Some(e) => e.iter().fold(Facts::of_constant(1), |acc, x| {
                    let product = acc.interval.checked_mul(interval(x));
                    arithmetic(product, acc.divisor.product(divisor(x)))
                }),
                None => Facts::default(),
            },
            ShapeLang::Add(ab @ [a, b]) => {
                arithmetic(interval(a).checked_add(interval(b)), either(ab))
            }
            ShapeLang::Sub(ab @ [a, b]) => {
                arithmetic(interval(a).checked_sub(interval(b)), either(ab))
            }
            ShapeLang::Mul([a, b]) => arithmetic(
                interval(a).checked_mul(interval(b)),
                divisor(a).product(divisor(b)),
            ),
            ShapeLang::Max(ab @ [a, b]) => Facts::integer(interval(a).max(interval(b)), either(ab)),
            ShapeLang::Min(ab @ [a, b]) => Facts::integer(interval(a).min(interval(b)), either(ab)),
            ShapeLang::And([a, b]) => {
                Facts::predicate(match (facts(a).constant(), facts(b).constant()) {
                    (Some(0), _) | (_, Some(0)) => Some(false),
                    (Some(1), Some(1)) => Some(true),
                    _ => None,
                })
            }
            ShapeLang::Or([a, b]) => {
                Facts::predicate(match (facts(a).constant(), facts(b).constant()) {
                    (Some(1), _) | (_, Some(1)) => Some(true),
                    (Some(0), Some(0)) => Some(false),
                    _ => None,
                })
            }
            ShapeLang::Opaque(_) => Facts::default(),
            predicate => match predicate.comparison() {
                Some((comparison, [a, b])) => {
                    Facts::predicate(decide(comparison, facts(&a), facts(&b)))
                }
                None => Facts::default(),
            },
        }
    }

    fn merge(&mut self, to: &mut Facts, from: Facts) -> DidMerge {
        let (interval, bounds, divisor) = (to.interval, to.extent_bounds, to.divisor);
        to.narrowings = to.narrowings.max(from.narrowings);
        narrow(&mut to.interval, from.interval, &mut to.narrowings);
        narrow(
            &mut to.extent_bounds,
            from.extent_bounds,
            &mut to.narrowings,
        );
        to.divisor = to.divisor.both(from.divisor);
        let gained_extents = to.extents.is_none() && from.extents.is_some();
        if gained_extents {
            to.extents = from.extents.clone();
        }
        let changed = gained_extents
            || (to.interval, to.extent_bounds, to.divisor) != (interval, bounds, divisor);
        DidMerge(changed, *to != from)
    }

    fn modify(egraph: &mut Graph, id: Id) {
        let class = &egraph[id];
        let known = class.data.extents.as_deref();
        let mut unions = Vec::new();
        for node in &class.nodes {
            match node {
                // An extent of a shape of known rank at a constant index is
                // that extent's class.
                ShapeLang::Extent([s, i]) => {
                    let k = egraph[*i]
                        .data
                        .constant()
                        .and_then(|k| usize::try_from(k).ok());
                    let x = extents(egraph, *s).zip(k).and_then(|(e, k)| e.get(k));
                    unions.extend(x.map(|&x| (id, x)));
                }
                // Equal lists of one rank have equal extents.
                ShapeLang::List(items) => {
                    if let Some(e) = known.filter(|e| e.len() == items.len()) {
                        unions.extend(e.iter().copied().zip(items.iter().copied()));
                    }
                }
                _ => {}
            }
        }
        for (a, b) in unions {
            egraph.union(a, b);
        }
        if let Some(n) = egraph[id].data.constant() {
            let c = egraph.add(ShapeLang::Int(n));
            egraph.union(id, c);
        }
        // A shape of known rank is the list of its extents.
        if let Some(e) = egraph[id].data.extents.clone() {
            let l = egraph.add(ShapeLang::List(e.into_boxed_slice()));
            egraph.union(id, l);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::RecExpr;

    /// The class of `expr` in `graph` (added, then rebuilt).
    fn add(graph: &mut Graph, expr: &str) -> Id {
        let expr: RecExpr<ShapeLang> = expr.parse().unwrap();
        let id = graph.add_expr(&expr);
        graph.rebuild();
        graph.find(id)
    }

    /// The facts of `expr` alone.
    fn facts(expr: &str) -> Facts {
        let mut graph = Graph::default();
        let id = add(&mut graph, expr);
        graph[id].data.clone()
    }

    fn interval(expr: &str) -> String {
        facts(expr).interval.to_string()
    }

    #[test]
    fn constants_fold_with_checked_arithmetic() {
        assert_eq!(facts("(rank (list 2 3 4))").constant(), Some(3));
        assert_eq!(facts("(* 9223372036854775807 2)").constant(), None);
        assert_eq!(
            facts("(extent (tail (list 2 d 4) 1) 1)").constant(),
            Some(4)
        );
        assert_eq!(facts("(num_elements (list 2 3 4))").constant(), Some(24));
        assert_eq!(facts("(- 3 5)").constant(), Some(-2));
    }

    #[test]
    fn intervals_of_ranks_and_arithmetic() {
        assert_eq!(interval("(rank s)"), "0..?");
        assert_eq!(interval("x"), "?");
        assert_eq!(interval("(max (rank s) 2)"), "2..?");
        assert_eq!(interval("(min (rank s) 2)"), "0..2");
        assert_eq!(interval("(+ (rank s) 1)"), "?", "may overflow");
        assert_eq!(interval("(- (rank s) 1)"), "-1..9223372036854775806");
        assert_eq!(interval("(* (min (rank s) 3) -2)"), "-6..0");
        assert_eq!(interval("(num_elements (list 2 (min (rank s) 3)))"), "0..6");
        assert_eq!(
            interval("(num_elements (list 2 (rank s)))"),
            "?",
            "may wrap"
        );
        assert_eq!(interval("(num_elements s)"), "?");
    }

    #[test]
    fn extents_of_a_shape_share_its_bounds() {
        let mut graph = Graph::default();
        let s = add(&mut graph, "s");
        graph.set_analysis_data(s, Facts::shape(None, Interval::NON_NEGATIVE));
        graph.rebuild();
        let e = add(&mut graph, "(extent s i)");
        assert_eq!(graph[e].data.interval, Interval::NON_NEGATIVE);
        let e = add(&mut graph, "(extent (concat s (list 3 4)) i)");
        assert_eq!(graph[e].data.interval, Interval::NON_NEGATIVE);
        let e = add(&mut graph, "(extent (broadcast s (list -1)) i)");
        assert_eq!(graph[e].data.interval.to_string(), "-1..?");
        assert_eq!(interval("(extent (list 2 3) i)"), "2..3");
        // The shape of a tensor equal to a list: its extents are
        // non-negative, and so are the list's once asked for.
        let list = add(&mut graph, "(list x y)");
        graph.union(s, list);
        graph.rebuild();
        add(&mut graph, "(extent s 0)");
        let (x, y) = (add(&mut graph, "x"), add(&mut graph, "y"));
        assert_eq!(graph[x].data.interval, Interval::NON_NEGATIVE);
        assert_eq!(graph[y].data.interval, Interval::FULL);
    }

    #[test]
    fn comparisons_fold_on_bounds() {
        assert_eq!(facts("(sge (rank s) 0)").constant(), Some(1));
        assert_eq!(
            facts("(slt (min (rank s) 1) (max (rank t) 2))").constant(),
            Some(1)
        );
        assert_eq!(facts("(sgt (min (rank s) 1) 1)").constant(), Some(0));
        assert_eq!(facts("(sle (rank s) 0)").constant(), None);
        assert_eq!(facts("(eq (rank s) -1)").constant(), Some(0));
        assert_eq!(facts("(ne (rank s) -1)").constant(), Some(1));
        assert_eq!(facts("(ult (min (rank s) 1) 2)").constant(), Some(1));
        assert_eq!(facts("(ult -1 (rank s))").constant(), Some(0));
        assert_eq!(interval("(slt x y)"), "0..1");
        assert_eq!(facts("(and p 0)").constant(), Some(0));
        assert_eq!(facts("(or 1 p)").constant(), Some(1));
        assert_eq!(facts("(and p 1)").constant(), None);
    }

    #[test]
    fn divisors() {
        assert_eq!(facts("(* x 4)").divisor.get(), 4);
        assert_eq!(
            facts("(* (* x 4) 6)").divisor.get(),
            8,
            "wraps: 24's power of two"
        );
        let bounded = "(* (min (rank s) 10) 6)";
        assert_eq!(facts(bounded).divisor.get(), 6);
        assert_eq!(facts(&format!("(+ {bounded} 9)")).divisor.get(), 3);
        assert_eq!(facts(&format!("(- {bounded} 4)")).divisor.get(), 2);
        assert_eq!(facts(&format!("(max {bounded} 15)")).divisor.get(), 3);
        assert_eq!(facts("(* x 0)").divisor.get(), 0);
        assert_eq!(facts("7").divisor.get(), 7);
        assert_eq!(facts("(- 0 7)").divisor.get(), 7);
        assert_eq!(
            facts("(num_elements (list (min (rank s) 10) 6))")
                .divisor
                .get(),
            6
        );
        assert_eq!(facts("(num_elements (list (rank s) 4))").divisor.get(), 4);
        assert_eq!(
            facts("(num_elements (list (rank s) 6))").divisor.get(),
            2,
            "may wrap"
        );
        // A multiple of 4 is not 6, nor in 1..3.
        assert_eq!(facts("(eq (* x 4) 6)").constant(), Some(0));
        assert_eq!(facts("(ne (* x 4) 6)").constant(), Some(1));
        assert_eq!(facts("(eq (* x 4) 8)").constant(), None);
        assert_eq!(
            facts("(eq (* x 4) (max (min (rank s) 3) 1))").constant(),
            Some(0)
        );
        assert_eq!(facts("(eq (* x 4) (* y 6))").constant(), None);
        let multiple = "(num_elements (list (min (rank s) 10) 6))";
        assert_eq!(facts(&format!("(eq {multiple} 7)")).constant(), Some(0));
    }

    #[test]
    fn divisor_lattice() {
        let d = Divisor::of;
        assert_eq!(d(4).both(d(6)), d(12));
        assert_eq!(d(4).both(d(0)), d(0));
        assert_eq!(d(4).either(d(6)), d(2));
        assert_eq!(d(4).either(d(0)), d(4));
        assert_eq!(d(1 << 40).both(d(3 << 40)), d(3 << 40));
        let big = Divisor(u64::MAX - 1);
        assert_eq!(big.both(d(3)), big, "overflow keeps the larger");
        assert_eq!(big.product(d(3)), big);
        assert_eq!(d(24).wrapped(), d(8));
        assert_eq!(d(i64::MIN), Divisor(1 << 63));
        assert!(d(4).has_multiple_in(Interval::new(-6, -3).unwrap()));
        assert!(!d(4).has_multiple_in(Interval::new(5, 7).unwrap()));
        assert!(d(0).has_multiple_in(Interval::new(-1, 1).unwrap()));
        assert!(!d(0).has_multiple_in(Interval::new(1, 2).unwrap()));
        assert!(Divisor(1 << 63).has_multiple_in(Interval::FULL));
        assert!(!Divisor(u64::MAX).has_multiple_in(Interval::new(1, i64::MAX).unwrap()));
    }

    #[test]
    fn merging_intersects_and_contradictions_keep_the_interval() {
        let mut graph = Graph::default();
        let x = add(&mut graph, "(min (max x 0) 10)");
        let y = add(&mut graph, "(max y 5)");
        graph.union(x, y);
        graph.rebuild();
        let x = graph.find(x);
        assert_eq!(graph[x].data.interval.to_string(), "5..10");
        let z = add(&mut graph, "(min z -1)");
        graph.union(x, z);
        graph.rebuild();
        let kept = graph[graph.find(x)].data.interval.to_string();
        assert!(kept == "5..10" || kept == "?..-1", "{kept}");
        // A class narrowed to one value holds that constant.
        let w = add(&mut graph, "(max (min w 3) 3)");
        assert_eq!(graph.lookup(ShapeLang::Int(3)), Some(w));
    }

    #[test]
    fn a_cycle_narrowing_one_value_at_a_time_stops() {
        // x = min(x + 1, 2^62): one value per round without a limit.
        let mut graph = Graph::default();
        let x = add(&mut graph, "(max x 0)");
        let step = add(&mut graph, "(min (+ (max x 0) 1) 4611686018427387904)");
        graph.union(x, step);
        graph.rebuild();
        let x = graph.find(x);
        let lo = graph[x].data.interval.lo();
        assert!(0 < lo && lo <= i64::from(NARROWING_LIMIT), "{lo}");
    }

    #[test]
    fn cmpi_nodes_are_named_and_compare_as_their_predicates() {
        let operands = [Id::from(0), Id::from(1)];
        let values = [i64::MIN, -1, 0, 1, i64::MAX];
        for p in CmpIPredicate::ALL {
            let Some(node) = ShapeLang::cmpi(p, operands) else {
                assert!(p.is_unsigned() && p != CmpIPredicate::Ult, "{p}");
                continue;
            };
            assert_eq!(node.to_string(), p.name());
            let (comparison, ids) = node.comparison().unwrap();
            assert_eq!(ids, operands);
            for (a, b) in values.iter().flat_map(|&a| values.map(|b| (a, b))) {
                let holds = p.eval(a.into(), b.into(), 64);
                assert_eq!(comparison.holds(a, b), holds, "{p} {a} {b}");
            }
        }
    }

    #[test]
    fn lists_of_one_class_have_equal_extents() {
        let mut graph = Graph::default();
        let a = add(&mut graph, "(list x 3)");
        let b = add(&mut graph, "(list 4 y)");
        graph.union(a, b);
        graph.rebuild();
        let shape = partial_shape(&graph, graph.find(a));
        assert_eq!(shape.to_string(), "{4,3}");
        let unranked = add(&mut graph, "s");
        assert_eq!(partial_shape(&graph, unranked).to_string(), "?");
    }
}
