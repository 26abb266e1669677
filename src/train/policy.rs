//! Fitting the move-ordering tables to the moves a player chose: Ferro's
//! own self-play search, or an engine in the games of `ferro-match` runs.
//!
//! The search orders the candidate moves of a position by a score read off
//! each square's dense pattern combinations: one value for what the square
//! is to the side to move (`mine`) and one for what it is to the opponent
//! (`theirs`, the value of taking it away). Taken as logits of a softmax
//! over the candidates the movegen produces, these two tables are fitted by
//! mini-batch Adam on the cross-entropy of the move played: in a data file
//! a record followed by the record one stone longer gives the position and
//! the move; in match games, every move of the named players past the
//! opening.

use super::format::Record;
use super::ordering::MatchGame;
use crate::board::{Board, Colour, Square};
use crate::eval::{self, table_id, PolicyTable, TableId, POLICY_SCALE};
use crate::pattern::DENSE_COMBO_COUNT;
use crate::rng::SplitMix64;
use crate::search::movegen;

const D: usize = DENSE_COMBO_COUNT;

/// Positions with their candidate moves, as combination indices.
pub struct PolicyDataset {
    slots: Vec<u8>,
    /// Start of each position's candidates (one more entry than positions).
    offsets: Vec<u32>,
    /// Per candidate: the combination for the side to move and for the
    /// opponent.
    candidates: Vec<[u16; 2]>,
    /// Per position: the index (within its candidates) of the move played.
    targets: Vec<u16>,
    /// Per position: the rank of the move played under the ordering the
    /// engine had when the data was built (0 = its first choice), for
    /// comparison.
    engine_rank: Vec<u16>,
    /// Which tables occur.
    pub tables: Vec<TableId>,
}

impl PolicyDataset {
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    fn candidates(&self, position: usize) -> &[[u16; 2]] {
        &self.candidates[self.offsets[position] as usize..self.offsets[position + 1] as usize]
    }
}

/// Builds the examples: every record whose successor in the file is the
/// same game one stone longer, when the side to move had a choice (no five
/// to make or to block) and the move played is among the candidates.
pub fn build_policy_dataset(records: &[Record]) -> PolicyDataset {
    let mut data = PolicyDataset::empty();
    let mut board: Option<Board> = None;
    let mut moves = Vec::new();
    for pair in records.windows(2) {
        let (record, next) = (&pair[0], &pair[1]);
        let n = record.moves.len();
        if next.moves.len() != n + 1 || next.moves[..n] != record.moves[..] {
            continue;
        }
        let board = record.position_on(&mut board);
        eval::attach(board);
        let (x, y) = next.moves[n];
        let Some(played) = board.square(x as usize, y as usize) else {
            continue;
        };
        data.add(board, record.side_to_move(), played, &mut moves);
    }
    data
}

/// Builds the examples from the games of `ferro-match` directories: every
/// move one of `players` made past the opening, on the same terms as
/// [`build_policy_dataset`]. Fitted to the moves of an engine we did not
/// write, the ordering learns which squares that engine plays (tried with
/// Rapfi's: see the README; not shipped).
pub fn build_policy_dataset_from_games(games: &[MatchGame], players: &[String]) -> PolicyDataset {
    let mut data = PolicyDataset::empty();
    let mut moves = Vec::new();
    for game in games {
        game.replay(eval::shipped_tables(game.rule), |board, side, played| {
            if players.contains(&game.players[side.index()]) {
                data.add(board, side, played, &mut moves);
            }
        });
    }
    data
}

impl PolicyDataset {
    fn empty() -> PolicyDataset {
        PolicyDataset {
            slots: Vec::new(),
            offsets: vec![0],
            candidates: Vec::new(),
            targets: Vec::new(),
            engine_rank: Vec::new(),
            tables: Vec::new(),
        }
    }

