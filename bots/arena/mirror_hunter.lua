-- mirror_hunter.lua (arena): lies that look like the truth, and an
-- answerer that lets nearly everything through.
--
-- Claims: its real hand when that beats the claim. Otherwise it throws the
-- dice it just re-threw again in its head (liar.random) until they beat
-- the claim, and names that hand: its lies jump by the same sizes as its
-- true claims, so the size of a claim says nothing about its truth.
-- Re-throws like the statistician (keeps a hand that beats the claim,
-- otherwise the best re-throw towards the smallest legal claim).
-- Answers by exact conditional odds (a fresh throw for openings; the kept
-- dice of the claim before, or the dice it passed itself), and challenges
-- only below 0.1 (openings, keep-all raises, raises after 3 or more
-- re-thrown dice) or 0.25 (raises after 1 or 2).
-- Attacks a belief that reads a claim well above the smallest step as
-- proof that the claimer holds it, and a risk of accepting priced with
-- that belief. Written by a helper session against the expert of hash
-- d8591bac718d, which won 36.9% of 3,000 games against two copies and
-- 37.1% of 3,000 heads-up.

local bot = { api_version = 1, name = "mirror_hunter" }

local OPEN_T = 0.1 -- challenge an opening below these odds
local KEEP_T = 0.1 -- a keep-all raise
local MID_T = 0.25 -- a raise after 1 .. MIN_K - 1 re-thrown dice
local MIN_K = 3
local TRUST = 0.1 -- a raise after MIN_K or more re-thrown dice

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

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local p = p_true(view)
  local k = view.rerolled
  if k == nil then
    return p < OPEN_T
  elseif k == 0 then
    return p < KEEP_T
  elseif k >= MIN_K then
    return p < TRUST
  end
  return p < MID_T
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
