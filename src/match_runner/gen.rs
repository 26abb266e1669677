//! `ferro-match gen-openings`: short random openings near the centre, kept
//! only when Ferro's own search judges them close to even.
//!
//! Each candidate has MIN..=MAX stones (black first, alternating): the
//! first on the centre, the others on random empty squares within
//! `radius` of it (Chebyshev distance), none of them winning or, in renju,
//! forbidden. Duplicates (same black and white sets) are skipped. The side
//! to move is then searched for `think_ms`; the opening is kept when the
//! score is not a forced win or loss and `|score| <= threshold` (score
//! units of `search::score`: 100 is roughly an open two's worth of
//! advantage; the default threshold is 60). The balance judgement is as
//! good as the search: rerun the command when the search improves. The
//! output is deterministic for a given seed only up to the search's own
//! time-dependence (the search stops on the clock).

use super::judge::Judge;
use super::openings::to_pos;
use super::options::GenOptions;
use crate::board::Colour;
use crate::rng::SplitMix64 as Rng;
use crate::search::score::is_mate_score;
use crate::search::time::Budget;
use crate::search::{think, Limits, SearchState};
use rustc_hash::FxHashSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Candidates tried per opening wanted before giving up.
const MAX_TRIES_PER_OPENING: usize = 500;
/// Transposition table for the balance searches.
const TABLE_BYTES: usize = 32 << 20;

/// A kept opening, its score for the side to move and the depth the
/// judging search completed.
pub struct Generated {
    pub stones: Vec<(usize, usize)>,
    pub score: i32,
    pub depth: u32,
}

/// One random candidate, or `None` if the random walk got stuck.
fn candidate(o: &GenOptions, rng: &mut Rng) -> Option<Judge> {
    let stones = o.min_stones + rng.below((o.max_stones - o.min_stones + 1) as u64) as usize;
    let mut judge = Judge::new(o.size, o.size, o.rule, None).ok()?;
    let centre = (o.size / 2) as i64;
    if judge.play(centre, centre).is_some() {
        return None;
    }
    place_random_stones(&mut judge, stones - 1, o.radius, rng).then_some(judge)
}

/// Plays `stones` more stones (alternating colours) on random empty squares
/// within `radius` of the centre, none winning or, in renju, forbidden.
/// False if the walk got stuck.
pub(crate) fn place_random_stones(
    judge: &mut Judge,
    stones: usize,
    radius: usize,
    rng: &mut Rng,
) -> bool {
    let centre = (judge.board().width() / 2) as i64;
    let span = (2 * radius + 1) as u64;
    for _ in 0..stones {
        let mut placed = false;
        for _ in 0..100 {
            let x = centre - radius as i64 + rng.below(span) as i64;
            let y = centre - radius as i64 + rng.below(span) as i64;
            let Some(sq) = judge.board().square(x as usize, y as usize) else {
                continue;
            };
            if !judge.board().is_empty(sq) {
                continue;
            }
            // A win or a forbidden point ends the game: try another square
            // (the judge leaves the board unchanged on a fault).
            let wins = judge.board().is_winning_move(sq, judge.to_move());
            if wins {
                continue;
            }
            if judge.play(x, y).is_none() {
                placed = true;
                break;
            }
        }
        if !placed {
            return false;
        }
    }
    true
}

/// Stones of one colour.
type Stones = Vec<(usize, usize)>;

/// Both colours' stone sets, sorted: the identity of an opening.
fn key(stones: &[(usize, usize)]) -> (Stones, Stones) {
    let mut black: Vec<_> = stones.iter().copied().step_by(2).collect();
    let mut white: Vec<_> = stones.iter().copied().skip(1).step_by(2).collect();
    black.sort_unstable();
    white.sort_unstable();
    (black, white)
}

