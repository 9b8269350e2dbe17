//! The order of hands under a table's ranking variant.

use super::face::Face;
use super::hand::{Category, HAND_COUNT, Hand};
use std::cmp::Ordering;
use std::sync::LazyLock;

/// Where straights rank (`straights = ...` in a table's rules).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Straights {
    /// Low and high straight rank above three of a kind, below full house.
    #[default]
    BelowFullHouse,
    /// Low and high straight rank above full house, below four of a kind.
    AboveFullHouse,
    /// No straights: `AKQJT` and `KQJT9` are busts.
    None,
}

impl Straights {
    /// Every variant.
    pub const ALL: [Straights; 3] = [
        Straights::BelowFullHouse,
        Straights::AboveFullHouse,
        Straights::None,
    ];
}

/// A ranking variant: where straights go and whether odd dice (kickers) count.
///
/// Every comparison of hands goes through a `Ranking`: it maps each hand to a
/// *strength* (a dense rank, 0 = weakest). With kickers off, hands of the same
/// category and groups share a strength, so they tie.
///
/// ```
/// use liar::rules::{Hand, Ranking, Straights};
/// let h = |s: &str| s.parse::<liar::rules::Dice>().unwrap().hand();
/// let default = Ranking::default();
/// assert!(default.beats(h("QQQ99"), h("AKQJT")));        // full house > straight
/// let above = Ranking { straights: Straights::AboveFullHouse, kickers: true };
/// assert!(above.beats(h("AKQJT"), h("QQQ99")));
/// let no_kickers = Ranking { straights: Straights::BelowFullHouse, kickers: false };
/// assert!(!no_kickers.beats(h("KKKQJ"), h("KKKT9")));     // a tie without kickers
/// assert!(default.beats(h("KKKQJ"), h("KKKT9")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Ranking {
    /// Where straights rank.
    pub straights: Straights,
    /// Whether odd dice break ties (the original rules: they always do).
    pub kickers: bool,
}

impl Default for Ranking {
    fn default() -> Self {
        Ranking {
            straights: Straights::BelowFullHouse,
            kickers: true,
        }
    }
}

struct RankTable {
    strength: [u8; HAND_COUNT],
    category: [Category; HAND_COUNT],
    /// For each strength, its lowest hand under the kicker-counting order.
    lowest: Vec<Hand>,
    /// Hands sorted weakest first (ties broken by the kicker-counting order).
    ascending: Vec<Hand>,
    /// For each strength, where its first hand stands in `ascending`
    /// (one extra entry: the length).
    start: Vec<u16>,
    /// For each strength, how many of the 7776 ordered throws reach at least it.
    throws_at_least: Vec<u16>,
}

fn category_in(straights: Straights, shape: Category) -> Category {
    if straights == Straights::None && shape.is_straight() {
        Category::Bust
    } else {
        shape
    }
}

/// Position of a category in the order low to high under a variant.
fn category_rank(straights: Straights, c: Category) -> u8 {
    use Category::*;
    match (straights, c) {
        (Straights::AboveFullHouse, FullHouse) => 4,
        (Straights::AboveFullHouse, LowStraight) => 5,
        (Straights::AboveFullHouse, HighStraight) => 6,
        _ => c as u8,
    }
}

/// Groups that count when kickers are off: faces appearing twice or more.
fn groups_without_kickers(hand: Hand) -> [Option<Face>; 5] {
    let mut out = [None; 5];
    for (slot, f) in out.iter_mut().zip(hand.faces()) {
        if hand.count(f) >= 2 {
            *slot = Some(f);
        }
    }
    out
}

fn build(r: Ranking) -> RankTable {
    let full_key = |h: Hand| {
        let cat = category_in(r.straights, h.shape());
        (category_rank(r.straights, cat), h.faces())
    };
    let mut ascending: Vec<Hand> = Hand::all().collect();
    ascending.sort_by_key(|&h| full_key(h));
    let class_key = |h: Hand| {
        let cat = category_in(r.straights, h.shape());
        let groups = if r.kickers {
            h.faces().map(Some)
        } else {
            groups_without_kickers(h)
        };
        (category_rank(r.straights, cat), groups)
    };
    let mut strength = [0u8; HAND_COUNT];
    let mut category = [Category::Bust; HAND_COUNT];
    let mut lowest = Vec::new();
    let mut previous = None;
    for &h in &ascending {
        let key = class_key(h);
        if previous != Some(key) {
            lowest.push(h);
            previous = Some(key);
        }
        strength[h.index()] = (lowest.len() - 1) as u8;
        category[h.index()] = category_in(r.straights, h.shape());
    }
    let mut start: Vec<u16> = Vec::with_capacity(lowest.len() + 1);
    for (i, &h) in ascending.iter().enumerate() {
        if start.len() == strength[h.index()] as usize {
            start.push(i as u16);
        }
    }
    start.push(HAND_COUNT as u16);
    let mut throws_of_strength = vec![0u16; lowest.len()];
    for &h in &ascending {
        throws_of_strength[strength[h.index()] as usize] += h.throw_count();
    }
    let mut throws_at_least = throws_of_strength.clone();
    for s in (0..throws_at_least.len().saturating_sub(1)).rev() {
        throws_at_least[s] += throws_at_least[s + 1];
    }
    RankTable {
        strength,
        category,
        lowest,
        ascending,
        start,
        throws_at_least,
    }
}

