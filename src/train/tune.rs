//! `ferro-tune`: fits the evaluation tables to game results.
//!
//! The evaluation is linear in its tables: for a position, the count of
//! empty squares of each dense pattern combination for the side to move
//! (`mine`) and for the opponent (`theirs`), plus a tempo and one threat
//! value picked by the position's threat mask (`eval::threat`). The predicted
//! score of the side to move is `sigmoid(eval / K)`; the tables are fitted
//! by mini-batch Adam on the cross-entropy against a target that blends
//! the game result with the search's own score, with an L2 pull towards
//! the starting tables so that rare combinations keep their old values.
//! `K` is first fitted for the starting tables (Texel's method), which keeps
//! the learned values in the units the search's margins are set in.

use super::format::Record;
use crate::board::{Board, THREAT_MASKS};
use crate::eval::{table_id, threat_mask, Table, TableId};
use crate::pattern::DENSE_COMBO_COUNT;
use crate::rng::SplitMix64;
use crate::search::score::MATE_BOUND;

const D: usize = DENSE_COMBO_COUNT;
/// Parameters of one table: mine, theirs, tempo, threat.
const TEMPO: usize = 2 * D;
const THREAT: usize = 2 * D + 1;
const TABLE_PARAMS: usize = THREAT + THREAT_MASKS;

/// The sign a feature of parameter `index` enters the evaluation with:
/// the opponent's squares are subtracted.
#[inline]
fn feature_sign(index: usize) -> f64 {
    if (D..TEMPO).contains(&index) {
        -1.0
    } else {
        1.0
    }
}

#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Weight of the game result in the target; the rest is the search
    /// score's win probability.
    pub result_weight: f64,
    pub epochs: usize,
    pub batch: usize,
    /// Adam step size, in evaluation units.
    pub learning_rate: f64,
    /// Strength of the pull towards the starting tables, per squared
    /// 100 units of change.
    pub regularisation: f64,
    /// One position in this many is held out for validation.
    pub validation_every: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Positions as sparse feature counts.
pub struct Dataset {
    /// Table used by each position.
    slots: Vec<u8>,
    targets: Vec<f32>,
    results: Vec<f32>,
    scores: Vec<f32>,
    /// Start of each position's features in `features` (one more entry
    /// than positions).
    offsets: Vec<u32>,
    /// `index << 16 | count`, `index` a parameter of the table (below `D`
    /// `mine`, then `theirs`, then the one threat entry with count 1).
    features: Vec<u32>,
    /// Which tables occur.
    pub tables: Vec<TableId>,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    fn features(&self, position: usize) -> &[u32] {
        &self.features[self.offsets[position] as usize..self.offsets[position + 1] as usize]
    }
}

/// Why records were left out of the data set, counted for the report
/// (with the proven ones that `--mate-cap` kept in instead).
#[derive(Default, Debug, Clone)]
pub struct Skipped {
    pub proven: u64,
    pub five_on_board: u64,
    /// Proven positions kept, their score replaced by the cap.
    pub proven_capped: u64,
}

