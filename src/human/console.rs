//! The terminal, or anything standing in for it: a line reader, a writer,
//! and the state that human seats sharing one keyboard must share.

use super::style::Style;
use super::terminal::{StdinReader, flush_terminal_input, people_play_here, terminal_width};
use crate::i18n::{Lang, Msg};
use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The longest input line kept; the rest of a longer line is dropped.
const MAX_LINE: usize = 4096;

/// Blank lines written before the "screen cleared" line when the output is
/// not a terminal, so earlier text scrolls away in a pager.
const CLEAR_BLANK_LINES: usize = 40;

/// Clears a terminal: cursor home, erase the screen and its scrollback
/// (ECMA-48 CUP and ED; `anstyle` writes only styles, not cursor control).
const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J\x1b[3J";

/// The width lines are wrapped to on a terminal whose width is unknown.
const DEFAULT_WIDTH: usize = 80;

/// The narrowest width lines are wrapped to.
const MIN_WIDTH: usize = 40;

/// A console shared by every human seat (and the narrator) at one terminal.
pub type SharedConsole = Rc<RefCell<Console>>;

/// Where input lines come from.
enum Input {
    /// Any buffered reader (tests, files).
    Reader(Box<dyn BufRead>),
    /// Standard input.
    Stdin(Option<StdinReader>),
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
    /// The columns lines are wrapped to (on a terminal), or none.
    width: Option<usize>,
    /// Whether input comes from a person at a terminal (type-ahead is
    /// dropped before each question; pauses wait for Enter).
    interactive: bool,
    /// Whether typed lines are written back to the output (when input does
    /// not come from a terminal, so transcripts show the answers).
    echo: bool,
    stop: Option<Arc<AtomicBool>>,
    /// Set when the question being asked no longer stands (the table
    /// moved on without the answer: a player at a network table).
    withdraw: Option<Arc<AtomicBool>>,
    /// Whether a replay of the match is being written.
    recording: bool,
    humans: usize,
    /// The human (by registration number) who was last handed the keyboard
    /// (hot seat).
    holder: Option<usize>,
    /// The human whose dice are on the screen now (hot seat).
    shown: Option<usize>,
    /// Hot seat: hand the keyboard over only before dice are shown.
    quick_hand_over: bool,
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
            width: None,
            interactive: false,
            echo: true,
            stop: None,
            withdraw: None,
            recording: false,
            humans: 0,
            holder: None,
            shown: None,
            quick_hand_over: false,
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
            width: io::stdout()
                .is_terminal()
                .then(|| terminal_width().unwrap_or(DEFAULT_WIDTH).max(MIN_WIDTH)),
            interactive: io::stdin().is_terminal(),
            echo: !io::stdin().is_terminal(),
            stop: None,
            withdraw: None,
            recording: false,
            humans: 0,
            holder: None,
            shown: None,
            quick_hand_over: false,
        }
    }

    /// Makes reads give up (as at the end of input) once `flag` is set, e.g.
    /// by a Ctrl-C handler; the human then leaves the table and the match
    /// ends cleanly. Pass the same flag as `MatchSetup::stop`.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Makes reads give up (as at the end of input) while `flag` is set:
    /// the question asked no longer stands, e.g. because the table, played
    /// over the network, moved on without the answer. The flag's owner
    /// clears it before the next question.
    pub fn with_withdraw(mut self, flag: Arc<AtomicBool>) -> Self {
        self.withdraw = Some(flag);
        self
    }

    /// Whether the question being asked was withdrawn
    /// ([`Console::with_withdraw`]).
    pub fn withdrawn(&self) -> bool {
        self.withdraw
            .as_ref()
            .is_some_and(|w| w.load(Ordering::SeqCst))
    }

    /// Turns the echo of lines read on or off.
    pub fn with_echo(mut self, echo: bool) -> Self {
        self.echo = echo;
        self
    }

    /// Hot seat: when `quick`, a person is asked to accept or challenge at
    /// once, the question bearing his name, and the keyboard is handed
    /// over (the screen cleared, Enter awaited) only before his dice are
    /// shown, after an accept. That question shows nobody's dice: only one
    /// person's dice are ever hidden at a time, and they are off the screen
    /// once he has claimed.
    pub fn with_quick_hand_over(mut self, quick: bool) -> Self {
        self.quick_hand_over = quick;
        self
    }

    /// See [`Console::with_quick_hand_over`].
    pub(crate) fn quick_hand_over(&self) -> bool {
        self.quick_hand_over
    }

    /// Says whether the output is a terminal (clears the screen with ANSI
    /// codes) or not (writes blank lines and a marker line).
    pub fn with_terminal(mut self, terminal: bool) -> Self {
        self.terminal = terminal;
        self
    }

    /// Says whether input comes from a person at a terminal: then pauses
    /// between games wait for Enter.
    pub fn with_interactive(mut self, interactive: bool) -> Self {
        self.interactive = interactive;
        self
    }

    /// Whether input comes from a person at a terminal.
    pub fn interactive(&self) -> bool {
        self.interactive
    }

    /// Says whether a replay of the match is being written, so that leaving
    /// the table can tell truly whether what was played is kept.
    pub fn set_recording(&mut self, recording: bool) {
        self.recording = recording;
    }

    /// Whether a replay of the match is being written.
    pub fn recording(&self) -> bool {
        self.recording
    }

    /// Wraps the console to share it between seats and the narrator.
    pub fn shared(self) -> SharedConsole {
        Rc::new(RefCell::new(self))
    }

    /// Whether colors are on.
    pub fn color(&self) -> bool {
        self.color
    }

    /// Writes one line in a style (wrapped at spaces to the terminal's
    /// width, on a terminal). Output errors (a closed pipe) are ignored: the
    /// game goes on and input decides when it ends.
    pub fn line(&mut self, style: Style, text: &str) {
        for line in text.split('\n') {
            let pieces = match self.width {
                Some(width) => wrap(line, width),
                None => vec![line.to_string()],
            };
            for piece in pieces {
                let painted = style.paint(&piece, self.color);
                let _ = writeln!(self.output, "{painted}");
            }
        }
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
    /// input, on a read error, or once the stop flag is set or the question
    /// withdrawn. Invalid UTF-8 is replaced, and very long lines are cut.
    pub fn read_line(&mut self) -> Option<String> {
        self.flush();
        if self.stopped() || self.withdrawn() {
            return None;
        }
        let bytes = match &mut self.input {
            Input::Reader(reader) => read_bytes(reader.as_mut())?,
            Input::Stdin(reader) => {
                let reader = reader.get_or_insert_with(StdinReader::spawn);
                let flags = [self.stop.as_deref(), self.withdraw.as_deref()];
                reader.line(&flags)?
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

    /// Drops what was typed before the question about to be asked (lines
    /// typed while others played), when input is a terminal. Piped input is
    /// left alone: it holds the answers.
    pub fn discard_typed_ahead(&mut self) {
        if !self.interactive {
            return;
        }
        let Input::Stdin(reader) = &mut self.input else {
            return;
        };
        if let Some(reader) = reader {
            reader.discard();
        }
        flush_terminal_input();
    }

    /// Tells Ctrl-C that people play at this terminal, in `lang` (when this
    /// console reads standard input).
    pub(crate) fn people_play(&self, lang: Lang) {
        if matches!(self.input, Input::Stdin(_)) {
            people_play_here(lang);
        }
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

    /// Who was last handed the keyboard (hot seat).
    pub(crate) fn holder(&self) -> Option<usize> {
        self.holder
    }

    pub(crate) fn set_holder(&mut self, human: usize) {
        self.holder = Some(human);
    }

    /// Whose dice are on the screen (hot seat).
    pub(crate) fn shown(&self) -> Option<usize> {
        self.shown
    }

    pub(crate) fn set_shown(&mut self, human: Option<usize>) {
        self.shown = human;
    }
}

/// `line` cut at spaces into pieces of at most `width` columns (a longer
/// word stays whole); the pieces after the first are indented two columns
/// more than the line.
fn wrap(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let body = line.trim_start_matches(' ');
    let lead = line.len() - body.len();
    let indent = lead + 2;
    let mut pieces = Vec::new();
    let mut current = " ".repeat(lead);
    let mut columns = lead;
    let mut fresh = true;
    for word in body.split(' ') {
        let len = word.chars().count();
        if !fresh && columns + 1 + len > width {
            pieces.push(std::mem::replace(&mut current, " ".repeat(indent)));
            columns = indent;
            fresh = true;
        }
        if !fresh {
            current.push(' ');
            columns += 1;
        }
        current.push_str(word);
        columns += len;
        fresh = false;
    }
    pieces.push(current);
    pieces
}

/// Reads one line (up to [`MAX_LINE`] bytes kept); `None` at the end of
/// input or on an error.
pub(super) fn read_bytes(reader: &mut dyn BufRead) -> Option<Vec<u8>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_at_spaces_and_indented() {
        let line = "Throw for seats: You K, Honest K, Stat K; the tied throw again: You 9, Honest Q, Stat Q; the tied throw again: Honest 9, Stat J.";
        let pieces = wrap(line, 40);
        assert!(pieces.iter().all(|p| p.chars().count() <= 40), "{pieces:?}");
        assert!(
            pieces[1..]
                .iter()
                .all(|p| p.starts_with("  ") && !p.starts_with("   "))
        );
        let joined: Vec<&str> = pieces.iter().flat_map(|p| p.split_whitespace()).collect();
        assert_eq!(joined, line.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn short_lines_and_long_words_stay_whole() {
        assert_eq!(wrap("  Anna> ", 80), vec!["  Anna> "]);
        assert_eq!(wrap("", 10), vec![""]);
        let pieces = wrap("  a-very-long-word-indeed and more", 10);
        assert_eq!(
            pieces,
            vec!["  a-very-long-word-indeed", "    and", "    more"]
        );
    }

    #[test]
    fn pipes_are_not_wrapped() {
        let out = MemoryOutput::new();
        let mut console = Console::new(std::io::empty(), out.clone(), false);
        let long = "word ".repeat(40);
        console.line(Style::Plain, &long);
        assert_eq!(out.text(), format!("{long}\n"));
    }
}
