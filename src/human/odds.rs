//! `odds` at any question: the chance that the claim on the table is true
//! from a fresh throw, the best re-throw of the dice held to beat it, and
//! the best dice to keep for a hand the player names (`odds KKK`).
//!
//! Every figure is exact, from [`crate::rules::chance_to_reach`] and
//! [`crate::rules::best_reroll`].

use super::render::{Line, Render};
use super::style::Style;
use crate::engine::lowest_legal_claim;
use crate::i18n::{Msg, percent};
use crate::rules::{DecisionKind, Hand, SeatView, best_reroll, chance_to_reach, parse_claim};

/// The words that ask for the odds, in English and Russian.
const WORDS: [&str; 4] = ["odds", "шансы", "chances", "шанс"];

/// If `text` asks for the odds, what follows the word (a target hand, or
/// nothing): `odds` → `Some("")`, `шансы ККК` → `Some("ККК")`.
pub(crate) fn odds_request(text: &str) -> Option<&str> {
    let text = text.trim();
    let (word, rest) = text
        .split_once(char::is_whitespace)
        .map_or((text, ""), |(w, r)| (w, r.trim()));
    let word = word.to_lowercase();
    WORDS.contains(&word.as_str()).then_some(rest)
}

/// The lines answering `odds` (with `target` typed after it, or empty) at a
/// decision of `kind` in `view`.
pub(crate) fn odds_lines(
    render: &Render,
    view: &SeatView<'_>,
    kind: DecisionKind,
    target: &str,
) -> Vec<Line> {
    let lang = render.lang;
    let ranking = view.rules.ranking();
    let line = |msg: Msg<'_>| (Style::Hint, msg.text(lang));
    let fresh = |hand: Hand| {
        line(Msg::OddsFresh {
            claim: &render.hand(hand),
            chance: &percent(chance_to_reach(&[], hand, ranking), lang),
        })
    };
    let mut lines = Vec::new();
    let named = if target.is_empty() {
        None
    } else {
        match parse_claim(target, ranking) {
            Ok(hand) => Some(hand),
            Err(_) => {
                let example = crate::i18n::example_claim(view.rules.dice);
                let text = crate::text::shorten(target, 40);
                return vec![line(Msg::OddsUnreadable {
                    text: &text,
                    example: &example,
                })];
            }
        }
    };
    match view.to_beat {
        Some(t) => lines.push(fresh(t.claim)),
        None if named.is_none() => lines.push(line(Msg::OddsNoClaim)),
        None => {}
    }
    match (view.dice, kind) {
        (Some(dice), DecisionKind::Reroll) => {
            let goal = named.or_else(|| view.to_beat.map(|_| lowest_legal_claim(view)));
            if let Some(goal) = goal {
                let (positions, chance) = best_reroll(&dice, goal, ranking);
                let goal_text = render.hand(goal);
                lines.push(if chance <= 0.0 {
                    line(Msg::OddsOutOfReach { target: &goal_text })
                } else if positions.count() == 0 {
                    line(Msg::OddsHeld { target: &goal_text })
                } else {
                    let kept: String = (0..5)
                        .filter(|&p| !positions.contains(p))
                        .map(|p| dice.0[p].label(view.rules.dice))
                        .collect();
                    let kept = if kept.is_empty() { "-".into() } else { kept };
                    let list: Vec<String> = positions.iter().map(|p| (p + 1).to_string()).collect();
                    line(Msg::OddsBestKeep {
                        target: &goal_text,
                        keep: &kept,
                        thrown: positions.count(),
                        positions: &list.join(" "),
                        chance: &percent(chance, lang),
                    })
                });
            }
        }
        (Some(dice), DecisionKind::Claim) => {
            // Thrown already: how believable an honest claim, or the one named, is.
            lines.push(fresh(named.unwrap_or_else(|| dice.hand())));
        }
        _ => {
            if let Some(hand) = named {
                lines.push(fresh(hand));
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_is_recognised_in_both_languages() {
        assert_eq!(odds_request("odds"), Some(""));
        assert_eq!(odds_request("  ODDS   KKK "), Some("KKK"));
        assert_eq!(odds_request("шансы ККК"), Some("ККК"));
        assert_eq!(odds_request("oddsKKK"), None);
        assert_eq!(odds_request("KKK odds"), None);
        assert_eq!(odds_request(""), None);
    }
}
