//! The seam between the lobby and what keeps it across restarts. The
//! lobby tells a [`LobbyStore`] of every change worth keeping; the store
//! answers with the [`MatchLog`] of each match that starts, and serves the
//! replays of matches no longer in memory. [`NoStore`] keeps nothing (the
//! server then forgets everything when it stops).
//!
//! To restore after a restart, the store builds each saved table again with
//! [`crate::server::Lobby::restore_table`], giving an unfinished match its
//! journal (the people's answers so far) and a log that goes on writing.

use super::match_log::MatchLog;
use super::match_thread::MatchPlan;
use super::token::TokenHash;
use crate::engine::{Event, MatchStats};
use crate::online::{TableId, TableSummary};
use crate::rules::Seat;

/// Where the lobby's changes go. Every method has a default that keeps
/// nothing; each is called after the change is made, before any client
/// hears of it, from whichever thread made it (keep them short).
pub trait LobbyStore: Send + Sync {
    /// A table was created (its seats as in `table`).
    fn table_created(&self, _table: &TableSummary) {}
    /// A person took `seat`; `token` is the hash of their token.
    fn seat_taken(&self, _table: TableId, _seat: Seat, _name: &str, _token: &TokenHash) {}
    /// The person at `seat` left it (before the match: the seat is open
    /// again; during it: a bot plays it to the end).
    fn seat_left(&self, _table: TableId, _seat: Seat) {}
    /// The table's host is now `host` (the first person seated; `None`
    /// when nobody is). Told after the seat change that caused it.
    fn host_changed(&self, _table: TableId, _host: Option<Seat>) {}
    /// A waiting table expired: it is gone for good.
    fn table_removed(&self, _table: TableId) {}
    /// A table's match starts: where its record goes.
    fn match_started(&self, _plan: &MatchPlan) -> Box<dyn MatchLog> {
        Box::new(NoLog)
    }
    /// The replay of the finished match of `table`, when the lobby no
    /// longer holds it in memory (a match finished before a restart).
    fn replay(&self, _table: TableId) -> Option<Vec<u8>> {
        None
    }
}

/// A store that keeps nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStore;

impl LobbyStore for NoStore {}

/// A match log that keeps nothing (the replay is still kept in memory by
/// the match runner until the server stops).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLog;

impl MatchLog for NoLog {
    fn answer(&mut self, _entry: &super::match_log::JournalEntry) {}
    fn event(&mut self, _event: &Event) {}
    fn finished(&mut self, _stats: &MatchStats) {}
}
