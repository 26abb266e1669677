//! Threat-space solvers: VCF (victory by continuous fours) and VCT (fours
//! and threes), both respecting the rule in force: the board's pattern
//! tables already know that an overline is no five in standard and for
//! renju black, and black's forbidden squares are never played (a defender
//! whose only block is forbidden has lost).

use super::movegen::{
    five_squares, has_winning_four, is_legal, makes_four, order_score, threat_squares, FOUR_CLASSES,
};
use crate::board::{Board, Colour, Square};
use crate::pattern::{CellThreat, Pattern};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Nodes between two readings of the clock and of the stop flag (when set):
/// on a busy machine a few milliseconds at most.
const CLOCK_INTERVAL: u64 = 64;

/// Proven failures are remembered by position (and attacker) so that
/// transpositions are not searched twice.
pub struct ThreatSolver<'a> {
    /// Position (and attacker) → the most fours with which no VCF exists.
    /// Only complete searches are recorded, never one cut by the node
    /// limit or the clock.
    failed: FxHashMap<u64, u32>,
    /// Position (and attacker) → the most threes and plies with which no
    /// VCT exists (complete searches only, as above).
    vct_failed: FxHashMap<u64, (u32, u32)>,
    pub nodes: u64,
    node_limit: u64,
    /// The root solvers stop here too: their node limits assume a normal
    /// speed, which a large board or a busy machine does not give.
    deadline: Option<Instant>,
    /// And when this flag is set (END, YXSTOP, `INFO timeout_turn 0`).
    stop: Option<&'a AtomicBool>,
}

const ATTACKER_KEY: [u64; 2] = [0x5A17_C0DE_0000_0001, 0x0BAD_F00D_0000_0002];
/// The VCT's failures are kept apart from the VCF's.
const VCT_KEY: [u64; 2] = [0x7C7C_1234_ABCD_0003, 0x3E3E_4321_DCBA_0004];
/// Longest VCT line searched (plies, both sides).
const VCT_MAX_PLIES: u32 = 40;

