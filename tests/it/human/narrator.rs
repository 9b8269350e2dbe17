//! The narrator of `liar watch` and `liar play`: every public event in
//! words, God's view only for bots, colors only when asked, pauses after
//! bots' actions.

use super::support;

use liar::engine::{Event, MatchSetup, Policy, native_players, play_match};
use liar::human::{Console, MemoryOutput, Narrator, NarratorOptions};
use liar::i18n::Lang;
use liar::rules::Rules;
use std::time::{Duration, Instant};
use support::*;

fn watch(
    setup: &MatchSetup,
    lang: Lang,
    options: NarratorOptions,
    color: bool,
) -> (String, Vec<Event>) {
    let out = MemoryOutput::new();
    let console = Console::new(std::io::empty(), out.clone(), color).shared();
    let narrator = Narrator::new(console, lang, options);
    let mut observers = (narrator, Recorder::default());
    let mut players = native_players(setup).unwrap();
    play_match(setup, &mut players, &mut observers).unwrap();
    (out.text(), observers.1.0)
}

fn bots() -> MatchSetup {
    MatchSetup::native(Rules::default(), 11, 2, &["honest", "random", "honest"])
}

#[test]
fn every_public_event_is_told() {
    let (out, events) = watch(&bots(), Lang::En, NarratorOptions::default(), false);
    let count = |f: fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
    assert_eq!(
        out.matches(" claims ").count(),
        count(|e| matches!(e, Event::Claim { .. }))
    );
    assert_eq!(
        out.matches(" accepts.").count(),
        count(|e| matches!(e, Event::Accept { .. }))
    );
    assert_eq!(
        out.matches(" challenges ").count(),
        count(|e| matches!(e, Event::Challenge { .. }))
    );
    assert_eq!(
        out.matches("The dice: ").count(),
        count(|e| matches!(e, Event::Challenge { .. }))
    );
    assert_eq!(out.matches(" wins game ").count(), 2);
    assert!(out.contains("Players: honest#0, random#1, honest#2."));
    assert!(out.contains("Match over. Games won: "));
    // Bots only: no summary, nobody told in the second person.
    assert!(!out.contains("Match summary"));
    assert!(!out.contains("You "));
    // No hidden dice without God's view.
    assert!(!out.contains("(dice: "));
    assert!(!out.contains("(position"));
}

#[test]
fn gods_view_shows_the_hidden_dice() {
    let options = NarratorOptions {
        god_view: true,
        ..NarratorOptions::default()
    };
    let (out, events) = watch(&bots(), Lang::Ru, options, false);
    // Russian reads right whoever plays: no gendered forms.
    assert!(out.contains("═══ Партия 1, первый бросок: "), "{out}");
    for gendered in ["первым", "первой", "за него", "за неё"] {
        assert!(!out.contains(gendered), "{gendered}: {out}");
    }
    let rounds = events
        .iter()
        .filter(|e| matches!(e, Event::RoundStart { .. }))
        .count();
    assert_eq!(out.matches("  (кубики: ").count(), rounds);
    let rerolls = events
        .iter()
        .filter(|e| matches!(e, Event::Reroll { .. }))
        .count();
    // One position or several.
    let shown = out.matches("  (позиции ").count() + out.matches("  (позиция ").count();
    assert_eq!(shown, rerolls);
}

#[test]
fn gods_view_is_off_when_a_human_plays() {
    let table = [
        Seat::Human("Anna"),
        Seat::Bot(Policy::Honest),
        Seat::Bot(Policy::Honest),
    ];
    let setup = setup(&table, listed(), 1, 1);
    let out = MemoryOutput::new();
    let console = Console::new(std::io::empty(), out.clone(), false).shared();
    let mut narrator = Narrator::new(
        console,
        Lang::En,
        NarratorOptions {
            god_view: true,
            ..NarratorOptions::default()
        },
    );
    // Anna's seat is played by a bot here; the narrator only knows the seat is human.
    let mut players = native_players(&MatchSetup::native(listed(), 1, 1, &["honest"; 3])).unwrap();
    play_match(&setup, &mut players, &mut narrator).unwrap();
    assert!(!out.text().contains("(dice: "), "{}", out.text());
}

#[test]
fn colors_only_when_asked() {
    let (plain, _) = watch(&bots(), Lang::En, NarratorOptions::default(), false);
    assert!(!plain.contains('\x1b'));
    let (colored, _) = watch(&bots(), Lang::En, NarratorOptions::default(), true);
    assert!(colored.contains("\x1b[33m"), "claims in yellow");
}

#[test]
fn bots_actions_are_paced() {
    let setup = MatchSetup::native(Rules::default(), 5, 1, &["honest", "honest", "honest"]);
    let mut players = native_players(&setup).unwrap();
    let actions = {
        let mut rec = Recorder::default();
        play_match(&setup, &mut players, &mut rec).unwrap();
        rec.0
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Claim { .. }
                        | Event::Accept { .. }
                        | Event::Reroll { .. }
                        | Event::Challenge { .. }
                )
            })
            .count()
    };
    let delay = Duration::from_millis(2);
    let options = NarratorOptions {
        delay,
        god_view: false,
    };
    let start = Instant::now();
    let (_, _) = watch(&setup, Lang::En, options, false);
    assert!(start.elapsed() >= delay * actions as u32);
}
