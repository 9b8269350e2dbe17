//! The words the parser knows and the words [`describe()`](super::describe())
//! writes, in English and in Russian, and the lookup of one word.

use super::super::face::{DiceKind, Face};

/// One word as the grammar sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sym {
    /// A face of poker dice: "kings", "тузов", "Q", "10s".
    Face(Face),
    /// A face of standard dice named by its pips: "fives", "5s", "двойки",
    /// "единицей" (2 → nine … 6 → king, 1 → ace).
    Pips(Face),
    /// A number: "three", "три", "3". Where a face is expected, `face` is the
    /// standard-dice face the same word names ("three threes" = three tens).
    Num {
        n: u32,
        face: Option<Face>,
    },
    /// "pair", "pairs", "пара".
    Pair,
    /// A word that names a group of `n` dice by itself: "trips", "каре";
    /// "тройка" is also the standard-dice three in a list of odd dice.
    Group {
        n: u8,
        face: Option<Face>,
    },
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
pub(super) const SKIPPED: &[&str] = &["a", "an", "the"];

const KEYWORDS: &[(Sym, &[&str])] = &[
    (Sym::Pair, &["pair", "pairs", "пара", "пары", "пару"]),
    (
        Sym::Group { n: 3, face: None },
        &["trips", "trip", "set", "тройку", "сет", "трипс"],
    ),
    (
        Sym::Group {
            n: 3,
            face: Some(Face::Ten),
        },
        &["тройка"],
    ),
    (Sym::Group { n: 4, face: None }, &["quads", "quad", "каре"]),
    (Sym::Group { n: 5, face: None }, &["покер"]),
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

/// The forms [`describe()`](super::describe()) writes for one face in Russian.
pub(crate) struct RuNames {
    /// Nominative plural: "дамы" (the triple in "дамы на девятках").
    pub(crate) plural: &'static str,
    /// Genitive plural: "дам" ("пара дам").
    pub(crate) of_many: &'static str,
    /// Prepositional plural: "девятках" (the pair in "дамы на девятках").
    pub(crate) on: &'static str,
    /// Nominative singular: "дама" (a bust's dice).
    pub(crate) one: &'static str,
    /// Instrumental singular: "дамой" (a kicker, "с дамой").
    pub(crate) with: &'static str,
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

/// The Russian names of standard-dice faces, by pips, indexed by
/// [`Face::index`]: двойки (nine) … шестёрки (king), единицы (ace).
const RU_PIPS: [RuNames; 6] = [
    RuNames {
        plural: "двойки",
        of_many: "двоек",
        on: "двойках",
        one: "двойка",
        with: "двойкой",
    },
    RuNames {
        plural: "тройки",
        of_many: "троек",
        on: "тройках",
        one: "тройка",
        with: "тройкой",
    },
    RuNames {
        plural: "четвёрки",
        of_many: "четвёрок",
        on: "четвёрках",
        one: "четвёрка",
        with: "четвёркой",
    },
    RuNames {
        plural: "пятёрки",
        of_many: "пятёрок",
        on: "пятёрках",
        one: "пятёрка",
        with: "пятёркой",
    },
    RuNames {
        plural: "шестёрки",
        of_many: "шестёрок",
        on: "шестёрках",
        one: "шестёрка",
        with: "шестёркой",
    },
    RuNames {
        plural: "единицы",
        of_many: "единиц",
        on: "единицах",
        one: "единица",
        with: "единицей",
    },
];

/// English names of standard-dice faces by pips, singular and plural,
/// indexed by [`Face::index`].
const EN_PIPS: [(&str, &str); 6] = [
    ("two", "twos"),
    ("three", "threes"),
    ("four", "fours"),
    ("five", "fives"),
    ("six", "sixes"),
    ("one", "ones"),
];

/// Case endings of feminine nouns in -а after a hard stem (девятк-а).
const RU_FEMININE: &[&str] = &["а", "и", "у", "е", "ой", "ою", "ам", "ами", "ах"];
/// Case endings of masculine nouns with a hard stem (туз, валет).
const RU_MASCULINE: &[&str] = &["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах"];
/// "дама": the feminine endings plus the bare genitive plural "дам".
const RU_QUEEN: &[&str] = &["", "а", "ы", "у", "е", "ой", "ою", "ам", "ами", "ах"];
/// "единица": the feminine endings after ц, and the bare genitive plural.
const RU_ONE: &[&str] = &["", "а", "ы", "у", "е", "ей", "ею", "ам", "ами", "ах"];
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

/// Russian standard-dice faces by pips, as [`RU_STEMS`]; "тройка" itself
/// is a keyword (three of a kind, or a three in a list of odd dice).
const RU_PIP_STEMS: &[(&str, &[&str], Face)] = &[
    ("единиц", RU_ONE, Face::Ace),
    ("двойк", RU_FEMININE, Face::Nine),
    ("двоек", &[""], Face::Nine),
    ("тройк", RU_FEMININE, Face::Ten),
    ("троек", &[""], Face::Ten),
    ("четверк", RU_FEMININE, Face::Jack),
    ("четверок", &[""], Face::Jack),
    ("пятерк", RU_FEMININE, Face::Queen),
    ("пятерок", &[""], Face::Queen),
    ("шестерк", RU_FEMININE, Face::King),
    ("шестерок", &[""], Face::King),
];

/// The English name of one `face` on dice of `kind`: "queen", "five".
pub(crate) fn english_one(face: Face, kind: DiceKind) -> &'static str {
    english(face, kind).0
}

/// The English name of several `face`s on dice of `kind`: "queens", "fives".
pub(crate) fn english_many(face: Face, kind: DiceKind) -> &'static str {
    english(face, kind).1
}

