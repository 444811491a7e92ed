//! The shape dialect's value lattice: [`SizeValue`] (`!shape.size`) and
//! [`ShapeValue`] (`!shape.shape`), each possibly unknown or invalid.
//!
//! Both are ordered by refinement: an invalid value is the bottom (no
//! concrete size or shape satisfies it), a not-known value the top. `meet` is
//! the greatest lower bound (`shape.meet`: keep the most restrictive
//! information, invalid on contradiction), `join` the least upper bound (keep
//! only what both agree on, as at a control-flow merge).
//!
//! Invalid operands propagate through `meet`, as the dialect's note says
//! ("return the invalid shape if one of its operands is an invalid shape").
//! The dialect leaves open which message survives when both operands are
//! invalid; here it is the smaller message (string order), so that `meet` and
//! `join` stay commutative, as `shape.meet` is declared.

use std::fmt;
use std::str::FromStr;

use crate::notation::split_list;
use crate::{flat, Dimension, ParseError, PartialShape};

/// A `!shape.size`: a known non-negative integer, unknown, or invalid (with
/// a message saying why).
///
/// Printed as the number, `?`, or `invalid`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SizeValue {
    /// A size known statically.
    Known(u64),
    /// A size not known statically.
    Unknown,
    /// An error value, with its message.
    Invalid(String),
}

/// A `!shape.shape`: unranked, ranked with possibly unknown extents (`None`),
/// or invalid (with a message saying why).
///
/// Printed as the dialect writes it: `[*]` unranked, `[?, 2]` ranked with an
/// unknown extent, `[3, 4]` fully known, `[]` a scalar, `[invalid]` invalid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ShapeValue {
    /// A shape whose rank is not known.
    Unranked,
    /// A shape of known rank; `None` extents are not known.
    Ranked(Vec<Option<u64>>),
    /// An error value, with its message.
    Invalid(String),
}

/// The message an operation with invalid operands propagates: the smaller
/// of the operands' messages (one at least is invalid).
fn propagated_error(lhs: Option<&str>, rhs: Option<&str>) -> String {
    let message = lhs.into_iter().chain(rhs).min();
    debug_assert!(message.is_some(), "no invalid operand to propagate");
    message.map(str::to_owned).unwrap_or_default()
}

impl SizeValue {
    /// The known value (`None` if unknown), or the message if invalid.
    fn valid(&self) -> Result<Option<u64>, &str> {
        match self {
            SizeValue::Known(value) => Ok(Some(*value)),
            SizeValue::Unknown => Ok(None),
            SizeValue::Invalid(message) => Err(message),
        }
    }

    /// The valid size with this known value (unknown for `None`).
    fn from_valid(value: Option<u64>) -> SizeValue {
        value.map_or(SizeValue::Unknown, SizeValue::Known)
    }

    /// The message of an invalid size, `None` otherwise.
    pub fn error(&self) -> Option<&str> {
        self.valid().err()
    }

    /// Whether `self` is at least as specific as `other`: `self` is invalid,
    /// or `other` is unknown, or both are the same known size.
    pub fn refines(&self, other: &SizeValue) -> bool {
        match (self.valid(), other.valid()) {
            (Err(_), _) => true,
            (Ok(_), Err(_)) => false,
            (Ok(a), Ok(b)) => flat::refines(a, b),
        }
    }

    /// The most restrictive size both allow: the known one if the other is
    /// unknown, invalid if both are known and differ; invalid operands
    /// propagate.
    pub fn meet(&self, other: &SizeValue) -> SizeValue {
        let (Ok(a), Ok(b)) = (self.valid(), other.valid()) else {
            return SizeValue::Invalid(propagated_error(self.error(), other.error()));
        };
        flat::unify(a, b).map_or_else(
            |(x, y)| {
                let (low, high) = (x.min(y), x.max(y));
                SizeValue::Invalid(format!("sizes {low} and {high} are inconsistent"))
            },
            SizeValue::from_valid,
        )
    }

    /// The most specific size that both refine: the common known size,
    /// unknown if they differ; an invalid operand contributes nothing.
    pub fn join(&self, other: &SizeValue) -> SizeValue {
        match (self.valid(), other.valid()) {
            (Ok(a), Ok(b)) => SizeValue::from_valid(flat::generalize(a, b)),
            (Ok(_), Err(_)) => self.clone(),
            (Err(_), Ok(_)) => other.clone(),
            (Err(_), Err(_)) => SizeValue::Invalid(propagated_error(self.error(), other.error())),
        }
    }
}

