//! Judging a game: legality, wins and draws, with the engine's own board
//! and rules code so that the verdict is exactly Ferro's.

use crate::board::{Board, Colour};
use crate::rules::{self, Rule};
use std::fmt;

/// Why an engine lost without being beaten over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// No move within min(turn limit, time left) + tolerance.
    Timeout,
    /// The process exited, closed its output or could not be written to.
    Crash,
    /// A reply that is not `X,Y`, or a move off the board or on a stone.
    Illegal,
    /// Renju: black played a forbidden point.
    Forbidden,
    /// No `OK` to START (or the process could not be started).
    Start,
}

impl FaultKind {
    pub const ALL: [FaultKind; 5] = [
        FaultKind::Timeout,
        FaultKind::Crash,
        FaultKind::Illegal,
        FaultKind::Forbidden,
        FaultKind::Start,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
            FaultKind::Illegal => "illegal",
            FaultKind::Forbidden => "forbidden",
            FaultKind::Start => "start",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` made a winning line under the rule in force.
    Five { winner: Colour },
    /// No empty square left.
    DrawFull,
    /// The `--draw-after` ply limit was reached.
    DrawLimit,
    /// `by` lost by a fault.
    Fault {
        by: Colour,
        kind: FaultKind,
        detail: String,
    },
}

impl Outcome {
    pub fn winner(&self) -> Option<Colour> {
        match self {
            Outcome::Five { winner } => Some(*winner),
            Outcome::Fault { by, .. } => Some(by.opponent()),
            Outcome::DrawFull | Outcome::DrawLimit => None,
        }
    }

    /// Short reason word used in the summary file.
    pub fn reason(&self) -> &'static str {
        match self {
            Outcome::Five { .. } => "five",
            Outcome::DrawFull => "full-board",
            Outcome::DrawLimit => "move-limit",
            Outcome::Fault { kind, .. } => kind.name(),
        }
    }

    /// `1-0` (black wins), `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner() {
            Some(Colour::Black) => "1-0",
            Some(Colour::White) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: Colour| match c {
            Colour::Black => "black",
            Colour::White => "white",
        };
        match self {
            Outcome::Five { winner } => write!(f, "{} wins by five", name(*winner)),
            Outcome::DrawFull => write!(f, "draw (full board)"),
            Outcome::DrawLimit => write!(f, "draw (move limit)"),
            Outcome::Fault { by, kind, detail } => {
                write!(f, "{} loses by {}: {detail}", name(*by), kind.name())
            }
        }
    }
}

/// The referee's board.
pub struct Judge {
    board: Board,
    to_move: Colour,
    draw_after: Option<usize>,
    moves: Vec<(usize, usize)>,
}

impl Judge {
    pub fn new(
        width: usize,
        height: usize,
        rule: Rule,
        draw_after: Option<usize>,
    ) -> Result<Judge, String> {
        let board = Board::new(width, height, rule).map_err(|e| e.to_string())?;
        Ok(Judge {
            board,
            to_move: Colour::Black,
            draw_after,
            moves: Vec::new(),
        })
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Every stone so far, in play order (black first).
    pub fn moves(&self) -> &[(usize, usize)] {
        &self.moves
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays an opening's stones; an opening may not contain an illegal or
    /// forbidden stone, a win, or fill the board.
    pub fn play_opening(&mut self, stones: &[(usize, usize)]) -> Result<(), String> {
        for &(x, y) in stones {
            match self.play(x as i64, y as i64) {
                None => {}
                Some(Outcome::Five { .. }) => {
                    return Err(format!("the stone on {x},{y} already wins"))
                }
                Some(Outcome::Fault { kind, .. }) => {
                    return Err(format!("the stone on {x},{y} is {}", kind.name()))
                }
                Some(Outcome::DrawFull | Outcome::DrawLimit) => {
                    return Err("the opening ends the game in a draw".into())
                }
            }
        }
        Ok(())
    }

    /// Plays `x,y` for the side to move. Returns the outcome if the move
    /// ends the game (a fault leaves the board unchanged).
    pub fn play(&mut self, x: i64, y: i64) -> Option<Outcome> {
        let side = self.to_move;
        let fault = |kind, detail: String| {
            Some(Outcome::Fault {
                by: side,
                kind,
                detail,
            })
        };
        let on_board = x >= 0
            && y >= 0
            && (x as usize) < self.board.width()
            && (y as usize) < self.board.height();
        let Some(sq) = on_board
            .then(|| self.board.square(x as usize, y as usize))
            .flatten()
        else {
            return fault(FaultKind::Illegal, format!("move {x},{y} is off the board"));
        };
        if !self.board.is_empty(sq) {
            return fault(FaultKind::Illegal, format!("move {x},{y} is on a stone"));
        }
        if !rules::is_legal(&mut self.board, sq, side) {
            return fault(
                FaultKind::Forbidden,
                format!("black's move {x},{y} is a forbidden point"),
            );
        }
        let wins = self.board.is_winning_move(sq, side);
        self.board.place(sq, side.stone());
        self.moves.push((x as usize, y as usize));
        self.to_move = side.opponent();
        if wins {
            Some(Outcome::Five { winner: side })
        } else if self.board.empty_count() == 0 {
            Some(Outcome::DrawFull)
        } else if self
            .draw_after
            .is_some_and(|limit| self.moves.len() >= limit)
        {
            Some(Outcome::DrawLimit)
        } else {
            None
        }
    }
}

/// Reads an engine's move reply `X,Y` (spaces around the numbers are
/// allowed). `None` if the line is not a move.
pub fn parse_move(line: &str) -> Option<(i64, i64)> {
    let (x, y) = line.trim().split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(rule: Rule) -> Judge {
        Judge::new(15, 15, rule, None).unwrap()
    }

    /// Plays black stones on `blacks` and white stones on `whites`
    /// alternately (both lists the same length), none of them ending the game.
    fn setup(j: &mut Judge, blacks: &[(i64, i64)], whites: &[(i64, i64)]) {
        for (b, w) in blacks.iter().zip(whites) {
            assert_eq!(j.play(b.0, b.1), None, "black {b:?}");
            assert_eq!(j.play(w.0, w.1), None, "white {w:?}");
        }
    }

    #[test]
    fn five_wins() {
        let mut j = judge(Rule::Freestyle);
        setup(
            &mut j,
            &[(3, 7), (4, 7), (5, 7), (6, 7)],
            &[(3, 0), (5, 0), (7, 0), (9, 0)],
        );
        assert_eq!(
            j.play(7, 7),
            Some(Outcome::Five {
                winner: Colour::Black
            })
        );
    }

    #[test]
    fn overline_under_standard_and_freestyle() {
        // X X X . X X: filling the gap makes six.
        let blacks = [(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)];
        let whites = [(0, 0), (2, 0), (4, 0), (6, 0), (8, 0)];
        let mut standard = judge(Rule::Standard);
        setup(&mut standard, &blacks, &whites);
        assert_eq!(standard.play(5, 7), None, "six is no win in standard");
        let mut freestyle = judge(Rule::Freestyle);
        setup(&mut freestyle, &blacks, &whites);
        assert_eq!(
            freestyle.play(5, 7),
            Some(Outcome::Five {
                winner: Colour::Black
            })
        );
        // Renju: the overline is forbidden for black.
        let mut renju = judge(Rule::Renju);
        setup(&mut renju, &blacks, &whites);
        assert!(matches!(
            renju.play(5, 7),
            Some(Outcome::Fault {
                by: Colour::Black,
                kind: FaultKind::Forbidden,
                ..
            })
        ));
    }

    #[test]
    fn caro_five_blocked_at_both_ends() {
        // O X X X X * O: exactly five blocked at both ends, no caro win.
        let blacks = [(2, 7), (3, 7), (4, 7), (5, 7)];
        let whites = [(1, 7), (7, 7), (0, 0), (2, 0)];
        let mut caro = judge(Rule::Caro {
            overline_wins: false,
        });
        setup(&mut caro, &blacks, &whites);
        assert_eq!(caro.play(6, 7), None);
        let mut freestyle = judge(Rule::Freestyle);
        setup(&mut freestyle, &blacks, &whites);
        assert_eq!(
            freestyle.play(6, 7),
            Some(Outcome::Five {
                winner: Colour::Black
            })
        );
    }

    #[test]
    fn renju_double_three_loses_for_black_only() {
        // RULES.md §9.4: (6,7) makes two open threes.
        let blacks = [(6, 6), (4, 7), (5, 7), (6, 8)];
        let whites = [(0, 0), (14, 0), (0, 14), (14, 14)];
        let mut renju = judge(Rule::Renju);
        setup(&mut renju, &blacks, &whites);
        let outcome = renju.play(6, 7).unwrap();
        assert_eq!(outcome.winner(), Some(Colour::White));
        assert_eq!(outcome.reason(), "forbidden");
        assert_eq!(outcome.result_text(), "0-1");
        // The board is unchanged by the fault.
        assert_eq!(renju.moves().len(), 8);
    }

    #[test]
    fn illegal_moves() {
        let mut j = judge(Rule::Freestyle);
        assert_eq!(j.play(7, 7), None);
        for (x, y) in [(7, 7), (15, 0), (-1, 3), (0, 99)] {
            let outcome = j.play(x, y).unwrap();
            assert!(matches!(
                outcome,
                Outcome::Fault {
                    by: Colour::White,
                    kind: FaultKind::Illegal,
                    ..
                }
            ));
        }
    }

    #[test]
    fn full_board_and_move_limit_draw() {
        // 5x5 filled without a five: rows of pattern so no line of five forms.
        // Colours per cell (B/W) chosen so no row, column or diagonal is
        // uniform; the play order alternates B, W.
        let pattern = ["BBWWB", "WWBBW", "BBWWB", "WWBBW", "BBWWB"];
        let mut blacks = Vec::new();
        let mut whites = Vec::new();
        for (y, row) in pattern.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c == 'B' {
                    blacks.push((x as i64, y as i64));
                } else {
                    whites.push((x as i64, y as i64));
                }
            }
        }
        assert_eq!((blacks.len(), whites.len()), (13, 12));
        let mut j = Judge::new(5, 5, Rule::Freestyle, None).unwrap();
        setup(&mut j, &blacks[..12], &whites);
        assert_eq!(j.play(blacks[12].0, blacks[12].1), Some(Outcome::DrawFull));

        let mut limited = Judge::new(15, 15, Rule::Renju, Some(4)).unwrap();
        assert_eq!(limited.play(7, 7), None);
        assert_eq!(limited.play(0, 0), None);
        assert_eq!(limited.play(8, 8), None);
        assert_eq!(limited.play(0, 1), Some(Outcome::DrawLimit));
    }

    #[test]
    fn openings_are_checked() {
        let mut j = judge(Rule::Freestyle);
        assert!(j.play_opening(&[(7, 7), (8, 8), (9, 9)]).is_ok());
        assert_eq!(j.to_move(), Colour::White);
        let mut dup = judge(Rule::Freestyle);
        assert!(dup.play_opening(&[(7, 7), (7, 7)]).is_err());
    }

    #[test]
    fn move_replies() {
        assert_eq!(parse_move("7,8"), Some((7, 8)));
        assert_eq!(parse_move(" 10 , 3 \r"), Some((10, 3)));
        assert_eq!(parse_move("-1,-1"), Some((-1, -1)));
        assert_eq!(parse_move("ERROR bad"), None);
        assert_eq!(parse_move("7 8"), None);
        assert_eq!(parse_move("7,8,1"), None);
    }
}
