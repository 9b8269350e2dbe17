//! The claim parser never panics, whatever it is given: whatever it accepts
//! is a hand that reads back as itself, and whatever it refuses gets a
//! one-line reason. (The one test of this kind: the word tests check what
//! each claim means.)
//!
//! By default 30,000 generated inputs run (fast enough for CI). The full run
//! of a million:
//!
//! ```text
//! LIAR_FUZZ_CASES=1000000 cargo test --release --test it claim_fuzz -- --nocapture
//! ```

use liar::rules::{
    DiceKind, Hand, Lang, Naming, Ranking, Reading, describe, parse_claim, read_claim,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn cases() -> u32 {
    std::env::var("LIAR_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30_000)
}

/// Words and pieces the parser knows, so generated inputs get past the
/// first word often enough to reach deep parts of the grammar.
const PIECES: &[&str] = &[
    "twos",
    "sixes",
    "двойки",
    "тройки",
    "единицей",
    "ТТТ",
    "T",
    "1 1",
    "10",
    "full house",
    "фул",
    "фул-хаус",
    "over",
    "на",
    "of",
    "and",
    "и",
    "with",
    "с",
    "pair",
    "пара",
    "two pairs",
    "две пары",
    "three",
    "тройка",
    "four",
    "каре",
    "five",
    "покер",
    "straight",
    "стрит",
    "большой",
    "малый",
    "high",
    "low",
    "nothing",
    "ничего",
    "kings",
    "королей",
    "королях",
    "queens",
    "дамы",
    "дамах",
    "nines",
    "девятках",
    "aces",
    "тузов",
    "tens",
    "jacks",
    "вальтов",
    "K",
    "Q",
    "J",
    "T",
    "A",
    "9",
    "10",
    "5",
    "1",
    "6",
    "КК",
    "ДД",
    ",",
    ":",
    "-",
    "  ",
    "ё",
    "\u{0}",
    "\u{202e}",
    "🂡",
    "a",
    "the",
    "six",
    "zero",
    "999999999999999999999",
];

fn input() -> impl Strategy<Value = String> {
    prop_oneof![
        // Arbitrary text, any Unicode.
        "\\PC{0,30}",
        any::<Vec<u8>>().prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        // Sequences of known pieces, mixed with noise.
        prop::collection::vec(
            prop_oneof![
                prop::sample::select(PIECES).prop_map(String::from),
                "\\PC{0,3}"
            ],
            0..8
        )
        .prop_map(|parts| parts.join(" ")),
        // A real hand's words with one piece dropped or changed.
        (
            0usize..252,
            any::<bool>(),
            0usize..8,
            prop::sample::select(PIECES)
        )
            .prop_map(|(i, ru, cut, piece)| {
                let hand = Hand::from_index(i).unwrap_or(Hand::LOWEST);
                let lang = if ru { Lang::Ru } else { Lang::En };
                let words: Vec<String> = describe(hand, Ranking::default(), lang)
                    .split(' ')
                    .map(String::from)
                    .collect();
                let mut out = words.clone();
                if cut < out.len() {
                    out[cut] = piece.to_string();
                }
                out.join(" ")
            }),
    ]
}

#[test]
fn the_claim_parser_never_panics_and_only_returns_real_hands() {
    let n = cases();
    let mut runner = TestRunner::new(Config {
        cases: n,
        failure_persistence: None,
        ..Config::default()
    });
    let started = std::time::Instant::now();
    let accepted = std::cell::Cell::new(0u32);
    runner
        .run(&input(), |text| {
            for r in Ranking::all() {
                match parse_claim(&text, r) {
                    Ok(hand) => {
                        // What it accepts is a hand whose own notation
                        // reads back as itself.
                        prop_assert_eq!(parse_claim(&hand.to_string(), r), Ok(hand));
                        accepted.set(accepted.get() + 1);
                    }
                    Err(e) => {
                        // What it refuses gets a one-line reason.
                        let reason = e.to_string();
                        prop_assert!(!reason.trim().is_empty());
                        prop_assert!(!reason.contains('\n'), "{reason}");
                    }
                }
            }
            // A person's claim on each kind of dice, in each language: one
            // hand, or two different ones to choose from, each of which its
            // own words name again; or a one-line reason in that language.
            for dice in [DiceKind::Poker, DiceKind::Standard] {
                let naming = Naming {
                    ranking: Ranking::default(),
                    dice,
                };
                for lang in [Lang::En, Lang::Ru] {
                    let hands = match read_claim(&text, naming) {
                        Ok(Reading::Hand(hand)) => vec![hand],
                        Ok(Reading::Either([a, b])) => {
                            prop_assert_ne!(a.hand, b.hand);
                            vec![a.hand, b.hand]
                        }
                        Err(e) => {
                            let reason = e.text(lang, dice);
                            prop_assert!(!reason.trim().is_empty());
                            prop_assert!(!reason.contains('\n'), "{reason}");
                            vec![]
                        }
                    };
                    for hand in hands {
                        let words = describe(hand, naming, lang);
                        let back = read_claim(&words, naming);
                        prop_assert_eq!(back, Ok(Reading::Hand(hand)), "{}", words);
                    }
                }
            }
            Ok(())
        })
        .unwrap();
    println!(
        "{n} generated inputs × 6 rankings in {:.1} s; {} parses accepted",
        started.elapsed().as_secs_f64(),
        accepted.get()
    );
    assert!(
        accepted.get() > 0,
        "the generator never produced a readable claim"
    );
}
