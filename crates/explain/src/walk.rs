//! The symbolic run of a function: every op's results as expressions over
//! the inputs, and every check (`shape.cstr_*`, `cf.assert`) as a
//! requirement, in the order the function checks them.
//!
//! A constraint fails where it stands (as the interpreter runs it), so the
//! requirements are the checks in program order, each read with what the
//! requirements before it established (see [`Knowledge`]). An op whose
//! operand is out of its domain (a `split_at` or `get_extent` past the
//! rank) adds the requirement that it is not, unless that is known. An op
//! the walk cannot read makes its results unknown and is listed, so a
//! partial explanation says what it leaves out.

use crate::expr::{BinOp, Cond, Pred, Seg, Shape, Term};
use crate::knowledge::{self, Knowledge};
use crate::{Explanation, ParamKind, Requirement, Unexplained};
use ir::dialect::arith::CmpIPredicate;
use ir::{BlockId, Context, OpId, OpKind, TypeKind, ValueId};
use std::collections::HashMap;

/// What an SSA value is, symbolically.
#[derive(Clone, Debug)]
enum Sym {
    /// The value of a shape or extent tensor.
    Shape(Shape),
    /// A tensor (or value shape) of this shape.
    Tensor(Shape),
    Term(Term),
    Cond(Cond),
    Witness,
    Unknown,
}

/// The walk's state.
pub(crate) struct Walk<'a> {
    ctx: &'a Context,
    values: HashMap<ValueId, Sym>,
    known: Knowledge,
    out: Explanation,
}

/// The kind of input a parameter of type `ty` is.
pub(crate) fn param_kind(ctx: &Context, ty: ir::Type) -> Option<ParamKind> {
    let dims = |shape: &[i64]| shape.iter().map(|&d| (d >= 0).then_some(d)).collect();
    match ctx.type_kind(ty) {
        TypeKind::Shape => Some(ParamKind::Shape(None)),
        TypeKind::UnrankedTensor { .. } | TypeKind::ValueShape => Some(ParamKind::Tensor(None)),
        TypeKind::RankedTensor { shape, elem, .. }
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) =>
        {
            Some(ParamKind::Shape(
                (shape[0] >= 0).then(|| vec![None; shape[0] as usize]),
            ))
        }
        TypeKind::RankedTensor { shape, .. } => Some(ParamKind::Tensor(Some(dims(shape)))),
        TypeKind::Index | TypeKind::Size | TypeKind::Integer { .. } => Some(ParamKind::Scalar),
        _ => None,
    }
}

impl<'a> Walk<'a> {
    pub(crate) fn new(ctx: &'a Context, out: Explanation) -> Self {
        let known = Knowledge::new(out.params.len());
        Walk {
            ctx,
            values: HashMap::new(),
            known,
            out,
        }
    }

    /// Walk the body of function `f` whose entry block is `entry`.
    pub(crate) fn run(mut self, entry: BlockId) -> (Explanation, Knowledge) {
        let args = self.ctx.block(entry).args.clone();
        for (index, &arg) in args.iter().enumerate() {
            let sym = match self.out.params.get(index).map(|p| &p.kind) {
                Some(ParamKind::Shape(dims)) => Sym::Shape(input_shape(index, dims.as_deref())),
                Some(ParamKind::Tensor(dims)) => Sym::Tensor(input_shape(index, dims.as_deref())),
                Some(ParamKind::Scalar) => Sym::Term(Term::Scalar(index)),
                None => Sym::Unknown,
            };
            self.values.insert(arg, sym);
        }
        let returned = self.block(entry);
        self.out.results = returned
            .into_iter()
            .map(|sym| match sym {
                Sym::Shape(s) => Some(crate::Result::Shape(s)),
                Sym::Term(t) => Some(crate::Result::Term(t)),
                Sym::Cond(c) => Some(crate::Result::Cond(c)),
                _ => None,
            })
            .collect();
        let known = self.known.clone();
        (self.out, known)
    }

    fn block(&mut self, b: BlockId) -> Vec<Sym> {
        let mut returned = Vec::new();
        for op in self.ctx.block_ops(b) {
            match self.ctx.kind(op) {
                OpKind::FuncReturn | OpKind::ShapeReturn | OpKind::ShapeAssumingYield => {
                    returned = self.operands(op);
                }
                _ => self.op(op),
            }
        }
        returned
    }

