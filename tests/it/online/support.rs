//! What the online tests share: a real `liar serve` on loopback, scripted
//! clients that record every message they get, plain HTTP requests, and
//! a player that makes legal moves by a fixed rule.

use crate::support::{Scratch, temp_dir, tests_data_home};
use liar::online::{ClientMsg, Connection, Move, SeatSnapshot, ServerMsg, TableId};
use liar::rules::{DecisionKind, Positions};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long any single wait of these tests may last.
pub const WAIT: Duration = Duration::from_secs(30);

/// A `liar serve` process, killed when dropped.
pub struct Server {
    child: Option<Child>,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// Its own data folder, unless the test gave `--data`.
    _data: Option<Scratch>,
}

impl Server {
    /// Starts `liar serve --addr 127.0.0.1:0` with `args` (and
    /// `--bot-delay 0` unless they give one, and a scratch data folder of
    /// its own unless they give `--data`) and waits for the address it
    /// prints.
    pub fn start(args: &[&str]) -> Server {
        let delay: &[&str] = if args.contains(&"--bot-delay") {
            &[]
        } else {
            &["--bot-delay", "0"]
        };
        let data = (!args.contains(&"--data")).then(|| temp_dir("online-data"));
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("liar"))
            .args(["serve", "--addr", "127.0.0.1:0", "--quiet"])
            .args(delay)
            .args(args)
            .args(
                data.iter()
                    .flat_map(|d| [std::ffi::OsStr::new("--data"), d.as_ref()]),
            )
            .env("XDG_DATA_HOME", tests_data_home())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("liar serve starts");
        let stdout = child.stdout.take().expect("its standard output");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let line = rx
            .recv_timeout(WAIT)
            .expect("liar serve prints its address");
        let addr = line
            .strip_prefix("liar serve: listening on http://")
            .unwrap_or_else(|| panic!("an address line, got {line:?}"))
            .to_string();
        Server {
            child: Some(child),
            addr,
            _data: data,
        }
    }

    /// The WebSocket URL.
    pub fn ws(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// A new client, welcomed.
    pub fn client(&self) -> Client {
        let mut client = Client {
            conn: Connection::open(&self.ws()).expect("a connection"),
            log: Vec::new(),
            pending: None,
        };
        client.expect(|m| matches!(m, ServerMsg::Welcome { .. }));
        client
    }

    /// `GET path`: the status code and the body.
    pub fn get(&self, path: &str) -> (u16, Vec<u8>) {
        http_get(&self.addr, path)
    }

    /// Whether the server answers its health check.
    pub fn healthy(&self) -> bool {
        let (status, body) = self.get("/api/health");
        status == 200 && String::from_utf8_lossy(&body).contains("\"ok\":true")
    }

    /// Sends SIGTERM and waits (within [`WAIT`]) for the exit code.
    #[cfg(unix)]
    pub fn terminate(mut self) -> Option<i32> {
        let mut child = self.child.take()?;
        // SAFETY: kill(2) on our own child's pid.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(child.wait().ok().and_then(|s| s.code()));
        });
        rx.recv_timeout(WAIT).ok().flatten()
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = self.child.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A plain HTTP/1.0 GET: the status and the body.
pub fn http_get(addr: &str, path: &str) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(WAIT)).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, raw[split + 4..].to_vec())
}

/// A scripted client: every message it got is kept, in order.
pub struct Client {
    /// The connection.
    pub conn: Connection,
    /// Every message received.
    pub log: Vec<ServerMsg>,
    /// The last question received and not answered yet.
    pub pending: Option<(u64, SeatSnapshot)>,
}

impl Client {
    /// Sends a message.
    pub fn send(&mut self, msg: ClientMsg) {
        if let ClientMsg::Decide { turn, .. } = &msg
            && self.pending.as_ref().is_some_and(|(t, _)| t == turn)
        {
            self.pending = None;
        }
        self.conn.send(&msg).expect("send");
    }

