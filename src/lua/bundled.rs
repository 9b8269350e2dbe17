//! The bots shipped with the engine (listed in [`crate::setup::BUNDLED`]).

use super::BotLoadError;
use crate::setup::{BUNDLED_BOTS, BundledBot};

/// The Lua source of a bundled bot.
///
/// ```
/// assert!(liar::lua::bundled_source("honest").unwrap().contains("api_version = 1"));
/// assert!(liar::lua::bundled_source("nope").is_none());
/// ```
pub fn bundled_source(name: &str) -> Option<&'static str> {
    BundledBot::named(name).map(|b| b.source)
}

/// The bundled bot called `name`, or why there is none by that name.
pub(crate) fn bundled_bot(name: &str) -> Result<&'static BundledBot, BotLoadError> {
    BundledBot::named(name).ok_or_else(|| BotLoadError::Read {
        path: name.to_string(),
        source: std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "no bundled bot {name:?} (bundled: {})",
                BUNDLED_BOTS.join(", ")
            ),
        ),
    })
}