    fn sym(&self, v: ValueId) -> Sym {
        match self.values.get(&v) {
            Some(Sym::Shape(s)) => Sym::Shape(self.known.shape(s)),
            Some(Sym::Tensor(s)) => Sym::Tensor(self.known.shape(s)),
            Some(Sym::Term(t)) => Sym::Term(self.known.term(t)),
            Some(Sym::Cond(c)) => Sym::Cond(self.known.cond(c)),
            Some(other) => other.clone(),
            None => Sym::Unknown,
        }
    }

    fn operands(&self, op: OpId) -> Vec<Sym> {
        self.ctx
            .op(op)
            .operands
            .iter()
            .map(|&v| self.sym(v))
            .collect()
    }

    fn shape(&self, op: OpId, i: usize) -> Option<Shape> {
        match self.sym(self.ctx.operand(op, i)?) {
            Sym::Shape(s) => Some(s),
            _ => None,
        }
    }

    fn tensor_shape(&self, op: OpId, i: usize) -> Option<Shape> {
        match self.sym(self.ctx.operand(op, i)?) {
            Sym::Tensor(s) => Some(s),
            _ => None,
        }
    }

    fn term(&self, op: OpId, i: usize) -> Option<Term> {
        match self.sym(self.ctx.operand(op, i)?) {
            Sym::Term(t) => Some(t),
            Sym::Cond(c) => Some(Term::select(c, Term::Int(1), Term::Int(0))),
            _ => None,
        }
    }

    fn cond(&self, op: OpId, i: usize) -> Option<Cond> {
        match self.sym(self.ctx.operand(op, i)?) {
            Sym::Cond(c) => Some(c),
            _ => None,
        }
    }

    fn shapes(&self, op: OpId) -> Option<Vec<Shape>> {
        (0..self.ctx.op(op).operands.len())
            .map(|i| self.shape(op, i))
            .collect()
    }

    fn terms(&self, op: OpId) -> Option<Vec<Term>> {
        (0..self.ctx.op(op).operands.len())
            .map(|i| self.term(op, i))
            .collect()
    }

    fn set(&mut self, op: OpId, results: Vec<Sym>) {
        for (&v, sym) in self.ctx.op(op).results.iter().zip(results) {
            self.values.insert(v, sym);
        }
    }

    /// Give `op` unknown results, and list it unless that only follows
    /// from an unknown operand.
    fn unexplained(&mut self, op: OpId) {
        let cascade = self.operands(op).iter().any(|s| matches!(s, Sym::Unknown));
        if !cascade {
            self.out.unexplained.push(Unexplained {
                op: self.ctx.op_name(op).to_string(),
                loc: self.ctx.op(op).loc.clone(),
            });
        }
        let unknown = vec![Sym::Unknown; self.ctx.op(op).results.len()];
        self.set(op, unknown);
    }

    /// Record that `cond` must hold here, failing with `message`.
    fn require(&mut self, op: OpId, cond: Option<Cond>, message: Option<String>) {
        let cond = cond.map(|c| self.known.cond(&c));
        if cond == Some(Cond::Bool(true)) || cond.as_ref().is_some_and(|c| self.known.implies(c)) {
            return;
        }
        if let Some(c) = &cond {
            self.known.learn(c);
        }
        self.out.requires.push(Requirement {
            cond,
            message,
            loc: self.ctx.op(op).loc.clone(),
        });
    }

    /// Require that shape input `input` has at least `rank` extents (the
    /// domain of an op reading them), unless that is known.
    fn require_rank(&mut self, op: OpId, input: usize, rank: i64) {
        if self.known.least_rank(input) < rank {
            let cond = Cond::cmp(Pred::SGE, Term::Rank(input), Term::Int(rank));
            self.require(op, Some(cond), None);
        }
    }

    fn op(&mut self, op: OpId) {
        let results = self.eval(op);
        match results {
            Some(results) => self.set(op, results),
            None => self.unexplained(op),
        }
    }

