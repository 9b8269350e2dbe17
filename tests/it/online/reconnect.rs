//! Dropping and coming back: the same question again, nothing lost or
//! applied twice; answers out of turn, for another seat, or with a wrong
//! token change nothing.

use super::support::{Client, Server, scripted_move};
use liar::online::{ClientMsg, ErrorCode, ServerMsg};
use std::time::Duration;

/// Two people at `three` (the third seat a bot), started; returns the
/// clients, the table and the tokens.
fn seated_pair(server: &Server) -> (Client, Client, u64, String, String) {
    let mut ann = server.client();
    let table = ann.create("three");
    let (_, ann_token) = ann.sit(table, "Ann");
    let mut bob = server.client();
    let (_, bob_token) = bob.sit(table, "Bob");
    ann.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    (ann, bob, table, ann_token, bob_token)
}

/// Reads `client`'s messages until its first question: (turn, view).
fn next_question(client: &mut Client) -> (u64, liar::online::SeatSnapshot) {
    match client.expect(|m| matches!(m, ServerMsg::YourTurn { .. } | ServerMsg::MatchEnd { .. })) {
        ServerMsg::YourTurn { turn, view, .. } => (turn, view),
        other => panic!("the match ended before a question: {other:?}"),
    }
}

/// Whichever of the two is asked first, while the other waits.
fn first_asked(ann: &mut Client, bob: &mut Client) -> usize {
    loop {
        if let Some(ServerMsg::YourTurn { .. }) = ann.recv_within(Duration::from_millis(50)) {
            return 0;
        }
        if let Some(ServerMsg::YourTurn { .. }) = bob.recv_within(Duration::from_millis(50)) {
            return 1;
        }
    }
}

#[test]
fn a_person_who_drops_mid_turn_resumes_with_the_same_question_and_plays_on() {
    let server = Server::start(&[]);
    let (mut ann, bob, table, ann_token, _) = seated_pair(&server);
    let bob_plays = std::thread::spawn(move || {
        let mut bob = bob;
        bob.play_to_end();
    });
    let (turn, view) = next_question(&mut ann);
    // Ann's connection drops while her question waits.
    ann.conn.close();
    let mut again = server.client();
    again.send(ClientMsg::Resume {
        table,
        token: ann_token,
    });
    let ServerMsg::State(state) = again.expect(|m| matches!(m, ServerMsg::State(_))) else {
        unreachable!()
    };
    assert_eq!(state.you, Some(0));
    let question = state.your_turn.expect("the question still waits");
    assert_eq!((question.turn, &question.view), (turn, &view));
    assert!(question.deadline_ms > 0);
    // She answers it, and the match goes on to its end.
    again.send(ClientMsg::Decide {
        turn,
        decision: scripted_move(&view),
    });
    again.play_to_end();
    bob_plays.join().unwrap();
}

#[test]
fn a_decision_sent_twice_is_applied_once() {
    let server = Server::start(&[]);
    let (mut ann, mut bob, _, _, _) = seated_pair(&server);
    let who = first_asked(&mut ann, &mut bob);
    let (mut asked, other) = if who == 0 { (ann, bob) } else { (bob, ann) };
    let other = std::thread::spawn(move || {
        let mut other = other;
        other.play_to_end();
        other
    });
    let Some(ServerMsg::YourTurn { turn, view, .. }) = asked.log.last().cloned() else {
        unreachable!()
    };
    let decision = scripted_move(&view);
    asked.send(ClientMsg::Decide {
        turn,
        decision: decision.clone(),
    });
    asked.send(ClientMsg::Decide { turn, decision });
    assert_eq!(asked.expect_error(), ErrorCode::NotYourTurn);
    asked.play_to_end();
    let other = other.join().unwrap();
    // The other person saw the answer once: the first action after the
    // question is the asked seat's, and the number of the asked person's
    // questions only grows.
    let seat = view.seat;
    let seen = asked
        .log
        .iter()
        .position(|m| matches!(m, ServerMsg::YourTurn { turn: t, .. } if *t == turn))
        .unwrap();
    let known = asked.log[..seen]
        .iter()
        .filter(|m| matches!(m, ServerMsg::Event { .. }))
        .count() as u64;
    let first = other.log.iter().find_map(|m| match m {
        ServerMsg::Event { index, event } if *index >= known => event.action(),
        _ => None,
    });
    assert_eq!(first.map(|a| a_seat(&a)), Some(seat));
    let turns: Vec<u64> = asked
        .log
        .iter()
        .filter_map(|m| match m {
            ServerMsg::YourTurn { turn, .. } => Some(*turn),
            _ => None,
        })
        .collect();
    assert!(turns.windows(2).all(|w| w[0] < w[1]), "{turns:?}");
    assert!(
        !asked.log.iter().any(|m| matches!(
            m,
            ServerMsg::Event {
                event: liar::engine::PublicEvent::Penalty(_),
                ..
            }
        )),
        "nobody was penalised"
    );
}

fn a_seat(action: &liar::rules::RoundAction) -> usize {
    match *action {
        liar::rules::RoundAction::Claim { seat, .. }
        | liar::rules::RoundAction::Accept { seat }
        | liar::rules::RoundAction::Reroll { seat, .. } => seat,
    }
}

#[test]
fn answers_out_of_turn_for_another_seat_or_with_a_wrong_token_change_nothing() {
    let server = Server::start(&[]);
    let (mut ann, mut bob, table, _, _) = seated_pair(&server);
    let who = first_asked(&mut ann, &mut bob);
    let (asked, other) = if who == 0 {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    let Some(ServerMsg::YourTurn { turn, view, .. }) = asked.log.last().cloned() else {
        unreachable!()
    };
    // The other person answers the question that is not theirs.
    other.send(ClientMsg::Decide {
        turn,
        decision: scripted_move(&view),
    });
    assert_eq!(other.expect_error(), ErrorCode::NotYourTurn);
    // A number that is not the question's.
    asked.send(ClientMsg::Decide {
        turn: turn + 7,
        decision: scripted_move(&view),
    });
    assert_eq!(asked.expect_error(), ErrorCode::NotYourTurn);
    // An illegal answer: refused, and the question stays open.
    let illegal = match scripted_move(&view) {
        liar::online::Move::Accept | liar::online::Move::Challenge => {
            liar::online::Move::Reroll { positions: vec![] }
        }
        _ => liar::online::Move::Accept,
    };
    asked.send(ClientMsg::Decide {
        turn,
        decision: illegal,
    });
    assert_eq!(asked.expect_error(), ErrorCode::Illegal);
    // A stranger with a wrong token gets that error and nothing else.
    let mut stranger = server.client();
    stranger.send(ClientMsg::Resume {
        table,
        token: "0".repeat(32),
    });
    assert_eq!(
        stranger.recv(),
        ServerMsg::Error {
            code: ErrorCode::BadToken,
            message: "no seat has this token".into()
        }
    );
    stranger.send(ClientMsg::Ping);
    assert_eq!(stranger.recv(), ServerMsg::Pong);
    // The question is still the asked person's, with the same number.
    asked.send(ClientMsg::Decide {
        turn,
        decision: scripted_move(&view),
    });
    let ServerMsg::Event { event, .. } =
        asked.expect(|m| matches!(m, ServerMsg::Event { event, .. } if event.action().is_some()))
    else {
        unreachable!()
    };
    assert_eq!(event.action().map(|a| a_seat(&a)), Some(view.seat));
}
