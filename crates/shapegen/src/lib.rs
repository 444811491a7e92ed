//! Random valid shape functions ([`stage1`]) for the tests and the fuzz
//! targets.
//!
//! Every random decision goes through [`Choices`], which needs one method:
//! a number below a bound. [`SplitMix64`] draws them from a seed, so the
//! tests get the same functions for the same seed on every run; with the
//! `arbitrary` feature, `arbitrary::Unstructured` draws them from fuzz input
//! bytes, so a fuzzer mutating bytes mutates functions, each of them valid.

pub mod corpus;
pub mod stage1;

/// A source of random decisions.
pub trait Choices {
    /// A number in `0..n` (`0` when `n` is 0).
    fn below(&mut self, n: usize) -> usize;

    /// True with probability `p` percent.
    fn percent(&mut self, p: u64) -> bool {
        (self.below(100) as u64) < p
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }

    /// One of `items` (not empty).
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// An index drawn by `weights` (one weight per index, not all zero).
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut at = self.below(total as usize) as u32;
        for (i, &w) in weights.iter().enumerate() {
            if at < w {
                return i;
            }
            at -= w;
        }
        weights.len() - 1
    }
}

/// The workspace's generator (splitmix64), which draws the decisions of
/// the seeded tests.
pub use splitmix::SplitMix64;

impl Choices for SplitMix64 {
    fn below(&mut self, n: usize) -> usize {
        SplitMix64::below(self, n)
    }
}

/// Decisions read from fuzz input bytes. Once the bytes run out every
/// decision is `0`, so any input, even an empty one, gives a function.
#[cfg(feature = "arbitrary")]
impl Choices for arbitrary::Unstructured<'_> {
    fn below(&mut self, n: usize) -> usize {
        match n {
            0 | 1 => 0,
            _ => self.int_in_range(0..=n - 1).unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_always_gives_the_same_function() {
        let a = stage1::functions(7, 20);
        assert_eq!(a, stage1::functions(7, 20));
        assert_ne!(a[0].text, a[1].text);
    }

    #[cfg(feature = "arbitrary")]
    #[test]
    fn any_bytes_give_a_function_and_more_bytes_give_others() {
        let empty = stage1::function_with("f", 0, arbitrary::Unstructured::new(&[]));
        assert!(empty.text.starts_with("func.func @f("), "{}", empty.text);
        let bytes: Vec<u8> = (0..=255).collect();
        let rich = stage1::function_with("f", 0, arbitrary::Unstructured::new(&bytes));
        assert_ne!(empty.text, rich.text);
        assert!(rich.body_ops > empty.body_ops, "{}", rich.text);
    }
}
