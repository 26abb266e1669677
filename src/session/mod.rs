//! Session state between protocol and search: the settings from INFO, the
//! game in progress, and what each command does to them. It answers with
//! replies and, for commands that need a move, a search request; it never
//! prints.

mod game;
mod settings;

pub use game::Game;
pub use settings::Settings;

use crate::board::{Board, Colour, Square};
use crate::pattern::CellState;
use crate::protocol::{
    excerpt, parse_block_line, parse_command, parse_point_line, square_list, BlockLine, BoardEntry,
    Command, Coord, Reply,
};
use crate::rules::Rule;
use crate::search::analysis::{Outcome, Swap2Answer, Task};
use crate::search::Limits;
use std::time::Instant;

/// What the protocol loop must do after a line.
#[derive(Debug)]
pub enum Action {
    Reply(Reply),
    /// Run a search and hand its result to [`Session::finish_search`].
    Search(Box<SearchRequest>),
    /// Exit now (END, or END inside a BOARD block).
    Quit,
}

/// A search to run off the protocol thread, on its own copy of the board.
#[derive(Debug)]
pub struct SearchRequest {
    pub board: Board,
    pub side: Colour,
    pub limits: Limits,
    /// Forget the tables of earlier searches (new game, new rule, or
    /// YXHASHCLEAR).
    pub clear_tables: bool,
    /// Transposition-table size for this search.
    pub table_bytes: usize,
    /// `INFO show_detail` (Yixin Board realtime and INFO lines).
    pub show_detail: u32,
    pub task: Task,
    /// Think on the opponent's time: no reply, stopped by the next line,
    /// result dropped (only the tables it fills are kept).
    pub ponder: bool,
}

/// Which block of data lines is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    /// BOARD: set the position, then move.
    Board,
    /// YXBOARD: set the position only.
    YxBoard,
    /// SWAP2BOARD: the opening stones in order, then a swap2 decision.
    Swap2,
    /// YXBLOCK (or, with `undo`, YXBLOCKUNDO): squares the engine must not
    /// play, added (removed).
    Exclude { undo: bool },
}

/// A BOARD / YXBOARD block being read.
struct Block {
    kind: BlockKind,
    /// False when the block came before any START: it is consumed whole and
    /// answered with one error.
    has_game: bool,
    entries: Vec<(Coord, u8)>,
    passes: usize,
    /// A line was refused: a SWAP2BOARD block is then void (its error was
    /// the answer), as answering for a list the manager never sent would be
    /// wrong.
    refused: bool,
}

