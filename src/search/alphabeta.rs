//! Principal-variation alpha-beta (negamax) with a transposition table,
//! killer and history ordering, late-move reductions, and an extension for
//! forced replies (a block of the opponent's five costs no depth).

use super::movegen::{self, has_any_four, has_winning_four, ScoredMove};
use super::score::{mate_in, mated_in, EVAL_LIMIT, INFINITY, MATE_BOUND};
use super::tt::{Bound, TranspositionTable};
use super::vcf::ThreatSolver;
use crate::board::{Board, Colour, Square, SQUARES};
use crate::eval;
use crate::pattern::CellThreat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub const MAX_PLY: usize = 96;
/// Nodes between clock checks.
const CHECK_INTERVAL: u64 = 1024;
/// How many plies past the horizon defences against open threes are searched.
const THREAT_EXTENSION_LIMIT: i32 = 2;
/// Budget of the VCF quiescence at the horizon (solver nodes, fours).
const LEAF_VCF_NODES: u64 = 64;
const LEAF_VCF_FOURS: u32 = 10;

/// Quiet moves searched at depths 1, 2 and 3 of non-PV nodes; the rest
/// are pruned.
const LATE_MOVE_LIMIT: [usize; 4] = [usize::MAX, 8, 14, 22];

/// Depth reduction of the `index`-th move at `depth` (logarithmic in both).
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let r = (depth as f64).ln() * ((index + 1) as f64).ln() / 1.8;
    (r + 0.5) as i32
}

/// A move that makes or stops a three or a four (never pruned or reduced).
fn is_tactical(board: &Board, sq: Square, side: Colour) -> bool {
    let own = board.threat(sq, side);
    let theirs = board.threat(sq, side.opponent());
    movegen::makes_four(own)
        || matches!(own, CellThreat::Three | CellThreat::DoubleThree)
        || movegen::makes_four(theirs)
        || theirs >= CellThreat::Three
}

/// Per-colour history scores, kept between searches of one game.
pub struct History {
    scores: Vec<[i32; 2]>,
}

impl History {
    pub fn new() -> History {
        History {
            scores: vec![[0; 2]; SQUARES],
        }
    }

    pub fn clear(&mut self) {
        self.scores.fill([0; 2]);
    }

    #[inline]
    fn get(&self, sq: Square, side: Colour) -> i32 {
        self.scores[sq.index()][side.index()]
    }

