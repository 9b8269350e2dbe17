//! The end of a game and of a match with people at the table: a pause for
//! Enter between games (only at a terminal, only when bots are paced), and
//! a summary per player.

use super::support;

use liar::engine::{Event, Policy};
use liar::human::NarratorOptions;
use liar::i18n::{Lang, Msg};
use liar::rules::DiceKind;
use std::time::Duration;
use support::*;

const TABLE: [Seat; 3] = [
    Seat::Human("Anna"),
    Seat::Bot(Policy::Honest),
    Seat::Bot(Policy::Random),
];

fn paced() -> NarratorOptions {
    NarratorOptions {
        delay: Duration::from_millis(1),
        god_view: false,
    }
}

/// Plays three games; `interactive` says whether input is a terminal.
fn three_games(lang: Lang, interactive: bool, options: NarratorOptions) -> Played {
    let setup = setup(&TABLE, listed(), 7, 3);
    let pause = prefix(Msg::PressEnterForGame { game: 0 }, lang);
    let mut sensible = sensible(lang, DiceKind::Poker);
    let script: Script = Box::new(move |chunk| {
        if chunk.trim_end().ends_with('>') && chunk.contains(&pause) {
            return Some(String::new());
        }
        sensible(chunk)
    });
    let adjust = move |c: liar::human::Console| c.with_interactive(interactive);
    let played = play_narrated(&TABLE, &setup, lang, script, adjust, options);
    assert!(!played.stats.aborted, "{}", played.output);
    assert_eq!(played.stats.games, 3);
    played
}

#[test]
fn a_terminal_waits_for_enter_between_games() {
    let played = three_games(Lang::En, true, paced());
    let out = &played.output;
    for game in 2..=3 {
        let pause = Msg::PressEnterForGame { game }.text(Lang::En);
        assert_eq!(out.matches(&pause).count(), 1, "{out}");
        // The pause comes before the game's heading.
        let heading = format!("═══ Game {game}:");
        assert!(out.find(&pause) < out.find(&heading), "{out}");
    }
    assert!(!out.contains(&Msg::PressEnterForGame { game: 1 }.text(Lang::En)));
}

#[test]
fn no_pause_without_a_terminal_or_without_a_delay() {
    for (interactive, options) in [(false, paced()), (true, NarratorOptions::default())] {
        let played = three_games(Lang::En, interactive, options);
        assert!(!played.output.contains("Press Enter"), "{}", played.output);
    }
}

/// The numbers of a summary line, in order (after the player's name).
fn numbers(line: &str) -> Vec<u32> {
    let figures = line.split_once(": ").map_or(line, |(_, rest)| rest);
    figures
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[test]
fn the_summary_adds_up_with_the_match() {
    for lang in [Lang::En, Lang::Ru] {
        let played = three_games(lang, false, NarratorOptions::default());
        let out = &played.output;
        let header = Msg::SummaryHeader.text(lang);
        let summary = out
            .split(&format!("{header}\n"))
            .nth(1)
            .unwrap_or_else(|| panic!("no summary: {out}"));
        let lines: Vec<&str> = summary.lines().take(7).collect();
        // A pair of lines per player, then the note; "You" for Anna.
        let you = Msg::YouName.text(lang);
        assert!(lines[0].starts_with(&format!("{you}: ")), "{lines:?}");
        assert!(lines[2].starts_with("honest1: "), "{lines:?}");
        assert!(lines[4].starts_with("random2: "), "{lines:?}");
        assert_eq!(lines[6], Msg::SummaryNote.text(lang));
        let games: Vec<u32> = (0..3).map(|p| numbers(lines[2 * p])[0]).collect();
        assert_eq!(games, played.stats.wins);
        let challenges = played
            .events
            .iter()
            .filter(|e| matches!(e, Event::Challenge(_)))
            .count() as u32;
        let plays: Vec<Vec<u32>> = (0..3).map(|p| numbers(lines[2 * p + 1])).collect();
        let made: u32 = plays.iter().map(|n| n[0] + n[1]).sum();
        assert_eq!(made, challenges, "{lines:?}");
        // A challenge won is a bluff caught.
        let won: u32 = plays.iter().map(|n| n[0]).sum();
        let caught: u32 = plays.iter().map(|n| n[2]).sum();
        assert_eq!(won, caught, "{lines:?}");
        // Chips: every chip paid, as the narration tells each payment, and
        // every pot taken, recomputed from the events; the net is the
        // engine's count.
        let chips: Vec<Vec<u32>> = (0..3).map(|p| numbers(lines[2 * p])).collect();
        let (mut paid, mut taken) = (vec![0u32; 3], vec![0u32; 3]);
        let mut held: Vec<u32> = Vec::new();
        for event in &played.events {
            let after = match event {
                Event::GameStart(start) => {
                    held = start.chips.clone();
                    continue;
                }
                Event::Challenge(c) => c.chips.clone(),
                Event::Penalty(p) => match &p.chips {
                    Some(chips) => chips.clone(),
                    None => continue,
                },
                Event::GameEnd(end) => {
                    taken[end.winner] += end.pot;
                    continue;
                }
                _ => continue,
            };
            for (seat, (&before, &now)) in held.iter().zip(&after).enumerate() {
                paid[seat] += before.saturating_sub(now);
            }
            held = after;
        }
        for p in 0..3 {
            assert_eq!((chips[p][1], chips[p][2]), (taken[p], paid[p]), "{lines:?}");
        }
        let net: Vec<i64> = chips
            .iter()
            .map(|n| i64::from(n[1]) - i64::from(n[2]))
            .collect();
        assert_eq!(net, played.stats.chips_won, "{lines:?}");
        // The summary comes before "Match over.".
        let over = match lang {
            Lang::En => "Match over.",
            Lang::Ru => "Матч окончен.",
        };
        assert!(out.find(&header) < out.find(over), "{out}");
    }
}

#[test]
fn the_one_person_reads_of_himself_in_the_second_person() {
    let played = three_games(Lang::Ru, false, NarratorOptions::default());
    let out = &played.output;
    assert!(out.contains("Вы заявляете: "), "{out}");
    assert!(out.contains("Вы верите."), "{out}");
    assert!(out.contains("Ваш ход · партия 1"), "{out}");
    for wrong in ["Anna", "You", "Вы верит.", "Вы заявляет:", "Вы платит "]
    {
        assert!(!out.contains(wrong), "{wrong}: {out}");
    }
    let played = three_games(Lang::En, false, NarratorOptions::default());
    let out = &played.output;
    assert!(out.contains("You claim "), "{out}");
    assert!(out.contains("You accept."), "{out}");
    assert!(out.contains("── Your turn · game 1"), "{out}");
    for wrong in [
        "Anna",
        "You claims",
        "You accepts",
        "You throws",
        "You pays",
        "You wins",
    ] {
        assert!(!out.contains(wrong), "{wrong}: {out}");
    }
}
