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
//! partial explanation says what it leaves out. Which ops those are is
//! one exhaustive match on [`OpKind`]: the kinds the walk reads, and
//! `unexplained_ops!`, every other kind grouped by why it is not read.
//!
//! Bounds: the walk's memory and time depend on the number of ops, never
//! on the numbers the input holds, and stay within fixed bounds per op.
//! - Extents whose number comes from the input (a `split_at` or
//!   `get_extent` index, an extent tensor type's length, a splat constant)
//!   are spelled one by one only up to [`MAX_SPELLED_EXTENTS`]; past it
//!   they stay a slice, or a `take`/`drop` with the count as a term.
//! - An expression kept (a value, a requirement) has at most
//!   [`MAX_EXPRESSION_SIZE`] nodes, and a function's at most
//!   [`MAX_WALK_SIZE`] together: ops can double an expression each
//!   (`arith.addi %x, %x`), so past these an op's results are unknown and
//!   it is listed, saying why. This also bounds the depth of every
//!   recursion over expressions (substitution, evaluation, rendering).
//! - What the requirements established is substituted into an operand only
//!   while that keeps it within [`MAX_EXPRESSION_SIZE`]; the operand as
//!   built is as true.

use crate::expr::{spelled_count, BinOp, Cond, Pred, Seg, Shape, Size, Term, MAX_SPELLED_EXTENTS};
use crate::knowledge::{self, Knowledge};
use crate::{Explanation, ParamKind, Requirement, Unexplained};
use ir::attrs::DenseValues;
use ir::dialect::arith::CmpIPredicate;
use ir::{BlockId, Context, OpId, OpKind, TypeKind, ValueId};
use std::collections::HashMap;

/// The most nodes (see [`Size`]) of an expression the walk keeps: those
/// of the examples and tests have at most a few dozen, those of random
/// functions (`shapegen`) at most a few hundred.
pub const MAX_EXPRESSION_SIZE: usize = 1_000;

/// The most nodes of all the expressions the walk of one function keeps
/// (its values and requirements).
pub const MAX_WALK_SIZE: usize = 1 << 20;

/// The ops the walk does not read: their results are unknown and they are
/// listed (`Walk::unexplained`), unless an unknown operand explains that.
macro_rules! unexplained_ops {
    () => {
        // Terminators: `block` reads those that end a function or a
        // `shape.assuming`, and the walk enters no other region.
        OpKind::ShapeAssumingYield
        | OpKind::ShapeReturn
        | OpKind::ShapeYield
        | OpKind::TensorYield
        | OpKind::CfBr
        | OpKind::CfCondBr
        | OpKind::CfSwitch
        // Calls and loops, whose regions the walk does not enter.
        | ir::func_ops!()
        | ir::scf_ops!()
        // Shape ops of functions, reductions and value shapes.
        | OpKind::ShapeFunc
        | OpKind::ShapeFunctionLibrary
        | OpKind::ShapeMeet
        | OpKind::ShapeReduce
        | OpKind::ShapeValueOf
        | OpKind::ShapeWithShape
        // Floats and their math, which expressions over the inputs do not
        // hold.
        | OpKind::ArithAddf
        | OpKind::ArithBitcast
        | OpKind::ArithCmpf
        | OpKind::ArithDivf
        | OpKind::ArithExtf
        | OpKind::ArithFptosi
        | OpKind::ArithFptoui
        | OpKind::ArithMaximumf
        | OpKind::ArithMaxnumf
        | OpKind::ArithMinimumf
        | OpKind::ArithMinnumf
        | OpKind::ArithMulf
        | OpKind::ArithNegf
        | OpKind::ArithRemf
        | OpKind::ArithSitofp
        | OpKind::ArithSubf
        | OpKind::ArithTruncf
        | OpKind::ArithUitofp
        | ir::math_ops!()
        // Unsigned, two-result and narrowing integer arithmetic, and shifts:
        // the terms are signed integers of no width.
        | OpKind::ArithCeildivui
        | OpKind::ArithDivui
        | OpKind::ArithExtui
        | OpKind::ArithIndexCastui
        | OpKind::ArithMaxui
        | OpKind::ArithMinui
        | OpKind::ArithRemui
        | ir::arith_extended_ops!()
        | OpKind::ArithTrunci
        | OpKind::ArithShli
        | OpKind::ArithShrsi
        | OpKind::ArithShrui
        // Tensors' elements and layouts.
        | OpKind::TensorBitcast
        | OpKind::TensorCollapseShape
        | OpKind::TensorEmpty
        | OpKind::TensorExpandShape
        | OpKind::TensorExtractSlice
        | OpKind::TensorGather
        | OpKind::TensorGenerate
        | OpKind::TensorInsert
        | OpKind::TensorInsertSlice
        | OpKind::TensorPack
        | OpKind::TensorPad
        | OpKind::TensorParallelInsertSlice
        | OpKind::TensorReshape
        | OpKind::TensorScatter
        | OpKind::TensorSplat
        | OpKind::TensorUnpack
        // Buffers.
        | ir::bufferization_ops!()
        | ir::memref_ops!()
        // Module and conversion casts, poison, ops of no dialect.
        | ir::builtin_ops!()
        | ir::ub_ops!()
        | OpKind::Unregistered
    };
}

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

