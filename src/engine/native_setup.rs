//! Tables of native bots (Rust policies), for simulations, tests and benchmarks.

use super::events::SeatInfo;
use super::penalty::PenaltyPolicy;
use super::policies::{NativePlayer, Policy};
use super::table::MatchSetup;
use crate::rules::Rules;

/// A seat names a policy that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat}: no native policy {name:?} (known: random, honest)")]
pub struct UnknownPolicy {
    /// The seat.
    pub seat: usize,
    /// The name given.
    pub name: String,
}

impl MatchSetup {
    /// A match of built-in policies, one per name, seated in the order given
    /// (each seat is named after its policy and seat, e.g. `random#0`).
    pub fn native(rules: Rules, seed: u64, games: u32, policies: &[&str]) -> MatchSetup {
        MatchSetup {
            rules,
            seed,
            games,
            seats: policies
                .iter()
                .enumerate()
                .map(|(seat, name)| SeatInfo::native(seat, format!("{name}#{seat}"), name))
                .collect(),
            penalty: PenaltyPolicy::default(),
            stop: None,
        }
    }
}

/// Players for every seat of `setup` that names a built-in policy.
pub fn native_players(setup: &MatchSetup) -> Result<Vec<NativePlayer>, UnknownPolicy> {
    setup
        .seats
        .iter()
        .map(|s| {
            let name = s.native.as_deref().unwrap_or("");
            Policy::named(name)
                .map(NativePlayer::new)
                .ok_or_else(|| UnknownPolicy {
                    seat: s.seat,
                    name: name.to_string(),
                })
        })
        .collect()
}
