//! The weights file: learned square values per rule and side to move.
//!
//! A text file, embedded in the engine at build time
//! (`src/eval/weights.txt`), written by `ferro-tune`:
//!
//! ```text
//! # any number of comment lines (how the tables were trained)
//! table freestyle
//! tempo 20
//! mine 0 0 1 ...      (DENSE_COMBO_COUNT integers)
//! theirs 0 0 1 ...    (DENSE_COMBO_COUNT integers)
//! threat 0 0 ...      (THREAT_MASKS integers; optional, zeros if absent)
//! scale 50            (percent; optional, 100 if absent)
//! policy-mine 0 ...   (DENSE_COMBO_COUNT integers; optional, with
//! policy-theirs 0 ...  policy-mine: the learned move ordering)
//! table renju-black
//! ...
//! ```
//!
//! `mine[i]` is what an empty square whose patterns for the side to move
//! form dense combination `i` is worth to the side to move; `theirs[i]` what
//! a square of the opponent's is worth to the opponent (it is subtracted).
//! `threat[m]` is added for the side to move when the position's threat
//! mask (`eval::threat`) is `m`. `policy-mine[i]` and `policy-theirs[j]`
//! are move-ordering logits (in `1 / POLICY_SCALE`): a square that is
//! combination `i` for the side to move and `j` for the opponent is scored
//! by their sum; without them the hand-set square values order the moves.
//! `scale` multiplies the table's whole evaluation (the search's margins
//! are fixed, so it sets how much of the evaluation they cover) without
//! the rounding that scaling each small integer would cost.
//! A table the file lacks falls back to the hand-set values.

use super::handset;
use crate::board::THREAT_MASKS;
use crate::pattern::{dense_combos, DENSE_COMBO_COUNT};
use std::fmt::Write as _;

/// Which learned table a position uses: the rule and, in renju, the colour
/// of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableId {
    Freestyle,
    Standard,
    RenjuBlack,
    RenjuWhite,
    Caro,
}

impl TableId {
    pub const ALL: [TableId; 5] = [
        TableId::Freestyle,
        TableId::Standard,
        TableId::RenjuBlack,
        TableId::RenjuWhite,
        TableId::Caro,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TableId::Freestyle => "freestyle",
            TableId::Standard => "standard",
            TableId::RenjuBlack => "renju-black",
            TableId::RenjuWhite => "renju-white",
            TableId::Caro => "caro",
        }
    }

    pub fn from_name(name: &str) -> Option<TableId> {
        TableId::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Move-ordering logits are stored in units of `1 / POLICY_SCALE`.
pub const POLICY_SCALE: i32 = 64;

/// Learned move-ordering logits of a square, by its dense combination for
/// the side to move (`mine`) and for the opponent (`theirs`).
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyTable {
    pub mine: Vec<i32>,
    pub theirs: Vec<i32>,
}

/// The percentages a table's `scale` may take.
pub const SCALE_PERCENT: std::ops::RangeInclusive<i32> = 1..=1000;

/// One learned table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub tempo: i32,
    pub mine: Vec<i32>,
    pub theirs: Vec<i32>,
    /// Per threat mask (`THREAT_MASKS` values).
    pub threat: Vec<i32>,
    /// The evaluation is the sum of the values above times `scale` / 100.
    pub scale: i32,
    /// Learned move ordering; the hand-set square values order the moves
    /// when absent.
    pub policy: Option<PolicyTable>,
}

impl Table {
    /// The hand-set evaluation as a table (the starting point of training).
    pub fn handset() -> Table {
        let combos = dense_combos();
        Table {
            tempo: handset::TEMPO,
            mine: combos.iter().map(|&p| handset::mine_value(p)).collect(),
            theirs: combos.iter().map(|&p| handset::theirs_value(p)).collect(),
            threat: vec![0; THREAT_MASKS],
            scale: 100,
            policy: None,
        }
    }
}

/// A table being read: its id, then each line once seen.
struct PartialTable {
    id: TableId,
    tempo: Option<i32>,
    mine: Option<Vec<i32>>,
    theirs: Option<Vec<i32>>,
    threat: Option<Vec<i32>>,
    scale: Option<i32>,
    policy_mine: Option<Vec<i32>>,
    policy_theirs: Option<Vec<i32>>,
}

/// The tables of a weights file, with its comment lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Weights {
    pub comments: Vec<String>,
    pub tables: Vec<(TableId, Table)>,
}

impl Weights {
    pub fn table(&self, id: TableId) -> Option<&Table> {
        self.tables
            .iter()
            .find(|(t, _)| *t == id)
            .map(|(_, table)| table)
    }

    /// Replaces or adds a table.
    pub fn set(&mut self, id: TableId, table: Table) {
        match self.tables.iter_mut().find(|(t, _)| *t == id) {
            Some(slot) => slot.1 = table,
            None => self.tables.push((id, table)),
        }
    }

