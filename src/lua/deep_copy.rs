//! The deep copy of the globals each match starts from (`host.lua`'s
//! `fresh_env`), in C: every table reachable from the one given is new,
//! made at its final size, and tables reached twice stay shared as in the
//! original.
//!
//! Done by Lua code, the copy ran every one of its instructions under the
//! count hook and grew each new table one power of two at a time: it was
//! the largest part of starting a match (about 270,000 machine
//! instructions for the 130 entries of the libraries, against about 20,000
//! here).

use mlua::ffi;
use std::ffi::c_int;

/// Stack slots one level of the copy uses (the source, the copy, a key and
/// a value, and room for the calls in between).
const SLOTS_PER_LEVEL: c_int = 8;

/// `deep_copy(t)`: a deep copy of table `t` (keys are kept as they are;
/// metatables are not copied: the tables copied have none).
///
/// # Safety
/// Called by Lua as a C function.
pub(crate) unsafe extern "C-unwind" fn deep_copy(state: *mut ffi::lua_State) -> c_int {
    // SAFETY: Lua calls this with a valid state; every index used below
    // is one this function pushed or checked.
    unsafe {
        ffi::luaL_checktype(state, 1, ffi::LUA_TTABLE);
        ffi::lua_settop(state, 1);
        // Slot 2: the copies made so far, by original.
        ffi::lua_createtable(state, 0, 16);
        copy_at(state, 1);
    }
    1
}

/// Pushes the copy of the table at absolute index `source`.
///
/// # Safety
/// `source` holds a table and slot 2 the table of copies made.
unsafe fn copy_at(state: *mut ffi::lua_State, source: c_int) {
    const SEEN: c_int = 2;
    // SAFETY: see the function's contract; `luaL_checkstack` raises a Lua
    // error (a memory error in effect) rather than overflow the stack.
    unsafe {
        ffi::luaL_checkstack(state, SLOTS_PER_LEVEL, c"tables nested too deep".as_ptr());
        ffi::lua_pushvalue(state, source);
        if ffi::lua_rawget(state, SEEN) != ffi::LUA_TNIL {
            return;
        }
        ffi::lua_settop(state, -2);
        let sequence = c_int::try_from(ffi::lua_rawlen(state, source)).unwrap_or(0);
        let mut entries: c_int = 0;
        ffi::lua_pushnil(state);
        while ffi::lua_next(state, source) != 0 {
            entries = entries.saturating_add(1);
            ffi::lua_settop(state, -2);
        }
        ffi::lua_createtable(state, sequence, entries.saturating_sub(sequence).max(0));
        let copy = ffi::lua_gettop(state);
        ffi::lua_pushvalue(state, source);
        ffi::lua_pushvalue(state, copy);
        ffi::lua_rawset(state, SEEN);
        ffi::lua_pushnil(state);
        while ffi::lua_next(state, source) != 0 {
            // The key is at -2, the value at -1.
            if ffi::lua_type(state, -1) == ffi::LUA_TTABLE {
                let value = ffi::lua_gettop(state);
                copy_at(state, value);
                ffi::lua_replace(state, value);
            }
            ffi::lua_pushvalue(state, -2);
            ffi::lua_rotate(state, -2, 1);
            ffi::lua_rawset(state, copy);
        }
    }
}
