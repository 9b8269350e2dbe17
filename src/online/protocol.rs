//! The messages of the online protocol (docs/online.md), version
//! [`PROTOCOL_VERSION`]: JSON text frames over one WebSocket, one message
//! per frame, each an object with a `type` field.
//!
//! Seat numbers are 0-based, as in replays; people read them counted from 1.
//! Hands are in canonical notation (`"KKKQQ"`), dice in position order
//! (`"KQ9KK"`), events exactly as a replay's public events.

use crate::engine::PublicEvent;
use crate::rules::{
    ClaimOnTable, Decision, DecisionKind, Dice, Hand, Lang, Positions, RoundAction, Rules, Seat,
    SeatView,
};
use serde::{Deserialize, Serialize};

/// The newest protocol version this build speaks (docs/online.md, "Versions").
pub const PROTOCOL_VERSION: u32 = 2;

/// The oldest protocol version this build's server still speaks.
pub const OLDEST_PROTOCOL_VERSION: u32 = 1;

/// A table's number on its server.
pub type TableId = u64;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        /// The protocol version the client speaks.
        protocol: u32,
    },
    /// Ask for the lobby's tables (answered by [`ServerMsg::Tables`]); then,
    /// until the client sits or spectates, each change of the lobby comes
    /// as [`ServerMsg::TableUpdate`] or [`ServerMsg::TableGone`] (protocol
    /// 1: the whole list again).
    ListTables,
    /// Open a new table from one of the server's presets.
    CreateTable {
        /// A preset's name ([`ServerMsg::Welcome::presets`]).
        preset: String,
        /// The table's name; the preset's when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Take an open seat (answered by [`ServerMsg::Seated`]).
    TakeSeat {
        /// The table.
        table: TableId,
        /// The seat; the first open one when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        /// The name others see.
        name: String,
    },
    /// Come back to a seat taken before, on this or an earlier connection.
    Resume {
        /// The table.
        table: TableId,
        /// The token [`ServerMsg::Seated`] gave.
        token: String,
    },
    /// Watch a table: the public view only.
    Spectate {
        /// The table.
        table: TableId,
    },
    /// Give the seat up. Before the match it is open again; during the
    /// match a bot plays it to the end.
    Leave,
    /// Start the match (the host only: the first person seated). With
    /// `fill_with_bots`, open seats get the table's bot first.
    Start {
        /// Seat bots in the open seats.
        #[serde(default)]
        fill_with_bots: bool,
    },
    /// Answer the question [`ServerMsg::YourTurn`] asked.
    Decide {
        /// The question's number ([`ServerMsg::YourTurn::turn`]). An answer
        /// to a question already answered is ignored.
        turn: u64,
        /// The answer.
        decision: Move,
    },
    /// Keep-alive; answered by [`ServerMsg::Pong`].
    Ping,
}

/// A decision as it travels: the same four as [`Decision`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Claim a hand (canonical notation).
    Claim {
        /// The hand.
        claim: Hand,
    },
    /// Accept the claim.
    Accept,
    /// Challenge the claim.
    Challenge,
    /// Throw these positions (0–4) again.
    Reroll {
        /// Positions, each at most once.
        positions: Vec<usize>,
    },
}

impl Move {
    /// The engine's decision, or `None` for positions out of range or repeated.
    ///
    /// ```
    /// use liar::online::Move;
    /// use liar::rules::Decision;
    /// assert_eq!(Move::Accept.decision(), Some(Decision::Accept));
    /// assert_eq!(Move::Reroll { positions: vec![1, 1] }.decision(), None);
    /// ```
    pub fn decision(&self) -> Option<Decision> {
        Some(match self {
            Move::Claim { claim } => Decision::Claim(*claim),
            Move::Accept => Decision::Accept,
            Move::Challenge => Decision::Challenge,
            Move::Reroll { positions } => Decision::Reroll(Positions::from_list(positions)?),
        })
    }
}

