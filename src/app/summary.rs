//! The results table printed after a match.

use crate::engine::{MatchSetup, MatchStats, PenaltyReason};

/// Prints wins, chips and penalties per seat.
pub fn print_summary(setup: &MatchSetup, stats: &MatchStats, seed: u64) {
    println!("seed {seed}");
    let width = setup
        .seats
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "{:>4}  {:<width$}  {:>7}  {:>7}  {:>6}  {:>9}  penalties",
        "seat", "name", "wins", "win %", "chips", "failures"
    );
    for (seat, info) in setup.seats.iter().enumerate() {
        let wins = stats.wins.get(seat).copied().unwrap_or(0);
        let rate = 100.0 * f64::from(wins) / f64::from(stats.games.max(1));
        let reasons: Vec<String> = PenaltyReason::ALL
            .iter()
            .zip(stats.penalties.get(seat).copied().unwrap_or_default())
            .filter(|(_, n)| *n > 0)
            .map(|(r, n)| format!("{}={n}", r.name()))
            .collect();
        let dq = if stats.disqualified.get(seat).copied().unwrap_or(false) {
            " (disqualified)"
        } else {
            ""
        };
        println!(
            "{seat:>4}  {:<width$}  {wins:>7}  {rate:>6.1}%  {:>+6}  {:>9}  {}{dq}",
            info.name,
            stats.chips_won.get(seat).copied().unwrap_or(0),
            stats.penalty_total(seat),
            if reasons.is_empty() {
                "-".to_string()
            } else {
                reasons.join(" ")
            },
        );
    }
    if stats.aborted {
        println!("the match stopped early after {} games", stats.games);
    }
}
