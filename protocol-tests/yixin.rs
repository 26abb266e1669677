//! Yixin Board extensions and the search-limit INFO keys: YXNBEST (§7,
//! §9.2), YXBALANCEONE / YXBALANCETWO (§7), SWAP2BOARD (§5.12, §17.13),
//! `INFO pondering` and the other §6.2 keys, YXSHOWINFO and YXHASHCLEAR.
//!
//! Every reply that comes from a search is checked against `timeout_turn`
//! plus [`SLACK`], every stone the engine names against the test's own copy
//! of the board, and a stone the engine says it played is checked by a
//! `TURN` on that point (refused: occupied) or, with renju, by whose
//! forbidden points YXSHOWFORBID lists (only Black to move has any).

use std::thread::sleep;
use std::time::Instant;

use crate::boards::{play_engine_move, Board, Cell, Position, Side};
use crate::conformance::{check_about, midgame, started};
use crate::harness::{is_error, ms, parse_move, Engine, REPLY, SILENCE, SLACK};

type Point = (u32, u32);

/// `started(size)` with `INFO timeout_turn turn_ms`.
fn engine(size: u32, turn_ms: u64) -> Engine {
    let mut e = started(size);
    e.send(&format!("INFO timeout_turn {turn_ms}"));
    e
}

/// Deadline of a search reply under `timeout_turn` `turn_ms`, sent at `sent`.
fn within(sent: Instant, turn_ms: u64) -> Instant {
    sent + ms(turn_ms) + SLACK
}

/// Parses `X1,Y1 X2,Y2 …` (single spaces, at least one point).
#[track_caller]
fn parse_points(e: &Engine, line: &str) -> Vec<Point> {
    let points: Option<Vec<Point>> = line.split(' ').map(parse_move).collect();
    points.unwrap_or_else(|| {
        e.fail(&format!(
            "expected points `X,Y` separated by single spaces, got {line:?}"
        ))
    })
}

/// [`parse_points`] with exactly `count` points.
#[track_caller]
fn parse_n_points(e: &Engine, line: &str, count: usize) -> Vec<Point> {
    let points = parse_points(e, line);
    if points.len() != count {
        e.fail(&format!("expected {count} point(s), got {line:?}"));
    }
    points
}

/// Checks that the points are on the board, empty and distinct, and puts
/// them on the test's board.
#[track_caller]
fn place_new(e: &Engine, board: &mut Board, points: &[Point]) {
    for &p in points {
        play_engine_move(e, board, p);
    }
}

/// A `TURN` on each point must be refused: the engine has played there.
#[track_caller]
fn expect_occupied(e: &mut Engine, points: &[Point]) {
    for &(x, y) in points {
        e.send(&format!("TURN {x},{y}"));
        e.expect_error();
    }
}

/// Sends ABOUT as a probe; returns every line that came before its reply.
#[track_caller]
fn lines_before_about(e: &mut Engine) -> Vec<String> {
    e.send("ABOUT");
    let mut lines = Vec::new();
    loop {
        let line = e.expect_line(REPLY);
        if line.starts_with("name=") {
            check_about(e, &line);
            return lines;
        }
        lines.push(line);
    }
}

/// The command just sent must get exactly one `ERROR …` line, nothing else.
#[track_caller]
fn expect_one_error_line(e: &mut Engine, what: &str) {
    let lines = lines_before_about(e);
    if lines.len() != 1 || !is_error(&lines[0]) {
        e.fail(&format!(
            "{what}: expected exactly one `ERROR …` line and nothing else, got {lines:?}"
        ));
    }
}

/// YXSHOWFORBID's points (`FORBID XXYY….`).
#[track_caller]
fn show_forbid(e: &mut Engine) -> Vec<Point> {
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    let body = line
        .strip_prefix("FORBID ")
        .and_then(|rest| rest.strip_suffix('.'))
        .filter(|b| b.len().is_multiple_of(4) && b.bytes().all(|c| c.is_ascii_digit()));
    let Some(body) = body else {
        e.fail(&format!("expected `FORBID XXYY….`, got {line:?}"));
    };
    (0..body.len() / 4)
        .map(|i| body[i * 4..i * 4 + 4].parse::<u32>().unwrap())
        .map(|xxyy| (xxyy / 100, xxyy % 100))
        .collect()
}

// ---------------------------------------------------------------------------
// YXNBEST
// ---------------------------------------------------------------------------

/// What one YXNBEST answered.
struct NBest {
    /// The lines before the move, `MESSAGE nbest …` included.
    messages: Vec<String>,
    listed: Vec<Point>,
}

/// Sends `YXNBEST n` and checks the answer: within `turn_ms` + slack, one
/// `MESSAGE nbest …` line of at most n distinct empty points, then the
/// first of them as the move, which is put on `board`.
#[track_caller]
fn nbest(e: &mut Engine, board: &mut Board, n: usize, turn_ms: u64) -> NBest {
    nbest_by(e, board, n, |sent| within(sent, turn_ms))
}

/// [`nbest`] with the move due by `deadline(sent)`.
#[track_caller]
fn nbest_by(
    e: &mut Engine,
    board: &mut Board,
    n: usize,
    deadline: impl Fn(Instant) -> Instant,
) -> NBest {
    let sent = e.send(&format!("YXNBEST {n}"));
    let (messages, played) = e.expect_move_with_messages_by(deadline(sent));
    let lists: Vec<&str> = messages
        .iter()
        .filter_map(|m| m.strip_prefix("MESSAGE nbest "))
        .collect();
    let [list] = lists[..] else {
        e.fail(&format!(
            "expected one `MESSAGE nbest …` line before the move, got {messages:?}"
        ));
    };
    let listed = parse_points(e, list);
    if listed.len() > n {
        e.fail(&format!("YXNBEST {n} listed {} points", listed.len()));
    }
    place_new(e, &mut board.clone(), &listed);
    if played != listed[0] {
        e.fail(&format!(
            "the move {played:?} must be the first listed point {:?}",
            listed[0]
        ));
    }
    play_engine_move(e, board, played);
    NBest { messages, listed }
}

