//! SGF as c-gomoku-cli's `-sgf FILE` writes it, one game tree a game, any
//! number of games a file:
//! ```text
//! (;FF[4]GM[4]GN[0]EV[a x b]DT[…]RO[1.1]RU[0]SZ[15]PB[a]PW[b]RE[B+1]TE[…]
//! ;B[hh]C[opening move];W[ii]C[opening move]
//! ;B[jg]C[153ms];W[kk]C[98ms])
//! ```
//! Coordinates are two letters, x then y from `a` (`hh` is h8). `RU` is the
//! Gomocup rule code, `SZ` the size (`15` or `15:20`), and a move commented
//! `opening move` is a book stone. Only the main line of a tree is read.

use super::{board_size, rule_from_code, Defaults, GameRecord, RecordedMove};

pub fn parse(text: &str, source: &str, defaults: Defaults) -> Result<Vec<GameRecord>, String> {
    let mut reader = Reader {
        chars: text.chars().peekable(),
        line: 1,
    };
    let mut games = Vec::new();
    let mut depth = 0usize;
    // Per open tree level: whether a variation was already read there
    // (later ones are side lines, skipped).
    let mut variation_read: Vec<bool> = Vec::new();
    let mut skip_from: Option<usize> = None;
    let mut game: Option<Builder> = None;
    while let Some(c) = reader.next() {
        match c {
            '(' => {
                if let Some(taken) = variation_read.last_mut() {
                    if *taken && skip_from.is_none() {
                        skip_from = Some(depth + 1);
                    }
                    *taken = true;
                }
                depth += 1;
                variation_read.push(false);
                if depth == 1 {
                    game = Some(Builder::new(games.len() + 1, reader.line));
                }
            }
            ')' => {
                if depth == 0 {
                    return Err(format!("line {}: ')' closes no game", reader.line));
                }
                if skip_from == Some(depth) {
                    skip_from = None;
                }
                variation_read.pop();
                depth -= 1;
                if depth == 0 {
                    let builder = game.take().expect("a game is open at depth 1");
                    games.push(builder.finish(source, defaults)?);
                }
            }
            ';' if depth > 0 => {}
            c if c.is_ascii_uppercase() && depth > 0 => {
                let line = reader.line;
                let mut ident = c.to_string();
                while let Some(&next) = reader.chars.peek() {
                    if !next.is_ascii_uppercase() {
                        break;
                    }
                    ident.push(next);
                    reader.next();
                }
                let mut values = Vec::new();
                reader.skip_space();
                while reader.chars.peek() == Some(&'[') {
                    reader.next();
                    values.push(reader.value()?);
                    reader.skip_space();
                }
                if values.is_empty() {
                    return Err(format!("line {line}: property {ident} without a [value]"));
                }
                if skip_from.is_none() {
                    let builder = game.as_mut().expect("depth > 0 has a game");
                    builder.property(&ident, &values[0], line)?;
                }
            }
            c if c.is_whitespace() => {}
            c => {
                return Err(format!(
                    "line {}: unexpected '{c}' in SGF (want '(', ';', a property or ')')",
                    reader.line
                ))
            }
        }
    }
    if depth > 0 {
        return Err(format!(
            "line {}: the last game is not closed by ')'",
            reader.line
        ));
    }
    Ok(games)
}

struct Reader<I: Iterator<Item = char>> {
    chars: std::iter::Peekable<I>,
    line: usize,
}

impl<I: Iterator<Item = char>> Reader<I> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.next();
        }
    }

    /// A property value after its `[`, up to the unescaped `]`.
    fn value(&mut self) -> Result<String, String> {
        let start = self.line;
        let mut value = String::new();
        loop {
            match self.next() {
                Some('\\') => value.extend(self.next()),
                Some(']') => return Ok(value),
                Some(c) => value.push(c),
                None => return Err(format!("line {start}: a [value] is not closed")),
            }
        }
    }
}

/// One game being read.
struct Builder {
    number: usize,
    line: usize,
    size: Option<(usize, usize)>,
    rule: Option<crate::board::Rule>,
    players: [Option<String>; 2],
    result: Option<String>,
    moves: Vec<RecordedMove>,
}

impl Builder {
    fn new(number: usize, line: usize) -> Builder {
        Builder {
            number,
            line,
            size: None,
            rule: None,
            players: [None, None],
            result: None,
            moves: Vec::new(),
        }
    }

