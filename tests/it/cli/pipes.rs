//! No command panics when the reader of its output goes away (`liar
//! simulate | head -c1`).

use crate::support::{liar, temp_dir};
use std::io::Read;
use std::path::Path;
use std::process::Stdio;

/// `liar args` as a plain std command (`assert_cmd` cannot hand out a child
/// to read from), run from the crate root with `data` as its data folder.
fn plain_liar(args: &[&str], data: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("liar"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_DATA_HOME", data)
        .env("NO_COLOR", "1")
        .args(args);
    cmd
}

/// Runs `args` with standard output a pipe whose reader is closed at once
/// (after reading at most one byte), and returns the exit code and
/// standard error.
fn into_closed_pipe(args: &[&str], data: &Path) -> (Option<i32>, String) {
    let mut child = plain_liar(args, data)
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

/// Runs `args` with standard output and standard error both a pipe whose
/// reader is closed at once, and returns the exit code.
fn both_into_closed_pipe(args: &[&str], data: &Path) -> Option<i32> {
    let (reader, writer) = std::io::pipe().unwrap();
    let mut child = plain_liar(args, data)
        .stdin(Stdio::null())
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    drop(reader);
    child.wait().unwrap().code()
}

#[test]
fn nor_when_standard_error_goes_to_the_closed_pipe_too() {
    let data = temp_dir("pipes-both");
    let commands: [&[&str]; 5] = [
        &["simulate", "--games", "20"],
        &[
            "-v",
            "simulate",
            "--games",
            "2",
            "--bot",
            "native-random",
            "--bot",
            "tests/fixtures/docs/recorder.lua",
        ],
        &["play", "--seed", "1", "--delay", "0"],
        &[
            "tournament",
            "config/tournament.toml",
            "--games",
            "6",
            "--isolation",
            "thread",
        ],
        &["simulate", "--bot", "nobody", "--bot", "random"],
    ];
    for args in commands {
        let code = both_into_closed_pipe(args, &data);
        assert!(code.is_some(), "{args:?} ended by a signal");
        assert_ne!(code, Some(101), "{args:?} panicked");
    }
}
