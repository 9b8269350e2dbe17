//! [`Bot`]: a Lua bot in the isolation asked for, behind one type.

use super::{BotLimits, BotLoadError, BotStats, LuaBot, ProcessBot};
use crate::engine::{MatchInfo, Player, PlayerError, PublicEvent, SeatInfo};
use crate::rules::{Decision, Seat, SeatView};
use crate::setup::{BotParams, Isolation};
use std::path::Path;

/// A Lua bot, played in the engine's process ([`LuaBot`]) or in a child
/// process of its own ([`ProcessBot`]), as [`Isolation`] says. Both play
/// the same bot the same way; only what a runaway call can do differs.
///
/// ```
/// use liar::setup::{BotParams, Isolation};
/// use liar::lua::{Bot, BotLimits};
/// let params = BotParams::default();
/// let bot = Bot::bundled("honest", &params, &BotLimits::default(), Isolation::Thread).unwrap();
/// assert_eq!(bot.chunk(), "bots/honest.lua");
/// assert_eq!(bot.seat_info(2).seat, 2);
/// ```
pub enum Bot {
    /// In the engine's process.
    Thread(LuaBot),
    /// In a child process.
    Process(ProcessBot),
}

impl Bot {
    /// Loads the bot in the file at `path`; `params` become its
    /// `liar.params`.
    pub fn load(
        path: impl AsRef<Path>,
        params: &BotParams,
        limits: &BotLimits,
        isolation: Isolation,
    ) -> Result<Bot, BotLoadError> {
        let (chunk, code) = super::bot::read_script(path.as_ref())?;
        Bot::from_source(&chunk, code, params, limits, isolation)
    }

    /// Loads one of the bots bundled with the engine.
    pub fn bundled(
        name: &str,
        params: &BotParams,
        limits: &BotLimits,
        isolation: Isolation,
    ) -> Result<Bot, BotLoadError> {
        let bot = super::bundled::bundled_bot(name)?;
        Bot::from_source(bot.file, bot.source, params, limits, isolation)
    }

    /// Loads a bot from its code; `chunk` names it in messages.
    pub fn from_source(
        chunk: &str,
        code: impl Into<Vec<u8>>,
        params: &BotParams,
        limits: &BotLimits,
        isolation: Isolation,
    ) -> Result<Bot, BotLoadError> {
        let code = code.into();
        match isolation {
            Isolation::Thread => Ok(Bot::Thread(LuaBot::watched(chunk, code, params, limits)?)),
            Isolation::Process => {
                super::bot::check_size(chunk, &code)?;
                let program = std::env::current_exe().map_err(|e| BotLoadError::Sandbox {
                    chunk: chunk.to_string(),
                    cause: Box::new(super::StartProblem::NoProgram(e.to_string())),
                })?;
                Ok(Bot::Process(ProcessBot::load(
                    program, chunk, code, params, limits,
                )?))
            }
        }
    }

    /// The name the bot gives itself (its `name` field), if any.
    pub fn name(&self) -> Option<&str> {
        match self {
            Bot::Thread(b) => b.name(),
            Bot::Process(bot) => bot.name(),
        }
    }

    /// The script's name as messages show it (its path).
    pub fn chunk(&self) -> &str {
        match self {
            Bot::Thread(b) => b.chunk(),
            Bot::Process(bot) => bot.chunk(),
        }
    }

    /// The hash of the bot's code ([`code_hash`]).
    pub fn hash(&self) -> &str {
        match self {
            Bot::Thread(b) => b.hash(),
            Bot::Process(bot) => bot.hash(),
        }
    }

    /// The parameters the bot reads as `liar.params`.
    pub fn params(&self) -> &BotParams {
        match self {
            Bot::Thread(b) => b.params(),
            Bot::Process(bot) => bot.params(),
        }
    }

    /// Figures about the bot's calls so far.
    pub fn stats(&self) -> BotStats {
        match self {
            Bot::Thread(b) => b.stats().clone(),
            Bot::Process(bot) => bot.stats(),
        }
    }

    /// Bytes the bot's Lua state holds (in process isolation: at its last
    /// reply).
    pub fn memory_used(&self) -> u64 {
        match self {
            Bot::Thread(b) => b.memory_used(),
            Bot::Process(bot) => bot.memory_used(),
        }
    }

    /// How the replay's `match` line describes this bot at `seat`: named by
    /// its `name` field, or else after its file.
    pub fn seat_info(&self, seat: Seat) -> SeatInfo {
        super::bot::seat_info(seat, self.chunk(), self.name(), self.hash(), self.params())
    }

    fn player(&mut self) -> &mut dyn Player {
        match self {
            Bot::Thread(b) => b,
            Bot::Process(bot) => bot,
        }
    }
}

impl Player for Bot {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.player().begin_match(info)
    }
    fn begin_game(&mut self, game: u32, seed: u64) {
        self.player().begin_game(game, seed)
    }
    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        self.player().decide(view)
    }
    fn wants_events(&self) -> bool {
        match self {
            Bot::Thread(b) => b.wants_events(),
            Bot::Process(bot) => bot.wants_events(),
        }
    }
    fn observe(&mut self, event: &PublicEvent) {
        self.player().observe(event)
    }
    fn end_match(&mut self) -> Option<PlayerError> {
        self.player().end_match()
    }
    fn take_logs(&mut self, out: &mut Vec<String>) {
        self.player().take_logs(out)
    }
}
