//! `pbrain-ferro bench [depth] [threads] [hash MiB]`: a fixed set of positions
//! searched to a fixed depth with one thread and a fixed table size (16 MiB
//! unless given: a game's table of hundreds of MiB misses the cache far more
//! often, which a speed measurement may want to see). The total node count
//! (and a signature hash of the per-position counts) identifies the search's
//! behaviour: a pure speed-up must leave it unchanged. Nodes per second is
//! the speed yardstick.

use crate::board::{Board, Colour};
use crate::rules::Rule;
use crate::search::{self, Limits, SearchState};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub const DEFAULT_DEPTH: u32 = 12;
/// Table size of the bench, in MiB; node counts depend on it.
pub const DEFAULT_TABLE_MIB: u32 = 16;
const DEFAULT_TABLE_BYTES: usize = (DEFAULT_TABLE_MIB as usize) << 20;

/// A bench position: size, rule and the moves in c-gomoku-cli `pos`
/// notation (`h8` = x 7, y 7), black first; the side to move is next.
pub struct BenchPosition {
    pub size: usize,
    pub rule: Rule,
    pub moves: &'static str,
}

/// Openings from the balanced sets in `../shared/openings/` and threat
/// positions from `../shared/positions/vcf.jsonl`.
pub const POSITIONS: &[BenchPosition] = &[
    BenchPosition {
        size: 15,
        rule: Rule::Freestyle,
        moves: "k13m10n13l14k10k12k11j11i10",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Freestyle,
        moves: "b2c6e2h2h4",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Freestyle,
        moves: "f10e7f7h10e6g7f8f6h9",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Freestyle,
        moves: "g5h6i6e4k8f9g10j7k4i7",
    },
    BenchPosition {
        size: 20,
        rule: Rule::Freestyle,
        moves: "h8f11e7d11g10h7k9f10",
    },
    BenchPosition {
        size: 20,
        rule: Rule::Freestyle,
        moves: "e17g16f18f15h18f16h17",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Standard,
        moves: "j11f10h8h7i9f9i7k11g13",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Standard,
        moves: "f8d10f9e12b9a8a9d7d5",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Renju,
        moves: "k10i11l12k14j10h13i14g11f14",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Renju,
        moves: "h8i9j8i7i8",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Freestyle,
        moves: "d8d11g10i12a10h12f8h11g8h8f11g14h10e12f13h13k10h14h15f12g12j11f15i11",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Standard,
        moves: "h10j12i10l11i14h15i15g12e12j11i12",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Renju,
        moves: "h8i9i7g9j7j8k7h7k8j6",
    },
    BenchPosition {
        size: 15,
        rule: Rule::Renju,
        moves: "i6j5g3j7j8i7k7k6i8l7i4l6j6i5l5g6k10g7k9",
    },
];

/// Parses `pos` notation into (x, y) pairs.
pub fn parse_moves(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let bytes = text.as_bytes();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i];
        if !letter.is_ascii_lowercase() {
            return Err(format!("expected a letter at {i} in {text:?}"));
        }
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let number: usize = text[start..i]
            .parse()
            .map_err(|_| format!("expected a number at {start} in {text:?}"))?;
        if number == 0 {
            return Err(format!("row 0 at {start} in {text:?}"));
        }
        moves.push(((letter - b'a') as usize, number - 1));
    }
    Ok(moves)
}

/// The position after the moves, and the side to move.
pub fn setup(position: &BenchPosition) -> Result<(Board, Colour), String> {
    let mut board =
        Board::new(position.size, position.size, position.rule).map_err(|e| e.to_string())?;
    let mut side = Colour::Black;
    for (x, y) in parse_moves(position.moves)? {
        let sq = board
            .square(x, y)
            .filter(|&sq| board.is_empty(sq))
            .ok_or_else(|| format!("bad move {x},{y} in {:?}", position.moves))?;
        board.place(sq, side.stone());
        side = side.opponent();
    }
    Ok((board, side))
}

pub struct BenchLine {
    pub nodes: u64,
    /// Deepest completed iteration and the deepest ply it reached.
    pub depth: u32,
    pub seldepth: u32,
    pub elapsed: Duration,
    pub best: String,
    pub score: i32,
}

/// Searches one position to `depth` from a fresh state with `threads`
/// search threads and a table of `table_bytes`.
pub fn run_position(
    position: &BenchPosition,
    depth: u32,
    threads: u32,
    table_bytes: usize,
) -> BenchLine {
    search_position(
        position,
        &Limits {
            threads,
            ..Limits::depth(depth)
        },
        table_bytes,
    )
}

