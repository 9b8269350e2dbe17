//! Reading claims people and bots write, and writing them back.
//!
//! A claim names a hand. It may name all five dice (`QQQ99`, `Q9QQ9`,
//! standard-dice digits `55522`) or only part of a hand (`KKK`, "three
//! kings", "фул, дамы на девятках"); a partial claim means the **lowest** hand
//! that matches it under the table's ranking.

use super::face::{Dice, Face};
use super::hand::{Category, Hand};
use super::ranking::Ranking;
use super::words;

/// A language for hand names.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Russian.
    Ru,
}

/// A set of categories (a bit per [`Category`]); empty means "any".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CategorySet(u16);

impl CategorySet {
    /// Any category.
    pub const ANY: CategorySet = CategorySet(0);

    /// The set holding only `c`.
    pub fn of(c: Category) -> Self {
        CategorySet(1 << c as u16)
    }

    /// Both straights.
    pub fn straights() -> Self {
        CategorySet::of(Category::LowStraight).with(Category::HighStraight)
    }

    /// This set plus `c`.
    pub fn with(self, c: Category) -> Self {
        CategorySet(self.0 | (1 << c as u16))
    }

    /// Whether `c` is allowed (an empty set allows all).
    pub fn allows(self, c: Category) -> bool {
        self.0 == 0 || self.0 & (1 << c as u16) != 0
    }
}

/// What a claim says about a hand: exact counts for some faces, and maybe the
/// category. It stands for the lowest hand that fits it.
///
/// ```
/// use liar::rules::{Face, ClaimPattern, Ranking};
/// let three_kings = ClaimPattern::default().with_count(Face::King, 3);
/// assert_eq!(three_kings.lowest(Ranking::default()).unwrap().to_string(), "KKKT9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ClaimPattern {
    /// Exact number of dice showing each face; `None` leaves it free.
    pub counts: [Option<u8>; 6],
    /// The categories the hand may have.
    pub categories: CategorySet,
}

impl ClaimPattern {
    /// This pattern with exactly `n` dice showing `face`.
    pub fn with_count(mut self, face: Face, n: u8) -> Self {
        self.counts[face.index()] = Some(n);
        self
    }

    /// This pattern restricted to the given categories.
    pub fn in_categories(mut self, set: CategorySet) -> Self {
        self.categories = set;
        self
    }

    /// Whether `hand` fits the pattern under `ranking`.
    pub fn matches(&self, hand: Hand, ranking: Ranking) -> bool {
        self.categories.allows(ranking.category(hand))
            && Face::ALL
                .iter()
                .all(|&f| self.counts[f.index()].is_none_or(|n| hand.count(f) == n))
    }

    /// The lowest hand fitting the pattern, if any does.
    pub fn lowest(&self, ranking: Ranking) -> Option<Hand> {
        ranking
            .ascending()
            .iter()
            .copied()
            .find(|&h| self.matches(h, ranking))
    }
}

/// Why a claim could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// Nothing was written.
    #[error(
        "empty claim: write a hand such as QQQ99, KKK, 55522, \"full house queens over nines\" or \"фул, дамы на девятках\""
    )]
    Empty,
    /// The text is neither notation nor words the parser knows.
    #[error(
        "cannot read {text:?} as a hand: {reason}. Write five dice (QQQ99, or 55522 on standard dice), part of a hand (KKK = three kings), or words such as \"full house queens over nines\", \"two pairs kings and nines\", \"каре королей\""
    )]
    Unreadable {
        /// The text as given.
        text: String,
        /// What went wrong, in a few words.
        reason: String,
    },
    /// The text reads fine but no hand fits it under this table's rules.
    #[error("no hand fits {text:?} under this table's rules{hint}")]
    NoSuchHand {
        /// The text as given.
        text: String,
        /// Extra explanation, starting with "; " when present.
        hint: String,
    },
}

/// The longest claim text the parser looks at; longer input is refused whole.
pub const MAX_CLAIM_LEN: usize = 200;

