//! The expert bot (`bots/expert.lua`): it loads, plays matches against the
//! bundled bots under several rule variants without a single penalty, beats
//! random players clearly, and holds its own in short tournaments against
//! the hardest of the arena bots (`bots/arena/`), the adversaries written to
//! trap it. The full strength measurements (3,000-game tournaments) are in
//! `docs/strength.md`; this is the quick check.

use liar::engine::{
    Event, MatchSetup, MatchStats, Observer, Penalty, Player, SeatInfo, play_match,
};
use liar::lua::{BotLimits, LuaBot};
use liar::replay::{count_raise_shapes_in_files, shape_table_lua};
use liar::rules::{DiceKind, Rules, Straights};
use std::path::{Path, PathBuf};

use crate::support::{liar, stdout_of, temp_dir};

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

/// The expert's row of a short run of a tournament file of
/// `tests/fixtures/strength/`: (wins, games, penalties, disqualified games).
/// The run is the file's own (seed, rotations, duplicate dice) with a
/// wall-clock limit of 30 s instead of 1 s: a debug build on a loaded
/// machine can overrun 1 s by the clock alone, and the instruction and
/// memory limits, which do not depend on the machine, stay as they are.
fn tournament_line(file: &str, games: u32) -> (u64, u64, u64, u64) {
    let dir = temp_dir("strength");
    let path = line_file(file, &dir, |text| text);
    let csv = stdout_of(liar().arg("tournament").arg(&path).args([
        "--games",
        &games.to_string(),
        "--isolation",
        "thread",
        "--jobs",
        "2",
        "--format",
        "csv",
    ]));
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let col = |name: &str| match header.iter().position(|h| *h == name) {
        Some(i) => i,
        None => panic!("{file}: no column {name} in {header:?}"),
    };
    let (name, wins, played, dq) = (col("name"), col("wins"), col("games"), col("disqualified"));
    let failures: Vec<usize> = ["timeout", "error", "illegal", "budget", "memory", "other"]
        .iter()
        .map(|c| col(c))
        .collect();
    for line in lines {
        let row: Vec<&str> = line.split(',').collect();
        if row.get(name) == Some(&"expert") {
            let num = |i: usize| -> u64 {
                match row.get(i).and_then(|v| v.parse().ok()) {
                    Some(n) => n,
                    None => panic!("{file}: bad field {i} in {line}"),
                }
            };
            let penalties = failures.iter().map(|&i| num(i)).sum();
            return (num(wins), num(played), penalties, num(dq));
        }
    }
    panic!("{file}: no expert row in\n{csv}");
}

/// A copy of the strength file `file` in `dir`, changed by `edit`, with
/// its paths made absolute and the wall-clock limit of a debug build.
fn line_file(file: &str, dir: &Path, edit: impl Fn(String) -> String) -> PathBuf {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = match std::fs::read_to_string(format!("{root}/tests/fixtures/strength/{file}")) {
        Ok(t) => t,
        Err(e) => panic!("{file}: {e}"),
    };
    let text = edit(text.replace("\"../../../", &format!("\"{root}/")));
    let path = dir.join(file);
    if let Err(e) = std::fs::write(&path, format!("{text}\n[limits]\nwall_ms = 30000\n")) {
        panic!("{file}: {e}");
    }
    path
}

/// `table_hunter` (`bots/arena/cat_hunter.lua` with `tells = true`)
/// answers by a table of the expert's tells, fitted to one version of the
/// expert on 300 games against two `mirror_hunter`s (seed 77). Those games, played again with replays,
/// give the same table: if the expert's play changes, the table must be
/// fitted again (the bot's header says how), or its figures in
/// docs/strength.md would describe a bot aimed at another expert.
#[test]
fn table_hunter_is_fitted_to_this_expert() {
    let dir = temp_dir("table-hunter");
    let path = line_file("arena-mirror_hunter.toml", &dir, |text| {
        text.replace("\nseed = 1\n", "\nseed = 77\n")
    });
    let replays = dir.join("replays");
    stdout_of(
        liar()
            .arg("tournament")
            .arg(&path)
            .args(["--games", "300"])
            .args([
                "--isolation",
                "thread",
                "--jobs",
                "2",
                "--replays",
                "all",
                "--replay-dir",
            ])
            .arg(&replays),
    );
    let files: Vec<PathBuf> = std::fs::read_dir(&replays)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    assert_eq!(
        files.len(),
        300,
        "one replay per game in {}",
        replays.display()
    );
    let counts = match count_raise_shapes_in_files(&files, "expert") {
        Ok(counts) => counts,
        Err(e) => panic!("{e}"),
    };
    let fitted = shape_table_lua(&counts);
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/bots/arena/cat_hunter.lua");
    let text = std::fs::read_to_string(bot).unwrap_or_default();
    let table = text
        .find("local SHAPES = {")
        .and_then(|a| text[a..].find("\n}\n").map(|b| &text[a..a + b + 3]));
    assert_eq!(
        table,
        Some(fitted.as_str()),
        "bots/arena/cat_hunter.lua's SHAPES is not the table fitted to this expert: fit it again (the bot's header says how)"
    );
}

