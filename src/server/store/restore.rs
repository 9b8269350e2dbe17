//! What a start finds in the data folder: the tables to list again and the
//! unfinished matches to play forward from their journals.

use super::Store;
use super::error::StoreError;
use super::journal::read_journal;
use super::match_files::{FileMatchLog, JOURNAL_FILE, match_folder};
use super::records::{MatchRecord, MatchState, SeatRecord, TableRecord};
use crate::online::Phase;
use crate::server::match_log::JournalEntry;

/// Everything [`Store::restore`] found.
#[derive(Debug, Default)]
pub struct Restored {
    /// Every table, by number.
    pub tables: Vec<RestoredTable>,
    /// The matches to play on, each with the answers to replay first.
    pub unfinished: Vec<UnfinishedMatch>,
    /// The matches that are over (their replays can be downloaded).
    pub finished: Vec<MatchRecord>,
    /// Unfinished matches that cannot be played on (a journal line that is
    /// not an entry, …), with why: they stay in the index as they are.
    pub broken: Vec<(MatchRecord, StoreError)>,
    /// What the server should say in its log (a journal's cut last line).
    pub notes: Vec<String>,
}

/// A table as it was when the server stopped.
#[derive(Debug, Clone, PartialEq)]
pub struct RestoredTable {
    /// The table.
    pub table: TableRecord,
    /// Its seats, by number (people keep their token hashes).
    pub seats: Vec<SeatRecord>,
    /// Waiting for people, playing (its last match is unfinished), or finished.
    pub phase: Phase,
    /// Its last match, if one started.
    pub last_match: Option<MatchRecord>,
}

/// A match to play on.
#[derive(Debug)]
pub struct UnfinishedMatch {
    /// The match as the index has it (its table, its seed).
    pub record: MatchRecord,
    /// The answers given so far, in order: play them forward first.
    pub journal: Vec<JournalEntry>,
    /// Where the match goes on being kept: its replay starts again from the
    /// first line, its journal goes on after the answers above.
    pub log: FileMatchLog,
}

impl Store {
    /// Reads the data folder as a start finds it.
    pub fn restore(&self) -> Result<Restored, StoreError> {
        let tables = self.tables()?;
        let matches = self.matches()?;
        let mut restored = Restored::default();
        for record in &matches {
            match record.state {
                MatchState::Finished => restored.finished.push(record.clone()),
                MatchState::Waiting => {}
                MatchState::Playing => match self.reopen(record) {
                    Ok((unfinished, note)) => {
                        restored.notes.extend(note);
                        restored.unfinished.push(unfinished);
                    }
                    Err(e) => restored.broken.push((record.clone(), e)),
                },
            }
        }
        for (table, seats) in tables {
            let last_match = matches.iter().rev().find(|m| m.table == table.id).cloned();
            let phase = match last_match.as_ref().map(|m| m.state) {
                None | Some(MatchState::Waiting) => Phase::Waiting,
                Some(MatchState::Playing) => Phase::Playing,
                Some(MatchState::Finished) => Phase::Finished,
            };
            restored.tables.push(RestoredTable {
                table,
                seats,
                phase,
                last_match,
            });
        }
        Ok(restored)
    }

    /// Opens an unfinished match to be played forward.
    fn reopen(
        &self,
        record: &MatchRecord,
    ) -> Result<(UnfinishedMatch, Option<String>), StoreError> {
        let folder = self.dir().join(match_folder(record.id));
        let path = folder.join(JOURNAL_FILE);
        let read = read_journal(&path)?;
        let note = read.truncated.then(|| {
            format!(
                "{}: the last line was cut short (the server stopped while writing it); \
                 dropped, its question is asked again",
                path.display()
            )
        });
        let last = read.entries.last().map(|e| e.turn);
        let log = FileMatchLog::open(record.id, &folder, read.whole_len, last, self.index.clone())?;
        Ok((
            UnfinishedMatch {
                record: record.clone(),
                journal: read.entries,
                log,
            },
            note,
        ))
    }
}
