//! What the requirements seen so far say about the ranks of shape inputs,
//! and the rewriting of expressions with it.
//!
//! A requirement is checked in program order, so an expression that comes
//! after it may assume it: once `rank(lhs) = 2` is required, `lhs` is
//! `[lhs[0], lhs[1]]` and its extents have names. Ranks are kept in a
//! union-find of inputs (`rank(lhs) = rank(rhs)`), each class with its
//! known rank and its least rank. A rank known to be large does not make
//! a shape long: a slice becomes its extents only up to
//! [`MAX_SPELLED_EXTENTS`](crate::expr::MAX_SPELLED_EXTENTS) of them.

use crate::expr::{spelled_count, BinOp, Cond, Pred, Seg, Shape, Term};

/// Rank facts about the shape inputs.
#[derive(Clone, Debug, Default)]
pub struct Knowledge {
    parent: Vec<usize>,
    exact: Vec<Option<i64>>,
    least: Vec<i64>,
    /// The conditions required so far, conjunctions split.
    held: Vec<Cond>,
}

impl Knowledge {
    /// No facts about `inputs` inputs.
    pub fn new(inputs: usize) -> Self {
        Knowledge {
            parent: (0..inputs).collect(),
            exact: vec![None; inputs],
            least: vec![0; inputs],
            held: Vec::new(),
        }
    }

    fn find(&self, mut i: usize) -> usize {
        while let Some(&p) = self.parent.get(i) {
            if p == i {
                break;
            }
            i = p;
        }
        i
    }

    /// The rank of input `i`, if known.
    pub fn rank(&self, i: usize) -> Option<i64> {
        self.exact.get(self.find(i)).copied().flatten()
    }

    /// The least rank input `i` can have.
    pub fn least_rank(&self, i: usize) -> i64 {
        let root = self.find(i);
        self.rank(i)
            .unwrap_or_else(|| self.least.get(root).copied().unwrap_or(0))
    }

    fn set_exact(&mut self, i: usize, k: i64) {
        let root = self.find(i);
        if let Some(slot) = self.exact.get_mut(root) {
            slot.get_or_insert(k);
        }
    }

    fn set_least(&mut self, i: usize, k: i64) {
        let root = self.find(i);
        if let Some(slot) = self.least.get_mut(root) {
            *slot = (*slot).max(k);
        }
    }

    fn unite(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb || rb >= self.parent.len() || ra >= self.parent.len() {
            return;
        }
        self.parent[rb] = ra;
        if self.exact[ra].is_none() {
            self.exact[ra] = self.exact[rb];
        }
        self.least[ra] = self.least[ra].max(self.least[rb]);
    }

    /// Whether `cond` follows from the conditions required so far: it is
    /// one of them, or the shapes it says broadcast are some of those one
    /// of them says broadcast.
    pub fn implies(&self, cond: &Cond) -> bool {
        let one = |c: &Cond| {
            self.held.iter().any(|h| match (h, c) {
                (Cond::Broadcastable(all), Cond::Broadcastable(some)) => {
                    some.iter().all(|s| all.contains(s))
                }
                (h, c) => h == c,
            })
        };
        match cond {
            Cond::And(cs) => cs.iter().all(one),
            c => one(c),
        }
    }

    /// Learn what a requirement that holds says.
    pub fn learn(&mut self, cond: &Cond) {
        match cond {
            Cond::And(_) => {}
            c => self.held.push(c.clone()),
        }
        match cond {
            Cond::And(cs) => cs.iter().for_each(|c| self.learn(c)),
            Cond::Cmp(p, a, b) => match (p, a, b) {
                (&Pred::EQ, Term::Rank(i), Term::Rank(j)) => self.unite(*i, *j),
                (&Pred::EQ, Term::Rank(i), Term::Int(k))
                | (&Pred::EQ, Term::Int(k), Term::Rank(i)) => self.set_exact(*i, *k),
                (&Pred::SGE, Term::Rank(i), Term::Int(k)) => self.set_least(*i, *k),
                _ => {}
            },
            _ => {}
        }
    }

