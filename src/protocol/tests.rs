//! Parsing of command and BOARD lines, and reply formats.

use super::*;

fn command(line: &str) -> Result<Command, String> {
    parse_command(line.as_bytes())
}

#[test]
fn commands_are_case_insensitive_and_trimmed() {
    assert_eq!(command("start 15"), Ok(Command::Start { size: 15 }));
    assert_eq!(command("  START   20  "), Ok(Command::Start { size: 20 }));
    assert_eq!(command("\u{feff}START 15"), Ok(Command::Start { size: 15 }));
    assert_eq!(command("Begin"), Ok(Command::Begin));
    assert_eq!(command("yxstop"), Ok(Command::Stop));
    assert_eq!(command("STOP"), Ok(Command::Stop));
    assert_eq!(command("turn 7,8"), Ok(Command::Turn(Coord { x: 7, y: 8 })));
}

#[test]
fn start_sizes_are_parsed_strictly() {
    for bad in [
        "START",
        "START abc",
        "START -20",
        "START 15 15",
        "START 1e3",
    ] {
        assert!(command(bad).is_err(), "{bad}");
    }
    assert!(command("START 99999999999999999999").is_err());
    assert_eq!(command("START 4"), Ok(Command::Start { size: 4 }));
}

#[test]
fn coordinates_are_strict() {
    for bad in [
        "TURN",
        "TURN 7",
        "TURN 7,",
        "TURN ,7",
        "TURN a,b",
        "TURN 7;7",
        "TURN 7, 7",
        "TURN 7,7,1",
        "TURN 1e3,2",
        "TURN -1,3",
        "TURN +1,3",
    ] {
        assert!(command(bad).is_err(), "{bad}");
    }
    assert_eq!(
        command("TURN 4294967303,7"),
        Ok(Command::Turn(Coord {
            x: 4_294_967_303,
            y: 7
        }))
    );
    assert!(command("TURN 99999999999999999999999,1").is_err());
}

#[test]
fn info_keeps_the_rest_of_the_line() {
    assert_eq!(
        command("INFO folder C:\\Program Files\\data dir"),
        Ok(Command::Info {
            key: "folder".into(),
            value: "C:\\Program Files\\data dir".into()
        })
    );
    assert_eq!(
        command("info TIMEOUT_TURN 300"),
        Ok(Command::Info {
            key: "timeout_turn".into(),
            value: "300".into()
        })
    );
    assert_eq!(
        command("INFO"),
        Ok(Command::Info {
            key: String::new(),
            value: String::new()
        })
    );
}

#[test]
fn info_integers_saturate() {
    assert_eq!(parse_info_integer("300"), Some(300));
    assert_eq!(parse_info_integer("-99999999999"), Some(-99_999_999_999));
    assert_eq!(
        parse_info_integer("99999999999999999999999"),
        Some(i64::MAX)
    );
    assert_eq!(
        parse_info_integer("-99999999999999999999999"),
        Some(-i64::MAX)
    );
    assert_eq!(parse_info_integer("12a"), None);
    assert_eq!(parse_info_integer(""), None);
    assert_eq!(parse_info_integer("-"), None);
}

#[test]
fn unknown_words_and_bad_bytes() {
    assert_eq!(command("HELLO world"), Ok(Command::Unknown("HELLO".into())));
    match parse_command(b"\x00\xff\xfe\x1b[31m\x80\x80") {
        Ok(Command::Unknown(text)) => assert!(text.is_ascii()),
        other => panic!("{other:?}"),
    }
    let long = "X".repeat(500);
    match command(&long) {
        Ok(Command::Unknown(text)) => assert!(text.len() < 50),
        other => panic!("{other:?}"),
    }
}

#[test]
fn board_lines() {
    let entry = |line: &str| parse_block_line(line.as_bytes());
    assert_eq!(
        entry("7,7,1"),
        Ok(BlockLine::Entry(BoardEntry::Stone {
            at: Coord { x: 7, y: 7 },
            field: 1
        }))
    );
    assert_eq!(entry("-1,-1,2"), Ok(BlockLine::Entry(BoardEntry::Pass)));
    assert_eq!(entry("done"), Ok(BlockLine::Done));
    assert_eq!(entry("DONE"), Ok(BlockLine::Done));
    assert_eq!(entry("end"), Ok(BlockLine::End));
    assert_eq!(entry("END now"), Ok(BlockLine::End));
    assert!(entry("ENDX").is_err());
    for bad in [
        "7,7,5", "foo", "1,1", "2,2,1,9", "3,3,0", "-1,3,1", "a,b,1", "7, 7,1",
    ] {
        assert!(entry(bad).is_err(), "{bad}");
    }
}

#[test]
fn reply_formats() {
    assert_eq!(Reply::Ok.to_string(), "OK");
    assert_eq!(Reply::Move { x: 3, y: 14 }.to_string(), "3,14");
    assert_eq!(Reply::Forbid(vec![]).to_string(), "FORBID .");
    assert_eq!(
        Reply::Forbid(vec![(7, 7), (8, 9)]).to_string(),
        "FORBID 07070809."
    );
    assert_eq!(
        Reply::Error("bad\nthing\u{e9}".into()).to_string(),
        "ERROR bad?thing?"
    );
    let about = Reply::About.to_string();
    assert!(about.starts_with("name=\"Ferro\", version=\""));
    assert!(!about.contains('\n'));
}
