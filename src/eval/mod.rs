//! Static evaluation from the incremental pattern data.
//!
//! Every empty square carries a value per colour: what a stone of that colour
//! there would make, summed over the four lines, plus a bonus for the
//! combined threat. The board keeps the sums up to date as stones come and
//! go, so evaluating a position is a subtraction. All weights live here.

use crate::board::{Board, Colour};
use crate::pattern::{combo_patterns, threat_of, CellThreat, Combo, Pattern, COMBO_COUNT};
use std::sync::OnceLock;

/// Weight of each line pattern (indexed by `Pattern as usize`).
pub const PATTERN_WEIGHT: [i32; Pattern::COUNT] = [
    0,    // Dead
    0,    // Overline
    1,    // ClosedOne
    3,    // OpenOne
    6,    // ClosedTwo
    20,   // OpenTwo
    24,   // ClosedThree
    90,   // OpenThree
    110,  // Four
    600,  // OpenFour
    600,  // FourFour
    3000, // Five
];

/// Extra weight for the combined threat of a square (indexed by
/// `CellThreat as usize`): combinations are worth more than their parts.
pub const THREAT_BONUS: [i32; CellThreat::COUNT] = [
    0,    // None
    0,    // Two
    0,    // Four
    0,    // Three
    250,  // DoubleThree
    500,  // FourThree
    800,  // DoubleFour
    800,  // OpenFour
    5000, // Five
];

/// Bonus for having the move, in the same units.
pub const TEMPO: i32 = 20;

/// The value of one square given its pattern combination.
pub fn combo_value(patterns: [Pattern; 4]) -> i32 {
    let lines: i32 = patterns.iter().map(|&p| PATTERN_WEIGHT[p as usize]).sum();
    lines + THREAT_BONUS[threat_of(patterns) as usize]
}

/// Cell values for every pattern combination, generated once from the
/// weights above.
pub struct CellValues {
    values: Box<[i32]>,
}

impl CellValues {
    pub fn get() -> &'static CellValues {
        static TABLE: OnceLock<CellValues> = OnceLock::new();
        TABLE.get_or_init(|| CellValues {
            values: (0..COMBO_COUNT as Combo)
                .map(|combo| combo_value(combo_patterns(combo)))
                .collect(),
        })
    }

    #[inline]
    pub fn value(&self, combo: Combo) -> i32 {
        self.values[combo as usize]
    }
}

/// Evaluation of the position for `side` (the side to move), positive when
/// `side` stands better.
pub fn evaluate(board: &Board, side: Colour) -> i32 {
    board.value_sum(side) * SIDE_TO_MOVE_SHARE / 100
        - board.value_sum(side.opponent()) * (200 - SIDE_TO_MOVE_SHARE) / 100
        + TEMPO
}

/// The side to move can use its squares first: its square values count
/// this many percent, the opponent's `200 -` this.
pub const SIDE_TO_MOVE_SHARE: i32 = 110;
