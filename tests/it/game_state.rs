//! State-machine transitions: turns, claims, re-throws, challenges, the forced
//! challenge, penalties, elimination and every next-round-starter variant.

use liar::rules::*;

fn hand(s: &str) -> Hand {
    parse_claim(s, Ranking::default()).unwrap()
}

fn dice(s: &str) -> Dice {
    s.parse().unwrap()
}

fn three_seats(rules: Rules) -> GameState {
    GameState::new(rules, &[0, 1, 2], 0, 1)
}

/// Opens a round: seat `starter` throws `d` and claims `c`.
fn open(g: &mut GameState, d: &str, c: &str) -> Seat {
    let Pending::Throw { seat } = g.pending() else {
        panic!("expected a throw, got {:?}", g.pending());
    };
    g.throw(dice(d)).unwrap();
    g.apply(seat, Decision::Claim(hand(c))).unwrap();
    seat
}

fn challenge(g: &mut GameState, seat: Seat) -> Showdown {
    match g.apply(seat, Decision::Challenge).unwrap() {
        Applied::Challenged(s) => s,
        other => panic!("expected a showdown, got {other:?}"),
    }
}

#[test]
fn a_round_of_accept_reroll_and_claim() {
    let mut g = three_seats(Rules::default());
    open(&mut g, "QQQ99", "QQQ99");
    assert_eq!(
        g.pending(),
        Pending::Decide {
            seat: 1,
            kind: DecisionKind::Respond
        }
    );
    assert_eq!(g.view(1).dice, None, "the responder has not looked yet");
    g.apply(1, Decision::Accept).unwrap();
    assert_eq!(
        g.view(1).dice,
        Some(dice("QQQ99")),
        "the accepter looks at the dice"
    );
    assert_eq!(g.view(0).dice, None, "the claimer has passed the dice on");
    g.apply(1, Decision::Reroll(Positions::from_list(&[3, 4]).unwrap()))
        .unwrap();
    assert_eq!(
        g.pending(),
        Pending::Reroll {
            seat: 1,
            positions: Positions::from_list(&[3, 4]).unwrap()
        }
    );
    assert_eq!(
        g.deal_reroll(&[Face::Queen]),
        Err(IllegalDecision::WrongFaceCount {
            expected: 2,
            got: 1
        })
    );
    let after = g.deal_reroll(&[Face::Queen, Face::Ace]).unwrap();
    assert_eq!(after, dice("QQQQA"));
    let before = g.clone();
    assert_eq!(
        g.apply(1, Decision::Claim(hand("QQQ99"))),
        Err(IllegalDecision::ClaimNotHigher {
            claim: hand("QQQ99"),
            to_beat: hand("QQQ99")
        })
    );
    assert_eq!(g, before, "a refused decision changes nothing");
    g.apply(1, Decision::Claim(hand("QQQQ"))).unwrap();
    let t = g.to_beat().unwrap();
    assert_eq!((t.seat, t.claim, t.rerolled), (1, hand("QQQQ9"), Some(2)));
    let show = challenge(&mut g, 2);
    assert!(show.claim_true, "QQQQA is at least QQQQ9");
    assert_eq!(show.end.loser, 2);
    assert_eq!(g.chips(), &[3, 3, 2]);
    assert_eq!(g.pot(), 1);
}

#[test]
fn a_lie_costs_the_claimer() {
    let mut g = three_seats(Rules::default());
    open(&mut g, "AKQJ9", "AAA");
    let show = challenge(&mut g, 1);
    assert!(!show.claim_true);
    assert_eq!(show.end.loser, 0);
    assert_eq!(show.dice, dice("AKQJ9"));
    assert_eq!(g.chips(), &[2, 3, 3]);
}

#[test]
fn an_under_call_is_true() {
    let mut g = three_seats(Rules::default());
    open(&mut g, "KKKKA", "99");
    let show = challenge(&mut g, 1);
    assert!(show.claim_true);
    assert_eq!(show.end.loser, 1);
}

