//! The rank analysis of `convert-shape-to-std`: which shapes have a rank
//! known at a given point of a function, so that the lowering can emit
//! straight-line code for them.
//!
//! A shape's rank is known from three sources:
//!
//! - its type: `tensor<3xindex>`, the shape of a ranked tensor;
//! - how it was made (a `Rule`): `const_shape` counts its extents, `concat`
//!   adds its operands' ranks, `broadcast` takes
//!   their maximum, `split_at` at a constant index splits one (a negative
//!   index counts from the back, as in MLIR; the head at `i >= 0` has `i`
//!   extents and the tail at `i < 0` has `-i`, whatever the rank), casts and
//!   `to_extent_tensor`/`from_extent_tensor` keep it, `max`/`min`/`any`
//!   take any operand's;
//! - the checks before the point ([`Facts`]): after `cf.assert %c`, where
//!   `%c` is an `arith.cmpi eq` of a rank term (`shape.rank %s`,
//!   `tensor.rank %t`, `tensor.dim %s, 0` of an extent tensor) and a
//!   constant or another rank term, or a `shape.shape_eq`, or an
//!   `arith.andi` of such conditions, the ranks compared are equal. Facts
//!   are about [`Atom`]s, the ranks of SSA values, so the shape of `%t` and
//!   `%t` itself (and their casts) share one.
//!
//! Soundness: an SSA value never changes, and the rank of a value's shape is
//! fixed once the value is. A fact holds on every execution that passed its
//! assert. The lowering adds a fact to the scope of the block holding the
//! assert, visible to the ops after it in that block and to the regions
//! nested in them, and drops it at the end of the block: every op that sees
//! a fact is dominated by its assert, so every execution reaching the op
//! passed the assert. Rules hold on every execution (they are what the ops
//! compute); an op whose input is out of its domain (a `split_at` index out
//! of range) gives no rank. Contradictory facts (rank 2 and rank 3) can only
//! meet in code no execution reaches, where any answer is sound.

use ir::{Context, OpId, OpKind, TypeKind, ValueId};
use rustc_hash::FxHashMap;

/// The rank of a value: of a tensor (its number of dimensions) or of a
/// shape (its number of extents).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// The rank of a tensor.
    Rank(ValueId),
    /// The number of extents of a shape or extent tensor.
    Length(ValueId),
}

/// What a checked condition says about ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    Equal(Atom, Atom),
    Is(Atom, usize),
}

/// How a shape's rank follows from its operands' ranks.
#[derive(Clone, Debug)]
enum Rule {
    Known(usize),
    Same(ValueId),
    Sum(Vec<ValueId>),
    Max(Vec<ValueId>),
    /// The rank of the first operand with a known one: `shape.any` is
    /// lowered to that operand (MLIR leaves its result undefined where the
    /// operands differ).
    AnyOf(Vec<ValueId>),
    /// The first / second result of `split_at` at this constant index.
    Head(ValueId, i64),
    Tail(ValueId, i64),
}

impl Rule {
    fn operands(&self) -> &[ValueId] {
        match self {
            Rule::Known(_) => &[],
            Rule::Same(v) | Rule::Head(v, _) | Rule::Tail(v, _) => std::slice::from_ref(v),
            Rule::Sum(vs) | Rule::Max(vs) | Rule::AnyOf(vs) => vs,
        }
    }
}

/// Rank facts proven by the asserts seen so far; a union-find of atoms,
/// the class of an atom possibly holding a rank.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    parent: FxHashMap<Atom, Atom>,
    rank: FxHashMap<Atom, usize>,
}

impl Facts {
    fn find(&self, mut a: Atom) -> Atom {
        // Every link points to an atom added earlier: the walk ends.
        while let Some(&p) = self.parent.get(&a) {
            a = p;
        }
        a
    }

    pub fn add(&mut self, fact: Fact) {
        match fact {
            Fact::Is(a, n) => {
                let root = self.find(a);
                self.rank.entry(root).or_insert(n);
            }
            Fact::Equal(a, b) => {
                let (ra, rb) = (self.find(a), self.find(b));
                if ra != rb {
                    self.parent.insert(ra, rb);
                    if let Some(n) = self.rank.remove(&ra) {
                        self.rank.entry(rb).or_insert(n);
                    }
                }
            }
        }
    }

    fn rank(&self, a: Atom) -> Option<usize> {
        self.rank.get(&self.find(a)).copied()
    }
}

/// Rank rules and atoms of a function's values, and the facts of its
/// asserts, read from the function as it is before the lowering changes it.
pub struct RankAnalysis {
    rules: FxHashMap<ValueId, Rule>,
    atoms: FxHashMap<ValueId, Atom>,
    facts: FxHashMap<OpId, Vec<Fact>>,
}

