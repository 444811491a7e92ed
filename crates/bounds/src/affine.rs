//! Affine expressions `c + Σ aᵢ·xᵢ` over numbered integer columns.

use std::fmt;

/// A column of a constraint set: one integer unknown.
pub type Column = usize;

/// `constant + Σ coefficient·column`, with the terms sorted by column and
/// no zero coefficient, so equal expressions compare equal. Arithmetic is
/// checked: an operation that would overflow `i64` gives `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Affine {
    terms: Vec<(Column, i64)>,
    constant: i64,
}

impl Affine {
    /// The constant `c`.
    pub fn constant(c: i64) -> Affine {
        Affine {
            terms: Vec::new(),
            constant: c,
        }
    }

    /// The column `x` itself.
    pub fn column(x: Column) -> Affine {
        Affine {
            terms: vec![(x, 1)],
            constant: 0,
        }
    }

    /// `Σ terms + constant`, terms in any order (repeated columns add up).
    pub fn from_terms(
        terms: impl IntoIterator<Item = (Column, i64)>,
        constant: i64,
    ) -> Option<Affine> {
        let mut sum = Affine::constant(constant);
        for (x, a) in terms {
            sum = sum.add(&Affine::column(x).scale(a)?)?;
        }
        Some(sum)
    }

    /// The terms, sorted by column, none zero.
    pub fn terms(&self) -> &[(Column, i64)] {
        &self.terms
    }

    /// The constant part.
    pub fn constant_part(&self) -> i64 {
        self.constant
    }

    /// The value, when the expression has no term.
    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// The coefficient of `x` (0 when absent).
    pub fn coefficient(&self, x: Column) -> i64 {
        self.terms
            .binary_search_by_key(&x, |&(c, _)| c)
            .map_or(0, |i| self.terms[i].1)
    }

    /// `self + other`.
    pub fn add(&self, other: &Affine) -> Option<Affine> {
        self.combine(1, other, 1)
    }

    /// `self - other`.
    pub fn sub(&self, other: &Affine) -> Option<Affine> {
        self.combine(1, other, -1)
    }

    /// `k · self`.
    pub fn scale(&self, k: i64) -> Option<Affine> {
        if k == 0 {
            return Some(Affine::constant(0));
        }
        Some(Affine {
            terms: self
                .terms
                .iter()
                .map(|&(x, a)| Some((x, a.checked_mul(k)?)))
                .collect::<Option<_>>()?,
            constant: self.constant.checked_mul(k)?,
        })
    }

    /// `self + c`.
    pub fn offset(&self, c: i64) -> Option<Affine> {
        Some(Affine {
            terms: self.terms.clone(),
            constant: self.constant.checked_add(c)?,
        })
    }

    /// `p·self + q·other`.
    pub fn combine(&self, p: i64, other: &Affine, q: i64) -> Option<Affine> {
        let mut terms = Vec::with_capacity(self.terms.len() + other.terms.len());
        let (mut i, mut j) = (0, 0);
        while i < self.terms.len() || j < other.terms.len() {
            let left = self.terms.get(i).copied();
            let right = other.terms.get(j).copied();
            let (x, a) = match (left, right) {
                (Some((x, a)), Some((y, b))) if x == y => {
                    i += 1;
                    j += 1;
                    (x, a.checked_mul(p)?.checked_add(b.checked_mul(q)?)?)
                }
                (Some((x, a)), Some((y, _))) if x < y => {
                    i += 1;
                    (x, a.checked_mul(p)?)
                }
                (Some((x, a)), None) => {
                    i += 1;
                    (x, a.checked_mul(p)?)
                }
                (_, Some((y, b))) => {
                    j += 1;
                    (y, b.checked_mul(q)?)
                }
                (None, None) => unreachable!("the loop condition holds"),
            };
            if a != 0 {
                terms.push((x, a));
            }
        }
        let constant = self
            .constant
            .checked_mul(p)?
            .checked_add(other.constant.checked_mul(q)?)?;
        Some(Affine { terms, constant })
    }

