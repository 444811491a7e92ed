//! `reify-host-shapes`: compute the shapes of StableHLO, MHLO and CHLO ops'
//! results from their operands, with the ops' built-in shape rules (crate
//! `hlo`).
//!
//! Every `shape.shape_of %r` and every `tensor.dim %r, %c` (constant `%c`,
//! a dynamic dimension of `%r`'s type) where `%r` is a result of a covered
//! host op, or a result of a `shape.assuming` that yields one, is replaced
//! by the op's rule built as IR right before it. The rule reads the op's
//! operands where the query stands: an operand defined there is read
//! directly (`tensor.dim`, `shape.shape_of`, `tensor.extract` and
//! `arith.index_cast` of a shape operand); one that is itself a covered
//! op's result is read through that op's rule, and one computed inside a
//! `shape.assuming` region (which ran before the query, since the query
//! uses the region's result) is computed again from what it was computed
//! from, by the same pure ops. So a chain of host ops is seen through, down
//! to the values it starts from: `arith`, `tensor.dim`,
//! `tensor.from_elements`, `shape.shape_of` and `shape.broadcast` of those.
//!
//! Precondition: verified IR. Postcondition: the same values, on every
//! input on which the host ops give results (a covered op's result has the
//! shape its rule gives, which is what the interpreter computes); a query
//! that the rules can answer with values defined where it stands no longer
//! reads a host op's result. The host ops are left in place (their other
//! users need them; dead ones are left to `canonicalize`). Declines: ops the
//! user maps to a shape function (the library wins), rules that read an
//! operand of a foreign type or a value computed by an op with regions or
//! effects, and everything when the knowledge is turned off
//! (`--no-hlo-knowledge`).
//!
//! ```mlir
//! %r = "stablehlo.dynamic_reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
//! %0 = shape.shape_of %r : tensor<?x?xf32> -> tensor<2xindex>
//! // becomes
//! %e0 = tensor.extract %s[%c0] : tensor<2xi64>
//! %i0 = arith.index_cast %e0 : i64 to index
//! %e1 = tensor.extract %s[%c1] : tensor<2xi64>
//! %i1 = arith.index_cast %e1 : i64 to index
//! %0 = tensor.from_elements %i0, %i1 : tensor<2xindex>
//! ```

use hlo::reify::{self, Builder};
use hlo::{Knowledge, Shape, Size};
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::effects::Effect;
use ir::{BlockId, Context, OpId, OpKind, TypeKind, ValueId};
use pass::{PassDecl, PassResult, Statistics};
use std::collections::HashMap;

pub struct ReifyHostShapes;

impl PassDecl for ReifyHostShapes {
    const NAME: &'static str = "reify-host-shapes";
    const SUMMARY: &'static str =
        "Compute the result shapes of StableHLO, MHLO and CHLO ops from their operands";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, statistics: &mut Statistics) -> PassResult {
        let replaced = reify_host_shapes(ctx, op);
        statistics.add(
            "shapes-reified",
            "shape_of and dim ops of host ops' results computed from their operands",
            replaced as u64,
        );
        Ok(())
    }
}

/// Replace every `shape.shape_of` and dynamic `tensor.dim` under `root`
/// that reads a covered host op's result (directly or through
/// `shape.assuming` results) by its rule, read where it stands; the number
/// replaced.
pub fn reify_host_shapes(ctx: &mut Context, root: OpId) -> usize {
    if !ctx.knows_foreign_ops() {
        return 0;
    }
    let mut queries = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if matches!(ctx.kind(op), OpKind::ShapeShapeOf | OpKind::TensorDim) {
            queries.push(op);
        }
    });
    let knowledge = Knowledge::of(ctx, root);
    let mut positions = Positions::default();
    let mut replaced = 0;
    for query in queries {
        let Some(&source) = ctx.op(query).operands.first() else {
            continue;
        };
        if !reads_host(&knowledge, ctx, source) {
            continue;
        }
        let old = ctx.op(query).results[0];
        let first_new = ctx.num_ops();
        let mut at = At::new(ctx, &knowledge, query, &mut positions);
        let value = match at.ctx.kind(query) {
            OpKind::ShapeShapeOf => {
                let ty = at.ctx.value_type(old);
                at.shape(source)
                    .and_then(|v| reify::convert(at.ctx, query, v, ty))
            }
            _ => dynamic_dim(at.ctx, query).and_then(|d| at.dim(source, d)),
        };
        match value {
            Some(value) => {
                ctx.replace_all_uses(old, value);
                ctx.erase_op(query);
                replaced += 1;
            }
            None => erase_unused_since(ctx, first_new),
        }
    }
    replaced
}

