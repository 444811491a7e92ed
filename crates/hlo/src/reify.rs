//! A rule's shapes built as IR: `tensor.dim` of an operand for an extent
//! of it, `tensor.extract` (and `arith.index_cast` to `index`) for an
//! element of a shape operand, `arith` for arithmetic, `shape.shape_of`,
//! `tensor.from_elements` and `shape.broadcast` for whole shapes.
//!
//! Everything is built before an anchor that the op's operands dominate
//! (any op after the host op in its block or below it). An expression that
//! reads an operand of a type it cannot read (a foreign type, a shape
//! operand that is not a 1-D or 0-D integer tensor) is not built: `None`,
//! and nothing is left behind.

use crate::expr::{Shape, Size};
use ir::builder::OpBuilder;
use ir::dialect::arith::CmpIPredicate;
use ir::{Context, OpKind, Type, TypeKind, ValueId};

/// Builds expressions over the operands of one host op.
pub struct Builder<'b, 'c> {
    pub b: &'b mut OpBuilder<'c>,
    /// The host op's operands.
    pub operands: Vec<ValueId>,
}

/// Whether every operand `expr` reads is of a type it can be read from.
pub fn readable(ctx: &Context, operands: &[ValueId], shape: &Shape) -> bool {
    let mut ok = true;
    visit_shape(shape, &mut |operand, element| {
        let Some(&v) = operands.get(operand) else {
            ok = false;
            return;
        };
        ok &= match ctx.type_kind(ctx.value_type(v)) {
            TypeKind::RankedTensor { shape, elem, .. } if element => {
                shape.len() <= 1 && is_integer(ctx, *elem)
            }
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => !element,
            _ => false,
        };
    });
    ok
}

fn is_integer(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Index | TypeKind::Integer { .. }
    )
}

/// Calls `f(operand, reads_elements)` for each operand `shape` reads.
fn visit_shape(shape: &Shape, f: &mut dyn FnMut(usize, bool)) {
    match shape {
        Shape::Extents(sizes) => sizes.iter().for_each(|s| visit_size(s, f)),
        Shape::Of(i) => f(*i, false),
        Shape::Value(i) => f(*i, true),
        Shape::Broadcast(shapes) => shapes.iter().for_each(|s| visit_shape(s, f)),
    }
}

fn visit_size(size: &Size, f: &mut dyn FnMut(usize, bool)) {
    match size {
        Size::Const(_) => {}
        Size::Dim { operand, .. } => f(*operand, false),
        Size::Elem { operand, .. } => f(*operand, true),
        Size::Add(a, b)
        | Size::Sub(a, b)
        | Size::Mul(a, b)
        | Size::FloorDiv(a, b)
        | Size::CeilDiv(a, b)
        | Size::Max(a, b) => {
            visit_size(a, f);
            visit_size(b, f);
        }
        Size::IfLess {
            cond_lhs,
            cond_rhs,
            then,
            otherwise,
        } => {
            for s in [cond_lhs, cond_rhs, then, otherwise] {
                visit_size(s, f);
            }
        }
    }
}

impl Builder<'_, '_> {
    fn index(&mut self) -> Type {
        ir::dialect::index(self.b.ctx)
    }

    fn extent_tensor(&mut self, len: Option<usize>) -> Type {
        let elem = self.index();
        let shape = vec![len.map_or(ir::types::DYNAMIC, |n| n as i64)];
        self.b.ctx.intern_type(TypeKind::RankedTensor {
            shape,
            elem,
            encoding: None,
        })
    }

    fn binary(&mut self, kind: OpKind, a: &Size, b: &Size) -> ValueId {
        let (a, b) = (self.size(a), self.size(b));
        let index = self.index();
        self.b.build1(kind, &[a, b], index, vec![])
    }

    /// `value` as an `index` (an integer of another type is cast).
    fn as_index(&mut self, value: ValueId) -> ValueId {
        let ty = self.b.ctx.value_type(value);
        match self.b.ctx.type_kind(ty) {
            TypeKind::Index => value,
            _ => {
                let index = self.index();
                self.b.build1(OpKind::ArithIndexCast, &[value], index, vec![])
            }
        }
    }