    /// The results of `op`, or `None` if the walk cannot read it.
    fn eval(&mut self, op: OpId) -> Option<Vec<Sym>> {
        use OpKind as K;
        let ctx = self.ctx;
        let one = |s: Sym| Some(vec![s]);
        let bin = |w: &Self, o: BinOp| -> Option<Vec<Sym>> {
            let ts = w.terms(op)?;
            let [a, b] = <[Term; 2]>::try_from(ts).ok()?;
            Some(vec![Sym::Term(Term::bin(o, a, b))])
        };
        match ctx.kind(op) {
            K::ArithConstant | K::ShapeConstSize => one(self.constant_value(op)?),
            K::ShapeConstShape => {
                // A splat (`[1, 1, 1]`) holds one element: the type counts them.
                let ty = ctx.value_type(*ctx.op(op).results.first()?);
                let count = match ctx.type_kind(ty) {
                    TypeKind::RankedTensor { shape, .. } => {
                        usize::try_from(*shape.first()?).unwrap_or(0)
                    }
                    _ => 0,
                };
                let elements = ctx.attr(op, "shape")?.int_elements(count)?;
                one(Sym::Shape(
                    elements
                        .into_iter()
                        .map(|e| i64::try_from(e).ok().map(|e| Seg::One(Term::Int(e))))
                        .collect::<Option<_>>()?,
                ))
            }
            K::ShapeConstWitness => {
                let passing = ctx.attr(op, "passing").and_then(ir::Attr::as_int) == Some(1);
                if !passing {
                    let message = ir::dialect::shape::constraint_message(ctx, op).to_string();
                    self.require(op, Some(Cond::Bool(false)), Some(message));
                }
                one(Sym::Witness)
            }
            K::ShapeShapeOf => one(Sym::Shape(self.tensor_shape(op, 0)?)),
            K::TensorCast
            | K::ShapeToExtentTensor
            | K::ShapeFromExtentTensor
            | K::ShapeValueAsShape
            | K::ArithIndexCast
            | K::ArithExtsi
            | K::ShapeIndexToSize
            | K::ShapeSizeToIndex
            | K::ShapeDebugPrint => {
                let s = self.sym(ctx.operand(op, 0)?);
                matches!(s, Sym::Shape(_) | Sym::Tensor(_) | Sym::Term(_)).then(|| vec![s])
            }
            K::ShapeRank => one(Sym::Term(knowledge::length(&self.shape(op, 0)?))),
            K::TensorRank => one(Sym::Term(knowledge::length(&self.tensor_shape(op, 0)?))),
            K::ShapeNumElements => one(Sym::Term(knowledge::product(&self.shape(op, 0)?))),
            K::ShapeGetExtent | K::ShapeDim | K::TensorDim | K::TensorExtract => {
                let shape = match ctx.kind(op) {
                    K::ShapeDim | K::TensorDim => self.tensor_shape(op, 0)?,
                    _ => self.shape(op, 0)?,
                };
                let index = self.term(op, 1)?;
                let known = match index {
                    Term::Int(k) => self.extent(op, &shape, k),
                    _ => None,
                };
                one(Sym::Term(
                    known.unwrap_or_else(|| knowledge::at(shape, index)),
                ))
            }
            K::ShapeSplitAt => {
                let shape = self.shape(op, 0)?;
                let k = self.term(op, 1)?;
                let known = match k {
                    Term::Int(k) => self.split(op, &shape, k),
                    _ => None,
                };
                let (head, tail) = known.unwrap_or_else(|| {
                    (
                        knowledge::take(shape.clone(), k.clone()),
                        knowledge::drop(shape, k),
                    )
                });
                Some(vec![Sym::Shape(head), Sym::Shape(tail)])
            }
            K::ShapeConcat | K::TensorConcat => {
                one(Sym::Shape(self.shapes(op)?.into_iter().flatten().collect()))
            }
            K::ShapeFromExtents | K::TensorFromElements => one(Sym::Shape(
                self.terms(op)?.into_iter().map(Seg::One).collect(),
            )),
            K::ShapeBroadcast if ctx.attr(op, "error").is_none() => {
                one(Sym::Shape(knowledge::broadcast(self.shapes(op)?)))
            }
            K::ShapeAny => match self.sym(ctx.operand(op, 0)?) {
                s @ (Sym::Shape(_) | Sym::Term(_)) => one(s),
                _ => None,
            },
            K::ShapeShapeEq => one(Sym::Cond(knowledge::shapes_equal(self.shapes(op)?))),
            K::ShapeIsBroadcastable => one(Sym::Cond(knowledge::broadcastable(self.shapes(op)?))),
            K::ArithAddi | K::ShapeAdd => bin(self, BinOp::Add),
            K::ArithSubi => bin(self, BinOp::Sub),
            K::ArithMuli | K::ShapeMul => bin(self, BinOp::Mul),
            K::ArithDivsi => bin(self, BinOp::Div),
            K::ArithFloordivsi | K::ShapeDiv => bin(self, BinOp::FloorDiv),
            K::ArithCeildivsi => bin(self, BinOp::CeilDiv),
            K::ArithRemsi => bin(self, BinOp::Rem),
            K::ArithMinsi => bin(self, BinOp::Min),
            K::ArithMaxsi => bin(self, BinOp::Max),
            K::ShapeMin | K::ShapeMax if self.term(op, 0).is_some() => bin(
                self,
                if ctx.kind(op) == K::ShapeMin {
                    BinOp::Min
                } else {
                    BinOp::Max
                },
            ),
            K::ArithCmpi => {
                let pred = CmpIPredicate::of(ctx, op)?;
                let (a, b) = (self.term(op, 0)?, self.term(op, 1)?);
                one(Sym::Cond(Cond::cmp(Pred::from(pred), a, b)))
            }
            K::ArithAndi | K::ArithOri | K::ArithXori => self.logic(op),
            K::ArithSelect => {
                let c = self.cond(op, 0)?;
                match (self.sym(ctx.operand(op, 1)?), self.sym(ctx.operand(op, 2)?)) {
                    (Sym::Term(a), Sym::Term(b)) => one(Sym::Term(Term::select(c, a, b))),
                    (Sym::Cond(a), Sym::Cond(b)) => one(Sym::Cond(Cond::or(vec![
                        Cond::and(vec![c.clone(), a]),
                        Cond::and(vec![Cond::negate(c), b]),
                    ]))),
                    _ => None,
                }
            }
            K::ShapeCstrRequire => {
                let message = ir::dialect::shape::constraint_message(ctx, op).to_string();
                let cond = self.cond(op, 0);
                self.require(op, cond, Some(message));
                one(Sym::Witness)
            }
            K::ShapeCstrEq | K::ShapeCstrBroadcastable => {
                let message = ir::dialect::shape::constraint_message(ctx, op).to_string();
                let cond = self.shapes(op).map(|shapes| match ctx.kind(op) {
                    K::ShapeCstrEq => knowledge::shapes_equal(shapes),
                    _ => knowledge::broadcastable(shapes),
                });
                self.require(op, cond, Some(message));
                one(Sym::Witness)
            }
            K::CfAssert => {
                let message = ctx
                    .attr(op, "msg")
                    .and_then(ir::Attr::as_str)
                    .map(str::to_string);
                let cond = self.cond(op, 0);
                self.require(op, cond, message);
                Some(Vec::new())
            }
            K::ShapeAssumingAll => one(Sym::Witness),
            K::ShapeAssuming => {
                let body = ctx
                    .region(*ctx.op(op).regions.first()?)
                    .blocks
                    .first()
                    .copied()?;
                Some(self.block(body))
            }
            _ => None,
        }
    }

