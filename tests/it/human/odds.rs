//! `odds` at a question: exact figures for the claim on the table, the best
//! re-throw of the dice held, and a hand the player names.

use super::support;

use liar::engine::Policy;
use liar::i18n::{Lang, Msg, percent};
use liar::rules::{
    Dice, DiceKind, Face, Hand, Ranking, best_reroll, best_reroll_of, chance_to_reach, describe,
    shown_faces,
};
use std::cell::Cell;
use std::rc::Rc;
use support::*;

const TABLE: [Seat; 3] = [
    Seat::Human("Anna"),
    Seat::Bot(Policy::Honest),
    Seat::Bot(Policy::Random),
];

/// A hand as the game writes it: "three kings (KKKT9)".
fn written(hand: Hand, lang: Lang) -> String {
    format!(
        "{} ({})",
        describe(hand, Ranking::default(), lang),
        shown_faces(&hand.faces(), DiceKind::Poker, lang)
    )
}

fn hand(text: &str) -> Hand {
    text.parse::<Dice>().unwrap().hand()
}

/// The dice shown last in `chunk` ("Your dice:  K  K  9  A  Q").
fn dice_shown(chunk: &str, lang: Lang) -> Option<Dice> {
    let label = Msg::YourOwnDice.text(lang);
    let line = chunk
        .lines()
        .rfind(|l| l.trim_start().starts_with(&label))?;
    // Each die as the table shows it in `lang` ("К", "10"), back to a face.
    let faces: Vec<Face> = line.trim_start()[label.len()..]
        .split_whitespace()
        .map(|shown| {
            Face::ALL
                .into_iter()
                .find(|f| f.shown(DiceKind::Poker, lang) == shown)
        })
        .collect::<Option<_>>()?;
    Some(Dice(faces.try_into().ok()?))
}

/// Types `odds` and `odds KKKK` at the first question of each kind (then
/// plays on), and checks each answer against the exact odds.
fn check(lang: Lang, seed: u64) -> usize {
    let (word, kings) = match lang {
        Lang::En => ("odds", "odds KKKK"),
        Lang::Ru => ("шансы", "шансы КККК"),
    };
    let mut sensible = sensible(lang, DiceKind::Poker);
    let mut typed: Vec<(Question, &str)> = Vec::new();
    let mut last: Option<(Question, &str, Option<Dice>)> = None;
    let mut held: Option<Dice> = None;
    let r = Ranking::default();
    let four_kings = hand("KKKK9");
    let script: Script = Box::new(move |chunk| {
        // The answer to the odds asked last.
        if let Some((q, asked, dice)) = last.take() {
            let fresh = |h: Hand| {
                Msg::OddsFresh {
                    chance: &percent(chance_to_reach(&[], h, r), lang),
                }
                .text(lang)
            };
            let heading = Msg::OddsFor {
                target: &written(four_kings, lang),
            }
            .text(lang);
            if asked == kings {
                let answer = match (q, dice) {
                    (Question::Reroll, Some(dice)) => {
                        let (positions, chance) = best_reroll(&dice, four_kings, r);
                        let keep: Vec<_> = (0..5)
                            .filter(|&p| !positions.contains(p))
                            .map(|p| dice.0[p])
                            .collect();
                        let keep = shown_faces(&keep, DiceKind::Poker, lang);
                        let list: Vec<String> =
                            positions.iter().map(|p| (p + 1).to_string()).collect();
                        match positions.count() {
                            0 => Msg::OddsHeld.text(lang),
                            n => Msg::OddsBestKeep {
                                keep: if keep.is_empty() { "-" } else { &keep },
                                thrown: n,
                                positions: &list.join(" "),
                                chance: &percent(chance, lang),
                            }
                            .text(lang),
                        }
                    }
                    _ => fresh(four_kings),
                };
                assert!(
                    chunk.contains(&format!("{heading}\n{answer}\n")),
                    "{q:?} {dice:?}: {heading}\n{answer}\nin:\n{chunk}"
                );
            }
        }
        let q = last_question(chunk, lang, DiceKind::Poker)?;
        // After a first `odds` the dice are not shown again: the last seen.
        if let Some(dice) = dice_shown(chunk, lang) {
            held = Some(dice);
        }
        let dice = held.filter(|_| q == Question::Reroll);
        for asked in [word, kings] {
            if !typed.contains(&(q, asked)) && q != Question::Pass {
                typed.push((q, asked));
                last = Some((q, asked, dice));
                return Some(asked.to_string());
            }
        }
        sensible(chunk)
    });
    let setup = setup(&TABLE, listed(), seed, 1);
    let played = play(&TABLE, &setup, lang, script);
    assert!(!played.stats.aborted, "{}", played.output);
    let answers = played
        .output
        .matches(&prefix(Msg::OddsFor { target: "\0" }, lang))
        .count();
    assert!(answers >= 4, "{}", played.output);
    // Three at the table: the claims Anna answers were made on dice someone
    // else passed, and nothing is said of dice she passed earlier.
    let z = "\0";
    for said in [
        Msg::OddsPassedKept {
            passed: z,
            made: true,
        },
        Msg::OddsPassedRethrown {
            passed: z,
            thrown: 5,
            keep: z,
            chance: z,
        },
        Msg::OddsPassedRethrown {
            passed: z,
            thrown: 1,
            keep: z,
            chance: z,
        },
    ] {
        let said = prefix(said, lang);
        assert!(!played.output.contains(&said), "{said}\n{}", played.output);
    }
    played.typed.iter().filter(|t| t.as_str() == kings).count()
}