    /// Adds `board` (evaluation tables attached) with `side` to move and
    /// the square it played, unless a five is on the board, there is only
    /// one candidate, or the move is not among the candidates.
    fn add(
        &mut self,
        board: &mut Board,
        side: Colour,
        played: Square,
        moves: &mut Vec<movegen::ScoredMove>,
    ) {
        let them = side.opponent();
        if Record::five_on_board(board, side) {
            return;
        }
        movegen::generate(board, side, moves);
        let Some(target) = moves.iter().position(|m| m.sq == played) else {
            return;
        };
        if moves.len() < 2 {
            return;
        }
        // Moves scored equal to the one played count as ranked after it.
        let played = moves[target].score;
        let engine_rank = moves.iter().filter(|m| m.score > played).count();
        for m in moves.iter() {
            self.candidates
                .push([board.dense_combo(m.sq, side), board.dense_combo(m.sq, them)]);
        }
        self.offsets.push(self.candidates.len() as u32);
        self.targets.push(target as u16);
        self.engine_rank
            .push(engine_rank.min(u16::MAX as usize) as u16);
        let id = table_id(board.rule(), side);
        let slot = super::table_slot(&mut self.tables, id);
        self.slots.push(slot);
    }
}

#[derive(Clone, Debug)]
pub struct PolicyOptions {
    pub epochs: usize,
    pub batch: usize,
    /// Adam step size, in logits.
    pub learning_rate: f64,
    /// L2 pull towards zero, per squared logit.
    pub regularisation: f64,
    /// One position in this many is held out for validation.
    pub validation_every: u64,
    pub seed: u64,
}

impl Default for PolicyOptions {
    fn default() -> PolicyOptions {
        PolicyOptions {
            epochs: 8,
            batch: 256,
            learning_rate: 0.05,
            regularisation: 1e-6,
            validation_every: 10,
            seed: 1,
        }
    }
}

/// What a policy fit reports, on the held-out positions.
#[derive(Clone, Debug)]
pub struct PolicyReport {
    pub training_positions: usize,
    pub validation_positions: usize,
    /// Share of positions where the top-scored candidate is the move
    /// played: under the engine's ordering at build time, and the fit.
    pub engine_top1: f64,
    pub fitted_top1: f64,
    /// Share where the move played is among the three best-scored.
    pub engine_top3: f64,
    pub fitted_top3: f64,
    pub validation_loss_before: f64,
    pub validation_loss_after: f64,
}

/// Parameters: per slot, `mine` then `theirs`, in logits.
struct PolicyModel {
    params: Vec<f64>,
}

impl PolicyModel {
    #[inline]
    fn logit(&self, slot: u8, candidate: [u16; 2]) -> f64 {
        let base = slot as usize * 2 * D;
        self.params[base + candidate[0] as usize] + self.params[base + D + candidate[1] as usize]
    }

    /// Cross-entropy of the move played and the rank of its logit
    /// (0 = the best-scored candidate).
    fn loss_and_rank(&self, data: &PolicyDataset, position: usize) -> (f64, usize) {
        let slot = data.slots[position];
        let candidates = data.candidates(position);
        let target = self.logit(slot, candidates[data.targets[position] as usize]);
        let max = candidates
            .iter()
            .map(|&c| self.logit(slot, c))
            .fold(f64::MIN, f64::max);
        let sum: f64 = candidates
            .iter()
            .map(|&c| (self.logit(slot, c) - max).exp())
            .sum();
        let rank = candidates
            .iter()
            .filter(|&&c| self.logit(slot, c) > target)
            .count();
        (max + sum.ln() - target, rank)
    }
}

/// Mean loss, top-1 and top-3 shares of `model` over `positions`.
fn measure(model: &PolicyModel, data: &PolicyDataset, positions: &[usize]) -> (f64, f64, f64) {
    let (mut loss, mut top1, mut top3) = (0.0, 0usize, 0usize);
    for &p in positions {
        let (l, rank) = model.loss_and_rank(data, p);
        loss += l;
        top1 += (rank == 0) as usize;
        top3 += (rank < 3) as usize;
    }
    let n = positions.len().max(1) as f64;
    (loss / n, top1 as f64 / n, top3 as f64 / n)
}

