//! A text the web page shows in the person's language: the server sends
//! it in every language `liar` speaks, so the page keeps no copy of it.

use crate::rules::Lang;
use serde::Serialize;

/// One text in English and in Russian.
///
/// ```
/// use liar::rules::Lang;
/// use liar::server::web::both_languages::InBothLanguages;
/// let hello = InBothLanguages::of(|lang| match lang {
///     Lang::En => "hello".to_string(),
///     Lang::Ru => "привет".to_string(),
/// });
/// assert_eq!((hello.en.as_str(), hello.ru.as_str()), ("hello", "привет"));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct InBothLanguages {
    /// For English players.
    pub en: String,
    /// For Russian players.
    pub ru: String,
}

impl InBothLanguages {
    /// The text `say` gives in each language.
    pub fn of(say: impl Fn(Lang) -> String) -> Self {
        InBothLanguages {
            en: say(Lang::En),
            ru: say(Lang::Ru),
        }
    }
}
