//! `--html FILE`: one self-contained page (inline CSS and SVG, no scripts,
//! nothing fetched) with, per game, the win-rate graph whose points link to
//! the moves, the per-player summary, a board diagram at every marked move
//! and the table of all moves.

use super::judge::Mark;
use super::review::{colour_name, GameReview};
use super::summary::PlayerSummary;
use super::svg::{self, escape, is_marked, mark_colour};
use super::table::{heading, marks_text, point_name, pv_text};
use std::fmt::Write as _;

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 24px auto; max-width: 940px; color: #222; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 36px; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; }
th, td { padding: 3px 8px; text-align: right; border-bottom: 1px solid #eee; }
th { background: #f0f0f0; } td.left, th.left { text-align: left; }
svg.graph { width: 100%; height: auto; }
.point { cursor: pointer; }
.diagram { display: flex; gap: 18px; align-items: flex-start; margin: 18px 0; padding: 12px;
  border: 1px solid #ddd; border-radius: 8px; }
.diagram svg.board { width: 420px; flex: none; }
.diagram h3 { margin: 0 0 8px; font-size: 16px; }
.mark { font-weight: 600; }
.legend { font-size: 12px; color: #444; }
tr:target, .diagram:target { background: #fff6d5; }
";

fn summary_table(summary: &[PlayerSummary; 2]) -> String {
    let mut out = String::from(
        "<table class=\"summary\"><tr><th class=\"left\">player</th><th>moves judged</th><th>average loss</th>",
    );
    for kind in Mark::KINDS {
        let _ = write!(out, "<th>{kind}</th>");
    }
    out.push_str("</tr>\n");
    for p in summary {
        let _ = write!(
            out,
            "<tr><td class=\"left\">{} {}</td><td>{}</td><td>{:.1}%</td>",
            colour_name(p.colour),
            escape(p.name.as_deref().unwrap_or("")),
            p.judged,
            100.0 * p.average_loss
        );
        for count in p.counts {
            let _ = write!(out, "<td>{count}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

fn diagrams(review: &GameReview, prefix: &str) -> String {
    let mut out = String::new();
    for m in review.moves.iter().filter(|m| is_marked(m)) {
        let best = m.best.map_or("-".to_string(), point_name);
        let _ = write!(
            out,
            "<div class=\"diagram\" id=\"{prefix}mark-{n}\">{board}<div><h3>Move {n}: {side} {played}</h3>\
             <p class=\"mark\" style=\"color:{colour}\">{marks}</p>\
             <p>Win rate before the move: {before:.1}% for {side}; after it: {after:.1}% (lost {loss:.1} points).</p>\
             <p>Engine's best move: <b>{best}</b> (depth {depth})<br>Principal variation: {pv}</p>",
            n = m.number,
            board = svg::board(review, m),
            side = colour_name(m.colour),
            played = point_name(m.played),
            colour = mark_colour(m),
            marks = escape(&marks_text(&m.marks)),
            before = 100.0 * m.win_rate,
            after = 100.0 * m.win_rate_after,
            loss = 100.0 * m.loss,
            depth = m.depth,
            pv = escape(&pv_text(&m.pv, 12)),
        );
        if !m.forbidden.is_empty() {
            let points: Vec<String> = m.forbidden.iter().map(|&p| point_name(p)).collect();
            let _ = write!(out, "<p>Forbidden for black: {}</p>", points.join(" "));
        }
        let _ = writeln!(
            out,
            "<p><a href=\"#{prefix}move-{}\">to the move table</a></p></div></div>",
            m.number
        );
    }
    if out.is_empty() {
        out.push_str("<p>No move was marked.</p>\n");
    } else {
        out.push_str(&svg::legend());
    }
    out
}

fn move_table(review: &GameReview, prefix: &str) -> String {
    let mut out = String::from(
        "<table class=\"moves\"><tr><th>#</th><th class=\"left\">side</th><th class=\"left\">move</th>\
         <th>win%</th><th class=\"left\">best</th><th>loss</th><th class=\"left\">mark</th><th class=\"left\">pv</th></tr>\n",
    );
    for m in &review.moves {
        let mark = if is_marked(m) {
            format!(
                "<a href=\"#{prefix}mark-{}\" style=\"color:{}\">{}</a>",
                m.number,
                mark_colour(m),
                escape(&marks_text(&m.marks))
            )
        } else {
            escape(&marks_text(&m.marks))
        };
        let (win, best, loss) = if m.book {
            (String::new(), String::new(), String::new())
        } else {
            (
                format!("{:.1}", 100.0 * m.win_rate),
                m.best.map_or("-".into(), point_name),
                format!("{:.1}", 100.0 * m.loss),
            )
        };
        let _ = writeln!(
            out,
            "<tr id=\"{prefix}move-{n}\"><td>{n}</td><td class=\"left\">{side}</td><td class=\"left\">{played}</td>\
             <td>{win}</td><td class=\"left\">{best}</td><td>{loss}</td><td class=\"left\">{mark}</td>\
             <td class=\"left\">{pv}</td></tr>",
            n = m.number,
            side = colour_name(m.colour),
            played = point_name(m.played),
            pv = if m.book { String::new() } else { escape(&pv_text(&m.pv, 6)) },
        );
    }
    out.push_str("</table>\n");
    out
}

/// The whole page; `settings` describes the search for the reader.
pub fn render(reviews: &[(GameReview, [PlayerSummary; 2])], settings: &str) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Ferro game review</title><style>{STYLE}</style></head><body>\n\
         <h1>Ferro game review</h1><p>{}. Win rates are for the side to move; a move's loss is \
         the win rate it gave away against the engine's best move. Marks: blunder &ge; {:.0}, \
         mistake &ge; {:.0}, inaccuracy &ge; {:.0} points.</p>\n",
        escape(settings),
        100.0 * super::judge::BLUNDER,
        100.0 * super::judge::MISTAKE,
        100.0 * super::judge::INACCURACY
    );
    for (index, (review, summary)) in reviews.iter().enumerate() {
        let prefix = format!("g{}-", index + 1);
        let _ = writeln!(
            out,
            "<h2 id=\"{prefix}game\">{}</h2>",
            escape(&heading(review))
        );
        out.push_str(&svg::graph(review, &prefix));
        out.push_str(&summary_table(summary));
        out.push_str(&diagrams(review, &prefix));
        out.push_str(&move_table(review, &prefix));
    }
    out.push_str("</body></html>\n");
    out
}
