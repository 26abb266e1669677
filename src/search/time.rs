//! Time budget for one move (PROTOCOL.md §10.2 and §17.2).

use std::time::Duration;

/// `time_left` values at or above this mean "no match clock"
/// (c-gomoku-cli sends 2^31-1 when the match is untimed).
const UNLIMITED_TIME_LEFT: i64 = 2_147_483_647;
/// Smallest safety margin kept between the budget and the manager's limit.
const MIN_SAFETY_MS: i64 = 50;
/// Safety margin as a fraction of the limit, in percent.
const SAFETY_PERCENT: i64 = 3;
/// With a match clock, plan for at least this many more moves.
const PLANNED_MOVES_LEFT: i64 = 18;
/// With a match clock, one move never takes more than this share of what
/// is left (an iteration that overruns its target stops here), so a long
/// game cannot end with a clock that only allows instant moves.
const MAX_SHARE_OF_MATCH_LEFT: i64 = 5;

/// The clock settings from the manager's INFO commands, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub timeout_turn: i64,
    pub timeout_match: i64,
    /// Latest `time_left`, if any was sent.
    pub time_left: Option<i64>,
    pub time_increment: i64,
    /// Thinking time spent since `time_left` was last sent (or since the
    /// game began, when it never is): a manager that gives only
    /// `timeout_match` must not find every move planned on a full clock.
    pub spent: i64,
}

impl Default for Clock {
    /// Piskvork's defaults until told otherwise: 30 s a move, no match
    /// clock.
    fn default() -> Clock {
        Clock {
            timeout_turn: 30_000,
            timeout_match: 0,
            time_left: None,
            time_increment: 0,
            spent: 0,
        }
    }
}

/// How long a search may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Aim to finish an iteration by this time.
    pub target: Duration,
    /// Never search past this.
    pub hard: Duration,
    /// Time not used is lost (a turn limit and no match clock): the search
    /// goes on to the hard limit even when the move looks decided (a single
    /// reply, a mate found by the selective search), since what it learns
    /// then still helps (a mate's refutation, the table for the next move).
    pub whole_turn: bool,
}

impl Budget {
    /// Move as fast as possible: a minimal search.
    pub const INSTANT: Budget = Budget {
        target: Duration::ZERO,
        hard: Duration::ZERO,
        whole_turn: false,
    };

    /// No clock at all (fixed-depth or node-limited searches, pondering).
    pub const fn unlimited() -> Budget {
        Budget {
            target: Duration::MAX,
            hard: Duration::MAX,
            whole_turn: false,
        }
    }

    /// What is left of this budget after `spent`.
    pub fn after(&self, spent: Duration) -> Budget {
        Budget {
            target: self.target.saturating_sub(spent),
            hard: self.hard.saturating_sub(spent),
            whole_turn: self.whole_turn,
        }
    }

    /// For the next of `parts` searches in a row that share this budget,
    /// all timed from one origin, `elapsed` after it: an equal share of
    /// what is left, as limits from the same origin. However long the
    /// earlier searches took, none ends past this budget's own limits.
    pub fn next_share(&self, elapsed: Duration, parts: u32) -> Budget {
        let rest = self.after(elapsed).share(parts);
        let from_origin = |limit: Duration, share: Duration| {
            if limit == Duration::MAX {
                limit
            } else {
                elapsed.saturating_add(share).min(limit)
            }
        };
        Budget {
            target: from_origin(self.target, rest.target),
            hard: from_origin(self.hard, rest.hard),
            whole_turn: self.whole_turn,
        }
    }

    /// An equal share of this budget for one of `parts` searches in a row.
    pub fn share(&self, parts: u32) -> Budget {
        let parts = parts.max(1);
        let part = |d: Duration| {
            if d == Duration::MAX {
                d
            } else {
                d / parts
            }
        };
        Budget {
            target: part(self.target),
            hard: part(self.hard),
            whole_turn: self.whole_turn,
        }
    }
}

fn with_safety(limit_ms: i64) -> i64 {
    let safety = (limit_ms / 100 * SAFETY_PERCENT).max(MIN_SAFETY_MS);
    (limit_ms - safety).max(0)
}

