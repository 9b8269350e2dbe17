//! Decision timing: a player wrapper that measures its `decide` calls.

use crate::engine::{MatchInfo, Player, PlayerError, PublicEvent};
use crate::rules::{Decision, SeatView};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// How long a bot's decisions took. Wall-clock, so it differs from run to
/// run: it is kept out of the results that must be reproducible.
///
/// ```
/// use liar::tournament::DecisionTimes;
/// let mut t = DecisionTimes::default();
/// t.record(1_000);
/// t.record(3_000);
/// assert_eq!(t.mean_micros(), 2.0);
/// assert_eq!(t.max_nanos, 3_000);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionTimes {
    /// Decisions timed.
    pub decisions: u64,
    /// Their total time, in nanoseconds.
    pub total_nanos: u64,
    /// The slowest one, in nanoseconds.
    pub max_nanos: u64,
}

impl DecisionTimes {
    /// Adds one decision.
    pub fn record(&mut self, nanos: u64) {
        self.decisions += 1;
        self.total_nanos = self.total_nanos.saturating_add(nanos);
        self.max_nanos = self.max_nanos.max(nanos);
    }

    /// Adds another tally.
    pub fn add(&mut self, other: &DecisionTimes) {
        self.decisions += other.decisions;
        self.total_nanos = self.total_nanos.saturating_add(other.total_nanos);
        self.max_nanos = self.max_nanos.max(other.max_nanos);
    }

    /// The mean decision time in microseconds (0 with no decisions).
    pub fn mean_micros(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total_nanos as f64 / self.decisions as f64 / 1e3
        }
    }

    /// The slowest decision in microseconds.
    pub fn max_micros(&self) -> f64 {
        self.max_nanos as f64 / 1e3
    }
}

/// A player that times its inner player's decisions.
///
/// ```
/// use liar::engine::{NativePlayer, Policy};
/// use liar::tournament::Timed;
/// let p = Timed::new(NativePlayer::new(Policy::Random));
/// assert_eq!(p.times().decisions, 0);
/// ```
#[derive(Clone, Debug)]
pub struct Timed<P> {
    inner: P,
    times: DecisionTimes,
}

impl<P> Timed<P> {
    /// Wraps `inner`.
    pub fn new(inner: P) -> Self {
        Timed {
            inner,
            times: DecisionTimes::default(),
        }
    }

    /// The decisions timed so far.
    pub fn times(&self) -> &DecisionTimes {
        &self.times
    }

    /// The wrapped player.
    pub fn into_inner(self) -> P {
        self.inner
    }
}

impl<P: Player> Player for Timed<P> {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.inner.begin_match(info)
    }
    fn begin_game(&mut self, game: u32, seed: u64) {
        self.inner.begin_game(game, seed)
    }
    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let start = Instant::now();
        let answer = self.inner.decide(view);
        let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.times.record(nanos);
        answer
    }
    fn wants_events(&self) -> bool {
        self.inner.wants_events()
    }
    fn observe(&mut self, event: &PublicEvent) {
        self.inner.observe(event)
    }
    fn take_logs(&mut self, out: &mut Vec<String>) {
        self.inner.take_logs(out)
    }
}
