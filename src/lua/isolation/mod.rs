//! Bots in child processes: the guarantee that does not depend on Lua.
//!
//! With `isolation = "process"` each Lua bot runs in a child process of its
//! own: the `liar` binary under the hidden subcommand `bot-host`
//! ([`serve`]), which confines itself (`confine.rs`: resource limits, no
//! descriptors but its pipes, no new privileges, a system-call filter) and
//! then plays the bot in an ordinary [`crate::lua::LuaBot`]. The engine's
//! side, [`ProcessBot`], talks to it over the pipes in small framed
//! messages (`wire.rs`) and enforces the wall-clock limit itself: a call
//! that overruns is killed with `SIGKILL`, whatever the bot is doing, and
//! the bot goes on in a new process.
//!
//! Requests that need no answer (a game begins, a public event) are not
//! waited for: their replies, which carry the bot's log lines, are read
//! with the next reply that is, so a bot costs one round trip per decision.
//! The child sends each reply the moment it is made, and the engine times
//! each request on its own: its allowance (its call's wall-clock limit and
//! the grace period) runs from when the reply before it arrived, that is
//! from when the child could start on it, so a batch never shortens the
//! time of any call in it, and a child that dies is blamed on the request
//! it was serving.

mod child;
mod confine;
mod parent;
mod wire;

pub use child::serve;
pub use parent::{HOST_COMMAND, ProcessBot};
