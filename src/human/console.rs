//! The terminal, or anything standing in for it: a line reader, a writer,
//! and the state that human seats sharing one keyboard must share.

use super::style::Style;
use crate::i18n::{Lang, Msg};
use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// The longest input line kept; the rest of a longer line is dropped.
const MAX_LINE: usize = 4096;

/// Blank lines written before the "screen cleared" line when the output is
/// not a terminal, so earlier text scrolls away in a pager.
const CLEAR_BLANK_LINES: usize = 40;

/// Clears a terminal: cursor home, erase the screen and its scrollback
/// (ECMA-48 CUP and ED; `anstyle` writes only styles, not cursor control).
const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J\x1b[3J";

/// How often a read from standard input looks at the stop flag.
const STOP_POLL: Duration = Duration::from_millis(100);

/// A console shared by every human seat (and the narrator) at one terminal.
pub type SharedConsole = Rc<RefCell<Console>>;

/// Where input lines come from.
enum Input {
    /// Any buffered reader (tests, files).
    Reader(Box<dyn BufRead>),
    /// Standard input, read on a thread of its own (started at the first
    /// read) so that a stop flag is noticed while a human is thinking.
    Stdin(Option<Receiver<Vec<u8>>>),
}

/// Line-based input and output for human players and the narrator.
///
/// It is generic over where lines come from and go to, so games can be
/// played from a script and the output read back:
///
/// ```
/// use liar::human::{Console, MemoryOutput, Style};
/// let out = MemoryOutput::new();
/// let mut console = Console::new(&b"hello\n"[..], out.clone(), false);
/// console.line(Style::Question, "Say something:");
/// console.prompt("> ");
/// assert_eq!(console.read_line().as_deref(), Some("hello"));
/// assert_eq!(console.read_line(), None); // end of input
/// assert_eq!(out.text(), "Say something:\n> hello\n"); // input is echoed
/// ```
pub struct Console {
    input: Input,
    output: Box<dyn Write>,
    color: bool,
    terminal: bool,
    /// Whether typed lines are written back to the output (when input does
    /// not come from a terminal, so transcripts show the answers).
    echo: bool,
    stop: Option<Arc<AtomicBool>>,
    humans: usize,
    /// The human (by registration number) whose private information may be
    /// on the screen now (hot seat).
    private: Option<usize>,
    /// Whether a replay file records this match (so "what was played is
    /// kept" is true); set by the app with [`Console::with_replay`].
    replay: bool,
}

impl Console {
    /// A console reading lines from `reader` and writing to `writer`;
    /// `color` turns ANSI colors on. It is not taken for a terminal: a
    /// cleared screen is written as blank lines and a marker line, and each
    /// line read is echoed after its prompt so the output reads as a
    /// transcript.
    pub fn new(reader: impl BufRead + 'static, writer: impl Write + 'static, color: bool) -> Self {
        Console {
            input: Input::Reader(Box::new(reader)),
            output: Box::new(writer),
            color,
            terminal: false,
            echo: true,
            stop: None,
            humans: 0,
            private: None,
            replay: false,
        }
    }

    /// The process's standard input and output. `color` is the caller's
    /// choice (see [`should_color`]); the screen is cleared with ANSI codes
    /// when standard output is a terminal.
    ///
    /// ```no_run
    /// use liar::human::{Console, should_color};
    /// let console = Console::stdio(should_color()).shared();
    /// ```
    pub fn stdio(color: bool) -> Self {
        Console {
            input: Input::Stdin(None),
            output: Box::new(io::stdout()),
            color,
            terminal: io::stdout().is_terminal(),
            echo: !io::stdin().is_terminal(),
            stop: None,
            humans: 0,
            private: None,
            replay: false,
        }
    }

    /// Makes reads give up (as at the end of input) once `flag` is set, e.g.
    /// by a Ctrl-C handler; the human then leaves the table and the match
    /// ends cleanly. Pass the same flag as `MatchSetup::stop`.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Says whether a replay file records this match: messages that promise
    /// "the replay so far is kept" may be shown only when it does.
    pub fn with_replay(mut self, written: bool) -> Self {
        self.replay = written;
        self
    }

    /// Whether a replay file records this match ([`Console::with_replay`]).
    pub fn replay_written(&self) -> bool {
        self.replay
    }

    /// Turns the echo of lines read on or off.
    pub fn with_echo(mut self, echo: bool) -> Self {
        self.echo = echo;
        self
    }

    /// Says whether the output is a terminal (clears the screen with ANSI
    /// codes) or not (writes blank lines and a marker line).
    pub fn with_terminal(mut self, terminal: bool) -> Self {
        self.terminal = terminal;
        self
    }

    /// Wraps the console to share it between seats and the narrator.
    pub fn shared(self) -> SharedConsole {
        Rc::new(RefCell::new(self))
    }

    /// Whether colors are on.
    pub fn color(&self) -> bool {
        self.color
    }

    /// Writes one line in a style. Output errors (a closed pipe) are ignored:
    /// the game goes on and input decides when it ends.
    pub fn line(&mut self, style: Style, text: &str) {
        let painted = style.paint(text, self.color);
        let _ = writeln!(self.output, "{painted}");
    }

    /// Writes an empty line.
    pub fn blank(&mut self) {
        let _ = writeln!(self.output);
    }

    /// Writes a prompt without ending the line, and flushes.
    pub fn prompt(&mut self, text: &str) {
        let painted = Style::Question.paint(text, self.color);
        let _ = write!(self.output, "{painted}");
        self.flush();
    }

    /// Flushes the output.
    pub fn flush(&mut self) {
        let _ = self.output.flush();
    }

    /// The next input line without its line ending; `None` at the end of
    /// input, on a read error, or once the stop flag is set. Invalid UTF-8 is
    /// replaced, and very long lines are cut.
    pub fn read_line(&mut self) -> Option<String> {
        self.flush();
        if self.stopped() {
            return None;
        }
        let bytes = match &mut self.input {
            Input::Reader(reader) => read_bytes(reader.as_mut())?,
            Input::Stdin(rx) => {
                let rx = rx.get_or_insert_with(spawn_stdin_reader);
                loop {
                    match rx.recv_timeout(STOP_POLL) {
                        Ok(bytes) => break bytes,
                        Err(RecvTimeoutError::Timeout) => {
                            if self
                                .stop
                                .as_ref()
                                .is_some_and(|s| s.load(Ordering::Relaxed))
                            {
                                return None;
                            }
                        }
                        Err(RecvTimeoutError::Disconnected) => return None,
                    }
                }
            }
        };
        if self.stopped() {
            return None;
        }
        let mut text = String::from_utf8_lossy(&bytes).into_owned();
        while text.ends_with(['\n', '\r']) {
            text.pop();
        }
        if self.echo {
            let _ = writeln!(self.output, "{text}");
        }
        Some(text)
    }

    /// Whether the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Clears the screen: ANSI codes on a terminal; otherwise blank lines and
    /// the "screen cleared" line ([`Msg::ScreenCleared`]) in `lang`.
    pub fn clear_screen(&mut self, lang: Lang) {
        if self.terminal {
            let _ = write!(self.output, "{CLEAR_SCREEN}");
        } else {
            let _ = write!(self.output, "{}", "\n".repeat(CLEAR_BLANK_LINES));
            self.line(Style::Hint, &Msg::ScreenCleared.text(lang));
        }
        self.flush();
    }

    /// Counts one more human seat at this console and returns its number.
    /// With two or more, private information is guarded (hot seat).
    pub(crate) fn register_human(&mut self) -> usize {
        self.humans += 1;
        self.humans - 1
    }

    /// Whether two or more humans share this console.
    pub fn hot_seat(&self) -> bool {
        self.humans > 1
    }

    pub(crate) fn private_owner(&self) -> Option<usize> {
        self.private
    }

    pub(crate) fn set_private_owner(&mut self, owner: Option<usize>) {
        self.private = owner;
    }
}

/// Reads one line (up to [`MAX_LINE`] bytes kept); `None` at the end of
/// input or on an error.
fn read_bytes(reader: &mut dyn BufRead) -> Option<Vec<u8>> {
    let mut line = Vec::new();
    let mut read_any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            return read_any.then_some(line);
        }
        read_any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..take.min(room)]);
        reader.consume(take);
        if done {
            return Some(line);
        }
    }
}

