//! What the host functions of one state share with the bot's Rust side.

use super::log::LogBuffer;
use crate::engine::SeatRng;
use crate::lua::hook::Meter;
use crate::rules::Ranking;
use crate::setup::BotLimits;
use std::sync::{Arc, Mutex, MutexGuard};

/// The state behind the `liar` functions of one bot: its meter, the ranking
/// of the table it plays, its random stream and its pending log lines.
pub(crate) struct Shared {
    pub(crate) meter: Arc<Meter>,
    ranking: Mutex<Ranking>,
    rng: Mutex<SeatRng>,
    log: Mutex<LogBuffer>,
}

pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock only means a panic elsewhere; the data is still usable.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    pub(crate) fn new(limits: &BotLimits) -> Arc<Shared> {
        Arc::new(Shared {
            meter: Meter::new(),
            ranking: Mutex::new(Ranking::default()),
            rng: Mutex::new(SeatRng::new(0)),
            log: Mutex::new(LogBuffer::new(limits.log_lines)),
        })
    }

    pub(crate) fn ranking(&self) -> Ranking {
        *lock(&self.ranking)
    }

    pub(crate) fn set_ranking(&self, ranking: Ranking) {
        *lock(&self.ranking) = ranking;
    }

    /// The bot's random stream (`liar.random`).
    pub(super) fn rng(&self) -> MutexGuard<'_, SeatRng> {
        lock(&self.rng)
    }

    /// A new game: a new random stream, a fresh log allowance.
    pub(crate) fn begin_game(&self, seed: u64) {
        *lock(&self.rng) = SeatRng::new(seed);
        lock(&self.log).begin_game();
    }

    /// Adds one line to the bot's log (cut to length; dropped past the cap).
    pub(crate) fn log_line(&self, text: &str) {
        lock(&self.log).push(text);
    }

    /// Drops the pending lines and restores the allowance (a new match).
    pub(crate) fn reset_log(&self) {
        lock(&self.log).clear();
    }

    /// Moves the pending lines into `out`.
    pub(crate) fn take_logs(&self, out: &mut Vec<String>) {
        lock(&self.log).take(out);
    }
}