/// Erase the ops made since the context had `first` ops, latest first,
/// when nothing uses them (what a query that could not be answered built).
pub(crate) fn erase_unused_since(ctx: &mut Context, first: usize) {
    for index in (first..ctx.num_ops()).rev() {
        let op = OpId(index as u32);
        let linked = ctx.op(op).parent.is_some();
        if linked && ctx.op(op).results.iter().all(|&r| !ctx.has_uses(r)) {
            ctx.erase_op(op);
        }
    }
}

/// Whether `v` is a covered host op's result, or a `shape.assuming` result
/// that yields one.
fn reads_host(knowledge: &Knowledge, ctx: &Context, v: ValueId) -> bool {
    match yielded(ctx, v) {
        Some(y) => reads_host(knowledge, ctx, y),
        None => host(knowledge, ctx, v).is_some(),
    }
}

/// The value a `shape.assuming` yields as its result `v`.
fn yielded(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let ir::ValueDef::OpResult { op, index } = ctx.value(v).def else {
        return None;
    };
    if ctx.kind(op) != OpKind::ShapeAssuming {
        return None;
    }
    let &region = ctx.op(op).regions.first()?;
    let &[block] = ctx.region(region).blocks.as_slice() else {
        return None;
    };
    let terminator = ctx.block_terminator(block)?;
    ctx.op(terminator).operands.get(index as usize).copied()
}

/// The covered host op `v` is a result of, its rule and the result's index.
fn host(knowledge: &Knowledge, ctx: &Context, v: ValueId) -> Option<(OpId, hlo::Rule, usize)> {
    let ir::ValueDef::OpResult { op, index } = ctx.value(v).def else {
        return None;
    };
    knowledge
        .rule(ctx, op)
        .map(|rule| (op, rule, index as usize))
}

/// Each op's place in its block, computed once per block.
#[derive(Default)]
pub(crate) struct Positions(HashMap<BlockId, HashMap<OpId, usize>>);

impl Positions {
    fn of(&mut self, ctx: &Context, op: OpId) -> Option<usize> {
        let block = ctx.op(op).parent?;
        let places = self.0.entry(block).or_insert_with(|| {
            ctx.block_ops(block)
                .enumerate()
                .map(|(i, o)| (o, i))
                .collect()
        });
        if !places.contains_key(&op) {
            // The block changed since: count again.
            *places = ctx
                .block_ops(block)
                .enumerate()
                .map(|(i, o)| (o, i))
                .collect();
        }
        places.get(&op).copied()
    }
}

/// Questions asked at one anchor.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Query {
    Shape(ValueId),
    Dim(ValueId, usize),
    Value(ValueId),
}

/// Deepest chain of ops followed from one query.
const MAX_DEPTH: usize = 64;

/// Values computed before one anchor.
pub(crate) struct At<'a> {
    pub(crate) ctx: &'a mut Context,
    knowledge: &'a Knowledge,
    anchor: OpId,
    positions: &'a mut Positions,
    memo: HashMap<Query, Option<ValueId>>,
    depth: usize,
}

impl<'a> At<'a> {
    /// Computing values before `anchor`.
    pub(crate) fn new(
        ctx: &'a mut Context,
        knowledge: &'a Knowledge,
        anchor: OpId,
        positions: &'a mut Positions,
    ) -> Self {
        At {
            ctx,
            knowledge,
            anchor,
            positions,
            memo: HashMap::new(),
            depth: 0,
        }
    }

    /// The operands of the host op `op`, read before the anchor.
    pub(crate) fn operands_of(&mut self, op: OpId) -> HostOperands<'_, 'a> {
        HostOperands { at: self, op }
    }
}

