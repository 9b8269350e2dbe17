//! Small pieces of language: hand category names, counted nouns, percentages.

use super::Lang;
use crate::rules::{Category, Dice, DiceKind, Face, Hand, Naming, Ranking, describe};

/// The name players use for a category: "full house" / "фул-хаус".
///
/// ```
/// use liar::i18n::{Lang, category_name};
/// use liar::rules::Category;
/// assert_eq!(category_name(Category::TwoPairs, Lang::En), "two pairs");
/// assert_eq!(category_name(Category::FiveOfAKind, Lang::Ru), "покер");
/// ```
pub fn category_name(category: Category, lang: Lang) -> &'static str {
    use Category::*;
    match (lang, category) {
        (Lang::En, FiveOfAKind) => "five of a kind",
        (Lang::En, FourOfAKind) => "four of a kind",
        (Lang::En, FullHouse) => "full house",
        (Lang::En, HighStraight) => "high straight",
        (Lang::En, LowStraight) => "low straight",
        (Lang::En, ThreeOfAKind) => "three of a kind",
        (Lang::En, TwoPairs) => "two pairs",
        (Lang::En, OnePair) => "one pair",
        (Lang::En, Bust) => "nothing",
        (Lang::Ru, FiveOfAKind) => "покер",
        (Lang::Ru, FourOfAKind) => "каре",
        (Lang::Ru, FullHouse) => "фул-хаус",
        (Lang::Ru, HighStraight) => "большой стрит",
        (Lang::Ru, LowStraight) => "малый стрит",
        (Lang::Ru, ThreeOfAKind) => "тройка",
        (Lang::Ru, TwoPairs) => "две пары",
        (Lang::Ru, OnePair) => "пара",
        (Lang::Ru, Bust) => "ничего",
    }
}

/// Things that get counted in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noun {
    /// A chip.
    Chip,
    /// A die.
    Die,
    /// A player.
    Player,
    /// A game of a match.
    Game,
    /// A table of `liar serve`.
    Table,
    /// A match.
    Match,
}

