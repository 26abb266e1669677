//! The Gomocup / Piskvork "pbrain" protocol: lines in, commands out, replies
//! formatted. No game logic lives here; `io` runs the loop that feeds
//! [`crate::session::Session`] and prints what it answers.

pub mod io;
mod progress;
mod reply;

pub use progress::{progress_replies, square_list};
pub use reply::Reply;

/// Longest input line kept; the rest of a longer line is discarded and the
/// line is answered with an error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Input lines queued during a search take at most this much memory (their
/// bytes and a small overhead each); later ones are dropped, each answered
/// by an `ERROR`.
pub const QUEUE_BYTES: usize = 1 << 20;

/// A point as the manager wrote it, not yet checked against a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub x: u64,
    pub y: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start {
        size: u64,
    },
    RectStart {
        width: u64,
        height: u64,
    },
    Restart,
    Begin,
    Turn(Coord),
    /// `BOARD`: data lines follow until `DONE`, then the engine moves.
    Board,
    /// `YXBOARD`: like BOARD, but the engine does not move.
    YxBoard,
    Info {
        key: String,
        value: String,
    },
    End,
    About,
    Takeback(Coord),
    Play(Coord),
    /// `YXSTOP` or `STOP`.
    Stop,
    YxShowInfo,
    YxHashClear,
    YxShowForbid,
    /// `YXNBEST n`: the n best moves (n >= 1).
    YxNBest(u64),
    /// `YXBALANCEONE s` / `YXBALANCETWO s`: balancing move(s) for target s.
    YxBalanceOne(i64),
    YxBalanceTwo(i64),
    /// `SWAP2BOARD`: stones as `X,Y` lines follow until `DONE`.
    Swap2Board,
    /// `YXBLOCK` / `YXBLOCKUNDO`: `X,Y` lines follow until `DONE`, squares
    /// the engine must not play (Yixin Board), added or removed.
    YxBlock {
        undo: bool,
    },
    /// `YXBLOCKRESET`: no square is blocked any more.
    YxBlockReset,
    /// `YXSWAP2STEP1` / `2` / `3`: Yixin Board's swap2 questions about the
    /// position set by YXBOARD (0, 3 or 5 stones).
    YxSwap2Step(u8),
    /// A word we do not implement (upper-cased, shortened for the reply).
    Unknown(String),
    /// `DONE` outside a BOARD block.
    Done,
}

impl Command {
    /// True for the Yixin Board extension commands (they switch `INFO rule
    /// 2` to mean renju). STOP counts: only Yixin Board and Rapfi-style
    /// managers send it.
    pub fn is_yixin(&self) -> bool {
        matches!(
            self,
            Command::Stop
                | Command::YxBlock { .. }
                | Command::YxBlockReset
                | Command::YxBoard
                | Command::YxShowInfo
                | Command::YxHashClear
                | Command::YxShowForbid
                | Command::YxNBest(_)
                | Command::YxBalanceOne(_)
                | Command::YxBalanceTwo(_)
                | Command::YxSwap2Step(_)
        ) || matches!(self, Command::Unknown(word) if word.starts_with("YX"))
    }
}

/// One data line of a BOARD / YXBOARD block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEntry {
    /// `x,y,field` with field 1 (own), 2 (opponent) or 3 (dead square).
    Stone { at: Coord, field: u8 },
    /// `-1,-1,field`: a pass (Yixin / Rapfi positions), counts for parity.
    Pass,
}

/// What one line inside a BOARD block is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockLine {
    Entry(BoardEntry),
    Done,
    /// A command that must act even inside a block (END).
    End,
}

/// Decodes raw bytes into a trimmed text line; `None` for bytes that are not
/// UTF-8. A leading byte-order mark is dropped.
fn text(line: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(line).ok()?;
    Some(text.strip_prefix('\u{feff}').unwrap_or(text).trim())
}

/// A short, printable rendering of untrusted input for error replies.
pub fn excerpt(line: &[u8]) -> String {
    const LIMIT: usize = 40;
    let mut out: String = String::from_utf8_lossy(line)
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .take(LIMIT)
        .collect();
    if line.len() > LIMIT {
        out.push_str("...");
    }
    out
}