pub struct Session {
    settings: Settings,
    game: Option<Game>,
    block: Option<Block>,
    /// Problems found in INFO values, reported before the next move.
    warnings: Vec<String>,
    /// The search tables must be cleared before the next search.
    clear_tables: bool,
    /// The rule the search tables were filled under.
    table_rule: Option<Rule>,
    /// What the running search was asked for.
    task: Option<Task>,
    /// The running swap2 search answers Yixin Board's YXSWAP2STEP<n>.
    yixin_swap2_step: Option<u8>,
    /// Squares blocked by YXBLOCK: never played, kept across games (Yixin
    /// Board sends START before every search) until YXBLOCKRESET.
    blocked: Vec<Coord>,
    /// When the running search was asked for (its time counts against the
    /// match clock until the manager sends `time_left` again).
    search_started: Option<Instant>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            settings: Settings::default(),
            game: None,
            block: None,
            warnings: Vec::new(),
            clear_tables: true,
            table_rule: None,
            search_started: None,
            blocked: Vec::new(),
            task: None,
            yixin_swap2_step: None,
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &[u8]) -> Vec<Action> {
        if self.block.is_some() {
            return self.handle_block_line(line);
        }
        match parse_command(line) {
            Ok(command) => self.handle_command(command),
            Err(message) => {
                // A malformed START refuses the game like a bad size does
                // (PROTOCOL.md §5.1): no board remains.
                let first_word = line
                    .split(|b| b.is_ascii_whitespace())
                    .find(|w| !w.is_empty());
                if first_word.is_some_and(|w| {
                    w.eq_ignore_ascii_case(b"START") || w.eq_ignore_ascii_case(b"RECTSTART")
                }) {
                    self.game = None;
                }
                vec![Action::Reply(Reply::Error(message))]
            }
        }
    }

    /// Answer for a line longer than the protocol allows (its tail was
    /// discarded by the reader).
    pub fn handle_overlong_line(&mut self, prefix: &[u8]) -> Vec<Action> {
        self.refuse_unread_line(format!("line too long: '{}'", excerpt(prefix)))
    }

    /// Answer for a line that arrived during a search when the queue of
    /// lines waiting for the move was full: it was dropped unread.
    pub fn handle_dropped_line(&mut self) -> Vec<Action> {
        self.refuse_unread_line(format!(
            "line dropped: more than {} KiB of input arrived during the search",
            crate::protocol::QUEUE_BYTES / 1024
        ))
    }

    /// One `ERROR` for a line the engine could not read, counted as a
    /// refused line of the block it may belong to.
    fn refuse_unread_line(&mut self, error: String) -> Vec<Action> {
        let reply = vec![Action::Reply(Reply::Error(error))];
        match &self.block {
            Some(block) if block.has_game => self.note_refusal(reply),
            Some(_) => Vec::new(),
            None => reply,
        }
    }

    fn handle_command(&mut self, command: Command) -> Vec<Action> {
        if command.is_yixin() {
            self.note_yixin_command();
        }
        let reply = |r: Reply| vec![Action::Reply(r)];
        let no_game = || reply(Reply::Error("no game started (send START first)".into()));
        match command {
            Command::Start { size } => reply(self.start(size, size)),
            Command::RectStart { width, height } => reply(self.start(width, height)),
            Command::Restart => match &self.game {
                Some(game) => {
                    let (w, h) = (game.board.width() as u64, game.board.height() as u64);
                    reply(self.start(w, h))
                }
                None => no_game(),
            },
            Command::Begin => match &self.game {
                None => no_game(),
                Some(game) if game.board.history().is_empty() => self.search_for_move(),
                Some(_) => reply(Reply::Error("BEGIN on a board that is not empty".into())),
            },
            Command::Turn(coord) => self.turn(coord),
            Command::Board | Command::YxBoard | Command::Swap2Board | Command::YxBlock { .. } => {
                self.block = Some(Block {
                    kind: match command {
                        Command::Board => BlockKind::Board,
                        Command::YxBoard => BlockKind::YxBoard,
                        Command::YxBlock { undo } => BlockKind::Exclude { undo },
                        _ => BlockKind::Swap2,
                    },
                    has_game: self.game.is_some(),
                    entries: Vec::new(),
                    passes: 0,
                    refused: false,
                });
                Vec::new()
            }
            Command::Info { key, value } => {
                if let Some(warning) = self.settings.apply_info(&key, &value) {
                    self.warnings.push(warning);
                }
                if let Some(game) = &mut self.game {
                    game.board.set_rule(self.settings.rule);
                }
                Vec::new()
            }
            Command::End => vec![Action::Quit],
            Command::About => reply(Reply::About),
            Command::Takeback(coord) => match &mut self.game {
                None => no_game(),
                Some(game) => reply(game.takeback(coord)),
            },
            Command::Play(coord) => match &mut self.game {
                None => no_game(),
                Some(game) => reply(game.play_own(coord)),
            },
            Command::Stop => Vec::new(),
            Command::YxShowInfo => vec![
                Action::Reply(Reply::Message(format!(
                    "Ferro {}",
                    env!("CARGO_PKG_VERSION")
                ))),
                Action::Reply(Reply::Message(format!(
                    "INFO MAX_THREAD_NUM {}",
                    settings::MAX_THREADS
                ))),
                Action::Reply(Reply::Message(format!(
                    "INFO MAX_HASH_SIZE {}",
                    settings::MAX_HASH_SIZE_LOG2_KIB
                ))),
            ],
            Command::YxBlockReset => {
                self.blocked.clear();
                Vec::new()
            }
            Command::YxHashClear => {
                self.clear_tables = true;
                Vec::new()
            }
            Command::YxShowForbid => match &mut self.game {
                None => no_game(),
                Some(game) => reply(Reply::Forbid(game.forbidden_points())),
            },
            Command::YxNBest(count) => {
                let count = count.min(u32::MAX as u64) as u32;
                self.analyse(Task::NBest(count))
            }
            Command::YxBalanceOne(target) => self.analyse(Task::BalanceOne(balance_target(target))),
            Command::YxBalanceTwo(target) => self.analyse(Task::BalanceTwo(balance_target(target))),
            Command::YxSwap2Step(step) => self.yixin_swap2(step),
            Command::Unknown(word) if word.is_empty() => Vec::new(),
            Command::Unknown(word) => reply(Reply::Unknown(format!("command '{word}'"))),
            Command::Done => reply(Reply::Error("DONE without BOARD".into())),
        }
    }

    /// The YXBLOCK squares that lie on the current board.
    fn blocked_squares(&self) -> Vec<Square> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        self.blocked
            .iter()
            .filter_map(|&coord| game.board_square(coord))
            .collect()
    }

    /// A Yixin Board command arrived (also YXSTOP during a search, which
    /// the protocol loop handles itself): `INFO rule 2` now means renju.
    pub fn note_yixin_command(&mut self) {
        self.settings.enter_yixin_mode();
        if let Some(game) = &mut self.game {
            game.board.set_rule(self.settings.rule);
        }
    }

    fn start(&mut self, width: u64, height: u64) -> Reply {
        let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        match Board::new(size(width), size(height), self.settings.rule) {
            Ok(board) => {
                self.game = Some(Game::new(board));
                // A new game starts a new match clock.
                self.settings.clock.spent = 0;
                // Yixin Board sends START before every search of one game.
                if !self.settings.yixin_mode() {
                    self.clear_tables = true;
                }
                Reply::Ok
            }
            Err(error) => {
                // As after any failed START, no board remains (PROTOCOL.md
                // §5.1): the manager must not play on the old game unaware.
                self.game = None;
                Reply::Error(error.to_string())
            }
        }
    }

    fn turn(&mut self, coord: Coord) -> Vec<Action> {
        let Some(game) = &mut self.game else {
            return vec![Action::Reply(Reply::Error(
                "no game started (send START first)".into(),
            ))];
        };
        match game.checked_square(coord) {
            Ok(sq) => {
                let colour = game.to_move;
                if game.is_forbidden_move(sq, colour) {
                    self.warnings.push(forbidden_warning(sq));
                }
                game.place(sq, colour);
                self.search_for_move()
            }
            Err(message) => vec![Action::Reply(Reply::Error(message))],
        }
    }

    /// A Yixin Board analysis of the current position (needs a game).
    fn analyse(&mut self, task: Task) -> Vec<Action> {
        if self.game.is_none() {
            return vec![Action::Reply(Reply::Error(
                "no game started (send START first)".into(),
            ))];
        }
        self.search(task)
    }

    /// YXSWAP2STEP1 (propose three stones on a new board), 2 (three stones
    /// set by YXBOARD: swap, stay, or add two) and 3 (five stones: swap or
    /// stay), answered as the `MESSAGE SWAP2 …` lines Yixin Board reads.
    fn yixin_swap2(&mut self, step: u8) -> Vec<Action> {
        let Some(game) = &mut self.game else {
            return vec![Action::Reply(Reply::Error(
                "no game started (send START first)".into(),
            ))];
        };
        if step == 1 {
            let board = Board::new(game.board.width(), game.board.height(), self.settings.rule)
                .expect("size of an existing board");
            *game = Game::new(board);
        }
        let stones = game.board.history().len();
        let needed = [0, 3, 5][usize::from(step - 1)];
        if stones != needed {
            return vec![Action::Reply(Reply::Error(format!(
                "YXSWAP2STEP{step} needs {needed} stones on the board (YXBOARD), not {stones}"
            )))];
        }
        self.yixin_swap2_step = Some(step);
        self.search(Task::Swap2)
    }

    fn handle_block_line(&mut self, line: &[u8]) -> Vec<Action> {
        let has_game = self.block.as_ref().is_some_and(|b| b.has_game);
        let kind = self.block.as_ref().map(|b| b.kind);
        let parsed = if matches!(kind, Some(BlockKind::Swap2 | BlockKind::Exclude { .. })) {
            parse_point_line(line)
        } else {
            parse_block_line(line)
        };
        match parsed {
            Ok(BlockLine::End) => vec![Action::Quit],
            Ok(BlockLine::Done) => {
                let block = self.block.take().expect("inside a block");
                if !has_game {
                    return vec![Action::Reply(Reply::Error(
                        "no game started (send START first)".into(),
                    ))];
                }
                self.finish_block(block)
            }
            Ok(BlockLine::Entry(_)) | Err(_) if !has_game => Vec::new(),
            Ok(BlockLine::Entry(entry)) => {
                let actions = self.add_block_entry(entry);
                self.note_refusal(actions)
            }
            Err(message) => self.note_refusal(vec![Action::Reply(Reply::Error(message))]),
        }
    }

    /// Marks the block when a line was refused. A SWAP2BOARD block answers
    /// one error in all: its first refused line.
    fn note_refusal(&mut self, actions: Vec<Action>) -> Vec<Action> {
        let block = self.block.as_mut().expect("inside a block");
        if actions.is_empty() {
            return actions;
        }
        let already = std::mem::replace(&mut block.refused, true);
        if already && block.kind == BlockKind::Swap2 {
            return Vec::new();
        }
        actions
    }

    /// Checks one BOARD entry as it arrives, so each bad line gets its own
    /// error at once.
    fn add_block_entry(&mut self, entry: BoardEntry) -> Vec<Action> {
        let game = self.game.as_ref().expect("block with a game");
        let block = self.block.as_mut().expect("inside a block");
        match entry {
            BoardEntry::Pass => {
                block.passes += 1;
                Vec::new()
            }
            BoardEntry::Stone { at, field } => {
                let error = |text: String| vec![Action::Reply(Reply::Error(text))];
                let Some(sq) = game.board_square(at) else {
                    return error(format!("{},{} is off the board", at.x, at.y));
                };
                if block.entries.iter().any(|&(c, _)| c == at) {
                    return error(format!("{} is listed twice", sq));
                }
                block.entries.push((at, field));
                Vec::new()
            }
        }
    }

    /// Sets up the position of a finished block (colours from move parity,
    /// RULES.md §5.6) and, for BOARD, asks for a move.
    fn finish_block(&mut self, block: Block) -> Vec<Action> {
        match block.kind {
            BlockKind::Swap2 => return self.finish_swap2_block(block),
            BlockKind::Exclude { undo } => {
                let listed = block.entries.iter().map(|&(coord, _)| coord);
                if undo {
                    let removed: Vec<Coord> = listed.collect();
                    self.blocked.retain(|c| !removed.contains(c));
                } else {
                    for coord in listed {
                        if !self.blocked.contains(&coord) {
                            self.blocked.push(coord);
                        }
                    }
                }
                return Vec::new();
            }
            BlockKind::Board | BlockKind::YxBoard => {}
        }
        let game = self.game.as_mut().expect("block with a game");
        let stones = block.entries.iter().filter(|&&(_, f)| f != 3).count();
        // The side to move made the first move iff an even number of moves
        // (stones and passes) has been played.
        let own = if (stones + block.passes).is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        };
        let board = Board::new(game.board.width(), game.board.height(), self.settings.rule)
            .expect("size of an existing board");
        *game = Game::new(board);
        for &(coord, field) in &block.entries {
            let sq = game.board_square(coord).expect("checked when read");
            let state = match field {
                1 => own.stone(),
                2 => own.opponent().stone(),
                _ => CellState::Wall,
            };
            // Stones arrive in game order, so each black stone can be
            // judged on the position it was played in.
            if state == own.opponent().stone() && game.is_forbidden_move(sq, own.opponent()) {
                self.warnings.push(forbidden_warning(sq));
            }
            game.board.place(sq, state);
        }
        game.to_move = own;
        match block.kind {
            BlockKind::Board => self.search_for_move(),
            _ => Vec::new(),
        }
    }

    /// SWAP2BOARD: 0, 3 or 5 stones, alternately black and white from the
    /// first; then the engine decides for the side to move.
    fn finish_swap2_block(&mut self, block: Block) -> Vec<Action> {
        if block.refused {
            return Vec::new();
        }
        if block.passes > 0 || ![0, 3, 5].contains(&block.entries.len()) {
            return vec![Action::Reply(Reply::Error(format!(
                "SWAP2BOARD needs 0, 3 or 5 stones, not {}",
                block.entries.len() + block.passes
            )))];
        }
        let game = self.game.as_mut().expect("block with a game");
        let board = Board::new(game.board.width(), game.board.height(), self.settings.rule)
            .expect("size of an existing board");
        *game = Game::new(board);
        for &(coord, _) in &block.entries {
            let sq = game.board_square(coord).expect("checked when read");
            game.place(sq, game.to_move);
        }
        self.search(Task::Swap2)
    }

    fn search_for_move(&mut self) -> Vec<Action> {
        self.search(Task::Move)
    }

    /// Deferred warnings, then a search for the side to move (or an error
    /// when no square is left).
    fn search(&mut self, task: Task) -> Vec<Action> {
        let mut actions: Vec<Action> = self
            .warnings
            .drain(..)
            .map(|w| Action::Reply(Reply::Message(w)))
            .collect();
        let blocked = self.blocked_squares();
        let game = self.game.as_mut().expect("a game");
        if game.board.empty_count() == 0 {
            actions.push(Action::Reply(Reply::Error(
                "board full, no move left".into(),
            )));
            return actions;
        }
        game.engine = Some(game.to_move);
        let rule = game.board.rule();
        let clear_tables = std::mem::take(&mut self.clear_tables) || self.table_rule != Some(rule);
        self.table_rule = Some(rule);
        self.search_started = Some(Instant::now());
        self.task = Some(task);
        let limits = Limits {
            exclude: blocked,
            ..self.settings.limits()
        };
        actions.push(Action::Search(Box::new(SearchRequest {
            board: game.board.clone(),
            side: game.to_move,
            limits,
            clear_tables,
            table_bytes: self.settings.table_bytes(),
            show_detail: self.settings.show_detail,
            task,
            ponder: false,
        })));
        actions
    }

    /// After a move, when `INFO pondering 1`: a search for the opponent
    /// with no clock, to fill the tables while the manager waits.
    fn ponder_request(&self) -> Option<Action> {
        let game = self.game.as_ref()?;
        if !self.settings.pondering || game.board.empty_count() == 0 {
            return None;
        }
        let limits = Limits {
            budget: crate::search::time::Budget::unlimited(),
            max_nodes: 0,
            max_depth: 0,
            ..self.settings.limits()
        };
        Some(Action::Search(Box::new(SearchRequest {
            board: game.board.clone(),
            side: game.to_move,
            limits,
            clear_tables: false,
            table_bytes: self.settings.table_bytes(),
            show_detail: 0,
            task: Task::Move,
            ponder: true,
        })))
    }

    /// Plays what the search found on the game board and formats the
    /// reply; then, if asked for, starts pondering.
    /// `None` means the search failed (a bug): a move found without
    /// searching is played instead, so that the game is not lost by it.
    pub fn finish_search(&mut self, outcome: Option<Outcome>) -> Vec<Action> {
        if let Some(started) = self.search_started.take() {
            let spent = started.elapsed().as_millis().min(i64::MAX as u128) as i64;
            self.settings.clock.spent = self.settings.clock.spent.saturating_add(spent);
        }
        let task = self.task.take().unwrap_or(Task::Move);
        let yixin_step = self.yixin_swap2_step.take();
        let exclude = self.blocked_squares();
        let Some(game) = &mut self.game else {
            return vec![Action::Reply(Reply::Error(
                "the game ended during the search".into(),
            ))];
        };
        let mut actions = Vec::new();
        let outcome = match outcome {
            Some(outcome) => outcome,
            None => {
                let failure = "internal error in the search";
                let single_move = matches!(task, Task::Move | Task::NBest(_) | Task::BalanceOne(_));
                let limits = Limits {
                    exclude,
                    ..self.settings.limits()
                };
                let side = game.to_move;
                let Some(sq) = single_move
                    .then(|| crate::search::emergency_move(&mut game.board, side, &limits))
                    .flatten()
                else {
                    return vec![Action::Reply(Reply::Error(failure.into()))];
                };
                actions.push(Action::Reply(Reply::Message(format!(
                    "{failure}; playing {sq}, found without searching"
                ))));
                Outcome::Moves(vec![sq])
            }
        };
        // No pondering once the game is won.
        let mut game_over = false;
        let reply = match outcome {
            Outcome::Moves(moves) => {
                game_over = moves.first().is_some_and(|&sq| {
                    game.board.is_empty(sq) && game.board.is_winning_move(sq, game.to_move)
                });
                if let (Task::NBest(_), false) = (task, moves.is_empty()) {
                    let text = format!("nbest {}", square_list(&moves));
                    actions.push(Action::Reply(Reply::Message(text)));
                }
                // YXBALANCETWO plays both stones; the others only the best.
                let played = match task {
                    Task::BalanceTwo(_) => &moves[..],
                    _ => &moves[..moves.len().min(1)],
                };
                play_stones(game, played, "no legal move left")
            }
            Outcome::Swap2(answer) if yixin_step.is_some() => {
                let step = yixin_step.unwrap_or_default();
                return yixin_swap2_replies(game, step, answer)
                    .into_iter()
                    .map(Action::Reply)
                    .collect();
            }
            Outcome::Swap2(Swap2Answer::Swap) => Reply::Swap,
            Outcome::Swap2(Swap2Answer::Propose(three)) => {
                play_stones(game, &three, "no legal swap2 answer")
            }
            Outcome::Swap2(Swap2Answer::Play(one)) => {
                play_stones(game, &[one], "no legal swap2 answer")
            }
            Outcome::Swap2(Swap2Answer::PlaceTwo(two)) => {
                play_stones(game, &two, "no legal swap2 answer")
            }
        };
        actions.push(Action::Reply(reply));
        if task == Task::Move && !game_over {
            actions.extend(self.ponder_request());
        }
        actions
    }
}