impl<'a> ThreatSolver<'a> {
    pub fn new(node_limit: u64) -> ThreatSolver<'a> {
        ThreatSolver {
            failed: FxHashMap::default(),
            vct_failed: FxHashMap::default(),
            nodes: 0,
            node_limit,
            deadline: None,
            stop: None,
        }
    }

    /// Stops every later query once `stop` is set, as if out of nodes.
    pub fn set_stop(&mut self, stop: &'a AtomicBool) {
        self.stop = Some(stop);
    }

    /// Stops every later query at `deadline` as if out of nodes.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Starts a new query with a fresh node budget.
    pub fn reset(&mut self, node_limit: u64) {
        self.nodes = 0;
        self.node_limit = node_limit;
        if self.failed.len() > 1 << 16 {
            self.failed.clear();
        }
        if self.vct_failed.len() > 1 << 16 {
            self.vct_failed.clear();
        }
    }

    fn out_of_nodes(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && (self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
                || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)))
        {
            self.node_limit = self.node_limit.min(self.nodes - 1);
        }
        self.nodes > self.node_limit
    }

    /// A forced win for `attacker` (to move) by continuous fours, at most
    /// `max_fours` fours deep; returns the line, attacker and defender moves
    /// alternating, ending with the five (or the open four).
    pub fn vcf(
        &mut self,
        board: &mut Board,
        attacker: Colour,
        max_fours: u32,
    ) -> Option<Vec<Square>> {
        let mut line = Vec::new();
        self.vcf_node(board, attacker, max_fours, &mut line)
            .then_some(line)
    }

    fn vcf_node(
        &mut self,
        board: &mut Board,
        attacker: Colour,
        fours_left: u32,
        line: &mut Vec<Square>,
    ) -> bool {
        if let Some(&five) = five_squares(board, attacker).first() {
            line.push(five);
            return true;
        }
        if fours_left == 0 || self.out_of_nodes() {
            return false;
        }
        let key = board.hash() ^ ATTACKER_KEY[attacker.index()];
        if self
            .failed
            .get(&key)
            .is_some_and(|&fours| fours >= fours_left)
        {
            return false;
        }
        let defender = attacker.opponent();
        let defender_fives = five_squares(board, defender);
        let moves: Vec<Square> = match defender_fives.as_slice() {
            // The attacker must block, and the block must itself be a four.
            [block] if makes_four(board.threat(*block, attacker)) => vec![*block],
            [] => four_moves(board, attacker),
            _ => Vec::new(),
        };
        for sq in moves {
            if !is_legal(board, sq, attacker) {
                continue;
            }
            line.push(sq);
            if self.after_four(board, attacker, sq, fours_left, line) {
                return true;
            }
            line.pop();
        }
        if self.nodes <= self.node_limit {
            let fours = self.failed.entry(key).or_insert(0);
            *fours = (*fours).max(fours_left);
        }
        false
    }

    /// Plays the attacker's four on `sq`, the forced block, and continues.
    fn after_four(
        &mut self,
        board: &mut Board,
        attacker: Colour,
        sq: Square,
        fours_left: u32,
        line: &mut Vec<Square>,
    ) -> bool {
        board.place(sq, attacker.stone());
        let threats = five_squares(board, attacker);
        let defender = attacker.opponent();
        let won = match threats.as_slice() {
            [] => false,
            // The defender cannot block two fives; a forbidden block loses.
            [_, _, ..] => true,
            [block] if !is_legal(board, *block, defender) => true,
            [block] => {
                let block = *block;
                board.place(block, defender.stone());
                line.push(block);
                let won = self.vcf_node(board, attacker, fours_left - 1, line);
                if !won {
                    line.pop();
                }
                board.undo();
                won
            }
        };
        board.undo();
        won
    }

    /// A forced win for `attacker` (to move) by threats the defender must
    /// answer: fours and open threes in any order, at most `max_threes`
    /// threes deep (fours cost nothing but plies). Returns the attacker's
    /// first move.
    ///
    /// A four in the middle of the line gains a tempo for the threes that
    /// follow, and most forced wins in play need one: with threes alone
    /// after a pure VCF check, far fewer wins were found (5 against 24 of
    /// 92 wins that Rapfi saw after Ferro's losing moves, 30k nodes each).
    ///
    /// Deepened one three at a time, so that a short win is found before
    /// the node budget goes into long lines.
    pub fn vct(&mut self, board: &mut Board, attacker: Colour, max_threes: u32) -> Option<Square> {
        for threes in 0..=max_threes {
            let mut first = None;
            if self.attack(board, attacker, threes, VCT_MAX_PLIES, &mut first) {
                return first;
            }
            if self.nodes > self.node_limit {
                break;
            }
        }
        None
    }

    /// The attacker to move, keeping the initiative: a five, a four, or
    /// (with threes left) an open three. A four of the defender must be
    /// blocked first, and the block must itself threaten.
    fn attack(
        &mut self,
        board: &mut Board,
        attacker: Colour,
        threes: u32,
        plies: u32,
        first: &mut Option<Square>,
    ) -> bool {
        if let Some(&five) = five_squares(board, attacker).first() {
            first.get_or_insert(five);
            return true;
        }
        let defender = attacker.opponent();
        let defender_fives = five_squares(board, defender);
        if defender_fives.len() >= 2 || plies == 0 || self.out_of_nodes() {
            return false;
        }
        if let [block] = defender_fives.as_slice() {
            let block = *block;
            if !is_legal(board, block, attacker) {
                return false;
            }
            board.place(block, attacker.stone());
            let won = threatens(board, attacker) && self.defend(board, attacker, threes, plies - 1);
            board.undo();
            if won {
                first.get_or_insert(block);
            }
            return won;
        }
        let key = board.hash() ^ VCT_KEY[attacker.index()];
        if self
            .vct_failed
            .get(&key)
            .is_some_and(|&(failed_threes, failed_plies)| {
                failed_threes >= threes && failed_plies >= plies
            })
        {
            return false;
        }
        let mut candidates = four_moves(board, attacker);
        let fours = candidates.len();
        if threes > 0 {
            let three_classes = CellThreat::Three.bit() | CellThreat::DoubleThree.bit();
            let mut by_value: Vec<(Square, i32)> = threat_squares(board, attacker, three_classes)
                .map(|sq| (sq, order_score(board, sq, attacker)))
                .collect();
            by_value.sort_by_key(|&(sq, value)| (-value, sq.index()));
            candidates.extend(by_value.into_iter().map(|(sq, _)| sq));
        }
        for (i, sq) in candidates.into_iter().enumerate() {
            if !is_legal(board, sq, attacker) {
                continue;
            }
            let is_four = i < fours;
            board.place(sq, attacker.stone());
            // A three that threatens no open four (a false three) is no threat.
            let won = (is_four || has_winning_four(board, attacker))
                && self.defend(board, attacker, threes - !is_four as u32, plies - 1);
            board.undo();
            if won {
                first.get_or_insert(sq);
                return true;
            }
            if self.nodes > self.node_limit {
                return false;
            }
        }
        if self.nodes <= self.node_limit {
            let entry = self.vct_failed.entry(key).or_insert((0, 0));
            if threes >= entry.0 && plies >= entry.1 {
                *entry = (threes, plies);
            }
        }
        false
    }

    /// The defender to move against the attacker's threat: does every
    /// reasonable answer still lose? The answers to a four are its block;
    /// to an open three, the squares where the attacker would make a four
    /// and the defender's own fours (a four gains a tempo, after which the
    /// three must still be answered).
    fn defend(&mut self, board: &mut Board, attacker: Colour, threes: u32, plies: u32) -> bool {
        let defender = attacker.opponent();
        let attacker_fives = five_squares(board, attacker);
        if attacker_fives.len() >= 2 {
            return true;
        }
        if let [block] = attacker_fives.as_slice() {
            let block = *block;
            if !is_legal(board, block, defender) {
                return true;
            }
            if plies == 0 {
                return false;
            }
            board.place(block, defender.stone());
            let won = self.attack(board, attacker, threes, plies - 1, &mut None);
            board.undo();
            return won;
        }
        if plies == 0 || self.out_of_nodes() {
            return false;
        }
        // A defender with a VCF of its own wins first.
        if self.vcf(board, defender, 12).is_some() {
            return false;
        }
        let mut masks = [0; 2];
        masks[attacker.index()] = FOUR_CLASSES;
        masks[defender.index()] = FOUR_CLASSES;
        let defences: Vec<Square> = board
            .threat_squares_in(masks)
            .filter(|&sq| {
                board.is_near_stone(sq)
                    && (board.patterns(sq, attacker).iter().any(|p| p.is_four())
                        || makes_four(board.threat(sq, defender)))
            })
            .collect();
        for sq in defences {
            if self.nodes > self.node_limit {
                return false;
            }
            if !is_legal(board, sq, defender) {
                continue;
            }
            board.place(sq, defender.stone());
            let still_wins = self.attack(board, attacker, threes, plies - 1, &mut None);
            board.undo();
            if !still_wins {
                return false;
            }
        }
        true
    }
}

