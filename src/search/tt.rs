//! Transposition table: Zobrist-keyed buckets of small entries, replaced by
//! depth and age. Mate scores are stored relative to the node (distance
//! from the node, not from the root) and converted back on probe.

use super::score::MATE_BOUND;
use crate::board::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    None = 0,
    /// The value is an upper bound (search failed low).
    Upper = 1,
    /// The value is a lower bound (search failed high).
    Lower = 2,
    Exact = 3,
}

/// One entry: 12 bytes.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    /// Upper 32 bits of the position hash.
    key: u32,
    /// Square index of the best move, 0 for none (index 0 is padding).
    best: u16,
    value: i16,
    eval: i16,
    depth: i8,
    /// Bound in the low two bits, age above.
    bound_age: u8,
}

const ENTRIES_PER_BUCKET: usize = 5;

/// Five entries and padding: 64 bytes. Aligned to 16, not 64: the
/// allocator's zeroed path (calloc, lazily committed pages) is only taken for
/// alignments up to 16; larger ones are memset at once.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// `count` all-zero buckets straight from the allocator (calloc), so the
/// pages are only committed when first written.
fn zeroed_buckets(count: usize) -> Vec<Bucket> {
    let layout = std::alloc::Layout::array::<Bucket>(count).expect("table size fits in memory");
    // SAFETY: `Bucket` is plain data (integers only) whose all-zero bit
    // pattern is its `Default` value; the pointer comes from the global
    // allocator with exactly the layout of `count` buckets, which is what
    // `Vec::from_raw_parts` needs to own and later free it.
    unsafe {
        let pointer = std::alloc::alloc_zeroed(layout) as *mut Bucket;
        if pointer.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(pointer, count, count)
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    pub best: Option<Square>,
    pub value: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
    /// Anything stored since the last clear?
    used: bool,
}

/// Tables up to this size are cleared by writing zeros (above it, glibc
/// and Windows always map fresh zeroed pages for the allocation).
const IN_PLACE_CLEAR_BYTES: usize = 32 << 20;

/// Converts a score to its stored form: mate distances count from this node.
pub fn value_to_tt(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value + ply as i32
    } else if value <= -MATE_BOUND {
        value - ply as i32
    } else {
        value
    }
}

/// Converts a stored score back: mate distances count from the root again.
pub fn value_from_tt(value: i32, ply: usize) -> i32 {
    if value >= MATE_BOUND {
        value - ply as i32
    } else if value <= -MATE_BOUND {
        value + ply as i32
    } else {
        value
    }
}

