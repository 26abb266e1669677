//! Slow, obviously-correct reference implementation of renju forbidden moves
//! for Black, written directly from the rule text of RULES.md §5.2–§5.5.
//!
//! **Purpose.** This module is a *test oracle*: the fast, pattern-table based
//! detector in `rules::renju` is checked against it (and against the
//! hand-checked corpus in `rules::renju_cases`). It is never used by the
//! engine. It has its own tiny grid type, [`RefBoard`], so that it shares no
//! code (and no bugs) with the engine's board or pattern tables. Clarity wins
//! over speed everywhere: every test places stones on a copy of the board and
//! counts runs cell by cell.
//!
//! **Cells.** `0` empty, `1` black, `2` white, `3` wall. A wall is a point
//! occupied by nobody (a dead square, PROTOCOL.md §17 decision 6): it blocks
//! lines for both colours exactly like the board edge does. Off-board points
//! read as walls.
//!
//! **Definitions used** (P is the candidate Black move, evaluated on a copy of
//! the board with a Black stone on P; a *line* is one of the four directions
//! (1,0), (0,1), (1,1), (1,−1) through P; a *run* is an unbroken sequence of
//! Black stones on a line):
//!
//! * *Five*: the run through P in some line has length exactly 5. A move
//!   that makes a five is **never** forbidden, whatever else it makes
//!   (RULES.md §5.4 precedence).
//! * *Overline*: the run through P in some line has length ≥ 6 → forbidden.
//! * *Five point* of a line L: an empty point q on L such that placing q as
//!   well gives a run of exactly 5 through q that contains P. A run of 6+
//!   is not a five for Black, so a completion that makes six is no five point
//!   (RULES.md §10 item 9).
//! * *Four*: the set of four Black stones of such a five, i.e. the five's
//!   cells minus q. Fours are counted per line as the number of *distinct*
//!   four-stone sets: the two five points of a straight four `.XXXX.` share
//!   one stone set (one four), while `XXX.*.XXX` and `XX.X*.XX` have two five
//!   points with different stone sets (two fours in one line, RULES.md §9.6,
//!   §10 item 6). Two or more fours over all four lines → forbidden
//!   (double-four).
//! * *Straight four* in L: an unbroken run of exactly 4 Black stones in L
//!   whose two end points are both empty and each completes to exactly five.
//! * *Three* in L: there is an empty point q on L such that, with P on the
//!   board, placing q makes a straight four in L that contains P and q, and
//!   (a) q does not make a five in any line, and (b) q is not itself a
//!   forbidden point (recursive call, evaluated with P on the board).
//!   Two or more lines with a three → forbidden (double-three, including
//!   4-3-3). A line counts at most once.
//!
//! **Decision on RULES.md §10 item 12** (quoted: "three whose extension point
//! would make a **five** elsewhere is treated differently by Piskvork
//! (extension unusable → not a three) than by Rapfi (makes F5 → counted) …
//! follow Piskvork in tournament mode (it is the judge)"), settled by
//! PROTOCOL.md §17 decision 12 ("follow Piskvork, the tournament judge"): an
//! extension point q that would make a five (in any line) is **unusable**, so
//! a three whose only straight-four points make fives elsewhere is **not** a
//! three. This is rule (a) above. (Rapfi behaves the same way in practice:
//! `checkForbiddenPoint` in `dhbloo/rapfi` `Rapfi/game/board.cpp` counts an
//! extension only if its pattern4 is `B_FLEX4`, or `FORBID` and not really
//! forbidden, or it is `F5` *in the three's own line*; a point that makes a
//! five in another line has pattern4 `A_FIVE` and is not counted. This agrees
//! with RULES.md §9.7, where Rapfi's list is empty although (6,6) would
//! otherwise be a double-three; see the corpus case
//! `own-9.7a-extension-makes-the-five`.)
//!
//! **Recursion depth.** Every level adds one Black stone, so the recursion
//! terminates; as a safety net it is capped at [`MAX_DEPTH`] levels. A check
//! that would go deeper treats the extension point as not forbidden (the three
//! counts).

