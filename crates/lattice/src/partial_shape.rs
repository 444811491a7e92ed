//! [`PartialShape`]: a shape whose rank and dimensions may be dynamic.

use std::fmt;
use std::str::FromStr;

use crate::notation::split_list;
use crate::{flat, Dimension, ParseError};

/// A shape that may be partially or totally dynamic: dynamic rank, or a
/// static rank with a [`Dimension`] (static or dynamic) per axis.
///
/// Informal notation: `?` for dynamic rank, else the dimensions in braces
/// separated by commas: `{1,?,2,3}`, `{6}`, `{}`.
///
/// The default shape is the scalar shape `{}` (static rank 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartialShape {
    /// `None` for dynamic rank.
    dims: Option<Vec<Dimension>>,
}

/// Why two partial shapes cannot be merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// Both ranks are static and differ.
    Rank {
        /// The rank of the left-hand shape.
        lhs: usize,
        /// The rank of the right-hand shape.
        rhs: usize,
    },
    /// The dimensions on `axis` are static and differ.
    Dimension {
        /// The axis (0-based) whose constraints are inconsistent.
        axis: usize,
    },
}

impl fmt::Display for MergeError {
    /// The documents' wording: `ranks are inconsistent`, `dimension 0
    /// constraints are inconsistent` (the same whatever the operand order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Rank { .. } => f.write_str("ranks are inconsistent"),
            MergeError::Dimension { axis } => {
                write!(f, "dimension {axis} constraints are inconsistent")
            }
        }
    }
}

impl std::error::Error for MergeError {}

/// Why two partial shapes cannot be broadcast together: on result axis
/// `axis` (counted after padding the shorter shape with 1s on the left) the
/// dimensions are static, differ, and neither is 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BroadcastError {
    /// The axis of the broadcast result.
    pub axis: usize,
    /// The left-hand dimension on that axis.
    pub lhs: Dimension,
    /// The right-hand dimension on that axis.
    pub rhs: Dimension,
}

impl fmt::Display for BroadcastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "dimension {} cannot be broadcast ({} vs {})",
            self.axis, self.lhs, self.rhs
        )
    }
}

impl std::error::Error for BroadcastError {}

impl Default for PartialShape {
    /// The scalar shape `{}`.
    fn default() -> Self {
        PartialShape::new(Vec::new())
    }
}

impl From<Vec<Dimension>> for PartialShape {
    fn from(dims: Vec<Dimension>) -> Self {
        PartialShape::new(dims)
    }
}

impl FromIterator<Dimension> for PartialShape {
    fn from_iter<I: IntoIterator<Item = Dimension>>(iter: I) -> Self {
        PartialShape::new(iter.into_iter().collect())
    }
}

impl PartialShape {
    /// A shape of static rank with the given dimensions.
    pub fn new(dims: Vec<Dimension>) -> Self {
        PartialShape { dims: Some(dims) }
    }

    /// A shape of the given rank (dynamic rank for `None`) with all
    /// dimensions, if any, dynamic.
    pub fn dynamic(rank: Option<usize>) -> Self {
        PartialShape {
            dims: rank.map(|rank| vec![Dimension::dynamic(); rank]),
        }
    }

    /// The rank, `None` if it is dynamic.
    pub fn rank(&self) -> Option<usize> {
        self.dims.as_ref().map(Vec::len)
    }

    /// The dimensions, `None` if the rank is dynamic.
    pub fn dims(&self) -> Option<&[Dimension]> {
        self.dims.as_deref()
    }

    /// The dimension on `axis`; `None` if the rank is dynamic or `axis` is
    /// out of range.
    pub fn get(&self, axis: usize) -> Option<Dimension> {
        self.dims()?.get(axis).copied()
    }

    /// The dimension on `axis`, to update in place; `None` if the rank is
    /// dynamic or `axis` is out of range.
    pub fn get_mut(&mut self, axis: usize) -> Option<&mut Dimension> {
        self.dims.as_mut()?.get_mut(axis)
    }

