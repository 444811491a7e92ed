//! Static shape facts of a function (`infer_facts`): for each value, the
//! partial shape, size or boolean known without running it (from types,
//! constants and what each op computes, in the `lattice` crate's terms),
//! and the ops certain to fail whenever they are reached. `infer-shapes`
//! folds with them; `--mlir-print-shape-facts` prints them.
//!
//! A fact holds one entry per extent it knows of: an extent tensor type
//! longer than [`MAX_TYPED_LENGTH`] (`tensor<1099511627776xindex>`) gives
//! its value no fact, so that memory follows the input's size, not the
//! numbers it holds.

use ir::dialect::arith::CmpIPredicate;
use ir::{Attr, Context, OpId, OpKind, Type, TypeKind, ValueId};
use lattice::{PartialShape, ShapeValue, SizeValue};
use rustc_hash::FxHashMap;

/// The ops [`Inference::transfer`] gives no fact of their own: their results
/// are unknown (checks and bridges are read elsewhere).
macro_rules! ops_without_a_fact {
    () => {
        OpKind::ArithSubi
            | ir::arith_division_ops!()
            | ir::arith_min_max_ops!()
            | ir::arith_logic_ops!()
            | ir::arith_shift_ops!()
            | ir::arith_extended_ops!()
            | ir::arith_float_ops!()
            | OpKind::ArithIndexCastui
            | ir::arith_int_width_ops!()
            | ir::arith_float_conversion_ops!()
            | OpKind::ArithCmpf
            | OpKind::ArithSelect
            | ir::control_and_memory_ops!()
            | OpKind::ShapeAssuming
            | OpKind::ShapeAssumingAll
            | OpKind::ShapeAssumingYield
            | OpKind::ShapeConstWitness
            | OpKind::ShapeMax
            | OpKind::ShapeMin
            | OpKind::ShapeSplitAt
            | ir::shape_comparison_ops!()
            | OpKind::ShapeValueAsShape
            | OpKind::ShapeValueOf
            | ir::shape_structure_ops!()
            | OpKind::TensorRank
            | OpKind::TensorBitcast
            | ir::tensor_data_ops!()
            | OpKind::Unregistered
    };
}

/// What is known statically about one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A `!shape.shape`, an extent tensor, or the shape of a
    /// `!shape.value_shape`.
    Shape(ShapeValue),
    /// A `!shape.size` or an `index`.
    Size(SizeValue),
    /// An `i1`.
    Bool(Option<bool>),
}

impl std::fmt::Display for Fact {
    /// Shapes in partial-shape notation (`{2,?}`, `?` for unknown rank).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fact::Shape(ShapeValue::Invalid(m)) | Fact::Size(SizeValue::Invalid(m)) => {
                write!(f, "invalid: {m}")
            }
            Fact::Shape(s) => match s.to_partial() {
                Some(p) => write!(f, "{p}"),
                None => write!(f, "{s}"),
            },
            Fact::Size(s) => write!(f, "{s}"),
            Fact::Bool(Some(b)) => write!(f, "{b}"),
            Fact::Bool(None) => write!(f, "?"),
        }
    }
}

/// An op that fails on every run that reaches it.
#[derive(Clone, Debug)]
pub struct CertainFailure {
    pub op: OpId,
    pub message: String,
}

/// The facts of one function.
#[derive(Default, Debug)]
pub struct Facts {
    values: FxHashMap<ValueId, Fact>,
    /// Ops certain to fail whenever reached, in program order.
    pub failures: Vec<CertainFailure>,
}

impl Facts {
    pub fn get(&self, v: ValueId) -> Option<&Fact> {
        self.values.get(&v)
    }

    fn shape(&self, v: ValueId) -> ShapeValue {
        match self.values.get(&v) {
            Some(Fact::Shape(s)) => s.clone(),
            _ => ShapeValue::Unranked,
        }
    }

    fn size(&self, v: ValueId) -> SizeValue {
        match self.values.get(&v) {
            Some(Fact::Size(s)) => s.clone(),
            _ => SizeValue::Unknown,
        }
    }

    fn known(&self, v: ValueId) -> Option<u64> {
        match self.values.get(&v) {
            Some(Fact::Size(SizeValue::Known(n))) => Some(*n),
            _ => None,
        }
    }

