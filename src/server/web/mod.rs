//! The web stack of `liar serve`, the only part of the server that names
//! axum and tokio: the HTTP routes, one WebSocket pump per connection
//! (frames in → [`ClientMsg`] → the synchronous [`Lobby`]; the lobby's
//! messages out through a bounded queue), and the limits on clients:
//! connections counted and timed from their first byte ([`accept`]),
//! pages of other sites refused ([`origin`]).

mod accept;
pub mod assets;
pub mod both_languages;
pub mod hands;
mod origin;
mod pump;
pub mod refusals;
mod routes;

pub use origin::OriginPolicy;

use super::lobby::Lobby;
use accept::ConnCounts;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How the web side runs.
#[derive(Clone, Debug)]
pub struct WebOptions {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Connections one IP address may hold at once.
    pub max_per_ip: usize,
    /// Connections the server holds at once, at most.
    pub max_connections: usize,
    /// Which pages may connect, besides the server's own.
    pub origins: OriginPolicy,
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct App {
    pub lobby: Arc<Lobby>,
    pub connections: Arc<AtomicUsize>,
    pub shutdown: tokio::sync::watch::Receiver<bool>,
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
    let max_connections = options.max_connections.min(open_files_for_connections());
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr).await?;
        listening(listener.local_addr()?);
        let (stop, shutdown) = tokio::sync::watch::channel(false);
        let app = App {
            lobby,
            connections: Arc::new(AtomicUsize::new(0)),
            shutdown: shutdown.clone(),
        };
        let counts = ConnCounts::new(options.max_per_ip, max_connections);
        let sweeping = tokio::spawn(sweep(app.lobby.clone()));
        let router = routes::router(app, Arc::new(options.origins));
        let stopping = tokio::spawn(async move {
            stopped().await;
            // Stop accepting; WebSocket pumps close their connections.
            let _ = stop.send(true);
        });
        accept::serve_connections(listener, router, counts, shutdown, Duration::from_secs(2)).await;
        stopping.abort();
        sweeping.abort();
        Ok(())
    });
    runtime.shutdown_timeout(Duration::from_secs(2));
    result
}

/// Connections the system's open-file limit leaves room for: the soft
/// limit is raised to the hard one, and a reserve is kept for the
/// server's own files (its index, replays, journals, bots' pipes).
fn open_files_for_connections() -> usize {
    const RESERVE: u64 = 256;
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit with a valid pointer to our own struct.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return usize::MAX;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit.rlim_cur = limit.rlim_max;
                }
            }
        }
        let usable = limit.rlim_cur.saturating_sub(RESERVE).max(16);
        usize::try_from(usable).unwrap_or(usize::MAX)
    }
    #[cfg(not(unix))]
    {
        usize::MAX
    }
}

/// Gives the lobby its [`Lobby::tick`] every little while.
async fn sweep(lobby: Arc<Lobby>) {
    let mut tick = tokio::time::interval(crate::server::limits::LOBBY_TICK);
    loop {
        tick.tick().await;
        let lobby = lobby.clone();
        // The store may write to its index: off the async threads.
        let _ = tokio::task::spawn_blocking(move || lobby.tick()).await;
    }
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
