//! The grammar: known words in, the pattern they claim out.

use super::super::claim::{CategorySet, ClaimPattern};
use super::super::face::Face;
use super::super::hand::Category;
use super::tokens::Token;
use super::vocabulary::{Sym, english_many};

/// Reads the words of one claim into the pattern it claims.
pub(super) fn parse(words: Vec<Token>) -> Result<ClaimPattern, String> {
    let mut parser = Parser { words, pos: 0 };
    parser.claim()?.into_pattern()
}

/// The kind of hand a claim names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Is(Category),
    /// "straight", "стрит": either straight.
    AnyStraight,
}

impl Shape {
    fn categories(self) -> CategorySet {
        match self {
            Shape::Is(c) => CategorySet::of(c),
            Shape::AnyStraight => CategorySet::straights(),
        }
    }

    /// How many dice are left over once the shape's groups are counted.
    fn odd_dice(self) -> usize {
        match self {
            Shape::Is(Category::Bust) => 5,
            Shape::Is(Category::OnePair) => 3,
            Shape::Is(Category::ThreeOfAKind) => 2,
            Shape::Is(Category::TwoPairs | Category::FourOfAKind) => 1,
            _ => 0,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Shape::Is(Category::Bust) => "a bust",
            Shape::Is(Category::OnePair) => "a pair",
            Shape::Is(Category::TwoPairs) => "two pairs",
            Shape::Is(Category::ThreeOfAKind) => "three of a kind",
            Shape::Is(Category::FullHouse) => "a full house",
            Shape::Is(Category::FourOfAKind) => "four of a kind",
            Shape::Is(Category::FiveOfAKind) => "five of a kind",
            Shape::Is(_) | Shape::AnyStraight => "a straight",
        }
    }
}

/// The category of `n` dice of one face (`n` in 2..=5).
fn of_a_kind(n: u8) -> Category {
    match n {
        5 => Category::FiveOfAKind,
        4 => Category::FourOfAKind,
        3 => Category::ThreeOfAKind,
        _ => Category::OnePair,
    }
}

/// A claim as read: its shape, the groups it names (triple first in a full
/// house) and the odd dice it names.
#[derive(Debug)]
struct Claim {
    shape: Shape,
    groups: Vec<(Face, u8)>,
    kickers: Vec<Face>,
}

impl Claim {
    fn new(category: Category, groups: Vec<(Face, u8)>) -> Self {
        Claim::shaped(Shape::Is(category), groups)
    }

    fn shaped(shape: Shape, groups: Vec<(Face, u8)>) -> Self {
        Claim {
            shape,
            groups,
            kickers: Vec::new(),
        }
    }

    fn into_pattern(self) -> Result<ClaimPattern, String> {
        let room = self.shape.odd_dice();
        if self.kickers.len() > room {
            let name = self.shape.name();
            return Err(match room {
                0 => format!("{name} leaves no room for other dice"),
                1 => format!("{name} leaves room for only one other die"),
                n => format!("{name} leaves room for only {n} other dice"),
            });
        }
        let mut counts = [None; 6];
        let kickers = self.kickers.iter().map(|&f| (f, 1));
        for (face, n) in self.groups.iter().copied().chain(kickers) {
            let slot = &mut counts[face.index()];
            if slot.is_some() {
                return Err(self.repeated(face));
            }
            *slot = Some(n);
        }
        Ok(ClaimPattern {
            counts,
            categories: self.shape.categories(),
        })
    }

    fn repeated(&self, face: Face) -> String {
        let twice_in_groups = self.groups.iter().filter(|g| g.0 == face).count() > 1;
        match self.shape {
            Shape::Is(Category::FullHouse) if twice_in_groups => {
                "a full house needs two different faces".into()
            }
            Shape::Is(Category::TwoPairs) if twice_in_groups => {
                "two pairs need two different faces".into()
            }
            _ => format!("{} named twice", english_many(face)),
        }
    }
}

/// The face a word names where a face is expected.
fn face_of(sym: Sym) -> Option<Face> {
    match sym {
        Sym::Face(f) => Some(f),
        Sym::Num { face, .. } => face,
        _ => None,
    }
}

/// Number of dice in a group, checked to make sense.
fn group_size(n: u32) -> Result<u8, String> {
    match n {
        0 => Err("zero dice is not a hand".into()),
        1 => Err("one die alone is not a hand; name a pair or more".into()),
        2..=5 => Ok(n as u8),
        _ => Err("more than five of one face: there are only five dice".into()),
    }
}

/// A recursive-descent reader over the words of one claim.
struct Parser {
    words: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn peek_at(&self, ahead: usize) -> Option<Sym> {
        self.words.get(self.pos + ahead).map(|w| w.0)
    }

    fn peek(&self) -> Option<Sym> {
        self.peek_at(0)
    }

