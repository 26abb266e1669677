//! Scheduling a match: which opening and colours each game gets, worker
//! threads for `--concurrency`, the progress line, records, SPRT stop and
//! Ctrl-C.
//!
//! Game `i` (0-based) plays opening `i / 2` (cycling through the file) with
//! engine 1 as black when `i` is even and as white when it is odd, so every
//! opening is played from both sides. With `--swap2` engine 1 is P1 (the
//! proposer) when `i` is even and engine 2 when it is odd.

use super::engine::EngineCommand;
use super::game::{play_game, GameConfig, GameRecord, OpeningSource};
use super::interrupt;
use super::judge::{FaultKind, Judge, Outcome};
use super::openings::{self, Opening};
use super::options::MatchOptions;
use super::record::{self, SUMMARY_HEADER};
use super::stats::{Sprt, SprtDecision};
use super::tally::{ChooserTally, Tally};
use crate::rng::SplitMix64 as Rng;
use crate::status_line::{self, StatusLine};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Everything a match needs, checked.
pub struct Plan {
    pub config: GameConfig,
    pub engines: [EngineCommand; 2],
    pub openings: Vec<Opening>,
    pub openings_file: Option<PathBuf>,
    /// The engines make each opening by swap2 (no openings then).
    pub swap2: bool,
    pub games: usize,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub out: Option<PathBuf>,
}

/// Name from the file name, without extension.
fn derived_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| path.display().to_string())
        .replace(char::is_whitespace, "_")
}

/// Checks the options (engines exist, openings load and are legal) and
/// builds the plan.
pub fn plan(o: &MatchOptions) -> anyhow::Result<Plan> {
    let mut names = [0, 1].map(|i| {
        o.names[i]
            .clone()
            .unwrap_or_else(|| derived_name(&o.engines[i]))
    });
    if names[0] == names[1] && o.names[0].is_none() && o.names[1].is_none() {
        names[0].push_str("-1");
        names[1].push_str("-2");
    }
    for path in &o.engines {
        // A quick check for the common mistake; anything else shows up as
        // a `start` fault of the game.
        if path.components().count() > 1 && !path.exists() {
            bail!("engine {} does not exist", path.display());
        }
    }
    let config = GameConfig {
        width: o.size,
        height: o.size,
        rule: o.rule,
        match_ms: o.match_ms,
        increment_ms: o.increment_ms,
        tolerance_ms: o.tolerance_ms,
        max_memory: o.max_memory_mb << 20,
        draw_after: o.draw_after,
        grace: Duration::from_millis(1000),
    };
    let mut openings = Vec::new();
    if let Some(path) = &o.openings {
        openings = openings::load(path, o.size, o.size)?;
        for opening in &openings {
            let mut judge =
                Judge::new(o.size, o.size, o.rule, o.draw_after).map_err(|e| anyhow::anyhow!(e))?;
            judge.play_opening(&opening.stones).map_err(|e| {
                anyhow::anyhow!(
                    "openings file {} line {}: {e} under {}",
                    path.display(),
                    opening.line,
                    o.rule.name()
                )
            })?;
        }
        if let Some(seed) = o.seed {
            Rng::new(seed).shuffle(&mut openings);
        }
    }
    let games = o.games.unwrap_or(2 * openings.len().max(1));
    let engines = [0, 1].map(|i| EngineCommand {
        program: o.engines[i].clone(),
        name: names[i].clone(),
        turn_ms: [o.turn_ms, o.turn_ms2][i],
    });
    // Spawn each engine once so that a wrong path is a clear error, not a
    // match full of `start` faults.
    for engine in &engines {
        let mut child = std::process::Command::new(&engine.program)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start engine {}", engine.program.display()))?;
        let _ = child.kill();
        let _ = child.wait();
    }
    Ok(Plan {
        config,
        engines,
        openings,
        openings_file: o.openings.clone(),
        swap2: o.swap2,
        games,
        concurrency: o.concurrency,
        sprt: o.sprt,
        out: o.out.clone(),
    })
}

/// One finished (or abandoned) game as the main thread sees it.
struct Finished {
    number: usize,
    /// The engine (0 or 1) given to the game first: black with an opening,
    /// P1 with swap2.
    first: usize,
    opening_line: Option<usize>,
    record: GameRecord,
}

impl Finished {
    /// The match's engine index of the game's `seat`.
    fn engine_of_seat(&self, seat: usize) -> usize {
        if seat == 0 {
            self.first
        } else {
            1 - self.first
        }
    }
}

/// Writes records as games finish.
struct Recorder {
    dir: PathBuf,
    header: String,
    lines: Vec<(usize, String)>,
}

