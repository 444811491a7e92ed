//! `lower-to-constrained`: error-monadic shape functions (stage 1) to
//! constrained form (stage 2).
//!
//! In stage 1 a `!shape.shape` or `!shape.size` may be an error value, and
//! every `shape.meet` is a requirement. In stage 2 values cannot be errors:
//! each way a stage-1 function can fail becomes a constraint that produces
//! a witness, and a `shape.assuming` region on that witness holds all the
//! code after it — the "most nested form" of the lowering walk-through
//! (`@matmul_shape1`). What becomes a constraint:
//!
//! - `shape.meet` of shapes → `shape.cstr_eq {msg}`; of sizes →
//!   `arith.cmpi eq` + `shape.cstr_require` (a size is an `index` now, and
//!   `cstr_eq` takes shapes only). Every meet, used or not. The message is
//!   the meet's `error=` text. The met value is the constant operand if one
//!   is a constant, else `shape.any` (shapes) or the first operand (sizes).
//! - Ops that give an error value on bad input, when that error can reach
//!   the function's results or a meet: `split_at` (index in `-rank..=rank`),
//!   `get_extent`/`dim` (index below the rank), `div` (divisor not 0),
//!   `broadcast` (`shape.cstr_broadcastable`), `from_extents` (extents not
//!   negative, unless provably so),
//!   `max`/`min` of shapes (equal ranks). An
//!   error that cannot reach an outcome does not fail a stage-1 function,
//!   so no constraint is made for it, and dead ops are removed first.
//! - Types: `!shape.shape` → `tensor<?xindex>`, `!shape.size` → `index`,
//!   `!shape.value_shape` → `tensor<*xf32>` (a value-shape argument stands
//!   for a tensor, of which only `shape_of` and `dim` may be taken); tensor
//!   arguments stay. Ops become their extent-tensor/index
//!   forms (`const_size` → `arith.constant`, `add`/`mul`/`div` → `arith`,
//!   `from_extents` → `tensor.from_elements`, `max`/`min` of shapes →
//!   `tensor.generate`).
//!
//! Input as producers write it is taken too (the general form): witnesses
//! and constraints on `!shape.shape`/`!shape.size` values
//! (`shape.cstr_eq`, `cstr_broadcastable`, `assuming_all`) stay where they
//! stand, on the lowered operands; a constraint given an error value fails
//! with that error — the guard of the op that made it checks it first, so
//! every constraint's operands count as needed. Ops holding regions
//! (`shape.assuming`, `scf.if`, `scf.for`, `scf.while`,
//! `scf.execute_region`, host ops) keep their place, with their results
//! and block arguments retyped and their regions lowered in place: a guard
//! needed inside a region holds the rest of that region, whose terminator
//! yields through it. An error value a region yields counts as needed when
//! the region's op gives it to a needed value.
//!
//! A check made here stands where the error is made, which may be earlier
//! than where stage 1 fails (at the result, meet or constraint the error
//! reaches); so that it never lands before a side effect the source
//! performs first, each op with side effects first moves up past the shape
//! ops before it that cannot fail and that it does not use.
//!
//! Precondition: calls to functions taking or returning `!shape.*` values
//! are inlined (`inline`), and functions have one block; a guard cannot go
//! in a region of several blocks (an error at the op). Postcondition:
//! every `func.func` and library `shape.func` is legal in the constrained
//! stage (checked); a stage-1 function fails on an input exactly when its
//! lowering does, and otherwise returns the same shapes. Declines, with an
//! error at the op: ops it does not know on `!shape.*` values,
//! `with_shape`/`value_as_shape` (a value shape whose shape was replaced
//! has no tensor to stand for it; `reify-shape-library` binds value shapes
//! to the operands they describe), a
//! `shape_eq`/`is_broadcastable` of a value that may be an error no
//! outcome depends on (stage 2 cannot represent the error it would see),
//! error-producing ops inside `shape.reduce` bodies, overflowing size
//! arithmetic is not checked (sizes are extents of real tensors).
//!
//! ```mlir
//! %r = shape.meet %a, %b, error = "ranks differ" : !shape.size, !shape.size -> !shape.size
//! %s = shape.from_extents %r : !shape.size
//! return %s : !shape.shape
//! // becomes
//! %eq = arith.cmpi eq, %a, %b : index
//! %w = shape.cstr_require %eq, "ranks differ"
//! %0 = shape.assuming %w -> (tensor<?xindex>) {
//!   %s = tensor.from_elements %a : tensor<1xindex>
//!   %c = tensor.cast %s : tensor<1xindex> to tensor<?xindex>
//!   shape.assuming_yield %c : tensor<?xindex>
//! }
//! return %0 : tensor<?xindex>
//! ```

use analysis::errors::{
    analyse, carries_errors, is_terminator, produces_errors, swallows_errors, Errors,
};
use diag::Diagnostic;
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::arith::CmpIPredicate;
use ir::dialect::shape::failure;
use ir::types::Signedness;
use ir::{Attr, BlockId, Context, Location, OpId, OpKind, OperationState, Type, TypeKind, ValueId};
use pass::stage::{check_legality, Stage};
use pass::{error_at, internal_error_at, PassDecl, PassResult, Statistics};
use rustc_hash::FxHashSet;
use std::collections::HashMap;

/// The ops [`Lowering::op`] has no case of its own for: terminators, host
/// ops, ops with regions, and ops that need no lowering ([`Lowering::other_op`]).
macro_rules! ops_lowered_by_other_op {
    () => {
        ir::arith_ops!()
            | ir::control_and_memory_ops!()
            | OpKind::ShapeAssuming
            | OpKind::ShapeAssumingYield
            | OpKind::ShapeValueAsShape
            | OpKind::ShapeWithShape
            | OpKind::ShapeFunc
            | OpKind::ShapeFunctionLibrary
            | OpKind::ShapeReturn
            | ir::tensor_ops!()
            | OpKind::Unregistered
    };
}

