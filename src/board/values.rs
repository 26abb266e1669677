//! Per-square values that the board sums as stones come and go.
//!
//! The evaluation owns the numbers (`crate::eval` builds them per rule);
//! the board only knows that each empty square has, per colour, a dense
//! pattern combination, and keeps the sums of whatever tables it was given
//! over the empty squares. A fresh board has all-zero tables until the
//! evaluation attaches its own.

use crate::pattern::DENSE_COMBO_COUNT;

/// Size of the evaluation's threat table: one entry per combination of
/// the threat flags it reads from the board's threat counts (the
/// evaluation defines the flags; the board only stores the table).
pub const THREAT_MASKS: usize = 1 << 11;
use std::sync::OnceLock;

/// A value per dense pattern combination, indexed without a bounds check
/// per access: an index is masked by the power of two above
/// [`DENSE_COMBO_COUNT`], which the table's length covers. The board reads
/// two entries at every pattern change.
#[derive(Clone, Debug, PartialEq)]
pub struct DenseTable<T>(Box<[T; DENSE_SLOTS]>);

/// The power of two at or above [`DENSE_COMBO_COUNT`]: indices are masked
/// below it.
const DENSE_MASK: usize = DENSE_COMBO_COUNT.next_power_of_two() - 1;
/// Length of a [`DenseTable`]: a few entries past the mask's reach, so
/// that tables allocated side by side do not start a power of two apart
/// (their entries would compete for the same first-level cache sets).
const DENSE_SLOTS: usize = DENSE_MASK + 1 + 8;

impl<T> std::ops::Index<usize> for DenseTable<T> {
    type Output = T;

    #[inline]
    fn index(&self, index: usize) -> &T {
        debug_assert!(index < DENSE_COMBO_COUNT, "dense index {index}");
        &self.0[index & DENSE_MASK]
    }
}

/// Collects one value per dense combination (entries past the last are
/// default values that no index reaches).
impl<T: Default + Clone> FromIterator<T> for DenseTable<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> DenseTable<T> {
        let mut entries: Vec<T> = values.into_iter().collect();
        assert_eq!(
            entries.len(),
            DENSE_COMBO_COUNT,
            "one value per combination"
        );
        entries.resize(DENSE_SLOTS, T::default());
        match entries.into_boxed_slice().try_into() {
            Ok(array) => DenseTable(array),
            Err(_) => unreachable!("resized to DENSE_SLOTS"),
        }
    }
}

/// Values of one colour's squares, indexed by dense pattern combination.
pub struct SquareValues {
    /// Hand-set weight of a square for the colour that would play it: which
    /// squares are candidates at all, and the move ordering when there
    /// are no learned logits.
    pub order: DenseTable<i32>,
    /// Learned move-ordering logits of a square of this colour:
    /// `[mine, theirs]`, as a move of this colour and as a square it takes
    /// from this colour (empty when the tables have none).
    pub policy: Box<[[i32; 2]]>,
    /// Evaluation values of a square of this colour: `[mine, theirs]`,
    /// what it is worth when this colour is to move and when the other
    /// colour is (kept side by side: a pattern change reads both).
    pub eval: DenseTable<[i32; 2]>,
}

impl SquareValues {
    pub fn zero() -> SquareValues {
        SquareValues {
            order: std::iter::repeat_n(0, DENSE_COMBO_COUNT).collect(),
            policy: Box::new([]),
            eval: std::iter::repeat_n([0; 2], DENSE_COMBO_COUNT).collect(),
        }
    }
}

/// The tables of both colours (indexed by `Colour::index`).
pub struct ValueTables {
    pub colours: [SquareValues; 2],
    /// What the evaluation adds for having the move, per side to move.
    pub tempo: [i32; 2],
    /// The evaluation's sum is multiplied by this / 100, per side to move.
    pub scale: [i32; 2],
    /// What the evaluation adds for the threats on the board, per side to
    /// move, indexed by threat mask (`THREAT_MASKS` entries).
    pub threat: [Box<[i32]>; 2],
}

impl ValueTables {
    /// All-zero tables: what a board has before an evaluation attaches.
    pub fn zero() -> &'static ValueTables {
        static ZERO: OnceLock<ValueTables> = OnceLock::new();
        ZERO.get_or_init(|| ValueTables {
            colours: [SquareValues::zero(), SquareValues::zero()],
            tempo: [0; 2],
            scale: [100; 2],
            threat: [
                vec![0; THREAT_MASKS].into_boxed_slice(),
                vec![0; THREAT_MASKS].into_boxed_slice(),
            ],
        })
    }
}