#[test]
fn odds_are_exact_in_both_languages() {
    for (lang, seed) in [(Lang::En, 1), (Lang::En, 2), (Lang::Ru, 3)] {
        // Asked at the opening claim, the answer and the re-throw at least.
        assert!(check(lang, seed) >= 3, "{lang:?} {seed}");
    }
}

/// The claim to beat and the dice thrown again before it, as the question
/// in `chunk` states them (the claimer being `name`).
fn claim_to_beat(chunk: &str, name: &str, lang: Lang) -> Option<(Hand, u8)> {
    Hand::all().find_map(|h| {
        (0..=5).find_map(|k| {
            let line = Msg::ToBeat {
                claim: &written(h, lang),
                name,
                rerolled: Some(k),
            }
            .text(lang);
            chunk.contains(&line).then_some((h, k))
        })
    })
}

/// Heads-up, every claim Anna answers after a re-throw was made on the dice
/// she passed: at each, `odds` must say what those dice and the announced
/// re-throw make of the claim (its truth when nothing was thrown again).
/// Anna opens with the hand she holds, so that the bot often believes her.
fn check_passed(lang: Lang, seed: u64) -> usize {
    const HEADS_UP: [Seat; 2] = [Seat::Human("Anna"), Seat::Bot(Policy::Honest)];
    let word = match lang {
        Lang::En => "odds",
        Lang::Ru => "шансы",
    };
    let r = Ranking::default();
    let checked = Rc::new(Cell::new(0));
    let counter = checked.clone();
    let mut sensible = sensible(lang, DiceKind::Poker);
    let mut held: Option<Dice> = None;
    let mut expected: Option<String> = None;
    let script: Script = Box::new(move |chunk| {
        if let Some(line) = expected.take() {
            assert!(chunk.contains(&format!("{line}\n")), "{line}\nin:\n{chunk}");
            counter.set(counter.get() + 1);
            return sensible(chunk);
        }
        if let Some(dice) = dice_shown(chunk, lang) {
            held = Some(dice);
        }
        let q = last_question(chunk, lang, DiceKind::Poker)?;
        // Opening with the hand she holds, which the bot often believes.
        if let (Question::ClaimOpen, Some(dice)) = (q, held) {
            return Some(shown_faces(&dice.hand().faces(), DiceKind::Poker, lang));
        }
        if q == Question::Respond
            && let (Some(passed), Some((claim, k))) = (held, claim_to_beat(chunk, "honest1", lang))
        {
            let (positions, chance) = best_reroll_of(&passed, k, claim, r);
            let shown = shown_faces(&passed.0, DiceKind::Poker, lang);
            let keep: Vec<_> = (0..5)
                .filter(|&p| !positions.contains(p))
                .map(|p| passed.0[p])
                .collect();
            let keep = shown_faces(&keep, DiceKind::Poker, lang);
            let line = match k {
                0 => Msg::OddsPassedKept {
                    passed: &shown,
                    made: chance == 1.0,
                },
                _ => Msg::OddsPassedRethrown {
                    passed: &shown,
                    thrown: k,
                    keep: if keep.is_empty() { "-" } else { &keep },
                    chance: &percent(chance, lang),
                },
            };
            expected = Some(line.text(lang));
            return Some(word.into());
        }
        sensible(chunk)
    });
    let setup = setup(&HEADS_UP, listed(), seed, 10);
    let played = play(&HEADS_UP, &setup, lang, script);
    assert!(!played.stats.aborted, "{}", played.output);
    checked.get()
}

