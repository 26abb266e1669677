//! Threat solvers on hand-made positions for each rule, and the whole search
//! on the shared tactical positions (node-limited, so deterministic).

use super::*;
use crate::pattern::CellState;
use crate::rules::Rule;
use crate::search::{think, time::Budget, Limits, SearchState};
use std::sync::atomic::AtomicBool;

const B: CellState = CellState::Black;
const W: CellState = CellState::White;

fn board(rule: Rule, stones: &[(usize, usize, CellState)]) -> Board {
    let mut board = Board::new(15, 15, rule).unwrap();
    for &(x, y, s) in stones {
        board.place(board.square(x, y).unwrap(), s);
    }
    // The solvers order moves by the evaluation's square values.
    crate::eval::attach(&mut board);
    board
}

/// Closed threes in row 7 (cols 3..5, blocked at 2) and column 6 (rows
/// 4..6, blocked at row 3): (6,7) makes two fours at once.
fn double_four_shape(own: CellState, other: CellState) -> Vec<(usize, usize, CellState)> {
    vec![
        (3, 7, own),
        (4, 7, own),
        (5, 7, own),
        (2, 7, other),
        (6, 4, own),
        (6, 5, own),
        (6, 6, own),
        (6, 3, other),
        (12, 12, other),
        (12, 10, other),
        (10, 12, other),
        (0, 14, other),
    ]
}

#[test]
fn freestyle_double_four_is_a_vcf() {
    let mut b = board(Rule::Freestyle, &double_four_shape(B, W));
    let line = ThreatSolver::new(10_000)
        .vcf(&mut b, Colour::Black, 10)
        .unwrap();
    assert_eq!(line[0], Square::new(6, 7));
}

#[test]
fn renju_black_vcf_never_uses_a_forbidden_double_four() {
    let mut b = board(Rule::Renju, &double_four_shape(B, W));
    assert!(crate::rules::renju::is_forbidden(&mut b, Square::new(6, 7)));
    if let Some(line) = ThreatSolver::new(10_000).vcf(&mut b, Colour::Black, 10) {
        for (i, &sq) in line.iter().enumerate().step_by(2) {
            assert_ne!(sq, Square::new(6, 7), "black line {line:?} move {i}");
        }
    }
    // The same shape wins for white, who has no forbidden moves.
    let mut w = board(Rule::Renju, &double_four_shape(W, B));
    let line = ThreatSolver::new(10_000)
        .vcf(&mut w, Colour::White, 10)
        .unwrap();
    assert_eq!(line[0], Square::new(6, 7));
}

#[test]
fn standard_overline_is_not_a_five() {
    // X X X . X X on row 7: filling the gap makes six.
    let stones = [
        (3, 7, B),
        (4, 7, B),
        (5, 7, B),
        (7, 7, B),
        (8, 7, B),
        (0, 0, W),
        (0, 2, W),
        (0, 4, W),
        (0, 6, W),
        (0, 8, W),
    ];
    let mut free = board(Rule::Freestyle, &stones);
    let line = ThreatSolver::new(1_000)
        .vcf(&mut free, Colour::Black, 4)
        .unwrap();
    assert_eq!(line, [Square::new(6, 7)]);
    let mut standard = board(Rule::Standard, &stones);
    assert!(five_squares(&standard, Colour::Black).is_empty());
    if let Some(line) = ThreatSolver::new(1_000).vcf(&mut standard, Colour::Black, 4) {
        assert_ne!(line[0], Square::new(6, 7));
    }
}

#[test]
fn vcf_answers_a_defender_four_with_a_four_only() {
    // White threatens five at (7,9); black's VCF must start by blocking it,
    // and the block must be a four. Here it is not, so there is no VCF.
    let stones = [
        (7, 5, W),
        (7, 6, W),
        (7, 7, W),
        (7, 8, W),
        (7, 4, B),
        (2, 2, B),
        (3, 2, B),
        (4, 2, B),
        (1, 2, W),
        (12, 12, B),
    ];
    let mut b = board(Rule::Freestyle, &stones);
    assert!(ThreatSolver::new(10_000)
        .vcf(&mut b, Colour::Black, 10)
        .is_none());
}

