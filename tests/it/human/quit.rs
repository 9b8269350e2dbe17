//! Leaving the table: `quit` (confirmed), the end of input (Ctrl-D) and the
//! stop flag (Ctrl-C) all end the match cleanly, and the record of what was
//! played ends with an aborted `match_end`.

use super::support;

use liar::engine::{Event, Policy};
use liar::i18n::{Lang, Msg};
use liar::rules::DiceKind;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use support::*;

const TABLE: [Seat; 3] = [
    Seat::Human("Anna"),
    Seat::Bot(Policy::Honest),
    Seat::Bot(Policy::Random),
];

/// Types `lines` one by one, then ends the input.
fn lines(lines: &'static [&'static str]) -> Script {
    let mut lines = lines.iter().copied();
    Box::new(move |_| lines.next().map(str::to_string))
}

fn assert_aborted(played: &Played) {
    assert!(played.stats.aborted, "{}", played.output);
    assert!(
        matches!(
            played.events.last(),
            Some(Event::MatchEnd { aborted: true, .. })
        ),
        "the record must end with an aborted match_end"
    );
}

#[test]
fn quit_asks_first_and_can_be_called_off() {
    let lang = Lang::En;
    let setup = setup(&TABLE, listed(), 1, 3);
    let played = play(&TABLE, &setup, lang, lines(&["quit", "n", "quit", "y"]));
    assert_aborted(&played);
    assert_eq!(played.stats.games, 0);
    let out = &played.output;
    let confirm = Msg::ConfirmQuit { kept: false }.text(lang);
    assert_eq!(out.matches(&confirm).count(), 2, "{out}");
    assert!(out.contains(&format!("> n\n{}\n", Msg::QuitCancelled.text(lang))));
    // Anna is the one person at the table: "you"; no replay is written.
    assert!(out.contains(&Msg::YouLeave { kept: false }.text(lang)));
    assert!(!out.contains("replay"), "{out}");
    assert!(out.contains(
        "The match stopped before its end. Games won: You: 0 · honest1: 0 · random2: 0."
    ));
}

#[test]
fn leaving_says_the_replay_is_kept_only_when_one_is_written() {
    let lang = Lang::En;
    let setup = setup(&TABLE, listed(), 1, 3);
    let recording = |mut c: liar::human::Console| {
        c.set_recording(true);
        c
    };
    let played = play_with(&TABLE, &setup, lang, lines(&["quit", "y"]), recording);
    let out = &played.output;
    assert!(
        out.contains(&Msg::ConfirmQuit { kept: true }.text(lang)),
        "{out}"
    );
    assert!(
        out.contains(&Msg::YouLeave { kept: true }.text(lang)),
        "{out}"
    );
    assert!(out.contains("the replay so far is kept"), "{out}");
}

#[test]
fn quit_in_russian() {
    let lang = Lang::Ru;
    let setup = setup(&TABLE, listed(), 1, 3);
    let played = play(&TABLE, &setup, lang, lines(&["выход", "может быть", "да"]));
    assert_aborted(&played);
    let out = &played.output;
    assert!(
        out.contains(&format!("> может быть\n{}\n", Msg::ConfirmAgain.text(lang))),
        "{out}"
    );
    assert!(out.contains("Матч прерван."));
}

#[test]
fn end_of_input_leaves_at_once() {
    let setup = setup(&TABLE, listed(), 1, 3);
    let played = play(&TABLE, &setup, Lang::En, lines(&[]));
    assert_aborted(&played);
    assert!(played.output.contains(&Msg::InputEnded.text(Lang::En)));
    // End of input while confirming also leaves.
    let played = play(&TABLE, &setup, Lang::En, lines(&["quit"]));
    assert_aborted(&played);
}

#[test]
fn end_of_input_in_the_middle_keeps_what_was_played() {
    for seed in 1..=5 {
        let setup = setup(&TABLE, Default::default(), seed, 5);
        let mut inner = sensible(Lang::En, DiceKind::Poker);
        let mut left = 12;
        let script: Script = Box::new(move |chunk| {
            left -= 1;
            if left == 0 { None } else { inner(chunk) }
        });
        let played = play(&TABLE, &setup, Lang::En, script);
        assert_aborted(&played);
        assert_eq!(played.typed.len(), 11);
        assert!(
            played
                .events
                .iter()
                .any(|e| matches!(e, Event::Challenge { .. }))
        );
        assert!(played.stats.games < 5);
    }
}

#[test]
fn the_stop_flag_ends_the_match() {
    let stop = Arc::new(AtomicBool::new(false));
    let mut setup = setup(&TABLE, listed(), 2, 50);
    setup.stop = Some(stop.clone());
    let flag = stop.clone();
    let mut inner = sensible(Lang::En, DiceKind::Poker);
    let mut answered = 0;
    let script: Script = Box::new(move |chunk| {
        answered += 1;
        if answered == 8 {
            // Ctrl-C pressed while this answer is being typed.
            flag.store(true, Ordering::Relaxed);
        }
        inner(chunk)
    });
    let played = play_with(&TABLE, &setup, Lang::En, script, |c| c.with_stop(stop));
    assert_aborted(&played);
    assert_eq!(played.typed.len(), 8);
    assert!(played.output.contains(&Msg::Interrupted.text(Lang::En)));
    assert!(played.stats.games < 50);
}
