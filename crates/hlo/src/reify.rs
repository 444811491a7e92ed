//! A rule's shapes built as IR: `tensor.dim` of an operand for an extent
//! of it, `tensor.extract` (and `arith.index_cast` to `index`) for an
//! element of a shape operand, `arith` for arithmetic, `shape.shape_of`,
//! `tensor.from_elements` and `shape.broadcast` for whole shapes.
//!
//! Everything is built before an anchor, reading the host op's operands
//! through [`Operands`], which says how each is read there (the operand
//! itself where it is defined, or what it was computed from). An
//! expression that reads what cannot be read there (an operand of a
//! foreign type, a value defined only inside a region) gives `None`; the
//! ops built up to that point are left unused, for the caller to erase.

use crate::expr::{Shape, Size};
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::arith::CmpIPredicate;
use ir::{Context, OpId, OpKind, Type, TypeKind, ValueId};

/// Where a rule is built, and how it reads the host op's operands there.
/// Each read gives a value defined at the anchor, or `None` when the
/// operand cannot be read there (the whole expression is then not built).
pub trait Operands {
    /// The context, to build in.
    fn ctx(&mut self) -> &mut Context;
    /// The op the expression is built before.
    fn anchor(&self) -> OpId;
    /// Extent `dim` of operand `operand`, as an `index`.
    fn dim(&mut self, operand: usize, dim: usize) -> Option<ValueId>;
    /// Operand `operand` itself (an integer tensor holding a shape or a
    /// number).
    fn value(&mut self, operand: usize) -> Option<ValueId>;
    /// The shape of operand `operand`, as an extent tensor.
    fn shape(&mut self, operand: usize) -> Option<ValueId>;
}

/// Builds a rule's expressions through [`Operands`].
pub struct Builder<'o> {
    pub operands: &'o mut dyn Operands,
}

fn index(ctx: &mut Context) -> Type {
    ir::dialect::index(ctx)
}

/// `tensor<Nxindex>` (`N` dynamic when `None`).
pub fn extent_tensor(ctx: &mut Context, len: Option<usize>) -> Type {
    let elem = index(ctx);
    let shape = vec![len.map_or(ir::types::DYNAMIC, |n| n as i64)];
    ctx.intern_type(TypeKind::RankedTensor {
        shape,
        elem,
        encoding: None,
    })
}

