-- underclaimer.lua (arena): attacks the keep-all trap.
--
-- It almost never lies. It opens with less than it holds (the lowest hand
-- of its hand's category), and after accepting it keeps a hand that already
-- beats the claim, throws nothing and raises by the smallest legal step.
-- A bot that takes "threw no dice" to mean "still holds exactly the hand
-- claimed before" reads those small raises as certain lies, challenges
-- them, and pays: the raise was true.

local bot = { api_version = 1, name = "underclaimer" }

-- The lowest hand of the same category as `hand` (a true under-claim).
local function category_floor(hand)
  local cat = liar.category(hand)
  local h = liar.lowest_above(nil)
  while liar.category(h) ~= cat do
    h = liar.lowest_above(h)
  end
  return h
end

-- The previous claim of the round (the one the claimer had to beat).
local function claim_before(view)
  local last, before = nil, nil
  for _, a in ipairs(view.history) do
    if a.action == "claim" then
      before, last = last, a.claim
    end
  end
  return before
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  if view.rerolled == nil then
    return liar.chance("", view.claim) < 0.15
  end
  -- The claimer kept 5 - k dice of the hand claimed before; give him the
  -- first 5 - k letters of that claim and see how often he gets there.
  local before = claim_before(view)
  local kept = ""
  if before then
    kept = before:sub(1, 5 - view.rerolled)
  end
  return liar.chance(kept, view.claim) < 0.2
end

function bot.reroll(view)
  local target = liar.lowest_above(view.claim)
  if liar.beats(view.hand, view.claim) and (target == nil or not liar.beats(target, view.hand)) then
    return {} -- already beats the smallest raise: keep all five
  end
  local positions = liar.best_reroll(view.dice, target)
  return positions
end

function bot.claim(view)
  if view.claim == nil then
    return category_floor(view.hand)
  end
  local target = liar.lowest_above(view.claim)
  -- The smallest step, true whenever the hand reaches it.
  return target
end

return bot
