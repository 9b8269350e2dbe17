//! Bad answers get a one-line reason and the same question again; commands
//! work at every question.

use super::support;

use liar::engine::Policy;
use liar::i18n::{Lang, Msg, keep_example};
use liar::rules::{DiceKind, Rules, Straights};
use std::collections::HashMap;
use support::*;

/// A script that first types each of `bad[question]` once, then answers
/// as [`sensible`] does.
fn stubborn(lang: Lang, bad: HashMap<Question, Vec<&'static str>>) -> Script {
    let mut good = sensible(lang, DiceKind::Poker);
    let mut bad: HashMap<Question, std::vec::IntoIter<&str>> =
        bad.into_iter().map(|(q, v)| (q, v.into_iter())).collect();
    Box::new(move |chunk| {
        let q = last_question(chunk, lang, DiceKind::Poker)?;
        match bad.get_mut(&q).and_then(Iterator::next) {
            Some(answer) => Some(answer.to_string()),
            None => good(chunk),
        }
    })
}

/// `question`, the echoed `answer`, then `reason` and the question again.
fn refused(question: &str, answer: &str, reason: &str) -> String {
    format!("{question}\n> {answer}\n{reason}\n{question}\n")
}

const TABLE: [Seat; 3] = [
    Seat::Human("Anna"),
    Seat::Bot(Policy::Honest),
    Seat::Bot(Policy::Honest),
];

#[test]
fn bad_answers_are_explained_and_asked_again() {
    let lang = Lang::En;
    let bad = HashMap::from([
        (Question::ClaimOpen, vec!["", "seven dwarves", "six aces"]),
        (Question::Respond, vec!["maybe"]),
        (
            Question::Reroll,
            vec!["7", "1 1", "keep", "keep X", "keep AAAAAA", "fish"],
        ),
        (Question::ClaimOver, vec!["AQJT9"]),
    ]);
    // Several seeds, so that every kind of question comes up.
    let mut seen = 0;
    for seed in 1..=6 {
        let setup = setup(&TABLE, listed(), seed, 1);
        let played = play(&TABLE, &setup, lang, stubborn(lang, bad.clone()));
        assert!(!played.stats.aborted, "{}", played.output);
        let out = &played.output;
        let open = Msg::AskClaimOpen { example: "QQQ99" }.text(lang);
        assert!(
            out.contains(&refused(&open, "", &Msg::EmptyAnswer.text(lang))),
            "{out}"
        );
        assert!(out.contains(&format!(
            "{open}\n> seven dwarves\nCannot read \"seven dwarves\" as a hand (unknown word \"dwarves\")"
        )));
        assert!(out.contains("> six aces\nCannot read \"six aces\" as a hand"));
        let respond = Msg::AskRespond.text(lang);
        if out.contains(&respond) {
            seen += 1;
            let reason = Msg::NotRespond { text: "maybe" }.text(lang);
            assert!(out.contains(&refused(&respond, "maybe", &reason)), "{out}");
        }
        let keep = keep_example(DiceKind::Poker, lang);
        let reroll = Msg::AskReroll { keep: &keep }.text(lang);
        if out.contains(&reroll) {
            seen += 10;
            for (answer, reason) in [
                ("7", Msg::RerollBadPosition { text: "7" }),
                ("1 1", Msg::RerollRepeated { position: 1 }),
                ("keep", Msg::RerollKeepWhat { keep: &keep }),
                (
                    "keep X",
                    Msg::RerollBadFace {
                        text: "x",
                        faces: "9 T J Q K A",
                    },
                ),
                ("keep AAAAAA", Msg::RerollNotHeld { face: "A" }),
                ("fish", Msg::RerollUnreadable { text: "fish" }),
            ] {
                assert!(
                    out.contains(&refused(&reroll, answer, &reason.text(lang))),
                    "{answer}:\n{out}"
                );
            }
        }
        if out.contains("> AQJT9\n") {
            seen += 100;
            assert!(
                out.contains("> AQJT9\nToo low: nothing (AQJT9).\nA claim must beat "),
                "{out}"
            );
        }
    }
    assert!(seen >= 111, "not every question came up: {seen}");
}

