//! The one pseudo-random generator of the workspace: splitmix64, small and
//! deterministic. A seed always gives the same sequence, on every platform
//! and run, so sampled inputs, drawn events and random test cases are
//! reproducible. Not for cryptography.

/// A splitmix64 generator: its state advances by a fixed odd step and each
/// number is that state mixed.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator whose state starts at `state`.
    pub fn new(state: u64) -> Self {
        SplitMix64(state)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (the next number modulo `n`; `0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn the_sequence_is_splitmix64() {
        // The reference values of splitmix64 from seed 0.
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(g.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(g.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn below_stays_below() {
        let mut g = SplitMix64::new(7);
        assert!((0..100).all(|_| g.below(5) < 5));
        assert_eq!(g.below(0), 0);
    }
}
