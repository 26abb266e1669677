//! Settings received through INFO (PROTOCOL.md §6). INFO never replies;
//! a value that cannot be honoured yields a warning that the session
//! prints as a MESSAGE before its next move.

use crate::protocol::parse_info_integer;
use crate::rules::Rule;
use crate::search::time::Clock;
use crate::search::Limits;

/// Yixin Board's MAX_HASH_SIZE: log2 of the largest table in KiB (2^20 KiB
/// = 1 GiB).
pub const MAX_HASH_SIZE_LOG2_KIB: u32 = 20;
/// Most search threads `INFO thread_num` may ask for.
pub const MAX_THREADS: u32 = 256;
/// Below this `max_memory` Ferro cannot keep its tables within the limit.
pub const MIN_MEMORY_BYTES: u64 = 16 << 20;
/// Memory the engine needs besides the transposition table: pattern tables
/// (2 MiB per win condition), code, stacks, allocator slack.
pub const ENGINE_BASE_BYTES: u64 = 24 << 20;
/// Smallest and largest transposition table.
pub const MIN_TABLE_BYTES: u64 = 1 << 20;
pub const MAX_TABLE_BYTES: u64 = 1 << 30;
/// Gomocup's limit, assumed when the manager sends 0 (no limit).
pub const DEFAULT_MEMORY_BYTES: u64 = 350 << 20;
/// Table bytes per millisecond a move may think, when the time limits are
/// short. A move's search stores a few hundred entries a millisecond; a
/// table many moves deep holds everything a game reuses, while a table far
/// larger than the search spreads its probes over more memory pages than
/// the processor's address caches cover and slows every node (the
/// twenty-third round in the README: about 9% at 0.5 s a move).
pub const TABLE_BYTES_PER_MOVE_MS: u64 = 64 << 10;
/// Smallest table sized from the time limits.
pub const MIN_TIMED_TABLE_BYTES: u64 = 16 << 20;

#[derive(Clone, Debug)]
pub struct Settings {
    pub clock: Clock,
    /// Memory limit in bytes (0 = none given).
    pub max_memory: u64,
    pub rule: Rule,
    /// The last playable `INFO rule` value (2 changes meaning with Yixin
    /// mode).
    rule_value: Option<i64>,
    /// Set once a Yixin Board command has been seen (`INFO rule 2` = renju).
    yixin_mode: bool,
    pub game_type: i64,
    pub max_nodes: u64,
    pub max_depth: u32,
    pub start_depth: u32,
    pub thread_num: u32,
    /// Transposition table size asked by `INFO hash_size`, in KiB (0 = from
    /// max_memory).
    pub hash_size_kib: u64,
    pub pondering: bool,
    pub show_detail: u32,
    pub caution_factor: u32,
    pub folder: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            clock: Clock::default(),
            max_memory: 0,
            rule: Rule::Freestyle,
            rule_value: None,
            yixin_mode: false,
            game_type: 1,
            max_nodes: 0,
            max_depth: 0,
            start_depth: 0,
            thread_num: 1,
            hash_size_kib: 0,
            pondering: false,
            show_detail: 0,
            caution_factor: 1,
            folder: None,
        }
    }
}

/// Clamps a signed INFO value into an unsigned range (negative = 0).
fn non_negative(value: i64) -> u64 {
    value.max(0) as u64
}

impl Settings {
    /// Applies `INFO key value`; returns a warning for the next move when
    /// the value cannot be used. Unknown keys are ignored silently.
    pub fn apply_info(&mut self, key: &str, value: &str) -> Option<String> {
        if key == "folder" {
            self.folder = (!value.is_empty()).then(|| value.to_string());
            return None;
        }
        if key == "evaluate" {
            // Mouse position in Piskvork's debug builds; nothing to do.
            return None;
        }
        let known = matches!(
            key,
            "timeout_turn"
                | "timeout_match"
                | "time_left"
                | "time_increment"
                | "max_memory"
                | "game_type"
                | "rule"
                | "max_node"
                | "max_depth"
                | "start_depth"
                | "thread_num"
                | "hash_size"
                | "pondering"
                | "show_detail"
                | "caution_factor"
        );
        if !known {
            return None;
        }
        let Some(number) = parse_info_integer(value) else {
            return Some(format!("INFO {key}: '{value}' is not a number; ignored"));
        };
        match key {
            "timeout_turn" => self.clock.timeout_turn = number,
            "timeout_match" => {
                self.clock.timeout_match = number;
                self.clock.spent = 0;
            }
            "time_left" => {
                self.clock.time_left = Some(number);
                self.clock.spent = 0;
            }
            "time_increment" => self.clock.time_increment = number,
            "game_type" => self.game_type = number,
            "max_node" => self.max_nodes = non_negative(number),
            "max_depth" => self.max_depth = non_negative(number).min(u32::MAX as u64) as u32,
            "start_depth" => self.start_depth = non_negative(number).min(u32::MAX as u64) as u32,
            "thread_num" => self.thread_num = number.clamp(1, MAX_THREADS as i64) as u32,
            "hash_size" => self.hash_size_kib = non_negative(number),
            "pondering" => self.pondering = number != 0,
            "show_detail" => self.show_detail = number.clamp(0, 3) as u32,
            "caution_factor" => self.caution_factor = number.clamp(0, 5) as u32,
            "max_memory" => {
                self.max_memory = non_negative(number);
                if self.max_memory != 0 && self.max_memory < MIN_MEMORY_BYTES {
                    return Some(format!(
                        "max_memory {} bytes is below the {} MiB Ferro needs; playing with minimal tables",
                        self.max_memory,
                        MIN_MEMORY_BYTES >> 20
                    ));
                }
            }
            "rule" => match Rule::from_info(number, self.yixin_mode) {
                Some(rule) => {
                    self.rule = rule;
                    self.rule_value = Some(number);
                }
                None => {
                    return Some(format!(
                        "rule {number} is not supported; keeping {}",
                        self.rule.name()
                    ))
                }
            },
            _ => unreachable!("key checked above"),
        }
        None
    }