#[test]
fn commands_work_at_any_question() {
    let lang = Lang::En;
    let bad = HashMap::from([
        (Question::ClaimOpen, vec!["help", "history", "rules"]),
        (Question::Respond, vec!["?", "история"]),
    ]);
    let setup = setup(&TABLE, listed(), 3, 1);
    let played = play(&TABLE, &setup, lang, stubborn(lang, bad));
    let out = &played.output;
    let open = Msg::AskClaimOpen { example: "QQQ99" }.text(lang);
    let (partial, three) = liar::i18n::partial_example(DiceKind::Poker, lang);
    let words = liar::i18n::example_words(DiceKind::Poker, lang).join("; ");
    let help = Msg::HelpClaim {
        example: "QQQ99",
        partial: &partial,
        three: &three,
        words: &words,
    }
    .text(lang);
    let commands = Msg::HelpCommands.text(lang);
    let odds = Msg::OddsHelp { example: "QQQ99" }.text(lang);
    // After each command the dice are shown again, then the question.
    let dice = Msg::YourOwnDice.text(lang);
    let again = |answer: &str| {
        let after = out
            .split(&format!("{open}\n> {answer}\n"))
            .nth(1)
            .unwrap_or_default();
        let (shown, _) = after.split_once(&format!("{open}\n")).unwrap_or_default();
        shown.to_string()
    };
    let help_shown = again("help");
    assert!(
        help_shown.starts_with(&format!("{help}\n{odds}\n{commands}\n")),
        "{out}"
    );
    assert!(help_shown.contains(&dice), "{help_shown}");
    // History: the game so far, from the public events.
    let history = Msg::HistoryHeader.text(lang);
    let history_shown = again("history");
    assert!(
        history_shown.starts_with(&format!(
            "{history}\n  ═══ Game 1: you throw first ═══\n  Round 1: you throw the dice.\n"
        )),
        "{out}"
    );
    assert!(history_shown.contains(&dice), "{history_shown}");
    assert!(again("rules").contains(&dice));
    assert!(out.contains("> rules\nLiar Dice (\"Лжец\") — the rules of this table\n"));
    assert!(out.contains(&format!("> ?\n{}", Msg::HelpRespond.text(lang))));
    assert!(out.contains(&format!("> история\n{history}")));
}

#[test]
fn nothing_beats_the_top_claim() {
    // Anna opens with five aces; Boris may not accept it.
    let table = [
        Seat::Human("Anna"),
        Seat::Human("Boris"),
        Seat::Bot(Policy::Honest),
    ];
    let lang = Lang::Ru;
    let mut asked = 0;
    let script: Script = Box::new(move |chunk| {
        asked += 1;
        Some(
            match last_question(chunk, lang, DiceKind::Poker)? {
                Question::ClaimOpen => "покер тузов",
                Question::Respond if asked < 6 => "верю",
                Question::Respond => "не верю",
                Question::ConfirmQuit => "да",
                _ => "",
            }
            .to_string(),
        )
    });
    let setup = setup(&table, listed(), 1, 1);
    let played = play_with(&table, &setup, lang, script, |c| c);
    // Hot seat: the prompt bears the name of whoever is asked.
    let out = &played.output.replace("Boris> ", "> ");
    let only = Msg::OnlyChallenge {
        claim: "покер тузов (Т Т Т Т Т)",
    }
    .text(lang);
    let must = Msg::MustChallenge {
        claim: "покер тузов (Т Т Т Т Т)",
    }
    .text(lang);
    assert!(
        out.contains(&format!("{only}\n{}", Msg::AskRespond.text(lang))),
        "{out}"
    );
    assert!(
        out.contains(&refused(&Msg::AskRespond.text(lang), "верю", &must)),
        "{out}"
    );
}

#[test]
fn a_table_without_straights_says_so() {
    let rules = Rules {
        straights: Straights::None,
        ..listed()
    };
    for lang in [Lang::En, Lang::Ru] {
        let bad = HashMap::from([(Question::ClaimOpen, vec!["high straight"])]);
        let setup = setup(&TABLE, rules, 1, 1);
        let played = play(&TABLE, &setup, lang, stubborn(lang, bad));
        let reason = Msg::ClaimNoSuchHand {
            text: "high straight",
            no_straights: true,
        }
        .text(lang);
        assert!(
            played
                .output
                .contains(&format!("> high straight\n{reason}\n")),
            "{}",
            played.output
        );
    }
}
