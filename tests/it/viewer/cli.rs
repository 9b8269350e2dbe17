//! `liar replay FILE` end to end: the real binary, commands piped on
//! standard input, usage errors for bad seats and games, cut and empty files.

use assert_cmd::Command;
use std::path::PathBuf;

const SHORT: &str = "tests/fixtures/viewer/short.jsonl";

use crate::support::liar;

/// A fresh temporary file holding `bytes`, in a directory removed when the
/// returned guard drops.
fn temp_file(name: &str, bytes: &[u8]) -> (crate::support::Scratch, PathBuf) {
    let dir = crate::support::temp_dir("viewer");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("writable");
    (dir, path)
}

/// Exit code, standard output and standard error of a run.
fn run(cmd: &mut Command, stdin: &str) -> (i32, String, String) {
    let out = cmd.write_stdin(stdin.to_string()).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn steps_through_piped_commands_and_ends_cleanly() {
    let (code, out, err) = run(liar().args(["replay", SHORT]), "n\nn\nr 2\nq\nn\n");
    assert_eq!(code, 0, "{err}");
    let headers: Vec<&str> = out.lines().filter(|l| l.starts_with("──")).collect();
    assert_eq!(
        headers,
        [
            "── step 1 of 19 · God's view ──",
            "── step 2 of 19 · God's view ──",
            "── game 1 · step 3 of 19 · God's view ──",
            "── game 1, round 2 · step 14 of 19 · God's view ──",
        ],
        "{out}"
    );
    assert!(out.contains("Dice held by honest#2: K Q J Q Q"), "{out}");
}

#[test]
fn at_the_end_of_input_shows_the_first_step_asked_for() {
    let (code, out, err) = run(
        liar().args([
            "--lang", "ru", "replay", "--seat", "2", "--game", "1", SHORT,
        ]),
        "",
    );
    assert_eq!(code, 0, "{err}");
    // Seats count from 1: --seat 2 is the file's seat 1.
    assert!(
        out.starts_with("\n── партия 1 · шаг 3 из 19 · место 2, глазами игрока random#1 ──\n"),
        "{out}"
    );
    assert_eq!(out.matches("──").count(), 2, "{out}");
}

#[test]
fn a_seat_view_hides_the_dice_another_seat_holds() {
    let (code, out, _) = run(liar().args(["replay", "--seat", "1", SHORT]), "r 2\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("honest#2 holds the dice; this seat cannot see them."),
        "{out}"
    );
    assert!(!out.contains("K Q J Q Q"), "{out}");
}

#[test]
fn bad_seats_and_games_are_usage_errors() {
    let (code, _, err) = run(liar().args(["replay", "--seat", "4", SHORT]), "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--seat: there is no seat 4: the table's seats are 1 to 3."),
        "{err}"
    );
    // Seats count from 1: there is no seat 0.
    let (code, _, err) = run(liar().args(["replay", "--seat", "0", SHORT]), "");
    assert_eq!(code, 2);
    assert!(err.contains("0 is not in 1.."), "{err}");
    let (code, _, err) = run(liar().args(["replay", "--game", "2", SHORT]), "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--game: This replay has no game 2: games 1 to 1."),
        "{err}"
    );
}

#[test]
fn a_cut_replay_is_viewed_with_a_note() {
    let bytes = std::fs::read(SHORT).expect("the fixture");
    let (_dir, cut) = temp_file("cut.jsonl", &bytes[..bytes.len() - 60]);
    let (code, out, err) = run(liar().arg("replay").arg(&cut), "g 1\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Note: the replay ends at line 17 without the end of the match"),
        "{out}"
    );
    // `--check` still tells the file is incomplete.
    let (code, _, err) = run(liar().args(["replay", "--check"]).arg(&cut), "");
    assert_eq!(code, 1);
    assert!(err.contains("incomplete replay"), "{err}");
}

#[test]
fn files_that_cannot_be_viewed_are_runtime_errors() {
    let (_dir, empty) = temp_file("empty.jsonl", b"");
    let (code, _, err) = run(liar().arg("replay").arg(&empty), "");
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot view this replay: line 1: the file is empty"),
        "{err}"
    );
    let (code, _, err) = run(liar().args(["replay", "no-such-file.jsonl"]), "");
    assert_eq!(code, 1);
    assert!(err.contains("cannot open no-such-file.jsonl"), "{err}");
}

#[test]
fn check_still_validates() {
    let (code, out, err) = run(liar().args(["replay", "--check", SHORT]), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("valid replay: 3 seats, 1 games"), "{out}");
}

#[test]
fn views_a_replay_with_a_sealed_seed() {
    use liar::engine::{MatchSetup, SealedSeed, native_players, play_match, seed_commitment};
    use liar::replay::ReplayWriter;
    use liar::rules::Rules;
    let seed = u64::MAX - 5;
    let setup = MatchSetup::native(Rules::default(), seed, 1, &["honest", "random", "honest"]);
    let mut players = native_players(&setup).expect("known policies");
    let mut sealed = SealedSeed::new(ReplayWriter::new(Vec::new()), true);
    play_match(&setup, &mut players, &mut sealed).expect("valid setup");
    let bytes = sealed.into_inner().finish().expect("in-memory writes");
    let (_dir, path) = temp_file("sealed.jsonl", &bytes);
    // Step 1 shows the commitment, the last step the seed.
    let (code, out, err) = run(liar().args(["replay", "--seat", "1"]).arg(&path), "a\na\n");
    assert_eq!(code, 0, "{err}");
    let commitment = seed_commitment(seed);
    let sealed_at = out.find(&commitment).expect("the commitment is shown");
    let revealed_at = out
        .find(&format!("Seed: {seed}"))
        .expect("the seed is shown");
    assert!(sealed_at < out.find("Game 1").expect("a game") && revealed_at > sealed_at);
    assert!(
        out[..revealed_at].find(&seed.to_string()).is_none(),
        "{out}"
    );
}
