//! Threat-aware move generation. Everything here reads the board's
//! incremental per-square patterns; nothing re-scans lines.
//!
//! - If the opponent can make a five, the only moves are the blocks.
//! - If the opponent can make an open four (or two fours), the only moves
//!   are squares where the opponent could make a four (the defences are
//!   among them) and our own fours (counter-attacks).
//! - Otherwise every empty square near a stone that is worth something to
//!   either side.
//!
//! Black's forbidden squares in renju are never generated.

use crate::board::{Board, Colour, DenseTable, Square};
use crate::eval::POLICY_SCALE;
use crate::pattern::{CellState, CellThreat, Pattern};
use crate::rules::{renju, Rule};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    pub sq: Square,
    pub score: i32,
}

/// Does a stone of this threat class make at least one four?
#[inline]
pub fn makes_four(threat: CellThreat) -> bool {
    matches!(
        threat,
        CellThreat::Four
            | CellThreat::FourThree
            | CellThreat::DoubleFour
            | CellThreat::OpenFour
            | CellThreat::Five
    )
}

/// Is `side` subject to renju restrictions on this board?
#[inline]
pub fn restricted(board: &Board, side: Colour) -> bool {
    side == Colour::Black && board.rule() == Rule::Renju
}

/// May `side` play the empty square `sq`?
#[inline]
pub fn is_legal(board: &mut Board, sq: Square, side: Colour) -> bool {
    !restricted(board, side) || !renju::is_forbidden(board, sq)
}

/// The empty squares where `colour` would make a five, in board order.
pub fn five_squares(board: &Board, colour: Colour) -> FiveSquares {
    let mut fives = FiveSquares::new();
    if board.threat_count(colour, CellThreat::Five) > 0 {
        for sq in threat_squares(board, colour, CellThreat::Five.bit()) {
            fives.push(sq);
        }
    }
    fives
}

/// How many five squares [`FiveSquares`] keeps without allocating: the
/// search asks after every four (its block), so a heap list there cost a
/// few percent of the time; two already decide the game.
const INLINE_FIVES: usize = 4;

/// The five squares of one side: kept inline up to [`INLINE_FIVES`], all of
/// them on the heap beyond that (a lost position on a large board).
pub struct FiveSquares {
    inline: [Square; INLINE_FIVES],
    len: usize,
    spilled: Vec<Square>,
}

impl FiveSquares {
    fn new() -> FiveSquares {
        FiveSquares {
            inline: [Square::new(0, 0); INLINE_FIVES],
            len: 0,
            spilled: Vec::new(),
        }
    }

    fn push(&mut self, sq: Square) {
        if self.len < INLINE_FIVES {
            self.inline[self.len] = sq;
        } else {
            if self.len == INLINE_FIVES {
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(sq);
        }
        self.len += 1;
    }

    /// The squares, in board order.
    pub fn as_slice(&self) -> &[Square] {
        self
    }
}

impl std::ops::Deref for FiveSquares {
    type Target = [Square];

