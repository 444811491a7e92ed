//! Known answers, and proptests of projection against enumeration of the
//! integer points in a box.

use super::*;
use proptest::prelude::*;

fn col(x: Column) -> Affine {
    Affine::column(x)
}

fn c(v: i64) -> Affine {
    Affine::constant(v)
}

fn sum(terms: &[(Column, i64)], constant: i64) -> Affine {
    Affine::from_terms(terms.iter().copied(), constant).unwrap()
}

#[test]
fn pad_result_equals_source_plus_low_plus_high() {
    // r = s + l + h, with s, l, h kept: the equality bound is the sum.
    let mut set = ConstraintSet::new();
    let (r, s, l, h) = (
        set.add_column(),
        set.add_column(),
        set.add_column(),
        set.add_column(),
    );
    set.add_bound(
        BoundKind::Equal,
        &col(r),
        &sum(&[(s, 1), (l, 1), (h, 1)], 0),
    );
    let eq = set.bound(BoundKind::Equal, r, |x| x != r);
    assert_eq!(eq, vec![sum(&[(s, 1), (l, 1), (h, 1)], 0)]);
}

#[test]
fn upper_bound_through_a_min() {
    // size = min(n, 16): size ≤ n, size ≤ 16; UB in terms of nothing: 16.
    let mut set = ConstraintSet::new();
    let (size, n) = (set.add_column(), set.add_column());
    set.add_bound(BoundKind::Upper, &col(size), &col(n));
    set.add_bound(BoundKind::Upper, &col(size), &c(16));
    set.add_inequality(col(n)); // n ≥ 0
    assert_eq!(set.constant_bound(BoundKind::Upper, size), Some(16));
    assert_eq!(set.constant_bound(BoundKind::Lower, size), None);
    // In terms of n, both bounds remain: size ≤ min(n, 16).
    assert_eq!(
        set.bound(BoundKind::Upper, size, |x| x == n),
        vec![c(16), col(n)]
    );
}

#[test]
fn chains_project_through_intermediate_columns() {
    // 0 ≤ i < rank, j = i + 1 ⇒ j ≤ rank and 1 ≤ j.
    let mut set = ConstraintSet::new();
    let (i, rank, j) = (set.add_column(), set.add_column(), set.add_column());
    set.add_inequality(col(i));
    set.add_inequality(sum(&[(rank, 1), (i, -1)], -1));
    set.add_bound(BoundKind::Equal, &col(j), &col(i).offset(1).unwrap());
    assert_eq!(
        set.bound(BoundKind::Upper, j, |x| x == rank),
        vec![col(rank)]
    );
    assert_eq!(set.constant_bound(BoundKind::Lower, j), Some(1));
    assert!(set.implies_nonnegative(&sum(&[(rank, 1), (j, -1)], 0)));
    assert!(!set.implies_nonnegative(&sum(&[(rank, 1), (j, -1)], -1)));
    assert!(set.is_exact());
}

#[test]
fn floor_division_and_integer_tightening() {
    // q = ⌊e/4⌋ with 0 ≤ e ≤ 10 gives 0 ≤ q ≤ 2.
    let mut set = ConstraintSet::new();
    let e = set.add_column();
    set.add_inequality(col(e));
    set.add_inequality(sum(&[(e, -1)], 10));
    let q = set.add_floor_div(&col(e), 4).unwrap();
    assert_eq!(set.constant_bound(BoundKind::Lower, q), Some(0));
    assert_eq!(set.constant_bound(BoundKind::Upper, q), Some(2));
    assert_eq!(set.add_floor_div(&col(e), 0), None);
    // 2x ≥ 3 tightens to x ≥ 2; 2x = 3 has no integer point.
    let mut set = ConstraintSet::new();
    let x = set.add_column();
    set.add_inequality(sum(&[(x, 2)], -3));
    assert_eq!(set.constant_bound(BoundKind::Lower, x), Some(2));
    set.add_equality(sum(&[(x, 2)], -3));
    assert!(set.is_known_infeasible() && set.is_empty());
}

#[test]
fn contradictions_are_found_and_make_bounds_unknown() {
    let mut set = ConstraintSet::new();
    let (x, y) = (set.add_column(), set.add_column());
    set.add_inequality(sum(&[(x, 1), (y, -1)], -1)); // x > y
    set.add_inequality(sum(&[(y, 1), (x, -1)], 0)); // y ≥ x
    assert!(set.is_empty());
    assert!(set.bound(BoundKind::Upper, x, |_| false).is_empty());
    assert!(!ConstraintSet::new().is_empty());
}

