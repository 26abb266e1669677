//! Principal-variation alpha-beta (negamax) with a transposition table,
//! killer and history ordering, selective pruning and reductions (each
//! step numbered in `negamax`), extensions for forced replies (a block
//! of the opponent's five costs no depth) and for a singular table move,
//! and a quiescence search by fours at the horizon.

use super::movegen::{self, has_any_four, has_winning_four, ScoredMove};
use super::score::{mate_in, mated_in, EVAL_LIMIT, INFINITY, MATE_BOUND};
use super::tt::{Bound, TranspositionTable};
use crate::board::{Board, Colour, Square, SquareArray};
use crate::eval;
use crate::pattern::{CellThreat, Pattern};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub const MAX_PLY: usize = 96;
/// Nodes between clock checks: few enough that a search sharing a core
/// with several busy processes (tens of nodes a millisecond) still reads
/// the clock every few milliseconds.
const CHECK_INTERVAL: u64 = 128;
/// How many plies past the horizon defences against open threes are searched.
const THREAT_EXTENSION_LIMIT: i32 = 2;
/// The quiescence by fours: fours played on one line at most, how many of
/// them may be plain fours, and the classes of the squares it plays.
const QUIESCENCE_FOURS: u32 = 8;
const QUIESCENCE_PLAIN_FOURS: u32 = 2;
const QUIESCENCE_FOUR_CLASSES: u16 = CellThreat::Four.bit() | CellThreat::FourThree.bit();

/// Is `sq` within two squares of `from`, or on one of its lines within
/// four? (A four that follows up a stone lies there.)
#[inline]
fn near_along_lines(from: Square, sq: Square) -> bool {
    let dx = from.x().abs_diff(sq.x());
    let dy = from.y().abs_diff(sq.y());
    let distance = from.king_distance(sq);
    distance <= 2 || ((dx == 0 || dy == 0 || dx == dy) && distance <= 4)
}

/// Does a four on `sq` also make at least a closed three or an open two in
/// another line (a four that builds something)?
#[inline]
fn four_with_support(board: &Board, sq: Square, side: Colour) -> bool {
    let patterns = board.patterns(sq, side);
    let fours = patterns.iter().filter(|p| p.is_four()).count();
    fours >= 2
        || patterns
            .iter()
            .any(|&p| !p.is_four() && p >= crate::pattern::Pattern::OpenTwo)
}

/// Was the opponent's last move a four that builds nothing else (one that
/// only delays)? An occupied square keeps the views it had when its stone
/// was placed, so these are the patterns that stone made.
#[inline]
fn last_move_is_delaying_four(board: &Board, them: Colour) -> bool {
    board
        .last_move()
        .is_some_and(|last| !four_with_support(board, last, them))
}

/// The selectivity parameters, in one place. Each pruning step in
/// `negamax` names the constants it uses.
pub mod params {
    /// Move-count pruning: below the root, once `MOVE_COUNT_BASE +
    /// depth^MOVE_COUNT_POWER` moves are searched the rest are skipped (half
    /// as many when the static evaluation is not improving).
    pub const MOVE_COUNT_BASE: f64 = 3.0;
    pub const MOVE_COUNT_POWER: f64 = 1.3;
    /// Trivial-move pruning: at non-PV nodes below this depth, a square
    /// that makes no pattern of note for either side is not searched.
    pub const TRIVIAL_MAX_DEPTH: i32 = 4;
    /// Low-score pruning: at non-PV nodes of depth up to this, a quiet move
    /// whose ordering score is below `1 / LOW_SCORE_DIVISOR` of the best
    /// candidate's is not searched.
    pub const LOW_SCORE_MAX_DEPTH: i32 = 6;
    pub const LOW_SCORE_DIVISOR: i32 = 5;
    /// Reverse futility: a non-PV node whose static evaluation is this much
    /// per ply of depth above beta is taken to fail high.
    pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 6;
    pub const REVERSE_FUTILITY_MARGIN: i32 = 80;
    /// Futility pruning: quiet moves are skipped at non-PV nodes of depth up
    /// to this when the static evaluation plus `FUTILITY_MARGIN × depth`
    /// cannot reach alpha.
    pub const FUTILITY_MAX_DEPTH: i32 = 4;
    pub const FUTILITY_MARGIN: i32 = 110;
    /// Razoring: at depth 1 and 2, a static evaluation this far below alpha
    /// (indexed by depth) drops straight to the horizon value, which
    /// includes the VCF check.
    pub const RAZOR_MARGIN: [i32; 3] = [0, 60, 120];
    /// Internal iterative reduction: a node without a table move at this
    /// depth or more is searched one ply shallower.
    pub const IIR_MIN_DEPTH: i32 = 4;
    /// Late-move reductions: `ln(depth)·ln(index) × LMR_SCALE`, plus up to
    /// `LMR_SCORE_MAX` plies for a move scored low against the best one.
    pub const LMR_SCALE: f64 = 1.0;
    pub const LMR_SCORE_MAX: f64 = 2.0;
    /// Fail-high reduction: at a cut node whose static evaluation is at
    /// least `FAIL_HIGH_MARGIN_BASE + FAIL_HIGH_MARGIN × depth` above beta,
    /// moves that make no four are searched a ply shallower.
    pub const FAIL_HIGH_MARGIN_BASE: i32 = 0;
    pub const FAIL_HIGH_MARGIN: i32 = 70;
    /// Extra late-move reduction of a quiet move that is not a killer at a
    /// cut node.
    pub const CUT_NODE_REDUCTION: f32 = 1.0;
    /// Late-move reduction taken off a move that goes on with an attack:
    /// the same side's previous move made an open three or more, and this
    /// one does too, or makes two open twos within
    /// `CONTINUED_ATTACK_REACH` squares of that stone (an attack of threes
    /// under way: its proof lies deep, and reducing it hides it).
    pub const CONTINUED_ATTACK_REDUCTION: f32 = 1.0;
    pub const CONTINUED_ATTACK_REACH: usize = 4;
    /// Root moves are reduced by this share of the table's reduction.
    pub const ROOT_LMR_SCALE: f32 = 0.5;
    /// Ordering bonus of a killer move, on the scale of `order_score`.
    pub const KILLER_BONUS: i32 = 60;
    /// History scores stay within ±`HISTORY_MAX` and are divided by
    /// `HISTORY_DIVISOR` before they are added to the order score (at most
    /// ±64, about a killer's bonus).
    pub const HISTORY_MAX: i32 = 16384;
    pub const HISTORY_DIVISOR: i32 = 256;
    /// Singular extension: from this depth, a table move whose stored
    /// lower bound no other move comes within `SINGULAR_MARGIN × depth`
    /// of (on a search of half the depth) is searched a ply deeper.
    pub const SINGULAR_MIN_DEPTH: i32 = 8;
    /// How much shallower than the node its table entry may be.
    pub const SINGULAR_TT_DEPTH_SLACK: i32 = 2;
    pub const SINGULAR_MARGIN: i32 = 4;
    /// A reduced search that fails high by more than `LMR_DEEPER_MARGIN +
    /// LMR_DEEPER_PER_PLY × reduction` is searched again a ply deeper.
    pub const LMR_DEEPER_MARGIN: i32 = 40;
    pub const LMR_DEEPER_PER_PLY: i32 = 13;
    /// At a PV node of depth in this range, each move after one that raised
    /// alpha is searched a ply shallower.
    pub const ALPHA_RAISE_DEPTHS: std::ops::RangeInclusive<i32> = 3..=11;
    /// A PV node whose table entry is shallower than the node is searched
    /// `STALE_PV_PERCENT`% of the difference shallower (at most
    /// `STALE_PV_MAX` plies): its move was not the best for a while.
    pub const STALE_PV_PERCENT: i32 = 28;
    pub const STALE_PV_MAX: i32 = 3;
}
use params::*;

