//! A live status line on stderr for long commands (`ferro-match`,
//! `pbrain-ferro analyze`): on a terminal one line redrawn in place, with
//! other messages printed above it; elsewhere (a pipe, a log file, CI) no
//! redrawing and no carriage returns, only whole lines, so logs stay
//! readable.

use std::io::Write;
use std::time::Duration;

/// Redraws of the same line are at most this frequent.
const REDRAW_EVERY: Duration = Duration::from_millis(250);

pub struct StatusLine {
    terminal: bool,
    /// Whether the status line is on screen (terminal only).
    shown: bool,
    last_draw: Option<std::time::Instant>,
}

impl StatusLine {
    /// A status line for stderr, live when stderr is a terminal.
    pub fn stderr() -> StatusLine {
        use std::io::IsTerminal;
        StatusLine::new(std::io::stderr().is_terminal())
    }

    pub fn new(terminal: bool) -> StatusLine {
        StatusLine {
            terminal,
            shown: false,
            last_draw: None,
        }
    }

    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Shows `text` as the status: redrawn in place on a terminal (at most
    /// every [`REDRAW_EVERY`] unless `force`), ignored elsewhere, where the
    /// caller prints whole lines with [`StatusLine::line`].
    pub fn show(&mut self, text: &str, force: bool) {
        if !self.terminal {
            return;
        }
        let now = std::time::Instant::now();
        if !force && self.last_draw.is_some_and(|t| now - t < REDRAW_EVERY) {
            return;
        }
        self.last_draw = Some(now);
        // Clear to the end of the line: the new text may be shorter.
        eprint!("\r{text}\x1b[K");
        let _ = std::io::stderr().flush();
        self.shown = true;
    }

    /// Prints a whole line, above the status line on a terminal (which the
    /// next [`StatusLine::show`] draws again).
    pub fn line(&mut self, text: &str) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
            self.last_draw = None;
        }
        eprintln!("{text}");
    }

    /// Leaves the last status on its own line (terminal only).
    pub fn finish(&mut self) {
        if self.shown {
            eprintln!();
            self.shown = false;
        }
    }
}

/// `h:mm:ss` or `m:ss`.
pub fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The time the rest of the work should take at the rate so far: `None`
/// before anything is done.
pub fn remaining(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    if done == 0 {
        return None;
    }
    let left = total.saturating_sub(done) as f64;
    Some(elapsed.mul_f64(left / done as f64))
}

/// A text progress bar `[#####.....]` of `width` cells.
pub fn bar(done: usize, total: usize, width: usize) -> String {
    let filled = (done.min(total) * width).checked_div(total).unwrap_or(0);
    format!("[{}{}]", "#".repeat(filled), ".".repeat(width - filled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_and_remaining_time() {
        assert_eq!(clock(Duration::from_secs(0)), "0:00");
        assert_eq!(clock(Duration::from_secs(83)), "1:23");
        assert_eq!(clock(Duration::from_secs(3 * 3600 + 62)), "3:01:02");
        assert_eq!(remaining(Duration::from_secs(10), 0, 5), None);
        assert_eq!(
            remaining(Duration::from_secs(30), 3, 10),
            Some(Duration::from_secs(70))
        );
        assert_eq!(
            remaining(Duration::from_secs(30), 10, 10),
            Some(Duration::ZERO)
        );
    }

    #[test]
    fn bar_fills_in_proportion() {
        assert_eq!(bar(0, 4, 8), "[........]");
        assert_eq!(bar(1, 4, 8), "[##......]");
        assert_eq!(bar(4, 4, 8), "[########]");
        assert_eq!(bar(0, 0, 4), "[....]");
    }
}
