//! The game in progress: the board, whose turn it is, and which colour the
//! engine plays.

use crate::board::{Board, Colour, Square};
use crate::pattern::CellState;
use crate::protocol::{Coord, Reply};
use crate::rules::{renju, Rule};

#[derive(Clone, Debug)]
pub struct Game {
    pub board: Board,
    pub to_move: Colour,
    /// The engine's colour, once it has been asked to move.
    pub engine: Option<Colour>,
}

impl Game {
    pub fn new(board: Board) -> Game {
        Game {
            board,
            to_move: Colour::Black,
            engine: None,
        }
    }

    /// The square a manager coordinate names, if it is on the board.
    pub fn board_square(&self, coord: Coord) -> Option<Square> {
        let x = usize::try_from(coord.x).ok()?;
        let y = usize::try_from(coord.y).ok()?;
        self.board.square(x, y)
    }

    /// The empty on-board square a manager move names, or why not.
    pub fn checked_square(&self, coord: Coord) -> Result<Square, String> {
        let sq = self
            .board_square(coord)
            .ok_or_else(|| format!("{},{} is off the board", coord.x, coord.y))?;
        if !self.board.is_empty(sq) {
            return Err(format!("{sq} is occupied"));
        }
        Ok(sq)
    }

    /// Puts a stone of `colour` on `sq`; the other colour moves next.
    pub fn place(&mut self, sq: Square, colour: Colour) {
        self.board.place(sq, colour.stone());
        self.to_move = colour.opponent();
    }

    /// TAKEBACK: removes the last stone if it is on `coord`.
    pub fn takeback(&mut self, coord: Coord) -> Reply {
        let last = self.board.last_move();
        match (last, self.board_square(coord)) {
            (Some(last), Some(sq)) if last == sq => {
                let removed = self.board.get(sq);
                self.board.undo();
                match removed {
                    CellState::Black => self.to_move = Colour::Black,
                    CellState::White => self.to_move = Colour::White,
                    _ => {}
                }
                Reply::Ok
            }
            (None, _) => Reply::Error("TAKEBACK on an empty board".into()),
            _ => Reply::Error(format!(
                "TAKEBACK {},{} is not the last move",
                coord.x, coord.y
            )),
        }
    }

    /// PLAY: the manager confirms a move for the engine; place and echo it.
    pub fn play_own(&mut self, coord: Coord) -> Reply {
        match self.checked_square(coord) {
            Ok(sq) => {
                let colour = self.engine.unwrap_or(self.to_move);
                self.place(sq, colour);
                Reply::Move {
                    x: sq.x(),
                    y: sq.y(),
                }
            }
            Err(message) => Reply::Error(message),
        }
    }

    /// Would `colour` playing the empty `sq` be a forbidden renju move?
    pub fn is_forbidden_move(&mut self, sq: Square, colour: Colour) -> bool {
        self.board.rule() == Rule::Renju
            && colour == Colour::Black
            && renju::is_forbidden(&mut self.board, sq)
    }

    /// Forbidden squares of the side to move: black's under renju, else none.
    pub fn forbidden_points(&mut self) -> Vec<(usize, usize)> {
        if self.board.rule() != Rule::Renju || self.to_move != Colour::Black {
            return Vec::new();
        }
        renju::forbidden_points(&mut self.board)
            .into_iter()
            .map(|sq| (sq.x(), sq.y()))
            .collect()
    }
}
