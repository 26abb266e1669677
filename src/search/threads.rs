//! Lazy SMP: helper threads search the same root on their own boards and
//! histories, sharing only the transposition table (lock-free, see `tt`)
//! and the clock. They make the main thread faster by filling the table;
//! their own results are never used. Half of them search one ply deeper
//! than the iteration count, so the threads spread over two depths.

use super::alphabeta::{History, Searcher, StopRule, MAX_PLY};
use super::movegen::ScoredMove;
use super::tt::TranspositionTable;
use super::{aspiration_search, Root};
use crate::board::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::{Scope, ScopedJoinHandle};

/// Stack of a helper thread: as for the main search thread (threat
/// searches recurse deeply).
const HELPER_STACK_BYTES: usize = 64 << 20;

/// What the helpers of one search share with the main thread.
pub struct Helpers {
    /// Raised when the main thread has decided.
    stop: AtomicBool,
    /// Nodes of completed helper iterations (for progress lines).
    nodes: AtomicU64,
}

/// The running helper threads; each returns its node count.
pub type Handles<'scope> = Vec<ScopedJoinHandle<'scope, u64>>;

impl Helpers {
    pub fn new() -> Helpers {
        Helpers {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    /// The flag that stops the helpers.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Nodes searched by the helpers so far (completed iterations).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Starts `count` helpers on copies of `board` and `moves`. A helper
    /// that cannot be spawned is skipped: the search goes on with fewer.
    #[allow(clippy::too_many_arguments)]
    pub fn start<'scope, 'env>(
        &'env self,
        scope: &'scope Scope<'scope, 'env>,
        count: u32,
        board: &Board,
        tt: &'env TranspositionTable,
        moves: &[ScoredMove],
        root: &'env Root,
        stop_rule: StopRule<'env>,
    ) -> Handles<'scope> {
        let mut handles = Vec::new();
        for index in 0..count {
            let mut board = board.clone();
            let mut moves = moves.to_vec();
            let stop_rule = StopRule { ..stop_rule };
            let spawned = std::thread::Builder::new()
                .name(format!("search-helper-{index}"))
                .stack_size(HELPER_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut history = History::new();
                    let mut searcher = Searcher::new(&mut board, tt, &mut history, stop_rule);
                    self.iterate(&mut searcher, root, &mut moves, index);
                    searcher.nodes
                });
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(e) => log::warn!("could not start search helper {index}: {e}"),
            }
        }
        handles
    }

    /// A helper's iterative deepening, until stopped or at the last depth.
    fn iterate(
        &self,
        searcher: &mut Searcher<'_>,
        root: &Root,
        moves: &mut [ScoredMove],
        index: u32,
    ) {
        let offset = (index + 1) % 2;
        let mut previous = 0;
        let mut counted = 0;
        searcher.may_abort = true;
        for depth in 1..=root.max_depth {
            let depth = (depth + offset).min(MAX_PLY as u32 - 1);
            let value = aspiration_search(searcher, root.side, moves, depth as i32, previous);
            if searcher.aborted {
                break;
            }
            previous = value;
            self.nodes
                .fetch_add(searcher.nodes - counted, Ordering::Relaxed);
            counted = searcher.nodes;
        }
    }

    /// Stops the helpers and waits for them; returns their nodes.
    pub fn finish(&self, handles: Handles<'_>) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    }
}