/// Builds the features of every usable record. Positions where either side
/// can make a five at once say nothing about the evaluation and are
/// skipped. A proven result is skipped too when `mate_cap` is `None`;
/// with `Some(cap)` it is kept with the score `±cap`: a won attack that the
/// search needed a few plies to prove is what the threat values must learn
/// to see, and without such positions they are never trained at all.
pub fn build_dataset(records: &[Record], mate_cap: Option<i32>) -> (Dataset, Skipped) {
    let mut data = Dataset {
        slots: Vec::new(),
        targets: Vec::new(),
        results: Vec::new(),
        scores: Vec::new(),
        offsets: vec![0],
        features: Vec::new(),
        tables: Vec::new(),
    };
    let mut skipped = Skipped::default();
    let mut board: Option<Board> = None;
    let mut counts = vec![0u16; TABLE_PARAMS];
    let mut touched: Vec<usize> = Vec::new();
    for record in records {
        let mut score = record.score as i32;
        let proven = score.abs() >= MATE_BOUND;
        if proven {
            let Some(cap) = mate_cap else {
                skipped.proven += 1;
                continue;
            };
            score = cap * score.signum();
        }
        let board = record.position_on(&mut board);
        let side = record.side_to_move();
        let them = side.opponent();
        if Record::five_on_board(board, side) {
            skipped.five_on_board += 1;
            continue;
        }
        if proven {
            skipped.proven_capped += 1;
        }
        for sq in board.empty_squares() {
            for (colour, base) in [(side, 0), (them, D)] {
                let index = base + board.dense_combo(sq, colour) as usize;
                if counts[index] == 0 {
                    touched.push(index);
                }
                counts[index] += 1;
            }
        }
        let threat = THREAT + threat_mask(board, side);
        touched.push(threat);
        counts[threat] = 1;
        touched.sort_unstable();
        for &index in &touched {
            data.features
                .push((index as u32) << 16 | counts[index] as u32);
            counts[index] = 0;
        }
        touched.clear();
        data.offsets.push(data.features.len() as u32);
        let id = table_id(record.rule, side);
        let slot = super::table_slot(&mut data.tables, id);
        data.slots.push(slot);
        data.results.push(record.result as f32 / 2.0);
        data.scores.push(score as f32);
        data.targets.push(0.0);
    }
    (data, skipped)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The model's parameters: one table per slot of the data set.
#[derive(Clone)]
pub struct Model {
    params: Vec<f64>,
    /// Each table's `scale` / 100: the sum of its values is multiplied by it.
    scales: Vec<f64>,
}

impl Model {
    pub fn from_tables(tables: &[Table]) -> Model {
        let mut params = Vec::with_capacity(tables.len() * TABLE_PARAMS);
        for table in tables {
            params.extend(table.mine.iter().map(|&v| v as f64));
            params.extend(table.theirs.iter().map(|&v| v as f64));
            params.push(table.tempo as f64);
            params.extend(table.threat.iter().map(|&v| v as f64));
        }
        let scales = tables.iter().map(|t| t.scale as f64 / 100.0).collect();
        Model { params, scales }
    }

    pub fn tables(&self) -> Vec<Table> {
        self.params
            .chunks(TABLE_PARAMS)
            .zip(&self.scales)
            .map(|(p, &scale)| Table {
                mine: p[..D].iter().map(|v| v.round() as i32).collect(),
                theirs: p[D..2 * D].iter().map(|v| v.round() as i32).collect(),
                tempo: p[TEMPO].round() as i32,
                threat: p[THREAT..].iter().map(|v| v.round() as i32).collect(),
                scale: (scale * 100.0).round() as i32,
                policy: None,
            })
            .collect()
    }

    fn eval(&self, data: &Dataset, position: usize) -> f64 {
        let base = data.slots[position] as usize * TABLE_PARAMS;
        let mut sum = self.params[base + TEMPO];
        for &f in data.features(position) {
            let (index, count) = ((f >> 16) as usize, (f & 0xffff) as f64);
            sum += feature_sign(index) * count * self.params[base + index];
        }
        sum * self.scales[data.slots[position] as usize]
    }
}

/// Mean cross-entropy of `model` over `positions`.
fn loss(model: &Model, data: &Dataset, positions: &[usize], k: f64, threads: usize) -> f64 {
    if positions.is_empty() {
        return 0.0;
    }
    let chunk = positions.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&p| {
                            let q = sigmoid(model.eval(data, p) / k).clamp(1e-9, 1.0 - 1e-9);
                            let t = data.targets[p] as f64;
                            -(t * q.ln() + (1.0 - t) * (1.0 - q).ln())
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("loss thread"))
            .sum()
    });
    total / positions.len() as f64
}

