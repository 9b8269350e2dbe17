-- cat_hunter.lua (arena): mirror_hunter's lies, and an answerer that reads
-- the shape of a raise.
--
-- Claims like mirror_hunter: its real hand when that beats the claim;
-- otherwise it throws the dice it just re-threw again in its head until
-- they beat the claim, and names that hand. Re-throws like the
-- statistician.
-- Answers a raise made after re-throwing 1-4 dice that stays in the
-- category of the claim before by its shape: a new top group ("a pair of
-- nines" raised to "a pair of tens"), or any such raise from a full house
-- up, is challenged always; a raise that keeps the top group ("a pair of
-- nines, ace high") only below 0.25 exact conditional odds. Every other
-- claim (openings, keep-all raises, raises into a new category or after
-- re-throwing all five) only below 0.1.
-- The reasoning: a player who kept the nines and threw one or two dice
-- and made two pairs or three nines names them; "a pair of tens" from him
-- is almost always a lie, although his dice reach it half the time.
-- Attacks a model of the answerer that prices a raise by how often the
-- kept dice reach it, blind to which hand a truthful player would have
-- named. Written by a helper session against the expert of hash
-- 2fbb167a8ec1, which won 35.3% of 1,500 games against two copies and
-- 44.8% of 1,500 heads-up.
--
-- With `params = { tells = true }` it is `table_hunter`: before the rule
-- above it looks a raise up in SHAPES below, how often the expert's
-- raises of that shape were true in 300 games of the expert against two
-- mirror_hunters, and always challenges a shape true less than 40% of
-- the time. A shape is the number of dice thrown, the category of the
-- claim beaten and how the raise relates to it: same category with the
-- same first face, with another, or up into a new category.
-- The table is fitted to one version of bots/expert.lua, hash
-- 500882059f1f: it is an approximation of the best reply to that
-- version, not a style (docs/strength.md, "Bots no strategy can beat"),
-- and a new version of the expert needs a new table (the test
-- `table_hunter_is_fitted_to_this_expert` fails until it has one). To fit
-- it on the same games, with FIT.toml a copy of
-- tests/fixtures/strength/arena-mirror_hunter.toml beside it, with seed = 77:
--   liar tournament FIT.toml --games 300 --replay-dir R --replays all
--   cargo run --release --example shape_table -- expert R/*.jsonl
-- and put the table it prints in place of SHAPES below.

local bot = { api_version = 1, name = "cat_hunter" }

local TRUST = 0.1 -- challenge below these odds: most claims
local SAME_TOP = 0.25 -- a raise in the same category with the same top group
local SHAPE_MAX_K = 4 -- shapes are read after re-throwing 1 .. SHAPE_MAX_K dice
local FULL_HOUSE = "full-house"

-- A misspelt or mistyped parameter stops the bot at load, with its name.
for name, value in liar.sorted_pairs(liar.params) do
  if name ~= "tells" then
    error("unknown parameter " .. name .. " (see the top of cat_hunter.lua)", 0)
  elseif type(value) ~= "boolean" then
    error("parameter tells must be true or false", 0)
  end
end
local TELLS = liar.params.tells == true

-- The expert's tells, fitted to bots/expert.lua 500882059f1f
-- (examples/shape_table.rs); read only with `tells = true`.
local SHAPES = {
  ["0|five-of-a-kind|new-top"] = 0.000, -- 0 of 11
  ["1|one-pair|new-top"] = 1.000, -- 11 of 11
  ["1|one-pair|up:two-pairs"] = 0.023, -- 1 of 44
  ["1|one-pair|up:three-of-a-kind"] = 0.077, -- 1 of 13
  ["1|one-pair|up:low-straight"] = 1.000, -- 10 of 10
  ["1|one-pair|up:high-straight"] = 1.000, -- 14 of 14
  ["1|two-pairs|same-top"] = 0.542, -- 52 of 96
  ["1|two-pairs|up:three-of-a-kind"] = 0.070, -- 4 of 57
  ["1|two-pairs|up:low-straight"] = 0.200, -- 2 of 10
  ["1|two-pairs|up:full-house"] = 0.623, -- 94 of 151
  ["1|three-of-a-kind|same-top"] = 0.438, -- 63 of 144
  ["1|three-of-a-kind|new-top"] = 0.000, -- 0 of 33
  ["1|three-of-a-kind|up:low-straight"] = 0.062, -- 1 of 16
  ["1|three-of-a-kind|up:high-straight"] = 0.875, -- 7 of 8
  ["1|three-of-a-kind|up:full-house"] = 0.539, -- 48 of 89
  ["1|three-of-a-kind|up:four-of-a-kind"] = 0.943, -- 50 of 53
  ["1|low-straight|up:high-straight"] = 0.100, -- 2 of 20
  ["1|full-house|new-top"] = 0.071, -- 1 of 14
  ["1|full-house|up:four-of-a-kind"] = 0.231, -- 3 of 13
  ["1|four-of-a-kind|same-top"] = 0.419, -- 67 of 160
  ["1|four-of-a-kind|new-top"] = 0.000, -- 0 of 41
  ["1|four-of-a-kind|up:five-of-a-kind"] = 0.273, -- 33 of 121
  ["2|one-pair|same-top"] = 0.762, -- 16 of 21
  ["2|one-pair|new-top"] = 0.444, -- 4 of 9
  ["2|one-pair|up:two-pairs"] = 0.698, -- 30 of 43
  ["2|one-pair|up:three-of-a-kind"] = 0.506, -- 44 of 87
  ["2|one-pair|up:full-house"] = 1.000, -- 21 of 21
  ["2|two-pairs|same-top"] = 0.333, -- 16 of 48
  ["2|two-pairs|new-top"] = 0.529, -- 9 of 17
  ["2|two-pairs|up:three-of-a-kind"] = 0.455, -- 20 of 44
  ["2|two-pairs|up:full-house"] = 1.000, -- 11 of 11
  ["2|three-of-a-kind|same-top"] = 0.608, -- 59 of 97
  ["2|three-of-a-kind|new-top"] = 0.047, -- 2 of 43
  ["2|three-of-a-kind|up:low-straight"] = 0.000, -- 0 of 20
  ["2|three-of-a-kind|up:full-house"] = 0.521, -- 37 of 71
  ["2|three-of-a-kind|up:four-of-a-kind"] = 0.942, -- 65 of 69
  ["2|full-house|same-top"] = 0.035, -- 2 of 57
  ["2|full-house|new-top"] = 0.019, -- 2 of 108
  ["2|full-house|up:four-of-a-kind"] = 0.565, -- 61 of 108
  ["2|four-of-a-kind|same-top"] = 0.222, -- 4 of 18
  ["3|bust|up:two-pairs"] = 0.200, -- 2 of 10
  ["3|one-pair|same-top"] = 0.842, -- 16 of 19
  ["3|one-pair|new-top"] = 0.222, -- 2 of 9
  ["3|one-pair|up:two-pairs"] = 0.720, -- 54 of 75
  ["3|one-pair|up:three-of-a-kind"] = 0.620, -- 75 of 121
  ["3|one-pair|up:full-house"] = 0.750, -- 15 of 20
  ["3|one-pair|up:four-of-a-kind"] = 0.917, -- 11 of 12
  ["3|two-pairs|same-top"] = 0.300, -- 6 of 20
  ["3|two-pairs|new-top"] = 0.222, -- 4 of 18
  ["3|two-pairs|up:three-of-a-kind"] = 0.556, -- 35 of 63
  ["3|two-pairs|up:full-house"] = 1.000, -- 13 of 13
  ["3|three-of-a-kind|same-top"] = 0.273, -- 3 of 11
  ["4|bust|up:one-pair"] = 0.929, -- 13 of 14
  ["4|bust|up:two-pairs"] = 0.444, -- 4 of 9
  ["4|bust|up:three-of-a-kind"] = 1.000, -- 8 of 8
  ["4|one-pair|new-top"] = 0.786, -- 11 of 14
  ["4|one-pair|up:two-pairs"] = 0.579, -- 11 of 19
  ["4|one-pair|up:three-of-a-kind"] = 0.909, -- 10 of 11
  ["4|high-straight|up:full-house"] = 0.000, -- 0 of 12
}
local TELL_LIMIT = 0.4 -- always challenge a shape true less often than this

-- Whether the standing claim, made over `before` after re-throwing k dice,
-- has a shape that the table says is mostly a lie.
local function is_tell(k, before, claim)
  local cb, cc = liar.category(before), liar.category(claim)
  local relation
  if cb == cc then
    relation = before:sub(1, 1) == claim:sub(1, 1) and "same-top" or "new-top"
  else
    relation = "up:" .. cc
  end
  local rate = SHAPES[k .. "|" .. cb .. "|" .. relation]
  return rate ~= nil and rate < TELL_LIMIT
end

local passed = {} -- "game/round/pos" -> the hand I held when I claimed there

local function pkey(view, pos)
  return view.game .. "/" .. view.round .. "/" .. pos
end

-- The claim before the standing one, its history position and its claimer.
local function claim_before(view)
  local last, before, at, seat_b = nil, nil, nil, nil
  local last_at, last_seat = nil, nil
  for i, a in ipairs(view.history) do
    if a.action == "claim" then
      before, at, seat_b = last, last_at, last_seat
      last, last_at, last_seat = a.claim, i, a.seat
    end
  end
  return before, at, seat_b
end

-- The best chance of reaching `target` keeping 5 - k of `hand`'s dice.
local function best_keep(hand, k, target)
  local best = 0
  for mask = 0, 31 do
    local n, kept = 0, ""
    for j = 1, 5 do
      if mask & (1 << (j - 1)) ~= 0 then
        n = n + 1
      else
        kept = kept .. hand:sub(j, j)
      end
    end
    if n == k then
      local p = liar.chance(kept, target)
      if p > best then
        best = p
      end
    end
  end
  return best
end

-- The chance that the standing claim is true, by exact conditional odds.
local function p_true(view)
  local c = view.claim
  if view.rerolled == nil then
    return liar.chance("", c)
  end
  local k = view.rerolled
  local before, at, seat_b = claim_before(view)
  local mine = at and seat_b == view.seat and passed[pkey(view, at)]
  if mine then
    if k == 0 then
      return liar.beats(c, mine) and 0 or 1
    end
    return best_keep(mine, k, c)
  end
  if before == nil then
    return liar.chance("", c)
  end
  if k == 0 then
    local above_before = liar.chance("", liar.lowest_above(before) or before)
    local above = liar.chance("", c)
    if above_before <= 0 then
      return 0
    end
    return math.min(1, above / above_before)
  end
  return liar.chance(before:sub(1, 5 - k), c)
end

-- Remember the hand behind a claim I am about to make.
local function remember(view)
  passed[pkey(view, #view.history + 1)] = view.hand
end

-- Statistician re-throw: keep a hand that beats the claim, else the best
-- re-throw toward the lowest legal claim.
local function stat_reroll(view)
  local target = liar.lowest_above(view.claim)
  if target == nil or liar.beats(view.hand, view.claim) then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

local thrown = {}

-- Category ranks in the table's order (straights move with the rules).
local RANK = {}
for i, c in ipairs(liar.categories()) do
  RANK[c] = i
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local p = p_true(view)
  local k = view.rerolled
  local before = claim_before(view)
  if TELLS and k ~= nil and before ~= nil and is_tell(k, before, view.claim) then
    return true
  end
  if k == nil or k == 0 or k > SHAPE_MAX_K or before == nil then
    return p < TRUST
  end
  local c = view.claim
  local category = liar.category(c)
  if category ~= liar.category(before) then
    return p < TRUST
  end
  -- Canonical hands start with their biggest group.
  if c:sub(1, 1) ~= before:sub(1, 1) or RANK[category] >= RANK[FULL_HOUSE] then
    return true
  end
  return p < SAME_TOP
end

function bot.reroll(view)
  local pos = stat_reroll(view)
  thrown = pos
  return pos
end

function bot.claim(view)
  remember(view)
  if view.claim == nil or liar.beats(view.hand, view.claim) then
    return view.hand
  end
  if #thrown > 0 then
    for _ = 1, 300 do
      local d = {}
      for j = 1, 5 do
        d[j] = view.dice[j]
      end
      for _, j in ipairs(thrown) do
        d[j] = liar.faces[liar.random(6)]
      end
      local h = liar.hand(d)
      if liar.beats(h, view.claim) then
        return h
      end
    end
  end
  return liar.lowest_above(view.claim)
end

return bot
