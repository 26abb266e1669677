//! The protocol loop: a reader thread turns stdin bytes into lines, the main
//! thread feeds them to the session and prints its replies, and searches run
//! on a worker thread so that END, YXSTOP and the clock's INFO keys act
//! while the engine thinks (`INFO timeout_turn 0` stops the search, a
//! shorter limit shortens it: PROTOCOL.md §7, §17.8). Other lines that
//! arrive during a search are queued and handled, in order, once the move
//! is printed; the queue holds at most [`QUEUE_BYTES`], and each line that
//! does not fit is answered by an `ERROR` in its place, so that memory
//! stays bounded whatever arrives. END (or end of
//! input) during a search stops it at once; the engine prints the move it
//! had and the replies to lines sent before END, then exits.

use super::{parse_command, progress_replies, Command, Reply, MAX_LINE_BYTES, QUEUE_BYTES};
use crate::board::{Board, Colour, Square};
use crate::search::analysis::{self, Context, MultiPv, Outcome, Task};
use crate::search::{Limits, Progress, SearchState};
use crate::session::{Action, SearchRequest, Session};
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Stack for the search thread (deep threat searches recurse).
const SEARCH_STACK_BYTES: usize = 64 << 20;
/// Progress lines are printed at most this often; the last one held back
/// is printed before the move.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);
/// What one queued line costs beyond its bytes (the event, the vector).
const QUEUE_ENTRY_BYTES: usize = 64;
/// Events in flight between the threads and the loop: the reader waits
/// when the loop falls behind (at most this many lines of up to
/// [`MAX_LINE_BYTES`] each are held in between).
const CHANNEL_EVENTS: usize = 32;

