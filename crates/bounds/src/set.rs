//! A conjunction of affine equalities and inequalities over integer
//! columns, projected by Fourier–Motzkin elimination.

use crate::affine::{Affine, Column};

/// Which bound of a column a query asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoundKind {
    /// `x ≥ b`.
    Lower,
    /// `x ≤ b` (inclusive).
    Upper,
    /// `x = b`.
    Equal,
}

/// The most inequalities one elimination step may leave; past it the ones
/// with the most terms are dropped (a weaker set, so every bound read from
/// it still holds) and the projection is marked inexact.
const MAX_INEQUALITIES: usize = 512;

/// `equalities = 0 ∧ inequalities ≥ 0` over columns `0..columns`.
///
/// Every constraint is kept normalised: the coefficients divided by their
/// greatest common divisor, an inequality's constant rounded down to
/// match (the integer tightening: `2x - 3 ≥ 0` becomes `x - 2 ≥ 0`), an
/// equality whose constant the divisor does not divide makes the set
/// infeasible. Constraints without terms are decided on the spot.
///
/// Projection ([`ConstraintSet::project`]) eliminates columns one at a
/// time: through an equality when one mentions the column (substitution),
/// otherwise by Fourier–Motzkin (every lower bound of the column combined
/// with every upper bound). The result always contains the integer shadow
/// of the set, so a bound or an infeasibility read from it holds for every
/// integer point of the original set. It is the exact integer shadow when
/// [`ConstraintSet::is_exact`] says so: every combination paired a
/// unit-coefficient bound (the case where the real and integer shadows
/// coincide), every substitution was by a unit coefficient, and nothing
/// was dropped.
#[derive(Clone, Debug, Default)]
pub struct ConstraintSet {
    columns: usize,
    equalities: Vec<Affine>,
    inequalities: Vec<Affine>,
    infeasible: bool,
    inexact: bool,
}

impl ConstraintSet {
    /// The unconstrained set over no column.
    pub fn new() -> ConstraintSet {
        ConstraintSet::default()
    }

    /// A fresh, unconstrained column.
    pub fn add_column(&mut self) -> Column {
        self.columns += 1;
        self.columns - 1
    }

    /// How many columns there are.
    pub fn num_columns(&self) -> usize {
        self.columns
    }

    /// The equalities (each `= 0`), normalised.
    pub fn equalities(&self) -> &[Affine] {
        &self.equalities
    }

    /// The inequalities (each `≥ 0`), normalised.
    pub fn inequalities(&self) -> &[Affine] {
        &self.inequalities
    }

    /// Whether a contradiction has been found (the set has no integer
    /// point). `false` does not prove a point exists; see
    /// [`ConstraintSet::is_empty`].
    pub fn is_known_infeasible(&self) -> bool {
        self.infeasible
    }

    /// Whether every projection so far was exact over the integers.
    pub fn is_exact(&self) -> bool {
        !self.inexact
    }

    /// Require `e ≥ 0`.
    pub fn add_inequality(&mut self, e: Affine) {
        if let Some(e) = normalize_inequality(e, &mut self.infeasible) {
            self.inequalities.push(e);
        }
    }

    /// Require `e = 0`.
    pub fn add_equality(&mut self, e: Affine) {
        if let Some(e) = normalize_equality(e, &mut self.infeasible) {
            self.equalities.push(e);
        }
    }

    /// Require `x ⋈ e` for the bound kind `⋈` (`≥`, `≤` or `=`); `None`
    /// when the difference overflows (nothing is added).
    pub fn add_bound(&mut self, kind: BoundKind, x: &Affine, e: &Affine) -> Option<()> {
        let difference = x.sub(e)?;
        match kind {
            BoundKind::Lower => self.add_inequality(difference),
            BoundKind::Upper => self.add_inequality(difference.scale(-1)?),
            BoundKind::Equal => self.add_equality(difference),
        }
        Some(())
    }

    /// A fresh column `q = ⌊e / d⌋` (`d > 0`), constrained by
    /// `d·q ≤ e ≤ d·q + d - 1`; `None` for `d ≤ 0` or on overflow.
    pub fn add_floor_div(&mut self, e: &Affine, d: i64) -> Option<Column> {
        if d <= 0 {
            return None;
        }
        let low = e.combine(1, &Affine::column(self.columns), -d)?;
        let high = low.scale(-1)?.offset(d - 1)?;
        let q = self.add_column();
        self.add_inequality(low);
        self.add_inequality(high);
        Some(q)
    }

