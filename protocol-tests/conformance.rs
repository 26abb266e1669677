//! One test per case of `/work/shared/spec/CONFORMANCE.md`, named `cNN_…`,
//! checked against Ferro's protocol decisions (PROTOCOL.md §17 and the
//! decision list of the test-suite brief).
//!
//! C-61 (`YXNBEST`) and C-66 to C-69 (`SWAP2BOARD`) live with the other
//! Yixin Board and Gomocup extras in `yixin.rs`.
//!
//! The renju-detector-dependent cases (C-52, C-53, C-54, C-55 and the renju
//! halves of C-26, C-27 and C-47) live in `renju_forbid.rs`.
//!
//! C-70 (stderr silent) and C-71 (nothing after END) are checked at the end
//! of every test by `Engine::finish*`; `c70_…` and `c71_…` check them
//! explicitly as well.
//!
//! Tests that need the engine to be *thinking* when a command arrives (C-11,
//! C-12b, C-25, C-50, C-51, C-62) give it a 60 s or 1 s budget on a quiet
//! middle-game position; if the engine answers before the command arrives the
//! ordering requirement holds trivially and the test still passes, so those
//! tests only bite once the engine really searches.

use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::boards::{play_engine_move, Board, Cell, Position, Rng, Side};
use crate::harness::{
    is_error, is_message, is_move_line, ms, parse_move, Engine, END_EXIT, EOF_EXIT, MOVE, REPLY,
    SILENCE, SLACK, TURN_MS,
};

/// Starts an engine, `START size` (expects `OK`) and the default limits
/// (`timeout_turn` [`TURN_MS`], no match clock).
pub fn started(size: u32) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("START {size}"));
    e.expect_ok();
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    e.send("INFO timeout_match 0");
    e
}

/// A quiet middle-game position on 15x15 (engine to move as Black): no
/// fours or threes, so a real search uses its whole budget.
pub fn midgame() -> Position {
    Position::from_stones(
        15,
        &[(7, 7), (8, 6), (9, 8)],
        &[(8, 8), (6, 8), (7, 9)],
        Side::Black,
    )
}

/// True if one of the MESSAGE lines mentions `word` (case-insensitive).
pub fn has_warning(messages: &[String], word: &str) -> bool {
    messages
        .iter()
        .any(|m| m.starts_with("MESSAGE ") && m.to_ascii_lowercase().contains(word))
}

/// Parses an ABOUT line `^name="[^"]+"(, ?[a-z]+="[^"]*")*$` into pairs.
pub fn about_fields(line: &str) -> Option<Vec<(String, String)>> {
    let mut rest = line;
    let mut fields = Vec::new();
    loop {
        let key_len = rest.bytes().take_while(u8::is_ascii_lowercase).count();
        if key_len == 0 {
            return None;
        }
        let key = &rest[..key_len];
        rest = rest[key_len..].strip_prefix("=\"")?;
        let end = rest.find('"')?;
        let value = &rest[..end];
        if fields.is_empty() && (key != "name" || value.is_empty()) {
            return None;
        }
        fields.push((key.to_string(), value.to_string()));
        rest = &rest[end + 1..];
        if rest.is_empty() {
            return Some(fields);
        }
        rest = rest.strip_prefix(',')?;
        rest = rest.strip_prefix(' ').unwrap_or(rest);
    }
}

/// Checks an ABOUT reply: format, `name` and `version` present.
#[track_caller]
pub fn check_about(e: &Engine, line: &str) {
    let Some(fields) = about_fields(line) else {
        e.fail(&format!(
            "ABOUT reply {line:?} does not match name=\"…\", key=\"…\"…"
        ));
    };
    if !fields.iter().any(|(k, _)| k == "version") {
        e.fail(&format!("ABOUT reply {line:?} has no version"));
    }
}

/// First point of `candidates` that is empty on `board`.
fn first_empty(board: &Board, candidates: &[(u32, u32)]) -> (u32, u32) {
    *candidates
        .iter()
        .find(|&&(x, y)| board.is_empty_at(x, y))
        .expect("a free candidate point")
}

/// Sends `TURN x,y` (recording it on `board`) and checks the engine's move.
#[track_caller]
fn turn(e: &mut Engine, board: &mut Board, at: (u32, u32), timeout: Duration) -> (u32, u32) {
    board.set(at.0, at.1, Cell::Opp);
    e.send(&format!("TURN {},{}", at.0, at.1));
    let mv = e.expect_move(timeout);
    play_engine_move(e, board, mv);
    mv
}

/// Sends a BOARD position and returns the engine's (checked) move.
#[track_caller]
fn board_move(e: &mut Engine, pos: &Position, timeout: Duration) -> (u32, u32) {
    let mut board = pos.board();
    pos.send(e, "BOARD");
    let mv = e.expect_move(timeout);
    play_engine_move(e, &mut board, mv);
    mv
}

/// Own stones `X X X . X X` on row 7 (x = 2..7, gap at 5,7): 5,7 makes an
/// overline, nothing else wins. Engine to move as Black.
pub fn overline_position() -> Position {
    Position::from_ascii(15, 1, 7, ". X X X * X X .", 'X', Side::Black)
}

/// RULES §9.1 plus an exact five elsewhere: own `X X X . X X` on row 7 and
/// own (12,2..5) with an opponent stone at (12,1). Under exact-five rules the
/// only win is (12,6).
fn overline_and_exact_five() -> Position {
    Position::from_stones(
        15,
        &[
            (2, 7),
            (3, 7),
            (4, 7),
            (6, 7),
            (7, 7),
            (12, 2),
            (12, 3),
            (12, 4),
            (12, 5),
        ],
        &[(12, 1)],
        Side::Any,
    )
}

// ---------------------------------------------------------------------------
// A. Normal flow
// ---------------------------------------------------------------------------

#[test]
fn c01_minimal_piskvork_begin() {
    let mut e = Engine::start();
    e.send("START 20");
    e.expect_ok();
    for line in [
        "INFO timeout_turn 500",
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 2",
        "INFO rule 0",
        "INFO time_left 2147483647",
    ] {
        e.send(line);
    }
    e.expect_silence(SILENCE);
    let sent = e.send("BEGIN");
    let mv = e.expect_move_by(sent + ms(500) + SLACK);
    play_engine_move(&e, &mut Board::square(20), mv);
    e.finish();
}

#[test]
fn c02_turn_sequence() {
    let mut e = started(15);
    let mut board = Board::square(15);
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut board, mv);
    let first = first_empty(&board, &[(0, 0), (0, 14), (14, 0)]);
    turn(&mut e, &mut board, first, MOVE);
    let second = first_empty(&board, &[(14, 14), (14, 0), (0, 14)]);
    turn(&mut e, &mut board, second, MOVE);
    e.finish();
}

#[test]
fn c03_engine_second_turn_on_empty_board() {
    let mut e = started(15);
    e.send("INFO rule 4");
    let mut board = Board::square(15);
    let mv = turn(&mut e, &mut board, (7, 7), MOVE);
    assert_ne!(mv, (7, 7));
    e.finish();
}

