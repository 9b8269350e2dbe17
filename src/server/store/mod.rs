//! The data folder of `liar serve` (`--data DIR`): what makes a restart lose
//! nothing (docs/online.md, "Data folder and restarts").
//!
//! ```text
//! DIR/index.sqlite                 tables, seats (token hashes), matches
//! DIR/matches/<id>/replay.jsonl    the match's replay, line by line
//! DIR/matches/<id>/journal.jsonl   the people's answers, synced one by one
//! ```
//!
//! The lobby tells a [`FolderStore`] what changes; on a start,
//! [`restore_lobby`] lists every table again and plays every unfinished
//! match forward from its seed and its journal ([`Store::restore`]). The
//! store is plain synchronous Rust: the lobby calls it, and each match's
//! thread owns its [`FileMatchLog`].

mod error;
mod index;
mod journal;
mod lobby_hooks;
mod match_files;
mod records;
mod restore;

pub use error::StoreError;
pub use index::SCHEMA_VERSION;
pub use journal::{ReadJournal, read_journal};
pub use lobby_hooks::{FolderStore, RestoreReport, restore_lobby};
pub use match_files::{FileMatchLog, JOURNAL_FILE, REPLAY_FILE, match_folder};
pub use records::{MatchId, MatchRecord, MatchResult, MatchState, SeatRecord, TableRecord};
pub use restore::{Restored, RestoredTable, UnfinishedMatch};

use crate::online::TableId;
use crate::rules::Seat;
use index::Index;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

/// The index's file name in the data folder.
pub const INDEX_FILE: &str = "index.sqlite";

/// An open data folder. Clones share the index.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    index: Arc<Mutex<Index>>,
}

impl Store {
    /// Opens the data folder `dir`, creating it and its index if missing.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        std::fs::create_dir_all(dir.join("matches")).map_err(|source| StoreError::Io {
            action: "create folder",
            path: dir.join("matches"),
            source,
        })?;
        let index = Index::open(&dir.join(INDEX_FILE))?;
        Ok(Store {
            dir: dir.to_path_buf(),
            index: Arc::new(Mutex::new(index)),
        })
    }

    /// The data folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn index(&self) -> Result<MutexGuard<'_, Index>, StoreError> {
        self.index.lock().map_err(|_| StoreError::Poisoned)
    }

    /// Records a new table with its seats (or replaces the table with its number).
    pub fn put_table(&self, table: &TableRecord, seats: &[SeatRecord]) -> Result<(), StoreError> {
        self.index()?.put_table(table, seats, now())
    }

    /// Records who sits in a seat now (taken, left, filled with a bot).
    pub fn put_seat(&self, table: TableId, seat: &SeatRecord) -> Result<(), StoreError> {
        self.index()?.put_seat(table, seat)
    }

    /// Records the table's host.
    pub fn set_host(&self, table: TableId, host: Option<Seat>) -> Result<(), StoreError> {
        self.index()?.set_host(table, host)
    }

    /// Forgets a table, its seats and its matches (their files stay).
    pub fn remove_table(&self, table: TableId) -> Result<(), StoreError> {
        self.index()?.remove_table(table)
    }

    /// Every table with its seats, by number.
    pub fn tables(&self) -> Result<Vec<(TableRecord, Vec<SeatRecord>)>, StoreError> {
        self.index()?.tables()
    }

    /// One table with its seats, if the index has it.
    pub fn table(&self, id: TableId) -> Result<Option<(TableRecord, Vec<SeatRecord>)>, StoreError> {
        self.index()?.table(id)
    }

    /// The last match of `table` (the last finished one, with `finished`).
    pub fn last_match(
        &self,
        table: TableId,
        finished: bool,
    ) -> Result<Option<MatchRecord>, StoreError> {
        self.index()?.last_match(table, finished)
    }

    /// Every match, by number.
    pub fn matches(&self) -> Result<Vec<MatchRecord>, StoreError> {
        self.index()?.matches()
    }

    /// One match, if the index has it.
    pub fn get_match(&self, id: MatchId) -> Result<Option<MatchRecord>, StoreError> {
        self.index()?.get_match(id)
    }

    /// Records a match of `table` that starts now with `seed` and `plan`
    /// (what the lobby needs to play it again), and opens its files: hand
    /// the log to the match's runner.
    pub fn begin_match(
        &self,
        table: TableId,
        seed: u64,
        plan: &serde_json::Value,
    ) -> Result<FileMatchLog, StoreError> {
        let id = self.index()?.begin_match(table, seed, plan, now(), |id| {
            relative_name(&match_folder(id).join(REPLAY_FILE))
        })?;
        Ok(FileMatchLog::new(
            id,
            &self.dir.join(match_folder(id)),
            0,
            None,
            self.index.clone(),
        ))
    }

    /// The replay file of match `id`, as the index names it, if the match
    /// exists; the name is checked to stay inside the data folder.
    pub fn replay_file(&self, id: MatchId) -> Result<Option<PathBuf>, StoreError> {
        let Some(record) = self.get_match(id)? else {
            return Ok(None);
        };
        let name = Path::new(&record.replay);
        if name.components().all(|c| matches!(c, Component::Normal(_))) {
            Ok(Some(self.dir.join(name)))
        } else {
            Err(StoreError::Corrupt {
                path: self.dir.join(INDEX_FILE),
                what: format!(
                    "match {id}: replay file {:?} leaves the data folder",
                    record.replay
                ),
            })
        }
    }

    /// The replay of match `id` as it is now (complete once it finished),
    /// or `None` for no such match.
    pub fn read_replay(&self, id: MatchId) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(path) = self.replay_file(id)? else {
            return Ok(None);
        };
        std::fs::read(&path)
            .map(Some)
            .map_err(|source| StoreError::Io {
                action: "read replay",
                path,
                source,
            })
    }
}

/// A relative path with `/` between its parts, as the index keeps it.
fn relative_name(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Seconds since 1970 (UTC).
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests;