/// Searches one position from a fresh state within `limits`.
fn search_position(position: &BenchPosition, limits: &Limits, table_bytes: usize) -> BenchLine {
    let (mut board, side) = setup(position).expect("bench positions are valid");
    let mut state = SearchState::new(table_bytes);
    state.tt.prefault();
    let start = Instant::now();
    let mut seldepth = 0;
    let result = search::think(
        &mut board,
        side,
        limits,
        &AtomicBool::new(false),
        &mut state,
        &mut |progress| seldepth = progress.seldepth,
    );
    BenchLine {
        nodes: result.nodes,
        depth: result.depth,
        seldepth,
        elapsed: start.elapsed(),
        best: result.best.map_or("none".into(), |sq| sq.to_string()),
        score: result.score,
    }
}

/// One position's report line; `timing` says how long it took.
fn position_line(index: usize, position: &BenchPosition, line: &BenchLine, timing: &str) -> String {
    format!(
        "position {:2}  {:9} {}x{}  depth {:2}-{:2}  nodes {:10}  {timing}  best {:5}  score {}",
        index + 1,
        position.rule.name(),
        position.size,
        position.size,
        line.depth,
        line.seldepth,
        line.nodes,
        line.best,
        line.score
    )
}

/// FNV-1a over the node counts: equal for equal search behaviour.
pub fn signature(node_counts: &[u64]) -> u64 {
    node_counts
        .iter()
        .fold(0xCBF2_9CE4_8422_2325, |hash, &nodes| {
            nodes
                .to_le_bytes()
                .iter()
                .fold(hash, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01B3))
        })
}

/// Runs the whole bench and returns the report lines. Node counts, and so
/// the signature, are deterministic with one thread only.
pub fn run(depth: u32, threads: u32, table_mib: u32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut counts = Vec::new();
    let mut total_time = Duration::ZERO;
    for (i, position) in POSITIONS.iter().enumerate() {
        let line = run_position(position, depth, threads, (table_mib as usize) << 20);
        let timing = format!(
            "time {:7} ms  nps {:9}",
            line.elapsed.as_millis(),
            nodes_per_second(line.nodes, line.elapsed)
        );
        lines.push(position_line(i, position, &line, &timing));
        counts.push(line.nodes);
        total_time += line.elapsed;
    }
    let total: u64 = counts.iter().sum();
    lines.push(format!(
        "depth {depth}  threads {threads}  hash {table_mib} MiB  total nodes {total}  time {} ms  nps {}",
        total_time.as_millis(),
        nodes_per_second(total, total_time)
    ));
    if threads == 1 {
        lines.push(format!("signature {:016x}", signature(&counts)));
    } else {
        lines.push(
            "signature - (node counts vary from run to run with more than one thread)".into(),
        );
    }
    let (calls, forbidden, elapsed) = forbidden_check_speed();
    lines.push(format!(
        "renju forbidden check {} ns per call ({calls} calls, {forbidden} forbidden, {} ms)",
        elapsed.as_nanos() / calls.max(1) as u128,
        elapsed.as_millis()
    ));
    let (moves, elapsed) = make_undo_speed();
    lines.push(format!(
        "make/undo {} moves/s ({moves} place+undo pairs in {} ms)",
        nodes_per_second(moves, elapsed),
        elapsed.as_millis()
    ));
    lines.push(format!("bench: {total}"));
    lines
}

/// `bench movetime MS [threads]`: every position searched as a game move
/// of `ms` milliseconds (no match clock), reporting the depth completed and
/// the time used. Timing makes node counts vary, so there is no signature:
/// this shows what a change does to the depth reached in play.
pub fn run_timed(ms: u32, threads: u32) -> Vec<String> {
    let budget = crate::search::time::Clock {
        timeout_turn: ms as i64,
        timeout_match: 0,
        time_left: None,
        time_increment: 0,
        spent: 0,
    }
    .budget();
    let mut lines = Vec::new();
    let mut depths = Vec::new();
    let mut total_time = Duration::ZERO;
    let mut total_nodes = 0;
    // Positions without a proven result: a mate found by the solvers ends
    // the move at once (by design), so the share of time used and the least
    // depth say most about the search when read over these alone.
    let mut open_depths = Vec::new();
    let mut open_time = Duration::ZERO;
    for (i, position) in POSITIONS.iter().enumerate() {
        let line = search_position(
            position,
            &Limits {
                threads,
                ..Limits::timed(budget)
            },
            DEFAULT_TABLE_BYTES,
        );
        let timing = format!("time {:5} ms of {ms}", line.elapsed.as_millis());
        lines.push(position_line(i, position, &line, &timing));
        depths.push(line.depth);
        total_nodes += line.nodes;
        total_time += line.elapsed;
        if !crate::search::score::is_mate_score(line.score) {
            open_depths.push(line.depth);
            open_time += line.elapsed;
        }
    }
    lines.push(format!(
        "movetime {ms} ms  threads {threads}  {}  nps {}",
        depth_and_time_summary(&mut depths, total_time, ms),
        nodes_per_second(total_nodes, total_time)
    ));
    lines.push(format!(
        "not proven {} of {}  {}",
        open_depths.len(),
        POSITIONS.len(),
        depth_and_time_summary(&mut open_depths, open_time, ms)
    ));
    lines
}

