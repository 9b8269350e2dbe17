//! Die faces and the two kinds of dice.

use super::claim::Lang;
use std::fmt;

/// One face of a die, lowest to highest: `9 T J Q K A`.
///
/// Standard dice carry the same six values under other labels (`2 3 4 5 6 1`,
/// the 1 being the ace and the highest); the engine always works with these.
///
/// ```
/// use liar::rules::Face;
/// assert!(Face::Ace > Face::King);
/// assert_eq!(Face::from_char('Q'), Some(Face::Queen));
/// assert_eq!(Face::from_char('5'), Some(Face::Queen)); // standard dice: 5 ↔ Q
/// assert_eq!(Face::Ten.letter(), 'T');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Face {
    Nine = 0,
    Ten = 1,
    Jack = 2,
    Queen = 3,
    King = 4,
    Ace = 5,
}

impl Face {
    /// All six faces, low to high.
    pub const ALL: [Face; 6] = [
        Face::Nine,
        Face::Ten,
        Face::Jack,
        Face::Queen,
        Face::King,
        Face::Ace,
    ];

    /// The face with index `i` (0 = nine … 5 = ace); `None` past 5.
    pub fn from_index(i: usize) -> Option<Face> {
        Self::ALL.get(i).copied()
    }

    /// 0 for nine … 5 for ace.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The canonical letter used in logs and notation: `9 T J Q K A`.
    pub fn letter(self) -> char {
        b"9TJQKA"[self.index()] as char
    }

    /// The label of this face on a die of the given kind.
    pub fn label(self, kind: DiceKind) -> char {
        match kind {
            DiceKind::Poker => self.letter(),
            DiceKind::Standard => b"234561"[self.index()] as char,
        }
    }

    /// How a player sees this face: the poker letters `9 T J Q K A` in
    /// English, `9 10 В Д К Т` in Russian (so that no two look alike: the
    /// Russian ace Т is the туз), the pips `2 3 4 5 6 1` on standard dice.
    ///
    /// ```
    /// use liar::rules::{DiceKind, Face, Lang};
    /// assert_eq!(Face::Ten.shown(DiceKind::Poker, Lang::En), "T");
    /// assert_eq!(Face::Ten.shown(DiceKind::Poker, Lang::Ru), "10");
    /// assert_eq!(Face::Ace.shown(DiceKind::Poker, Lang::Ru), "Т");
    /// assert_eq!(Face::Ace.shown(DiceKind::Standard, Lang::Ru), "1");
    /// ```
    pub fn shown(self, kind: DiceKind, lang: Lang) -> &'static str {
        const POKER_EN: [&str; 6] = ["9", "T", "J", "Q", "K", "A"];
        const POKER_RU: [&str; 6] = ["9", "10", "В", "Д", "К", "Т"];
        const STANDARD: [&str; 6] = ["2", "3", "4", "5", "6", "1"];
        let labels = match (kind, lang) {
            (DiceKind::Standard, _) => STANDARD,
            (DiceKind::Poker, Lang::En) => POKER_EN,
            (DiceKind::Poker, Lang::Ru) => POKER_RU,
        };
        labels[self.index()]
    }

    /// Reads one face from a character: poker letters (either case), standard
    /// digits `1`–`6`, or the Russian card letters `В Д К Т` (валет, дама,
    /// король, туз).
    pub fn from_char(c: char) -> Option<Face> {
        Some(match c {
            '9' | '2' => Face::Nine,
            'T' | 't' | '3' => Face::Ten,
            'J' | 'j' | '4' | 'В' | 'в' => Face::Jack,
            'Q' | 'q' | '5' | 'Д' | 'д' => Face::Queen,
            'K' | 'k' | '6' | 'К' | 'к' => Face::King,
            'A' | 'a' | '1' | 'Т' | 'т' => Face::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Faces as a player sees them ([`Face::shown`]), in the order given:
/// `KKKT9` in English, `К К К 10 9` in Russian (spaced, for the ten's two
/// digits), `66632` on standard dice.
///
/// ```
/// use liar::rules::{DiceKind, Face, Lang, shown_faces};
/// let faces = [Face::King, Face::King, Face::Ten];
/// assert_eq!(shown_faces(&faces, DiceKind::Poker, Lang::En), "KKT");
/// assert_eq!(shown_faces(&faces, DiceKind::Poker, Lang::Ru), "К К 10");
/// assert_eq!(shown_faces(&faces, DiceKind::Standard, Lang::Ru), "663");
/// ```
pub fn shown_faces(faces: &[Face], kind: DiceKind, lang: Lang) -> String {
    let labels: Vec<&str> = faces.iter().map(|f| f.shown(kind, lang)).collect();
    match (kind, lang) {
        (DiceKind::Poker, Lang::Ru) => labels.join(" "),
        _ => labels.concat(),
    }
}

/// Which labels the table's dice carry. The rules are identical for both.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum DiceKind {
    /// Poker dice: `9 T J Q K A`.
    #[default]
    Poker,
    /// Ordinary dice: `2 3 4 5 6 1`, the 1 (ace) highest.
    Standard,
}

/// Five dice in position order (positions 0–4).
///
/// ```
/// use liar::rules::Dice;
/// let dice: Dice = "Q9QAQ".parse().unwrap();
/// assert_eq!(dice.to_string(), "Q9QAQ");
/// assert_eq!(dice.hand().to_string(), "QQQA9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice(pub [Face; 5]);

impl Dice {
    /// The hand these dice show (their multiset of faces).
    pub fn hand(&self) -> crate::rules::Hand {
        crate::rules::Hand::of_dice(self)
    }

    /// The dice written with the labels of the given dice kind, e.g. `55522`.
    pub fn labels(&self, kind: DiceKind) -> String {
        self.0.iter().map(|f| f.label(kind)).collect()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in self.0 {
            write!(f, "{}", face.letter())?;
        }
        Ok(())
    }
}

/// Why a string is not five dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected five dice as letters 9 T J Q K A (e.g. \"Q9QAQ\"), got {0:?}")]
pub struct DiceParseError(pub String);

impl std::str::FromStr for Dice {
    type Err = DiceParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut faces = [Face::Nine; 5];
        let mut n = 0;
        for c in s.chars() {
            let face = Face::from_char(c).ok_or_else(|| DiceParseError(s.to_string()))?;
            if n == 5 {
                return Err(DiceParseError(s.to_string()));
            }
            faces[n] = face;
            n += 1;
        }
        if n != 5 {
            return Err(DiceParseError(s.to_string()));
        }
        Ok(Dice(faces))
    }
}

impl serde::Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 5];
        for (b, f) in buf.iter_mut().zip(self.0) {
            *b = f.letter() as u8;
        }
        // The letters are ASCII, so this cannot fail.
        s.serialize_str(std::str::from_utf8(&buf).unwrap_or("?????"))
    }
}

impl<'de> serde::Deserialize<'de> for Dice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Face {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Face {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Face::from_char), chars.next()) {
            (Some(face), None) => Ok(face),
            _ => Err(serde::de::Error::custom(format!(
                "expected one face letter (9 T J Q K A), got {s:?}"
            ))),
        }
    }
}
