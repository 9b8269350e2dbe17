//! How often each hand category comes up on a fresh throw of five dice.

use crate::rules::{Category, Hand, Ranking};

/// The number of equally likely ordered throws of five six-sided dice.
pub const THROWS: u32 = 7776;

/// One row of a table's hand ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CategoryOdds {
    /// The category.
    pub category: Category,
    /// How many distinct hands (multisets of faces) it holds.
    pub hands: usize,
    /// In how many of the 7776 ordered throws it comes up.
    pub throws: u32,
    /// In how many throws this category or a higher one comes up.
    pub throws_at_least: u32,
}

impl CategoryOdds {
    /// The chance of exactly this category on a fresh throw.
    pub fn chance(&self) -> f64 {
        f64::from(self.throws) / f64::from(THROWS)
    }

    /// The chance of this category or better on a fresh throw.
    pub fn chance_at_least(&self) -> f64 {
        f64::from(self.throws_at_least) / f64::from(THROWS)
    }
}

/// The categories of a ranking variant, **highest first**, with their counts,
/// computed from the rules code over all 7776 throws
/// ([`Hand::throw_count`] of every hand, sorted by [`Ranking::category`]).
///
/// ```
/// use liar::i18n::category_odds;
/// use liar::rules::{Category, Ranking, Straights};
/// let rows = category_odds(Ranking::default());
/// assert_eq!(rows[0].category, Category::FiveOfAKind);
/// assert_eq!(rows[0].throws, 6);
/// assert_eq!(rows.iter().map(|r| r.throws).sum::<u32>(), 7776);
/// let none = Ranking { straights: Straights::None, kickers: true };
/// let bust = category_odds(none).pop().unwrap();
/// assert_eq!((bust.category, bust.throws, bust.throws_at_least), (Category::Bust, 720, 7776));
/// ```
pub fn category_odds(ranking: Ranking) -> Vec<CategoryOdds> {
    let mut rows: Vec<CategoryOdds> = ranking
        .categories()
        .into_iter()
        .rev()
        .map(|category| {
            let (hands, throws) = Hand::all()
                .filter(|&h| ranking.category(h) == category)
                .fold((0, 0), |(n, t), h| (n + 1, t + u32::from(h.throw_count())));
            CategoryOdds {
                category,
                hands,
                throws,
                throws_at_least: 0,
            }
        })
        .collect();
    let mut total = 0;
    for row in &mut rows {
        total += row.throws;
        row.throws_at_least = total;
    }
    rows
}
