//! The integration tests, in one binary (one module per area) so that the
//! test build links the library and its dependencies once.

mod bot_docs;
mod browser;
mod claim_fuzz;
mod cli;
mod config_fuzz;
mod config_golden;
mod game_state;
mod golden_replay;
mod hand_order;
mod hostile_bots;
mod human;
mod isolation_parity;
mod last_failures;
mod lua_bots;
mod lua_fuzz;
mod lua_sandbox;
mod lua_testes;
mod match_bank;
mod online;
mod properties;
#[cfg(unix)]
mod pty;
mod replay_check;
mod strength;
mod support;
mod tournament;
mod viewer;
mod words;
