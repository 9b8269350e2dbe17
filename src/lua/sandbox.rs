//! A fresh Lua state for one bot: safe libraries only, the `liar` module,
//! wrapped standard functions, a locked string metatable, the budget hook,
//! the memory limit, and the metered allocator (`metered.rs`).

use super::api::{self, Shared};
use super::coroutines;
use super::hook::INTERNAL_CHUNK;
use super::metered;
use super::pattern;
use super::sort;
use crate::rules::Face;
use crate::setup::{BotLimits, BotParams};
use mlua::chunk::ChunkMode;
use mlua::state::{GcGenParams, GcMode};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value};
use std::sync::{Arc, OnceLock};

/// The globals a bot sees; anything else the libraries define is removed.
pub(crate) const GLOBALS: &[&str] = &[
    "_G",
    "_VERSION",
    "assert",
    "collectgarbage",
    "coroutine",
    "error",
    "getmetatable",
    "ipairs",
    "liar",
    "load",
    "math",
    "next",
    "pairs",
    "pcall",
    "print",
    "rawequal",
    "rawget",
    "rawlen",
    "rawset",
    "select",
    "setmetatable",
    "string",
    "table",
    "tonumber",
    "tostring",
    "type",
    "utf8",
    "warn",
    "xpcall",
];

/// Lua values Rust may hold at once in an ordinary call, reserved up front.
const REF_RESERVE: usize = 256;

/// The host's own Lua chunks.
#[derive(Clone, Copy)]
pub(crate) enum Internal {
    Prelude,
    Host,
    Api,
}

impl Internal {
    fn source(self) -> (&'static str, &'static str) {
        match self {
            Internal::Prelude => ("prelude", include_str!("prelude.lua")),
            Internal::Host => ("host", include_str!("host.lua")),
            Internal::Api => ("api", include_str!("api.lua")),
        }
    }
}

/// Loads one of the host's chunks. Each is compiled once per process and
/// then loaded as bytecode, which is several times faster than parsing it
/// again for every new state. (Only the host's own chunks are ever loaded
/// as bytecode; bots cannot load any.)
pub(crate) fn internal_chunk(lua: &Lua, which: Internal) -> mlua::Result<Function> {
    static COMPILED: [OnceLock<Option<Vec<u8>>>; 3] = [const { OnceLock::new() }; 3];
    let (name, source) = which.source();
    let name = format!("{INTERNAL_CHUNK} {name}");
    let compiled = COMPILED[which as usize].get_or_init(|| {
        let scratch = Lua::new();
        let f = scratch.load(source).set_name(name.clone()).into_function();
        f.ok().map(|f| f.dump(false))
    });
    match compiled {
        Some(bytes) => lua
            .load(&bytes[..])
            .set_name(name)
            .set_mode(ChunkMode::Binary)
            .into_function(),
        None => lua
            .load(source)
            .set_name(name)
            .set_mode(ChunkMode::Text)
            .into_function(),
    }
}

/// A new bot state and the host's handles into it.
pub(crate) struct Sandbox {
    /// The host's functions (see `host.lua`).
    pub(crate) host: Table,
    /// Installs a ranking's tables for the `liar` helpers.
    pub(crate) set_ranking: Function,
    pub(crate) lua: Lua,
}

