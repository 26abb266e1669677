//! Searches built from several ordinary ones: the n best moves (YXNBEST),
//! moves that leave the position balanced (YXBALANCEONE / YXBALANCETWO)
//! and the swap2 opening decisions (SWAP2BOARD). Each splits the caller's
//! time budget between its searches, all timed from the command's arrival
//! (each gets a share of what is left, so none ends past the move's
//! limit), starts no optional search once the time is up, and stops with
//! the others when the stop flag is raised; every answer is a legal move.

use super::score::{is_mate_score, INFINITY};
use super::{root_moves, think, Limits, Progress, SearchResult, SearchState};
use crate::board::{Board, Colour, Square};
use crate::search::movegen;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a search request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// One move for the side to move.
    Move,
    /// The `n` best moves, each searched with the earlier ones excluded.
    NBest(u32),
    /// One move after which the mover's evaluation is closest to the target.
    BalanceOne(i32),
    /// A move and the opponent's reply after which the mover's evaluation
    /// is closest to the target.
    BalanceTwo(i32),
    /// The swap2 decision for the stones on the board (0, 3 or 5).
    Swap2,
}

/// A swap2 answer (PROTOCOL.md §5.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// The first three stones: black, white, black.
    Propose([Square; 3]),
    /// Take black, the colour that is not to move.
    Swap,
    /// Take the colour to move and play this stone.
    Play(Square),
    /// Stones 4 (white) and 5 (black); the opponent chooses the colours.
    PlaceTwo([Square; 2]),
}

/// What a finished task found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Best first (Move and NBest: the first is the move to play).
    Moves(Vec<Square>),
    Swap2(Swap2Answer),
}

/// Which of several principal variations a progress report belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MultiPv {
    pub index: u32,
    pub count: u32,
}

impl MultiPv {
    pub const SINGLE: MultiPv = MultiPv { index: 0, count: 1 };
}

/// Root candidates examined for a balanced move, and opponent replies per
/// candidate for a balanced pair.
const BALANCE_MOVES: usize = 12;
const BALANCE_PAIR_FIRST: usize = 6;
const BALANCE_PAIR_SECOND: usize = 6;
/// Swap2 with three stones: within this of even, place two more stones and
/// let the opponent choose rather than pick a colour.
const SWAP2_EVEN_MARGIN: i32 = 40;
/// The search value white, to move after three or five stones, needs for
/// the position to be even: black keeps the first-move advantage, which a
/// shallow search of an open position does not see. Calibrated by swap2
/// self-play with ferro-match (the colour chooser must not score below 50%).
const SWAP2_WHITE_NEEDS: i32 = 250;

/// Everything a sub-search needs besides the position.
pub struct Context<'a> {
    pub stop: &'a AtomicBool,
    pub state: &'a mut SearchState,
    pub report: &'a mut dyn FnMut(&Progress, MultiPv),
}

impl Context<'_> {
    /// An ordinary search with progress reported under `slot`.
    fn search(
        &mut self,
        board: &mut Board,
        side: Colour,
        limits: &Limits,
        slot: MultiPv,
    ) -> SearchResult {
        let report = &mut *self.report;
        think(board, side, limits, self.stop, self.state, &mut |p| {
            report(p, slot)
        })
    }

    /// The move an ordinary search plays, if any.
    fn best_move(&mut self, board: &mut Board, side: Colour, limits: &Limits) -> Vec<Square> {
        let result = self.search(board, side, limits, MultiPv::SINGLE);
        result.best.into_iter().collect()
    }

    /// A search whose progress is not shown (it is of another position).
    fn quiet_search(&mut self, board: &mut Board, side: Colour, limits: &Limits) -> SearchResult {
        think(board, side, limits, self.stop, self.state, &mut |_| {})
    }
}

/// Runs `task` for `side`. The answer is empty only when the board is full
/// (or, for YXNBEST, every square is excluded).
pub fn run(
    task: Task,
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    context: &mut Context<'_>,
) -> Outcome {
    crate::eval::attach(board);
    match task {
        Task::Move => Outcome::Moves(context.best_move(board, side, limits)),
        Task::NBest(n) => Outcome::Moves(n_best(board, side, limits, n, context)),
        Task::BalanceOne(target) => {
            Outcome::Moves(balance_one(board, side, limits, target, context))
        }
        Task::BalanceTwo(target) => {
            Outcome::Moves(balance_two(board, side, limits, target, context))
        }
        Task::Swap2 => Outcome::Swap2(swap2(board, side, limits, context)),
    }
}

