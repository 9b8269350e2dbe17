//! `table.sort` for bots: Lua 5.4's quicksort (`ltablib.c`) with a pivot
//! that never reads the clock, and its work charged to the budget.
//!
//! Lua's own sort picks a "random" pivot from `clock()` and `time()` once a
//! partition comes out badly unbalanced, so the sequence of comparator
//! calls (and the order of elements that compare equal) could differ from
//! run to run. Here that choice is a constant, as `ltablib.c` itself
//! suggests. Everything else follows the C code call for call: the same
//! `lua_geti`/`lua_seti` (so `__index` and `__newindex` run as in Lua), the
//! same comparisons (`lua_compare`, or the comparator), the same checks and
//! messages. It is a C function written against the raw API, so errors pass
//! through it untouched (a comparator's error value reaches the bot's
//! `pcall` as it was raised); its frames own nothing that needs dropping,
//! so Lua's `longjmp` may cross them.
//!
//! Each element read, write and comparison is one step of the budget (four
//! through a metatable, or for a C comparator, whose calls no hook sees),
//! charged in batches through the `charge` function (a call whose budget is
//! spent stops there, with the bot's location). A C comparator (`math.max`,
//! say) may scan long string arguments: those are charged by length.

use super::hook::Meter;
use mlua::{Function, Lua, ffi};
use std::ffi::{c_char, c_int};
use std::sync::Arc;

/// Steps are charged in batches of this size (and at once when the call is
/// already doomed, e.g. by a string comparison charged inside Lua's C code).
const CHARGE_EVERY: u32 = 1024;

/// Arrays larger than this may take a pivot other than the middle one.
const RANLIMIT: u32 = 100;

/// What `l_randomizePivot` gives in Lua after an unbalanced partition:
/// here a constant, as `ltablib.c` suggests ("~0 is a good choice").
const PIVOT_SEED: u32 = !0;

/// Strings longer than this, passed to a C comparator, are charged by length.
const LONG_STRING: usize = 256;
/// Bytes per step a C comparator is assumed to scan (a byte-at-a-time scan,
/// as in the prelude's `charge_long`).
const SCAN_BYTES_PER_STEP: usize = 4;

/// Replaces `table.sort`.
pub(crate) fn register(lua: &Lua, meter: &Arc<Meter>) -> mlua::Result<()> {
    let charging = Arc::clone(meter);
    let charge = lua.create_function(move |lua, steps: ffi::lua_Integer| {
        charging.charge(lua, u64::try_from(steps).unwrap_or(0))
    })?;
    let meter_ptr = Arc::as_ptr(meter).cast_mut().cast::<std::ffi::c_void>();
    // SAFETY: `exec_raw` runs the closure in a protected call with `charge`
    // on the stack; it leaves one value, the new closure. The meter pointer
    // stays valid as long as the closure lives: its first upvalue, `charge`,
    // owns an `Arc` of the same meter.
    let sort: Function = unsafe {
        lua.exec_raw(charge, |state| {
            ffi::lua_pushlightuserdata(state, meter_ptr);
            ffi::lua_pushcclosure(state, sort, 2);
        })?
    };
    let table: mlua::Table = lua.globals().raw_get("table")?;
    table.raw_set("sort", sort)
}

/// The state of one sort: the steps not yet charged. Plain data only (see
/// the module documentation).
#[derive(Clone, Copy)]
struct Sort {
    l: *mut ffi::lua_State,
    meter: *const Meter,
    pending: u32,
    /// Whether the comparator is a C function (its arguments are charged).
    c_comparator: bool,
    /// Steps per element read or written: more when the table has a
    /// metatable (each access may call a C `__index`, which no hook sees).
    access: u32,
    /// Steps per comparison: more for a C comparator (a call the hook does
    /// not see).
    compare: u32,
}

impl Sort {
    /// Counts `n` steps; charges them when enough are pending.
    unsafe fn step(&mut self, n: u32) {
        self.pending = self.pending.saturating_add(n);
        // SAFETY: the meter outlives the closure (see `register`).
        if self.pending >= CHARGE_EVERY || unsafe { (*self.meter).over() } {
            unsafe { self.flush() };
        }
    }

