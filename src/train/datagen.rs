//! `ferro-datagen`: self-play games for training the evaluation.
//!
//! Each game starts from a random opening (a few stones near the centre,
//! none winning or forbidden; or a random one of an openings file, such as
//! the balanced sets `ferro-match gen-openings` writes), then both sides
//! play Ferro's search at a fixed node count per move (or one drawn per
//! game from a range, so that games from the same opening differ). Every
//! position after the opening is written with the search score and, once
//! the game ends, the result. A game ends
//! with a five, a full board, or as soon as the search proves a forced
//! result (the proven side is scored the winner). Games run on all threads;
//! positions are deduplicated by Zobrist hash. Game `i` is played from seed
//! `seed + i`, so a run is reproducible up to the order in which threads
//! finish their games.

use super::format::{write_header, Record};
use crate::board::{Board, Colour, Rule};
use crate::match_runner::gen::place_random_stones;
use crate::match_runner::judge::{Judge, Outcome};
use crate::rng::SplitMix64 as Rng;
use crate::search::score::is_mate_score;
use crate::search::{think, Limits, SearchState};
use rustc_hash::FxHashSet;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Transposition table per game thread.
const TABLE_BYTES: usize = 16 << 20;
/// The run stops with an error once this many games in a row have added
/// no position not seen before.
pub const MAX_GAMES_WITHOUT_NEW_POSITION: u64 = 10_000;

#[derive(Clone, Debug)]
pub struct DatagenOptions {
    pub rule: Rule,
    pub size: usize,
    /// Stop once this many distinct positions are written.
    pub positions: u64,
    /// Search nodes per move.
    pub nodes: u64,
    pub threads: usize,
    pub seed: u64,
    /// Random opening stones, inclusive range.
    pub opening_min: usize,
    pub opening_max: usize,
    /// Chebyshev radius around the centre for opening stones.
    pub opening_radius: usize,
    /// Openings to start from (one picked at random per game) instead of
    /// random stones; empty for random openings.
    pub openings: Vec<Vec<(usize, usize)>>,
    /// Each game's node count is `nodes` plus a random share of up to
    /// this many percent of it, so that games from the same opening differ.
    pub nodes_spread_percent: u64,
    pub out: std::path::PathBuf,
}

/// A random opening (from the file's, if any), or `None` when the walk got
/// stuck or made a five.
fn random_opening(o: &DatagenOptions, rng: &mut Rng) -> Option<Judge> {
    let mut judge = Judge::new(o.size, o.size, o.rule, None).ok()?;
    let placed = if o.openings.is_empty() {
        let span = (o.opening_max - o.opening_min + 1) as u64;
        let stones = o.opening_min + rng.below(span) as usize;
        place_random_stones(&mut judge, stones, o.opening_radius, rng)
    } else {
        let stones = &o.openings[rng.below(o.openings.len() as u64) as usize];
        judge.play_opening(stones).is_ok()
    };
    placed.then_some(judge)
}

type Position = (u64, Colour, i16, Vec<(u8, u8)>);