    /// `self` with every `x` replaced by `by` (`by` must not mention `x`).
    pub fn substitute(&self, x: Column, by: &Affine) -> Option<Affine> {
        let a = self.coefficient(x);
        if a == 0 {
            return Some(self.clone());
        }
        let without = Affine {
            terms: self
                .terms
                .iter()
                .copied()
                .filter(|&(c, _)| c != x)
                .collect(),
            constant: self.constant,
        };
        without.combine(1, by, a)
    }

    /// The greatest common divisor of the coefficients (0 with no term).
    pub fn coefficient_gcd(&self) -> i64 {
        self.terms.iter().fold(0, |g, &(_, a)| gcd(g, a))
    }

    /// The value at a point, `None` on overflow.
    pub fn eval(&self, value_of: &impl Fn(Column) -> i64) -> Option<i64> {
        self.terms.iter().try_fold(self.constant, |sum, &(x, a)| {
            sum.checked_add(a.checked_mul(value_of(x))?)
        })
    }

    /// Every column mentioned.
    pub fn columns(&self) -> impl Iterator<Item = Column> + '_ {
        self.terms.iter().map(|&(x, _)| x)
    }

    /// Every term divided exactly by `d`, the constant by `d` rounded down
    /// (`None` when a coefficient is not a multiple of `d`).
    pub(crate) fn divide_floor(&self, d: i64) -> Option<Affine> {
        debug_assert!(d > 0);
        Some(Affine {
            terms: self
                .terms
                .iter()
                .map(|&(x, a)| (a % d == 0).then_some((x, a / d)))
                .collect::<Option<_>>()?,
            constant: self.constant.div_euclid(d),
        })
    }
}

/// The greatest common divisor, always non-negative; 1 (still a common
/// divisor) for the one gcd an `i64` cannot hold, 2^63 (of `i64::MIN` and
/// itself or 0).
pub fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

impl fmt::Display for Affine {
    /// `2*x0 - x3 + 5`; `0` for the zero expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for &(x, a) in &self.terms {
            let sign = if a < 0 { "-" } else { "+" };
            if first {
                if a < 0 {
                    f.write_str("-")?;
                }
            } else {
                write!(f, " {sign} ")?;
            }
            match a.unsigned_abs() {
                1 => write!(f, "x{x}")?,
                m => write!(f, "{m}*x{x}")?,
            }
            first = false;
        }
        match (first, self.constant) {
            (true, c) => write!(f, "{c}"),
            (false, 0) => Ok(()),
            (false, c) if c < 0 => write!(f, " - {}", c.unsigned_abs()),
            (false, c) => write!(f, " + {c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_keeps_terms_sorted_and_nonzero() {
        let e = Affine::from_terms([(3, 2), (1, 1), (3, -2)], 4).unwrap();
        assert_eq!(e.terms(), &[(1, 1)]);
        assert_eq!(e.to_string(), "x1 + 4");
        let f = Affine::column(0)
            .combine(2, &Affine::column(2), -1)
            .unwrap();
        assert_eq!(f.to_string(), "2*x0 - x2");
        assert_eq!(
            f.substitute(2, &Affine::constant(3)).unwrap().to_string(),
            "2*x0 - 3"
        );
        assert_eq!(Affine::constant(i64::MAX).offset(1), None);
        assert_eq!(Affine::column(0).scale(i64::MIN).unwrap().scale(-1), None);
        assert_eq!(gcd(-12, 18), 6);
        assert_eq!(gcd(i64::MIN, 0), 1);
        assert_eq!(gcd(i64::MIN, 6), 2);
        assert_eq!(
            Affine::from_terms([(0, 4), (1, 6)], -3)
                .unwrap()
                .divide_floor(2)
                .unwrap()
                .to_string(),
            "2*x0 + 3*x1 - 2"
        );
    }
}
