use super::*;
use crate::board::{Board, Colour, Rule, Square};
use crate::pattern::{CellState, DENSE_COMBO_COUNT};
use crate::rng::SplitMix64;

#[test]
fn the_shipped_weights_parse_and_have_full_tables() {
    let weights = shipped_weights();
    for (_, table) in &weights.tables {
        assert_eq!(table.mine.len(), DENSE_COMBO_COUNT);
        assert_eq!(table.theirs.len(), DENSE_COMBO_COUNT);
        assert_eq!(table.threat.len(), crate::board::THREAT_MASKS);
    }
    assert_eq!(Weights::parse(&weights.to_text()).as_ref(), Ok(weights));
}

#[test]
fn weights_text_round_trips_and_errors_name_the_line() {
    let mut weights = Weights {
        comments: vec!["trained by a test".into()],
        tables: Vec::new(),
    };
    let mut table = Table::handset();
    table.tempo = -7;
    table.mine[3] = 12345;
    weights.set(TableId::RenjuWhite, table.clone());
    table.policy = Some(PolicyTable {
        mine: vec![-3; DENSE_COMBO_COUNT],
        theirs: vec![5; DENSE_COMBO_COUNT],
    });
    weights.set(TableId::Standard, table);
    let text = weights.to_text();
    assert_eq!(Weights::parse(&text), Ok(weights));
    // The two policy lines come together.
    let lone_policy: String = text
        .lines()
        .filter(|l| !l.starts_with("policy-theirs"))
        .map(|l| format!("{l}\n"))
        .collect();
    let error = Weights::parse(&lone_policy).unwrap_err();
    assert!(error.contains("policy"), "{error}");
    let error = Weights::parse("table freestyle\ntempo 1\nmine 1 2 3\n").unwrap_err();
    assert!(error.starts_with("line 3:"), "{error}");
    let error = Weights::parse("# c\ntable gomoku\n").unwrap_err();
    assert!(error.starts_with("line 2:"), "{error}");
    let error = Weights::parse("table caro\ntempo 3\nthreat 1 2\n").unwrap_err();
    assert!(error.starts_with("line 3:"), "{error}");
    let error = Weights::parse("table caro\ntempo 3\n").unwrap_err();
    assert!(error.contains("lacks"), "{error}");
}

#[test]
fn a_table_scale_is_read_written_and_reaches_the_board_tables() {
    let mut table = Table::handset();
    table.scale = 50;
    let mut weights = Weights::default();
    weights.set(TableId::Freestyle, table);
    let text = weights.to_text();
    assert!(
        text.contains(
            "
scale 50
"
        ),
        "{text}"
    );
    assert_eq!(Weights::parse(&text), Ok(weights.clone()));
    assert_eq!(rule_tables(&weights, Rule::Freestyle).scale, [50, 50]);
    // A table without the line keeps its whole evaluation, and writes none.
    assert_eq!(rule_tables(&weights, Rule::Standard).scale, [100, 100]);
    assert!(!Weights::default().to_text().contains("scale"));
    let error = Weights::parse(&text.replace("scale 50", "scale 0")).unwrap_err();
    assert!(error.contains("scale 0"), "{error}");
}

/// The incremental sums equal a sum over the empty squares computed from
/// scratch, through random games on every rule.
#[test]
fn incremental_evaluation_equals_a_sum_from_scratch() {
    let rules = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro {
            overline_wins: false,
        },
    ];
    let mut rng = SplitMix64::new(7);
    for rule in rules {
        let tables = shipped_tables(rule);
        let mut board = Board::new(15, 15, rule).unwrap();
        attach(&mut board);
        for moves in 0..120 {
            let empties: Vec<Square> = board.empty_squares().collect();
            let sq = empties[rng.below(empties.len() as u64) as usize];
            let stone = if moves % 2 == 0 {
                CellState::Black
            } else {
                CellState::White
            };
            board.place(sq, stone);
            for side in [Colour::Black, Colour::White] {
                let them = side.opponent();
                let values = &tables.colours;
                let from_scratch: i32 = board
                    .empty_squares()
                    .map(|sq| {
                        values[side.index()].eval[board.dense_combo(sq, side) as usize][0]
                            - values[them.index()].eval[board.dense_combo(sq, them) as usize][1]
                    })
                    .sum::<i32>()
                    + tables.tempo[side.index()]
                    + tables.threat[side.index()][mask_from_scratch(&board, side)];
                let from_scratch = from_scratch * tables.scale[side.index()] / 100;
                assert_eq!(evaluate(&board, side), from_scratch, "{rule:?}\n{board:?}");
            }
        }
    }
}

/// The threat mask recomputed from every empty square's threat class.
fn mask_from_scratch(board: &Board, side: Colour) -> usize {
    use crate::pattern::CellThreat::*;
    let has = |colour: Colour, classes: &[crate::pattern::CellThreat]| {
        board
            .empty_squares()
            .any(|sq| classes.contains(&board.threat(sq, colour)))
    };
    let them = side.opponent();
    let flags = [
        has(them, &[Five]),
        has(side, &[OpenFour, DoubleFour]),
        has(them, &[OpenFour, DoubleFour]),
        has(side, &[FourThree]),
        has(side, &[Four]),
        has(side, &[DoubleThree]),
        has(side, &[Three]),
        has(them, &[FourThree]),
        has(them, &[Four]),
        has(them, &[DoubleThree]),
        has(them, &[Three]),
    ];
    flags
        .iter()
        .enumerate()
        .map(|(bit, &set)| (set as usize) << bit)
        .sum()
}

#[test]
fn the_threat_mask_names_who_threatens_what() {
    // Black: an open two on row 7 (an open three to make) and a closed
    // three in column 2 (a four to make); white: nothing yet.
    let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
    for (x, y, stone) in [
        (6, 7, CellState::Black),
        (7, 7, CellState::Black),
        (2, 2, CellState::Black),
        (2, 3, CellState::Black),
        (2, 4, CellState::Black),
        (2, 1, CellState::White),
        (12, 12, CellState::White),
    ] {
        board.place(board.square(x, y).unwrap(), stone);
    }
    let black = threat_mask(&board, Colour::Black);
    assert_eq!(black, mask_from_scratch(&board, Colour::Black));
    assert_ne!(black & (1 << 4), 0, "black can make a four");
    assert_ne!(black & (1 << 6), 0, "black can make an open three");
    assert_eq!(
        black & !((1 << 4) | (1 << 6) | (1 << 5) | (1 << 3)),
        0,
        "{black:b}"
    );
    // The same position from white's side: the flags move to the
    // opponent's bits.
    let white = threat_mask(&board, Colour::White);
    assert_ne!(white & (1 << 8), 0);
    assert_ne!(white & (1 << 10), 0);
    assert_eq!(white & ((1 << 4) | (1 << 6)), 0);
}

#[test]
fn renju_uses_a_table_per_colour_and_other_rules_one() {
    assert_eq!(table_id(Rule::Renju, Colour::Black), TableId::RenjuBlack);
    assert_eq!(table_id(Rule::Renju, Colour::White), TableId::RenjuWhite);
    assert_eq!(table_id(Rule::Freestyle, Colour::Black), TableId::Freestyle);
    assert_eq!(table_id(Rule::Freestyle, Colour::White), TableId::Freestyle);
}