/// Empty cell.
pub const EMPTY: u8 = 0;
/// Black stone.
pub const BLACK: u8 = 1;
/// White stone.
pub const WHITE: u8 = 2;
/// Wall: occupied by nobody, blocks lines for both colours.
pub const WALL: u8 = 3;

/// The four line directions (dx, dy): horizontal, vertical, diagonal,
/// anti-diagonal.
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Maximum nesting of the "is the extension point itself forbidden?" check.
pub const MAX_DEPTH: usize = 8;

/// A plain rectangular grid, independent of the engine's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub width: usize,
    pub height: usize,
    cells: Vec<u8>,
}

impl RefBoard {
    /// An empty `width` × `height` board.
    pub fn new(width: usize, height: usize) -> RefBoard {
        RefBoard {
            width,
            height,
            cells: vec![EMPTY; width * height],
        }
    }

    /// The cell at (x, y); panics when off the board.
    pub fn get(&self, x: usize, y: usize) -> u8 {
        assert!(x < self.width && y < self.height, "({x},{y}) off board");
        self.cells[y * self.width + x]
    }

    /// Sets the cell at (x, y) to `v` (0 empty, 1 black, 2 white, 3 wall).
    pub fn set(&mut self, x: usize, y: usize, v: u8) {
        assert!(x < self.width && y < self.height, "({x},{y}) off board");
        assert!(v <= WALL, "bad cell value {v}");
        self.cells[y * self.width + x] = v;
    }

    /// Parses a RULES.md-style window: `X` black, `O` white, `.` empty, `#`
    /// wall, and `*` (the move under discussion) also empty; spaces are
    /// ignored, and so are lines that hold nothing else. The first text row is
    /// row `origin_y`, its first character column `origin_x`; every cell
    /// outside the window is empty. Panics on any other character or on a
    /// cell that falls off the board.
    pub fn from_ascii(
        width: usize,
        height: usize,
        origin_x: usize,
        origin_y: usize,
        text: &str,
    ) -> RefBoard {
        let mut board = RefBoard::new(width, height);
        let rows = text
            .lines()
            .map(|line| {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|row| !row.is_empty());
        for (dy, row) in rows.enumerate() {
            for (dx, &c) in row.iter().enumerate() {
                let v = match c {
                    'X' => BLACK,
                    'O' => WHITE,
                    '.' | '*' => EMPTY,
                    '#' => WALL,
                    _ => panic!("unexpected character {c:?} in board text"),
                };
                board.set(origin_x + dx, origin_y + dy, v);
            }
        }
        board
    }

    /// The whole board as text, one row per line, in the `from_ascii` alphabet.
    pub fn to_ascii(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(match self.get(x, y) {
                    EMPTY => '.',
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '#',
                });
            }
            s.push('\n');
        }
        s
    }

    /// The cell at signed coordinates; everything off the board is a wall.
    fn at(&self, x: isize, y: isize) -> u8 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            WALL
        } else {
            self.get(x as usize, y as usize)
        }
    }

    /// A copy of the board with one more Black stone on (x, y).
    fn with_black(&self, x: usize, y: usize) -> RefBoard {
        let mut copy = self.clone();
        copy.set(x, y, BLACK);
        copy
    }
}

/// The point `k` steps from (x, y) along `d`, if it is on the board.
fn step(b: &RefBoard, x: usize, y: usize, d: (isize, isize), k: isize) -> Option<(usize, usize)> {
    let nx = x as isize + d.0 * k;
    let ny = y as isize + d.1 * k;
    if nx < 0 || ny < 0 || nx as usize >= b.width || ny as usize >= b.height {
        None
    } else {
        Some((nx as usize, ny as usize))
    }
}

/// The unbroken Black run through (x, y) along `d`, as the signed offsets
/// (from, to) of its first and last stone relative to (x, y). (x, y) must
/// hold a Black stone.
pub fn run_bounds(b: &RefBoard, x: usize, y: usize, d: (isize, isize)) -> (isize, isize) {
    assert_eq!(b.get(x, y), BLACK, "run_bounds needs a Black stone");
    let (x, y) = (x as isize, y as isize);
    let mut from = 0;
    while b.at(x + d.0 * (from - 1), y + d.1 * (from - 1)) == BLACK {
        from -= 1;
    }
    let mut to = 0;
    while b.at(x + d.0 * (to + 1), y + d.1 * (to + 1)) == BLACK {
        to += 1;
    }
    (from, to)
}