#[test]
fn odds_know_the_dice_passed_and_the_re_throw() {
    for (lang, seed) in [(Lang::En, 5), (Lang::Ru, 6)] {
        let checked = check_passed(lang, seed);
        assert!(
            checked >= 3,
            "{lang:?}: only {checked} claims on passed dice"
        );
    }
}

/// The same figure straight from the rules: KKJJT passed, one die thrown
/// again, jacks full of kings claimed: a king or a jack, one chance in three.
#[test]
fn one_die_thrown_again_from_two_pairs() {
    let passed: Dice = "KKJJT".parse().unwrap();
    let (_, chance) = best_reroll_of(&passed, 1, hand("JJJKK"), Ranking::default());
    assert_eq!(percent(chance, Lang::En), "33.33%");
}

#[test]
fn the_claim_on_the_table_and_the_lowest_claim_that_beats_it() {
    let lang = Lang::En;
    let mut sensible = sensible(lang, DiceKind::Poker);
    let mut asked = false;
    let script: Script = Box::new(move |chunk| {
        let q = last_question(chunk, lang, DiceKind::Poker)?;
        if q == Question::Reroll && !asked {
            asked = true;
            return Some("odds".into());
        }
        sensible(chunk)
    });
    let setup = setup(&TABLE, listed(), 4, 1);
    let played = play(&TABLE, &setup, lang, script);
    let out = &played.output;
    let after = out
        .split("> odds\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    let lines: Vec<&str> = after.lines().take(4).collect();
    assert!(lines[0].starts_with("Odds of "), "{lines:?}");
    assert!(lines[1].starts_with("  from a fresh throw: "), "{lines:?}");
    assert!(lines[2].starts_with("To beat it: "), "{lines:?}");
    assert!(
        lines[3].starts_with("  best re-throw: keep ") || lines[3] == "  your dice make it already",
        "{lines:?}"
    );
    // The claim's chance is the chance of a fresh throw reaching it.
    let claim = lines[0]
        .rsplit_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(labels, _)| hand(labels))
        .unwrap();
    let chance = percent(chance_to_reach(&[], claim, Ranking::default()), lang);
    assert_eq!(lines[1], format!("  from a fresh throw: {chance}"));
}

#[test]
fn odds_of_something_that_is_not_a_hand() {
    let lang = Lang::En;
    let mut sensible = sensible(lang, DiceKind::Poker);
    let mut asked = false;
    let script: Script = Box::new(move |chunk| {
        if !asked {
            asked = true;
            return Some("odds of winning".into());
        }
        sensible(chunk)
    });
    let setup = setup(&TABLE, listed(), 1, 1);
    let played = play(&TABLE, &setup, lang, script);
    let refused = Msg::OddsUnreadable {
        text: "of winning",
        example: "QQQ99",
    }
    .text(lang);
    assert!(
        played
            .output
            .contains(&format!("> odds of winning\n{refused}\n")),
        "{}",
        played.output
    );
}
