//! The outcome of one tournament game, as shard files keep it.

use crate::engine::{Event, MatchStats, Observer};
use crate::replay::ReplayWriter;
use crate::rules::Seat;
use serde::{Deserialize, Serialize};

/// What happened in one game: everything standings, head-to-head counts and
/// ratings are computed from. Vectors are by seat.
///
/// ```
/// use liar::tournament::GameRecord;
/// let r = GameRecord {
///     game: 0, bots: vec![2, 0], winner: Some(1), places: vec![2, 1],
///     chips: vec![-3, 3], penalties: vec![], disqualified: vec![], rounds: 5, decisions: 14,
/// };
/// assert_eq!(r.seat_of(0), Some(1));
/// assert_eq!(r.penalties_of(0), [0; 6]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game's index in the tournament.
    pub game: u64,
    /// The bot at each seat.
    pub bots: Vec<usize>,
    /// The winning seat (`None` only if the game was cut short by a player quitting).
    pub winner: Option<Seat>,
    /// Finishing place by seat: 1 for the winner, then in reverse order of
    /// elimination (the first one out is last). Seats still in a game cut
    /// short share place 1.
    pub places: Vec<u32>,
    /// Chips won (positive) or lost, by seat.
    pub chips: Vec<i64>,
    /// Failures by seat and reason ([`crate::engine::PenaltyReason::ALL`]
    /// order); empty when there were none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<[u32; 6]>,
    /// Seats disqualified.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disqualified: Vec<Seat>,
    /// Rounds played.
    pub rounds: u64,
    /// Decisions asked.
    pub decisions: u64,
}

impl GameRecord {
    /// The record of game `game` with `bots` seated, from the match's stats
    /// and the seats in the order they were eliminated.
    pub fn new(game: u64, bots: Vec<usize>, stats: &MatchStats, eliminated: &[Seat]) -> Self {
        let n = bots.len();
        let winner = stats.wins.iter().position(|&w| w > 0);
        // After a finished game everyone but the winner is out; if their order
        // was not watched (duels), they share the last place.
        let mut places = vec![if winner.is_some() { n as u32 } else { 1 }; n];
        for (i, &seat) in eliminated.iter().enumerate() {
            if let Some(p) = places.get_mut(seat) {
                *p = (n - i) as u32;
            }
        }
        if let Some(w) = winner {
            places[w] = 1;
        }
        let penalties = if stats.penalties.iter().flatten().any(|&c| c > 0) {
            stats.penalties.clone()
        } else {
            Vec::new()
        };
        GameRecord {
            game,
            bots,
            winner,
            places,
            chips: stats.chips_won.clone(),
            penalties,
            disqualified: (0..n)
                .filter(|&s| stats.disqualified.get(s).copied().unwrap_or(false))
                .collect(),
            rounds: stats.rounds,
            decisions: stats.decisions,
        }
    }

    /// The seat where `bot` sat, if it played.
    pub fn seat_of(&self, bot: usize) -> Option<Seat> {
        self.bots.iter().position(|&b| b == bot)
    }

    /// Failures of `seat` by reason.
    pub fn penalties_of(&self, seat: Seat) -> [u32; 6] {
        self.penalties.get(seat).copied().unwrap_or([0; 6])
    }

    /// All failures in the game.
    pub fn penalty_total(&self) -> u32 {
        self.penalties.iter().flatten().sum()
    }

    /// Whether the record is consistent with a table of `seats` seats and
    /// `bots` bots (checked on records read from files).
    pub fn is_consistent(&self, seats: usize, bots: usize) -> bool {
        self.bots.len() == seats
            && self.places.len() == seats
            && self.chips.len() == seats
            && (self.penalties.is_empty() || self.penalties.len() == seats)
            && self.bots.iter().all(|&b| b < bots)
            && self.disqualified.iter().all(|&s| s < seats)
            && self.winner.is_none_or(|w| w < seats)
            && self
                .bots
                .iter()
                .enumerate()
                .all(|(i, b)| !self.bots[..i].contains(b))
    }
}

/// Watches a game for the order of eliminations and, if asked, records its replay.
pub(crate) struct GameObserver {
    /// Whether eliminations matter (with two seats the winner says it all;
    /// skipping events keeps duels fast).
    pub watch: bool,
    pub eliminated: Vec<Seat>,
    pub replay: Option<ReplayWriter<Vec<u8>>>,
}

impl Observer for GameObserver {
    fn active(&self) -> bool {
        self.watch || self.replay.is_some()
    }

    fn event(&mut self, event: &Event) {
        if let Event::Eliminated(gone) = event {
            self.eliminated.push(gone.seat);
        }
        if let Some(r) = &mut self.replay {
            r.event(event);
        }
    }
}
