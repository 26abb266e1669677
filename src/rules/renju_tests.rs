//! The fast forbidden-point detector against the hand-checked corpus and
//! against the slow reference on random positions.

use super::renju::{forbidden_points, is_forbidden};
use super::renju_cases::RENJU_CASES;
use super::renju_reference::{self, RefBoard, BLACK, EMPTY, WALL, WHITE};
use super::Rule;
use crate::board::{Board, Square};
use crate::pattern::CellState;
use crate::rng::SplitMix64;

/// The engine board holding the same stones as a reference board.
fn engine_board(reference: &RefBoard) -> Board {
    let mut board = Board::new(reference.width, reference.height, Rule::Renju).unwrap();
    for y in 0..reference.height {
        for x in 0..reference.width {
            let state = match reference.get(x, y) {
                BLACK => CellState::Black,
                WHITE => CellState::White,
                WALL => CellState::Wall,
                _ => continue,
            };
            board.place(Square::new(x, y), state);
        }
    }
    board
}

fn points(board: &mut Board) -> Vec<(usize, usize)> {
    forbidden_points(board)
        .into_iter()
        .map(|sq| (sq.x(), sq.y()))
        .collect()
}

#[test]
fn fast_detector_agrees_with_every_corpus_case() {
    let mut failures = Vec::new();
    for case in RENJU_CASES {
        let reference = case.board();
        let mut board = engine_board(&reference);
        let found = points(&mut board);
        let mut problems = Vec::new();
        for &(x, y) in case.forbidden {
            if !is_forbidden(&mut board, Square::new(x, y)) {
                problems.push(format!("{x},{y} should be forbidden"));
            }
        }
        for &(x, y) in case.allowed {
            if board.is_empty(Square::new(x, y)) && is_forbidden(&mut board, Square::new(x, y)) {
                problems.push(format!("{x},{y} should be allowed"));
            }
        }
        if case.exact_list && found != case.forbidden {
            problems.push(format!("list {found:?}, expected {:?}", case.forbidden));
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{}: {}\n{}",
                case.name,
                problems.join("; "),
                reference.to_ascii()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Random renju-like positions: stones clustered around the centre so that
/// threes and fours are common, an occasional wall.
fn random_position(rng: &mut SplitMix64, size: usize) -> RefBoard {
    let mut board = RefBoard::new(size, size);
    let stones = 8 + (rng.next_u64() % 40) as usize;
    let spread = 3 + (rng.next_u64() % 5) as usize;
    let centre = size / 2;
    for i in 0..stones {
        let x =
            (centre + size - spread + (rng.next_u64() % (2 * spread as u64 + 1)) as usize) % size;
        let y =
            (centre + size - spread + (rng.next_u64() % (2 * spread as u64 + 1)) as usize) % size;
        if board.get(x, y) == EMPTY {
            let colour = if rng.next_u64().is_multiple_of(50) {
                WALL
            } else if i % 5 < 3 {
                BLACK
            } else {
                WHITE
            };
            board.set(x, y, colour);
        }
    }
    board
}

#[test]
fn fast_detector_matches_the_reference_on_random_positions() {
    let mut rng = SplitMix64(2024);
    let mut compared = 0;
    for round in 0..1500 {
        let size = [15, 15, 15, 9, 20][round % 5];
        let reference = random_position(&mut rng, size);
        let mut board = engine_board(&reference);
        let fast = points(&mut board);
        let slow = renju_reference::forbidden_points(&reference);
        assert_eq!(fast, slow, "round {round}\n{}", reference.to_ascii());
        compared += slow.len();
    }
    // The generator must actually produce forbidden points to compare.
    assert!(compared > 1000, "only {compared} forbidden points seen");
}
