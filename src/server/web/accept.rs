//! Accepting connections. Every TCP connection is counted against its IP
//! address and against the server's total from the moment it is accepted
//! until its socket closes, whatever it turns out to be (an HTTP request,
//! a WebSocket, or nothing at all); one over either limit is closed at
//! once, before a byte is read. HTTP is served by hyper with a deadline
//! for each request's head and a lifetime for each plain HTTP connection,
//! so a connection that says nothing, or says it slowly, is closed.

use crate::server::limits::{HEADER_TIMEOUT, HTTP_CONNECTION_LIFETIME};
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tower::ServiceExt;

/// Open connections: by IP address and in all.
pub(crate) struct ConnCounts {
    inner: Mutex<Counts>,
    per_ip: usize,
    total: usize,
    /// Told when the last connection closes.
    none_left: Notify,
}

#[derive(Default)]
struct Counts {
    by_ip: HashMap<IpAddr, usize>,
    total: usize,
}

/// One connection counted; uncounted when dropped (with its socket).
pub(crate) struct ConnGuard {
    counts: Arc<ConnCounts>,
    ip: IpAddr,
}

impl ConnCounts {
    /// At most `per_ip` connections from one address and `total` in all.
    pub(crate) fn new(per_ip: usize, total: usize) -> Arc<ConnCounts> {
        Arc::new(ConnCounts {
            inner: Mutex::new(Counts::default()),
            per_ip,
            total,
            none_left: Notify::new(),
        })
    }

    /// Counts a connection from `ip`, unless that address or the server
    /// has as many as it may.
    pub(crate) fn acquire(self: &Arc<Self>, ip: IpAddr) -> Option<ConnGuard> {
        let mut counts = crate::server::table::lock(&self.inner);
        if counts.total >= self.total {
            return None;
        }
        let n = counts.by_ip.entry(ip).or_insert(0);
        if *n >= self.per_ip {
            return None;
        }
        *n += 1;
        counts.total += 1;
        Some(ConnGuard {
            counts: self.clone(),
            ip,
        })
    }

    /// Connections open now.
    pub(crate) fn open(&self) -> usize {
        crate::server::table::lock(&self.inner).total
    }

    /// Waits until every connection has closed, or `within` has passed.
    async fn drained(&self, within: Duration) {
        let _ = tokio::time::timeout(within, async {
            loop {
                let notified = self.none_left.notified();
                if self.open() == 0 {
                    return;
                }
                notified.await;
            }
        })
        .await;
    }
}

impl Drop for ConnGuard {
    fn drop(&mut self) {
        let mut counts = crate::server::table::lock(&self.counts.inner);
        if let Some(n) = counts.by_ip.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.by_ip.remove(&self.ip);
            }
        }
        counts.total = counts.total.saturating_sub(1);
        if counts.total == 0 {
            self.counts.none_left.notify_waiters();
        }
    }
}

/// A socket that carries its count: the count lives as long as the
/// socket, through an upgrade to a WebSocket too.
struct CountedSocket {
    stream: TcpStream,
    _guard: ConnGuard,
}

impl AsyncRead for CountedSocket {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for CountedSocket {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Accepts connections on `listener` and serves `router` on each until
/// `shutdown` turns true; then stops accepting, lets requests in flight
/// finish, and waits (at most `linger`) for every connection to close.
pub(crate) async fn serve_connections(
    listener: TcpListener,
    router: Router,
    counts: Arc<ConnCounts>,
    mut shutdown: watch::Receiver<bool>,
    linger: Duration,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = shutdown.changed() => break,
        };
        let (stream, addr) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors (or a connection reset before it
                // was taken): wait a moment rather than spin.
                if !is_connection_error(&e) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                continue;
            }
        };
        let Some(guard) = counts.acquire(addr.ip()) else {
            // Over a limit: closed before a byte is read.
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(CountedSocket {
            stream,
            _guard: guard,
        });
        tokio::spawn(serve_one(io, addr, router.clone(), shutdown.clone()));
    }
    counts.drained(linger).await;
}

/// Serves HTTP on one connection (and hands it over on an upgrade).
async fn serve_one(
    io: TokioIo<CountedSocket>,
    addr: SocketAddr,
    router: Router,
    mut shutdown: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(addr));
        router.clone().oneshot(request.map(axum::body::Body::new))
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(64 * 1024);
    let conn = http.serve_connection(io, service).with_upgrades();
    tokio::pin!(conn);
    let lifetime = tokio::time::sleep(HTTP_CONNECTION_LIFETIME);
    tokio::pin!(lifetime);
    tokio::select! {
        _ = conn.as_mut() => return,
        _ = shutdown.changed() => {}
        () = &mut lifetime => {}
    }
    // Stopping, or open too long: finish the request in flight, take no
    // other; a client that does not read its answer is cut off.
    conn.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(HEADER_TIMEOUT, conn).await;
}

/// Errors of one connection that the next `accept` does not share.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_address_and_in_all() {
        let counts = ConnCounts::new(2, 3);
        let a: IpAddr = [127, 0, 0, 1].into();
        let b: IpAddr = [127, 0, 0, 2].into();
        let a1 = counts.acquire(a).unwrap();
        let _a2 = counts.acquire(a).unwrap();
        assert!(counts.acquire(a).is_none(), "a third from one address");
        let _b1 = counts.acquire(b).unwrap();
        assert!(counts.acquire(b).is_none(), "a fourth in all");
        drop(a1);
        assert_eq!(counts.open(), 2);
        assert!(counts.acquire(b).is_some(), "a place freed");
    }
}
