//! What a command line chooses and what it refuses: levels, bot names,
//! seat counts and `--games`.

use super::play::stubborn_answers;
use crate::support::{liar, stdout_of, temp_dir};
use std::path::PathBuf;

#[test]
fn levels_choose_the_opponents_at_the_built_in_table_only() {
    let cases = [
        ("easy", "Players: You, Honest, Stat."),
        ("medium", "Players: You, Honest, Expert."),
        ("hard", "Players: You, Expert, Expert2."),
    ];
    for (level, players) in cases {
        let out = stdout_of(
            liar()
                .args(["play", "--no-replay", "--seed", "4", "--level", level])
                .write_stdin(stubborn_answers(300)),
        );
        assert!(out.contains(players), "{level}: {out}");
    }
    let table = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("config/hot-seat.toml");
    liar()
        .args(["play", "--level", "hard"])
        .arg(&table)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--level chooses the bots of the built-in table, but this file seats its own",
        ));
}

#[test]
fn simulate_puts_a_bot_in_the_persons_seat_at_a_level() {
    let dir = temp_dir("level-sim");
    let replay = dir.join("medium.jsonl");
    liar()
        .args([
            "simulate", "--level", "medium", "--bot", "honest", "--games", "5",
        ])
        .args(["--seed", "3", "--replay"])
        .arg(&replay)
        .assert()
        .success();
    let text = std::fs::read_to_string(&replay).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let seats = first["seats"].as_array().unwrap();
    let names: Vec<&str> = seats.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names[1..], ["Honest", "Expert"], "{first}");
    // The medium expert slips on half its decisions; the hard ones never.
    assert_eq!(seats[2]["params"]["slip"], 0.5, "{first}");
    liar()
        .args([
            "simulate", "--level", "hard", "--bot", "honest", "--bot", "random",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--level takes one --bot"));
}

#[test]
fn one_name_is_one_bot_bundled_lua_or_native() {
    let dir = temp_dir("names");
    let replay = dir.join("r.jsonl");
    liar()
        .args([
            "simulate",
            "--bot",
            "honest",
            "--bot",
            "native-honest",
            "--bot",
            "expert",
        ])
        .args(["--games", "2", "--seed", "1", "--replay"])
        .arg(&replay)
        .assert()
        .success();
    let text = std::fs::read_to_string(&replay).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let seats = first["seats"].as_array().unwrap();
    assert_eq!(seats[0]["name"], "honest#1");
    assert_eq!(seats[0]["script"], "bots/honest.lua");
    assert_eq!(seats[1]["name"], "native-honest#2");
    assert_eq!(seats[1]["native"], "honest");
    assert_eq!(seats[2]["script"], "bots/expert.lua");
    // A table's native seat takes the same name; the old spelling is refused
    // with the new one.
    let table = dir.join("t.toml");
    std::fs::write(
        &table,
        "[rules]\nmin_players = 2\n[[seats]]\nname = \"a\"\ntype = \"builtin\"\npolicy = \"honest\"\n\
         [[seats]]\nname = \"b\"\ntype = \"bot\"\nbundled = \"expert\"\n",
    )
    .unwrap();
    liar()
        .args(["simulate", "--table"])
        .arg(&table)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "\"builtin\" is now called \"native\": type = \"native\" with policy = one of: native-random, native-honest",
        ));
}

#[test]
fn zero_games_are_refused_by_every_command() {
    let cases: [&[&str]; 5] = [
        &["play", "--games", "0"],
        &["watch", "--games", "0"],
        &["simulate", "--games", "0"],
        &["tournament", "config/tournament.toml", "--games", "0"],
        &["check-bot", "bots/random.lua", "--games", "0"],
    ];
    for args in cases {
        liar()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("0 is not in 1.."));
    }
}

#[test]
fn simulate_records_its_seat_count_and_honours_the_table_s_seat_limits() {
    let dir = temp_dir("seat-count");
    let replay = dir.join("r.jsonl");
    liar()
        .args([
            "simulate",
            "--players",
            "16",
            "--games",
            "1",
            "--seed",
            "2",
            "--replay",
        ])
        .arg(&replay)
        .assert()
        .success();
    let text = std::fs::read_to_string(&replay).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["rules"]["max_players"], 16);
    assert_eq!(first["seats"].as_array().unwrap().len(), 16);
    // The built-in table's file takes 3 to 10 players (its human seat does
    // not matter: --bot replaces the seats).
    let table = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("config/default.toml");
    liar()
        .args([
            "simulate",
            "--bot",
            "native-random",
            "--bot",
            "native-honest",
            "--table",
        ])
        .arg(&table)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "the table takes 3 to 10 players (min_players, max_players), but --bot gives 2",
        ));
    liar()
        .args(["simulate", "--games", "1", "--seed", "1"])
        .args([
            "--bot",
            "native-random",
            "--bot",
            "native-honest",
            "--bot",
            "random",
            "--table",
        ])
        .arg(&table)
        .assert()
        .success();
}
