//! Reading claims people and bots write, and writing them back.
//!
//! A claim names a hand. It may name all five dice (`QQQ99`, `Q9QQ9`,
//! standard-dice digits `55522`) or only part of a hand (`KKK`, "three
//! kings", "фул, дамы на девятках"); a partial claim means the **lowest** hand
//! that matches it under the table's ranking.

use super::face::{Dice, DiceKind, Face};
use super::hand::{Category, Hand};
use super::ranking::Ranking;
use super::table_rules::Rules;
use super::words::{self, ClaimReason};

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

/// Why a claim could not be read. Its [`Display`](std::fmt::Display) is
/// English (for bots and files); `ClaimError::text` in [`crate::i18n`]
/// writes it in either language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimError {
    /// Nothing was written.
    Empty,
    /// The text is neither notation nor words the parser knows.
    Unreadable {
        /// The text as given (shortened when too long).
        text: String,
        /// What went wrong.
        reason: ClaimReason,
    },
    /// The text reads fine but no hand fits it under this table's rules.
    NoSuchHand {
        /// The text as given.
        text: String,
        /// Whether it names only straights, at a table without them.
        no_straights: bool,
    },
}

impl std::error::Error for ClaimError {}

/// The longest claim text the parser looks at; longer input is refused whole.
pub const MAX_CLAIM_LEN: usize = 200;

/// What naming and reading hands depend on at a table: its ranking and its
/// dice. A bare [`Ranking`] converts to poker dice.
///
/// ```
/// use liar::rules::{DiceKind, Naming, Ranking, Rules};
/// let standard = Rules { dice: DiceKind::Standard, ..Rules::default() };
/// assert_eq!(Naming::from(&standard).dice, DiceKind::Standard);
/// assert_eq!(Naming::from(Ranking::default()).dice, DiceKind::Poker);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Naming {
    /// The table's ranking variant.
    pub ranking: Ranking,
    /// The table's dice: their faces are named by pips on standard dice.
    pub dice: DiceKind,
}

impl From<Ranking> for Naming {
    fn from(ranking: Ranking) -> Self {
        Naming {
            ranking,
            dice: DiceKind::Poker,
        }
    }
}

impl From<&Rules> for Naming {
    fn from(rules: &Rules) -> Self {
        Naming {
            ranking: rules.ranking(),
            dice: rules.dice,
        }
    }
}

impl From<Rules> for Naming {
    fn from(rules: Rules) -> Self {
        Naming::from(&rules)
    }
}

/// Reads a claim in any supported form and returns the hand it stands for:
/// the reader for bots and files, which takes the faces of both kinds of
/// dice (poker letters and words, standard-dice digits and pips) whatever
/// the table's dice. People's claims go through [`read_claim`].
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
    let trimmed = checked(text)?;
    let pattern = match parse_notation(trimmed, None, Tee::Letter) {
        Some(Ok(Notation::Hand(hand))) => return Ok(hand),
        Some(Ok(Notation::Part(pattern))) => pattern,
        Some(Err(reason)) => return Err(unreadable(trimmed, reason)),
        None => words::parse_words(trimmed, None).map_err(|r| unreadable(trimmed, r))?,
    };
    lowest(trimmed, &pattern, ranking)
}

/// A person's claim as read: one hand, or two that the text could mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The text means this hand.
    Hand(Hand),
    /// The text could mean either hand: a `T` may be the ten or, as the
    /// Russian Т (туз), the ace. The first reading takes it as the ace.
    Either([Choice; 2]),
}

/// One way to read an ambiguous claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The hand it stands for.
    pub hand: Hand,
    /// The faces typed, read this way, in the order typed.
    pub faces: Vec<Face>,
}

