//! The instruction budget and the wall-clock limit of one bot state.
//!
//! A count hook fires every [`BotLimits::HOOK_STEP`] instructions and
//! charges the budget; coroutines the bot creates inherit it. Once the budget
//! or the time is spent the call is *tripped*: the hook is re-armed to fire
//! on every instruction and raises the error each time, so a bot that
//! catches it (`pcall`, `coroutine.resume`, `load` with a reader...) is
//! stopped again at its very next instruction and every level unwinds at
//! once.
//!
//! Host functions that do work invisible to the hook (pattern matching, bulk
//! table moves) charge the same budget through [`Meter::charge`].
//!
//! The hook is a plain C hook rather than mlua's: when an mlua hook raises
//! an error it first truncates the running Lua frame (`lua_settop(L, 1)`),
//! which runs that frame's to-be-closed variables (`local x <close>`, the
//! fourth value of a generic `for`) while hooks are disabled, so a looping
//! `__close` would never be stopped. This hook raises the error the way
//! Lua's own interpreter does, and the `__close` methods then run during
//! the unwinding with the hook active.

use super::limits::BotLimits;
use mlua::{Lua, ffi};
use std::ffi::{CStr, c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, AtomicU64, Ordering::Relaxed};
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
    /// Whether the hook of the main thread fires on every instruction.
    per_instruction: AtomicBool,
    /// Whether any call of this state was ever stopped.
    ever_tripped: AtomicBool,
    /// Where the bot was when the call tripped.
    location: Mutex<Option<String>>,
    /// The state's memory limit in bytes.
    memory_limit: AtomicU64,
}

impl Meter {
    pub(crate) fn new() -> Arc<Meter> {
        Arc::new(Meter {
            remaining: AtomicI64::new(i64::MAX),
            state: AtomicU8::new(RUNNING),
            deadline: AtomicU64::new(u64::MAX),
            epoch: Instant::now(),
            per_instruction: AtomicBool::new(false),
            ever_tripped: AtomicBool::new(false),
            location: Mutex::new(None),
            memory_limit: AtomicU64::new(u64::MAX),
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
        // current thread; the calls below only touch that thread's stack
        // and the registry.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_pushlightuserdata(state, ptr);
                ffi::lua_rawsetp(state, ffi::LUA_REGISTRYINDEX, meter_key());
                set_hook(state, BotLimits::HOOK_STEP);
            })?;
        }
        self.per_instruction.store(false, Relaxed);
        Ok(())
    }

    /// Sets the hook of the running thread to fire every `every` instructions.
    fn rearm(&self, lua: &Lua, every: u32) -> mlua::Result<()> {
        // SAFETY: as in `install`; `lua_sethook` may be called at any time.
        unsafe { lua.exec_raw::<()>((), |state| set_hook(state, every)) }
    }

    /// Starts a call: a fresh budget and deadline.
    pub(crate) fn start(
        self: &Arc<Self>,
        lua: &Lua,
        instructions: u64,
        wall: Duration,
    ) -> mlua::Result<()> {
        self.start_at(lua, instructions, wall, Instant::now())
    }

    /// [`Meter::start`] with the current time given.
    pub(crate) fn start_at(
        self: &Arc<Self>,
        lua: &Lua,
        instructions: u64,
        wall: Duration,
        now: Instant,
    ) -> mlua::Result<()> {
        if self.per_instruction.swap(false, Relaxed) {
            self.rearm(lua, BotLimits::HOOK_STEP)?;
        }
        self.remaining
            .store(i64::try_from(instructions).unwrap_or(i64::MAX), Relaxed);
        self.state.store(RUNNING, Relaxed);
        let deadline = now
            .saturating_duration_since(self.epoch)
            .saturating_add(wall);
        self.deadline.store(
            u64::try_from(deadline.as_nanos()).unwrap_or(u64::MAX),
            Relaxed,
        );
        Ok(())
    }

    /// Records the state's memory limit (for [`Meter::memory_room`]).
    pub(crate) fn set_memory_limit(&self, bytes: u64) {
        self.memory_limit.store(bytes, Relaxed);
    }

    /// Bytes the state may still allocate: host functions that build data
    /// outside Lua's allocator keep within it.
    pub(crate) fn memory_room(&self, lua: &Lua) -> usize {
        let limit = usize::try_from(self.memory_limit.load(Relaxed)).unwrap_or(usize::MAX);
        limit.saturating_sub(lua.used_memory())
    }

    /// How the current call was stopped, if it was.
    pub(crate) fn tripped(&self) -> Option<Interrupt> {
        match self.state.load(Relaxed) {
            BUDGET => Some(Interrupt::Budget),
            TIMEOUT => Some(Interrupt::Timeout),
            _ => None,
        }
    }

    /// Where the bot was when the call was stopped.
    pub(crate) fn location(&self) -> Option<String> {
        self.location.lock().ok().and_then(|l| l.clone())
    }

    /// Instructions left in the current call (negative once overspent).
    pub(crate) fn remaining(&self) -> i64 {
        self.remaining.load(Relaxed)
    }

    fn past_deadline(&self) -> bool {
        let now = u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX);
        now > self.deadline.load(Relaxed)
    }

    /// Marks the call as stopped and remembers where.
    fn mark(&self, kind: Interrupt, here: Option<String>) {
        let code = match kind {
            Interrupt::Budget => BUDGET,
            Interrupt::Timeout => TIMEOUT,
        };
        self.state.store(code, Relaxed);
        self.ever_tripped.store(true, Relaxed);
        self.per_instruction.store(true, Relaxed);
        if let Ok(mut l) = self.location.lock() {
            *l = here;
        }
    }

    /// What the hook should do now: count `step` instructions and check the
    /// clock. `Some` stops the call.
    fn count(&self, step: i64) -> Option<Interrupt> {
        if let Some(kind) = self.tripped() {
            return Some(kind);
        }
        let left = self.remaining.fetch_sub(step, Relaxed) - step;
        if left < 0 {
            Some(Interrupt::Budget)
        } else if self.past_deadline() {
            Some(Interrupt::Timeout)
        } else {
            None
        }
    }

    /// Charges `steps` units of host work to the budget (called from host
    /// functions); also checks the clock.
    pub(crate) fn charge(self: &Arc<Self>, lua: &Lua, steps: u64) -> mlua::Result<()> {
        if let Some(kind) = self.tripped() {
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
        // If re-arming fails the hook still fires every HOOK_STEP
        // instructions and raises the error each time: slower, still bounded.
        let _ = self.rearm(lua, 1);
        Err(mlua::Error::external(kind))
    }
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
            set_hook(state, 1);
            ffi::lua_pushstring(state, kind.message().as_ptr());
            ffi::lua_error(state);
        }
    }
}

/// Counts, checks the clock, and says whether to stop.
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
    let step = i64::from(BotLimits::HOOK_STEP);
    match meter.count(step) {
        None => {
            if meter.ever_tripped.load(Relaxed) {
                // A coroutine left over from a stopped call may still carry
                // the every-instruction hook: give it the normal one back.
                // SAFETY: valid state.
                unsafe { set_hook(state, BotLimits::HOOK_STEP) };
            }
            None
        }
        Some(kind) => {
            if meter.tripped().is_none() {
                // SAFETY: valid state and debug record of the running function.
                let here = unsafe { raw_location(state, ar) };
                meter.mark(kind, here);
            }
            Some(kind)
        }
    }
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
