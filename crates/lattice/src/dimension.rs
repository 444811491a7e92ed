//! [`Dimension`]: one extent of a partial shape, static or dynamic.

use std::fmt;
use std::ops::{Add, Mul, Sub};
use std::str::FromStr;

use crate::{flat, ParseError};

/// One dimension of a shape (or a rank): a static `i64` or dynamic (not
/// known until run time).
///
/// Static values range over `i64::MIN..=Dimension::MAX`: `i64::MAX` is the
/// value the source design reserves for "dynamic", so it is never a static
/// dimension here either. Negative static dimensions are representable, as in
/// the source design; [`crate::PartialShape::all_non_negative`] checks for
/// them.
///
/// The default dimension is dynamic. Informal notation: `?` or the decimal
/// value (`3`, `-1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dimension(Option<i64>);

impl Dimension {
    /// The largest static dimension (`i64::MAX` is reserved for dynamic).
    pub const MAX: i64 = i64::MAX - 1;

    /// A dynamic dimension.
    pub const fn dynamic() -> Self {
        Dimension(None)
    }

    /// A static dimension of `value`; `None` for the reserved `i64::MAX`.
    pub const fn new(value: i64) -> Option<Self> {
        if value == i64::MAX {
            None
        } else {
            Some(Dimension(Some(value)))
        }
    }

    /// The value of a static dimension, `None` for a dynamic one.
    pub const fn get(self) -> Option<i64> {
        self.0
    }

    /// Whether the dimension is static.
    pub const fn is_static(self) -> bool {
        self.0.is_some()
    }

    /// Whether the dimension is dynamic.
    pub const fn is_dynamic(self) -> bool {
        self.0.is_none()
    }

    /// Whether both are dynamic, or both static and equal (the same as `==`).
    pub fn same_scheme(self, other: Dimension) -> bool {
        self == other
    }

    /// Whether the two can be merged (see [`Dimension::merge`]).
    pub fn compatible(self, other: Dimension) -> bool {
        self.merge(other).is_some()
    }

    /// Whether `self` is a relaxation of `other`: `self` is dynamic, or both
    /// are static and equal.
    pub fn relaxes(self, other: Dimension) -> bool {
        flat::refines(other.0, self.0)
    }

    /// Whether `self` is a refinement of `other`, i.e. `other.relaxes(self)`:
    /// `other` is dynamic, or both are static and equal.
    pub fn refines(self, other: Dimension) -> bool {
        other.relaxes(self)
    }

    /// The most permissive dimension that is no more permissive than either:
    /// the other one if one is dynamic, the common value if both are static
    /// and equal, `None` if both are static and differ.
    pub fn merge(self, other: Dimension) -> Option<Dimension> {
        flat::unify(self.0, other.0).ok().map(Dimension)
    }

    /// The dimension of the result of broadcasting the two (numpy rules, as
    /// `shape.broadcast` documents): equal extents match, a static `1`
    /// stretches to the other. Against a dynamic dimension a static `1` gives
    /// dynamic and any other static `n` gives `n`, optimistically assuming
    /// the dynamic one is `1` or `n` at run time. `None` when both are static,
    /// differ, and neither is `1`.
    pub fn broadcast_merge(self, other: Dimension) -> Option<Dimension> {
        match (self.0, other.0) {
            (Some(1), _) => Some(other),
            (_, Some(1)) => Some(self),
            (None, _) => Some(other),
            (_, None) => Some(self),
            (Some(a), Some(b)) if a == b => Some(self),
            _ => None,
        }
    }

    /// Applies checked arithmetic to two static values; dynamic if either
    /// operand is dynamic or the result is not a static dimension (overflow
    /// or the reserved `i64::MAX`).
    fn checked(self, rhs: Dimension, op: fn(i64, i64) -> Option<i64>) -> Dimension {
        match (self.0, rhs.0) {
            (Some(a), Some(b)) => op(a, b).and_then(Dimension::new).unwrap_or_default(),
            _ => Dimension::dynamic(),
        }
    }
}

impl From<i32> for Dimension {
    /// A static dimension (every `i32` is a valid one).
    fn from(value: i32) -> Self {
        Dimension(Some(i64::from(value)))
    }
}

impl Add for Dimension {
    type Output = Dimension;

    /// Dynamic if either is dynamic or the sum overflows, else the sum.
    fn add(self, rhs: Dimension) -> Dimension {
        self.checked(rhs, i64::checked_add)
    }
}

impl Sub for Dimension {
    type Output = Dimension;

    /// Dynamic if either is dynamic or the difference overflows, else the
    /// difference.
    fn sub(self, rhs: Dimension) -> Dimension {
        self.checked(rhs, i64::checked_sub)
    }
}

impl Mul for Dimension {
    type Output = Dimension;

    /// `0` if either is a static `0` (even when the other is dynamic); else
    /// dynamic if either is dynamic or the product overflows; else the
    /// product.
    fn mul(self, rhs: Dimension) -> Dimension {
        if self.0 == Some(0) || rhs.0 == Some(0) {
            return Dimension(Some(0));
        }
        self.checked(rhs, i64::checked_mul)
    }
}

impl fmt::Display for Dimension {
    /// `?` for dynamic, the decimal value for static.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(value) => write!(f, "{value}"),
            None => f.write_str("?"),
        }
    }
}

impl FromStr for Dimension {
    type Err = ParseError;

