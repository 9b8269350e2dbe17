//! Writing the table's public facts as lines of text: names, claims, dice,
//! chips, and every public event. Shared by the human seat (its state block
//! and `history`) and the narrator.

use super::style::Style;
use crate::engine::{Challenge, Event, PublicEvent, SeatKind};
use crate::i18n::{Lang, Msg};
use crate::rules::{Dice, Hand, RoundAction, Rules, Seat, SeatingRoll, describe, shown_faces};

/// One line of output and its style.
pub(crate) type Line = (Style, String);

/// What is needed to write about a table: names, rules, language, and the
/// seat of the one person reading, whose actions are told in the second
/// person ("You accept.").
#[derive(Clone, Debug, Default)]
pub(crate) struct Render {
    pub names: Vec<String>,
    pub rules: Rules,
    pub lang: Lang,
    pub you: Option<Seat>,
}

/// The seat told in the second person: the one human of a table, if there
/// is exactly one (with two or more, each is named).
pub(crate) fn reader_seat(kinds: impl IntoIterator<Item = SeatKind>) -> Option<Seat> {
    let mut humans = kinds
        .into_iter()
        .enumerate()
        .filter(|(_, k)| *k == SeatKind::Human)
        .map(|(seat, _)| seat);
    match (humans.next(), humans.next()) {
        (Some(seat), None) => Some(seat),
        _ => None,
    }
}

impl Render {
    pub fn new(lang: Lang) -> Self {
        Render {
            names: Vec::new(),
            rules: Rules::default(),
            lang,
            you: None,
        }
    }

    /// Whether `seat` is told in the second person.
    pub fn is_you(&self, seat: Seat) -> bool {
        self.you == Some(seat)
    }

