//! Property tests of the lattice laws (see the crate's guarantees).

use lattice::{Comparison, Dimension, Interval, PartialShape, ShapeValue, SizeValue};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Dimensions that collide often (small values, 1 for broadcasting), plus
/// the extremes for checked arithmetic.
fn dimension() -> impl Strategy<Value = Dimension> {
    prop_oneof![
        3 => Just(Dimension::dynamic()),
        6 => (-1i32..4).prop_map(Dimension::from),
        1 => prop_oneof![Just(Dimension::MAX), Just(i64::MIN), any::<i64>()]
            .prop_map(|value| Dimension::new(value).unwrap_or_default()),
    ]
}

/// An end of an interval: small values collide often; the extremes test
/// checked arithmetic.
fn end() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => -3i64..5,
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), any::<i64>()],
    ]
}

fn interval() -> impl Strategy<Value = Interval> {
    (end(), end()).prop_map(|(a, b)| Interval::new(a.min(b), a.max(b)).unwrap_or_default())
}

/// A value of `interval`, picked by `pick`.
fn value_in(interval: Interval, pick: u64) -> i64 {
    let (lo, hi) = (i128::from(interval.lo()), i128::from(interval.hi()));
    let width = hi - lo + 1;
    // An end half of the time, else anywhere.
    let offset = match pick % 4 {
        0 => 0,
        1 => width - 1,
        _ => i128::from(pick) % width,
    };
    i64::try_from(lo + offset).unwrap_or(interval.lo())
}

fn comparison() -> impl Strategy<Value = Comparison> {
    prop::sample::select(vec![
        Comparison::Eq,
        Comparison::Ne,
        Comparison::Lt,
        Comparison::Le,
        Comparison::Gt,
        Comparison::Ge,
        Comparison::UnsignedLt,
    ])
}

fn partial_shape() -> impl Strategy<Value = PartialShape> {
    prop_oneof![
        1 => Just(PartialShape::dynamic(None)),
        5 => prop::collection::vec(dimension(), 0..4).prop_map(PartialShape::new),
    ]
}

/// Few distinct messages, so that both-invalid cases are frequent.
fn message() -> impl Strategy<Value = String> {
    prop_oneof![Just("a".to_owned()), Just("b".to_owned())]
}

fn extent() -> impl Strategy<Value = Option<u64>> {
    prop_oneof![Just(None), (0u64..3).prop_map(Some)]
}

fn shape_value() -> impl Strategy<Value = ShapeValue> {
    prop_oneof![
        1 => Just(ShapeValue::Unranked),
        5 => prop::collection::vec(extent(), 0..3).prop_map(ShapeValue::Ranked),
        1 => message().prop_map(ShapeValue::Invalid),
    ]
}

fn size_value() -> impl Strategy<Value = SizeValue> {
    prop_oneof![
        Just(SizeValue::Unknown),
        (0u64..3).prop_map(SizeValue::Known),
        message().prop_map(SizeValue::Invalid),
    ]
}

/// `Some(x)` when the merge is defined.
fn merge(a: &PartialShape, b: &PartialShape) -> Option<PartialShape> {
    a.merge(b).ok()
}

/// The shape with its invalid message dropped: the lattice element.
fn element(value: ShapeValue) -> ShapeValue {
    match value {
        ShapeValue::Invalid(_) => ShapeValue::Invalid(String::new()),
        valid => valid,
    }
}

/// The size with its invalid message dropped: the lattice element.
fn size_element(value: SizeValue) -> SizeValue {
    match value {
        SizeValue::Invalid(_) => SizeValue::Invalid(String::new()),
        valid => valid,
    }
}

