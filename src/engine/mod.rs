//! Plays matches: seeded dice, players asked with their own view only,
//! penalties for failures, events for observers.

mod events;
mod native_setup;
mod payloads;
mod penalty;
mod player;
mod policies;
mod rng;
mod seal;
mod table;

pub(crate) use events::reroll_count;
pub use events::{
    Event, NoObserver, Observer, PenaltyAction, PenaltyReason, PublicEvent, REPLAY_VERSION,
    REPLAY_VERSIONS, SeatInfo, SeatKind,
};
pub use native_setup::{UnknownPolicy, native_players};
pub use payloads::{Accept, Challenge, Claim, Eliminated, GameEnd, GameStart, Penalty, RoundStart};
pub use penalty::{PenaltyMode, PenaltyPolicy, fallback_decision};
pub use player::{MatchInfo, Player, PlayerError, lowest_legal_claim};
pub use policies::{HONEST_DOUBT_AFTER_REROLL, HONEST_DOUBT_OPENING, NativePlayer, Policy};
pub use rng::{DiceStream, PLAYER_STREAMS, PlayerSeeds, SeatRng, player_seed};
pub use seal::{SealedSeed, seed_commitment, sha256_hex};
pub use table::{MatchSetup, MatchStats, SetupError, play_match};
