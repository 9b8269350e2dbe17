//! The replay checker against real matches, corrupted replays and garbage.

use liar::engine::*;
use liar::replay::*;
use liar::rules::*;
use liar::setup::{BotParams, ParamValue};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::support::{Flaky, Rng, native_replay, record};

fn lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8(bytes.to_vec())
        .expect("the writer writes UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

fn join(lines: &[String]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|l| format!("{l}\n").into_bytes())
        .collect()
}

#[test]
fn accepts_every_rule_variant() {
    let mut rng = Rng(1);
    let mut checked = 0;
    for straights in Straights::ALL {
        for kickers in [true, false] {
            for next_round_starter in NextRoundStarter::ALL {
                for seating in [SeatingRule::Throw, SeatingRule::Listed] {
                    for players in 2..=6 {
                        for chips in 1..=5 {
                            let rules = Rules {
                                straights,
                                kickers,
                                next_round_starter,
                                seating,
                                chips,
                                ..Rules::default()
                            };
                            let policies: Vec<&str> = (0..players)
                                .map(|_| ["random", "honest"][rng.below(2)])
                                .collect();
                            let setup = MatchSetup::native(rules, rng.next(), 2, &policies);
                            let mut p = native_players(&setup).expect("known policies");
                            let (bytes, stats) = record(&setup, &mut p);
                            let summary = check_replay(&bytes[..]).unwrap_or_else(|e| {
                                panic!("{rules:?} {policies:?} seed {}: {e}", setup.seed)
                            });
                            assert_eq!(summary.games, 2);
                            assert_eq!(summary.wins, stats.wins);
                            assert_eq!(summary.rounds, stats.rounds);
                            assert_eq!(summary.seats, players);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 900);
}

#[test]
fn accepts_long_matches() {
    for seed in 0..20 {
        let bytes = native_replay(Rules::default(), seed, 25, &["random", "honest", "honest"]);
        let events = read_replay(&bytes[..]).expect("readable");
        let summary = check_events(&events).expect("valid");
        assert_eq!(summary.games, 25);
        assert!(summary.claims >= summary.rounds);
        assert_eq!(summary.challenges, summary.rounds);
    }
}

/// A [`Flaky`] player that logs "decision N" at about one decision in three.
fn flaky(seed: u64, rate: usize, quit_at: Option<u32>) -> Flaky {
    let log = |rng: &mut Rng, n: u32, _: &SeatView<'_>| {
        (rng.below(3) == 0).then(|| format!("decision {n}"))
    };
    Flaky::new(seed, rate, quit_at, Box::new(log))
}

fn flaky_setup(rules: Rules, seed: u64, seats: usize, penalty: PenaltyPolicy) -> MatchSetup {
    let names = vec!["random"; seats];
    let mut setup = MatchSetup::native(rules, seed, 6, &names);
    setup.penalty = penalty;
    setup
}

#[test]
fn accepts_penalties_logs_and_disqualifications() {
    let mut rng = Rng(2);
    let (mut penalties, mut disqualified) = (0, 0);
    for round in 0..120 {
        let seats = 2 + round % 5;
        let mode = [PenaltyMode::Forfeit, PenaltyMode::Fallback][round % 2];
        let disqualify_after = Some(1 + rng.below(4) as u32);
        let penalty = PenaltyPolicy {
            mode,
            disqualify_after,
        };
        let rules = Rules {
            chips: 1 + rng.below(4) as u32,
            next_round_starter: NextRoundStarter::ALL[rng.below(3)],
            ..Rules::default()
        };
        let setup = flaky_setup(rules, rng.next(), seats, penalty);
        // Only seat 0 fails, so one disqualification at most.
        let mut players: Vec<Flaky> = (0..seats)
            .map(|s| flaky(rng.next(), if s == 0 { 30 } else { 0 }, None))
            .collect();
        let (bytes, stats) = record(&setup, &mut players);
        let summary = check_replay(&bytes[..])
            .unwrap_or_else(|e| panic!("{setup:?}: {e}\n{}", String::from_utf8_lossy(&bytes)));
        assert_eq!(summary.wins, stats.wins);
        penalties += summary.penalties;
        disqualified += usize::from(stats.disqualified[0]);
    }
    assert!(penalties > 100, "{penalties} penalties");
    assert!(disqualified > 10, "{disqualified} disqualifications");
}

#[test]
fn one_player_games_end_with_game_end() {
    let penalty = PenaltyPolicy {
        mode: PenaltyMode::Forfeit,
        disqualify_after: Some(1),
    };
    let setup = flaky_setup(Rules::default(), 9, 2, penalty);
    let mut players = vec![flaky(1, 100, None), flaky(2, 0, None)];
    let (bytes, _) = record(&setup, &mut players);
    check_replay(&bytes[..]).expect("valid");
}

#[test]
fn accepts_aborted_matches() {
    for quit_at in 1..40 {
        let setup = flaky_setup(
            Rules::default(),
            quit_at.into(),
            3,
            PenaltyPolicy::default(),
        );
        let mut players: Vec<Flaky> = (0..3)
            .map(|s| flaky(s, 0, (s == 1).then_some(quit_at)))
            .collect();
        let (bytes, stats) = record(&setup, &mut players);
        assert!(stats.aborted);
        let summary = check_replay(&bytes[..]).expect("valid");
        assert!(summary.aborted);
        assert_eq!(summary.wins, stats.wins);
    }
    let mut setup = MatchSetup::native(Rules::default(), 4, 3, &["honest", "honest"]);
    setup.stop = Some(Arc::new(AtomicBool::new(true)));
    let mut players = native_players(&setup).expect("known policies");
    let (bytes, _) = record(&setup, &mut players);
    assert!(check_replay(&bytes[..]).expect("valid").aborted);
}

fn values(rules: Rules, seed: u64, policies: &[&str]) -> Vec<Value> {
    let bytes = native_replay(rules, seed, 3, policies);
    lines(&bytes)
        .iter()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

/// A replay with rerolls, eliminations and several games, as JSON values.
fn sample() -> Vec<Value> {
    let rules = Rules {
        chips: 2,
        ..Rules::default()
    };
    values(rules, 11, &["random", "honest", "random", "honest"])
}

/// The sample and replays of other rule variants.
fn samples() -> Vec<Vec<Value>> {
    let listed = Rules {
        seating: SeatingRule::Listed,
        next_round_starter: NextRoundStarter::Loser,
        kickers: false,
        ..Rules::default()
    };
    let left = Rules {
        chips: 1,
        straights: Straights::None,
        next_round_starter: NextRoundStarter::LeftOfChallenger,
        ..Rules::default()
    };
    let duel = Rules {
        straights: Straights::AboveFullHouse,
        ..Rules::default()
    };
    let five = ["honest", "random", "honest", "random", "random"];
    vec![
        sample(),
        values(listed, 12, &["honest", "random", "honest"]),
        values(left, 13, &five),
        values(duel, 14, &["random", "honest"]),
    ]
}

fn to_lines(values: &[Value]) -> Vec<String> {
    values.iter().map(Value::to_string).collect()
}

fn kind(v: &Value) -> &str {
    v["type"].as_str().unwrap_or("")
}

/// Checks `lines` and returns the error, failing the test if it passes.
fn reject(lines: &[String], what: &str) -> CheckError {
    match check_replay(&join(lines)[..]) {
        Ok(_) => panic!("{what}: accepted"),
        Err(e) => e,
    }
}

fn other_seat(seat: &Value, n: u64) -> Value {
    json!((seat.as_u64().unwrap_or(0) + 1) % n)
}

fn flip_die(dice: &Value) -> Value {
    let mut s = dice.as_str().unwrap_or("99999").to_string();
    let first = if s.starts_with('A') { "9" } else { "A" };
    s.replace_range(0..1, first);
    json!(s)
}

/// Targeted corruptions of one line: (name, mutated line), each of which
/// must be reported at that line.
fn corruptions(values: &[Value], i: usize) -> Vec<(&'static str, Value)> {
    let v = &values[i];
    let n = values[0]["seats"].as_array().map_or(2, |s| s.len() as u64);
    let mut out: Vec<(&'static str, Value)> = Vec::new();
    let mut edit = |name, f: &dyn Fn(&mut Value)| {
        let mut m = v.clone();
        f(&mut m);
        out.push((name, m));
    };
    let bump = |x: &Value| json!(x.as_u64().unwrap_or(0) + 1);
    match kind(v) {
        "match" => {
            edit("a version to come", &|m| {
                m["version"] = json!(REPLAY_VERSION + 1)
            });
            edit("version 0", &|m| m["version"] = json!(0));
            edit("no seed", &|m| {
                if let Some(o) = m.as_object_mut() {
                    o.remove("seed");
                }
            });
            edit("seed and commitment", &|m| {
                m["commitment"] = json!(seed_commitment(m["seed"].as_u64().unwrap_or(0)))
            });
            edit("seat number", &|m| m["seats"][1]["seat"] = json!(3));
        }
        "seating" => {
            edit("order swapped", &|m| {
                let order = m["order"].clone();
                m["order"][0] = order[1].clone();
                m["order"][1] = order[0].clone();
            });
            edit("order not a permutation", &|m| {
                m["order"][0] = m["order"][1].clone()
            });
            edit("roll dropped", &|m| {
                if let Some(rolls) = m["rolls"].as_array_mut() {
                    rolls.pop();
                }
            });
        }
        "game_start" => {
            edit("game number", &|m| m["game"] = bump(&m["game"]));
            edit("first caller", &|m| m["first"] = other_seat(&m["first"], n));
            edit("chips", &|m| m["chips"][0] = bump(&m["chips"][0]));
        }
        "round_start" => {
            // The rest of the round is not checked before the dice are.
            edit("dice not the seed's", &|m| m["dice"] = flip_die(&m["dice"]));
            edit("round number", &|m| m["round"] = bump(&m["round"]));
            edit("game number", &|m| m["game"] = bump(&m["game"]));
            edit("starter", &|m| m["starter"] = other_seat(&m["starter"], n));
        }
        "claim" => {
            edit("claimer", &|m| m["seat"] = other_seat(&m["seat"], n));
            // Not higher than the claim before it (if any).
            if let Some(prev) = values[..i].iter().rev().find(|p| kind(p) == "claim")
                && values[..i]
                    .iter()
                    .rev()
                    .position(|p| kind(p) == "round_start")
                    > values[..i].iter().rev().position(|p| kind(p) == "claim")
            {
                let prev = prev["claim"].clone();
                edit("claim not higher", &|m| m["claim"] = prev.clone());
            }
        }
        "accept" => edit("accepter", &|m| m["seat"] = other_seat(&m["seat"], n)),
        "reroll" => {
            edit("thrower", &|m| m["seat"] = other_seat(&m["seat"], n));
            edit("position 5", &|m| m["positions"] = json!([5]));
            edit("position twice", &|m| m["positions"] = json!([1, 1]));
            let kept0 = !v["positions"]
                .as_array()
                .is_some_and(|p| p.contains(&json!(0)));
            if kept0 {
                edit("kept die changed", &|m| m["dice"] = flip_die(&m["dice"]));
            }
        }
        "challenge" => {
            edit("die changed", &|m| m["dice"] = flip_die(&m["dice"]));
            edit("challenger", &|m| m["seat"] = other_seat(&m["seat"], n));
            edit("claimer", &|m| m["claimer"] = m["seat"].clone());
            edit("claim_true flipped", &|m| {
                m["claim_true"] = json!(!m["claim_true"].as_bool().unwrap_or(false))
            });
            edit("loser swapped", &|m| {
                let loser = if m["loser"] == m["seat"] {
                    m["claimer"].clone()
                } else {
                    m["seat"].clone()
                };
                m["loser"] = loser;
            });
            edit("chips", &|m| m["chips"][0] = bump(&m["chips"][0]));
            edit("pot", &|m| m["pot"] = bump(&m["pot"]));
            edit("chip moved", &|m| {
                let loser = m["loser"].as_u64().unwrap_or(0) as usize;
                let other = (loser + 1) % n as usize;
                m["chips"][loser] = bump(&m["chips"][loser]);
                m["chips"][other] = json!(m["chips"][other].as_u64().unwrap_or(0).wrapping_sub(1));
            });
        }
        "eliminated" => edit("seat", &|m| m["seat"] = other_seat(&m["seat"], n)),
        "game_end" => {
            edit("winner", &|m| m["winner"] = other_seat(&m["winner"], n));
            edit("pot", &|m| m["pot"] = bump(&m["pot"]));
            edit("game", &|m| m["game"] = bump(&m["game"]));
        }
        "match_end" => {
            edit("wins", &|m| m["wins"][0] = bump(&m["wins"][0]));
            edit("a seed already given", &|m| {
                m["seed"] = values[0]["seed"].clone()
            });
        }
        _ => {}
    }
    out
}

#[test]
fn corrupted_fields_are_rejected_at_their_line() {
    let sample = sample();
    let kinds: Vec<&str> = sample.iter().map(kind).collect();
    for k in ["seating", "reroll", "eliminated", "accept"] {
        assert!(kinds.iter().any(|x| x == &k), "the sample has no {k}");
    }
    let mut tried = 0;
    for values in samples() {
        corrupt_each_line(&values, &mut tried);
    }
    assert!(tried > 500, "{tried} corruptions");
}

fn corrupt_each_line(values: &[Value], tried: &mut usize) {
    for i in 0..values.len() {
        for (name, mutated) in corruptions(values, i) {
            let mut lines = to_lines(values);
            lines[i] = mutated.to_string();
            let err = reject(&lines, &format!("line {}: {name}", i + 1));
            assert_eq!(err.line(), i + 1, "{name}: {err}");
            assert!(!err.is_incomplete(), "{name}: {err}");
            *tried += 1;
        }
    }
}

#[test]
fn dropped_duplicated_and_swapped_lines_are_rejected() {
    for values in samples() {
        drop_double_and_swap_each_line(&to_lines(&values));
    }
}

fn drop_double_and_swap_each_line(good: &[String]) {
    let last = good.len();
    for i in 0..last {
        let mut dropped = good.to_vec();
        dropped.remove(i);
        let err = reject(&dropped, &format!("line {} dropped", i + 1));
        assert_eq!(err.line(), i + 1, "line {} dropped: {err}", i + 1);
        assert_eq!(err.is_incomplete(), i + 1 == last, "{err}");

        let mut doubled = good.to_vec();
        doubled.insert(i, good[i].clone());
        let err = reject(&doubled, &format!("line {} doubled", i + 1));
        assert_eq!(err.line(), i + 2, "line {} doubled: {err}", i + 1);

        if i + 1 < last && good[i] != good[i + 1] {
            let mut swapped = good.to_vec();
            swapped.swap(i, i + 1);
            let err = reject(&swapped, &format!("lines {} and {} swapped", i + 1, i + 2));
            assert_eq!(err.line(), i + 1, "lines {} swapped: {err}", i + 1);
        }
    }
}

#[test]
fn spurious_lines_are_rejected() {
    let good = to_lines(&sample());
    let values = sample();
    let extra = [
        json!({"type": "eliminated", "seat": 0}),
        json!({"type": "game_end", "game": 1, "winner": 0, "pot": 0}),
        json!({"type": "accept", "seat": 9}),
        json!({"type": "match", "version": 1, "seed": 0, "rules": {}, "seats": []}),
    ];
    for (i, value) in values.iter().enumerate().skip(1) {
        for line in &extra {
            // An `eliminated` of seat 0 is right where it is owed anyway.
            if value == line {
                continue;
            }
            let mut lines = good.clone();
            lines.insert(i, line.to_string());
            let err = reject(&lines, &format!("{line} before line {}", i + 1));
            assert_eq!(err.line(), i + 1, "{line} before line {}: {err}", i + 1);
        }
    }
    let mut lines = good.clone();
    lines.insert(
        1,
        json!({"type": "log", "seat": 0, "text": "hi"}).to_string(),
    );
    check_replay(&join(&lines)[..]).expect("logs may go anywhere after `match`");
    lines.insert(
        0,
        json!({"type": "log", "seat": 0, "text": "hi"}).to_string(),
    );
    assert_eq!(reject(&lines, "log first").line(), 1);
}

#[test]
fn truncated_files_are_incomplete() {
    let bytes = join(&to_lines(&sample()));
    let mut starts = vec![0];
    starts.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i + 1),
    );
    let mut rng = Rng(3);
    for (line, w) in starts.windows(2).enumerate() {
        let (start, end) = (w[0], w[1]);
        // Mid-line: this line is cut off.
        let cut = start + 1 + rng.below(end - start - 2);
        let err = check_replay(&bytes[..cut]).expect_err("cut mid-line");
        assert!(err.is_incomplete(), "{err}");
        assert_eq!(err.line(), line + 1, "{err}");
        // Cut after the line: the next line is missing (unless this was the last).
        let result = check_replay(&bytes[..end]);
        if end == bytes.len() {
            result.expect("the whole file");
        } else {
            let err = result.expect_err("cut after a line");
            assert!(err.is_incomplete(), "{err}");
            assert_eq!(err.line(), line + 2, "{err}");
            if let CheckError::Incomplete { summary, .. } = err {
                assert_eq!(summary.wins.iter().sum::<u32>(), summary.games);
            }
        }
    }
    let mut doubled = bytes.clone();
    doubled.extend_from_slice(b"{\"type\":\"log\"");
    let err = check_replay(&doubled[..]).expect_err("a line after match_end");
    assert!(!err.is_incomplete());
    assert_eq!(err.line(), starts.len());
}

#[test]
fn bad_lines_are_read_errors() {
    let good = to_lines(&sample());
    for (i, bad) in [
        "not json",
        "{\"type\":\"shout\",\"seat\":1}",
        "{\"type\":\"claim\",\"seat\":1}",
        "{\"type\":\"claim\",\"seat\":1,\"claim\":\"99QQQ\"}",
        "",
    ]
    .iter()
    .enumerate()
    {
        let mut lines = good.clone();
        let at = 3 + 5 * i;
        lines[at] = bad.to_string();
        let err = reject(&lines, bad);
        assert!(matches!(err, CheckError::Read(_)), "{bad}: {err}");
        assert_eq!(err.line(), at + 1, "{bad}: {err}");
    }
    let mut bytes = join(&good);
    bytes.splice(10..10, [0xff, 0xfe]);
    assert_eq!(check_replay(&bytes[..]).expect_err("bad UTF-8").line(), 1);
}

#[test]
fn never_panics() {
    let mut rng = Rng(4);
    let good = join(&to_lines(&sample()));
    let alphabet: &[u8] = b"{}[]\":,0123456789 \n\xff9TJQKAtypeclaimseatdice";
    for _ in 0..2000 {
        let len = rng.below(300);
        let junk: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = check_replay(&junk[..]);
        let _ = read_replay(&junk[..]);
        // Flip a few bytes of a good replay.
        let mut flipped = good.clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(flipped.len());
            flipped[at] = rng.next() as u8;
        }
        let _ = check_replay(&flipped[..]);
    }
    let good_lines = to_lines(&sample());
    for _ in 0..500 {
        let mut lines = good_lines.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(lines.len());
            lines.remove(at);
        }
        assert!(check_replay(&join(&lines)[..]).is_err(), "lines deleted");
    }
    let huge = vec![b'x'; MAX_LINE_BYTES * 2];
    assert!(check_replay(&huge[..]).is_err());
}

/// A replay whose seed is sealed (drawn at random): the `match` line has the
/// commitment, `match_end` the seed.
fn sealed_replay(seed: u64, games: u32, stop_at_once: bool) -> Vec<u8> {
    let mut setup = MatchSetup::native(
        Rules::default(),
        seed,
        games,
        &["random", "honest", "honest"],
    );
    if stop_at_once {
        setup.stop = Some(Arc::new(AtomicBool::new(true)));
    }
    let mut players = native_players(&setup).expect("known policies");
    let mut sealed = SealedSeed::new(ReplayWriter::new(Vec::new()), true);
    play_match(&setup, &mut players, &mut sealed).expect("valid setup");
    sealed.into_inner().finish().expect("in-memory writes")
}

fn values_of(bytes: &[u8]) -> Vec<Value> {
    lines(bytes)
        .iter()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

#[test]
fn a_sealed_seed_is_revealed_at_the_end_and_matches_its_commitment() {
    let seed = 0xDEAD_BEEF_1234_5678;
    let values = values_of(&sealed_replay(seed, 2, false));
    let first = &values[0];
    assert_eq!(first["version"], json!(REPLAY_VERSION));
    assert!(first.get("seed").is_none(), "{first}");
    assert_eq!(first["commitment"], json!(seed_commitment(seed)));
    // Nothing before the end says the seed.
    let text = to_lines(&values).join("\n");
    let end = values.last().expect("lines");
    assert_eq!(text.matches(&seed.to_string()).count(), 1, "{text}");
    assert_eq!(end["seed"], json!(seed));
    let summary = check_replay(&join(&to_lines(&values))[..]).expect("valid");
    assert!(summary.sealed && summary.dice_checked);
    assert_eq!(summary.seed, Some(seed));

    let last = values.len();
    let refused = |edit: &dyn Fn(&mut Vec<Value>), line: usize, what: &str| {
        let mut v = values.clone();
        edit(&mut v);
        let err = reject(&to_lines(&v), what);
        assert_eq!(err.line(), line, "{what}: {err}");
        assert!(!err.is_incomplete(), "{what}: {err}");
        err.to_string()
    };
    // A tampered commitment, another seed revealed, no seed revealed.
    let err = refused(
        &|v| v[0]["commitment"] = json!(seed_commitment(seed + 1)),
        last,
        "tampered commitment",
    );
    assert!(err.contains("not the seed committed to"), "{err}");
    refused(
        &|v| v[last - 1]["seed"] = json!(seed + 1),
        last,
        "another seed",
    );
    refused(
        &|v| {
            v[last - 1].as_object_mut().map(|o| o.remove("seed"));
        },
        last,
        "no seed revealed",
    );
    refused(&|v| v[0]["commitment"] = json!("ABC"), 1, "not a SHA-256");
    // Another seed with its own commitment: the commitment holds, but the
    // dice are not that seed's; the first throw is named.
    let err = refused(
        &|v| {
            v[0]["commitment"] = json!(seed_commitment(seed + 1));
            v[last - 1]["seed"] = json!(seed + 1);
        },
        2,
        "dice of another seed",
    );
    assert!(err.contains("not the seed's"), "{err}");
    assert!(err.contains("revealed the seed"), "{err}");
    // Cut before the end, the seed is never revealed: incomplete.
    let cut = join(&to_lines(&values[..last - 1]));
    match check_replay(&cut[..]) {
        Err(CheckError::Incomplete { summary, .. }) => {
            assert!(summary.sealed);
            assert_eq!(summary.seed, None);
        }
        other => panic!("expected incomplete, got {other:?}"),
    }
}

#[test]
fn a_match_stopped_early_still_reveals_its_seed() {
    let values = values_of(&sealed_replay(77, 3, true));
    let end = values.last().expect("lines");
    assert_eq!(end["aborted"], json!(true));
    assert_eq!(end["seed"], json!(77));
    let summary = check_replay(&join(&to_lines(&values))[..]).expect("valid");
    assert!(summary.aborted && summary.sealed);
    assert_eq!(summary.seed, Some(77));

    // A player quitting in the middle of a game.
    let setup = flaky_setup(Rules::default(), 5, 3, PenaltyPolicy::default());
    let mut players: Vec<Flaky> = (0..3).map(|s| flaky(s, 0, (s == 1).then_some(7))).collect();
    let mut sealed = SealedSeed::new(ReplayWriter::new(Vec::new()), true);
    let stats = play_match(&setup, &mut players, &mut sealed).expect("valid setup");
    assert!(stats.aborted);
    let bytes = sealed.into_inner().finish().expect("in-memory writes");
    let values = values_of(&bytes);
    assert_eq!(values.last().expect("lines")["seed"], json!(5));
    assert_eq!(check_replay(&bytes[..]).expect("valid").seed, Some(5));
}

#[test]
fn the_dice_must_be_the_seeds() {
    let good = sample();
    let seed = good[0]["seed"].as_u64().expect("a chosen seed");
    let first_dice = good
        .iter()
        .position(|v| kind(v) == "seating" || kind(v) == "round_start")
        .expect("dice");
    let mut other = good.clone();
    other[0]["seed"] = json!(seed + 1);
    let err = reject(&to_lines(&other), "another seed");
    assert_eq!(err.line(), first_dice + 1, "{err}");
    assert!(err.to_string().contains("not the seed's"), "{err}");
    let summary = check_replay(&join(&to_lines(&good))[..]).expect("valid");
    assert!(summary.dice_checked && !summary.sealed);
    assert_eq!(summary.seed, Some(seed));
}

#[test]
fn version_1_files_are_still_read() {
    // Version 1 had no commitment and did not promise dice from the seed.
    let mut v1 = sample();
    v1[0]["version"] = json!(1);
    v1[0]["seed"] = json!(v1[0]["seed"].as_u64().unwrap_or(0) + 1);
    let summary = check_replay(&join(&to_lines(&v1))[..]).expect("a valid version 1 file");
    assert_eq!(summary.version, 1);
    assert!(!summary.dice_checked);
    let mut sealed_v1 = v1.clone();
    if let Some(o) = sealed_v1[0].as_object_mut() {
        o.remove("seed");
        o.insert("commitment".into(), json!(seed_commitment(1)));
    }
    let err = reject(&to_lines(&sealed_v1), "a commitment in version 1");
    assert_eq!(err.line(), 1, "{err}");
}

#[test]
fn params_belong_to_lua_bots_of_version_3_only() {
    let mut values = sample();
    // Make seat 0 a Lua bot with parameters: accepted.
    values[0]["seats"][0]["script"] = json!("bots/x.lua");
    values[0]["seats"][0]["params"] = json!({ "slack": 0.04, "bold": true });
    assert!(check_replay(&join(&to_lines(&values))[..]).is_ok());
    let refused = |edit: &dyn Fn(&mut Value), says: &str| {
        let mut v = values.clone();
        edit(&mut v[0]);
        let err = reject(&to_lines(&v), says).to_string();
        assert!(
            err.contains("match.seats[0].params") && err.contains(says),
            "{err}"
        );
    };
    refused(
        &|m| m["version"] = json!(2),
        "versions 1 and 2 have no parameters",
    );
    refused(
        &|m| {
            m["seats"][0].as_object_mut().map(|s| s.remove("script"));
        },
        "only a Lua bot",
    );
    refused(
        &|m| m["seats"][0]["params"] = json!({ "2fast": 1 }),
        "a name or a value that a table file cannot give",
    );
    // A value no parameter can have is not even a seat.
    let mut v = values.clone();
    v[0]["seats"][0]["params"] = json!({ "x": [1] });
    reject(&to_lines(&v), "an array value");
}

#[test]
fn the_largest_match_line_fits_in_a_replay_line() {
    // 16 seats, each with the most parameters, the longest names and the
    // longest strings, all of characters JSON escapes to six bytes.
    let mut params = BotParams::default();
    for i in 0..BotParams::MAX_PARAMS {
        let name = format!("p{i:0>63}");
        let text = "\u{1}".repeat(BotParams::MAX_TEXT_BYTES);
        params
            .insert(&name, ParamValue::Text(text))
            .expect("a parameter");
    }
    assert_eq!(params.len(), BotParams::MAX_PARAMS);
    let seats = (0..MAX_SEATS)
        .map(|seat| SeatInfo {
            script: Some("a".repeat(200)),
            hash: Some("0".repeat(16)),
            params: params.clone(),
            ..SeatInfo::native(seat, "n".repeat(24), "x")
        })
        .collect();
    let line = Event::Match {
        version: REPLAY_VERSION,
        seed: Some(u64::MAX),
        commitment: None,
        rules: Rules::default(),
        seats,
    };
    let bytes = serde_json::to_vec(&line).expect("JSON");
    assert!(bytes.len() < MAX_LINE_BYTES, "{} bytes", bytes.len());
    assert!(
        bytes.len() > MAX_LINE_BYTES / 2,
        "the test builds a big line"
    );
}
