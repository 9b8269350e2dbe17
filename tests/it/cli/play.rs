//! `liar play` and `liar watch` driven through piped standard input.

use crate::support::{hex64, liar, sha256_of_seed, stdout_of, temp_dir};
use std::path::PathBuf;

fn config(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("config")
        .join(name)
}

/// Answers that finish any game: "c" challenges when asked to accept or
/// challenge; when asked for a claim, "c" is refused and "AAAAA" (which the
/// next player must challenge) is taken.
pub(super) fn stubborn_answers(lines: usize) -> String {
    "c\nAAAAA\n".repeat(lines)
}

#[test]
fn play_with_no_arguments_runs_the_built_in_table_to_the_end() {
    let dir = temp_dir("play-default");
    let replay = dir.join("game.jsonl");
    let out = stdout_of(
        liar()
            .args(["play", "--seed", "11", "--replay"])
            .arg(&replay)
            .write_stdin(stubborn_answers(300)),
    );
    assert!(out.contains("Players: You, Honest, Stat."), "{out}");
    // A whole match asks the person both questions.
    assert!(out.contains("Accept or challenge?"), "{out}");
    assert!(out.contains("Your claim?"), "{out}");
    assert!(out.contains("Match over."), "{out}");
    // The replay is complete and valid.
    let check = stdout_of(liar().args(["replay", "--check"]).arg(&replay));
    assert!(check.contains("valid replay: 3 seats, 1 games"), "{check}");
}

#[test]
fn play_in_russian() {
    let out = stdout_of(
        liar()
            .args(["--lang", "ru", "play", "--seed", "12"])
            .write_stdin("н\nAAAAA\n".repeat(300)),
    );
    assert!(out.contains("Верите? (верю / в, не верю / н)"), "{out}");
    assert!(out.contains("Ваша заявка?"), "{out}");
    assert!(out.contains("Матч окончен"), "{out}");
    assert!(!out.contains("Accept or challenge?"), "{out}");
    assert!(!out.contains("Your claim?"), "{out}");
}

#[test]
fn bad_input_is_explained_and_asked_again() {
    let out = stdout_of(
        liar()
            .args(["play", "--seed", "11"])
            .write_stdin(format!("maybe\nseven dwarves\n{}", stubborn_answers(300))),
    );
    // Each refused answer gets a one-line reason naming it, then the same
    // question again; the third answer is taken.
    let question = "Accept or challenge? (accept / a, challenge / c)";
    let expected = [
        question,
        "> maybe",
        "\"maybe\" is not an answer here: type accept (a) or challenge (c), or help.",
        question,
        "> seven dwarves",
        "\"seven dwarves\" is not an answer here: type accept (a) or challenge (c), or help.",
        question,
        "> c",
    ]
    .join("\n");
    assert!(out.contains(&expected), "{out}");
    assert!(out.contains("Match over."), "{out}");
}

#[test]
fn quit_asks_first_and_keeps_the_replay() {
    let dir = temp_dir("play-quit");
    let replay = dir.join("quit.jsonl");
    let out = stdout_of(
        liar()
            .args(["play", "--seed", "11", "--replay"])
            .arg(&replay)
            .write_stdin("quit\nno\nquit\nyes\n"),
    );
    assert!(out.contains("stopped before its end"), "{out}");
    let text = std::fs::read_to_string(&replay).unwrap();
    let last = text.lines().last().unwrap();
    assert!(
        last.contains(r#""type":"match_end""#) && last.contains(r#""aborted":true"#),
        "{last}"
    );
    stdout_of(liar().args(["replay", "--check"]).arg(&replay));
}

#[test]
fn end_of_input_ends_the_match_cleanly() {
    let out = stdout_of(liar().args(["play", "--seed", "11"]).write_stdin(""));
    assert!(out.contains("stopped before its end"), "{out}");
}

#[test]
fn hot_seat_never_shows_a_players_dice_to_the_other() {
    let out = stdout_of(
        liar()
            .args(["--lang", "en", "play", "--seed", "3", "--games", "1"])
            .arg(config("hot-seat.toml"))
            .write_stdin(format!("\n{}", "\nc\nAAAAA\n".repeat(400))),
    );
    assert!(out.contains("press Enter"), "{out}");
    // Between one human's pass prompt and the screen clear, only that
    // human's dice may be shown.
    let mut holder: Option<String> = None;
    let mut shown = 0;
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("Pass the keyboard to ") {
            holder = rest.split(" — ").next().map(str::to_string);
        }
        if line.contains("(screen cleared)") {
            holder = None;
        }
        if let Some((who, _)) = line.split_once(", your dice:") {
            assert_eq!(
                Some(who.trim()),
                holder.as_deref(),
                "dice of {who} shown while {holder:?} holds the keyboard"
            );
            shown += 1;
        }
    }
    assert!(shown > 0, "no human ever saw dice: {out}");
}

