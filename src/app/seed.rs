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
    /// The seed given, or a fresh random 64-bit seed from the OS.
    pub fn choose(given: Option<u64>) -> Result<MasterSeed, Failure> {
        if let Some(value) = given {
            return Ok(MasterSeed {
                value,
                drawn: false,
            });
        }
        let value = SysRng
            .try_next_u64()
            .map_err(|e| Failure::NoRandomSeed(e.to_string()))?;
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