    /// Whether the rank and all dimensions are static.
    pub fn is_static(&self) -> bool {
        self.dims
            .as_ref()
            .is_some_and(|dims| dims.iter().all(|d| d.is_static()))
    }

    /// Whether the rank or some dimension is dynamic.
    pub fn is_dynamic(&self) -> bool {
        !self.is_static()
    }

    /// Whether the two can be merged: one or both have dynamic rank, or both
    /// have the same static rank and elementwise compatible dimensions.
    pub fn compatible(&self, other: &PartialShape) -> bool {
        match (self.dims(), other.dims()) {
            (Some(a), Some(b)) => flat::all_pairs(a, b, Dimension::compatible),
            _ => true,
        }
    }

    /// Whether the two represent the same scheme: both have dynamic rank, or
    /// both have the same static rank and elementwise the same scheme. This
    /// is the same as `==`.
    pub fn same_scheme(&self, other: &PartialShape) -> bool {
        match (self.dims(), other.dims()) {
            (Some(a), Some(b)) => flat::all_pairs(a, b, Dimension::same_scheme),
            (None, None) => true,
            _ => false,
        }
    }

    /// Whether `self` is a relaxation of `other` (more permissive): `self`
    /// has dynamic rank, or both have the same static rank and every
    /// dimension of `self` is dynamic or equal to that of `other`.
    pub fn relaxes(&self, other: &PartialShape) -> bool {
        match (self.dims(), other.dims()) {
            (None, _) => true,
            (Some(a), Some(b)) => flat::all_pairs(a, b, Dimension::relaxes),
            (Some(_), None) => false,
        }
    }

    /// Whether `self` is a refinement of `other`, i.e. `other.relaxes(self)`.
    pub fn refines(&self, other: &PartialShape) -> bool {
        other.relaxes(self)
    }

    /// Checks that the rank is compatible with `rank` (`None` = dynamic);
    /// if the rank is dynamic and `rank` is static, makes this shape that
    /// rank with all dimensions dynamic. Returns whether they were compatible
    /// (on `false` the shape is unchanged).
    pub fn merge_rank(&mut self, rank: Option<usize>) -> bool {
        match (self.rank(), rank) {
            (_, None) => true,
            (None, Some(_)) => {
                *self = PartialShape::dynamic(rank);
                true
            }
            (Some(own), Some(rank)) => own == rank,
        }
    }

    /// The most permissive shape that is no more permissive than either
    /// (their greatest lower bound in the refinement order).
    pub fn merge(&self, other: &PartialShape) -> Result<PartialShape, MergeError> {
        match (self.dims(), other.dims()) {
            (None, _) => Ok(other.clone()),
            (_, None) => Ok(self.clone()),
            (Some(a), Some(b)) => flat::zip_ranked(a, b, Dimension::merge).map(PartialShape::new),
        }
    }

    /// Merges `src` into `self` (see [`PartialShape::merge`]). On failure
    /// `self` is left unchanged.
    pub fn merge_into(&mut self, src: &PartialShape) -> Result<(), MergeError> {
        *self = self.merge(src)?;
        Ok(())
    }

    /// The shape of the result of broadcasting the two (numpy rules, as
    /// `shape.broadcast` documents): the shorter is padded with 1s on the
    /// left, then dimensions combine as [`Dimension::broadcast_merge`]. If
    /// either rank is dynamic, so is the result's.
    pub fn broadcast_merge(&self, other: &PartialShape) -> Result<PartialShape, BroadcastError> {
        let (Some(a), Some(b)) = (self.dims(), other.dims()) else {
            return Ok(PartialShape::dynamic(None));
        };
        let rank = a.len().max(b.len());
        let padded = |dims: &[Dimension]| {
            std::iter::repeat_n(Dimension::from(1), rank - dims.len())
                .chain(dims.iter().copied())
                .collect::<Vec<_>>()
        };
        padded(a)
            .into_iter()
            .zip(padded(b))
            .enumerate()
            .map(|(axis, (lhs, rhs))| {
                lhs.broadcast_merge(rhs)
                    .ok_or(BroadcastError { axis, lhs, rhs })
            })
            .collect()
    }