/// The progress lines of a YXNBEST n: `MESSAGE depth …` for n = 1,
/// `MESSAGE pv I depth …` with I in 1..=n otherwise; at least one.
#[track_caller]
fn check_nbest_progress(e: &Engine, messages: &[String], n: usize) {
    let progress: Vec<&String> = messages
        .iter()
        .filter(|m| !m.starts_with("MESSAGE nbest "))
        .collect();
    let well_formed = |m: &str| {
        let Some(rest) = m.strip_prefix("MESSAGE ") else {
            return false;
        };
        if n == 1 {
            return rest.starts_with("depth ");
        }
        let Some((index, rest)) = rest.strip_prefix("pv ").and_then(|r| r.split_once(' ')) else {
            return false;
        };
        index.parse::<usize>().is_ok_and(|i| (1..=n).contains(&i)) && rest.starts_with("depth ")
    };
    if progress.is_empty() || !progress.iter().all(|m| well_formed(m)) {
        e.fail(&format!(
            "YXNBEST {n}: expected progress lines `MESSAGE {}depth …`, got {progress:?}",
            if n == 1 { "" } else { "pv <1..n> " }
        ));
    }
}

/// Own 7,7 and opponent 8,8: the engine (Black) to move.
fn two_stones() -> Position {
    Position::from_stones(15, &[(7, 7)], &[(8, 8)], Side::Black)
}

#[test]
fn nbest_lists_distinct_moves_then_plays_the_first() {
    let pos = two_stones();
    let mut board = pos.board();
    let mut e = engine(15, 500);
    pos.send(&mut e, "YXBOARD");
    let three = nbest(&mut e, &mut board, 3, 500);
    if three.listed.len() != 3 {
        e.fail("YXNBEST 3 on an open board must list 3 points");
    }
    check_nbest_progress(&e, &three.messages, 3);
    expect_occupied(&mut e, &three.listed[..1]);
    // Only the first was played: the second is still free for a TURN.
    let (x, y) = three.listed[1];
    board.set(x, y, Cell::Opp);
    let sent = e.send(&format!("TURN {x},{y}"));
    let mv = e.expect_move_by(within(sent, 500));
    play_engine_move(&e, &mut board, mv);
    let one = nbest(&mut e, &mut board, 1, 500);
    check_nbest_progress(&e, &one.messages, 1);
    e.finish();
}

/// 5x5, White (`X`, the engine) to move, two empty points. Every row,
/// column and long diagonal holds stones of both colours, so no five is
/// possible whatever fills the empty points.
const NEARLY_FULL: &str = "
    X X . O O
    O O O X X
    O X X O X
    X O O O X
    . O X X O";

#[test]
fn nbest_more_than_the_empty_points_lists_each_once() {
    let pos = Position::from_ascii(5, 0, 0, NEARLY_FULL, 'X', Side::White);
    let mut board = pos.board();
    let empty = board.empties();
    assert_eq!(empty, [(2, 0), (0, 4)], "test position");
    for fill in [Cell::Own, Cell::Opp] {
        let mut full = board.clone();
        empty.iter().for_each(|&(x, y)| full.set(x, y, fill));
        let five = |x, y| full.makes_five(x, y, full.get(x, y));
        assert!(!(0..5).any(|y| (0..5).any(|x| five(x, y))), "test position");
    }
    let mut e = engine(5, 300);
    e.send("INFO rule 0");
    pos.send(&mut e, "YXBOARD");
    let first = nbest(&mut e, &mut board, 5, 300);
    let mut listed = first.listed.clone();
    listed.sort_unstable();
    if listed != [(0, 4), (2, 0)] {
        e.fail("YXNBEST 5 with two empty points must list exactly those two");
    }
    // The other point is the last one empty.
    let second = nbest(&mut e, &mut board, 3, 300);
    if second.listed != first.listed[1..] {
        e.fail("with one empty point left, YXNBEST 3 must list exactly that one");
    }
    e.send("YXNBEST 2");
    expect_one_error_line(&mut e, "YXNBEST on a full board");
    e.finish();
}

/// Issue 15, defect 3: the n searches of YXNBEST share the move's time,
/// however large n is. On 32x32 with two stones, YXNBEST 1000 (more moves
/// than a search can list in the time) must answer within the limit plus a
/// margin for a loaded machine; the old engine ran all 1000 searches, each
/// taking at least its minimal time whatever its share: about 150-440 ms at
/// a 100 ms limit, about 600 ms with every square a root candidate
/// (`caution_factor 5`), whether the limit was 100, 27 or 0 ms.
#[test]
fn nbest_with_a_huge_count_keeps_to_the_turn_limit() {
    const MARGIN_MS: u64 = 150;
    let pos = Position::from_stones(32, &[(15, 15)], &[(16, 16)], Side::Black);
    let mut e = engine(32, 100);
    for (setting, turn_ms) in [
        ("INFO caution_factor 1", 100),
        ("INFO caution_factor 5", 100),
        ("INFO timeout_turn 27", 27),
        ("INFO timeout_turn 0", 0),
    ] {
        e.send(setting);
        e.note(&format!(
            "YXNBEST 1000 due within {turn_ms} + {MARGIN_MS} ms"
        ));
        pos.send(&mut e, "YXBOARD");
        let mut board = pos.board();
        let answer = nbest_by(&mut e, &mut board, 1000, |sent| {
            sent + ms(turn_ms + MARGIN_MS)
        });
        if answer.listed.is_empty() {
            e.fail("YXNBEST 1000 listed no point");
        }
    }
    e.finish();
}

