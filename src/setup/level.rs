//! The difficulty levels of `liar play --level`: which bundled bots sit
//! down against you at the built-in table.

use serde::Deserialize;

/// A difficulty level.
///
/// ```
/// use liar::setup::{Level, Named};
/// assert_eq!(Level::names(), ["easy", "medium", "hard"]);
/// assert!(Level::Hard.opponents().iter().all(|(_, bot)| *bot == "expert"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// `random` and `honest`: bots that never bluff on purpose and are easy
    /// to read.
    Easy,
    /// `honest` and `statistician` (the built-in table as written): a
    /// careful bot that judges claims by the odds.
    Medium,
    /// Two `expert` bots: they bluff, track what each claim implies, and
    /// challenge by the exact odds.
    Hard,
}

impl super::Named for Level {}

impl Level {
    /// The opponents, in seat order: each seat's name and its bundled bot.
    pub fn opponents(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Level::Easy => &[("Random", "random"), ("Honest", "honest")],
            Level::Medium => &[("Honest", "honest"), ("Stat", "statistician")],
            Level::Hard => &[("Expert", "expert"), ("Expert2", "expert")],
        }
    }

    /// What the level means, for `--help` (English; the help stays so).
    pub fn describe(self) -> &'static str {
        match self {
            Level::Easy => "random and honest: bots that never bluff on purpose",
            Level::Medium => {
                "honest and statistician (the default): the statistician judges claims by the odds"
            }
            Level::Hard => "two experts: they bluff, read claims and challenge by the exact odds",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{BundledBot, Named};

    #[test]
    fn every_opponent_is_a_bundled_bot_with_a_distinct_seat_name() {
        for level in Level::choices().into_iter().map(|(_, l)| l) {
            let seats = level.opponents();
            assert_eq!(seats.len(), 2, "{level:?}");
            for (_, bot) in seats {
                assert!(BundledBot::named(bot).is_some(), "{bot}");
            }
            assert_ne!(seats[0].0, seats[1].0);
        }
    }
}
