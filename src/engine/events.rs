//! Everything that happens at a table, as the replay log records it.
//!
//! [`Event`] is the full record (God's view, all dice), one JSON object per
//! line in a replay file (see `docs/replay-format.md`). [`PublicEvent`] is the
//! part every player may see.

use super::payloads::{
    Accept, Challenge, Claim, Eliminated, GameEnd, GameStart, Penalty, RoundStart,
};
use crate::rules::{Dice, RoundAction, Rules, Seat, SeatingRoll};
use crate::setup::BotParams;
pub use crate::setup::SeatKind;
use serde::{Deserialize, Serialize};

/// The replay format version this engine writes.
pub const REPLAY_VERSION: u32 = 4;

/// The replay format versions this engine reads: 1 (every `match` line
/// carries its seed), 2 (a drawn seed is sealed, see [`Event::Match`]), 3
/// (a bot seat may carry its parameters, [`SeatInfo::params`]) and 4 (a
/// failure after a seat's last decision is a [`PenaltyAction::Recorded`]
/// penalty before `match_end`).
pub const REPLAY_VERSIONS: std::ops::RangeInclusive<u32> = 1..=REPLAY_VERSION;

/// A seat as the `match` line lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The parameters the table file gave the bot (version 3; none before).
    #[serde(default, skip_serializing_if = "BotParams::is_empty")]
    pub params: BotParams,
}

impl SeatInfo {
    /// A person at `seat`.
    pub fn human(seat: Seat, name: String) -> SeatInfo {
        SeatInfo {
            seat,
            name,
            kind: SeatKind::Human,
            script: None,
            native: None,
            hash: None,
            params: BotParams::default(),
        }
    }

    /// A native bot at `seat`, playing the policy named `policy`.
    pub fn native(seat: Seat, name: String, policy: &str) -> SeatInfo {
        SeatInfo {
            kind: SeatKind::Bot,
            native: Some(policy.to_string()),
            ..SeatInfo::human(seat, name)
        }
    }
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

    /// This reason's place in [`PenaltyReason::ALL`].
    ///
    /// ```
    /// use liar::engine::PenaltyReason;
    /// for (i, r) in PenaltyReason::ALL.into_iter().enumerate() {
    ///     assert_eq!(r.index(), i);
    /// }
    /// ```
    pub fn index(self) -> usize {
        // ALL lists the variants in declaration order.
        self as usize
    }

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
    /// Only counted: the failure came after the player's last decision of
    /// the match (in `observe` of the last game's end), so no chip moves
    /// and no decision follows. Written after the last `game_end`, before
    /// `match_end` (from version 4 on).
    Recorded,
}

/// One line of a replay.
///
/// Events every player may see carry their facts as one struct
/// ([`GameStart`], [`Challenge`], …), shared with [`PublicEvent`]; the
/// replay adds only what is hidden from players.
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
    GameStart(GameStart),
    /// A round begins with the starter's hidden throw.
    RoundStart {
        /// Who throws, in which round.
        #[serde(flatten)]
        start: RoundStart,
        /// The throw, in position order.
        dice: Dice,
    },
    /// A claim.
    Claim(Claim),
    /// A claim was accepted.
    Accept(Accept),
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
    Challenge(Challenge),
    /// A player failed and was penalised.
    Penalty(Penalty),
    /// A player has no chips left and leaves the game.
    Eliminated(Eliminated),
    /// A game ended.
    GameEnd(GameEnd),
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
    GameStart(GameStart),
    /// A round begins (the throw is hidden).
    RoundStart(RoundStart),
    /// A claim.
    Claim(Claim),
    /// A claim was accepted.
    Accept(Accept),
    /// A player announced how many dice he threw again.
    Reroll {
        /// Who threw.
        seat: Seat,
        /// How many dice.
        count: u8,
    },
    /// A challenge, with the dice shown to all.
    Challenge(Challenge),
    /// A player was penalised (its [`Penalty::detail`] is left empty).
    Penalty(Penalty),
    /// A player left the game.
    Eliminated(Eliminated),
    /// A game ended.
    GameEnd(GameEnd),
}

