//! The connection to the server, on a thread of its own: it sends what the
//! terminal asks, hands on what the server says, and when the connection
//! drops while a seat is held (or a table watched) connects again, a
//! bounded number of times, and resumes.
//!
//! A question being asked at the terminal is withdrawn (the console's
//! withdraw flag, see [`crate::human::Console::with_withdraw`]) when news
//! arrives that settles it: in the waiting room any change at the table;
//! during the match a new event, a new question or the end; and, at the
//! table, a dropped connection (to say so) and its coming back.

use crate::online::{ClientError, ClientMsg, Connection, PROTOCOL_VERSION, ServerMsg, TableId};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long the thread waits for the server before looking at what the
/// terminal wants to send.
const POLL: Duration = Duration::from_millis(20);

/// How long the terminal waits on the thread before looking at Ctrl-C.
const STOP_POLL: Duration = Duration::from_millis(100);

/// The longest wait for the server's welcome.
pub const WELCOME_WAIT: Duration = Duration::from_secs(10);

/// The pause before each attempt to connect again (about 25 s in all).
const BACKOFF_MS: [u64; 10] = [200, 500, 1000, 2000, 3000, 3000, 3000, 4000, 4000, 4000];

/// What the thread hands on.
#[derive(Debug)]
pub enum Incoming {
    /// A message.
    Msg(ServerMsg),
    /// A message this client does not understand (the parser's words).
    Garbled(String),
    /// The connection dropped; this attempt to come back is under way.
    Reconnecting {
        /// From 1.
        attempt: u32,
        /// Attempts in all.
        max: u32,
    },
    /// Back, and resumed.
    Reconnected,
    /// The connection is gone for good.
    Lost(ClientError),
}

/// Which news withdraws a question being asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Mode {
    /// The lobby: none.
    Lobby = 0,
    /// The waiting room: any change at the table.
    Waiting = 1,
    /// The match: events, questions, the end.
    Playing = 2,
}

impl Mode {
    fn of(code: u8) -> Mode {
        match code {
            1 => Mode::Waiting,
            2 => Mode::Playing,
            _ => Mode::Lobby,
        }
    }

    /// Whether `incoming` settles a question asked in this mode.
    pub fn settles(self, incoming: &Incoming) -> bool {
        match incoming {
            Incoming::Lost(_)
            | Incoming::Reconnecting { attempt: 1, .. }
            | Incoming::Reconnected => self != Mode::Lobby,
            Incoming::Msg(msg) => match self {
                Mode::Lobby => false,
                Mode::Waiting => matches!(
                    msg,
                    ServerMsg::State(_)
                        | ServerMsg::Event { .. }
                        | ServerMsg::YourTurn { .. }
                        | ServerMsg::MatchEnd { .. }
                ),
                Mode::Playing => matches!(
                    msg,
                    ServerMsg::Event { .. }
                        | ServerMsg::YourTurn { .. }
                        | ServerMsg::MatchEnd { .. }
                ),
            },
            _ => false,
        }
    }
}

/// How to come back after a drop: resume a seat, or watch again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comeback {
    /// A seat and its token.
    Seat(TableId, String),
    /// A table watched.
    Watch(TableId),
}

/// State the terminal and the thread share.
struct Shared {
    mode: AtomicU8,
    /// The terminal is done: no more coming back.
    closing: AtomicBool,
    withdraw: Arc<AtomicBool>,
    comeback: Mutex<Option<Comeback>>,
}

/// The terminal's end of the connection.
pub struct Link {
    out: Option<Sender<ClientMsg>>,
    incoming: Receiver<Incoming>,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// Connects to `url` and reads the welcome: the connection, the server's
/// program and its presets. A refusal or another version is an error.
pub fn connect(url: &str) -> Result<(Connection, String, Vec<String>), Refused> {
    let mut connection = Connection::open(url).map_err(Refused::Connect)?;
    match connection.recv_within(WELCOME_WAIT) {
        Ok(ServerMsg::Welcome {
            protocol,
            server,
            presets,
        }) => {
            if protocol != PROTOCOL_VERSION {
                return Err(Refused::Version(protocol));
            }
            Ok((connection, server, presets))
        }
        Ok(ServerMsg::Error {
            code: crate::online::ErrorCode::Version,
            ..
        }) => Err(Refused::Version(0)),
        Ok(_) => Err(Refused::NoWelcome),
        Err(e) => Err(Refused::Connect(e)),
    }
}

/// Why [`connect`] failed.
#[derive(Debug)]
pub enum Refused {
    /// No connection, or it broke.
    Connect(ClientError),
    /// The server speaks this other version (0: it did not say which).
    Version(u32),
    /// The first message was not a welcome.
    NoWelcome,
}

impl Link {
    /// Starts the thread on an open connection (welcome read).
    pub fn spawn(connection: Connection, url: String, withdraw: Arc<AtomicBool>) -> Link {
        let (out_tx, out_rx) = mpsc::channel();
        let (in_tx, in_rx) = mpsc::channel();
        let shared = Arc::new(Shared {
            mode: AtomicU8::new(Mode::Lobby as u8),
            closing: AtomicBool::new(false),
            withdraw,
            comeback: Mutex::new(None),
        });
        let thread_shared = shared.clone();
        let thread = std::thread::Builder::new()
            .name("connection".into())
            .spawn(move || {
                Worker {
                    connection,
                    url,
                    out: out_rx,
                    incoming: in_tx,
                    shared: thread_shared,
                    pending: VecDeque::new(),
                }
                .run();
            });
        let (thread, out) = match thread {
            Ok(thread) => (Some(thread), Some(out_tx)),
            // No thread: the receiver sees its sender gone and says Lost.
            Err(_) => (None, None),
        };
        Link {
            out,
            incoming: in_rx,
            shared,
            thread,
        }
    }