/// Length of the unbroken Black run through the Black stone (x, y) along `d`.
pub fn run_length(b: &RefBoard, x: usize, y: usize, d: (isize, isize)) -> usize {
    let (from, to) = run_bounds(b, x, y, d);
    (to - from + 1) as usize
}

/// Does the Black stone on (x, y) stand in a run of exactly five?
pub fn has_five(b: &RefBoard, x: usize, y: usize) -> bool {
    DIRECTIONS.iter().any(|&d| run_length(b, x, y, d) == 5)
}

/// Does the Black stone on (x, y) stand in a run of six or more?
pub fn has_overline(b: &RefBoard, x: usize, y: usize) -> bool {
    DIRECTIONS.iter().any(|&d| run_length(b, x, y, d) >= 6)
}

/// Would a Black stone on the empty point (x, y) make a five?
pub fn makes_five(b: &RefBoard, x: usize, y: usize) -> bool {
    has_five(&b.with_black(x, y), x, y)
}

/// The fours through the Black stone (x, y) in line `d`: one entry per
/// distinct set of four stones (as sorted offsets from (x, y)) that a single
/// further stone on an empty point of the line turns into exactly five.
pub fn fours_in_line(b: &RefBoard, x: usize, y: usize, d: (isize, isize)) -> Vec<[isize; 4]> {
    assert_eq!(b.get(x, y), BLACK, "fours_in_line needs a Black stone");
    let mut fours: Vec<[isize; 4]> = Vec::new();
    // A five containing (x, y) lies within 4 points of it.
    for k in -4..=4isize {
        let Some((qx, qy)) = step(b, x, y, d, k) else {
            continue;
        };
        if b.get(qx, qy) != EMPTY {
            continue;
        }
        let filled = b.with_black(qx, qy);
        let (from, to) = run_bounds(&filled, qx, qy, d);
        // Offsets of the run relative to (x, y) instead of q.
        let (from, to) = (from + k, to + k);
        if to - from + 1 != 5 || from > 0 || to < 0 {
            continue; // not exactly five, or a five that does not contain the move
        }
        let mut stones = [0isize; 4];
        let mut n = 0;
        for off in from..=to {
            if off != k {
                stones[n] = off;
                n += 1;
            }
        }
        if !fours.contains(&stones) {
            fours.push(stones);
        }
    }
    fours
}

/// Number of fours through the Black stone (x, y), summed over the 4 lines.
pub fn count_fours(b: &RefBoard, x: usize, y: usize) -> usize {
    DIRECTIONS
        .iter()
        .map(|&d| fours_in_line(b, x, y, d).len())
        .sum()
}

/// Is there, through the Black stone (x, y) in line `d`, an unbroken run of
/// exactly four Black stones containing (x, y) whose two end points are both
/// empty and both complete it to exactly five?
pub fn is_straight_four(b: &RefBoard, x: usize, y: usize, d: (isize, isize)) -> bool {
    let (from, to) = run_bounds(b, x, y, d);
    if to - from + 1 != 4 {
        return false;
    }
    [from - 1, to + 1]
        .iter()
        .all(|&k| match step(b, x, y, d, k) {
            Some((ex, ey)) => {
                b.get(ex, ey) == EMPTY && run_length(&b.with_black(ex, ey), ex, ey, d) == 5
            }
            None => false,
        })
}

