//! The last resort of thread isolation: a call stuck where no limit of the
//! sandbox can reach it (inside one C function, say) cannot be stopped in
//! the engine's own process. A watchdog thread notices a call that has run
//! far past its limit and ends the program with a message naming the bot,
//! instead of letting the match hang. (In process isolation the engine
//! simply kills the bot's process.)

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, Once, Weak};
use std::time::{Duration, Instant};

/// The exit status of a program ended by the watchdog.
pub const EXIT_STUCK: i32 = 3;

/// How often the watchdog looks.
const PERIOD: Duration = Duration::from_millis(100);

/// When a call counts as stuck: well past anything the sandbox lets a call
/// run (it stops calls at their limit, give or take one instruction).
pub(crate) fn stuck_after(wall: Duration) -> Duration {
    wall.saturating_mul(3)
        .saturating_add(Duration::from_secs(5))
}

/// The clock of one bot's calls, shared with the watchdog.
pub(crate) struct CallClock {
    /// Nanoseconds after [`epoch`] when the running call began; 0 when idle.
    started: AtomicU64,
    /// The call the watchdog saw running at its last look, and at how many
    /// looks in a row. Counting looks rather than reading the clock, a
    /// program stopped for a while (Ctrl-Z) is not taken for a stuck call.
    seen: AtomicU64,
    looks: AtomicU64,
    stuck_after: Duration,
    who: String,
}

fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

static CLOCKS: Mutex<Vec<Weak<CallClock>>> = Mutex::new(Vec::new());

impl CallClock {
    /// A clock for the bot `who` (its file), watched from now on.
    pub(crate) fn watched(who: String, wall: Duration) -> Arc<CallClock> {
        let clock = Arc::new(CallClock {
            started: AtomicU64::new(0),
            seen: AtomicU64::new(0),
            looks: AtomicU64::new(0),
            stuck_after: stuck_after(wall),
            who,
        });
        if let Ok(mut clocks) = CLOCKS.lock() {
            clocks.retain(|c| c.strong_count() > 0);
            clocks.push(Arc::downgrade(&clock));
        }
        static START: Once = Once::new();
        START.call_once(|| {
            let _ = std::thread::Builder::new()
                .name("liar-watchdog".into())
                .spawn(watch);
        });
        clock
    }

    /// A call begins.
    pub(crate) fn begin(&self, now: Instant) {
        let ns = now.saturating_duration_since(epoch()).as_nanos();
        self.started
            .store(u64::try_from(ns).unwrap_or(u64::MAX).max(1), Relaxed);
    }

    /// The call ended.
    pub(crate) fn end(&self) {
        self.started.store(0, Relaxed);
    }

    /// A call of `clock`'s bot (if it is watched) that ends when the value
    /// returned is dropped.
    pub(crate) fn call(clock: Option<&CallClock>) -> WatchedCall<'_> {
        if let Some(c) = clock {
            c.begin(Instant::now());
        }
        WatchedCall(clock)
    }

    /// The watchdog looks: how long the running call has been seen
    /// running (in looks of `PERIOD`), if one is running.
    fn look(&self) -> Option<Duration> {
        let started = self.started.load(Relaxed);
        if started == 0 {
            self.looks.store(0, Relaxed);
            return None;
        }
        let looks = if self.seen.swap(started, Relaxed) == started {
            self.looks.fetch_add(1, Relaxed) + 1
        } else {
            self.looks.store(1, Relaxed);
            1
        };
        Some(PERIOD.saturating_mul(u32::try_from(looks).unwrap_or(u32::MAX)))
    }
}

/// A call the watchdog sees running until this is dropped.
pub(crate) struct WatchedCall<'a>(Option<&'a CallClock>);

impl Drop for WatchedCall<'_> {
    fn drop(&mut self) {
        if let Some(c) = self.0 {
            c.end();
        }
    }
}

fn watch() {
    loop {
        std::thread::sleep(PERIOD);
        let clocks: Vec<Arc<CallClock>> = match CLOCKS.lock() {
            Ok(c) => c.iter().filter_map(Weak::upgrade).collect(),
            Err(_) => return,
        };
        if let Some((who, ran)) = stuck_call(&clocks) {
            eprintln!(
                "error: the bot {who} has been stuck in one call for {:.1} s, far past its \
                 limit: a call stuck inside a C function cannot be stopped inside this \
                 process, so the match is abandoned (a replay keeps every round finished). \
                 Run bots you do not trust with --isolation process.",
                ran.as_secs_f64()
            );
            std::process::exit(EXIT_STUCK);
        }
    }
}

/// Looks at every clock; the first whose call has been seen running past
/// its bound.
fn stuck_call(clocks: &[Arc<CallClock>]) -> Option<(String, Duration)> {
    let mut stuck = None;
    for clock in clocks {
        if let Some(ran) = clock.look()
            && ran > clock.stuck_after
            && stuck.is_none()
        {
            stuck = Some((clock.who.clone(), ran));
        }
    }
    stuck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_call_seen_running_past_its_bound_is_stuck() {
        let wall = Duration::from_millis(100);
        let a = CallClock::watched("a.lua".into(), wall);
        let b = CallClock::watched("b.lua".into(), wall);
        let clocks = [Arc::clone(&a), Arc::clone(&b)];
        let looks = (stuck_after(wall).as_millis() / PERIOD.as_millis()) as usize;
        for _ in 0..2 * looks {
            assert_eq!(stuck_call(&clocks), None, "idle");
        }
        a.begin(Instant::now());
        for _ in 0..looks {
            assert_eq!(stuck_call(&clocks), None, "still within its bound");
        }
        let (who, ran) = stuck_call(&clocks).expect("stuck");
        assert_eq!(who, "a.lua");
        assert!(ran > stuck_after(wall));
        // A new call starts the count again.
        a.end();
        a.begin(Instant::now() + Duration::from_millis(1));
        assert_eq!(stuck_call(&clocks), None, "a new call");
    }
}
