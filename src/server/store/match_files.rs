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
use std::io::BufWriter;
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

/// Keeps one match in its folder: every event goes to the replay (written
/// at the end of every round: a killed server's replay is written again
/// from its journal when the match is restored), every answer to the
/// journal (synced to the disk before the call returns), and the end of
/// the match to the index.
///
/// The folder and its files are made at the first event or answer, on the
/// match's own thread (not on the thread that started the match).
///
/// A match restored after a restart is played forward from its journal:
/// its replay is written again from the first line, and answers the
/// journal already holds (those up to its last question) are not written
/// twice.
pub struct FileMatchLog {
    id: MatchId,
    folder: PathBuf,
    /// Bytes of the journal to keep (its whole lines) when it is opened.
    journal_len: u64,
    /// The last question the journal held when the match was opened.
    journaled: Option<u64>,
    index: Arc<Mutex<Index>>,
    /// The open files, once made.
    files: Option<Files>,
    /// The first error met; later calls still try.
    error: Option<StoreError>,
}

/// A match's open files.
struct Files {
    replay_path: PathBuf,
    replay: ReplayWriter<BufWriter<File>>,
    journal: Journal,
}

impl std::fmt::Debug for FileMatchLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileMatchLog")
            .field("id", &self.id)
            .finish()
    }
}

impl FileMatchLog {
    /// The log of match `id` in `folder`, whose files are made at the first
    /// event or answer: the replay from its start, the journal cut to
    /// `journal_len` bytes (its whole lines) whose last question is
    /// `journaled`.
    pub(super) fn new(
        id: MatchId,
        folder: &Path,
        journal_len: u64,
        journaled: Option<u64>,
        index: Arc<Mutex<Index>>,
    ) -> Self {
        FileMatchLog {
            id,
            folder: folder.to_path_buf(),
            journal_len,
            journaled,
            index,
            files: None,
            error: None,
        }
    }

    /// [`FileMatchLog::new`], with its files made now.
    pub(super) fn open(
        id: MatchId,
        folder: &Path,
        journal_len: u64,
        journaled: Option<u64>,
        index: Arc<Mutex<Index>>,
    ) -> Result<Self, StoreError> {
        let mut log = Self::new(id, folder, journal_len, journaled, index);
        log.files()?;
        Ok(log)
    }

    /// The match's number.
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The first error met while keeping the match, if any.
    pub fn error(&self) -> Option<&StoreError> {
        self.error.as_ref()
    }

    /// The open files, made if need be.
    fn files(&mut self) -> Result<&mut Files, StoreError> {
        if self.files.is_none() {
            self.files = Some(make_files(&self.folder, self.journal_len)?);
        }
        self.files.as_mut().ok_or(StoreError::Poisoned)
    }

    /// Says the first error, and keeps it.
    fn keep(&mut self, result: Result<(), StoreError>) {
        if let (Err(e), None) = (result, &self.error) {
            eprintln!("liar serve: match {}: {e}", self.id);
            self.error = Some(e);
        }
    }

    fn end(&mut self, stats: &MatchStats) -> Result<(), StoreError> {
        let files = self.files()?;
        if let Some(e) = files.replay.error() {
            return Err(StoreError::Io {
                action: "write replay",
                path: files.replay_path.clone(),
                source: std::io::Error::new(e.kind(), e.to_string()),
            });
        }
        let path = files.replay_path.clone();
        File::open(&path)
            .and_then(|f| f.sync_all())
            .map_err(|source| StoreError::Io {
                action: "sync replay",
                path,
                source,
            })?;
        let result = MatchResult {
            wins: stats.wins.clone(),
            aborted: stats.aborted,
        };
        let index = self.index.lock().map_err(|_| StoreError::Poisoned)?;
        index.finish_match(self.id, &result, super::now())
    }
}

/// Makes the folder and opens its files.
fn make_files(folder: &Path, journal_len: u64) -> Result<Files, StoreError> {
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
    Ok(Files {
        replay_path,
        replay: ReplayWriter::new(BufWriter::new(file)),
        journal,
    })
}

impl MatchLog for FileMatchLog {
    fn answer(&mut self, entry: &JournalEntry) {
        if self.journaled.is_some_and(|last| entry.turn <= last) {
            return;
        }
        let kept = self.files().and_then(|f| f.journal.append(entry));
        self.keep(kept);
    }

    fn event(&mut self, event: &Event) {
        let written = self.files().and_then(|f| {
            f.replay.event(event);
            match f.replay.error() {
                Some(e) => Err(StoreError::Io {
                    action: "write replay",
                    path: f.replay_path.clone(),
                    source: std::io::Error::new(e.kind(), e.to_string()),
                }),
                None => Ok(()),
            }
        });
        self.keep(written);
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
