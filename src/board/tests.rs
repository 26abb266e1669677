//! Make/undo and incremental-pattern properties, checked against a board
//! whose keys are recomputed by scanning.

use super::*;
use crate::rng::SplitMix64;

const ALL_RULES: [Rule; 5] = [
    Rule::Freestyle,
    Rule::Standard,
    Rule::Renju,
    Rule::Caro {
        overline_wins: false,
    },
    Rule::Caro {
        overline_wins: true,
    },
];

/// Plays a random game of `moves` stones (with an occasional wall),
/// checking the board against a rebuild after every `check_every` moves,
/// then undoes everything and checks the board is back to empty.
fn random_game(
    width: usize,
    height: usize,
    rule: Rule,
    seed: u64,
    moves: usize,
    check_every: usize,
) {
    let mut rng = SplitMix64(seed);
    let mut board = Board::new(width, height, rule).unwrap();
    board.set_values(test_values());
    let empty_hash = board.hash();
    let sums = |board: &Board| {
        [Colour::Black, Colour::White].map(|c| (board.mine_sum(c), board.theirs_sum(c)))
    };
    let empty_sums = sums(&board);
    let mut hashes = vec![board.hash()];
    let mut colour = Colour::Black;
    for played in 0..moves.min(width * height) {
        let empties: Vec<Square> = board.empty_squares().collect();
        let sq = empties[(rng.next_u64() % empties.len() as u64) as usize];
        let state = if rng.next_u64().is_multiple_of(29) {
            CellState::Wall
        } else {
            colour.stone()
        };
        board.place(sq, state);
        colour = colour.opponent();
        hashes.push(board.hash());
        if played.is_multiple_of(check_every) {
            if let Err(e) = board.check_consistency() {
                panic!(
                    "{width}x{height} {rule:?} seed {seed} after {played} moves: {e}\n{board:?}"
                );
            }
        }
    }
    board.check_consistency().unwrap();
    while board.undo().is_some() {
        hashes.pop();
        assert_eq!(Some(&board.hash()), hashes.last());
        if board.history().len().is_multiple_of(check_every) {
            board.check_consistency().unwrap();
        }
    }
    assert_eq!(board.hash(), empty_hash);
    assert_eq!(sums(&board), empty_sums);
    assert_eq!(board.empty_count(), width * height);
    board.check_consistency().unwrap();
}

#[test]
fn make_undo_restores_everything_on_every_square_size() {
    for size in MIN_SIZE..=MAX_SIZE {
        let rule = ALL_RULES[size % ALL_RULES.len()];
        random_game(size, size, rule, size as u64, size * size, 7);
    }
}

#[test]
fn make_undo_restores_everything_on_rectangles_and_all_rules() {
    let shapes = [(5, 32), (32, 5), (20, 15), (7, 11), (32, 32), (5, 5)];
    for (i, &(w, h)) in shapes.iter().enumerate() {
        for (j, &rule) in ALL_RULES.iter().enumerate() {
            random_game(w, h, rule, 1000 + (i * 10 + j) as u64, 120, 5);
        }
    }
}

#[test]
fn squares_round_trip_and_stay_on_the_board() {
    let board = Board::new(20, 15, Rule::Freestyle).unwrap();
    assert_eq!(board.squares().count(), 300);
    for sq in board.squares() {
        assert_eq!(board.square(sq.x(), sq.y()), Some(sq));
    }
    assert_eq!(board.square(20, 0), None);
    assert_eq!(board.square(0, 15), None);
}

#[test]
fn king_distance_is_the_larger_axis_distance_and_symmetric() {
    let board = Board::new(20, 15, Rule::Freestyle).unwrap();
    let centre = board.square(7, 7).unwrap();
    assert_eq!(centre.king_distance(centre), 0);
    assert_eq!(centre.king_distance(board.square(9, 8).unwrap()), 2);
    assert_eq!(centre.king_distance(board.square(3, 11).unwrap()), 4);
    assert_eq!(centre.king_distance(board.square(19, 0).unwrap()), 12);
    for a in board.squares().step_by(7) {
        for b in board.squares().step_by(11) {
            assert_eq!(a.king_distance(b), b.king_distance(a));
        }
    }
}

#[test]
fn sizes_outside_five_to_thirty_two_are_refused() {
    assert!(Board::new(4, 15, Rule::Freestyle).is_err());
    assert!(Board::new(15, 33, Rule::Freestyle).is_err());
    assert!(Board::new(usize::MAX, 15, Rule::Freestyle).is_err());
    assert!(Board::new(5, 32, Rule::Freestyle).is_ok());
}

