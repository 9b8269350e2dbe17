//! A whole match through the server: two people (scripted clients) and a
//! bot; the replay downloaded over HTTP passes `liar replay --check`.

use super::support::{Client, Server};
use crate::support::{liar, temp_dir};
use liar::online::{ClientMsg, Phase, ServerMsg};

/// Two people at the built-in `three` preset, the third seat filled by the
/// table's bot; both play to the end on their own threads.
pub fn two_people_and_a_bot(server: &Server) -> (u64, Client, Client) {
    let mut ann = server.client();
    let table = ann.create("three");
    assert_eq!(ann.sit(table, "Ann").0, 0);
    let mut bob = server.client();
    assert_eq!(bob.sit(table, "Bob").0, 1);
    ann.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    let bob_plays = std::thread::spawn(move || {
        let answers = bob.play_to_end();
        (bob, answers)
    });
    let ann_answers = ann.play_to_end();
    let (bob, bob_answers) = bob_plays.join().unwrap();
    assert!(ann_answers > 0 && bob_answers > 0, "both people were asked");
    (table, ann, bob)
}

#[test]
fn two_people_and_a_bot_play_a_match_whose_replay_checks() {
    let server = Server::start(&[]);
    let (table, ann, _bob) = two_people_and_a_bot(&server);
    let Some(ServerMsg::MatchEnd {
        replay,
        aborted,
        wins,
    }) = ann.log.last().cloned()
    else {
        panic!("the match ended");
    };
    assert!(!aborted);
    assert_eq!(wins.iter().sum::<u32>(), 1);
    let (status, bytes) = server.get(&replay);
    assert_eq!(status, 200);
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.starts_with(r#"{"type":"match""#), "{text}");
    assert!(text.contains(r#""name":"Ann""#) && text.contains(r#""name":"Bob""#));
    let dir = temp_dir("online-play");
    let file = dir.join("match.jsonl");
    std::fs::write(&file, &text).unwrap();
    liar()
        .args(["replay", "--check"])
        .arg(&file)
        .assert()
        .success();
    // The finished match is listed with its replay, and its table has
    // left the lobby.
    let (status, body) = server.get("/api/matches");
    assert_eq!(status, 200);
    let matches: Vec<liar::server::MatchRecord> = serde_json::from_slice(&body).unwrap();
    assert!(matches.iter().any(|m| m.id == table && m.replay == replay));
    let (_, body) = server.get("/api/tables");
    let tables: Vec<liar::online::TableSummary> = serde_json::from_slice(&body).unwrap();
    assert!(
        tables
            .iter()
            .all(|t| t.id != table && t.phase != Phase::Finished)
    );
}

#[test]
fn a_replay_that_does_not_exist_is_not_found() {
    let server = Server::start(&[]);
    assert_eq!(server.get("/api/matches/77/replay.jsonl").0, 404);
    assert_eq!(
        server
            .get("/api/matches/..%2F..%2Fetc%2Fpasswd/replay.jsonl")
            .0,
        400
    );
    assert_eq!(server.get("/api/health").0, 200);
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_cleanly_even_with_people_connected() {
    let server = Server::start(&[]);
    let mut ann = server.client();
    let table = ann.create("three");
    ann.sit(table, "Ann");
    assert_eq!(server.terminate(), Some(0));
    // Ann's connection is closed.
    let end = std::time::Instant::now() + super::support::WAIT;
    while std::time::Instant::now() < end {
        if ann
            .recv_within(std::time::Duration::from_millis(200))
            .is_none()
            && ann.conn.send(&ClientMsg::Ping).is_err()
        {
            return;
        }
    }
    panic!("the connection stayed open");
}
