//! Renju-detector-dependent cases: C-52, C-53 (every RULES.md §9 position),
//! C-54, C-55, and the renju halves of C-26, C-27 and C-47. These are
//! expected to fail until the engine's renju forbidden-point detector lands.

use crate::boards::{play_engine_move, Position, Side};

use crate::conformance::{overline_position, started};
use crate::harness::{Engine, MOVE, REPLY, SILENCE};

/// Parses `FORBID XXYY….` into points.
#[track_caller]
fn parse_forbid(e: &Engine, line: &str) -> Vec<(u32, u32)> {
    let body = line
        .strip_prefix("FORBID ")
        .and_then(|rest| rest.strip_suffix('.'))
        .unwrap_or_else(|| e.fail(&format!("expected 'FORBID XXYY….', got {line:?}")));
    if !body.len().is_multiple_of(4) || !body.bytes().all(|b| b.is_ascii_digit()) {
        e.fail(&format!("malformed FORBID line {line:?}"));
    }
    (0..body.len() / 4)
        .map(|i| {
            let cell = &body[i * 4..i * 4 + 4];
            (cell[..2].parse().unwrap(), cell[2..].parse().unwrap())
        })
        .collect()
}

/// `START 15`, `INFO rule <rule>`, YXBOARD `pos`, YXSHOWFORBID; returns the
/// engine (for further checks) and the FORBID line.
fn show_forbid(rule: &str, pos: &Position) -> (Engine, String) {
    let mut e = started(15);
    e.send(&format!("INFO rule {rule}"));
    pos.send(&mut e, "YXBOARD");
    e.expect_silence(SILENCE);
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    // Validate the format in every case.
    parse_forbid(&e, &line);
    (e, line)
}

#[track_caller]
fn expect_forbid_exact(rule: &str, pos: &Position, expected: &str) {
    let (e, line) = show_forbid(rule, pos);
    if line != expected {
        e.fail(&format!("expected {expected:?}, got {line:?}"));
    }
    e.finish();
}

#[track_caller]
fn expect_forbid_contains(pos: &Position, present: &[(u32, u32)], absent: &[(u32, u32)]) {
    let (e, line) = show_forbid("4", pos);
    let points = parse_forbid(&e, &line);
    for p in present {
        if !points.contains(p) {
            e.fail(&format!("{line:?} must list {},{}", p.0, p.1));
        }
    }
    for p in absent {
        if points.contains(p) {
            e.fail(&format!("{line:?} must not list {},{}", p.0, p.1));
        }
    }
    e.finish();
}

/// Black (`X`) to move: own = X, as many White stones as Black ones.
fn black_to_move(ox: u32, oy: u32, ascii: &str) -> Position {
    Position::from_ascii(15, ox, oy, ascii, 'X', Side::Black)
}

const R94: &str = "
    . . . . . . . . .
    . . . . . X . . .
    . . . X X * . . .
    . . . . . X . . .
    . . . . . . . . .";

fn rules_9_4() -> Position {
    black_to_move(1, 5, R94)
}

// ---------------------------------------------------------------------------
// C-52
// ---------------------------------------------------------------------------

#[test]
fn c52_renju_black_never_plays_forbidden() {
    // RULES §9.4 double-three at 6,7 — and White has a diagonal four
    // (2,3)…(5,6) whose only completion is 6,7 (1,2 is Black), so 6,7 is
    // the "natural" block. Black must not play it anyway.
    let pos = Position::from_stones(
        15,
        &[(4, 7), (5, 7), (6, 6), (6, 8), (1, 2)],
        &[(2, 3), (3, 4), (4, 5), (5, 6)],
        Side::Black,
    );
    let mut e = started(15);
    e.send("INFO rule 4");
    e.send("INFO timeout_turn 500");
    pos.send(&mut e, "BOARD");
    let mv = e.expect_move(crate::harness::ms(500) + crate::harness::SLACK);
    play_engine_move(&e, &mut pos.board(), mv);
    if mv == (6, 7) {
        e.fail("6,7 is a double-three: forbidden for Black under renju");
    }
    e.finish();
}

#[test]
fn c52_renju_black_never_plays_overline() {
    let mut e = started(15);
    e.send("INFO rule 4");
    let pos = overline_position();
    pos.send(&mut e, "BOARD");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut pos.board(), mv);
    if mv == (5, 7) {
        e.fail("5,7 is an overline: forbidden for Black under renju");
    }
    e.finish();
}

