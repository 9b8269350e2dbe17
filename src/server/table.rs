//! One table on the server: its seats, who is connected to it, its
//! match's public events and the question waiting, behind one mutex. The
//! lobby changes it for clients; the match thread for the engine.

use super::outbox::{Peer, encode};
use super::presets::Preset;
use super::token::TokenHash;
use crate::engine::PublicEvent;
use crate::online::{
    Occupant, Phase, SeatSnapshot, SeatSummary, ServerMsg, TableId, TableState, TableSummary,
    TurnInfo, TurnQuestion,
};
use crate::rules::{Decision, DecisionKind, Seat};
use std::net::IpAddr;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// Locks a mutex; a thread that panicked while holding it left plain data
/// that is still usable.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// From the lobby to a person's seat in the match thread.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SeatAnswer {
    /// The person answered question `turn` (checked legal).
    Answer { turn: u64, decision: Decision },
    /// Look again: the person left, a bot answers now.
    Wake,
}

/// One seat.
pub(crate) struct SeatSlot {
    pub occupant: Occupant,
    /// The person's or bot's name; the preset's while open.
    pub name: String,
    /// The hash of the person's token.
    pub token: Option<TokenHash>,
    /// The person's live connections.
    pub conns: Vec<Peer>,
    /// A bot answers for the person (timeouts, or the person left).
    pub bot_playing: bool,
    /// The person gave the seat up during the match: the bot plays to the end.
    pub left: bool,
    /// Timeouts in this match.
    pub timeouts: u32,
    /// Where the person's answers go while the match runs.
    pub input: Option<Sender<SeatAnswer>>,
}

/// The question waiting for a person.
pub(crate) struct Question {
    pub seat: Seat,
    pub turn: u64,
    pub view: SeatSnapshot,
    pub deadline: Instant,
    /// An answer went to the seat's player: nothing else is taken.
    pub answered: bool,
}

/// Whose turn it is.
#[derive(Clone, Copy)]
pub(crate) struct TurnNow {
    pub seat: Seat,
    pub kind: DecisionKind,
    /// For people; bots have none.
    pub deadline: Option<Instant>,
}

/// A match's outcome.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    pub wins: Vec<u32>,
    pub aborted: bool,
}

/// What changes, behind the table's mutex.
pub(crate) struct TableInner {
    pub name: String,
    pub phase: Phase,
    pub seats: Vec<SeatSlot>,
    pub host: Option<Seat>,
    pub spectators: Vec<Peer>,
    pub events: Vec<PublicEvent>,
    pub question: Option<Question>,
    pub turn: Option<TurnNow>,
    /// The number of the next question to a person.
    pub next_turn: u64,
    pub outcome: Option<Outcome>,
    /// When the lobby last saw the table change (a waiting table that
    /// nobody is at expires some time after).
    pub changed: Instant,
}

/// A table.
pub struct Table {
    /// Its number.
    pub id: TableId,
    /// What it was made from.
    pub preset: Arc<Preset>,
    /// The address of the connection that made it (none for a table
    /// restored after a restart).
    pub creator: Option<IpAddr>,
    pub(crate) inner: Mutex<TableInner>,
}

/// Milliseconds from now until `deadline` (0 once past).
pub(crate) fn millis_left(deadline: Instant) -> u64 {
    u64::try_from(
        deadline
            .saturating_duration_since(Instant::now())
            .as_millis(),
    )
    .unwrap_or(0)
}

impl Table {
    /// A new table from `preset`, waiting for people: its human seats open.
    pub(crate) fn new(
        id: TableId,
        preset: Arc<Preset>,
        name: String,
        creator: Option<IpAddr>,
    ) -> Table {
        let seats = preset
            .table
            .seats
            .iter()
            .map(|s| SeatSlot {
                occupant: if s.bot.is_some() {
                    Occupant::Bot
                } else {
                    Occupant::Open
                },
                name: if s.bot.is_some() {
                    s.name.clone()
                } else {
                    String::new()
                },
                token: None,
                conns: Vec::new(),
                bot_playing: false,
                left: false,
                timeouts: 0,
                input: None,
            })
            .collect();
        Table {
            id,
            preset,
            creator,
            inner: Mutex::new(TableInner {
                name,
                phase: Phase::Waiting,
                seats,
                host: None,
                spectators: Vec::new(),
                events: Vec::new(),
                question: None,
                turn: None,
                next_turn: 0,
                outcome: None,
                changed: Instant::now(),
            }),
        }
    }

