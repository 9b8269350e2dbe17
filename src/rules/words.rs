//! Hand names in words, in English and in Russian.
//!
//! [`parse_words`] reads what players write ("full house, queens over nines",
//! "тройка королей с дамой") into a [`Pattern`]; [`describe`] writes a hand
//! back the same way. Each word is first looked up in the tables below and
//! turned into a language-neutral [`Sym`], so one small grammar serves both
//! languages: "на" is "over", "с" is "with", "каре" is "quads", and so on.

use super::claim::{CategorySet, Lang, Pattern};
use super::face::Face;
use super::hand::{Category, Hand};
use super::ranking::Ranking;

// ---------------------------------------------------------------------------
// Vocabulary

/// One word as the grammar sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sym {
    /// A face: "kings", "тузов", "Q", "10s", "fives" (standard dice).
    Face(Face),
    /// A number: "three", "три", "3". Where a face is expected, `face` is the
    /// standard-dice face the same word names ("three threes" = three tens).
    Num {
        n: u32,
        face: Option<Face>,
    },
    /// "pair", "pairs", "пара".
    Pair,
    /// A word that names a group of this size by itself: "trips", "каре".
    Group(u8),
    Kind,
    Of,
    Full,
    House,
    Over,
    And,
    With,
    Straight,
    High,
    Low,
    Card,
    No,
    Bust,
}

/// Articles, dropped before parsing ("a pair of aces", "five of a kind").
const SKIPPED: &[&str] = &["a", "an", "the"];

const KEYWORDS: &[(Sym, &[&str])] = &[
    (Sym::Pair, &["pair", "pairs", "пара", "пары", "пару"]),
    (
        Sym::Group(3),
        &["trips", "trip", "set", "тройка", "тройку", "сет", "трипс"],
    ),
    (Sym::Group(4), &["quads", "quad", "каре"]),
    (Sym::Group(5), &["покер"]),
    (Sym::Kind, &["kind"]),
    (Sym::Of, &["of", "из"]),
    (
        Sym::Full,
        &["full", "fullhouse", "фул", "фулл", "фулхаус", "фуллхаус"],
    ),
    (Sym::House, &["house", "хаус"]),
    (Sym::Over, &["over", "на"]),
    (Sym::And, &["and", "и"]),
    (Sym::With, &["with", "с", "со"]),
    (Sym::Straight, &["straight", "стрит"]),
    (Sym::High, &["high", "big", "large", "большой", "старший"]),
    (
        Sym::Low,
        &["low", "small", "little", "малый", "маленький", "младший"],
    ),
    (Sym::Card, &["card"]),
    (Sym::No, &["no", "ни", "нет"]),
    (Sym::Bust, &["nothing", "bust", "ничего", "пусто"]),
];

/// English face names, singular and plural, indexed by [`Face::index`].
const EN_NAMES: [(&str, &str); 6] = [
    ("nine", "nines"),
    ("ten", "tens"),
    ("jack", "jacks"),
    ("queen", "queens"),
    ("king", "kings"),
    ("ace", "aces"),
];

/// Poker letters used as words ("three Ks"). The ace's "a" is left out: it
/// is the article.
const LETTERS: &[(&str, Face)] = &[
    ("t", Face::Ten),
    ("j", Face::Jack),
    ("q", Face::Queen),
    ("k", Face::King),
];

/// English number words. Where a face is expected they name the
/// standard-dice face with that many pips (see [`standard_face`]).
const EN_NUMBERS: &[(&str, u32)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
];

/// Plural English number words are always standard-dice faces ("pair of fives").
const EN_NUMBER_PLURALS: &[(&str, u32)] = &[
    ("ones", 1),
    ("twos", 2),
    ("threes", 3),
    ("fours", 4),
    ("fives", 5),
    ("sixes", 6),
];