impl fmt::Display for SizeValue {
    /// The number, `?` if unknown, `invalid` if invalid.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeValue::Known(value) => write!(f, "{value}"),
            SizeValue::Unknown => f.write_str("?"),
            SizeValue::Invalid(_) => f.write_str("invalid"),
        }
    }
}

impl FromStr for SizeValue {
    type Err = ParseError;

    /// Parses a decimal `u64`, `?`, or `invalid` (with an empty message).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        match text.trim() {
            "?" => Ok(SizeValue::Unknown),
            "invalid" => Ok(SizeValue::Invalid(String::new())),
            digits => digits
                .parse()
                .map(SizeValue::Known)
                .map_err(|_| ParseError::new("a size", text)),
        }
    }
}

impl ShapeValue {
    /// The extents (`None` if unranked), or the message if invalid.
    fn valid(&self) -> Result<Option<&[Option<u64>]>, &str> {
        match self {
            ShapeValue::Unranked => Ok(None),
            ShapeValue::Ranked(extents) => Ok(Some(extents)),
            ShapeValue::Invalid(message) => Err(message),
        }
    }

    /// The valid shape with these extents (unranked for `None`).
    fn from_valid(extents: Option<&[Option<u64>]>) -> ShapeValue {
        extents.map_or(ShapeValue::Unranked, |extents| {
            ShapeValue::Ranked(extents.to_vec())
        })
    }

    /// The message of an invalid shape, `None` otherwise.
    pub fn error(&self) -> Option<&str> {
        self.valid().err()
    }

    /// Whether `self` is at least as specific as `other`: `self` is invalid,
    /// or `other` is unranked, or both have the same rank and every extent
    /// of `other` is unknown or equal to that of `self`.
    pub fn refines(&self, other: &ShapeValue) -> bool {
        match (self.valid(), other.valid()) {
            (Err(_), _) | (Ok(_), Ok(None)) => true,
            (Ok(_), Err(_)) | (Ok(None), Ok(Some(_))) => false,
            (Ok(Some(a)), Ok(Some(b))) => flat::all_pairs(a, b, flat::refines),
        }
    }

    /// `shape.meet`: the least general shape of the two, matching each
    /// extent and keeping the most restrictive information; invalid if the
    /// ranks or two known extents differ. Invalid operands propagate.
    pub fn meet(&self, other: &ShapeValue) -> ShapeValue {
        let (Ok(a), Ok(b)) = (self.valid(), other.valid()) else {
            return ShapeValue::Invalid(propagated_error(self.error(), other.error()));
        };
        match (a, b) {
            (Some(a), Some(b)) => flat::zip_ranked(a, b, |x, y| flat::unify(x, y).ok())
                .map_or_else(
                    |error| ShapeValue::Invalid(error.to_string()),
                    ShapeValue::Ranked,
                ),
            (None, known) | (known, None) => ShapeValue::from_valid(known),
        }
    }

    /// The most specific shape that both refine: unranked if the ranks
    /// differ, else each extent kept where both agree and unknown elsewhere.
    /// An invalid operand contributes nothing.
    pub fn join(&self, other: &ShapeValue) -> ShapeValue {
        match (self.valid(), other.valid()) {
            (Ok(Some(a)), Ok(Some(b))) => {
                flat::zip_ranked(a, b, |x, y| Some(flat::generalize(x, y)))
                    .map_or(ShapeValue::Unranked, ShapeValue::Ranked)
            }
            (Ok(_), Ok(_)) => ShapeValue::Unranked,
            (Ok(_), Err(_)) => self.clone(),
            (Err(_), Ok(_)) => other.clone(),
            (Err(_), Err(_)) => ShapeValue::Invalid(propagated_error(self.error(), other.error())),
        }
    }

    /// The shape value a partial shape describes: dynamic rank is unranked,
    /// dynamic dimensions are unknown extents. A negative static dimension
    /// is not a size, so it makes the value invalid.
    pub fn from_partial(shape: &PartialShape) -> ShapeValue {
        let Some(dims) = shape.dims() else {
            return ShapeValue::Unranked;
        };
        let extent = |(axis, dim): (usize, &Dimension)| match dim.get() {
            None => Ok(None),
            Some(value) => u64::try_from(value)
                .map(Some)
                .map_err(|_| format!("dimension {axis} has negative extent {value}")),
        };
        dims.iter()
            .enumerate()
            .map(extent)
            .collect::<Result<_, _>>()
            .map_or_else(ShapeValue::Invalid, ShapeValue::Ranked)
    }

