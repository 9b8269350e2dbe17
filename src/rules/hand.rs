//! The 252 hand values, their categories and canonical notation.

use super::face::{Dice, Face};
use std::fmt;
use std::sync::LazyLock;

/// Number of distinct hands (multisets of five faces out of six).
pub const HAND_COUNT: usize = 252;

/// A hand value: the multiset of five faces, whatever order the dice lie in.
///
/// Hands are numbered 0..252 in the default order (straights below full house,
/// every die counting), so `Hand::LOWEST` is `AQJT9` and `Hand::HIGHEST` is
/// `AAAAA`. Compare hands under a table's variant with [`super::Ranking`].
///
/// ```
/// use liar::rules::{Dice, Hand};
/// let dice: Dice = "9QQ9Q".parse().unwrap();
/// assert_eq!(dice.hand().to_string(), "QQQ99");
/// assert_eq!(Hand::HIGHEST.to_string(), "AAAAA");
/// assert_eq!(Hand::LOWEST.to_string(), "AQJT9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hand(u8);

/// The shape of a hand, before the variant decides where straights rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// Five different faces that are not a straight (every bust holds A and 9).
    Bust,
    OnePair,
    TwoPairs,
    ThreeOfAKind,
    /// `KQJT9`.
    LowStraight,
    /// `AKQJT`.
    HighStraight,
    FullHouse,
    FourOfAKind,
    FiveOfAKind,
}

impl Category {
    /// Every category, low to high in the default order.
    pub const ALL: [Category; 9] = [
        Category::Bust,
        Category::OnePair,
        Category::TwoPairs,
        Category::ThreeOfAKind,
        Category::LowStraight,
        Category::HighStraight,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::FiveOfAKind,
    ];

    /// Whether this is one of the two straights.
    pub fn is_straight(self) -> bool {
        matches!(self, Category::LowStraight | Category::HighStraight)
    }

    /// The name replays write and bots see.
    ///
    /// ```
    /// use liar::rules::Category;
    /// assert_eq!(Category::OnePair.name(), "one-pair");
    /// assert_eq!(Category::FiveOfAKind.name(), "five-of-a-kind");
    /// ```
    pub fn name(self) -> &'static str {
        &CATEGORY_NAMES[self as usize]
    }
}

/// Category names as the replay format writes them (serde's), in
/// [`Category::ALL`] order.
static CATEGORY_NAMES: LazyLock<Vec<String>> = LazyLock::new(|| {
    Category::ALL
        .iter()
        .map(|c| match serde_json::to_value(c) {
            Ok(serde_json::Value::String(name)) => name,
            _ => format!("{c:?}"),
        })
        .collect()
});

/// Facts about one hand, computed once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandInfo {
    /// How many dice show each face (index = [`Face::index`]).
    pub counts: [u8; 6],
    /// The faces grouped by (count desc, face desc): the canonical notation.
    pub notation: [Face; 5],
    /// The category if straights count as straights.
    pub shape: Category,
}

pub(crate) struct HandTables {
    /// By hand number.
    pub info: Vec<HandInfo>,
    /// Hand number of every ordered throw, indexed by `Σ face·6^position`.
    pub of_throw: Vec<u8>,
}

fn counts_of(faces: &[Face]) -> [u8; 6] {
    let mut counts = [0u8; 6];
    for f in faces {
        counts[f.index()] += 1;
    }
    counts
}

/// Canonical order of the faces of a multiset: by count desc, then face desc.
fn notation_of(counts: &[u8; 6]) -> [Face; 5] {
    let mut faces: Vec<Face> = Vec::with_capacity(5);
    for count in (1..=5u8).rev() {
        for face in Face::ALL.iter().rev() {
            if counts[face.index()] == count {
                faces.extend(std::iter::repeat_n(*face, count as usize));
            }
        }
    }
    let mut out = [Face::Nine; 5];
    out.copy_from_slice(&faces);
    out
}

fn shape_of(counts: &[u8; 6]) -> Category {
    let mut sorted = *counts;
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    match (sorted[0], sorted[1]) {
        (5, _) => Category::FiveOfAKind,
        (4, _) => Category::FourOfAKind,
        (3, 2) => Category::FullHouse,
        (3, _) => Category::ThreeOfAKind,
        (2, 2) => Category::TwoPairs,
        (2, _) => Category::OnePair,
        _ if counts[Face::Nine.index()] == 0 => Category::HighStraight,
        _ if counts[Face::Ace.index()] == 0 => Category::LowStraight,
        _ => Category::Bust,
    }
}