    /// Sends a message (queued while reconnecting).
    pub fn send(&self, msg: ClientMsg) {
        if let Some(out) = &self.out {
            // A gone thread has said Lost already.
            let _ = out.send(msg);
        }
    }

    /// The next thing the thread hands on; `None` once `stop` is set.
    pub fn recv(&self, stop: &AtomicBool) -> Option<Incoming> {
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            match self.incoming.recv_timeout(STOP_POLL) {
                Ok(incoming) => return Some(incoming),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    return Some(Incoming::Lost(ClientError::Closed));
                }
            }
        }
    }

    /// What the thread has handed on and not been read, without waiting.
    pub fn try_recv(&self) -> Option<Incoming> {
        match self.incoming.try_recv() {
            Ok(incoming) => Some(incoming),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Incoming::Lost(ClientError::Closed)),
        }
    }

    /// Which news withdraws a question from now on.
    pub fn set_mode(&self, mode: Mode) {
        self.shared.mode.store(mode as u8, Ordering::SeqCst);
    }

    /// Which news withdraws a question now.
    pub fn mode(&self) -> Mode {
        Mode::of(self.shared.mode.load(Ordering::SeqCst))
    }

    /// How to come back after a drop.
    pub fn set_comeback(&self, comeback: Option<Comeback>) {
        let mut slot = self
            .shared
            .comeback
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        *slot = comeback;
    }

    /// Sends what is queued, closes the connection and ends the thread.
    pub fn close(mut self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        self.out = None;
        if let Some(thread) = self.thread.take() {
            // A thread that panicked has nothing left to send.
            let _ = thread.join();
        }
    }
}

/// The thread's side.
struct Worker {
    connection: Connection,
    url: String,
    out: Receiver<ClientMsg>,
    incoming: Sender<Incoming>,
    shared: Arc<Shared>,
    /// Messages not yet sent.
    pending: VecDeque<ClientMsg>,
}

impl Worker {
    fn run(mut self) {
        loop {
            let broken = match self.step() {
                Step::Go => continue,
                Step::Done => {
                    // Last words (a `leave`); a broken connection takes none.
                    let _ = self.flush();
                    self.connection.close();
                    return;
                }
                Step::Broken(e) => e,
            };
            match self.reconnect() {
                Some(connection) => self.connection = connection,
                None => {
                    self.hand_on(Incoming::Lost(broken));
                    return;
                }
            }
        }
    }

    /// One turn: send what is queued, wait a moment for a message.
    fn step(&mut self) -> Step {
        loop {
            match self.out.try_recv() {
                Ok(msg) => self.pending.push_back(msg),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Step::Done,
            }
        }
        if let Err(e) = self.flush() {
            return Step::Broken(e);
        }
        match self.connection.recv_within(POLL) {
            Ok(msg) => {
                self.hand_on(Incoming::Msg(msg));
                Step::Go
            }
            Err(ClientError::TimedOut) => Step::Go,
            Err(ClientError::Garbled(what)) => {
                self.hand_on(Incoming::Garbled(what));
                Step::Go
            }
            Err(e) => Step::Broken(e),
        }
    }

    /// Sends the queue.
    fn flush(&mut self) -> Result<(), ClientError> {
        while let Some(msg) = self.pending.front() {
            self.connection.send(msg)?;
            self.pending.pop_front();
        }
        Ok(())
    }

    /// Hands `incoming` on, withdrawing the question it settles. The flag
    /// is raised first: raised after, it could come down on a question
    /// the terminal asks after handling this very message.
    fn hand_on(&self, incoming: Incoming) {
        let settles = Mode::of(self.shared.mode.load(Ordering::SeqCst)).settles(&incoming);
        if settles {
            self.shared.withdraw.store(true, Ordering::SeqCst);
        }
        // A terminal that is gone reads nothing more.
        let _ = self.incoming.send(incoming);
    }

    /// Connects again and resumes; `None` when there is nothing to come
    /// back to, or every attempt failed.
    fn reconnect(&mut self) -> Option<Connection> {
        if self.shared.closing.load(Ordering::SeqCst) {
            return None;
        }
        let comeback = self
            .shared
            .comeback
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()?;
        // Answers sent into the broken connection are asked again after
        // the resume (the server's view says which question stands).
        self.pending
            .retain(|msg| !matches!(msg, ClientMsg::Decide { .. }));
        let max = u32::try_from(BACKOFF_MS.len()).unwrap_or(u32::MAX);
        for (attempt, pause) in (1..).zip(BACKOFF_MS) {
            self.hand_on(Incoming::Reconnecting { attempt, max });
            if !self.pause(Duration::from_millis(pause)) {
                return None;
            }
            let Ok((mut connection, _, _)) = connect(&self.url) else {
                continue;
            };
            let again = match &comeback {
                Comeback::Seat(table, token) => ClientMsg::Resume {
                    table: *table,
                    token: token.clone(),
                },
                Comeback::Watch(table) => ClientMsg::Spectate { table: *table },
            };
            if connection.send(&again).is_ok() {
                self.hand_on(Incoming::Reconnected);
                return Some(connection);
            }
        }
        None
    }
}

impl Worker {
    /// Waits `wait` before connecting again; `false` if the terminal is
    /// done meanwhile.
    fn pause(&self, wait: Duration) -> bool {
        let end = std::time::Instant::now() + wait;
        while std::time::Instant::now() < end {
            if self.shared.closing.load(Ordering::SeqCst) {
                return false;
            }
            std::thread::sleep(POLL);
        }
        !self.shared.closing.load(Ordering::SeqCst)
    }
}

/// How a turn of the thread ended.
enum Step {
    Go,
    Done,
    Broken(ClientError),
}
