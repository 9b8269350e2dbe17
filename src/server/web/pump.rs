//! One WebSocket connection: reads frames, checks the limits, parses each
//! message and hands it to the lobby; writes what the lobby queued.

use super::{App, Counted, IpGuard};
use crate::online::{ClientMsg, ErrorCode, ServerMsg};
use crate::server::limits::{
    FLOOD_STRIKES, IDLE_TIMEOUT, MAX_MESSAGE_BYTES, MESSAGE_BURST, MESSAGES_PER_SECOND,
    OUTBOX_MESSAGES, PING_EVERY,
};
use crate::server::outbox::{Outbox, encode};
use axum::extract::ws::{Message, WebSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

/// The lobby's side of a connection's queue.
struct Queue {
    tx: mpsc::Sender<Arc<str>>,
    closing: AtomicBool,
    wake: Notify,
}

impl Outbox for Queue {
    fn push(&self, text: Arc<str>) -> bool {
        if self.closing.load(Ordering::Relaxed) {
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

/// What to do after a frame.
enum Next {
    Go,
    Close,
}

/// Runs one connection to its end.
pub(crate) async fn pump(mut socket: WebSocket, app: App, _guard: IpGuard) {
    let _counted = Counted::new(&app.connections);
    let (tx, mut rx) = mpsc::channel::<Arc<str>>(OUTBOX_MESSAGES);
    let queue = Arc::new(Queue {
        tx,
        closing: AtomicBool::new(false),
        wake: Notify::new(),
    });
    let mut session = app.lobby.connect(queue.clone());
    let mut bucket = Bucket {
        tokens: f64::from(MESSAGE_BURST),
        at: Instant::now(),
        strikes: 0,
    };
    let mut shutdown = app.shutdown.clone();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.reset();
    let mut seen = Instant::now();
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(frame)) = incoming else { break };
                seen = Instant::now();
                let next = match frame {
                    Message::Text(text) => {
                        if !bucket.take() {
                            if bucket.strikes > FLOOD_STRIKES {
                                Next::Close
                            } else {
                                let _ = socket.send(error(ErrorCode::RateLimited, format!(
                                    "at most {MESSAGES_PER_SECOND} messages a second"
                                ))).await;
                                Next::Go
                            }
                        } else if text.len() > MAX_MESSAGE_BYTES {
                            let _ = socket.send(error(ErrorCode::TooLarge, format!(
                                "a message has at most {MAX_MESSAGE_BYTES} bytes"
                            ))).await;
                            Next::Close
                        } else {
                            match serde_json::from_str::<ClientMsg>(text.as_str()) {
                                Ok(msg) => app.lobby.handle(&mut session, msg),
                                Err(e) => {
                                    let _ = socket.send(error(ErrorCode::Malformed, e.to_string())).await;
                                }
                            }
                            Next::Go
                        }
                    }
                    Message::Binary(_) => {
                        if !bucket.take() && bucket.strikes > FLOOD_STRIKES {
                            Next::Close
                        } else {
                            let _ = socket.send(error(ErrorCode::Malformed,
                                "messages are JSON text frames, not binary")).await;
                            Next::Go
                        }
                    }
                    Message::Close(_) => Next::Close,
                    Message::Ping(_) | Message::Pong(_) => Next::Go,
                };
                if let Next::Close = next {
                    break;
                }
            }
            out = rx.recv() => {
                let Some(text) = out else { break };
                if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                    break;
                }
            }
            () = queue.wake.notified() => {
                if queue.closing.load(Ordering::Relaxed) {
                    break;
                }
            }
            _ = ping.tick() => {
                if seen.elapsed() > IDLE_TIMEOUT {
                    break;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            _ = shutdown.changed() => break,
        }
    }
    queue.closing.store(true, Ordering::Relaxed);
    app.lobby.disconnect(session);
    // Flush what the lobby queued (an error said just before closing).
    while let Ok(text) = rx.try_recv() {
        if socket
            .send(Message::Text(text.as_ref().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}
