//! [`Interval`]: bounds on an integer (an extent, a rank, an index), and
//! [`Comparison`]s decided or assumed on them.

use std::fmt;
use std::str::FromStr;

use crate::{Dimension, ParseError};

/// The integers `lo..=hi` (inclusive, never empty) that an `i64` value is
/// known to lie in: a refinement of [`Dimension`], which knows a value
/// exactly or not at all.
///
/// Ordered by refinement (`refines`: a sub-interval knows more): `meet` is
/// the intersection (the greatest lower bound; `None` when the intervals
/// are disjoint: no value satisfies both), `join` the smallest interval
/// holding both (the least upper bound). Arithmetic is checked: `None` when
/// some pair of values in the operands overflows `i64`, so that a result
/// interval also bounds the wrapped (two's complement) result of the
/// concrete operation.
///
/// The default is the full range. Informal notation: `?` for the full
/// range, the value for a single value (`3`), else `lo..hi` with `?` for an
/// unbounded end (`1..4`, `0..?`, `?..-1`); both ends are included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interval {
    lo: i64,
    hi: i64,
}

impl Default for Interval {
    /// The full range.
    fn default() -> Self {
        Interval::FULL
    }
}

impl Interval {
    /// Every `i64`: nothing known.
    pub const FULL: Interval = Interval {
        lo: i64::MIN,
        hi: i64::MAX,
    };

    /// The non-negative values (extents, ranks, element counts).
    pub const NON_NEGATIVE: Interval = Interval::at_least(0);

    /// `lo..=hi`; `None` when `lo > hi` (empty).
    pub const fn new(lo: i64, hi: i64) -> Option<Self> {
        if lo <= hi {
            Some(Interval { lo, hi })
        } else {
            None
        }
    }

    /// The single value `value`.
    pub const fn point(value: i64) -> Self {
        Interval {
            lo: value,
            hi: value,
        }
    }

    /// The values from `lo` up.
    pub const fn at_least(lo: i64) -> Self {
        Interval { lo, hi: i64::MAX }
    }

    /// The values up to `hi`.
    pub const fn at_most(hi: i64) -> Self {
        Interval { lo: i64::MIN, hi }
    }

    /// The smallest value.
    pub const fn lo(self) -> i64 {
        self.lo
    }

    /// The largest value.
    pub const fn hi(self) -> i64 {
        self.hi
    }

    /// The value, if there is only one.
    pub const fn get(self) -> Option<i64> {
        if self.lo == self.hi {
            Some(self.lo)
        } else {
            None
        }
    }

    /// Whether `value` is in the interval.
    pub const fn contains(self, value: i64) -> bool {
        self.lo <= value && value <= self.hi
    }

    /// Whether `self` is a sub-interval of `other` (knows at least as much).
    pub const fn refines(self, other: Interval) -> bool {
        other.lo <= self.lo && self.hi <= other.hi
    }

    /// The values in both; `None` when there are none.
    pub fn meet(self, other: Interval) -> Option<Interval> {
        Interval::new(self.lo.max(other.lo), self.hi.min(other.hi))
    }

