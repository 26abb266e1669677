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
fn overline_in_one_line_and_five_in_another_wins() {
    // RULES.md §10.2: the column through `*` becomes six, the row five.
    let rows = [
        ". . . . X . . .",
        ". . . . X . . .",
        "X X X X * . . .",
        ". . . . X . . .",
        ". . . . X . . .",
        ". . . . X . . .",
    ];
    let (mut board, sq) = board_with(Rule::Standard, 5, &rows);
    assert!(board.is_winning_move(sq, Colour::Black));
    board.set_rule(Rule::Renju);
    assert!(board.is_winning_move(sq, Colour::Black));
    // Without the row, the six alone wins neither.
    let column_only: Vec<String> = rows
        .iter()
        .map(|r| r.replace("X X X X *", ". . . . *"))
        .collect();
    let column_only: Vec<&str> = column_only.iter().map(String::as_str).collect();
    for rule in [Rule::Standard, Rule::Renju] {
        let (board, sq) = board_with(rule, 5, &column_only);
        assert!(!board.is_winning_move(sq, Colour::Black), "{rule:?}");
    }
}

/// RULES.md §9.1–§9.3 as one table: does the move at `*` win for each
/// rule and colour? (`O`/`X` swapped for white.)
#[test]
fn wins_by_rule_and_colour() {
    let caro8 = Rule::Caro {
        overline_wins: true,
    };
    let caro9 = Rule::Caro {
        overline_wins: false,
    };
    let open_six: &[&str] = &[". X X X * X X ."];
    // (shape, rule, black wins, white wins)
    let cases: [(&[&str], Rule, bool, bool); 16] = [
        (EXACT_FIVE, Rule::Freestyle, true, true),
        (EXACT_FIVE, Rule::Standard, true, true),
        (EXACT_FIVE, Rule::Renju, true, true),
        (EXACT_FIVE, caro8, true, true),
        (EXACT_FIVE, caro9, true, true),
        (open_six, Rule::Freestyle, true, true),
        (open_six, Rule::Standard, false, false),
        (open_six, Rule::Renju, false, true),
        (open_six, caro8, true, true),
        (open_six, caro9, false, false),
        (BLOCKED_FIVE, Rule::Renju, true, true),
        (BLOCKED_FIVE, caro8, false, false),
        (BLOCKED_FIVE, caro9, false, false),
        (EDGE_FIVE, caro8, true, true),
        (EDGE_FIVE, caro9, true, true),
        (EDGE_FIVE, Rule::Renju, true, true),
    ];
    for (shape, rule, black, white) in cases {
        assert_eq!(
            wins(rule, Colour::Black, shape),
            black,
            "{shape:?} {rule:?} black"
        );
        let swapped: Vec<String> = shape
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| match c {
                        'X' => 'O',
                        'O' => 'X',
                        c => c,
                    })
                    .collect()
            })
            .collect();
        let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
        assert_eq!(
            wins(rule, Colour::White, &swapped),
            white,
            "{shape:?} {rule:?} white"
        );
    }
}

/// An overline is a legal (if useless) move in standard; in renju only
/// black's is forbidden, and a five never is (RULES.md §10.4, §10.5).
#[test]
fn overline_and_double_shapes_are_legal_except_for_renju_black() {
    let overline = |rule| board_with(rule, 7, &[". X X X * X X ."]);
    let (mut standard, sq) = overline(Rule::Standard);
    assert!(is_legal(&mut standard, sq, Colour::Black));
    let (mut renju, sq) = overline(Rule::Renju);
    assert!(!is_legal(&mut renju, sq, Colour::Black));
    let double_three = [
        ". . . . . . .",
        ". . . . X . .",
        ". . . . X . .",
        ". . X X * . .",
        ". . . . . . .",
    ];
    let (mut renju, sq) = board_with(Rule::Renju, 4, &double_three);
    assert!(!is_legal(&mut renju, sq, Colour::Black));
    assert!(is_legal(&mut renju, sq, Colour::White));
    let (mut freestyle, sq) = board_with(Rule::Freestyle, 4, &double_three);
    assert!(is_legal(&mut freestyle, sq, Colour::Black));
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
