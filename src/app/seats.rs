//! Turning seat specifications (policy names, later bot files) into players.

use super::Failure;
use crate::engine::{NativePlayer, Player, Policy, SeatInfo, SeatKind};

/// A player for one seat, and how the replay describes it.
pub struct SeatedPlayer {
    /// The replay's description of the seat.
    pub info: SeatInfo,
    /// The player.
    pub player: Box<dyn Player>,
}

/// Builds the player for seat `seat` from a specification: a built-in policy name.
pub fn seat_player(seat: usize, spec: &str) -> Result<SeatedPlayer, Failure> {
    let Some(policy) = Policy::named(spec) else {
        return Err(Failure::Usage(format!(
            "seat {seat}: {spec:?} is not a built-in policy (random, honest)"
        )));
    };
    Ok(SeatedPlayer {
        info: SeatInfo {
            seat,
            name: format!("{spec}#{seat}"),
            kind: SeatKind::Bot,
            script: None,
            native: Some(policy.name().to_string()),
            hash: None,
        },
        player: Box::new(NativePlayer::new(policy)),
    })
}
