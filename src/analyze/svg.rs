//! SVG pictures for the HTML review: the win-rate graph over a game and a
//! board diagram at a move. Plain SVG text, no scripts, so the page stays
//! self-contained and looks the same in every browser.

use super::review::{GameReview, MoveReview, Point};
use super::table::{marks_text, point_name};
use crate::board::Colour;
use std::fmt::Write as _;

const GRAPH_WIDTH: f64 = 860.0;
const GRAPH_HEIGHT: f64 = 280.0;
const GRAPH_MARGIN: f64 = 56.0;

/// Escapes text for HTML and SVG.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colour of a move's mark in the graph and the tables.
pub fn mark_colour(m: &MoveReview) -> &'static str {
    let has = |kind: &str| m.marks.iter().any(|k| k.kind() == kind);
    if m.book {
        "#9e9e9e"
    } else if has("missed-win") || has("allowed-loss") || has("forbidden") {
        "#8e24aa"
    } else if has("blunder") {
        "#d32f2f"
    } else if has("mistake") {
        "#f57c00"
    } else if has("inaccuracy") {
        "#fbc02d"
    } else {
        "#1e88e5"
    }
}

/// Is the move worth a diagram (a judged move with a mark)?
pub fn is_marked(m: &MoveReview) -> bool {
    !m.book && !m.marks.is_empty()
}

/// Black's win rate after each move: the curve of the game.
fn black_win_rate_after(m: &MoveReview) -> f64 {
    match m.colour {
        Colour::Black => m.win_rate_after,
        Colour::White => 1.0 - m.win_rate_after,
    }
}