    /// `t` with what is known substituted: known ranks, extents counted
    /// from the front.
    pub fn term(&self, t: &Term) -> Term {
        match t {
            Term::Int(_) | Term::Scalar(_) => t.clone(),
            Term::Rank(i) => self.rank(*i).map_or(Term::Rank(*i), Term::Int),
            Term::Extent { input, i } => {
                let from_front = self.rank(*input).and_then(|n| n.checked_add(*i));
                match from_front {
                    Some(k) if *i < 0 && k >= 0 => Term::Extent {
                        input: *input,
                        i: k,
                    },
                    _ => t.clone(),
                }
            }
            Term::Bin(op, a, b) => Term::bin(*op, self.term(a), self.term(b)),
            Term::Select(c, a, b) => Term::select(self.cond(c), self.term(a), self.term(b)),
            Term::Length(s) => length(&self.shape(s)),
            Term::Product(s) => product(&self.shape(s)),
            Term::At(s, i) => at(self.shape(s), self.term(i)),
        }
    }

    /// `s` with what is known substituted: a slice of an input of known
    /// rank becomes its extents, if there are at most
    /// [`MAX_SPELLED_EXTENTS`](crate::expr::MAX_SPELLED_EXTENTS).
    pub fn shape(&self, s: &[Seg]) -> Shape {
        let mut out = Vec::new();
        for seg in s {
            match seg {
                Seg::One(t) => out.push(Seg::One(self.term(t))),
                Seg::Slice {
                    input,
                    from,
                    to_back,
                } => {
                    let end = self.rank(*input).and_then(|n| n.checked_add(*to_back));
                    let spelled =
                        end.filter(|end| end.checked_sub(*from).and_then(spelled_count).is_some());
                    match spelled {
                        Some(end) => out.extend(
                            (*from..end).map(|i| Seg::One(Term::Extent { input: *input, i })),
                        ),
                        None => out.push(seg.clone()),
                    }
                }
                Seg::Broadcast(shapes) => {
                    out.extend(broadcast(shapes.iter().map(|s| self.shape(s)).collect()))
                }
                Seg::Take(s, k) => out.extend(take(self.shape(s), self.term(k))),
                Seg::Drop(s, k) => out.extend(drop(self.shape(s), self.term(k))),
            }
        }
        out
    }

    /// `c` with what is known substituted.
    pub fn cond(&self, c: &Cond) -> Cond {
        match c {
            Cond::Bool(_) => c.clone(),
            Cond::Cmp(p, a, b) => Cond::cmp(*p, self.term(a), self.term(b)),
            Cond::ShapeEq(shapes) => shapes_equal(shapes.iter().map(|s| self.shape(s)).collect()),
            Cond::Broadcastable(shapes) => {
                broadcastable(shapes.iter().map(|s| self.shape(s)).collect())
            }
            Cond::And(cs) => Cond::and(cs.iter().map(|c| self.cond(c)).collect()),
            Cond::Or(cs) => Cond::or(cs.iter().map(|c| self.cond(c)).collect()),
            Cond::Not(c) => Cond::negate(self.cond(c)),
        }
    }
}

