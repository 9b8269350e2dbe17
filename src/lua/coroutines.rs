//! `coroutine.resume`, `coroutine.wrap` and `coroutine.close`, metered.
//!
//! These are the only ways a bot can hand the VM to another thread, so they
//! are where the meter learns which thread runs (see `hook.rs`): each tells
//! it before the coroutine runs ([`Meter::enter`]) and after it stops, for
//! whatever reason ([`Meter::leave`]). Otherwise they are Lua 5.4's own
//! functions (`lcorolib.c`), ported line for line, with the same results
//! and the same error messages.
//!
//! `coroutine.create` is Lua's too, and charges what making a thread costs.
//!
//! The rest of the library (`yield`, `status`, `running`,
//! `isyieldable`) runs no code on another thread and stays as Lua has it.

use super::hook::{Meter, meter_of};
use mlua::{Lua, ffi};
use std::ffi::{c_char, c_int};

unsafe extern "C-unwind" {
    /// Lua's "bad argument #n to 'f' (T expected, got U)" (part of its
    /// auxiliary library; mlua does not declare it).
    fn luaL_typeerror(state: *mut ffi::lua_State, arg: c_int, tname: *const c_char) -> c_int;
}

/// What making a coroutine costs, in instructions: a thread, its stack
/// and its first call frame are allocated, and later collected (about the
/// time of 30 instructions, measured with coroutines that do nothing).
const CREATE_COST: u64 = 32;

/// Replaces the four functions in the state's `coroutine` table.
pub(crate) fn register(lua: &Lua) -> mlua::Result<()> {
    // SAFETY: runs on the main thread before any bot code; sets three
    // fields of the coroutine library's table.
    unsafe {
        lua.exec_raw::<()>((), |state| {
            ffi::lua_getglobal(state, c"coroutine".as_ptr());
            for (name, f) in [
                (c"create", co_create as ffi::lua_CFunction),
                (c"resume", co_resume),
                (c"wrap", co_wrap),
                (c"close", co_close),
            ] {
                ffi::lua_pushcfunction(state, f);
                ffi::lua_setfield(state, -2, name.as_ptr());
            }
            ffi::lua_settop(state, -2);
        })
    }
}

/// The coroutine at `arg`, or a type error (Lua's `getco`).
///
/// # Safety
/// A C function's state.
unsafe fn coroutine_arg(state: *mut ffi::lua_State, arg: c_int) -> *mut ffi::lua_State {
    // SAFETY: valid state.
    unsafe {
        let co = ffi::lua_tothread(state, arg);
        if co.is_null() {
            luaL_typeerror(state, arg, c"thread".as_ptr());
        }
        co
    }
}

/// The registry key of the function that turns an error a Rust function
/// raised (a userdata of mlua's) into what the bot's code sees (set by
/// `sandbox.rs`: `failure::lua_value`, as `pcall` gives it).
pub(crate) const ERROR_VALUE_KEY: &std::ffi::CStr = c"liar error value";

/// Turns the error on top of `state`'s stack into what the bot's code sees:
/// an error a Rust function raised in the coroutine reaches `resume`,
/// `close` and a wrapped coroutine's caller as its message, as `pcall`
/// gives it, not as mlua's userdata.
///
/// # Safety
/// A C function's state, with the error on top.
unsafe fn bot_error_value(state: *mut ffi::lua_State) {
    // SAFETY: valid state; the registry field is the converter or nil.
    unsafe {
        if ffi::lua_type(state, -1) != ffi::LUA_TUSERDATA {
            return;
        }
        if ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, ERROR_VALUE_KEY.as_ptr())
            == ffi::LUA_TFUNCTION
        {
            ffi::lua_insert(state, -2);
            ffi::lua_call(state, 1, 1);
        } else {
            ffi::lua_settop(state, -2);
        }
    }
}

/// Raises the stop of a stopped call in the thread that would resume
/// another, before anything runs there.
///
/// # Safety
/// A C function's state.
unsafe fn stop_if_stopped(state: *mut ffi::lua_State, meter: Option<&Meter>) {
    if let Some(kind) = meter.and_then(Meter::marked) {
        // SAFETY: valid state; nothing in this frame needs dropping.
        unsafe {
            ffi::lua_pushstring(state, kind.message().as_ptr());
            ffi::lua_error(state);
        }
    }
}

/// Lua's `auxresume`: runs `co` with `narg` arguments from `state`'s stack;
/// the number of results moved back, or `None` with an error message on
/// `state`'s stack.
///
/// # Safety
/// `state` is a C function's state and `co` a coroutine on its stack.
unsafe fn resume(
    state: *mut ffi::lua_State,
    co: *mut ffi::lua_State,
    narg: c_int,
) -> Option<c_int> {
    // SAFETY: valid states, as the caller promises.
    unsafe {
        let meter = meter_of(state);
        stop_if_stopped(state, meter);
        if ffi::lua_checkstack(co, narg) == 0 {
            ffi::lua_pushstring(state, c"too many arguments to resume".as_ptr());
            return None;
        }
        ffi::lua_xmove(state, co, narg);
        let mut nres: c_int = 0;
        if let Some(m) = meter {
            m.enter(co);
        }
        let status = ffi::lua_resume(co, state, narg, &mut nres);
        if let Some(m) = meter {
            m.leave(state);
        }
        if status == ffi::LUA_OK || status == ffi::LUA_YIELD {
            if ffi::lua_checkstack(state, nres + 1) == 0 {
                ffi::lua_settop(co, -nres - 1);
                ffi::lua_pushstring(state, c"too many results to resume".as_ptr());
                return None;
            }
            ffi::lua_xmove(co, state, nres);
            Some(nres)
        } else {
            ffi::lua_xmove(co, state, 1);
            bot_error_value(state);
            None
        }
    }
}