/// Reductions (in plies, fractional) for each (depth, move index), and
/// move-count limits per depth, computed once.
struct SearchTables {
    reductions: [[f32; 64]; 64],
    move_counts: [usize; 64],
}

impl SearchTables {
    fn get() -> &'static SearchTables {
        static TABLES: std::sync::OnceLock<SearchTables> = std::sync::OnceLock::new();
        TABLES.get_or_init(|| {
            let mut reductions = [[0f32; 64]; 64];
            for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
                for (index, cell) in row.iter_mut().enumerate().skip(1) {
                    *cell = (LMR_SCALE * (depth as f64).ln() * (index as f64).ln()) as f32;
                }
            }
            let mut move_counts = [0usize; 64];
            for (depth, count) in move_counts.iter_mut().enumerate() {
                *count = (MOVE_COUNT_BASE + (depth as f64).powf(MOVE_COUNT_POWER)) as usize;
            }
            SearchTables {
                reductions,
                move_counts,
            }
        })
    }

    #[inline]
    fn reduction(&self, depth: i32, index: usize) -> f32 {
        self.reductions[(depth.max(0) as usize).min(63)][index.min(63)]
    }

    #[inline]
    fn move_count(&self, depth: i32, improving: bool) -> usize {
        let full = self.move_counts[(depth.max(0) as usize).min(63)];
        if improving {
            full
        } else {
            full / 2
        }
    }
}

/// The expected kind of a node: on the principal variation, expected to
/// fail high (a cut node: one good move refutes the parent's), or expected
/// to fail low (every move searched).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Node {
    Pv,
    Cut,
    All,
}

/// How much a move threatens or defends, from the patterns of its square.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum MoveKind {
    /// Not even a two for either side.
    Trivial,
    /// Nothing immediate for either side.
    Quiet,
    /// Makes an open three or a closed four, or stops the opponent's open
    /// three or four: reduced less, but may be pruned.
    Active,
    /// Makes a winning shape (four-three, double three, open or double
    /// four) or takes the opponent's such square: never pruned.
    Forcing,
}

/// Does a stone of `side` on `sq` make at least an open three (a three,
/// a four, or any combination)?
fn makes_attack(board: &Board, sq: Square, side: Colour) -> bool {
    !matches!(board.threat(sq, side), CellThreat::None | CellThreat::Two)
}

/// Does a stone of `side` on `sq` make open twos in two lines (the step
/// before a double three)?
fn makes_double_open_two(board: &Board, sq: Square, side: Colour) -> bool {
    board
        .patterns(sq, side)
        .iter()
        .filter(|&&pattern| pattern == Pattern::OpenTwo)
        .count()
        >= 2
}

/// Is the mover's stone of two plies back within `reach` squares (king
/// distance) of `sq`? Called before `sq` is placed, so that stone is the
/// last but one of the history.
fn own_previous_within(board: &Board, sq: Square, reach: usize) -> bool {
    let history = board.history();
    let Some(&previous) = history.len().checked_sub(2).and_then(|i| history.get(i)) else {
        return false;
    };
    previous.king_distance(sq) <= reach
}

/// The order in which a node picks its moves, as one number: higher
/// ordering score first, then lower square index (squares are distinct, so
/// no two keys tie). One integer compares faster than a tuple, and the
/// pick runs for every move searched.
#[inline]
fn pick_key(m: ScoredMove) -> i64 {
    ((m.score as i64) << 16) - m.sq.index() as i64
}

