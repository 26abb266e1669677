//! The review of one game: every position of it searched once (fixed time
//! or nodes, all threads), and every move judged from the positions before
//! and after it ([`judge`]).

use super::book;
use super::judge::{self, Forced, Mark, Standing};
use super::record::GameRecord;
use crate::board::{Board, Colour, Rule, Square};
use crate::search::movegen;
use crate::search::score::{mate_in, mated_in};
use crate::search::time::Budget;
use crate::search::vcf::ThreatSolver;
use crate::search::{self, Limits, SearchState};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How hard each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    Time(Duration),
    Nodes(u64),
}

#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub effort: Effort,
    pub threads: u32,
    pub table_bytes: usize,
}

/// Node limits of the solvers that name a forced win: small, since the
/// search of the position runs its own solvers and proves what they miss.
const VCF_NODES: u64 = 100_000;
const VCT_NODES: u64 = 20_000;
const VCF_FOURS: u32 = 40;
const VCT_THREES: u32 = 8;

/// A square as (x, y).
pub type Point = (usize, usize);

/// One move, judged.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// 1-based move number.
    pub number: usize,
    pub colour: Colour,
    pub played: Point,
    /// The record's line of the move.
    pub line: usize,
    pub book: bool,
    /// The engine's move and principal variation in the position before.
    pub best: Option<Point>,
    pub pv: Vec<Point>,
    /// Search score before the move, for the mover.
    pub score: i32,
    pub depth: u32,
    /// Win rate of the mover before the move, and after it.
    pub win_rate: f64,
    pub win_rate_after: f64,
    pub loss: f64,
    pub marks: Vec<Mark>,
    /// Renju: black's forbidden points when black is to move.
    pub forbidden: Vec<Point>,
}

/// A reviewed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    pub game: GameRecord,
    pub rule: Rule,
    pub moves: Vec<MoveReview>,
    /// How the game ended on the board: `Some(colour)` made five.
    pub five_by: Option<Colour>,
}

/// Checks that the game can be replayed under `rule` (no move after a
/// five) before any search starts, so that a bad record writes nothing.
pub fn check_replay(game: &GameRecord, rule: Rule) -> Result<(), String> {
    let mut board = Board::new(game.width, game.height, rule).map_err(|e| e.to_string())?;
    for (index, stone) in game.moves.iter().enumerate() {
        if let Some(earlier) = five_on_board(&board) {
            return Err(format!(
                "line {}: a move after the game was won ({} made five at move {earlier})",
                stone.line,
                colour_name(Colour::from_parity(earlier - 1))
            ));
        }
        let sq = board
            .square(stone.x, stone.y)
            .expect("checked on the board");
        board.place(sq, Colour::from_parity(index).stone());
        if board.empty_count() == 0 {
            break;
        }
    }
    Ok(())
}

/// The move number that made five, if the last move did.
fn five_on_board(board: &Board) -> Option<usize> {
    let last = board.last_move()?;
    let colour = Colour::from_parity(board.history().len() - 1);
    let mut copy = board.clone();
    copy.undo();
    copy.is_winning_move(last, colour)
        .then_some(board.history().len())
}

pub fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "black",
        Colour::White => "white",
    }
}

trait Parity {
    fn from_parity(moves_before: usize) -> Colour;
}