/// Default-order sort key: category, then the canonical faces high to low.
pub(crate) fn default_key(info: &HandInfo) -> (Category, [Face; 5]) {
    (info.shape, info.notation)
}

pub(crate) static TABLES: LazyLock<HandTables> = LazyLock::new(|| {
    let mut infos = Vec::with_capacity(HAND_COUNT);
    for code in 0..6u32.pow(5) {
        let faces = throw_faces(code);
        let counts = counts_of(&faces);
        if infos.iter().any(|i: &HandInfo| i.counts == counts) {
            continue;
        }
        infos.push(HandInfo {
            counts,
            notation: notation_of(&counts),
            shape: shape_of(&counts),
        });
    }
    infos.sort_by_key(default_key);
    let of_throw = (0..6u32.pow(5))
        .map(|code| {
            let counts = counts_of(&throw_faces(code));
            infos.iter().position(|i| i.counts == counts).unwrap_or(0) as u8
        })
        .collect();
    HandTables {
        info: infos,
        of_throw,
    }
});

fn throw_faces(mut code: u32) -> [Face; 5] {
    let mut faces = [Face::Nine; 5];
    for f in faces.iter_mut() {
        *f = Face::ALL[(code % 6) as usize];
        code /= 6;
    }
    faces
}

impl Hand {
    /// The lowest hand of the default order, `AQJT9`.
    pub const LOWEST: Hand = Hand(0);
    /// The highest hand, `AAAAA`.
    pub const HIGHEST: Hand = Hand(HAND_COUNT as u8 - 1);

    /// All 252 hands in the default order, low to high.
    pub fn all() -> impl DoubleEndedIterator<Item = Hand> + ExactSizeIterator {
        (0..HAND_COUNT as u8).map(Hand)
    }

    /// The hand with the given number (0..252), `None` otherwise.
    pub fn from_index(i: usize) -> Option<Hand> {
        (i < HAND_COUNT).then_some(Hand(i as u8))
    }

    /// This hand's number: its position in the default order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The hand shown by five dice (a table look-up).
    #[inline]
    pub fn of_dice(dice: &Dice) -> Hand {
        let d = &dice.0;
        let code = d[0] as usize
            + 6 * (d[1] as usize + 6 * (d[2] as usize + 6 * (d[3] as usize + 6 * d[4] as usize)));
        Hand(TABLES.of_throw[code])
    }

    /// The hand with exactly these face counts (they must sum to 5).
    pub fn from_counts(counts: [u8; 6]) -> Option<Hand> {
        TABLES
            .info
            .iter()
            .position(|i| i.counts == counts)
            .map(|i| Hand(i as u8))
    }

    pub(crate) fn info(self) -> &'static HandInfo {
        &TABLES.info[self.index()]
    }

    /// In how many of the 6^5 = 7776 ordered throws this hand appears
    /// (5! divided by the factorial of each face's count).
    pub fn throw_count(self) -> u16 {
        let fact = [1u16, 1, 2, 6, 24, 120];
        self.counts()
            .iter()
            .fold(120, |acc, &c| acc / fact[c as usize])
    }

    /// How many dice show `face`.
    pub fn count(self, face: Face) -> u8 {
        self.info().counts[face.index()]
    }

    /// Face counts, indexed by [`Face::index`].
    pub fn counts(self) -> [u8; 6] {
        self.info().counts
    }

    /// The five faces in canonical order (grouped by count, then face, high first).
    pub fn faces(self) -> [Face; 5] {
        self.info().notation
    }

    /// The category when straights are played (see [`super::Ranking::category`]
    /// for a table without straights).
    pub fn shape(self) -> Category {
        self.info().shape
    }

    /// The canonical notation written with the labels of a dice kind
    /// (`QQQ99` on poker dice, `55522` on standard dice).
    pub fn labels(self, kind: super::DiceKind) -> String {
        self.faces().iter().map(|f| f.label(kind)).collect()
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in self.faces() {
            write!(f, "{}", face.letter())?;
        }
        Ok(())
    }
}

impl serde::Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Hand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let dice: Dice = s.parse().map_err(serde::de::Error::custom)?;
        let hand = dice.hand();
        if hand.to_string() != s.as_ref() {
            return Err(serde::de::Error::custom(format!(
                "{s:?} is not in canonical notation (expected {hand})"
            )));
        }
        Ok(hand)
    }
}
