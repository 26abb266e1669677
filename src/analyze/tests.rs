//! The review of a small game end to end: its structure, not its timing
//! (node-limited searches on one thread, so every run gives the same).

use super::judge::{Forced, Mark};
use super::options::{self, AnalyzeOptions};
use super::{html, json, review_text, table, Reviewed};

fn options() -> AnalyzeOptions {
    let args: Vec<String> = ["--nodes", "3000", "--threads", "1", "--hash", "4", "x"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    options::parse(&args).unwrap()
}

/// Black builds an open four on row 8 (h8 … k8), then plays elsewhere
/// (b12) instead of the five; white, which ignored it all along, makes
/// five on column a.
const GAME: &str = "h8a1i8a2j8a3k8a4b12a5";

fn reviewed() -> Vec<Reviewed> {
    review_text(GAME, "moves", &options(), None, &mut |_, _, _, _| {}).unwrap()
}

#[test]
fn every_move_is_judged_and_the_missed_five_is_marked() {
    let reviews = reviewed();
    assert_eq!(reviews.len(), 1);
    let (review, summary) = &reviews[0];
    assert_eq!(review.moves.len(), 10);
    assert_eq!(review.five_by, Some(crate::board::Colour::White));
    let missed = &review.moves[8];
    assert_eq!(missed.played, (1, 11));
    assert!(
        missed.marks.contains(&Mark::MissedWin(Forced::Vcf)),
        "{:?}",
        missed.marks
    );
    assert!(missed.marks.contains(&Mark::Blunder), "{:?}", missed.marks);
    // The engine's move there is one of the two fives.
    assert!(
        matches!(missed.best, Some((6, 7)) | Some((11, 7))),
        "{:?}",
        missed.best
    );
    assert!(missed.win_rate > 0.99 && missed.loss > 0.9);
    // White's last move makes five: the engine plays it too.
    assert_eq!(review.moves[9].best, Some((0, 4)));
    assert_eq!(review.moves[9].loss, 0.0);
    // Black's summary counts the missed win.
    let black = &summary[0];
    assert_eq!(black.judged, 5);
    assert_eq!(black.counts[3], 1, "missed-win count");
}

#[test]
fn outputs_have_their_structure() {
    let reviews = reviewed();
    let (review, summary) = &reviews[0];
    let text = table::render(review, summary);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(
            "moves, line 1: black ?, white ?; freestyle 15x15, 10 moves, white made five"
        ),
        "{text}"
    );
    assert!(
        lines[1].contains("win%") && lines[1].contains("pv"),
        "{text}"
    );
    // A row per move, numbered in order.
    for (i, line) in lines[2..12].iter().enumerate() {
        assert_eq!(
            line.split_whitespace().next(),
            Some((i + 1).to_string().as_str()),
            "{text}"
        );
    }
    assert!(
        lines[10].contains("b12") && lines[10].contains("missed win (VCF)"),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("black") && l.contains('%')),
        "{text}"
    );

    let json = json::render(&reviews);
    assert!(
        json.starts_with("{\"games\":[{\"title\":\"moves, line 1\""),
        "{json}"
    );
    assert_eq!(json.matches("\"number\":").count(), 10);
    assert!(json.contains("\"marks\":[\"missed win (VCF)\","), "{json}");
    assert_eq!(json.matches('{').count(), json.matches('}').count());

    let page = html::render(&reviews, "test");
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    // Self-contained: no scripts, nothing fetched (the SVG namespace is a
    // name, not a link).
    assert!(!page.contains("<script") && !page.contains("src="));
    assert!(!page
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "")
        .contains("http"));
    assert_eq!(page.matches("<circle class=\"point\"").count(), 10);
    assert!(page.contains("id=\"g1-mark-9\"") && page.contains("href=\"#g1-mark-9\""));
    assert!(page.contains("<svg class=\"board\""));
}

#[test]
fn a_bad_record_names_its_line_and_reviews_nothing() {
    let mut searched = false;
    let text = "h8i9\nh8i9h8\n";
    let error = review_text(text, "games.txt", &options(), None, &mut |_, _, _, _| {
        searched = true
    })
    .unwrap_err();
    assert_eq!(error, "games.txt: line 2: h8 is already taken");
    assert!(!searched);
    let after_five = "h8a1i8a2j8a3k8a4l8a5";
    let error = review_text(after_five, "m", &options(), None, &mut |_, _, _, _| {}).unwrap_err();
    assert!(error.contains("a move after the game was won"), "{error}");
}

#[test]
fn renju_forbidden_points_are_listed_and_playing_one_loses() {
    // Black's j8 would make two open threes (h8 i8 j8 and j8 j9 j10).
    let mut options = options();
    options.rule = Some(crate::board::Rule::Renju);
    let reviews = review_text(
        "h8a1i8a3j9a5j10a7j8",
        "m",
        &options,
        None,
        &mut |_, _, _, _| {},
    )
    .unwrap();
    let moves = &reviews[0].0.moves;
    let last = &moves[8];
    assert!(last.forbidden.contains(&(9, 7)), "{:?}", last.forbidden);
    assert!(last.marks.contains(&Mark::Forbidden), "{:?}", last.marks);
    assert_eq!(last.win_rate_after, 0.0);
    // White's moves never list forbidden points: they bind black only.
    assert!(moves
        .iter()
        .filter(|m| m.number % 2 == 0)
        .all(|m| m.forbidden.is_empty()));
    assert_eq!(reviews[0].1[0].counts[5], 1, "black's forbidden count");
}