fn move_kind(board: &Board, sq: Square, side: Colour) -> MoveKind {
    use CellThreat::*;
    let own = board.threat(sq, side);
    let theirs = board.threat(sq, side.opponent());
    if matches!(own, DoubleThree | FourThree | DoubleFour | OpenFour | Five)
        || matches!(
            theirs,
            DoubleThree | FourThree | DoubleFour | OpenFour | Five
        )
    {
        MoveKind::Forcing
    } else if matches!(own, Three | Four) || matches!(theirs, Three | Four) {
        MoveKind::Active
    } else if own == None && theirs == None {
        MoveKind::Trivial
    } else {
        MoveKind::Quiet
    }
}

/// Per-colour history scores, kept between searches of one game.
///
/// Each update moves a score towards `±HISTORY_MAX` by a share of the
/// distance left (`h += b − h·|b| / HISTORY_MAX`), so a score stays within
/// the limit and recent results outweigh old ones. Unbounded sums let
/// squares that refuted much early in a game outrank threats in the
/// ordering (and so in move-count pruning) for the rest of it.
pub struct History {
    scores: SquareArray<[i32; 2]>,
}

impl History {
    pub fn new() -> History {
        History {
            scores: SquareArray::filled([0; 2]),
        }
    }

    pub fn clear(&mut self) {
        self.scores.fill([0; 2]);
    }

    #[inline]
    fn get(&self, sq: Square, side: Colour) -> i32 {
        self.scores[sq.index()][side.index()]
    }

