//! The end-of-match summary: per player, games won, chips won and lost,
//! challenges won and lost, bluffs caught and bluffs that got through,
//! counted from a match's events as they happen.
//!
//! Chips and challenges are public facts. Whether a claim that was accepted
//! was a bluff depends on the hidden dice, so the tally reads the full
//! events (as the replay does) and is shown only once the match is over.

use crate::engine::{Challenge, Event};
use crate::rules::{Dice, Ranking, Seat};

/// One player's figures for a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SeatTally {
    /// Games won.
    pub games: u32,
    /// Chips of the pots this player took (its own payments into them
    /// included).
    pub chips_taken: u32,
    /// Chips this player paid into the pot (lost challenges, penalties,
    /// disqualification), each counted when paid, as the narration says it.
    pub chips_paid: u32,
    /// Challenges this player made that caught a bluff.
    pub challenges_won: u32,
    /// Challenges this player made against a claim that held.
    pub challenges_lost: u32,
    /// This player's bluffs that were challenged.
    pub bluffs_caught: u32,
    /// This player's bluffs that the next player accepted.
    pub bluffs_through: u32,
}

/// Counts a match's [`SeatTally`]s from its events.
#[derive(Clone, Debug, Default)]
pub(crate) struct MatchTally {
    seats: Vec<SeatTally>,
    ranking: Ranking,
    /// Chips by seat as last told.
    chips: Vec<u32>,
    /// The dice under the cup now.
    cup: Option<Dice>,
    /// The last claim, if it was a bluff: who made it.
    bluff: Option<Seat>,
}

impl MatchTally {
    /// The figures so far, by seat.
    pub fn seats(&self) -> &[SeatTally] {
        &self.seats
    }

    /// Takes one event into account.
    pub fn event(&mut self, event: &Event) {
        match event {
            Event::Match { rules, seats, .. } => {
                *self = MatchTally {
                    seats: vec![SeatTally::default(); seats.len()],
                    ranking: rules.ranking(),
                    ..MatchTally::default()
                };
            }
            Event::GameStart(start) => self.chips = start.chips.clone(),
            Event::RoundStart { dice, .. } | Event::Reroll { dice, .. } => {
                self.cup = Some(*dice);
                self.bluff = None;
            }
            Event::Claim(claim) => {
                let bluff = self
                    .cup
                    .is_some_and(|dice| self.ranking.beats(claim.claim, dice.hand()));
                self.bluff = bluff.then_some(claim.seat);
            }
            Event::Accept(_) => {
                if let Some(seat) = self.bluff.take() {
                    self.at(seat).bluffs_through += 1;
                }
            }
            Event::Challenge(challenge) => self.challenge(challenge),
            Event::Penalty(penalty) => {
                if let Some(chips) = &penalty.chips {
                    self.pay(chips);
                }
                self.bluff = None;
            }
            Event::GameEnd(end) => {
                let seat = self.at(end.winner);
                seat.games += 1;
                seat.chips_taken = seat.chips_taken.saturating_add(end.pot);
            }
            Event::Seating { .. }
            | Event::Eliminated(_)
            | Event::Log { .. }
            | Event::MatchEnd { .. } => {}
        }
    }

    fn challenge(&mut self, c: &Challenge) {
        self.bluff = None;
        if c.claim_true {
            self.at(c.seat).challenges_lost += 1;
        } else {
            self.at(c.seat).challenges_won += 1;
            self.at(c.claimer).bluffs_caught += 1;
        }
        self.pay(&c.chips);
    }

    /// Records who paid into the pot, from the chips after paying.
    fn pay(&mut self, after: &[u32]) {
        for (seat, &now) in after.iter().enumerate() {
            let before = self.chips.get(seat).copied().unwrap_or(now);
            let paid = before.saturating_sub(now);
            if paid > 0 {
                let tally = self.at(seat);
                tally.chips_paid = tally.chips_paid.saturating_add(paid);
            }
        }
        self.chips = after.to_vec();
    }

