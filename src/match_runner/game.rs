//! Playing one game between two engine processes, the way Piskvork and
//! c-gomoku-cli do (PROTOCOL.md §4): START + OK, the INFO block,
//! `INFO time_left` before every move, BEGIN or BOARD…DONE for each
//! side's first move, TURN afterwards, END and a kill after a grace period.

use super::engine::{EngineCommand, EngineProcess, Wait};
use super::judge::{parse_move, FaultKind, Judge, Outcome};
use crate::board::Colour;
use crate::rules::Rule;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// `time_left` sent when there is no match clock (c-gomoku-cli).
const UNLIMITED: i64 = 2_147_483_647;

/// Everything about a game except who plays it.
#[derive(Clone, Debug)]
pub struct GameConfig {
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    /// Per-move limit in ms (0 = none).
    pub turn_ms: u64,
    /// Per-game limit in ms (0 = none).
    pub match_ms: u64,
    /// Added to the game clock after each move, in ms.
    pub increment_ms: u64,
    /// Allowed lateness before a timeout is declared, in ms.
    pub tolerance_ms: u64,
    /// Bytes (sent as `INFO max_memory`; 0 = no limit).
    pub max_memory: u64,
    /// Draw once this many stones are on the board.
    pub draw_after: Option<usize>,
    /// How long after END an engine may take to exit before it is killed.
    pub grace: Duration,
}

impl GameConfig {
    /// Time allowed for the `OK` to START.
    pub fn start_timeout(&self) -> Duration {
        Duration::from_millis(self.tolerance_ms + 2000)
    }
}

/// One stone of a game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub x: usize,
    pub y: usize,
    /// Thinking time (0 for opening stones).
    pub ms: u64,
}

/// A played game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// `None` if the game was abandoned (the run was stopped).
    pub outcome: Option<Outcome>,
    pub moves: Vec<MoveRecord>,
    pub opening_len: usize,
    /// Thinking time per colour (index `Colour::index`), in ms.
    pub time_ms: [u64; 2],
    /// Moves made by each colour's engine.
    pub engine_moves: [u32; 2],
}

/// Plays a game from `opening` (already checked against the rule) between
/// `black` and `white`. Returns when the game is decided, or abandoned
/// when `stop` is set.
pub fn play_game(
    config: &GameConfig,
    black: &EngineCommand,
    white: &EngineCommand,
    opening: &[(usize, usize)],
    stop: &AtomicBool,
) -> GameRecord {
    let mut judge = Judge::new(config.width, config.height, config.rule, config.draw_after)
        .expect("board size checked by the options");
    judge
        .play_opening(opening)
        .expect("openings checked when loaded");
    let mut record = GameRecord {
        outcome: None,
        moves: opening
            .iter()
            .map(|&(x, y)| MoveRecord { x, y, ms: 0 })
            .collect(),
        opening_len: opening.len(),
        time_ms: [0; 2],
        engine_moves: [0; 2],
    };
    let mut engines: Vec<EngineProcess> = Vec::with_capacity(2);
    let outcome = run(
        config,
        [black, white],
        &mut engines,
        &mut judge,
        &mut record,
        stop,
    );
    record.outcome = outcome;
    for engine in engines.iter_mut() {
        engine.send_end();
    }
    let deadline = Instant::now() + config.grace;
    for engine in engines.iter_mut() {
        engine.reap(deadline);
    }
    record
}

fn fault(by: Colour, kind: FaultKind, detail: impl Into<String>) -> Option<Outcome> {
    Some(Outcome::Fault {
        by,
        kind,
        detail: detail.into(),
    })
}

fn colour_of(index: usize) -> Colour {
    if index == 0 {
        Colour::Black
    } else {
        Colour::White
    }
}

/// The first line (not MESSAGE / DEBUG) that arrived after `sent`: a line
/// printed before the command was sent cannot answer it (e.g. an `ERROR`
/// about an INFO value) and is skipped.
fn reply_after(
    engine: &mut EngineProcess,
    sent: Instant,
    deadline: Instant,
    stop: &AtomicBool,
) -> Wait {
    loop {
        match engine.next_line(deadline, stop) {
            Wait::Line(text, at) if at < sent => {
                log::debug!("skipped a line printed before the move command: {text}");
            }
            other => return other,
        }
    }
}

