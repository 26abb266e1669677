//! `INFO thread_num`: Lazy SMP searches with several threads answer with a
//! legal move within the time limit and stop at once on YXSTOP and END.

use crate::boards::{play_engine_move, Board, Cell, Position, Side};
use crate::conformance::midgame;
use crate::harness::{ms, Engine, SLACK};

type Point = (u32, u32);

/// An engine on a `size` board searching with `threads` threads.
fn engine(size: u32, threads: u32, turn_ms: u64) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("START {size}"));
    e.expect_ok();
    e.send(&format!("INFO thread_num {threads}"));
    e.send(&format!("INFO timeout_turn {turn_ms}"));
    e.send("INFO timeout_match 0");
    e
}

/// Sends `position` as BOARD and checks the move is legal and in time
/// (`deadline_ms` after the last line); returns the board with the move.
fn search(e: &mut Engine, position: &Position, deadline_ms: u64) -> Board {
    let mut board = position.board();
    send_board(e, position);
    let sent = e.send("DONE");
    let mv = e.expect_move_by(sent + ms(deadline_ms) + SLACK);
    play_engine_move(e, &mut board, mv);
    board
}

/// `BOARD` and the position's lines (DONE left to the caller).
fn send_board(e: &mut Engine, position: &Position) {
    e.send("BOARD");
    for line in position.lines() {
        e.send(&line);
    }
}

/// An empty point for the opponent's TURN.
fn free_point(board: &Board) -> Point {
    [(10, 10), (4, 4), (3, 11)]
        .into_iter()
        .find(|&(x, y)| board.get(x, y) == Cell::Empty)
        .expect("one of three points is free")
}

#[test]
fn two_threads_give_a_legal_move_in_time() {
    let mut e = engine(15, 2, 500);
    let mut board = search(&mut e, &midgame(), 500);
    // Again: the second search reuses the threads' shared table.
    let (x, y) = free_point(&board);
    board.set(x, y, Cell::Opp);
    let sent = e.send(&format!("TURN {x},{y}"));
    let mv = e.expect_move_by(sent + ms(500) + SLACK);
    play_engine_move(&e, &mut board, mv);
    e.finish();
}

#[test]
fn four_threads_on_a_large_board() {
    let mut e = engine(20, 4, 700);
    let position = Position::from_stones(
        20,
        &[(9, 9), (10, 8), (11, 10), (8, 11)],
        &[(10, 10), (8, 10), (9, 11), (12, 9)],
        Side::Black,
    );
    search(&mut e, &position, 700);
    e.finish();
}

#[test]
fn yxstop_and_end_stop_a_two_thread_search_at_once() {
    let mut e = engine(15, 2, 60_000);
    send_board(&mut e, &midgame());
    e.send("DONE");
    std::thread::sleep(ms(300));
    let stopped = e.send("YXSTOP");
    let mv = e.expect_move_by(stopped + SLACK);
    let mut board = midgame().board();
    play_engine_move(&e, &mut board, mv);
    let (x, y) = free_point(&board);
    e.send(&format!("TURN {x},{y}"));
    std::thread::sleep(ms(300));
    // END while both threads think: the move of the stopped search may
    // still come, then the process exits at once.
    e.finish_while_thinking();
}