enum Event {
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE_BYTES`]: its first bytes.
    Overlong(Vec<u8>),
    Eof,
    /// Lines dropped in a row because the queue was full.
    Dropped(u64),
    Progress(Progress, MultiPv),
    /// A single search's move, decided before its helpers are joined.
    Decided(Option<Square>),
    /// The search's answer (`None`: it panicked) and its tables.
    SearchDone(Option<Outcome>, Box<SearchState>),
}

/// What runs a search task (the analysis module; tests substitute one).
type Runner = fn(Task, &mut Board, Colour, &Limits, &mut Context<'_>) -> Outcome;

/// Splits a byte stream into lines ended by LF, CR or CR LF; blank lines are
/// dropped (so CR LF's empty second half vanishes), overlong lines are cut.
struct LineSplitter {
    current: Vec<u8>,
    overlong: bool,
}

impl LineSplitter {
    fn new() -> LineSplitter {
        LineSplitter {
            current: Vec::new(),
            overlong: false,
        }
    }

    fn push(&mut self, bytes: &[u8], emit: &mut impl FnMut(Event)) {
        for &byte in bytes {
            if byte == b'\n' || byte == b'\r' {
                self.finish(emit);
            } else if self.current.len() < MAX_LINE_BYTES {
                self.current.push(byte);
            } else {
                self.overlong = true;
            }
        }
    }

    fn finish(&mut self, emit: &mut impl FnMut(Event)) {
        let line = std::mem::take(&mut self.current);
        if std::mem::take(&mut self.overlong) {
            emit(Event::Overlong(line));
        } else if !line.iter().all(u8::is_ascii_whitespace) {
            emit(Event::Line(line));
        }
    }
}

fn read_input(mut input: impl Read, events: SyncSender<Event>) {
    let mut splitter = LineSplitter::new();
    let mut buffer = vec![0u8; 64 * 1024];
    let mut send = |event| {
        let _ = events.send(event);
    };
    loop {
        match input.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => splitter.push(&buffer[..n], &mut send),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                log::warn!("stdin read failed: {e}");
                break;
            }
        }
    }
    splitter.finish(&mut send);
    send(Event::Eof);
}

/// INFO keys that act during a search; the others wait in the queue, as
/// they may concern the next command (a rule, say).
const CLOCK_KEYS: [&str; 4] = [
    "timeout_turn",
    "timeout_match",
    "time_left",
    "time_increment",
];

/// How a line received during a search is treated.
enum DuringSearch {
    /// END: stop at once, answer what came before, exit.
    Quit,
    /// YXSTOP / STOP: stop the search; nothing else.
    Stop,
    /// INFO of a clock key: applied at once (INFO never replies) and may
    /// shorten the search; `timeout_turn 0` stops it, as Piskvork's GUI
    /// uses it to stop a brain.
    Clock { stops: bool },
    /// Everything else waits until the move is out.
    Queue,
}

fn classify_during_search(line: &[u8]) -> DuringSearch {
    match parse_command(line) {
        Ok(Command::End) => DuringSearch::Quit,
        Ok(Command::Stop) => DuringSearch::Stop,
        Ok(Command::Info { key, value }) if CLOCK_KEYS.contains(&key.as_str()) => {
            DuringSearch::Clock {
                stops: key == "timeout_turn" && super::parse_info_integer(&value) == Some(0),
            }
        }
        _ => DuringSearch::Queue,
    }
}

struct Output<W: Write> {
    out: W,
}

impl Running {
    /// Prints the progress report held back for the rate limit: the last
    /// word of the search (or of a YXNBEST variation) before the answer.
    fn send_held_back<W: Write>(&mut self, output: &mut Output<W>) {
        if let Some((progress, slot)) = self.held_back.take() {
            for reply in progress_replies(&progress, slot, self.show_detail) {
                output.send(&reply);
            }
        }
    }
}

impl<W: Write> Output<W> {
    fn send(&mut self, reply: &Reply) {
        // A closed stdout means the manager is gone; the read side notices.
        let _ = writeln!(self.out, "{reply}");
        let _ = self.out.flush();
    }
}

struct Running {
    stop: Arc<AtomicBool>,
    started: Instant,
    /// The search's hard time limit from `started` (shortened by clock
    /// INFO lines during the search).
    hard: Duration,
    show_detail: u32,
    /// Pondering: silent, stopped by any input, its result dropped.
    ponder: bool,
    last_progress: Option<Instant>,
    held_back: Option<(Progress, MultiPv)>,
    /// The move is out (the helpers are still being joined).
    answered: bool,
    /// What the answer asked for that needs the tables back (a ponder).
    deferred: Vec<Action>,
}

/// The loop state: session, pending lines, the search in flight.
struct Protocol<W: Write> {
    session: Session,
    output: Output<W>,
    events: SyncSender<Event>,
    search: Option<Running>,
    /// Search tables between searches (inside the worker while it runs).
    state: Option<Box<SearchState>>,
    queue: VecDeque<Event>,
    /// Memory the queued lines take, as counted by [`queue_cost`].
    queued_bytes: usize,
    /// Input has ended: finish what is queued (searches stop at once), then
    /// exit.
    input_closed: bool,
    runner: Runner,
}

impl<W: Write> Protocol<W> {
    /// Runs the session's actions; returns false when the engine must exit.
    fn perform(&mut self, actions: Vec<Action>) -> bool {
        for action in actions {
            match action {
                Action::Reply(reply) => self.output.send(&reply),
                // Lines that came during the search wait in the queue, and
                // only a new event would stop a ponder: they would go
                // unanswered while it runs. Answered they are, at once; the
                // ponder is dropped, as any line would have stopped it.
                Action::Search(request) if request.ponder && !self.queue.is_empty() => {}
                Action::Search(request) => self.start_search(request),
                Action::Quit => return false,
            }
        }
        true
    }

    fn start_search(&mut self, request: Box<SearchRequest>) {
        let stop = Arc::new(AtomicBool::new(self.input_closed));
        let events = self.events.clone();
        let flag = Arc::clone(&stop);
        let show_detail = request.show_detail;
        let ponder = request.ponder;
        let hard = request.limits.budget.hard;
        let runner = self.runner;
        // A single move can be printed as soon as the main thread decides;
        // the helpers are joined meanwhile.
        let early_answer = !ponder && request.task == Task::Move;
        // Keep the tables unless the size asked for changed; free the old
        // ones before allocating, so both never count at once.
        let mut state = match self.state.take() {
            Some(state)
                if state.tt.size_bytes() / 2 < request.table_bytes
                    && request.table_bytes <= state.tt.size_bytes() * 2 =>
            {
                state
            }
            old => {
                if let Some(old) = old {
                    crate::search::tt::free_in_background(old);
                }
                Box::new(SearchState::new(request.table_bytes))
            }
        };
        let spawned = thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let SearchRequest {
                    mut board,
                    side,
                    limits,
                    clear_tables,
                    task,
                    ..
                } = *request;
                log::debug!(
                    "search thread running {} ms after the command",
                    limits.started.elapsed().as_millis()
                );
                if clear_tables {
                    state.clear();
                }
                state.on_decided = early_answer.then(|| {
                    let decided_events = events.clone();
                    Box::new(move |best| {
                        let _ = decided_events.send(Event::Decided(best));
                    }) as crate::search::OnDecided
                });
                let progress_events = events.clone();
                let mut report = |progress: &Progress, slot: MultiPv| {
                    if !ponder {
                        let _ = progress_events.send(Event::Progress(progress.clone(), slot));
                    }
                };
                let mut context = Context {
                    stop: &flag,
                    state: &mut state,
                    report: &mut report,
                };
                // A bug in the search must not cost the game: the session
                // answers from its own board instead (the search's copy may
                // be left mid-move). The table and history stay usable.
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                    runner(task, &mut board, side, &limits, &mut context)
                }))
                .ok();
                state.on_decided = None;
                log::debug!(
                    "search answered {} ms after the command",
                    limits.started.elapsed().as_millis()
                );
                let _ = events.send(Event::SearchDone(outcome, state));
            });
        match spawned {
            Ok(_) => {
                self.search = Some(Running {
                    stop,
                    started: Instant::now(),
                    hard,
                    show_detail,
                    ponder,
                    last_progress: None,
                    held_back: None,
                    answered: false,
                    deferred: Vec::new(),
                })
            }
            Err(e) => {
                log::error!("could not start the search thread: {e}");
                self.output
                    .send(&Reply::Error("could not start a search thread".into()));
            }
        }
    }

    /// Handles one event when no search is running.
    fn handle_idle(&mut self, event: Event) -> bool {
        match event {
            Event::Line(line) => {
                let actions = self.session.handle_line(&line);
                self.perform(actions)
            }
            Event::Overlong(prefix) => {
                let actions = self.session.handle_overlong_line(&prefix);
                self.perform(actions)
            }
            Event::Dropped(lines) => {
                for _ in 0..lines {
                    let actions = self.session.handle_dropped_line();
                    self.perform(actions);
                }
                true
            }
            Event::Eof => false,
            Event::Progress(..) | Event::Decided(_) | Event::SearchDone(..) => true,
        }
    }

    /// Queues a line (or the end of input) for after the search; a line
    /// that would take the queue past [`QUEUE_BYTES`] is dropped and only
    /// counted.
    fn enqueue(&mut self, event: Event) {
        let cost = queue_cost(&event);
        if self.queued_bytes.saturating_add(cost) <= QUEUE_BYTES {
            self.queued_bytes += cost;
            self.queue.push_back(event);
        } else if let Some(Event::Dropped(lines)) = self.queue.back_mut() {
            *lines += 1;
        } else {
            self.queue.push_back(Event::Dropped(1));
        }
    }

    /// Handles one event; returns false when the engine must exit.
    fn handle(&mut self, event: Event) -> bool {
        let Some(running) = &mut self.search else {
            return self.handle_idle(event);
        };
        if running.ponder {
            return self.handle_pondering(event);
        }
        match event {
            Event::Progress(..) if running.answered => true,
            Event::Progress(progress, slot) => {
                // A held-back report of an earlier YXNBEST variation is that
                // variation's last word: print it before moving on.
                if let Some((held, held_slot)) = running.held_back.take() {
                    if held_slot != slot {
                        for reply in progress_replies(&held, held_slot, running.show_detail) {
                            self.output.send(&reply);
                        }
                    }
                }
                let due = running
                    .last_progress
                    .is_none_or(|last| last.elapsed() >= PROGRESS_INTERVAL);
                if due {
                    running.last_progress = Some(Instant::now());
                    running.held_back = None;
                    for reply in progress_replies(&progress, slot, running.show_detail) {
                        self.output.send(&reply);
                    }
                } else {
                    running.held_back = Some((progress, slot));
                }
                true
            }
            Event::Decided(best) => {
                log::debug!(
                    "search decided {} ms after it started",
                    running.started.elapsed().as_millis()
                );
                running.send_held_back(&mut self.output);
                running.answered = true;
                let outcome = Outcome::Moves(best.into_iter().collect());
                for action in self.session.finish_search(Some(outcome)) {
                    match action {
                        Action::Reply(reply) => self.output.send(&reply),
                        other => running.deferred.push(other),
                    }
                }
                true
            }
            Event::SearchDone(_, state) if running.answered => {
                let deferred = std::mem::take(&mut running.deferred);
                self.search = None;
                self.state = Some(state);
                self.perform(deferred) && self.drain_queue()
            }
            Event::SearchDone(result, state) => {
                log::debug!(
                    "search reported done {} ms after it started",
                    running.started.elapsed().as_millis()
                );
                running.send_held_back(&mut self.output);
                self.search = None;
                self.state = Some(state);
                let actions = self.session.finish_search(result);
                self.perform(actions) && self.drain_queue()
            }
            Event::Eof => {
                self.wind_up();
                true
            }
            Event::Line(line) => match classify_during_search(&line) {
                DuringSearch::Quit => {
                    self.wind_up();
                    true
                }
                DuringSearch::Stop => {
                    running.stop.store(true, Ordering::Relaxed);
                    self.session.note_yixin_command();
                    true
                }
                DuringSearch::Clock { stops } => {
                    if stops {
                        running.stop.store(true, Ordering::Relaxed);
                    }
                    let actions = self.session.handle_line(&line);
                    let hard = self.session.settings().limits().budget.hard;
                    self.shorten_search(hard);
                    self.perform(actions)
                }
                DuringSearch::Queue => {
                    self.enqueue(Event::Line(line));
                    true
                }
            },
            overlong @ Event::Overlong(_) => {
                self.enqueue(overlong);
                true
            }
            Event::Dropped(_) => true,
        }
    }

    /// While pondering, any input stops the search and waits for it to end;
    /// the ponder result is dropped, only its tables are kept.
    fn handle_pondering(&mut self, event: Event) -> bool {
        let running = self.search.as_ref().expect("a search is running");
        match event {
            Event::Progress(..) | Event::Decided(_) => true,
            Event::SearchDone(_, state) => {
                self.search = None;
                self.state = Some(state);
                self.drain_queue()
            }
            input => {
                running.stop.store(true, Ordering::Relaxed);
                if matches!(input, Event::Eof) {
                    self.input_closed = true;
                }
                self.enqueue(input);
                true
            }
        }
    }

    /// A clock INFO during a search: if the new limit is shorter, the
    /// search stops by it (counted from the search's start); a longer one
    /// does not extend it.
    fn shorten_search(&mut self, hard: Duration) {
        let Some(running) = &mut self.search else {
            return;
        };
        if hard >= running.hard {
            return;
        }
        running.hard = hard;
        let Some(deadline) = running.started.checked_add(hard) else {
            return;
        };
        let wait = deadline.saturating_duration_since(Instant::now());
        if wait.is_zero() {
            running.stop.store(true, Ordering::Relaxed);
            return;
        }
        // The flag belongs to this search alone: raising it after the
        // search has ended is harmless.
        let stop = Arc::clone(&running.stop);
        let timer = thread::Builder::new()
            .name("deadline".into())
            .spawn(move || {
                thread::sleep(wait);
                stop.store(true, Ordering::Relaxed);
            });
        if let Err(e) = timer {
            log::warn!("could not start a deadline timer: {e}; stopping now");
            running.stop.store(true, Ordering::Relaxed);
        }
    }

    /// END or end of input during a search: stop it now, print its move and
    /// the replies to lines that came before, with every further search
    /// stopped from the start, then exit. Lines after this point are never
    /// handled.
    fn wind_up(&mut self) {
        if let Some(running) = &self.search {
            running.stop.store(true, Ordering::Relaxed);
        }
        if !self.input_closed {
            self.input_closed = true;
            self.queue.push_back(Event::Eof);
        }
    }

    /// Handles queued events until one starts a new search.
    fn drain_queue(&mut self) -> bool {
        while self.search.is_none() {
            let Some(event) = self.queue.pop_front() else {
                break;
            };
            self.queued_bytes -= queue_cost(&event);
            if !self.handle_idle(event) {
                return false;
            }
        }
        true
    }
}

/// The memory a queued event is counted for: a line's bytes and its
/// overhead; the end of input and the count of dropped lines are free (the
/// end of input is never dropped).
fn queue_cost(event: &Event) -> usize {
    match event {
        Event::Line(line) | Event::Overlong(line) => line.len() + QUEUE_ENTRY_BYTES,
        _ => 0,
    }
}

/// Runs the engine on the given streams until END or end of input.
pub fn run(input: impl Read + Send + 'static, output: impl Write) {
    run_with(input, output, analysis::run);
}

/// [`run`] with the given search runner.
fn run_with(input: impl Read + Send + 'static, output: impl Write, runner: Runner) {
    let (sender, receiver): (SyncSender<Event>, Receiver<Event>) =
        mpsc::sync_channel(CHANNEL_EVENTS);
    let reader_events = sender.clone();
    thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_input(input, reader_events))
        .expect("spawn the input thread");
    let mut protocol = Protocol {
        session: Session::new(),
        output: Output { out: output },
        events: sender,
        search: None,
        state: None,
        queue: VecDeque::new(),
        queued_bytes: 0,
        input_closed: false,
        runner,
    };
    while let Ok(event) = receiver.recv() {
        if !protocol.handle(event) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(input: &[u8]) -> Vec<String> {
        let mut splitter = LineSplitter::new();
        let mut lines = Vec::new();
        let mut emit = |event| match event {
            Event::Line(line) => lines.push(String::from_utf8_lossy(&line).into_owned()),
            Event::Overlong(prefix) => lines.push(format!("<overlong {}>", prefix.len())),
            _ => unreachable!(),
        };
        splitter.push(input, &mut emit);
        splitter.finish(&mut emit);
        lines
    }

    /// Output the test can read while the loop owns its writer.
    #[derive(Clone, Default)]
    struct SharedOutput(Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for SharedOutput {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn panicking_search(_: Task, _: &mut Board, _: Colour, _: &Limits, _: &mut Context) -> Outcome {
        panic!("a bug in the search");
    }

    #[test]
    fn a_search_that_panics_still_gets_a_legal_answer() {
        let input = "START 15\nINFO timeout_turn 100\nBEGIN\nBOARD\n3,3,1\n4,3,1\n5,3,1\n\
                     6,3,1\n0,0,2\n0,1,2\n0,2,2\n0,3,2\nDONE\nTURN 8,8\nSWAP2BOARD\nDONE\nABOUT\n";
        let output = SharedOutput::default();
        run_with(
            std::io::Cursor::new(input),
            output.clone(),
            panicking_search,
        );
        let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        let replies: Vec<&str> = text.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
        // BEGIN: the centre; BOARD: a five (2,3 or 7,3); TURN: any legal
        // square (not 8,8); SWAP2BOARD: an error, as it needs a search;
        // every command answered.
        assert_eq!(replies[..2], ["OK", "7,7"], "{text}");
        assert!(["2,3", "7,3"].contains(&replies[2]), "{text}");
        assert!(replies[3] != "8,8" && replies[3].contains(','), "{text}");
        assert!(replies[4].starts_with("ERROR"), "{text}");
        assert!(replies[5].starts_with("name="), "{text}");
        assert_eq!(text.matches("MESSAGE internal error").count(), 3, "{text}");
    }

    #[test]
    fn every_line_ending_works_and_blank_lines_vanish() {
        assert_eq!(split(b"A\nB\r\nC\rD"), ["A", "B", "C", "D"]);
        assert_eq!(split(b"\n\n \t\r\nSTART 15\r\n\r\n"), ["START 15"]);
    }

    #[test]
    fn overlong_lines_are_cut_and_reported_once() {
        let mut input = vec![b'A'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nBEGIN\n");
        assert_eq!(
            split(&input),
            [format!("<overlong {MAX_LINE_BYTES}>"), "BEGIN".to_string()]
        );
    }
}
