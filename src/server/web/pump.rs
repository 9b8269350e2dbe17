//! One WebSocket connection: reads frames, checks the limits, parses each
//! message and hands it to the lobby; writes what the lobby queued.

use super::{App, Counted};
use crate::online::{ClientMsg, ErrorCode, ServerMsg};
use crate::server::limits::{
    FLOOD_STRIKES, HELLO_TIMEOUT, IDLE_TIMEOUT, MAX_MESSAGE_BYTES, MESSAGE_BURST,
    MESSAGES_PER_SECOND, OUTBOX_BYTES, OUTBOX_MESSAGES, PING_EVERY, SEND_TIMEOUT,
};
use crate::server::outbox::{Outbox, encode};
use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

/// The lobby's side of a connection's queue.
struct Queue {
    tx: mpsc::Sender<Arc<str>>,
    /// Bytes queued and not sent yet.
    bytes: AtomicUsize,
    closing: AtomicBool,
    wake: Notify,
}

impl Outbox for Queue {
    fn push(&self, text: Arc<str>) -> bool {
        if self.closing.load(Ordering::Relaxed) {
            return false;
        }
        let len = text.len();
        if self.bytes.fetch_add(len, Ordering::Relaxed) + len > OUTBOX_BYTES {
            // Too far behind: close it.
            self.close();
            return false;
        }
        match self.tx.try_send(text) {
            Ok(()) => true,
            Err(_) => {
                // Too far behind (or gone): close it.
                self.close();
                false
            }
        }
    }

    fn close(&self) {
        self.closing.store(true, Ordering::Relaxed);
        self.wake.notify_one();
    }
}

/// A token bucket: [`MESSAGES_PER_SECOND`] on average, [`MESSAGE_BURST`] at once.
struct Bucket {
    tokens: f64,
    at: Instant,
    strikes: u32,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * f64::from(MESSAGES_PER_SECOND);
        self.tokens = (self.tokens + refill).min(f64::from(MESSAGE_BURST));
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.strikes += 1;
            false
        }
    }
}

fn error(code: ErrorCode, message: impl Into<String>) -> Message {
    Message::Text(
        encode(&ServerMsg::Error {
            code,
            message: message.into(),
        })
        .as_ref()
        .into(),
    )
}

/// Why the server closes a connection: the close frame's code and reason
/// (docs/online.md, "Close codes").
#[derive(Clone, Copy, Debug)]
enum Closing {
    /// The client closed it, or its socket went away.
    ByClient,
    /// The server stops.
    Stopping,
    /// No `hello` in time.
    NoHello,
    /// Silent (not even a pong) for too long.
    Idle,
    /// Kept flooding after being told.
    Flood,
    /// A message over the size limit.
    TooLarge,
    /// Too far behind reading what it is sent.
    TooSlow,
    /// Sent what is not a WebSocket frame (unmasked, a reserved opcode or
    /// bit, …).
    NotWebSocket,
    /// Sent a text frame that is not UTF-8.
    NotUtf8,
}

impl Closing {
    /// Why a frame could not be read. axum hands tungstenite's error over
    /// boxed, from a tungstenite of its own version: its message is what
    /// can be read of it.
    fn broken(e: &axum::Error) -> Closing {
        let what = e.to_string().to_ascii_lowercase();
        if what.contains("utf-8") || what.contains("utf8") {
            Closing::NotUtf8
        } else if what.contains("connection reset") || what.contains("broken pipe") {
            Closing::ByClient
        } else {
            Closing::NotWebSocket
        }
    }

    fn frame(self) -> Option<CloseFrame> {
        let (code, reason) = match self {
            Closing::ByClient => return None,
            Closing::Stopping => (close_code::AWAY, "the server stops"),
            Closing::NoHello => (close_code::POLICY, "no hello in time"),
            Closing::Idle => (close_code::POLICY, "silent for too long"),
            Closing::Flood => (close_code::POLICY, "too many messages"),
            Closing::TooLarge => (close_code::SIZE, "message too large"),
            Closing::TooSlow => (close_code::POLICY, "too slow to read what it is sent"),
            Closing::NotWebSocket => (close_code::PROTOCOL, "not a valid WebSocket frame"),
            Closing::NotUtf8 => (close_code::INVALID, "a text frame that is not UTF-8"),
        };
        Some(CloseFrame {
            code,
            reason: reason.into(),
        })
    }
}