/// Russian number words (counts only).
const RU_NUMBERS: &[(u32, &[&str])] = &[
    (1, &["один", "одна", "одну", "одной", "одного"]),
    (2, &["два", "две", "двух"]),
    (3, &["три", "трех"]),
    (4, &["четыре", "четырех"]),
    (5, &["пять", "пяти"]),
    (6, &["шесть"]),
    (7, &["семь"]),
    (8, &["восемь"]),
];

/// The forms [`describe`] writes for one face in Russian.
struct RuNames {
    /// Nominative plural: "дамы" (the triple in "дамы на девятках").
    plural: &'static str,
    /// Genitive plural: "дам" ("пара дам").
    of_many: &'static str,
    /// Prepositional plural: "девятках" (the pair in "дамы на девятках").
    on: &'static str,
    /// Nominative singular: "дама" (a bust's dice).
    one: &'static str,
    /// Instrumental singular: "дамой" (a kicker, "с дамой").
    with: &'static str,
}

const RU_NAMES: [RuNames; 6] = [
    RuNames {
        plural: "девятки",
        of_many: "девяток",
        on: "девятках",
        one: "девятка",
        with: "девяткой",
    },
    RuNames {
        plural: "десятки",
        of_many: "десяток",
        on: "десятках",
        one: "десятка",
        with: "десяткой",
    },
    RuNames {
        plural: "вальты",
        of_many: "вальтов",
        on: "вальтах",
        one: "валет",
        with: "вальтом",
    },
    RuNames {
        plural: "дамы",
        of_many: "дам",
        on: "дамах",
        one: "дама",
        with: "дамой",
    },
    RuNames {
        plural: "короли",
        of_many: "королей",
        on: "королях",
        one: "король",
        with: "королём",
    },
    RuNames {
        plural: "тузы",
        of_many: "тузов",
        on: "тузах",
        one: "туз",
        with: "тузом",
    },
];

/// Case endings of feminine nouns in -а after a hard stem (девятк-а).
const RU_FEMININE: &[&str] = &["а", "и", "у", "е", "ой", "ою", "ам", "ами", "ах"];
/// Case endings of masculine nouns with a hard stem (туз, валет).
const RU_MASCULINE: &[&str] = &["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах"];
/// "дама": the feminine endings plus the bare genitive plural "дам".
const RU_QUEEN: &[&str] = &["", "а", "ы", "у", "е", "ой", "ою", "ам", "ами", "ах"];
/// "король": a soft stem (король, королём → королем after ё → е).
const RU_KING: &[&str] = &["ь", "я", "ю", "ем", "е", "и", "ей", "ям", "ями", "ях"];

/// Russian face words: a stem and the endings it takes. Whole-word matches
/// only, so e.g. "дам" is a queen but "дамаск" is unknown.
const RU_STEMS: &[(&str, &[&str], Face)] = &[
    ("девятк", RU_FEMININE, Face::Nine),
    ("девяток", &[""], Face::Nine),
    ("девять", &[""], Face::Nine),
    ("десятк", RU_FEMININE, Face::Ten),
    ("десяток", &[""], Face::Ten),
    ("десять", &[""], Face::Ten),
    ("валет", RU_MASCULINE, Face::Jack),
    // The fleeting е: вальты, вальтов, вальтом.
    ("вальт", RU_MASCULINE, Face::Jack),
    ("дам", RU_QUEEN, Face::Queen),
    ("корол", RU_KING, Face::King),
    ("туз", RU_MASCULINE, Face::Ace),
];

/// The standard-dice face with `pips` pips: 2 → nine … 6 → king, 1 → ace.
fn standard_face(pips: u32) -> Option<Face> {
    if pips > 6 {
        return None;
    }
    Face::from_char(char::from_digit(pips, 10)?)
}

fn table_value<T: Copy>(table: &[(&str, T)], word: &str) -> Option<T> {
    table.iter().find(|(w, _)| *w == word).map(|&(_, v)| v)
}

/// The value whose list of words holds `word`.
fn listed<T: Copy>(table: &[(T, &[&str])], word: &str) -> Option<T> {
    table
        .iter()
        .find(|(_, words)| words.contains(&word))
        .map(|&(v, _)| v)
}

