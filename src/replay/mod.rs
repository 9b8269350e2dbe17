//! The replay log: JSON Lines, one [`crate::engine::Event`] per line
//! (format version 3, described in `docs/replay-format.md`; files of
//! versions 1 and 2 are still read and checked), and what can be learned
//! from it ([`count_raise_shapes`]).

mod check;
mod reader;
mod shapes;
mod writer;

pub use check::{
    CheckError, CheckSummary, Checker, Invalid, ParamsProblem, Unfinished, check_events,
    check_replay,
};
pub use reader::{MAX_LINE_BYTES, ReplayError, ReplayErrorKind, ReplayReader, read_replay};
pub use shapes::{
    RaiseShape, Relation, SHAPE_TABLE_MIN_RAISES, ShapeCount, count_raise_shapes,
    count_raise_shapes_in_files, shape_table_lua,
};
pub use writer::ReplayWriter;