/// The static length of a 1-D tensor type, if it is one with a known length.
fn static_length(kind: &TypeKind) -> Option<usize> {
    match kind {
        TypeKind::RankedTensor { shape, .. } if shape.len() == 1 => usize::try_from(shape[0]).ok(),
        _ => None,
    }
}

/// True for a 1-D tensor of `index` (an extent tensor, of any length).
pub fn is_extent_tensor(ctx: &Context, v: ValueId) -> bool {
    match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::RankedTensor { shape, elem, .. } => {
            shape.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
        }
        _ => false,
    }
}

/// The integer constant `v` holds, if it is one.
pub fn constant_int(ctx: &Context, v: ValueId) -> Option<i64> {
    fold::constant_value(ctx, v)
        .as_ref()
        .and_then(fold::int_of)
        .and_then(|n| i64::try_from(n).ok())
}

/// The ops that make no shape, or a shape whose rank they do not say
/// (`from_extents` and `meet` of unknown operands): no rank rule, and no
/// rule of strict symbolic shapes (`strict_extents`), reads them.
macro_rules! ops_of_unknown_shape {
    () => {
        ir::arith_ops!()
            | ir::control_and_memory_ops!()
            | ir::shape_witness_ops!()
            | ir::shape_size_ops!()
            | OpKind::ShapeFromExtents
            | OpKind::ShapeMeet
            | ir::shape_query_ops!()
            | ir::shape_value_shape_ops!()
            | ir::shape_definition_ops!()
            | OpKind::ShapeYield
            | OpKind::TensorDim
            | OpKind::TensorRank
            | OpKind::TensorBitcast
            | ir::tensor_data_ops!()
            | OpKind::Unregistered
    };
}
pub(crate) use ops_of_unknown_shape;

/// Longest chain of casts followed to find an atom (chains are short; the
/// bound only guarantees termination on any IR).
const MAX_CHAIN: usize = 1 << 12;

/// The atom standing for the rank of tensor `t`.
fn tensor_atom(ctx: &Context, mut t: ValueId) -> Atom {
    for _ in 0..MAX_CHAIN {
        match ctx.defining_op(t) {
            Some(d) if ctx.kind(d) == OpKind::TensorCast => match ctx.operand(d, 0) {
                Some(x) => t = x,
                None => break,
            },
            _ => break,
        }
    }
    Atom::Rank(t)
}

/// The atom standing for the number of extents of shape `s`: the shape of a
/// tensor has the tensor's rank, casts keep it.
fn shape_atom(ctx: &Context, mut s: ValueId) -> Atom {
    for _ in 0..MAX_CHAIN {
        let Some(d) = ctx.defining_op(s) else { break };
        let Some(x) = ctx.operand(d, 0) else { break };
        match ctx.kind(d) {
            OpKind::ShapeShapeOf => return tensor_atom(ctx, x),
            OpKind::TensorCast
            | OpKind::ShapeToExtentTensor
            | OpKind::ShapeFromExtentTensor
            | OpKind::ShapeDebugPrint => s = x,
            // Every other op makes a shape whose length is an atom of its own.
            OpKind::ShapeConstShape
            | OpKind::ShapeBroadcast
            | OpKind::ShapeConcat
            | OpKind::ShapeSplitAt
            | OpKind::ShapeAny
            | ops_of_unknown_shape!() => break,
        }
    }
    Atom::Length(s)
}

impl RankAnalysis {
    /// Read `function` (any op: everything nested in it).
    pub fn new(ctx: &Context, function: OpId) -> Self {
        let mut analysis = RankAnalysis {
            rules: FxHashMap::default(),
            atoms: FxHashMap::default(),
            facts: FxHashMap::default(),
        };
        ctx.walk_nested(function, &mut |op| analysis.read(ctx, op));
        analysis
    }

