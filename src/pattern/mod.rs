//! Line patterns: what placing a stone on a cell makes in one direction.
//!
//! Every cell keeps, per direction, a *line key*: the states of the five
//! cells on each side (ten neighbours, two bits each, 20 bits). The pattern a
//! colour would make by playing the cell is then a single lookup in a table
//! indexed by that key. The tables are generated here at first use, from a
//! recursive classification of the line, never typed in by hand.

mod classify;
mod combo;

pub use classify::WinCondition;
pub use combo::{
    combo_index, combo_patterns, dense_combos, threat_of, CellThreat, Combo, ComboTable,
    DenseCombo, COMBO_COUNT, DENSE_COMBO_COUNT,
};

use std::sync::OnceLock;

/// How many cells on each side of the centre a line key covers. Five is the
/// least that decides exact-five and caro wins: a five through the centre
/// ends at most four cells away, and its outer neighbours are five away.
pub const HALF_LINE: usize = 5;
/// Number of cells in a line window, centre included.
pub const LINE_LEN: usize = 2 * HALF_LINE + 1;
/// Bits of a line key.
pub const KEY_BITS: u32 = 4 * HALF_LINE as u32;
/// Number of distinct line keys.
pub const KEY_COUNT: usize = 1 << KEY_BITS;

/// State of one cell as stored in a line key (two bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum CellState {
    Empty = 0,
    Black = 1,
    White = 2,
    /// Off the board, or a dead square (BOARD field 3): blocks both colours.
    Wall = 3,
}

/// Bit offset, inside a line key, of the neighbour `offset` cells away
/// from the centre (`offset` in `-5..=-1` or `1..=5`).
#[inline]
pub const fn key_shift(offset: i32) -> u32 {
    let slot = if offset < 0 {
        offset + HALF_LINE as i32
    } else {
        offset + HALF_LINE as i32 - 1
    };
    2 * slot as u32
}

/// A key with every neighbour a wall; the board starts from this and clears
/// the neighbours that are on the board.
pub const ALL_WALL_KEY: u32 = (1 << KEY_BITS) - 1;

/// Swaps black and white in a key (01 <-> 10; 00 and 11 stay).
#[inline]
pub const fn swap_colours(key: u32) -> u32 {
    let low = key & 0x5_5555;
    let high = (key >> 1) & 0x5_5555;
    let both = low & high; // walls keep both bits
    ((low & !both) << 1) | (high & !both) | (both * 3)
}

/// What a stone placed on the centre makes in one line, from the mover's
/// point of view. Ordered from weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever be made through this cell in this line.
    Dead = 0,
    /// Makes a row of six or more that does not win (exact-five rules).
    Overline,
    ClosedOne,
    OpenOne,
    ClosedTwo,
    OpenTwo,
    /// A three that can become only a closed four.
    ClosedThree,
    /// A three that one more stone turns into a straight four.
    OpenThree,
    /// A four with exactly one completing cell.
    Four,
    /// A straight four: an unbroken four with two completing cells.
    OpenFour,
    /// Two fours in this one line (`XXX.*.XXX`, `XX.X*.XX`): two
    /// completing cells that are not the ends of one straight four.
    FourFour,
    /// Makes a winning five.
    Five,
}

impl Pattern {
    pub const COUNT: usize = 12;
    pub const ALL: [Pattern; Pattern::COUNT] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::ClosedOne,
        Pattern::OpenOne,
        Pattern::ClosedTwo,
        Pattern::OpenTwo,
        Pattern::ClosedThree,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::FourFour,
        Pattern::Five,
    ];

    #[inline]
    pub fn from_index(index: u8) -> Pattern {
        Pattern::ALL[index as usize]
    }

    /// True for fours of any kind (a stone here threatens a five).
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(self, Pattern::Four | Pattern::OpenFour | Pattern::FourFour)
    }
}

