//! The e-graph language of shape computations and its analysis.

use egg::{define_language, Analysis, DidMerge, EGraph, Id, Symbol};

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

/// What the analysis knows of a class: its constant, and for a shape the
/// classes of its extents (a known rank).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    pub constant: Option<i64>,
    pub extents: Option<Vec<Id>>,
}

/// Constant folding (checked: an overflow is unknown) and extent lists.
#[derive(Default)]
pub struct ShapeAnalysis;

pub type Graph = EGraph<ShapeLang, ShapeAnalysis>;

fn constant(egraph: &Graph, id: Id) -> Option<i64> {
    egraph[id].data.constant
}

fn extents(egraph: &Graph, id: Id) -> Option<Vec<Id>> {
    egraph[id].data.extents.clone()
}

/// The extents a split at `index` gives (`head` when `head`), if known.
fn split_extents(egraph: &Graph, shape: Id, index: Id, head: bool) -> Option<Vec<Id>> {
    let e = extents(egraph, shape)?;
    let rank = i64::try_from(e.len()).ok()?;
    let i = constant(egraph, index)?;
    let at = if i < 0 { i + rank } else { i };
    let at = usize::try_from(at).ok().filter(|&a| a <= e.len())?;
    let (h, t) = e.split_at(at);
    Some(if head { h.to_vec() } else { t.to_vec() })
}

impl Analysis<ShapeLang> for ShapeAnalysis {
    type Data = Facts;

    fn make(egraph: &mut Graph, node: &ShapeLang) -> Facts {
        let c = |id: &Id| constant(egraph, *id);
        let both = |[a, b]: &[Id; 2]| Some((c(a)?, c(b)?));
        let flag = |v: bool| Some(i64::from(v));
        let constant = match node {
            ShapeLang::Int(n) => Some(*n),
            ShapeLang::Rank(s) => extents(egraph, *s).and_then(|e| i64::try_from(e.len()).ok()),
            ShapeLang::Extent([s, i]) => {
                let e = extents(egraph, *s);
                let i = c(i).and_then(|i| usize::try_from(i).ok());
                e.zip(i).and_then(|(e, i)| e.get(i).and_then(&c))
            }
            ShapeLang::NumElements(s) => extents(egraph, *s)
                .and_then(|e| e.iter().try_fold(1i64, |acc, x| acc.checked_mul(c(x)?))),
            ShapeLang::Add(ab) => both(ab).and_then(|(a, b)| a.checked_add(b)),
            ShapeLang::Sub(ab) => both(ab).and_then(|(a, b)| a.checked_sub(b)),
            ShapeLang::Mul(ab) => both(ab).and_then(|(a, b)| a.checked_mul(b)),
            ShapeLang::Max(ab) => both(ab).map(|(a, b)| a.max(b)),
            ShapeLang::Min(ab) => both(ab).map(|(a, b)| a.min(b)),
            ShapeLang::Eq(ab) => both(ab).and_then(|(a, b)| flag(a == b)),
            ShapeLang::Ne(ab) => both(ab).and_then(|(a, b)| flag(a != b)),
            ShapeLang::Slt(ab) => both(ab).and_then(|(a, b)| flag(a < b)),
            ShapeLang::Sle(ab) => both(ab).and_then(|(a, b)| flag(a <= b)),
            ShapeLang::Sgt(ab) => both(ab).and_then(|(a, b)| flag(a > b)),
            ShapeLang::Sge(ab) => both(ab).and_then(|(a, b)| flag(a >= b)),
            ShapeLang::Ult(ab) => both(ab).and_then(|(a, b)| flag((a as u64) < (b as u64))),
            ShapeLang::And(ab) => both(ab).map(|(a, b)| a & b & 1),
            ShapeLang::Or(ab) => both(ab).map(|(a, b)| (a | b) & 1),
            _ => None,
        };
        let extents = match node {
            ShapeLang::List(items) => Some(items.to_vec()),
            ShapeLang::Concat([a, b]) => extents(egraph, *a)
                .zip(extents(egraph, *b))
                .map(|(a, b)| [a, b].concat()),
            ShapeLang::Head([s, i]) => split_extents(egraph, *s, *i, true),
            ShapeLang::Tail([s, i]) => split_extents(egraph, *s, *i, false),
            _ => None,
        };
        Facts { constant, extents }
    }

    fn merge(&mut self, to: &mut Facts, from: Facts) -> DidMerge {
        let mut changed = false;
        if to.constant.is_none() && from.constant.is_some() {
            to.constant = from.constant;
            changed = true;
        }
        if to.extents.is_none() && from.extents.is_some() {
            to.extents.clone_from(&from.extents);
            changed = true;
        }
        DidMerge(changed, *to != from)
    }

    fn modify(egraph: &mut Graph, id: Id) {
        // An extent of a shape of known rank at a constant index is that
        // extent's class.
        let known: Vec<Id> = egraph[id]
            .nodes
            .iter()
            .filter_map(|node| match node {
                ShapeLang::Extent([s, i]) => {
                    let k = usize::try_from(constant(egraph, *i)?).ok()?;
                    extents(egraph, *s)?.get(k).copied()
                }
                _ => None,
            })
            .collect();
        for x in known {
            egraph.union(id, x);
        }
        if let Some(n) = egraph[id].data.constant {
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
