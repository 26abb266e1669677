//! Session behaviour on command sequences, without threads: searches are
//! run inline with the real search function.

use super::*;
use crate::board::Colour;
use crate::rules::Rule;
use crate::search;
use crate::search::analysis::{self, Context};
use std::sync::atomic::AtomicBool;

/// Feeds lines and returns the printed lines, running searches inline.
fn run(session: &mut Session, lines: &[&str]) -> Vec<String> {
    let mut printed = Vec::new();
    for line in lines {
        for action in session.handle_line(line.as_bytes()) {
            match action {
                Action::Reply(reply) => printed.push(reply.to_string()),
                Action::Search(request) if request.ponder => printed.push("<ponder>".into()),
                Action::Search(mut request) => {
                    let mut state = search::SearchState::new(1 << 20);
                    let mut context = Context {
                        stop: &AtomicBool::new(false),
                        state: &mut state,
                        report: &mut |_, _| {},
                    };
                    let outcome = analysis::run(
                        request.task,
                        &mut request.board,
                        request.side,
                        &search::Limits::depth(4),
                        &mut context,
                    );
                    let actions = session.finish_search(Some(outcome));
                    printed.extend(actions.into_iter().map(|action| match action {
                        Action::Reply(reply) => reply.to_string(),
                        Action::Search(_) => "<ponder>".into(),
                        Action::Quit => "<quit>".into(),
                    }));
                }
                Action::Quit => printed.push("<quit>".into()),
            }
        }
    }
    printed
}

fn fresh(lines: &[&str]) -> Vec<String> {
    run(&mut Session::new(), lines)
}