#[test]
fn edges_block_lines() {
    // A stone in the corner of a 5x5 board: a five along the edge is still
    // possible, so the corner's horizontal pattern is alive.
    let board = Board::new(5, 5, Rule::Freestyle).unwrap();
    let corner = board.square(0, 0).unwrap();
    assert_eq!(board.pattern(corner, Colour::Black, 0), Pattern::ClosedOne);
    // Only four cells fit on the anti-diagonal through (0,3) -> (3,0).
    let short = board.square(0, 3).unwrap();
    assert_eq!(board.pattern(short, Colour::Black, 3), Pattern::Dead);
}

#[test]
fn changing_the_rule_rederives_patterns() {
    let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
    for x in [2, 3, 5, 6, 7] {
        board.place(board.square(x, 7).unwrap(), CellState::Black);
    }
    let gap = board.square(4, 7).unwrap();
    assert!(board.is_winning_move(gap, Colour::Black));
    board.set_rule(Rule::Standard);
    assert!(!board.is_winning_move(gap, Colour::Black));
    assert_eq!(board.pattern(gap, Colour::Black, 0), Pattern::Overline);
    board.check_consistency().unwrap();
}

/// Value tables with a different pseudo-random value for every entry, so
/// that a sum that missed or doubled any square would show.
fn test_values() -> &'static ValueTables {
    static TABLES: std::sync::OnceLock<ValueTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut rng = SplitMix64(99);
        let mut table = || -> Box<[i32]> {
            (0..crate::pattern::DENSE_COMBO_COUNT)
                .map(|_| (rng.next_u64() % 2001) as i32 - 1000)
                .collect()
        };
        let mut colour = || SquareValues {
            order: table().iter().copied().collect(),
            policy: Box::new([]),
            eval: table()
                .iter()
                .zip(table().iter())
                .map(|(&m, &t)| [m, t])
                .collect(),
        };
        ValueTables {
            colours: [colour(), colour()],
            tempo: [0; 2],
            scale: [100; 2],
            threat: [
                vec![0; super::THREAT_MASKS].into_boxed_slice(),
                vec![0; super::THREAT_MASKS].into_boxed_slice(),
            ],
        }
    })
}

#[test]
fn attaching_tables_recomputes_the_sums() {
    let mut board = Board::new(9, 9, Rule::Freestyle).unwrap();
    board.place(Square::new(4, 4), CellState::Black);
    assert_eq!(board.mine_sum(Colour::Black), 0, "zero tables before");
    board.set_values(test_values());
    assert_ne!(board.mine_sum(Colour::Black), 0);
    board.check_consistency().unwrap();
}

/// Tables attached while stones are on the board (a search after BOARD,
/// or a rule change) and then every stone taken back: each square must be
/// as on a board that never had the stones. A stone's views used to stay
/// as derived at attach time, from keys that counted the stones placed
/// after it, and came back wrong when it was taken back.
#[test]
fn undo_after_attaching_tables_mid_game_restores_everything() {
    for rule in ALL_RULES {
        let mut rng = SplitMix64(7);
        let mut board = Board::new(15, 15, rule).unwrap();
        let mut colour = Colour::Black;
        for _ in 0..40 {
            let empties: Vec<Square> = board
                .empty_squares()
                .filter(|&sq| sq.x().abs_diff(7) <= 3 && sq.y().abs_diff(7) <= 3)
                .collect();
            let sq = empties[(rng.next_u64() % empties.len() as u64) as usize];
            board.place(sq, colour.stone());
            colour = colour.opponent();
        }
        board.set_values(test_values());
        while board.undo().is_some() {
            if let Err(e) = board.check_consistency() {
                panic!("{rule:?} with {} stones left: {e}", board.history().len());
            }
        }
    }
}

#[test]
fn near_squares_are_two_around_and_four_along_the_lines() {
    let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
    let centre = board.square(7, 7).unwrap();
    board.place(centre, CellState::Black);
    let near: Vec<(usize, usize)> = board
        .empty_squares()
        .filter(|&sq| board.is_near_stone(sq))
        .map(|sq| (sq.x(), sq.y()))
        .collect();
    // The 5x5 square (24 empty) and the 16 line squares three and four away.
    assert_eq!(near.len(), 24 + 16);
    for square in [(9, 9), (5, 6), (10, 7), (7, 3), (3, 3), (11, 3), (4, 10)] {
        assert!(near.contains(&square), "{square:?}");
    }
    for square in [(10, 8), (7, 12), (12, 12), (4, 6), (11, 5)] {
        assert!(!near.contains(&square), "{square:?}");
    }
    // Undo forgets them all.
    board.undo();
    assert!(board.squares().all(|sq| !board.is_near_stone(sq)));
}