    /// The table's state behind its lock.
    pub(crate) fn lock(&self) -> MutexGuard<'_, TableInner> {
        lock(&self.inner)
    }

    /// The lobby's line for this table.
    pub fn summary(&self) -> TableSummary {
        self.summarise(&self.lock())
    }

    pub(crate) fn summarise(&self, inner: &TableInner) -> TableSummary {
        let table = &self.preset.table;
        TableSummary {
            id: self.id,
            name: inner.name.clone(),
            preset: self.preset.name.clone(),
            rules: table.rules,
            games: table.games,
            turn_seconds: table.online.turn_seconds,
            lang: table.lang,
            phase: inner.phase,
            seats: inner
                .seats
                .iter()
                .enumerate()
                .map(|(seat, s)| SeatSummary {
                    seat,
                    occupant: s.occupant,
                    name: s.name.clone(),
                    connected: s.occupant == Occupant::Person && !s.conns.is_empty(),
                    bot_playing: s.bot_playing,
                })
                .collect(),
            host: inner.host,
        }
    }

    /// The whole view for a connection at `you` (a spectator: `None`).
    pub(crate) fn state_for(&self, inner: &TableInner, you: Option<Seat>) -> TableState {
        let your_turn = inner
            .question
            .as_ref()
            .filter(|q| Some(q.seat) == you && !q.answered)
            .map(|q| TurnQuestion {
                turn: q.turn,
                view: q.view.clone(),
                deadline_ms: millis_left(q.deadline),
            });
        TableState {
            table: self.summarise(inner),
            you,
            events: inner.events.clone(),
            your_turn,
            turn: inner.turn.map(|t| TurnInfo {
                seat: t.seat,
                kind: t.kind,
                deadline_ms: t.deadline.map_or(0, millis_left),
            }),
        }
    }

    /// Sends every connection at the table its own `State`.
    /// After `match_end` nothing more is sent from a table: a connection
    /// that comes to it then is sent its own state and the end.
    pub(crate) fn send_states(&self, inner: &TableInner) {
        if inner.phase == Phase::Finished {
            return;
        }
        for (seat, slot) in inner.seats.iter().enumerate() {
            if slot.conns.is_empty() {
                continue;
            }
            let text = encode(&ServerMsg::State(Box::new(
                self.state_for(inner, Some(seat)),
            )));
            for peer in &slot.conns {
                peer.outbox.push(text.clone());
            }
        }
        if !inner.spectators.is_empty() {
            let text = encode(&ServerMsg::State(Box::new(self.state_for(inner, None))));
            for peer in &inner.spectators {
                peer.outbox.push(text.clone());
            }
        }
    }
}

impl TableInner {
    /// Sends `msg` to every connection at the table (seats and spectators).
    pub(crate) fn broadcast(&self, msg: &ServerMsg) {
        let text = encode(msg);
        for peer in self
            .seats
            .iter()
            .flat_map(|s| s.conns.iter())
            .chain(self.spectators.iter())
        {
            peer.outbox.push(text.clone());
        }
    }

    /// Sends `msg` to the connections of `seat` only.
    pub(crate) fn send_to_seat(&self, seat: Seat, msg: &ServerMsg) {
        if let Some(slot) = self.seats.get(seat) {
            let text = encode(msg);
            for peer in &slot.conns {
                peer.outbox.push(text.clone());
            }
        }
    }

    /// Forgets connection `id` wherever it is at this table.
    pub(crate) fn drop_conn(&mut self, id: super::outbox::ConnId) {
        for slot in &mut self.seats {
            slot.conns.retain(|p| p.id != id);
        }
        self.spectators.retain(|p| p.id != id);
    }
}
