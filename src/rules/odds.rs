//! Exact odds of re-throws, from tables computed once.
//!
//! For every multiset of kept dice (462 of them, from none to all five) the
//! tables hold how many of the equally likely outcomes of throwing the other
//! dice reach at least each strength. Nothing is sampled.

use super::face::{Dice, Face};
use super::game::Positions;
use super::hand::{HAND_COUNT, Hand};
use super::ranking::Ranking;
use std::sync::{LazyLock, OnceLock};

/// Kept multisets, each as face counts, and their index by counts code.
struct KeptSets {
    counts: Vec<[u8; 6]>,
    /// Index into `counts` by `Σ count·6^face` (6^6 entries).
    index: Vec<u16>,
    /// For each kept set, how many outcomes give each hand (by hand index).
    outcomes: Vec<[u16; HAND_COUNT]>,
}

fn code(counts: &[u8; 6]) -> usize {
    counts.iter().rev().fold(0, |acc, &c| acc * 6 + c as usize)
}

static KEPT: LazyLock<KeptSets> = LazyLock::new(|| {
    let mut counts = Vec::new();
    for c in 0..6usize.pow(6) {
        let mut cs = [0u8; 6];
        let mut x = c;
        for slot in cs.iter_mut() {
            *slot = (x % 6) as u8;
            x /= 6;
        }
        if cs.iter().map(|&v| v as usize).sum::<usize>() <= 5 {
            counts.push(cs);
        }
    }
    let mut index = vec![u16::MAX; 6usize.pow(6)];
    for (i, cs) in counts.iter().enumerate() {
        index[code(cs)] = i as u16;
    }
    let outcomes = counts.iter().map(outcomes_of).collect();
    KeptSets {
        counts,
        index,
        outcomes,
    }
});

/// Throws the missing dice every possible way and tallies the hands.
fn outcomes_of(kept: &[u8; 6]) -> [u16; HAND_COUNT] {
    let thrown = 5 - kept.iter().map(|&c| c as u32).sum::<u32>();
    let mut tally = [0u16; HAND_COUNT];
    for mut roll in 0..6u32.pow(thrown) {
        let mut cs = *kept;
        for _ in 0..thrown {
            cs[(roll % 6) as usize] += 1;
            roll /= 6;
        }
        if let Some(h) = Hand::from_counts(cs) {
            tally[h.index()] += 1;
        }
    }
    tally
}

/// Per ranking variant (built on first use): for each kept set, how many
/// outcomes reach at least each strength.
static AT_LEAST: [OnceLock<Vec<Vec<u16>>>; 6] = [const { OnceLock::new() }; 6];

fn at_least_table(r: Ranking) -> Vec<Vec<u16>> {
    KEPT.outcomes
        .iter()
        .map(|tally| {
            let mut by_strength = vec![0u16; r.strength_count() + 1];
            for h in Hand::all() {
                by_strength[r.strength(h) as usize] += tally[h.index()];
            }
            for s in (0..r.strength_count()).rev() {
                by_strength[s] += by_strength[s + 1];
            }
            by_strength
        })
        .collect()
}

fn variant_index(r: Ranking) -> usize {
    Ranking::all().position(|x| x == r).unwrap_or(0)
}

/// The exact chance that keeping `kept` and throwing the other `5 - kept.len()`
/// dice gives a hand at least as high as `target` (ties count, as at a
/// challenge). More than five kept dice count as the first five.
///
/// ```
/// use liar::rules::{chance_to_reach, Face, Hand, Ranking};
/// let r = Ranking::default();
/// let aaaa = [Face::Ace; 4];
/// // Keeping four aces, one die in six makes five aces.
/// assert!((chance_to_reach(&aaaa, Hand::HIGHEST, r) - 1.0 / 6.0).abs() < 1e-12);
/// // Throwing all five: the chance of beating or tying the lowest hand is 1.
/// assert_eq!(chance_to_reach(&[], Hand::LOWEST, r), 1.0);
/// ```
pub fn chance_to_reach(kept: &[Face], target: Hand, ranking: Ranking) -> f64 {
    let mut counts = [0u8; 6];
    for f in kept.iter().take(5) {
        counts[f.index()] += 1;
    }
    let thrown = 5 - kept.len().min(5) as i32;
    let i = KEPT.index[code(&counts)] as usize;
    let table = AT_LEAST[variant_index(ranking)].get_or_init(|| at_least_table(ranking));
    let reach = table[i][ranking.strength(target) as usize];
    f64::from(reach) / 6f64.powi(thrown)
}