/// Parses a decimal number made of digits only (no sign, no spaces).
fn parse_unsigned(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{}' is not a number", excerpt(text.as_bytes())));
    }
    text.parse::<u64>()
        .map_err(|_| format!("number '{}' is too large", excerpt(text.as_bytes())))
}

/// Parses an `INFO` value as a signed 64-bit integer, saturating values out
/// of range (managers send 2^31-1, -1 and sometimes larger numbers).
pub fn parse_info_integer(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i64, |acc, b| {
        acc.saturating_mul(10).saturating_add((b - b'0') as i64)
    });
    Some(if negative { -magnitude } else { magnitude })
}

/// Parses `X,Y` strictly: two unsigned decimal numbers and one comma.
pub fn parse_coord(text: &str) -> Result<Coord, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("expected X,Y but got '{}'", excerpt(text.as_bytes())))?;
    Ok(Coord {
        x: parse_unsigned(x).map_err(|e| format!("bad coordinate: {e}"))?,
        y: parse_unsigned(y).map_err(|e| format!("bad coordinate: {e}"))?,
    })
}

/// The single argument of a command, or an error naming the command.
fn single_argument<'a>(command: &str, args: &[&'a str]) -> Result<&'a str, String> {
    match args {
        [one] => Ok(one),
        [] => Err(format!("{command} needs an argument")),
        _ => Err(format!("{command} takes one argument")),
    }
}

fn no_arguments(command: &str, args: &[&str], value: Command) -> Result<Command, String> {
    if args.is_empty() {
        Ok(value)
    } else {
        Err(format!("{command} takes no arguments"))
    }
}

/// The signed target of a YXBALANCE command.
fn balance_target(command: &str, args: &[&str]) -> Result<i64, String> {
    let text = single_argument(command, args)?;
    parse_info_integer(text)
        .ok_or_else(|| format!("bad {command} target '{}'", excerpt(text.as_bytes())))
}

/// Parses a command line. `Err` carries the text of an `ERROR` reply.
pub fn parse_command(line: &[u8]) -> Result<Command, String> {
    let Some(text) = text(line) else {
        return Ok(Command::Unknown(excerpt(line)));
    };
    let mut words = text.split_whitespace();
    let Some(word) = words.next() else {
        return Ok(Command::Unknown(String::new()));
    };
    let command = word.to_ascii_uppercase();
    let args: Vec<&str> = words.collect();
    match command.as_str() {
        "START" => {
            let size = single_argument("START", &args)?;
            let size = parse_unsigned(size).map_err(|e| format!("bad START size: {e}"))?;
            Ok(Command::Start { size })
        }
        "RECTSTART" => {
            let coord = parse_coord(single_argument("RECTSTART", &args)?)
                .map_err(|e| format!("RECTSTART needs WIDTH,HEIGHT: {e}"))?;
            Ok(Command::RectStart {
                width: coord.x,
                height: coord.y,
            })
        }
        "RESTART" => no_arguments("RESTART", &args, Command::Restart),
        "BEGIN" => no_arguments("BEGIN", &args, Command::Begin),
        "BOARD" => no_arguments("BOARD", &args, Command::Board),
        "YXBOARD" => no_arguments("YXBOARD", &args, Command::YxBoard),
        "DONE" => Ok(Command::Done),
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "TURN" => Ok(Command::Turn(parse_coord(single_argument("TURN", &args)?)?)),
        "TAKEBACK" => Ok(Command::Takeback(parse_coord(single_argument(
            "TAKEBACK", &args,
        )?)?)),
        "PLAY" => Ok(Command::Play(parse_coord(single_argument("PLAY", &args)?)?)),
        "INFO" => {
            // The value is the rest of the line: `INFO folder` paths hold spaces.
            let rest = text[word.len()..].trim_start();
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            Ok(Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.trim().to_string(),
            })
        }
        "YXSTOP" | "STOP" => Ok(Command::Stop),
        "YXSHOWINFO" => Ok(Command::YxShowInfo),
        "YXHASHCLEAR" => Ok(Command::YxHashClear),
        "YXSHOWFORBID" => Ok(Command::YxShowForbid),
        "YXNBEST" => {
            let count = parse_unsigned(single_argument("YXNBEST", &args)?)
                .map_err(|e| format!("bad YXNBEST count: {e}"))?;
            if count == 0 {
                return Err("YXNBEST needs a count of at least 1".into());
            }
            Ok(Command::YxNBest(count))
        }
        "YXBALANCEONE" => Ok(Command::YxBalanceOne(balance_target(
            "YXBALANCEONE",
            &args,
        )?)),
        "YXBALANCETWO" => Ok(Command::YxBalanceTwo(balance_target(
            "YXBALANCETWO",
            &args,
        )?)),
        "SWAP2BOARD" => no_arguments("SWAP2BOARD", &args, Command::Swap2Board),
        "YXBLOCK" => no_arguments("YXBLOCK", &args, Command::YxBlock { undo: false }),
        "YXBLOCKUNDO" => no_arguments("YXBLOCKUNDO", &args, Command::YxBlock { undo: true }),
        "YXBLOCKRESET" => no_arguments("YXBLOCKRESET", &args, Command::YxBlockReset),
        "YXSWAP2STEP1" => no_arguments("YXSWAP2STEP1", &args, Command::YxSwap2Step(1)),
        "YXSWAP2STEP2" => no_arguments("YXSWAP2STEP2", &args, Command::YxSwap2Step(2)),
        "YXSWAP2STEP3" => no_arguments("YXSWAP2STEP3", &args, Command::YxSwap2Step(3)),
        _ => Ok(Command::Unknown(excerpt(command.as_bytes()))),
    }
}

