//! Where the server's messages to one connection go: a queue the web
//! layer drains onto the socket. The lobby and the match threads only push.

use crate::online::ServerMsg;
use std::sync::Arc;

/// A connection's number on this server.
pub type ConnId = u64;

/// A connection's outgoing queue.
pub trait Outbox: Send + Sync {
    /// Queues one message (JSON text). Returns false when the connection
    /// is gone or too far behind (it is then closed).
    fn push(&self, text: Arc<str>) -> bool;
    /// Closes the connection after what is queued.
    fn close(&self);
}

/// A connection as the lobby knows it.
#[derive(Clone)]
pub struct Peer {
    /// Its number.
    pub id: ConnId,
    /// Its queue.
    pub outbox: Arc<dyn Outbox>,
}

impl Peer {
    /// Sends one message.
    pub fn send(&self, msg: &ServerMsg) {
        self.outbox.push(encode(msg));
    }
}

/// A message as sent: JSON text, encoded once for every connection it goes to.
pub fn encode(msg: &ServerMsg) -> Arc<str> {
    // Server messages are plain data: encoding cannot fail.
    Arc::from(serde_json::to_string(msg).unwrap_or_default())
}
