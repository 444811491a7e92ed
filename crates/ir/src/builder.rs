//! Making IR at one place. [`OpBuilder`] holds an insertion point and a
//! location, creates ops by [`OpKind`] (with the default inherent
//! attributes of `arith` ops, as MLIR's builders give them), inserts them
//! there, and has typed helpers for the ops lowerings make most
//! (`arith.constant`, `arith.cmpi`, `shape.const_witness`).
//!
//! [`Build`] is what every maker of ops shares: given how to make the op an
//! [`OperationState`] describes, it builds ops by kind. [`OpBuilder`] makes
//! them by inserting them; a lowering that folds as it goes (MLIR's
//! `createOrFold`) implements [`Build`] with its own `make` and gets the
//! same `build`/`build1`. An op made before its place exists (a function
//! body's terminator, a region's op) is made with [`detached`] and placed
//! later with [`InsertPoint::place`]. Rewrites go through `fold::Rewriter`.
//!
//! ```
//! use ir::builder::{Build, InsertPoint, OpBuilder};
//! use ir::dialect::arith::CmpIPredicate;
//! let mut ctx = ir::Context::new();
//! let block = ctx.create_block();
//! let mut b = OpBuilder::new(&mut ctx, InsertPoint::End(block), ir::Location::Unknown);
//! let two = b.constant_index(2);
//! let three = b.constant_index(3);
//! let less = b.cmpi(CmpIPredicate::Slt, two, three);
//! assert_eq!(ctx.block_ops(block).count(), 3);
//! assert!(ctx.defining_op(less).is_some());
//! ```

use crate::dialect::arith::CmpIPredicate;
use crate::{Attr, BlockId, Context, Location, OpId, OpKind, OperationState, Type, TypeKind};
use crate::{RegionId, ValueId};

/// Where a builder puts the next op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Before this op.
    Before(OpId),
    /// At the end of this block.
    End(BlockId),
}

impl InsertPoint {
    /// Create the op `state` describes (its location its own) here.
    pub fn insert(self, ctx: &mut Context, state: OperationState) -> OpId {
        let op = ctx.create_op(state);
        self.place(ctx, op);
        op
    }

    /// Link the detached `op` here.
    pub fn place(self, ctx: &mut Context, op: OpId) {
        match self {
            InsertPoint::Before(anchor) => ctx.insert_op_before(anchor, op),
            InsertPoint::End(block) => ctx.append_op(block, op),
        }
    }
}

/// Makes ops of a kind: what [`OpBuilder`] and the lowerings that fold as
/// they build have in common.
pub trait Build {
    /// The location given to the ops made.
    fn location(&self) -> Location;

    /// Make the op `state` describes; its results (a maker that folds may
    /// give values that already existed).
    fn make(&mut self, state: OperationState) -> Vec<ValueId>;

    /// Make an op of `kind` with these operands, result types, inherent
    /// attributes and regions; its results.
    fn build(
        &mut self,
        kind: OpKind,
        operands: &[ValueId],
        results: &[Type],
        props: Vec<(&str, Attr)>,
        regions: Vec<RegionId>,
    ) -> Vec<ValueId> {
        let state = op_state(kind, self.location(), operands, results, props, regions);
        self.make(state)
    }

    /// Make an op of `kind` with one result of type `result`; that result.
    fn build1(
        &mut self,
        kind: OpKind,
        operands: &[ValueId],
        result: Type,
        props: Vec<(&str, Attr)>,
    ) -> ValueId {
        // Built with one result type, the op has one result.
        self.build(kind, operands, &[result], props, Vec::new())[0]
    }
}

/// The op `state` describes, made but in no block yet: for ops whose place
/// is made after them (place it with [`InsertPoint::place`]).
pub fn detached(ctx: &mut Context, state: OperationState) -> OpId {
    ctx.create_op(state)
}

/// Makes ops at an insertion point, with a location.
pub struct OpBuilder<'c> {
    pub ctx: &'c mut Context,
    pub at: InsertPoint,
    pub loc: Location,
}

impl Build for OpBuilder<'_> {
    fn location(&self) -> Location {
        self.loc.clone()
    }

    fn make(&mut self, state: OperationState) -> Vec<ValueId> {
        let op = self.insert(state);
        self.ctx.op(op).results.to_vec()
    }
}

impl<'c> OpBuilder<'c> {
    pub fn new(ctx: &'c mut Context, at: InsertPoint, loc: Location) -> Self {
        OpBuilder { ctx, at, loc }
    }

    /// A builder that puts ops before `op`, at its location.
    pub fn before(ctx: &'c mut Context, op: OpId) -> Self {
        let loc = ctx.op(op).loc.clone();
        OpBuilder::new(ctx, InsertPoint::Before(op), loc)
    }

    /// Create the op `state` describes and insert it.
    pub fn insert(&mut self, state: OperationState) -> OpId {
        self.at.insert(self.ctx, state)
    }

    /// `arith.constant` of `value` with integer type `ty`.
    pub fn constant_int(&mut self, value: i128, ty: Type) -> ValueId {
        self.build1(
            OpKind::ArithConstant,
            &[],
            ty,
            vec![("value", Attr::Int { value, ty })],
        )
    }

    /// `arith.constant n : index`.
    pub fn constant_index(&mut self, n: i64) -> ValueId {
        let index = crate::dialect::index(self.ctx);
        self.constant_int(i128::from(n), index)
    }

    /// `arith.constant true|false`.
    pub fn constant_bool(&mut self, value: bool) -> ValueId {
        let i1 = crate::dialect::i1(self.ctx);
        self.build1(
            OpKind::ArithConstant,
            &[],
            i1,
            vec![("value", Attr::Bool(value))],
        )
    }

    /// `arith.cmpi predicate, lhs, rhs`.
    pub fn cmpi(&mut self, predicate: CmpIPredicate, lhs: ValueId, rhs: ValueId) -> ValueId {
        let i1 = crate::dialect::i1(self.ctx);
        let predicate = predicate.attr(self.ctx);
        self.build1(
            OpKind::ArithCmpi,
            &[lhs, rhs],
            i1,
            vec![("predicate", predicate)],
        )
    }

    /// `shape.const_witness passing`.
    pub fn const_witness(&mut self, passing: bool) -> ValueId {
        let witness = self.ctx.intern_type(TypeKind::Witness);
        self.build1(
            OpKind::ShapeConstWitness,
            &[],
            witness,
            vec![("passing", Attr::Bool(passing))],
        )
    }
}

/// The state of an op of `kind` at `loc`: the default inherent attributes
/// of its kind (`arith`'s flags, as MLIR's builders give them) overridden
/// by `props`, with these operands, result types and regions.
pub fn op_state(
    kind: OpKind,
    loc: Location,
    operands: &[ValueId],
    results: &[Type],
    props: Vec<(&str, Attr)>,
    regions: Vec<RegionId>,
) -> OperationState {
    let mut state = OperationState::new(kind, loc);
    state.props = crate::dialect::arith::default_properties(kind);
    state.operands.extend(operands.iter().copied());
    state.result_types.extend(results.iter().copied());
    for (name, value) in props {
        crate::context::set_named_attr(&mut state.props, name, value);
    }
    state.regions = regions.into();
    state
}

/// Replace the constraint `op` (its one witness result) with a
/// `shape.const_witness passing` at its place, and erase it.
pub fn replace_with_const_witness(ctx: &mut Context, op: OpId, passing: bool) {
    let witness = OpBuilder::before(ctx, op).const_witness(passing);
    if let Some(old) = ctx.result(op, 0) {
        ctx.replace_all_uses(old, witness);
    }
    ctx.erase_op(op);
}