pub struct LowerToConstrained;

impl PassDecl for LowerToConstrained {
    const NAME: &'static str = "lower-to-constrained";
    const SUMMARY: &'static str = "Lower error-monadic shape functions to constrained form";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        lower_to_constrained(ctx, op)
    }
}

/// Lower every function under `op` (and `op` itself if it is one).
pub fn lower_to_constrained(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    for f in pass::functions_under(ctx, op) {
        lower_function(ctx, f)?;
        check_legality(ctx, f, Stage::Constrained).map_err(|mut d| {
            d.message = format!("internal error: lowering left {}", d.message);
            d
        })?;
    }
    Ok(())
}

fn is_shape_type(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Shape | TypeKind::Size | TypeKind::ValueShape
    )
}

/// Stage 1 fails where an error value reaches a result, a meet, a
/// constraint or a host op, not where the error is made, while this
/// lowering checks it where it is made. So that no check lands before a side
/// effect the source performs first, each op with side effects
/// ([`ir::effects`]) first moves up, in its block, past the ops before it
/// that have none, cannot fail there (their results carry errors, or none
/// of their operands may be an error) and make nothing it uses. The ops it
/// passes run the same either way; what moves is only where the checks of
/// the errors they make will stand.
fn effects_first(ctx: &mut Context, f: OpId, errors: &Errors) {
    let mut blocks = Vec::new();
    let mut collect = |ctx: &Context, op: OpId| {
        for &r in &ctx.op(op).regions {
            blocks.extend(ctx.region(r).blocks.iter().copied());
        }
    };
    collect(ctx, f);
    ctx.walk_nested(f, &mut |op| collect(ctx, op));
    let mut effects = ir::effects::Effects::new();
    let cannot_fail = |ctx: &Context, op: OpId| {
        let data = ctx.op(op);
        data.regions.is_empty()
            && (data
                .results
                .iter()
                .all(|&r| carries_errors(ctx, ctx.value_type(r)))
                || !data.operands.iter().any(|v| errors.possible.contains(v)))
    };
    for block in blocks {
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        for op in ops {
            if is_terminator(ctx, op) || !effects.has_side_effects(ctx, op) {
                continue;
            }
            let mut uses = FxHashSet::default();
            uses.extend(ctx.op(op).operands.iter().copied());
            ctx.walk_nested(op, &mut |o| uses.extend(ctx.op(o).operands.iter().copied()));
            let mut anchor = None;
            let mut cursor = ctx.op(op).prev;
            while let Some(before) = cursor {
                let passable = effects.of(ctx, before) == ir::effects::Effect::None
                    && cannot_fail(ctx, before)
                    && !ctx.op(before).results.iter().any(|r| uses.contains(r));
                if !passable {
                    break;
                }
                anchor = Some(before);
                cursor = ctx.op(before).prev;
            }
            if let Some(anchor) = anchor {
                ctx.move_op_before(op, anchor);
            }
        }
    }
}

/// An `arith.select` between shapes passes on the error of the operand it
/// chooses only; the lowering checks an error where it is made, whichever
/// operand is chosen. That is sound when each check is needed anyway; a
/// check that only a select needs would fail inputs on which stage 1
/// chooses the other operand, so it is refused, at the select (an `scf.if`
/// with each operand computed in its branch says it).
fn refuse_checks_only_a_select_needs(
    ctx: &Context,
    ops: &[OpId],
    errors: &Errors,
) -> Result<(), Diagnostic> {
    let selects: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&o| ctx.kind(o) == OpKind::ArithSelect)
        .filter(|&o| {
            ctx.op(o)
                .operands
                .iter()
                .any(|v| errors.possible.contains(v))
        })
        .collect();
    if selects.is_empty() {
        return Ok(());
    }
    let without = analyse(ctx, ops, false);
    let needed_only_by_selects = |op: OpId| {
        let made = &ctx.op(op).results;
        produces_errors(ctx.kind(op))
            && made.iter().any(|r| errors.relevant.contains(r))
            && !made.iter().any(|r| without.relevant.contains(r))
    };
    match ops.iter().find(|&&o| needed_only_by_selects(o)) {
        None => Ok(()),
        Some(&producer) => Err(error_at(
            ctx,
            selects[0],
            format!(
                "chooses between shapes of which one may hold the error of the '{}' at {}, which only the chosen one would fail with; compute each in its branch of an 'scf.if' instead",
                ctx.op_name(producer),
                loc_text(ctx, producer)
            ),
        )),
    }
}

