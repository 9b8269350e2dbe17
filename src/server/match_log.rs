//! The seam between a running match and what keeps it: every person's
//! answer and every event are handed to a [`MatchLog`] before the match
//! goes on, so that a server killed mid-match can play the journal forward
//! on its next start and carry on where it stopped.

use crate::engine::{Event, MatchStats};
use crate::online::Move;
use crate::rules::Seat;
use serde::{Deserialize, Serialize};

/// One answer given for a person's seat, in the order the match asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalEntry {
    /// The question's number in the match (`ServerMsg::YourTurn::turn`).
    pub turn: u64,
    /// The seat that answered.
    pub seat: Seat,
    /// How it was answered.
    pub answer: Answer,
}

/// How a person's question was answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Answer {
    /// The person decided.
    Person {
        /// The decision.
        #[serde(rename = "move")]
        decision: Move,
    },
    /// The turn timer ran out: the table's penalty applies.
    Timeout,
    /// A bot decided for the person (after too many timeouts, or after the
    /// person left).
    Bot {
        /// The decision.
        #[serde(rename = "move")]
        decision: Move,
    },
}

/// Where a match's record goes as it is played. Each call returns only once
/// what it was given is kept (written and flushed), so nothing that a
/// client was told can be lost by a crash.
pub trait MatchLog: Send {
    /// A person's question was answered (before the answer is applied).
    fn answer(&mut self, entry: &JournalEntry);
    /// An event happened (the replay line).
    fn event(&mut self, event: &Event);
    /// The match ended (or stopped early: `stats.aborted`).
    fn finished(&mut self, stats: &MatchStats);
}
