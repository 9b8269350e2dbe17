//! The pure rules of Liar Dice: faces, hands, ranking variants, claims, the
//! game state machine and what each seat may see. No I/O and no randomness:
//! the engine passes the dice in.

mod claim;
mod face;
mod hand;
mod ranking;
mod words;

pub use face::{Dice, DiceKind, DiceParseError, Face};
pub use hand::{Category, HAND_COUNT, Hand};
pub use ranking::{Ranking, Straights};
pub use claim::{CategorySet, ClaimError, Lang, MAX_CLAIM_LEN, Pattern, describe, notation, parse_claim};
