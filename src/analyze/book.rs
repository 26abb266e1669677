//! Book moves: the first stones of a game that come from a known opening,
//! marked as book and not judged (nobody chose them in the game). Known
//! openings are the record's own marks (c-gomoku-cli's `opening move`
//! comments), the sets shipped in `scripts/openings/` for the board's size,
//! and an openings file given with `--book`; the longest one the game
//! starts with counts.

use super::record::GameRecord;
use crate::match_runner::openings::{self, Opening};

/// The shipped sets, by board size: what `ferro-match` and the scripts
/// play from.
const SHIPPED: [(usize, &str); 5] = [
    (
        15,
        include_str!("../../scripts/openings/freestyle15_balanced_pos.txt"),
    ),
    (
        15,
        include_str!("../../scripts/openings/standard15_balanced_pos.txt"),
    ),
    (
        15,
        include_str!("../../scripts/openings/renju15_balanced_pos.txt"),
    ),
    (
        20,
        include_str!("../../scripts/openings/freestyle20_balanced_pos.txt"),
    ),
    (
        20,
        include_str!("../../scripts/openings/piskvork_offset.txt"),
    ),
];

/// Openings known for a `width` × `height` board: the shipped sets of that
/// size and `extra` (the `--book` file's openings).
pub fn known_openings(width: usize, height: usize, extra: &[Opening]) -> Vec<Vec<(usize, usize)>> {
    let mut known: Vec<Vec<(usize, usize)>> = extra.iter().map(|o| o.stones.clone()).collect();
    if width == height {
        for (size, text) in SHIPPED {
            if size == width {
                // The shipped files are checked by their own tests.
                if let Ok(set) = openings::parse(text, width, height) {
                    known.extend(set.into_iter().map(|o| o.stones));
                }
            }
        }
    }
    known
}

/// How many of the game's first moves are book.
pub fn book_length(game: &GameRecord, known: &[Vec<(usize, usize)>]) -> usize {
    let marked = game.moves.iter().take_while(|m| m.book).count();
    let played: Vec<(usize, usize)> = game.moves.iter().map(|m| (m.x, m.y)).collect();
    let from_sets = known
        .iter()
        .filter(|opening| played.starts_with(opening))
        .map(Vec::len)
        .max()
        .unwrap_or(0);
    marked.max(from_sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze::record::{moves, Defaults};

    fn game(line: &str) -> GameRecord {
        let defaults = Defaults {
            size: Some(15),
            rule: None,
        };
        moves::parse(line, "t", defaults).unwrap().remove(0)
    }

    #[test]
    fn a_shipped_opening_is_book() {
        // The first line of freestyle15_balanced_pos.txt, then two moves.
        let known = known_openings(15, 15, &[]);
        let g = game("k13m10n13l14k10k12k11j11i10a1b2");
        assert_eq!(book_length(&g, &known), 9);
        assert_eq!(book_length(&game("a1b2c3"), &known), 0);
    }

    #[test]
    fn record_marks_and_extra_books_count() {
        let extra = openings::parse("a1b2c3\n", 15, 15).unwrap();
        let known = known_openings(15, 15, &extra);
        assert_eq!(book_length(&game("a1b2c3d4"), &known), 3);
        let mut g = game("e5f6g7");
        g.moves[0].book = true;
        g.moves[1].book = true;
        assert_eq!(book_length(&g, &known), 2);
    }
}