impl Clock {
    /// Remaining match time in ms, or `None` when the match is untimed.
    fn match_time_left(&self) -> Option<i64> {
        let left = self.time_left.unwrap_or(self.timeout_match);
        let untimed = match self.time_left {
            Some(left) => left >= UNLIMITED_TIME_LEFT,
            None => self.timeout_match <= 0 || self.timeout_match >= UNLIMITED_TIME_LEFT,
        };
        (!untimed).then_some(left.saturating_sub(self.spent))
    }

    /// How long a move may think under the configured limits, in ms: the
    /// turn limit, or a planned share of the match clock when that is
    /// shorter. It reads `timeout_turn` and `timeout_match` only, not
    /// `time_left`, so that it stays the same through a game (the
    /// transposition table is sized from it). `None` when neither limits a
    /// move.
    pub fn move_time_scale_ms(&self) -> Option<u64> {
        let turn = (self.timeout_turn > 0).then_some(self.timeout_turn);
        let timed_match = self.timeout_match > 0 && self.timeout_match < UNLIMITED_TIME_LEFT;
        let share = timed_match.then(|| {
            (self.timeout_match / PLANNED_MOVES_LEFT).saturating_add(self.time_increment.max(0))
        });
        let ms = match (turn, share) {
            (Some(turn), Some(share)) => turn.min(share),
            (turn, share) => turn.or(share)?,
        };
        Some(ms.max(0) as u64)
    }

    /// The most one move may take of `left` ms of match time (the
    /// increment comes after the move, so it is only a bonus here).
    fn share_of_match(&self, left: i64) -> i64 {
        (left / MAX_SHARE_OF_MATCH_LEFT).saturating_add(self.time_increment.max(0))
    }

