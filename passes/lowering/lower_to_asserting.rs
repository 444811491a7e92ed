//! `lower-to-asserting`: constrained shape functions (stage 2) to
//! asserting form (stage 3): every constraint becomes a `cf.assert` where it
//! stands, and witnesses disappear.
//!
//! Constraints fail where they stand, and a `shape.assuming` region only
//! orders code (ARCHITECTURE.md), so each constraint becomes a check at its
//! own position:
//!
//! - `shape.cstr_eq` → `shape.shape_eq` of the same shapes and a
//!   `cf.assert` of it; `shape.cstr_broadcastable` → `shape.is_broadcastable`
//!   and a `cf.assert`; `shape.cstr_require %p` → `cf.assert %p`. The
//!   message is the one the interpreter fails the constraint with
//!   ([`constraint_message`]: its `msg`, else its `error`, else what it
//!   requires), so stages 2 and 3 fail with the same text.
//! - `shape.assuming` regions are inlined where they stand, their results
//!   replaced by the values they yield. An `assuming` on a witness known to
//!   be false (a `shape.const_witness false`, alone or in a
//!   `shape.assuming_all`) fails there, as in stage 2: a `cf.assert` of
//!   `false` with [`FALSE_WITNESS_MESSAGE`].
//! - `shape.assuming_all` and `shape.const_witness` go: each witness was
//!   checked where it was made.
//! - Checks with the same message next to each other (only ops defined on
//!   every input between them, [`pass::defined_everywhere`]) become one
//!   `cf.assert` of the `arith.andi` of their conditions, at the later
//!   one's place: one assert per message, in source order.
//!
//! - Witnesses of the host — arguments of the function, results of host
//!   ops (`"mhlo.cstr_reshapable"(...) : (...) -> !shape.witness`) — are
//!   the host's business: each `assuming` that relies on one (directly or
//!   through `assuming_all`) asserts it through a bridge,
//!   `builtin.unrealized_conversion_cast %w : !shape.witness to i1`, which
//!   the host's own conversion resolves, with [`HOST_WITNESS_MESSAGE`]. A
//!   host op given a witness a constraint made gets one bridged from
//!   `true` (the constraint was checked where it stands).
//!
//! Precondition: constrained form (checked), witnesses made by constraints
//! or the host and consumed only by `shape.assuming`, `shape.assuming_all`,
//! `shape.assuming_yield` and host ops. Postcondition: asserting form
//! (checked): no witness op is left, and a witness type only on the host's
//! values and bridges; on every input the function gives the same
//! results, or fails with the same message. Declines, with an error at the
//! op, a witness that escapes otherwise: returned by a function with a body, a block
//! argument of a region, the result of any other op (`func.call`), or an
//! operand of any other op (`func.return`, `scf.yield`); the check it
//! stands for cannot travel with it.
//!
//! ```mlir
//! %w1 = shape.cstr_require %same, "ranks must match"
//! %w2 = shape.cstr_require %two, "ranks must match"
//! %w = shape.assuming_all %w1, %w2
//! %r = shape.assuming %w -> (tensor<?xindex>) {
//!   %l0, %l1 = "shape.split_at"(%a, %c1) : ...
//!   %w3 = shape.cstr_eq %l1, %b {msg = "inner dimensions required to match"} : ...
//!   %s = shape.assuming %w3 -> (tensor<?xindex>) { ... }
//!   shape.assuming_yield %s : tensor<?xindex>
//! }
//! // becomes
//! %both = arith.andi %same, %two : i1
//! cf.assert %both, "ranks must match"
//! %l0, %l1 = "shape.split_at"(%a, %c1) : ...
//! %eq = shape.shape_eq %l1, %b : tensor<?xindex>, tensor<?xindex>
//! cf.assert %eq, "inner dimensions required to match"
//! ...
//! ```

