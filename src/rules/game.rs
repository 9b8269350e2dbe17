//! One game: rounds of claims, accepts, re-throws and challenges until one
//! player is left with chips.
//!
//! The state owns no randomness. When dice must be thrown, [`GameState::pending`]
//! says so and the engine passes the faces in ([`GameState::throw`],
//! [`GameState::deal_reroll`]). Players' decisions go through
//! [`GameState::apply`], which either changes the state or returns an
//! [`IllegalDecision`] and leaves it exactly as it was.

use super::face::{Dice, Face};
use super::hand::Hand;
use super::ranking::Ranking;
use super::table_rules::{MAX_SEATS, NextRoundStarter, Rules, Seat};
use super::view::{ClaimOnTable, RoundAction, SeatView};

/// Which dice a player throws again: a set of positions 0–4.
///
/// ```
/// use liar::rules::Positions;
/// let p = Positions::from_list(&[0, 3]).unwrap();
/// assert_eq!(p.count(), 2);
/// assert_eq!(p.iter().collect::<Vec<_>>(), vec![0, 3]);
/// assert!(Positions::from_list(&[5]).is_none());
/// assert!(Positions::from_list(&[1, 1]).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Positions(u8);

impl Positions {
    /// Keep every die.
    pub const NONE: Positions = Positions(0);
    /// Throw all five again.
    pub const ALL: Positions = Positions(0b11111);

    /// From a bit mask (bit i = position i); `None` if a bit above 4 is set.
    pub fn from_mask(mask: u8) -> Option<Positions> {
        (mask <= 0b11111).then_some(Positions(mask))
    }

    /// From a list of distinct positions 0–4; `None` on a repeat or out of range.
    pub fn from_list(list: &[usize]) -> Option<Positions> {
        let mut mask = 0u8;
        for &p in list {
            if p > 4 || mask & (1 << p) != 0 {
                return None;
            }
            mask |= 1 << p;
        }
        Some(Positions(mask))
    }

    /// The bit mask.
    pub fn mask(self) -> u8 {
        self.0
    }

    /// How many dice are thrown again (the number announced to all).
    pub fn count(self) -> u8 {
        self.0.count_ones() as u8
    }

    /// Whether position `p` is thrown again.
    pub fn contains(self, p: usize) -> bool {
        p < 5 && self.0 & (1 << p) != 0
    }

    /// The positions, ascending.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..5).filter(move |&p| self.contains(p))
    }
}

/// What kind of decision a seat owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DecisionKind {
    /// Make a claim (opening the round, or after a re-throw).
    Claim,
    /// Accept or challenge the claim just made.
    Respond,
    /// Having accepted, choose which dice to throw again (possibly none).
    Reroll,
}

/// A player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Claim a hand.
    Claim(Hand),
    /// Accept the claim just made.
    Accept,
    /// Challenge the claim just made.
    Challenge,
    /// Throw these dice again (after accepting).
    Reroll(Positions),
}

impl Decision {
    /// The kind of decision this is.
    pub fn kind(&self) -> DecisionKind {
        match self {
            Decision::Claim(_) => DecisionKind::Claim,
            Decision::Accept | Decision::Challenge => DecisionKind::Respond,
            Decision::Reroll(_) => DecisionKind::Reroll,
        }
    }
}

/// What the game waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Chance: five fresh dice for `seat`, who opens a round.
    Throw {
        /// The round's starter.
        seat: Seat,
    },
    /// Chance: new faces for the positions `seat` throws again.
    Reroll {
        /// Who throws.
        seat: Seat,
        /// Which dice.
        positions: Positions,
    },
    /// A decision of `seat`.
    Decide {
        /// Who decides.
        seat: Seat,
        /// What is to be decided.
        kind: DecisionKind,
    },
    /// The game is over.
    Over {
        /// The last player with chips.
        winner: Seat,
    },
}

