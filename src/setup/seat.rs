//! Who plays a seat.

use serde::{Deserialize, Serialize};

/// Whether a seat is a person or a program (a replay's `match` line says
/// which: `"human"` or `"bot"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person at the terminal.
    Human,
    /// A Lua script or a built-in policy.
    Bot,
}

impl super::Named for SeatKind {}