#[test]
fn nbest_bad_counts_and_no_game_are_errors() {
    let mut e = Engine::start();
    e.send("YXNBEST 2");
    expect_one_error_line(&mut e, "YXNBEST before START");
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 300");
    let pos = two_stones();
    let mut board = pos.board();
    pos.send(&mut e, "YXBOARD");
    for bad in ["YXNBEST 0", "YXNBEST abc", "YXNBEST"] {
        e.send(bad);
        expect_one_error_line(&mut e, bad);
    }
    let two = nbest(&mut e, &mut board, 2, 300);
    if two.listed.len() != 2 {
        e.fail("YXNBEST 2 on an open board must list 2 points");
    }
    e.finish();
}

#[test]
fn nbest_renju_black_never_lists_a_forbidden_point() {
    // RULES.md §9.4: Black to move, 6,7 is a double-three (and the most
    // attacking move on the board).
    let pos = Position::from_stones(15, &[(4, 7), (5, 7), (6, 6), (6, 8)], &[], Side::Black);
    let mut board = pos.board();
    let mut e = engine(15, 800);
    e.send("INFO rule 4");
    pos.send(&mut e, "YXBOARD");
    if !show_forbid(&mut e).contains(&(6, 7)) {
        e.fail("test position: 6,7 must be forbidden for Black");
    }
    let got = nbest(&mut e, &mut board, 8, 800);
    if got.listed.len() != 8 {
        e.fail("YXNBEST 8 on an open board must list 8 points");
    }
    if got.listed.contains(&(6, 7)) {
        e.fail("YXNBEST listed the forbidden point 6,7");
    }
    // Black's move is on the board: White to move has no forbidden points.
    if !show_forbid(&mut e).is_empty() {
        e.fail("after YXNBEST played Black's move, White is to move: expected `FORBID .`");
    }
    e.finish();
}

/// The keys of one bare INFO block, in order (PROTOCOL.md §9.2).
const BLOCK_KEYS: [&str; 12] = [
    "PV",
    "NUMPV",
    "DEPTH",
    "SELDEPTH",
    "NODES",
    "TOTALNODES",
    "TOTALTIME",
    "SPEED",
    "EVAL",
    "WINRATE",
    "BESTLINE",
    "PV",
];

/// One bare INFO block: its PV index and its BESTLINE.
struct DetailBlock {
    index: usize,
    bestline: Vec<Point>,
}

/// True for a §9.2 value of a numeric key, EVAL or WINRATE.
fn detail_value_ok(key: &str, value: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match key {
        "EVAL" => {
            let mate = value
                .strip_prefix("+M")
                .or_else(|| value.strip_prefix("-M"));
            mate.map_or_else(|| value.parse::<i64>().is_ok(), digits)
        }
        "WINRATE" => value.parse::<f64>().is_ok_and(|w| (0.0..=1.0).contains(&w)),
        _ => digits(value),
    }
}

/// YXNBEST n with `show_detail 2` on [`two_stones`]: the answer and the
/// bare INFO blocks, each checked to be whole and well-formed, with
/// `NUMPV n` and a PV index below n.
fn nbest_with_detail(n: usize) -> (Engine, NBest, Vec<DetailBlock>) {
    let pos = two_stones();
    let mut board = pos.board();
    let mut e = engine(15, 600);
    e.skip_bare_info = true;
    e.send("INFO show_detail 2");
    pos.send(&mut e, "YXBOARD");
    let got = nbest(&mut e, &mut board, n, 600);
    let mut blocks = Vec::new();
    let mut rest = &got.messages[..];
    while let Some(start) = rest.iter().position(|m| m.starts_with("INFO ")) {
        let block = rest[start..].iter().take(BLOCK_KEYS.len());
        let mut index = None;
        let mut bestline = Vec::new();
        let mut whole = block.len() == BLOCK_KEYS.len();
        for (line, key) in block.zip(BLOCK_KEYS) {
            let value = line.strip_prefix("INFO ").and_then(|l| l.strip_prefix(key));
            let Some(value) = value.and_then(|v| v.strip_prefix(' ')) else {
                whole = false;
                break;
            };
            match key {
                "PV" if index.is_none() => index = value.parse::<usize>().ok().filter(|&i| i < n),
                "PV" => whole &= value == "DONE",
                "NUMPV" => whole &= value == n.to_string(),
                "BESTLINE" => bestline = parse_points(&e, value),
                _ => whole &= detail_value_ok(key, value),
            }
        }
        match index {
            Some(index) if whole => blocks.push(DetailBlock { index, bestline }),
            _ => e.fail(&format!(
                "malformed INFO block (§9.2: PV i<{n}, NUMPV {n}, DEPTH … BESTLINE, PV DONE) \
                 starting at {:?}",
                rest[start]
            )),
        }
        rest = &rest[start + BLOCK_KEYS.len()..];
    }
    if blocks.is_empty() {
        e.fail("show_detail 2: expected bare INFO blocks before the move");
    }
    (e, got, blocks)
}

#[test]
fn nbest_show_detail_blocks_are_well_formed() {
    let (e, got, _) = nbest_with_detail(3);
    if got.listed.len() != 3 {
        e.fail("YXNBEST 3 on an open board must list 3 points");
    }
    e.finish();
}

