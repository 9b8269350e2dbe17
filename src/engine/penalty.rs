//! What the engine does when a player fails.

use super::events::PenaltyAction;
use super::player::lowest_legal_claim;
use crate::rules::{Decision, DecisionKind, Positions, SeatView};

/// How failures are punished. The default: the failing player forfeits the
/// round (pays one chip to the pot, as if it had lost a challenge), and is
/// disqualified from the match after 10 failures.
///
/// ```
/// use liar::engine::{PenaltyPolicy, PenaltyMode};
/// let p = PenaltyPolicy::default();
/// assert_eq!(p.mode, PenaltyMode::Forfeit);
/// assert_eq!(p.disqualify_after, Some(10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PenaltyPolicy {
    /// What one failure costs.
    pub mode: PenaltyMode,
    /// After this many failures in a match the player is removed from it
    /// (its chips go to the pot and it sits out the remaining games).
    /// `None` never disqualifies.
    pub disqualify_after: Option<u32>,
}

impl Default for PenaltyPolicy {
    fn default() -> Self {
        PenaltyPolicy {
            mode: PenaltyMode::Forfeit,
            disqualify_after: Some(10),
        }
    }
}

/// What one failure costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PenaltyMode {
    /// Pay one chip into the pot; the round ends and the next one starts as
    /// after a challenge that the failing player made and lost.
    #[default]
    Forfeit,
    /// No chip: the engine decides in the player's place (challenge; keep all
    /// dice; claim the lowest legal hand).
    Fallback,
}

impl PenaltyMode {
    /// The action recorded in the replay.
    pub fn action(self) -> PenaltyAction {
        match self {
            PenaltyMode::Forfeit => PenaltyAction::Forfeit,
            PenaltyMode::Fallback => PenaltyAction::Fallback,
        }
    }
}

/// The safe decision the engine makes for a failed player in
/// [`PenaltyMode::Fallback`]: always legal.
pub fn fallback_decision(view: &SeatView<'_>) -> Decision {
    match view.decision {
        Some(DecisionKind::Respond) => Decision::Challenge,
        Some(DecisionKind::Reroll) => Decision::Reroll(Positions::NONE),
        _ => Decision::Claim(lowest_legal_claim(view)),
    }
}
