//! End-to-end tests of the real `liar` binary.

mod bots;
mod choices;
mod isolation;
mod language;
mod params;
mod pipes;
mod play;
mod recorded;
mod simulate;
mod tournament;
