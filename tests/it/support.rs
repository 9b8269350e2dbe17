//! What many test areas share: the real binary with a clean environment,
//! scratch directories that are removed afterwards, small checks, a
//! deterministic generator and replays recorded from the real engine.

use assert_cmd::Command;
use liar::engine::{
    MatchSetup, MatchStats, NativePlayer, PenaltyReason, Player, PlayerError, Policy,
    native_players, play_match,
};
use liar::replay::ReplayWriter;
use liar::rules::{Decision, DecisionKind, Positions, Rules, SeatView};
use std::ops::Deref;
use std::path::Path;
use tempfile::TempDir;

/// A `liar` command with a clean environment (English, no colour, and a
/// data folder of the tests' own, so `play` never records into the
/// user's: tests that look at it set `XDG_DATA_HOME` themselves).
pub fn liar() -> Command {
    let mut cmd = Command::cargo_bin("liar").expect("the liar binary");
    cmd.env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("XDG_DATA_HOME", tests_data_home())
        .env("NO_COLOR", "1");
    cmd
}

/// The data folder every test's `liar` uses, so that `play` never records
/// into the user's own.
pub fn tests_data_home() -> std::path::PathBuf {
    std::env::temp_dir().join("liar-it-data")
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

/// A small deterministic generator (SplitMix64), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Plays `setup` and returns the replay's bytes and the match's figures.
pub fn record<P: Player>(setup: &MatchSetup, players: &mut [P]) -> (Vec<u8>, MatchStats) {
    let mut writer = ReplayWriter::new(Vec::new());
    let stats = play_match(setup, players, &mut writer).expect("valid setup");
    (writer.finish().expect("in-memory writes"), stats)
}

/// The replay of a match of built-in policies.
pub fn native_replay(rules: Rules, seed: u64, games: u32, policies: &[&str]) -> Vec<u8> {
    let setup = MatchSetup::native(rules, seed, games, policies);
    let mut players = native_players(&setup).expect("known policies");
    record(&setup, &mut players).0
}

/// What a [`Flaky`] player writes to its debug log before a decision (its
/// generator, the decision's number from 1, the view), if anything.
pub type FlakyLog = Box<dyn FnMut(&mut Rng, u32, &SeatView<'_>) -> Option<String>>;

/// A random native player that sometimes fails (a timeout, or a decision of
/// the wrong kind, which the engine calls illegal), may quit at its n-th
/// decision, and writes what `log` gives to its debug log.
pub struct Flaky {
    inner: NativePlayer,
    rng: Rng,
    /// Failures per 100 decisions.
    rate: usize,
    quit_at: Option<u32>,
    decisions: u32,
    logs: Vec<String>,
    log: FlakyLog,
}

impl Flaky {
    pub fn new(seed: u64, rate: usize, quit_at: Option<u32>, log: FlakyLog) -> Self {
        Flaky {
            inner: NativePlayer::new(Policy::Random),
            rng: Rng(seed),
            rate,
            quit_at,
            decisions: 0,
            logs: Vec::new(),
            log,
        }
    }
}

impl Player for Flaky {
    fn begin_game(&mut self, game: u32, seed: u64) {
        self.inner.begin_game(game, seed);
    }

    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        self.decisions += 1;
        if self.quit_at == Some(self.decisions) {
            return Err(PlayerError::Quit);
        }
        if let Some(line) = (self.log)(&mut self.rng, self.decisions, view) {
            self.logs.push(line);
        }
        let roll = self.rng.below(100);
        if roll < self.rate / 2 {
            return Err(PlayerError::failed(PenaltyReason::Timeout, "too slow"));
        }
        if roll < self.rate {
            return Ok(match view.decision {
                Some(DecisionKind::Claim) => Decision::Accept,
                Some(DecisionKind::Respond) => Decision::Reroll(Positions::NONE),
                _ => Decision::Challenge,
            });
        }
        self.inner.decide(view)
    }

    fn take_logs(&mut self, out: &mut Vec<String>) {
        out.append(&mut self.logs);
    }
}