/// A position of `testdata/vcf.jsonl`: rule, stones, side to move, good moves.
struct Puzzle {
    rule: Rule,
    stones: Vec<(usize, usize, CellState)>,
    to_move: Colour,
    good: Vec<(usize, usize)>,
}

/// Reads the few fields needed from one JSON line (fixed, known layout).
fn parse_puzzle(line: &str) -> Puzzle {
    let field = |name: &str| -> &str {
        let start = line.find(&format!("\"{name}\": ")).expect(name) + name.len() + 4;
        let rest = &line[start..];
        let end = if rest.starts_with('[') {
            let mut depth = 0;
            rest.char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '[' => 1,
                        ']' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .unwrap()
                .0
                + 1
        } else {
            rest.find([',', '}']).unwrap()
        };
        &rest[..end]
    };
    let numbers = |text: &str| -> Vec<usize> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    };
    let rule = match field("rule") {
        "\"freestyle\"" => Rule::Freestyle,
        "\"standard\"" => Rule::Standard,
        _ => Rule::Renju,
    };
    let stones_text = field("stones");
    let colours: Vec<CellState> = stones_text
        .matches('"')
        .collect::<Vec<_>>()
        .chunks(2)
        .zip(stones_text.split('"').skip(1).step_by(2))
        .map(|(_, c)| if c == "b" { B } else { W })
        .collect();
    let coords = numbers(stones_text);
    let stones = coords
        .chunks(2)
        .zip(colours)
        .map(|(xy, c)| (xy[0], xy[1], c))
        .collect();
    let good = numbers(field("good"))
        .chunks(2)
        .map(|xy| (xy[0], xy[1]))
        .collect();
    Puzzle {
        rule,
        stones,
        to_move: if field("to_move") == "\"b\"" {
            Colour::Black
        } else {
            Colour::White
        },
        good,
    }
}

