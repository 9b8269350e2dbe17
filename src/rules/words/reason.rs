//! Why a claim could not be read, as data: the words for each reason, in
//! English and Russian, are in `crate::i18n` (`ClaimReason::text`).

use super::super::face::{DiceKind, Face};
use super::super::hand::Category;

/// Why the text of a claim could not be read, in a few words once written
/// out (see `ClaimReason::text` in [`crate::i18n`]).
///
/// ```
/// use liar::i18n::Lang;
/// use liar::rules::{ClaimReason, DiceKind, Face};
/// let twice = ClaimReason::NamedTwice(Face::King);
/// assert_eq!(twice.text(Lang::En, DiceKind::Poker), "kings named twice");
/// assert_eq!(twice.text(Lang::Ru, DiceKind::Standard), "шестёрки названы дважды");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimReason {
    /// A word the parser does not know, as typed (lower case, shortened).
    UnknownWord(String),
    /// Nothing but punctuation and articles.
    NoHand,
    /// A full house or two pairs naming one face twice.
    TwoDifferentFaces(Category),
    /// More odd dice named than the hand leaves room for. A straight is
    /// [`Category::HighStraight`].
    NoRoom {
        /// The kind of hand named.
        category: Category,
        /// How many odd dice it leaves room for.
        room: usize,
    },
    /// One face named in two places.
    NamedTwice(Face),
    /// "zero kings".
    ZeroDice,
    /// "one king".
    OneDie,
    /// "six kings".
    OverFive,
    /// Something else was expected here.
    Expected {
        /// What was expected.
        what: Expected,
        /// The word before, as typed, if any.
        after: Option<String>,
        /// The word found, as typed; `None` at the end of the text.
        found: Option<String>,
    },
    /// A word that does not fit where it stands.
    Unexpected {
        /// The word, as typed.
        word: String,
        /// The word before it, as typed, if any.
        after: Option<String>,
    },
    /// A word that cannot begin a hand ("over nines").
    CannotStart(String),
    /// "three pairs".
    TwoPairsAtMost,
    /// "three kings and three nines".
    MoreThanFive,
    /// "queen high straight".
    StraightTop,
    /// A face without a count: "kings".
    HowMany(Face),
    /// Part of a hand in notation with no face twice (`K`, `AK`): single
    /// dice are the odd dice of a hand, not a hand.
    NoGroup,
    /// Longer than [`crate::rules::MAX_CLAIM_LEN`] bytes.
    TooLong,
    /// A face that the table's dice do not have: `1` or "sixes" on poker
    /// dice, `K` or "kings" on standard dice.
    NotOnDice {
        /// The face as typed.
        typed: String,
        /// The table's dice.
        dice: DiceKind,
    },
}

/// What the reader expected where a claim went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A face.
    Face,
    /// The word "pair" ("no pair").
    Pair,
    /// The word "kind" ("three of a kind").
    Kind,
    /// The word "straight" ("high straight").
    Straight,
}
