//! Seeded protocol fuzzing against one engine process.
//!
//! A few thousand lines — valid commands, mutated commands (truncated,
//! duplicated, garbled), random bytes (NUL, 0xFF, CR, LF, …), huge numbers,
//! random board sizes, BOARD/YXBOARD blocks with bad data lines, over-long
//! lines — are piped into one `pbrain-ferro` with tiny time limits.
//!
//! The test keeps its own model of the engine's state and only sends a line
//! when a strict parser (the decisions in the test-suite brief) says exactly
//! what the engine must do with it: nothing, `OK`, one rejection line
//! (`ERROR …` or `UNKNOWN …`), a move, an echo, an ABOUT line or a FORBID
//! line. Lines whose meaning is open (e.g. exotic whitespace, future Yixin
//! commands) are never sent. So the replies can be checked one by one, and
//! every move is checked to be on the current board and on an empty point.
//! The process must stay alive until the final END and stderr must stay
//! empty.
//!
//! The model also knows the colours of the stones and the rule in force
//! (`INFO rule`, with 2 meaning renju once a Yixin command was sent), so in
//! renju every black stone the engine plays, and every YXSHOWFORBID reply,
//! is checked against the independent reference detector
//! (`ferro::rules::renju_reference`); and every move (TURN, BEGIN, BOARD,
//! YXNBEST, YXBALANCEONE/TWO, with one or two threads) must come within
//! the largest turn limit the fuzzer sends plus [`MOVE_SLACK`].
//!
//! `cargo test` runs [`CI_SEEDS`]; `scripts/fuzz --minutes N` runs the
//! ignored test `fuzz_for_a_while`, one engine process per segment of
//! [`LINES`] lines with seeds counting up from a random one, each printed
//! before it runs, so that a failing segment can be replayed with
//! `scripts/fuzz --seed S` (the engine's moves depend on its clock, so a
//! replay follows the same lines as long as the engine answers the same).

use crate::boards::{Board, Cell, Rng};
use crate::conformance::about_fields;
use crate::harness::{is_error, is_unknown, parse_move, Engine, REPLY};
use ferro::rules::renju_reference::{self as reference, RefBoard};

use std::time::{Duration, Instant};

/// Lines (or chunks) to send per segment (one engine process).
const LINES: usize = 6000;
/// The seeds `cargo test` runs.
const CI_SEEDS: [u64; 2] = [0x5eed_f322_0001, 0x5eed_f322_0002];
/// Replies other than moves: no timing requirement, only hangs fail.
const FUZZ_REPLY: Duration = Duration::from_secs(3);
/// The largest `timeout_turn` the fuzzer sends (see [`SENSITIVE_INFO`]).
const MAX_TURN_MS: u64 = 30;
/// What a move may take beyond [`MAX_TURN_MS`]: generous, so that a
/// loaded machine does not fail the run (`scripts/latency` measures the
/// tight figures); a search that overruns its limit by far still does.
const MOVE_SLACK: Duration = Duration::from_millis(1000);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Silent,
    Ok,
    /// `ERROR …` or `UNKNOWN …`.
    Reject,
    Move,
    /// Nearly full board: a move or a rejection; the model resyncs after.
    MoveOrReject,
    Echo(u32, u32),
    About,
    Forbid,
    /// YXBALANCETWO: two stones, the mover's and the opponent's (or a
    /// rejection when `or_reject`: a nearly full board).
    Pair {
        or_reject: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    Board,
    YxBoard,
}

#[derive(Clone, Debug)]
struct Block {
    kind: BlockKind,
    /// BOARD before START: one ERROR for the whole unit.
    unstarted: bool,
    board: Board,
    /// `-1,-1,F` lines: they count for the colours' parity.
    passes: usize,
}

/// The colours of the stones as the engine sees them, and whose turn it is.
#[derive(Clone, Debug)]
struct Colours {
    stones: RefBoard,
    black_to_move: bool,
    /// The engine's colour once it has searched in this game: PLAY places
    /// a stone of that colour (before any search, of the side to move).
    engine_black: Option<bool>,
}

impl Colours {
    fn new(w: u32, h: u32) -> Colours {
        Colours {
            stones: RefBoard::new(w as usize, h as usize),
            black_to_move: true,
            engine_black: None,
        }
    }

    /// A stone of the side to move; the other side moves next.
    fn place(&mut self, at: (u32, u32)) {
        self.place_colour(at, self.black_to_move);
    }

    /// A stone of the given colour; the other colour moves next.
    fn place_colour(&mut self, (x, y): (u32, u32), black: bool) {
        let colour = if black {
            reference::BLACK
        } else {
            reference::WHITE
        };
        self.stones.set(x as usize, y as usize, colour);
        self.black_to_move = !black;
    }

    /// PLAY: a stone of the engine's colour.
    fn place_engines(&mut self, at: (u32, u32)) {
        self.place_colour(at, self.engine_black.unwrap_or(self.black_to_move));
    }

    /// TAKEBACK: the stone's colour moves again.
    fn remove(&mut self, (x, y): (u32, u32)) {
        self.black_to_move = self.stones.get(x as usize, y as usize) == reference::BLACK;
        self.stones.set(x as usize, y as usize, reference::EMPTY);
    }

    /// The position a BOARD block sets: the side to move is black iff the
    /// stones (not walls) and passes are even in number.
    fn from_block(board: &Board, passes: usize) -> Colours {
        let stones = board.stones() - walls(board);
        let own_black = (stones + passes).is_multiple_of(2);
        let (own, opp) = if own_black {
            (reference::BLACK, reference::WHITE)
        } else {
            (reference::WHITE, reference::BLACK)
        };
        let mut colours = Colours::new(board.w, board.h);
        for y in 0..board.h {
            for x in 0..board.w {
                let cell = match board.get(x, y) {
                    Cell::Own => own,
                    Cell::Opp => opp,
                    Cell::Wall => reference::WALL,
                    _ => continue,
                };
                colours.stones.set(x as usize, y as usize, cell);
            }
        }
        colours.black_to_move = own_black;
        colours
    }
}

