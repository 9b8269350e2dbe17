//! The server address `liar join` is given, in any of the forms people
//! paste: `ws://host:port/ws`, `http://host:port/`, `host:port`, or a seat
//! link the web client shares, `http://host:port/table/ID?seat=N`.

use crate::online::TableId;
use crate::rules::Seat;

/// Where to connect, and the table and seat a link names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// `host:port`, as given (the key saved seats are kept under).
    pub host: String,
    /// The table a seat link names.
    pub table: Option<TableId>,
    /// The seat a seat link names (0-based; the link counts from 1).
    pub seat: Option<Seat>,
}

/// Why an address cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAddress {
    /// `https://` or `wss://`: TLS, which this build does not speak.
    Tls,
    /// Not an address of any known form.
    Unreadable,
}

/// The port a server address without one has (`liar serve`'s default).
pub const DEFAULT_PORT: u16 = 8080;

impl Address {
    /// Reads `text`: `http://10.0.0.5:8080/table/3?seat=2` is
    /// `ws://10.0.0.5:8080/ws`, table 3, seat 1 (0-based).
    pub fn parse(text: &str) -> Result<Address, BadAddress> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if lower.starts_with("https://") || lower.starts_with("wss://") {
            return Err(BadAddress::Tls);
        }
        let rest = ["ws://", "http://"]
            .iter()
            .find_map(|scheme| lower.starts_with(scheme).then(|| &text[scheme.len()..]))
            .unwrap_or(text);
        if rest.contains("://") {
            return Err(BadAddress::Unreadable);
        }
        let (authority, tail) = match rest.find(['/', '?']) {
            Some(at) => rest.split_at(at),
            None => (rest, ""),
        };
        let host = host_port(authority).ok_or(BadAddress::Unreadable)?;
        let (path, query) = match tail.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (tail, None),
        };
        let table = match path.trim_end_matches('/') {
            "" | "/ws" | "/lobby" => None,
            other => {
                let id = other
                    .strip_prefix("/table/")
                    .ok_or(BadAddress::Unreadable)?;
                Some(id.parse::<TableId>().map_err(|_| BadAddress::Unreadable)?)
            }
        };
        let seat = match query.and_then(seat_in_query) {
            None => None,
            Some(Ok(seat)) => Some(seat),
            Some(Err(())) => return Err(BadAddress::Unreadable),
        };
        if seat.is_some() && table.is_none() {
            return Err(BadAddress::Unreadable);
        }
        Ok(Address { host, table, seat })
    }

    /// The WebSocket to connect to.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.host)
    }

    /// The web address of a path on the server (`/replays/3.jsonl`).
    pub fn http_url(&self, path: &str) -> String {
        let slash = if path.starts_with('/') { "" } else { "/" };
        format!("http://{}{slash}{path}", self.host)
    }
}

/// `host:port` (the default port added when none is given), or `None`.
fn host_port(authority: &str) -> Option<String> {
    if authority.is_empty() || authority.contains('@') || authority.contains(char::is_whitespace) {
        return None;
    }
    // An IPv6 literal: [::1]:8080.
    if let Some(inner) = authority.strip_prefix('[') {
        let (ip, after) = inner.split_once(']')?;
        ip.parse::<std::net::Ipv6Addr>().ok()?;
        return match after {
            "" => Some(format!("[{ip}]:{DEFAULT_PORT}")),
            port => {
                let port: u16 = port.strip_prefix(':')?.parse().ok()?;
                Some(format!("[{ip}]:{port}"))
            }
        };
    }
    match authority.split_once(':') {
        None => Some(format!("{authority}:{DEFAULT_PORT}")),
        Some((host, port)) if !host.is_empty() => {
            let port: u16 = port.parse().ok()?;
            Some(format!("{host}:{port}"))
        }
        Some(_) => None,
    }
}

/// The `seat=N` of a query (1-based in the link): `Some(Err)` when it is
/// not a number from 1.
fn seat_in_query(query: &str) -> Option<Result<Seat, ()>> {
    let value = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("seat="))?;
    Some(match value.parse::<Seat>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Address {
        Address::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn every_form_leads_to_the_websocket() {
        for text in [
            "ws://127.0.0.1:9000/ws",
            "http://127.0.0.1:9000/",
            "http://127.0.0.1:9000",
            "127.0.0.1:9000",
            "  HTTP://127.0.0.1:9000/lobby ",
        ] {
            let a = ok(text);
            assert_eq!(a.ws_url(), "ws://127.0.0.1:9000/ws", "{text}");
            assert_eq!((a.table, a.seat), (None, None), "{text}");
        }
    }

    #[test]
    fn a_seat_link_names_its_table_and_seat_from_one() {
        let a = ok("http://game.lan:8080/table/12?seat=3");
        assert_eq!(a.host, "game.lan:8080");
        assert_eq!((a.table, a.seat), (Some(12), Some(2)));
        let b = ok("game.lan:8080/table/12/");
        assert_eq!((b.table, b.seat), (Some(12), None));
        let c = ok("http://game.lan:8080/table/12?lang=ru&seat=1");
        assert_eq!(c.seat, Some(0));
    }

    #[test]
    fn the_port_defaults_and_ipv6_works() {
        assert_eq!(ok("game.lan").host, "game.lan:8080");
        assert_eq!(ok("[::1]:9000").ws_url(), "ws://[::1]:9000/ws");
        assert_eq!(ok("http://[::1]/").host, "[::1]:8080");
    }

    #[test]
    fn tls_is_refused_with_its_own_reason() {
        assert_eq!(Address::parse("https://x.org/"), Err(BadAddress::Tls));
        assert_eq!(Address::parse("wss://x.org/ws"), Err(BadAddress::Tls));
    }

    #[test]
    fn nonsense_is_refused() {
        for text in [
            "",
            ":8080",
            "host:http",
            "host:99999",
            "ftp://host:1",
            "host:1/table/x",
            "host:1/table/2?seat=0",
            "host:1/table/2?seat=-1",
            "host:1?seat=2",
            "host:1/elsewhere",
            "user@host:1",
            "[nonsense]:1",
        ] {
            assert_eq!(
                Address::parse(text),
                Err(BadAddress::Unreadable),
                "{text:?}"
            );
        }
    }

    #[test]
    fn replay_paths_become_web_addresses() {
        let a = ok("ws://127.0.0.1:9000/ws");
        assert_eq!(
            a.http_url("/replays/7.jsonl"),
            "http://127.0.0.1:9000/replays/7.jsonl"
        );
        assert_eq!(a.http_url("r.jsonl"), "http://127.0.0.1:9000/r.jsonl");
    }
}