impl Sym {
    /// The number of nodes of its expression, if at most `limit`.
    fn size_within(&self, limit: usize) -> Option<usize> {
        match self {
            Sym::Shape(s) | Sym::Tensor(s) => s.size_within(limit),
            Sym::Term(t) => t.size_within(limit),
            Sym::Cond(c) => c.size_within(limit),
            Sym::Witness | Sym::Unknown => Some(0),
        }
    }
}

/// The walk's state.
pub(crate) struct Walk<'a> {
    ctx: &'a Context,
    values: HashMap<ValueId, Sym>,
    known: Knowledge,
    out: Explanation,
    /// The nodes of the expressions kept so far (at most [`MAX_WALK_SIZE`]).
    kept: usize,
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
                spelled_count(shape[0]).map(|n| vec![None; n]),
            ))
        }
        TypeKind::RankedTensor { shape, .. } => Some(ParamKind::Tensor(Some(dims(shape)))),
        TypeKind::Index | TypeKind::Size | TypeKind::Integer { .. } => Some(ParamKind::Scalar),
        _ => None,
    }
}

/// The length of an extent tensor of type `ty` too long to spell (a
/// `tensor<1099511627776xindex>`): its parameter is a whole input, whose
/// rank the walk knows.
fn unspelled_length(ctx: &Context, ty: ir::Type) -> Option<i64> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem, .. }
            if matches!(ctx.type_kind(*elem), TypeKind::Index) =>
        {
            match shape[..] {
                [n] if n > MAX_SPELLED_EXTENTS => Some(n),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The extents a constant holds (a 1-D `dense` or `array` of integers, a
/// splat counted by its type), or `None` if it is not one, or is a splat
/// of more than [`MAX_SPELLED_EXTENTS`].
fn constant_extents(ctx: &Context, attr: &ir::Attr) -> Option<Shape> {
    let splat_count = match attr {
        ir::Attr::Dense {
            ty,
            values: DenseValues::Splat(_),
        } => match ctx.type_kind(*ty) {
            TypeKind::RankedTensor { shape, .. } => match shape[..] {
                [n] => spelled_count(n)?,
                _ => return None,
            },
            _ => return None,
        },
        _ => 0,
    };
    attr.int_elements(splat_count)?
        .into_iter()
        .map(|e| i64::try_from(e).ok().map(|e| Seg::One(Term::Int(e))))
        .collect()
}

impl<'a> Walk<'a> {
    pub(crate) fn new(ctx: &'a Context, out: Explanation) -> Self {
        let known = Knowledge::new(out.params.len());
        Walk {
            ctx,
            values: HashMap::new(),
            known,
            out,
            kept: 0,
        }
    }

    /// Walk the body of function `f` whose entry block is `entry`.
    pub(crate) fn run(mut self, entry: BlockId) -> (Explanation, Knowledge) {
        let args = self.ctx.block(entry).args.clone();
        for (index, &arg) in args.iter().enumerate() {
            if let Some(n) = unspelled_length(self.ctx, self.ctx.value_type(arg)) {
                self.known
                    .learn(&Cond::Cmp(Pred::EQ, Term::Rank(index), Term::Int(n)));
            }
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
            if matches!(
                self.ctx.kind(op),
                OpKind::FuncReturn | OpKind::ShapeReturn | OpKind::ShapeAssumingYield
            ) {
                returned = self.operands(op);
            } else {
                self.op(op);
            }
        }
        returned
    }

    /// What `v` is, with what is known substituted unless that makes it
    /// larger than [`MAX_EXPRESSION_SIZE`].
    fn sym(&self, v: ValueId) -> Sym {
        let Some(kept) = self.values.get(&v) else {
            return Sym::Unknown;
        };
        let known = match kept {
            Sym::Shape(s) => Sym::Shape(self.known.shape(s)),
            Sym::Tensor(s) => Sym::Tensor(self.known.shape(s)),
            Sym::Term(t) => Sym::Term(self.known.term(t)),
            Sym::Cond(c) => Sym::Cond(self.known.cond(c)),
            other => return other.clone(),
        };
        match known.size_within(MAX_EXPRESSION_SIZE) {
            Some(_) => known,
            None => kept.clone(),
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
            self.list(op, None);
        }
        let unknown = vec![Sym::Unknown; self.ctx.op(op).results.len()];
        self.set(op, unknown);
    }

    /// List `op` as one the explanation leaves out, for `reason` if given.
    fn list(&mut self, op: OpId, reason: Option<String>) {
        self.out.unexplained.push(Unexplained {
            op: self.ctx.op_name(op).to_string(),
            loc: self.ctx.op(op).loc.clone(),
            reason,
        });
    }

    /// Keep expressions of `size` nodes if they fit the bounds; otherwise
    /// list `op`, saying why, and return false.
    fn keep(&mut self, op: OpId, size: Option<usize>) -> bool {
        let total = size.and_then(|n| self.kept.checked_add(n));
        match (size, total) {
            (Some(_), Some(total)) if total <= MAX_WALK_SIZE => {
                self.kept = total;
                true
            }
            (None, _) => {
                let why = format!("an expression of more than {MAX_EXPRESSION_SIZE} terms");
                self.list(op, Some(why));
                false
            }
            _ => {
                let why = format!("past the {MAX_WALK_SIZE} terms an explanation holds");
                self.list(op, Some(why));
                false
            }
        }
    }

    /// Record that `cond` must hold here, failing with `message`.
    fn require(&mut self, op: OpId, cond: Option<Cond>, message: Option<String>) {
        let cond = cond.map(|c| {
            let known = self.known.cond(&c);
            match known.size_within(MAX_EXPRESSION_SIZE) {
                Some(_) => known,
                None => c,
            }
        });
        if cond == Some(Cond::Bool(true)) || cond.as_ref().is_some_and(|c| self.known.implies(c)) {
            return;
        }
        let kept = match &cond {
            Some(c) => self.keep(op, c.size_within(MAX_EXPRESSION_SIZE)),
            None => true,
        };
        let cond = cond.filter(|_| kept);
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
        let Some(results) = self.eval(op) else {
            return self.unexplained(op);
        };
        let size = results.iter().try_fold(0, |total: usize, sym| {
            total.checked_add(sym.size_within(MAX_EXPRESSION_SIZE)?)
        });
        if self.keep(op, size) {
            self.set(op, results);
        } else {
            let unknown = vec![Sym::Unknown; self.ctx.op(op).results.len()];
            self.set(op, unknown);
        }
    }

    /// The results of `op`, or `None` if the walk cannot read it.
    fn eval(&mut self, op: OpId) -> Option<Vec<Sym>> {
        use OpKind as K;
        let ctx = self.ctx;
        let one = |s: Sym| Some(vec![s]);
        match ctx.kind(op) {
            K::ArithConstant | K::ShapeConstSize => one(self.constant_value(op)?),
            K::ShapeConstShape => one(Sym::Shape(constant_extents(ctx, ctx.attr(op, "shape")?)?)),
            K::ShapeConstWitness => self.const_witness(op),
            K::ShapeShapeOf => one(Sym::Shape(self.tensor_shape(op, 0)?)),
            K::TensorCast
            | K::ShapeToExtentTensor
            | K::ShapeFromExtentTensor
            | K::ShapeValueAsShape
            | K::ArithIndexCast
            | K::ArithExtsi
            | K::ShapeIndexToSize
            | K::ShapeSizeToIndex
            | K::ShapeDebugPrint => self.same_value(op),
            K::ShapeRank => one(Sym::Term(knowledge::length(&self.shape(op, 0)?))),
            K::TensorRank => one(Sym::Term(knowledge::length(&self.tensor_shape(op, 0)?))),
            K::ShapeNumElements => one(Sym::Term(knowledge::product(&self.shape(op, 0)?))),
            K::ShapeGetExtent | K::TensorExtract => self.extent_at(op, Self::shape),
            K::ShapeDim | K::TensorDim => self.extent_at(op, Self::tensor_shape),
            K::ShapeSplitAt => self.split_at(op),
            K::ShapeConcat | K::TensorConcat => {
                one(Sym::Shape(self.shapes(op)?.into_iter().flatten().collect()))
            }
            K::ShapeFromExtents | K::TensorFromElements => one(Sym::Shape(
                self.terms(op)?.into_iter().map(Seg::One).collect(),
            )),
            K::ShapeBroadcast => match ctx.attr(op, "error") {
                None => one(Sym::Shape(knowledge::broadcast(self.shapes(op)?))),
                Some(_) => None,
            },
            K::ShapeAny => match self.sym(ctx.operand(op, 0)?) {
                s @ (Sym::Shape(_) | Sym::Term(_)) => one(s),
                _ => None,
            },
            K::ShapeShapeEq => one(Sym::Cond(knowledge::shapes_equal(self.shapes(op)?))),
            K::ShapeIsBroadcastable => one(Sym::Cond(knowledge::broadcastable(self.shapes(op)?))),
            K::ArithAddi | K::ShapeAdd => self.binary(op, BinOp::Add),
            K::ArithSubi => self.binary(op, BinOp::Sub),
            K::ArithMuli | K::ShapeMul => self.binary(op, BinOp::Mul),
            K::ArithDivsi => self.binary(op, BinOp::Div),
            K::ArithFloordivsi | K::ShapeDiv => self.binary(op, BinOp::FloorDiv),
            K::ArithCeildivsi => self.binary(op, BinOp::CeilDiv),
            K::ArithRemsi => self.binary(op, BinOp::Rem),
            K::ArithMinsi => self.binary(op, BinOp::Min),
            K::ArithMaxsi => self.binary(op, BinOp::Max),
            // Of sizes; of shapes they are not read.
            K::ShapeMin => self.term(op, 0).and_then(|_| self.binary(op, BinOp::Min)),
            K::ShapeMax => self.term(op, 0).and_then(|_| self.binary(op, BinOp::Max)),
            K::ArithCmpi => {
                let pred = CmpIPredicate::of(ctx, op)?;
                let (a, b) = (self.term(op, 0)?, self.term(op, 1)?);
                one(Sym::Cond(Cond::cmp(Pred::from(pred), a, b)))
            }
            K::ArithAndi => self.logic(op, |a, b| Cond::and(vec![a, b])),
            K::ArithOri => self.logic(op, |a, b| Cond::or(vec![a, b])),
            K::ArithXori => self.logic(op, exclusive_or),
            K::ArithSelect => self.select(op),
            K::ShapeCstrRequire => {
                let cond = self.cond(op, 0);
                self.check(op, cond)
            }
            K::ShapeCstrEq => {
                let cond = self.shapes(op).map(knowledge::shapes_equal);
                self.check(op, cond)
            }
            K::ShapeCstrBroadcastable => {
                let cond = self.shapes(op).map(knowledge::broadcastable);
                self.check(op, cond)
            }
            K::CfAssert => self.assert(op),
            K::ShapeAssumingAll => one(Sym::Witness),
            K::ShapeAssuming => {
                let region = ctx.region(*ctx.op(op).regions.first()?);
                Some(self.block(*region.blocks.first()?))
            }
            unexplained_ops!() => None,
        }
    }

    /// An op whose result is its operand (a cast, a conversion between
    /// shape and host types), when that is a shape, tensor or term.
    fn same_value(&self, op: OpId) -> Option<Vec<Sym>> {
        let s = self.sym(self.ctx.operand(op, 0)?);
        matches!(s, Sym::Shape(_) | Sym::Tensor(_) | Sym::Term(_)).then(|| vec![s])
    }

    /// `shape.const_witness`: a failing one is a requirement that cannot
    /// hold.
    fn const_witness(&mut self, op: OpId) -> Option<Vec<Sym>> {
        let passing = self.ctx.attr(op, "passing").and_then(ir::Attr::as_int) == Some(1);
        if !passing {
            let message = ir::dialect::shape::constraint_message(self.ctx, op).to_string();
            self.require(op, Some(Cond::Bool(false)), Some(message));
        }
        Some(vec![Sym::Witness])
    }

    /// The extent at the index operand #1 of the shape `shape_of` reads
    /// from operand #0 (`get_extent`, `dim`, `extract`).
    fn extent_at(
        &mut self,
        op: OpId,
        shape_of: fn(&Self, OpId, usize) -> Option<Shape>,
    ) -> Option<Vec<Sym>> {
        let shape = shape_of(self, op, 0)?;
        let index = self.term(op, 1)?;
        let known = match index {
            Term::Int(k) => self.extent(op, &shape, k),
            _ => None,
        };
        let extent = known.unwrap_or_else(|| knowledge::at(shape, index));
        Some(vec![Sym::Term(extent)])
    }

    /// `shape.split_at`: the head and the tail.
    fn split_at(&mut self, op: OpId) -> Option<Vec<Sym>> {
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

    /// The binary op `o` on the two term operands of `op`.
    fn binary(&self, op: OpId, o: BinOp) -> Option<Vec<Sym>> {
        let ts = self.terms(op)?;
        let [a, b] = <[Term; 2]>::try_from(ts).ok()?;
        Some(vec![Sym::Term(Term::bin(o, a, b))])
    }

    /// `arith.select` of terms or of conditions.
    fn select(&self, op: OpId) -> Option<Vec<Sym>> {
        let c = self.cond(op, 0)?;
        let picked = match (
            self.sym(self.ctx.operand(op, 1)?),
            self.sym(self.ctx.operand(op, 2)?),
        ) {
            (Sym::Term(a), Sym::Term(b)) => Sym::Term(Term::select(c, a, b)),
            (Sym::Cond(a), Sym::Cond(b)) => Sym::Cond(Cond::or(vec![
                Cond::and(vec![c.clone(), a]),
                Cond::and(vec![Cond::negate(c), b]),
            ])),
            _ => return None,
        };
        Some(vec![picked])
    }

    /// A `shape.cstr_*` op: the requirement `cond` (unknown when `None`),
    /// failing with the constraint's message; a witness.
    fn check(&mut self, op: OpId, cond: Option<Cond>) -> Option<Vec<Sym>> {
        let message = ir::dialect::shape::constraint_message(self.ctx, op).to_string();
        self.require(op, cond, Some(message));
        Some(vec![Sym::Witness])
    }

    /// `cf.assert`: the requirement of its condition, failing with its
    /// message.
    fn assert(&mut self, op: OpId) -> Option<Vec<Sym>> {
        let message = self
            .ctx
            .attr(op, "msg")
            .and_then(ir::Attr::as_str)
            .map(str::to_string);
        let cond = self.cond(op, 0);
        self.require(op, cond, message);
        Some(Vec::new())
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
                Some(Sym::Shape(constant_extents(self.ctx, value)?))
            }
            _ => None,
        }
    }

    /// The bitwise op `combine` on the two `i1` operands of `op`.
    fn logic(&self, op: OpId, combine: fn(Cond, Cond) -> Cond) -> Option<Vec<Sym>> {
        let (a, b) = (self.cond(op, 0)?, self.cond(op, 1)?);
        Some(vec![Sym::Cond(combine(a, b))])
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
                let rank = from.checked_sub(to_back)?.checked_add(1)?;
                if self.known.least_rank(input) < rank && tail.len() > 1 {
                    return None;
                }
                self.require_rank(op, input, rank);
                Some(Term::Extent { input, i: from })
            }
            _ => None,
        }
    }

    /// `shape` split before extent `k` (counted from the back when `k <
    /// 0`), as `shape.split_at` does. Extents taken from a slice are
    /// spelled up to [`MAX_SPELLED_EXTENTS`]; more are a `take` (from the
    /// front) or `drop` (from the back) of it.
    fn split(&mut self, op: OpId, shape: &[Seg], k: i64) -> Option<(Shape, Shape)> {
        let spelled = |need: i64| spelled_count(need).is_some();
        if k >= 0 {
            self.take(op, shape, k, |slice @ (input, from, to_back), need| {
                let taken = match spelled(need) {
                    true => (from..from + need)
                        .map(|i| Seg::One(Term::Extent { input, i }))
                        .collect(),
                    false => vec![Seg::Take(Box::new(vec![slice_seg(slice)]), Term::Int(need))],
                };
                (taken, slice_seg((input, from + need, to_back)))
            })
        } else {
            // From the back: the same walk over the reversed segments.
            let reversed: Shape = shape.iter().rev().cloned().collect();
            let (tail, head) = self.take(
                op,
                &reversed,
                k.checked_neg()?,
                |slice @ (input, from, to_back), need| {
                    let taken = match spelled(need) {
                        true => (1..=need)
                            .map(|j| {
                                Seg::One(Term::Extent {
                                    input,
                                    i: to_back - j,
                                })
                            })
                            .collect(),
                        false => vec![Seg::Drop(
                            Box::new(vec![slice_seg(slice)]),
                            Term::Int(-need),
                        )],
                    };
                    (taken, slice_seg((input, from, to_back - need)))
                },
            )?;
            Some((
                head.into_iter().rev().collect(),
                tail.into_iter().rev().collect(),
            ))
        }
    }

    /// The first `k` extents of `segs` and the rest. A slice of unknown
    /// length is divided by `divide` (the slice as (input, from, to_back),
    /// how many to take: the extents taken, in walk order, and the slice
    /// left); that is known only if the slice is long enough, or is the
    /// last segment (then `split_at`'s domain requires it to be). `divide`
    /// is called only when the rank the slice then needs, `from - to_back
    /// + need`, is an `i64`, so that its own arithmetic cannot overflow.
    fn take(
        &mut self,
        op: OpId,
        segs: &[Seg],
        k: i64,
        divide: impl Fn((usize, i64, i64), i64) -> (Vec<Seg>, Seg),
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
                    let rank = from.checked_sub(to_back)?.checked_add(need)?;
                    if self.known.least_rank(input) < rank && n + 1 < segs.len() {
                        return None;
                    }
                    self.require_rank(op, input, rank);
                    let (extents, left) = divide((input, from, to_back), need);
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

/// `a` xor `b`, as `arith.xori` of `i1`s.
fn exclusive_or(a: Cond, b: Cond) -> Cond {
    match (a, b) {
        (Cond::Bool(true), c) | (c, Cond::Bool(true)) => Cond::negate(c),
        (Cond::Bool(false), c) | (c, Cond::Bool(false)) => c,
        (a, b) => Cond::or(vec![
            Cond::and(vec![a.clone(), Cond::negate(b.clone())]),
            Cond::and(vec![Cond::negate(a), b]),
        ]),
    }
}

/// The slice `(input, from, to_back)` as a segment.
fn slice_seg((input, from, to_back): (usize, i64, i64)) -> Seg {
    Seg::Slice {
        input,
        from,
        to_back,
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