/// A swap2 answer as Yixin Board's `MESSAGE SWAP2 …` lines: the stones
/// placed (`MOVEn x y`, played on the board) or the swap decision
/// (`SWAP1` after three stones, `SWAP2` after five: YES = take black).
fn yixin_swap2_replies(game: &mut Game, step: u8, answer: Swap2Answer) -> Vec<Reply> {
    let decision = |swap: bool| {
        let yes_no = if swap { "YES" } else { "NO" };
        vec![Reply::Message(format!("SWAP2 SWAP{} {yes_no}", step - 1))]
    };
    let stones: Vec<Square> = match answer {
        Swap2Answer::Swap => return decision(true),
        // Staying: the GUI asks for the move itself next.
        Swap2Answer::Play(_) => return decision(false),
        Swap2Answer::Propose(three) => three.to_vec(),
        Swap2Answer::PlaceTwo(two) => two.to_vec(),
    };
    let first_number = game.board.history().len() + 1;
    let mut replies = Vec::new();
    for (i, &sq) in stones.iter().enumerate() {
        if !game.board.is_empty(sq) {
            return vec![Reply::Error("no legal swap2 answer".into())];
        }
        game.place(sq, game.to_move);
        let number = first_number + i;
        replies.push(Reply::Message(format!(
            "SWAP2 MOVE{number} {} {}",
            sq.x(),
            sq.y()
        )));
    }
    replies
}