    /// Parses `?` or a decimal `i64` other than `i64::MAX`, with optional
    /// surrounding whitespace.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let error = || ParseError::new("a dimension", text);
        match text.trim() {
            "?" => Ok(Dimension::dynamic()),
            digits => digits
                .parse::<i64>()
                .ok()
                .and_then(Dimension::new)
                .ok_or_else(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dimension {
        text.parse().unwrap()
    }

    const DYN: Dimension = Dimension::dynamic();

    #[test]
    fn constructors_and_queries() {
        // "Dimension(int64_t dimension): Must not be equal to
        // Dimension::s_dynamic_val" (= int64 max); "Dimension(): Construct a
        // dynamic dimension."
        assert_eq!(Dimension::new(i64::MAX), None);
        assert_eq!(
            Dimension::new(Dimension::MAX).map(Dimension::get),
            Some(Some(Dimension::MAX))
        );
        assert_eq!(Dimension::default(), DYN);
        assert!(d("3").is_static() && !d("3").is_dynamic());
        assert!(DYN.is_dynamic() && !DYN.is_static());
        assert_eq!(d("-4").get(), Some(-4));
    }

    #[test]
    fn same_scheme_compatible_relaxes_refines() {
        // "same_scheme: true if this dimension and dim are both dynamic, or if
        // they are both static and equal".
        assert!(DYN.same_scheme(DYN));
        assert!(d("2").same_scheme(d("2")));
        assert!(!d("2").same_scheme(d("3")));
        assert!(!d("2").same_scheme(DYN));
        // "Two dimensions are considered compatible if it is possible to merge them."
        assert!(DYN.compatible(d("2")) && d("2").compatible(d("2")));
        assert!(!d("2").compatible(d("3")));
        // "A dimension d1 relaxes d2 if d1 and d2 are static and equal, or d1
        // is dynamic"; "d1.refines(d2) is equivalent to d2.relaxes(d1)".
        assert!(DYN.relaxes(d("5")) && d("5").relaxes(d("5")));
        assert!(!d("5").relaxes(DYN) && !d("5").relaxes(d("6")));
        assert!(d("5").refines(DYN) && !DYN.refines(d("5")));
    }

    #[test]
    fn merge() {
        // "If d1 is dynamic, writes d2 to dst"; "If d2 is dynamic, writes d1";
        // "If d1 and d2 are static and equal, writes d1"; "If d1 and d2 are
        // both static and unequal, ... returns false."
        assert_eq!(DYN.merge(d("3")), Some(d("3")));
        assert_eq!(d("3").merge(DYN), Some(d("3")));
        assert_eq!(DYN.merge(DYN), Some(DYN));
        assert_eq!(d("3").merge(d("3")), Some(d("3")));
        assert_eq!(d("3").merge(d("4")), None);
    }

    #[test]
    fn broadcast_merge() {
        // shape.broadcast: "result[i] = lhs[i] if lhs[i] == rhs[i] = lhs[i] if
        // rhs[i] == 1 = rhs[i] if lhs[i] == 1"; otherwise an error.
        assert_eq!(d("3").broadcast_merge(d("3")), Some(d("3")));
        assert_eq!(d("3").broadcast_merge(d("1")), Some(d("3")));
        assert_eq!(d("1").broadcast_merge(d("3")), Some(d("3")));
        assert_eq!(d("0").broadcast_merge(d("1")), Some(d("0")));
        assert_eq!(d("2").broadcast_merge(d("3")), None);
        // Dynamic: optimistic, as a partial-shape lattice checks at run time what it cannot decide.
        assert_eq!(DYN.broadcast_merge(d("1")), Some(DYN));
        assert_eq!(DYN.broadcast_merge(d("4")), Some(d("4")));
        assert_eq!(d("4").broadcast_merge(DYN), Some(d("4")));
        assert_eq!(DYN.broadcast_merge(DYN), Some(DYN));
    }

    #[test]
    fn arithmetic() {
        // "+": "Dimension::dynamic() if either of *this or dim is dynamic;
        // else, a static dimension with value int64_t(*this)+int64_t(dim)".
        assert_eq!(d("2") + d("3"), d("5"));
        assert_eq!(d("2") + DYN, DYN);
        assert_eq!(DYN - d("2"), DYN);
        assert_eq!(d("2") - d("3"), d("-1"));
        // "*": "0 if either of *this or dim is static and 0; else,
        // Dimension::dynamic() if either ... is dynamic".
        assert_eq!(d("0") * DYN, d("0"));
        assert_eq!(DYN * d("0"), d("0"));
        assert_eq!(DYN * d("2"), DYN);
        assert_eq!(d("4") * d("-3"), d("-12"));
    }

    #[test]
    fn checked_arithmetic_never_panics() {
        let max = d(&Dimension::MAX.to_string());
        let min = d(&i64::MIN.to_string());
        // Landing on the reserved i64::MAX is not a static dimension.
        assert_eq!(max + d("1"), DYN);
        assert_eq!(max + max, DYN);
        assert_eq!(min - d("1"), DYN);
        assert_eq!(min - d("-1") + d("-1"), min);
        assert_eq!(max * d("2"), DYN);
        assert_eq!(min * d("-1"), DYN);
        assert_eq!(max * d("1"), max);
        assert_eq!(d("0") - min, DYN);
    }

    #[test]
    fn notation() {
        assert_eq!(DYN.to_string(), "?");
        assert_eq!(d("-7").to_string(), "-7");
        assert_eq!(d(" 12 "), d("12"));
        for bad in [
            "",
            "x",
            "1.5",
            "9223372036854775807",
            "99999999999999999999",
            "??",
        ] {
            assert!(bad.parse::<Dimension>().is_err(), "{bad}");
        }
        assert_eq!(
            "x".parse::<Dimension>().unwrap_err().to_string(),
            "cannot parse `x` as a dimension"
        );
    }
}