#[test]
fn c04_board_with_opening() {
    let mut e = started(20);
    e.send("BOARD");
    for line in ["10,10,1", "10,11,2", "11,11,1", "9,10,2"] {
        e.send(line);
    }
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(20);
    for (x, y, c) in [
        (10, 10, Cell::Own),
        (10, 11, Cell::Opp),
        (11, 11, Cell::Own),
        (9, 10, Cell::Opp),
    ] {
        board.set(x, y, c);
    }
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c05_board_immediate_win_taken() {
    let mut e = started(15);
    e.send("INFO rule 0");
    e.send("BOARD");
    for line in [
        "3,7,1", "0,0,2", "4,7,1", "0,2,2", "5,7,1", "0,4,2", "6,7,1", "0,6,2",
    ] {
        e.send(line);
    }
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    if mv != (2, 7) && mv != (7, 7) {
        e.fail(&format!(
            "engine must complete its five at 2,7 or 7,7, played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c06_board_open_four_answered_legally() {
    let mut e = started(15);
    e.send("BOARD");
    for line in [
        "3,7,2", "14,0,1", "4,7,2", "14,2,1", "5,7,2", "0,14,1", "6,7,2",
    ] {
        e.send(line);
    }
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    for (x, y, c) in [
        (3, 7, Cell::Opp),
        (4, 7, Cell::Opp),
        (5, 7, Cell::Opp),
        (6, 7, Cell::Opp),
        (14, 0, Cell::Own),
        (14, 2, Cell::Own),
        (0, 14, Cell::Own),
    ] {
        board.set(x, y, c);
    }
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c06_board_must_block_a_four() {
    // The opponent has 3..6 on row 7, blocked by the engine at 2,7: its only
    // five is 7,7, and the engine has no five of its own.
    let pos = Position::from_stones(
        15,
        &[(2, 7), (10, 2), (12, 12)],
        &[(3, 7), (4, 7), (5, 7), (6, 7)],
        Side::White,
    );
    let mut e = started(15);
    let mv = board_move(&mut e, &pos, MOVE);
    if mv != (7, 7) {
        e.fail(&format!(
            "the engine must block the opponent's five at 7,7, played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c07_restart_between_games() {
    let mut e = started(15);
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.send("RESTART");
    e.expect_ok();
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c08_repeated_start() {
    let mut e = started(15);
    e.send("BEGIN");
    e.expect_move(MOVE);
    e.send("START 15");
    e.expect_ok();
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.send("START 20");
    e.expect_ok();
    let mut board = Board::square(20);
    turn(&mut e, &mut board, (19, 19), MOVE);
    e.finish();
}

#[test]
fn c08_start_keeps_settings() {
    // Settings sent before START survive it (START resets the game only):
    // the turn limit (the default is 30 s) and the rule (standard: the six
    // at 5,7 does not win, the exact five at 12,6 does).
    let mut e = Engine::start();
    e.send("INFO timeout_turn 100");
    e.send("INFO rule 1");
    e.send("START 15");
    e.expect_ok();
    e.send("START 15");
    e.expect_ok();
    let pos = overline_and_exact_five();
    pos.send(&mut e, "BOARD");
    let mv = e.expect_move(ms(100) + SLACK);
    if mv != (12, 6) {
        e.fail(&format!(
            "rule 1 must survive START: exact five 12,6, played {mv:?}"
        ));
    }
    e.send("START 15");
    e.expect_ok();
    midgame_board(&mut e);
    let mv = e.expect_move(ms(100) + SLACK);
    check_midgame_move(&e, mv);
    e.finish();
}

#[test]
fn c09_about_format() {
    let mut e = Engine::start();
    e.send("ABOUT");
    let line = e.expect_reply(REPLY);
    check_about(&e, &line);
    if !line.starts_with("name=\"Ferro\"") {
        e.fail(&format!("ABOUT must name Ferro: {line:?}"));
    }
    // Ferro's ABOUT: name, version, author, country, www — in that order.
    let keys: Vec<String> = about_fields(&line)
        .unwrap_or_default()
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    if keys != ["name", "version", "author", "country", "www"] {
        e.fail(&format!(
            "ABOUT keys must be name, version, author, country, www: {line:?}"
        ));
    }
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c10_end_while_idle() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("END");
    let status = e.wait_exit(END_EXIT);
    if !status.success() {
        e.fail(&format!("exit status {status} after END"));
    }
    // Nothing after END, stderr empty.
    e.finish_exited(0);
}

#[test]
fn c11_end_while_thinking_begin() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    e.send("BEGIN");
    sleep(ms(200));
    // At most one move line, exit 0 within 100 ms + SLACK, nothing else.
    e.finish_while_thinking();
}

#[test]
fn c11_end_while_thinking_midgame() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    midgame().send(&mut e, "BOARD");
    sleep(ms(200));
    e.finish_while_thinking();
}

#[test]
fn c12_eof_while_idle() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    let closed = e.close_stdin();
    e.wait_exit_by(closed + EOF_EXIT);
    e.finish_exited(0);
}

#[test]
fn c12_eof_while_thinking() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    midgame().send(&mut e, "BOARD");
    sleep(ms(200));
    let closed = e.close_stdin();
    e.wait_exit_by(closed + EOF_EXIT);
    e.finish_exited(1);
}

#[test]
fn c13_takeback_last_move() {
    let mut e = started(15);
    e.send("BEGIN");
    let (x, y) = e.expect_move(MOVE);
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect_ok();
    // The board is empty again, so BEGIN is accepted.
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c13_takeback_not_last_move_is_error() {
    let mut e = started(15);
    let mut board = Board::square(15);
    let m1 = turn(&mut e, &mut board, (7, 7), MOVE);
    // 7,7 is on the board but is not the last move; 0,0 is empty.
    e.send("TAKEBACK 7,7");
    e.expect_error();
    let empty = first_empty(&board, &[(0, 0), (1, 1)]);
    e.send(&format!("TAKEBACK {},{}", empty.0, empty.1));
    e.expect_error();
    e.send("TAKEBACK 99,99");
    e.expect_error();
    // The board is unchanged: 7,7 and m1 are still occupied.
    e.send("TURN 7,7");
    e.expect_error();
    e.send(&format!("TURN {},{}", m1.0, m1.1));
    e.expect_error();
    // Undo m1 then 7,7 (each the last move at the time).
    e.send(&format!("TAKEBACK {},{}", m1.0, m1.1));
    e.expect_ok();
    e.send("TAKEBACK 7,7");
    e.expect_ok();
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c14_play_echoes_and_places() {
    let mut e = started(15);
    let mut board = Board::square(15);
    let m = turn(&mut e, &mut board, (7, 7), MOVE);
    let p = first_empty(&board, &[(8, 8), (6, 6)]);
    if m == (8, 8) {
        e.send("PLAY 8,8");
        e.expect_error();
    }
    e.send(&format!("PLAY {},{}", p.0, p.1));
    let echo = e.expect_reply(REPLY);
    if echo != format!("{},{}", p.0, p.1) {
        e.fail(&format!(
            "PLAY {},{} must be echoed, got {echo:?}",
            p.0, p.1
        ));
    }
    board.set(p.0, p.1, Cell::Own);
    // Occupied and off-board PLAY → ERROR.
    e.send(&format!("PLAY {},{}", p.0, p.1));
    e.expect_error();
    e.send("PLAY 7,7");
    e.expect_error();
    e.send("PLAY 15,3");
    e.expect_error();
    // The PLAYed stone is on the board.
    e.send(&format!("TURN {},{}", p.0, p.1));
    e.expect_error();
    let next = first_empty(&board, &[(0, 0), (14, 14)]);
    turn(&mut e, &mut board, next, MOVE);
    e.finish();
}

#[test]
fn c14_play_stone_is_the_engines_own() {
    // Own 3..5 on row 7, opponent at 2,7. After PLAY 6,7 (own) the engine
    // has a four whose only five is 7,7. Had PLAY placed an opponent stone,
    // 7,7 would be useless.
    let pos = Position::from_stones(15, &[(3, 7), (4, 7), (5, 7)], &[(2, 7)], Side::Black);
    let mut e = started(15);
    pos.send(&mut e, "YXBOARD");
    e.send("PLAY 6,7");
    let echo = e.expect_reply(REPLY);
    if echo != "6,7" {
        e.fail(&format!("PLAY 6,7 must be echoed, got {echo:?}"));
    }
    e.send("TURN 14,14");
    let mv = e.expect_move(MOVE);
    if mv != (7, 7) {
        e.fail(&format!(
            "after PLAY 6,7 the engine must win at 7,7, played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c15_renju_colour_by_parity() {
    let mut e = started(15);
    e.send("INFO rule 4");
    e.send("BOARD");
    e.send("7,7,1");
    e.send("8,8,2");
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Own);
    board.set(8, 8, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

// ---------------------------------------------------------------------------
// B. INFO handling
// ---------------------------------------------------------------------------

#[test]
fn c16_standard_info_keys_silent() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    for line in [
        "INFO timeout_turn 1000",
        "INFO timeout_match 180000",
        "INFO time_left 180000",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO evaluate 3,4",
        "INFO folder C:\\Program Files\\data dir",
    ] {
        e.send(line);
    }
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c17_extension_info_keys_silent() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    for line in [
        "INFO show_detail 0",
        "INFO max_node 100000",
        "INFO max_depth 225",
        "INFO time_increment 0",
        "INFO caution_factor 1",
        "INFO thread_num 1",
        "INFO hash_size 1024",
        "INFO pondering 0",
        "INFO vcthread 0",
        "INFO nbestsym 0",
        "INFO usedatabase 0",
        "INFO start_depth 2",
    ] {
        e.send(line);
    }
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c18_unknown_info_key_silent() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    for line in [
        "INFO foo 3",
        "INFO",
        "INFO bar",
        "INFO timeout_turn",
        "INFO max_memory abc",
        "INFO rule",
        "INFO time_left 12x",
    ] {
        e.send(line);
    }
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c19_lower_case_commands_and_keys() {
    let mut e = Engine::start();
    e.send("start 15");
    e.expect_ok();
    e.send("info TIMEOUT_TURN 300");
    e.send("Info Rule 0");
    e.send("iNfO tImEoUt_MaTcH 0");
    e.expect_silence(SILENCE);
    let sent = e.send("begin");
    let mv = e.expect_move_by(sent + ms(300) + SLACK);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c20_impossible_memory_limit_reported_at_move() {
    let mut e = started(15);
    e.send("INFO max_memory 1000");
    e.expect_silence(SILENCE);
    let sent = e.send("BEGIN");
    let (messages, mv) = e.expect_move_with_messages_by(sent + MOVE);
    // The engine prints search MESSAGEs before every move, so look for the
    // warning itself.
    if !has_warning(&messages, "memory") {
        e.fail(
            "the memory warning must come as a MESSAGE line (mentioning 'memory') before the move",
        );
    }
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c21_huge_numbers_in_info() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 99999999999999999999999");
    e.send("INFO max_memory 18446744073709551617");
    e.send("INFO time_left -99999999999");
    e.expect_silence(SILENCE);
    // Negative time_left: move now (100 ms + SLACK).
    let sent = e.send("BEGIN");
    let mv = e.expect_move_by(sent + ms(100) + SLACK);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c21_negative_time_left_moves_at_once_in_a_middle_game() {
    // BEGIN on an empty board needs no search; a middle game does.
    for left in ["-99999999999", "0"] {
        let time_left = format!("time_left {left}");
        clocked_midgame_move(
            &["timeout_turn 60000", "timeout_match 180000", &time_left],
            100,
        );
    }
}

/// START 15, the INFO lines `infos`, the middle-game BOARD: the move must
/// come within `limit_ms` (+ SLACK) and be legal.
fn clocked_midgame_move(infos: &[&str], limit_ms: u64) {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    for info in infos {
        e.send(&format!("INFO {info}"));
    }
    let sent = midgame_board(&mut e);
    let mv = e.expect_move_by(sent + ms(limit_ms) + SLACK);
    check_midgame_move(&e, mv);
    e.finish();
}

#[test]
fn c22_time_left_max_means_unlimited() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_match 0");
    e.send("INFO timeout_turn 300");
    e.send("INFO time_left 2147483647");
    let sent = midgame_board(&mut e);
    let mv = e.expect_move_by(sent + ms(300) + SLACK);
    check_midgame_move(&e, mv);
    e.finish();
}

/// Sends the middle-game BOARD; returns when DONE was written.
fn midgame_board(e: &mut Engine) -> Instant {
    let pos = midgame();
    e.send("BOARD");
    for line in pos.lines() {
        e.send(&line);
    }
    e.send("DONE")
}

#[track_caller]
fn check_midgame_move(e: &Engine, mv: (u32, u32)) {
    play_engine_move(e, &mut midgame().board(), mv);
}

#[test]
fn c23_timeout_turn_zero_is_instant() {
    let mut e = Engine::start();
    e.send("START 20");
    e.expect_ok();
    e.send("INFO timeout_turn 0");
    e.send("INFO timeout_match 0");
    e.send("BOARD");
    e.send("10,10,1");
    e.send("10,11,2");
    let sent = e.send("DONE");
    let mv = e.expect_move_by(sent + ms(100) + SLACK);
    let mut board = Board::square(20);
    board.set(10, 10, Cell::Own);
    board.set(10, 11, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c23_timeout_turn_zero_with_an_unlimited_match_is_instant() {
    // timeout_match 2147483647 means no match clock (§10.2), so with
    // timeout_turn 0 and no time_left there is no clock at all.
    clocked_midgame_move(&["timeout_turn 0", "timeout_match 2147483647"], 100);
}

#[test]
fn c24_one_move_never_takes_more_than_a_fifth_of_the_match_clock() {
    // Fastgame late in a game: 5 s a move, 4 s left of the match. A move
    // may take up to a fifth of what is left (800 ms), not the whole of
    // it; start_depth keeps the search going until that hard limit.
    clocked_midgame_move(
        &[
            "timeout_turn 5000",
            "timeout_match 120000",
            "start_depth 60",
            "time_left 4000",
        ],
        800,
    );
}

#[test]
fn c24_small_time_left_wins_over_turn_limit() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 30000");
    e.send("INFO timeout_match 180000");
    e.send("INFO time_left 400");
    let sent = e.send("TURN 7,7");
    let mv = e.expect_move_by(sent + ms(400) + SLACK);
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c25_info_timeout_turn_zero_stops_search() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    midgame_board(&mut e);
    sleep(ms(200));
    let sent = e.send("INFO timeout_turn 0");
    let mv = e.expect_move_by(sent + ms(100) + SLACK);
    check_midgame_move(&e, mv);
    e.finish();
}

#[test]
fn c25_shorter_timeout_turn_while_thinking_shortens_the_search() {
    // §5.7: limits may change while the engine thinks; a shorter one
    // counts from the start of the search.
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    let started = midgame_board(&mut e);
    sleep(ms(200));
    e.send("INFO timeout_turn 700");
    let mv = e.expect_move_by(started + ms(700) + SLACK);
    check_midgame_move(&e, mv);
    e.finish();
}

#[test]
fn c26_rule_switching_then_begin() {
    let mut e = started(15);
    for rule in [4, 1, 0, 8, 9, 2] {
        e.send(&format!("INFO rule {rule}"));
    }
    e.expect_silence(SILENCE);
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c26_rule_2_without_yixin_is_freestyle() {
    // Piskvork mode: 2 = freestyle + continuous → the overline wins.
    for rule in ["0", "2", "8"] {
        let mut e = started(15);
        e.send(&format!("INFO rule {rule}"));
        e.expect_silence(SILENCE);
        let mv = board_move(&mut e, &overline_position(), MOVE);
        if mv != (5, 7) {
            e.fail(&format!(
                "INFO rule {rule}: the overline at 5,7 wins; engine played {mv:?}"
            ));
        }
        e.finish();
    }
}

#[test]
fn c26_rule_1_3_9_exact_five_rules() {
    // 1 = standard, 3 = standard (+continuous), 9 = caro: the six at 5,7 does
    // not win; the exact five at 12,6 (blocked on one side only) does.
    for rule in ["1", "3", "9"] {
        let mut e = started(15);
        e.send(&format!("INFO rule {rule}"));
        let mv = board_move(&mut e, &overline_and_exact_five(), MOVE);
        if mv != (12, 6) {
            e.fail(&format!(
                "INFO rule {rule}: must play the exact five 12,6, played {mv:?}"
            ));
        }
        e.finish();
    }
}

#[test]
fn c27_unsupported_rule_values() {
    let mut e = started(15);
    for rule in ["7", "999", "-1"] {
        e.send(&format!("INFO rule {rule}"));
    }
    e.expect_silence(SILENCE);
    let sent = e.send("BEGIN");
    let (messages, mv) = e.expect_move_with_messages_by(sent + MOVE);
    if !has_warning(&messages, "rule") {
        e.fail(
            "an unsupported rule must be reported as a MESSAGE (mentioning 'rule') before the move",
        );
    }
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c27_unsupported_rule_keeps_freestyle() {
    let mut e = started(15);
    e.send("INFO rule 0");
    e.send("INFO rule 7");
    e.expect_silence(SILENCE);
    let pos = overline_position();
    pos.send(&mut e, "BOARD");
    let (_, mv) = e.expect_move_with_messages_by(Instant::now() + MOVE);
    if mv != (5, 7) {
        e.fail(&format!(
            "rule 7 must keep freestyle: the overline 5,7 wins; played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c27_unsupported_rule_keeps_standard() {
    let mut e = started(15);
    e.send("INFO rule 1");
    e.send("INFO rule 999");
    e.expect_silence(SILENCE);
    overline_and_exact_five().send(&mut e, "BOARD");
    let (_, mv) = e.expect_move_with_messages_by(Instant::now() + MOVE);
    if mv != (12, 6) {
        e.fail(&format!(
            "rule 999 must keep standard: exact five 12,6; played {mv:?}"
        ));
    }
    e.finish();
}

// ---------------------------------------------------------------------------
// C. Bad input — commands and order
// ---------------------------------------------------------------------------

#[test]
fn c28_unknown_command_one_line() {
    let mut e = Engine::start();
    e.send("HELLO world");
    let line = e.expect_line(REPLY);
    if !crate::harness::is_unknown(&line) {
        e.fail(&format!("expected one 'UNKNOWN …' line, got {line:?}"));
    }
    // A second UNKNOWN (one per word) would arrive instead of OK.
    e.send("START 15");
    e.expect_ok();
    e.send("FROBNICATE");
    e.expect_unknown();
    e.send("SUGGEST 7,7");
    e.expect_unknown();
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c29_empty_and_whitespace_lines() {
    let mut e = Engine::start();
    e.send("");
    e.send(" ");
    e.send("\t");
    e.send("  \t  ");
    e.expect_silence(SILENCE);
    e.send("START 15");
    e.expect_ok();
    e.send(" ");
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    e.send("");
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c30_crlf_line_endings() {
    let mut e = Engine::start();
    e.send_raw(b"START 15\r\nINFO timeout_turn 300\r\nBEGIN\r\n");
    e.expect_ok();
    let mv = e.expect_move(ms(300) + SLACK);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.send_raw(b"ABOUT\r\n");
    let about = e.expect_reply(REPLY);
    check_about(&e, &about);
    e.finish();
}

#[test]
fn c31_lone_cr_line_endings() {
    let mut e = Engine::start();
    // The last CR is not followed by anything: the engine must not wait
    // for a possible LF before acting on BEGIN.
    e.send_raw(b"START 15\rINFO timeout_turn 200\rBEGIN\r");
    e.expect_ok();
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c32_extra_spaces() {
    let mut e = Engine::start();
    e.send("  START   15  ");
    e.expect_ok();
    e.send(&format!("INFO   timeout_turn   {TURN_MS}  "));
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Opp);
    e.send("TURN  7,7 ");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c33_board_commands_before_start() {
    let mut e = Engine::start();
    e.send("TURN 7,7");
    e.expect_error();
    e.send("BEGIN");
    e.expect_error();
    e.send("BOARD");
    e.send("1,1,1");
    e.send("DONE");
    e.expect_error();
    e.send("RESTART");
    e.expect_error();
    e.send("TAKEBACK 1,1");
    e.expect_error();
    e.send("PLAY 1,1");
    e.expect_error();
    e.send("YXBOARD");
    e.send("1,1,1");
    e.send("DONE");
    e.expect_error();
    e.send("START 15");
    e.expect_ok();
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c34_begin_on_non_empty_board() {
    let mut e = started(15);
    let mut board = Board::square(15);
    turn(&mut e, &mut board, (7, 7), MOVE);
    e.send("BEGIN");
    e.expect_error();
    // Board unchanged: the next move avoids both stones.
    let p = first_empty(&board, &[(0, 0), (14, 14)]);
    turn(&mut e, &mut board, p, MOVE);
    e.finish();
}

#[test]
fn c35_start_with_bad_sizes() {
    let mut e = Engine::start();
    for line in [
        "START",
        "START 4",
        "START 0",
        "START -20",
        "START abc",
        "START 99999999999999999999",
        "START 15 15",
        "START 15,15",
        "START 1e1",
    ] {
        e.send(line);
        e.expect_error();
    }
    e.send("START 15");
    e.expect_ok();
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    // After a failed START no board remains (§5.1): the old game is gone.
    e.send("START 4");
    e.expect_error();
    for line in ["TURN 3,3", "BEGIN", "RESTART", "YXSHOWFORBID"] {
        e.send(line);
        e.expect_error();
    }
    // Every refused START does the same, not only a bad size: a malformed
    // line (extra word, not a number) leaves no game either.
    for refused in ["START 15 15", "START abc", "RECTSTART 10", "start"] {
        e.send("START 15");
        e.expect_ok();
        e.send(refused);
        e.expect_error();
        e.send("TURN 7,7");
        let reply = e.expect_reply(REPLY);
        if !is_error(&reply) {
            e.fail(&format!(
                "after '{refused}' TURN must be an ERROR, got {reply:?}"
            ));
        }
    }
    e.send("START 15");
    e.expect_ok();
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c36_start_size_bounds() {
    let mut e = Engine::start();
    for n in 5..=32 {
        e.send(&format!("START {n}"));
        e.expect_ok();
    }
    for n in [33, 34, 100, 4294967311u64] {
        e.send(&format!("START {n}"));
        e.expect_error();
    }
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    for n in [5u32, 32] {
        e.send(&format!("START {n}"));
        e.expect_ok();
        let mut board = Board::square(n);
        turn(&mut e, &mut board, (n - 1, n - 1), MOVE);
        let p = first_empty(&board, &[(0, 0), (0, n - 1), (n - 1, 0)]);
        turn(&mut e, &mut board, p, MOVE);
        e.send(&format!("TURN {n},0"));
        e.expect_error();
    }
    e.finish();
}

#[test]
fn c37_rectstart() {
    let mut e = Engine::start();
    e.send("RECTSTART 20,15");
    e.expect_ok();
    e.send("RECTSTART 15,15");
    e.expect_ok();
    for line in [
        "RECTSTART 20",
        "RECTSTART a,b",
        "RECTSTART 4,10",
        "RECTSTART 10,33",
        "RECTSTART 33,5",
        "RECTSTART 20, 15",
        "RECTSTART",
        "RECTSTART 20,15,1",
    ] {
        e.send(line);
        e.expect_error();
    }
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    e.send("INFO timeout_match 0");
    // A short game on 20 wide x 15 high: every move has x < 20, y < 15.
    e.send("RECTSTART 20,15");
    e.expect_ok();
    let mut board = Board::new(20, 15);
    e.send("TURN 0,15");
    e.expect_error();
    turn(&mut e, &mut board, (19, 14), MOVE);
    let mut rng = Rng::new(37);
    for _ in 0..6 {
        let p = crate::boards::opponent_move(&board, &mut rng).expect("room");
        turn(&mut e, &mut board, p, MOVE);
    }
    // And 15 wide x 20 high.
    e.send("RECTSTART 15,20");
    e.expect_ok();
    let mut board = Board::new(15, 20);
    e.send("TURN 15,0");
    e.expect_error();
    turn(&mut e, &mut board, (14, 19), MOVE);
    turn(&mut e, &mut board, (0, 19), MOVE);
    e.finish();
}

#[test]
fn c38_malformed_turn_coordinates() {
    let mut e = started(15);
    for line in [
        "TURN",
        "TURN 7",
        "TURN 7,",
        "TURN ,7",
        "TURN a,b",
        "TURN 7;7",
        "TURN 7, 7",
        "TURN 7,7,1",
        "TURN 1e3,2",
        "TURN +7,7",
        "TURN 7,7 8,8",
        "TURN 7.0,7",
        "TURN 0x7,7",
    ] {
        e.send(line);
        e.expect_error();
    }
    // Board unchanged: 7,7 is still empty.
    let mut board = Board::square(15);
    turn(&mut e, &mut board, (7, 7), MOVE);
    e.finish();
}

#[test]
fn c39_turn_out_of_range() {
    let mut e = started(15);
    for line in [
        "TURN 15,0",
        "TURN 0,15",
        "TURN -1,3",
        "TURN 4294967303,7",
        "TURN 2147483648,0",
        "TURN 18446744073709551623,7",
        "TURN 99999999999999999999999999,7",
        "TURN -1,-1",
    ] {
        e.send(line);
        e.expect_error();
    }
    // Nothing wrapped onto 7,7 or 0,0.
    let mut board = Board::square(15);
    turn(&mut e, &mut board, (7, 7), MOVE);
    let p = first_empty(&board, &[(0, 0), (0, 1)]);
    turn(&mut e, &mut board, p, MOVE);
    e.finish();
}

#[test]
fn c40_turn_on_occupied_square() {
    let mut e = started(15);
    let mut board = Board::square(15);
    let m = turn(&mut e, &mut board, (7, 7), MOVE);
    e.send("TURN 7,7");
    e.expect_error();
    e.send(&format!("TURN {},{}", m.0, m.1));
    e.expect_error();
    let p = first_empty(&board, &[(0, 0), (14, 14)]);
    turn(&mut e, &mut board, p, MOVE);
    e.finish();
}

#[test]
fn c41_board_duplicate_square() {
    let mut e = started(15);
    e.send("BOARD");
    e.send("7,7,1");
    e.send("7,7,2");
    // The ERROR is emitted while reading, before DONE.
    e.expect_error();
    e.send("8,8,2");
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Own);
    board.set(8, 8, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    e.send("TURN 7,7");
    e.expect_error();
    e.send("TURN 8,8");
    e.expect_error();
    e.finish();
}

#[test]
fn c41_board_duplicate_keeps_first_owner() {
    // Own four on row 7 (3..6); a duplicate line claims 6,7 for the opponent.
    // The duplicate is rejected, so the engine still has its four and wins.
    let pos = Position::from_stones(15, &[(3, 7), (4, 7), (5, 7), (6, 7)], &[], Side::Black);
    let mut e = started(15);
    e.send("BOARD");
    for line in pos.lines() {
        e.send(&line);
    }
    e.send("6,7,2");
    e.expect_error();
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    if mv != (2, 7) && mv != (7, 7) {
        e.fail(&format!(
            "engine must complete its five at 2,7 or 7,7, played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c42_board_bad_fields_and_junk() {
    let mut e = started(15);
    e.send("BOARD");
    for line in [
        "7,7,5",
        "20,3,1",
        "foo",
        "1,1",
        "2,2,1,9",
        "3,3,0",
        "5,5,-1",
        "a,5,1",
        "6,6,x",
        "-1,5,1",
        "4294967301,5,1",
    ] {
        e.send(line);
        // One ERROR per bad line, emitted while reading.
        e.expect_error();
    }
    e.send("4,4,2");
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    board.set(4, 4, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    // None of the bad lines placed a stone.
    for p in [(7, 7), (3, 3), (1, 1), (2, 2), (5, 5)] {
        if board.is_empty_at(p.0, p.1) {
            turn(&mut e, &mut board, p, MOVE);
        }
    }
    e.finish();
}

#[test]
fn c43_board_field_3_walls() {
    let mut e = started(15);
    e.send("INFO rule 2");
    e.send("BOARD");
    for line in ["0,0,3", "1,0,3", "2,0,3", "3,0,3", "4,0,3", "7,7,2"] {
        e.send(line);
    }
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    for x in 0..5 {
        board.set(x, 0, Cell::Wall);
    }
    board.set(7, 7, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    // Walls are occupied.
    e.send("TURN 2,0");
    e.expect_error();
    e.finish();
}

#[test]
fn c43_wall_is_occupied_and_nobodys() {
    // Own four 3..6 on row 7 with a wall at 7,7: the only five is 2,7.
    let pos = Position::from_stones(15, &[(3, 7), (4, 7), (5, 7), (6, 7)], &[], Side::Black);
    let mut e = started(15);
    e.send("INFO rule 2");
    e.send("BOARD");
    for line in pos.lines() {
        e.send(&line);
    }
    e.send("7,7,3");
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    if mv != (2, 7) {
        e.fail(&format!(
            "7,7 is a wall: the only five is 2,7; engine played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c44_board_without_done_then_eof() {
    let mut e = started(15);
    e.send("BOARD");
    e.send("7,7,1");
    let closed = e.close_stdin();
    e.wait_exit_by(closed + EOF_EXIT);
    e.finish_exited(0);
}

#[test]
fn c45_end_inside_board_data() {
    let mut e = started(15);
    e.send("BOARD");
    e.send("7,7,1");
    let sent = e.send("END");
    e.wait_exit_by(sent + END_EXIT);
    e.finish_exited(0);
}

#[test]
fn c46_done_case_and_cr() {
    let mut e = Engine::start();
    e.send("start 15");
    e.expect_ok();
    e.send(&format!("info timeout_turn {TURN_MS}"));
    e.send("board");
    e.send("7,7,1");
    e.send("8,8,2");
    e.send_raw(b"done\r\n");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Own);
    board.set(8, 8, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    // Mixed case, with CR only.
    e.send("start 15");
    e.expect_ok();
    e.send_raw(b"BoArD\r6,6,1\r6,7,2\rDoNe\r");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    board.set(6, 6, Cell::Own);
    board.set(6, 7, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c47_pass_coordinates() {
    let mut e = started(15);
    e.send("TURN -1,-1");
    e.expect_error();
    e.send("YXBOARD");
    e.send("7,7,1");
    e.send("-1,-1,2");
    e.send("DONE");
    e.expect_silence(SILENCE);
    e.send("YXSHOWFORBID");
    let line = e.expect_reply(REPLY);
    if line != "FORBID ." {
        e.fail(&format!("expected 'FORBID .', got {line:?}"));
    }
    // The pass placed nothing; 7,7 is taken.
    e.send("TURN 7,7");
    e.expect_error();
    e.finish();
}

#[test]
fn c48_very_long_line() {
    let mut e = started(15);
    let mut line = vec![b'A'; 1_000_000];
    line.push(b'\n');
    e.send_raw(&line);
    let reply = e.expect_reply(ms(2000));
    if !reply.starts_with("ERROR ") || reply.len() > 200 {
        e.fail(&format!(
            "a line over 64 KiB needs one short ERROR line (<= 200 chars), got {} chars: {:?}",
            reply.len(),
            &reply[..reply.len().min(200)]
        ));
    }
    e.send("BEGIN");
    let mv = e.expect_move(MOVE);
    play_engine_move(&e, &mut Board::square(15), mv);
    e.finish();
}

#[test]
fn c48_long_line_starting_with_a_command() {
    let mut e = started(15);
    // A valid command padded past 64 KiB is still one over-long line, and the
    // next line (in the same write) is read normally.
    let mut bytes = b"START 15".to_vec();
    bytes.extend(vec![b' '; 70_000]);
    bytes.extend_from_slice(b"7\nABOUT\n");
    e.send_raw(&bytes);
    let reply = e.expect_reply(ms(2000));
    if !reply.starts_with("ERROR ") || reply.len() > 200 {
        e.fail(&format!(
            "over-long line must get one short ERROR, got {reply:?}"
        ));
    }
    let about = e.expect_reply(REPLY);
    check_about(&e, &about);
    // Inside BOARD data an over-long line is one bad data line.
    e.send("BOARD");
    let mut long = vec![b'1'; 100_000];
    long.push(b'\n');
    e.send_raw(&long);
    e.expect_error();
    e.send("7,7,2");
    e.send("DONE");
    let mv = e.expect_move(MOVE);
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Opp);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn c49_garbage_bytes_and_bom() {
    let mut e = Engine::start();
    e.send_raw(b"\x00\xff\xfe\x1b[31m\x80\x80\n");
    e.expect_unknown();
    // Leading UTF-8 BOM is stripped.
    e.send_raw(b"\xef\xbb\xbfSTART 15\n");
    e.expect_ok();
    e.send("START 15");
    e.expect_ok();
    e.send_raw(b"\x00\n");
    e.expect_unknown();
    e.send_raw(b"TURN \xff,7\n");
    e.expect_unknown();
    e.expect_silence(SILENCE);
    // finish() also checks that every output line was valid UTF-8.
    e.finish();
}

#[test]
fn c50_commands_arriving_while_thinking() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 1000");
    e.send("INFO timeout_match 0");
    let sent = midgame_board(&mut e);
    e.send("ABOUT");
    e.send("INFO time_left 5000");
    // The move comes first (queued ABOUT must not come before it).
    let (_, first) = e.expect_reply_with_messages_by(sent + ms(1000) + SLACK, "the move");
    match crate::harness::parse_move(&first) {
        Some(mv) => check_midgame_move(&e, mv),
        None => e.fail(&format!(
            "the move must come before the ABOUT reply, got {first:?}"
        )),
    }
    let about = e.expect_reply(REPLY);
    check_about(&e, &about);
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c50_info_other_than_the_clock_waits_for_the_move() {
    // §17.8: only the clock's INFO keys act during a search; `INFO rule`
    // sent while thinking applies to the commands after it, in order.
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO rule 4");
    e.send("INFO timeout_turn 1000");
    e.send("INFO timeout_match 0");
    let sent = midgame_board(&mut e);
    // RULES §9.4 (black to move, 6,7 a double three), then the rule change.
    e.send("YXBOARD");
    for line in [
        "4,7,1", "0,0,2", "5,7,1", "14,0,2", "6,6,1", "0,14,2", "6,8,1", "14,14,2",
    ] {
        e.send(line);
    }
    e.send("DONE");
    e.send("YXSHOWFORBID");
    e.send("INFO rule 0");
    e.send("YXSHOWFORBID");
    let (_, first) = e.expect_reply_with_messages_by(sent + ms(1000) + SLACK, "the move");
    match crate::harness::parse_move(&first) {
        Some(mv) => check_midgame_move(&e, mv),
        None => e.fail(&format!("expected the move first, got {first:?}")),
    }
    for expected in ["FORBID 0607.", "FORBID ."] {
        let line = e.expect_reply(REPLY);
        if line != expected {
            e.fail(&format!(
                "expected {expected:?} (renju, then freestyle), got {line:?}"
            ));
        }
    }
    e.finish();
}

#[test]
fn c51_unknown_command_while_thinking() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 500");
    e.send("INFO timeout_match 0");
    let sent = midgame_board(&mut e);
    e.send("FOO");
    let (_, first) = e.expect_reply_with_messages_by(sent + ms(500) + SLACK, "the move");
    match crate::harness::parse_move(&first) {
        Some(mv) => check_midgame_move(&e, mv),
        None => e.fail(&format!("the move must come before UNKNOWN, got {first:?}")),
    }
    e.expect_unknown();
    e.expect_silence(SILENCE);
    e.finish();
}

// ---------------------------------------------------------------------------
// D. Rules-dependent protocol behaviour (renju cases: renju_forbid.rs)
// ---------------------------------------------------------------------------

#[test]
fn c56_standard_overline_is_not_a_win() {
    let mut e = started(15);
    e.send("INFO rule 1");
    let mv = board_move(&mut e, &overline_and_exact_five(), MOVE);
    if mv != (12, 6) {
        e.fail(&format!(
            "standard: 5,7 makes six (no win); the exact five is 12,6; engine played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c57_caro_blocked_five_is_not_a_win() {
    // Row 7: O X X X X . O — 6,7 gives a five blocked at both ends.
    // Column 10: own 10,2..10,5 with an opponent stone at 10,1: 10,6 wins.
    let pos = Position::from_stones(
        15,
        &[
            (2, 7),
            (3, 7),
            (4, 7),
            (5, 7),
            (10, 2),
            (10, 3),
            (10, 4),
            (10, 5),
        ],
        &[(1, 7), (7, 7), (10, 1)],
        Side::Any,
    );
    let mut e = started(15);
    e.send("INFO rule 9");
    let mv = board_move(&mut e, &pos, MOVE);
    if mv != (10, 6) {
        e.fail(&format!(
            "caro: 6,7 is a five blocked at both ends; the win is 10,6; engine played {mv:?}"
        ));
    }
    e.finish();
}

#[test]
fn c57_caro_board_edge_is_not_a_block() {
    // Own 0..3 on row 7 with the opponent at 5,7: 4,7 gives a five bounded
    // by the edge and one opponent stone — a caro win. The opponent threatens
    // its own caro five at 12,6, so an engine that thinks the edge blocks
    // would defend there instead.
    let pos = Position::from_stones(
        15,
        &[(0, 7), (1, 7), (2, 7), (3, 7), (12, 1)],
        &[(5, 7), (12, 2), (12, 3), (12, 4), (12, 5)],
        Side::Any,
    );
    let mut e = started(15);
    e.send("INFO rule 9");
    let mv = board_move(&mut e, &pos, MOVE);
    if mv != (4, 7) {
        e.fail(&format!(
            "caro: the board edge does not block; 4,7 wins; engine played {mv:?}"
        ));
    }
    e.finish();
}

/// 5x5 board with no five anywhere: rows XXOOX / OOXXO / …
const FULL_5X5: &str = "XXOOX\nOOXXO\nXXOOX\nOOXXO\nXXOOX";

#[test]
fn c58_full_board() {
    // 25 stones: 13 X (opponent), 12 O (engine, White to move).
    let full = Position::from_ascii(5, 0, 0, FULL_5X5, 'O', Side::White);
    assert_eq!(full.stones.len(), 25);
    let mut e = started(5);
    e.send("INFO rule 0");
    full.send(&mut e, "BOARD");
    let reply = e.expect_reply(MOVE);
    if !crate::harness::is_error(&reply) {
        e.fail(&format!(
            "full board: expected 'ERROR …' instead of a move, got {reply:?}"
        ));
    }
    // 24 stones: the single empty point 0,0 is the only move.
    let almost = FULL_5X5.replacen('X', ".", 1);
    let pos = Position::from_ascii(5, 0, 0, &almost, 'X', Side::Black);
    assert_eq!(pos.stones.len(), 24);
    e.send("START 5");
    e.expect_ok();
    let mv = board_move(&mut e, &pos, MOVE);
    if mv != (0, 0) {
        e.fail(&format!(
            "the only empty point is 0,0, engine played {mv:?}"
        ));
    }
    e.send("TURN 1,1");
    e.expect_error();
    e.finish();
}

// ---------------------------------------------------------------------------
// E. Yixin Board extension commands
// ---------------------------------------------------------------------------

#[test]
fn c59_yxshowinfo_handshake() {
    let mut e = Engine::start();
    e.send("info show_detail 3");
    e.send("yxshowinfo");
    e.send("START 15");
    let (before, reply) = e.expect_reply_with_messages_by(Instant::now() + REPLY, "OK");
    if reply != "OK" {
        e.fail(&format!(
            "expected OK after yxshowinfo's MESSAGE lines, got {reply:?}"
        ));
    }
    for line in &before {
        if !line.starts_with("MESSAGE ") {
            e.fail(&format!(
                "yxshowinfo may print only MESSAGE lines, got {line:?}"
            ));
        }
        for key in [
            "MESSAGE INFO MAX_THREAD_NUM ",
            "MESSAGE INFO MAX_HASH_SIZE ",
        ] {
            if let Some(n) = line.strip_prefix(key) {
                if n.parse::<u32>().is_err() {
                    e.fail(&format!("malformed {key:?} line: {line:?}"));
                }
            }
        }
    }
    e.finish();
}

#[test]
fn c60_yxboard_does_not_think() {
    let mut e = started(15);
    e.send("yxboard");
    e.send("7,7,1");
    e.send("8,8,2");
    e.send("done");
    e.expect_silence(SILENCE);
    // The position is loaded: both points are occupied.
    e.send("TURN 8,8");
    e.expect_error();
    let mut board = Board::square(15);
    board.set(7, 7, Cell::Own);
    board.set(8, 8, Cell::Opp);
    turn(&mut e, &mut board, (6, 6), MOVE);
    e.finish();
}

#[test]
fn c60_yxboard_bad_lines_get_errors() {
    let mut e = started(15);
    e.send("YXBOARD");
    e.send("7,7,1");
    e.send("7,7,2");
    e.expect_error();
    e.send("99,1,1");
    e.expect_error();
    e.send("DONE");
    e.expect_silence(SILENCE);
    e.finish();
}

fn stop_while_thinking(stop: &str) {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    midgame_board(&mut e);
    sleep(ms(200));
    let sent = e.send(stop);
    let mv = e.expect_move_by(sent + ms(100) + SLACK);
    check_midgame_move(&e, mv);
    // Exactly one move; the stop itself has no reply.
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c62_yxstop_while_thinking() {
    stop_while_thinking("yxstop");
}

#[test]
fn c62_stop_while_thinking() {
    stop_while_thinking("STOP");
}

#[test]
fn c62_yxstop_while_idle_is_silent() {
    let mut e = started(15);
    e.send("YXSTOP");
    e.send("yxstop");
    e.send("STOP");
    e.expect_silence(SILENCE);
    e.send("BEGIN");
    e.expect_move(MOVE);
    e.send("YXSTOP");
    e.expect_silence(SILENCE);
    e.finish();
}

#[test]
fn c63_yxhashclear() {
    let mut e = started(15);
    e.send("YXHASHCLEAR");
    let lines = e.collect_lines(SILENCE);
    if lines.len() > 1 || lines.iter().any(|l| !l.starts_with("MESSAGE ")) {
        e.fail(&format!(
            "YXHASHCLEAR: silent or one MESSAGE line, got {lines:?}"
        ));
    }
    e.finish();
}

#[test]
fn c64_no_bare_info_output() {
    let mut e = Engine::start();
    e.send("START 20");
    e.expect_ok();
    for line in [
        "INFO timeout_turn 300",
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 2",
        "INFO rule 0",
        "INFO time_left 2147483647",
    ] {
        e.send(line);
    }
    let mut board = Board::square(20);
    e.send("BEGIN");
    let mv = e.expect_move(ms(300) + SLACK);
    play_engine_move(&e, &mut board, mv);
    let mut rng = Rng::new(64);
    for _ in 0..4 {
        let p = crate::boards::opponent_move(&board, &mut rng).expect("room");
        turn(&mut e, &mut board, p, ms(300) + SLACK);
    }
    e.expect_silence(SILENCE);
    for line in e.received_lines() {
        let ok = line == "OK" || is_message(&line) || is_move_line(&line);
        if !ok {
            e.fail(&format!(
                "unexpected output line in a Piskvork session: {line:?}"
            ));
        }
    }
    e.finish();
}

// ---------------------------------------------------------------------------
// F. Output hygiene & resources
// ---------------------------------------------------------------------------

#[test]
fn c70_stderr_silent() {
    // A bit of everything, including every kind of error reply; stderr is
    // checked along the way and again by finish().
    let mut e = Engine::start();
    e.send("HELLO");
    e.expect_unknown();
    e.send("START 3");
    e.expect_error();
    e.send("START 15");
    e.expect_ok();
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    e.send("TURN 99,99");
    e.expect_error();
    e.send("BEGIN");
    let (x, y) = e.expect_move(MOVE);
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect_ok();
    e.send_raw(b"\xff\xfe\n");
    e.expect_unknown();
    e.assert_no_stderr();
    e.finish();
}

#[test]
fn c71_no_output_after_end() {
    let mut e = started(15);
    e.send("BEGIN");
    e.expect_move(MOVE);
    // finish() reads stdout to EOF after END and fails on any line.
    e.finish();
}

#[cfg(target_os = "linux")]
#[test]
fn c72_memory_limit_respected() {
    // Scaled down from 20 moves at 1 s: 10 moves at 300 ms.
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO max_memory 67108864");
    e.send("INFO timeout_turn 300");
    e.send("INFO timeout_match 0");
    play_moves(&mut e, 15, 10, 72, |_, _| ms(300) + SLACK);
    let peak = e.peak_rss_kib();
    e.note(&format!("VmHWM {peak} kB"));
    if peak >= 64 * 1024 {
        e.fail(&format!("peak RSS {peak} kB exceeds max_memory 64 MiB"));
    }
    e.finish();
}

/// Issue 15, defect 8: lines that arrive during a search wait in a queue
/// until the move is out. 86 MiB of 60 KB `INFO folder` lines during a
/// 3 s search once raised the peak to 125 MiB against a `max_memory` of
/// 64 MiB; now the queue is bounded, each line that does not fit is
/// answered by an ERROR, and everything after it is answered in order.
#[test]
fn an_input_flood_during_a_search_stays_within_max_memory() {
    const LINE_BYTES: usize = 60_000;
    const LINES: usize = 1_440;
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO max_memory 67108864");
    e.send("INFO timeout_turn 3000");
    e.send("INFO timeout_match 0");
    e.send("TURN 7,7");
    let mut line = b"INFO folder C:\\".to_vec();
    line.resize(LINE_BYTES - 1, b'a');
    line.push(b'\n');
    let chunk = line.repeat(16);
    for _ in 0..LINES / 16 {
        e.send_bulk(&chunk, "16 INFO folder lines of 60 KB");
    }
    let sent = e.send("ABOUT");
    // The move, one ERROR per dropped line, then ABOUT's answer.
    let (_, reply) = e.expect_reply_with_messages_by(sent + ms(3000) + SLACK, "the move");
    if parse_move(&reply).is_none() {
        e.fail(&format!("expected the move, got {reply:?}"));
    }
    let mut dropped = 0;
    let about = loop {
        let line = e.expect_reply(REPLY);
        if !is_error(&line) {
            break line;
        }
        dropped += 1;
    };
    let peak = e.peak_rss_kib();
    e.note(&format!("VmHWM {peak} kB, {dropped} lines dropped"));
    if peak >= 64 * 1024 {
        e.fail(&format!("peak RSS {peak} kB exceeds max_memory 64 MiB"));
    }
    if about_fields(&about).is_none() || dropped == 0 {
        e.fail(&format!(
            "expected ERRORs for dropped lines ({dropped}), then ABOUT: {about:?}"
        ));
    }
    e.finish();
}

/// Plays `moves` engine moves against the test opponent, restarting the game
/// after a five or a full board. `before_turn` runs before each TURN, told
/// whether it is the first of a new game, and returns the move's deadline.
fn play_moves(
    e: &mut Engine,
    size: u32,
    moves: usize,
    seed: u64,
    mut before_turn: impl FnMut(&mut Engine, bool) -> Duration,
) {
    let mut rng = Rng::new(seed);
    let mut board = Board::square(size);
    let mut played = 0;
    let mut new_game = true;
    while played < moves {
        let Some(p) = crate::boards::opponent_move(&board, &mut rng) else {
            e.send("RESTART");
            e.expect_ok();
            board.clear();
            new_game = true;
            continue;
        };
        let limit = before_turn(e, std::mem::take(&mut new_game));
        board.set(p.0, p.1, Cell::Opp);
        let opp_won = board.makes_five(p.0, p.1, Cell::Opp);
        let sent = e.send(&format!("TURN {},{}", p.0, p.1));
        let mv = e.expect_move_by(sent + limit);
        play_engine_move(e, &mut board, mv);
        played += 1;
        if opp_won || board.makes_five(mv.0, mv.1, Cell::Own) || board.empties().len() < 2 {
            e.send("RESTART");
            e.expect_ok();
            board.clear();
            new_game = true;
        }
    }
}

#[test]
fn c73_time_limit_over_a_match() {
    // Scaled down from 5000/120000 ms and 100 moves: timeout_turn 1000,
    // timeout_match 5000, 30 moves, so the match clock binds (30 moves at
    // the turn limit would take 30 s); before every TURN the real remaining
    // match time is sent. Every reply must come within
    // min(1000, time_left) + SLACK, and the engine's total thinking time
    // must stay below the match limit.
    const TURN: u64 = 1000;
    const MATCH: u64 = 5_000;
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send(&format!("INFO timeout_turn {TURN}"));
    e.send(&format!("INFO timeout_match {MATCH}"));
    let mut used = Duration::ZERO;
    let mut last: Option<Instant> = None;
    play_moves(&mut e, 15, 30, 73, |e, _| {
        // Charge the previous move (from its TURN to now, which is after its
        // reply was read — an upper bound of the engine's time).
        if let Some(t) = last {
            used += t.elapsed();
        }
        let left = ms(MATCH).saturating_sub(used);
        e.send(&format!("INFO time_left {}", left.as_millis()));
        last = Some(Instant::now());
        left.min(ms(TURN)) + SLACK
    });
    let total = used;
    e.note(&format!("match time used (29 of 30 moves): {total:?}"));
    if total >= ms(MATCH) {
        e.fail(&format!("the engine used {total:?} of a {MATCH} ms match"));
    }
    e.finish();
}

#[test]
fn match_clock_is_kept_by_the_engine_when_no_time_left_is_sent() {
    // A manager that gives only timeout_match (no per-move limit) and never
    // sends time_left: the engine must count its own thinking time, so each
    // game (RESTART starts a new one, with a new match clock) stays within
    // the match limit.
    const MATCH: u64 = 3_000;
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 0");
    e.send(&format!("INFO timeout_match {MATCH}"));
    let mut used = Duration::ZERO;
    let mut last: Option<Instant> = None;
    let mut most = Duration::ZERO;
    play_moves(&mut e, 15, 30, 91, |_, new_game| {
        // Charge the previous move (from its TURN to now: an upper bound).
        if let Some(t) = last {
            used += t.elapsed();
        }
        most = most.max(used);
        if new_game {
            used = Duration::ZERO;
        }
        last = Some(Instant::now());
        ms(MATCH).saturating_sub(used) + SLACK
    });
    most = most.max(used);
    e.note(&format!("most match time used in one game: {most:?}"));
    if most >= ms(MATCH) {
        e.fail(&format!("the engine used {most:?} of a {MATCH} ms match"));
    }
    e.finish();
}

#[cfg(target_os = "linux")]
#[test]
fn c74_many_games_in_one_process() {
    // Scaled down from 200 games x 30 TURNs: 50 games x 10 TURNs at
    // timeout_turn 10; the C-05 win check runs in the first and last game.
    let mut e = Engine::start();
    e.send("INFO max_memory 67108864");
    let check_c05 = |e: &mut Engine| {
        e.send("START 15");
        e.expect_ok();
        e.send("INFO rule 0");
        e.send("BOARD");
        for line in [
            "3,7,1", "0,0,2", "4,7,1", "0,2,2", "5,7,1", "0,4,2", "6,7,1", "0,6,2",
        ] {
            e.send(line);
        }
        e.send("DONE");
        let mv = e.expect_move(MOVE);
        if mv != (2, 7) && mv != (7, 7) {
            e.fail(&format!("engine must complete its five, played {mv:?}"));
        }
    };
    e.send("INFO timeout_turn 10");
    e.send("INFO timeout_match 0");
    check_c05(&mut e);
    for game in 0..50 {
        e.send("START 15");
        e.expect_ok();
        play_moves(&mut e, 15, 10, 7400 + game, |_, _| ms(10) + SLACK);
    }
    check_c05(&mut e);
    let peak = e.peak_rss_kib();
    e.note(&format!("VmHWM {peak} kB"));
    if peak >= 64 * 1024 {
        e.fail(&format!("peak RSS {peak} kB exceeds max_memory 64 MiB"));
    }
    e.finish();
}

#[test]
fn c75_unknown_command_line_arguments() {
    let mut e = Engine::start_with_args(&["--force-utf8", "--foo=bar", "x"]);
    e.send("START 20");
    e.expect_ok();
    for line in [
        "INFO timeout_turn 500",
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 2",
        "INFO rule 0",
        "INFO time_left 2147483647",
    ] {
        e.send(line);
    }
    e.expect_silence(SILENCE);
    let sent = e.send("BEGIN");
    let mv = e.expect_move_by(sent + ms(500) + SLACK);
    play_engine_move(&e, &mut Board::square(20), mv);
    e.finish();
}

/// One `MESSAGE REALTIME …` line in the forms Yixin Board reads (§9.1).
fn is_realtime_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("MESSAGE REALTIME ") else {
        return false;
    };
    if rest == "REFRESH" {
        return true;
    }
    match rest.split_once(' ') {
        Some((kind, point)) => {
            ["POS", "DONE", "BEST", "LOST"].contains(&kind) && is_move_line(point)
        }
        None => false,
    }
}

/// One bare `INFO KEY value` detail line with a key of §9.2 and a value of
/// the right shape.
fn is_detail_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("INFO ") else {
        return false;
    };
    let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
    let number = |v: &str| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
    match key {
        "PV" => value == "DONE" || number(value),
        "NUMPV" | "DEPTH" | "SELDEPTH" | "NODES" | "TOTALNODES" | "TOTALTIME" | "SPEED" => {
            number(value)
        }
        "EVAL" => {
            let magnitude = value.strip_prefix('-').unwrap_or(value);
            let mate = ["+M", "-M"]
                .iter()
                .any(|p| value.strip_prefix(p).is_some_and(number));
            mate || number(magnitude)
        }
        "WINRATE" => value.parse::<f64>().is_ok_and(|w| (0.0..=1.0).contains(&w)),
        "BESTLINE" => value.split(' ').all(is_move_line),
        _ => false,
    }
}

#[test]
fn c65_show_detail_3_realtime_lines_are_well_formed() {
    let mut e = Engine::start();
    e.skip_bare_info = true;
    e.send("INFO show_detail 3");
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 2000");
    e.send("INFO timeout_match 0");
    // A quiet opening, so that the engine searches several iterations
    // (an empty board would be answered with the centre at once).
    for line in ["BOARD", "7,7,2", "8,8,1", "8,6,2", "DONE"] {
        e.send(line);
    }
    let deadline = Instant::now() + ms(2000) + MOVE;
    let (lines, _) = e.expect_move_with_messages_by(deadline);
    let realtime: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE REALTIME"))
        .collect();
    let detail: Vec<&String> = lines.iter().filter(|l| l.starts_with("INFO ")).collect();
    assert!(!realtime.is_empty() && !detail.is_empty(), "{lines:?}");
    for line in realtime {
        assert!(is_realtime_line(line), "bad realtime line {line:?}");
    }
    for line in detail {
        assert!(is_detail_line(line), "bad detail line {line:?}");
    }
    e.finish();
}