/// Creates the state. The hook is installed and the memory limit set; the
/// caller starts the meter before running any bot code.
pub(crate) fn new_state(
    limits: &BotLimits,
    params: &BotParams,
    shared: &Arc<Shared>,
) -> mlua::Result<Sandbox> {
    // No bot call is running on this thread while the state is built: the
    // host's own string comparisons are charged to nobody.
    metered::set_current(None);
    // io, os, package and debug are never loaded; the base library always is,
    // and is trimmed below.
    let libs = StdLib::COROUTINE | StdLib::TABLE | StdLib::STRING | StdLib::UTF8 | StdLib::MATH;
    let lua = Lua::new_with(libs, LuaOptions::new())?;
    // Views and their lists die young: the generational collector handles
    // such garbage with less work than the incremental one. (Switching runs
    // a full collection, so it is done while the state is still empty.)
    lua.gc_set_mode(GcMode::Generational(GcGenParams::default()));
    let globals = lua.globals();

    // Drop whatever is not on the list (dofile, loadfile, require...).
    let mut extra: Vec<Value> = Vec::new();
    for pair in globals.pairs::<Value, Value>() {
        let (key, _) = pair?;
        let keep = match &key {
            Value::String(s) => {
                let name = s.as_bytes();
                GLOBALS.iter().any(|g| *name == *g.as_bytes())
            }
            _ => false,
        };
        if !keep {
            extra.push(key);
        }
    }
    for key in extra {
        globals.raw_set(key, Value::Nil)?;
    }
    let string: Table = globals.raw_get("string")?;
    string.raw_set("dump", Value::Nil)?;

    pattern::register(&lua, &shared.meter)?;
    coroutines::register(&lua)?;
    sort::register(&lua, &shared.meter)?;
    let (liar, install_ranking, hands) = api::register(&lua, shared, params)?;
    // Installing a ranking is the host's own work, done between the bot's
    // calls: it gets a fresh meter, whatever the bot's last call left there
    // (a stopped call would otherwise stop it too).
    let set_ranking = {
        let meter = Arc::clone(&shared.meter);
        let (instructions, wall) = (limits.instructions, limits.wall());
        lua.create_function(move |_, args: mlua::MultiValue| {
            meter.start_at(instructions, wall, std::time::Instant::now());
            install_ranking.call::<()>(args)
        })?
    };
    globals.raw_set("liar", liar.clone())?;

    let meter = Arc::clone(&shared.meter);
    let host_log = {
        let shared = Arc::clone(shared);
        lua.create_function(move |lua, text: mlua::LuaString| {
            // A call whose budget is spent stops here, before it logs more.
            shared.meter.charge(lua, 0)?;
            // Only the start of a long line is kept: copy no more than that.
            let bytes = text.as_bytes();
            let head = &bytes[..bytes.len().min(BotLimits::LOG_LINE_BYTES + 8)];
            shared.log_line(&String::from_utf8_lossy(head));
            Ok(())
        })?
    };
    let charge = lua.create_function(move |lua, n: Value| {
        let steps = match n {
            Value::Integer(i) => u64::try_from(i).unwrap_or(0),
            Value::Number(x) if x > 0.0 => x.min(u64::MAX as f64) as u64,
            _ => 0,
        };
        meter.charge(lua, steps)
    })?;
    // collectgarbage("count"): the memory the bot's live data holds, after
    // a full collection, so the figure does not depend on garbage left by
    // earlier matches (and on which matches a worker played before). The
    // collection's work is charged: one step per 64 bytes of the heap.
    let memory_kb = {
        let meter = Arc::clone(&shared.meter);
        lua.create_function(move |lua, ()| {
            meter.charge(lua, (lua.used_memory() / 64) as u64)?;
            lua.gc_collect()?;
            Ok(lua.used_memory() as f64 / 1024.0)
        })?
    };
    let stopping = {
        let meter = Arc::clone(&shared.meter);
        lua.create_function(move |_, ()| Ok(meter.tripped().is_some()))?
    };
    // A field of a table's metatable, read raw (as luaL_tolstring reads
    // __tostring and __name: a __metatable field does not hide them).
    let meta_field = lua.create_function(|_, (v, name): (Value, mlua::LuaString)| {
        Ok(match v {
            Value::Table(t) => match t.metatable() {
                Some(mt) => mt.raw_get::<Value>(name)?,
                None => Value::Nil,
            },
            _ => Value::Nil,
        })
    })?;
    // An error a Rust function raised, as Lua code sees it: mlua hands it to
    // `pcall` as a userdata wrapping the Rust error; bots get its message,
    // as from any C function (as the function worded and located it,
    // without mlua's wrapping or traceback), or the very value a bot's
    // function raised inside it. Any other value is returned as it is.
    let error_value = lua.create_function(|lua, v: Value| match v {
        Value::Error(e) => super::failure::lua_value(lua, &e),
        other => Ok(other),
    })?;
    // The coroutine functions turn errors into values with it too.
    let key = coroutines::ERROR_VALUE_KEY
        .to_str()
        .map_err(mlua::Error::external)?;
    lua.set_named_registry_value(key, &error_value)?;
    // The host chunk goes first, so it captures the standard functions
    // before the prelude wraps them.
    let faces = lua.create_table_with_capacity(6, 0)?;
    for (i, f) in Face::ALL.iter().enumerate() {
        faces.raw_set(i + 1, f.letter().to_string())?;
    }
    // SAFETY: `deep_copy` and `arg_error` are C functions written for
    // Lua's C API.
    let deep_copy = unsafe { lua.create_c_function(super::deep_copy::deep_copy)? };
    let arg_error = unsafe { lua.create_c_function(arg_error)? };
    // SAFETY: the patched Lua's C function (`lliar.c`).
    let hold_yields = unsafe { lua.create_c_function(liar_hold_yields)? };
    let host: Table = internal_chunk(&lua, Internal::Host)?.call((hands, faces, deep_copy))?;
    let forget_ids: Function = internal_chunk(&lua, Internal::Prelude)?.call((
        liar,
        host_log,
        charge,
        memory_kb,
        stopping,
        meta_field,
        error_value,
        arg_error,
        hold_yields,
    ))?;
    // `host.fresh_env` restarts tostring's numbering with every match.
    host.raw_set("forget_ids", forget_ids)?;
    host.raw_get::<Function>("snapshot")?.call::<()>(())?;

    // mlua keeps the Lua values Rust holds on a stack of its own, which
    // never shrinks: grown once here, it stays the same size through the
    // ordinary calls of every match (see `LuaBot::restart`).
    let held: Vec<Table> = (0..REF_RESERVE)
        .map(|_| lua.create_table())
        .collect::<mlua::Result<_>>()?;
    drop(held);

    let memory = limits.memory_bytes().max(BotLimits::MIN_MEMORY_BYTES);
    lua.set_memory_limit(usize::try_from(memory).unwrap_or(usize::MAX))?;
    shared.meter.set_memory_limit(memory);
    shared.meter.install(&lua)?;
    // After the limit is set: mlua cannot change it once its allocator is
    // wrapped.
    metered::install_allocator(&lua, &shared.meter)?;
    Ok(Sandbox {
        host,
        set_ranking,
        lua,
    })
}