/// The re-throw of `dice` most likely to reach at least `target`, with that
/// chance. Among equally good choices it throws the fewest dice, then the
/// lowest positions.
///
/// ```
/// use liar::rules::{best_reroll, Dice, Ranking};
/// let dice: Dice = "KK9KA".parse().unwrap();
/// let target = "KKKQQ".parse::<Dice>().unwrap().hand();
/// let (positions, chance) = best_reroll(&dice, target, Ranking::default());
/// assert_eq!(positions.iter().collect::<Vec<_>>(), vec![2, 4]); // keep the kings
/// assert!(chance > 0.0);
/// ```
pub fn best_reroll(dice: &Dice, target: Hand, ranking: Ranking) -> (Positions, f64) {
    best_among(dice, target, ranking, |_| true)
}

/// The re-throw of exactly `thrown` dice of `dice` most likely to reach at
/// least `target`, with that chance: what a player who passed `dice` on
/// knows of a claim made after `thrown` of them were thrown again (at best
/// for the claimer). Ties go to the lowest positions; more than five
/// thrown count as five.
///
/// ```
/// use liar::rules::{best_reroll_of, Dice, Ranking};
/// let passed: Dice = "KKJJT".parse().unwrap();
/// let full_house = "JJJKK".parse::<Dice>().unwrap().hand();
/// // One die thrown again: keeping the two pairs, a king or a jack (two in six)
/// // makes three jacks and two kings or better.
/// let (positions, chance) = best_reroll_of(&passed, 1, full_house, Ranking::default());
/// assert_eq!(positions.iter().collect::<Vec<_>>(), vec![4]);
/// assert!((chance - 1.0 / 3.0).abs() < 1e-12);
/// ```
pub fn best_reroll_of(dice: &Dice, thrown: u8, target: Hand, ranking: Ranking) -> (Positions, f64) {
    let thrown = u32::from(thrown.min(5));
    best_among(dice, target, ranking, |mask| mask.count_ones() == thrown)
}

/// The best of the re-throws whose mask `allowed` accepts.
fn best_among(
    dice: &Dice,
    target: Hand,
    ranking: Ranking,
    allowed: impl Fn(u8) -> bool,
) -> (Positions, f64) {
    // Bots call this on many decisions: nothing here allocates.
    let mut best = (Positions::NONE, -1.0);
    for mask in MASKS_FEWEST_FIRST.into_iter().filter(|&m| allowed(m)) {
        let mut kept = [Face::Nine; 5];
        let mut n = 0;
        for (p, &f) in dice.0.iter().enumerate() {
            if mask & (1 << p) == 0 {
                kept[n] = f;
                n += 1;
            }
        }
        let chance = chance_to_reach(&kept[..n], target, ranking);
        if chance > best.1 + 1e-12 {
            best = (Positions::from_mask(mask).unwrap_or_default(), chance);
        }
    }
    best
}

/// Re-throw masks by how many dice they throw, then by value: the order in
/// which [`best_reroll`] and [`best_reroll_of`] break ties.
const MASKS_FEWEST_FIRST: [u8; 32] = {
    let mut out = [0u8; 32];
    let mut k = 0;
    let mut n = 0;
    while n <= 5 {
        let mut m = 0u8;
        while m < 32 {
            if m.count_ones() == n {
                out[k] = m;
                k += 1;
            }
            m += 1;
        }
        n += 1;
    }
    out
};

/// Face counts of every kept set (for tests that enumerate them).
pub fn kept_sets() -> &'static [[u8; 6]] {
    &KEPT.counts
}