    /// The smallest interval holding both.
    pub fn join(self, other: Interval) -> Interval {
        Interval {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// The interval spanning `values` (computed without overflow), `None`
    /// when some of them do not fit in `i64`.
    fn spanning(values: &[i128]) -> Option<Interval> {
        let lo = values.iter().copied().min()?;
        let hi = values.iter().copied().max()?;
        Interval::new(i64::try_from(lo).ok()?, i64::try_from(hi).ok()?)
    }

    /// The sums; `None` when some sum overflows.
    pub fn checked_add(self, other: Interval) -> Option<Interval> {
        let (a, b) = (self.wide(), other.wide());
        Interval::spanning(&[a.0 + b.0, a.1 + b.1])
    }

    /// The differences; `None` when some difference overflows.
    pub fn checked_sub(self, other: Interval) -> Option<Interval> {
        let (a, b) = (self.wide(), other.wide());
        Interval::spanning(&[a.0 - b.1, a.1 - b.0])
    }

    /// The products; `None` when some product overflows.
    pub fn checked_mul(self, other: Interval) -> Option<Interval> {
        let (a, b) = (self.wide(), other.wide());
        Interval::spanning(&[a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1])
    }

    /// The ends as `i128`, where products and sums of two cannot overflow.
    fn wide(self) -> (i128, i128) {
        (i128::from(self.lo), i128::from(self.hi))
    }

    /// The maxima of a value in each.
    pub fn max(self, other: Interval) -> Interval {
        Interval {
            lo: self.lo.max(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// The minima of a value in each.
    pub fn min(self, other: Interval) -> Interval {
        Interval {
            lo: self.lo.min(other.lo),
            hi: self.hi.min(other.hi),
        }
    }

    /// The extents broadcasting a value of each gives (numpy rules, as
    /// [`Dimension::broadcast_merge`]): a `1` stretches to the other, equal
    /// values match. `None` when no pair broadcasts (neither holds 1 and
    /// they are disjoint). On single values and the full range this is
    /// [`Dimension::broadcast_merge`].
    pub fn broadcast_merge(self, other: Interval) -> Option<Interval> {
        match (self.contains(1), other.contains(1)) {
            (false, false) => self.meet(other),
            // Either the other is 1 (the result is `self`'s value) or they
            // are equal.
            (false, true) => Some(self),
            (true, false) => Some(other),
            (true, true) => Some(self.join(other)),
        }
    }

    /// The ends as unsigned numbers, when the interval does not cross from
    /// `-1` to `0` (where the unsigned order wraps).
    fn unsigned(self) -> Option<(u64, u64)> {
        (self.lo >= 0 || self.hi < 0).then_some((self.lo as u64, self.hi as u64))
    }
}

impl From<Dimension> for Interval {
    /// A static dimension's value; the full range for a dynamic one.
    fn from(dimension: Dimension) -> Self {
        dimension.get().map_or(Interval::FULL, Interval::point)
    }
}

impl From<Interval> for Dimension {
    /// Static when the interval holds one value (other than the `i64::MAX`
    /// that `Dimension` reserves), else dynamic.
    fn from(interval: Interval) -> Self {
        interval.get().and_then(Dimension::new).unwrap_or_default()
    }
}

impl fmt::Display for Interval {
    /// `?`, the single value, or `lo..hi` with `?` for an unbounded end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = |value: i64, unbounded: i64| match value == unbounded {
            true => "?".to_owned(),
            false => value.to_string(),
        };
        match (self.get(), *self == Interval::FULL) {
            (Some(value), _) => write!(f, "{value}"),
            (None, true) => f.write_str("?"),
            (None, false) => write!(f, "{}..{}", end(self.lo, i64::MIN), end(self.hi, i64::MAX)),
        }
    }
}

impl FromStr for Interval {
    type Err = ParseError;

    /// Parses `?`, a decimal `i64`, or `lo..hi` (each end a decimal or `?`,
    /// `lo <= hi`), with optional surrounding whitespace.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let error = || ParseError::new("an interval", text);
        let end = |part: &str, unbounded: i64| match part.trim() {
            "?" => Some(unbounded),
            digits => digits.parse::<i64>().ok(),
        };
        let (lo, hi) = match text.split_once("..") {
            Some((lo, hi)) => (end(lo, i64::MIN), end(hi, i64::MAX)),
            // `?` or a single value.
            None => (end(text, i64::MIN), end(text, i64::MAX)),
        };
        lo.zip(hi)
            .and_then(|(lo, hi)| Interval::new(lo, hi))
            .ok_or_else(error)
    }
}

/// A comparison of two integers, as `arith.cmpi` makes them: signed unless
/// named unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `lhs == rhs`.
    Eq,
    /// `lhs != rhs`.
    Ne,
    /// `lhs < rhs`.
    Lt,
    /// `lhs <= rhs`.
    Le,
    /// `lhs > rhs`.
    Gt,
    /// `lhs >= rhs`.
    Ge,
    /// `lhs < rhs` with both read as unsigned 64-bit numbers.
    UnsignedLt,
}

impl Comparison {
    /// Whether the comparison holds on concrete values.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Comparison::Eq => lhs == rhs,
            Comparison::Ne => lhs != rhs,
            Comparison::Lt => lhs < rhs,
            Comparison::Le => lhs <= rhs,
            Comparison::Gt => lhs > rhs,
            Comparison::Ge => lhs >= rhs,
            Comparison::UnsignedLt => (lhs as u64) < (rhs as u64),
        }
    }

    /// `Some(answer)` when the comparison gives `answer` for every value of
    /// `lhs` and every value of `rhs`; `None` when it depends on them.
    pub fn decide(self, lhs: Interval, rhs: Interval) -> Option<bool> {
        match self {
            Comparison::Eq => match (lhs.get(), rhs.get()) {
                (Some(a), Some(b)) if a == b => Some(true),
                _ => lhs.meet(rhs).is_none().then_some(false),
            },
            Comparison::Ne => Comparison::Eq.decide(lhs, rhs).map(|eq| !eq),
            Comparison::Lt => ordered(lhs.hi < rhs.lo, lhs.lo >= rhs.hi),
            Comparison::Le => ordered(lhs.hi <= rhs.lo, lhs.lo > rhs.hi),
            Comparison::Gt => Comparison::Lt.decide(rhs, lhs),
            Comparison::Ge => Comparison::Le.decide(rhs, lhs),
            Comparison::UnsignedLt => {
                let ((a_lo, a_hi), (b_lo, b_hi)) = (lhs.unsigned()?, rhs.unsigned()?);
                ordered(a_hi < b_lo, a_lo >= b_hi)
            }
        }
    }

    /// `lhs` and `rhs` narrowed to the values for which the comparison can
    /// hold (what is known after it was checked); `None` when it never
    /// holds. The narrowing is sound, not always the tightest.
    pub fn assume(self, lhs: Interval, rhs: Interval) -> Option<(Interval, Interval)> {
        let swapped = |(a, b)| (b, a);
        match self {
            Comparison::Eq => lhs.meet(rhs).map(|both| (both, both)),
            Comparison::Ne => match (lhs.get(), rhs.get()) {
                (Some(value), _) => Some((lhs, without(rhs, value)?)),
                (_, Some(value)) => Some((without(lhs, value)?, rhs)),
                _ => Some((lhs, rhs)),
            },
            // `lhs <= rhs.hi - 1` and `rhs >= lhs.lo + 1`.
            Comparison::Lt => Some((
                lhs.meet(Interval::at_most(rhs.hi.checked_sub(1)?))?,
                rhs.meet(Interval::at_least(lhs.lo.checked_add(1)?))?,
            )),
            Comparison::Le => Some((
                lhs.meet(Interval::at_most(rhs.hi))?,
                rhs.meet(Interval::at_least(lhs.lo))?,
            )),
            Comparison::Gt => Comparison::Lt.assume(rhs, lhs).map(swapped),
            Comparison::Ge => Comparison::Le.assume(rhs, lhs).map(swapped),
            Comparison::UnsignedLt if rhs.lo >= 0 => {
                // Below a non-negative number, unsigned: non-negative, and
                // then the signed order.
                Comparison::Lt.assume(lhs.meet(Interval::NON_NEGATIVE)?, rhs)
            }
            Comparison::UnsignedLt if rhs.hi < 0 && lhs.hi < 0 => Comparison::Lt.assume(lhs, rhs),
            Comparison::UnsignedLt => match self.decide(lhs, rhs) {
                Some(false) => None,
                _ => Some((lhs, rhs)),
            },
        }
    }
}