/// "depth min A median B max C  time used P%" over positions that took
/// `time` in all, each allowed `ms`.
fn depth_and_time_summary(depths: &mut [u32], time: Duration, ms: u32) -> String {
    if depths.is_empty() {
        return "no positions".into();
    }
    depths.sort_unstable();
    format!(
        "depth min {} median {} max {}  time used {}%",
        depths[0],
        depths[depths.len() / 2],
        depths[depths.len() - 1],
        time.as_millis() * 100 / (ms as u128 * depths.len() as u128).max(1)
    )
}

/// Asks, for every empty square of random crowded renju positions (fixed
/// seed, black-heavy so that threes and fours abound), whether it is
/// forbidden: the average cost of one `is_forbidden` call.
fn forbidden_check_speed() -> (u64, u64, Duration) {
    use crate::rng::SplitMix64;
    let mut rng = SplitMix64(11);
    let mut boards = Vec::new();
    for _ in 0..100 {
        let mut board = Board::new(15, 15, Rule::Renju).expect("valid size");
        for i in 0..40 {
            let (x, y) = (4 + rng.next_u64() % 7, 4 + rng.next_u64() % 7);
            let sq = board.square(x as usize, y as usize).expect("on the board");
            if board.is_empty(sq) {
                let colour = if i % 5 < 3 {
                    Colour::Black
                } else {
                    Colour::White
                };
                board.place(sq, colour.stone());
            }
        }
        boards.push(board);
    }
    let (mut calls, mut forbidden) = (0u64, 0u64);
    let start = Instant::now();
    for _ in 0..20 {
        for board in boards.iter_mut() {
            let empties: Vec<_> = board.empty_squares().collect();
            for sq in empties {
                calls += 1;
                forbidden += crate::rules::renju::is_forbidden(board, sq) as u64;
            }
        }
    }
    (calls, forbidden, start.elapsed())
}

/// Places and undoes stones along random 15x15 games (fixed seed): the
/// throughput of the incremental pattern update.
fn make_undo_speed() -> (u64, Duration) {
    use crate::rng::SplitMix64;
    let mut rng = SplitMix64(7);
    let mut board = Board::new(15, 15, Rule::Freestyle).expect("valid size");
    let mut pairs = 0u64;
    let start = Instant::now();
    for _ in 0..2_000 {
        let mut side = Colour::Black;
        for _ in 0..60 {
            let empties: Vec<_> = board.empty_squares().collect();
            let sq = empties[(rng.next_u64() % empties.len() as u64) as usize];
            // Try every empty square once from here, as a search does.
            for &probe in empties.iter().take(16) {
                board.place(probe, side.stone());
                board.undo();
                pairs += 1;
            }
            board.place(sq, side.stone());
            pairs += 1;
            side = side.opponent();
        }
        while board.undo().is_some() {}
    }
    (pairs, start.elapsed())
}

fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as u128 * 1_000_000 / elapsed.as_micros().max(1)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timed_summary_reads_depths_and_the_share_of_time() {
        let mut depths = [14, 3, 9];
        assert_eq!(
            depth_and_time_summary(&mut depths, Duration::from_millis(1200), 500),
            "depth min 3 median 9 max 14  time used 80%"
        );
        assert_eq!(
            depth_and_time_summary(&mut [], Duration::ZERO, 500),
            "no positions"
        );
    }

    #[test]
    fn every_bench_position_sets_up() {
        assert!(POSITIONS.len() >= 10);
        for position in POSITIONS {
            setup(position).unwrap();
        }
        assert_eq!(parse_moves("h8i10").unwrap(), [(7, 7), (8, 9)]);
        assert!(parse_moves("h0").is_err() && parse_moves("8h").is_err());
    }

    #[test]
    fn node_counts_are_deterministic() {
        let position = &POSITIONS[2];
        assert_eq!(
            run_position(position, 4, 1, DEFAULT_TABLE_BYTES).nodes,
            run_position(position, 4, 1, DEFAULT_TABLE_BYTES).nodes
        );
        assert_ne!(signature(&[1, 2]), signature(&[2, 1]));
    }
}