/// ASCII digits as a number; absurdly long ones saturate (they are errors anyway).
fn digits(word: &str) -> Option<u32> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.parse().unwrap_or(u32::MAX))
}

/// A number word or digits. The digits 9 and 10 are poker faces, not counts.
fn number(word: &str) -> Option<Sym> {
    if let Some(n) = digits(word) {
        return Some(match n {
            9 => Sym::Face(Face::Nine),
            10 => Sym::Face(Face::Ten),
            _ => Sym::Num {
                n,
                face: standard_face(n),
            },
        });
    }
    if let Some(n) = table_value(EN_NUMBERS, word) {
        return Some(Sym::Num {
            n,
            face: standard_face(n),
        });
    }
    listed(RU_NUMBERS, word).map(|n| Sym::Num { n, face: None })
}

fn face_word(word: &str) -> Option<Face> {
    if let Some(i) = EN_NAMES
        .iter()
        .position(|&(one, many)| word == one || word == many)
    {
        return Face::from_index(i);
    }
    if let Some(n) = table_value(EN_NUMBER_PLURALS, word) {
        return standard_face(n);
    }
    let bare = word.strip_suffix('s').unwrap_or(word);
    if let Some(face) = table_value(LETTERS, bare) {
        return Some(face);
    }
    // Plural digits: "9s", "10s", standard "5s". (Bare digits are numbers.)
    if bare.len() < word.len()
        && let Some(n) = digits(bare)
    {
        return match n {
            9 => Some(Face::Nine),
            10 => Some(Face::Ten),
            _ => standard_face(n),
        };
    }
    RU_STEMS.iter().find_map(|&(stem, endings, face)| {
        let ending = word.strip_prefix(stem)?;
        endings.contains(&ending).then_some(face)
    })
}

fn symbol(word: &str) -> Option<Sym> {
    listed(KEYWORDS, word)
        .or_else(|| number(word))
        .or_else(|| face_word(word).map(Sym::Face))
}

/// At most this many characters of an unknown word go into the error.
const QUOTE_LIMIT: usize = 24;

