//! Transposition table: Zobrist-keyed buckets of small entries, replaced by
//! depth and age. Mate scores are stored relative to the node (distance
//! from the node, not from the root) and converted back on probe.
//!
//! The table is shared by the search threads without locks: every entry is
//! a 64-bit data word and a 32-bit check word, each read and written
//! atomically (Relaxed) but not together. The check word holds the key
//! XOR a hash of the data word, so an entry torn by two threads writing at
//! once (the check of one write, the data of another) decodes to a key
//! that matches nothing and reads as a miss.

use super::score::MATE_BOUND;
use crate::board::Square;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

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

/// One entry, decoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

impl Entry {
    /// Everything but the key, in one word: best, value, eval, depth and
    /// bound_age from the low bits up.
    fn data(&self) -> u64 {
        self.best as u64
            | (self.value as u16 as u64) << 16
            | (self.eval as u16 as u64) << 32
            | (self.depth as u8 as u64) << 48
            | (self.bound_age as u64) << 56
    }

    fn from_words(check: u32, data: u64) -> Entry {
        Entry {
            key: check ^ data_hash(data),
            best: data as u16,
            value: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8 as i8,
            bound_age: (data >> 56) as u8,
        }
    }

    fn check(&self) -> u32 {
        self.key ^ data_hash(self.data())
    }
}

