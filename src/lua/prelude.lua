-- The sandbox's Lua half, run once in every bot state before the bot.
--
-- It wraps the few standard functions whose behaviour must change for
-- untrusted code. Everything it uses is kept in locals first, so a bot that
-- overwrites globals (or the string table) later cannot change how these
-- wrappers work.
local liar, host_log, charge, memory_kb, stopping = ...

local type, select, tostring, error, rawget = type, select, tostring, error, rawget
local next, math_type = next, math.type
local t_insert, t_remove, t_move, t_concat, t_unpack, t_sort =
  table.insert, table.remove, table.move, table.concat, table.unpack, table.sort
local sub = string.sub
local s_rep, s_upper, s_lower, s_reverse = string.rep, string.upper, string.lower, string.reverse
local u_len, u_offset, u_codepoint = utf8.len, utf8.offset, utf8.codepoint
local raw_load, raw_setmetatable, raw_xpcall = load, setmetatable, xpcall

-- Debug output: print, warn and liar.log all go to the bot's log (capped
-- per game by the host), never to the terminal directly.
local function log(...)
  local n = select("#", ...)
  local parts = { ... }
  for i = 1, n do
    parts[i] = tostring(parts[i])
  end
  host_log(t_concat(parts, "\t", 1, n))
end

local function warn(...)
  local n = select("#", ...)
  local first = ...
  -- "@on" / "@off" are control messages in Lua 5.4; there is nothing to switch.
  if n == 1 and type(first) == "string" and sub(first, 1, 1) == "@" then
    return
  end
  local parts = { ... }
  for i = 1, n do
    parts[i] = tostring(parts[i])
  end
  host_log("warning: " .. t_concat(parts, "", 1, n))
end

-- Text chunks only (no bytecode); a chunk's size is charged to the budget
-- because parsing it is work the instruction count cannot see.
local function load(chunk, name, _mode, ...)
  if type(chunk) == "string" then
    charge(#chunk)
  end
  if select("#", ...) > 0 then
    return raw_load(chunk, name, "t", (...))
  end
  return raw_load(chunk, name, "t")
end

-- Finalizers run with the hook off, so a looping __gc could hang the host:
-- metatables carrying __gc are refused.
local function setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc finalizers are not available to bots", 2)
  end
  return raw_setmetatable(t, mt)
end

-- When the budget or the clock stops a call, the stopping error is raised
-- from inside the count hook, and Lua runs a message handler with hooks
-- off: a bot's handler could then loop forever. While a call is being
-- stopped the bot's handler is skipped.
local function xpcall(f, handler, ...)
  if type(handler) ~= "function" then
    return raw_xpcall(f, handler, ...)
  end
  return raw_xpcall(f, function(e)
    if stopping() then
      return e
    end
    return handler(e)
  end, ...)
end

local function collectgarbage(opt)
  if opt == "count" then
    return memory_kb()
  end
  error('collectgarbage: only collectgarbage("count") is available to bots', 2)
end

-- Bulk table functions loop in C where the hook cannot see them: charge
-- the number of elements they touch.
local function length(t)
  local n = #t
  if math_type(n) == "integer" and n > 0 then
    return n
  end
  return 0
end

local function span(i, j)
  if type(i) == "number" and type(j) == "number" and j >= i then
    return j - i + 1
  end
  return 0
end

function table.insert(t, ...)
  if select("#", ...) >= 2 then
    charge(length(t))
  end
  return t_insert(t, ...)
end

function table.remove(t, ...)
  if select("#", ...) >= 1 then
    charge(length(t))
  end
  return t_remove(t, ...)
end

function table.move(a1, f, e, ...)
  charge(span(f, e))
  return t_move(a1, f, e, ...)
end

function table.concat(t, sep, i, j)
  charge(span(i or 1, j or length(t)))
  return t_concat(t, sep, i, j)
end

function table.unpack(t, i, j)
  charge(span(i or 1, j or length(t)))
  return t_unpack(t, i, j)
end

function table.sort(t, comp)
  local n = length(t)
  local log2 = 1
  while (1 << log2) < n and log2 < 62 do
    log2 = log2 + 1
  end
  charge(n * log2)
  return t_sort(t, comp)
end

-- String functions run in C at a speed proportional to the length of the
-- strings: on long strings their work is charged, one step per 64 bytes.
local function charge_bytes(n)
  if n > 4096 then
    charge(n // 64)
  end
end

function string.rep(s, n, sep)
  if type(n) == "number" and n > 0 then
    local len = (type(s) == "string" and #s or 8) + (type(sep) == "string" and #sep or 0)
    charge_bytes(len * n)
  end
  return s_rep(s, n, sep)
end

for name, f in next, { upper = s_upper, lower = s_lower, reverse = s_reverse } do
  string[name] = function(s, ...)
    if type(s) == "string" then
      charge_bytes(#s)
    end
    return f(s, ...)
  end
end

for name, f in next, { len = u_len, offset = u_offset, codepoint = u_codepoint } do
  utf8[name] = function(s, ...)
    if type(s) == "string" then
      charge_bytes(#s)
    end
    return f(s, ...)
  end
end

-- liar.sorted_pairs: pairs() in a fixed order (numbers, then strings, then
-- false and true), so a bot's choices do not depend on hash order.
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
    error("liar.sorted_pairs: expected a table, got " .. type(t), 2)
  end
  local keys, n = {}, 0
  for k in next, t do
    if not ORDER[type(k)] then
      error("liar.sorted_pairs: keys of type " .. type(k) .. " have no fixed order", 2)
    end
    n = n + 1
    keys[n] = k
  end
  t_sort(keys, key_less)
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
_G.load = load
_G.setmetatable = setmetatable
_G.collectgarbage = collectgarbage
_G.xpcall = xpcall
math.random = liar.random
math.randomseed = function()
  error("math.randomseed is not available: the engine seeds liar.random (and math.random) for every game", 2)
end

-- Nobody may reach or change the metatable shared by all strings.
getmetatable("").__metatable = false