/// Once YXNBEST's time is up (at once under an instant budget:
/// `timeout_turn` 0, or a limit within the safety margin), further
/// searches, each a minimal one, go on for this long at most: a small n
/// still gets its n moves when the first search took all the time.
const N_BEST_GRACE: Duration = Duration::from_millis(5);

/// Whether to start another optional search (after the first, which gives
/// the answer): not once stopped, nor once the hard limit has passed.
fn may_search_more(limits: &Limits, context: &Context<'_>) -> bool {
    !context.stop.load(Ordering::Relaxed) && !limits.time_is_up()
}

/// The `n` best moves: one search per move, each excluding the moves found
/// before it, each with an equal share of the time left. However large
/// `n`, the whole answer keeps to the move's hard limit: `n` is capped at
/// the legal squares, every search ends by the limit, and no further
/// search is started (past the first, which gives the move) once the
/// search is stopped, or [`N_BEST_GRACE`] after the loop first finds the
/// time up.
fn n_best(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    n: u32,
    context: &mut Context<'_>,
) -> Vec<Square> {
    let legal = legal_squares(board, side, limits, n);
    let count = n.min(legal).max(1);
    let mut found: Vec<Square> = Vec::new();
    let mut time_up_at: Option<Instant> = None;
    for index in 0..count {
        if index > 0 {
            if context.stop.load(Ordering::Relaxed) {
                break;
            }
            if limits.time_is_up() {
                let since = *time_up_at.get_or_insert_with(Instant::now);
                if since.elapsed() >= N_BEST_GRACE {
                    break;
                }
            }
        }
        // What earlier searches left unused goes to the later ones.
        let sub = Limits {
            exclude: limits.exclude.iter().chain(&found).copied().collect(),
            ..limits.next_share(count - index)
        };
        let slot = MultiPv { index, count };
        let best = context.search(board, side, &sub, slot).best;
        match best {
            // Past the first move, only legal moves count as answers.
            Some(sq) if index == 0 || movegen::is_legal(board, sq, side) => found.push(sq),
            _ => break,
        }
    }
    found
}

/// The legal squares `side` may play (not excluded), counted up to `most`.
fn legal_squares(board: &mut Board, side: Colour, limits: &Limits, most: u32) -> u32 {
    let empty: Vec<Square> = board
        .empty_squares()
        .filter(|&sq| limits.allows(sq))
        .collect();
    let legal = empty
        .into_iter()
        .filter(|&sq| movegen::is_legal(board, sq, side))
        .take(most as usize)
        .count();
    legal as u32
}

/// Candidates for a balancing stone of `side`: the best-ordered root moves,
/// less those that make a five (the game would be over, not balanced).
fn balance_candidates(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    keep: usize,
) -> Vec<Square> {
    let fives = movegen::five_squares(board, side);
    root_moves(board, side, limits)
        .into_iter()
        .map(|m| m.sq)
        .filter(|sq| !fives.contains(sq))
        .take(keep)
        .collect()
}

/// Squares for `side` when the search offers none (an empty board, or a
/// position where its only moves win at once): legal, allowed, non-winning
/// squares nearest the centre first, and winning ones only if nothing else
/// is left.
fn fallback_squares(board: &mut Board, side: Colour, limits: &Limits, keep: usize) -> Vec<Square> {
    let squares: Vec<Square> = super::centre_first(board)
        .into_iter()
        .filter(|&sq| limits.allows(sq))
        .collect();
    let mut chosen: Vec<Square> = Vec::new();
    for quiet_only in [true, false] {
        for &sq in &squares {
            if chosen.len() >= keep {
                return chosen;
            }
            let wins = board.is_winning_move(sq, side);
            if (quiet_only && wins) || chosen.contains(&sq) || !movegen::is_legal(board, sq, side) {
                continue;
            }
            chosen.push(sq);
        }
    }
    chosen
}

/// How far a search value lies from the target (mates are furthest).
fn distance(value: i32, target: i32) -> i64 {
    if is_mate_score(value) {
        INFINITY as i64 * 4
    } else {
        (value as i64 - target as i64).abs()
    }
}