#[test]
fn equality_from_matching_bounds() {
    let mut set = ConstraintSet::new();
    let (x, n) = (set.add_column(), set.add_column());
    set.add_bound(BoundKind::Lower, &col(x), &col(n).offset(2).unwrap());
    set.add_bound(BoundKind::Upper, &col(x), &col(n).offset(2).unwrap());
    assert_eq!(
        set.bound(BoundKind::Equal, x, |c| c == n),
        vec![col(n).offset(2).unwrap()]
    );
}

/// Constraints as written: coefficients per column and a constant.
type Written = Vec<(Vec<i64>, i64)>;

/// A random system over `columns` columns inside the box `[-4, 4]ⁿ`.
fn system(columns: usize) -> impl Strategy<Value = (Written, Written)> {
    let constraint = (proptest::collection::vec(-3i64..=3, columns), -6i64..=6);
    (
        proptest::collection::vec(constraint.clone(), 0..5),
        proptest::collection::vec(constraint, 0..2),
    )
}

const BOX: i64 = 4;

fn build(
    columns: usize,
    inequalities: &[(Vec<i64>, i64)],
    equalities: &[(Vec<i64>, i64)],
) -> ConstraintSet {
    let mut set = ConstraintSet::new();
    for x in 0..columns {
        set.add_column();
        set.add_inequality(sum(&[(x, 1)], BOX));
        set.add_inequality(sum(&[(x, -1)], BOX));
    }
    let affine =
        |(a, k): &(Vec<i64>, i64)| sum(&a.iter().copied().enumerate().collect::<Vec<_>>(), *k);
    inequalities
        .iter()
        .for_each(|e| set.add_inequality(affine(e)));
    equalities.iter().for_each(|e| set.add_equality(affine(e)));
    set
}

/// Every integer point of the box satisfying the system as written (not
/// as the set normalised it).
fn points(
    n: usize,
    inequalities: &[(Vec<i64>, i64)],
    equalities: &[(Vec<i64>, i64)],
) -> Vec<Vec<i64>> {
    let value =
        |p: &[i64], (a, k): &(Vec<i64>, i64)| k + a.iter().zip(p).map(|(a, x)| a * x).sum::<i64>();
    let mut out = Vec::new();
    let mut p = vec![-BOX; n];
    loop {
        let holds = inequalities.iter().all(|e| value(&p, e) >= 0)
            && equalities.iter().all(|e| value(&p, e) == 0);
        if holds {
            out.push(p.clone());
        }
        let Some(i) = (0..n).find(|&i| p[i] < BOX) else {
            return out;
        };
        p[i] += 1;
        p[..i].iter_mut().for_each(|v| *v = -BOX);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Projection never loses a point, emptiness is never claimed of a
    /// set with a point, and exact projections give tight constant bounds.
    #[test]
    fn projection_is_sound_and_exact_when_it_says_so((ineq, eq) in system(3)) {
        let set = build(3, &ineq, &eq);
        let points = points(3, &ineq, &eq);
        if !points.is_empty() {
            prop_assert!(!set.is_empty());
        }
        for x in 0..3 {
            let lower = set.constant_bound(BoundKind::Lower, x);
            let upper = set.constant_bound(BoundKind::Upper, x);
            for p in &points {
                prop_assert!(lower.is_none_or(|l| l <= p[x]));
                prop_assert!(upper.is_none_or(|u| p[x] <= u));
            }
            let shadow = set.project(|c| c == x);
            if shadow.is_exact() && !points.is_empty() {
                prop_assert_eq!(lower, points.iter().map(|p| p[x]).min());
                prop_assert_eq!(upper, points.iter().map(|p| p[x]).max());
            }
            // Bounds in terms of another column hold at every point.
            let other = (x + 1) % 3;
            for kind in [BoundKind::Lower, BoundKind::Upper, BoundKind::Equal] {
                for b in set.bound(kind, x, |c| c == other) {
                    for p in &points {
                        let v = b.eval(&|c| p[c]).unwrap();
                        let ok = match kind {
                            BoundKind::Lower => p[x] >= v,
                            BoundKind::Upper => p[x] <= v,
                            BoundKind::Equal => p[x] == v,
                        };
                        prop_assert!(ok, "{kind:?} {b} fails at {p:?}");
                    }
                }
            }
        }
    }

    /// An implication is claimed only when every point satisfies it.
    #[test]
    fn implication_is_sound((ineq, eq) in system(2), a in -2i64..=2, b in -2i64..=2, k in -4i64..=4) {
        let set = build(2, &ineq, &eq);
        let e = sum(&[(0, a), (1, b)], k);
        if set.implies_nonnegative(&e) {
            for p in points(2, &ineq, &eq) {
                prop_assert!(e.eval(&|c| p[c]).unwrap() >= 0);
            }
        }
    }
}
