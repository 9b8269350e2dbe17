//! What one Lua bot may spend.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The limits of one Lua bot. Every call into the bot (loading it, each
/// decision, each `observe`) gets the full `instructions` and `wall_ms`
/// afresh; `memory_bytes` caps its Lua state as a whole.
///
/// Unknown keys are refused when read from a config:
///
/// ```
/// use liar::lua::BotLimits;
/// let limits: BotLimits = serde_json::from_str(r#"{"instructions": 100000}"#).unwrap();
/// assert_eq!(limits.instructions, 100_000);
/// assert_eq!(limits.memory_bytes, BotLimits::default().memory_bytes);
/// assert!(serde_json::from_str::<BotLimits>(r#"{"instructoins": 1}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BotLimits {
    /// Lua VM instructions per call: the deterministic budget. Work done
    /// inside the host's string-pattern functions and bulk table functions
    /// is charged to it too. Counted in steps of [`BotLimits::HOOK_STEP`].
    pub instructions: u64,
    /// Wall-clock milliseconds per call: a safety net for what instruction
    /// counting cannot see. Not deterministic; keep it well above what the
    /// instruction budget allows.
    pub wall_ms: u64,
    /// Bytes the bot's whole Lua state may hold.
    pub memory_bytes: u64,
    /// Lines of `liar.log` / `print` output kept per game; the rest is
    /// dropped (after one line saying so).
    pub log_lines: u32,
}

impl Default for BotLimits {
    fn default() -> Self {
        BotLimits {
            instructions: 5_000_000,
            wall_ms: 1000,
            memory_bytes: 32 << 20,
            log_lines: 200,
        }
    }
}

impl BotLimits {
    /// The budget and the clock are checked every this many instructions, so
    /// a call may run up to this many instructions past its budget before it
    /// is stopped. (Small enough that even instructions working on
    /// multi-megabyte strings cannot overrun the wall clock by much; large
    /// enough that the check costs nothing to a typical decision.)
    pub const HOOK_STEP: u32 = 1_000;

    /// The smallest memory limit a state accepts: the sandbox itself needs
    /// some room.
    pub const MIN_MEMORY_BYTES: u64 = 1 << 20;

    /// Longest text of one log line, in bytes; longer lines are cut.
    pub const LOG_LINE_BYTES: usize = 300;

    /// The wall-clock limit as a duration.
    pub fn wall(&self) -> Duration {
        Duration::from_millis(self.wall_ms)
    }
}
