//! Whether a person's decision is legal, judged from their own view (what
//! the engine will check again): a typo is refused here, with the reason,
//! and the question stays open instead of costing a penalty.

use crate::rules::{Decision, DecisionKind, SeatView};

/// `Ok` when `decision` answers the question `view` asks, else why not.
///
/// ```
/// use liar::rules::{Decision, GameState, Rules};
/// let mut game = GameState::new(Rules::default(), &[0, 1, 2], 0, 1);
/// game.throw("KQ9KK".parse().unwrap()).unwrap();
/// let view = game.view(0);
/// let lowest = liar::engine::lowest_legal_claim(&view);
/// assert!(liar::server::legal::check(&view, Decision::Claim(lowest)).is_ok());
/// assert!(liar::server::legal::check(&view, Decision::Accept).is_err());
/// ```
pub fn check(view: &SeatView<'_>, decision: Decision) -> Result<(), String> {
    let Some(owed) = view.decision else {
        return Err("no decision is owed now".to_string());
    };
    if decision.kind() != owed {
        let wanted = match owed {
            DecisionKind::Claim => "a claim",
            DecisionKind::Respond => "accept or challenge",
            DecisionKind::Reroll => "the dice to throw again (a reroll)",
        };
        return Err(format!("the question asks for {wanted}"));
    }
    let ranking = view.rules.ranking();
    match (decision, view.to_beat) {
        (Decision::Claim(claim), Some(t)) if !ranking.beats(claim, t.claim) => {
            Err(format!("the claim {claim} is not higher than {}", t.claim))
        }
        (Decision::Accept, Some(t)) if ranking.is_top(t.claim) => {
            Err(format!("nothing beats {}: it must be challenged", t.claim))
        }
        _ => Ok(()),
    }
}