/// Reads a claim in any supported form and returns the hand it stands for.
///
/// ```
/// use liar::rules::{parse_claim, Ranking};
/// let r = Ranking::default();
/// let s = |t: &str| parse_claim(t, r).unwrap().to_string();
/// assert_eq!(s("QQQ99"), "QQQ99");
/// assert_eq!(s("9q9qq"), "QQQ99");
/// assert_eq!(s("KKK"), "KKKT9");
/// assert_eq!(s("55522"), "QQQ99");
/// assert_eq!(s("full house queens over nines"), "QQQ99");
/// assert_eq!(s("фул, дамы на девятках"), "QQQ99");
/// assert!(parse_claim("seven dwarves", r).is_err());
/// ```
pub fn parse_claim(text: &str, ranking: Ranking) -> Result<Hand, ClaimError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ClaimError::Empty);
    }
    if trimmed.len() > MAX_CLAIM_LEN {
        return Err(ClaimError::Unreadable {
            text: crate::text::shorten(trimmed, 40),
            reason: format!("longer than {MAX_CLAIM_LEN} bytes"),
        });
    }
    let pattern = match parse_notation(trimmed) {
        Some(Ok(hand)) => return Ok(hand),
        Some(Err(pattern)) => pattern,
        None => words::parse_words(trimmed).map_err(|reason| ClaimError::Unreadable {
            text: trimmed.to_string(),
            reason,
        })?,
    };
    pattern
        .lowest(ranking)
        .ok_or_else(|| ClaimError::NoSuchHand {
            text: trimmed.to_string(),
            hint: no_hand_hint(&pattern, ranking),
        })
}

fn no_hand_hint(pattern: &ClaimPattern, ranking: Ranking) -> String {
    let straights_only = CategorySet::straights();
    if pattern.categories != CategorySet::ANY
        && ranking.straights == super::Straights::None
        && Category::ALL
            .iter()
            .all(|&c| !pattern.categories.allows(c) || straights_only.allows(c))
    {
        "; this table plays without straights".to_string()
    } else {
        String::new()
    }
}

/// Notation: dice letters/digits only (spaces, commas and dashes between
/// them are ignored; `10` is a ten). Five dice give the hand itself
/// (`Ok`); fewer give a partial pattern (`Err(pattern)`). `None` if the
/// text is not notation at all.
fn parse_notation(text: &str) -> Option<Result<Hand, ClaimPattern>> {
    let mut faces: Vec<Face> = Vec::with_capacity(5);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            faces.push(Face::Ten);
        } else if matches!(c, ' ' | ',' | '-' | '/') {
            continue;
        } else {
            faces.push(Face::from_char(c)?);
        }
        if faces.len() > 5 {
            return None;
        }
    }
    if faces.is_empty() {
        return None;
    }
    if faces.len() == 5 {
        let mut dice = [Face::Nine; 5];
        dice.copy_from_slice(&faces);
        return Some(Ok(Dice(dice).hand()));
    }
    let mut pattern = ClaimPattern::default();
    for f in &faces {
        let slot = &mut pattern.counts[f.index()];
        *slot = Some(slot.unwrap_or(0) + 1);
    }
    Some(Err(pattern))
}

/// Writes a hand in canonical notation, e.g. `QQQ99`.
pub fn notation(hand: Hand) -> String {
    hand.to_string()
}

/// Describes a claim in words: "full house, queens over nines",
/// "фул-хаус, дамы на девятках". Odd dice are named only where they are not
/// the lowest possible, so the words read back to the same claim.
///
/// ```
/// use liar::rules::{describe, parse_claim, Hand, Lang, Ranking};
/// let r = Ranking::default();
/// for hand in Hand::all() {
///     for lang in [Lang::En, Lang::Ru] {
///         let words = describe(hand, r, lang);
///         assert_eq!(parse_claim(&words, r), Ok(hand), "{words}");
///     }
/// }
/// ```
pub fn describe(hand: Hand, ranking: Ranking, lang: Lang) -> String {
    words::describe(hand, ranking, lang)
}
