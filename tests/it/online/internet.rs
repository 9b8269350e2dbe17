//! A server left on the Internet: idle sockets, slow requests and pages of
//! other sites must not take it from the people playing at it.

use super::support::{Server, WAIT, http_get};
use liar::online::{ClientMsg, ErrorCode, GoneReason, ServerMsg, TableSummary};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Raises this process's open-file limit to its hard limit, so that the
/// test can hold thousands of sockets.
fn raise_open_files() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit with a pointer to our own struct.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    }
    limit.rlim_cur
}

/// A TCP connection to `server` from the loopback address `from`.
fn connect_from(from: [u8; 4], server: &str) -> std::io::Result<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    socket.bind(&SocketAddr::from((from, 0)).into())?;
    let to: SocketAddr = server.parse().expect("an address");
    socket.connect_timeout(&to.into(), WAIT)?;
    Ok(socket.into())
}

/// Whether the server has closed `stream` (reads end), waiting at most `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 256];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

#[test]
fn two_thousand_idle_sockets_from_one_address_take_nobody_s_place() {
    let files = raise_open_files();
    let idle_count = 2000.min(files.saturating_sub(200) as usize);
    if idle_count < 2000 {
        eprintln!(
            "NOTE: this system allows {files} open files: {idle_count} idle sockets, not 2000"
        );
    }
    assert!(idle_count >= 200, "only {files} open files for the test");
    let server = Server::start(&[]);
    // A match at a table of two people plays on while the sockets come.
    let mut ann = server.client();
    let table = ann.create("three");
    ann.sit(table, "Ann");
    // Sockets from another loopback address that never say a word.
    let started = Instant::now();
    let mut idle: Vec<TcpStream> = (0..idle_count)
        .filter_map(|_| connect_from([127, 0, 0, 2], &server.addr).ok())
        .collect();
    assert!(
        idle.len() >= idle_count / 2,
        "{} sockets connected",
        idle.len()
    );
    // Everyone else still gets in: a new person, the HTTP API.
    let mut bob = server.client();
    bob.sit(table, "Bob");
    ann.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    assert!(server.healthy(), "the health check answers");
    let (status, _) = http_get(&server.addr, "/api/tables");
    assert_eq!(status, 200);
    // All but the address's allowance were closed at once; the rest when
    // they did not send a request in time (10 s, docs/online.md). Past the
    // listener's backlog the kernel completes a connection only when it
    // retries its handshake (after up to 31 s), so some are accepted late.
    let mut open_after_accept = 0;
    for stream in &mut idle {
        if !closed_within(stream, Duration::from_millis(1)) {
            open_after_accept += 1;
        }
    }
    assert!(
        open_after_accept <= 32,
        "{open_after_accept} idle sockets still open from one address"
    );
    let deadline = Duration::from_secs(60);
    for (n, stream) in idle.iter_mut().enumerate() {
        let left = deadline
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(1));
        assert!(
            closed_within(stream, left),
            "idle socket {n} outlived the header timeout: open after {:?}",
            started.elapsed()
        );
    }
    // The match goes on to its end.
    let played = std::thread::scope(|s| {
        let b = s.spawn(|| bob.play_to_end());
        let a = ann.play_to_end();
        a + b.join().unwrap()
    });
    assert!(played > 0);
    drop(idle);
    let mut carol = server.client();
    carol.send(ClientMsg::ListTables);
    carol.expect(|m| matches!(m, ServerMsg::Tables { .. }));
}

#[test]
fn a_slow_request_head_is_cut_off() {
    let server = Server::start(&[]);
    let mut slow = TcpStream::connect(&server.addr).unwrap();
    // Half a request line, then nothing.
    slow.write_all(b"GET /api/health HT").unwrap();
    let started = Instant::now();
    assert!(closed_within(&mut slow, Duration::from_secs(20)));
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(9),
        "closed after {took:?}, before the header timeout"
    );
}