#[test]
fn nbest_show_detail_last_block_of_each_pv_names_its_move() {
    // Yixin Board tags the first BESTLINE point of each `PV i` block on the
    // board (§9.2), so the last block of PV i must name the i-th listed move.
    let (e, got, blocks) = nbest_with_detail(3);
    for (i, &listed) in got.listed.iter().enumerate() {
        let last = blocks.iter().rev().find(|b| b.index == i);
        match last.and_then(|b| b.bestline.first()) {
            Some(&first) if first == listed => {}
            other => e.fail(&format!(
                "the last INFO block of PV {i} must have BESTLINE starting with the listed \
                 move {listed:?}, got {other:?}"
            )),
        }
    }
    e.finish();
}

// ---------------------------------------------------------------------------
// YXBALANCEONE / YXBALANCETWO
// ---------------------------------------------------------------------------

const BALANCE_MS: u64 = 1000;

/// The two points where Black's `X X X . X X` rows would be overlines.
const OVERLINE_POINTS: [Point; 2] = [(5, 3), (10, 11)];

/// Renju, Black (the engine) to move with two `X X X . X X` rows: both gaps
/// stay forbidden for Black whatever is played elsewhere, so YXSHOWFORBID
/// tells whose move it is. Returns the engine after YXBOARD and the board.
fn balance_position() -> (Engine, Board) {
    let black = [
        (2, 3),
        (3, 3),
        (4, 3),
        (6, 3),
        (7, 3),
        (7, 11),
        (8, 11),
        (9, 11),
        (11, 11),
        (12, 11),
    ];
    let pos = Position::from_stones(15, &black, &[], Side::Black);
    let mut e = engine(15, BALANCE_MS);
    e.send("INFO rule 4");
    pos.send(&mut e, "YXBOARD");
    let forbid = show_forbid(&mut e);
    if !OVERLINE_POINTS.iter().all(|p| forbid.contains(p)) {
        e.fail("test position: 5,3 and 10,11 must be forbidden for Black");
    }
    (e, pos.board())
}

/// Sends a YXBALANCE command; returns its `count` points, checked: in
/// time, on the board, empty, distinct (put on `board`), the first not in
/// `forbidden`, and all refused by a TURN afterwards.
#[track_caller]
fn balance(
    e: &mut Engine,
    board: &mut Board,
    command: &str,
    count: usize,
    forbidden: &[Point],
) -> Vec<Point> {
    let sent = e.send(command);
    let (_, line) = e.expect_reply_with_messages_by(within(sent, BALANCE_MS), command);
    let points = parse_n_points(e, &line, count);
    place_new(e, board, &points);
    if forbidden.contains(&points[0]) {
        e.fail(&format!("{command}: Black's stone is on a forbidden point"));
    }
    expect_occupied(e, &points);
    points
}

#[test]
fn balance_two_plays_both_stones_and_keeps_the_side_to_move() {
    let (mut e, mut board) = balance_position();
    let pair = balance(&mut e, &mut board, "YXBALANCETWO -30", 2, &OVERLINE_POINTS);
    // Black's stone, then White's: Black is to move again, so every gap
    // still empty is forbidden.
    let forbid = show_forbid(&mut e);
    for p in OVERLINE_POINTS {
        if !pair.contains(&p) && !forbid.contains(&p) {
            e.fail(&format!(
                "after YXBALANCETWO Black must be to move again, and {p:?} still forbidden"
            ));
        }
    }
    e.finish();
}

#[test]
fn balance_one_plays_one_stone_and_passes_the_move() {
    let (mut e, mut board) = balance_position();
    balance(&mut e, &mut board, "YXBALANCEONE 15", 1, &OVERLINE_POINTS);
    if !show_forbid(&mut e).is_empty() {
        e.fail("after YXBALANCEONE played Black's stone, White is to move: expected `FORBID .`");
    }
    e.finish();
}

#[test]
fn balance_bad_targets_and_no_game_are_errors() {
    let mut e = Engine::start();
    for command in ["YXBALANCEONE 0", "YXBALANCETWO 0"] {
        e.send(command);
        expect_one_error_line(&mut e, &format!("{command} before START"));
    }
    e.send("START 15");
    e.expect_ok();
    e.send(&format!("INFO timeout_turn {BALANCE_MS}"));
    let pos = two_stones();
    let mut board = pos.board();
    pos.send(&mut e, "YXBOARD");
    for bad in [
        "YXBALANCEONE x",
        "YXBALANCEONE",
        "YXBALANCETWO abc",
        "YXBALANCETWO 1 2",
    ] {
        e.send(bad);
        expect_one_error_line(&mut e, bad);
    }
    balance(&mut e, &mut board, "YXBALANCETWO -100", 2, &[]);
    e.finish();
}

// ---------------------------------------------------------------------------
// SWAP2BOARD
// ---------------------------------------------------------------------------

/// C-67's three stones (bare `X,Y` lines).
const THREE: [&str; 3] = ["7,7", "8,7", "9,9"];

/// The same lines in the `X,Y,C` form (colours alternate from black).
fn with_colours(lines: &[&str]) -> Vec<String> {
    let colours = ["1", "2"].iter().cycle();
    lines
        .iter()
        .zip(colours)
        .map(|(l, c)| format!("{l},{c}"))
        .collect()
}

/// Sends SWAP2BOARD, the data lines and DONE; returns when DONE was written.
fn swap2board<S: AsRef<str>>(e: &mut Engine, lines: &[S]) -> Instant {
    e.send("SWAP2BOARD");
    for line in lines {
        e.send(line.as_ref());
    }
    e.send("DONE")
}

