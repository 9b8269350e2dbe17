//! Tournaments: many bots, many games, fair seating, reproducible results.
//!
//! A tournament is a list of games numbered from 0, computed from its
//! [`TournamentSpec`] by the [`Schedule`]: game `k` → which bots sit in
//! which seats, and the seed of its dice. Every game is a one-game match
//! played by the engine. [`run`] plays them on worker threads with players
//! from a [`PlayerFactory`] and returns the games' [`GameRecord`]s in index
//! order; [`Report`] computes standings (win rate with a Wilson interval,
//! chips, penalties), head-to-head counts and Weng-Lin ratings from them;
//! [`render`] prints them as a table, JSON or CSV. [`Shard`]s split a run
//! across machines and [`merge`] puts their results back together, exactly.
//!
//! Seeds. The seed of game `k` is the first number of ChaCha8 stream `k`
//! under the master seed; with duplicate dice, the seed of group `g` is the
//! first number of stream `2^63 + g`, shared by all the group's games.
//! Nothing depends on threads or timing.
//!
//! ```
//! use liar::tournament::*;
//! let bots = vec![BotEntry::native("random"), BotEntry::native("honest")];
//! let spec = TournamentSpec::new(bots, 2, Length::Cycles(5), 42);
//! let factory = NativeFactory::named(&["random", "honest"]).unwrap();
//! let results = run(&spec, &factory, &RunOptions::default()).unwrap();
//! let text = render(&results, OutputFormat::Json, TimingOutput::Omit);
//! let again = Results::from_json(&text).unwrap();
//! assert_eq!(again.games, results.games);
//! ```

mod confidence;
mod factory;
mod format;
mod progress;
mod ratings;
mod record;
mod replays;
mod results;
mod runner;
mod schedule;
mod shard;
mod spec;
mod standings;
mod timed;

pub use confidence::{Interval, Z95, wilson};
pub use factory::{NativeFactory, PlayerFactory};
pub use format::{OutputFormat, TimingOutput, render, render_in};
pub use progress::{Progress, progress_bar};
pub use ratings::{Rating, ratings};
pub use record::GameRecord;
pub use replays::{ReplayDir, ReplaySelection};
pub use results::{BotTiming, RESULTS_FORMAT, RESULTS_VERSION, ReadError, Results, Timing};
pub use runner::{RunError, RunOptions, play_game, run};
pub use schedule::{Schedule, ScheduledGame};
pub use shard::{BadShard, MergeError, Shard, merge};
pub use spec::{BotEntry, Length, SeatOrders, SpecError, TournamentSpec};
pub use standings::{HeadToHead, PenaltyCounts, Report, Standing};
pub use timed::{DecisionTimes, Timed};