/// Sends a WebSocket upgrade with `host` and `origin` headers; the status.
fn upgrade(addr: &str, host: &str, origin: Option<&str>) -> u16 {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    write!(
        stream,
        "GET /ws HTTP/1.1\r\nHost: {host}\r\n{origin}Upgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).unwrap();
    String::from_utf8_lossy(&head[9..12]).parse().unwrap()
}

/// A plain GET with a `Host` header of our choosing: the status.
fn get_with_host(addr: &str, host: &str) -> u16 {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        stream,
        "GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).unwrap();
    String::from_utf8_lossy(&head[9..12]).parse().unwrap()
}

#[test]
fn pages_of_other_sites_cannot_play() {
    let server = Server::start(&["--allow-origin", "https://game.example.org"]);
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let own = server.addr.clone();
    // The server's own pages, programs without an Origin, the allowed site.
    assert_eq!(upgrade(&own, &own, Some(&format!("http://{own}"))), 101);
    assert_eq!(upgrade(&own, &own, None), 101);
    let localhost = format!("localhost:{port}");
    assert_eq!(
        upgrade(&own, &localhost, Some(&format!("http://{localhost}"))),
        101
    );
    assert_eq!(
        upgrade(&own, "game.example.org", Some("https://game.example.org")),
        101
    );
    // Another site's page in a visitor's browser.
    for origin in [
        "http://evil.example",
        "https://evil.example",
        &format!(
            "http://127.0.0.1:{}",
            port.parse::<u16>().unwrap().wrapping_add(1)
        ),
        "null",
        "http://game.example.org",
    ] {
        assert_eq!(upgrade(&own, &own, Some(origin)), 403, "{origin}");
    }
    // DNS rebinding: a name the operator never gave, for the page or the API.
    let rebound = format!("rebind.evil.example:{port}");
    assert_eq!(
        upgrade(&own, &rebound, Some(&format!("http://{rebound}"))),
        421
    );
    assert_eq!(get_with_host(&own, &rebound), 421);
    assert_eq!(get_with_host(&own, &own), 200);
    assert_eq!(get_with_host(&own, "game.example.org"), 200);
}

#[test]
fn a_bad_allowed_origin_is_refused_at_start() {
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("liar"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--allow-origin",
            "game.example.org",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--allow-origin \"game.example.org\": not an origin"),
        "{err}"
    );
}

/// Reads lobby changes until `table` is gone (within [`WAIT`]).
fn await_gone(watcher: &mut super::support::Client, table: u64) {
    watcher.expect(|m| {
        matches!(m, ServerMsg::TableGone { table: t, reason: GoneReason::Expired } if *t == table)
    });
}

#[test]
fn a_table_flood_is_refused_and_idle_tables_expire_also_after_a_restart() {
    let data = crate::support::temp_dir("online-expire");
    let dir = data.to_str().unwrap();
    let args = [
        "--data",
        dir,
        "--table-idle",
        "1",
        "--max-tables-per-ip",
        "3",
    ];
    let server = Server::start(&args);
    let mut watcher = server.client();
    watcher.send(ClientMsg::ListTables);
    watcher.expect(|m| matches!(m, ServerMsg::Tables { .. }));
    // One address makes three tables, and no more.
    let mut eve = server.client();
    let tables: Vec<u64> = (0..3).map(|_| eve.create("three")).collect();
    eve.send(ClientMsg::CreateTable {
        preset: "three".into(),
        name: None,
    });
    assert_eq!(eve.expect_error(), ErrorCode::TooManyTables);
    // Eve only watches them: they expire, one second after their last change.
    let started = Instant::now();
    for table in &tables {
        await_gone(&mut watcher, *table);
    }
    assert!(started.elapsed() >= Duration::from_secs(1));
    let (_, body) = server.get("/api/tables");
    assert_eq!(String::from_utf8_lossy(&body), "[]");
    // Now she may make tables again; one is waiting when the server dies.
    let table = eve.create("three");
    let mut ann = server.client();
    ann.sit(table, "Ann");
    drop(server);
    let server = Server::start(&args);
    let (_, body) = server.get("/api/tables");
    let listed: Vec<TableSummary> = serde_json::from_slice(&body).unwrap();
    assert_eq!(listed.iter().map(|t| t.id).collect::<Vec<_>>(), [table]);
    let mut watcher = server.client();
    watcher.send(ClientMsg::ListTables);
    await_gone(&mut watcher, table);
    drop(server);
    // Gone from the data folder too.
    let server = Server::start(&args);
    assert_eq!(server.get("/api/tables").1, b"[]");
}

