//! A real `liar play` in a pseudo-terminal, as a person sees it: questions,
//! screens cleared with ANSI codes, answers typed at the keyboard (type-ahead
//! too), Ctrl-C. Every wait is bounded by [`crate::pty::TIMEOUT`].

use super::hot_seat::check_privacy;
use super::support::{Question, last_question};
use crate::pty::{Asked, MAX_PROMPTS, Terminal, decode};
use liar::i18n::{Lang, Msg};
use liar::rules::DiceKind;
use std::path::PathBuf;

/// What the program clears a terminal with.
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

fn config(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("config")
        .join(name)
}

/// `liar play` in a pseudo-terminal, with the tests' data folder.
fn start(args: &[&str]) -> Terminal {
    Terminal::start_in(&crate::support::tests_data_home(), args)
}

/// The transcript with each screen clearing written as
/// [`Msg::ScreenCleared`], as the privacy check reads it.
fn cleared_as_lines(term: &Terminal, lang: Lang) -> String {
    let marker = format!("\n{}\n", Msg::ScreenCleared.text(lang));
    term.transcript.replace(CLEAR, &marker)
}

/// Answers that play on: accept every other time (challenge the top
/// claim), re-throw two dice, open with three kings, then claim five aces
/// (which the next player must challenge); Enter at a hand-over or pause.
fn steady(lang: Lang) -> impl FnMut(&str) -> String {
    let mut n = 0;
    let must = Msg::OnlyChallenge { claim: "\0" }.text(lang);
    let must = must.split('\0').next().unwrap_or_default().to_string();
    move |chunk| {
        n += 1;
        let answer = match last_question(chunk, lang, DiceKind::Poker) {
            Some(Question::Respond) if chunk.contains(&must) || n % 2 == 0 => "c",
            Some(Question::Respond) => "a",
            Some(Question::Reroll) => "1 2",
            Some(Question::ClaimOpen) => "KKK",
            Some(Question::ClaimOver) => "AAAAA",
            Some(Question::ConfirmQuit) => "y",
            Some(Question::Pass) | None => "",
        };
        answer.to_string()
    }
}

#[test]
fn hot_seat_hands_over_before_every_question_and_clears_the_dice() {
    let table = config("hot-seat.toml");
    let table = table.to_str().unwrap_or_default();
    let mut term = start(&[
        "--lang", "en", "play", table, "--seed", "5", "--delay", "0", "--games", "2",
    ]);
    let code = term.play(steady(Lang::En));
    assert_eq!(code, 0, "{}", term.transcript);
    // The screen is cleared with the terminal's own codes.
    assert!(term.transcript.contains(CLEAR));
    assert!(!term.transcript.contains(&Msg::ScreenCleared.text(Lang::En)));
    let passes = check_privacy(
        &cleared_as_lines(&term, Lang::En),
        &["Аня", "Борис"],
        Lang::En,
    );
    assert!(passes.iter().all(|&p| p >= 2), "{passes:?}");
    // "Accept or challenge?" is asked after the hand-over, never before.
    let respond = Msg::AskRespond.text(Lang::En);
    for name in ["Аня", "Борис"] {
        let prompt = format!("{respond}\n{name}> ");
        assert!(term.transcript.contains(&prompt), "{}", term.transcript);
    }
}

#[test]
fn what_is_typed_ahead_is_dropped() {
    // With each answer come lines typed too soon: "quit" and "y" would end
    // the match if they answered the next question.
    let mut term = start(&["play", "--seed", "11", "--delay", "0", "--games", "2"]);
    let mut steady = steady(Lang::En);
    let code = term.play(|chunk| format!("{}\nquit\ny", steady(chunk)));
    assert_eq!(code, 0, "{}", term.transcript);
    let out = &term.transcript;
    assert!(!out.contains("Leave the table?"), "{out}");
    assert!(out.contains("Match over."), "{out}");
    assert!(!out.contains("stopped before its end"), "{out}");
}

