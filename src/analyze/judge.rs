//! Judging one move from the searches of the positions before and after
//! it: the win rate for the side to move, what the played move lost, and
//! the marks a reviewer puts on it.

use crate::search::score::{is_mate_score, MATE_BOUND};

/// Logistic scale of the search score at full evaluation scale: the
/// tuner's fitted `K` is 1056 for freestyle and standard and 1161 for renju
/// (`src/eval/weights.txt`), so one value in between serves every rule. A
/// table with a `scale` has its scores scaled back first ([`Standing`]).
const WIN_RATE_SCALE: f64 = 1100.0;

/// Win-rate losses that earn each mark.
pub const BLUNDER: f64 = 0.20;
pub const MISTAKE: f64 = 0.10;
pub const INACCURACY: f64 = 0.05;

/// How a forced win was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    /// Continuous fours.
    Vcf,
    /// Fours and threes.
    Vct,
    /// The search proved it (a longer combination).
    Search,
}

impl Forced {
    pub fn name(self) -> &'static str {
        match self {
            Forced::Vcf => "VCF",
            Forced::Vct => "VCT",
            Forced::Search => "search",
        }
    }
}

/// A reviewer's mark on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A stone of a known opening: not judged.
    Book,
    Blunder,
    Mistake,
    Inaccuracy,
    /// A forced win existed and the move let it go.
    MissedWin(Forced),
    /// After the move the opponent has a forced win; before it, the mover
    /// was not lost.
    AllowedLoss(Forced),
    /// Black played a renju forbidden point (and lost).
    Forbidden,
}

impl Mark {
    pub fn name(self) -> String {
        match self {
            Mark::Book => "book".into(),
            Mark::Blunder => "blunder".into(),
            Mark::Mistake => "mistake".into(),
            Mark::Inaccuracy => "inaccuracy".into(),
            Mark::MissedWin(how) => format!("missed win ({})", how.name()),
            Mark::AllowedLoss(how) => format!("allowed loss ({})", how.name()),
            Mark::Forbidden => "forbidden".into(),
        }
    }

    /// The one-word kind, for counts and JSON.
    pub fn kind(self) -> &'static str {
        match self {
            Mark::Book => "book",
            Mark::Blunder => "blunder",
            Mark::Mistake => "mistake",
            Mark::Inaccuracy => "inaccuracy",
            Mark::MissedWin(_) => "missed-win",
            Mark::AllowedLoss(_) => "allowed-loss",
            Mark::Forbidden => "forbidden",
        }
    }

    /// Every kind, in the order summaries list them.
    pub const KINDS: [&'static str; 6] = [
        "blunder",
        "mistake",
        "inaccuracy",
        "missed-win",
        "allowed-loss",
        "forbidden",
    ];
}

/// What the review knows of a position, for the side to move in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// Search score, or ±mate when the game is over.
    pub score: i32,
    /// A forced win of the side to move, and how it was found.
    pub forced: Option<Forced>,
    /// The evaluation's scale under the rule, for the side to move
    /// (percent; `eval::Table::scale`): a score at 50 means twice as much.
    pub eval_scale: i32,
}

impl Standing {
    pub fn win_rate(&self) -> f64 {
        if is_mate_score(self.score) {
            return win_rate(self.score);
        }
        logistic(self.score as f64 * 100.0 / self.eval_scale.max(1) as f64)
    }

    pub fn is_lost(&self) -> bool {
        self.score <= -MATE_BOUND
    }

    /// The side to move wins by force (found by a solver or the search).
    pub fn wins_by_force(&self) -> Option<Forced> {
        self.forced
            .or((self.score >= MATE_BOUND).then_some(Forced::Search))
    }
}

/// The win rate for the side to move of a search score.
pub fn win_rate(score: i32) -> f64 {
    if is_mate_score(score) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    logistic(score as f64)
}

/// The win rate of a score at full evaluation scale (no mate).
fn logistic(full_scale: f64) -> f64 {
    1.0 / (1.0 + (-full_scale / WIN_RATE_SCALE).exp())
}