    fn property(&mut self, ident: &str, value: &str, line: usize) -> Result<(), String> {
        match ident {
            "SZ" => {
                let number = |t: &str| t.trim().parse::<usize>().ok();
                let size = match value.split_once(':') {
                    Some((w, h)) => number(w).zip(number(h)),
                    None => number(value).map(|n| (n, n)),
                };
                self.size = Some(size.ok_or_else(|| format!("line {line}: bad size SZ[{value}]"))?);
            }
            "RU" => self.rule = Some(rule_from_code(value, line)?),
            "PB" => self.players[0] = Some(value.to_string()),
            "PW" => self.players[1] = Some(value.to_string()),
            "RE" => self.result = Some(value.to_string()),
            "B" | "W" => {
                let expected = if self.moves.len().is_multiple_of(2) {
                    "B"
                } else {
                    "W"
                };
                if ident != expected {
                    return Err(format!(
                        "line {line}: {ident}[{value}] out of turn ({expected} is to move)"
                    ));
                }
                let bytes = value.as_bytes();
                let coordinate = |b: u8| b.is_ascii_lowercase().then(|| (b - b'a') as usize);
                let (Some(x), Some(y)) = (
                    bytes.first().copied().and_then(coordinate),
                    bytes.get(1).copied().and_then(coordinate),
                ) else {
                    return Err(format!(
                        "line {line}: {ident}[{value}] is not a move (two letters from a)"
                    ));
                };
                if bytes.len() != 2 {
                    return Err(format!("line {line}: {ident}[{value}] is not a move"));
                }
                self.moves.push(RecordedMove {
                    x,
                    y,
                    line,
                    book: false,
                });
            }
            "C" => {
                if let Some(last) = self.moves.last_mut() {
                    last.book |= value.trim() == "opening move";
                }
            }
            "AB" | "AW" | "AE" => {
                return Err(format!(
                    "line {line}: setup stones ({ident}) are not a game record"
                ))
            }
            _ => {}
        }
        Ok(())
    }

    fn finish(self, source: &str, defaults: Defaults) -> Result<GameRecord, String> {
        let (width, height) = match self.size {
            Some(size) => size,
            None => {
                let n = board_size(None, defaults);
                (n, n)
            }
        };
        Ok(GameRecord {
            title: format!("{source}, game {} (line {})", self.number, self.line),
            width,
            height,
            rule: self.rule,
            players: self.players,
            result: self.result,
            moves: self.moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_c_gomoku_cli_games() {
        let text = "(;FF[4]GM[4]GN[0]EV[a x b]DT[2024.01.01 10:00:00]RO[1.1]RU[4]SZ[15]PB[a]PW[b]RE[B+1]TE[Black win]\n\
             ;B[hh]C[opening move];W[ii]C[opening move]\n\
             ;B[jg]C[153ms];W[kk]C[98\\]ms])\n\n\
             (;FF[4]GM[4]GN[1]RU[0]SZ[20]PB[b]PW[a]RE[0]\n;B[kk]C[opening move]\n;W[ll]C[5ms])\n";
        let games = parse(text, "m.sgf", Defaults::NONE).unwrap();
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(first.rule, Some(crate::board::Rule::Renju));
        assert_eq!((first.width, first.moves.len()), (15, 4));
        assert_eq!(
            (first.moves[2].x, first.moves[2].y, first.moves[2].line),
            (9, 6, 3)
        );
        assert!(first.moves[1].book && !first.moves[2].book);
        assert_eq!(first.players[0].as_deref(), Some("a"));
        assert_eq!(first.result.as_deref(), Some("B+1"));
        assert_eq!(games[1].width, 20);
        assert_eq!(games[1].rule, Some(crate::board::Rule::Freestyle));
        assert!(
            games[1].title.contains("game 2 (line 5)"),
            "{}",
            games[1].title
        );
    }

    #[test]
    fn side_lines_are_skipped() {
        let games = parse(
            "(;SZ[15];B[hh](;W[ii];B[jj])(;W[aa]))",
            "v.sgf",
            Defaults::NONE,
        )
        .unwrap();
        let squares: Vec<_> = games[0].moves.iter().map(|m| (m.x, m.y)).collect();
        assert_eq!(squares, vec![(7, 7), (8, 8), (9, 9)]);
    }

    #[test]
    fn errors_name_the_line() {
        for (text, want) in [
            ("(;SZ[15]\n;B[hh]\n;B[ii])", "line 3: B[ii] out of turn"),
            ("(;SZ[15]\n;B[h8])", "line 2: B[h8] is not a move"),
            ("(;SZ[15]\n;RU[7])", "line 2: unknown rule code"),
            ("(;SZ[15]\n;B[hh]", "line 2: the last game is not closed"),
            (
                "(;SZ[15]\n;C[never closed)",
                "line 2: a [value] is not closed",
            ),
            ("(;SZ[x])", "line 1: bad size"),
            ("(;SZ[15]\n;AB[hh])", "line 2: setup stones"),
        ] {
            let error = parse(text, "e.sgf", Defaults::NONE).unwrap_err();
            assert!(error.starts_with(want), "{text:?}: {error}");
        }
    }
}
