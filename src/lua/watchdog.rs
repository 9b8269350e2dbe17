//! The last resort of thread isolation: a call stuck where no limit of the
//! sandbox can reach it (inside one C function, say) cannot be stopped in
//! the engine's own process. A watchdog thread notices a call that has run
//! far past its limit and ends the program with a message naming the bot,
//! instead of letting the match hang. (In process isolation the engine
//! simply kills the bot's process.)
//!
//! A call counts as stuck when its meter's heartbeat (the hook's firings,
//! the host's charges, hand-overs between coroutines) has not moved while the bot's thread used
//! [`SILENCE`] of processor time: the bot's code is then inside one VM
//! instruction or one C function, which no limit of the sandbox can
//! interrupt. (Processor time, so that a busy machine, where the thread
//! waits for its turn, does not make slow progress look like none.) That bound does not grow with the call's limit,
//! so such a bot ends the match within seconds however generous its
//! limits; and any call still running far past its limit counts as stuck
//! too.

use super::hook::Meter;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, Once, Weak};
use std::time::{Duration, Instant};

/// The exit status of a program ended by the watchdog.
pub const EXIT_STUCK: i32 = 3;

/// How often the watchdog looks.
const PERIOD: Duration = Duration::from_millis(100);

/// How much processor time a running call may use with its heartbeat
/// standing still before it counts as stuck. The longest single steps an
/// honest bot takes (a full collection of its whole memory, one big string
/// operation, compiling its largest allowed file) take well under a second.
const SILENCE: Duration = Duration::from_secs(4);

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
    /// The meter whose heartbeat shows progress, once the state exists.
    meter: Mutex<Option<Weak<Meter>>>,
    /// The heartbeat at the last look, for how many looks in a row it has
    /// not moved during the running call, and the bot thread's processor
    /// time (in nanoseconds) when it last moved.
    beat: AtomicU64,
    silent_looks: AtomicU64,
    beat_cpu: AtomicU64,
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
            meter: Mutex::new(None),
            beat: AtomicU64::new(0),
            silent_looks: AtomicU64::new(0),
            beat_cpu: AtomicU64::new(0),
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

    /// Watches the heartbeat of `meter` (the bot's state's).
    pub(crate) fn listen(&self, meter: &Arc<Meter>) {
        if let Ok(mut m) = self.meter.lock() {
            *m = Some(Arc::downgrade(meter));
        }
    }

    /// How long the running call's heartbeat has stood still: in
    /// processor time of the bot's thread where it can be read, else in
    /// looks (zero without a meter).
    fn silence(&self) -> Duration {
        let meter = self
            .meter
            .lock()
            .ok()
            .and_then(|m| m.as_ref().and_then(Weak::upgrade));
        let Some(meter) = meter else {
            return Duration::ZERO;
        };
        let beat = meter.heartbeat();
        let cpu = meter.runner_cpu();
        let cpu_ns = cpu.map_or(0, |c| u64::try_from(c.as_nanos()).unwrap_or(u64::MAX));
        if self.beat.swap(beat, Relaxed) != beat || self.silent_looks.load(Relaxed) == 0 {
            self.silent_looks.store(1, Relaxed);
            self.beat_cpu.store(cpu_ns, Relaxed);
            return Duration::ZERO;
        }
        let looks = self.silent_looks.fetch_add(1, Relaxed);
        match cpu {
            Some(_) => Duration::from_nanos(cpu_ns.saturating_sub(self.beat_cpu.load(Relaxed))),
            None => PERIOD.saturating_mul(u32::try_from(looks).unwrap_or(u32::MAX)),
        }
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
            self.silent_looks.store(0, Relaxed);
            return None;
        }
        let looks = if self.seen.swap(started, Relaxed) == started {
            self.looks.fetch_add(1, Relaxed) + 1
        } else {
            // A new call: its silence starts now.
            self.looks.store(1, Relaxed);
            self.silent_looks.store(0, Relaxed);
            1
        };
        Some(PERIOD.saturating_mul(u32::try_from(looks).unwrap_or(u32::MAX)))
    }

    /// Whether the running call, seen running for `ran`, is stuck.
    fn stuck(&self, ran: Duration) -> bool {
        ran > self.stuck_after || self.silence() >= SILENCE
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
                "error: the bot {who} has been stuck in one call for {:.1} s: its code is \
                 inside one Lua instruction or C function that does unbounded work (a \
                 garbage collection through a long chain of weak keys, say), which cannot be \
                 interrupted inside this process, so the match is abandoned (a replay keeps \
                 every round finished). Run bots you do not trust with --isolation process, \
                 where such a call is stopped and penalised and the match goes on.",
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
            && clock.stuck(ran)
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
