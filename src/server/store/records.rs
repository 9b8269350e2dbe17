//! The rows of the index as plain data: tables, their seats, matches.

use crate::online::{Occupant, TableId};
use crate::rules::Seat;
use serde::{Deserialize, Serialize};

/// A match's number on its server (never reused).
pub type MatchId = u64;

/// A table as the index keeps it: enough to list it again and rebuild it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRecord {
    /// The table's number (the lobby's).
    pub id: TableId,
    /// Its name.
    pub name: String,
    /// The preset it was made from.
    pub preset: String,
    /// Whatever the lobby needs to rebuild the table (its rules, seats,
    /// games, turn timer, …), as JSON.
    pub config: serde_json::Value,
    /// The host's seat, once a person sits.
    pub host: Option<Seat>,
}

/// A seat as the index keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    /// The seat number.
    pub seat: Seat,
    /// The person's or bot's name; empty when open.
    pub name: String,
    /// Who sits there.
    pub occupant: Occupant,
    /// A hash of the person's seat token (never the token itself).
    pub token_hash: Option<String>,
    /// The person left during the match (a bot plays the seat to the end).
    pub left: bool,
}

/// Where a match is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchState {
    /// Recorded, not yet started.
    Waiting,
    /// Being played (after a restart: to be played on from its journal).
    Playing,
    /// Over; its replay is complete.
    Finished,
}

impl MatchState {
    /// The name in the index.
    pub fn name(self) -> &'static str {
        match self {
            MatchState::Waiting => "waiting",
            MatchState::Playing => "playing",
            MatchState::Finished => "finished",
        }
    }

    /// The state with this name.
    pub fn from_name(name: &str) -> Option<Self> {
        [
            MatchState::Waiting,
            MatchState::Playing,
            MatchState::Finished,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// How a finished match ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// Games won, by seat.
    pub wins: Vec<u32>,
    /// Whether it stopped before all its games were played.
    pub aborted: bool,
}

/// A match as the index keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// The match's number.
    pub id: MatchId,
    /// Its table.
    pub table: TableId,
    /// Its master seed.
    pub seed: u64,
    /// Where it is.
    pub state: MatchState,
    /// When it started (seconds since 1970, UTC).
    pub started: Option<u64>,
    /// When it finished (seconds since 1970, UTC).
    pub finished: Option<u64>,
    /// What the lobby needs to play it again from its first die (its
    /// seats, …), as JSON.
    pub plan: serde_json::Value,
    /// Its replay file, relative to the data folder.
    pub replay: String,
    /// How it ended, once finished.
    pub result: Option<MatchResult>,
}