/// Why a decision (or a chance input) was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalDecision {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Dice must be thrown before anyone decides.
    #[error("the dice must be thrown first")]
    AwaitingDice,
    /// Someone else is to decide.
    #[error("it is seat {expected}'s turn, not seat {got}'s")]
    NotYourTurn {
        /// Who is to decide.
        expected: Seat,
        /// Who tried.
        got: Seat,
    },
    /// A decision of the wrong kind.
    #[error("expected a {expected:?} decision, got {got:?}")]
    WrongKind {
        /// What was owed.
        expected: DecisionKind,
        /// What came.
        got: DecisionKind,
    },
    /// A claim not strictly higher than the claim to beat.
    #[error("claim {claim} is not higher than {to_beat}")]
    ClaimNotHigher {
        /// The claim made.
        claim: Hand,
        /// The claim it had to beat.
        to_beat: Hand,
    },
    /// Nothing is higher than the claim on the table: it must be challenged.
    #[error("{claim} cannot be beaten, so it must be challenged")]
    MustChallenge {
        /// The top claim.
        claim: Hand,
    },
    /// Chance input of the wrong kind or size.
    #[error("expected {expected} new faces, got {got}")]
    WrongFaceCount {
        /// Faces needed.
        expected: usize,
        /// Faces given.
        got: usize,
    },
}

/// How a round ended: by a challenge, or by a player forfeiting it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    /// Who paid the chip.
    pub loser: Seat,
    /// Whether the loser has no chips left and leaves the game.
    pub eliminated: bool,
    /// The pot after the chip was paid (before a winner takes it).
    pub pot: u32,
    /// If the game is over: the winner, who then takes the pot.
    pub winner: Option<Seat>,
}

/// The dice revealed at a challenge and what they decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showdown {
    /// Who challenged.
    pub challenger: Seat,
    /// Who made the claim.
    pub claimer: Seat,
    /// The claim challenged.
    pub claim: Hand,
    /// The revealed dice.
    pub dice: Dice,
    /// Whether the real hand is at least the claim.
    pub claim_true: bool,
    /// Chips, elimination, winner.
    pub end: RoundEnd,
}

/// What a successful [`GameState::apply`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// A claim now stands.
    Claimed,
    /// The claim was accepted; the accepter now holds the dice.
    Accepted,
    /// Positions chosen; chance must now deal the new faces.
    RerollChosen,
    /// The claim was challenged and the round is over.
    Challenged(Showdown),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Throw(Seat),
    Claim(Seat),
    Respond(Seat),
    Reroll(Seat),
    Dealing(Seat, Positions),
    Over(Seat),
}

/// The state of one game.
///
/// ```
/// use liar::rules::*;
/// let rules = Rules::default();
/// let mut game = GameState::new(rules, &[0, 1, 2], 0, 1);
/// assert_eq!(game.pending(), Pending::Throw { seat: 0 });
/// game.throw("QQQ99".parse().unwrap()).unwrap();
/// let claim = parse_claim("KKK99", rules.ranking()).unwrap();
/// game.apply(0, Decision::Claim(claim)).unwrap();
/// // Seat 1 challenges; the dice show QQQ99 < KKK99, so seat 0 lied and pays.
/// match game.apply(1, Decision::Challenge).unwrap() {
///     Applied::Challenged(s) => assert_eq!(s.end.loser, 0),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(game.chips()[0], 2);
/// assert_eq!(game.pot(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    rules: Rules,
    ranking: Ranking,
    order: Vec<Seat>,
    /// For each seat, the seat to its left in the turn order.
    left_of: [u8; MAX_SEATS],
    chips: Vec<u32>,
    pot: u32,
    game: u32,
    round: u32,
    phase: Phase,
    dice: Dice,
    history: Vec<RoundAction>,
    to_beat: Option<ClaimOnTable>,
}

impl GameState {
    /// A new game. `order` lists the seats playing in turn order ("to the
    /// left"); `seat_count` is the table's size (seats not in `order` sit
    /// out with no chips); `first` opens the first round; `game` is 1-based.
    ///
    /// Seats in `order` must be distinct and below `seat_count` ≤ [`MAX_SEATS`];
    /// anything else is clamped away rather than panicking.
    pub fn new(rules: Rules, order: &[Seat], first: Seat, game: u32) -> GameState {
        let seat_count = order.iter().map(|&s| s + 1).max().unwrap_or(0);
        Self::with_table_size(rules, order, seat_count, first, game)
    }