    /// Parses a weights file; the error names the line.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut weights = Weights::default();
        let mut current: Option<PartialTable> = None;
        let finish = |weights: &mut Weights, current: &mut Option<PartialTable>, line: usize| {
            if let Some(table) = current.take() {
                let name = TableId::name(table.id);
                let (Some(tempo), Some(mine), Some(theirs)) =
                    (table.tempo, table.mine, table.theirs)
                else {
                    return Err(format!(
                        "line {line}: table {name} lacks tempo, mine or theirs"
                    ));
                };
                let policy = match (table.policy_mine, table.policy_theirs) {
                    (Some(mine), Some(theirs)) => Some(PolicyTable { mine, theirs }),
                    (None, None) => None,
                    _ => {
                        return Err(format!(
                        "line {line}: table {name} has only one of policy-mine and policy-theirs"
                    ))
                    }
                };
                weights.set(
                    table.id,
                    Table {
                        tempo,
                        mine,
                        theirs,
                        threat: table.threat.unwrap_or_else(|| vec![0; THREAT_MASKS]),
                        scale: table.scale.unwrap_or(100),
                        policy,
                    },
                );
            }
            Ok(())
        };
        let numbers = |rest: &str, line: usize, expected: usize| -> Result<Vec<i32>, String> {
            let values = rest
                .split_whitespace()
                .map(|v| v.parse::<i32>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("line {line}: {e}"))?;
            if values.len() != expected {
                return Err(format!(
                    "line {line}: {} values, expected {expected}",
                    values.len()
                ));
            }
            Ok(values)
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let raw = raw.trim();
            if raw.is_empty() {
                continue;
            }
            if let Some(comment) = raw.strip_prefix('#') {
                weights.comments.push(comment.trim().to_string());
                continue;
            }
            let (word, rest) = raw.split_once(' ').unwrap_or((raw, ""));
            match word {
                "table" => {
                    finish(&mut weights, &mut current, line)?;
                    let id = TableId::from_name(rest.trim())
                        .ok_or_else(|| format!("line {line}: unknown table '{}'", rest.trim()))?;
                    current = Some(PartialTable {
                        id,
                        tempo: None,
                        mine: None,
                        theirs: None,
                        threat: None,
                        scale: None,
                        policy_mine: None,
                        policy_theirs: None,
                    });
                }
                "tempo" | "scale" | "mine" | "theirs" | "threat" | "policy-mine"
                | "policy-theirs" => {
                    let Some(table) = current.as_mut() else {
                        return Err(format!("line {line}: '{word}' before any 'table'"));
                    };
                    match word {
                        "tempo" => {
                            table.tempo = Some(
                                rest.trim()
                                    .parse()
                                    .map_err(|e| format!("line {line}: tempo: {e}"))?,
                            )
                        }
                        "scale" => {
                            let scale: i32 = rest
                                .trim()
                                .parse()
                                .map_err(|e| format!("line {line}: scale: {e}"))?;
                            if !SCALE_PERCENT.contains(&scale) {
                                return Err(format!(
                                    "line {line}: scale {scale}: a percentage from {} to {}",
                                    SCALE_PERCENT.start(),
                                    SCALE_PERCENT.end()
                                ));
                            }
                            table.scale = Some(scale);
                        }
                        "mine" => table.mine = Some(numbers(rest, line, DENSE_COMBO_COUNT)?),
                        "theirs" => table.theirs = Some(numbers(rest, line, DENSE_COMBO_COUNT)?),
                        "policy-mine" => {
                            table.policy_mine = Some(numbers(rest, line, DENSE_COMBO_COUNT)?)
                        }
                        "policy-theirs" => {
                            table.policy_theirs = Some(numbers(rest, line, DENSE_COMBO_COUNT)?)
                        }
                        _ => table.threat = Some(numbers(rest, line, THREAT_MASKS)?),
                    }
                }
                _ => return Err(format!("line {line}: unknown keyword '{word}'")),
            }
        }
        finish(&mut weights, &mut current, text.lines().count())?;
        Ok(weights)
    }

    /// The file text (`parse` reads it back unchanged).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for comment in &self.comments {
            let _ = writeln!(out, "# {comment}");
        }
        let join = |values: &[i32]| {
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        for (id, table) in &self.tables {
            let _ = writeln!(out, "table {}", id.name());
            let _ = writeln!(out, "tempo {}", table.tempo);
            if table.scale != 100 {
                let _ = writeln!(out, "scale {}", table.scale);
            }
            let _ = writeln!(out, "mine {}", join(&table.mine));
            let _ = writeln!(out, "theirs {}", join(&table.theirs));
            let _ = writeln!(out, "threat {}", join(&table.threat));
            if let Some(policy) = &table.policy {
                let _ = writeln!(out, "policy-mine {}", join(&policy.mine));
                let _ = writeln!(out, "policy-theirs {}", join(&policy.theirs));
            }
        }
        out
    }
}
