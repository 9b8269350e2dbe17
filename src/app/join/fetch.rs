//! Downloading a finished match's replay from the server (plain HTTP/1.1
//! GET), so the summary at the end can count with every die, as `liar
//! play`'s does.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// The longest wait for the server while downloading.
const WAIT: Duration = Duration::from_secs(10);

/// The largest replay downloaded.
const MAX_BYTES: usize = 64 << 20;

/// How long a replay that is not there yet is asked for again: the
/// server may announce the end of a match a moment before it serves the
/// replay.
const NOT_YET: Duration = Duration::from_secs(3);

/// The body of `GET path` on `host` (`host:port`), or why not; a `404` is
/// asked again for up to [`NOT_YET`].
pub fn get(host: &str, path: &str) -> Result<Vec<u8>, String> {
    let give_up = std::time::Instant::now() + NOT_YET;
    loop {
        match get_once(host, path) {
            Err(e) if e.contains(" 404") && std::time::Instant::now() < give_up => {
                std::thread::sleep(Duration::from_millis(100));
            }
            other => return other,
        }
    }
}

/// One `GET`.
fn get_once(host: &str, path: &str) -> Result<Vec<u8>, String> {
    let address = host
        .to_socket_addrs()
        .map_err(|e| e.to_string())?
        .next()
        .ok_or_else(|| format!("{host}: no address"))?;
    let mut stream = TcpStream::connect_timeout(&address, WAIT).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(WAIT))
        .map_err(|e| e.to_string())?;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: application/x-ndjson, */*\r\nConnection: close\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    read_response(BufReader::new(stream))
}

/// The body of an HTTP response (status 200; a length, chunks, or up to
/// the end).
fn read_response(mut reader: impl BufRead) -> Result<Vec<u8>, String> {
    let status = line(&mut reader)?;
    let code = status.split_whitespace().nth(1).unwrap_or_default();
    if code != "200" {
        return Err(status.trim().to_string());
    }
    let mut length = None;
    let mut chunked = false;
    loop {
        let header = line(&mut reader)?;
        let header = header.trim();
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>().map_err(|e| e.to_string())?);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.to_ascii_lowercase().contains("chunked");
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let size = line(&mut reader)?;
            let size = size.trim().split(';').next().unwrap_or_default();
            let size = usize::from_str_radix(size, 16).map_err(|e| e.to_string())?;
            if size == 0 {
                break;
            }
            if body.len() + size > MAX_BYTES {
                return Err("too large".into());
            }
            let start = body.len();
            body.resize(start + size, 0);
            reader
                .read_exact(&mut body[start..])
                .map_err(|e| e.to_string())?;
            line(&mut reader)?;
        }
    } else if let Some(length) = length {
        if length > MAX_BYTES {
            return Err("too large".into());
        }
        body.resize(length, 0);
        reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    } else {
        reader
            .take(MAX_BYTES as u64)
            .read_to_end(&mut body)
            .map_err(|e| e.to_string())?;
    }
    Ok(body)
}

/// One line of the head.
fn line(reader: &mut impl BufRead) -> Result<String, String> {
    let mut text = String::new();
    let read = reader
        .by_ref()
        .take(8192)
        .read_line(&mut text)
        .map_err(|e| e.to_string())?;
    if read == 0 {
        return Err("the server closed the connection".into());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_by_length_by_chunks_and_to_the_end() {
        let plain = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";
        assert_eq!(read_response(plain.as_bytes()).unwrap(), b"hello");
        let chunks = "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nhel\r\n2;x=1\r\nlo\r\n0\r\n\r\n";
        assert_eq!(read_response(chunks.as_bytes()).unwrap(), b"hello");
        let open = "HTTP/1.0 200 OK\r\n\r\nhello";
        assert_eq!(read_response(open.as_bytes()).unwrap(), b"hello");
    }

    #[test]
    fn other_statuses_and_broken_heads_are_errors() {
        let missing = "HTTP/1.1 404 Not Found\r\n\r\n";
        assert_eq!(
            read_response(missing.as_bytes()).unwrap_err(),
            "HTTP/1.1 404 Not Found"
        );
        assert!(read_response(&b""[..]).is_err());
        let short = "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nhello";
        assert!(read_response(short.as_bytes()).is_err());
    }
}
