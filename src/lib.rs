//! `liar`: an engine for the bluffing dice game Liar Dice ("Лжец").
//!
//! Layers, each using only the ones listed before it:
//!
//! - [`rules`]: the pure game: hands and their order, claims, the state
//!   machine, what each seat may see, exact odds. No I/O, no randomness.
//! - [`setup`]: plain data the layers above share, declared once: bot
//!   limits, seat kinds, the bundled bots, tournament lengths, enum names.
//! - [`engine`]: plays matches with seeded dice, asks [`engine::Player`]s for
//!   decisions with their own view only, applies penalties, emits events.
//! - [`replay`]: the JSON Lines record of a match: writer, reader, checker.
//! - [`config`]: table and tournament files (TOML).
//! - [`lua`]: sandboxed Lua bots.
//! - [`i18n`] and [`human`]: English and Russian text; the terminal player
//!   and the narrator.
//! - [`tournament`]: schedules, parallel runs, standings, ratings, shards.
//! - [`viewer`]: stepping through replays.
//! - [`cli`] and [`app`]: the `liar` command.

// Library code has no unwrap, expect or panic! (tests and doc examples may):
// what input can get wrong comes back as an error value.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod app;
pub mod cli;
pub mod config;
pub mod engine;
pub mod human;
pub mod i18n;
pub mod lua;
pub mod names;
pub mod online;
pub mod replay;
pub mod rules;
pub mod server;
pub mod setup;
pub mod text;
pub mod tournament;
pub mod viewer;