/// One game's positions, with results filled in.
fn play_game(o: &DatagenOptions, seed: u64, state: &mut SearchState) -> Vec<(u64, Record)> {
    let mut rng = Rng::new(seed);
    let Some(mut judge) = random_opening(o, &mut rng) else {
        return Vec::new();
    };
    state.clear();
    let stop = AtomicBool::new(false);
    let spread = o.nodes * o.nodes_spread_percent / 100;
    let limits = Limits::nodes(o.nodes + rng.below(spread + 1));
    // Hash, side to move, score and stones of each position so far.
    let mut positions: Vec<Position> = Vec::new();
    let winner: Option<Colour> = loop {
        let side = judge.to_move();
        let mut board: Board = judge.board().clone();
        let result = think(&mut board, side, &limits, &stop, state, &mut |_| {});
        let Some(best) = result.best else {
            break None; // full board
        };
        let moves = judge
            .moves()
            .iter()
            .map(|&(x, y)| (x as u8, y as u8))
            .collect();
        let score = Record::saturated_score(result.score);
        positions.push((judge.board().hash(), side, score, moves));
        if is_mate_score(result.score) {
            break Some(if result.score > 0 {
                side
            } else {
                side.opponent()
            });
        }
        match judge.play(best.x() as i64, best.y() as i64) {
            None => {}
            Some(Outcome::DrawFull) => break None,
            Some(outcome) => break outcome.winner(),
        }
    };
    positions
        .into_iter()
        .map(|(hash, side, score, moves)| {
            let result = match winner {
                None => 1,
                Some(w) if w == side => 2,
                Some(_) => 0,
            };
            let record = Record {
                rule: o.rule,
                width: o.size as u8,
                height: o.size as u8,
                result,
                score,
                moves,
            };
            (hash, record)
        })
        .collect()
}

/// Runs the generator; progress lines go to `log`.
pub fn run(o: &DatagenOptions, log: &mut dyn FnMut(&str)) -> std::io::Result<u64> {
    // An opening the rule does not allow would be skipped game after game.
    for (i, stones) in o.openings.iter().enumerate() {
        let mut judge = Judge::new(o.size, o.size, o.rule, None)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))?;
        if let Err(e) = judge.play_opening(stones) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("opening {} cannot be played under this rule: {e}", i + 1),
            ));
        }
    }
    let file = std::fs::File::create(&o.out)?;
    let mut out = BufWriter::new(file);
    write_header(&mut out)?;
    let next_game = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let (sender, receiver) = mpsc::sync_channel::<Vec<(u64, Record)>>(64);
    let start = Instant::now();
    let mut written = 0u64;
    let mut games = 0u64;
    let mut stalled = false;
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..o.threads.max(1) {
            let sender = sender.clone();
            let (next_game, done) = (&next_game, &done);
            scope.spawn(move || {
                let mut state = SearchState::new(TABLE_BYTES);
                while !done.load(Ordering::Relaxed) {
                    let game = next_game.fetch_add(1, Ordering::Relaxed);
                    let records = play_game(o, o.seed.wrapping_add(game), &mut state);
                    if sender.send(records).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut seen = FxHashSet::default();
        let mut last_report = Instant::now();
        let mut games_without_new = 0u64;
        for records in receiver.iter() {
            if written >= o.positions || stalled {
                continue; // drain until the threads see `done`
            }
            games += 1;
            let before = written;
            for (hash, record) in records {
                if written < o.positions && seen.insert(hash) {
                    record.write(&mut out)?;
                    written += 1;
                }
            }
            games_without_new = if written > before {
                0
            } else {
                games_without_new + 1
            };
            // A few openings (or a small board) may allow fewer distinct
            // positions than asked for: stop rather than play on forever.
            stalled = games_without_new >= MAX_GAMES_WITHOUT_NEW_POSITION;
            if written >= o.positions || stalled {
                done.store(true, Ordering::Relaxed);
            }
            if last_report.elapsed().as_secs() >= 10 {
                last_report = Instant::now();
                let secs = start.elapsed().as_secs_f64();
                log(&format!(
                    "{written} positions, {games} games, {:.0} s, {:.0} positions/s",
                    secs,
                    written as f64 / secs
                ));
            }
        }
        Ok(())
    })?;
    out.flush()?;
    if stalled {
        return Err(std::io::Error::other(format!(
            "stopped after {written} positions: {MAX_GAMES_WITHOUT_NEW_POSITION} games in a row \
             added no new position (too few openings, or a board too small, for --positions)"
        )));
    }
    let secs = start.elapsed().as_secs_f64();
    log(&format!(
        "done: {written} positions from {games} games in {secs:.0} s ({:.0} positions/s) -> {}",
        written as f64 / secs,
        o.out.display()
    ));
    Ok(written)
}
