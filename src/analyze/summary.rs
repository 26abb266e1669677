//! Per-player totals of a review: moves judged (book moves are not),
//! average win-rate loss, and how many moves earned each mark.

use super::judge::Mark;
use super::review::GameReview;
use crate::board::Colour;

#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    pub colour: Colour,
    pub name: Option<String>,
    pub judged: usize,
    pub average_loss: f64,
    /// Counts in the order of [`Mark::KINDS`].
    pub counts: [usize; Mark::KINDS.len()],
}

pub fn summarize(review: &GameReview) -> [PlayerSummary; 2] {
    [Colour::Black, Colour::White].map(|colour| {
        let moves: Vec<_> = review
            .moves
            .iter()
            .filter(|m| m.colour == colour && !m.book)
            .collect();
        let mut counts = [0; Mark::KINDS.len()];
        for m in &moves {
            for mark in &m.marks {
                if let Some(i) = Mark::KINDS.iter().position(|&k| k == mark.kind()) {
                    counts[i] += 1;
                }
            }
        }
        let total: f64 = moves.iter().map(|m| m.loss).sum();
        PlayerSummary {
            colour,
            name: review.game.players[colour.index()].clone(),
            judged: moves.len(),
            average_loss: if moves.is_empty() {
                0.0
            } else {
                total / moves.len() as f64
            },
            counts,
        }
    })
}
