//! The instruction budget and the wall-clock limit of one bot state.
//!
//! A count hook charges the budget and looks at the clock; coroutines the
//! bot creates inherit it. Once the budget or the time is spent the call is
//! *tripped*: the hook is re-armed to fire on every instruction and raises
//! the error each time, so a bot that catches it (`pcall`,
//! `coroutine.resume`, `load` with a reader...) is stopped again at its very
//! next instruction and every level unwinds at once.
//!
//! **Deterministic budget, adaptive clock.** Each thread's instructions are
//! counted in blocks of [`BotLimits::HOOK_STEP`], and the budget is charged
//! (and can run out) only when a thread completes a block, so where a call
//! is stopped for its budget depends on nothing but the bot's code and
//! input, and the penalty message (which says where) is the same in every
//! run. How often the hook fires inside a block is free, so it fires more
//! often when instructions are expensive, to look at the clock at least
//! every [`CLOCK_EVERY_NS`] or so:
//! - when the last interval between two firings took longer than that (a
//!   step of 1000 instructions is normally a few microseconds), the step
//!   shrinks in proportion; when intervals are short again it grows back
//!   at the next block boundary (changing the step walks the thread's whole
//!   call stack, so it is done rarely);
//! - some single instructions do work proportional to a string's length
//!   that nothing can charge: `for i = 1, s` converts a numeric string in
//!   the VM, `a == b` compares two equal long strings with `memcmp`, every
//!   library function taking a number converts one. A loop of those could
//!   run for seconds before the first firing, so the step is also capped
//!   from the start by the longest live string (the allocator keeps track
//!   of it, see `metered.rs`) and, when the state is near its memory limit
//!   (where each refused allocation costs a full emergency collection), by
//!   the memory in use.
//!
//! A thread's position in its block is kept in the thread's `extra space`
//! (`lua_getextraspace`; the main thread's in the meter, since new threads
//! start with a copy of the main thread's extra space, which therefore
//! always says "fresh").
//!
//! Host functions that do work invisible to the hook (pattern matching, bulk
//! table moves) charge the same budget through [`Meter::charge`], which
//! stops the call at once. Work done inside Lua's C code, where there is no
//! `lua_State` at hand (allocations, string comparisons), is charged through
//! [`Meter::charge_quiet`]: it only lowers the budget, which the next block
//! boundary (or the next [`Meter::charge`]) then finds spent. Until then
//! everything expensive short-circuits ([`Meter::over`]): large allocations
//! are refused, string comparisons answer at once.
//!
//! The hook is a plain C hook rather than mlua's: when an mlua hook raises
//! an error it first truncates the running Lua frame (`lua_settop(L, 1)`),
//! which runs that frame's to-be-closed variables (`local x <close>`, the
//! fourth value of a generic `for`) while hooks are disabled, so a looping
//! `__close` would never be stopped. This hook raises the error the way
//! Lua's own interpreter does, and the `__close` methods then run during
//! the unwinding with the hook active.

use super::metered;
use crate::setup::BotLimits;
use mlua::{Lua, ffi};
use std::ffi::{CStr, c_int, c_void};
use std::sync::atomic::{
    AtomicBool, AtomicI64, AtomicPtr, AtomicU8, AtomicU32, AtomicU64, AtomicUsize,
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
    fn message(self) -> &'static CStr {
        match self {
            Interrupt::Budget => c"instruction budget exhausted",
            Interrupt::Timeout => c"wall-clock limit exceeded",
        }
    }
}

const RUNNING: u8 = 0;
const BUDGET: u8 = 1;
const TIMEOUT: u8 = 2;

/// Instructions of one thread per block: the budget is charged a block at
/// a time. Steps of the hook are this divided by powers of ten.
const BLOCK: u32 = BotLimits::HOOK_STEP;

const fn power_of_ten(mut n: u32) -> bool {
    while n >= 10 && n.is_multiple_of(10) {
        n /= 10;
    }
    n == 1
}
const _: () = assert!(power_of_ten(BLOCK), "HOOK_STEP must be a power of ten");

/// How long the hook may go without looking at the clock, about: the
/// wall-clock limit is enforced to within this (plus one instruction).
pub(crate) const CLOCK_EVERY_NS: u64 = 10_000_000;

/// What one instruction may cost per byte of the longest live string (a
/// byte-at-a-time scan, e.g. converting a numeric string), in nanoseconds.
const STRING_NS_PER_BYTE: u64 = 1;

