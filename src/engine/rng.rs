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
//! | 2^63 + g | the players' seeds for game g: the k-th `u64` of the stream is seat k's seed |
//! | 2^63 | the players' seeds while the match begins (a bot's top-level code), taken the same way |
//!
//! Players get their own seeds from the stream reserved for them ([`PlayerSeeds`],
//! [`player_seed`]), so nothing a player learns from its own random numbers
//! (`liar.random` in a Lua bot) tells it anything about the dice: ChaCha8
//! streams of one key are independent, and the key cannot be worked out
//! from any of them. Inside a player, [`SeatRng`] (PCG, cheap to start)
//! turns its seed into numbers.
//!
//! What each stream is used for is part of the replay format: the same seed
//! must give the same match. Any change to this table changes the matches a
//! seed gives, so it comes with a new replay format version
//! (`docs/replay-format.md`, "Seeds and random streams"). Version 1 derived
//! the players' seeds with PCG from (master seed, game, seat); version 2
//! uses stream 2^63 + g.

use crate::rules::{Dice, Face, MAX_SEATS, Seat};
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

    /// A uniform integer in `lo..=hi` (`lo` ≤ `hi`), without bias: what a
    /// Lua bot's `liar.random(m, n)` draws.
    ///
    /// Unlike [`SeatRng::below`] it draws 64-bit words, and it rejects only
    /// the words past the last whole multiple of the span: the two streams
    /// are part of recorded replays, so neither can become the other.
    ///
    /// ```
    /// use liar::engine::SeatRng;
    /// let mut rng = SeatRng::new(3);
    /// assert!((-3..=-1).contains(&rng.between(-3, -1)));
    /// assert_eq!(rng.between(5, 5), 5);
    /// ```
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.wrapping_sub(lo) as u64; // number of values minus one
        if span == u64::MAX {
            return self.next_u64() as i64;
        }
        let n = span + 1;
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return lo.wrapping_add((x % n) as i64);
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

/// The first stream of the players' seeds: game `g` uses stream
/// `PLAYER_STREAMS + g`, far from the dice streams (`0..=u32::MAX`).
pub const PLAYER_STREAMS: u64 = 1 << 63;

/// The seeds of every seat for one game: the first [`MAX_SEATS`] numbers of
/// ChaCha8 stream 2^63 + game under the master seed, seat k's being the k-th.
/// One stream (one ChaCha8 start) serves the whole table.
///
/// ```
/// use liar::engine::{PlayerSeeds, player_seed};
/// let seeds = PlayerSeeds::new(7, 3);
/// assert_eq!(seeds.seat(2), player_seed(7, 3, 2));
/// assert_ne!(seeds.seat(0), seeds.seat(1));
/// assert_ne!(seeds.seat(0), PlayerSeeds::new(7, 4).seat(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSeeds {
    master: u64,
    game: u32,
    seeds: [u64; MAX_SEATS],
}

impl PlayerSeeds {
    /// The seeds of game `game` under `master`.
    pub fn new(master: u64, game: u32) -> Self {
        let mut rng = Self::stream(master, game);
        let mut seeds = [0; MAX_SEATS];
        for seed in &mut seeds {
            *seed = rng.next_u64();
        }
        PlayerSeeds {
            master,
            game,
            seeds,
        }
    }

    fn stream(master: u64, game: u32) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(master);
        rng.set_stream(PLAYER_STREAMS + u64::from(game));
        rng
    }

    /// Seat `seat`'s seed.
    pub fn seat(&self, seat: Seat) -> u64 {
        match self.seeds.get(seat) {
            Some(&seed) => seed,
            // Beyond the largest table: the same stream, further on.
            None => {
                let mut rng = Self::stream(self.master, self.game);
                rng.set_word_pos(2 * seat as u128);
                rng.next_u64()
            }
        }
    }
}

/// The seed given to `seat`'s player for game `game`: the k-th `u64` of
/// ChaCha8 stream 2^63 + game under the master seed, for seat k (see
/// [`PlayerSeeds`], which gives every seat's at the cost of one).
///
/// ```
/// use liar::engine::player_seed;
/// assert_eq!(player_seed(1, 2, 0), player_seed(1, 2, 0));
/// assert_ne!(player_seed(1, 2, 0), player_seed(1, 2, 1));
/// assert_ne!(player_seed(1, 2, 0), player_seed(1, 3, 0));
/// ```
pub fn player_seed(master: u64, game: u32, seat: Seat) -> u64 {
    PlayerSeeds::new(master, game).seat(seat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_stays_in_range_and_covers_it() {
        let mut rng = SeatRng::new(3);
        let mut seen = [false; 6];
        for _ in 0..1000 {
            let x = rng.between(1, 6);
            assert!((1..=6).contains(&x));
            seen[(x - 1) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.between(5, 5), 5);
        let _ = rng.between(i64::MIN, i64::MAX);
        let x = rng.between(-3, -1);
        assert!((-3..=-1).contains(&x));
    }

    #[test]
    fn player_seeds_are_the_reserved_stream_in_seat_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        rng.set_stream((1 << 63) + 5);
        let expected: Vec<u64> = (0..20).map(|_| rng.next_u64()).collect();
        let seeds = PlayerSeeds::new(99, 5);
        let got: Vec<u64> = (0..20).map(|k| seeds.seat(k)).collect();
        assert_eq!(got, expected);
        for k in [3, 0, 17] {
            assert_eq!(player_seed(99, 5, k), expected[k]);
        }
        assert_eq!(player_seed(98, 5, 0), PlayerSeeds::new(98, 5).seat(0));
    }

    #[test]
    fn player_seeds_are_not_dice_numbers() {
        // The players' stream and the game's dice stream differ.
        let mut dice = ChaCha8Rng::seed_from_u64(4);
        dice.set_stream(1);
        let first = dice.next_u64();
        assert!((0..16).all(|k| player_seed(4, 1, k) != first));
    }
}
