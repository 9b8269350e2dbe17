//! The viewer's seat view never shows another seat's dice.
//!
//! Replays come from the real engine under many seeds and rules (penalties,
//! disqualifications, aborted and cut matches among them). The test follows
//! the dice itself, from the events: who holds them and every state they
//! took this round. At each step, for each seat's view, it checks the
//! model's [`Sight`] (dice only while the seat holds them, positions only
//! of its own re-throws, logs and penalty details only its own) and the
//! rendered text: while another seat holds the dice, no state of this
//! round's dice appears in it, written as the viewer writes dice. A bot
//! that writes its dice to its debug log makes sure logs are filtered too.

use super::support;

use liar::engine::*;
use liar::i18n::{Lang, Msg};
use liar::rules::*;
use liar::viewer::{Perspective, Timeline, step_text};
use support::{Flaky, Rng, flaky, native_replay, record, spaced};

/// What the test itself knows of the dice after each event.
#[derive(Default)]
struct Truth {
    holder: Option<Seat>,
    dice: Option<Dice>,
    /// Every state of the dice this round (the throw, then each re-throw).
    round: Vec<Dice>,
}

impl Truth {
    fn follow(&mut self, event: &Event) {
        match event {
            Event::RoundStart { start, dice } => {
                self.holder = Some(start.starter);
                self.dice = Some(*dice);
                self.round = vec![*dice];
            }
            Event::Claim(Claim { seat, .. }) | Event::Accept(Accept { seat }) => {
                self.holder = Some(*seat)
            }
            Event::Reroll { seat, dice, .. } => {
                self.holder = Some(*seat);
                self.dice = Some(*dice);
                self.round.push(*dice);
            }
            Event::Penalty(Penalty {
                action: PenaltyAction::Fallback,
                ..
            }) => {}
            Event::Challenge { .. }
            | Event::Penalty { .. }
            | Event::Eliminated { .. }
            | Event::GameStart { .. }
            | Event::GameEnd { .. }
            | Event::MatchEnd { .. } => {
                self.holder = None;
                self.dice = None;
            }
            Event::Match { .. } | Event::Seating { .. } | Event::Log { .. } => {}
        }
    }
}

/// Counts of what was checked, to make sure the test sees real cases.
#[derive(Default, Debug)]
struct Tally {
    steps: usize,
    hidden: usize,
    own: usize,
    others_rerolls: usize,
    others_logs: usize,
}

/// The start of a message before its first parameter (given as NUL).
fn prefix(msg: Msg<'_>, lang: Lang) -> String {
    let text = msg.text(lang);
    text.split('\0').next().unwrap_or_default().to_string()
}

fn check_timeline(timeline: &Timeline, lang: Lang, tally: &mut Tally) {
    let kind = timeline.rules.dice;
    let n = timeline.seats.len();
    let reroll_marker = prefix(
        Msg::SecretReroll {
            positions: "\0",
            dice: "\0",
        },
        lang,
    );
    let mut truth = Truth::default();
    for (i, step) in timeline.steps.iter().enumerate() {
        truth.follow(&step.event);
        let ctx = || format!("step {i} (line {}): {:?}", step.line, step.event);
        assert_eq!(step.holder, truth.holder, "{}", ctx());
        assert_eq!(step.dice, truth.dice, "{}", ctx());
        tally.steps += 1;

        let god = step.sight(Perspective::God);
        assert_eq!(god.dice, truth.holder.and(truth.dice), "{}", ctx());
        let god_text = step_text(timeline, i, Perspective::God, lang);
        if let Some(dice) = god.dice {
            assert!(god_text.contains(&spaced(&dice, kind)), "{}", ctx());
        }

        let revealed = match step.event {
            Event::Challenge(Challenge { dice, .. }) => Some(dice),
            _ => None,
        };
        for seat in 0..n {
            let view = Perspective::Seat(seat);
            let sight = step.sight(view);
            let text = step_text(timeline, i, view, lang);
            let ctx = || format!("seat {seat}, {}:\n{text}", ctx());
            assert_eq!(sight.revealed, revealed, "{}", ctx());
            assert!(sight.logs.iter().all(|(s, _)| *s == seat), "{}", ctx());
            if let Event::Penalty(Penalty { seat: failed, .. }) = step.event {
                assert!(sight.detail.is_none() || failed == seat, "{}", ctx());
            }
            match &step.event {
                Event::Reroll { seat: thrower, .. } if *thrower != seat => {
                    assert_eq!(sight.positions, None, "{}", ctx());
                    assert!(!text.contains(&reroll_marker), "{}", ctx());
                    tally.others_rerolls += 1;
                }
                Event::Reroll { positions, .. } => {
                    assert_eq!(sight.positions.as_ref(), Some(positions), "{}", ctx());
                }
                _ => assert_eq!(sight.positions, None, "{}", ctx()),
            }
            for (other, _) in step.logs.iter().filter(|(s, _)| *s != seat) {
                let marker = format!("[{}]", timeline.name(*other));
                assert!(!text.contains(&marker), "{}", ctx());
                tally.others_logs += 1;
            }
            if truth.holder == Some(seat) {
                assert_eq!(sight.dice, truth.dice, "{}", ctx());
                if let Some(dice) = truth.dice {
                    assert!(text.contains(&spaced(&dice, kind)), "{}", ctx());
                }
                tally.own += 1;
                continue;
            }
            assert_eq!(sight.dice, None, "{}", ctx());
            if truth.holder.is_some() {
                tally.hidden += 1;
            }
            // No state of this round's dice, unless a challenge shows it.
            for dice in truth.round.iter().filter(|d| Some(**d) != revealed) {
                let secret = spaced(dice, kind);
                assert!(!text.contains(&secret), "{secret} leaked to {}", ctx());
            }
        }
    }
}