    /// Has a Yixin Board command been seen?
    pub fn yixin_mode(&self) -> bool {
        self.yixin_mode
    }

    /// A Yixin Board command was seen: from now on `INFO rule 2` means
    /// renju, also when it came before (Yixin Board may send the rule
    /// before its first `YX…` command).
    pub fn enter_yixin_mode(&mut self) {
        self.yixin_mode = true;
        if let Some(rule) = self.rule_value.and_then(|v| Rule::from_info(v, true)) {
            self.rule = rule;
        }
    }

    /// Memory the engine may use, in bytes.
    pub fn memory_limit(&self) -> u64 {
        if self.max_memory == 0 {
            DEFAULT_MEMORY_BYTES
        } else {
            self.max_memory
        }
    }

    /// Bytes for the transposition table: `INFO hash_size` if given, else
    /// 70% of the memory limit less what the rest of the engine needs, or
    /// less when the time limits are short (see
    /// [`TABLE_BYTES_PER_MOVE_MS`]); never more than the limit allows.
    pub fn table_bytes(&self) -> usize {
        let limit = self.memory_limit();
        let allowed = (limit / 10 * 7).saturating_sub(ENGINE_BASE_BYTES);
        let wanted = if self.hash_size_kib > 0 {
            self.hash_size_kib.saturating_mul(1024).min(allowed)
        } else {
            allowed.min(self.table_bytes_for_time())
        };
        wanted.clamp(MIN_TABLE_BYTES, MAX_TABLE_BYTES) as usize
    }

    /// The table the time limits call for: enough for many moves'
    /// searches, a power of two; unbounded when a move's time is not.
    fn table_bytes_for_time(&self) -> u64 {
        match self.clock.move_time_scale_ms() {
            Some(ms) => ms
                .saturating_mul(TABLE_BYTES_PER_MOVE_MS)
                .checked_next_power_of_two()
                .unwrap_or(u64::MAX)
                .max(MIN_TIMED_TABLE_BYTES),
            None => u64::MAX,
        }
    }

    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            max_depth: self.max_depth,
            start_depth: self.start_depth,
            threads: self.thread_num,
            caution_factor: self.caution_factor,
            ..Limits::timed(self.clock.budget())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_mib(infos: &[(&str, &str)]) -> usize {
        let mut settings = Settings::default();
        for (key, value) in infos {
            assert_eq!(settings.apply_info(key, value), None);
        }
        settings.table_bytes() >> 20
    }

    /// 70% of Gomocup's 350 MB less the engine's own share.
    const FULL_MIB: usize = ((350u64 << 20) / 10 * 7 - ENGINE_BASE_BYTES) as usize >> 20;

    #[test]
    fn long_moves_take_the_memory_limit_and_short_ones_a_table_to_their_size() {
        // Piskvork's default 30 s a move, and Gomocup's usual limits.
        assert_eq!(table_mib(&[]), FULL_MIB);
        let gomocup = [("timeout_turn", "30000"), ("timeout_match", "180000")];
        assert_eq!(table_mib(&gomocup), FULL_MIB);
        // 0.5 s a move: 500 × 64 KiB, rounded up to 32 MiB.
        assert_eq!(table_mib(&[("timeout_turn", "500")]), 32);
        assert_eq!(table_mib(&[("timeout_turn", "1000")]), 64);
        // Never below the smallest timed table.
        assert_eq!(table_mib(&[("timeout_turn", "50")]), 16);
        // A short match clock plans for a share of it: 10 s / 18 moves.
        let blitz = [("timeout_turn", "5000"), ("timeout_match", "10000")];
        assert_eq!(table_mib(&blitz), 64);
        // No limit on a move (untimed match, turn limit 0 = none here).
        let untimed = [("timeout_turn", "0"), ("timeout_match", "0")];
        assert_eq!(table_mib(&untimed), FULL_MIB);
    }

    #[test]
    fn hash_size_and_max_memory_still_decide_when_given() {
        let asked = [("timeout_turn", "500"), ("hash_size", "131072")];
        assert_eq!(table_mib(&asked), 128);
        let small_memory = [("timeout_turn", "1000"), ("max_memory", "83886080")];
        // 70% of 80 MiB less 24 MiB is below the 64 MiB the time asks for.
        assert_eq!(table_mib(&small_memory), 32);
    }
}