/// The win-rate graph: black's win rate after each move, one clickable
/// point per move (to its diagram when marked, else to its table row).
pub fn graph(review: &GameReview, id_prefix: &str) -> String {
    let n = review.moves.len().max(1) as f64;
    let plot_w = GRAPH_WIDTH - 2.0 * GRAPH_MARGIN;
    let plot_h = GRAPH_HEIGHT - 2.0 * GRAPH_MARGIN;
    let x = |number: usize| GRAPH_MARGIN + plot_w * (number as f64 - 0.5) / n;
    let y = |rate: f64| GRAPH_MARGIN + plot_h * (1.0 - rate);
    let mut svg = format!(
        "<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}\" \
         role=\"img\" aria-label=\"black's win rate after each move\">\n\
         <rect x=\"{GRAPH_MARGIN}\" y=\"{GRAPH_MARGIN}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"#fafafa\" stroke=\"#bbb\"/>\n"
    );
    for (rate, label) in [
        (1.0, "100%"),
        (0.75, "75%"),
        (0.5, "50%"),
        (0.25, "25%"),
        (0.0, "0%"),
    ] {
        let _ = writeln!(
            svg,
            "<line x1=\"{GRAPH_MARGIN}\" x2=\"{}\" y1=\"{y0}\" y2=\"{y0}\" stroke=\"{}\" stroke-dasharray=\"{}\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">{label}</text>",
            GRAPH_WIDTH - GRAPH_MARGIN,
            if rate == 0.5 { "#888" } else { "#ddd" },
            if rate == 0.5 { "4 3" } else { "" },
            GRAPH_MARGIN - 4.0,
            y(rate) + 4.0,
            y0 = y(rate),
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">move</text>\
         <text x=\"16\" y=\"{}\" font-size=\"12\" fill=\"#333\" transform=\"rotate(-90 16 {})\" text-anchor=\"middle\">black's win rate</text>",
        GRAPH_WIDTH / 2.0,
        GRAPH_HEIGHT - GRAPH_MARGIN + 34.0,
        GRAPH_HEIGHT / 2.0,
        GRAPH_HEIGHT / 2.0
    );
    let step = (review.moves.len() / 12).max(1);
    for m in review
        .moves
        .iter()
        .filter(|m| m.number % step == 0 || m.number == 1)
    {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            x(m.number),
            GRAPH_HEIGHT - GRAPH_MARGIN + 14.0,
            m.number
        );
    }
    let line: Vec<String> = review
        .moves
        .iter()
        .map(|m| format!("{:.1},{:.1}", x(m.number), y(black_win_rate_after(m))))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\"/>",
        line.join(" ")
    );
    for m in &review.moves {
        let target = if is_marked(m) { "mark" } else { "move" };
        let radius = if is_marked(m) { 6.0 } else { 3.5 };
        let mut tip = format!(
            "move {} {} {}: black {:.0}%",
            m.number,
            if m.colour == Colour::Black {
                "black"
            } else {
                "white"
            },
            point_name(m.played),
            100.0 * black_win_rate_after(m)
        );
        if !m.marks.is_empty() {
            let _ = write!(tip, " ({})", marks_text(&m.marks));
        }
        let _ = writeln!(
            svg,
            "<a href=\"#{id_prefix}{target}-{}\"><circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"{radius}\" \
             fill=\"{}\" stroke=\"#fff\" stroke-width=\"1\"><title>{}</title></circle></a>",
            m.number,
            x(m.number),
            y(black_win_rate_after(m)),
            mark_colour(m),
            escape(&tip)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

const CELL: f64 = 26.0;
/// Moves of the principal variation drawn on a diagram (the text lists
/// more): beyond that the stones hide the position.
const DIAGRAM_PV: usize = 10;
const BOARD_MARGIN: f64 = 36.0;

/// The board before move `m`, with the played move (red ring), the
/// engine's best move (green ring) and its principal variation (numbered
/// light stones), and in renju black's forbidden points (crosses).
pub fn board(review: &GameReview, m: &MoveReview) -> String {
    let (w, h) = (review.game.width, review.game.height);
    let size_w = 2.0 * BOARD_MARGIN + CELL * (w - 1) as f64;
    let size_h = 2.0 * BOARD_MARGIN + CELL * (h - 1) as f64;
    let at = |p: Point| {
        (
            BOARD_MARGIN + CELL * p.0 as f64,
            BOARD_MARGIN + CELL * p.1 as f64,
        )
    };
    let mut svg = format!(
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size_w} {size_h}\" \
         role=\"img\" aria-label=\"the board before move {}\">\n\
         <rect width=\"{size_w}\" height=\"{size_h}\" fill=\"#e3b96c\" rx=\"6\"/>\n",
        m.number
    );
    for i in 0..w {
        let (x, y0) = at((i, 0));
        let (_, y1) = at((i, h - 1));
        let _ = writeln!(
            svg,
            "<line x1=\"{x}\" y1=\"{y0}\" x2=\"{x}\" y2=\"{y1}\" stroke=\"#6b4f1d\" stroke-width=\"0.8\"/>\
             <text x=\"{x}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"#4a3510\">{}</text>",
            BOARD_MARGIN - 17.0,
            (b'a' + i as u8) as char
        );
    }
    for j in 0..h {
        let (x0, y) = at((0, j));
        let (x1, _) = at((w - 1, j));
        let _ = writeln!(
            svg,
            "<line x1=\"{x0}\" y1=\"{y}\" x2=\"{x1}\" y2=\"{y}\" stroke=\"#6b4f1d\" stroke-width=\"0.8\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\" fill=\"#4a3510\">{}</text>",
            BOARD_MARGIN - 16.0,
            y + 3.5,
            j + 1
        );
    }
    let radius = CELL * 0.45;
    let stone = |svg: &mut String, p: Point, colour: Colour, label: &str, opacity: f64| {
        let (x, y) = at(p);
        let (fill, ink) = match colour {
            Colour::Black => ("#111", "#fff"),
            Colour::White => ("#f8f8f8", "#111"),
        };
        // A light (variation) stone keeps a solid blue number, readable on
        // either colour.
        let (ink, weight) = if opacity < 1.0 {
            ("#0d47a1", "bold")
        } else {
            (ink, "normal")
        };
        let _ = writeln!(
            svg,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"0.8\" opacity=\"{opacity}\"/>\
             <text x=\"{x}\" y=\"{}\" font-size=\"10\" font-weight=\"{weight}\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text>",
            y + 3.5
        );
    };
    for earlier in review.moves.iter().take(m.number - 1) {
        stone(
            &mut svg,
            earlier.played,
            earlier.colour,
            &earlier.number.to_string(),
            1.0,
        );
    }
    for &p in &m.forbidden {
        let (x, y) = at(p);
        let d = CELL * 0.25;
        let _ = writeln!(
            svg,
            "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c62828\" stroke-width=\"2\"><title>forbidden for black</title></path>",
            x - d, y - d, x + d, y + d, x - d, y + d, x + d, y - d
        );
    }
    // The principal variation after its first move, numbered from 2.
    let mut colour = m.colour.opponent();
    for (i, &p) in m.pv.iter().enumerate().take(DIAGRAM_PV).skip(1) {
        if p != m.played {
            stone(&mut svg, p, colour, &(i + 1).to_string(), 0.45);
        }
        colour = colour.opponent();
    }
    stone(&mut svg, m.played, m.colour, &m.number.to_string(), 1.0);
    let ring = |svg: &mut String, p: Point, colour: &str, title: &str| {
        let (x, y) = at(p);
        let _ = writeln!(
            svg,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\"><title>{title}</title></circle>",
            radius + 2.0
        );
    };
    ring(&mut svg, m.played, "#d32f2f", "played");
    if let Some(best) = m.best.filter(|&b| b != m.played) {
        stone(&mut svg, best, m.colour, "1", 0.45);
        ring(&mut svg, best, "#2e7d32", "best");
    }
    svg.push_str("</svg>\n");
    svg
}

/// The key to the diagrams' symbols.
pub fn legend() -> String {
    "<p class=\"legend\"><span style=\"color:#d32f2f\">&#9711;</span> played move \
     <span style=\"color:#2e7d32\">&#9711;</span> engine's best move, \
     light numbered stones: its principal variation (1 = best move) \
     <span style=\"color:#c62828\">&#10005;</span> forbidden for black</p>"
        .to_string()
}
