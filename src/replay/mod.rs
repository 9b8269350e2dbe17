//! The replay log: JSON Lines, one [`crate::engine::Event`] per line
//! (format version 1, described in `docs/replay-format.md`).

mod writer;

pub use writer::ReplayWriter;
