//! What can go wrong keeping the data folder: every error names the file
//! (and for a journal, the line) it is about.

use std::path::PathBuf;

/// An error of the data folder.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A file or folder could not be created, read or written.
    #[error("{action} {}: {source}", path.display())]
    Io {
        /// What was being done (`create folder`, `write journal`, …).
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// The index (SQLite) refused a statement.
    #[error("index {}: {source}", path.display())]
    Index {
        /// The index file.
        path: PathBuf,
        /// Why it failed.
        source: rusqlite::Error,
    },
    /// The index was written by a newer program.
    #[error("index {}: schema version {found}, this program knows up to {known}", path.display())]
    Schema {
        /// The index file.
        path: PathBuf,
        /// The version in the file.
        found: i64,
        /// The newest version this program writes.
        known: i64,
    },
    /// A row of the index holds something this program cannot read.
    #[error("index {}: {what}", path.display())]
    Corrupt {
        /// The index file.
        path: PathBuf,
        /// What is wrong, naming the row.
        what: String,
    },
    /// A journal line (not the last, unfinished one) is not a journal entry.
    #[error("{}:{line}: not a journal entry: {reason}", path.display())]
    Journal {
        /// The journal file.
        path: PathBuf,
        /// The line, counted from 1.
        line: usize,
        /// What the parser said.
        reason: String,
    },
    /// No match with this number is in the index.
    #[error("no match {0} in the index")]
    UnknownMatch(u64),
    /// The index was locked by a thread that panicked.
    #[error("the index lock is poisoned")]
    Poisoned,
}
