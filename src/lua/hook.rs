//! The instruction budget and the wall-clock limit of one bot state.
//!
//! **Exact accounting.** Every Lua instruction that runs during a call, on
//! any thread of the bot's state, is charged to that call, by construction:
//!
//! - only one thread runs at a time, and the meter always knows which
//!   ([`Meter::current`]): the main thread when a call starts, and each
//!   coroutine from the moment `coroutine.resume`, a function made by
//!   `coroutine.wrap` or `coroutine.close` hands it the VM until the moment
//!   it hands it back (those three are the meter's own, see
//!   `coroutines.rs`: nothing else can run a coroutine);
//! - the running thread's hook countdown (`thread_count.rs`) is set to a
//!   *window* of at most [`BotLimits::HOOK_STEP`] instructions, and never
//!   more than the budget left; when it runs out the hook fires and charges
//!   the whole window, and at every hand-over the meter reads how much of the
//!   window was used and charges exactly that (*settling*), so a coroutine
//!   that runs three instructions and yields, ends, errors or is abandoned is
//!   charged three;
//! - the budget therefore runs out at one exact instruction, wherever the
//!   windows fall, and the call stops there: where a call is stopped
//!   depends on nothing but the bot's code and input, never on the clock.
//!
//! When the budget or the time is spent the call is *tripped*: the running
//! thread's hook fires on every instruction from then on and raises the
//! error each time (and so does every thread handed the VM after it), so a
//! bot that catches it (`pcall`, `coroutine.resume`, `load` with a
//! reader...) is stopped again at its very next instruction and every level
//! unwinds at once.
//!
//! **The clock.** How long a window is (up to the budget left) is free, so
//! windows are shorter when instructions are expensive, to look at the
//! clock about every [`CLOCK_EVERY_NS`]: the next window is sized from how
//! long the last one took, and capped from the start by the longest live
//! string (some single instructions scan one: `for i = 1, s` converts a
//! numeric string, `a == b` compares two equal long strings) and, near the
//! memory limit (where each refused allocation costs a full collection), by
//! the memory in use (the allocator keeps track of both, see `metered.rs`).
//!
//! Host functions that do work invisible to the hook (pattern matching, bulk
//! table moves) charge the same budget through [`Meter::charge`], which
//! stops the call at once. Work done inside Lua's C code, where there is no
//! `lua_State` at hand (allocations, string comparisons), is charged through
//! [`Meter::charge_quiet`]: it lowers the budget and shortens the running
//! window to what is left, so the call stops at the next instruction once
//! the budget is spent. Until then everything expensive short-circuits
//! ([`Meter::over`]): large allocations are refused, string comparisons
//! answer at once.
//!
//! The hook is a plain C hook rather than mlua's: when an mlua hook raises
//! an error it first truncates the running Lua frame (`lua_settop(L, 1)`),
//! which runs that frame's to-be-closed variables (`local x <close>`, the
//! fourth value of a generic `for`) while hooks are disabled, so a looping
//! `__close` would never be stopped. This hook raises the error the way
//! Lua's own interpreter does, and the `__close` methods then run during
//! the unwinding with the hook active.

use super::metered;
use super::thread_count::ThreadCount;
use crate::setup::BotLimits;
use mlua::{Lua, ffi};
use std::ffi::{CStr, c_int, c_void};
use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicI64, AtomicPtr, AtomicU8, AtomicU32, AtomicU64, AtomicUsize,
    Ordering::Relaxed,
};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why a call was stopped from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Interrupt {
    /// The instruction budget ran out.
    #[error("instruction budget exhausted")]
    Budget,
    /// The wall-clock limit passed.
    #[error("wall-clock limit exceeded")]
    Timeout,
}

impl Interrupt {
    /// The error message Lua code sees if it catches the error.
    pub(crate) fn message(self) -> &'static CStr {
        match self {
            Interrupt::Budget => c"instruction budget exhausted",
            Interrupt::Timeout => c"wall-clock limit exceeded",
        }
    }
}

const RUNNING: u8 = 0;
const BUDGET: u8 = 1;
const TIMEOUT: u8 = 2;

/// The longest window: the hook fires at least this often.
const WINDOW: u32 = BotLimits::HOOK_STEP;

/// How long the hook may go without looking at the clock, about: the
/// wall-clock limit is enforced to within this (plus one instruction).
pub(crate) const CLOCK_EVERY_NS: u64 = 10_000_000;

/// [`Meter::cpu_start`] not read yet.
const UNREAD: u64 = u64::MAX;

/// A call running this long gets its processor time's start read.
const CPU_READ_AFTER_NS: u64 = 1_000_000;

/// What one instruction may cost per byte of the longest live string (a
/// byte-at-a-time scan, e.g. converting a numeric string), in nanoseconds.
const STRING_NS_PER_BYTE: u64 = 1;

/// Chunk names of the host's own Lua code start with this; locations in
/// messages skip such frames and point at the bot's code.
pub(crate) const INTERNAL_CHUNK: &str = "=liar";

