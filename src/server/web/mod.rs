//! The web stack of `liar serve`, the only part of the server that names
//! axum and tokio: the HTTP routes, one WebSocket pump per connection
//! (frames in → [`ClientMsg`] → the synchronous [`Lobby`]; the lobby's
//! messages out through a bounded queue), and the limits on clients.

pub mod assets;
pub mod both_languages;
pub mod hands;
mod pump;
pub mod refusals;
mod routes;

use super::lobby::Lobby;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How the web side runs.
#[derive(Clone, Copy, Debug)]
pub struct WebOptions {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Connections one IP address may hold at once.
    pub max_per_ip: usize,
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct App {
    pub lobby: Arc<Lobby>,
    pub ips: Arc<IpCounts>,
    pub connections: Arc<AtomicUsize>,
    pub shutdown: tokio::sync::watch::Receiver<bool>,
}

/// Open connections by IP address.
pub(crate) struct IpCounts {
    counts: Mutex<HashMap<IpAddr, usize>>,
    max: usize,
}

/// One connection counted against its address; uncounted when dropped.
pub(crate) struct IpGuard {
    ips: Arc<IpCounts>,
    ip: IpAddr,
}

impl IpCounts {
    /// Counts a connection from `ip`, unless that address has too many.
    pub(crate) fn acquire(self: &Arc<Self>, ip: IpAddr) -> Option<IpGuard> {
        let mut counts = super::table::lock(&self.counts);
        let n = counts.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(IpGuard {
            ips: self.clone(),
            ip,
        })
    }
}

impl Drop for IpGuard {
    fn drop(&mut self) {
        let mut counts = super::table::lock(&self.ips.counts);
        if let Some(n) = counts.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// Serves `lobby` until Ctrl-C or SIGTERM. `listening` is told the address
/// bound (with port 0, the port the system chose) once clients can connect.
pub fn serve(
    lobby: Arc<Lobby>,
    options: WebOptions,
    listening: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .thread_name("liar-web")
        .build()?;
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr).await?;
        listening(listener.local_addr()?);
        let (stop, shutdown) = tokio::sync::watch::channel(false);
        let app = App {
            lobby,
            ips: Arc::new(IpCounts {
                counts: Mutex::new(HashMap::new()),
                max: options.max_per_ip,
            }),
            connections: Arc::new(AtomicUsize::new(0)),
            shutdown,
        };
        let router = routes::router(app);
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            stopped().await;
            // WebSocket pumps close their connections.
            let _ = stop.send(true);
        })
        .await
    });
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    result
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stopped() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Counts a connection while it lives.
pub(crate) struct Counted(Arc<AtomicUsize>);

impl Counted {
    pub(crate) fn new(n: &Arc<AtomicUsize>) -> Counted {
        n.fetch_add(1, Ordering::Relaxed);
        Counted(n.clone())
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}
