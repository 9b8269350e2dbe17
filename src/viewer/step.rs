//! One step of a replay: an event and the table right after it, and what a
//! given perspective may see of it.

use super::perspective::Perspective;
use crate::engine::{Event, PenaltyAction};
use crate::rules::{ClaimOnTable, DecisionKind, Dice, RoundAction, Seat};

/// Who owes the next decision, and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The seat to decide.
    pub seat: Seat,
    /// The decision it owes.
    pub decision: DecisionKind,
}

/// One event of the replay and the whole table just after it (God's view).
///
/// Nothing here is filtered: [`Step::sight`] is what a perspective may see
/// of the hidden parts, and the viewer shows only the public part of
/// [`Step::event`] plus that sight.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The 1-based line of the replay this event was read from.
    pub line: usize,
    /// The event.
    pub event: Event,
    /// Bots' debug lines (`log`) written right after the event, by seat.
    pub logs: Vec<(Seat, String)>,
    /// The game (0 before the first `game_start`).
    pub game: u32,
    /// The round within the game (0 before its first `round_start`).
    pub round: u32,
    /// Chips by seat.
    pub chips: Vec<u32>,
    /// Chips in the pot.
    pub pot: u32,
    /// Who decides next, while a round is being played.
    pub turn: Option<Turn>,
    /// The claim standing on the table.
    pub to_beat: Option<ClaimOnTable>,
    /// This round's public actions so far (kept at the step that ends the
    /// round, empty between rounds).
    pub history: Vec<RoundAction>,
    /// The dice in play, in position order (hidden from most seats), while a
    /// round is being played.
    pub dice: Option<Dice>,
    /// The seat holding the dice, who alone may look at them: the thrower
    /// from its throw until its claim (included), the seat that accepted
    /// from its accept until its claim. `None` between rounds.
    pub holder: Option<Seat>,
}

/// What one perspective may see of a step's hidden facts. The public facts
/// (claims, counts of dice thrown again, chips, challenges) are in the step
/// and [`Event::public`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    /// The dice in play, if this perspective may look at them now.
    pub dice: Option<Dice>,
    /// Which positions (0–4) were thrown again at this step, if this
    /// perspective may know.
    pub positions: Option<Vec<usize>>,
    /// The dice shown to everyone by a challenge at this step.
    pub revealed: Option<Dice>,
    /// A penalty's detail for the bot's author, if this perspective may read it.
    pub detail: Option<String>,
    /// The bots' debug lines this perspective may read (its own, or all for God).
    pub logs: Vec<(Seat, String)>,
}

impl Step {
    /// What `perspective` may see of this step's hidden facts: God sees
    /// everything; a seat sees the dice only while it holds them, which
    /// positions were thrown again only when it threw them, the dice a
    /// challenge shows, and its own penalty details and debug lines.
    ///
    /// ```
    /// use liar::engine::{Event, RoundStart};
    /// use liar::viewer::{Perspective, Step};
    /// let dice = "KK9AQ".parse().unwrap();
    /// let step = Step {
    ///     line: 4,
    ///     event: Event::RoundStart { start: RoundStart { game: 1, round: 1, starter: 2 }, dice },
    ///     logs: Vec::new(),
    ///     game: 1,
    ///     round: 1,
    ///     chips: vec![3, 3, 3],
    ///     pot: 0,
    ///     turn: None,
    ///     to_beat: None,
    ///     history: Vec::new(),
    ///     dice: Some(dice),
    ///     holder: Some(2),
    /// };
    /// assert_eq!(step.sight(Perspective::God).dice, Some(dice));
    /// assert_eq!(step.sight(Perspective::Seat(2)).dice, Some(dice));
    /// assert_eq!(step.sight(Perspective::Seat(0)).dice, None);
    /// ```
    pub fn sight(&self, perspective: Perspective) -> Sight {
        let dice = match self.holder {
            Some(holder) if perspective.is(holder) => self.dice,
            _ => None,
        };
        let positions = match &self.event {
            Event::Reroll {
                seat, positions, ..
            } if perspective.is(*seat) => Some(positions.clone()),
            _ => None,
        };
        let revealed = match &self.event {
            Event::Challenge(challenge) => Some(challenge.dice),
            _ => None,
        };
        let detail = match &self.event {
            Event::Penalty(penalty)
                if perspective.is(penalty.seat) && !penalty.detail.is_empty() =>
            {
                Some(penalty.detail.clone())
            }
            _ => None,
        };
        let logs = self
            .logs
            .iter()
            .filter(|(seat, _)| perspective.is(*seat))
            .cloned()
            .collect();
        Sight {
            dice,
            positions,
            revealed,
            detail,
            logs,
        }
    }

    /// Whether this step ends a round (a challenge, a forfeit or a
    /// disqualification).
    pub fn ends_round(&self) -> bool {
        match &self.event {
            Event::Challenge { .. } => true,
            Event::Penalty(penalty) => !matches!(
                penalty.action,
                PenaltyAction::Fallback | PenaltyAction::Recorded
            ),
            _ => false,
        }
    }
}