/// The answer to SWAP2BOARD with `lines`, by `turn_ms` + slack: `None` for
/// `SWAP` (only if `swap_ok`), else its points, `allowed` in number, on
/// the board, empty and distinct.
#[track_caller]
fn swap2_answer<S: AsRef<str>>(
    e: &mut Engine,
    lines: &[S],
    turn_ms: u64,
    allowed: &[usize],
    swap_ok: bool,
) -> Option<Vec<Point>> {
    let sent = swap2board(e, lines);
    let (_, line) = e.expect_reply_with_messages_by(within(sent, turn_ms), "a SWAP2BOARD answer");
    if line == "SWAP" && swap_ok {
        return None;
    }
    let points = parse_points(e, &line);
    if !allowed.contains(&points.len()) {
        e.fail(&format!(
            "SWAP2BOARD with {} stones: expected {}{allowed:?} point(s), got {line:?}",
            lines.len(),
            if swap_ok { "SWAP or " } else { "" }
        ));
    }
    let mut board = Board::square(15);
    for line in lines {
        let fields: Vec<u32> = line
            .as_ref()
            .split(',')
            .map(|f| f.parse().unwrap())
            .collect();
        board.set(fields[0], fields[1], Cell::Opp);
    }
    place_new(e, &mut board, &points);
    Some(points)
}

#[test]
fn swap2_empty_board_proposes_three_stones() {
    let mut e = engine(15, 1000);
    swap2_answer::<&str>(&mut e, &[], 1000, &[3], false);
    e.finish();
}

#[test]
fn swap2_three_stones_bare_and_with_colour_field() {
    let mut e = engine(15, 1000);
    swap2_answer(&mut e, &THREE, 1000, &[1, 2], true);
    e.send("START 15");
    e.expect_ok();
    swap2_answer(&mut e, &with_colours(&THREE), 1000, &[1, 2], true);
    e.finish();
}

#[test]
fn swap2_three_stones_answer_repeats_at_fixed_depth() {
    // Depth-limited (with time to spare), so the decision depends on the
    // search only. Once in one engine (a new game in between, as a manager
    // does), once in another with the `X,Y,C` form.
    let fixed_depth = || {
        let mut e = engine(15, 5000);
        e.send("INFO max_depth 4");
        e
    };
    for three in [THREE, ["0,0", "7,7", "14,14"]] {
        let mut e = fixed_depth();
        let first = swap2_answer(&mut e, &three, 5000, &[1, 2], true);
        e.send("START 15");
        e.expect_ok();
        let again = swap2_answer(&mut e, &three, 5000, &[1, 2], true);
        if again != first {
            e.fail(&format!("{three:?}: first {first:?}, then {again:?}"));
        }
        e.finish();
        let mut other = fixed_depth();
        let coloured = swap2_answer(&mut other, &with_colours(&three), 5000, &[1, 2], true);
        if coloured != first {
            other.fail(&format!(
                "{three:?}: {first:?}, but {coloured:?} in another engine (X,Y,C form)"
            ));
        }
        other.finish();
    }
}

#[test]
fn swap2_five_stones_swap_or_one_move() {
    let mut e = engine(15, 1000);
    swap2_answer(
        &mut e,
        &["7,7", "8,7", "9,9", "8,8", "8,6"],
        1000,
        &[1],
        true,
    );
    e.finish();
}

/// SWAP2BOARD with five stones (500 ms): `SWAP` expected iff `swap`.
#[track_caller]
fn five_stone_decision(five: [&str; 5], swap: bool, why: &str) {
    let mut e = engine(15, 500);
    let answer = swap2_answer(&mut e, &five, 500, &[1], true);
    if answer.is_none() != swap {
        let expected = if swap {
            "SWAP (take black)"
        } else {
            "the 6th stone"
        };
        e.fail(&format!(
            "{why}: expected {expected}, got {answer:?} (None = SWAP)"
        ));
    }
    e.finish();
}

#[test]
fn swap2_five_stones_takes_black_when_black_is_far_ahead() {
    let five = ["6,7", "0,0", "7,7", "14,14", "8,7"];
    five_stone_decision(
        five,
        true,
        "Black: open three in the centre, White: two corners",
    );
}

#[test]
fn swap2_five_stones_stays_white_when_white_is_far_ahead() {
    let five = ["0,0", "7,7", "14,0", "8,7", "0,14"];
    five_stone_decision(
        five,
        false,
        "Black: three corners, White: two in the centre, to move",
    );
}

#[test]
fn swap2_wrong_stone_counts_and_no_game_are_errors() {
    let mut e = Engine::start();
    swap2board::<&str>(&mut e, &[]);
    expect_one_error_line(&mut e, "SWAP2BOARD before START");
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 300");
    let stones = ["7,7", "8,7", "9,9", "8,8", "8,6", "6,8"];
    // The stones themselves get no reply; the count is judged at DONE.
    e.send("SWAP2BOARD");
    e.send(stones[0]);
    e.expect_silence(SILENCE);
    e.send("DONE");
    expect_one_error_line(&mut e, "SWAP2BOARD with 1 stone");
    for count in [2, 4, 6] {
        swap2board(&mut e, &stones[..count]);
        expect_one_error_line(&mut e, &format!("SWAP2BOARD with {count} stones"));
    }
    swap2_answer(&mut e, &THREE, 300, &[1, 2], true);
    e.finish();
}

#[test]
fn swap2_bad_stone_is_one_error_line() {
    // CONFORMANCE C-69: a duplicate stone → `ERROR …` (one line), no move.
    let mut e = engine(15, 300);
    for lines in [["7,7", "7,7", "8,8"], ["7,7", "15,15", "8,8"]] {
        swap2board(&mut e, &lines);
        expect_one_error_line(&mut e, &format!("SWAP2BOARD {lines:?}"));
    }
    e.finish();
}

