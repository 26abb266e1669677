//! The swap2 opening (RULES.md §7), made by the engines themselves through
//! `SWAP2BOARD … DONE` (PROTOCOL.md §5.12; data lines are bare `X,Y`):
//!
//! 1. P1 gets an empty SWAP2BOARD and proposes three stones (black, white,
//!    black): `X1,Y1 X2,Y2 X3,Y3`.
//! 2. P2 gets them and answers `SWAP` (P2 takes black, P1 plays stone 4 as
//!    white), `X,Y` (P2 stays white and that is stone 4) or `X4,Y4 X5,Y5`
//!    (stones 4 and 5; the choice goes back to P1).
//! 3. P1 gets the five stones and answers `SWAP` (P1 takes black, P2 plays
//!    stone 6 as white) or `X,Y` (P1 takes white and that is stone 6).
//!
//! Each reply is timed like a move. Until the choice P1 counts as black and
//! P2 as white, so that a fault in the exchange is charged to the engine
//! that made it.

use super::game::{colour_of, fault, Ended, Game};
use super::judge::{parse_move, FaultKind, Outcome};
use crate::board::Colour;

/// Seat of the proposer (the first engine given to the game).
pub const P1: usize = 0;
/// Seat of the engine that chooses first.
pub const P2: usize = 1;

/// The final colour decision of a swap2 opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swap2Choice {
    /// Seat of the engine that decided: P2 at three stones, P1 at five.
    pub chooser: usize,
    /// The colour the chooser took.
    pub took: Colour,
    /// Stones on the board when it decided (3 or 5).
    pub stones: usize,
}

impl Swap2Choice {
    /// Seat of the engine that plays black.
    pub fn black_seat(&self) -> usize {
        match self.took {
            Colour::Black => self.chooser,
            Colour::White => 1 - self.chooser,
        }
    }

    /// Short form for records: the colour taken and at how many stones,
    /// e.g. `black@3` (a SWAP to three stones).
    pub fn code(&self) -> String {
        let colour = match self.took {
            Colour::Black => "black",
            Colour::White => "white",
        };
        format!("{colour}@{}", self.stones)
    }
}

/// An engine's answer to SWAP2BOARD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Swap,
    /// One or more `X,Y` in play order.
    Stones(Vec<(i64, i64)>),
}

/// Reads a SWAP2BOARD reply: `SWAP` or `X,Y` pairs separated by any
/// whitespace. `None` if it is neither.
pub fn parse_reply(line: &str) -> Option<Reply> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("SWAP") {
        return Some(Reply::Swap);
    }
    let stones: Vec<(i64, i64)> = line
        .split_whitespace()
        .map(parse_move)
        .collect::<Option<_>>()?;
    (!stones.is_empty()).then_some(Reply::Stones(stones))
}

/// Whether `reply` is a valid answer to SWAP2BOARD with `on_board` stones.
fn is_allowed(reply: &Reply, on_board: usize) -> bool {
    match (reply, on_board) {
        (Reply::Stones(stones), 0) => stones.len() == 3,
        (Reply::Swap, 3 | 5) => true,
        (Reply::Stones(stones), 3) => stones.len() <= 2,
        (Reply::Stones(stones), 5) => stones.len() == 1,
        _ => false,
    }
}

/// The valid answers to SWAP2BOARD with `on_board` stones, for messages.
fn allowed_text(on_board: usize) -> &'static str {
    match on_board {
        0 => "three stones X,Y X,Y X,Y",
        3 => "SWAP, X,Y or X,Y X,Y",
        _ => "SWAP or X,Y",
    }
}

/// Plays the exchange on `game`, whose players are still in seat order
/// (P1, P2); returns the colour decision.
pub(super) fn exchange(game: &mut Game) -> Result<Swap2Choice, Ended> {
    // P1 proposes (never a decision), P2 decides or puts two stones, then
    // P1 decides.
    for seat in [P1, P2, P1] {
        if let Some(choice) = decide(game, seat)? {
            return Ok(choice);
        }
    }
    unreachable!("the only valid answers to five stones are decisions")
}

