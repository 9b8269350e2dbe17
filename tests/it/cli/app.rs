//! What the app adds around a match, end to end with the real binary:
//! recorded games, levels, bot names, seat counts, `--games`, languages
//! and output into a closed pipe.

use crate::support::{liar, stdout_of, temp_dir};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// Answers that finish any game (see `play.rs`).
fn stubborn_answers(lines: usize) -> String {
    "c\nAAAAA\n".repeat(lines)
}

/// The `.jsonl` files in the recorded-games folder under `data`.
fn recorded(data: &Path) -> Vec<PathBuf> {
    let dir = data.join("liar").join("replays");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn play_records_every_match_in_the_data_folder_byte_for_byte_as_replay_does() {
    let data = temp_dir("data");
    let out = liar()
        .env("XDG_DATA_HOME", &*data)
        .args(["play", "--seed", "11"])
        .write_stdin(stubborn_answers(300))
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let files = recorded(&data);
    assert_eq!(files.len(), 1, "{files:?}");
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-seed11.jsonl"), "{name}");
    assert!(
        err.contains(&format!("replay written to {}", files[0].display())),
        "{err}"
    );
    // The same match with --replay FILE writes the same bytes.
    let dir = temp_dir("explicit");
    let explicit = dir.join("game.jsonl");
    liar()
        .args(["play", "--seed", "11", "--replay"])
        .arg(&explicit)
        .write_stdin(stubborn_answers(300))
        .assert()
        .success();
    assert_eq!(
        std::fs::read(&files[0]).unwrap(),
        std::fs::read(&explicit).unwrap()
    );
    // `liar replay` lists it, and says how to open one.
    let list = stdout_of(liar().env("XDG_DATA_HOME", &*data).arg("replay"));
    let row = list
        .lines()
        .find(|l| l.contains(&name))
        .unwrap_or_else(|| panic!("{list}"));
    assert!(
        row.contains("You, Honest, Stat") && row.contains("games: 1"),
        "{row}"
    );
    assert!(list.contains("liar replay FILE"), "{list}");
}

#[test]
fn the_list_is_newest_first_and_says_when_there_is_nothing() {
    let data = temp_dir("data-list");
    let empty = stdout_of(liar().env("XDG_DATA_HOME", &*data).arg("replay"));
    assert!(empty.contains("No recorded games yet"), "{empty}");
    for seed in ["1", "2"] {
        liar()
            .env("XDG_DATA_HOME", &*data)
            .args(["play", "--seed", seed])
            .write_stdin(stubborn_answers(300))
            .assert()
            .success();
    }
    let files = recorded(&data);
    assert_eq!(files.len(), 2, "{files:?}");
    // Make the seed-1 file the newer one, whatever the clock did.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
    let second = files
        .iter()
        .find(|f| f.to_string_lossy().contains("seed2"))
        .unwrap();
    std::fs::File::options()
        .write(true)
        .open(second)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let list = stdout_of(liar().env("XDG_DATA_HOME", &*data).arg("replay"));
    let first = list.find("seed1").unwrap();
    let then = list.find("seed2").unwrap();
    assert!(first < then, "{list}");
    assert!(list.contains("1970-01-12 13:46:40"), "{list}");
}

#[test]
fn no_replay_records_nothing_and_russian_games_say_it_in_russian() {
    let data = temp_dir("data-off");
    let out = liar()
        .env("XDG_DATA_HOME", &*data)
        .args(["play", "--seed", "5", "--no-replay"])
        .write_stdin(stubborn_answers(300))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(recorded(&data).is_empty());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("replay written"));

    let out = liar()
        .env("XDG_DATA_HOME", &*data)
        .args(["--lang", "ru", "play", "--seed", "5"])
        .write_stdin("н\nAAAAA\n".repeat(300))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("зерно 5"), "{err}");
    assert!(err.contains("запись матча сохранена: "), "{err}");
    assert!(
        !err.contains("seed 5") && !err.contains("replay written"),
        "{err}"
    );
    assert_eq!(recorded(&data).len(), 1);
}

#[test]
fn a_data_folder_that_cannot_be_made_is_said_and_the_game_goes_on() {
    let dir = temp_dir("data-blocked");
    let blocker = dir.join("not-a-folder");
    std::fs::write(&blocker, "x").unwrap();
    let out = liar()
        .env("XDG_DATA_HOME", &blocker)
        .args(["play", "--seed", "3"])
        .write_stdin(stubborn_answers(300))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("cannot write a replay to"), "{err}");
    assert!(err.contains("the game goes on without one"), "{err}");
    assert!(text.contains("Match over."), "{text}");
}

