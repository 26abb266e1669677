//! Per-square data of the padded array, indexed without a bounds check
//! per access: an index is masked (one AND) by the power of two above
//! [`SQUARES`], which the array's length covers, rather than compared with
//! the length (a compare and a branch). Every board update reads and
//! writes dozens of such entries, so this is measurable (README, the
//! twenty-first round).

use super::SQUARES;
use std::ops::{Index, IndexMut};

/// The power of two at or above [`SQUARES`]: indices are masked below it.
const MASK: usize = SQUARES.next_power_of_two() - 1;
/// Length of the array: a few entries past the mask's reach, so that the
/// arrays of one board, allocated side by side, do not start a power of
/// two apart (entry `i` of each would share a first-level cache set).
const LEN: usize = MASK + 1 + 8;

#[derive(Clone)]
pub struct SquareArray<T>(Box<[T; LEN]>);

impl<T: Clone> SquareArray<T> {
    /// An array with every entry `value`.
    pub fn filled(value: T) -> SquareArray<T> {
        let entries: Box<[T]> = vec![value; LEN].into_boxed_slice();
        match entries.try_into() {
            Ok(array) => SquareArray(array),
            Err(_) => unreachable!("the vector has LEN entries"),
        }
    }

    /// Sets every entry to `value`.
    pub fn fill(&mut self, value: T) {
        self.0.fill(value);
    }
}

impl SquareArray<u8> {
    /// The eight entries from `start`, as a little-endian word.
    #[inline]
    pub fn word(&self, start: usize) -> u64 {
        u64::from_le_bytes(self.0[start..start + 8].try_into().expect("eight bytes"))
    }

    /// Sets the eight entries from `start` to the bytes of `word`.
    #[inline]
    pub fn set_word(&mut self, start: usize, word: u64) {
        self.0[start..start + 8].copy_from_slice(&word.to_le_bytes());
    }
}

impl<T> Index<usize> for SquareArray<T> {
    type Output = T;

    #[inline]
    fn index(&self, index: usize) -> &T {
        debug_assert!(
            index < SQUARES,
            "square index {index} out of the padded array"
        );
        &self.0[index & MASK]
    }
}

impl<T> IndexMut<usize> for SquareArray<T> {
    #[inline]
    fn index_mut(&mut self, index: usize) -> &mut T {
        debug_assert!(
            index < SQUARES,
            "square index {index} out of the padded array"
        );
        &mut self.0[index & MASK]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_of_the_padded_array_reach_distinct_entries() {
        let mut array = SquareArray::filled(0usize);
        for index in 0..SQUARES {
            array[index] = index + 1;
        }
        assert!((0..SQUARES).all(|index| array[index] == index + 1));
        array.fill(7);
        assert!((0..SQUARES).all(|index| array[index] == 7));
    }

    #[test]
    fn words_are_eight_entries_little_endian() {
        let mut bytes = SquareArray::filled(0u8);
        for index in 0..8 {
            bytes[100 + index] = index as u8 + 1;
        }
        assert_eq!(bytes.word(100), 0x0807_0605_0403_0201);
        bytes.set_word(200, 0x0102);
        assert_eq!((bytes[200], bytes[201], bytes[202]), (2, 1, 0));
    }
}
