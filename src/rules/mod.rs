//! The pure rules of Liar Dice: faces, hands, ranking variants, claims, the
//! game state machine and what each seat may see. No I/O and no randomness:
//! the engine passes the dice in.

mod claim;
mod face;
mod game;
mod hand;
mod odds;
mod ranking;
mod seating;
mod table_rules;
mod view;
mod words;

pub use claim::{
    CategorySet, Choice, ClaimError, ClaimPattern, Lang, MAX_CLAIM_LEN, Naming, Reading, describe,
    notation, parse_claim, read_claim,
};
pub use face::{Dice, DiceKind, DiceParseError, Face, shown_faces};
pub use game::{
    Applied, Decision, DecisionKind, GameState, IllegalDecision, Pending, Positions, RoundEnd,
    Showdown,
};
pub use hand::{Category, HAND_COUNT, Hand};
pub use odds::{best_reroll, best_reroll_of, chance_to_reach, kept_sets};
pub use ranking::{Ranking, Straights};
pub use seating::{MAX_RETHROWS, SeatingRoll, seating_throw};
pub use table_rules::{MAX_SEATS, NextRoundStarter, Rules, Seat, SeatingRule};
pub use view::{ClaimOnTable, RoundAction, SeatView};
pub use words::{ClaimReason, Expected};
pub(crate) use words::{english_many, russian_names};