    /// The set with every column `keep` rejects eliminated (the column
    /// numbering is unchanged; eliminated columns are just unconstrained).
    pub fn project(&self, keep: impl Fn(Column) -> bool) -> ConstraintSet {
        self.clone().into_projection(keep)
    }

    /// [`ConstraintSet::project`] of a set no longer needed: it is
    /// projected in place rather than copied first.
    fn into_projection(self, keep: impl Fn(Column) -> bool) -> ConstraintSet {
        let mut set = self;
        loop {
            if set.infeasible {
                return set;
            }
            let mentioned = set
                .equalities
                .iter()
                .chain(&set.inequalities)
                .flat_map(Affine::columns)
                .filter(|&x| !keep(x));
            // Through an equality first, else the column whose elimination
            // makes the fewest new inequalities.
            let mut best: Option<(Column, usize)> = None;
            let mut by_equality = None;
            for x in mentioned {
                if set.equalities.iter().any(|e| e.coefficient(x) != 0) {
                    by_equality = Some(x);
                    break;
                }
                let (lower, upper) = set.inequalities.iter().fold((0, 0), |(l, u), e| {
                    match e.coefficient(x).signum() {
                        1 => (l + 1, u),
                        -1 => (l, u + 1),
                        _ => (l, u),
                    }
                });
                let cost = lower * upper;
                if best.is_none_or(|(_, c)| cost < c) {
                    best = Some((x, cost));
                }
            }
            match (by_equality, best) {
                (Some(x), _) => set.eliminate_by_equality(x),
                (None, Some((x, _))) => set.eliminate_by_combination(x),
                (None, None) => return set,
            }
        }
    }

    /// Whether the set has no integer point, as far as projection onto no
    /// column can tell (always right when it says `true`).
    pub fn is_empty(&self) -> bool {
        self.project(|_| false).infeasible
    }

    /// Whether every integer point of the set has `e ≥ 0` (`false` when it
    /// cannot be shown).
    pub fn implies_nonnegative(&self, e: &Affine) -> bool {
        let Some(violated) = e.scale(-1).and_then(|n| n.offset(-1)) else {
            return false;
        };
        let mut with_violation = self.clone();
        with_violation.add_inequality(violated);
        with_violation.is_empty()
    }

    /// The bounds of `x` in terms of the columns `keep` accepts: for
    /// [`BoundKind::Lower`] every returned `b` has `x ≥ b` (so `x` is at
    /// least their maximum), for [`BoundKind::Upper`] `x ≤ b` (at most
    /// their minimum), for [`BoundKind::Equal`] at most one `b` with
    /// `x = b`. Only the tightest of bounds that differ in their constant
    /// is kept. Empty when nothing is known (or the set is infeasible).
    pub fn bound(&self, kind: BoundKind, x: Column, keep: impl Fn(Column) -> bool) -> Vec<Affine> {
        self.related_to(x)
            .into_projection(|c| c == x || keep(c))
            .read_bounds(kind, x)
    }

    /// The constraints linked to column `x` through shared columns: the
    /// rest cannot bound `x` (unless they are infeasible on their own, in
    /// which case every bound holds and dropping them only weakens the
    /// answer). Bounds are read from this smaller set.
    fn related_to(&self, x: Column) -> ConstraintSet {
        // Union-find over columns, joined by every constraint.
        let mut parent: Vec<Column> = (0..self.columns).collect();
        fn root(parent: &mut [Column], mut c: Column) -> Column {
            while parent[c] != c {
                parent[c] = parent[parent[c]];
                c = parent[c];
            }
            c
        }
        for e in self.equalities.iter().chain(&self.inequalities) {
            let mut columns = e.columns();
            if let Some(first) = columns.next() {
                for c in columns {
                    let (a, b) = (root(&mut parent, first), root(&mut parent, c));
                    parent[b] = a;
                }
            }
        }
        let component = root(&mut parent, x);
        let mut linked = |e: &&Affine| {
            e.columns()
                .next()
                .is_some_and(|c| root(&mut parent, c) == component)
        };
        let equalities = self
            .equalities
            .iter()
            .filter(&mut linked)
            .cloned()
            .collect();
        let inequalities = self
            .inequalities
            .iter()
            .filter(&mut linked)
            .cloned()
            .collect();
        ConstraintSet {
            columns: self.columns,
            equalities,
            inequalities,
            infeasible: self.infeasible,
            inexact: self.inexact,
        }
    }