#[test]
fn watch_narrates_a_bots_only_table() {
    let out = stdout_of(liar().args(["watch", "--seed", "4", "--delay", "0"]));
    assert!(out.contains("Players: Bluffer, Honest, Stat."), "{out}");
    assert!(out.contains("Match over."), "{out}");
}

#[test]
fn watch_refuses_tables_with_people() {
    liar()
        .arg("watch")
        .arg(config("hot-seat.toml"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bots only"));
}

#[test]
fn a_broken_table_names_file_line_and_key() {
    let dir = temp_dir("play-broken");
    let table = dir.join("t.toml");
    std::fs::write(&table, "[rules]\nchips = 3\nstraigts = \"none\"\n").unwrap();
    liar()
        .arg("play")
        .arg(&table)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("t.toml:3:1"))
        .stderr(predicates::str::contains("straigts"));
}

/// Plays the built-in table without a seed; returns stdout and the replay.
fn play_unseeded(name: &str, lang: &str) -> (String, String, String) {
    let dir = temp_dir(name);
    let replay = dir.join("game.jsonl");
    let out = liar()
        .args(["--lang", lang, "play", "--replay"])
        .arg(&replay)
        .write_stdin(stubborn_answers(300))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    (stdout, stderr, std::fs::read_to_string(&replay).unwrap())
}

#[test]
fn play_without_a_seed_commits_to_it_first_and_reveals_it_last() {
    let (out, err, replay) = play_unseeded("play-sealed", "en");
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    // The commitment comes before the first die is thrown.
    let at = lines
        .iter()
        .position(|l| l.starts_with("Seed sealed:"))
        .unwrap_or_else(|| panic!("no commitment: {out}"));
    let first_throw = lines
        .iter()
        .position(|l| l.starts_with("Throw for seats") || l.starts_with("Game 1"))
        .unwrap();
    assert!(at < first_throw, "{out}");
    let commitment = hex64(lines[at]).unwrap();
    // The seed is the last line, and its SHA-256 is the commitment.
    let last = lines.last().unwrap();
    let seed: u64 = last
        .strip_prefix("Seed: ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("the last line is not the seed: {last}"));
    assert_eq!(sha256_of_seed(seed), commitment);
    assert!(
        last.contains(&format!("printf %s {seed} | sha256sum")),
        "{last}"
    );
    assert!(!err.contains(&seed.to_string()), "{err}");
    // Nothing before the end tells the seed: not the terminal...
    let revealed_at = out.find(&seed.to_string()).unwrap();
    assert!(revealed_at > out.rfind("Match over.").unwrap(), "{out}");
    // ...nor the replay, whose `match` line has the same commitment and
    // whose `match_end` (the last line) the seed.
    let replay_lines: Vec<&str> = replay.lines().collect();
    let (end, before) = replay_lines.split_last().unwrap();
    assert!(
        before.iter().all(|l| !l.contains(&seed.to_string())),
        "{replay}"
    );
    let first: serde_json::Value = serde_json::from_str(replay_lines[0]).unwrap();
    assert_eq!(first["version"], liar::engine::REPLAY_VERSION);
    assert_eq!(first["commitment"], commitment);
    assert!(first.get("seed").is_none(), "{first}");
    let end: serde_json::Value = serde_json::from_str(end).unwrap();
    assert_eq!(end["type"], "match_end");
    assert_eq!(end["seed"], seed);
}

#[test]
fn the_checker_verifies_the_commitment_and_refuses_a_tampered_one() {
    let dir = temp_dir("play-tampered");
    let (_, _, replay) = play_unseeded("play-tampered-run", "en");
    let good = dir.join("good.jsonl");
    std::fs::write(&good, &replay).unwrap();
    let check = stdout_of(liar().args(["replay", "--check"]).arg(&good));
    assert!(
        check.contains("drawn at random: its SHA-256 is the commitment"),
        "{check}"
    );
    // Another seed's commitment in the `match` line: refused at the end,
    // where the seed revealed does not match it.
    let lines: Vec<&str> = replay.lines().collect();
    let end: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    let seed = end["seed"].as_u64().unwrap();
    let tampered = replay.replacen(
        &sha256_of_seed(seed),
        &sha256_of_seed(seed.wrapping_add(1)),
        1,
    );
    assert_ne!(tampered, replay);
    let bad = dir.join("tampered.jsonl");
    std::fs::write(&bad, tampered).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(format!(
            "line {}: `match_end.seed`: {seed} is not the seed committed to",
            lines.len()
        )));
}

#[test]
fn two_games_without_a_seed_get_different_seeds() {
    let (a, _, _) = play_unseeded("play-fresh-a", "en");
    let (b, _, _) = play_unseeded("play-fresh-b", "en");
    let commitment = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("Seed sealed:"))
            .and_then(hex64)
            .map(str::to_string)
            .unwrap()
    };
    assert_ne!(commitment(&a), commitment(&b));
}

