//! The sections tables and tournaments share: `[rules]` and `[penalty]`.

use super::error::{ConfigError, ErrorKind};
use super::raw::Table;
use crate::engine::{PenaltyMode, PenaltyPolicy};
use crate::rules::{DiceKind, Lang, MAX_SEATS, NextRoundStarter, Rules, SeatingRule, Straights};

/// Most chips a player may start a game with: a game lasts about
/// `chips × players` rounds, so this keeps matches finite in practice.
pub const MAX_CHIPS: u32 = 1000;

/// The keys of `[rules]`.
pub(crate) const RULE_KEYS: &[&str] = &[
    "dice",
    "chips",
    "straights",
    "kickers",
    "next_round_starter",
    "seating",
    "min_players",
    "max_players",
];

// Names as the rules' serde derives spell them (a unit test checks).
pub(crate) const DICE: &[(&str, DiceKind)] =
    &[("poker", DiceKind::Poker), ("standard", DiceKind::Standard)];
pub(crate) const STRAIGHTS: &[(&str, Straights)] = &[
    ("below-full-house", Straights::BelowFullHouse),
    ("above-full-house", Straights::AboveFullHouse),
    ("none", Straights::None),
];
pub(crate) const STARTERS: &[(&str, NextRoundStarter)] = &[
    ("challenger", NextRoundStarter::Challenger),
    ("loser", NextRoundStarter::Loser),
    ("left-of-challenger", NextRoundStarter::LeftOfChallenger),
];
pub(crate) const SEATING: &[(&str, SeatingRule)] = &[
    ("throw", SeatingRule::Throw),
    ("listed", SeatingRule::Listed),
];
pub(crate) const PENALTY_MODES: &[(&str, PenaltyMode)] = &[
    ("forfeit", PenaltyMode::Forfeit),
    ("fallback", PenaltyMode::Fallback),
];
pub(crate) const LANGS: &[(&str, Lang)] = &[("en", Lang::En), ("ru", Lang::Ru)];

/// Reads `[rules]` (absent: the book's rules) and checks that the player
/// range makes sense.
pub(crate) fn read_rules(root: &Table<'_, '_>) -> Result<Rules, ConfigError> {
    let mut rules = Rules::default();
    let Some(t) = root.table("rules")? else {
        return Ok(rules);
    };
    t.deny_unknown(RULE_KEYS)?;
    if let Some(v) = t.choice("dice", DICE)? {
        rules.dice = v.into_inner();
    }
    if let Some(n) = t.integer("chips", 1, i64::from(MAX_CHIPS))? {
        rules.chips = n.into_inner() as u32;
    }
    if let Some(v) = t.choice("straights", STRAIGHTS)? {
        rules.straights = v.into_inner();
    }
    if let Some(b) = t.boolean("kickers")? {
        rules.kickers = b;
    }
    if let Some(v) = t.choice("next_round_starter", STARTERS)? {
        rules.next_round_starter = v.into_inner();
    }
    if let Some(v) = t.choice("seating", SEATING)? {
        rules.seating = v.into_inner();
    }
    let seats = MAX_SEATS as i64;
    let min = t.integer("min_players", 2, seats)?;
    let max = t.integer("max_players", 2, seats)?;
    if let Some(n) = &min {
        rules.min_players = *n.get_ref() as usize;
    }
    if let Some(n) = &max {
        rules.max_players = *n.get_ref() as usize;
    }
    if rules.min_players > rules.max_players {
        // Point at whichever of the two the file sets (max first: raising
        // min_players alone above the default max is the usual slip).
        let (key, span, message) = match (&max, &min) {
            (Some(m), _) => (
                "max_players",
                m.span(),
                format!(
                    "{} is below min_players ({})",
                    rules.max_players, rules.min_players
                ),
            ),
            (None, Some(m)) => (
                "min_players",
                m.span(),
                format!(
                    "{} is above max_players ({}, the default); set max_players too",
                    rules.min_players, rules.max_players
                ),
            ),
            (None, None) => return Ok(rules),
        };
        return Err(t.bad_value(&span, key, ErrorKind::BadValue, message));
    }
    Ok(rules)
}

/// The keys of `[penalty]`.
pub(crate) const PENALTY_KEYS: &[&str] = &["mode", "disqualify_after"];

/// Most failures `disqualify_after` may name.
pub const MAX_DISQUALIFY_AFTER: u32 = 1_000_000;

/// Reads `[penalty]` (absent: forfeit, disqualified after 10 failures).
/// `disqualify_after = 0` never disqualifies.
pub(crate) fn read_penalty(root: &Table<'_, '_>) -> Result<PenaltyPolicy, ConfigError> {
    let mut penalty = PenaltyPolicy::default();
    let Some(t) = root.table("penalty")? else {
        return Ok(penalty);
    };
    t.deny_unknown(PENALTY_KEYS)?;
    if let Some(v) = t.choice("mode", PENALTY_MODES)? {
        penalty.mode = v.into_inner();
    }
    if let Some(n) = t.integer("disqualify_after", 0, i64::from(MAX_DISQUALIFY_AFTER))? {
        let n = n.into_inner() as u32;
        penalty.disqualify_after = (n > 0).then_some(n);
    }
    Ok(penalty)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names here must be the ones the rules types serialize to.
    fn same_names<T: serde::Serialize>(options: &[(&str, T)]) {
        for (name, value) in options {
            let v = toml::Value::try_from(value).ok();
            assert_eq!(v.as_ref().and_then(|v| v.as_str()), Some(*name));
        }
    }

    #[test]
    fn option_names_match_serde_names() {
        same_names(DICE);
        same_names(STRAIGHTS);
        same_names(STARTERS);
        same_names(SEATING);
        same_names(PENALTY_MODES);
        same_names(LANGS);
        assert_eq!(STRAIGHTS.len(), Straights::ALL.len());
    }
}