/// Does the Black stone (x, y) make a real three in line `d`? `depth` is the
/// recursion level of the forbidden check for extension points.
fn has_three_in_line(b: &RefBoard, x: usize, y: usize, d: (isize, isize), depth: usize) -> bool {
    // The straight four contains both (x, y) and q, so q is within 3 points.
    for k in [-3isize, -2, -1, 1, 2, 3] {
        let Some((qx, qy)) = step(b, x, y, d, k) else {
            continue;
        };
        if b.get(qx, qy) != EMPTY {
            continue;
        }
        let filled = b.with_black(qx, qy);
        // The straight four must run through q and contain the move.
        let (from, to) = run_bounds(&filled, qx, qy, d);
        let contains_move = from + k <= 0 && 0 <= to + k;
        if !(contains_move && is_straight_four(&filled, qx, qy, d)) {
            continue;
        }
        // (a) RULES.md §10 item 12 / PROTOCOL.md §17.12 (follow Piskvork): an
        // extension that would make a five anywhere is unusable.
        if has_five(&filled, qx, qy) {
            continue;
        }
        // (b) The extension must itself be a legal move (with (x, y) on the board).
        if !forbidden_at_depth(b, qx, qy, depth + 1) {
            return true;
        }
    }
    false
}

/// Number of lines in which the Black stone (x, y) makes a real three.
pub fn count_threes(b: &RefBoard, x: usize, y: usize) -> usize {
    count_threes_at_depth(b, x, y, 0)
}

fn count_threes_at_depth(b: &RefBoard, x: usize, y: usize, depth: usize) -> usize {
    DIRECTIONS
        .iter()
        .filter(|&&d| has_three_in_line(b, x, y, d, depth))
        .count()
}

/// Is the point (x, y) a forbidden move for Black? Only an empty point can be
/// forbidden; occupied points return `false`. The side to move is not looked
/// at (RULES.md §10 item 16 is the caller's business).
pub fn is_forbidden(b: &RefBoard, x: usize, y: usize) -> bool {
    forbidden_at_depth(b, x, y, 0)
}

fn forbidden_at_depth(b: &RefBoard, x: usize, y: usize, depth: usize) -> bool {
    if b.get(x, y) != EMPTY || depth > MAX_DEPTH {
        return false;
    }
    let placed = b.with_black(x, y);
    if has_five(&placed, x, y) {
        return false; // a five is never forbidden
    }
    if has_overline(&placed, x, y) {
        return true;
    }
    if count_fours(&placed, x, y) >= 2 {
        return true;
    }
    count_threes_at_depth(&placed, x, y, depth) >= 2
}