fn walls(board: &Board) -> usize {
    (0..board.h)
        .flat_map(|y| (0..board.w).map(move |x| (x, y)))
        .filter(|&(x, y)| board.get(x, y) == Cell::Wall)
        .count()
}

#[derive(Clone, Debug)]
struct Model {
    /// Board of the current game; `None` before the first START.
    board: Option<Board>,
    /// The last move on the board, when the test knows it for certain.
    last: Option<(u32, u32)>,
    last_known: bool,
    block: Option<Block>,
    /// The model is unsure of the engine's state: send a valid START next.
    resync: bool,
    /// Colours and side to move; `None` when not known for certain.
    colours: Option<Colours>,
    /// The `INFO rule` value in force (`None`: not known for certain).
    rule: Option<i64>,
    /// A Yixin Board command was sent: `INFO rule 2` means renju.
    yixin_seen: bool,
}

const COMMANDS: [&str; 22] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "YXBOARD",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "YXSTOP",
    "STOP",
    "YXSHOWINFO",
    "YXHASHCLEAR",
    "YXSHOWFORBID",
    "DONE",
    "SWAP2BOARD",
    "YXNBEST",
    "YXBALANCEONE",
    "YXBALANCETWO",
];

/// INFO keys the engine acts on, with the values the fuzzer may send
/// (anything else under these keys could make moves slow or tables big).
const SENSITIVE_INFO: [(&str, &[&str]); 12] = [
    ("timeout_turn", &["0", "1", "5", "10", "20", "30"]),
    ("timeout_match", &["0"]),
    (
        "time_left",
        &["-1000", "0", "30", "2147483647", "-99999999999999999999"],
    ),
    (
        "max_memory",
        &["0", "1000", "16777216", "67108864", "-5", "abc"],
    ),
    ("thread_num", &["1", "2"]),
    ("hash_size", &["0", "1024"]),
    ("max_node", &["1000", "-1"]),
    ("max_depth", &["1", "10", "225"]),
    ("show_detail", &["0"]),
    ("pondering", &["0"]),
    ("time_increment", &["0"]),
    ("start_depth", &["1", "2"]),
];

/// Harmless INFO lines (key, value) for the generator.
const INFO_LINES: [&str; 24] = [
    "INFO timeout_turn 20",
    "INFO timeout_turn 10",
    "INFO timeout_turn 0",
    "INFO timeout_match 0",
    "INFO time_left 2147483647",
    "INFO time_left -1000",
    "INFO time_left 30",
    "INFO max_memory 67108864",
    "INFO max_memory 1000",
    "INFO game_type 1",
    "INFO rule 0",
    "INFO thread_num 2",
    "INFO thread_num 1",
    "INFO rule 1",
    "INFO rule 4",
    "INFO rule 9",
    "INFO rule 2",
    "INFO rule 7",
    "INFO rule -1",
    "INFO evaluate 3,4",
    "INFO folder C:\\tmp dir\\x",
    "INFO foo 3",
    "INFO",
    "info Rule 8",
];

impl Model {
    fn new() -> Model {
        Model {
            board: None,
            last: None,
            last_known: true,
            block: None,
            resync: false,
            colours: None,
            rule: Some(0),
            yixin_seen: false,
        }
    }

    /// Is the game played under renju, for certain?
    fn renju(&self) -> bool {
        match self.rule {
            Some(4..=6) => true,
            Some(2) => self.yixin_seen,
            _ => false,
        }
    }

    /// An `INFO rule` value: a value Ferro plays replaces the rule, any
    /// other number keeps it; anything stranger leaves it unknown.
    fn set_rule(&mut self, value: &str) {
        let digits = value.strip_prefix('-').unwrap_or(value);
        let number =
            (!digits.is_empty() && digits.len() < 10 && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| value.parse::<i64>().ok())
                .flatten();
        match number {
            Some(n @ (0..=6 | 8..=11)) => self.rule = Some(n),
            Some(_) => {}
            None => self.rule = None,
        }
    }

