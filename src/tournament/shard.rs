//! Splitting a tournament into shards, and merging the shards' results.

use super::record::GameRecord;
use super::results::{Results, Timing};
use super::schedule::Schedule;
use super::spec::SpecError;
use super::timed::DecisionTimes;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1-based, as `--shard K/N` says): the games
/// whose index `k` has `k % count == index - 1`. Interleaving spreads every
/// kind of game evenly over the shards.
///
/// ```
/// use liar::tournament::Shard;
/// let s: Shard = "2/3".parse().unwrap();
/// assert_eq!(s.len(10), 3); // games 1, 4, 7
/// assert_eq!(s.game_at(2), 7);
/// assert!("0/3".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole tournament as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether `1 <= index <= count`.
    pub fn is_valid(&self) -> bool {
        self.index >= 1 && self.index <= self.count
    }

    /// Games of a tournament of `total` games in this shard (none if the
    /// shard is not valid).
    pub fn len(&self, total: u64) -> u64 {
        if !self.is_valid() || self.index > total {
            return 0;
        }
        (total - self.index) / self.count + 1
    }

    /// The index of this shard's `pos`-th game.
    pub fn game_at(&self, pos: u64) -> u64 {
        pos * self.count + (self.index - 1)
    }

    /// Whether game `game` belongs to this shard.
    pub fn contains(&self, game: u64) -> bool {
        self.is_valid() && game % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` value that is not `K/N` with 1 ≤ K ≤ N.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad shard {0:?}: expected K/N with 1 <= K <= N, e.g. 2/8")]
pub struct BadShard(pub String);

impl FromStr for Shard {
    type Err = BadShard;

    fn from_str(s: &str) -> Result<Shard, BadShard> {
        let bad = || BadShard(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        let shard = Shard { index, count };
        if !shard.is_valid() {
            return Err(bad());
        }
        Ok(shard)
    }
}

/// Why shard results cannot be merged. `file` is the label given with each
/// results (its path, say).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no results to merge")]
    Empty,
    /// Results of a different tournament (other bots, hashes, seed, rules…).
    #[error("{file}: a different tournament from {first}")]
    OtherTournament {
        /// The odd file.
        file: String,
        /// The first file.
        first: String,
    },
    /// Shards of a different split.
    #[error("{file}: shard {shard}, but {first} is one of {count}")]
    OtherSplit {
        /// The odd file.
        file: String,
        /// Its shard.
        shard: Shard,
        /// The first file.
        first: String,
        /// The first file's shard count.
        count: u64,
    },
    /// The same shard twice.
    #[error("{file}: shard {shard} is also in {other}")]
    Duplicate {
        /// The file.
        file: String,
        /// The shard.
        shard: Shard,
        /// The other file.
        other: String,
    },
    /// Shards missing.
    #[error("shards missing: {0}")]
    Missing(String),
    /// A game record that does not belong.
    #[error("{file}: game {game} does not belong to shard {shard} of this tournament")]
    StrayGame {
        /// The file.
        file: String,
        /// The game's index.
        game: u64,
        /// The file's shard.
        shard: Shard,
    },
    /// The tournament in the files cannot be played.
    #[error("{file}: {error}")]
    Spec {
        /// The file.
        file: String,
        /// The problem.
        error: SpecError,
    },
}

/// Merges the results of all shards of one tournament into the results one
/// whole run would have produced: the same games in index order, so the
/// standings, head-to-head counts and ratings come out identical. Timing
/// (which never matches between runs) is summed.
///
/// ```
/// use liar::tournament::*;
/// let spec = TournamentSpec::new(
///     vec![BotEntry::native("random"), BotEntry::native("honest")], 2, Length::Games(6), 1);
/// let factory = NativeFactory::named(&["random", "honest"]).unwrap();
/// let whole = run(&spec, &factory, &RunOptions::default()).unwrap();
/// let shards: Vec<(String, Results)> = (1..=2)
///     .map(|k| {
///         let options = RunOptions { shard: Some(Shard { index: k, count: 2 }), ..RunOptions::default() };
///         (format!("shard{k}"), run(&spec, &factory, &options).unwrap())
///     })
///     .collect();
/// assert_eq!(merge(shards).unwrap().games, whole.games);
/// ```
pub fn merge(files: Vec<(String, Results)>) -> Result<Results, MergeError> {
    let Some((first_name, first)) = files.first() else {
        return Err(MergeError::Empty);
    };
    let first_name = first_name.clone();
    let spec = first.tournament.clone();
    let schedule = Schedule::new(&spec).map_err(|error| MergeError::Spec {
        file: first_name.clone(),
        error,
    })?;
    let count = first.shard.unwrap_or(Shard::WHOLE).count;
    let mut seen: BTreeMap<u64, String> = BTreeMap::new();
    let mut games: Vec<GameRecord> = Vec::new();
    let mut interrupted = false;
    let mut times = vec![DecisionTimes::default(); spec.bots.len()];
    let mut any_timing = false;
    for (name, results) in files {
        if results.tournament != spec {
            return Err(MergeError::OtherTournament {
                file: name,
                first: first_name,
            });
        }
        let shard = results.shard.unwrap_or(Shard::WHOLE);
        if shard.count != count || !shard.is_valid() {
            return Err(MergeError::OtherSplit {
                file: name,
                shard,
                first: first_name,
                count,
            });
        }
        if let Some(other) = seen.get(&shard.index) {
            return Err(MergeError::Duplicate {
                file: name,
                shard,
                other: other.clone(),
            });
        }
        seen.insert(shard.index, name.clone());
        for g in &results.games {
            if !shard.contains(g.game)
                || g.game >= schedule.len()
                || !g.is_consistent(spec.table_size, spec.bots.len())
            {
                return Err(MergeError::StrayGame {
                    file: name,
                    game: g.game,
                    shard,
                });
            }
        }
        interrupted |= results.interrupted;
        if let Some(t) = &results.timing {
            any_timing = true;
            for (sum, bot) in times.iter_mut().zip(&t.bots) {
                sum.add(&bot.times);
            }
        }
        games.extend(results.games);
    }
    if (seen.len() as u64) < count {
        let missing: Vec<String> = (1..=count)
            .filter(|k| !seen.contains_key(k))
            .take(10)
            .map(|k| format!("{k}/{count}"))
            .collect();
        let more = count - seen.len() as u64 - missing.len() as u64;
        let mut text = missing.join(", ");
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        return Err(MergeError::Missing(text));
    }
    games.sort_by_key(|g| g.game);
    // Each shard's own checks rule out duplicates across shards, but a file
    // may repeat a game.
    games.dedup_by_key(|g| g.game);
    Ok(Results {
        scheduled: schedule.len(),
        timing: any_timing.then(|| Timing::new(&spec, times, None, None)),
        tournament: spec,
        shard: None,
        games,
        interrupted,
    })
}