/// Splits the text into known words: lower case, "ё" read as "е", anything
/// but letters and digits a separator.
fn symbols(text: &str) -> Result<Vec<(Sym, String)>, String> {
    let lower: String = text
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ё' { 'е' } else { c })
        .collect();
    let mut out = Vec::new();
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() || SKIPPED.contains(&word) {
            continue;
        }
        match symbol(word) {
            Some(sym) => out.push((sym, word.to_string())),
            None => {
                let quoted: String = word.chars().take(QUOTE_LIMIT).collect();
                return Err(format!("unknown word {quoted:?}"));
            }
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Grammar

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
        Claim {
            shape: Shape::Is(category),
            groups,
            kickers: Vec::new(),
        }
    }

    fn into_pattern(self) -> Result<Pattern, String> {
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
        Ok(Pattern {
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
            _ => format!("{} named twice", EN_NAMES[face.index()].1),
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
    words: Vec<(Sym, String)>,
    pos: usize,
}

impl Parser {
    fn peek_at(&self, ahead: usize) -> Option<Sym> {
        self.words.get(self.pos + ahead).map(|w| w.0)
    }

    fn peek(&self) -> Option<Sym> {
        self.peek_at(0)
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

    /// Where the reader stands, for error messages: `after "x", found "y"`.
    fn here(&self) -> String {
        let before = self.pos.checked_sub(1).and_then(|i| self.words.get(i));
        let after = match before {
            Some((_, w)) => format!(" after {w:?}"),
            None => String::new(),
        };
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

    fn here_before(&self) -> String {
        match self.pos.checked_sub(1).and_then(|i| self.words.get(i)) {
            Some((_, w)) => format!(" after {w:?}"),
            None => String::new(),
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
                if matches!(self.peek(), Some(Sym::Num { n: 1, .. })) {
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
                Ok(Claim {
                    shape: Shape::AnyStraight,
                    groups: Vec::new(),
                    kickers: Vec::new(),
                })
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

    /// After "full (house)": "queens over nines", "of queens and nines",
    /// "kings", or nothing.
    fn full_house(&mut self) -> Result<Claim, String> {
        self.eat(Sym::House);
        self.eat(Sym::Of);
        let mut groups = Vec::new();
        if let Some(triple) = self.face() {
            groups.push((triple, 3));
            let joined = self.eat(Sym::Over) || self.eat(Sym::And) || self.eat(Sym::Of);
            let pair = if joined {
                Some(self.need_face()?)
            } else {
                self.face()
            };
            groups.extend(pair.map(|f| (f, 2)));
        }
        Ok(Claim::new(Category::FullHouse, groups))
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

    /// After "two pairs": "(of) kings and nines", "kings", or nothing.
    fn two_pairs(&mut self) -> Result<Claim, String> {
        self.eat(Sym::Of);
        let mut groups = Vec::new();
        if let Some(first) = self.face() {
            groups.push((first, 2));
            let second = if self.eat(Sym::And) {
                Some(self.need_face()?)
            } else {
                self.face()
            };
            groups.extend(second.map(|f| (f, 2)));
        }
        Ok(Claim::new(Category::TwoPairs, groups))
    }

    /// After a face at the start: "queens over nines", "queens full (of
    /// nines)", "kings and nines", "ace high straight".
    fn after_face(&mut self, face: Face) -> Result<Claim, String> {
        let plural = EN_NAMES[face.index()].1;
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
            _ => Err(format!(
                "say how many {plural}, e.g. \"three {plural}\" or \"pair of {plural}\""
            )),
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
        if matches!(self.peek(), Some(Sym::Num { n: 1, .. })) && self.face_ahead(1) {
            self.bump();
        }
        self.need_face()
    }
}

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
/// ("three fives" = three queens, "pair of ones" = pair of aces). Odd dice
/// may follow: "three kings with queen and nine", "пара тузов с королём,
/// дамой и валетом"; a bust may list its five dice ("nothing: ace, king,
/// queen, jack and nine").
///
/// The error is a short reason in English, e.g. `unknown word "foo"`.
pub(crate) fn parse_words(text: &str) -> Result<Pattern, String> {
    let words = symbols(text)?;
    let mut parser = Parser { words, pos: 0 };
    parser.claim()?.into_pattern()
}

// ---------------------------------------------------------------------------
// Describing hands

/// Describes a hand as a player would claim it: "full house, queens over
/// nines", "three kings with queen and ten", "фул-хаус, дамы на девятках".
///
/// Odd dice are named (highest first) only as far as needed to pin the hand
/// down under `ranking`, and never when kickers do not count; a bust other
/// than the lowest lists all its dice. The words read back through
/// [`super::parse_claim`] to the lowest hand of the same strength — with
/// kickers, to `hand` itself.
pub(crate) fn describe(hand: Hand, ranking: Ranking, lang: Lang) -> String {
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
    let named = named_kickers(hand, ranking, &groups, &singles);
    let kickers = singles.get(..named).unwrap_or(&singles);
    match lang {
        Lang::En => english(category, &groups, kickers),
        Lang::Ru => russian(category, &groups, kickers),
    }
}

/// How many of the odd dice (highest first) the words must name.
fn named_kickers(hand: Hand, ranking: Ranking, groups: &[Face], singles: &[Face]) -> usize {
    if !ranking.kickers {
        return 0;
    }
    let category = ranking.category(hand);
    let pins = |k: usize| {
        let mut pattern = Pattern::default().in_categories(CategorySet::of(category));
        for &f in groups {
            pattern = pattern.with_count(f, hand.count(f));
        }
        for &f in singles.iter().take(k) {
            pattern = pattern.with_count(f, 1);
        }
        pattern.lowest(ranking) == Some(hand)
    };
    if pins(0) {
        0
    } else if category == Category::Bust {
        // A bust names all its dice or none: "nothing with ace and king"
        // would be a strange thing to say.
        singles.len()
    } else {
        (1..=singles.len())
            .find(|&k| pins(k))
            .unwrap_or(singles.len())
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[&str], and: &str) -> String {
    match items {
        [] => String::new(),
        [only] => (*only).to_string(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

fn english(category: Category, groups: &[Face], kickers: &[Face]) -> String {
    let many = |f: &Face| EN_NAMES[f.index()].1;
    let head = match (category, groups) {
        (Category::FiveOfAKind, [f]) => format!("five {}", many(f)),
        (Category::FourOfAKind, [f]) => format!("four {}", many(f)),
        (Category::FullHouse, [x, y]) => format!("full house, {} over {}", many(x), many(y)),
        (Category::ThreeOfAKind, [f]) => format!("three {}", many(f)),
        (Category::TwoPairs, [x, y]) => format!("two pairs, {} and {}", many(x), many(y)),
        (Category::OnePair, [f]) => format!("pair of {}", many(f)),
        (Category::HighStraight, _) => "high straight".into(),
        (Category::LowStraight, _) => "low straight".into(),
        _ => "nothing".into(),
    };
    let names: Vec<&str> = kickers.iter().map(|f| EN_NAMES[f.index()].0).collect();
    match (names.is_empty(), category) {
        (true, _) => head,
        (false, Category::Bust) => format!("{head}: {}", list(&names, "and")),
        (false, _) => format!("{head} with {}", list(&names, "and")),
    }
}

fn russian(category: Category, groups: &[Face], kickers: &[Face]) -> String {
    let ru = |f: &Face| &RU_NAMES[f.index()];
    let head = match (category, groups) {
        (Category::FiveOfAKind, [f]) => format!("покер {}", ru(f).of_many),
        (Category::FourOfAKind, [f]) => format!("каре {}", ru(f).of_many),
        (Category::FullHouse, [x, y]) => format!("фул-хаус, {} на {}", ru(x).plural, ru(y).on),
        (Category::ThreeOfAKind, [f]) => format!("тройка {}", ru(f).of_many),
        (Category::TwoPairs, [x, y]) => format!("две пары, {} и {}", ru(x).plural, ru(y).plural),
        (Category::OnePair, [f]) => format!("пара {}", ru(f).of_many),
        (Category::HighStraight, _) => "большой стрит".into(),
        (Category::LowStraight, _) => "малый стрит".into(),
        _ => "ничего".into(),
    };
    if kickers.is_empty() {
        return head;
    }
    if category == Category::Bust {
        let names: Vec<&str> = kickers.iter().map(|f| ru(f).one).collect();
        format!("{head}: {}", list(&names, "и"))
    } else {
        let names: Vec<&str> = kickers.iter().map(|f| ru(f).with).collect();
        format!("{head} с {}", list(&names, "и"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowest(text: &str) -> Result<String, String> {
        let pattern = parse_words(text)?;
        pattern
            .lowest(Ranking::default())
            .map(|h| h.to_string())
            .ok_or_else(|| "no such hand".to_string())
    }

    #[test]
    fn every_russian_form_names_its_face() {
        for (i, names) in RU_NAMES.iter().enumerate() {
            for form in [names.plural, names.of_many, names.on, names.one, names.with] {
                let read = symbols(form).map(|w| w.first().map(|w| w.0));
                assert_eq!(read, Ok(Face::from_index(i).map(Sym::Face)), "{form}");
            }
        }
        for form in [
            "королем",
            "валеты",
            "валетов",
            "вальтах",
            "туза",
            "дамам",
            "10",
        ] {
            assert!(symbol(form).is_some(), "{form}");
        }
        for junk in ["дамаск", "тузик", "корол", "вальтик", "девят"] {
            assert_eq!(symbol(junk), None, "{junk}");
        }
    }

    #[test]
    fn every_english_name_is_a_face() {
        for (i, (one, many)) in EN_NAMES.iter().enumerate() {
            assert_eq!(face_word(one), Face::from_index(i));
            assert_eq!(face_word(many), Face::from_index(i));
        }
    }

    #[test]
    fn numbers_are_counts_first_and_faces_later() {
        assert_eq!(lowest("three threes").as_deref(), Ok("TTTJ9"));
        assert_eq!(lowest("two pairs, fives and twos").as_deref(), Ok("QQ99T"));
        assert_eq!(lowest("three kings and a five").as_deref(), Ok("KKKQ9"));
        assert_eq!(lowest("three kings and one queen").as_deref(), Ok("KKKQ9"));
        assert_eq!(lowest("three queens and two nines").as_deref(), Ok("QQQ99"));
        assert_eq!(lowest("two nines and three queens").as_deref(), Ok("QQQ99"));
        assert_eq!(lowest("two kings and two nines").as_deref(), Ok("KK99T"));
        assert_eq!(lowest("pair of 6s").as_deref(), Ok("KKJT9"));
        assert_eq!(lowest("3 Ks").as_deref(), Ok("KKKT9"));
    }

    #[test]
    fn reasons_are_specific() {
        let reason = |t: &str| parse_words(t).unwrap_err();
        assert_eq!(reason("seven dwarves"), "unknown word \"dwarves\"");
        assert_eq!(reason("!!! ,,, --"), "no hand named");
        assert_eq!(
            reason("full house kings over kings"),
            "a full house needs two different faces"
        );
        assert_eq!(
            reason("two pairs kings and kings"),
            "two pairs need two different faces"
        );
        assert_eq!(
            reason("five kings and queens"),
            "five of a kind leaves no room for other dice"
        );
        assert!(reason("six aces").contains("only five dice"));
        assert!(reason("4294967296 aces").contains("only five dice"));
        assert_eq!(reason("three kings with king"), "kings named twice");
        assert!(reason("kings").contains("how many kings"));
        assert!(reason("three kings and three nines").contains("more than five"));
        assert!(reason("three of kings").contains("\"kind\""));
        assert!(reason("pair of aces with").contains("expected a face"));
        assert!(reason("high").contains("\"straight\""));
        assert!(reason("straight with ace").contains("no room"));
        assert!(reason("pair pair").contains("unexpected \"pair\""));
    }

    /// A tiny deterministic generator, enough to shake the parser.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn never_panics() {
        let mut vocabulary: Vec<&str> = KEYWORDS.iter().flat_map(|k| k.1.iter().copied()).collect();
        vocabulary.extend(EN_NAMES.iter().flat_map(|&(a, b)| [a, b]));
        vocabulary.extend(EN_NUMBERS.iter().map(|n| n.0));
        vocabulary.extend(RU_NUMBERS.iter().flat_map(|n| n.1.iter().copied()));
        vocabulary.extend(
            RU_NAMES
                .iter()
                .flat_map(|n| [n.plural, n.of_many, n.on, n.with]),
        );
        vocabulary.extend([
            "a",
            "0",
            "7",
            "10s",
            "5s",
            "ks",
            "99999999999999999999999",
            "İ",
            "ẞ",
            "ǅ",
            "🎲",
            "\u{301}",
            "\u{0}",
            "ё",
            "-",
            ",",
            "!",
            "  ",
            "\t",
            "ﬁ",
        ]);
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let len = rng.below(9);
            let text: Vec<&str> = (0..len)
                .map(|_| vocabulary[rng.below(vocabulary.len())])
                .collect();
            let text = text.join(if rng.below(2) == 0 { " " } else { "" });
            if let Ok(pattern) = parse_words(&text) {
                for r in Ranking::all() {
                    let _ = pattern.lowest(r);
                }
            }
        }
        // Arbitrary code points, including huge input.
        for _ in 0..2_000 {
            let len = rng.below(40);
            let text: String = (0..len)
                .filter_map(|_| char::from_u32(rng.next() as u32 % 0x11_0000))
                .collect();
            let _ = parse_words(&text);
        }
        let _ = parse_words(&"three kings with queen and ".repeat(10_000));
        let _ = parse_words(&"ё".repeat(100_000));
    }
}
