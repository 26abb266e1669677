//! The board: stones, incremental line patterns, Zobrist hash, make/undo.
//!
//! Squares live in a padded array (five wall cells around the largest board)
//! so that walking up to five cells along any line never leaves the array
//! and needs no bounds checks. Every square keeps a line key per direction;
//! placing or removing a stone touches only the keys of the 40 squares within
//! five cells of it along the four lines, and re-derives their patterns by
//! table lookup.

mod rule;
mod square_array;
mod square_set;
mod values;
pub mod zobrist;

pub use rule::Rule;
pub use square_array::SquareArray;
pub use square_set::SquareSet;
pub use values::{DenseTable, SquareValues, ValueTables, THREAT_MASKS};

use crate::pattern::{
    colour_tables, key_shift, CellState, CellThreat, ColourTables, ComboTable, DenseCombo, Pattern,
    ALL_WALL_KEY, HALF_LINE,
};
use std::fmt;

pub const MIN_SIZE: usize = 5;
pub const MAX_SIZE: usize = 32;
const PAD: usize = HALF_LINE;
/// Row length of the padded array.
pub const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Number of squares in the padded array.
pub const SQUARES: usize = STRIDE * STRIDE;

/// Steps between neighbouring squares along the four lines: horizontal,
/// vertical, diagonal (x+1, y+1) and anti-diagonal (x+1, y-1).
pub const DIRECTIONS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];

/// Radius (Chebyshev distance) within which a stone makes a square a
/// candidate move.
const NEAR_RADIUS: isize = 2;
/// Squares near a stone also include these steps along its four lines.
const LINE_NEAR_STEPS: [isize; 4] = [-4, -3, 3, 4];

/// A square of the padded array. Only squares made by [`Board::square`] (or
/// [`Square::new`] with on-board coordinates) are on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u16);

impl Square {
    /// The square at column `x`, row `y` (both below [`MAX_SIZE`]).
    #[inline]
    pub fn new(x: usize, y: usize) -> Square {
        debug_assert!(x < MAX_SIZE && y < MAX_SIZE);
        Square(((y + PAD) * STRIDE + x + PAD) as u16)
    }

    #[inline]
    pub fn x(self) -> usize {
        self.0 as usize % STRIDE - PAD
    }

    #[inline]
    pub fn y(self) -> usize {
        self.0 as usize / STRIDE - PAD
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// How many king steps apart `self` and `other` are (the larger of the
    /// column and row distances): the reach of the search's nearness tests.
    #[inline]
    pub fn king_distance(self, other: Square) -> usize {
        self.x()
            .abs_diff(other.x())
            .max(self.y().abs_diff(other.y()))
    }

    /// The square with padded-array index `index` (from [`Square::index`]).
    #[inline]
    pub fn from_index(index: usize) -> Square {
        debug_assert!(index < SQUARES);
        Square(index as u16)
    }

    /// The square `steps` steps along `direction` (may be off the board,
    /// but stays inside the padded array for |steps| <= 5).
    #[inline]
    pub fn offset(self, direction: usize, steps: isize) -> Square {
        Square((self.0 as isize + DIRECTIONS[direction] * steps) as u16)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x(), self.y())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn stone(self) -> CellState {
        match self {
            Colour::Black => CellState::Black,
            Colour::White => CellState::White,
        }
    }
}

/// Per-square incremental data for one colour.
#[derive(Clone, Copy)]
struct ColourView {
    patterns: [Pattern; 4],
    dense: DenseCombo,
    threat: CellThreat,
}

impl ColourView {
    const EMPTY: ColourView = ColourView {
        patterns: [Pattern::Dead; 4],
        dense: 0,
        threat: CellThreat::None,
    };
}

/// What `undo` restores of one placed stone: where its view changes start
/// in the log, and the aggregates as they were before it.
#[derive(Clone, Copy)]
struct UndoFrame {
    log_start: u32,
    sums: [[i32; 2]; 2],
    threat_counts: [[u16; CellThreat::COUNT]; 2],
}

/// A view of one square and colour as it was before a stone changed it.
#[derive(Clone, Copy)]
struct ViewChange {
    index: u16,
    colour: u8,
    old: ColourView,
}

#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    rule: Rule,
    tables: ColourTables,
    combos: &'static ComboTable,
    values: &'static ValueTables,
    zobrist: &'static [[u64; 4]],
    cells: SquareArray<CellState>,
    keys: SquareArray<[u32; 4]>,
    views: SquareArray<[ColourView; 2]>,
    /// Per square, the stones within reach (see [`Board::is_near_stone`]),
    /// plus [`FILLED`] on a filled square (a stone or a wall): a square is
    /// a candidate move when its entry is from 1 to `FILLED - 1`, which
    /// `candidate_row` tests eight squares at a time.
    near: SquareArray<u8>,
    /// Sums over the empty squares of each colour's `[mine, theirs]`
    /// values (see [`SquareValues`]), per colour.
    sums: [[i32; 2]; 2],
    /// Number of empty squares of each threat class, per colour.
    threat_counts: [[u16; CellThreat::COUNT]; 2],
    /// The empty squares of each threat class from `CellThreat::Four` up,
    /// per colour (index: class − `FIRST_SET_CLASS`). The common classes
    /// below, which most updates move between, keep no set.
    threat_sets: Box<[[SquareSet; SET_CLASSES]; 2]>,
    /// The words of a [`SquareSet`] that cover the board's squares.
    set_words: std::ops::Range<usize>,
    hash: u64,
    history: Vec<Square>,
    /// One frame per stone of `history`, and the views each stone changed:
    /// `undo` puts them back instead of deriving them again.
    undo_frames: Vec<UndoFrame>,
    undo_log: Vec<ViewChange>,
    /// Frames of stones placed before this history length were taken over
    /// other value tables (`set_values` since): those stones are undone by
    /// deriving their neighbours' views again.
    frames_valid_from: usize,
    empty_count: usize,
}

