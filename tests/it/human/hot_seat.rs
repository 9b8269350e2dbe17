//! Two or more humans at one keyboard: nobody's dice are on the screen
//! while the keyboard is someone else's.

use super::support;

use liar::engine::Policy;
use liar::i18n::{Lang, Msg};
use liar::rules::{DiceKind, Rules};
use support::*;

/// Walks the output of a hot-seat match: every question to a human (his
/// prompt, `Name> `) comes after the keyboard was passed to him; his dice
/// appear only while he holds it; and when the keyboard is passed on,
/// nobody's dice are on the screen (it was cleared since they were shown).
/// Returns how many times each human was handed the keyboard.
pub(super) fn check_privacy(output: &str, humans: &[&str], lang: Lang) -> Vec<usize> {
    check_hand_overs(output, humans, lang, false)
}

/// [`check_privacy`]; with `respond_by_name` (the quick hand-over), the
/// accept-or-challenge question may also be asked of someone not handed
/// the keyboard, as long as nobody's dice are on the screen.
fn check_hand_overs(
    output: &str,
    humans: &[&str],
    lang: Lang,
    respond_by_name: bool,
) -> Vec<usize> {
    let cleared = Msg::ScreenCleared.text(lang);
    let respond = Msg::AskRespond.text(lang);
    let mut holder: Option<&str> = None;
    let mut shown: Option<&str> = None;
    let mut passes = vec![0; humans.len()];
    let mut previous = "";
    for (n, line) in output.lines().enumerate() {
        let at = || format!("line {}: {line}\n{output}", n + 1);
        for (i, name) in humans.iter().enumerate() {
            if line == (Msg::PassTo { name }).text(lang) {
                assert_eq!(shown, None, "passed to {name} with dice shown; {}", at());
                holder = Some(name);
                passes[i] += 1;
            }
            if line.starts_with(&format!("{name}> ")) {
                if respond_by_name && previous == respond && holder != Some(*name) {
                    assert_eq!(shown, None, "{name} asked with dice shown; {}", at());
                } else {
                    assert_eq!(holder, Some(*name), "{name} asked; {}", at());
                }
            }
            if line.contains(&dice_line_marker(name, lang)) {
                assert_eq!(holder, Some(*name), "{name}'s dice shown; {}", at());
                shown = Some(name);
            }
        }
        if line == cleared {
            shown = None;
        }
        if !line.trim().is_empty() {
            previous = line;
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
fn the_quick_hand_over_asks_by_name_and_passes_only_before_dice() {
    let table = [
        Seat::Human("Anna"),
        Seat::Human("Boris"),
        Seat::Bot(Policy::Honest),
    ];
    for lang in [Lang::En, Lang::Ru] {
        let (mut every_turn, mut quick) = (0, 0);
        for seed in 1..=4 {
            let setup = setup(&table, listed(), seed, 2);
            let played = play(&table, &setup, lang, sensible(lang, DiceKind::Poker));
            every_turn += check_privacy(&played.output, &["Anna", "Boris"], lang)
                .iter()
                .sum::<usize>();
            let played = play_with(&table, &setup, lang, sensible(lang, DiceKind::Poker), |c| {
                c.with_quick_hand_over(true)
            });
            assert!(!played.stats.aborted, "{}", played.output);
            quick += check_hand_overs(&played.output, &["Anna", "Boris"], lang, true)
                .iter()
                .sum::<usize>();
        }
        // The same matches (the answers do not depend on the hand-overs),
        // with a hand-over only where dice come next.
        assert!(
            quick > 0 && quick < every_turn,
            "{quick} against {every_turn}"
        );
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
    assert!(played.output.contains("Your dice:"));
}

#[test]
#[should_panic(expected = "Anna's dice shown")]
fn the_privacy_check_catches_a_leak() {
    let leak = "Pass the keyboard to Boris — press Enter when ready.\n\
                Anna, your dice:  K  K  9  A  Q\n";
    check_privacy(leak, &["Anna", "Boris"], Lang::En);
}

#[test]
#[should_panic(expected = "Boris asked")]
fn the_privacy_check_catches_a_question_before_the_hand_over() {
    let early = "Pass the keyboard to Anna — press Enter when ready.\n\
                 Accept or challenge? (accept / a, challenge / c)\n\
                 Boris> a\n";
    check_privacy(early, &["Anna", "Boris"], Lang::En);
}

#[test]
#[should_panic(expected = "passed to Boris with dice shown")]
fn the_privacy_check_catches_dice_left_on_the_screen() {
    let left = "Pass the keyboard to Anna — press Enter when ready.\n\
                Anna, your dice:  K  K  9  A  Q\n\
                Pass the keyboard to Boris — press Enter when ready.\n";
    check_privacy(left, &["Anna", "Boris"], Lang::En);
}

#[test]
fn each_question_of_a_turn_follows_its_hand_over() {
    // The responder is handed the keyboard before "Accept or challenge?",
    // and keeps it through the re-throw and the claim.
    let table = [
        Seat::Human("Anna"),
        Seat::Human("Boris"),
        Seat::Bot(Policy::Honest),
    ];
    let setup = setup(&table, listed(), 2, 1);
    let played = play(
        &table,
        &setup,
        Lang::En,
        sensible(Lang::En, DiceKind::Poker),
    );
    let out = &played.output;
    let pass = Msg::PassTo { name: "Boris" }.text(Lang::En);
    let respond = Msg::AskRespond.text(Lang::En);
    let turn = out.split(&pass).nth(1).unwrap_or_default();
    let before = turn.split(&respond).next().unwrap_or_default();
    assert!(turn.contains(&respond), "{out}");
    assert!(!before.contains("Pass the keyboard"), "{out}");
}
