//! `odds` at any question: the chance that the claim on the table is true
//! from a fresh throw and, when the player passed the claimer his dice, from
//! those dice and the number thrown again; the best re-throw of the dice
//! held to beat it; and the best dice to keep for a hand the player names
//! (`odds KKK`).
//!
//! Every figure is exact, from [`crate::rules::chance_to_reach`] and
//! [`crate::rules::best_reroll`] (or [`crate::rules::best_reroll_of`]).

use super::render::{Line, Render};
use super::style::Style;
use crate::engine::lowest_legal_claim;
use crate::i18n::{Msg, percent};
use crate::rules::{
    DecisionKind, Dice, Face, Hand, Positions, Reading, SeatView, best_reroll, best_reroll_of,
    chance_to_reach, read_claim, shown_faces,
};

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
/// decision of `kind` in `view`:
///
/// - the claim on the table (if any): its chance from a fresh throw, and,
///   if `passed` holds the dice this player passed to the claimer, what
///   those dice and the claimer's announced re-throw say of it;
/// - at the re-throw, the lowest hand that beats it and the best dice to
///   keep for it;
/// - when claiming, the chance of the dice's own hand from a fresh throw
///   (how believable an honest claim is);
/// - with a hand named: its chance from a fresh throw, or at the re-throw
///   the best dice to keep for it.
pub(crate) fn odds_lines(
    render: &Render,
    view: &SeatView<'_>,
    kind: DecisionKind,
    target: &str,
    passed: Option<Dice>,
) -> Vec<Line> {
    let lang = render.lang;
    let ranking = view.rules.ranking();
    let line = |msg: Msg<'_>| (Style::Hint, msg.text(lang));
    let fresh = |hand: Hand| {
        line(Msg::OddsFresh {
            chance: &percent(chance_to_reach(&[], hand, ranking), lang),
        })
    };
    // A hand the player names; a `T` that reads two ways gives both.
    let named: Vec<Hand> = if target.is_empty() {
        Vec::new()
    } else {
        match read_claim(target, view.rules.into()) {
            Ok(Reading::Hand(hand)) => vec![hand],
            Ok(Reading::Either([first, second])) => vec![first.hand, second.hand],
            Err(_) => {
                let example = crate::i18n::example_claim(view.rules.dice, lang);
                let text = crate::text::shorten(target, 40);
                return vec![line(Msg::OddsUnreadable {
                    text: &text,
                    example: &example,
                })];
            }
        }
    };
    let mut lines = Vec::new();
    // The claim on the table.
    match view.to_beat {
        Some(t) if named.is_empty() => {
            lines.push(line(Msg::OddsFor {
                target: &render.hand(t.claim),
            }));
            lines.push(fresh(t.claim));
            if let (Some(dice), Some(thrown)) = (passed, t.rerolled) {
                lines.push(from_passed(render, view, &dice, thrown, t.claim));
            }
        }
        None if named.is_empty() && kind != DecisionKind::Claim => {
            lines.push(line(Msg::OddsNoClaim));
        }
        _ => {}
    }
    let rethrow = view.dice.filter(|_| kind == DecisionKind::Reroll);
    for &hand in &named {
        lines.push(line(Msg::OddsFor {
            target: &render.hand(hand),
        }));
        lines.push(match rethrow {
            Some(dice) => best_keep(render, view, &dice, hand),
            None => fresh(hand),
        });
    }
    if named.is_empty() {
        match rethrow {
            Some(dice) if view.to_beat.is_some() => {
                let goal = lowest_legal_claim(view);
                lines.push(line(Msg::OddsToBeat {
                    target: &render.hand(goal),
                }));
                lines.push(best_keep(render, view, &dice, goal));
            }
            _ => {
                if let (Some(dice), DecisionKind::Claim) = (view.dice, kind) {
                    let hand = dice.hand();
                    lines.push(line(Msg::OddsFor {
                        target: &render.hand(hand),
                    }));
                    lines.push(fresh(hand));
                }
            }
        }
    }
    lines
}

/// What the dice passed to the claimer say of his claim, `thrown` of them
/// thrown again: its truth if none was, else its chance had he thrown the
/// ones that served it best.
fn from_passed(render: &Render, view: &SeatView<'_>, dice: &Dice, thrown: u8, claim: Hand) -> Line {
    let lang = render.lang;
    let ranking = view.rules.ranking();
    let shown = shown_faces(&dice.0, view.rules.dice, lang);
    let (positions, chance) = best_reroll_of(dice, thrown, claim, ranking);
    let msg = if thrown == 0 {
        Msg::OddsPassedKept {
            passed: &shown,
            made: chance >= 1.0,
        }
        .text(lang)
    } else {
        Msg::OddsPassedRethrown {
            passed: &shown,
            thrown,
            keep: &kept_faces(render, view, dice, positions),
            chance: &percent(chance, lang),
        }
        .text(lang)
    };
    (Style::Hint, msg)
}

/// The faces of `dice` outside `positions`, in labels ("-" for none).
fn kept_faces(render: &Render, view: &SeatView<'_>, dice: &Dice, positions: Positions) -> String {
    let kept: Vec<Face> = (0..5)
        .filter(|&p| !positions.contains(p))
        .map(|p| dice.0[p])
        .collect();
    let kept = shown_faces(&kept, view.rules.dice, render.lang);
    if kept.is_empty() { "-".into() } else { kept }
}

/// The best dice to keep of `dice` for `goal` or better, and the chance.
fn best_keep(render: &Render, view: &SeatView<'_>, dice: &Dice, goal: Hand) -> Line {
    let lang = render.lang;
    let (positions, chance) = best_reroll(dice, goal, view.rules.ranking());
    let msg = if chance <= 0.0 {
        Msg::OddsOutOfReach.text(lang)
    } else if positions.count() == 0 {
        Msg::OddsHeld.text(lang)
    } else {
        let kept = kept_faces(render, view, dice, positions);
        let list: Vec<String> = positions.iter().map(|p| (p + 1).to_string()).collect();
        Msg::OddsBestKeep {
            keep: &kept,
            thrown: positions.count(),
            positions: &list.join(" "),
            chance: &percent(chance, lang),
        }
        .text(lang)
    };
    (Style::Hint, msg)
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
