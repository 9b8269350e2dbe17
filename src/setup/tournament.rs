//! How a tournament is scheduled: how long it runs and which seat orders
//! each group of bots plays.

use serde::{Deserialize, Serialize};

/// How many games a tournament plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Length {
    /// Exactly this many games (`games = n`): whole cycles of the schedule,
    /// then the start of one more (seating is exactly balanced only at whole
    /// cycles).
    Games(u64),
    /// This many whole cycles of the schedule, every group of bots in every
    /// seat order (`cycles = n`).
    Cycles(u64),
}

/// Which seat orders each group of bots plays in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatOrders {
    /// The `table_size` rotations of one order (`"rotations"`): every bot
    /// takes every seat once per group; who sits to whose left never changes.
    #[default]
    Rotations,
    /// Every permutation (`"permutations"`, `table_size!` games per group, at
    /// most [`SeatOrders::MAX_PERMUTATION_SEATS`] seats): also balances
    /// neighbours.
    Permutations,
}

impl SeatOrders {
    /// Largest table for [`SeatOrders::Permutations`] (8! games per group).
    pub const MAX_PERMUTATION_SEATS: usize = 8;
}

impl super::Named for SeatOrders {}
