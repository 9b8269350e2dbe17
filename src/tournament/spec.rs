//! What a tournament is: the bots, the table, how many games, the seed.

use crate::engine::{PenaltyPolicy, SeatInfo, SeatKind};
use crate::rules::{MAX_SEATS, Rules, Seat};
use crate::setup::{BotLimits, BotParams};
pub use crate::setup::{Length, SeatOrders};
use serde::{Deserialize, Serialize};

/// One bot entered in a tournament, as results identify it.
///
/// ```
/// use liar::tournament::BotEntry;
/// let bot = BotEntry::native("honest");
/// assert_eq!(bot.name, "honest");
/// assert_eq!(bot.native.as_deref(), Some("honest"));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotEntry {
    /// The bot's name (unique within the tournament).
    pub name: String,
    /// A hash of the bot's file, so results say exactly which code played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// A Lua bot's script path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// A built-in policy's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native: Option<String>,
    /// The limits the bot plays under, recorded because they can change
    /// results: shards with different limits do not merge. Where it runs
    /// ([`BotLimits::isolation`]) does not change results and is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<BotLimits>,
    /// The parameters a Lua bot reads as `liar.params`; they change results
    /// as its code does.
    #[serde(default, skip_serializing_if = "BotParams::is_empty")]
    pub params: BotParams,
}

impl BotEntry {
    /// A built-in policy, named after it.
    pub fn native(policy: &str) -> BotEntry {
        BotEntry {
            name: policy.to_string(),
            hash: None,
            script: None,
            native: Some(policy.to_string()),
            limits: None,
            params: BotParams::default(),
        }
    }

    /// How a replay's `match` line describes this bot sitting at `seat`.
    pub fn seat_info(&self, seat: Seat) -> SeatInfo {
        SeatInfo {
            seat,
            name: self.name.clone(),
            kind: SeatKind::Bot,
            script: self.script.clone(),
            native: self.native.clone(),
            hash: self.hash.clone(),
            params: self.params.clone(),
        }
    }
}

/// Everything that decides a tournament's games. Two runs of equal specs
/// (and deterministic bots) play exactly the same games.
///
/// ```
/// use liar::tournament::{BotEntry, Length, TournamentSpec};
/// let spec = TournamentSpec::new(
///     vec![BotEntry::native("random"), BotEntry::native("honest")],
///     2,
///     Length::Games(10),
///     42,
/// );
/// assert!(spec.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentSpec {
    /// The bots, in a fixed order (results refer to them by index).
    pub bots: Vec<BotEntry>,
    /// Seats at each table.
    pub table_size: usize,
    /// How many games.
    pub length: Length,
    /// The master seed: every game's dice derive from it and the game's index.
    pub seed: u64,
    /// Which seat orders each group plays.
    #[serde(default)]
    pub seat_orders: SeatOrders,
    /// Whether all seat orders of a group replay the same dice (see the module docs).
    #[serde(default)]
    pub duplicate_dice: bool,
    /// The rules of every table.
    pub rules: Rules,
    /// What failures cost.
    pub penalty: PenaltyPolicy,
}

/// Why a tournament spec cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Fewer bots than seats.
    #[error("{bots} bots cannot fill a table of {seats} seats")]
    TooFewBots {
        /// Bots entered.
        bots: usize,
        /// Seats at a table.
        seats: usize,
    },
    /// A table size the engine or the rules do not allow.
    #[error("a table of {seats} seats is not allowed (the rules allow {min} to {max})")]
    TableSize {
        /// Seats asked for.
        seats: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// Two bots share a name.
    #[error("two bots are named {0:?}; names must be unique")]
    DuplicateName(String),
    /// Permutations of more than [`SeatOrders::MAX_PERMUTATION_SEATS`] seats
    /// are too many games per group.
    #[error("seat_orders = \"permutations\" allows at most {max} seats, got {0}", max = SeatOrders::MAX_PERMUTATION_SEATS)]
    TooManyPermutations(usize),
    /// The schedule does not fit in 64 bits.
    #[error("the schedule is too large (more than 2^64 games)")]
    TooLarge,
}

impl TournamentSpec {
    /// A spec with the default rules (two-player tables allowed), penalty
    /// policy, rotations and no duplicate dice.
    pub fn new(bots: Vec<BotEntry>, table_size: usize, length: Length, seed: u64) -> Self {
        TournamentSpec {
            bots,
            table_size,
            length,
            seed,
            seat_orders: SeatOrders::Rotations,
            duplicate_dice: false,
            rules: Rules {
                min_players: 2,
                ..Rules::default()
            },
            penalty: PenaltyPolicy::default(),
        }
    }

    /// Checks that the spec can be played.
    pub fn validate(&self) -> Result<(), SpecError> {
        let seats = self.table_size;
        let min = self.rules.min_players.max(2);
        let max = self.rules.max_players.min(MAX_SEATS);
        if !(min..=max).contains(&seats) {
            return Err(SpecError::TableSize { seats, min, max });
        }
        if self.bots.len() < seats {
            return Err(SpecError::TooFewBots {
                bots: self.bots.len(),
                seats,
            });
        }
        for (i, bot) in self.bots.iter().enumerate() {
            if self.bots[..i].iter().any(|b| b.name == bot.name) {
                return Err(SpecError::DuplicateName(bot.name.clone()));
            }
        }
        if self.seat_orders == SeatOrders::Permutations && seats > SeatOrders::MAX_PERMUTATION_SEATS
        {
            return Err(SpecError::TooManyPermutations(seats));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results files list a bot's limits as they always have: the four
    /// numbers in alphabetical order, without where the bot runs.
    #[test]
    fn recorded_limits_keep_their_json_shape() {
        let bot = BotEntry {
            limits: Some(BotLimits::default()),
            ..BotEntry::native("honest")
        };
        let json = serde_json::to_string(&bot).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"name":"honest","native":"honest","limits":{"bank_instructions":50000000,"bank_ms":5000,"instructions":5000000,"log_lines":200,"memory_mb":32,"wall_ms":1000}}"#
        );
        let back: Option<BotEntry> = serde_json::from_str(&json).ok();
        assert_eq!(back, Some(bot));
        let native = serde_json::to_string(&BotEntry::native("random")).unwrap_or_default();
        assert_eq!(native, r#"{"name":"random","native":"random"}"#);
    }
}
