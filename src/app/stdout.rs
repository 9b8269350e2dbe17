//! Standard output and standard error for the commands. A reader that has
//! gone away (`liar simulate | head -c1`, `liar play 2>&1 | head`) is not a
//! failure: the rest of the output is dropped quietly and the command
//! finishes its work (files it writes are still written). SIGPIPE keeps its
//! ignored disposition, so the engine's writes to bot processes report
//! errors instead of killing it.

use super::Failure;
use std::io::{self, Write};

/// Writes `text` to standard output and flushes it. A closed pipe is
/// ignored; any other error is a [`Failure::Stdout`] naming `what`.
pub fn print(what: &'static str, text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    ignore_closed(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
        .map_err(|source| Failure::Stdout { what, source })
}

/// Writes a line to standard error. Errors (a closed pipe) are ignored:
/// there is nowhere left to report them.
pub fn note(line: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

/// `result`, with a closed pipe ([`io::ErrorKind::BrokenPipe`]) taken as
/// success.
pub fn ignore_closed(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_no_error_but_others_are() {
        let broken = io::Error::new(io::ErrorKind::BrokenPipe, "gone");
        assert!(ignore_closed(Err(broken)).is_ok());
        let full = io::Error::new(io::ErrorKind::StorageFull, "full");
        assert!(ignore_closed(Err(full)).is_err());
    }
}
