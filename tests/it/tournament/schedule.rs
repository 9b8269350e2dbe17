//! Tournament schedules: fair seating, balanced groups, duplicate dice.

use liar::engine::{Event, Observer};
use liar::rules::{Dice, Seat, SeatingRule};
use liar::tournament::*;
use std::collections::HashMap;

fn bots(n: usize) -> Vec<BotEntry> {
    (0..n)
        .map(|i| BotEntry {
            name: format!("bot{i}"),
            ..BotEntry::native(if i % 2 == 0 { "random" } else { "honest" })
        })
        .collect()
}

fn factory(n: usize) -> NativeFactory {
    let names: Vec<&str> = (0..n)
        .map(|i| if i % 2 == 0 { "random" } else { "honest" })
        .collect();
    NativeFactory::named(&names).unwrap()
}

/// `counts[bot][seat]` over the schedule's games.
fn seat_counts(schedule: &Schedule, bots: usize, seats: usize) -> Vec<Vec<u64>> {
    let mut counts = vec![vec![0; seats]; bots];
    for k in 0..schedule.len() {
        for (seat, &bot) in schedule.game(k).bots.iter().enumerate() {
            counts[bot][seat] += 1;
        }
    }
    counts
}

#[test]
fn when_bots_fill_the_table_each_takes_each_seat_equally() {
    for seats in 2..=6 {
        let spec = TournamentSpec::new(bots(seats), seats, Length::Cycles(3), 1);
        let schedule = Schedule::new(&spec).unwrap();
        assert_eq!(schedule.groups_per_cycle(), 1);
        assert_eq!(schedule.cycle_len(), seats as u64);
        assert_eq!(schedule.len(), 3 * seats as u64);
        let counts = seat_counts(&schedule, seats, seats);
        assert!(counts.iter().flatten().all(|&c| c == 3), "{counts:?}");
    }
}

#[test]
fn with_more_bots_every_combination_meets_equally_often() {
    for (n, seats) in [(5, 3), (6, 2), (7, 4), (4, 3)] {
        let spec = TournamentSpec::new(bots(n), seats, Length::Cycles(2), 1);
        let schedule = Schedule::new(&spec).unwrap();
        let mut groups: HashMap<Vec<usize>, u64> = HashMap::new();
        for k in 0..schedule.len() {
            let game = schedule.game(k);
            let mut set = game.bots.clone();
            set.sort();
            set.dedup();
            assert_eq!(set.len(), seats, "a bot twice at one table");
            *groups.entry(set).or_default() += 1;
        }
        let binom = |n: u64, k: u64| (1..=k).fold(1, |acc, i| acc * (n + 1 - i) / i);
        assert_eq!(groups.len() as u64, binom(n as u64, seats as u64));
        assert!(
            groups.values().all(|&c| c == 2 * seats as u64),
            "{groups:?}"
        );
        let counts = seat_counts(&schedule, n, seats);
        let first = counts[0][0];
        assert!(counts.iter().flatten().all(|&c| c == first), "{counts:?}");
    }
}

#[test]
fn permutations_also_balance_neighbours() {
    let mut spec = TournamentSpec::new(bots(4), 3, Length::Cycles(1), 1);
    spec.seat_orders = SeatOrders::Permutations;
    let schedule = Schedule::new(&spec).unwrap();
    assert_eq!(schedule.orders_per_group(), 6);
    assert_eq!(schedule.len(), 24);
    let mut left_of: HashMap<(usize, usize), u64> = HashMap::new();
    let mut arrangements = std::collections::HashSet::new();
    for k in 0..schedule.len() {
        let b = schedule.game(k).bots;
        assert!(arrangements.insert(b.clone()), "arrangement twice: {b:?}");
        for s in 0..3 {
            *left_of.entry((b[s], b[(s + 1) % 3])).or_default() += 1;
        }
    }
    // Every ordered pair of distinct bots sits side by side equally often.
    assert_eq!(left_of.len(), 12);
    assert!(left_of.values().all(|&c| c == 6), "{left_of:?}");
    let counts = seat_counts(&schedule, 4, 3);
    assert!(counts.iter().flatten().all(|&c| c == 6), "{counts:?}");
}

#[test]
fn a_number_of_games_may_end_mid_cycle() {
    let spec = TournamentSpec::new(bots(4), 3, Length::Games(14), 1);
    let schedule = Schedule::new(&spec).unwrap();
    assert_eq!(schedule.len(), 14);
    // The schedule goes on into a second cycle, with new seeds.
    assert_eq!(schedule.game(12).bots, schedule.game(0).bots);
    assert_ne!(schedule.game(12).seed, schedule.game(0).seed);
}

