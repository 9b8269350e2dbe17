//! Which pages may talk to the server. Every HTTP request must name, in its
//! `Host` header, an address the server answers to: an IP address,
//! `localhost`, or a name given with `--allow-origin`. A name an attacker
//! controls (DNS rebinding: `evil.example` made to resolve to 127.0.0.1) is
//! refused. A WebSocket upgrade that carries an `Origin` (every browser
//! sends one) must come from the page's own server (the origin's host and
//! port are the request's `Host`) or from an origin given with
//! `--allow-origin`; so a page on another site cannot drive a seat from a
//! visitor's browser. Programs that send no `Origin` (`liar join`, bots,
//! scripts) are not browsers and are let through.

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The origins and host names the server answers to besides its own
/// addresses.
#[derive(Clone, Debug, Default)]
pub struct OriginPolicy {
    /// Origins allowed to open WebSockets, as `scheme://host[:port]`,
    /// lower case, without a default port.
    origins: Vec<String>,
    /// Host names (without port) allowed in `Host`, lower case.
    hosts: Vec<String>,
}

impl OriginPolicy {
    /// A policy that also allows each of `origins` (`https://game.example.org`,
    /// `http://mybox.local:8080`), or says which one is not an origin.
    ///
    /// ```
    /// use liar::server::web::OriginPolicy;
    /// let policy = OriginPolicy::new(&["https://Game.Example.org:443".to_string()]).unwrap();
    /// assert!(policy.host_allowed("game.example.org"));
    /// assert!(policy.host_allowed("127.0.0.1:8080"));
    /// assert!(!policy.host_allowed("evil.example:8080"));
    /// assert!(OriginPolicy::new(&["game.example.org".to_string()]).is_err());
    /// ```
    pub fn new(origins: &[String]) -> Result<OriginPolicy, String> {
        let mut policy = OriginPolicy::default();
        for given in origins {
            let origin = Origin::parse(given).ok_or_else(|| {
                format!(
                    "--allow-origin {given:?}: not an origin; write it as a browser's address \
                     bar starts, e.g. https://game.example.org or http://mybox.local:8080"
                )
            })?;
            policy.hosts.push(origin.host.clone());
            policy.origins.push(origin.text());
        }
        Ok(policy)
    }

    /// Whether a request's `Host` header names this server.
    pub fn host_allowed(&self, host: &str) -> bool {
        let Some(name) = host_name(host) else {
            return false;
        };
        name.trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
            .is_ok()
            || name == "localhost"
            || self.hosts.contains(&name)
    }

    /// Whether a WebSocket from a page of `origin` may connect, the
    /// request naming `host`.
    pub fn origin_allowed(&self, origin: &str, host: &str) -> bool {
        let Some(origin) = Origin::parse(origin) else {
            return false;
        };
        let text = origin.text();
        // The request's host, with the origin's scheme's default port dropped
        // as the origin drops it.
        let host = host.to_ascii_lowercase();
        let default = if origin.scheme == "https" {
            ":443"
        } else {
            ":80"
        };
        let host = host.strip_suffix(default).unwrap_or(&host);
        self.origins.contains(&text) || origin.authority() == host
    }
}

/// A parsed `scheme://host[:port]`, lower case, the default port dropped.
struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    fn parse(text: &str) -> Option<Origin> {
        let text = text.trim().trim_end_matches('/').to_ascii_lowercase();
        let (scheme, rest) = text.split_once("://")?;
        if !matches!(scheme, "http" | "https") || rest.is_empty() || rest.contains(['/', '@']) {
            return None;
        }
        let host = host_name(rest)?;
        let port = match rest.strip_prefix(host.as_str()).unwrap_or("") {
            "" => None,
            p => Some(p.strip_prefix(':')?.parse::<u16>().ok()?),
        };
        let default = if scheme == "https" { 443 } else { 80 };
        Some(Origin {
            scheme: scheme.to_string(),
            host,
            port: port.filter(|p| *p != default),
        })
    }

    /// `host[:port]`, as a `Host` header would carry it.
    fn authority(&self) -> String {
        match self.port {
            Some(p) => format!("{}:{p}", self.host),
            None => self.host.clone(),
        }
    }

    fn text(&self) -> String {
        format!("{}://{}", self.scheme, self.authority())
    }
}

