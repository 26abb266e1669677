//! Score scale: evaluation units, with mates encoded by distance.

/// A win on this ply; `WIN - n` is a win `n` plies from the root.
pub const WIN: i32 = 30_000;
/// Scores at or beyond this magnitude are forced wins or losses.
pub const MATE_BOUND: i32 = WIN - 1_000;
/// Wider than any score, for open windows.
pub const INFINITY: i32 = WIN + 1;
/// Evaluations are clamped inside this, well clear of mate scores.
pub const EVAL_LIMIT: i32 = MATE_BOUND - 1_000;

/// Score of winning `ply` plies from the root.
#[inline]
pub fn mate_in(ply: usize) -> i32 {
    WIN - ply as i32
}

/// Score of losing `ply` plies from the root.
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -WIN + ply as i32
}

#[inline]
pub fn is_mate_score(value: i32) -> bool {
    value.abs() >= MATE_BOUND
}

/// Plies to the forced result of a mate score (positive: we win).
pub fn mate_distance(value: i32) -> Option<i32> {
    if value >= MATE_BOUND {
        Some(WIN - value)
    } else if value <= -MATE_BOUND {
        Some(-(WIN + value))
    } else {
        None
    }
}
