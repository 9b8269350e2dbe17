//! Every limit the server puts on its clients, in one place (listed in
//! docs/online.md, "Limits").

use std::time::Duration;

/// Largest message a client may send, in bytes. A larger one gets
/// `error{too_large}` and the connection is closed.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Messages per second a connection may send, on average.
pub const MESSAGES_PER_SECOND: u32 = 20;

/// Messages a connection may send at once above the average (the bucket's size).
pub const MESSAGE_BURST: u32 = 40;

/// Messages refused for the rate before the connection is closed.
pub const FLOOD_STRIKES: u32 = 100;

/// Connections one IP address may hold at once (unless `--max-per-ip` says otherwise).
pub const MAX_CONNECTIONS_PER_IP: usize = 32;

/// Tables one server holds at most (unless `--max-tables` says otherwise).
pub const MAX_TABLES: usize = 1000;

/// Longest name of a person or a table, in characters (as seat names in table files).
pub const MAX_NAME_CHARS: usize = crate::config::MAX_NAME_CHARS;

/// Messages queued for a connection that does not read them; beyond, it
/// is closed (a client too slow to follow the table).
pub const OUTBOX_MESSAGES: usize = 1024;

/// How often the server pings a connection.
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// A connection that sends nothing (not even a pong) this long is closed.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// Whether `name` may be a person's or a table's name: 1 to
/// [`MAX_NAME_CHARS`] characters, no control characters, not only spaces.
///
/// ```
/// use liar::server::limits::valid_name;
/// assert!(valid_name("Anna"));
/// assert!(!valid_name("  "));
/// assert!(!valid_name("a\u{1b}[2J"));
/// assert!(!valid_name(&"x".repeat(25)));
/// ```
pub fn valid_name(name: &str) -> bool {
    let chars = name.chars().count();
    (1..=MAX_NAME_CHARS).contains(&chars)
        && !name.trim().is_empty()
        && !name.chars().any(|c| c.is_control() || is_invisible(c))
}

/// Characters that change how text is shown without being seen (bidi
/// overrides, zero-width joiners): refused in names.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}