/// One move for `side` after which `side`'s evaluation is closest to
/// `target`; ties go to the better-ordered move.
fn balance_one(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    target: i32,
    context: &mut Context<'_>,
) -> Vec<Square> {
    let candidates = balance_candidates(board, side, limits, BALANCE_MOVES);
    if candidates.is_empty() {
        return context.best_move(board, side, limits);
    }
    let count = candidates.len();
    let mut best: Option<(i64, Square)> = None;
    for (index, sq) in candidates.into_iter().enumerate() {
        if index > 0 && !may_search_more(limits, context) {
            break;
        }
        let sub = limits.next_share((count - index) as u32);
        board.place(sq, side.stone());
        let value = -context.quiet_search(board, side.opponent(), &sub).score;
        board.undo();
        let gap = distance(value, target);
        if best.is_none_or(|(best_gap, _)| gap < best_gap) {
            best = Some((gap, sq));
        }
    }
    best.map(|(_, sq)| sq).into_iter().collect()
}

/// A stone of `side` and a reply of the opponent after which `side`, to
/// move again, has the evaluation closest to `target`.
fn balance_two(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    target: i32,
    context: &mut Context<'_>,
) -> Vec<Square> {
    let them = side.opponent();
    let mut firsts = balance_candidates(board, side, limits, BALANCE_PAIR_FIRST);
    if firsts.is_empty() {
        firsts = fallback_squares(board, side, limits, BALANCE_PAIR_FIRST);
    }
    // The reply may be any square but the blocked ones: the first stone's
    // own exclusions (earlier YXNBEST answers) do not bind it.
    let reply_limits = Limits {
        exclude: limits.exclude.clone(),
        ..Limits::timed(limits.budget)
    };
    let mut pairs: Vec<[Square; 2]> = Vec::new();
    for &first in &firsts {
        board.place(first, side.stone());
        let mut replies = balance_candidates(board, them, &reply_limits, BALANCE_PAIR_SECOND);
        if replies.is_empty() {
            replies = fallback_squares(board, them, &reply_limits, BALANCE_PAIR_SECOND);
        }
        pairs.extend(replies.into_iter().map(|reply| [first, reply]));
        board.undo();
    }
    if pairs.is_empty() {
        return Vec::new();
    }
    let count = pairs.len();
    let mut best: Option<(i64, [Square; 2])> = None;
    for (index, pair) in pairs.into_iter().enumerate() {
        if index > 0 && !may_search_more(limits, context) {
            break;
        }
        let sub = limits.next_share((count - index) as u32);
        board.place(pair[0], side.stone());
        board.place(pair[1], them.stone());
        let value = context.quiet_search(board, side, &sub).score;
        board.undo();
        board.undo();
        let gap = distance(value, target);
        if best.is_none_or(|(best_gap, _)| gap < best_gap) {
            best = Some((gap, pair));
        }
    }
    best.map(|(_, pair)| pair.to_vec()).unwrap_or_default()
}

/// Swap2 for the stones on the board: propose three on an empty board,
/// otherwise search the position for white (to move after 3 or 5 stones)
/// and choose the better colour, or with three stones and an even position,
/// add two stones that keep it even.
fn swap2(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    context: &mut Context<'_>,
) -> Swap2Answer {
    let stones = board.history().len();
    if stones == 0 {
        return propose_three(board, limits, context);
    }
    let limits_now = limits.next_share(if stones == 3 { 2 } else { 1 });
    let result = context.search(board, side, &limits_now, MultiPv::SINGLE);
    let Some(best) = result.best else {
        return Swap2Answer::Swap;
    };
    let edge = result.score - SWAP2_WHITE_NEEDS;
    if stones == 3 && edge.abs() <= SWAP2_EVEN_MARGIN {
        let even = SWAP2_WHITE_NEEDS;
        if let [fourth, fifth] = balance_two(board, side, limits, even, context)[..] {
            return Swap2Answer::PlaceTwo([fourth, fifth]);
        }
    }
    if edge >= 0 {
        Swap2Answer::Play(best)
    } else {
        Swap2Answer::Swap
    }
}

