//! Opening files, in the two formats managers use:
//!
//! * Gomocup / Piskvork offsets: `x,y, x,y, …` relative to the centre
//!   square (`width / 2`, `height / 2`), e.g. `0,0, 1,0, 1,3`;
//! * c-gomoku-cli `pos`: `h8i9j10`, letter = x counted from `a`, number =
//!   y counted from 1 (so `h8` is (7,7)).
//!
//! One opening per line, the stones played alternately starting with black.
//! The file is read exactly as c-gomoku-cli reads it, so that both managers
//! accept the same files: a pos line holds only lower-case letters and
//! digits, an offset line only digits, `-`, `,` and spaces. c-gomoku-cli has
//! no comment lines (it stops at a `#` with "unknown coordinate") and plays a
//! blank line as an empty opening, so both are errors here; provenance goes
//! in a README beside the file. Only a Windows line end (CR) is forgiven. A
//! line that cannot be read is an error naming its line number.

use anyhow::{bail, Context};
use std::path::Path;

/// One opening: absolute coordinates in play order (black first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// 1-based line number in the file it came from.
    pub line: usize,
    pub stones: Vec<(usize, usize)>,
}

/// Reads an openings file for a `width` × `height` board.
pub fn load(path: &Path, width: usize, height: usize) -> anyhow::Result<Vec<Opening>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read openings file {}", path.display()))?;
    let openings = parse(&text, width, height)
        .map_err(|message| anyhow::anyhow!("openings file {}: {message}", path.display()))?;
    if openings.is_empty() {
        bail!("openings file {} holds no openings", path.display());
    }
    Ok(openings)
}

/// Parses every opening of a file's text.
pub fn parse(text: &str, width: usize, height: usize) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let stones = check_c_gomoku_cli_line(line)
            .and_then(|()| parse_line(line, width, height))
            .map_err(|e| format!("line {}: {e}", index + 1))?;
        openings.push(Opening {
            line: index + 1,
            stones,
        });
    }
    Ok(openings)
}

/// Refuses what c-gomoku-cli cannot read: comments, blank lines, and in a
/// line any character its parser does not know.
fn check_c_gomoku_cli_line(line: &str) -> Result<(), String> {
    if line.starts_with('#') {
        return Err(
            "a '#' comment line: c-gomoku-cli stops at it with \"unknown coordinate '#'\" \
             (put notes in a README beside the file)"
                .to_string(),
        );
    }
    if line.is_empty() {
        return Err("an empty line: c-gomoku-cli plays it as an empty opening".to_string());
    }
    let pos = line.starts_with(|c: char| c.is_ascii_alphabetic());
    let known = |c: char| {
        if pos {
            c.is_ascii_lowercase() || c.is_ascii_digit()
        } else {
            c.is_ascii_digit() || matches!(c, '-' | ',' | ' ')
        }
    };
    match line.chars().find(|&c| !known(c)) {
        Some(c) => Err(format!(
            "{c:?} in '{line}': c-gomoku-cli reads only {} there",
            if pos {
                "lower-case letters and digits"
            } else {
                "digits, '-', ',' and spaces"
            }
        )),
        None => Ok(()),
    }
}

/// Parses one opening line (either format).
pub fn parse_line(line: &str, width: usize, height: usize) -> Result<Vec<(usize, usize)>, String> {
    let line = line.trim();
    let stones = if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
        parse_pos(line, width, height)?
    } else {
        parse_offsets(line, width, height)?
    };
    if stones.is_empty() {
        return Err(format!("'{line}' holds no stones"));
    }
    for (i, stone) in stones.iter().enumerate() {
        if stones[..i].contains(stone) {
            return Err(format!(
                "'{line}' puts two stones on {},{}",
                stone.0, stone.1
            ));
        }
    }
    Ok(stones)
}

fn parse_offsets(line: &str, width: usize, height: usize) -> Result<Vec<(usize, usize)>, String> {
    let numbers: Vec<&str> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .collect();
    if !numbers.len().is_multiple_of(2) {
        return Err(format!(
            "'{line}' is not a list of x,y offset pairs (odd number of values)"
        ));
    }
    let (cx, cy) = ((width / 2) as i64, (height / 2) as i64);
    let mut stones = Vec::new();
    for pair in numbers.chunks(2) {
        let mut value = [0i64; 2];
        for (slot, text) in value.iter_mut().zip(pair) {
            *slot = text
                .parse()
                .map_err(|_| format!("'{text}' in '{line}' is not a number"))?;
        }
        let (x, y) = (cx + value[0], cy + value[1]);
        if x < 0 || y < 0 || x >= width as i64 || y >= height as i64 {
            return Err(format!(
                "offset {},{} is off the {width}x{height} board",
                value[0], value[1]
            ));
        }
        stones.push((x as usize, y as usize));
    }
    Ok(stones)
}

