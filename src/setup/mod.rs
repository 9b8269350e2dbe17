//! Plain data that several layers share, declared once: bot limits, bot
//! parameters and where bots run, who sits at a seat, the bundled bots and
//! the difficulty levels, how a tournament is scheduled, and the names
//! enums have in files and flags.
//!
//! It sits below every other layer but [`crate::rules`] and uses nothing of
//! the crate: only std and serde. The config loader fills these types in,
//! the engine records them, the Lua layer obeys them, the tournament and the
//! app pass them along; none of them keeps a copy of its own.

mod bundled;
mod level;
mod limits;
mod names;
mod params;
mod seat;
mod tournament;

pub use bundled::{BUNDLED, BUNDLED_BOTS, BundledBot};
pub use level::Level;
pub use limits::{BotLimits, Isolation};
pub use names::Named;
pub use params::{BotParams, ParamProblem, ParamValue};
pub use seat::SeatKind;
pub use tournament::{Length, SeatOrders};
