-- threshold_liar.lua (arena): lies in openings just above the threshold a
-- careful answerer learns.
--
-- Its openings are nearly always in one band: a fresh throw reaches them
-- with chance between 0.3 and 0.5 (a high pair to low two pairs). Whatever
-- it holds below that band, it claims a hand inside it; most of those
-- openings are lies. A bot that accepts every opening of fresh-throw
-- chance above some t (learned or fixed at about 0.3) pays for each of
-- them, unless it learns this bot's truth rate from the dice it receives.
-- After accepting it plays like the statistician.

local bot = { api_version = 1, name = "threshold_liar" }

local BAND = {}

local function band()
  if #BAND == 0 then
    for _, h in ipairs(liar.above(nil)) do
      local f = liar.chance("", h)
      if f >= 0.3 and f <= 0.5 then
        BAND[#BAND + 1] = h
      end
    end
  end
  return BAND
end

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
  local p
  if view.rerolled == nil then
    p = liar.chance("", view.claim)
  else
    local before = claim_before(view)
    local kept = before and before:sub(1, 5 - view.rerolled) or ""
    p = liar.chance(kept, view.claim)
  end
  return p < 0.35
end

function bot.reroll(view)
  local target = liar.lowest_above(view.claim)
  if liar.beats(view.hand, view.claim) then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

function bot.claim(view)
  if view.claim == nil then
    local b = band()
    local m = b[liar.random(#b)]
    if liar.beats(view.hand, m) then
      return view.hand
    end
    return m
  end
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