proptest! {
    #![proptest_config(Config::with_cases(512))]

    // Dimension.

    #[test]
    fn dimension_merge_laws(a in dimension(), b in dimension(), c in dimension()) {
        prop_assert_eq!(a.merge(b), b.merge(a));
        prop_assert_eq!(a.merge(a), Some(a));
        let left = a.merge(b).and_then(|ab| ab.merge(c));
        let right = b.merge(c).and_then(|bc| a.merge(bc));
        prop_assert_eq!(left, right);
        prop_assert_eq!(a.compatible(b), a.merge(b).is_some());
        if let Some(m) = a.merge(b) {
            prop_assert!(m.refines(a) && m.refines(b));
        }
    }

    #[test]
    fn dimension_refines_is_a_partial_order(a in dimension(), b in dimension(), c in dimension()) {
        prop_assert!(a.refines(a));
        if a.refines(b) && b.refines(a) {
            prop_assert_eq!(a, b);
        }
        if a.refines(b) && b.refines(c) {
            prop_assert!(a.refines(c));
        }
        prop_assert_eq!(a.relaxes(b), b.refines(a));
        prop_assert_eq!(a.same_scheme(b), a == b);
    }

    #[test]
    fn dimension_broadcast_is_commutative(a in dimension(), b in dimension()) {
        prop_assert_eq!(a.broadcast_merge(b), b.broadcast_merge(a));
    }

    #[test]
    fn dimension_arithmetic_is_checked(a in dimension(), b in dimension()) {
        let exact = |op: fn(i128, i128) -> i128, result: Dimension| {
            match (a.get(), b.get(), result.get()) {
                (Some(x), Some(y), Some(r)) => op(i128::from(x), i128::from(y)) == i128::from(r),
                (Some(x), Some(y), None) => {
                    let r = op(i128::from(x), i128::from(y));
                    r > i128::from(Dimension::MAX) || r < i128::from(i64::MIN)
                }
                (_, _, r) => r.is_none(),
            }
        };
        prop_assert!(exact(|x, y| x + y, a + b));
        prop_assert!(exact(|x, y| x - y, a - b));
        if a.get() == Some(0) || b.get() == Some(0) {
            prop_assert_eq!((a * b).get(), Some(0));
        } else {
            prop_assert!(exact(|x, y| x * y, a * b));
        }
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!(a * b, b * a);
    }

    #[test]
    fn dimension_notation_round_trips(a in dimension()) {
        prop_assert_eq!(a.to_string().parse::<Dimension>(), Ok(a));
    }

    // Interval.

    #[test]
    fn interval_meet_and_join_laws(a in interval(), b in interval(), c in interval()) {
        prop_assert_eq!(a.meet(b), b.meet(a));
        prop_assert_eq!(a.meet(a), Some(a));
        prop_assert_eq!(a.meet(b).and_then(|ab| ab.meet(c)), b.meet(c).and_then(|bc| a.meet(bc)));
        prop_assert_eq!(a.join(b), b.join(a));
        prop_assert_eq!(a.join(a), a);
        prop_assert_eq!(a.join(b).join(c), a.join(b.join(c)));
        // Greatest lower and least upper bounds in the refinement order.
        if let Some(m) = a.meet(b) {
            prop_assert!(m.refines(a) && m.refines(b));
            if c.refines(a) && c.refines(b) {
                prop_assert!(c.refines(m));
            }
        } else {
            prop_assert!(!(c.refines(a) && c.refines(b)));
        }
        prop_assert!(a.refines(a.join(b)) && b.refines(a.join(b)));
        if a.refines(c) && b.refines(c) {
            prop_assert!(a.join(b).refines(c));
        }
    }

    #[test]
    fn interval_operations_are_sound(
        a in interval(), b in interval(), comparison in comparison(), x in any::<u64>(), y in any::<u64>()
    ) {
        let (x, y) = (value_in(a, x), value_in(b, y));
        let (wx, wy) = (i128::from(x), i128::from(y));
        // Checked arithmetic bounds the exact (and so the wrapped) result.
        for (result, exact) in [
            (a.checked_add(b), wx + wy),
            (a.checked_sub(b), wx - wy),
            (a.checked_mul(b), wx * wy),
        ] {
            if let Some(r) = result {
                prop_assert!(i64::try_from(exact).is_ok_and(|e| r.contains(e)), "{} in {}", exact, r);
            }
        }
        prop_assert!(a.max(b).contains(x.max(y)) && a.min(b).contains(x.min(y)));
        // Decisions hold on every pair; assumptions keep every pair that
        // passes.
        let holds = comparison.holds(x, y);
        if let Some(answer) = comparison.decide(a, b) {
            prop_assert_eq!(answer, holds);
        }
        match comparison.assume(a, b) {
            Some((na, nb)) => {
                prop_assert!(na.refines(a) && nb.refines(b));
                if holds {
                    prop_assert!(na.contains(x) && nb.contains(y));
                }
            }
            None => prop_assert!(!holds),
        }
        // Broadcasting: the result of a pair that broadcasts is in the
        // result; no result means no pair broadcasts.
        let concrete = match (x, y) {
            (1, other) | (other, 1) => Some(other),
            (x, y) if x == y => Some(x),
            _ => None,
        };
        match a.broadcast_merge(b) {
            Some(r) => prop_assert!(concrete.is_none_or(|e| r.contains(e))),
            None => prop_assert!(concrete.is_none()),
        }
        prop_assert_eq!(a.broadcast_merge(b), b.broadcast_merge(a));
    }

    #[test]
    fn interval_notation_round_trips(a in interval()) {
        prop_assert_eq!(a.to_string().parse::<Interval>(), Ok(a));
    }

    // PartialShape.

    #[test]
    fn shape_merge_laws(a in partial_shape(), b in partial_shape(), c in partial_shape()) {
        prop_assert_eq!(merge(&a, &b), merge(&b, &a));
        prop_assert_eq!(merge(&a, &a), Some(a.clone()));
        let left = merge(&a, &b).and_then(|ab| merge(&ab, &c));
        let right = merge(&b, &c).and_then(|bc| merge(&a, &bc));
        prop_assert_eq!(left, right);
        prop_assert_eq!(a.compatible(&b), merge(&a, &b).is_some());
    }

    #[test]
    fn shape_merge_is_the_greatest_lower_bound(
        a in partial_shape(), b in partial_shape(), c in partial_shape()
    ) {
        if let Some(m) = merge(&a, &b) {
            prop_assert!(m.refines(&a) && m.refines(&b));
            if c.refines(&a) && c.refines(&b) {
                prop_assert!(c.refines(&m));
            }
        }
        if c.refines(&a) && c.refines(&b) {
            prop_assert!(merge(&a, &b).is_some());
        }
    }

    #[test]
    fn shape_merge_into_matches_merge(a in partial_shape(), b in partial_shape()) {
        let mut dst = a.clone();
        let result = dst.merge_into(&b);
        match a.merge(&b) {
            Ok(m) => prop_assert_eq!((result, dst), (Ok(()), m)),
            Err(e) => prop_assert_eq!((result, dst), (Err(e), a)),
        }
    }

    #[test]
    fn shape_refines_is_a_partial_order(
        a in partial_shape(), b in partial_shape(), c in partial_shape()
    ) {
        prop_assert!(a.refines(&a));
        if a.refines(&b) && b.refines(&a) {
            prop_assert_eq!(&a, &b);
        }
        if a.refines(&b) && b.refines(&c) {
            prop_assert!(a.refines(&c));
        }
        prop_assert_eq!(a.relaxes(&b), b.refines(&a));
        prop_assert_eq!(a.same_scheme(&b), a == b);
    }

    #[test]
    fn shape_broadcast_is_commutative(a in partial_shape(), b in partial_shape()) {
        let ab = a.broadcast_merge(&b).map_err(|e| e.axis);
        let ba = b.broadcast_merge(&a).map_err(|e| e.axis);
        prop_assert_eq!(ab, ba);
        let mut dst = a.clone();
        if dst.broadcast_merge_into(&b).is_err() {
            prop_assert_eq!(dst, a);
        }
    }

    #[test]
    fn shape_queries_agree(a in partial_shape(), rank in prop::option::of(0usize..4)) {
        prop_assert_eq!(a.is_static(), a.to_shape().is_some());
        prop_assert_eq!(a.is_dynamic(), !a.is_static());
        prop_assert_eq!(a.rank(), a.dims().map(<[Dimension]>::len));
        let mut merged = a.clone();
        let ok = merged.merge_rank(rank);
        prop_assert_eq!(ok, a.compatible(&PartialShape::dynamic(rank)));
        let expected = if ok { merge(&a, &PartialShape::dynamic(rank)) } else { Some(a.clone()) };
        prop_assert_eq!(Some(merged), expected);
    }

    #[test]
    fn shape_notation_round_trips(a in partial_shape()) {
        prop_assert_eq!(a.to_string().parse::<PartialShape>(), Ok(a));
    }

    // ShapeValue and SizeValue.

    #[test]
    fn meet_and_join_laws(a in shape_value(), b in shape_value(), c in shape_value()) {
        prop_assert_eq!(a.meet(&b), b.meet(&a));
        prop_assert_eq!(a.join(&b), b.join(&a));
        prop_assert_eq!(a.meet(&a), a.clone());
        prop_assert_eq!(a.join(&a), a.clone());
        // Which contradiction an invalid result reports depends on the
        // grouping, so associativity holds for the lattice elements.
        prop_assert_eq!(element(a.meet(&b).meet(&c)), element(a.meet(&b.meet(&c))));
        prop_assert_eq!(a.join(&b).join(&c), a.join(&b.join(&c)));
        prop_assert_eq!(a.meet(&ShapeValue::Unranked), a.clone());
        prop_assert_eq!(a.join(&ShapeValue::Unranked), ShapeValue::Unranked);
        // Absorption holds for the lattice elements (messages aside).
        prop_assert_eq!(element(a.meet(&a.join(&b))), element(a.clone()));
        prop_assert_eq!(element(a.join(&a.meet(&b))), element(a.clone()));
    }

    #[test]
    fn meet_is_the_greatest_lower_bound(a in shape_value(), b in shape_value(), c in shape_value()) {
        let m = a.meet(&b);
        prop_assert!(m.refines(&a) && m.refines(&b));
        if c.refines(&a) && c.refines(&b) {
            prop_assert!(c.refines(&m));
        }
        let j = a.join(&b);
        prop_assert!(a.refines(&j) && b.refines(&j));
        if a.refines(&c) && b.refines(&c) {
            prop_assert!(j.refines(&c));
        }
    }

    #[test]
    fn shape_value_refines_is_a_partial_order(
        a in shape_value(), b in shape_value(), c in shape_value()
    ) {
        prop_assert!(a.refines(&a));
        if a.refines(&b) && b.refines(&a) {
            prop_assert_eq!(element(a.clone()), element(b.clone()));
        }
        if a.refines(&b) && b.refines(&c) {
            prop_assert!(a.refines(&c));
        }
        prop_assert_eq!(a.refines(&b), element(a.meet(&b)) == element(a.clone()));
    }

    #[test]
    fn size_meet_and_join_laws(a in size_value(), b in size_value(), c in size_value()) {
        prop_assert_eq!(a.meet(&b), b.meet(&a));
        prop_assert_eq!(a.join(&b), b.join(&a));
        prop_assert_eq!(a.meet(&a), a.clone());
        prop_assert_eq!(a.join(&a), a.clone());
        prop_assert_eq!(
            size_element(a.meet(&b).meet(&c)),
            size_element(a.meet(&b.meet(&c)))
        );
        prop_assert_eq!(a.join(&b).join(&c), a.join(&b.join(&c)));
        prop_assert_eq!(size_element(a.meet(&a.join(&b))), size_element(a.clone()));
        prop_assert_eq!(size_element(a.join(&a.meet(&b))), size_element(a.clone()));
        let m = a.meet(&b);
        prop_assert!(m.refines(&a) && m.refines(&b));
        let j = a.join(&b);
        prop_assert!(a.refines(&j) && b.refines(&j));
        if c.refines(&a) && c.refines(&b) {
            prop_assert!(c.refines(&m));
        }
        if a.refines(&c) && b.refines(&c) {
            prop_assert!(j.refines(&c));
        }
    }

    #[test]
    fn value_notation_round_trips(a in shape_value(), b in size_value()) {
        prop_assert_eq!(a.to_string().parse::<ShapeValue>().map(element), Ok(element(a)));
        prop_assert_eq!(b.to_string().parse::<SizeValue>().map(size_element), Ok(size_element(b)));
    }

    #[test]
    fn parsers_never_panic(text in r"[\[\]{}?*., 0-9a-z-]{0,12}") {
        // Whatever the text, parsing returns; what parses prints back the same
        // value.
        if let Ok(d) = text.parse::<Dimension>() {
            prop_assert_eq!(d.to_string().parse::<Dimension>(), Ok(d));
        }
        if let Ok(i) = text.parse::<Interval>() {
            prop_assert_eq!(i.to_string().parse::<Interval>(), Ok(i));
        }
        if let Ok(s) = text.parse::<PartialShape>() {
            prop_assert_eq!(s.to_string().parse::<PartialShape>(), Ok(s));
        }
        if let Ok(v) = text.parse::<ShapeValue>() {
            prop_assert_eq!(v.to_string().parse::<ShapeValue>(), Ok(v));
        }
        if let Ok(v) = text.parse::<SizeValue>() {
            prop_assert_eq!(v.to_string().parse::<SizeValue>(), Ok(v));
        }
    }

    #[test]
    fn meet_agrees_with_partial_shape_merge(a in partial_shape(), b in partial_shape()) {
        // Non-negative partial shapes describe the same sets as shape values,
        // so shape.meet and PartialShape::merge coincide on them.
        prop_assume!(a.all_non_negative() && b.all_non_negative());
        let (va, vb) = (ShapeValue::from_partial(&a), ShapeValue::from_partial(&b));
        prop_assert_eq!(va.to_partial(), Some(a.clone()));
        let expected = a.merge(&b).map_err(|e| e.to_string());
        let got = va.meet(&vb);
        match expected {
            Ok(m) => prop_assert_eq!(got, ShapeValue::from_partial(&m)),
            Err(message) => prop_assert_eq!(got, ShapeValue::Invalid(message)),
        }
    }

    #[test]
    fn known_shapes_meet_only_when_equal(
        a in prop::collection::vec(0u64..3, 0..3), b in prop::collection::vec(0u64..3, 0..3)
    ) {
        // value_shape: "join(shape_of(value), shape) would be error free and in
        // particular it means that if both are statically known, then they are
        // equal" (the doc's `join` is the former name of shape.meet).
        let known = |v: &[u64]| ShapeValue::Ranked(v.iter().copied().map(Some).collect());
        prop_assert_eq!(known(&a).meet(&known(&b)).error().is_none(), a == b);
    }
}
