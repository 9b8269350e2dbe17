//! The sections tables and tournaments share: `[rules]`, `[penalty]` and
//! (read in `limits.rs`) `[limits]`.

use super::error::{ConfigError, Problem};
use super::limits::read_limits;
use super::raw::{Field, Key, Table};
use crate::engine::{PenaltyMode, PenaltyPolicy};
use crate::rules::{DiceKind, Lang, MAX_SEATS, NextRoundStarter, Rules, SeatingRule, Straights};
use crate::setup::{BotLimits, Named};

/// Most chips a player may start a game with: a game lasts about
/// `chips × players` rounds, so this keeps matches finite in practice.
pub const MAX_CHIPS: u32 = 1000;

impl Named for DiceKind {}
impl Named for Straights {}
impl Named for NextRoundStarter {}
impl Named for SeatingRule {}
impl Named for PenaltyMode {}
impl Named for Lang {}

/// The keys of `[rules]` and how each is read.
const RULES: &[Key<Rules>] = &[
    Key::new("dice", |t, f, r| {
        r.dice = t.named_value(f)?;
        Ok(())
    }),
    Key::new("chips", |t, f, r| {
        r.chips = t.integer_value(f, 1, i64::from(MAX_CHIPS))?.into_inner() as u32;
        Ok(())
    }),
    Key::new("straights", |t, f, r| {
        r.straights = t.named_value(f)?;
        Ok(())
    }),
    Key::new("kickers", |t, f, r| {
        r.kickers = t.boolean_value(f)?;
        Ok(())
    }),
    Key::new("next_round_starter", |t, f, r| {
        r.next_round_starter = t.named_value(f)?;
        Ok(())
    }),
    Key::new("seating", |t, f, r| {
        r.seating = t.named_value(f)?;
        Ok(())
    }),
    Key::new("min_players", |t, f, r| {
        r.min_players = players(t, f)?;
        Ok(())
    }),
    Key::new("max_players", |t, f, r| {
        r.max_players = players(t, f)?;
        Ok(())
    }),
];

/// A player count the engine can seat.
fn players(t: &Table<'_, '_>, f: &Field<'_, '_>) -> Result<usize, ConfigError> {
    Ok(t.integer_value(f, 2, MAX_SEATS as i64)?.into_inner() as usize)
}

/// Reads `[rules]` (keys left out keep the book's rules) and checks that the player
/// range makes sense.
pub(crate) fn read_rules(t: &Table<'_, '_>) -> Result<Rules, ConfigError> {
    let mut rules = Rules::default();
    t.read_keys(RULES, &mut rules)?;
    let min = t.field("min_players");
    let max = t.field("max_players");
    if rules.min_players > rules.max_players {
        // Point at whichever of the two the file sets (max first: raising
        // min_players alone above the default max is the usual slip).
        let (key, span, problem) = match (max, min) {
            (Some(m), _) => (
                "max_players",
                m.span(),
                Problem::MaxBelowMin {
                    max: rules.max_players,
                    min: rules.min_players,
                },
            ),
            (None, Some(m)) => (
                "min_players",
                m.span(),
                Problem::MinAboveDefaultMax {
                    min: rules.min_players,
                    max: rules.max_players,
                },
            ),
            (None, None) => return Ok(rules),
        };
        return Err(t.bad_value(&span, key, problem));
    }
    Ok(rules)
}

/// Most failures `disqualify_after` may name.
pub const MAX_DISQUALIFY_AFTER: u32 = 1_000_000;

/// The keys of `[penalty]` and how each is read.
const PENALTY: &[Key<PenaltyPolicy>] = &[
    Key::new("mode", |t, f, p| {
        p.mode = t.named_value(f)?;
        Ok(())
    }),
    Key::new("disqualify_after", |t, f, p| {
        let n = t
            .integer_value(f, 0, i64::from(MAX_DISQUALIFY_AFTER))?
            .into_inner() as u32;
        p.disqualify_after = (n > 0).then_some(n);
        Ok(())
    }),
];

/// Reads `[penalty]` (keys left out: forfeit, disqualified after 10 failures).
/// `disqualify_after = 0` never disqualifies.
pub(crate) fn read_penalty(t: &Table<'_, '_>) -> Result<PenaltyPolicy, ConfigError> {
    let mut penalty = PenaltyPolicy::default();
    t.read_keys(PENALTY, &mut penalty)?;
    Ok(penalty)
}

/// A config with the top-level sections tables and tournaments share.
pub(crate) trait SharedSections {
    /// Where `[rules]` goes.
    fn rules_mut(&mut self) -> &mut Rules;
    /// Where `[penalty]` goes.
    fn penalty_mut(&mut self) -> &mut PenaltyPolicy;
    /// Where `[limits]` goes (every bot's limits start from it).
    fn limits_mut(&mut self) -> &mut BotLimits;
}

/// Implements [`SharedSections`] for a config with fields `rules`,
/// `penalty` and `limits`.
macro_rules! shared_sections {
    ($config:ty) => {
        impl $crate::config::sections::SharedSections for $config {
            fn rules_mut(&mut self) -> &mut $crate::rules::Rules {
                &mut self.rules
            }
            fn penalty_mut(&mut self) -> &mut $crate::engine::PenaltyPolicy {
                &mut self.penalty
            }
            fn limits_mut(&mut self) -> &mut $crate::setup::BotLimits {
                &mut self.limits
            }
        }
    };
}
pub(crate) use shared_sections;

/// The top-level key `rules`.
pub(crate) const fn rules_key<D: SharedSections>() -> Key<D> {
    Key::new("rules", |t, f, d| {
        *d.rules_mut() = read_rules(&t.table_value(f)?)?;
        Ok(())
    })
}

/// The top-level key `penalty`.
pub(crate) const fn penalty_key<D: SharedSections>() -> Key<D> {
    Key::new("penalty", |t, f, d| {
        *d.penalty_mut() = read_penalty(&t.table_value(f)?)?;
        Ok(())
    })
}

/// The top-level key `limits`.
pub(crate) const fn limits_key<D: SharedSections>() -> Key<D> {
    Key::new("limits", |t, f, d| {
        *d.limits_mut() = read_limits(&t.table_value(f)?, BotLimits::default())?;
        Ok(())
    })
}
