//! Zobrist keys: one random 64-bit number per square and stone kind,
//! generated at start-up from a fixed seed so hashes are the same every run.

use super::SQUARES;
use crate::pattern::CellState;
use std::sync::OnceLock;

/// SplitMix64: small, fast, and good enough to fill hash keys.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Keys indexed by square index, then by cell state (empty has key 0).
pub fn table() -> &'static [[u64; 4]] {
    static KEYS: OnceLock<Box<[[u64; 4]]>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = SplitMix64(0x00F3_2200_C0FF_EE11);
        (0..SQUARES)
            .map(|_| [0, rng.next_u64(), rng.next_u64(), rng.next_u64()])
            .collect()
    })
}

/// The key of `state` on square index `index` (zero for empty).
#[inline]
pub fn key(index: usize, state: CellState) -> u64 {
    table()[index][state as usize]
}