/// The registry key under which a state keeps a pointer to its meter.
static METER_KEY: u8 = 0;

fn meter_key() -> *const c_void {
    std::ptr::addr_of!(METER_KEY).cast()
}

/// Keeps the meter alive as long as the state whose hook points at it.
struct MeterHandle(#[allow(dead_code)] Arc<Meter>);

/// The budget and clock of the call in progress, shared by the hook and the
/// host functions of one state.
pub(crate) struct Meter {
    /// Instructions left in the call, as of the last settling (negative
    /// once overspent).
    remaining: AtomicI64,
    /// The running thread's countdown as the meter last set or read it:
    /// what the countdown has lost since is what the thread has run.
    armed: AtomicI32,
    /// The thread running the bot's code now.
    current: AtomicPtr<ffi::lua_State>,
    /// The longest window now, sized for the clock.
    window: AtomicU32,
    /// Where each thread's countdown is (found when the meter is made).
    count: Option<ThreadCount>,
    state: AtomicU8,
    /// Nanoseconds after `epoch` when the call must stop, unless the
    /// processor time it used says otherwise (see [`Meter::out_of_time`]).
    deadline: AtomicU64,
    /// Nanoseconds after `epoch` when the call stops whatever it used.
    hard_deadline: AtomicU64,
    /// The call's limit, in nanoseconds.
    limit_ns: AtomicU64,
    /// The thread's processor time when the call started, as estimated
    /// when first needed ([`UNREAD`] until then: reading that clock is a
    /// system call, dear beside a short call).
    cpu_start: AtomicU64,
    /// When the call started (nanoseconds after `epoch`).
    started: AtomicU64,
    /// The processor clock of the thread running the call (for the
    /// watchdog, which looks from another thread); [`NO_CLOCK`] when
    /// unknown. (Thread clocks are negative numbers on Linux.)
    cpu_clock: AtomicI64,
    epoch: Instant,
    /// When the hook last looked at the clock (nanoseconds after `epoch`).
    last_look: AtomicU64,
    /// Counts the hook's firings, the host's charges and the hand-overs
    /// between threads: while it stays
    /// the same, the bot is inside one instruction or one C function (the
    /// watchdog of thread isolation looks at it).
    heartbeat: AtomicU64,
    /// Where the bot was when the call tripped.
    location: Mutex<Option<String>>,
    /// The state's memory limit in bytes.
    memory_limit: AtomicU64,
    /// The state's main thread (where the host calls the bot).
    main: AtomicPtr<ffi::lua_State>,
    /// Bytes the state holds (kept by the allocator, `metered.rs`).
    pub(super) in_use: AtomicUsize,
    /// Bytes of the longest live string (kept by the allocator).
    pub(super) longest_string: AtomicUsize,
    /// Bytes the host holds for the bot outside Lua's allocator (the
    /// buffers `pattern.rs` builds results in): they count against the
    /// memory limit together with what Lua holds.
    pub(super) host_bytes: AtomicUsize,
    /// Whether the allocator refused memory to this call because its
    /// budget was spent (so a memory error is the budget's doing).
    refused: AtomicBool,
    /// Steps charged quietly since [`Meter::charge_quiet`] last looked at
    /// the clock.
    quiet_steps: AtomicU64,
}

impl Meter {
    pub(crate) fn new() -> Arc<Meter> {
        Arc::new(Meter {
            remaining: AtomicI64::new(i64::MAX),
            armed: AtomicI32::new(0),
            current: AtomicPtr::new(std::ptr::null_mut()),
            window: AtomicU32::new(WINDOW),
            count: ThreadCount::find().ok(),
            state: AtomicU8::new(RUNNING),
            deadline: AtomicU64::new(u64::MAX),
            hard_deadline: AtomicU64::new(u64::MAX),
            limit_ns: AtomicU64::new(u64::MAX),
            cpu_start: AtomicU64::new(UNREAD),
            started: AtomicU64::new(0),
            cpu_clock: AtomicI64::new(NO_CLOCK),
            epoch: Instant::now(),
            last_look: AtomicU64::new(0),
            heartbeat: AtomicU64::new(0),
            location: Mutex::new(None),
            memory_limit: AtomicU64::new(u64::MAX),
            main: AtomicPtr::new(std::ptr::null_mut()),
            in_use: AtomicUsize::new(0),
            longest_string: AtomicUsize::new(0),
            host_bytes: AtomicUsize::new(0),
            refused: AtomicBool::new(false),
            quiet_steps: AtomicU64::new(0),
        })
    }

    /// Installs the counting hook on `lua` (its main thread, and every
    /// coroutine created from it later). Fails if this build's Lua does not
    /// let the meter read a thread's countdown (see `thread_count.rs`).
    pub(crate) fn install(self: &Arc<Self>, lua: &Lua) -> mlua::Result<()> {
        if let Err(why) = ThreadCount::find() {
            return Err(mlua::Error::runtime(format!(
                "the instruction meter cannot work with this build of Lua: {why}"
            )));
        }
        // The state owns a handle, so the pointer in its registry stays valid
        // for as long as its hook may run.
        lua.set_app_data(MeterHandle(Arc::clone(self)));
        let ptr = Arc::as_ptr(self).cast_mut().cast::<c_void>();
        // SAFETY: `exec_raw` runs the closure in a protected call on the
        // main thread (nothing runs yet); the calls below only touch that
        // thread's hook and the registry.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_pushlightuserdata(state, ptr);
                ffi::lua_rawsetp(state, ffi::LUA_REGISTRYINDEX, meter_key());
                self.main.store(state, Relaxed);
                self.current.store(state, Relaxed);
                set_hook(state, WINDOW);
                self.arm(state);
            })?;
        }
        Ok(())
    }

    /// [`Meter::start_at`] now, in the form the tests of the host
    /// functions use.
    #[cfg(test)]
    pub(crate) fn start(
        self: &Arc<Self>,
        _lua: &Lua,
        instructions: u64,
        wall: Duration,
    ) -> mlua::Result<()> {
        self.start_at(instructions, wall, Instant::now());
        Ok(())
    }

    /// [`Meter::start_at`] for a load: the same budget and processor time,
    /// the wall-clock safety net [`load_hard_limit`].
    pub(crate) fn start_load_at(self: &Arc<Self>, instructions: u64, wall: Duration, now: Instant) {
        self.start_with(instructions, wall, load_hard_limit(wall), now);
    }

    /// Starts a call at `now`: a fresh budget and deadline, on the main
    /// thread.
    pub(crate) fn start_at(self: &Arc<Self>, instructions: u64, wall: Duration, now: Instant) {
        self.start_with(instructions, wall, hard_limit(wall), now);
    }

    /// Starts a call with `instructions`, `wall` of processor time and the
    /// wall-clock safety net `hard`.
    fn start_with(
        self: &Arc<Self>,
        instructions: u64,
        wall: Duration,
        hard: Duration,
        now: Instant,
    ) {
        self.remaining
            .store(i64::try_from(instructions).unwrap_or(i64::MAX), Relaxed);
        self.refused.store(false, Relaxed);
        if self.state.swap(RUNNING, Relaxed) != RUNNING
            && let Ok(mut l) = self.location.lock()
        {
            *l = None;
        }
        let since = now.saturating_duration_since(self.epoch);
        let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.deadline
            .store(nanos(since.saturating_add(wall)), Relaxed);
        self.hard_deadline
            .store(nanos(since.saturating_add(hard)), Relaxed);
        self.limit_ns.store(nanos(wall), Relaxed);
        self.cpu_start.store(UNREAD, Relaxed);
        self.started.store(nanos(since), Relaxed);
        self.cpu_clock.store(this_thread_clock(), Relaxed);
        self.last_look
            .store(u64::try_from(since.as_nanos()).unwrap_or(u64::MAX), Relaxed);
        self.window.store(self.step_cap(), Relaxed);
        let main = self.main.load(Relaxed);
        if !main.is_null() {
            self.current.store(main, Relaxed);
            // SAFETY: `main` is the main thread of this meter's state (set by
            // `install`), alive as long as the state is. A stopped call left
            // its hook firing on every instruction: give it its period back
            // (`lua_sethook` may be called at any time).
            unsafe {
                if ffi::lua_gethookcount(main) != WINDOW as c_int {
                    set_hook(main, WINDOW);
                }
                self.arm(main);
            }
        }
        // String comparisons in C are charged to the call now running.
        metered::set_current(Some(self));
    }

    /// Records the state's memory limit (for [`Meter::memory_room`]).
    pub(crate) fn set_memory_limit(&self, bytes: u64) {
        self.memory_limit.store(bytes, Relaxed);
    }

    /// Bytes the state may still allocate: host functions that build data
    /// outside Lua's allocator keep within it (what host buffers already
    /// hold is taken off).
    pub(crate) fn memory_room(&self, lua: &Lua) -> usize {
        let limit = usize::try_from(self.memory_limit.load(Relaxed)).unwrap_or(usize::MAX);
        limit
            .saturating_sub(lua.used_memory())
            .saturating_sub(self.host_bytes.load(Relaxed))
    }

    /// The state's memory limit in bytes.
    pub(super) fn memory_limit(&self) -> usize {
        usize::try_from(self.memory_limit.load(Relaxed)).unwrap_or(usize::MAX)
    }

    /// How the current call was stopped, if it was; a budget spent by
    /// [`Meter::charge_quiet`] counts even before the hook finds it.
    pub(crate) fn tripped(&self) -> Option<Interrupt> {
        self.settle();
        self.marked()
            .or_else(|| (self.remaining.load(Relaxed) < 0).then_some(Interrupt::Budget))
    }

    /// How the current call was stopped, if a stop was recorded (by the
    /// hook or by [`Meter::charge`]).
    pub(crate) fn marked(&self) -> Option<Interrupt> {
        match self.state.load(Relaxed) {
            BUDGET => Some(Interrupt::Budget),
            TIMEOUT => Some(Interrupt::Timeout),
            _ => None,
        }
    }

    /// Whether the current call is doomed (stopped, or its budget spent):
    /// expensive work should short-circuit.
    pub(crate) fn over(&self) -> bool {
        self.state.load(Relaxed) != RUNNING || self.remaining.load(Relaxed) < 0
    }

    /// Notes that the allocator refused memory because the budget is spent.
    pub(crate) fn refused_for_budget(&self) {
        self.refused.store(true, Relaxed);
    }

    /// Whether a memory error of this call came from a spent budget.
    pub(crate) fn refused(&self) -> bool {
        self.refused.load(Relaxed)
    }

    /// Where the bot was when the call was stopped.
    pub(crate) fn location(&self) -> Option<String> {
        self.location.lock().ok().and_then(|l| l.clone())
    }

    /// Instructions left in the current call, exactly (negative once
    /// overspent).
    pub(crate) fn remaining(&self) -> i64 {
        self.settle();
        self.remaining.load(Relaxed)
    }

    fn now_ns(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// See the field: it changes whenever the bot's code makes progress
    /// the meter sees.
    pub(crate) fn heartbeat(&self) -> u64 {
        self.heartbeat.load(Relaxed)
    }

    /// The processor time the thread running the bot has used, read from
    /// any thread; `None` where it cannot be read.
    pub(crate) fn runner_cpu(&self) -> Option<Duration> {
        runner_cpu(self.cpu_clock.load(Relaxed))
    }

    /// The processor time the running call has used so far.
    pub(crate) fn processor_time(&self) -> Duration {
        let now = self.now_ns();
        Duration::from_nanos(thread_cpu_ns().saturating_sub(self.cpu_start_at(now)))
    }

    /// The thread's processor time when the call started. The first time
    /// it is asked (by the hook once the call has run for
    /// [`CPU_READ_AFTER_NS`], or when the limit is reached), it is taken
    /// as the processor time now less all the time since the call started:
    /// as if the call had had the processor all along, which can only make
    /// it look longer, by what it waited in that first stretch.
    fn cpu_start_at(&self, now: u64) -> u64 {
        let known = self.cpu_start.load(Relaxed);
        if known != UNREAD {
            return known;
        }
        let since = now.saturating_sub(self.started.load(Relaxed));
        let estimate = thread_cpu_ns().saturating_sub(since);
        self.cpu_start.store(estimate, Relaxed);
        estimate
    }

    /// Whether the running call has used up its time at `now`. The limit
    /// counts the processor time of the bot's thread, so that a busy
    /// machine, which slows every bot alike, does not push a bot past it;
    /// the wall clock is looked at first (reading it costs nothing), and the
    /// processor time only once the wall clock is past the limit. Past
    /// [`hard_limit`] by the wall clock the call stops whatever it used.
    fn out_of_time(&self, now: u64) -> bool {
        if now <= self.deadline.load(Relaxed) {
            return false;
        }
        if now > self.hard_deadline.load(Relaxed) {
            return true;
        }
        let used = thread_cpu_ns().saturating_sub(self.cpu_start_at(now));
        let limit = self.limit_ns.load(Relaxed);
        if used > limit {
            return true;
        }
        // Not yet by the processor: look again when it could be.
        self.deadline
            .store(now.saturating_add(limit - used), Relaxed);
        false
    }

    /// The processor time of a call that took `elapsed` by the wall clock
    /// (for a call too short to have read the processor's clock, the wall
    /// clock's time, which can only be longer).
    pub(crate) fn call_time(&self, elapsed: Duration) -> Duration {
        if elapsed.as_nanos() <= u128::from(CPU_READ_AFTER_NS) {
            return elapsed;
        }
        self.processor_time().min(elapsed)
    }

    /// Whether a call that took `elapsed` by the wall clock went past its
    /// limit `wall` (by the same measure as [`Meter::out_of_time`], whose
    /// wall-clock safety net is `hard`).
    pub(crate) fn overran(&self, elapsed: Duration, wall: Duration, hard: Duration) -> bool {
        elapsed > hard || (elapsed > wall && self.processor_time() > wall)
    }

    fn past_deadline(&self) -> bool {
        self.out_of_time(self.now_ns())
    }

    /// Marks the call as stopped and remembers where.
    fn mark(&self, kind: Interrupt, here: Option<String>) {
        let code = match kind {
            Interrupt::Budget => BUDGET,
            Interrupt::Timeout => TIMEOUT,
        };
        self.state.store(code, Relaxed);
        if let Ok(mut l) = self.location.lock() {
            *l = here;
        }
    }

    /// Charges the running thread's instructions since the meter last set
    /// or read its countdown.
    fn settle(&self) {
        let current = self.current.load(Relaxed);
        let Some(count) = self.count else { return };
        if current.is_null() {
            return;
        }
        // SAFETY: `current` is the running thread (or the main thread
        // between calls), alive while it runs; see `Meter::enter`.
        let left = unsafe { count.get(current) };
        let armed = self.armed.swap(left, Relaxed);
        let ran = i64::from(armed.saturating_sub(left).max(0));
        self.remaining.fetch_sub(ran, Relaxed);
    }

    /// Gives `state`, now the running thread, a new window: as long as the
    /// clock allows, no longer than the budget left (so the hook fires at
    /// the exact instruction where it runs out), one instruction once the
    /// call is stopped or its budget spent.
    ///
    /// # Safety
    /// `state` must be a live thread of this meter's state, with the count
    /// hook set.
    unsafe fn arm(&self, state: *mut ffi::lua_State) {
        let Some(count) = self.count else { return };
        let left = self.remaining.load(Relaxed);
        let window = if self.state.load(Relaxed) != RUNNING {
            1
        } else {
            left.clamp(1, i64::from(self.window.load(Relaxed).max(1)))
        };
        let window = c_int::try_from(window).unwrap_or(1);
        // SAFETY: as the caller promises.
        unsafe { count.set(state, window) };
        self.armed.store(window, Relaxed);
    }

    /// The running thread hands the VM to the coroutine `to` (it resumes
    /// or closes it): the instructions of the thread leaving are charged,
    /// and `to` runs in a window of its own.
    ///
    /// # Safety
    /// `to` must be a live thread of this meter's state, kept alive until
    /// [`Meter::leave`] hands the VM back.
    pub(crate) unsafe fn enter(&self, to: *mut ffi::lua_State) {
        self.heartbeat.fetch_add(1, Relaxed);
        self.settle();
        self.current.store(to, Relaxed);
        // SAFETY: as the caller promises. A thread made before the hook was
        // installed, or by a stopped call, gets the hook and its period.
        unsafe {
            if ffi::lua_gethookmask(to) & ffi::LUA_MASKCOUNT == 0
                || ffi::lua_gethookcount(to) != WINDOW as c_int
            {
                set_hook(to, WINDOW);
            }
            self.arm(to);
        }
    }

    /// The coroutine running hands the VM back to `back` (it yielded,
    /// returned, failed or was closed): its instructions are charged, and
    /// `back` goes on in a new window (of one instruction, if the call was
    /// stopped meanwhile).
    ///
    /// # Safety
    /// `back` must be the thread that called [`Meter::enter`].
    pub(crate) unsafe fn leave(&self, back: *mut ffi::lua_State) {
        self.settle();
        self.current.store(back, Relaxed);
        // SAFETY: as the caller promises.
        unsafe { self.arm(back) };
    }

    /// Forgets the state this meter counts, which is about to close: the
    /// meter may outlive it (the thread's current meter, see `metered.rs`),
    /// and work that Lua code of another state on this thread reports must
    /// not reach the closed state's threads through it.
    pub(crate) fn detach(self: &Arc<Self>) {
        self.main.store(std::ptr::null_mut(), Relaxed);
        self.current.store(std::ptr::null_mut(), Relaxed);
        metered::forget(self);
    }

    /// Makes the hook of `state` fire on every instruction (the call is
    /// stopped; nothing it runs from now on is charged).
    ///
    /// # Safety
    /// `state` must be a valid thread of this meter's state.
    unsafe fn stop_thread(&self, state: *mut ffi::lua_State) {
        // SAFETY: as the caller promises.
        unsafe { set_hook(state, 1) };
        if state == self.current.load(Relaxed) {
            self.armed.store(1, Relaxed);
        }
    }

    /// Charges `steps` units of host work to the budget (called from host
    /// functions); also checks the clock. An error stops the call.
    pub(crate) fn charge(self: &Arc<Self>, lua: &Lua, steps: u64) -> mlua::Result<()> {
        if let Some(kind) = self.marked() {
            return Err(mlua::Error::external(kind));
        }
        self.heartbeat.fetch_add(1, Relaxed);
        self.settle();
        let steps = i64::try_from(steps).unwrap_or(i64::MAX);
        let left = self
            .remaining
            .fetch_sub(steps, Relaxed)
            .saturating_sub(steps);
        let kind = if left <= 0 && steps > 0 {
            Interrupt::Budget
        } else if self.past_deadline() {
            Interrupt::Timeout
        } else {
            // The window must not reach past the budget left now.
            let current = self.current.load(Relaxed);
            if !current.is_null() {
                // SAFETY: the running thread.
                unsafe { self.arm(current) };
            }
            return Ok(());
        };
        self.mark(kind, bot_location(lua));
        // If re-arming fails the hook still raises the error at its next
        // firing, and at every firing after that: slower, still bounded.
        // SAFETY: as in `install`, on the thread running the host function.
        let _ = unsafe { lua.exec_raw::<()>((), |state| self.stop_thread(state)) };
        Err(mlua::Error::external(kind))
    }

    /// Charges work seen where no Lua state is at hand (the allocator, the
    /// string comparison, the work of one VM instruction): it lowers the
    /// budget, and the running window ends where the budget does, so the
    /// call stops at the next instruction once it is spent.
    ///
    /// Such work can be long inside one instruction (a comparison that
    /// calls `strcoll` millions of times) while the hook only looks at the
    /// clock between instructions, so every [`WINDOW`] steps charged here
    /// look at the clock too: past its time the call is marked stopped, and
    /// the work that asks [`Meter::over`] ends at once.
    pub(crate) fn charge_quiet(&self, steps: u64) {
        // At most 2^40 at a time, so that the count cannot wrap around.
        let steps = steps.min(1 << 40);
        let since_look = self.quiet_steps.fetch_add(steps, Relaxed) + steps;
        if since_look >= u64::from(WINDOW) {
            self.quiet_steps.store(0, Relaxed);
            if self.state.load(Relaxed) == RUNNING && self.out_of_time(self.now_ns()) {
                self.mark(Interrupt::Timeout, None);
            }
        }
        let steps = i64::try_from(steps).unwrap_or(0);
        self.settle();
        self.remaining.fetch_sub(steps, Relaxed);
        let current = self.current.load(Relaxed);
        if !current.is_null() && self.state.load(Relaxed) == RUNNING {
            // SAFETY: the running thread (see `settle`).
            unsafe { self.arm(current) };
        }
    }

    /// The coarsest hook step for the state as it is now: one instruction
    /// may scan the longest live string, and near the memory limit each
    /// refused allocation runs a full collection; a window of such
    /// instructions must not keep the hook from the clock for long.
    fn step_cap(&self) -> u32 {
        let longest = self.longest_string.load(Relaxed) as u64;
        let in_use = self.in_use.load(Relaxed) as u64;
        let limit = self.memory_limit.load(Relaxed);
        // A full collection costs well under a nanosecond per byte held.
        let gc_ns = if in_use > limit / 4 * 3 {
            in_use / 2
        } else {
            0
        };
        let worst_ns = longest.saturating_mul(STRING_NS_PER_BYTE).max(gc_ns);
        let fits = CLOCK_EVERY_NS.checked_div(worst_ns).unwrap_or(u64::MAX);
        u32::try_from(fits.clamp(1, u64::from(WINDOW))).unwrap_or(WINDOW)
    }
}