fn check_bytes(bytes: &[u8], lang: Lang, tally: &mut Tally) {
    let timeline = Timeline::read(bytes).expect("a replay with a match line");
    check_timeline(&timeline, lang, tally);
}

#[test]
fn seat_views_hide_other_seats_dice_under_every_rule_variant() {
    let mut rng = Rng(11);
    let mut tally = Tally::default();
    let policies = ["random", "honest"];
    let mut case = 0;
    for straights in Straights::ALL {
        for kickers in [true, false] {
            for next_round_starter in NextRoundStarter::ALL {
                case += 1;
                let rules = Rules {
                    dice: [DiceKind::Poker, DiceKind::Standard][case % 2],
                    chips: 1 + rng.below(3) as u32,
                    straights,
                    kickers,
                    next_round_starter,
                    seating: [SeatingRule::Throw, SeatingRule::Listed][rng.below(2)],
                    min_players: 2,
                    ..Rules::default()
                };
                let seats = 2 + rng.below(5);
                let names: Vec<&str> = (0..seats).map(|_| policies[rng.below(2)]).collect();
                let bytes = native_replay(rules, rng.next(), 2, &names);
                let lang = [Lang::En, Lang::Ru][case % 2];
                check_bytes(&bytes, lang, &mut tally);
            }
        }
    }
    assert!(tally.hidden > 500, "{tally:?}");
    assert!(tally.own > 200, "{tally:?}");
    assert!(tally.others_rerolls > 100, "{tally:?}");
}

#[test]
fn seat_views_hide_dice_with_penalties_logs_and_disqualifications() {
    let mut rng = Rng(12);
    let mut tally = Tally::default();
    for case in 0..40 {
        let seats = 2 + case % 4;
        let kind = [DiceKind::Poker, DiceKind::Standard][case % 2];
        let rules = Rules {
            dice: kind,
            chips: 1 + rng.below(3) as u32,
            min_players: 2,
            ..Rules::default()
        };
        let mut setup = MatchSetup::native(rules, rng.next(), 3, &vec!["random"; seats]);
        setup.penalty = PenaltyPolicy {
            mode: [PenaltyMode::Forfeit, PenaltyMode::Fallback][case % 2],
            disqualify_after: Some(1 + rng.below(4) as u32),
        };
        // Seat 0 fails often; an aborted match now and then.
        let quit = (case % 5 == 4).then(|| 5 + rng.below(30) as u32);
        let mut players: Vec<Flaky> = (0..seats)
            .map(|s| {
                let rate = if s == 0 { 25 } else { 0 };
                flaky(rng.next(), rate, if s == 1 { quit } else { None }, kind)
            })
            .collect();
        let (bytes, _) = record(&setup, &mut players);
        check_bytes(&bytes, [Lang::En, Lang::Ru][case % 2], &mut tally);
    }
    assert!(tally.others_logs > 200, "{tally:?}");
    assert!(tally.hidden > 500, "{tally:?}");
}

#[test]
fn seat_views_of_cut_replays_hide_dice_too() {
    let mut rng = Rng(13);
    let mut tally = Tally::default();
    let bytes = native_replay(Rules::default(), 5, 2, &["honest", "random", "honest"]);
    for _ in 0..30 {
        let cut = 1 + rng.below(bytes.len() - 1);
        match Timeline::read(&bytes[..cut]) {
            Ok(timeline) => check_timeline(&timeline, Lang::En, &mut tally),
            // Cut inside the first line: nothing to show.
            Err(e) => assert_eq!(e.line, 1),
        }
    }
    assert!(tally.hidden > 50, "{tally:?}");
}
