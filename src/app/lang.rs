//! Which language to speak: the flag, else the table's, else the locale.

use crate::cli::LangArg;
use crate::i18n::{Lang, lang_from_env};

/// The language to use.
pub fn resolve(flag: Option<LangArg>, table: Option<Lang>) -> Lang {
    match flag {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Ru) => Lang::Ru,
        None => table.unwrap_or_else(lang_from_env),
    }
}
