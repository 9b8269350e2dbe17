//! What `liar serve` says to the person who runs it.

use crate::i18n::Lang;

/// A message of `liar serve` on standard error.
///
/// ```
/// use liar::i18n::{Lang, ServeMsg};
/// let m = ServeMsg::Stopped;
/// assert_eq!(m.text(Lang::En), "liar serve: stopped.");
/// assert_eq!(m.text(Lang::Ru), "liar serve: остановлен.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServeMsg<'a> {
    /// Where clients connect, after the address line.
    Connect {
        /// `host:port`.
        addr: &'a str,
        /// The presets offered, comma-separated.
        presets: &'a str,
    },
    /// The server stopped (Ctrl-C or SIGTERM).
    Stopped,
}

impl ServeMsg<'_> {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            ServeMsg::Connect { addr, presets } => tr!(
                lang,
                "liar serve: open http://{addr}/ in a browser, or `liar join ws://{addr}/ws`; presets: {presets}. Ctrl-C stops.",
                "liar serve: откройте http://{addr}/ в браузере или `liar join ws://{addr}/ws`; столы: {presets}. Ctrl-C — остановить.",
            ),
            ServeMsg::Stopped => tr!(lang, "liar serve: stopped.", "liar serve: остановлен."),
        }
    }
}