#[test]
fn a_tie_without_kickers_is_true_and_does_not_raise() {
    let rules = Rules {
        kickers: false,
        ..Rules::default()
    };
    let r = rules.ranking();
    let mut g = three_seats(rules);
    g.throw(dice("KKKT9")).unwrap();
    g.apply(0, Decision::Claim(parse_claim("KKKAQ", r).unwrap()))
        .unwrap();
    g.apply(1, Decision::Accept).unwrap();
    g.apply(1, Decision::Reroll(Positions::NONE)).unwrap();
    g.deal_reroll(&[]).unwrap();
    let refused = g.apply(1, Decision::Claim(parse_claim("KKKT9", r).unwrap()));
    assert!(matches!(
        refused,
        Err(IllegalDecision::ClaimNotHigher { .. })
    ));
    g.apply(1, Decision::Claim(parse_claim("AAA", r).unwrap()))
        .unwrap();
    let show = challenge(&mut g, 2);
    assert!(!show.claim_true);

    let mut g = three_seats(rules);
    g.throw(dice("KKKT9")).unwrap();
    g.apply(0, Decision::Claim(parse_claim("KKKAQ", r).unwrap()))
        .unwrap();
    assert!(
        challenge(&mut g, 1).claim_true,
        "KKKT9 ties KKKAQ without kickers"
    );
}

#[test]
fn the_top_claim_must_be_challenged() {
    let mut g = three_seats(Rules::default());
    open(&mut g, "AAAAK", "AAAAA");
    let before = g.clone();
    assert_eq!(
        g.apply(1, Decision::Accept),
        Err(IllegalDecision::MustChallenge {
            claim: Hand::HIGHEST
        })
    );
    assert_eq!(g, before);
    assert!(!challenge(&mut g, 1).claim_true);
}

#[test]
fn the_top_claim_without_kickers_is_any_five_aces() {
    let rules = Rules {
        kickers: false,
        ..Rules::default()
    };
    let mut g = three_seats(rules);
    g.throw(dice("AAAAA")).unwrap();
    g.apply(0, Decision::Claim(Hand::HIGHEST)).unwrap();
    assert!(matches!(
        g.apply(1, Decision::Accept),
        Err(IllegalDecision::MustChallenge { .. })
    ));
}

#[test]
fn wrong_turn_kind_and_phase_are_refused_without_change() {
    let mut g = three_seats(Rules::default());
    let before = g.clone();
    assert_eq!(
        g.apply(0, Decision::Claim(Hand::LOWEST)),
        Err(IllegalDecision::AwaitingDice)
    );
    assert_eq!(g, before);
    g.throw(dice("AKQJ9")).unwrap();
    let before = g.clone();
    assert_eq!(
        g.apply(1, Decision::Claim(Hand::LOWEST)),
        Err(IllegalDecision::NotYourTurn {
            expected: 0,
            got: 1
        })
    );
    assert_eq!(
        g.apply(0, Decision::Accept),
        Err(IllegalDecision::WrongKind {
            expected: DecisionKind::Claim,
            got: DecisionKind::Respond
        })
    );
    assert!(g.throw(dice("AKQJ9")).is_err(), "no second throw mid-round");
    assert_eq!(g, before);
}

/// Seat 0 claims (truly or not), seat 1 challenges: who starts next?
fn starter_after(rule: NextRoundStarter, claim_true: bool) -> Seat {
    let rules = Rules {
        next_round_starter: rule,
        ..Rules::default()
    };
    let mut g = GameState::new(rules, &[0, 1, 2, 3], 0, 1);
    // Seat 0 claims, seat 1 challenges.
    let (d, c) = if claim_true {
        ("KKKK9", "KKK")
    } else {
        ("AKQJ9", "AAA")
    };
    open(&mut g, d, c);
    assert_eq!(challenge(&mut g, 1).claim_true, claim_true);
    match g.pending() {
        Pending::Throw { seat } => seat,
        other => panic!("{other:?}"),
    }
}

#[test]
fn next_round_starter_variants() {
    use NextRoundStarter::*;
    // Challenger = seat 1; loser = 1 if the claim was true, else 0.
    assert_eq!(starter_after(Challenger, true), 1);
    assert_eq!(starter_after(Challenger, false), 1);
    assert_eq!(starter_after(Loser, true), 1);
    assert_eq!(starter_after(Loser, false), 0);
    assert_eq!(starter_after(LeftOfChallenger, true), 2);
    assert_eq!(starter_after(LeftOfChallenger, false), 2);
}

#[test]
fn an_eliminated_challenger_passes_the_start_to_the_next_player() {
    for rule in [NextRoundStarter::Challenger, NextRoundStarter::Loser] {
        let rules = Rules {
            chips: 1,
            next_round_starter: rule,
            ..Rules::default()
        };
        let mut g = GameState::new(rules, &[0, 1, 2, 3], 0, 1);
        open(&mut g, "KKKK9", "KKK");
        let show = challenge(&mut g, 1);
        assert!(show.end.eliminated);
        assert_eq!(g.pending(), Pending::Throw { seat: 2 }, "{rule:?}");
        // Turn order now skips seat 1.
        open(&mut g, "KKKK9", "KKK");
        assert_eq!(
            g.pending(),
            Pending::Decide {
                seat: 3,
                kind: DecisionKind::Respond
            }
        );
    }
}