/// The host of `host[:port]` (an IPv6 address in its brackets), lower
/// case; `None` when it is not one.
fn host_name(authority: &str) -> Option<String> {
    let authority = authority.to_ascii_lowercase();
    let host = if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        if !(after.is_empty() || after.starts_with(':')) {
            return None;
        }
        return inside
            .parse::<std::net::Ipv6Addr>()
            .ok()
            .map(|_| format!("[{inside}]"));
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) if port.parse::<u16>().is_ok() => host.to_string(),
            Some(_) => return None,
            None => authority.clone(),
        }
    };
    let fine = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    fine.then_some(host)
}

/// Refuses requests for other hosts, and WebSocket upgrades from pages of
/// other origins, with a status and a sentence saying why.
pub(crate) async fn check(
    State(policy): State<Arc<OriginPolicy>>,
    request: Request,
    next: Next,
) -> Response {
    match refusal(&policy, &request) {
        Some(refused) => refused,
        None => next.run(request).await,
    }
}

fn refusal(policy: &OriginPolicy, request: &Request) -> Option<Response> {
    let headers = request.headers();
    let mut hosts = headers.get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return Some(
            (
                StatusCode::BAD_REQUEST,
                "a request must name its Host, once\n",
            )
                .into_response(),
        );
    };
    let Ok(host) = host.to_str() else {
        return Some((StatusCode::BAD_REQUEST, "a Host that is not text\n").into_response());
    };
    // A request that names a whole address (`GET http://name/…`) is for
    // that name, whatever its Host says.
    if let Some(authority) = request.uri().authority()
        && !policy.host_allowed(authority.as_str())
    {
        return Some(misdirected(authority.as_str()));
    }
    if !policy.host_allowed(host) {
        return Some(misdirected(host));
    }
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|u| u.to_str().ok())
        .is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
    let mut origins = headers.get_all(header::ORIGIN).iter();
    let origin = match (origins.next(), origins.next()) {
        (Some(o), None) => Some(o.to_str().unwrap_or("")),
        (None, _) => None,
        // Two origins are no origin this server knows.
        (Some(_), Some(_)) => Some(""),
    };
    match origin {
        Some(origin) if upgrade && !policy.origin_allowed(origin, host) => Some(
            (
                StatusCode::FORBIDDEN,
                format!(
                    "a page of {origin:?} may not play at this server; only its own pages (and \
                     origins its operator allows with --allow-origin) may\n"
                ),
            )
                .into_response(),
        ),
        _ => None,
    }
}

/// The refusal of a request for a name this server does not answer to.
fn misdirected(host: &str) -> Response {
    (
        StatusCode::MISDIRECTED_REQUEST,
        format!(
            "this server does not answer to the name {host:?}; its operator can allow it with \
             --allow-origin\n"
        ),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_by_address_localhost_and_allowed_names() {
        let policy = OriginPolicy::new(&["https://game.example.org".into()]).unwrap();
        for host in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "[::1]:8080",
            "192.168.1.20:8080",
            "LOCALHOST:8080",
            "game.example.org",
            "game.example.org:443",
        ] {
            assert!(policy.host_allowed(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil.example:8080",
            "",
            "[::1",
            "a b",
            "game.example.org.evil.example",
            "127.0.0.1:99999",
            "127.0.0.1:",
        ] {
            assert!(!policy.host_allowed(host), "{host}");
        }
    }

    #[test]
    fn origins_of_the_same_server_or_allowed() {
        let policy = OriginPolicy::new(&["https://game.example.org".into()]).unwrap();
        assert!(policy.origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(policy.origin_allowed("http://localhost:8080", "localhost:8080"));
        assert!(policy.origin_allowed("https://game.example.org", "127.0.0.1:8080"));
        assert!(policy.origin_allowed("https://game.example.org:443", "x"));
        assert!(policy.origin_allowed("http://[::1]:8080", "[::1]:8080"));
        assert!(!policy.origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8080"));
        assert!(!policy.origin_allowed("http://evil.example", "127.0.0.1:8080"));
        assert!(!policy.origin_allowed("null", "127.0.0.1:8080"));
        assert!(!policy.origin_allowed("http://game.example.org", "127.0.0.1:8080"));
        // The default port, written or not, is the same port.
        assert!(policy.origin_allowed("http://1.2.3.4", "1.2.3.4:80"));
        assert!(policy.origin_allowed("https://1.2.3.4", "1.2.3.4:443"));
        assert!(!policy.origin_allowed("https://1.2.3.4", "1.2.3.4:80"));
    }
}
