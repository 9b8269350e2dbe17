//! `[online]`: how `liar serve` runs a table for people on the network.

use super::raw::Key;
use super::seats::BotSource;
use crate::engine::Policy;
use crate::setup::BUNDLED_BOTS;

/// Longest turn timer a table may set, in seconds (one hour).
pub const MAX_TURN_SECONDS: u32 = 3600;

/// A table's online settings (`[online]`), used by `liar serve` only.
///
/// ```
/// use liar::config::{parse_table, BotSource, OnlineSettings};
/// let text = "[online]\nturn_seconds = 30\ntimeouts_before_bot = 1\nbot = \"honest\"\n\
///     [[seats]]\nname = \"A\"\ntype = \"human\"\n[[seats]]\nname = \"B\"\ntype = \"human\"\n\
///     [[seats]]\nname = \"C\"\ntype = \"human\"\n";
/// let table = parse_table(text, std::path::Path::new("t.toml")).unwrap();
/// assert_eq!(table.online.turn_seconds, 30);
/// assert_eq!(table.online.bot, BotSource::Bundled("honest".into()));
/// assert_eq!(OnlineSettings::default().turn_seconds, 60);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineSettings {
    /// Seconds a person has for each decision (`turn_seconds`, 1 to
    /// [`MAX_TURN_SECONDS`], default 60). When it runs out, the table's
    /// `[penalty]` applies (reason `timeout`).
    pub turn_seconds: u32,
    /// After this many timeouts of a seat in a match, a bot answers for it
    /// until the person is back (`timeouts_before_bot`, default 2; 0: never).
    pub timeouts_before_bot: u32,
    /// The bot that takes over a person's seat and fills the open seats
    /// when the host asks (`bot`: a bundled bot's or a native bot's name,
    /// default `expert`).
    pub bot: BotSource,
}

impl Default for OnlineSettings {
    fn default() -> Self {
        OnlineSettings {
            turn_seconds: 60,
            timeouts_before_bot: 2,
            bot: BotSource::Bundled("expert".to_string()),
        }
    }
}

/// The names `bot` takes: the bundled Lua bots, then the native bots.
fn bot_names() -> Vec<(&'static str, usize)> {
    BUNDLED_BOTS
        .iter()
        .copied()
        .chain(Policy::BOT_NAMES.iter().map(|(n, _)| *n))
        .enumerate()
        .map(|(i, n)| (n, i))
        .collect()
}

/// The keys of `[online]` and how each is read.
pub(crate) const ONLINE: &[Key<OnlineSettings>] = &[
    Key::new("turn_seconds", |t, f, o| {
        o.turn_seconds = t
            .integer_value(f, 1, i64::from(MAX_TURN_SECONDS))?
            .into_inner() as u32;
        Ok(())
    }),
    Key::new("timeouts_before_bot", |t, f, o| {
        o.timeouts_before_bot = t.integer_value(f, 0, 1000)?.into_inner() as u32;
        Ok(())
    }),
    Key::new("bot", |t, f, o| {
        let names = bot_names();
        let index = t.choice_value(f, &names)?.into_inner();
        let name = names.get(index).map_or("expert", |(n, _)| *n);
        o.bot = match Policy::bot_named(name) {
            Some(policy) => BotSource::Native(policy),
            None => BotSource::Bundled(name.to_string()),
        };
        Ok(())
    }),
];