    /// The facts of `op`'s results, as comment text (`{2,?}`, `6`), or
    /// `None` when nothing is known about any of them.
    pub fn describe(&self, ctx: &Context, op: OpId) -> Option<String> {
        let facts: Vec<String> = ctx
            .op(op)
            .results
            .iter()
            .map(|v| self.values.get(v).map_or("?".to_string(), Fact::to_string))
            .collect();
        let informative = facts.iter().any(|f| f != "?");
        informative.then(|| format!("shape facts: {}", facts.join(", ")))
    }
}

/// The longest extent tensor type whose length becomes a fact: far more
/// than any rank, far less than an extent can be.
pub const MAX_TYPED_LENGTH: usize = 1 << 10;

/// Is this type an extent tensor (`tensor<?xindex>`, `tensor<Nxindex>`)?
pub fn extent_tensor_len(ctx: &Context, ty: Type) -> Option<Option<usize>> {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, elem, .. }
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) =>
        {
            Some(usize::try_from(shape[0]).ok())
        }
        _ => None,
    }
}

/// What a value's type alone says.
fn fact_of_type(ctx: &Context, ty: Type) -> Option<Fact> {
    if let Some(len) = extent_tensor_len(ctx, ty) {
        return Some(Fact::Shape(match len.filter(|&n| n <= MAX_TYPED_LENGTH) {
            Some(n) => ShapeValue::Ranked(vec![None; n]),
            None => ShapeValue::Unranked,
        }));
    }
    match ctx.type_kind(ty) {
        TypeKind::Shape | TypeKind::ValueShape => Some(Fact::Shape(ShapeValue::Unranked)),
        TypeKind::Size | TypeKind::Index => Some(Fact::Size(SizeValue::Unknown)),
        TypeKind::Integer { width: 1, .. } => Some(Fact::Bool(None)),
        _ => None,
    }
}

/// The shape of a tensor type (`tensor<2x?xf32>` → `[2, ?]`).
fn shape_of_type(ctx: &Context, ty: Type) -> ShapeValue {
    match ctx.type_kind(ty) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } => {
            ShapeValue::Ranked(shape.iter().map(|&d| u64::try_from(d).ok()).collect())
        }
        _ => ShapeValue::Unranked,
    }
}

/// Errors are values only in `!shape.shape`/`!shape.size`: elsewhere an
/// invalid result is undefined behaviour, about which nothing is claimed.
fn may_hold_errors(ctx: &Context, v: ValueId) -> bool {
    matches!(
        ctx.type_kind(ctx.value_type(v)),
        TypeKind::Shape | TypeKind::Size
    )
}

pub fn known_extents(s: &ShapeValue) -> Option<Vec<u64>> {
    match s {
        ShapeValue::Ranked(e) => e.iter().copied().collect(),
        _ => None,
    }
}

fn size_from(n: Option<u64>) -> SizeValue {
    n.map_or(SizeValue::Unknown, SizeValue::Known)
}

/// The first invalid operand fact (errors propagate).
fn first_error(facts: &[Fact]) -> Option<String> {
    facts.iter().find_map(|f| match f {
        Fact::Shape(ShapeValue::Invalid(m)) | Fact::Size(SizeValue::Invalid(m)) => Some(m.clone()),
        _ => None,
    })
}

/// The error message a failing op reports: its `error=` text, its `msg`
/// attribute, else `default`.
fn stated_message(ctx: &Context, op: OpId, default: String) -> String {
    ["error", "msg"]
        .iter()
        .find_map(|k| ctx.attr(op, k).and_then(Attr::as_str).map(str::to_string))
        .unwrap_or(default)
}

struct Inference<'a> {
    ctx: &'a Context,
    facts: Facts,
}