    fn read(&mut self, ctx: &Context, op: OpId) {
        let data = ctx.op(op);
        let operands = data.operands.to_vec();
        let results = data.results.to_vec();
        let kind = ctx.kind(op);
        if kind == OpKind::CfAssert {
            if let Some(&condition) = operands.first() {
                let facts = self.condition_facts(ctx, condition);
                self.facts.insert(op, facts);
            }
            return;
        }
        for &r in &results {
            self.atoms.insert(r, shape_atom(ctx, r));
        }
        let constant_index = operands.get(1).and_then(|&i| constant_int(ctx, i));
        let rules: Vec<Rule> = match (kind, operands.as_slice()) {
            (OpKind::ShapeShapeOf, [t]) => match ctx.type_kind(ctx.value_type(*t)) {
                TypeKind::RankedTensor { shape, .. } => vec![Rule::Known(shape.len())],
                _ => vec![],
            },
            // No rule: the rank stays unknown.
            (OpKind::ShapeConstShape, _) => ctx
                .attr(op, "shape")
                .and_then(|a| fold::extents(ctx, a))
                .map(|e| vec![Rule::Known(e.len())])
                .unwrap_or_default(),
            (OpKind::ShapeConcat, _) => vec![Rule::Sum(operands)],
            (OpKind::ShapeBroadcast, _) => vec![Rule::Max(operands)],
            (OpKind::ShapeSplitAt, [s, _]) => match constant_index {
                Some(i) => vec![Rule::Head(*s, i), Rule::Tail(*s, i)],
                None => vec![],
            },
            (OpKind::ShapeAny, _) => vec![Rule::AnyOf(operands)],
            (
                OpKind::TensorCast
                | OpKind::ShapeToExtentTensor
                | OpKind::ShapeFromExtentTensor
                | OpKind::ShapeDebugPrint,
                [x],
            ) => vec![Rule::Same(*x)],
            // Those ops with other operands, and the ops that give no rank.
            (
                OpKind::ShapeShapeOf
                | OpKind::ShapeSplitAt
                | OpKind::TensorCast
                | OpKind::ShapeToExtentTensor
                | OpKind::ShapeFromExtentTensor
                | OpKind::ShapeDebugPrint
                | ops_of_unknown_shape!(),
                _,
            ) => vec![],
        };
        for (r, rule) in results.into_iter().zip(rules) {
            self.rules.insert(r, rule);
        }
    }

    /// The atom of a rank term (`shape.rank %s`, `tensor.rank %t`,
    /// `tensor.dim %s, 0` of an extent tensor, through size/index casts).
    fn rank_term(ctx: &Context, mut v: ValueId) -> Option<Atom> {
        for _ in 0..MAX_CHAIN {
            let d = ctx.defining_op(v)?;
            let x = ctx.operand(d, 0)?;
            match ctx.kind(d) {
                OpKind::ShapeRank => return Some(shape_atom(ctx, x)),
                OpKind::TensorRank => return Some(tensor_atom(ctx, x)),
                OpKind::TensorDim if is_extent_tensor(ctx, x) => {
                    let dim = ctx.operand(d, 1).and_then(|i| constant_int(ctx, i));
                    return (dim == Some(0)).then(|| shape_atom(ctx, x));
                }
                OpKind::ShapeSizeToIndex | OpKind::ShapeIndexToSize => v = x,
                // Every other op gives a value that is no rank.
                ir::arith_ops!()
                | ir::control_and_memory_ops!()
                | ir::shape_witness_ops!()
                | OpKind::ShapeAdd
                | OpKind::ShapeDiv
                | OpKind::ShapeMax
                | OpKind::ShapeMin
                | OpKind::ShapeMul
                | OpKind::ShapeConstSize
                | ir::shape_building_ops!()
                | OpKind::ShapeGetExtent
                | OpKind::ShapeDim
                | OpKind::ShapeNumElements
                | ir::shape_comparison_ops!()
                | ir::shape_value_shape_ops!()
                | ir::shape_structure_ops!()
                | OpKind::TensorDim
                | OpKind::TensorCast
                | OpKind::TensorBitcast
                | ir::tensor_data_ops!()
                | OpKind::Unregistered => return None,
            }
        }
        None
    }

