//! `pbrain-ferro analyze [OPTIONS] RECORD`: a review of finished games.
//! Every position is searched for a fixed time or node count; each move
//! gets the side to move's win rate, the engine's best move and principal
//! variation, what the played move lost, and marks (blunder, mistake,
//! inaccuracy, a missed forced win, a forced loss allowed, a renju
//! forbidden point); the stones of a known opening are book, not judged.
//! The report is a terminal table (with a progress bar on a terminal),
//! JSON (`--json`) and a self-contained HTML page (`--html FILE`).
//!
//! One file per job: [`options`] (command line), [`record`] (game records),
//! [`book`] (known openings), [`review`] (the searches), [`judge`] (win
//! rates and marks), [`summary`] (per-player totals), and the outputs
//! [`table`], [`json`], [`html`] with [`svg`]. Like `bench`, it sits above
//! the engine: it uses the search, which knows nothing of it.

pub mod book;
pub mod html;
pub mod json;
pub mod judge;
pub mod options;
pub mod record;
pub mod review;
pub mod summary;
pub mod svg;
pub mod table;

use crate::board::Rule;
use crate::match_runner::openings;
use crate::status_line::{self, StatusLine};
use options::AnalyzeOptions;
use review::{Effort, GameReview, Settings};
use std::path::Path;
use std::time::Instant;
use summary::PlayerSummary;

/// A reviewed game with its per-player totals.
pub type Reviewed = (GameReview, [PlayerSummary; 2]);

/// Runs the command; the exit status: 0 done, 1 a bad record or file, 2 a
/// bad command line.
pub fn main(args: &[String]) -> i32 {
    let options = match options::parse(args) {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("analyze: {message}");
            }
            eprintln!("{}", options::USAGE);
            return 2;
        }
    };
    let mut status = StatusLine::stderr();
    match run(&options, &mut status) {
        Ok(()) => 0,
        Err(message) => {
            status.finish();
            eprintln!("analyze: {message}");
            1
        }
    }
}

fn run(options: &AnalyzeOptions, status: &mut StatusLine) -> Result<(), String> {
    let (text, source) = read_record(&options.record)?;
    let book = match &options.book {
        Some(path) => {
            Some(std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let started = Instant::now();
    let reviews = review_text(
        &text,
        &source,
        options,
        book.as_deref(),
        &mut |game, games, done, total| {
            let elapsed = started.elapsed();
            status.show(
                &format!(
                "analyze: game {game}/{games} {} {done}/{total} positions  elapsed {}  left ~{}",
                status_line::bar(done, total, 30),
                status_line::clock(elapsed),
                status_line::remaining(elapsed, done, total).map_or("?".into(), status_line::clock)
            ),
                done == total,
            );
        },
    )?;
    status.finish();
    if let Some(path) = &options.html {
        write_whole(path, &html::render(&reviews, &describe(options)))?;
    }
    if options.json {
        print!("{}", json::render(&reviews));
    } else {
        println!("{}", describe(options));
        for (review, summary) in &reviews {
            println!();
            print!("{}", table::render(review, summary));
        }
    }
    Ok(())
}

/// The record's text and its name for titles: a file, or else a move
/// string given on the command line.
fn read_record(record: &str) -> Result<(String, String), String> {
    let path = Path::new(record);
    if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{record}: {e}"))?;
        return Ok((text, record.to_string()));
    }
    let looks_like_moves = record.starts_with(|c: char| c.is_ascii_alphabetic())
        && record.chars().all(|c| c.is_ascii_alphanumeric());
    if looks_like_moves {
        Ok((record.to_string(), "moves".to_string()))
    } else {
        Err(format!(
            "{record}: no such file, and not a move string like h8i9j10"
        ))
    }
}

/// How the positions were searched, for the reports.
fn describe(options: &AnalyzeOptions) -> String {
    let effort = match options.effort {
        Effort::Time(time) => format!("{:.2} s", time.as_secs_f64()),
        Effort::Nodes(nodes) => format!("{nodes} nodes"),
    };
    format!(
        "Ferro {} review: {effort} a position, {} thread{}",
        env!("CARGO_PKG_VERSION"),
        options.threads,
        if options.threads == 1 { "" } else { "s" }
    )
}

/// Parses every game (all of them checked before the first search, so a
/// bad record costs no time and writes nothing), then reviews them;
/// `progress(game, games, done, total)` after each position.
pub fn review_text(
    text: &str,
    source: &str,
    options: &AnalyzeOptions,
    book: Option<&str>,
    progress: &mut dyn FnMut(usize, usize, usize, usize),
) -> Result<Vec<Reviewed>, String> {
    let defaults = record::Defaults {
        size: options.size,
        rule: options.rule,
    };
    let mut games = record::parse(text, source, defaults).map_err(|e| format!("{source}: {e}"))?;
    if let Some(n) = options.game {
        if n > games.len() {
            return Err(format!("{source} holds {} games, not {n}", games.len()));
        }
        games = vec![games.swap_remove(n - 1)];
    }
    let mut planned = Vec::with_capacity(games.len());
    for game in games {
        let rule = game.rule.or(options.rule).unwrap_or(Rule::Freestyle);
        review::check_replay(&game, rule).map_err(|e| format!("{source}: {e}"))?;
        // The book file, read for this board (offsets are from its centre).
        let extra = match (book, &options.book) {
            (Some(text), Some(path)) => openings::parse(text, game.width, game.height)
                .map_err(|e| format!("{}: {e}", path.display()))?,
            _ => Vec::new(),
        };
        let known = book::known_openings(game.width, game.height, &extra);
        planned.push((game, rule, known));
    }
    let settings = Settings {
        effort: options.effort,
        threads: options.threads,
        table_bytes: options.hash_mb << 20,
    };
    let count = planned.len();
    let mut reviews = Vec::with_capacity(count);
    for (index, (game, rule, known)) in planned.iter().enumerate() {
        let reviewed = review::review(game, *rule, known, &settings, &mut |done, total| {
            progress(index + 1, count, done, total)
        });
        let summary = summary::summarize(&reviewed);
        reviews.push((reviewed, summary));
    }
    Ok(reviews)
}

/// Writes the file whole or not at all: a temporary file beside it,
/// renamed into place.
fn write_whole(path: &Path, text: &str) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            format!("cannot write {}: {e}", path.display())
        })
}

#[cfg(test)]
mod tests;
