-- The sandbox's Lua half, run once in every bot state before the bot.
--
-- It wraps the few standard functions whose behaviour must change for
-- untrusted code. Everything it uses is kept in locals first, so a bot that
-- overwrites globals (or the string table) later cannot change how these
-- wrappers work.
--
-- Errors are located as if every wrapper were the C function it stands for
-- (the patched lauxlib.c counts the frames of this chunk as one level with
-- the C function they call): in this chunk, `error(msg, 1)` is where the
-- bot called the wrapper, and `arg_error(n, msg)` is `luaL_argerror`, naming
-- the function as the bot called it.
local liar, host_log, charge, memory_kb, stopping, meta_field, error_value, arg_error,
  hold_yields = ...

local type, select, error, rawequal, rawget, getmetatable =
  type, select, error, rawequal, rawget, getmetatable
local raw_tostring, tonumber = tostring, tonumber
local next, math_type, tointeger, ult, maxinteger =
  next, math.type, math.tointeger, math.ult, math.maxinteger
local insert, remove, move, concat, unpack, sort =
  table.insert, table.remove, table.move, table.concat, table.unpack, table.sort
local sub, byte, find, format = string.sub, string.byte, string.find, string.format
local rep, upper, lower, reverse = string.rep, string.upper, string.lower, string.reverse
local pack, packsize, s_unpack = string.pack, string.packsize, string.unpack
local u_len, u_offset, u_codepoint, u_codes = utf8.len, utf8.offset, utf8.codepoint, utf8.codes
local raw_load, raw_setmetatable, raw_xpcall, raw_pcall = load, setmetatable, xpcall, pcall
local string_meta = getmetatable("")

-- Work that C does in proportion to a string's length (copying, scanning,
-- converting) is charged to the budget when the string is long: one step
-- per `per` bytes (copying runs about 64 bytes in the time of one Lua
-- instruction, a byte-at-a-time scan about 4).
local function charge_long(s, per)
  if type(s) == "string" and #s > 256 then
    charge(#s // per)
  end
end

---------------------------------------------------------------------------
-- tostring for bots. Lua's shows tables, functions and coroutines by heap
-- address ("table: 0x55d0..."), which differs from run to run and would make
-- replays differ: here they are numbered in the order the bot first shows
-- them ("table: #3"), afresh in every match.
-- __tostring and __name are honoured as luaL_tolstring does, read raw (a
-- __metatable field does not hide them).
---------------------------------------------------------------------------

-- The numbering is per match: the host calls `forget_ids` (this chunk's
-- return value) before every match, so no id, count or object of an earlier
-- match stays reachable from here.
local WEAK_KEYS = { __mode = "k" }
local ids, last_id = raw_setmetatable({}, WEAK_KEYS), 0

local function forget_ids()
  ids, last_id = raw_setmetatable({}, WEAK_KEYS), 0
end

local function object_id(v)
  local id = ids[v]
  if id == nil then
    last_id = last_id + 1
    id = last_id
    ids[v] = id
  end
  return id
end

local OBJECT = { table = true, ["function"] = true, thread = true, userdata = true }

local function show(...)
  if select("#", ...) == 0 then
    return raw_tostring() -- "value expected", from C
  end
  local v = ...
  local kind = type(v)
  if not OBJECT[kind] then
    return raw_tostring(v)
  end
  if getmetatable(v) ~= nil then
    local ts = meta_field(v, "__tostring")
    if ts ~= nil then
      -- C calls it with lua_call: the bot's code cannot yield there, and
      -- the call counts towards "C stack overflow".
      hold_yields(true, true)
      local s = ts(v)
      hold_yields(false, true)
      local ks = type(s)
      if ks == "string" then
        return s
      elseif ks == "number" then
        return raw_tostring(s)
      end
      error("'__tostring' must return a string", 1)
    end
    local name = meta_field(v, "__name")
    if type(name) == "string" then
      kind = name
    end
  end
  return kind .. ": #" .. object_id(v)
end

-- Debug output: print, warn and liar.log all go to the bot's log (capped
-- per game by the host), never to the terminal directly.
local function log(...)
  local n = select("#", ...)
  local parts = { ... }
  for i = 1, n do
    parts[i] = show(parts[i])
  end
  host_log(concat(parts, "\t", 1, n))
