//! Everything that happens at a table, as the replay log records it.
//!
//! [`Event`] is the full record (God's view, all dice), one JSON object per
//! line in a replay file (see `docs/replay-format.md`). [`PublicEvent`] is the
//! part every player may see.

use crate::rules::{Dice, Hand, Rules, Seat, SeatingRoll};
pub use crate::setup::SeatKind;
use serde::{Deserialize, Serialize};

/// The replay format version this engine writes.
pub const REPLAY_VERSION: u32 = 2;

/// The replay format versions this engine reads: 1 (every `match` line
/// carries its seed) and 2 (a drawn seed is sealed, see [`Event::Match`]).
pub const REPLAY_VERSIONS: std::ops::RangeInclusive<u32> = 1..=REPLAY_VERSION;

/// A seat as the `match` line lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The seat number.
    pub seat: Seat,
    /// The player's name.
    pub name: String,
    /// Person or program.
    pub kind: SeatKind,
    /// A Lua bot's script path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// A built-in policy's name (an extra field of this engine).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native: Option<String>,
    /// A hash of the bot's code, so results say which code played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// Why a player was penalised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PenaltyReason {
    /// The player took longer than its time limit.
    Timeout,
    /// The player's code failed (a Lua error, for example).
    Error,
    /// The decision was malformed or against the rules.
    Illegal,
    /// The player ran out of its instruction budget.
    Budget,
    /// The player ran out of memory.
    Memory,
    /// A reason this engine version does not know (read from a newer replay).
    #[serde(other)]
    Other,
}

impl PenaltyReason {
    /// Every reason, in a fixed order (for tables of counts).
    pub const ALL: [PenaltyReason; 6] = [
        PenaltyReason::Timeout,
        PenaltyReason::Error,
        PenaltyReason::Illegal,
        PenaltyReason::Budget,
        PenaltyReason::Memory,
        PenaltyReason::Other,
    ];

    /// The lowercase name used in replays.
    pub fn name(self) -> &'static str {
        match self {
            PenaltyReason::Timeout => "timeout",
            PenaltyReason::Error => "error",
            PenaltyReason::Illegal => "illegal",
            PenaltyReason::Budget => "budget",
            PenaltyReason::Memory => "memory",
            PenaltyReason::Other => "other",
        }
    }
}

/// What the engine did about a penalty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PenaltyAction {
    /// The player paid a chip and the round ended.
    Forfeit,
    /// The engine made a safe decision in the player's place.
    Fallback,
    /// The player was removed from the match; its chips went to the pot.
    Disqualified,
}

/// One line of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// First line: the table.
    Match {
        /// Format version ([`REPLAY_VERSION`] when written by this engine).
        version: u32,
        /// The master seed, when it may be known from the start: a seed
        /// someone chose. Always present in version 1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        /// Instead of `seed`, for a seed drawn at random and kept secret
        /// until the end (version 2): the SHA-256 of the seed's decimal text,
        /// 64 lowercase hex digits (see [`crate::engine::seed_commitment`]).
        /// `match_end` then reveals the seed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commitment: Option<String>,
        /// The rules played.
        rules: Rules,
        /// The seats, in config order.
        seats: Vec<SeatInfo>,
    },
    /// The preliminary throw that set the turn order.
    Seating {
        /// Every die thrown, re-throws among ties included.
        rolls: Vec<SeatingRoll>,
        /// Turn order, first caller first.
        order: Vec<Seat>,
    },
    /// A game begins.
    GameStart {
        /// 1-based game number.
        game: u32,
        /// Who opens the first round.
        first: Seat,
        /// Chips by seat.
        chips: Vec<u32>,
    },
    /// A round begins with the starter's hidden throw.
    RoundStart {
        /// Game number.
        game: u32,
        /// 1-based round number within the game.
        round: u32,
        /// Who threw.
        starter: Seat,
        /// The throw, in position order.
        dice: Dice,
    },
    /// A claim.
    Claim {
        /// Who claimed.
        seat: Seat,
        /// The hand claimed.
        claim: Hand,
    },
    /// A claim was accepted.
    Accept {
        /// Who accepted.
        seat: Seat,
    },
    /// Dice thrown again after an accept.
    Reroll {
        /// Who threw.
        seat: Seat,
        /// The positions thrown (their number is announced).
        positions: Vec<usize>,
        /// The dice after the throw.
        dice: Dice,
    },
    /// A challenge and its outcome.
    Challenge {
        /// The challenger.
        seat: Seat,
        /// Who made the claim.
        claimer: Seat,
        /// The claim challenged.
        claim: Hand,
        /// The dice revealed.
        dice: Dice,
        /// Whether the real hand is at least the claim.
        claim_true: bool,
        /// Who paid.
        loser: Seat,
        /// Chips by seat after paying.
        chips: Vec<u32>,
        /// The pot after paying.
        pot: u32,
    },
    /// A player failed and was penalised.
    Penalty {
        /// Who failed.
        seat: Seat,
        /// Why.
        reason: PenaltyReason,
        /// What happened, for the bot's author (error text, file:line).
        detail: String,
        /// What the engine did.
        action: PenaltyAction,
        /// Chips by seat after paying, if a chip was taken.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chips: Option<Vec<u32>>,
        /// The pot after paying, if a chip was taken.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pot: Option<u32>,
    },
    /// A player has no chips left and leaves the game.
    Eliminated {
        /// Who left.
        seat: Seat,
    },
    /// A game ended.
    GameEnd {
        /// Game number.
        game: u32,
        /// The last player with chips.
        winner: Seat,
        /// The pot the winner takes.
        pot: u32,
    },
    /// A bot's own debug line.
    Log {
        /// The bot's seat.
        seat: Seat,
        /// The text.
        text: String,
    },
    /// Last line: the results.
    MatchEnd {
        /// Games won, by seat.
        wins: Vec<u32>,
        /// Set when the match stopped before all its games were played
        /// (a player quit, or the run was interrupted).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        aborted: bool,
        /// The master seed, revealed at the end when the `match` line gave
        /// only its commitment (version 2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
    },
}