use diag::Diagnostic;
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::shape::{constraint_message, FALSE_WITNESS_MESSAGE, HOST_WITNESS_MESSAGE};
use ir::{Attr, BlockId, Context, OpId, OpKind, OperationState, TypeKind, ValueId};
use pass::stage::{check_legality, Stage};
use pass::{loc_of, PassDecl, PassResult, Statistics};
use rustc_hash::FxHashSet;

pub struct LowerToAsserting;

impl PassDecl for LowerToAsserting {
    const NAME: &'static str = "lower-to-asserting";
    const SUMMARY: &'static str = "Lower constrained shape functions to asserting form (cf.assert)";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, _statistics: &mut Statistics) -> PassResult {
        lower_to_asserting(ctx, op)
    }
}

/// Whether ops of `kind` make witnesses.
fn makes_witnesses(kind: OpKind) -> bool {
    matches!(
        kind,
        ir::shape_witness_result_ops!() | OpKind::ShapeAssuming
    )
}

/// Whether ops of `kind` take witnesses.
fn takes_witnesses(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::ShapeAssuming | OpKind::ShapeAssumingAll | OpKind::ShapeAssumingYield
    )
}

/// Lower every constraint and witness under `root`.
pub fn lower_to_asserting(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    check_legality(ctx, root, Stage::Constrained).map_err(|mut d| {
        d.message = format!("{}; lower-to-asserting takes constrained form", d.message);
        d
    })?;
    check_witnesses_stay(ctx, root)?;
    let mut lowering = Lowering {
        known_false: false_witnesses(ctx, root),
        ctx,
        witness_ops: Vec::new(),
        asserts: FxHashSet::default(),
    };
    lowering.nested(root)?;
    // Users (later in program order) go before what they use.
    for &op in lowering.witness_ops.iter().rev() {
        lowering.ctx.erase_op(op);
    }
    merge_asserts(lowering.ctx, root, &lowering.asserts);
    check_legality(ctx, root, Stage::Asserting).map_err(|mut d| {
        d.message = format!("internal error: lower-to-asserting left {}", d.message);
        d
    })
}

fn is_witness(ctx: &Context, v: ValueId) -> bool {
    matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Witness)
}

/// Whether a function op returns a witness.
fn signature_results_have_witness(ctx: &Context, op: OpId) -> bool {
    let ty = ctx.attr(op, "function_type").and_then(Attr::as_type);
    match ty.map(|t| ctx.type_kind(t)) {
        Some(TypeKind::Function { results, .. }) => results
            .iter()
            .any(|&t| matches!(ctx.type_kind(t), TypeKind::Witness)),
        _ => false,
    }
}

/// Whether the witness `v` is the host's: an argument of the function, or
/// made by a host op.
fn host_witness(ctx: &Context, v: ValueId) -> bool {
    match ctx.defining_op(v) {
        Some(def) => pass::stage::keeps_host_types(ctx, def),
        None => true,
    }
}

/// Every witness under `root` is made by a constraint (or combined by
/// `assuming_all`, or yielded out of an `assuming`) and taken only by
/// `assuming`, `assuming_all` or `assuming_yield`; otherwise an error at
/// the first op (pre-order) where one escapes.
fn check_witnesses_stay(ctx: &Context, root: OpId) -> Result<(), Diagnostic> {
    let escape = |op: OpId| -> Option<&'static str> {
        let kind = ctx.kind(op);
        let data = ctx.op(op);
        let block_args = data
            .regions
            .iter()
            .flat_map(|&r| ctx.region(r).blocks.iter())
            .flat_map(|&b| ctx.block(b).args.iter());
        let host = pass::stage::keeps_host_types(ctx, op);
        let function = matches!(kind, OpKind::FuncFunc | OpKind::ShapeFunc);
        if function
            && !ir::dialect::is_declaration(ctx, op)
            && signature_results_have_witness(ctx, op)
        {
            Some("returns a witness")
        } else if !function && block_args.copied().any(|v| is_witness(ctx, v)) {
            Some("has a witness block argument")
        } else if !makes_witnesses(kind)
            && !host
            && data.results.iter().any(|&v| is_witness(ctx, v))
        {
            Some("gives a witness no constraint made")
        } else if !takes_witnesses(kind)
            && !host
            && data.operands.iter().any(|&v| is_witness(ctx, v))
        {
            Some("uses a witness")
        } else {
            None
        }
    };
    let mut found = escape(root).map(|why| (root, why));
    ctx.walk_nested(root, &mut |op| {
        if found.is_none() {
            found = escape(op).map(|why| (op, why));
        }
    });
    match found {
        None => Ok(()),
        Some((op, why)) => Err(Diagnostic::error(
            loc_of(ctx, op),
            format!(
                "'{}' op {why}, which cannot be lowered to asserting form: a witness must be made by a constraint and guard only 'shape.assuming' regions (directly or through 'shape.assuming_all')",
                ctx.op_name(op)
            ),
        )),
    }
}

