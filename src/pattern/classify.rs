//! Generation of the key → pattern tables.
//!
//! A line window holds eleven cells with the mover's stone on the centre.
//! Its pattern is defined recursively by what one more own stone on an empty
//! cell of the window can make *through the centre*:
//! two ways to a five make a straight four (or two fours in one line), one
//! way makes a four, a way to a straight four makes an open three, and so on
//! down to ones. The recursion always adds stones, so it terminates; a memo
//! over keys keeps generation to a few milliseconds.

use super::{key_shift, CellState, Pattern, HALF_LINE, KEY_COUNT, LINE_LEN};

/// What counts as a winning row, for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum WinCondition {
    /// Five or more in a row.
    FiveOrMore = 0,
    /// Exactly five; six or more is an overline that does not win.
    ExactFive = 1,
    /// Caro, exactly five that is not blocked by opponent stones at both ends.
    CaroExact = 2,
    /// Caro with overlines: a five must not be blocked at both ends; six or
    /// more always wins.
    CaroOverline = 3,
}

impl WinCondition {
    pub const COUNT: usize = 4;
}

const CENTRE: usize = HALF_LINE;
const OWN: CellState = CellState::Black;
const UNKNOWN: u8 = u8::MAX;

fn decode(key: u32) -> [CellState; LINE_LEN] {
    let mut line = [CellState::Empty; LINE_LEN];
    for (i, cell) in line.iter_mut().enumerate() {
        let offset = i as i32 - HALF_LINE as i32;
        *cell = if offset == 0 {
            OWN
        } else {
            match (key >> key_shift(offset)) & 3 {
                0 => CellState::Empty,
                1 => CellState::Black,
                2 => CellState::White,
                _ => CellState::Wall,
            }
        };
    }
    line
}

/// Sets every cell beyond the first wall on each side to a wall: cells behind
/// a wall can never take part in a row through the centre.
fn canonical(key: u32) -> u32 {
    let mut key = key;
    for side in [-1i32, 1] {
        let mut walled = false;
        for distance in 1..=HALF_LINE as i32 {
            let shift = key_shift(side * distance);
            if walled {
                key |= 3 << shift;
            } else if (key >> shift) & 3 == CellState::Wall as u32 {
                walled = true;
            }
        }
    }
    key
}

enum RowThroughCentre {
    Five,
    Overline,
    /// Too short, or a caro five blocked at both ends.
    NotWinning,
}

/// First and last index of the unbroken run of own stones through the
/// centre.
fn run_through_centre(line: &[CellState; LINE_LEN]) -> (usize, usize) {
    let mut left = CENTRE;
    while left > 0 && line[left - 1] == OWN {
        left -= 1;
    }
    let mut right = CENTRE;
    while right + 1 < LINE_LEN && line[right + 1] == OWN {
        right += 1;
    }
    (left, right)
}

fn row_through_centre(line: &[CellState; LINE_LEN], win: WinCondition) -> RowThroughCentre {
    let (left, right) = run_through_centre(line);
    let length = right - left + 1;
    // For a row of exactly five both outer neighbours are inside the window.
    let blocked_both_ends =
        || length == 5 && line[left - 1] == CellState::White && line[right + 1] == CellState::White;
    match win {
        WinCondition::FiveOrMore if length >= 5 => RowThroughCentre::Five,
        WinCondition::ExactFive | WinCondition::CaroExact if length >= 6 => {
            RowThroughCentre::Overline
        }
        WinCondition::ExactFive if length == 5 => RowThroughCentre::Five,
        WinCondition::CaroExact if length == 5 && !blocked_both_ends() => RowThroughCentre::Five,
        WinCondition::CaroOverline if length >= 6 => RowThroughCentre::Five,
        WinCondition::CaroOverline if length == 5 && !blocked_both_ends() => RowThroughCentre::Five,
        _ => RowThroughCentre::NotWinning,
    }
}

struct Generator {
    win: WinCondition,
    memo: Vec<u8>,
}

impl Generator {
    fn with_own_stone(key: u32, index: usize) -> u32 {
        key | ((OWN as u32) << key_shift(index as i32 - HALF_LINE as i32))
    }

    fn pattern(&mut self, key: u32) -> Pattern {
        let cached = self.memo[key as usize];
        if cached != UNKNOWN {
            return Pattern::from_index(cached);
        }
        let pattern = self.classify(key);
        self.memo[key as usize] = pattern as u8;
        pattern
    }

    fn classify(&mut self, key: u32) -> Pattern {
        let line = decode(key);
        match row_through_centre(&line, self.win) {
            RowThroughCentre::Five => return Pattern::Five,
            RowThroughCentre::Overline => return Pattern::Overline,
            RowThroughCentre::NotWinning => {}
        }
        let mut counts = [0u8; Pattern::COUNT];
        for (index, &cell) in line.iter().enumerate() {
            if index != CENTRE && cell == CellState::Empty {
                let next = self.pattern(Self::with_own_stone(key, index));
                counts[next as usize] += 1;
            }
        }
        let count = |p: Pattern| counts[p as usize];
        if count(Pattern::Five) >= 2 {
            if self.is_straight_four(key, &line) {
                Pattern::OpenFour
            } else {
                Pattern::FourFour
            }
        } else if count(Pattern::Five) == 1 {
            Pattern::Four
        } else if count(Pattern::OpenFour) > 0 {
            Pattern::OpenThree
        } else if count(Pattern::Four) + count(Pattern::FourFour) > 0 {
            Pattern::ClosedThree
        } else if count(Pattern::OpenThree) > 0 {
            Pattern::OpenTwo
        } else if count(Pattern::ClosedThree) > 0 {
            Pattern::ClosedTwo
        } else if count(Pattern::OpenTwo) > 0 {
            Pattern::OpenOne
        } else if count(Pattern::ClosedTwo) > 0 {
            Pattern::ClosedOne
        } else {
            Pattern::Dead
        }
    }

    /// An unbroken row of four through the centre whose two outer neighbours
    /// both complete a winning five.
    fn is_straight_four(&mut self, key: u32, line: &[CellState; LINE_LEN]) -> bool {
        let (left, right) = run_through_centre(line);
        if right - left + 1 != 4 || left == 0 || right + 1 == LINE_LEN {
            return false;
        }
        [left - 1, right + 1].into_iter().all(|end| {
            line[end] == CellState::Empty
                && self.pattern(Self::with_own_stone(key, end)) == Pattern::Five
        })
    }
}

/// The full key → pattern table for the own colour stored as "black" (1).
pub(super) fn generate(win: WinCondition) -> Box<[Pattern]> {
    let mut generator = Generator {
        win,
        memo: vec![UNKNOWN; KEY_COUNT],
    };
    let mut table = vec![Pattern::Dead; KEY_COUNT].into_boxed_slice();
    for key in 0..KEY_COUNT as u32 {
        if canonical(key) == key {
            table[key as usize] = generator.pattern(key);
        }
    }
    for key in 0..KEY_COUNT as u32 {
        let canon = canonical(key);
        if canon != key {
            table[key as usize] = table[canon as usize];
        }
    }
    table
}