    fn deref(&self) -> &[Square] {
        if self.len <= INLINE_FIVES {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

/// The classes of every square where a line makes a four (a five square
/// may have one too).
pub const FOUR_CLASSES: u16 = CellThreat::Four.bit()
    | CellThreat::FourThree.bit()
    | CellThreat::DoubleFour.bit()
    | CellThreat::OpenFour.bit()
    | CellThreat::Five.bit();

/// The candidate squares (empty, within two squares of a stone) where
/// `colour` has a threat class in the mask `classes`, in board order, from
/// the board's sets of threat squares rather than a scan.
#[inline]
pub fn threat_squares(
    board: &Board,
    colour: Colour,
    classes: u16,
) -> impl Iterator<Item = Square> + '_ {
    let mut masks = [0; 2];
    masks[colour.index()] = classes;
    board
        .threat_squares_in(masks)
        .filter(|&sq| board.is_near_stone(sq))
}

/// Can `side` make an open four or two fours with a legal move (a win in
/// two moves unless the opponent has fours of its own)?
pub fn has_winning_four(board: &mut Board, side: Colour) -> bool {
    let count = board.threat_count(side, CellThreat::OpenFour)
        + if restricted(board, side) {
            0
        } else {
            board.threat_count(side, CellThreat::DoubleFour)
        };
    if count == 0 {
        return false;
    }
    if !restricted(board, side) {
        return true;
    }
    let squares: Vec<Square> = threat_squares(board, side, CellThreat::OpenFour.bit()).collect();
    squares
        .into_iter()
        .any(|sq| !renju::is_forbidden(board, sq))
}

/// Can `side` make any four at all (ignoring renju legality)?
pub fn has_any_four(board: &Board, side: Colour) -> bool {
    [
        CellThreat::Four,
        CellThreat::FourThree,
        CellThreat::DoubleFour,
        CellThreat::OpenFour,
    ]
    .iter()
    .any(|&t| board.threat_count(side, t) > 0)
}

/// A win `side` forces in a few plies that the threat classes alone prove,
/// as the number of plies to the five. The caller has checked that the
/// opponent cannot make a five now.
///
/// - An open four or two fours: three plies (the opponent's own fours come
///   too late, since our five is already on the board).
/// - For a side without renju restrictions, when the opponent cannot make
///   any four: a four-three (the forced block cannot touch the three, whose
///   line crosses the four's only at the stone played) or two open threes
///   (the opponent can stop only one, and has no four to gain a tempo):
///   five plies.
pub fn quick_win(board: &mut Board, side: Colour) -> Option<usize> {
    if has_winning_four(board, side) {
        return Some(3);
    }
    if restricted(board, side) || has_any_four(board, side.opponent()) {
        return None;
    }
    (combination_squares(board, side) > 0).then_some(5)
}

/// How many squares give `colour` a four-three or a double three.
#[inline]
fn combination_squares(board: &Board, colour: Colour) -> usize {
    board.threat_count(colour, CellThreat::FourThree)
        + board.threat_count(colour, CellThreat::DoubleThree)
}

/// Does the opponent of `side` threaten a winning combination (a
/// four-three or two open threes) that `side`, having no four, must answer
/// now? Renju black's combinations are left out: their threes may be
/// false.
pub fn faces_combination(board: &Board, side: Colour) -> bool {
    let them = side.opponent();
    !restricted(board, them) && !has_any_four(board, side) && combination_squares(board, them) > 0
}

/// The answers of `side` to the opponent's four-three or double three (see
/// [`faces_combination`]), for the search past the horizon: the
/// combination square, the empty squares along its threatening lines up to
/// four steps away, our own fours, and against a double three our own open
/// threes (a tempo faster). Indirect defences that prepare a four on the
/// forced block are not among them; the main search generates every move.
pub fn generate_combination_defences(board: &mut Board, side: Colour, moves: &mut Vec<ScoredMove>) {
    moves.clear();
    let them = side.opponent();
    let combinations = CellThreat::FourThree.bit() | CellThreat::DoubleThree.bit();
    let Some(combo_square) = threat_squares(board, them, combinations).next() else {
        return;
    };
    let double_three = board.threat(combo_square, them) == CellThreat::DoubleThree;
    // The square itself and up to four squares each way on four lines,
    // kept on the stack: this runs at nodes past the horizon.
    let mut wanted = [combo_square; 1 + 4 * 2 * 4];
    let mut wanted_len = 1;
    for direction in 0..4 {
        let pattern = board.pattern(combo_square, them, direction);
        if !(pattern.is_four() || pattern == Pattern::OpenThree) {
            continue;
        }
        for step in [-1isize, 1] {
            for distance in 1..=4 {
                let sq = combo_square.offset(direction, step * distance);
                match board.get(sq) {
                    CellState::Empty => {
                        wanted[wanted_len] = sq;
                        wanted_len += 1;
                    }
                    state if state == them.stone() => {}
                    _ => break,
                }
            }
        }
    }
    for y in 0..board.height() {
        for x in 0..board.width() {
            let sq = Square::new(x, y);
            if !board.is_empty(sq) || !board.is_near_stone(sq) {
                continue;
            }
            let own = board.threat(sq, side);
            let counter = makes_four(own) || (double_three && own >= CellThreat::Three);
            if (counter || wanted[..wanted_len].contains(&sq)) && is_legal(board, sq, side) {
                moves.push(ScoredMove {
                    sq,
                    score: order_score(board, sq, side),
                });
            }
        }
    }
}

/// Ordering score of a move: `ORDER_UNIT · e^logit` from the learned
/// ordering logits, so that the ratio of two scores is the ratio of the
/// moves' learned probabilities (the pruning steps compare scores by
/// ratio). Without learned logits, the hand-set square values for both
/// sides, the mover's own counting `ORDER_OWN_WEIGHT` times.
#[inline]
pub fn order_score(board: &Board, sq: Square, side: Colour) -> i32 {
    match board.policy_logit(sq, side) {
        Some(logit) => policy_score(logit),
        None => {
            ORDER_OWN_WEIGHT * board.cell_value(sq, side) + board.cell_value(sq, side.opponent())
        }
    }
}

/// How many times the mover's own square value counts in the hand-set
/// ordering, against once for the opponent's: attacks first. (Against
/// Rapfi in freestyle, 3 scored about 5 points above 2, 1 about 5 below
/// and 4 about 3 below 3: README, the eleventh and twelfth rounds.)
pub const ORDER_OWN_WEIGHT: i32 = 3;

/// Score of a logit of 0 (on the scale of the hand-set ordering, which
/// the killer and history bonuses are set for).
const ORDER_UNIT: f64 = 100.0;
/// Logits are clamped to ±this many nats: the scores stay below the table
/// move's ordering value.
const MAX_NATS: i32 = 9;

/// `ORDER_UNIT · e^(logit / POLICY_SCALE)` for a clamped logit, from a table
/// computed once.
#[inline]
fn policy_score(logit: i32) -> i32 {
    const LIMIT: i32 = MAX_NATS * POLICY_SCALE;
    static SCORES: std::sync::OnceLock<Vec<i32>> = std::sync::OnceLock::new();
    let scores = SCORES.get_or_init(|| {
        (-LIMIT..=LIMIT)
            .map(|l| (ORDER_UNIT * (l as f64 / POLICY_SCALE as f64).exp()).round() as i32)
            .collect()
    });
    scores[(logit.clamp(-LIMIT, LIMIT) + LIMIT) as usize]
}

/// Fills `moves` with the moves of `side` (unsorted, with ordering scores).
/// The caller has already handled an own five (a win) and two or more
/// opponent fives (a loss).
pub fn generate(board: &mut Board, side: Colour, moves: &mut Vec<ScoredMove>) {
    moves.clear();
    let them = side.opponent();
    let blocks = five_squares(board, them);
    if !blocks.is_empty() {
        for &sq in blocks.iter() {
            if is_legal(board, sq, side) {
                moves.push(ScoredMove {
                    sq,
                    score: order_score(board, sq, side),
                });
            }
        }
        return;
    }
    // The tables are 'static: read them once here, not through the board
    // for every square.
    let values = board.values();
    let filter = SquareFilter {
        side,
        must_defend: has_winning_four(board, them),
        restricted: restricted(board, side),
        learned: !values.colours[side.index()].policy.is_empty(),
        order: [
            &values.colours[side.index()].order,
            &values.colours[them.index()].order,
        ],
    };
    for y in 0..board.height() {
        let mut row = board.candidate_row(y);
        while row != 0 {
            let sq = Square::new(row.trailing_zeros() as usize, y);
            row &= row - 1;
            filter.consider(board, sq, moves);
        }
    }
}

/// What `generate` decides per candidate square with, worked out once per
/// node.
struct SquareFilter {
    side: Colour,
    /// The opponent threatens an open four or two fours.
    must_defend: bool,
    /// Renju black: forbidden squares are left out.
    restricted: bool,
    /// The tables have learned ordering logits.
    learned: bool,
    /// The hand-set square values of the side to move and of the opponent.
    order: [&'static DenseTable<i32>; 2],
}

impl SquareFilter {
    /// Adds `sq` to `moves` if it is worth searching and legal. (The square
    /// values are read once here for the filter and the ordering score
    /// alike: this runs for every candidate square of every node.)
    #[inline]
    fn consider(&self, board: &mut Board, sq: Square, moves: &mut Vec<ScoredMove>) {
        let (side, them) = (self.side, self.side.opponent());
        let own_value = self.order[0][board.dense_combo(sq, side) as usize];
        let their_value = self.order[1][board.dense_combo(sq, them) as usize];
        let keep = if self.must_defend {
            makes_four(board.threat(sq, side))
                || board.patterns(sq, them).iter().any(|p| p.is_four())
        } else {
            own_value + their_value > 0
        };
        if keep && (!self.restricted || !renju::is_forbidden(board, sq)) {
            let score = if self.learned {
                order_score(board, sq, side)
            } else {
                ORDER_OWN_WEIGHT * own_value + their_value
            };
            moves.push(ScoredMove { sq, score });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::CellState;

    fn board(rule: Rule, stones: &[(usize, usize, CellState)]) -> Board {
        let mut board = Board::new(15, 15, rule).unwrap();
        for &(x, y, s) in stones {
            board.place(board.square(x, y).unwrap(), s);
        }
        board
    }

    fn generated(board: &mut Board, side: Colour) -> Vec<(usize, usize)> {
        crate::eval::attach(board);
        let mut moves = Vec::new();
        generate(board, side, &mut moves);
        let mut squares: Vec<(usize, usize)> = moves.iter().map(|m| (m.sq.x(), m.sq.y())).collect();
        squares.sort();
        squares
    }

    const B: CellState = CellState::Black;
    const W: CellState = CellState::White;

    #[test]
    fn five_squares_lists_every_five_inline_or_spilled() {
        // Black fours on `rows` (x 2..5, blocked by white at x 1): each
        // leaves one five square, at x 6.
        let fives_of = |rows: &[usize]| {
            let mut stones = Vec::new();
            for &y in rows {
                stones.push((1, y, W));
                stones.extend((2..6).map(|x| (x, y, B)));
            }
            let mut board = board(Rule::Freestyle, &stones);
            crate::eval::attach(&mut board);
            let squares: Vec<Square> = five_squares(&board, Colour::Black).to_vec();
            let scanned: Vec<Square> =
                threat_squares(&board, Colour::Black, CellThreat::Five.bit()).collect();
            assert_eq!(squares, scanned);
            assert!(five_squares(&board, Colour::White).is_empty());
            squares
                .iter()
                .map(|sq| (sq.x(), sq.y()))
                .collect::<Vec<_>>()
        };
        // Fewer than the inline capacity, exactly it, and more (spilled).
        assert_eq!(fives_of(&[3, 9]), vec![(6, 3), (6, 9)]);
        assert_eq!(
            fives_of(&[1, 4, 7, 10]),
            vec![(6, 1), (6, 4), (6, 7), (6, 10)]
        );
        assert_eq!(
            fives_of(&[1, 3, 5, 7, 9, 11, 13]),
            (0..7).map(|i| (6, 1 + 2 * i)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn only_the_block_against_a_four() {
        // White has a closed four 3..6 on row 7 (blocked at 2), black to move.
        let mut b = board(
            Rule::Freestyle,
            &[
                (2, 7, B),
                (3, 7, W),
                (4, 7, W),
                (5, 7, W),
                (6, 7, W),
                (9, 9, B),
                (10, 10, B),
            ],
        );
        assert_eq!(generated(&mut b, Colour::Black), [(7, 7)]);
    }

    #[test]
    fn against_an_open_three_only_defences_and_own_fours() {
        // White open three 5..7 on row 7; black has three in column 2
        // (rows 3..5), so black's fours are (2,2) and (2,6) after... none
        // yet: black needs four stones for a four, so give it a closed three
        // that can become a four.
        let mut b = board(
            Rule::Freestyle,
            &[
                (5, 7, W),
                (6, 7, W),
                (7, 7, W),
                (2, 2, B),
                (2, 3, B),
                (2, 4, B),
                (2, 1, W),
                (12, 12, B),
            ],
        );
        let moves = generated(&mut b, Colour::Black);
        // Defences of the open three, including the distance-two points.
        for defence in [(4, 7), (8, 7), (3, 7), (9, 7)] {
            assert!(moves.contains(&defence), "{moves:?} lacks {defence:?}");
        }
        // Black's own four-making squares.
        for four in [(2, 5), (2, 6)] {
            assert!(moves.contains(&four), "{moves:?} lacks {four:?}");
        }
        // A quiet square near the stones is not generated.
        assert!(!moves.contains(&(11, 11)));
    }

    #[test]
    fn a_four_three_wins_only_when_the_opponent_has_no_four() {
        // White: a closed three on row 7 (blocked at 2) and an open two in
        // column 6 crossing it at (6,7): (6,7) is a four-three for white.
        let stones = [
            (2, 7, B),
            (3, 7, W),
            (4, 7, W),
            (5, 7, W),
            (6, 8, W),
            (6, 9, W),
            (12, 12, B),
        ];
        let mut b = board(Rule::Freestyle, &stones);
        crate::eval::attach(&mut b);
        assert_eq!(
            b.threat(Square::new(6, 7), Colour::White),
            CellThreat::FourThree
        );
        assert_eq!(quick_win(&mut b, Colour::White), Some(5));
        assert!(faces_combination(&b, Colour::Black));
        let mut defences = Vec::new();
        generate_combination_defences(&mut b, Colour::Black, &mut defences);
        let squares: Vec<Square> = defences.iter().map(|m| m.sq).collect();
        for (x, y) in [(6, 7), (6, 10), (6, 6), (7, 7)] {
            assert!(squares.contains(&Square::new(x, y)), "{x},{y} missing");
        }
        assert!(!squares.contains(&Square::new(11, 11)));
        // A black closed three makes a four possible: no quick win.
        let mut with_four = stones.to_vec();
        with_four.extend([(10, 2, B), (10, 3, B), (10, 4, B), (10, 1, W)]);
        let mut b = board(Rule::Freestyle, &with_four);
        assert_eq!(quick_win(&mut b, Colour::White), None);
        assert!(!faces_combination(&b, Colour::Black));
    }

    #[test]
    fn renju_black_never_gets_a_forbidden_square() {
        // RULES.md §9.4: (6,7) is a double three for black.
        let mut b = board(
            Rule::Renju,
            &[
                (6, 6, B),
                (4, 7, B),
                (5, 7, B),
                (6, 8, B),
                (14, 14, W),
                (14, 12, W),
                (12, 14, W),
                (14, 10, W),
            ],
        );
        assert!(!generated(&mut b, Colour::Black).contains(&(6, 7)));
        assert!(generated(&mut b, Colour::White).contains(&(6, 7)));
    }
}