    /// YXNBEST / YXBALANCEONE / YXBALANCETWO with the argument `args`:
    /// `Some(true)` for a valid one, `Some(false)` for one the engine
    /// refuses when parsing, `None` when the answer is not pinned down.
    fn analysis_argument(word: &str, args: &[&str]) -> Option<bool> {
        let [arg] = args else {
            return Some(false);
        };
        let digits = arg.strip_prefix('-').unwrap_or(arg);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return if arg.starts_with('+') {
                None
            } else {
                Some(false)
            };
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return None;
        }
        let value: i64 = digits.parse().ok()?;
        if word == "YXNBEST" {
            return match (arg.starts_with('-'), value) {
                (true, _) => Some(false),
                (false, 0) => Some(false),
                (false, 1..=1000) => Some(true),
                _ => None,
            };
        }
        (value <= 100_000).then_some(true)
    }

    /// What the engine must do with `line` (no line terminator inside);
    /// updates the model. `None`: the fuzzer must not send this line.
    fn apply(&mut self, line: &[u8]) -> Option<Expect> {
        if line.len() > 65_536 + 1024 {
            // Over-long line: one ERROR, nothing else happens. (Inside an
            // unstarted BOARD block the count is not pinned down.)
            return match &self.block {
                Some(b) if b.unstarted => None,
                _ => Some(Expect::Reject),
            };
        }
        if line.len() > 60_000 || line.starts_with(b"\xef\xbb\xbf") {
            return None;
        }
        let Ok(text) = std::str::from_utf8(line) else {
            return match &self.block {
                Some(b) if b.unstarted => None,
                _ => Some(Expect::Reject),
            };
        };
        // Only space and tab count as whitespace here; other whitespace
        // characters are left to the engine's taste.
        if text
            .chars()
            .any(|c| c.is_whitespace() && c != ' ' && c != '\t')
        {
            return None;
        }
        let words: Vec<&str> = text.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
        if self.block.is_some() {
            return self.apply_block_line(&words);
        }
        let Some(&first) = words.first() else {
            return Some(Expect::Silent);
        };
        let word = first.to_ascii_uppercase();
        if !first.is_ascii() && COMMANDS.contains(&first.to_uppercase().as_str()) {
            return None;
        }
        let args = &words[1..];
        match word.as_str() {
            "START" => {
                let size = match args {
                    [n] => parse_digits(n).filter(|n| (5..=32).contains(n)),
                    _ => None,
                };
                Some(self.start(size.map(|n| (n, n))))
            }
            "RECTSTART" => {
                let dims = match args {
                    [wh] => parse_pair(wh)
                        .filter(|&(w, h)| (5..=32).contains(&w) && (5..=32).contains(&h)),
                    _ => None,
                };
                Some(self.start(dims))
            }
            "RESTART" => {
                if !args.is_empty() {
                    return None;
                }
                match self.board.as_mut() {
                    Some(board) => {
                        board.clear();
                        self.colours = Some(Colours::new(board.w, board.h));
                        self.last = None;
                        self.last_known = true;
                        Some(Expect::Ok)
                    }
                    None => Some(Expect::Reject),
                }
            }
            "BEGIN" => {
                if !args.is_empty() {
                    return None;
                }
                match &self.board {
                    Some(board) if board.stones() == 0 => Some(Expect::Move),
                    _ => Some(Expect::Reject),
                }
            }
            "TURN" => {
                let Some(board) = self.board.as_mut() else {
                    return Some(Expect::Reject);
                };
                let Some((x, y)) = single_coord(args, board) else {
                    return Some(Expect::Reject);
                };
                if !board.is_empty_at(x, y) {
                    return Some(Expect::Reject);
                }
                board.set(x, y, Cell::Opp);
                if let Some(colours) = &mut self.colours {
                    colours.place((x, y));
                }
                self.last = Some((x, y));
                self.last_known = true;
                Some(self.move_expectation())
            }
            "BOARD" | "YXBOARD" => {
                if !args.is_empty() {
                    return None;
                }
                let kind = if word == "BOARD" {
                    BlockKind::Board
                } else {
                    BlockKind::YxBoard
                };
                let (w, h) = self.board.as_ref().map_or((1, 1), |b| (b.w, b.h));
                self.block = Some(Block {
                    kind,
                    unstarted: self.board.is_none(),
                    board: Board::new(w, h),
                    passes: 0,
                });
                Some(Expect::Silent)
            }
            "TAKEBACK" => {
                let Some(board) = self.board.as_mut() else {
                    return Some(Expect::Reject);
                };
                let Some((x, y)) = single_coord(args, board) else {
                    return Some(Expect::Reject);
                };
                if board.is_empty_at(x, y) {
                    return Some(Expect::Reject);
                }
                if !self.last_known {
                    return None;
                }
                if self.last == Some((x, y)) {
                    board.set(x, y, Cell::Empty);
                    if let Some(colours) = &mut self.colours {
                        colours.remove((x, y));
                    }
                    // Whether the move before becomes "the last move" is a
                    // question of history keeping; do not rely on it.
                    self.last = None;
                    self.last_known = false;
                    Some(Expect::Ok)
                } else {
                    Some(Expect::Reject)
                }
            }
            "PLAY" => {
                let Some(board) = self.board.as_mut() else {
                    return Some(Expect::Reject);
                };
                let Some((x, y)) = single_coord(args, board) else {
                    return Some(Expect::Reject);
                };
                if !board.is_empty_at(x, y) {
                    return Some(Expect::Reject);
                }
                board.set(x, y, Cell::Own);
                if let Some(colours) = &mut self.colours {
                    colours.place_engines((x, y));
                }
                self.last = Some((x, y));
                self.last_known = true;
                Some(Expect::Echo(x, y))
            }
            "INFO" => {
                let Some(key) = args.first() else {
                    return Some(Expect::Silent);
                };
                let key = key.to_ascii_lowercase();
                if !key.is_ascii() {
                    return None;
                }
                let value = args[1..].join(" ");
                if key == "rule" {
                    self.set_rule(&value);
                }
                match SENSITIVE_INFO.iter().find(|(k, _)| *k == key) {
                    Some((_, safe)) if !safe.contains(&value.as_str()) => None,
                    _ => Some(Expect::Silent),
                }
            }
            "ABOUT" => args.is_empty().then_some(Expect::About),
            "YXSTOP" | "STOP" | "YXSHOWINFO" | "YXHASHCLEAR" => {
                let expect = args.is_empty().then_some(Expect::Silent);
                self.yixin_seen |= expect.is_some();
                expect
            }
            "YXSHOWFORBID" => {
                let expect = (args.is_empty() && self.board.is_some()).then_some(Expect::Forbid);
                self.yixin_seen |= expect.is_some();
                expect
            }
            "YXNBEST" | "YXBALANCEONE" | "YXBALANCETWO" => {
                if !Model::analysis_argument(&word, args)? {
                    return Some(Expect::Reject);
                }
                // Parsed: a Yixin command, with or without a game.
                self.yixin_seen = true;
                if self.board.is_none() {
                    return Some(Expect::Reject);
                }
                Some(match (word.as_str(), self.move_expectation()) {
                    ("YXBALANCETWO", Expect::Move) => Expect::Pair { or_reject: false },
                    ("YXBALANCETWO", Expect::MoveOrReject) => Expect::Pair { or_reject: true },
                    (_, expect) => expect,
                })
            }
            "END" | "DONE" | "SWAP2BOARD" | "BENCH" | "RELOADCONFIG" | "LOADMODEL"
            | "EXPORTMODEL" | "TRACEBOARD" | "TRACESEARCH" => None,
            w if w.starts_with("YX") => None,
            _ => Some(Expect::Reject),
        }
    }

    /// START / RECTSTART with valid dimensions (`Some`) or not (`None`).
    fn start(&mut self, dims: Option<(u32, u32)>) -> Expect {
        match dims {
            Some((w, h)) => {
                self.board = Some(Board::new(w, h));
                self.colours = Some(Colours::new(w, h));
                self.last = None;
                self.last_known = true;
                self.resync = false;
                Expect::Ok
            }
            None => {
                // Whether a failed START keeps the old board is not pinned
                // down: start a new game next.
                self.resync = true;
                self.colours = None;
                Expect::Reject
            }
        }
    }

    /// The engine must move on the current board.
    fn move_expectation(&mut self) -> Expect {
        let empties = self.board.as_ref().map_or(0, |b| b.empties().len());
        if empties == 0 {
            self.resync = true;
            Expect::Reject
        } else if empties <= 3 {
            // Renju may forbid the last points; do not guess.
            self.resync = true;
            Expect::MoveOrReject
        } else {
            Expect::Move
        }
    }

    fn apply_block_line(&mut self, words: &[&str]) -> Option<Expect> {
        let block = self.block.as_mut().expect("in a block");
        let unstarted = block.unstarted;
        let [word] = words else {
            if words.is_empty() {
                return None;
            }
            let upper = words[0].to_ascii_uppercase();
            if unstarted || COMMANDS.contains(&upper.as_str()) || upper.starts_with("YX") {
                return None;
            }
            return Some(Expect::Reject);
        };
        let upper = word.to_ascii_uppercase();
        if upper == "DONE" {
            let block = self.block.take().expect("in a block");
            if block.unstarted {
                return Some(Expect::Reject);
            }
            self.colours = Some(Colours::from_block(&block.board, block.passes));
            self.board = Some(block.board);
            self.last = None;
            self.last_known = false;
            return Some(match block.kind {
                BlockKind::YxBoard => Expect::Silent,
                BlockKind::Board => self.move_expectation(),
            });
        }
        if COMMANDS.contains(&upper.as_str()) || upper.starts_with("YX") || !word.is_ascii() {
            return None;
        }
        let fields: Vec<&str> = word.split(',').collect();
        if fields.len() == 3 && fields[0] == "-1" && fields[1] == "-1" {
            let pass = matches!(fields[2], "1" | "2");
            if pass {
                block.passes += 1;
            }
            return pass.then_some(Expect::Silent);
        }
        let valid = fields.len() == 3
            && fields
                .iter()
                .all(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
            && fields.iter().all(|f| f.len() == 1 || !f.starts_with('0'));
        if unstarted {
            // Only plain valid lines are sent into an unstarted block.
            return valid.then_some(Expect::Silent);
        }
        if !valid {
            return Some(Expect::Reject);
        }
        let (Ok(x), Ok(y), Ok(f)) = (
            fields[0].parse::<u32>(),
            fields[1].parse::<u32>(),
            fields[2].parse::<u32>(),
        ) else {
            return Some(Expect::Reject);
        };
        let cell = match f {
            1 => Cell::Own,
            2 => Cell::Opp,
            3 => Cell::Wall,
            _ => return Some(Expect::Reject),
        };
        if !block.board.is_empty_at(x, y) {
            return Some(Expect::Reject);
        }
        block.board.set(x, y, cell);
        Some(Expect::Silent)
    }
}