    /// Like [`GameState::new`] for a table of `seat_count` seats, some of which
    /// may sit this game out.
    pub fn with_table_size(
        rules: Rules,
        order: &[Seat],
        seat_count: usize,
        first: Seat,
        game: u32,
    ) -> GameState {
        let seat_count = seat_count.min(MAX_SEATS);
        let mut seen = [false; MAX_SEATS];
        let order: Vec<Seat> = order
            .iter()
            .copied()
            .filter(|&s| s < seat_count && !std::mem::replace(&mut seen[s], true))
            .collect();
        let mut left_of = [0u8; MAX_SEATS];
        for (i, &s) in order.iter().enumerate() {
            left_of[s] = order[(i + 1) % order.len()] as u8;
        }
        let mut chips = vec![0; seat_count];
        for &s in &order {
            chips[s] = rules.chips.max(1);
        }
        let first = if order.contains(&first) {
            first
        } else {
            order.first().copied().unwrap_or(0)
        };
        let phase = if order.len() <= 1 {
            Phase::Over(first)
        } else {
            Phase::Throw(first)
        };
        GameState {
            rules,
            ranking: rules.ranking(),
            order,
            left_of,
            chips,
            pot: 0,
            game,
            round: 0,
            phase,
            dice: Dice([Face::Nine; 5]),
            history: Vec::with_capacity(16),
            to_beat: None,
        }
    }

    /// What the game waits for.
    #[inline]
    pub fn pending(&self) -> Pending {
        match self.phase {
            Phase::Throw(seat) => Pending::Throw { seat },
            Phase::Dealing(seat, positions) => Pending::Reroll { seat, positions },
            Phase::Claim(seat) => Pending::Decide {
                seat,
                kind: DecisionKind::Claim,
            },
            Phase::Respond(seat) => Pending::Decide {
                seat,
                kind: DecisionKind::Respond,
            },
            Phase::Reroll(seat) => Pending::Decide {
                seat,
                kind: DecisionKind::Reroll,
            },
            Phase::Over(winner) => Pending::Over { winner },
        }
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The hand order of this game.
    pub fn ranking(&self) -> Ranking {
        self.ranking
    }

    /// Chips by seat (0 for seats out of the game).
    pub fn chips(&self) -> &[u32] {
        &self.chips
    }

    /// Chips in the pot.
    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// The 1-based game number in the match.
    pub fn game(&self) -> u32 {
        self.game
    }

    /// The 1-based round number (0 before the first throw).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The turn order of the players dealt into this game.
    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// The dice as they lie now (God's view: not for players).
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The claim standing on the table, if any.
    pub fn to_beat(&self) -> Option<ClaimOnTable> {
        self.to_beat
    }

    /// This round's public actions so far.
    pub fn history(&self) -> &[RoundAction] {
        &self.history
    }

    /// Whether `seat` still has chips in this game.
    pub fn in_game(&self, seat: Seat) -> bool {
        self.chips.get(seat).is_some_and(|&c| c > 0)
    }

    /// The next seat to the left of `seat` that is still in the game.
    pub fn next_in_game(&self, seat: Seat) -> Seat {
        let mut s = seat;
        for _ in 0..self.order.len() {
            s = self.left_of[s.min(MAX_SEATS - 1)] as Seat;
            if self.in_game(s) {
                return s;
            }
        }
        seat
    }

    /// What `seat` may see now (see [`SeatView`]).
    pub fn view(&self, seat: Seat) -> SeatView<'_> {
        let holds_dice = matches!(self.phase, Phase::Claim(s) | Phase::Reroll(s) if s == seat);
        let decision = match self.pending() {
            Pending::Decide { seat: s, kind } if s == seat => Some(kind),
            _ => None,
        };
        SeatView {
            seat,
            decision,
            rules: &self.rules,
            game: self.game,
            round: self.round,
            order: &self.order,
            chips: &self.chips,
            pot: self.pot,
            to_beat: self.to_beat,
            history: &self.history,
            dice: holds_dice.then_some(self.dice),
        }
    }