/// What every player may see happen: an [`Event`] with the hidden dice taken out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PublicEvent {
    /// The turn order was set.
    Seating {
        /// Turn order, first caller first.
        order: Vec<Seat>,
    },
    /// A game begins.
    GameStart {
        /// Game number.
        game: u32,
        /// Who opens.
        first: Seat,
        /// Chips by seat.
        chips: Vec<u32>,
    },
    /// A round begins (the throw is hidden).
    RoundStart {
        /// Game number.
        game: u32,
        /// Round number.
        round: u32,
        /// Who threw.
        starter: Seat,
    },
    /// A claim.
    Claim {
        /// Who claimed.
        seat: Seat,
        /// The hand claimed.
        claim: Hand,
    },
    /// A claim was accepted.
    Accept {
        /// Who accepted.
        seat: Seat,
    },
    /// A player announced how many dice he threw again.
    Reroll {
        /// Who threw.
        seat: Seat,
        /// How many dice.
        count: usize,
    },
    /// A challenge, with the dice shown to all.
    Challenge {
        /// The challenger.
        seat: Seat,
        /// Who made the claim.
        claimer: Seat,
        /// The claim challenged.
        claim: Hand,
        /// The dice revealed.
        dice: Dice,
        /// Whether the real hand is at least the claim.
        claim_true: bool,
        /// Who paid.
        loser: Seat,
        /// Chips by seat after paying.
        chips: Vec<u32>,
        /// The pot after paying.
        pot: u32,
    },
    /// A player was penalised.
    Penalty {
        /// Who.
        seat: Seat,
        /// Why.
        reason: PenaltyReason,
        /// What the engine did.
        action: PenaltyAction,
        /// Chips by seat after paying, if a chip was taken.
        chips: Option<Vec<u32>>,
        /// The pot after paying, if a chip was taken.
        pot: Option<u32>,
    },
    /// A player left the game.
    Eliminated {
        /// Who.
        seat: Seat,
    },
    /// A game ended.
    GameEnd {
        /// Game number.
        game: u32,
        /// Winner.
        winner: Seat,
        /// The pot won.
        pot: u32,
    },
}

impl Event {
    /// The public part of this event, or `None` if nothing of it is public
    /// (the `match` header, bots' logs, the end of the match).
    pub fn public(&self) -> Option<PublicEvent> {
        Some(match self {
            Event::Seating { order, .. } => PublicEvent::Seating {
                order: order.clone(),
            },
            Event::GameStart { game, first, chips } => PublicEvent::GameStart {
                game: *game,
                first: *first,
                chips: chips.clone(),
            },
            Event::RoundStart {
                game,
                round,
                starter,
                ..
            } => PublicEvent::RoundStart {
                game: *game,
                round: *round,
                starter: *starter,
            },
            Event::Claim { seat, claim } => PublicEvent::Claim {
                seat: *seat,
                claim: *claim,
            },
            Event::Accept { seat } => PublicEvent::Accept { seat: *seat },
            Event::Reroll {
                seat, positions, ..
            } => PublicEvent::Reroll {
                seat: *seat,
                count: positions.len(),
            },
            Event::Challenge {
                seat,
                claimer,
                claim,
                dice,
                claim_true,
                loser,
                chips,
                pot,
            } => PublicEvent::Challenge {
                seat: *seat,
                claimer: *claimer,
                claim: *claim,
                dice: *dice,
                claim_true: *claim_true,
                loser: *loser,
                chips: chips.clone(),
                pot: *pot,
            },
            Event::Penalty {
                seat,
                reason,
                action,
                chips,
                pot,
                ..
            } => PublicEvent::Penalty {
                seat: *seat,
                reason: *reason,
                action: *action,
                chips: chips.clone(),
                pot: *pot,
            },
            Event::Eliminated { seat } => PublicEvent::Eliminated { seat: *seat },
            Event::GameEnd { game, winner, pot } => PublicEvent::GameEnd {
                game: *game,
                winner: *winner,
                pot: *pot,
            },
            Event::Match { .. } | Event::Log { .. } | Event::MatchEnd { .. } => return None,
        })
    }
}

/// Receives every event of a match as it happens (replay writer, terminal
/// renderer, statistics).
pub trait Observer {
    /// Whether this observer looks at events at all; the engine skips building
    /// them when no one does.
    fn active(&self) -> bool {
        true
    }

    /// Called once per event, in order.
    fn event(&mut self, event: &Event);
}

/// An observer that ignores everything (for simulations and benchmarks).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    fn active(&self) -> bool {
        false
    }
    fn event(&mut self, _event: &Event) {}
}

impl<T: Observer> Observer for Option<T> {
    fn active(&self) -> bool {
        self.as_ref().is_some_and(|o| o.active())
    }
    fn event(&mut self, event: &Event) {
        if let Some(o) = self {
            o.event(event);
        }
    }
}

impl<A: Observer, B: Observer> Observer for (A, B) {
    fn active(&self) -> bool {
        self.0.active() || self.1.active()
    }
    fn event(&mut self, event: &Event) {
        self.0.event(event);
        self.1.event(event);
    }
}

impl<T: Observer + ?Sized> Observer for &mut T {
    fn active(&self) -> bool {
        (**self).active()
    }
    fn event(&mut self, event: &Event) {
        (**self).event(event)
    }
}