fn parse_digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Huge numbers are simply "not a size" (no wrapping).
    s.parse::<u64>().ok().and_then(|n| u32::try_from(n).ok())
}

/// Strict `^\d+,\d+$`.
fn parse_pair(s: &str) -> Option<(u32, u32)> {
    let (a, b) = s.split_once(',')?;
    Some((parse_digits(a)?, parse_digits(b)?))
}

/// The single `X,Y` argument of TURN/TAKEBACK/PLAY, if it is well-formed
/// and on the board.
fn single_coord(args: &[&str], board: &Board) -> Option<(u32, u32)> {
    match args {
        [c] => parse_pair(c).filter(|&(x, y)| x < board.w && y < board.h),
        _ => None,
    }
}

/// Random bytes, biased towards nasty ones.
fn garbage(rng: &mut Rng, len: usize) -> Vec<u8> {
    const NASTY: &[u8] = b"\x00\xff\xfe\x80\xc3\xa9\x1b\r\n\t ,-0123456789";
    (0..len)
        .map(|_| match rng.below(10) {
            0..=3 => b' ' + rng.below(95) as u8,
            4..=6 => *rng.pick(NASTY),
            _ => rng.below(256) as u8,
        })
        .collect()
}

/// One byte-level mutation of a line.
fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    match rng.below(9) {
        0 => bytes.truncate(rng.below(bytes.len() as u64 + 1) as usize),
        1 => {
            let copy = bytes.clone();
            if rng.chance(50) {
                bytes.push(b' ');
            }
            bytes.extend(copy);
        }
        2 if !bytes.is_empty() => {
            let i = rng.below(bytes.len() as u64) as usize;
            bytes[i] = rng.below(256) as u8;
        }
        3 => {
            let i = rng.below(bytes.len() as u64 + 1) as usize;
            let b = *rng.pick(b" ,-0129\x00\xffaZ");
            bytes.insert(i, b);
        }
        4 if !bytes.is_empty() => {
            let i = rng.below(bytes.len() as u64) as usize;
            bytes.remove(i);
        }
        5 => bytes = bytes.iter().map(|b| b.to_ascii_lowercase()).collect(),
        6 => {
            let extra = *rng.pick(&["99999999999999999999", "4294967303", "-1", "1e3", ",", "x"]);
            bytes.extend_from_slice(extra.as_bytes());
        }
        7 => {
            let len = 1 + rng.below(6) as usize;
            let extra = garbage(rng, len);
            bytes.extend(extra);
        }
        _ => {
            let pos = rng.below(bytes.len() as u64 + 1) as usize;
            bytes.splice(pos..pos, b"  ".iter().copied());
        }
    }
    bytes
}

