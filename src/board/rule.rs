//! The rule in force, as far as the board needs it: what makes a five for
//! each colour. Decoding rules from protocol values and renju's forbidden
//! points live in [`crate::rules`].

use crate::pattern::WinCondition;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline is a legal move that does not win.
    Standard,
    /// Black: exactly five, and forbidden double-three, double-four and
    /// overline. White: five or more.
    Renju,
    /// Exactly five not blocked by the opponent at both ends; with
    /// `overline_wins` a row of six or more wins as well.
    Caro { overline_wins: bool },
}

impl Rule {
    /// Number of distinct rules (caro counts twice).
    pub const COUNT: usize = 5;

    /// A dense number for the rule: 0 freestyle, 1 standard, 2 renju,
    /// 3 caro, 4 caro with overlines (tables per rule, data files).
    pub fn index(self) -> usize {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 2,
            Rule::Caro {
                overline_wins: false,
            } => 3,
            Rule::Caro {
                overline_wins: true,
            } => 4,
        }
    }

    /// The rule numbered `index` by [`Rule::index`].
    pub fn from_index(index: usize) -> Option<Rule> {
        Some(match index {
            0 => Rule::Freestyle,
            1 => Rule::Standard,
            2 => Rule::Renju,
            3 => Rule::Caro {
                overline_wins: false,
            },
            4 => Rule::Caro {
                overline_wins: true,
            },
            _ => return None,
        })
    }

    /// Win conditions for (black, white).
    pub fn win_conditions(self) -> (WinCondition, WinCondition) {
        match self {
            Rule::Freestyle => (WinCondition::FiveOrMore, WinCondition::FiveOrMore),
            Rule::Standard => (WinCondition::ExactFive, WinCondition::ExactFive),
            Rule::Renju => (WinCondition::ExactFive, WinCondition::FiveOrMore),
            Rule::Caro {
                overline_wins: false,
            } => (WinCondition::CaroExact, WinCondition::CaroExact),
            Rule::Caro {
                overline_wins: true,
            } => (WinCondition::CaroOverline, WinCondition::CaroOverline),
        }
    }
}