    /// Charges the pending steps (raising the stop error if the budget is
    /// spent or the clock is past the limit).
    unsafe fn flush(&mut self) {
        let n = std::mem::take(&mut self.pending);
        unsafe { self.charge(ffi::lua_Integer::from(n)) };
    }

    unsafe fn charge(&self, n: ffi::lua_Integer) {
        let l = self.l;
        unsafe {
            ffi::lua_pushvalue(l, ffi::lua_upvalueindex(1));
            ffi::lua_pushinteger(l, n);
            ffi::lua_call(l, 1, 0);
        }
    }

    unsafe fn geti(&mut self, i: u32) {
        unsafe {
            ffi::lua_geti(self.l, 1, ffi::lua_Integer::from(i));
            self.step(self.access);
        }
    }

    /// `set2`: pops two values into `t[i]` and `t[j]`.
    unsafe fn set2(&mut self, i: u32, j: u32) {
        unsafe {
            ffi::lua_seti(self.l, 1, ffi::lua_Integer::from(i));
            ffi::lua_seti(self.l, 1, ffi::lua_Integer::from(j));
            self.step(2 * self.access);
        }
    }

    /// `sort_comp`: whether the value at `a` sorts before the one at `b`.
    unsafe fn less(&mut self, a: c_int, b: c_int) -> bool {
        let l = self.l;
        unsafe {
            self.step(self.compare);
            if ffi::lua_isnil(l, 2) != 0 {
                return ffi::lua_compare(l, a, b, ffi::LUA_OPLT) != 0;
            }
            if self.c_comparator {
                let long = string_len(l, a) + string_len(l, b);
                if long > 0 {
                    self.flush();
                    self.charge((long / SCAN_BYTES_PER_STEP) as ffi::lua_Integer);
                }
            }
            ffi::lua_pushvalue(l, 2);
            ffi::lua_pushvalue(l, a - 1);
            ffi::lua_pushvalue(l, b - 2);
            ffi::lua_call(l, 2, 1);
            let res = ffi::lua_toboolean(l, -1) != 0;
            ffi::lua_pop(l, 1);
            res
        }
    }

    unsafe fn pop(&self, n: c_int) {
        unsafe { ffi::lua_pop(self.l, n) }
    }

    unsafe fn invalid_order(&self) -> ! {
        unsafe {
            ffi::luaL_error(self.l, c"invalid order function for sorting".as_ptr());
        }
        unreachable_after_error()
    }

    /// `partition`: the pivot is on top of the stack; returns its place.
    unsafe fn partition(&mut self, lo: u32, up: u32) -> u32 {
        let mut i = lo;
        let mut j = up - 1;
        unsafe {
            loop {
                loop {
                    i += 1;
                    self.geti(i);
                    if !self.less(-1, -2) {
                        break;
                    }
                    if i == up - 1 {
                        self.invalid_order();
                    }
                    self.pop(1);
                }
                loop {
                    j = j.wrapping_sub(1);
                    self.geti(j);
                    if !self.less(-3, -1) {
                        break;
                    }
                    if j < i {
                        self.invalid_order();
                    }
                    self.pop(1);
                }
                if j < i {
                    self.pop(1);
                    self.set2(up - 1, i);
                    return i;
                }
                self.set2(i, j);
            }
        }
    }