    /// Broadcasts `src` into `self` (see [`PartialShape::broadcast_merge`]).
    /// On failure `self` is left unchanged.
    pub fn broadcast_merge_into(&mut self, src: &PartialShape) -> Result<(), BroadcastError> {
        *self = self.broadcast_merge(src)?;
        Ok(())
    }

    /// The dimensions of a static shape; `None` if the shape is dynamic.
    pub fn to_shape(&self) -> Option<Vec<i64>> {
        self.dims()?.iter().map(|d| d.get()).collect()
    }

    /// Whether every static dimension is non-negative (vacuously true for
    /// dynamic rank).
    pub fn all_non_negative(&self) -> bool {
        self.dims()
            .unwrap_or_default()
            .iter()
            .all(|d| d.get().is_none_or(|value| value >= 0))
    }
}

impl fmt::Display for PartialShape {
    /// `?` for dynamic rank, else `{d0,d1,...}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(dims) = self.dims() else {
            return f.write_str("?");
        };
        f.write_str("{")?;
        for (axis, dim) in dims.iter().enumerate() {
            if axis > 0 {
                f.write_str(",")?;
            }
            write!(f, "{dim}")?;
        }
        f.write_str("}")
    }
}

impl FromStr for PartialShape {
    type Err = ParseError;