#[test]
fn big_schedules_are_computed_game_by_game() {
    let spec = TournamentSpec::new(bots(40), 6, Length::Cycles(1000), 1);
    let schedule = Schedule::new(&spec).unwrap();
    assert_eq!(schedule.groups_per_cycle(), 3_838_380);
    let last = schedule.game(schedule.len() - 1);
    assert_eq!(last.bots, vec![39, 34, 35, 36, 37, 38]);
    let mut spec = TournamentSpec::new(bots(200), 16, Length::Cycles(1), 1);
    spec.rules.max_players = 16;
    assert_eq!(Schedule::new(&spec).unwrap_err(), SpecError::TooLarge);
}

#[test]
fn bad_specs_are_refused() {
    let spec = TournamentSpec::new(bots(2), 3, Length::Games(1), 1);
    assert_eq!(
        spec.validate(),
        Err(SpecError::TooFewBots { bots: 2, seats: 3 })
    );
    let mut spec = TournamentSpec::new(bots(3), 3, Length::Games(1), 1);
    spec.bots[2].name = "bot0".into();
    assert_eq!(
        spec.validate(),
        Err(SpecError::DuplicateName("bot0".into()))
    );
    let mut spec = TournamentSpec::new(bots(3), 2, Length::Games(1), 1);
    spec.rules.min_players = 3;
    assert!(matches!(
        spec.validate(),
        Err(SpecError::TableSize { seats: 2, .. })
    ));
    let mut spec = TournamentSpec::new(bots(9), 9, Length::Games(1), 1);
    spec.seat_orders = SeatOrders::Permutations;
    assert_eq!(spec.validate(), Err(SpecError::TooManyPermutations(9)));
    assert!(matches!(
        run(&spec, &factory(9), &RunOptions::default()),
        Err(RunError::Spec(_))
    ));
}

/// The seating and the first throw of a game.
#[derive(Default)]
struct FirstThrow {
    order: Option<Vec<Seat>>,
    first: Option<(Seat, Dice)>,
}

impl Observer for FirstThrow {
    fn event(&mut self, event: &Event) {
        match event {
            Event::Seating { order, .. } => self.order = Some(order.clone()),
            Event::RoundStart { start, dice } if self.first.is_none() => {
                self.first = Some((start.starter, *dice))
            }
            _ => {}
        }
    }
}

#[test]
fn duplicate_dice_replay_the_same_throws_with_the_seats_permuted() {
    for seating in [SeatingRule::Throw, SeatingRule::Listed] {
        let mut spec = TournamentSpec::new(bots(4), 3, Length::Cycles(1), 21);
        spec.duplicate_dice = true;
        spec.rules.seating = seating;
        let schedule = Schedule::new(&spec).unwrap();
        let mut by_group: HashMap<u64, Vec<(u64, FirstThrow)>> = HashMap::new();
        for k in 0..schedule.len() {
            let mut seen = FirstThrow::default();
            play_game(&spec, &factory(4), k, &mut seen).unwrap();
            by_group
                .entry(schedule.game(k).group)
                .or_default()
                .push((schedule.game(k).seed, seen));
        }
        assert_eq!(by_group.len(), 4);
        let mut first_throws = Vec::new();
        for games in by_group.values() {
            assert_eq!(games.len(), 3);
            let (seed, first) = &games[0];
            for (s, other) in &games[1..] {
                assert_eq!(s, seed);
                // The same seat positions get the same dice; the bots in
                // them differ.
                assert_eq!(other.order, first.order);
                assert_eq!(other.first, first.first);
            }
            first_throws.push(first.first);
        }
        first_throws.dedup();
        assert!(first_throws.len() > 1, "all groups threw the same dice");
    }
}

#[test]
fn without_duplicate_dice_every_game_has_its_own_seed() {
    let spec = TournamentSpec::new(bots(3), 3, Length::Cycles(10), 21);
    let schedule = Schedule::new(&spec).unwrap();
    let mut seeds: Vec<u64> = (0..schedule.len()).map(|k| schedule.game(k).seed).collect();
    seeds.sort();
    seeds.dedup();
    assert_eq!(seeds.len() as u64, schedule.len());
}

#[test]
fn seat_counts_reach_the_standings() {
    let spec = TournamentSpec::new(bots(5), 3, Length::Cycles(2), 4);
    let results = run(&spec, &factory(5), &RunOptions::default()).unwrap();
    let report = Report::new(&results);
    for row in &report.standings {
        assert_eq!(row.seats, vec![12, 12, 12], "{}", row.name);
        assert_eq!(row.games, 36);
    }
}
