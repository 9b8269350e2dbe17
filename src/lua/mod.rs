//! Lua bots: seats played by Lua 5.4 scripts in sandboxed states.
//!
//! This is the only module that knows mlua. A bot is a script returning a
//! table with `api_version = 1` and the functions `challenge(view)`,
//! `reroll(view)` and `claim(view)` (and optionally `observe(event)` and a
//! `name`); `bots/README.md` documents the whole contract and the `liar`
//! helper module, and `bots/liar.d.lua` describes it for editors.
//!
//! - [`LuaBot`] implements [`crate::engine::Player`]: one Lua state per
//!   seat, never shared. The bot's globals live for a whole match; each new
//!   match runs the bot's code again with fresh globals and fresh copies of
//!   the libraries, in the same state (much cheaper than a new state).
//! - [`BotLimits`]: the per-call instruction budget, wall-clock limit,
//!   memory limit and log cap.
//! - [`check_bot`] plays quick games with a bot and reports its failures,
//!   speed, memory and determinism (`liar check-bot`).
//! - [`new_bot_template`] writes a commented starting point (`liar new-bot`).
//!
//! The sandbox (`sandbox.rs`, `prelude.lua`): only the base, string, table,
//! math, utf8 and coroutine libraries, with `dofile`, `loadfile`,
//! `string.dump` and `require` gone, `load` limited to text, `setmetatable`
//! refusing `__gc`, `collectgarbage` limited to `"count"` and `"collect"`,
//! `print`/`warn` going to the bot's log, `math.random` replaced by the
//! engine-seeded `liar.random`, and the string metatable locked. A count hook
//! (`hook.rs`) charges every instruction of every thread exactly to the
//! call that runs it (the metered `coroutine.resume`, `wrap` and `close` of
//! `coroutines.rs` tell it which thread runs; `thread_count.rs` reads each
//! thread's countdown) and stops runaway code at the exact instruction
//! where the budget runs out, even inside coroutines or under `pcall`; the pattern functions
//! (`pattern.rs`, a port of Lua's matcher) and the bulk table and string
//! functions charge their work to the same budget; a limit of processor
//! time backs it up, and a memory limit caps each state.
//!
//! Lua code of the host itself: `prelude.lua` (the sandbox's wrappers),
//! `api.lua` (fast paths of the `liar` helpers over tables of the table's
//! ranking) and `host.lua` (builds each view inside the state and calls the
//! bot). Bots cannot reach any of it.

mod api;
mod bank;
mod bot;
mod bundled;
mod check;
mod coroutines;
mod decision;
mod deep_copy;
mod failure;
mod hook;
mod isolated_bot;
mod isolation;
mod metered;
mod pattern;
mod sandbox;
mod sort;
mod template;
mod thread_count;
mod trim;
mod view;
mod vm_work;
mod watchdog;

pub use crate::setup::{BUNDLED_BOTS, BotLimits};
pub use api::{API_VERSION, api_docs};
pub use bot::{
    BotLoadError, BotStats, FieldProblem, LuaBot, LuaValue, MAX_CODE_BYTES, StartProblem, code_hash,
};
pub use bundled::bundled_source;
pub use check::{
    CheckOptions, CheckPenalty, CheckReport, CheckWarning, LoadFailure, ReplayDifference,
    check_bot, check_source,
};
pub use failure::Overrun;
// A text helper the commands share with the bots' messages.
pub(crate) use failure::bytes;
pub use isolated_bot::Bot;
pub use isolation::{HOST_COMMAND, ProcessBot, serve as serve_bot_host};
pub use template::new_bot_template;
pub use watchdog::EXIT_STUCK;
