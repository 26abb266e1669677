//! Session state between protocol and search: the settings from INFO, the
//! game in progress, and what each command does to them. It answers with
//! replies and, for commands that need a move, a search request; it never
//! prints.

mod game;
mod settings;

pub use game::Game;
pub use settings::Settings;

use crate::board::{Board, Colour};
use crate::pattern::CellState;
use crate::protocol::{
    excerpt, parse_block_line, parse_command, BlockLine, BoardEntry, Command, Coord, Reply,
};
use crate::rules::Rule;
use crate::search::{Limits, SearchResult};
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
}

/// Which block of data lines is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    /// BOARD: set the position, then move.
    Board,
    /// YXBOARD: set the position only.
    YxBoard,
}

/// A BOARD / YXBOARD block being read.
struct Block {
    kind: BlockKind,
    /// False when the block came before any START: it is consumed whole and
    /// answered with one error.
    has_game: bool,
    entries: Vec<(Coord, u8)>,
    passes: usize,
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
            Err(message) => vec![Action::Reply(Reply::Error(message))],
        }
    }

    /// Answer for a line longer than the protocol allows (its tail was
    /// discarded by the reader).
    pub fn handle_overlong_line(&mut self, prefix: &[u8]) -> Vec<Action> {
        let reply = Reply::Error(format!("line too long: '{}'", excerpt(prefix)));
        if let Some(block) = &self.block {
            if block.has_game {
                return vec![Action::Reply(reply)];
            }
            return Vec::new();
        }
        vec![Action::Reply(reply)]
    }

    fn handle_command(&mut self, command: Command) -> Vec<Action> {
        if command.is_yixin() {
            self.settings.yixin_mode = true;
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
            Command::Board | Command::YxBoard => {
                self.block = Some(Block {
                    kind: if command == Command::Board {
                        BlockKind::Board
                    } else {
                        BlockKind::YxBoard
                    },
                    has_game: self.game.is_some(),
                    entries: Vec::new(),
                    passes: 0,
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
                Action::Reply(Reply::Message("INFO MAX_THREAD_NUM 1".into())),
                Action::Reply(Reply::Message(format!(
                    "INFO MAX_HASH_SIZE {}",
                    settings::MAX_HASH_SIZE_LOG2_KIB
                ))),
            ],
            Command::YxHashClear => {
                self.clear_tables = true;
                Vec::new()
            }
            Command::YxShowForbid => match &mut self.game {
                None => no_game(),
                Some(game) => reply(Reply::Forbid(game.forbidden_points())),
            },
            Command::Unknown(word) if word.is_empty() => Vec::new(),
            Command::Unknown(word) => reply(Reply::Unknown(format!("command '{word}'"))),
            Command::Done => reply(Reply::Error("DONE without BOARD".into())),
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
                if !self.settings.yixin_mode {
                    self.clear_tables = true;
                }
                Reply::Ok
            }
            Err(error) => Reply::Error(error.to_string()),
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

    fn handle_block_line(&mut self, line: &[u8]) -> Vec<Action> {
        let has_game = self.block.as_ref().is_some_and(|b| b.has_game);
        match parse_block_line(line) {
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
            Ok(BlockLine::Entry(entry)) => self.add_block_entry(entry),
            Err(message) => vec![Action::Reply(Reply::Error(message))],
        }
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
            BlockKind::YxBoard => Vec::new(),
        }
    }

    /// Deferred warnings, then a search for the side to move (or an error
    /// when no square is left).
    fn search_for_move(&mut self) -> Vec<Action> {
        let mut actions: Vec<Action> = self
            .warnings
            .drain(..)
            .map(|w| Action::Reply(Reply::Message(w)))
            .collect();
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
        actions.push(Action::Search(Box::new(SearchRequest {
            board: game.board.clone(),
            side: game.to_move,
            limits: self.settings.limits(),
            clear_tables,
            table_bytes: self.settings.table_bytes(),
            show_detail: self.settings.show_detail,
        })));
        actions
    }

    /// Plays the search's move on the game board and formats the reply.
    pub fn finish_search(&mut self, result: SearchResult) -> Vec<Reply> {
        if let Some(started) = self.search_started.take() {
            let spent = started.elapsed().as_millis().min(i64::MAX as u128) as i64;
            self.settings.clock.spent = self.settings.clock.spent.saturating_add(spent);
        }
        let Some(game) = &mut self.game else {
            return vec![Reply::Error("the game ended during the search".into())];
        };
        match result.best {
            Some(sq) if game.board.is_empty(sq) => {
                let colour = game.to_move;
                game.place(sq, colour);
                vec![Reply::Move {
                    x: sq.x(),
                    y: sq.y(),
                }]
            }
            _ => vec![Reply::Error("no legal move left".into())],
        }
    }
}

/// The report for an opponent's black stone on a forbidden point (renju):
/// a MESSAGE before the next move, never an ERROR that a manager would
/// take for the reply.
fn forbidden_warning(sq: crate::board::Square) -> String {
    format!("renju: black's move {sq} is on a forbidden point (black loses by the rules)")
}

#[cfg(test)]
mod tests;