/// What a tuning run reports.
pub struct TuneReport {
    pub k: f64,
    pub training_positions: usize,
    pub validation_positions: usize,
    pub validation_loss_before: f64,
    pub validation_loss_after: f64,
    /// The least loss any model can reach on the validation targets: their
    /// own entropy (a target of 0.7 costs 0.61 even when predicted exactly),
    /// so that `validation_loss_after - validation_floor` is what a richer
    /// model could still gain.
    pub validation_floor: f64,
    pub training_loss_before: f64,
    pub training_loss_after: f64,
}

/// Mean entropy of the targets of `positions`: the cross-entropy of a
/// model that predicts every target exactly.
fn target_entropy(data: &Dataset, positions: &[usize]) -> f64 {
    if positions.is_empty() {
        return 0.0;
    }
    let total: f64 = positions
        .iter()
        .map(|&p| {
            let t = data.targets[p] as f64;
            // 0 · ln 0 is 0: a won or lost target costs nothing when met.
            let term = |x: f64| if x > 0.0 { -x * x.ln() } else { 0.0 };
            term(t) + term(1.0 - t)
        })
        .sum();
    total / positions.len() as f64
}

/// Sets each target from the result and the search score, with `k` the
/// scale of the score.
fn set_targets(data: &mut Dataset, options: &TuneOptions, k: f64) {
    let w = options.result_weight;
    for p in 0..data.len() {
        let from_score = sigmoid(data.scores[p] as f64 / k);
        data.targets[p] = (w * data.results[p] as f64 + (1.0 - w) * from_score) as f32;
    }
}

/// The `K` that best fits the results with the starting tables.
fn fit_k(model: &Model, data: &mut Dataset, positions: &[usize], options: &TuneOptions) -> f64 {
    // The scale is fitted against results alone: the search score is in the
    // same units as the evaluation and would fit any K.
    for p in 0..data.len() {
        data.targets[p] = data.results[p];
    }
    let mut best = (f64::MAX, 400.0);
    let mut k = 50.0;
    while k <= 5000.0 {
        let l = loss(model, data, positions, k, options.threads);
        if l < best.0 {
            best = (l, k);
        }
        k *= 1.1;
    }
    best.1
}

