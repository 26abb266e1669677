//! Ctrl-C: the first one asks the run to stop (no new games, running games
//! abandoned, records and table written for the finished ones); a second
//! one ends the process at once.
//!
//! std has no portable signal API and no crate is added for this, so the
//! handler is installed through the C runtime that std already links:
//! `signal(SIGINT, …)` on Unix and `SetConsoleCtrlHandler` on Windows. The
//! handlers only store into an atomic flag. On other targets Ctrl-C just
//! ends the process; the summary file, rewritten after every game, then
//! still holds every finished game.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Has Ctrl-C been pressed since [`install`]?
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Installs the Ctrl-C handler (once per process).
pub fn install() {
    imp::install();
}

#[cfg(unix)]
mod imp {
    use super::INTERRUPTED;
    use std::sync::atomic::Ordering;

    /// SIGINT is 2 on every Unix.
    const SIGINT: i32 = 2;
    /// SIG_DFL: the default action.
    const SIG_DFL: usize = 0;

    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }

    extern "C" fn on_sigint(_signum: i32) {
        INTERRUPTED.store(true, Ordering::SeqCst);
        // SAFETY: signal() is async-signal-safe; restoring the default makes
        // a second Ctrl-C end the process.
        unsafe {
            signal(SIGINT, SIG_DFL);
        }
    }

    pub fn install() {
        let handler: extern "C" fn(i32) = on_sigint;
        // SAFETY: the handler only touches an atomic and calls signal().
        unsafe {
            signal(SIGINT, handler as usize);
        }
    }
}

#[cfg(windows)]
mod imp {
    use super::INTERRUPTED;
    use std::sync::atomic::Ordering;

    const CTRL_C_EVENT: u32 = 0;
    const CTRL_BREAK_EVENT: u32 = 1;

    type Handler = unsafe extern "system" fn(u32) -> i32;

    #[link(name = "kernel32")]
    extern "system" {
        fn SetConsoleCtrlHandler(handler: Option<Handler>, add: i32) -> i32;
    }

    unsafe extern "system" fn on_ctrl(kind: u32) -> i32 {
        if kind != CTRL_C_EVENT && kind != CTRL_BREAK_EVENT {
            return 0;
        }
        // Handled the first time; the second time the default handler
        // ends the process.
        i32::from(!INTERRUPTED.swap(true, Ordering::SeqCst))
    }

    pub fn install() {
        // SAFETY: registers a handler that only touches an atomic.
        unsafe {
            SetConsoleCtrlHandler(Some(on_ctrl), 1);
        }
    }
}

#[cfg(not(any(unix, windows)))]
mod imp {
    pub fn install() {}
}
