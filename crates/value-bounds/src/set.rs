//! The constraint set over targets, its work list, and its queries.

use crate::{bounds_op, Target};
use bounds::{Affine, BoundKind, Column, ConstraintSet};
use ir::dialect::arith::CmpIPredicate;
use ir::{Context, TypeKind, ValueId};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// How many targets one set explains before it stops looking further (a
/// bound on the work, not on soundness: unexplained targets are just
/// unconstrained).
const MAX_POPULATED: usize = 1024;

/// A constraint set whose columns stand for [`Target`]s (MLIR's
/// `ValueBoundsConstraintSet`), with the work list of targets named but
/// not yet explained.
pub struct ValueBounds<'c> {
    ctx: &'c Context,
    set: ConstraintSet,
    columns: HashMap<Target, Column>,
    targets: Vec<Option<Target>>,
    pending: Vec<Target>,
    queued: HashSet<Target>,
    stop: Box<dyn Fn(Target) -> bool + 'c>,
    populated: usize,
}

impl<'c> ValueBounds<'c> {
    /// An empty set over the IR of `ctx`; targets `stop` accepts are never
    /// explained (they stay free columns to express bounds in).
    pub fn new(ctx: &'c Context, stop: impl Fn(Target) -> bool + 'c) -> ValueBounds<'c> {
        ValueBounds {
            ctx,
            set: ConstraintSet::new(),
            columns: HashMap::default(),
            targets: Vec::new(),
            pending: Vec::new(),
            queued: HashSet::default(),
            stop: Box::new(stop),
            populated: 0,
        }
    }

    /// The IR the targets live in.
    pub fn ctx(&self) -> &'c Context {
        self.ctx
    }

    /// The target's column as an expression; a new column is queued to be
    /// explained unless the stop condition accepts it.
    pub fn expr(&mut self, target: Target) -> Affine {
        Affine::column(self.column(target))
    }

    /// The target's column, queued even if the stop condition accepts it
    /// (the target a query is about is always explained).
    pub(crate) fn explained(&mut self, target: Target) -> Column {
        let column = self.column(target);
        self.queue(target);
        column
    }

    fn column(&mut self, target: Target) -> Column {
        if let Some(&c) = self.columns.get(&target) {
            return c;
        }
        let column = self.set.add_column();
        self.columns.insert(target, column);
        self.targets.push(Some(target));
        self.add_type_facts(target, column);
        if !(self.stop)(target) {
            self.queue(target);
        }
        column
    }

    fn queue(&mut self, target: Target) {
        if self.queued.insert(target) {
            self.pending.push(target);
        }
    }

    /// An `index`-like value: its constant when it has one, else its column.
    pub fn value(&mut self, v: ValueId) -> Affine {
        match constant_index(self.ctx, v) {
            Some(c) => Affine::constant(c),
            None => self.expr(Target::Value(v)),
        }
    }

    /// Dimension `d` of shaped value `v`.
    pub fn dim(&mut self, v: ValueId, d: usize) -> Affine {
        self.expr(Target::Dim(v, d))
    }

    /// The number of extents of shape value `s`.
    pub fn rank(&mut self, s: ValueId) -> Affine {
        let target = Target::rank_of(self.ctx, s);
        self.expr(target)
    }

    /// Extent `i` of shape value `s`.
    pub fn extent(&mut self, s: ValueId, i: usize) -> Affine {
        self.expr(Target::Extent(s, i))
    }

    /// Require `x ⋈ e` (`≥`, `≤` or `=` by `kind`); nothing is added when
    /// the arithmetic overflows.
    pub fn add(&mut self, kind: BoundKind, x: &Affine, e: &Affine) {
        let _ = self.set.add_bound(kind, x, e);
    }

    /// Require `target ⋈ e`.
    pub fn bound(&mut self, kind: BoundKind, target: Target, e: &Affine) {
        let x = self.expr(target);
        self.add(kind, &x, e);
    }

    /// `⌊e / d⌋` as a fresh column (`None` for `d ≤ 0`).
    pub fn floor_div(&mut self, e: &Affine, d: i64) -> Option<Affine> {
        let q = self.set.add_floor_div(e, d)?;
        self.targets.push(None);
        Some(Affine::column(q))
    }

    /// Explain every queued target (up to the step budget).
    pub fn process(&mut self) {
        while let Some(target) = self.pending.pop() {
            if self.populated >= MAX_POPULATED {
                self.pending.clear();
                return;
            }
            self.populated += 1;
            self.populate(target);
        }
    }

    fn populate(&mut self, target: Target) {
        let v = target.value();
        if let Some(op) = self.ctx.defining_op(v) {
            if let Some(implementation) = bounds_op(self.ctx.kind(op)) {
                implementation.populate(op, target, self);
            }
        } else if let Some(parent) = self
            .ctx
            .value_block(v)
            .and_then(|b| self.ctx.block_parent_op(b))
        {
            if let Some(implementation) = bounds_op(self.ctx.kind(parent)) {
                implementation.populate(parent, target, self);
            }
        }
    }

    /// What the type says: dimensions, ranks and extents of shapes are
    /// non-negative... except extents, which only ops can vouch for.
    fn add_type_facts(&mut self, target: Target, column: Column) {
        let x = Affine::column(column);
        match target {
            Target::Dim(v, d) => {
                self.add(BoundKind::Lower, &x, &Affine::constant(0));
                let kind = self.ctx.type_kind(self.ctx.value_type(v));
                if let Some(&n) = kind.shape().and_then(|s| s.get(d)) {
                    if n != ir::types::DYNAMIC {
                        self.add(BoundKind::Equal, &x, &Affine::constant(n));
                    }
                }
            }
            Target::Rank(_) => self.add(BoundKind::Lower, &x, &Affine::constant(0)),
            Target::Value(v) => {
                if let Some(c) = constant_index(self.ctx, v) {
                    self.add(BoundKind::Equal, &x, &Affine::constant(c));
                }
            }
            Target::Extent(..) => {}
        }
    }

    /// The constant bound of `e` after explaining what is queued.
    pub fn constant_bound_of(&mut self, kind: BoundKind, e: &Affine) -> Option<i64> {
        let (lower, upper) = self.constant_range_of(e);
        match kind {
            BoundKind::Lower => lower,
            BoundKind::Upper => upper,
            BoundKind::Equal => lower.filter(|&l| upper == Some(l)),
        }
    }

    /// The greatest lower and least upper constant bounds of `e` after
    /// explaining what is queued (one projection).
    pub fn constant_range_of(&mut self, e: &Affine) -> (Option<i64>, Option<i64>) {
        self.process();
        if let Some(c) = e.as_constant() {
            return (Some(c), Some(c));
        }
        if let [(x, 1)] = e.terms() {
            let (lower, upper) = self.set.constant_range(*x);
            let shift = |b: Option<i64>| b.and_then(|b| b.checked_add(e.constant_part()));
            return (shift(lower), shift(upper));
        }
        let mut set = self.set.clone();
        let x = set.add_column();
        if set
            .add_bound(BoundKind::Equal, &Affine::column(x), e)
            .is_none()
        {
            return (None, None);
        }
        set.constant_range(x)
    }

    /// Whether `arith.cmpi predicate, lhs, rhs` holds at every point of
    /// the set, for a signed predicate or `eq`, `ne`: `Some(true)` if it
    /// always does, `Some(false)` if it never does, `None` when the bounds
    /// of `lhs - rhs` do not tell (and always for an unsigned predicate).
    pub fn cmpi(&mut self, lhs: &Affine, predicate: CmpIPredicate, rhs: &Affine) -> Option<bool> {
        let (lower, upper) = self.constant_range_of(&lhs.sub(rhs)?);
        let at_least = |k: i64| lower.is_some_and(|l| l >= k);
        let at_most = |k: i64| upper.is_some_and(|u| u <= k);
        let decided = |yes: bool, no: bool| {
            if yes {
                Some(true)
            } else if no {
                Some(false)
            } else {
                None
            }
        };
        match predicate {
            CmpIPredicate::Sge => decided(at_least(0), at_most(-1)),
            CmpIPredicate::Sgt => decided(at_least(1), at_most(0)),
            CmpIPredicate::Sle => decided(at_most(0), at_least(1)),
            CmpIPredicate::Slt => decided(at_most(-1), at_least(0)),
            CmpIPredicate::Eq => decided(at_least(0) && at_most(0), at_least(1) || at_most(-1)),
            CmpIPredicate::Ne => decided(at_least(1) || at_most(-1), at_least(0) && at_most(0)),
            CmpIPredicate::Ult | CmpIPredicate::Ule | CmpIPredicate::Ugt | CmpIPredicate::Uge => {
                None
            }
        }
    }

    /// Whether `e ≥ 0` holds at every point of the set.
    pub fn implies(&mut self, e: &Affine) -> bool {
        self.process();
        self.set.implies_nonnegative(e)
    }

    /// The set's columns and what they stand for (`None`: a local column
    /// such as a quotient).
    pub(crate) fn parts(&self) -> (&ConstraintSet, &[Option<Target>]) {
        (&self.set, &self.targets)
    }
}

/// The value of an integer or `index` constant.
pub(crate) fn constant_index(ctx: &Context, v: ValueId) -> Option<i64> {
    if !ctx.type_kind(ctx.value_type(v)).is_integer_like()
        && !matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Size)
    {
        return None;
    }
    fold::constant_value(ctx, v)
        .as_ref()
        .and_then(fold::int_of)
        .and_then(|n| i64::try_from(n).ok())
}