struct Fuzzer {
    e: Engine,
    model: Model,
    rng: Rng,
    moves: usize,
    sent: usize,
    /// When the last write went out.
    sent_at: Instant,
    /// How often each expectation was checked, and lines not sent.
    stats: std::collections::BTreeMap<String, usize>,
}

impl Fuzzer {
    /// A random empty point (or any point if the board is full).
    fn empty_point(&mut self) -> (u32, u32) {
        let board = self.model.board.as_ref().expect("started");
        let empties = board.empties();
        if empties.is_empty() {
            (0, 0)
        } else {
            *self.rng.pick(&empties)
        }
    }

    fn random_point(&mut self) -> (u32, u32) {
        let (w, h) = self.model.board.as_ref().map_or((15, 15), |b| (b.w, b.h));
        (
            self.rng.below(w as u64 + 3) as u32,
            self.rng.below(h as u64 + 3) as u32,
        )
    }

    /// Classifies, sends (with a random line end) and checks one line.
    /// Returns false (and sends nothing) if the line's meaning is open.
    fn line(&mut self, bytes: &[u8]) -> bool {
        let mut model = self.model.clone();
        let Some(expect) = model.apply(bytes) else {
            *self.stats.entry("not sent".to_string()).or_default() += 1;
            return false;
        };
        self.model = model;
        let mut raw = bytes.to_vec();
        raw.extend_from_slice(match self.rng.below(10) {
            0..=6 => b"\n".as_slice(),
            7 | 8 => b"\r\n",
            _ => b"\r",
        });
        self.send(&raw);
        // Sometimes pile up board-independent lines behind a search: they are
        // queued and answered after the move, in order (and act after it).
        let mut queued = Vec::new();
        if matches!(expect, Expect::Move) && self.rng.chance(10) {
            for _ in 0..1 + self.rng.below(2) {
                let (line, exp) = *self.rng.pick(&[
                    ("ABOUT", Expect::About),
                    ("FOO bar", Expect::Reject),
                    ("INFO time_left 30", Expect::Silent),
                    ("YXSTOP", Expect::Silent),
                    ("INFO rule 0", Expect::Silent),
                ]);
                self.send(format!("{line}\n").as_bytes());
                queued.push((line, exp));
            }
        }
        let deadline = self.sent_at + Duration::from_millis(MAX_TURN_MS) + MOVE_SLACK;
        self.check(expect, deadline);
        for (line, exp) in queued {
            self.model.apply(line.as_bytes());
            self.check(exp, Instant::now() + FUZZ_REPLY);
        }
        true
    }

    fn send(&mut self, raw: &[u8]) {
        self.sent += 1;
        self.sent_at = self.e.send_raw(raw);
    }

    /// Reads and checks the reply `expect` calls for; a move must come by
    /// `move_deadline`, other replies within [`FUZZ_REPLY`].
    fn check(&mut self, expect: Expect, move_deadline: Instant) {
        let kind = format!("{expect:?}");
        let kind = kind.split(['(', ' ']).next().unwrap_or("").to_string();
        *self.stats.entry(kind).or_default() += 1;
        if expect == Expect::Silent {
            return;
        }
        let line = match expect {
            Expect::Move | Expect::MoveOrReject | Expect::Pair { .. } => {
                let what = "a move within the turn limit";
                self.e.expect_reply_with_messages_by(move_deadline, what).1
            }
            _ => self.e.expect_reply(FUZZ_REPLY),
        };
        match expect {
            Expect::Silent => {}
            Expect::Ok => {
                if line != "OK" {
                    self.e.fail(&format!("fuzz: expected OK, got {line:?}"));
                }
            }
            Expect::Reject => {
                if !is_error(&line) && !is_unknown(&line) {
                    self.e
                        .fail(&format!("fuzz: expected ERROR/UNKNOWN, got {line:?}"));
                }
            }
            Expect::Move | Expect::MoveOrReject => match parse_move(&line) {
                Some(mv) => self.engine_move(mv),
                None if expect == Expect::MoveOrReject && is_error(&line) => {}
                None => self.e.fail(&format!("fuzz: expected a move, got {line:?}")),
            },
            Expect::Echo(x, y) => {
                if line != format!("{x},{y}") {
                    self.e
                        .fail(&format!("fuzz: PLAY {x},{y} must be echoed, got {line:?}"));
                }
            }
            Expect::About => {
                if about_fields(&line).is_none() {
                    self.e
                        .fail(&format!("fuzz: malformed ABOUT reply {line:?}"));
                }
            }
            Expect::Forbid => self.check_forbid(&line),
            Expect::Pair { or_reject } => {
                let stones: Vec<Option<(u32, u32)>> = line.split(' ').map(parse_move).collect();
                match stones[..] {
                    [Some(first), Some(second)] if first != second => {
                        self.engine_move(first);
                        // The reply is the opponent's stone.
                        let engine_black = self.model.colours.as_ref().and_then(|c| c.engine_black);
                        self.engine_move(second);
                        if let Some(colours) = &mut self.model.colours {
                            colours.engine_black = engine_black;
                        }
                        if let Some(board) = self.model.board.as_mut() {
                            board.set(second.0, second.1, Cell::Opp);
                        }
                    }
                    _ if or_reject && is_error(&line) => {}
                    _ => self
                        .e
                        .fail(&format!("fuzz: expected two distinct stones, got {line:?}")),
                }
            }
        }
    }

