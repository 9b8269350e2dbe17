//! A blocking client connection: sends [`ClientMsg`]s and reads
//! [`ServerMsg`]s over a WebSocket (`ws://`). `liar join` plays through it,
//! and so do the tests' scripted clients.

use super::protocol::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// What went wrong on a connection.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// Connecting, reading or writing failed.
    #[error("connection: {0}")]
    Socket(#[from] tungstenite::Error),
    /// The server sent something that is not a message of this protocol.
    #[error("the server sent a message this client does not understand: {0}")]
    Garbled(String),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// No message came in time.
    #[error("no message from the server in time")]
    TimedOut,
}

/// One connection to a `liar serve`.
///
/// ```no_run
/// use liar::online::{ClientMsg, Connection, ServerMsg};
/// let mut c = Connection::open("ws://127.0.0.1:8080/ws").unwrap();
/// c.send(&ClientMsg::ListTables).unwrap();
/// if let ServerMsg::Tables { tables } = c.recv().unwrap() {
///     println!("{} tables", tables.len());
/// }
/// ```
pub struct Connection {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Connection {
    /// Connects to `url` (`ws://host:port/ws`) and says hello; the server's
    /// [`ServerMsg::Welcome`] (or its refusal) is the first message to read.
    pub fn open(url: &str) -> Result<Connection, ClientError> {
        let (socket, _) = tungstenite::connect(url)?;
        let mut connection = Connection { socket };
        connection.send(&ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
        })?;
        Ok(connection)
    }

    /// Sends a message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        let text = serde_json::to_string(msg).map_err(|e| ClientError::Garbled(e.to_string()))?;
        self.send_raw(Message::text(text))
    }

    /// Sends any frame, well-formed or not (tests send garbage with it).
    pub fn send_raw(&mut self, frame: Message) -> Result<(), ClientError> {
        self.socket.send(frame)?;
        Ok(())
    }

    /// Waits for the next message (pings and other control frames are
    /// answered and skipped).
    pub fn recv(&mut self) -> Result<ServerMsg, ClientError> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    return serde_json::from_str(text.as_str())
                        .map_err(|e| ClientError::Garbled(format!("{e}: {}", text.as_str())));
                }
                Ok(Message::Close(_)) => return Err(ClientError::Closed),
                Ok(_) => continue,
                Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                    return Err(ClientError::Closed);
                }
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return Err(ClientError::TimedOut);
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Like [`Connection::recv`], giving up after `wait` without a message.
    pub fn recv_within(&mut self, wait: Duration) -> Result<ServerMsg, ClientError> {
        self.set_read_timeout(Some(wait))?;
        let got = self.recv();
        self.set_read_timeout(None)?;
        got
    }

    fn set_read_timeout(&mut self, wait: Option<Duration>) -> Result<(), ClientError> {
        if let MaybeTlsStream::Plain(stream) = self.socket.get_mut() {
            stream
                .set_read_timeout(wait)
                .map_err(|e| ClientError::Socket(e.into()))?;
        }
        Ok(())
    }

    /// Closes the connection politely.
    pub fn close(mut self) {
        // Closing is a courtesy: a server that is gone needs no goodbye.
        let _ = self.socket.close(None);
        let _ = self.socket.flush();
    }
}
