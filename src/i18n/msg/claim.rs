//! Why a claim could not be read, and the question a claim that reads two
//! ways asks, in English and Russian. [`ClaimError`]'s `Display` (what bots
//! and files are told) is its English text.

use crate::i18n::{Lang, category_name};
use crate::rules::{Category, ClaimError, ClaimReason, DiceKind, Expected, Face};
use crate::rules::{english_many, russian_names};
use std::fmt;

/// A question about a claim that reads two ways ([`crate::rules::Reading`]).
///
/// ```
/// use liar::i18n::{ClaimMsg, Lang};
/// let ask = ClaimMsg::Either { first: "three aces (Т Т Т)", second: "three tens (10 10 10)" };
/// assert_eq!(
///     ask.text(Lang::En),
///     "Which did you mean: three aces (Т Т Т) — yes, or three tens (10 10 10) — no?"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimMsg<'a> {
    /// Which of the two readings: yes for the first, no for the second.
    Either {
        /// The first reading, in words and faces.
        first: &'a str,
        /// The second reading.
        second: &'a str,
    },
    /// The answer was neither yes nor no: the claim is asked for again.
    EitherAgain,
}

impl ClaimMsg<'_> {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            ClaimMsg::Either { first, second } => tr!(
                lang,
                "Which did you mean: {first} — yes, or {second} — no?",
                "Какую заявку вы имели в виду: {first} — «да», или {second} — «нет»?"
            ),
            ClaimMsg::EitherAgain => tr!(
                lang,
                "Neither yes nor no: the claim is not taken.",
                "Ни «да», ни «нет»: заявка не принята."
            ),
        }
    }
}

impl ClaimError {
    /// The error in `lang`, faces named as on `dice`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::rules::{parse_claim, DiceKind, Ranking};
    /// let e = parse_claim("kings", Ranking::default()).unwrap_err();
    /// assert!(e.text(Lang::Ru, DiceKind::Poker).contains("сколько королей"));
    /// ```
    pub fn text(&self, lang: Lang, dice: DiceKind) -> String {
        match self {
            ClaimError::Empty => tr!(
                lang,
                "empty claim: write a hand such as QQQ99, KKK, 55522, \"full house queens over nines\" or \"фул, дамы на девятках\"",
                "пустая заявка: напишите комбинацию, например QQQ99, KKK, 55522, «фул, дамы на девятках» или \"full house queens over nines\""
            ),
            ClaimError::Unreadable { text, reason } => {
                let reason = reason.text(lang, dice);
                // Quoted on one line whatever it holds, as `{text:?}` is.
                let shown = text.escape_debug();
                tr!(
                    lang,
                    "cannot read {text:?} as a hand: {reason}. Write five dice (QQQ99, or 55522 on standard dice), part of a hand (KKK = three kings), or words such as \"full house queens over nines\", \"two pairs kings and nines\", \"каре королей\"",
                    "не удаётся прочитать «{shown}» как комбинацию: {reason}. Напишите пять кубиков (QQQ99 или 55522 на обычных кубиках), часть комбинации (KKK — три короля) или словами: «фул, дамы на девятках», «две пары, короли и девятки», \"three kings\""
                )
            }
            ClaimError::NoSuchHand { text, no_straights } => {
                let shown = text.escape_debug();
                let hint = match (no_straights, lang) {
                    (false, _) => "",
                    (true, Lang::En) => "; this table plays without straights",
                    (true, Lang::Ru) => "; за этим столом стритов нет",
                };
                tr!(
                    lang,
                    "no hand fits {text:?} under this table's rules{hint}",
                    "под «{shown}» не подходит ни одна комбинация по правилам этого стола{hint}"
                )
            }
        }
    }
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En, DiceKind::Poker))
    }
}

