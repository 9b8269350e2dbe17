-- exact_odds.lua (arena): challenges and bluffs by the exact odds, and
-- remembers the dice it passed on.
--
-- It prices every claim exactly: an opening by a fresh throw; a raise
-- after a re-throw of k dice by keeping the first 5 - k dice of the claim
-- before (or, when it passed those dice itself, the best 5 - k of the
-- dice it really passed); a keep-all raise by its own dice when it passed
-- them (then it knows whether the raise is true) and otherwise by the
-- chance that a hand already above the claim before is above this one.
-- It challenges when that chance is below a threshold drawn afresh for
-- each answer (0.35-0.6), and bluffs at a mixed rate: when it cannot beat
-- the claim it lies by the smallest step two times in three and jumps
-- further otherwise. Attacks a bot whose keep-all and small raises are
-- lies it hopes a fixed threshold lets through, and any bot that forgets
-- whose dice it took.

local bot = { api_version = 1, name = "exact_odds" }

local passed = {} -- "game/round/position" -> the hand I held when claiming

local function key(view, pos)
  return view.game .. "/" .. view.round .. "/" .. pos
end

-- The claim before the standing one, its position and who made it.
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

local function p_true(view)
  local c = view.claim
  if view.rerolled == nil then
    return liar.chance("", c)
  end
  local k = view.rerolled
  local before, at, seat_b = claim_before(view)
  local mine = at and seat_b == view.seat and passed[key(view, at)]
  if mine then
    if k == 0 then
      return liar.beats(c, mine) and 0 or 1
    end
    return best_keep(mine, k, c)
  end
  if k == 0 then
    local above_before = liar.chance("", liar.lowest_above(before) or before)
    local above = liar.chance("", c)
    if above_before <= 0 then
      return 0
    end
    return math.min(1, above / above_before)
  end
  local kept = before and before:sub(1, 5 - k) or ""
  return liar.chance(kept, c)
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local threshold = 0.35 + 0.25 * liar.random()
  return p_true(view) < threshold
end

function bot.reroll(view)
  local target = liar.lowest_above(view.claim)
  if target == nil or not liar.beats(target, view.hand) then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

function bot.claim(view)
  passed[key(view, #view.history + 1)] = view.hand
  if view.claim == nil then
    if liar.category(view.hand) == "bust" and liar.random() < 0.4 then
      return liar.nth_above(view.hand, liar.random(20)) or view.hand
    end
    return view.hand
  end
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  if liar.random() < 1 / 3 then
    local up = liar.nth_above(view.claim, 1 + liar.random(4))
    if up then
      return up
    end
  end
  return liar.lowest_above(view.claim)
end

return bot
