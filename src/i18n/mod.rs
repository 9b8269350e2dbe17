//! Every text a player reads, in English and Russian.
//!
//! - [`Msg`], [`ViewerMsg`], [`RulesMsg`]: every message, one type per
//!   area (the game, the replay viewer, the rules document), each written
//!   in both languages side by side.
//! - [`rules_text`]: the rules of a table in the project's own words, with its
//!   hand-ranking table and the exact odds of each category.
//! - [`category_name`], [`count`]: hand names as players say them and counted
//!   nouns with the right plural form.
//! - [`lang_from_env`], [`parse_lang`]: which language to speak.
//!
//! Hand names inside claims come from [`crate::rules::describe`]; this module
//! only frames them.
//!
//! ```
//! use liar::i18n::{Lang, Msg};
//! assert_eq!(Msg::Accepts { name: "Anna" }.text(Lang::En), "Anna accepts.");
//! assert_eq!(Msg::Accepts { name: "Анна" }.text(Lang::Ru), "Анна верит.");
//! ```

mod hand_table;
mod msg;
mod rules_text;
mod words;

pub use crate::rules::Lang;
pub use hand_table::{CategoryOdds, THROWS, category_odds};
pub use msg::{
    AppMsg, CheckMsg, ClaimMsg, HandColumn, JoinMsg, Msg, RulesMsg, ServeMsg, TournamentMsg,
    ViewerMsg, refusal_text,
};
pub use rules_text::rules_text;
pub use words::{
    Noun, category_name, count, example_claim, example_words, keep_example, partial_example,
    percent,
};

/// The language the environment asks for: the first of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` that is set and not empty decides; a value starting
/// with `ru` means Russian, anything else English.
///
/// ```no_run
/// let lang = liar::i18n::lang_from_env();
/// ```
pub fn lang_from_env() -> Lang {
    let var = |name: &str| std::env::var(name).ok();
    lang_from_locale(var("LC_ALL"), var("LC_MESSAGES"), var("LANG"))
}

/// [`lang_from_env`] with the three variables given (for tests and callers
/// that read the environment themselves).
///
/// ```
/// use liar::i18n::{Lang, lang_from_locale};
/// let s = |v: &str| Some(v.to_string());
/// assert_eq!(lang_from_locale(None, None, s("ru_RU.UTF-8")), Lang::Ru);
/// assert_eq!(lang_from_locale(s("C"), None, s("ru_RU.UTF-8")), Lang::En);
/// assert_eq!(lang_from_locale(s(""), s("ru_UA"), None), Lang::Ru);
/// assert_eq!(lang_from_locale(None, None, None), Lang::En);
/// ```
pub fn lang_from_locale(
    lc_all: Option<String>,
    lc_messages: Option<String>,
    lang: Option<String>,
) -> Lang {
    let chosen = [lc_all, lc_messages, lang]
        .into_iter()
        .flatten()
        .find(|v| !v.is_empty());
    match chosen {
        Some(v) if v.to_ascii_lowercase().starts_with("ru") => Lang::Ru,
        _ => Lang::En,
    }
}

/// Reads a language name as given on a command line (`en`, `english`, `ru`,
/// `russian`, `русский`; any case).
///
/// ```
/// use liar::i18n::{Lang, parse_lang};
/// assert_eq!(parse_lang("RU"), Some(Lang::Ru));
/// assert_eq!(parse_lang("english"), Some(Lang::En));
/// assert_eq!(parse_lang("fr"), None);
/// ```
pub fn parse_lang(text: &str) -> Option<Lang> {
    match text.trim().to_lowercase().as_str() {
        "en" | "eng" | "english" | "английский" => Some(Lang::En),
        "ru" | "rus" | "russian" | "русский" | "ру" => Some(Lang::Ru),
        _ => None,
    }
}
