//! Game records: one Piskvork `.psq` file per game and one summary file.
//!
//! ## `.psq` (Piskvork's record format)
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,0          one line per stone, in play order (black first):
//! 9,9,0          x+1,y+1,milliseconds (1-based coordinates, as Piskvork
//! 10,8,153       writes them; opening stones have 0 ms)
//! ...
//! <black engine name>
//! <white engine name>
//! -1
//! ```
//! In a swap2 game the first stones are the exchange's, in play order, each
//! reply's time on its last stone: the three proposed stones, then stone 4
//! (and 5), then stone 6 when the chooser answered with a stone; who chose
//! what is in the summary's `chooser` and `choice` columns.
//!
//! ## `summary.txt`
//! Plain text, rewritten after every finished game (so a run that is
//! killed still leaves the games played so far):
//! * lines starting with `#` are comments: first the run's settings
//!   (`# key: value`), at the end of a finished or interrupted run the
//!   final table and the `RESULT` line, each prefixed with `# `;
//! * the first other line is a tab-separated header, then one
//!   tab-separated line per finished game, in game order, with the columns
//!   `game opening black white result winner reason plies black_ms
//!   white_ms detail file chooser choice`:
//!   - `game`: 1-based game number; `opening`: 1-based line number in the
//!     openings file (`-` without openings);
//!   - `black`, `white`: engine names; `result`: `1-0` (black won), `0-1`
//!     or `1/2-1/2`; `winner`: engine name or `-`;
//!   - `reason`: `five`, `full-board`, `move-limit`, or the loser's fault
//!     `timeout`, `crash`, `illegal`, `forbidden`, `start`;
//!   - `plies`: stones on the board at the end (opening included);
//!   - `black_ms`, `white_ms`: total thinking time of each side;
//!   - `detail`: the fault's explanation (`-` when none);
//!   - `file`: the game's `.psq` file name;
//!   - `chooser`, `choice` (swap2, `-` otherwise or when the exchange ended
//!     before the choice): the engine that made the final colour choice and
//!     what it chose, `<colour it took>@<stones on the board>`: `black@3`
//!     (P2 answered SWAP), `white@3` (P2 played stone 4), `black@5` (P1
//!     answered SWAP after P2 put two stones), `white@5` (P1 played stone
//!     6). P1 is the chooser at 5 stones and the other engine at 3.

use super::game::GameRecord;
use super::judge::Outcome;
use crate::board::Colour;
use std::fmt::Write as _;

/// The `.psq` text of a game.
pub fn psq(width: usize, height: usize, record: &GameRecord, names: [&str; 2]) -> String {
    let mut out = format!("Piskvorky {width}x{height}, 11:11, 0\n");
    for stone in &record.moves {
        let _ = writeln!(out, "{},{},{}", stone.x + 1, stone.y + 1, stone.ms);
    }
    let _ = writeln!(out, "{}", names[0]);
    let _ = writeln!(out, "{}", names[1]);
    out.push_str("-1\n");
    out
}

/// File name of game `number`'s record.
pub fn psq_name(number: usize) -> String {
    format!("game-{number:04}.psq")
}

/// Header line of the summary's game table.
pub const SUMMARY_HEADER: &str = "game\topening\tblack\twhite\tresult\twinner\treason\tplies\t\
    black_ms\twhite_ms\tdetail\tfile\tchooser\tchoice";

/// One summary line. `names` = [black, white].
pub fn summary_line(
    number: usize,
    opening_line: Option<usize>,
    record: &GameRecord,
    outcome: &Outcome,
    names: [&str; 2],
) -> String {
    let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    let winner = match outcome.winner() {
        Some(Colour::Black) => names[0],
        Some(Colour::White) => names[1],
        None => "-",
    };
    let detail = match outcome {
        Outcome::Fault { detail, .. } if !detail.is_empty() => clean(detail),
        _ => "-".to_string(),
    };
    let (chooser, choice) = match &record.swap2 {
        Some(choice) => (names[choice.took.index()], choice.code()),
        None => ("-", "-".to_string()),
    };
    format!(
        "{number}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{detail}\t{}\t{chooser}\t{choice}",
        opening_line.map_or("-".to_string(), |l| l.to_string()),
        names[0],
        names[1],
        outcome.result_text(),
        winner,
        outcome.reason(),
        record.moves.len(),
        record.time_ms[Colour::Black.index()],
        record.time_ms[Colour::White.index()],
        psq_name(number)
    )
}

/// Prefixes every line of `text` with `# `.
pub fn commented(text: &str) -> String {
    text.lines().map(|line| format!("# {line}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::game::MoveRecord;
    use crate::match_runner::judge::FaultKind;
    use crate::match_runner::swap2::Swap2Choice;

    fn record() -> GameRecord {
        GameRecord {
            outcome: None,
            moves: vec![
                MoveRecord { x: 7, y: 7, ms: 0 },
                MoveRecord { x: 8, y: 7, ms: 0 },
                MoveRecord {
                    x: 0,
                    y: 14,
                    ms: 153,
                },
            ],
            opening_len: 2,
            time_ms: [153, 0],
            engine_moves: [1, 0],
            swap2: None,
        }
    }

    #[test]
    fn psq_format() {
        let text = psq(15, 15, &record(), ["ferro", "other"]);
        assert_eq!(
            text,
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,0\n1,15,153\nferro\nother\n-1\n"
        );
        assert_eq!(psq_name(7), "game-0007.psq");
    }

    #[test]
    fn summary_format() {
        let outcome = Outcome::Fault {
            by: Colour::White,
            kind: FaultKind::Illegal,
            detail: "reply 'x\ty' is not a move".into(),
        };
        let line = summary_line(3, Some(12), &record(), &outcome, ["a", "b"]);
        assert_eq!(
            line,
            "3\t12\ta\tb\t1-0\ta\tillegal\t3\t153\t0\treply 'x y' is not a move\tgame-0003.psq\t-\t-"
        );
        assert_eq!(line.split('\t').count(), SUMMARY_HEADER.split('\t').count());
        let draw = summary_line(4, None, &record(), &Outcome::DrawLimit, ["a", "b"]);
        assert!(draw.starts_with("4\t-\ta\tb\t1/2-1/2\t-\tmove-limit\t"));
        assert_eq!(commented("x\ny\n"), "# x\n# y\n");

        // Swap2: the chooser is named by the colour it took.
        let mut swapped = record();
        swapped.swap2 = Some(Swap2Choice {
            chooser: crate::match_runner::swap2::P2,
            took: Colour::White,
            stones: 3,
        });
        let line = summary_line(5, None, &swapped, &Outcome::DrawFull, ["a", "b"]);
        assert!(line.ends_with("\tgame-0005.psq\tb\twhite@3"), "{line}");
    }
}