    /// In renju, a black stone the engine chose must not be on a point the
    /// reference detector forbids, unless every empty point is forbidden.
    fn check_renju_stone(&mut self, (x, y): (u32, u32)) {
        let Some(colours) = &self.model.colours else {
            return;
        };
        if !self.model.renju() || !colours.black_to_move {
            return;
        }
        *self.stats.entry("renju black stone".into()).or_default() += 1;
        let stones = &colours.stones;
        if !reference::is_forbidden(stones, x as usize, y as usize) {
            return;
        }
        let legal = (0..stones.height)
            .flat_map(|y| (0..stones.width).map(move |x| (x, y)))
            .find(|&(x, y)| {
                stones.get(x, y) == reference::EMPTY && !reference::is_forbidden(stones, x, y)
            });
        if let Some((lx, ly)) = legal {
            self.e.fail(&format!(
                "fuzz: black played {x},{y}, a forbidden point under renju ({lx},{ly} is legal)\n{}",
                stones.to_ascii()
            ));
        }
    }

    fn engine_move(&mut self, (x, y): (u32, u32)) {
        self.moves += 1;
        if self
            .model
            .board
            .as_ref()
            .is_some_and(|b| x < b.w && y < b.h)
        {
            self.check_renju_stone((x, y));
        }
        let board = self.model.board.as_mut().expect("a move needs a board");
        if x >= board.w || y >= board.h {
            let (w, h) = (board.w, board.h);
            self.e
                .fail(&format!("fuzz: move {x},{y} is off the {w}x{h} board"));
        }
        if board.get(x, y) != Cell::Empty {
            let cell = board.get(x, y);
            self.e.fail(&format!(
                "fuzz: move {x},{y} is on an occupied point ({cell:?})"
            ));
        }
        board.set(x, y, Cell::Own);
        if let Some(colours) = &mut self.model.colours {
            // The engine plays the side to move, and keeps that colour.
            colours.engine_black = Some(colours.black_to_move);
            colours.place((x, y));
        }
        self.model.last = Some((x, y));
        self.model.last_known = true;
    }

    fn check_forbid(&mut self, line: &str) {
        let board = self.model.board.as_ref().expect("started");
        let body = line
            .strip_prefix("FORBID ")
            .and_then(|r| r.strip_suffix('.'));
        let ok = body.is_some_and(|body| {
            body.len().is_multiple_of(4)
                && body.bytes().all(|b| b.is_ascii_digit())
                && (0..body.len() / 4).all(|i| {
                    let x: u32 = body[i * 4..i * 4 + 2].parse().unwrap();
                    let y: u32 = body[i * 4 + 2..i * 4 + 4].parse().unwrap();
                    board.is_empty_at(x, y)
                })
        });
        if !ok {
            self.e.fail(&format!(
                "fuzz: bad FORBID reply {line:?} (format or occupied point)"
            ));
        }
        // Under renju with black to move: exactly the reference's points.
        let Some(colours) = self.model.colours.as_ref().filter(|_| self.model.renju()) else {
            return;
        };
        *self.stats.entry("renju FORBID".into()).or_default() += 1;
        let expected: String = if colours.black_to_move {
            let mut points = reference::forbidden_points(&colours.stones);
            points.sort_by_key(|&(x, y)| (x, y));
            let mut listed: Vec<(usize, usize)> = body
                .map(|body| {
                    (0..body.len() / 4)
                        .map(|i| {
                            let x = body[i * 4..i * 4 + 2].parse().unwrap();
                            let y = body[i * 4 + 2..i * 4 + 4].parse().unwrap();
                            (x, y)
                        })
                        .collect()
                })
                .unwrap_or_default();
            listed.sort_unstable();
            if listed == points {
                return;
            }
            format!("{points:?}")
        } else if line == "FORBID ." {
            return;
        } else {
            "FORBID . (white to move)".to_string()
        };
        self.e.fail(&format!(
            "fuzz: FORBID reply {line:?} differs from the reference: {expected}\n{}",
            colours.stones.to_ascii()
        ));
    }

    /// A valid START (or RECTSTART) with a random size; often under renju,
    /// where the model checks most.
    fn restart(&mut self) {
        if self.rng.chance(30) {
            assert!(self.line(b"INFO rule 4"), "INFO rule must be classifiable");
        }
        let n = self.rng.range(5, 32);
        let line = if self.rng.chance(20) {
            format!(
                "RECTSTART {},{}",
                self.rng.range(5, 32),
                self.rng.range(5, 32)
            )
        } else if self.rng.chance(70) {
            format!("START {}", self.rng.range(8, 20))
        } else {
            format!("start {n}")
        };
        assert!(self.line(line.as_bytes()), "START must be classifiable");
    }

