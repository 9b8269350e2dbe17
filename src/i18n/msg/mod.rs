//! Every sentence a player reads, one file per area, each message written
//! in English and Russian side by side with [`tr!`].
//!
//! - [`AppMsg`] (`app.rs`): what the commands say around a match: seeds,
//!   replay files, results, refusals.
//! - [`CheckMsg`] (`check.rs`): the `check-bot` report.
//! - [`Msg`] (`play.rs`): the game at the terminal and its narration.
//! - [`ViewerMsg`] (`viewer.rs`): the replay viewer's own lines.
//! - [`TournamentMsg`] (`tournament.rs`): a tournament's results table.
//! - [`RulesMsg`] (`rules.rs`): the phrases of the rules document; its
//!   structure is [`crate::i18n::rules_text`].
//! - [`ClaimMsg`] (`claim.rs`): a claim that reads two ways; and why a claim
//!   cannot be read (`ClaimError::text`, `ClaimReason::text`).
//! - [`JoinMsg`] (`join.rs`): what `liar join` says around the game:
//!   connecting, the lobby, the waiting room, the turn timer, reconnects,
//!   the server's refusals.
//! - `bot.rs`: why a Lua bot cannot be loaded (`BotLoadError::text`; the
//!   English is the Display).
//! - `config.rs`: what is wrong with a table or tournament file
//!   (`ConfigError::text`, `Problem::text`; the English is the Display).
//! - `limits.rs`: a limit a bot overran (`Overrun::text`; English is what
//!   replays record).
//! - `replay_errors.rs`: why a replay cannot be read or checked
//!   (`CheckError::text`, `ReplayErrorKind::text`; the English is the Display).
//! - `tournament_errors.rs`: why a tournament cannot be played, read or
//!   merged (`SpecError::text`, `MergeError::text`, `RunError::text`, …; the
//!   English is the Display).
//!
//! Russian sentences avoid past-tense verbs and declined names (a name may be
//! anyone's), so they read right whoever plays: "Анна верит", "заявка игрока
//! Анна".

/// Formats the English or the Russian text; both see the same variables.
macro_rules! tr {
    ($lang:expr, $en:literal, $ru:literal $(,)?) => {
        match $lang {
            $crate::i18n::Lang::En => format!($en),
            $crate::i18n::Lang::Ru => format!($ru),
        }
    };
}

mod app;
mod bot;
mod check;
mod claim;
mod config;
mod join;
mod limits;
mod online;
mod play;
mod replay_errors;
mod rules;
mod tournament;
mod tournament_errors;
mod viewer;

pub use app::AppMsg;
pub use check::CheckMsg;
pub use claim::ClaimMsg;
pub use join::{JoinMsg, refusal_text};
pub use online::ServeMsg;
pub use play::Msg;
pub use rules::{HandColumn, RulesMsg};
pub use tournament::TournamentMsg;
pub use viewer::ViewerMsg;