    /// Adds `bonus` (negative for a malus), less the share of the score
    /// that keeps it within the limit (described above).
    fn update(&mut self, sq: Square, side: Colour, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.scores[sq.index()][side.index()];
        let decay = (*entry as i64 * bonus.abs() as i64 / HISTORY_MAX as i64) as i32;
        *entry += bonus - decay;
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

/// Side-to-move key mixed into the board hash for the table.
const WHITE_TO_MOVE: u64 = 0x9D39_247E_3377_6D41;

/// What the side to move adds to the board hash in a table key.
#[inline]
fn side_key(side: Colour) -> u64 {
    if side == Colour::White {
        WHITE_TO_MOVE
    } else {
        0
    }
}

#[inline]
fn position_key(board: &Board, side: Colour) -> u64 {
    board.hash() ^ side_key(side)
}

/// The table key of the position after `side` plays `sq` (the opponent
/// then to move), before the stone is placed.
#[inline]
fn child_key(board: &Board, sq: Square, side: Colour) -> u64 {
    board.hash_after(sq, side.stone()) ^ side_key(side.opponent())
}

/// When the search must end.
pub struct StopRule<'a> {
    pub start: Instant,
    /// Stop at this elapsed time (None: only external stop or nodes).
    pub hard: Option<Duration>,
    pub max_nodes: u64,
    pub stop: &'a AtomicBool,
}

pub struct Searcher<'a> {
    pub board: &'a mut Board,
    tt: &'a TranspositionTable,
    history: &'a mut History,
    stop_rule: StopRule<'a>,
    killers: [[Option<Square>; 2]; MAX_PLY + 1],
    /// Static evaluation of each ply on the current line.
    evals: [i32; MAX_PLY + 1],
    /// The move a singular-extension test leaves out at each ply.
    excluded: [Option<Square>; MAX_PLY + 1],
    /// The depth of the current iteration (no singular extension past
    /// twice it).
    root_depth: i32,
    /// Whether the move played at each ply of the current line made an
    /// open three or more for its side (`makes_attack`).
    attack_move: [bool; MAX_PLY + 1],
    buffers: Vec<Vec<ScoredMove>>,
    pv: Vec<Vec<Square>>,
    pub nodes: u64,
    pub seldepth: usize,
    /// The root move last proven better than the window's lower bound in
    /// the current iteration, with its value.
    pub root_best: Option<(Square, i32)>,
    /// Set once the search must stop; results after it are discarded.
    pub aborted: bool,
    /// Clock checks start only after the first iteration.
    pub may_abort: bool,
    /// Node count at which the clock is next read.
    next_check: u64,
    /// Whether the block of a four that builds nothing else (a delaying
    /// four) costs a ply, as any other move does, rather than being free as
    /// forced replies are: only with the lean root (freestyle), where it
    /// was measured (`search::lean_root`).
    delaying_four_costs_a_ply: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(
        board: &'a mut Board,
        tt: &'a TranspositionTable,
        history: &'a mut History,
        stop_rule: StopRule<'a>,
    ) -> Searcher<'a> {
        let delaying_four_costs_a_ply = crate::search::lean_root(board.rule());
        Searcher {
            board,
            tt,
            history,
            stop_rule,
            killers: [[None; 2]; MAX_PLY + 1],
            evals: [0; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            root_depth: 0,
            attack_move: [false; MAX_PLY + 1],
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(16)).collect(),
            nodes: 0,
            seldepth: 0,
            root_best: None,
            aborted: false,
            may_abort: false,
            next_check: CHECK_INTERVAL,
            delaying_four_costs_a_ply,
        }
    }

    /// When the search began (its clock).
    pub fn start(&self) -> Instant {
        self.stop_rule.start
    }

    /// The principal variation from the root found by the last search.
    pub fn root_pv(&self) -> &[Square] {
        &self.pv[0]
    }

    fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.may_abort || self.nodes < self.next_check {
            return false;
        }
        self.next_check = self.nodes + CHECK_INTERVAL;
        let rule = &self.stop_rule;
        let out_of_time = rule.hard.is_some_and(|hard| rule.start.elapsed() >= hard);
        let out_of_nodes = rule.max_nodes > 0 && self.nodes >= rule.max_nodes;
        if out_of_time || out_of_nodes || rule.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        self.aborted
    }

    fn static_eval(&self, side: Colour) -> i32 {
        eval::evaluate(self.board, side).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Value at the horizon: a quiescence search by fours. The side to move
    /// may stand on the static evaluation or play a four near its last
    /// stone, which the opponent must block; a four against the side to
    /// move is blocked at once. Plain fours are tried in the first
    /// `QUIESCENCE_PLAIN_FOURS` fours of a line, after that only fours that
    /// also make a three or an open two (they can lead somewhere), which
    /// keeps the tree small. A position the threat classes prove won (an
    /// open four, an unanswerable combination) scores as a win.
    fn quiescence(
        &mut self,
        side: Colour,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        fours: u32,
    ) -> i32 {
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        let them = side.opponent();
        if self.board.threat_count(side, CellThreat::Five) > 0 {
            return mate_in(ply + 1);
        }
        if ply >= MAX_PLY {
            return self.static_eval(side);
        }
        if self.board.threat_count(them, CellThreat::Five) > 0 {
            // The one answer to the opponent's four (two fives: lost).
            let blocks = movegen::five_squares(self.board, them);
            let block = blocks[0];
            if blocks.len() > 1 || !movegen::is_legal(self.board, block, side) {
                return mated_in(ply + 2);
            }
            self.board.place(block, side.stone());
            let value = -self.quiescence(them, ply + 1, -beta, -alpha, fours);
            self.board.undo();
            return value;
        }
        if let Some(plies) = movegen::quick_win(self.board, side) {
            return mate_in(ply + plies);
        }
        let stand = self.static_eval(side);
        if stand >= beta || fours >= QUIESCENCE_FOURS {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let Some(last) = self.last_stone_of(side) else {
            return stand;
        };
        let plain_allowed = fours < QUIESCENCE_PLAIN_FOURS;
        let mut moves = [(0i32, last); 32];
        let mut count = 0;
        for sq in movegen::threat_squares(self.board, side, QUIESCENCE_FOUR_CLASSES) {
            if count == moves.len() || !near_along_lines(last, sq) {
                continue;
            }
            let threat = self.board.threat(sq, side);
            if !plain_allowed
                && threat == CellThreat::Four
                && !four_with_support(self.board, sq, side)
            {
                continue;
            }
            moves[count] = (movegen::order_score(self.board, sq, side), sq);
            count += 1;
        }
        let moves = &mut moves[..count];
        moves.sort_unstable_by_key(|&(score, sq)| (-score, sq.index()));
        for &(_, sq) in moves.iter() {
            if !movegen::is_legal(self.board, sq, side) {
                continue;
            }
            self.board.place(sq, side.stone());
            let value = -self.quiescence(them, ply + 1, -beta, -alpha, fours + 1);
            self.board.undo();
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The last stone `side` placed (walls are not stones).
    fn last_stone_of(&self, side: Colour) -> Option<Square> {
        let stone = side.stone();
        self.board
            .history()
            .iter()
            .rev()
            .take(8)
            .copied()
            .find(|&sq| self.board.get(sq) == stone)
    }

    /// Searches the root moves (already ordered; the first is the expected
    /// best) and returns the best value; the best move is `pv[0][0]`.
    /// Moves are re-sorted by their scores for the next iteration.
    pub fn search_root(
        &mut self,
        side: Colour,
        moves: &mut [ScoredMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best_value = -INFINITY;
        self.pv[0].clear();
        self.root_best = None;
        self.root_depth = depth;
        let tables = SearchTables::get();
        for (i, root_move) in moves.iter_mut().enumerate() {
            let sq = root_move.sq;
            // Late quiet root moves are tried a little shallower first.
            let reduction =
                if depth >= 3 && i >= 3 && move_kind(self.board, sq, side) <= MoveKind::Quiet {
                    ((tables.reduction(depth, i) * ROOT_LMR_SCALE).round() as i32)
                        .clamp(0, depth - 2)
                } else {
                    0
                };
            self.attack_move[0] = makes_attack(self.board, sq, side);
            self.board.place(sq, side.stone());
            self.nodes += 1;
            let mut value;
            if i == 0 {
                value = -self.negamax(side.opponent(), depth - 1, 1, -beta, -alpha, Node::Pv);
            } else {
                value = -self.negamax(
                    side.opponent(),
                    depth - 1 - reduction,
                    1,
                    -alpha - 1,
                    -alpha,
                    Node::Cut,
                );
                if value > alpha && reduction > 0 && !self.aborted {
                    value =
                        -self.negamax(side.opponent(), depth - 1, 1, -alpha - 1, -alpha, Node::Cut);
                }
                if value > alpha && value < beta && !self.aborted {
                    value = -self.negamax(side.opponent(), depth - 1, 1, -beta, -alpha, Node::Pv);
                }
            }
            self.board.undo();
            if self.aborted {
                break;
            }
            // A move that failed low has no value of its own: all such
            // moves tie, and the stable sort below keeps their order.
            root_move.score = if value > alpha || i == 0 {
                value
            } else {
                -INFINITY
            };
            if value > best_value {
                best_value = value;
                if value > alpha || i == 0 {
                    self.set_pv(0, sq);
                }
                if value > alpha {
                    // Proven above the window's lower bound: safe to play
                    // even if the iteration is cut short.
                    self.root_best = Some((sq, value));
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        // Stable sort keeps the previous order among equals (the moves
        // that failed low).
        moves.sort_by_key(|m| -m.score);
        best_value
    }

    fn set_pv(&mut self, ply: usize, sq: Square) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(sq);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax(
        &mut self,
        side: Colour,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        node: Node,
    ) -> i32 {
        let pv_node = node == Node::Pv;
        let cut_node = node == Node::Cut;
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let them = side.opponent();
        // The table is probed in step 4: start loading its bucket now,
        // while the threat tests of steps 1-3 run.
        let key = position_key(self.board, side);
        self.tt.prefetch(key);

        // Step 1. Terminal and forced situations.
        if self.board.threat_count(side, CellThreat::Five) > 0 {
            return mate_in(ply + 1);
        }
        let opponent_fives = self.board.threat_count(them, CellThreat::Five);
        if opponent_fives >= 2 && movegen::five_squares(self.board, them).len() >= 2 {
            return mated_in(ply + 2);
        }
        if self.board.empty_count() == 0 {
            return 0;
        }
        // A win the threat classes prove (an open four, or an unanswerable
        // four-three or double three) needs no search.
        if opponent_fives == 0 {
            if let Some(plies) = movegen::quick_win(self.board, side) {
                return mate_in(ply + plies);
            }
        }
        if ply >= MAX_PLY {
            return self.static_eval(side);
        }

        // Step 2. Mate-distance pruning: no result here can beat a shorter
        // mate.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Step 3. The horizon. Facing an open three (or a double four) the
        // static value means nothing: look further, over the defences only.
        let forced = opponent_fives > 0;
        let open_three_threat =
            !forced && !has_any_four(self.board, side) && has_winning_four(self.board, them);
        // A four-three or double three of the opponent threatens as much.
        let combination_threat =
            !forced && !open_three_threat && movegen::faces_combination(self.board, side);
        let threatened = open_three_threat || combination_threat;
        if depth <= 0 && !forced && !(threatened && depth > -THREAT_EXTENSION_LIMIT) {
            return self.quiescence(side, ply, alpha, beta, 0);
        }

        // Step 4. Transposition table. (A singular-extension test leaves a
        // move out: the stored result is not its own.)
        let excluded = self.excluded[ply];
        let hit = self.tt.probe(key, ply);
        if let Some(hit) = hit {
            if !pv_node && excluded.is_none() && hit.depth >= depth {
                let cutoff = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.value >= beta,
                    Bound::Upper => hit.value <= alpha,
                    Bound::None => false,
                };
                if cutoff {
                    return hit.value;
                }
            }
        }
        let tt_move = hit.and_then(|h| h.best);
        let eval = hit.map_or_else(|| self.static_eval(side), |h| h.eval);
        self.evals[ply] = eval;
        // Is our position better than two plies ago (then prune less)?
        // The root sets no value of its own, so at ply 2 this compares with
        // 0 (setting the root's value, and looking past forced blocks,
        // scored no better: README, the thirty-ninth round).
        let improving = ply < 2 || eval > self.evals[ply - 2];
        let quiet_node = !pv_node && !forced && !threatened && excluded.is_none();

        // Step 5. Razoring: far below alpha near the horizon, only a forced
        // win by fours could save the node, and the horizon value looks
        // for exactly that.
        if quiet_node
            && (1..=2).contains(&depth)
            && eval + RAZOR_MARGIN[depth as usize] < alpha
            && !has_winning_four(self.board, side)
        {
            let value = self.quiescence(side, ply, alpha - 1, alpha, 0);
            if value < alpha {
                return value;
            }
        }

        // Step 6. Reverse futility: far above beta with no threat against
        // us, the opponent is taken to be unable to catch up in the plies
        // left.
        if quiet_node
            && depth <= REVERSE_FUTILITY_MAX_DEPTH
            && eval < MATE_BOUND
            && beta > -MATE_BOUND
            && eval - REVERSE_FUTILITY_MARGIN * (depth - improving as i32).max(0) >= beta
            && !has_any_four(self.board, them)
        {
            return eval;
        }

        // Step 7. Internal iterative reduction: without a table move the
        // ordering is a guess, so spend less on this node. A PV node whose
        // table entry is shallower than itself has had another best move
        // for a while: spend less there too.
        if tt_move.is_none() && depth >= IIR_MIN_DEPTH && !forced && excluded.is_none() {
            depth -= 1;
        }
        if let Some(hit) = hit.filter(|h| pv_node && depth > 1 && h.best.is_some()) {
            depth -= ((depth - hit.depth) * STALE_PV_PERCENT / 100).clamp(0, STALE_PV_MAX);
        }

        // Step 8. Move generation and ordering: table move, then the
        // pattern score of the square for both sides, killers, history.
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        if combination_threat {
            // Facing a four-three or double three, only its answers.
            movegen::generate_combination_defences(self.board, side, &mut moves);
        } else {
            movegen::generate(self.board, side, &mut moves);
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            // Only forbidden blocks, or nothing left near the stones.
            return if forced {
                mated_in(ply + 1)
            } else {
                self.static_eval(side)
            };
        }
        let killers = self.killers[ply];
        let top_score = moves.iter().map(|m| m.score).max().unwrap_or(0).max(1);
        for m in moves.iter_mut() {
            let mut ordering = m.score;
            ordering += self.history.get(m.sq, side) / HISTORY_DIVISOR;
            if Some(m.sq) == tt_move {
                ordering = 1 << 22;
            } else if killers.contains(&Some(m.sq)) {
                ordering += KILLER_BONUS;
            }
            m.score = ordering;
        }

        // One reply only: it costs no depth (this extends every forced
        // block of a four), unless the four it blocks only delays: a four
        // that builds nothing else (no second four, no open two or better
        // in another line) would otherwise push what the opponent faces
        // past the horizon for free.
        let free_reply = moves.len() == 1
            && !(self.delaying_four_costs_a_ply
                && forced
                && last_move_is_delaying_four(self.board, them));
        let mut child_depth = if free_reply { depth } else { depth - 1 };
        // Step 8b. Fail-high reduction: at an expected cut node whose
        // static value is well above beta, every move but a four is
        // searched a ply shallower (one good move is all it takes).
        let likely_fail_high = cut_node
            && !forced
            && !threatened
            && eval < MATE_BOUND
            && eval >= beta + FAIL_HIGH_MARGIN_BASE + FAIL_HIGH_MARGIN * depth;
        let tables = SearchTables::get();
        let move_count_limit = tables.move_count(depth, improving);
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        for i in 0..moves.len() {
            // The best remaining move by ordering score (ties by square),
            // picked when it is needed: most nodes stop after a move or
            // two, so sorting the whole list first would be wasted.
            let next = (i..moves.len())
                .max_by_key(|&j| pick_key(moves[j]))
                .expect("i < len");
            moves.swap(i, next);
            let sq = moves[i].sq;
            if Some(sq) == excluded {
                continue;
            }
            let raw_score = movegen::order_score(self.board, sq, side);
            let kind = move_kind(self.board, sq, side);
            let is_tt_move = Some(sq) == tt_move;
            let quiet = kind <= MoveKind::Quiet && !is_tt_move;
            let attack = makes_attack(self.board, sq, side);
            let continues_attack = ply >= 2
                && self.attack_move[ply - 2]
                && !threatened
                && !forced
                && (attack
                    || (makes_double_open_two(self.board, sq, side)
                        && own_previous_within(self.board, sq, CONTINUED_ATTACK_REACH)));

            // Step 9. Pruning, once a move has been searched and no loss
            // is on the board.
            if !forced && searched > 0 && best_value > -MATE_BOUND && !is_tt_move {
                // 9a. Move count, at every node below the root: the
                // moves are ordered by their threats. Every later move
                // would be cut here too (the table move came first), so
                // the loop ends.
                if searched >= move_count_limit {
                    break;
                }
                if !pv_node && !threatened {
                    // 9b. Squares that do nothing for either side.
                    if kind == MoveKind::Trivial && depth < TRIVIAL_MAX_DEPTH {
                        continue;
                    }
                    // 9c. Low score compared with the best candidate.
                    if quiet
                        && depth <= LOW_SCORE_MAX_DEPTH
                        && raw_score * LOW_SCORE_DIVISOR < top_score
                    {
                        continue;
                    }
                    // 9d. Futility.
                    if quiet
                        && depth <= FUTILITY_MAX_DEPTH
                        && eval + FUTILITY_MARGIN * depth <= alpha
                    {
                        continue;
                    }
                }
            }

            let mut move_depth =
                if likely_fail_high && !movegen::makes_four(self.board.threat(sq, side)) {
                    child_depth - 1
                } else {
                    child_depth
                };

            // Step 10. Singular extension: if no other move comes near the
            // table move's stored value on a shallower search, the node
            // hangs on that move: search it a ply deeper. If another move
            // also beats beta there, two moves refute the parent
            // (multi-cut); if the stored value alone beats beta, the table
            // move is searched a ply shallower.
            if is_tt_move && !forced && moves.len() > 1 && excluded.is_none() {
                if let Some(hit) = hit.filter(|h| {
                    depth >= SINGULAR_MIN_DEPTH
                        && ply < 2 * self.root_depth as usize
                        && matches!(h.bound, Bound::Lower | Bound::Exact)
                        && h.depth >= depth - SINGULAR_TT_DEPTH_SLACK
                        && h.value.abs() < MATE_BOUND
                }) {
                    let singular_beta = hit.value - SINGULAR_MARGIN * depth;
                    let test_node = if cut_node { Node::Cut } else { Node::All };
                    self.excluded[ply] = Some(sq);
                    let value = self.negamax(
                        side,
                        (depth - 1) / 2,
                        ply,
                        singular_beta - 1,
                        singular_beta,
                        test_node,
                    );
                    self.excluded[ply] = None;
                    if self.aborted {
                        self.buffers[ply] = moves;
                        return 0;
                    }
                    if value < singular_beta {
                        move_depth += 1;
                    } else if singular_beta >= beta {
                        self.buffers[ply] = moves;
                        return singular_beta;
                    } else if hit.value >= beta {
                        move_depth -= 1;
                    }
                }
            }

            // Set here, after the singular test (which plays other moves
            // at this ply).
            self.attack_move[ply] = attack;
            // Start loading the child's table bucket before the stone goes
            // down, so that the wait overlaps the work of placing it (a
            // percent or so on the idle machine, more under load: README,
            // the thirty-ninth round).
            self.tt.prefetch(child_key(self.board, sq, side));
            self.board.place(sq, side.stone());
            let mut value;
            if searched == 0 {
                let child = match node {
                    Node::Pv => Node::Pv,
                    Node::Cut => Node::All,
                    Node::All => Node::Cut,
                };
                value = -self.negamax(them, move_depth, ply + 1, -beta, -alpha, child);
            } else {
                // Step 11. Late-move reductions: later moves are searched
                // shallower first; low-scored moves more, attacks and
                // defences less.
                let mut reduction = 0;
                if depth >= 2 && !forced && searched >= if pv_node { 2 } else { 1 } {
                    let mut r = tables.reduction(depth, searched);
                    let relative = raw_score as f32 / top_score as f32;
                    r += (LMR_SCORE_MAX as f32 * (1.0 - 2.0 * relative)).max(0.0);
                    if pv_node {
                        r -= 1.0;
                    } else {
                        r += 0.5;
                        if !improving {
                            r += 0.5;
                        }
                    }
                    if continues_attack {
                        r -= CONTINUED_ATTACK_REDUCTION;
                    }
                    match kind {
                        MoveKind::Forcing => r -= 2.0,
                        MoveKind::Active => r -= 1.0,
                        _ => {
                            if killers.contains(&Some(sq)) {
                                r -= 1.0;
                            } else if cut_node {
                                r += CUT_NODE_REDUCTION;
                            }
                        }
                    }
                    reduction = (r.round() as i32).clamp(0, (move_depth - 1).max(0));
                }
                // A reduced search expects to fail low here, so its child
                // is a cut node; a full-depth one swaps the parent's kind.
                let full_depth_child = if cut_node { Node::All } else { Node::Cut };
                let child = if reduction > 0 {
                    Node::Cut
                } else {
                    full_depth_child
                };
                value = -self.negamax(
                    them,
                    move_depth - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    child,
                );
                if value > alpha && reduction > 0 && !self.aborted {
                    // A reduced search that failed high by far is searched
                    // again a ply deeper than planned.
                    let deeper = value > alpha + LMR_DEEPER_MARGIN + LMR_DEEPER_PER_PLY * reduction;
                    value = -self.negamax(
                        them,
                        move_depth + deeper as i32,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        full_depth_child,
                    );
                }
                if value > alpha && value < beta && pv_node && !self.aborted {
                    value = -self.negamax(them, move_depth, ply + 1, -beta, -alpha, Node::Pv);
                }
            }
            self.board.undo();
            searched += 1;
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(sq);
                if value > alpha {
                    alpha = value;
                    if pv_node {
                        self.set_pv(ply, sq);
                    }
                    // Step 12. With a better move found at a PV node, the
                    // moves still to come are less likely to matter.
                    if alpha < beta
                        && ALPHA_RAISE_DEPTHS.contains(&depth)
                        && value.abs() < MATE_BOUND
                    {
                        depth -= 1;
                        child_depth -= 1;
                    }
                    if alpha >= beta {
                        if quiet {
                            let slot = &mut self.killers[ply];
                            if slot[0] != Some(sq) {
                                slot[1] = slot[0];
                                slot[0] = Some(sq);
                            }
                        }
                        // The move that cut gains depth² in the history;
                        // after a quiet cut, the quiet moves ordered before
                        // it (searched without a cut, or pruned) lose as
                        // much.
                        let bonus = depth.max(1) * depth.max(1);
                        self.history.update(sq, side, bonus);
                        if quiet {
                            for earlier in &moves[..i] {
                                if Some(earlier.sq) != excluded
                                    && move_kind(self.board, earlier.sq, side) <= MoveKind::Quiet
                                {
                                    self.history.update(earlier.sq, side, -bonus);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if excluded.is_some() {
            return best_value;
        }
        let bound = if best_value >= beta {
            Bound::Lower
        } else if best_value > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best_value, eval, depth, bound, ply);
        best_value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::CellState;
    use crate::rules::Rule;

    /// A position with black (to move) on `black`, the last stone last,
    /// and as many white stones, the first two closing black's rows.
    fn position(black: &[(usize, usize)]) -> Board {
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        let white = [(2, 7), (10, 8), (0, 0), (14, 0), (0, 14), (14, 14), (12, 2)];
        for (i, &(x, y)) in black.iter().enumerate() {
            board.place(Square::new(white[i].0, white[i].1), CellState::White);
            board.place(Square::new(x, y), CellState::Black);
        }
        crate::eval::attach(&mut board);
        board
    }

    /// Runs `f` on a searcher over `board` with a fresh table and history
    /// and no limits.
    fn with_searcher<T>(board: &mut Board, f: impl FnOnce(&mut Searcher<'_>) -> T) -> T {
        let tt = TranspositionTable::new(1 << 20);
        let mut history = History::new();
        let stop = AtomicBool::new(false);
        let rule = StopRule {
            start: Instant::now(),
            hard: None,
            max_nodes: 0,
            stop: &stop,
        };
        f(&mut Searcher::new(board, &tt, &mut history, rule))
    }

    fn quiescence_value(board: &mut Board) -> i32 {
        with_searcher(board, |searcher| {
            searcher.quiescence(Colour::Black, 0, -INFINITY, INFINITY, 0)
        })
    }

    #[test]
    fn the_child_key_is_the_key_of_the_position_after_the_move() {
        let mut board = position(&[(7, 7), (8, 8), (6, 8)]);
        for side in [Colour::Black, Colour::White] {
            for (x, y) in [(7, 8), (0, 1), (14, 13)] {
                let sq = Square::new(x, y);
                let predicted = child_key(&board, sq, side);
                board.place(sq, side.stone());
                assert_eq!(predicted, position_key(&board, side.opponent()));
                board.undo();
            }
        }
    }

    #[test]
    fn attacks_are_threes_or_more_and_double_twos_are_their_step_before() {
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        for (x, y) in [(5, 7), (6, 7), (8, 5), (8, 6)] {
            board.place(Square::new(x, y), CellState::Black);
        }
        crate::eval::attach(&mut board);
        // (7, 7) makes one open three in the row, (8, 7) two threes.
        assert!(makes_attack(&board, Square::new(7, 7), Colour::Black));
        assert!(makes_attack(&board, Square::new(8, 7), Colour::Black));
        // White makes nothing there.
        assert!(!makes_attack(&board, Square::new(8, 7), Colour::White));

        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        for (x, y) in [(6, 7), (7, 6)] {
            board.place(Square::new(x, y), CellState::Black);
        }
        crate::eval::attach(&mut board);
        // (6, 6) joins (7, 6) in a row and (6, 7) in a column: two open
        // twos, no three.
        let double_two = Square::new(6, 6);
        assert!(!makes_attack(&board, double_two, Colour::Black));
        assert!(makes_double_open_two(&board, double_two, Colour::Black));
        // (5, 7) makes one open two only, (12, 12) nothing.
        assert!(!makes_double_open_two(
            &board,
            Square::new(5, 7),
            Colour::Black
        ));
        assert!(!makes_double_open_two(
            &board,
            Square::new(12, 12),
            Colour::Black
        ));
    }

    #[test]
    fn a_four_that_builds_nothing_else_is_a_delaying_four() {
        // White closes black's row first, then makes a four in row 3 whose
        // only five point is (7, 3).
        let plain_four = |support: &[(usize, usize)]| {
            let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
            board.place(Square::new(2, 3), CellState::Black);
            let far = [(0, 14), (14, 14), (14, 0), (0, 0), (12, 12), (2, 12)];
            let white = support.iter().chain(&[(3, 3), (4, 3), (5, 3)]);
            for (&(x, y), &(bx, by)) in white.zip(&far) {
                board.place(Square::new(x, y), CellState::White);
                board.place(Square::new(bx, by), CellState::Black);
            }
            board.place(Square::new(6, 3), CellState::White);
            crate::eval::attach(&mut board);
            board
        };
        let board = plain_four(&[]);
        assert_eq!(
            board.threat(Square::new(7, 3), Colour::White),
            CellThreat::Five
        );
        assert!(last_move_is_delaying_four(&board, Colour::White));
        // With a white stone on (6, 5) the last stone also makes a two in
        // its column: the four builds something.
        let board = plain_four(&[(6, 5)]);
        assert!(!last_move_is_delaying_four(&board, Colour::White));
        // A four on both lines at once is no delay either.
        let board = plain_four(&[(6, 4), (6, 5), (6, 6)]);
        assert!(!last_move_is_delaying_four(&board, Colour::White));
    }

    #[test]
    fn own_previous_stone_is_the_last_but_one_of_the_history() {
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        assert!(!own_previous_within(&board, Square::new(7, 7), 4));
        board.place(Square::new(7, 7), CellState::Black);
        board.place(Square::new(0, 0), CellState::White);
        assert!(own_previous_within(&board, Square::new(11, 3), 4));
        assert!(!own_previous_within(&board, Square::new(12, 7), 4));
        assert!(!own_previous_within(&board, Square::new(1, 1), 4));
    }

    #[test]
    fn history_scores_stay_bounded_and_follow_recent_results() {
        let mut history = History::new();
        let sq = Square::new(7, 7);
        let bonus = 12 * 12;
        for _ in 0..10_000 {
            history.update(sq, Colour::Black, bonus);
        }
        let high = history.get(sq, Colour::Black);
        assert!(
            (HISTORY_MAX * 9 / 10 + 1..=HISTORY_MAX).contains(&high),
            "{high}"
        );
        assert_eq!(history.get(sq, Colour::White), 0);
        // A run of failures turns a long record of cuts around.
        for _ in 0..200 {
            history.update(sq, Colour::Black, -bonus);
        }
        let low = history.get(sq, Colour::Black);
        assert!((-HISTORY_MAX..0).contains(&low), "{low}");
        // A bonus beyond the limit counts as the limit.
        history.update(sq, Colour::White, 10 * HISTORY_MAX);
        assert_eq!(history.get(sq, Colour::White), HISTORY_MAX);
    }

    #[test]
    fn root_moves_that_fail_low_keep_their_order() {
        let mut board = position(&[(6, 10), (7, 8), (8, 8)]);
        let limits = crate::search::Limits::depth(2);
        let mut moves = crate::search::root_moves(&mut board, Colour::Black, &limits);
        assert!(moves.len() > 4);
        let before: Vec<Square> = moves.iter().map(|m| m.sq).collect();
        // A window no move reaches: every move after the first fails low.
        let bound = MATE_BOUND - 1;
        with_searcher(&mut board, |searcher| {
            searcher.search_root(Colour::Black, &mut moves, 2, bound - 1, bound)
        });
        let after: Vec<Square> = moves.iter().map(|m| m.sq).collect();
        assert_eq!(after, before);
    }

    #[test]
    fn a_singular_test_leaves_its_move_out_and_the_table_alone() {
        // White has a four on row 3: black's one move is the block at (7,3).
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        for (x, y) in [(3, 3), (4, 3), (5, 3), (6, 3)] {
            board.place(Square::new(x, y), CellState::White);
        }
        for (x, y) in [(2, 3), (7, 7), (8, 7), (9, 9)] {
            board.place(Square::new(x, y), CellState::Black);
        }
        crate::eval::attach(&mut board);
        let block = Square::new(7, 3);
        with_searcher(&mut board, |searcher| {
            let value = searcher.negamax(Colour::Black, 3, 1, -INFINITY, INFINITY, Node::Pv);
            assert!(value > -MATE_BOUND, "{value}");
            let key = position_key(searcher.board, Colour::Black);
            let stored = searcher.tt.probe(key, 1).expect("the node is stored");
            assert_eq!(stored.best, Some(block));
            // Without its one move the node has nothing to search, and
            // the table keeps the full node's entry.
            searcher.excluded[1] = Some(block);
            let without = searcher.negamax(Colour::Black, 3, 1, -INFINITY, INFINITY, Node::All);
            searcher.excluded[1] = None;
            assert_eq!(without, -INFINITY);
            let after = searcher.tt.probe(key, 1).expect("still stored");
            assert_eq!(
                (after.best, after.value, after.depth),
                (stored.best, stored.value, stored.depth)
            );
        });
    }

    #[test]
    fn the_quiescence_follows_fours_to_a_win() {
        // Closed threes on rows 7 and 8 (closed by white at (2,7) and
        // (10,8)) whose fours (6,7) and (6,8) share column 6 with a black
        // stone at (6,10): either four, once blocked, lets the other make
        // a four-three. No square is a four-three yet, so only the
        // quiescence by fours sees the win.
        let mut board = position(&[(6, 10), (7, 8), (8, 8), (9, 8), (3, 7), (4, 7), (5, 7)]);
        for sq in [(6, 7), (6, 8)] {
            let sq = Square::new(sq.0, sq.1);
            assert_eq!(board.threat(sq, Colour::Black), CellThreat::Four);
        }
        assert!(movegen::quick_win(&mut board, Colour::Black).is_none());
        let value = quiescence_value(&mut board);
        assert!(value >= MATE_BOUND, "{value}");
        // The closed three of row 7 alone: a four and its block, no win.
        let mut board = position(&[(3, 7), (4, 7), (5, 7)]);
        let value = quiescence_value(&mut board);
        assert!(value.abs() < MATE_BOUND, "{value}");
    }
}