    /// What `condition` being true says about ranks.
    fn condition_facts(&self, ctx: &Context, condition: ValueId) -> Vec<Fact> {
        let mut facts = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut work = vec![condition];
        while let Some(c) = work.pop() {
            if !seen.insert(c) {
                continue;
            }
            let Some(d) = ctx.defining_op(c) else {
                continue;
            };
            let operands = &ctx.op(d).operands;
            match (ctx.kind(d), operands.as_slice()) {
                (OpKind::ArithAndi, [a, b]) => work.extend([*a, *b]),
                (OpKind::ArithCmpi, [a, b]) if is_eq_predicate(ctx, d) => {
                    let terms = (Self::rank_term(ctx, *a), Self::rank_term(ctx, *b));
                    let rank = |v| constant_int(ctx, v).and_then(|n| usize::try_from(n).ok());
                    match terms {
                        (Some(x), Some(y)) => facts.push(Fact::Equal(x, y)),
                        (Some(x), None) => facts.extend(rank(*b).map(|n| Fact::Is(x, n))),
                        (None, Some(y)) => facts.extend(rank(*a).map(|n| Fact::Is(y, n))),
                        (None, None) => {}
                    }
                }
                (OpKind::ShapeShapeEq, [first, rest @ ..]) => {
                    let a = shape_atom(ctx, *first);
                    facts.extend(rest.iter().map(|&s| Fact::Equal(a, shape_atom(ctx, s))));
                }
                // Those ops with other operands, and the ops that state no
                // fact about ranks.
                (
                    OpKind::ArithAndi
                    | OpKind::ArithCmpi
                    | OpKind::ShapeShapeEq
                    | ir::arith_non_condition_ops!()
                    | ir::control_and_memory_ops!()
                    | ir::shape_witness_ops!()
                    | ir::shape_size_ops!()
                    | ir::shape_building_ops!()
                    | OpKind::ShapeGetExtent
                    | OpKind::ShapeDim
                    | OpKind::ShapeRank
                    | OpKind::ShapeNumElements
                    | OpKind::ShapeIsBroadcastable
                    | ir::shape_value_shape_ops!()
                    | ir::shape_structure_ops!()
                    | ir::tensor_ops!()
                    | OpKind::Unregistered,
                    _,
                ) => {}
            }
        }
        facts
    }

    /// The facts `assert` establishes (none for an op it did not read).
    pub fn facts_of(&self, assert: OpId) -> &[Fact] {
        self.facts.get(&assert).map_or(&[], Vec::as_slice)
    }

    /// The rank of shape `v` under `facts`, if known; `memo` holds earlier
    /// answers under the same facts.
    pub fn rank(
        &self,
        ctx: &Context,
        v: ValueId,
        facts: &Facts,
        memo: &mut FxHashMap<ValueId, Option<usize>>,
    ) -> Option<usize> {
        // Post-order over the rules, without recursion: a value is
        // provisionally unknown while its operands are evaluated, which also
        // ends any cycle (possible only in code no execution reaches).
        let mut stack = vec![(v, false)];
        while let Some((x, expanded)) = stack.pop() {
            if !expanded {
                if memo.contains_key(&x) {
                    continue;
                }
                let direct = static_length(ctx.type_kind(ctx.value_type(x)))
                    .or_else(|| facts.rank(self.atom(x)));
                match (direct, self.rules.get(&x)) {
                    (Some(n), _) => {
                        memo.insert(x, Some(n));
                    }
                    (None, None) => {
                        memo.insert(x, None);
                    }
                    (None, Some(rule)) => {
                        memo.insert(x, None);
                        stack.push((x, true));
                        stack.extend(rule.operands().iter().map(|&o| (o, false)));
                    }
                }
                continue;
            }
            let Some(rule) = self.rules.get(&x) else {
                continue;
            };
            let known = |o: &ValueId| memo.get(o).copied().flatten();
            let all = |vs: &[ValueId]| vs.iter().map(known).collect::<Option<Vec<usize>>>();
            // Where a split is defined, the head at `i >= 0` has `i` extents
            // and the tail at `i < 0` has `-i`, whatever the rank.
            let length = |i: i64| usize::try_from(i.unsigned_abs()).ok();
            let split = |s: &ValueId, i: i64| {
                let n = i64::try_from(known(s)?).ok()?;
                let at = if i < 0 { i.checked_add(n)? } else { i };
                (0..=n)
                    .contains(&at)
                    .then_some((at as usize, (n - at) as usize))
            };
            let rank = match rule {
                Rule::Known(n) => Some(*n),
                Rule::Same(o) => known(o),
                Rule::Sum(vs) => all(vs)
                    .and_then(|ns| ns.into_iter().try_fold(0usize, |acc, n| acc.checked_add(n))),
                Rule::Max(vs) => all(vs).map(|ns| ns.into_iter().max().unwrap_or(0)),
                Rule::AnyOf(vs) => vs.iter().find_map(known),
                Rule::Head(_, i) if *i >= 0 => length(*i),
                Rule::Tail(_, i) if *i < 0 => length(*i),
                Rule::Head(s, i) => split(s, *i).map(|(head, _)| head),
                Rule::Tail(s, i) => split(s, *i).map(|(_, tail)| tail),
            };
            memo.insert(x, rank);
        }
        memo.get(&v).copied().flatten()
    }

    fn atom(&self, v: ValueId) -> Atom {
        self.atoms.get(&v).copied().unwrap_or(Atom::Length(v))
    }
}

/// True if `cmpi` compares with `eq`.
fn is_eq_predicate(ctx: &Context, cmpi: OpId) -> bool {
    ir::dialect::arith::CmpIPredicate::of(ctx, cmpi) == Some(ir::dialect::arith::CmpIPredicate::Eq)
}