#[test]
fn swap2_bad_stone_gets_no_answer() {
    // Three good stones besides the bad one: the engine must not answer a
    // swap2 decision for a position the manager did not send.
    let mut e = engine(15, 300);
    for lines in [["7,7", "7,7", "8,8", "9,9"], ["7,7", "15,15", "8,8", "9,9"]] {
        swap2board(&mut e, &lines);
        let replies = lines_before_about(&mut e);
        if replies.is_empty() || !replies.iter().all(|l| is_error(l)) {
            e.fail(&format!(
                "SWAP2BOARD {lines:?}: expected ERROR and no answer, got {replies:?}"
            ));
        }
    }
    e.finish();
}

#[test]
fn swap2_overlong_line_voids_the_block() {
    // Like a bad stone: one ERROR, and no answer for the stones that were
    // read (the manager's list is not what the engine saw).
    let mut e = engine(15, 300);
    let long = "7".repeat(70_000);
    swap2board(&mut e, &["7,7", long.as_str(), "8,7", "9,9"]);
    expect_one_error_line(&mut e, "SWAP2BOARD with an overlong line");
    e.finish();
}

// ---------------------------------------------------------------------------
// YXBLOCK / YXBLOCKUNDO / YXBLOCKRESET
// ---------------------------------------------------------------------------

/// Own open four on row 7 (x = 3..6): 2,7 and 7,7 both win at once.
fn open_four() -> Position {
    Position::from_ascii(15, 1, 7, ". * X X X X * .", 'X', Side::Any)
}

/// The engine's move on `pos` (BOARD), checked legal.
#[track_caller]
fn board_move(e: &mut Engine, pos: &Position) -> Point {
    pos.send(e, "BOARD");
    let mv = e.expect_move_by(within(Instant::now(), 300));
    play_engine_move(e, &mut pos.board(), mv);
    mv
}

#[test]
fn yxblock_keeps_the_engine_off_blocked_squares_until_undone() {
    let mut e = engine(15, 300);
    // Silent, and kept across START (Yixin Board sends START per search).
    e.send("YXBLOCK");
    e.send("2,7");
    e.send("7,7");
    e.send("DONE");
    e.expect_silence(SILENCE);
    e.send("START 15");
    e.expect_ok();
    let mv = board_move(&mut e, &open_four());
    if mv == (2, 7) || mv == (7, 7) {
        e.fail(&format!("played the blocked square {mv:?}"));
    }
    // Unblock one: it is the winning move again.
    e.send("YXBLOCKUNDO");
    e.send("7,7");
    e.send("DONE");
    let mv = board_move(&mut e, &open_four());
    if mv != (7, 7) {
        e.fail(&format!(
            "after YXBLOCKUNDO 7,7 must win at 7,7, played {mv:?}"
        ));
    }
    e.send("YXBLOCK");
    e.send("7,7");
    e.send("DONE");
    e.send("YXBLOCKRESET");
    e.expect_silence(SILENCE);
    let mv = board_move(&mut e, &open_four());
    if mv != (2, 7) && mv != (7, 7) {
        e.fail(&format!(
            "after YXBLOCKRESET the engine must win, played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn yxblock_bad_lines_get_one_error_each() {
    let mut e = engine(15, 300);
    e.send("YXBLOCK");
    e.send("15,3");
    e.expect_error();
    e.send("foo");
    e.expect_error();
    e.send("4,4");
    e.send("DONE");
    e.send("YXBLOCKRESET extra");
    e.expect_error();
    e.expect_silence(SILENCE);
    e.finish();
}

// ---------------------------------------------------------------------------
// Pondering
// ---------------------------------------------------------------------------

const PONDER_TURN_MS: u64 = 500;

/// An engine with `INFO pondering 1` that has just answered BEGIN (and so
/// is pondering), and the board.
fn pondering_engine() -> (Engine, Board) {
    let mut e = engine(15, PONDER_TURN_MS);
    e.send("INFO pondering 1");
    let mut board = Board::square(15);
    let sent = e.send("BEGIN");
    let mv = e.expect_move_by(within(sent, PONDER_TURN_MS));
    play_engine_move(&e, &mut board, mv);
    (e, board)
}

/// A TURN on a free corner, answered legally within the time limit.
#[track_caller]
fn corner_turn(e: &mut Engine, board: &mut Board) {
    let corners = [(0, 0), (14, 14), (0, 14), (14, 0), (1, 1), (13, 13)];
    let Some(&(x, y)) = corners.iter().find(|&&(x, y)| board.is_empty_at(x, y)) else {
        e.fail("no free corner left");
    };
    board.set(x, y, Cell::Opp);
    let sent = e.send(&format!("TURN {x},{y}"));
    let mv = e.expect_move_by(within(sent, PONDER_TURN_MS));
    play_engine_move(e, board, mv);
}

/// How long a pondering engine may take to use 100 ms of CPU.
#[cfg(target_os = "linux")]
const PONDER_CPU_WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// CPU time (user + system) the engine process has used so far.
#[cfg(target_os = "linux")]
fn cpu_time(e: &Engine) -> std::time::Duration {
    let path = format!("/proc/{}/stat", e.pid());
    let stat = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| e.fail(&format!("cannot read {path}: {err}")));
    // After the command name in parentheses: field 3 (state) first;
    // utime and stime are fields 14 and 15, in 1/100 s (USER_HZ).
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap_or(0) + 1..]
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11..13]
        .iter()
        .map(|f| f.parse::<u64>().unwrap_or(0))
        .sum();
    ms(ticks * 10)
}