/// The witnesses under `root` that are false whenever they are reached:
/// those of `shape.const_witness false`, and the conjunctions and yields of
/// them. (A failing constraint fails where it stands, so the witness of a
/// constraint holds wherever it is used.)
fn false_witnesses(ctx: &Context, root: OpId) -> FxHashSet<ValueId> {
    let mut known_false = FxHashSet::default();
    // Pre-order: a region's yield is met before the users of its results.
    ctx.walk_nested(root, &mut |op| {
        let data = ctx.op(op);
        match ctx.kind(op) {
            OpKind::ShapeConstWitness
                if matches!(ctx.attr(op, "passing"), Some(Attr::Bool(false))) =>
            {
                known_false.extend(data.results.iter().copied());
            }
            OpKind::ShapeAssumingAll if data.operands.iter().any(|v| known_false.contains(v)) => {
                known_false.extend(data.results.iter().copied());
            }
            OpKind::ShapeAssumingYield => {
                let Some(assuming) = ctx.parent_op(op) else {
                    return;
                };
                for (v, &r) in data.operands.iter().zip(&ctx.op(assuming).results) {
                    if known_false.contains(v) {
                        known_false.insert(r);
                    }
                }
            }
            // Every other op (and those above when their witness is not known false) gives no witness known to fail.
            ir::arith_ops!()
            | ir::control_and_memory_ops!()
            | OpKind::ShapeCstrBroadcastable
            | OpKind::ShapeCstrEq
            | OpKind::ShapeCstrRequire
            | OpKind::ShapeAssuming
            | OpKind::ShapeAssumingAll
            | OpKind::ShapeConstWitness
            | ir::shape_computation_ops!()
            | ir::shape_structure_ops!()
            | ir::tensor_ops!()
            | OpKind::Unregistered => {}
        }
    });
    known_false
}

struct Lowering<'a> {
    ctx: &'a mut Context,
    /// Witnesses that are false wherever they are used.
    known_false: FxHashSet<ValueId>,
    /// Constraints and witness ops, in program order, to erase once their
    /// users are gone.
    witness_ops: Vec<OpId>,
    /// The `cf.assert`s made, which may merge.
    asserts: FxHashSet<OpId>,
}

