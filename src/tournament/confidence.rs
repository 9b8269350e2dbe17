//! Confidence intervals for win rates.

use serde::{Deserialize, Serialize};

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A 95% confidence interval for a proportion.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

/// The Wilson score interval for `wins` out of `games` at 95% confidence.
/// Unlike the normal approximation it stays within [0, 1] and behaves at
/// 0 or all wins. With no games it is [0, 1].
///
/// ```
/// use liar::tournament::wilson;
/// let ci = wilson(7, 10);
/// assert!((ci.low - 0.3968).abs() < 1e-4 && (ci.high - 0.8922).abs() < 1e-4);
/// ```
pub fn wilson(wins: u64, games: u64) -> Interval {
    if games == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = games as f64;
    let p = wins.min(games) as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}