/// What a move lost and its marks. `before` is the position the mover
/// faced, `after` the one it left, seen by the opponent (`None` for a
/// draw by a full board). `best_played`: the move was the engine's choice.
pub fn judge(
    before: &Standing,
    after: Option<&Standing>,
    best_played: bool,
    forbidden_played: bool,
) -> (f64, Vec<Mark>) {
    let win_rate_after = match after {
        _ if forbidden_played => 0.0,
        Some(after) => 1.0 - after.win_rate(),
        None => 0.5,
    };
    let loss = if best_played && !forbidden_played {
        0.0
    } else {
        (before.win_rate() - win_rate_after).max(0.0)
    };
    let mut marks = Vec::new();
    if forbidden_played {
        marks.push(Mark::Forbidden);
    }
    if let Some(how) = before.wins_by_force() {
        let still_wins = after.is_some_and(Standing::is_lost);
        if !still_wins {
            marks.push(Mark::MissedWin(how));
        }
    }
    if let Some(how) = after.and_then(Standing::wins_by_force) {
        if !before.is_lost() && !forbidden_played {
            marks.push(Mark::AllowedLoss(how));
        }
    }
    if loss >= BLUNDER {
        marks.push(Mark::Blunder);
    } else if loss >= MISTAKE {
        marks.push(Mark::Mistake);
    } else if loss >= INACCURACY {
        marks.push(Mark::Inaccuracy);
    }
    (loss, marks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};

    fn at(score: i32) -> Standing {
        Standing {
            score,
            forced: None,
            eval_scale: 100,
        }
    }

    #[test]
    fn win_rate_is_even_at_zero_and_certain_at_mate() {
        assert!((win_rate(0) - 0.5).abs() < 1e-9);
        assert!(win_rate(1100) > 0.73 && win_rate(1100) < 0.74);
        assert_eq!(win_rate(mate_in(5)), 1.0);
        assert_eq!(win_rate(mated_in(4)), 0.0);
        // An evaluation at half scale: half the score, the same win rate.
        let half = |score| Standing {
            eval_scale: 50,
            ..at(score)
        };
        assert!((half(550).win_rate() - at(1100).win_rate()).abs() < 1e-9);
        assert_eq!(half(mate_in(3)).win_rate(), 1.0);
    }

    #[test]
    fn losses_earn_marks_by_threshold() {
        // Before: even. After, seen by the opponent: +500 (about 61%).
        let (loss, marks) = judge(&at(0), Some(&at(500)), false, false);
        assert!((loss - 0.11).abs() < 0.01, "{loss}");
        assert_eq!(marks, vec![Mark::Mistake]);
        let (_, marks) = judge(&at(0), Some(&at(1500)), false, false);
        assert_eq!(marks, vec![Mark::Blunder]);
        let (_, marks) = judge(&at(0), Some(&at(250)), false, false);
        assert_eq!(marks, vec![Mark::Inaccuracy]);
        // The engine's own move loses nothing, whatever the noise.
        assert_eq!(judge(&at(0), Some(&at(600)), true, false), (0.0, vec![]));
    }

    #[test]
    fn forced_wins_missed_and_forced_losses_allowed() {
        let winning = Standing {
            score: mate_in(7),
            forced: Some(Forced::Vcf),
            eval_scale: 100,
        };
        // The opponent is not lost after the move: the win was let go.
        let (loss, marks) = judge(&winning, Some(&at(0)), false, false);
        assert_eq!(loss, 0.5);
        assert_eq!(marks, vec![Mark::MissedWin(Forced::Vcf), Mark::Blunder]);
        // Still winning (the opponent is mated): nothing missed.
        let (_, marks) = judge(&winning, Some(&at(mated_in(6))), false, false);
        assert_eq!(marks, vec![]);
        // The opponent now has a VCT.
        let threatened = Standing {
            score: 800,
            forced: Some(Forced::Vct),
            eval_scale: 100,
        };
        let (_, marks) = judge(&at(100), Some(&threatened), false, false);
        assert_eq!(marks[0], Mark::AllowedLoss(Forced::Vct));
        // Already lost before: nothing was allowed.
        let (_, marks) = judge(&at(mated_in(8)), Some(&threatened), false, false);
        assert!(!marks.contains(&Mark::AllowedLoss(Forced::Vct)));
        // A forbidden point loses at once.
        let (loss, marks) = judge(&at(0), Some(&at(0)), true, true);
        assert_eq!(loss, 0.5);
        assert_eq!(marks, vec![Mark::Forbidden, Mark::Blunder]);
    }
}
