//! Zobrist keys: one random 64-bit number per square and stone kind,
//! generated at start-up from a fixed seed so hashes are the same every run.

use super::SQUARES;
use crate::pattern::CellState;
use crate::rng::SplitMix64;
use std::sync::OnceLock;

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