/// Asks `seat` to answer SWAP2BOARD, places the stones of its reply and
/// returns the decision it makes, if any: `SWAP` takes black, one stone
/// takes white, three (the proposal) or two stones leave the choice to
/// the opponent.
fn decide(game: &mut Game, seat: usize) -> Result<Option<Swap2Choice>, Ended> {
    let on_board = game.stones().len();
    let (reply, ms) = ask(game, seat)?;
    let took = match &reply {
        Reply::Swap => Some(Colour::Black),
        Reply::Stones(stones) => {
            place(game, seat, stones, ms)?;
            (stones.len() == 1).then_some(Colour::White)
        }
    };
    Ok(took.map(|took| Swap2Choice {
        chooser: seat,
        took,
        stones: on_board,
    }))
}

/// Sends SWAP2BOARD with the stones so far to `seat` and returns its
/// checked reply and its time.
fn ask(game: &mut Game, seat: usize) -> Result<(Reply, u64), Ended> {
    let on_board = game.stones().len();
    let mut command = vec!["SWAP2BOARD".to_string()];
    command.extend(game.stones().iter().map(|(x, y)| format!("{x},{y}")));
    command.push("DONE".into());
    let by = colour_of(seat);
    let (text, ms) = game.ask(seat, by, &command)?;
    match parse_reply(&text) {
        Some(reply) if is_allowed(&reply, on_board) => Ok((reply, ms)),
        _ => Err(fault(
            by,
            FaultKind::Illegal,
            format!(
                "swap2 reply '{}' to {on_board} stones is not {}",
                text.trim(),
                allowed_text(on_board)
            ),
        )),
    }
}

/// Plays the stones of `seat`'s reply; the reply's time goes on the last.
/// A bad stone is `seat`'s fault whatever its colour (P1's proposal holds
/// a white stone).
fn place(game: &mut Game, seat: usize, stones: &[(i64, i64)], ms: u64) -> Result<(), Ended> {
    for (i, &stone) in stones.iter().enumerate() {
        let stone_ms = if i + 1 == stones.len() { ms } else { 0 };
        game.play_stone(stone, stone_ms).map_err(|end| match end {
            Some(Outcome::Fault { kind, detail, .. }) => {
                fault(colour_of(seat), kind, format!("swap2: {detail}"))
            }
            other => other,
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies() {
        assert_eq!(parse_reply("SWAP"), Some(Reply::Swap));
        assert_eq!(parse_reply(" swap\r"), Some(Reply::Swap));
        assert_eq!(parse_reply("7,7"), Some(Reply::Stones(vec![(7, 7)])));
        assert_eq!(
            parse_reply("7,7  8,7\t7,8"),
            Some(Reply::Stones(vec![(7, 7), (8, 7), (7, 8)]))
        );
        assert_eq!(parse_reply(""), None);
        assert_eq!(parse_reply("SWAP 7,7"), None);
        assert_eq!(parse_reply("7,7 8"), None);
        assert_eq!(parse_reply("UNKNOWN SWAP2BOARD"), None);
    }

    #[test]
    fn allowed_replies_per_step() {
        let stones = |n: usize| Reply::Stones(vec![(0, 0); n]);
        assert!(is_allowed(&stones(3), 0));
        assert!(!is_allowed(&stones(2), 0));
        assert!(!is_allowed(&Reply::Swap, 0));
        for n in [1, 2] {
            assert!(is_allowed(&stones(n), 3));
        }
        assert!(!is_allowed(&stones(3), 3));
        assert!(is_allowed(&Reply::Swap, 3));
        assert!(is_allowed(&Reply::Swap, 5));
        assert!(is_allowed(&stones(1), 5));
        assert!(!is_allowed(&stones(2), 5));
    }

    #[test]
    fn choices() {
        for (chooser, took, stones, black_seat, code) in [
            (P2, Colour::Black, 3, P2, "black@3"),
            (P2, Colour::White, 3, P1, "white@3"),
            (P1, Colour::Black, 5, P1, "black@5"),
            (P1, Colour::White, 5, P2, "white@5"),
        ] {
            let choice = Swap2Choice {
                chooser,
                took,
                stones,
            };
            assert_eq!(choice.black_seat(), black_seat, "{code}");
            assert_eq!(choice.code(), code);
        }
    }
}
