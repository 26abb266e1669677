//! Whole sessions shaped like the three managers of PROTOCOL.md §4:
//! Piskvork (CR LF, INFO block in Piskvork's order, BOARD opening,
//! `INFO time_left` before every TURN, TAKEBACK undo, END), c-gomoku-cli
//! (ABOUT first, a new START per game, BOARD openings in game order) and
//! Yixin Board (lower-case commands, `start` + `board … done` before every
//! search, `yxboard` + `yxshowforbid`, `yxstop`).
//!
//! Every game is tracked in the test: each engine move must be on the board
//! and on an empty point; a game stops at a five or after a move limit.

use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::boards::{opponent_move, play_engine_move, Board, Cell, Rng};
use crate::conformance::check_about;
use crate::harness::{ms, Engine, REPLY, SLACK};

/// Piskvork terminates every line with CR LF.
fn send_crlf(e: &mut Engine, line: &str) -> Instant {
    e.send_raw(format!("{line}\r\n").as_bytes())
}

#[test]
fn session_piskvork_full_game() {
    const TURN: u64 = 200;
    const MATCH: u64 = 60_000;
    let mut e = Engine::start();
    send_crlf(&mut e, "START 20");
    e.expect_ok();
    // Piskvork's order: max_memory, timeout_match, timeout_turn, game_type,
    // rule, time_left, folder.
    for line in [
        "INFO max_memory 83886080".to_string(),
        format!("INFO timeout_match {MATCH}"),
        format!("INFO timeout_turn {TURN}"),
        "INFO game_type 1".to_string(),
        "INFO rule 0".to_string(),
        format!("INFO time_left {MATCH}"),
        "INFO folder C:\\Users\\player\\AppData\\Local\\Piskvork".to_string(),
    ] {
        send_crlf(&mut e, &line);
    }
    let mut board = Board::square(20);
    let mut used = Duration::ZERO;
    // Tournament opening: three stones, the engine is White.
    send_crlf(&mut e, "BOARD");
    for (x, y, f) in [(10, 10, 2), (11, 11, 1), (9, 11, 2)] {
        send_crlf(&mut e, &format!("{x},{y},{f}"));
        board.set(x, y, if f == 1 { Cell::Own } else { Cell::Opp });
    }
    let sent = send_crlf(&mut e, "DONE");
    let mv = e.expect_move_by(sent + ms(TURN) + SLACK);
    used += sent.elapsed();
    play_engine_move(&e, &mut board, mv);

    let mut rng = Rng::new(2024);
    // (opponent move, engine reply) pairs played by TURN, for TAKEBACK.
    let mut history: Vec<((u32, u32), (u32, u32))> = Vec::new();
    let mut took_back = false;
    for step in 0..40 {
        if step == 3 {
            // GUI undo: take back the engine's move, then ours.
            let (ours, theirs) = history.pop().expect("history");
            send_crlf(&mut e, &format!("TAKEBACK {},{}", theirs.0, theirs.1));
            e.expect_ok();
            board.set(theirs.0, theirs.1, Cell::Empty);
            send_crlf(&mut e, &format!("TAKEBACK {},{}", ours.0, ours.1));
            e.expect_ok();
            board.set(ours.0, ours.1, Cell::Empty);
            took_back = true;
        }
        let Some(p) = opponent_move(&board, &mut rng) else {
            e.note("board full: draw");
            break;
        };
        board.set(p.0, p.1, Cell::Opp);
        if board.makes_five(p.0, p.1, Cell::Opp) {
            e.note("test player made five: game over");
            break;
        }
        let left = ms(MATCH).saturating_sub(used);
        send_crlf(&mut e, &format!("INFO time_left {}", left.as_millis()));
        let sent = send_crlf(&mut e, &format!("TURN {},{}", p.0, p.1));
        let reply = e.expect_move_by(sent + left.min(ms(TURN)) + SLACK);
        used += sent.elapsed();
        play_engine_move(&e, &mut board, reply);
        history.push((p, reply));
        if board.makes_five(reply.0, reply.1, Cell::Own) {
            e.note("engine made five: game over");
            break;
        }
    }
    if !took_back {
        e.fail("the game ended before the TAKEBACK step; pick another seed");
    }
    let sent = send_crlf(&mut e, "END");
    let status = e.wait_exit_by(sent + crate::harness::END_EXIT);
    e.note(&format!("exit: {status}"));
    e.finish_exited(0);
}

