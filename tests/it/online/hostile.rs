//! Clients that break the rules: each gets its error (or is closed), never
//! a panic, and the server keeps serving everyone else.

use super::support::{Client, Server, WAIT};
use liar::online::{ClientError, ClientMsg, Connection, ErrorCode, ServerMsg};
use std::time::{Duration, Instant};
use tungstenite::Message;

/// A person playing `default` (against two bots) on a thread of its own.
fn a_match_in_play(server: &Server) -> std::thread::JoinHandle<Client> {
    let mut player = server.client();
    let table = player.create("default");
    player.sit(table, "Ann");
    player.send(ClientMsg::Start {
        fill_with_bots: false,
    });
    std::thread::spawn(move || {
        player.play_to_end();
        player
    })
}

/// Reads until the connection is closed (within [`WAIT`]); the messages
/// read on the way.
fn until_closed(client: &mut Client) -> Vec<ServerMsg> {
    let end = Instant::now() + WAIT;
    let mut got = Vec::new();
    while Instant::now() < end {
        match client.conn.recv_within(Duration::from_millis(500)) {
            Ok(msg) => got.push(msg),
            Err(ClientError::TimedOut) => continue,
            Err(_) => return got,
        }
    }
    panic!("the connection was not closed; got {got:?}");
}

#[test]
fn garbage_gets_errors_and_the_server_plays_on() {
    let mut server = Server::start(&[]);
    let playing = a_match_in_play(&server);
    let mut bad = server.client();
    for garbage in [
        "{not json",
        r#"{"type":"dance"}"#,
        r#"{"type":"take_seat","table":1}"#,
        r#"{"type":"take_seat","table":1,"name":"Eve","colour":"red"}"#,
        r#"{"type":"decide","turn":"soon","decision":{"kind":"accept"}}"#,
        r#"{"type":"decide","turn":0,"decision":{"kind":"claim","claim":"KKKKKK"}}"#,
        "[]",
    ] {
        bad.conn.send_raw(Message::text(garbage)).unwrap();
        let ServerMsg::Error { code, message } = bad.recv() else {
            panic!("an error for {garbage}")
        };
        assert_eq!(code, ErrorCode::Malformed, "{garbage}");
        assert!(!message.is_empty());
    }
    bad.conn
        .send_raw(Message::binary(vec![0u8, 159, 146, 150]))
        .unwrap();
    assert_eq!(bad.expect_error(), ErrorCode::Malformed);
    // Wrong protocol version, a seat that does not exist, a bad name.
    bad.send(ClientMsg::Hello { protocol: 99 });
    assert_eq!(bad.expect_error(), ErrorCode::Version);
    bad.send(ClientMsg::TakeSeat {
        table: 999,
        seat: None,
        name: "Eve".into(),
    });
    assert_eq!(bad.expect_error(), ErrorCode::UnknownTable);
    let table = bad.create("three");
    let long = "x".repeat(25);
    // Empty, control and invisible characters (a soft hyphen, a combining
    // grapheme joiner, Hangul fillers, a Mongolian vowel separator, a word
    // joiner, a tag letter, bidi overrides, a braille blank), too long.
    let invisible = [
        "",
        "   ",
        "a\u{1b}[2Jb",
        &long,
        "A\u{ad}nn",
        "A\u{34f}nn",
        "\u{115f}Ann",
        "\u{3164}",
        "A\u{180e}nn",
        "An\u{2060}n",
        "Ann\u{e0041}",
        "\u{202e}nnA",
        "Ann\u{200b}",
        "\u{2800}",
    ];
    for name in invisible {
        bad.send(ClientMsg::TakeSeat {
            table,
            seat: None,
            name: name.into(),
        });
        assert_eq!(bad.expect_error(), ErrorCode::BadName, "{name:?}");
    }
    // Names that look like one already seated are refused too.
    bad.sit(table, "Ann");
    let mut twin = server.client();
    for name in ["ann", "ANN", "\u{410}nn", "Ａｎｎ"] {
        twin.send(ClientMsg::TakeSeat {
            table,
            seat: None,
            name: name.into(),
        });
        assert_eq!(twin.expect_error(), ErrorCode::BadName, "{name:?}");
    }
    bad.send(ClientMsg::Leave);
    // The largest seat number JSON can carry must not overflow the message.
    for seat in [7, usize::MAX] {
        bad.send(ClientMsg::TakeSeat {
            table,
            seat: Some(seat),
            name: "Eve".into(),
        });
        assert_eq!(bad.expect_error(), ErrorCode::SeatTaken, "seat {seat}");
    }
    bad.send(ClientMsg::CreateTable {
        preset: "../../etc/passwd".into(),
        name: None,
    });
    assert_eq!(bad.expect_error(), ErrorCode::UnknownPreset);
    // Starting without a seat, or as a guest who is not the host.
    bad.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    assert_eq!(bad.expect_error(), ErrorCode::NotHost);
    let mut host = server.client();
    host.sit(table, "Host");
    bad.sit(table, "Guest");
    bad.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    assert_eq!(bad.expect_error(), ErrorCode::NotHost);
    host.send(ClientMsg::Start {
        fill_with_bots: false,
    });
    assert_eq!(host.expect_error(), ErrorCode::WrongState);
    // Everyone else is served all along.
    assert!(server.healthy());
    assert!(server.running());
    let player = playing.join().unwrap();
    assert!(matches!(
        player.log.last(),
        Some(ServerMsg::MatchEnd { aborted: false, .. })
    ));
}

#[test]
fn an_oversized_message_is_refused_and_the_connection_closed() {
    let server = Server::start(&[]);
    let mut big = server.client();
    let huge = format!(
        r#"{{"type":"take_seat","table":1,"name":"{}"}}"#,
        "x".repeat(20 * 1024)
    );
    big.conn.send_raw(Message::text(huge)).unwrap();
    let got = until_closed(&mut big);
    assert!(
        matches!(
            got.first(),
            Some(ServerMsg::Error {
                code: ErrorCode::TooLarge,
                ..
            })
        ),
        "{got:?}"
    );
    assert!(server.healthy());
}

#[test]
fn a_flooding_client_is_limited_then_closed_and_others_are_served() {
    let server = Server::start(&[]);
    let playing = a_match_in_play(&server);
    let mut flood = server.client();
    for _ in 0..400 {
        if flood.conn.send(&ClientMsg::Ping).is_err() {
            break;
        }
    }
    let got = until_closed(&mut flood);
    let limited = got
        .iter()
        .filter(|m| {
            matches!(
                m,
                ServerMsg::Error {
                    code: ErrorCode::RateLimited,
                    ..
                }
            )
        })
        .count();
    assert!(limited > 0, "{got:?}");
    assert!(got.iter().filter(|m| **m == ServerMsg::Pong).count() < 400);
    assert!(server.healthy());
    let player = playing.join().unwrap();
    assert!(matches!(
        player.log.last(),
        Some(ServerMsg::MatchEnd { aborted: false, .. })
    ));
}

#[test]
fn connections_per_address_and_tables_per_server_are_limited() {
    let server = Server::start(&["--max-per-ip", "3", "--max-tables", "2"]);
    let mut clients: Vec<Client> = (0..3).map(|_| server.client()).collect();
    assert!(
        Connection::open(&server.ws()).is_err(),
        "a fourth connection is refused"
    );
    clients[0].create("three");
    clients[1].create("three");
    clients[2].send(ClientMsg::CreateTable {
        preset: "three".into(),
        name: None,
    });
    assert_eq!(clients[2].expect_error(), ErrorCode::TooManyTables);
}