    /// Whether the next word is "one" ("один", "1", …).
    fn at_one(&self) -> bool {
        matches!(self.peek(), Some(Sym::Num { n: 1, .. }))
    }

    fn bump(&mut self) {
        self.pos = (self.pos + 1).min(self.words.len());
    }

    fn eat(&mut self, sym: Sym) -> bool {
        let found = self.peek() == Some(sym);
        if found {
            self.bump();
        }
        found
    }

    /// Takes a face if the next word names one.
    fn face(&mut self) -> Option<Face> {
        let face = face_of(self.peek()?)?;
        self.bump();
        Some(face)
    }

    fn face_ahead(&self, ahead: usize) -> bool {
        self.peek_at(ahead).and_then(face_of).is_some()
    }

    /// The word just read, for error messages: ` after "x"`, or nothing at
    /// the start.
    fn here_before(&self) -> String {
        match self.pos.checked_sub(1).and_then(|i| self.words.get(i)) {
            Some((_, w)) => format!(" after {w:?}"),
            None => String::new(),
        }
    }

    /// Where the reader stands, for error messages: `after "x", found "y"`.
    fn here(&self) -> String {
        let after = self.here_before();
        match self.words.get(self.pos) {
            Some((_, w)) => format!("{after}, found {w:?}"),
            None => format!("{after}, found the end"),
        }
    }

    fn need_face(&mut self) -> Result<Face, String> {
        self.face()
            .ok_or_else(|| format!("expected a face{}", self.here()))
    }

    fn need(&mut self, sym: Sym, word: &str) -> Result<(), String> {
        if self.eat(sym) {
            Ok(())
        } else {
            Err(format!("expected {word:?}{}", self.here()))
        }
    }

    /// The whole text: a hand, then maybe its odd dice, then nothing else.
    fn claim(&mut self) -> Result<Claim, String> {
        let mut claim = self.hand()?;
        claim.kickers = self.kickers(claim.shape)?;
        match self.words.get(self.pos) {
            None => Ok(claim),
            Some((_, w)) => Err(format!("unexpected {w:?}{}", self.here_before())),
        }
    }

    fn hand(&mut self) -> Result<Claim, String> {
        let Some(first) = self.peek() else {
            return Err("no hand named".into());
        };
        match first {
            Sym::Bust => {
                self.bump();
                Ok(Claim::new(Category::Bust, vec![]))
            }
            Sym::No => {
                // "no pair", "ни одной пары"
                self.bump();
                if self.at_one() {
                    self.bump();
                }
                self.need(Sym::Pair, "pair")?;
                Ok(Claim::new(Category::Bust, vec![]))
            }
            Sym::High if self.peek_at(1) == Some(Sym::Card) => {
                self.pos += 2;
                Ok(Claim::new(Category::Bust, vec![]))
            }
            Sym::High | Sym::Low => {
                self.bump();
                self.need(Sym::Straight, "straight")?;
                let category = if first == Sym::High {
                    Category::HighStraight
                } else {
                    Category::LowStraight
                };
                Ok(Claim::new(category, vec![]))
            }
            Sym::Straight => {
                self.bump();
                Ok(Claim::shaped(Shape::AnyStraight, vec![]))
            }
            Sym::Full => {
                self.bump();
                self.full_house()
            }
            Sym::Pair => {
                self.bump();
                Ok(self.group_of(Category::OnePair, 2))
            }
            Sym::Group(n) => {
                self.bump();
                Ok(self.group_of(of_a_kind(n), n))
            }
            Sym::Num { n, .. } => {
                self.bump();
                self.counted(n)
            }
            Sym::Face(face) => {
                self.bump();
                self.after_face(face)
            }
            _ => Err(format!(
                "a hand cannot start with {:?}",
                self.words.get(self.pos).map_or("", |w| w.1.as_str())
            )),
        }
    }

    /// After "pair", "trips", "каре", "three of a kind": an optional face.
    fn group_of(&mut self, category: Category, n: u8) -> Claim {
        self.eat(Sym::Of);
        let groups = self.face().map(|f| vec![(f, n)]).unwrap_or_default();
        Claim::new(category, groups)
    }

    /// After the name of a hand of two groups, of `sizes` dice: "(of) X",
    /// "(of) X Y", "(of) X and Y" with any of the `joiners` for "and", or
    /// nothing. A joiner must be followed by a face.
    fn two_groups(
        &mut self,
        category: Category,
        sizes: (u8, u8),
        joiners: &[Sym],
    ) -> Result<Claim, String> {
        self.eat(Sym::Of);
        let mut groups = Vec::new();
        if let Some(first) = self.face() {
            groups.push((first, sizes.0));
            let joined = joiners.iter().any(|&j| self.eat(j));
            let second = if joined {
                Some(self.need_face()?)
            } else {
                self.face()
            };
            groups.extend(second.map(|f| (f, sizes.1)));
        }
        Ok(Claim::new(category, groups))
    }

