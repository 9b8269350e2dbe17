//! End-to-end tests of the real `liar` binary.

mod bots;
mod isolation;
mod play;
mod simulate;
mod tournament;
