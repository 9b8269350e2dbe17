//! Hand names in words, in English and in Russian.
//!
//! [`parse_words`] reads what players write ("full house, queens over nines",
//! "тройка королей с дамой") into a [`ClaimPattern`]; [`describe()`] writes a hand
//! back the same way. Each word is first looked up in the
//! [`vocabulary`] and turned into a language-neutral symbol, so one small
//! [`parser`] serves both languages: "на" is "over", "с" is "with", "каре" is
//! "quads", and so on.

mod describe;
mod parser;
mod reason;
mod tokens;
mod vocabulary;

#[cfg(test)]
mod tests;

pub use reason::{ClaimReason, Expected};
pub(crate) use vocabulary::{english_many, russian_names};

use super::claim::{ClaimPattern, Lang, Naming};
use super::face::{DiceKind, Face};
use super::hand::Hand;

/// Reads a hand named in words, in English or Russian, into the pattern it
/// claims; a partial claim stands for the lowest hand fitting the pattern.
///
/// Accepted, case-insensitively and ignoring punctuation ("ё" reads as "е"):
/// - five of a kind: "five aces", "five of a kind (aces)", "покер (тузов)",
///   "пять тузов";
/// - four of a kind: "four kings", "four of a kind kings", "quads",
///   "каре (королей)";
/// - full house: "full house (queens over nines)", "queens full of nines",
///   "queens over nines", "three queens and two nines", "full house kings",
///   "фул(л)(-хаус)", "фул, дамы на девятках", "фул из дам и девяток";
/// - straights: "straight" (either), "high/big straight", "low/small
///   straight", "ace high straight", "стрит", "большой/малый стрит";
/// - three of a kind: "three kings", "three of a kind", "trips",
///   "тройка (тузов)", "три туза";
/// - two pairs: "two pair(s) (kings and nines)", "kings and nines",
///   "две пары (короли и девятки / королей и девяток)";
/// - one pair: "(a/one) pair (of aces)", "пара (тузов)";
/// - bust: "nothing", "bust", "high card", "no pair", "ничего", "пусто",
///   "ни одной пары".
///
/// Faces are words in any number or case ("kings", "тузов", "королём"),
/// letters or digits ("Ks", "10s"), or standard-dice pips in face position
/// ("three fives" = three queens, "pair of ones" = pair of aces, "три
/// двойки"). Odd dice may follow: "three kings with queen and nine", "пара
/// тузов с королём, дамой и валетом"; a bust may list its five dice
/// ("nothing: ace, king, queen, jack and nine").
///
/// With `dice` set, only the face names of that kind are faces: poker words
/// and letters on poker dice, pips on standard dice; others are refused
/// ([`ClaimReason::NotOnDice`]). With `None`, both are read.
pub(crate) fn parse_words(text: &str, dice: Option<DiceKind>) -> Result<ClaimPattern, ClaimReason> {
    parser::parse(tokens::symbols(text)?, dice)
}

/// Describes a hand as a player would claim it: "full house, queens over
/// nines", "three kings with queen and ten", "фул-хаус, дамы на девятках";
/// on standard dice by pips: "three twos", «три двойки».
///
/// Odd dice are named (highest first) only as far as needed to pin the hand
/// down under the ranking, and never when kickers do not count; a bust other
/// than the lowest lists all its dice. The words read back through
/// [`super::read_claim`] to the lowest hand of the same strength — with
/// kickers, to `hand` itself.
pub(crate) fn describe(hand: Hand, naming: Naming, lang: Lang) -> String {
    let Naming { ranking, dice } = naming;
    let category = ranking.category(hand);
    let mut groups: Vec<Face> = Vec::new();
    let mut singles: Vec<Face> = Vec::new();
    // Canonical order: biggest group first, then by face, high first.
    for face in hand.faces() {
        if hand.count(face) == 1 {
            singles.push(face);
        } else if !groups.contains(&face) {
            groups.push(face);
        }
    }
    let named = describe::named_kickers(hand, ranking, &groups, &singles);
    let kickers = singles.get(..named).unwrap_or(&singles);
    match lang {
        Lang::En => describe::english(category, &groups, kickers, dice),
        Lang::Ru => describe::russian(category, &groups, kickers, dice),
    }
}
