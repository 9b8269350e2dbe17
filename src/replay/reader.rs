//! Reads a replay back: one [`Event`] per line, with errors that name the line.
//!
//! The reader only parses. Whether the events make a legal match is the
//! business of [`crate::replay::check_replay`].

use crate::engine::Event;
use std::io::{self, BufRead, Read};

/// The longest line the reader accepts, in bytes (without the newline).
/// Longer lines are reported as [`ReplayErrorKind::TooLong`] and skipped, so a
/// corrupt file cannot make the reader hold an unbounded line in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A line of a replay that could not be read as an event.
///
/// ```
/// use liar::replay::read_replay;
/// let err = read_replay(&b"{\"type\":\"accept\"}\n"[..]).unwrap_err();
/// assert_eq!(err.line, 1);
/// assert_eq!(err.to_string(), "line 1: `accept` event: missing field `seat`");
/// ```
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ReplayError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub kind: ReplayErrorKind,
}

impl ReplayError {
    /// Whether the file ends in the middle of a line (see
    /// [`ReplayErrorKind::Truncated`]): the writer stopped mid-match.
    pub fn is_truncated(&self) -> bool {
        matches!(self.kind, ReplayErrorKind::Truncated(_))
    }
}

/// What is wrong with a line.
#[derive(Debug, thiserror::Error)]
pub enum ReplayErrorKind {
    /// The underlying reader failed; nothing more is read.
    #[error("cannot read the file: {0}")]
    Io(#[source] io::Error),
    /// The line is not valid UTF-8.
    #[error("not UTF-8 text (invalid byte at column {column})")]
    NotUtf8 {
        /// 1-based byte column of the first invalid byte.
        column: usize,
    },
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error("the line is longer than {MAX_LINE_BYTES} bytes")]
    TooLong,
    /// A blank line (the format has none).
    #[error("empty line")]
    Empty,
    /// Not a JSON object.
    #[error("bad JSON: {0}")]
    BadJson(String),
    /// The object has no `type` field, or it is not a string.
    #[error("no \"type\" string field")]
    MissingType,
    /// `type` names no event this engine knows.
    #[error("unknown event type {0:?}")]
    UnknownType(String),
    /// A required field is absent.
    #[error("`{event}` event: missing field `{field}`")]
    MissingField {
        /// The event type.
        event: String,
        /// The field.
        field: String,
    },
    /// A field has the wrong type or an impossible value (e.g. dice `"QQ"`).
    #[error("`{event}` event: {message}")]
    BadField {
        /// The event type.
        event: String,
        /// What serde said.
        message: String,
    },
    /// The last line has no newline and does not parse: the file was cut
    /// (usually the writer stopped mid-line). Holds why it does not parse.
    #[error("truncated: the last line has no newline and is incomplete ({0})")]
    Truncated(Box<ReplayErrorKind>),
}

/// Reads a whole replay into memory; the first bad line is the error.
///
/// ```
/// use liar::engine::{Accept, Eliminated, Event};
/// use liar::replay::read_replay;
/// let text = "{\"type\":\"accept\",\"seat\":1}\n{\"type\":\"eliminated\",\"seat\":0}\n";
/// let events = read_replay(text.as_bytes()).unwrap();
/// assert_eq!(events, vec![Event::Accept(Accept { seat: 1 }), Event::Eliminated(Eliminated { seat: 0 })]);
/// ```
pub fn read_replay(r: impl BufRead) -> Result<Vec<Event>, ReplayError> {
    ReplayReader::new(r)
        .map(|item| item.map(|(_, event)| event))
        .collect()
}

