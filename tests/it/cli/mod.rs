//! End-to-end tests of the real `liar` binary.

mod app;
mod bots;
mod isolation;
mod play;
mod simulate;
mod tournament;