impl Inference<'_> {
    fn set(&mut self, v: ValueId, fact: Fact) {
        self.facts.values.insert(v, fact);
    }

    fn fail(&mut self, op: OpId, certain: bool, default: String) {
        if certain {
            let message = stated_message(self.ctx, op, default);
            self.facts.failures.push(CertainFailure { op, message });
        }
    }

    fn region(&mut self, r: ir::RegionId, certain: bool) {
        let ctx = self.ctx;
        for &b in &ctx.region(r).blocks {
            for &a in &ctx.block(b).args {
                if let Some(f) = fact_of_type(ctx, ctx.value_type(a)) {
                    self.set(a, f);
                }
            }
            for op in ctx.block_ops(b) {
                self.op(op, certain);
            }
        }
    }

    fn op(&mut self, op: OpId, certain: bool) {
        let ctx = self.ctx;
        let data = ctx.op(op);
        let kind = ctx.kind(op);
        // Nested code: `assuming` regions run (or the function fails before
        // them); other regions may not run at all.
        for &r in &data.regions {
            let runs = certain && kind == OpKind::ShapeAssuming;
            self.region(r, runs);
        }
        let operands: Vec<ValueId> = data.operands.to_vec();
        let results: Vec<ValueId> = data.results.to_vec();
        let Some(&result) = results.first() else {
            return;
        };
        let operand_facts: Vec<Fact> = operands
            .iter()
            .map(|&v| {
                self.facts
                    .values
                    .get(&v)
                    .cloned()
                    .unwrap_or(Fact::Size(SizeValue::Unknown))
            })
            .collect();
        let fact = self.transfer(op, kind, &operands, &operand_facts, result, certain);
        let fallback = || fact_of_type(ctx, ctx.value_type(result));
        match fact.or_else(fallback) {
            Some(Fact::Shape(ShapeValue::Invalid(_)) | Fact::Size(SizeValue::Invalid(_)))
                if !may_hold_errors(ctx, result) =>
            {
                if let Some(f) = fallback() {
                    self.set(result, f);
                }
            }
            Some(f) => self.set(result, f),
            None => {}
        }
        match kind {
            OpKind::ShapeAssuming => self.assuming_results(op, &results),
            OpKind::ShapeSplitAt => self.split_results(&operands, &results),
            // Every other op: its results have the facts its transfer gave.
            ir::arith_ops!()
            | ir::control_and_memory_ops!()
            | ir::shape_witness_result_ops!()
            | OpKind::ShapeAssumingYield
            | ir::shape_size_ops!()
            | ir::shape_constructor_ops!()
            | OpKind::ShapeBroadcast
            | OpKind::ShapeConcat
            | OpKind::ShapeAny
            | OpKind::ShapeMeet
            | ir::shape_query_ops!()
            | ir::shape_value_shape_ops!()
            | ir::shape_structure_ops!()
            | ir::tensor_ops!()
            | OpKind::Unregistered => {}
        }
    }

    /// `shape.assuming` results are what its region yields.
    fn assuming_results(&mut self, op: OpId, results: &[ValueId]) {
        let ctx = self.ctx;
        let yielded = ctx
            .op(op)
            .regions
            .first()
            .and_then(|&r| ctx.region(r).blocks.first())
            .and_then(|&b| ctx.block_terminator(b))
            .map(|t| ctx.op(t).operands.to_vec())
            .unwrap_or_default();
        for (&r, y) in results.iter().zip(yielded) {
            if let Some(f) = self.facts.values.get(&y).cloned() {
                self.set(r, f);
            }
        }
    }

    /// Both halves of `shape.split_at`.
    fn split_results(&mut self, operands: &[ValueId], results: &[ValueId]) {
        let (Some(&s), Some(&i), [head, tail]) = (operands.first(), operands.get(1), results)
        else {
            return;
        };
        let shape = self.facts.shape(s);
        let index = self.known_signed(i);
        let split = match (&shape, index) {
            (ShapeValue::Invalid(m), _) => Some(Err(m.clone())),
            (ShapeValue::Ranked(e), Some(i)) => {
                let rank = e.len() as i64;
                let at = if i < 0 { i + rank } else { i };
                if (0..=rank).contains(&at) {
                    let (a, b) = e.split_at(at as usize);
                    Some(Ok((a.to_vec(), b.to_vec())))
                } else {
                    Some(Err(format!(
                        "split index {i} is out of range for rank {rank}"
                    )))
                }
            }
            _ => None,
        };
        for (k, &r) in [*head, *tail].iter().enumerate() {
            let fact = match &split {
                Some(Ok((a, b))) => ShapeValue::Ranked(if k == 0 { a.clone() } else { b.clone() }),
                Some(Err(m)) if may_hold_errors(self.ctx, r) => ShapeValue::Invalid(m.clone()),
                _ => match fact_of_type(self.ctx, self.ctx.value_type(r)) {
                    Some(Fact::Shape(s)) => s,
                    _ => ShapeValue::Unranked,
                },
            };
            self.set(r, Fact::Shape(fact));
        }
    }

    /// A constant index may be negative (`split_at`): read it from the IR.
    fn known_signed(&self, v: ValueId) -> Option<i64> {
        if let Some(n) = self.facts.known(v) {
            return i64::try_from(n).ok();
        }
        let a = fold::constant_value(self.ctx, v)?;
        fold::int_of(&a).and_then(|n| i64::try_from(n).ok())
    }

    /// The fact of `op`'s (first) result; failures it is certain to cause
    /// are recorded. `None`: what the result type says.
    /// The shape `operands[i]` has ([`ShapeValue::Unranked`] past the end).
    fn shape_at(&self, operands: &[ValueId], i: usize) -> ShapeValue {
        operands
            .get(i)
            .map_or(ShapeValue::Unranked, |&v| self.facts.shape(v))
    }

    /// The shape of `v`: the one a `!shape.value_shape` carries, else its
    /// type's.
    fn shape_of(&self, v: ValueId) -> ShapeValue {
        let ctx = self.ctx;
        match self.facts.values.get(&v) {
            Some(Fact::Shape(s))
                if matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::ValueShape) =>
            {
                s.clone()
            }
            _ => shape_of_type(ctx, ctx.value_type(v)),
        }
    }

    /// The value of a constant `op`: a truth value for `i1`, else a size.
    fn constant(&self, op: OpId, result: ValueId) -> Option<Fact> {
        let ctx = self.ctx;
        let value = fold::int_of(ctx.attr(op, "value")?);
        Some(match ctx.type_kind(ctx.value_type(result)) {
            TypeKind::Integer { width: 1, .. } => Fact::Bool(value.map(|b| b != 0)),
            _ => Fact::Size(size_from(value.and_then(|n| u64::try_from(n).ok()))),
        })
    }

    /// The extent `tensor.dim` reads of its tensor's type.
    fn tensor_dim(&self, operands: &[ValueId]) -> Option<Fact> {
        let ctx = self.ctx;
        let s = shape_of_type(ctx, ctx.value_type(*operands.first()?));
        let index = operands.get(1).and_then(|&v| self.facts.known(v));
        Some(match (s, index) {
            (ShapeValue::Ranked(e), Some(i)) => {
                Fact::Size(size_from(e.get(i as usize).copied().flatten()))
            }
            _ => Fact::Size(SizeValue::Unknown),
        })
    }

    /// The truth of `arith.cmpi` `op`, where its operands are known.
    fn compare(&self, op: OpId, operands: &[ValueId]) -> Option<bool> {
        let signed = |i: usize| operands.get(i).and_then(|&v| self.known_signed(v));
        let (a, b) = (signed(0)?, signed(1)?);
        let predicate = CmpIPredicate::of(self.ctx, op)?;
        Some(predicate.eval(a.into(), b.into(), 64))
    }

    /// The extent `shape.get_extent` or `shape.dim` reads.
    fn extent(&self, kind: OpKind, operands: &[ValueId]) -> Option<Fact> {
        let s = if kind == OpKind::ShapeDim {
            self.shape_of(*operands.first()?)
        } else {
            self.shape_at(operands, 0)
        };
        let index = operands.get(1).and_then(|&v| self.known_signed(v));
        match (s, index) {
            (ShapeValue::Ranked(e), Some(i)) => {
                match usize::try_from(i).ok().and_then(|i| e.get(i)) {
                    Some(x) => Fact::Size(size_from(*x)),
                    None => Fact::Size(SizeValue::Invalid(format!(
                        "dimension {i} is out of range for rank {}",
                        e.len()
                    ))),
                }
            }
            _ => Fact::Size(SizeValue::Unknown),
        }
        .into()
    }

    /// The broadcast of `op`'s operands, or the error it fails with.
    fn broadcast(&self, op: OpId, operands: &[ValueId]) -> Fact {
        let ctx = self.ctx;
        let mut merged: Option<PartialShape> = None;
        for i in 0..operands.len() {
            let p = self
                .shape_at(operands, i)
                .to_partial()
                .unwrap_or_else(|| PartialShape::dynamic(None));
            merged = Some(match merged {
                None => p,
                Some(m) => match m.broadcast_merge(&p) {
                    Ok(b) => b,
                    Err(e) => {
                        let default = format!("shapes are not broadcastable: {e}");
                        let message = stated_message(ctx, op, default);
                        return Fact::Shape(ShapeValue::Invalid(message));
                    }
                },
            });
        }
        Fact::Shape(merged.map_or(ShapeValue::Unranked, |m| ShapeValue::from_partial(&m)))
    }

    /// `shape.any` of facts `facts`: their join.
    fn any(&self, facts: &[Fact], result: ValueId) -> Option<Fact> {
        let ctx = self.ctx;
        let mut joined: Option<Fact> = None;
        for f in facts {
            joined = Some(match (joined, f) {
                (None, f) => f.clone(),
                (Some(Fact::Shape(a)), Fact::Shape(b)) => Fact::Shape(a.join(b)),
                (Some(Fact::Size(a)), Fact::Size(b)) => Fact::Size(a.join(b)),
                _ => return fact_of_type(ctx, ctx.value_type(result)),
            });
        }
        joined
    }

    /// `shape.meet` of facts `facts`, recording its own failure.
    fn meet(&mut self, op: OpId, facts: &[Fact], result: ValueId, certain: bool) -> Option<Fact> {
        let ctx = self.ctx;
        let met = match (facts.first()?, facts.get(1)?) {
            (Fact::Shape(a), Fact::Shape(b)) => Fact::Shape(a.meet(b)),
            (Fact::Size(a), Fact::Size(b)) => Fact::Size(a.meet(b)),
            _ => return fact_of_type(ctx, ctx.value_type(result)),
        };
        // The meet's own failure: both operands valid, in conflict.
        if first_error(facts).is_none() {
            if let Some(conflict) = first_error(std::slice::from_ref(&met)) {
                self.fail(op, certain, conflict.clone());
                let message = stated_message(ctx, op, conflict);
                return Some(match met {
                    Fact::Shape(_) => Fact::Shape(ShapeValue::Invalid(message)),
                    _ => Fact::Size(SizeValue::Invalid(message)),
                });
            }
        }
        Some(met)
    }

    /// `shape.cstr_eq`: records its failure where the shapes conflict.
    fn check_equal(&mut self, op: OpId, operands: &[ValueId], certain: bool) {
        let mut met = self.shape_at(operands, 0);
        for i in 1..operands.len() {
            met = met.meet(&self.shape_at(operands, i));
        }
        if let Some(conflict) = met.error() {
            self.fail(op, certain, format!("shapes are not equal: {conflict}"));
        }
    }

    /// `shape.cstr_broadcastable`: records its failure where the shapes
    /// do not broadcast.
    fn check_broadcastable(&mut self, op: OpId, operands: &[ValueId], certain: bool) {
        let mut merged = PartialShape::dynamic(Some(0));
        for i in 0..operands.len() {
            let p = self
                .shape_at(operands, i)
                .to_partial()
                .unwrap_or_else(|| PartialShape::dynamic(None));
            if let Err(e) = merged.broadcast_merge_into(&p) {
                self.fail(op, certain, format!("shapes are not broadcastable: {e}"));
                break;
            }
        }
    }

    fn transfer(
        &mut self,
        op: OpId,
        kind: OpKind,
        operands: &[ValueId],
        facts: &[Fact],
        result: ValueId,
        certain: bool,
    ) -> Option<Fact> {
        let ctx = self.ctx;
        let shape = |i: usize| {
            operands
                .get(i)
                .map_or(ShapeValue::Unranked, |&v| self.facts.shape(v))
        };
        let size = |i: usize| {
            operands
                .get(i)
                .map_or(SizeValue::Unknown, |&v| self.facts.size(v))
        };
        if !matches!(kind, OpKind::ShapeMeet | OpKind::ShapeAny) {
            if let Some(m) = first_error(facts) {
                return Some(match fact_of_type(ctx, ctx.value_type(result)) {
                    Some(Fact::Shape(_)) => Fact::Shape(ShapeValue::Invalid(m)),
                    _ => Fact::Size(SizeValue::Invalid(m)),
                });
            }
        }
        let sizes_known = || {
            operands
                .iter()
                .map(|&v| self.facts.known(v))
                .collect::<Option<Vec<u64>>>()
        };
        Some(match kind {
            OpKind::ShapeShapeOf => Fact::Shape(self.shape_of(*operands.first()?)),
            OpKind::ShapeWithShape => Fact::Shape(shape(1)),
            OpKind::ShapeConstShape => {
                let e = fold::extents(ctx, ctx.attr(op, "shape")?)?;
                Fact::Shape(ShapeValue::Ranked(
                    e.iter().map(|&x| u64::try_from(x).ok()).collect(),
                ))
            }
            OpKind::ShapeConstSize | OpKind::ArithConstant => self.constant(op, result)?,
            OpKind::ShapeToExtentTensor | OpKind::ShapeFromExtentTensor | OpKind::TensorCast => {
                Fact::Shape(shape(0))
            }
            OpKind::ShapeIndexToSize | OpKind::ShapeSizeToIndex | OpKind::ArithIndexCast => {
                Fact::Size(size(0))
            }
            OpKind::ShapeRank => match shape(0) {
                ShapeValue::Ranked(e) => Fact::Size(SizeValue::Known(e.len() as u64)),
                _ => Fact::Size(SizeValue::Unknown),
            },
            OpKind::ShapeGetExtent | OpKind::ShapeDim => self.extent(kind, operands)?,
            OpKind::TensorDim => self.tensor_dim(operands)?,
            OpKind::ShapeConcat => match (shape(0), shape(1)) {
                (ShapeValue::Ranked(mut a), ShapeValue::Ranked(b)) => {
                    a.extend(b);
                    Fact::Shape(ShapeValue::Ranked(a))
                }
                _ => Fact::Shape(ShapeValue::Unranked),
            },
            OpKind::ShapeFromExtents => Fact::Shape(ShapeValue::Ranked(
                operands.iter().map(|&v| self.facts.known(v)).collect(),
            )),
            OpKind::ShapeBroadcast => self.broadcast(op, operands),
            OpKind::ShapeNumElements => match known_extents(&shape(0)) {
                Some(e) => Fact::Size(size_from(
                    e.iter().try_fold(1u64, |acc, &x| acc.checked_mul(x)),
                )),
                None => Fact::Size(SizeValue::Unknown),
            },
            OpKind::ShapeAdd | OpKind::ArithAddi => Fact::Size(size_from(
                sizes_known().and_then(|v| v[0].checked_add(*v.get(1)?)),
            )),
            OpKind::ShapeMul | OpKind::ArithMuli => Fact::Size(size_from(
                sizes_known().and_then(|v| v[0].checked_mul(*v.get(1)?)),
            )),
            OpKind::ShapeDiv => match (size(0), size(1)) {
                (_, SizeValue::Known(0)) => {
                    Fact::Size(SizeValue::Invalid("division by zero".into()))
                }
                (SizeValue::Known(a), SizeValue::Known(b)) => Fact::Size(SizeValue::Known(a / b)),
                _ => Fact::Size(SizeValue::Unknown),
            },
            OpKind::ShapeMax | OpKind::ShapeMin
                if facts.iter().all(|f| matches!(f, Fact::Size(_))) =>
            {
                Fact::Size(size_from(sizes_known().and_then(|v| {
                    let pick = if kind == OpKind::ShapeMax {
                        v.iter().max()
                    } else {
                        v.iter().min()
                    };
                    pick.copied()
                })))
            }
            OpKind::ShapeAny => return self.any(facts, result),
            OpKind::ShapeMeet => return self.meet(op, facts, result, certain),
            OpKind::ShapeCstrEq => {
                self.check_equal(op, operands, certain);
                return None;
            }
            OpKind::ShapeCstrBroadcastable => {
                self.check_broadcastable(op, operands, certain);
                return None;
            }
            OpKind::ShapeCstrRequire => {
                if let Some(Fact::Bool(Some(false))) = facts.first() {
                    self.fail(op, certain, "required condition is false".into());
                }
                return None;
            }
            OpKind::ArithCmpi => Fact::Bool(self.compare(op, operands)),
            // Every other op: no fact of its own (its results are unknown).
            ops_without_a_fact!() => return None,
        })
    }
}

/// The facts of function `func` (a `func.func` or `shape.func`).
pub fn infer_facts(ctx: &Context, func: OpId) -> Facts {
    let mut inference = Inference {
        ctx,
        facts: Facts::default(),
    };
    for &r in &ctx.op(func).regions {
        inference.region(r, true);
    }
    inference.facts
}
