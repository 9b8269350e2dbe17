//! Writing a hand as words, the way a player would claim it.

use super::super::claim::{CategorySet, ClaimPattern};
use super::super::face::{DiceKind, Face};
use super::super::hand::{Category, Hand};
use super::super::ranking::Ranking;
use super::vocabulary::{english_many, english_one, russian_names};

/// How many of the odd dice (highest first) the words must name.
pub(super) fn named_kickers(
    hand: Hand,
    ranking: Ranking,
    groups: &[Face],
    singles: &[Face],
) -> usize {
    if !ranking.kickers {
        return 0;
    }
    let category = ranking.category(hand);
    let pins = |k: usize| {
        let mut pattern = ClaimPattern::default().in_categories(CategorySet::of(category));
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

/// The hand in English: its `category`, its `groups` (biggest first) and the
/// odd dice to name, with the face names of `kind` ("kings", "sixes").
pub(super) fn english(
    category: Category,
    groups: &[Face],
    kickers: &[Face],
    kind: DiceKind,
) -> String {
    let many = |&f: &Face| english_many(f, kind);
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
    let names: Vec<&str> = kickers.iter().map(|&f| english_one(f, kind)).collect();
    with_kickers(head, category, &names, "with", "and")
}

/// The hand in Russian, as [`english`] does it in English. On standard
/// dice three of a kind is «три двойки»: «тройка троек» would confuse.
pub(super) fn russian(
    category: Category,
    groups: &[Face],
    kickers: &[Face],
    kind: DiceKind,
) -> String {
    let ru = |&f: &Face| russian_names(f, kind);
    let head = match (category, groups) {
        (Category::FiveOfAKind, [f]) => format!("покер {}", ru(f).of_many),
        (Category::FourOfAKind, [f]) => format!("каре {}", ru(f).of_many),
        (Category::FullHouse, [x, y]) => format!("фул-хаус, {} на {}", ru(x).plural, ru(y).on),
        (Category::ThreeOfAKind, [f]) if kind == DiceKind::Standard => {
            format!("три {}", ru(f).plural)
        }
        (Category::ThreeOfAKind, [f]) => format!("тройка {}", ru(f).of_many),
        (Category::TwoPairs, [x, y]) => format!("две пары, {} и {}", ru(x).plural, ru(y).plural),
        (Category::OnePair, [f]) => format!("пара {}", ru(f).of_many),
        (Category::HighStraight, _) => "большой стрит".into(),
        (Category::LowStraight, _) => "малый стрит".into(),
        _ => "ничего".into(),
    };
    let names: Vec<&str> = kickers
        .iter()
        .map(|f| {
            if category == Category::Bust {
                ru(f).one
            } else {
                ru(f).with
            }
        })
        .collect();
    with_kickers(head, category, &names, "с", "и")
}

/// `head`, then the odd dice: "three kings with queen and ten", a bust's
/// dice after a colon ("nothing: ace, king, queen, jack and nine").
fn with_kickers(head: String, category: Category, names: &[&str], with: &str, and: &str) -> String {
    match (names.is_empty(), category) {
        (true, _) => head,
        (false, Category::Bust) => format!("{head}: {}", list(names, and)),
        (false, _) => format!("{head} {with} {}", list(names, and)),
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