#[test]
fn levels_choose_the_opponents_at_the_built_in_table_only() {
    let cases = [
        ("easy", "Players: You, Random, Honest."),
        ("medium", "Players: You, Honest, Stat."),
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
fn simulate_records_its_seat_count_and_honours_a_table_s() {
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

#[test]
fn russian_reaches_simulate_check_and_errors() {
    let out = stdout_of(liar().args(["--lang", "ru", "simulate", "--games", "3", "--seed", "9"]));
    assert!(out.starts_with("зерно 9\n"), "{out}");
    assert!(out.contains("победы") && out.contains("партий: 3"), "{out}");
    assert!(!out.contains("seed") && !out.contains("games"), "{out}");
    liar()
        .args([
            "--lang", "ru", "simulate", "--bot", "nobody", "--bot", "random",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("(место 1): это не файл Lua"));
}

#[test]
fn russian_reaches_check_bot_and_replay_check() {
    let out = stdout_of(liar().current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "--lang",
        "ru",
        "check-bot",
        "bots/random.lua",
        "--games",
        "1",
        "--seed",
        "1",
        "--isolation",
        "thread",
    ]));
    assert!(out.starts_with("Проверка bots/random.lua"), "{out}");
    assert!(out.contains("Итог: ПРОЙДЕНО"), "{out}");
    assert!(
        out.ends_with("зерно 1 (задано; --seed 1 повторит эту проверку)\n"),
        "{out}"
    );
    let dir = temp_dir("ru-check");
    let replay = dir.join("r.jsonl");
    liar()
        .args(["simulate", "--games", "2", "--seed", "4", "--replay"])
        .arg(&replay)
        .assert()
        .success();
    let out = stdout_of(
        liar()
            .args(["--lang", "ru", "replay", "--check"])
            .arg(&replay),
    );
    assert!(out.contains(": запись верна: мест 3, партий 2"), "{out}");
    assert!(
        out.contains("зерно 4: каждый кубик выпал по этому зерну"),
        "{out}"
    );
}

#[test]
fn russian_reaches_tournament_results() {
    let out = stdout_of(liar().current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "--lang",
        "ru",
        "tournament",
        "config/tournament.toml",
        "--games",
        "6",
        "--seed",
        "1",
        "--isolation",
        "thread",
        "--jobs",
        "1",
    ]));
    assert!(
        out.starts_with("Турнир: ботов 4, мест за столом 3, зерно 1"),
        "{out}"
    );
    assert!(
        out.contains("победы") && out.contains("Друг против друга"),
        "{out}"
    );
    assert!(
        !out.contains("Tournament") && !out.contains("Head to head"),
        "{out}"
    );
}

#[test]
fn seats_count_from_one_in_results_and_messages() {
    let out = stdout_of(liar().args([
        "simulate",
        "--games",
        "2",
        "--seed",
        "9",
        "--bot",
        "native-random",
        "--bot",
        "native-honest",
    ]));
    let rows: Vec<&str> = out.lines().skip(2).take(2).collect();
    assert!(
        rows[0].trim_start().starts_with("1  native-random#1"),
        "{out}"
    );
    assert!(
        rows[1].trim_start().starts_with("2  native-honest#2"),
        "{out}"
    );
    liar()
        .args(["simulate", "--bot", "random", "--bot", "nobody"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--bot \"nobody\" (seat 2)"));
    // -v logs: the second seat (the file's seat 1) is "seat 2".
    let out = liar()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["-v", "simulate", "--games", "1", "--seed", "1"])
        .args([
            "--bot",
            "native-random",
            "--bot",
            "tests/fixtures/docs/recorder.lua",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("[seat 2] event:"), "{err}");
    assert!(!err.contains("[seat 1]"), "{err}");
}

/// Runs `args` with standard output a pipe whose reader is closed at once
/// (after reading at most one byte), and returns the exit code and
/// standard error.
fn into_closed_pipe(args: &[&str], data: &Path) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("liar"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_DATA_HOME", data)
        .env("NO_COLOR", "1")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    let _ = reader.read(&mut one);
    drop(reader);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn no_command_panics_on_a_closed_pipe() {
    let data = temp_dir("pipes");
    let dir = temp_dir("pipe-files");
    let replay = dir.join("r.jsonl");
    liar()
        .args(["simulate", "--games", "3", "--seed", "1", "--replay"])
        .arg(&replay)
        .assert()
        .success();
    let replay = replay.to_string_lossy().into_owned();
    let commands: Vec<Vec<&str>> = vec![
        vec!["simulate", "--games", "50", "--seed", "1"],
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["rules"],
        vec!["--lang", "ru", "rules"],
        vec!["new-bot", "x", "--output", "-"],
        vec!["replay"],
        vec!["replay", "--check", &replay],
        vec!["replay", &replay],
        vec!["watch", "--seed", "1", "--delay", "0"],
        vec!["play", "--seed", "1", "--delay", "0"],
        vec![
            "check-bot",
            "bots/random.lua",
            "--games",
            "1",
            "--isolation",
            "thread",
        ],
        vec![
            "tournament",
            "config/tournament.toml",
            "--games",
            "6",
            "--seed",
            "1",
            "--isolation",
            "thread",
        ],
        vec!["--help"],
        vec!["simulate", "--help"],
    ];
    for args in &commands {
        let (code, err) = into_closed_pipe(args, &data);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(code, Some(101), "{args:?}: {err}");
        assert!(code.is_some(), "{args:?} ended by a signal: {err}");
    }
}
