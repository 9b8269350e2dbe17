//! `liar`: an engine for the bluffing dice game Liar Dice ("Лжец").
//!
//! Layers, each using only the ones listed before it:
//! [`rules`] (pure game logic), `engine` (seeded matches and players),
//! `replay` (the JSON Lines record of a match).

pub mod app;
pub mod cli;
pub mod config;
pub mod engine;
pub mod human;
pub mod i18n;
pub mod lua;
pub mod replay;
pub mod rules;
pub mod tournament;
pub mod viewer;
