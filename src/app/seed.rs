//! The master seed of a run: the one given (`--seed`, or the file's), or a
//! fresh one from the operating system's random source, kept secret until
//! the end (only its commitment is shown before).

use super::Failure;
use crate::engine::seed_commitment;
use crate::i18n::{AppMsg, Lang};
use rand::TryRng;
use rand::rngs::SysRng;

/// A run's master seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MasterSeed {
    /// The seed.
    pub value: u64,
    /// Whether nobody chose it: drawn at random, secret until the end.
    pub drawn: bool,
}

impl MasterSeed {
    /// The seed given, or a fresh random seed from the OS: 63 bits, so
    /// that every seed shown can also be written as a table file's
    /// `[match] seed` (TOML integers are signed 64-bit).
    pub fn choose(given: Option<u64>) -> Result<MasterSeed, Failure> {
        if let Some(value) = given {
            return Ok(MasterSeed {
                value,
                drawn: false,
            });
        }
        let value = SysRng
            .try_next_u64()
            .map_err(|e| Failure::NoRandomSeed(e.to_string()))?
            & i64::MAX.unsigned_abs();
        super::interrupt::reveal_on_exit(value);
        Ok(MasterSeed { value, drawn: true })
    }

    /// Says the seed on standard error before the run: a chosen seed as
    /// `seed N`, a drawn one only by its commitment. Nothing when `quiet`.
    pub fn announce(&self, quiet: bool, lang: Lang) {
        if quiet {
            return;
        }
        let commitment = seed_commitment(self.value);
        let msg = if self.drawn {
            AppMsg::SeedSealed {
                commitment: &commitment,
            }
        } else {
            AppMsg::Seed { seed: self.value }
        };
        super::stdout::note(&msg.text(lang));
    }

    /// Reveals a drawn seed on standard error after the run, with its
    /// commitment, so the two can be compared; nothing for a chosen seed.
    pub fn reveal(&self, lang: Lang) {
        if self.drawn {
            let commitment = seed_commitment(self.value);
            let msg = AppMsg::SeedDrawn {
                seed: self.value,
                commitment: &commitment,
            };
            super::stdout::note(&msg.text(lang));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawn_seed_fits_a_table_file() {
        // 64 draws of 64 random bits would hold one past i64::MAX but for
        // a chance of 2^-64.
        for _ in 0..64 {
            let seed = MasterSeed::choose(None)
                .map(|s| s.value)
                .unwrap_or(u64::MAX);
            assert!(i64::try_from(seed).is_ok(), "{seed}");
        }
        assert_eq!(
            MasterSeed::choose(Some(u64::MAX)).map(|s| s.value).ok(),
            Some(u64::MAX)
        );
    }
}
