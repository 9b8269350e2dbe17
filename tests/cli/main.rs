//! End-to-end tests of the real `liar` binary.

mod bots;
mod isolation;
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

/// The SHA-256 of a seed's decimal text, in hex (what `printf %s SEED |
/// sha256sum` prints), computed here independently of the engine.
pub fn sha256_of_seed(seed: u64) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(seed.to_string().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The first run of exactly 64 hex digits in `line`.
pub fn hex64(line: &str) -> Option<&str> {
    line.split(|c: char| !c.is_ascii_hexdigit())
        .find(|w| w.len() == 64)
}
