//! The seam every kind of player implements: built-in policies, Lua bots, humans.

use super::events::{PenaltyReason, PublicEvent};
use crate::rules::{Decision, Rules, Seat, SeatView};

/// Why a player gave no decision.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The player failed; the engine penalises it and plays on.
    #[error("{}: {detail}", reason.name())]
    Failed {
        /// The kind of failure.
        reason: PenaltyReason,
        /// What went wrong, for the player's author (e.g. `bot.lua:12: attempt to index nil`).
        detail: String,
    },
    /// The player used up what it had for the whole match (a Lua bot's
    /// match bank): it is penalised as for [`PlayerError::Failed`] and
    /// disqualified from the match at once.
    #[error("{}: {detail}", reason.name())]
    Spent {
        /// The kind of failure.
        reason: PenaltyReason,
        /// What went wrong, for the player's author.
        detail: String,
    },
    /// The player left the table (a human typed `quit`, or input ended):
    /// the match stops here and what was played is kept.
    #[error("the player left the table")]
    Quit,
}

impl PlayerError {
    /// A failure of the given kind.
    pub fn failed(reason: PenaltyReason, detail: impl Into<String>) -> Self {
        PlayerError::Failed {
            reason,
            detail: detail.into(),
        }
    }
}

/// What a player learns when a match begins.
#[derive(Clone, Debug)]
pub struct MatchInfo<'a> {
    /// This player's seat.
    pub seat: Seat,
    /// Every seat (name, kind, script), by seat number.
    pub seats: &'a [super::events::SeatInfo],
    /// The table's rules.
    pub rules: &'a Rules,
    /// Games in the match.
    pub games: u32,
    /// This seat's random seed while the match begins (before its first
    /// game): [`super::player_seed`] of the match's seed, game 0 and the
    /// seat. Bots draw from it in their top-level code.
    pub seed: u64,
}

/// A participant at the table. The engine asks it for decisions, giving it
/// only its own [`SeatView`], and tells it the public events if it wants them.
///
/// ```
/// use liar::engine::{Player, PlayerError};
/// use liar::rules::{Decision, DecisionKind, Positions, SeatView};
///
/// /// Always challenges, never re-throws, claims the lowest legal hand.
/// struct Doubter;
/// impl Player for Doubter {
///     fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
///         Ok(match view.decision {
///             Some(DecisionKind::Respond) => Decision::Challenge,
///             Some(DecisionKind::Reroll) => Decision::Reroll(Positions::NONE),
///             _ => Decision::Claim(liar::engine::lowest_legal_claim(view)),
///         })
///     }
/// }
/// ```
pub trait Player {
    /// A match begins (states such as a Lua bot's survive across its games).
    fn begin_match(&mut self, _info: &MatchInfo<'_>) {}

    /// A game begins; `seed` is this seat's own random stream for the game.
    fn begin_game(&mut self, _game: u32, _seed: u64) {}

    /// The decision `view.decision` is owed.
    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError>;

    /// Whether [`Player::observe`] should be called.
    fn wants_events(&self) -> bool {
        false
    }

    /// A public event happened.
    fn observe(&mut self, _event: &PublicEvent) {}

    /// The match is over (its last event observed): a failure the player
    /// still owes, one that no later decision can report (in a Lua bot, a
    /// failed `observe` of the last game's end). The engine records it as a
    /// penalty before the match ends.
    fn end_match(&mut self) -> Option<PlayerError> {
        None
    }

    /// Moves the player's pending debug lines into `out` (they go to the
    /// replay). The engine asks after each of the player's decisions and, for
    /// players that observe, at the end of each game and of the match: lines
    /// written while observing go out at the next of these.
    fn take_logs(&mut self, _out: &mut Vec<String>) {}
}

/// A player behind a pointer (`&mut P`, `Box<P>`) plays as the player.
macro_rules! player_behind {
    ($pointer:ty) => {
        impl<P: Player + ?Sized> Player for $pointer {
            fn begin_match(&mut self, info: &MatchInfo<'_>) {
                (**self).begin_match(info)
            }
            fn begin_game(&mut self, game: u32, seed: u64) {
                (**self).begin_game(game, seed)
            }
            fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
                (**self).decide(view)
            }
            fn wants_events(&self) -> bool {
                (**self).wants_events()
            }
            fn observe(&mut self, event: &PublicEvent) {
                (**self).observe(event)
            }
            fn end_match(&mut self) -> Option<PlayerError> {
                (**self).end_match()
            }
            fn take_logs(&mut self, out: &mut Vec<String>) {
                (**self).take_logs(out)
            }
        }
    };
}

player_behind!(&mut P);
player_behind!(Box<P>);

/// The lowest claim legal in `view`: the lowest hand above the claim to beat,
/// or the lowest hand when opening a round.
pub fn lowest_legal_claim(view: &SeatView<'_>) -> crate::rules::Hand {
    let ranking = view.rules.ranking();
    let strength = view
        .to_beat
        .map_or(0, |t| ranking.strength(t.claim).saturating_add(1));
    ranking
        .lowest_of_strength(strength)
        .unwrap_or(crate::rules::Hand::HIGHEST)
}