impl At<'_> {
    /// Whether `v` is defined before the anchor, in a block that holds it.
    fn visible(&mut self, v: ValueId) -> bool {
        let ctx = &*self.ctx;
        let holder = |block: BlockId| {
            std::iter::successors(Some(self.anchor), |&o| ctx.parent_op(o))
                .find(|&o| ctx.op(o).parent == Some(block))
        };
        match ctx.value(v).def {
            ir::ValueDef::BlockArg { block, .. } => holder(block).is_some(),
            ir::ValueDef::OpResult { op, .. } => {
                let Some(block) = ctx.op(op).parent else {
                    return false;
                };
                let Some(holder) = holder(block) else {
                    return false;
                };
                let ctx = &*self.ctx;
                match (self.positions.of(ctx, op), self.positions.of(ctx, holder)) {
                    (Some(def), Some(at)) => def < at,
                    _ => false,
                }
            }
        }
    }

    fn ask(&mut self, query: Query) -> Option<ValueId> {
        if let Some(&known) = self.memo.get(&query) {
            return known;
        }
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let answer = match query {
            Query::Shape(v) => self.compute_shape(v),
            Query::Dim(v, d) => self.compute_dim(v, d),
            Query::Value(v) => self.compute_value(v),
        };
        self.depth -= 1;
        self.memo.insert(query, answer);
        answer
    }

    fn shape(&mut self, v: ValueId) -> Option<ValueId> {
        self.ask(Query::Shape(v))
    }
    fn dim(&mut self, v: ValueId, d: usize) -> Option<ValueId> {
        self.ask(Query::Dim(v, d))
    }
    fn value(&mut self, v: ValueId) -> Option<ValueId> {
        self.ask(Query::Value(v))
    }

    /// A builder before the anchor, at its location.
    fn builder(&mut self) -> OpBuilder<'_> {
        OpBuilder::before(self.ctx, self.anchor)
    }

    /// The shape of the tensor `v`, as an extent tensor.
    fn compute_shape(&mut self, v: ValueId) -> Option<ValueId> {
        if let Some(y) = yielded(self.ctx, v) {
            return self.shape(y);
        }
        if let Some((op, rule, index)) = host(self.knowledge, self.ctx, v) {
            let shape = rule.results.get(index)?.clone();
            return Builder {
                operands: &mut HostOperands { at: self, op },
            }
            .shape(&shape);
        }
        let rank = match self.ctx.type_kind(self.ctx.value_type(v)) {
            TypeKind::RankedTensor { shape, .. } => Some(shape.len()),
            TypeKind::UnrankedTensor { .. } => None,
            _ => return None,
        };
        if !self.visible(v) {
            return None;
        }
        let ty = reify::extent_tensor(self.ctx, rank);
        Some(
            self.builder()
                .build1(OpKind::ShapeShapeOf, &[v], ty, vec![]),
        )
    }

    /// Extent `d` of the tensor `v`, as an `index`.
    fn compute_dim(&mut self, v: ValueId, d: usize) -> Option<ValueId> {
        if let TypeKind::RankedTensor { shape, .. } = self.ctx.type_kind(self.ctx.value_type(v)) {
            let extent = *shape.get(d)?;
            if extent != ir::types::DYNAMIC {
                return Some(self.constant(extent));
            }
        }
        if let Some(y) = yielded(self.ctx, v) {
            return self.dim(y, d);
        }
        if let Some((op, rule, index)) = host(self.knowledge, self.ctx, v) {
            let size = match rule.results.get(index)? {
                Shape::Extents(sizes) => sizes.get(d)?.clone(),
                Shape::Of(i) => Size::dim(*i, d),
                Shape::Value(i) => Size::elem(*i, d),
                Shape::Broadcast(_) => {
                    let shape = self.shape(v)?;
                    let c = self.constant(d as i64);
                    let index = ir::dialect::index(self.ctx);
                    return Some(self.builder().build1(
                        OpKind::TensorExtract,
                        &[shape, c],
                        index,
                        vec![],
                    ));
                }
            };
            return Builder {
                operands: &mut HostOperands { at: self, op },
            }
            .size(&size);
        }
        if !self.visible(v) {
            return None;
        }
        let c = self.constant(d as i64);
        let index = ir::dialect::index(self.ctx);
        Some(
            self.builder()
                .build1(OpKind::TensorDim, &[v, c], index, vec![]),
        )
    }

    fn constant(&mut self, n: i64) -> ValueId {
        self.builder().constant_index(n)
    }

    /// `v` itself, defined before the anchor: `v` where it is visible,
    /// else computed again by the pure ops that computed it.
    fn compute_value(&mut self, v: ValueId) -> Option<ValueId> {
        if let Some(value) = self.host_elements(v) {
            return Some(value);
        }
        if self.visible(v) {
            return Some(v);
        }
        if let Some(y) = yielded(self.ctx, v) {
            return self.value(y);
        }
        let op = self.ctx.defining_op(v)?;
        let ty = self.ctx.value_type(v);
        match self.ctx.kind(op) {
            OpKind::ShapeShapeOf => {
                let source = *self.ctx.op(op).operands.first()?;
                let shape = self.shape(source)?;
                reify::convert(self.ctx, self.anchor, shape, ty)
            }
            OpKind::TensorDim => {
                let d = dynamic_or_static_dim(self.ctx, op)?;
                let source = *self.ctx.op(op).operands.first()?;
                self.dim(source, d)
            }
            _ => self.recompute(op),
        }
        .filter(|&value| self.ctx.value_type(value) == ty)
    }

    /// The integer tensor `v`, a covered op's result whose elements its
    /// rule gives (a shape computed with StableHLO ops), built element by
    /// element from the op's operands: `tensor.from_elements` of the
    /// elements, cast to `v`'s element type.
    fn host_elements(&mut self, v: ValueId) -> Option<ValueId> {
        let op = self.ctx.defining_op(v)?;
        let sizes = self.knowledge.elements(self.ctx, op)?;
        let ty = self.ctx.value_type(v);
        let elem = self.ctx.type_kind(ty).element_type()?;
        let mut items = Vec::with_capacity(sizes.len());
        for size in &sizes {
            let item = Builder {
                operands: &mut HostOperands { at: self, op },
            }
            .size(size)?;
            items.push(match self.ctx.type_kind(elem) {
                TypeKind::Index => item,
                _ => self
                    .builder()
                    .build1(OpKind::ArithIndexCast, &[item], elem, vec![]),
            });
        }
        Some(
            self.builder()
                .build1(OpKind::TensorFromElements, &items, ty, vec![]),
        )
    }

    /// A copy of the pure, region-free op `op` before the anchor, on its
    /// operands computed there; its result.
    fn recompute(&mut self, op: OpId) -> Option<ValueId> {
        let pure = self
            .ctx
            .op_def(op)
            .is_some_and(|def| def.traits.effect == Effect::None);
        let data = self.ctx.op(op).clone();
        if !pure || !data.regions.is_empty() || data.results.len() != 1 {
            return None;
        }
        let operands = data
            .operands
            .iter()
            .map(|&o| self.value(o))
            .collect::<Option<Vec<ValueId>>>()?;
        let mut state = ir::OperationState::new(self.ctx.kind(op), data.loc.clone());
        state.operands = operands.into_iter().collect();
        state.result_types = self.ctx.types_of(&data.results).into();
        state.props = data.props.clone();
        state.attrs = data.attrs.clone();
        let copy = InsertPoint::Before(self.anchor).insert(self.ctx, state);
        self.ctx.op(copy).results.first().copied()
    }
}

