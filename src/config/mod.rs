//! Table and tournament configs (TOML): reading, validating, and the one
//! error type whose message names the file, line, column and key.
//!
//! This is the only module that names `toml`. It uses the rules, the
//! engine's and [`crate::setup`]'s plain data types; it knows nothing of Lua
//! or the command line (bot limits are plain numbers the app hands to the
//! Lua layer). Each section is declared once, as a list of keys with how
//! each is read, so the keys a section accepts, the suggestions for a
//! misspelt one and what reading does cannot drift apart.
//!
//! A table file, in short (`config/*.toml` document every key):
//!
//! ```toml
//! lang = "en"                    # optional: "en" | "ru"
//!
//! [match]
//! games = 5                      # ≥ 1, default 1
//! seed = 42                      # optional, 0 ..= 2^63-1
//! replay = "replays/last.jsonl"  # optional, relative to this file
//!
//! [rules]                        # every rules option (`liar rules`)
//! dice = "poker"                 # poker | standard
//! chips = 3                      # 1 ..= 1000
//! straights = "below-full-house" # below-full-house | above-full-house | none
//! kickers = true
//! next_round_starter = "challenger"  # challenger | loser | left-of-challenger
//! seating = "throw"              # throw | listed
//! min_players = 3                # 2 ..= 16
//! max_players = 10               # 2 ..= 16
//!
//! [penalty]
//! mode = "forfeit"               # forfeit | fallback
//! disqualify_after = 10          # failures; 0 = never
//!
//! [limits]                       # per Lua bot decision; [seats.limits] overrides
//! instructions = 5_000_000
//! wall_ms = 1000
//! memory_mb = 32
//! log_lines = 200                # per game
//! isolation = "thread"           # thread | process (the bot in a child process)
//!
//! [[seats]]
//! name = "Anna"
//! type = "human"
//!
//! [[seats]]
//! name = "Stat"
//! type = "bot"
//! bundled = "statistician"       # a Lua bot inside the binary, or:
//! # script = "../bots/statistician.lua"  (relative to this file)
//!
//! [[seats]]
//! name = "Rand"
//! type = "native"                # a native bot, written in Rust
//! policy = "native-random"       # native-random | native-honest
//!
//! [online]                       # `liar serve` only
//! turn_seconds = 60              # 1 ..= 3600, per decision of a person
//! timeouts_before_bot = 2        # then a bot answers for the seat; 0 = never
//! bot = "expert"                 # takes over seats and fills open ones
//! ```

mod defaults;
mod error;
mod limits;
mod location;
mod online;
mod params;
mod raw;
mod seats;
mod sections;
mod table;
mod tournament;

pub use defaults::{DEFAULT_TABLE, DEFAULT_TABLE_NAME, MAX_NAME_CHARS, default_table};
pub use error::{ConfigError, ErrorKind, Expected, Found, Needed, PathUse, Problem, SeatOrBot};
pub use location::Location;
pub use online::{MAX_TURN_SECONDS, OnlineSettings};
pub use raw::MAX_CONFIG_BYTES;
pub use seats::BotSource;
pub use sections::{MAX_CHIPS, MAX_DISQUALIFY_AFTER};
pub use table::{SeatConfig, TableConfig, load_table, parse_table};
pub use tournament::{
    BotConfig, MAX_JOBS, ReplaySample, TournamentConfig, load_tournament, parse_tournament,
};
// The plain data a config fills in, for callers that only know the config.
pub use crate::setup::{BUNDLED_BOTS, BotLimits, Isolation, Length, SeatKind, SeatOrders};
