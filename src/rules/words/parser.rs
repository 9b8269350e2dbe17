//! The grammar: known words in, the pattern they claim out.

use super::super::claim::{CategorySet, ClaimPattern};
use super::super::face::{DiceKind, Face};
use super::super::hand::Category;
use super::reason::{ClaimReason, Expected};
use super::tokens::Token;
use super::vocabulary::Sym;

/// Reads the words of one claim into the pattern it claims. With `dice`
/// set, only that kind's face names are faces (poker words on poker dice,
/// pips on standard dice); with `None`, both are.
pub(super) fn parse(
    words: Vec<Token>,
    dice: Option<DiceKind>,
) -> Result<ClaimPattern, ClaimReason> {
    if let Some(kind) = dice
        && let Some((_, typed)) = words.iter().find(|(sym, _)| foreign(*sym, kind))
    {
        return Err(ClaimReason::NotOnDice {
            typed: typed.clone(),
            dice: kind,
        });
    }
    let mut parser = Parser {
        words,
        pos: 0,
        dice,
    };
    parser.claim()?.into_pattern()
}

/// Whether `sym` names a face only the other kind of dice has.
fn foreign(sym: Sym, dice: DiceKind) -> bool {
    matches!(
        (sym, dice),
        (Sym::Face(_), DiceKind::Standard) | (Sym::Pips(_), DiceKind::Poker)
    )
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

    /// The category reasons name this shape by (a straight is the high one).
    fn category(self) -> Category {
        match self {
            Shape::Is(Category::LowStraight) | Shape::AnyStraight => Category::HighStraight,
            Shape::Is(c) => c,
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

    fn into_pattern(self) -> Result<ClaimPattern, ClaimReason> {
        let room = self.shape.odd_dice();
        if self.kickers.len() > room {
            return Err(ClaimReason::NoRoom {
                category: self.shape.category(),
                room,
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

    fn repeated(&self, face: Face) -> ClaimReason {
        let twice_in_groups = self.groups.iter().filter(|g| g.0 == face).count() > 1;
        match self.shape {
            Shape::Is(c @ (Category::FullHouse | Category::TwoPairs)) if twice_in_groups => {
                ClaimReason::TwoDifferentFaces(c)
            }
            _ => ClaimReason::NamedTwice(face),
        }
    }
}

/// Number of dice in a group, checked to make sense.
fn group_size(n: u32) -> Result<u8, ClaimReason> {
    match n {
        0 => Err(ClaimReason::ZeroDice),
        1 => Err(ClaimReason::OneDie),
        2..=5 => Ok(n as u8),
        _ => Err(ClaimReason::OverFive),
    }
}

/// A recursive-descent reader over the words of one claim.
struct Parser {
    words: Vec<Token>,
    pos: usize,
    /// The table's dice; `None` reads the faces of both kinds.
    dice: Option<DiceKind>,
}

impl Parser {
    /// The face a word names where a face is expected, on these dice.
    fn face_of(&self, sym: Sym) -> Option<Face> {
        match (sym, self.dice) {
            (Sym::Face(f), Some(DiceKind::Poker) | None) => Some(f),
            (Sym::Pips(f), Some(DiceKind::Standard) | None) => Some(f),
            (Sym::Num { face, .. } | Sym::Group { face, .. }, Some(DiceKind::Standard) | None) => {
                face
            }
            _ => None,
        }
    }

    fn peek_at(&self, ahead: usize) -> Option<Sym> {
        self.words.get(self.pos + ahead).map(|w| w.0)
    }

    fn peek(&self) -> Option<Sym> {
        self.peek_at(0)
    }

    /// Whether the next word is "one" ("один", "1", …) used as an article
    /// before a face ("and one queen"). On standard dice a one is a face.
    fn at_article(&self) -> bool {
        matches!(self.peek(), Some(Sym::Num { n: 1, .. }))
            && self.dice != Some(DiceKind::Standard)
            && self.face_ahead(1)
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
        let face = self.face_of(self.peek()?)?;
        self.bump();
        Some(face)
    }

    fn face_ahead(&self, ahead: usize) -> bool {
        self.peek_at(ahead)
            .and_then(|sym| self.face_of(sym))
            .is_some()
    }

    /// The word just read, as typed, if any.
    fn before(&self) -> Option<String> {
        let word = self.pos.checked_sub(1).and_then(|i| self.words.get(i));
        word.map(|w| w.1.clone())
    }

    /// The word at the reader, as typed, if any.
    fn current(&self) -> Option<String> {
        self.words.get(self.pos).map(|w| w.1.clone())
    }

    fn expected(&self, what: Expected) -> ClaimReason {
        ClaimReason::Expected {
            what,
            after: self.before(),
            found: self.current(),
        }
    }

    fn need_face(&mut self) -> Result<Face, ClaimReason> {
        if let Some(face) = self.face() {
            return Ok(face);
        }
        // A pip number where poker dice need a face: "three kings and a five".
        match (self.words.get(self.pos), self.dice) {
            (Some((Sym::Num { face: Some(_), .. }, typed)), Some(dice @ DiceKind::Poker)) => {
                Err(ClaimReason::NotOnDice {
                    typed: typed.clone(),
                    dice,
                })
            }
            _ => Err(self.expected(Expected::Face)),
        }
    }

    fn need(&mut self, sym: Sym, what: Expected) -> Result<(), ClaimReason> {
        if self.eat(sym) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// The whole text: a hand, then maybe its odd dice, then nothing else.
    fn claim(&mut self) -> Result<Claim, ClaimReason> {
        let mut claim = self.hand()?;
        claim.kickers = self.kickers(claim.shape)?;
        match self.current() {
            None => Ok(claim),
            Some(word) => Err(ClaimReason::Unexpected {
                word,
                after: self.before(),
            }),
        }
    }

    fn hand(&mut self) -> Result<Claim, ClaimReason> {
        let Some(first) = self.peek() else {
            return Err(ClaimReason::NoHand);
        };
        match first {
            Sym::Bust => {
                self.bump();
                Ok(Claim::new(Category::Bust, vec![]))
            }
            Sym::No => {
                // "no pair", "ни одной пары"
                self.bump();
                if matches!(self.peek(), Some(Sym::Num { n: 1, .. })) {
                    self.bump();
                }
                self.need(Sym::Pair, Expected::Pair)?;
                Ok(Claim::new(Category::Bust, vec![]))
            }
            Sym::High if self.peek_at(1) == Some(Sym::Card) => {
                self.pos += 2;
                Ok(Claim::new(Category::Bust, vec![]))
            }
            Sym::High | Sym::Low => {
                self.bump();
                self.need(Sym::Straight, Expected::Straight)?;
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
            Sym::Group { n, .. } => {
                self.bump();
                Ok(self.group_of(of_a_kind(n), n))
            }
            Sym::Num { n, .. } => {
                self.bump();
                self.counted(n)
            }
            Sym::Face(_) | Sym::Pips(_) => match self.face() {
                Some(face) => self.after_face(face),
                None => Err(self.expected(Expected::Face)),
            },
            _ => Err(ClaimReason::CannotStart(self.current().unwrap_or_default())),
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
    ) -> Result<Claim, ClaimReason> {
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
    fn full_house(&mut self) -> Result<Claim, ClaimReason> {
        self.eat(Sym::House);
        let joiners = [Sym::Over, Sym::And, Sym::Of];
        self.two_groups(Category::FullHouse, (3, 2), &joiners)
    }

    /// After "two pairs": "(of) kings and nines", "kings", or nothing.
    fn two_pairs(&mut self) -> Result<Claim, ClaimReason> {
        self.two_groups(Category::TwoPairs, (2, 2), &[Sym::And])
    }

    /// After a number at the start: "three kings", "three of a kind (kings)",
    /// "two pairs …", "one pair …", "three queens and two nines".
    fn counted(&mut self, n: u32) -> Result<Claim, ClaimReason> {
        if self.eat(Sym::Pair) {
            return match n {
                1 => Ok(self.group_of(Category::OnePair, 2)),
                2 => self.two_pairs(),
                _ => Err(ClaimReason::TwoPairsAtMost),
            };
        }
        let n = group_size(n)?;
        if self.eat(Sym::Of) {
            self.need(Sym::Kind, Expected::Kind)?;
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
            Some(_) => Err(ClaimReason::MoreThanFive),
        }
    }

    /// After a face at the start: "queens over nines", "queens full (of
    /// nines)", "kings and nines", "ace high straight".
    fn after_face(&mut self, face: Face) -> Result<Claim, ClaimReason> {
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
                self.need(Sym::Straight, Expected::Straight)?;
                match face {
                    Face::Ace => Ok(Claim::new(Category::HighStraight, vec![])),
                    Face::King => Ok(Claim::new(Category::LowStraight, vec![])),
                    _ => Err(ClaimReason::StraightTop),
                }
            }
            _ => Err(ClaimReason::HowMany(face)),
        }
    }

    /// Odd dice: "with queen and nine", "с дамой", "and a queen"; after a
    /// bust also a bare list ("ничего: туз, король, …").
    fn kickers(&mut self, shape: Shape) -> Result<Vec<Face>, ClaimReason> {
        let introduced = if self.eat(Sym::With) {
            true
        } else if self.peek() == Some(Sym::And)
            && (self.face_ahead(1) || matches!(self.peek_at(1), Some(Sym::Num { .. })))
        {
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
    /// queen"), not as the standard-dice ace, except on standard dice.
    fn kicker(&mut self) -> Result<Face, ClaimReason> {
        if self.at_article() {
            self.bump();
        }
        self.need_face()
    }
}
