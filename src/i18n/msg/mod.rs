//! Every sentence a player reads, one file per area, each message written
//! in English and Russian side by side with [`tr!`].
//!
//! - [`Msg`] (`play.rs`): the game at the terminal and its narration.
//! - [`ViewerMsg`] (`viewer.rs`): the replay viewer's own lines.
//! - [`RulesMsg`] (`rules.rs`): the phrases of the rules document; its
//!   structure is [`crate::i18n::rules_text`].
//! - [`ClaimMsg`] (`claim.rs`): a claim that reads two ways; and why a claim
//!   cannot be read (`ClaimError::text`, `ClaimReason::text`).
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

mod claim;
mod play;
mod rules;
mod viewer;

pub use claim::ClaimMsg;
pub use play::Msg;
pub use rules::{HandColumn, RulesMsg};
pub use viewer::ViewerMsg;
