//! Piskvork's `.psq`, as `ferro-match --out` and Piskvork write it:
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,0            x+1,y+1,milliseconds: one stone a line, black first
//! 9,9,153
//! <black's name>   optional trailer: the players, then -1
//! <white's name>
//! -1
//! ```
//! The record names no rule (the rule comes from `--rule`).

use super::{GameRecord, RecordedMove};

pub fn parse(text: &str, source: &str) -> Result<GameRecord, String> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (_, header) = lines.next().unwrap_or((1, ""));
    let (width, height) = header_size(header)
        .ok_or_else(|| format!("line 1: expected 'Piskvorky WIDTHxHEIGHT, …', found '{header}'"))?;
    let mut moves = Vec::new();
    let mut trailer = Vec::new();
    for (number, line) in lines {
        if line.is_empty() {
            continue;
        }
        if trailer.is_empty() && line.starts_with(|c: char| c.is_ascii_digit()) {
            moves.push(stone(line, number)?);
        } else if line == "-1" {
            break;
        } else {
            trailer.push(line.to_string());
        }
    }
    let mut names = trailer.into_iter().map(Some);
    Ok(GameRecord {
        title: source.to_string(),
        width,
        height,
        rule: None,
        players: [names.next().flatten(), names.next().flatten()],
        result: None,
        moves,
    })
}

/// `Piskvorky 15x15, …` → (15, 15).
fn header_size(header: &str) -> Option<(usize, usize)> {
    let size = header.strip_prefix("Piskvorky")?.trim_start();
    let size = size.split([',', ' ']).next()?;
    let (w, h) = size.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// `x,y,ms` with 1-based coordinates.
fn stone(line: &str, number: usize) -> Result<RecordedMove, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let coordinate = |text: &str| text.parse::<usize>().ok().filter(|&v| v >= 1);
    match fields.as_slice() {
        [x, y] | [x, y, _] => match (coordinate(x), coordinate(y)) {
            (Some(x), Some(y)) => Ok(RecordedMove {
                x: x - 1,
                y: y - 1,
                line: number,
                book: false,
            }),
            _ => Err(format!(
                "line {number}: '{line}' is not a stone x,y,ms (from 1)"
            )),
        },
        _ => Err(format!("line {number}: '{line}' is not a stone x,y,ms")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ferro_match_records() {
        let text = "Piskvorky 20x20, 11:11, 0\n11,11,0\n12,12,0\n13,11,153\nferro\nrapfi\n-1\n";
        let game = parse(text, "game-0001.psq").unwrap();
        assert_eq!((game.width, game.height), (20, 20));
        assert_eq!(game.moves.len(), 3);
        assert_eq!(
            (game.moves[2].x, game.moves[2].y, game.moves[2].line),
            (12, 10, 4)
        );
        assert_eq!(game.players, [Some("ferro".into()), Some("rapfi".into())]);
    }

    #[test]
    fn errors_name_the_line() {
        assert!(parse("Piskvork 15x15\n", "a")
            .unwrap_err()
            .starts_with("line 1:"));
        let bad = "Piskvorky 15x15, 11:11, 0\n8,8,0\n0,3,0\n";
        assert!(parse(bad, "a").unwrap_err().starts_with("line 3:"));
        let bad = "Piskvorky 15x15, 11:11, 0\n8,8,0\n8;9\n";
        assert!(parse(bad, "a").unwrap_err().starts_with("line 3:"));
    }
}