impl TranspositionTable {
    /// A table using at most `bytes` (at least one bucket).
    pub fn new(bytes: usize) -> TranspositionTable {
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: zeroed_buckets(count),
            age: 0,
            used: false,
        }
    }

    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties the table. An unused table is left alone. A small one is
    /// zeroed in place: freeing and re-allocating it would let the allocator
    /// serve the new table from its heap (memset, resident beside the old
    /// pages). A large one is freed first and re-allocated: allocations this
    /// big always come straight from the OS, lazily zeroed, so clearing
    /// costs no time and untouched pages no memory.
    pub fn clear(&mut self) {
        if self.used {
            let count = self.buckets.len();
            if self.size_bytes() <= IN_PLACE_CLEAR_BYTES {
                self.buckets.fill(Bucket::default());
            } else {
                self.buckets = Vec::new();
                self.buckets = zeroed_buckets(count);
            }
        }
        self.used = false;
        self.age = 0;
    }

    /// Marks the start of a new search, so old entries age out first.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3F;
    }

    #[inline]
    fn bucket_index(&self, hash: u64) -> usize {
        // Multiply-shift maps the hash onto any bucket count evenly.
        ((hash as u32 as u64 * self.buckets.len() as u64) >> 32) as usize
    }

    #[inline]
    fn check_key(hash: u64) -> u32 {
        (hash >> 32) as u32
    }

    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtHit> {
        let key = Self::check_key(hash);
        let bucket = &self.buckets[self.bucket_index(hash)];
        let entry = bucket
            .entries
            .iter()
            .find(|e| e.key == key && e.bound_age & 3 != 0)?;
        let bound = match entry.bound_age & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        Some(TtHit {
            best: (entry.best != 0).then(|| Square::from_index(entry.best as usize)),
            value: value_from_tt(entry.value as i32, ply),
            eval: entry.eval as i32,
            depth: entry.depth as i32,
            bound,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        hash: u64,
        best: Option<Square>,
        value: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let key = Self::check_key(hash);
        let age = self.age;
        let index = self.bucket_index(hash);
        self.used = true;
        let bucket = &mut self.buckets[index];
        // Same position: keep the deeper result unless this one is exact or
        // the old one is stale.
        let slot = match bucket.entries.iter().position(|e| e.key == key) {
            Some(i) => {
                let old = bucket.entries[i];
                let stale = old.bound_age >> 2 != age;
                if bound != Bound::Exact && !stale && depth + 2 < old.depth as i32 {
                    return;
                }
                i
            }
            None => {
                // Replace the entry worth least: shallow and old.
                let worth = |e: &Entry| {
                    let age_gap = (age.wrapping_sub(e.bound_age >> 2) & 0x3F) as i32;
                    e.depth as i32 - 8 * age_gap - if e.bound_age & 3 == 0 { 1000 } else { 0 }
                };
                (0..ENTRIES_PER_BUCKET)
                    .min_by_key(|&i| worth(&bucket.entries[i]))
                    .unwrap_or(0)
            }
        };
        let previous_best = bucket.entries[slot].best;
        let same_key = bucket.entries[slot].key == key;
        bucket.entries[slot] = Entry {
            key,
            best: match best {
                Some(sq) => sq.index() as u16,
                None if same_key => previous_best,
                None => 0,
            },
            value: value_to_tt(value, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            bound_age: bound as u8 | (age << 2),
        };
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> usize {
        let sample = self.buckets.len().min(1000);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                b.entries
                    .iter()
                    .filter(|e| e.bound_age & 3 != 0 && e.bound_age >> 2 == self.age)
                    .count()
            })
            .sum();
        used * 1000 / (sample * ENTRIES_PER_BUCKET).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::score::{is_mate_score, mate_in, mated_in};
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let mut tt = TranspositionTable::new(1 << 16);
        let sq = Square::new(7, 7);
        tt.store(
            0xDEAD_BEEF_1234_5678,
            Some(sq),
            123,
            -40,
            9,
            Bound::Lower,
            3,
        );
        let hit = tt.probe(0xDEAD_BEEF_1234_5678, 3).unwrap();
        assert_eq!(hit.best, Some(sq));
        assert_eq!(
            (hit.value, hit.eval, hit.depth, hit.bound),
            (123, -40, 9, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEF_1234_5679 ^ (1 << 40), 3).is_none());
    }

    #[test]
    fn mate_scores_are_adjusted_by_ply() {
        let mut tt = TranspositionTable::new(1 << 16);
        // Found at ply 4: a win 3 plies after this node.
        let win = mate_in(4 + 3);
        tt.store(42 << 32 | 7, None, win, 0, 5, Bound::Exact, 4);
        // Seen again at ply 10, the same win is 3 plies away from there.
        assert_eq!(tt.probe(42 << 32 | 7, 10).unwrap().value, mate_in(10 + 3));
        let loss = mated_in(6);
        tt.store(43 << 32 | 7, None, loss, 0, 5, Bound::Exact, 2);
        assert_eq!(tt.probe(43 << 32 | 7, 0).unwrap().value, mated_in(4));
        assert!(is_mate_score(loss) && !is_mate_score(500));
    }

    #[test]
    fn deeper_entries_survive_shallow_ones_of_the_same_position() {
        let mut tt = TranspositionTable::new(1 << 16);
        tt.store(
            99 << 32 | 5,
            Some(Square::new(1, 1)),
            10,
            0,
            12,
            Bound::Lower,
            0,
        );
        tt.store(99 << 32 | 5, None, 20, 0, 2, Bound::Upper, 0);
        let hit = tt.probe(99 << 32 | 5, 0).unwrap();
        assert_eq!((hit.depth, hit.value), (12, 10));
        tt.new_search();
        tt.store(99 << 32 | 5, None, 20, 0, 2, Bound::Upper, 0);
        let hit = tt.probe(99 << 32 | 5, 0).unwrap();
        assert_eq!(
            (hit.depth, hit.value, hit.best),
            (2, 20, Some(Square::new(1, 1)))
        );
    }

    #[test]
    fn clear_empties_the_table() {
        let mut tt = TranspositionTable::new(1 << 16);
        tt.store(1 << 32, None, 1, 0, 1, Bound::Exact, 0);
        assert!(tt.hashfull() > 0 || tt.probe(1 << 32, 0).is_some());
        tt.clear();
        assert!(tt.probe(1 << 32, 0).is_none());
    }
}