    /// `auxsort`.
    unsafe fn auxsort(&mut self, mut lo: u32, mut up: u32, mut rnd: u32) {
        unsafe {
            while lo < up {
                self.geti(lo);
                self.geti(up);
                if self.less(-1, -2) {
                    self.set2(lo, up);
                } else {
                    self.pop(2);
                }
                if up - lo == 1 {
                    return;
                }
                let mut p = if up - lo < RANLIMIT || rnd == 0 {
                    lo + (up - lo) / 2
                } else {
                    choose_pivot(lo, up, rnd)
                };
                self.geti(p);
                self.geti(lo);
                if self.less(-2, -1) {
                    self.set2(p, lo);
                } else {
                    self.pop(1);
                    self.geti(up);
                    if self.less(-1, -2) {
                        self.set2(p, up);
                    } else {
                        self.pop(2);
                    }
                }
                if up - lo == 2 {
                    return;
                }
                self.geti(p);
                ffi::lua_pushvalue(self.l, -1);
                self.geti(up - 1);
                self.set2(p, up - 1);
                p = self.partition(lo, up);
                let n;
                if p - lo < up - p {
                    self.auxsort(lo, p - 1, rnd);
                    n = p - lo;
                    lo = p + 1;
                } else {
                    self.auxsort(p + 1, up, rnd);
                    n = up - p;
                    up = p - 1;
                }
                // `up - lo` wraps like C's unsigned arithmetic when the
                // remaining interval is empty.
                if up.wrapping_sub(lo) / 128 > n {
                    rnd = PIVOT_SEED;
                }
            }
        }
    }
}

/// `choosePivot`: an element in the middle half of `[lo, up]`.
fn choose_pivot(lo: u32, up: u32, rnd: u32) -> u32 {
    let r4 = (up - lo) / 4;
    rnd % (r4 * 2) + (lo + r4)
}

/// The length of the string at `idx`, if it is a long one (else 0).
unsafe fn string_len(l: *mut ffi::lua_State, idx: c_int) -> usize {
    unsafe {
        if ffi::lua_type(l, idx) == ffi::LUA_TSTRING {
            let len = ffi::lua_rawlen(l, idx);
            if len > LONG_STRING {
                return len;
            }
        }
    }
    0
}

/// After `lua_error` and friends, which never return.
fn unreachable_after_error() -> ! {
    // `luaL_error` does not return; should it ever, stop here rather than
    // carry on with a broken stack.
    std::process::abort()
}

/// `checktab`: a table, or something whose metatable has every field
/// `table.sort` uses.
unsafe fn check_table(l: *mut ffi::lua_State) {
    unsafe {
        if ffi::lua_type(l, 1) == ffi::LUA_TTABLE {
            return;
        }
        let mut n = 1;
        if ffi::lua_getmetatable(l, 1) != 0 {
            let fields: [*const c_char; 3] = [
                c"__index".as_ptr(),
                c"__newindex".as_ptr(),
                c"__len".as_ptr(),
            ];
            let mut all = true;
            for f in fields {
                n += 1;
                ffi::lua_pushstring(l, f);
                if ffi::lua_rawget(l, -n) == ffi::LUA_TNIL {
                    all = false;
                    break;
                }
            }
            ffi::lua_pop(l, n);
            if all {
                return;
            }
        }
        ffi::luaL_checktype(l, 1, ffi::LUA_TTABLE);
    }
}

