//! The bundled Lua bots: they play long matches without a penalty, under
//! every rule variant, next to native policies; replays are reproducible;
//! the helpers they use agree with the Rust rules; the template and
//! `check_source` work.

use liar::engine::{
    Event, MatchSetup, MatchStats, NativePlayer, Observer, Penalty, PenaltyReason, Player, Policy,
    SeatInfo, play_match,
};
use liar::lua::{
    BUNDLED_BOTS, BotLimits, CheckOptions, CheckWarning, LuaBot, bundled_source, check_source,
    new_bot_template,
};
use liar::replay::ReplayWriter;
use liar::rules::{
    Category, DiceKind, Face, Hand, Ranking, Rules, Straights, chance_to_reach, parse_claim,
};
use liar::setup::{BotParams, ParamValue};

fn bundled(name: &str) -> LuaBot {
    match LuaBot::bundled(name, &BotLimits::default()) {
        Ok(b) => b,
        Err(e) => panic!("{name}: {e}"),
    }
}

/// Plays a match of the given players (their seat infos taken from them).
fn play(
    rules: Rules,
    seed: u64,
    games: u32,
    players: Vec<(SeatInfo, Box<dyn Player>)>,
    observer: &mut impl Observer,
) -> MatchStats {
    let names: Vec<&str> = players.iter().map(|_| "honest").collect();
    let mut setup = MatchSetup::native(rules, seed, games, &names);
    let mut seated: Vec<Box<dyn Player>> = Vec::new();
    for (i, (mut info, p)) in players.into_iter().enumerate() {
        info.seat = i;
        setup.seats[i] = info;
        seated.push(p);
    }
    match play_match(&setup, &mut seated, observer) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

fn lua_seat(name: &str, seat: usize) -> (SeatInfo, Box<dyn Player>) {
    let b = bundled(name);
    (b.seat_info(seat), Box::new(b))
}

fn native_seat(policy: Policy, seat: usize) -> (SeatInfo, Box<dyn Player>) {
    let info = MatchSetup::native(Rules::default(), 0, 1, &[policy.name()]).seats[0].clone();
    (
        SeatInfo { seat, ..info },
        Box::new(NativePlayer::new(policy)),
    )
}

struct Penalties(Vec<String>);

impl Observer for Penalties {
    fn event(&mut self, event: &Event) {
        if let Event::Penalty(Penalty { seat, detail, .. }) = event {
            self.0.push(format!("seat {seat}: {detail}"));
        }
    }
}

#[test]
fn every_bundled_bot_plays_a_thousand_games_without_a_penalty() {
    for (i, name) in BUNDLED_BOTS.iter().enumerate() {
        // The bot at the table with two other bundled bots, all in Lua.
        let other = |k: usize| BUNDLED_BOTS[(i + k) % BUNDLED_BOTS.len()];
        let players = vec![
            lua_seat(name, 0),
            lua_seat(other(1), 1),
            lua_seat(other(2), 2),
        ];
        let mut penalties = Penalties(Vec::new());
        let stats = play(
            Rules::default(),
            1000 + i as u64,
            1000,
            players,
            &mut penalties,
        );
        assert_eq!(stats.games, 1000, "{name}");
        assert!(
            penalties.0.is_empty(),
            "{name}: {:?}",
            &penalties.0[..penalties.0.len().min(5)]
        );
    }
}

#[test]
fn bundled_bots_play_every_rule_variant() {
    let variants = [
        Rules {
            straights: Straights::None,
            ..Rules::default()
        },
        Rules {
            straights: Straights::AboveFullHouse,
            kickers: false,
            ..Rules::default()
        },
        Rules {
            dice: DiceKind::Standard,
            chips: 5,
            ..Rules::default()
        },
        Rules {
            min_players: 2,
            ..Rules::default()
        },
    ];
    for (v, rules) in variants.into_iter().enumerate() {
        let two = v == 3;
        let mut players = vec![
            lua_seat("random", 0),
            lua_seat("honest", 1),
            lua_seat("bluffer", 2),
            lua_seat("statistician", 3),
            lua_seat("never_challenge", 4),
            lua_seat("always_challenge", 5),
        ];
        if two {
            players.truncate(2);
        }
        let mut penalties = Penalties(Vec::new());
        let stats = play(rules, 7 + v as u64, 100, players, &mut penalties);
        assert_eq!(stats.games, 100);
        assert!(penalties.0.is_empty(), "variant {v}: {:?}", penalties.0);
    }
}

#[test]
fn lua_bots_and_native_policies_share_a_table() {
    let players = vec![
        lua_seat("statistician", 0),
        native_seat(Policy::Honest, 1),
        lua_seat("honest", 2),
        native_seat(Policy::Random, 3),
    ];
    let mut penalties = Penalties(Vec::new());
    let stats = play(Rules::default(), 99, 300, players, &mut penalties);
    assert_eq!(stats.games, 300);
    assert!(penalties.0.is_empty(), "{:?}", penalties.0);
    // The statistician should beat random play over 300 games.
    assert!(stats.wins[0] > stats.wins[3], "{:?}", stats.wins);
}

fn replay(seed: u64) -> Vec<u8> {
    let players = vec![
        lua_seat("random", 0),
        lua_seat("bluffer", 1),
        lua_seat("statistician", 2),
        lua_seat("honest", 3),
    ];
    let mut writer = ReplayWriter::new(Vec::new());
    let stats = play(Rules::default(), seed, 200, players, &mut writer);
    assert_eq!(stats.games, 200);
    match writer.finish() {
        Ok(bytes) => bytes,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_same_seed_gives_a_byte_identical_replay() {
    let a = replay(31337);
    let b = replay(31337);
    assert!(a.len() > 10_000);
    assert!(a == b, "replays of the same seed differ");
    assert!(replay(31338) != a, "another seed plays differently");
}

/// Collects the log lines of seat 0.
struct Logs(Vec<String>);

impl Observer for Logs {
    fn event(&mut self, event: &Event) {
        if let Event::Log { seat: 0, text } = event {
            self.0.push(text.clone());
        }
    }
}

#[test]
fn helpers_agree_with_the_rules_code() {
    // The bot computes with the helpers and logs the results; the test
    // recomputes them with the Rust rules.
    let code = r#"
local cases = {
  { kept = "", target = "KKK" }, { kept = "KK", target = "KKK" }, { kept = "AAAA", target = "AAAAA" },
  { kept = "Q9", target = "full house" }, { kept = { "T", "J", "Q", "K" }, target = "AKQJT" },
}
local done = false
local function report()
  if done then return end
  done = true
  for _, c in ipairs(cases) do
    local kept = type(c.kept) == "table" and table.concat(c.kept) or c.kept
    liar.log(string.format("chance %s %s %.17g", kept, liar.parse(c.target), liar.chance(c.kept, c.target)))
  end
  for _, h in ipairs({ "AQJT9", "KKKQQ", "AKQJT", "99TTJ", "AAAAA" }) do
    liar.log("category " .. h .. " " .. liar.category(h) .. " " .. liar.strength(h))
  end
  liar.log("above " .. table.concat(liar.above("KKKKA", 3), ","))
end
local bot = { api_version = 1 }
function bot.challenge(view) report() return true end
function bot.reroll(view) return {} end
function bot.claim(view) report() return liar.lowest_above(view.claim) end
return bot
"#;
    let b = match LuaBot::from_source("helpers.lua", code, &BotLimits::default()) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let players = vec![
        (b.seat_info(0), Box::new(b) as Box<dyn Player>),
        native_seat(Policy::Honest, 1),
        native_seat(Policy::Honest, 2),
    ];
    let mut logs = Logs(Vec::new());
    play(Rules::default(), 5, 1, players, &mut logs);
    let r = Ranking::default();
    let hand = |t: &str| parse_claim(t, r).unwrap_or(Hand::LOWEST);
    let faces = |t: &str| -> Vec<Face> { t.chars().filter_map(Face::from_char).collect() };
    let mut checked = 0;
    for line in &logs.0 {
        let parts: Vec<&str> = line.split(' ').collect();
        match parts.as_slice() {
            ["chance", kept, target, p] => {
                let expected = chance_to_reach(&faces(kept), hand(target), r);
                let got: f64 = p.parse().unwrap_or(-1.0);
                assert!((got - expected).abs() < 1e-15, "{line}: {expected}");
                checked += 1;
            }
            ["category", h, name, strength] => {
                let h = hand(h);
                let expected = match r.category(h) {
                    Category::Bust => "bust",
                    Category::OnePair => "one-pair",
                    Category::TwoPairs => "two-pairs",
                    Category::ThreeOfAKind => "three-of-a-kind",
                    Category::LowStraight => "low-straight",
                    Category::HighStraight => "high-straight",
                    Category::FullHouse => "full-house",
                    Category::FourOfAKind => "four-of-a-kind",
                    Category::FiveOfAKind => "five-of-a-kind",
                };
                assert_eq!(*name, expected, "{line}");
                assert_eq!(
                    strength.parse::<u32>().ok(),
                    Some(u32::from(r.strength(h)) + 1)
                );
                checked += 1;
            }
            ["above", list] => {
                let expected: Vec<String> = r
                    .hands_above(Some(hand("KKKKA")))
                    .iter()
                    .take(3)
                    .map(|h| h.to_string())
                    .collect();
                assert_eq!(*list, expected.join(","));
                checked += 1;
            }
            _ => panic!("unexpected log line {line}"),
        }
    }
    assert_eq!(checked, 11);
}

#[test]
fn a_state_lives_for_a_match_and_is_fresh_for_the_next() {
    let code = r#"
local games = 0
local bot = { api_version = 1 }
function bot.observe(e) if e.type == "game_start" then games = games + 1 end end
function bot.challenge(view) liar.log("games " .. games) return liar.is_top(view.claim) end
function bot.reroll(view) return {} end
function bot.claim(view) liar.log("games " .. games) return liar.lowest_above(view.claim) end
return bot
"#;
    let mut b = match LuaBot::from_source("count.lua", code, &BotLimits::default()) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    for _ in 0..2 {
        let names = ["honest", "honest", "random"];
        let mut setup = MatchSetup::native(Rules::default(), 3, 5, &names);
        setup.seats[0] = b.seat_info(0);
        let mut logs = Logs(Vec::new());
        {
            let mut players: Vec<Box<dyn Player + '_>> = vec![
                Box::new(&mut b),
                Box::new(NativePlayer::new(Policy::Honest)),
                Box::new(NativePlayer::new(Policy::Random)),
            ];
            let stats = play_match(&setup, &mut players, &mut logs).unwrap_or_default();
            assert_eq!(stats.games, 5);
        }
        let first = logs.0.first().cloned().unwrap_or_default();
        let last = logs.0.last().cloned().unwrap_or_default();
        assert_eq!(first, "games 1", "each match starts from a fresh state");
        assert_eq!(
            last, "games 5",
            "the state is kept across the games of a match"
        );
    }
}

#[test]
fn params_reach_the_bot_with_their_lua_types_and_are_fresh_each_match() {
    // The bot logs what it finds, then spoils the table: the next match
    // must see the table file's values again.
    let code = r#"
local bot = { api_version = 1 }
local p = liar.params
local seen = string.format("%s %s %s %s %s", math.type(p.depth), math.type(p.slack),
  tostring(p.bold), p.style, tostring(p.missing))
function bot.challenge(view)
  liar.log(seen .. " " .. tostring(p.spoiled))
  p.spoiled, p.depth = true, "gone"
  return liar.is_top(view.claim)
end
function bot.reroll(view) return {} end
function bot.claim(view) return bot.challenge(view) and view.claim or liar.lowest_above(view.claim) end
return bot
"#;
    let mut params = BotParams::default();
    for (name, value) in [
        ("depth", ParamValue::Int(3)),
        ("slack", ParamValue::Float(0.25)),
        ("bold", ParamValue::Bool(false)),
        ("style", ParamValue::Text("sly".into())),
    ] {
        params
            .insert(name, value)
            .unwrap_or_else(|e| panic!("{e:?}"));
    }
    let mut b = LuaBot::with_params("p.lua", code, &params, &BotLimits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.seat_info(0).params, params, "the replay records them");
    for _ in 0..2 {
        let mut setup = MatchSetup::native(Rules::default(), 3, 2, &["honest", "random"]);
        setup.seats[0] = b.seat_info(0);
        let mut logs = Logs(Vec::new());
        {
            let mut players: Vec<Box<dyn Player + '_>> = vec![
                Box::new(&mut b),
                Box::new(NativePlayer::new(Policy::Random)),
            ];
            assert_eq!(
                play_match(&setup, &mut players, &mut logs)
                    .unwrap_or_default()
                    .games,
                2
            );
        }
        assert_eq!(
            logs.0.first().map(String::as_str),
            Some("integer float false sly nil nil")
        );
        assert!(
            logs.0.iter().skip(1).all(|l| l.ends_with(" true")),
            "{:?}",
            logs.0
        );
    }
    // Without params the table is there, and empty.
    let empty = r#"
assert(next(liar.params) == nil)
local function pass() end
return { api_version = 1, challenge = pass, reroll = pass, claim = pass }
"#;
    assert!(LuaBot::from_source("e.lua", empty, &BotLimits::default()).is_ok());
}

#[test]
fn the_template_plays_legal_games() {
    let code = new_bot_template("tmpl");
    let b = match LuaBot::from_source("tmpl.lua", code, &BotLimits::default()) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(b.name(), Some("tmpl"));
    let players = vec![
        (b.seat_info(0), Box::new(b) as Box<dyn Player>),
        lua_seat("honest", 1),
        native_seat(Policy::Random, 2),
    ];
    let mut penalties = Penalties(Vec::new());
    let stats = play(Rules::default(), 12, 300, players, &mut penalties);
    assert_eq!(stats.games, 300);
    assert!(penalties.0.is_empty(), "{:?}", penalties.0);
}

#[test]
fn check_reports_on_good_and_bad_bots() {
    let options = CheckOptions {
        games: 5,
        ..CheckOptions::default()
    };
    for name in BUNDLED_BOTS {
        let code = bundled_source(name).unwrap_or_default();
        let report = check_source(&format!("bots/{name}.lua"), code.as_bytes(), &options);
        assert!(report.passed(), "{report}");
        assert_eq!(report.deterministic, Some(true), "{report}");
        assert_eq!(report.fresh_start, Some(true), "{report}");
        assert_eq!(report.games, 15);
    }

    let buggy = r#"
local bot = { api_version = 1, name = "buggy" }
function bot.challenge(view) return false end
function bot.reroll(view) return { 7 } end
function bot.claim(view)
  local t = nil
  return t.claim
end
return bot
"#;
    let report = check_source("buggy.lua", buggy.as_bytes(), &options);
    assert!(!report.passed());
    let text = report.to_string();
    assert!(text.contains("buggy.lua:7"), "{text}");
    assert!(text.contains("illegal"), "{text}");
    assert!(text.contains("Result: FAIL"), "{text}");

    // Decisions that depend on memory addresses differ from run to run.
    let fickle = r#"
local bot = { api_version = 1 }
-- Which of sixteen fresh tables pairs() visits first depends on where
-- they were allocated: a coin that differs from run to run.
local function coin()
  local t = {}
  for i = 1, 16 do t[{}] = i end
  local _, first = next(t)
  return first % 2 == 0
end
function bot.challenge(view) return liar.is_top(view.claim) or coin() end
function bot.reroll(view) return coin() and { 1, 2 } or {} end
function bot.claim(view) return liar.nth_above(view.claim, coin() and 1 or 2) or liar.lowest_above(view.claim) end
return bot
"#;
    let report = check_source("fickle.lua", fickle.as_bytes(), &options);
    assert!(report.passed(), "{report}");
    assert_eq!(report.deterministic, Some(false), "{report}");
    // Then a difference after other matches would tell nothing.
    assert_eq!(report.fresh_start, None, "{report}");
    assert!(report.to_string().contains("liar.sorted_pairs"), "{report}");

    // A bot that spends more than its bank's share on every decision runs
    // it dry: penalised, warned, and the lowest figure shown.
    let burner = r#"
local bot = { api_version = 1 }
local function burn() local x = 0 for i = 1, 1000000 do x = x + i end end
function bot.challenge(view) burn() return liar.is_top(view.claim) end
function bot.reroll(view) burn() return {} end
function bot.claim(view) burn() return liar.lowest_above(view.claim) end
return bot
"#;
    let mut small_bank = options.clone();
    small_bank.limits.bank_instructions = 3_000_000;
    let report = check_source("burner.lua", burner.as_bytes(), &small_bank);
    assert!(
        report.penalty_counts[PenaltyReason::Budget.index()] > 0,
        "{report}"
    );
    assert!(report.warnings.contains(&CheckWarning::LowBank), "{report}");
    let text = report.to_string();
    assert!(text.contains("instruction bank"), "{text}");
    assert!(
        text.contains("match bank:    at its lowest 0 instructions"),
        "{text}"
    );

    // A call the clock stops: the replay's penalty says only which limit;
    // the report also says, as this run measured it, how long and where.
    let spinner = r#"
local bot = { api_version = 1 }
function bot.challenge(view) return true end
function bot.reroll(view) return {} end
function bot.claim(view) while true do end end
return bot
"#;
    let mut quick_clock = options.clone();
    quick_clock.games = 1;
    quick_clock.limits.instructions = 1_000_000_000_000;
    quick_clock.limits.wall_ms = 50;
    let report = check_source("spinner.lua", spinner.as_bytes(), &quick_clock);
    assert!(
        report.penalty_counts[PenaltyReason::Timeout.index()] > 0,
        "{report}"
    );
    assert!(
        report
            .penalties
            .iter()
            .all(|p| !p.detail.contains("spinner.lua")),
        "{report}"
    );
    let measured = report.stats.timeouts.first().cloned().unwrap_or_default();
    assert!(
        measured.starts_with("claim: ran longer than 50 ms (at spinner.lua:5), after "),
        "{measured}"
    );
    assert!(
        report
            .to_string()
            .contains("timeout as measured in this run: claim:"),
        "{report}"
    );

    // A bot that runs out of its budget is told so by its penalties, not
    // warned that it is "close" to it.
    let report = check_source("spinner.lua", spinner.as_bytes(), &options);
    assert!(
        report.penalty_counts[PenaltyReason::Budget.index()] > 0,
        "{report}"
    );
    assert!(
        !report.warnings.contains(&CheckWarning::NearBudget),
        "{report}"
    );

    let report = check_source("broken.lua", b"return {", &options);
    assert!(report.load_error.is_some());
    assert!(report.to_string().contains("broken.lua:1"), "{report}");
}
