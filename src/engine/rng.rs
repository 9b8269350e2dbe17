//! Seeded random streams: one master seed gives every game its own dice.
//!
//! The generator is ChaCha8 (`rand_chacha`), which gives the same numbers on
//! every platform and version. The master seed keys it (through
//! `SeedableRng::seed_from_u64`); the stream number selects what the numbers
//! are for, so each game's dice depend only on (master seed, game number):
//!
//! | stream | used for |
//! |---|---|
//! | 0 | the seating throw |
//! | g (1, 2, …) | the dice of game g |
//! | 2^63 + g·2^8 + seat | the seed handed to `seat`'s player for game g |

use crate::rules::{Dice, Face, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A stream of fair die faces.
///
/// ```
/// use liar::engine::DiceStream;
/// let mut a = DiceStream::for_game(42, 1);
/// let mut b = DiceStream::for_game(42, 1);
/// assert_eq!(a.dice(), b.dice());
/// assert_ne!(DiceStream::for_game(42, 1).dice(), DiceStream::for_game(42, 2).dice());
/// ```
#[derive(Clone, Debug)]
pub struct DiceStream(ChaCha8Rng);

impl DiceStream {
    /// The stream of `stream` under `master`.
    pub fn new(master: u64, stream: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(master);
        rng.set_stream(stream);
        DiceStream(rng)
    }

    /// The dice of game `game` (1-based) of a match.
    pub fn for_game(master: u64, game: u32) -> Self {
        Self::new(master, u64::from(game))
    }

    /// The dice of the seating throw of a match.
    pub fn for_seating(master: u64) -> Self {
        Self::new(master, 0)
    }

    /// One fair face.
    #[inline]
    pub fn face(&mut self) -> Face {
        // Reject the top 4 values of 2^32 so every face is exactly as likely.
        loop {
            let x = self.0.next_u32();
            if x < u32::MAX - 3 {
                return Face::ALL[(x % 6) as usize];
            }
        }
    }

    /// Five fair dice.
    #[inline]
    pub fn dice(&mut self) -> Dice {
        Dice([
            self.face(),
            self.face(),
            self.face(),
            self.face(),
            self.face(),
        ])
    }

    /// A uniform number below `n` (`n` ≥ 1), without bias.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        let n = n.max(1);
        let zone = u32::MAX - u32::MAX % n;
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A uniform 64-bit number.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

/// The seed given to `seat`'s player for game `game`.
pub fn player_seed(master: u64, game: u32, seat: Seat) -> u64 {
    let stream = (1u64 << 63) | (u64::from(game) << 8) | (seat as u64 & 0xff);
    DiceStream::new(master, stream).next_u64()
}