#[test]
fn pondering_is_silent_busy_and_gives_way_to_turn() {
    let (mut e, mut board) = pondering_engine();
    #[cfg(target_os = "linux")]
    let before = cpu_time(&e);
    e.expect_silence(ms(1000));
    // A pondering engine computes: 100 ms of CPU, silently. On an idle
    // machine that takes 100 ms; on a loaded one (other CPU-heavy work, the
    // other tests) its share of a core is smaller, so it may take up to
    // PONDER_CPU_WITHIN. An engine that does not ponder uses none.
    #[cfg(target_os = "linux")]
    {
        let waiting = Instant::now();
        while cpu_time(&e).saturating_sub(before) < ms(100) {
            if waiting.elapsed() > PONDER_CPU_WITHIN {
                let used = cpu_time(&e).saturating_sub(before);
                e.fail(&format!(
                    "pondering: only {used:?} of CPU in {PONDER_CPU_WITHIN:?} after the move"
                ));
            }
            e.expect_silence(ms(250));
        }
    }
    corner_turn(&mut e, &mut board);
    e.expect_silence(ms(500));
    corner_turn(&mut e, &mut board);
    e.finish();
}

#[test]
fn pondering_stops_at_once_for_yxstop_about_and_end() {
    let (mut e, mut board) = pondering_engine();
    sleep(ms(200));
    e.send("YXSTOP");
    // The ponder search has no move to print.
    e.expect_silence(SILENCE);
    corner_turn(&mut e, &mut board);
    sleep(ms(200));
    let sent = e.send("ABOUT");
    let line = e.expect_line_by(sent + ms(200) + SLACK, "the ABOUT reply");
    check_about(&e, &line);
    e.expect_silence(SILENCE);
    corner_turn(&mut e, &mut board);
    sleep(ms(200));
    // END while pondering: exit within END_EXIT, nothing printed.
    e.finish();
}

/// Issue 15, defect 1: with pondering on, a line sent together with the
/// TURN (so queued while the engine thinks) is answered right after the
/// move, not held until some later line stops the ponder. YXSHOWFORBID,
/// ABOUT and a second TURN, each in a fresh process.
#[test]
fn pondering_answers_a_line_queued_during_the_search_after_the_move() {
    for queued in ["YXSHOWFORBID", "ABOUT", "TURN 14,14"] {
        let mut e = Engine::start();
        let mut board = Board::square(15);
        board.set(7, 7, Cell::Opp);
        e.send_raw(
            format!(
                "INFO pondering 1\nINFO timeout_turn {PONDER_TURN_MS}\nSTART 15\nTURN 7,7\n\
                 {queued}\n"
            )
            .as_bytes(),
        );
        e.expect_ok();
        // The move's time counts from START's OK, as a manager sends TURN
        // after it: the process's start-up (seconds under wine on a busy
        // machine) is not the move's.
        let ready = Instant::now();
        let mv = e.expect_move_by(within(ready, PONDER_TURN_MS));
        play_engine_move(&e, &mut board, mv);
        let moved = Instant::now();
        if queued.starts_with("TURN") {
            // A search of its own: its move within the limit, counted from
            // the first move.
            board.set(14, 14, Cell::Opp);
            let mv = e.expect_move_by(within(moved, PONDER_TURN_MS));
            play_engine_move(&e, &mut board, mv);
        } else {
            // No search at all: at once (the old engine said nothing until
            // another line came).
            let (_, line) = e.expect_reply_with_messages_by(moved + SLACK, queued);
            let ok = match queued {
                "ABOUT" => line.starts_with("name="),
                _ => line == "FORBID .",
            };
            if !ok {
                e.fail(&format!("{queued} queued during the search: got {line:?}"));
            }
        }
        // Each line had exactly its own answer; the session goes on.
        e.expect_silence(SILENCE);
        e.send("ABOUT");
        let line = e.expect_line(REPLY);
        check_about(&e, &line);
        e.finish();
    }
}

// ---------------------------------------------------------------------------
// Search-limit INFO keys (§6.2)
// ---------------------------------------------------------------------------

/// Sends `command` (an INFO line, say), then BOARD `pos`: the move must be
/// legal, in time, and only progress lines (`MESSAGE depth …`) may come
/// before it. Returns them.
#[track_caller]
fn search_after(e: &mut Engine, command: &str, pos: &Position, turn_ms: u64) -> Vec<String> {
    e.send(command);
    pos.send(e, "BOARD");
    let (messages, mv) = e.expect_move_with_messages_by(within(Instant::now(), turn_ms));
    play_engine_move(e, &mut pos.board(), mv);
    if let Some(m) = messages.iter().find(|m| !m.starts_with("MESSAGE depth ")) {
        e.fail(&format!(
            "after {command:?}: only progress lines may come before the move, got {m:?}"
        ));
    }
    messages
}

#[test]
fn search_info_keys_are_silent_and_moves_stay_legal() {
    let mut e = engine(15, 300);
    search_after(&mut e, "INFO caution_factor 5", &two_stones(), 300);
    for info in [
        "INFO start_depth 3",
        "INFO hash_size 1024",
        "INFO time_increment 100",
        "INFO max_node 1000",
        "INFO max_depth 2",
    ] {
        search_after(&mut e, info, &midgame(), 300);
    }
    e.finish();
}

/// Under a 10 s `timeout_turn` (which the midgame search uses almost
/// whole), `info` must end the search within 1 s; returns the progress.
fn limited_search(info: &str) -> (Engine, Vec<String>) {
    let mut e = engine(15, 10_000);
    let messages = search_after(&mut e, info, &midgame(), 1000);
    (e, messages)
}

#[test]
fn max_depth_limits_the_search() {
    let (e, messages) = limited_search("INFO max_depth 2");
    let depth = |m: &String| -> Option<u32> {
        let rest = m.strip_prefix("MESSAGE depth ")?;
        rest.split(['-', ' ']).next()?.parse().ok()
    };
    if messages.is_empty() || !messages.iter().all(|m| depth(m).is_some_and(|d| d <= 2)) {
        e.fail(&format!(
            "max_depth 2: expected progress lines of depth 1 or 2 only, got {messages:?}"
        ));
    }
    e.finish();
}

