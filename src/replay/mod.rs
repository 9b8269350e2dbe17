//! The replay log: JSON Lines, one [`crate::engine::Event`] per line
//! (format version 2, described in `docs/replay-format.md`; version 1 files
//! are still read and checked).

mod check;
mod reader;
mod writer;

pub use check::{
    CheckError, CheckSummary, Checker, Invalid, ParamsProblem, Unfinished, check_events,
    check_replay,
};
pub use reader::{MAX_LINE_BYTES, ReplayError, ReplayErrorKind, ReplayReader, read_replay};
pub use writer::ReplayWriter;
