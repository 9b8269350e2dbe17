//! `liar play` and `liar watch` driven through piped standard input.

use super::{liar, stdout_of, temp_dir};
use std::path::PathBuf;

fn config(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("config")
        .join(name)
}

/// Answers that finish any game: "c" challenges when asked to accept or
/// challenge; when asked for a claim, "c" is refused and "AAAAA" (which the
/// next player must challenge) is taken.
fn stubborn_answers(lines: usize) -> String {
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
    assert!(
        out.contains("Accept or challenge?") || out.contains("Your claim?"),
        "{out}"
    );
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
    assert!(
        out.contains("Верите или нет?") || out.contains("Ваша заявка?"),
        "{out}"
    );
    assert!(!out.contains("Accept or challenge?"), "{out}");
}

#[test]
fn bad_input_is_explained_and_asked_again() {
    let out = stdout_of(
        liar()
            .args(["play", "--seed", "11"])
            .write_stdin(format!("maybe\nseven dwarves\n{}", stubborn_answers(300))),
    );
    let first_question = out.find('>').unwrap();
    let rest = &out[first_question..];
    // The first answer is refused with a one-line reason, then asked again.
    assert!(rest.lines().nth(1).unwrap().len() < 200, "{rest}");
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