    /// `size` as an `index` value (its operands readable: [`readable`]).
    pub fn size(&mut self, size: &Size) -> ValueId {
        match size {
            Size::Const(c) => self.b.constant_index(*c),
            Size::Dim { operand, dim } => {
                let t = self.operands[*operand];
                let d = self.b.constant_index(*dim as i64);
                let index = self.index();
                self.b.build1(OpKind::TensorDim, &[t, d], index, vec![])
            }
            Size::Elem { operand, index } => {
                let t = self.operands[*operand];
                let (rank, elem) = match self.b.ctx.type_kind(self.b.ctx.value_type(t)) {
                    TypeKind::RankedTensor { shape, elem, .. } => (shape.len(), *elem),
                    _ => (0, self.index()),
                };
                let mut operands = vec![t];
                if rank == 1 {
                    operands.push(self.b.constant_index(*index as i64));
                }
                let e = self.b.build1(OpKind::TensorExtract, &operands, elem, vec![]);
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
                let (l, r) = (self.size(cond_lhs), self.size(cond_rhs));
                let less = self.b.cmpi(CmpIPredicate::Slt, l, r);
                let (t, o) = (self.size(then), self.size(otherwise));
                let index = self.index();
                self.b
                    .build1(OpKind::ArithSelect, &[less, t, o], index, vec![])
            }
        }
    }

    /// `shape` as an extent tensor (`tensor<Nxindex>` when its rank is
    /// known, `tensor<?xindex>` otherwise; operands readable: [`readable`]).
    pub fn shape(&mut self, shape: &Shape) -> ValueId {
        match shape {
            Shape::Extents(sizes) => {
                let items: Vec<ValueId> = sizes.iter().map(|s| self.size(s)).collect();
                let ty = self.extent_tensor(Some(items.len()));
                self.b.build1(OpKind::TensorFromElements, &items, ty, vec![])
            }
            Shape::Of(i) => {
                let t = self.operands[*i];
                let rank = match self.b.ctx.type_kind(self.b.ctx.value_type(t)) {
                    TypeKind::RankedTensor { shape, .. } => Some(shape.len()),
                    _ => None,
                };
                let ty = self.extent_tensor(rank);
                self.b.build1(OpKind::ShapeShapeOf, &[t], ty, vec![])
            }
            Shape::Value(i) => {
                let t = self.operands[*i];
                let len = match self.b.ctx.type_kind(self.b.ctx.value_type(t)) {
                    TypeKind::RankedTensor { shape, elem, .. } => {
                        if matches!(self.b.ctx.type_kind(*elem), TypeKind::Index) {
                            return t;
                        }
                        shape.first().copied().filter(|&n| n >= 0).map(|n| n as usize)
                    }
                    _ => None,
                };
                let ty = self.extent_tensor(len);
                self.b.build1(OpKind::ArithIndexCast, &[t], ty, vec![])
            }
            Shape::Broadcast(shapes) => {
                let items: Vec<ValueId> = shapes.iter().map(|s| self.shape(s)).collect();
                let ty = self.extent_tensor(None);
                self.b.build1(OpKind::ShapeBroadcast, &items, ty, vec![])
            }
        }
    }

    /// `value` converted to the type `ty` of the value it replaces: a
    /// `tensor.cast` between extent tensors, `shape.from_extent_tensor` to
    /// `!shape.shape`, nothing when the types agree. `None` for any other
    /// type.
    pub fn convert(&mut self, value: ValueId, ty: Type) -> Option<ValueId> {
        let from = self.b.ctx.value_type(value);
        if from == ty {
            return Some(value);
        }
        match self.b.ctx.type_kind(ty).clone() {
            TypeKind::Shape => Some(self.b.build1(
                OpKind::ShapeFromExtentTensor,
                &[value],
                ty,
                vec![],
            )),
            TypeKind::RankedTensor { shape, elem, .. }
                if shape.len() == 1 && matches!(self.b.ctx.type_kind(elem), TypeKind::Index) =>
            {
                Some(self.b.build1(OpKind::TensorCast, &[value], ty, vec![]))
            }
            _ => None,
        }
    }
}