/// `table.sort(t [, comp])`.
unsafe extern "C-unwind" fn sort(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        check_table(l);
        let n = ffi::luaL_len(l, 1);
        if n > 1 {
            if n >= ffi::lua_Integer::from(i32::MAX) {
                ffi::luaL_argerror(l, 1, c"array too big".as_ptr());
                unreachable_after_error();
            }
            if ffi::lua_isnoneornil(l, 2) == 0 {
                ffi::luaL_checktype(l, 2, ffi::LUA_TFUNCTION);
            }
            ffi::lua_settop(l, 2);
            let c_comparator = ffi::lua_iscfunction(l, 2) != 0;
            let has_metatable = ffi::lua_getmetatable(l, 1) != 0;
            if has_metatable {
                ffi::lua_pop(l, 1);
            }
            let mut s = Sort {
                l,
                meter: ffi::lua_touserdata(l, ffi::lua_upvalueindex(2))
                    .cast::<Meter>()
                    .cast_const(),
                pending: 0,
                c_comparator,
                access: if has_metatable { 4 } else { 1 },
                compare: if c_comparator { 4 } else { 1 },
            };
            s.auxsort(1, n as u32, 0);
            s.flush();
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A plain state where `orig` is Lua's own sort and `table.sort` this
    /// port, with a generous budget.
    fn state() -> (Lua, Arc<Meter>) {
        let lua = Lua::new();
        lua.load("orig = table.sort")
            .exec()
            .unwrap_or_else(|e| panic!("{e}"));
        let meter = Meter::new();
        meter
            .start(&lua, u64::MAX / 4, Duration::from_secs(3600))
            .unwrap_or_else(|e| panic!("{e}"));
        register(&lua, &meter).unwrap_or_else(|e| panic!("{e}"));
        (lua, meter)
    }

    fn mismatches(script: &str) -> Vec<String> {
        let (lua, _meter) = state();
        lua.load(script)
            .eval::<Vec<String>>()
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// On arrays of up to 100 elements Lua never picks a random pivot: the
    /// port makes the same comparator calls and the same result.
    const SAME_CALLS: &str = r##"
local bad = {}
local seed = 4242
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local function run(sort, t, with)
  local calls = {}
  local c = {}
  for i = 1, #t do c[i] = t[i] end
  local f = nil
  if with == "gt" then
    f = function(a, b) calls[#calls + 1] = a .. "," .. b return a > b end
  elseif with == "mod" then
    f = function(a, b) calls[#calls + 1] = a .. "," .. b return a % 7 < b % 7 end
  end
  local ok, e = pcall(sort, c, f)
  local out = {}
  for i = 1, #c do out[i] = tostring(c[i]) end
  return table.concat(out, " ") .. "|" .. table.concat(calls, ";") .. "|" .. tostring(ok)
end
for trial = 1, 400 do
  local n = rnd(100) - 1
  local t = {}
  for i = 1, n do t[i] = rnd(trial % 5 == 0 and 5 or 1000) end
  for _, with in ipairs({ "lt", "gt", "mod" }) do
    local a, b = run(orig, t, with), run(table.sort, t, with)
    if a ~= b then bad[#bad + 1] = with .. " n=" .. n .. ": " .. a .. " / " .. b end
  end
end
-- Strings, floats mixed with integers, already sorted and reversed input.
local cases = {
  { "pear", "apple", "fig", "", "apple", "Zed", "\0a", "\0" },
  { 3, 1.5, -2, 2^53, -0.0, 0, 1e300, -1e300, 7 },
}
local up, down = {}, {}
for i = 1, 100 do up[i], down[i] = i, 101 - i end
cases[#cases + 1] = up
cases[#cases + 1] = down
for _, t in ipairs(cases) do
  local a, b = run(orig, t, "lt"), run(table.sort, t, "lt")
  if a ~= b then bad[#bad + 1] = a .. " / " .. b end
end
return bad
"##;

    #[test]
    fn matches_lua_on_arrays_lua_sorts_without_the_clock() {
        let bad = mismatches(SAME_CALLS);
        assert!(
            bad.is_empty(),
            "{} mismatches:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    #[test]
    fn sorts_long_arrays_and_honours_metamethods() {
        let bad = mismatches(
            r##"
local bad = {}
local seed = 99
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
for trial = 1, 30 do
  local n = 100 + rnd(3000)
  local t = {}
  for i = 1, n do t[i] = rnd(trial % 2 == 0 and 10 or 100000) end
  table.sort(t)
  for i = 2, n do if t[i - 1] > t[i] then bad[#bad + 1] = "unsorted at " .. i break end end
  table.sort(t, function(a, b) return a > b end)
  for i = 2, n do if t[i - 1] < t[i] then bad[#bad + 1] = "not reversed at " .. i break end end
end
-- A proxy: reads and writes go through __index / __newindex, # through __len.
local store = { 5, 2, 8, 1, 9 }
local reads, writes = 0, 0
local proxy = setmetatable({}, {
  __index = function(_, k) reads = reads + 1 return store[k] end,
  __newindex = function(_, k, v) writes = writes + 1 store[k] = v end,
  __len = function() return #store end,
})
table.sort(proxy)
if table.concat(store, ",") ~= "1,2,5,8,9" or reads == 0 or writes == 0 then
  bad[#bad + 1] = "proxy: " .. table.concat(store, ",")
end
-- __lt on tables, as `<` would use it.
local mt = { __lt = function(a, b) return a.v < b.v end }
local objs = {}
for i = 1, 50 do objs[i] = setmetatable({ v = (i * 37) % 50 }, mt) end
table.sort(objs)
for i = 2, 50 do if objs[i - 1].v > objs[i].v then bad[#bad + 1] = "__lt order" break end end
return bad
"##,
        );
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn errors_are_lua_s() {
        let bad = mismatches(
            r##"
local bad = {}
local function strip(e)
  if type(e) ~= "string" then return type(e) end
  e = e:gsub("^[^ ]*:%d+: ", "")
  -- luaL_argerror names the function as found in the loaded tables.
  e = e:gsub("to '[%w.]+'", "to '?'")
  return e
end
local function same(...)
  local a = table.pack(pcall(orig, ...))
  local b = table.pack(pcall(table.sort, ...))
  if a[1] ~= b[1] or strip(a[2]) ~= strip(b[2]) then
    bad[#bad + 1] = tostring(a[2]) .. " / " .. tostring(b[2])
  end
end
same(nil)
same("abc")
same({ 3, 2, 1 }, 5)
same({ 3, 2, 1 }, {})
same({ 1, {}, 3 })
same({ 1, "x", 3 })
same({ {}, {} })
same(setmetatable({}, { __len = function() return 2^40 end }))
same(setmetatable({}, { __len = function() return "x" end }))
same(setmetatable({}, { __len = function() return 1.5 end }))
local t = {}
for i = 1, 200 do t[i] = i % 3 end
same(t, function() return true end)
same({ 5, 4, 3, 2, 1, 0 }, function(a, b) return true end)
-- An error value other than a string reaches pcall unchanged.
local token = {}
local ok, e = pcall(table.sort, { 2, 1 }, function() error(token) end)
if ok or e ~= token then bad[#bad + 1] = "error value lost: " .. tostring(e) end
-- A located error names the caller's line, as luaL_error does.
local function go(f) return select(2, pcall(function() f(t, function() return true end) end)) end
local e1, e2 = go(orig), go(table.sort)
if e1 ~= e2 then bad[#bad + 1] = "location: " .. tostring(e1) .. " / " .. tostring(e2) end
return bad
"##,
        );
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// The killer of Lua's median-of-three (a partition that comes out
    /// unbalanced every time) makes the same calls every time, and they are
    /// charged.
    #[test]
    fn unbalanced_partitions_take_a_fixed_pivot_and_are_charged() {
        let script = r##"
local n = 4000
-- An "organ pipe" with a long run of equal elements keeps the partitions
-- unbalanced, which is what makes Lua read its clock.
local t = {}
for i = 1, n do t[i] = (i <= n // 2) and i or (n - i) end
for i = 1, n // 4 do t[i] = 1 end
local h, count = 0, 0
table.sort(t, function(a, b)
  count = count + 1
  h = (h * 31 + a * 7 + b) % 1000000007
  return a < b
end)
return h .. ":" .. count
"##;
        let (lua, meter) = state();
        let before = meter.remaining();
        let first: String = lua.load(script).eval().unwrap_or_else(|e| panic!("{e}"));
        let charged = before - meter.remaining();
        let (lua2, _m) = state();
        let second: String = lua2.load(script).eval().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(first, second);
        let count: i64 = first
            .split(':')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        assert!(count > 0 && charged >= count, "{charged} for {count} calls");
    }

    #[test]
    fn a_spent_budget_stops_the_sort() {
        let (lua, meter) = state();
        meter
            .start(&lua, 10_000, Duration::from_secs(3600))
            .unwrap_or_else(|e| panic!("{e}"));
        let r = lua
            .load("local t = {} for i = 1, 100000 do t[i] = -i end table.sort(t)")
            .exec();
        assert!(r.is_err());
        assert!(meter.tripped().is_some());
    }
}
