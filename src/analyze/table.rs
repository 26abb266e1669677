//! The terminal report: a header per game, one row per move, and the
//! per-player summary.

use super::judge::Mark;
use super::record::square_name;
use super::review::{colour_name, GameReview, Point};
use super::summary::PlayerSummary;
use std::fmt::Write as _;

/// Moves of the principal variation shown in a row.
const PV_SHOWN: usize = 6;

pub fn heading(review: &GameReview) -> String {
    let game = &review.game;
    let name = |i: usize| game.players[i].as_deref().unwrap_or("?");
    let ending = match review.five_by {
        Some(colour) => format!("{} made five", colour_name(colour)),
        None => match &game.result {
            Some(result) => format!("result {result}"),
            None => "no five on the board".to_string(),
        },
    };
    format!(
        "{}: black {}, white {}; {} {}x{}, {} moves, {ending}",
        game.title,
        name(0),
        name(1),
        review.rule.name(),
        game.width,
        game.height,
        game.moves.len()
    )
}

pub fn point_name(point: Point) -> String {
    square_name(point.0, point.1)
}

pub fn pv_text(pv: &[Point], shown: usize) -> String {
    let mut text: Vec<String> = pv.iter().take(shown).map(|&p| point_name(p)).collect();
    if pv.len() > shown {
        text.push("…".into());
    }
    text.join(" ")
}

pub fn marks_text(marks: &[Mark]) -> String {
    marks
        .iter()
        .map(|m| m.name())
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn render(review: &GameReview, summary: &[PlayerSummary; 2]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", heading(review));
    let _ = writeln!(
        out,
        "{:>4}  {:<5}  {:<4}  {:>5}  {:<4}  {:>5}  {:<30}  pv",
        "#", "side", "move", "win%", "best", "loss", "mark"
    );
    for m in &review.moves {
        let side = colour_name(m.colour);
        if m.book {
            let _ = writeln!(
                out,
                "{:>4}  {side:<5}  {:<4}  book",
                m.number,
                point_name(m.played)
            );
            continue;
        }
        let best = m.best.map_or("-".to_string(), point_name);
        let mut marks = marks_text(&m.marks);
        if !m.forbidden.is_empty() {
            let points: Vec<String> = m.forbidden.iter().map(|&p| point_name(p)).collect();
            if !marks.is_empty() {
                marks.push_str("; ");
            }
            let _ = write!(marks, "forbidden points {}", points.join(" "));
        }
        let _ = writeln!(
            out,
            "{:>4}  {side:<5}  {:<4}  {:>5.1}  {best:<4}  {:>5.1}  {marks:<30}  {}",
            m.number,
            point_name(m.played),
            100.0 * m.win_rate,
            100.0 * m.loss,
            pv_text(&m.pv, PV_SHOWN)
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<20}  {:>5}  {:>8}  {}",
        "player",
        "moves",
        "avg loss",
        Mark::KINDS.join("  ")
    );
    for player in summary {
        let name = format!(
            "{} {}",
            colour_name(player.colour),
            player.name.as_deref().unwrap_or("")
        );
        let mut counts = String::new();
        for (kind, count) in Mark::KINDS.iter().zip(player.counts) {
            let _ = write!(counts, "{count:>w$}  ", w = kind.len());
        }
        let _ = writeln!(
            out,
            "{:<20}  {:>5}  {:>7.1}%  {}",
            name.trim_end(),
            player.judged,
            100.0 * player.average_loss,
            counts.trim_end()
        );
    }
    out
}
