//! Black-box protocol tests for `pbrain-ferro`: the engine runs as a child
//! process and is driven through stdin/stdout like a manager would.
//!
//! * `conformance` — one test per CONFORMANCE.md case (`cNN_…`).
//! * `renju_forbid` — the renju-detector-dependent cases.
//! * `sessions` — whole sessions shaped like Piskvork, c-gomoku-cli and
//!   Yixin Board (PROTOCOL.md §4).
//! * `fuzz` — seeded random / mutated input against a model of the game
//!   (fixed seeds here; `scripts/fuzz --minutes N` for a long run).
//! * `yixin` — YXNBEST, YXBALANCE*, SWAP2BOARD, pondering, search limits.
//! * `threads` — searches with several threads (`INFO thread_num`).
//! * `busy` — moves keep to the time limit with every core busy.
//!
//! Run with `cargo test --release --test protocol`.

mod boards;
mod busy;
mod conformance;
mod fuzz;
mod harness;
mod renju_forbid;
mod sessions;
mod threads;
mod yixin;
