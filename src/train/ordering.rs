//! How well a move ordering predicts the moves a player chose: for every
//! position of a `ferro-match --out` directory where that player moved (past
//! the opening, and not forced to block a five), the rank of the move
//! played among the candidates the move generator produces, by the ordering
//! score the search starts from. Played against an engine we did not write,
//! its moves say which ordering puts strong moves first; an ordering fitted
//! to Ferro's own choices can predict those well and the stronger engine's
//! poorly (`ferro-tune --order-accuracy DIR --player NAME`).

use super::format::Record;
use crate::analyze::record::psq;
use crate::board::{Board, Colour, Rule, Square, ValueTables};
use crate::match_runner::openings;
use crate::pattern::CellThreat;
use crate::search::movegen;
use std::path::Path;

/// Ranks above this count as this in the mean, so that a few moves the
/// ordering puts last do not swamp it.
pub const RANK_CAP: usize = 30;

/// One game of a match directory.
#[derive(Clone, Debug)]
pub struct MatchGame {
    pub rule: Rule,
    pub width: usize,
    pub height: usize,
    /// Black's and White's names.
    pub players: [String; 2],
    /// Stones of the opening (played by neither engine).
    pub opening_len: usize,
    /// Every stone in play order, black first.
    pub moves: Vec<(usize, usize)>,
    /// The colour that won, `None` for a draw.
    pub winner: Option<Colour>,
}

impl MatchGame {
    /// Replays the game on a board summing `tables`, calling `visit` with
    /// the board, the side to move and its square before each move past
    /// the opening. Stops at a move onto a taken square (a damaged record).
    pub fn replay(
        &self,
        tables: &'static ValueTables,
        mut visit: impl FnMut(&mut Board, Colour, Square),
    ) {
        let Ok(mut board) = Board::new(self.width, self.height, self.rule) else {
            return;
        };
        board.set_values(tables);
        self.replay_on(&mut board, self.opening_len, |board, _, side, played| {
            visit(board, side, played)
        });
    }

    /// Replays the game on `board` (empty, of the game's size and rule),
    /// calling `visit` with the board, the ply, the side to move and its
    /// square before each move from ply `first` on. Stops at a move onto a
    /// taken square (a damaged record).
    pub fn replay_on(
        &self,
        board: &mut Board,
        first: usize,
        mut visit: impl FnMut(&mut Board, usize, Colour, Square),
    ) {
        for (ply, &(x, y)) in self.moves.iter().enumerate() {
            let side = if ply % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let Some(played) = board.square(x, y).filter(|&sq| board.is_empty(sq)) else {
                return;
            };
            if ply >= first {
                visit(board, ply, side, played);
            }
            board.place(played, side.stone());
        }
    }
}

/// Counts of where the played moves ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    pub positions: usize,
    pub first: usize,
    pub first_three: usize,
    pub first_five: usize,
    pub first_ten: usize,
    /// Sum of the ranks (1 = first), each at most [`RANK_CAP`].
    pub rank_sum: usize,
}

impl Accuracy {
    fn add(&mut self, rank: usize) {
        self.positions += 1;
        self.first += usize::from(rank <= 1);
        self.first_three += usize::from(rank <= 3);
        self.first_five += usize::from(rank <= 5);
        self.first_ten += usize::from(rank <= 10);
        self.rank_sum += rank.min(RANK_CAP);
    }

    /// `first 37.2%  first three 57.0%  …  mean rank 5.31`
    pub fn describe(&self) -> String {
        let share = |n: usize| 100.0 * n as f64 / self.positions.max(1) as f64;
        format!(
            "{} positions: first {:.1}%  first three {:.1}%  first five {:.1}%  first ten {:.1}%  mean rank {:.2}",
            self.positions,
            share(self.first),
            share(self.first_three),
            share(self.first_five),
            share(self.first_ten),
            self.rank_sum as f64 / self.positions.max(1) as f64
        )
    }
}

