//! Static evaluation from the incremental pattern data.
//!
//! Every empty square has, per colour, a dense pattern combination: the
//! multiset of what a stone of that colour there would make in its four
//! lines. The evaluation is a sum of learned values over the squares, one
//! table for the side to move's squares (`mine`) and one for the
//! opponent's (`theirs`), plus a tempo and a learned value for the mix of
//! threats both sides could make next ([`threat`]), with separate tables per rule (and
//! per colour in renju). The board keeps both sums up to date as stones come
//! and go, so evaluating a position is a subtraction.
//!
//! The tables come from `weights.txt` (written by `ferro-tune`); a rule the
//! file lacks uses the hand-set values of [`handset`], which also give the
//! move-ordering weight of every square.

pub mod handset;
pub mod threat;
pub mod weights;

use crate::board::{Board, Colour, DenseTable, Rule, SquareValues, ValueTables};
use crate::pattern::dense_combos;
use std::sync::OnceLock;
pub use threat::threat_mask;
pub use weights::{PolicyTable, Table, TableId, Weights, POLICY_SCALE, SCALE_PERCENT};

/// The shipped weights file.
pub const WEIGHTS_TEXT: &str = include_str!("weights.txt");

/// The shipped weights, parsed once.
pub fn shipped_weights() -> &'static Weights {
    static WEIGHTS: OnceLock<Weights> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        Weights::parse(WEIGHTS_TEXT).unwrap_or_else(|e| panic!("src/eval/weights.txt: {e}"))
    })
}

/// The table for the side to move `side` under `rule`.
pub fn table_id(rule: Rule, side: Colour) -> TableId {
    match (rule, side) {
        (Rule::Freestyle, _) => TableId::Freestyle,
        (Rule::Standard, _) => TableId::Standard,
        (Rule::Renju, Colour::Black) => TableId::RenjuBlack,
        (Rule::Renju, Colour::White) => TableId::RenjuWhite,
        (Rule::Caro { .. }, _) => TableId::Caro,
    }
}

/// Builds the board tables of `rule` from `weights` (hand-set where a table
/// is missing).
pub fn rule_tables(weights: &Weights, rule: Rule) -> ValueTables {
    let handset = Table::handset();
    let table = |side: Colour| weights.table(table_id(rule, side)).unwrap_or(&handset);
    let order: DenseTable<i32> = dense_combos()
        .into_iter()
        .map(handset::square_value)
        .collect();
    // Learned ordering only when both colours' tables have it.
    let policies = (
        table(Colour::Black).policy.as_ref(),
        table(Colour::White).policy.as_ref(),
    );
    let colour_values = |colour: Colour| SquareValues {
        order: order.clone(),
        policy: match policies {
            (Some(_), Some(_)) => {
                let mine = &table(colour).policy.as_ref().expect("checked").mine;
                let theirs = &table(colour.opponent())
                    .policy
                    .as_ref()
                    .expect("checked")
                    .theirs;
                mine.iter().zip(theirs).map(|(&m, &t)| [m, t]).collect()
            }
            _ => Box::new([]),
        },
        eval: table(colour)
            .mine
            .iter()
            .zip(&table(colour.opponent()).theirs)
            .map(|(&mine, &theirs)| [mine, theirs])
            .collect(),
    };
    ValueTables {
        colours: [colour_values(Colour::Black), colour_values(Colour::White)],
        tempo: [table(Colour::Black).tempo, table(Colour::White).tempo],
        scale: [table(Colour::Black).scale, table(Colour::White).scale],
        threat: [
            table(Colour::Black).threat.clone().into_boxed_slice(),
            table(Colour::White).threat.clone().into_boxed_slice(),
        ],
    }
}

/// The shipped tables of `rule`, built once.
pub fn shipped_tables(rule: Rule) -> &'static ValueTables {
    static TABLES: [OnceLock<ValueTables>; Rule::COUNT] = [const { OnceLock::new() }; Rule::COUNT];
    TABLES[rule.index()].get_or_init(|| rule_tables(shipped_weights(), rule))
}

/// Makes `board` sum the shipped tables of its rule (cheap when it already
/// does). Every search entry point calls this first.
pub fn attach(board: &mut Board) {
    board.set_values(shipped_tables(board.rule()));
}

/// Evaluation of the position for `side` (the side to move), positive when
/// `side` stands better. The board must have the tables of its rule
/// attached ([`attach`]).
#[inline]
pub fn evaluate(board: &Board, side: Colour) -> i32 {
    debug_assert!(
        std::ptr::eq(board.values(), shipped_tables(board.rule())),
        "evaluation tables not attached"
    );
    let values = board.values();
    let sum = board.mine_sum(side) - board.theirs_sum(side.opponent())
        + values.tempo[side.index()]
        + values.threat[side.index()][threat_mask(board, side)];
    sum * values.scale[side.index()] / 100
}

#[cfg(test)]
mod tests;