    /// The tally of `seat`, growing the table for a seat not yet seen.
    /// A seat number no table can have (from a tampered replay or a hostile
    /// server) is counted in one spare slot past the last real seat, so it
    /// can neither overflow nor make the table huge.
    fn at(&mut self, seat: Seat) -> &mut SeatTally {
        let seat = seat.min(crate::rules::MAX_SEATS);
        if self.seats.len() <= seat {
            self.seats.resize(seat + 1, SeatTally::default());
        }
        &mut self.seats[seat]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{
        Accept, Claim, GameEnd, GameStart, MatchSetup, RoundStart, native_players, play_match,
    };
    use crate::rules::{Hand, Rules};

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    fn hand(text: &str) -> Hand {
        dice(text).hand()
    }

    fn start(tally: &mut MatchTally, seats: usize) {
        let setup = MatchSetup::native(Rules::default(), 1, 1, &vec!["honest"; seats]);
        tally.event(&Event::Match {
            version: 2,
            seed: Some(1),
            commitment: None,
            rules: setup.rules,
            seats: setup.seats,
        });
        tally.event(&Event::GameStart(GameStart {
            game: 1,
            first: 0,
            chips: vec![3; seats],
        }));
    }

    #[test]
    fn a_seat_no_table_can_have_neither_overflows_nor_grows_the_tally() {
        let mut tally = MatchTally::default();
        start(&mut tally, 3);
        round(&mut tally, usize::MAX, "KKKQQ");
        claim(&mut tally, usize::MAX, "KKKQQ");
        assert!(tally.seats().len() <= crate::rules::MAX_SEATS + 1);
    }

    fn round(tally: &mut MatchTally, seat: Seat, thrown: &str) {
        tally.event(&Event::RoundStart {
            start: RoundStart {
                game: 1,
                round: 1,
                starter: seat,
            },
            dice: dice(thrown),
        });
    }

    fn claim(tally: &mut MatchTally, seat: Seat, claimed: &str) {
        tally.event(&Event::Claim(Claim {
            seat,
            claim: hand(claimed),
        }));
    }

    fn challenge(tally: &mut MatchTally, seat: Seat, claimer: Seat, shown: &str, chips: Vec<u32>) {
        let claim = hand("KKKQQ");
        let claim_true = !Ranking::default().beats(claim, dice(shown).hand());
        tally.event(&Event::Challenge(Challenge {
            seat,
            claimer,
            claim,
            dice: dice(shown),
            claim_true,
            loser: if claim_true { seat } else { claimer },
            pot: chips.iter().map(|c| 3 - c).sum(),
            chips,
        }));
    }

    #[test]
    fn a_bluff_accepted_got_through_and_a_bluff_challenged_was_caught() {
        let mut t = MatchTally::default();
        start(&mut t, 3);
        // Seat 0 holds a pair of nines and claims three kings: a bluff, accepted.
        round(&mut t, 0, "99AKQ");
        claim(&mut t, 0, "KKKT9");
        t.event(&Event::Accept(Accept { seat: 1 }));
        // Seat 1 throws again, gets two kings, claims a full house: a bluff,
        // challenged by seat 2; seat 1 pays.
        t.event(&Event::Reroll {
            seat: 1,
            positions: vec![0, 1],
            dice: dice("KKAQJ"),
        });
        claim(&mut t, 1, "KKKQQ");
        challenge(&mut t, 2, 1, "KKAQJ", vec![3, 2, 3]);
        t.event(&Event::GameEnd(GameEnd {
            game: 1,
            winner: 2,
            pot: 1,
        }));
        let s = t.seats();
        assert_eq!((s[0].bluffs_through, s[0].bluffs_caught), (1, 0));
        assert_eq!((s[1].bluffs_through, s[1].bluffs_caught), (0, 1));
        assert_eq!((s[2].challenges_won, s[2].challenges_lost), (1, 0));
        assert_eq!(s[1].chips_paid, 1);
        assert_eq!((s[2].chips_paid, s[2].chips_taken), (0, 1));
    }

    #[test]
    fn a_true_claim_challenged_costs_the_challenger() {
        let mut t = MatchTally::default();
        start(&mut t, 3);
        round(&mut t, 0, "KKKQQ");
        claim(&mut t, 0, "KKKQQ");
        t.event(&Event::Accept(Accept { seat: 1 }));
        t.event(&Event::Reroll {
            seat: 1,
            positions: vec![],
            dice: dice("KKKQQ"),
        });
        claim(&mut t, 1, "KKKQQ"); // not a bluff: the dice make it
        challenge(&mut t, 2, 1, "KKKQQ", vec![3, 3, 2]);
        t.event(&Event::GameEnd(GameEnd {
            game: 1,
            winner: 0,
            pot: 1,
        }));
        let s = t.seats();
        assert_eq!(s.iter().map(|x| x.bluffs_through).sum::<u32>(), 0);
        assert_eq!(s.iter().map(|x| x.bluffs_caught).sum::<u32>(), 0);
        assert_eq!((s[2].challenges_won, s[2].challenges_lost), (0, 1));
        assert_eq!(s[2].chips_paid, 1);
    }

    #[test]
    fn every_chip_paid_counts_and_the_winner_takes_the_whole_pot() {
        let mut t = MatchTally::default();
        start(&mut t, 3);
        round(&mut t, 0, "99AKQ");
        claim(&mut t, 0, "KKKQQ");
        challenge(&mut t, 1, 0, "99AKQ", vec![2, 3, 3]);
        round(&mut t, 0, "KKKQQ");
        claim(&mut t, 0, "KKKQQ");
        challenge(&mut t, 1, 0, "KKKQQ", vec![2, 2, 3]);
        t.event(&Event::GameEnd(GameEnd {
            game: 1,
            winner: 0,
            pot: 2,
        }));
        let s = t.seats();
        // Seat 0 paid one chip, as the narration said, and took the pot
        // of two back.
        assert_eq!((s[0].games, s[0].chips_taken, s[0].chips_paid), (1, 2, 1));
        assert_eq!((s[1].games, s[1].chips_taken, s[1].chips_paid), (0, 0, 1));
    }

    /// Over whole matches the tally agrees with what the engine counts.
    #[test]
    fn whole_matches_add_up() {
        #[derive(Default)]
        struct Both(MatchTally, Vec<Event>);
        impl crate::engine::Observer for Both {
            fn event(&mut self, event: &Event) {
                self.0.event(event);
                self.1.push(event.clone());
            }
        }
        for seed in 1..=5 {
            let setup =
                MatchSetup::native(Rules::default(), seed, 4, &["honest", "random", "honest"]);
            let mut players = native_players(&setup).unwrap();
            let mut both = Both::default();
            let stats = play_match(&setup, &mut players, &mut both).unwrap();
            let seats = both.0.seats();
            let wins: Vec<u32> = seats.iter().map(|s| s.games).collect();
            assert_eq!(wins, stats.wins);
            let challenges = both
                .1
                .iter()
                .filter(|e| matches!(e, Event::Challenge(_)))
                .count() as u32;
            let made: u32 = seats
                .iter()
                .map(|s| s.challenges_won + s.challenges_lost)
                .sum();
            assert_eq!(made, challenges);
            let caught: u32 = seats.iter().map(|s| s.bluffs_caught).sum();
            let won: u32 = seats.iter().map(|s| s.challenges_won).sum();
            assert_eq!(caught, won);
            // Every chip paid is taken by a winner.
            let paid: u32 = seats.iter().map(|s| s.chips_paid).sum();
            let taken: u32 = seats.iter().map(|s| s.chips_taken).sum();
            assert!(taken == paid && paid > 0, "{taken} {paid}");
            for (s, seat) in seats.iter().enumerate() {
                let net = i64::from(seat.chips_taken) - i64::from(seat.chips_paid);
                assert_eq!(net, stats.chips_won[s], "seed {seed} seat {s}");
            }
        }
    }
}