fn english(face: Face, kind: DiceKind) -> (&'static str, &'static str) {
    match kind {
        DiceKind::Poker => EN_NAMES[face.index()],
        DiceKind::Standard => EN_PIPS[face.index()],
    }
}

/// The Russian forms of `face` on dice of `kind`.
pub(crate) fn russian_names(face: Face, kind: DiceKind) -> &'static RuNames {
    match kind {
        DiceKind::Poker => &RU_NAMES[face.index()],
        DiceKind::Standard => &RU_PIPS[face.index()],
    }
}

/// The known word `word` (lower case, "ё" read as "е") as the grammar sees it.
pub(super) fn symbol(word: &str) -> Option<Sym> {
    listed(KEYWORDS, word)
        .or_else(|| number(word))
        .or_else(|| face_word(word))
}

/// The standard-dice face with `pips` pips: 2 → nine … 6 → king, 1 → ace.
fn standard_face(pips: u32) -> Option<Face> {
    if pips > 6 {
        return None;
    }
    Face::from_char(char::from_digit(pips, 10)?)
}

/// The digits 9 and 10 name poker faces, whatever the dice.
fn poker_digits(n: u32) -> Option<Face> {
    match n {
        9 => Some(Face::Nine),
        10 => Some(Face::Ten),
        _ => None,
    }
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
    let count = |n| Sym::Num {
        n,
        face: standard_face(n),
    };
    if let Some(n) = digits(word) {
        return Some(poker_digits(n).map_or_else(|| count(n), Sym::Face));
    }
    table_value(EN_NUMBERS, word)
        .map(count)
        .or_else(|| listed(RU_NUMBERS, word).map(|n| Sym::Num { n, face: None }))
}

/// A word naming a face: poker words and letters as [`Sym::Face`], pips as
/// [`Sym::Pips`].
fn face_word(word: &str) -> Option<Sym> {
    if let Some(i) = EN_NAMES
        .iter()
        .position(|&(one, many)| word == one || word == many)
    {
        return Face::from_index(i).map(Sym::Face);
    }
    if let Some(n) = table_value(EN_NUMBER_PLURALS, word) {
        return standard_face(n).map(Sym::Pips);
    }
    let bare = word.strip_suffix('s').unwrap_or(word);
    if let Some(face) = table_value(LETTERS, bare) {
        return Some(Sym::Face(face));
    }
    // Plural digits: "9s", "10s", standard "5s". (Bare digits are numbers.)
    if bare.len() < word.len()
        && let Some(n) = digits(bare)
    {
        return poker_digits(n)
            .map(Sym::Face)
            .or_else(|| standard_face(n).map(Sym::Pips));
    }
    let stem = |stems: &[(&str, &[&str], Face)]| {
        stems.iter().find_map(|&(stem, endings, face)| {
            let ending = word.strip_prefix(stem)?;
            endings.contains(&ending).then_some(face)
        })
    };
    stem(RU_STEMS)
        .map(Sym::Face)
        .or_else(|| stem(RU_PIP_STEMS).map(Sym::Pips))
}

#[cfg(test)]
mod tests {
    use super::super::tokens::symbols;
    use super::*;

    #[test]
    fn every_russian_form_names_its_face() {
        for (i, names) in RU_NAMES.iter().enumerate() {
            for form in [names.plural, names.of_many, names.on, names.one, names.with] {
                let read = symbols(form).map(|w| w.first().map(|w| w.0));
                assert_eq!(read, Ok(Face::from_index(i).map(Sym::Face)), "{form}");
            }
        }
        for (i, names) in RU_PIPS.iter().enumerate() {
            for form in [names.plural, names.of_many, names.on, names.one, names.with] {
                let read = symbols(form).map(|w| w.first().map(|w| w.0));
                let face = Face::from_index(i);
                let expected = match form {
                    // The keyword: three of a kind, or a three among odd dice.
                    "тройка" => Some(Sym::Group { n: 3, face }),
                    _ => face.map(Sym::Pips),
                };
                assert_eq!(read, Ok(expected), "{form}");
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
            assert_eq!(face_word(one), Face::from_index(i).map(Sym::Face));
            assert_eq!(face_word(many), Face::from_index(i).map(Sym::Face));
        }
        for (i, (one, many)) in EN_PIPS.iter().enumerate() {
            let face = Face::from_index(i);
            assert_eq!(
                symbol(one),
                Some(Sym::Num {
                    n: i as u32 + 2 - 6 * (i == 5) as u32,
                    face
                })
            );
            assert_eq!(face_word(many), face.map(Sym::Pips));
        }
    }
}
