//! `liar serve`: tables that people join over the network (docs/online.md).
//!
//! Only [`web`] names the web stack (axum, tokio); the rest is synchronous:
//! the [`lobby`] handles each client message, every match runs on its own
//! thread ([`match_thread`]) where a person's seat is a
//! [`remote_seat`] player waiting for that person's decision, and what
//! must survive a restart goes through the [`lobby_store`] and
//! [`match_log`] seams.

pub mod legal;
pub mod limits;
pub mod lobby;
pub mod lobby_store;
#[cfg(test)]
mod lobby_tests;
pub mod match_log;
pub mod match_thread;
pub mod outbox;
pub mod presets;
mod remote_seat;
mod stand_in;
pub mod store;
pub mod table;
pub mod token;
pub mod web;

pub use lobby::{Lobby, LobbyOptions, MatchRecord, RestoredMatch, SavedSeat, SavedTable, Session};
pub use lobby_store::{LobbyStore, NoLog, NoStore};
pub use match_thread::{BotMaker, MatchHandle, MatchPlan, PlanSeat};
