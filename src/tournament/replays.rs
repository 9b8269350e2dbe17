//! Which games of a tournament leave a replay file, and where.

use super::record::GameRecord;
use std::path::PathBuf;

/// Which games get a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaySelection {
    /// Every game.
    All,
    /// A deterministic sample: the games whose index is a multiple of `n`
    /// (`Every(1)` is all of them).
    Every(u64),
    /// Only games in which some player was penalised (every game is
    /// recorded in memory and kept only if it had a penalty).
    Penalties,
}

/// Replays written to a directory, one file per selected game:
/// `DIR/game-000123.jsonl` for game 123.
///
/// ```
/// use liar::tournament::{ReplayDir, ReplaySelection};
/// let d = ReplayDir::new("out", ReplaySelection::Every(10));
/// assert!(d.records(20) && !d.records(21));
/// assert_eq!(d.path(7), std::path::Path::new("out/game-000007.jsonl"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayDir {
    /// The directory (it must exist).
    pub dir: PathBuf,
    /// Which games.
    pub selection: ReplaySelection,
}

impl ReplayDir {
    /// Replays of `selection` into `dir`.
    pub fn new(dir: impl Into<PathBuf>, selection: ReplaySelection) -> Self {
        ReplayDir {
            dir: dir.into(),
            selection,
        }
    }

    /// Whether game `index` is recorded while it is played.
    pub fn records(&self, index: u64) -> bool {
        match self.selection {
            ReplaySelection::All | ReplaySelection::Penalties => true,
            ReplaySelection::Every(n) => index.is_multiple_of(n.max(1)),
        }
    }

    /// Whether a recorded game's replay is kept.
    pub fn keeps(&self, record: &GameRecord) -> bool {
        match self.selection {
            ReplaySelection::Penalties => record.penalty_total() > 0,
            _ => true,
        }
    }

    /// The file of game `index`.
    pub fn path(&self, index: u64) -> PathBuf {
        self.dir.join(format!("game-{index:06}.jsonl"))
    }
}