    /// After "full (house)": "queens over nines", "of queens and nines",
    /// "kings", or nothing.
    fn full_house(&mut self) -> Result<Claim, String> {
        self.eat(Sym::House);
        let joiners = [Sym::Over, Sym::And, Sym::Of];
        self.two_groups(Category::FullHouse, (3, 2), &joiners)
    }

    /// After "two pairs": "(of) kings and nines", "kings", or nothing.
    fn two_pairs(&mut self) -> Result<Claim, String> {
        self.two_groups(Category::TwoPairs, (2, 2), &[Sym::And])
    }

    /// After a number at the start: "three kings", "three of a kind (kings)",
    /// "two pairs …", "one pair …", "three queens and two nines".
    fn counted(&mut self, n: u32) -> Result<Claim, String> {
        if self.eat(Sym::Pair) {
            return match n {
                1 => Ok(self.group_of(Category::OnePair, 2)),
                2 => self.two_pairs(),
                _ => Err("five dice hold at most two pairs".into()),
            };
        }
        let n = group_size(n)?;
        if self.eat(Sym::Of) {
            self.need(Sym::Kind, "kind")?;
            return Ok(self.group_of(of_a_kind(n), n));
        }
        let face = self.need_face()?;
        let second = match (self.peek(), self.peek_at(1)) {
            (Some(Sym::And), Some(Sym::Num { n: m, .. })) if m >= 2 && self.face_ahead(2) => {
                self.pos += 2;
                Some((self.need_face()?, group_size(m)?))
            }
            _ => None,
        };
        match second {
            None => Ok(Claim::new(of_a_kind(n), vec![(face, n)])),
            Some((other, 2)) if n == 2 => {
                Ok(Claim::new(Category::TwoPairs, vec![(face, 2), (other, 2)]))
            }
            Some((other, 2)) if n == 3 => {
                Ok(Claim::new(Category::FullHouse, vec![(face, 3), (other, 2)]))
            }
            Some((other, 3)) if n == 2 => {
                Ok(Claim::new(Category::FullHouse, vec![(other, 3), (face, 2)]))
            }
            Some(_) => Err("that makes more than five dice".into()),
        }
    }

    /// After a face at the start: "queens over nines", "queens full (of
    /// nines)", "kings and nines", "ace high straight".
    fn after_face(&mut self, face: Face) -> Result<Claim, String> {
        match self.peek() {
            Some(Sym::Over) => {
                self.bump();
                let pair = self.need_face()?;
                Ok(Claim::new(Category::FullHouse, vec![(face, 3), (pair, 2)]))
            }
            Some(Sym::Full) => {
                self.bump();
                self.eat(Sym::Of);
                let mut groups = vec![(face, 3)];
                groups.extend(self.face().map(|f| (f, 2)));
                Ok(Claim::new(Category::FullHouse, groups))
            }
            Some(Sym::And) => {
                self.bump();
                let other = self.need_face()?;
                Ok(Claim::new(Category::TwoPairs, vec![(face, 2), (other, 2)]))
            }
            Some(Sym::High) => {
                self.bump();
                self.need(Sym::Straight, "straight")?;
                match face {
                    Face::Ace => Ok(Claim::new(Category::HighStraight, vec![])),
                    Face::King => Ok(Claim::new(Category::LowStraight, vec![])),
                    _ => Err("a straight is ace high or king high".into()),
                }
            }
            _ => {
                let plural = english_many(face);
                Err(format!(
                    "say how many {plural}, e.g. \"three {plural}\" or \"pair of {plural}\""
                ))
            }
        }
    }

    /// Odd dice: "with queen and nine", "с дамой", "and a queen"; after a
    /// bust also a bare list ("ничего: туз, король, …").
    fn kickers(&mut self, shape: Shape) -> Result<Vec<Face>, String> {
        let introduced = if self.eat(Sym::With) {
            true
        } else if self.peek() == Some(Sym::And) && self.face_ahead(1) {
            self.bump();
            true
        } else {
            shape == Shape::Is(Category::Bust) && self.face_ahead(0)
        };
        if !introduced {
            return Ok(Vec::new());
        }
        let mut list = vec![self.kicker()?];
        loop {
            // "and" is optional between odd dice: "with queen nine".
            if self.eat(Sym::And) || self.face_ahead(0) {
                list.push(self.kicker()?);
            } else {
                return Ok(list);
            }
        }
    }

    /// One odd die; "one" before a face is read as an article ("and one
    /// queen"), not as the standard-dice ace.
    fn kicker(&mut self) -> Result<Face, String> {
        if self.at_one() && self.face_ahead(1) {
            self.bump();
        }
        self.need_face()
    }
}