impl Parity for Colour {
    /// The colour that plays after `moves_before` stones.
    fn from_parity(moves_before: usize) -> Colour {
        if moves_before.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

/// What the search says of one position.
struct Searched {
    standing: Standing,
    best: Option<Point>,
    pv: Vec<Point>,
    depth: u32,
}

/// Reviews `game` under `rule`; `progress(done, total)` after each
/// position searched. The game must pass [`check_replay`].
pub fn review(
    game: &GameRecord,
    rule: Rule,
    known_openings: &[Vec<Point>],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> GameReview {
    let mut board = Board::new(game.width, game.height, rule).expect("checked size");
    let mut state = SearchState::new(settings.table_bytes);
    let book_moves = book::book_length(game, known_openings);
    let total = game.moves.len() + 1;
    // Position k is the board after k moves, searched for the side to move.
    let mut positions: Vec<Option<Searched>> = Vec::with_capacity(total);
    let mut forbidden_before = Vec::with_capacity(game.moves.len());
    let mut forbidden_played = Vec::with_capacity(game.moves.len());
    let mut five_by = None;
    for k in 0..total {
        let side = Colour::from_parity(k);
        let over = five_on_board(&board).is_some() || board.empty_count() == 0;
        let searched = if over {
            None
        } else {
            Some(search_position(&mut board, side, settings, &mut state))
        };
        positions.push(searched);
        progress(k + 1, total);
        let Some(stone) = game.moves.get(k) else {
            break;
        };
        let sq = board
            .square(stone.x, stone.y)
            .expect("checked on the board");
        let renju_black = rule == Rule::Renju && side == Colour::Black;
        forbidden_before.push(if renju_black {
            crate::rules::renju::forbidden_points(&mut board)
                .into_iter()
                .map(point)
                .collect()
        } else {
            Vec::new()
        });
        forbidden_played.push(renju_black && !crate::rules::is_legal(&mut board, sq, side));
        if board.is_winning_move(sq, side) {
            five_by = Some(side);
        }
        board.place(sq, side.stone());
    }

    let mut moves = Vec::with_capacity(game.moves.len());
    for (k, stone) in game.moves.iter().enumerate() {
        let colour = Colour::from_parity(k);
        let played = (stone.x, stone.y);
        let before = positions[k]
            .as_ref()
            .expect("a move is made in a live position");
        // After the move, seen by the opponent: lost after a five, even
        // after a full board.
        let made_five = five_by == Some(colour) && k + 1 == game.moves.len();
        let after = match &positions[k + 1] {
            Some(searched) => Some(searched.standing),
            None if made_five => Some(Standing {
                score: mated_in(0),
                forced: None,
                eval_scale: 100,
            }),
            None => None,
        };
        let book = k < book_moves;
        let (loss, marks) = if book {
            (0.0, vec![Mark::Book])
        } else {
            judge::judge(
                &before.standing,
                after.as_ref(),
                before.best == Some(played),
                forbidden_played[k],
            )
        };
        let win_rate_after = match &after {
            _ if forbidden_played[k] => 0.0,
            Some(after) => 1.0 - after.win_rate(),
            None => 0.5,
        };
        moves.push(MoveReview {
            number: k + 1,
            colour,
            played,
            line: stone.line,
            book,
            best: before.best,
            pv: before.pv.clone(),
            score: before.standing.score,
            depth: before.depth,
            win_rate: before.standing.win_rate(),
            win_rate_after,
            loss,
            marks,
            forbidden: forbidden_before[k].clone(),
        });
    }
    GameReview {
        game: game.clone(),
        rule,
        moves,
        five_by,
    }
}

/// The evaluation's scale for `side` to move under the board's rule.
fn eval_scale(board: &Board, side: Colour) -> i32 {
    crate::eval::shipped_tables(board.rule()).scale[side.index()]
}

fn point(sq: Square) -> Point {
    (sq.x(), sq.y())
}

/// One search of the position, and the solvers that name a forced win.
fn search_position(
    board: &mut Board,
    side: Colour,
    settings: &Settings,
    state: &mut SearchState,
) -> Searched {
    // Facing a single five threat with no five of its own, the engine
    // blocks without searching and scores the position 0 (it only needs a
    // move); a review needs the value, which is the opponent's after the
    // block.
    if movegen::five_squares(board, side).is_empty() {
        let threats = movegen::five_squares(board, side.opponent());
        if let [block] = threats[..] {
            if movegen::is_legal(board, block, side) {
                board.place(block, side.stone());
                let reply = search_position(board, side.opponent(), settings, state);
                board.undo();
                let mut pv = vec![point(block)];
                pv.extend(reply.pv);
                return Searched {
                    standing: Standing {
                        score: -reply.standing.score,
                        forced: None,
                        eval_scale: eval_scale(board, side),
                    },
                    best: Some(point(block)),
                    pv,
                    depth: reply.depth + 1,
                };
            }
        }
    }
    let mut limits = match settings.effort {
        Effort::Time(time) => Limits::timed(Budget {
            target: time,
            hard: time,
            whole_turn: false,
        }),
        Effort::Nodes(nodes) => Limits {
            max_nodes: nodes,
            ..Limits::timed(Budget::unlimited())
        },
    };
    limits.threads = settings.threads;
    let stop = AtomicBool::new(false);
    let mut pv = Vec::new();
    let result = search::think(board, side, &limits, &stop, state, &mut |progress| {
        pv = progress.pv.clone();
    });
    let best = result.best.map(point);
    let mut pv: Vec<Point> = pv.into_iter().map(point).collect();
    if pv.first() != best.as_ref() {
        pv = best.into_iter().collect();
    }
    let mut solver = ThreatSolver::new(VCF_NODES);
    let forced = if solver.vcf(board, side, VCF_FOURS).is_some() {
        Some(Forced::Vcf)
    } else {
        solver.reset(VCT_NODES);
        solver
            .vct(board, side, VCT_THREES)
            .is_some()
            .then_some(Forced::Vct)
    };
    // A solver's win is proven, whatever the search had time to see.
    let score = match forced {
        Some(_) if result.score < mate_in(search::alphabeta::MAX_PLY) => {
            result.score.max(mate_in(search::alphabeta::MAX_PLY))
        }
        _ => result.score,
    };
    Searched {
        standing: Standing {
            score,
            forced,
            eval_scale: eval_scale(board, side),
        },
        best,
        pv,
        depth: result.depth,
    }
}