fn lower_function(ctx: &mut Context, f: OpId) -> Result<(), Diagnostic> {
    let Some(&region) = ctx.op(f).regions.first() else {
        return Ok(());
    };
    match ctx.region(region).blocks.len() {
        // A declaration is the host's function: its signature stays, and
        // calls reach it through bridges.
        0 => return Ok(()),
        1 => {}
        _ => {
            return Err(error_at(
                ctx,
                f,
                "has several blocks; lower-to-constrained takes single-block shape functions",
            ))
        }
    }
    // Dead ops cannot fail a stage-1 function (meets are not pure and stay).
    pass::erase_dead_ops(ctx, f);
    let old_block = ctx.region(region).blocks[0];
    let body: Vec<OpId> = ctx.block_ops(old_block).collect();
    let mut all = Vec::new();
    ctx.walk_nested(f, &mut |o| all.push(o));
    let errors = analyse(ctx, &all, true);
    refuse_checks_only_a_select_needs(ctx, &all, &errors)?;
    effects_first(ctx, f, &errors);
    for &op in &all {
        if swallows_errors(ctx.kind(op)) {
            let hidden = ctx
                .op(op)
                .operands
                .iter()
                .any(|v| errors.possible.contains(v) && !errors.relevant.contains(v));
            if hidden {
                return Err(error_at(ctx, op, "compares a value that may be an error no result depends on; stage 2 cannot represent it"));
            }
        }
    }
    let new_block = ctx.create_block();
    let mut lowering = Lowering {
        ctx,
        map: HashMap::new(),
        current: new_block,
        open: Vec::new(),
        result_types: Vec::new(),
        relevant: errors.relevant,
        in_body_of: None,
        guard_base: 0,
        guardable: true,
        block_map: HashMap::new(),
    };
    for &a in &lowering.ctx.block(old_block).args.clone() {
        let ty = convert_type(lowering.ctx, lowering.ctx.value_type(a));
        let loc = lowering.ctx.arg_loc(a).cloned();
        let na = lowering.ctx.add_block_arg(new_block, ty, loc);
        lowering.map.insert(a, na);
    }
    lowering.lower_block(old_block, new_block, true)?;
    // Swap the bodies: the old ops go (users before what they use).
    for &op in body.iter().rev() {
        ctx.erase_op(op);
    }
    ctx.append_block(region, new_block);
    ctx.retain_blocks(region, |b| b == new_block);
    convert_signature(ctx, f)
}

/// Give `f` the converted signature.
fn convert_signature(ctx: &mut Context, f: OpId) -> Result<(), Diagnostic> {
    let Some(ty) = ctx.attr(f, "function_type").and_then(Attr::as_type) else {
        return Ok(());
    };
    let TypeKind::Function { inputs, results } = ctx.type_kind(ty).clone() else {
        return Ok(());
    };
    let inputs = inputs.into_iter().map(|t| convert_type(ctx, t)).collect();
    let results = results.into_iter().map(|t| convert_type(ctx, t)).collect();
    let fty = ctx.intern_type(TypeKind::Function { inputs, results });
    ctx.set_prop(f, "function_type", Attr::Type(fty));
    Ok(())
}

fn index_type(ctx: &mut Context) -> Type {
    ctx.intern_type(TypeKind::Index)
}

fn extent_tensor(ctx: &mut Context, len: Option<usize>) -> Type {
    let elem = index_type(ctx);
    ctx.intern_type(TypeKind::RankedTensor {
        shape: vec![len.map_or(ir::types::DYNAMIC, |n| n as i64)],
        elem,
        encoding: None,
    })
}

/// The stage-2 type of a stage-1 type.
fn convert_type(ctx: &mut Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Shape => extent_tensor(ctx, None),
        TypeKind::Size => index_type(ctx),
        TypeKind::ValueShape => {
            let elem = ctx.intern_type(TypeKind::Float(ir::types::FloatKind::F32));
            ctx.intern_type(TypeKind::UnrankedTensor { elem })
        }
        _ => t,
    }
}

struct Lowering<'a> {
    ctx: &'a mut Context,
    /// Stage-1 value → stage-2 value.
    map: HashMap<ValueId, ValueId>,
    /// Where lowered ops go.
    current: BlockId,
    /// The `shape.assuming` ops opened so far, outermost first.
    open: Vec<OpId>,
    /// The stage-2 types the current block's terminator yields (every
    /// assuming opened in the block yields them).
    result_types: Vec<Type>,
    relevant: FxHashSet<ValueId>,
    /// Set while lowering a `shape.reduce` body, where no guard can go.
    in_body_of: Option<OpId>,
    /// How many of `open` were open when the current block began: its
    /// terminator yields through the rest.
    guard_base: usize,
    /// Whether a guard can open in the current block (not in a region of
    /// several blocks, whose terminators branch).
    guardable: bool,
    /// Blocks of nested regions: stage-1 block → stage-2 block.
    block_map: HashMap<BlockId, BlockId>,
}

/// The op being lowered, as the lowering of its kind reads it.
struct Lowered {
    op: OpId,
    kind: OpKind,
    loc: Location,
    /// Its operands, lowered.
    ops: Vec<ValueId>,
    /// Its result types, converted to the constrained form's.
    result_types: Vec<Type>,
    /// Its first result type (`index` for an op with none).
    ty: Type,
}

