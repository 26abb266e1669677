//! A set of squares of the padded array, one bit per square: the board
//! keeps one per colour and threat class, so that the search finds the few
//! squares of a rare class (a five, a four) without scanning the board.

use super::{Square, SQUARES};

const WORDS: usize = SQUARES.div_ceil(64);

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SquareSet {
    words: [u64; WORDS],
}

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet { words: [0; WORDS] };

    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.words[index / 64] |= 1 << (index % 64);
    }

    #[inline]
    pub fn remove(&mut self, index: usize) {
        self.words[index / 64] &= !(1 << (index % 64));
    }

    /// The `w`-th 64-square word of the set.
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words[w]
    }

    /// The squares of the set whose indices lie in `words` (a range of
    /// 64-square words), in index order, which is row by row.
    #[inline]
    pub fn iter_words(&self, words: std::ops::Range<usize>) -> impl Iterator<Item = Square> + '_ {
        words.flat_map(move |w| word_squares(w, self.words[w]))
    }

    /// Adds the squares of `other` whose indices lie in `words`.
    #[inline]
    pub fn add_words(&mut self, other: &SquareSet, words: std::ops::Range<usize>) {
        for w in words {
            self.words[w] |= other.words[w];
        }
    }

    /// Like [`SquareSet::iter_words`], for a set the iterator owns.
    #[inline]
    pub fn into_iter_words(self, words: std::ops::Range<usize>) -> impl Iterator<Item = Square> {
        words.flat_map(move |w| word_squares(w, self.words[w]))
    }

    /// The word range that holds every index from `first` to `last`.
    pub fn word_range(first: usize, last: usize) -> std::ops::Range<usize> {
        first / 64..last / 64 + 1
    }
}

/// The squares of the bits set in `bits`, the `w`-th word of a set, in
/// index order.
#[inline]
pub fn word_squares(w: usize, mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let bit = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(Square::from_index(w * 64 + bit))
    })
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter_words(0..WORDS).map(|sq| sq.index()))
            .finish()
    }
}
