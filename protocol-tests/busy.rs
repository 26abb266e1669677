//! Issue 15, defect 5: moves keep to `timeout_turn` on a busy machine.
//! The test loads every core with a busy loop of its own (the issue's "two
//! CPU burners" on a 2-core machine) while the engine plays 32x32 moves,
//! with one and with two search threads. `scripts/latency` measures the
//! tight figures over thousands of moves; here the median reply must meet
//! the bar (the limit + 30 ms), and every reply the limit +
//! [`MOVE_SLACK`]: generous, as in the fuzzer, because while other jobs
//! run the busy loops stall the engine far more (on this machine a thread
//! beside two busy loops of its own session once waited 620 ms for a core).

use crate::boards::{opponent_move, play_engine_move, Cell, Position, Rng, Side};
use crate::harness::{ms, Engine};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

const TURN_MS: u64 = 100;
/// The bar: no reply later than the limit plus this.
const BAR_MS: u64 = 30;
/// What a single reply may take beyond [`TURN_MS`].
const MOVE_SLACK: Duration = Duration::from_millis(1000);
/// Moves per engine (a game that ends starts again from the position).
const REPLIES: usize = 10;

/// One busy loop per core until dropped (also when the test fails).
struct Burners {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Burners {
    fn start() -> Burners {
        let cores = thread::available_parallelism().map_or(2, |n| n.get());
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..cores)
            .map(|_| {
                let stop = Arc::clone(&stop);
                thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
                    }
                })
            })
            .collect();
        Burners { stop, threads }
    }
}

impl Drop for Burners {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// 32x32 in 6x6 blocks (25 of them), each with an opponent three closed at
/// one end by an own stone, and an own two: after any root move the
/// opponent has fours to try at the horizon, so the first iteration alone
/// is over 300k nodes. The engine (232ee10) did not read the clock
/// in the first iteration and answered after about 4 s on an idle machine.
fn closed_threes() -> Position {
    let mut own = Vec::new();
    let mut opp = Vec::new();
    for by in (0..27).step_by(6) {
        for bx in (0..27).step_by(6) {
            own.push((bx + 1, by + 1));
            opp.extend((2..5).map(|dx| (bx + dx, by + 1)));
            own.extend([(bx + 3, by + 4), (bx + 3, by + 5)]);
        }
    }
    Position::from_stones(32, &own, &opp, Side::Black)
}

/// Plays games from the position against an engine with `threads`
/// search threads until it has made [`REPLIES`] moves; returns each
/// reply's time.
fn play(threads: u32, rng: &mut Rng) -> Vec<Duration> {
    let mut e = Engine::start();
    e.send("START 32");
    e.expect_ok();
    e.send(&format!("INFO timeout_turn {TURN_MS}"));
    e.send("INFO timeout_match 0");
    e.send(&format!("INFO thread_num {threads}"));
    let position = closed_threes();
    let mut times = Vec::new();
    while times.len() < REPLIES {
        let mut board = position.board();
        e.send("BOARD");
        for line in position.lines() {
            e.send(&line);
        }
        let mut sent = e.send("DONE");
        loop {
            let mv = e.expect_move_by(sent + ms(TURN_MS) + MOVE_SLACK);
            times.push(e.last_arrival() - sent);
            play_engine_move(&e, &mut board, mv);
            if times.len() == REPLIES || board.makes_five(mv.0, mv.1, Cell::Own) {
                break;
            }
            let Some((x, y)) = opponent_move(&board, rng) else {
                break;
            };
            board.set(x, y, Cell::Opp);
            if board.makes_five(x, y, Cell::Opp) {
                break;
            }
            sent = e.send(&format!("TURN {x},{y}"));
        }
    }
    e.finish();
    times
}

#[test]
fn moves_keep_to_the_limit_on_a_busy_machine() {
    let burners = Burners::start();
    let mut rng = Rng::new(15);
    let mut times: Vec<Duration> = [1, 2]
        .into_iter()
        .flat_map(|threads| play(threads, &mut rng))
        .collect();
    drop(burners);
    times.sort();
    let median = times[times.len() / 2];
    assert!(
        median <= ms(TURN_MS + BAR_MS),
        "median reply {median:?} at timeout_turn {TURN_MS} on a busy machine \
         (all, sorted: {times:?})"
    );
}
