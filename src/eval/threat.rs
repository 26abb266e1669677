//! The threat term of the evaluation: which kinds of threat each side could
//! make with its next stone, as a bit mask, with a learned value per mask
//! and side to move. Pattern sums are linear in the squares; whether the
//! side to move or the opponent holds the first four-three is not, and a
//! table over the combinations of threat kinds learns that.

use crate::board::{Board, Colour, THREAT_MASKS};
use crate::pattern::CellThreat;

/// The flags of a threat mask, for the side to move (`own`) and the
/// opponent: bit `i` is set when some empty square gives that side the
/// threat class(es) of entry `i`.
const FLAGS: [(bool, &[CellThreat]); 11] = [
    (false, &[CellThreat::Five]),
    (true, &[CellThreat::OpenFour, CellThreat::DoubleFour]),
    (false, &[CellThreat::OpenFour, CellThreat::DoubleFour]),
    (true, &[CellThreat::FourThree]),
    (true, &[CellThreat::Four]),
    (true, &[CellThreat::DoubleThree]),
    (true, &[CellThreat::Three]),
    (false, &[CellThreat::FourThree]),
    (false, &[CellThreat::Four]),
    (false, &[CellThreat::DoubleThree]),
    (false, &[CellThreat::Three]),
];

const _: () = assert!(1 << FLAGS.len() == THREAT_MASKS);

/// The threat mask of the position with `side` to move.
#[inline]
pub fn threat_mask(board: &Board, side: Colour) -> usize {
    let mut mask = 0;
    for (bit, &(own, classes)) in FLAGS.iter().enumerate() {
        let colour = if own { side } else { side.opponent() };
        if classes.iter().any(|&c| board.threat_count(colour, c) > 0) {
            mask |= 1 << bit;
        }
    }
    mask
}