/// Plays `stones` in turn on the game board and formats them as one
/// reply line, or answers `error` if there are none or one is taken.
fn play_stones(game: &mut Game, stones: &[Square], error: &str) -> Reply {
    let mut seen = Vec::new();
    let playable = !stones.is_empty()
        && stones.iter().all(|&sq| {
            let fresh = game.board.is_empty(sq) && !seen.contains(&sq);
            seen.push(sq);
            fresh
        });
    if !playable {
        return Reply::Error(error.into());
    }
    for &sq in stones {
        game.place(sq, game.to_move);
    }
    match stones {
        [one] => Reply::Move {
            x: one.x(),
            y: one.y(),
        },
        many => Reply::Moves(many.iter().map(|sq| (sq.x(), sq.y())).collect()),
    }
}

/// A balance target within the evaluation's range (far from mate scores).
fn balance_target(target: i64) -> i32 {
    target.clamp(-10_000, 10_000) as i32
}

/// The report for an opponent's black stone on a forbidden point (renju):
/// a MESSAGE before the next move, never an ERROR that a manager would
/// take for the reply.
fn forbidden_warning(sq: crate::board::Square) -> String {
    format!("renju: black's move {sq} is on a forbidden point (black loses by the rules)")
}

#[cfg(test)]
mod tests;
