//! PGN with gomoku moves: tag pairs, then move text in the opening files'
//! notation (`1. h8 i9 2. j10 …`), ending with a result (`1-0`, `0-1`,
//! `1/2-1/2`, `*`); any number of games a file. Tags read: `Black`,
//! `White`, `Result`, and `Rule` / `Size` when present (c-gomoku-cli writes
//! neither, so `--rule` and `--size` give them).
//!
//! c-gomoku-cli's own `-pgn` file is meant for Elo tools: it replaces the
//! moves with placeholder chess moves (`1. d4 Nf6 …`, its README says so),
//! so such a file stops at the first chess move with an error that says to
//! use its `-sgf` record instead.

use super::{board_size, Defaults, GameRecord, RecordedMove};
use crate::match_runner::options::parse_rule;

pub fn parse(text: &str, source: &str, defaults: Defaults) -> Result<Vec<GameRecord>, String> {
    let mut games = Vec::new();
    let mut game: Option<Game> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        if line.starts_with('[') {
            let current = match &mut game {
                // Tags after move text begin the next game.
                Some(g) if !g.moves.is_empty() || g.ended => {
                    games.push(game.take().expect("some").finish(source, defaults));
                    game.insert(Game::new(games.len() + 1, number))
                }
                Some(g) => g,
                None => game.insert(Game::new(games.len() + 1, number)),
            };
            current.tag(line, number)?;
            continue;
        }
        let current = game.get_or_insert_with(|| Game::new(games.len() + 1, number));
        for token in line.split_whitespace() {
            current.token(token, number)?;
        }
    }
    if let Some(g) = game {
        games.push(g.finish(source, defaults));
    }
    games.into_iter().collect()
}

struct Game {
    number: usize,
    line: usize,
    tags: Vec<(String, String, usize)>,
    moves: Vec<RecordedMove>,
    ended: bool,
}

impl Game {
    fn new(number: usize, line: usize) -> Game {
        Game {
            number,
            line,
            tags: Vec::new(),
            moves: Vec::new(),
            ended: false,
        }
    }

    /// `[Key "value"]`
    fn tag(&mut self, line: &str, number: usize) -> Result<(), String> {
        let inner = line
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .ok_or_else(|| format!("line {number}: a tag is [Key \"value\"]"))?;
        let (key, value) = inner
            .split_once(' ')
            .ok_or_else(|| format!("line {number}: a tag is [Key \"value\"]"))?;
        let value = value.trim().trim_matches('"');
        self.tags.push((key.to_string(), value.to_string(), number));
        Ok(())
    }

    fn token(&mut self, token: &str, number: usize) -> Result<(), String> {
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            self.ended = true;
            return Ok(());
        }
        // Move numbers: `1.` or `1...`, also glued to the move (`1.h8`).
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit());
        let token = token.trim_start_matches('.');
        if token.is_empty() {
            return Ok(());
        }
        if self.ended {
            return Err(format!("line {number}: '{token}' after the game's result"));
        }
        let bytes = token.as_bytes();
        let y = bytes[0]
            .is_ascii_lowercase()
            .then(|| token[1..].parse::<usize>().ok())
            .flatten()
            .filter(|&y| y >= 1);
        match (bytes[0], y) {
            (letter @ b'a'..=b'z', Some(y)) => {
                self.moves.push(RecordedMove {
                    x: (letter - b'a') as usize,
                    y: y - 1,
                    line: number,
                    book: false,
                });
                Ok(())
            }
            _ => Err(format!(
                "line {number}: '{token}' is not a gomoku move like h8 (c-gomoku-cli's PGN \
                 holds placeholder chess moves, not the game: review its -sgf record)"
            )),
        }
    }

    fn tag_value(&self, key: &str) -> Option<(&str, usize)> {
        self.tags
            .iter()
            .find(|(k, _, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v, line)| (v.as_str(), *line))
    }

    fn finish(self, source: &str, defaults: Defaults) -> Result<GameRecord, String> {
        let rule = match self.tag_value("Rule") {
            Some((value, line)) => {
                Some(parse_rule(value).map_err(|e| format!("line {line}: {e}"))?)
            }
            None => None,
        };
        let size = match self.tag_value("Size") {
            Some((value, line)) => Some(
                value
                    .parse::<usize>()
                    .map_err(|_| format!("line {line}: bad Size \"{value}\""))?,
            ),
            None => None,
        };
        let size = board_size(size, defaults);
        let text = |key| self.tag_value(key).map(|(v, _)| v.to_string());
        Ok(GameRecord {
            title: format!("{source}, game {} (line {})", self.number, self.line),
            width: size,
            height: size,
            rule,
            players: [text("Black"), text("White")],
            result: text("Result"),
            moves: self.moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_games_with_gomoku_moves() {
        let text =
            "[Event \"0\"]\n[Black \"a\"]\n[White \"b\"]\n[Result \"1-0\"]\n[Rule \"renju\"]\n\n\
                    1. h8 i9 2. j10\n3.k11 1-0\n\n[Black \"b\"]\n[Size \"20\"]\n\n1. k11 *\n";
        let games = parse(text, "g.pgn", Defaults::NONE).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 4);
        assert_eq!(
            (
                games[0].moves[3].x,
                games[0].moves[3].y,
                games[0].moves[3].line
            ),
            (10, 10, 8)
        );
        assert_eq!(games[0].rule, Some(crate::board::Rule::Renju));
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].width, 20);
        assert_eq!(games[1].players[0].as_deref(), Some("b"));
    }

    #[test]
    fn c_gomoku_cli_placeholder_moves_are_an_error_naming_the_line() {
        let text = "[Event \"0\"]\n[Black \"a\"]\n[White \"b\"]\n[Result \"1-0\"]\n\n\
                    1. d4 Nf6 2. c4 e6 3. Nf3 d5 4. Nc3 Bb4 1-0\n";
        let error = parse(text, "c.pgn", Defaults::NONE).unwrap_err();
        assert!(
            error.starts_with("line 6: 'Nf6' is not a gomoku move"),
            "{error}"
        );
        assert!(error.contains("-sgf"), "{error}");
        let error = parse("[Rule \"go\"]\n1. h8 *\n", "c.pgn", Defaults::NONE).unwrap_err();
        assert!(error.starts_with("line 1: unknown rule"), "{error}");
    }
}
