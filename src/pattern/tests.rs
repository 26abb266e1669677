//! Pattern classification checked against hand-written line shapes.
//!
//! Shapes are written left to right with `*` for the cell being played,
//! `X` own stones, `O` opponent stones, `.` empty and `|` the board edge.
//! Cells the string does not reach are empty.

use super::*;

fn window(shape: &str) -> [CellState; LINE_LEN] {
    let centre = shape.find('*').expect("shape needs a '*'");
    let mut line = [CellState::Empty; LINE_LEN];
    for (i, ch) in shape.chars().enumerate() {
        let index = i as i32 - centre as i32 + HALF_LINE as i32;
        let state = match ch {
            'X' | '*' => CellState::Black,
            'O' => CellState::White,
            '.' => CellState::Empty,
            '|' | '#' => CellState::Wall,
            other => panic!("bad shape char {other:?}"),
        };
        if (0..LINE_LEN as i32).contains(&index) {
            line[index as usize] = state;
        }
        // Everything beyond an edge marker is off the board.
        if ch == '|' {
            let range: Box<dyn Iterator<Item = i32>> = if index < HALF_LINE as i32 {
                Box::new(0..index.max(0))
            } else {
                Box::new(index + 1..LINE_LEN as i32)
            };
            for beyond in range {
                line[beyond as usize] = CellState::Wall;
            }
        }
    }
    line
}

fn black(shape: &str, win: WinCondition) -> Pattern {
    colour_tables(win, win).both(key_from_window(&window(shape)))[0]
}

/// The same shape seen by white (own stones written as `X` are white).
fn white(shape: &str, win: WinCondition) -> Pattern {
    let mut line = window(shape);
    for cell in line.iter_mut() {
        *cell = match *cell {
            CellState::Black => CellState::White,
            CellState::White => CellState::Black,
            other => other,
        };
    }
    colour_tables(win, win).both(key_from_window(&line))[1]
}

use WinCondition::*;

#[test]
fn fives_and_overlines_per_rule() {
    assert_eq!(black("XXXX*", FiveOrMore), Pattern::Five);
    assert_eq!(black("XX*XX", ExactFive), Pattern::Five);
    assert_eq!(black("XXX*XX", FiveOrMore), Pattern::Five);
    assert_eq!(black("XXX*XX", ExactFive), Pattern::Overline);
    assert_eq!(black("XXXXX*", ExactFive), Pattern::Overline);
    assert_eq!(black("XXXXX*", CaroExact), Pattern::Overline);
    assert_eq!(black("OXXXX*O", CaroExact), Pattern::Dead);
    assert_eq!(black("OXXXX*O", CaroOverline), Pattern::Dead);
    assert_eq!(black("OXXXX*.", CaroExact), Pattern::Five);
    assert_eq!(black("OXXXXX*O", CaroOverline), Pattern::Five);
    assert_eq!(black("OXXXXX*O", CaroExact), Pattern::Overline);
    // The board edge is not an opponent stone in caro.
    assert_eq!(black("|XXXX*O", CaroExact), Pattern::Five);
}

#[test]
fn fours() {
    assert_eq!(black(".XXX*.", FiveOrMore), Pattern::OpenFour);
    assert_eq!(black("OXXX*.", FiveOrMore), Pattern::Four);
    assert_eq!(black("|XXX*.", FiveOrMore), Pattern::Four);
    assert_eq!(black("XX.X*", FiveOrMore), Pattern::Four);
    assert_eq!(black("X.XX*", FiveOrMore), Pattern::Four);
    assert_eq!(black("*XX.X", FiveOrMore), Pattern::Four);
    // Two fours inside one line.
    assert_eq!(black("XXX.*.XXX", FiveOrMore), Pattern::FourFour);
    assert_eq!(black("XX.X*.XX", ExactFive), Pattern::FourFour);
    // A gap whose filling makes six is no four under exact-five rules.
    assert_eq!(black("XX*XXX", ExactFive), Pattern::Overline);
    assert_eq!(black("XX*XXX", FiveOrMore), Pattern::Five);
    assert_eq!(black("XX.XX*", ExactFive), Pattern::ClosedThree);
    assert_eq!(black("XX*.XXX", ExactFive), Pattern::ClosedThree);
    assert_eq!(black("XX*.XXX", FiveOrMore), Pattern::Four);
    // An end completion that would be six is not a straight four.
    assert_eq!(black("X.XX*X.", ExactFive), Pattern::Four);
    assert_eq!(black("X.XX*X.", FiveOrMore), Pattern::OpenFour);
}

#[test]
fn threes() {
    assert_eq!(black("..XX*..", FiveOrMore), Pattern::OpenThree);
    assert_eq!(black(".X.X*.", FiveOrMore), Pattern::OpenThree);
    assert_eq!(black(".X*.X.", FiveOrMore), Pattern::OpenThree);
    assert_eq!(black("OXX*..", FiveOrMore), Pattern::ClosedThree);
    assert_eq!(black("|XX*..", FiveOrMore), Pattern::ClosedThree);
    assert_eq!(black("O.XX*.O", FiveOrMore), Pattern::ClosedThree);
    // Blocked at distance two on one side: still a three (RULES.md §10.14).
    assert_eq!(black("O.XX*..", FiveOrMore), Pattern::OpenThree);
    // RULES.md §9.8: the straight four would need a six.
    assert_eq!(black("O.XX*..X", ExactFive), Pattern::ClosedThree);
    assert_eq!(black("O.XX*..X", FiveOrMore), Pattern::OpenThree);
}