#[test]
fn session_c_gomoku_cli_games() {
    const TURN: u64 = 150;
    let mut e = Engine::start();
    // Spawn, then ABOUT at once.
    e.send("ABOUT");
    let about = e.expect_reply(REPLY);
    check_about(&e, &about);
    // Openings in game order; c-gomoku-cli marks the colour of the last move
    // as 2 and the other as 1.
    let openings: [&[(u32, u32)]; 3] = [
        &[(7, 7), (8, 8), (6, 8)],
        &[(7, 7), (7, 8), (9, 9), (6, 6)],
        &[(7, 7)],
    ];
    let mut rng = Rng::new(77);
    for (game, opening) in openings.iter().enumerate() {
        e.send("START 15");
        e.expect_ok();
        e.send("INFO rule 0");
        e.send(&format!("INFO timeout_turn {TURN}"));
        e.send("INFO timeout_match 0");
        e.send("INFO max_memory 367001600");
        e.send("INFO time_left 2147483647");
        let mut board = Board::square(15);
        let last_parity = (opening.len() - 1) % 2;
        e.send("BOARD");
        for (i, &(x, y)) in opening.iter().enumerate() {
            let field = if i % 2 == last_parity { 2 } else { 1 };
            e.send(&format!("{x},{y},{field}"));
            board.set(x, y, if field == 1 { Cell::Own } else { Cell::Opp });
        }
        let sent = e.send("DONE");
        let mut mv = e.expect_move_by(sent + ms(TURN) + SLACK);
        play_engine_move(&e, &mut board, mv);
        for _ in 0..8 {
            if board.makes_five(mv.0, mv.1, Cell::Own) {
                e.note(&format!("game {game}: engine made five"));
                break;
            }
            let Some(p) = opponent_move(&board, &mut rng) else {
                break;
            };
            board.set(p.0, p.1, Cell::Opp);
            if board.makes_five(p.0, p.1, Cell::Opp) {
                e.note(&format!("game {game}: test player made five"));
                break;
            }
            e.send("INFO time_left 2147483647");
            let sent = e.send(&format!("TURN {},{}", p.0, p.1));
            mv = e.expect_move_by(sent + ms(TURN) + SLACK);
            play_engine_move(&e, &mut board, mv);
        }
    }
    e.finish();
}

/// Sends `start 15`, `board`/`yxboard`, the game so far (field 1 = engine)
/// and `done`. Returns when `done` was written.
fn yixin_position(e: &mut Engine, command: &str, moves: &[((u32, u32), Cell)]) -> Instant {
    e.send("start 15");
    e.expect_ok();
    e.send(command);
    for &((x, y), cell) in moves {
        let field = if cell == Cell::Own { 1 } else { 2 };
        e.send(&format!("{x},{y},{field}"));
    }
    e.send("done")
}