fn is_move(line: &str) -> bool {
    let parts: Vec<&str> = line.split(',').collect();
    parts.len() == 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

#[test]
fn begin_plays_the_centre() {
    assert_eq!(fresh(&["START 15", "BEGIN"]), ["OK", "7,7"]);
}

#[test]
fn board_with_a_four_takes_the_win() {
    let out = fresh(&[
        "START 15", "BOARD", "3,7,1", "0,0,2", "4,7,1", "0,2,2", "5,7,1", "0,4,2", "6,7,1",
        "0,6,2", "DONE",
    ]);
    assert_eq!(out[0], "OK");
    assert!(out[1] == "2,7" || out[1] == "7,7", "{out:?}");
}

#[test]
fn a_five_threat_is_blocked() {
    let out = fresh(&[
        "START 15", "BOARD", "14,0,1", "3,7,2", "14,2,1", "4,7,2", "0,14,1", "5,7,2", "O,0,1",
        "6,7,2", "DONE",
    ]);
    // One bad line, then a move that stops the open four at one end.
    assert!(out[1].starts_with("ERROR"), "{out:?}");
    assert!(out[2] == "2,7" || out[2] == "7,7", "{out:?}");
}

#[test]
fn bad_board_lines_get_one_error_each_and_the_rest_is_used() {
    let out = fresh(&[
        "START 15", "BOARD", "7,7,5", "20,3,1", "foo", "1,1", "2,2,1,9", "3,3,0", "4,4,2", "DONE",
    ]);
    assert_eq!(out.len(), 8, "{out:?}");
    assert!(out[1..7].iter().all(|l| l.starts_with("ERROR ")), "{out:?}");
    assert!(is_move(&out[7]) && out[7] != "4,4", "{out:?}");
}

#[test]
fn duplicate_board_square_is_an_error() {
    let out = fresh(&["START 15", "BOARD", "7,7,1", "7,7,2", "8,8,2", "DONE"]);
    assert!(out[1].starts_with("ERROR"), "{out:?}");
    assert!(is_move(&out[2]) && out[2] != "7,7" && out[2] != "8,8");
}

#[test]
fn commands_before_start_are_errors() {
    let out = fresh(&[
        "TURN 7,7",
        "BEGIN",
        "BOARD",
        "1,1,1",
        "DONE",
        "RESTART",
        "TAKEBACK 1,1",
        "PLAY 1,1",
        "YXBOARD",
        "DONE",
        "START 15",
    ]);
    assert_eq!(out.len(), 8, "{out:?}");
    assert!(out[..7].iter().all(|l| l.starts_with("ERROR ")), "{out:?}");
    assert_eq!(out[7], "OK");
}

#[test]
fn turn_errors_leave_the_board_alone() {
    let mut session = Session::new();
    let out = run(&mut session, &["START 15", "TURN 7,7"]);
    let reply = out[1].clone();
    let out = run(
        &mut session,
        &[
            "TURN 7,7",
            &format!("TURN {reply}"),
            "TURN 15,0",
            "TURN 4294967303,7",
        ],
    );
    assert!(out.iter().all(|l| l.starts_with("ERROR ")), "{out:?}");
    assert_eq!(session.game().unwrap().board.history().len(), 2);
}

#[test]
fn begin_needs_an_empty_board_and_takeback_undoes() {
    let mut session = Session::new();
    let out = run(&mut session, &["START 15", "BEGIN", "BEGIN"]);
    assert_eq!(out[1], "7,7");
    assert!(out[2].starts_with("ERROR"));
    assert!(run(&mut session, &["TAKEBACK 8,8"])[0].starts_with("ERROR"));
    assert_eq!(run(&mut session, &["TAKEBACK 7,7", "BEGIN"]), ["OK", "7,7"]);
}

#[test]
fn restart_and_repeated_start_clear_the_board() {
    let mut session = Session::new();
    assert_eq!(
        run(&mut session, &["START 15", "BEGIN", "RESTART", "BEGIN"]),
        ["OK", "7,7", "OK", "7,7"]
    );
    let out = run(&mut session, &["START 20", "TURN 19,19"]);
    assert_eq!(out[0], "OK");
    assert!(is_move(&out[1]) && out[1] != "19,19");
}

#[test]
fn rectangular_boards() {
    let out = fresh(&[
        "RECTSTART 20,15",
        "TURN 19,14",
        "RECTSTART 20",
        "RECTSTART a,b",
        "RECTSTART 33,10",
    ]);
    assert_eq!(out[0], "OK");
    let (x, y) = out[1].split_once(',').unwrap();
    assert!(x.parse::<usize>().unwrap() < 20 && y.parse::<usize>().unwrap() < 15);
    assert!(out[2..].iter().all(|l| l.starts_with("ERROR ")), "{out:?}");
}

#[test]
fn play_places_the_engine_stone_and_echoes() {
    let mut session = Session::new();
    let out = run(
        &mut session,
        &["START 15", "TURN 7,7", "PLAY 9,9", "PLAY 7,7"],
    );
    assert_eq!(out[2], "9,9");
    assert!(out[3].starts_with("ERROR"));
    let game = session.game().unwrap();
    let engine = game.engine.unwrap();
    assert_eq!(
        game.board.get(game.board.square(9, 9).unwrap()),
        engine.stone()
    );
}

#[test]
fn info_is_silent_and_warnings_come_before_the_next_move() {
    let out = fresh(&[
        "START 15",
        "INFO rule 7",
        "INFO max_memory 1000",
        "INFO foo 3",
        "INFO",
        "INFO bar",
        "INFO timeout_turn abc",
        "BEGIN",
    ]);
    assert_eq!(out[0], "OK");
    let messages = &out[1..out.len() - 1];
    assert_eq!(messages.len(), 3, "{out:?}");
    assert!(
        messages.iter().all(|l| l.starts_with("MESSAGE ")),
        "{out:?}"
    );
    assert!(is_move(out.last().unwrap()));
}

#[test]
fn rule_two_means_renju_only_in_yixin_mode() {
    let mut session = Session::new();
    run(&mut session, &["INFO rule 2", "START 15"]);
    assert_eq!(session.settings().rule, Rule::Freestyle);
    run(&mut session, &["YXSHOWINFO", "INFO rule 2"]);
    assert_eq!(session.settings().rule, Rule::Renju);
    assert_eq!(session.game().unwrap().board.rule(), Rule::Renju);
}

#[test]
fn full_board_answers_error() {
    // 5x5 filled without a five: rows alternate in pairs of columns.
    let mut lines = vec!["START 5".to_string(), "BOARD".to_string()];
    let mut count = 0;
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) == (4, 4) {
                continue;
            }
            let field = if ((x / 2) + y) % 2 == 0 { 1 } else { 2 };
            lines.push(format!("{x},{y},{field}"));
            count += 1;
        }
    }
    lines.push("DONE".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = fresh(&refs);
    assert_eq!(count, 24);
    assert_eq!(out.last().unwrap(), "4,4", "{out:?}");
    let mut session = Session::new();
    run(&mut session, &refs);
    let out = run(&mut session, &["BEGIN"]);
    assert!(out[0].starts_with("ERROR"));
    lines.insert(lines.len() - 1, "4,4,2".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert!(fresh(&refs).last().unwrap().starts_with("ERROR"));
}

#[test]
fn renju_black_never_plays_a_forbidden_point_and_forbid_lists_it() {
    // RULES.md §9.4 with black to move: (6,7) is a double three.
    let stones = [
        (6, 6, 'b'),
        (14, 14, 'w'),
        (4, 7, 'b'),
        (14, 12, 'w'),
        (5, 7, 'b'),
        (12, 14, 'w'),
        (6, 8, 'b'),
        (14, 10, 'w'),
    ];
    let mut lines = vec![
        "START 15".to_string(),
        "INFO rule 4".to_string(),
        "YXBOARD".to_string(),
    ];
    lines.extend(
        stones
            .iter()
            .map(|&(x, y, c)| format!("{x},{y},{}", if c == 'b' { 1 } else { 2 })),
    );
    lines.push("DONE".into());
    lines.push("YXSHOWFORBID".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut session = Session::new();
    let out = run(&mut session, &refs);
    assert_eq!(out, ["OK", "FORBID 0607."]);
    lines[2] = "BOARD".into();
    lines.pop();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = fresh(&refs);
    assert!(is_move(&out[1]) && out[1] != "6,7", "{out:?}");
}

#[test]
fn end_inside_a_board_block_quits() {
    assert_eq!(
        fresh(&["START 15", "BOARD", "7,7,1", "END"]),
        ["OK", "<quit>"]
    );
}

#[test]
fn unknown_commands_get_one_line() {
    assert_eq!(fresh(&["HELLO world"]), ["UNKNOWN command 'HELLO'"]);
    assert_eq!(fresh(&["DONE"]).len(), 1);
}

#[test]
fn an_opponent_black_stone_on_a_forbidden_point_is_reported_not_refused() {
    // RULES.md §9.4: black (the opponent) plays the double three (6,7).
    let mut session = Session::new();
    let setup = [
        "START 15",
        "INFO rule 4",
        "BOARD",
        "6,6,2",
        "14,14,1",
        "4,7,2",
        "14,12,1",
        "5,7,2",
        "12,14,1",
        "6,8,2",
        // A closed black four far away (five at 0,14), and white stones
        // that keep the colours' parity.
        "0,10,2",
        "0,9,1",
        "0,11,2",
        "14,0,1",
        "0,12,2",
        "12,0,1",
        "0,13,2",
        "14,2,1",
        "DONE",
    ];
    let out = run(&mut session, &setup);
    assert!(out.iter().all(|l| !l.contains("forbidden")), "{out:?}");
    let reply = out.last().unwrap().clone();
    // White must block black's four at the edge, so 6,7 stays free.
    assert_eq!(reply, "0,14", "{out:?}");
    let out = run(&mut session, &["TURN 6,7"]);
    assert!(
        out[0].starts_with("MESSAGE renju: black's move 6,7"),
        "{out:?}"
    );
    assert!(is_move(out.last().unwrap()), "{out:?}");
    // The same stone inside a BOARD list is reported the same way.
    let mut lines: Vec<String> = setup[..setup.len() - 1]
        .iter()
        .map(|l| l.to_string())
        .collect();
    lines.extend([format!("{reply},1"), "6,7,2".into(), "DONE".into()]);
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = fresh(&refs);
    assert!(
        out.iter()
            .any(|l| l.starts_with("MESSAGE renju: black's move 6,7")),
        "{out:?}"
    );
}

fn is_moves(line: &str, count: usize) -> bool {
    let parts: Vec<&str> = line.split(' ').collect();
    parts.len() == count && parts.iter().all(|p| is_move(p))
}

#[test]
fn nbest_lists_the_moves_then_plays_the_first() {
    let mut session = Session::new();
    let out = run(
        &mut session,
        &["START 15", "YXBOARD", "7,7,1", "8,8,2", "DONE", "YXNBEST 3"],
    );
    assert!(out[1].starts_with("MESSAGE nbest "), "{out:?}");
    let listed: Vec<&str> = out[1]["MESSAGE nbest ".len()..].split(' ').collect();
    assert_eq!(listed.len(), 3, "{out:?}");
    assert_eq!(out[2], listed[0]);
    // The move is on the board now: TURN there is refused.
    let again = run(&mut session, &[&format!("TURN {}", listed[0])]);
    assert!(again[0].starts_with("ERROR"), "{again:?}");
    assert!(fresh(&["START 15", "YXNBEST 0"])[1].starts_with("ERROR"));
    assert!(fresh(&["YXNBEST 2"])[0].starts_with("ERROR"));
}

#[test]
fn balance_two_plays_both_stones_and_keeps_the_side_to_move() {
    let mut session = Session::new();
    let out = run(
        &mut session,
        &["START 15", "YXBOARD", "7,7,1", "DONE", "YXBALANCETWO -20"],
    );
    assert!(is_moves(&out[1], 2), "{out:?}");
    let game = session.game().unwrap();
    assert_eq!(game.board.history().len(), 3);
    assert_eq!(game.to_move, Colour::White);
    let out = run(&mut session, &["YXBALANCEONE 0"]);
    assert!(is_move(&out[0]), "{out:?}");
    assert!(fresh(&["START 15", "YXBALANCEONE x"])[1].starts_with("ERROR"));
}

#[test]
fn swap2board_answers_for_zero_three_and_five_stones_only() {
    let out = fresh(&["START 15", "SWAP2BOARD", "DONE"]);
    assert!(is_moves(&out[1], 3), "{out:?}");
    let three = fresh(&["START 15", "SWAP2BOARD", "7,7", "8,7", "7,9,1", "DONE"]);
    let answer = &three[1];
    assert!(
        answer == "SWAP" || is_move(answer) || is_moves(answer, 2),
        "{three:?}"
    );
    let five = fresh(&[
        "START 15",
        "SWAP2BOARD",
        "7,7",
        "8,7",
        "7,9",
        "9,9",
        "6,6",
        "DONE",
    ]);
    assert!(five[1] == "SWAP" || is_move(&five[1]), "{five:?}");
    for bad in [&["7,7"][..], &["7,7", "8,8"], &["7,7", "8,8", "9,9", "1,1"]] {
        let mut lines = vec!["START 15", "SWAP2BOARD"];
        lines.extend_from_slice(bad);
        lines.push("DONE");
        let out = fresh(&lines);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(
            out[1].starts_with("ERROR SWAP2BOARD needs 0, 3 or 5"),
            "{out:?}"
        );
    }
    let doubled = fresh(&["START 15", "SWAP2BOARD", "7,7", "7,7", "8,8", "DONE"]);
    assert!(doubled[1].starts_with("ERROR"), "{doubled:?}");
}

#[test]
fn pondering_follows_a_move_only_when_asked() {
    assert_eq!(fresh(&["START 15", "BEGIN"]), ["OK", "7,7"]);
    assert_eq!(
        fresh(&["START 15", "INFO pondering 1", "BEGIN"]),
        ["OK", "7,7", "<ponder>"]
    );
    // Not after analysis commands.
    let out = fresh(&[
        "START 15",
        "INFO pondering 1",
        "YXBOARD",
        "7,7,1",
        "DONE",
        "YXNBEST 2",
    ]);
    assert!(!out.contains(&"<ponder>".to_string()), "{out:?}");
}

#[test]
fn yixin_swap2_steps_answer_with_swap2_messages() {
    let mut session = Session::new();
    let out = run(&mut session, &["START 15", "YXSWAP2STEP1"]);
    assert_eq!(out.len(), 4, "{out:?}");
    for (i, line) in out[1..].iter().enumerate() {
        assert!(
            line.starts_with(&format!("MESSAGE SWAP2 MOVE{} ", i + 1)),
            "{out:?}"
        );
    }
    assert_eq!(session.game().unwrap().board.history().len(), 3);
    let step2 = run(&mut session, &["YXSWAP2STEP2"]);
    let decided = ["MESSAGE SWAP2 SWAP1 YES", "MESSAGE SWAP2 SWAP1 NO"];
    let placed = step2.len() == 2
        && step2[0].starts_with("MESSAGE SWAP2 MOVE4 ")
        && step2[1].starts_with("MESSAGE SWAP2 MOVE5 ");
    assert!(placed || decided.contains(&step2[0].as_str()), "{step2:?}");
    let five = [
        "YXBOARD",
        "7,7,1",
        "8,8,2",
        "9,9,1",
        "7,8,2",
        "6,6,1",
        "DONE",
        "YXSWAP2STEP3",
    ];
    let step3 = run(&mut session, &five);
    assert!(
        step3 == ["MESSAGE SWAP2 SWAP2 YES"] || step3 == ["MESSAGE SWAP2 SWAP2 NO"],
        "{step3:?}"
    );
    let wrong = run(&mut session, &["YXSWAP2STEP2"]);
    assert!(
        wrong[0].starts_with("ERROR YXSWAP2STEP2 needs 3 stones"),
        "{wrong:?}"
    );
}