static TABLES: LazyLock<[RankTable; 6]> = LazyLock::new(|| {
    let mut i = 0;
    [(); 6].map(|_| {
        let r = Ranking {
            straights: Straights::ALL[i / 2],
            kickers: i % 2 == 0,
        };
        i += 1;
        build(r)
    })
});

impl Ranking {
    /// Every ranking variant.
    pub fn all() -> impl Iterator<Item = Ranking> {
        Straights::ALL
            .into_iter()
            .flat_map(|straights| [true, false].map(|kickers| Ranking { straights, kickers }))
    }

    #[inline]
    fn table(self) -> &'static RankTable {
        let i = self.straights as usize * 2 + usize::from(!self.kickers);
        &TABLES[i]
    }

    /// The strength of a hand: 0 for the weakest; equal strengths tie.
    #[inline]
    pub fn strength(self, hand: Hand) -> u8 {
        self.table().strength[hand.index()]
    }

    /// The strength of the strongest hand (`AAAAA`).
    pub fn top_strength(self) -> u8 {
        (self.table().lowest.len() - 1) as u8
    }

    /// How many distinct strengths there are (252 with kickers; fewer without).
    pub fn strength_count(self) -> usize {
        self.table().lowest.len()
    }

    /// The lowest hand of a strength (with kickers off, the hand with the lowest
    /// odd dice). `None` if the strength is out of range.
    pub fn lowest_of_strength(self, strength: u8) -> Option<Hand> {
        self.table().lowest.get(strength as usize).copied()
    }

    /// All hands, weakest first.
    pub fn ascending(self) -> &'static [Hand] {
        &self.table().ascending
    }

    /// Every hand strictly higher than `hand` (all hands for `None`), weakest
    /// first: the claims legal over it.
    ///
    /// ```
    /// use liar::rules::{Hand, Ranking};
    /// let r = Ranking::default();
    /// assert_eq!(r.hands_above(None).len(), 252);
    /// assert_eq!(r.hands_above(Some(Hand::HIGHEST)).len(), 0);
    /// ```
    #[inline]
    pub fn hands_above(self, hand: Option<Hand>) -> &'static [Hand] {
        let t = self.table();
        let from = hand.map_or(0, |h| t.start[t.strength[h.index()] as usize + 1]);
        &t.ascending[from as usize..]
    }

    /// The chance that a fresh throw of five dice is at least `hand`.
    ///
    /// ```
    /// use liar::rules::{Hand, Ranking};
    /// let r = Ranking::default();
    /// assert_eq!(r.chance_at_least(Hand::LOWEST), 1.0);
    /// assert_eq!(r.chance_at_least(Hand::HIGHEST), 1.0 / 7776.0);
    /// ```
    pub fn chance_at_least(self, hand: Hand) -> f64 {
        let t = self.table();
        f64::from(t.throws_at_least[t.strength[hand.index()] as usize]) / 7776.0
    }

    /// The category of a hand under this variant (straights are busts with `None`).
    #[inline]
    pub fn category(self, hand: Hand) -> Category {
        self.table().category[hand.index()]
    }

    /// Compares two hands: `Equal` only for ties (kickers off).
    #[inline]
    pub fn compare(self, a: Hand, b: Hand) -> Ordering {
        self.strength(a).cmp(&self.strength(b))
    }

    /// Whether `a` is strictly higher than `b`.
    #[inline]
    pub fn beats(self, a: Hand, b: Hand) -> bool {
        self.strength(a) > self.strength(b)
    }

    /// Whether nothing can be claimed above `hand`.
    #[inline]
    pub fn is_top(self, hand: Hand) -> bool {
        self.strength(hand) == self.top_strength()
    }

    /// The categories that exist under this variant, low to high.
    pub fn categories(self) -> Vec<Category> {
        let mut cats: Vec<Category> = Category::ALL
            .into_iter()
            .filter(|c| self.straights != Straights::None || !c.is_straight())
            .collect();
        cats.sort_by_key(|&c| category_rank(self.straights, c));
        cats
    }
}
