//! The replay viewer: the real binary, golden screens, privacy and stepping.

mod cli;
mod golden;
mod privacy;
mod stepping;
mod support;