// ---------------------------------------------------------------------------
// C-53: RULES §9 positions
// ---------------------------------------------------------------------------

#[test]
fn c53_forbid_9_4_double_three() {
    expect_forbid_exact("4", &rules_9_4(), "FORBID 0607.");
}

#[test]
fn c53_forbid_9_5_double_four_two_lines() {
    let pos = black_to_move(
        1,
        3,
        "
        . . . . . . O .
        . . . . . . X .
        . . . . . . X .
        . . . . . . X .
        . . O X X X * .",
    );
    expect_forbid_contains(&pos, &[(7, 7)], &[]);
}

#[test]
fn c53_forbid_9_6a_four_four_one_line() {
    let pos = black_to_move(1, 7, ". . X X X . * . X X X .");
    expect_forbid_contains(&pos, &[(7, 7)], &[]);
}

#[test]
fn c53_forbid_9_6b_four_four_split() {
    let pos = black_to_move(1, 7, ". X X . X * . X X .");
    expect_forbid_exact("4", &pos, "FORBID 0607.");
}

#[test]
fn c53_forbid_9_1_overline() {
    expect_forbid_contains(&overline_position(), &[(5, 7)], &[]);
}

#[test]
fn c53_forbid_9_7_five_takes_precedence() {
    let pos = black_to_move(
        1,
        5,
        "
        . . . . . . X . . .
        . . . . . . X . . .
        . O X X X X * . . .
        . . . . . . . X . .
        . . . . . . . . X .",
    );
    expect_forbid_contains(&pos, &[], &[(7, 7)]);
}

#[test]
fn c53_forbid_9_7_five_with_overline() {
    let pos = black_to_move(
        1,
        5,
        "
        . . . . . . X .
        . . . . . . X .
        . O X X X X * O
        . . . . . . X .
        . . . . . . X .
        . . . . . . X .",
    );
    expect_forbid_contains(&pos, &[], &[(7, 7)]);
}

#[test]
fn c53_forbid_9_8_pseudo_three_overline() {
    let pos = black_to_move(
        1,
        7,
        "
        . O . X X * . . X .
        . . . . . X . . . .
        . . . . . X . . . .",
    );
    expect_forbid_exact("4", &pos, "FORBID .");
}

#[test]
fn c53_forbid_9_8_control() {
    // Without the Black stone at 9,7, 6,7 is a real double-three.
    let pos = black_to_move(
        1,
        7,
        "
        . O . X X * . . . .
        . . . . . X . . . .
        . . . . . X . . . .",
    );
    expect_forbid_contains(&pos, &[(6, 7)], &[]);
}

const R99: &str = "
    . . . . . . O . . . .
    . . . . . . X . . . .
    . . . . . . X . . . .
    . . . . . . X . . . .
    . O . X X * . . . . .
    . . . . . X . X . . .
    . . . . . X . . X . .
    . . . . . . . . . X .
    . . . . . . . . . . O";

#[test]
fn c53_forbid_9_9_recursion() {
    let pos = black_to_move(1, 3, R99);
    expect_forbid_contains(&pos, &[(7, 7)], &[(6, 7)]);
}

#[test]
fn c53_forbid_9_9_control() {
    // The same position without the column-7 and diagonal stones: 6,7 is
    // forbidden again.
    let pos = black_to_move(
        1,
        3,
        "
        . . . . . . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . O . X X * . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . O",
    );
    expect_forbid_contains(&pos, &[(6, 7)], &[]);
}

#[test]
fn c53_forbid_9_10_four_three_allowed() {
    let pos = black_to_move(
        1,
        5,
        "
        . . . . . . X .
        . . . . . . X .
        . . O X X X * .",
    );
    expect_forbid_exact("4", &pos, "FORBID .");
}

// ---------------------------------------------------------------------------
// C-54, C-55
// ---------------------------------------------------------------------------

#[test]
fn c54_forbid_white_to_move() {
    let mut e = started(15);
    e.send("INFO rule 4");
    e.send("YXBOARD");
    e.send("7,7,1");
    e.send("DONE");
    e.expect_silence(SILENCE);
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    if line != "FORBID ." {
        e.fail(&format!("expected 'FORBID .', got {line:?}"));
    }
    e.finish();
}

#[test]
fn c54_forbid_white_to_move_in_9_4() {
    // The §9.4 shape, but White (the engine, own = O) is to move: no
    // forbidden points for White.
    let pos = Position::from_ascii(15, 1, 5, R94, 'O', Side::White);
    expect_forbid_exact("4", &pos, "FORBID .");
}