impl From<Decision> for Move {
    fn from(decision: Decision) -> Self {
        match decision {
            Decision::Claim(claim) => Move::Claim { claim },
            Decision::Accept => Move::Accept,
            Decision::Challenge => Move::Challenge,
            Decision::Reroll(p) => Move::Reroll {
                positions: p.iter().collect(),
            },
        }
    }
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to [`ClientMsg::Hello`].
    Welcome {
        /// The protocol version the server speaks.
        protocol: u32,
        /// The server program and version (`liar 0.1.0`).
        server: String,
        /// Presets a table can be created from.
        presets: Vec<String>,
    },
    /// The lobby.
    Tables {
        /// Every table, by number.
        tables: Vec<TableSummary>,
    },
    /// A table of the lobby is new, or changed (protocol 2).
    TableUpdate {
        /// The table as it is now.
        table: TableSummary,
    },
    /// A table left the lobby (protocol 2): told to the lobby's watchers,
    /// and to the connections at the table when it expired.
    TableGone {
        /// The table's number.
        table: TableId,
        /// Why.
        reason: GoneReason,
    },
    /// A seat is yours: keep the token to come back.
    Seated {
        /// The table.
        table: TableId,
        /// Your seat.
        seat: Seat,
        /// The secret that proves the seat is yours.
        token: String,
    },
    /// The whole current view of a table, sent on sitting, resuming,
    /// spectating and whenever its seats change.
    State(Box<TableState>),
    /// Something public happened (exactly a replay's public event).
    Event {
        /// The event's place in the match's public events, from 0: a client
        /// that already has it ignores it.
        index: u64,
        /// The event.
        event: PublicEvent,
    },
    /// Whose turn it is, to everyone at the table.
    Turn {
        /// The seat asked.
        seat: Seat,
        /// What it must decide.
        kind: DecisionKind,
        /// Milliseconds left to answer.
        deadline_ms: u64,
    },
    /// Your turn: the question and everything your seat may know.
    YourTurn {
        /// The question's number in the match, from 0; send it back in
        /// [`ClientMsg::Decide`].
        turn: u64,
        /// Your view.
        view: SeatSnapshot,
        /// Milliseconds left to answer.
        deadline_ms: u64,
    },
    /// The match is over: its replay (every die) can be downloaded.
    MatchEnd {
        /// Games won, by seat.
        wins: Vec<u32>,
        /// Whether it stopped before all its games were played.
        aborted: bool,
        /// Where to download the replay (a path on this server).
        replay: String,
    },
    /// A message was refused; nothing changed.
    Error {
        /// A stable code ([`ErrorCode`]).
        code: ErrorCode,
        /// What was wrong, for people.
        message: String,
    },
    /// The answer to [`ClientMsg::Ping`].
    Pong,
}

/// Why a table left the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoneReason {
    /// Its match is over: its result is in `GET /api/matches`, its replay
    /// can be downloaded, and the people at it may still `resume` it for
    /// a while to see the end.
    Finished,
    /// It waited with nobody at it for longer than the server keeps
    /// waiting tables.
    Expired,
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a message of this protocol.
    Malformed,
    /// The client speaks another protocol version.
    Version,
    /// Larger than the server accepts.
    TooLarge,
    /// Too many messages per second.
    RateLimited,
    /// No such table.
    UnknownTable,
    /// No such preset.
    UnknownPreset,
    /// The server has as many tables as it may.
    TooManyTables,
    /// The seat is taken, or there is none open.
    SeatTaken,
    /// The token is not this table's.
    BadToken,
    /// Only the host may do this.
    NotHost,
    /// Not now: e.g. starting a match that runs, or seats still open.
    WrongState,
    /// No question of yours is waiting, or `turn` is not its number.
    NotYourTurn,
    /// The decision is against the rules (a claim too low, …).
    Illegal,
    /// A name that is empty, too long or has control characters.
    BadName,
}

impl ErrorCode {
    /// Every code, in the order above.
    pub const ALL: [ErrorCode; 14] = [
        ErrorCode::Malformed,
        ErrorCode::Version,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::UnknownTable,
        ErrorCode::UnknownPreset,
        ErrorCode::TooManyTables,
        ErrorCode::SeatTaken,
        ErrorCode::BadToken,
        ErrorCode::NotHost,
        ErrorCode::WrongState,
        ErrorCode::NotYourTurn,
        ErrorCode::Illegal,
        ErrorCode::BadName,
    ];
}