/// What a filled square adds to its `near` entry: above the most stones
/// that can be within reach of one square (24 in the 5×5 box, 16 more
/// along the lines), and a single bit.
const FILLED: u8 = 64;
const _: () = assert!(FILLED.is_power_of_two() && FILLED as usize > 24 + 16);

/// The first threat class with a square set, and how many have one.
const FIRST_SET_CLASS: usize = CellThreat::Four as usize;
const SET_CLASSES: usize = CellThreat::COUNT - FIRST_SET_CLASS;

/// The slot of `threat`'s square set, if it has one.
#[inline]
fn set_slot(threat: CellThreat) -> Option<usize> {
    (threat as usize).checked_sub(FIRST_SET_CLASS)
}

/// Why a board could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeError {
    pub width: usize,
    pub height: usize,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported board size {}x{} (each side must be {MIN_SIZE} to {MAX_SIZE})",
            self.width, self.height
        )
    }
}

impl std::error::Error for SizeError {}

impl Board {
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Board, SizeError> {
        let size_ok = |n: usize| (MIN_SIZE..=MAX_SIZE).contains(&n);
        if !size_ok(width) || !size_ok(height) {
            return Err(SizeError { width, height });
        }
        let (black_win, white_win) = rule.win_conditions();
        let mut board = Board {
            width,
            height,
            rule,
            tables: colour_tables(black_win, white_win),
            combos: ComboTable::get(),
            values: ValueTables::zero(),
            zobrist: zobrist::table(),
            cells: SquareArray::filled(CellState::Wall),
            keys: SquareArray::filled([ALL_WALL_KEY; 4]),
            views: SquareArray::filled([ColourView::EMPTY; 2]),
            near: SquareArray::filled(FILLED),
            sums: [[0; 2]; 2],
            threat_counts: [[0; CellThreat::COUNT]; 2],
            threat_sets: Box::new([[SquareSet::EMPTY; SET_CLASSES]; 2]),
            set_words: SquareSet::word_range(
                Square::new(0, 0).index(),
                Square::new(width - 1, height - 1).index(),
            ),
            hash: 0,
            history: Vec::with_capacity(width * height),
            undo_frames: Vec::with_capacity(width * height),
            undo_log: Vec::new(),
            frames_valid_from: 0,
            empty_count: width * height,
        };
        for y in 0..height {
            for x in 0..width {
                board.cells[Square::new(x, y).index()] = CellState::Empty;
                board.near[Square::new(x, y).index()] = 0;
            }
        }
        // Clear the key bits of every on-board neighbour (empty, not wall).
        for sq in board.squares().collect::<Vec<_>>() {
            for direction in 0..4 {
                for steps in [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let neighbour = sq.offset(direction, steps);
                    board.keys[neighbour.index()][direction] &= !(3 << key_shift(-steps as i32));
                }
            }
        }
        board.recompute_all();
        Ok(board)
    }

    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Switches the rule in force; patterns are re-derived from the keys.
    pub fn set_rule(&mut self, rule: Rule) {
        if rule != self.rule {
            let (black_win, white_win) = rule.win_conditions();
            self.rule = rule;
            self.tables = colour_tables(black_win, white_win);
            self.recompute_all();
        }
    }