    /// The partial shape this value describes; `None` if invalid. An extent
    /// above [`Dimension::MAX`] (never an MLIR `index`) becomes a dynamic
    /// dimension, so the result always relaxes the value.
    pub fn to_partial(&self) -> Option<PartialShape> {
        let extents = self.valid().ok()?;
        let dim = |extent: &Option<u64>| {
            extent
                .and_then(|value| i64::try_from(value).ok())
                .and_then(Dimension::new)
                .unwrap_or_default()
        };
        Some(extents.map_or(PartialShape::dynamic(None), |extents| {
            extents.iter().map(dim).collect()
        }))
    }
}

impl fmt::Display for ShapeValue {
    /// `[*]`, `[e0, e1, ...]` with `?` for unknown extents, or `[invalid]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let extents = match self {
            ShapeValue::Unranked => return f.write_str("[*]"),
            ShapeValue::Invalid(_) => return f.write_str("[invalid]"),
            ShapeValue::Ranked(extents) => extents,
        };
        f.write_str("[")?;
        for (axis, extent) in extents.iter().enumerate() {
            if axis > 0 {
                f.write_str(", ")?;
            }
            match extent {
                Some(value) => write!(f, "{value}")?,
                None => f.write_str("?")?,
            }
        }
        f.write_str("]")
    }
}

impl FromStr for ShapeValue {
    type Err = ParseError;