/// `coroutine.resume(co, ...)`.
unsafe extern "C-unwind" fn co_resume(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Lua calls this with a valid state.
    unsafe {
        let co = coroutine_arg(state, 1);
        match resume(state, co, ffi::lua_gettop(state) - 1) {
            None => {
                ffi::lua_pushboolean(state, 0);
                ffi::lua_insert(state, -2);
                2
            }
            Some(r) => {
                ffi::lua_pushboolean(state, 1);
                ffi::lua_insert(state, -(r + 1));
                r + 1
            }
        }
    }
}

/// `coroutine.create(f)`.
unsafe extern "C-unwind" fn co_create(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Lua calls this with a valid state.
    unsafe {
        ffi::luaL_checktype(state, 1, ffi::LUA_TFUNCTION);
        if let Some(m) = meter_of(state) {
            m.charge_quiet(CREATE_COST);
        }
        let co = ffi::lua_newthread(state);
        ffi::lua_pushvalue(state, 1);
        ffi::lua_xmove(state, co, 1);
        1
    }
}

/// `coroutine.wrap(f)`: `coroutine.create(f)` and a function resuming it.
unsafe extern "C-unwind" fn co_wrap(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Lua calls this with a valid state.
    unsafe {
        co_create(state);
        ffi::lua_pushcclosure(state, wrapped, 1);
        1
    }
}

/// The function `coroutine.wrap` returns (Lua's `auxwrap`).
unsafe extern "C-unwind" fn wrapped(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Lua calls this with a valid state; upvalue 1 is the coroutine.
    unsafe {
        let co = ffi::lua_tothread(state, ffi::lua_upvalueindex(1));
        match resume(state, co, ffi::lua_gettop(state)) {
            Some(r) => r,
            None => {
                let mut status = ffi::lua_status(co);
                if status != ffi::LUA_OK && status != ffi::LUA_YIELD {
                    // An error in the coroutine: close its to-be-closed
                    // variables (which run on it), and pass the error on.
                    let meter = meter_of(state);
                    if let Some(m) = meter {
                        m.enter(co);
                    }
                    status = ffi::lua_closethread(co, state);
                    if let Some(m) = meter {
                        m.leave(state);
                    }
                    ffi::lua_xmove(co, state, 1);
                    bot_error_value(state);
                }
                if status != ffi::LUA_ERRMEM && ffi::lua_type(state, -1) == ffi::LUA_TSTRING {
                    ffi::luaL_where(state, 1);
                    ffi::lua_insert(state, -2);
                    ffi::lua_concat(state, 2);
                }
                ffi::lua_error(state)
            }
        }
    }
}

/// What `coroutine.status` would say of `co`, as Lua's `auxstatus` finds it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Running,
    Suspended,
    Normal,
    Dead,
}

impl Status {
    fn name(self) -> &'static std::ffi::CStr {
        match self {
            Status::Running => c"running",
            Status::Suspended => c"suspended",
            Status::Normal => c"normal",
            Status::Dead => c"dead",
        }
    }
}

/// # Safety
/// Valid states.
unsafe fn status(state: *mut ffi::lua_State, co: *mut ffi::lua_State) -> Status {
    if state == co {
        return Status::Running;
    }
    // SAFETY: valid states; a zeroed record is a valid output buffer.
    unsafe {
        match ffi::lua_status(co) {
            ffi::LUA_YIELD => Status::Suspended,
            ffi::LUA_OK => {
                let mut ar: ffi::lua_Debug = std::mem::zeroed();
                if ffi::lua_getstack(co, 0, &mut ar) != 0 {
                    Status::Normal
                } else if ffi::lua_gettop(co) == 0 {
                    Status::Dead
                } else {
                    Status::Suspended
                }
            }
            _ => Status::Dead,
        }
    }
}

/// `coroutine.close(co)`: runs the to-be-closed variables of a suspended
/// coroutine (on it) and kills it.
unsafe extern "C-unwind" fn co_close(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Lua calls this with a valid state.
    unsafe {
        let co = coroutine_arg(state, 1);
        let st = status(state, co);
        match st {
            Status::Dead | Status::Suspended => {
                let meter = meter_of(state);
                stop_if_stopped(state, meter);
                if let Some(m) = meter {
                    m.enter(co);
                }
                let result = ffi::lua_closethread(co, state);
                if let Some(m) = meter {
                    m.leave(state);
                }
                if result == ffi::LUA_OK {
                    ffi::lua_pushboolean(state, 1);
                    1
                } else {
                    ffi::lua_pushboolean(state, 0);
                    ffi::lua_xmove(co, state, 1);
                    bot_error_value(state);
                    2
                }
            }
            Status::Running | Status::Normal => ffi::luaL_error(
                state,
                c"cannot close a %s coroutine".as_ptr(),
                st.name().as_ptr(),
            ),
        }
    }
}
