//! The web table in real headless browsers, Chromium and Firefox, driven
//! over WebDriver (chromedriver or geckodriver, through fantoccini) against
//! the real `liar serve` on loopback.
//!
//! Chromium is `chromium` (or `chromium-browser`, `google-chrome`) with
//! `chromedriver`; Firefox is `firefox-esr` (or `firefox`) with
//! `geckodriver`. They are found on `PATH`, in `/usr/bin` or in
//! `~/.cargo/bin` (where `cargo install geckodriver` puts its driver), or
//! named by `LIAR_CHROMIUM`, `LIAR_CHROMEDRIVER`, `LIAR_FIREFOX` and
//! `LIAR_GECKODRIVER`. A test whose browser is missing prints
//! `SKIPPED: no <browser> found` to stderr and returns; with
//! `LIAR_BROWSER_TESTS=require` (as `.ci/run` sets after installing both)
//! a missing browser fails the test instead. Screenshots go to
//! `target/screenshots/`.
//!
//! Zoom is the browser's own page zoom, as a person sets it with Ctrl +:
//! Chromium's default zoom level in its profile, Firefox's full zoom set
//! from its chrome context. Each zoomed session checks that the page
//! really has half as many CSS pixels and a device pixel ratio of 2.

mod driver;
mod page;
mod play;
mod privacy;
mod replay;
mod server;
mod turns;

pub use driver::*;
pub use page::*;
pub use replay::*;
pub use server::*;
pub use turns::*;

use std::net::TcpListener;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// The longest wait for anything a page or process should do.
pub const WAIT: Duration = Duration::from_secs(30);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);

/// Waits until `ready` gives a value, polling; panics with `what` after [`WAIT`].
pub async fn until<T, F, Fut>(what: &str, mut ready: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(v) = ready().await {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(POLL).await;
    }
}

/// A free port on loopback.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A child process killed when dropped, with every process it started:
/// it leads a process group of its own, and the whole group is killed, so
/// a browser a driver started does not outlive a test that failed before
/// closing its session.
pub struct Process(Child);

impl Process {
    /// Starts `command` at the head of a new process group.
    fn start(command: &mut Command, what: &str) -> Process {
        use std::os::unix::process::CommandExt;
        let child = command
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("{what} starts: {e}"));
        Process(child)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(group) = i32::try_from(self.0.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group;
            // no memory is involved.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The runtime the tests drive the browser with.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}