/// Black in the centre, then the white and black stones that leave white,
/// to move, closest to even.
fn propose_three(board: &mut Board, limits: &Limits, context: &mut Context<'_>) -> Swap2Answer {
    // The centre, or the free square nearest it when YXBLOCK took it.
    let Some(&centre) = fallback_squares(board, Colour::Black, limits, 1).first() else {
        return Swap2Answer::Swap;
    };
    board.place(centre, Colour::Black.stone());
    let pair = balance_two(board, Colour::White, limits, SWAP2_WHITE_NEEDS, context);
    board.undo();
    match pair[..] {
        [second, third] => Swap2Answer::Propose([centre, second, third]),
        // Fewer than three free squares: nothing can be proposed.
        _ => Swap2Answer::Swap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn board(stones: &[(usize, usize)]) -> Board {
        let mut board = Board::new(15, 15, Rule::Standard).unwrap();
        let mut colour = Colour::Black;
        for &(x, y) in stones {
            board.place(board.square(x, y).unwrap(), colour.stone());
            colour = colour.opponent();
        }
        board
    }

    fn run_task(task: Task, board: &mut Board, side: Colour, depth: u32) -> Outcome {
        let mut state = SearchState::new(1 << 20);
        let mut reported = Vec::new();
        let mut report = |p: &Progress, slot: MultiPv| reported.push((p.depth, slot));
        let mut context = Context {
            stop: &AtomicBool::new(false),
            state: &mut state,
            report: &mut report,
        };
        let before = board.hash();
        let outcome = run(task, board, side, &Limits::depth(depth), &mut context);
        assert_eq!(board.hash(), before, "the board is left as it was");
        outcome
    }

    fn moves(outcome: Outcome) -> Vec<Square> {
        match outcome {
            Outcome::Moves(moves) => moves,
            other => panic!("expected moves, got {other:?}"),
        }
    }

    #[test]
    fn n_best_lists_distinct_moves_led_by_the_plain_search_move() {
        let mut b = board(&[(7, 7), (8, 8)]);
        let best = moves(run_task(Task::NBest(4), &mut b, Colour::Black, 3));
        let single = moves(run_task(Task::Move, &mut b, Colour::Black, 3));
        assert_eq!(best.len(), 4);
        assert_eq!(best[0], single[0]);
        for (i, sq) in best.iter().enumerate() {
            assert!(b.is_empty(*sq));
            assert!(!best[..i].contains(sq), "{best:?} repeats a move");
        }
    }

    #[test]
    fn n_best_stops_when_the_squares_run_out() {
        let mut b = Board::new(5, 5, Rule::Freestyle).unwrap();
        // Fill all but two squares without any five (rows alternate in
        // pairs so no line of five forms).
        let mut filled = 0;
        for y in 0..5 {
            for x in 0..5 {
                if filled == 23 {
                    break;
                }
                let black = (x + 2 * y) % 4 < 2;
                let colour = if black { Colour::Black } else { Colour::White };
                b.place(b.square(x, y).unwrap(), colour.stone());
                filled += 1;
            }
        }
        let listed = moves(run_task(Task::NBest(10), &mut b, Colour::Black, 2));
        assert_eq!(listed.len(), 2, "{listed:?}");
        assert_ne!(listed[0], listed[1]);
    }

    #[test]
    fn balance_two_gives_an_own_stone_and_a_reply_on_empty_squares() {
        let mut b = board(&[(7, 7), (8, 7), (7, 9)]);
        let pair = moves(run_task(Task::BalanceTwo(0), &mut b, Colour::White, 2));
        assert_eq!(pair.len(), 2);
        assert_ne!(pair[0], pair[1]);
        assert!(pair.iter().all(|&sq| b.is_empty(sq)));
    }

    #[test]
    fn balance_one_prefers_the_move_nearest_the_target() {
        // Far from the stones a move is worth little; a target far above
        // any quiet value must pick the strongest move, one far below the
        // weakest, and the two differ.
        let mut b = board(&[(7, 7), (8, 8), (6, 7)]);
        let high = moves(run_task(Task::BalanceOne(5_000), &mut b, Colour::White, 2));
        let low = moves(run_task(Task::BalanceOne(-5_000), &mut b, Colour::White, 2));
        assert_eq!(high.len(), 1);
        assert_eq!(low.len(), 1);
        assert_ne!(high, low);
    }

    #[test]
    fn swap2_takes_black_when_black_is_winning() {
        // Black has an open three in the centre and white's two stones
        // sit in the corners: white, to move, is worse off.
        let mut b = board(&[(7, 7), (0, 0), (8, 7), (0, 14), (9, 7)]);
        assert_eq!(
            run_task(Task::Swap2, &mut b, Colour::White, 4),
            Outcome::Swap2(Swap2Answer::Swap)
        );
    }

    #[test]
    fn swap2_proposes_three_distinct_stones_from_the_centre() {
        let mut b = board(&[]);
        match run_task(Task::Swap2, &mut b, Colour::Black, 2) {
            Outcome::Swap2(Swap2Answer::Propose([a, second, third])) => {
                assert_eq!((a.x(), a.y()), (7, 7));
                assert!(second != a && third != a && second != third);
            }
            other => panic!("expected three stones, got {other:?}"),
        }
    }
}