#[test]
fn turn_order_follows_the_seating_order() {
    let mut g = GameState::new(Rules::default(), &[2, 0, 1], 2, 1);
    assert_eq!(g.pending(), Pending::Throw { seat: 2 });
    open(&mut g, "KKKK9", "KKK");
    assert_eq!(
        g.pending(),
        Pending::Decide {
            seat: 0,
            kind: DecisionKind::Respond
        }
    );
    g.apply(0, Decision::Accept).unwrap();
    g.apply(0, Decision::Reroll(Positions::NONE)).unwrap();
    g.deal_reroll(&[]).unwrap();
    g.apply(0, Decision::Claim(hand("KKKK"))).unwrap();
    assert_eq!(
        g.pending(),
        Pending::Decide {
            seat: 1,
            kind: DecisionKind::Respond
        }
    );
}

#[test]
fn the_last_player_with_chips_wins_the_pot() {
    let rules = Rules {
        chips: 1,
        min_players: 2,
        ..Rules::default()
    };
    let mut g = GameState::new(rules, &[0, 1, 2], 0, 1);
    open(&mut g, "AKQJ9", "AAA");
    let first = challenge(&mut g, 1);
    assert_eq!(
        (first.end.loser, first.end.eliminated, first.end.winner),
        (0, true, None)
    );
    assert_eq!(g.pending(), Pending::Throw { seat: 1 });
    open(&mut g, "AKQJ9", "AAA");
    let last = challenge(&mut g, 2);
    assert_eq!(last.end.winner, Some(2));
    assert_eq!(last.end.pot, 2);
    assert_eq!(g.pending(), Pending::Over { winner: 2 });
    assert_eq!(g.chips(), &[0, 0, 3], "the winner took the pot");
    assert_eq!(g.pot(), 0);
    assert_eq!(
        g.apply(2, Decision::Challenge),
        Err(IllegalDecision::GameOver)
    );
}

#[test]
fn a_forfeit_costs_a_chip_and_ends_the_round() {
    let mut g = three_seats(Rules::default());
    open(&mut g, "AKQJ9", "AAA");
    assert!(
        g.forfeit(0).is_err(),
        "only the seat owing a decision can forfeit"
    );
    let end = g.forfeit(1).unwrap();
    assert_eq!(end.loser, 1);
    assert_eq!(g.chips(), &[3, 2, 3]);
    assert_eq!(g.pending(), Pending::Throw { seat: 1 });
}

#[test]
fn removing_a_player_moves_its_chips_to_the_pot() {
    let mut g = three_seats(Rules::default());
    open(&mut g, "AKQJ9", "AAA");
    let end = g.remove(1).unwrap();
    assert!(end.eliminated);
    assert_eq!(g.chips(), &[3, 0, 3]);
    assert_eq!(g.pot(), 3);
    assert_eq!(g.pending(), Pending::Throw { seat: 2 });
}

#[test]
fn legal_claims_are_exactly_the_higher_hands() {
    let mut g = three_seats(Rules::default());
    assert_eq!(
        g.legal_claims().count(),
        0,
        "nothing is owed before the throw"
    );
    g.throw(dice("AKQJ9")).unwrap();
    assert_eq!(g.legal_claims().count(), 252);
    g.apply(0, Decision::Claim(hand("QQQ99"))).unwrap();
    g.apply(1, Decision::Accept).unwrap();
    g.apply(1, Decision::Reroll(Positions::NONE)).unwrap();
    g.deal_reroll(&[]).unwrap();
    let r = Ranking::default();
    let legal: Vec<Hand> = g.legal_claims().collect();
    assert!(legal.iter().all(|&h| r.beats(h, hand("QQQ99"))));
    assert_eq!(
        legal.len(),
        Hand::all().filter(|&h| r.beats(h, hand("QQQ99"))).count()
    );
}

#[test]
fn seating_ties_throw_again_among_themselves() {
    let mut faces = [
        Face::King,
        Face::King,
        Face::King,
        Face::Nine,
        Face::Ace,
        Face::Ten,
        Face::Queen,
        Face::Nine,
    ]
    .into_iter();
    let (rolls, order) = seating_throw(&[0, 1, 2, 3], |_| faces.next().unwrap());
    // Round 1: 0=K 1=K 2=K 3=9. Round 2 among 0,1,2: A T Q. Then order 0, 2, 1, 3.
    assert_eq!(order, vec![0, 2, 1, 3]);
    assert_eq!(rolls.len(), 7);
    assert_eq!(
        rolls[4..].iter().map(|r| r.seat).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
}