    /// A seat's name (`#3` for a seat with no name known); "You" for the
    /// reader's own seat.
    pub fn name(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            return Msg::YouName.text(self.lang);
        }
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("#{seat}"))
    }

    /// A hand in words and in the table's labels: "three kings (KKKT9)".
    pub fn hand(&self, hand: Hand) -> String {
        format!(
            "{} ({})",
            describe(hand, self.rules, self.lang),
            shown_faces(&hand.faces(), self.rules.dice, self.lang)
        )
    }

    /// Dice in position order with the table's labels: "K K 9 A Q".
    pub fn dice(&self, dice: &Dice) -> String {
        let labels: Vec<&str> = dice
            .0
            .iter()
            .map(|f| f.shown(self.rules.dice, self.lang))
            .collect();
        labels.join(" ")
    }

    /// Chips of `seats`, in that order: "Anna: 3 · Bot: 2 · Cat: out" (a
    /// colon, as names may end in a number: "Expert 3: 2").
    pub fn chips(&self, seats: &[Seat], chips: &[u32]) -> String {
        let out = Msg::OutOfGame.text(self.lang);
        let items: Vec<String> = seats
            .iter()
            .map(|&s| match chips.get(s).copied().unwrap_or(0) {
                0 => format!("{}: {out}", self.name(s)),
                n => format!("{}: {n}", self.name(s)),
            })
            .collect();
        items.join(" · ")
    }

    /// Seats in turn order: "Anna → Bot → Cat".
    pub fn order(&self, order: &[Seat]) -> String {
        let names: Vec<String> = order.iter().map(|&s| self.name(s)).collect();
        names.join(" → ")
    }

    /// One action of the current round, as a sentence.
    pub fn action(&self, action: &RoundAction) -> String {
        let lang = self.lang;
        match *action {
            RoundAction::Claim { seat, claim } if self.is_you(seat) => Msg::YouClaim {
                claim: &self.hand(claim),
            }
            .text(lang),
            RoundAction::Accept { seat } if self.is_you(seat) => Msg::YouAccept.text(lang),
            RoundAction::Reroll { seat, count } if self.is_you(seat) => {
                Msg::YouReroll { count }.text(lang)
            }
            RoundAction::Claim { seat, claim } => Msg::Claims {
                name: &self.name(seat),
                claim: &self.hand(claim),
            }
            .text(lang),
            RoundAction::Accept { seat } => Msg::Accepts {
                name: &self.name(seat),
            }
            .text(lang),
            RoundAction::Reroll { seat, count } => Msg::Rerolls {
                name: &self.name(seat),
                count,
            }
            .text(lang),
        }
    }

    /// One action of the current round as a line: claims stand out.
    fn action_line(&self, action: &RoundAction) -> Line {
        let style = match action {
            RoundAction::Claim { .. } => Style::Claim,
            RoundAction::Accept { .. } | RoundAction::Reroll { .. } => Style::Plain,
        };
        (style, self.action(action))
    }

    /// The lines telling a public event, or none for events told elsewhere.
    /// `order` is the turn order, for listing chips.
    pub fn event(&self, event: &PublicEvent, order: &[Seat]) -> Vec<Line> {
        let line = |style: Style, msg: Msg<'_>| (style, msg.text(self.lang));
        match event {
            PublicEvent::Seating { order } => vec![line(
                Style::Plain,
                Msg::TurnOrder {
                    order: &self.order(order),
                },
            )],
            PublicEvent::GameStart(start) if self.is_you(start.first) => {
                vec![line(Style::Heading, Msg::YouFirst { game: start.game })]
            }
            PublicEvent::GameStart(start) => vec![line(
                Style::Heading,
                Msg::GameBegins {
                    game: start.game,
                    first: &self.name(start.first),
                },
            )],
            PublicEvent::RoundStart(start) if self.is_you(start.starter) => {
                vec![line(Style::Heading, Msg::YouThrow { round: start.round })]
            }
            PublicEvent::RoundStart(start) => vec![line(
                Style::Heading,
                Msg::RoundBegins {
                    round: start.round,
                    name: &self.name(start.starter),
                },
            )],
            PublicEvent::Claim(_) | PublicEvent::Accept(_) | PublicEvent::Reroll { .. } => {
                let action = event.action().into_iter();
                action.map(|a| self.action_line(&a)).collect()
            }
            PublicEvent::Challenge(challenge) => self.challenge(challenge, order),
            PublicEvent::Penalty(penalty) => {
                let mut lines = vec![line(
                    Style::Error,
                    Msg::Penalty {
                        name: &self.name(penalty.seat),
                        reason: penalty.reason,
                        action: penalty.action,
                    },
                )];
                if let Some(chips) = &penalty.chips {
                    lines.push(self.chips_line(order, chips, penalty.pot.unwrap_or(0)));
                }
                lines
            }
            PublicEvent::Eliminated(gone) if self.is_you(gone.seat) => {
                vec![line(Style::Outcome, Msg::YouOut)]
            }
            PublicEvent::Eliminated(gone) => vec![line(
                Style::Outcome,
                Msg::Eliminated {
                    name: &self.name(gone.seat),
                },
            )],
            PublicEvent::GameEnd(end) if self.is_you(end.winner) => vec![line(
                Style::Outcome,
                Msg::YouWinGame {
                    game: end.game,
                    pot: end.pot,
                },
            )],
            PublicEvent::GameEnd(end) => vec![line(
                Style::Outcome,
                Msg::GameWon {
                    name: &self.name(end.winner),
                    game: end.game,
                    pot: end.pot,
                },
            )],
        }
    }

    /// A challenge: who doubted whom, the dice, who paid, the chips.
    fn challenge(&self, c: &Challenge, order: &[Seat]) -> Vec<Line> {
        let lang = self.lang;
        let loser = self.name(c.loser);
        let verdict = match (self.is_you(c.loser), c.claim_true) {
            (true, claim_true) => Msg::YouPay { claim_true },
            (false, true) => Msg::ClaimHeld { loser: &loser },
            (false, false) => Msg::ClaimFailed { loser: &loser },
        };
        let (challenger, claimer) = (self.name(c.seat), self.name(c.claimer));
        let claim = self.hand(c.claim);
        let challenges = if self.is_you(c.seat) {
            Msg::YouChallenge {
                claimer: &claimer,
                claim: &claim,
            }
        } else if self.is_you(c.claimer) {
            Msg::ChallengesYou {
                challenger: &challenger,
                claim: &claim,
            }
        } else {
            Msg::Challenges {
                challenger: &challenger,
                claimer: &claimer,
                claim: &claim,
            }
        };
        let revealed = Msg::Revealed {
            dice: &self.dice(&c.dice),
            hand: &describe(c.dice.hand(), self.rules, lang),
        };
        vec![
            (Style::Challenge, challenges.text(lang)),
            (Style::Challenge, revealed.text(lang)),
            (Style::Outcome, verdict.text(lang)),
            self.chips_line(order, &c.chips, c.pot),
        ]
    }

    /// The lines telling what the table sees that is no player's move: the
    /// players and the sealed seed (`match`), the seating throw, the end of
    /// the match and the seed revealed. None for other events.
    pub fn table_event(&self, event: &Event) -> Vec<Line> {
        let lang = self.lang;
        let mut lines = Vec::new();
        match event {
            Event::Match { commitment, .. } => {
                let names: Vec<String> = (0..self.names.len()).map(|s| self.name(s)).collect();
                let list = names.join(", ");
                lines.push((Style::Heading, Msg::Players { list: &list }.text(lang)));
                if let Some(commitment) = commitment {
                    lines.push((Style::Hint, Msg::SeedSealed { commitment }.text(lang)));
                }
            }
            Event::Seating { rolls, .. } => {
                let throws = seating_throws(rolls);
                let written: Vec<String> = throws
                    .iter()
                    .map(|throw| {
                        let dice: Vec<String> = throw
                            .iter()
                            .map(|roll| {
                                let face = roll.face.shown(self.rules.dice, self.lang);
                                format!("{} {face}", self.name(roll.seat))
                            })
                            .collect();
                        dice.join(", ")
                    })
                    .collect();
                let (first, again) = written
                    .split_first()
                    .map_or(("", &[][..]), |(f, a)| (f.as_str(), a));
                let again: String = again
                    .iter()
                    .map(|rolls| Msg::SeatingAgain { rolls }.text(lang))
                    .collect();
                let msg = Msg::SeatingThrow {
                    rolls: first,
                    again: &again,
                };
                lines.push((Style::Plain, msg.text(lang)));
            }
            Event::MatchEnd {
                wins,
                aborted,
                seed,
            } => {
                let wins = self.wins(wins);
                let msg = if *aborted {
                    Msg::MatchStopped { wins: &wins }
                } else {
                    Msg::MatchOver { wins: &wins }
                };
                lines.push((Style::Heading, msg.text(lang)));
                if let Some(seed) = *seed {
                    lines.push((Style::Hint, Msg::SeedRevealed { seed }.text(lang)));
                }
            }
            _ => {}
        }
        lines
    }

    /// God's view of a re-throw: which positions (1-based) and the dice after.
    pub fn secret_reroll(&self, positions: &[usize], dice: &Dice) -> Line {
        let list: Vec<String> = positions.iter().map(|p| (p + 1).to_string()).collect();
        let list = if list.is_empty() {
            "-".to_string()
        } else {
            list.join(" ")
        };
        let msg = Msg::SecretReroll {
            positions: &list,
            dice: &self.dice(dice),
        };
        (Style::Hint, msg.text(self.lang))
    }

    /// A bot's own debug line.
    pub fn bot_log(&self, seat: Seat, text: &str) -> Line {
        let msg = Msg::BotLog {
            name: &self.name(seat),
            text,
        };
        (Style::Hint, msg.text(self.lang))
    }

    /// Chips of the seats still holding some (or just emptied: `out`), in
    /// turn order, and the pot.
    fn chips_line(&self, order: &[Seat], chips: &[u32], pot: u32) -> Line {
        let all: Vec<Seat> = (0..chips.len()).collect();
        let seats = if order.len() == chips.len() {
            order
        } else {
            &all
        };
        let text = Msg::ChipsLine {
            chips: &self.chips(seats, chips),
            pot,
        }
        .text(self.lang);
        (Style::Plain, text)
    }

    /// Wins by seat: "Anna: 2 · Bot: 1 · Cat: 0" (a colon, as names may end
    /// in a number).
    pub fn wins(&self, wins: &[u32]) -> String {
        let items: Vec<String> = wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("{}: {w}", self.name(s)))
            .collect();
        items.join(" · ")
    }
}

