//! Game records for review, in the formats players have: Piskvork `.psq`
//! ([`psq`]), c-gomoku-cli's `.sgf` and `.pgn` output, one or many games a
//! file ([`sgf`], [`pgn`]), and plain move strings `h8i9j10…` as in the
//! opening files, one game a line ([`moves`]). The format is told by the
//! text itself. Every error names the line it is on; a file with an error
//! gives no games at all.

pub mod moves;
pub mod pgn;
pub mod psq;
pub mod sgf;

use crate::board::Rule;

/// One stone of a game, where it came from in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub x: usize,
    pub y: usize,
    /// 1-based line in the file.
    pub line: usize,
    /// The record marks it as an opening (book) stone.
    pub book: bool,
}

/// A game as read from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Where the game came from, e.g. `games.sgf, game 3`.
    pub title: String,
    pub width: usize,
    pub height: usize,
    /// The rule the record names, if it names one.
    pub rule: Option<Rule>,
    /// Black's and White's names, when the record has them.
    pub players: [Option<String>; 2],
    /// The result as the record states it (`1-0`, `B+1`, …).
    pub result: Option<String>,
    /// In play order, black first.
    pub moves: Vec<RecordedMove>,
}

/// What the command line says where a record is silent.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    pub size: Option<usize>,
    pub rule: Option<Rule>,
}

impl Defaults {
    /// Nothing given on the command line.
    pub const NONE: Defaults = Defaults {
        size: None,
        rule: None,
    };
}

/// The board size when neither the record nor the command line gives one.
pub const DEFAULT_SIZE: usize = 15;

/// Smallest and largest board side the engine plays.
const SIZES: std::ops::RangeInclusive<usize> = 5..=32;

/// Reads every game of a record's text; `source` names it in titles.
pub fn parse(text: &str, source: &str, defaults: Defaults) -> Result<Vec<GameRecord>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.trim_start();
    let games = if first.starts_with("Piskvorky") {
        vec![psq::parse(text, source)?]
    } else if first.starts_with('(') {
        sgf::parse(text, source, defaults)?
    } else if first.starts_with('[') {
        pgn::parse(text, source, defaults)?
    } else {
        moves::parse(text, source, defaults)?
    };
    if games.is_empty() {
        return Err(format!("{source}: no game found"));
    }
    for game in &games {
        check_game(game)?;
    }
    Ok(games)
}

/// The board size from a record's value or the command line, checked.
pub(crate) fn board_size(value: Option<usize>, defaults: Defaults) -> usize {
    value.or(defaults.size).unwrap_or(DEFAULT_SIZE)
}

/// Every stone on the board and on an empty square.
fn check_game(game: &GameRecord) -> Result<(), String> {
    let (width, height) = (game.width, game.height);
    if !SIZES.contains(&width) || !SIZES.contains(&height) {
        return Err(format!(
            "{}: board {width}x{height} is outside 5..32",
            game.title
        ));
    }
    let mut taken = vec![false; width * height];
    for stone in &game.moves {
        if stone.x >= width || stone.y >= height {
            return Err(format!(
                "line {}: {} is off the {width}x{height} board",
                stone.line,
                square_name(stone.x, stone.y)
            ));
        }
        let cell = &mut taken[stone.y * width + stone.x];
        if *cell {
            return Err(format!(
                "line {}: {} is already taken",
                stone.line,
                square_name(stone.x, stone.y)
            ));
        }
        *cell = true;
    }
    Ok(())
}

/// A square in the opening files' notation: letter = x from `a`, number =
/// y from 1 (`h8` is 7,7).
pub fn square_name(x: usize, y: usize) -> String {
    let letter = (b'a' + (x as u8).min(25)) as char;
    format!("{letter}{}", y + 1)
}

/// The rule a Gomocup rule code names (`RU[…]` in c-gomoku-cli's SGF).
pub(crate) fn rule_from_code(code: &str, line: usize) -> Result<Rule, String> {
    code.trim()
        .parse::<i64>()
        .ok()
        .and_then(|value| Rule::from_info(value, false))
        .ok_or_else(|| format!("line {line}: unknown rule code '{code}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_is_told_by_the_text() {
        let psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,120\nA\nB\n-1\n";
        assert_eq!(
            parse(psq, "a.psq", Defaults::NONE).unwrap()[0].moves.len(),
            2
        );
        let sgf = "(;FF[4]GM[4]SZ[15]RU[0];B[hh];W[ii])\n";
        assert_eq!(
            parse(sgf, "a.sgf", Defaults::NONE).unwrap()[0].moves.len(),
            2
        );
        let pgn = "[Black \"A\"]\n[White \"B\"]\n\n1. h8 i9 2. j10 *\n";
        assert_eq!(
            parse(pgn, "a.pgn", Defaults::NONE).unwrap()[0].moves.len(),
            3
        );
        assert_eq!(
            parse("h8i9j10\n", "x", Defaults::NONE).unwrap()[0]
                .moves
                .len(),
            3
        );
    }

    #[test]
    fn taken_and_off_board_squares_name_their_line() {
        let twice = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n-1\n";
        assert_eq!(
            parse(twice, "a.psq", Defaults::NONE).unwrap_err(),
            "line 4: h8 is already taken"
        );
        let off = "(;SZ[15]\n;B[hh]\n;W[pp])";
        assert_eq!(
            parse(off, "a.sgf", Defaults::NONE).unwrap_err(),
            "line 3: p16 is off the 15x15 board"
        );
        assert!(parse("", "empty", Defaults::NONE)
            .unwrap_err()
            .contains("no game"));
    }
}
