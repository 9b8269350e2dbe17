//! Where a match's events go besides the players: the replay file and, with
//! --verbose, the bots' debug lines on standard error.

use super::Failure;
use crate::engine::{Event, Observer};
use crate::i18n::{AppMsg, Lang};
use crate::replay::ReplayWriter;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// A replay file being written.
pub struct ReplayFile {
    path: PathBuf,
    writer: ReplayWriter<BufWriter<File>>,
}

impl ReplayFile {
    /// Creates (or truncates) the file.
    pub fn create(path: &Path) -> Result<Self, Failure> {
        let file = File::create(path).map_err(|source| Failure::File {
            action: "create replay file",
            path: path.to_path_buf(),
            source,
        })?;
        Ok(ReplayFile {
            path: path.to_path_buf(),
            writer: ReplayWriter::new(BufWriter::new(file)),
        })
    }

    /// Opens the file if a path is given.
    pub fn maybe(path: Option<&Path>) -> Result<Option<Self>, Failure> {
        path.map(Self::create).transpose()
    }

    /// Flushes the file and reports any write error.
    pub fn finish(self) -> Result<PathBuf, Failure> {
        let path = self.path;
        self.writer.finish().map_err(|source| Failure::File {
            action: "write replay file",
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }
}

impl Observer for ReplayFile {
    fn event(&mut self, event: &Event) {
        self.writer.event(event);
    }
}

/// Flushes an optional replay file and says where it went, in `lang`
/// (unless quiet).
pub fn finish_replay(replay: Option<ReplayFile>, quiet: bool, lang: Lang) -> Result<(), Failure> {
    if let Some(replay) = replay {
        let path = replay.finish()?;
        if !quiet {
            let path = path.display().to_string();
            super::stdout::note(&AppMsg::ReplayWritten { path: &path }.text(lang));
        }
    }
    Ok(())
}

/// With --verbose, copies bots' debug lines to standard error, each after
/// its seat counted from 1 (`[seat 1]` is the replay's seat 0).
pub struct LogEcho {
    /// Whether to echo.
    pub on: bool,
}

impl Observer for LogEcho {
    fn active(&self) -> bool {
        self.on
    }
    fn event(&mut self, event: &Event) {
        if let (true, Event::Log { seat, text }) = (self.on, event) {
            super::stdout::note(&format!("[seat {}] {text}", seat + 1));
        }
    }
}