    fn constant_value(&self, op: OpId) -> Option<Sym> {
        let value = self.ctx.attr(op, "value")?;
        let ty = *self.ctx.op(op).results.first()?;
        match self.ctx.type_kind(self.ctx.value_type(ty)) {
            TypeKind::Integer { width: 1, .. } => {
                Some(Sym::Cond(Cond::Bool(value.as_int()? & 1 == 1)))
            }
            TypeKind::Index | TypeKind::Integer { .. } | TypeKind::Size => {
                Some(Sym::Term(Term::Int(i64::try_from(value.as_int()?).ok()?)))
            }
            TypeKind::RankedTensor { shape, .. } if shape.len() == 1 => {
                let n = usize::try_from(shape[0]).ok()?;
                let elements = value.int_elements(n)?;
                Some(Sym::Shape(
                    elements
                        .into_iter()
                        .map(|e| i64::try_from(e).ok().map(|e| Seg::One(Term::Int(e))))
                        .collect::<Option<_>>()?,
                ))
            }
            _ => None,
        }
    }

    fn logic(&self, op: OpId) -> Option<Vec<Sym>> {
        let (a, b) = (self.cond(op, 0)?, self.cond(op, 1)?);
        let c = match self.ctx.kind(op) {
            OpKind::ArithAndi => Cond::and(vec![a, b]),
            OpKind::ArithOri => Cond::or(vec![a, b]),
            _ => match (a, b) {
                (Cond::Bool(true), c) | (c, Cond::Bool(true)) => Cond::negate(c),
                (Cond::Bool(false), c) | (c, Cond::Bool(false)) => c,
                (a, b) => Cond::or(vec![
                    Cond::and(vec![a.clone(), Cond::negate(b.clone())]),
                    Cond::and(vec![Cond::negate(a), b]),
                ]),
            },
        };
        Some(vec![Sym::Cond(c)])
    }

