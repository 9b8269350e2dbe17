//! The rule options a table is played with.

use super::face::DiceKind;
use super::ranking::{Ranking, Straights};

/// A seat number: 0..N-1 in the order the table lists its players.
pub type Seat = usize;

/// The most seats the engine supports at one table.
pub const MAX_SEATS: usize = 16;

/// Who throws first in the round after a challenge.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum NextRoundStarter {
    /// The challenger (or, if he just left the game, the next player still in it).
    #[default]
    Challenger,
    /// The player who paid the chip (or the next player still in, if he left).
    Loser,
    /// The player to the challenger's left.
    LeftOfChallenger,
}

impl NextRoundStarter {
    /// Every variant.
    pub const ALL: [NextRoundStarter; 3] = [
        NextRoundStarter::Challenger,
        NextRoundStarter::Loser,
        NextRoundStarter::LeftOfChallenger,
    ];
}

/// How the turn order of a match is decided.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum SeatingRule {
    /// Everyone throws one die; highest starts, the next highest sits to his
    /// left, and so on; ties throw again among themselves.
    #[default]
    Throw,
    /// Keep the order the table lists; the first listed starts.
    Listed,
}

/// Every rule option of a table. `Rules::default()` is the book's game.
///
/// ```
/// use liar::rules::Rules;
/// let rules = Rules::default();
/// assert_eq!(rules.chips, 3);
/// assert!(rules.kickers);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Poker or standard dice (labels only).
    pub dice: DiceKind,
    /// Chips each player starts each game with.
    pub chips: u32,
    /// Where straights rank, if they exist.
    pub straights: Straights,
    /// Whether odd dice break ties.
    pub kickers: bool,
    /// Who opens the round after a challenge.
    pub next_round_starter: NextRoundStarter,
    /// How the turn order is set at the start of a match.
    pub seating: SeatingRule,
    /// Fewest players the table accepts (3 in the book; 2 allowed for duels).
    pub min_players: usize,
    /// Most players the table accepts.
    pub max_players: usize,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            dice: DiceKind::Poker,
            chips: 3,
            straights: Straights::BelowFullHouse,
            kickers: true,
            next_round_starter: NextRoundStarter::Challenger,
            seating: SeatingRule::Throw,
            min_players: 3,
            max_players: 10,
        }
    }
}

impl Rules {
    /// The hand order these rules use.
    pub fn ranking(&self) -> Ranking {
        Ranking {
            straights: self.straights,
            kickers: self.kickers,
        }
    }
}