end

-- warn takes strings (or numbers, as text) only, at least one, as Lua's.
local function warn(...)
  local n = select("#", ...)
  local parts = { ... }
  for i = 1, n > 0 and n or 1 do
    local kind = type(parts[i])
    if kind ~= "string" and kind ~= "number" then
      local name = meta_field(parts[i], "__name")
      if i > n then
        kind = "no value"
      elseif type(name) == "string" then
        kind = name
      end
      arg_error(i, "string expected, got " .. kind)
    end
  end
  -- "@on" / "@off" are control messages in Lua 5.4; there is nothing to switch.
  if n == 1 and sub(parts[1], 1, 1) == "@" then
    return
  end
  host_log("warning: " .. concat(parts, "", 1, n))
end

-- string.format: %s shows tables and functions as tostring does, %p (an
-- address) is refused, and %q, which escapes byte by byte, is charged for
-- long strings. Conversions are found as C's getformat finds them: '%',
-- flags, digits and dots, then one character.
-- C formats the conversions before the one at `at` first, and raises the
-- errors it finds there before it reaches that one.
local function format_before(fmt, at, args, argn)
  format(sub(fmt, 1, at - 1), unpack(args, 1, argn - 1))
end

function string.format(...)
  local fmt = ...
  local n = select("#", ...) - 1
  if type(fmt) ~= "string" or n <= 0 then
    return format(...)
  end
  local args = { select(2, ...) }
  local look = find(fmt, "p", 1, true) ~= nil
  for i = 1, n do
    local a = args[i]
    if OBJECT[type(a)] or (type(a) == "string" and #a > 256) then
      look = true
      break
    end
  end
  if look then
    local pos, argn = 1, 0
    while true do
      local at = find(fmt, "%", pos, true)
      if at == nil then
        break
      end
      if byte(fmt, at + 1) == 37 then -- "%%"
        pos = at + 2
      else
        argn = argn + 1
        local _, last, conversion = find(fmt, "^[-+ #0-9.]*(.?)", at + 1)
        local a = args[argn]
        if conversion == "p" then
          -- A missing argument, a conversion too long or one with flags,
          -- width or precision that C does not take are C's errors, raised
          -- before any address is read.
          local spec = sub(fmt, at + 1, last - 1)
          if argn > n or last - at >= 22 or not (find(spec, "^%-*$") or find(spec, "^%-*[1-9]%d?$")) then
            return format(...)
          end
          format_before(fmt, at, args, argn)
          arg_error(argn + 1, "%p is not available to bots: addresses differ from run to run")
        elseif conversion == "s" and OBJECT[type(a)] then
          format_before(fmt, at, args, argn)
          args[argn] = show(a)
        elseif conversion == "q" then
          charge_long(a, 1 / 4)
        end
        pos = last + 1
      end
    end
  end
  return format(fmt, unpack(args, 1, n))
end

-- Text chunks only (no bytecode). Parsing is work the instruction count
-- cannot see, and it can grow faster than the text (a chain of `or` walks a
-- jump list that grows with it; every name is looked up through every
-- enclosing scope): the parser is handed the text a piece at a time, each
-- piece charged (one step a byte), which also looks at the clock between
-- pieces. A bot's reader function is wrapped the same way: its pieces are
-- charged and handed on in parts.
local PIECE = 2048

-- With `no_binary`, a chunk whose first byte is the bytecode signature is
-- refused there, before the parser (which the mode would let load it) sees it.
local function in_pieces(next_text, no_binary)
  local text, at = "", 1
  return function()
    if at > #text then
      text, at = next_text(), 1
      if math_type(text) then
        text = text .. "" -- C reads a number as its text
      end
      if type(text) ~= "string" or text == "" then
        return text -- the end (nil or ""), or what C refuses
      end
      if no_binary then
        no_binary = false
        if byte(text, 1) == 27 then
          error("attempt to load a binary chunk: bytecode is not available to bots", 0)
        end
      end
    end
    local piece = sub(text, at, at + PIECE - 1)
    at = at + PIECE
    charge(#piece)
    return piece
  end
end

-- The mode is Lua's: a mode without "t" refuses text chunks with Lua's own
-- message. Bytecode is never loaded (crafted bytecode can break out of
-- any sandbox): a mode with "t" becomes "t", and one with only "b" gets
-- its chunk's first byte checked.
-- What is neither text nor a reader function (numbers are text to C), and
-- a mode that is not a string (a number's text has neither "b" nor "t"),
-- go to C as they came: C refuses them, or loads a number's few bytes.
local function load(...)
  local chunk, name, mode = ...
  local kind = type(chunk)
  if (kind ~= "string" and kind ~= "function") or (mode ~= nil and type(mode) ~= "string") then
    return raw_load(...)
  end
  if mode == nil then
    mode = "bt"
  end
  local text_ok = find(mode, "t", 1, true) ~= nil
  local only_binary = not text_ok and find(mode, "b", 1, true) ~= nil
  if text_ok then
    mode = "t"
  end
  if kind == "string" then
    if name == nil then
      name = chunk -- as C names a string chunk
    end
    local whole = chunk
    chunk = in_pieces(function()
      local text = whole
      whole = nil
      return text
    end, only_binary)
  else
    chunk = in_pieces(chunk, only_binary)
  end
  if select("#", ...) > 3 then
    return raw_load(chunk, name, mode, (select(4, ...)))
  end
  return raw_load(chunk, name, mode)
end

-- Finalizers run with the hook off, so a looping __gc could hang the host:
-- metatables carrying __gc are refused.
-- Its argument errors are Lua's, raised here so that they name the bot's
-- line rather than this file's.
local function type_name(n, ...)
  if select("#", ...) < n then
    return "no value"
  end
  return type((select(n, ...)))
end

local function setmetatable(...)
  local t, mt = ...
  if type(t) ~= "table" then
    arg_error(1, format("table expected, got %s", type_name(1, ...)))
  end
  if select("#", ...) < 2 or (mt ~= nil and type(mt) ~= "table") then
    arg_error(2, format("nil or table expected, got %s", type_name(2, ...)))
  end
  if meta_field(t, "__metatable") ~= nil then
    error("cannot change a protected metatable", 1)
  end
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc finalizers are not available to bots", 1)
  end
  return raw_setmetatable(t, mt)
end

-- When the budget or the clock stops a call, the stopping error is raised
-- from inside the count hook, and Lua runs a message handler with hooks
-- off: a bot's handler could then loop forever. While a call is being
-- stopped the bot's handler is skipped.
-- An error raised by a function written in Rust (the pattern functions,
-- liar.*) reaches pcall as the message, as an error of a C function does.
local function caught(ok, ...)
  if ok then
    return ok, ...
  end
  return ok, error_value((...))
end

local function pcall(...)
  return caught(raw_pcall(...))
end

local function xpcall(...)
  local f, handler = ...
  if type(handler) ~= "function" then
    return raw_xpcall(...) -- C's error, "function expected"
  end
  return raw_xpcall(f, function(e)
    if stopping() then
      return e
    end
    return handler(error_value(e))
  end, select(3, ...))
end

-- "collect" (the default) runs the same full collection as "count", at the
-- same price, and returns 0 as Lua's does. What is no option of Lua's is
-- Lua's error; Lua's other options are refused.
local GC_OPTIONS = {
  stop = true, restart = true, collect = true, count = true, step = true, isrunning = true,
  setpause = true, setstepmul = true, incremental = true, generational = true,
}

local function collectgarbage(...)
  local opt = ...
  if opt == "count" then
    return memory_kb()
  elseif opt == nil or opt == "collect" then
    memory_kb()
    return 0
  end
  local kind = type(opt)
  if kind ~= "string" and kind ~= "number" then
    arg_error(1, format("string expected, got %s", kind))
  end
  opt = opt .. ""
  if not GC_OPTIONS[opt] then
    arg_error(1, format("invalid option '%s'", opt))
  end
  error('collectgarbage: only collectgarbage("count") and ("collect") are available to bots', 1)
end

---------------------------------------------------------------------------
-- Bulk table functions loop in C, where the hook cannot see them. Their
-- bounds are read here exactly as C reads them (math.tointeger is C's
-- lua_tointegerx: integers, floats with an integral value, numeric
-- strings), `#t` is read once, C gets explicit integer bounds, and the span
-- is charged (computed in floats: it may not fit an integer). C itself only
-- ever loops over plain tables (no metatable), whose length it reads raw,
-- as here, and whose elements it reads and writes without running any of
-- the bot's code; tables with a metatable (a __len, __index or __newindex
-- that could answer differently each time, or be slow) are looped over
-- here in Lua, where the hook counts every step.
---------------------------------------------------------------------------

-- lua_tointegerx; converting a long numeric string scans it.
local function int(x)
  if math_type(x) == "integer" then
    return x
  end
  charge_long(x, 4)
  return tointeger(x)
end

local function span(i, j)
  if j >= i then
    return (j + 0.0) - i + 1
  end
  return 0
end

local function plain(t)
  return type(t) == "table" and getmetatable(t) == nil
end

-- luaL_len, read once.
local function length(t)
  local n = int(#t)
  if n == nil then
    error("object length is not an integer", 1)
  end
  return n
end

function table.insert(...)
  local t, pos, v = ...
  -- Appending reads #t once; anything but a table, or a wrong number of
  -- arguments, is an error C raises before it loops.
  if select("#", ...) ~= 3 or type(t) ~= "table" then
    return insert(...)
  end
  if getmetatable(t) == nil then
    charge(#t)
    insert(t, pos, v)
    return
  end
  hold_yields(true) -- C calls the metamethods with lua_call
  local e = length(t) + 1
  local p = int(pos)
  if p == nil then
    return insert(t, pos, v) -- "number expected", before any move
  end
  if not ult(p - 1, e) then
    arg_error(2, "position out of bounds")
  end
  local i = e
  while i > p do
    t[i] = t[i - 1]
    i = i - 1
  end
  t[p] = v
  hold_yields(false)
end

function table.remove(...)
  local t = ...
  if type(t) ~= "table" then
    return remove(...)
  end
  if getmetatable(t) == nil then
    if select("#", ...) > 1 then
      charge(#t)
    end
    return (remove(...))
  end
  hold_yields(true) -- C calls the metamethods with lua_call
  local size = length(t)
  local _, pos = ...
  local p = size
  if pos ~= nil then
    p = int(pos)
    if p == nil then
      return remove(...)
    end
  end
  if p ~= size and not (p - 1 == size or ult(p - 1, size)) then
    arg_error(2, "position out of bounds")
  end
  local value = t[p]
  while p < size do
    t[p] = t[p + 1]
    p = p + 1
  end
  t[p] = nil
  hold_yields(false)
  return value
end

function table.move(...)
  local a1, f, e, t, a2 = ...
  local fi, ei, ti = int(f), int(e), int(t)
  if fi == nil or ei == nil or ti == nil then
    return move(...) -- "number expected"
  end
  if plain(a1) and (a2 == nil or plain(a2)) then
    -- C refuses a span that is too long or wraps around before it moves
    -- anything: Lua's error, not the span's price.
    if ei >= fi and (fi > 0 or ei < maxinteger + fi) and ti <= maxinteger - (ei - fi) then
      charge(span(fi, ei))
    end
    return (move(a1, fi, ei, ti, a2))
  end
  -- Let C check the arguments on an empty range, then move here (each
  -- step is counted; C calls the metamethods with lua_call).
  move(a1, 1, 0, ti, a2)
  hold_yields(true)
  local dest = a2
  if dest == nil then
    dest = a1
  end
  if ei >= fi then
    if not (fi > 0 or ei < maxinteger + fi) then
      arg_error(3, "too many elements to move")
    end
    local n = ei - fi + 1
    if ti > maxinteger - n + 1 then
      arg_error(4, "destination wrap around")
    end
    if ti > ei or ti <= fi or (a2 ~= nil and a1 ~= a2) then
      for i = 0, n - 1 do
        dest[ti + i] = a1[fi + i]
      end
    else
      for i = n - 1, 0, -1 do
        dest[ti + i] = a1[fi + i]
      end
    end
  end
  hold_yields(false)
  return dest
end

local function field(t, k)
  local v = t[k]
  local kind = type(v)
  if kind ~= "string" and kind ~= "number" then
    error(format("invalid value (%s) at index %d in table for 'concat'", kind, k), 1)
  end
  return v
end

-- A plain table's span is joined by C a piece at a time, each piece
-- charged before C copies it: C stops at the first value that is neither a
-- string nor a number, so `table.concat({}, "", 1, 1e9)` is Lua's error at
-- once, not the price of a billion slots. Returns what pcall would: true
-- and the string, or false and C's error.
local CONCAT_PIECE = 4096

local function concat_raw(t, sep, first, last)
  if (last + 0.0) - first < CONCAT_PIECE then
    charge(span(first, last))
    return raw_pcall(concat, t, sep, first, last)
  end
  local parts, n, k = {}, 0, first
  while true do
    local upto = last
    if (last + 0.0) - k >= CONCAT_PIECE then
      upto = k + CONCAT_PIECE - 1
    end
    charge(upto - k + 1)
    local ok, piece = raw_pcall(concat, t, sep, k, upto)
    if not ok then
      return false, piece
    end
    n = n + 1
    parts[n] = piece
    if upto == last then
      return raw_pcall(concat, parts, sep, 1, n)
    end
    k = upto + 1
  end
end

function table.concat(...)
  local t, sep, i, j = ...
  if type(t) ~= "table" then
    return concat(...) -- C refuses anything else before looping
  end
  local raw = getmetatable(t) == nil
  if not raw then
    hold_yields(true) -- C calls the metamethods with lua_call
  end
  local last = raw and #t or length(t)
  local first = 1
  if i ~= nil then
    first = int(i)
  end
  if j ~= nil then
    last = int(j)
  end
  if first == nil or last == nil or (sep ~= nil and type(sep) ~= "string" and type(sep) ~= "number") then
    return concat(...) -- C raises the error
  end
  if raw then
    local ok, joined = concat_raw(t, sep, first, last)
    if ok then
      return joined
    end
    -- C's error again, at the caller's line; out of memory as it came.
    if type(joined) == "string" and find(joined, "^invalid value") then
      error(joined, 1)
    end
    error(joined, 0)
  end
  local parts, n, k = {}, 0, first
  while k < last do
    n = n + 1
    parts[n] = field(t, k)
    k = k + 1
  end
  if k == last then
    n = n + 1
    parts[n] = field(t, k)
  end
  hold_yields(false)
  return concat(parts, sep, 1, n)
end

function table.unpack(...)
  local t, i, j = ...
  local kind = type(t)
  if kind ~= "table" and kind ~= "string" then
    return unpack(...) -- C fails at the first element it reads
  end
  local raw = kind == "table" and getmetatable(t) == nil
  if not raw then
    hold_yields(true) -- C calls the metamethods with lua_call
  end
  local first, last = 1, nil
  if i ~= nil then
    first = int(i)
  end
  if j ~= nil then
    last = int(j)
  elseif first ~= nil then
    last = raw and #t or length(t)
  end
  if first == nil or last == nil then
    return unpack(...) -- "number expected"
  end
  if first > last then
    if not raw then
      hold_yields(false)
    end
    return
  end
  local count = span(first, last)
  if count >= 1e6 then
    -- C refuses a million results or more (the stack limit) before
    -- reading any: Lua's error, not the price of the span.
    error("too many results to unpack", 1)
  end
  if raw then
    -- C reads a plain table raw.
    charge(count)
    return unpack(t, first, last)
  end
  local copy, n = {}, 0
  for k = first, last do
    n = n + 1
    copy[n] = t[k]
  end
  hold_yields(false)
  return unpack(copy, 1, n)
end

---------------------------------------------------------------------------
-- String functions whose C work grows with the length of their arguments.
---------------------------------------------------------------------------

-- C converts numbers to strings as `..` does; it refuses anything else, a
-- result longer than INT_MAX bytes ("resulting string too large") and a
-- count that is no integer before doing any work: those are Lua's errors,
-- not the price of the span.
function string.rep(...)
  local s, n, sep = ...
  local k = int(n)
  if k ~= nil and k > 0 then
    if type(s) == "number" then
      s = s .. ""
    end
    if type(sep) == "number" then
      sep = sep .. ""
    end
    if type(s) ~= "string" or (sep ~= nil and type(sep) ~= "string") then
      return rep(...)
    end
    local len = #s + (sep and #sep or 0)
    if len > 0x7fffffff // k then
      return rep(...)
    elseif len == 0 then
      -- C loops k times copying nothing: nothing else bounds that loop.
      charge(k)
    else
      -- Otherwise the result (allocated first) bounds it: copies and bytes.
      charge((k + len * (k + 0.0)) / 64)
    end
  end
  return rep(...)
end

for name, f in next, { upper = upper, lower = lower, reverse = reverse } do
  string[name] = function(...)
    charge_long((...), 64)
    return f(...)
  end
end

-- The iterator of utf8.codes skips continuation bytes in C before it
-- answers: what it skipped is charged once it has answered.
function utf8.codes(...)
  local step, s, init = u_codes(...)
  return function(str, i)
    local at, code = step(str, i)
    local from = int(i) or 0
    local to = at or (type(str) == "string" and #str or from)
    if to - from > 256 then
      charge((to - from) // 64)
    end
    return at, code
  end, s, init
end

for name, f in next, { len = u_len, offset = u_offset, codepoint = u_codepoint } do
  utf8[name] = function(...)
    charge_long((...), 64)
    return f(...)
  end
end

function string.pack(...)
  charge_long((...), 4)
  return pack(...)
end

function string.packsize(...)
  charge_long((...), 4)
  return packsize(...)
end

function string.unpack(...)
  local fmt, s = ...
  charge_long(fmt, 4)
  charge_long(s, 16)
  return s_unpack(...)
end

-- Converting a string to a number scans it byte by byte (spaces, digits):
-- tonumber, and arithmetic on strings (the string metatable's __add and
-- friends, C functions that convert their operands).
local function to_number(...)
  local v, base = ...
  charge_long(v, 4)
  charge_long(base, 4)
  return tonumber(...)
end

for _, event in next, { "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv" } do
  local f = string_meta[event]
  if f ~= nil then
    string_meta[event] = function(a, b)
      charge_long(a, 4)
      charge_long(b, 4)
      return f(a, b)
    end
  end
end

---------------------------------------------------------------------------
-- liar.sorted_pairs: pairs() in a fixed order (numbers, then strings, then
-- false and true), so a bot's choices do not depend on hash order.
---------------------------------------------------------------------------

local ORDER = { number = 1, string = 2, boolean = 3 }

local function key_less(a, b)
  local ta, tb = ORDER[type(a)], ORDER[type(b)]
  if ta ~= tb then
    return ta < tb
  end
  if ta == 3 then
    return (not a) and b
  end
  return a < b
end

local function sorted_pairs(t)
  if type(t) ~= "table" then
    error("liar.sorted_pairs: expected a table, got " .. type(t), 1)
  end
  local keys, n = {}, 0
  for k in next, t do
    if not ORDER[type(k)] then
      error("liar.sorted_pairs: keys of type " .. type(k) .. " have no fixed order", 1)
    end
    n = n + 1
    keys[n] = k
  end
  sort(keys, key_less)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then
      return k, t[k]
    end
  end
end

liar.log = log
liar.sorted_pairs = sorted_pairs

_G.print = log
_G.warn = warn
_G.tostring = show
_G.tonumber = to_number
_G.load = load
_G.setmetatable = setmetatable
_G.collectgarbage = collectgarbage
_G.xpcall = xpcall
_G.pcall = pcall
math.random = liar.random
math.randomseed = function()
  error("math.randomseed is not available: the engine seeds liar.random (and math.random) for every game", 1)
end

-- Nobody may reach or change the metatable shared by all strings.
string_meta.__metatable = false

return forget_ids