/// Streams a replay: yields `(line number, event)` for each line, 1-based.
///
/// A bad line yields an error and reading goes on with the next line, except
/// after an I/O error, which ends the stream. Never panics, whatever the bytes.
///
/// ```
/// use liar::replay::ReplayReader;
/// let text = "{\"type\":\"accept\",\"seat\":1}\nnot json\n{\"type\":\"eliminated\",\"se";
/// let items: Vec<_> = ReplayReader::new(text.as_bytes()).collect();
/// assert_eq!(items.len(), 3);
/// assert_eq!(items[0].as_ref().unwrap().0, 1);
/// assert_eq!(items[1].as_ref().unwrap_err().line, 2);
/// assert!(items[2].as_ref().unwrap_err().is_truncated());
/// ```
pub struct ReplayReader<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> ReplayReader<R> {
    /// A reader over `input` (wrap files in a `BufReader`).
    pub fn new(input: R) -> Self {
        ReplayReader {
            input,
            line: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    /// The number of the last line read (0 before the first).
    pub fn line(&self) -> usize {
        self.line
    }

    fn error(&self, kind: ReplayErrorKind) -> ReplayError {
        ReplayError {
            line: self.line,
            kind,
        }
    }

    /// Discards the rest of an over-long line; `false` at the end of input.
    fn skip_line(&mut self) -> io::Result<bool> {
        loop {
            let chunk = self.input.fill_buf()?;
            if chunk.is_empty() {
                return Ok(false);
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.input.consume(i + 1);
                    return Ok(true);
                }
                None => {
                    let n = chunk.len();
                    self.input.consume(n);
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for ReplayReader<R> {
    type Item = Result<(usize, Event), ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.buf.clear();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.buf);
        match read {
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) => self.line += 1,
            Err(e) => {
                self.done = true;
                return Some(Err(ReplayError {
                    line: self.line + 1,
                    kind: ReplayErrorKind::Io(e),
                }));
            }
        }
        let has_newline = self.buf.last() == Some(&b'\n');
        if !has_newline && self.buf.len() > MAX_LINE_BYTES {
            match self.skip_line() {
                Ok(more) => self.done = !more,
                Err(_) => self.done = true,
            }
            return Some(Err(self.error(ReplayErrorKind::TooLong)));
        }
        let mut content = self.buf.as_slice();
        if has_newline {
            content = &content[..content.len() - 1];
        }
        if let [rest @ .., b'\r'] = content {
            content = rest;
        }
        Some(match parse_line(content) {
            Ok(event) => Ok((self.line, event)),
            Err(kind) if !has_newline => {
                Err(self.error(ReplayErrorKind::Truncated(Box::new(kind))))
            }
            Err(kind) => Err(self.error(kind)),
        })
    }
}

/// Parses one line (without its newline) as an event.
fn parse_line(bytes: &[u8]) -> Result<Event, ReplayErrorKind> {
    let text = std::str::from_utf8(bytes).map_err(|e| ReplayErrorKind::NotUtf8 {
        column: e.valid_up_to() + 1,
    })?;
    if text.trim().is_empty() {
        return Err(ReplayErrorKind::Empty);
    }
    serde_json::from_str(text).map_err(|_| classify(text))
}

/// Says why a line that failed to parse as an event is wrong (slow path).
fn classify(text: &str) -> ReplayErrorKind {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return ReplayErrorKind::BadJson(json_message(&e)),
    };
    let Some(object) = value.as_object() else {
        return ReplayErrorKind::BadJson("expected a JSON object".into());
    };
    let Some(event) = object.get("type").and_then(|t| t.as_str()) else {
        return ReplayErrorKind::MissingType;
    };
    if !known_type(event) {
        return ReplayErrorKind::UnknownType(event.to_string());
    }
    let message = match serde_json::from_value::<Event>(value.clone()) {
        Ok(_) => "could not be read".to_string(),
        Err(e) => e.to_string(),
    };
    let missing = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'));
    match missing {
        Some(field) => ReplayErrorKind::MissingField {
            event: event.to_string(),
            field: field.to_string(),
        },
        None => ReplayErrorKind::BadField {
            event: event.to_string(),
            message,
        },
    }
}

/// Whether `event` is a `type` this engine knows: an object holding only that
/// tag fails on a missing field if it is, on the tag itself if it is not.
fn known_type(event: &str) -> bool {
    let probe = serde_json::json!({ "type": event });
    match serde_json::from_value::<Event>(probe) {
        Ok(_) => true,
        Err(e) => !e.to_string().starts_with("unknown variant"),
    }
}

/// serde_json's message without its "at line 1 column N" (every line is line 1 to it).
fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match full.strip_suffix(&suffix) {
        Some(message) => format!("{message} (column {})", e.column()),
        None => full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Accept;

    fn kind_of(text: &[u8]) -> ReplayErrorKind {
        match ReplayReader::new(text).next() {
            Some(Err(e)) => e.kind,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn classifies_errors() {
        assert!(
            matches!(kind_of(b"{\"type\":\"x\"}\n"), ReplayErrorKind::UnknownType(t) if t == "x")
        );
        assert!(matches!(
            kind_of(b"{\"seat\":1}\n"),
            ReplayErrorKind::MissingType
        ));
        assert!(matches!(kind_of(b"[1]\n"), ReplayErrorKind::BadJson(_)));
        assert!(matches!(kind_of(b"{\n"), ReplayErrorKind::BadJson(_)));
        assert!(matches!(kind_of(b"\n"), ReplayErrorKind::Empty));
        assert!(matches!(
            kind_of(b"\xff\n"),
            ReplayErrorKind::NotUtf8 { column: 1 }
        ));
        assert!(matches!(
            kind_of(b"{\"type\":\"accept\"}\n"),
            ReplayErrorKind::MissingField { field, .. } if field == "seat"
        ));
        assert!(matches!(
            kind_of(b"{\"type\":\"round_start\",\"game\":1,\"round\":1,\"starter\":0,\"dice\":\"QQ\"}\n"),
            ReplayErrorKind::BadField { .. }
        ));
        assert!(matches!(
            kind_of(b"{\"type\":\"acc"),
            ReplayErrorKind::Truncated(_)
        ));
    }

    #[test]
    fn accepts_crlf_and_a_last_line_without_newline() {
        let text = b"{\"type\":\"accept\",\"seat\":1}\r\n{\"type\":\"accept\",\"seat\":2}";
        let events = read_replay(&text[..]).unwrap();
        assert_eq!(
            events,
            vec![
                Event::Accept(Accept { seat: 1 }),
                Event::Accept(Accept { seat: 2 })
            ]
        );
    }

    #[test]
    fn skips_over_long_lines() {
        let mut text = vec![b' '; MAX_LINE_BYTES + 10];
        text.extend_from_slice(b"\n{\"type\":\"accept\",\"seat\":1}\n");
        let items: Vec<_> = ReplayReader::new(&text[..]).collect();
        assert!(
            matches!(&items[0], Err(e) if e.line == 1 && matches!(e.kind, ReplayErrorKind::TooLong))
        );
        assert!(matches!(
            &items[1],
            Ok((2, Event::Accept(Accept { seat: 1 })))
        ));
        assert_eq!(items.len(), 2);
    }

    #[test]
    fn empty_input_has_no_events() {
        assert!(read_replay(&b""[..]).unwrap().is_empty());
    }
}