#[test]
fn session_yixin_board() {
    const TURN: u64 = 200;
    let mut e = Engine::start_with_args(&["--force-utf8"]);
    // show_detail 3 allows bare `INFO …` analysis lines in this session.
    e.skip_bare_info = true;
    e.send("info show_detail 3");
    e.send("yxshowinfo");
    e.send("START 15");
    let (before, ok) = e.expect_reply_with_messages_by(Instant::now() + REPLY, "OK");
    if ok != "OK" || before.iter().any(|l| !l.starts_with("MESSAGE ")) {
        e.fail(&format!(
            "yxshowinfo + START: MESSAGE lines then OK, got {before:?} / {ok:?}"
        ));
    }
    for line in [
        format!("INFO timeout_turn {TURN}"),
        "INFO timeout_match 0".to_string(),
        "INFO time_left 2147483647".to_string(),
        "INFO max_node 500000000".to_string(),
        "INFO max_depth 225".to_string(),
        "INFO time_increment 0".to_string(),
        "INFO caution_factor 1".to_string(),
        "INFO thread_num 1".to_string(),
        "INFO hash_size 20480".to_string(),
        "INFO pondering 0".to_string(),
        "INFO vcthread 0".to_string(),
        "INFO rule 0".to_string(),
    ] {
        e.send(&line);
    }
    let mut board = Board::square(15);
    let mut moves: Vec<((u32, u32), Cell)> = Vec::new();
    let mut rng = Rng::new(1515);
    let mut time_left: u64 = 600_000;
    for round in 0..10 {
        // The human (test) moves.
        let Some(p) = opponent_move(&board, &mut rng) else {
            break;
        };
        board.set(p.0, p.1, Cell::Opp);
        moves.push((p, Cell::Opp));
        if board.makes_five(p.0, p.1, Cell::Opp) {
            e.note("test player made five");
            break;
        }
        e.send(&format!("INFO time_left {time_left}"));
        if round % 3 == 2 {
            e.send("yxhashclear");
        }
        let sent = if round % 2 == 0 {
            yixin_position(&mut e, "board", &moves)
        } else {
            e.send(&format!("turn {},{}", p.0, p.1))
        };
        let mv = e.expect_move_by(sent + ms(TURN) + SLACK);
        time_left = time_left.saturating_sub(sent.elapsed().as_millis() as u64);
        play_engine_move(&e, &mut board, mv);
        moves.push((mv, Cell::Own));
        if board.makes_five(mv.0, mv.1, Cell::Own) {
            e.note("engine made five");
            break;
        }
        // Query without thinking: yxboard + yxshowforbid (freestyle: none).
        yixin_position(&mut e, "yxboard", &moves);
        e.send("yxshowforbid");
        let forbid = e.expect_reply(REPLY);
        if forbid != "FORBID ." {
            e.fail(&format!("freestyle: expected 'FORBID .', got {forbid:?}"));
        }
    }
    // A long think stopped by the GUI.
    e.send("INFO timeout_turn 60000");
    let p = opponent_move(&board, &mut rng).expect("room");
    board.set(p.0, p.1, Cell::Opp);
    moves.push((p, Cell::Opp));
    yixin_position(&mut e, "board", &moves);
    sleep(ms(200));
    let sent = e.send("yxstop");
    let mv = e.expect_move_by(sent + ms(100) + SLACK);
    play_engine_move(&e, &mut board, mv);
    let sent = e.send("end");
    e.wait_exit_by(sent + crate::harness::END_EXIT);
    e.finish_exited(0);
}

#[test]
fn session_many_short_commands_between_moves() {
    // A GUI-like session that interleaves queries with moves.
    let mut e = Engine::start();
    e.send("START 15");
    e.expect_ok();
    e.send("INFO timeout_turn 100");
    let mut board = Board::square(15);
    let mut rng = Rng::new(99);
    for _ in 0..6 {
        let p = opponent_move(&board, &mut rng).expect("room");
        board.set(p.0, p.1, Cell::Opp);
        e.send(&format!("TURN {},{}", p.0, p.1));
        let mv = e.expect_move(ms(100) + SLACK);
        play_engine_move(&e, &mut board, mv);
        e.send("ABOUT");
        let about = e.expect_reply(REPLY);
        check_about(&e, &about);
        e.send("YXSHOWFORBID");
        let forbid = e.expect_reply(REPLY);
        if forbid != "FORBID ." {
            e.fail(&format!("freestyle: expected 'FORBID .', got {forbid:?}"));
        }
        e.send("INFO time_left 100000");
    }
    e.finish();
}
