//! Turning seats (from a table file or `--bot` flags) into players.

use super::Failure;
use crate::config::{BotSource, SeatConfig};
use crate::engine::{NativePlayer, Player, Policy, SeatInfo};
use crate::human::{HumanPlayer, SharedConsole};
use crate::i18n::Lang;
use crate::lua::Bot;
use crate::setup::{BUNDLED_BOTS, BotLimits, BotParams, Isolation};
use std::path::Path;

/// A player for one seat, and how the replay describes it.
pub struct SeatedPlayer {
    /// The replay's description of the seat.
    pub info: SeatInfo,
    /// The player.
    pub player: Box<dyn Player>,
}

fn native(seat: usize, name: String, policy: Policy) -> SeatedPlayer {
    SeatedPlayer {
        info: SeatInfo::native(seat, name, policy.name()),
        player: Box::new(NativePlayer::new(policy)),
    }
}

/// Where a file's bot runs: the `--isolation` flag, else the file's
/// `[limits] isolation`, else the command's default.
pub fn isolation(flag: Option<Isolation>, limits: &BotLimits, default: Isolation) -> Isolation {
    flag.or(limits.isolation).unwrap_or(default)
}

fn lua(seat: usize, name: Option<String>, bot: Bot) -> SeatedPlayer {
    let mut info = bot.seat_info(seat);
    if let Some(name) = name {
        info.name = name;
    }
    SeatedPlayer {
        info,
        player: Box::new(bot),
    }
}

/// The player for one seat of a table file. `console` serves human seats;
/// `flag` is the `--isolation` flag (bots run in this process by default).
pub fn table_seat(
    seat: usize,
    config: &SeatConfig,
    origin: &str,
    console: &SharedConsole,
    lang: Lang,
    flag: Option<Isolation>,
) -> Result<SeatedPlayer, Failure> {
    let limits = config.limits;
    let isolation = isolation(flag, &limits, Isolation::Thread);
    let refused = |source| Failure::SeatBot {
        origin: origin.to_string(),
        seat,
        name: config.name.clone(),
        source,
    };
    Ok(match &config.bot {
        None => SeatedPlayer {
            info: SeatInfo::human(seat, config.name.clone()),
            player: Box::new(HumanPlayer::new(config.name.clone(), console.clone(), lang)),
        },
        Some(BotSource::Native(policy)) => native(seat, config.name.clone(), *policy),
        Some(BotSource::Script(path)) => {
            let bot = Bot::load(path, &config.params, &limits, isolation).map_err(refused)?;
            lua(seat, Some(config.name.clone()), bot)
        }
        Some(BotSource::Bundled(name)) => {
            let bot = Bot::bundled(name, &config.params, &limits, isolation).map_err(refused)?;
            lua(seat, Some(config.name.clone()), bot)
        }
    })
}

/// The player for a `--bot SEAT` flag: a Lua file (a path ending in `.lua`
/// or naming an existing file), a bundled Lua bot's name (`honest`), or a
/// native bot's name (`native-honest`). Seat names count from 1
/// (`honest#1` sits first).
pub fn spec_seat(
    seat: usize,
    spec: &str,
    limits: &BotLimits,
    isolation: Isolation,
) -> Result<SeatedPlayer, Failure> {
    let path = Path::new(spec);
    // A flag names a bot, not its parameters (a table file gives those).
    let no_params = BotParams::default();
    if spec.ends_with(".lua") || path.is_file() {
        let bot =
            Bot::load(path, &no_params, limits, isolation).map_err(|source| Failure::FlagBot {
                spec: spec.to_string(),
                seat,
                source,
            })?;
        return Ok(lua(seat, None, bot));
    }
    let seat_name = format!("{spec}#{}", seat + 1);
    if let Some(policy) = Policy::bot_named(spec) {
        return Ok(native(seat, seat_name, policy));
    }
    if BUNDLED_BOTS.contains(&spec) {
        let bot = Bot::bundled(spec, &no_params, limits, isolation).map_err(|source| {
            Failure::BundledBot {
                name: spec.to_string(),
                source,
            }
        })?;
        return Ok(lua(seat, Some(seat_name), bot));
    }
    Err(Failure::UnknownBot {
        spec: spec.to_string(),
        seat,
    })
}
