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
//!
//! Players get their own seeds, derived from (master seed, game, seat) by a
//! PCG generator (`rand_pcg`, also portable and much cheaper to start than
//! ChaCha): see [`player_seed`] and [`SeatRng`].

use crate::rules::{Dice, Face, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_pcg::Pcg64;

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
}

/// A player's own random stream (PCG), seeded by the engine each game.
///
/// ```
/// use liar::engine::SeatRng;
/// let mut a = SeatRng::new(5);
/// let mut b = SeatRng::new(5);
/// assert_eq!(a.below(1000), b.below(1000));
/// assert!(SeatRng::new(6).below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct SeatRng(Pcg64);

impl SeatRng {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> Self {
        SeatRng(Pcg64::seed_from_u64(seed))
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

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The seed given to `seat`'s player for game `game`.
///
/// ```
/// use liar::engine::player_seed;
/// assert_eq!(player_seed(1, 2, 0), player_seed(1, 2, 0));
/// assert_ne!(player_seed(1, 2, 0), player_seed(1, 2, 1));
/// assert_ne!(player_seed(1, 2, 0), player_seed(1, 3, 0));
/// ```
pub fn player_seed(master: u64, game: u32, seat: Seat) -> u64 {
    // PCG's stream selector keeps (game, seat) pairs on distinct sequences.
    let stream = (u128::from(game) << 16) | (seat as u128 & 0xffff);
    Pcg64::new(u128::from(master), stream).next_u64()
}
