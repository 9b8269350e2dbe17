//! Property tests over random matches under random rule variants: chips and
//! pot are conserved, claims strictly rise, challenges resolve by the dice,
//! re-throws touch only the announced dice, no view leaks dice, and a seed
//! replays byte for byte.

use liar::engine::*;
use liar::replay::ReplayWriter;
use liar::rules::*;
use proptest::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![
            Just(Straights::BelowFullHouse),
            Just(Straights::AboveFullHouse),
            Just(Straights::None)
        ],
        any::<bool>(),
        prop_oneof![
            Just(NextRoundStarter::Challenger),
            Just(NextRoundStarter::Loser),
            Just(NextRoundStarter::LeftOfChallenger)
        ],
        prop_oneof![Just(SeatingRule::Throw), Just(SeatingRule::Listed)],
        1u32..=5,
        prop_oneof![Just(DiceKind::Poker), Just(DiceKind::Standard)],
    )
        .prop_map(
            |(straights, kickers, next_round_starter, seating, chips, dice)| Rules {
                straights,
                kickers,
                next_round_starter,
                seating,
                chips,
                dice,
                min_players: 2,
                ..Rules::default()
            },
        )
}

fn policies_strategy() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(prop_oneof![Just("random"), Just("honest")], 2..=6)
}

/// What the checking observer knows: God's view of the current round.
#[derive(Default)]
struct Truth {
    dice: Option<Dice>,
    /// Seat allowed to know the dice right now, if any.
    holder: Option<Seat>,
    violations: Vec<String>,
}

struct Checker {
    rules: Rules,
    truth: Rc<RefCell<Truth>>,
    players: usize,
    chips: Vec<u32>,
    pot: u32,
    last_claim: Option<Hand>,
}

impl Checker {
    fn fail(&self, msg: String) {
        self.truth.borrow_mut().violations.push(msg);
    }
    fn conserved(&self, chips: &[u32], pot: u32) {
        let total: u32 = chips.iter().sum::<u32>() + pot;
        let expected = self.rules.chips * self.players as u32;
        if total != expected {
            self.fail(format!(
                "chips {chips:?} + pot {pot} = {total}, expected {expected}"
            ));
        }
    }
}

impl Observer for Checker {
    fn event(&mut self, event: &Event) {
        let r = self.rules.ranking();
        match event {
            Event::GameStart(GameStart { chips, .. }) => {
                self.players = chips.iter().filter(|&&c| c > 0).count();
                self.chips = chips.clone();
                self.pot = 0;
            }
            Event::RoundStart {
                start: RoundStart { starter, .. },
                dice,
            } => {
                self.last_claim = None;
                let mut t = self.truth.borrow_mut();
                t.dice = Some(*dice);
                t.holder = Some(*starter);
            }
            Event::Claim(Claim { claim, .. }) => {
                if let Some(prev) = self.last_claim
                    && !r.beats(*claim, prev)
                {
                    self.fail(format!("claim {claim} does not beat {prev}"));
                }
                self.last_claim = Some(*claim);
                self.truth.borrow_mut().holder = None;
            }
            Event::Accept(Accept { seat }) => self.truth.borrow_mut().holder = Some(*seat),
            Event::Reroll {
                positions, dice, ..
            } => {
                let before = self.truth.borrow().dice;
                if let Some(before) = before {
                    for p in 0..5 {
                        if !positions.contains(&p) && before.0[p] != dice.0[p] {
                            self.fail(format!("die {p} changed outside {positions:?}"));
                        }
                    }
                }
                self.truth.borrow_mut().dice = Some(*dice);
            }
            Event::Challenge(Challenge {
                seat,
                claimer,
                claim,
                dice,
                claim_true,
                loser,
                chips,
                pot,
            }) => {
                let truth = !r.beats(*claim, dice.hand());
                if truth != *claim_true {
                    self.fail(format!("claim_true {claim_true} for {claim} over {dice}"));
                }
                if Some(*dice) != self.truth.borrow().dice {
                    self.fail("revealed dice differ from the dice in play".into());
                }
                let expected_loser = if truth { *seat } else { *claimer };
                if *loser != expected_loser {
                    self.fail(format!("loser {loser}, expected {expected_loser}"));
                }
                if chips[*loser] + 1 != self.chips[*loser] || *pot != self.pot + 1 {
                    self.fail("the loser did not pay exactly one chip".into());
                }
                self.conserved(chips, *pot);
                self.chips = chips.clone();
                self.pot = *pot;
                self.truth.borrow_mut().holder = None;
            }
            Event::Penalty(Penalty {
                chips: Some(chips),
                pot: Some(pot),
                ..
            }) => {
                self.conserved(chips, *pot);
                self.chips = chips.clone();
                self.pot = *pot;
            }
            Event::GameEnd(GameEnd { winner, pot, .. }) => {
                if *pot != self.pot {
                    self.fail(format!("game_end pot {pot}, expected {}", self.pot));
                }
                let alive: Vec<usize> = (0..self.chips.len())
                    .filter(|&s| self.chips[s] > 0)
                    .collect();
                if alive != vec![*winner] {
                    self.fail(format!("winner {winner} but seats with chips: {alive:?}"));
                }
            }
            _ => {}
        }
    }
}