/// The seating throw's dice split into throws: the first of every seat, then
/// each re-throw among the tied (a throw ends where a seat throws again).
fn seating_throws(rolls: &[SeatingRoll]) -> Vec<&[SeatingRoll]> {
    let mut throws = Vec::new();
    let mut start = 0;
    for i in 0..rolls.len() {
        if rolls[start..i].iter().any(|r| r.seat == rolls[i].seat) {
            throws.push(&rolls[start..i]);
            start = i;
        }
    }
    if start < rolls.len() {
        throws.push(&rolls[start..]);
    }
    throws
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Face;

    #[test]
    fn the_seating_throw_reads_throw_by_throw() {
        let roll = |seat, face| SeatingRoll { seat, face };
        // All three throw kings; then 9, Q, Q; then the queens again.
        let rolls = [
            roll(0, Face::King),
            roll(1, Face::King),
            roll(2, Face::King),
            roll(0, Face::Nine),
            roll(1, Face::Queen),
            roll(2, Face::Queen),
            roll(1, Face::Nine),
            roll(2, Face::Jack),
        ];
        let throws: Vec<usize> = seating_throws(&rolls).iter().map(|t| t.len()).collect();
        assert_eq!(throws, [3, 3, 2]);
        assert!(seating_throws(&[]).is_empty());
    }
}