    /// Extent `index` of `shape` (from the front), where the segments
    /// before it are known well enough to say which term it is.
    fn extent(&mut self, op: OpId, shape: &[Seg], index: i64) -> Option<Term> {
        if index < 0 {
            return None;
        }
        let (_, tail) = self.split(op, shape, index)?;
        match tail.first()? {
            Seg::One(t) => Some(t.clone()),
            &Seg::Slice {
                input,
                from,
                to_back,
            } => {
                let long_enough = self.known.least_rank(input) - from + to_back >= 1;
                if !long_enough && tail.len() > 1 {
                    return None;
                }
                self.require_rank(op, input, from - to_back + 1);
                Some(Term::Extent { input, i: from })
            }
            _ => None,
        }
    }

    /// `shape` split before extent `k` (counted from the back when `k <
    /// 0`), as `shape.split_at` does.
    fn split(&mut self, op: OpId, shape: &[Seg], k: i64) -> Option<(Shape, Shape)> {
        if k >= 0 {
            self.take(op, shape, k, |input, from, to_back, need| {
                let taken = (from..from + need).map(|i| Seg::One(Term::Extent { input, i }));
                (
                    taken.collect(),
                    Seg::Slice {
                        input,
                        from: from + need,
                        to_back,
                    },
                )
            })
        } else {
            // From the back: the same walk over the reversed segments.
            let reversed: Shape = shape.iter().rev().cloned().collect();
            let (tail, head) = self.take(op, &reversed, -k, |input, from, to_back, need| {
                let taken = (1..=need).map(|j| {
                    Seg::One(Term::Extent {
                        input,
                        i: to_back - j,
                    })
                });
                (
                    taken.collect(),
                    Seg::Slice {
                        input,
                        from,
                        to_back: to_back - need,
                    },
                )
            })?;
            Some((
                head.into_iter().rev().collect(),
                tail.into_iter().rev().collect(),
            ))
        }
    }

    /// The first `k` extents of `segs` and the rest. A slice of unknown
    /// length is divided by `divide` (input, from, to_back, how many to
    /// take: the extents taken, in walk order, and the slice left); that is
    /// known only if the slice is long enough, or is the last segment
    /// (then `split_at`'s domain requires it to be).
    fn take(
        &mut self,
        op: OpId,
        segs: &[Seg],
        k: i64,
        divide: impl Fn(usize, i64, i64, i64) -> (Vec<Seg>, Seg),
    ) -> Option<(Shape, Shape)> {
        let (mut taken, mut rest) = (Vec::new(), Vec::new());
        let mut need = k;
        for (n, seg) in segs.iter().enumerate() {
            if need == 0 {
                rest.push(seg.clone());
                continue;
            }
            match seg {
                Seg::One(_) => {
                    taken.push(seg.clone());
                    need -= 1;
                }
                &Seg::Slice {
                    input,
                    from,
                    to_back,
                } => {
                    let long_enough = self.known.least_rank(input) - from + to_back >= need;
                    if !long_enough && n + 1 < segs.len() {
                        return None;
                    }
                    self.require_rank(op, input, from - to_back + need);
                    let (extents, left) = divide(input, from, to_back, need);
                    taken.extend(extents);
                    rest.push(left);
                    need = 0;
                }
                _ => return None,
            }
        }
        (need == 0).then_some((taken, rest))
    }
}

/// The shape of input `index`: its extents when its rank is known (static
/// ones as constants), else the whole of it.
fn input_shape(index: usize, dims: Option<&[Option<i64>]>) -> Shape {
    match dims {
        Some(dims) => dims
            .iter()
            .enumerate()
            .map(|(i, d)| {
                Seg::One(d.map_or(
                    Term::Extent {
                        input: index,
                        i: i as i64,
                    },
                    Term::Int,
                ))
            })
            .collect(),
        None => vec![Seg::Slice {
            input: index,
            from: 0,
            to_back: 0,
        }],
    }
}