/// All forbidden points of the board, row by row (y-major, then x).
pub fn forbidden_points(b: &RefBoard) -> Vec<(usize, usize)> {
    let mut points = Vec::new();
    for y in 0..b.height {
        for x in 0..b.width {
            if is_forbidden(b, x, y) {
                points.push((x, y));
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &str) -> RefBoard {
        RefBoard::from_ascii(15, 15, 0, 7, text)
    }

    #[test]
    fn from_ascii_places_cells_at_origin() {
        let b = RefBoard::from_ascii(10, 10, 2, 3, "X O\n. #\n\n*X");
        assert_eq!(b.get(2, 3), BLACK);
        assert_eq!(b.get(3, 3), WHITE);
        assert_eq!(b.get(2, 4), EMPTY);
        assert_eq!(b.get(3, 4), WALL);
        assert_eq!(b.get(2, 5), EMPTY);
        assert_eq!(b.get(3, 5), BLACK);
        assert_eq!(b.cells.iter().filter(|&&c| c != EMPTY).count(), 4);
        assert_eq!(RefBoard::from_ascii(10, 10, 0, 0, &b.to_ascii()), b);
    }

    #[test]
    #[should_panic]
    fn from_ascii_rejects_cells_off_the_board() {
        RefBoard::from_ascii(5, 5, 3, 0, "...");
    }

    #[test]
    fn run_length_counts_both_directions_and_stops_at_anything_else() {
        let b = row("OXXX.XX#XXXXXXX");
        assert_eq!(run_length(&b, 1, 7, (1, 0)), 3);
        assert_eq!(run_length(&b, 2, 7, (1, 0)), 3);
        assert_eq!(run_length(&b, 3, 7, (1, 0)), 3);
        assert_eq!(run_length(&b, 5, 7, (1, 0)), 2);
        assert_eq!(run_length(&b, 10, 7, (1, 0)), 7); // runs to the edge
        assert_eq!(run_length(&b, 10, 7, (0, 1)), 1);
        assert_eq!(run_bounds(&b, 2, 7, (1, 0)), (-1, 1));
        assert_eq!(run_bounds(&b, 14, 7, (1, 0)), (-6, 0));
        let d = RefBoard::from_ascii(15, 15, 0, 0, "X\n.X\n..X\n...X\n....O");
        assert_eq!(run_length(&d, 2, 2, (1, 1)), 4);
        assert_eq!(run_length(&d, 2, 2, (1, -1)), 1);
    }

    #[test]
    fn five_and_overline() {
        let b = row(".XXXXX.XXXXXX..");
        assert!(has_five(&b, 3, 7));
        assert!(!has_overline(&b, 3, 7));
        assert!(has_overline(&b, 9, 7));
        assert!(!has_five(&b, 9, 7));
        let b = row("..XXXX.XX......");
        assert!(makes_five(&b, 1, 7));
        assert!(!makes_five(&b, 6, 7)); // would be seven
    }

    fn fours_at(text: &str, x: usize) -> usize {
        let b = row(text);
        fours_in_line(&b.with_black(x, 7), x, 7, (1, 0)).len()
    }

    #[test]
    fn four_counting_per_line() {
        assert_eq!(fours_at("...XXX*........", 6), 1); // straight four: one four
        assert_eq!(fours_at("..OXXX*........", 6), 1); // closed four
        assert_eq!(fours_at("...XXX.*.XXX...", 7), 2); // XXX.*.XXX
        assert_eq!(fours_at("..XX.X*.XX.....", 6), 2); // XX.X*.XX
        assert_eq!(fours_at("..XX.*X.XX.....", 5), 2); // XX.*X.XX
        assert_eq!(fours_at("..X.X*X.X......", 5), 2); // X.XXX.X, move in the middle
        assert_eq!(fours_at("..*.XXX.X......", 2), 1); // the other four does not hold the move
        assert_eq!(fours_at("..XX.XX*.......", 7), 0); // the gap would make six
        assert_eq!(fours_at(".XXXX*.........", 5), 0); // a five: any further stone makes six
        assert_eq!(fours_at("XXX*...........", 3), 1); // edge closes one side
        assert_eq!(fours_at("XX#X*..........", 4), 0); // wall breaks the group
        assert_eq!(fours_at("..XXX.*X.......", 6), 0); // XXX.XX: the gap makes six
        assert_eq!(fours_at("..XX.*X........", 5), 1); // XX.XX: one five point
    }

    #[test]
    fn fours_sum_over_lines() {
        // RULES.md §9.5 shape.
        let b = RefBoard::from_ascii(15, 15, 3, 3, "....O\n....X\n....X\n....X\nOXXX*");
        let p = b.with_black(7, 7);
        assert_eq!(count_fours(&p, 7, 7), 2);
    }

    #[test]
    fn straight_four_respects_overline_and_blockers() {
        let b = row("...XXXX........");
        assert!(is_straight_four(&b, 4, 7, (1, 0)));
        let b = row("..OXXXX........");
        assert!(!is_straight_four(&b, 4, 7, (1, 0)));
        let b = row("...XXXX.X......");
        assert!(!is_straight_four(&b, 4, 7, (1, 0)));
        let b = row("XXXX...........");
        assert!(!is_straight_four(&b, 0, 7, (1, 0)));
        let b = row(".XXXX..........");
        assert!(is_straight_four(&b, 1, 7, (1, 0)));
    }

    #[test]
    fn threes_and_forbidden_basics() {
        // RULES.md §9.4.
        let b = RefBoard::from_ascii(15, 15, 4, 6, "..X\nXX*\n..X");
        let p = b.with_black(6, 7);
        assert_eq!(count_threes(&p, 6, 7), 2);
        assert!(is_forbidden(&b, 6, 7));
        assert!(!is_forbidden(&b, 4, 7)); // occupied
        assert_eq!(forbidden_points(&b), vec![(6, 7)]);
    }
}
