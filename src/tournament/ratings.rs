//! Multiplayer ratings with uncertainty: Weng-Lin (the "OpenSkill" model)
//! from the `skillratings` crate, fed every game in index order.

use super::record::GameRecord;
use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A bot's rating: skill `mu` with uncertainty `sigma`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// Estimated skill (starts at 25).
    pub mu: f64,
    /// Its standard deviation (starts at 25/3).
    pub sigma: f64,
    /// The conservative estimate `mu - 3 sigma`, for ranking.
    pub ordinal: f64,
}

impl From<WengLinRating> for Rating {
    fn from(r: WengLinRating) -> Self {
        Rating {
            mu: r.rating,
            sigma: r.uncertainty,
            ordinal: r.rating - 3.0 * r.uncertainty,
        }
    }
}

/// Ratings of `bots` bots after `games`, taken in the order given (the
/// caller passes them by game index, so the result does not depend on how
/// the games were run). Each game is a free-for-all ranked by finishing
/// place, each bot a team of one; the crate's default configuration is used
/// (mu 25, sigma 25/3, beta 25/6).
///
/// ```
/// use liar::tournament::{GameRecord, ratings};
/// let game = GameRecord {
///     game: 0, bots: vec![0, 1], winner: Some(0), places: vec![1, 2],
///     chips: vec![3, -3], penalties: vec![], disqualified: vec![], rounds: 3, decisions: 9,
/// };
/// let r = ratings(2, &[game]);
/// assert!(r[0].mu > 25.0 && r[1].mu < 25.0);
/// ```
pub fn ratings<'a>(bots: usize, games: impl IntoIterator<Item = &'a GameRecord>) -> Vec<Rating> {
    let config = WengLinConfig::new();
    let mut current = vec![WengLinRating::new(); bots];
    let mut teams: Vec<[WengLinRating; 1]> = Vec::new();
    for game in games {
        if game.bots.iter().any(|&b| b >= bots) {
            continue;
        }
        teams.clear();
        teams.extend(game.bots.iter().map(|&b| [current[b]]));
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&game.places)
            .map(|(t, &place)| (&t[..], MultiTeamOutcome::new(place as usize)))
            .collect();
        let updated = weng_lin_multi_team(&ranked, &config);
        for (&bot, team) in game.bots.iter().zip(&updated) {
            if let Some(&r) = team.first() {
                current[bot] = r;
            }
        }
    }
    current.into_iter().map(Rating::from).collect()
}