/// 32 bits that change with any change of the data word (multiply by an
/// odd constant, keep the high half), so that data paired with the check
/// word of another write, even one for the same position, fails the key
/// comparison (but for a 2^-32 chance, like any key collision). The hash of
/// the empty (zero) word is zero: a zeroed entry reads as key 0, unused.
#[inline]
fn data_hash(data: u64) -> u32 {
    (data.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32
}

const ENTRIES_PER_BUCKET: usize = 5;

/// Five entries, data words first, and padding: 64 bytes. Aligned to 16,
/// not 64: the allocator's zeroed path (calloc, lazily committed pages) is
/// only taken for alignments up to 16; larger ones are memset at once.
#[derive(Default)]
#[repr(C, align(16))]
struct Bucket {
    data: [AtomicU64; ENTRIES_PER_BUCKET],
    checks: [AtomicU32; ENTRIES_PER_BUCKET],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

impl Bucket {
    #[inline]
    fn load(&self, slot: usize) -> Entry {
        // Either word may come from another thread's write: from_words
        // then yields a key that matches nothing.
        let data = self.data[slot].load(Ordering::Relaxed);
        Entry::from_words(self.checks[slot].load(Ordering::Relaxed), data)
    }

    #[inline]
    fn save(&self, slot: usize, entry: &Entry) {
        self.data[slot].store(entry.data(), Ordering::Relaxed);
        self.checks[slot].store(entry.check(), Ordering::Relaxed);
    }
}

/// `count` all-zero buckets straight from the allocator (calloc), so the
/// pages are only committed when first written.
fn zeroed_buckets(count: usize) -> Vec<Bucket> {
    let layout = std::alloc::Layout::array::<Bucket>(count).expect("table size fits in memory");
    // SAFETY: `Bucket` holds only atomic integers, which have the in-memory
    // representation of plain integers, so the all-zero bit pattern is a
    // valid bucket (its `Default` value); the pointer comes from the global
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

/// Drops `value` on a short-lived thread of its own (or here, when no
/// thread can be started): freeing a large table must not delay a move.
pub fn free_in_background<T: Send + 'static>(value: T) {
    let spawned = std::thread::Builder::new()
        .name("free-table".into())
        .spawn(move || drop(value));
    if let Err(e) = spawned {
        log::debug!("could not start a thread to free a table: {e}");
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

/// Shared by the search threads through `&self` (probe and store); clear
/// and new_search take `&mut self`, between searches.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
    /// Anything stored since the last clear?
    used: AtomicBool,
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
            used: AtomicBool::new(false),
        }
    }

    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties the table. An unused table is left alone. A small one is
    /// zeroed in place: freeing and re-allocating it would let the allocator
    /// serve the new table from its heap (memset, resident beside the old
    /// pages). A large one is re-allocated: allocations this big always
    /// come straight from the OS, lazily zeroed, so the new table costs no
    /// time and untouched pages no memory; the old one is freed on another
    /// thread, as returning hundreds of MiB of written pages takes tens of
    /// milliseconds of the move on a busy machine.
    pub fn clear(&mut self) {
        if *self.used.get_mut() {
            let count = self.buckets.len();
            if self.size_bytes() <= IN_PLACE_CLEAR_BYTES {
                self.buckets.fill_with(Bucket::default);
            } else {
                let old = std::mem::take(&mut self.buckets);
                free_in_background(old);
                self.buckets = zeroed_buckets(count);
            }
        }
        *self.used.get_mut() = false;
        self.age = 0;
    }

    /// Writes a zero into every memory page of a fresh table, so that the
    /// system commits them now rather than on the search's first probes
    /// (a fresh table's pages are mapped lazily, and a first touch costs a
    /// page fault). The bench does this before it starts its clock, so
    /// that a game-sized table measures probes, not page faults.
    pub fn prefault(&mut self) {
        // Only a fresh table: the zero would clobber a stored entry.
        if *self.used.get_mut() {
            return;
        }
        const BUCKETS_PER_PAGE: usize = 4096 / std::mem::size_of::<Bucket>();
        for bucket in self.buckets.iter_mut().step_by(BUCKETS_PER_PAGE) {
            *bucket.data[0].get_mut() = 0;
        }
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

    /// Asks the processor to start loading `hash`'s bucket now, so that a
    /// probe a little later finds it in cache rather than waiting on
    /// memory (a large table misses the cache on nearly every probe).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[self.bucket_index(hash)];
            // SAFETY: a prefetch is only a hint: it reads nothing into the
            // program's state and cannot fault, and the pointer is that of
            // a live bucket.
            #[allow(unused_unsafe)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket as *const i8)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    #[inline]
    fn check_key(hash: u64) -> u32 {
        (hash >> 32) as u32
    }

    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtHit> {
        let key = Self::check_key(hash);
        let bucket = &self.buckets[self.bucket_index(hash)];
        let entry = (0..ENTRIES_PER_BUCKET)
            .map(|slot| bucket.load(slot))
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
        &self,
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
        self.mark_used();
        let bucket = &self.buckets[self.bucket_index(hash)];
        let entries: [Entry; ENTRIES_PER_BUCKET] = std::array::from_fn(|slot| bucket.load(slot));
        // Same position: keep the deeper result unless this one is exact or
        // the old one is stale.
        let slot = match entries.iter().position(|e| e.key == key) {
            Some(i) => {
                let old = entries[i];
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
                    .min_by_key(|&i| worth(&entries[i]))
                    .unwrap_or(0)
            }
        };
        let previous = entries[slot];
        let entry = Entry {
            key,
            best: match best {
                Some(sq) => sq.index() as u16,
                None if previous.key == key => previous.best,
                None => 0,
            },
            value: value_to_tt(value, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            bound_age: bound as u8 | (age << 2),
        };
        bucket.save(slot, &entry);
    }

    /// Sets `used`, reading first: a flag every thread writes at every
    /// store would bounce its cache line between the cores.
    #[inline]
    fn mark_used(&self) {
        if !self.used.load(Ordering::Relaxed) {
            self.used.store(true, Ordering::Relaxed);
        }
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> usize {
        let sample = self.buckets.len().min(1000);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                (0..ENTRIES_PER_BUCKET)
                    .map(|slot| b.load(slot))
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
    fn prefault_keeps_a_fresh_table_empty_and_a_used_one_intact() {
        let mut tt = TranspositionTable::new(1 << 16);
        tt.prefault();
        // A hash whose low half is 0 lands in bucket 0, the first of a page.
        let hash = 0xDEAD_BEEF_0000_0000;
        assert!(tt.probe(hash, 0).is_none());
        tt.store(hash, Some(Square::new(3, 4)), 77, 5, 6, Bound::Exact, 0);
        tt.prefault();
        let hit = tt.probe(hash, 0).expect("a used table is left alone");
        assert_eq!((hit.best, hit.value), (Some(Square::new(3, 4)), 77));
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1 << 16);
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
        let tt = TranspositionTable::new(1 << 16);
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

    /// The words of slot 0 of the only bucket of a one-bucket table.
    fn words(tt: &TranspositionTable) -> (u32, u64) {
        let bucket = &tt.buckets[0];
        (
            bucket.checks[0].load(Ordering::Relaxed),
            bucket.data[0].load(Ordering::Relaxed),
        )
    }

    fn set_words(tt: &TranspositionTable, (check, data): (u32, u64)) {
        let bucket = &tt.buckets[0];
        bucket.checks[0].store(check, Ordering::Relaxed);
        bucket.data[0].store(data, Ordering::Relaxed);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(64);
        let (a, b) = (5 << 32, 6 << 32);
        // Two writes of one position, then of two positions, into slot 0.
        tt.store(a, Some(Square::new(2, 2)), 10, 1, 4, Bound::Lower, 0);
        let first = words(&tt);
        tt.store(a, Some(Square::new(3, 3)), -20, 2, 6, Bound::Exact, 0);
        let second = words(&tt);
        set_words(&tt, (second.0, 0));
        tt.store(b, None, 30, 3, 1, Bound::Upper, 0);
        let other = words(&tt);
        assert!(first.1 != second.1 && second.1 != other.1);
        for (torn, key) in [
            ((first.0, second.1), a),
            ((second.0, first.1), a),
            ((first.0, other.1), a),
            ((other.0, first.1), b),
        ] {
            set_words(&tt, torn);
            assert_eq!(tt.probe(key, 0), None, "torn words {torn:x?}");
        }
        // The words of one write still read back.
        set_words(&tt, second);
        assert_eq!(tt.probe(a, 0).unwrap().value, -20);
    }

    #[test]
    fn threads_writing_one_bucket_never_read_a_mixed_entry() {
        let tt = TranspositionTable::new(64);
        // Every field follows from the key, so a hit mixing two writes
        // shows as a field that does not.
        let value_of = |key: u64| (key % 1000) as i32;
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for i in 0..50_000u64 {
                        let key = (i * 7 + thread) % 23 + 1;
                        let hash = key << 32;
                        let best = Square::from_index(key as usize + 40);
                        let depth = (key % 9) as i32;
                        tt.store(
                            hash,
                            Some(best),
                            value_of(key),
                            -value_of(key),
                            depth,
                            Bound::Exact,
                            0,
                        );
                        let probed = (key * 5) % 23 + 1;
                        if let Some(hit) = tt.probe(probed << 32, 0) {
                            assert_eq!(
                                (hit.value, hit.eval, hit.depth, hit.best),
                                (
                                    value_of(probed),
                                    -value_of(probed),
                                    (probed % 9) as i32,
                                    Some(Square::from_index(probed as usize + 40))
                                )
                            );
                        }
                    }
                });
            }
        });
    }
}