impl ClaimReason {
    /// The reason in a few words in `lang`, faces named as on `dice`:
    /// "kings named twice", «шестёрки названы дважды».
    pub fn text(&self, lang: Lang, dice: DiceKind) -> String {
        let many = |face: Face| match lang {
            Lang::En => english_many(face, dice),
            Lang::Ru => russian_names(face, dice).plural,
        };
        match self {
            ClaimReason::UnknownWord(word) => {
                tr!(lang, "unknown word {word:?}", "незнакомое слово «{word}»")
            }
            ClaimReason::NoHand => tr!(lang, "no hand named", "комбинация не названа"),
            ClaimReason::TwoDifferentFaces(Category::TwoPairs) => tr!(
                lang,
                "two pairs need two different faces",
                "для двух пар нужны две разные грани"
            ),
            ClaimReason::TwoDifferentFaces(_) => tr!(
                lang,
                "a full house needs two different faces",
                "для фул-хауса нужны две разные грани"
            ),
            ClaimReason::NoRoom { category, room } => {
                let name = shape_name(*category, lang);
                match (room, lang) {
                    (0, _) => tr!(
                        lang,
                        "{name} leaves no room for other dice",
                        "{name}: других кубиков быть не может"
                    ),
                    (1, _) => tr!(
                        lang,
                        "{name} leaves room for only one other die",
                        "{name}: остаётся место только для одного кубика"
                    ),
                    (n, _) => tr!(
                        lang,
                        "{name} leaves room for only {n} other dice",
                        "{name}: остаётся место только для {n} кубиков"
                    ),
                }
            }
            ClaimReason::NamedTwice(face) => {
                let faces = many(*face);
                tr!(lang, "{faces} named twice", "{faces} названы дважды")
            }
            ClaimReason::ZeroDice => tr!(
                lang,
                "zero dice is not a hand",
                "ноль кубиков — не комбинация"
            ),
            ClaimReason::OneDie => tr!(
                lang,
                "one die alone is not a hand; name a pair or more",
                "один кубик — не комбинация; назовите пару или больше"
            ),
            ClaimReason::OverFive => tr!(
                lang,
                "more than five of one face: there are only five dice",
                "больше пяти одинаковых граней: кубиков всего пять"
            ),
            ClaimReason::Expected { what, after, found } => {
                let what = expected_name(*what, lang);
                let after = match (after, lang) {
                    (None, _) => String::new(),
                    (Some(w), Lang::En) => format!(" after {w:?}"),
                    (Some(w), Lang::Ru) => format!(" после «{w}»"),
                };
                match found {
                    Some(w) => tr!(
                        lang,
                        "expected {what}{after}, found {w:?}",
                        "ожидается {what}{after}, а написано «{w}»"
                    ),
                    None => tr!(
                        lang,
                        "expected {what}{after}, found the end",
                        "ожидается {what}{after}, а заявка кончилась"
                    ),
                }
            }
            ClaimReason::Unexpected { word, after } => match after {
                Some(a) => tr!(
                    lang,
                    "unexpected {word:?} after {a:?}",
                    "лишнее «{word}» после «{a}»"
                ),
                None => tr!(lang, "unexpected {word:?}", "лишнее «{word}»"),
            },
            ClaimReason::CannotStart(word) => tr!(
                lang,
                "a hand cannot start with {word:?}",
                "комбинация не может начинаться с «{word}»"
            ),
            ClaimReason::TwoPairsAtMost => tr!(
                lang,
                "five dice hold at most two pairs",
                "в пяти кубиках не больше двух пар"
            ),
            ClaimReason::MoreThanFive => tr!(
                lang,
                "that makes more than five dice",
                "это больше пяти кубиков"
            ),
            ClaimReason::StraightTop => tr!(
                lang,
                "a straight is ace high or king high",
                "стрит бывает только от туза или от короля"
            ),
            ClaimReason::HowMany(face) => {
                let plural = english_many(*face, dice);
                let of_many = russian_names(*face, dice).of_many;
                tr!(
                    lang,
                    "say how many {plural}, e.g. \"three {plural}\" or \"pair of {plural}\"",
                    "скажите, сколько {of_many}, например «пара {of_many}»"
                )
            }
            ClaimReason::NoGroup => tr!(
                lang,
                "part of a hand names a pair or more (two or three of one face), or all five dice",
                "часть комбинации — это пара или больше (две-три одинаковые грани) либо все пять кубиков"
            ),
            ClaimReason::TooLong => tr!(lang, "longer than {MAX} bytes", "длиннее {MAX} байт",),
            ClaimReason::NotOnDice { typed, dice } => match dice {
                DiceKind::Poker => tr!(
                    lang,
                    "poker dice have no face {typed:?}: their faces are 9 10 J Q K A",
                    "у покерных кубиков нет грани «{typed}»: их грани — 9 10 В Д К Т"
                ),
                DiceKind::Standard => tr!(
                    lang,
                    "standard dice have no face {typed:?}: their faces are 1 to 6, named by pips (three twos, pair of sixes)",
                    "у обычных кубиков нет грани «{typed}»: их грани — от 1 до 6, по очкам (три двойки, пара шестёрок)"
                ),
            },
        }
    }
}

