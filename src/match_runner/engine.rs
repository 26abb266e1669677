//! One engine child process, driven over the pbrain protocol.
//!
//! stdin and stdout are pipes; stderr goes to the null device so that a
//! chatty engine can never block on a full stderr pipe. A reader thread
//! splits stdout into lines (LF, a trailing CR stripped), stamps each with
//! the time it arrived and passes it over a channel, so that every wait
//! has a deadline and a hung engine never hangs the runner.

use super::judge::FaultKind;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How often waits look at the stop flag.
const POLL: Duration = Duration::from_millis(50);

/// How to launch an engine.
#[derive(Clone, Debug)]
pub struct EngineCommand {
    pub program: PathBuf,
    pub name: String,
    /// This engine's per-move limit in ms (0 = none): the match's, or its
    /// own with `--tc-move2` (time odds).
    pub turn_ms: u64,
}

enum Event {
    Line(String, Instant),
    Eof,
}

/// What a wait for a reply produced.
#[derive(Debug, PartialEq, Eq)]
pub enum Wait {
    /// A line that is not MESSAGE / DEBUG, and when it arrived.
    Line(String, Instant),
    Fault(FaultKind, String),
    /// The run is being stopped.
    Stopped,
}

pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    exited: bool,
}

impl EngineProcess {
    pub fn spawn(command: &EngineCommand) -> std::io::Result<EngineProcess> {
        let mut child = Command::new(&command.program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        // Detached on purpose: it ends at EOF, which comes when the process
        // (and anything it started that holds the pipe) is gone.
        thread::Builder::new()
            .name(format!("read {}", command.name))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buffer = Vec::new();
                loop {
                    buffer.clear();
                    match reader.read_until(b'\n', &mut buffer) {
                        Ok(0) | Err(_) => {
                            let _ = sender.send(Event::Eof);
                            return;
                        }
                        Ok(_) => {
                            let at = Instant::now();
                            let text = String::from_utf8_lossy(&buffer);
                            let text = text.trim_end_matches(['\n', '\r']).to_string();
                            if sender.send(Event::Line(text, at)).is_err() {
                                return;
                            }
                        }
                    }
                }
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            exited: false,
        })
    }

    /// Sends one line; false if the engine's input is closed.
    pub fn send(&mut self, line: &str) -> bool {
        log::trace!("> {line}");
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .is_ok();
        if !ok {
            self.stdin = None;
        }
        ok
    }

    /// Sends several lines as one write.
    pub fn send_all(&mut self, lines: &[String]) -> bool {
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        self.send(text.trim_end_matches('\n'))
    }

    /// The next line that is not `MESSAGE …` / `DEBUG …`, before `deadline`.
    pub fn next_line(&mut self, deadline: Instant, stop: &AtomicBool) -> Wait {
        loop {
            if stop.load(Ordering::Relaxed) {
                return Wait::Stopped;
            }
            let now = Instant::now();
            if now >= deadline {
                return Wait::Fault(FaultKind::Timeout, "no reply in time".into());
            }
            match self.lines.recv_timeout((deadline - now).min(POLL)) {
                Ok(Event::Line(text, at)) => {
                    log::trace!("< {text}");
                    let upper = text.trim_start().to_ascii_uppercase();
                    if upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") {
                        continue;
                    }
                    return Wait::Line(text, at);
                }
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    return Wait::Fault(FaultKind::Crash, "the engine exited".into())
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// Waits for `OK` after START; other lines are skipped (c-gomoku-cli),
    /// an `ERROR` line is a refusal.
    pub fn wait_ok(&mut self, deadline: Instant, stop: &AtomicBool) -> Wait {
        loop {
            match self.next_line(deadline, stop) {
                Wait::Line(text, at) => {
                    let trimmed = text.trim();
                    if trimmed.eq_ignore_ascii_case("OK") {
                        return Wait::Line(text, at);
                    }
                    if trimmed.to_ascii_uppercase().starts_with("ERROR") {
                        return Wait::Fault(FaultKind::Start, format!("answered '{trimmed}'"));
                    }
                }
                Wait::Fault(_, detail) => {
                    return Wait::Fault(FaultKind::Start, format!("no OK to START ({detail})"))
                }
                Wait::Stopped => return Wait::Stopped,
            }
        }
    }

    /// Sends END (the engine should exit on its own).
    pub fn send_end(&mut self) {
        self.send("END");
        // Closing stdin as well: an engine that ignores END sees EOF.
        self.stdin = None;
    }

    /// Waits until `deadline` for the process to exit, then kills it.
    pub fn reap(&mut self, deadline: Instant) {
        if self.exited {
            return;
        }
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if Instant::now() >= deadline => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
                Ok(None) => thread::sleep(Duration::from_millis(10)),
            }
        }
        self.exited = true;
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if !self.exited {
            self.stdin = None;
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