impl Lowering<'_> {
    /// Lower the ops in `op`'s regions.
    fn nested(&mut self, op: OpId) -> Result<(), Diagnostic> {
        for r in self.ctx.op(op).regions.clone() {
            for b in self.ctx.region(r).blocks.clone() {
                self.block(b)?;
            }
        }
        Ok(())
    }

    fn block(&mut self, block: BlockId) -> Result<(), Diagnostic> {
        let mut cursor = self.ctx.block(block).first;
        while let Some(op) = cursor {
            cursor = self.ctx.op(op).next;
            match self.ctx.kind(op) {
                OpKind::ShapeCstrEq => self.check_shapes(op, OpKind::ShapeShapeEq),
                OpKind::ShapeCstrBroadcastable => {
                    self.check_shapes(op, OpKind::ShapeIsBroadcastable)
                }
                OpKind::ShapeCstrRequire => {
                    if let Some(p) = self.ctx.operand(op, 0) {
                        let message = constraint_message(self.ctx, op).to_string();
                        self.assert(op, p, message);
                    }
                    self.witness_ops.push(op);
                }
                OpKind::ShapeConstWitness | OpKind::ShapeAssumingAll => self.witness_ops.push(op),
                OpKind::ShapeAssuming => cursor = self.inline(op)?,
                // Every other op: its regions are lowered; a host op is
                // handed the witnesses it takes.
                ir::arith_ops!()
                | ir::control_and_memory_ops!()
                | OpKind::ShapeAssumingYield
                | ir::shape_computation_ops!()
                | ir::shape_structure_ops!()
                | ir::tensor_ops!()
                | OpKind::Unregistered => {
                    if pass::stage::keeps_host_types(self.ctx, op) {
                        self.hand_witnesses_to_host(op)?;
                    }
                    self.nested(op)?
                }
            }
        }
        Ok(())
    }

    /// Create an op of `kind` with `operands` and one `i1` result before
    /// `at`; the result.
    fn predicate_before(&mut self, at: OpId, kind: OpKind, operands: &[ValueId]) -> ValueId {
        let i1 = ir::dialect::i1(self.ctx);
        OpBuilder::before(self.ctx, at).build1(kind, operands, i1, vec![])
    }

    /// `cf.assert %condition, message` before `at`, with its location.
    fn assert(&mut self, at: OpId, condition: ValueId, message: String) {
        let mut state = OperationState::new(OpKind::CfAssert, self.ctx.op(at).loc.clone());
        state.operands.push(condition);
        let message = Attr::String(message.into_bytes());
        ir::context::set_named_attr(&mut state.props, "msg", message);
        let op = InsertPoint::Before(at).insert(self.ctx, state);
        self.asserts.insert(op);
    }

    /// A shape constraint: its predicate (`shape_eq`, `is_broadcastable`)
    /// on the same shapes, asserted.
    fn check_shapes(&mut self, constraint: OpId, predicate: OpKind) {
        let shapes = self.ctx.op(constraint).operands.to_vec();
        let holds = self.predicate_before(constraint, predicate, &shapes);
        let message = constraint_message(self.ctx, constraint).to_string();
        self.assert(constraint, holds, message);
        self.witness_ops.push(constraint);
    }

    /// Replace `assuming` by its body (asserting first that its witness is
    /// not known false); the op to lower next: the first of the body, or
    /// the one after `assuming`.
    fn inline(&mut self, assuming: OpId) -> Result<Option<OpId>, Diagnostic> {
        let witness = self.ctx.operand(assuming, 0);
        if witness.is_some_and(|w| self.known_false.contains(&w)) {
            let never = self.bool_before(assuming, false)?;
            self.assert(assuming, never, FALSE_WITNESS_MESSAGE.to_string());
        }
        for host in witness.map_or_else(Vec::new, |w| self.host_witnesses(w)) {
            let i1 = ir::dialect::i1(self.ctx);
            let holds = OpBuilder::before(self.ctx, assuming).build1(
                pass::stage::BRIDGE,
                &[host],
                i1,
                vec![],
            );
            self.assert(assuming, holds, HOST_WITNESS_MESSAGE.to_string());
        }
        let body = self
            .ctx
            .op(assuming)
            .regions
            .first()
            .and_then(|&r| self.ctx.region(r).blocks.first().copied());
        let mut first = None;
        if let Some(body) = body {
            let ops: Vec<OpId> = self.ctx.block_ops(body).collect();
            for op in ops {
                if self.ctx.kind(op) == OpKind::ShapeAssumingYield {
                    let yielded = self.ctx.op(op).operands.to_vec();
                    let results = self.ctx.op(assuming).results.to_vec();
                    for (r, v) in results.into_iter().zip(yielded) {
                        self.ctx.replace_all_uses(r, v);
                    }
                } else {
                    self.ctx.move_op_before(op, assuming);
                    first = first.or(Some(op));
                }
            }
        }
        let next = self.ctx.op(assuming).next;
        self.ctx.erase_op(assuming);
        Ok(first.or(next))
    }
}

