//! Playing one game between two engine processes, the way Piskvork and
//! c-gomoku-cli do (PROTOCOL.md §4): START + OK, the INFO block,
//! `INFO time_left` before every move, BEGIN or BOARD…DONE for each
//! side's first move, TURN afterwards, END and a kill after a grace period.
//! With a swap2 opening the engines first make the opening stones through
//! SWAP2BOARD ([`super::swap2`]).

use super::engine::{EngineCommand, EngineProcess, Wait};
use super::judge::{parse_move, FaultKind, Judge, Outcome};
use super::swap2::{self, Swap2Choice};
use crate::board::Colour;
use crate::rules::Rule;
use std::convert::Infallible;
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
    /// Thinking time (0 for opening stones; for stones given in one swap2
    /// reply, the reply's time is on the last of them).
    pub ms: u64,
}

/// How a game's opening stones are made.
#[derive(Clone, Copy, Debug)]
pub enum OpeningSource<'a> {
    /// Fixed stones, already checked against the rule; the first engine
    /// plays black.
    Stones(&'a [(usize, usize)]),
    /// The engines make the opening by swap2; the first engine is P1.
    Swap2,
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
    /// Replies (moves and swap2 answers) made by each colour's engine.
    pub engine_moves: [u32; 2],
    /// The colour decision of a swap2 opening (`None` without swap2, or
    /// when the exchange ended before the decision).
    pub swap2: Option<Swap2Choice>,
}

impl GameRecord {
    /// Which of the two engines given to [`play_game`] (0 or 1) played
    /// black: the first, unless a swap2 decision gave black to P2.
    pub fn black_seat(&self) -> usize {
        self.swap2.map_or(0, |choice| choice.black_seat())
    }
}

/// How a game ended: the outcome, or `None` if it was abandoned because
/// the run is stopping.
pub(super) type Ended = Option<Outcome>;

/// One engine in a game, with its clock and counters.
struct Player {
    process: EngineProcess,
    /// Game clock left in ms (used only with a game time limit).
    time_left: i64,
    /// Whether it was sent the game (BEGIN or BOARD) already, so that TURN
    /// will do.
    seen_game: bool,
    time_ms: u64,
    replies: u32,
    /// The engine's per-move limit in ms (0 = none).
    turn_ms: u64,
}

/// A game in progress.
pub(super) struct Game<'a> {
    config: &'a GameConfig,
    stop: &'a AtomicBool,
    /// In seat order (the order `play_game` got the engines) until a swap2
    /// choice, in colour order (black first) after it.
    players: Vec<Player>,
    judge: Judge,
    record: GameRecord,
}

/// Plays a game between `engines` with the opening from `opening` (see
/// [`OpeningSource`] for which engine is which). Returns when the game is
/// decided, or abandoned when `stop` is set.
pub fn play_game(
    config: &GameConfig,
    engines: [&EngineCommand; 2],
    opening: OpeningSource,
    stop: &AtomicBool,
) -> GameRecord {
    let fixed = match opening {
        OpeningSource::Stones(stones) => stones,
        OpeningSource::Swap2 => &[],
    };
    let mut judge = Judge::new(config.width, config.height, config.rule, config.draw_after)
        .expect("board size checked by the options");
    judge
        .play_opening(fixed)
        .expect("openings checked when loaded");
    let mut game = Game {
        config,
        stop,
        players: Vec::with_capacity(2),
        judge,
        record: GameRecord {
            outcome: None,
            moves: fixed
                .iter()
                .map(|&(x, y)| MoveRecord { x, y, ms: 0 })
                .collect(),
            opening_len: fixed.len(),
            time_ms: [0; 2],
            engine_moves: [0; 2],
            swap2: None,
        },
    };
    let Err(outcome) = game.run(engines, opening);
    game.finish(outcome)
}

pub(super) fn fault(by: Colour, kind: FaultKind, detail: impl Into<String>) -> Ended {
    Some(Outcome::Fault {
        by,
        kind,
        detail: detail.into(),
    })
}