/// The longest a call may run by the wall clock, however little processor
/// time it gets: twice its limit, and two seconds more.
/// The wall-clock safety net of a load with the processor-time limit
/// `wall`: [`BotLimits::LOAD_WALL_CLOCK`](crate::setup::BotLimits::LOAD_WALL_CLOCK)
/// at least.
pub(crate) fn load_hard_limit(wall: Duration) -> Duration {
    hard_limit(wall).max(crate::setup::BotLimits::LOAD_WALL_CLOCK)
}

pub(crate) fn hard_limit(wall: Duration) -> Duration {
    wall.saturating_mul(2)
        .saturating_add(Duration::from_secs(2))
}

/// The processor time of the calling thread, in nanoseconds.
#[cfg(unix)]
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid output buffer.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return 0;
    }
    u64::try_from(ts.tv_sec)
        .unwrap_or(0)
        .saturating_mul(1_000_000_000)
        .saturating_add(u64::try_from(ts.tv_nsec).unwrap_or(0))
}

/// No processor clock (see `Meter::cpu_clock`).
const NO_CLOCK: i64 = i64::MIN;

/// The processor clock of the calling thread, as a number.
#[cfg(unix)]
fn this_thread_clock() -> i64 {
    let mut id: libc::clockid_t = 0;
    // SAFETY: `id` is a valid output; the calling thread exists.
    if unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) } != 0 {
        return NO_CLOCK;
    }
    i64::from(id)
}

