//! The results table printed after a match.

use crate::engine::{MatchSetup, MatchStats, PenaltyReason};
use crate::i18n::{AppMsg, Lang};
use std::fmt::Write;

/// Wins, chips and penalties per seat (seats counted from 1), after the
/// seed's line, in `lang`.
pub fn summary(setup: &MatchSetup, stats: &MatchStats, seed: u64, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", AppMsg::Seed { seed }.text(lang));
    let width = setup
        .seats
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(out, "{}", AppMsg::SummaryHeader { width }.text(lang));
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
            AppMsg::Disqualified.text(lang)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{:>5}  {:<width$}  {wins:>7}  {rate:>6.1}%  {:>+6}  {:>9}  {}{dq}",
            seat + 1,
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
        let _ = writeln!(
            out,
            "{}",
            AppMsg::StoppedEarly { games: stats.games }.text(lang)
        );
    }
    out
}