/// The hardest lines of docs/strength.md, short: the same files, seats
/// rotated and duplicate dice, a few hundred games in all (1,650). The bounds sit
/// below today's counts and above what the expert before issue #12 won
/// where it was trapped, so a broken belief or a lost model fails them.
/// The runs are seeded, so the counts are the same on every run.
#[test]
fn expert_holds_its_own_against_the_hardest_arena_bots() {
    let lines = [
        // (file, games, at least this many wins); the counts of today's
        // expert and of the one before #12 in brackets.
        // Two under-claimers, chance 1/3 (88 of 90; before #12: 4).
        ("arena-underclaimer.toml", 90, 54),
        // Two honest players that name only the groups (81; before: 39).
        ("arena-partial_honest.toml", 90, 60),
        // Two copies of the expert before #12 (72 of 120; chance 40; the
        // expert before the passed-dice rules: 48).
        ("arena-expert_v1.toml", 120, 46),
        // Heads-up against it, chance 1/2 (110 of 120; before the
        // passed-dice rules: 66).
        ("heads-up-arena-expert_v1.toml", 120, 68),
        // Two sandbaggers, who under-claim and then judge the raises made
        // on the dice they passed by those very dice (87 of 90; before the
        // passed-dice rules: 49).
        ("arena-sandbagger.toml", 90, 64),
        // Heads-up against one, chance 1/2 (96 of 100; before: 57).
        ("heads-up-arena-sandbagger.toml", 100, 72),
        // 4 players: under-claimer, learner, keep-all raiser; chance 1/4
        // (77 of 80; before: 38).
        ("arena4-a.toml", 80, 52),
        // Two copies of expert_v1 with parameters (docs/strength.md).
        // Looser, with more challenges (69 of 120; chance 40; before the
        // reading rules of the dice kept: 53) and one that hunts raises
        // after re-throws (66; before: 55).
        ("arena-v1_combo.toml", 120, 66),
        ("arena-v1_hunt.toml", 120, 40),
        // Heads-up against both changes at once, chance 1/2 (89 of 120;
        // before: 64).
        ("heads-up-arena-v1_combo_hunt.toml", 120, 80),
        // 4 players: expert_v1 and both variants, chance 1/4 (49 of 120;
        // before: 48).
        ("arena4-h.toml", 120, 32),
        // Two mirror hunters, whose lies jump like their true claims
        // (78 of 120; chance 40; the expert before the mimic style: 38),
        // and heads-up against one (77; chance 60; before: 44).
        ("arena-mirror_hunter.toml", 120, 54),
        ("heads-up-arena-mirror_hunter.toml", 120, 64),
        // Two cat hunters, who answer a raise by its shape (62 of 120;
        // chance 40; before the reading rules: 40), and heads-up against
        // one (77; chance 60; before: 65).
        ("arena-cat_hunter.toml", 120, 48),
        ("heads-up-arena-cat_hunter.toml", 120, 72),
    ];
    for (file, games, least) in lines {
        let (wins, played, penalties, dq) = tournament_line(file, games);
        assert_eq!(played, u64::from(games), "{file}");
        assert_eq!(penalties, 0, "{file}: the expert was penalised");
        assert_eq!(dq, 0, "{file}: the expert was disqualified");
        assert!(
            wins >= least,
            "{file}: the expert won {wins} of {played}, fewer than {least}"
        );
    }
}