/// The extra-space value of a thread whose block count is not kept there
/// (a new thread, or the main thread).
const FRESH: usize = usize::MAX;

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
    remaining: AtomicI64,
    state: AtomicU8,
    /// Nanoseconds after `epoch` when the call must stop.
    deadline: AtomicU64,
    epoch: Instant,
    /// When the hook last looked at the clock (nanoseconds after `epoch`).
    last_look: AtomicU64,
    /// Where the bot was when the call tripped.
    location: Mutex<Option<String>>,
    /// The state's memory limit in bytes.
    memory_limit: AtomicU64,
    /// The state's main thread (where the host calls the bot).
    main: AtomicPtr<ffi::lua_State>,
    /// Instructions the main thread has run in its current block.
    main_done: AtomicU32,
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
}

impl Meter {
    pub(crate) fn new() -> Arc<Meter> {
        Arc::new(Meter {
            remaining: AtomicI64::new(i64::MAX),
            state: AtomicU8::new(RUNNING),
            deadline: AtomicU64::new(u64::MAX),
            epoch: Instant::now(),
            last_look: AtomicU64::new(0),
            location: Mutex::new(None),
            memory_limit: AtomicU64::new(u64::MAX),
            main: AtomicPtr::new(std::ptr::null_mut()),
            main_done: AtomicU32::new(0),
            in_use: AtomicUsize::new(0),
            longest_string: AtomicUsize::new(0),
            host_bytes: AtomicUsize::new(0),
            refused: AtomicBool::new(false),
        })
    }