/// Generates up to `o.count` balanced openings; `report` sees each kept one
/// and the number of candidates searched so far.
pub fn generate(o: &GenOptions, mut report: impl FnMut(&Generated, usize)) -> Vec<Generated> {
    let mut rng = Rng::new(o.seed);
    let mut seen = FxHashSet::default();
    let mut kept = Vec::new();
    let mut state = SearchState::new(TABLE_BYTES);
    let stop = AtomicBool::new(false);
    let time = Duration::from_millis(o.think_ms);
    let mut searched = 0;
    let mut tries = 0;
    while kept.len() < o.count && tries < o.count.max(1) * MAX_TRIES_PER_OPENING {
        tries += 1;
        let Some(judge) = candidate(o, &mut rng) else {
            continue;
        };
        let stones = judge.moves().to_vec();
        if !seen.insert(key(&stones)) {
            continue;
        }
        let side: Colour = judge.to_move();
        let mut board = judge.board().clone();
        state.clear();
        searched += 1;
        // A clock of its own for each candidate: the budget counts from
        // `Limits::started`, so limits made once would leave every search
        // after the first `think_ms` no time at all.
        let limits = Limits::timed(Budget {
            target: time,
            hard: time,
            whole_turn: false,
        });
        let result = think(&mut board, side, &limits, &stop, &mut state, &mut |_| {});
        if result.best.is_none() || is_mate_score(result.score) || result.score.abs() > o.threshold
        {
            continue;
        }
        let generated = Generated {
            stones,
            score: result.score,
            depth: result.depth,
        };
        report(&generated, searched);
        kept.push(generated);
    }
    kept
}

/// Where a set of openings came from: for the README beside the file (the
/// file itself holds only `pos` lines, which is all c-gomoku-cli reads).
pub fn provenance(o: &GenOptions, kept: &[Generated], command: &str) -> String {
    format!(
        "{} balanced {} {}x{} openings (c-gomoku-cli pos notation: letter = x from a, number = y from 1)\n\
         generated by: {command}\n\
         kept when Ferro's search ({} ms) scores the side to move within +/-{} and finds no forced result\n",
        kept.len(),
        o.rule.name(),
        o.size,
        o.size,
        o.think_ms,
        o.threshold
    )
}

/// The file text: one `pos` line per opening, nothing else.
pub fn file_text(kept: &[Generated]) -> String {
    let mut out = String::new();
    for g in kept {
        out.push_str(&to_pos(&g.stones));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::openings;
    use crate::rules::Rule;

    /// 15x15 openings of 3 to 5 stones within 3 of the centre, every score
    /// but a forced result kept.
    fn options(rule: Rule, count: usize, think_ms: u64, seed: u64) -> GenOptions {
        GenOptions {
            rule,
            size: 15,
            count,
            min_stones: 3,
            max_stones: 5,
            radius: 3,
            threshold: 10_000,
            think_ms,
            seed,
            out: None,
        }
    }

    #[test]
    fn generates_valid_distinct_openings() {
        let o = options(Rule::Renju, 3, 5, 7);
        let kept = generate(&o, |_, _| {});
        assert_eq!(kept.len(), 3);
        let text = file_text(&kept);
        assert!(text.lines().all(|l| !l.starts_with('#')), "{text}");
        assert!(provenance(&o, &kept, "test").contains("generated by: test"));
        let parsed = openings::parse(&text, 15, 15).unwrap();
        assert_eq!(parsed.len(), 3);
        for opening in &parsed {
            assert!((3..=5).contains(&opening.stones.len()));
            assert_eq!(opening.stones[0], (7, 7));
            let mut judge = Judge::new(15, 15, Rule::Renju, None).unwrap();
            judge.play_opening(&opening.stones).unwrap();
        }
        assert_ne!(key(&kept[0].stones), key(&kept[1].stones));
    }

    /// Each candidate is judged on a clock of its own: with one clock for
    /// the whole run, every search after the first `think_ms` stopped at
    /// once and openings were kept on a depth-0 score (depths [8, 0, 0, 0,
    /// 0, 0] here). Depth 2 of a three-to-five-stone position takes well
    /// under a millisecond, so the bound holds on a fully loaded machine.
    #[test]
    fn every_candidate_is_searched_for_its_own_think_time() {
        let o = options(Rule::Freestyle, 6, 40, 11);
        let kept = generate(&o, |_, _| {});
        assert_eq!(kept.len(), 6);
        let depths: Vec<u32> = kept.iter().map(|g| g.depth).collect();
        assert!(depths.iter().all(|&d| d >= 2), "depths {depths:?}");
    }
}