/// The longest claim, for [`ClaimReason::TooLong`].
const MAX: usize = crate::rules::MAX_CLAIM_LEN;

/// The kind of hand a reason names: "a full house", «фул-хаус».
fn shape_name(category: Category, lang: Lang) -> String {
    let en = match category {
        Category::Bust => "a bust",
        Category::OnePair => "a pair",
        Category::TwoPairs => "two pairs",
        Category::ThreeOfAKind => "three of a kind",
        Category::FullHouse => "a full house",
        Category::FourOfAKind => "four of a kind",
        Category::FiveOfAKind => "five of a kind",
        Category::HighStraight | Category::LowStraight => "a straight",
    };
    match (lang, category) {
        (Lang::En, _) => en.to_string(),
        (Lang::Ru, Category::HighStraight | Category::LowStraight) => "стрит".to_string(),
        (Lang::Ru, c) => capitalised(category_name(c, Lang::Ru)),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What was expected, as a reason says it.
fn expected_name(what: Expected, lang: Lang) -> String {
    match what {
        Expected::Face => tr!(lang, "a face", "грань"),
        Expected::Pair => tr!(lang, "\"pair\"", "«пара»"),
        Expected::Kind => tr!(lang, "\"kind\"", "\"kind\""),
        Expected::Straight => tr!(lang, "\"straight\"", "«стрит»"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_is_translated() {
        let reasons = [
            ClaimReason::UnknownWord("x".into()),
            ClaimReason::NoHand,
            ClaimReason::TwoDifferentFaces(Category::TwoPairs),
            ClaimReason::TwoDifferentFaces(Category::FullHouse),
            ClaimReason::NoRoom {
                category: Category::HighStraight,
                room: 0,
            },
            ClaimReason::NoRoom {
                category: Category::TwoPairs,
                room: 1,
            },
            ClaimReason::NoRoom {
                category: Category::OnePair,
                room: 3,
            },
            ClaimReason::NamedTwice(Face::Ace),
            ClaimReason::ZeroDice,
            ClaimReason::OneDie,
            ClaimReason::OverFive,
            ClaimReason::Expected {
                what: Expected::Face,
                after: Some("of".into()),
                found: None,
            },
            ClaimReason::Unexpected {
                word: "x".into(),
                after: None,
            },
            ClaimReason::CannotStart("over".into()),
            ClaimReason::TwoPairsAtMost,
            ClaimReason::MoreThanFive,
            ClaimReason::StraightTop,
            ClaimReason::HowMany(Face::King),
            ClaimReason::TooLong,
            ClaimReason::NoGroup,
            ClaimReason::NotOnDice {
                typed: "1".into(),
                dice: DiceKind::Poker,
            },
            ClaimReason::NotOnDice {
                typed: "k".into(),
                dice: DiceKind::Standard,
            },
        ];
        for reason in reasons {
            for dice in [DiceKind::Poker, DiceKind::Standard] {
                let (en, ru) = (reason.text(Lang::En, dice), reason.text(Lang::Ru, dice));
                assert_ne!(en, ru, "{reason:?}");
                assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            }
        }
        assert_eq!(
            ClaimReason::HowMany(Face::King).text(Lang::En, DiceKind::Standard),
            "say how many sixes, e.g. \"three sixes\" or \"pair of sixes\""
        );
    }
}