    /// [`ConstraintSet::bound`] on a set already projected onto `x` and
    /// the columns the bounds may mention.
    fn read_bounds(&self, kind: BoundKind, x: Column) -> Vec<Affine> {
        let ColumnBounds {
            lower,
            upper,
            equal,
        } = self.column_bounds(x);
        match kind {
            BoundKind::Lower => lower,
            BoundKind::Upper => upper,
            BoundKind::Equal => {
                let equal = equal.into_iter().next();
                equal
                    .or_else(|| lower.iter().find(|l| upper.contains(l)).cloned())
                    .into_iter()
                    .collect()
            }
        }
    }

    /// Every bound of `x` read off a set already projected onto `x` and
    /// the columns the bounds may mention (none if it is infeasible).
    fn column_bounds(&self, x: Column) -> ColumnBounds {
        let shadow = self;
        if shadow.infeasible {
            return ColumnBounds::default();
        }
        let mut lower = Vec::new();
        let mut upper = Vec::new();
        let mut equal = Vec::new();
        for e in &shadow.equalities {
            let a = e.coefficient(x);
            if a == 0 {
                continue;
            }
            // a·x + r = 0 with r divisible by a: x = -r / a.
            let rest = e.substitute(x, &Affine::constant(0));
            if let Some(value) = rest.and_then(|r| exact_quotient(&r, -a)) {
                equal.push(value);
            }
        }
        for e in &shadow.inequalities {
            let a = e.coefficient(x);
            let Some(rest) = e.substitute(x, &Affine::constant(0)) else {
                continue;
            };
            // a·x + r ≥ 0: for a > 0, x ≥ ⌈-r/a⌉ = -⌊r/a⌋; for a < 0,
            // x ≤ ⌊r/-a⌋. Only when a divides r's coefficients.
            if a > 0 {
                if let Some(b) = rest.divide_floor(a).and_then(|q| q.scale(-1)) {
                    lower.push(b);
                }
            } else if a < 0 {
                if let Some(b) = rest.divide_floor(-a) {
                    upper.push(b);
                }
            }
        }
        lower.extend(equal.iter().cloned());
        upper.extend(equal.iter().cloned());
        ColumnBounds {
            lower: tightest(lower, |a, b| a.max(b)),
            upper: tightest(upper, |a, b| a.min(b)),
            equal,
        }
    }

    /// The constant bound of `x`: the greatest lower bound, the least
    /// upper bound, or the value (for [`BoundKind::Equal`]).
    pub fn constant_bound(&self, kind: BoundKind, x: Column) -> Option<i64> {
        greatest_constant(kind, &self.bound(kind, x, |_| false))
    }

    /// The greatest lower and least upper constant bounds of `x`, from one
    /// projection.
    pub fn constant_range(&self, x: Column) -> (Option<i64>, Option<i64>) {
        let bounds = self
            .related_to(x)
            .into_projection(|c| c == x)
            .column_bounds(x);
        (
            greatest_constant(BoundKind::Lower, &bounds.lower),
            greatest_constant(BoundKind::Upper, &bounds.upper),
        )
    }

    fn eliminate_by_equality(&mut self, x: Column) {
        let index = self
            .equalities
            .iter()
            .position(|e| e.coefficient(x).abs() == 1)
            .or_else(|| self.equalities.iter().position(|e| e.coefficient(x) != 0))
            .expect("the caller found an equality mentioning the column");
        let pivot = self.equalities.swap_remove(index);
        let a = pivot.coefficient(x);
        if a.abs() != 1 {
            // Rational substitution: the divisibility of the rest by `a`
            // is forgotten, so the shadow may gain points.
            self.inexact = true;
        }
        // Every other constraint f with coefficient b of x becomes
        // |a|·f - sign(a)·b·pivot, free of x (|a| > 0 keeps `≥`).
        let eliminate = |f: &Affine| -> Option<Affine> {
            let b = f.coefficient(x);
            if b == 0 {
                return Some(f.clone());
            }
            f.combine(a.abs(), &pivot, -a.signum() * b)
        };
        let equalities = std::mem::take(&mut self.equalities);
        for e in &equalities {
            match eliminate(e) {
                Some(e) => self.add_equality(e),
                // An equality that overflows is dropped: weaker, still sound.
                None => self.inexact = true,
            }
        }
        let inequalities = std::mem::take(&mut self.inequalities);
        for e in &inequalities {
            match eliminate(e) {
                Some(e) => self.add_inequality(e),
                None => self.inexact = true,
            }
        }
        self.deduplicate();
    }

