//! Game rules: what wins, how `INFO rule` is decoded, and renju's
//! forbidden points for black.

pub mod renju;

#[cfg(test)]
mod renju_cases;
/// The slow, independent renju oracle (the tests' and the protocol
/// fuzzer's reference; never used by the engine).
pub mod renju_reference;
#[cfg(test)]
mod renju_tests;
#[cfg(test)]
mod tests;

pub use crate::board::Rule;

use crate::board::{Board, Colour, Square};

impl Rule {
    /// Decodes an `INFO rule` value (PROTOCOL.md §6.3 and §17.1): the
    /// Piskvork bitmask (1 exact five, 2 continuous game, 4 renju, 8 caro),
    /// except that 2 alone means renju to Yixin Board and Rapfi, which is
    /// how it is read once a Yixin command has been seen. The continuous-game
    /// bit is otherwise ignored (dead squares arrive as BOARD field 3).
    /// Returns `None` for values Ferro cannot play.
    pub fn from_info(value: i64, yixin_mode: bool) -> Option<Rule> {
        match value {
            0 => Some(Rule::Freestyle),
            1 | 3 => Some(Rule::Standard),
            2 if yixin_mode => Some(Rule::Renju),
            2 => Some(Rule::Freestyle),
            4..=6 => Some(Rule::Renju),
            8 | 10 => Some(Rule::Caro {
                overline_wins: true,
            }),
            9 | 11 => Some(Rule::Caro {
                overline_wins: false,
            }),
            _ => None,
        }
    }

    /// The `INFO rule` value that selects this rule.
    pub fn info_value(self) -> i64 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro {
                overline_wins: true,
            } => 8,
            Rule::Caro {
                overline_wins: false,
            } => 9,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro {
                overline_wins: true,
            } => "caro (overlines win)",
            Rule::Caro {
                overline_wins: false,
            } => "caro",
        }
    }
}

/// May `colour` play on the empty square `sq`? Everything is legal except
/// black's forbidden points in renju.
pub fn is_legal(board: &mut Board, sq: Square, colour: Colour) -> bool {
    board.is_empty(sq)
        && !(board.rule() == Rule::Renju
            && colour == Colour::Black
            && renju::is_forbidden(board, sq))
}
