//! Black-box harness: runs `pbrain-ferro` as a child process and talks to it
//! through pipes, exactly like a manager (Piskvork, c-gomoku-cli, Yixin Board).
//!
//! * One reader thread per output pipe. stdout is split into lines on LF
//!   (a trailing CR is stripped) and every line is pushed, with the time it
//!   arrived, into a channel; stderr is collected as raw bytes so that every
//!   test can assert that it stayed empty (CONFORMANCE C-70).
//! * Every line sent and received goes into a transcript that is printed
//!   with every failure, so a failing test shows the whole conversation.
//! * Timing: a requirement "within N ms" is checked as N + [`SLACK`], using
//!   the time the reader thread saw the line (not the time the test thread
//!   got around to looking at it), so a busy test thread does not cause
//!   false failures and a slow engine still fails.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Extra time allowed on top of every "within N ms" requirement of the spec
/// (CONFORMANCE.md allows 100 ms; the tests run in parallel on a loaded
/// 2-core CI box, so one generous constant is used everywhere instead).
pub const SLACK: Duration = Duration::from_millis(400);

/// The engine under test: `FERRO_ENGINE` if set (another build, or the
/// Windows `.exe` through a wrapper that runs it under wine), else the
/// `pbrain-ferro` Cargo built for this test run.
pub fn engine_path() -> String {
    std::env::var("FERRO_ENGINE").unwrap_or_else(|_| env!("CARGO_BIN_EXE_pbrain-ferro").to_string())
}

/// Extra time for the first reply of a process, which may still be
/// starting.
pub const STARTUP: Duration = Duration::from_secs(10);

/// How long past a missed deadline the harness still waits, only to report
/// how late the line was.
const LATE_REPORT: Duration = Duration::from_secs(2);

/// "Silent" in CONFORMANCE.md: no output line at all within 300 ms.
pub const SILENCE: Duration = Duration::from_millis(300);

/// Replies without a timing requirement of their own (`OK`, `ERROR …`,
/// `UNKNOWN …`, `ABOUT`, `FORBID …`). These are answered without any search,
/// so even a loaded machine answers in milliseconds; the limit only keeps a
/// hung engine from hanging the suite.
pub const REPLY: Duration = Duration::from_secs(3);

/// `INFO timeout_turn` the tests use unless a case says otherwise.
pub const TURN_MS: u64 = 200;

/// Deadline for a move under the default [`TURN_MS`].
pub const MOVE: Duration = Duration::from_millis(TURN_MS + SLACK.as_millis() as u64);

/// The spec requires exit within 100 ms of `END` (PROTOCOL.md §5.8).
pub const END_EXIT: Duration = Duration::from_millis(100 + SLACK.as_millis() as u64);

/// Exit after EOF on stdin (CONFORMANCE C-12: 200 ms).
pub const EOF_EXIT: Duration = Duration::from_millis(200 + SLACK.as_millis() as u64);

/// Milliseconds as a `Duration`.
pub fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

enum Event {
    Line { text: String, at: Instant },
    Eof,
}

type Transcript = Arc<Mutex<Vec<(Duration, String)>>>;

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    start: Instant,
    transcript: Transcript,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Problems the stdout reader found (invalid UTF-8, unterminated line).
    output_problems: Arc<Mutex<Vec<String>>>,
    readers: Vec<JoinHandle<()>>,
    stdout_closed: bool,
    exited: Option<ExitStatus>,
    /// No line has arrived yet: the process may still be starting.
    awaiting_first_line: bool,
    /// When the reader saw the last line an `expect_…` call returned.
    last_arrival: Option<Instant>,
    /// Yixin Board sessions: bare `INFO …` analysis lines are allowed (only
    /// with `show_detail` ≥ 2) and are skipped like MESSAGE lines.
    pub skip_bare_info: bool,
    /// Print only the last N transcript entries on failure (long fuzz runs).
    pub transcript_tail: Option<usize>,
}