/// The colour of seat `index`: black first. In a swap2 game this is the
/// provisional colour until the choice (P1 proposes as black).
pub(super) fn colour_of(index: usize) -> Colour {
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

/// What asks `side` for a move: TURN with the opponent's last move once
/// the engine knows the game, else BEGIN on an empty board, else BOARD
/// with every stone in game order (its own stones 1, the opponent's 2).
fn move_command(judge: &Judge, side: Colour, seen_game: bool) -> Vec<String> {
    let moves = judge.moves();
    if seen_game {
        let (x, y) = *moves.last().expect("the opponent has moved");
        return vec![format!("TURN {x},{y}")];
    }
    if moves.is_empty() {
        return vec!["BEGIN".into()];
    }
    let mut lines = vec!["BOARD".to_string()];
    for (i, &(x, y)) in moves.iter().enumerate() {
        let owner = colour_of(i % 2);
        lines.push(format!("{x},{y},{}", if owner == side { 1 } else { 2 }));
    }
    lines.push("DONE".into());
    lines
}

/// Reply time allowed: min(turn limit, game clock left) + tolerance, in ms.
fn allowed_ms(config: &GameConfig, turn_ms: u64, time_left: i64) -> i64 {
    let mut limit_ms = i64::MAX;
    if turn_ms > 0 {
        limit_ms = turn_ms as i64;
    }
    if config.match_ms > 0 {
        limit_ms = limit_ms.min(time_left.max(0));
    }
    limit_ms.saturating_add(config.tolerance_ms as i64)
}

impl Game<'_> {
    /// Starts both engines, makes the opening and plays until the end.
    /// Never returns `Ok`.
    fn run(
        &mut self,
        engines: [&EngineCommand; 2],
        opening: OpeningSource,
    ) -> Result<Infallible, Ended> {
        for (index, command) in engines.iter().enumerate() {
            self.start(command, colour_of(index))?;
        }
        if let OpeningSource::Swap2 = opening {
            let choice = swap2::exchange(self)?;
            self.record.swap2 = Some(choice);
            if choice.black_seat() != 0 {
                self.players.swap(0, 1);
            }
        }
        self.play_moves()
    }

    /// Fills in the record, ends the engines and returns the record.
    fn finish(mut self, outcome: Ended) -> GameRecord {
        self.record.outcome = outcome;
        // `players` is in colour order by now (see `run`).
        for (colour, player) in self.players.iter().enumerate() {
            self.record.time_ms[colour] = player.time_ms;
            self.record.engine_moves[colour] = player.replies;
        }
        for player in self.players.iter_mut() {
            player.process.send_end();
        }
        let deadline = Instant::now() + self.config.grace;
        for player in self.players.iter_mut() {
            player.process.reap(deadline);
        }
        self.record
    }

    /// Starts one engine (START, OK, the INFO block) and adds it to
    /// `players`, even when it fails, so that it is ended with the others.
    fn start(&mut self, command: &EngineCommand, colour: Colour) -> Result<(), Ended> {
        let config = self.config;
        let mut engine = EngineProcess::spawn(command).map_err(|e| {
            fault(
                colour,
                FaultKind::Start,
                format!("cannot start {}: {e}", command.program.display()),
            )
        })?;
        let start_line = if config.width == config.height {
            format!("START {}", config.width)
        } else {
            format!("RECTSTART {},{}", config.width, config.height)
        };
        let waited = if engine.send(&start_line) {
            engine.wait_ok(Instant::now() + config.start_timeout(), self.stop)
        } else {
            Wait::Fault(FaultKind::Start, "could not send START".into())
        };
        self.players.push(Player {
            process: engine,
            time_left: config.match_ms as i64,
            seen_game: false,
            time_ms: 0,
            replies: 0,
            turn_ms: command.turn_ms,
        });
        match waited {
            Wait::Line(..) => {}
            Wait::Fault(kind, detail) => return Err(fault(colour, kind, detail)),
            Wait::Stopped => return Err(None),
        }
        let mut info = vec![
            format!("INFO max_memory {}", config.max_memory),
            format!("INFO timeout_match {}", config.match_ms),
        ];
        if command.turn_ms > 0 {
            info.push(format!("INFO timeout_turn {}", command.turn_ms));
        }
        if config.increment_ms > 0 {
            info.push(format!("INFO time_increment {}", config.increment_ms));
        }
        info.push("INFO game_type 1".into());
        info.push(format!("INFO rule {}", config.rule.info_value()));
        let player = self.players.last_mut().expect("just added");
        if !player.process.send_all(&info) {
            return Err(fault(
                colour,
                FaultKind::Crash,
                "could not send the INFO block",
            ));
        }
        Ok(())
    }

    /// Alternate play from the position on the board; `players` in colour
    /// order.
    fn play_moves(&mut self) -> Result<Infallible, Ended> {
        loop {
            let side = self.judge.to_move();
            let player = &mut self.players[side.index()];
            let command = move_command(&self.judge, side, player.seen_game);
            player.seen_game = true;
            let (text, ms) = self.ask(side.index(), side, &command)?;
            let Some(stone) = parse_move(&text) else {
                return Err(fault(
                    side,
                    FaultKind::Illegal,
                    format!("reply '{}' is not a move", text.trim()),
                ));
            };
            self.play_stone(stone, ms)?;
        }
    }

    /// Every stone so far, in play order.
    pub(super) fn stones(&self) -> &[(usize, usize)] {
        self.judge.moves()
    }

    /// Plays `x,y` for the side to move and records it (a fault leaves no
    /// stone); `Err` when that ends the game.
    pub(super) fn play_stone(&mut self, (x, y): (i64, i64), ms: u64) -> Result<(), Ended> {
        let outcome = self.judge.play(x, y);
        if !matches!(outcome, Some(Outcome::Fault { .. })) {
            self.record.moves.push(MoveRecord {
                x: x as usize,
                y: y as usize,
                ms,
            });
        }
        match outcome {
            None => Ok(()),
            end => Err(end),
        }
    }

    /// Sends `INFO time_left` and `command` (a move or swap2 request) to
    /// `players[index]`, who plays `by`, and waits for the reply within its
    /// time; returns the reply and its thinking time in ms, after charging
    /// that to the player's clock.
    pub(super) fn ask(
        &mut self,
        index: usize,
        by: Colour,
        command: &[String],
    ) -> Result<(String, u64), Ended> {
        let config = self.config;
        let player = &mut self.players[index];
        let left = if config.match_ms > 0 {
            player.time_left.max(0)
        } else {
            UNLIMITED
        };
        let mut lines = vec![format!("INFO time_left {left}")];
        lines.extend_from_slice(command);
        // Taken before writing, so that even an instant reply is stamped
        // after it.
        let sent = Instant::now();
        if !player.process.send_all(&lines) {
            return Err(fault(by, FaultKind::Crash, "the engine's input is closed"));
        }
        let allowed_ms = allowed_ms(config, player.turn_ms, player.time_left);
        let deadline = sent + Duration::from_millis(allowed_ms.min(i64::MAX / 4) as u64);
        let (text, at) = match reply_after(&mut player.process, sent, deadline, self.stop) {
            Wait::Line(text, at) => (text, at),
            Wait::Fault(FaultKind::Timeout, _) => {
                return Err(fault(
                    by,
                    FaultKind::Timeout,
                    format!("no reply within {allowed_ms} ms"),
                ))
            }
            Wait::Fault(kind, detail) => return Err(fault(by, kind, detail)),
            Wait::Stopped => return Err(None),
        };
        let elapsed = at.saturating_duration_since(sent).as_millis() as u64;
        player.time_ms += elapsed;
        player.replies += 1;
        if elapsed as i64 > allowed_ms {
            return Err(fault(
                by,
                FaultKind::Timeout,
                format!("replied after {elapsed} ms (allowed {allowed_ms} ms)"),
            ));
        }
        if config.match_ms > 0 {
            player.time_left += config.increment_ms as i64 - elapsed as i64;
        }
        Ok((text, elapsed))
    }
}