/// A host op's operands read before the anchor of `at`.
pub(crate) struct HostOperands<'a, 'b> {
    at: &'a mut At<'b>,
    op: OpId,
}

impl HostOperands<'_, '_> {
    fn operand(&self, i: usize) -> Option<ValueId> {
        self.at.ctx.op(self.op).operands.get(i).copied()
    }
}

impl reify::Operands for HostOperands<'_, '_> {
    fn ctx(&mut self) -> &mut Context {
        self.at.ctx
    }
    fn anchor(&self) -> OpId {
        self.at.anchor
    }
    fn dim(&mut self, operand: usize, dim: usize) -> Option<ValueId> {
        let v = self.operand(operand)?;
        self.at.dim(v, dim)
    }
    fn value(&mut self, operand: usize) -> Option<ValueId> {
        let v = self.operand(operand)?;
        self.at.value(v)
    }
    fn shape(&mut self, operand: usize) -> Option<ValueId> {
        let v = self.operand(operand)?;
        self.at.shape(v)
    }
}

/// The constant dimension a `tensor.dim` reads.
fn dynamic_or_static_dim(ctx: &Context, dim_op: OpId) -> Option<usize> {
    let index = *ctx.op(dim_op).operands.get(1)?;
    fold::constant_value(ctx, index)
        .as_ref()
        .and_then(fold::int_of)
        .and_then(|d| usize::try_from(d).ok())
}

/// The dimension a `tensor.dim` reads, when it is constant and dynamic in
/// its operand's type.
fn dynamic_dim(ctx: &Context, dim_op: OpId) -> Option<usize> {
    let d = dynamic_or_static_dim(ctx, dim_op)?;
    let source = *ctx.op(dim_op).operands.first()?;
    match ctx.type_kind(ctx.value_type(source)) {
        TypeKind::RankedTensor { shape, .. } => (*shape.get(d)? == ir::types::DYNAMIC).then_some(d),
        _ => None,
    }
}
