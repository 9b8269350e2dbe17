-- The `liar` module's Lua half. The helpers bots call on every decision
-- (comparing claims, the next legal claims, the chance of a fresh throw,
-- categories, face counts) answer here from tables of the table's ranking
-- when they are given hands in canonical notation ("QQQ99"), which is what
-- views hold. Anything else (other notations, lists of faces, bad values)
-- goes to the Rust functions in `rs`, which parse it and explain errors.
-- Calling Lua from Lua costs a fraction of a call into Rust. The host
-- (src/lua/api/mod.rs) gives every hand, the faces (`liar.faces`) and the
-- category names; nothing here repeats them.
local liar, rs, all_hands, CATEGORIES = ...

local type, rawlen, next, math_type = type, rawlen, next, math.type
local byte, sub, move = string.byte, string.sub, table.move

-- Every hand in canonical notation, in the engine's hand order.
local HANDS = {}
for i = 1, #all_hands // 5 do
  HANDS[i] = sub(all_hands, 5 * i - 4, 5 * i)
end

-- The six faces, low to high (keys of `liar.counts`).
local F1, F2, F3, F4, F5, F6 = table.unpack(liar.faces)

-- Of the ranking in force:
local S = {} -- canonical hand -> strength (1 = weakest)
local CAT = {} -- canonical hand -> category name (from CATEGORIES)
local ASC = {} -- hands weakest first
local START = {} -- strength -> index in ASC of its first hand (TOP + 1 -> 253)
local FRESH = {} -- strength -> chance a fresh throw reaches it
local TOP = 0 -- the top strength

-- Installs a ranking: `strengths` and `categories` hold a byte per hand
-- (in HANDS order), `ascending` the hand numbers weakest first, `fresh` the
-- fresh-throw chances by strength.
local function set_ranking(strengths, ascending, categories, fresh, s_table, cat_table, asc_table)
  local s = { byte(strengths, 1, -1) }
  local a = { byte(ascending, 1, -1) }
  local c = { byte(categories, 1, -1) }
  -- (The tables come from the host already sized for 252 hands.)
  S, CAT, ASC, START, FRESH, TOP = s_table, cat_table, asc_table, {}, fresh, 0
  for i = 1, #HANDS do
    local h = HANDS[i]
    S[h] = s[i] + 1
    CAT[h] = CATEGORIES[c[i] + 1]
  end
  for k = 1, #a do
    local h = HANDS[a[k] + 1]
    ASC[k] = h
    local st = S[h]
    if START[st] == nil then
      START[st] = k
    end
    if st > TOP then
      TOP = st
    end
  end
  START[TOP + 1] = #ASC + 1
end

local rs_strength, rs_category, rs_is_top, rs_compare, rs_beats = rs.strength, rs.category,
  rs.is_top, rs.compare, rs.beats
local rs_count_above, rs_nth_above, rs_lowest_above, rs_above = rs.count_above, rs.nth_above,
  rs.lowest_above, rs.above
local rs_chance, rs_counts, rs_hand, rs_parse = rs.chance, rs.counts, rs.hand, rs.parse

function liar.strength(h)
  return S[h] or rs_strength(h)
end

function liar.category(h)
  return CAT[h] or rs_category(h)
end

function liar.is_top(h)
  local s = S[h]
  if s then
    return s == TOP
  end
  return rs_is_top(h)
end

function liar.compare(a, b)
  local sa, sb = S[a], S[b]
  if sa and sb then
    return sa < sb and -1 or (sa > sb and 1 or 0)
  end
  return rs_compare(a, b)
end

function liar.beats(a, b)
  local sa = S[a]
  if sa then
    if b == nil then
      return true
    end
    local sb = S[b]
    if sb then
      return sa > sb
    end
  end
  return rs_beats(a, b)
end

-- The index in ASC of the first hand above `h` (1 for nil), if `h` is canonical.
local function first_above(h)
  if h == nil then
    return 1
  end
  local s = S[h]
  return s and START[s + 1]
end

function liar.count_above(h)
  local from = first_above(h)
  if from then
    return #ASC - from + 1
  end
  return rs_count_above(h)
end

function liar.nth_above(h, n)
  local from = first_above(h)
  if from and math_type(n) == "integer" and n >= 1 then
    return ASC[from + n - 1]
  end
  return rs_nth_above(h, n)
end

function liar.lowest_above(h)
  local from = first_above(h)
  if from then
    return ASC[from]
  end
  return rs_lowest_above(h)
end

function liar.above(h, count)
  local from = first_above(h)
  if from and (count == nil or (math_type(count) == "integer" and count >= 0)) then
    local last = #ASC
    if count and from + count - 1 < last then
      last = from + count - 1
    end
    return move(ASC, from, last, 1, {})
  end
  return rs_above(h, count)
end

function liar.chance(kept, target)
  local s = S[target]
  if s and (kept == nil or kept == "" or (type(kept) == "table" and next(kept) == nil)) then
    return FRESH[s]
  end
  return rs_chance(kept, target)
end

function liar.counts(dice)
  local n = type(dice) == "table" and rawlen(dice)
  if n and n <= 5 then
    local c = { [F1] = 0, [F2] = 0, [F3] = 0, [F4] = 0, [F5] = 0, [F6] = 0 }
    for i = 1, n do
      local f = dice[i]
      local k = c[f]
      if k == nil then
        return rs_counts(dice)
      end
      c[f] = k + 1
    end
    return c
  end
  return rs_counts(dice)
end

function liar.hand(dice)
  if S[dice] then
    return dice
  end
  return rs_hand(dice)
end

function liar.parse(text)
  if S[text] then
    return text
  end
  return rs_parse(text)
end

-- The helpers without a fast path are the Rust functions themselves.
for name, f in next, rs do
  if liar[name] == nil then
    liar[name] = f
  end
end

return set_ranking, HANDS
