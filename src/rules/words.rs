//! Hand names in English and Russian words (placeholder, being written).
use super::claim::{Lang, Pattern};
use super::hand::Hand;
use super::ranking::Ranking;

pub(crate) fn parse_words(_text: &str) -> Result<Pattern, String> {
    Err("words are not supported yet".into())
}

pub(crate) fn describe(hand: Hand, _ranking: Ranking, _lang: Lang) -> String {
    hand.to_string()
}