impl Lowering<'_> {
    fn mapped(&self, v: ValueId) -> ValueId {
        self.map.get(&v).copied().unwrap_or(v)
    }

    fn operand(&self, op: OpId, i: usize) -> Option<ValueId> {
        self.ctx.operand(op, i).map(|v| self.mapped(v))
    }

    /// A builder at the end of the current block, at `loc`.
    fn at(&mut self, loc: &Location) -> OpBuilder<'_> {
        OpBuilder::new(self.ctx, InsertPoint::End(self.current), loc.clone())
    }

    fn constant(&mut self, loc: &Location, n: i64) -> ValueId {
        let index = index_type(self.ctx);
        let value = Attr::Int {
            value: i128::from(n),
            ty: index,
        };
        self.at(loc)
            .build1(OpKind::ArithConstant, &[], index, vec![("value", value)])
    }

    fn cmp(&mut self, loc: &Location, pred: CmpIPredicate, a: ValueId, b: ValueId) -> ValueId {
        let i1 = self.ctx.intern_type(TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless,
        });
        let predicate = pred.attr(self.ctx);
        self.at(loc).build1(
            OpKind::ArithCmpi,
            &[a, b],
            i1,
            vec![("predicate", predicate)],
        )
    }

    fn and(&mut self, loc: &Location, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ctx.value_type(a);
        self.at(loc).build1(OpKind::ArithAndi, &[a, b], ty, vec![])
    }

    fn rank(&mut self, loc: &Location, shape: ValueId) -> ValueId {
        let index = index_type(self.ctx);
        self.at(loc)
            .build1(OpKind::ShapeRank, &[shape], index, vec![])
    }

    /// Open a `shape.assuming` on `witness`: the code after goes inside.
    fn assume(&mut self, op: OpId, witness: ValueId) -> Result<(), Diagnostic> {
        if let Some(reduce) = self.in_body_of {
            return Err(error_at(self.ctx, op, format!("can fail inside the body of the 'shape.reduce' at {}; stage 2 cannot guard it there", loc_text(self.ctx, reduce))));
        }
        if !self.guardable {
            return Err(error_at(
                self.ctx,
                op,
                "can fail inside a region of several blocks; stage 2 cannot guard it there",
            ));
        }
        let loc = self.ctx.op(op).loc.clone();
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        let mut state = OperationState::new(OpKind::ShapeAssuming, loc);
        state.operands.push(witness);
        state.result_types = ir::TypeList::from_slice(&self.result_types);
        state.regions.push(region);
        let assuming = InsertPoint::End(self.current).insert(self.ctx, state);
        self.open.push(assuming);
        self.current = block;
        Ok(())
    }

    /// `shape.cstr_require %cond, msg`, then the rest under it.
    fn require(&mut self, op: OpId, cond: ValueId, msg: &str) -> Result<(), Diagnostic> {
        let loc = self.ctx.op(op).loc.clone();
        let witness = self.ctx.intern_type(TypeKind::Witness);
        let w = self.at(&loc).build1(
            OpKind::ShapeCstrRequire,
            &[cond],
            witness,
            vec![("msg", Attr::String(msg.as_bytes().to_vec()))],
        );
        self.assume(op, w)
    }

    /// A shape constraint (`cstr_eq`, `cstr_broadcastable`) carrying `msg`.
    fn constrain(
        &mut self,
        op: OpId,
        kind: OpKind,
        shapes: &[ValueId],
        msg: Option<&str>,
    ) -> Result<(), Diagnostic> {
        let loc = self.ctx.op(op).loc.clone();
        let witness = self.ctx.intern_type(TypeKind::Witness);
        let w = self.at(&loc).build1(kind, shapes, witness, vec![]);
        if let (Some(m), Some(def)) = (msg, self.ctx.defining_op(w)) {
            self.ctx
                .set_discardable_attr(def, "msg", Attr::String(m.as_bytes().to_vec()));
        }
        self.assume(op, w)
    }

    /// Whether the error value `op` may produce matters.
    fn guarded(&self, op: OpId) -> bool {
        self.ctx
            .op(op)
            .results
            .iter()
            .any(|r| self.relevant.contains(r))
    }

    fn bind(&mut self, op: OpId, values: &[ValueId]) {
        let results = self.ctx.op(op).results.to_vec();
        for (r, v) in results.into_iter().zip(values) {
            self.map.insert(r, *v);
        }
    }

    /// `v` (an extent tensor) with type `ty` (cast when they differ).
    fn cast(&mut self, loc: &Location, v: ValueId, ty: Type) -> ValueId {
        if self.ctx.value_type(v) == ty {
            return v;
        }
        self.at(loc).build1(OpKind::TensorCast, &[v], ty, vec![])
    }

    fn error_text(&self, op: OpId) -> Option<String> {
        self.ctx
            .attr(op, "error")
            .and_then(Attr::as_str)
            .map(str::to_string)
    }

    /// Whether stage-1 value `v` is a non-negative size by construction.
    fn non_negative(&self, v: ValueId) -> bool {
        let Some(def) = self.ctx.defining_op(v) else {
            return false;
        };
        match self.ctx.kind(def) {
            OpKind::ShapeRank
            | OpKind::ShapeGetExtent
            | OpKind::ShapeDim
            | OpKind::ShapeConstSize
            | OpKind::ShapeNumElements
            | OpKind::ShapeIndexToSize => true,
            OpKind::ShapeAdd
            | OpKind::ShapeMul
            | OpKind::ShapeDiv
            | OpKind::ShapeMax
            | OpKind::ShapeMin
            | OpKind::ShapeAny => self
                .ctx
                .op(def)
                .operands
                .iter()
                .all(|&o| self.non_negative(o)),
            // Every other op's size may be negative, as far as this pass knows.
            ir::arith_ops!()
            | ir::control_and_memory_ops!()
            | ir::shape_witness_ops!()
            | OpKind::ShapeSizeToIndex
            | ir::shape_constructor_ops!()
            | OpKind::ShapeBroadcast
            | OpKind::ShapeConcat
            | OpKind::ShapeSplitAt
            | OpKind::ShapeMeet
            | ir::shape_comparison_ops!()
            | ir::shape_value_shape_ops!()
            | ir::shape_structure_ops!()
            | ir::tensor_ops!()
            | OpKind::Unregistered => false,
        }
    }

    fn op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let l = self.lowered(op);
        let (kind, loc, ops, first_type) = (l.kind, &l.loc, &l.ops[..], l.ty);
        let index = index_type(self.ctx);
        match kind {
            // Constraints the input already states: on lowered operands, and
            // a constraint given an error value fails with it, which the
            // guard of the op that made the error checks first.
            OpKind::ShapeCstrEq
            | OpKind::ShapeCstrBroadcastable
            | OpKind::ShapeCstrRequire
            | OpKind::ShapeAssumingAll
            | OpKind::ShapeConstWitness => {
                self.copy(op);
            }
            OpKind::ShapeShapeOf => {
                let s = self
                    .at(loc)
                    .build1(OpKind::ShapeShapeOf, ops, first_type, vec![]);
                self.bind(op, &[s]);
            }
            OpKind::ShapeConstShape => self.const_shape(op, loc, first_type)?,
            OpKind::ShapeConstSize => self.const_size(op, loc)?,
            OpKind::ShapeRank => {
                let r = self.rank(loc, ops[0]);
                self.bind(op, &[r]);
            }
            OpKind::ShapeGetExtent | OpKind::ShapeDim => self.extent(&l)?,
            OpKind::ShapeSplitAt => self.split_at(&l)?,
            OpKind::ShapeConcat => {
                let c = self
                    .at(loc)
                    .build1(OpKind::ShapeConcat, ops, first_type, vec![]);
                self.bind(op, &[c]);
            }
            OpKind::ShapeBroadcast => {
                if self.guarded(op) {
                    let msg = self.error_text(op);
                    self.constrain(op, OpKind::ShapeCstrBroadcastable, ops, msg.as_deref())?;
                }
                let b = self
                    .at(loc)
                    .build1(OpKind::ShapeBroadcast, ops, first_type, vec![]);
                self.bind(op, &[b]);
            }
            OpKind::ShapeMeet => self.meet(&l)?,
            OpKind::ShapeNumElements => {
                let n = self
                    .at(loc)
                    .build1(OpKind::ShapeNumElements, ops, index, vec![]);
                self.bind(op, &[n]);
            }
            OpKind::ShapeAdd => {
                let v = self.at(loc).build1(OpKind::ArithAddi, ops, index, vec![]);
                self.bind(op, &[v]);
            }
            OpKind::ShapeMul => {
                let v = self.at(loc).build1(OpKind::ArithMuli, ops, index, vec![]);
                self.bind(op, &[v]);
            }
            OpKind::ShapeDiv => self.div(&l)?,
            OpKind::ShapeFromExtents => self.shape_from_extents(&l)?,
            OpKind::ShapeSizeToIndex
            | OpKind::ShapeIndexToSize
            | OpKind::ShapeDebugPrint
            | OpKind::ShapeFromExtentTensor
            | OpKind::ShapeToExtentTensor
            | OpKind::ShapeValueOf => {
                let v = match self.ctx.type_kind(first_type) {
                    TypeKind::RankedTensor { .. } => self.cast(loc, ops[0], first_type),
                    _ => ops[0],
                };
                self.bind(op, &[v]);
            }
            OpKind::ShapeAny => {
                let v = match self.ctx.type_kind(first_type) {
                    TypeKind::Index => ops[0],
                    _ => self
                        .at(loc)
                        .build1(OpKind::ShapeAny, ops, first_type, vec![]),
                };
                self.bind(op, &[v]);
            }
            OpKind::ShapeMax => self.max_min(&l, OpKind::ArithMaxsi)?,
            OpKind::ShapeMin => self.max_min(&l, OpKind::ArithMinsi)?,
            OpKind::ShapeShapeEq | OpKind::ShapeIsBroadcastable => {
                let i1 = l.result_types[0];
                let v = self.at(loc).build1(kind, ops, i1, vec![]);
                self.bind(op, &[v]);
            }
            OpKind::ShapeReduce => self.reduce(&l)?,
            OpKind::ShapeYield => {
                self.at(loc)
                    .build(OpKind::ShapeYield, ops, &[], vec![], vec![]);
            }
            // Every other op: terminators, host ops, ops with regions, and
            // the ops that need no lowering (`other_op`).
            ops_lowered_by_other_op!() => self.other_op(&l)?,
        }
        Ok(())
    }

    /// `op` as its lowering reads it.
    fn lowered(&mut self, op: OpId) -> Lowered {
        let ctx_types: Vec<Type> = (self.ctx.op(op).results.iter())
            .map(|&r| self.ctx.value_type(r))
            .collect();
        let result_types: Vec<Type> = ctx_types
            .into_iter()
            .map(|t| convert_type(self.ctx, t))
            .collect();
        let index = index_type(self.ctx);
        Lowered {
            op,
            kind: self.ctx.kind(op),
            loc: self.ctx.op(op).loc.clone(),
            ops: (0..self.ctx.op(op).operands.len())
                .filter_map(|i| self.operand(op, i))
                .collect(),
            ty: result_types.first().copied().unwrap_or(index),
            result_types,
        }
    }

    /// `shape.const_shape`: its extents as an exact extent tensor, cast to `ty`.
    fn const_shape(&mut self, op: OpId, loc: &Location, ty: Type) -> Result<(), Diagnostic> {
        let Some(attr) = self.ctx.attr(op, "shape").cloned() else {
            return Err(error_at(self.ctx, op, "has no shape"));
        };
        let Some(extents) = fold::extents(self.ctx, &attr) else {
            return Err(internal_error_at(self.ctx, op, "has a shape of no extents"));
        };
        let exact = extent_tensor(self.ctx, Some(extents.len()));
        let attr = fold::index_tensor_attr(self.ctx, &extents);
        let c = self
            .at(loc)
            .build1(OpKind::ShapeConstShape, &[], exact, vec![("shape", attr)]);
        let c = self.cast(loc, c, ty);
        self.bind(op, &[c]);
        Ok(())
    }

    /// `shape.const_size`: an `index` constant.
    fn const_size(&mut self, op: OpId, loc: &Location) -> Result<(), Diagnostic> {
        // A verified `index` attribute: an `i64`.
        let value = self.ctx.attr(op, "value").and_then(fold::int_of);
        let Some(n) = value.and_then(|n| i64::try_from(n).ok()) else {
            return Err(internal_error_at(self.ctx, op, "has no 'index' value"));
        };
        let c = self.constant(loc, n);
        self.bind(op, &[c]);
        Ok(())
    }

    /// `shape.get_extent`, `shape.dim`: the extent, its index checked against the rank where the op is guarded.
    fn extent(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, kind, loc, ops) = (l.op, l.kind, &l.loc, &l.ops[..]);
        let (ext, index) = (extent_tensor(self.ctx, None), index_type(self.ctx));
        let shape = if kind == OpKind::ShapeDim {
            self.at(loc)
                .build1(OpKind::ShapeShapeOf, &ops[..1], ext, vec![])
        } else {
            ops[0]
        };
        let i = ops[1];
        if self.guarded(op) {
            let r = self.rank(loc, shape);
            let ok = self.cmp(loc, CmpIPredicate::Ult, i, r);
            self.require(op, ok, failure::EXTENT_INDEX)?;
        }
        let e = self
            .at(loc)
            .build1(OpKind::ShapeGetExtent, &[shape, i], index, vec![]);
        self.bind(op, &[e]);
        Ok(())
    }

    /// `shape.split_at`: the two parts, the index checked against the rank where the op is guarded.
    fn split_at(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, loc, ops, result_types) = (l.op, &l.loc, &l.ops[..], &l.result_types[..]);
        let (ext, index) = (extent_tensor(self.ctx, None), index_type(self.ctx));
        let (s, i) = (ops[0], ops[1]);
        if self.guarded(op) {
            let r = self.rank(loc, s);
            let zero = self.constant(loc, 0);
            let neg = self
                .at(loc)
                .build1(OpKind::ArithSubi, &[zero, r], index, vec![]);
            let low = self.cmp(loc, CmpIPredicate::Sge, i, neg);
            let high = self.cmp(loc, CmpIPredicate::Sle, i, r);
            let ok = self.and(loc, low, high);
            self.require(op, ok, failure::SPLIT_INDEX)?;
        }
        let parts = self
            .at(loc)
            .build(OpKind::ShapeSplitAt, &[s, i], &[ext, ext], vec![], vec![]);
        let head = self.cast(loc, parts[0], result_types[0]);
        let tail = self.cast(loc, parts[1], result_types[1]);
        self.bind(op, &[head, tail]);
        Ok(())
    }

    /// `shape.div` of sizes: floor division, the divisor checked where the op is guarded.
    fn div(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, loc, ops) = (l.op, &l.loc, &l.ops[..]);
        let index = index_type(self.ctx);
        if self.guarded(op) {
            let zero = self.constant(loc, 0);
            let ok = self.cmp(loc, CmpIPredicate::Ne, ops[1], zero);
            self.require(op, ok, failure::DIVISION_BY_ZERO)?;
        }
        let v = self
            .at(loc)
            .build1(OpKind::ArithFloordivsi, ops, index, vec![]);
        self.bind(op, &[v]);
        Ok(())
    }

    /// `shape.from_extents`: an extent tensor of the extents, checked non-negative where the op is guarded and they may not be.
    fn shape_from_extents(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, loc, ops, ty) = (l.op, &l.loc, &l.ops[..], l.ty);
        let original: Vec<ValueId> = self.ctx.op(op).operands.to_vec();
        if self.guarded(op) && !original.iter().all(|&v| self.non_negative(v)) {
            let zero = self.constant(loc, 0);
            let mut all: Option<ValueId> = None;
            for &e in ops {
                let ok = self.cmp(loc, CmpIPredicate::Sge, e, zero);
                all = Some(match all {
                    None => ok,
                    Some(prev) => self.and(loc, prev, ok),
                });
            }
            if let Some(ok) = all {
                self.require(op, ok, failure::NEGATIVE_EXTENT)?;
            }
        }
        let exact = extent_tensor(self.ctx, Some(ops.len()));
        let t = self
            .at(loc)
            .build1(OpKind::TensorFromElements, ops, exact, vec![]);
        let t = self.cast(loc, t, ty);
        self.bind(op, &[t]);
        Ok(())
    }

    /// Lower an op `op` has no case for: a terminator ends its guards, a
    /// host op is handed its operands, an op with regions is rebuilt around
    /// its lowered regions; any other op is copied, unless shape values
    /// pass through it.
    fn other_op(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, kind, ops, result_types) = (l.op, l.kind, &l.ops[..], &l.result_types[..]);
        if is_terminator(self.ctx, op) {
            self.terminate(op, ops);
        } else if pass::stage::keeps_host_types(self.ctx, op) {
            self.host_op(op, ops)?;
        } else if !self.ctx.op(op).regions.is_empty() {
            let regions = self.lower_regions(op)?;
            let new = self.rebuild(op, ops, result_types, regions);
            let results = self.ctx.op(new).results.to_vec();
            self.bind(op, &results);
        } else if kind == OpKind::ArithSelect {
            // Between shapes, a select of extent tensors (or sizes); the
            // errors it may choose are checked where they are made (see
            // `refuse_checks_only_a_select_needs`).
            self.copy_with_types(op, result_types);
        } else if kind == OpKind::FuncCall {
            // A call of a shape function (one lowered here too, e.g. a
            // reified instance): its results take stage-2 types. Shape
            // values passed in could be errors the callee ignores, so
            // those calls must be inlined first.
            let data = self.ctx.op(op);
            if data
                .operands
                .iter()
                .any(|&v| is_shape_type(self.ctx, self.ctx.value_type(v)))
            {
                return Err(error_at(
                    self.ctx,
                    op,
                    "passes shape values to a function; run 'inline' before lowering",
                ));
            }
            self.copy_with_types(op, result_types);
        } else {
            let data = self.ctx.op(op);
            let typed = data
                .operands
                .iter()
                .chain(&data.results)
                .any(|&v| is_shape_type(self.ctx, self.ctx.value_type(v)));
            if typed || self.ctx.op_name(op).starts_with("shape.") {
                return Err(error_at(
                    self.ctx,
                    op,
                    "cannot be lowered to constrained form",
                ));
            }
            self.copy(op);
        }
        Ok(())
    }

    /// Copy `op` with lowered operands, its results given `types`.
    fn copy_with_types(&mut self, op: OpId, types: &[Type]) {
        let copy = self.copy(op);
        let results = self.ctx.op(copy).results.clone();
        for (v, &ty) in results.into_iter().zip(types) {
            self.ctx.set_value_type(v, ty);
        }
    }

    /// Copy an op that needs no lowering, with lowered operands.
    fn copy(&mut self, op: OpId) -> OpId {
        let copy = self.ctx.clone_operation(op, &mut self.map);
        self.ctx.append_op(self.current, copy);
        copy
    }

    fn meet(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, loc, ops, ty) = (l.op, &l.loc, &l.ops[..], l.ty);
        let (a, b) = (ops[0], ops[1]);
        // A constant, possibly cast to `tensor<?xindex>`.
        let is_const = |ctx: &Context, v: ValueId| {
            let v = match ctx.defining_op(v) {
                Some(d) if ctx.kind(d) == OpKind::TensorCast => ctx.operand(d, 0).unwrap_or(v),
                _ => v,
            };
            fold::constant_value(ctx, v).is_some()
        };
        let msg = self.error_text(op).unwrap_or_else(|| failure::MEET.into());
        let sizes = matches!(self.ctx.type_kind(ty), TypeKind::Index);
        if sizes {
            let eq = self.cmp(loc, CmpIPredicate::Eq, a, b);
            self.require(op, eq, &msg)?;
        } else {
            let ext = extent_tensor(self.ctx, None);
            let sa = self.cast(loc, a, ext);
            let sb = self.cast(loc, b, ext);
            self.constrain(op, OpKind::ShapeCstrEq, &[sa, sb], Some(&msg))?;
        }
        let used = self
            .ctx
            .op(op)
            .results
            .iter()
            .any(|&r| self.ctx.has_uses(r));
        if used {
            let met = if is_const(self.ctx, b) && !is_const(self.ctx, a) {
                b
            } else if sizes || is_const(self.ctx, a) {
                a
            } else {
                self.at(loc).build1(OpKind::ShapeAny, &[a, b], ty, vec![])
            };
            let met = self.cast(loc, met, ty);
            self.bind(op, &[met]);
        }
        Ok(())
    }

    /// `shape.max`/`shape.min`, whose extents or sizes `arith` (`maxsi`,
    /// `minsi`) combines.
    fn max_min(&mut self, l: &Lowered, arith: OpKind) -> Result<(), Diagnostic> {
        let (op, loc, ops, ty) = (l.op, &l.loc, &l.ops[..], l.ty);
        let index = index_type(self.ctx);
        if matches!(self.ctx.type_kind(ty), TypeKind::Index) {
            let v = self.at(loc).build1(arith, ops, index, vec![]);
            self.bind(op, &[v]);
            return Ok(());
        }
        let (a, b) = (ops[0], ops[1]);
        let ra = self.rank(loc, a);
        if self.guarded(op) {
            let rb = self.rank(loc, b);
            let ok = self.cmp(loc, CmpIPredicate::Eq, ra, rb);
            self.require(op, ok, failure::RANKS)?;
        }
        // tensor.generate %ra { ^bb0(%i): extract both, max/min, yield }
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        let i = self.ctx.add_block_arg(block, index, Some(loc.clone()));
        let outer = std::mem::replace(&mut self.current, block);
        let x = self
            .at(loc)
            .build1(OpKind::TensorExtract, &[a, i], index, vec![]);
        let y = self
            .at(loc)
            .build1(OpKind::TensorExtract, &[b, i], index, vec![]);
        let m = self.at(loc).build1(arith, &[x, y], index, vec![]);
        self.at(loc)
            .build(OpKind::TensorYield, &[m], &[], vec![], vec![]);
        self.current = outer;
        let generated =
            self.at(loc)
                .build(OpKind::TensorGenerate, &[ra], &[ty], vec![], vec![region]);
        self.bind(op, &generated);
        Ok(())
    }

    /// `shape.reduce` over an extent tensor, its body lowered in place.
    fn reduce(&mut self, l: &Lowered) -> Result<(), Diagnostic> {
        let (op, loc, ops, result_types) = (l.op, &l.loc, &l.ops[..], &l.result_types[..]);
        let Some(&old_region) = self.ctx.op(op).regions.first() else {
            return Err(error_at(self.ctx, op, "has no body"));
        };
        let Some(&old_block) = self.ctx.region(old_region).blocks.first() else {
            return Err(error_at(self.ctx, op, "has no body"));
        };
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        for &a in &self.ctx.block(old_block).args.clone() {
            let ty = convert_type(self.ctx, self.ctx.value_type(a));
            let na = self
                .ctx
                .add_block_arg(block, ty, self.ctx.arg_loc(a).cloned());
            self.map.insert(a, na);
        }
        let outer = std::mem::replace(&mut self.current, block);
        let outer_body = self.in_body_of.replace(op);
        let body: Vec<OpId> = self.ctx.block_ops(old_block).collect();
        let result = body.iter().try_for_each(|&o| self.op(o));
        self.current = outer;
        self.in_body_of = outer_body;
        result?;
        let results =
            self.at(loc)
                .build(OpKind::ShapeReduce, ops, result_types, vec![], vec![region]);
        self.bind(op, &results);
        Ok(())
    }

    /// A block's terminator: yield through every `assuming` opened in the
    /// block, then terminate it with what the outermost one gives.
    fn terminate(&mut self, terminator: OpId, values: &[ValueId]) {
        let loc = self.ctx.op(terminator).loc.clone();
        let mut values = values.to_vec();
        while self.open.len() > self.guard_base {
            let Some(assuming) = self.open.pop() else {
                break;
            };
            self.at(&loc)
                .build(OpKind::ShapeAssumingYield, &values, &[], vec![], vec![]);
            values = self.ctx.op(assuming).results.to_vec();
            self.current = self.ctx.op(assuming).parent.unwrap_or(self.current);
        }
        self.rebuild(terminator, &values, &[], Vec::new());
    }

    /// `op` with new operands, result types and regions, keeping its name,
    /// attributes and (mapped) successors; at the end of the current block.
    fn rebuild(
        &mut self,
        op: OpId,
        operands: &[ValueId],
        result_types: &[Type],
        regions: Vec<ir::RegionId>,
    ) -> OpId {
        let data = self.ctx.op(op);
        let mut state = OperationState::new(data.name.to_string(), data.loc.clone());
        state.operands.extend(operands.iter().copied());
        state.result_types.extend(result_types.iter().copied());
        state.props = data.props.clone();
        state.attrs = data.attrs.clone();
        state.successors = data
            .successors
            .iter()
            .map(|b| self.block_map.get(b).copied().unwrap_or(*b))
            .collect();
        state.regions = regions.into();
        InsertPoint::End(self.current).insert(self.ctx, state)
    }

    /// The regions of an op (`shape.assuming`, `scf.if`, `scf.for`,
    /// `scf.while`, `scf.execute_region`, a host op), lowered: block
    /// arguments retyped and every op lowered in place, guards included (a
    /// region's terminator yields through the guards opened in it).
    fn lower_regions(&mut self, op: OpId) -> Result<Vec<ir::RegionId>, Diagnostic> {
        let mut regions = Vec::new();
        let old_regions: Vec<ir::RegionId> = self.ctx.op(op).regions.iter().copied().collect();
        for old_region in old_regions {
            let region = self.ctx.create_region();
            let old_blocks = self.ctx.region(old_region).blocks.clone();
            for &old in &old_blocks {
                let block = self.ctx.create_block();
                self.ctx.append_block(region, block);
                self.block_map.insert(old, block);
                for a in self.ctx.block(old).args.clone() {
                    let ty = convert_type(self.ctx, self.ctx.value_type(a));
                    let loc = self.ctx.arg_loc(a).cloned();
                    let na = self.ctx.add_block_arg(block, ty, loc);
                    self.map.insert(a, na);
                }
            }
            for &old in &old_blocks {
                let block = self.block_map[&old];
                self.lower_block(old, block, old_blocks.len() == 1)?;
            }
            regions.push(region);
        }
        Ok(regions)
    }

    /// A host op keeps its types (see [`pass::stage::keeps_host_types`]):
    /// each lowered shape value it takes reaches it through a bridge
    /// (`builtin.unrealized_conversion_cast %e : tensor<?xindex> to
    /// !shape.shape`), and each shape value it makes is bridged to its
    /// lowered type for the ops after it.
    fn host_op(&mut self, op: OpId, lowered: &[ValueId]) -> Result<(), Diagnostic> {
        let loc = self.ctx.op(op).loc.clone();
        let original = self.ctx.op(op).operands.to_vec();
        let mut operands = Vec::with_capacity(lowered.len());
        for (&v, &was) in lowered.iter().zip(&original) {
            let ty = self.ctx.value_type(was);
            operands.push(match self.ctx.value_type(v) == ty {
                true => v,
                false => self.bridge(&loc, v, ty),
            });
        }
        let results = self.ctx.op(op).results.to_vec();
        let types: Vec<Type> = results.iter().map(|&r| self.ctx.value_type(r)).collect();
        let regions = self.lower_regions(op)?;
        let new = self.rebuild(op, &operands, &types, regions);
        let made = self.ctx.op(new).results.to_vec();
        let mut bound = Vec::with_capacity(made.len());
        for (v, ty) in made.into_iter().zip(types) {
            let lowered = convert_type(self.ctx, ty);
            bound.push(match lowered == ty {
                true => v,
                false => self.bridge(&loc, v, lowered),
            });
        }
        self.bind(op, &bound);
        Ok(())
    }

    /// `v` bridged to type `ty` ([`pass::stage::BRIDGE`]).
    fn bridge(&mut self, loc: &Location, v: ValueId, ty: Type) -> ValueId {
        self.at(loc).build1(pass::stage::BRIDGE, &[v], ty, vec![])
    }

    /// Lower the ops of `old` into `block`; guards opened there may hold
    /// the rest of the block when `guardable`.
    fn lower_block(
        &mut self,
        old: BlockId,
        block: BlockId,
        guardable: bool,
    ) -> Result<(), Diagnostic> {
        let yielded = match self.ctx.block(old).last {
            Some(t) if is_terminator(self.ctx, t) => self.ctx.op(t).operands.to_vec(),
            _ => Vec::new(),
        };
        let yielded = yielded
            .into_iter()
            .map(|v| convert_type(self.ctx, self.ctx.value_type(v)))
            .collect();
        let saved = (
            std::mem::replace(&mut self.current, block),
            std::mem::replace(&mut self.guard_base, self.open.len()),
            std::mem::replace(&mut self.guardable, guardable),
            std::mem::replace(&mut self.result_types, yielded),
        );
        let ops: Vec<OpId> = self.ctx.block_ops(old).collect();
        let result = ops.into_iter().try_for_each(|o| self.op(o));
        (
            self.current,
            self.guard_base,
            self.guardable,
            self.result_types,
        ) = saved;
        result
    }
}

fn loc_text(ctx: &Context, op: OpId) -> String {
    match ctx.op(op).loc.file_line_col() {
        Some((f, l, c)) => format!("{f}:{l}:{c}"),
        None => "an unknown location".into(),
    }
}