/// The extents of `s` when each is known to be one term.
pub fn extents(s: &[Seg]) -> Option<Vec<&Term>> {
    s.iter()
        .map(|seg| match seg {
            Seg::One(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// The number of extents of `s`.
pub fn length(s: &[Seg]) -> Term {
    s.iter().fold(Term::Int(0), |acc, seg| {
        let n = match seg {
            Seg::One(_) => Term::Int(1),
            Seg::Slice {
                input,
                from,
                to_back,
            } => Term::bin(
                BinOp::Add,
                Term::bin(BinOp::Sub, Term::Rank(*input), Term::Int(*from)),
                Term::Int(*to_back),
            ),
            Seg::Broadcast(shapes) => shapes
                .iter()
                .map(|s| length(s))
                .reduce(|a, b| Term::bin(BinOp::Max, a, b))
                .unwrap_or(Term::Int(0)),
            Seg::Take(..) | Seg::Drop(..) => Term::Length(Box::new(vec![seg.clone()])),
        };
        Term::bin(BinOp::Add, acc, n)
    })
}

/// Extent `i` of `s`: the term itself when the extents are known.
pub fn at(s: Shape, i: Term) -> Term {
    if let (Some(ts), Term::Int(k)) = (extents(&s), &i) {
        if let Some(t) = usize::try_from(*k).ok().and_then(|k| ts.get(k)) {
            return (*t).clone();
        }
    }
    Term::At(Box::new(s), Box::new(i))
}

/// The extents of `s` before `k`: the list itself when the extents are
/// known and `k` is a constant within them.
pub fn take(s: Shape, k: Term) -> Shape {
    match known_split(&s, &k) {
        Some(at) => s[..at].to_vec(),
        None => vec![Seg::Take(Box::new(s), k)],
    }
}

/// The extents of `s` from `k` on (see [`take`]).
pub fn drop(s: Shape, k: Term) -> Shape {
    match known_split(&s, &k) {
        Some(at) => s[at..].to_vec(),
        None => vec![Seg::Drop(Box::new(s), k)],
    }
}

fn known_split(s: &[Seg], k: &Term) -> Option<usize> {
    let n = extents(s)?.len();
    match k {
        Term::Int(k) => crate::expr::split_index(n, *k),
        _ => None,
    }
}

/// The product of the extents of `s`.
pub fn product(s: &[Seg]) -> Term {
    match extents(s) {
        Some(ts) => ts
            .into_iter()
            .fold(Term::Int(1), |acc, t| Term::bin(BinOp::Mul, acc, t.clone())),
        None => Term::Product(Box::new(s.to_vec())),
    }
}

/// The broadcast of `shapes`: empty shapes dropped, one shape or equal
/// shapes give themselves.
pub fn broadcast(shapes: Vec<Shape>) -> Shape {
    let mut shapes = operands(shapes);
    match shapes.len() {
        0 => Vec::new(),
        1 => shapes.remove(0),
        _ if shapes.iter().all(|s| *s == shapes[0]) => shapes.remove(0),
        _ => vec![Seg::Broadcast(shapes)],
    }
}

/// That `shapes` broadcast together.
pub fn broadcastable(shapes: Vec<Shape>) -> Cond {
    let shapes = operands(shapes);
    match shapes.len() {
        0 | 1 => Cond::Bool(true),
        _ => Cond::Broadcastable(shapes),
    }
}

/// The operands of a broadcast that matter: nested broadcasts flattened
/// (it is associative), empty shapes and repeats dropped (they change
/// nothing).
fn operands(shapes: Vec<Shape>) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for s in shapes {
        let inner = match s.as_slice() {
            [Seg::Broadcast(inner)] => inner.clone(),
            _ => vec![s],
        };
        for s in inner {
            if !s.is_empty() && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// That `shapes` are equal: extent by extent when all extents are known.
pub fn shapes_equal(mut shapes: Vec<Shape>) -> Cond {
    shapes.dedup();
    if shapes.len() <= 1 {
        return Cond::Bool(true);
    }
    let known: Option<Vec<Vec<&Term>>> = shapes.iter().map(|s| extents(s)).collect();
    let Some(known) = known else {
        return Cond::ShapeEq(shapes);
    };
    let first = &known[0];
    if known.iter().any(|k| k.len() != first.len()) {
        return Cond::Bool(false);
    }
    Cond::and(
        known[1..]
            .iter()
            .flat_map(|k| {
                first
                    .iter()
                    .zip(k)
                    .map(|(a, b)| Cond::cmp(Pred::EQ, (*a).clone(), (*b).clone()))
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_flow_through_equalities() {
        let mut k = Knowledge::new(2);
        k.learn(&Cond::Cmp(Pred::EQ, Term::Rank(0), Term::Rank(1)));
        k.learn(&Cond::Cmp(Pred::EQ, Term::Rank(0), Term::Int(2)));
        assert_eq!(k.rank(1), Some(2));
        let whole = [Seg::Slice {
            input: 1,
            from: 1,
            to_back: 0,
        }];
        assert_eq!(
            k.shape(&whole),
            vec![Seg::One(Term::Extent { input: 1, i: 1 })]
        );
    }

    #[test]
    fn a_large_known_rank_leaves_a_slice_whole() {
        let whole = [Seg::Slice {
            input: 0,
            from: 1,
            to_back: -1,
        }];
        for rank in [1 << 40, i64::MAX, i64::MIN] {
            let mut k = Knowledge::new(1);
            k.learn(&Cond::Cmp(Pred::EQ, Term::Rank(0), Term::Int(rank)));
            assert_eq!(k.shape(&whole), whole.to_vec(), "rank {rank}");
            let last = Term::Extent { input: 0, i: -1 };
            let from_front = rank.checked_sub(1).map(|i| Term::Extent { input: 0, i });
            assert_eq!(k.term(&last), from_front.unwrap_or(last), "rank {rank}");
        }
    }

    #[test]
    fn known_extents_compare_one_by_one() {
        let e = |i| Term::Extent { input: 0, i };
        let c = shapes_equal(vec![vec![Seg::One(e(0))], vec![Seg::One(e(1))]]);
        assert_eq!(c, Cond::Cmp(Pred::EQ, e(0), e(1)));
        let c = shapes_equal(vec![vec![Seg::One(e(0))], vec![]]);
        assert_eq!(c, Cond::Bool(false));
    }
}