/// Reads a claim a person typed at a table of `naming`: like [`parse_claim`], but only the faces of the table's dice
/// are faces (poker: `9 10 J Q K A`, `T`, `В Д К Т` and their words;
/// standard: `1`–`6` and pips, "three twos", «три двойки»); part of a hand
/// in notation must hold a pair or more (`K` alone is refused). A Latin
/// `T` is the ten and a Cyrillic `Т` the ace (туз), unless the text mixes
/// the two alphabets (`KKТ`, `ВВT`): then a `T` could be either, and both
/// readings are given.
///
/// ```
/// use liar::rules::{read_claim, DiceKind, Lang, Naming, Ranking, Reading};
/// let poker = Naming::from(Ranking::default());
/// let standard = Naming { dice: DiceKind::Standard, ..poker };
/// let hand = |t: &str, n: Naming| match read_claim(t, n) {
///     Ok(Reading::Hand(h)) => h.labels(n.dice),
///     other => format!("{other:?}"),
/// };
/// assert_eq!(hand("three twos", standard), "22243");
/// assert_eq!(hand("KKK", poker), "KKKT9");
/// assert!(read_claim("1 1", poker).is_err()); // no 1 on poker dice
/// assert!(read_claim("three kings", standard).is_err());
/// // One alphabet: Т is the ace, T the ten, in either language.
/// assert_eq!(hand("ТТВВД", poker), "AAJJQ");
/// assert_eq!(hand("KK99T", poker), "KK99T");
/// let either = read_claim("KKТ", poker);
/// assert!(matches!(either, Ok(Reading::Either(_))));
/// ```
pub fn read_claim(text: &str, naming: Naming) -> Result<Reading, ClaimError> {
    let trimmed = checked(text)?;
    let dice = Some(naming.dice);
    let ambiguous = mixes_alphabets(trimmed);
    let tees = if ambiguous {
        vec![Tee::Ace, Tee::Ten]
    } else {
        vec![Tee::Letter]
    };
    let mut read = Vec::new();
    for tee in tees {
        let hand = match parse_notation(trimmed, dice, tee) {
            Some(Ok(Notation::Hand(hand))) => Ok((hand, notation_faces(trimmed, tee))),
            Some(Ok(Notation::Part(pattern))) if pattern.counts.iter().all(|&n| n <= Some(1)) => {
                Err(unreadable(trimmed, ClaimReason::NoGroup))
            }
            Some(Ok(Notation::Part(pattern))) => lowest(trimmed, &pattern, naming.ranking)
                .map(|hand| (hand, notation_faces(trimmed, tee))),
            Some(Err(reason)) => Err(unreadable(trimmed, reason)),
            None => words::parse_words(trimmed, dice)
                .map_err(|r| unreadable(trimmed, r))
                .and_then(|pattern| lowest(trimmed, &pattern, naming.ranking))
                .map(|hand| (hand, Vec::new())),
        };
        read.push(hand);
    }
    match read.as_slice() {
        [Ok((a, fa)), Ok((b, fb))] if a != b => Ok(Reading::Either([
            Choice {
                hand: *a,
                faces: fa.clone(),
            },
            Choice {
                hand: *b,
                faces: fb.clone(),
            },
        ])),
        [.., Ok((hand, _))] | [Ok((hand, _)), ..] => Ok(Reading::Hand(*hand)),
        [first, ..] => first.clone().map(|(hand, _)| Reading::Hand(hand)),
        [] => Err(ClaimError::Empty),
    }
}

/// Whether `text` has a T of one alphabet and some other letter of the
/// other: only then may a T be the ten or the ace (a person typing in one
/// alphabet means its own letter).
fn mixes_alphabets(text: &str) -> bool {
    let cyrillic = |c: char| ('\u{400}'..='\u{4ff}').contains(&c);
    let latin_t = text.contains(['T', 't']);
    let cyrillic_t = text.contains(['Т', 'т']);
    let other_latin = text
        .chars()
        .any(|c| c.is_ascii_alphabetic() && !matches!(c, 'T' | 't'));
    let other_cyrillic = text
        .chars()
        .any(|c| cyrillic(c) && c.is_alphabetic() && !matches!(c, 'Т' | 'т'));
    (latin_t && (cyrillic_t || other_cyrillic)) || (cyrillic_t && other_latin)
}

/// The text trimmed, or why it cannot be a claim at all.
fn checked(text: &str) -> Result<&str, ClaimError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ClaimError::Empty);
    }
    if trimmed.len() > MAX_CLAIM_LEN {
        return Err(ClaimError::Unreadable {
            text: crate::text::shorten(trimmed, 40),
            reason: ClaimReason::TooLong,
        });
    }
    Ok(trimmed)
}

fn unreadable(text: &str, reason: ClaimReason) -> ClaimError {
    ClaimError::Unreadable {
        text: text.to_string(),
        reason,
    }
}

/// The lowest hand fitting `pattern`, or why there is none.
fn lowest(text: &str, pattern: &ClaimPattern, ranking: Ranking) -> Result<Hand, ClaimError> {
    pattern
        .lowest(ranking)
        .ok_or_else(|| ClaimError::NoSuchHand {
            text: text.to_string(),
            no_straights: only_straights(pattern, ranking),
        })
}

/// Whether `pattern` names nothing but straights, at a table without them.
fn only_straights(pattern: &ClaimPattern, ranking: Ranking) -> bool {
    let straights_only = CategorySet::straights();
    pattern.categories != CategorySet::ANY
        && ranking.straights == super::Straights::None
        && Category::ALL
            .iter()
            .all(|&c| !pattern.categories.allows(c) || straights_only.allows(c))
}

/// How the letter T reads in notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tee {
    /// Latin T the ten, Cyrillic Т the ace (туз).
    Letter,
    /// Either T is the ace.
    Ace,
    /// Either T is the ten.
    Ten,
}