    /// The square at (x, y), if it is on this board.
    #[inline]
    pub fn square(&self, x: usize, y: usize) -> Option<Square> {
        (x < self.width && y < self.height).then(|| Square::new(x, y))
    }

    /// Every square of the board, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Square::new(x, y)))
    }

    /// Every empty square, row by row.
    pub fn empty_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares().filter(|&sq| self.is_empty(sq))
    }

    #[inline]
    pub fn get(&self, sq: Square) -> CellState {
        self.cells[sq.index()]
    }

    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.cells[sq.index()] == CellState::Empty
    }

    /// The empty squares of row `y` near a stone (see [`Board::is_near_stone`]),
    /// bit `x` for column `x`: the squares move generation considers, read
    /// a row at a time without a bounds check per square.
    #[inline]
    pub fn candidate_row(&self, y: usize) -> u32 {
        const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
        const LOW_BITS: u64 = !HIGH_BITS;
        // Multiplying bytes of 0 or 1 by this gathers byte i's bit into
        // bit 56 + i.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let start = Square::new(0, y).index();
        let mut mask = 0u64;
        // Eight squares a word; a row of the padded array has room for
        // MAX_SIZE squares from column 0, so whole words never leave it.
        for word in 0..self.width.div_ceil(8) {
            let entries = self.near.word(start + 8 * word);
            // High bit of each byte: the entry is not zero...
            let nonzero = (((entries & LOW_BITS) + LOW_BITS) | entries) & HIGH_BITS;
            // ...and the FILLED bit (the next one down) is clear.
            let filled = (entries << 1) & HIGH_BITS;
            let candidates = (nonzero & !filled) >> 7;
            mask |= (candidates.wrapping_mul(GATHER) >> 56) << (8 * word);
        }
        (mask & ((1u64 << self.width) - 1)) as u32
    }

    /// True when a stone lies within two squares (any direction).
    #[inline]
    pub fn is_near_stone(&self, sq: Square) -> bool {
        self.near[sq.index()] & (FILLED - 1) > 0
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position would have with a stone (or wall) of `state`
    /// on the empty square `sq`: for a prefetch before the stone is placed.
    #[inline]
    pub fn hash_after(&self, sq: Square, state: CellState) -> u64 {
        self.hash ^ self.zobrist[sq.index()][state as usize]
    }

    /// Squares filled so far, stones and walls, oldest first.
    #[inline]
    pub fn history(&self) -> &[Square] {
        &self.history
    }

    #[inline]
    pub fn last_move(&self) -> Option<Square> {
        self.history.last().copied()
    }

    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// What `colour` would make in `direction` by playing on `sq`.
    #[inline]
    pub fn pattern(&self, sq: Square, colour: Colour, direction: usize) -> Pattern {
        self.views[sq.index()][colour.index()].patterns[direction]
    }

    #[inline]
    pub fn patterns(&self, sq: Square, colour: Colour) -> [Pattern; 4] {
        self.views[sq.index()][colour.index()].patterns
    }

    /// The strongest threat `colour` makes by playing on `sq`.
    #[inline]
    pub fn threat(&self, sq: Square, colour: Colour) -> CellThreat {
        self.views[sq.index()][colour.index()].threat
    }

    /// Move-ordering weight of `sq` for `colour` (the `order` table of the
    /// attached [`ValueTables`]).
    #[inline]
    pub fn cell_value(&self, sq: Square, colour: Colour) -> i32 {
        let c = colour.index();
        self.values.colours[c].order[self.views[sq.index()][c].dense as usize]
    }

    /// Learned ordering logits of `sq` for the side to move `side`: what
    /// the square is to `side` plus what it is to the opponent. `None`
    /// when the attached tables have no learned ordering.
    #[inline]
    pub fn policy_logit(&self, sq: Square, side: Colour) -> Option<i32> {
        let (s, o) = (side.index(), side.opponent().index());
        let mine = self.values.colours[s]
            .policy
            .get(self.views[sq.index()][s].dense as usize)?[0];
        let theirs = self.values.colours[o].policy[self.views[sq.index()][o].dense as usize][1];
        Some(mine + theirs)
    }

    /// Dense pattern combination of `sq` for `colour`.
    #[inline]
    pub fn dense_combo(&self, sq: Square, colour: Colour) -> DenseCombo {
        self.views[sq.index()][colour.index()].dense
    }

    /// Sum over the empty squares of `colour`'s `mine` values.
    #[inline]
    pub fn mine_sum(&self, colour: Colour) -> i32 {
        self.sums[colour.index()][0]
    }

    /// Sum over the empty squares of `colour`'s `theirs` values.
    #[inline]
    pub fn theirs_sum(&self, colour: Colour) -> i32 {
        self.sums[colour.index()][1]
    }

    /// The value tables the sums are taken from.
    pub fn values(&self) -> &'static ValueTables {
        self.values
    }

    /// Sums from now on over `values` (recomputed here if they change).
    pub fn set_values(&mut self, values: &'static ValueTables) {
        if !std::ptr::eq(values, self.values) {
            self.values = values;
            self.recompute_all();
        }
    }

    /// How many empty squares give `colour` the threat class `threat`.
    #[inline]
    pub fn threat_count(&self, colour: Colour, threat: CellThreat) -> usize {
        self.threat_counts[colour.index()][threat as usize] as usize
    }

    /// The empty squares where Black has a threat class in the bit mask
    /// `classes[0]` (see [`CellThreat::bit`]) or White one in `classes[1]`,
    /// row by row. Only classes from `CellThreat::Four` up are kept.
    #[inline]
    pub fn threat_squares_in(&self, classes: [u16; 2]) -> impl Iterator<Item = Square> + '_ {
        debug_assert!(
            (classes[0] | classes[1]) & ((1 << FIRST_SET_CLASS) - 1) == 0,
            "no square set for a class below Four"
        );
        // The union of the wanted sets first (a few words each), then one
        // pass over it: most calls want one or two of the ten sets.
        let mut union = SquareSet::EMPTY;
        for (colour, mask) in classes.into_iter().enumerate() {
            let mut slots = mask >> FIRST_SET_CLASS;
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                union.add_words(&self.threat_sets[colour][slot], self.set_words.clone());
            }
        }
        union.into_iter_words(self.set_words.clone())
    }

    /// Does `colour` win by playing on the empty square `sq`?
    #[inline]
    pub fn is_winning_move(&self, sq: Square, colour: Colour) -> bool {
        self.threat(sq, colour) == CellThreat::Five
    }

    /// Puts a stone (or a wall) on the empty square `sq`.
    pub fn place(&mut self, sq: Square, state: CellState) {
        debug_assert!(self.is_empty(sq), "place on a filled square {sq}");
        debug_assert!(state != CellState::Empty);
        let index = sq.index();
        self.undo_frames.push(UndoFrame {
            log_start: self.undo_log.len() as u32,
            sums: self.sums,
            threat_counts: self.threat_counts,
        });
        self.remove_contribution(index);
        self.cells[index] = state;
        self.near[index] += FILLED;
        self.hash ^= self.zobrist[index][state as usize];
        self.history.push(sq);
        self.empty_count -= 1;
        if state != CellState::Wall {
            self.add_near(sq, 1);
        }
        self.update_neighbour_keys::<true>(sq, |key, bits| key | bits, state as u32);
    }

    /// Removes the last stone placed; returns its square.
    pub fn undo(&mut self) -> Option<Square> {
        let sq = self.history.pop()?;
        let frame = self.undo_frames.pop().expect("one frame per stone");
        let index = sq.index();
        let state = self.cells[index];
        self.cells[index] = CellState::Empty;
        self.near[index] -= FILLED;
        self.hash ^= self.zobrist[index][state as usize];
        self.empty_count += 1;
        if state != CellState::Wall {
            self.add_near(sq, -1);
        }
        if self.history.len() >= self.frames_valid_from {
            // The views the stone changed, back as they were, without a
            // table lookup; then the keys, and the aggregates of the frame.
            // Newest first: a square changed twice gets its oldest view.
            for change in self.undo_log[frame.log_start as usize..].iter().rev() {
                let (index, colour) = (change.index as usize, change.colour as usize);
                let now = self.views[index][colour].threat;
                if now != change.old.threat {
                    let sets = &mut self.threat_sets[colour];
                    if let Some(slot) = set_slot(now) {
                        sets[slot].remove(index);
                    }
                    if let Some(slot) = set_slot(change.old.threat) {
                        sets[slot].insert(index);
                    }
                }
                self.views[index][colour] = change.old;
            }
            self.undo_log.truncate(frame.log_start as usize);
            self.clear_neighbour_key_bits(sq, state as u32);
            // The stone's own square kept the views it had when it was
            // placed (an occupied square is not refreshed).
            for colour in 0..2 {
                if let Some(slot) = set_slot(self.views[index][colour].threat) {
                    self.threat_sets[colour][slot].insert(index);
                }
            }
            self.sums = frame.sums;
            self.threat_counts = frame.threat_counts;
        } else {
            self.undo_log.truncate(frame.log_start as usize);
            self.frames_valid_from = self.history.len();
            self.update_neighbour_keys::<false>(sq, |key, bits| key & !bits, state as u32);
            // The square's views were not kept up to date while it was
            // occupied, and a change of tables rederives them from the keys
            // of that moment: derive them again from the keys it has now.
            self.derive_views(index);
            self.add_contribution(index);
        }
        Some(sq)
    }

    /// Takes a stone of `state` on `sq` out of its neighbours' keys, without
    /// refreshing their patterns (the caller restores them).
    fn clear_neighbour_key_bits(&mut self, sq: Square, state: u32) {
        for direction in 0..4 {
            for steps in [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                let neighbour = sq.offset(direction, steps).index();
                self.keys[neighbour][direction] &= !(state << key_shift(-steps as i32));
            }
        }
    }

    fn add_near(&mut self, sq: Square, delta: i8) {
        // The 5×5 box a row at a time: one byte of each word per square
        // (the counts stay below 128 and never go below 0, so no lane
        // carries into the next).
        const BOX_ROW: u64 = 0x01_01_01_01_01;
        const _: () = assert!(NEAR_RADIUS == 2);
        let corner = sq.index() - 2 * STRIDE - 2;
        for row in 0..5 {
            let start = corner + row * STRIDE;
            let word = self.near.word(start);
            let word = if delta > 0 {
                word + BOX_ROW
            } else {
                word - BOX_ROW
            };
            self.near.set_word(start, word);
        }
        // Farther out only along the lines, where a stone still counts
        // towards a five.
        for direction in 0..4 {
            for steps in LINE_NEAR_STEPS {
                let index = sq.offset(direction, steps).index();
                self.near[index] = self.near[index].wrapping_add_signed(delta);
            }
        }
    }

    /// Applies `change(key, bits)` to the key slot that sees `sq` in each
    /// neighbour along the four lines, then refreshes the empty ones.
    #[inline]
    fn update_neighbour_keys<const LOG: bool>(
        &mut self,
        sq: Square,
        change: impl Fn(u32, u32) -> u32,
        state: u32,
    ) {
        let far_cells_matter = self.tables.far_cells_matter;
        for direction in 0..4 {
            for steps in [-4isize, -3, -2, -1, 1, 2, 3, 4] {
                let neighbour = sq.offset(direction, steps).index();
                let bits = state << key_shift(-steps as i32);
                let key = &mut self.keys[neighbour][direction];
                *key = change(*key, bits);
                if self.cells[neighbour] == CellState::Empty {
                    self.refresh::<LOG>(neighbour, direction);
                }
            }
            // Five away: the key changes, the patterns only under rules
            // that look that far.
            for steps in [-5isize, 5] {
                let neighbour = sq.offset(direction, steps).index();
                let bits = state << key_shift(-steps as i32);
                let key = &mut self.keys[neighbour][direction];
                *key = change(*key, bits);
                if far_cells_matter && self.cells[neighbour] == CellState::Empty {
                    self.refresh::<LOG>(neighbour, direction);
                }
            }
        }
    }

    /// Re-derives one direction's patterns of an empty square.
    #[inline]
    fn refresh<const LOG: bool>(&mut self, index: usize, direction: usize) {
        let key = self.keys[index][direction];
        let new_patterns = self.tables.both(key);
        for (colour, new_pattern) in new_patterns.into_iter().enumerate() {
            let view = &mut self.views[index][colour];
            if view.patterns[direction] == new_pattern {
                continue;
            }
            if LOG {
                self.undo_log.push(ViewChange {
                    index: index as u16,
                    colour: colour as u8,
                    old: *view,
                });
            }
            view.patterns[direction] = new_pattern;
            let combo = crate::pattern::combo_index(view.patterns);
            let (dense, threat) = self.combos.dense_and_threat(combo);
            if threat != view.threat {
                self.threat_counts[colour][view.threat as usize] -= 1;
                self.threat_counts[colour][threat as usize] += 1;
                let sets = &mut self.threat_sets[colour];
                if let Some(slot) = set_slot(view.threat) {
                    sets[slot].remove(index);
                }
                if let Some(slot) = set_slot(threat) {
                    sets[slot].insert(index);
                }
            }
            let eval = &self.values.colours[colour].eval;
            let (old, new) = (eval[view.dense as usize], eval[dense as usize]);
            let sums = &mut self.sums[colour];
            sums[0] += new[0] - old[0];
            sums[1] += new[1] - old[1];
            view.dense = dense;
            view.threat = threat;
        }
    }

    fn remove_contribution(&mut self, index: usize) {
        for colour in 0..2 {
            let view = self.views[index][colour];
            let value = self.values.colours[colour].eval[view.dense as usize];
            self.threat_counts[colour][view.threat as usize] -= 1;
            if let Some(slot) = set_slot(view.threat) {
                self.threat_sets[colour][slot].remove(index);
            }
            self.sums[colour][0] -= value[0];
            self.sums[colour][1] -= value[1];
        }
    }

    fn add_contribution(&mut self, index: usize) {
        for colour in 0..2 {
            let view = self.views[index][colour];
            let value = self.values.colours[colour].eval[view.dense as usize];
            self.threat_counts[colour][view.threat as usize] += 1;
            if let Some(slot) = set_slot(view.threat) {
                self.threat_sets[colour][slot].insert(index);
            }
            self.sums[colour][0] += value[0];
            self.sums[colour][1] += value[1];
        }
    }

    /// Derives both colours' views of square `index` from its keys (sums,
    /// counts and sets are the caller's business).
    fn derive_views(&mut self, index: usize) {
        let keys = self.keys[index];
        for colour in 0..2 {
            let patterns = keys.map(|key| self.tables.both(key)[colour]);
            let combo = crate::pattern::combo_index(patterns);
            let (dense, threat) = self.combos.dense_and_threat(combo);
            self.views[index][colour] = ColourView {
                patterns,
                dense,
                threat,
            };
        }
    }

    /// Derives every square's patterns from its keys (new board, new rule).
    fn recompute_all(&mut self) {
        self.frames_valid_from = self.history.len();
        self.sums = [[0; 2]; 2];
        self.threat_counts = [[0; CellThreat::COUNT]; 2];
        *self.threat_sets = [[SquareSet::EMPTY; SET_CLASSES]; 2];
        for sq in self.squares().collect::<Vec<_>>() {
            let index = sq.index();
            self.derive_views(index);
            if self.cells[index] == CellState::Empty {
                self.add_contribution(index);
            }
        }
    }

    /// Checks that incremental state equals a from-scratch rebuild; returns
    /// a description of the first difference.
    pub fn check_consistency(&self) -> Result<(), String> {
        let fresh = self.rebuilt_from_scratch();
        if self.hash != fresh.hash {
            return Err("hash differs".into());
        }
        for sq in self.squares() {
            if self.keys[sq.index()] != fresh.keys[sq.index()] {
                return Err(format!("keys of {sq} differ"));
            }
        }
        for sq in self.empty_squares() {
            for colour in [Colour::Black, Colour::White] {
                if self.dense_combo(sq, colour) != fresh.dense_combo(sq, colour)
                    || self.threat(sq, colour) != fresh.threat(sq, colour)
                {
                    return Err(format!("combination of {sq} for {colour:?} differs"));
                }
                if self.patterns(sq, colour) != fresh.patterns(sq, colour) {
                    return Err(format!(
                        "patterns of {sq} for {colour:?}: {:?} vs {:?}",
                        self.patterns(sq, colour),
                        fresh.patterns(sq, colour)
                    ));
                }
            }
        }
        for sq in self.squares() {
            let (x, y) = (sq.x() as isize, sq.y() as isize);
            let stones = self
                .squares()
                .filter(|&other| matches!(self.get(other), CellState::Black | CellState::White))
                .filter(|&other| {
                    let (dx, dy) = (other.x() as isize - x, other.y() as isize - y);
                    let on_a_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
                    dx.abs().max(dy.abs()) <= NEAR_RADIUS
                        || (on_a_line && dx.abs().max(dy.abs()) <= 4)
                })
                .count();
            let filled = if self.is_empty(sq) { 0 } else { FILLED };
            if self.near[sq.index()] as usize != stones + filled as usize {
                return Err(format!("near count of {sq} differs"));
            }
        }
        for y in 0..self.height {
            let scanned = (0..self.width)
                .filter(|&x| {
                    let sq = Square::new(x, y);
                    self.is_empty(sq) && self.is_near_stone(sq)
                })
                .fold(0u32, |mask, x| mask | 1 << x);
            if self.candidate_row(y) != scanned {
                return Err(format!("candidate squares of row {y} differ"));
            }
        }
        if self.sums != fresh.sums || self.threat_counts != fresh.threat_counts {
            return Err("value sums or threat counts differ".into());
        }
        for colour in [Colour::Black, Colour::White] {
            for threat in CellThreat::ALL
                .into_iter()
                .filter(|&t| set_slot(t).is_some())
            {
                let scanned: Vec<Square> = self
                    .empty_squares()
                    .filter(|&sq| self.threat(sq, colour) == threat)
                    .collect();
                let mut classes = [0; 2];
                classes[colour.index()] = threat.bit();
                let kept: Vec<Square> = self.threat_squares_in(classes).collect();
                if scanned != kept {
                    return Err(format!(
                        "{threat:?} squares of {colour:?}: kept {kept:?}, scanned {scanned:?}"
                    ));
                }
            }
        }
        Ok(())
    }

    /// A copy whose keys, hash and patterns are computed by scanning the
    /// board rather than through incremental updates: the reference the
    /// property tests compare against.
    pub fn rebuilt_from_scratch(&self) -> Board {
        let mut fresh = self.clone();
        for sq in self.squares() {
            for direction in 0..4 {
                let mut key = 0;
                for steps in [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let state = self.cells[sq.offset(direction, steps).index()];
                    key |= (state as u32) << key_shift(steps as i32);
                }
                fresh.keys[sq.index()][direction] = key;
            }
        }
        fresh.hash = self
            .squares()
            .map(|sq| self.zobrist[sq.index()][self.get(sq) as usize])
            .fold(0, |a, b| a ^ b);
        fresh.recompute_all();
        fresh
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}x{} {:?}", self.width, self.height, self.rule)?;
        for y in 0..self.height {
            for x in 0..self.width {
                let ch = match self.get(Square::new(x, y)) {
                    CellState::Empty => '.',
                    CellState::Black => 'X',
                    CellState::White => 'O',
                    CellState::Wall => '#',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
