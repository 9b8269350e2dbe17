//! Downloading a finished match's replay from the server over plain HTTP
//! (with `ureq`), so the summary at the end can count with every die, as
//! `liar play`'s does.

use std::time::Duration;

/// The longest a whole download may take.
const WAIT: Duration = Duration::from_secs(10);

/// The largest replay downloaded.
const MAX_BYTES: u64 = 64 << 20;

/// The body of `GET url`, or why not (a status other than 200, a
/// redirect, a body over [`MAX_BYTES`], a server that does not answer
/// within [`WAIT`]).
pub fn get(url: &str) -> Result<Vec<u8>, String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(WAIT))
        // The replay is the server's own file: a redirect elsewhere is refused.
        .max_redirects(0)
        .build()
        .into();
    let mut response = agent
        .get(url)
        .header("Accept", "application/x-ndjson, */*")
        .call()
        .map_err(|e| e.to_string())?;
    let status = response.status();
    if status != ureq::http::StatusCode::OK {
        return Err(format!("http status {status}"));
    }
    response
        .body_mut()
        .with_config()
        .limit(MAX_BYTES)
        .read_to_vec()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpListener;

    /// A one-request server on loopback that answers `response`.
    fn serve_once(response: &'static str) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!(
            "http://{}/api/matches/1/replay.jsonl",
            listener.local_addr().unwrap()
        );
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut head = [0u8; 1024];
            let _ = stream.read(&mut head);
            let _ = stream.write_all(response.as_bytes());
        });
        url
    }

    #[test]
    fn bodies_by_length_and_by_chunks() {
        let plain = serve_once("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
        assert_eq!(get(&plain).unwrap(), b"hello");
        let chunks = serve_once(
            "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nhel\r\n2\r\nlo\r\n0\r\n\r\n",
        );
        assert_eq!(get(&chunks).unwrap(), b"hello");
    }

    #[test]
    fn other_statuses_short_bodies_and_nonsense_are_errors() {
        let missing = serve_once("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
        assert!(get(&missing).unwrap_err().contains("404"));
        let short = serve_once("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nhello");
        assert!(get(&short).is_err());
        let nonsense = serve_once("not http at all\r\n\r\n");
        assert!(get(&nonsense).is_err());
        let elsewhere = serve_once(
            "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/x\r\nContent-Length: 0\r\n\r\n",
        );
        assert!(get(&elsewhere).unwrap_err().contains("302"));
    }
}
