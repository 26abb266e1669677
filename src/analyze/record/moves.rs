//! Plain move strings as in the opening files: `h8i9j10…`, letter = x from
//! `a`, number = y from 1, black first; one game a line (blank lines and
//! `#` comments skipped). Rule and size come from the command line.

use super::{board_size, Defaults, GameRecord, RecordedMove};

pub fn parse(text: &str, source: &str, defaults: Defaults) -> Result<Vec<GameRecord>, String> {
    let size = board_size(None, defaults);
    let mut games = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves = parse_line(line)
            .map_err(|e| format!("line {number}: {e}"))?
            .into_iter()
            .map(|(x, y)| RecordedMove {
                x,
                y,
                line: number,
                book: false,
            })
            .collect();
        games.push(GameRecord {
            title: format!("{source}, line {number}"),
            width: size,
            height: size,
            rule: None,
            players: [None, None],
            result: None,
            moves,
        });
    }
    Ok(games)
}

/// `h8i9j10` → [(7,7), (8,8), (9,9)]; upper case and spaces allowed.
pub fn parse_line(line: &str) -> Result<Vec<(usize, usize)>, String> {
    let text: String = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut moves = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, letter)) = chars.next() {
        if !letter.is_ascii_lowercase() {
            return Err(format!(
                "'{letter}' where a column letter belongs in '{line}'"
            ));
        }
        let mut digits = String::new();
        while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        match digits.parse::<usize>() {
            Ok(y) if y >= 1 => moves.push(((letter as u8 - b'a') as usize, y - 1)),
            _ => {
                return Err(format!(
                    "column '{letter}' without a row number from 1 at {} of '{line}'",
                    at + 1
                ))
            }
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_game_a_line() {
        let games = parse("# two games\nh8i9j10\n\nH8 I9\n", "m.txt", Defaults::NONE).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 3);
        assert_eq!((games[0].moves[2].x, games[0].moves[2].y), (9, 9));
        assert_eq!(games[1].moves[1].line, 4);
        assert_eq!(games[0].width, 15);
    }

    #[test]
    fn errors_name_the_line() {
        assert!(parse("h8i9\nh8i\n", "m", Defaults::NONE)
            .unwrap_err()
            .starts_with("line 2: column 'i'"));
        assert!(parse("h8-i9\n", "m", Defaults::NONE)
            .unwrap_err()
            .starts_with("line 1: '-'"));
        assert!(parse("h0\n", "m", Defaults::NONE)
            .unwrap_err()
            .starts_with("line 1:"));
    }
}
