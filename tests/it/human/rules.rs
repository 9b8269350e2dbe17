//! The rules text (`liar rules`) in both languages, against insta snapshots
//! (`INSTA_UPDATE=always cargo test` rewrites them for review), and its hand
//! table against the counts the rules state.

use liar::i18n::{Lang, category_name, category_odds, rules_text};
use liar::rules::{Category, DiceKind, NextRoundStarter, Ranking, Rules, SeatingRule, Straights};

/// The tables the golden files cover: the book's game, and one with every
/// option changed.
fn tables() -> [(&'static str, Rules); 2] {
    let odd = Rules {
        dice: DiceKind::Standard,
        chips: 5,
        straights: Straights::None,
        kickers: false,
        next_round_starter: NextRoundStarter::Loser,
        seating: SeatingRule::Listed,
        min_players: 2,
        max_players: 6,
    };
    [("default", Rules::default()), ("variant", odd)]
}

#[test]
fn rules_text_matches_the_snapshots() {
    for (name, rules) in tables() {
        for (lang, tag) in [(Lang::En, "en"), (Lang::Ru, "ru")] {
            insta::assert_snapshot!(format!("{name}_{tag}"), rules_text(lang, &rules));
        }
    }
}

#[test]
fn hand_table_counts_agree_with_the_rules() {
    let r = Ranking::default();
    let rows: Vec<(Category, usize, u32)> = category_odds(r)
        .iter()
        .map(|o| (o.category, o.hands, o.throws))
        .collect();
    use Category::*;
    assert_eq!(
        rows,
        vec![
            (FiveOfAKind, 6, 6),
            (FourOfAKind, 30, 150),
            (FullHouse, 30, 300),
            (HighStraight, 1, 120),
            (LowStraight, 1, 120),
            (ThreeOfAKind, 60, 1200),
            (TwoPairs, 60, 1800),
            (OnePair, 60, 3600),
            (Bust, 4, 480),
        ]
    );
    let above = Ranking {
        straights: Straights::AboveFullHouse,
        kickers: true,
    };
    let order: Vec<Category> = category_odds(above).iter().map(|o| o.category).collect();
    assert_eq!(
        &order[..5],
        &[
            FiveOfAKind,
            FourOfAKind,
            HighStraight,
            LowStraight,
            FullHouse
        ]
    );
    for ranking in Ranking::all() {
        let odds = category_odds(ranking);
        assert_eq!(odds.iter().map(|o| o.throws).sum::<u32>(), 7776);
        assert_eq!(odds.iter().map(|o| o.hands).sum::<usize>(), 252);
        assert_eq!(odds.last().map(|o| o.throws_at_least), Some(7776));
    }
}

#[test]
fn russian_names_are_the_ones_players_use() {
    let text = rules_text(Lang::Ru, &Rules::default());
    for c in Category::ALL {
        assert!(text.contains(category_name(c, Lang::Ru)), "{c:?}");
    }
    for word in [
        "пара",
        "две пары",
        "тройка",
        "стрит",
        "фул-хаус",
        "каре",
        "покер",
    ] {
        assert!(text.contains(word), "{word}");
    }
}

#[test]
fn the_text_follows_the_table() {
    let [(_, book), (_, odd)] = tables();
    let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let en = flat(rules_text(Lang::En, &book));
    assert!(en.contains("9 T J Q K A"));
    assert!(en.contains("3 chips"));
    assert!(en.contains("by the challenger"));
    assert!(!en.contains("without straights"));
    let en = flat(rules_text(Lang::En, &odd));
    assert!(en.contains("2 3 4 5 6 1"));
    assert!(en.contains("5 chips"));
    assert!(en.contains("by the player who paid"));
    assert!(en.contains("without straights"));
    assert!(en.contains("tie"));
    assert!(!en.contains("high straight"));
    assert!(en.contains("666 stands for 66632"));
    let ru = flat(rules_text(Lang::Ru, &odd));
    assert!(ru.contains("5 фишек"));
    assert!(ru.contains("стритов нет"));
    // Every line fits a terminal.
    for (_, rules) in tables() {
        for lang in [Lang::En, Lang::Ru] {
            for line in rules_text(lang, &rules).lines() {
                assert!(line.chars().count() <= 80, "{line}");
            }
        }
    }
}

#[test]
fn rules_text_has_no_blank_parameters() {
    for (_, rules) in tables() {
        for lang in [Lang::En, Lang::Ru] {
            let text = rules_text(lang, &rules);
            assert!(!text.contains("()"), "{text}");
            assert!(!text.contains("{"), "{text}");
        }
    }
}