/// Does `attacker` threaten to win next move (a five, an open four or two
/// fours)?
fn threatens(board: &mut Board, attacker: Colour) -> bool {
    board.threat_count(attacker, CellThreat::Five) > 0 || has_winning_four(board, attacker)
}

/// Squares where `attacker` makes a four, strongest first.
fn four_moves(board: &Board, attacker: Colour) -> Vec<Square> {
    let mut moves: Vec<(Square, i32)> = threat_squares(board, attacker, FOUR_CLASSES)
        .filter_map(|sq| {
            let patterns = board.patterns(sq, attacker);
            if !patterns.iter().any(|p| p.is_four()) {
                return None;
            }
            let rank = match board.threat(sq, attacker) {
                CellThreat::OpenFour | CellThreat::DoubleFour => 3,
                CellThreat::FourThree => 2,
                _ => {
                    patterns
                        .iter()
                        .filter(|&&p| p >= Pattern::ClosedTwo)
                        .count() as i32
                        - 1
                }
            };
            Some((sq, rank * 10_000 + board.cell_value(sq, attacker)))
        })
        .collect();
    moves.sort_unstable_by_key(|&(sq, score)| (-score, sq.index()));
    moves.into_iter().map(|(sq, _)| sq).collect()
}

#[cfg(test)]
mod tests;