/// A table file: one person and the honest bot, one short game.
const DUEL: &str = "[match]\ngames = 1\n[rules]\nchips = 1\nmin_players = 2\n\
    [[seats]]\nname = \"You\"\ntype = \"human\"\n\
    [[seats]]\nname = \"Honest\"\ntype = \"bot\"\nbundled = \"honest\"\n";

#[test]
fn a_lobby_watcher_gets_a_bounded_share_of_each_match() {
    let dir = crate::support::temp_dir("online-lobby-bytes");
    let file = dir.join("duel.toml");
    std::fs::write(&file, DUEL).unwrap();
    let server = Server::start(&[file.to_str().unwrap(), "--max-tables-per-ip", "100"]);
    let mut watcher = server.client();
    watcher.send(ClientMsg::ListTables);
    watcher.expect(|m| matches!(m, ServerMsg::Tables { .. }));
    let bytes_of = |watcher: &mut super::support::Client| -> usize {
        // Everything the watcher got so far, as the server wrote it.
        while watcher.recv_within(Duration::from_millis(200)).is_some() {}
        let total = watcher
            .log
            .iter()
            .map(|m| serde_json::to_string(m).unwrap().len())
            .sum();
        watcher.log.clear();
        total
    };
    // 500 matches, in batches of 100.
    let mut per_batch = Vec::new();
    for _ in 0..5 {
        for _ in 0..100 {
            // A connection each (one would soon be over the message rate).
            let mut player = server.client();
            let table = player.create("duel");
            player.sit(table, "Ann");
            player.send(ClientMsg::Start {
                fill_with_bots: false,
            });
            player.play_to_end();
        }
        per_batch.push(bytes_of(&mut watcher));
    }
    // Each match is told as a few changes of one table, whatever number
    // of matches came before it.
    let per_match: Vec<usize> = per_batch.iter().map(|b| b / 100).collect();
    assert!(
        per_match.iter().all(|b| *b < 4096),
        "bytes per match {per_match:?}"
    );
    assert!(
        per_batch[4] * 2 < per_batch[0] * 3,
        "the watcher's bytes grew with the matches played: {per_batch:?}"
    );
    let (_, body) = server.get("/api/tables");
    assert_eq!(String::from_utf8_lossy(&body), "[]");
}