    /// A BOARD/YXBOARD block with random stones, walls, passes and bad lines.
    fn block(&mut self) {
        let yx = self.rng.chance(25);
        let command = match (yx, self.rng.below(3)) {
            (false, 0) => "board",
            (false, _) => "BOARD",
            (true, 0) => "yxboard",
            (true, _) => "YXBOARD",
        };
        self.line(command.as_bytes());
        let unstarted = self.model.block.as_ref().is_some_and(|b| b.unstarted);
        let (w, h) = self
            .model
            .block
            .as_ref()
            .map_or((15, 15), |b| (b.board.w, b.board.h));
        let max = ((w * h) as u64).min(50);
        let stones = self.rng.below(max.saturating_sub(4).max(1));
        let mut placed: Vec<(u32, u32)> = Vec::new();
        for i in 0..stones {
            let (x, y) = (
                self.rng.below(w as u64) as u32,
                self.rng.below(h as u64) as u32,
            );
            let field = match self.rng.below(20) {
                0 => 3,
                _ => 1 + (i % 2) as u32,
            };
            let line = if self.rng.chance(3) {
                format!("-1,-1,{}", 1 + i % 2)
            } else {
                format!("{x},{y},{field}")
            };
            if self.line(line.as_bytes()) {
                placed.push((x, y));
            }
            if !unstarted && self.rng.chance(12) {
                let bad = self.bad_data_line(w, h, &placed);
                self.line(&bad);
            }
        }
        let done = *self.rng.pick(&["DONE", "done", "Done"]);
        assert!(self.line(done.as_bytes()), "DONE must be classifiable");
    }

    fn bad_data_line(&mut self, w: u32, h: u32, placed: &[(u32, u32)]) -> Vec<u8> {
        match self.rng.below(9) {
            0 if !placed.is_empty() => {
                let (x, y) = *self.rng.pick(placed);
                format!("{x},{y},{}", 1 + self.rng.below(2)).into_bytes()
            }
            1 => format!("{w},{},1", self.rng.below(h as u64)).into_bytes(),
            2 => format!(
                "{},{},{}",
                self.rng.below(w as u64),
                self.rng.below(h as u64),
                4 + self.rng.below(6)
            )
            .into_bytes(),
            3 => b"foo".to_vec(),
            4 => format!("{},{}", self.rng.below(w as u64), self.rng.below(h as u64)).into_bytes(),
            5 => b"1,2,1,9".to_vec(),
            6 => b"4294967303,1,1".to_vec(),
            7 => {
                let len = 1 + self.rng.below(12) as usize;
                let mut g = garbage(&mut self.rng, len);
                g.retain(|&b| b != b'\r' && b != b'\n');
                g
            }
            _ => b"7,,1".to_vec(),
        }
    }

    /// A valid command line of some kind (also the input for mutations).
    fn valid_command(&mut self) -> String {
        let started = self.model.board.is_some();
        match self.rng.below(14) {
            0..=4 if started => {
                let (x, y) = self.empty_point();
                format!("TURN {x},{y}")
            }
            5 => "BEGIN".to_string(),
            6 if started => {
                let (x, y) = self.model.last.unwrap_or((0, 0));
                format!("TAKEBACK {x},{y}")
            }
            7 if started => {
                let (x, y) = self.empty_point();
                format!("PLAY {x},{y}")
            }
            8 => self.rng.pick(&INFO_LINES).to_string(),
            9 => "ABOUT".to_string(),
            10 => self
                .rng
                .pick(&["YXSTOP", "STOP", "YXHASHCLEAR", "YXSHOWINFO", "RESTART"])
                .to_string(),
            11 if started => "YXSHOWFORBID".to_string(),
            12 => format!("START {}", self.rng.range(5, 32)),
            13 if started && self.rng.chance(50) => match self.rng.below(3) {
                0 => format!("YXNBEST {}", self.rng.range(1, 4)),
                1 => format!("YXBALANCEONE {}", self.rng.range(-300, 300)),
                _ => format!("YXBALANCETWO {}", self.rng.range(-300, 300)),
            },
            _ => {
                let (x, y) = self.random_point();
                format!("TURN {x},{y}")
            }
        }
    }

    /// One step of the fuzz loop.
    fn step(&mut self) {
        if self.model.block.is_some() {
            assert!(self.line(b"DONE"), "DONE must be classifiable");
            return;
        }
        if self.model.resync || (self.model.board.is_none() && self.rng.chance(60)) {
            self.restart();
            return;
        }
        // Keep boards from filling up.
        if self
            .model
            .board
            .as_ref()
            .is_some_and(|b| b.empties().len() < 6)
        {
            self.restart();
            return;
        }
        match self.rng.below(100) {
            0..=19 => {
                // Before the first START there is no board to pick from.
                let (x, y) = if self.model.board.is_some() {
                    self.empty_point()
                } else {
                    self.random_point()
                };
                let line = format!("TURN {x},{y}");
                self.line(line.as_bytes());
            }
            20..=34 => {
                let line = self.valid_command();
                self.line(line.as_bytes());
            }
            35..=42 => self.block(),
            43..=60 => {
                let line = self.valid_command();
                let mutated = mutate(&mut self.rng, &line);
                self.chunk(&mutated);
            }
            61..=69 => {
                let len = 1 + self.rng.below(40) as usize;
                let bytes = garbage(&mut self.rng, len);
                self.chunk(&bytes);
            }
            70..=76 => {
                let line = self.rng.pick(&INFO_LINES).to_string();
                self.line(line.as_bytes());
            }
            77..=84 => {
                let line = self.invalid_turn();
                self.line(line.as_bytes());
            }
            85..=87 => {
                let line = match self.rng.below(4) {
                    0 => format!("START {}", self.rng.range(-5, 40)),
                    1 => format!(
                        "RECTSTART {},{}",
                        self.rng.range(0, 40),
                        self.rng.range(0, 40)
                    ),
                    2 => "START 99999999999999999999".to_string(),
                    _ => format!("START {}", 4294967296u64 + self.rng.below(32)),
                };
                self.line(line.as_bytes());
            }
            88..=91 => {
                let blank = *self.rng.pick(&["", " ", "\t", "  \t "]);
                self.line(blank.as_bytes());
            }
            92 => {
                let len = 70_000 + self.rng.below(100_000) as usize;
                let fill = *self.rng.pick(b"A 7,");
                let mut long = b"TURN 7,7".to_vec();
                long.resize(len, fill);
                self.line(&long);
            }
            _ => self.restart(),
        }
    }