#[test]
fn c55_forbid_under_freestyle_and_standard() {
    expect_forbid_exact("0", &rules_9_4(), "FORBID .");
    expect_forbid_exact("1", &rules_9_4(), "FORBID .");
}

// ---------------------------------------------------------------------------
// Renju halves of C-26, C-27, C-47
// ---------------------------------------------------------------------------

#[test]
fn c26_rule_2_in_yixin_mode_is_renju() {
    let mut e = Engine::start();
    e.send("YXSHOWINFO");
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 200");
    e.send("INFO rule 2");
    overline_position().send(&mut e, "YXBOARD");
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    if !parse_forbid(&e, &line).contains(&(5, 7)) {
        e.fail(&format!(
            "rule 2 after YXSHOWINFO is renju: 5,7 is an overline, got {line:?}"
        ));
    }
    e.finish();
}

#[test]
fn c26_rule_2_sent_before_yixin_mode_becomes_renju_with_it() {
    // Yixin Board may send `INFO rule 2` before its first YX… command; and
    // YXSTOP counts as one (also while idle).
    for first in ["YXSHOWINFO", "YXSTOP", "YXBOARD"] {
        let mut e = started(15);
        e.send("INFO rule 2");
        if first != "YXBOARD" {
            e.send(first);
        }
        overline_position().send(&mut e, "YXBOARD");
        e.send("YXSHOWFORBID");
        let line = e.expect_reply(REPLY);
        if !parse_forbid(&e, &line).contains(&(5, 7)) {
            e.fail(&format!(
                "rule 2, then {first}: renju, so 5,7 (an overline) is forbidden; got {line:?}"
            ));
        }
        e.finish();
    }
}

#[test]
fn c26_rules_4_5_6_are_renju() {
    for rule in ["4", "5", "6", "2"] {
        let mut e = started(15);
        if rule == "2" {
            // Any YX… command switches on Yixin mode.
            e.send("YXHASHCLEAR");
        }
        e.send(&format!("INFO rule {rule}"));
        let pos = overline_position();
        pos.send(&mut e, "BOARD");
        let (_, mv) = e.expect_move_with_messages_by(std::time::Instant::now() + MOVE);
        play_engine_move(&e, &mut pos.board(), mv);
        if mv == (5, 7) {
            e.fail(&format!(
                "INFO rule {rule} is renju: Black may not play the overline 5,7"
            ));
        }
        e.finish();
    }
}

#[test]
fn c27_unsupported_rule_keeps_renju() {
    let mut e = started(15);
    e.send("INFO rule 4");
    e.send("INFO rule -1");
    e.expect_silence(SILENCE);
    let pos = overline_position();
    pos.send(&mut e, "BOARD");
    let (messages, mv) = e.expect_move_with_messages_by(std::time::Instant::now() + MOVE);
    if !crate::conformance::has_warning(&messages, "rule") {
        e.fail("rule -1 must be reported with a MESSAGE (mentioning 'rule') before the move");
    }
    play_engine_move(&e, &mut pos.board(), mv);
    if mv == (5, 7) {
        e.fail("rule -1 keeps renju: Black may not play the overline 5,7");
    }
    e.finish();
}

#[test]
fn c47_pass_changes_colour_parity() {
    // §9.4's Black stones are the engine's (field 1), with three White
    // stones: 7 stones → the engine is White → no forbidden points. One
    // `-1,-1,2` pass makes it 8 moves → the engine is Black → 6,7 forbidden.
    let base = Position {
        size: 15,
        stones: vec![
            (4, 7, 1),
            (0, 0, 2),
            (5, 7, 1),
            (14, 0, 2),
            (6, 6, 1),
            (0, 14, 2),
            (6, 8, 1),
        ],
    };
    assert_eq!(base.stones.len(), 7);
    let mut e = started(15);
    e.send("INFO rule 4");
    base.send(&mut e, "YXBOARD");
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    if line != "FORBID ." {
        e.fail(&format!(
            "7 stones: White to move, expected 'FORBID .', got {line:?}"
        ));
    }
    e.send("YXBOARD");
    for line in base.lines() {
        e.send(&line);
    }
    e.send("-1,-1,2");
    e.send("DONE");
    e.expect_silence(SILENCE);
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    if line != "FORBID 0607." {
        e.fail(&format!(
            "7 stones + pass: Black to move, expected 'FORBID 0607.', got {line:?}"
        ));
    }
    e.finish();
}
