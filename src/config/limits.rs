//! Resource limits for Lua bots, as plain data (the Lua layer maps them to
//! its sandbox; this module must not know mlua).

use super::error::ConfigError;
use super::raw::Table;
use std::time::Duration;

/// What one Lua bot may spend. Set for the whole table in `[limits]`, and per
/// seat in `[seats.limits]` (only the keys given there change).
///
/// ```
/// use liar::config::BotLimits;
/// let limits = BotLimits::default();
/// assert_eq!(limits.instructions, 5_000_000);
/// assert_eq!(limits.wall().as_millis(), 1000);
/// assert_eq!(limits.memory_bytes(), 32 << 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BotLimits {
    /// Lua VM instructions per decision.
    pub instructions: u64,
    /// Wall-clock milliseconds per decision.
    pub wall_ms: u64,
    /// Memory of the bot's Lua state, in MiB.
    pub memory_mb: u64,
    /// Debug-log lines kept per game (`0` keeps none).
    pub log_lines: u32,
    /// Where the bot runs; `None` leaves it to the command (see [`Isolation`]).
    pub isolation: Option<Isolation>,
}

/// Where a Lua bot runs.
///
/// `thread` is fastest and right for bots you trust. `process` runs each bot
/// in a child process of its own that the engine kills when a call overruns
/// its wall-clock limit, whatever the bot is doing: the choice for other
/// people's bots. Without a setting, `tournament` and `check-bot` use
/// `process` and the other commands `thread`.
///
/// ```
/// use liar::config::Isolation;
/// assert_eq!(Isolation::named("process"), Some(Isolation::Process));
/// assert_eq!(Isolation::Thread.name(), "thread");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isolation {
    /// In the engine's own process, on the thread that plays the match.
    Thread,
    /// In a child process per bot, killed when a call overruns.
    Process,
}

impl Isolation {
    /// Every choice with its name in files and flags.
    pub const NAMED: &[(&str, Isolation)] = &[
        ("thread", Isolation::Thread),
        ("process", Isolation::Process),
    ];

    /// The choice called `name`.
    pub fn named(name: &str) -> Option<Isolation> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, i)| *i)
    }

    /// The name in files and flags.
    pub fn name(self) -> &'static str {
        match self {
            Isolation::Thread => "thread",
            Isolation::Process => "process",
        }
    }
}

impl Default for BotLimits {
    fn default() -> Self {
        BotLimits {
            instructions: 5_000_000,
            wall_ms: 1000,
            memory_mb: 32,
            log_lines: 200,
            isolation: None,
        }
    }
}

impl BotLimits {
    /// The wall-clock limit per decision.
    pub fn wall(&self) -> Duration {
        Duration::from_millis(self.wall_ms)
    }

    /// The memory limit in bytes (saturating; the loader caps `memory_mb`
    /// at [`BotLimits::MAX_MEMORY_MB`]).
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mb.saturating_mul(1 << 20)
    }

    /// Largest `instructions` a config may set.
    pub const MAX_INSTRUCTIONS: u64 = 1_000_000_000_000;
    /// Largest `wall_ms` a config may set (one hour).
    pub const MAX_WALL_MS: u64 = 3_600_000;
    /// Largest `memory_mb` a config may set (64 GiB).
    pub const MAX_MEMORY_MB: u64 = 65_536;
    /// Largest `log_lines` a config may set.
    pub const MAX_LOG_LINES: u32 = 1_000_000;
}

/// The keys of a `[limits]` table.
pub(crate) const LIMIT_KEYS: &[&str] = &[
    "instructions",
    "wall_ms",
    "memory_mb",
    "log_lines",
    "isolation",
];

/// Reads a `[limits]` table: the keys it gives replace those of `base`.
pub(crate) fn read_limits(t: &Table<'_, '_>, base: BotLimits) -> Result<BotLimits, ConfigError> {
    t.deny_unknown(LIMIT_KEYS)?;
    let mut limits = base;
    // The `as` casts below are safe: each value is range-checked first.
    if let Some(n) = t.integer("instructions", 1, BotLimits::MAX_INSTRUCTIONS as i64)? {
        limits.instructions = n.into_inner() as u64;
    }
    if let Some(n) = t.integer("wall_ms", 1, BotLimits::MAX_WALL_MS as i64)? {
        limits.wall_ms = n.into_inner() as u64;
    }
    if let Some(n) = t.integer("memory_mb", 1, BotLimits::MAX_MEMORY_MB as i64)? {
        limits.memory_mb = n.into_inner() as u64;
    }
    if let Some(n) = t.integer("log_lines", 0, i64::from(BotLimits::MAX_LOG_LINES))? {
        limits.log_lines = n.into_inner() as u32;
    }
    if let Some(v) = t.choice("isolation", Isolation::NAMED)? {
        limits.isolation = Some(v.into_inner());
    }
    Ok(limits)
}
