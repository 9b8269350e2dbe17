//! Two or more humans at one keyboard: nobody's dice are on the screen
//! while the keyboard is someone else's.

use super::support;

use liar::engine::Policy;
use liar::i18n::{Lang, Msg};
use liar::rules::{DiceKind, Rules};
use support::*;

/// Walks the output: after "Pass the keyboard to X" only X's dice may
/// appear, until the screen is cleared; outside such a stretch nobody's.
/// Returns how many times each human was handed the keyboard.
fn check_privacy(output: &str, humans: &[&str], lang: Lang) -> Vec<usize> {
    let cleared = Msg::ScreenCleared.text(lang);
    let mut holder: Option<&str> = None;
    let mut passes = vec![0; humans.len()];
    for (n, line) in output.lines().enumerate() {
        let at = || format!("line {}: {line}\n{output}", n + 1);
        for (i, name) in humans.iter().enumerate() {
            if line == (Msg::PassTo { name }).text(lang) {
                assert_eq!(
                    holder,
                    None,
                    "passed to {name} with {holder:?}'s dice shown; {}",
                    at()
                );
                holder = Some(name);
                passes[i] += 1;
            }
            if line.contains(&dice_line_marker(name, lang)) {
                assert_eq!(holder, Some(*name), "{name}'s dice shown; {}", at());
            }
        }
        if line == cleared {
            holder = None;
        }
    }
    passes
}

#[test]
fn each_human_sees_only_his_own_dice() {
    let table = [
        Seat::Human("Anna"),
        Seat::Bot(Policy::Honest),
        Seat::Human("Boris"),
        Seat::Bot(Policy::Random),
    ];
    for lang in [Lang::En, Lang::Ru] {
        let mut passes = vec![0, 0];
        for seed in 1..=4 {
            let setup = setup(&table, Rules::default(), seed, 3);
            let played = play(&table, &setup, lang, sensible(lang, DiceKind::Poker));
            assert!(!played.stats.aborted, "{}", played.output);
            let p = check_privacy(&played.output, &["Anna", "Boris"], lang);
            passes[0] += p[0];
            passes[1] += p[1];
        }
        assert!(passes.iter().all(|&p| p > 3), "{passes:?}");
    }
}

#[test]
fn two_humans_side_by_side() {
    // Neighbours: Boris responds right after Anna claims.
    let table = [
        Seat::Human("Anna"),
        Seat::Human("Boris"),
        Seat::Bot(Policy::Honest),
    ];
    for seed in 1..=4 {
        let setup = setup(&table, listed(), seed, 2);
        let played = play(
            &table,
            &setup,
            Lang::En,
            sensible(Lang::En, DiceKind::Poker),
        );
        assert!(!played.stats.aborted, "{}", played.output);
        let passes = check_privacy(&played.output, &["Anna", "Boris"], Lang::En);
        assert!(passes.iter().all(|&p| p > 0), "{passes:?}");
    }
}

#[test]
fn one_human_is_not_asked_to_pass_the_keyboard() {
    let table = [
        Seat::Human("Anna"),
        Seat::Bot(Policy::Honest),
        Seat::Bot(Policy::Honest),
    ];
    let setup = setup(&table, listed(), 1, 2);
    let played = play(
        &table,
        &setup,
        Lang::En,
        sensible(Lang::En, DiceKind::Poker),
    );
    assert!(!played.output.contains("Pass the keyboard"));
    assert!(!played.output.contains(&Msg::ScreenCleared.text(Lang::En)));
    assert!(played.output.contains("Anna, your dice:"));
}

#[test]
#[should_panic(expected = "Anna's dice shown")]
fn the_privacy_check_catches_a_leak() {
    let leak = "Pass the keyboard to Boris — press Enter when ready.\n\
                Anna, your dice:  K  K  9  A  Q\n";
    check_privacy(leak, &["Anna", "Boris"], Lang::En);
}
