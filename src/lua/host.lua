-- The host's half of every decision, inside the bot's state: it turns a few
-- numbers from Rust into the bot's view table and calls the bot. Building the
-- table here is several times cheaper than setting its fields one by one
-- from Rust. Bots cannot reach this code (there is no debug library), and it
-- keeps everything it uses in locals, so overwriting globals cannot affect it.
local HANDS, FACES, deep_copy = ...
local unpack, next, type, math_type, getmetatable, rawlen =
  table.unpack, next, type, math.type, getmetatable, rawlen
-- Captured before the prelude locks it.
local string_meta = getmetatable("")
local globals = _ENV

local KINDS = { "challenge", "reroll", "claim" }
-- Hand number (from 1) of each hand in canonical notation.
local INDEX = {}
for i = 1, #HANDS do
  INDEX[HANDS[i]] = i
end
local fn = {}
local seat, seats, rules, names
local chips, order = {}, {}
-- The current round's history: entry tables are made once and shared by
-- the views of the round; each view gets its own list.
local hist, hist_n = {}, 0

local host = {}

function host.set_bot(challenge, reroll, claim)
  fn[1], fn[2], fn[3] = challenge, reroll, claim
end

function host.set_match(my_seat, n, r, nm)
  seat, seats, rules, names = my_seat, n, r, nm
  chips, order, hist, hist_n = {}, {}, {}, 0
end

function host.set_chips(...)
  chips = { ... }
end

function host.set_order(...)
  order = { ... }
end

function host.new_round()
  hist, hist_n = {}, 0
end

-- Up to four history entries packed 15 bits each (low bits first):
-- action (2 bits: 1 claim, 2 accept, 3 reroll), seat - 1 (5 bits), then the
-- claimed hand's number or the re-thrown count (8 bits).
local function push_history(packed)
  while packed ~= 0 do
    local code = packed & 0x7fff
    packed = packed >> 15
    local action = code & 3
    local s = ((code >> 2) & 31) + 1
    local x = code >> 7
    local e
    if action == 1 then
      e = { action = "claim", seat = s, claim = HANDS[x] }
    elseif action == 2 then
      e = { action = "accept", seat = s }
    else
      e = { action = "reroll", seat = s, count = x }
    end
    hist_n = hist_n + 1
    hist[hist_n] = e
  end
end
host.push_history = push_history

-- What the bot returned, and beside it the decision already read when it
-- is in the usual form: the re-throw as a bit mask (bit 0 = position 1), a
-- claim in canonical notation as its hand number. Anything else is left to
-- the host's strict reader, which explains what is wrong.
local function reroll_mask(r)
  if type(r) ~= "table" or getmetatable(r) ~= nil then
    return nil
  end
  local mask, count = 0, 0
  for k, v in next, r do
    count = count + 1
    if count > 5 or math_type(k) ~= "integer" or math_type(v) ~= "integer" or v < 1 or v > 5 then
      return nil
    end
    local bit = 1 << (v - 1)
    if mask & bit ~= 0 then
      return nil
    end
    mask = mask | bit
  end
  if count ~= rawlen(r) then
    return nil
  end
  return mask
end

local function result(kind, r)
  if kind == 2 then
    return r, reroll_mask(r)
  elseif kind == 3 then
    return r, INDEX[r]
  end
  return r
end

function host.decide(kind, game, round, pot, claim, claimer, rerolled, h1, h2, d1, d2, d3, d4, d5, hand, bank)
  if h1 ~= 0 then
    push_history(h1)
    if h2 ~= 0 then
      push_history(h2)
    end
  end
  local view = {
    decision = KINDS[kind],
    seat = seat,
    seats = seats,
    game = game,
    round = round,
    pot = pot,
    claim = HANDS[claim],
    claimer = claimer,
    rerolled = rerolled,
    -- chips and order are replaced, never changed, when the table changes:
    -- views share them until then. Each view gets its own history list.
    chips = chips,
    order = order,
    history = { unpack(hist, 1, hist_n) },
    rules = rules,
    names = names,
    bank = bank,
  }
  if d1 then
    view.dice = { FACES[d1], FACES[d2], FACES[d3], FACES[d4], FACES[d5] }
    view.hand = HANDS[hand]
  end
  return result(kind, fn[kind](view))
end

-- A clean copy of the globals, taken once the sandbox is set up and before
-- any bot code runs: each new match starts from a copy of it.
local pristine

-- `deep_copy(t)` (src/lua/deep_copy.rs): every table reachable from `t` is
-- new (tables reached twice stay shared, as in the original). Library
-- tables carry no metatables.

function host.snapshot()
  local top = {}
  for k, v in next, globals do
    if k ~= "_G" then
      top[k] = v
    end
  end
  pristine = deep_copy(top)
  -- Bots only ever run in copies: the original table must not be kept
  -- alive here (whatever a bot stored in it would outlive its match).
  globals = nil
end

-- New globals for a new match: every table a bot can reach from them is a
-- new copy, so nothing the bot stored in the old ones carries over.
function host.fresh_env()
  -- Forget the last match: its bot functions (whose upvalues hold its
  -- globals) and the tables its views shared, which the bot could fill.
  fn[1], fn[2], fn[3] = nil, nil, nil
  seat, seats, rules, names = nil, nil, nil, nil
  chips, order, hist, hist_n = {}, {}, {}, 0
  -- tostring's ids (set by the sandbox: the prelude's numbering).
  host.forget_ids()
  local env = deep_copy(pristine)
  env._G = env
  string_meta.__index = env.string
  return env
end

return host