/// Starts a thread that sends each line of standard input; the channel
/// closes at the end of input.
fn spawn_stdin_reader() -> Receiver<Vec<u8>> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut lock = stdin.lock();
            while let Some(line) = read_bytes(&mut lock) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
    // If no thread can be started, the sender is gone and input ends at once.
    drop(spawned);
    rx
}

/// Whether to use colors on standard output: only when it is a terminal and
/// `NO_COLOR` is unset or empty (<https://no-color.org>).
///
/// ```no_run
/// let color = liar::human::should_color();
/// ```
pub fn should_color() -> bool {
    color_wanted(
        io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

/// [`should_color`] with its inputs given.
///
/// ```
/// use liar::human::color_wanted;
/// use std::ffi::OsStr;
/// assert!(color_wanted(true, None));
/// assert!(color_wanted(true, Some(OsStr::new(""))));
/// assert!(!color_wanted(true, Some(OsStr::new("1"))));
/// assert!(!color_wanted(false, None));
/// ```
pub fn color_wanted(is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    is_terminal && no_color.is_none_or(|v| v.is_empty())
}

/// An in-memory output that can be cloned and read back (for tests and for
/// capturing a game's transcript).
///
/// ```
/// use liar::human::MemoryOutput;
/// use std::io::Write;
/// let out = MemoryOutput::new();
/// let mut writer = out.clone();
/// writeln!(writer, "Привет").unwrap();
/// assert_eq!(out.text(), "Привет\n");
/// ```
#[derive(Clone, Debug, Default)]
pub struct MemoryOutput(Rc<RefCell<Vec<u8>>>);

impl MemoryOutput {
    /// An empty output.
    pub fn new() -> Self {
        Self::default()
    }

    /// Everything written so far, as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }

    /// How many bytes were written so far.
    pub fn len(&self) -> usize {
        self.0.borrow().len()
    }

    /// Whether nothing was written yet.
    pub fn is_empty(&self) -> bool {
        self.0.borrow().is_empty()
    }
}

impl Write for MemoryOutput {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