#[test]
fn max_node_limits_the_search() {
    let (e, _) = limited_search("INFO max_node 1000");
    e.finish();
}

// ---------------------------------------------------------------------------
// YXSHOWINFO, YXHASHCLEAR
// ---------------------------------------------------------------------------

#[test]
fn yxshowinfo_three_messages_and_yxhashclear_silent() {
    let mut e = Engine::start();
    e.send("YXSHOWINFO");
    let lines: Vec<String> = (0..3).map(|_| e.expect_line(REPLY)).collect();
    let number = |line: &str, key: &str| -> Option<u32> { line.strip_prefix(key)?.parse().ok() };
    let threads = number(&lines[1], "MESSAGE INFO MAX_THREAD_NUM ");
    let hash = number(&lines[2], "MESSAGE INFO MAX_HASH_SIZE ");
    let well_formed = lines[0].starts_with("MESSAGE Ferro ")
        && threads.is_some_and(|n| n >= 1)
        // log2 of the largest table in KiB: 1 MiB .. 1 TiB.
        && hash.is_some_and(|k| (10..=30).contains(&k));
    if !well_formed {
        e.fail(&format!(
            "expected `MESSAGE Ferro …`, `MESSAGE INFO MAX_THREAD_NUM n`, \
             `MESSAGE INFO MAX_HASH_SIZE k`, got {lines:?}"
        ));
    }
    e.expect_silence(SILENCE);
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 200");
    e.send("YXHASHCLEAR");
    e.expect_silence(SILENCE);
    search_after(&mut e, "YXHASHCLEAR", &midgame(), 200);
    e.finish();
}

// ---------------------------------------------------------------------------
// Blocked squares and answers that must always exist
// ---------------------------------------------------------------------------

/// Sends `YXBLOCK`, the points and `DONE`.
fn block(e: &mut Engine, points: &[Point]) {
    e.send("YXBLOCK");
    for (x, y) in points {
        e.send(&format!("{x},{y}"));
    }
    e.send("DONE");
}

#[test]
fn no_command_places_a_stone_on_a_blocked_square() {
    // The first (centre) stone of a swap2 proposal.
    let mut e = engine(15, 500);
    block(&mut e, &[(7, 7)]);
    let points = swap2_answer::<&str>(&mut e, &[], 500, &[3], false).expect("three stones");
    if points.contains(&(7, 7)) {
        e.fail(&format!(
            "SWAP2BOARD proposed the blocked centre: {points:?}"
        ));
    }
    e.send("START 15");
    e.expect_ok();
    // Yixin Board's swap2 answers are MESSAGE lines, one per stone.
    let sent = e.send("YXSWAP2STEP1");
    let mut stones = Vec::new();
    while stones.len() < 3 {
        let line = e.expect_line_by(within(sent, 500), "a MESSAGE SWAP2 MOVE line");
        if let Some(stone) = line.strip_prefix("MESSAGE SWAP2 MOVE") {
            stones.push(stone.split_once(' ').map(|(_, xy)| xy.to_string()));
        }
    }
    if stones.iter().any(|s| s.as_deref() == Some("7 7")) {
        e.fail(&format!(
            "YXSWAP2STEP1 proposed the blocked centre: {stones:?}"
        ));
    }
    // The second stone (the reply) of YXBALANCETWO, with every square
    // next to the two stones blocked.
    e.send("YXBLOCKRESET");
    e.send("START 15");
    e.expect_ok();
    let pos = two_stones();
    let mut board = pos.board();
    pos.send(&mut e, "YXBOARD");
    let blocked = [
        (6, 6),
        (6, 7),
        (6, 8),
        (7, 6),
        (7, 8),
        (8, 6),
        (8, 7),
        (9, 9),
        (9, 8),
        (8, 9),
        (9, 7),
        (7, 9),
    ];
    block(&mut e, &blocked);
    for pair in [
        balance(&mut e, &mut board, "YXBALANCETWO 0", 2, &[]),
        balance(&mut e, &mut board, "YXBALANCEONE 0", 1, &[]),
    ] {
        if let Some(p) = pair.iter().find(|p| blocked.contains(p)) {
            e.fail(&format!("a balance stone on the blocked square {p:?}"));
        }
    }
    e.finish();
}

#[test]
fn balance_two_answers_on_an_empty_board_and_beside_a_winning_four() {
    let mut e = engine(15, BALANCE_MS);
    let mut board = Board::square(15);
    balance(&mut e, &mut board, "YXBALANCETWO 0", 2, &[]);
    // The mover (own stones, field 1) has a four on column 7 that wins at
    // 7,7; the opponent's four on row 7 wins at 7,7 as well.
    e.send("START 15");
    e.expect_ok();
    let stones = [
        (8, 7, 2),
        (7, 8, 1),
        (11, 7, 2),
        (7, 11, 1),
        (10, 7, 2),
        (7, 9, 1),
        (9, 7, 2),
        (7, 12, 2),
        (7, 10, 1),
    ];
    let mut board = Board::square(15);
    e.send("YXBOARD");
    for (x, y, field) in stones {
        e.send(&format!("{x},{y},{field}"));
        board.set(x, y, if field == 1 { Cell::Own } else { Cell::Opp });
    }
    e.send("DONE");
    balance(&mut e, &mut board, "YXBALANCETWO 0", 2, &[]);
    e.finish();
}

#[test]
fn a_huge_time_increment_keeps_the_move_within_the_turn_limit() {
    let mut e = started(15);
    for line in [
        "INFO timeout_turn 100",
        "INFO time_left 5000",
        "INFO time_increment 9223372036854775807",
        "INFO start_depth 100",
    ] {
        e.send(line);
    }
    let sent = e.send("TURN 7,7");
    e.expect_move_by(within(sent, 100));
    e.finish();
}