#[test]
fn twos_ones_and_dead() {
    assert_eq!(black("..X*...", FiveOrMore), Pattern::OpenTwo);
    assert_eq!(black("..X.*..", FiveOrMore), Pattern::OpenTwo);
    assert_eq!(black("OX*...", FiveOrMore), Pattern::ClosedTwo);
    assert_eq!(black("...*...", FiveOrMore), Pattern::OpenOne);
    assert_eq!(black("O*....O", FiveOrMore), Pattern::ClosedOne);
    assert_eq!(black("O*...O", FiveOrMore), Pattern::Dead);
    assert_eq!(black("|..*.|", FiveOrMore), Pattern::Dead);
    assert_eq!(black("#X*XX#", FiveOrMore), Pattern::Dead);
}

#[test]
fn white_tables_mirror_black_tables() {
    for shape in [
        ".XXX*.", "OXX*..", "XX.X*.XX", "OXXXX*O", "|XXX*.", "..X.*..",
    ] {
        for win in [FiveOrMore, ExactFive, CaroExact, CaroOverline] {
            assert_eq!(black(shape, win), white(shape, win), "{shape} {win:?}");
        }
    }
}

#[test]
fn colour_swap_is_an_involution_that_keeps_walls() {
    for key in [0u32, ALL_WALL_KEY, 0b01_10_11_00_01, 0x5_5555, 0xA_AAAA] {
        assert_eq!(swap_colours(swap_colours(key)), key);
    }
    assert_eq!(swap_colours(0b11_10_01_00), 0b11_01_10_00);
}

#[test]
fn combination_threats() {
    use Pattern::*;
    assert_eq!(threat_of([Five, Dead, Dead, Dead]), CellThreat::Five);
    assert_eq!(
        threat_of([Four, OpenThree, Dead, Dead]),
        CellThreat::FourThree
    );
    assert_eq!(threat_of([Four, Four, Dead, Dead]), CellThreat::DoubleFour);
    assert_eq!(
        threat_of([FourFour, Dead, Dead, Dead]),
        CellThreat::DoubleFour
    );
    assert_eq!(
        threat_of([OpenThree, OpenThree, Dead, Dead]),
        CellThreat::DoubleThree
    );
    assert_eq!(
        threat_of([OpenTwo, ClosedThree, Dead, Dead]),
        CellThreat::Two
    );
    for combo in [0, 1, 500, 20735] {
        assert_eq!(combo_index(combo_patterns(combo)), combo);
    }
}

#[test]
fn dense_index_is_the_multiset_of_the_four_patterns() {
    use Pattern::*;
    let table = ComboTable::get();
    let multisets = dense_combos();
    assert_eq!(multisets.len(), DENSE_COMBO_COUNT);
    let mut seen = vec![false; DENSE_COMBO_COUNT];
    for combo in 0..COMBO_COUNT as Combo {
        let dense = table.dense(combo) as usize;
        seen[dense] = true;
        let mut patterns = combo_patterns(combo);
        patterns.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(multisets[dense], patterns);
    }
    assert!(seen.iter().all(|&s| s), "every multiset is reached");
    let dense = |p: [Pattern; 4]| table.dense(combo_index(p));
    assert_eq!(
        dense([OpenThree, Dead, Four, OpenTwo]),
        dense([Four, OpenThree, OpenTwo, Dead])
    );
    assert_ne!(
        dense([OpenThree, Dead, Four, OpenTwo]),
        dense([OpenThree, Dead, Four, ClosedTwo])
    );
}

#[test]
fn only_freestyle_never_looks_five_cells_away() {
    // The board skips updates five cells away when the flag is off; the
    // board's make/undo consistency tests check that nothing is missed.
    assert!(!colour_tables(FiveOrMore, FiveOrMore).far_cells_matter);
    // Caro needs them to see whether a five is blocked at both ends.
    assert!(colour_tables(CaroOverline, CaroOverline).far_cells_matter);
    assert!(colour_tables(ExactFive, ExactFive).far_cells_matter);
    assert!(colour_tables(ExactFive, FiveOrMore).far_cells_matter);
    assert!(colour_tables(CaroExact, CaroExact).far_cells_matter);
}

#[test]
fn merged_tables_give_each_colour_its_own_pattern_of_every_key() {
    // Freestyle's merged table leaves the far cells out of its index; the
    // others index the whole key. Either way a lookup must agree with the
    // per-colour classification of the full key (white's through the
    // colour-swapped key).
    for (black_win, white_win) in [(FiveOrMore, FiveOrMore), (ExactFive, FiveOrMore)] {
        let tables = colour_tables(black_win, white_win);
        let (black, white) = (own_patterns(black_win), own_patterns(white_win));
        for key in (0..KEY_COUNT as u32).step_by(7) {
            assert_eq!(
                tables.both(key),
                [black[key as usize], white[swap_colours(key) as usize]],
                "key {key:#x}"
            );
        }
    }
}