#[test]
fn the_seal_is_told_in_russian_too() {
    let (out, _, _) = play_unseeded("play-sealed-ru", "ru");
    assert!(out.contains("Сид запечатан"), "{out}");
    let last = out.lines().rfind(|l| !l.trim().is_empty()).unwrap();
    assert!(last.starts_with("Сид: "), "{last}");
    assert!(!out.contains("Seed"), "{out}");
}

#[test]
fn a_chosen_seed_is_said_at_the_start_and_not_sealed() {
    let dir = temp_dir("play-chosen");
    let replay = dir.join("game.jsonl");
    let out = liar()
        .args(["play", "--seed", "11", "--replay"])
        .arg(&replay)
        .write_stdin(stubborn_answers(300))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("seed 11\n"), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.contains("Seed"), "{stdout}");
    let text = std::fs::read_to_string(&replay).unwrap();
    let start = format!(
        r#"{{"type":"match","version":{},"seed":11,"#,
        liar::engine::REPLAY_VERSION
    );
    assert!(text.starts_with(&start), "{text}");
    assert!(!text.contains("commitment"), "{text}");
}

#[test]
fn quitting_still_reveals_the_seed() {
    let dir = temp_dir("play-sealed-quit");
    let replay = dir.join("quit.jsonl");
    let out = stdout_of(
        liar()
            .args(["play", "--replay"])
            .arg(&replay)
            .write_stdin("quit\nyes\n"),
    );
    assert!(out.contains("stopped before its end"), "{out}");
    let commitment = out
        .lines()
        .find(|l| l.starts_with("Seed sealed:"))
        .and_then(hex64)
        .unwrap_or_else(|| panic!("{out}"));
    let last = out.lines().rfind(|l| !l.trim().is_empty()).unwrap();
    let text = std::fs::read_to_string(&replay).unwrap();
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(end["aborted"], true);
    let seed = end["seed"].as_u64().unwrap();
    assert!(last.starts_with(&format!("Seed: {seed} ")), "{last}");
    assert_eq!(sha256_of_seed(seed), commitment);
    stdout_of(liar().args(["replay", "--check"]).arg(&replay));
}
