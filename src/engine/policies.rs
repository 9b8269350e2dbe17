//! Built-in players written in Rust, for tests, benchmarks and quick games.

use super::player::{Player, PlayerError, lowest_legal_claim};
use super::rng::SeatRng;
use crate::rules::{Decision, DecisionKind, Hand, Positions, SeatView};

/// A native bot: a policy written in Rust, much faster than a Lua bot.
/// People name it `native-random` or `native-honest` ([`Policy::BOT_NAMES`],
/// in `--bot` and in table files), so that `random` and `honest` always
/// mean the bundled Lua bots; a replay's `native` field keeps the short name
/// ([`Policy::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniform over the legal decisions.
    Random,
    /// Claims its real hand when legal, else the lowest legal claim; keeps
    /// its groups; challenges claims a fresh throw rarely reaches.
    Honest,
}

impl Policy {
    /// Every policy with its name in replays (the `native` field).
    pub const ALL: [(&'static str, Policy); 2] =
        [("random", Policy::Random), ("honest", Policy::Honest)];

    /// Every policy with the name people give it as a bot (`--bot`, a
    /// table's `type = "native"` seat): its replay name after `native-`.
    ///
    /// ```
    /// use liar::engine::Policy;
    /// assert_eq!(Policy::bot_named("native-honest"), Some(Policy::Honest));
    /// assert_eq!(Policy::bot_named("honest"), None);
    /// ```
    pub const BOT_NAMES: [(&'static str, Policy); 2] = [
        ("native-random", Policy::Random),
        ("native-honest", Policy::Honest),
    ];

    /// The policy people call `name` (`native-random`, `native-honest`).
    pub fn bot_named(name: &str) -> Option<Policy> {
        Self::BOT_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, p)| p)
    }

    /// This policy's name as a bot (`native-honest`).
    pub fn bot_name(self) -> &'static str {
        Self::BOT_NAMES
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("?", |(n, _)| n)
    }

    /// The policy called `name`.
    pub fn named(name: &str) -> Option<Policy> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|&(_, p)| p)
    }

    /// This policy's name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("?", |(n, _)| n)
    }
}

/// Honest challenges an opening claim that a fresh throw reaches less often than this.
pub const HONEST_DOUBT_OPENING: f64 = 0.20;
/// Honest challenges a claim made after a re-throw that a fresh throw reaches
/// less often than this (re-throws improve hands, so it doubts less).
pub const HONEST_DOUBT_AFTER_REROLL: f64 = 0.08;

/// A player driven by a built-in [`Policy`], with its own seeded stream.
///
/// ```
/// use liar::engine::{NativePlayer, Policy};
/// let p = NativePlayer::new(Policy::Honest);
/// assert_eq!(p.policy(), Policy::Honest);
/// ```
#[derive(Clone, Debug)]
pub struct NativePlayer {
    policy: Policy,
    rng: SeatRng,
}

impl NativePlayer {
    /// A player of the given policy (reseeded by the engine each game).
    pub fn new(policy: Policy) -> Self {
        NativePlayer {
            policy,
            rng: SeatRng::new(0),
        }
    }

    /// The policy it plays.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    fn random(&mut self, view: &SeatView<'_>) -> Decision {
        let ranking = view.rules.ranking();
        match view.decision {
            Some(DecisionKind::Respond) => {
                let forced = view.to_beat.is_some_and(|t| ranking.is_top(t.claim));
                if forced || self.rng.below(2) == 0 {
                    Decision::Challenge
                } else {
                    Decision::Accept
                }
            }
            Some(DecisionKind::Reroll) => {
                Decision::Reroll(Positions::from_mask(self.rng.below(32) as u8).unwrap_or_default())
            }
            _ => {
                let above = ranking.hands_above(view.to_beat.map(|t| t.claim));
                let pick = self.rng.below(above.len() as u32) as usize;
                Decision::Claim(above.get(pick).copied().unwrap_or(Hand::HIGHEST))
            }
        }
    }

    fn honest(&mut self, view: &SeatView<'_>) -> Decision {
        let ranking = view.rules.ranking();
        match (view.decision, view.dice) {
            (Some(DecisionKind::Respond), _) => {
                let Some(t) = view.to_beat else {
                    return Decision::Challenge;
                };
                let doubt = if t.rerolled.is_some() {
                    HONEST_DOUBT_AFTER_REROLL
                } else {
                    HONEST_DOUBT_OPENING
                };
                if ranking.is_top(t.claim) || ranking.chance_at_least(t.claim) < doubt {
                    Decision::Challenge
                } else {
                    Decision::Accept
                }
            }
            (Some(DecisionKind::Reroll), Some(dice)) => {
                let hand = dice.hand();
                let good_enough = view.to_beat.is_none_or(|t| ranking.beats(hand, t.claim));
                if good_enough || ranking.category(hand).is_straight() {
                    return Decision::Reroll(Positions::NONE);
                }
                // Keep every die that belongs to a group; throw the odd ones.
                let mut mask = 0u8;
                for (p, f) in dice.0.iter().enumerate() {
                    if hand.count(*f) < 2 {
                        mask |= 1 << p;
                    }
                }
                Decision::Reroll(Positions::from_mask(mask).unwrap_or_default())
            }
            (_, Some(dice)) => {
                let hand = dice.hand();
                match view.to_beat {
                    Some(t) if !ranking.beats(hand, t.claim) => {
                        Decision::Claim(lowest_legal_claim(view))
                    }
                    _ => Decision::Claim(hand),
                }
            }
            (_, None) => Decision::Claim(lowest_legal_claim(view)),
        }
    }
}

impl Player for NativePlayer {
    fn begin_game(&mut self, _game: u32, seed: u64) {
        self.rng = SeatRng::new(seed);
    }

    #[inline]
    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        Ok(match self.policy {
            Policy::Random => self.random(view),
            Policy::Honest => self.honest(view),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bot_name_is_native_dash_its_replay_name() {
        for ((bot, a), (short, b)) in Policy::BOT_NAMES.iter().zip(Policy::ALL.iter()) {
            assert_eq!(a, b);
            assert_eq!(*bot, format!("native-{short}"));
            assert_eq!(Policy::bot_named(bot), Some(*a));
            assert_eq!(a.bot_name(), *bot);
        }
    }
}