    fn eliminate_by_combination(&mut self, x: Column) {
        let (mut lower, mut upper, mut rest) = (Vec::new(), Vec::new(), Vec::new());
        for e in std::mem::take(&mut self.inequalities) {
            match e.coefficient(x).signum() {
                1 => lower.push(e),
                -1 => upper.push(e),
                _ => rest.push(e),
            }
        }
        self.inequalities = rest;
        for l in &lower {
            let a = l.coefficient(x);
            for u in &upper {
                let b = -u.coefficient(x);
                if a != 1 && b != 1 {
                    self.inexact = true;
                }
                // b·l + a·u has no x: the real shadow of the pair.
                match l.combine(b, u, a) {
                    Some(e) => self.add_inequality(e),
                    None => self.inexact = true,
                }
            }
        }
        self.deduplicate();
        if self.inequalities.len() > MAX_INEQUALITIES {
            self.inequalities.sort_by_key(|e| e.terms().len());
            self.inequalities.truncate(MAX_INEQUALITIES);
            self.inexact = true;
        }
    }

    /// One inequality per coefficient vector (the tightest: sorted, the
    /// smallest constant of equal terms comes first), and equal equalities
    /// once.
    fn deduplicate(&mut self) {
        self.inequalities.sort_unstable();
        self.inequalities
            .dedup_by(|later, kept| later.terms() == kept.terms());
        self.equalities.sort_unstable();
        self.equalities.dedup();
    }
}

/// The bounds of one column a projected set gives: its tightest lower and
/// upper bounds (each counting its values), and its values.
#[derive(Default)]
struct ColumnBounds {
    lower: Vec<Affine>,
    upper: Vec<Affine>,
    equal: Vec<Affine>,
}

/// The tightest constant among `bounds` of `kind`: the largest lower
/// bound, the smallest upper bound, the value.
fn greatest_constant(kind: BoundKind, bounds: &[Affine]) -> Option<i64> {
    let mut values = bounds.iter().filter_map(Affine::as_constant);
    match kind {
        BoundKind::Lower => values.max(),
        BoundKind::Upper => values.min(),
        BoundKind::Equal => values.next(),
    }
}

/// `e ≥ 0` with the coefficients made coprime (constant rounded down);
/// `None` when it has no term (after noting a contradiction).
fn normalize_inequality(e: Affine, infeasible: &mut bool) -> Option<Affine> {
    let g = e.coefficient_gcd();
    if g == 0 {
        *infeasible |= e.constant_part() < 0;
        return None;
    }
    e.divide_floor(g)
}

/// `e = 0` with coprime coefficients and a positive first one; `None`
/// when it has no term or the divisor does not divide the constant (after
/// noting a contradiction).
fn normalize_equality(e: Affine, infeasible: &mut bool) -> Option<Affine> {
    let g = e.coefficient_gcd();
    if g == 0 || e.constant_part() % g != 0 {
        *infeasible |= g != 0 || e.constant_part() != 0;
        return None;
    }
    let sign = e.terms()[0].1.signum();
    e.divide_floor(g)?.scale(sign)
}

/// `e / d` when `d` divides every coefficient and the constant.
fn exact_quotient(e: &Affine, d: i64) -> Option<Affine> {
    let (q, sign) = if d < 0 {
        (d.checked_neg()?, -1)
    } else {
        (d, 1)
    };
    if e.constant_part() % q != 0 {
        return None;
    }
    e.divide_floor(q)?.scale(sign)
}

/// The bounds with equal terms reduced to one, keeping the constant
/// `pick` prefers.
fn tightest(bounds: Vec<Affine>, pick: impl Fn(i64, i64) -> i64) -> Vec<Affine> {
    let mut best: Vec<Affine> = Vec::new();
    for b in bounds {
        match best.iter_mut().find(|kept| kept.terms() == b.terms()) {
            Some(kept) => {
                let c = pick(kept.constant_part(), b.constant_part());
                *kept = kept
                    .offset(c - kept.constant_part())
                    .unwrap_or_else(|| kept.clone());
            }
            None => best.push(b),
        }
    }
    best.sort();
    best
}