#[test]
fn requests_that_name_the_server_twice_or_elsewhere_are_refused() {
    let server = Server::start(&[]);
    let own = server.addr.clone();
    let ask = |request: String| -> u16 {
        let mut stream = TcpStream::connect(&own).unwrap();
        stream.set_read_timeout(Some(WAIT)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).unwrap();
        String::from_utf8_lossy(&head[9..12]).parse().unwrap()
    };
    let twice = format!(
        "GET /api/health HTTP/1.1\r\nHost: {own}\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(ask(twice), 400);
    let elsewhere = format!(
        "GET http://evil.example/api/health HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(ask(elsewhere), 421);
    let here =
        format!("GET http://{own}/api/health HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n");
    assert_eq!(ask(here), 200);
}

#[test]
fn nothing_comes_from_a_table_after_its_match_end() {
    let server = Server::start(&[]);
    let mut ann = server.client();
    let table = ann.create("three");
    let (_, token) = ann.sit(table, "Ann");
    let mut bob = server.client();
    bob.sit(table, "Bob");
    ann.send(ClientMsg::Start {
        fill_with_bots: true,
    });
    std::thread::scope(|s| {
        let b = s.spawn(|| bob.play_to_end());
        ann.play_to_end();
        b.join().unwrap();
    });
    // Ann comes back on another connection, and goes: she is told the
    // state and the end; Bob and her first connection hear nothing.
    let mut again = server.client();
    again.send(ClientMsg::Resume { table, token });
    again.expect(
        |m| matches!(m, ServerMsg::State(s) if s.table.phase == liar::online::Phase::Finished),
    );
    again.expect(|m| matches!(m, ServerMsg::MatchEnd { .. }));
    drop(again);
    for (who, client) in [("Ann", &mut ann), ("Bob", &mut bob)] {
        let late = client.recv_within(Duration::from_millis(700));
        assert!(late.is_none(), "{who} got {late:?} after the match end");
    }
}

/// Opens a WebSocket by hand, sends `frame` as it is, and returns the code
/// of the close frame the server answers with.
fn close_code_after(addr: &str, frame: &[u8]) -> Option<u16> {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        stream,
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).unwrap();
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 101"));
    stream.write_all(frame).unwrap();
    let mut got = Vec::new();
    let _ = stream.read_to_end(&mut got);
    // Frames from the server are unmasked: opcode, length, payload.
    let at = got.iter().position(|b| *b == 0x88)?;
    let code = got.get(at + 2..at + 4)?;
    Some(u16::from_be_bytes([code[0], code[1]]))
}

/// A client's frame: `opcode`, masked with a zero key unless `unmasked`.
fn frame(opcode: u8, payload: &[u8], unmasked: bool) -> Vec<u8> {
    let mut out = vec![0x80 | opcode];
    if unmasked {
        out.push(payload.len() as u8);
    } else {
        out.push(0x80 | payload.len() as u8);
        out.extend([0, 0, 0, 0]);
    }
    out.extend(payload);
    out
}

#[test]
fn broken_frames_are_closed_with_a_code_that_says_why() {
    let server = Server::start(&[]);
    assert_eq!(
        close_code_after(&server.addr, &frame(0x1, &[0xff, 0xfe, 0x41], false)),
        Some(1007),
        "a text frame that is not UTF-8"
    );
    assert_eq!(
        close_code_after(&server.addr, &frame(0x1, b"{}", true)),
        Some(1002),
        "an unmasked frame"
    );
    assert_eq!(
        close_code_after(&server.addr, &frame(0x3, b"x", false)),
        Some(1002),
        "a reserved opcode"
    );
}

#[test]
fn a_person_answering_at_once_is_never_held_back_by_the_message_rate() {
    let dir = crate::support::temp_dir("online-fast-answers");
    let file = dir.join("duel.toml");
    std::fs::write(&file, DUEL.replace("games = 1", "games = 150")).unwrap();
    let server = Server::start(&[file.to_str().unwrap()]);
    let mut player = server.client();
    let table = player.create("duel");
    player.sit(table, "Ann");
    player.send(ClientMsg::Start {
        fill_with_bots: false,
    });
    let started = Instant::now();
    let answers = player.play_to_end();
    let seconds = started.elapsed().as_secs_f64();
    // Faster than the rate allows other messages, or this proves nothing.
    let allowed = f64::from(liar::server::limits::MESSAGE_BURST)
        + seconds * f64::from(liar::server::limits::MESSAGES_PER_SECOND);
    assert!(
        answers as f64 > allowed,
        "{answers} answers in {seconds:.1} s do not go over the rate"
    );
    assert!(
        !player
            .log
            .iter()
            .any(|m| matches!(m, ServerMsg::Error { .. })),
        "{:?}",
        player
            .log
            .iter()
            .find(|m| matches!(m, ServerMsg::Error { .. }))
    );
    assert!(matches!(
        player.log.last(),
        Some(ServerMsg::MatchEnd { aborted: false, .. })
    ));
}
