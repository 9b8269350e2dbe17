//! Seeds nobody chose stay secret: a seed drawn at random is published as
//! a commitment when the match starts and revealed when it ends.
//!
//! Whoever knows the master seed knows every die (the streams are public,
//! see `rng.rs`). A seed drawn at random is therefore kept secret until the
//! match is over, but its commitment — the SHA-256 of its decimal text — is
//! shown at the start, so anyone can check afterwards that the revealed seed
//! is the one the dice were thrown with and was fixed before the first die.

use super::events::{Event, Observer};
use sha2::{Digest, Sha256};

/// The commitment to `seed`: the SHA-256 of its decimal text (ASCII digits,
/// no sign, no leading zeros, no newline), as 64 lowercase hex digits. The
/// shell gives the same with `printf %s SEED | sha256sum`.
///
/// ```
/// use liar::engine::seed_commitment;
/// // printf %s 42 | sha256sum
/// assert_eq!(
///     seed_commitment(42),
///     "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"
/// );
/// ```
pub fn seed_commitment(seed: u64) -> String {
    sha256_hex(seed.to_string().as_bytes())
}

/// The SHA-256 of `bytes`, as 64 lowercase hex digits.
///
/// ```
/// assert!(liar::engine::sha256_hex(b"").starts_with("e3b0c44298fc1c14"));
/// ```
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Passes a match's events on to `inner`, with the seed sealed when asked:
/// the `match` event carries the seed's [commitment](seed_commitment)
/// instead of the seed, and `match_end` (also that of a match stopped
/// early) carries the seed. Unsealed, events pass unchanged.
///
/// ```
/// use liar::engine::*;
/// use liar::replay::ReplayWriter;
/// use liar::rules::Rules;
/// let setup = MatchSetup::native(Rules::default(), 42, 1, &["honest", "honest"]);
/// let mut sealed = SealedSeed::new(ReplayWriter::new(Vec::new()), true);
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut sealed).unwrap();
/// let text = String::from_utf8(sealed.into_inner().finish().unwrap()).unwrap();
/// let first = text.lines().next().unwrap();
/// assert!(first.contains(&seed_commitment(42)) && !first.contains("\"seed\""));
/// assert!(text.lines().last().unwrap().ends_with(",\"seed\":42}"));
/// ```
#[derive(Debug)]
pub struct SealedSeed<O> {
    inner: O,
    sealed: bool,
    seed: Option<u64>,
}

impl<O> SealedSeed<O> {
    /// Events for `inner`, the seed sealed if `sealed`.
    pub fn new(inner: O, sealed: bool) -> Self {
        SealedSeed {
            inner,
            sealed,
            seed: None,
        }
    }

    /// The observer inside.
    pub fn into_inner(self) -> O {
        self.inner
    }
}

impl<O: Observer> Observer for SealedSeed<O> {
    fn active(&self) -> bool {
        self.inner.active()
    }

    fn event(&mut self, event: &Event) {
        match event {
            Event::Match {
                version,
                seed: Some(seed),
                commitment: None,
                rules,
                seats,
            } if self.sealed => {
                self.seed = Some(*seed);
                self.inner.event(&Event::Match {
                    version: *version,
                    seed: None,
                    commitment: Some(seed_commitment(*seed)),
                    rules: *rules,
                    seats: seats.clone(),
                });
            }
            Event::MatchEnd {
                wins,
                aborted,
                seed: None,
            } if self.seed.is_some() => self.inner.event(&Event::MatchEnd {
                wins: wins.clone(),
                aborted: *aborted,
                seed: self.seed,
            }),
            _ => self.inner.event(event),
        }
    }
}