impl Event {
    /// The public part of this event, or `None` if nothing of it is public
    /// (the `match` header, bots' logs, the end of the match).
    ///
    /// ```
    /// use liar::engine::{Event, Penalty, PenaltyAction, PenaltyReason, PublicEvent};
    /// let penalty = Penalty {
    ///     seat: 1,
    ///     reason: PenaltyReason::Error,
    ///     detail: "bot.lua:3: boom".into(),
    ///     action: PenaltyAction::Fallback,
    ///     chips: None,
    ///     pot: None,
    /// };
    /// let Some(PublicEvent::Penalty(public)) = Event::Penalty(penalty.clone()).public() else {
    ///     panic!()
    /// };
    /// assert_eq!(public, Penalty { detail: String::new(), ..penalty });
    /// ```
    pub fn public(&self) -> Option<PublicEvent> {
        Some(match self {
            Event::Seating { order, .. } => PublicEvent::Seating {
                order: order.clone(),
            },
            Event::GameStart(e) => PublicEvent::GameStart(e.clone()),
            Event::RoundStart { start, .. } => PublicEvent::RoundStart(*start),
            Event::Claim(e) => PublicEvent::Claim(*e),
            Event::Accept(e) => PublicEvent::Accept(*e),
            Event::Reroll {
                seat, positions, ..
            } => PublicEvent::Reroll {
                seat: *seat,
                count: reroll_count(positions),
            },
            Event::Challenge(e) => PublicEvent::Challenge(e.clone()),
            Event::Penalty(e) => PublicEvent::Penalty(Penalty {
                detail: String::new(),
                ..e.clone()
            }),
            Event::Eliminated(e) => PublicEvent::Eliminated(*e),
            Event::GameEnd(e) => PublicEvent::GameEnd(*e),
            Event::Match { .. } | Event::Log { .. } | Event::MatchEnd { .. } => return None,
        })
    }

    /// The line's `type` in a replay: `match`, `game_start`, …
    ///
    /// ```
    /// use liar::engine::{Accept, Event};
    /// assert_eq!(Event::Accept(Accept { seat: 0 }).type_name(), "accept");
    /// ```
    pub fn type_name(&self) -> &'static str {
        match self {
            Event::Match { .. } => "match",
            Event::Seating { .. } => "seating",
            Event::GameStart(_) => "game_start",
            Event::RoundStart { .. } => "round_start",
            Event::Claim(_) => "claim",
            Event::Accept(_) => "accept",
            Event::Reroll { .. } => "reroll",
            Event::Challenge(_) => "challenge",
            Event::Penalty(_) => "penalty",
            Event::Eliminated(_) => "eliminated",
            Event::GameEnd(_) => "game_end",
            Event::Log { .. } => "log",
            Event::MatchEnd { .. } => "match_end",
        }
    }
}

/// How many dice a re-throw of `positions` announces (at most five).
pub(crate) fn reroll_count(positions: &[usize]) -> u8 {
    u8::try_from(positions.len()).unwrap_or(5)
}

impl PublicEvent {
    /// The claim, accept or re-throw this event is, as an action of the
    /// round; `None` for other events.
    pub fn action(&self) -> Option<RoundAction> {
        Some(match *self {
            PublicEvent::Claim(claim) => claim.into(),
            PublicEvent::Accept(accept) => accept.into(),
            PublicEvent::Reroll { seat, count } => RoundAction::Reroll { seat, count },
            _ => return None,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines as this engine wrote them before the payloads were shared: each
    /// must read and write back byte for byte (`docs/replay-format.md`).
    const LINES: &[&str] = &[
        r#"{"type":"seating","rolls":[{"seat":0,"face":"A"},{"seat":1,"face":"J"}],"order":[0,1]}"#,
        r#"{"type":"game_start","game":1,"first":2,"chips":[2,2,2]}"#,
        r#"{"type":"round_start","game":1,"round":1,"starter":2,"dice":"QT9AJ"}"#,
        r#"{"type":"claim","seat":2,"claim":"TTAQ9"}"#,
        r#"{"type":"accept","seat":0}"#,
        r#"{"type":"reroll","seat":0,"positions":[],"dice":"QT9AJ"}"#,
        r#"{"type":"challenge","seat":1,"claimer":0,"claim":"KKKT9","dice":"QQJQK","claim_true":false,"loser":0,"chips":[1,2,2],"pot":1}"#,
        r#"{"type":"penalty","seat":0,"reason":"error","detail":"bad.lua:3: boom","action":"forfeit","chips":[1,2,2],"pot":1}"#,
        r#"{"type":"penalty","seat":0,"reason":"illegal","detail":"","action":"fallback"}"#,
        r#"{"type":"eliminated","seat":0}"#,
        r#"{"type":"game_end","game":1,"winner":1,"pot":5}"#,
        r#"{"type":"log","seat":0,"text":"claim 2"}"#,
        r#"{"type":"match_end","wins":[0,3,0]}"#,
    ];

    #[test]
    fn replay_lines_keep_their_bytes() {
        for line in LINES {
            let event: Event = serde_json::from_str(line).unwrap();
            assert_eq!(serde_json::to_string(&event).unwrap(), *line);
            assert!(line.contains(&format!(r#""type":"{}""#, event.type_name())));
        }
    }

    #[test]
    fn public_events_keep_the_public_facts_only() {
        let event = |i: usize| serde_json::from_str::<Event>(LINES[i]).unwrap();
        let Some(PublicEvent::RoundStart(start)) = event(2).public() else {
            panic!("a round start");
        };
        assert_eq!(start.starter, 2);
        assert_eq!(
            event(5).public().and_then(|p| p.action()),
            Some(RoundAction::Reroll { seat: 0, count: 0 })
        );
        let Some(PublicEvent::Penalty(penalty)) = event(7).public() else {
            panic!("a penalty");
        };
        assert!(penalty.detail.is_empty());
        assert_eq!(penalty.pot, Some(1));
    }
}
