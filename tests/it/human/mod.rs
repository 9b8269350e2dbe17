//! A person at the table: scripted keyboards play whole matches, hot seat,
//! answers, the narrator, quitting and the rules text; and the real binary
//! in a pseudo-terminal (`terminal`).

mod game;
mod hot_seat;
mod input;
mod narrator;
mod odds;
mod quit;
mod rules;
mod summary;
pub(crate) mod support;
#[cfg(unix)]
mod terminal;
