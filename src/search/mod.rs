//! Choosing a move. For now this is the baseline player: it takes a win,
//! blocks the opponent's five, and otherwise plays the square with the best
//! pattern value for attack and defence. The search issue replaces it with
//! iterative-deepening PVS behind the same interface.

pub mod time;

use crate::board::{Board, Colour, Square};
use crate::pattern::CellThreat;
use crate::rules;
use std::sync::atomic::AtomicBool;
use time::Budget;

/// What the caller asks of a search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub budget: Budget,
    /// Node limit from `INFO max_node` (0 = none).
    pub max_nodes: u64,
    /// Depth limit from `INFO max_depth` (0 = none).
    pub max_depth: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when no legal square is left.
    pub best: Option<Square>,
    pub score: i32,
    pub nodes: u64,
}

/// How much a square's value for the opponent counts against its value for
/// the mover (in eighths): defence matters, attack slightly more.
const DEFENCE_EIGHTHS: i32 = 7;

/// Picks a move for `side`. Always returns quickly with a legal move when
/// one exists; `stop` is honoured by longer searches.
pub fn think(
    board: &mut Board,
    side: Colour,
    _limits: &Limits,
    _stop: &AtomicBool,
) -> SearchResult {
    let opponent = side.opponent();
    let legal = |board: &mut Board, sq: Square| rules::is_legal(board, sq, side);

    let mut candidates: Vec<Square> = board
        .empty_squares()
        .filter(|&sq| board.is_near_stone(sq))
        .collect();
    if candidates.is_empty() {
        candidates = centre_first(board);
    }
    let nodes = candidates.len() as u64;

    // A win now, then a block of the opponent's five.
    for wanted in [side, opponent] {
        if let Some(&sq) = candidates
            .iter()
            .find(|&&sq| board.is_winning_move(sq, wanted) && legal(board, sq))
        {
            return SearchResult {
                best: Some(sq),
                score: board.cell_value(sq, side),
                nodes,
            };
        }
    }

    let mut best: Option<(i32, Square)> = None;
    for &sq in &candidates {
        let score = square_score(board, sq, side);
        if best.is_none_or(|(best_score, _)| score > best_score) && legal(board, sq) {
            best = Some((score, sq));
        }
    }
    if best.is_none() {
        // Every candidate is forbidden: any legal square, else any square
        // at all (black is lost, but the manager still gets a move).
        let fallback = centre_first(board);
        let sq = fallback
            .iter()
            .copied()
            .find(|&sq| legal(board, sq))
            .or_else(|| fallback.first().copied());
        best = sq.map(|sq| (square_score(board, sq, side), sq));
    }
    SearchResult {
        best: best.map(|(_, sq)| sq),
        score: best.map_or(0, |(score, _)| score),
        nodes,
    }
}

/// Attack and defence value of playing `sq`.
fn square_score(board: &Board, sq: Square, side: Colour) -> i32 {
    let attack = board.cell_value(sq, side);
    let defence = board.cell_value(sq, side.opponent());
    let mut score = 8 * attack + DEFENCE_EIGHTHS * defence;
    // Making an unstoppable four outranks stopping one.
    if board.threat(sq, side) >= CellThreat::DoubleFour {
        score += 1 << 20;
    }
    score
}

/// Empty squares ordered from the centre outwards.
fn centre_first(board: &Board) -> Vec<Square> {
    let (cx, cy) = (board.width() as i64 - 1, board.height() as i64 - 1);
    let mut squares: Vec<Square> = board.empty_squares().collect();
    squares.sort_by_key(|sq| {
        let dx = 2 * sq.x() as i64 - cx;
        let dy = 2 * sq.y() as i64 - cy;
        (dx * dx + dy * dy, sq.index())
    });
    squares
}
