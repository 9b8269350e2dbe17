//! The real `liar serve` for a test, and a proxy in front of it that can
//! cut the browser's connections.

use super::{Process, WAIT};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};

/// The real `liar serve` on a free loopback port, with a data folder of its own.
pub struct Server {
    _process: Process,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    _data: tempfile::TempDir,
}

impl Server {
    /// Starts `liar serve` with the web tables of `tests/fixtures/web/`.
    pub fn start(tables: &[&str]) -> Server {
        let data = tempfile::Builder::new()
            .prefix("liar-web-")
            .tempdir()
            .expect("a data folder");
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/web");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_liar"));
        cmd.args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay",
            "100",
            "--data",
        ])
        .arg(data.path())
        .args(tables.iter().map(|t| fixtures.join(format!("{t}.toml"))))
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env("XDG_DATA_HOME", crate::support::tests_data_home())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
        let mut child = cmd.spawn().expect("liar serve starts");
        let stdout = child.stdout.take().expect("its output");
        let process = Process(child);
        // The first line naming 127.0.0.1:PORT is where it listens; the
        // rest of its output is read on so that it never blocks on a pipe.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(addr) = listening_addr(&line)
                    && let Some(tx) = tx.take()
                {
                    let _ = tx.send(addr);
                }
            }
        });
        let addr = rx
            .recv_timeout(WAIT)
            .expect("liar serve prints the address it listens on");
        Server {
            _process: process,
            addr,
            _data: data,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path` over plain HTTP/1.0: the status and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).expect("the server accepts");
        stream.set_read_timeout(Some(WAIT)).expect("a read timeout");
        write!(stream, "GET {path} HTTP/1.0\r\nHost: {}\r\n\r\n", self.addr).expect("a request");
        let mut raw = String::new();
        stream.read_to_string(&mut raw).expect("a response");
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, body.to_string())
    }
}

/// `127.0.0.1:PORT` named in a line of the server's output.
fn listening_addr(line: &str) -> Option<String> {
    let at = line.find("127.0.0.1:")?;
    let rest = &line[at + "127.0.0.1:".len()..];
    let port: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!port.is_empty() && port != "0").then(|| format!("127.0.0.1:{port}"))
}

/// A TCP proxy in front of the server whose connections the test can cut,
/// as a dropped network would.
pub struct Proxy {
    port: u16,
    open: std::sync::Arc<std::sync::Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    /// Forwards every connection to `target` (`127.0.0.1:PORT`).
    pub fn start(target: &str) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a proxy port");
        let port = listener.local_addr().expect("its address").port();
        let open = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let conns = open.clone();
        let target = target.to_string();
        std::thread::spawn(move || {
            for client in listener.incoming().map_while(Result::ok) {
                let Ok(upstream) = TcpStream::connect(&target) else {
                    continue;
                };
                let pipes = [
                    (client.try_clone(), upstream.try_clone()),
                    (upstream.try_clone(), client.try_clone()),
                ];
                for (from, to) in pipes {
                    if let (Ok(mut from), Ok(mut to)) = (from, to) {
                        std::thread::spawn(move || {
                            let _ = std::io::copy(&mut from, &mut to);
                            let _ = to.shutdown(std::net::Shutdown::Both);
                        });
                    }
                }
                let mut open = conns.lock().unwrap_or_else(|e| e.into_inner());
                open.push(client);
                open.push(upstream);
            }
        });
        Proxy { port, open }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Cuts every connection open now.
    pub fn cut(&self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        for s in open.drain(..) {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}
