//! `journal.jsonl`: the answers given for people's seats, one
//! [`JournalEntry`] per line, each line written and synced to the disk
//! before its answer is applied.

use super::error::StoreError;
use crate::server::match_log::JournalEntry;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A journal as it was read back.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ReadJournal {
    /// The entries, in the order they were written.
    pub entries: Vec<JournalEntry>,
    /// Bytes of whole lines: a truncated last line starts here.
    pub whole_len: u64,
    /// Whether the last line was cut short (a crash while writing it): it
    /// was dropped, its answer had not been applied.
    pub truncated: bool,
}

/// Reads the journal at `path` (a missing file is an empty journal). A last
/// line without its newline was being written when the server stopped and
/// is dropped ([`ReadJournal::truncated`]); any other line that is not an
/// entry is an error naming the file and the line.
pub fn read_journal(path: &Path) -> Result<ReadJournal, StoreError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ReadJournal::default()),
        Err(source) => {
            return Err(StoreError::Io {
                action: "read journal",
                path: path.to_path_buf(),
                source,
            });
        }
    };
    parse_journal(&bytes, path)
}

/// [`read_journal`] on bytes already read; `path` names them in errors.
pub fn parse_journal(bytes: &[u8], path: &Path) -> Result<ReadJournal, StoreError> {
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut entries = Vec::new();
    if whole > 0 {
        // The whole lines, without the last newline.
        for (i, line) in bytes[..whole - 1].split(|&b| b == b'\n').enumerate() {
            let entry = serde_json::from_slice(line).map_err(|e| StoreError::Journal {
                path: path.to_path_buf(),
                line: i + 1,
                reason: e.to_string(),
            })?;
            entries.push(entry);
        }
    }
    Ok(ReadJournal {
        entries,
        whole_len: whole as u64,
        truncated: whole < bytes.len(),
    })
}

/// Appends entries to a journal, each synced before [`Journal::append`] returns.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    line: Vec<u8>,
}

impl Journal {
    /// Opens the journal at `path` for appending, created if missing and cut
    /// to `keep` bytes (the whole lines [`read_journal`] found).
    pub fn open(path: &Path, keep: u64) -> Result<Self, StoreError> {
        let io = |action| {
            move |source| StoreError::Io {
                action,
                path: path.to_path_buf(),
                source,
            }
        };
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io("open journal"))?;
        if file.metadata().map_err(io("read journal"))?.len() != keep {
            file.set_len(keep).map_err(io("cut journal"))?;
            file.sync_all().map_err(io("sync journal"))?;
        }
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            line: Vec::with_capacity(128),
        })
    }

    /// Writes `entry` as one line and syncs it to the disk.
    pub fn append(&mut self, entry: &JournalEntry) -> Result<(), StoreError> {
        self.line.clear();
        serde_json::to_writer(&mut self.line, entry).map_err(|e| StoreError::Io {
            action: "write journal",
            path: self.path.clone(),
            source: e.into(),
        })?;
        self.line.push(b'\n');
        let io = |source| StoreError::Io {
            action: "write journal",
            path: self.path.clone(),
            source,
        };
        self.file.write_all(&self.line).map_err(io)?;
        self.file.sync_data().map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::Move;
    use crate::server::match_log::Answer;

    fn entry(turn: u64) -> JournalEntry {
        JournalEntry {
            turn,
            seat: 1,
            answer: if turn.is_multiple_of(2) {
                Answer::Person {
                    decision: Move::Challenge,
                }
            } else {
                Answer::Timeout
            },
        }
    }

    #[test]
    fn entries_written_are_read_back_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("journal.jsonl");
        let mut journal = Journal::open(&path, 0).unwrap();
        for turn in 0..3 {
            journal.append(&entry(turn)).unwrap();
        }
        let read = read_journal(&path).unwrap();
        assert_eq!(read.entries, vec![entry(0), entry(1), entry(2)]);
        assert!(!read.truncated);
        assert_eq!(read.whole_len, std::fs::metadata(&path).unwrap().len());
    }

    #[test]
    fn a_missing_journal_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            read_journal(&dir.path().join("none.jsonl")).unwrap(),
            ReadJournal::default()
        );
    }

    #[test]
    fn a_cut_last_line_is_dropped_and_cut_off_on_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("journal.jsonl");
        let mut journal = Journal::open(&path, 0).unwrap();
        journal.append(&entry(0)).unwrap();
        drop(journal);
        let whole = std::fs::metadata(&path).unwrap().len();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(br#"{"turn":1,"seat":1,"answ"#).unwrap();
        drop(file);

        let read = read_journal(&path).unwrap();
        assert_eq!(read.entries, vec![entry(0)]);
        assert!(read.truncated);
        assert_eq!(read.whole_len, whole);

        let mut journal = Journal::open(&path, read.whole_len).unwrap();
        journal.append(&entry(1)).unwrap();
        let read = read_journal(&path).unwrap();
        assert_eq!(read.entries, vec![entry(0), entry(1)]);
        assert!(!read.truncated);
    }

    #[test]
    fn a_bad_whole_line_is_an_error_naming_file_and_line() {
        let bytes = b"{\"turn\":0,\"seat\":1,\"answer\":{\"by\":\"timeout\"}}\nnot json\n";
        let error = parse_journal(bytes, Path::new("m/journal.jsonl")).unwrap_err();
        let text = error.to_string();
        assert!(
            text.starts_with("m/journal.jsonl:2: not a journal entry"),
            "{text}"
        );
    }

    #[test]
    fn an_empty_line_in_the_middle_is_an_error() {
        let line = serde_json::to_string(&entry(0)).unwrap();
        let bytes = format!("{line}\n\n{line}\n");
        let error = parse_journal(bytes.as_bytes(), Path::new("j")).unwrap_err();
        assert!(
            matches!(error, StoreError::Journal { line: 2, .. }),
            "{error}"
        );
    }
}