    /// Parses `[*]`, `[invalid]` (with an empty message), or a bracketed
    /// comma-separated list of `?` and decimal `u64` extents.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let error = || ParseError::new("a shape", text);
        let items = split_list(text, '[', ']').ok_or_else(error)?;
        match items.as_slice() {
            ["*"] => Ok(ShapeValue::Unranked),
            ["invalid"] => Ok(ShapeValue::Invalid(String::new())),
            _ => items
                .iter()
                .map(|item| match *item {
                    "?" => Ok(None),
                    digits => digits.parse().map(Some).map_err(|_| error()),
                })
                .collect::<Result<_, _>>()
                .map(ShapeValue::Ranked),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> ShapeValue {
        text.parse().unwrap()
    }

    fn size(text: &str) -> SizeValue {
        text.parse().unwrap()
    }

    fn meet(a: &str, b: &str) -> String {
        shape(a).meet(&shape(b)).to_string()
    }

    #[test]
    fn meet_examples_from_the_doc() {
        // shape.meet: "match each element of the shape/size and propagate the
        // most restrictive information, returning an invalid shape if there
        // are contradictory requirements. E.g., using pseudo code"
        assert_eq!(meet("[*]", "[*]"), "[*]");
        assert_eq!(meet("[*]", "[1, ?]"), "[1, ?]");
        assert_eq!(meet("[1, 2]", "[1, ?]"), "[1, 2]");
        assert_eq!(meet("[*]", "[1, 2]"), "[1, 2]");
        assert_eq!(meet("[]", "[]"), "[]");
        assert_eq!(meet("[]", "[*]"), "[]");
        assert_eq!(meet("[]", "[?, ?]"), "[invalid]");
        assert_eq!(meet("[1, ?]", "[2, ?, ?]"), "[invalid]");
    }

    #[test]
    fn meet_messages() {
        assert_eq!(
            shape("[]").meet(&shape("[?, ?]")).error(),
            Some("ranks are inconsistent")
        );
        assert_eq!(
            shape("[1, ?]").meet(&shape("[2, 3]")).error(),
            Some("dimension 0 constraints are inconsistent")
        );
        // "all functions that return a shape and take shapes as input, return
        // the invalid shape if one of its operands is an invalid shape".
        let bad = ShapeValue::Invalid("b".to_owned());
        let worse = ShapeValue::Invalid("a".to_owned());
        assert_eq!(bad.meet(&shape("[*]")), bad);
        assert_eq!(shape("[1]").meet(&bad), bad);
        assert_eq!(bad.meet(&worse), worse);
        assert_eq!(worse.meet(&bad), worse);
    }

    #[test]
    fn join() {
        let join = |a: &str, b: &str| shape(a).join(&shape(b)).to_string();
        assert_eq!(join("[1, 2]", "[1, 3]"), "[1, ?]");
        assert_eq!(join("[1, 2]", "[1, 2]"), "[1, 2]");
        assert_eq!(join("[1]", "[1, 2]"), "[*]");
        assert_eq!(join("[*]", "[1, 2]"), "[*]");
        assert_eq!(join("[]", "[]"), "[]");
        let bad = ShapeValue::Invalid("b".to_owned());
        assert_eq!(bad.join(&shape("[3]")), shape("[3]"));
        assert_eq!(shape("[3]").join(&bad), shape("[3]"));
        assert_eq!(bad.join(&ShapeValue::Invalid("c".to_owned())), bad);
    }

    #[test]
    fn sizes() {
        // "shape.size represents a non-negative integer with support for
        // being unknown and invalid."
        assert_eq!(size("2").meet(&size("?")), size("2"));
        assert_eq!(size("?").meet(&size("2")), size("2"));
        assert_eq!(size("2").meet(&size("2")), size("2"));
        assert_eq!(
            size("3").meet(&size("2")),
            SizeValue::Invalid("sizes 2 and 3 are inconsistent".to_owned())
        );
        assert_eq!(size("invalid").meet(&size("2")).to_string(), "invalid");
        assert_eq!(size("2").join(&size("3")), size("?"));
        assert_eq!(size("2").join(&size("2")), size("2"));
        assert_eq!(size("2").join(&size("invalid")), size("2"));
        assert!(size("2").refines(&size("?")) && !size("?").refines(&size("2")));
        assert!(size("invalid").refines(&size("2")) && !size("2").refines(&size("invalid")));
        assert_eq!(size("?").error(), None);
        for text in ["0", "18446744073709551615", "?", "invalid"] {
            assert_eq!(size(text).to_string(), text);
        }
        for bad in ["", "-1", "18446744073709551616", "x"] {
            assert!(bad.parse::<SizeValue>().is_err(), "{bad}");
        }
    }

    #[test]
    fn refines() {
        assert!(shape("[1, 2]").refines(&shape("[1, ?]")));
        assert!(shape("[1, 2]").refines(&shape("[*]")));
        assert!(!shape("[*]").refines(&shape("[1, 2]")));
        assert!(!shape("[1]").refines(&shape("[1, ?]")));
        assert!(shape("[invalid]").refines(&shape("[]")));
        assert!(!shape("[]").refines(&shape("[invalid]")));
    }

    #[test]
    fn notation() {
        // "Shape is printed: [*] if it is an unranked shape; [?, 2] if a rank
        // 2 tensor with one unknown dimension; [3, 4] is a rank 2 static
        // tensor; [] is a scalar; [1] is a rank 1 tensor with 1 element;
        // [invalid] for an invalid shape".
        assert_eq!(ShapeValue::Unranked.to_string(), "[*]");
        assert_eq!(
            ShapeValue::Ranked(vec![None, Some(2)]).to_string(),
            "[?, 2]"
        );
        assert_eq!(
            ShapeValue::Ranked(vec![Some(3), Some(4)]).to_string(),
            "[3, 4]"
        );
        assert_eq!(ShapeValue::Ranked(vec![]).to_string(), "[]");
        assert_eq!(ShapeValue::Ranked(vec![Some(1)]).to_string(), "[1]");
        assert_eq!(
            ShapeValue::Invalid("why".to_owned()).to_string(),
            "[invalid]"
        );
        for text in ["[*]", "[?, 2]", "[3, 4]", "[]", "[1]", "[invalid]"] {
            assert_eq!(shape(text).to_string(), text);
        }
        assert_eq!(shape("[1,?]"), shape("[1, ?]"));
        for bad in ["", "[", "[*, 1]", "[-1]", "[1,]", "{1}", "[invalid, 1]"] {
            assert!(bad.parse::<ShapeValue>().is_err(), "{bad}");
        }
    }

    #[test]
    fn partial_shape_conversions() {
        let partial = |text: &str| text.parse::<PartialShape>().unwrap();
        assert_eq!(ShapeValue::from_partial(&partial("?")), shape("[*]"));
        assert_eq!(ShapeValue::from_partial(&partial("{?,2}")), shape("[?, 2]"));
        assert_eq!(ShapeValue::from_partial(&partial("{}")), shape("[]"));
        assert_eq!(
            ShapeValue::from_partial(&partial("{1,-3}")).error(),
            Some("dimension 1 has negative extent -3")
        );
        assert_eq!(shape("[?, 2]").to_partial(), Some(partial("{?,2}")));
        assert_eq!(shape("[*]").to_partial(), Some(partial("?")));
        assert_eq!(shape("[invalid]").to_partial(), None);
        // Extents beyond Dimension::MAX relax to dynamic.
        let huge = ShapeValue::Ranked(vec![Some(u64::MAX), Some(i64::MAX as u64), Some(5)]);
        assert_eq!(huge.to_partial(), Some(partial("{?,?,5}")));
    }
}