/// Fits the tables; `start` gives the starting table of each of
/// `data.tables` (and the values the regularisation pulls towards).
pub fn tune(
    data: &mut Dataset,
    start: &[Table],
    options: &TuneOptions,
    log: &mut dyn FnMut(&str),
) -> (Vec<Table>, TuneReport) {
    let initial = Model::from_tables(start);
    let mut model = initial.clone();
    let (validation, training): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&p| super::held_out(p, options.seed, options.validation_every));
    let k = fit_k(&model, data, &training, options);
    set_targets(data, options, k);
    let threads = options.threads.max(1);
    let validation_loss_before = loss(&model, data, &validation, k, threads);
    let training_loss_before = loss(&model, data, &training, k, threads);
    let validation_floor = target_entropy(data, &validation);
    log(&format!(
        "K {k:.1}; {} training and {} validation positions; loss before: training {training_loss_before:.5}, validation {validation_loss_before:.5} (floor {validation_floor:.5})",
        training.len(),
        validation.len()
    ));
    let n = model.params.len();
    let (mut m1, mut m2) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut step = 0i32;
    let mut order = training.clone();
    let mut rng = SplitMix64::new(options.seed);
    let reg = options.regularisation / (100.0 * 100.0);
    for epoch in 0..options.epochs {
        rng.shuffle(&mut order);
        let rate = options.learning_rate * (1.0 - epoch as f64 / options.epochs as f64).max(0.1);
        for batch in order.chunks(options.batch.max(1)) {
            let chunk = batch.len().div_ceil(threads);
            let gradient: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(chunk)
                    .map(|part| {
                        let model = &model;
                        let data = &*data;
                        scope.spawn(move || {
                            let mut g = vec![0.0; n];
                            for &p in part {
                                let q = sigmoid(model.eval(data, p) / k);
                                let error = (q - data.targets[p] as f64) / k
                                    * model.scales[data.slots[p] as usize];
                                let base = data.slots[p] as usize * TABLE_PARAMS;
                                g[base + TEMPO] += error;
                                for &f in data.features(p) {
                                    let (index, count) = ((f >> 16) as usize, (f & 0xffff) as f64);
                                    g[base + index] += error * feature_sign(index) * count;
                                }
                            }
                            g
                        })
                    })
                    .collect();
                let mut total = vec![0.0; n];
                for h in handles {
                    for (t, v) in total.iter_mut().zip(h.join().expect("gradient thread")) {
                        *t += v;
                    }
                }
                total
            });
            step += 1;
            let scale = 1.0 / batch.len() as f64;
            for i in 0..n {
                let g = gradient[i] * scale + 2.0 * reg * (model.params[i] - initial.params[i]);
                m1[i] = beta1 * m1[i] + (1.0 - beta1) * g;
                m2[i] = beta2 * m2[i] + (1.0 - beta2) * g * g;
                let m1_hat = m1[i] / (1.0 - beta1.powi(step));
                let m2_hat = m2[i] / (1.0 - beta2.powi(step));
                model.params[i] -= rate * m1_hat / (m2_hat.sqrt() + epsilon);
            }
        }
        log(&format!(
            "epoch {}: training {:.5}, validation {:.5}",
            epoch + 1,
            loss(&model, data, &training, k, threads),
            loss(&model, data, &validation, k, threads)
        ));
    }
    let rounded = Model::from_tables(&model.tables());
    let report = TuneReport {
        k,
        training_positions: training.len(),
        validation_positions: validation.len(),
        validation_loss_before,
        validation_loss_after: loss(&rounded, data, &validation, k, threads),
        validation_floor,
        training_loss_before,
        training_loss_after: loss(&rounded, data, &training, k, threads),
    };
    (rounded.tables(), report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rule;
    use crate::eval::{attach, evaluate, shipped_weights};

    /// `stones` distinct squares drawn from the `span` × `span` square
    /// whose corner is (`from`, `from`), in the order drawn.
    fn random_moves(rng: &mut SplitMix64, stones: usize, from: u8, span: u64) -> Vec<(u8, u8)> {
        let mut moves: Vec<(u8, u8)> = Vec::new();
        while moves.len() < stones {
            let sq = (from + rng.below(span) as u8, from + rng.below(span) as u8);
            if !moves.contains(&sq) {
                moves.push(sq);
            }
        }
        moves
    }

    /// The model the tuner fits is the evaluation the engine sums: for
    /// random positions of each rule (renju with a table per colour), the
    /// tuner's linear sum over the features `build_dataset` counts, with
    /// the shipped tables, is `eval::evaluate`. A change to either side
    /// alone (a feature counted differently, a table scaled or combined
    /// otherwise) would fit tables the engine does not use as fitted.
    #[test]
    fn the_fitted_model_is_the_engines_evaluation() {
        let mut rng = SplitMix64::new(7);
        let mut records = Vec::new();
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for stones in 4..24 {
                let moves = random_moves(&mut rng, stones, 4, 7);
                records.push(Record {
                    rule,
                    width: 15,
                    height: 15,
                    result: 1,
                    score: 0,
                    moves,
                });
            }
        }
        let (data, _) = build_dataset(&records, None);
        assert!(data.len() > 30, "{} positions", data.len());
        let tables: Vec<Table> = data
            .tables
            .iter()
            .map(|&id| {
                shipped_weights()
                    .table(id)
                    .cloned()
                    .unwrap_or_else(Table::handset)
            })
            .collect();
        let model = Model::from_tables(&tables);
        let mut board = None;
        let mut position = 0;
        for record in &records {
            let board = record.position_on(&mut board);
            let side = record.side_to_move();
            if Record::five_on_board(board, side) {
                continue;
            }
            attach(board);
            let engine = evaluate(board, side);
            let fitted = model.eval(&data, position);
            // The engine's integer scaling truncates (exact for the
            // shipped scales of 100 and 50).
            assert_eq!(
                fitted.trunc(),
                engine as f64,
                "position {position}: tuner {fitted}, engine {engine}"
            );
            position += 1;
        }
        assert_eq!(position, data.len());
    }

    /// The fit moves towards its targets and reports the floor they set:
    /// on positions scored at twice the shipped evaluation (results drawn
    /// from that score's win probability, so that `K` has something to fit),
    /// the validation loss falls most of the way from where the shipped
    /// tables leave it to the targets' own entropy, and neither loss is
    /// ever below that entropy.
    #[test]
    fn the_fit_closes_most_of_the_gap_to_the_floor() {
        let mut rng = SplitMix64::new(11);
        let mut board = None;
        let mut records = Vec::new();
        while records.len() < 800 {
            let stones = 4 + rng.below(12) as usize;
            let moves = random_moves(&mut rng, stones, 1, 13);
            let mut record = Record {
                rule: Rule::Freestyle,
                width: 15,
                height: 15,
                result: 1,
                score: 0,
                moves,
            };
            let board = record.position_on(&mut board);
            let side = record.side_to_move();
            if Record::five_on_board(board, side) {
                continue;
            }
            attach(board);
            let score = (2 * evaluate(board, side)).clamp(-4000, 4000);
            let win = sigmoid(score as f64 / 400.0);
            record.score = score as i16;
            record.result = if (rng.below(1_000_000) as f64) < win * 1e6 {
                2
            } else {
                0
            };
            records.push(record);
        }
        let (mut data, _) = build_dataset(&records, None);
        let start = vec![shipped_weights()
            .table(TableId::Freestyle)
            .cloned()
            .unwrap_or_else(Table::handset)];
        let options = TuneOptions {
            result_weight: 0.0,
            epochs: 30,
            batch: 32,
            learning_rate: 2.0,
            regularisation: 0.0,
            validation_every: 5,
            seed: 1,
            threads: 1,
        };
        let (_, report) = tune(&mut data, &start, &options, &mut |_| {});
        let floor = report.validation_floor;
        assert!(floor > 0.05, "floor {floor}");
        assert!(
            report.validation_loss_before >= floor,
            "{:?}",
            report.validation_loss_before
        );
        assert!(
            report.validation_loss_after >= floor,
            "{:?}",
            report.validation_loss_after
        );
        let gap_before = report.validation_loss_before - floor;
        let gap_after = report.validation_loss_after - floor;
        assert!(
            gap_after < 0.5 * gap_before,
            "loss {:.5} -> {:.5}, floor {floor:.5}",
            report.validation_loss_before,
            report.validation_loss_after
        );
    }

    /// A proven score is skipped without a cap and kept at ±cap with one,
    /// each sign on its own side; the other positions are untouched.
    #[test]
    fn proven_positions_are_kept_at_the_mate_cap_only_when_asked() {
        let moves = vec![(7, 7), (8, 8), (6, 7)];
        let scores = [i16::MAX, -i16::MAX, 120];
        let records: Vec<Record> = scores
            .iter()
            .map(|&score| Record {
                rule: Rule::Freestyle,
                width: 15,
                height: 15,
                result: 1,
                score,
                moves: moves.clone(),
            })
            .collect();
        let (data, skipped) = build_dataset(&records, None);
        assert_eq!(
            (data.len(), skipped.proven, skipped.proven_capped),
            (1, 2, 0)
        );
        assert_eq!(data.scores, vec![120.0]);
        let (data, skipped) = build_dataset(&records, Some(1500));
        assert_eq!(
            (data.len(), skipped.proven, skipped.proven_capped),
            (3, 0, 2)
        );
        assert_eq!(data.scores, vec![1500.0, -1500.0, 120.0]);
    }
}
