-- honest.lua: tells the truth whenever the truth is good enough.
--
-- It claims the hand it really holds when that beats the claim on the
-- table, and only lies (as little as possible) when it must. It doubts
-- claims that a fresh throw of five dice rarely reaches.

local bot = { api_version = 1, name = "honest" }

-- How unlikely a claim must be before it is challenged: the chance that
-- five fresh dice reach it. After a re-throw claims are truer, so it doubts
-- them less.
local DOUBT_OPENING = 0.20
local DOUBT_AFTER_REROLL = 0.08

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true -- nothing beats it: it must be challenged
  end
  local doubt = view.rerolled and DOUBT_AFTER_REROLL or DOUBT_OPENING
  -- liar.chance(kept, target) with nothing kept: a fresh throw of all five.
  return liar.chance("", view.claim) < doubt
end

function bot.reroll(view)
  -- Good enough already (or a straight, which re-throwing would break):
  -- keep everything.
  local category = liar.category(view.hand)
  if liar.beats(view.hand, view.claim) or category == "low-straight"
      or category == "high-straight" then
    return {}
  end
  -- Keep every die that belongs to a pair or more; throw the odd ones.
  local counts = liar.counts(view.dice)
  local positions = {}
  for i = 1, 5 do
    if counts[view.dice[i]] < 2 then
      positions[#positions + 1] = i
    end
  end
  return positions
end

function bot.claim(view)
  -- The truth, if it is high enough (always, when opening the round) ...
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  -- ... otherwise the smallest lie that is legal.
  return liar.lowest_above(view.claim)
end

return bot