/// The text of a block line, or the DONE / END that ends the block.
fn block_text(line: &[u8]) -> Result<Result<&str, BlockLine>, String> {
    let Some(text) = text(line) else {
        return Err(format!("unreadable board line '{}'", excerpt(line)));
    };
    if text.eq_ignore_ascii_case("DONE") {
        return Ok(Err(BlockLine::Done));
    }
    // END with words after it still ends the engine, as outside a block.
    if text
        .split_whitespace()
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("END"))
    {
        return Ok(Err(BlockLine::End));
    }
    Ok(Ok(text))
}

/// Parses one line inside a BOARD / YXBOARD block. `Err` carries the text
/// of an `ERROR` reply for that line.
pub fn parse_block_line(line: &[u8]) -> Result<BlockLine, String> {
    let text = match block_text(line)? {
        Ok(text) => text,
        Err(end) => return Ok(end),
    };
    let bad = || format!("expected X,Y,FIELD or DONE but got '{}'", excerpt(line));
    let fields: Vec<&str> = text.split(',').collect();
    let [x, y, field] = fields[..] else {
        return Err(bad());
    };
    let field = match field {
        "1" => 1,
        "2" => 2,
        "3" => 3,
        _ => {
            return Err(format!(
                "bad field '{}' (must be 1, 2 or 3)",
                excerpt(field.as_bytes())
            ))
        }
    };
    if x == "-1" && y == "-1" {
        return Ok(BlockLine::Entry(BoardEntry::Pass));
    }
    let at = parse_coord(&format!("{x},{y}")).map_err(|_| bad())?;
    Ok(BlockLine::Entry(BoardEntry::Stone { at, field }))
}

/// Parses one line inside a SWAP2BOARD or YXBLOCK block: `X,Y`, or
/// `X,Y,FIELD` as some managers send it (the field is ignored: swap2
/// colours follow the order, blocked squares have none).
pub fn parse_point_line(line: &[u8]) -> Result<BlockLine, String> {
    let text = match block_text(line)? {
        Ok(text) => text,
        Err(end) => return Ok(end),
    };
    let bad = || format!("expected X,Y or DONE but got '{}'", excerpt(line));
    let fields: Vec<&str> = text.split(',').collect();
    let (x, y) = match fields[..] {
        [x, y] | [x, y, "1" | "2"] => (x, y),
        _ => return Err(bad()),
    };
    let at = parse_coord(&format!("{x},{y}")).map_err(|_| bad())?;
    Ok(BlockLine::Entry(BoardEntry::Stone { at, field: 0 }))
}

#[cfg(test)]
mod tests;
