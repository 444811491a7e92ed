//! The flat lattice of "a value or not known", and ranked lists of it.
//!
//! `None` is "not known" (top), `Some(v)` a known value. Every element type of
//! this crate (dimensions, shape extents, sizes) is such a lattice, so the
//! merge/meet and join logic lives here once.

use crate::MergeError;

/// Greatest lower bound: the more specific of the two, or the two known
/// values when they differ (no value satisfies both).
pub(crate) fn unify<T: Eq>(a: Option<T>, b: Option<T>) -> Result<Option<T>, (T, T)> {
    match (a, b) {
        (None, x) | (x, None) => Ok(x),
        (Some(x), Some(y)) if x == y => Ok(Some(x)),
        (Some(x), Some(y)) => Err((x, y)),
    }
}

/// Least upper bound: the value when both are the same, else not known.
pub(crate) fn generalize<T: Eq>(a: Option<T>, b: Option<T>) -> Option<T> {
    if a == b {
        a
    } else {
        None
    }
}

/// Whether `a` is at least as specific as `b` (`b` is unknown or equal).
pub(crate) fn refines<T: Eq>(a: Option<T>, b: Option<T>) -> bool {
    b.is_none() || a == b
}

/// Whether two ranked lists have the same rank and `pred` holds on every
/// pair of corresponding elements.
pub(crate) fn all_pairs<T: Copy>(a: &[T], b: &[T], pred: impl Fn(T, T) -> bool) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| pred(x, y))
}

/// Combines two ranked lists of equal rank elementwise with `f`; a rank
/// difference or an element where `f` fails is reported as a [`MergeError`].
pub(crate) fn zip_ranked<T: Copy>(
    a: &[T],
    b: &[T],
    f: impl Fn(T, T) -> Option<T>,
) -> Result<Vec<T>, MergeError> {
    if a.len() != b.len() {
        return Err(MergeError::Rank {
            lhs: a.len(),
            rhs: b.len(),
        });
    }
    a.iter()
        .zip(b)
        .enumerate()
        .map(|(axis, (&x, &y))| f(x, y).ok_or(MergeError::Dimension { axis }))
        .collect()
}
