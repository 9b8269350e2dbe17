//! `liar play` records every match in the user's data folder, and `liar
//! replay` without a file lists what it recorded.

use super::play::stubborn_answers;
use crate::support::{liar, stdout_of, temp_dir};
use std::path::{Path, PathBuf};

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
    let mut lines = list.lines().skip_while(|l| !l.contains(&name));
    let (row, under) = (lines.next(), lines.next());
    assert!(row.is_some(), "{list}");
    assert!(
        under.is_some_and(|u| u.contains("You, Honest, Stat") && u.contains("games: 1")),
        "{list}"
    );
    assert!(list.contains("liar replay NAME"), "{list}");
    for line in list
        .lines()
        .filter(|l| !l.starts_with("Recorded games in "))
    {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    // The name alone opens it, from any folder.
    let checked = liar()
        .env("XDG_DATA_HOME", &*data)
        .current_dir(&dir)
        .args(["replay", "--check", &name])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&checked.get_output().stdout).into_owned();
    assert!(out.contains("valid"), "{out}");
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
    assert!(err.contains("сид 5"), "{err}");
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
