//! The deterministic list of a tournament's games: game index → which bots
//! sit where, and the seed of the dice.

use super::spec::{Length, SeatOrders, SpecError, TournamentSpec};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The stream (under the master seed) whose first number seeds a group of
/// duplicate-dice games; plain games use stream = their index.
const GROUP_SEEDS: u64 = 1 << 63;

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// The game's index in the tournament (0-based).
    pub index: u64,
    /// The group it belongs to (counting on across cycles).
    pub group: u64,
    /// The bot (index into the spec's bots) at each seat.
    pub bots: Vec<usize>,
    /// The seed of the game's match (dice, seating throw, players' seeds).
    pub seed: u64,
}

/// A tournament's schedule, computed game by game on demand.
///
/// One *cycle* plays every *group* — every combination of `table_size` bots
/// out of the entrants (one group when they fill the table exactly) — in
/// every seat order of [`SeatOrders`]: the rotations (each bot once in each
/// seat) or all permutations. Cycles repeat with new seeds. Games are numbered
/// group by group: game `k` is seat order `k % orders` of group `k / orders`.
///
/// ```
/// use liar::tournament::{BotEntry, Length, Schedule, TournamentSpec};
/// let bots = ["a", "b", "c", "d"].map(|n| BotEntry { name: n.into(), ..BotEntry::native("random") });
/// let spec = TournamentSpec::new(bots.to_vec(), 3, Length::Cycles(2), 7);
/// let schedule = Schedule::new(&spec).unwrap();
/// assert_eq!(schedule.cycle_len(), 4 * 3); // C(4,3) groups × 3 rotations
/// assert_eq!(schedule.len(), 24);
/// assert_eq!(schedule.game(0).bots, vec![0, 1, 2]);
/// assert_eq!(schedule.game(1).bots, vec![1, 2, 0]);
/// assert_eq!(schedule.game(3).bots, vec![0, 1, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct Schedule {
    size: usize,
    /// `binom[m][j]` = C(m, j) for m ≤ bots, j ≤ size.
    binom: Vec<Vec<u64>>,
    groups: u64,
    /// For each seat order, the position within the group of each seat's bot.
    orders: Vec<Vec<usize>>,
    cycle_len: u64,
    total: u64,
    seed: u64,
    duplicate: bool,
}

impl Schedule {
    /// The schedule of a valid spec.
    pub fn new(spec: &TournamentSpec) -> Result<Schedule, SpecError> {
        spec.validate()?;
        let n = spec.bots.len();
        let size = spec.table_size;
        let binom = binomials(n, size).ok_or(SpecError::TooLarge)?;
        let groups = binom[n][size];
        let orders = match spec.seat_orders {
            SeatOrders::Rotations => (0..size)
                .map(|r| (0..size).map(|s| (s + r) % size).collect())
                .collect(),
            SeatOrders::Permutations => permutations(size),
        };
        let cycle_len = groups
            .checked_mul(orders.len() as u64)
            .ok_or(SpecError::TooLarge)?;
        let total = match spec.length {
            Length::Games(g) => g,
            Length::Cycles(c) => c.checked_mul(cycle_len).ok_or(SpecError::TooLarge)?,
        };
        Ok(Schedule {
            size,
            binom,
            groups,
            orders,
            cycle_len,
            total,
            seed: spec.seed,
            duplicate: spec.duplicate_dice,
        })
    }

    /// Games in the tournament.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether the tournament has no games.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Games in one cycle (every group in every seat order).
    pub fn cycle_len(&self) -> u64 {
        self.cycle_len
    }

    /// Groups (combinations of bots) in one cycle.
    pub fn groups_per_cycle(&self) -> u64 {
        self.groups
    }

    /// Seat orders (games) per group.
    pub fn orders_per_group(&self) -> usize {
        self.orders.len()
    }

    /// Game `index` (any index: past [`Schedule::len`] the cycles go on).
    pub fn game(&self, index: u64) -> ScheduledGame {
        let per_group = self.orders.len() as u64;
        let group = index / per_group;
        let order = &self.orders[(index % per_group) as usize];
        let combo = self.combination(group % self.groups);
        let bots = order.iter().map(|&p| combo[p]).collect();
        // Duplicate dice: every seat order of a group gets the group's seed,
        // so the same dice fall in the same seat positions.
        let seed = if self.duplicate {
            seed_of(self.seed, GROUP_SEEDS | group)
        } else {
            seed_of(self.seed, index)
        };
        ScheduledGame {
            index,
            group,
            bots,
            seed,
        }
    }

    /// The `rank`-th combination of `size` bots in lexicographic order.
    fn combination(&self, mut rank: u64) -> Vec<usize> {
        let n = self.binom.len() - 1;
        let mut combo = Vec::with_capacity(self.size);
        let mut next = 0;
        while combo.len() < self.size && next < n {
            // Combinations starting with `next` (given those chosen so far).
            let with = self.binom[n - next - 1][self.size - combo.len() - 1];
            if rank < with {
                combo.push(next);
            } else {
                rank -= with;
            }
            next += 1;
        }
        combo
    }
}

/// The first number of ChaCha8 stream `stream` under `master` (portable
/// across platforms and versions, unlike `StdRng`).
fn seed_of(master: u64, stream: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(master);
    rng.set_stream(stream);
    rng.next_u64()
}

/// Pascal's triangle up to C(n, k), or `None` if a value overflows.
fn binomials(n: usize, k: usize) -> Option<Vec<Vec<u64>>> {
    let mut t = vec![vec![0u64; k + 1]; n + 1];
    for m in 0..=n {
        t[m][0] = 1;
        for j in 1..=k.min(m) {
            t[m][j] = t[m - 1][j - 1].checked_add(t[m - 1][j])?;
        }
    }
    Some(t)
}

/// Every permutation of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut current: Vec<usize> = (0..n).collect();
    let mut all = vec![current.clone()];
    // The classic next-permutation step.
    loop {
        let Some(i) = (1..n).rev().find(|&i| current[i - 1] < current[i]) else {
            return all;
        };
        let j = (i..n)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .unwrap_or(i);
        current.swap(i - 1, j);
        current[i..].reverse();
        all.push(current.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_lexicographic_and_complete() {
        let t = binomials(5, 3).unwrap();
        assert_eq!(t[5][3], 10);
        let s = Schedule {
            size: 3,
            binom: t,
            groups: 10,
            orders: vec![vec![0, 1, 2]],
            cycle_len: 10,
            total: 10,
            seed: 0,
            duplicate: false,
        };
        let all: Vec<Vec<usize>> = (0..10).map(|r| s.combination(r)).collect();
        assert_eq!(all[0], vec![0, 1, 2]);
        assert_eq!(all[1], vec![0, 1, 3]);
        assert_eq!(all[9], vec![2, 3, 4]);
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, all);
    }

    #[test]
    fn permutations_count() {
        assert_eq!(permutations(3).len(), 6);
        assert_eq!(permutations(4).len(), 24);
        assert_eq!(permutations(3)[5], vec![2, 1, 0]);
    }
}