/// Renders raw bytes for the transcript: printable ASCII as is, the rest as
/// `\xNN`, shortened to a readable length.
pub fn escape(bytes: &[u8]) -> String {
    const SHOWN: usize = 120;
    let mut out = String::new();
    for &b in bytes.iter().take(SHOWN) {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    if bytes.len() > SHOWN {
        let _ = write!(out, "... ({} bytes)", bytes.len());
    }
    out
}

/// True for a move line: `^[0-9]+,[0-9]+$`.
pub fn is_move_line(line: &str) -> bool {
    parse_move(line).is_some()
}

/// Parses `^[0-9]+,[0-9]+$` into (x, y).
pub fn parse_move(line: &str) -> Option<(u32, u32)> {
    let (x, y) = line.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(x) || !digits(y) {
        return None;
    }
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// `ERROR <text>` / `UNKNOWN <text>`: the word, a space, some text.
fn is_word_reply(line: &str, word: &str) -> bool {
    line.strip_prefix(word)
        .and_then(|rest| rest.strip_prefix(' '))
        .is_some_and(|text| !text.trim().is_empty())
}

pub fn is_error(line: &str) -> bool {
    is_word_reply(line, "ERROR")
}

pub fn is_unknown(line: &str) -> bool {
    is_word_reply(line, "UNKNOWN")
}

/// Lines a manager skips while it waits for a reply.
pub fn is_message(line: &str) -> bool {
    line.starts_with("MESSAGE ") || line.starts_with("DEBUG ")
}

impl Engine {
    /// Starts the engine with no arguments.
    pub fn start() -> Engine {
        Engine::start_with_args(&[])
    }

    /// Starts the engine with the given command-line arguments.
    pub fn start_with_args(args: &[&str]) -> Engine {
        let exe = engine_path();
        let mut child = Command::new(&exe)
            .args(args)
            .env_remove("RUST_LOG")
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {exe}: {e}"));
        let start = Instant::now();
        let transcript: Transcript = Arc::new(Mutex::new(Vec::new()));
        let output_problems = Arc::new(Mutex::new(Vec::new()));
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = mpsc::channel();

        let stdout = child.stdout.take().expect("stdout is piped");
        let out_reader = {
            let transcript = Arc::clone(&transcript);
            let problems = Arc::clone(&output_problems);
            thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    let at = Instant::now();
                    let terminated = buf.last() == Some(&b'\n');
                    if terminated {
                        buf.pop();
                    }
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                    let text = match String::from_utf8(buf.clone()) {
                        Ok(text) => text,
                        Err(_) => {
                            let shown = escape(&buf);
                            problems
                                .lock()
                                .unwrap()
                                .push(format!("output line is not UTF-8: {shown}"));
                            String::from_utf8_lossy(&buf).into_owned()
                        }
                    };
                    if !terminated {
                        problems
                            .lock()
                            .unwrap()
                            .push(format!("unterminated last output line: {text:?}"));
                    }
                    transcript
                        .lock()
                        .unwrap()
                        .push((at - start, format!("< {text}")));
                    if tx.send(Event::Line { text, at }).is_err() {
                        break;
                    }
                }
                let _ = tx.send(Event::Eof);
            })
        };

        let mut err_pipe = child.stderr.take().expect("stderr is piped");
        let err_reader = {
            let stderr = Arc::clone(&stderr);
            let transcript = Arc::clone(&transcript);
            thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                loop {
                    match err_pipe.read(&mut chunk) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            stderr.lock().unwrap().extend_from_slice(&chunk[..n]);
                            transcript.lock().unwrap().push((
                                start.elapsed(),
                                format!("! stderr: {}", escape(&chunk[..n])),
                            ));
                        }
                    }
                }
            })
        };

        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            rx,
            start,
            transcript,
            stderr,
            output_problems,
            readers: vec![out_reader, err_reader],
            stdout_closed: false,
            exited: None,
            awaiting_first_line: true,
            last_arrival: None,
            skip_bare_info: false,
            transcript_tail: None,
        }
    }

    /// When the last line an `expect_…` call returned arrived (as the
    /// reader thread saw it, so a slow test thread does not add to it).
    #[track_caller]
    pub fn last_arrival(&self) -> Instant {
        self.last_arrival
            .unwrap_or_else(|| self.fail("no line has been read yet"))
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn record(&self, text: String) {
        self.transcript
            .lock()
            .unwrap()
            .push((self.start.elapsed(), text));
    }

    /// Adds a comment to the transcript.
    pub fn note(&self, text: &str) {
        self.record(format!("# {text}"));
    }

    /// The transcript so far, one line per event.
    pub fn transcript(&self) -> String {
        let mut out = String::new();
        let transcript = self.transcript.lock().unwrap();
        let skip = match self.transcript_tail {
            Some(n) if transcript.len() > n => {
                let _ = writeln!(
                    out,
                    "[... {} earlier entries omitted ...]",
                    transcript.len() - n
                );
                transcript.len() - n
            }
            _ => 0,
        };
        for (at, line) in transcript.iter().skip(skip) {
            let mut line = line.clone();
            if line.len() > 300 {
                let mut cut = 300;
                while !line.is_char_boundary(cut) {
                    cut -= 1;
                }
                line.truncate(cut);
                line.push_str("...");
            }
            let _ = writeln!(out, "{:>7.1}ms {line}", at.as_secs_f64() * 1000.0);
        }
        out
    }

    /// Fails the test with `msg`, the transcript and whatever is on stderr.
    #[track_caller]
    pub fn fail(&self, msg: &str) -> ! {
        let stderr = self.stderr.lock().unwrap().clone();
        panic!(
            "{msg}\n---- transcript ('>' sent, '<' received) ----\n{}---- stderr ({} bytes) ----\n{}\n",
            self.transcript(),
            stderr.len(),
            String::from_utf8_lossy(&stderr)
        );
    }

    /// Sends one line (a LF is appended). Returns the time it was written.
    #[track_caller]
    pub fn send(&mut self, line: &str) -> Instant {
        self.record(format!("> {line}"));
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.write(&bytes)
    }

    /// Sends bytes as they are (no line end added).
    #[track_caller]
    pub fn send_raw(&mut self, bytes: &[u8]) -> Instant {
        self.record(format!("> raw: {}", escape(bytes)));
        self.write(bytes)
    }

    /// Sends many bytes, noting only their size in the transcript.
    #[track_caller]
    pub fn send_bulk(&mut self, bytes: &[u8], what: &str) -> Instant {
        self.record(format!("> {} bytes: {what}", bytes.len()));
        self.write(bytes)
    }

    #[track_caller]
    fn write(&mut self, bytes: &[u8]) -> Instant {
        let result = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(bytes).and_then(|_| stdin.flush()),
            None => self.fail("send after close_stdin"),
        };
        if let Err(e) = result {
            self.fail(&format!("cannot write to the engine (did it exit?): {e}"));
        }
        Instant::now()
    }

    /// Closes the engine's stdin (EOF).
    pub fn close_stdin(&mut self) -> Instant {
        self.record("> <EOF>".to_string());
        self.stdin = None;
        Instant::now()
    }

    /// Next stdout line that arrives by `deadline`; fails on timeout, on a
    /// late line and on EOF.
    #[track_caller]
    pub fn expect_line_by(&mut self, deadline: Instant, what: &str) -> String {
        if self.stdout_closed {
            self.fail(&format!("expected {what}, but stdout is closed"));
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line { text, at }) => {
                self.awaiting_first_line = false;
                self.last_arrival = Some(at);
                if at > deadline {
                    self.fail(&format!(
                        "expected {what}: line {text:?} arrived {:.0} ms after the deadline",
                        (at - deadline).as_secs_f64() * 1000.0
                    ));
                }
                text
            }
            Ok(Event::Eof) => {
                self.stdout_closed = true;
                self.fail(&format!(
                    "expected {what}, but the engine closed stdout (exited?)"
                ))
            }
            Err(RecvTimeoutError::Timeout) => {
                // Still a failure, but say how late: a line a little late
                // (a busy machine) and none at all (a hung engine) are
                // different problems.
                match self.rx.recv_timeout(LATE_REPORT) {
                    Ok(Event::Line { text, at }) => self.fail(&format!(
                        "expected {what}: line {text:?} arrived {:.0} ms after the deadline",
                        at.saturating_duration_since(deadline).as_secs_f64() * 1000.0
                    )),
                    _ => self.fail(&format!(
                        "expected {what}: nothing arrived in time (nor {} ms after)",
                        LATE_REPORT.as_millis()
                    )),
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.fail(&format!("expected {what}: stdout reader is gone"))
            }
        }
    }

    /// Next stdout line (any kind, MESSAGE included) within `timeout`.
    #[track_caller]
    pub fn expect_line(&mut self, timeout: Duration) -> String {
        self.expect_line_by(Instant::now() + timeout, "a line")
    }

    /// Next reply line by `deadline`, skipping `MESSAGE `/`DEBUG ` lines
    /// (and bare `INFO ` lines in Yixin sessions); returns the skipped lines
    /// as well.
    #[track_caller]
    pub fn expect_reply_with_messages_by(
        &mut self,
        deadline: Instant,
        what: &str,
    ) -> (Vec<String>, String) {
        let mut messages = Vec::new();
        loop {
            let line = self.expect_line_by(deadline, what);
            if is_message(&line) || (self.skip_bare_info && line.starts_with("INFO ")) {
                messages.push(line);
            } else {
                return (messages, line);
            }
        }
    }

    /// Next reply line within `timeout`, MESSAGE/DEBUG lines skipped.
    #[track_caller]
    pub fn expect_reply(&mut self, timeout: Duration) -> String {
        // Before its first line the process may still be starting (under
        // wine, or on a loaded machine, that took seconds); no spec sets a
        // start-up time, and the deadlines that the spec sets are checked
        // with explicit deadlines, not here.
        let timeout = if self.awaiting_first_line {
            timeout + STARTUP
        } else {
            timeout
        };
        self.expect_reply_with_messages_by(Instant::now() + timeout, "a reply")
            .1
    }

    /// A move line by `deadline` (MESSAGE/DEBUG lines before it skipped),
    /// with the skipped lines.
    #[track_caller]
    pub fn expect_move_with_messages_by(&mut self, deadline: Instant) -> (Vec<String>, (u32, u32)) {
        let (messages, line) = self.expect_reply_with_messages_by(deadline, "a move");
        match parse_move(&line) {
            Some(mv) => (messages, mv),
            None => self.fail(&format!("expected a move line X,Y, got {line:?}")),
        }
    }

    /// A move line by `deadline`.
    #[track_caller]
    pub fn expect_move_by(&mut self, deadline: Instant) -> (u32, u32) {
        self.expect_move_with_messages_by(deadline).1
    }

    /// A move line within `timeout` (from now).
    #[track_caller]
    pub fn expect_move(&mut self, timeout: Duration) -> (u32, u32) {
        self.expect_move_by(Instant::now() + timeout)
    }

    /// Exactly the line `OK`.
    #[track_caller]
    pub fn expect_ok(&mut self) {
        let line = self.expect_reply(REPLY);
        if line != "OK" {
            self.fail(&format!("expected OK, got {line:?}"));
        }
    }

    /// One `ERROR <text>` line.
    #[track_caller]
    pub fn expect_error(&mut self) -> String {
        let line = self.expect_reply(REPLY);
        if !is_error(&line) {
            self.fail(&format!("expected 'ERROR <text>', got {line:?}"));
        }
        line
    }

    /// One `UNKNOWN <text>` line.
    #[track_caller]
    pub fn expect_unknown(&mut self) -> String {
        let line = self.expect_reply(REPLY);
        if !is_unknown(&line) {
            self.fail(&format!("expected 'UNKNOWN <text>', got {line:?}"));
        }
        line
    }

    /// No output line at all (MESSAGE included) for `duration`.
    #[track_caller]
    pub fn expect_silence(&mut self, duration: Duration) {
        if self.stdout_closed {
            self.fail("expected silence, but stdout is closed");
        }
        match self.rx.recv_timeout(duration) {
            Err(RecvTimeoutError::Timeout) => {}
            Ok(Event::Line { text, .. }) => self.fail(&format!("expected silence, got {text:?}")),
            Ok(Event::Eof) => {
                self.stdout_closed = true;
                self.fail("expected silence, but the engine closed stdout (exited?)")
            }
            Err(RecvTimeoutError::Disconnected) => self.fail("stdout reader is gone"),
        }
    }

    /// Lines (of any kind) that arrive within `duration`, without failing.
    pub fn collect_lines(&mut self, duration: Duration) -> Vec<String> {
        let deadline = Instant::now() + duration;
        let mut lines = Vec::new();
        while !self.stdout_closed {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(wait) {
                Ok(Event::Line { text, .. }) => lines.push(text),
                Ok(Event::Eof) => self.stdout_closed = true,
                Err(_) => break,
            }
        }
        lines
    }

    /// Every line received so far, in order (from the transcript).
    pub fn received_lines(&self) -> Vec<String> {
        self.transcript
            .lock()
            .unwrap()
            .iter()
            .filter_map(|(_, line)| line.strip_prefix("< ").map(str::to_string))
            .collect()
    }

    /// Waits until the process exits; fails if it is still running after
    /// `timeout` (measured from now).
    #[track_caller]
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        self.wait_exit_by(Instant::now() + timeout)
    }

    /// Waits until the process exits; fails if it is still running at
    /// `deadline`.
    #[track_caller]
    pub fn wait_exit_by(&mut self, deadline: Instant) -> ExitStatus {
        if let Some(status) = self.exited {
            return status;
        }
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.record(format!("# process exited: {status}"));
                    self.exited = Some(status);
                    return status;
                }
                Ok(None) => {}
                Err(e) => self.fail(&format!("cannot wait for the engine: {e}")),
            }
            if Instant::now() >= deadline {
                self.fail("the engine did not exit in time");
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Fails if anything was written to stderr so far (C-70).
    #[track_caller]
    pub fn assert_no_stderr(&self) {
        if !self.stderr.lock().unwrap().is_empty() {
            self.fail("the engine wrote to stderr (must stay silent)");
        }
    }

    /// After the process exited: reads stdout to EOF and returns the lines
    /// that were not consumed by the test.
    #[track_caller]
    fn drain_after_exit(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        let deadline = Instant::now() + REPLY;
        while !self.stdout_closed {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(wait) {
                Ok(Event::Line { text, .. }) => lines.push(text),
                Ok(Event::Eof) => self.stdout_closed = true,
                Err(_) => self.fail("stdout still open after the process exited"),
            }
        }
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
        lines
    }

    /// Final checks after the process exited: exit code 0, no extra lines
    /// (at most `allowed_moves` move lines), well-formed output, no stderr.
    #[track_caller]
    fn check_clean_exit(&mut self, status: ExitStatus, allowed_moves: usize) {
        let extra = self.drain_after_exit();
        if !status.success() {
            self.fail(&format!("exit status {status}, expected 0"));
        }
        // With a move allowed (END/EOF while thinking), the MESSAGE lines that
        // may precede that move are allowed too.
        let moves = extra.iter().filter(|l| is_move_line(l)).count();
        let others: Vec<&String> = extra
            .iter()
            .filter(|l| !(is_move_line(l) || (allowed_moves > 0 && is_message(l))))
            .collect();
        if !others.is_empty() || moves > allowed_moves {
            self.fail(&format!(
                "unexpected output at the end of the session (not consumed by the test, or \
                 printed after END/EOF): {extra:?}"
            ));
        }
        let problems = self.output_problems.lock().unwrap().clone();
        if !problems.is_empty() {
            self.fail(&format!("malformed output: {problems:?}"));
        }
        self.assert_no_stderr();
    }

    /// Sends `END` (engine idle) and checks: exit code 0 within
    /// [`END_EXIT`], nothing printed after END or left unconsumed, stdout
    /// well-formed, stderr empty (C-70, C-71).
    #[track_caller]
    pub fn finish(mut self) {
        let sent = self.send("END");
        let status = self.wait_exit_by(sent + END_EXIT);
        self.check_clean_exit(status, 0);
    }

    /// Like [`Engine::finish`] but for an END sent while the engine may be
    /// thinking: one move line may still appear (C-11).
    #[track_caller]
    pub fn finish_while_thinking(mut self) {
        let sent = self.send("END");
        let status = self.wait_exit_by(sent + END_EXIT);
        self.check_clean_exit(status, 1);
    }

    /// Checks after the test already made the process exit (EOF, END inside
    /// a block, ...): exit code 0, at most `allowed_moves` leftover move
    /// lines and nothing else, stderr empty.
    #[track_caller]
    pub fn finish_exited(mut self, allowed_moves: usize) {
        let status = match self.exited {
            Some(status) => status,
            None => self.fail("finish_exited: the process has not exited"),
        };
        self.check_clean_exit(status, allowed_moves);
    }

    /// Peak resident set size (VmHWM) in KiB.
    #[cfg(target_os = "linux")]
    pub fn peak_rss_kib(&self) -> u64 {
        let path = format!("/proc/{}/status", self.pid());
        let status = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| self.fail(&format!("cannot read {path}: {e}")));
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| self.fail("no VmHWM line in /proc/<pid>/status"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A failed test must not leave a (possibly searching) process behind.
        if self.exited.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