impl Noun {
    /// English singular and plural; Russian forms for 1, 2–4 and 5+.
    fn forms(self) -> (&'static str, &'static str, [&'static str; 3]) {
        match self {
            Noun::Chip => ("chip", "chips", ["фишка", "фишки", "фишек"]),
            Noun::Die => ("die", "dice", ["кубик", "кубика", "кубиков"]),
            Noun::Player => ("player", "players", ["игрок", "игрока", "игроков"]),
            Noun::Game => ("game", "games", ["партия", "партии", "партий"]),
            Noun::Table => ("table", "tables", ["стол", "стола", "столов"]),
            Noun::Match => ("match", "matches", ["матч", "матча", "матчей"]),
        }
    }
}

/// A number with its noun in the right form: "1 chip", "3 chips",
/// "1 фишка", "3 фишки", "5 фишек", "21 фишка".
///
/// ```
/// use liar::i18n::{Lang, Noun, count};
/// assert_eq!(count(1, Noun::Die, Lang::En), "1 die");
/// assert_eq!(count(2, Noun::Die, Lang::En), "2 dice");
/// assert_eq!(count(2, Noun::Die, Lang::Ru), "2 кубика");
/// assert_eq!(count(11, Noun::Chip, Lang::Ru), "11 фишек");
/// assert_eq!(count(21, Noun::Chip, Lang::Ru), "21 фишка");
/// ```
pub fn count(n: u64, noun: Noun, lang: Lang) -> String {
    let (one, many, ru) = noun.forms();
    let word = match lang {
        Lang::En if n == 1 => one,
        Lang::En => many,
        Lang::Ru => ru[russian_form(n)],
    };
    format!("{n} {word}")
}

/// Which Russian form a number takes: 0 for 1, 21, 31…; 1 for 2–4, 22–24…;
/// 2 otherwise (5–20, 25–30…).
fn russian_form(n: u64) -> usize {
    match (n % 10, n % 100) {
        (_, 11..=14) => 2,
        (1, _) => 0,
        (2..=4, _) => 1,
        _ => 2,
    }
}

/// A share written as a percentage with two decimals, the way each language
/// writes numbers: "1.93%", "1,93 %".
///
/// ```
/// use liar::i18n::{Lang, percent};
/// assert_eq!(percent(0.0193, Lang::En), "1.93%");
/// assert_eq!(percent(0.0193, Lang::Ru), "1,93 %");
/// ```
pub fn percent(share: f64, lang: Lang) -> String {
    let text = format!("{:.2}", share * 100.0);
    match lang {
        Lang::En => format!("{text}%"),
        Lang::Ru => format!("{} %", text.replace('.', ",")),
    }
}

/// How a player keeps two kings, as the re-throw question shows it:
/// `keep KK`, `оставить КК`, or `keep 66` on standard dice.
///
/// ```
/// use liar::i18n::{Lang, keep_example};
/// use liar::rules::DiceKind;
/// assert_eq!(keep_example(DiceKind::Poker, Lang::En), "keep KK");
/// assert_eq!(keep_example(DiceKind::Poker, Lang::Ru), "оставить КК");
/// assert_eq!(keep_example(DiceKind::Standard, Lang::Ru), "оставить 66");
/// ```
pub fn keep_example(kind: DiceKind, lang: Lang) -> String {
    match (lang, kind) {
        (Lang::En, _) => format!("keep {}", Face::King.label(kind).to_string().repeat(2)),
        (Lang::Ru, DiceKind::Poker) => "оставить КК".to_string(),
        (Lang::Ru, DiceKind::Standard) => {
            format!("оставить {}", Face::King.label(kind).to_string().repeat(2))
        }
    }
}

/// A full hand to show as an example claim, written as players of `lang`
/// type dice of `kind`: `QQQ99` on poker dice in English, `ДДД99` in
/// Russian, `55522` on standard dice. It holds no ten (a Russian `10`
/// would need spaces around it), and each reads back as the same claim.
///
/// ```
/// use liar::i18n::{Lang, example_claim};
/// use liar::rules::DiceKind;
/// assert_eq!(example_claim(DiceKind::Poker, Lang::En), "QQQ99");
/// assert_eq!(example_claim(DiceKind::Poker, Lang::Ru), "ДДД99");
/// assert_eq!(example_claim(DiceKind::Standard, Lang::Ru), "55522");
///
/// // A player who types the example claims three queens and two nines.
/// use liar::rules::{Naming, Ranking, Reading, read_claim};
/// for dice in [DiceKind::Poker, DiceKind::Standard] {
///     for lang in [Lang::En, Lang::Ru] {
///         let naming = Naming { dice, ..Naming::from(Ranking::default()) };
///         let read = read_claim(&example_claim(dice, lang), naming);
///         assert!(matches!(read, Ok(Reading::Hand(h)) if h.labels(DiceKind::Poker) == "QQQ99"));
///     }
/// }
/// ```
pub fn example_claim(kind: DiceKind, lang: Lang) -> String {
    let counts = [2, 0, 0, 3, 0, 0]; // three queens, two nines
    Hand::from_counts(counts).map_or_else(
        || "QQQ99".to_string(),
        |h| h.faces().iter().map(|f| f.shown(kind, lang)).collect(),
    )
}

/// Three kings as a partial claim in the labels players see, and the words
/// for the hand it stands for: `("KKK", "three kings")`,
/// `("ККК", "тройка королей")`, `("666", "three sixes")`.
///
/// ```
/// use liar::i18n::{Lang, partial_example};
/// use liar::rules::DiceKind;
/// assert_eq!(partial_example(DiceKind::Standard, Lang::Ru), ("666".into(), "три шестёрки".into()));
/// ```
pub fn partial_example(kind: DiceKind, lang: Lang) -> (String, String) {
    let partial = Face::King.shown(kind, lang).repeat(3);
    (partial, named("KKKT9", kind, lang))
}

/// Three claims in words on dice of `kind`: a full house and two pairs in
/// `lang`, and a third in the other language ("пара тузов" for English,
/// "three kings" for Russian).
///
/// ```
/// use liar::i18n::{Lang, example_words};
/// use liar::rules::DiceKind;
/// let [full, _, other] = example_words(DiceKind::Standard, Lang::En);
/// assert_eq!(full, "full house, fives over twos");
/// assert_eq!(other, "пара единиц");
/// ```
pub fn example_words(kind: DiceKind, lang: Lang) -> [String; 3] {
    let other = match lang {
        Lang::En => named("AAJT9", kind, Lang::Ru),
        Lang::Ru => named("KKKT9", kind, Lang::En),
    };
    [
        named("QQQ99", kind, lang),
        named("KK99T", kind, lang),
        other,
    ]
}

/// The words for the hand of five canonical `letters`, on dice of `kind`.
fn named(letters: &str, kind: DiceKind, lang: Lang) -> String {
    let hand = letters.parse::<Dice>().map_or(Hand::HIGHEST, |d| d.hand());
    let naming = Naming {
        ranking: Ranking::default(),
        dice: kind,
    };
    describe(hand, naming, lang)
}
