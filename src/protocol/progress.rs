//! Progress lines for one completed search iteration: a human-readable
//! MESSAGE for every manager, plus Yixin Board's realtime MESSAGE and bare
//! INFO lines when `INFO show_detail` asks for them (PROTOCOL.md §9).

use super::Reply;
use crate::board::Square;
use crate::search::analysis::MultiPv;
use crate::search::score::mate_distance;
use crate::search::Progress;

/// `show_detail` bit for `MESSAGE REALTIME …` lines.
const DETAIL_REALTIME: u32 = 1;
/// `show_detail` bit for bare `INFO …` lines (Yixin Board only: Piskvork
/// would take them as the move).
const DETAIL_INFO: u32 = 2;

/// Squares as `X,Y X,Y …`.
pub fn square_list(moves: &[Square]) -> String {
    moves
        .iter()
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Score as text: a number, or `+M<n>` / `-M<n>` for a win or loss in n plies.
fn score_text(score: i32) -> String {
    match mate_distance(score) {
        Some(plies) if plies >= 0 => format!("+M{plies}"),
        Some(plies) => format!("-M{}", -plies),
        None => score.to_string(),
    }
}

fn nodes_per_second(progress: &Progress) -> u64 {
    let micros = progress.elapsed.as_micros().max(1) as u64;
    progress.nodes.saturating_mul(1_000_000) / micros
}

/// A rough winning probability from the score (logistic).
fn win_rate(score: i32) -> f64 {
    match mate_distance(score) {
        Some(plies) if plies >= 0 => 1.0,
        Some(_) => 0.0,
        None => 1.0 / (1.0 + (-(score as f64) / 400.0).exp()),
    }
}

/// The lines for one completed iteration of principal variation `slot`
/// (YXNBEST searches several, one after the other).
pub fn progress_replies(progress: &Progress, slot: MultiPv, show_detail: u32) -> Vec<Reply> {
    let prefix = if slot.count > 1 {
        format!("pv {} ", slot.index + 1)
    } else {
        String::new()
    };
    let mut replies = vec![Reply::Message(format!(
        "{prefix}depth {}-{} ev {} n {} n/ms {} tm {} pv {}",
        progress.depth,
        progress.seldepth,
        score_text(progress.score),
        progress.nodes,
        nodes_per_second(progress) / 1000,
        progress.elapsed.as_millis(),
        square_list(&progress.pv)
    ))];
    let Some(&best) = progress.pv.first() else {
        return replies;
    };
    // Only the first variation is the move the engine will play.
    if show_detail & DETAIL_REALTIME != 0 && slot.index == 0 {
        replies.push(Reply::Message(format!("REALTIME BEST {best}")));
        replies.push(Reply::Message("REALTIME REFRESH".into()));
    }
    if show_detail & DETAIL_INFO != 0 {
        let info = |key: &str, value: String| Reply::Info(format!("{key} {value}"));
        replies.extend([
            info("PV", slot.index.to_string()),
            info("NUMPV", slot.count.to_string()),
            info("DEPTH", progress.depth.to_string()),
            info("SELDEPTH", progress.seldepth.to_string()),
            info("NODES", progress.nodes.to_string()),
            info("TOTALNODES", progress.nodes.to_string()),
            info("TOTALTIME", progress.elapsed.as_millis().to_string()),
            info("SPEED", nodes_per_second(progress).to_string()),
            info("EVAL", score_text(progress.score)),
            info("WINRATE", format!("{:.4}", win_rate(progress.score))),
            info("BESTLINE", square_list(&progress.pv)),
            info("PV", "DONE".into()),
        ]);
    }
    replies
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};
    use std::time::Duration;

    fn progress(score: i32) -> Progress {
        Progress {
            depth: 7,
            seldepth: 12,
            score,
            nodes: 50_000,
            elapsed: Duration::from_millis(100),
            pv: vec![Square::new(7, 7), Square::new(8, 8)],
        }
    }

    #[test]
    fn message_line_shape() {
        let lines = progress_replies(&progress(35), MultiPv::SINGLE, 0);
        assert_eq!(
            lines.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
            ["MESSAGE depth 7-12 ev 35 n 50000 n/ms 500 tm 100 pv 7,7 8,8"]
        );
    }

    #[test]
    fn realtime_and_info_lines_only_when_asked() {
        let lines: Vec<String> = progress_replies(&progress(mate_in(5)), MultiPv::SINGLE, 3)
            .iter()
            .map(|r| r.to_string())
            .collect();
        assert!(lines.contains(&"MESSAGE REALTIME BEST 7,7".to_string()));
        assert!(lines.contains(&"INFO EVAL +M5".to_string()));
        assert!(lines.contains(&"INFO BESTLINE 7,7 8,8".to_string()));
        assert_eq!(lines.last().unwrap(), "INFO PV DONE");
        let lost = progress_replies(&progress(mated_in(4)), MultiPv::SINGLE, 2);
        assert!(lost.iter().any(|r| r.to_string() == "INFO EVAL -M4"));
        assert!(lost.iter().any(|r| r.to_string() == "INFO WINRATE 0.0000"));
    }
}
