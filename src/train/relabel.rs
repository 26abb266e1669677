//! `ferro-datagen --relabel`: deeper search scores for positions already
//! generated.
//!
//! Self-play at a few thousand nodes a move is what makes data cheap, but
//! its scores only say what a shallow Ferro thinks. Relabelling searches a
//! sample of those positions again at a larger node count (with a fresh
//! table each, so every score depends on its position alone) and writes
//! them with the new score and the game result unchanged, in input order.

use super::format::{read_all, write_header, Record};
use crate::board::Board;
use crate::search::{think, Limits, SearchState};
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Instant;

/// Transposition table per thread.
const TABLE_BYTES: usize = 16 << 20;

#[derive(Clone, Debug)]
pub struct RelabelOptions {
    pub input: std::path::PathBuf,
    pub out: std::path::PathBuf,
    /// Search nodes per position.
    pub nodes: u64,
    /// Take one record in this many: records `offset`, `offset + every`, ...
    pub every: usize,
    /// Skip this many records first. Offsets `0..every` give disjoint
    /// samples, so a file can be relabelled in parts.
    pub offset: usize,
    /// Stop after this many positions.
    pub positions: usize,
    pub threads: usize,
}

/// The record with the score of a `nodes`-node search of its position
/// (set up on `board`, one per thread).
fn relabel(
    record: &Record,
    nodes: u64,
    board: &mut Option<Board>,
    state: &mut SearchState,
) -> Record {
    let board = record.position_on(board);
    state.clear();
    let stop = AtomicBool::new(false);
    let side = record.side_to_move();
    let result = think(
        board,
        side,
        &Limits::nodes(nodes),
        &stop,
        state,
        &mut |_| {},
    );
    Record {
        score: Record::saturated_score(result.score),
        ..record.clone()
    }
}

/// Runs the relabelling; progress lines go to `log`. Returns the number of
/// positions written.
pub fn run(o: &RelabelOptions, log: &mut dyn FnMut(&str)) -> std::io::Result<u64> {
    let records = read_all(&o.input)?;
    let chosen: Vec<&Record> = records
        .iter()
        .skip(o.offset)
        .step_by(o.every.max(1))
        .take(o.positions)
        .collect();
    let mut out = BufWriter::new(std::fs::File::create(&o.out)?);
    write_header(&mut out)?;
    let threads = o.threads.max(1);
    let start = Instant::now();
    let (sender, receiver) = mpsc::sync_channel::<(usize, Record)>(256);
    let mut written = 0u64;
    std::thread::scope(|scope| -> std::io::Result<()> {
        for thread in 0..threads {
            let sender = sender.clone();
            let chosen = &chosen;
            scope.spawn(move || {
                let mut state = SearchState::new(TABLE_BYTES);
                let mut board = None;
                for index in (thread..chosen.len()).step_by(threads) {
                    let record = relabel(chosen[index], o.nodes, &mut board, &mut state);
                    if sender.send((index, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Written in input order: results wait here for their turn.
        let mut waiting = BTreeMap::new();
        let mut last_report = Instant::now();
        for (index, record) in receiver.iter() {
            waiting.insert(index, record);
            while let Some(record) = waiting.remove(&(written as usize)) {
                record.write(&mut out)?;
                written += 1;
            }
            if last_report.elapsed().as_secs() >= 10 {
                last_report = Instant::now();
                let secs = start.elapsed().as_secs_f64();
                log(&format!(
                    "{written} of {} positions relabelled, {secs:.0} s, {:.1} positions/s",
                    chosen.len(),
                    written as f64 / secs
                ));
            }
        }
        Ok(())
    })?;
    out.flush()?;
    log(&format!(
        "done: {written} positions relabelled at {} nodes in {:.0} s -> {}",
        o.nodes,
        start.elapsed().as_secs_f64(),
        o.out.display()
    ));
    Ok(written)
}
