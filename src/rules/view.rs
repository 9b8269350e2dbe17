//! What one seat may know: the public state plus the dice it holds.

use super::face::Dice;
use super::game::DecisionKind;
use super::hand::Hand;
use super::table_rules::{Rules, Seat};

/// A public action of the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum RoundAction {
    /// `seat` claimed `claim`.
    Claim {
        /// Who claimed.
        seat: Seat,
        /// The hand claimed.
        claim: Hand,
    },
    /// `seat` accepted the claim before.
    Accept {
        /// Who accepted.
        seat: Seat,
    },
    /// `seat` threw `count` dice again (which ones is private).
    Reroll {
        /// Who threw.
        seat: Seat,
        /// How many dice.
        count: u8,
    },
}

impl RoundAction {
    /// The seat that acted.
    ///
    /// ```
    /// use liar::rules::RoundAction;
    /// assert_eq!(RoundAction::Accept { seat: 2 }.seat(), 2);
    /// ```
    pub fn seat(self) -> Seat {
        match self {
            RoundAction::Claim { seat, .. }
            | RoundAction::Accept { seat }
            | RoundAction::Reroll { seat, .. } => seat,
        }
    }
}

/// The claim standing on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClaimOnTable {
    /// Who made it.
    pub seat: Seat,
    /// The hand claimed.
    pub claim: Hand,
    /// How many dice the claimer threw again before claiming; `None` if he
    /// opened the round (a fresh throw of all five).
    pub rerolled: Option<u8>,
}

/// Everything one seat may know when it is asked to decide: the
/// table's public state, and the dice only while this seat holds them.
///
/// Players receive nothing else. It borrows from the game, so building one
/// costs nothing.
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'a> {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The decision this seat owes now, if any.
    pub decision: Option<DecisionKind>,
    /// The table's rules.
    pub rules: &'a Rules,
    /// The 1-based game number in the match.
    pub game: u32,
    /// The 1-based round number within the game.
    pub round: u32,
    /// Turn order of the players dealt into this game.
    pub order: &'a [Seat],
    /// Chips by seat (0 = out of the game).
    pub chips: &'a [u32],
    /// Chips in the pot.
    pub pot: u32,
    /// The claim to beat (or to accept or challenge), if one stands.
    pub to_beat: Option<ClaimOnTable>,
    /// This round's public actions so far.
    pub history: &'a [RoundAction],
    /// The five dice in position order, only while this seat holds them
    /// (deciding its re-throw or its claim).
    pub dice: Option<Dice>,
}