/// Fits one policy table per slot of `data`, from zero.
pub fn tune_policy(
    data: &PolicyDataset,
    options: &PolicyOptions,
    log: &mut dyn FnMut(&str),
) -> (Vec<PolicyTable>, PolicyReport) {
    let n = data.tables.len() * 2 * D;
    let mut model = PolicyModel {
        params: vec![0.0; n],
    };
    let (validation, training): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&p| super::held_out(p, options.seed, options.validation_every));
    let engine_share = |ranks: u16| {
        validation
            .iter()
            .filter(|&&p| data.engine_rank[p] < ranks)
            .count() as f64
            / validation.len().max(1) as f64
    };
    let (engine_top1, engine_top3) = (engine_share(1), engine_share(3));
    let (loss_before, _, _) = measure(&model, data, &validation);
    log(&format!(
        "policy: {} training and {} validation positions; engine ordering top-1 {:.3}, top-3 {:.3}",
        training.len(),
        validation.len(),
        engine_top1,
        engine_top3
    ));
    let (mut m1, mut m2) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut step = 0i32;
    let mut order = training.clone();
    let mut rng = SplitMix64::new(options.seed);
    let mut gradient = vec![0.0; n];
    let mut touched: Vec<usize> = Vec::new();
    let mut probabilities: Vec<f64> = Vec::new();
    for epoch in 0..options.epochs {
        rng.shuffle(&mut order);
        let rate = options.learning_rate * (1.0 - epoch as f64 / options.epochs as f64).max(0.1);
        for batch in order.chunks(options.batch.max(1)) {
            for &p in batch {
                let slot = data.slots[p];
                let base = slot as usize * 2 * D;
                let candidates = data.candidates(p);
                probabilities.clear();
                probabilities.extend(candidates.iter().map(|&c| model.logit(slot, c)));
                let max = probabilities.iter().copied().fold(f64::MIN, f64::max);
                let mut sum = 0.0;
                for v in probabilities.iter_mut() {
                    *v = (*v - max).exp();
                    sum += *v;
                }
                for (i, (&c, &e)) in candidates.iter().zip(&probabilities).enumerate() {
                    let error = e / sum - (i == data.targets[p] as usize) as u8 as f64;
                    for index in [base + c[0] as usize, base + D + c[1] as usize] {
                        if gradient[index] == 0.0 {
                            touched.push(index);
                        }
                        gradient[index] += error;
                    }
                }
            }
            step += 1;
            let scale = 1.0 / batch.len() as f64;
            // Adam over the parameters this batch touched; the others only
            // decay their moments when next touched (a lazy update, as
            // most combinations are rare).
            for &i in &touched {
                let g = gradient[i] * scale + 2.0 * options.regularisation * model.params[i];
                gradient[i] = 0.0;
                m1[i] = beta1 * m1[i] + (1.0 - beta1) * g;
                m2[i] = beta2 * m2[i] + (1.0 - beta2) * g * g;
                let m1_hat = m1[i] / (1.0 - beta1.powi(step));
                let m2_hat = m2[i] / (1.0 - beta2.powi(step));
                model.params[i] -= rate * m1_hat / (m2_hat.sqrt() + epsilon);
            }
            touched.clear();
        }
        let (l, top1, top3) = measure(&model, data, &validation);
        log(&format!(
            "policy epoch {}: validation loss {l:.4}, top-1 {top1:.3}, top-3 {top3:.3}",
            epoch + 1
        ));
    }
    let tables: Vec<PolicyTable> = model
        .params
        .chunks(2 * D)
        .map(|p| PolicyTable {
            mine: p[..D]
                .iter()
                .map(|v| (v * POLICY_SCALE as f64).round() as i32)
                .collect(),
            theirs: p[D..]
                .iter()
                .map(|v| (v * POLICY_SCALE as f64).round() as i32)
                .collect(),
        })
        .collect();
    let rounded = PolicyModel {
        params: tables
            .iter()
            .flat_map(|t| t.mine.iter().chain(&t.theirs))
            .map(|&v| v as f64 / POLICY_SCALE as f64)
            .collect(),
    };
    let (loss_after, fitted_top1, fitted_top3) = measure(&rounded, data, &validation);
    let report = PolicyReport {
        training_positions: training.len(),
        validation_positions: validation.len(),
        engine_top1,
        fitted_top1,
        engine_top3,
        fitted_top3,
        validation_loss_before: loss_before,
        validation_loss_after: loss_after,
    };
    (tables, report)
}
