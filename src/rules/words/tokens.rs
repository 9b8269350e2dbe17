//! Turning text into known words.

use super::reason::ClaimReason;
use super::vocabulary::{SKIPPED, Sym, symbol};

/// One known word: what it means and how it was written (lower case), for
/// error messages.
pub(super) type Token = (Sym, String);

/// At most this many characters of an unknown word go into the error.
const QUOTE_LIMIT: usize = 24;

/// Splits the text into known words: lower case, "ё" read as "е", anything
/// but letters and digits a separator.
pub(super) fn symbols(text: &str) -> Result<Vec<Token>, ClaimReason> {
    let lower: String = text
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ё' { 'е' } else { c })
        .collect();
    let mut out = Vec::new();
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() || SKIPPED.contains(&word) {
            continue;
        }
        match symbol(word) {
            Some(sym) => out.push((sym, word.to_string())),
            None => {
                let quoted = crate::text::shorten(word, QUOTE_LIMIT);
                return Err(ClaimReason::UnknownWord(quoted));
            }
        }
    }
    Ok(out)
}