    fn invalid_turn(&mut self) -> String {
        let (w, h) = self.model.board.as_ref().map_or((15, 15), |b| (b.w, b.h));
        match self.rng.below(8) {
            0 => format!("TURN {w},{}", self.rng.below(h as u64)),
            1 => format!("TURN {},{h}", self.rng.below(w as u64)),
            2 => "TURN 4294967303,7".to_string(),
            3 => "TURN 18446744073709551623,1".to_string(),
            4 => "TURN -1,-1".to_string(),
            5 => "TURN 7, 7".to_string(),
            6 => "TURN 7,7,1".to_string(),
            _ => {
                // An occupied point, if any.
                let occupied = self.model.board.as_ref().and_then(|b| {
                    (0..b.h)
                        .flat_map(|y| (0..b.w).map(move |x| (x, y)))
                        .find(|&(x, y)| b.get(x, y) != Cell::Empty)
                });
                let (x, y) = occupied.unwrap_or((0, 0));
                format!("TURN {x},{y}")
            }
        }
    }

    /// Bytes that may contain CR/LF: split like the engine does and send as
    /// one write if every piece has a known, board-independent meaning.
    fn chunk(&mut self, bytes: &[u8]) {
        let pieces: Vec<&[u8]> = bytes.split(|&b| b == b'\r' || b == b'\n').collect();
        if pieces.len() == 1 {
            self.line(bytes);
            return;
        }
        let mut model = self.model.clone();
        let mut expects = Vec::new();
        for piece in &pieces {
            match model.apply(piece) {
                Some(Expect::Move | Expect::MoveOrReject | Expect::Pair { .. }) | None => return,
                Some(exp) => expects.push(exp),
            }
        }
        self.model = model;
        let mut raw = bytes.to_vec();
        raw.push(b'\n');
        self.send(&raw);
        for exp in expects {
            self.check(exp, Instant::now() + FUZZ_REPLY);
        }
    }
}

/// One segment: a fresh engine, `LINES` lines from `seed`; returns the
/// summary.
fn fuzz_segment(seed: u64) -> String {
    let started = Instant::now();
    let mut e = Engine::start();
    e.transcript_tail = Some(400);
    e.note(&format!("fuzz seed {seed:#x}"));
    e.send("INFO timeout_turn 20");
    e.send("INFO timeout_match 0");
    let sent_at = Instant::now();
    let mut fuzz = Fuzzer {
        e,
        model: Model::new(),
        rng: Rng::new(seed),
        moves: 0,
        sent: 0,
        sent_at,
        stats: Default::default(),
    };
    let mut steps = 0;
    while fuzz.sent < LINES {
        fuzz.step();
        steps += 1;
        if steps % 100 == 0 {
            fuzz.e.assert_no_stderr();
        }
    }
    // Close an open block so END is read as END.
    if fuzz.model.block.is_some() {
        fuzz.line(b"DONE");
    }
    // Everything answered: the engine must be alive and send nothing but
    // MESSAGE lines (YXSHOWINFO's, which the model does not count).
    let late = fuzz.e.collect_lines(Duration::from_millis(200));
    if let Some(line) = late.iter().find(|line| !line.starts_with("MESSAGE ")) {
        fuzz.e.fail(&format!(
            "fuzz: unexpected line after the last reply: {line:?}"
        ));
    }
    fuzz.e.send("ABOUT");
    let about = fuzz.e.expect_reply(REPLY);
    if about_fields(&about).is_none() {
        fuzz.e
            .fail(&format!("fuzz: malformed ABOUT reply {about:?}"));
    }
    let (moves, sent) = (fuzz.moves, fuzz.sent);
    let summary = format!(
        "fuzz seed {seed:#x}: {sent} writes, {moves} moves, {:?}, {:?}",
        started.elapsed(),
        fuzz.stats
    );
    fuzz.e.note(&summary);
    if moves <= 100 {
        fuzz.e.fail(&format!(
            "the fuzzer should make the engine move often ({moves})"
        ));
    }
    fuzz.e.finish();
    summary
}

#[test]
fn fuzz_protocol_lines() {
    for seed in CI_SEEDS {
        println!("{}", fuzz_segment(seed));
    }
}

/// A long run for `scripts/fuzz`: segments with seeds counting up from
/// `FERRO_FUZZ_SEED` until `FERRO_FUZZ_MINUTES` have passed (at least
/// one segment; 0 minutes: exactly one, a replay).
#[test]
#[ignore]
fn fuzz_for_a_while() {
    let variable = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("set {name}"));
    let seed_text = variable("FERRO_FUZZ_SEED");
    let first_seed = match seed_text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => seed_text.parse(),
    }
    .unwrap_or_else(|_| panic!("FERRO_FUZZ_SEED {seed_text:?} is not a number"));
    let minutes: f64 = variable("FERRO_FUZZ_MINUTES")
        .parse()
        .expect("FERRO_FUZZ_MINUTES is a number");
    let run_for = Duration::from_secs_f64(minutes.max(0.0) * 60.0);
    let started = Instant::now();
    let mut seed = first_seed;
    let mut segments = 0;
    loop {
        println!("fuzz segment {segments}: seed {seed:#x} (replay: scripts/fuzz --seed {seed:#x})");
        println!("{}", fuzz_segment(seed));
        segments += 1;
        seed = seed.wrapping_add(1);
        if started.elapsed() >= run_for {
            break;
        }
    }
    println!(
        "fuzz: {segments} segments from seed {first_seed:#x} in {:?}, 0 anomalies",
        started.elapsed()
    );
}