/// The game loop; returns the outcome, `None` if stopped.
fn run(
    config: &GameConfig,
    commands: [&EngineCommand; 2],
    engines: &mut Vec<EngineProcess>,
    judge: &mut Judge,
    record: &mut GameRecord,
    stop: &AtomicBool,
) -> Option<Outcome> {
    // Start both engines (black first) and send each the INFO block.
    for (index, command) in commands.iter().enumerate() {
        let colour = colour_of(index);
        let mut engine = match EngineProcess::spawn(command) {
            Ok(engine) => engine,
            Err(e) => {
                return fault(
                    colour,
                    FaultKind::Start,
                    format!("cannot start {}: {e}", command.program.display()),
                )
            }
        };
        let start = if config.width == config.height {
            format!("START {}", config.width)
        } else {
            format!("RECTSTART {},{}", config.width, config.height)
        };
        if !engine.send(&start) {
            engines.push(engine);
            return fault(colour, FaultKind::Start, "could not send START");
        }
        let waited = engine.wait_ok(Instant::now() + config.start_timeout(), stop);
        engines.push(engine);
        match waited {
            Wait::Line(..) => {}
            Wait::Fault(kind, detail) => return fault(colour, kind, detail),
            Wait::Stopped => return None,
        }
        let mut info = vec![
            format!("INFO max_memory {}", config.max_memory),
            format!("INFO timeout_match {}", config.match_ms),
        ];
        if config.turn_ms > 0 {
            info.push(format!("INFO timeout_turn {}", config.turn_ms));
        }
        if config.increment_ms > 0 {
            info.push(format!("INFO time_increment {}", config.increment_ms));
        }
        info.push("INFO game_type 1".into());
        info.push(format!("INFO rule {}", config.rule.info_value()));
        if !engines[index].send_all(&info) {
            return fault(colour, FaultKind::Crash, "could not send the INFO block");
        }
    }

    let mut time_left: [i64; 2] = [config.match_ms as i64; 2];
    let mut seen_game = [false; 2];
    loop {
        let side = judge.to_move();
        let index = side.index();
        let engine = &mut engines[index];

        // The move command.
        let mut lines = Vec::new();
        let left = if config.match_ms > 0 {
            time_left[index].max(0)
        } else {
            UNLIMITED
        };
        lines.push(format!("INFO time_left {left}"));
        let moves = judge.moves();
        if seen_game[index] {
            let (x, y) = *moves.last().expect("the opponent has moved");
            lines.push(format!("TURN {x},{y}"));
        } else if moves.is_empty() {
            lines.push("BEGIN".into());
        } else {
            // In game order: the engine's own stones 1, the opponent's 2.
            lines.push("BOARD".into());
            for (i, &(x, y)) in moves.iter().enumerate() {
                let owner = colour_of(i % 2);
                lines.push(format!("{x},{y},{}", if owner == side { 1 } else { 2 }));
            }
            lines.push("DONE".into());
        }
        seen_game[index] = true;
        // Taken before writing, so that even an instant reply is stamped
        // after it.
        let sent = Instant::now();
        if !engine.send_all(&lines) {
            return fault(side, FaultKind::Crash, "the engine's input is closed");
        }

        // The reply.
        let mut limit_ms = i64::MAX;
        if config.turn_ms > 0 {
            limit_ms = config.turn_ms as i64;
        }
        if config.match_ms > 0 {
            limit_ms = limit_ms.min(time_left[index].max(0));
        }
        let allowed_ms = limit_ms.saturating_add(config.tolerance_ms as i64);
        let deadline = sent + Duration::from_millis(allowed_ms.min(i64::MAX / 4) as u64);
        let (text, at) = match reply_after(engine, sent, deadline, stop) {
            Wait::Line(text, at) => (text, at),
            Wait::Fault(FaultKind::Timeout, _) => {
                return fault(
                    side,
                    FaultKind::Timeout,
                    format!("no move within {allowed_ms} ms"),
                )
            }
            Wait::Fault(kind, detail) => return fault(side, kind, detail),
            Wait::Stopped => return None,
        };
        let elapsed = at.saturating_duration_since(sent).as_millis() as u64;
        record.time_ms[index] += elapsed;
        record.engine_moves[index] += 1;
        if elapsed as i64 > allowed_ms {
            return fault(
                side,
                FaultKind::Timeout,
                format!("moved after {elapsed} ms (allowed {allowed_ms} ms)"),
            );
        }
        if config.match_ms > 0 {
            time_left[index] -= elapsed as i64;
            time_left[index] += config.increment_ms as i64;
        }
        let Some((x, y)) = parse_move(&text) else {
            return fault(
                side,
                FaultKind::Illegal,
                format!("reply '{}' is not a move", text.trim()),
            );
        };
        let outcome = judge.play(x, y);
        if !matches!(outcome, Some(Outcome::Fault { .. })) {
            record.moves.push(MoveRecord {
                x: x as usize,
                y: y as usize,
                ms: elapsed,
            });
        }
        if outcome.is_some() {
            return outcome;
        }
    }
}
