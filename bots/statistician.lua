-- statistician.lua: decides by exact odds.
--
-- It challenges a claim when it is more likely false than true, picks the
-- re-throw most likely to reach the hand it must beat, and then claims the
-- truth when it can or the smallest lie when it cannot.

local bot = { api_version = 1, name = "statistician" }

-- The chance that a claim is true, as far as this bot can tell.
local function believable(view)
  -- A fresh throw of five dice reaching the claim ...
  local p = liar.chance("", view.claim)
  if view.rerolled then
    -- ... and a claimer who re-threw k dice kept 5 - k he liked, so his
    -- claim is likelier than a fresh throw. Count the kept dice as half-way
    -- to the claim: a rough but useful correction.
    local kept = 5 - view.rerolled
    p = p + (1 - p) * kept / 10
  end
  return p
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  return believable(view) < 0.5
end

function bot.reroll(view)
  -- After accepting, it must claim above view.claim: aim at the lowest hand
  -- that does, and throw the dice whose re-throw reaches it most often.
  local target = liar.lowest_above(view.claim)
  if target == nil or liar.beats(view.hand, view.claim) then
    return {} -- already high enough: keep everything
  end
  local positions = liar.best_reroll(view.dice, target)
  return positions
end

function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    return view.hand -- the truth
  end
  return liar.lowest_above(view.claim) -- the smallest lie
end

return bot
