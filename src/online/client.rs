//! A blocking client connection: sends [`ClientMsg`]s and reads
//! [`ServerMsg`]s over a WebSocket (`ws://`). `liar join` plays through it,
//! and so do the tests' scripted clients.

use super::protocol::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use std::net::TcpStream;
use std::time::{Duration, Instant};
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
        self.read_message(None)
    }

    /// Like [`Connection::recv`], giving up after `wait` without a message.
    /// Pings do not extend the wait: it ends `wait` after the call.
    pub fn recv_within(&mut self, wait: Duration) -> Result<ServerMsg, ClientError> {
        let got = self.read_message(Some(Instant::now() + wait));
        self.set_read_timeout(None)?;
        got
    }

    /// The next message, or [`ClientError::TimedOut`] at `deadline`.
    fn read_message(&mut self, deadline: Option<Instant>) -> Result<ServerMsg, ClientError> {
        loop {
            if let Some(deadline) = deadline {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(ClientError::TimedOut);
                }
                self.set_read_timeout(Some(left))?;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// A server that answers the handshake, then only pings every 20 ms
    /// until the client goes away or 5 s have passed (then it closes).
    fn pinging_server() -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("ws://{}/ws", listener.local_addr().unwrap());
        std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut ws = tungstenite::accept(stream).unwrap();
            ws.get_mut()
                .set_read_timeout(Some(Duration::from_millis(20)))
                .unwrap();
            // Read (the hello, then nothing) and ping, until the client
            // closes or the time is up.
            let end = Instant::now() + Duration::from_secs(5);
            while Instant::now() < end {
                match ws.read() {
                    Ok(_) => {}
                    Err(tungstenite::Error::Io(_)) => {}
                    Err(_) => return,
                }
                if ws.send(Message::Ping(Vec::new().into())).is_err() {
                    return;
                }
            }
        });
        url
    }

    #[test]
    fn pings_do_not_stretch_a_wait() {
        let mut connection = Connection::open(&pinging_server()).unwrap();
        let start = Instant::now();
        let got = connection.recv_within(Duration::from_millis(300));
        assert!(matches!(got, Err(ClientError::TimedOut)), "{got:?}");
        // Pings came all along; the wait still ended near its 300 ms.
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
    }
}