    /// Chance: the starter's fresh throw of all five dice.
    pub fn throw(&mut self, dice: Dice) -> Result<Seat, IllegalDecision> {
        let Phase::Throw(seat) = self.phase else {
            return Err(self.not_chance());
        };
        self.dice = dice;
        self.round += 1;
        self.history.clear();
        self.to_beat = None;
        self.phase = Phase::Claim(seat);
        Ok(seat)
    }

    /// Chance: the new faces for the chosen positions, in position order.
    /// Returns the dice after the throw.
    pub fn deal_reroll(&mut self, faces: &[Face]) -> Result<Dice, IllegalDecision> {
        let Phase::Dealing(seat, positions) = self.phase else {
            return Err(self.not_chance());
        };
        if faces.len() != positions.count() as usize {
            return Err(IllegalDecision::WrongFaceCount {
                expected: positions.count() as usize,
                got: faces.len(),
            });
        }
        for (p, &f) in positions.iter().zip(faces) {
            self.dice.0[p] = f;
        }
        self.phase = Phase::Claim(seat);
        Ok(self.dice)
    }

    fn not_chance(&self) -> IllegalDecision {
        match self.phase {
            Phase::Over(_) => IllegalDecision::GameOver,
            _ => IllegalDecision::WrongFaceCount {
                expected: 0,
                got: 5,
            },
        }
    }

    /// Whether `decision` by `seat` is legal now, without applying it.
    pub fn check(&self, seat: Seat, decision: Decision) -> Result<(), IllegalDecision> {
        let (expected_seat, kind) = match self.phase {
            Phase::Over(_) => return Err(IllegalDecision::GameOver),
            Phase::Throw(_) | Phase::Dealing(..) => return Err(IllegalDecision::AwaitingDice),
            Phase::Claim(s) => (s, DecisionKind::Claim),
            Phase::Respond(s) => (s, DecisionKind::Respond),
            Phase::Reroll(s) => (s, DecisionKind::Reroll),
        };
        if seat != expected_seat {
            return Err(IllegalDecision::NotYourTurn {
                expected: expected_seat,
                got: seat,
            });
        }
        if decision.kind() != kind {
            return Err(IllegalDecision::WrongKind {
                expected: kind,
                got: decision.kind(),
            });
        }
        match (decision, self.to_beat) {
            (Decision::Claim(claim), Some(t)) if !self.ranking.beats(claim, t.claim) => {
                Err(IllegalDecision::ClaimNotHigher {
                    claim,
                    to_beat: t.claim,
                })
            }
            (Decision::Accept, Some(t)) if self.ranking.is_top(t.claim) => {
                Err(IllegalDecision::MustChallenge { claim: t.claim })
            }
            _ => Ok(()),
        }
    }

    /// Applies a player's decision, or refuses it and changes nothing.
    pub fn apply(&mut self, seat: Seat, decision: Decision) -> Result<Applied, IllegalDecision> {
        self.check(seat, decision)?;
        Ok(match decision {
            Decision::Claim(claim) => {
                let rerolled = match self.history.last() {
                    Some(RoundAction::Reroll { count, .. }) => Some(*count),
                    _ => None,
                };
                self.history.push(RoundAction::Claim { seat, claim });
                self.to_beat = Some(ClaimOnTable {
                    seat,
                    claim,
                    rerolled,
                });
                self.phase = Phase::Respond(self.next_in_game(seat));
                Applied::Claimed
            }
            Decision::Accept => {
                self.history.push(RoundAction::Accept { seat });
                self.phase = Phase::Reroll(seat);
                Applied::Accepted
            }
            Decision::Reroll(positions) => {
                self.history.push(RoundAction::Reroll {
                    seat,
                    count: positions.count(),
                });
                // Even a re-throw of no dice passes through chance, so every
                // re-throw is dealt (and logged) the same way.
                self.phase = Phase::Dealing(seat, positions);
                Applied::RerollChosen
            }
            Decision::Challenge => {
                // `check` guarantees a claim stands when a response is owed.
                let Some(t) = self.to_beat else {
                    return Err(IllegalDecision::AwaitingDice);
                };
                let real = self.dice.hand();
                let claim_true = !self.ranking.beats(t.claim, real);
                let loser = if claim_true { seat } else { t.seat };
                let end = self.end_round(loser, seat);
                Applied::Challenged(Showdown {
                    challenger: seat,
                    claimer: t.seat,
                    claim: t.claim,
                    dice: self.dice,
                    claim_true,
                    end,
                })
            }
        })
    }