/// Wraps a player and checks every view it is given against God's view.
struct Spy {
    inner: NativePlayer,
    truth: Rc<RefCell<Truth>>,
}

impl Player for Spy {
    fn begin_game(&mut self, game: u32, seed: u64) {
        self.inner.begin_game(game, seed);
    }
    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let mut t = self.truth.borrow_mut();
        let holds = matches!(
            view.decision,
            Some(DecisionKind::Claim | DecisionKind::Reroll)
        );
        if holds && t.holder != Some(view.seat) {
            t.violations.push(format!(
                "seat {} asked to claim/reroll without holding",
                view.seat
            ));
        }
        match (holds, view.dice) {
            (true, Some(d)) if Some(d) != t.dice => {
                t.violations.push("view shows wrong dice".into())
            }
            (true, None) => t.violations.push("holder's view lacks its dice".into()),
            (false, Some(_)) => t
                .violations
                .push(format!("seat {} sees dice it may not know", view.seat)),
            _ => {}
        }
        drop(t);
        self.inner.decide(view)
    }
}

fn run_checked(
    rules: Rules,
    seed: u64,
    policies: &[&str],
    games: u32,
) -> (MatchStats, Vec<String>) {
    let setup = MatchSetup {
        rules,
        ..MatchSetup::native(rules, seed, games, policies)
    };
    let truth = Rc::new(RefCell::new(Truth::default()));
    let mut players: Vec<Spy> = native_players(&setup)
        .unwrap()
        .into_iter()
        .map(|inner| Spy {
            inner,
            truth: truth.clone(),
        })
        .collect();
    let mut checker = Checker {
        rules,
        truth: truth.clone(),
        players: 0,
        chips: vec![],
        pot: 0,
        last_claim: None,
    };
    let stats = play_match(&setup, &mut players, &mut checker).unwrap();
    let violations = std::mem::take(&mut truth.borrow_mut().violations);
    (stats, violations)
}

fn replay_bytes(rules: Rules, seed: u64, policies: &[&str], games: u32) -> Vec<u8> {
    let setup = MatchSetup {
        rules,
        ..MatchSetup::native(rules, seed, games, policies)
    };
    let mut writer = ReplayWriter::new(Vec::new());
    play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
    writer.finish().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_keep_every_invariant(rules in rules_strategy(), seed: u64, policies in policies_strategy()) {
        let (stats, violations) = run_checked(rules, seed, &policies, 8);
        prop_assert!(violations.is_empty(), "{:?}", &violations[..violations.len().min(5)]);
        prop_assert_eq!(stats.games, 8);
        prop_assert_eq!(stats.wins.iter().sum::<u32>(), 8);
        prop_assert_eq!(stats.chips_won.iter().sum::<i64>(), 0, "chips are only moved around");
        prop_assert_eq!(stats.penalties.iter().flatten().sum::<u32>(), 0);
    }

    #[test]
    fn the_same_seed_replays_byte_for_byte(rules in rules_strategy(), seed: u64, policies in policies_strategy()) {
        let a = replay_bytes(rules, seed, &policies, 3);
        let b = replay_bytes(rules, seed, &policies, 3);
        prop_assert_eq!(a, b);
    }

    #[test]
    fn claim_notation_round_trips(i in 0usize..252) {
        let hand = Hand::from_index(i).unwrap();
        for r in Ranking::all() {
            prop_assert_eq!(parse_claim(&hand.to_string(), r), Ok(hand));
            prop_assert_eq!(parse_claim(&hand.labels(DiceKind::Standard), r), Ok(hand));
        }
    }
}

#[test]
fn different_seeds_give_different_matches() {
    let r = Rules::default();
    let p = ["random", "honest", "random"];
    assert_ne!(replay_bytes(r, 1, &p, 2), replay_bytes(r, 2, &p, 2));
}

#[test]
fn each_game_depends_only_on_the_seed_and_its_number() {
    // Game 3 of a 3-game match has the same first throw as game 3 of a 5-game match.
    let first_throw_of_game_3 = |games| {
        let bytes = replay_bytes(Rules::default(), 99, &["honest", "honest", "honest"], games);
        let text = String::from_utf8(bytes).unwrap();
        text.lines()
            .find(|l| l.contains(r#""type":"round_start","game":3,"round":1"#))
            .unwrap()
            .to_string()
    };
    assert_eq!(first_throw_of_game_3(3), first_throw_of_game_3(5));
}
