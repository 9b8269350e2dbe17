//! Between matches, the main thread's stack and spare call frames are set
//! to sizes that depend only on what is in use, not on how deep the last
//! match's calls went: Lua's collector keeps a stack up to three times its
//! use and half of the spare frames, which a bot could read to the byte
//! with `collectgarbage("count")` in the next match. The patched Lua's
//! `liar_trim_thread` (`ldo.c`, `lliar.h`) does it.

use mlua::{Lua, ffi};

unsafe extern "C" {
    fn liar_trim_thread(state: *mut ffi::lua_State);
}

/// Trims `lua`'s main thread (call it between matches, with no bot code
/// running).
pub(crate) fn trim_main_thread(lua: &Lua) -> mlua::Result<()> {
    // SAFETY: `liar_trim_thread` only resizes the thread's own stack (with
    // Lua's reallocation, which keeps stack indices valid) and frees call
    // frames above the one running, inside mlua's protected call.
    unsafe { lua.exec_raw::<()>((), |state| liar_trim_thread(state)) }
}