/// A table as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSummary {
    /// The table's number.
    pub id: TableId,
    /// Its name.
    pub name: String,
    /// The preset it was made from.
    pub preset: String,
    /// Its rules.
    pub rules: Rules,
    /// Games in its match.
    pub games: u32,
    /// Seconds each person has per decision.
    pub turn_seconds: u32,
    /// Waiting for people, playing, or finished.
    pub phase: Phase,
    /// The seats, by number.
    pub seats: Vec<SeatSummary>,
    /// The host's seat, once a person sits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<Seat>,
    /// The language its table file speaks (`lang`), if it says; clients
    /// speak it unless the person chose another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Seats are being taken.
    Waiting,
    /// The match runs.
    Playing,
    /// The match is over.
    Finished,
}

/// One seat in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat number.
    pub seat: Seat,
    /// Who sits there.
    pub occupant: Occupant,
    /// The person's or bot's name; empty when open.
    pub name: String,
    /// A person with a live connection (false for bots and open seats).
    pub connected: bool,
    /// A bot plays for the person now (turn timeouts, or they left).
    #[serde(default)]
    pub bot_playing: bool,
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    /// Nobody yet.
    Open,
    /// A person.
    Person,
    /// A bot.
    Bot,
}

/// The whole view of a table for one connection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableState {
    /// The table.
    pub table: TableSummary,
    /// Your seat; `None` for a spectator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub you: Option<Seat>,
    /// The match's public events so far (indexes 0, 1, …).
    pub events: Vec<PublicEvent>,
    /// The question waiting for you, if any (as [`ServerMsg::YourTurn`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub your_turn: Option<TurnQuestion>,
    /// Whose turn it is, if the match waits for someone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnInfo>,
}

/// A question waiting for this seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnQuestion {
    /// The question's number.
    pub turn: u64,
    /// The seat's view.
    pub view: SeatSnapshot,
    /// Milliseconds left.
    pub deadline_ms: u64,
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnInfo {
    /// The seat asked.
    pub seat: Seat,
    /// What it must decide.
    pub kind: DecisionKind,
    /// Milliseconds left.
    pub deadline_ms: u64,
}

/// A [`SeatView`] that owns its data, to send and to rebuild on the other side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSnapshot {
    /// The seat.
    pub seat: Seat,
    /// The decision owed.
    pub decision: Option<DecisionKind>,
    /// The table's rules.
    pub rules: Rules,
    /// 1-based game number.
    pub game: u32,
    /// 1-based round number.
    pub round: u32,
    /// Turn order of the players dealt into this game.
    pub order: Vec<Seat>,
    /// Chips by seat.
    pub chips: Vec<u32>,
    /// The pot.
    pub pot: u32,
    /// The claim standing, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_beat: Option<ClaimOnTable>,
    /// This round's public actions.
    pub history: Vec<RoundAction>,
    /// The seat's dice, only while it holds them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
}

impl SeatSnapshot {
    /// Copies a view.
    pub fn of(view: &SeatView<'_>) -> Self {
        SeatSnapshot {
            seat: view.seat,
            decision: view.decision,
            rules: *view.rules,
            game: view.game,
            round: view.round,
            order: view.order.to_vec(),
            chips: view.chips.to_vec(),
            pot: view.pot,
            to_beat: view.to_beat,
            history: view.history.to_vec(),
            dice: view.dice,
        }
    }

    /// The view again, borrowing from this snapshot.
    pub fn view(&self) -> SeatView<'_> {
        SeatView {
            seat: self.seat,
            decision: self.decision,
            rules: &self.rules,
            game: self.game,
            round: self.round,
            order: &self.order,
            chips: &self.chips,
            pot: self.pot,
            to_beat: self.to_beat,
            history: &self.history,
            dice: self.dice,
        }
    }
}
