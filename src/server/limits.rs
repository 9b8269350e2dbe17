//! Every limit the server puts on its clients, in one place (listed in
//! docs/online.md, "Limits").

use std::time::Duration;

/// Largest message a client may send, in bytes. A larger one gets
/// `error{too_large}` and the connection is closed.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Messages per second a connection may send, on average (answers to the
/// question its seat is asked are not counted).
pub const MESSAGES_PER_SECOND: u32 = 20;

/// Messages a connection may send at once above the average (the bucket's size).
pub const MESSAGE_BURST: u32 = 40;

/// Messages refused for the rate before the connection is closed.
pub const FLOOD_STRIKES: u32 = 100;

/// Connections one IP address may hold at once, of every kind: WebSockets,
/// HTTP requests, and connections that have not said anything yet (unless
/// `--max-per-ip` says otherwise). One more is closed as soon as it is
/// accepted.
pub const MAX_CONNECTIONS_PER_IP: usize = 32;

/// Connections the server holds at once from all addresses, at most
/// (unless `--max-connections` says otherwise; never more than the open
/// files the system allows it, less a reserve for its own files).
pub const MAX_CONNECTIONS: usize = 4096;

/// Time a client has to send a request's head (its first line and
/// headers), counted from when the connection opens or its last answer
/// was sent; then the connection is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a plain HTTP connection (not a WebSocket) stays open: then it
/// takes no other request, and one whose answer is not read within
/// [`HEADER_TIMEOUT`] more is closed.
pub const HTTP_CONNECTION_LIFETIME: Duration = Duration::from_secs(60);

/// Time a WebSocket has to say `hello`; then it is closed.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Time a message to a client may take to be written; a client that does
/// not read for this long is closed.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Tables one server holds at most (unless `--max-tables` says otherwise).
pub const MAX_TABLES: usize = 1000;

/// Tables waiting or playing at once that one IP address made (unless
/// `--max-tables-per-ip` says otherwise).
pub const MAX_TABLES_PER_IP: usize = 4;

/// How long a waiting table with nobody connected to its seats stays after
/// its last change (unless `--table-idle` says otherwise).
pub const TABLE_IDLE: Duration = Duration::from_secs(600);

/// How often the lobby looks at the time ([`crate::server::Lobby::tick`]):
/// protocol 1 watchers get the whole lobby at most this often, and expired
/// tables are looked for.
pub const LOBBY_TICK: Duration = Duration::from_millis(500);

/// Finished tables the server keeps in memory, to `resume` or `spectate`
/// and to download their replays from memory; older ones are in the data
/// folder only (their replays can still be downloaded).
pub const RECENT_FINISHED_TABLES: usize = 64;

/// Longest name of a person or a table, in characters (as seat names in table files).
pub const MAX_NAME_CHARS: usize = crate::config::MAX_NAME_CHARS;

/// Messages queued for a connection that does not read them; beyond, it
/// is closed (a client too slow to follow the table).
pub const OUTBOX_MESSAGES: usize = 1024;

/// Bytes queued for a connection that does not read them; beyond, it is
/// closed (with [`OUTBOX_MESSAGES`], whichever comes first).
pub const OUTBOX_BYTES: usize = 4 * 1024 * 1024;

/// How often the server pings a connection.
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// A connection that sends nothing (not even a pong) this long is closed.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// Whether `name` may be a person's or a table's name (the rule of
/// [`crate::names`]); the refusal says what is wrong with it.
///
/// ```
/// use liar::server::limits::check_name;
/// assert!(check_name("Anna").is_ok());
/// assert!(check_name("  ").is_err());
/// assert!(check_name("a\u{1b}[2J").is_err());
/// assert_eq!(
///     check_name("A\u{ad}nn").unwrap_err(),
///     "\"A\\u{ad}nn\" cannot be a name: it has an invisible character, U+00AD"
/// );
/// assert!(check_name(&"x".repeat(25)).is_err());
/// ```
pub fn check_name(name: &str) -> Result<(), String> {
    match crate::names::name_problem(name) {
        None => Ok(()),
        Some(problem) => Err(format!("{name:?} cannot be a name: {}", problem.describe())),
    }
}
