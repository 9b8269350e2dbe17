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
    wall.saturating_mul(3) + Duration::from_secs(5)
}

/// The clock of one bot's calls, shared with the watchdog.
pub(crate) struct CallClock {
    /// Nanoseconds after [`epoch`] when the running call began; 0 when idle.
    started: AtomicU64,
    stuck_after: Duration,
    who: String,
}

fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

static CLOCKS: Mutex<Vec<Weak<CallClock>>> = Mutex::new(Vec::new());

impl CallClock {
    /// A clock for the bot `who` (its name and file), watched from now on.
    pub(crate) fn watched(who: String, wall: Duration) -> Arc<CallClock> {
        let clock = Arc::new(CallClock {
            started: AtomicU64::new(0),
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

    /// How long the running call has run, if one is running.
    fn running(&self, now: Instant) -> Option<Duration> {
        let started = self.started.load(Relaxed);
        (started != 0).then(|| {
            now.saturating_duration_since(epoch())
                .saturating_sub(Duration::from_nanos(started))
        })
    }
}

fn watch() {
    loop {
        std::thread::sleep(PERIOD);
        let clocks: Vec<Arc<CallClock>> = match CLOCKS.lock() {
            Ok(c) => c.iter().filter_map(Weak::upgrade).collect(),
            Err(_) => return,
        };
        if let Some((who, ran)) = stuck_call(&clocks, Instant::now()) {
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

/// The first of `clocks` whose call has run past its bound at `now`.
fn stuck_call(clocks: &[Arc<CallClock>], now: Instant) -> Option<(String, Duration)> {
    clocks.iter().find_map(|clock| {
        let ran = clock.running(now)?;
        (ran > clock.stuck_after).then(|| (clock.who.clone(), ran))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_call_far_past_its_limit_is_stuck() {
        let wall = Duration::from_millis(100);
        let a = CallClock::watched("a (a.lua)".into(), wall);
        let b = CallClock::watched("b (b.lua)".into(), wall);
        let clocks = [Arc::clone(&a), Arc::clone(&b)];
        let t0 = Instant::now();
        assert_eq!(
            stuck_call(&clocks, t0 + Duration::from_secs(60)),
            None,
            "idle"
        );
        a.begin(t0);
        let bound = stuck_after(wall);
        assert_eq!(stuck_call(&clocks, t0 + bound / 2), None, "still in time");
        let (who, ran) = stuck_call(&clocks, t0 + bound * 2).expect("stuck");
        assert_eq!(who, "a (a.lua)");
        assert!(ran > bound);
        a.end();
        assert_eq!(stuck_call(&clocks, t0 + bound * 2), None, "returned");
    }
}
