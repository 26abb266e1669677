//! `ferro-datagen --from-matches DIR`: training positions from the games
//! of `ferro-match --out` directories.
//!
//! Self-play shows the evaluation only the positions Ferro reaches against
//! itself. Games against an engine we did not write reach the positions
//! where Ferro misjudges what it sees, which is where a refit can gain
//! (README, "Evaluation"). Every position of a game that has at least
//! `min_stones` stones and a move still to make is written once
//! (deduplicated by Zobrist hash over all the directories, in the order the
//! games are read), with that game's result for the side to move and score
//! 0: the positions get a search score from `--relabel` afterwards.
//! Positions where a five can be made at once are left out, as `ferro-tune`
//! would skip them.

use super::format::{write_header, Record};
use super::ordering::read_match_dir;
use crate::board::{Board, Colour, Rule};
use rustc_hash::FxHashSet;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct FromMatchesOptions {
    pub dirs: Vec<PathBuf>,
    pub out: PathBuf,
    /// Directories of another rule are skipped.
    pub rule: Rule,
    /// Positions with fewer stones (the opening's own) are left out.
    pub min_stones: usize,
}

/// What a conversion read and wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    pub games: usize,
    pub positions: u64,
    /// Positions left out because an earlier game had them.
    pub duplicates: u64,
}

/// The game result for `side` (0 loss, 1 draw, 2 win) when `winner` won.
fn result_for(side: Colour, winner: Option<Colour>) -> u8 {
    match winner {
        None => 1,
        Some(w) if w == side => 2,
        Some(_) => 0,
    }
}

pub fn run(o: &FromMatchesOptions, log: &mut dyn FnMut(&str)) -> Result<Converted, String> {
    let out_name = o.out.display().to_string();
    let io_error = |e: std::io::Error| format!("{out_name}: {e}");
    let mut out = BufWriter::new(std::fs::File::create(&o.out).map_err(io_error)?);
    write_header(&mut out).map_err(io_error)?;
    let mut seen = FxHashSet::default();
    let mut converted = Converted::default();
    for dir in &o.dirs {
        let games = read_match_dir(dir)?;
        if games.first().is_some_and(|g| g.rule != o.rule) {
            log(&format!("{}: another rule, skipped", dir.display()));
            continue;
        }
        for game in &games {
            converted.games += 1;
            let Ok(mut board) = Board::new(game.width, game.height, game.rule) else {
                continue;
            };
            let mut written = Ok(());
            game.replay_on(&mut board, o.min_stones, |board, ply, side, _| {
                if written.is_err() || Record::five_on_board(board, side) {
                    return;
                }
                if !seen.insert(board.hash()) {
                    converted.duplicates += 1;
                    return;
                }
                let record = Record {
                    rule: game.rule,
                    width: game.width as u8,
                    height: game.height as u8,
                    result: result_for(side, game.winner),
                    score: 0,
                    moves: game.moves[..ply]
                        .iter()
                        .map(|&(x, y)| (x as u8, y as u8))
                        .collect(),
                };
                written = record.write(&mut out);
                converted.positions += 1;
            });
            written.map_err(io_error)?;
        }
    }
    out.flush().map_err(io_error)?;
    log(&format!(
        "{} games, {} positions written, {} duplicates left out",
        converted.games, converted.positions, converted.duplicates
    ));
    Ok(converted)
}
