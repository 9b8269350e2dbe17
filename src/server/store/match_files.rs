//! `matches/<id>/`: a match's replay, written line by line as it is played,
//! and its journal; [`FileMatchLog`] is the [`MatchLog`] that keeps them.

use super::error::StoreError;
use super::index::Index;
use super::journal::Journal;
use super::records::{MatchId, MatchResult};
use crate::engine::{Event, MatchStats, Observer};
use crate::replay::ReplayWriter;
use crate::server::match_log::{JournalEntry, MatchLog};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The replay file's name in a match's folder.
pub const REPLAY_FILE: &str = "replay.jsonl";
/// The journal file's name in a match's folder.
pub const JOURNAL_FILE: &str = "journal.jsonl";

/// A match's folder, relative to the data folder.
pub fn match_folder(id: MatchId) -> PathBuf {
    Path::new("matches").join(id.to_string())
}

/// Keeps one match in its folder: every event goes to the replay (one
/// write per line, so a line is with the system as soon as the call
/// returns), every answer to the journal (synced to the disk before the
/// call returns), and the end of the match to the index.
///
/// A match restored after a restart is played forward from its journal:
/// its replay is written again from the first line, and answers the
/// journal already holds (those up to its last question) are not written
/// twice.
pub struct FileMatchLog {
    id: MatchId,
    replay_path: PathBuf,
    replay: ReplayWriter<File>,
    journal: Journal,
    /// The last question the journal held when the match was opened.
    journaled: Option<u64>,
    index: Arc<Mutex<Index>>,
    /// The first error met; later calls still try.
    error: Option<StoreError>,
}

impl std::fmt::Debug for FileMatchLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileMatchLog")
            .field("id", &self.id)
            .finish()
    }
}

impl FileMatchLog {
    /// Opens the files of match `id` in `folder` (created if missing): the
    /// replay from its start, the journal cut to `journal_len` bytes (its
    /// whole lines) whose last question is `journaled`.
    pub(super) fn open(
        id: MatchId,
        folder: &Path,
        journal_len: u64,
        journaled: Option<u64>,
        index: Arc<Mutex<Index>>,
    ) -> Result<Self, StoreError> {
        std::fs::create_dir_all(folder).map_err(|source| StoreError::Io {
            action: "create folder",
            path: folder.to_path_buf(),
            source,
        })?;
        let replay_path = folder.join(REPLAY_FILE);
        let file = File::create(&replay_path).map_err(|source| StoreError::Io {
            action: "create replay",
            path: replay_path.clone(),
            source,
        })?;
        let journal = Journal::open(&folder.join(JOURNAL_FILE), journal_len)?;
        sync_folder(folder)?;
        if let Some(parent) = folder.parent() {
            sync_folder(parent)?;
        }
        Ok(FileMatchLog {
            id,
            replay_path,
            replay: ReplayWriter::new(file),
            journal,
            journaled,
            index,
            error: None,
        })
    }

    /// The match's number.
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The first error met while keeping the match, if any.
    pub fn error(&self) -> Option<&StoreError> {
        self.error.as_ref()
    }

    fn keep(&mut self, result: Result<(), StoreError>) {
        if let Err(e) = result {
            eprintln!("liar serve: match {}: {e}", self.id);
            self.error.get_or_insert(e);
        }
    }

    fn end(&mut self, stats: &MatchStats) -> Result<(), StoreError> {
        let io = |action, path: &Path| {
            let path = path.to_path_buf();
            move |source| StoreError::Io {
                action,
                path,
                source,
            }
        };
        if let Some(e) = self.replay.error() {
            return Err(StoreError::Io {
                action: "write replay",
                path: self.replay_path.clone(),
                source: std::io::Error::new(e.kind(), e.to_string()),
            });
        }
        let file = File::open(&self.replay_path).map_err(io("open replay", &self.replay_path))?;
        file.sync_all()
            .map_err(io("sync replay", &self.replay_path))?;
        let result = MatchResult {
            wins: stats.wins.clone(),
            aborted: stats.aborted,
        };
        let index = self.index.lock().map_err(|_| StoreError::Poisoned)?;
        index.finish_match(self.id, &result, super::now())
    }
}

impl MatchLog for FileMatchLog {
    fn answer(&mut self, entry: &JournalEntry) {
        if self.journaled.is_some_and(|last| entry.turn <= last) {
            return;
        }
        let kept = self.journal.append(entry);
        self.keep(kept);
    }

    fn event(&mut self, event: &Event) {
        let had_error = self.replay.error().is_some();
        self.replay.event(event);
        if let (false, Some(e)) = (had_error, self.replay.error()) {
            let e = StoreError::Io {
                action: "write replay",
                path: self.replay_path.clone(),
                source: std::io::Error::new(e.kind(), e.to_string()),
            };
            self.keep(Err(e));
        }
    }

    fn finished(&mut self, stats: &MatchStats) {
        let ended = self.end(stats);
        self.keep(ended);
    }
}

/// Syncs a folder, so that files just created in it survive a crash.
fn sync_folder(folder: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        File::open(folder)
            .and_then(|f| f.sync_all())
            .map_err(|source| StoreError::Io {
                action: "sync folder",
                path: folder.to_path_buf(),
                source,
            })?;
    }
    #[cfg(not(unix))]
    let _ = folder;
    Ok(())
}