    fn reward(&mut self, sq: Square, side: Colour, depth: i32) {
        let entry = &mut self.scores[sq.index()][side.index()];
        *entry += depth * depth;
        if *entry > 1 << 20 {
            for pair in self.scores.iter_mut() {
                pair[0] /= 2;
                pair[1] /= 2;
            }
        }
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

/// Side-to-move key mixed into the board hash for the table.
const WHITE_TO_MOVE: u64 = 0x9D39_247E_3377_6D41;

#[inline]
fn position_key(board: &Board, side: Colour) -> u64 {
    board.hash()
        ^ if side == Colour::White {
            WHITE_TO_MOVE
        } else {
            0
        }
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
    buffers: Vec<Vec<ScoredMove>>,
    pv: Vec<Vec<Square>>,
    pub nodes: u64,
    pub seldepth: usize,
    /// The root move last proven better than the window's lower bound in
    /// the current iteration, with its value.
    pub root_best: Option<(Square, i32)>,
    solver: ThreatSolver,
    /// Set once the search must stop; results after it are discarded.
    pub aborted: bool,
    /// Clock checks start only after the first iteration.
    pub may_abort: bool,
    /// Node count at which the clock is next read. A threshold, not a
    /// multiple of the interval: the leaf threat solver adds its nodes in
    /// steps, which could jump over every multiple for a long time.
    next_check: u64,
}

impl<'a> Searcher<'a> {
    pub fn new(
        board: &'a mut Board,
        tt: &'a TranspositionTable,
        history: &'a mut History,
        stop_rule: StopRule<'a>,
    ) -> Searcher<'a> {
        Searcher {
            board,
            tt,
            history,
            stop_rule,
            killers: [[None; 2]; MAX_PLY + 1],
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(16)).collect(),
            nodes: 0,
            seldepth: 0,
            root_best: None,
            solver: ThreatSolver::new(LEAF_VCF_NODES),
            aborted: false,
            may_abort: false,
            next_check: CHECK_INTERVAL,
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

    /// Value at the horizon: the static evaluation, unless the side to move
    /// has an open four (or two fours) the opponent cannot answer with a
    /// four of its own, which wins in three plies.
    fn horizon(&mut self, side: Colour, ply: usize) -> i32 {
        if has_winning_four(self.board, side) && !has_any_four(self.board, side.opponent()) {
            return mate_in(ply + 3);
        }
        // Quiescence by fours: a side that can win by continuous fours has
        // won, whatever the static evaluation says.
        if has_any_four(self.board, side) {
            self.solver.reset(LEAF_VCF_NODES);
            let line = self.solver.vcf(self.board, side, LEAF_VCF_FOURS);
            self.nodes += self.solver.nodes;
            if let Some(line) = line {
                return mate_in(ply + line.len());
            }
        }
        self.static_eval(side)
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
        for (i, root_move) in moves.iter_mut().enumerate() {
            let sq = root_move.sq;
            self.board.place(sq, side.stone());
            self.nodes += 1;
            let mut value;
            if i == 0 {
                value = -self.negamax(side.opponent(), depth - 1, 1, -beta, -alpha, true);
            } else {
                value = -self.negamax(side.opponent(), depth - 1, 1, -alpha - 1, -alpha, false);
                if value > alpha && value < beta && !self.aborted {
                    value = -self.negamax(side.opponent(), depth - 1, 1, -beta, -alpha, true);
                }
            }
            self.board.undo();
            if self.aborted {
                break;
            }
            root_move.score = if value > alpha || i == 0 {
                value
            } else {
                -INFINITY + i as i32
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
        // Stable sort keeps the previous order among equals.
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
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let them = side.opponent();

        // Terminal and forced situations.
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
        if ply >= MAX_PLY {
            return self.static_eval(side);
        }
        // Mate-distance pruning: no result here can beat a shorter mate.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let forced = opponent_fives > 0;
        if depth <= 0 && !forced {
            // Facing an open three (or a double four) the static value means
            // nothing: look one more move, over the defences only.
            let threatened = depth > -THREAT_EXTENSION_LIMIT
                && !has_any_four(self.board, side)
                && has_winning_four(self.board, them);
            if !threatened {
                return self.horizon(side, ply);
            }
        }

        let key = position_key(self.board, side);
        let hit = self.tt.probe(key, ply);
        if let Some(hit) = hit {
            if !pv_node && hit.depth >= depth {
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

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        movegen::generate(self.board, side, &mut moves);
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
        for m in moves.iter_mut() {
            m.score += self.history.get(m.sq, side) / 8;
            if Some(m.sq) == tt_move {
                m.score += 1 << 28;
            } else if killers.contains(&Some(m.sq)) {
                m.score += 1 << 20;
            }
        }
        moves.sort_by_key(|m| (-m.score, m.sq.index()));

        // One reply only: it costs no depth.
        let child_depth = if moves.len() == 1 { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for (i, m) in moves.iter().enumerate() {
            let sq = m.sq;
            let quiet = !is_tactical(self.board, sq, side) && Some(sq) != tt_move;
            // Late quiet moves near the horizon are not searched at all.
            if quiet
                && !pv_node
                && !forced
                && depth < LATE_MOVE_LIMIT.len() as i32
                && i >= LATE_MOVE_LIMIT[depth as usize]
                && best_value > -MATE_BOUND
            {
                continue;
            }
            self.board.place(sq, side.stone());
            let mut value;
            if i == 0 {
                value = -self.negamax(them, child_depth, ply + 1, -beta, -alpha, pv_node);
            } else {
                // Late quiet moves are searched shallower first.
                let reduction = if depth >= 3 && i >= 2 && quiet && !forced {
                    late_move_reduction(depth, i).min(child_depth - 1)
                } else {
                    0
                };
                value = -self.negamax(
                    them,
                    child_depth - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                );
                if value > alpha && reduction > 0 && !self.aborted {
                    value = -self.negamax(them, child_depth, ply + 1, -alpha - 1, -alpha, false);
                }
                if value > alpha && value < beta && pv_node && !self.aborted {
                    value = -self.negamax(them, child_depth, ply + 1, -beta, -alpha, true);
                }
            }
            self.board.undo();
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
                    if alpha >= beta {
                        if quiet {
                            let slot = &mut self.killers[ply];
                            if slot[0] != Some(sq) {
                                slot[1] = slot[0];
                                slot[0] = Some(sq);
                            }
                        }
                        self.history.reward(sq, side, depth.max(1));
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
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