#[test]
fn the_one_person_is_told_in_the_second_person() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Ru, "ru")] {
        let mut term = start(&[
            "--lang", code, "play", "--seed", "11", "--delay", "0", "--games", "2",
        ]);
        assert_eq!(term.play(steady(lang)), 0, "{}", term.transcript);
        let out = &term.transcript;
        let (yes, no): (&[&str], &[&str]) = match lang {
            Lang::En => (
                &[
                    "You accept.",
                    "You throw 2 dice again.",
                    "You claim ",
                    "Your dice:",
                ],
                &[
                    "You accepts",
                    "You throws",
                    "You claims",
                    "You pays",
                    "You wins",
                    "You, your",
                ],
            ),
            Lang::Ru => (
                &[
                    "Вы верите.",
                    "Вы перебрасываете 2 кубика.",
                    "Вы заявляете: ",
                    "Ваши кубики:",
                ],
                &["You", "Вы верит.", "Вы платит", "Вы выигрывает"],
            ),
        };
        for text in yes {
            assert!(out.contains(text), "{lang:?}: no {text:?}\n{out}");
        }
        for text in no {
            assert!(!out.contains(text), "{lang:?}: {text:?}\n{out}");
        }
    }
}

#[test]
fn odds_at_each_question() {
    let mut term = start(&["play", "--seed", "11", "--delay", "0"]);
    let mut steady = steady(Lang::En);
    let mut asked = Vec::new();
    let code = term.play(|chunk| {
        let question = last_question(chunk, Lang::En, DiceKind::Poker);
        if let Some(q) = question.filter(|q| !asked.contains(q)) {
            asked.push(q);
            return "odds".to_string();
        }
        steady(chunk)
    });
    assert_eq!(code, 0, "{}", term.transcript);
    let out = &term.transcript;
    let after = |question: &str| {
        let at = out
            .find(&format!("{question}\n> odds\n"))
            .unwrap_or_else(|| panic!("{out}"));
        out[at..]
            .lines()
            .skip(2)
            .take(4)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let respond = after(&Msg::AskRespond.text(Lang::En));
    assert!(respond.starts_with("Odds of "), "{respond}");
    assert!(respond.contains("\n  from a fresh throw: "), "{respond}");
    let reroll = after(&Msg::AskReroll { keep: "keep KK" }.text(Lang::En));
    assert!(reroll.contains("\nTo beat it: "), "{reroll}");
    assert!(
        reroll.contains("  best re-throw: keep ") || reroll.contains("  your dice make it already"),
        "{reroll}"
    );
    // The question comes back after the odds.
    assert!(out.contains("%\nAccept or challenge?"), "{out}");
}

#[test]
fn the_match_ends_with_a_summary_after_a_pause_between_games() {
    let mut term = start(&["play", "--seed", "11", "--delay", "1", "--games", "2"]);
    let code = term.play(steady(Lang::En));
    assert_eq!(code, 0, "{}", term.transcript);
    let out = &term.transcript;
    let pause = Msg::PressEnterForGame { game: 2 }.text(Lang::En);
    assert_eq!(out.matches(&pause).count(), 1, "{out}");
    assert!(!out.contains(&Msg::PressEnterForGame { game: 1 }.text(Lang::En)));
    let pause_at = out.find(&pause).unwrap_or_default();
    assert!(
        pause_at < out.find("═══ Game 2").unwrap_or_default(),
        "{out}"
    );
    // The summary: a pair of lines per player, before "Match over.".
    let summary = out
        .split("Match summary:\n")
        .nth(1)
        .and_then(|rest| rest.split("Match over.").next())
        .unwrap_or_else(|| panic!("no summary: {out}"));
    let games_won: u32 = ["You", "Honest", "Stat"]
        .iter()
        .map(|name| {
            let line = summary
                .lines()
                .find(|l| l.starts_with(&format!("{name}: games won ")))
                .unwrap_or_else(|| panic!("no {name}: {summary}"));
            number_after(line, "games won ")
        })
        .sum();
    assert_eq!(games_won, 2, "{summary}");
    // One "The dice: …" line per challenge.
    let challenges = out.matches("The dice: ").count() as u32;
    let counted: u32 = summary
        .lines()
        .filter(|l| l.starts_with("  challenges won "))
        .map(|l| number_after(l, "challenges won ") + number_after(l, ", lost "))
        .sum();
    assert_eq!(counted, challenges, "{summary}");
}

#[test]
fn no_pause_without_a_delay() {
    let mut term = start(&["play", "--seed", "11", "--delay", "0", "--games", "2"]);
    assert_eq!(term.play(steady(Lang::En)), 0);
    assert!(
        !term.transcript.contains("Press Enter"),
        "{}",
        term.transcript
    );
    assert!(term.transcript.contains("Match summary:"));
}

#[test]
fn ctrl_c_at_a_question_stops_the_match_there_and_says_so() {
    let mut term = start(&[
        "play",
        "--seed",
        "11",
        "--delay",
        "0",
        "--games",
        "3",
        "--no-replay",
    ]);
    let Asked::Prompt(_) = term.next() else {
        panic!("no question: {}", term.transcript);
    };
    term.session.send_control('c').expect("Ctrl-C");
    let Asked::End(_) = term.next() else {
        panic!("asked again after Ctrl-C: {}", term.transcript);
    };
    assert_eq!(term.exit_code(), 130, "{}", term.transcript);
    let out = &term.transcript;
    assert!(out.contains(&Msg::Interrupted.text(Lang::En)), "{out}");
    assert!(
        out.contains(&Msg::YouLeave { kept: false }.text(Lang::En)),
        "{out}"
    );
    assert!(out.contains("The match stopped before its end."), "{out}");
    assert!(!out.contains("after the current round"), "{out}");
}

#[test]
fn ctrl_c_while_bots_play_says_when_the_match_stops() {
    let mut term = start(&["play", "--seed", "11", "--delay", "400", "--games", "3"]);
    // Play until a claim of ours is told: then bots play, slowly.
    let mut steady = steady(Lang::En);
    for _ in 0..MAX_PROMPTS {
        let Asked::Prompt(chunk) = term.next() else {
            panic!("the match ended first: {}", term.transcript);
        };
        let answer = steady(&chunk);
        let claimed = matches!(answer.as_str(), "KKK" | "AAAAA");
        term.type_line(&answer);
        if claimed {
            break;
        }
    }
    let told = term
        .session
        .exp_string("You claim ")
        .expect("our claim told");
    term.transcript.push_str(&decode(&told));
    term.session.send_control('c').expect("Ctrl-C");
    term.session
        .exp_string("Ctrl-C: the match stops at the end of this round or at the next question")
        .unwrap_or_else(|e| panic!("{e}: {}", term.transcript));
    // Whichever comes first, the match stops there: at the end of the
    // round, or at the next question, which is not asked.
    if let Asked::Prompt(chunk) = term.next() {
        panic!("asked after Ctrl-C: {chunk}");
    }
    assert_eq!(term.exit_code(), 130, "{}", term.transcript);
    assert!(
        term.transcript
            .contains("The match stopped before its end."),
        "{}",
        term.transcript
    );
}

#[test]
fn quitting_with_a_replay_says_it_is_kept() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let replay = dir.path().join("game.jsonl");
    let replay = replay.to_str().unwrap_or_default();
    let mut term = start(&["play", "--seed", "11", "--delay", "0", "--replay", replay]);
    let mut answers = ["quit", "y"].into_iter();
    let code = term.play(|_| answers.next().unwrap_or_default().to_string());
    assert_eq!(code, 0, "{}", term.transcript);
    let out = &term.transcript;
    assert!(
        out.contains(&Msg::ConfirmQuit { kept: true }.text(Lang::En)),
        "{out}"
    );
    assert!(
        out.contains(&Msg::YouLeave { kept: true }.text(Lang::En)),
        "{out}"
    );
}

/// The number right after `label` in `line`.
fn number_after(line: &str, label: &str) -> u32 {
    line.split(label)
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after {label:?}: {line}"))
}