/// The time on the processor clock `clock` (of [`this_thread_clock`]).
#[cfg(unix)]
fn runner_cpu(clock: i64) -> Option<Duration> {
    let id = libc::clockid_t::try_from(clock).ok()?;
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid output buffer; a clock of a thread that has
    // ended gives an error, not a crash.
    if unsafe { libc::clock_gettime(id, &mut ts) } != 0 {
        return None;
    }
    let secs = u64::try_from(ts.tv_sec).ok()?;
    let nanos = u32::try_from(ts.tv_nsec).ok()?;
    Some(Duration::new(secs, nanos))
}

#[cfg(not(unix))]
fn this_thread_clock() -> i64 {
    NO_CLOCK
}

#[cfg(not(unix))]
fn runner_cpu(_: i64) -> Option<Duration> {
    None
}

/// Elsewhere, the wall clock stands in for it.
#[cfg(not(unix))]
fn thread_cpu_ns() -> u64 {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    u64::try_from(EPOCH.get_or_init(Instant::now).elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// The longest next window for a thread whose last window of `ran`
/// instructions took `elapsed_ns`, within `cap`: long enough that the hook
/// costs nothing to ordinary code, short enough to look at the clock about
/// every [`CLOCK_EVERY_NS`].
fn next_window(ran: u32, elapsed_ns: u64, cap: u32) -> u32 {
    let per_instruction = elapsed_ns / u64::from(ran.max(1));
    let fits = (CLOCK_EVERY_NS / 2)
        .checked_div(per_instruction)
        .unwrap_or(u64::MAX);
    u32::try_from(fits.min(u64::from(cap)))
        .unwrap_or(cap)
        .clamp(1, cap.max(1))
}

/// Sets the counting hook on one thread, firing every `every` instructions.
///
/// # Safety
/// `state` must be a valid Lua state.
unsafe fn set_hook(state: *mut ffi::lua_State, every: u32) {
    let every = c_int::try_from(every).unwrap_or(c_int::MAX);
    // SAFETY: the caller passes a valid state.
    unsafe { ffi::lua_sethook(state, Some(count_hook), ffi::LUA_MASKCOUNT, every) };
}

/// The meter of the state `state` belongs to, if it has one.
///
/// # Safety
/// `state` must be a valid Lua state.
pub(crate) unsafe fn meter_of<'a>(state: *mut ffi::lua_State) -> Option<&'a Meter> {
    // SAFETY: reading a light userdata from the registry; the value was put
    // there by `Meter::install`, and the state's app data keeps it alive.
    unsafe {
        ffi::lua_rawgetp(state, ffi::LUA_REGISTRYINDEX, meter_key());
        let p = ffi::lua_touserdata(state, -1).cast::<Meter>().cast_const();
        ffi::lua_settop(state, -2);
        p.as_ref()
    }
}

/// The count hook.
///
/// Everything that needs cleaning up (locks, strings) is done inside
/// [`hook_decision`]; when the call must stop, this frame holds nothing but
/// plain values when `lua_error` jumps out of it.
unsafe extern "C-unwind" fn count_hook(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) {
    // SAFETY: Lua calls the hook with a valid state and debug record.
    let stop = unsafe { hook_decision(state, ar) };
    if let Some(kind) = stop {
        // SAFETY: raising an error from a count hook is what Lua's own
        // interpreter does (for Ctrl-C); the error unwinds to the nearest
        // protected call.
        unsafe {
            ffi::lua_pushstring(state, kind.message().as_ptr());
            ffi::lua_error(state);
        }
    }
}

/// Charges the window that ran out, checks the clock, sizes the next
/// window, and says whether to stop (then the thread's hook is already set
/// to fire on every instruction).
///
/// # Safety
/// `state` and `ar` must be what Lua passed to the hook.
unsafe fn hook_decision(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) -> Option<Interrupt> {
    // SAFETY: valid state.
    let meter = unsafe { meter_of(state) }?;
    meter.heartbeat.fetch_add(1, Relaxed);
    let stop = |kind: Interrupt, locate: bool| {
        if locate {
            // SAFETY: valid state and debug record of the running function.
            let here = unsafe { raw_location(state, ar) };
            meter.mark(kind, here);
        }
        // SAFETY: valid state.
        unsafe { meter.stop_thread(state) };
        Some(kind)
    };
    if let Some(kind) = meter.marked() {
        // Stopping: raise again at every instruction until all has unwound.
        // SAFETY: valid state.
        if unsafe { ffi::lua_gethookcount(state) } != 1 {
            return stop(kind, false);
        }
        return Some(kind);
    }
    // The countdown reached zero: the whole window ran. (A thread the meter
    // did not hand the VM to cannot run bot code; should one fire anyway,
    // it is charged a whole period and taken as the running one.)
    let ran = if state == meter.current.load(Relaxed) {
        meter.armed.load(Relaxed)
    } else {
        meter.current.store(state, Relaxed);
        // SAFETY: valid state.
        unsafe { ffi::lua_gethookcount(state) }.max(WINDOW as c_int)
    };
    let ran = ran.max(1);
    if meter.remaining.fetch_sub(i64::from(ran), Relaxed) - i64::from(ran) <= 0 {
        return stop(Interrupt::Budget, true);
    }
    let now = meter.now_ns();
    if meter.out_of_time(now) {
        return stop(Interrupt::Timeout, true);
    }
    if now.saturating_sub(meter.started.load(Relaxed)) > CPU_READ_AFTER_NS {
        meter.cpu_start_at(now);
    }
    let elapsed = now.saturating_sub(meter.last_look.swap(now, Relaxed));
    let ran = u32::try_from(ran).unwrap_or(WINDOW);
    meter
        .window
        .store(next_window(ran, elapsed, meter.step_cap()), Relaxed);
    // SAFETY: valid state, the running thread, with the hook set.
    unsafe { meter.arm(state) };
    None
}

/// `file:line` of the innermost frame of the bot's own code, found with the
/// raw debug API (the hook cannot use mlua's).
///
/// # Safety
/// `state` and `ar` must be what Lua passed to the hook.
unsafe fn raw_location(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) -> Option<String> {
    // SAFETY: `ar` describes the running function; "Sl" fills the source
    // and the current line.
    if let Some(here) = unsafe {
        ffi::lua_getinfo(state, c"Sl".as_ptr(), ar);
        frame_text(&*ar)
    } {
        return Some(here);
    }
    for level in 1..64 {
        // SAFETY: a zeroed record is a valid output buffer for lua_getstack.
        let mut frame: ffi::lua_Debug = unsafe { std::mem::zeroed() };
        // SAFETY: valid state; the record is filled before it is read.
        unsafe {
            if ffi::lua_getstack(state, level, &mut frame) == 0 {
                return None;
            }
            ffi::lua_getinfo(state, c"Sl".as_ptr(), &mut frame);
        }
        if let Some(here) = frame_text(&frame) {
            return Some(here);
        }
    }
    None
}

/// `file:line` of a frame filled by `lua_getinfo("Sl")`, unless it is a C
/// function or the host's own code.
fn frame_text(frame: &ffi::lua_Debug) -> Option<String> {
    if frame.source.is_null() || frame.currentline < 0 {
        return None;
    }
    // SAFETY: lua_getinfo set `source` to a NUL-terminated string owned by
    // the function's prototype, alive while the function is on the stack.
    let source = unsafe { CStr::from_ptr(frame.source) };
    if source.to_bytes().starts_with(INTERNAL_CHUNK.as_bytes()) {
        return None;
    }
    // SAFETY: `short_src` is a NUL-terminated buffer inside the record.
    let short = unsafe { CStr::from_ptr(frame.short_src.as_ptr()) };
    Some(format!("{}:{}", short.to_string_lossy(), frame.currentline))
}

/// `file:line` of a frame seen through mlua; `None` for the host's own
/// chunks and for C functions.
fn mlua_frame(debug: &mlua::debug::Debug<'_>) -> Option<String> {
    let source = debug.source();
    let internal = source
        .source
        .as_deref()
        .is_some_and(|s| s.starts_with(INTERNAL_CHUNK));
    if internal || source.what == "C" {
        return None;
    }
    let src = source.short_src?;
    let line = debug.current_line()?;
    Some(format!("{src}:{line}"))
}

/// The innermost frame of the bot's own code on the current stack, as
/// `file:line` (host chunks are skipped).
pub(crate) fn bot_location(lua: &Lua) -> Option<String> {
    for level in 0..64 {
        let found = lua.inspect_stack(level, mlua_frame)?;
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_follow_the_speed_of_instructions() {
        // Normal code (a few ns an instruction): the longest window.
        assert_eq!(next_window(WINDOW, 20_000, WINDOW), WINDOW);
        // Slow code: shorter in proportion, never below one.
        assert_eq!(next_window(WINDOW, 1000 * CLOCK_EVERY_NS, WINDOW), 1);
        assert_eq!(next_window(10, 2 * CLOCK_EVERY_NS, WINDOW), 2);
        assert_eq!(next_window(1, u64::MAX, WINDOW), 1);
        // Fast again: back to the longest.
        assert_eq!(next_window(1, 50, WINDOW), WINDOW);
        // The cap wins.
        assert_eq!(next_window(100, 1_000, 10), 10);
    }

    #[test]
    fn a_load_is_stopped_by_the_wall_clock_only_much_later_than_a_call() {
        let wall = Duration::from_millis(10);
        let later =
            |meter: &Meter, by: Duration| meter.now_ns() + u64::try_from(by.as_nanos()).unwrap();
        // Five seconds by the wall clock, next to no processor time: a busy
        // machine. A call is past its safety net; a load is not.
        let call = Meter::new();
        call.start_at(1_000_000, wall, Instant::now());
        assert!(call.out_of_time(later(&call, Duration::from_secs(5))));
        let load = Meter::new();
        load.start_load_at(1_000_000, wall, Instant::now());
        assert!(!load.out_of_time(later(&load, Duration::from_secs(5))));
        assert!(load.out_of_time(later(&load, Duration::from_secs(31))));
        // The same rule for a call that came back late.
        let took = Duration::from_secs(5);
        assert!(call.overran(took, wall, hard_limit(wall)));
        assert!(!load.overran(took, wall, load_hard_limit(wall)));
    }

    #[test]
    fn long_strings_and_full_states_cap_the_window() {
        let meter = Meter::new();
        meter.set_memory_limit(32 << 20);
        assert_eq!(meter.step_cap(), WINDOW);
        meter.longest_string.store(1 << 20, Relaxed);
        assert_eq!(meter.step_cap(), 9);
        meter.longest_string.store(64 << 10, Relaxed);
        assert_eq!(meter.step_cap(), 152);
        meter.longest_string.store(0, Relaxed);
        meter.in_use.store(31 << 20, Relaxed);
        assert_eq!(meter.step_cap(), 1);
        meter.in_use.store(8 << 20, Relaxed);
        assert_eq!(meter.step_cap(), WINDOW);
    }
}

#[cfg(all(test, unix))]
mod cpu_tests {
    use super::*;

    #[test]
    fn the_runner_clock_is_read_from_another_thread() {
        let meter = Meter::new();
        meter.start_at(1, Duration::from_secs(1), Instant::now());
        let start = Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(50) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let m = Arc::clone(&meter);
        let seen = std::thread::spawn(move || m.runner_cpu())
            .join()
            .expect("joined");
        let seen = seen.expect("readable");
        assert!(seen >= Duration::from_millis(20), "{seen:?}");
    }
}