#[test]
fn search_solves_the_shared_tactical_positions() {
    let data = include_str!("../testdata/vcf.jsonl");
    let mut failures = Vec::new();
    for (i, line) in data.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let puzzle = parse_puzzle(line);
        let mut b = board(puzzle.rule, &puzzle.stones);
        let limits = Limits::nodes(1_500_000);
        let result = think(
            &mut b,
            puzzle.to_move,
            &limits,
            &AtomicBool::new(false),
            &mut SearchState::new(8 << 20),
            &mut |_| {},
        );
        let best = result.best.unwrap();
        if !puzzle.good.contains(&(best.x(), best.y())) {
            failures.push(format!(
                "position {i}: played {best}, good {:?}",
                puzzle.good
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Open twos in row 7 (5,6) and column 7 (rows 5,6) that meet at (7,7):
/// a stone there makes two open threes.
fn double_three_shape(own: CellState, other: CellState) -> Vec<(usize, usize, CellState)> {
    vec![
        (5, 7, own),
        (6, 7, own),
        (7, 5, own),
        (7, 6, own),
        (12, 12, other),
        (13, 2, other),
        (2, 13, other),
        (0, 0, other),
    ]
}

#[test]
fn vct_finds_a_double_three_where_no_vcf_exists() {
    let mut b = board(Rule::Freestyle, &double_three_shape(B, W));
    let mut solver = ThreatSolver::new(50_000);
    assert!(solver.vcf(&mut b, Colour::Black, 10).is_none());
    solver.reset(50_000);
    let first = solver.vct(&mut b, Colour::Black, 4).expect("a VCT");
    // Whatever first move is chosen, it must keep a forced win: the
    // defender, after any reply among the defences, still loses.
    b.place(first, B);
    assert!(has_winning_four(&mut b, Colour::Black) || !five_squares(&b, Colour::Black).is_empty());
}

/// A position from a game Ferro lost (the moves in order, black first):
/// white, to move, wins by a four that gains a tempo and threes after it,
/// but has no VCF.
const FOUR_THEN_THREES: &str = "7,13 9,8 6,13 5,13 10,9 10,10 7,10 9,10 9,9 11,9 12,8 7,8 \
    12,10 8,9 6,7 8,8 10,8 8,10 8,11 8,7 8,6 6,9 5,10 10,7 9,7";

fn game_position(moves: &str) -> (Board, Colour) {
    let mut b = Board::new(15, 15, Rule::Freestyle).unwrap();
    let mut side = Colour::Black;
    for mv in moves.split_whitespace() {
        let (x, y) = mv.split_once(',').unwrap();
        let sq = b.square(x.parse().unwrap(), y.parse().unwrap()).unwrap();
        b.place(sq, side.stone());
        side = side.opponent();
    }
    crate::eval::attach(&mut b);
    (b, side)
}

/// Does `attacker` (to move) keep a forced win by threats? (A defender
/// four must be blocked first, and the solver sees to that.)
fn keeps_a_win(b: &mut Board, attacker: Colour) -> bool {
    ThreatSolver::new(200_000).vct(b, attacker, 8).is_some()
}

#[test]
fn vct_mixes_fours_and_threes() {
    let (mut b, attacker) = game_position(FOUR_THEN_THREES);
    let defender = attacker.opponent();
    assert!(ThreatSolver::new(1_000_000)
        .vcf(&mut b, attacker, 40)
        .is_none());
    let first = ThreatSolver::new(30_000)
        .vct(&mut b, attacker, 8)
        .expect("a VCT");
    assert!(makes_four(b.threat(first, attacker)));
    // The four's block is forced; after it the attacker threatens again,
    // and every reply of the defender near the stones (not only the ones
    // the solver tries) still loses.
    b.place(first, attacker.stone());
    let blocks = five_squares(&b, attacker);
    assert_eq!(blocks.len(), 1);
    b.place(blocks[0], defender.stone());
    let second = ThreatSolver::new(200_000)
        .vct(&mut b, attacker, 8)
        .expect("the win goes on after the block");
    b.place(second, attacker.stone());
    let replies: Vec<Square> = b
        .squares()
        .filter(|&sq| b.is_empty(sq) && b.is_near_stone(sq))
        .collect();
    for reply in replies {
        b.place(reply, defender.stone());
        let wins = keeps_a_win(&mut b, attacker);
        b.undo();
        assert!(wins, "the reply {reply} stops the line {first} {second}");
    }
}

#[test]
fn renju_vct_never_starts_with_a_forbidden_double_three() {
    let mut b = board(Rule::Renju, &double_three_shape(B, W));
    assert!(crate::rules::renju::is_forbidden(&mut b, Square::new(7, 7)));
    let found = ThreatSolver::new(50_000).vct(&mut b, Colour::Black, 4);
    assert_ne!(found, Some(Square::new(7, 7)));
    let mut w = board(Rule::Renju, &double_three_shape(W, B));
    assert!(ThreatSolver::new(50_000)
        .vct(&mut w, Colour::White, 4)
        .is_some());
}

#[test]
fn a_passed_deadline_stops_the_solvers_like_a_node_limit() {
    let data = include_str!("../testdata/vcf.jsonl");
    let mut longest = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let puzzle = parse_puzzle(line);
        let mut b = board(puzzle.rule, &puzzle.stones);
        let mut free = ThreatSolver::new(1_000_000);
        free.vct(&mut b, puzzle.to_move, 4);
        longest = longest.max(free.nodes);
        let mut late = ThreatSolver::new(1_000_000);
        late.set_deadline(Some(Instant::now()));
        let found = late.vct(&mut b, puzzle.to_move, 4);
        // Calls after the stop still count a node each as they return.
        assert!(late.nodes <= 2 * CLOCK_INTERVAL, "{} nodes", late.nodes);
        if free.nodes > CLOCK_INTERVAL {
            assert_eq!(found, None);
        }
    }
    // Some query really needed more than the interval.
    assert!(longest > CLOCK_INTERVAL, "{longest}");
}

/// The shared positions where the side to move wins by VCF, with the fewest
/// fours a fresh solver needs and the nodes it spends with that many.
fn vcf_puzzles() -> Vec<(Board, Colour, u32, u64)> {
    let data = include_str!("../testdata/vcf.jsonl");
    let mut found = Vec::new();
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let puzzle = parse_puzzle(line);
        let mut b = board(puzzle.rule, &puzzle.stones);
        for fours in 1..=10 {
            let mut solver = ThreatSolver::new(1_000_000);
            if solver.vcf(&mut b, puzzle.to_move, fours).is_some() {
                found.push((b, puzzle.to_move, fours, solver.nodes));
                break;
            }
        }
    }
    found
}

#[test]
fn a_failure_with_fewer_fours_does_not_hide_a_longer_vcf() {
    let puzzles = vcf_puzzles();
    let mut checked = 0;
    for (mut b, attacker, fours, _) in puzzles {
        if fours < 2 {
            continue;
        }
        let mut solver = ThreatSolver::new(1_000_000);
        assert!(solver.vcf(&mut b, attacker, fours - 1).is_none());
        solver.reset(1_000_000);
        assert!(
            solver.vcf(&mut b, attacker, fours).is_some(),
            "{fours} fours"
        );
        checked += 1;
    }
    assert!(checked > 0, "no shared position needs two fours");
}

#[test]
fn a_query_cut_by_its_node_limit_does_not_hide_the_vcf_from_the_next() {
    let puzzles = vcf_puzzles();
    let mut checked = 0;
    for (mut b, attacker, fours, nodes) in puzzles {
        if nodes < 4 {
            continue;
        }
        let mut solver = ThreatSolver::new(nodes / 2);
        assert!(solver.vcf(&mut b, attacker, fours).is_none());
        solver.reset(1_000_000);
        assert!(
            solver.vcf(&mut b, attacker, fours).is_some(),
            "{nodes} nodes"
        );
        checked += 1;
    }
    assert!(checked > 0, "no shared position needs four nodes");
}

#[test]
fn threat_defence_drops_only_moves_that_leave_the_forced_win() {
    use crate::search::{keep_moves_that_stop_a_forced_win, root_moves};
    let mut narrowed = 0;
    for (mut b, attacker, _, _) in vcf_puzzles() {
        // The clock starts anew for each position.
        let limits = Limits::timed(Budget {
            target: std::time::Duration::from_secs(20),
            hard: std::time::Duration::from_secs(20),
            whole_turn: false,
        });
        let defender = attacker.opponent();
        let mut moves = root_moves(&mut b, defender, &limits);
        let all: Vec<Square> = moves.iter().map(|m| m.sq).collect();
        keep_moves_that_stop_a_forced_win(
            &mut b,
            defender,
            &mut moves,
            &limits,
            &AtomicBool::new(false),
        );
        assert!(!moves.is_empty());
        if moves.len() == all.len() {
            continue;
        }
        narrowed += 1;
        // Every dropped move leaves the attacker a forced win.
        for &sq in all.iter().filter(|&&sq| !moves.iter().any(|m| m.sq == sq)) {
            b.place(sq, defender.stone());
            let mut solver = ThreatSolver::new(1_000_000);
            let wins = solver.vcf(&mut b, attacker, 40).is_some()
                || solver.vct(&mut b, attacker, 8).is_some();
            b.undo();
            assert!(wins, "{sq} was dropped but leaves no forced win");
        }
        // And the attacker's first four is among the kept defences' reach:
        // some kept move stops every VCF.
        let stops = moves.iter().any(|m| {
            b.place(m.sq, defender.stone());
            let stopped = ThreatSolver::new(1_000_000)
                .vcf(&mut b, attacker, 40)
                .is_none();
            b.undo();
            stopped
        });
        assert!(stops, "no kept move stops the VCF");
    }
    assert!(narrowed >= 5, "only {narrowed} positions narrowed");
}
