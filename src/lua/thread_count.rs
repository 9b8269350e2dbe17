//! A Lua thread's live instruction countdown.
//!
//! Lua's count hook is driven by two fields of each `lua_State`:
//! `basehookcount` (the period that `lua_sethook` sets, which
//! `lua_gethookcount` returns) and right after it `hookcount`, which the VM
//! decrements before every instruction and which fires the hook at zero.
//! The C API reads only the first. The meter needs the second, to know
//! exactly how many instructions a thread ran since its countdown was last
//! set, and to set the countdown itself (which, unlike `lua_sethook`, costs
//! nothing: no walk of the thread's call stack).
//!
//! The field's offset is not part of Lua's API, so it is found once per
//! process by looking, not assumed: with `lua_sethook` giving the period two
//! distinctive values in turn, the only offset where both fields show each
//! of them is the pair's; then a chunk is run to see that the field counts
//! down as the VM runs it. If any of this fails, no bot state can be made
//! ([`ThreadCount::find`] returns an error), so a Lua of another layout can
//! never be metered wrongly.

use mlua::{Lua, ffi};
use std::ffi::c_int;
use std::sync::OnceLock;

/// Where a thread's countdown is, relative to its `lua_State`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ThreadCount {
    offset: usize,
}

/// How far into a `lua_State` to look (its size is about 200 bytes on
/// 64-bit targets; the main thread, looked at here, sits inside a much
/// larger block, so reading this far stays inside it).
const LOOK_BYTES: usize = 256;

/// Two periods that no other field of a fresh state holds.
const PROBES: [c_int; 2] = [0x2F6B_1D43, 0x1A3C_5E71];

unsafe extern "C-unwind" fn ignore(_: *mut ffi::lua_State, _: *mut ffi::lua_Debug) {}

impl ThreadCount {
    /// The countdown's place, found (and checked) once per process.
    pub(crate) fn find() -> Result<ThreadCount, &'static str> {
        static FOUND: OnceLock<Result<ThreadCount, &'static str>> = OnceLock::new();
        *FOUND.get_or_init(locate)
    }

    /// Instructions `state` may still run before its hook fires.
    ///
    /// # Safety
    /// `state` must be a live Lua thread.
    pub(crate) unsafe fn get(self, state: *mut ffi::lua_State) -> c_int {
        // SAFETY: `offset` was found inside every `lua_State` (see `locate`).
        unsafe { state.cast::<u8>().add(self.offset).cast::<c_int>().read() }
    }

    /// Makes `state`'s hook fire after `count` more instructions (its
    /// period stays as it is, for the countdowns after that).
    ///
    /// # Safety
    /// As [`ThreadCount::get`]; the thread's count hook must be set.
    pub(crate) unsafe fn set(self, state: *mut ffi::lua_State, count: c_int) {
        // SAFETY: as in `get`. The VM reads the field only between
        // instructions, on this same OS thread.
        unsafe {
            state
                .cast::<u8>()
                .add(self.offset)
                .cast::<c_int>()
                .write(count.max(1));
        }
    }
}

/// Looks for the countdown in a scratch state.
fn locate() -> Result<ThreadCount, &'static str> {
    let lua = Lua::new();
    let found = std::cell::Cell::new(Err("the Lua state could not be examined"));
    // SAFETY: the closure runs on the scratch state's main thread; it reads
    // within LOOK_BYTES of it (see LOOK_BYTES) and sets and clears its hook.
    let ran = unsafe {
        lua.exec_raw::<()>((), |state| {
            found.set(locate_in(state));
            ffi::lua_sethook(state, None, 0, 0);
        })
    };
    match ran {
        Ok(()) => found.get(),
        Err(_) => Err("the Lua state could not be examined"),
    }
}

/// The offset of `hookcount` in `state`, checked.
///
/// # Safety
/// `state` must be the main thread of a live state.
unsafe fn locate_in(state: *mut ffi::lua_State) -> Result<ThreadCount, &'static str> {
    let int = std::mem::size_of::<c_int>();
    let read = |offset: usize| {
        // SAFETY: within LOOK_BYTES of the state (see LOOK_BYTES); aligned.
        unsafe { state.cast::<u8>().add(offset).cast::<c_int>().read() }
    };
    let mut candidates: Vec<usize> = (0..LOOK_BYTES - 2 * int).step_by(int).collect();
    for probe in PROBES {
        // SAFETY: a valid state; `lua_sethook` sets both fields to `probe`.
        unsafe { ffi::lua_sethook(state, Some(ignore), ffi::LUA_MASKCOUNT, probe) };
        // SAFETY: a valid state.
        if unsafe { ffi::lua_gethookcount(state) } != probe {
            return Err("lua_gethookcount does not return the period set");
        }
        candidates.retain(|&at| read(at) == probe && read(at + int) == probe);
    }
    let [base] = candidates[..] else {
        return Err("the hook's countdown was not found in lua_State");
    };
    let count = ThreadCount { offset: base + int };
    // It must count down as the VM runs, once per instruction: the same
    // chunk run twice takes the same number of instructions off it.
    // SAFETY: a valid state, with the period of the last probe.
    let taken = |code: &std::ffi::CStr| unsafe {
        count.set(state, PROBES[1]);
        if ffi::luaL_loadstring(state, code.as_ptr()) != ffi::LUA_OK
            || ffi::lua_pcall(state, 0, 0, 0) != ffi::LUA_OK
        {
            ffi::lua_settop(state, 0);
            return None;
        }
        Some(PROBES[1] - count.get(state))
    };
    const SHORT: &std::ffi::CStr = c"local x = 0 for i = 1, 10 do x = x + i end";
    let short = taken(SHORT);
    let long = taken(c"local x = 0 for i = 1, 1000 do x = x + i end");
    match (short, long) {
        (Some(a), Some(b)) if a > 10 && b - a >= 990 && taken(SHORT) == Some(a) => Ok(count),
        _ => Err("the hook's countdown does not count the instructions run"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_countdown_is_found() {
        let count = ThreadCount::find().expect("found");
        // A new thread starts its countdown at its creator's period.
        let lua = Lua::new();
        // SAFETY: the closure runs on the main thread of `lua`.
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_sethook(state, Some(ignore), ffi::LUA_MASKCOUNT, 777);
                let thread = ffi::lua_newthread(state);
                assert_eq!(count.get(thread), 777);
                count.set(thread, 5);
                assert_eq!(count.get(thread), 5);
                assert_eq!(ffi::lua_gethookcount(thread), 777);
                ffi::lua_sethook(state, None, 0, 0);
            })
            .expect("ran");
        }
    }
}