    /// Installs the counting hook on `lua` (its main thread, and every
    /// coroutine created from it later).
    pub(crate) fn install(self: &Arc<Self>, lua: &Lua) -> mlua::Result<()> {
        // The state owns a handle, so the pointer in its registry stays valid
        // for as long as its hook may run.
        lua.set_app_data(MeterHandle(Arc::clone(self)));
        let ptr = Arc::as_ptr(self).cast_mut().cast::<c_void>();
        // SAFETY: `exec_raw` runs the closure in a protected call on the
        // main thread (nothing runs yet); the calls below only touch that
        // thread's stack, its extra space and the registry.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_pushlightuserdata(state, ptr);
                ffi::lua_rawsetp(state, ffi::LUA_REGISTRYINDEX, meter_key());
                ffi::lua_getextraspace(state)
                    .cast::<usize>()
                    .write_unaligned(FRESH);
                self.main.store(state, Relaxed);
                self.restart_thread(state, BLOCK);
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

    /// Starts a call at `now`: a fresh budget and deadline.
    pub(crate) fn start_at(self: &Arc<Self>, instructions: u64, wall: Duration, now: Instant) {
        self.remaining
            .store(i64::try_from(instructions).unwrap_or(i64::MAX), Relaxed);
        self.refused.store(false, Relaxed);
        if self.state.swap(RUNNING, Relaxed) != RUNNING
            && let Ok(mut l) = self.location.lock()
        {
            *l = None;
        }
        let since = now.saturating_duration_since(self.epoch);
        let deadline = since.saturating_add(wall);
        self.deadline.store(
            u64::try_from(deadline.as_nanos()).unwrap_or(u64::MAX),
            Relaxed,
        );
        self.last_look
            .store(u64::try_from(since.as_nanos()).unwrap_or(u64::MAX), Relaxed);
        // Every call starts a new block on the main thread (so where the
        // budget runs out does not depend on earlier calls), with the hook
        // as frequent as the state's strings require. (`lua_sethook` may be
        // called at any time, even from a signal handler.)
        let main = self.main.load(Relaxed);
        if !main.is_null() {
            // SAFETY: `main` is the main thread of this meter's state (set by
            // `install`), alive as long as the state is.
            unsafe { self.restart_thread(main, self.step_cap()) };
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
    /// [`Meter::charge_quiet`] counts even before a block boundary finds it.
    pub(crate) fn tripped(&self) -> Option<Interrupt> {
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

    /// Instructions left in the current call (negative once overspent).
    pub(crate) fn remaining(&self) -> i64 {
        self.remaining.load(Relaxed)
    }

    fn now_ns(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    fn past_deadline(&self) -> bool {
        self.now_ns() > self.deadline.load(Relaxed)
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

    /// Charges `steps` units of host work to the budget (called from host
    /// functions); also checks the clock. An error stops the call.
    pub(crate) fn charge(self: &Arc<Self>, lua: &Lua, steps: u64) -> mlua::Result<()> {
        if let Some(kind) = self.marked() {
            return Err(mlua::Error::external(kind));
        }
        let steps = i64::try_from(steps).unwrap_or(i64::MAX);
        let left = self
            .remaining
            .fetch_sub(steps, Relaxed)
            .saturating_sub(steps);
        let kind = if left < 0 {
            Interrupt::Budget
        } else if self.past_deadline() {
            Interrupt::Timeout
        } else {
            return Ok(());
        };
        self.mark(kind, bot_location(lua));
        // If re-arming fails the hook still raises the error at its next
        // firing, and at every firing after that: slower, still bounded.
        // SAFETY: as in `install`, on the thread running the host function.
        let _ = unsafe { lua.exec_raw::<()>((), |state| self.restart_thread(state, 1)) };
        Err(mlua::Error::external(kind))
    }

    /// Charges work seen where no Lua state is at hand (the allocator, the
    /// string comparison): it only lowers the budget. The next block
    /// boundary, or the next [`Meter::charge`], stops the call if it is
    /// spent, at a point that depends only on the bot's code.
    pub(crate) fn charge_quiet(&self, steps: u64) {
        // At most 2^40 at a time, so that the count cannot wrap around.
        let steps = i64::try_from(steps.min(1 << 40)).unwrap_or(0);
        self.remaining.fetch_sub(steps, Relaxed);
    }

    /// The coarsest hook step for the state as it is now: one instruction
    /// may scan the longest live string, and near the memory limit each
    /// refused allocation runs a full collection; a block of such
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
        let mut step = BLOCK;
        while step > 1 && u64::from(step).saturating_mul(worst_ns) > CLOCK_EVERY_NS {
            step /= 10;
        }
        step
    }

    /// Instructions `state` has run in its current block.
    ///
    /// # Safety
    /// `state` must be a valid thread of this meter's state.
    unsafe fn block_done(&self, state: *mut ffi::lua_State) -> u32 {
        if state == self.main.load(Relaxed) {
            return self.main_done.load(Relaxed);
        }
        // SAFETY: every thread has LUA_EXTRASPACE bytes before it.
        let word = unsafe {
            ffi::lua_getextraspace(state)
                .cast::<usize>()
                .read_unaligned()
        };
        // A new thread carries the main thread's FRESH; anything else out of
        // range (a thread made before the meter was installed) is fresh too.
        u32::try_from(word).ok().filter(|&d| d < BLOCK).unwrap_or(0)
    }

    /// Records how far `state` is in its current block.
    ///
    /// # Safety
    /// As [`Meter::block_done`].
    unsafe fn set_block_done(&self, state: *mut ffi::lua_State, done: u32) {
        if state == self.main.load(Relaxed) {
            self.main_done.store(done, Relaxed);
        } else {
            // SAFETY: as in `block_done`.
            unsafe {
                ffi::lua_getextraspace(state)
                    .cast::<usize>()
                    .write_unaligned(done as usize);
            }
        }
    }

    /// Starts a new block on `state`, with the hook firing every `step`
    /// instructions.
    ///
    /// # Safety
    /// As [`Meter::block_done`].
    unsafe fn restart_thread(&self, state: *mut ffi::lua_State, step: u32) {
        // SAFETY: the caller passes a valid thread.
        unsafe {
            set_hook(state, step);
            self.set_block_done(state, 0);
        }
    }
}

/// The next hook step of a thread that fires every `step` instructions, is
/// `done` instructions into its block, took `elapsed_ns` since the hook
/// last looked at the clock, and may not exceed `cap`. Steps divide the
/// block, so block boundaries stay where they are.
///
/// Changing the step costs time in proportion to the depth of the thread's
/// call stack (`lua_sethook` marks every frame), so it changes rarely: finer
/// only when the clock was not looked at for [`CLOCK_EVERY_NS`], coarser only
/// at a block boundary.
fn next_step(step: u32, done: u32, elapsed_ns: u64, cap: u32) -> u32 {
    // What one instruction took, about.
    let per_instruction = elapsed_ns / u64::from(step.max(1));
    let fitting = |budget_ns: u64, from: u32| {
        let mut s = from;
        while s > 1 && u64::from(s).saturating_mul(per_instruction) > budget_ns {
            s /= 10;
        }
        s
    };
    let next = if elapsed_ns > CLOCK_EVERY_NS {
        fitting(CLOCK_EVERY_NS, step)
    } else if done == 0 && step < cap {
        fitting(CLOCK_EVERY_NS / 4, cap).max(step)
    } else {
        step
    };
    next.min(cap).max(1)
}

/// Sets the counting hook on one thread.
///
/// # Safety
/// `state` must be a valid Lua state.
unsafe fn set_hook(state: *mut ffi::lua_State, every: u32) {
    let every = c_int::try_from(every).unwrap_or(c_int::MAX);
    // SAFETY: the caller passes a valid state.
    unsafe { ffi::lua_sethook(state, Some(count_hook), ffi::LUA_MASKCOUNT, every) };
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

/// Counts, checks the clock, adapts the step, and says whether to stop
/// (then the thread's hook is already set to fire on every instruction).
///
/// # Safety
/// `state` and `ar` must be what Lua passed to the hook.
unsafe fn hook_decision(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) -> Option<Interrupt> {
    // SAFETY: reading a light userdata from the registry; the value was put
    // there by `Meter::install`, and the state's app data keeps it alive.
    let meter = unsafe {
        ffi::lua_rawgetp(state, ffi::LUA_REGISTRYINDEX, meter_key());
        let p = ffi::lua_touserdata(state, -1).cast::<Meter>().cast_const();
        ffi::lua_settop(state, -2);
        p.as_ref()?
    };
    // SAFETY: valid state.
    let step = u32::try_from(unsafe { ffi::lua_gethookcount(state) })
        .unwrap_or(1)
        .max(1);
    let stop = |kind: Interrupt, locate: bool| {
        if locate {
            // SAFETY: valid state and debug record of the running function.
            let here = unsafe { raw_location(state, ar) };
            meter.mark(kind, here);
        }
        // SAFETY: valid state.
        unsafe { meter.restart_thread(state, 1) };
        Some(kind)
    };
    if let Some(kind) = meter.marked() {
        // Stopping: raise again at every instruction until all has unwound
        // (the hook of this thread fires on every one already, or will).
        if step != 1 {
            return stop(kind, false);
        }
        return Some(kind);
    }
    // SAFETY: valid state.
    let mut done = unsafe { meter.block_done(state) }.saturating_add(step);
    if done >= BLOCK {
        let charged = i64::from(done);
        done = 0;
        if meter.remaining.fetch_sub(charged, Relaxed) - charged < 0 {
            return stop(Interrupt::Budget, true);
        }
    }
    let now = meter.now_ns();
    if now > meter.deadline.load(Relaxed) {
        return stop(Interrupt::Timeout, true);
    }
    let elapsed = now.saturating_sub(meter.last_look.swap(now, Relaxed));
    let next = next_step(step, done, elapsed, meter.step_cap());
    // SAFETY: valid state; setting the hook from inside it only resets the
    // thread's count, which Lua has just reset anyway.
    unsafe {
        if next != step {
            set_hook(state, next);
            // That walked the thread's whole call stack: the time it took
            // is not the bot's instructions', and must not look like it.
            meter.last_look.store(meter.now_ns(), Relaxed);
        }
        meter.set_block_done(state, done);
    }
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
    fn steps_keep_blocks_aligned() {
        // Normal code: the step stays at a block.
        assert_eq!(next_step(BLOCK, 0, 20_000, BLOCK), BLOCK);
        // Slow code: finer in proportion, never below one.
        assert_eq!(next_step(BLOCK, 0, 100 * CLOCK_EVERY_NS, BLOCK), 10);
        assert_eq!(next_step(BLOCK, 0, u64::MAX, BLOCK), 1);
        assert_eq!(next_step(10, 30, 2 * CLOCK_EVERY_NS, BLOCK), 1);
        // Fast again: coarser only at a block boundary, as far as the
        // instructions' speed allows.
        assert_eq!(next_step(10, 30, 1_000, BLOCK), 10);
        assert_eq!(next_step(10, 100, 1_000, BLOCK), 10);
        assert_eq!(next_step(1, 0, 50, BLOCK), BLOCK);
        assert_eq!(next_step(1, 0, 20_000, BLOCK), 100);
        assert_eq!(next_step(100, 0, 1_000, BLOCK), BLOCK);
        // The cap wins.
        assert_eq!(next_step(100, 0, 1_000, 10), 10);
        for (step, done) in [(1, 7), (10, 40), (100, 300), (BLOCK, 0)] {
            for elapsed in [0, 1_000, CLOCK_EVERY_NS, 50 * CLOCK_EVERY_NS] {
                for cap in [1, 10, 100, BLOCK] {
                    let next = next_step(step, done, elapsed, cap);
                    assert!(done.is_multiple_of(next) && BLOCK.is_multiple_of(next));
                    assert!(next <= cap);
                }
            }
        }
    }

    #[test]
    fn long_strings_and_full_states_cap_the_step() {
        let meter = Meter::new();
        meter.set_memory_limit(32 << 20);
        assert_eq!(meter.step_cap(), BLOCK);
        meter.longest_string.store(1 << 20, Relaxed);
        assert_eq!(meter.step_cap(), 1);
        meter.longest_string.store(64 << 10, Relaxed);
        assert_eq!(meter.step_cap(), 100);
        meter.longest_string.store(0, Relaxed);
        meter.in_use.store(31 << 20, Relaxed);
        assert_eq!(meter.step_cap(), 1);
        meter.in_use.store(8 << 20, Relaxed);
        assert_eq!(meter.step_cap(), BLOCK);
    }
}
