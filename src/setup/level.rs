//! The difficulty levels of `liar play --level`: which bundled bots sit
//! down against you at the built-in table.

use serde::Deserialize;

/// A difficulty level. The levels are ordered by how often a panel of
/// fourteen bots (the bundled ones and those of `bots/arena`), each put in
/// the person's seat, wins at the level's table: 37.2 % at `easy`,
/// 19.8 % at `medium`, 4.9 % at `hard` (docs/strength.md, "Levels").
///
/// ```
/// use liar::setup::{Level, Named};
/// assert_eq!(Level::names(), ["easy", "medium", "hard"]);
/// assert!(Level::Hard.opponents().iter().all(|o| o.bot == "expert"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// `honest` and `statistician` (the built-in table as written): bots
    /// that never bluff on purpose and judge claims by plain odds.
    Easy,
    /// `honest` and an `expert` that plays half its decisions as the
    /// statistician would (`slip = 0.5`).
    Medium,
    /// Two `expert` bots: they bluff, track what each claim implies, and
    /// challenge by the exact odds.
    Hard,
}

/// One bot seat of a level's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opponent {
    /// The seat's name.
    pub name: &'static str,
    /// The bundled bot.
    pub bot: &'static str,
    /// The bot's `slip` parameter, if it has one (see `bots/expert.lua`).
    pub slip: Option<f64>,
}

const fn plain(name: &'static str, bot: &'static str) -> Opponent {
    Opponent {
        name,
        bot,
        slip: None,
    }
}

impl super::Named for Level {}

impl Level {
    /// The opponents, in seat order.
    pub fn opponents(self) -> &'static [Opponent] {
        const EASY: &[Opponent] = &[plain("Honest", "honest"), plain("Stat", "statistician")];
        const MEDIUM: &[Opponent] = &[
            plain("Honest", "honest"),
            Opponent {
                name: "Expert",
                bot: "expert",
                slip: Some(0.5),
            },
        ];
        const HARD: &[Opponent] = &[plain("Expert", "expert"), plain("Expert2", "expert")];
        match self {
            Level::Easy => EASY,
            Level::Medium => MEDIUM,
            Level::Hard => HARD,
        }
    }

    /// What the level means, for `--help` (English; the help stays so).
    pub fn describe(self) -> &'static str {
        match self {
            Level::Easy => "honest and statistician: bots that never bluff on purpose",
            Level::Medium => "honest and an expert that slips on half its decisions",
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
            for o in seats {
                assert!(BundledBot::named(o.bot).is_some(), "{}", o.bot);
            }
            assert_ne!(seats[0].name, seats[1].name);
        }
    }
}
