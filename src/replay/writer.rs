//! Writes a match as a replay: one JSON object per line, flushed as it goes.

use crate::engine::{Event, Observer};
use std::io::{self, Write};

/// An [`Observer`] that writes every event as a JSON line.
///
/// It flushes at the end of every round (a challenge or a penalty), game and
/// match, so a crash loses at most the round in progress. The first write
/// error is kept (see [`ReplayWriter::finish`]) and later events are dropped.
///
/// ```
/// use liar::engine::*;
/// use liar::replay::ReplayWriter;
/// use liar::rules::Rules;
/// let setup = MatchSetup::native(Rules::default(), 1, 1, &["random", "random", "random"]);
/// let mut writer = ReplayWriter::new(Vec::new());
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
/// let bytes = writer.finish().unwrap();
/// let text = String::from_utf8(bytes).unwrap();
/// assert!(text.starts_with(r#"{"type":"match","version":4,"seed":1,"#));
/// assert!(text.lines().last().unwrap().starts_with(r#"{"type":"match_end""#));
/// ```
pub struct ReplayWriter<W: Write> {
    out: W,
    line: Vec<u8>,
    error: Option<io::Error>,
}

impl<W: Write> ReplayWriter<W> {
    /// A writer over `out` (wrap files in a `BufWriter`; flushing is done here).
    pub fn new(out: W) -> Self {
        ReplayWriter {
            out,
            line: Vec::with_capacity(256),
            error: None,
        }
    }

    /// Flushes and returns the output, or the first error met.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    /// The first write error met so far, if any.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    fn write(&mut self, event: &Event) -> io::Result<()> {
        self.line.clear();
        serde_json::to_writer(&mut self.line, event)?;
        self.line.push(b'\n');
        self.out.write_all(&self.line)?;
        if ends_a_round(event) {
            self.out.flush()?;
        }
        Ok(())
    }
}

/// Events after which the file is flushed.
fn ends_a_round(event: &Event) -> bool {
    matches!(
        event,
        Event::Challenge { .. }
            | Event::Penalty { .. }
            | Event::GameEnd { .. }
            | Event::MatchEnd { .. }
            | Event::Seating { .. }
    )
}

impl<W: Write> Observer for ReplayWriter<W> {
    fn event(&mut self, event: &Event) {
        if self.error.is_none()
            && let Err(e) = self.write(event)
        {
            self.error = Some(e);
        }
    }
}
