//! The hand-set square values: one weight per line pattern and a bonus per
//! threat class. They order moves, seed the training of the learned tables
//! and stand in for any table the weights file does not have.

use crate::pattern::{threat_of, CellThreat, Pattern};

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

/// The side to move can use its squares first: its square values count
/// this many percent, the opponent's `200 -` this.
pub const SIDE_TO_MOVE_SHARE: i32 = 110;

/// The hand-set value of one square given its four patterns.
pub fn square_value(patterns: [Pattern; 4]) -> i32 {
    let lines: i32 = patterns.iter().map(|&p| PATTERN_WEIGHT[p as usize]).sum();
    lines + THREAT_BONUS[threat_of(patterns) as usize]
}

/// Hand-set `mine` value: the side to move's share.
pub fn mine_value(patterns: [Pattern; 4]) -> i32 {
    square_value(patterns) * SIDE_TO_MOVE_SHARE / 100
}

/// Hand-set `theirs` value: the opponent's share.
pub fn theirs_value(patterns: [Pattern; 4]) -> i32 {
    square_value(patterns) * (200 - SIDE_TO_MOVE_SHARE) / 100
}
