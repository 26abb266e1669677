//! Wins per rule (RULES.md §3–§6 and §10), on real boards.

use super::*;
use crate::pattern::CellState;

/// A 15x15 board with black (`X`) and white (`O`) stones from rows of text
/// starting at (0, `first_row`); the move under test is `*` (left empty).
fn board_with(rule: Rule, first_row: usize, rows: &[&str]) -> (Board, Square) {
    let mut board = Board::new(15, 15, rule).unwrap();
    let mut star = None;
    for (dy, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let sq = board.square(x, first_row + dy).unwrap();
            match ch {
                'X' => board.place(sq, CellState::Black),
                'O' => board.place(sq, CellState::White),
                '#' => board.place(sq, CellState::Wall),
                '*' => star = Some(sq),
                _ => {}
            }
        }
    }
    (board, star.expect("a '*' in the rows"))
}

fn wins(rule: Rule, colour: Colour, rows: &[&str]) -> bool {
    let (board, sq) = board_with(rule, 7, rows);
    board.is_winning_move(sq, colour)
}

const OVERLINE: &[&str] = &[". X X X * X X ."];
const EXACT_FIVE: &[&str] = &[". O X X X X * ."];
const BLOCKED_FIVE: &[&str] = &[". O X X X X * O"];
const EDGE_FIVE: &[&str] = &["X X X X * O ."];
const BLOCKED_SIX: &[&str] = &["O X X X X X * O"];

#[test]
fn freestyle_overline_wins() {
    assert!(wins(Rule::Freestyle, Colour::Black, OVERLINE));
    assert!(wins(Rule::Freestyle, Colour::Black, EXACT_FIVE));
}

#[test]
fn standard_overline_does_not_win_but_exact_five_does() {
    assert!(!wins(Rule::Standard, Colour::Black, OVERLINE));
    assert!(!wins(Rule::Standard, Colour::White, OVERLINE_WHITE));
    assert!(wins(Rule::Standard, Colour::Black, EXACT_FIVE));
}

const OVERLINE_WHITE: &[&str] = &[". O O O * O O ."];

#[test]
fn standard_overline_in_one_line_and_five_in_another_wins() {
    let rows = [
        ". . . . X . . .",
        ". . . . X . . .",
        "X X X X * . . .",
        ". . . . X . . .",
        ". . . . X . . .",
    ];
    let (board, sq) = board_with(Rule::Standard, 5, &rows);
    assert!(board.is_winning_move(sq, Colour::Black));
}

#[test]
fn renju_black_needs_exactly_five_white_may_overline() {
    assert!(!wins(Rule::Renju, Colour::Black, OVERLINE));
    assert!(wins(Rule::Renju, Colour::White, OVERLINE_WHITE));
    assert!(wins(Rule::Renju, Colour::Black, EXACT_FIVE));
}

#[test]
fn caro_five_blocked_at_both_ends_does_not_win() {
    let caro = Rule::Caro {
        overline_wins: false,
    };
    assert!(!wins(caro, Colour::Black, BLOCKED_FIVE));
    assert!(wins(caro, Colour::Black, EXACT_FIVE));
    // The edge is not an opponent stone.
    assert!(wins(caro, Colour::Black, EDGE_FIVE));
    // Freestyle and standard do not care about blocks.
    assert!(wins(Rule::Freestyle, Colour::Black, BLOCKED_FIVE));
    assert!(wins(Rule::Standard, Colour::Black, BLOCKED_FIVE));
}

#[test]
fn caro_overlines_win_only_with_value_8() {
    let with_overlines = Rule::Caro {
        overline_wins: true,
    };
    let exact = Rule::Caro {
        overline_wins: false,
    };
    assert!(wins(with_overlines, Colour::Black, BLOCKED_SIX));
    assert!(!wins(exact, Colour::Black, BLOCKED_SIX));
    assert!(!wins(with_overlines, Colour::Black, BLOCKED_FIVE));
}

#[test]
fn dead_squares_break_rows() {
    let rows = [". X X # * X X ."];
    assert!(!wins(Rule::Freestyle, Colour::Black, &rows));
}

#[test]
fn info_rule_decoding() {
    assert_eq!(Rule::from_info(0, false), Some(Rule::Freestyle));
    assert_eq!(Rule::from_info(1, false), Some(Rule::Standard));
    assert_eq!(Rule::from_info(2, false), Some(Rule::Freestyle));
    assert_eq!(Rule::from_info(2, true), Some(Rule::Renju));
    assert_eq!(Rule::from_info(4, false), Some(Rule::Renju));
    assert_eq!(Rule::from_info(5, false), Some(Rule::Renju));
    assert_eq!(Rule::from_info(6, false), Some(Rule::Renju));
    assert_eq!(
        Rule::from_info(8, false),
        Some(Rule::Caro {
            overline_wins: true
        })
    );
    assert_eq!(
        Rule::from_info(9, false),
        Some(Rule::Caro {
            overline_wins: false
        })
    );
    for bad in [7, 12, 999, -1, i64::MAX] {
        assert_eq!(Rule::from_info(bad, false), None, "{bad}");
    }
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert_eq!(Rule::from_info(rule.info_value(), false), Some(rule));
    }
}