    /// The seat owing a decision forfeits the round (a penalty): it pays one
    /// chip and the round ends as if it had lost a challenge it made.
    pub fn forfeit(&mut self, seat: Seat) -> Result<RoundEnd, IllegalDecision> {
        match self.pending() {
            Pending::Decide { seat: s, .. } if s == seat => Ok(self.end_round(seat, seat)),
            Pending::Decide { seat: s, .. } => Err(IllegalDecision::NotYourTurn {
                expected: s,
                got: seat,
            }),
            Pending::Over { .. } => Err(IllegalDecision::GameOver),
            _ => Err(IllegalDecision::AwaitingDice),
        }
    }

    /// Removes `seat` from the game at once (a disqualification): its chips go
    /// to the pot. Returns the round's end if this ends the game or the round
    /// (a round in progress is abandoned and a fresh one starts).
    pub fn remove(&mut self, seat: Seat) -> Option<RoundEnd> {
        if !self.in_game(seat) || matches!(self.phase, Phase::Over(_)) {
            return None;
        }
        self.pot += std::mem::take(&mut self.chips[seat]);
        let next = self.next_in_game(seat);
        let winner = self.sole_survivor();
        self.phase = match winner {
            Some(w) => Phase::Over(w),
            None => Phase::Throw(next),
        };
        let end = RoundEnd {
            loser: seat,
            eliminated: true,
            pot: self.pot,
            winner,
        };
        self.settle(winner);
        Some(end)
    }

    fn sole_survivor(&self) -> Option<Seat> {
        let mut alive = self.order.iter().copied().filter(|&s| self.in_game(s));
        match (alive.next(), alive.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// The winner takes the pot.
    fn settle(&mut self, winner: Option<Seat>) {
        if let Some(w) = winner {
            self.chips[w] += std::mem::take(&mut self.pot);
        }
    }

    fn end_round(&mut self, loser: Seat, challenger: Seat) -> RoundEnd {
        self.chips[loser] -= 1;
        self.pot += 1;
        let eliminated = self.chips[loser] == 0;
        let winner = self.sole_survivor();
        let pot = self.pot;
        self.phase = match winner {
            Some(w) => Phase::Over(w),
            None => Phase::Throw(self.next_starter(loser, challenger)),
        };
        self.settle(winner);
        RoundEnd {
            loser,
            eliminated,
            pot,
            winner,
        }
    }

    fn next_starter(&self, loser: Seat, challenger: Seat) -> Seat {
        let stay_or_next = |s: Seat| {
            if self.in_game(s) {
                s
            } else {
                self.next_in_game(s)
            }
        };
        match self.rules.next_round_starter {
            NextRoundStarter::Challenger => stay_or_next(challenger),
            NextRoundStarter::Loser => stay_or_next(loser),
            NextRoundStarter::LeftOfChallenger => self.next_in_game(challenger),
        }
    }

    /// Every claim `seat` could legally make now, lowest first (empty unless a
    /// claim is owed).
    pub fn legal_claims(&self) -> impl Iterator<Item = Hand> + '_ {
        let owed = matches!(self.phase, Phase::Claim(_));
        let floor = self.to_beat.map(|t| self.ranking.strength(t.claim));
        self.ranking
            .ascending()
            .iter()
            .copied()
            .filter(move |&h| owed && floor.is_none_or(|f| self.ranking.strength(h) > f))
    }
}
