//! Turn timers: a person who does not answer is penalised (reason
//! `timeout`); after `timeouts_before_bot` timeouts the table's bot answers
//! for them until they are back; a person who leaves is played by the bot
//! to the end.

use super::support::{Server, WAIT};
use crate::support::{liar, temp_dir};
use liar::engine::{PenaltyReason, PublicEvent};
use liar::online::{ClientMsg, ErrorCode, Move, ServerMsg};
use std::time::Instant;

const TABLE: &str = r#"
[match]
games = 2
[rules]
chips = 5
seating = "listed"
[online]
turn_seconds = 1
timeouts_before_bot = 2
bot = "native-honest"
[[seats]]
name = "You"
type = "human"
[[seats]]
name = "H1"
type = "native"
policy = "native-honest"
[[seats]]
name = "H2"
type = "native"
policy = "native-honest"
"#;

fn timeouts_of(log: &[ServerMsg], seat: usize) -> usize {
    log.iter()
        .filter(|m| {
            matches!(m, ServerMsg::Event { event: PublicEvent::Penalty(p), .. }
                if p.seat == seat && p.reason == PenaltyReason::Timeout)
        })
        .count()
}

#[test]
fn timeouts_are_penalised_then_a_bot_plays_until_the_person_is_back() {
    let dir = temp_dir("online-timers");
    let table_file = dir.join("quick.toml");
    std::fs::write(&table_file, TABLE).unwrap();
    let server = Server::start(&[table_file.to_str().unwrap()]);
    let mut you = server.client();
    let table = you.create("quick");
    assert_eq!(you.sit(table, "Ann").0, 0);
    you.send(ClientMsg::Start {
        fill_with_bots: false,
    });
    // Questions go unanswered until the bot takes over.
    let started = Instant::now();
    let ServerMsg::YourTurn { deadline_ms, .. } =
        you.expect(|m| matches!(m, ServerMsg::YourTurn { .. }))
    else {
        unreachable!()
    };
    assert!(deadline_ms <= 1000);
    you.expect(|m| matches!(m, ServerMsg::State(s) if s.table.seats[0].bot_playing));
    // The second timeout's penalty follows the takeover.
    while timeouts_of(&you.log, 0) < 2 && started.elapsed() < WAIT {
        you.recv();
    }
    assert_eq!(timeouts_of(&you.log, 0), 2);
    // Back: a decision (to no question) says so; the seat is theirs again.
    let before = you.log.len();
    you.send(ClientMsg::Decide {
        turn: 1_000_000,
        decision: Move::Challenge,
    });
    assert_eq!(you.expect_error(), ErrorCode::NotYourTurn);
    assert!(
        you.log[before..]
            .iter()
            .any(|m| matches!(m, ServerMsg::State(s) if !s.table.seats[0].bot_playing)),
        "the seat is the person's again"
    );
    let asked_before = you
        .log
        .iter()
        .filter(|m| matches!(m, ServerMsg::YourTurn { .. }))
        .count();
    you.pending = None;
    you.play_to_end();
    let asked = you
        .log
        .iter()
        .filter(|m| matches!(m, ServerMsg::YourTurn { .. }))
        .count();
    assert!(asked > asked_before, "the person was asked again");
    // The replay records the penalties and checks.
    let Some(ServerMsg::MatchEnd { replay, .. }) = you.log.last().cloned() else {
        panic!("the match ended")
    };
    let text = String::from_utf8(server.get(&replay).1).unwrap();
    assert_eq!(
        text.matches(r#""reason":"timeout""#).count(),
        timeouts_of(&you.log, 0)
    );
    let file = dir.join("match.jsonl");
    std::fs::write(&file, &text).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(&file)
        .assert()
        .success();
}

#[test]
fn a_person_who_leaves_mid_match_is_played_by_the_bot_to_the_end() {
    let dir = temp_dir("online-leave");
    let table_file = dir.join("slow.toml");
    std::fs::write(
        &table_file,
        TABLE.replace("turn_seconds = 1", "turn_seconds = 600"),
    )
    .unwrap();
    let server = Server::start(&[table_file.to_str().unwrap()]);
    let mut you = server.client();
    let table = you.create("slow");
    let mut watcher = server.client();
    watcher.send(ClientMsg::Spectate { table });
    you.sit(table, "Ann");
    you.send(ClientMsg::Start {
        fill_with_bots: false,
    });
    you.expect(|m| matches!(m, ServerMsg::YourTurn { .. }));
    you.send(ClientMsg::Leave);
    you.expect(|m| matches!(m, ServerMsg::Tables { .. }));
    watcher.expect(
        |m| matches!(m, ServerMsg::State(s) if s.table.seats[0].bot_playing && s.you.is_none()),
    );
    let ServerMsg::MatchEnd { aborted, .. } =
        watcher.expect(|m| matches!(m, ServerMsg::MatchEnd { .. }))
    else {
        unreachable!()
    };
    assert!(!aborted);
    assert_eq!(
        timeouts_of(&watcher.log, 0),
        0,
        "the question went to the bot at once"
    );
}