/// `Some(true)` when `always`, `Some(false)` when `never`, else `None`.
fn ordered(always: bool, never: bool) -> Option<bool> {
    match (always, never) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// `interval` without `value` when that is one of its ends (an interval
/// cannot have a hole); `None` when nothing is left.
fn without(interval: Interval, value: i64) -> Option<Interval> {
    match (interval.lo == value, interval.hi == value) {
        (true, true) => None,
        (true, false) => Interval::new(value + 1, interval.hi),
        (false, true) => Interval::new(interval.lo, value - 1),
        (false, false) => Some(interval),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(text: &str) -> Interval {
        text.parse().unwrap()
    }

    #[test]
    fn constructors_and_queries() {
        assert_eq!(Interval::new(2, 1), None);
        assert_eq!(Interval::new(1, 4), Some(i("1..4")));
        assert_eq!(Interval::default(), Interval::FULL);
        assert_eq!(Interval::point(3).get(), Some(3));
        assert_eq!(i("1..4").get(), None);
        assert_eq!((i("1..4").lo(), i("1..4").hi()), (1, 4));
        assert!(i("1..4").contains(4) && !i("1..4").contains(5));
        assert_eq!(Interval::NON_NEGATIVE, i("0..?"));
        assert_eq!(Interval::at_most(-1), i("?..-1"));
        assert!(i("2..3").refines(i("1..4")) && !i("0..3").refines(i("1..4")));
    }

    #[test]
    fn meet_and_join() {
        assert_eq!(i("1..4").meet(i("3..9")), Some(i("3..4")));
        assert_eq!(i("1..4").meet(i("5..9")), None);
        assert_eq!(i("1..4").join(i("6..9")), i("1..9"));
        assert_eq!(i("?").meet(i("0..?")), Some(i("0..?")));
    }

    #[test]
    fn checked_arithmetic() {
        assert_eq!(i("1..4").checked_add(i("10..20")), Some(i("11..24")));
        assert_eq!(i("1..4").checked_sub(i("10..20")), Some(i("-19..-6")));
        assert_eq!(i("-2..3").checked_mul(i("-5..4")), Some(i("-15..12")));
        assert_eq!(i("0..?").checked_add(i("1")), None);
        assert_eq!(
            i("0..?").checked_sub(i("1")),
            Some(i("-1..9223372036854775806"))
        );
        assert_eq!(i("0..?").checked_mul(i("0")), Some(i("0")));
        assert_eq!(i("0..?").checked_mul(i("2")), None);
        assert_eq!(i("?").checked_mul(i("-1")), None);
        assert_eq!(i("1..4").max(i("2..3")), i("2..4"));
        assert_eq!(i("1..4").min(i("2..3")), i("1..3"));
    }

    #[test]
    fn broadcast_merge_agrees_with_dimension() {
        assert_eq!(i("3").broadcast_merge(i("1")), Some(i("3")));
        assert_eq!(i("2").broadcast_merge(i("3")), None);
        assert_eq!(i("2..5").broadcast_merge(i("6..9")), None);
        assert_eq!(i("2..5").broadcast_merge(i("4..9")), Some(i("4..5")));
        assert_eq!(i("2..5").broadcast_merge(i("0..9")), Some(i("2..5")));
        assert_eq!(i("0..1").broadcast_merge(i("1..9")), Some(i("0..9")));
        let dims = ["?", "1", "4", "5"];
        for a in dims {
            for b in dims {
                let (da, db): (Dimension, Dimension) = (a.parse().unwrap(), b.parse().unwrap());
                assert_eq!(
                    i(a).broadcast_merge(i(b)).map(Dimension::from),
                    da.broadcast_merge(db),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn dimension_conversions() {
        assert_eq!(Interval::from(Dimension::dynamic()), Interval::FULL);
        assert_eq!(Interval::from(Dimension::from(3)), i("3"));
        assert_eq!(Dimension::from(i("3")), Dimension::from(3));
        assert_eq!(Dimension::from(i("0..?")), Dimension::dynamic());
        assert_eq!(
            Dimension::from(Interval::point(i64::MAX)),
            Dimension::dynamic()
        );
    }

    #[test]
    fn comparisons_are_decided_on_bounds() {
        use Comparison::*;
        assert_eq!(Ge.decide(i("0..?"), i("0")), Some(true));
        assert_eq!(Lt.decide(i("0..1"), i("2..?")), Some(true));
        assert_eq!(Lt.decide(i("2..?"), i("0..2")), Some(false));
        assert_eq!(Le.decide(i("0..2"), i("2..?")), Some(true));
        assert_eq!(Gt.decide(i("0..2"), i("2..?")), Some(false));
        assert_eq!(Eq.decide(i("0..2"), i("3..?")), Some(false));
        assert_eq!(Ne.decide(i("0..2"), i("3..?")), Some(true));
        assert_eq!(Eq.decide(i("4"), i("4")), Some(true));
        assert_eq!(Eq.decide(i("0..4"), i("4")), None);
        assert_eq!(UnsignedLt.decide(i("0..3"), i("4..9")), Some(true));
        // -1 is the largest unsigned number.
        assert_eq!(UnsignedLt.decide(i("0..?"), i("-1")), Some(true));
        assert_eq!(UnsignedLt.decide(i("-1"), i("0..?")), Some(false));
        assert_eq!(UnsignedLt.decide(i("-1..3"), i("4")), None);
    }

    #[test]
    fn comparisons_narrow_their_operands() {
        use Comparison::*;
        assert_eq!(Le.assume(i("1"), i("?")), Some((i("1"), i("1..?"))));
        assert_eq!(
            Lt.assume(i("0..?"), i("?..4")),
            Some((i("0..3"), i("1..4")))
        );
        assert_eq!(Gt.assume(i("?"), i("2")), Some((i("3..?"), i("2"))));
        assert_eq!(
            Ge.assume(i("0..9"), i("5..?")),
            Some((i("5..9"), i("5..9")))
        );
        assert_eq!(
            Eq.assume(i("0..9"), i("5..?")),
            Some((i("5..9"), i("5..9")))
        );
        assert_eq!(Ne.assume(i("0..9"), i("0")), Some((i("1..9"), i("0"))));
        assert_eq!(Ne.assume(i("3"), i("0..9")), Some((i("3"), i("0..9"))));
        assert_eq!(Ne.assume(i("3"), i("3")), None);
        assert_eq!(Lt.assume(i("5..?"), i("?..5")), None);
        assert_eq!(Lt.assume(i("?"), Interval::point(i64::MIN)), None);
        // An index below a non-negative bound is in range.
        assert_eq!(
            UnsignedLt.assume(i("?"), i("2..5")),
            Some((i("0..4"), i("2..5")))
        );
        assert_eq!(UnsignedLt.assume(i("-1"), i("0..?")), None);
        assert_eq!(
            UnsignedLt.assume(i("?"), i("-5..5")),
            Some((i("?"), i("-5..5")))
        );
    }

    #[test]
    fn notation() {
        for text in ["?", "3", "-7", "1..4", "0..?", "?..-1"] {
            assert_eq!(i(text).to_string(), text);
        }
        assert_eq!(i(" 1 .. 4 "), i("1..4"));
        assert_eq!(i("?..?"), Interval::FULL);
        assert_eq!(i("5..5"), i("5"));
        for bad in ["", "x", "4..1", "1..", "..", "1...2", "??", "1..4..5"] {
            assert!(bad.parse::<Interval>().is_err(), "{bad}");
        }
        assert_eq!(
            "x".parse::<Interval>().unwrap_err().to_string(),
            "cannot parse `x` as an interval"
        );
    }
}
