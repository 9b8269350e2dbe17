//! End-to-end tests of the real `liar` binary.

mod bots;
mod play;
mod simulate;
mod tournament;

use assert_cmd::Command;
use std::path::PathBuf;

/// A `liar` command with a clean environment (English, no colour).
pub fn liar() -> Command {
    let mut cmd = Command::cargo_bin("liar").unwrap();
    cmd.env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("NO_COLOR", "1");
    cmd
}

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("liar-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The standard output of a successful run.
pub fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "exit {:?}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
