//! What one Lua bot may spend, and where it runs.

use super::Named;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What one Lua bot may spend. Every call into the bot (loading it, each
/// decision, each `observe`) gets the full `instructions` and `wall_ms`
/// afresh, as long as its match bank holds as much (see
/// [`BotLimits::bank_instructions`]); `memory_mb` caps its Lua state as a
/// whole.
///
/// A table file sets them in `[limits]`, and per seat in `[seats.limits]`
/// (only the keys given there change). A tournament's results record them
/// (as JSON, without `isolation`): limits can change results.
///
/// ```
/// use liar::setup::BotLimits;
/// let limits = BotLimits::default();
/// assert_eq!(limits.instructions, 5_000_000);
/// assert_eq!(limits.wall().as_millis(), 1000);
/// assert_eq!(limits.memory_bytes(), 32 << 20);
/// ```
// The fields are in alphabetical order: results files have always listed
// them so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotLimits {
    /// The match bank of instructions: what a bot may spend over a whole
    /// match above [`BotLimits::bank_share`] per call. Each match starts
    /// with this much in the bank; before each decision or `observe`, the
    /// bank gains its share, and the call may use at most what the bank
    /// then holds; what it uses is taken out. A call stopped because the
    /// bank ran dry disqualifies the seat for the rest of the match.
    /// Deterministic, like the per-call budget; a bot sees the bank in its
    /// view.
    #[serde(default = "default_bank_instructions")]
    pub bank_instructions: u64,
    /// The match bank of processor time, in milliseconds, kept as the
    /// instruction bank is (each call adds [`BotLimits::bank_share_time`]):
    /// the safety net that bounds a whole match.
    #[serde(default = "default_bank_ms")]
    pub bank_ms: u64,
    /// Lua VM instructions per call: the deterministic budget, counted
    /// exactly over every thread of the bot's state. Work done outside the
    /// VM's instructions (the host's string-pattern and bulk table
    /// functions, large allocations, creating coroutines) is charged to it
    /// too.
    pub instructions: u64,
    /// Lines of `liar.log` / `print` output kept per game (`0` keeps none);
    /// the rest is dropped (after one line saying so).
    pub log_lines: u32,
    /// Memory of the bot's whole Lua state, in MiB.
    pub memory_mb: u64,
    /// Milliseconds of processor time per call (of the thread running the
    /// bot; by the wall clock a call may take at most twice this and two
    /// seconds more): a safety net for what instruction counting cannot
    /// see. Not deterministic; keep it well above what the instruction
    /// budget allows.
    pub wall_ms: u64,
    /// Where the bot runs; `None` leaves it to the command (see [`Isolation`]).
    #[serde(skip)]
    pub isolation: Option<Isolation>,
}

impl Default for BotLimits {
    fn default() -> Self {
        BotLimits {
            bank_instructions: default_bank_instructions(),
            bank_ms: default_bank_ms(),
            instructions: 5_000_000,
            log_lines: 200,
            memory_mb: 32,
            wall_ms: 1000,
            isolation: None,
        }
    }
}

// (Results files written before the bank existed lack these two.)
fn default_bank_instructions() -> u64 {
    50_000_000
}

fn default_bank_ms() -> u64 {
    5_000
}

impl BotLimits {
    /// Largest `bank_instructions` a config may set.
    pub const MAX_BANK_INSTRUCTIONS: u64 = 1_000_000_000_000_000;
    /// Largest `bank_ms` a config may set (a hundred days).
    pub const MAX_BANK_MS: u64 = 8_640_000_000;
    /// Largest `instructions` a config may set.
    pub const MAX_INSTRUCTIONS: u64 = 1_000_000_000_000;
    /// Largest `wall_ms` a config may set (one hour).
    pub const MAX_WALL_MS: u64 = 3_600_000;
    /// Largest `memory_mb` a config may set (64 GiB).
    pub const MAX_MEMORY_MB: u64 = 65_536;
    /// Largest `log_lines` a config may set.
    pub const MAX_LOG_LINES: u32 = 1_000_000;

    /// The clock is looked at at least every this many instructions (more
    /// often when instructions are slow). Small enough that even
    /// instructions working on multi-megabyte strings cannot overrun the
    /// time limit by much; large enough that the look costs nothing to a
    /// typical decision.
    pub const HOOK_STEP: u32 = 1_000;

    /// The smallest memory limit a state accepts: the sandbox itself needs
    /// some room.
    pub const MIN_MEMORY_BYTES: u64 = 1 << 20;

    /// Longest text of one log line, in bytes; longer lines are cut.
    pub const LOG_LINE_BYTES: usize = 300;

    /// The wall-clock limit per call.
    pub fn wall(&self) -> Duration {
        Duration::from_millis(self.wall_ms)
    }

    /// The wall-clock time after which a load (a bot's top-level code,
    /// once per match) is stopped whatever processor time it used. A load
    /// has a call's instruction budget and processor time (`wall_ms`), but
    /// it is not a decision: a busy machine (a server starting hundreds of
    /// matches at once) may stretch its wall-clock time far past a call's
    /// safety net without the bot doing any more work.
    pub const LOAD_WALL_CLOCK: Duration = Duration::from_secs(30);

    /// The processor time the match bank starts with.
    pub fn bank_time(&self) -> Duration {
        Duration::from_millis(self.bank_ms)
    }

    /// The instructions each call adds to the match bank: a quarter of the
    /// per-call budget. A bot whose calls use on average no more never
    /// draws the bank down.
    ///
    /// ```
    /// use liar::setup::BotLimits;
    /// assert_eq!(BotLimits::default().bank_share(), 1_250_000);
    /// ```
    pub fn bank_share(&self) -> u64 {
        self.instructions / 4
    }

    /// The processor time each call adds to the match bank: a twentieth of
    /// the per-call limit (the time bank is the safety net that bounds a
    /// match, and ordinary code runs the instruction bank dry long before).
    ///
    /// ```
    /// use liar::setup::BotLimits;
    /// assert_eq!(BotLimits::default().bank_share_time().as_millis(), 50);
    /// ```
    pub fn bank_share_time(&self) -> Duration {
        self.wall() / 20
    }

    /// The memory limit in bytes (saturating; a config caps `memory_mb` at
    /// [`BotLimits::MAX_MEMORY_MB`]).
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mb.saturating_mul(1 << 20)
    }
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
/// use liar::setup::{Isolation, Named};
/// assert_eq!(Isolation::named("process"), Some(Isolation::Process));
/// assert_eq!(Isolation::Thread.name(), "thread");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Isolation {
    /// In the engine's own process, on the thread that plays the match.
    Thread,
    /// In a child process per bot, killed when a call overruns.
    Process,
}

impl Named for Isolation {}