fn parse_pos(line: &str, width: usize, height: usize) -> Result<Vec<(usize, usize)>, String> {
    let bytes = line.as_bytes();
    let mut stones = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i].to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(format!(
                "unexpected '{}' in pos line '{line}' (want letter+number pairs like h8i9)",
                bytes[i] as char
            ));
        }
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if start == i {
            return Err(format!(
                "letter '{}' without a row number in '{line}'",
                letter as char
            ));
        }
        let row: usize = line[start..i]
            .parse()
            .map_err(|_| format!("bad row number in '{line}'"))?;
        let x = (letter - b'a') as usize;
        if row == 0 || x >= width || row > height {
            return Err(format!(
                "{}{row} is off the {width}x{height} board",
                letter as char
            ));
        }
        stones.push((x, row - 1));
    }
    Ok(stones)
}

/// Writes stones in c-gomoku-cli `pos` notation (x < 26).
pub fn to_pos(stones: &[(usize, usize)]) -> String {
    stones
        .iter()
        .map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pos_format() {
        assert_eq!(
            parse_line("h8i9j10", 15, 15).unwrap(),
            vec![(7, 7), (8, 8), (9, 9)]
        );
        assert_eq!(parse_line("a1o15", 15, 15).unwrap(), vec![(0, 0), (14, 14)]);
        assert_eq!(to_pos(&[(7, 7), (8, 8), (9, 9)]), "h8i9j10");
        // Off the board, missing number, junk, duplicates.
        assert!(parse_line("p1", 15, 15).is_err());
        assert!(parse_line("a16", 15, 15).is_err());
        assert!(parse_line("a0", 15, 15).is_err());
        assert!(parse_line("hi9", 15, 15).is_err());
        assert!(parse_line("h8-i9", 15, 15).is_err());
        assert!(parse_line("h8h8", 15, 15).is_err());
    }

    #[test]
    fn offset_format() {
        // Centre of 15x15 is (7,7); of 20x20 (10,10).
        assert_eq!(
            parse_line("0,0, 1,0, 1,3", 15, 15).unwrap(),
            vec![(7, 7), (8, 7), (8, 10)]
        );
        assert_eq!(
            parse_line("-1,-2, 0,0", 20, 20).unwrap(),
            vec![(9, 8), (10, 10)]
        );
        assert!(parse_line("0,0, 1", 15, 15).is_err());
        assert!(parse_line("0,0, 8,0", 15, 15).is_err());
        assert!(parse_line("0,0, x,1", 15, 15).is_err());
        assert!(parse_line("0,0, 0,0", 15, 15).is_err());
    }

    #[test]
    fn file_reads_what_c_gomoku_cli_reads_and_names_bad_lines() {
        let text = "h8i9\r\n0,0, 1,1\n";
        let openings = parse(text, 15, 15).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[1].line, 2);
        assert_eq!(openings[1].stones, vec![(7, 7), (8, 8)]);

        for (bad, what) in [
            ("h8i9\n# provenance\nh8i10\n", "line 2: a '#' comment line"),
            ("h8i9\n\nh8i10\n", "line 2: an empty line"),
            ("h8i9\nh8I9\n", "line 2: 'I'"),
            ("h8i9\nh8i10\nh8 i9\n", "line 3: ' '"),
            ("0,0, 1,1\n0,0;1,1\n", "line 2: ';'"),
            ("\u{feff}h8i9\n", "line 1: '\\u{feff}'"),
        ] {
            let error = parse(bad, 15, 15).unwrap_err();
            assert!(error.starts_with(what), "{bad:?}: {error}");
        }
    }

    #[test]
    fn shared_opening_files_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/openings");
        for (file, size, count) in [
            ("freestyle15_balanced_pos.txt", 15, 60),
            ("freestyle20_balanced_pos.txt", 20, 30),
            ("piskvork_offset.txt", 20, 41),
        ] {
            let openings = load(&dir.join(file), size, size).unwrap();
            assert_eq!(openings.len(), count, "{file}");
        }
        // The generated sets: at least 100 each, legal under their rule.
        for (file, rule) in [
            ("standard15_balanced_pos.txt", crate::rules::Rule::Standard),
            ("renju15_balanced_pos.txt", crate::rules::Rule::Renju),
        ] {
            let openings = load(&dir.join(file), 15, 15).unwrap();
            assert!(openings.len() >= 100, "{file}");
            for opening in &openings {
                let mut judge = crate::match_runner::judge::Judge::new(15, 15, rule, None).unwrap();
                judge
                    .play_opening(&opening.stones)
                    .unwrap_or_else(|e| panic!("{file} line {}: {e}", opening.line));
            }
        }
        // Piskvork's set is made for 20x20: its last lines reach 8 squares
        // left of the centre, off a 15x15 board.
        let error = load(&dir.join("piskvork_offset.txt"), 15, 15).unwrap_err();
        assert!(error.to_string().contains("line 41:"), "{error}");
    }

    #[test]
    fn forced_win_positions_are_games_in_progress() {
        // scripts/solve-rate's positions, an openings file in `pos`
        // notation: each a legal freestyle game that nobody has won yet.
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scripts/positions/freestyle15_forced_wins_pos.txt");
        let positions = load(&path, 15, 15).unwrap();
        for position in &positions {
            let mut judge =
                crate::match_runner::judge::Judge::new(15, 15, crate::rules::Rule::Freestyle, None)
                    .unwrap();
            judge
                .play_opening(&position.stones)
                .unwrap_or_else(|e| panic!("line {}: {e}", position.line));
        }
        assert_eq!(positions.len(), 57);
    }
}
