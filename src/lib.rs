//! Ferro: a Gomoku / Renju engine for the Gomocup ("pbrain") protocol.
//!
//! Data flows one way: [`protocol`] parses lines and prints replies,
//! [`session`] keeps the game and settings, [`search`] chooses moves, and
//! [`board`], [`pattern`], [`rules`] and [`eval`] describe positions.

pub mod analyze;
pub mod bench;
pub mod board;
pub mod eval;
pub mod match_runner;
pub mod pattern;
pub mod protocol;
pub mod rng;
pub mod rules;
pub mod search;
pub mod session;
pub mod status_line;
pub mod train;