impl Lowering<'_> {
    /// An `arith.constant` of `value` before `at`.
    fn bool_before(&mut self, at: OpId, value: bool) -> Result<ValueId, Diagnostic> {
        let loc = self.ctx.op(at).loc.clone();
        let i1 = ir::dialect::i1(self.ctx);
        let constant = fold::materialize_constant(self.ctx, "arith", &Attr::Bool(value), i1, loc)
            .ok_or_else(|| {
            Diagnostic::error(
                loc_of(self.ctx, at),
                "internal error: no 'arith' constant for a boolean",
            )
        })?;
        self.ctx.insert_op_before(at, constant);
        Ok(self.ctx.op(constant).results[0])
    }

    /// The host's witnesses `witness` stands for: itself, or those it
    /// combines through `shape.assuming_all` (and results of `assuming`s).
    fn host_witnesses(&self, witness: ValueId) -> Vec<ValueId> {
        let mut found = Vec::new();
        let mut work = vec![witness];
        let mut seen = FxHashSet::default();
        while let Some(w) = work.pop() {
            if !seen.insert(w) {
                continue;
            }
            if host_witness(self.ctx, w) {
                found.push(w);
            } else if let Some(def) = self.ctx.defining_op(w) {
                if self.ctx.kind(def) == OpKind::ShapeAssumingAll {
                    work.extend(self.ctx.op(def).operands.iter().rev());
                }
            }
        }
        found
    }

    /// A host op given a witness a constraint made: the constraint was
    /// checked where it stands, so the host op gets a witness that holds,
    /// bridged from `true`.
    fn hand_witnesses_to_host(&mut self, op: OpId) -> Result<(), Diagnostic> {
        for i in 0..self.ctx.op(op).operands.len() {
            let Some(w) = self.ctx.operand(op, i) else {
                continue;
            };
            if !is_witness(self.ctx, w) || host_witness(self.ctx, w) {
                continue;
            }
            let holds = self.bool_before(op, true)?;
            let ty = self.ctx.value_type(w);
            let bridged =
                OpBuilder::before(self.ctx, op).build1(pass::stage::BRIDGE, &[holds], ty, vec![]);
            self.ctx.set_operand(op, i, bridged);
        }
        Ok(())
    }
}

/// Merge each `cf.assert` of `asserts` into the next one of the same
/// message in its block when only ops defined on every input stand
/// between them: the later one asserts both conditions.
fn merge_asserts(ctx: &mut Context, root: OpId, asserts: &FxHashSet<OpId>) {
    let mut blocks = Vec::new();
    let mut collect = |ctx: &Context, op: OpId| {
        for &r in &ctx.op(op).regions {
            blocks.extend(ctx.region(r).blocks.iter().copied());
        }
    };
    collect(ctx, root);
    ctx.walk_nested(root, &mut |op| collect(ctx, op));
    let message = |ctx: &Context, op: OpId| ctx.attr(op, "msg").cloned();
    for block in blocks {
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        let mut open: Option<OpId> = None;
        for op in ops {
            if !asserts.contains(&op) {
                if !pass::defined_everywhere(ctx, op) {
                    open = None;
                }
                continue;
            }
            let earlier = open.filter(|&e| message(ctx, e) == message(ctx, op));
            open = Some(op);
            let conditions =
                earlier.and_then(|e| Some((e, ctx.operand(e, 0)?, ctx.operand(op, 0)?)));
            if let Some((earlier, a, b)) = conditions {
                let ty = ctx.value_type(b);
                let condition =
                    OpBuilder::before(ctx, op).build1(OpKind::ArithAndi, &[a, b], ty, vec![]);
                ctx.set_operand(op, 0, condition);
                ctx.erase_op(earlier);
            }
        }
    }
}
