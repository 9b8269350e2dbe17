//! The expert bot (`bots/expert.lua`): it loads, plays matches against the
//! bundled bots under several rule variants without a single penalty, and
//! beats random players clearly. The full strength measurements (10,000-game
//! tournaments) are in `docs/strength.md`; this is the quick check.

use liar::engine::{
    Event, MatchSetup, MatchStats, Observer, Penalty, Player, SeatInfo, play_match,
};
use liar::lua::{BotLimits, LuaBot};
use liar::rules::{DiceKind, Rules, Straights};

fn expert() -> LuaBot {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/bots/expert.lua");
    match LuaBot::load(path, &BotLimits::default()) {
        Ok(b) => b,
        Err(e) => panic!("bots/expert.lua: {e}"),
    }
}

fn bundled(name: &str) -> LuaBot {
    match LuaBot::bundled(name, &BotLimits::default()) {
        Ok(b) => b,
        Err(e) => panic!("{name}: {e}"),
    }
}

/// Every penalty of the match, as text.
struct Penalties(Vec<String>);

impl Observer for Penalties {
    fn event(&mut self, event: &Event) {
        if let Event::Penalty(Penalty { seat, detail, .. }) = event {
            self.0.push(format!("seat {seat}: {detail}"));
        }
    }
}

/// Plays `games` games of one match: the expert in seat 0, then `others`.
fn play(rules: Rules, seed: u64, games: u32, others: &[&str]) -> (MatchStats, Vec<String>) {
    let mut bots = vec![expert()];
    bots.extend(others.iter().map(|n| bundled(n)));
    let names: Vec<&str> = bots.iter().map(|_| "honest").collect();
    let mut setup = MatchSetup::native(rules, seed, games, &names);
    let infos: Vec<SeatInfo> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| b.seat_info(i))
        .collect();
    setup.seats = infos;
    let mut players: Vec<Box<dyn Player>> = bots
        .into_iter()
        .map(|b| Box::new(b) as Box<dyn Player>)
        .collect();
    let mut penalties = Penalties(Vec::new());
    let stats = match play_match(&setup, &mut players, &mut penalties) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(stats.games, games);
    (stats, penalties.0)
}

#[test]
fn expert_beats_two_random_bots_clearly() {
    let (stats, penalties) = play(Rules::default(), 11, 200, &["random", "random"]);
    assert!(
        penalties.is_empty(),
        "{:?}",
        &penalties[..penalties.len().min(5)]
    );
    // Chance is a third; the expert wins well over 90% in long runs.
    assert!(stats.wins[0] >= 160, "won {} of 200", stats.wins[0]);
}

#[test]
fn expert_plays_every_bundled_bot_without_a_penalty() {
    for (i, other) in [
        "honest",
        "statistician",
        "bluffer",
        "always_challenge",
        "never_challenge",
    ]
    .iter()
    .enumerate()
    {
        let (stats, penalties) = play(Rules::default(), 20 + i as u64, 40, &[other, other]);
        assert!(penalties.is_empty(), "{other}: {:?}", penalties);
        // Far above a third in long runs; here only "not worse than chance".
        assert!(stats.wins[0] >= 14, "{other}: won {} of 40", stats.wins[0]);
    }
}

#[test]
fn expert_plays_every_rule_variant_without_a_penalty() {
    // The expert builds its tables of hands from the ranking of the table,
    // so these catch tables built for the wrong ranking (illegal claims).
    let variants = [
        Rules {
            kickers: false,
            ..Rules::default()
        },
        Rules {
            straights: Straights::None,
            dice: DiceKind::Standard,
            ..Rules::default()
        },
        Rules {
            straights: Straights::AboveFullHouse,
            kickers: false,
            chips: 5,
            ..Rules::default()
        },
    ];
    for (v, rules) in variants.into_iter().enumerate() {
        let others = ["honest", "statistician", "bluffer", "random"];
        let (_, penalties) = play(rules, 40 + v as u64, 25, &others);
        assert!(penalties.is_empty(), "variant {v}: {:?}", penalties);
    }
    // Heads-up.
    let rules = Rules {
        min_players: 2,
        ..Rules::default()
    };
    let (_, penalties) = play(rules, 50, 40, &["honest"]);
    assert!(penalties.is_empty(), "heads-up: {:?}", penalties);
}
