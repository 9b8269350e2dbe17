//! The facts of the events every player may see, one struct per event.
//!
//! Each struct is carried by both [`super::Event`] (the replay line) and
//! [`super::PublicEvent`] (what players are told), so each event's fields
//! are declared once and code passes the whole event on instead of taking
//! it apart. In a replay line the fields follow the `type` field in the
//! order declared here (`docs/replay-format.md`).

use super::events::{PenaltyAction, PenaltyReason};
use crate::rules::{Dice, Hand, RoundAction, Seat};
use serde::{Deserialize, Serialize};

/// A game begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStart {
    /// 1-based game number.
    pub game: u32,
    /// Who opens the first round.
    pub first: Seat,
    /// Chips by seat.
    pub chips: Vec<u32>,
}

/// A round begins: who throws. The throw itself is hidden; the replay adds
/// it ([`super::Event::RoundStart`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundStart {
    /// Game number.
    pub game: u32,
    /// 1-based round number within the game.
    pub round: u32,
    /// Who threw.
    pub starter: Seat,
}

/// A claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// Who claimed.
    pub seat: Seat,
    /// The hand claimed.
    pub claim: Hand,
}

/// A claim was accepted: the seat takes the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accept {
    /// Who accepted.
    pub seat: Seat,
}

/// A challenge and its outcome, with the dice shown to all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The challenger.
    pub seat: Seat,
    /// Who made the claim.
    pub claimer: Seat,
    /// The claim challenged.
    pub claim: Hand,
    /// The dice revealed.
    pub dice: Dice,
    /// Whether the real hand is at least the claim.
    pub claim_true: bool,
    /// Who paid.
    pub loser: Seat,
    /// Chips by seat after paying.
    pub chips: Vec<u32>,
    /// The pot after paying.
    pub pot: u32,
}

/// A player failed and was penalised.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Penalty {
    /// Who failed.
    pub seat: Seat,
    /// Why.
    pub reason: PenaltyReason,
    /// What happened, for the bot's author (error text, file:line). Private
    /// to the replay: empty in a [`super::PublicEvent`].
    pub detail: String,
    /// What the engine did.
    pub action: PenaltyAction,
    /// Chips by seat after paying, if a chip was taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Vec<u32>>,
    /// The pot after paying, if a chip was taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pot: Option<u32>,
}

/// A player has no chips left and leaves the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eliminated {
    /// Who left.
    pub seat: Seat,
}

/// A game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    /// Game number.
    pub game: u32,
    /// The last player with chips.
    pub winner: Seat,
    /// The pot the winner takes.
    pub pot: u32,
}

impl From<Claim> for RoundAction {
    fn from(c: Claim) -> Self {
        RoundAction::Claim {
            seat: c.seat,
            claim: c.claim,
        }
    }
}

impl From<Accept> for RoundAction {
    fn from(a: Accept) -> Self {
        RoundAction::Accept { seat: a.seat }
    }
}