    /// Parses `?` or `{d0,d1,...}` (whitespace allowed around the parts).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let error = || ParseError::new("a partial shape", text);
        if text.trim() == "?" {
            return Ok(PartialShape::dynamic(None));
        }
        split_list(text, '{', '}')
            .ok_or_else(error)?
            .into_iter()
            .map(|item| item.parse::<Dimension>().map_err(|_| error()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> PartialShape {
        text.parse().unwrap()
    }

    /// `merge(a, b)` printed, or the error printed in brackets.
    fn merged(a: &str, b: &str) -> String {
        match s(a).merge(&s(b)) {
            Ok(shape) => shape.to_string(),
            Err(error) => format!("fails [{error}]"),
        }
    }

    #[test]
    fn merge_examples_from_the_doc() {
        // "To merge two partial shapes s1 and s2 is to find the most
        // permissive partial shape s that is no more permissive than s1 or
        // s2, if s exists. For example:"
        assert_eq!(merged("?", "?"), "?");
        assert_eq!(merged("?", "{?,?}"), "{?,?}");
        assert_eq!(merged("{?,?}", "{?,?}"), "{?,?}");
        assert_eq!(merged("{1,2,3,4}", "?"), "{1,2,3,4}");
        assert_eq!(merged("{1,2}", "{1,?}"), "{1,2}");
        assert_eq!(merged("{1,2,?,?}", "{1,?,3,?}"), "{1,2,3,?}");
        assert_eq!(merged("{1,2,3}", "{1,2,3}"), "{1,2,3}");
        // "merge({1,?},{2,?}) fails [dimension 0 constraints are inconsistent]"
        assert_eq!(
            merged("{1,?}", "{2,?}"),
            "fails [dimension 0 constraints are inconsistent]"
        );
        // "merge({?,?},{?,?,?}) fails [ranks are inconsistent]"
        assert_eq!(
            s("{?,?}").merge(&s("{?,?,?}")),
            Err(MergeError::Rank { lhs: 2, rhs: 3 })
        );
        assert_eq!(merged("{?,?}", "{?,?,?}"), "fails [ranks are inconsistent]");
    }

    #[test]
    fn merge_into_overwrites_dst_and_keeps_it_on_failure() {
        // "merge_into ... overwrites dst with the result and returns true if
        // merging is successful" (we also leave dst unchanged on failure).
        let mut dst = s("{1,2,?,?}");
        assert_eq!(dst.merge_into(&s("{1,?,3,?}")), Ok(()));
        assert_eq!(dst, s("{1,2,3,?}"));
        assert!(dst.merge_into(&s("{2,?,?,?}")).is_err());
        assert_eq!(dst, s("{1,2,3,?}"));
    }

    #[test]
    fn notation_examples_from_the_doc() {
        // "PartialShape s1{PartialShape::dynamic())}; PartialShape s2{};
        // PartialShape s3{1,Dimension::dynamic(),2,3}; PartialShape s4{2,3,4};"
        // "Output: ? {} {1,?,2,3} {2,3,4}"
        let s3 = PartialShape::new(vec![1.into(), Dimension::dynamic(), 2.into(), 3.into()]);
        assert_eq!(PartialShape::dynamic(None).to_string(), "?");
        assert_eq!(PartialShape::default().to_string(), "{}");
        assert_eq!(s3.to_string(), "{1,?,2,3}");
        assert_eq!(
            PartialShape::from(vec![2.into(), 3.into(), 4.into()]).to_string(),
            "{2,3,4}"
        );
        // Informal notation examples: "{1,2,?,4}, {?,?,?}", "{1,2,3,4}, {6}, {}".
        for text in ["?", "{1,2,?,4}", "{?,?,?}", "{1,2,3,4}", "{6}", "{}"] {
            assert_eq!(s(text).to_string(), text);
        }
        assert_eq!(s(" { 1 , ? } "), s("{1,?}"));
        for bad in [
            "",
            "{",
            "{1,}",
            "{,}",
            "[1]",
            "{1 2}",
            "??",
            "{9223372036854775807}",
        ] {
            assert!(bad.parse::<PartialShape>().is_err(), "{bad}");
        }
    }

    #[test]
    fn constructors_and_queries() {
        // "PartialShape s{2,3,4}; // rank=3, all dimensions static
        //  PartialShape s{}; // rank=0
        //  PartialShape s{2,Dimension::dynamic(),3}; // rank=3, dimension 1 dynamic"
        assert_eq!(s("{2,3,4}").rank(), Some(3));
        assert!(s("{2,3,4}").is_static());
        assert_eq!(s("{}").rank(), Some(0));
        assert!(s("{}").is_static());
        assert_eq!(s("{2,?,3}").get(1), Some(Dimension::dynamic()));
        assert!(s("{2,?,3}").is_dynamic());
        // "dynamic(Rank r): A PartialShape with the given rank, and all
        // dimensions (if any) dynamic."
        assert_eq!(PartialShape::dynamic(Some(2)), s("{?,?}"));
        assert_eq!(PartialShape::dynamic(None).rank(), None);
        assert!(PartialShape::dynamic(None).is_dynamic());
        // Indexing never panics.
        assert_eq!(s("{2,3}").get(2), None);
        assert_eq!(s("?").get(0), None);
        let mut shape = s("{2,?}");
        if let Some(dim) = shape.get_mut(1) {
            *dim = Dimension::from(7);
        }
        assert_eq!(shape, s("{2,7}"));
        assert_eq!(shape.get_mut(5), None);
        assert_eq!(
            s("{2,?}").dims(),
            Some(&[Dimension::from(2), Dimension::dynamic()][..])
        );
    }

    #[test]
    fn compatible_same_scheme_relaxes_refines() {
        // "Two shapes are compatible if one or both of them has dynamic rank,
        // or both shapes have [static] and equal rank, and their dimensions
        // are elementwise compatible".
        assert!(s("?").compatible(&s("{1,2}")));
        assert!(s("{1,?}").compatible(&s("{?,2}")));
        assert!(!s("{1,?}").compatible(&s("{2,?}")));
        assert!(!s("{?,?}").compatible(&s("{?}")));
        // "same scheme if they both have dynamic rank, or ... static and equal
        // rank r, and ... s1[i] represents the same scheme as s2[i]".
        assert!(s("?").same_scheme(&s("?")));
        assert!(s("{1,?}").same_scheme(&s("{1,?}")));
        assert!(!s("{1,?}").same_scheme(&s("{1,2}")));
        assert!(!s("?").same_scheme(&s("{}")));
        // "s1 relaxes s2 if: s1 has dynamic rank, or s1 and s2 both have
        // static rank r, and for every i ... either s1[i] is dynamic, or
        // s1[i] == s2[i]."
        assert!(s("?").relaxes(&s("{1}")));
        assert!(s("{?,2}").relaxes(&s("{1,2}")));
        assert!(!s("{1,2}").relaxes(&s("{?,2}")));
        assert!(!s("{1}").relaxes(&s("?")));
        assert!(!s("{?}").relaxes(&s("{?,?}")));
        // "s1.refines(s2) is equivalent to s2.relaxes(s1)".
        assert!(s("{1,2}").refines(&s("{?,2}")));
        assert!(s("{1}").refines(&s("?")));
        assert!(!s("?").refines(&s("{1}")));
    }

    #[test]
    fn merge_rank() {
        // "Checks that this shape's rank is compatible with r, and, if this
        // shape's rank is dynamic and r is static, updates this shape to have
        // a rank of r with dimensions all dynamic."
        let mut shape = s("?");
        assert!(shape.merge_rank(Some(3)));
        assert_eq!(shape, s("{?,?,?}"));
        assert!(shape.merge_rank(None));
        assert!(shape.merge_rank(Some(3)));
        assert!(!shape.merge_rank(Some(2)));
        assert_eq!(shape, s("{?,?,?}"));
        let mut dynamic = s("?");
        assert!(dynamic.merge_rank(None));
        assert_eq!(dynamic, s("?"));
    }

    #[test]
    fn to_shape_and_all_non_negative() {
        // "to_shape: Convert a static PartialShape to a Shape" (None instead
        // of an exception when dynamic).
        assert_eq!(s("{2,3}").to_shape(), Some(vec![2, 3]));
        assert_eq!(s("{}").to_shape(), Some(vec![]));
        assert_eq!(s("{2,?}").to_shape(), None);
        assert_eq!(s("?").to_shape(), None);
        // "Returns true if all static dimensions of the tensor are
        // nonnegative".
        assert!(s("{0,?,3}").all_non_negative());
        assert!(s("?").all_non_negative());
        assert!(!s("{?,-1}").all_non_negative());
    }

    #[test]
    fn broadcast_merge_into() {
        // shape.broadcast: "If the two operand shapes are of different rank
        // the smaller one is padded with 1's from the left."
        let broadcast = |a: &str, b: &str| s(a).broadcast_merge(&s(b)).map(|r| r.to_string());
        assert_eq!(broadcast("{2,2}", "{3,1,2}"), Ok("{3,2,2}".to_owned()));
        assert_eq!(broadcast("{}", "{4,5}"), Ok("{4,5}".to_owned()));
        assert_eq!(broadcast("{5,1}", "{1,7}"), Ok("{5,7}".to_owned()));
        assert_eq!(broadcast("{?,1}", "{3,?}"), Ok("{3,?}".to_owned()));
        assert_eq!(broadcast("?", "{3}"), Ok("?".to_owned()));
        // "cstr_broadcastable [2,2], [3,2] // Failure"
        assert_eq!(
            s("{2,2}").broadcast_merge(&s("{3,2}")),
            Err(BroadcastError {
                axis: 0,
                lhs: Dimension::from(2),
                rhs: Dimension::from(3)
            })
        );
        let mut dst = s("{2,2}");
        assert!(dst.broadcast_merge_into(&s("{3,2}")).is_err());
        assert_eq!(dst, s("{2,2}"));
        assert_eq!(dst.broadcast_merge_into(&s("{3,1,2}")), Ok(()));
        assert_eq!(dst, s("{3,2,2}"));
        assert_eq!(
            s("{1,4}")
                .broadcast_merge(&s("{2,3,5}"))
                .map_err(|e| e.to_string()),
            Err("dimension 2 cannot be broadcast (4 vs 5)".to_owned())
        );
    }
}