impl Recorder {
    fn summary_text(&self, footer: &str) -> String {
        let mut lines = self.lines.clone();
        lines.sort();
        let mut text = self.header.clone();
        text.push_str(SUMMARY_HEADER);
        text.push('\n');
        for (_, line) in lines {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(&record::commented(footer));
        text
    }

    fn write_summary(&self, footer: &str) -> anyhow::Result<()> {
        let path = self.dir.join("summary.txt");
        let temp = self.dir.join("summary.txt.tmp");
        std::fs::write(&temp, self.summary_text(footer))
            .with_context(|| format!("cannot write {}", temp.display()))?;
        std::fs::rename(&temp, &path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(())
    }
}

/// What the run ended with.
pub struct Report {
    pub tally: Tally,
    pub interrupted: bool,
    pub text: String,
}

/// Plays the match. `settings` describes the run for the summary header.
pub fn run(plan: &Plan, settings: &str) -> anyhow::Result<Report> {
    let names = [plan.engines[0].name.as_str(), plan.engines[1].name.as_str()];
    let mut tally = Tally::new(names[0], names[1]);
    if plan.swap2 {
        tally.chooser = Some(ChooserTally::default());
    }
    let mut recorder = match &plan.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let recorder = Recorder {
                dir: dir.clone(),
                header: record::commented(settings),
                lines: Vec::new(),
            };
            recorder.write_summary("")?;
            Some(recorder)
        }
        None => None,
    };

    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let mut interrupted = false;
    let mut status = StatusLine::stderr();
    let started = Instant::now();
    // The live line on a terminal: results so far, elapsed and remaining
    // time, redrawn while games run; elsewhere one line per finished game.
    let progress_line = |tally: &Tally| {
        let elapsed = started.elapsed();
        let left = status_line::remaining(elapsed, tally.games() as usize, plan.games)
            .map_or("?".to_string(), status_line::clock);
        format!(
            "{}  elapsed {}  left ~{left}",
            tally.progress(plan.games, plan.sprt.as_ref()),
            status_line::clock(elapsed)
        )
    };
    let (sender, receiver) = mpsc::channel::<Finished>();

    let mut outcome: anyhow::Result<()> = Ok(());
    thread::scope(|scope| {
        for worker in 0..plan.concurrency.min(plan.games) {
            let sender = sender.clone();
            let (next, abort) = (&next, &abort);
            thread::Builder::new()
                .name(format!("game worker {worker}"))
                .spawn_scoped(scope, move || loop {
                    if abort.load(Ordering::SeqCst) || interrupt::requested() {
                        return;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= plan.games {
                        return;
                    }
                    let first = index % 2;
                    let opening = (!plan.openings.is_empty())
                        .then(|| &plan.openings[(index / 2) % plan.openings.len()]);
                    let source = if plan.swap2 {
                        OpeningSource::Swap2
                    } else {
                        OpeningSource::Stones(opening.map_or(&[][..], |o| &o.stones[..]))
                    };
                    let record = play_game(
                        &plan.config,
                        [&plan.engines[first], &plan.engines[1 - first]],
                        source,
                        abort,
                    );
                    let finished = Finished {
                        number: index + 1,
                        first,
                        opening_line: opening.map(|o| o.line),
                        record,
                    };
                    if sender.send(finished).is_err() {
                        return;
                    }
                })
                .expect("spawn a worker thread");
        }
        drop(sender);

        loop {
            let finished = match receiver.recv_timeout(Duration::from_millis(100)) {
                Ok(finished) => finished,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupt::requested() && !interrupted {
                        interrupted = true;
                        abort.store(true, Ordering::SeqCst);
                        status.line("ferro-match: interrupted, abandoning running games");
                    }
                    if status.is_terminal() {
                        status.show(&progress_line(&tally), false);
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if interrupt::requested() && !interrupted {
                interrupted = true;
                abort.store(true, Ordering::SeqCst);
                status.line("ferro-match: interrupted, abandoning running games");
            }
            // A game that ends with a crash or timeout after Ctrl-C most
            // likely lost its engines to the same Ctrl-C: abandoned.
            let outcome_of_game = match &finished.record.outcome {
                Some(Outcome::Fault {
                    kind: FaultKind::Crash | FaultKind::Timeout,
                    ..
                }) if interrupted => None,
                other => other.clone(),
            };
            let Some(game_outcome) = outcome_of_game else {
                tally.abandoned += 1;
                continue;
            };
            let black = finished.engine_of_seat(finished.record.black_seat());
            let colour_names = [names[black], names[1 - black]];
            tally.add(
                &game_outcome,
                black,
                finished.record.time_ms,
                finished.record.engine_moves,
            );
            if let Some(choice) = &finished.record.swap2 {
                let chooser = finished.engine_of_seat(choice.chooser);
                tally.add_choice(choice, chooser, &game_outcome);
            }
            if let Outcome::Fault { by, kind, detail } = &game_outcome {
                let who = colour_names[by.index()];
                let line = format!(
                    "game {}: {who} loses by {}: {detail}",
                    finished.number,
                    kind.name()
                );
                status.line(&line);
            }
            if let Some(recorder) = recorder.as_mut() {
                let psq = record::psq(
                    plan.config.width,
                    plan.config.height,
                    &finished.record,
                    colour_names,
                );
                let path = recorder.dir.join(record::psq_name(finished.number));
                if let Err(e) = std::fs::write(&path, psq) {
                    outcome = Err(anyhow::anyhow!("cannot write {}: {e}", path.display()));
                    abort.store(true, Ordering::SeqCst);
                }
                recorder.lines.push((
                    finished.number,
                    record::summary_line(
                        finished.number,
                        finished.opening_line,
                        &finished.record,
                        &game_outcome,
                        colour_names,
                    ),
                ));
                if let Err(e) = recorder.write_summary("") {
                    outcome = Err(e);
                    abort.store(true, Ordering::SeqCst);
                }
            }
            let progress = progress_line(&tally);
            if status.is_terminal() {
                status.show(&progress, true);
            } else {
                status.line(&progress);
            }
            if let Some(sprt) = &plan.sprt {
                if sprt.decision(&tally.wdl) != SprtDecision::Continue {
                    abort.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    status.finish();
    outcome?;

    let mut text = String::new();
    if interrupted {
        text.push_str(&format!(
            "Interrupted: {} of {} games finished.\n",
            tally.games(),
            plan.games
        ));
    }
    text.push_str(&tally.table(plan.sprt.as_ref()));
    text.push_str(&tally.result_line());
    text.push('\n');
    if let Some(recorder) = &recorder {
        recorder.write_summary(&text)?;
    }
    Ok(Report {
        tally,
        interrupted,
        text,
    })
}