    /// The next message (within [`WAIT`]).
    pub fn recv(&mut self) -> ServerMsg {
        match self.read_within(WAIT) {
            Ok(msg) => msg,
            Err(e) => panic!(
                "no message in time ({e}); the last ones: {:?}",
                &self.log[self.log.len().saturating_sub(5)..]
            ),
        }
    }

    /// The next message within `wait`, if any. Reads in short slices: the
    /// server's pings would otherwise restart a long read's timeout.
    pub fn recv_within(&mut self, wait: Duration) -> Option<ServerMsg> {
        self.read_within(wait).ok()
    }

    /// The next message within `wait`, or why there is none.
    fn read_within(&mut self, wait: Duration) -> Result<ServerMsg, liar::online::ClientError> {
        let end = Instant::now() + wait;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(liar::online::ClientError::TimedOut);
            }
            match self.conn.recv_within(left.min(Duration::from_millis(500))) {
                Ok(msg) => {
                    self.note(&msg);
                    return Ok(msg);
                }
                Err(liar::online::ClientError::TimedOut) => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn note(&mut self, msg: &ServerMsg) {
        if let ServerMsg::YourTurn { turn, view, .. } = msg {
            self.pending = Some((*turn, view.clone()));
        }
        self.log.push(msg.clone());
    }

    /// Reads until a message `pred` accepts (within [`WAIT`]) and returns it.
    pub fn expect(&mut self, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        let end = Instant::now() + WAIT;
        while Instant::now() < end {
            let msg = self.recv();
            if pred(&msg) {
                return msg;
            }
        }
        panic!("no such message in time; got {:?}", self.log.last());
    }

    /// Reads until an `error` and returns its code.
    pub fn expect_error(&mut self) -> liar::online::ErrorCode {
        match self.expect(|m| matches!(m, ServerMsg::Error { .. })) {
            ServerMsg::Error { code, .. } => code,
            _ => unreachable!(),
        }
    }

    /// Creates a table from `preset` and returns its number.
    pub fn create(&mut self, preset: &str) -> TableId {
        self.send(ClientMsg::CreateTable {
            preset: preset.into(),
            name: None,
        });
        match self.expect(|m| matches!(m, ServerMsg::State(_))) {
            ServerMsg::State(state) => state.table.id,
            _ => unreachable!(),
        }
    }

    /// Takes the first open seat of `table` as `name`: the seat and its token.
    pub fn sit(&mut self, table: TableId, name: &str) -> (usize, String) {
        self.send(ClientMsg::TakeSeat {
            table,
            seat: None,
            name: name.into(),
        });
        match self.expect(|m| matches!(m, ServerMsg::Seated { .. } | ServerMsg::Error { .. })) {
            ServerMsg::Seated { seat, token, .. } => (seat, token),
            other => panic!("no seat: {other:?}"),
        }
    }

    /// Answers every question by [`scripted_move`] until the match ends;
    /// returns the number of answers given.
    pub fn play_to_end(&mut self) -> usize {
        let mut answers = 0;
        let end = Instant::now() + Duration::from_secs(120);
        while Instant::now() < end {
            if let Some((turn, view)) = self.pending.clone() {
                self.send(ClientMsg::Decide {
                    turn,
                    decision: scripted_move(&view),
                });
                answers += 1;
                continue;
            }
            if let ServerMsg::MatchEnd { .. } = self.recv() {
                return answers;
            }
        }
        panic!("the match did not end in time");
    }
}

/// A legal move by a fixed rule: claim the lowest legal hand; accept the
/// first claim of a round and challenge after; throw nothing again.
pub fn scripted_move(view: &SeatSnapshot) -> Move {
    let view = view.view();
    match view.decision {
        Some(DecisionKind::Respond) => {
            let top = view
                .to_beat
                .is_some_and(|t| view.rules.ranking().is_top(t.claim));
            if top || view.history.len() >= 2 {
                Move::Challenge
            } else {
                Move::Accept
            }
        }
        Some(DecisionKind::Reroll) => Move::from(liar::rules::Decision::Reroll(Positions::NONE)),
        _ => Move::Claim {
            claim: liar::engine::lowest_legal_claim(&view),
        },
    }
}
