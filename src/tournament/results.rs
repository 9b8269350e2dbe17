//! The raw results of a run (or a shard, or a merge): the games played.
//! Everything else — standings, head-to-head, ratings — is computed from them.

use super::record::GameRecord;
use super::shard::Shard;
use super::spec::TournamentSpec;
use super::timed::DecisionTimes;
use serde::{Deserialize, Serialize};

/// The `format` field of a results file.
pub const RESULTS_FORMAT: &str = "liar-tournament";
/// The results file format version this engine writes.
pub const RESULTS_VERSION: u32 = 1;

/// The games a run played, with what it was asked to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// The tournament.
    pub tournament: TournamentSpec,
    /// The shard run, or `None` for the whole tournament.
    pub shard: Option<Shard>,
    /// Games the run was to play (the shard's share).
    pub scheduled: u64,
    /// The games played, by index. After an interruption these are the
    /// run's first games without a gap (see [`crate::tournament::run`]).
    pub games: Vec<GameRecord>,
    /// Whether the run stopped before playing all it was to play.
    pub interrupted: bool,
    /// Decision times and speed: differ from run to run.
    pub timing: Option<Timing>,
}

/// Wall-clock measurements of a run; never part of the reproducible results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// How long the run took, in seconds (absent after a merge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed_secs: Option<f64>,
    /// Worker threads used (absent after a merge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jobs: Option<usize>,
    /// Decision times by bot, in the spec's order.
    pub bots: Vec<BotTiming>,
}

/// One bot's decision times.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotTiming {
    /// The bot's name.
    pub name: String,
    /// The tallies.
    #[serde(flatten)]
    pub times: DecisionTimes,
    /// Mean decision time, microseconds.
    pub mean_micros: f64,
    /// Worst decision time, microseconds.
    pub max_micros: f64,
}

impl Timing {
    /// Timing from per-bot tallies.
    pub fn new(
        spec: &TournamentSpec,
        times: Vec<DecisionTimes>,
        elapsed_secs: Option<f64>,
        jobs: Option<usize>,
    ) -> Timing {
        Timing {
            elapsed_secs,
            jobs,
            bots: spec
                .bots
                .iter()
                .zip(times)
                .map(|(b, times)| BotTiming {
                    name: b.name.clone(),
                    mean_micros: times.mean_micros(),
                    max_micros: times.max_micros(),
                    times,
                })
                .collect(),
        }
    }
}

/// A results file as read back (the computed sections are ignored: they are
/// recomputed from the games).
#[derive(Deserialize)]
struct ResultsFile {
    format: String,
    version: u32,
    tournament: TournamentSpec,
    #[serde(default)]
    shard: Option<Shard>,
    games_scheduled: u64,
    interrupted: bool,
    games: Vec<GameRecord>,
    #[serde(default)]
    timing: Option<Timing>,
}

/// Why a results file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Not JSON of the expected shape.
    #[error("not a tournament results file: {0}")]
    Json(#[from] serde_json::Error),
    /// Another format or version.
    #[error(
        "unsupported results format {format:?} version {version} (expected {RESULTS_FORMAT:?} version {RESULTS_VERSION})"
    )]
    Version {
        /// The format found.
        format: String,
        /// The version found.
        version: u32,
    },
}

impl Results {
    /// Games played per second (`None` without timing).
    pub fn games_per_sec(&self) -> Option<f64> {
        let secs = self.timing.as_ref()?.elapsed_secs?;
        Some(self.games.len() as f64 / secs.max(1e-9))
    }

    /// Reads results written with [`crate::tournament::OutputFormat::Json`]
    /// (a shard's output, for [`crate::tournament::merge`]).
    pub fn from_json(text: &str) -> Result<Results, ReadError> {
        let file: ResultsFile = serde_json::from_str(text)?;
        if file.format != RESULTS_FORMAT || file.version != RESULTS_VERSION {
            return Err(ReadError::Version {
                format: file.format,
                version: file.version,
            });
        }
        Ok(Results {
            tournament: file.tournament,
            shard: file.shard,
            scheduled: file.games_scheduled,
            games: file.games,
            interrupted: file.interrupted,
            timing: file.timing,
        })
    }
}
