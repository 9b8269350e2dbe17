//! `liar serve`: tables that people join over the network (docs/online.md).

pub mod match_log;
pub mod web;