    /// The budget for the next move.
    pub fn budget(&self) -> Budget {
        let match_left = self.match_time_left();
        if matches!(match_left, Some(left) if left <= 0) {
            return Budget::INSTANT;
        }
        let turn_limit = (self.timeout_turn > 0).then_some(self.timeout_turn);
        let hard_ms = match (turn_limit, match_left) {
            (None, None) => return Budget::INSTANT,
            (Some(turn), None) => with_safety(turn),
            (None, Some(left)) => with_safety(left).min(self.share_of_match(left)),
            (Some(turn), Some(left)) => with_safety(turn.min(left)).min(self.share_of_match(left)),
        };
        let target_ms = match match_left {
            Some(left) => {
                hard_ms.min((left / PLANNED_MOVES_LEFT).saturating_add(self.time_increment.max(0)))
            }
            None => hard_ms,
        };
        Budget {
            target: Duration::from_millis(target_ms.max(0) as u64),
            hard: Duration::from_millis(hard_ms.max(0) as u64),
            whole_turn: match_left.is_none() && hard_ms > 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(turn: i64, game: i64, left: Option<i64>) -> Clock {
        Clock {
            timeout_turn: turn,
            timeout_match: game,
            time_left: left,
            time_increment: 0,
            spent: 0,
        }
    }

    #[test]
    fn own_thinking_time_counts_until_the_manager_updates_time_left() {
        let mut c = clock(30_000, 100_000, None);
        c.spent = 60_000;
        // 40 s left of the match: the per-move plan shrinks accordingly.
        assert_eq!(
            c.budget().target,
            Duration::from_millis(40_000 / PLANNED_MOVES_LEFT as u64)
        );
        c.spent = 100_000;
        assert_eq!(c.budget(), Budget::INSTANT);
        // An untimed match ignores the count.
        let mut untimed = clock(300, 0, Some(2_147_483_647));
        untimed.spent = 1_000_000;
        assert_eq!(untimed.budget().hard, Duration::from_millis(250));
    }

    #[test]
    fn turn_limit_alone_keeps_a_safety_margin() {
        let budget = clock(5000, 0, None).budget();
        assert_eq!(budget.hard, Duration::from_millis(4850));
        assert_eq!(budget.target, budget.hard);
        assert_eq!(
            clock(500, 0, None).budget().hard,
            Duration::from_millis(450)
        );
    }

    #[test]
    fn smaller_of_turn_and_match_wins() {
        let budget = clock(30_000, 180_000, Some(400)).budget();
        assert_eq!(
            budget.hard,
            Duration::from_millis(400 / MAX_SHARE_OF_MATCH_LEFT as u64)
        );
        let budget = clock(5000, 120_000, Some(120_000)).budget();
        assert_eq!(budget.hard, Duration::from_millis(4850));
        let budget = clock(30_000, 120_000, Some(120_000)).budget();
        assert_eq!(budget.hard, Duration::from_millis(24_000));
        assert_eq!(
            budget.target,
            Duration::from_millis(120_000 / PLANNED_MOVES_LEFT as u64)
        );
    }

    #[test]
    fn unlimited_time_left_means_turn_limit_only() {
        let budget = clock(300, 0, Some(2_147_483_647)).budget();
        assert_eq!(budget.hard, Duration::from_millis(250));
        // The same for an "unlimited" match time before any time_left:
        // with timeout_turn 0 that is no clock at all, a fast move.
        let budget = clock(300, 2_147_483_647, None).budget();
        assert_eq!(budget.hard, Duration::from_millis(250));
        assert_eq!(clock(0, 2_147_483_647, None).budget(), Budget::INSTANT);
    }

    #[test]
    fn zero_or_negative_means_instant() {
        assert_eq!(clock(0, 0, None).budget(), Budget::INSTANT);
        assert_eq!(clock(5000, 120_000, Some(0)).budget(), Budget::INSTANT);
        assert_eq!(
            clock(5000, 120_000, Some(-99_999_999_999)).budget(),
            Budget::INSTANT
        );
    }

    #[test]
    fn turn_zero_with_match_clock_uses_the_match_clock() {
        let budget = clock(0, 100_000, Some(90_000)).budget();
        assert_eq!(budget.hard, Duration::from_millis(18_000));
        assert_eq!(budget.target, Duration::from_millis(5000));
    }

    #[test]
    fn one_move_never_takes_more_than_a_fifth_of_the_match_clock() {
        // Gomocup fastgame late in a game: 10 s left, 5 s a move.
        let budget = clock(5000, 120_000, Some(10_000)).budget();
        assert_eq!(budget.hard, Duration::from_millis(2000));
        assert_eq!(budget.target, Duration::from_millis(10_000 / 18));
        // The increment (added after the move) extends the cap, never past
        // the clock itself.
        let mut with_increment = clock(0, 60_000, Some(1000));
        with_increment.time_increment = 3000;
        assert_eq!(with_increment.budget().hard, Duration::from_millis(950));
        with_increment.time_left = Some(20_000);
        assert_eq!(with_increment.budget().hard, Duration::from_millis(7000));
        // A huge increment saturates: the budget stays within the turn
        // limit and the time left (it used to wrap and never end).
        let mut huge = clock(100, 60_000, Some(5000));
        huge.time_increment = i64::MAX;
        assert_eq!(huge.budget().hard, Duration::from_millis(50));
        huge.timeout_turn = 0;
        assert!(huge.budget().hard <= Duration::from_millis(5000));
        assert!(huge.budget().target <= huge.budget().hard);
    }

    #[test]
    fn shares_of_one_budget_never_pass_it() {
        let budget = Budget {
            target: Duration::from_millis(60),
            hard: Duration::from_millis(90),
            whole_turn: false,
        };
        // 30 ms in, three searches left: each gets a third of the rest.
        let next = budget.next_share(Duration::from_millis(30), 3);
        assert_eq!(next.hard, Duration::from_millis(50));
        assert_eq!(next.target, Duration::from_millis(40));
        // Past the limit, the next search ends at the limit itself.
        let late = budget.next_share(Duration::from_millis(200), 2);
        assert_eq!(late.hard, budget.hard);
        assert_eq!(late.target, budget.target);
        let unlimited = Budget::unlimited().next_share(Duration::from_millis(5), 4);
        assert_eq!(unlimited, Budget::unlimited());
    }

    #[test]
    fn only_a_turn_limit_without_a_match_clock_makes_the_whole_turn_free() {
        assert!(clock(500, 0, None).budget().whole_turn);
        assert!(clock(500, 0, Some(UNLIMITED_TIME_LEFT)).budget().whole_turn);
        assert!(!clock(5000, 180_000, Some(150_000)).budget().whole_turn);
        assert!(!clock(0, 180_000, None).budget().whole_turn);
        assert!(!Budget::INSTANT.whole_turn && !Budget::unlimited().whole_turn);
    }

    #[test]
    fn huge_values_do_not_overflow() {
        let budget = clock(i64::MAX, i64::MAX, Some(i64::MAX)).budget();
        assert!(budget.hard > Duration::from_secs(1_000_000));
    }
}