unsafe extern "C-unwind" {
    /// `hold_yields(on)` for the prelude (the patched Lua's `lliar.c`):
    /// while on, the running thread cannot yield, as where Lua's C library
    /// calls the bot's code.
    fn liar_hold_yields(state: *mut mlua::ffi::lua_State) -> std::ffi::c_int;
}

/// `arg_error(n, message)` for the prelude: `luaL_argerror` raised from the
/// wrapper that calls it, which the patched `lauxlib.c` counts as one level
/// with this function, so the error names the function as the bot called
/// the wrapper (counting a method call's `self`, or by its library name
/// when a C function such as `pcall` called it) and is located at the
/// bot's line, as Lua's own C function would raise it.
///
/// # Safety
/// Called by Lua as a C function.
unsafe extern "C-unwind" fn arg_error(state: *mut mlua::ffi::lua_State) -> std::ffi::c_int {
    // SAFETY: Lua calls this with a valid state; the checks raise Lua
    // errors, and so does `luaL_argerror` (nothing here needs dropping).
    unsafe {
        let n = mlua::ffi::luaL_checkinteger(state, 1);
        let message = mlua::ffi::luaL_checklstring(state, 2, std::ptr::null_mut());
        mlua::ffi::luaL_argerror(state, std::ffi::c_int::try_from(n).unwrap_or(0), message)
    }
}