/// Notation read: a whole hand or part of one.
enum Notation {
    Hand(Hand),
    Part(ClaimPattern),
}

/// One label of notation: `10` or one character.
fn labels(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let len = if rest.starts_with("10") {
            2
        } else {
            c.len_utf8()
        };
        let (label, tail) = rest.split_at(len);
        if !matches!(c, ' ' | ',' | '-' | '/') {
            out.push(label);
        }
        rest = tail;
    }
    out
}

/// The face a notation label names, and the dice that carry it; `None` if
/// no dice do. Look-alikes read as what they look like: Cyrillic А as the
/// ace A, Latin B as the Russian В (валет).
fn label_face(label: &str, tee: Tee) -> Option<(Face, DiceKind)> {
    let mut chars = label.chars();
    let c = chars.next()?;
    if label == "10" {
        return Some((Face::Ten, DiceKind::Poker));
    }
    if chars.next().is_some() {
        return None;
    }
    let face = match (c, tee) {
        ('T' | 't' | 'Т' | 'т', Tee::Ace) => Face::Ace,
        ('T' | 't' | 'Т' | 'т', Tee::Ten) => Face::Ten,
        ('А' | 'а', _) => Face::Ace,
        ('B' | 'b', _) => Face::Jack,
        _ => Face::from_char(c)?,
    };
    let kind = if ('1'..='8').contains(&c) {
        DiceKind::Standard
    } else {
        DiceKind::Poker
    };
    Some((face, kind))
}

/// The faces of notation `text` read with `tee`, in the order typed.
fn notation_faces(text: &str, tee: Tee) -> Vec<Face> {
    let faces = labels(text).into_iter().map(|l| label_face(l, tee));
    faces.flatten().map(|(face, _)| face).collect()
}

/// Notation: dice letters/digits only (spaces, commas, dashes and slashes
/// between them are ignored; `10` is a ten). Five dice give the hand
/// itself; fewer give a partial pattern. `None` if the text is not
/// notation at all; an error if it names a face `dice` do not have.
fn parse_notation(
    text: &str,
    dice: Option<DiceKind>,
    tee: Tee,
) -> Option<Result<Notation, ClaimReason>> {
    let labels = labels(text);
    if labels.is_empty() || labels.len() > 5 {
        return None;
    }
    let mut faces: Vec<Face> = Vec::with_capacity(5);
    let mut foreign = None;
    for label in labels {
        let (face, kind) = label_face(label, tee)?;
        if dice.is_some_and(|d| d != kind) && foreign.is_none() {
            foreign = Some(label);
        }
        faces.push(face);
    }
    if let (Some(typed), Some(dice)) = (foreign, dice) {
        return Some(Err(ClaimReason::NotOnDice {
            typed: typed.to_string(),
            dice,
        }));
    }
    if let Ok(dice) = <[Face; 5]>::try_from(faces.as_slice()) {
        return Some(Ok(Notation::Hand(Dice(dice).hand())));
    }
    let mut pattern = ClaimPattern::default();
    for f in &faces {
        let slot = &mut pattern.counts[f.index()];
        *slot = Some(slot.unwrap_or(0) + 1);
    }
    Some(Ok(Notation::Part(pattern)))
}

/// Writes a hand in canonical notation, e.g. `QQQ99`.
pub fn notation(hand: Hand) -> String {
    hand.to_string()
}

/// Describes a claim in words: "full house, queens over nines",
/// "фул-хаус, дамы на девятках"; on standard dice by pips, "full house,
/// fives over twos", «три двойки». Odd dice are named only where they are
/// not the lowest possible, so the words read back to the same claim.
/// `naming` is a [`Naming`], or a [`Ranking`] for poker dice.
///
/// ```
/// use liar::rules::{describe, parse_claim, read_claim, DiceKind, Hand, Lang, Naming};
/// use liar::rules::{Ranking, Reading};
/// let r = Ranking::default();
/// let standard = Naming { ranking: r, dice: DiceKind::Standard };
/// for hand in Hand::all() {
///     for lang in [Lang::En, Lang::Ru] {
///         let words = describe(hand, r, lang);
///         assert_eq!(parse_claim(&words, r), Ok(hand), "{words}");
///         let pips = describe(hand, standard, lang);
///         assert_eq!(read_claim(&pips, standard), Ok(Reading::Hand(hand)), "{pips}");
///     }
/// }
/// let h = "QQQ99".parse::<liar::rules::Dice>().unwrap().hand();
/// assert_eq!(describe(h, standard, Lang::En), "full house, fives over twos");
/// ```
pub fn describe(hand: Hand, naming: impl Into<Naming>, lang: Lang) -> String {
    words::describe(hand, naming.into(), lang)
}