/// The tables a rule needs: black's and white's pattern of every key.
#[derive(Clone, Copy)]
pub struct ColourTables {
    /// `[black, white]` patterns per key (indexed through `index_shift` and
    /// `index_mask`): the board's update reads both colours' patterns from
    /// one cache line.
    both: &'static [[Pattern; 2]],
    /// Whether a stone five cells away can change a pattern (found from
    /// the tables). It cannot in freestyle, which has no overline or
    /// blocked five to see: there the board skips those updates, and the
    /// table leaves the two far cells out of its index, which makes it 16
    /// times smaller (128 KiB instead of 2 MiB) so that it stays in cache.
    pub far_cells_matter: bool,
    index_shift: u32,
    index_mask: u32,
}

/// The key bits of the two cells five steps away.
pub const FAR_CELLS: u32 = 3 << key_shift(-(HALF_LINE as i32)) | 3 << key_shift(HALF_LINE as i32);

/// Index of a key without its far cells, which take its lowest and its
/// highest two bits.
const NEAR_INDEX_SHIFT: u32 = 2;
const NEAR_INDEX_MASK: u32 = (1 << (KEY_BITS - 4)) - 1;
const _: () = assert!(FAR_CELLS == 3 | 3 << (KEY_BITS - 2));

impl ColourTables {
    /// `[black, white]` patterns of `key`.
    #[inline]
    pub fn both(&self, key: u32) -> [Pattern; 2] {
        self.both[((key >> self.index_shift) & self.index_mask) as usize]
    }
}

/// The pattern of every key for the player whose stones are 1 (black),
/// under `win`; white's pattern of a key is this table's entry for the
/// colour-swapped key. Generated once per win condition.
fn own_patterns(win: WinCondition) -> &'static [Pattern] {
    static TABLES: [OnceLock<Box<[Pattern]>>; WinCondition::COUNT] =
        [const { OnceLock::new() }; WinCondition::COUNT];
    TABLES[win as usize].get_or_init(|| classify::generate(win))
}

/// Tables for black and white under the given win conditions (generated on
/// first use and shared for the life of the process).
pub fn colour_tables(black_win: WinCondition, white_win: WinCondition) -> ColourTables {
    const N: usize = WinCondition::COUNT;
    type Merged = (Box<[[Pattern; 2]]>, bool);
    static MERGED: [OnceLock<Merged>; N * N] = [const { OnceLock::new() }; N * N];
    let (both, far_cells_matter) =
        MERGED[black_win as usize * N + white_win as usize].get_or_init(|| {
            let black = own_patterns(black_win);
            let white = own_patterns(white_win);
            let full: Vec<[Pattern; 2]> = (0..KEY_COUNT as u32)
                .map(|key| [black[key as usize], white[swap_colours(key) as usize]])
                .collect();
            let far_cells_matter =
                (0..KEY_COUNT).any(|key| full[key] != full[key & !FAR_CELLS as usize]);
            let both = if far_cells_matter {
                full.into_boxed_slice()
            } else {
                (0..=NEAR_INDEX_MASK)
                    .map(|near| full[(near << NEAR_INDEX_SHIFT) as usize])
                    .collect()
            };
            (both, far_cells_matter)
        });
    let (index_shift, index_mask) = if *far_cells_matter {
        (0, ALL_WALL_KEY)
    } else {
        (NEAR_INDEX_SHIFT, NEAR_INDEX_MASK)
    };
    ColourTables {
        both,
        far_cells_matter: *far_cells_matter,
        index_shift,
        index_mask,
    }
}

/// Builds a key from a window of eleven cells (centre ignored). For tests
/// and tools; the board maintains keys incrementally.
pub fn key_from_window(window: &[CellState; LINE_LEN]) -> u32 {
    let mut key = 0;
    for (i, &cell) in window.iter().enumerate() {
        let offset = i as i32 - HALF_LINE as i32;
        if offset != 0 {
            key |= (cell as u32) << key_shift(offset);
        }
    }
    key
}

#[cfg(test)]
mod tests;