impl Builder<'_> {
    fn at(&mut self) -> OpBuilder<'_> {
        let anchor = self.operands.anchor();
        let ctx = self.operands.ctx();
        let loc = ctx.op(anchor).loc.clone();
        OpBuilder::new(ctx, InsertPoint::Before(anchor), loc)
    }

    fn index(&mut self) -> Type {
        index(self.operands.ctx())
    }

    fn build1(&mut self, kind: OpKind, operands: &[ValueId], ty: Type) -> ValueId {
        self.at().build1(kind, operands, ty, vec![])
    }

    fn constant(&mut self, n: i64) -> ValueId {
        self.at().constant_index(n)
    }

    fn binary(&mut self, kind: OpKind, a: &Size, b: &Size) -> Option<ValueId> {
        let (a, b) = (self.size(a)?, self.size(b)?);
        let index = self.index();
        Some(self.build1(kind, &[a, b], index))
    }

    /// `value` as an `index` (an integer of another type is cast, unless
    /// it is itself a cast of an `index`, which is then that `index`).
    fn as_index(&mut self, value: ValueId) -> Option<ValueId> {
        let ctx = self.operands.ctx();
        if let Some(source) = cast_of_index(ctx, value) {
            return Some(source);
        }
        match ctx.type_kind(ctx.value_type(value)) {
            TypeKind::Index => Some(value),
            TypeKind::Integer { .. } => {
                let index = self.index();
                Some(self.build1(OpKind::ArithIndexCast, &[value], index))
            }
            _ => None,
        }
    }

    /// `size` as an `index` value.
    pub fn size(&mut self, size: &Size) -> Option<ValueId> {
        match size {
            Size::Const(c) => Some(self.constant(*c)),
            Size::Dim { operand, dim } => self.operands.dim(*operand, *dim),
            Size::Elem { operand, index } => {
                let t = self.operands.value(*operand)?;
                let ctx = self.operands.ctx();
                // An element of `tensor.from_elements` is its operand.
                if let Some(e) = from_elements_item(ctx, t, *index) {
                    return self.as_index(e);
                }
                let (rank, elem) = match ctx.type_kind(ctx.value_type(t)) {
                    TypeKind::RankedTensor { shape, elem, .. } if shape.len() <= 1 => {
                        (shape.len(), *elem)
                    }
                    _ => return None,
                };
                let mut operands = vec![t];
                if rank == 1 {
                    operands.push(self.constant(*index as i64));
                }
                let e = self.build1(OpKind::TensorExtract, &operands, elem);
                self.as_index(e)
            }
            Size::Add(a, b) => self.binary(OpKind::ArithAddi, a, b),
            Size::Sub(a, b) => self.binary(OpKind::ArithSubi, a, b),
            Size::Mul(a, b) => self.binary(OpKind::ArithMuli, a, b),
            Size::FloorDiv(a, b) => self.binary(OpKind::ArithFloordivsi, a, b),
            Size::CeilDiv(a, b) => self.binary(OpKind::ArithCeildivsi, a, b),
            Size::Max(a, b) => self.binary(OpKind::ArithMaxsi, a, b),
            Size::IfLess {
                cond_lhs,
                cond_rhs,
                then,
                otherwise,
            } => {
                let (l, r) = (self.size(cond_lhs)?, self.size(cond_rhs)?);
                let less = self.at().cmpi(CmpIPredicate::Slt, l, r);
                let (t, o) = (self.size(then)?, self.size(otherwise)?);
                let index = self.index();
                Some(self.build1(OpKind::ArithSelect, &[less, t, o], index))
            }
        }
    }

    /// `shape` as an extent tensor (`tensor<Nxindex>` when its rank is
    /// known, `tensor<?xindex>` otherwise).
    pub fn shape(&mut self, shape: &Shape) -> Option<ValueId> {
        match shape {
            Shape::Extents(sizes) => {
                let items = sizes
                    .iter()
                    .map(|s| self.size(s))
                    .collect::<Option<Vec<ValueId>>>()?;
                let ty = extent_tensor(self.operands.ctx(), Some(items.len()));
                Some(self.build1(OpKind::TensorFromElements, &items, ty))
            }
            Shape::Of(i) => self.operands.shape(*i),
            Shape::Value(i) => {
                let t = self.operands.value(*i)?;
                let ctx = self.operands.ctx();
                let len = match ctx.type_kind(ctx.value_type(t)) {
                    TypeKind::RankedTensor { shape, elem, .. } if shape.len() == 1 => {
                        match ctx.type_kind(*elem) {
                            TypeKind::Index => return Some(t),
                            TypeKind::Integer { .. } => {
                                shape.first().and_then(|&n| usize::try_from(n).ok())
                            }
                            _ => return None,
                        }
                    }
                    _ => return None,
                };
                let ty = extent_tensor(self.operands.ctx(), len);
                Some(self.build1(OpKind::ArithIndexCast, &[t], ty))
            }
            Shape::Broadcast(shapes) => {
                let items = shapes
                    .iter()
                    .map(|s| self.shape(s))
                    .collect::<Option<Vec<ValueId>>>()?;
                let ty = extent_tensor(self.operands.ctx(), None);
                Some(self.build1(OpKind::ShapeBroadcast, &items, ty))
            }
        }
    }

    /// `value`, an extent tensor, converted to the type `ty` of the value
    /// it replaces: a `tensor.cast` between extent tensors,
    /// `shape.from_extent_tensor` to `!shape.shape`, nothing when the types
    /// agree. `None` for any other type.
    pub fn convert(&mut self, value: ValueId, ty: Type) -> Option<ValueId> {
        let anchor = self.operands.anchor();
        convert(self.operands.ctx(), anchor, value, ty)
    }
}

/// The `index` that `v` is an `arith.index_cast` of.
fn cast_of_index(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let op = ctx.defining_op(v)?;
    let &source = ctx.op(op).operands.first()?;
    (ctx.kind(op) == OpKind::ArithIndexCast
        && matches!(ctx.type_kind(ctx.value_type(source)), TypeKind::Index))
    .then_some(source)
}

/// Operand `index` of the `tensor.from_elements` that makes the 1-D `t`.
fn from_elements_item(ctx: &Context, t: ValueId, index: usize) -> Option<ValueId> {
    let op = ctx.defining_op(t)?;
    match ctx.kind(op) {
        OpKind::TensorFromElements => ctx.op(op).operands.get(index).copied(),
        _ => None,
    }
}

/// [`Builder::convert`] before `anchor`.
pub fn convert(ctx: &mut Context, anchor: OpId, value: ValueId, ty: Type) -> Option<ValueId> {
    if ctx.value_type(value) == ty {
        return Some(value);
    }
    let kind = match ctx.type_kind(ty) {
        TypeKind::Shape => OpKind::ShapeFromExtentTensor,
        TypeKind::RankedTensor { shape, elem, .. }
            if shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index) =>
        {
            OpKind::TensorCast
        }
        _ => return None,
    };
    let loc = ctx.op(anchor).loc.clone();
    Some(OpBuilder::new(ctx, InsertPoint::Before(anchor), loc).build1(kind, &[value], ty, vec![]))
}
