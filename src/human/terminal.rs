//! The process's own terminal: standard input read on a thread of its own,
//! one line per question; type-ahead dropped; the terminal's width; and
//! what the first Ctrl-C should say while people play.

use super::console::read_bytes;
use crate::i18n::{Lang, Msg};
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// How often a read from standard input looks at the stop flag.
const STOP_POLL: Duration = Duration::from_millis(100);

/// Whether a console is waiting for a line of standard input right now
/// (process-wide, as standard input is): Ctrl-C then stops the match at
/// once, and the question says so itself.
static WAITING: AtomicBool = AtomicBool::new(false);

/// The language of the people playing at this terminal (0: nobody, 1:
/// English, 2: Russian), set when a human seat reads standard input.
static PEOPLE: AtomicU8 = AtomicU8::new(0);

/// What to say when Ctrl-C is first pressed ([`stop_notice`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopNotice {
    /// A question is waiting for an answer: it stops the match at once and
    /// says so itself.
    Silent,
    /// People play at this terminal: the match stops at the end of the
    /// round or at the next question; this text says so in their language.
    Say(String),
    /// Nobody plays at this terminal: the caller's own words apply.
    Default,
}

/// What the first Ctrl-C should print, for a handler that sets the stop flag
/// of [`super::Console::with_stop`].
///
/// ```
/// use liar::human::{StopNotice, stop_notice};
/// assert_eq!(stop_notice(), StopNotice::Default); // no one plays here
/// ```
pub fn stop_notice() -> StopNotice {
    if WAITING.load(Ordering::SeqCst) {
        return StopNotice::Silent;
    }
    match PEOPLE.load(Ordering::SeqCst) {
        1 => StopNotice::Say(Msg::StopNotice.text(Lang::En)),
        2 => StopNotice::Say(Msg::StopNotice.text(Lang::Ru)),
        _ => StopNotice::Default,
    }
}

/// Tells [`stop_notice`] that people play at this terminal, in `lang`.
pub(super) fn people_play_here(lang: Lang) {
    let code = match lang {
        Lang::En => 1,
        Lang::Ru => 2,
    };
    PEOPLE.store(code, Ordering::SeqCst);
}

/// Standard input, read on a thread of its own (started at the first read)
/// so that a stop flag is noticed while a human is thinking. The thread
/// reads one line per request, so what is typed between questions stays in
/// the terminal's buffer, where [`flush_terminal_input`] drops it.
pub(super) struct StdinReader {
    requests: Sender<()>,
    lines: Receiver<Vec<u8>>,
    /// A line was asked for and not yet received.
    asked: bool,
}

impl StdinReader {
    /// Starts the thread; the line channel closes at the end of input.
    pub fn spawn() -> StdinReader {
        let (request_tx, request_rx) = std::sync::mpsc::channel::<()>();
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("stdin".into())
            .spawn(move || {
                let stdin = io::stdin();
                let mut lock = stdin.lock();
                for () in request_rx {
                    let Some(line) = read_bytes(&mut lock) else {
                        break;
                    };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        // If no thread can be started, the sender is gone and input ends at once.
        drop(spawned);
        StdinReader {
            requests: request_tx,
            lines: rx,
            asked: false,
        }
    }

    /// The next line, giving up (and leaving the request open) once one of
    /// the `stop` flags is set; `None` at the end of input.
    pub fn line(&mut self, stop: &[Option<&AtomicBool>]) -> Option<Vec<u8>> {
        WAITING.store(true, Ordering::SeqCst);
        let line = self.wait(stop);
        WAITING.store(false, Ordering::SeqCst);
        line
    }

    fn wait(&mut self, stop: &[Option<&AtomicBool>]) -> Option<Vec<u8>> {
        if !self.asked {
            self.requests.send(()).ok()?;
            self.asked = true;
        }
        loop {
            match self.lines.recv_timeout(STOP_POLL) {
                Ok(bytes) => {
                    self.asked = false;
                    return Some(bytes);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if stop.iter().flatten().any(|s| s.load(Ordering::Relaxed)) {
                        return None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Drops a line asked for before (by a question given up on Ctrl-C)
    /// and typed since: it is type-ahead too.
    pub fn discard(&mut self) {
        while self.lines.try_recv().is_ok() {
            self.asked = false;
        }
    }
}

/// The columns of the terminal on standard output, if it says.
#[cfg(unix)]
pub(super) fn terminal_width() -> Option<usize> {
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize` to the pointer given, which
    // points to one.
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
    (ok && size.ws_col > 0).then_some(usize::from(size.ws_col))
}

#[cfg(not(unix))]
pub(super) fn terminal_width() -> Option<usize> {
    None
}

/// Discards what the terminal on standard input holds unread.
#[cfg(unix)]
pub(super) fn flush_terminal_input() {
    // SAFETY: tcflush only reads its two integer arguments; on a descriptor
    // that is not a terminal it fails harmlessly with ENOTTY.
    unsafe {
        libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH);
    }
}

#[cfg(not(unix))]
pub(super) fn flush_terminal_input() {}
