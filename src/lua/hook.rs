//! The instruction budget and the wall-clock limit of one bot state.
//!
//! A global count hook (so coroutines created by the bot inherit it) fires
//! every [`BotLimits::HOOK_STEP`] instructions and charges the budget. Once
//! the budget or the time is spent the call is *tripped*: the hook is
//! re-installed to fire on every instruction and raises the same error each
//! time, so a bot that catches the error (`pcall`, `coroutine.resume`,
//! `load` with a reader function...) is stopped again at its very next
//! instruction and every level unwinds at once.
//!
//! Host functions that do work invisible to the hook (pattern matching, bulk
//! table moves) charge the same budget through [`Meter::charge`].

use super::limits::BotLimits;
use mlua::debug::Debug;
use mlua::{HookTriggers, Lua, VmState};
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

const RUNNING: u8 = 0;
const BUDGET: u8 = 1;
const TIMEOUT: u8 = 2;

/// Chunk names of the host's own Lua code start with this; locations in
/// messages skip such frames and point at the bot's code.
pub(crate) const INTERNAL_CHUNK: &str = "=liar";

/// The budget and clock of the call in progress, shared by the hook and the
/// host functions of one state.
pub(crate) struct Meter {
    remaining: AtomicI64,
    state: AtomicU8,
    /// Nanoseconds after `epoch` when the call must stop.
    deadline: AtomicU64,
    epoch: Instant,
    /// Whether the hook currently fires on every instruction.
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
        self.install_every(lua, BotLimits::HOOK_STEP)
    }

    fn install_every(self: &Arc<Self>, lua: &Lua, every: u32) -> mlua::Result<()> {
        let meter = Arc::clone(self);
        self.per_instruction.store(every == 1, Relaxed);
        lua.set_global_hook(
            HookTriggers::new().every_nth_instruction(every),
            move |lua, debug| meter.on_hook(lua, debug),
        )
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
        if self.per_instruction.load(Relaxed) {
            self.install(lua)?;
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

    fn on_hook(self: &Arc<Self>, lua: &Lua, debug: &Debug<'_>) -> mlua::Result<VmState> {
        if let Some(kind) = self.tripped() {
            return Err(mlua::Error::external(kind));
        }
        let step = i64::from(BotLimits::HOOK_STEP);
        let left = self.remaining.fetch_sub(step, Relaxed) - step;
        let kind = if left < 0 {
            Interrupt::Budget
        } else if self.past_deadline() {
            Interrupt::Timeout
        } else {
            if self.ever_tripped.load(Relaxed) {
                // A coroutine left over from a stopped call may still carry
                // the every-instruction hook: give it the normal one back.
                let _ = self.install(lua);
            }
            return Ok(VmState::Continue);
        };
        Err(self.trip(lua, kind, frame_location(debug)))
    }

    fn past_deadline(&self) -> bool {
        let now = u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX);
        now > self.deadline.load(Relaxed)
    }

    /// Stops the call: from now on every instruction raises `kind`.
    fn trip(self: &Arc<Self>, lua: &Lua, kind: Interrupt, here: Option<String>) -> mlua::Error {
        let code = match kind {
            Interrupt::Budget => BUDGET,
            Interrupt::Timeout => TIMEOUT,
        };
        self.state.store(code, Relaxed);
        self.ever_tripped.store(true, Relaxed);
        let here = here.or_else(|| bot_location(lua));
        if let Ok(mut l) = self.location.lock() {
            *l = here;
        }
        // If re-installing fails, the hook still fires every HOOK_STEP
        // instructions and raises the error each time: slower, still bounded.
        let _ = self.install_every(lua, 1);
        mlua::Error::external(kind)
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
        if left < 0 {
            return Err(self.trip(lua, Interrupt::Budget, None));
        }
        if self.past_deadline() {
            return Err(self.trip(lua, Interrupt::Timeout, None));
        }
        Ok(())
    }
}

/// `file:line` of a frame of the bot's code; `None` for the host's own
/// chunks and for C functions.
fn frame_location(debug: &Debug<'_>) -> Option<String> {
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
        let found = lua.inspect_stack(level, frame_location)?;
        if found.is_some() {
            return found;
        }
    }
    None
}
