//! A human at a scripted keyboard plays whole matches against built-in bots,
//! in English and in Russian, with the narrator telling the table.

use super::support;

use liar::engine::{Event, Policy};
use liar::i18n::{Lang, Msg};
use liar::rules::{DiceKind, Rules};
use support::*;

const TABLE: [Seat; 3] = [
    Seat::Human("Anna"),
    Seat::Bot(Policy::Honest),
    Seat::Bot(Policy::Random),
];

fn full_match(lang: Lang, rules: Rules, seed: u64) -> Played {
    let setup = setup(&TABLE, rules, seed, 3);
    let played = play(&TABLE, &setup, lang, sensible(lang, rules.dice));
    assert!(!played.stats.aborted, "{}", played.output);
    assert_eq!(played.stats.games, 3);
    assert!(matches!(
        played.events.last(),
        Some(Event::MatchEnd { aborted: false, .. })
    ));
    played
}

/// The human was asked each kind of question at least once.
fn asked_everything(played: &Played, lang: Lang, kind: DiceKind) {
    for (q, text) in questions(lang, kind) {
        if matches!(q, Question::Pass | Question::ConfirmQuit) {
            continue;
        }
        assert!(
            played.output.contains(&text),
            "never asked {q:?}:\n{}",
            played.output
        );
    }
}

/// Hidden dice never reach the screen in `play`: no secret lines, and only
/// Anna's own dice are shown as somebody's dice.
fn nothing_hidden_shown(played: &Played, lang: Lang) {
    let secret = prefix(Msg::SecretDice { dice: "\0" }, lang);
    assert!(!played.output.contains(secret.trim()), "secret dice shown");
    for bot in ["honest1", "random2"] {
        assert!(!played.output.contains(&dice_line_marker(bot, lang)));
    }
}

#[test]
fn a_match_in_english() {
    for seed in [1, 2, 3] {
        let played = full_match(Lang::En, Rules::default(), seed);
        let out = &played.output;
        asked_everything(&played, Lang::En, DiceKind::Poker);
        nothing_hidden_shown(&played, Lang::En);
        // Anna is the one person at the table: told in the second person.
        assert!(out.contains("You claim three kings (KKKT9)."), "{out}");
        assert!(out.contains("Your dice:"));
        assert!(!out.contains("Anna"), "{out}");
        assert!(!out.contains("You claims"), "{out}");
        assert!(out.contains("position:"));
        assert!(out.contains("Turn order:"));
        assert!(out.contains("Match over. Games won:"));
        assert!(out.contains(" pays a chip."));
        assert!(!out.contains("заявляет"));
    }
}

#[test]
fn a_match_in_russian() {
    for seed in [4, 5] {
        let played = full_match(Lang::Ru, Rules::default(), seed);
        let out = &played.output;
        asked_everything(&played, Lang::Ru, DiceKind::Poker);
        nothing_hidden_shown(&played, Lang::Ru);
        assert!(
            out.contains("Вы заявляете: тройка королей (К К К 10 9)."),
            "{out}"
        );
        assert!(out.contains("Ваши кубики:"));
        assert!(!out.contains("Anna"), "{out}");
        assert!(out.contains("Матч окончен. Выиграно партий:"));
        assert!(out.contains("платит фишку."));
        assert!(!out.contains(" claims "), "{out}");
    }
}

#[test]
fn standard_dice_show_their_own_faces() {
    let rules = Rules {
        dice: DiceKind::Standard,
        ..Rules::default()
    };
    let played = full_match(Lang::En, rules, 6);
    asked_everything(&played, Lang::En, DiceKind::Standard);
    // Standard dice are named by their pips.
    assert!(
        played.output.contains("You claim three sixes (66632)."),
        "{}",
        played.output
    );
}

#[test]
fn the_human_seat_answers_in_either_language() {
    // English table, Russian answers.
    let setup = setup(&TABLE, listed(), 8, 1);
    let played = play(
        &TABLE,
        &setup,
        Lang::En,
        sensible(Lang::Ru, DiceKind::Poker).wrap_questions(Lang::En),
    );
    assert!(!played.stats.aborted, "{}", played.output);
    assert!(played.typed.iter().any(|t| t == "тройка королей"));
    assert!(played.output.contains("You claim three kings (KKKT9)."));
}

/// Lets a script written for one language's questions answer another's.
trait WrapQuestions {
    fn wrap_questions(self, asked_in: Lang) -> Script;
}

impl WrapQuestions for Script {
    fn wrap_questions(mut self, asked_in: Lang) -> Script {
        let from = questions(asked_in, DiceKind::Poker);
        let to = questions(Lang::Ru, DiceKind::Poker);
        let must_from = prefix(Msg::OnlyChallenge { claim: "\0" }, asked_in);
        let must_to = prefix(Msg::OnlyChallenge { claim: "\0" }, Lang::Ru);
        Box::new(move |chunk| {
            let mut translated = chunk.replace(&must_from, &must_to);
            for ((_, a), (_, b)) in from.iter().zip(&to) {
                translated = translated.replace(a, b);
            }
            self(&translated)
        })
    }
}