/// Sends `message`, giving up on a client that does not read for
/// [`SEND_TIMEOUT`].
async fn send(socket: &mut WebSocket, message: Message) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(message)).await,
        Ok(Ok(()))
    )
}

/// Runs one connection to its end.
pub(crate) async fn pump(mut socket: WebSocket, app: App, ip: IpAddr) {
    let _counted = Counted::new(&app.connections);
    let (tx, mut rx) = mpsc::channel::<Arc<str>>(OUTBOX_MESSAGES);
    let queue = Arc::new(Queue {
        tx,
        bytes: AtomicUsize::new(0),
        closing: AtomicBool::new(false),
        wake: Notify::new(),
    });
    let mut session = app.lobby.connect(queue.clone(), ip);
    let mut bucket = Bucket {
        tokens: f64::from(MESSAGE_BURST),
        at: Instant::now(),
        strikes: 0,
    };
    let mut shutdown = app.shutdown.clone();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.reset();
    let hello_by = tokio::time::sleep(HELLO_TIMEOUT);
    tokio::pin!(hello_by);
    let idle_by = tokio::time::sleep(IDLE_TIMEOUT);
    tokio::pin!(idle_by);
    let closing = loop {
        tokio::select! {
            incoming = socket.recv() => {
                let frame = match incoming {
                    Some(Ok(frame)) => frame,
                    Some(Err(e)) => break Closing::broken(&e),
                    None => break Closing::ByClient,
                };
                idle_by.as_mut().reset(Instant::now() + IDLE_TIMEOUT);
                match frame {
                    Message::Text(text) => {
                        if text.len() > MAX_MESSAGE_BYTES {
                            let _ = send(&mut socket, error(ErrorCode::TooLarge, format!(
                                "a message has at most {MAX_MESSAGE_BYTES} bytes"
                            ))).await;
                            break Closing::TooLarge;
                        }
                        let parsed = serde_json::from_str::<ClientMsg>(text.as_str());
                        let answer = parsed
                            .as_ref()
                            .is_ok_and(|msg| session.answers_the_question(msg));
                        let refusal = if !answer && !bucket.take() {
                            if bucket.strikes > FLOOD_STRIKES {
                                break Closing::Flood;
                            }
                            Some(error(ErrorCode::RateLimited, format!(
                                "at most {MESSAGES_PER_SECOND} messages a second"
                            )))
                        } else {
                            match parsed {
                                Ok(msg) => {
                                    app.lobby.handle(&mut session, msg);
                                    None
                                }
                                Err(e) => Some(error(ErrorCode::Malformed, e.to_string())),
                            }
                        };
                        if let Some(refusal) = refusal
                            && !send(&mut socket, refusal).await
                        {
                            break Closing::ByClient;
                        }
                    }
                    Message::Binary(_) => {
                        if !bucket.take() && bucket.strikes > FLOOD_STRIKES {
                            break Closing::Flood;
                        }
                        if !send(&mut socket, error(ErrorCode::Malformed,
                            "messages are JSON text frames, not binary")).await
                        {
                            break Closing::ByClient;
                        }
                    }
                    Message::Close(_) => break Closing::ByClient,
                    Message::Ping(_) | Message::Pong(_) => {}
                }
            }
            out = rx.recv() => {
                let Some(text) = out else { break Closing::TooSlow };
                queue.bytes.fetch_sub(text.len(), Ordering::Relaxed);
                if !send(&mut socket, Message::Text(text.as_ref().into())).await {
                    break Closing::ByClient;
                }
            }
            () = queue.wake.notified() => {
                if queue.closing.load(Ordering::Relaxed) {
                    break Closing::TooSlow;
                }
            }
            () = &mut hello_by, if !session.greeted() => break Closing::NoHello,
            () = &mut idle_by => break Closing::Idle,
            _ = ping.tick() => {
                if !send(&mut socket, Message::Ping(Default::default())).await {
                    break Closing::ByClient;
                }
            }
            _ = shutdown.changed() => break Closing::Stopping,
        }
    };
    queue.closing.store(true, Ordering::Relaxed);
    app.lobby.disconnect(session);
    if let Closing::ByClient = closing {
        return;
    }
    // Flush what the lobby queued (an error said just before closing).
    while let Ok(text) = rx.try_recv() {
        if !send(&mut socket, Message::Text(text.as_ref().into())).await {
            return;
        }
    }
    let _ = send(&mut socket, Message::Close(closing.frame())).await;
}
