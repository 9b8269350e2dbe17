//! What many test areas share: the real binary with a clean environment,
//! scratch directories that are removed afterwards, and small checks.

use assert_cmd::Command;
use std::ops::Deref;
use std::path::Path;
use tempfile::TempDir;

/// A `liar` command with a clean environment (English, no colour).
pub fn liar() -> Command {
    let mut cmd = Command::cargo_bin("liar").expect("the liar binary");
    cmd.env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("NO_COLOR", "1");
    cmd
}

/// A fresh scratch directory for one test, removed when dropped. It reads
/// as a `Path` (`dir.join("x")`, `.arg(&*dir)`).
pub struct Scratch(TempDir);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// A scratch directory whose name starts with `liar-{name}-`.
pub fn temp_dir(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("liar-{name}-"))
        .tempdir()
        .expect("a temporary directory");
    Scratch(dir)
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
