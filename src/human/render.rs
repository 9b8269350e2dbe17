//! Writing the table's public facts as lines of text: names, claims, dice,
//! chips, and every public event. Shared by the human seat (its state block
//! and `history`) and the narrator.

use super::style::Style;
use crate::engine::PublicEvent;
use crate::i18n::{Lang, Msg};
use crate::rules::{Dice, Hand, RoundAction, Rules, Seat, describe};

/// One line of output and its style.
pub(crate) type Line = (Style, String);

/// What is needed to write about a table: names, rules, language.
#[derive(Clone, Debug, Default)]
pub(crate) struct Render {
    pub names: Vec<String>,
    pub rules: Rules,
    pub lang: Lang,
}

impl Render {
    pub fn new(lang: Lang) -> Self {
        Render {
            names: Vec::new(),
            rules: Rules::default(),
            lang,
        }
    }

    /// A seat's name (`#3` for a seat with no name known).
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("#{seat}"))
    }

    /// A hand in words and in the table's labels: "three kings (KKKT9)".
    pub fn hand(&self, hand: Hand) -> String {
        format!(
            "{} ({})",
            describe(hand, self.rules.ranking(), self.lang),
            hand.labels(self.rules.dice)
        )
    }

    /// Dice in position order with the table's labels: "K K 9 A Q".
    pub fn dice(&self, dice: &Dice) -> String {
        let labels: Vec<String> = dice
            .0
            .iter()
            .map(|f| f.label(self.rules.dice).to_string())
            .collect();
        labels.join(" ")
    }

    /// Chips of `seats`, in that order: "Anna 3 · Bot 2 · Cat out".
    pub fn chips(&self, seats: &[Seat], chips: &[u32]) -> String {
        let out = Msg::OutOfGame.text(self.lang);
        let items: Vec<String> = seats
            .iter()
            .map(|&s| match chips.get(s).copied().unwrap_or(0) {
                0 => format!("{} {out}", self.name(s)),
                n => format!("{} {n}", self.name(s)),
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

    /// The lines telling a public event, or none for events told elsewhere.
    /// `order` is the turn order, for listing chips.
    pub fn event(&self, event: &PublicEvent, order: &[Seat]) -> Vec<Line> {
        let lang = self.lang;
        let line = |style: Style, msg: Msg<'_>| (style, msg.text(lang));
        match event {
            PublicEvent::Seating { order } => vec![line(
                Style::Plain,
                Msg::TurnOrder {
                    order: &self.order(order),
                },
            )],
            PublicEvent::GameStart { game, first, .. } => vec![line(
                Style::Heading,
                Msg::GameBegins {
                    game: *game,
                    first: &self.name(*first),
                },
            )],
            PublicEvent::RoundStart { round, starter, .. } => vec![line(
                Style::Heading,
                Msg::RoundBegins {
                    round: *round,
                    name: &self.name(*starter),
                },
            )],
            PublicEvent::Claim { seat, claim } => vec![(
                Style::Claim,
                self.action(&RoundAction::Claim {
                    seat: *seat,
                    claim: *claim,
                }),
            )],
            PublicEvent::Accept { seat } => {
                vec![(
                    Style::Plain,
                    self.action(&RoundAction::Accept { seat: *seat }),
                )]
            }
            PublicEvent::Reroll { seat, count } => vec![(
                Style::Plain,
                self.action(&RoundAction::Reroll {
                    seat: *seat,
                    count: u8::try_from(*count).unwrap_or(5),
                }),
            )],
            PublicEvent::Challenge {
                seat,
                claimer,
                claim,
                dice,
                claim_true,
                loser,
                chips,
                pot,
            } => {
                let loser = self.name(*loser);
                let verdict = if *claim_true {
                    Msg::ClaimHeld { loser: &loser }
                } else {
                    Msg::ClaimFailed { loser: &loser }
                };
                vec![
                    line(
                        Style::Challenge,
                        Msg::Challenges {
                            challenger: &self.name(*seat),
                            claimer: &self.name(*claimer),
                            claim: &self.hand(*claim),
                        },
                    ),
                    line(
                        Style::Challenge,
                        Msg::Revealed {
                            dice: &self.dice(dice),
                            hand: &describe(dice.hand(), self.rules.ranking(), lang),
                        },
                    ),
                    line(Style::Outcome, verdict),
                    self.chips_line(order, chips, *pot),
                ]
            }
            PublicEvent::Penalty {
                seat,
                reason,
                action,
                chips,
                pot,
            } => {
                let mut lines = vec![line(
                    Style::Error,
                    Msg::Penalty {
                        name: &self.name(*seat),
                        reason: *reason,
                        action: *action,
                    },
                )];
                if let Some(chips) = chips {
                    lines.push(self.chips_line(order, chips, pot.unwrap_or(0)));
                }
                lines
            }
            PublicEvent::Eliminated { seat } => vec![line(
                Style::Outcome,
                Msg::Eliminated {
                    name: &self.name(*seat),
                },
            )],
            PublicEvent::GameEnd { game, winner, pot } => vec![line(
                Style::Outcome,
                Msg::GameWon {
                    name: &self.name(*winner),
                    game: *game,
                    pot: *pot,
                },
            )],
        }
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

    /// Wins by seat: "Anna 2 · Bot 1 · Cat 0".
    pub fn wins(&self, wins: &[u32]) -> String {
        let items: Vec<String> = wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("{} {w}", self.name(s)))
            .collect();
        items.join(" · ")
    }
}
