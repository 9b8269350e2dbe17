//! Standings, head-to-head counts and ratings, computed from the games.

use super::confidence::{Interval, wilson};
use super::ratings::{Rating, ratings};
use super::results::Results;
use serde::{Deserialize, Serialize};

/// Failures counted by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyCounts {
    /// Over the time limit.
    pub timeout: u64,
    /// The bot's code failed.
    pub error: u64,
    /// Malformed or illegal decisions.
    pub illegal: u64,
    /// Out of instruction budget.
    pub budget: u64,
    /// Out of memory.
    pub memory: u64,
    /// Anything else.
    pub other: u64,
}

impl PenaltyCounts {
    /// Adds counts in [`crate::engine::PenaltyReason::ALL`] order.
    pub fn add(&mut self, counts: &[u32; 6]) {
        for (field, &c) in self.fields_mut().into_iter().zip(counts) {
            *field += u64::from(c);
        }
    }

    /// The counts in [`crate::engine::PenaltyReason::ALL`] order.
    pub fn as_array(&self) -> [u64; 6] {
        [
            self.timeout,
            self.error,
            self.illegal,
            self.budget,
            self.memory,
            self.other,
        ]
    }

    /// All failures.
    pub fn total(&self) -> u64 {
        self.as_array().iter().sum()
    }

    fn fields_mut(&mut self) -> [&mut u64; 6] {
        [
            &mut self.timeout,
            &mut self.error,
            &mut self.illegal,
            &mut self.budget,
            &mut self.memory,
            &mut self.other,
        ]
    }
}

/// One bot's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Place in the standings, from 1.
    pub rank: usize,
    /// The bot's index in the spec.
    pub bot: usize,
    /// Its name.
    pub name: String,
    /// The hash of its file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// `wins / games` (0 with no games).
    pub win_rate: f64,
    /// The Wilson 95% interval of the win rate.
    pub win_rate_ci: Interval,
    /// Chips won minus chips lost.
    pub chips: i64,
    /// Mean finishing place (1 = won).
    pub mean_place: f64,
    /// Games played in each seat position (fair seating makes these equal).
    pub seats: Vec<u64>,
    /// Failures by kind.
    pub penalties: PenaltyCounts,
    /// Games in which it was disqualified.
    pub disqualified: u64,
    /// Its rating.
    pub rating: Rating,
}

/// Who finished ahead of whom: `ahead[a][b]` counts the games where bot `a`
/// finished ahead of bot `b` (won, or was eliminated after `b`), out of the
/// `met[a][b]` games where both sat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadToHead {
    /// Games shared, by pair of bots (symmetric).
    pub met: Vec<Vec<u64>>,
    /// Games where the row's bot finished ahead of the column's.
    pub ahead: Vec<Vec<u64>>,
}

/// Everything computed from a run's games.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Standings, best first: by win rate, then chips, then bot order.
    pub standings: Vec<Standing>,
    /// Head-to-head counts, in the spec's bot order.
    pub head_to_head: HeadToHead,
}

impl Report {
    /// Computes the report of `results`.
    ///
    /// ```
    /// use liar::tournament::*;
    /// let spec = TournamentSpec::new(
    ///     vec![BotEntry::native("random"), BotEntry::native("honest")], 2, Length::Games(20), 3);
    /// let results = run(&spec, &NativeFactory::named(&["random", "honest"]).unwrap(),
    ///     &RunOptions::default()).unwrap();
    /// let report = Report::new(&results);
    /// assert_eq!(report.standings.iter().map(|s| s.wins).sum::<u64>(), 20);
    /// assert_eq!(report.head_to_head.met[0][1], 20);
    /// ```
    pub fn new(results: &Results) -> Report {
        let spec = &results.tournament;
        let n = spec.bots.len();
        let mut rows: Vec<Standing> = spec
            .bots
            .iter()
            .enumerate()
            .map(|(bot, b)| Standing {
                rank: 0,
                bot,
                name: b.name.clone(),
                hash: b.hash.clone(),
                games: 0,
                wins: 0,
                win_rate: 0.0,
                win_rate_ci: wilson(0, 0),
                chips: 0,
                mean_place: 0.0,
                seats: vec![0; spec.table_size],
                penalties: PenaltyCounts::default(),
                disqualified: 0,
                rating: Rating {
                    mu: 0.0,
                    sigma: 0.0,
                    ordinal: 0.0,
                },
            })
            .collect();
        let mut place_sums = vec![0u64; n];
        let mut h2h = HeadToHead {
            met: vec![vec![0; n]; n],
            ahead: vec![vec![0; n]; n],
        };
        for game in &results.games {
            for (seat, &bot) in game.bots.iter().enumerate() {
                let Some(row) = rows.get_mut(bot) else {
                    continue;
                };
                row.games += 1;
                if game.winner == Some(seat) {
                    row.wins += 1;
                }
                row.chips += game.chips.get(seat).copied().unwrap_or(0);
                if let Some(s) = row.seats.get_mut(seat) {
                    *s += 1;
                }
                row.penalties.add(&game.penalties_of(seat));
                if game.disqualified.contains(&seat) {
                    row.disqualified += 1;
                }
                let place = game.places.get(seat).copied().unwrap_or(0);
                place_sums[bot] += u64::from(place);
                for (other_seat, &other) in game.bots.iter().enumerate() {
                    if other == bot || other >= n {
                        continue;
                    }
                    h2h.met[bot][other] += 1;
                    if place < game.places.get(other_seat).copied().unwrap_or(0) {
                        h2h.ahead[bot][other] += 1;
                    }
                }
            }
        }
        let rated = ratings(n, &results.games);
        for (row, rating) in rows.iter_mut().zip(rated) {
            row.rating = rating;
            if row.games > 0 {
                row.win_rate = row.wins as f64 / row.games as f64;
                row.mean_place = place_sums[row.bot] as f64 / row.games as f64;
            }
            row.win_rate_ci = wilson(row.wins, row.games);
        }
        rows.sort_by(|a, b| {
            b.win_rate
                .total_cmp(&a.win_rate)
                .then(b.chips.cmp(&a.chips))
                .then(a.bot.cmp(&b.bot))
        });
        for (i, row) in rows.iter_mut().enumerate() {
            row.rank = i + 1;
        }
        Report {
            standings: rows,
            head_to_head: h2h,
        }
    }
}