/// Where the played moves of `player` rank in the ordering of `tables`:
/// all of them, and those that make or stop at least a four or an open
/// three (the moves games are decided by).
pub fn measure(games: &[MatchGame], player: &str, tables: &'static ValueTables) -> [Accuracy; 2] {
    let mut all = Accuracy::default();
    let mut threats = Accuracy::default();
    let mut candidates = Vec::new();
    for game in games {
        game.replay(tables, |board, side, played| {
            // A five to block, or a win the threat classes prove (the
            // search plays those before it orders anything), says nothing
            // of the ordering.
            if game.players[side.index()] != player
                || Record::five_on_board(board, side)
                || movegen::quick_win(board, side).is_some()
            {
                return;
            }
            movegen::generate(board, side, &mut candidates);
            if let Some(rank) = rank_of(&candidates, played).filter(|_| candidates.len() > 1) {
                all.add(rank);
                let threat = |colour| board.threat(played, colour) >= CellThreat::Four;
                if threat(side) || threat(side.opponent()) {
                    threats.add(rank);
                }
            }
        });
    }
    [all, threats]
}

/// 1 + the candidates scored above `played` (ties count half), by the
/// ordering scores the generator gave them; `None` if it is not among them.
fn rank_of(candidates: &[movegen::ScoredMove], played: Square) -> Option<usize> {
    let own = candidates.iter().find(|m| m.sq == played)?.score;
    let above = candidates.iter().filter(|m| m.score > own).count();
    let level = candidates
        .iter()
        .filter(|m| m.sq != played && m.score == own)
        .count();
    Some(1 + above + level / 2)
}

/// Reads the games of a `ferro-match --out` directory: `summary.txt` names
/// the rule, the openings file and each game's opening line and record.
pub fn read_match_dir(dir: &Path) -> Result<Vec<MatchGame>, String> {
    let summary_path = dir.join("summary.txt");
    let summary = std::fs::read_to_string(&summary_path)
        .map_err(|e| format!("{}: {e}", summary_path.display()))?;
    let header = |key: &str| {
        summary
            .lines()
            .find_map(|l| l.strip_prefix(&format!("# {key}: ")))
            .map(str::trim)
    };
    // `# rule: freestyle (INFO rule 0)`
    let rule = header("rule")
        .and_then(|r| r.split("INFO rule ").nth(1))
        .and_then(|r| r.trim_end_matches(')').trim().parse::<i64>().ok())
        .and_then(|value| Rule::from_info(value, false))
        .ok_or_else(|| format!("{}: no known '# rule:' line", summary_path.display()))?;
    // Loaded when the first game with an opening needs it.
    let mut opening_list: Option<Vec<openings::Opening>> = None;
    let mut games = Vec::new();
    for line in summary
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let (Some(&opening), Some(&file)) = (fields.get(1), fields.get(11)) else {
            return Err(format!("{}: short line '{line}'", summary_path.display()));
        };
        let path = dir.join(file);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let record = psq::parse(&text, file)?;
        let players = [fields[2].to_string(), fields[3].to_string()];
        let winner = match fields[4] {
            "1-0" => Some(Colour::Black),
            "0-1" => Some(Colour::White),
            "1/2-1/2" => None,
            other => return Err(format!("{file}: unknown result '{other}'")),
        };
        let opening_len = match opening.parse::<usize>() {
            Err(_) => 0,
            Ok(number) => {
                if opening_list.is_none() {
                    let name = header("openings").ok_or("no '# openings:' line")?;
                    let list = openings::load(Path::new(name), record.width, record.height)
                        .map_err(|e| e.to_string())?;
                    opening_list = Some(list);
                }
                opening_list
                    .as_ref()
                    .expect("loaded")
                    .iter()
                    .find(|o| o.line == number)
                    .map(|o| o.stones.len())
                    .ok_or_else(|| format!("{file}: no opening on line {number}"))?
            }
        };
        games.push(MatchGame {
            rule,
            width: record.width,
            height: record.height,
            players,
            opening_len,
            moves: record.moves.iter().map(|m| (m.x, m.y)).collect(),
            winner,
        });
    }
    Ok(games)
}
