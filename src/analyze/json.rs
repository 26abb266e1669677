//! `--json`: the review for scripts, one object with every game. Win rates
//! and losses are fractions (0 to 1) for the side that moved; squares are
//! `[x, y]` from 0 with their name in the opening files' notation.

use super::review::{colour_name, GameReview, Point};
use super::summary::PlayerSummary;
use super::table::point_name;
use crate::board::Colour;
use std::fmt::Write as _;

/// A JSON string literal.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn option_string(text: Option<&str>) -> String {
    text.map_or("null".to_string(), string)
}

fn point(p: Point) -> String {
    format!(
        "{{\"x\":{},\"y\":{},\"name\":{}}}",
        p.0,
        p.1,
        string(&point_name(p))
    )
}

fn points(list: &[Point]) -> String {
    let items: Vec<String> = list.iter().map(|&p| point(p)).collect();
    format!("[{}]", items.join(","))
}

fn number(value: f64) -> String {
    format!("{:.4}", value)
}

fn game(review: &GameReview, summary: &[PlayerSummary; 2]) -> String {
    let g = &review.game;
    let moves: Vec<String> = review
        .moves
        .iter()
        .map(|m| {
            let marks: Vec<String> = m.marks.iter().map(|k| string(&k.name())).collect();
            format!(
                "{{\"number\":{},\"colour\":{},\"move\":{},\"line\":{},\"book\":{},\"best\":{},\
                 \"pv\":{},\"score\":{},\"depth\":{},\"win_rate\":{},\"win_rate_after\":{},\
                 \"loss\":{},\"marks\":[{}],\"forbidden\":{}}}",
                m.number,
                string(colour_name(m.colour)),
                point(m.played),
                m.line,
                m.book,
                m.best.map_or("null".to_string(), point),
                points(&m.pv),
                m.score,
                m.depth,
                number(m.win_rate),
                number(m.win_rate_after),
                number(m.loss),
                marks.join(","),
                points(&m.forbidden)
            )
        })
        .collect();
    let players: Vec<String> = summary
        .iter()
        .map(|p| {
            let counts: Vec<String> = super::judge::Mark::KINDS
                .iter()
                .zip(p.counts)
                .map(|(kind, n)| format!("{}:{n}", string(kind)))
                .collect();
            format!(
                "{}:{{\"name\":{},\"judged\":{},\"average_loss\":{},\"marks\":{{{}}}}}",
                string(colour_name(p.colour)),
                option_string(p.name.as_deref()),
                p.judged,
                number(p.average_loss),
                counts.join(",")
            )
        })
        .collect();
    format!(
        "{{\"title\":{},\"rule\":{},\"width\":{},\"height\":{},\"result\":{},\"five_by\":{},\
         \"moves\":[{}],\"summary\":{{{}}}}}",
        string(&g.title),
        string(review.rule.name()),
        g.width,
        g.height,
        option_string(g.result.as_deref()),
        review
            .five_by
            .map_or("null".to_string(), |c: Colour| string(colour_name(c))),
        moves.join(","),
        players.join(",")
    )
}

pub fn render(reviews: &[(GameReview, [PlayerSummary; 2])]) -> String {
    let games: Vec<String> = reviews.iter().map(|(r, s)| game(r, s)).collect();
    format!("{{\"games\":[{}]}}\n", games.join(","))
}
